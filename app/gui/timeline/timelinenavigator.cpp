// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinenavigator.h"

#include "app/gui/timeline/axisticks.h"
#include "app/gui/timeline/timelinechart.h"

#include <QAction>
#include <QChart>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QLineSeries>
#include <QMenu>
#include <QMouseEvent>
#include <QToolButton>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

namespace iteragpu::gui {

TimelineNavigator::TimelineNavigator(TimelineChart* chart)
    : QObject(chart)
    , m_chart(chart)
{
    auto add = [this](auto slot) {
        auto* action = new QAction(this);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_fitAction = add([this] { m_chart->resetZoom(); });
    m_fitAction->setEnabled(false); // nothing to fit before a zoom
    m_zoomInTimeAction = add([this] { zoomTime(kZoomIn); });
    m_zoomOutTimeAction = add([this] { zoomTime(kZoomOut); });
    m_zoomInMemoryAction = add([this] { zoomMemory(kZoomIn); });
    m_zoomOutMemoryAction = add([this] { zoomMemory(kZoomOut); });
    // A small button in the chart's top left corner (the title is centred, the off-scale note on the right).
    m_fitButton = new QToolButton(chart);
    m_fitButton->setObjectName(QStringLiteral("fitToDataButton"));
    m_fitButton->setDefaultAction(m_fitAction);
    m_fitButton->setAutoRaise(true);
    m_fitButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_fitButton->move(2, 2);
    chart->installEventFilter(this); // keys
    m_viewport = chart->viewport();
    m_viewport->installEventFilter(this); // mouse, wheel, context menu
    retranslateUi();
}

void TimelineNavigator::retranslateUi()
{
    m_fitAction->setText(tr("Fit to data"));
    m_fitAction->setToolTip(tr("Fit both axes to the data (double click, 0 or Home)"));
    m_zoomInTimeAction->setText(tr("Zoom in (time)"));
    m_zoomOutTimeAction->setText(tr("Zoom out (time)"));
    m_zoomInMemoryAction->setText(tr("Zoom in (memory)"));
    m_zoomOutMemoryAction->setText(tr("Zoom out (memory)"));
    m_fitButton->adjustSize();
}

void TimelineNavigator::setZoomed(bool zoomed) { m_fitAction->setEnabled(zoomed); }

void TimelineNavigator::zoomTime(double factor)
{
    QValueAxis* x = m_chart->axisX();
    const double center = (x->min() + x->max()) / 2.0;
    const double half = (x->max() - x->min()) / 2.0 * factor;
    if (half > 1e-7)
        AxisTicks::setRange(x, center - half, center + half);
}

void TimelineNavigator::zoomMemory(double factor)
{
    QValueAxis* y = m_chart->axisY();
    const double y0 = y->min();
    const double y1 = y0 + (y->max() - y0) * factor;
    if (y1 - y0 > 1e-9)
        AxisTicks::setRange(y, y0, y1);
}

bool TimelineNavigator::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_chart && event->type() == QEvent::KeyPress)
        return key(event);
    if (watched != m_viewport)
        return false;
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseMove:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
        return mouseEvent(event);
    case QEvent::Wheel:
        return wheel(event);
    case QEvent::ContextMenu:
        contextMenu(event);
        return true;
    case QEvent::Leave:
        QToolTip::hideText();
        return false;
    default:
        return false;
    }
}

bool TimelineNavigator::mouseEvent(QEvent* event)
{
    auto* mouse = static_cast<QMouseEvent*>(event);
    const QPoint pos = mouse->position().toPoint();
    QChart* chart = m_chart->chart();
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        m_pressAt = pos;
        if (mouse->button() == Qt::MiddleButton
            || (mouse->button() == Qt::LeftButton && (mouse->modifiers() & Qt::ShiftModifier))) {
            m_panning = true;
            m_panLast = pos;
            m_chart->setCursor(Qt::ClosedHandCursor);
            return true;
        }
        return false; // the view's rubber band
    case QEvent::MouseMove:
        if (m_panning) {
            const QPoint delta = pos - m_panLast;
            m_panLast = pos;
            chart->scroll(-delta.x(), delta.y());
            return true;
        }
        if (chart->plotArea().contains(pos))
            QToolTip::showText(mouse->globalPosition().toPoint(), m_chart->describeAtPosition(pos), m_chart);
        else
            QToolTip::hideText();
        return false;
    case QEvent::MouseButtonRelease:
        if (m_panning) {
            m_panning = false;
            m_chart->unsetCursor();
            return true;
        }
        if (mouse->button() == Qt::LeftButton && (pos - m_pressAt).manhattanLength() < 4
            && chart->plotArea().contains(pos))
            emit clicked(pos);
        return false;
    case QEvent::MouseButtonDblClick:
        m_chart->resetZoom();
        return true;
    default:
        return false;
    }
}

bool TimelineNavigator::wheel(QEvent* event)
{
    auto* wheelEvent = static_cast<QWheelEvent*>(event);
    const QPointF pos = wheelEvent->position();
    // Shift turns a vertical wheel into a horizontal one on some platforms: take either delta.
    const QPoint angle = wheelEvent->angleDelta();
    const int delta = angle.y() != 0 ? angle.y() : angle.x();
    QChart* chart = m_chart->chart();
    if (!chart->plotArea().contains(pos) || delta == 0)
        return false;
    const double factor = delta > 0 ? kZoomIn : kZoomOut;
    if (wheelEvent->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier)) {
        zoomMemory(factor);
    } else {
        // Zoom the time axis around the cursor.
        QValueAxis* axis = m_chart->axisX();
        const double x = chart->mapToValue(pos, m_chart->allocatedSeries()).x();
        const double x0 = x - (x - axis->min()) * factor;
        const double x1 = x + (axis->max() - x) * factor;
        if (x1 - x0 > 1e-6)
            AxisTicks::setRange(axis, x0, x1);
    }
    return true;
}

bool TimelineNavigator::key(QEvent* event)
{
    QChart* chart = m_chart->chart();
    const qreal step = chart->plotArea().width() / 10.0;
    switch (static_cast<QKeyEvent*>(event)->key()) {
    case Qt::Key_Left:
        chart->scroll(-step, 0);
        return true;
    case Qt::Key_Right:
        chart->scroll(step, 0);
        return true;
    case Qt::Key_Up:
        zoomMemory(kZoomIn);
        return true;
    case Qt::Key_Down:
        zoomMemory(kZoomOut);
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        chart->zoom(1.25);
        return true;
    case Qt::Key_Minus:
        chart->zoom(0.8);
        return true;
    case Qt::Key_0:
    case Qt::Key_Home:
        m_chart->resetZoom();
        return true;
    default:
        return false;
    }
}

void TimelineNavigator::contextMenu(QEvent* event)
{
    QMenu menu(m_chart);
    menu.addAction(m_fitAction);
    menu.addSeparator();
    menu.addActions({ m_zoomInTimeAction, m_zoomOutTimeAction, m_zoomInMemoryAction, m_zoomOutMemoryAction });
    menu.addSeparator();
    menu.addAction(m_chart->ownerColouringAction());
    menu.exec(static_cast<QContextMenuEvent*>(event)->globalPos());
}

} // namespace iteragpu::gui
