// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/timeline/axisticks.h"
#include "app/gui/timeline/phasetrack.h"
#include "app/gui/timeline/timelineexporter.h"
#include "app/gui/timeline/timelinehovertext.h"
#include "app/gui/timeline/timelinenavigator.h"

#include <QAction>
#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QImage>
#include <QLegend>
#include <QToolButton>
#include <QGraphicsLayout>
#include <QScopedValueRollback>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

namespace {

    constexpr int kRefreshIntervalMs = 33; // at most ~30 refreshes a second
    constexpr int kChartMargin = 4; // pixels around the chart's title, plot and legend (the notes' strip aside)

} // namespace

TimelineChart::TimelineChart(QWidget* parent)
    : QChartView(parent)
    , m_palette(palette())
{
    setObjectName(QStringLiteral("TimelineChart"));
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setLocalizeNumbers(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(kChartMargin, kChartMargin, kChartMargin, kChartMargin));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, true);
    setRubberBand(QChartView::HorizontalRubberBand);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(320, 220);

    m_axisX = new QValueAxis(this);
    m_axisY = new QValueAxis(this);
    m_axisX->setTickCount(6);
    m_axisY->setTickCount(6);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);

    // The owner areas first: the series added later are drawn over them.
    m_owners = std::make_unique<OwnerAreas>(chart, this, m_axisX, m_axisY);
    m_ownerAction = new QAction(this);
    m_ownerAction->setObjectName(QStringLiteral("ownerColouringAction"));
    m_ownerAction->setCheckable(true);
    connect(m_ownerAction, &QAction::toggled, this, &TimelineChart::setOwnerColouring);

    auto addLine = [&](qreal width, Qt::PenStyle style) {
        auto* series = new QLineSeries(this);
        QPen pen;
        pen.setWidthF(width);
        pen.setStyle(style);
        series->setPen(pen);
        series->setPointsVisible(false);
        chart->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        return series;
    };
    m_reserved = addLine(2.0, Qt::SolidLine);
    m_allocated = addLine(2.0, Qt::SolidLine);
    m_device = addLine(1.5, Qt::SolidLine); // solid: a dashed 2000-point line repaints ~10x slower
    m_capacity = addLine(1.5, Qt::DashDotLine);
    m_estimate = addLine(1.5, Qt::DashLine);
    m_prediction = addLine(2.0, Qt::DashLine); // a few points only; dashed, so it shows where it meets the data

    m_peaks = new QScatterSeries(this);
    m_peaks->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_peaks->setMarkerSize(11.0);
    chart->addSeries(m_peaks);
    m_peaks->attachAxis(m_axisX);
    m_peaks->attachAxis(m_axisY);

    const qsizetype budget = static_cast<qsizetype>(m_store.budget());
    m_allocatedPoints.reserve(budget);
    m_reservedPoints.reserve(budget);
    m_devicePoints.reserve(budget);

    m_offScale = std::make_unique<OffScaleNote>(chart);
    m_bands = std::make_unique<PhaseBands>(chart);
    applyPalette(); // colours set while every series is in the chart
    // Lines without data leave the chart (and the legend) until they have some; no "Phase peak" entry before
    // a phase has ended.
    for (QXYSeries* series :
        std::initializer_list<QXYSeries*> { m_device, m_capacity, m_estimate, m_prediction, m_peaks })
        setSeriesAttached(series, false);

    connect(chart, &QChart::plotAreaChanged, this, [this] { updateOverlays(); });
    m_navigator = new TimelineNavigator(this);
    connect(m_navigator, &TimelineNavigator::clicked, this, [this](QPointF pos) {
        const int phase = m_bands->indexAt(this->chart()->mapFromScene(mapToScene(pos.toPoint())));
        highlightPhase(phase);
        emit phaseClicked(phase);
    });
    auto onRange = [this] {
        if (!m_settingRange)
            m_autoRange = false;
        m_navigator->setZoomed(!m_autoRange);
        AxisTicks::apply(m_axisX);
        AxisTicks::apply(m_axisY);
        updateLevelLines();
        updateOverlays();
    };
    connect(m_axisX, &QValueAxis::rangeChanged, this, onRange);
    connect(m_axisY, &QValueAxis::rangeChanged, this, onRange);

    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setInterval(kRefreshIntervalMs);
    connect(m_refreshTimer, &QTimer::timeout, this, [this] {
        if (m_dirty)
            refresh();
    });
    m_refreshTimer->start();

    retranslateUi();
    updateLevelLines();
    updateRanges();
}

TimelineChart::~TimelineChart()
{
    // Series out of the chart are not owned by it (the owner areas always are in it).
    for (QXYSeries* series :
        std::initializer_list<QXYSeries*> { m_device, m_capacity, m_estimate, m_prediction, m_peaks })
        if (!chart()->series().contains(series))
            delete series;
}

void TimelineChart::applyPalette()
{
    m_palette = Palette(palette());
    using Role = Palette::Role;
    QChart* c = chart();
    const QColor text = m_palette.color(Role::Text);
    c->setBackgroundBrush(m_palette.color(Role::PlotBackground));
    c->setTitleBrush(text);
    c->legend()->setLabelColor(text);
    for (QValueAxis* axis : { m_axisX, m_axisY }) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(m_palette.color(Role::Grid));
        axis->setLinePenColor(m_palette.color(Role::Grid));
    }
    // A series out of the chart takes its colours when it comes back (styling one out of its chart crashes
    // Qt Charts 6.4 at the next paint).
    for (QAbstractSeries* series : c->series())
        if (series->type() != QAbstractSeries::SeriesTypeArea)
            applySeriesColors(static_cast<QXYSeries*>(series));
    m_owners->setPalette(m_palette);
    m_offScale->setPalette(m_palette);
    updateOverlays();
}

void TimelineChart::applySeriesColors(QXYSeries* series)
{
    using Role = Palette::Role;
    if (series == m_peaks) {
        m_peaks->setColor(m_palette.color(Role::PeakMarker));
        m_peaks->setBorderColor(m_palette.color(Role::PlotBackground));
        return;
    }
    const Role role = series == m_allocated ? Role::Allocated
        : series == m_reserved              ? Role::Reserved
        : series == m_device                ? Role::Device
        : series == m_capacity              ? Role::Capacity
        : series == m_prediction            ? Role::Prediction
                                            : Role::Estimate;
    QPen pen = series->pen();
    pen.setColor(m_palette.color(role));
    series->setPen(pen);
}

void TimelineChart::setSeriesAttached(QXYSeries* series, bool attached)
{
    const bool present = chart()->series().contains(series);
    if (attached == present)
        return;
    if (attached) {
        chart()->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        applySeriesColors(series);
    } else {
        chart()->removeSeries(series);
    }
}

void TimelineChart::retranslateUi()
{
    chart()->setLocale(QLocale());
    m_allocated->setName(tr("Allocated"));
    m_reserved->setName(tr("Reserved"));
    m_device->setName(tr("Device-level (driver)"));
    m_capacity->setName(tr("Device capacity"));
    m_estimate->setName(tr("Sizing estimate"));
    m_prediction->setName(tr("Predicted peak per phase"));
    m_peaks->setName(tr("Phase peak"));
    m_owners->retranslate();
    m_ownerAction->setText(tr("Colour allocated by &owner"));
    m_ownerAction->setToolTip(tr("Stack what each owner (weights, KV cache, activations, ...) held at each phase's "
                                 "peak moment under the lines"));
    m_axisX->setTitleText(tr("Time (s)"));
    //: %1 is the unit symbol, GB or GiB, never translated
    m_axisY->setTitleText(tr("Memory (%1)").arg(QLatin1String(units::unitSymbol(m_unit))));
    chart()->setTitle(m_deviceLabel);
    m_navigator->retranslateUi();
    updateLevelLines();
    updateOverlays();
}

void TimelineChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void TimelineChart::clear()
{
    m_store.clear();
    m_phaseTrack.clear();
    m_bands->clear();
    m_highlight = -1;
    m_autoRange = true;
    m_dirty = true;
    refresh();
}

void TimelineChart::addSamples(const std::vector<TimelineSample>& samples)
{
    for (const TimelineSample& sample : samples)
        addSample(sample);
}

void TimelineChart::addSample(const TimelineSample& sample)
{
    m_store.add(sample);
    m_phaseTrack.track(sample);
    m_dirty = true;
}

void TimelineChart::beginPhase(
    const QString& name, double seconds, std::optional<std::uint64_t> predictedPeakAllocated)
{
    m_phaseTrack.begin(name, seconds, predictedPeakAllocated);
    m_dirty = true;
}

void TimelineChart::endPhase(const TimelinePhase& result)
{
    m_phaseTrack.end(result, m_store.lastSeconds());
    m_dirty = true;
}

void TimelineChart::setCapacityBytes(std::optional<std::uint64_t> bytes)
{
    m_capacityBytes = bytes;
    m_dirty = true;
    refresh();
}

void TimelineChart::setEstimateBytes(std::optional<std::uint64_t> bytes)
{
    m_estimateBytes = bytes;
    m_dirty = true;
    refresh();
}

void TimelineChart::setDeviceLabel(const QString& text)
{
    m_deviceLabel = text;
    chart()->setTitle(text);
}

void TimelineChart::setUnit(units::Unit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    m_autoRange = true; // the old zoom was in the other unit
    retranslateUi();
    m_dirty = true;
    refresh();
}

void TimelineChart::setOwnerColouring(bool on)
{
    if (on != m_ownerAction->isChecked()) {
        m_ownerAction->setChecked(on); // comes back here through toggled
        return;
    }
    m_owners->setShown(on);
    m_dirty = true;
    refresh();
}

void TimelineChart::highlightPhase(int index)
{
    m_highlight = (index >= 0 && index < static_cast<int>(m_phaseTrack.phases().size())) ? index : -1;
    updateOverlays();
}

void TimelineChart::resetZoom()
{
    m_autoRange = true;
    updateRanges();
}

double TimelineChart::toUnitValue(std::uint64_t bytes) const { return units::toUnit(bytes, m_unit); }

void TimelineChart::refresh()
{
    m_dirty = false;
    m_allocatedPoints.clear();
    m_reservedPoints.clear();
    m_devicePoints.clear();
    for (const TimelineStore::Bucket& b : m_store.buckets()) {
        m_allocatedPoints.append(QPointF(b.firstSeconds, toUnitValue(b.allocated)));
        m_reservedPoints.append(QPointF(b.firstSeconds, toUnitValue(b.reserved)));
        if (b.hasDevice)
            m_devicePoints.append(QPointF(b.firstSeconds, toUnitValue(b.device)));
    }
    m_allocated->replace(m_allocatedPoints);
    m_reserved->replace(m_reservedPoints);
    m_device->replace(m_devicePoints);
    // A backend without a device-level reading has no such line, and no legend entry claiming one.
    setSeriesAttached(m_device, m_store.hasDevice());
    rebuildPeaks();
    rebuildPrediction();
    m_owners->rebuild(m_phaseTrack.phases(), m_store.lastSeconds(), m_unit);
    updateLevelLines();
    updateRanges();
    updateOverlays();
}

void TimelineChart::rebuildPrediction()
{
    // One step per phase over its band: (start, predicted), (end, predicted); consecutive steps join across the
    // short gap between two phases. A phase not run has no band and no step.
    QList<QPointF> points;
    for (const TimelinePhase& phase : m_phaseTrack.phases()) {
        if (!phase.predictedPeakAllocated || phase.state == TimelinePhase::State::NotRun
            || std::isnan(phase.startSeconds))
            continue;
        const double end
            = std::isnan(phase.endSeconds) ? std::max(m_store.lastSeconds(), phase.startSeconds) : phase.endSeconds;
        const double value = toUnitValue(*phase.predictedPeakAllocated);
        points << QPointF(phase.startSeconds, value) << QPointF(end, value);
    }
    m_prediction->replace(points);
    setSeriesAttached(m_prediction, !points.isEmpty());
}

std::optional<std::uint64_t> TimelineChart::predictionTop() const
{
    std::optional<std::uint64_t> top;
    for (const TimelinePhase& phase : m_phaseTrack.phases())
        if (phase.predictedPeakAllocated && phase.state != TimelinePhase::State::NotRun)
            top = std::max(top.value_or(0), *phase.predictedPeakAllocated);
    return top;
}

void TimelineChart::rebuildPeaks()
{
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(m_phaseTrack.phases().size()) * 2);
    for (const TimelinePhase& phase : m_phaseTrack.phases()) {
        if (!phase.finished() || phase.state == TimelinePhase::State::NotRun)
            continue;
        const double mid
            = std::isnan(phase.endSeconds) ? phase.startSeconds : (phase.startSeconds + phase.endSeconds) / 2.0;
        if (phase.peakAllocated)
            points.append(QPointF(std::isnan(phase.peakAllocatedSeconds) ? mid : phase.peakAllocatedSeconds,
                toUnitValue(*phase.peakAllocated)));
        if (phase.peakReserved)
            points.append(QPointF(std::isnan(phase.peakReservedSeconds) ? mid : phase.peakReservedSeconds,
                toUnitValue(*phase.peakReserved)));
    }
    m_peaks->replace(points);
    setSeriesAttached(m_peaks, !points.isEmpty());
}

void TimelineChart::updateLevelLines()
{
    // The lines span the visible time range, so they stay drawn at any zoom; a line above the visible scale
    // leaves the chart (and the legend) and is named in the off-scale note instead.
    const double x0 = m_axisX->min();
    const double x1 = m_axisX->max();
    QStringList above;
    auto levelLine = [&](QLineSeries* series, std::optional<std::uint64_t> bytes) {
        QList<QPointF> points;
        const bool onScale = bytes && toUnitValue(*bytes) <= m_axisY->max() * (1.0 + 1e-9);
        if (onScale)
            points << QPointF(x0, toUnitValue(*bytes)) << QPointF(x1, toUnitValue(*bytes));
        series->replace(points);
        setSeriesAttached(series, onScale);
        return bytes && !onScale;
    };
    if (levelLine(m_estimate, m_estimateBytes))
        //: %1 is the sizing estimate with its unit, e.g. "17,00 GiB"; its line is above the chart's scale
        above << tr("Sizing estimate %1 is above the scale ↑").arg(levelText(*m_estimateBytes));
    // The step line stays drawn (the plot clips it); a step above the scale is named like the level lines.
    if (const auto predicted = predictionTop(); predicted && toUnitValue(*predicted) > m_axisY->max() * (1.0 + 1e-9))
        //: %1 is the highest predicted peak of a phase with its unit, e.g. "17,00 GiB"; above the chart's scale
        above << tr("Predicted peak per phase reaches %1, above the scale ↑").arg(levelText(*predicted));
    if (levelLine(m_capacity, m_capacityBytes))
        //: %1 is the device capacity with its unit, e.g. "80,00 GiB"; its line is above the chart's scale
        above << tr("Device capacity %1 is above the scale ↑").arg(levelText(*m_capacityBytes));
    m_offScale->setLines(above);
}

QString TimelineChart::levelText(std::uint64_t bytes) const
{
    return LocaleNumber::fixed(toUnitValue(bytes), 2) + QLatin1Char(' ') + QLatin1String(units::unitSymbol(m_unit));
}

std::uint64_t TimelineChart::dataTop() const
{
    std::uint64_t top = std::max({ m_store.maxAllocated(), m_store.maxReserved(), m_store.maxDevice() });
    for (const TimelinePhase& phase : m_phaseTrack.phases())
        top = std::max({ top, phase.peakAllocated.value_or(0), phase.peakReserved.value_or(0) });
    return top;
}

bool TimelineChart::joinsScale(std::optional<std::uint64_t> level) const
{
    if (!level)
        return false;
    const std::uint64_t top = dataTop();
    // Before any data the levels are all there is to show.
    return top == 0 || static_cast<double>(*level) <= kLevelJoinFactor * static_cast<double>(top);
}

void TimelineChart::setRange(double x0, double x1, double y0, double y1)
{
    m_settingRange = true;
    AxisTicks::setRange(m_axisX, x0, x1);
    AxisTicks::setRange(m_axisY, y0, y1);
    m_settingRange = false;
}

void TimelineChart::updateRanges()
{
    double span = m_store.empty() ? 0.0 : m_store.lastSeconds();
    for (const TimelinePhase& phase : m_phaseTrack.phases())
        if (!std::isnan(phase.endSeconds))
            span = std::max(span, phase.endSeconds);
    const double xStep = AxisTicks::niceStep(span > 0.0 ? span : 1.0, 6);
    const double xMax = span > 0.0 ? std::max(xStep, std::ceil(span / xStep - 1e-9) * xStep) : 1.0;

    std::uint64_t top = dataTop();
    for (const std::optional<std::uint64_t>& level : { m_capacityBytes, m_estimateBytes, predictionTop() })
        if (joinsScale(level))
            top = std::max(top, *level);
    const double topUnit = toUnitValue(top) * 1.04;
    const double yStep = AxisTicks::niceStep(topUnit > 0.0 ? topUnit : 1.0, 5);
    const double yMax = std::max(yStep, std::ceil(topUnit / yStep - 1e-9) * yStep);
    if (m_autoRange)
        setRange(0.0, xMax, 0.0, yMax);
    AxisTicks::apply(m_axisX);
    AxisTicks::apply(m_axisY);
}

int TimelineChart::phaseAt(double seconds) const { return m_phaseTrack.indexAt(seconds, m_store.lastSeconds()); }

// Note [Notes above the plot]: the failure note, the off-scale note and the owners' caption go in a strip the
// chart keeps free above its title and plot (its top margin grows to hold them), so none covers a curve, an area
// or a peak marker; each is cut to the chart's width, the whole text in its tool tip, the banner and the log. Only
// the phase labels stay inside the plot, in their rows.
void TimelineChart::updateOverlays()
{
    if (m_placingOverlays)
        return; // the margin set below lays the chart out again, which calls back here
    const QScopedValueRollback<bool> placing(m_placingOverlays, true);
    QChart* c = chart();
    const qreal left = kChartMargin + 2.0;
    const qreal width = std::max<qreal>(0.0, c->size().width() - 2.0 * left);
    auto placeNotes = [&](qreal top) {
        qreal y = top;
        for (int i = 0; i < 3; ++i) {
            const qreal h = i == 0 ? m_bands->placeFailureNote(m_phaseTrack.phases(), QPointF(left, y), width, m_palette)
                : i == 1           ? m_offScale->place(QPointF(left, y), width)
                                   : m_owners->placeCaption(QPointF(left, y), width);
            if (h > 0.0)
                y += h + 2.0;
        }
        return y - top;
    };
    // Below the "Fit to data" button in the top left corner.
    const qreal top = m_navigator ? std::max<qreal>(kChartMargin, m_navigator->fitToDataButton()->geometry().bottom() + 2.0)
                                  : qreal(kChartMargin);
    const qreal notes = placeNotes(top);
    const int margin = notes > 0.0 ? static_cast<int>(std::ceil(top + notes)) : kChartMargin;
    if (c->margins().top() != margin) {
        c->setMargins(QMargins(kChartMargin, margin, kChartMargin, kChartMargin));
        if (c->layout())
            c->layout()->activate();
    }
    const QRectF plot = c->plotArea();
    std::vector<QRectF> bandRects(m_phaseTrack.phases().size());
    for (std::size_t i = 0; i < m_phaseTrack.phases().size(); ++i) {
        const TimelinePhase& phase = m_phaseTrack.phases()[i];
        if (phase.state == TimelinePhase::State::NotRun)
            continue;
        const double end
            = std::isnan(phase.endSeconds) ? std::max(m_store.lastSeconds(), phase.startSeconds) : phase.endSeconds;
        const QPointF topLeft = c->mapToPosition(QPointF(phase.startSeconds, m_axisY->max()), m_allocated);
        const QPointF bottomRight = c->mapToPosition(QPointF(end, m_axisY->min()), m_allocated);
        QRectF rect = QRectF(topLeft, bottomRight).normalized().intersected(plot);
        if (rect.width() <= 0.0)
            continue;
        // A phase that failed at once still gets a band one can see (and point at).
        constexpr qreal kMinBadBandWidth = 6.0; // pixels
        const bool bad
            = phase.state == TimelinePhase::State::OutOfMemory || phase.state == TimelinePhase::State::Failed;
        if (bad && rect.width() < kMinBadBandWidth)
            rect.setWidth(std::min(kMinBadBandWidth, plot.right() - rect.left()));
        bandRects[i] = rect;
    }
    m_bands->layout(m_phaseTrack.phases(), bandRects, plot, m_highlight, m_palette);
}


QString TimelineChart::describeAt(double seconds) const
{
    return TimelineHoverText::describe(m_store, m_phaseTrack.phases(), m_unit, seconds, phaseAt(seconds));
}

QString TimelineChart::describeAtPosition(QPointF pos) const
{
    const QPointF inChart = chart()->mapFromScene(mapToScene(pos.toPoint()));
    const double seconds = chart()->mapToValue(inChart, m_allocated).x();
    const int band = m_bands->indexAt(inChart);
    return TimelineHoverText::describe(m_store, m_phaseTrack.phases(), m_unit, seconds, band >= 0 ? band : phaseAt(seconds));
}

std::size_t TimelineChart::memoryBytes() const
{
    const auto pointBytes
        = [](const QList<QPointF>& l) { return static_cast<std::size_t>(l.capacity()) * sizeof(QPointF); };
    return m_store.memoryBytes() + pointBytes(m_allocatedPoints) + pointBytes(m_reservedPoints)
        + pointBytes(m_devicePoints) + m_phaseTrack.phases().capacity() * sizeof(TimelinePhase);
}

QImage TimelineChart::toImage(QSize size) { return TimelineExporter(*this).toImage(size); }

bool TimelineChart::writeSvg(const QString& path, QSize size) { return TimelineExporter(*this).writeSvg(path, size); }

void TimelineChart::layoutAt(QSizeF size)
{
    chart()->resize(size);
    updateOverlays();
}

} // namespace iteragpu::gui
