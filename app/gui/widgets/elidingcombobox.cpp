// SPDX-License-Identifier: Apache-2.0
#include "app/gui/widgets/elidingcombobox.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolTip>
#include <algorithm>

namespace iteragpu::gui {

ElidingComboBox::ElidingComboBox(QWidget* parent)
    : QComboBox(parent)
{
}

int ElidingComboBox::textRoom() const
{
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    return style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this).width();
}

bool ElidingComboBox::elided() const { return fontMetrics().horizontalAdvance(currentText()) > textRoom(); }

QString ElidingComboBox::shownText() const
{
    return elided() ? fontMetrics().elidedText(currentText(), Qt::ElideRight, textRoom()) : currentText();
}

void ElidingComboBox::paintEvent(QPaintEvent*)
{
    QStylePainter painter(this);
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    painter.drawComplexControl(QStyle::CC_ComboBox, opt);
    if (!isEditable()) {
        opt.currentText = shownText();
        painter.drawControl(QStyle::CE_ComboBoxLabel, opt);
    }
}

bool ElidingComboBox::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip && elided()) {
        const auto* help = static_cast<QHelpEvent*>(e);
        const QString own = toolTip();
        QToolTip::showText(help->globalPos(), own.isEmpty() ? currentText() : currentText() + QStringLiteral("\n\n") + own, this);
        return true;
    }
    return QComboBox::event(e);
}

void ElidingComboBox::showPopup()
{
    // The list as wide as its longest entry (and never narrower than the box).
    if (QAbstractItemView* list = view()) {
        const int frame = 2 * list->frameWidth() + list->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
        list->setMinimumWidth(std::max(width(), list->sizeHintForColumn(0) + frame));
    }
    QComboBox::showPopup();
}

} // namespace iteragpu::gui
