// SPDX-License-Identifier: Apache-2.0
// Predictor benchmarks (plain main, std::chrono, median of several runs; never part of ctest): predictDecoder,
// the whole replay of a run's tensor list through the caching allocator on an address-only device, for
//  1. Llama-2-7B (32 layers, hidden 4096, 32 heads, 32 KV heads, intermediate 11008, vocab 32000), bf16,
//     4096 prompt tokens x 4 sequences, 256 generated, dynamic / static / paged cache, sdpa and eager;
//  2. a 70B shape (80 layers, hidden 8192, 64 heads, 8 KV heads, intermediate 28672, vocab 32000), the same run;
//  3. predictDecoderTraining, the decoder's training step (the same replay, every forward, loss, backward and
//     optimizer tensor): Llama-2-7B and the 70B shape, 2 x 2048 tokens, LoRA (q, v, rank 8) with and without
//     checkpointing, QLoRA on nf4, and the full fine-tune with AdamW, 4 micro-batches accumulated;
//  4. the dense network's predictWorkload, for comparison (the replay it shares).
// Each configuration keeps the default warm-up (3 warm prefills) and repeats (5), as `iteragpu measure` does.
#include "llamashape.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/decoderpredictor.h"
#include "core/workloads/decodertrainingpredictor.h"
#include "core/workloads/densepredictor.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace iteragpu;
using Clock = std::chrono::steady_clock;

namespace {

double medianMilliseconds(int runs, const std::function<void()>& f)
{
    std::vector<double> t;
    t.reserve(runs);
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        f();
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

protocol::RunConfig decoderRun(const model::ModelShape& shape, protocol::KvCacheKind cache, protocol::AttentionKind attention)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    protocol::DecoderSpec d;
    d.shape = shape;
    d.storage = protocol::WeightStorage::BFloat16;
    d.promptTokens = 4096;
    d.sequences = 4;
    d.generated = 256;
    d.cache = cache;
    d.attention = attention;
    c.decoder = d;
    return c;
}

protocol::RunConfig trainingRun(const model::ModelShape& shape, training::Method method, bool checkpointing)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.mode = protocol::Mode::Training;
    c.dtype = device::DType::BFloat16;
    protocol::DecoderSpec d;
    d.shape = shape;
    d.storage = method == training::Method::Qlora ? protocol::WeightStorage::Nf4 : protocol::WeightStorage::BFloat16;
    training::TrainingRecipe r;
    r.method = method;
    r.microBatch = 2;
    r.sequenceLength = 2048;
    r.checkpointing = checkpointing;
    if (method == training::Method::Full)
        r.gradAccum = 4;
    d.training = r;
    c.decoder = d;
    return c;
}

void report(const char* label, const protocol::RunConfig& config, int runs)
{
    workloads::WorkloadPrediction last;
    const bool training = config.decoder && config.decoder->training;
    const double ms = medianMilliseconds(runs, [&] {
        last = training ? workloads::predictDecoderTraining(config) : workloads::predictDecoder(config);
    });
    if (!last.error.empty()) {
        std::printf("%-44s error: %s\n", label, last.error.c_str());
        return;
    }
    std::uint64_t peak = 0;
    for (const auto& p : last.phases)
        peak = std::max(peak, p.peakAllocated);
    std::printf("%-44s %9.1f ms   %zu phases, peak allocated %.2f GiB\n", label, ms, last.phases.size(),
        static_cast<double>(peak) / (1024.0 * 1024.0 * 1024.0));
}

} // namespace

int main()
{
    using protocol::AttentionKind;
    using protocol::KvCacheKind;
    const auto llama7b = llamaShape(32, 4096, 32, 32, 11008);
    const auto llama70b = llamaShape(80, 8192, 64, 8, 28672);
    std::printf("predictDecoder, 4096 prompt tokens x 4 sequences, 256 generated, bf16, median:\n");
    report("7B  dynamic sdpa", decoderRun(llama7b, KvCacheKind::Dynamic, AttentionKind::Sdpa), 9);
    report("7B  dynamic eager", decoderRun(llama7b, KvCacheKind::Dynamic, AttentionKind::Eager), 9);
    report("7B  static sdpa", decoderRun(llama7b, KvCacheKind::Static, AttentionKind::Sdpa), 9);
    report("7B  paged sdpa", decoderRun(llama7b, KvCacheKind::Paged, AttentionKind::Sdpa), 9);
    auto chunked = decoderRun(llama7b, KvCacheKind::Dynamic, AttentionKind::Sdpa);
    chunked.decoder->decodeChunk = 1;
    report("7B  dynamic sdpa, 256 decode records", chunked, 9);
    auto async = decoderRun(llama7b, KvCacheKind::Dynamic, AttentionKind::Sdpa);
    async.allocator = protocol::AllocatorKind::Async;
    report("7B  dynamic sdpa, async pool", async, 9);
    report("70B dynamic sdpa", decoderRun(llama70b, KvCacheKind::Dynamic, AttentionKind::Sdpa), 5);
    report("70B paged eager", decoderRun(llama70b, KvCacheKind::Paged, AttentionKind::Eager), 5);

    std::printf("predictDecoderTraining, 2 x 2048 tokens, bf16 (QLoRA: nf4), default warm-up and repeats, median:\n");
    using training::Method;
    report("7B  LoRA q,v r8", trainingRun(llama7b, Method::Lora, false), 9);
    report("7B  LoRA q,v r8, checkpointing", trainingRun(llama7b, Method::Lora, true), 9);
    report("7B  QLoRA nf4, checkpointing", trainingRun(llama7b, Method::Qlora, true), 9);
    report("7B  full AdamW, 4 accumulated", trainingRun(llama7b, Method::Full, false), 5);
    report("70B LoRA q,v r8, checkpointing", trainingRun(llama70b, Method::Lora, true), 5);

    protocol::RunConfig dense;
    dense.batch = 8;
    dense.context = 2048;
    dense.width = 4096;
    const double denseMs = medianMilliseconds(51, [&] { (void)workloads::predictWorkload(dense); });
    std::printf("%-44s %9.3f ms\n", "dense network predictWorkload", denseMs);
    return 0;
}
