// SPDX-License-Identifier: Apache-2.0
#include "core/engines/vllmkvlayout.h"

#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace iteragpu::engines {

namespace {

    constexpr const char* kWhat = "vLLM KV cache";

    std::uint64_t cdiv(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

} // namespace

std::uint64_t VllmKvLayout::Spec::maxMemory(std::uint64_t maxModelLen, std::uint64_t maxNumBatchedTokens) const
{
    using namespace units::checked;
    switch (kind) {
    case Layer::Kind::Full:
    case Layer::Kind::Latent:
        return mul(cdiv(maxModelLen, blockSize), pageBytes, kWhat);
    case Layer::Kind::Sliding: {
        // +1: the window need not start at a block's beginning (SlidingWindowSpec.max_memory_usage_bytes).
        const std::uint64_t tokens = std::min(add(window - 1, maxNumBatchedTokens, kWhat), maxModelLen);
        return mul(cdiv(tokens, blockSize) + 1, pageBytes, kWhat);
    }
    case Layer::Kind::Chunked: {
        const std::uint64_t tokens = std::min(add(window, maxNumBatchedTokens, kWhat), maxModelLen);
        return mul(cdiv(tokens, blockSize), pageBytes, kWhat);
    }
    }
    return 0;
}

VllmKvLayout VllmKvLayout::build(const std::vector<Layer>& layers, std::uint64_t blockSize)
{
    using namespace units::checked;
    if (layers.empty())
        throw units::InputError("vLLM: the model has no attention layer to cache");
    if (blockSize == 0)
        throw units::InputError("--block-size must be greater than zero");
    VllmKvLayout out;
    out.m_layers = layers;
    out.m_blockSize = blockSize;
    for (const auto& l : layers) {
        if (l.bytesPerToken == 0)
            throw units::InputError("vLLM: a layer caches no bytes per token");
        if ((l.kind == Layer::Kind::Sliding || l.kind == Layer::Kind::Chunked) && l.window == 0)
            throw units::InputError("vLLM: a sliding or chunked layer has no window");
        out.m_layerSpecs.push_back({ l.kind, l.window, blockSize, mul(blockSize, l.bytesPerToken, kWhat) });
    }
    // Specs by (kind, window, page), in the model's order of first appearance.
    using Key = std::tuple<int, std::uint64_t, std::uint64_t>;
    std::vector<Key> order;
    std::map<Key, std::vector<std::uint64_t>> byKey;
    for (std::uint64_t i = 0; i < out.m_layerSpecs.size(); ++i) {
        const auto& s = out.m_layerSpecs[i];
        const Key key { int(s.kind), s.window, s.pageBytes };
        if (!byKey.count(key))
            order.push_back(key);
        byKey[key].push_back(i);
    }
    if (order.size() == 1) { // is_kv_cache_spec_uniform
        out.m_groups.push_back({ out.m_layerSpecs.front(), byKey.begin()->second });
        return out;
    }
    // One kind and window, pages differing (UniformTypeKVCacheSpecs): one group, per-layer pages.
    const bool oneKind = std::all_of(order.begin(), order.end(), [&](const Key& k) {
        return std::get<0>(k) == std::get<0>(order.front()) && std::get<1>(k) == std::get<1>(order.front());
    });
    if (oneKind) {
        Group g { out.m_layerSpecs.front(), {} };
        for (std::uint64_t i = 0; i < layers.size(); ++i)
            g.layers.push_back(i);
        out.m_groups.push_back(std::move(g));
        out.m_uniformType = true;
        return out;
    }
    // Mixed kinds: unify the pages (unify_kv_cache_spec_page_size), then group (the hybrid allocator).
    std::uint64_t maxPage = 0;
    for (const auto& s : out.m_layerSpecs)
        maxPage = std::max(maxPage, s.pageBytes);
    std::vector<Spec> unified = out.m_layerSpecs;
    for (auto& s : unified) {
        if (maxPage % s.pageBytes != 0)
            throw units::InputError("vLLM cannot start this model: \"The page size of the layer is not divisible by "
                                    "the maximum page size. Cannot unify by adjusting block_size.\"");
        s.blockSize = mul(s.blockSize, maxPage / s.pageBytes, kWhat);
        s.pageBytes = maxPage;
    }
    std::vector<std::tuple<int, std::uint64_t, std::uint64_t>> kinds; // (kind, window, block) in order
    std::map<std::tuple<int, std::uint64_t, std::uint64_t>, std::vector<std::uint64_t>> sameType;
    for (std::uint64_t i = 0; i < unified.size(); ++i) {
        const auto key = std::make_tuple(int(unified[i].kind), unified[i].window, unified[i].blockSize);
        if (!sameType.count(key))
            kinds.push_back(key);
        sameType[key].push_back(i);
    }
    std::uint64_t minLayers = UINT64_MAX, maxLayers = 0;
    for (const auto& [key, list] : sameType) {
        minLayers = std::min<std::uint64_t>(minLayers, list.size());
        maxLayers = std::max<std::uint64_t>(maxLayers, list.size());
    }
    // 1.5: vLLM's heuristic (gpt-oss-20b + eagle: 12 sw + 13 full are padded to 13 + 13).
    const std::uint64_t groupSize = double(maxLayers) < double(minLayers) * 1.5 ? maxLayers : minLayers;
    for (const auto& key : kinds) {
        const auto& list = sameType[key];
        const std::uint64_t numGroups = cdiv(list.size(), groupSize);
        for (std::uint64_t g = 0; g < numGroups; ++g) {
            Group group { unified[list.front()], {} };
            for (std::uint64_t j = g; j < list.size(); j += numGroups) // layers[i::num_groups]
                group.layers.push_back(list[j]);
            out.m_groups.push_back(std::move(group));
        }
    }
    return out;
}

std::uint64_t VllmKvLayout::bytesPerRequest(
    std::uint64_t first, std::uint64_t last, std::uint64_t maxModelLen, std::uint64_t maxNumBatchedTokens) const
{
    using namespace units::checked;
    const auto inStage = [&](std::uint64_t i) { return i >= first && i < last; };
    if (m_uniformType) {
        std::uint64_t sum = 0;
        for (const auto i : m_groups.front().layers)
            if (inStage(i))
                sum = add(sum, m_layerSpecs[i].maxMemory(maxModelLen, maxNumBatchedTokens), kWhat);
        return sum;
    }
    std::uint64_t groupSize = 0, blocks = 0;
    const std::uint64_t page = m_groups.front().spec.pageBytes;
    for (const auto& g : m_groups) {
        const auto n = std::count_if(g.layers.begin(), g.layers.end(), inStage);
        groupSize = std::max<std::uint64_t>(groupSize, std::uint64_t(n));
        if (n > 0) // a group with no layer on this stage is not projected onto it
            blocks = add(blocks, cdiv(g.spec.maxMemory(maxModelLen, maxNumBatchedTokens), page), kWhat);
    }
    return mul({ groupSize, page, blocks }, kWhat);
}

VllmKvLayout::StageFigures VllmKvLayout::stage(std::uint64_t first, std::uint64_t last, std::uint64_t available,
    std::uint64_t maxModelLen, std::uint64_t maxNumBatchedTokens) const
{
    using namespace units::checked;
    StageFigures f;
    const auto inStage = [&](std::uint64_t i) { return i >= first && i < last; };
    std::uint64_t minBlock = UINT64_MAX;
    std::uint64_t groupsHere = 0;
    for (const auto& g : m_groups) {
        const auto n = std::uint64_t(std::count_if(g.layers.begin(), g.layers.end(), inStage));
        if (n == 0)
            continue;
        ++groupsHere;
        f.layersPerPool = std::max(f.layersPerPool, n);
        minBlock = std::min(minBlock, g.spec.blockSize);
    }
    if (groupsHere == 0)
        return f;
    f.groups = groupsHere;
    std::uint64_t maxMemorySum = 0; // over the groups' specs, as get_max_concurrency_for_kv_cache_config sums
    if (m_uniformType) {
        std::uint64_t pages = 0;
        for (const auto i : m_groups.front().layers)
            if (inStage(i)) {
                pages = add(pages, m_layerSpecs[i].pageBytes, kWhat);
                maxMemorySum = add(maxMemorySum, m_layerSpecs[i].maxMemory(maxModelLen, maxNumBatchedTokens), kWhat);
            }
        f.pageBytes = pages; // the group's page: every layer's page of one block
        f.numBlocks = available / pages;
        f.layersPerPool = 1; // one pool per layer, each sized by its own page
        f.tokens = f.numBlocks * m_blockSize;
        f.bytesPerRequest = maxMemorySum;
        f.maxConcurrency = double(f.numBlocks) / double(cdiv(maxMemorySum, pages));
        for (const auto i : m_groups.front().layers)
            if (inStage(i))
                f.tensorBytes.push_back(mul(m_layerSpecs[i].pageBytes, f.numBlocks, kWhat));
        return f;
    }
    f.pageBytes = m_groups.front().spec.pageBytes;
    f.numBlocks = available / f.pageBytes / f.layersPerPool;
    f.tokens = f.numBlocks / f.groups * minBlock;
    for (const auto& g : m_groups)
        if (std::any_of(g.layers.begin(), g.layers.end(), inStage))
            maxMemorySum = add(maxMemorySum, g.spec.maxMemory(maxModelLen, maxNumBatchedTokens), kWhat);
    const std::uint64_t perRequest = mul(f.layersPerPool, maxMemorySum, kWhat);
    const std::uint64_t perBlock = mul(f.pageBytes, f.layersPerPool, kWhat);
    f.maxConcurrency = double(f.numBlocks) / double(cdiv(perRequest, perBlock));
    f.bytesPerRequest = bytesPerRequest(first, last, maxModelLen, maxNumBatchedTokens);
    f.tensorBytes.assign(f.layersPerPool, mul(f.pageBytes, f.numBlocks, kWhat));
    return f;
}

} // namespace iteragpu::engines
