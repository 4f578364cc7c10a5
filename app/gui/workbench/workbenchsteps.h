// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QTabWidget>
#include <optional>

namespace iteragpu::gui {

// The window's centre, one page per step of the decision, each with the whole central area: Size (the sizing
// panel), Measure (device, workload, the live timeline, phases and log), Explain (the Why view), Boundary (the
// sweep) and Decide (the decision sheet's preview and export). A page keeps its state when another is shown; the
// run bar and the device choice live outside, in the window's tool bar, so they stay in view on every step.
class WorkbenchSteps : public QTabWidget {
    Q_OBJECT
public:
    enum class Step { Size, Measure, Explain, Boundary, Decide };
    static constexpr int kStepCount = 5;

    explicit WorkbenchSteps(QWidget* parent = nullptr);

    // Puts a step's page in place (once per step, in any order); the tab shows the step's number and name.
    void setPage(Step step, QWidget* page);
    QWidget* page(Step step) const;

    Step currentStep() const;
    void setCurrentStep(Step step);

    // The step's name in the current language, without its number ("Measure").
    static QString title(Step step);
    // One line on what the step is for (the tab's tool tip and the quick start's line).
    static QString purpose(Step step);
    // The name kept in the settings for the step shown last ("size", "measure", ...), and back.
    static QString key(Step step);
    static std::optional<Step> fromKey(const QString& key);

signals:
    void stepChanged(iteragpu::gui::WorkbenchSteps::Step step);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QWidget* m_pages[kStepCount] = {};
};

} // namespace iteragpu::gui
