// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "core/sweep/sweeptypes.h"
#include "core/units/units.h"

#include <QChartView>
#include <QString>
#include <vector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace iteragpu::gui {

// Peak allocated against the varied value, one sweep or several (the compare of two devices): each trial a
// point, passed and failed marked differently (a failed trial at the last peak it reached), the device's
// capacity as a horizontal line, the growth model's line labelled "fitted" (never a measurement), and the
// boundary (the largest passing value) as a vertical line. The first sweep is drawn in full; compared sweeps
// in their own colour. The memory axis uses a readable unit (ByteScale). The whole chart is rebuilt on each
// change (a sweep has tens of trials, never thousands), animations off.
class SweepChart : public QChartView {
    Q_OBJECT
public:
    struct Drawn {
        QScatterSeries* passed = nullptr;
        QScatterSeries* failed = nullptr;
        QLineSeries* fitted = nullptr; // nullptr without a fit
        QLineSeries* capacity = nullptr; // nullptr when no trial read the capacity
        QLineSeries* boundary = nullptr; // nullptr without a passing value
    };

    explicit SweepChart(QWidget* parent = nullptr);

    // The sweeps to draw; the first is the one the view follows.
    void setSweeps(const std::vector<sweep::SweepRecord>& sweeps);
    void setUnit(units::Unit unit);
    std::size_t sweepCount() const { return m_drawn.size(); }
    const Drawn& drawn(std::size_t sweepIndex) const { return m_drawn.at(sweepIndex); }
    QValueAxis* axisX() const { return m_axisX; }
    QValueAxis* axisY() const { return m_axisY; }
    // The memory axis's unit symbol ("MiB", "GiB").
    QString scaleSymbol() const { return m_scaleSymbol; }
    // The legend as rich text (a coloured mark and the series' name per entry), for a label that wraps: Qt
    // Charts' own legend cuts its entries when the chart is narrow (1024x700), so it stays hidden.
    QString legendHtml() const { return m_legendHtml; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    std::vector<sweep::SweepRecord> m_sweeps;
    std::vector<Drawn> m_drawn;
    units::Unit m_unit = units::Unit::GiB;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    QString m_scaleSymbol;
    QString m_legendHtml;
    Palette m_palette;
};

} // namespace iteragpu::gui
