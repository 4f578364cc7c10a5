// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinechart.h"

#include <QApplication>
#include <QBrush>
#include <QChart>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QKeyEvent>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPen>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

namespace {

    constexpr int kRefreshIntervalMs = 33; // at most ~30 refreshes a second
    constexpr double kCapacityScaleFactor = 4.0; // capacity joins the scale when within 4x of the data
    constexpr qreal kBandZ = 1.5; // above the plot background, below the grid and the series
    constexpr qreal kLabelZ = 20.0;

    double niceCeil(double value)
    {
        if (!(value > 0.0))
            return 1.0;
        const double exponent = std::floor(std::log10(value));
        const double base = std::pow(10.0, exponent);
        const double fraction = value / base;
        double nice = 10.0;
        if (fraction <= 1.0)
            nice = 1.0;
        else if (fraction <= 2.0)
            nice = 2.0;
        else if (fraction <= 2.5)
            nice = 2.5;
        else if (fraction <= 5.0)
            nice = 5.0;
        return nice * base;
    }

    // A tick step of 1, 2, 2.5 or 5 times a power of ten giving about `ticks` intervals over range.
    double niceStep(double range, int ticks)
    {
        if (!(range > 0.0))
            return 1.0;
        return niceCeil(range / ticks);
    }

    int decimalsForStep(double step)
    {
        if (!(step > 0.0))
            return 0;
        int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step))));
        // 0.25-style steps need one more digit.
        if (std::abs(std::round(step * std::pow(10.0, decimals)) - step * std::pow(10.0, decimals)) > 1e-9)
            ++decimals;
        return std::min(decimals, 6);
    }

    QColor bandColor(const TimelinePhase& phase, int index, bool highlighted)
    {
        if (highlighted)
            return QColor(255, 196, 0, 80);
        switch (phase.state) {
        case TimelinePhase::State::OutOfMemory:
        case TimelinePhase::State::Failed:
            return QColor(220, 30, 30, 60);
        case TimelinePhase::State::NotRun:
            return QColor(0, 0, 0, 0);
        default:
            return index % 2 == 0 ? QColor(70, 130, 180, 30) : QColor(120, 120, 120, 22);
        }
    }

} // namespace

TimelineChart::TimelineChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("TimelineChart"));
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setLocalizeNumbers(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
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

    auto addLine = [&](const QColor& color, qreal width, Qt::PenStyle style) {
        auto* series = new QLineSeries(this);
        QPen pen(color);
        pen.setWidthF(width);
        pen.setStyle(style);
        series->setPen(pen);
        series->setPointsVisible(false);
        chart->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        return series;
    };
    m_reserved = addLine(QColor(230, 126, 34), 2.0, Qt::SolidLine);
    m_allocated = addLine(QColor(31, 119, 180), 2.0, Qt::SolidLine);
    m_device = addLine(QColor(44, 160, 44), 1.5, Qt::SolidLine); // solid: a dashed 2000-point line repaints ~10x slower
    m_capacity = addLine(QColor(160, 0, 0), 1.5, Qt::DashDotLine);
    m_estimate = addLine(QColor(128, 60, 170), 1.5, Qt::DashLine);
    // Lines without data leave the chart (and the legend) until they have some.
    for (QLineSeries* series : { m_device, m_capacity, m_estimate })
        setSeriesAttached(series, false);

    m_peaks = new QScatterSeries(this);
    m_peaks->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_peaks->setMarkerSize(11.0);
    m_peaks->setColor(QColor(200, 30, 30));
    m_peaks->setBorderColor(Qt::white);
    chart->addSeries(m_peaks);
    m_peaks->attachAxis(m_axisX);
    m_peaks->attachAxis(m_axisY);
    setSeriesAttached(m_peaks, false); // no "Phase peak" legend entry before a phase has ended

    const qsizetype budget = static_cast<qsizetype>(m_store.budget());
    m_allocatedPoints.reserve(budget);
    m_reservedPoints.reserve(budget);
    m_devicePoints.reserve(budget);

    m_offScaleNote = new QGraphicsSimpleTextItem(chart);
    m_offScaleNote->setZValue(kLabelZ);
    m_offScaleNote->setBrush(QColor(160, 0, 0));
    m_offScaleBox = new QGraphicsRectItem(chart);
    m_offScaleBox->setZValue(kLabelZ - 0.5);
    m_offScaleBox->setBrush(QColor(255, 255, 255, 225));
    m_offScaleBox->setPen(Qt::NoPen);
    m_offScaleBox->hide();
    m_failureNote = new QGraphicsTextItem(chart);
    m_failureNote->setZValue(kLabelZ);
    m_failureNote->setDefaultTextColor(QColor(180, 0, 0));
    m_failureNote->hide();
    // A light box under the note keeps it readable over the curves.
    m_failureBox = new QGraphicsRectItem(chart);
    m_failureBox->setZValue(kLabelZ - 0.5);
    m_failureBox->setBrush(QColor(255, 255, 255, 225));
    m_failureBox->setPen(QPen(QColor(200, 0, 0), 1.0));
    m_failureBox->hide();

    connect(chart, &QChart::plotAreaChanged, this, [this] { updateOverlays(); });
    auto onRange = [this] {
        if (!m_settingRange)
            m_autoRange = false;
        applyTicks(m_axisX);
        applyTicks(m_axisY);
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
    // Series out of the chart are not owned by it.
    for (QLineSeries* series : { m_device, m_capacity, m_estimate })
        if (!chart()->series().contains(series))
            delete series;
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
    } else {
        chart()->removeSeries(series);
    }
}

void TimelineChart::applyTicks(QValueAxis* axis)
{
    const double step = niceStep(axis->max() - axis->min(), 5);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0.0);
    axis->setTickInterval(step);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsForStep(step)) + QStringLiteral("f"));
}

void TimelineChart::retranslateUi()
{
    chart()->setLocale(QLocale());
    m_allocated->setName(tr("Allocated"));
    m_reserved->setName(tr("Reserved"));
    m_device->setName(tr("Device-level (driver)"));
    m_capacity->setName(tr("Device capacity"));
    m_estimate->setName(tr("Sizing estimate"));
    m_peaks->setName(tr("Phase peak"));
    m_axisX->setTitleText(tr("Time (s)"));
    //: %1 is the unit symbol, GB or GiB, never translated
    m_axisY->setTitleText(tr("Memory (%1)").arg(QLatin1String(units::unitSymbol(m_unit))));
    chart()->setTitle(m_deviceLabel);
    updateOverlays();
}

void TimelineChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
}

void TimelineChart::clear()
{
    m_store.clear();
    m_phases.clear();
    for (BandItems& band : m_bands) {
        delete band.rect;
        delete band.label;
    }
    m_bands.clear();
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
    trackPhaseMaxima(sample);
    m_dirty = true;
}

void TimelineChart::trackPhaseMaxima(const TimelineSample& sample)
{
    if (m_phases.empty() || m_phases.back().finished())
        return;
    TimelinePhase& phase = m_phases.back();
    if (sample.allocated > phase.sampledMaxAllocated || std::isnan(phase.peakAllocatedSeconds)) {
        phase.sampledMaxAllocated = std::max(phase.sampledMaxAllocated, sample.allocated);
        phase.peakAllocatedSeconds = sample.seconds;
    }
    if (sample.reserved > phase.sampledMaxReserved || std::isnan(phase.peakReservedSeconds)) {
        phase.sampledMaxReserved = std::max(phase.sampledMaxReserved, sample.reserved);
        phase.peakReservedSeconds = sample.seconds;
    }
}

void TimelineChart::beginPhase(const QString& name, double seconds)
{
    TimelinePhase phase;
    phase.name = name;
    phase.startSeconds = seconds;
    m_phases.push_back(phase);
    m_dirty = true;
}

void TimelineChart::endPhase(const TimelinePhase& result)
{
    auto it = std::find_if(m_phases.rbegin(), m_phases.rend(),
        [&](const TimelinePhase& p) { return p.name == result.name && !p.finished(); });
    if (it == m_phases.rend()) {
        m_phases.push_back(result);
        TimelinePhase& added = m_phases.back();
        if (std::isnan(added.startSeconds))
            added.startSeconds = std::isnan(added.endSeconds) ? m_store.lastSeconds() : added.endSeconds;
        if (std::isnan(added.endSeconds))
            added.endSeconds = added.startSeconds;
    } else {
        TimelinePhase& phase = *it;
        if (!std::isnan(result.startSeconds))
            phase.startSeconds = result.startSeconds; // the worker's own clock, read after the baseline
        phase.endSeconds = std::isnan(result.endSeconds) ? m_store.lastSeconds() : result.endSeconds;
        phase.state = result.state == TimelinePhase::State::Running ? TimelinePhase::State::Ok : result.state;
        phase.message = result.message;
        phase.peakAllocated = result.peakAllocated;
        phase.peakReserved = result.peakReserved;
    }
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

void TimelineChart::highlightPhase(int index)
{
    m_highlight = (index >= 0 && index < static_cast<int>(m_phases.size())) ? index : -1;
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
    updateLevelLines();
    updateRanges();
    updateOverlays();
}

void TimelineChart::rebuildPeaks()
{
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(m_phases.size()) * 2);
    for (const TimelinePhase& phase : m_phases) {
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
    // The lines span the visible time range, so they stay drawn at any zoom.
    const double x0 = m_axisX->min();
    const double x1 = m_axisX->max();
    auto levelLine = [&](std::optional<std::uint64_t> bytes) {
        QList<QPointF> points;
        if (bytes)
            points << QPointF(x0, toUnitValue(*bytes)) << QPointF(x1, toUnitValue(*bytes));
        return points;
    };
    m_estimate->replace(levelLine(m_estimateBytes));
    setSeriesAttached(m_estimate, m_estimateBytes.has_value());

    const bool onScale = capacityOnScale();
    m_capacity->replace(levelLine(onScale ? m_capacityBytes : std::nullopt));
    setSeriesAttached(m_capacity, onScale);
    if (m_capacityBytes && !onScale) {
        //: %1 is the device capacity with its unit, e.g. "80,00 GiB"; its line is above the chart's scale
        m_offScaleNote->setText(tr("Device capacity %1 is above the scale ↑")
                                    .arg(QLocale().toString(toUnitValue(*m_capacityBytes), 'f', 2) + QLatin1Char(' ')
                                        + QLatin1String(units::unitSymbol(m_unit))));
        m_offScaleNote->show();
    } else {
        m_offScaleNote->hide();
    }
}

std::uint64_t TimelineChart::dataTop() const
{
    std::uint64_t top
        = std::max({ m_store.maxAllocated(), m_store.maxReserved(), m_store.maxDevice(), m_estimateBytes.value_or(0) });
    for (const TimelinePhase& phase : m_phases)
        top = std::max({ top, phase.peakAllocated.value_or(0), phase.peakReserved.value_or(0) });
    return top;
}

bool TimelineChart::capacityOnScale() const
{
    if (!m_capacityBytes)
        return false;
    const std::uint64_t top = dataTop();
    return top == 0 || static_cast<double>(*m_capacityBytes) <= kCapacityScaleFactor * static_cast<double>(top);
}

void TimelineChart::setRange(double x0, double x1, double y0, double y1)
{
    m_settingRange = true;
    m_axisX->setRange(x0, x1);
    m_axisY->setRange(y0, y1);
    m_settingRange = false;
}

void TimelineChart::updateRanges()
{
    double span = m_store.empty() ? 0.0 : m_store.lastSeconds();
    for (const TimelinePhase& phase : m_phases)
        if (!std::isnan(phase.endSeconds))
            span = std::max(span, phase.endSeconds);
    const double xStep = niceStep(span > 0.0 ? span : 1.0, 6);
    const double xMax = span > 0.0 ? std::max(xStep, std::ceil(span / xStep - 1e-9) * xStep) : 1.0;

    std::uint64_t top = dataTop();
    if (capacityOnScale())
        top = std::max(top, *m_capacityBytes);
    const double topUnit = toUnitValue(top) * 1.04;
    const double yStep = niceStep(topUnit > 0.0 ? topUnit : 1.0, 5);
    const double yMax = std::max(yStep, std::ceil(topUnit / yStep - 1e-9) * yStep);
    if (m_autoRange)
        setRange(0.0, xMax, 0.0, yMax);
    applyTicks(m_axisX);
    applyTicks(m_axisY);
}

int TimelineChart::phaseAt(double seconds) const
{
    for (int i = static_cast<int>(m_phases.size()) - 1; i >= 0; --i) {
        const TimelinePhase& p = m_phases[static_cast<std::size_t>(i)];
        const double end = std::isnan(p.endSeconds) ? m_store.lastSeconds() : p.endSeconds;
        if (p.state != TimelinePhase::State::NotRun && seconds >= p.startSeconds && seconds <= end)
            return i;
    }
    return -1;
}

void TimelineChart::updateOverlays()
{
    QChart* c = chart();
    const QRectF plot = c->plotArea();
    while (m_bands.size() < m_phases.size()) {
        BandItems band;
        band.rect = new QGraphicsRectItem(c);
        band.rect->setZValue(kBandZ);
        band.rect->setPen(Qt::NoPen);
        band.label = new QGraphicsSimpleTextItem(c);
        band.label->setZValue(kLabelZ);
        m_bands.push_back(band);
    }
    const QFontMetrics metrics(m_bands.empty() ? QFont() : m_bands.front().label->font());
    const double yTop = m_axisY->max();
    const double yBottom = m_axisY->min();
    const TimelinePhase* failed = nullptr;
    QRectF failedRect;
    for (std::size_t i = 0; i < m_phases.size(); ++i) {
        const TimelinePhase& phase = m_phases[i];
        BandItems& band = m_bands[i];
        const double end
            = std::isnan(phase.endSeconds) ? std::max(m_store.lastSeconds(), phase.startSeconds) : phase.endSeconds;
        const QPointF topLeft = c->mapToPosition(QPointF(phase.startSeconds, yTop), m_allocated);
        const QPointF bottomRight = c->mapToPosition(QPointF(end, yBottom), m_allocated);
        QRectF rect = QRectF(topLeft, bottomRight).normalized().intersected(plot);
        if (phase.state == TimelinePhase::State::NotRun || rect.width() <= 0.0 || plot.isEmpty()) {
            band.rect->hide();
            band.label->hide();
            continue;
        }
        const bool highlighted = static_cast<int>(i) == m_highlight;
        const bool bad
            = phase.state == TimelinePhase::State::OutOfMemory || phase.state == TimelinePhase::State::Failed;
        // A phase that failed at once still gets a band one can see.
        constexpr qreal kMinBadBandWidth = 6.0; // pixels
        if (bad && rect.width() < kMinBadBandWidth)
            rect.setWidth(std::min(kMinBadBandWidth, plot.right() - rect.left()));
        band.rect->setRect(rect);
        band.rect->setBrush(bandColor(phase, static_cast<int>(i), highlighted));
        band.rect->setPen(
            highlighted ? QPen(QColor(200, 140, 0), 1.5) : (bad ? QPen(QColor(200, 0, 0), 1.0) : Qt::NoPen));
        band.rect->show();
        // The label: the phase's identifier, elided to the band; hidden when there is no room at all.
        const int room = static_cast<int>(rect.width()) - 4;
        const QString text = metrics.elidedText(phase.name, Qt::ElideRight, room);
        if (room < metrics.horizontalAdvance(QStringLiteral("m…")) || text.isEmpty()) {
            band.label->hide();
        } else {
            band.label->setText(text);
            band.label->setBrush(bad ? QColor(180, 0, 0) : QColor(60, 60, 60));
            // Labels alternate between two rows so neighbours do not touch.
            const qreal row = (i % 2 == 0) ? 2.0 : 2.0 + metrics.height();
            band.label->setPos(rect.left() + 2.0, rect.top() + row);
            band.label->show();
        }
        if (bad && !failed) {
            failed = &phase;
            failedRect = rect;
        }
    }
    for (std::size_t i = m_phases.size(); i < m_bands.size(); ++i) {
        m_bands[i].rect->hide();
        m_bands[i].label->hide();
    }

    if (failed) {
        const QString what = failed->state == TimelinePhase::State::OutOfMemory ? tr("Out of memory") : tr("Failed");
        // The chart shows the start of the message; the banner, the table's tooltip and the log have all of it.
        constexpr int kNoteChars = 150;
        QString message = failed->message;
        if (message.size() > kNoteChars)
            message = message.left(kNoteChars).trimmed() + QStringLiteral("…");
        //: %1 is "Out of memory" or "Failed", %2 the phase identifier, %3 the runtime's own error text
        m_failureNote->setPlainText(tr("%1 in %2: %3").arg(what, failed->name, message));
        const qreal width = std::clamp<qreal>(plot.width() * 0.45, 160.0, 420.0);
        m_failureNote->setTextWidth(width);
        const QRectF textRect = m_failureNote->boundingRect();
        const qreal x = std::clamp(failedRect.left() - width - 8.0, plot.left() + 6.0, plot.right() - width - 6.0);
        const qreal y = plot.top() + 2.0 * metrics.height() + 10.0;
        m_failureNote->setPos(x, y);
        m_failureBox->setRect(QRectF(QPointF(x, y), textRect.size()));
        m_failureNote->show();
        m_failureBox->show();
    } else {
        m_failureNote->hide();
        m_failureBox->hide();
    }
    m_offScaleBox->hide();
    if (m_offScaleNote->isVisible()) {
        const QRectF r = m_offScaleNote->boundingRect();
        // Beside the title when there is room (the title is centred on the chart); else, in longer languages,
        // inside the plot's top right corner on a light box, so the two texts never overlap.
        const qreal titleRight
            = c->size().width() / 2.0 + QFontMetricsF(c->titleFont()).horizontalAdvance(c->title()) / 2.0;
        const qreal x = plot.right() - r.width() - 2.0;
        if (x > titleRight + 8.0) {
            m_offScaleNote->setPos(x, plot.top() - r.height() - 3.0);
        } else {
            m_offScaleNote->setPos(x - 2.0, plot.top() + 3.0);
            m_offScaleBox->setRect(m_offScaleNote->pos().x() - 3.0, m_offScaleNote->pos().y() - 1.0,
                r.width() + 6.0, r.height() + 2.0);
            m_offScaleBox->show();
        }
    }
}

QString TimelineChart::formatBytes(std::optional<std::uint64_t> bytes) const
{
    if (!bytes)
        return QStringLiteral("—");
    const QLocale locale;
    //: %1 is a number of bytes with thousands separators, %2 the same amount in the unit, %3 the unit symbol
    return tr("%1 bytes (%2 %3)")
        .arg(locale.toString(static_cast<qulonglong>(*bytes)), locale.toString(toUnitValue(*bytes), 'f', 2),
            QLatin1String(units::unitSymbol(m_unit)));
}

QString TimelineChart::describeAt(double seconds) const
{
    const QLocale locale;
    const std::ptrdiff_t index = m_store.bucketAt(seconds);
    const int phase = phaseAt(seconds);
    QStringList lines;
    //: %1 is the time since the run started, in seconds
    lines << tr("Time: %1 s").arg(locale.toString(seconds, 'f', 3));
    //: %1 is a phase identifier such as cold_forward
    lines << tr("Phase: %1").arg(phase >= 0 ? m_phases[static_cast<std::size_t>(phase)].name : tr("none"));
    if (index < 0) {
        lines << tr("No samples yet");
        return lines.join(QLatin1Char('\n'));
    }
    const TimelineStore::Bucket& b = m_store.buckets()[static_cast<std::size_t>(index)];
    //: %1 is an amount such as "1 073 741 824 bytes (1,00 GiB)"
    lines << tr("Allocated: %1").arg(formatBytes(b.allocated));
    //: %1 is an amount such as "1 073 741 824 bytes (1,00 GiB)"
    lines << tr("Reserved: %1").arg(formatBytes(b.reserved));
    //: %1 is an amount, or a dash when the backend has no device-level reading
    lines << tr("Device-level: %1").arg(b.hasDevice ? formatBytes(b.device) : QStringLiteral("—"));
    if (b.count > 1)
        //: %n number of samples merged into this point of the chart
        lines << tr("Highest of %n samples", nullptr, static_cast<int>(b.count));
    return lines.join(QLatin1Char('\n'));
}

std::size_t TimelineChart::memoryBytes() const
{
    const auto pointBytes
        = [](const QList<QPointF>& l) { return static_cast<std::size_t>(l.capacity()) * sizeof(QPointF); };
    return m_store.memoryBytes() + pointBytes(m_allocatedPoints) + pointBytes(m_reservedPoints)
        + pointBytes(m_devicePoints) + m_phases.capacity() * sizeof(TimelinePhase);
}

void TimelineChart::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton
        || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))) {
        m_panning = true;
        m_panLast = event->position().toPoint();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton)
        m_panLast = event->position().toPoint();
    QChartView::mousePressEvent(event);
}

void TimelineChart::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (m_panning) {
        const QPoint delta = pos - m_panLast;
        m_panLast = pos;
        chart()->scroll(-delta.x(), delta.y());
        event->accept();
        return;
    }
    if (chart()->plotArea().contains(pos)) {
        const QPointF value = chart()->mapToValue(pos, m_allocated);
        QToolTip::showText(event->globalPosition().toPoint(), describeAt(value.x()), this);
    } else {
        QToolTip::hideText();
    }
    QChartView::mouseMoveEvent(event);
}

void TimelineChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    const QPoint pos = event->position().toPoint();
    if (event->button() == Qt::LeftButton && (pos - m_panLast).manhattanLength() < 4
        && chart()->plotArea().contains(pos)) {
        const int phase = phaseAt(chart()->mapToValue(pos, m_allocated).x());
        highlightPhase(phase);
        emit phaseClicked(phase);
    }
    QChartView::mouseReleaseEvent(event);
}

void TimelineChart::mouseDoubleClickEvent(QMouseEvent* event)
{
    resetZoom();
    event->accept();
}

void TimelineChart::wheelEvent(QWheelEvent* event)
{
    const QPointF pos = event->position();
    if (!chart()->plotArea().contains(pos) || event->angleDelta().y() == 0) {
        QChartView::wheelEvent(event);
        return;
    }
    // Zoom the time axis around the cursor.
    const double factor = event->angleDelta().y() > 0 ? 0.8 : 1.25;
    const double x = chart()->mapToValue(pos, m_allocated).x();
    const double x0 = x - (x - m_axisX->min()) * factor;
    const double x1 = x + (m_axisX->max() - x) * factor;
    if (x1 - x0 > 1e-6)
        m_axisX->setRange(x0, x1);
    event->accept();
}

void TimelineChart::keyPressEvent(QKeyEvent* event)
{
    const qreal step = chart()->plotArea().width() / 10.0;
    switch (event->key()) {
    case Qt::Key_Left:
        chart()->scroll(-step, 0);
        break;
    case Qt::Key_Right:
        chart()->scroll(step, 0);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        chart()->zoom(1.25);
        break;
    case Qt::Key_Minus:
        chart()->zoom(0.8);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        resetZoom();
        break;
    default:
        QChartView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineChart::leaveEvent(QEvent* event)
{
    QToolTip::hideText();
    QChartView::leaveEvent(event);
}

QImage TimelineChart::toImage(QSize size)
{
    if (m_dirty)
        refresh();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QChart* c = chart();
    const QSizeF oldSize = c->size();
    c->resize(size);
    updateOverlays();
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing, true);
        scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), QRectF(c->pos(), QSizeF(size)));
    }
    c->resize(oldSize);
    updateOverlays();
    return image;
}

bool TimelineChart::writeSvg(const QString& path, QSize size)
{
    if (m_dirty)
        refresh();
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(tr("Memory timeline"));
    QChart* c = chart();
    const QSizeF oldSize = c->size();
    c->resize(size);
    updateOverlays();
    bool ok = false;
    {
        QPainter painter;
        ok = painter.begin(&generator);
        if (ok) {
            scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), QRectF(c->pos(), QSizeF(size)));
            ok = painter.end();
        }
    }
    c->resize(oldSize);
    updateOverlays();
    return ok;
}

} // namespace iteragpu::gui
