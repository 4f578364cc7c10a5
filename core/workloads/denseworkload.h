// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"
#include "core/device/backend.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/workload.h"

#include <cstdint>
#include <vector>

namespace iteragpu::workloads {

// The seeds' network: a synthetic batch x [batch, context, width] through a two-layer MLP,
//     y = GELU(x W1 + b1) W2 + b2,   W1 [width, 4 width], W2 [4 width, width]
// with N = batch * context tokens, H = 4 * width, s = bytes per element of dtype. Tensor inventory (bytes):
//   weights  W1 width*H*s, b1 H*s, W2 H*width*s, b2 width*s              (model_load, live to the end)
//   inputs   x N*width*s; training also target N*width*s                (inputs, live to the end)
//   forward  h = x W1 + b1 N*H*s, a = GELU(h) N*H*s, y = a W2 + b2 N*width*s
//            inference frees h once a exists, a once y exists, then y (outputs not kept);
//            training keeps h, a, y for the backward pass
//   loss     loss 4 (one float32), dy N*width*s; y is freed
//   backward dW2 H*width*s, db2 width*s, da N*H*s (dy and a freed), GELU backward in place (h freed),
//            dW1 width*H*s, db1 H*s, then da and loss freed
//   AdamW    exp_avg and exp_avg_sq float32 for each of W1, b1, W2, b2, created on the first step and kept;
//            gradients freed after each step (zero_grad(set_to_none=True), PyTorch's default)
//   eval     x_eval N*width*s, then a forward pass without gradients, x_eval freed
//   export   every weight copied to a host buffer; no device memory
// Every allocation goes through the injected DeviceAllocator, every kernel through the DeviceContext. The
// predictor (core/workloads/densepredictor) describes the same inventory independently of this code.
class DenseWorkload : public Workload {
public:
    DenseWorkload(device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config);
    ~DenseWorkload() override; // frees every tensor still held
    DenseWorkload(const DenseWorkload&) = delete;
    DenseWorkload& operator=(const DenseWorkload&) = delete;

    std::vector<protocol::PlannedPhase> plan() const override; // protocol::planPhases(config)
    // Runs the phase's work (step 4 of the protocol). On failure (out of memory included) returns the status;
    // what was allocated until then stays held, as a framework would keep it until the run ends.
    device::Status runPhase(const protocol::PlannedPhase& phase) override;
    // Weights, inputs, the activations kept between training phases, gradients and AdamW states (not the
    // transients of a forward pass, which live inside one phase).
    std::vector<HeldTensor> heldTensors() const override;

    std::uint64_t exportedBytes() const { return m_exportedBytes; }

private:
    struct Tensor {
        void* ptr = nullptr;
        std::uint64_t bytes = 0;
        std::uint64_t count = 0; // elements
    };
    struct Param {
        Tensor value;
        Tensor grad;
        Tensor expAvg; // float32
        Tensor expAvgSq; // float32
    };

    Tensor allocate(std::uint64_t count, device::DType dtype, alloc::Owner owner);
    void release(Tensor& t);
    static void check(const device::Status& status);

    void modelLoad();
    void inputs();
    void inferenceForward(const Tensor& input);
    void trainForward();
    void trainLoss();
    void trainBackward();
    void optimizerStep();
    void trainStep();
    void evaluation();
    void exportWeights();

    device::DeviceContext& m_context;
    alloc::DeviceAllocator& m_allocator;
    protocol::RunConfig m_config;
    device::DType m_dtype;
    std::int64_t m_tokens; // N
    std::int64_t m_width;
    std::int64_t m_hidden; // H
    Param m_w1, m_b1, m_w2, m_b2;
    Tensor m_x, m_target;
    Tensor m_h, m_a, m_y, m_dy, m_loss; // training activations between phases
    std::int64_t m_step = 0;
    // The export's host copy (DeviceContext::hostAlloc: address-only on sim), freed with the workload.
    void* m_exported = nullptr;
    std::uint64_t m_exportedBytes = 0;
};

} // namespace iteragpu::workloads
