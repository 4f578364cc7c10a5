// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/report/ledger.h"

#include <QBrush>
#include <QColor>
#include <QPen>
#include <QRectF>

class QPainter;

namespace iteragpu::gui {

// How the Why view draws a figure by where it comes from, so computed, observed and assumed never look alike:
// observed solid, computed hatched, assumed dotted (core's LedgerSource).
class SourceStyle {
public:
    // A bar, a segment or a legend's swatch.
    static void fill(QPainter& painter, const QRectF& rect, const QColor& color, report::LedgerSource source);
};

} // namespace iteragpu::gui
