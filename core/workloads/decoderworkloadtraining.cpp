// SPDX-License-Identifier: Apache-2.0
// The decoder's training step: DECODER.md "Training", allocation by allocation. The inference path (model_load,
// the linears, the norms, the embedding) is decoderworkload.cpp's; this file adds the adapters, the saved
// activations, the loss, the backward, the optimizer, eval and checkpoint_save.
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/workloads/decoderworkload.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_set>

namespace iteragpu::workloads {

using device::DType;
using device::Status;
using protocol::AttentionKind;
using training::Method;
using training::OptimizerKind;
namespace checked = units::checked;

namespace {
    constexpr float kAdapterInitScale = 0.02f; // LoRA A: uniform in [-scale, scale]; B is zero (PEFT's init)
    constexpr std::uint64_t kIdBytes = 4; // int32 token ids and labels
    constexpr std::uint64_t kFloatBytes = 4; // float32 logits, log-probabilities, lse, states
    // AdamW as torch.optim.AdamW's defaults, with a fine-tuning learning rate; SGD the same rate.
    constexpr float kLearningRate = 1e-4f;
    constexpr float kBeta1 = 0.9f;
    constexpr float kBeta2 = 0.999f;
    constexpr float kAdamEps = 1e-8f;
    constexpr float kWeightDecay = 0.01f;
    constexpr std::array<unsigned char, 3> kZeroTail = { 0, 0, 0 }; // the bytes of a zero-fill past its last word

    std::int64_t chunkStart(std::int64_t rows, std::int64_t c, std::int64_t n) { return rows * c / n; }

    std::uint64_t u64(std::int64_t v) { return static_cast<std::uint64_t>(v); }
} // namespace

// --- set-up -------------------------------------------------------------------------------------------------

void DecoderWorkload::initTraining()
{
    const training::TrainingRecipe& r = *m_spec.training;
    const model::ModelShape& m = m_spec.shape;
    m_sequences = static_cast<std::int64_t>(r.microBatch);
    m_prompt = static_cast<std::int64_t>(r.sequenceLength);
    m_generated = 0;
    m_positions = m_prompt;
    m_position = m_prompt;
    m_full = r.method == Method::Full;
    m_adapterDtype = r.adapterFp32 ? DType::Float32 : m_dtype;
    m_rank = m_full ? 0 : static_cast<std::int64_t>(r.rank);

    // validateConfig bounds the activations and the float32 logits of B (or the eval batch) x S tokens; what the
    // recipe adds beyond them is checked here: the adapters' [T, r] and [r, in] tensors and the float32 copies of
    // the weights (master weights, AdamW states of float32 weights).
    constexpr std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    const char* what = "a tensor of the training step";
    const auto fits = [&](std::initializer_list<std::uint64_t> dims) {
        if (checked::mul(dims, what) > limit)
            throw units::InputError("a tensor of the training step would need more than 2^63 bytes");
    };
    const std::uint64_t tokens = std::max(r.microBatch, r.evalBatch) * r.sequenceLength; // validated
    std::uint64_t widest = std::max(m.hidden, m.vocab);
    const bool perLayer = !m.layerSpecs.empty();
    for (std::size_t l = 0; l < m.layers; ++l) {
        const model::LayerSpec spec = perLayer ? m.layerSpecs[l] : m.uniformLayer(l);
        widest = std::max(
            { widest, checked::mul(spec.attention.heads, spec.attention.headDim, what), spec.mlp.intermediate });
    }
    fits({ widest, m.hidden, kFloatBytes });
    fits({ m.vocab, m.hidden, kFloatBytes });
    if (!m_full) {
        fits({ tokens, r.rank, kFloatBytes });
        fits({ widest, r.rank, kFloatBytes });
    }
    m_chunks = static_cast<std::int64_t>(r.lossChunks);
    m_chunkNames.resize(static_cast<std::size_t>(chunkCount(static_cast<std::int64_t>(tokens))));
    for (std::size_t c = 0; c < m_chunkNames.size(); ++c) {
        const std::string suffix = m_chunks == 0 ? std::string() : "." + std::to_string(c);
        m_chunkNames[c]
            = { "logits" + suffix, "logprobs" + suffix, "dlogits" + suffix, "dhn" + suffix, "lse" + suffix };
    }
}

void DecoderWorkload::releaseTraining()
{
    for (Parameter& p : m_params) {
        freeHeld(p.grad);
        for (auto it = p.states.rbegin(); it != p.states.rend(); ++it)
            freeHeld(*it);
        p.states.clear();
        freeHeld(p.master);
        m_context.hostFree(p.hostStates);
        p.hostStates = nullptr;
    }
    m_context.hostFree(m_exported);
    m_exported = nullptr;
    freeHeld(m_evalLabels);
    freeHeld(m_evalIds);
    freeHeld(m_labels);
}

std::int64_t DecoderWorkload::chunkCount(std::int64_t rows) const
{
    return m_chunks == 0 ? 1 : std::min(m_chunks, rows); // no chunk is empty (DECODER.md "The loss")
}

bool DecoderWorkload::savesInput(const Linear& w) const { return m_full || (w.loraA && m_adapterDtype == m_dtype); }

std::uint64_t DecoderWorkload::adapterBytes(std::int64_t elements) const
{
    return u64(elements) * device::dtypeSize(m_adapterDtype);
}

Status DecoderWorkload::runTrainingPhase(const protocol::PlannedPhase& phase)
{
    using protocol::PhaseKind;
    const bool ready = m_loaded && m_inputIds.ptr;
    switch (phase.kind) {
    case PhaseKind::ModelLoad:
        if (m_loaded || !m_weights.empty())
            return Status::error("model_load ran twice");
        modelLoad();
        loadAdapters();
        collectParameters();
        m_loaded = true;
        break;
    case PhaseKind::Inputs:
        if (m_inputIds.ptr)
            return Status::error("inputs ran twice");
        trainingInputs();
        break;
    case PhaseKind::StepForward:
        if (!ready || m_stage != Stage::Idle)
            return Status::error(phase.name + " needs model_load and inputs, and no forward waiting for its loss");
        trainForward();
        break;
    case PhaseKind::StepLoss:
        if (m_stage != Stage::Forwarded)
            return Status::error(phase.name + " needs the forward first");
        trainLoss();
        break;
    case PhaseKind::StepBackward:
        if (m_stage != Stage::LossMade)
            return Status::error(phase.name + " needs the loss first");
        trainBackward();
        ++m_microBatches;
        break;
    case PhaseKind::StepAccumulate:
        if (m_stage != Stage::Idle || m_microBatches == 0)
            return Status::error(phase.name + " needs the first micro-batch's backward first");
        for (std::uint32_t i = 0; i < phase.iterations && !stopBefore(i, phase.iterations); ++i)
            microBatch();
        break;
    case PhaseKind::StepOptimizer:
        if (m_stage != Stage::Idle || m_microBatches == 0)
            return Status::error(phase.name + " needs the backward first");
        optimizerStep();
        freeGradients();
        break;
    case PhaseKind::Warmup:
    case PhaseKind::WarmStep: {
        if (!ready || m_stage != Stage::Idle)
            return Status::error(phase.name + " needs model_load, inputs and a finished step");
        const std::uint32_t steps = phase.kind == PhaseKind::Warmup ? phase.iterations : 1;
        for (std::uint32_t i = 0; i < steps && !stopBefore(i, steps); ++i)
            wholeStep();
        break;
    }
    case PhaseKind::Evaluation:
        if (!m_loaded || m_stage != Stage::Idle)
            return Status::error(phase.name + " needs model_load and no step half done");
        evaluate();
        break;
    case PhaseKind::Export:
        if (!m_loaded)
            return Status::error(phase.name + " needs model_load first");
        checkpointSave();
        break;
    default:
        return Status::error(phase.name + " is not a phase of the decoder's training step");
    }
    return Status::success();
}

// --- model_load and inputs ----------------------------------------------------------------------------------

void DecoderWorkload::loadAdapters()
{
    if (m_full)
        return;
    const training::TrainingRecipe& r = *m_spec.training;
    std::array<bool, training::kLoraTargetCount> wanted {};
    for (training::LoraTarget t : r.targets)
        wanted[static_cast<std::size_t>(t)] = true;
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        Layer& layer = m_layers[l];
        const std::string p = "model.layers." + std::to_string(l) + ".";
        const std::array<std::pair<Linear*, std::string>, training::kLoraTargetCount> linears = { {
            { &layer.q, p + "self_attn.q_proj" },
            { &layer.k, p + "self_attn.k_proj" },
            { &layer.v, p + "self_attn.v_proj" },
            { &layer.o, p + "self_attn.o_proj" },
            { layer.gated ? &layer.gate : nullptr, p + "mlp.gate_proj" },
            { &layer.up, p + "mlp.up_proj" },
            { &layer.down, p + "mlp.down_proj" },
        } };
        for (std::size_t t = 0; t < linears.size(); ++t) {
            Linear* w = linears[t].first;
            if (!wanted[t] || !w)
                continue;
            const auto a = static_cast<std::uint64_t>(m_rank * w->in);
            const auto b = static_cast<std::uint64_t>(w->out * m_rank);
            w->loraA = loadWeight(linears[t].second + ".lora_A.weight", adapterBytes(m_rank * w->in));
            check(m_context.fillRandom(w->loraA, a, m_adapterDtype, nextSeed(), kAdapterInitScale));
            w->loraB = loadWeight(linears[t].second + ".lora_B.weight", adapterBytes(w->out * m_rank));
            check(m_context.fill(w->loraB, b, m_adapterDtype, 0.0f));
        }
    }
}

void DecoderWorkload::collectParameters()
{
    // The trainable tensors in model_load order: the adapters (the weights loaded after the model), or every
    // weight but the attention sinks, which the kernels do not read (DECODER.md "Training", Notation).
    std::unordered_set<const void*> frozen;
    std::unordered_set<const void*> adapters;
    for (const Layer& layer : m_layers) {
        if (layer.sinkLogits)
            frozen.insert(layer.sinkLogits);
        for (const Linear* w : { &layer.q, &layer.k, &layer.v, &layer.o, &layer.gate, &layer.up, &layer.down })
            if (w->loraA)
                adapters.insert({ w->loraA, w->loraB });
    }
    for (const Weight& w : m_weights) {
        const bool trainable = m_full ? frozen.count(w.buffer.ptr) == 0 : adapters.count(w.buffer.ptr) > 0;
        if (!trainable)
            continue;
        Parameter p;
        p.name = w.name;
        p.value = w.buffer.ptr;
        p.dtype = m_full ? m_dtype : m_adapterDtype;
        p.count = w.buffer.bytes / device::dtypeSize(p.dtype);
        m_paramOf[p.value] = m_params.size();
        m_params.push_back(std::move(p));
    }
    if (!m_full)
        return;
    // Fresh gradients per backward (DECODER.md "Its gradient"): lm_head one per chunk; a tied embedding gets
    // lm_head's and then its own.
    const int chunks = static_cast<int>(chunkCount(m_sequences * m_prompt));
    m_params[m_paramOf.at(m_lmHead.weight)].contributions = chunks;
    if (m_lmHead.bias)
        m_params[m_paramOf.at(m_lmHead.bias)].contributions = chunks;
    if (m_lmHead.weight == m_embedTable)
        m_params[m_paramOf.at(m_embedTable)].contributions = chunks + 1;
}

void DecoderWorkload::trainingInputs()
{
    const auto tokens = u64(m_sequences * m_prompt);
    m_inputIds = allocateHeld(kIdBytes * tokens, alloc::Owner::Activation);
    check(m_context.fillTokens(m_inputIds.ptr, tokens, m_vocab, m_config.seed * 0x100000001b3ULL + 0x5eed));
    m_labels = allocateHeld(kIdBytes * tokens, alloc::Owner::Activation);
    check(m_context.fillTokens(m_labels.ptr, tokens, m_vocab, m_config.seed * 0x100000001b3ULL + 0x1abe1));
}

// --- the steps ----------------------------------------------------------------------------------------------

void DecoderWorkload::microBatch()
{
    trainForward();
    trainLoss();
    trainBackward();
    ++m_microBatches;
}

void DecoderWorkload::wholeStep()
{
    const training::TrainingRecipe& r = *m_spec.training;
    for (std::uint64_t i = 0; i < r.gradAccum; ++i)
        microBatch();
    if (!r.optimizerInBackward) {
        optimizerStep();
        freeGradients();
    }
}

// --- the forward --------------------------------------------------------------------------------------------

void* DecoderWorkload::sum(const char* name, const void* a, const void* b, std::uint64_t count)
{
    void* out = allocate(name, count * m_elementBytes);
    check(m_context.convert(out, m_dtype, a, m_dtype, count)); // a copy
    check(m_context.add(out, b, count, m_dtype));
    return out;
}

void* DecoderWorkload::trainLinear(
    const char* name, const void* x, std::int64_t rows, const Linear& w, LoraSaved* saved)
{
    void* y = linear(name, x, rows, w);
    if (!w.loraA)
        return y;
    const DType a = m_adapterDtype;
    const bool cast = a != m_dtype;
    void* loraX = nullptr;
    if (cast) { // PEFT casts the input to the adapters' dtype
        loraX = allocate("lora_x", adapterBytes(rows * w.in));
        check(m_context.convert(loraX, a, x, m_dtype, u64(rows * w.in)));
    }
    void* mid = allocate("lora_mid", adapterBytes(rows * m_rank));
    check(m_context.gemm(false, true, rows, m_rank, w.in, cast ? loraX : x, w.loraA, mid, a, false));
    if (!saved && loraX) {
        release(loraX);
        loraX = nullptr;
    }
    void* out = allocate("lora_out", adapterBytes(rows * w.out));
    check(m_context.gemm(false, true, rows, w.out, m_rank, mid, w.loraB, out, a, false));
    if (!saved) {
        release(mid);
        mid = nullptr;
    }
    const auto count = u64(rows * w.out);
    if (cast) {
        void* back = allocate("lora_cast", bytes(rows * w.out));
        check(m_context.convert(back, m_dtype, out, a, count));
        release(out);
        check(m_context.add(y, back, count, m_dtype));
        release(back);
    } else {
        check(m_context.add(y, out, count, m_dtype));
        release(out);
    }
    if (saved)
        *saved = { loraX, mid };
    return y;
}

device::AttentionShape DecoderWorkload::trainingShape(std::size_t l, std::int64_t batch) const
{
    const Layer& layer = m_layers[l];
    device::AttentionShape shape;
    shape.batch = batch;
    shape.queries = m_prompt;
    shape.heads = layer.heads;
    shape.kvHeads = layer.kvHeads;
    shape.headDim = layer.headDim;
    shape.queryStart = 0;
    shape.keyStart = 0;
    shape.keys = m_prompt; // every key is the step's own
    shape.window = layer.window;
    shape.scale = layer.attentionScale;
    return shape;
}

void DecoderWorkload::trainAttention(std::size_t l, LayerActivations& a, void* attn, std::int64_t batch, bool save)
{
    const Layer& layer = m_layers[l];
    const device::AttentionShape shape = trainingShape(l, batch);
    if (m_spec.attention == AttentionKind::Sdpa) {
        a.lse = allocate("lse", kFloatBytes * u64(batch * layer.heads * m_prompt));
        check(m_context.attentionForward(attn, a.lse, a.q, a.k, a.v, shape, m_dtype));
    } else {
        const device::KvLayout keys = contiguous(l, m_prompt);
        const auto count = u64(batch * layer.heads * m_prompt * m_prompt);
        void* scores = allocate("scores", count * m_elementBytes);
        check(m_context.attentionScores(scores, a.q, a.k, keys, shape, m_dtype));
        void* probs32 = allocate("probs32", kFloatBytes * count);
        check(m_context.softmaxRows(probs32, scores, batch * layer.heads * m_prompt, m_prompt, m_dtype));
        release(scores);
        a.probs = allocate("probs", count * m_elementBytes);
        check(m_context.convert(a.probs, m_dtype, probs32, DType::Float32, count));
        release(probs32);
        check(m_context.attentionValues(attn, a.probs, a.v, keys, shape, m_dtype));
    }
    if (save)
        return;
    release(a.lse ? a.lse : a.probs);
    release(a.q);
    release(a.k);
    release(a.v);
    a.lse = a.probs = a.q = a.k = a.v = nullptr;
}

void* DecoderWorkload::trainNorm(const char* name, void*& in, bool last, const void* weight, const void* bias,
    std::int64_t rows, std::int64_t width, bool save, NormSaved& saved)
{
    const auto n = u64(rows * width);
    // A LayerNorm: out, mean and rstd, one kernel (ours: the RMSNorm and the bias; mean, rstd zeros). Compiled, an
    // RMSNorm is one fused kernel too: out and rstd, its input saved as a LayerNorm's (DECODER.md "A norm").
    if (bias || m_spec.training->compiled) {
        void* out = allocate(name, bytes(rows * width));
        void* mean = bias ? allocate("mean", kFloatBytes * u64(rows)) : nullptr;
        void* rstd = allocate("rstd", kFloatBytes * u64(rows));
        check(m_context.rmsNorm(out, in, weight, rows, width, m_spec.normEps, m_normOffset, m_dtype));
        if (bias) {
            check(m_context.addBias(out, bias, rows, width, m_dtype));
            check(m_context.fill(mean, u64(rows), DType::Float32, 0.0f));
        }
        check(m_context.fill(rstd, u64(rows), DType::Float32, 0.0f));
        if (!save) {
            if (mean)
                release(mean);
            release(rstd);
            if (last) {
                release(in);
                in = nullptr;
            }
            return out;
        }
        saved.mean = mean;
        saved.rstd = rstd;
        if (last) {
            saved.input = in;
            in = nullptr;
        }
        return out;
    }
    // An RMSNorm as eager PyTorch runs it: the float32 copy (a real one), rstd (zeros: our kernels recompute it),
    // normed (the input again in 16 bits, which our one-pass kernel reads), the output.
    void* norm32 = allocate("norm32", kFloatBytes * n);
    check(m_context.convert(norm32, DType::Float32, in, m_dtype, n));
    if (last) {
        release(in);
        in = nullptr;
    }
    void* rstd = allocate("rstd", kFloatBytes * u64(rows));
    check(m_context.fill(rstd, u64(rows), DType::Float32, 0.0f));
    void* normed = allocate("normed", bytes(rows * width));
    check(m_context.convert(normed, m_dtype, norm32, DType::Float32, n));
    if (!save) {
        release(norm32);
        release(rstd);
        norm32 = rstd = nullptr;
    }
    void* out = allocate(name, bytes(rows * width));
    check(m_context.rmsNorm(out, normed, weight, rows, width, m_spec.normEps, m_normOffset, m_dtype));
    if (!(save && m_full)) { // read by the weight's gradient only
        release(normed);
        normed = nullptr;
    }
    if (save) {
        saved.norm32 = norm32;
        saved.rstd = rstd;
        saved.normed = normed;
    }
    return out;
}

void DecoderWorkload::layerTrainForward(
    std::size_t l, LayerActivations& a, std::int64_t batch, bool save, bool keepInput, bool keepOutput)
{
    const Layer& layer = m_layers[l];
    const std::int64_t tokens = batch * m_prompt;
    const auto count = u64(tokens * m_hidden);
    const bool parallel = layer.norms == 1;
    const bool fourNorms = layer.norms == 4;
    const auto lora = [&](Slot slot) { return save ? &a.lora[slot] : nullptr; };
    void* h = a.h;
    // The model's norms save their inputs: they have biases (LayerNorms), or are compiled RMSNorms.
    const bool layerNorms = layer.inputNorm.bias != nullptr || m_spec.training->compiled;
    // h stays past its residual when a LayerNorm (or a compiled RMSNorm) saved it, or as a checkpointed layer's
    // input.
    const bool hKept = keepInput || (save && layerNorms);

    // a-b: the input norm and the projections; x is kept when a reader's backward needs it.
    void* x = trainNorm("x", h, false, layer.inputNorm.weight, layer.inputNorm.bias, tokens, m_hidden, save, a.nIn);
    a.q = trainLinear("q", x, tokens, layer.q, lora(SlotQ));
    a.k = trainLinear("k", x, tokens, layer.k, lora(SlotK));
    a.v = trainLinear("v", x, tokens, layer.v, lora(SlotV));
    const bool mlpSavesX2 = (layer.gated && savesInput(layer.gate)) || savesInput(layer.up);
    const bool xSaved
        = save && (savesInput(layer.q) || savesInput(layer.k) || savesInput(layer.v) || (parallel && mlpSavesX2));
    if (!parallel && !xSaved)
        release(x);

    // c: q/k norms (RMSNorms) into new tensors, q and k freed at their float32 copies; then RoPE in place.
    if (layer.qNormWidth > 0) {
        const bool perHead = layer.qNormWidth == layer.headDim;
        const std::int64_t qWidth = layer.heads * layer.headDim;
        const std::int64_t kWidth = layer.kvHeads * layer.headDim;
        a.q = trainNorm("q_norm", a.q, true, layer.qNorm, nullptr, perHead ? tokens * layer.heads : tokens,
            perHead ? layer.headDim : qWidth, save, a.nQ);
        a.k = trainNorm("k_norm", a.k, true, layer.kNorm, nullptr, perHead ? tokens * layer.kvHeads : tokens,
            perHead ? layer.headDim : kWidth, save, a.nK);
    }
    if (layer.rope) {
        check(m_context.rope(a.q, batch, m_prompt, layer.heads, layer.headDim, 0, m_spec.ropeTheta, m_dtype));
        check(m_context.rope(a.k, batch, m_prompt, layer.kvHeads, layer.headDim, 0, m_spec.ropeTheta, m_dtype));
    }

    // d-e: the attention and o_proj.
    void* attn = allocate("attn", bytes(tokens * layer.heads * layer.headDim));
    trainAttention(l, a, attn, batch, save);
    void* o = trainLinear("o", attn, tokens, layer.o, lora(SlotO));
    if (save && (m_spec.attention == AttentionKind::Sdpa || savesInput(layer.o)))
        a.attn = attn;
    else
        release(attn);

    // f: the residual into h1 (a new tensor); n_l = 1 adds o in i.
    void* h1 = nullptr;
    if (fourNorms) {
        void* o2 = trainNorm("o2", o, true, layer.postAttentionNorm.weight, layer.postAttentionNorm.bias, tokens,
            m_hidden, save, a.nAttnOut);
        h1 = sum("h1", h, o2, count);
        release(o2);
    } else if (!parallel) {
        h1 = sum("h1", h, o, count);
        release(o);
        o = nullptr;
    }
    if (!hKept && !parallel)
        release(h);

    // g-h: the MLP.
    const Norm& mlpNorm = fourNorms ? layer.preFeedforwardNorm : layer.postAttentionNorm;
    void* x2
        = parallel ? x : trainNorm("x2", h1, false, mlpNorm.weight, mlpNorm.bias, tokens, m_hidden, save, a.nMlpIn);
    void* g = layer.gated ? trainLinear("g", x2, tokens, layer.gate, lora(SlotGate)) : nullptr;
    void* u = trainLinear("u", x2, tokens, layer.up, lora(SlotUp));
    const bool x2Saved = parallel ? xSaved : save && mlpSavesX2;
    if (x2Saved) {
        if (parallel)
            a.x = x;
        else
            a.x2 = x2;
    } else {
        release(x2);
    }
    if (!parallel && xSaved)
        a.x = x;
    const auto inner = u64(tokens * layer.intermediate);
    void* act = nullptr;
    if (layer.gated && m_spec.training->compiled) {
        // One fused kernel: act = act(g) * u, no act_g; g and u saved.
        act = allocate("act", bytes(tokens * layer.intermediate));
        check(m_context.gatedActivation(act, g, u, inner, layer.activation, m_dtype));
        if (save) {
            a.g = g;
            a.u = u;
        } else {
            release(g);
            release(u);
        }
    } else if (layer.gated) {
        // act_g = act(g), then act = act_g * u, each a new tensor. Our gated kernel writes the product into act_g
        // while g is live, act copies it, and a saved act_g is rewritten with act(g).
        void* actG = allocate("act_g", bytes(tokens * layer.intermediate));
        check(m_context.gatedActivation(actG, g, u, inner, layer.activation, m_dtype));
        if (!save) {
            release(g);
            g = nullptr;
        }
        act = allocate("act", bytes(tokens * layer.intermediate));
        check(m_context.convert(act, m_dtype, actG, m_dtype, inner));
        if (save) {
            check(m_context.activation(actG, g, inner, layer.activation, m_dtype));
            a.g = g;
            a.actG = actG;
            a.u = u;
        } else {
            release(actG);
            release(u);
        }
    } else {
        act = allocate("act", bytes(tokens * layer.intermediate));
        check(m_context.activation(act, u, inner, layer.activation, m_dtype));
        if (save)
            a.u = u;
        else
            release(u);
    }
    void* d = trainLinear("d", act, tokens, layer.down, lora(SlotDown));
    if (save && savesInput(layer.down))
        a.act = act;
    else
        release(act);

    // i: the layer's output h2, a new tensor.
    void* h2 = nullptr;
    if (fourNorms) {
        void* d2 = trainNorm("d2", d, true, layer.postFeedforwardNorm.weight, layer.postFeedforwardNorm.bias, tokens,
            m_hidden, save, a.nMlpOut);
        h2 = sum("h2", h1, d2, count);
        release(d2);
    } else if (!parallel) {
        h2 = sum("h2", h1, d, count);
        release(d);
    } else {
        h2 = sum("h2", h, o, count);
        check(m_context.add(h2, d, count, m_dtype));
        release(o);
        release(d);
        if (!hKept)
            release(h);
    }
    if (h1) {
        if (save && layerNorms) // a LayerNorm's saved input; else its last reader was h2
            a.h1 = h1;
        else
            release(h1);
    }
    if (!hKept)
        a.h = nullptr;
    if (keepOutput)
        a.h2 = h2;
    else
        release(h2); // a checkpointed layer's recompute: its output is not used
}

void DecoderWorkload::trainForward()
{
    const bool checkpointed = m_spec.training->checkpointing;
    const std::int64_t tokens = m_sequences * m_prompt;
    m_acts.assign(m_layers.size(), LayerActivations {});
    void* h = embed(m_inputIds.ptr, tokens, m_prompt, 0); // no learned positions: validateConfig
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        m_acts[l].h = h;
        layerTrainForward(l, m_acts[l], m_sequences, !checkpointed, checkpointed, true);
        h = m_acts[l].h2;
    }
    m_finalSaved = {};
    m_hn = trainNorm("hn", h, true, m_finalNorm.weight, m_finalNorm.bias, tokens, m_hidden, true, m_finalSaved);
    m_stage = Stage::Forwarded;
}

// --- the loss -----------------------------------------------------------------------------------------------

void DecoderWorkload::lossForward(void* hn, std::int64_t rows, const void* labels, bool save, bool keepHn)
{
    const std::int64_t n = chunkCount(rows);
    const float scale = 1.0f / static_cast<float>(rows); // the mean over every position
    const auto* labelIds = static_cast<const unsigned char*>(labels);
    m_logits.assign(static_cast<std::size_t>(n), nullptr);
    m_logprobs.assign(static_cast<std::size_t>(n), nullptr);
    const auto chunkRows = [&](std::int64_t c) { return chunkStart(rows, c + 1, n) - chunkStart(rows, c, n); };
    for (std::int64_t c = 0; c < n; ++c) {
        const auto* in = static_cast<const unsigned char*>(hn) + bytes(chunkStart(rows, c, n) * m_hidden);
        m_logits[static_cast<std::size_t>(c)] = linear(
            m_chunkNames[static_cast<std::size_t>(c)].logits.c_str(), in, chunkRows(c), m_lmHead, alloc::Owner::Logits);
    }
    if (!keepHn)
        release(hn);
    if (m_chunks > 0)
        m_loss = allocate("loss", kFloatBytes);
    if (m_chunks > 0 && m_spec.training->compiled)
        check(m_context.fill(m_loss, 1, DType::Float32, 0.0f));
    for (std::int64_t c = 0; c < n; ++c) {
        const auto i = static_cast<std::size_t>(c);
        const std::int64_t r = chunkRows(c);
        const auto count = u64(r * m_vocab);
        if (m_spec.training->compiled) {
            // One fused cross-entropy: lse [r] and the loss, no float32 logits. Our kernels cannot reduce 16-bit
            // logits without a float32 [r, V] buffer: lse and the loss are zero-filled (DECODER.md "The loss").
            m_logprobs[i] = allocate(m_chunkNames[i].lse.c_str(), kFloatBytes * u64(r)); // lse, not logprobs
            check(m_context.fill(m_logprobs[i], u64(r), DType::Float32, 0.0f));
            if (m_chunks == 0) {
                m_loss = allocate("loss", kFloatBytes);
                check(m_context.fill(m_loss, 1, DType::Float32, 0.0f));
            }
            if (!save) {
                release(m_logits[i]);
                m_logits[i] = nullptr;
                release(m_logprobs[i]);
                m_logprobs[i] = nullptr;
            }
            continue;
        }
        void* logits32 = allocate("logits32", kFloatBytes * count);
        check(m_context.convert(logits32, DType::Float32, m_logits[i], m_dtype, count));
        if (!save) {
            release(m_logits[i]);
            m_logits[i] = nullptr;
        }
        m_logprobs[i] = allocate(m_chunkNames[i].logprobs.c_str(), kFloatBytes * count);
        check(m_context.logSoftmaxRows(m_logprobs[i], logits32, r, m_vocab));
        release(logits32);
        if (m_chunks == 0)
            m_loss = allocate("loss", kFloatBytes);
        check(m_context.nllLoss(
            m_loss, m_logprobs[i], labelIds + kIdBytes * u64(chunkStart(rows, c, n)), r, m_vocab, scale, c > 0));
        if (!save) {
            release(m_logprobs[i]);
            m_logprobs[i] = nullptr;
        }
    }
}

void DecoderWorkload::trainLoss()
{
    lossForward(m_hn, m_sequences * m_prompt, m_labels.ptr, true, m_full);
    if (!m_full)
        m_hn = nullptr;
    m_stage = Stage::LossMade;
}

// --- the backward -------------------------------------------------------------------------------------------

void* DecoderWorkload::freshGradient(const void* parameter, const char* name)
{
    const std::size_t index = m_paramOf.at(parameter);
    Parameter& p = m_params[index];
    const std::uint64_t size = p.count * device::dtypeSize(p.dtype);
    if (p.grad.ptr)
        return allocate(name, size, alloc::Owner::Gradient); // added into .grad, then freed
    p.grad = allocateHeld(size, alloc::Owner::Gradient);
    if (!m_spec.training->optimizerInBackward)
        m_gradOrder.push_back(index); // freed in this order after the step
    return p.grad.ptr;
}

void DecoderWorkload::gradientMade(const void* parameter, void* fresh)
{
    Parameter& p = m_params[m_paramOf.at(parameter)];
    if (fresh != p.grad.ptr) { // PyTorch's AccumulateGrad
        check(m_context.add(p.grad.ptr, fresh, p.count, p.dtype));
        release(fresh);
    }
    if (!m_spec.training->optimizerInBackward || ++p.seen < p.contributions)
        return;
    p.seen = 0;
    stepParameter(p);
    freeHeld(p.grad);
}

void* DecoderWorkload::linearBackward(
    const char* name, const void* dy, std::int64_t rows, const Linear& w, const void* x, LoraSaved& saved)
{
    void* dequantized = w.quantized ? dequantize(w) : nullptr;
    void* dx = allocate(name, bytes(rows * w.in));
    check(
        m_context.gemm(false, false, rows, w.in, w.out, dy, dequantized ? dequantized : w.weight, dx, m_dtype, false));
    if (dequantized)
        release(dequantized);
    if (m_full) {
        void* dw = freshGradient(w.weight, "dW");
        check(m_context.gemm(true, false, w.out, w.in, rows, dy, x, dw, m_dtype, false));
        gradientMade(w.weight, dw);
        if (w.bias) {
            void* db = freshGradient(w.bias, "db");
            check(m_context.columnSums(db, dy, rows, w.out, m_dtype));
            gradientMade(w.bias, db);
        }
    }
    if (!w.loraA)
        return dx;
    const DType a = m_adapterDtype;
    const bool cast = a != m_dtype;
    void* dyCast = nullptr;
    if (cast) {
        dyCast = allocate("dy_a", adapterBytes(rows * w.out));
        check(m_context.convert(dyCast, a, dy, m_dtype, u64(rows * w.out)));
    }
    const void* dya = cast ? dyCast : dy;
    void* dB = freshGradient(w.loraB, "dB");
    check(m_context.gemm(true, false, w.out, m_rank, rows, dya, saved.mid, dB, a, false));
    gradientMade(w.loraB, dB);
    void* dmid = allocate("dmid", adapterBytes(rows * m_rank));
    check(m_context.gemm(false, false, rows, m_rank, w.out, dya, w.loraB, dmid, a, false));
    if (dyCast)
        release(dyCast);
    void* dA = freshGradient(w.loraA, "dA");
    check(m_context.gemm(true, false, m_rank, w.in, rows, dmid, cast ? saved.x : x, dA, a, false));
    gradientMade(w.loraA, dA);
    void* dxa = allocate("dx_a", adapterBytes(rows * w.in));
    check(m_context.gemm(false, false, rows, w.in, m_rank, dmid, w.loraA, dxa, a, false));
    release(dmid);
    const auto count = u64(rows * w.in);
    if (cast) {
        void* dxc = allocate("dx_c", bytes(rows * w.in));
        check(m_context.convert(dxc, m_dtype, dxa, a, count));
        release(dxa);
        check(m_context.add(dx, dxc, count, m_dtype));
        release(dxc);
    } else {
        check(m_context.add(dx, dxa, count, m_dtype));
        release(dxa);
    }
    release(saved.mid);
    if (saved.x)
        release(saved.x);
    saved = {};
    return dx;
}

void* DecoderWorkload::normBackward(const char* name, const void* dy, NormSaved& saved, const void* input,
    const void* weight, const void* bias, std::int64_t rows, std::int64_t width)
{
    // Our kernel takes its input in the compute dtype: a LayerNorm's saved input; an RMSNorm's norm32 itself in
    // float32, else norm_x = norm32 converted back (DECODER.md "A norm's backward").
    const void* x = saved.input ? saved.input : input;
    void* normX = nullptr;
    if (!bias && !m_spec.training->compiled) { // compiled: the saved input itself
        x = saved.norm32;
        if (m_dtype != DType::Float32) {
            normX = allocate("norm_x", bytes(rows * width));
            check(m_context.convert(normX, m_dtype, saved.norm32, DType::Float32, u64(rows * width)));
            x = normX;
        }
    }
    void* dx = allocate(name, bytes(rows * width));
    void* dw = m_full ? freshGradient(weight, "dw") : nullptr;
    check(m_context.rmsNormBackward(dx, dw, dy, x, weight, rows, width, m_spec.normEps, m_normOffset, m_dtype));
    if (dw)
        gradientMade(weight, dw);
    if (m_full && bias) { // a LayerNorm's bias: the column sums of dy
        void* db = freshGradient(bias, "dbias");
        check(m_context.columnSums(db, dy, rows, width, m_dtype));
        gradientMade(bias, db);
    }
    if (normX)
        release(normX);
    for (void* t : { saved.norm32, saved.rstd, saved.normed, saved.mean, saved.input })
        if (t)
            release(t);
    saved = {};
    return dx;
}

void* DecoderWorkload::lossBackward()
{
    const std::int64_t tokens = m_sequences * m_prompt;
    const std::int64_t n = chunkCount(tokens);
    const float scale = 1.0f / static_cast<float>(tokens);
    const auto* labels = static_cast<const unsigned char*>(m_labels.ptr);
    const auto chunkRows = [&](std::int64_t c) { return chunkStart(tokens, c + 1, n) - chunkStart(tokens, c, n); };
    LoraSaved none;
    std::vector<void*> dhnChunks(static_cast<std::size_t>(n), nullptr);
    void* dhn = nullptr;
    for (std::int64_t c = n - 1; c >= 0; --c) {
        const auto i = static_cast<std::size_t>(c);
        const std::int64_t first = chunkStart(tokens, c, n);
        const std::int64_t rows = chunkRows(c);
        const auto count = u64(rows * m_vocab);
        // 1: the loss's backward on the chunk's rows. Compiled: dlogits from the logits and lse, one fused kernel
        // (ours: a copy of the logits; the gradient's values are not computed, DECODER.md "The backward" 1).
        void* dlogits = nullptr;
        if (m_spec.training->compiled) {
            dlogits = allocate(m_chunkNames[i].dlogits.c_str(), count * m_elementBytes);
            check(m_context.convert(dlogits, m_dtype, m_logits[i], m_dtype, count));
            release(m_logprobs[i]); // lse
            m_logprobs[i] = nullptr;
        } else {
            void* dlogprobs = allocate("dlogprobs", kFloatBytes * count);
            check(m_context.nllLossBackward(dlogprobs, labels + kIdBytes * u64(first), rows, m_vocab, scale));
            void* dlogits32 = allocate("dlogits32", kFloatBytes * count);
            check(m_context.logSoftmaxBackward(dlogits32, dlogprobs, m_logprobs[i], rows, m_vocab));
            release(dlogprobs);
            release(m_logprobs[i]);
            m_logprobs[i] = nullptr;
            dlogits = allocate(m_chunkNames[i].dlogits.c_str(), count * m_elementBytes);
            check(m_context.convert(dlogits, m_dtype, dlogits32, DType::Float32, count));
            release(dlogits32);
        }
        // 2: lm_head's backward.
        const auto* in = m_hn ? static_cast<const unsigned char*>(m_hn) + bytes(first * m_hidden) : nullptr;
        void* d = linearBackward(m_chunkNames[i].dhn.c_str(), dlogits, rows, m_lmHead, in, none);
        if (m_chunks == 0) {
            dhn = d;
            if (m_hn)
                release(m_hn);
        }
        release(dlogits);
        dhnChunks[i] = d;
    }
    if (m_chunks > 0) { // PyTorch's split backward: the chunks' gradients concatenated
        dhn = allocate("dhn", bytes(tokens * m_hidden));
        for (std::int64_t c = 0; c < n; ++c)
            check(m_context.convert(static_cast<unsigned char*>(dhn) + bytes(chunkStart(tokens, c, n) * m_hidden),
                m_dtype, dhnChunks[static_cast<std::size_t>(c)], m_dtype, u64(chunkRows(c) * m_hidden)));
        for (void* chunk : dhnChunks)
            release(chunk);
        if (m_hn)
            release(m_hn);
    }
    m_hn = nullptr;
    release(m_loss);
    m_loss = nullptr;
    for (void*& logits : m_logits) {
        release(logits);
        logits = nullptr;
    }
    return dhn;
}

void DecoderWorkload::layerBackward(std::size_t l, void*& dh)
{
    const Layer& layer = m_layers[l];
    LayerActivations& a = m_acts[l];
    if (m_spec.training->checkpointing) // the layer's forward again from its input, everything saved
        layerTrainForward(l, a, m_sequences, true, true, false);
    const std::int64_t tokens = m_sequences * m_prompt;
    const auto count = u64(tokens * m_hidden);
    const bool parallel = layer.norms == 1;
    const bool fourNorms = layer.norms == 4;
    const auto drop = [this](void*& ptr) {
        if (ptr)
            release(ptr);
        ptr = nullptr;
    };
    void* dh2 = dh;

    // a-d: the MLP.
    void* dd = dh2;
    if (fourNorms) {
        dd = normBackward("dd", dh2, a.nMlpOut, nullptr, layer.postFeedforwardNorm.weight,
            layer.postFeedforwardNorm.bias, tokens, m_hidden);
    }
    void* dact = linearBackward("dact", dd, tokens, layer.down, a.act, a.lora[SlotDown]);
    if (fourNorms)
        release(dd);
    drop(a.act);
    const auto inner = u64(tokens * layer.intermediate);
    void* dg = nullptr;
    void* du = dact;
    if (layer.gated) {
        dg = allocate("dg", bytes(tokens * layer.intermediate));
        du = allocate("du", bytes(tokens * layer.intermediate));
        check(m_context.gatedActivationBackward(dg, du, dact, a.g, a.u, inner, layer.activation, m_dtype));
        release(dact);
        drop(a.g);
        drop(a.actG);
        drop(a.u);
    } else {
        check(m_context.activationBackward(du, a.u, inner, layer.activation, m_dtype));
        drop(a.u);
    }
    const void* x2 = parallel ? a.x : a.x2;
    void* dx2 = nullptr;
    if (layer.gated) {
        dx2 = linearBackward("dx2", dg, tokens, layer.gate, x2, a.lora[SlotGate]);
        release(dg);
        void* dx2u = linearBackward("dx2u", du, tokens, layer.up, x2, a.lora[SlotUp]);
        check(m_context.add(dx2, dx2u, count, m_dtype));
        release(dx2u);
        release(du);
    } else {
        dx2 = linearBackward("dx2", du, tokens, layer.up, x2, a.lora[SlotUp]);
        release(du);
    }
    if (!parallel)
        drop(a.x2);

    // e-f: through the post-attention norms into o_proj.
    void* dh1 = nullptr;
    void* dout = dh2;
    if (!parallel) {
        const Norm& mlpNorm = fourNorms ? layer.preFeedforwardNorm : layer.postAttentionNorm;
        dh1 = normBackward("dh1", dx2, a.nMlpIn, a.h1, mlpNorm.weight, mlpNorm.bias, tokens, m_hidden);
        release(dx2);
        dx2 = nullptr;
        drop(a.h1);
        check(m_context.add(dh1, dh2, count, m_dtype));
        release(dh2);
        dh2 = nullptr;
        dout = dh1;
        if (fourNorms) {
            dout = normBackward("do", dh1, a.nAttnOut, nullptr, layer.postAttentionNorm.weight,
                layer.postAttentionNorm.bias, tokens, m_hidden);
        }
    }
    void* dattn = linearBackward("dattn", dout, tokens, layer.o, a.attn, a.lora[SlotO]);
    if (fourNorms)
        release(dout);
    const bool sdpa = m_spec.attention == AttentionKind::Sdpa;
    if (!sdpa)
        drop(a.attn);

    // g: the attention's backward.
    const device::AttentionShape shape = trainingShape(l, m_sequences);
    const std::int64_t qWidth = layer.heads * layer.headDim;
    const std::int64_t kWidth = layer.kvHeads * layer.headDim;
    void* scratch = sdpa ? allocate("delta", kFloatBytes * u64(m_sequences * layer.heads * m_prompt))
                         : allocate("dscores", bytes(m_sequences * layer.heads * m_prompt * m_prompt));
    void* dq = allocate("dq", bytes(tokens * qWidth));
    void* dk = allocate("dk", bytes(tokens * kWidth));
    void* dv = allocate("dv", bytes(tokens * kWidth));
    if (sdpa)
        check(m_context.attentionBackward(dq, dk, dv, scratch, dattn, a.q, a.k, a.v, a.attn, a.lse, shape, m_dtype));
    else
        check(m_context.attentionEagerBackward(dq, dk, dv, scratch, dattn, a.q, a.k, a.v, a.probs, shape, m_dtype));
    release(scratch);
    if (sdpa) {
        drop(a.lse);
        drop(a.attn);
    } else {
        drop(a.probs);
    }
    release(dattn);
    drop(a.q);
    drop(a.k);
    drop(a.v);

    // h: RoPE's and the q/k norms' backward.
    if (layer.rope) {
        check(m_context.ropeBackward(
            dq, m_sequences, m_prompt, layer.heads, layer.headDim, 0, m_spec.ropeTheta, m_dtype));
        check(m_context.ropeBackward(
            dk, m_sequences, m_prompt, layer.kvHeads, layer.headDim, 0, m_spec.ropeTheta, m_dtype));
    }
    if (layer.qNormWidth > 0) {
        const bool perHead = layer.qNormWidth == layer.headDim;
        void* dqIn = normBackward("dq_in", dq, a.nQ, nullptr, layer.qNorm, nullptr,
            perHead ? tokens * layer.heads : tokens, perHead ? layer.headDim : qWidth);
        release(dq);
        dq = dqIn;
        void* dkIn = normBackward("dk_in", dk, a.nK, nullptr, layer.kNorm, nullptr,
            perHead ? tokens * layer.kvHeads : tokens, perHead ? layer.headDim : kWidth);
        release(dk);
        dk = dkIn;
    }

    // i-k: the projections' backward, then the input norm's.
    void* dx = linearBackward("dx", dq, tokens, layer.q, a.x, a.lora[SlotQ]);
    release(dq);
    void* dxk = linearBackward("dxk", dk, tokens, layer.k, a.x, a.lora[SlotK]);
    check(m_context.add(dx, dxk, count, m_dtype));
    release(dxk);
    release(dk);
    void* dxv = linearBackward("dxv", dv, tokens, layer.v, a.x, a.lora[SlotV]);
    check(m_context.add(dx, dxv, count, m_dtype));
    release(dxv);
    release(dv);
    if (parallel) {
        check(m_context.add(dx, dx2, count, m_dtype));
        release(dx2);
    }
    drop(a.x);
    dh = normBackward("dh", dx, a.nIn, a.h, layer.inputNorm.weight, layer.inputNorm.bias, tokens, m_hidden);
    release(dx);
    drop(a.h); // a LayerNorm's saved input, or a checkpointed layer's; else freed in the forward
    void* upper = parallel ? dh2 : dh1;
    check(m_context.add(dh, upper, count, m_dtype));
    release(upper);
}

void DecoderWorkload::trainBackward()
{
    const std::int64_t tokens = m_sequences * m_prompt;
    void* dhn = lossBackward();
    // 3: model.norm.
    void* dh = normBackward("dh", dhn, m_finalSaved, nullptr, m_finalNorm.weight, m_finalNorm.bias, tokens, m_hidden);
    release(dhn);
    // Each layer frees its input h, which is the output h2 of the layer below (the last one's: above).
    for (std::size_t l = m_layers.size(); l-- > 0;)
        layerBackward(l, dh);
    m_acts.clear();
    // 5: the embedding (its fresh gradient zero-filled, the rows of dh added at the tokens' ids).
    if (m_full) {
        void* dE = freshGradient(m_embedTable, "dE");
        check(m_context.fill(dE, u64(m_vocab * m_hidden), m_dtype, 0.0f));
        check(m_context.embeddingBackward(dE, dh, m_inputIds.ptr, tokens, m_hidden, m_vocab, m_embedScale, m_dtype));
        gradientMade(m_embedTable, dE);
    }
    release(dh);
    m_stage = Stage::Idle;
}

// --- the optimizer ------------------------------------------------------------------------------------------

std::uint64_t DecoderWorkload::stateBytes(const Parameter& p) const
{
    const training::TrainingRecipe& r = *m_spec.training;
    const DType stateType = r.masterWeights ? DType::Float32 : p.dtype;
    switch (r.optimizer) {
    case OptimizerKind::AdamW:
        return 2 * p.count * device::dtypeSize(stateType);
    case OptimizerKind::AdamW8bit:
        return 2 * p.count + 2 * kFloatBytes * checked::ceilDiv(p.count, training::kAdam8bitBlock);
    case OptimizerKind::Sgd:
        break;
    }
    return 0;
}

void DecoderWorkload::zeroBytes(void* ptr, std::uint64_t size)
{
    const std::uint64_t words = size / kFloatBytes; // float32 +0.0 is four zero bytes
    if (words > 0)
        check(m_context.fill(ptr, words, DType::Float32, 0.0f));
    if (const std::uint64_t tail = size % kFloatBytes; tail > 0)
        check(m_context.copyToDevice(static_cast<unsigned char*>(ptr) + words * kFloatBytes, kZeroTail.data(), tail));
}

void DecoderWorkload::stepParameter(Parameter& p)
{
    const training::TrainingRecipe& r = *m_spec.training;
    const bool master = r.masterWeights;
    const std::uint64_t n = p.count;
    if (master && !p.master.ptr) {
        p.master = allocateHeld(kFloatBytes * n, alloc::Owner::OptimizerState);
        check(m_context.convert(p.master.ptr, DType::Float32, p.value, p.dtype, n));
    }
    const DType type = master ? DType::Float32 : p.dtype; // of what is stepped, and of AdamW's states
    const std::uint64_t blocks = checked::ceilDiv(n, training::kAdam8bitBlock);
    const std::uint64_t total = stateBytes(p);
    const bool fresh = total > 0 && p.states.empty() && !p.hostStates;
    if (fresh && !r.pagedOptimizer) {
        if (r.optimizer == OptimizerKind::AdamW) {
            for (int i = 0; i < 2; ++i) {
                p.states.push_back(allocateHeld(n * device::dtypeSize(type), alloc::Owner::OptimizerState));
                check(m_context.fill(p.states.back().ptr, n, type, 0.0f));
            }
        } else {
            for (const std::uint64_t size : { n, n, kFloatBytes * blocks, kFloatBytes * blocks }) {
                p.states.push_back(allocateHeld(size, alloc::Owner::OptimizerState));
                zeroBytes(p.states.back().ptr, size);
            }
        }
    } else if (fresh) {
        Status status;
        p.hostStates = m_context.hostAlloc(total, status);
        check(status);
    }
    // The states' addresses: on the device, or in the page (laid out as the host copy: the float32 parts first,
    // so every part is aligned to its element).
    void* page = nullptr;
    if (r.pagedOptimizer && total > 0) {
        page = allocate("optimizer_page", total, alloc::Owner::OptimizerState);
        if (fresh)
            zeroBytes(page, total); // the new states
        else
            check(m_context.copyToDevice(page, p.hostStates, total));
    }
    auto* base = static_cast<unsigned char*>(page);
    const void* grad = p.grad.ptr;
    void* grad32 = nullptr;
    if (master) {
        grad32 = allocate("grad32", kFloatBytes * n, alloc::Owner::Gradient);
        check(m_context.convert(grad32, DType::Float32, p.grad.ptr, p.dtype, n));
        grad = grad32;
    }
    void* target = master ? p.master.ptr : p.value;
    ++p.steps;
    switch (r.optimizer) {
    case OptimizerKind::AdamW: {
        void* m = page ? base : p.states[0].ptr;
        void* v = page ? base + n * device::dtypeSize(type) : p.states[1].ptr;
        check(m_context.adamStepStates(
            target, grad, m, v, n, type, type, p.steps, kLearningRate, kBeta1, kBeta2, kAdamEps, kWeightDecay));
        break;
    }
    case OptimizerKind::AdamW8bit: {
        void* absmax1 = page ? base : p.states[2].ptr;
        void* absmax2 = page ? base + kFloatBytes * blocks : p.states[3].ptr;
        void* state1 = page ? base + 2 * kFloatBytes * blocks : p.states[0].ptr;
        void* state2 = page ? base + 2 * kFloatBytes * blocks + n : p.states[1].ptr;
        check(m_context.adam8bitStep(target, grad, state1, state2, absmax1, absmax2, n, type, p.steps, kLearningRate,
            kBeta1, kBeta2, kAdamEps, kWeightDecay));
        break;
    }
    case OptimizerKind::Sgd:
        check(m_context.sgdStep(target, grad, n, type, kLearningRate));
        break;
    }
    if (grad32)
        release(grad32);
    if (page) {
        check(m_context.copyToHost(p.hostStates, page, total));
        release(page);
    }
    if (master)
        check(m_context.convert(p.value, p.dtype, p.master.ptr, DType::Float32, n));
}

void DecoderWorkload::optimizerStep()
{
    for (Parameter& p : m_params)
        if (p.grad.ptr)
            stepParameter(p);
}

void DecoderWorkload::freeGradients()
{
    for (const std::size_t i : m_gradOrder)
        freeHeld(m_params[i].grad);
    m_gradOrder.clear();
    m_microBatches = 0;
}

// --- eval and checkpoint_save -------------------------------------------------------------------------------

void DecoderWorkload::evaluate()
{
    const auto batch = static_cast<std::int64_t>(m_spec.training->evalBatch);
    const std::int64_t tokens = batch * m_prompt;
    m_evalIds = allocateHeld(kIdBytes * u64(tokens), alloc::Owner::Activation);
    check(m_context.fillTokens(m_evalIds.ptr, u64(tokens), m_vocab, m_config.seed * 0x100000001b3ULL + 0xe7a1));
    m_evalLabels = allocateHeld(kIdBytes * u64(tokens), alloc::Owner::Activation);
    check(m_context.fillTokens(m_evalLabels.ptr, u64(tokens), m_vocab, m_config.seed * 0x100000001b3ULL + 0xe7a2));
    void* h = embed(m_evalIds.ptr, tokens, m_prompt, 0);
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        LayerActivations a;
        a.h = h;
        layerTrainForward(l, a, batch, false, false, true);
        h = a.h2;
    }
    NormSaved none;
    void* hn = trainNorm("hn", h, true, m_finalNorm.weight, m_finalNorm.bias, tokens, m_hidden, false, none);
    lossForward(hn, tokens, m_evalLabels.ptr, false, false);
    release(m_loss);
    m_loss = nullptr;
    m_logits.clear();
    m_logprobs.clear();
    freeHeld(m_evalIds);
    freeHeld(m_evalLabels);
}

void DecoderWorkload::checkpointSave()
{
    const DType type = m_dtype == DType::Float32 ? DType::Float16 : m_dtype; // 16 bit
    const std::uint64_t size = device::dtypeSize(type);
    if (m_exportNames.empty()) {
        m_exportNames.reserve(m_params.size());
        for (const Parameter& p : m_params)
            m_exportNames.push_back("export." + p.name);
    }
    std::vector<void*> copies;
    copies.reserve(m_params.size());
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < m_params.size(); ++i) {
        const Parameter& p = m_params[i];
        copies.push_back(allocate(m_exportNames[i].c_str(), p.count * size));
        check(m_context.convert(copies.back(), type, p.value, p.dtype, p.count));
        total += p.count * size;
    }
    m_context.hostFree(m_exported);
    m_exported = nullptr;
    m_exportedBytes = 0;
    Status status;
    m_exported = m_context.hostAlloc(total, status);
    check(status);
    m_exportedBytes = total;
    std::uint64_t offset = 0;
    for (std::size_t i = 0; i < m_params.size(); ++i) {
        const std::uint64_t part = m_params[i].count * size;
        check(m_context.copyToHost(static_cast<unsigned char*>(m_exported) + offset, copies[i], part));
        offset += part;
    }
    for (void* copy : copies)
        release(copy);
}

} // namespace iteragpu::workloads
