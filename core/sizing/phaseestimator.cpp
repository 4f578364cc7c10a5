// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/phaseestimator.h"

#include "core/sizing/inferenceactivations.h"
#include "core/sizing/kvcacheestimator.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/units/checkedmath.h"

#include <algorithm>
#include <tuple>

namespace iteragpu::sizing {

namespace {

    namespace checked = units::checked;
    using i18n::Arg;
    using i18n::Message;

    constexpr const char* kWhat = "phase estimate";
    constexpr std::uint64_t kTokenIdBytes = 4; // int32 input_ids and next-token ids
    constexpr std::uint64_t kTableEntryBytes = 8; // a paged cache's block address

    Arg g(std::uint64_t n) { return Arg::grouped(n); }

    bool plainCache(const KvCacheOptions& kv)
    {
        return kv.bytesPerElement || (kv.dtype != ScalarType::INT8 && kv.dtype != ScalarType::INT4);
    }

    std::uint64_t bytesPerElement(const KvCacheOptions& kv) { return kv.plainElementBytes(); }

    std::optional<std::uint64_t> layerWindow(const KvCacheOptions& kv, std::size_t layer)
    {
        if (!kv.layerWindows.empty() && layer < kv.layerWindows.size())
            return kv.layerWindows[layer];
        return kv.slidingWindow;
    }

    // A paged layer's ring: every block a full-attention layer reaches, or its window's blocks and one more.
    std::uint64_t ringBlocks(const KvCacheOptions& kv, std::size_t layer)
    {
        const std::uint64_t page = kv.pageTokens;
        const std::uint64_t all = checked::ceilDiv(checked::add(kv.promptTokens, kv.generatedTokens, kWhat), page);
        const auto window = layerWindow(kv, layer);
        return window ? std::min(all, checked::add(checked::ceilDiv(*window, page), 1, kWhat)) : all;
    }

    // Blocks a paged cache holds once `tokens` positions are written, summed over layers.
    std::uint64_t pagedBlocks(const KvCacheOptions& kv, std::uint64_t tokens)
    {
        std::uint64_t blocks = 0;
        for (std::size_t l = 0; l < kv.layers; ++l)
            blocks = checked::add(blocks, std::min(checked::ceilDiv(tokens, kv.pageTokens), ringBlocks(kv, l)), kWhat);
        return blocks;
    }

    // A paged cache of per-layer caches (Note [Per-layer cache]): each attention layer in whole blocks of its own
    // row, a windowed or chunked one keeping its window's blocks and one more; state layers are not paged.
    std::pair<std::uint64_t, std::uint64_t> pagedPerLayer(const KvCacheOptions& kv, std::uint64_t tokens)
    {
        const std::uint64_t page = kv.pageTokens;
        const std::uint64_t all = checked::ceilDiv(checked::add(kv.promptTokens, kv.generatedTokens, kWhat), page);
        std::uint64_t blocks = 0;
        std::uint64_t bytes = 0;
        for (const auto& c : kv.layerCaches) {
            if (c.kind == LayerCache::Kind::State || c.kind == LayerCache::Kind::None)
                continue;
            std::uint64_t ring = all;
            if (c.kind == LayerCache::Kind::Sliding || c.kind == LayerCache::Kind::Chunked)
                ring = std::min(all, checked::add(checked::ceilDiv(c.window, page), 1, kWhat));
            const std::uint64_t n = std::min(checked::ceilDiv(tokens, page), ring);
            blocks = checked::add(blocks, n, kWhat);
            bytes = checked::add(
                bytes, checked::mul({ n, page, c.elementsPerToken(), kv.sequences, bytesPerElement(kv) }, kWhat), kWhat);
        }
        return { blocks, bytes };
    }

    PhasePart part(std::string id, std::uint64_t bytes, Provenance provenance, Message note)
    {
        return PhasePart { std::move(id), bytes, provenance, true, std::move(note) };
    }

    void total(PhaseEstimate& p)
    {
        p.peakAllocated = 0;
        for (const auto& part : p.parts)
            if (part.inAllocator)
                p.peakAllocated = checked::add(p.peakAllocated, part.bytes, kWhat);
    }

} // namespace

const PhasePart* PhaseEstimate::find(const std::string& id) const
{
    for (const auto& p : parts)
        if (p.id == id)
            return &p;
    return nullptr;
}

std::uint64_t PhaseEstimate::bytesOf(const std::string& id) const
{
    const auto* p = find(id);
    return p ? p->bytes : 0;
}

// Note [Phase estimate]
// Each phase's peak allocated is what the estimate says is alive at the phase's largest moment:
//   model_load  weights
//   inputs      weights + input_ids (int32 [B, P]) + a paged cache's block tables (uint64 [B, ring] x 2 per layer)
//   prefill     weights + inputs + the KV cache the prefill holds + the prefill's largest stage + dequantization
//   decode      weights + inputs + the next-token ids + the whole KV cache + the last step's largest stage +
//               dequantization
// The KV cache of a prefill is the prompt's for a growing or paged cache (a paged one in whole blocks of
// pageTokens), a static cache's capacity; at the end of the decode it is the engine's kv_cache (paged: whole
// blocks, a windowed layer keeping its window's blocks and one more). The largest stage (Note [Inference working
// set]) splits into activations and, when it is the output, the logits; a growing cache's copy of one layer's key
// counts as KV cache. The workspace is a part outside the allocator (BlasWorkspace), never in peakAllocated.
std::vector<PhaseEstimate> PhaseEstimator::estimate(const SizingRequest& request, BlasBackend backend)
{
    if (request.training) {
        // A training step: the phases of the decoder's inventory (DecoderTrainingSizer), the math library's
        // workspace beside every phase that computes.
        if (!request.shape)
            throw SizingError("the per-phase estimate of a training step needs the model shape (a config.json or a "
                              "preset)");
        const Estimate e = SizingEngine::estimate(request);
        if (!e.trainingStep)
            throw SizingError("the per-phase estimate of a training step needs a model the decoder's training step "
                              "builds (see the estimate's assumptions)");
        std::vector<PhaseEstimate> phases = e.trainingStep->phases;
        for (auto& p : phases) {
            if (p.phase == "model_load" || p.phase == "inputs" || p.phase == "checkpoint_save")
                continue;
            PhasePart workspace
                = part("workspace", BlasWorkspace::bytes(backend), Provenance::Assumed, BlasWorkspace::assumption());
            workspace.inAllocator = false;
            p.parts.push_back(std::move(workspace));
        }
        return phases;
    }
    if (!request.shape)
        throw SizingError("the per-phase estimate needs the model shape (a config.json or a preset)");
    if (!request.kvCache)
        throw SizingError("the per-phase estimate needs the tokens and sequences of the KV cache");
    SizingRequest r = request;
    r.attention = request.attention.value_or(AttentionImpl::Sdpa);
    const Estimate e = SizingEngine::estimate(r);
    if (!e.kvCache || !e.inferenceActivations)
        throw SizingError("the per-phase estimate needs the inference activations of the model");
    const KvCacheOptions& kv = *e.kvCache;
    const InferenceActivationEstimate& a = *e.inferenceActivations;
    const std::uint64_t weights = e.bytesOf("weights");
    const Component* weightsComponent = e.find("weights");
    const std::uint64_t b = kv.sequences;
    const bool paged = kv.paged && !kv.staticCache && plainCache(kv);
    const std::uint64_t kvRowBytes = checked::mul({ 2, kv.kvHeads, kv.headDim, b }, kWhat); // per token, K and V

    // Inputs.
    const std::uint64_t inputIds = checked::mul({ b, kv.promptTokens, kTokenIdBytes }, kWhat);
    std::uint64_t tables = 0;
    if (paged)
        for (std::size_t l = 0; l < kv.layers; ++l)
            tables = checked::add(tables, checked::mul({ 2, kTableEntryBytes, b, ringBlocks(kv, l) }, kWhat), kWhat);
    const std::uint64_t inputs = checked::add(inputIds, tables, kWhat);
    const Message inputsNote = paged
        ? Message { //: %1 sequences, %2 prompt tokens, %3 bytes of the paged cache's block tables, %4 bytes
              ITERAGPU_TRANSLATE_NOOP("Assumption", "input_ids int32 [%1, %2] + block tables %3 bytes = %4 bytes"),
              { g(b), g(kv.promptTokens), g(tables), g(inputs) } }
        : Message { //: %1 sequences, %2 prompt tokens, %3 bytes
              ITERAGPU_TRANSLATE_NOOP("Assumption", "input_ids int32 [%1, %2] = %3 bytes"),
              { g(b), g(kv.promptTokens), g(inputs) } };

    // The KV cache a phase holds.
    auto kvHeld = [&](std::uint64_t tokens, bool whole) -> std::pair<std::uint64_t, Message> {
        if (paged) {
            std::uint64_t blocks = 0;
            std::uint64_t bytes = 0;
            if (!kv.layerCaches.empty()) {
                std::tie(blocks, bytes) = pagedPerLayer(kv, tokens);
            } else {
                blocks = pagedBlocks(kv, tokens);
                bytes = checked::mul({ blocks, kv.pageTokens, kvRowBytes, bytesPerElement(kv) }, kWhat);
            }
            return { bytes,
                { //: %1 blocks summed over layers, %2 tokens per block, %3 positions written, %4 bytes
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "paged: %1 blocks of %2 tokens over the layers for %3 positions, K and V = %4 "
                        "bytes"),
                    { g(blocks), g(kv.pageTokens), g(tokens), g(bytes) } } };
        }
        if (whole || kv.staticCache) {
            const std::uint64_t bytes = e.bytesOf("kv_cache");
            return { bytes,
                { //: %1 bytes
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "the whole KV cache = %1 bytes"), { g(bytes) } } };
        }
        KvCacheOptions prompt = kv;
        prompt.generatedTokens = 0;
        const std::uint64_t bytes = KvCacheEstimator::estimate(prompt).bytes;
        return { bytes,
            { //: %1 prompt tokens, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Assumption", "a growing cache holds the prompt's %1 tokens = %2 bytes"),
                { g(tokens), g(bytes) } } };
    };

    auto workingSet = [&](PhaseEstimate& p, const PassWorkingSet& pass, std::pair<std::uint64_t, Message> held) {
        p.peakStage = pass.stage;
        std::uint64_t logits = pass.stage == "output" ? pass.logits : 0;
        std::uint64_t copy = pass.stage == "cache_growth" ? pass.growthCopy : 0;
        if (copy > 0) {
            held.first = checked::add(held.first, copy, kWhat);
            held.second
                = { //: %1 bytes of the cache held, %2 bytes of one layer's key copied to grow by a row, %3 bytes
                      ITERAGPU_TRANSLATE_NOOP("Assumption",
                          "%1 bytes held + %2 bytes of one layer's key copied as it grows = "
                          "%3 bytes"),
                      { g(held.first - copy), g(copy), g(held.first) }
                  };
        }
        p.parts.push_back(part("kv_cache", held.first, Provenance::Computed, held.second));
        if (const std::uint64_t state = e.bytesOf("state_cache"); state > 0)
            p.parts.push_back(part("state_cache", state, Provenance::Computed,
                { //: %1 bytes
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "the recurrent layers' state, allocated with the cache = %1 bytes"),
                    { g(state) } }));
        p.parts.push_back(part("activations", pass.bytes - logits - copy, Provenance::Assumed,
            { //: %1 the largest stage (projections, attention, mixer, mlp, output, cache_growth)
                ITERAGPU_TRANSLATE_NOOP("Assumption", "largest stage of one layer: %1"), { pass.stage } }));
        if (logits > 0)
            p.parts.push_back(part("logits", logits, Provenance::Computed,
                { //: %1 sequences, %2 bytes
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "the last position's logits of %1 sequence(s) = %2 bytes"),
                    { g(pass.sequences), g(logits) } }));
        if (a.dequantization > 0)
            p.parts.push_back(part("dequantization", a.dequantization, Provenance::Assumed,
                { //: %1 output features, %2 input features, %3 bytes
                    ITERAGPU_TRANSLATE_NOOP(
                        "Assumption", "the largest quantized linear [%1 x %2] dequantized = %3 bytes"),
                    { g(a.dequantOut), g(a.dequantIn), g(a.dequantization) } }));
        PhasePart workspace
            = part("workspace", BlasWorkspace::bytes(backend), Provenance::Assumed, BlasWorkspace::assumption());
        workspace.inAllocator = false;
        p.parts.push_back(std::move(workspace));
    };

    const PhasePart weightsPart
        = part("weights", weights, e.computation.empty() ? Provenance::Computed : e.computation.front().provenance,
            weightsComponent ? weightsComponent->note : Message {});
    std::vector<PhaseEstimate> out;
    {
        PhaseEstimate p { "model_load", 0, {}, { weightsPart } };
        total(p);
        out.push_back(std::move(p));
    }
    {
        PhaseEstimate p { "inputs", 0, {}, { weightsPart, part("inputs", inputs, Provenance::Computed, inputsNote) } };
        total(p);
        out.push_back(std::move(p));
    }
    {
        PhaseEstimate p { "prefill", 0, {}, { weightsPart, part("inputs", inputs, Provenance::Computed, inputsNote) } };
        workingSet(p, a.prefill, kvHeld(kv.promptTokens, false));
        total(p);
        out.push_back(std::move(p));
    }
    if (a.decodes) {
        const std::uint64_t nextIds = checked::mul(b, kTokenIdBytes, kWhat);
        const std::uint64_t held = checked::add(inputs, nextIds, kWhat);
        PhaseEstimate p { "decode", 0, {},
            { weightsPart,
                part("inputs", held, Provenance::Computed,
                    { //: %1 bytes of the prompt's inputs, %2 sequences, %3 bytes
                        ITERAGPU_TRANSLATE_NOOP(
                            "Assumption", "%1 bytes of inputs + next-token ids int32 [%2] = %3 bytes"),
                        { g(inputs), g(b), g(held) } }) } };
        workingSet(p, a.decode, kvHeld(checked::add(kv.promptTokens, kv.generatedTokens, kWhat), true));
        total(p);
        out.push_back(std::move(p));
    }
    return out;
}

const PhaseEstimate* PhaseEstimator::forPhase(const std::vector<PhaseEstimate>& phases, const std::string& phaseName)
{
    const std::string name = phaseName.substr(0, phaseName.find('#'));
    const auto find = [&](const std::string& n) -> const PhaseEstimate* {
        for (const auto& p : phases)
            if (p.phase == n)
                return &p;
        return nullptr;
    };
    if (name == "warm_prefill")
        return find("prefill");
    if (name == "warmup") // warm prefills of an inference run, whole steps of a training run
        return find("prefill") ? find("prefill") : find("warm_step");
    return find(name);
}

} // namespace iteragpu::sizing
