// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/resultcomparewidget.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/report/phasediffmodel.h"
#include "app/gui/report/resultexporter.h"
#include "app/gui/report/resultphasemodel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/widgets/rowtable.h"
#include "core/protocol/workloaddescription.h"

#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace iteragpu::gui {

ResultCompareWidget::ResultCompareWidget(QWidget* parent)
    : QWidget(parent)
    , m_modelA(new ResultPhaseModel(this))
    , m_modelB(new ResultPhaseModel(this))
    , m_diff(new PhaseDiffModel(this))
{
    setObjectName(QStringLiteral("ResultCompareWidget"));
    auto* layout = new QVBoxLayout(this);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("compareMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);

    auto* sides = new QSplitter(Qt::Horizontal, this);
    auto makeSide = [&](QLabel*& summary, QPushButton*& open, QTableView*& view, ResultPhaseModel* model,
                        const char* name, Side side) {
        auto* w = new QWidget(sides);
        auto* v = new QVBoxLayout(w);
        v->setContentsMargins(0, 0, 0, 0);
        auto* top = new QHBoxLayout;
        summary = new QLabel(w);
        summary->setWordWrap(true);
        summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
        open = new QPushButton(w);
        top->addWidget(summary, 1);
        top->addWidget(open, 0, Qt::AlignTop);
        v->addLayout(top);
        view = makeRowTable(w, model, name);
        v->addWidget(view, 1);
        connect(open, &QPushButton::clicked, this, [this, side] { openDialog(side); });
        sides->addWidget(w);
        return w;
    };
    makeSide(m_summaryA, m_openA, m_viewA, m_modelA, "phasesA", Side::A);
    m_sideB = makeSide(m_summaryB, m_openB, m_viewB, m_modelB, "phasesB", Side::B);

    m_diffBox = new QWidget(this);
    auto* diffLayout = new QVBoxLayout(m_diffBox);
    diffLayout->setContentsMargins(0, 0, 0, 0);
    m_diffTitle = new QLabel(m_diffBox);
    m_diffView = makeRowTable(m_diffBox, m_diff, "phaseDiff");
    diffLayout->addWidget(m_diffTitle);
    diffLayout->addWidget(m_diffView, 1);

    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(sides);
    vertical->addWidget(m_diffBox);
    vertical->setChildrenCollapsible(false);
    layout->addWidget(vertical, 1);
    retranslateUi();
    refresh();
}

bool ResultCompareWidget::openFile(Side side, const QString& path)
{
    protocol::RunResult result;
    QString error;
    if (!ResultExporter::openResult(path, result, error)) {
        m_error = error;
        m_message->setText(error);
        m_message->setStyleSheet(QStringLiteral("color: #b01c1c; font-weight: bold;"));
        m_message->show();
        emit logMessage(error, true);
        return false;
    }
    m_error.clear();
    setResult(side, result, QFileInfo(path).fileName());
    return true;
}

void ResultCompareWidget::setResult(Side side, const protocol::RunResult& result, const QString& label)
{
    if (side == Side::A) {
        m_a = result;
        m_labelA = label;
        m_modelA->setResult(result);
    } else {
        m_b = result;
        m_labelB = label;
        m_modelB->setResult(result);
    }
    refresh();
}

void ResultCompareWidget::openDialog(Side side)
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a result"), QString(), tr("IteraGPU results (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(side, path);
}

QString ResultCompareWidget::summary(const protocol::RunResult& r, const QString& label) const
{
    const QLocale locale;
    //: %1 where the result comes from (a file name, or "run 3 (measured in this session, not saved)"),
    //: %2 device id, %3 the run's own workload (model, format, sequences, tokens; or the dense network's fields)
    QString text = tr("<b>%1</b><br>%2 · %3")
                       .arg(label.toHtmlEscaped(), QString::fromStdString(r.config.deviceId).toHtmlEscaped(),
                           messageText(protocol::describeWorkload(r.config)).toHtmlEscaped());
    if (r.simulated || r.environment.simulated)
        text += QStringLiteral("<br><span style=\"color:#a05a00\"><b>")
            + tr("simulated, not a GPU measurement").toHtmlEscaped() + QStringLiteral("</b></span>");
    if (!r.error.empty())
        text += QStringLiteral("<br><span style=\"color:#b01c1c\">") + QString::fromStdString(r.error).toHtmlEscaped()
            + QStringLiteral("</span>");
    return text;
}

void ResultCompareWidget::refresh()
{
    m_summaryA->setText(m_a ? summary(*m_a, m_labelA) : tr("No result opened."));
    m_summaryB->setText(m_b ? summary(*m_b, m_labelB) : tr("Open a second result to compare."));
    if (m_a && m_b)
        m_diff->setResults(*m_a, *m_b);
    else
        m_diff->clear();
    m_diffBox->setVisible(m_a && m_b);
    if (m_error.isEmpty())
        m_message->hide();
}

void ResultCompareWidget::retranslateUi()
{
    m_openA->setText(tr("Open A…"));
    m_openB->setText(tr("Open B…"));
    m_diffTitle->setText(tr("Differences per phase (B − A); each peak is its own maximum"));
    m_modelA->retranslate();
    m_modelB->retranslate();
    m_diff->retranslate();
    refresh();
}

void ResultCompareWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
