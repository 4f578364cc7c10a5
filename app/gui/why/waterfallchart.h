// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "app/gui/why/waterfallrow.h"
#include "core/units/units.h"

#include <QStringList>
#include <QWidget>
#include <vector>

namespace iteragpu::gui {

// The Why view's waterfall, drawn horizontally: one row per WaterfallRow, its label on the left, its bar (a level
// from 0, a step floating from the level before to the next), its bytes in the unit and, for a step, its cause.
// Colours are the timeline's (Palette): the estimate's, allocated's, reserved's and the device-level reading's.
// What a figure is stays visible: observed bars are solid, computed ones hatched, assumed ones dotted; a level's
// own estimate is a dashed outline over its bar; a legend row says so. A missing reading draws no bar and says
// why in words.
class WaterfallChart : public QWidget {
    Q_OBJECT
public:
    explicit WaterfallChart(QWidget* parent = nullptr);

    void setRows(std::vector<WaterfallRow> rows, units::Unit unit);
    const std::vector<WaterfallRow>& rows() const { return m_rows; }
    // The texts a row shows (its bytes, or its reason when missing), as drawn; for the tests and the tooltip.
    QString valueText(std::size_t row) const;
    QString toolTipText(std::size_t row) const;
    int rowAt(int y) const;

    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    int rowHeight() const;
    int labelWidth() const;
    QStringList legendTexts() const;
    int legendLines(int width) const;

    std::vector<WaterfallRow> m_rows;
    units::Unit m_unit = units::Unit::GiB;
    Palette m_palette;
};

} // namespace iteragpu::gui
