// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "app/gui/timeline/timelinephase.h"

#include <QCoreApplication>
#include <QFont>
#include <QRectF>
#include <QString>
#include <vector>

class QGraphicsItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QGraphicsTextItem;

namespace iteragpu::gui {

// The timeline's phase bands: one shaded rectangle per phase, its label, and the note naming the first failed
// phase. Items live in the chart's scene (children of `parent`); the chart gives the rectangles in chart
// coordinates (the chart's plot area), the bands lay the labels out.
//
// Note [Phase labels never collide]
// Labels sit on two rows at the top of the plot, each starting at its band's left edge, placed widest band first
// (the longest phase always has its label; a short one's never takes its place). A label is shown whole
// when it fits on a row without touching a label already placed or an obstacle (a note); it may run past its
// narrow band into free space. Else it is cut to its band with at least kMinShownChars characters left, or not
// shown at all: a phase without a label is still named by the hover text over its band (indexAt()), and a cut
// label has the whole name as its tooltip.
class PhaseBands {
    // The chart's own translation context: these sentences were the chart's and keep their translations.
    Q_DECLARE_TR_FUNCTIONS(iteragpu::gui::TimelineChart)
public:
    static constexpr int kMinShownChars = 6; // a shorter stump ("m…", "warm_…") says nothing
    static constexpr int kRows = 2;

    explicit PhaseBands(QGraphicsItem* parent);
    ~PhaseBands();
    PhaseBands(const PhaseBands&) = delete;
    PhaseBands& operator=(const PhaseBands&) = delete;

    void clear();
    // bandRects[i] is phase i's rectangle (empty: not drawn); the labels take rows at the plot's top (the notes are
    // above the plot, Note [Notes above the plot]).
    void layout(const std::vector<TimelinePhase>& phases, const std::vector<QRectF>& bandRects, const QRectF& plot,
        int highlight, const Palette& palette);
    // The note of the first phase that failed, one line at topLeft (chart coordinates, above the plot: it never
    // covers a curve), its error cut to `width` (the whole text is in the banner, the log and the band's hover
    // text). Returns its height, 0 when no phase failed.
    qreal placeFailureNote(const std::vector<TimelinePhase>& phases, QPointF topLeft, qreal width, const Palette& palette);

    // The phase whose band is under the point (chart coordinates), or -1.
    int indexAt(const QPointF& pos) const;
    QRectF bandRect(int index) const;
    // Shown labels only: their text and rectangle (chart coordinates); an empty text means not shown.
    QString labelText(int index) const;
    QRectF labelRect(int index) const;
    // The whole phase name when its label had to be cut (or could not be shown), else empty.
    QString labelToolTip(int index) const;
    QRectF failureNoteRect() const; // empty when no phase failed
    QString failureNoteText() const;

private:
    struct Band {
        QGraphicsRectItem* rect = nullptr;
        QGraphicsSimpleTextItem* label = nullptr;
    };

    qreal rowHeight() const;

    QGraphicsItem* m_parent;
    std::vector<Band> m_bands;
    QGraphicsSimpleTextItem* m_failureNote = nullptr;
};

} // namespace iteragpu::gui
