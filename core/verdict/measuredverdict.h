// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/gpucard.h"
#include "core/verdict/deviceneed.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::verdict {

// What a run says about the fit, which outranks the estimate wherever both are shown (the sizing panel's verdict,
// its card table, the decision sheet): a measurement on a device is a fact, the estimate a computation.
struct MeasuredVerdict {
    enum class Outcome {
        Fits, // every planned phase ran and passed
        OutOfMemory, // a phase failed for want of memory (PhaseResult::outOfMemory, from the device status)
        Failed, // a phase failed for another reason: the run says nothing about the fit
        Incomplete, // stopped, or the device was missing: no phase failed, but not every phase ran
    };
    Outcome outcome = Outcome::Incomplete;
    bool simulated = false; // the simulated device: a memory model, not a GPU measurement
    bool imported = false; // rebuilt from another tool's recording
    std::string device; // the device's name as the run recorded it ("NVIDIA GeForce RTX 4090", "sim:0")
    std::string deviceId; // "cuda:0", "sim:0"
    std::string cardId; // the simulated card (RunConfig::simCard); empty for a real device
    std::optional<std::uint64_t> capacityBytes; // the device's total as the run recorded it
    std::optional<std::uint64_t> peakReserved; // the highest peak reserved over the phases that ran
    std::string phase; // the first failed phase (phaseLabel), when one failed
    i18n::Message load; // protocol::describeLoad of the run
    // One sentence: "Measured on the simulated card rtx-4090: out of memory in prefill at 5 sequence(s) x 8 192
    // prompt + 64 generated tokens." (context "Verdict")
    i18n::Message sentence;

    bool fits() const { return outcome == Outcome::Fits; }
    // The run answers "does it fit": it passed, or it ran out of memory.
    bool decisive() const { return outcome == Outcome::Fits || outcome == Outcome::OutOfMemory; }

    static MeasuredVerdict of(const protocol::RunResult& run);

    // The catalog card the run measured: the simulated card by its id, a real device by its name as the driver
    // reports it (the catalog's names are the drivers'). An imported recording measures no card of ours.
    bool ranOn(const sizing::GpuCard& card) const;

    // When the one estimate, on the run's own device, says the opposite of a decisive run: one sentence with both
    // figures ("The estimate said it fits: 22.60 GiB needed of 23.99 GiB; the measurement ran out of memory.").
    // nullopt when they agree, the run is not decisive or the run recorded no capacity.
    std::optional<i18n::Message> disagreement(const DeviceNeed& need) const;
};

} // namespace iteragpu::verdict
