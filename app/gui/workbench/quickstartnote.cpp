// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workbench/quickstartnote.h"

#include "app/gui/workbench/workbenchsteps.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>

namespace iteragpu::gui {

QuickStartNote::QuickStartNote(QWidget* parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("quickStartNote"));
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet(QStringLiteral("QFrame#quickStartNote { background: #eef4fb; border: 1px solid #9ab; }"));
    m_label = new QLabel(this);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_close = new QPushButton(this);
    m_close->setObjectName(QStringLiteral("quickStartClose"));
    connect(m_close, &QPushButton::clicked, this, [this] {
        QSettings().setValue(settingsKey(), true);
        hide();
    });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    retranslateUi();
}

QString QuickStartNote::firstStep()
{
    return tr("<b>What to do first</b>: choose a model below (a preset, a config.json, a safetensors or GGUF file) "
              "and the device at the right of the steps; the verdict beside the inputs says whether it fits. Then measure, "
              "explain, find the boundary and decide, one tab each (Help > Quick start).");
}

QString QuickStartNote::text()
{
    QString steps;
    for (int i = 0; i < WorkbenchSteps::kStepCount; ++i) {
        const auto step = static_cast<WorkbenchSteps::Step>(i);
        //: one line of the quick start: %1 the step's number, %2 its name, %3 what it is for
        steps += QStringLiteral("<br>")
            + tr("<b>%1 %2</b>: %3").arg(i + 1).arg(WorkbenchSteps::title(step), WorkbenchSteps::purpose(step));
    }
    return firstStep() + QStringLiteral("<br>") + steps;
}

bool QuickStartNote::dismissed() { return QSettings().value(settingsKey(), false).toBool(); }

QString QuickStartNote::settingsKey() { return QStringLiteral("workbench/quickStartClosed"); }

void QuickStartNote::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void QuickStartNote::retranslateUi()
{
    m_label->setText(firstStep());
    m_close->setText(tr("Got it"));
}

} // namespace iteragpu::gui
