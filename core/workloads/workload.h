// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"
#include "core/device/backend.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::workloads {

// A tensor a workload holds on the device at one moment, for the inventory (the ledger, the log).
struct HeldTensor {
    std::string name; // "model.layers.0.self_attn.q_proj.weight", "kv.3.key", "input_ids"
    std::uint64_t bytes = 0; // as requested from the allocator (before its rounding)
    std::string role; // "weights", "inputs", "kv_cache", "activations", "optimizer", "gradients"
};

// What the runner measures, phase by phase (step 4 of the protocol). Every allocation goes through the injected
// DeviceAllocator and every kernel through the DeviceContext; the predictor of each workload describes the same
// inventory independently of its code.
class Workload {
public:
    virtual ~Workload() = default;

    // The phases of this workload's run, in order (protocol::planPhases of its configuration).
    virtual std::vector<protocol::PlannedPhase> plan() const = 0;
    // Runs one phase. On failure (out of memory included) returns the status; what was allocated until then
    // stays held, as a framework would keep it until the run ends.
    virtual device::Status runPhase(const protocol::PlannedPhase& phase) = 0;
    // The tensors held now, in allocation order.
    virtual std::vector<HeldTensor> heldTensors() const = 0;
    // How the last phase's MoE layers were routed (a decoder with MoE layers), taken once after runPhase; nullopt
    // when the phase ran none.
    virtual std::optional<protocol::PhaseRouting> takeRouting() { return std::nullopt; }
};

// The workload a configuration names (RunConfig::workload), built on an opened device.
std::unique_ptr<Workload> makeWorkload(
    device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config);

} // namespace iteragpu::workloads
