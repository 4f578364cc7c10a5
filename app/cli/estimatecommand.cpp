// SPDX-License-Identifier: Apache-2.0
#include "app/cli/estimatecommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/optionconventions.h"
#include "app/cli/vllmclioptions.h"
#include "core/engines/llamacppplanner.h"
#include "core/engines/llamacppplanreport.h"
#include "core/engines/vllmplanner.h"
#include "core/engines/vllmplanreport.h"
#include "core/model/modellimits.h"
#include "core/sizing/componentlabels.h"
#include "core/sizing/computationlines.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/estimatereport.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/fitsentences.h"
#include "core/sizing/reserve.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/sizinginputs.h"
#include "core/sizing/trainingstepreport.h"
#include "core/training/trainingrecipe.h"
#include "core/units/printable.h"
#include "core/verdict/devicefit.h"
#include "core/verdict/deviceneedestimator.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <ostream>
#include <tuple>

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
        // The decoder training step's habits, spelled as `measure --mode training` spells them; empty or not
        // given: the framework's (training::resolveRecipe).
        std::string framework, gradAccum, lossChunks, adapterDtype;
        bool pagedOptimizer = false, optimizerInBackward = false;
        bool checkpointingGiven = false, pagedGiven = false, inBackwardGiven = false;
        std::string deviceCatalog, tp, attention;
        bool json = false;
        std::string model, gguf; // --model ORG/NAME[@REVISION] or a path or preset; --gguf FILE
        std::string assumeArchitecture, mlaCache;
        // --engine and vLLM's options, spelled as `vllm serve` spells them; empty: not given.
        std::string engine = "hf";
        VllmCliOptions vllm;
        // llama.cpp's options, spelled as llama-cli / llama-server spell them; empty: not given.
        std::string ctxSize, batchSize, ubatchSize, nGpuLayers, flashAttn, cacheTypeK, cacheTypeV, parallel,
            tensorSplit;
        bool swaFull = false, kvUnified = false;
    };

    // Every count through the one number parser (units/numberparse.h), with the option's name in front.
    std::uint64_t parseCount(const std::string& option, const std::string& text, bool allowZero = false)
    {
        return countOf(option, text, units::CountRange { allowZero ? 0u : 1u, UINT64_MAX });
    }

    constexpr const char* kEstimateSchema = "iteragpu.estimate/1";
    // /1 plus the `engine` object (engines::VllmPlanReport); printed only with --engine other than hf, so the
    // transformers estimate stays the /1 document it was.
    constexpr const char* kEstimateEngineSchema = "iteragpu.estimate/2";
    // /2 (the `engine` object when --engine is given) plus the `training_step` object (sizing::TrainingStepReport);
    // printed only when a training step is sized from the decoder's tensor inventory, so every other estimate
    // stays the /1 or /2 document it was.
    constexpr const char* kEstimateTrainingSchema = "iteragpu.estimate/3";

    // llama.cpp's options given, by name (for the refusal without --engine llama.cpp).
    std::vector<std::string> llamaCppOptionsGiven(const EstimateOptions& o)
    {
        std::vector<std::string> given;
        for (const auto& [name, text] : { std::pair { "--ctx-size", &o.ctxSize },
                 std::pair { "--batch-size", &o.batchSize }, std::pair { "--ubatch-size", &o.ubatchSize },
                 std::pair { "--n-gpu-layers", &o.nGpuLayers }, std::pair { "--flash-attn", &o.flashAttn },
                 std::pair { "--cache-type-k", &o.cacheTypeK }, std::pair { "--cache-type-v", &o.cacheTypeV },
                 std::pair { "--parallel", &o.parallel }, std::pair { "--tensor-split", &o.tensorSplit } })
            if (!text->empty())
                given.push_back(name);
        if (o.swaFull)
            given.push_back("--swa-full");
        if (o.kvUnified)
            given.push_back("--kv-unified");
        return given;
    }

    // "1,1" or "3,1,0": the proportions of --tensor-split; nullopt (and `error`) for anything else.
    std::optional<std::vector<double>> tensorSplitOf(const std::string& text, std::string& error)
    {
        std::vector<double> split;
        std::string item;
        for (std::size_t i = 0; i <= text.size(); ++i) {
            if (i < text.size() && text[i] != ',') {
                item += text[i];
                continue;
            }
            const auto value = units::parseDecimal(item, error, 0.0, 1e12);
            if (!value) {
                error = "'" + units::printable(item.substr(0, 40), 64) + "' is not a proportion (a decimal, 0 or more)";
                return std::nullopt;
            }
            split.push_back(*value);
            item.clear();
        }
        // llama.cpp gives no device a layer when every proportion is 0, and knows at most 16 devices
        // (GGML_CUDA_MAX_DEVICES).
        double sum = 0.0;
        for (const double s : split)
            sum += s;
        if (sum <= 0.0) {
            error = "the proportions add up to 0: at least one device must get layers";
            return std::nullopt;
        }
        if (split.size() > 16) {
            error = std::to_string(split.size()) + " devices: llama.cpp knows at most 16";
            return std::nullopt;
        }
        return split;
    }

    engines::LlamaCppOptions::CacheType cacheTypeOf(const std::string& text)
    {
        using C = engines::LlamaCppOptions::CacheType;
        for (auto t : { C::F32, C::F16, C::BF16, C::Q8_0, C::Q4_0, C::Q4_1, C::Q5_0, C::Q5_1, C::IQ4_NL })
            if (text == engines::LlamaCppOptions::cacheTypeName(t))
                return t;
        return C::F16; // not reached: the option's check allows only the names above
    }

    // The options as LlamaCppOptions; every value was checked by its validator at parse time (exit 64).
    engines::LlamaCppOptions llamaCppOptions(const EstimateOptions& o)
    {
        engines::LlamaCppOptions l;
        const auto count = [](const std::string& option, const std::string& text, std::uint64_t min) {
            return countOf(option, text, units::CountRange { min, UINT64_MAX });
        };
        if (!o.ctxSize.empty())
            l.ctxSize = count("--ctx-size", o.ctxSize, 0);
        if (!o.batchSize.empty())
            l.batchSize = count("--batch-size", o.batchSize, 1);
        if (!o.ubatchSize.empty())
            l.ubatchSize = count("--ubatch-size", o.ubatchSize, 1);
        if (!o.parallel.empty())
            l.parallel = count("--parallel", o.parallel, 1);
        if (!o.nGpuLayers.empty() && o.nGpuLayers != "auto")
            l.nGpuLayers = count("--n-gpu-layers", o.nGpuLayers, 0);
        if (o.flashAttn == "on")
            l.flashAttn = engines::LlamaCppOptions::FlashAttention::On;
        else if (o.flashAttn == "off")
            l.flashAttn = engines::LlamaCppOptions::FlashAttention::Off;
        if (!o.cacheTypeK.empty())
            l.cacheTypeK = cacheTypeOf(o.cacheTypeK);
        if (!o.cacheTypeV.empty())
            l.cacheTypeV = cacheTypeOf(o.cacheTypeV);
        if (!o.tensorSplit.empty()) {
            std::string error;
            l.tensorSplit = tensorSplitOf(o.tensorSplit, error).value_or(std::vector<double> {});
            l.devices = l.tensorSplit.size();
        }
        l.swaFull = o.swaFull;
        l.kvUnified = o.kvUnified;
        return l;
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
        if (!o.bits.empty())
            in.bits = countOf("--bits", o.bits, { 1, 64 });
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
        in.assumeArchitecture = o.assumeArchitecture;
        if (!o.mlaCache.empty() && o.mlaCache != "latent" && o.mlaCache != "decompressed")
            throw SizingError("--mla-cache: '" + o.mlaCache.substr(0, 40) + "' is neither latent nor decompressed");
        in.mlaLatent = o.mlaCache == "latent";
        // The reserve typed is read exactly to bytes; none typed is the default the workbench starts with.
        in.reserveValue = kDefaultReserveGiB;
        in.reserveUnit = units::Unit::GiB;
        in.reserveDefaulted = true; // said so in the report, not called "typed"
        for (const auto& [text, option, unit, bytesPerUnit] :
            { std::tuple { &o.reserveGiB, "--reserve-gib", units::Unit::GiB, units::kGiB },
                std::tuple { &o.reserveGB, "--reserve-gb", units::Unit::GB, units::kGB } }) {
            if (text->empty())
                continue;
            in.reserveBytes = sizeOf(option, *text, bytesPerUnit, units::unitSymbol(unit), true);
            std::string ignored;
            in.reserveValue = *units::parseDecimal(*text, ignored, 0.0, 1e300);
            in.reserveUnit = unit;
        }

        const bool kvGiven = !o.layers.empty() || !o.kvHeads.empty() || !o.headDim.empty() || !o.kvBytes.empty()
            || !o.kvDtype.empty() || !o.sequences.empty() || !o.slidingWindow.empty() || o.staticCache
            || !o.generated.empty() || !o.capacity.empty();
        if (!o.tokens.empty() || kvGiven) {
            const bool modelGiven = !o.model.empty() || !o.gguf.empty() || !o.preset.empty() || !o.config.empty();
            if (o.tokens.empty() && o.capacity.empty() && !modelGiven)
                throw SizingError("the KV cache options need --prompt-tokens");
            in.kvCache = true;
            if (!o.tokens.empty())
                in.promptTokens = parseCount("--prompt-tokens", o.tokens);
            if (!o.generated.empty())
                in.generatedTokens = parseCount("--generated", o.generated, true);
            if (!o.layers.empty())
                in.layers = countOf("--layers", o.layers, { 1, model::kMaxLayers }); // Note [Model limits]
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
            || !o.batch.empty() || !o.seqLen.empty() || o.checkpointingGiven || !o.evalBatch.empty() || o.exportCopy
            || !o.framework.empty() || !o.gradAccum.empty() || !o.lossChunks.empty() || !o.adapterDtype.empty()
            || o.pagedGiven || o.inBackwardGiven || !o.loraTargets.empty();
        if (trainingGiven) {
            in.mode = SizingMode::FullTraining;
            if (!o.framework.empty())
                in.framework = *training::frameworkFromName(o.framework); // IsMember-checked
            if (!o.gradAccum.empty())
                in.gradAccum = countOf("--grad-accum", o.gradAccum, { 1, training::kMaxGradAccum });
            if (!o.lossChunks.empty())
                in.lossChunks = countOf("--loss-chunks", o.lossChunks, { 0, training::kMaxLossChunks });
            if (!o.adapterDtype.empty())
                in.adapterFp32 = o.adapterDtype == "float32";
            if (o.pagedGiven)
                in.pagedOptimizer = o.pagedOptimizer;
            if (o.inBackwardGiven)
                in.optimizerInBackward = o.optimizerInBackward;
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
            if (in.mode != SizingMode::LoRA && (!o.loraTargets.empty() || !o.adapterDtype.empty()))
                throw SizingError(
                    "--lora-targets and --adapter-dtype describe LoRA adapters: give --lora-rank too");
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
            if (o.checkpointingGiven)
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
        // The engine's own options belong to it: refused before anything is read (bad arguments, exit 64).
        if (o.engine != "llama.cpp") {
            const auto given = llamaCppOptionsGiven(o);
            if (!given.empty()) {
                std::string names;
                for (const auto& n : given)
                    names += (names.empty() ? "" : ", ") + n;
                err << "iteragpu estimate: " << names << (given.size() == 1 ? " is an option" : " are options")
                    << " of llama.cpp's plan: give --engine llama.cpp\n";
                return kExitUsage;
            }
        } else {
            if (o.deviceCatalog.empty() || o.deviceCatalog == "all") {
                err << "iteragpu estimate: --engine llama.cpp needs one card, --device-catalog ID: its buffers are "
                       "compared with that card's capacity ('iteragpu --list-cards')\n";
                return kExitUsage;
            }
            if (!o.bits.empty()) {
                err << "iteragpu estimate: --engine llama.cpp sizes GGUF tensors: give --format with a GGUF type "
                       "(q4_k_m, q8_0, f16, ...) or --gguf FILE, not --bits\n";
                return kExitUsage;
            }
            if (!o.format.empty() && !o.gguf.empty()) {
                err << "iteragpu estimate: --engine llama.cpp with --gguf sizes the file's tensors as stored: "
                       "--format is for a config or preset\n";
                return kExitUsage;
            }
            if (!o.format.empty() && !engines::LlamaCppTensorList::fileTypeFromName(o.format)) {
                err << "iteragpu estimate: --format: '" << units::printableName(o.format)
                    << "' is not a GGUF file type llama.cpp's plan sizes (f32, f16, bf16, q8_0, q4_0, q4_k_m, "
                       "q5_k_m, q6_k)\n";
                return kExitUsage;
            }
        }
        if (o.engine != "vllm") {
            const auto given = o.vllm.given();
            if (!given.empty()) {
                std::string names;
                for (const auto& n : given)
                    names += (names.empty() ? "" : ", ") + n;
                err << "iteragpu estimate: " << names << (given.size() == 1 ? " is an option" : " are options")
                    << " of vLLM's plan: give --engine vllm\n";
                return kExitUsage;
            }
        } else {
            if (o.deviceCatalog.empty() || o.deviceCatalog == "all") {
                err << "iteragpu estimate: --engine vllm needs one card, --device-catalog ID: vLLM's plan is a "
                       "share (--gpu-memory-utilization) of that card's total memory ('iteragpu --list-cards')\n";
                return kExitUsage;
            }
            if (!o.format.empty() || !o.bits.empty()) {
                err << "iteragpu estimate: --engine vllm loads the checkpoint as it is stored: --format and --bits "
                       "size a transformers load (give --quantization fp8 for vLLM's runtime fp8)\n";
                return kExitUsage;
            }
        }
        try {
            // llama.cpp's --format is a GGUF file type, not a transformers storage format: read by its plan.
            EstimateOptions hfOptions = o;
            if (o.engine == "llama.cpp")
                hfOptions.format.clear();
            const SizingRequest request = makeRequest(buildInputs(hfOptions));
            const Estimate estimate = SizingEngine::estimate(request);
            // The one estimate (core/verdict): what the verdicts, the largest loads and the window read.
            const verdict::DeviceNeed need = verdict::DeviceNeedEstimator::estimate(request, estimate);
            std::vector<FitVerdict> verdicts;
            const GpuCard* chosen = nullptr;
            DeviceCatalog catalog;
            if (!o.deviceCatalog.empty()) {
                catalog = DeviceCatalog::loadDefault();
                if (o.deviceCatalog == "all") {
                    for (const auto& card : catalog.cards())
                        verdicts.push_back(verdict::DeviceFit::verdict(estimate, need, card));
                } else {
                    chosen = catalog.find(o.deviceCatalog);
                    if (!chosen) {
                        std::string known;
                        for (const auto& c : catalog.cards())
                            known += (known.empty() ? "" : ", ") + units::printableName(c.id);
                        throw SizingError("--device-catalog: unknown card '" + units::printableName(o.deviceCatalog)
                            + "' (known: all, " + known + ")");
                    }
                    verdicts.push_back(verdict::DeviceFit::verdict(estimate, need, *chosen));
                }
            }
            std::optional<engines::VllmPlan> plan;
            if (o.engine == "vllm")
                plan = engines::VllmPlanner::plan(
                    request, o.vllm.options(o.tp, o.vllm.dtype, chosen->name), chosen->capacityBytes(), chosen->capacityIsUsable());
            std::optional<engines::LlamaCppPlan> llamaPlan;
            engines::LlamaCppOptions llamaOptions;
            if (o.engine == "llama.cpp") {
                llamaOptions = llamaCppOptions(o);
                llamaPlan = engines::LlamaCppPlanner::plan(request, llamaOptions,
                    o.format.empty() ? std::nullopt : engines::LlamaCppTensorList::fileTypeFromName(o.format));
            }
            std::optional<FitLimit> context, batch;
            if (chosen && (request.kvCache || request.training)) {
                context = verdict::DeviceFit::largestContext(request, *chosen);
                batch = verdict::DeviceFit::largestBatch(request, *chosen);
            }
            if (o.json) {
                auto j = EstimateReport::toJson(estimate, verdicts);
                j["schema"] = estimate.trainingStep ? kEstimateTrainingSchema
                    : plan || llamaPlan             ? kEstimateEngineSchema
                                                    : kEstimateSchema;
                if (estimate.trainingStep)
                    j["training_step"] = TrainingStepReport::toJson(*estimate.trainingStep);
                if (plan)
                    j["engine"] = engines::VllmPlanReport::toJson(*plan);
                if (llamaPlan)
                    j["engine"]
                        = engines::LlamaCppPlanReport::toJson(*llamaPlan, llamaOptions, chosen->capacityBytes());
                j["computation"] = computationJson(estimate);
                j["device_need"] = need.json();
                if (context && batch) {
                    j["largest_context_tokens"]
                        = context->value ? nlohmann::json(*context->value) : nlohmann::json(nullptr);
                    j["largest_context_cap"] = fitCapName(context->cap);
                    j["largest_context"] = FitSentences::contextSentence(*context, chosen->name).english();
                    j["largest_batch"] = batch->value ? nlohmann::json(*batch->value) : nlohmann::json(nullptr);
                    j["largest_batch_cap"] = fitCapName(batch->cap);
                    j["largest_batch_sentence"]
                        = FitSentences::batchSentence(*batch, chosen->name, request.training.has_value()).english();
                }
                out << j.dump(2) << '\n';
            } else {
                out << EstimateReport::toText(estimate, verdicts, need.textBlock());
                out << computationText(estimate);
                if (estimate.trainingStep)
                    out << TrainingStepReport::toText(*estimate.trainingStep);
                if (context && batch) {
                    out << FitSentences::contextSentence(*context, chosen->name).english() << '\n';
                    out << FitSentences::batchSentence(*batch, chosen->name, request.training.has_value()).english()
                        << '\n';
                }
                if (plan)
                    out << engines::VllmPlanReport::toText(*plan);
                if (llamaPlan)
                    out << engines::LlamaCppPlanReport::toText(*llamaPlan, llamaOptions, chosen->capacityBytes());
            }
            return kExitOk;
        } catch (const SizingError& e) {
            err << "iteragpu estimate: " << units::printable(e.what(), units::kTextBytes) << '\n';
            return kExitError;
        } catch (const std::exception& e) {
            // A file system error names its paths raw (a looping symlink in a model folder): escaped here.
            err << "iteragpu estimate: " << units::printable(e.what(), units::kTextBytes) << '\n';
            return kExitError;
        }
    }

} // namespace

void addEstimateCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto o = std::make_shared<EstimateOptions>();
    auto* sub = app.add_subcommand("estimate", "Size the memory of a model: weights, KV cache, training, reserve.");
    char reserveText[32];
    std::snprintf(reserveText, sizeof reserveText, "%g GiB", kDefaultReserveGiB);
    sub->footer("Sizes are shown in bytes, GB (10^9) and GiB (2^30). total = largest phase + reserve (default "
        + std::string(reserveText) + ").");
    setExamples(*sub,
        { { "iteragpu estimate --parameters 7e9 --bits 16 --reserve-gib 4",
              "7 billion parameters at 16 bits with a 4 GiB reserve (the seeds' example)" },
            { "iteragpu estimate --preset llama-2-7b --format nf4 --prompt-tokens 4096 --sequences 4 --device-catalog "
              "all",
                "Llama 2 7B in NF4 with a KV cache of 4 x 4096 tokens, the verdict on every catalog card" },
            { "iteragpu estimate --config config.json --framework torchtune --lora-rank 8 --batch 2 --json",
                "a LoRA fine-tuning step of the model in config.json with torchtune's habits, phase by phase, as JSON" } });
    const auto option = [&](const char* name, std::string& target, const char* placeholder, const char* group,
                            const std::string& help) {
        return sub->add_option(name, target, help)->type_name(placeholder)->group(group);
    };
    const auto flag = [&](const char* name, bool& target, const char* group, const std::string& help) {
        return sub->add_flag(name, target, help)->group(group);
    };
    // Model source.
    option(
        "--parameters", o->parameters, kCountPlaceholder, kGroupModel, "Parameter count typed in (7000000000 or 7e9)");
    option("--config", o->config, kPathPlaceholder, kGroupModel, "Hugging Face config.json");
    option("--safetensors", o->safetensors, kPathPlaceholder, kGroupModel,
        "A .safetensors file, a model.safetensors.index.json or a folder");
    option("--preset", o->preset, kIdPlaceholder, kGroupModel,
        "A model preset (e.g. llama-2-7b; 'iteragpu --list-presets' lists them)");
    sub->add_option("--model", o->model,
           "A model: ORG/NAME[@REVISION] from the local Hugging Face cache (offline; $HF_HUB_CACHE, $HF_HOME/hub or "
           "~/.cache/huggingface/hub), a folder, config.json, safetensors or GGUF file, or a preset id")
        ->type_name("ID|PATH")
        ->group(kGroupModel);
    sub->add_option("--gguf", o->gguf, "A GGUF file (llama.cpp): the shape from its metadata, the weights as stored")
        ->type_name(kPathPlaceholder)
        ->group(kGroupModel);
    option("--assume-architecture", o->assumeArchitecture, kNamePlaceholder, kGroupModel,
        "Read a config.json whose model_type is not a known architecture as this one (e.g. llama), on purpose; "
        "every output says so ('iteragpu --list-architectures' lists them)");
    // Formats.
    auto* bits = option("--bits", o->bits, kCountPlaceholder, kGroupFormats,
        "Bits per parameter for typed numbers (compact, no metadata), 1 to 64");
    std::string formats;
    for (const auto& info : allWeightFormats())
        formats += (formats.empty() ? "" : ", ") + std::string(info.name);
    auto* format
        = option("--format", o->format, kFormatPlaceholder, kGroupFormats, "Weight storage format: " + formats);
    bits->excludes(format);
    format->excludes(bits);
    option("--compute", o->compute, kFormatPlaceholder, kGroupFormats, "Compute format (fp16, bf16, fp32)");
    option("--group-size", o->groupSize, kCountPlaceholder, kGroupFormats,
        "Quantization group/block size (GPTQ/AWQ 128, NF4 64)");
    // KV cache.
    // --prompt-tokens as in measure (one name for one thing in every command); --tokens, its first name, kept.
    option("--prompt-tokens,--tokens", o->tokens, kCountPlaceholder, kGroupKvCache,
        "Prompt tokens per sequence (--tokens is the same option)");
    option("--generated", o->generated, kCountPlaceholder, kGroupKvCache, "Generated tokens per sequence");
    option("--sequences", o->sequences, kCountPlaceholder, kGroupKvCache, "Sequences held at once");
    option("--layers", o->layers, kCountPlaceholder, kGroupKvCache, "Layers");
    option("--kv-heads", o->kvHeads, kCountPlaceholder, kGroupKvCache, "KV heads (num_key_value_heads)");
    option("--head-dim", o->headDim, kCountPlaceholder, kGroupKvCache, "Head dimension");
    option("--kv-bytes", o->kvBytes, kCountPlaceholder, kGroupKvCache, "Bytes per element (overrides --kv-dtype)");
    option("--kv-dtype", o->kvDtype, kFormatPlaceholder, kGroupKvCache,
        "fp16, bf16, fp32, fp8_e4m3, int8, int4 (int: with scales)");
    option(
        "--sliding-window", o->slidingWindow, kCountPlaceholder, kGroupKvCache, "Sliding window (tokens), every layer");
    option("--mla-cache", o->mlaCache, kNamePlaceholder, kGroupKvCache,
        "How MLA layers (DeepSeek) are cached: decompressed (K and V per head, transformers; the default) or latent "
        "(kv_lora_rank + rope per token, as vLLM and SGLang keep it)");
    flag("--static-cache", o->staticCache, kGroupKvCache, "Static, preallocated to its capacity");
    option("--cache-capacity", o->capacity, kCountPlaceholder, kGroupKvCache,
        "Static capacity in tokens (implies --static-cache)");
    option("--attention", o->attention, kNamePlaceholder, kGroupKvCache,
        "eager or sdpa: adds the inference activations per phase (prefill, decode step, dequantization) and picks "
        "the training activation formula");
    // Training.
    flag("--training", o->training, kGroupTraining,
        "Size a training step (full unless --lora-rank; LoRA on --format nf4 or nf4-dq is QLoRA)");
    sub->add_option("--framework", o->framework,
           "The framework whose habits fill what is not given, hf (Trainer + PEFT) or torchtune (its single-device "
           "recipes); default hf")
        ->check(CLI::IsMember({ "hf", "torchtune" }))
        ->type_name(kNamePlaceholder)
        ->group(kGroupTraining);
    option("--optimizer", o->optimizer, kNamePlaceholder, kGroupTraining,
        "sgd, sgd-momentum, adam, adamw, adam8bit; default: the framework's (hf adamw; torchtune adamw, a full "
        "fine-tune adam8bit)");
    flag("--master-weights", o->masterWeights, kGroupTraining,
        "A float32 master copy of 16-bit weights (full fine-tune)");
    option("--lora-rank", o->loraRank, kCountPlaceholder, kGroupTraining,
        "LoRA adapters of this rank (QLoRA with --format nf4 or nf4-dq); without it, a full fine-tune");
    option("--lora-targets", o->loraTargets, kListPlaceholder, kGroupTraining,
        "q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj (any subset) or all-linear; default: the "
        "framework's");
    sub->add_option("--adapter-dtype", o->adapterDtype,
           "The adapters in float32 (hf's default) or in the compute dtype (compute, torchtune's)")
        ->check(CLI::IsMember({ "float32", "compute" }))
        ->type_name(kNamePlaceholder)
        ->group(kGroupTraining);
    option("--batch", o->batch, kCountPlaceholder, kGroupTraining,
        "Training micro-batch (sequences per forward; default 2)");
    option(
        "--seq-len", o->seqLen, kCountPlaceholder, kGroupTraining, "Training sequence length (tokens, default 2048)");
    option("--grad-accum", o->gradAccum, kCountPlaceholder, kGroupTraining,
        "Micro-batches per optimizer step (default 1)");
    auto* checkpointing = sub->add_flag("--checkpointing,!--no-checkpointing", o->checkpointing,
                                 "Activation checkpointing of every layer (default: the framework's)")
                              ->group(kGroupTraining);
    auto* paged = sub->add_flag("--paged-optimizer,!--no-paged-optimizer", o->pagedOptimizer,
                         "The optimizer's states in host memory (bitsandbytes' paged optimizers)")
                      ->group(kGroupTraining);
    auto* inBackward = sub->add_flag("--optimizer-in-backward,!--no-optimizer-in-backward", o->optimizerInBackward,
                              "Each parameter stepped as its gradient is ready (torchtune's optimizer_in_bwd)")
                           ->group(kGroupTraining);
    option("--loss-chunks", o->lossChunks, kCountPlaceholder, kGroupTraining,
        "Cross-entropy in this many chunks (torchtune's 8); 0 = the whole logits");
    option(
        "--eval-batch", o->evalBatch, kCountPlaceholder, kGroupTraining, "Evaluation batch (adds an evaluation phase)");
    flag("--export-copy", o->exportCopy, kGroupTraining, "A 16-bit copy of the weights while exporting");
    option("--grad-dtype", o->gradDtype, kFormatPlaceholder, kGroupTraining,
        "Gradient type of a parameter count's estimate (default: the compute type); with a model, PyTorch keeps "
        "each gradient in its parameter's dtype");
    // Devices.
    auto* gib = option("--reserve-gib", o->reserveGiB, kGiBPlaceholder, kGroupDevices,
        "Reserve in GiB (2^30 bytes); default " + std::string(reserveText));
    auto* gb = option("--reserve-gb", o->reserveGB, kGBPlaceholder, kGroupDevices, "Reserve in GB (10^9 bytes)");
    gib->excludes(gb);
    gb->excludes(gib);
    option("--device-catalog", o->deviceCatalog, kIdPlaceholder, kGroupDevices,
        "Fit verdict on a catalog card (id or name; 'iteragpu --list-cards') or 'all'");
    option("--tp,--tensor-parallel-size", o->tp, kCountPlaceholder, kGroupDevices,
        "Tensor-parallel degree (per-device sizes); --tensor-parallel-size is the same option");
    // The engine and vLLM's options (only with --engine vllm), named and defaulted as `vllm serve` does.
    sub->add_option("--engine", o->engine,
           "The engine served with: hf (transformers, the default), vllm (vLLM's start-up memory plan, per GPU, with "
           "--device-catalog ID) or llama.cpp (its start-up buffers per device, with --device-catalog ID)")
        ->type_name(kNamePlaceholder)
        ->check(CLI::IsMember({ "hf", "vllm", "llama.cpp" }))
        ->group(kGroupEngine);
    o->vllm.addTo(*sub, kGroupEngine, true);
    // llama.cpp's options (only with --engine llama.cpp), named and defaulted as llama-cli / llama-server do.
    const auto llamaCount = [&](const char* name, std::string& target, std::uint64_t min, const std::string& help) {
        sub->add_option(name, target, help)
            ->type_name(kCountPlaceholder)
            ->transform(countText(units::CountRange { min, UINT64_MAX }))
            ->group(kGroupEngineLlamaCpp);
    };
    llamaCount("--ctx-size", o->ctxSize, 0, "llama.cpp: context tokens (0, the default: the model's trained context)");
    llamaCount("--batch-size", o->batchSize, 1, "llama.cpp: logical batch n_batch (default 2048)");
    llamaCount("--ubatch-size", o->ubatchSize, 1, "llama.cpp: physical batch n_ubatch (default 512)");
    llamaCount("--parallel", o->parallel, 1, "llama.cpp: sequences n_seq_max (default 1)");
    sub->add_option(
           "--n-gpu-layers", o->nGpuLayers, "llama.cpp: layers in VRAM, 0 or more, or auto (the default: every layer)")
        ->type_name("N|auto")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                if (text == "auto")
                    return {};
                return countText(units::CountRange { 0, UINT64_MAX })(text);
            },
            "", "count"))
        ->group(kGroupEngineLlamaCpp);
    sub->add_option("--flash-attn", o->flashAttn, "llama.cpp: flash attention on, off or auto (default auto)")
        ->type_name(kNamePlaceholder)
        ->check(CLI::IsMember({ "on", "off", "auto" }))
        ->group(kGroupEngineLlamaCpp);
    for (const auto& [name, target] :
        { std::pair { "--cache-type-k", &o->cacheTypeK }, std::pair { "--cache-type-v", &o->cacheTypeV } })
        sub->add_option(name, *target,
               "llama.cpp: KV cache type: f32, f16 (default), bf16, q8_0, q4_0, q4_1, q5_0, q5_1, iq4_nl")
            ->type_name(kFormatPlaceholder)
            ->check(CLI::IsMember({ "f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl" }))
            ->group(kGroupEngineLlamaCpp);
    sub->add_option("--tensor-split", o->tensorSplit,
           "llama.cpp: proportions per GPU, comma-separated (3,1); one entry per device, each a card of "
           "--device-catalog (default: one GPU)")
        ->type_name(kListPlaceholder)
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                std::string error;
                return tensorSplitOf(text, error) ? std::string() : error;
            },
            "", "list"))
        ->group(kGroupEngineLlamaCpp);
    sub->add_flag("--swa-full", o->swaFull, "llama.cpp: sliding-window layers keep a full-size cache")
        ->group(kGroupEngineLlamaCpp);
    sub->add_flag("--kv-unified", o->kvUnified, "llama.cpp: one KV stream shared by the sequences")
        ->group(kGroupEngineLlamaCpp);
    // Output.
    addJsonFlag(*sub, o->json,
        "Print one JSON object (schema iteragpu.estimate/1; iteragpu.estimate/2 with --engine vllm or llama.cpp, which "
        "adds the `engine` object; iteragpu.estimate/3 for a training step of a model, which adds the "
        "`training_step` object)");
    sub->callback([o, &action, &out, &err, checkpointing, paged, inBackward] {
        o->checkpointingGiven = checkpointing->count() > 0;
        o->pagedGiven = paged->count() > 0;
        o->inBackwardGiven = inBackward->count() > 0;
        action = [o, &out, &err] { return runEstimate(*o, out, err); };
    });
}

} // namespace iteragpu::cli
