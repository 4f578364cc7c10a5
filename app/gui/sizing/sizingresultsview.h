// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/sizing/catalogfitmodel.h"
#include "core/verdict/deviceneed.h"
#include "core/i18n/message.h"
#include "core/sizing/estimate.h"
#include "core/sizing/fitverdict.h"
#include "core/units/units.h"

#include <QWidget>
#include <optional>

class QLabel;
class QTabWidget;
class QTableView;

namespace iteragpu::gui {

class BreakdownBar;
class BreakdownModel;
class ComputationView;

// The sizing panel's results: the message line (the need, or why there is none), the verdict for the target
// card, and two tabs: the breakdown (table, stacked bar, "How it is computed") and the catalog cards. It shows
// what it is given; the panel asks core for it.
class SizingResultsView : public QWidget {
    Q_OBJECT
public:
    // The verdict for one card, with core's sentences for the largest context and batch (empty when none apply).
    struct Verdict {
        QString target; // the card's or device's name
        bool simulated = false; // the run device is the simulated card
        sizing::FitVerdict fit;
        quint64 capacityBytes = 0;
        i18n::Message context;
        i18n::Message batch;
        std::vector<verdict::NeedPart> need; // what must fit, part by part (the one estimate); empty: the total
        std::uint64_t needTotal = 0; // core's sum of the parts (DeviceNeed::total)
        // The shown result's verdict (core's MeasuredVerdict), said first: a measurement outranks the estimate.
        std::optional<i18n::Message> measured;
        bool measuredDecisive = false; // it passed or ran out of memory
        bool measuredFits = false;
        std::optional<i18n::Message> disagreement; // the estimate said the opposite, with both figures
        // The serving engine's start-up plan on this card (core's EnginePlanSummary), when one is chosen.
        std::optional<i18n::Message> engine;
        std::vector<i18n::Message> engineLines;
        bool engineStarts = false;
    };

    enum class Page { Inputs, Breakdown, Catalog };

    explicit SizingResultsView(QWidget* parent = nullptr);

    // On a short dock the inputs become the first tab (the need and the verdict stay above); nullptr or
    // takeInputsPage() takes them out again, for the panel to put beside the results.
    void setInputsPage(QWidget* page);
    QWidget* takeInputsPage();
    QWidget* inputsPage() const { return m_inputsPage; }
    void showPage(Page page);

    BreakdownModel* breakdownModel() const { return m_breakdown; }
    CatalogFitModel* catalogModel() const { return m_catalogModel; }
    BreakdownBar* breakdownBar() const { return m_bar; }
    ComputationView* computationView() const { return m_computation; }
    QTableView* breakdownView() const { return m_breakdownView; }

    void showError(const QString& error);
    // The need, the breakdown, the bar and the computation lines (results in `unit`).
    void showEstimate(const sizing::Estimate& estimate, units::Unit unit);
    void setCatalogEntries(const QList<CatalogFitModel::Entry>& entries);
    void setCatalogError(const QString& reason);
    // nullopt: no target card yet (the line asks for one), or no estimate (hasEstimate false: the line is empty).
    void showVerdict(const std::optional<Verdict>& verdict, bool hasEstimate);
    // The verdict line, then the largest context and batch (shown at the top of the breakdown page).
    QString verdictText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    BreakdownModel* m_breakdown = nullptr;
    CatalogFitModel* m_catalogModel = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_limits = nullptr; // core's sentences for the largest context and batch
    QLabel* m_engine = nullptr; // the serving engine's verdict and its figures (the breakdown page)
    QLabel* m_engineVerdict = nullptr; // its verdict, pinned under the estimate's
    QTabWidget* m_tabs = nullptr;
    QWidget* m_inputsPage = nullptr;
    QTableView* m_breakdownView = nullptr;
    BreakdownBar* m_bar = nullptr;
    ComputationView* m_computation = nullptr;
    QTableView* m_catalogView = nullptr;
    QLabel* m_catalogNote = nullptr;
    QString m_catalogError;
};

} // namespace iteragpu::gui
