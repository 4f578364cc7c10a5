// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "app/gui/timeline/offscalenote.h"
#include "app/gui/timeline/ownerareas.h"
#include "app/gui/timeline/phasebands.h"
#include "app/gui/timeline/phasetrack.h"
#include "app/gui/timeline/timelinephase.h"
#include "app/gui/timeline/timelinesample.h"
#include "app/gui/timeline/timelinestore.h"
#include "core/units/units.h"

#include <QChartView>
#include <QList>
#include <QPointF>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QAreaSeries;
class QLineSeries;
class QScatterSeries;
class QXYSeries;
class QTimer;
class QValueAxis;

namespace iteragpu::gui {

class TimelineNavigator;

// The live timeline: allocated and reserved bytes over time (plus the device-level reading when the backend has
// one), phase bands shaded and labelled, a marker at each phase's peaks, lines for the device capacity and the
// sizing estimate, and the step line of the predicted peak per phase (each phase's prediction over its band).
// Samples go into a bucketed store (see Note [Bucketed timeline]); a UI timer rebuilds the
// series with one replace() each when something changed, never per sample, with animations off.
// The memory axis fits the data; the capacity and the estimate join it only when close to the data
// (kLevelJoinFactor), else they are named in an off-scale note. Zoom: the wheel (time) and Ctrl/Shift+wheel
// (memory) over the plot, a rubber band, the keys, the context menu; "Fit to data" (tool button, double click,
// 0 or Home) goes back. Bands and labels: PhaseBands; pictures: TimelineExporter; colours: Palette.
class TimelineChart : public QChartView {
    Q_OBJECT
public:
    explicit TimelineChart(QWidget* parent = nullptr);
    ~TimelineChart() override;

    void clear();
    void addSamples(const std::vector<TimelineSample>& samples);
    void addSample(const TimelineSample& sample);
    // predictedPeakAllocated: the workload's prediction for the phase (drawn as its step of the prediction line).
    void beginPhase(const QString& name, double seconds, std::optional<std::uint64_t> predictedPeakAllocated = {});
    // Closes the running phase of that name (or adds it when it never began, e.g. a phase not run).
    void endPhase(const TimelinePhase& phase);

    static constexpr double kLevelJoinFactor = 2.0; // a level line within 2x of the data's top joins the scale

    // The device's reported capacity; drawn as a line when it fits the scale, else named in the off-scale note.
    void setCapacityBytes(std::optional<std::uint64_t> bytes);
    // The sizing estimate; the sizing panel calls this. nullopt hides the line. Off the scale: named in the note.
    void setEstimateBytes(std::optional<std::uint64_t> bytes);
    // Shown above the chart, e.g. "sim:0 · simulated, not a GPU measurement".
    void setDeviceLabel(const QString& text);
    void setUnit(units::Unit unit);
    units::Unit unit() const { return m_unit; }

    // Allocated by owner: each finished phase's owners at its peak moment as stacked areas (OwnerAreas), under
    // the lines. The action is checkable, in the context menu and the window's View menu; off by default.
    void setOwnerColouring(bool on);
    bool ownerColouring() const { return m_owners->shown(); }
    QAction* ownerColouringAction() const { return m_ownerAction; }
    const OwnerAreas& ownerAreas() const { return *m_owners; }

    // -1 clears the highlight.
    void highlightPhase(int index);
    int highlightedPhase() const { return m_highlight; }
    // Fit to data: both axes back to the range of the data (and the level lines close to it).
    void resetZoom();
    bool isZoomed() const { return !m_autoRange; }
    // The wheel, the keys, the context menu's zoom actions and the "Fit to data" button.
    TimelineNavigator& navigator() const { return *m_navigator; }

    // Rebuilds the series from the store now (the UI timer calls this at most ~30 times a second).
    void refresh();

    // For the export (TimelineExporter): the chart rendered at a given size, as a picture or as an SVG file.
    QImage toImage(QSize size);
    bool writeSvg(const QString& path, QSize size = QSize(1200, 600));
    // Resizes the chart inside the view and lays the overlays out again (the exporter's render size and back).
    void layoutAt(QSizeF size);

    // Hover text at a time: time, phase and the three values in bytes and in the unit.
    QString describeAt(double seconds) const;
    // Hover text at a point of the view: the phase is the band under it (a band too narrow for its label is
    // still named here), else the one running at that time.
    QString describeAtPosition(QPointF pos) const;

    const TimelineStore& store() const { return m_store; }
    const std::vector<TimelinePhase>& phases() const { return m_phaseTrack.phases(); }
    QLineSeries* allocatedSeries() const { return m_allocated; }
    QLineSeries* reservedSeries() const { return m_reserved; }
    QLineSeries* deviceSeries() const { return m_device; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    QLineSeries* estimateSeries() const { return m_estimate; }
    // Two points per phase with a prediction, (start, predicted) and (end, predicted), in run order.
    QLineSeries* predictionSeries() const { return m_prediction; }
    QScatterSeries* peakSeries() const { return m_peaks; }
    QValueAxis* axisX() const { return m_axisX; }
    QValueAxis* axisY() const { return m_axisY; }
    const PhaseBands& bands() const { return *m_bands; }
    const Palette& chartPalette() const { return m_palette; }
    // The note naming the level lines above the visible scale; empty when there is none.
    QString offScaleText() const { return m_offScale->text(); }
    QRectF offScaleRect() const { return m_offScale->rect(); } // chart coordinates; empty when hidden
    std::size_t memoryBytes() const;

signals:
    void phaseClicked(int index);

protected:
    void changeEvent(QEvent* event) override;
private:
    void applyPalette();
    void retranslateUi();
    void updateRanges();
    void setRange(double x0, double x1, double y0, double y1);
    void updateLevelLines();
    void setSeriesAttached(QXYSeries* series, bool attached);
    void applySeriesColors(QXYSeries* series);
    std::uint64_t dataTop() const; // bytes: the highest value the data and the phase peaks reach
    std::optional<std::uint64_t> predictionTop() const; // bytes: the highest prediction of a drawn phase
    void rebuildPrediction();
    bool joinsScale(std::optional<std::uint64_t> level) const; // see kLevelJoinFactor
    void updateOverlays();
    QString levelText(std::uint64_t bytes) const;
    void rebuildPeaks();
    double toUnitValue(std::uint64_t bytes) const;
    int phaseAt(double seconds) const;

    TimelineStore m_store;
    PhaseTrack m_phaseTrack;
    Palette m_palette;
    units::Unit m_unit = units::Unit::GiB;
    std::optional<std::uint64_t> m_capacityBytes;
    std::optional<std::uint64_t> m_estimateBytes;
    QString m_deviceLabel;
    int m_highlight = -1;
    bool m_dirty = false;
    bool m_autoRange = true;
    bool m_placingOverlays = false; // updateOverlays() is laying the chart out (Note [Notes above the plot])
    bool m_settingRange = false;

    QLineSeries* m_allocated = nullptr;
    QLineSeries* m_reserved = nullptr;
    QLineSeries* m_device = nullptr;
    QLineSeries* m_capacity = nullptr;
    QLineSeries* m_estimate = nullptr;
    QLineSeries* m_prediction = nullptr;
    QScatterSeries* m_peaks = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    std::unique_ptr<OwnerAreas> m_owners;
    QAction* m_ownerAction = nullptr;
    std::unique_ptr<OffScaleNote> m_offScale;
    std::unique_ptr<PhaseBands> m_bands;
    QTimer* m_refreshTimer = nullptr;
    TimelineNavigator* m_navigator = nullptr;
    // Pre-sized point buffers, reused by every refresh.
    QList<QPointF> m_allocatedPoints;
    QList<QPointF> m_reservedPoints;
    QList<QPointF> m_devicePoints;
};

} // namespace iteragpu::gui
