// SPDX-License-Identifier: Apache-2.0
// The decoder's training step (core/workloads/decoderworkloadtraining.cpp) against DECODER.md "Training": every
// recipe the text names (full, LoRA, QLoRA on nf4 and nf4-dq, checkpointing, sdpa and eager, whole and chunked
// loss, adamw, adamw8bit and sgd, paged states, the optimizer in the backward, master weights, accumulation,
// eval, checkpoint_save) on the families whose layers differ (Llama, Gemma-2's four norms and windows, a parallel
// LayerNorm layer, q/k norms, NoPE), on the simulated device and on real host memory (HostDeviceContext, whose
// kernels write every output and read both ends of every input, so a tensor smaller than its kernel's reach
// fails there, and under AddressSanitizer at the byte).
#include "core/alloc/cachingallocator.h"
#include "core/alloc/devicerawmemory.h"
#include "core/model/configreader.h"
#include "core/protocol/phaseplan.h"
#include "core/sim/simbackend.h"
#include "core/units/inputerror.h"
#include "core/units/units.h"
#include "core/workloads/decoderworkload.h"
#include "core/workloads/workload.h"
#include "hostdevicecontext.h"

#include <QTest>
#include <chrono>
#include <map>
#include <set>

using namespace iteragpu;
using protocol::AttentionKind;
using protocol::PhaseKind;
using protocol::WeightStorage;
using training::LoraTarget;
using training::Method;
using training::OptimizerKind;
using training::TrainingRecipe;

Q_DECLARE_METATYPE(protocol::WeightStorage)
Q_DECLARE_METATYPE(protocol::AttentionKind)
Q_DECLARE_METATYPE(training::TrainingRecipe)

namespace {

constexpr std::uint64_t kBlock = 512; // bytes; the caching allocator's kMinBlockSize, every request rounded up
constexpr std::uint64_t kMicroBatch = 2;
constexpr std::uint64_t kSequence = 20; // S > the windows (8): the masks cut

std::uint64_t roundUp(std::uint64_t bytes) { return (bytes + kBlock - 1) / kBlock * kBlock; }
std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// Tiny configs read by the real config reader, each with what makes its layers differ.
std::string familyConfig(const std::string& family)
{
    const std::string common = R"("hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
        "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72)";
    if (family == "llama")
        return R"({"model_type": "llama", )" + common + "}";
    if (family == "gemma2") // 4 norms, a window on every other layer, tied embeddings, Gemma's scale and offset
        return R"({"model_type": "gemma2", "head_dim": 16, "sliding_window": 8, )" + common + "}";
    if (family == "falcon") // parallel attention and MLP (one LayerNorm with a bias), plain MLP, multi-query
        return R"({"model_type": "falcon", "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
            "vocab_size": 72, "multi_query": true, "parallel_attn": true})";
    if (family == "gpt_neox") // plain MLP, biases everywhere, LayerNorms with biases
        return R"({"model_type": "gpt_neox", "hidden_act": "gelu", )" + common + "}";
    if (family == "qwen3") // q/k norms per head
        return R"({"model_type": "qwen3", "head_dim": 16, )" + common + "}";
    if (family == "olmo2") // q/k norms over the whole projections
        return R"({"model_type": "olmo2", )" + common + "}";
    if (family == "cohere2") // one LayerNorm, parallel, a sliding layer and a NoPE global one
        return R"({"model_type": "cohere2", "sliding_window": 8, "sliding_window_pattern": 2, )" + common + "}";
    if (family == "qwen2") // q/k/v biases
        return R"({"model_type": "qwen2", )" + common + "}";
    if (family == "nemotron_h") // Mamba2, MLP-only and attention-only layers (inference only)
        return R"({"model_type": "nemotron_h", "hybrid_override_pattern": "M-*", "attention_head_dim": 8,
            "mamba_num_heads": 4, "mamba_head_dim": 16, "ssm_state_size": 8, "n_groups": 1, "hidden_size": 32,
            "num_hidden_layers": 3, "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 48,
            "vocab_size": 72})";
    if (family == "jamba") // Mamba (v1) layers beside an attention layer, no experts (inference only)
        return R"({"model_type": "jamba", "attn_layer_period": 2, "attn_layer_offset": 1, "num_experts": 1,
            "mamba_d_state": 8, "mamba_d_conv": 4, "mamba_expand": 2, )"
            + common + "}";
    if (family == "qwen3_moe")
        return R"({"model_type": "qwen3_moe", "head_dim": 16, "num_experts": 4, "num_experts_per_tok": 2,
            "moe_intermediate_size": 48, )"
            + common + "}";
    return {};
}

TrainingRecipe recipe(Method method)
{
    TrainingRecipe r;
    r.method = method;
    r.microBatch = kMicroBatch;
    r.sequenceLength = kSequence;
    r.rank = 4;
    r.targets = { LoraTarget::QProj, LoraTarget::VProj };
    return r;
}

protocol::RunConfig trainingConfig(const model::ModelShape& shape, WeightStorage storage, AttentionKind attention,
    const TrainingRecipe& r, std::uint32_t warmup = 1, std::uint32_t repeats = 2)
{
    protocol::RunConfig c;
    c.mode = protocol::Mode::Training;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.warmup = warmup;
    c.repeats = repeats;
    c.seed = 11;
    protocol::DecoderSpec d;
    d.shape = shape;
    d.modelSource = shape.source;
    d.storage = storage;
    d.attention = attention;
    d.training = r;
    c.decoder = d;
    return c;
}

// A device and the runner's caching allocator over it: the simulated device, or host memory.
struct Device {
    explicit Device(bool host, std::uint64_t capacity = 256 * units::kMiB)
    {
        device::Status status;
        if (host) {
            context = std::make_unique<HostDeviceContext>(capacity);
        } else {
            sim = std::make_unique<sim::SimBackend>(sim::SimOptions { capacity, 0 });
            context = sim->open(0, status);
            if (!context)
                qFatal("the simulated device did not open: %s", status.message.c_str());
        }
        raw = std::make_unique<alloc::DeviceRawMemory>(*context);
        allocator = std::make_unique<alloc::CachingAllocator>(*raw);
    }
    std::uint64_t allocated() { return allocator->counters().allocatedCurrent; }

    std::unique_ptr<sim::SimBackend> sim;
    std::unique_ptr<device::DeviceContext> context;
    std::unique_ptr<alloc::DeviceRawMemory> raw;
    std::unique_ptr<alloc::CachingAllocator> allocator;
};

std::uint64_t roundedHeld(const std::vector<workloads::HeldTensor>& held)
{
    std::uint64_t total = 0;
    for (const auto& t : held)
        total += roundUp(t.bytes);
    return total;
}

// Rounded bytes and count of the held tensors of a role.
struct RoleBytes {
    std::uint64_t rounded = 0;
    std::uint64_t bytes = 0;
    std::size_t count = 0;
};
RoleBytes role(const std::vector<workloads::HeldTensor>& held, const std::string& name)
{
    RoleBytes r;
    for (const auto& t : held)
        if (t.role == name) {
            r.rounded += roundUp(t.bytes);
            r.bytes += t.bytes;
            ++r.count;
        }
    return r;
}

std::vector<std::string> activationNames(const std::vector<workloads::HeldTensor>& held)
{
    std::vector<std::string> names;
    for (const auto& t : held)
        if (t.role == "activations")
            names.push_back(t.name);
    return names;
}

std::uint64_t bytesNamed(const std::vector<workloads::HeldTensor>& held, const std::string& prefix)
{
    std::uint64_t total = 0;
    for (const auto& t : held)
        if (t.role == "activations" && t.name.rfind(prefix, 0) == 0)
            total += t.bytes;
    return total;
}

// DECODER.md "Training", model_load: the adapters of each layer, in the order of the targets, A then B.
std::vector<std::pair<std::string, std::uint64_t>> expectedAdapters(
    const model::ModelShape& m, const TrainingRecipe& r, std::uint64_t s)
{
    std::vector<std::pair<std::string, std::uint64_t>> out;
    if (r.method == Method::Full)
        return out;
    const std::uint64_t a = r.adapterFp32 ? 4 : s;
    for (std::uint64_t l = 0; l < m.layers; ++l) {
        const model::LayerSpec spec = m.layerSpecs.empty() ? m.uniformLayer(l) : m.layerSpecs[l];
        const std::uint64_t q = spec.attention.heads * spec.attention.headDim;
        const std::uint64_t kv = spec.attention.kvHeads * spec.attention.headDim;
        const std::uint64_t i = spec.mlp.intermediate;
        const std::string p = "model.layers." + std::to_string(l) + ".";
        const std::map<LoraTarget, std::tuple<std::string, std::uint64_t, std::uint64_t>> linears = {
            { LoraTarget::QProj, { "self_attn.q_proj", m.hidden, q } },
            { LoraTarget::KProj, { "self_attn.k_proj", m.hidden, kv } },
            { LoraTarget::VProj, { "self_attn.v_proj", m.hidden, kv } },
            { LoraTarget::OProj, { "self_attn.o_proj", q, m.hidden } },
            { LoraTarget::GateProj, { "mlp.gate_proj", m.hidden, i } },
            { LoraTarget::UpProj, { "mlp.up_proj", m.hidden, i } },
            { LoraTarget::DownProj, { "mlp.down_proj", i, m.hidden } },
        };
        for (const auto& [target, linear] : linears) {
            if (std::find(r.targets.begin(), r.targets.end(), target) == r.targets.end())
                continue;
            if (target == LoraTarget::GateProj && !spec.mlp.gated)
                continue;
            const auto& [name, in, outWidth] = linear;
            out.emplace_back(p + name + ".lora_A.weight", r.rank * in * a);
            out.emplace_back(p + name + ".lora_B.weight", outWidth * r.rank * a);
        }
    }
    return out;
}

// The optimizer's device bytes of one trainable tensor of `bytes` bytes and `elementBytes` per element, rounded
// as the allocator rounds each state (DECODER.md "The optimizer step").
std::uint64_t stateBytes(const TrainingRecipe& r, std::uint64_t bytes, std::uint64_t elementBytes)
{
    const std::uint64_t n = bytes / elementBytes;
    std::uint64_t total = r.masterWeights ? roundUp(4 * n) : 0;
    if (r.pagedOptimizer)
        return total;
    const std::uint64_t stateElement = r.masterWeights ? 4 : elementBytes;
    switch (r.optimizer) {
    case OptimizerKind::AdamW:
        return total + 2 * roundUp(n * stateElement);
    case OptimizerKind::AdamW8bit:
        return total + 2 * roundUp(n) + 2 * roundUp(4 * ceilDiv(n, 2048));
    case OptimizerKind::Sgd:
        break;
    }
    return total;
}

std::vector<std::string> expectedPhases(const protocol::RunConfig& c)
{
    const TrainingRecipe& r = *c.decoder->training;
    std::vector<std::string> names { "model_load", "inputs", "first_step.forward", "first_step.loss",
        "first_step.backward" };
    if (r.gradAccum > 1)
        names.push_back("first_step.accumulate");
    if (!r.optimizerInBackward)
        names.push_back("first_step.optimizer");
    if (c.warmup > 0)
        names.push_back("warmup");
    for (std::uint32_t i = 0; i < c.repeats; ++i)
        names.push_back("warm_step");
    if (r.evalBatch > 0)
        names.push_back("eval");
    if (r.exportCopy)
        names.push_back("checkpoint_save");
    return names;
}

// One row of the matrix: a family, its weights, the attention and the recipe.
struct Row {
    const char* name;
    const char* family;
    WeightStorage storage;
    AttentionKind attention;
    TrainingRecipe recipe;
};

std::vector<Row> matrixRows()
{
    std::vector<Row> rows;
    const auto add = [&rows](const char* name, const char* family, WeightStorage storage, AttentionKind attention,
                         Method method, auto tweak) {
        TrainingRecipe r = recipe(method);
        tweak(r);
        rows.push_back({ name, family, storage, attention, r });
    };
    using A = AttentionKind;
    using W = WeightStorage;
    const auto allLinear = std::vector<LoraTarget> { LoraTarget::QProj, LoraTarget::KProj, LoraTarget::VProj,
        LoraTarget::OProj, LoraTarget::GateProj, LoraTarget::UpProj, LoraTarget::DownProj };
    add("llama full sdpa adamw", "llama", W::BFloat16, A::Sdpa, Method::Full, [](TrainingRecipe&) {});
    add("llama full eager checkpointed adamw8bit chunked", "llama", W::BFloat16, A::Eager, Method::Full,
        [](TrainingRecipe& r) {
            r.checkpointing = true;
            r.optimizer = OptimizerKind::AdamW8bit;
            r.lossChunks = 3;
        });
    add("llama full master weights paged adamw", "llama", W::BFloat16, A::Sdpa, Method::Full, [](TrainingRecipe& r) {
        r.masterWeights = true;
        r.pagedOptimizer = true;
    });
    add("llama full master weights sgd accumulate 3", "llama", W::Float16, A::Eager, Method::Full,
        [](TrainingRecipe& r) {
            r.masterWeights = true;
            r.optimizer = OptimizerKind::Sgd;
            r.gradAccum = 3;
        });
    add("llama full in-backward chunked eval export", "llama", W::BFloat16, A::Sdpa, Method::Full,
        [](TrainingRecipe& r) {
            r.optimizerInBackward = true;
            r.lossChunks = 4;
            r.evalBatch = 3;
            r.exportCopy = true;
        });
    add("llama full fp32 adamw export", "llama", W::Float32, A::Sdpa, Method::Full,
        [](TrainingRecipe& r) { r.exportCopy = true; });
    add("llama lora fp32 adapters accumulate 3 eval export", "llama", W::BFloat16, A::Sdpa, Method::Lora,
        [](TrainingRecipe& r) {
            r.gradAccum = 3;
            r.evalBatch = 3;
            r.exportCopy = true;
        });
    add("llama lora all-linear bf16 adapters eager checkpointed adamw8bit paged", "llama", W::BFloat16, A::Eager,
        Method::Lora, [&](TrainingRecipe& r) {
            r.targets = allLinear;
            r.adapterFp32 = false;
            r.checkpointing = true;
            r.optimizer = OptimizerKind::AdamW8bit;
            r.pagedOptimizer = true;
        });
    add("llama lora paged adamw in-backward", "llama", W::BFloat16, A::Sdpa, Method::Lora, [](TrainingRecipe& r) {
        r.pagedOptimizer = true;
        r.optimizerInBackward = true;
    });
    add("llama qlora nf4 all-linear sdpa", "llama", W::Nf4, A::Sdpa, Method::Qlora,
        [&](TrainingRecipe& r) { r.targets = allLinear; });
    add("llama qlora nf4-dq checkpointed chunked sgd eval", "llama", W::Nf4DoubleQuant, A::Eager, Method::Qlora,
        [](TrainingRecipe& r) {
            r.checkpointing = true;
            r.lossChunks = 2;
            r.optimizer = OptimizerKind::Sgd;
            r.evalBatch = 1;
        });
    add("gemma2 full sdpa accumulate 3 chunked", "gemma2", W::BFloat16, A::Sdpa, Method::Full, [](TrainingRecipe& r) {
        r.gradAccum = 3;
        r.lossChunks = 3;
    });
    add("gemma2 full eager in-backward (tied)", "gemma2", W::BFloat16, A::Eager, Method::Full,
        [](TrainingRecipe& r) { r.optimizerInBackward = true; });
    add("gemma2 lora all-linear eager checkpointed eval", "gemma2", W::BFloat16, A::Eager, Method::Lora,
        [&](TrainingRecipe& r) {
            r.targets = allLinear;
            r.checkpointing = true;
            r.evalBatch = 2;
        });
    add("gemma2 qlora nf4 sdpa chunked export", "gemma2", W::Nf4, A::Sdpa, Method::Qlora, [&](TrainingRecipe& r) {
        r.targets = allLinear;
        r.lossChunks = 2;
        r.exportCopy = true;
    });
    add("falcon (parallel) full eager adamw eval", "falcon", W::BFloat16, A::Eager, Method::Full,
        [](TrainingRecipe& r) { r.evalBatch = 2; });
    add("falcon (parallel) full sdpa checkpointed", "falcon", W::BFloat16, A::Sdpa, Method::Full,
        [](TrainingRecipe& r) { r.checkpointing = true; });
    add("falcon (parallel) lora all-linear bf16 adapters sdpa", "falcon", W::BFloat16, A::Sdpa, Method::Lora,
        [&](TrainingRecipe& r) {
            r.targets = allLinear;
            r.adapterFp32 = false;
        });
    add("gpt_neox full master weights adamw8bit", "gpt_neox", W::BFloat16, A::Sdpa, Method::Full,
        [](TrainingRecipe& r) {
            r.masterWeights = true;
            r.optimizer = OptimizerKind::AdamW8bit;
        });
    add("gpt_neox lora all-linear eager", "gpt_neox", W::BFloat16, A::Eager, Method::Lora,
        [&](TrainingRecipe& r) { r.targets = allLinear; });
    add("qwen3 (q/k norms) full sdpa", "qwen3", W::BFloat16, A::Sdpa, Method::Full, [](TrainingRecipe&) {});
    add("qwen3 (q/k norms) lora eager checkpointed", "qwen3", W::BFloat16, A::Eager, Method::Lora,
        [](TrainingRecipe& r) { r.checkpointing = true; });
    add("olmo2 (q/k norms over the projections) full eager checkpointed", "olmo2", W::BFloat16, A::Eager, Method::Full,
        [](TrainingRecipe& r) { r.checkpointing = true; });
    add("cohere2 (parallel, NoPE) full sdpa chunked", "cohere2", W::BFloat16, A::Sdpa, Method::Full,
        [](TrainingRecipe& r) { r.lossChunks = 2; });
    add("cohere2 (parallel, NoPE) qlora nf4-dq eager", "cohere2", W::Nf4DoubleQuant, A::Eager, Method::Qlora,
        [&](TrainingRecipe& r) { r.targets = allLinear; });
    add("qwen2 (biases) full sdpa sgd", "qwen2", W::BFloat16, A::Sdpa, Method::Full,
        [](TrainingRecipe& r) { r.optimizer = OptimizerKind::Sgd; });
    return rows;
}

std::unique_ptr<workloads::DecoderWorkload> makeTraining(Device& dev, const protocol::RunConfig& config)
{
    return std::make_unique<workloads::DecoderWorkload>(*dev.context, *dev.allocator, config);
}

} // namespace

class TestDecoderTraining : public QObject {
    Q_OBJECT
private slots:
    void matrix_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<WeightStorage>("storage");
        QTest::addColumn<AttentionKind>("attention");
        QTest::addColumn<TrainingRecipe>("recipe");
        QTest::addColumn<bool>("host");
        for (const Row& row : matrixRows())
            for (bool host : { false, true })
                QTest::addRow("%s, %s", row.name, host ? "host memory" : "sim")
                    << QString::fromLatin1(row.family) << row.storage << row.attention << row.recipe << host;
    }

    // Every phase of the plan runs and holds what DECODER.md says at its end: the adapters after model_load, the
    // inputs, the step's activations and logits between its phases, the gradients after the backward (none left
    // after the optimizer, or after a backward that stepped them), the states from the first step on, nothing
    // else after a whole step; the first step's optimizer phase grows by the states, a warm step does not.
    void matrix()
    {
        QFETCH(QString, family);
        QFETCH(WeightStorage, storage);
        QFETCH(AttentionKind, attention);
        QFETCH(TrainingRecipe, recipe);
        QFETCH(bool, host);
        const model::ModelShape shape = model::ConfigReader::parse(familyConfig(family.toStdString()));
        const auto config = trainingConfig(shape, storage, attention, recipe);
        QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
        const std::uint64_t s = device::dtypeSize(protocol::decoderComputeDType(config));
        const std::uint64_t tokens = kMicroBatch * kSequence;
        const bool full = recipe.method == Method::Full;
        const std::uint64_t elementBytes = full ? s : (recipe.adapterFp32 ? 4 : s);

        Device dev(host);
        auto workload = makeTraining(dev, config);
        const auto plan = workload->plan();
        std::vector<std::string> names;
        for (const auto& p : plan)
            names.push_back(p.name);
        QCOMPARE(names, expectedPhases(config));

        std::uint64_t base = 0; // weights, adapters and inputs
        std::uint64_t trainableBytes = 0, trainableRounded = 0, trainableElements = 0, states = 0;
        std::size_t trainableCount = 0;
        std::uint64_t afterBackward = 0, afterStep = 0;
        for (const auto& phase : plan) {
            const std::uint64_t before = dev.allocated();
            const device::Status status = workload->runPhase(phase);
            QVERIFY2(status.ok, (phase.name + ": " + status.message).c_str());
            const auto held = workload->heldTensors();
            QCOMPARE(dev.allocated(), roundedHeld(held)); // what is held is what the allocator counts
            switch (phase.kind) {
            case PhaseKind::ModelLoad: {
                const auto adapters = expectedAdapters(shape, recipe, s);
                std::vector<std::pair<std::string, std::uint64_t>> found;
                for (const auto& t : held) {
                    QCOMPARE(t.role, std::string("weights"));
                    if (t.name.find(".lora_") != std::string::npos)
                        found.emplace_back(t.name, t.bytes);
                }
                QCOMPARE(found, adapters);
                // The trainable tensors: the adapters, or every weight (none of these families has sinks).
                for (const auto& t : held)
                    if (full || t.name.find(".lora_") != std::string::npos) {
                        trainableBytes += t.bytes;
                        trainableRounded += roundUp(t.bytes);
                        trainableElements += t.bytes / elementBytes;
                        states += stateBytes(recipe, t.bytes, elementBytes);
                        ++trainableCount;
                    }
                if (!full) // the adapters come last, after the whole model
                    QCOMPARE(held.back().name, adapters.back().first);
                break;
            }
            case PhaseKind::Inputs:
                QCOMPARE(held.size() >= 2, true);
                QCOMPARE(held[held.size() - 2].name, std::string("input_ids"));
                QCOMPARE(held.back().name, std::string("labels"));
                QCOMPARE(held.back().bytes, 4 * tokens);
                base = dev.allocated();
                break;
            case PhaseKind::StepForward: {
                const auto acts = activationNames(held);
                QVERIFY(!acts.empty());
                // model.norm is the forward's last: an RMSNorm's norm32, rstd, normed (full) and hn, the last h2
                // freed at its norm32; a LayerNorm's hn, mean and rstd, the last h2 saved.
                const bool layerNorm = shape.finalNormParameters == 2 * shape.hidden;
                const std::vector<std::string> finalNorm = layerNorm
                    ? std::vector<std::string> { "hn", "mean", "rstd" }
                    : (full ? std::vector<std::string> { "norm32", "rstd", "normed", "hn" }
                            : std::vector<std::string> { "norm32", "rstd", "hn" });
                QVERIFY(acts.size() >= finalNorm.size());
                QCOMPARE(
                    std::vector<std::string>(acts.end() - static_cast<std::ptrdiff_t>(finalNorm.size()), acts.end()),
                    finalNorm);
                if (recipe.checkpointing) { // only each layer's input, the outputs the next layer reads, model.norm's
                    std::vector<std::string> kept { "h" };
                    for (std::uint64_t l = 0; l < shape.layers; ++l)
                        if (layerNorm || l + 1 < shape.layers)
                            kept.push_back("h2");
                    kept.insert(kept.end(), finalNorm.begin(), finalNorm.end());
                    QCOMPARE(acts, kept);
                }
                QCOMPARE(role(held, "gradients").count, std::size_t(0));
                break;
            }
            case PhaseKind::StepLoss: {
                QCOMPARE(bytesNamed(held, "logits"), tokens * shape.vocab * s);
                QCOMPARE(bytesNamed(held, "logprobs"), tokens * shape.vocab * 4);
                QCOMPARE(bytesNamed(held, "loss"), std::uint64_t(4));
                const auto acts = activationNames(held);
                QCOMPARE(std::count(acts.begin(), acts.end(), std::string("hn")), full ? 1 : 0);
                break;
            }
            case PhaseKind::StepBackward:
            case PhaseKind::StepAccumulate: {
                QCOMPARE(role(held, "activations").count, std::size_t(0)); // everything saved is gone
                const RoleBytes grads = role(held, "gradients");
                if (recipe.optimizerInBackward) {
                    QCOMPARE(grads.count, std::size_t(0)); // each stepped and freed in the backward
                    QCOMPARE(role(held, "optimizer").rounded, states);
                    QCOMPARE(dev.allocated(), base + states);
                    afterStep = dev.allocated();
                } else {
                    QCOMPARE(grads.count, trainableCount); // one .grad per trainable tensor, of its bytes
                    QCOMPARE(grads.bytes, trainableBytes);
                    QCOMPARE(dev.allocated(), base + trainableRounded);
                    QCOMPARE(role(held, "optimizer").count, std::size_t(0));
                    if (phase.kind == PhaseKind::StepAccumulate)
                        QCOMPARE(dev.allocated(), afterBackward); // accumulated in place
                    afterBackward = dev.allocated();
                }
                break;
            }
            case PhaseKind::StepOptimizer:
                QCOMPARE(role(held, "gradients").count, std::size_t(0));
                QCOMPARE(role(held, "optimizer").rounded, states);
                QCOMPARE(dev.allocated(), base + states);
                // The first step's optimizer grows allocated by the states (and frees the gradients).
                QCOMPARE(dev.allocated() + trainableRounded, before + states);
                afterStep = dev.allocated();
                break;
            case PhaseKind::Warmup:
            case PhaseKind::WarmStep:
                // The states persist; a whole step leaves nothing else behind and does not grow.
                QCOMPARE(dev.allocated(), afterStep);
                QCOMPARE(before, afterStep);
                QCOMPARE(role(held, "gradients").count, std::size_t(0));
                QCOMPARE(role(held, "activations").count, std::size_t(0));
                break;
            case PhaseKind::Evaluation:
            case PhaseKind::Export:
                QCOMPARE(dev.allocated(), before);
                QCOMPARE(role(held, "activations").count, std::size_t(0));
                if (phase.kind == PhaseKind::Export)
                    QCOMPARE(workload->exportedBytes(), 2 * trainableElements);
                break;
            default:
                QFAIL(("unexpected phase " + phase.name).c_str());
            }
        }
        workload.reset();
        QCOMPARE(dev.allocated(), std::uint64_t(0));
    }

    // The families of the matrix are what its rows say they are: the layers the config reader makes of them.
    void families()
    {
        const auto layer = [](const std::string& family, std::size_t l) {
            const model::ModelShape m = model::ConfigReader::parse(familyConfig(family));
            return m.layerSpecs.at(l);
        };
        const auto shape = [](const std::string& family) { return model::ConfigReader::parse(familyConfig(family)); };
        QCOMPARE(layer("llama", 0).normParameters, std::uint64_t(2 * 32)); // two RMSNorms
        QCOMPARE(layer("gemma2", 0).normParameters, std::uint64_t(4 * 32)); // four
        QVERIFY(shape("gemma2").layerWindows.at(0).has_value()); // a sliding layer
        QVERIFY(!shape("gemma2").layerWindows.at(1).has_value()); // and a global one
        QCOMPARE(shape("falcon").finalNormParameters, std::uint64_t(2 * 32)); // LayerNorms with biases
        QCOMPARE(layer("falcon", 0).normParameters, std::uint64_t(2 * 32)); // one of them: n_l = 1, parallel
        QVERIFY(!layer("falcon", 0).mlp.gated);
        QCOMPARE(shape("gpt_neox").finalNormParameters, std::uint64_t(2 * 32));
        QCOMPARE(layer("gpt_neox", 0).normParameters, std::uint64_t(4 * 32)); // two LayerNorms: n_l = 2
        QVERIFY(!layer("gpt_neox", 0).mlp.gated && layer("gpt_neox", 0).mlp.bias);
        QCOMPARE(layer("qwen3", 0).attention.qkNormParameters, std::uint64_t(2 * 16)); // per head
        QCOMPARE(layer("olmo2", 0).attention.qkNormParameters, std::uint64_t((4 + 2) * 8)); // over the projections
        QCOMPARE(layer("cohere2", 0).normParameters, std::uint64_t(32)); // parallel
        QVERIFY(layer("cohere2", 0).attention.rope && !layer("cohere2", 1).attention.rope); // NoPE global layer
        QVERIFY(layer("qwen2", 0).attention.qkvBias);
    }

    // Byte counts by hand for a one-layer Llama (H 32, 4 heads of 8, 2 KV heads, I 48, V 72) with B = 2, S = 20:
    // T = 40 tokens.
    void handCounted()
    {
        model::ModelShape shape = model::ConfigReader::parse(familyConfig("llama"));
        shape.layers = 1;
        shape.layerSpecs.resize(1);
        shape.layerWindows.resize(1);
        TrainingRecipe r = recipe(Method::Lora); // rank 4 on q_proj, v_proj, float32 adapters, AdamW
        const auto config = trainingConfig(shape, WeightStorage::BFloat16, AttentionKind::Sdpa, r, 0, 1);
        Device dev(false);
        auto workload = makeTraining(dev, config);
        std::map<std::string, std::uint64_t> bytes;
        for (const auto& phase : workload->plan()) {
            QVERIFY(workload->runPhase(phase).ok);
            const auto held = workload->heldTensors();
            if (phase.kind == PhaseKind::ModelLoad)
                for (const auto& t : held)
                    bytes[t.name] = t.bytes;
            if (phase.kind == PhaseKind::StepForward) {
                // What the backward reads (fp32 adapters: each adapted linear's lora_x and lora_mid; the frozen
                // base needs no input; each RMSNorm's norm32 and rstd, its frozen weight needs no normed; the gated
                // MLP's g, u and act_g), in allocation order; x, o, x2, act and d were freed, and so were h and h1
                // after their residuals and the last h2 at model.norm's norm32: no norm reads its 16-bit input.
                const std::vector<std::string> saved { "norm32", "rstd", "q", "lora_x", "lora_mid", "k", "v", "lora_x",
                    "lora_mid", "attn", "lse", "norm32", "rstd", "g", "u", "act_g", "norm32", "rstd", "hn" };
                QCOMPARE(activationNames(held), saved);
                for (const auto& t : held) {
                    if (t.name == "norm32")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 32 * 4)); // float32 [T, H]
                    if (t.name == "rstd")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 4)); // float32 [T]
                    if (t.name == "act_g")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 48 * 2)); // [T, I] bf16
                    if (t.name == "lse")
                        QCOMPARE(t.bytes, std::uint64_t(4 * 2 * 4 * 20)); // float32 [B, Hq, S]
                    if (t.name == "lora_x")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 32 * 4)); // [T, H] float32
                    if (t.name == "lora_mid")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 4 * 4)); // [T, r] float32
                    if (t.name == "attn")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 32 * 2)); // [T, Hq D] bf16
                }
            }
            if (phase.kind == PhaseKind::StepLoss) {
                const std::vector<std::string> saved { "norm32", "rstd", "q", "lora_x", "lora_mid", "k", "v", "lora_x",
                    "lora_mid", "attn", "lse", "norm32", "rstd", "g", "u", "act_g", "norm32", "rstd", "logits",
                    "logprobs", "loss" };
                QCOMPARE(activationNames(held), saved); // hn freed after the logits: lm_head is frozen
                for (const auto& t : held) {
                    if (t.name == "logits")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 72 * 2));
                    if (t.name == "logprobs")
                        QCOMPARE(t.bytes, std::uint64_t(40 * 72 * 4));
                }
            }
            if (phase.kind == PhaseKind::StepBackward) {
                std::uint64_t grads = 0;
                for (const auto& t : held)
                    if (t.role == "gradients")
                        grads += t.bytes;
                QCOMPARE(grads, std::uint64_t(512 + 512 + 512 + 256));
            }
            if (phase.kind == PhaseKind::StepOptimizer) {
                std::uint64_t states = 0;
                for (const auto& t : held)
                    if (t.role == "optimizer")
                        states += t.bytes;
                QCOMPARE(states, 2 * std::uint64_t(512 + 512 + 512 + 256)); // AdamW: 2 x the trainable bytes
                QCOMPARE(held.back().name, std::string("model.layers.0.self_attn.v_proj.lora_B.weight.exp_avg_sq"));
            }
        }
        // lora_A [r, in] and lora_B [out, r] in float32: q_proj 4 x 32 and 32 x 4, v_proj 4 x 32 and 16 x 4.
        QCOMPARE(bytes["model.layers.0.self_attn.q_proj.lora_A.weight"], std::uint64_t(4 * 32 * 4));
        QCOMPARE(bytes["model.layers.0.self_attn.q_proj.lora_B.weight"], std::uint64_t(32 * 4 * 4));
        QCOMPARE(bytes["model.layers.0.self_attn.v_proj.lora_A.weight"], std::uint64_t(4 * 32 * 4));
        QCOMPARE(bytes["model.layers.0.self_attn.v_proj.lora_B.weight"], std::uint64_t(16 * 4 * 4));
    }

    // The saved set of other recipes, by name: full keeps every linear's input and each norm's normed (its weight
    // is trained); adapters in the compute dtype keep x instead of a converted copy; eager keeps probs (and attn
    // only for a trainable o_proj). Every recipe keeps each RMSNorm's norm32 and rstd and the MLP's act_g.
    void savedTensors_data()
    {
        QTest::addColumn<TrainingRecipe>("recipe");
        QTest::addColumn<AttentionKind>("attention");
        QTest::addColumn<QStringList>("saved");
        TrainingRecipe full = recipe(Method::Full);
        QTest::addRow("full sdpa") << full << AttentionKind::Sdpa
                                   << QStringList { "norm32", "rstd", "normed", "x", "q", "k", "v", "attn", "lse",
                                          "norm32", "rstd", "normed", "x2", "g", "u", "act_g", "act", "norm32", "rstd",
                                          "normed", "hn" };
        QTest::addRow("full eager") << full << AttentionKind::Eager
                                    << QStringList { "norm32", "rstd", "normed", "x", "q", "k", "v", "attn", "probs",
                                           "norm32", "rstd", "normed", "x2", "g", "u", "act_g", "act", "norm32", "rstd",
                                           "normed", "hn" };
        TrainingRecipe bf16 = recipe(Method::Lora);
        bf16.adapterFp32 = false;
        QTest::addRow("lora bf16 adapters sdpa")
            << bf16 << AttentionKind::Sdpa
            << QStringList { "norm32", "rstd", "x", "q", "lora_mid", "k", "v", "lora_mid", "attn", "lse", "norm32",
                   "rstd", "g", "u", "act_g", "norm32", "rstd", "hn" };
        TrainingRecipe fp32 = recipe(Method::Lora);
        QTest::addRow("lora fp32 adapters eager")
            << fp32 << AttentionKind::Eager
            << QStringList { "norm32", "rstd", "q", "lora_x", "lora_mid", "k", "v", "lora_x", "lora_mid", "probs",
                   "norm32", "rstd", "g", "u", "act_g", "norm32", "rstd", "hn" };
    }
    void savedTensors()
    {
        QFETCH(TrainingRecipe, recipe);
        QFETCH(AttentionKind, attention);
        QFETCH(QStringList, saved);
        model::ModelShape shape = model::ConfigReader::parse(familyConfig("llama"));
        shape.layers = 1;
        shape.layerSpecs.resize(1);
        shape.layerWindows.resize(1);
        const auto config = trainingConfig(shape, WeightStorage::BFloat16, attention, recipe, 0, 0);
        Device dev(true);
        auto workload = makeTraining(dev, config);
        for (const auto& phase : workload->plan()) {
            QVERIFY(workload->runPhase(phase).ok);
            if (phase.kind != PhaseKind::StepForward)
                continue;
            QStringList names;
            for (const auto& name : activationNames(workload->heldTensors()))
                names << QString::fromStdString(name);
            QCOMPARE(names, saved);
        }
    }

    // The optimizer in the backward steps a tied embedding once, after its second gradient (step 5): its
    // states exist, and no gradient is left, after the backward of a tied Gemma-2 with a chunked loss.
    void tiedEmbeddingSteppedOnce()
    {
        const model::ModelShape shape = model::ConfigReader::parse(familyConfig("gemma2"));
        QVERIFY(shape.tieWordEmbeddings);
        TrainingRecipe r = recipe(Method::Full);
        r.optimizerInBackward = true;
        r.lossChunks = 3;
        const auto config = trainingConfig(shape, WeightStorage::BFloat16, AttentionKind::Sdpa, r, 0, 0);
        Device dev(false);
        auto workload = makeTraining(dev, config);
        for (const auto& phase : workload->plan()) {
            QVERIFY(workload->runPhase(phase).ok);
            if (phase.kind != PhaseKind::StepBackward)
                continue;
            std::set<std::string> states;
            for (const auto& t : workload->heldTensors()) {
                QVERIFY2(t.role != "gradients", t.name.c_str());
                if (t.role == "optimizer")
                    states.insert(t.name);
            }
            QVERIFY(states.count("model.embed_tokens.weight.exp_avg"));
            QVERIFY(!states.count("lm_head.weight.exp_avg")); // tied: one parameter
        }
    }

    // Paged states live in host memory: the device holds none between steps, and every step's page is freed.
    void pagedStatesStayOnTheHost()
    {
        const model::ModelShape shape = model::ConfigReader::parse(familyConfig("llama"));
        TrainingRecipe r = recipe(Method::Lora);
        r.pagedOptimizer = true;
        const auto config = trainingConfig(shape, WeightStorage::BFloat16, AttentionKind::Sdpa, r, 1, 1);
        Device dev(true);
        auto workload = makeTraining(dev, config);
        std::uint64_t afterInputs = 0;
        for (const auto& phase : workload->plan()) {
            dev.allocator->resetPeakStats();
            QVERIFY(workload->runPhase(phase).ok);
            if (phase.kind == PhaseKind::Inputs)
                afterInputs = dev.allocated();
            if (phase.kind == PhaseKind::StepOptimizer) {
                QCOMPARE(dev.allocated(), afterInputs);
                QVERIFY(dev.allocator->counters().allocatedPeak > afterInputs); // the pages were there
            }
        }
    }

    // What the constructor refuses for a training run, in one line each.
    void refused_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addRow("moe") << "moe";
        QTest::addRow("state layers") << "state layers";
        QTest::addRow("mamba layers (jamba)") << "mamba layers";
        QTest::addRow("qlora on bf16") << "qlora on bf16";
        QTest::addRow("full on nf4") << "full on nf4";
        QTest::addRow("master weights on fp32") << "master weights on fp32";
        QTest::addRow("no recipe") << "no recipe";
        QTest::addRow("learned positions") << "learned positions";
        QTest::addRow("vision tower") << "vision tower";
    }
    void refused()
    {
        QFETCH(QString, what);
        model::ModelShape shape = model::ConfigReader::parse(familyConfig("llama"));
        TrainingRecipe r = recipe(Method::Lora);
        WeightStorage storage = WeightStorage::BFloat16;
        if (what == "moe")
            shape = model::ConfigReader::parse(familyConfig("qwen3_moe"));
        else if (what == "state layers")
            shape = model::ConfigReader::parse(familyConfig("nemotron_h"));
        else if (what == "mamba layers")
            shape = model::ConfigReader::parse(familyConfig("jamba"));
        else if (what == "qlora on bf16")
            r.method = Method::Qlora;
        else if (what == "full on nf4")
            r.method = Method::Full, storage = WeightStorage::Nf4;
        else if (what == "master weights on fp32")
            r.method = Method::Full, r.masterWeights = true, storage = WeightStorage::Float32;
        else if (what == "learned positions")
            shape = model::ConfigReader::parse(R"({"model_type": "gpt_bigcode", "n_embd": 32, "n_layer": 2,
                "n_head": 4, "n_positions": 4096, "vocab_size": 72})");
        else if (what == "vision tower")
            shape = model::ConfigReader::parse(R"({"model_type": "gemma3", "text_config": {"hidden_size": 32,
                "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 8,
                "intermediate_size": 48, "vocab_size": 72, "sliding_window": 8}, "vision_config": {"hidden_size": 16,
                "intermediate_size": 24, "num_hidden_layers": 1, "patch_size": 4, "image_size": 8}})");
        auto config = trainingConfig(shape, storage, AttentionKind::Sdpa, r);
        if (what == "no recipe")
            config.decoder->training.reset();
        Device dev(false);
        try {
            workloads::DecoderWorkload workload(*dev.context, *dev.allocator, config);
            QFAIL("no error");
        } catch (const units::InputError& e) {
            const std::string line = e.what();
            QVERIFY(!line.empty());
            QVERIFY2(line.find('\n') == std::string::npos, line.c_str());
            if (what == "learned positions")
                QVERIFY2(line.find("learned position embeddings") != std::string::npos, line.c_str());
            if (what == "vision tower")
                QVERIFY2(line.find("vision part loaded") != std::string::npos, line.c_str());
            if (what == "state layers" || what == "mamba layers")
                QVERIFY2(line.find("state layers") != std::string::npos, line.c_str());
        }
        QCOMPARE(dev.allocated(), std::uint64_t(0));
    }

    // Out of memory in a step: the phase says so (from the status), what it held stays listed, and the
    // workload frees it all when destroyed.
    void outOfMemoryInTheForward()
    {
        const model::ModelShape shape = model::ConfigReader::parse(familyConfig("llama"));
        TrainingRecipe r = recipe(Method::Full);
        r.sequenceLength = 512;
        r.microBatch = 4;
        const auto config = trainingConfig(shape, WeightStorage::BFloat16, AttentionKind::Eager, r, 0, 0);
        // The model and the inputs fit; the eager scores (8 MiB) and their float32 softmax (16 MiB) do not.
        Device dev(false, 24 * units::kMiB);
        {
            auto workload = makeTraining(dev, config);
            bool failed = false;
            for (const auto& phase : workload->plan()) {
                const device::Status status = workload->runPhase(phase);
                if (status.ok)
                    continue;
                QVERIFY(status.outOfMemory);
                QCOMPARE(phase.name, std::string("first_step.forward"));
                const auto held = workload->heldTensors();
                QCOMPARE(dev.allocated(), roundedHeld(held));
                QCOMPARE(held.back().name, std::string("scores"));
                failed = true;
                break;
            }
            QVERIFY(failed);
        }
        QCOMPARE(dev.allocated(), std::uint64_t(0));
    }

    // A Llama-2-7B shape on the simulated device: a LoRA step and a checkpointed full step of 2 x 4096 tokens
    // make thousands of allocations and kernel calls, and stay fast on the CPU.
    void llama7bPace()
    {
        model::ModelShape m;
        m.family = "llama";
        m.layers = 32;
        m.hidden = 4096;
        m.intermediate = 11008;
        m.heads = 32;
        m.kvHeads = 32;
        m.headDim = 128;
        m.vocab = 32000;
        m.layerWindows.assign(m.layers, std::nullopt);
        for (const Method method : { Method::Lora, Method::Full }) {
            TrainingRecipe r = recipe(method);
            r.sequenceLength = 4096;
            r.checkpointing = method == Method::Full;
            r.lossChunks = method == Method::Full ? 8 : 0;
            const auto config = trainingConfig(m, WeightStorage::BFloat16, AttentionKind::Sdpa, r, 0, 1);
            Device dev(false, std::uint64_t(512) << 30);
            auto workload = makeTraining(dev, config);
            const auto start = std::chrono::steady_clock::now();
            for (const auto& phase : workload->plan()) {
                const device::Status status = workload->runPhase(phase);
                QVERIFY2(status.ok, (phase.name + ": " + status.message).c_str());
            }
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            qInfo("Llama-2-7B shape, %s, 2 x 4096 tokens, two steps: %.3f s of CPU wall time, peak %.2f GiB",
                training::methodName(method), seconds,
                static_cast<double>(dev.allocator->counters().allocatedPeak) / units::kGiB);
            QVERIFY2(seconds < 2.0, "the training step's hot path is too slow");
        }
    }
};

QTEST_GUILESS_MAIN(TestDecoderTraining)
#include "tst_decodertraining.moc"
