// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/owner.h"
#include "core/alloc/traceevent.h"
#include "core/device/backend.h"
#include "core/i18n/message.h"
#include "core/model/modelshape.h"
#include "core/protocol/vllmrun.h"
#include "core/training/trainingrecipe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Plain value types of one measurement run. They travel between the worker thread and its consumers (CLI, GUI)
// as copies; nothing here points into the run. Every reading that can be missing is std::optional, written
// as JSON null, never 0. All sizes are bytes.
namespace iteragpu::protocol {

enum class Mode : int { Inference = 0, Training = 1 };
const char* modeName(Mode mode); // "inference", "training"
std::optional<Mode> modeFromName(const std::string& name);

// Which allocator serves the workload's tensors: the caching allocator in core/alloc ("native", PyTorch's
// semantics) or the driver's stream-ordered pool ("async", cudaMallocAsync / hipMallocAsync).
enum class AllocatorKind : int { Native = 0, Async = 1 };
const char* allocatorName(AllocatorKind kind); // "native", "async"
std::optional<AllocatorKind> allocatorFromName(const std::string& name);

// Interrupted: Stop cut a phase of several iterations short (Note [Stop within a phase] in core/workloads/workload.h);
// its readings are real, of the iterations that ran.
enum class PhaseStatus : int { Ok = 0, Failed = 1, NotRun = 2, Interrupted = 3 };
const char* phaseStatusName(PhaseStatus status); // "ok", "failed", "not_run", "interrupted"
std::optional<PhaseStatus> phaseStatusFromName(const std::string& name);

inline constexpr double kDefaultSamplingHz = 1000.0;
inline constexpr double kMinSamplingHz = 10.0;
inline constexpr double kMaxSamplingHz = 10000.0;
double clampSamplingHz(double hz); // NaN and out-of-range values land in [kMinSamplingHz, kMaxSamplingHz]

inline constexpr std::size_t kDefaultMaxSamplesPerPhase = 2048; // samples kept per phase record

// What a run measures: the seeds' dense network, a decoder-only transformer built from a model shape, or the
// user's own program measured from inside by the Python probe (python/iteragpu_probe), which iteragpu never runs.
enum class WorkloadKind : int { Dense = 0, Decoder = 1, Script = 2 };
const char* workloadKindName(WorkloadKind kind); // "dense", "decoder", "script"
std::optional<WorkloadKind> workloadKindFromName(const std::string& name);

// How the decoder's weights are stored. Float formats compute in their own dtype; int8 and nf4 compute in
// RunConfig::dtype (16 bit), dequantizing each linear into a transient buffer, and keep the modules the sizing
// engine keeps in 16 bit (embeddings, lm_head, norms, biases, router) in that dtype.
// Every weight format with a real layout that the sizing engine knows (core/sizing/weightformat.h); int4-compact
// (a bound with no layout) is not one. DECODER.md "Formats" lists each one's tensors.
enum class WeightStorage : int {
    Float32 = 0,
    Float16 = 1,
    BFloat16 = 2,
    Int8 = 3,
    Nf4 = 4,
    Nf4DoubleQuant = 5,
    Fp8E4m3 = 6,
    Fp8E5m2 = 7,
    GptqInt4 = 8,
    AwqInt4 = 9,
    Fp4 = 10, // bitsandbytes FP4: NF4's layout, another code book
    Mxfp4 = 11, // gpt-oss: the MoE experts in e2m1 with e8m0 scales, every other linear 16-bit
};
// "fp32", "fp16", "bf16", "int8", "nf4", "nf4-dq", "fp8-e4m3", "fp8-e5m2", "gptq-int4", "awq-int4", "fp4", "mxfp4"
// (sizing's names)
const char* weightStorageName(WeightStorage storage);
std::optional<WeightStorage> weightStorageFromName(const std::string& name);
bool weightStorageQuantized(WeightStorage storage);
// Every storage, in the order above (the CLI's and the GUI's list).
const std::vector<WeightStorage>& allWeightStorages();
// "fp32, fp16, ..., mxfp4": the names measure takes, for a one-line refusal.
std::string weightStorageNames();
// GPTQ / AWQ: input rows per group when a spec gives none (AutoGPTQ's and AutoAWQ's default).
inline constexpr std::uint64_t kDefaultQuantGroup = 128;

enum class KvCacheKind : int { Dynamic = 0, Static = 1, Paged = 2 };
const char* kvCacheName(KvCacheKind kind); // "dynamic", "static", "paged"
std::optional<KvCacheKind> kvCacheFromName(const std::string& name);

enum class AttentionKind : int { Eager = 0, Sdpa = 1 };
const char* attentionName(AttentionKind kind); // "eager", "sdpa"
std::optional<AttentionKind> attentionFromName(const std::string& name);

inline constexpr std::uint64_t kPagedBlockTokens = 16; // tokens per block of the paged cache (vLLM's default)

// The decoder workload of a run (RunConfig::workload == Decoder): the same model::ModelShape the sizing engine
// reads, random weights (no checkpoint is read), one generation of `generated` tokens after a prompt of
// promptTokens tokens, for `sequences` sequences at once. RunConfig::batch, context and width are not used.
struct DecoderSpec {
    model::ModelShape shape;
    std::string modelSource; // what the user named: "preset:llama-2-7b", a config.json or safetensors path
    WeightStorage storage = WeightStorage::BFloat16;
    // gptq-int4 / awq-int4: input rows per group of scales and zeros (a config's group_size; -1 there, one group
    // per row, is the input width). Other formats ignore it.
    std::uint64_t quantGroup = kDefaultQuantGroup;
    // fp8: one float32 scale_inv per block of fp8BlockRows x fp8BlockColumns values (a config's
    // weight_block_size, [128, 128] in DeepSeek-V3); both 0: one scale per tensor. Other formats ignore them.
    std::uint64_t fp8BlockRows = 0;
    std::uint64_t fp8BlockColumns = 0;
    std::uint64_t promptTokens = 512;
    std::uint64_t generated = 64; // decode steps, one token per sequence each
    std::uint64_t sequences = 1;
    KvCacheKind cache = KvCacheKind::Dynamic;
    AttentionKind attention = AttentionKind::Sdpa;
    std::uint64_t decodeChunk = 0; // decode steps per phase record; 0 = all of them in one record
    float ropeTheta = 10000.0f;
    float normEps = 1e-5f;
    // Set exactly when RunConfig::mode is Training: one fine-tuning step of the model (DECODER.md, "Training");
    // promptTokens, generated, sequences, cache and decodeChunk are then not used (the recipe's micro-batch and
    // sequence length are).
    std::optional<training::TrainingRecipe> training;
};

// The user's program of a Script run: what was started and what measured it. Its batch, context, width, dtype,
// warm-up and repeats are the program's own business: RunConfig leaves them at 0 and the file writes null.
struct ScriptSpec {
    std::string script; // the program as started ("train.py"); empty when the probe could not tell
    std::vector<std::string> arguments;
    std::string measuredBy; // "iteragpu_probe 1.0 (PyTorch 2.5.1)": the probe, not iteragpu's runner
};

struct RunConfig {
    std::string deviceId = "sim:0";
    Mode mode = Mode::Inference;
    std::uint64_t batch = 2;
    std::uint64_t context = 128; // tokens per sequence
    std::uint64_t width = 1024; // hidden size of the dense network
    device::DType dtype = device::DType::Float32;
    std::uint32_t warmup = 3; // iterations inside the one "warmup" phase
    std::uint32_t repeats = 5; // one warm_forward / warm_step phase record each
    AllocatorKind allocator = AllocatorKind::Native;
    bool emptyCacheBetweenRepeats = false; // empty_cache() before each warm repeat, before its baseline
    double samplingHz = kDefaultSamplingHz; // clamped with clampSamplingHz
    std::optional<std::uint64_t> simCapacityBytes; // sim:N only; nullopt = the simulated default
    // sim:N only: device memory outside the allocator, both simulated and reported as such: the CUDA context
    // (nullopt = the assumed typical size, sim::kDefaultSimContextBytes) and the math library's workspace.
    std::optional<std::uint64_t> simContextBytes;
    std::optional<std::uint64_t> simWorkspaceBytes;
    std::uint64_t seed = 0; // of the synthetic weights and inputs
    std::size_t maxSamplesPerPhase = kDefaultMaxSamplesPerPhase;
    WorkloadKind workload = WorkloadKind::Dense;
    std::optional<DecoderSpec> decoder; // set when workload is Decoder
    std::optional<ScriptSpec> script; // set when workload is Script
    // Set: the decoder run rehearses vLLM's start-up on its options and plan (Note [vLLM rehearsal]); nullopt: the
    // decoder as transformers runs it.
    std::optional<VllmRun> vllm;
    // sim:N only: the card of resources/catalog/gpus.json whose capacity and pace (roofline) the simulated device
    // keeps, and the pace itself: 1 = the card's modelled time in real time, 0 = as fast as possible.
    std::string simCard;
    double simSpeed = 1.0;
};

// The dtype the decoder computes in: the storage's own for fp32/fp16/bf16, RunConfig::dtype for int8 and nf4.
device::DType decoderComputeDType(const RunConfig& config);

// Checks a configuration before a run: the one-line reason when it is invalid (zero or overflowing dimensions,
// zero repeats are allowed), as a message the window translates (context RunRefusal; the validators it nests,
// a model's limits, a training recipe, vLLM's rehearsal, the simulated speed, write theirs in it too); nullopt
// when fine.
std::optional<i18n::Message> configRefusal(const RunConfig& config);
// The same in English, for the CLI, the JSON and the workloads' errors: empty when fine.
std::string validateConfig(const RunConfig& config);

// One point of the live timeline, read by the sampler thread from the allocator's counters.
struct Sample {
    double t = 0.0; // seconds since the run started
    std::uint64_t allocated = 0;
    std::uint64_t reserved = 0;
    // The last device-level "used" reading the worker took (at a phase boundary); device calls are made from
    // the worker thread only, so the sampler never queries the driver itself.
    std::optional<std::uint64_t> deviceUsed;
    int phaseIndex = -1; // -1 between phases
};

// The host memory a run may keep for its record, at the worst case: every phase record with maxSamplesPerPhase
// samples. The result file and the workbench's timeline hold the same samples again, so a bound here bounds them.
inline constexpr std::uint64_t kMaxRunRecordBytes = std::uint64_t(1) << 30;
inline constexpr std::uint64_t kPhaseRecordBytes = 1024; // a record's names, inputs and readings, rounded up
// How many records planPhases(config) makes, counted without making them; nullopt beyond 2^64.
std::optional<std::uint64_t> plannedPhaseCount(const RunConfig& config);
// phases x (kPhaseRecordBytes + maxSamplesPerPhase x sizeof(Sample)); nullopt beyond 2^64.
std::optional<std::uint64_t> runRecordBytes(const RunConfig& config);

// Allocator counters at one moment of a phase; nullopt when the phase never ran.
struct MemoryPoint {
    std::optional<std::uint64_t> allocated;
    std::optional<std::uint64_t> reserved;
};

// Device-level reading (driver free/total, process usage from NVML / ROCm SMI / the simulation). Own fields,
// never added to the allocator's counters; every field nullopt when not read.
struct DeviceLevel {
    std::optional<std::uint64_t> freeBytes;
    std::optional<std::uint64_t> totalBytes;
    std::optional<std::uint64_t> usedBytes; // totalBytes - freeBytes when both are known
    std::optional<std::uint64_t> processUsedBytes;
    std::string processUsedSource; // "nvml", "rocm-smi", "simulated" or empty
};

struct Dimension {
    std::string name; // "batch", "context", "width", "iterations", ...
    std::uint64_t value = 0;
};

// How a decoder phase that ran MoE layers knew its experts' loads (core/workloads/DECODER.md prefill k, "Routing").
enum class RoutingRule : int {
    Balanced = 0, // the simulated device's assumed rule (balanced round-robin), not computed: nothing recorded
    Observed = 1, // routed from the data by the device (CUDA, HIP): the loads it saw are recorded
};
const char* routingRuleName(RoutingRule rule); // "balanced", "observed"
std::optional<RoutingRule> routingRuleFromName(const std::string& name);

// Observed routing is kept up to this many loads per run (an expert's count per MoE layer call); beyond it a phase
// keeps its rule without its loads, and the predictor cannot replay it (its comparison names the routing).
inline constexpr std::uint64_t kMaxRecordedRoutingLoads = std::uint64_t(1) << 22;

struct PhaseRouting {
    RoutingRule rule = RoutingRule::Balanced;
    // Observed, recorded: per MoE layer call of the phase, in order, the tokens each expert got (its E loads).
    bool recorded = false;
    std::vector<std::vector<std::uint32_t>> loads;
};

struct PhaseResult {
    int index = 0; // position in the run's phase order
    std::string name; // "model_load", "inputs", "cold_forward", "warmup", "warm_forward", ...
    std::optional<std::uint32_t> repeat; // repeat index of warm_forward / warm_step records
    PhaseStatus status = PhaseStatus::NotRun;
    std::string inputs; // tensors the phase works on, in words: "x [2, 128, 1024] float32"
    std::vector<Dimension> dimensions;

    MemoryPoint baseline; // step 2: after synchronize, before the peaks are reset
    MemoryPoint peak; // step 5: max allocated / max reserved since the reset
    MemoryPoint final; // step 5: after synchronize
    DeviceLevel deviceBefore; // device-level reading beside the baseline
    DeviceLevel deviceAfter; // device-level reading beside the final values
    std::optional<std::uint64_t> predictedPeakAllocated; // core/workloads/densepredictor

    // Interrupted only: the iterations (decode steps, warm-up runs, accumulated micro-batches) that ran before the
    // Stop, 1 <= done < planned.
    std::optional<std::uint32_t> iterationsDone;
    std::optional<std::uint32_t> iterationsPlanned;

    std::string error; // the runtime's or the allocator's text when status is Failed
    // From the device status of the failed step (device::Status::outOfMemory), never from the error's words:
    // true for an out-of-memory failure, false for any other outcome of a phase that ran; nullopt when the
    // phase did not run or the file was written before the field existed (iteragpu.measure/1 files).
    std::optional<bool> outOfMemory;
    std::optional<double> startSeconds; // since the run started
    std::optional<double> endSeconds;
    std::optional<double> durationSeconds;
    // Simulated devices only: the phase's device time as the simulated card's roofline models it (not measured).
    std::optional<double> modelledSeconds;
    // What each owner (alloc::Owner) held: at the baseline, at the peak moment (with reserved there), at the
    // final reading. nullopt when the phase did not run or the file predates owners.
    std::optional<alloc::OwnerBytes> ownersAtBaseline;
    std::optional<alloc::PeakMoment> peakMoment;
    std::optional<alloc::OwnerBytes> ownersAtFinal;
    // Caching allocator only, read at the phase's end: the largest cached free block.
    std::optional<std::uint64_t> largestFreeBlockAtEnd;
    // A decoder phase that ran MoE layers: how its routing was known; nullopt when it ran none (or the file predates
    // the field).
    std::optional<PhaseRouting> routing;

    std::vector<Sample> samples; // bounded (RunConfig::maxSamplesPerPhase); thinned keeping the maxima
    std::uint64_t samplesThinned = 0; // samples merged away to stay within the bound
};

// The phase's name in the run order, as trialOrder writes it: "cold_forward", "warm_forward#0". One spelling
// for the window, the sheet, the CLI and the files.
std::string phaseLabel(const PhaseResult& phase);

// The run's warm-up and empty-cache policies in words, from its configuration (context "RunPolicy"): english()
// for the result file, translated where they are shown.
i18n::Message warmupPolicy(const RunConfig& config);
i18n::Message emptyCachePolicy(const RunConfig& config);

// What was there when the run started: the backend really loaded and the build that measured.
struct Environment {
    std::string backend; // "cuda", "hip", "sim"
    std::string runtimeDescription;
    device::DeviceInfo device;
    std::string allocatorBackend; // "native" or "async"
    std::string allocatorSettings; // e.g. "kMinBlockSize=512 kSmallSize=1048576 ..."
    std::string os;
    std::string compiler;
    std::string appVersion;
    std::string commit;
    bool simulated = false;
};

struct RunIdentity {
    std::uint64_t runId = 0;
    std::string appVersion;
    std::string commit;
    std::uint64_t seed = 0;
    std::string startedAtUtc; // ISO 8601
};

using TraceEvent = alloc::TraceEvent;

// A run that was not measured here but rebuilt from another tool's recording (iteragpu import): what it came
// from and what the rebuilding could not know. core/interop/snapshotimport.h fills it.
struct ImportSource {
    std::string format; // "pytorch-memory-snapshot"
    std::string file; // the path as given
    std::uint64_t entries = 0; // trace entries read
    std::uint64_t skipped = 0; // entries of actions that change no counter (snapshot, annotate, ...)
    std::string note; // what the figures mean, in words
};

struct RunResult {
    RunIdentity identity;
    RunConfig config;
    Environment environment;
    std::vector<PhaseResult> phases; // in run order, planned phases that did not run included (not_run)
    std::string warmupPolicy; // in words
    std::string emptyCachePolicy; // in words
    std::vector<std::string> trialOrder; // phase names in run order, "warm_forward#0", ...
    bool simulated = false;
    bool cancelled = false;
    bool completed = false; // every planned phase ran ok
    // Set when the device could not be opened (no phase ran) or the run could not start; phases then not_run.
    std::string error;
    bool deviceMissing = false;
    std::optional<double> wallSeconds;
    std::vector<TraceEvent> trace; // the last allocator events (bounded)
    std::uint64_t traceDropped = 0;
    std::optional<ImportSource> imported; // set for a run rebuilt from a recording, not measured by iteragpu
};

} // namespace iteragpu::protocol
