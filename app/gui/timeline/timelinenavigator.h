// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPoint>
#include <QPointF>

class QAction;
class QToolButton;
class QWidget;

namespace iteragpu::gui {

class TimelineChart;

// How one moves about the timeline: the wheel zooms time around the cursor, Ctrl+wheel or Shift+wheel zooms
// memory; a rubber band zooms time; Shift+drag or the middle button pans; keys Left/Right pan, Up/Down zoom
// memory, +/- zoom both, 0/Home and a double click fit to data. The same zooms are actions in the chart's
// context menu, and "Fit to data" is also a small tool button in its corner. Works as an event filter on the
// chart view, so the view keeps drawing only.
class TimelineNavigator : public QObject {
    Q_OBJECT
public:
    static constexpr double kZoomIn = 0.8; // one wheel step, key press or menu action
    static constexpr double kZoomOut = 1.25;

    explicit TimelineNavigator(TimelineChart* chart);

    // Zooms the memory axis, keeping its lower end: factor < 1 zooms in.
    void zoomMemory(double factor);
    // Zooms the time axis around its middle.
    void zoomTime(double factor);
    // Enables "Fit to data" while the axes are not the data's own.
    void setZoomed(bool zoomed);
    void retranslateUi();

    QAction* fitToDataAction() const { return m_fitAction; }
    QAction* zoomInTimeAction() const { return m_zoomInTimeAction; }
    QAction* zoomOutTimeAction() const { return m_zoomOutTimeAction; }
    QAction* zoomInMemoryAction() const { return m_zoomInMemoryAction; }
    QAction* zoomOutMemoryAction() const { return m_zoomOutMemoryAction; }
    QToolButton* fitToDataButton() const { return m_fitButton; }

signals:
    // A click (not a drag) inside the plot, in view coordinates.
    void clicked(QPointF pos);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool mouseEvent(QEvent* event);
    bool wheel(QEvent* event);
    bool key(QEvent* event);
    void contextMenu(QEvent* event);

    TimelineChart* m_chart;
    // The chart's viewport, kept at construction: events still reach the filter while the chart is being
    // destroyed, when calling m_chart->viewport() would be a call on a half-destroyed QAbstractScrollArea.
    QWidget* m_viewport = nullptr;
    bool m_panning = false;
    QPoint m_pressAt;
    QPoint m_panLast;
    QAction* m_fitAction = nullptr;
    QAction* m_zoomInTimeAction = nullptr;
    QAction* m_zoomOutTimeAction = nullptr;
    QAction* m_zoomInMemoryAction = nullptr;
    QAction* m_zoomOutMemoryAction = nullptr;
    QToolButton* m_fitButton = nullptr;
};

} // namespace iteragpu::gui
