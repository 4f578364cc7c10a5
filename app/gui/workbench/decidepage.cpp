// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workbench/decidepage.h"

#include "app/gui/application/labapplication.h"
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/reportactions.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace iteragpu::gui {

namespace {
    constexpr int kRefreshDelayMs = 300; // after the last change, so typing in the sizing form stays fluid
} // namespace

DecidePage::DecidePage(ReportActions* actions, QWidget* parent)
    : QWidget(parent)
    , m_actions(actions)
{
    setObjectName(QStringLiteral("decidePage"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(QStringLiteral("sheetPreview"));
    m_preview->setOpenLinks(false);
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kRefreshDelayMs);
    connect(m_timer, &QTimer::timeout, this, &DecidePage::refresh);

    // The exports of the File menu, as buttons beside the preview: the same actions, so they are enabled and
    // named alike in both places.
    auto* buttons = new QVBoxLayout;
    buttons->setSpacing(4);
    for (QAction* action : m_actions->actions()) {
        if (action->isSeparator())
            continue;
        auto* button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        buttons->addWidget(button);
        m_buttons.append(button);
    }
    buttons->addStretch(1);

    auto* row = new QHBoxLayout;
    row->addWidget(m_preview, 1);
    row->addLayout(buttons);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_intro);
    layout->addLayout(row, 1);
    retranslateUi();
}

DecidePage::~DecidePage() = default;

void DecidePage::refresh()
{
    m_timer->stop();
    const auto* app = qobject_cast<LabApplication*>(qApp);
    const QString language = app ? app->language() : QStringLiteral("en");
    const DecisionSheetWriter writer(m_actions->previewSheet(language), language);
    auto document = writer.document();
    m_preview->setDocument(document.get());
    m_document = std::move(document); // the old one goes after the browser has let go of it
}

void DecidePage::refreshSoon()
{
    if (isVisible())
        m_timer->start();
}

void DecidePage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh(); // whatever changed while another step was in view (a run, an opened file, a sweep)
}

void DecidePage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        refreshSoon();
    }
}

void DecidePage::retranslateUi()
{
    m_intro->setText(tr("The decision sheet as Export decision sheet would write it now: the estimate, what was "
                        "measured and the sweep's boundary, computed, observed and assumed kept apart. The export "
                        "asks for the choice made and the language."));
    // The buttons' width follows the longest action name of this language.
    int width = 0;
    for (QToolButton* button : m_buttons)
        width = std::max(width, button->sizeHint().width());
    for (QToolButton* button : m_buttons)
        button->setMinimumWidth(width);
}

} // namespace iteragpu::gui
