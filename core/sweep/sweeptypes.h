// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// A sweep (README "Sweeps"): one base configuration of 'iteragpu measure', one varied dimension, one fresh measure
// process per trial. These are the values sweep.json (schema iteragpu.sweep/1) holds; sweepjson.h reads and
// writes them, the executors run the trials, SweepRunner decides which values to try.
namespace iteragpu::sweep {

inline constexpr const char* kSweepSchema = "iteragpu.sweep/1";
inline constexpr const char* kSweepFileName = "sweep.json";

// Note [vLLM sweeps]
// A sweep of vLLM's rehearsal (--engine vllm in the base) runs one 'measure --engine vllm' per trial, so a trial
// passes exactly when the rehearsal passes every phase. What that means per dimension:
//  - max-model-len: vLLM starts (model_load takes the value: at most the model's max_position_embeddings;
//    kv_cache_alloc: the pool holds one request of that many tokens) and the base's requests are served.
//  - max-num-seqs: the trial also sets --sequences to the value, so it passes when vLLM starts (the sampler's rows
//    grow with the value and the pool shrinks; the value must not exceed --max-num-batched-tokens) and that many
//    requests of --prompt-tokens + --generated tokens are all admitted from the pool at once.
// The pool is carved from --gpu-memory-utilization whatever the value, so peak allocated does not grow with it:
// no growth is fitted; the boundary is the search's (find-max or the values). Each value is bounded by
// dimensionLimit, and find-max without --max stops its doublings there.

// The dimensions a sweep can vary, each one option of 'iteragpu measure'.
enum class Dimension {
    Batch, // --batch (dense network)
    Context, // --context (dense network)
    Width, // --width (dense network)
    Sequences, // --sequences (decoder)
    PromptTokens, // --prompt-tokens (decoder)
    Generated, // --generated (decoder)
    SeqLen, // --seq-len (a decoder's training step; its --batch is the micro-batch)
    MaxModelLen, // --max-model-len (vLLM's rehearsal, --engine vllm)
    MaxNumSeqs, // --max-num-seqs (vLLM's rehearsal; each trial also serves that many requests: --sequences)
};

// What a sweep measures, as its dimensions belong to it: the dense network, a decoder's generation, a decoder's
// training step (--model with --mode training), or vLLM's start-up rehearsed (--model with --engine vllm).
enum class SweptWorkload { Dense, Decoder, DecoderTraining, Vllm };
// "dense", "decoder", "decoder-training", "vllm" (sweep.json)
std::string_view sweptWorkloadName(SweptWorkload workload);
std::optional<SweptWorkload> sweptWorkloadFromName(std::string_view name);

enum class SweepMode {
    Values, // the listed values, ascending
    FindMax, // double from min until the first failure, then bisect to the resolution
};

enum class TrialStatus {
    Pending, // planned, not started
    Running, // started, not finished (a sweep.json read back with Running was interrupted mid-trial)
    Passed, // every phase passed
    Failed, // the run completed and a phase failed (out of memory or another error): a result, the boundary's input
    Error, // no usable result: the process crashed, was killed, refused its arguments or wrote no file
    Interrupted, // stopped by the user (Stop, SIGINT, SIGTERM) or by the executor's cancel
};

// Slurm's options (--executor slurm); empty strings are not passed to sbatch.
struct SlurmOptions {
    std::string partition;
    std::string account;
    std::string time; // --time, Slurm's format (e.g. "00:10:00")
    std::string gres = "gpu:1"; // one GPU per array task; empty for a sim:N sweep on nodes without GPUs
    std::string device = "cuda:0"; // the device id each task measures (the task's own GPU is cuda:0)
};

struct SweepSpec {
    // The base configuration: the arguments of 'iteragpu measure' without --device, --output and the varied
    // dimension's own option (the executor adds the device, the runner the value and the output).
    std::vector<std::string> measureArgs;
    Dimension dimension = Dimension::Sequences;
    SweepMode mode = SweepMode::FindMax;
    std::vector<std::uint64_t> values; // SweepMode::Values: strictly ascending, not empty
    std::uint64_t min = 1; // SweepMode::FindMax: the first value tried
    std::optional<std::uint64_t> max; // SweepMode::FindMax: the largest value tried; nullopt: until the first failure
    std::uint64_t resolution = 1; // SweepMode::FindMax: bisection stops when fail - pass <= resolution
    std::string executor = "local"; // "local" or "slurm"
    std::vector<std::string> devices; // local: one trial at a time on each (--jobs N picks N)
    SlurmOptions slurm; // executor == "slurm"
};

// The largest value of a phase's counters in one trial, read from the trial's result file.
struct TrialPhase {
    std::string phase; // protocol::phaseLabel
    bool passed = false;
    std::optional<std::uint64_t> peakAllocated;
    std::optional<std::uint64_t> peakReserved;
};

struct TrialRecord {
    std::uint64_t index = 0; // order of planning, from 0
    std::uint32_t round = 0; // FindMax: the round that planned it (one Slurm job array per round)
    std::uint64_t value = 0;
    std::string device; // the device id it ran on (for Slurm: the id inside the task, plus the node in host)
    std::string host;
    TrialStatus status = TrialStatus::Pending;
    std::string resultFile; // relative to the sweep folder; empty when none was written
    std::optional<int> exitCode;
    std::optional<double> wallSeconds; // the process's wall time
    std::vector<TrialPhase> phases;
    std::optional<std::uint64_t> peakAllocated; // max over phases
    std::optional<std::uint64_t> peakReserved;
    std::optional<std::uint64_t> devicePeak; // largest device-level "used" reading of the run
    std::optional<std::uint64_t> capacityBytes; // the device's total memory as the run read it
    std::string failedPhase; // Failed: the first failed phase
    bool outOfMemory = false; // Failed: that phase ran out of memory
    std::string error; // Failed / Error / Interrupted: one line
    std::string slurmJobId; // "1234_5" for an array task
};

// What the sweep found. For FindMax: largestPassing is the boundary; smallestFailing with its phase and error
// tells why the next value does not fit. exact: fail - pass <= resolution (or max passed, limitReached).
struct Boundary {
    std::optional<std::uint64_t> largestPassing;
    std::optional<std::uint64_t> smallestFailing;
    std::string failedPhase;
    bool outOfMemory = false;
    std::string error;
    bool exact = false;
    bool limitReached = false; // FindMax: max itself passed
};

// Peak allocated fitted against the varied value (GrowthModel): a + b x (+ c x^2). Always *fitted*; the largest
// value on each catalog card is extrapolated and *assumed*, never observed.
struct CardExtrapolation {
    std::string cardId; // resources/catalog/gpus.json
    std::string cardName;
    std::uint64_t capacityBytes = 0; // the catalog's reported capacity
    std::optional<std::uint64_t> largestValue; // nullopt: nothing fits (the constant alone is above the capacity)
    bool unbounded = false; // the fit does not grow (b, c <= 0): no limit follows from it
};

struct GrowthFit {
    bool quadratic = false; // eager attention and a sequence-length dimension
    double constant = 0.0; // bytes
    double linear = 0.0; // bytes per unit
    double quadraticTerm = 0.0; // bytes per unit^2
    std::size_t points = 0; // passing trials used
    double maxRelativeResidual = 0.0; // over the points used
    // Assumed for the extrapolation: the largest device peak - peak allocated over the points (the context, the
    // library workspace and the allocator's cached bytes), kept as it was on every card; 0 when no device reading.
    std::uint64_t overheadBytes = 0;
    std::string note; // why the fit is what it is (a quadratic fallen back to the line), empty when nothing to say
    std::vector<CardExtrapolation> cards;
};

struct SweepRecord {
    std::string schema = kSweepSchema;
    SweepSpec spec;
    std::string workload; // "dense" or "decoder"
    std::string program; // the measure program and its version, "iteragpu 0.x (commit ...)"
    std::string attention; // decoder: the trials' attention ("eager", "sdpa") from their result files; dense: empty
    bool simulated = false; // the trials ran on a simulated device (every figure is simulated)
    std::vector<TrialRecord> trials; // in trial order
    Boundary boundary;
    std::optional<GrowthFit> fit;
    bool complete = false; // the sweep reached its end (all values, or the boundary at its resolution)
    std::string stopReason; // when not complete: "interrupted", "disk full", ... (one line)
};

std::string_view dimensionName(Dimension dimension); // "batch", ..., "seq-len", "max-model-len", "max-num-seqs"
std::optional<Dimension> dimensionFromName(std::string_view name);
std::string dimensionOption(Dimension dimension); // "--batch", ...
// Every option of measure a trial of this dimension sets: its own, and for max-num-seqs also --sequences (each
// trial serves as many requests as it lets run at once, Note [vLLM sweeps]).
std::vector<std::string> dimensionOptions(Dimension dimension);
bool dimensionIsVllm(Dimension dimension); // max-model-len, max-num-seqs: need --engine vllm
// The largest value a trial of the dimension may take (core's limit on the option, protocol/runlimits.h); values
// above it are refused before any trial. nullopt: only the sweep's own bound (below 2^62).
std::optional<std::uint64_t> dimensionLimit(Dimension dimension);
bool dimensionIsDecoder(Dimension dimension); // sequences, prompt-tokens, generated, seq-len
// Whether a sweep of this workload can vary the dimension: dense batch, context, width; a generation sequences,
// prompt-tokens, generated; a training step batch (the micro-batch) and seq-len; vLLM's rehearsal max-model-len,
// max-num-seqs and a generation's sequences, prompt-tokens, generated.
bool dimensionBelongs(Dimension dimension, SweptWorkload workload);
std::string dimensionChoices(SweptWorkload workload); // "batch, context or width", ...
bool dimensionIsSequenceLength(Dimension dimension); // context, prompt-tokens, generated, seq-len
std::string_view trialStatusName(TrialStatus status); // "pending", "running", "passed", "failed", "error", "interrupted"
std::optional<TrialStatus> trialStatusFromName(std::string_view name);
std::string_view sweepModeName(SweepMode mode); // "values", "find-max"
std::optional<SweepMode> sweepModeFromName(std::string_view name);

} // namespace iteragpu::sweep
