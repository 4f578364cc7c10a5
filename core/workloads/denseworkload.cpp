// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/denseworkload.h"

#include <new>

namespace iteragpu::workloads {

using device::Activation;
using device::DType;
using device::Status;

namespace {
    // Thrown inside a phase to unwind to runPhase with the device's or the allocator's status.
    struct PhaseFailure {
        Status status;
    };

    constexpr float kInitScale = 0.02f; // standard deviation-like scale of the random weights
    constexpr float kLearningRate = 1e-3f;
    constexpr float kBeta1 = 0.9f;
    constexpr float kBeta2 = 0.999f;
    constexpr float kEps = 1e-8f;
    constexpr float kWeightDecay = 0.01f;
} // namespace

DenseWorkload::DenseWorkload(
    device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config)
    : m_context(context)
    , m_allocator(allocator)
    , m_config(config)
    , m_dtype(config.dtype)
    , m_tokens(static_cast<std::int64_t>(config.batch * config.context))
    , m_width(static_cast<std::int64_t>(config.width))
    , m_hidden(static_cast<std::int64_t>(4 * config.width))
{
}

DenseWorkload::~DenseWorkload()
{
    m_context.synchronize();
    for (Tensor* t : { &m_loss, &m_dy, &m_y, &m_a, &m_h, &m_target, &m_x })
        release(*t);
    for (Param* p : { &m_b2, &m_w2, &m_b1, &m_w1 })
        for (Tensor* t : { &p->grad, &p->expAvgSq, &p->expAvg, &p->value })
            release(*t);
    m_context.hostFree(m_exported);
}

void DenseWorkload::check(const Status& status)
{
    if (!status.ok)
        throw PhaseFailure { status };
}

DenseWorkload::Tensor DenseWorkload::allocate(std::uint64_t count, DType dtype, alloc::Owner owner)
{
    Tensor t;
    t.count = count;
    t.bytes = count * device::dtypeSize(dtype); // validateConfig bounds every product
    Status st;
    t.ptr = m_allocator.allocate(t.bytes, st, owner);
    if (!t.ptr)
        throw PhaseFailure { st };
    return t;
}

void DenseWorkload::release(Tensor& t)
{
    if (t.ptr)
        m_allocator.free(t.ptr);
    t = Tensor {};
}

std::vector<protocol::PlannedPhase> DenseWorkload::plan() const { return protocol::planPhases(m_config); }

std::vector<HeldTensor> DenseWorkload::heldTensors() const
{
    // At every phase boundary this is the allocation order: weights, inputs, AdamW states (from the first step
    // on), the activations a training phase keeps, then the gradients of the second layer before the first's.
    std::vector<HeldTensor> held;
    auto add = [&held](const Tensor& t, const char* name, const char* role) {
        if (t.ptr)
            held.push_back({ name, t.bytes, role });
    };
    add(m_w1.value, "W1", "weights");
    add(m_b1.value, "b1", "weights");
    add(m_w2.value, "W2", "weights");
    add(m_b2.value, "b2", "weights");
    add(m_x, "x", "inputs");
    add(m_target, "target", "inputs");
    add(m_w1.expAvg, "W1.exp_avg", "optimizer");
    add(m_w1.expAvgSq, "W1.exp_avg_sq", "optimizer");
    add(m_b1.expAvg, "b1.exp_avg", "optimizer");
    add(m_b1.expAvgSq, "b1.exp_avg_sq", "optimizer");
    add(m_w2.expAvg, "W2.exp_avg", "optimizer");
    add(m_w2.expAvgSq, "W2.exp_avg_sq", "optimizer");
    add(m_b2.expAvg, "b2.exp_avg", "optimizer");
    add(m_b2.expAvgSq, "b2.exp_avg_sq", "optimizer");
    add(m_h, "h", "activations");
    add(m_a, "a", "activations");
    add(m_y, "y", "activations");
    add(m_loss, "loss", "activations");
    add(m_dy, "dy", "activations");
    add(m_w2.grad, "W2.grad", "gradients");
    add(m_b2.grad, "b2.grad", "gradients");
    add(m_w1.grad, "W1.grad", "gradients");
    add(m_b1.grad, "b1.grad", "gradients");
    return held;
}

Status DenseWorkload::runPhase(const protocol::PlannedPhase& phase)
{
    using protocol::PhaseKind;
    try {
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            modelLoad();
            break;
        case PhaseKind::Inputs:
            inputs();
            break;
        case PhaseKind::ColdForward:
        case PhaseKind::WarmForward:
            inferenceForward(m_x);
            break;
        case PhaseKind::Warmup:
            for (std::uint32_t i = 0; i < phase.iterations && !stopBefore(i, phase.iterations); ++i) {
                if (m_config.mode == protocol::Mode::Training)
                    trainStep();
                else
                    inferenceForward(m_x);
            }
            break;
        case PhaseKind::StepForward:
            trainForward();
            break;
        case PhaseKind::StepLoss:
            trainLoss();
            break;
        case PhaseKind::StepBackward:
            trainBackward();
            break;
        case PhaseKind::StepOptimizer:
            optimizerStep();
            break;
        case PhaseKind::WarmStep:
            trainStep();
            break;
        case PhaseKind::Evaluation:
            evaluation();
            break;
        case PhaseKind::Export:
            exportWeights();
            break;
        case PhaseKind::Prefill:
        case PhaseKind::Decode:
        case PhaseKind::WarmPrefill:
        case PhaseKind::StepAccumulate:
        case PhaseKind::ProfileRun:
        case PhaseKind::KvCacheAlloc:
        case PhaseKind::GraphCapture:
        case PhaseKind::Serve:
            return Status::error(phase.name + " is a phase of the decoder workload, not of the dense network");
        }
    } catch (const PhaseFailure& failure) {
        return failure.status;
    } catch (const std::bad_alloc&) {
        return Status::error("host memory exhausted while running " + phase.name);
    }
    return Status::success();
}

void DenseWorkload::modelLoad()
{
    const auto w = static_cast<std::uint64_t>(m_width);
    const auto h = static_cast<std::uint64_t>(m_hidden);
    m_w1.value = allocate(w * h, m_dtype, alloc::Owner::Weights);
    check(m_context.fillRandom(m_w1.value.ptr, m_w1.value.count, m_dtype, m_config.seed + 1, kInitScale));
    m_b1.value = allocate(h, m_dtype, alloc::Owner::Weights);
    check(m_context.fill(m_b1.value.ptr, m_b1.value.count, m_dtype, 0.0f));
    m_w2.value = allocate(h * w, m_dtype, alloc::Owner::Weights);
    check(m_context.fillRandom(m_w2.value.ptr, m_w2.value.count, m_dtype, m_config.seed + 2, kInitScale));
    m_b2.value = allocate(w, m_dtype, alloc::Owner::Weights);
    check(m_context.fill(m_b2.value.ptr, m_b2.value.count, m_dtype, 0.0f));
}

void DenseWorkload::inputs()
{
    const auto n = static_cast<std::uint64_t>(m_tokens) * static_cast<std::uint64_t>(m_width);
    m_x = allocate(n, m_dtype, alloc::Owner::Activation);
    check(m_context.fillRandom(m_x.ptr, n, m_dtype, m_config.seed + 3, 1.0f));
    if (m_config.mode == protocol::Mode::Training) {
        m_target = allocate(n, m_dtype, alloc::Owner::Activation);
        check(m_context.fillRandom(m_target.ptr, n, m_dtype, m_config.seed + 4, 1.0f));
    }
}

void DenseWorkload::inferenceForward(const Tensor& input)
{
    const auto nh = static_cast<std::uint64_t>(m_tokens) * static_cast<std::uint64_t>(m_hidden);
    const auto nw = static_cast<std::uint64_t>(m_tokens) * static_cast<std::uint64_t>(m_width);
    Tensor h = allocate(nh, m_dtype, alloc::Owner::Activation);
    check(m_context.gemm(false, false, m_tokens, m_hidden, m_width, input.ptr, m_w1.value.ptr, h.ptr, m_dtype, false));
    check(m_context.addBias(h.ptr, m_b1.value.ptr, m_tokens, m_hidden, m_dtype));
    Tensor a = allocate(nh, m_dtype, alloc::Owner::Activation);
    check(m_context.activation(a.ptr, h.ptr, nh, Activation::Gelu, m_dtype));
    release(h);
    Tensor y = allocate(nw, m_dtype, alloc::Owner::Activation);
    check(m_context.gemm(false, false, m_tokens, m_width, m_hidden, a.ptr, m_w2.value.ptr, y.ptr, m_dtype, false));
    check(m_context.addBias(y.ptr, m_b2.value.ptr, m_tokens, m_width, m_dtype));
    release(a);
    release(y); // the output is not kept: no later phase reads it
}

void DenseWorkload::trainForward()
{
    const auto nh = static_cast<std::uint64_t>(m_tokens) * static_cast<std::uint64_t>(m_hidden);
    const auto nw = static_cast<std::uint64_t>(m_tokens) * static_cast<std::uint64_t>(m_width);
    m_h = allocate(nh, m_dtype, alloc::Owner::Activation);
    check(m_context.gemm(false, false, m_tokens, m_hidden, m_width, m_x.ptr, m_w1.value.ptr, m_h.ptr, m_dtype, false));
    check(m_context.addBias(m_h.ptr, m_b1.value.ptr, m_tokens, m_hidden, m_dtype));
    m_a = allocate(nh, m_dtype, alloc::Owner::Activation);
    check(m_context.activation(m_a.ptr, m_h.ptr, nh, Activation::Gelu, m_dtype));
    m_y = allocate(nw, m_dtype, alloc::Owner::Activation);
    check(m_context.gemm(false, false, m_tokens, m_width, m_hidden, m_a.ptr, m_w2.value.ptr, m_y.ptr, m_dtype, false));
    check(m_context.addBias(m_y.ptr, m_b2.value.ptr, m_tokens, m_width, m_dtype));
}

void DenseWorkload::trainLoss()
{
    m_loss = allocate(1, DType::Float32, alloc::Owner::Activation);
    m_dy = allocate(m_y.count, m_dtype, alloc::Owner::Activation);
    check(m_context.mseLoss(m_loss.ptr, m_dy.ptr, m_y.ptr, m_target.ptr, m_y.count, m_dtype));
    release(m_y);
}

void DenseWorkload::trainBackward()
{
    const auto w = static_cast<std::uint64_t>(m_width);
    const auto h = static_cast<std::uint64_t>(m_hidden);
    const auto nh = static_cast<std::uint64_t>(m_tokens) * h;
    // Second layer: dW2 = a^T dy, db2 = column sums of dy, da = dy W2^T.
    m_w2.grad = allocate(h * w, m_dtype, alloc::Owner::Gradient);
    check(m_context.gemm(true, false, m_hidden, m_width, m_tokens, m_a.ptr, m_dy.ptr, m_w2.grad.ptr, m_dtype, false));
    m_b2.grad = allocate(w, m_dtype, alloc::Owner::Gradient);
    check(m_context.columnSums(m_b2.grad.ptr, m_dy.ptr, m_tokens, m_width, m_dtype));
    Tensor da = allocate(nh, m_dtype, alloc::Owner::Activation);
    check(m_context.gemm(false, true, m_tokens, m_hidden, m_width, m_dy.ptr, m_w2.value.ptr, da.ptr, m_dtype, false));
    release(m_dy);
    release(m_a);
    // GELU backward in place: dh = da * GELU'(h).
    check(m_context.activationBackward(da.ptr, m_h.ptr, nh, Activation::Gelu, m_dtype));
    release(m_h);
    // First layer: dW1 = x^T dh, db1 = column sums of dh. The input needs no gradient.
    m_w1.grad = allocate(w * h, m_dtype, alloc::Owner::Gradient);
    check(m_context.gemm(true, false, m_width, m_hidden, m_tokens, m_x.ptr, da.ptr, m_w1.grad.ptr, m_dtype, false));
    m_b1.grad = allocate(h, m_dtype, alloc::Owner::Gradient);
    check(m_context.columnSums(m_b1.grad.ptr, da.ptr, m_tokens, m_hidden, m_dtype));
    release(da);
    release(m_loss);
}

void DenseWorkload::optimizerStep()
{
    ++m_step;
    for (Param* p : { &m_w1, &m_b1, &m_w2, &m_b2 }) {
        if (!p->expAvg.ptr) { // created lazily on the first step, as torch.optim.AdamW does
            p->expAvg = allocate(p->value.count, DType::Float32, alloc::Owner::OptimizerState);
            check(m_context.fill(p->expAvg.ptr, p->expAvg.count, DType::Float32, 0.0f));
            p->expAvgSq = allocate(p->value.count, DType::Float32, alloc::Owner::OptimizerState);
            check(m_context.fill(p->expAvgSq.ptr, p->expAvgSq.count, DType::Float32, 0.0f));
        }
        check(m_context.adamStep(p->value.ptr, p->grad.ptr, p->expAvg.ptr, p->expAvgSq.ptr, p->value.count, m_dtype,
            m_step, kLearningRate, kBeta1, kBeta2, kEps, kWeightDecay));
    }
    for (Param* p : { &m_w1, &m_b1, &m_w2, &m_b2 })
        release(p->grad); // zero_grad(set_to_none=True)
}

void DenseWorkload::trainStep()
{
    trainForward();
    trainLoss();
    trainBackward();
    optimizerStep();
}

void DenseWorkload::evaluation()
{
    const auto n = static_cast<std::uint64_t>(m_tokens) * static_cast<std::uint64_t>(m_width);
    Tensor xe = allocate(n, m_dtype, alloc::Owner::Activation);
    check(m_context.fillRandom(xe.ptr, n, m_dtype, m_config.seed + 5, 1.0f));
    inferenceForward(xe);
    release(xe);
}

void DenseWorkload::exportWeights()
{
    std::uint64_t total = 0;
    for (const Param* p : { &m_w1, &m_b1, &m_w2, &m_b2 })
        total += p->value.bytes;
    m_context.hostFree(m_exported);
    m_exported = nullptr;
    m_exportedBytes = 0;
    Status st;
    m_exported = m_context.hostAlloc(total, st);
    check(st);
    m_exportedBytes = total;
    std::uint64_t offset = 0;
    for (const Param* p : { &m_w1, &m_b1, &m_w2, &m_b2 }) {
        check(m_context.copyToHost(static_cast<unsigned char*>(m_exported) + offset, p->value.ptr, p->value.bytes));
        offset += p->value.bytes;
    }
    check(m_context.synchronize());
}

} // namespace iteragpu::workloads
