// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/estimate.h"

#include "core/units/checkedmath.h"

namespace iteragpu::sizing {

std::uint64_t Estimate::total() const { return units::checked::add(largestPhaseBytes, reserve.bytes, "total"); }

std::uint64_t Estimate::totalSumOfComponents() const { return units::checked::add(sumOfComponents, reserve.bytes, "total"); }

const Component* Estimate::find(const std::string& id) const
{
    for (const auto& c : components)
        if (c.id == id)
            return &c;
    return nullptr;
}

std::uint64_t Estimate::bytesOf(const std::string& id) const
{
    const auto* c = find(id);
    return c && c->bytes ? *c->bytes : 0;
}

std::string Estimate::dominantComponent() const
{
    std::string best;
    std::uint64_t bestBytes = 0;
    for (const auto& phase : phases) {
        if (phase.id != largestPhase)
            continue;
        for (const auto& id : phase.componentIds) {
            const std::uint64_t b = bytesOf(id);
            if (best.empty() || b > bestBytes) {
                best = id;
                bestBytes = b;
            }
        }
    }
    if (reserve.bytes > bestBytes)
        return "reserve";
    return best;
}

} // namespace iteragpu::sizing
