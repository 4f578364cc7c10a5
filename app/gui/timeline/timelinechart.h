// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/timeline/timelinephase.h"
#include "app/gui/timeline/timelinesample.h"
#include "app/gui/timeline/timelinestore.h"
#include "core/units/units.h"

#include <QChartView>
#include <QList>
#include <QPointF>
#include <optional>
#include <vector>

class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QGraphicsTextItem;
class QLineSeries;
class QScatterSeries;
class QXYSeries;
class QTimer;
class QValueAxis;

namespace iteragpu::gui {

// The live timeline: allocated and reserved bytes over time (plus the device-level reading when the backend has
// one), phase bands shaded and labelled, a marker at each phase's peaks, lines for the device capacity and the
// sizing estimate. Samples go into a bucketed store (see Note [Bucketed timeline]); a UI timer rebuilds the
// series with one replace() each when something changed, never per sample, with animations off.
class TimelineChart : public QChartView {
    Q_OBJECT
public:
    explicit TimelineChart(QWidget* parent = nullptr);
    ~TimelineChart() override;

    void clear();
    void addSamples(const std::vector<TimelineSample>& samples);
    void addSample(const TimelineSample& sample);
    void beginPhase(const QString& name, double seconds);
    // Closes the running phase of that name (or adds it when it never began, e.g. a phase not run).
    void endPhase(const TimelinePhase& phase);

    // The device's reported capacity; drawn as a line when it fits the scale, else named in the corner.
    void setCapacityBytes(std::optional<std::uint64_t> bytes);
    // The sizing estimate; the sizing panel calls this. nullopt hides the line.
    void setEstimateBytes(std::optional<std::uint64_t> bytes);
    // Shown above the chart, e.g. "sim:0 · simulated, not a GPU measurement".
    void setDeviceLabel(const QString& text);
    void setUnit(units::Unit unit);
    units::Unit unit() const { return m_unit; }

    // -1 clears the highlight.
    void highlightPhase(int index);
    int highlightedPhase() const { return m_highlight; }
    void resetZoom();
    bool isZoomed() const { return !m_autoRange; }

    // Rebuilds the series from the store now (the UI timer calls this at most ~30 times a second).
    void refresh();

    // For the export: the chart rendered at a given size, as a picture or as an SVG file.
    QImage toImage(QSize size);
    bool writeSvg(const QString& path, QSize size = QSize(1200, 600));

    // Hover text at a time: time, phase and the three values in bytes and in the unit.
    QString describeAt(double seconds) const;

    const TimelineStore& store() const { return m_store; }
    const std::vector<TimelinePhase>& phases() const { return m_phases; }
    QLineSeries* allocatedSeries() const { return m_allocated; }
    QLineSeries* reservedSeries() const { return m_reserved; }
    QLineSeries* deviceSeries() const { return m_device; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    QLineSeries* estimateSeries() const { return m_estimate; }
    QScatterSeries* peakSeries() const { return m_peaks; }
    QValueAxis* axisX() const { return m_axisX; }
    QValueAxis* axisY() const { return m_axisY; }
    std::size_t memoryBytes() const;

signals:
    void phaseClicked(int index);

protected:
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct BandItems {
        QGraphicsRectItem* rect = nullptr;
        QGraphicsSimpleTextItem* label = nullptr;
    };

    void retranslateUi();
    void updateRanges();
    void setRange(double x0, double x1, double y0, double y1);
    void updateLevelLines();
    void setSeriesAttached(QXYSeries* series, bool attached);
    void applyTicks(QValueAxis* axis);
    std::uint64_t dataTop() const; // bytes: the highest value the data, the peaks and the estimate reach
    bool capacityOnScale() const;
    void updateOverlays();
    void rebuildPeaks();
    double toUnitValue(std::uint64_t bytes) const;
    QString formatBytes(std::optional<std::uint64_t> bytes) const;
    int phaseAt(double seconds) const;
    void trackPhaseMaxima(const TimelineSample& sample);

    TimelineStore m_store;
    std::vector<TimelinePhase> m_phases;
    std::vector<BandItems> m_bands;
    units::Unit m_unit = units::Unit::GiB;
    std::optional<std::uint64_t> m_capacityBytes;
    std::optional<std::uint64_t> m_estimateBytes;
    QString m_deviceLabel;
    int m_highlight = -1;
    bool m_dirty = false;
    bool m_autoRange = true;
    bool m_settingRange = false;
    bool m_panning = false;
    QPoint m_panLast;

    QLineSeries* m_allocated = nullptr;
    QLineSeries* m_reserved = nullptr;
    QLineSeries* m_device = nullptr;
    QLineSeries* m_capacity = nullptr;
    QLineSeries* m_estimate = nullptr;
    QScatterSeries* m_peaks = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    QGraphicsSimpleTextItem* m_offScaleNote = nullptr;
    QGraphicsRectItem* m_offScaleBox = nullptr;
    QGraphicsTextItem* m_failureNote = nullptr;
    QGraphicsRectItem* m_failureBox = nullptr;
    QTimer* m_refreshTimer = nullptr;
    // Pre-sized point buffers, reused by every refresh.
    QList<QPointF> m_allocatedPoints;
    QList<QPointF> m_reservedPoints;
    QList<QPointF> m_devicePoints;
};

} // namespace iteragpu::gui
