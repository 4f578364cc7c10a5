// SPDX-License-Identifier: Apache-2.0
#include "app/gui/log/logview.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScrollBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace iteragpu::gui {

LogView::LogView(QWidget* parent)
    : QWidget(parent)
    , m_model(new LogModel(this))
{
    setObjectName(QStringLiteral("LogView"));
    m_view = new QTreeView(this);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(LogModel::ColTime, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(LogModel::ColLevel, QHeaderView::ResizeToContents);

    m_copyButton = new QToolButton(this);
    m_clearButton = new QToolButton(this);
    m_copyButton->setAutoRaise(true);
    m_clearButton->setAutoRaise(true);
    connect(m_copyButton, &QToolButton::clicked, this,
        [this] { QApplication::clipboard()->setText(m_model->toPlainText()); });
    connect(m_clearButton, &QToolButton::clicked, m_model, &LogModel::clear);

    auto* buttons = new QVBoxLayout;
    buttons->addWidget(m_copyButton);
    buttons->addWidget(m_clearButton);
    buttons->addStretch(1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
    retranslateUi();
}

void LogView::add(LogModel::Level level, const QString& message)
{
    QScrollBar* bar = m_view->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    m_model->add(level, message);
    if (atEnd)
        m_view->scrollToBottom();
}

void LogView::retranslateUi()
{
    m_copyButton->setText(tr("Copy"));
    m_copyButton->setToolTip(tr("Copy the whole log to the clipboard"));
    m_clearButton->setText(tr("Clear"));
    m_model->retranslate();
}

void LogView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
