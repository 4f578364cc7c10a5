// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "app/gui/timeline/timelinephase.h"
#include "core/alloc/owner.h"
#include "core/units/units.h"

#include <QCoreApplication>
#include <QRectF>
#include <QString>
#include <array>
#include <vector>

class QAreaSeries;
class QChart;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QObject;
class QValueAxis;

namespace iteragpu::gui {

// The timeline's "allocated by owner" view: per finished phase, what each owner (weights, KV cache, activations,
// ...) held at the phase's peak moment, stacked as flat areas across the phase's band, one area series per owner
// in alloc::Owner order (weights at the bottom). The samples carry totals only, so the split is drawn as it was
// at the peak moment and a caption inside the plot says so; the allocated line stays drawn over it. The caption
// is the owners' key too (a swatch and a name per owner drawn), wrapped within half the plot's width, so the
// chart's one-row legend keeps room for the lines' names.
//
// The areas are added to the chart before the lines (so they lie under them) and stay there without legend
// markers: an owner without bytes in any phase has no points. Hidden (setShown(false)) every area is empty.
class OwnerAreas {
    // The chart's own translation context.
    Q_DECLARE_TR_FUNCTIONS(iteragpu::gui::TimelineChart)
public:
    OwnerAreas(QChart* chart, QObject* seriesParent, QValueAxis* axisX, QValueAxis* axisY);
    OwnerAreas(const OwnerAreas&) = delete;
    OwnerAreas& operator=(const OwnerAreas&) = delete;

    void setShown(bool shown) { m_shown = shown; }
    bool shown() const { return m_shown; }
    // Rebuilds every area from the phases (bytes in the unit); lastSeconds ends a band still running.
    void rebuild(const std::vector<TimelinePhase>& phases, double lastSeconds, units::Unit unit);
    void setPalette(const Palette& palette);
    void retranslate();
    // Puts the caption and its key at topLeft (chart coordinates: the chart's strip of notes above the plot, so it
    // never covers an area), wrapped to `width`; returns its height, 0 when hidden.
    qreal placeCaption(QPointF topLeft, qreal width);

    QAreaSeries* series(alloc::Owner owner) const { return m_areas[static_cast<std::size_t>(owner)]; }
    // True when an area has points (shown and some phase has owners).
    bool drawn() const { return m_drawn; }
    QString captionText() const; // in one line; empty when hidden
    QString keyText(alloc::Owner owner) const; // the owner's name in the caption; empty when not drawn
    QRectF captionRect() const; // chart coordinates; empty when hidden

private:
    void updateMarkers();

    QChart* m_chart;
    std::array<QAreaSeries*, alloc::kOwnerCount> m_areas {};
    std::array<QLineSeries*, alloc::kOwnerCount> m_upper {};
    std::array<QLineSeries*, alloc::kOwnerCount> m_lower {};
    std::array<bool, alloc::kOwnerCount> m_hasBytes {};
    QString m_captionSource; // the caption in one line; drawn wrapped
    std::array<QString, alloc::kOwnerCount> m_names;
    QGraphicsSimpleTextItem* m_caption = nullptr;
    std::array<QGraphicsRectItem*, alloc::kOwnerCount> m_swatches {};
    std::array<QGraphicsSimpleTextItem*, alloc::kOwnerCount> m_keyTexts {};
    QGraphicsRectItem* m_captionBox = nullptr;
    bool m_shown = false;
    bool m_drawn = false;
};

} // namespace iteragpu::gui
