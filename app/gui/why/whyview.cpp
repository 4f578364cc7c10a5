// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/whyview.h"

#include "app/gui/application/messagetext.h"
#include "core/model/architecturesummary.h"

#include "app/gui/style/palette.h"
#include "app/gui/why/ledgermodel.h"
#include "app/gui/why/ownerbar.h"
#include "app/gui/why/waterfallbuilder.h"
#include "app/gui/why/waterfallchart.h"
#include "core/report/ledgerestimate.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <algorithm>
#include <QScrollArea>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace iteragpu::gui {

WhyView::WhyView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("whyView"));
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("whyHeader"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_waterfall = new WaterfallChart(this);
    m_ownerBar = new OwnerBar(this);
    auto* picture = new QWidget(this);
    auto* pictureLayout = new QVBoxLayout(picture);
    pictureLayout->setContentsMargins(0, 0, 0, 0);
    pictureLayout->setSpacing(4);
    pictureLayout->addWidget(m_waterfall);
    pictureLayout->addWidget(m_ownerBar);
    pictureLayout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("whyPicture"));
    scroll->setWidget(picture);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_model = new LedgerModel(this);
    m_tree = new QTreeView(this);
    m_tree->setObjectName(QStringLiteral("ledgerView"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(LedgerModel::ColLine, QHeaderView::Interactive);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->viewport()->installEventFilter(this);

    // Two tabs, so each gets the dock's whole width: the picture, and the ledger's every line.
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("whyTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(scroll, QString());
    m_tabs->addTab(m_tree, QString());

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_tabs, 1);
    retranslateUi();
}

WhyView::~WhyView() = default;

void WhyView::setResult(std::optional<protocol::RunResult> result)
{
    m_result = std::move(result);
    m_running = false;
    if (!m_result || m_phase >= static_cast<int>(m_result->phases.size()))
        m_phase = -1;
    rebuild();
}

void WhyView::setRunning()
{
    m_result.reset();
    m_phase = -1;
    m_running = true;
    rebuild();
}

void WhyView::selectPhase(int phaseIndex)
{
    m_phase = m_result && phaseIndex >= 0 && phaseIndex < static_cast<int>(m_result->phases.size()) ? phaseIndex : -1;
    rebuild();
}

void WhyView::setUnit(units::Unit unit)
{
    m_unit = unit;
    m_model->setUnit(unit);
    rebuild();
}

const std::optional<report::PhaseLedger>& WhyView::ledger() const { return m_model->ledger(); }

QString WhyView::headerText() const { return m_header->text(); }

void WhyView::rebuild()
{
    const bool ran = m_result && m_phase >= 0
        && m_result->phases[static_cast<std::size_t>(m_phase)].status != protocol::PhaseStatus::NotRun;
    if (!ran) {
        m_model->setLedger(std::nullopt);
        m_waterfall->setRows({}, m_unit);
        m_ownerBar->clear();
        if (m_running)
            m_header->setText(tr("The ledger of each phase comes when the run has finished."));
        else if (!m_result)
            m_header->setText(tr("Run a workload or open a result: the ledger explains each phase's peak."));
        else if (m_phase < 0)
            m_header->setText(tr("Select a phase in the phase table or click its band on the timeline."));
        else
            //: %1 is a phase identifier such as decode
            m_header->setText(tr("Phase %1 did not run: it has no readings to explain.")
                                  .arg(QString::fromStdString(
                                      protocol::phaseLabel(m_result->phases[static_cast<std::size_t>(m_phase)]))));
        return;
    }
    const auto index = static_cast<std::size_t>(m_phase);
    const protocol::PhaseResult& phase = m_result->phases[index];
    const auto estimate = report::estimateForPhase(*m_result, index);
    report::PhaseLedger ledger = report::buildPhaseLedger(*m_result, index, estimate);
    const Palette palette(this->palette());
    m_waterfall->setRows(WaterfallBuilder::build(phase, ledger, estimate, palette, m_unit), m_unit);
    m_ownerBar->setSection(ledger.section(report::LedgerSectionKind::ByOwner), m_unit);
    const QString name = QString::fromStdString(ledger.phase);
    QString header;
    if (phase.status == protocol::PhaseStatus::Failed)
        //: %1 is a phase identifier such as prefill; the phase failed, its readings up to the failure are explained
        header = tr("Why phase %1 peaked where it failed, from the estimate to the device-level reading").arg(name);
    else
        //: %1 is a phase identifier such as prefill
        header = tr("Why phase %1 peaked where it did, from the estimate to the device-level reading").arg(name);
    if (ledger.simulated)
        header += QStringLiteral(" · ") + tr("simulated, not a GPU measurement");
    // The model measured, layer by layer (core's summary of its shape), so the peak reads against what it is.
    if (m_result->config.decoder) {
        try {
            QStringList parts;
            for (const auto& line : model::ArchitectureSummary::of(m_result->config.decoder->shape).lines())
                parts << messageText(line);
            header += QLatin1Char('\n') + parts.join(QStringLiteral(" · "));
        } catch (const std::exception&) {
            // A shape whose count overflows (a hostile file): its ledger says what is wrong with it.
        }
    }
    m_header->setText(header);
    m_model->setLedger(std::move(ledger));
    m_tree->expandAll();
    fitLedgerColumns();
}

void WhyView::fitLedgerColumns()
{
    m_tree->resizeColumnToContents(LedgerModel::ColBytes);
    m_tree->resizeColumnToContents(LedgerModel::ColSource);
    m_tree->resizeColumnToContents(LedgerModel::ColLine);
    const int view = m_tree->viewport()->width();
    const int figures = m_tree->columnWidth(LedgerModel::ColBytes) + m_tree->columnWidth(LedgerModel::ColSource);
    // The cause column keeps a readable share; what is left goes to the line column, at least 40 % of the view.
    m_tree->resizeColumnToContents(LedgerModel::ColCause);
    const int cause = std::min(m_tree->columnWidth(LedgerModel::ColCause), view / 4);
    const int room = std::max(view * 2 / 5, view - figures - cause);
    if (m_tree->columnWidth(LedgerModel::ColLine) > room)
        m_tree->setColumnWidth(LedgerModel::ColLine, room);
}

bool WhyView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize && m_model->rowCount() > 0)
        fitLedgerColumns();
    return QWidget::eventFilter(watched, event);
}

void WhyView::retranslateUi()
{
    m_tabs->setTabText(0, tr("Waterfall and owners"));
    m_tabs->setTabText(1, tr("Ledger"));
    m_model->retranslate();
    rebuild();
}

void WhyView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        retranslateUi();
}

} // namespace iteragpu::gui
