// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/sizing/computationline.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::verdict {

inline constexpr const char* kVerdictContext = "Verdict"; // translation context of the lines below

// One part of what a workload needs on its device (DeviceNeed::parts), in the order the parts add up:
//   "allocator_peak"   the caching allocator's peak reserved: predicted by the decoder's predictor (computed), or
//                      the sizing engine's largest phase when the decoder cannot run the request (computed)
//   "allocator_margin" only with the engine's phase: the allocator's rounding and cached free blocks (assumed)
//   "cuda_context"     the CUDA (or HIP) context outside the allocator (assumed)
//   "workspace"        the math library's workspace outside the allocator (assumed)
//   "reserve"          the user's reserve, as typed
struct NeedPart {
    std::string id;
    std::uint64_t bytes = 0;
    sizing::Provenance provenance = sizing::Provenance::Computed;
    i18n::Message label; // "allocator's peak reserved (predicted, prefill)", translatable
    i18n::Message note; // how it was counted, one line
};

// The one estimate: what must fit on each device for the request's most demanding phase, read by every view
// (the sizing panel's verdict and largest loads, the card table, `iteragpu estimate`, the decision sheet).
// Bytes per device.
struct DeviceNeed {
    std::uint64_t total = 0; // the sum of the parts
    std::string phase; // the phase that sets the allocator's part ("prefill", "decode", "training_step", ...)
    bool predicted = false; // the allocator's part is the decoder's prediction over the caching allocator
    std::vector<NeedPart> parts;
    i18n::Message method; // one sentence: which of the two ways counted the allocator's part, and why

    std::uint64_t bytesOf(const std::string& id) const; // 0 when absent
    // "allocator peak 22.08 GiB (predicted, prefill) + CUDA context 0.49 GiB (assumed) + ..." in English.
    std::string english() const;
    // The CLI's block: "on the device" with the total, then one indented line per part with its note.
    std::string textBlock() const;
    // {"total": {bytes, gb, gib}, "phase", "predicted", "method", "parts": [{id, bytes, provenance, label, note}]}
    nlohmann::json json() const;
};

} // namespace iteragpu::verdict
