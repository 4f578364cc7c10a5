// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"
#include "core/device/backend.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/decoderworkload.h"
#include "core/workloads/workload.h"

#include <memory>
#include <vector>

namespace iteragpu::workloads {

// vLLM's start-up rehearsed on one device (Note [vLLM rehearsal] in core/protocol/vllmrun.h, core/workloads/VLLM.md):
// the weights and the profile forward are the decoder's own (a DecoderWorkload of vllmProfileConfig, its kernels and
// allocations), the dummy sampler, the KV pool and the serve accounting are vLLM's, from the plan the configuration
// carries. VllmPredictor replays the same text on an address-only allocator.
class VllmWorkload : public Workload {
public:
    // config.vllm must be planned (protocol::planVllmRun); throws units::InputError with one line otherwise.
    VllmWorkload(device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config);
    ~VllmWorkload() override; // frees the pool; the decoder frees its weights
    VllmWorkload(const VllmWorkload&) = delete;
    VllmWorkload& operator=(const VllmWorkload&) = delete;

    std::vector<protocol::PlannedPhase> plan() const override;
    device::Status runPhase(const protocol::PlannedPhase& phase) override;
    std::vector<HeldTensor> heldTensors() const override;
    std::optional<protocol::PhaseRouting> takeRouting() override;

private:
    device::Status modelLoad();
    device::Status profileRun();
    device::Status kvCacheAlloc();
    device::Status graphCapture();
    device::Status serve();

    device::DeviceContext& m_context;
    alloc::DeviceAllocator& m_allocator;
    protocol::RunConfig m_config;
    std::unique_ptr<DecoderWorkload> m_decoder; // the profile run's decoder
    std::optional<protocol::PhaseRouting> m_routing; // of the profile forward (MoE layers)
    struct PoolTensor {
        void* ptr = nullptr;
        std::uint64_t bytes = 0;
    };
    std::vector<PoolTensor> m_pool; // kv_cache_alloc's tensors, in allocation order
    std::vector<PoolTensor> m_graphs; // cuda_graph_capture's kept tensors (Note [vLLM CUDA graphs]), in order
};

} // namespace iteragpu::workloads
