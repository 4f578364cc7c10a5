// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/sweepchart.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sweep/bytescale.h"
#include "app/gui/sweep/sweeptext.h"
#include "app/gui/timeline/axisticks.h"
#include "core/sweep/growthmodel.h"

#include <QChart>
#include <QEvent>
#include <QStringList>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace iteragpu::gui {

namespace {

    constexpr int kFittedPoints = 64; // points of a fitted curve over the drawn range

    // The colour of the sweep at position i: the first in the allocated colour, a compared one in the next role.
    QColor sweepColor(const Palette& palette, std::size_t i)
    {
        static constexpr Palette::Role roles[] = { Palette::Role::Allocated, Palette::Role::Reserved,
            Palette::Role::Device, Palette::Role::Prediction };
        return palette.color(roles[i % std::size(roles)]);
    }

    // One legend entry: a mark in the series' colour, then its name (never broken inside an entry).
    QString legendEntry(const QString& mark, const QColor& color, const QString& name)
    {
        return QStringLiteral("<span style=\"white-space:nowrap\"><span style=\"color:%1\">%2</span>&nbsp;%3</span>")
            .arg(color.name(), mark, name.toHtmlEscaped());
    }

} // namespace

SweepChart::SweepChart(QWidget* parent)
    : QChartView(parent)
    , m_palette(palette())
{
    setObjectName(QStringLiteral("sweepChart"));
    auto* c = new QChart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setMargins(QMargins(4, 4, 4, 4));
    setChart(c);
    setRenderHint(QPainter::Antialiasing);
    m_axisX = new QValueAxis(this);
    m_axisY = new QValueAxis(this);
    c->addAxis(m_axisX, Qt::AlignBottom);
    c->addAxis(m_axisY, Qt::AlignLeft);
    setMinimumSize(320, 200);
    rebuild();
}

void SweepChart::setSweeps(const std::vector<sweep::SweepRecord>& sweeps)
{
    m_sweeps = sweeps;
    rebuild();
}

void SweepChart::setUnit(units::Unit unit)
{
    m_unit = unit;
    rebuild();
}

void SweepChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        rebuild();
}

void SweepChart::rebuild()
{
    QChart* c = chart();
    c->removeAllSeries();
    m_drawn.clear();
    QStringList legend;
    m_palette = Palette(palette());
    const QColor text = m_palette.color(Palette::Role::Text);
    const QColor failColor = m_palette.color(Palette::Role::FailedPhase);

    // The ranges first: every trial's peak, every capacity, the values tried.
    std::uint64_t top = 0;
    double xMax = 0.0;
    for (const auto& r : m_sweeps) {
        for (const auto& t : r.trials) {
            top = std::max(top, t.peakAllocated.value_or(0));
            if (t.status != sweep::TrialStatus::Pending)
                xMax = std::max(xMax, static_cast<double>(t.value));
        }
        top = std::max(top, SweepText::capacity(r).value_or(0));
    }
    const ByteScale scale = ByteScale::forTop(top, m_unit);
    m_scaleSymbol = QLatin1String(scale.symbol);
    const double yMax = top > 0 ? scale.value(top) * 1.08 : 1.0;
    const double xTop = xMax > 0 ? xMax * 1.05 : 1.0;

    const sweep::Dimension dim = m_sweeps.empty() ? sweep::Dimension::Sequences : m_sweeps.front().spec.dimension;
    const bool simulated = std::any_of(m_sweeps.begin(), m_sweeps.end(), [](const auto& r) { return r.simulated; });
    //: %1 is the varied dimension, e.g. sequences
    QString title = tr("Peak allocated vs %1").arg(SweepText::dimension(dim));
    if (simulated)
        title += QStringLiteral(" · ") + tr("simulated, not a GPU measurement");
    c->setTitle(m_sweeps.empty() ? tr("No sweep yet: run one or open a sweep folder") : title);
    m_axisX->setTitleText(SweepText::dimension(dim));
    // Short: the chart's title says what the peak is; a long axis title is cut on a narrow chart.
    //: %1 is a unit symbol such as MiB or GiB
    m_axisY->setTitleText(tr("Peak (%1)").arg(m_scaleSymbol));
    AxisTicks::setRange(m_axisX, 0.0, xTop);
    AxisTicks::setRange(m_axisY, 0.0, yMax);
    AxisTicks::apply(m_axisX);
    AxisTicks::apply(m_axisY);
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));

    const auto attach = [&](QXYSeries* s) {
        c->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    };
    for (std::size_t i = 0; i < m_sweeps.size(); ++i) {
        const sweep::SweepRecord& r = m_sweeps[i];
        const QColor color = sweepColor(m_palette, i);
        const QString label = SweepText::label(r);
        const bool first = i == 0;
        Drawn d;
        d.passed = new QScatterSeries();
        d.failed = new QScatterSeries();
        for (const auto& t : r.trials) {
            if (!t.peakAllocated)
                continue; // no reading: not drawn, never at 0
            const QPointF p(static_cast<double>(t.value), scale.value(*t.peakAllocated));
            if (t.status == sweep::TrialStatus::Passed)
                d.passed->append(p);
            else if (t.status == sweep::TrialStatus::Failed)
                d.failed->append(p);
        }
        // A compact legend: the first sweep's marks and lines by what they are; a compared sweep by its devices
        // alone (its other series keep their names, without a legend entry of their own).
        const bool several = m_sweeps.size() > 1;
        d.passed->setName(several ? label : tr("passed"));
        d.failed->setName(tr("failed"));
        attach(d.passed);
        attach(d.failed);
        d.passed->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        d.passed->setMarkerSize(10.0);
        d.passed->setColor(color);
        d.passed->setBorderColor(m_palette.color(Palette::Role::PlotBackground));
        d.failed->setMarkerShape(first ? QScatterSeries::MarkerShapeRotatedRectangle : QScatterSeries::MarkerShapeTriangle);
        d.failed->setMarkerSize(12.0);
        d.failed->setColor(first ? failColor : color.darker(140));
        d.failed->setBorderColor(m_palette.color(Palette::Role::PlotBackground));

        if (r.fit && r.fit->points > 0) {
            d.fitted = new QLineSeries();
            for (int k = 0; k <= kFittedPoints; ++k) {
                const double x = xTop * k / kFittedPoints;
                const double bytes = sweep::GrowthModel::evaluate(*r.fit, x);
                if (bytes >= 0.0)
                    d.fitted->append(x, bytes / scale.bytesPerUnit);
            }
            // "fitted": the growth model's line, not a measurement.
            d.fitted->setName(tr("fitted"));
            attach(d.fitted);
            QPen pen(color, 1.5, Qt::DashLine);
            d.fitted->setPen(pen);
        }
        if (const auto capacity = SweepText::capacity(r)) {
            d.capacity = new QLineSeries();
            d.capacity->append(0.0, scale.value(*capacity));
            d.capacity->append(xTop, scale.value(*capacity));
            //: %1 is the device's capacity with its unit, e.g. 16.0 MiB
            d.capacity->setName(tr("capacity %1").arg(ByteScale::readable(*capacity, m_unit)));
            attach(d.capacity);
            QPen pen(first ? m_palette.color(Palette::Role::Capacity) : color, 1.5, Qt::DotLine);
            d.capacity->setPen(pen);
        }
        if (r.boundary.largestPassing) {
            d.boundary = new QLineSeries();
            const double x = static_cast<double>(*r.boundary.largestPassing);
            d.boundary->append(x, 0.0);
            d.boundary->append(x, yMax);
            const QString value = LocaleNumber::integer(static_cast<qulonglong>(*r.boundary.largestPassing));
            //: %1 is the largest passing value of the sweep
            d.boundary->setName(tr("boundary %1").arg(value));
            attach(d.boundary);
            QPen pen(first ? failColor : color, 2.0, Qt::DashDotLine);
            d.boundary->setPen(pen);
        }
        legend << legendEntry(QStringLiteral("●"), color, d.passed->name());
        if (first) {
            legend << legendEntry(QStringLiteral("◆"), failColor, d.failed->name());
            if (d.fitted)
                legend << legendEntry(QStringLiteral("╌╌"), color, d.fitted->name());
            if (d.capacity)
                legend << legendEntry(QStringLiteral("┈┈"), m_palette.color(Palette::Role::Capacity), d.capacity->name());
            if (d.boundary)
                legend << legendEntry(QStringLiteral("┆"), failColor, d.boundary->name());
        }
        m_drawn.push_back(d);
    }

    c->setBackgroundBrush(m_palette.color(Palette::Role::PlotBackground));
    c->setTitleBrush(text);
    c->legend()->setLabelColor(text);
    c->legend()->setVisible(false);
    m_legendHtml = legend.join(QStringLiteral(" &nbsp; "));
    for (QValueAxis* axis : { m_axisX, m_axisY }) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(m_palette.color(Palette::Role::Grid));
        axis->setLinePenColor(m_palette.color(Palette::Role::Grid));
    }
}

} // namespace iteragpu::gui
