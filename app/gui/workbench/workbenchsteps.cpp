// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workbench/workbenchsteps.h"

#include <QEvent>
#include <QTabBar>

namespace iteragpu::gui {

namespace {
    int stepIndex(WorkbenchSteps::Step step) { return static_cast<int>(step); }
} // namespace

WorkbenchSteps::WorkbenchSteps(QWidget* parent)
    : QTabWidget(parent)
{
    setObjectName(QStringLiteral("workbenchSteps"));
    setDocumentMode(true);
    tabBar()->setExpanding(false);
    tabBar()->setUsesScrollButtons(false); // five short names: they always fit, none hidden behind an arrow
    // A placeholder per step until its page is set, so the tabs keep the steps' order whatever order they come in.
    for (int i = 0; i < kStepCount; ++i) {
        m_pages[i] = new QWidget(this);
        addTab(m_pages[i], QString());
    }
    connect(this, &QTabWidget::currentChanged, this, [this](int index) {
        if (index >= 0 && index < kStepCount)
            emit stepChanged(static_cast<Step>(index));
    });
    retranslateUi();
}

void WorkbenchSteps::setPage(Step step, QWidget* page)
{
    const int i = stepIndex(step);
    const bool wasCurrent = currentIndex() == i;
    QWidget* old = m_pages[i];
    const QSignalBlocker blocker(this);
    insertTab(i, page, QString());
    removeTab(i + 1);
    old->deleteLater();
    m_pages[i] = page;
    if (wasCurrent)
        setCurrentIndex(i);
    retranslateUi();
}

QWidget* WorkbenchSteps::page(Step step) const { return m_pages[stepIndex(step)]; }

WorkbenchSteps::Step WorkbenchSteps::currentStep() const
{
    const int i = currentIndex();
    return i >= 0 && i < kStepCount ? static_cast<Step>(i) : Step::Size;
}

void WorkbenchSteps::setCurrentStep(Step step) { setCurrentIndex(stepIndex(step)); }

QString WorkbenchSteps::title(Step step)
{
    switch (step) {
    case Step::Size:
        //: a step of the workbench: compute what the model needs
        return tr("Size");
    case Step::Measure:
        //: a step of the workbench: run the workload on a device
        return tr("Measure");
    case Step::Explain:
        //: a step of the workbench: why a phase peaked where it did
        return tr("Explain");
    case Step::Boundary:
        //: a step of the workbench: the sweep that finds the largest load that fits
        return tr("Boundary");
    case Step::Decide:
        //: a step of the workbench: the decision sheet
        return tr("Decide");
    }
    return {};
}

QString WorkbenchSteps::purpose(Step step)
{
    switch (step) {
    case Step::Size:
        return tr("Compute what the model needs: weights by format, the KV cache, training, the reserve, and which "
                  "cards it fits.");
    case Step::Measure:
        return tr("Run the workload phase by phase on the chosen device and watch its memory live.");
    case Step::Explain:
        return tr("See why a phase peaked where it did: the waterfall, the owners and the ledger against the "
                  "estimate.");
    case Step::Boundary:
        return tr("Sweep batch or context until a trial runs out of memory: the largest load that fits.");
    case Step::Decide:
        return tr("Read the decision sheet of what was sized and measured, and export it.");
    }
    return {};
}

QString WorkbenchSteps::key(Step step)
{
    static const char* const keys[kStepCount] = { "size", "measure", "explain", "boundary", "decide" };
    return QLatin1String(keys[stepIndex(step)]);
}

std::optional<WorkbenchSteps::Step> WorkbenchSteps::fromKey(const QString& key)
{
    for (int i = 0; i < kStepCount; ++i)
        if (WorkbenchSteps::key(static_cast<Step>(i)) == key)
            return static_cast<Step>(i);
    return std::nullopt;
}

void WorkbenchSteps::changeEvent(QEvent* event)
{
    QTabWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void WorkbenchSteps::retranslateUi()
{
    for (int i = 0; i < kStepCount; ++i) {
        const auto step = static_cast<Step>(i);
        //: a workbench tab: %1 the step's number (1 to 5), %2 its name ("Size")
        setTabText(i, tr("%1 · %2").arg(i + 1).arg(title(step)));
        setTabToolTip(i, purpose(step));
    }
}

} // namespace iteragpu::gui
