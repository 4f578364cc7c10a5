// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/measureargs.h"

#include "core/units/units.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace iteragpu::sweep {

namespace {

    // The shortest text that reads back as the same double, in the C locale (std::to_chars).
    std::string exactDouble(double value)
    {
        std::array<char, 64> buffer {};
        const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
        return ec == std::errc() ? std::string(buffer.data(), end) : std::to_string(value);
    }

    void add(std::vector<std::string>& args, const char* option, std::string value)
    {
        args.emplace_back(option);
        args.push_back(std::move(value));
    }

    // The simulated device's options of config, for trials on sim:N devices; a one-line reason when one cannot be
    // carried exactly.
    std::string simArgs(const protocol::RunConfig& config, std::vector<std::string>& a)
    {
        if (!config.simCard.empty()) {
            add(a, "--sim-card", config.simCard); // the card's reported capacity applies
        } else if (config.simCapacityBytes) {
            // bytes / 2^30 is exact in a double for any capacity below 2^53 bytes, and reads back to the same bytes.
            if (*config.simCapacityBytes >= (std::uint64_t(1) << 53))
                return "the simulated capacity is beyond what --sim-capacity-gib carries exactly";
            add(a, "--sim-capacity-gib",
                exactDouble(static_cast<double>(*config.simCapacityBytes) / static_cast<double>(units::kGiB)));
        }
        for (const auto& [bytes, option] : { std::pair { config.simContextBytes, "--sim-context-mib" },
                 std::pair { config.simWorkspaceBytes, "--sim-workspace-mib" } }) {
            if (!bytes)
                continue;
            if (*bytes % units::kMiB != 0)
                return std::string(option) + " takes whole MiB; " + std::to_string(*bytes) + " bytes is not";
            add(a, option, std::to_string(*bytes / units::kMiB));
        }
        add(a, "--sim-speed", exactDouble(config.simSpeed));
        return {};
    }

} // namespace

SweptWorkload sweptWorkloadOf(const protocol::RunConfig& config)
{
    if (config.workload != protocol::WorkloadKind::Decoder || !config.decoder)
        return SweptWorkload::Dense;
    if (config.vllm)
        return SweptWorkload::Vllm;
    return config.decoder->training ? SweptWorkload::DecoderTraining : SweptWorkload::Decoder;
}

SweptWorkload sweptWorkloadOfArgs(const std::vector<std::string>& args)
{
    // "--name VALUE" or "--name=VALUE" (measure's parser takes both).
    const auto valueOf = [&args](const std::string& name) -> std::optional<std::string> {
        std::optional<std::string> value;
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (args[i] == name && i + 1 < args.size())
                value = args[i + 1];
            else if (args[i].rfind(name + "=", 0) == 0)
                value = args[i].substr(name.size() + 1);
        }
        return value;
    };
    const bool model = std::any_of(
        args.begin(), args.end(), [](const std::string& a) { return a == "--model" || a.rfind("--model=", 0) == 0; });
    if (!model)
        return SweptWorkload::Dense;
    if (valueOf("--engine") == std::optional<std::string>("vllm"))
        return SweptWorkload::Vllm;
    return valueOf("--mode") == std::optional<std::string>("training") ? SweptWorkload::DecoderTraining
                                                                       : SweptWorkload::Decoder;
}

std::uint64_t dimensionValue(const protocol::RunConfig& config, Dimension dimension)
{
    const SweptWorkload workload = sweptWorkloadOf(config);
    if (!dimensionBelongs(dimension, workload))
        return 0;
    switch (dimension) {
    case Dimension::Batch:
        return workload == SweptWorkload::DecoderTraining ? config.decoder->training->microBatch : config.batch;
    case Dimension::SeqLen:
        return config.decoder->training->sequenceLength;
    case Dimension::Context:
        return config.context;
    case Dimension::Width:
        return config.width;
    case Dimension::Sequences:
        return config.decoder->sequences;
    case Dimension::PromptTokens:
        return config.decoder->promptTokens;
    case Dimension::Generated:
        return config.decoder->generated;
    // Before the plan (the window's configuration), the value given; 0 when the release's default is left to it.
    case Dimension::MaxModelLen:
        return config.vllm->planned ? config.vllm->plan.maxModelLen : config.vllm->options.maxModelLen.value_or(0);
    case Dimension::MaxNumSeqs:
        return config.vllm->planned ? config.vllm->plan.maxNumSeqs : config.vllm->options.maxNumSeqs.value_or(0);
    }
    return 0;
}

MeasureArgs measureArgsFor(const protocol::RunConfig& config, Dimension dimension, bool simDevices)
{
    MeasureArgs out;
    auto fail = [&out](std::string error) {
        out.args.clear();
        out.error = std::move(error);
        return out;
    };
    const bool decoder = config.workload == protocol::WorkloadKind::Decoder;
    if (config.workload != protocol::WorkloadKind::Dense && !decoder)
        return fail("only the dense network and the decoder can be swept");
    if (decoder && !config.decoder)
        return fail("the decoder's configuration is missing");
    const SweptWorkload workload = sweptWorkloadOf(config);
    if (!dimensionBelongs(dimension, workload))
        return fail("the dimension " + std::string(dimensionName(dimension)) + " does not belong to the "
            + (workload == SweptWorkload::Dense          ? "dense network"
                    : workload == SweptWorkload::Decoder ? "decoder's generation"
                    : workload == SweptWorkload::Vllm    ? "rehearsal of vLLM's start-up"
                                                         : "decoder's training step")
            + " (choose " + dimensionChoices(workload) + ")");
    const std::string skip = dimensionOption(dimension);
    std::vector<std::string>& a = out.args;
    auto count = [&](const char* option, std::uint64_t value) {
        if (option != skip)
            add(a, option, std::to_string(value));
    };
    if (decoder) {
        const protocol::DecoderSpec& d = *config.decoder;
        if (d.modelSource.empty())
            return fail("the model has no preset or file that a measure process could read; choose a preset or a "
                        "config.json in the sizing panel");
        add(a, "--model", d.modelSource);
        if (d.shape.assumedArchitecture)
            add(a, "--assume-architecture", d.shape.architecture);
        if (config.vllm) {
            // vLLM's rehearsal: its options as given (a default left to the trial's own plan on its device), the
            // requests it serves; it takes no format, cache, attention, allocator or repeats of its own.
            const engines::VllmOptions& o = config.vllm->options;
            add(a, "--engine", "vllm");
            add(a, "--dtype", engines::vllmDtypeName(o.dtype));
            add(a, "--gpu-memory-utilization", exactDouble(o.gpuMemoryUtilization));
            for (const auto& [option, value] :
                { std::pair { "--max-model-len", o.maxModelLen }, std::pair { "--max-num-seqs", o.maxNumSeqs },
                    std::pair { "--max-num-batched-tokens", o.maxNumBatchedTokens } })
                if (value)
                    count(option, *value);
            count("--block-size", o.blockSize);
            add(a, "--kv-cache-dtype", engines::vllmKvCacheDtypeName(o.kvCacheDtype));
            if (!o.quantization.empty())
                add(a, "--quantization", o.quantization);
            if (o.enforceEager)
                a.emplace_back("--enforce-eager");
            count("--prompt-tokens", d.promptTokens);
            count("--generated", d.generated);
            count("--sequences", d.sequences);
        } else {
            add(a, "--format", protocol::weightStorageName(d.storage));
            if (d.storage == protocol::WeightStorage::GptqInt4 || d.storage == protocol::WeightStorage::AwqInt4)
                add(a, "--group-size", std::to_string(d.quantGroup));
            if ((d.storage == protocol::WeightStorage::Fp8E4m3 || d.storage == protocol::WeightStorage::Fp8E5m2)
                && d.fp8BlockRows > 0)
                add(a, "--weight-block-size", std::to_string(d.fp8BlockRows) + "," + std::to_string(d.fp8BlockColumns));
            // Float weights compute in their own type (measure refuses another --dtype); int8 and nf4 in config.dtype.
            if (protocol::weightStorageQuantized(d.storage))
                add(a, "--dtype", device::dtypeName(config.dtype));
            if (d.training) {
                // Every choice of the recipe spelled out, so the trial's process resolves nothing of its own.
                const training::TrainingRecipe& r = *d.training;
                add(a, "--mode", protocol::modeName(protocol::Mode::Training));
                add(a, "--framework", training::frameworkName(r.framework));
                if (r.method != training::Method::Full) {
                    add(a, "--lora-rank", std::to_string(r.rank));
                    add(a, "--lora-targets", training::loraTargetList(r.targets));
                    add(a, "--adapter-dtype", r.adapterFp32 ? "float32" : "compute");
                }
                count("--batch", r.microBatch);
                count("--seq-len", r.sequenceLength);
                add(a, "--grad-accum", std::to_string(r.gradAccum));
                a.emplace_back(r.checkpointing ? "--checkpointing" : "--no-checkpointing");
                a.emplace_back(r.compiled ? "--compile" : "--no-compile");
                add(a, "--optimizer", training::optimizerKindName(r.optimizer));
                a.emplace_back(r.pagedOptimizer ? "--paged-optimizer" : "--no-paged-optimizer");
                a.emplace_back(r.optimizerInBackward ? "--optimizer-in-backward" : "--no-optimizer-in-backward");
                if (r.masterWeights)
                    a.emplace_back("--master-weights");
                add(a, "--loss-chunks", std::to_string(r.lossChunks));
                add(a, "--eval-batch", std::to_string(r.evalBatch));
                if (r.exportCopy)
                    a.emplace_back("--export-copy");
                add(a, "--attention", protocol::attentionName(d.attention));
            } else {
                count("--prompt-tokens", d.promptTokens);
                count("--generated", d.generated);
                count("--sequences", d.sequences);
                add(a, "--kv-cache", protocol::kvCacheName(d.cache));
                add(a, "--attention", protocol::attentionName(d.attention));
                add(a, "--decode-chunk", std::to_string(d.decodeChunk));
            }
        }
    } else {
        add(a, "--mode", protocol::modeName(config.mode));
        add(a, "--dtype", device::dtypeName(config.dtype));
        count("--batch", config.batch);
        count("--context", config.context);
        count("--width", config.width);
    }
    if (!config.vllm) { // vLLM starts once, through PyTorch's caching allocator: measure refuses these with it
        add(a, "--warmup", std::to_string(config.warmup));
        add(a, "--repeats", std::to_string(config.repeats));
        add(a, "--allocator", protocol::allocatorName(config.allocator));
        if (config.emptyCacheBetweenRepeats)
            a.emplace_back("--empty-cache-between-repeats");
    }
    add(a, "--sampling-hz", exactDouble(config.samplingHz));
    add(a, "--seed", std::to_string(config.seed));
    if (simDevices)
        if (const auto e = simArgs(config, a); !e.empty())
            return fail(e);
    return out;
}

} // namespace iteragpu::sweep
