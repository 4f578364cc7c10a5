// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/estimate.h"
#include "core/sizing/sizingrequest.h"

namespace iteragpu::sizing {

// Turns a SizingRequest into an Estimate: weights, KV cache, training components, phases, reserve, per device.
// Pure and cheap (no I/O), so the GUI can call it on every keystroke. Throws SizingError with one clear line.
//
// Tensor parallelism (degree t): weights, gradients, optimizer states and master weights are divided by t
// (rounded up: no device holds less than its share); KV heads become ceil(kv_heads / t) per device (replicated
// when t > kv_heads); activations follow Korthikanti et al.'s tensor-parallel formula; the reserve is per
// device. Devices are never pooled: the verdict compares the per-device need with one device.
class SizingEngine {
public:
    static Estimate estimate(const SizingRequest& request);
};

} // namespace iteragpu::sizing
