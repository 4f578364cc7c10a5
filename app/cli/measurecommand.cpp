// SPDX-License-Identifier: Apache-2.0
#include "app/cli/measurecommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/ledgerprinter.h"
#include "app/cli/optionconventions.h"
#include "app/cli/vllmclioptions.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/vllmrun.h"
#include "core/registry/backendregistry.h"
#include "core/report/resultjson.h"
#include "core/report/textsummary.h"
#include "core/runner/preparerun.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/sizing/weightformat.h"
#include "core/training/recipechoices.h"
#include "core/units/inputerror.h"
#include "core/units/printable.h"
#include "core/units/units.h"
#include "core/workloads/decodersource.h"

#include <CLI/CLI.hpp>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <tuple>

namespace iteragpu::cli {

namespace {

    struct MeasureOptions {
        std::string device;
        std::string output;
        std::string mode = "inference";
        std::string dtype = "float32";
        std::string allocator = "native";
        std::uint64_t batch = 2;
        std::uint64_t context = 128;
        std::uint64_t width = 1024;
        std::uint32_t warmup = 3;
        std::uint32_t repeats = 5;
        bool emptyCache = false;
        bool stream = false;
        bool json = false; // the result document on stdout (as --output -)
        bool force = false; // replace an existing --output
        std::optional<std::uint64_t> simCapacityBytes; // sim:N only; nullopt: the simulated device's own default
        std::optional<std::uint64_t> simContextMiB; // sim:N only; nullopt: sim::kDefaultSimContextBytes
        std::optional<std::uint64_t> simWorkspaceMiB; // sim:N only; nullopt: sim::kDefaultSimWorkspaceBytes
        std::string ledger = "peak"; // peak, all or none
        double samplingHz = protocol::kDefaultSamplingHz;
        std::uint64_t seed = 0;
        bool dtypeGiven = false;
        bool modelGiven = false; // --model, even as an empty string (refused, never the dense network instead)
        bool outputGiven = false; // --output, even as an empty string (refused, never a run that writes nothing)
        // The decoder (--model); the counts start at DecoderSpec's defaults.
        std::string model;
        std::string format; // empty: the config's quantization_config, else its torch_dtype (DecoderSource)
        std::optional<std::uint64_t> groupSize; // --group-size: GPTQ / AWQ input rows per group
        std::vector<std::uint64_t> fp8Block; // --weight-block-size ROWS,COLUMNS: fp8's scale blocks
        std::string assumeArchitecture; // read an unknown model_type as this table entry, on purpose
        std::uint64_t promptTokens = protocol::DecoderSpec {}.promptTokens;
        std::uint64_t generated = protocol::DecoderSpec {}.generated;
        std::uint64_t sequences = protocol::DecoderSpec {}.sequences;
        std::string kvCache = protocol::kvCacheName(protocol::DecoderSpec {}.cache);
        std::string attention = protocol::attentionName(protocol::DecoderSpec {}.attention);
        std::uint64_t decodeChunk = protocol::DecoderSpec {}.decodeChunk;
        // The decoder's training step (--mode training with --model): what was given, the rest from --framework.
        std::string framework = "hf";
        std::optional<std::uint64_t> loraRank;
        std::string loraTargets;
        std::string adapterDtype;
        std::optional<std::uint64_t> seqLen;
        std::optional<std::uint64_t> gradAccum;
        std::optional<std::uint64_t> lossChunks;
        std::optional<std::uint64_t> evalBatch;
        std::string optimizer;
        std::string gradDtype;
        bool checkpointing = false, pagedOptimizer = false, optimizerInBackward = false, masterWeights = false;
        bool exportCopy = false, compiled = false;
        // Which of the flags above were given (their negations --no-... included), and --batch.
        bool checkpointingGiven = false, pagedGiven = false, inBackwardGiven = false, batchGiven = false;
        bool compiledGiven = false;
        std::vector<std::string> trainingGiven; // the training options given, for the refusal without training
        // The simulated card (sim:N only); empty / nullopt when not given.
        std::string simCard;
        std::optional<double> simSpeed;
        // --engine vllm: vLLM's start-up rehearsed (Note [vLLM rehearsal]), its options spelled as estimate spells
        // them (VllmCliOptions); --dtype then takes vLLM's spelling.
        std::string engine = "hf";
        VllmCliOptions vllm;
        std::string tp; // --tp / --tensor-parallel-size: refused above 1 (one device)
        std::vector<std::string> notWithVllm; // options given that vLLM's rehearsal does not take
    };

    // --engine vllm on top of the decoder's configuration: vLLM's options, its dtype as the weights' storage, the
    // plan still to be made on the device's total (planVllmRun). An exit code on a refusal.
    std::optional<int> configureVllm(const MeasureOptions& o, protocol::RunConfig& config, std::ostream& err)
    {
        const char* prefix = "iteragpu measure: ";
        if (!o.notWithVllm.empty()) {
            err << prefix << o.notWithVllm.front()
                << " is not an option of vLLM's rehearsal (--engine vllm): vLLM chooses its own cache, attention and "
                   "allocator, and serves --sequences requests of --prompt-tokens + --generated tokens\n";
            return kExitUsage;
        }
        protocol::attachVllm(config, o.vllm.options(o.tp, o.dtypeGiven ? o.dtype : std::string("auto"), std::string()));
        if (const std::string why = protocol::vllmRehearsalProblem(config); !why.empty()) {
            err << prefix << why << "\n";
            return kExitUsage;
        }
        return std::nullopt;
    }

    // The training recipe of `measure --mode training --model M`: the framework's profile with the options given
    // over it (training::resolveRecipe, the same rules as the window's). An exit code on a bad option.
    std::optional<int> configureTraining(
        const MeasureOptions& o, protocol::RunConfig& config, protocol::DecoderSpec& spec, std::ostream& err)
    {
        const char* prefix = "iteragpu measure: ";
        training::RecipeChoices c;
        c.framework = *training::frameworkFromName(o.framework); // IsMember-checked
        const bool nf4 = spec.storage == protocol::WeightStorage::Nf4
            || spec.storage == protocol::WeightStorage::Nf4DoubleQuant;
        c.method = !o.loraRank ? training::Method::Full : nf4 ? training::Method::Qlora : training::Method::Lora;
        if (!o.loraTargets.empty()) {
            const training::TargetList t = training::parseLoraTargets(o.loraTargets);
            if (!t.error.empty()) {
                err << prefix << "--lora-targets: " << t.error << "\n";
                return kExitUsage;
            }
            c.targets = t.targets;
        }
        if (c.method == training::Method::Full && (!o.loraTargets.empty() || !o.adapterDtype.empty())) {
            err << prefix << "--lora-targets and --adapter-dtype describe LoRA adapters: give --lora-rank too\n";
            return kExitUsage;
        }
        c.rank = o.loraRank;
        if (!o.adapterDtype.empty())
            c.adapterFp32 = o.adapterDtype == "float32";
        if (o.batchGiven)
            c.microBatch = o.batch;
        c.sequenceLength = o.seqLen;
        c.gradAccum = o.gradAccum;
        c.lossChunks = o.lossChunks;
        c.evalBatch = o.evalBatch;
        if (o.checkpointingGiven)
            c.checkpointing = o.checkpointing;
        if (o.compiledGiven)
            c.compiled = o.compiled;
        if (o.pagedGiven)
            c.pagedOptimizer = o.pagedOptimizer;
        if (o.inBackwardGiven)
            c.optimizerInBackward = o.optimizerInBackward;
        if (o.masterWeights)
            c.masterWeights = true;
        if (o.exportCopy)
            c.exportCopy = true;
        if (!o.optimizer.empty()) {
            const auto kind = training::optimizerKindFromName(o.optimizer);
            if (!kind) {
                err << prefix << "--optimizer " << units::printable(o.optimizer, units::kNameBytes)
                    << ": the decoder's training step measures sgd, adamw and adam8bit (estimate also sizes "
                       "sgd-momentum and adam)\n";
                return kExitUsage;
            }
            c.optimizer = kind;
        }
        training::TrainingRecipe recipe = training::resolveRecipe(c);
        if (!o.gradDtype.empty()) {
            // PyTorch keeps a gradient in its parameter's dtype: the adapters' or the weights' own.
            const device::DType own = recipe.method != training::Method::Full && recipe.adapterFp32
                ? device::DType::Float32
                : protocol::decoderComputeDType(config);
            const auto given = device::dtypeFromName(o.gradDtype == "fp32" ? "float32"
                    : o.gradDtype == "bf16"                                 ? "bfloat16"
                    : o.gradDtype == "fp16"                                 ? "float16"
                                                                            : o.gradDtype);
            if (!given || *given != own) {
                err << prefix << "--grad-dtype " << units::printable(o.gradDtype, units::kNameBytes)
                    << ": PyTorch keeps each gradient in its parameter's dtype, " << device::dtypeName(own)
                    << " here\n";
                return kExitUsage;
            }
        }
        spec.training = recipe;
        return std::nullopt;
    }

    // The decoder's part of the configuration: the model named, then the options over its defaults. Returns an
    // exit code when it cannot (the reason written to err), nullopt when config is ready.
    std::optional<int> configureDecoder(const MeasureOptions& o, protocol::RunConfig& config, std::ostream& err)
    {
        const char* prefix = "iteragpu measure: ";
        protocol::DecoderSpec spec;
        std::optional<protocol::WeightStorage> chosen;
        if (!o.format.empty()) {
            chosen = protocol::weightStorageFromName(o.format);
            if (!chosen) {
                const auto known = sizing::weightFormatFromName(o.format);
                err << prefix << "--format " << units::printable(o.format, units::kNameBytes)
                    << (known && *known == sizing::WeightFormat::Int4Compact
                               ? " is 4 bits per parameter with no scales or zeros, a bound that no checkpoint stores: "
                                 "'iteragpu estimate' sizes it; measure builds "
                               : " is not a weight format measure builds; it builds ")
                    << protocol::weightStorageNames() << "\n";
                return kExitUsage;
            }
        }
        try {
            spec = workloads::DecoderSource::resolve(o.model, {}, o.assumeArchitecture, chosen.has_value());
        } catch (const units::InputError& e) {
            err << prefix << units::printable(e.what(), units::kTextBytes) << "\n";
            return kExitError;
        }
        if (chosen)
            spec.storage = *chosen;
        const bool int4
            = spec.storage == protocol::WeightStorage::GptqInt4 || spec.storage == protocol::WeightStorage::AwqInt4;
        const bool fp8
            = spec.storage == protocol::WeightStorage::Fp8E4m3 || spec.storage == protocol::WeightStorage::Fp8E5m2;
        if (o.groupSize) {
            if (!int4) {
                err << prefix << "--group-size is the group of gptq-int4 and awq-int4 weights, not of "
                    << protocol::weightStorageName(spec.storage) << "\n";
                return kExitUsage;
            }
            spec.quantGroup = *o.groupSize;
        }
        if (!o.fp8Block.empty()) {
            if (!fp8) {
                err << prefix << "--weight-block-size is the scale block of fp8 weights, not of "
                    << protocol::weightStorageName(spec.storage) << "\n";
                return kExitUsage;
            }
            if (o.fp8Block.size() != 2 || o.fp8Block[0] == 0 || o.fp8Block[1] == 0) {
                err << prefix << "--weight-block-size takes ROWS,COLUMNS, each at least 1\n";
                return kExitUsage;
            }
            spec.fp8BlockRows = o.fp8Block[0];
            spec.fp8BlockColumns = o.fp8Block[1];
        }
        spec.promptTokens = o.promptTokens;
        spec.generated = o.generated;
        spec.sequences = o.sequences;
        spec.cache = *protocol::kvCacheFromName(o.kvCache);
        spec.attention = *protocol::attentionFromName(o.attention);
        spec.decodeChunk = o.decodeChunk;
        // Float weights compute in their own type; --dtype chooses the compute type of int8 and nf4 weights
        // (bf16 when not given), so a --dtype that the weights would not use is refused, not ignored.
        if (!protocol::weightStorageQuantized(spec.storage)) {
            config.workload = protocol::WorkloadKind::Decoder;
            config.decoder = spec;
            const device::DType own = protocol::decoderComputeDType(config);
            if (o.dtypeGiven && config.dtype != own) {
                err << prefix << "--dtype " << o.dtype
                    << " does not apply: " << protocol::weightStorageName(spec.storage) << " weights compute in "
                    << device::dtypeName(own)
                    << " (choose the weights' format with --format; --dtype is the compute type of quantized "
                       "weights)\n";
                return kExitUsage;
            }
            config.dtype = own;
        } else if (!o.dtypeGiven) {
            config.dtype = device::DType::BFloat16;
        }
        config.workload = protocol::WorkloadKind::Decoder;
        if (config.mode == protocol::Mode::Training) {
            config.decoder = spec;
            if (const auto code = configureTraining(o, config, spec, err))
                return code;
        } else if (o.batchGiven) {
            err << prefix << "--batch with --model is a training micro-batch (--mode training); a decoder's "
                          "inference runs --sequences at once\n";
            return kExitUsage;
        }
        config.decoder = std::move(spec);
        return std::nullopt;
    }

    // Prints phases as they finish (human lines), or JSON lines of every event with --stream. Called from the run's
    // thread and the sampler's thread, hence the lock.
    class CliObserver : public protocol::RunObserver {
    public:
        CliObserver(std::ostream& out, std::ostream& err, bool stream, bool simulated, std::size_t phaseCount)
            : m_out(out)
            , m_err(err)
            , m_stream(stream)
            , m_simulated(simulated)
            , m_phaseCount(phaseCount)
        {
        }
        void phaseStarted(std::uint64_t runId, const protocol::PhaseResult& phase) override
        {
            if (!m_stream)
                return;
            line({ { "event", "phase_started" }, { "run_id", runId }, { "simulated", m_simulated },
                { "phase", report::phaseToJson(phase, false) } });
        }
        void samplesReady(std::uint64_t runId, const std::vector<protocol::Sample>& batch) override
        {
            if (!m_stream)
                return;
            auto list = nlohmann::ordered_json::array();
            for (const auto& s : batch)
                list.push_back(report::sampleToJson(s));
            line({ { "event", "samples" }, { "run_id", runId }, { "simulated", m_simulated }, { "samples", list } });
        }
        void phaseFinished(std::uint64_t runId, const protocol::PhaseResult& phase) override
        {
            if (m_stream)
                line({ { "event", "phase_finished" }, { "run_id", runId }, { "simulated", m_simulated },
                    { "phase", report::phaseToJson(phase, false) } });
            std::lock_guard lock(m_mutex);
            (m_stream ? m_err : m_out) << report::phaseSummary(phase, m_phaseCount, m_simulated) << std::flush;
        }
        void runFinished(std::uint64_t runId, const protocol::RunResult& result) override
        {
            if (!m_stream)
                return;
            line({ { "event", "run_finished" }, { "run_id", runId }, { "simulated", result.simulated },
                { "completed", result.completed }, { "cancelled", result.cancelled },
                { "error",
                    result.error.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(result.error) } });
        }

    private:
        void line(const nlohmann::ordered_json& j)
        {
            std::lock_guard lock(m_mutex);
            m_out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n' << std::flush;
        }
        std::ostream& m_out;
        std::ostream& m_err;
        bool m_stream;
        bool m_simulated;
        std::size_t m_phaseCount;
        std::mutex m_mutex;
    };

    // Note [Interrupted run]
    // SIGINT or SIGTERM during a run asks the runner to stop after the current step or phase (Runner::cancel, one
    // atomic store: safe in a signal handler); the phases not started are recorded not_run, the result is marked
    // cancelled and still written to --output (writeResultFile holds these signals while its temporary file
    // exists), and measure exits with kExitInterrupted. The handler is one-shot: a second signal ends the
    // process at once, as the user then asks.
    std::atomic<protocol::Runner*> g_interruptedRunner { nullptr };
    volatile std::sig_atomic_t g_interruptSignal = 0;

    void cancelOnSignal(int signal)
    {
        g_interruptSignal = signal;
        if (protocol::Runner* runner = g_interruptedRunner.load())
            runner->cancel();
    }

    class InterruptCancelsRun {
    public:
        explicit InterruptCancelsRun(protocol::Runner& runner)
        {
            g_interruptSignal = 0;
            g_interruptedRunner.store(&runner);
            struct sigaction action {};
            action.sa_handler = cancelOnSignal;
            sigemptyset(&action.sa_mask);
            action.sa_flags = SA_RESETHAND | SA_RESTART;
            sigaction(SIGINT, &action, &m_oldInt);
            sigaction(SIGTERM, &action, &m_oldTerm);
        }
        ~InterruptCancelsRun()
        {
            sigaction(SIGINT, &m_oldInt, nullptr);
            sigaction(SIGTERM, &m_oldTerm, nullptr);
            g_interruptedRunner.store(nullptr);
        }
        InterruptCancelsRun(const InterruptCancelsRun&) = delete;
        InterruptCancelsRun& operator=(const InterruptCancelsRun&) = delete;
        int signal() const { return g_interruptSignal; }

    private:
        struct sigaction m_oldInt {};
        struct sigaction m_oldTerm {};
    };

    int runMeasure(const MeasureOptions& o, std::ostream& out, std::ostream& err)
    {
        const char* prefix = "iteragpu measure: ";
        protocol::RunConfig config;
        config.deviceId = o.device;
        config.mode = *protocol::modeFromName(o.mode);
        const bool vllm = o.engine == "vllm";
        if (VllmCliOptions::dtypeFromName(o.dtype) && !device::dtypeFromName(o.dtype)) { // auto, half, float
            if (!vllm) {
                err << prefix << "--dtype " << o.dtype << " is vLLM's spelling: give --engine vllm, or float32, "
                    << "float16 or bfloat16\n";
                return kExitUsage;
            }
        } else if (vllm && o.dtypeGiven && !VllmCliOptions::dtypeFromName(o.dtype)) {
            err << prefix << "--dtype " << o.dtype << ": vLLM's --dtype is one of " << VllmCliOptions::dtypeNames()
                << "\n";
            return kExitUsage;
        }
        if (!vllm) {
            std::vector<std::string> given = o.vllm.given(false);
            if (!o.tp.empty())
                given.push_back("--tp");
            if (!given.empty()) {
                std::string names;
                for (const auto& n : given)
                    names += (names.empty() ? "" : ", ") + n;
                err << prefix << names << (given.size() == 1 ? " is an option" : " are options")
                    << " of vLLM's rehearsal: give --engine vllm\n";
                return kExitUsage;
            }
        } else if (!o.modelGiven) {
            err << prefix << "--engine vllm rehearses vLLM's start-up of a model: give --model\n";
            return kExitUsage;
        }
        config.dtype = device::dtypeFromName(o.dtype).value_or(device::DType::BFloat16);
        config.allocator = *protocol::allocatorFromName(o.allocator);
        config.batch = o.batch;
        config.context = o.context;
        config.width = o.width;
        config.warmup = o.warmup;
        config.repeats = o.repeats;
        config.emptyCacheBetweenRepeats = o.emptyCache;
        config.samplingHz = o.samplingHz;
        config.seed = o.seed;

        std::string idError;
        const auto id = device::parseDeviceId(o.device, idError);
        if (!id) { // not BACKEND:INDEX or an unknown backend: a bad argument, not a missing device
            err << prefix << idError << "\n";
            return kExitUsage;
        }
        if (o.outputGiven && o.output.empty()) {
            err << prefix << "--output '' names no file (give a path, or '-' for stdout); nothing was run\n";
            return kExitUsage;
        }
        if (id->backend != "sim" && (!o.simCard.empty() || o.simSpeed)) {
            err << prefix << (o.simCard.empty() ? "--sim-speed" : "--sim-card") << " applies to sim:N devices only\n";
            return kExitUsage;
        }
        config.simCard = o.simCard;
        if (o.simSpeed)
            config.simSpeed = *o.simSpeed;
        if (o.simCapacityBytes) { // positive, in bytes (sizeText)
            if (id->backend != "sim") {
                err << prefix << "--sim-capacity-gib applies to sim:N devices only\n";
                return kExitUsage;
            }
            config.simCapacityBytes = o.simCapacityBytes;
        }
        if ((o.simContextMiB || o.simWorkspaceMiB) && id->backend != "sim") {
            err << prefix << (o.simContextMiB ? "--sim-context-mib" : "--sim-workspace-mib")
                << " applies to sim:N devices only\n";
            return kExitUsage;
        }
        for (const auto& [given, bytes, name] :
            { std::tuple { o.simContextMiB, &config.simContextBytes, "--sim-context-mib" },
                std::tuple { o.simWorkspaceMiB, &config.simWorkspaceBytes, "--sim-workspace-mib" } }) {
            if (!given)
                continue;
            if (*given >= (std::uint64_t(1) << 44)) { // 2^64 bytes or more
                err << prefix << name << " " << *given << " is beyond any device\n";
                return kExitUsage;
            }
            *bytes = *given * units::kMiB;
        }
        if (!o.trainingGiven.empty() && (config.mode != protocol::Mode::Training || !o.modelGiven)) {
            err << prefix << o.trainingGiven.front()
                << " describes a decoder's training step: it needs --mode training and --model\n";
            return kExitUsage;
        }
        if (o.modelGiven) {
            MeasureOptions decoderOptions = o;
            if (vllm) // vLLM's --dtype is read by configureVllm, not as the compute type of quantized weights
                decoderOptions.dtypeGiven = false;
            if (const auto code = configureDecoder(decoderOptions, config, err))
                return *code;
        }
        if (vllm)
            if (const auto code = configureVllm(o, config, err))
                return *code;
        // Validation, backend, index, the run's open options and vLLM's plan on the device's total, once, in core
        // (the window does the same).
        device::BackendRegistry registry;
        registry.loadFor(o.device); // only the module this device needs (none for sim:N)
        protocol::PreparedRun prepared = protocol::prepareRun(registry, config);
        switch (prepared.failure) {
        case protocol::PreparedRun::Failure::None:
            break;
        case protocol::PreparedRun::Failure::InvalidConfig:
            err << prefix << prepared.error << "\n";
            return kExitError;
        case protocol::PreparedRun::Failure::OptionNotApplicable:
            err << prefix << prepared.error << "\n";
            return kExitUsage;
        case protocol::PreparedRun::Failure::InvalidDeviceId:
            err << prefix << prepared.error << "\n";
            return kExitUsage;
        case protocol::PreparedRun::Failure::BackendUnavailable:
        case protocol::PreparedRun::Failure::NoSuchDevice:
        case protocol::PreparedRun::Failure::NoDeviceTotal:
            err << prefix << prepared.error << "\n";
            return kExitNoDevice;
        }
        config = prepared.config;
        // A folder that is missing or read-only, or a name too long for it, is refused before the run, not after.
        if (std::string why; !o.output.empty() && o.output != "-" && !report::canCreateFile(o.output, why)) {
            err << prefix << why << "; nothing was run\n";
            return kExitUsage;
        }
        std::error_code ec;
        if (!o.output.empty() && o.output != "-" && !o.force
            && std::filesystem::symlink_status(o.output, ec).type() != std::filesystem::file_type::not_found) {
            err << prefix << "the output file " << units::printable(o.output)
                << " exists; it is left untouched (choose another path)\n";
            return kExitOutputExists;
        }

        const bool simulated = prepared.backend.simulated;
        const std::size_t phaseCount = protocol::planPhases(config).size();
        // With the result document on stdout (--json, --output -), the human lines go to stderr as with --stream.
        const bool resultOnStdout = o.json || o.output == "-";
        std::ostream& human = o.stream || resultOnStdout ? err : out;
        CliObserver observer(o.stream ? out : human, err, o.stream, simulated, phaseCount);
        protocol::RunResult header;
        header.config = config;
        header.simulated = simulated;
        if (prepared.device)
            header.environment.device = *prepared.device;
        header.environment.backend = prepared.backend.name;
        human << report::runHeader(header) << std::flush;

        protocol::Runner runner;
        const InterruptCancelsRun interrupts(runner); // Note [Interrupted run]
        runner.start(config, prepared.backend, std::move(prepared.factory), &observer);
        const protocol::RunResult result = runner.wait();
        // Why the peak exceeds the estimate, from the result alone ('iteragpu explain' prints it again from the file).
        human << ledgerText(result, *ledgerChoiceFromName(o.ledger));
        human << report::runFooter(result) << std::flush;

        if (result.deviceMissing) {
            err << prefix << result.error << "\n";
            return kExitNoDevice;
        }
        if (resultOnStdout)
            out << report::toJson(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n' << std::flush;
        if (!o.output.empty() && o.output != "-") {
            std::string error;
            const auto written = report::writeResultFile(o.output, result, error, o.force);
            if (const int code = writeExitCode(written, error, err, prefix))
                return code;
            human << "result written to " << o.output << (simulated ? " (simulated)" : "") << "\n";
        }
        if (const int signal = interrupts.signal(); signal != 0) {
            std::size_t ran = 0;
            for (const auto& p : result.phases)
                ran += p.status != protocol::PhaseStatus::NotRun ? 1 : 0;
            err << prefix << "interrupted by " << (signal == SIGINT ? "SIGINT" : "SIGTERM") << ": the run stopped after "
                << ran << " of " << result.phases.size() << " phases"
                << (o.output.empty() || o.output == "-" ? ""
                        : result.cancelled      ? ", the result written is marked cancelled"
                                                : ", the result written is complete")
                << "\n";
            return kExitInterrupted;
        }
        if (!result.error.empty()) {
            err << prefix << result.error << "\n";
            return kExitError;
        }
        for (const auto& p : result.phases)
            if (p.status == protocol::PhaseStatus::Failed) {
                err << prefix << "phase " << protocol::phaseLabel(p) << " failed" << (p.outOfMemory.value_or(false) ? " (out of memory): " : ": ") << p.error << "\n";
                return kExitError;
            }
        return kExitOk;
    }

} // namespace

void addMeasureCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<MeasureOptions>();
    auto* sub = app.add_subcommand("measure",
        "Run a workload phase by phase on a device and record its memory: the dense network (--width, the seeds' "
        "exercise) or a decoder-only transformer (--model).");
    setExamples(*sub,
        { { "iteragpu measure --device sim:0 --sim-card rtx-4090 --model llama-3-8b --mode training --framework "
              "torchtune --batch 2 --seq-len 2048 --lora-rank 8",
              "one LoRA fine-tuning step of Llama 3 8B with torchtune's habits, phase by phase, on a simulated RTX 4090" },
            { "iteragpu measure --device sim:0 --output run.json",
              "the dense network on the simulated device, the result written to run.json (simulated)" },
            { "iteragpu measure --device cuda:0 --model llama-2-7b --format nf4 --prompt-tokens 4096 --json",
                "a Llama 2 7B decoder in NF4 on the first CUDA device, the result document on stdout" } });
    const auto count = [](CLI::Option* o, units::CountRange range = {}) {
        return o->transform(countText(range))->type_name(kCountPlaceholder);
    };
    constexpr units::CountRange kPositive { 1, UINT64_MAX };
    constexpr units::CountRange kUint32 { 0, UINT32_MAX };

    // Model: the dense network's shape, or the decoder (random weights of the model's shape, no checkpoint read).
    auto* batch = count(sub->add_option("--batch", opts->batch, "Dense network: sequences per batch"), kPositive)
                      ->capture_default_str()
                      ->group(kGroupModel);
    auto* context = count(sub->add_option("--context", opts->context, "Dense network: tokens per sequence"), kPositive)
                        ->capture_default_str()
                        ->group(kGroupModel);
    auto* width = count(sub->add_option("--width", opts->width, "Dense network: hidden width"), kPositive)
                      ->capture_default_str()
                      ->group(kGroupModel);
    auto* model = sub->add_option("--model", opts->model,
                         "Decoder to measure: ORG/NAME[@REVISION] from the local Hugging Face cache (offline), a preset id "
        "(llama-2-7b), a config.json, a folder with one, or a .safetensors file")
                      ->type_name(kIdPlaceholder + std::string("|") + kPathPlaceholder)
                      ->group(kGroupModel);
    model->excludes(width)->excludes(context); // --batch with --model: the training micro-batch
    sub->add_option("--assume-architecture", opts->assumeArchitecture,
           "Decoder: read a config.json whose model_type is not a known architecture as this one (e.g. llama), on "
           "purpose; the result says so")
        ->type_name(kNamePlaceholder)
        ->needs(model)
        ->group(kGroupModel);
    const auto decoderOption = [&](CLI::Option* option, const char* group) {
        option->needs(model)->capture_default_str()->group(group);
    };
    decoderOption(count(sub->add_option("--prompt-tokens", opts->promptTokens, "Decoder: prompt tokens per sequence "
                                                                               "(prefill)"),
                      kPositive),
        kGroupModel);
    decoderOption(count(sub->add_option("--generated", opts->generated, "Decoder: tokens generated per sequence "
                                                                        "(decode steps)")),
        kGroupModel);
    decoderOption(
        count(sub->add_option("--sequences", opts->sequences, "Decoder: sequences generated at once"), kPositive),
        kGroupModel);
    decoderOption(count(sub->add_option("--decode-chunk", opts->decodeChunk, "Decoder: decode steps per phase record; "
                                                                             "0 = one record")),
        kGroupModel);
    // Formats.
    decoderOption(sub->add_option("--format", opts->format,
                         "Weights' format: " + protocol::weightStorageNames()
                             + " (default: the config's quantization_config, else its torch_dtype)")
                      ->type_name(kFormatPlaceholder),
        kGroupFormats);
    decoderOption(count(sub->add_option("--group-size", opts->groupSize,
                            "gptq-int4 / awq-int4: input rows per group of scales and zeros (default: the config's, "
                            "else 128)"),
                      kPositive),
        kGroupFormats);
    decoderOption(sub->add_option("--weight-block-size", opts->fp8Block,
                         "fp8: ROWS,COLUMNS of a scale block (DeepSeek-V3: 128,128; default: the config's "
                         "weight_block_size, else one scale per tensor)")
                      ->expected(2)
                      ->delimiter(',')
                      ->type_name("ROWS,COLUMNS"),
        kGroupFormats);
    auto* dtype = sub->add_option("--dtype", opts->dtype,
                         "float32, float16 or bfloat16 (with --model: the compute type of quantized weights, default "
                         "bfloat16); with --engine vllm, vLLM's --dtype: auto, half, float16, bfloat16, float, float32")
                      ->check(CLI::IsMember(
                          { "float32", "float16", "bfloat16", "fp32", "fp16", "bf16", "auto", "half", "float" }))
                      ->capture_default_str()
                      ->type_name(kFormatPlaceholder)
                      ->group(kGroupFormats);
    // KV cache.
    decoderOption(sub->add_option("--kv-cache", opts->kvCache, "dynamic (grows), static or paged (16 tokens)")
                      ->check(CLI::IsMember({ "dynamic", "static", "paged" }))
                      ->type_name(kNamePlaceholder),
        kGroupKvCache);
    decoderOption(sub->add_option("--attention", opts->attention, "eager (holds the q x k scores) or sdpa (tiled)")
                      ->check(CLI::IsMember({ "eager", "sdpa" }))
                      ->type_name(kNamePlaceholder),
        kGroupKvCache);
    // Training (--mode training --model M): estimate's spelling; what is not given comes from --framework.
    std::vector<CLI::Option*> trainingOptions;
    const auto trainingOption = [&](CLI::Option* option) {
        option->group(kGroupTraining);
        trainingOptions.push_back(option);
        return option;
    };
    trainingOption(sub->add_option("--framework", opts->framework,
                          "Decoder training: the framework whose habits the step follows, hf (Trainer + PEFT) or "
                          "torchtune (its single-device recipes); default hf")
                       ->check(CLI::IsMember({ "hf", "torchtune" }))
                       ->type_name(kNamePlaceholder));
    trainingOption(count(sub->add_option("--lora-rank", opts->loraRank,
                             "Decoder training: LoRA adapters of this rank (QLoRA with --format nf4 or nf4-dq); "
                             "without it, a full fine-tune"),
        kPositive));
    trainingOption(sub->add_option("--lora-targets", opts->loraTargets,
                          "Decoder training: q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj (any subset) or "
                          "all-linear; default: the framework's")
                       ->type_name(kListPlaceholder));
    trainingOption(sub->add_option("--adapter-dtype", opts->adapterDtype,
                          "Decoder training: the adapters in float32 (hf's default) or in the compute dtype (compute, "
                          "torchtune's)")
                       ->check(CLI::IsMember({ "float32", "compute" }))
                       ->type_name(kNamePlaceholder));
    trainingOption(count(sub->add_option("--seq-len", opts->seqLen,
                             "Decoder training: tokens per sequence (default 2048)"),
        kPositive));
    trainingOption(count(sub->add_option("--grad-accum", opts->gradAccum,
                             "Decoder training: micro-batches per optimizer step (default 1)"),
        kPositive));
    auto* checkpointingFlag = trainingOption(sub->add_flag("--checkpointing,!--no-checkpointing", opts->checkpointing,
        "Decoder training: activation checkpointing of every layer (default: the framework's)"));
    auto* compileFlag = trainingOption(sub->add_flag("--compile,!--no-compile", opts->compiled,
        "Decoder training: torch.compile's fusions (fused RMSNorm, gated activation and cross-entropy; default off)"));
    trainingOption(sub->add_option("--optimizer", opts->optimizer, "Decoder training: sgd, adamw or adam8bit")
                       ->type_name(kNamePlaceholder));
    auto* pagedFlag = trainingOption(sub->add_flag("--paged-optimizer,!--no-paged-optimizer", opts->pagedOptimizer,
        "Decoder training: the optimizer's states in host memory (bitsandbytes' paged optimizers)"));
    auto* inBackwardFlag = trainingOption(sub->add_flag("--optimizer-in-backward,!--no-optimizer-in-backward", opts->optimizerInBackward,
        "Decoder training: each parameter stepped as its gradient is ready (torchtune's optimizer_in_bwd)"));
    trainingOption(sub->add_flag("--master-weights", opts->masterWeights,
        "Decoder training: a float32 master copy of 16-bit weights (full fine-tune)"));
    trainingOption(count(sub->add_option("--loss-chunks", opts->lossChunks,
        "Decoder training: cross-entropy in this many chunks (torchtune's 8); 0 = the whole logits")));
    trainingOption(count(sub->add_option("--eval-batch", opts->evalBatch,
        "Decoder training: sequences of an eval phase (a forward without gradients); 0 = none")));
    trainingOption(sub->add_flag("--export-copy", opts->exportCopy,
        "Decoder training: a checkpoint_save phase, a 16-bit copy of the trained weights or adapters"));
    trainingOption(sub->add_option("--grad-dtype", opts->gradDtype,
                          "Decoder training: the gradients' dtype; PyTorch keeps its parameter's, the only one accepted")
                       ->type_name(kFormatPlaceholder));
    // Run.
    sub->add_option("--mode", opts->mode, "inference or training")
        ->check(CLI::IsMember({ "inference", "training" }))
        ->capture_default_str()
        ->type_name(kNamePlaceholder)
        ->group(kGroupRun);
    count(sub->add_option("--warmup", opts->warmup, "Warm-up iterations (one phase)"), kUint32)
        ->capture_default_str()
        ->group(kGroupRun);
    count(sub->add_option("--repeats", opts->repeats, "Measured repeats (one phase each)"), kUint32)
        ->capture_default_str()
        ->group(kGroupRun);
    sub->add_option("--allocator", opts->allocator, "native (caching allocator) or async (driver pool)")
        ->check(CLI::IsMember({ "native", "async" }))
        ->capture_default_str()
        ->type_name(kNamePlaceholder)
        ->group(kGroupRun);
    sub->add_flag("--empty-cache-between-repeats", opts->emptyCache, "empty_cache() before each warm repeat")
        ->group(kGroupRun);
    char hzRange[64];
    std::snprintf(hzRange, sizeof hzRange, "Sampler rate, %g to %g Hz", protocol::kMinSamplingHz,
        protocol::kMaxSamplingHz);
    sub->add_option("--sampling-hz", opts->samplingHz, hzRange)
        ->check(decimalText(protocol::kMinSamplingHz, protocol::kMaxSamplingHz))
        ->capture_default_str()
        ->type_name("HZ")
        ->group(kGroupRun);
    count(sub->add_option("--seed", opts->seed, "Seed of the synthetic weights and inputs"))
        ->capture_default_str()
        ->group(kGroupRun);
    // The simulated device, for either workload.
    sub->add_option("--sim-capacity-gib", opts->simCapacityBytes, "Capacity of the simulated device")
        ->transform(sizeText(units::kGiB, "GiB", false))
        ->type_name(kGiBPlaceholder)
        ->group(kGroupSimulated);
    sub->add_option("--sim-context-mib", opts->simContextMiB,
           "Simulated CUDA context outside the allocator (default "
               + std::to_string(sim::kDefaultSimContextBytes / units::kMiB) + " MiB, an assumed typical size)")
        ->transform(countText())
        ->type_name(kMiBPlaceholder)
        ->group(kGroupSimulated);
    sub->add_option("--sim-workspace-mib", opts->simWorkspaceMiB,
           "Simulated math library workspace outside the allocator (default "
               + std::to_string(sim::kDefaultSimWorkspaceBytes / units::kMiB) + " MiB, cuBLAS's on Hopper, assumed)")
        ->transform(countText())
        ->type_name(kMiBPlaceholder)
        ->group(kGroupSimulated);
    sub->add_option("--sim-card", opts->simCard,
           "Card whose capacity and pace sim:N keeps ('iteragpu --list-cards' lists them)")
        ->type_name(kIdPlaceholder)
        ->group(kGroupSimulated);
    auto* speed = sub->add_option(
                         "--sim-speed", "Pace of the simulated card: 1 = its modelled time in real time, 0 = no wait")
                      ->type_name(kDecimalPlaceholder)
                      ->check(decimalText(0.0, 1e300))
                      ->group(kGroupSimulated);
    // Devices.
    sub->add_option("--device", opts->device, "Device id: cuda:N, hip:N or sim:N")
        ->required()
        ->type_name(kDevicePlaceholder)
        ->group(kGroupDevices);
    // The engine: vLLM's start-up rehearsed (Note [vLLM rehearsal]), its options as estimate takes them.
    sub->add_option("--engine", opts->engine,
           "hf (transformers, the default) or vllm (vLLM's start-up rehearsed: model_load, profile_run, "
           "kv_cache_alloc, cuda_graph_capture, serve)")
        ->type_name(kNamePlaceholder)
        ->check(CLI::IsMember({ "hf", "vllm" }))
        ->group(kGroupEngine);
    opts->vllm.addTo(*sub, kGroupEngine, false);
    sub->add_option("--tp,--tensor-parallel-size", opts->tp,
           "vLLM: tensor-parallel degree; one device rehearses 1 only (estimate plans more)")
        ->type_name(kCountPlaceholder)
        ->transform(countText(units::CountRange { 1, UINT64_MAX }))
        ->group(kGroupEngine);
    // Output.
    auto* output = sub->add_option("--output", opts->output, "Result file (JSON); an existing file is refused unless --force; "
                                              "'-' prints the result to stdout")
        ->type_name(kPathPlaceholder)
        ->group(kGroupOutput);
    addForceFlag(*sub, opts->force);
    auto* json = addJsonFlag(*sub, opts->json,
        "Print the result document (schema iteragpu.measure/2; iteragpu.measure/3 with --engine vllm, which adds the `engine` object) on stdout; the progress goes to stderr");
    auto* stream = sub->add_flag("--stream", opts->stream, "JSON lines of samples and phase events on stdout")
                       ->group(kGroupOutput);
    json->excludes(stream);
    stream->excludes(json);
    sub->add_option("--ledger", opts->ledger,
           "Ledger printed after the phases (why the peak exceeds the estimate): peak (the peak phase and the "
           "failed one), all or none")
        ->check(CLI::IsMember({ "peak", "all", "none" }))
        ->capture_default_str()
        ->type_name(kNamePlaceholder)
        ->group(kGroupOutput);
    sub->callback([&action, &out, &err, sub, opts, dtype, speed, model, output, batch, trainingOptions, checkpointingFlag,
                      compileFlag, pagedFlag, inBackwardFlag] {
        opts->dtypeGiven = dtype->count() > 0;
        opts->batchGiven = batch->count() > 0;
        opts->trainingGiven.clear();
        for (CLI::Option* option : trainingOptions)
            if (option->count() > 0)
                opts->trainingGiven.push_back(option->get_name());
        // A flag or its negation given: the user's choice, over the framework's default.
        opts->checkpointingGiven = checkpointingFlag->count() > 0;
        opts->compiledGiven = compileFlag->count() > 0;
        opts->pagedGiven = pagedFlag->count() > 0;
        opts->inBackwardGiven = inBackwardFlag->count() > 0;
        opts->outputGiven = output->count() > 0;
        opts->notWithVllm.clear();
        for (const char* name : { "--kv-cache", "--attention", "--decode-chunk", "--format", "--group-size",
                 "--weight-block-size", "--mode", "--allocator", "--batch", "--warmup", "--repeats",
                 "--empty-cache-between-repeats" })
            if (opts->engine == "vllm" && sub->get_option(name)->count() > 0)
                opts->notWithVllm.push_back(name);
        opts->modelGiven = model->count() > 0;
        if (speed->count() > 0)
            opts->simSpeed = speed->as<double>();
        action = [&out, &err, opts] { return runMeasure(*opts, out, err); };
    });
}

} // namespace iteragpu::cli
