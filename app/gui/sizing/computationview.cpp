// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/computationview.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/sizing/breakdownmodel.h"
#include "app/gui/sizing/bytetext.h"

#include <QClipboard>
#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace iteragpu::gui {

namespace {
    // A Markdown table cell: a pipe would end the cell, a line break the row.
    QString markdownCell(QString text)
    {
        text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return text;
    }
}

ComputationView::ComputationView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("computationView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_copyPlain = new QPushButton(this);
    m_copyPlain->setObjectName(QStringLiteral("copyPlainText"));
    m_copyMarkdown = new QPushButton(this);
    m_copyMarkdown->setObjectName(QStringLiteral("copyMarkdown"));
    header->addWidget(m_title, 1);
    header->addWidget(m_copyPlain);
    header->addWidget(m_copyMarkdown);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("computationText"));
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setMinimumHeight(m_text->fontMetrics().lineSpacing() * 4);
    layout->addLayout(header);
    layout->addWidget(m_text, 1);
    connect(m_copyPlain, &QPushButton::clicked, this, &ComputationView::copyPlainText);
    connect(m_copyMarkdown, &QPushButton::clicked, this, &ComputationView::copyMarkdown);
    retranslateUi();
}

void ComputationView::setLines(const std::vector<sizing::ComputationLine>& lines, units::Unit unit)
{
    m_lines = lines;
    m_unit = unit;
    render();
}

void ComputationView::clear()
{
    m_lines.clear();
    render();
}

ComputationView::Cells ComputationView::cells(const sizing::ComputationLine& line) const
{
    Cells c;
    c.component = BreakdownModel::componentName(QString::fromStdString(line.componentId));
    c.formula = messageText(line.formula);
    if (line.perDevice.source && *line.perDevice.source)
        c.formula += QStringLiteral("; ") + messageText(line.perDevice);
    // A whole number of the unit is written whole ("1 GiB", as the seeds and the CLI write it), else 2 decimals.
    const quint64 scale = m_unit == units::Unit::GiB ? units::kGiB : units::kGB;
    if (line.bytes % scale == 0)
        c.result = LocaleNumber::integer(static_cast<qulonglong>(line.bytes / scale)) + QLatin1Char(' ')
            + QString::fromUtf8(units::unitSymbol(m_unit));
    else
        c.result = ByteText::inUnit(line.bytes, m_unit);
    const i18n::Term kind = sizing::provenanceLabel(line.provenance);
    c.provenance = QCoreApplication::translate(kind.context, kind.source);
    if (c.provenance.isEmpty())
        c.provenance = QString::fromUtf8(kind.source);
    if (line.source.source && *line.source.source)
        c.source = messageText(line.source);
    return c;
}

QStringList ComputationView::lineTexts() const
{
    QStringList out;
    for (const auto& line : m_lines) {
        const Cells c = cells(line);
        QString text;
        if (c.source.isEmpty())
            //: One line of "How it is computed". %1 component, %2 formula with the numbers and its bytes, %3 the
            //: result in GiB or GB, %4 "computed" or "assumed"
            text = tr("%1: %2 = %3 (%4)").arg(c.component, c.formula, c.result, c.provenance);
        else
            //: One line of "How it is computed". %1 component, %2 formula with the numbers and its bytes, %3 the
            //: result in GiB or GB, %4 "computed" or "assumed", %5 where the assumed formula comes from
            text = tr("%1: %2 = %3 (%4; %5)").arg(c.component, c.formula, c.result, c.provenance, c.source);
        out << text;
    }
    return out;
}

QString ComputationView::lineText(const QString& componentId) const
{
    const QStringList texts = lineTexts();
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        if (QString::fromStdString(m_lines[i].componentId) == componentId)
            return texts.value(static_cast<qsizetype>(i));
    }
    return {};
}

QString ComputationView::plainText() const { return lineTexts().join(QLatin1Char('\n')); }

QString ComputationView::markdown() const
{
    QStringList rows;
    rows << QStringLiteral("| %1 | %2 | %3 | %4 |")
                .arg(markdownCell(tr("Component")), markdownCell(tr("How it is computed")),
                    markdownCell(tr("Result")), markdownCell(tr("Kind")));
    rows << QStringLiteral("|---|---|---:|---|");
    for (const auto& line : m_lines) {
        const Cells c = cells(line);
        QString kind = c.provenance;
        if (!c.source.isEmpty())
            kind += QStringLiteral("; ") + c.source;
        rows << QStringLiteral("| %1 | %2 | %3 | %4 |")
                    .arg(markdownCell(c.component), markdownCell(c.formula), markdownCell(c.result),
                        markdownCell(kind));
    }
    return rows.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ComputationView::copyPlainText() const { QGuiApplication::clipboard()->setText(plainText()); }

void ComputationView::copyMarkdown() const { QGuiApplication::clipboard()->setText(markdown()); }

void ComputationView::render()
{
    m_text->setPlainText(plainText());
    m_copyPlain->setEnabled(!m_lines.empty());
    m_copyMarkdown->setEnabled(!m_lines.empty());
}

void ComputationView::retranslateUi()
{
    m_title->setText(tr("How it is computed"));
    m_copyPlain->setText(tr("Copy as text"));
    m_copyPlain->setToolTip(tr("Copy these lines as plain text."));
    m_copyMarkdown->setText(tr("Copy as Markdown"));
    m_copyMarkdown->setToolTip(tr("Copy these lines as a Markdown table."));
    render();
}

void ComputationView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
