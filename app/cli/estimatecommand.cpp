// SPDX-License-Identifier: Apache-2.0
#include "app/cli/estimatecommand.h"

#include "app/cli/cliapp.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/componentlabels.h"
#include "core/sizing/computationlines.h"
#include "core/sizing/estimatereport.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/fitsentences.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/sizinginputs.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <ostream>

namespace iteragpu::cli {

using namespace iteragpu::sizing;

namespace {

    // Numbers are taken as text and checked here, so "-5", "0", "nan" or "1e400" get one clear line and exit 1
    // (a size error), not a parser message.
    struct EstimateOptions {
        std::string parameters, bits, reserveGiB, reserveGB, format, compute, groupSize, config, safetensors, preset;
        std::string layers, kvHeads, headDim, tokens, generated, kvBytes, kvDtype, sequences, slidingWindow, capacity;
        bool staticCache = false;
        bool training = false, masterWeights = false, checkpointing = false, exportCopy = false;
        std::string optimizer, loraRank, loraTargets, batch, seqLen, evalBatch, gradDtype;
        std::string deviceCatalog, tp, attention;
        bool json = false;
        std::string model, gguf; // --model ORG/NAME[@REVISION] or a path or preset; --gguf FILE
    };

    std::uint64_t parseCount(const std::string& option, const std::string& text, bool allowZero = false)
    {
        const std::string bad
            = option + ": '" + text + "' is not a " + (allowZero ? "non-negative" : "positive") + " integer";
        if (text.empty() || text[0] == '-')
            throw SizingError(bad);
        errno = 0;
        char* end = nullptr;
        const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
        std::uint64_t value = 0;
        if (end && *end == '\0' && errno == 0) {
            value = v;
        } else {
            // "7e9", "1e15": accepted when finite, integral and within 64 bits.
            errno = 0;
            const double d = std::strtod(text.c_str(), &end);
            if (!end || *end != '\0' || !std::isfinite(d) || d < 0 || d != std::floor(d))
                throw SizingError(bad);
            if (d >= 18446744073709551616.0)
                throw SizingError(option + ": '" + text + "' does not fit in 64 bits");
            value = static_cast<std::uint64_t>(d);
        }
        if (value == 0 && !allowZero)
            throw SizingError(bad);
        return value;
    }

    double parseAmount(const std::string& option, const std::string& text)
    {
        char* end = nullptr;
        const double d = std::strtod(text.c_str(), &end);
        if (text.empty() || !end || *end != '\0')
            throw SizingError(option + ": '" + text + "' is not a number");
        if (std::isnan(d))
            throw SizingError(option + ": not a number (NaN)");
        if (d < 0)
            throw SizingError(option + ": must not be negative");
        if (!std::isfinite(d))
            throw SizingError(option + ": must be finite");
        return d;
    }

    const char* fitCapName(FitLimit::Cap cap)
    {
        switch (cap) {
        case FitLimit::Cap::NotApplicable:
            return "not_applicable";
        case FitLimit::Cap::Memory:
            return "memory";
        case FitLimit::Cap::SlidingWindow:
            return "sliding_window";
        case FitLimit::Cap::TrainedContext:
            return "trained_context";
        case FitLimit::Cap::DoesNotFit:
            return "does_not_fit";
        case FitLimit::Cap::NoLimitFound:
            return "no_limit_found";
        }
        return "?";
    }

    ScalarType parseScalar(const std::string& option, const std::string& text)
    {
        const auto t = scalarFromName(text);
        if (!t)
            throw SizingError(
                option + ": unknown type '" + text + "' (fp32, fp16, bf16, fp8_e4m3, fp8_e5m2, int8, int4)");
        return *t;
    }

    // The options as the user's choices; makeRequest (core) applies the rules, as for the GUI.
    SizingInputs buildInputs(const EstimateOptions& o)
    {
        SizingInputs in;
        if (!o.parameters.empty())
            in.parameters = parseCount("--parameters", o.parameters);
        if (!o.bits.empty()) {
            in.bits = parseCount("--bits", o.bits);
            if (*in.bits > 64)
                throw SizingError("--bits: must be between 1 and 64");
        }
        if (!o.format.empty()) {
            const auto f = weightFormatFromName(o.format);
            if (!f) {
                std::string known;
                for (const auto& info : allWeightFormats())
                    known += (known.empty() ? "" : ", ") + std::string(info.name);
                throw SizingError("--format: unknown format '" + o.format + "' (known: " + known + ")");
            }
            in.storage = *f;
            in.weightsFromCheckpoint = false;
        }
        if (!o.compute.empty())
            in.compute = parseScalar("--compute", o.compute);
        if (!o.groupSize.empty()) {
            in.groupSize = parseCount("--group-size", o.groupSize);
            in.blockSize = in.groupSize;
        }
        if (!o.preset.empty() && !o.config.empty())
            throw SizingError("--preset and --config both give the model's shape: give one of them");
        in.presetId = o.preset;
        in.configPath = o.config;
        in.safetensorsPath = o.safetensors;
        in.modelName = o.model;
        in.ggufPath = o.gguf;
        in.storageChosen = !o.format.empty(); // none typed: a quantization_config in config.json gives it
        if (!o.reserveGiB.empty()) {
            in.reserveValue = parseAmount("--reserve-gib", o.reserveGiB);
            in.reserveUnit = units::Unit::GiB;
        }
        if (!o.reserveGB.empty()) {
            in.reserveValue = parseAmount("--reserve-gb", o.reserveGB);
            in.reserveUnit = units::Unit::GB;
        }

        const bool kvGiven = !o.layers.empty() || !o.kvHeads.empty() || !o.headDim.empty() || !o.kvBytes.empty()
            || !o.kvDtype.empty() || !o.sequences.empty() || !o.slidingWindow.empty() || o.staticCache
            || !o.generated.empty() || !o.capacity.empty();
        if (!o.tokens.empty() || kvGiven) {
            const bool modelGiven = !o.model.empty() || !o.gguf.empty() || !o.preset.empty() || !o.config.empty();
            if (o.tokens.empty() && o.capacity.empty() && !modelGiven)
                throw SizingError("the KV cache options need --tokens (prompt tokens)");
            in.kvCache = true;
            if (!o.tokens.empty())
                in.promptTokens = parseCount("--tokens", o.tokens);
            if (!o.generated.empty())
                in.generatedTokens = parseCount("--generated", o.generated, true);
            if (!o.layers.empty())
                in.layers = parseCount("--layers", o.layers);
            if (!o.kvHeads.empty())
                in.kvHeads = parseCount("--kv-heads", o.kvHeads);
            if (!o.headDim.empty())
                in.headDim = parseCount("--head-dim", o.headDim);
            if (!o.kvBytes.empty())
                in.kvBytesPerElement = parseCount("--kv-bytes", o.kvBytes);
            if (!o.kvDtype.empty())
                in.kvDtype = parseScalar("--kv-dtype", o.kvDtype);
            if (!o.sequences.empty())
                in.sequences = parseCount("--sequences", o.sequences);
            if (!o.slidingWindow.empty())
                in.slidingWindow = parseCount("--sliding-window", o.slidingWindow);
            in.staticCache = o.staticCache;
            if (!o.capacity.empty())
                in.staticCapacity = parseCount("--cache-capacity", o.capacity);
            if (!modelGiven && (!in.layers || !in.kvHeads || !in.headDim))
                throw SizingError("the KV cache needs --layers, --kv-heads and --head-dim (or --config / --preset)");
        }

        const bool trainingGiven = o.training || !o.optimizer.empty() || o.masterWeights || !o.loraRank.empty()
            || !o.batch.empty() || !o.seqLen.empty() || o.checkpointing || !o.evalBatch.empty() || o.exportCopy;
        if (trainingGiven) {
            in.mode = SizingMode::FullTraining;
            if (!o.optimizer.empty()) {
                const auto opt = optimizerFromName(o.optimizer);
                if (!opt)
                    throw SizingError("--optimizer: unknown optimizer '" + o.optimizer
                        + "' (known: sgd, sgd-momentum, adam, adamw, adam8bit)");
                in.optimizer = *opt;
            }
            in.masterWeights = o.masterWeights;
            if (!o.loraRank.empty()) {
                in.mode = SizingMode::LoRA;
                in.loraRank = parseCount("--lora-rank", o.loraRank);
            }
            if (!o.loraTargets.empty()) {
                std::string item;
                for (char c : o.loraTargets + ",") {
                    if (c == ',') {
                        if (!item.empty())
                            in.loraTargets.push_back(item);
                        item.clear();
                    } else {
                        item += c;
                    }
                }
            }
            if (!o.batch.empty())
                in.microBatch = parseCount("--batch", o.batch);
            if (!o.seqLen.empty())
                in.sequenceLength = parseCount("--seq-len", o.seqLen);
            in.checkpointing = o.checkpointing;
            if (!o.evalBatch.empty())
                in.evalBatch = parseCount("--eval-batch", o.evalBatch, true);
            in.exportCopy = o.exportCopy;
            if (!o.gradDtype.empty())
                in.gradientType = parseScalar("--grad-dtype", o.gradDtype);
        }
        if (!o.tp.empty())
            in.tensorParallel = parseCount("--tp", o.tp);
        if (!o.attention.empty()) {
            in.attention = attentionImplFromName(o.attention);
            if (!in.attention)
                throw SizingError("--attention: unknown attention '" + o.attention + "' (known: eager, sdpa)");
        }
        return in;
    }

    nlohmann::json computationJson(const Estimate& estimate)
    {
        nlohmann::json lines = nlohmann::json::array();
        for (const auto& line : estimate.computation) {
            nlohmann::json j { { "id", line.componentId }, { "formula", line.english() }, { "bytes", line.bytes },
                { "provenance", provenanceName(line.provenance) } };
            if (line.source.source && *line.source.source)
                j["source"] = line.source.english();
            lines.push_back(std::move(j));
        }
        return lines;
    }

    std::string computationText(const Estimate& estimate)
    {
        std::string text = "how it is computed:\n";
        for (const auto& line : estimate.computation) {
            text += "  " + componentLabelEnglish(line.componentId) + " (" + provenanceName(line.provenance)
                + "): " + line.english() + " = " + ComputationLines::amount(line.bytes, units::Unit::GiB);
            if (line.source.source && *line.source.source)
                text += " [" + line.source.english() + "]";
            text += '\n';
        }
        return text;
    }

    int runEstimate(const EstimateOptions& o, std::ostream& out, std::ostream& err)
    {
        try {
            const SizingRequest request = makeRequest(buildInputs(o));
            const Estimate estimate = SizingEngine::estimate(request);
            std::vector<FitVerdict> verdicts;
            const GpuCard* chosen = nullptr;
            DeviceCatalog catalog;
            if (!o.deviceCatalog.empty()) {
                catalog = DeviceCatalog::loadDefault();
                if (o.deviceCatalog == "all") {
                    verdicts = FitAnalyzer::verdicts(request, catalog.cards());
                } else {
                    chosen = catalog.find(o.deviceCatalog);
                    if (!chosen) {
                        std::string known;
                        for (const auto& c : catalog.cards())
                            known += (known.empty() ? "" : ", ") + c.id;
                        throw SizingError(
                            "--device-catalog: unknown card '" + o.deviceCatalog + "' (known: all, " + known + ")");
                    }
                    verdicts.push_back(FitAnalyzer::verdict(estimate, *chosen));
                }
            }
            std::optional<FitLimit> context, batch;
            if (chosen && (request.kvCache || request.training)) {
                context = FitSentences::largestContext(request, *chosen);
                batch = FitSentences::largestBatch(request, *chosen);
            }
            if (o.json) {
                auto j = EstimateReport::toJson(estimate, verdicts);
                j["computation"] = computationJson(estimate);
                if (context && batch) {
                    j["largest_context_tokens"] = context->value ? nlohmann::json(*context->value) : nlohmann::json(nullptr);
                    j["largest_context_cap"] = fitCapName(context->cap);
                    j["largest_context"] = FitSentences::contextSentence(*context, chosen->name).english();
                    j["largest_batch"] = batch->value ? nlohmann::json(*batch->value) : nlohmann::json(nullptr);
                    j["largest_batch_cap"] = fitCapName(batch->cap);
                    j["largest_batch_sentence"]
                        = FitSentences::batchSentence(*batch, chosen->name, request.training.has_value()).english();
                }
                out << j.dump(2) << '\n';
            } else {
                out << EstimateReport::toText(estimate, verdicts);
                out << computationText(estimate);
                if (context && batch) {
                    out << FitSentences::contextSentence(*context, chosen->name).english() << '\n';
                    out << FitSentences::batchSentence(*batch, chosen->name, request.training.has_value()).english()
                        << '\n';
                }
            }
            return kExitOk;
        } catch (const SizingError& e) {
            err << "iteragpu estimate: " << e.what() << '\n';
            return kExitError;
        } catch (const std::exception& e) {
            err << "iteragpu estimate: " << e.what() << '\n';
            return kExitError;
        }
    }

} // namespace

void addEstimateCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto o = std::make_shared<EstimateOptions>();
    auto* sub = app.add_subcommand("estimate", "Size the memory of a model: weights, KV cache, training, reserve.");
    sub->footer("Sizes are shown in bytes, GB (10^9) and GiB (2^30). total = largest phase + reserve.");
    // Model source.
    sub->add_option("--parameters", o->parameters, "parameter count typed in (e.g. 7000000000 or 7e9)");
    auto* bits = sub->add_option("--bits", o->bits, "bits per parameter for typed numbers (compact, no metadata)");
    auto* format = sub->add_option("--format", o->format,
        "weight storage format: fp32, fp16, bf16, fp8-e4m3, fp8-e5m2, int8, int4-compact, nf4, fp4, nf4-dq, "
        "gptq-int4, awq-int4");
    bits->excludes(format);
    format->excludes(bits);
    sub->add_option("--compute", o->compute, "compute format (fp16, bf16, fp32)");
    sub->add_option("--group-size", o->groupSize, "quantization group/block size (GPTQ/AWQ 128, NF4 64)");
    sub->add_option("--config", o->config, "Hugging Face config.json");
    sub->add_option("--safetensors", o->safetensors, "a .safetensors file, a model.safetensors.index.json or a folder");
    sub->add_option("--preset", o->preset, "a model preset from resources/presets (e.g. llama-2-7b)");
    sub->add_option("--model", o->model,
           "A model: ORG/NAME[@REVISION] from the local Hugging Face cache (offline; $HF_HUB_CACHE, $HF_HOME/hub or "
           "~/.cache/huggingface/hub), a folder, config.json, safetensors or GGUF file, or a preset id")
        ->type_name("ID|PATH");
    sub->add_option("--gguf", o->gguf, "A GGUF file (llama.cpp): the shape from its metadata, the weights as stored")
        ->type_name("FILE");
    auto* gib = sub->add_option("--reserve-gib", o->reserveGiB, "reserve in GiB (2^30 bytes)");
    auto* gb = sub->add_option("--reserve-gb", o->reserveGB, "reserve in GB (10^9 bytes)");
    gib->excludes(gb);
    gb->excludes(gib);
    // KV cache.
    sub->add_option("--layers", o->layers, "KV cache: layers");
    sub->add_option("--kv-heads", o->kvHeads, "KV cache: KV heads (num_key_value_heads)");
    sub->add_option("--head-dim", o->headDim, "KV cache: head dimension");
    sub->add_option("--tokens", o->tokens, "KV cache: prompt tokens per sequence");
    sub->add_option("--generated", o->generated, "KV cache: generated tokens per sequence");
    sub->add_option("--kv-bytes", o->kvBytes, "KV cache: bytes per element (overrides --kv-dtype)");
    sub->add_option("--kv-dtype", o->kvDtype, "KV cache: fp16, bf16, fp32, fp8_e4m3, int8, int4 (int: with scales)");
    sub->add_option("--sequences", o->sequences, "KV cache: sequences held at once");
    sub->add_option("--sliding-window", o->slidingWindow, "KV cache: sliding window (tokens), every layer");
    sub->add_flag("--static-cache", o->staticCache, "KV cache: static, preallocated to its capacity");
    sub->add_option("--cache-capacity", o->capacity, "KV cache: static capacity in tokens (implies --static-cache)");
    // Training.
    sub->add_flag("--training", o->training, "size a training step (full unless --lora-rank)");
    sub->add_option("--optimizer", o->optimizer, "sgd, sgd-momentum, adam, adamw (default), adam8bit");
    sub->add_flag("--master-weights", o->masterWeights, "fp32 master weights (mixed precision)");
    sub->add_option("--lora-rank", o->loraRank, "LoRA rank (trains adapters only)");
    sub->add_option("--lora-targets", o->loraTargets, "LoRA target modules, comma-separated (default q,k,v,o_proj)");
    sub->add_option("--batch", o->batch, "training micro-batch (sequences)");
    sub->add_option("--seq-len", o->seqLen, "training sequence length (tokens, default 2048)");
    sub->add_flag("--checkpointing", o->checkpointing, "activation checkpointing");
    sub->add_option("--eval-batch", o->evalBatch, "evaluation batch (adds an evaluation phase)");
    sub->add_flag("--export-copy", o->exportCopy, "a 16-bit copy of the weights while exporting");
    sub->add_option("--grad-dtype", o->gradDtype, "gradient type (default bf16)");
    // Devices and output.
    sub->add_option("--device-catalog", o->deviceCatalog, "fit verdict on a catalog card (id or name) or 'all'");
    sub->add_option("--tp", o->tp, "tensor-parallel degree (per-device sizes)");
    sub->add_option("--attention", o->attention,
        "eager or sdpa: adds the inference activations per phase (prefill, decode step, dequantization) and picks "
        "the training activation formula");
    sub->add_flag("--json", o->json, "print one JSON object");
    sub->callback([o, &action, &out, &err] { action = [o, &out, &err] { return runEstimate(*o, out, err); }; });
}

} // namespace iteragpu::cli
