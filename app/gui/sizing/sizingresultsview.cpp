// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/sizingresultsview.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/sizing/breakdownbar.h"
#include "app/gui/sizing/breakdownmodel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/sizing/computationview.h"
#include "app/gui/widgets/rowtable.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace iteragpu::gui {

namespace {
    const QString kErrorStyle = QStringLiteral("color: #b01c1c; font-weight: bold;");
    const QString kFitsStyle = QStringLiteral("color: #1b7a2e; font-weight: bold;");
    constexpr int kVisibleBreakdownRows = 5; // rows the table keeps in view however short the panel
}

SizingResultsView::SizingResultsView(QWidget* parent)
    : QWidget(parent)
    , m_breakdown(new BreakdownModel(this))
    , m_catalogModel(new CatalogFitModel(this))
{
    setObjectName(QStringLiteral("sizingResults"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("messageLabel"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("resultTabs"));
    m_tabs->setDocumentMode(true);

    // Breakdown: the table, the bar, then "How it is computed", in a page that scrolls as a whole when the dock
    // is short: the table keeps its rows and the computation lines their height instead of shrinking to one row.
    auto* breakdownScroll = new QScrollArea(m_tabs);
    breakdownScroll->setObjectName(QStringLiteral("breakdownScroll"));
    breakdownScroll->setWidgetResizable(true);
    breakdownScroll->setFrameShape(QFrame::NoFrame);
    breakdownScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* breakdownPage = new QWidget(breakdownScroll);
    auto* breakdownLayout = new QVBoxLayout(breakdownPage);
    breakdownLayout->setContentsMargins(0, 0, 0, 0);
    // The largest context and batch: in the breakdown page, so the pinned verdict stays two lines on a short dock.
    m_limits = new QLabel(breakdownPage);
    m_limits->setObjectName(QStringLiteral("limitsLabel"));
    m_limits->setWordWrap(true);
    m_limits->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_limits->hide();
    m_engineVerdict = new QLabel(this);
    m_engineVerdict->setObjectName(QStringLiteral("engineVerdictLabel"));
    m_engineVerdict->setWordWrap(true);
    m_engineVerdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_engineVerdict->hide();
    m_engine = new QLabel(breakdownPage);
    m_engine->setObjectName(QStringLiteral("engineLabel"));
    m_engine->setWordWrap(true);
    m_engine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_engine->hide();
    m_breakdownView = makeRowTable(breakdownPage, m_breakdown, "breakdownView");
    // The numbers keep their width; the component column takes what is left and elides, so no number column is
    // cut at the dock's edge (the page does not scroll sideways).
    m_breakdownView->horizontalHeader()->setStretchLastSection(false);
    m_breakdownView->horizontalHeader()->setSectionResizeMode(BreakdownModel::ColComponent, QHeaderView::Stretch);
    m_breakdownView->setTextElideMode(Qt::ElideRight);
    m_breakdownView->verticalHeader()->setDefaultSectionSize(m_breakdownView->fontMetrics().lineSpacing() + 8);
    m_breakdownView->setMinimumHeight(m_breakdownView->horizontalHeader()->sizeHint().height()
        + kVisibleBreakdownRows * m_breakdownView->verticalHeader()->defaultSectionSize() + 4);
    m_bar = new BreakdownBar(breakdownPage);
    m_bar->setObjectName(QStringLiteral("breakdownBar"));
    m_computation = new ComputationView(breakdownPage);
    // The table first, so its rows stay in view on a short dock whatever the length of the sentences below in
    // the reader's language (Spanish pushed it to three rows when the sentences came first).
    breakdownLayout->addWidget(m_breakdownView, 3);
    breakdownLayout->addWidget(m_bar);
    breakdownLayout->addWidget(m_limits);
    breakdownLayout->addWidget(m_engine);
    breakdownLayout->addWidget(m_computation, 2);
    breakdownScroll->setWidget(breakdownPage);
    m_tabs->addTab(breakdownScroll, QString());

    auto* catalogPage = new QWidget(m_tabs);
    auto* catalogLayout = new QVBoxLayout(catalogPage);
    catalogLayout->setContentsMargins(0, 0, 0, 0);
    m_catalogView = makeRowTable(catalogPage, m_catalogModel, "catalogView");
    m_catalogNote = new QLabel(catalogPage);
    m_catalogNote->setWordWrap(true);
    catalogLayout->addWidget(m_catalogView, 1);
    catalogLayout->addWidget(m_catalogNote);
    m_tabs->addTab(catalogPage, QString());

    // The need and the verdict stay in view above the tabs.
    layout->addWidget(m_message);
    layout->addWidget(m_verdict);
    layout->addWidget(m_engineVerdict);
    layout->addWidget(m_tabs, 1);
    retranslateUi();
}

void SizingResultsView::setInputsPage(QWidget* page)
{
    if (m_inputsPage == page)
        return;
    takeInputsPage();
    m_inputsPage = page;
    if (page) {
        m_tabs->insertTab(0, page, QString());
        m_tabs->setCurrentIndex(0);
        retranslateUi();
    }
}

QWidget* SizingResultsView::takeInputsPage()
{
    QWidget* page = m_inputsPage;
    if (page) {
        m_tabs->removeTab(m_tabs->indexOf(page));
        m_inputsPage = nullptr;
    }
    return page;
}

void SizingResultsView::showPage(Page page)
{
    const int offset = m_inputsPage ? 1 : 0;
    switch (page) {
    case Page::Inputs:
        if (m_inputsPage)
            m_tabs->setCurrentWidget(m_inputsPage);
        break;
    case Page::Breakdown:
        m_tabs->setCurrentIndex(offset);
        break;
    case Page::Catalog:
        m_tabs->setCurrentIndex(offset + 1);
        break;
    }
}

void SizingResultsView::showError(const QString& error)
{
    m_breakdown->clear();
    m_catalogModel->clear();
    m_bar->setSegments({});
    m_bar->setCapacity(std::nullopt);
    m_computation->clear();
    m_message->setText(error);
    m_message->setToolTip(QString());
    m_message->setStyleSheet(kErrorStyle);
    m_verdict->clear();
    m_verdict->setToolTip(QString());
    m_limits->clear();
    m_engine->clear();
    m_engine->hide();
    m_engineVerdict->clear();
    m_engineVerdict->hide();
}

void SizingResultsView::showEstimate(const sizing::Estimate& estimate, units::Unit unit)
{
    m_breakdown->setEstimate(estimate);
    const QLocale locale;
    // The bar holds what must fit: the components of the largest phase, then the reserve.
    std::vector<std::string> largest;
    for (const auto& phase : estimate.phases) {
        if (phase.id == estimate.largestPhase)
            largest = phase.componentIds;
    }
    QList<BreakdownBar::Segment> segments;
    for (const auto& c : estimate.components) {
        if (!c.bytes || *c.bytes == 0)
            continue;
        if (!largest.empty() && std::find(largest.begin(), largest.end(), c.id) == largest.end())
            continue;
        const QString id = QString::fromStdString(c.id);
        segments.append({ BreakdownModel::componentName(id) + QLatin1Char(' ')
                + ByteText::inUnit(*c.bytes, units::Unit::GiB, locale),
            *c.bytes, BreakdownBar::colorFor(id) });
    }
    if (estimate.reserve.bytes > 0)
        segments.append({ BreakdownModel::componentName(QStringLiteral("reserve")) + QLatin1Char(' ')
                + ByteText::inUnit(estimate.reserve.bytes, units::Unit::GiB, locale),
            estimate.reserve.bytes, BreakdownBar::colorFor(QStringLiteral("reserve")) });
    m_bar->setSegments(segments);
    m_computation->setLines(estimate.computation, unit);

    //: %1 is the total (e.g. "17.04 GiB"), %2 the exact bytes
    m_message->setText(tr("Needed per device: %1 (%2 bytes)")
                           .arg(ByteText::inUnit(estimate.total(), units::Unit::GiB, locale),
                               ByteText::bytes(estimate.total(), locale)));
    m_message->setStyleSheet(QString());
    QStringList assumptions;
    //: %1 is the parameter count
    assumptions << tr("%1 parameters").arg(LocaleNumber::integer(static_cast<qulonglong>(estimate.parameters), locale));
    for (const auto& a : estimate.assumptions)
        assumptions << messageText(a);
    m_message->setToolTip(assumptions.join(QLatin1Char('\n')));
}

void SizingResultsView::setCatalogEntries(const QList<CatalogFitModel::Entry>& entries)
{
    m_catalogError.clear();
    m_catalogModel->setEntries(entries);
    retranslateUi();
}

void SizingResultsView::setCatalogError(const QString& reason)
{
    m_catalogError = reason;
    m_catalogModel->clear();
    retranslateUi();
}

void SizingResultsView::showVerdict(const std::optional<Verdict>& verdict, bool hasEstimate)
{
    m_limits->clear();
    m_limits->hide();
    m_engine->clear();
    m_engine->setToolTip(QString());
    m_engine->hide();
    m_engineVerdict->clear();
    m_engineVerdict->hide();
    if (!hasEstimate) {
        m_verdict->clear();
        m_verdict->setToolTip(QString());
        m_bar->setCapacity(std::nullopt);
        return;
    }
    if (!verdict) {
        m_verdict->setToolTip(QString());
        m_verdict->setText(tr("Choose a device in the device picker, or a card under \"Verdict for\", to see "
                              "whether it fits."));
        m_verdict->setStyleSheet(QString());
        m_bar->setCapacity(std::nullopt);
        return;
    }
    const QLocale locale;
    const auto& v = verdict->fit;
    const QString needed = ByteText::inUnit(v.neededPerDevice, units::Unit::GiB, locale);
    const QString available = ByteText::inUnit(v.availablePerDevice, units::Unit::GiB, locale);
    const QString dominant = BreakdownModel::componentName(QString::fromStdString(v.dominantComponent));
    QString target = verdict->target;
    if (verdict->simulated)
        //: %1 is the simulated device's id, e.g. "sim:0"
        target = tr("%1 (simulated)").arg(target);
    QString text;
    if (v.fits)
        //: %1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component
        text = tr("Fits on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.");
    else
        //: %1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component
        text = tr("Does not fit on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.");
    text = text.arg(target, needed, available, CatalogFitModel::marginText(v.margin), dominant);
    if (v.tensorParallel > 1)
        //: %n is the number of devices
        text += QLatin1Char(' ')
            + tr("Per device, with %n device(s) in tensor parallel.", nullptr, static_cast<int>(v.tensorParallel));
    // What the need is made of, part by part, on the verdict's tooltip (the line itself stays short enough for
    // the inputs to keep their room at 1024x700).
    QString tip;
    if (!verdict->need.empty()) {
        QStringList parts;
        for (const auto& p : verdict->need)
            //: one part of what must fit on the device: %1 what it is, %2 its size, %3 "computed" or "assumed"
            parts << tr("%1 %2 (%3)").arg(messageText(p.label), ByteText::inUnit(p.bytes, units::Unit::GiB, locale),
                messageText({ "%1", { sizing::provenanceLabel(p.provenance) }, "" }));
        //: %1 the parts, one per line, each starting with "+ "
        tip = tr("What must fit on the device:\n%1").arg(QStringLiteral("+ ") + parts.join(QStringLiteral("\n+ ")));
        // The headline is the one estimate the verdict reads, part by part: never a second total beside it.
        const quint64 total = verdict->needTotal;
        //: %1 the total that must fit on the device (e.g. "17.58 GiB"), %2 its exact bytes, %3 its parts joined by " + "
        m_message->setText(tr("Needed on the device: %1 (%2 bytes) = %3")
                               .arg(ByteText::inUnit(total, units::Unit::GiB, locale), ByteText::bytes(total, locale),
                                   parts.join(QStringLiteral(" + "))));
    }
    QStringList limits;
    for (const i18n::Message* sentence : { &verdict->context, &verdict->batch }) {
        if (sentence->source && *sentence->source)
            limits << messageText(*sentence);
    }
    bool fits = v.fits;
    if (verdict->measured) {
        QString measured = messageText(*verdict->measured);
        if (verdict->disagreement)
            measured += QLatin1Char(' ') + messageText(*verdict->disagreement);
        //: %1 what was measured (one or two sentences), %2 the estimate's verdict
        text = tr("%1\nThe estimate: %2").arg(measured, text);
        if (verdict->measuredDecisive)
            fits = verdict->measuredFits;
    }
    m_verdict->setText(text);
    m_verdict->setToolTip(tip);
    m_limits->setText(limits.join(QLatin1Char('\n')));
    m_limits->setVisible(!limits.isEmpty());
    if (verdict->engine) {
        // The engine's verdict, then its figures per GPU (core's EnginePlanSummary, in the reader's language).
        QStringList lines { messageText(*verdict->engine) };
        for (const auto& line : verdict->engineLines)
            lines << messageText(line);
        m_engine->setText(lines.join(QLatin1Char('\n')));
        m_engine->show();
        // The engine's verdict also stays in view with the estimate's, its figures on its tool tip.
        m_engineVerdict->setText(lines.first());
        m_engineVerdict->setToolTip(lines.join(QLatin1Char('\n')));
        m_engineVerdict->setStyleSheet(verdict->engineStarts ? kFitsStyle : kErrorStyle);
        m_engineVerdict->show();
    }
    m_verdict->setStyleSheet(fits ? kFitsStyle : kErrorStyle);
    m_bar->setCapacity(verdict->capacityBytes,
        //: %1 is the device's capacity, e.g. "139.40 GiB"
        tr("capacity %1").arg(ByteText::inUnit(verdict->capacityBytes, units::Unit::GiB, locale)));
}

QString SizingResultsView::verdictText() const
{
    QStringList parts { m_verdict->text() };
    for (const QLabel* label : { m_limits, m_engine })
        if (!label->text().isEmpty())
            parts << label->text();
    return parts.join(QLatin1Char('\n'));
}

void SizingResultsView::retranslateUi()
{
    const int offset = m_inputsPage ? 1 : 0;
    if (m_inputsPage)
        m_tabs->setTabText(0, tr("Inputs"));
    m_tabs->setTabText(offset, tr("Breakdown"));
    m_tabs->setTabText(offset + 1, tr("Catalog"));
    if (m_catalogError.isEmpty()) {
        m_catalogNote->setText(tr("Capacity as the device reports it, not as it is sold. The need is per device; "
                                  "several GPUs are not one memory pool."));
        m_catalogNote->setStyleSheet(QString());
    } else {
        //: %1 is the reason the GPU catalog could not be read
        m_catalogNote->setText(tr("The GPU catalog could not be read: %1").arg(m_catalogError));
        m_catalogNote->setStyleSheet(QStringLiteral("color: #b01c1c;"));
    }
}

void SizingResultsView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_breakdown->retranslate();
        m_catalogModel->retranslate();
    }
}

} // namespace iteragpu::gui
