// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;

namespace iteragpu::gui {

class PhaseDiffModel;
class ResultPhaseModel;

// Saved results looked at again: one result (side A) or two side by side (A and B, e.g. batch 1 vs batch 2)
// with both phase lists and the per-phase differences B − A. Files written by the CLI and by the GUI open alike;
// an unreadable file is a message in the widget, never a crash. Simulated results say so.
class ResultCompareWidget : public QWidget {
    Q_OBJECT
public:
    enum class Side { A, B };

    explicit ResultCompareWidget(QWidget* parent = nullptr);

    // Reads a result file into a side; false with the reason in errorText() (the side keeps what it had).
    bool openFile(Side side, const QString& path);
    void setResult(Side side, const protocol::RunResult& result, const QString& label);
    const std::optional<protocol::RunResult>& result(Side side) const { return side == Side::A ? m_a : m_b; }
    // The side's label: where its result comes from (a file name, or the run measured in this session).
    QString label(Side side) const { return side == Side::A ? m_labelA : m_labelB; }
    QString errorText() const { return m_error; }

    ResultPhaseModel* phaseModel(Side side) const { return side == Side::A ? m_modelA : m_modelB; }
    PhaseDiffModel* diffModel() const { return m_diff; }

public slots:
    void openDialog(iteragpu::gui::ResultCompareWidget::Side side);

signals:
    void logMessage(const QString& line, bool isError);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void refresh();
    QString summary(const protocol::RunResult& result, const QString& label) const;

    std::optional<protocol::RunResult> m_a;
    std::optional<protocol::RunResult> m_b;
    QString m_labelA;
    QString m_labelB;
    QString m_error;
    ResultPhaseModel* m_modelA = nullptr;
    ResultPhaseModel* m_modelB = nullptr;
    PhaseDiffModel* m_diff = nullptr;
    QLabel* m_summaryA = nullptr;
    QLabel* m_summaryB = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_diffTitle = nullptr;
    QPushButton* m_openA = nullptr;
    QPushButton* m_openB = nullptr;
    QTableView* m_viewA = nullptr;
    QTableView* m_viewB = nullptr;
    QTableView* m_diffView = nullptr;
    QWidget* m_sideB = nullptr;
    QWidget* m_diffBox = nullptr;
};

} // namespace iteragpu::gui
