// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/sweeptypes.h"

#include "core/protocol/runlimits.h"

#include <array>
#include <utility>

namespace iteragpu::sweep {

namespace {

    // One table per enum: the name in sweep.json and on the command line, and its reverse lookup.
    constexpr std::array kDimensions {
        std::pair { Dimension::Batch, std::string_view("batch") },
        std::pair { Dimension::Context, std::string_view("context") },
        std::pair { Dimension::Width, std::string_view("width") },
        std::pair { Dimension::Sequences, std::string_view("sequences") },
        std::pair { Dimension::PromptTokens, std::string_view("prompt-tokens") },
        std::pair { Dimension::Generated, std::string_view("generated") },
        std::pair { Dimension::SeqLen, std::string_view("seq-len") },
        std::pair { Dimension::MaxModelLen, std::string_view("max-model-len") },
        std::pair { Dimension::MaxNumSeqs, std::string_view("max-num-seqs") },
    };
    constexpr std::array kWorkloads {
        std::pair { SweptWorkload::Dense, std::string_view("dense") },
        std::pair { SweptWorkload::Decoder, std::string_view("decoder") },
        std::pair { SweptWorkload::DecoderTraining, std::string_view("decoder-training") },
        std::pair { SweptWorkload::Vllm, std::string_view("vllm") },
    };
    constexpr std::array kStatuses {
        std::pair { TrialStatus::Pending, std::string_view("pending") },
        std::pair { TrialStatus::Running, std::string_view("running") },
        std::pair { TrialStatus::Passed, std::string_view("passed") },
        std::pair { TrialStatus::Failed, std::string_view("failed") },
        std::pair { TrialStatus::Error, std::string_view("error") },
        std::pair { TrialStatus::Interrupted, std::string_view("interrupted") },
    };
    constexpr std::array kModes {
        std::pair { SweepMode::Values, std::string_view("values") },
        std::pair { SweepMode::FindMax, std::string_view("find-max") },
    };

    template <typename Table, typename Enum> std::string_view nameOf(const Table& table, Enum value)
    {
        for (const auto& [e, name] : table)
            if (e == value)
                return name;
        return {};
    }

    template <typename Enum, typename Table> std::optional<Enum> byName(const Table& table, std::string_view name)
    {
        for (const auto& [e, n] : table)
            if (n == name)
                return e;
        return std::nullopt;
    }

} // namespace

std::string_view dimensionName(Dimension dimension) { return nameOf(kDimensions, dimension); }
std::optional<Dimension> dimensionFromName(std::string_view name) { return byName<Dimension>(kDimensions, name); }
std::string dimensionOption(Dimension dimension) { return "--" + std::string(dimensionName(dimension)); }

std::vector<std::string> dimensionOptions(Dimension dimension)
{
    if (dimension == Dimension::MaxNumSeqs)
        return { dimensionOption(dimension), "--sequences" };
    return { dimensionOption(dimension) };
}

bool dimensionIsVllm(Dimension dimension)
{
    return dimension == Dimension::MaxModelLen || dimension == Dimension::MaxNumSeqs;
}

std::optional<std::uint64_t> dimensionLimit(Dimension dimension)
{
    // vLLM's lengths and counts reach the decoder's kernels (its profile rows, a request's tokens) as int.
    if (dimensionIsVllm(dimension))
        return protocol::kMaxTensorDimension;
    return std::nullopt;
}

bool dimensionIsDecoder(Dimension dimension)
{
    return dimension == Dimension::Sequences || dimension == Dimension::PromptTokens
        || dimension == Dimension::Generated || dimension == Dimension::SeqLen;
}

std::string_view sweptWorkloadName(SweptWorkload workload) { return nameOf(kWorkloads, workload); }
std::optional<SweptWorkload> sweptWorkloadFromName(std::string_view name)
{
    return byName<SweptWorkload>(kWorkloads, name);
}

bool dimensionBelongs(Dimension dimension, SweptWorkload workload)
{
    switch (workload) {
    case SweptWorkload::Dense:
        return dimension == Dimension::Batch || dimension == Dimension::Context || dimension == Dimension::Width;
    case SweptWorkload::Decoder:
        return dimension == Dimension::Sequences || dimension == Dimension::PromptTokens
            || dimension == Dimension::Generated;
    case SweptWorkload::DecoderTraining:
        return dimension == Dimension::Batch || dimension == Dimension::SeqLen;
    case SweptWorkload::Vllm:
        return dimensionIsVllm(dimension) || dimension == Dimension::Sequences || dimension == Dimension::PromptTokens
            || dimension == Dimension::Generated;
    }
    return false;
}

std::string dimensionChoices(SweptWorkload workload)
{
    switch (workload) {
    case SweptWorkload::Dense:
        return "batch, context or width";
    case SweptWorkload::Decoder:
        return "sequences, prompt-tokens or generated";
    case SweptWorkload::DecoderTraining:
        return "batch (the micro-batch) or seq-len";
    case SweptWorkload::Vllm:
        return "max-model-len, max-num-seqs, sequences, prompt-tokens or generated";
    }
    return {};
}

bool dimensionIsSequenceLength(Dimension dimension)
{
    return dimension == Dimension::Context || dimension == Dimension::PromptTokens
        || dimension == Dimension::Generated || dimension == Dimension::SeqLen;
}

std::string_view trialStatusName(TrialStatus status) { return nameOf(kStatuses, status); }
std::optional<TrialStatus> trialStatusFromName(std::string_view name)
{
    return byName<TrialStatus>(kStatuses, name);
}
std::string_view sweepModeName(SweepMode mode) { return nameOf(kModes, mode); }
std::optional<SweepMode> sweepModeFromName(std::string_view name) { return byName<SweepMode>(kModes, name); }

} // namespace iteragpu::sweep
