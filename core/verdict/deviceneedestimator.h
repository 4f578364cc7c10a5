// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/sizing/estimate.h"
#include "core/sizing/sizingrequest.h"
#include "core/verdict/deviceneed.h"

#include <optional>
#include <string>

namespace iteragpu::verdict {

// Computes DeviceNeed (Note [One estimate] in the .cpp). Throws SizingError like SizingEngine::estimate.
class DeviceNeedEstimator {
public:
    // The CUDA context and the math library's workspace assumed outside the allocator: the sizes the simulated
    // device also assumes (sim::kDefaultSimContextBytes, sim::kDefaultSimWorkspaceBytes, cuBLAS's on Hopper,
    // the largest of the three BlasWorkspace figures: the safe side on every card).
    static std::uint64_t contextBytes();
    static std::uint64_t workspaceBytes();
    // The margin assumed over the engine's largest phase when the decoder's predictor cannot count the allocator:
    // this fraction of the phase's bytes above the weights (the caching allocator's rounding to blocks and the
    // free blocks it keeps cached), at least kMinimumMarginBytes.
    static constexpr double kMarginFraction = 0.15;
    static constexpr std::uint64_t kMinimumMarginBytes = 20ULL * 1024 * 1024; // one large segment

    static DeviceNeed estimate(const sizing::SizingRequest& request);
    // The same with the engine's estimate of the request already at hand (it must be SizingEngine::estimate of
    // the same request).
    static DeviceNeed estimate(const sizing::SizingRequest& request, const sizing::Estimate& estimate);

    // The decoder run `iteragpu measure --model` would make of this request on a simulated card, when the decoder
    // runs it as sized: an inference request with a shape the decoder builds, on one device, weights in a format it
    // stores (fp32, fp16, bf16, int8, nf4, nf4-dq) as the engine counts them, the KV cache in the compute type with
    // the model's own dimensions. nullopt, with `why` set when asked, otherwise.
    static std::optional<protocol::RunConfig> decoderRun(const sizing::SizingRequest& request, std::string* why = nullptr);
};

} // namespace iteragpu::verdict
