// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"
#include "core/device/backend.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"

#include <atomic>
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

    // Note [Stop within a phase]: a phase of several iterations (decode steps, warm-up runs, accumulated
    // micro-batches) looks at the run's stop flag before each iteration after the first, so a Stop acts within
    // one iteration, not at the end of the phase. Such a phase returns success with what it ran, and
    // takeInterruption() then says how far it got; the runner records it as interrupted and runs nothing after.
    struct Interruption {
        std::uint32_t done = 0;
        std::uint32_t planned = 0;
    };
    void setStopFlag(const std::atomic<bool>* stop) { m_stop = stop; }
    std::optional<Interruption> takeInterruption()
    {
        auto cut = m_interruption;
        m_interruption.reset();
        return cut;
    }

protected:
    // True when the loop of a phase must end before iteration `done` (of `planned`): a Stop was asked for and at
    // least one iteration ran. Records the interruption.
    bool stopBefore(std::uint32_t done, std::uint32_t planned)
    {
        if (done == 0 || done >= planned || !m_stop || !m_stop->load())
            return false;
        m_interruption = Interruption { done, planned };
        return true;
    }

private:
    const std::atomic<bool>* m_stop = nullptr;
    std::optional<Interruption> m_interruption;
};

// The workload a configuration names (RunConfig::workload), built on an opened device.
std::unique_ptr<Workload> makeWorkload(
    device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config);

} // namespace iteragpu::workloads
