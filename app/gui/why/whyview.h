// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/report/ledger.h"
#include "core/units/units.h"

#include <QWidget>
#include <optional>

class QLabel;
class QTabWidget;
class QTreeView;

namespace iteragpu::gui {

class LedgerModel;
class OwnerBar;
class WaterfallChart;

// Why the peak exceeds the estimate, for the phase selected in the phase table or on the timeline: the waterfall
// from the estimate to the peak allocated, reserved and the device-level reading (WaterfallChart), the peak
// allocated by owner (OwnerBar) below it, and on a second tab the phase's whole ledger as a tree (LedgerModel). Everything comes from
// core's ledger of the result shown (report::buildPhaseLedger with report::estimateForPhase), built on the UI
// thread from the result alone: no device is asked. A result arrives when a run has finished or a result file
// is opened; while a run goes the view says that the ledger comes at its end.
class WhyView : public QWidget {
    Q_OBJECT
public:
    explicit WhyView(QWidget* parent = nullptr);
    ~WhyView() override;

    // The result whose phases the view explains; nullopt clears it. Keeps the selected phase when it exists.
    void setResult(std::optional<protocol::RunResult> result);
    const std::optional<protocol::RunResult>& result() const { return m_result; }
    // A run started: the view waits for its result.
    void setRunning();
    // Index into RunResult::phases; -1 for none. A phase that did not run says so.
    void selectPhase(int phaseIndex);
    int selectedPhase() const { return m_phase; }
    void setUnit(units::Unit unit);

    // The ledger shown (nullopt when none).
    const std::optional<report::PhaseLedger>& ledger() const;
    QString headerText() const;
    WaterfallChart* waterfall() const { return m_waterfall; }
    OwnerBar* ownerBar() const { return m_ownerBar; }
    LedgerModel* ledgerModel() const { return m_model; }
    QTreeView* ledgerView() const { return m_tree; }
    QTabWidget* tabs() const { return m_tabs; }

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    // The line column as wide as its texts, but never so wide that the figures leave the view: the numbers,
    // their source and cause keep their width, a longer line is cut with its whole text in its tool tip.
    void fitLedgerColumns();
    void retranslateUi();

    std::optional<protocol::RunResult> m_result;
    int m_phase = -1;
    bool m_running = false;
    units::Unit m_unit = units::Unit::GiB;
    QLabel* m_header = nullptr;
    QTabWidget* m_tabs = nullptr;
    WaterfallChart* m_waterfall = nullptr;
    OwnerBar* m_ownerBar = nullptr;
    LedgerModel* m_model = nullptr;
    QTreeView* m_tree = nullptr;
};

} // namespace iteragpu::gui
