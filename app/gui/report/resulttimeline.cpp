// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/resulttimeline.h"

#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/timelineconversion.h"
#include "app/gui/timeline/timelinechart.h"

namespace iteragpu::gui {

std::optional<std::uint64_t> ResultTimeline::capacityOf(const protocol::RunResult& result)
{
    const bool simulated = result.simulated || result.environment.simulated || result.environment.device.simulated;
    if (simulated && result.config.simCapacityBytes)
        return result.config.simCapacityBytes;
    if (result.environment.device.totalBytes > 0)
        return result.environment.device.totalBytes;
    return std::nullopt;
}

QString ResultTimeline::deviceLabelOf(const protocol::RunResult& result)
{
    const QString id = QString::fromStdString(result.config.deviceId);
    if (result.imported)
        //: %1 is the device id, e.g. cuda:0
        return tr("%1 · imported from a PyTorch memory snapshot, not measured by IteraGPU").arg(id);
    if (result.simulated || result.environment.simulated || result.environment.device.simulated)
        //: %1 is the device id, e.g. sim:0
        return tr("%1 · simulated, not a GPU measurement").arg(id);
    return id;
}

void ResultTimeline::load(TimelineChart& chart, const protocol::RunResult& result)
{
    chart.clear();
    for (const protocol::PhaseResult& phase : result.phases) {
        if (phase.status != protocol::PhaseStatus::NotRun) {
            const double start = phase.startSeconds.value_or(
                phase.samples.empty() ? chart.store().lastSeconds() : phase.samples.front().t);
            chart.beginPhase(PhaseTableModel::displayName(phase), start, phase.predictedPeakAllocated);
            chart.addSamples(toTimelineSamples(phase.samples));
        }
        chart.endPhase(toTimelinePhase(phase));
    }
    chart.setCapacityBytes(capacityOf(result));
    chart.setDeviceLabel(deviceLabelOf(result));
    chart.refresh();
}

QImage ResultTimeline::render(
    const protocol::RunResult& result, std::optional<std::uint64_t> estimateBytes, units::Unit unit, QSize size)
{
    TimelineChart chart;
    chart.resize(size);
    chart.setUnit(unit);
    chart.setEstimateBytes(estimateBytes);
    load(chart, result);
    return chart.toImage(size);
}

} // namespace iteragpu::gui
