// SPDX-License-Identifier: Apache-2.0
// Sizing benchmarks (plain main, std::chrono, median of many runs; never part of ctest):
//  1. a full re-estimate of a 7B model from its parsed config (weights, KV cache, training, phases), the work the
//     GUI does on every keystroke, plus the fit verdicts against a 12-card catalog;
//  2. the largest-context binary search on one card;
//  3. reading the headers of a synthetic 30-shard model.safetensors.index.json (sparse data areas, headers only);
//  4. models described by their layers: reading DeepSeek-V3's and Qwen3-Next's config.json, a full re-estimate
//     of each with a KV cache (MLA, gated DeltaNet state), and the largest config a reader accepts (100 000
//     layers, each named in layer_types and mlp_only_layers).
#include "core/model/configreader.h"
#include "core/model/safetensorsreader.h"
#include "core/sizing/attentionimpl.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/sizingengine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

using namespace iteragpu;
using Clock = std::chrono::steady_clock;

namespace {

double medianMicroseconds(int runs, const std::function<void()>& f)
{
    std::vector<double> t;
    t.reserve(runs);
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        f();
        t.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

const char* kLlama2Config = R"({"model_type":"llama","hidden_size":4096,"intermediate_size":11008,
"num_attention_heads":32,"num_hidden_layers":32,"num_key_value_heads":32,"vocab_size":32000,
"tie_word_embeddings":false,"torch_dtype":"float16"})";

void writeShard(const std::filesystem::path& path, int shard, int tensorsPerShard, nlohmann::json& weightMap)
{
    nlohmann::json header;
    header["__metadata__"] = { { "format", "pt" } };
    std::uint64_t offset = 0;
    for (int t = 0; t < tensorsPerShard; ++t) {
        const std::string name = "model.layers." + std::to_string(shard) + ".block." + std::to_string(t) + ".weight";
        const std::uint64_t rows = 4096, cols = 1024;
        const std::uint64_t bytes = rows * cols * 2;
        header[name]
            = { { "dtype", "BF16" }, { "shape", { rows, cols } }, { "data_offsets", { offset, offset + bytes } } };
        offset += bytes;
        weightMap[name] = path.filename().string();
    }
    const std::string text = header.dump();
    {
        std::ofstream out(path, std::ios::binary);
        std::uint64_t n = text.size();
        for (int i = 0; i < 8; ++i, n >>= 8)
            out.put(static_cast<char>(n & 0xff));
        out << text;
    }
    // The data area exists only as a sparse hole: nothing is written, nothing is read.
    std::filesystem::resize_file(path, 8 + text.size() + offset);
}

} // namespace

int main()
{
    // 1. Full re-estimate from parsed data.
    sizing::SizingRequest request;
    request.shape = model::ConfigReader::parse(kLlama2Config, "llama-2-7b");
    request.weights.format = sizing::WeightFormat::NF4;
    sizing::KvCacheOptions kv;
    kv.promptTokens = 8192;
    kv.generatedTokens = 512;
    kv.sequences = 4;
    request.kvCache = kv;
    sizing::TrainingOptions training;
    training.mode = sizing::TrainingMode::LoRA;
    training.evalBatch = 4;
    request.training = training;
    request.reserve = sizing::Reserve::typed(2, units::Unit::GiB);
    std::uint64_t sink = 0;
    const double estimateUs
        = medianMicroseconds(20000, [&] { sink += sizing::SizingEngine::estimate(request).total(); });
    std::vector<sizing::GpuCard> cards;
    for (int i = 0; i < 12; ++i) {
        sizing::GpuCard card;
        card.id = "c" + std::to_string(i);
        card.name = "card";
        card.vendor = "v";
        card.reportedBytes = (16ULL + 16 * i) << 30;
        cards.push_back(card);
    }
    const double verdictsUs
        = medianMicroseconds(5000, [&] { sink += sizing::FitAnalyzer::verdicts(request, cards).size(); });
    const double contextUs
        = medianMicroseconds(500, [&] { sink += sizing::FitAnalyzer::largestContext(request, cards[4]).value_or(0); });

    // 2. Headers of a 30-shard index.
    const auto dir
        = std::filesystem::temp_directory_path() / ("iteragpu-bench-" + std::to_string(std::random_device {}()));
    std::filesystem::create_directories(dir);
    nlohmann::json index;
    index["metadata"] = { { "total_size", 0 } };
    constexpr int kShards = 30;
    constexpr int kTensorsPerShard = 20;
    for (int s = 1; s <= kShards; ++s) {
        char name[64];
        std::snprintf(name, sizeof name, "model-%05d-of-%05d.safetensors", s, kShards);
        writeShard(dir / name, s, kTensorsPerShard, index["weight_map"]);
    }
    const auto indexPath = dir / "model.safetensors.index.json";
    std::ofstream(indexPath) << index.dump();
    model::SafetensorsSummary summary;
    const double indexUs = medianMicroseconds(200, [&] { summary = model::SafetensorsReader::readIndex(indexPath); });
    std::filesystem::remove_all(dir);

    // 4. Per-layer models.
    const std::string models = std::string(ITERAGPU_BENCH_DATA) + "/models/";
    model::ModelShape v3, next;
    const double readV3Us = medianMicroseconds(500, [&] { v3 = model::ConfigReader::readFile(models + "deepseek-v3/config.json"); });
    const double readNextUs
        = medianMicroseconds(500, [&] { next = model::ConfigReader::readFile(models + "qwen3-next-80b-a3b/config.json"); });
    const auto perLayer = [](const model::ModelShape& shape) {
        sizing::SizingRequest r;
        r.shape = shape;
        sizing::KvCacheOptions kv;
        kv.promptTokens = 32768;
        kv.sequences = 8;
        r.kvCache = kv;
        r.attention = sizing::AttentionImpl::Sdpa;
        return r;
    };
    const auto v3Request = perLayer(v3), nextRequest = perLayer(next);
    const double estimateV3Us = medianMicroseconds(2000, [&] { sink += sizing::SizingEngine::estimate(v3Request).total(); });
    const double estimateNextUs
        = medianMicroseconds(2000, [&] { sink += sizing::SizingEngine::estimate(nextRequest).total(); });
    nlohmann::json huge = { { "model_type", "qwen3_moe" }, { "hidden_size", 64 }, { "num_hidden_layers", 100000 },
        { "num_attention_heads", 4 }, { "num_key_value_heads", 2 }, { "head_dim", 16 }, { "intermediate_size", 128 },
        { "moe_intermediate_size", 32 }, { "num_experts", 8 }, { "num_experts_per_tok", 2 }, { "vocab_size", 100 },
        { "sliding_window", 64 }, { "max_window_layers", 0 } };
    huge["layer_types"] = nlohmann::json::array();
    huge["mlp_only_layers"] = nlohmann::json::array();
    for (int i = 0; i < 100000; ++i) {
        huge["layer_types"].push_back(i % 2 ? "sliding_attention" : "full_attention");
        huge["mlp_only_layers"].push_back(i);
    }
    const std::string hugeText = huge.dump();
    const double hugeUs = medianMicroseconds(20, [&] {
        const auto shape = model::ConfigReader::parse(hugeText, "huge.json");
        sink += shape.parameters().total;
    });

    std::printf("bench_sizing (median of many runs)\n");
    std::printf("  full re-estimate, Llama-2-7B NF4 + KV + LoRA training: %10.2f us  (20000 runs)\n", estimateUs);
    std::printf("  fit verdicts against 12 cards (one estimate):          %10.2f us  (5000 runs)\n", verdictsUs);
    std::printf("  largest context, binary search:                        %10.2f us  (500 runs)\n", contextUs);
    std::printf("  30-shard index headers (%zu tensors, %llu GB declared): %10.2f us  (200 runs)\n",
        summary.tensors.size(), static_cast<unsigned long long>(summary.totalBytes / 1000000000ULL), indexUs);
    std::printf("  read DeepSeek-V3 config.json (61 layers, MLA, MoE):    %10.2f us  (500 runs)\n", readV3Us);
    std::printf("  read Qwen3-Next config.json (48 layers, DeltaNet):     %10.2f us  (500 runs)\n", readNextUs);
    std::printf("  re-estimate DeepSeek-V3, 8 x 32 768 tokens, per layer: %10.2f us  (2000 runs)\n", estimateV3Us);
    std::printf("  re-estimate Qwen3-Next, 8 x 32 768 tokens, with state: %10.2f us  (2000 runs)\n", estimateNextUs);
    std::printf("  read + count a 100 000-layer config (%zu KB):         %10.2f us  (20 runs)\n", hugeText.size() / 1000,
        hugeUs);
    return sink == 0 ? 1 : 0;
}
