// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/decoderworkload.h"

#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <new>
#include <utility>

namespace iteragpu::workloads {

using device::DType;
using device::KvLayout;
using device::Status;
using protocol::KvCacheKind;
using protocol::WeightStorage;
namespace checked = units::checked;

namespace {
    // Thrown inside a phase to unwind to runPhase with the device's or the allocator's status.
    struct PhaseFailure {
        Status status;
    };

    constexpr float kInitScale = 0.02f; // scale of the random float weights (uniform in [-scale, scale])
    // Quantized weights: int8 codes times SCB / 127, nf4 codes times absmax; both give weights within +-0.04.
    constexpr float kQuantScale = 0.04f;
    // Random integer codes (int8 weights, nf4 nibbles, nf4-dq absmax codes) are written as int32 words uniform in
    // [0, 2^31 - 1): 31 random bits per word, every byte a plausible code. fillRandom is for float dtypes only.
    constexpr std::int64_t kCodeVocab = std::numeric_limits<std::int32_t>::max();
    constexpr std::uint64_t kWordBytes = 4; // bytes per int32 code word
    constexpr std::uint64_t kNf4BlockValues = 64; // values per absmax (bitsandbytes' blocksize)
    constexpr std::uint64_t kNestedBlockValues = 256; // absmax codes per nested scale (nf4-dq)
    constexpr std::uint64_t kIdBytes = 4; // int32 token ids, router indices
    constexpr std::uint64_t kTableEntryBytes = 8; // uint64 block addresses
    constexpr std::int64_t kBlockTokens = static_cast<std::int64_t>(protocol::kPagedBlockTokens);

    // bitsandbytes' NF4 code book (bitsandbytes/functional.py, get_4bit_type("nf4")).
    constexpr std::array<float, 16> kNf4Map = { -1.0f, -0.6961928009986877f, -0.5250730514526367f,
        -0.39491748809814453f, -0.28444138169288635f, -0.18477343022823334f, -0.09105003625154495f, 0.0f,
        0.07958029955625534f, 0.16093020141124725f, 0.24611230194568634f, 0.33791524171829224f, 0.44070982933044434f,
        0.5626170039176941f, 0.7229568362236023f, 1.0f };

    // bitsandbytes' FP4 code book (bitsandbytes/functional.py, get_4bit_type("fp4")): these values over their
    // largest magnitude, 12.
    constexpr std::array<float, 16> kFp4Map
        = { 0.0f, 0.0625f / 12.0f, 8.0f / 12.0f, 1.0f, 4.0f / 12.0f, 6.0f / 12.0f, 2.0f / 12.0f, 3.0f / 12.0f, -0.0f,
              -0.0625f / 12.0f, -8.0f / 12.0f, -1.0f, -4.0f / 12.0f, -6.0f / 12.0f, -2.0f / 12.0f, -3.0f / 12.0f };
    constexpr float kFp8E4m3Max = 448.0f; // the largest finite value of each fp8 format
    constexpr float kFp8E5m2Max = 57344.0f;
    constexpr float kInt4Span = 15.0f; // (code - zero) of 4-bit codes lies in [-15, 15]
    constexpr std::int64_t kInt4PerWord = 8; // GPTQ / AWQ codes per int32
    constexpr std::int64_t kMxfp4BlockValues = 32; // values per e8m0 scale
    constexpr std::int64_t kMxfp4BlockBytes = 16;
    // Every e8m0 scale is 2^-7 (127 - 7): e2m1's largest value, 6, gives 0.047, near the other formats' range.
    constexpr unsigned char kMxfp4Scale = 120;

    // The nested map of the absmax codes with double quantization: a linear 8-bit map of [0, 1] (absmax values
    // are positive; bitsandbytes' dynamic map is signed, which these random codes do not need).
    const std::array<float, 256>& linearByteMap()
    {
        static const std::array<float, 256> map = [] {
            std::array<float, 256> m {};
            for (std::size_t i = 0; i < m.size(); ++i)
                m[i] = static_cast<float>(i) / 255.0f;
            return m;
        }();
        return map;
    }

    // The last bytes of a code tensor that are not a whole int32 word.
    constexpr std::array<unsigned char, 3> kCodeTail = { 0x5a, 0xc3, 0x96 };

    std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }
} // namespace

DecoderWorkload::DecoderWorkload(
    device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config)
    : m_context(context)
    , m_allocator(allocator)
    , m_config(config)
{
    if (config.workload != protocol::WorkloadKind::Decoder || !config.decoder)
        throw units::InputError("the decoder workload needs a decoder configuration (a model shape)");
    if (const std::string reason = protocol::validateConfig(config); !reason.empty())
        throw units::InputError(reason);
    m_spec = *config.decoder;
    const model::ModelShape& m = m_spec.shape;
    if (!std::isfinite(m_spec.ropeTheta) || m_spec.ropeTheta <= 0.0f)
        throw units::InputError("the rotary base (rope_theta) must be a positive number");
    if (!std::isfinite(m_spec.normEps) || m_spec.normEps < 0.0f)
        throw units::InputError("the norm epsilon must be a non-negative number");

    m_dtype = protocol::decoderComputeDType(config);
    m_elementBytes = device::dtypeSize(m_dtype);
    m_sequences = static_cast<std::int64_t>(m_spec.sequences);
    m_prompt = static_cast<std::int64_t>(m_spec.promptTokens);
    m_generated = static_cast<std::int64_t>(m_spec.generated);
    m_positions = m_prompt + m_generated;
    m_position = m_prompt;
    m_hidden = static_cast<std::int64_t>(m.hidden);
    m_vocab = static_cast<std::int64_t>(m.vocab);
    m_positionRows = static_cast<std::int64_t>(m.positionEmbeddings); // validateConfig bounds it with the positions
    const bool perLayer = !m.layerSpecs.empty();
    m_normBias = perLayer && m.finalNormParameters == 2 * m.hidden;
    m_gemmaStyle = m.family == "gemma" || m.family == "gemma2" || m.family == "gemma3" || m.family == "gemma3_text";
    m_embedScale = m_gemmaStyle ? std::sqrt(static_cast<float>(m.hidden)) : 1.0f;
    m_normOffset = m_gemmaStyle ? 1.0f : 0.0f;
    if (m_spec.training)
        initTraining(); // B and S of the recipe, its sizes checked

    // validateConfig bounds every activation, cache and score tensor below 2^63 bytes; the weights are checked
    // here, so every size of the hot path fits int64 without further checks.
    const char* what = "a weight of the model";
    constexpr std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    const auto fits = [&](std::initializer_list<std::uint64_t> dims) {
        if (checked::mul(dims, what) > limit)
            throw units::InputError("a weight of the model would need more than 2^63 bytes");
    };
    fits({ m.vocab, m.hidden, m_elementBytes });
    fits({ m.positionEmbeddings, m.hidden, m_elementBytes });
    for (const auto& part : m.apart)
        if (part.loaded)
            fits({ part.parameters, m_elementBytes });
    m_layers.resize(m.layers);
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const model::LayerSpec spec = perLayer ? m.layerSpecs[l] : m.uniformLayer(l);
        const model::AttentionSpec& a = spec.attention;
        const model::MlpSpec& mlp = spec.mlp;
        Layer& layer = m_layers[l];
        // decoderUnsupported (through validateConfig) has refused what these fields cannot hold.
        fits({ a.heads, a.headDim, m.hidden, m_elementBytes });
        fits({ a.heads, a.valueHeadDim, m.hidden, m_elementBytes });
        fits({ a.heads, checked::add(a.qkNopeHeadDim, a.valueHeadDim, what), a.kvLoraRank, m_elementBytes }); // kv_b
        fits({ a.qLoraRank, m.hidden, m_elementBytes });
        fits({ checked::add(a.kvLoraRank, a.qkRopeHeadDim, what), m.hidden, m_elementBytes });
        fits({ mlp.intermediate, m.hidden, m_elementBytes });
        fits({ mlp.sharedIntermediate, m.hidden, m_elementBytes });
        fits({ mlp.experts, m.hidden, m_elementBytes });
        layer.heads = static_cast<std::int64_t>(a.heads);
        layer.kvHeads = static_cast<std::int64_t>(a.kvHeads);
        layer.headDim = static_cast<std::int64_t>(a.headDim);
        layer.valueHeadDim = layer.headDim;
        if (a.layout == model::AttentionSpec::Layout::Mla) {
            layer.mla = true;
            layer.valueHeadDim = static_cast<std::int64_t>(a.valueHeadDim);
            layer.qLoraRank = static_cast<std::int64_t>(a.qLoraRank);
            layer.kvLoraRank = static_cast<std::int64_t>(a.kvLoraRank);
            layer.nopeDim = static_cast<std::int64_t>(a.qkNopeHeadDim);
            layer.ropeDim = static_cast<std::int64_t>(a.qkRopeHeadDim);
        }
        if (a.qkNormParameters == 2 * a.headDim)
            layer.qNormWidth = layer.headDim;
        else if (a.qkNormParameters > 0)
            layer.qNormWidth = layer.heads * layer.headDim; // over the projections: (Hq + Hk) x D
        layer.rope = a.rope;
        layer.sinks = a.sinks;
        layer.norms = static_cast<std::int64_t>(spec.normParameters / (m.hidden * (m_normBias ? 2 : 1)));
        layer.moe = mlp.kind == model::MlpSpec::Kind::Moe;
        layer.gated = mlp.gated;
        layer.intermediate = static_cast<std::int64_t>(mlp.intermediate);
        layer.expertCount = static_cast<std::int64_t>(mlp.experts);
        layer.topK = static_cast<std::int64_t>(mlp.expertsPerToken);
        layer.shared = layer.moe ? static_cast<std::int64_t>(mlp.sharedIntermediate) : 0;
        if (m_gemmaStyle || mlp.activation.find("gelu") != std::string::npos)
            layer.activation = device::Activation::Gelu;
        else if (mlp.activation.find("relu") != std::string::npos)
            layer.activation = device::Activation::Relu;
        else
            layer.activation = device::Activation::Silu;
        layer.attentionScale = a.headDim > 0 ? 1.0f / std::sqrt(static_cast<float>(a.headDim)) : 1.0f;
        layer.attention = a.present;
        layer.outputGate = a.outputGate;
        layer.hasMlp = mlp.kind != model::MlpSpec::Kind::None;
        const model::StateSpec& st = spec.state;
        if (st.kind == model::StateSpec::Kind::Mamba2) {
            layer.state = true;
            layer.ssmInner = static_cast<std::int64_t>(st.inner);
            layer.ssmHeads = static_cast<std::int64_t>(st.heads);
            layer.ssmHeadDim = static_cast<std::int64_t>(st.headDim);
            layer.ssmGroups = static_cast<std::int64_t>(st.groups);
            layer.ssmStateSize = static_cast<std::int64_t>(st.stateSize);
            layer.convKernel = static_cast<std::int64_t>(st.convKernel);
            const std::uint64_t channels = st.convChannels();
            const std::uint64_t width = checked::add(checked::add(st.inner, channels, what), st.heads, what);
            fits({ width, m.hidden, m_elementBytes });
            fits({ channels, st.convKernel, m_elementBytes });
            fits({ st.heads, st.headDim, st.stateSize, m_elementBytes });
            layer.convChannels = static_cast<std::int64_t>(channels);
            layer.inProjWidth = static_cast<std::int64_t>(width);
        } else if (st.kind == model::StateSpec::Kind::Mamba) { // DECODER.md "The Mamba mixer"
            layer.mamba = true;
            layer.ssmInner = static_cast<std::int64_t>(st.inner);
            layer.ssmStateSize = static_cast<std::int64_t>(st.stateSize);
            layer.dtRank = static_cast<std::int64_t>(st.dtRank);
            layer.convKernel = static_cast<std::int64_t>(st.convKernel);
            const std::uint64_t width = checked::mul(2, st.inner, what); // x, then z
            const std::uint64_t params = checked::add(st.dtRank, checked::mul(2, st.stateSize, what), what);
            fits({ width, m.hidden, m_elementBytes });
            fits({ params, st.inner, m_elementBytes });
            fits({ st.inner, st.dtRank, m_elementBytes });
            fits({ st.inner, st.convKernel, m_elementBytes });
            fits({ st.inner, st.stateSize, m_elementBytes });
            layer.convChannels = layer.ssmInner;
            layer.inProjWidth = static_cast<std::int64_t>(width);
        } else if (st.kind == model::StateSpec::Kind::GatedDeltaNet) {
            layer.delta = true;
            layer.ssmInner = static_cast<std::int64_t>(st.inner);
            layer.ssmHeads = static_cast<std::int64_t>(st.heads);
            layer.ssmHeadDim = static_cast<std::int64_t>(st.headDim);
            layer.deltaKeyHeads = static_cast<std::int64_t>(st.keyHeads);
            layer.deltaKeyDim = static_cast<std::int64_t>(st.keyHeadDim);
            layer.convKernel = static_cast<std::int64_t>(st.convKernel);
            const std::uint64_t channels = st.convChannels(); // q, k, v
            const std::uint64_t width = checked::add(channels, st.inner, what); // and z
            fits({ width, m.hidden, m_elementBytes });
            fits({ channels, st.convKernel, m_elementBytes });
            fits({ st.heads, st.keyHeadDim, st.headDim, m_elementBytes });
            layer.convChannels = static_cast<std::int64_t>(channels);
            layer.inProjWidth = static_cast<std::int64_t>(width);
        }
    }
    m_states.resize(m.layers);

    m_caches.resize(m.layers);
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        Layer& layer = m_layers[l];
        std::optional<std::uint64_t> window = l < m.layerWindows.size() ? m.layerWindows[l] : std::nullopt;
        if (perLayer && m.layerSpecs[l].attention.span == model::AttentionSpec::Span::Chunked)
            window = m.layerSpecs[l].attention.window; // a ring of the chunk, masked as a window (DECODER.md)
        const std::int64_t blocks = ceilDiv(m_positions, kBlockTokens);
        if (window) {
            // A window beyond the positions a generation reaches is full attention in effect; keep it as the
            // mask's width (it never masks) and cap the cache at C.
            layer.window = static_cast<std::int64_t>(std::min<std::uint64_t>(*window, static_cast<std::uint64_t>(limit)));
            layer.capacity = std::min(m_positions, layer.window);
            layer.ring = std::min(blocks, ceilDiv(layer.window, kBlockTokens) + 1);
        } else {
            layer.capacity = m_positions;
            layer.ring = blocks;
        }
    }
}

DecoderWorkload::~DecoderWorkload()
{
    m_context.synchronize();
    while (!m_live.empty()) {
        m_allocator.free(m_live.back().buffer.ptr);
        m_live.pop_back();
    }
    releaseTraining();
    for (auto it = m_states.rbegin(); it != m_states.rend(); ++it) {
        freeHeld(it->ssm);
        freeHeld(it->conv);
    }
    for (auto it = m_caches.rbegin(); it != m_caches.rend(); ++it) {
        for (auto b = it->blocks.rbegin(); b != it->blocks.rend(); ++b)
            freeHeld(b->buffer);
        freeHeld(it->value);
        freeHeld(it->key);
        freeHeld(it->valueTable);
        freeHeld(it->keyTable);
    }
    freeHeld(m_inputIds);
    for (auto it = m_weights.rbegin(); it != m_weights.rend(); ++it)
        freeHeld(it->buffer);
}

std::vector<protocol::PlannedPhase> DecoderWorkload::plan() const { return protocol::planPhases(m_config); }

void DecoderWorkload::check(const Status& status)
{
    if (!status.ok)
        throw PhaseFailure { status };
}

DecoderWorkload::Buffer DecoderWorkload::allocateHeld(std::uint64_t bytes, alloc::Owner owner)
{
    Status status;
    void* ptr = m_allocator.allocate(bytes, status, owner);
    if (!ptr) {
        if (status.ok)
            status = Status::error("the allocator returned no memory for " + std::to_string(bytes) + " bytes");
        throw PhaseFailure { status };
    }
    return { ptr, bytes, ++m_order };
}

void* DecoderWorkload::allocate(const char* name, std::uint64_t bytes, alloc::Owner owner)
{
    Buffer b = allocateHeld(bytes, owner);
    m_live.push_back({ name, b, owner });
    return b.ptr;
}

void DecoderWorkload::release(void* ptr)
{
    // The live list is short (a dozen activations at most) and the tensor freed is almost always near its end.
    for (auto it = m_live.end(); it != m_live.begin();) {
        --it;
        if (it->buffer.ptr == ptr) {
            m_allocator.free(ptr);
            m_live.erase(it);
            return;
        }
    }
}

DecoderWorkload::Buffer DecoderWorkload::take(void* ptr)
{
    for (auto it = m_live.end(); it != m_live.begin();) {
        --it;
        if (it->buffer.ptr == ptr) {
            const Buffer b = it->buffer;
            m_live.erase(it);
            return b;
        }
    }
    return {};
}

void DecoderWorkload::freeHeld(Buffer& buffer)
{
    if (buffer.ptr)
        m_allocator.free(buffer.ptr);
    buffer = Buffer {};
}

std::uint64_t DecoderWorkload::bytes(std::int64_t elements) const
{
    return static_cast<std::uint64_t>(elements) * m_elementBytes;
}

KvLayout DecoderWorkload::contiguous(std::size_t l, std::int64_t capacity, bool value) const
{
    KvLayout layout;
    layout.heads = m_layers[l].kvHeads;
    layout.headDim = value ? m_layers[l].valueHeadDim : m_layers[l].headDim;
    layout.capacity = capacity;
    layout.base = 0;
    return layout;
}

std::uint64_t DecoderWorkload::nextSeed()
{
    // Distinct per tensor and per run seed; the kernels hash (seed, element index) themselves.
    return m_config.seed * 0x100000001b3ULL + ++m_weightIndex;
}

Status DecoderWorkload::runPhase(const protocol::PlannedPhase& phase)
{
    using protocol::PhaseKind;
    m_routing.reset();
    const bool forward = phase.kind == PhaseKind::Prefill || phase.kind == PhaseKind::Decode
        || phase.kind == PhaseKind::Warmup || phase.kind == PhaseKind::WarmPrefill;
    if (forward && !m_spec.training
        && std::any_of(m_layers.begin(), m_layers.end(), [](const Layer& l) { return l.moe; })) {
        protocol::PhaseRouting routing;
        routing.rule = m_context.info().simulated ? protocol::RoutingRule::Balanced : protocol::RoutingRule::Observed;
        routing.recorded = routing.rule == protocol::RoutingRule::Observed;
        m_routing = std::move(routing);
    }
    try {
        if (m_spec.training)
            return runTrainingPhase(phase);
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            if (m_loaded || !m_weights.empty())
                return Status::error("model_load ran twice");
            modelLoad();
            m_loaded = true;
            break;
        case PhaseKind::Inputs:
            if (m_inputIds.ptr)
                return Status::error("inputs ran twice");
            inputs();
            break;
        case PhaseKind::Prefill:
            if (m_generating)
                return Status::error("prefill ran twice; a warm prefill releases the last generation first");
            prefill();
            break;
        case PhaseKind::Decode:
            if (!m_generating)
                return Status::error(phase.name + " needs a prefill first");
            if (m_position - m_prompt + static_cast<std::int64_t>(phase.iterations) > m_generated)
                return Status::error(phase.name + " would decode more than the " + std::to_string(m_generated)
                    + " generated tokens the cache is sized for");
            for (std::uint32_t i = 0; i < phase.iterations && !stopBefore(i, phase.iterations); ++i)
                decodeStep();
            break;
        case PhaseKind::Warmup:
        case PhaseKind::WarmPrefill: {
            const std::uint32_t runs = phase.kind == PhaseKind::Warmup ? phase.iterations : 1;
            for (std::uint32_t i = 0; i < runs && !stopBefore(i, runs); ++i) {
                releaseGeneration();
                prefill();
            }
            break;
        }
        default:
            return Status::error(phase.name + " is not a phase of the decoder workload");
        }
    } catch (const PhaseFailure& failure) {
        dropPartialRouting();
        return failure.status;
    } catch (const std::bad_alloc&) {
        dropPartialRouting();
        return Status::error("host memory exhausted while running " + phase.name);
    }
    return Status::success();
}

void DecoderWorkload::dropPartialRouting()
{
    // A phase that stopped inside a pass saw only part of its MoE layer calls: no replay can match them.
    if (m_routing && m_routing->recorded) {
        m_routing->recorded = false;
        m_routing->loads.clear();
    }
}

// --- model_load ---------------------------------------------------------------------------------------------

void* DecoderWorkload::loadWeight(std::string name, std::uint64_t size)
{
    const Buffer b = allocateHeld(size, alloc::Owner::Weights); // quantization metadata included
    m_weights.push_back({ std::move(name), b });
    return b.ptr;
}

void* DecoderWorkload::loadNorm(const std::string& name, std::int64_t width)
{
    const std::int64_t n = width > 0 ? width : m_hidden;
    void* ptr = loadWeight(name, bytes(n));
    // Gemma stores the norm weight as an offset from 1 (initialised to 0); the others store it (initialised to 1).
    check(m_context.fill(ptr, static_cast<std::uint64_t>(n), m_dtype, m_gemmaStyle ? 0.0f : 1.0f));
    return ptr;
}

DecoderWorkload::Norm DecoderWorkload::loadLayerNorm(const std::string& name)
{
    Norm n;
    n.weight = loadNorm(name + ".weight");
    if (m_normBias) {
        n.bias = loadWeight(name + ".bias", bytes(m_hidden));
        check(m_context.fill(n.bias, static_cast<std::uint64_t>(m_hidden), m_dtype, 0.0f));
    }
    return n;
}

DecoderWorkload::Expert DecoderWorkload::loadMlp(const std::string& prefix, const char* gate, const char* up,
    const char* down, std::int64_t width, bool gated, bool bias)
{
    Expert e;
    if (gated)
        e.w1 = loadLinear(prefix + gate, width, m_hidden, bias, true);
    e.w3 = loadLinear(prefix + up, width, m_hidden, bias, true);
    e.w2 = loadLinear(prefix + down, m_hidden, width, bias, true);
    return e;
}

void DecoderWorkload::fillCodes(void* ptr, std::uint64_t size, std::uint64_t seed)
{
    const std::uint64_t words = size / kWordBytes;
    if (words > 0)
        check(m_context.fillTokens(ptr, words, kCodeVocab, seed));
    if (const std::uint64_t tail = size % kWordBytes; tail > 0)
        check(m_context.copyToDevice(static_cast<unsigned char*>(ptr) + words * kWordBytes, kCodeTail.data(), tail));
}

void DecoderWorkload::fillFp8Codes(void* ptr, std::uint64_t size)
{
    constexpr float kBf16Of3C3C = 0.011474609375f; // the bfloat16 0x3C3C, exact
    constexpr unsigned char kCode = 0x3c;
    if (const std::uint64_t words = size / 2; words > 0)
        check(m_context.fill(ptr, words, DType::BFloat16, kBf16Of3C3C));
    if (size % 2 != 0)
        check(m_context.copyToDevice(static_cast<unsigned char*>(ptr) + size - 1, &kCode, 1));
}

DecoderWorkload::Linear DecoderWorkload::loadLinear(
    const std::string& prefix, std::int64_t out, std::int64_t in, bool withBias, bool quantizable)
{
    Linear linear;
    linear.out = out;
    linear.in = in;
    const WeightStorage storage = m_spec.storage;
    // mxfp4 quantizes the routed experts only (loadMxfp4Experts); its other linears are float ones.
    linear.quantized = quantizable && protocol::weightStorageQuantized(storage) && storage != WeightStorage::Mxfp4;
    const auto n = static_cast<std::uint64_t>(out) * static_cast<std::uint64_t>(in); // checked in the constructor
    if (!linear.quantized) {
        linear.weight = loadWeight(prefix + ".weight", bytes(out * in));
        check(m_context.fillRandom(linear.weight, n, m_dtype, nextSeed(), kInitScale));
    } else if (storage == WeightStorage::Int8) {
        linear.weight = loadWeight(prefix + ".weight", n);
        fillCodes(linear.weight, n, nextSeed());
        linear.scales = loadWeight(prefix + ".SCB", 4 * static_cast<std::uint64_t>(out));
        check(m_context.fill(linear.scales, static_cast<std::uint64_t>(out), DType::Float32, kQuantScale));
    } else if (storage == WeightStorage::Fp8E4m3 || storage == WeightStorage::Fp8E5m2) {
        linear.weight = loadWeight(prefix + ".weight", n);
        fillFp8Codes(linear.weight, n);
        const std::uint64_t scales = m_spec.fp8BlockRows > 0
            ? checked::mul(checked::ceilDiv(static_cast<std::uint64_t>(out), m_spec.fp8BlockRows),
                checked::ceilDiv(static_cast<std::uint64_t>(in), m_spec.fp8BlockColumns), "fp8 scales")
            : 1;
        linear.scales = loadWeight(prefix + ".weight_scale_inv", 4 * scales);
        const float largest = storage == WeightStorage::Fp8E4m3 ? kFp8E4m3Max : kFp8E5m2Max;
        check(m_context.fill(linear.scales, scales, DType::Float32, kQuantScale / largest));
    } else if (storage == WeightStorage::GptqInt4 || storage == WeightStorage::AwqInt4) {
        const auto o = static_cast<std::uint64_t>(out);
        const auto i = static_cast<std::uint64_t>(in);
        const std::uint64_t groups = checked::ceilDiv(i, m_spec.quantGroup);
        const std::uint64_t packedOut = checked::ceilDiv(o, static_cast<std::uint64_t>(kInt4PerWord));
        const std::uint64_t qweight = storage == WeightStorage::GptqInt4
            ? checked::mul({ checked::ceilDiv(i, static_cast<std::uint64_t>(kInt4PerWord)), o, kWordBytes }, "qweight")
            : checked::mul({ i, packedOut, kWordBytes }, "qweight");
        linear.weight = loadWeight(prefix + ".qweight", qweight);
        fillCodes(linear.weight, qweight, nextSeed());
        const std::uint64_t zeros = checked::mul({ groups, packedOut, kWordBytes }, "qzeros");
        linear.zeros = loadWeight(prefix + ".qzeros", zeros);
        fillCodes(linear.zeros, zeros, nextSeed());
        const std::uint64_t scales = checked::mul(groups, o, "scales");
        linear.scales = loadWeight(prefix + ".scales", 2 * scales);
        check(m_context.fill(linear.scales, scales, DType::Float16, kQuantScale / kInt4Span));
        if (storage == WeightStorage::GptqInt4) { // each input row's group, at random (act-order's shuffle)
            linear.groupIndex = loadWeight(prefix + ".g_idx", kWordBytes * i);
            check(m_context.fillTokens(linear.groupIndex, i, static_cast<std::int64_t>(groups), nextSeed()));
        }
    } else {
        const std::uint64_t packed = checked::ceilDiv(n, 2);
        const std::uint64_t blocks = checked::ceilDiv(n, kNf4BlockValues);
        linear.weight = loadWeight(prefix + ".weight", packed);
        fillCodes(linear.weight, packed, nextSeed());
        if (storage != WeightStorage::Nf4DoubleQuant) { // nf4, fp4
            linear.scales = loadWeight(prefix + ".absmax", 4 * blocks);
            check(m_context.fill(linear.scales, blocks, DType::Float32, kQuantScale));
        } else {
            // absmax = nested_quant_map[code] * nested_absmax[i / 256] + offset, within [0.02, 0.04].
            const std::uint64_t nested = checked::ceilDiv(blocks, kNestedBlockValues);
            linear.scales = loadWeight(prefix + ".absmax", blocks);
            fillCodes(linear.scales, blocks, nextSeed());
            linear.nestedAbsmax = loadWeight(prefix + ".nested_absmax", 4 * nested);
            check(m_context.fill(linear.nestedAbsmax, nested, DType::Float32, kQuantScale / 2));
            linear.nestedMap = loadWeight(prefix + ".nested_quant_map", sizeof(float) * linearByteMap().size());
            check(m_context.copyToDevice(
                linear.nestedMap, linearByteMap().data(), sizeof(float) * linearByteMap().size()));
        }
        const auto& map = storage == WeightStorage::Fp4 ? kFp4Map : kNf4Map;
        linear.quantMap = loadWeight(prefix + ".quant_map", sizeof(map));
        check(m_context.copyToDevice(linear.quantMap, map.data(), sizeof(map)));
        if (storage == WeightStorage::Nf4DoubleQuant) {
            linear.offset = loadWeight(prefix + ".offset", sizeof(float));
            check(m_context.fill(linear.offset, 1, DType::Float32, kQuantScale / 2));
        }
    }
    if (withBias) {
        linear.bias = loadWeight(prefix + ".bias", bytes(out));
        check(m_context.fillRandom(linear.bias, static_cast<std::uint64_t>(out), m_dtype, nextSeed(), kInitScale));
    }
    return linear;
}

void DecoderWorkload::fillBytes(void* ptr, std::uint64_t size, unsigned char value)
{
    const std::uint64_t words = size / kWordBytes;
    const std::uint32_t pattern = 0x01010101u * value; // four copies of the byte: a finite float32 for value 120
    if (words > 0)
        check(m_context.fill(ptr, words, DType::Float32, std::bit_cast<float>(pattern)));
    if (const std::uint64_t tail = size % kWordBytes; tail > 0) {
        const std::array<unsigned char, 3> bytes = { value, value, value };
        check(m_context.copyToDevice(static_cast<unsigned char*>(ptr) + words * kWordBytes, bytes.data(), tail));
    }
}

void DecoderWorkload::loadMxfp4Experts(Layer& layer, const std::string& prefix, bool bias)
{
    struct Fused {
        unsigned char* blocks = nullptr;
        unsigned char* scales = nullptr;
        unsigned char* bias = nullptr;
        std::int64_t scalesPerRow = 0;
    };
    const std::int64_t experts = layer.expertCount;
    const auto fused = [&](const std::string& name, std::int64_t rows, std::int64_t in) {
        Fused f;
        f.scalesPerRow = ceilDiv(in, kMxfp4BlockValues);
        const std::uint64_t scales
            = checked::mul({ static_cast<std::uint64_t>(experts), static_cast<std::uint64_t>(rows),
                               static_cast<std::uint64_t>(f.scalesPerRow) },
                "mxfp4 scales");
        const std::uint64_t blocks = checked::mul(scales, static_cast<std::uint64_t>(kMxfp4BlockBytes), "mxfp4 blocks");
        f.blocks = static_cast<unsigned char*>(loadWeight(prefix + name + "_blocks", blocks));
        fillCodes(f.blocks, blocks, nextSeed());
        f.scales = static_cast<unsigned char*>(loadWeight(prefix + name + "_scales", scales));
        fillBytes(f.scales, scales, kMxfp4Scale);
        if (bias) {
            f.bias = static_cast<unsigned char*>(loadWeight(prefix + name + "_bias", bytes(experts * rows)));
            check(m_context.fillRandom(
                f.bias, static_cast<std::uint64_t>(experts * rows), m_dtype, nextSeed(), kInitScale));
        }
        return f;
    };
    const std::int64_t width = layer.intermediate;
    const Fused up = fused(layer.gated ? "gate_up_proj" : "up_proj", layer.gated ? 2 * width : width, m_hidden);
    const Fused down = fused("down_proj", m_hidden, width);
    const auto view = [&](const Fused& f, std::int64_t firstRow, std::int64_t rows, std::int64_t in) {
        Linear l;
        l.out = rows;
        l.in = in;
        l.quantized = true;
        l.weight = f.blocks + firstRow * f.scalesPerRow * kMxfp4BlockBytes;
        l.scales = f.scales + firstRow * f.scalesPerRow;
        if (f.bias)
            l.bias = f.bias + static_cast<std::uint64_t>(firstRow) * bytes(1);
        return l;
    };
    layer.experts.resize(static_cast<std::size_t>(experts));
    for (std::int64_t e = 0; e < experts; ++e) {
        Expert& x = layer.experts[static_cast<std::size_t>(e)];
        if (layer.gated) {
            x.w1 = view(up, e * 2 * width, width, m_hidden);
            x.w3 = view(up, e * 2 * width + width, width, m_hidden);
        } else {
            x.w3 = view(up, e * width, width, m_hidden);
        }
        x.w2 = view(down, e * m_hidden, m_hidden, width);
    }
}

// A state mixer's depthwise conv1d: its weight [Cc, 1, K], and its bias [Cc].
void DecoderWorkload::loadConv(Layer& layer, const std::string& mixer, bool convBias)
{
    const auto taps = static_cast<std::uint64_t>(layer.convChannels * layer.convKernel);
    layer.convWeight = loadWeight(mixer + "conv1d.weight", bytes(layer.convChannels * layer.convKernel));
    check(m_context.fillRandom(layer.convWeight, taps, m_dtype, nextSeed(), kInitScale * 10));
    if (convBias) {
        layer.convBias = loadWeight(mixer + "conv1d.bias", bytes(layer.convChannels));
        check(m_context.fillRandom(
            layer.convBias, static_cast<std::uint64_t>(layer.convChannels), m_dtype, nextSeed(), kInitScale));
    }
}

// A state mixer's conv1d (weight, and bias) and its dt_bias 0 (dt' = softplus(dt)) and A_log 0 (A = -1), in the
// order DECODER.md "State layers" / "model_load" gives for Mamba2 and gated DeltaNet alike.
void DecoderWorkload::loadConvAndDecay(Layer& layer, const std::string& mixer, bool convBias)
{
    loadConv(layer, mixer, convBias);
    const auto heads = static_cast<std::uint64_t>(layer.ssmHeads);
    layer.dtBias = loadWeight(mixer + "dt_bias", bytes(layer.ssmHeads));
    check(m_context.fill(layer.dtBias, heads, m_dtype, 0.0f));
    layer.aLog = loadWeight(mixer + "A_log", bytes(layer.ssmHeads));
    check(m_context.fill(layer.aLog, heads, m_dtype, 0.0f));
}

void DecoderWorkload::modelLoad()
{
    const model::ModelShape& m = m_spec.shape;
    m_weights.reserve(3 + m_layers.size() * (16 + 3 * m.experts) * 6);
    m_embedTable = loadWeight("model.embed_tokens.weight", bytes(m_vocab * m_hidden));
    check(m_context.fillRandom(
        m_embedTable, static_cast<std::uint64_t>(m_vocab * m_hidden), m_dtype, nextSeed(), kInitScale));
    if (m_positionRows > 0) {
        m_positionTable = loadWeight("model.embed_positions.weight", bytes(m_positionRows * m_hidden));
        check(m_context.fillRandom(
            m_positionTable, static_cast<std::uint64_t>(m_positionRows * m_hidden), m_dtype, nextSeed(), kInitScale));
    }
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        Layer& layer = m_layers[l];
        const model::LayerSpec spec = m.layerSpecs.empty() ? m.uniformLayer(l) : m.layerSpecs[l];
        const bool qkvBias = spec.attention.qkvBias;
        const std::int64_t q = layer.heads * layer.headDim;
        const std::int64_t kv = layer.kvHeads * layer.headDim;
        const std::string p = "model.layers." + std::to_string(l) + ".";
        layer.inputNorm = loadLayerNorm(p + "input_layernorm");
        if (layer.state) { // DECODER.md "State layers" / "model_load"
            const model::StateSpec& st = spec.state;
            const std::string mixer = p + "mixer.";
            layer.inProj = loadLinear(mixer + "in_proj", layer.inProjWidth, m_hidden, st.projBias, true);
            loadConvAndDecay(layer, mixer, st.convBias);
            const auto heads = static_cast<std::uint64_t>(layer.ssmHeads);
            // D 1 (with dt_bias 0 and A_log 0): a decaying, finite recurrence.
            layer.dSkip = loadWeight(mixer + "D", bytes(layer.ssmHeads));
            check(m_context.fill(layer.dSkip, heads, m_dtype, 1.0f));
            layer.ssmNorm = loadWeight(mixer + "norm.weight", bytes(layer.ssmInner));
            check(m_context.fill(layer.ssmNorm, static_cast<std::uint64_t>(layer.ssmInner), m_dtype, 1.0f));
            layer.outProj = loadLinear(mixer + "out_proj", m_hidden, layer.ssmInner, st.projBias, true);
        }
        if (layer.mamba) { // DECODER.md "State layers" / "model_load", Mamba (Jamba)
            const model::StateSpec& st = spec.state;
            const std::string mixer = p + "mamba.";
            const std::int64_t inner = layer.ssmInner;
            const std::int64_t n = layer.ssmStateSize;
            layer.inProj = loadLinear(mixer + "in_proj", layer.inProjWidth, m_hidden, st.projBias, true);
            loadConv(layer, mixer, st.convBias);
            layer.xProj = loadLinear(mixer + "x_proj", layer.dtRank + 2 * n, inner, false, true);
            layer.dtProj = loadLinear(mixer + "dt_proj", inner, layer.dtRank, true, true);
            // A_log 0 (A = -1) and D 1, with the random dt_proj: a decaying, finite recurrence.
            layer.aLog = loadWeight(mixer + "A_log", bytes(inner * n));
            check(m_context.fill(layer.aLog, static_cast<std::uint64_t>(inner * n), m_dtype, 0.0f));
            layer.dSkip = loadWeight(mixer + "D", bytes(inner));
            check(m_context.fill(layer.dSkip, static_cast<std::uint64_t>(inner), m_dtype, 1.0f));
            layer.outProj = loadLinear(mixer + "out_proj", m_hidden, inner, st.projBias, true);
            layer.dtNorm = loadNorm(mixer + "dt_layernorm.weight", layer.dtRank);
            layer.bNorm = loadNorm(mixer + "b_layernorm.weight", n);
            layer.cNorm = loadNorm(mixer + "c_layernorm.weight", n);
        }
        if (layer.delta) { // DECODER.md "State layers" / "model_load", gated DeltaNet
            const model::StateSpec& st = spec.state;
            const std::string mixer = p + "linear_attn.";
            layer.inProj = loadLinear(mixer + "in_proj_qkvz", layer.inProjWidth, m_hidden, false, true);
            layer.baProj = loadLinear(mixer + "in_proj_ba", 2 * layer.ssmHeads, m_hidden, false, true);
            loadConvAndDecay(layer, mixer, st.convBias);
            layer.ssmNorm = loadWeight(mixer + "norm.weight", bytes(layer.ssmHeadDim));
            check(m_context.fill(layer.ssmNorm, static_cast<std::uint64_t>(layer.ssmHeadDim), m_dtype, 1.0f));
            layer.outProj = loadLinear(mixer + "out_proj", m_hidden, layer.ssmInner, false, true);
        }
        if (layer.mla) { // DECODER.md "MLA layers": model_load
            const std::int64_t heads = layer.heads;
            if (layer.qLoraRank > 0) {
                layer.qA = loadLinear(p + "self_attn.q_a_proj", layer.qLoraRank, m_hidden, qkvBias, true);
                layer.qANorm = loadNorm(p + "self_attn.q_a_layernorm.weight", layer.qLoraRank);
                layer.q = loadLinear(p + "self_attn.q_b_proj", q, layer.qLoraRank, false, true);
            } else {
                layer.q = loadLinear(p + "self_attn.q_proj", q, m_hidden, false, true);
            }
            layer.kvA = loadLinear(
                p + "self_attn.kv_a_proj_with_mqa", layer.kvLoraRank + layer.ropeDim, m_hidden, qkvBias, true);
            layer.kvANorm = loadNorm(p + "self_attn.kv_a_layernorm.weight", layer.kvLoraRank);
            layer.kvB = loadLinear(
                p + "self_attn.kv_b_proj", heads * (layer.nopeDim + layer.valueHeadDim), layer.kvLoraRank, false, true);
            layer.o = loadLinear(
                p + "self_attn.o_proj", m_hidden, heads * layer.valueHeadDim, spec.attention.outputBias, true);
        } else if (layer.attention) {
            // A gated output: each head's D query values, then its D gate values (DECODER.md "The gated attention
            // output").
            layer.q = loadLinear(p + "self_attn.q_proj", layer.outputGate ? 2 * q : q, m_hidden, qkvBias, true);
            layer.k = loadLinear(p + "self_attn.k_proj", kv, m_hidden, qkvBias, true);
            layer.v = loadLinear(p + "self_attn.v_proj", kv, m_hidden, qkvBias, true);
            layer.o = loadLinear(p + "self_attn.o_proj", m_hidden, q, spec.attention.outputBias, true);
        }
        if (layer.qNormWidth > 0) {
            const bool perHead = layer.qNormWidth == layer.headDim;
            layer.qNorm = loadNorm(p + "self_attn.q_norm.weight", layer.qNormWidth);
            layer.kNorm = loadNorm(p + "self_attn.k_norm.weight", perHead ? layer.headDim : kv);
        }
        if (layer.sinks) {
            layer.sinkLogits = loadWeight(p + "self_attn.sinks", bytes(layer.heads));
            check(m_context.fillRandom(
                layer.sinkLogits, static_cast<std::uint64_t>(layer.heads), m_dtype, nextSeed(), kInitScale));
        }
        if (layer.norms >= 2)
            layer.postAttentionNorm = loadLayerNorm(p + "post_attention_layernorm");
        if (layer.norms == 4) {
            layer.preFeedforwardNorm = loadLayerNorm(p + "pre_feedforward_layernorm");
            layer.postFeedforwardNorm = loadLayerNorm(p + "post_feedforward_layernorm");
        }
        const model::MlpSpec& mlp = spec.mlp;
        if (!layer.hasMlp)
            continue;
        if (!layer.moe) {
            const Expert dense
                = loadMlp(p + "mlp.", "gate_proj", "up_proj", "down_proj", layer.intermediate, layer.gated, mlp.bias);
            layer.gate = dense.w1;
            layer.up = dense.w3;
            layer.down = dense.w2;
            continue;
        }
        const std::string moe = p + "block_sparse_moe.";
        layer.router = loadLinear(moe + "gate", layer.expertCount, m_hidden, mlp.routerBias, false);
        if (mlp.routerScoreBias) {
            layer.scoreBias = loadWeight(moe + "e_score_correction_bias", bytes(layer.expertCount));
            check(m_context.fill(layer.scoreBias, static_cast<std::uint64_t>(layer.expertCount), m_dtype, 0.0f));
        }
        if (m_spec.storage == WeightStorage::Mxfp4) {
            loadMxfp4Experts(layer, moe + "experts.", mlp.bias);
        } else {
            layer.experts.resize(static_cast<std::size_t>(layer.expertCount));
            for (std::size_t e = 0; e < layer.experts.size(); ++e)
                layer.experts[e] = loadMlp(moe + "experts." + std::to_string(e) + ".", "w1", "w3", "w2",
                    layer.intermediate, layer.gated, mlp.bias);
        }
        if (layer.shared > 0) {
            layer.sharedExpert = loadMlp(
                moe + "shared_expert.", "gate_proj", "up_proj", "down_proj", layer.shared, layer.gated, false);
            if (mlp.sharedExpertGate)
                layer.sharedGate = loadLinear(moe + "shared_expert_gate", 1, m_hidden, false, false);
        }
    }
    m_finalNorm = loadLayerNorm("model.norm");
    if (m.tieWordEmbeddings) {
        m_lmHead.out = m_vocab;
        m_lmHead.in = m_hidden;
        m_lmHead.weight = m_embedTable;
    } else {
        m_lmHead = loadLinear("lm_head", m_vocab, m_hidden, m.lmHeadBias, false);
    }
    for (const auto& part : m.apart) { // loaded and never run (DECODER.md "model_load" 5)
        if (!part.loaded)
            continue;
        void* tower = loadWeight(part.name + ".weights", bytes(static_cast<std::int64_t>(part.parameters)));
        check(m_context.fillRandom(tower, part.parameters, m_dtype, nextSeed(), kInitScale));
    }
}

// --- inputs -------------------------------------------------------------------------------------------------

void DecoderWorkload::inputs()
{
    const auto tokens = static_cast<std::uint64_t>(m_sequences * m_prompt);
    m_inputIds = allocateHeld(kIdBytes * tokens, alloc::Owner::Activation);
    check(m_context.fillTokens(m_inputIds.ptr, tokens, m_vocab, m_config.seed * 0x100000001b3ULL + 0x5eed));
    if (m_spec.cache != KvCacheKind::Paged)
        return;
    for (std::size_t l = 0; l < m_caches.size(); ++l) {
        if (!m_layers[l].attention)
            continue; // no KV cache, no block tables (DECODER.md "The state cache")
        KvCache& c = m_caches[l];
        const auto entries = static_cast<std::size_t>(m_sequences * m_layers[l].ring);
        c.hostKeys.assign(entries, 0);
        c.hostValues.assign(entries, 0);
        c.keyTable = allocateHeld(kTableEntryBytes * entries, alloc::Owner::KvCache);
        c.valueTable = allocateHeld(kTableEntryBytes * entries, alloc::Owner::KvCache);
        check(m_context.copyToDevice(c.keyTable.ptr, c.hostKeys.data(), kTableEntryBytes * entries));
        check(m_context.copyToDevice(c.valueTable.ptr, c.hostValues.data(), kTableEntryBytes * entries));
    }
}

// --- the forward pass ---------------------------------------------------------------------------------------

void* DecoderWorkload::dequantize(const Linear& w)
{
    // bitsandbytes' path: the whole weight dequantized into a transient of the compute dtype, then a GEMM.
    void* dequantized = allocate("W_deq", bytes(w.out * w.in));
    const WeightStorage storage = m_spec.storage;
    if (storage == WeightStorage::Int8) {
        check(m_context.dequantizeInt8(dequantized, w.weight, w.scales, w.out, w.in, m_dtype));
    } else if (storage == WeightStorage::Fp8E4m3 || storage == WeightStorage::Fp8E5m2) {
        device::Fp8Tensor t;
        t.codes = w.weight;
        t.scaleInv = w.scales;
        t.rows = w.out;
        t.cols = w.in;
        t.blockRows = static_cast<std::int64_t>(m_spec.fp8BlockRows); // validated: within int32
        t.blockColumns = static_cast<std::int64_t>(m_spec.fp8BlockColumns);
        t.e5m2 = storage == WeightStorage::Fp8E5m2;
        check(m_context.dequantizeFp8(dequantized, t, m_dtype));
    } else if (storage == WeightStorage::GptqInt4 || storage == WeightStorage::AwqInt4) {
        device::Int4Tensor t;
        t.qweight = w.weight;
        t.qzeros = w.zeros;
        t.scales = w.scales;
        t.gIdx = w.groupIndex;
        t.out = w.out;
        t.in = w.in;
        t.groupSize = static_cast<std::int64_t>(m_spec.quantGroup);
        t.awq = storage == WeightStorage::AwqInt4;
        check(m_context.dequantizeInt4(dequantized, t, m_dtype));
    } else if (storage == WeightStorage::Mxfp4) {
        device::Mxfp4Tensor t;
        t.blocks = w.weight;
        t.scales = w.scales;
        t.rows = w.out;
        t.cols = w.in;
        check(m_context.dequantizeMxfp4(dequantized, t, m_dtype));
    } else { // nf4, nf4-dq, fp4 (its code book in quant_map)
        device::Nf4Tensor t;
        t.packed = w.weight;
        t.absmax = w.scales;
        t.quantMap = w.quantMap;
        t.doubleQuant = m_spec.storage == WeightStorage::Nf4DoubleQuant;
        t.nestedScale = w.nestedAbsmax;
        t.nestedMap = w.nestedMap;
        t.offset = w.offset;
        t.count = static_cast<std::uint64_t>(w.out) * static_cast<std::uint64_t>(w.in);
        t.blockSize = kNf4BlockValues;
        check(m_context.dequantizeNf4(dequantized, t, m_dtype));
    }
    return dequantized;
}

void* DecoderWorkload::linear(const char* name, const void* x, std::int64_t rows, const Linear& w, alloc::Owner owner)
{
    void* dequantized = w.quantized ? dequantize(w) : nullptr;
    const void* weight = dequantized ? dequantized : w.weight;
    void* y = allocate(name, bytes(rows * w.out), owner);
    check(m_context.gemm(false, true, rows, w.out, w.in, x, weight, y, m_dtype, false));
    if (w.bias)
        check(m_context.addBias(y, w.bias, rows, w.out, m_dtype));
    if (dequantized)
        release(dequantized);
    return y;
}

void* DecoderWorkload::norm(const char* name, const void* in, const Norm& weight, std::int64_t rows)
{
    void* out = allocate(name, bytes(rows * m_hidden));
    check(m_context.rmsNorm(out, in, weight.weight, rows, m_hidden, m_spec.normEps, m_normOffset, m_dtype));
    if (weight.bias) // a LayerNorm: its bias in place (the mean subtraction is not modelled)
        check(m_context.addBias(out, weight.bias, rows, m_hidden, m_dtype));
    return out;
}

void* DecoderWorkload::embed(const void* ids, std::int64_t tokens, std::int64_t seq, std::int64_t positionStart)
{
    void* h = allocate("h", bytes(tokens * m_hidden));
    check(m_context.embedding(h, m_embedTable, ids, tokens, m_hidden, m_vocab, m_embedScale, m_dtype));
    if (m_positionRows == 0)
        return h;
    // Learned positions (DECODER.md "prefill" 1): each sequence's positions, from the host.
    std::vector<std::int32_t> positions(static_cast<std::size_t>(tokens));
    for (std::size_t t = 0; t < positions.size(); ++t)
        positions[t] = static_cast<std::int32_t>(positionStart + static_cast<std::int64_t>(t) % seq);
    void* ids32 = allocate("position_ids", kIdBytes * static_cast<std::uint64_t>(tokens));
    check(m_context.copyToDevice(ids32, positions.data(), kIdBytes * positions.size()));
    void* pos = allocate("pos", bytes(tokens * m_hidden));
    check(m_context.embedding(pos, m_positionTable, ids32, tokens, m_hidden, m_positionRows, 1.0f, m_dtype));
    release(ids32);
    check(m_context.add(h, pos, static_cast<std::uint64_t>(tokens * m_hidden), m_dtype));
    release(pos);
    return h;
}

void* DecoderWorkload::mlp(
    const Layer& layer, const Expert& w, std::int64_t width, const void* x, std::int64_t rows, const char* outName)
{
    const auto count = static_cast<std::uint64_t>(rows * width);
    if (!layer.gated) {
        void* u = linear("u", x, rows, w.w3);
        check(m_context.activation(u, u, count, layer.activation, m_dtype));
        void* d = linear(outName, u, rows, w.w2);
        release(u);
        return d;
    }
    void* g = linear("g", x, rows, w.w1);
    void* u = linear("u", x, rows, w.w3);
    check(m_context.gatedActivation(g, g, u, count, layer.activation, m_dtype));
    release(u);
    void* d = linear(outName, g, rows, w.w2);
    release(g);
    return d;
}

void* DecoderWorkload::moe(const Layer& layer, const void* x, std::int64_t rows)
{
    const std::int64_t experts = layer.expertCount;
    const std::int64_t topK = layer.topK;
    void* logits = linear("router_logits", x, rows, layer.router);
    if (layer.scoreBias) // DeepSeek-V3's selection bias, on the scores before the top-k
        check(m_context.addBias(logits, layer.scoreBias, rows, experts, m_dtype));
    void* indices = allocate("topk_idx", kIdBytes * static_cast<std::uint64_t>(rows * topK));
    void* weights = allocate("topk_w", sizeof(float) * static_cast<std::uint64_t>(rows * topK));
    check(m_context.routerTopK(indices, weights, logits, rows, experts, topK, m_dtype));
    release(logits);
    void* d = allocate("d", bytes(rows * m_hidden));
    const auto count = static_cast<std::uint64_t>(rows * m_hidden);
    check(m_context.fill(d, count, m_dtype, 0.0f));
    // The experts' loads, learned on the host (DECODER.md prefill k): an expert without tokens runs nothing.
    std::vector<std::int32_t> loads(static_cast<std::size_t>(experts));
    void* load = allocate("expert_load", kIdBytes * static_cast<std::uint64_t>(experts));
    check(m_context.countRoutedTokens(load, loads.data(), indices, rows, topK, experts));
    release(load);
    if (m_routing && m_routing->recorded) {
        if (m_routingLoadsKept + loads.size() > protocol::kMaxRecordedRoutingLoads) {
            m_routing->recorded = false; // too many to keep: the phase keeps its rule, the predictor cannot replay it
            m_routing->loads.clear();
        } else {
            m_routing->loads.emplace_back(loads.begin(), loads.end());
            m_routingLoadsKept += loads.size();
        }
    }
    // Each hit expert on its own slice; the previous expert's token_idx, state and y live until the next ones
    // are made (Python binds the loop's names again), the last ones until the loop ends.
    void* tokens = nullptr;
    void* state = nullptr;
    void* y = nullptr;
    for (std::size_t e = 0; e < layer.experts.size(); ++e) {
        const std::int64_t n = loads[e];
        if (n == 0)
            continue;
        if (n < 0 || n > rows)
            check(Status::error("expert " + std::to_string(e) + " has a load of " + std::to_string(n) + " of "
                + std::to_string(rows) + " tokens"));
        const auto expert = static_cast<std::int64_t>(e);
        void* nextTokens = allocate("token_idx", kIdBytes * static_cast<std::uint64_t>(n));
        check(m_context.routedTokens(nextTokens, indices, rows, topK, expert, n));
        if (tokens)
            release(tokens);
        tokens = nextTokens;
        void* nextState = allocate("state", bytes(n * m_hidden));
        check(m_context.gatherRows(nextState, x, tokens, n, m_hidden, m_dtype));
        if (state)
            release(state);
        state = nextState;
        void* nextY = mlp(layer, layer.experts[e], layer.intermediate, state, n, "y");
        if (y)
            release(y);
        y = nextY;
        check(m_context.addRoutedRows(d, y, tokens, indices, weights, n, m_hidden, topK, expert, m_dtype));
    }
    for (void* last : { tokens, state, y })
        if (last)
            release(last);
    if (layer.shared > 0) {
        if (layer.sharedGate.weight) // its logit [T, 1]; the sigmoid scale on y changes no byte (DECODER.md)
            release(linear("shared_gate", x, rows, layer.sharedGate));
        void* y = mlp(layer, layer.sharedExpert, layer.shared, x, rows, "y");
        check(m_context.add(d, y, count, m_dtype));
        release(y);
    }
    release(indices);
    release(weights);
    return d;
}

void DecoderWorkload::allocateBlocks(std::size_t l, std::int64_t firstSlot, std::int64_t slots)
{
    KvCache& c = m_caches[l];
    const std::int64_t ring = m_layers[l].ring;
    const std::uint64_t keyBytes = bytes(kBlockTokens * m_layers[l].kvHeads * m_layers[l].headDim);
    const std::uint64_t valueBytes = bytes(kBlockTokens * m_layers[l].kvHeads * m_layers[l].valueHeadDim);
    bool allocated = false;
    for (std::int64_t b = 0; b < m_sequences; ++b) {
        for (std::int64_t j = firstSlot; j < firstSlot + slots; ++j) {
            const auto entry = static_cast<std::size_t>(b * ring + j);
            if (c.hostKeys[entry] != 0)
                continue;
            const Buffer key = allocateHeld(keyBytes, alloc::Owner::KvCache);
            c.blocks.push_back({ key, static_cast<std::int32_t>(b), static_cast<std::int32_t>(j), false });
            c.hostKeys[entry] = reinterpret_cast<std::uint64_t>(key.ptr);
            const Buffer value = allocateHeld(valueBytes, alloc::Owner::KvCache);
            c.blocks.push_back({ value, static_cast<std::int32_t>(b), static_cast<std::int32_t>(j), true });
            c.hostValues[entry] = reinterpret_cast<std::uint64_t>(value.ptr);
            allocated = true;
        }
    }
    if (allocated) {
        const std::uint64_t tableBytes = kTableEntryBytes * c.hostKeys.size();
        check(m_context.copyToDevice(c.keyTable.ptr, c.hostKeys.data(), tableBytes));
        check(m_context.copyToDevice(c.valueTable.ptr, c.hostValues.data(), tableBytes));
    }
}

bool DecoderWorkload::writePrompt(std::size_t l, void* k, void* v)
{
    const Layer& layer = m_layers[l];
    KvCache& c = m_caches[l];
    const KvLayout fresh = contiguous(l, m_prompt); // k [B, P, Hk, D] and v [B, P, Hk, Dv]
    const KvLayout freshValues = contiguous(l, m_prompt, true);
    switch (m_spec.cache) {
    case KvCacheKind::Static: {
        // A ring of N_l rows: only the last N_l positions of the prompt survive in it.
        const std::int64_t kept = std::min(m_prompt, layer.capacity);
        check(m_context.copyKv(
            c.key.ptr, contiguous(l, layer.capacity), k, fresh, m_sequences, m_prompt - kept, kept, m_dtype));
        check(m_context.copyKv(c.value.ptr, contiguous(l, layer.capacity, true), v, freshValues, m_sequences,
            m_prompt - kept, kept, m_dtype));
        return false;
    }
    case KvCacheKind::Paged: {
        const std::int64_t promptBlocks = ceilDiv(m_prompt, kBlockTokens);
        allocateBlocks(l, 0, std::min(promptBlocks, layer.ring));
        // The positions whose blocks are still in the ring once the prompt is written.
        const std::int64_t first = std::max<std::int64_t>(0, promptBlocks - layer.ring) * kBlockTokens;
        KvLayout keys = contiguous(l, 0);
        keys.blockTable = c.keyTable.ptr;
        keys.tableWidth = layer.ring;
        keys.blockSize = kBlockTokens;
        KvLayout values = keys;
        values.blockTable = c.valueTable.ptr;
        values.headDim = layer.valueHeadDim;
        check(m_context.copyKv(c.keyTable.ptr, keys, k, fresh, m_sequences, first, m_prompt - first, m_dtype));
        check(m_context.copyKv(
            c.valueTable.ptr, values, v, freshValues, m_sequences, first, m_prompt - first, m_dtype));
        return false;
    }
    case KvCacheKind::Dynamic:
        break;
    }
    if (m_noCache) // writeNoCache(): k and v are the attention's inputs only, freed after it
        return false;
    if (m_prompt <= layer.capacity) {
        c.key = take(k);
        c.value = take(v);
        // The projections become the cache: their bytes move from the activations to the KV cache.
        m_allocator.setOwner(c.key.ptr, alloc::Owner::KvCache);
        m_allocator.setOwner(c.value.ptr, alloc::Owner::KvCache);
        c.rows = m_prompt;
        return true;
    }
    c.key = allocateHeld(bytes(m_sequences * layer.capacity * layer.kvHeads * layer.headDim), alloc::Owner::KvCache);
    c.value
        = allocateHeld(bytes(m_sequences * layer.capacity * layer.kvHeads * layer.valueHeadDim), alloc::Owner::KvCache);
    c.rows = layer.capacity;
    const std::int64_t first = m_prompt - layer.capacity;
    check(m_context.copyKv(
        c.key.ptr, contiguous(l, layer.capacity), k, fresh, m_sequences, first, layer.capacity, m_dtype));
    check(m_context.copyKv(c.value.ptr, contiguous(l, layer.capacity, true), v, freshValues, m_sequences, first,
        layer.capacity, m_dtype));
    return false;
}

void DecoderWorkload::writeStep(std::size_t l, const void* k, const void* v, std::int64_t position)
{
    const Layer& layer = m_layers[l];
    KvCache& c = m_caches[l];
    KvLayout fresh = contiguous(l, 1); // k [B, 1, Hk, D] and v [B, 1, Hk, Dv] of this position
    fresh.base = position;
    KvLayout freshValues = contiguous(l, 1, true);
    freshValues.base = position;
    switch (m_spec.cache) {
    case KvCacheKind::Static: {
        check(m_context.copyKv(c.key.ptr, contiguous(l, layer.capacity), k, fresh, m_sequences, position, 1, m_dtype));
        check(m_context.copyKv(
            c.value.ptr, contiguous(l, layer.capacity, true), v, freshValues, m_sequences, position, 1, m_dtype));
        return;
    }
    case KvCacheKind::Paged: {
        allocateBlocks(l, (position / kBlockTokens) % layer.ring, 1);
        KvLayout keys = contiguous(l, 0);
        keys.blockTable = c.keyTable.ptr;
        keys.tableWidth = layer.ring;
        keys.blockSize = kBlockTokens;
        KvLayout values = keys;
        values.blockTable = c.valueTable.ptr;
        values.headDim = layer.valueHeadDim;
        check(m_context.copyKv(c.keyTable.ptr, keys, k, fresh, m_sequences, position, 1, m_dtype));
        check(m_context.copyKv(c.valueTable.ptr, values, v, freshValues, m_sequences, position, 1, m_dtype));
        return;
    }
    case KvCacheKind::Dynamic:
        break;
    }
    if (c.rows < layer.capacity) {
        // A concatenating cache: the larger tensor first, the old one freed after the copy; key, then value.
        // While it grows it never wrapped, so it holds positions position - rows .. position - 1.
        const std::int64_t rows = c.rows + 1;
        for (const bool value : { false, true }) {
            Buffer* part = value ? &c.value : &c.key;
            const std::int64_t dim = value ? layer.valueHeadDim : layer.headDim;
            Buffer larger = allocateHeld(bytes(m_sequences * rows * layer.kvHeads * dim), alloc::Owner::KvCache);
            check(m_context.copyKv(larger.ptr, contiguous(l, rows, value), part->ptr, contiguous(l, c.rows, value),
                m_sequences, position - c.rows, c.rows, m_dtype));
            freeHeld(*part);
            *part = larger;
        }
        c.rows = rows;
    }
    check(m_context.copyKv(c.key.ptr, contiguous(l, c.rows), k, fresh, m_sequences, position, 1, m_dtype));
    check(m_context.copyKv(c.value.ptr, contiguous(l, c.rows, true), v, freshValues, m_sequences, position, 1, m_dtype));
}

void DecoderWorkload::attend(std::size_t l, void* out, const void* q, const void* k, const void* v,
    std::int64_t queries, std::int64_t start, bool prefill)
{
    const Layer& layer = m_layers[l];
    const KvCache& c = m_caches[l];
    device::AttentionShape shape;
    shape.batch = m_sequences;
    shape.queries = queries;
    shape.heads = layer.heads;
    shape.kvHeads = layer.kvHeads;
    shape.headDim = layer.headDim;
    shape.valueHeadDim = layer.valueHeadDim;
    shape.queryStart = start;
    shape.window = layer.window;
    shape.scale = layer.attentionScale;
    // Where the keys are read: the fresh K/V of the prompt, or the cache. For a paged cache k and v are the
    // device block tables of the keys and of the values, and the layout's blockTable is the one of the tensor
    // the kernel reads (the key table for scores and fused attention, the value table for the values).
    KvLayout keyLayout = contiguous(l, queries);
    KvLayout valueLayout = contiguous(l, queries, true);
    const bool paged = m_spec.cache == KvCacheKind::Paged;
    const bool staticCache = m_spec.cache == KvCacheKind::Static;
    if (prefill && !(staticCache && m_prompt <= layer.capacity)) {
        shape.keyStart = 0;
        shape.keys = m_prompt;
    } else {
        const std::int64_t reach = start + queries; // positions 0 .. reach - 1 are written
        shape.keys = staticCache ? layer.capacity : std::min(reach, layer.capacity);
        shape.keyStart = std::max<std::int64_t>(0, reach - shape.keys);
        if (paged) {
            keyLayout = contiguous(l, 0);
            keyLayout.tableWidth = layer.ring;
            keyLayout.blockSize = kBlockTokens;
            valueLayout = keyLayout;
            valueLayout.headDim = layer.valueHeadDim;
            keyLayout.blockTable = c.keyTable.ptr;
            valueLayout.blockTable = c.valueTable.ptr;
            k = c.keyTable.ptr;
            v = c.valueTable.ptr;
        } else {
            keyLayout = contiguous(l, staticCache ? layer.capacity : c.rows);
            valueLayout = contiguous(l, staticCache ? layer.capacity : c.rows, true);
            k = c.key.ptr;
            v = c.value.ptr;
        }
    }
    if (m_spec.attention == protocol::AttentionKind::Sdpa) {
        check(m_context.attention(out, q, k, v, keyLayout, shape, m_dtype));
        return;
    }
    const auto count = static_cast<std::uint64_t>(m_sequences * layer.heads * queries * shape.keys);
    const std::int64_t rows = m_sequences * layer.heads * queries;
    void* scores = allocate("scores", bytes(static_cast<std::int64_t>(count)));
    check(m_context.attentionScores(scores, q, k, keyLayout, shape, m_dtype));
    void* probs32 = allocate("probs32", sizeof(float) * count);
    check(m_context.softmaxRows(probs32, scores, rows, shape.keys, m_dtype));
    release(scores);
    void* probs = allocate("probs", bytes(static_cast<std::int64_t>(count)));
    check(m_context.convert(probs, m_dtype, probs32, DType::Float32, count));
    release(probs32);
    check(m_context.attentionValues(out, probs, v, valueLayout, shape, m_dtype));
    release(probs);
}

void DecoderWorkload::mlaProjections(const Layer& layer, void* x, std::int64_t queries, std::int64_t start,
    bool parallel, void*& query, void*& key, void*& value, std::array<void*, 5>& extra)
{
    const std::int64_t tokens = m_sequences * queries;
    const std::int64_t heads = layer.heads;
    const std::int64_t dim = layer.headDim; // Dn + Dr
    const std::int64_t nope = layer.nopeDim;
    const std::int64_t rope = layer.ropeDim;
    const std::int64_t valueDim = layer.valueHeadDim;
    const std::int64_t latent = layer.kvLoraRank;
    // Element `offset` of a tensor: the column a strided copy starts at.
    const auto at = [this](void* p, std::int64_t offset) { return static_cast<unsigned char*>(p) + bytes(offset); };
    void* q = nullptr;
    if (layer.qLoraRank > 0) {
        void* qa = linear("q_a", x, tokens, layer.qA);
        void* qan = allocate("q_a_n", bytes(tokens * layer.qLoraRank));
        check(m_context.rmsNorm(
            qan, qa, layer.qANorm, tokens, layer.qLoraRank, m_spec.normEps, m_normOffset, m_dtype));
        release(qa);
        q = linear("q", qan, tokens, layer.q);
        release(qan);
    } else {
        q = linear("q", x, tokens, layer.q);
    }
    void* ckv = linear("ckv", x, tokens, layer.kvA); // [T, Rkv + Dr]
    if (!parallel)
        release(x);
    void* kvn = allocate("kv_n", bytes(tokens * latent));
    check(m_context.copyRows(kvn, latent, ckv, latent + rope, tokens, latent, 1, m_dtype));
    check(m_context.rmsNorm(kvn, kvn, layer.kvANorm, tokens, latent, m_spec.normEps, m_normOffset, m_dtype));
    void* kv = linear("kv", kvn, tokens, layer.kvB); // [T, Hq, Dn + Dv]
    release(kvn);
    void* qpe = allocate("q_pe", bytes(tokens * heads * rope));
    check(m_context.copyRows(qpe, rope, at(q, nope), dim, tokens * heads, rope, 1, m_dtype));
    void* kpe = allocate("k_pe", bytes(tokens * rope));
    check(m_context.copyRows(kpe, rope, at(ckv, latent), latent + rope, tokens, rope, 1, m_dtype));
    if (layer.rope) {
        check(m_context.rope(qpe, m_sequences, queries, heads, rope, start, m_spec.ropeTheta, m_dtype));
        check(m_context.rope(kpe, m_sequences, queries, 1, rope, start, m_spec.ropeTheta, m_dtype));
    }
    query = allocate("query", bytes(tokens * heads * dim)); // cat(q_nope, q_pe)
    check(m_context.copyRows(query, dim, q, dim, tokens * heads, nope, 1, m_dtype));
    check(m_context.copyRows(at(query, nope), dim, qpe, rope, tokens * heads, rope, 1, m_dtype));
    key = allocate("key", bytes(tokens * heads * dim)); // cat(k_nope, k_pe expanded over the heads)
    check(m_context.copyRows(key, dim, kv, nope + valueDim, tokens * heads, nope, 1, m_dtype));
    check(m_context.copyRows(at(key, nope), dim, kpe, rope, tokens * heads, rope, heads, m_dtype));
    value = allocate("value", bytes(tokens * heads * valueDim));
    check(m_context.copyRows(value, valueDim, at(kv, nope), nope + valueDim, tokens * heads, valueDim, 1, m_dtype));
    extra = { q, qpe, ckv, kpe, kv };
}

void DecoderWorkload::layerForward(std::size_t l, void* h, std::int64_t queries, std::int64_t start, bool prefill)
{
    const Layer& layer = m_layers[l];
    const std::int64_t tokens = m_sequences * queries;
    const bool mixer = layer.attention || layer.state || layer.delta || layer.mamba;
    // One norm with both a mixer and an MLP: parallel; with only one of them, sequential (DECODER.md "State layers").
    const bool parallel = layer.norms == 1 && mixer && layer.hasMlp;
    const auto count = static_cast<std::uint64_t>(tokens * m_hidden);
    const bool fourNorms = layer.norms == 4;
    void* x = norm("x", h, layer.inputNorm, tokens);
    if (layer.state)
        mamba2(l, x, h, queries);
    else if (layer.delta)
        deltaNet(l, x, h, queries);
    else if (layer.mamba)
        mambaMixer(l, x, h, queries);
    else if (layer.attention)
        attentionBlock(l, x, h, queries, start, prefill, parallel);
    if (!layer.hasMlp)
        return;
    // Parallel attention and MLP (one norm), or an MLP-only layer: the MLP reads the layer's input norm x.
    void* x2 = parallel || !mixer
        ? x
        : norm("x2", h, fourNorms ? layer.preFeedforwardNorm : layer.postAttentionNorm, tokens);
    void* d = layer.moe ? moe(layer, x2, tokens)
                        : mlp(layer, Expert { layer.gate, layer.up, layer.down }, layer.intermediate, x2, tokens, "d");
    release(x2);
    if (fourNorms) {
        void* d2 = norm("d2", d, layer.postFeedforwardNorm, tokens);
        release(d);
        check(m_context.add(h, d2, count, m_dtype));
        release(d2);
    } else {
        check(m_context.add(h, d, count, m_dtype));
        release(d);
    }
}

void DecoderWorkload::attentionBlock(
    std::size_t l, void* x, void* h, std::int64_t queries, std::int64_t start, bool prefill, bool parallel)
{
    const Layer& layer = m_layers[l];
    const std::int64_t tokens = m_sequences * queries;
    void* q = nullptr;
    void* k = nullptr;
    void* v = nullptr;
    void* gate = nullptr;
    std::array<void*, 5> extra {}; // MLA: freed after q, k and v
    if (layer.mla) {
        mlaProjections(layer, x, queries, start, parallel, q, k, v, extra);
    } else {
        if (layer.outputGate) { // q_gate [T, Hq, 2 D]: each head's query half, then its gate half, as copies
            void* qGate = linear("q_gate", x, tokens, layer.q);
            const std::int64_t halves = tokens * layer.heads;
            gate = allocate("gate", bytes(halves * layer.headDim));
            check(m_context.copyColumns(gate, static_cast<unsigned char*>(qGate) + bytes(layer.headDim), halves,
                layer.headDim, 2 * layer.headDim, m_dtype));
            q = allocate("q", bytes(halves * layer.headDim));
            check(m_context.copyColumns(q, qGate, halves, layer.headDim, 2 * layer.headDim, m_dtype));
            release(qGate);
        } else {
            q = linear("q", x, tokens, layer.q);
        }
        k = linear("k", x, tokens, layer.k);
        v = linear("v", x, tokens, layer.v);
        if (!parallel)
            release(x);
    }
    if (layer.qNormWidth > 0) {
        // q_norm / k_norm: per head of head_dim (Qwen3, Gemma-3) or over the whole projection (OLMo-2), into a
        // new tensor each.
        const bool perHead = layer.qNormWidth == layer.headDim;
        const std::int64_t qWidth = layer.heads * layer.headDim;
        const std::int64_t kWidth = layer.kvHeads * layer.headDim;
        void* qn = allocate("q_norm", bytes(tokens * qWidth));
        check(m_context.rmsNorm(qn, q, layer.qNorm, perHead ? tokens * layer.heads : tokens,
            perHead ? layer.headDim : qWidth, m_spec.normEps, m_normOffset, m_dtype));
        release(q);
        q = qn;
        void* kn = allocate("k_norm", bytes(tokens * kWidth));
        check(m_context.rmsNorm(kn, k, layer.kNorm, perHead ? tokens * layer.kvHeads : tokens,
            perHead ? layer.headDim : kWidth, m_spec.normEps, m_normOffset, m_dtype));
        release(k);
        k = kn;
    }
    if (layer.rope && !layer.mla) { // a NoPE layer has none; MLA's rotary parts had theirs
        check(m_context.rope(q, m_sequences, queries, layer.heads, layer.headDim, start, m_spec.ropeTheta, m_dtype));
        check(m_context.rope(k, m_sequences, queries, layer.kvHeads, layer.headDim, start, m_spec.ropeTheta, m_dtype));
    }
    bool becameCache = false;
    if (prefill)
        becameCache = writePrompt(l, k, v);
    else
        writeStep(l, k, v, start);
    void* attn = allocate("attn", bytes(tokens * layer.heads * layer.valueHeadDim));
    attend(l, attn, q, k, v, queries, start, prefill);
    release(q);
    if (!becameCache) {
        release(k);
        release(v);
    }
    for (void* e : extra)
        if (e)
            release(e);
    void* o = nullptr;
    if (gate) { // attn * sigmoid(gate), then o_proj
        void* gated = allocate("gated", bytes(tokens * layer.heads * layer.headDim));
        check(m_context.sigmoidGate(
            gated, attn, gate, static_cast<std::uint64_t>(tokens * layer.heads * layer.headDim), m_dtype));
        release(attn);
        release(gate);
        o = linear("o", gated, tokens, layer.o);
        release(gated);
    } else {
        o = linear("o", attn, tokens, layer.o);
        release(attn);
    }
    const auto count = static_cast<std::uint64_t>(tokens * m_hidden);
    if (layer.norms == 4) {
        void* o2 = norm("o2", o, layer.postAttentionNorm, tokens);
        release(o);
        check(m_context.add(h, o2, count, m_dtype));
        release(o2);
    } else {
        check(m_context.add(h, o, count, m_dtype));
        release(o);
    }
}

void DecoderWorkload::mamba2(std::size_t l, void* x, void* h, std::int64_t queries)
{
    // DECODER.md "The Mamba2 mixer": zxbcdt = [z | x B C | dt], each part read as a column slice.
    const Layer& layer = m_layers[l];
    StateCache& c = m_states[l];
    const std::int64_t tokens = m_sequences * queries;
    const std::int64_t inner = layer.ssmInner;
    const std::int64_t bc = layer.ssmGroups * layer.ssmStateSize;
    void* zxbcdt = linear("zxbcdt", x, tokens, layer.inProj);
    auto* zx = static_cast<unsigned char*>(zxbcdt);
    void* xbc = allocate("xBC", bytes(tokens * layer.convChannels));
    check(m_context.causalConv1d(xbc, zx + bytes(inner), layer.inProjWidth, c.conv.ptr, layer.convWeight,
        layer.convBias, m_sequences, queries, layer.convChannels, layer.convKernel, m_dtype));
    void* y = allocate("y", bytes(tokens * inner));
    device::SsmShape shape;
    shape.batch = m_sequences;
    shape.seq = queries;
    shape.heads = layer.ssmHeads;
    shape.headDim = layer.ssmHeadDim;
    shape.groups = layer.ssmGroups;
    shape.stateSize = layer.ssmStateSize;
    shape.xStride = layer.convChannels;
    shape.dtStride = layer.inProjWidth;
    shape.bcStride = layer.convChannels;
    auto* xb = static_cast<unsigned char*>(xbc);
    check(m_context.ssmScan(y, xbc, zx + bytes(inner + layer.convChannels), xb + bytes(inner), xb + bytes(inner + bc),
        c.ssm.ptr, layer.aLog, layer.dSkip, layer.dtBias, shape, m_dtype));
    void* yNorm = allocate("y_norm", bytes(tokens * inner));
    check(m_context.gatedRmsNorm(yNorm, y, zxbcdt, layer.inProjWidth, layer.ssmNorm, tokens, inner,
        inner / layer.ssmGroups, m_spec.normEps, false, m_dtype));
    void* o = linear("o", yNorm, tokens, layer.outProj);
    for (void* t : { x, zxbcdt, xbc, y, yNorm })
        release(t);
    check(m_context.add(h, o, static_cast<std::uint64_t>(tokens * m_hidden), m_dtype));
    release(o);
}

void DecoderWorkload::mambaMixer(std::size_t l, void* x, void* h, std::int64_t queries)
{
    // DECODER.md "The Mamba mixer": xz = [x | z], ssm_params = [dt | B | C], each part read as a column slice.
    const Layer& layer = m_layers[l];
    StateCache& c = m_states[l];
    const std::int64_t tokens = m_sequences * queries;
    const std::int64_t inner = layer.ssmInner;
    const std::int64_t n = layer.ssmStateSize;
    const std::int64_t rank = layer.dtRank;
    const std::int64_t params = rank + 2 * n;
    void* xz = linear("xz", x, tokens, layer.inProj);
    void* xc = allocate("xc", bytes(tokens * inner));
    check(m_context.causalConv1d(xc, xz, layer.inProjWidth, c.conv.ptr, layer.convWeight, layer.convBias, m_sequences,
        queries, inner, layer.convKernel, m_dtype));
    void* ssmParams = linear("ssm_params", xc, tokens, layer.xProj);
    auto* columns = static_cast<unsigned char*>(ssmParams);
    // dt, B and C: each copied out of ssm_params, then normalised in place by its own norm.
    const auto normed = [&](const char* name, std::int64_t first, std::int64_t width, const void* weight) {
        void* t = allocate(name, bytes(tokens * width));
        check(m_context.copyColumns(t, columns + bytes(first), tokens, width, params, m_dtype));
        check(m_context.rmsNorm(t, t, weight, tokens, width, m_spec.normEps, m_normOffset, m_dtype));
        return t;
    };
    void* dt = normed("dt", 0, rank, layer.dtNorm);
    void* bIn = normed("B", rank, n, layer.bNorm);
    void* cIn = normed("C", rank + n, n, layer.cNorm);
    Linear dtProj = layer.dtProj; // without its bias: the scan adds it inside the softplus
    dtProj.bias = nullptr;
    void* delta = linear("delta", dt, tokens, dtProj);
    void* y = allocate("y", bytes(tokens * inner));
    device::SelectiveScanShape shape;
    shape.batch = m_sequences;
    shape.seq = queries;
    shape.channels = inner;
    shape.stateSize = n;
    shape.xStride = inner;
    shape.dtStride = inner;
    shape.zStride = layer.inProjWidth;
    shape.bcStride = n;
    check(m_context.selectiveScan(y, xc, delta, bIn, cIn, static_cast<unsigned char*>(xz) + bytes(inner), c.ssm.ptr,
        layer.aLog, layer.dSkip, layer.dtProj.bias, shape, m_dtype));
    void* o = linear("o", y, tokens, layer.outProj);
    for (void* t : { x, xz, xc, ssmParams, dt, bIn, cIn, delta, y })
        release(t);
    check(m_context.add(h, o, static_cast<std::uint64_t>(tokens * m_hidden), m_dtype));
    release(o);
}

void DecoderWorkload::deltaNet(std::size_t l, void* x, void* h, std::int64_t queries)
{
    // DECODER.md "The gated DeltaNet mixer": qkvz = [q | k | v | z], ba = [b | a], read as column slices.
    const Layer& layer = m_layers[l];
    StateCache& c = m_states[l];
    const std::int64_t tokens = m_sequences * queries;
    const std::int64_t keys = layer.deltaKeyHeads * layer.deltaKeyDim; // Kd
    const std::int64_t heads = layer.ssmHeads; // Hv
    void* qkvz = linear("qkvz", x, tokens, layer.inProj);
    void* ba = linear("ba", x, tokens, layer.baProj);
    void* qkv = allocate("qkv", bytes(tokens * layer.convChannels));
    check(m_context.causalConv1d(qkv, qkvz, layer.inProjWidth, c.conv.ptr, layer.convWeight, layer.convBias,
        m_sequences, queries, layer.convChannels, layer.convKernel, m_dtype));
    // beta and g: PyTorch's bytes; the rule's kernel computes both from b and a itself.
    const auto gates = static_cast<std::uint64_t>(tokens * heads);
    void* beta = allocate("beta", bytes(tokens * heads));
    check(m_context.fill(beta, gates, m_dtype, 0.0f));
    void* g = allocate("g", sizeof(float) * gates);
    check(m_context.fill(g, gates, DType::Float32, 0.0f));
    void* core = allocate("core", bytes(tokens * layer.ssmInner));
    device::DeltaShape shape;
    shape.batch = m_sequences;
    shape.seq = queries;
    shape.keyHeads = layer.deltaKeyHeads;
    shape.keyDim = layer.deltaKeyDim;
    shape.valueHeads = heads;
    shape.valueDim = layer.ssmHeadDim;
    shape.qkvStride = layer.convChannels;
    shape.abStride = 2 * heads;
    auto* rows = static_cast<unsigned char*>(qkv);
    auto* gateRows = static_cast<unsigned char*>(ba);
    check(m_context.gatedDeltaRule(core, rows, rows + bytes(keys), rows + bytes(2 * keys), gateRows,
        gateRows + bytes(heads), c.ssm.ptr, layer.aLog, layer.dtBias, shape, m_dtype));
    void* y = allocate("y", bytes(tokens * layer.ssmInner));
    check(m_context.gatedRmsNorm(y, core, static_cast<unsigned char*>(qkvz) + bytes(layer.convChannels),
        layer.inProjWidth, layer.ssmNorm, tokens, layer.ssmInner, layer.ssmHeadDim, m_spec.normEps, true, m_dtype));
    void* o = linear("o", y, tokens, layer.outProj);
    for (void* t : { x, qkvz, ba, qkv, beta, g, core, y })
        release(t);
    check(m_context.add(h, o, static_cast<std::uint64_t>(tokens * m_hidden), m_dtype));
    release(o);
}

void DecoderWorkload::prepareStates()
{
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const Layer& layer = m_layers[l];
        if (!layer.state && !layer.delta && !layer.mamba)
            continue;
        StateCache& c = m_states[l];
        const auto conv = static_cast<std::uint64_t>(m_sequences * layer.convChannels * layer.convKernel);
        // Mamba2: [B, Hs, Ds, N]; gated DeltaNet: [B, Hv, Dk, Dv]; Mamba: [B, Is, N]
        const std::int64_t perSequence = layer.mamba
            ? layer.ssmInner * layer.ssmStateSize
            : layer.ssmHeads * layer.ssmHeadDim * (layer.delta ? layer.deltaKeyDim : layer.ssmStateSize);
        const auto ssm = static_cast<std::uint64_t>(m_sequences * perSequence);
        if (!c.conv.ptr) {
            c.conv = allocateHeld(bytes(static_cast<std::int64_t>(conv)), alloc::Owner::KvCache);
            c.ssm = allocateHeld(bytes(static_cast<std::int64_t>(ssm)), alloc::Owner::KvCache);
        }
        check(m_context.fill(c.conv.ptr, conv, m_dtype, 0.0f));
        check(m_context.fill(c.ssm.ptr, ssm, m_dtype, 0.0f));
    }
}

void DecoderWorkload::prefill()
{
    if (!m_loaded || !m_inputIds.ptr)
        throw PhaseFailure { Status::error("a prefill needs model_load and inputs first") };
    if (m_spec.cache == KvCacheKind::Static) {
        for (std::size_t l = 0; l < m_caches.size(); ++l) {
            if (!m_layers[l].attention)
                continue;
            KvCache& c = m_caches[l];
            const std::int64_t rows = m_sequences * m_layers[l].capacity * m_layers[l].kvHeads;
            if (!c.key.ptr) {
                c.key = allocateHeld(bytes(rows * m_layers[l].headDim), alloc::Owner::KvCache);
                c.value = allocateHeld(bytes(rows * m_layers[l].valueHeadDim), alloc::Owner::KvCache);
                c.rows = m_layers[l].capacity;
            }
        }
    }
    prepareStates();
    // From here the caches hold this generation (a failure half-way leaves them to be released by the next).
    m_generating = true;
    m_position = m_prompt;
    const std::int64_t tokens = m_sequences * m_prompt;
    void* h = embed(m_inputIds.ptr, tokens, m_prompt, 0);
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerForward(l, h, m_prompt, 0, true);
    void* hn = norm("hn", h, m_finalNorm, tokens);
    release(h);
    void* last = allocate("last", bytes(m_sequences * m_hidden));
    check(m_context.sliceTokens(last, hn, m_sequences, m_prompt, m_hidden, m_prompt - 1, m_dtype));
    release(hn);
    void* logits = linear("logits", last, m_sequences, m_lmHead, alloc::Owner::Logits);
    release(last);
    m_nextIds = allocate("next_ids", kIdBytes * static_cast<std::uint64_t>(m_sequences));
    check(m_context.argmaxRows(m_nextIds, logits, m_sequences, m_vocab, m_dtype));
    release(logits);
}

void DecoderWorkload::decodeStep()
{
    const std::int64_t p = m_position;
    void* h = embed(m_nextIds, m_sequences, 1, p);
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerForward(l, h, 1, p, false);
    void* hn = norm("hn", h, m_finalNorm, m_sequences);
    release(h);
    void* logits = linear("logits", hn, m_sequences, m_lmHead, alloc::Owner::Logits);
    release(hn);
    void* next = allocate("next_ids", kIdBytes * static_cast<std::uint64_t>(m_sequences));
    check(m_context.argmaxRows(next, logits, m_sequences, m_vocab, m_dtype));
    release(m_nextIds);
    m_nextIds = next;
    release(logits);
    m_position = p + 1;
}

std::optional<protocol::PhaseRouting> DecoderWorkload::takeRouting()
{
    std::optional<protocol::PhaseRouting> out = std::move(m_routing);
    m_routing.reset();
    return out;
}

void DecoderWorkload::releaseGeneration()
{
    if (!m_generating)
        return;
    if (m_nextIds) {
        release(m_nextIds);
        m_nextIds = nullptr;
    }
    for (std::size_t l = 0; l < m_caches.size(); ++l) {
        KvCache& c = m_caches[l];
        switch (m_spec.cache) {
        case KvCacheKind::Dynamic:
            freeHeld(c.key);
            freeHeld(c.value);
            c.rows = 0;
            break;
        case KvCacheKind::Paged:
            for (KvBlock& block : c.blocks)
                freeHeld(block.buffer);
            c.blocks.clear();
            std::fill(c.hostKeys.begin(), c.hostKeys.end(), 0);
            std::fill(c.hostValues.begin(), c.hostValues.end(), 0);
            break;
        case KvCacheKind::Static: {
            const auto rows = static_cast<std::uint64_t>(m_sequences * m_layers[l].capacity * m_layers[l].kvHeads);
            if (c.key.ptr)
                check(m_context.fill(c.key.ptr, rows * m_layers[l].headDim, m_dtype, 0.0f));
            if (c.value.ptr)
                check(m_context.fill(c.value.ptr, rows * m_layers[l].valueHeadDim, m_dtype, 0.0f));
            break;
        }
        }
    }
    m_generating = false;
    m_position = m_prompt;
}

device::Status DecoderWorkload::writeNoCache()
{
    if (m_spec.cache != KvCacheKind::Dynamic || m_generated > 0 || m_generating)
        return Status::error("a prefill without a cache needs a dynamic cache, no decode and no prefill before it");
    m_noCache = true;
    return Status::success();
}

device::Status DecoderWorkload::releaseAfterForward()
{
    if (m_spec.cache != KvCacheKind::Dynamic)
        return Status::error("the decoder's forward is released after a dynamic cache only");
    try {
        releaseGeneration();
        freeHeld(m_inputIds);
    } catch (const PhaseFailure& failure) {
        return failure.status;
    }
    return Status::success();
}

// --- inventory ----------------------------------------------------------------------------------------------

std::vector<HeldTensor> DecoderWorkload::heldTensors() const
{
    std::vector<std::pair<std::uint64_t, HeldTensor>> held;
    auto add = [&held](const Buffer& b, std::string name, const char* role) {
        if (b.ptr)
            held.push_back({ b.order, HeldTensor { std::move(name), b.bytes, role } });
    };
    for (const Weight& w : m_weights)
        add(w.buffer, w.name, "weights");
    add(m_inputIds, "input_ids", "inputs");
    add(m_labels, "labels", "inputs");
    add(m_evalIds, "eval_input_ids", "inputs");
    add(m_evalLabels, "eval_labels", "inputs");
    static constexpr std::array<const char*, 2> kAdamStates = { ".exp_avg", ".exp_avg_sq" };
    static constexpr std::array<const char*, 4> k8bitStates = { ".state1", ".state2", ".absmax1", ".absmax2" };
    for (const Parameter& p : m_params) {
        add(p.grad, p.name + ".grad", "gradients");
        add(p.master, p.name + ".master", "optimizer");
        for (std::size_t i = 0; i < p.states.size(); ++i)
            add(p.states[i], p.name + (p.states.size() == 2 ? kAdamStates[i % 2] : k8bitStates[i % 4]), "optimizer");
    }
    for (std::size_t l = 0; l < m_caches.size(); ++l) {
        const KvCache& c = m_caches[l];
        const std::string p = "kv." + std::to_string(l) + ".";
        add(c.keyTable, p + "key_table", "kv_cache");
        add(c.valueTable, p + "value_table", "kv_cache");
        add(c.key, p + "key", "kv_cache");
        add(c.value, p + "value", "kv_cache");
        for (const KvBlock& b : c.blocks)
            add(b.buffer,
                p + (b.value ? "value_block." : "key_block.") + std::to_string(b.sequence) + "."
                    + std::to_string(b.slot),
                "kv_cache");
    }
    for (std::size_t l = 0; l < m_states.size(); ++l) {
        add(m_states[l].conv, "state." + std::to_string(l) + ".conv", "kv_cache");
        add(m_states[l].ssm, "state." + std::to_string(l) + ".ssm", "kv_cache");
    }
    for (const Transient& t : m_live)
        add(t.buffer, t.name,
            t.owner == alloc::Owner::Gradient             ? "gradients"
                : t.owner == alloc::Owner::OptimizerState ? "optimizer"
                                                          : "activations");
    std::sort(held.begin(), held.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<HeldTensor> out;
    out.reserve(held.size());
    for (auto& h : held)
        out.push_back(std::move(h.second));
    return out;
}

} // namespace iteragpu::workloads
