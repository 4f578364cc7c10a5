// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/axisticks.h"

#include <QString>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

double AxisTicks::niceCeil(double value)
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

double AxisTicks::niceStep(double range, int ticks)
{
    if (!(range > 0.0))
        return 1.0;
    return niceCeil(range / ticks);
}

int AxisTicks::decimalsForStep(double step)
{
    if (!(step > 0.0))
        return 0;
    int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step))));
    // 0.25-style steps need one more digit.
    if (std::abs(std::round(step * std::pow(10.0, decimals)) - step * std::pow(10.0, decimals)) > 1e-9)
        ++decimals;
    return std::min(decimals, 6);
}

void AxisTicks::apply(QValueAxis* axis)
{
    const double step = niceStep(axis->max() - axis->min(), 5);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0.0);
    axis->setTickInterval(step);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsForStep(step)) + QStringLiteral("f"));
}

void AxisTicks::setRange(QValueAxis* axis, double min, double max)
{
    if (max > min) {
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0.0);
        axis->setTickInterval(niceStep(max - min, 5));
    }
    axis->setRange(min, max);
    apply(axis);
}

} // namespace iteragpu::gui
