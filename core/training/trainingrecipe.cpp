// SPDX-License-Identifier: Apache-2.0
#include "core/training/trainingrecipe.h"

#include <initializer_list>

namespace iteragpu::training {

namespace {
    template <typename E, typename NameOf>
    std::optional<E> byName(const std::string& name, std::initializer_list<E> values, NameOf nameOf)
    {
        for (E v : values)
            if (name == nameOf(v))
                return v;
        return std::nullopt;
    }
} // namespace

const char* methodName(Method method)
{
    switch (method) {
    case Method::Full:
        return "full";
    case Method::Lora:
        return "lora";
    case Method::Qlora:
        return "qlora";
    }
    return "full";
}

std::optional<Method> methodFromName(const std::string& name)
{
    return byName(name, { Method::Full, Method::Lora, Method::Qlora }, methodName);
}

const char* optimizerKindName(OptimizerKind kind)
{
    switch (kind) {
    case OptimizerKind::AdamW:
        return "adamw";
    case OptimizerKind::AdamW8bit:
        return "adam8bit";
    case OptimizerKind::Sgd:
        return "sgd";
    }
    return "adamw";
}

std::optional<OptimizerKind> optimizerKindFromName(const std::string& name)
{
    return byName(name, { OptimizerKind::AdamW, OptimizerKind::AdamW8bit, OptimizerKind::Sgd }, optimizerKindName);
}

const char* loraTargetName(LoraTarget target)
{
    static const char* const names[kLoraTargetCount]
        = { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" };
    const int i = static_cast<int>(target);
    return i >= 0 && i < kLoraTargetCount ? names[i] : "q_proj";
}

std::optional<LoraTarget> loraTargetFromName(const std::string& name)
{
    for (int i = 0; i < kLoraTargetCount; ++i)
        if (name == loraTargetName(static_cast<LoraTarget>(i)))
            return static_cast<LoraTarget>(i);
    return std::nullopt;
}

TargetList parseLoraTargets(const std::string& text)
{
    TargetList out;
    bool seen[kLoraTargetCount] = {};
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (name == "all-linear") {
            for (bool& s : seen)
                s = true;
        } else if (const auto t = loraTargetFromName(name)) {
            seen[static_cast<int>(*t)] = true;
        } else {
            out.error = "'" + name
                + "' is not a LoRA target: choose among q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, "
                  "down_proj (comma-separated) or all-linear";
            return out;
        }
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    for (int i = 0; i < kLoraTargetCount; ++i)
        if (seen[i])
            out.targets.push_back(static_cast<LoraTarget>(i));
    return out;
}

std::string loraTargetList(const std::vector<LoraTarget>& targets)
{
    std::string s;
    for (LoraTarget t : targets) {
        if (!s.empty())
            s += ',';
        s += loraTargetName(t);
    }
    return s;
}

const char* frameworkName(Framework framework) { return framework == Framework::Torchtune ? "torchtune" : "hf"; }

std::optional<Framework> frameworkFromName(const std::string& name)
{
    return byName(name, { Framework::Hf, Framework::Torchtune }, frameworkName);
}

namespace {
    i18n::Message refusal(const char* source, std::vector<i18n::Arg> args = {})
    {
        return { source, std::move(args), i18n::kRunRefusalContext };
    }
} // namespace

std::optional<i18n::Message> recipeRefusal(const TrainingRecipe& r)
{
    if (r.microBatch == 0 || r.sequenceLength == 0)
        return refusal(ITERAGPU_TRANSLATE_NOOP(
            "RunRefusal", "a training step needs at least 1 sequence (--batch) of at least 1 token (--seq-len)"));
    if (r.gradAccum == 0 || r.gradAccum > kMaxGradAccum)
        //: %1 is the largest number of micro-batches
        return refusal(
            ITERAGPU_TRANSLATE_NOOP("RunRefusal", "gradient accumulation must be between 1 and %1 micro-batches"),
            { kMaxGradAccum });
    if (r.lossChunks > kMaxLossChunks)
        //: %1 is the largest number of chunks
        return refusal(
            ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the loss can be computed in at most %1 chunks"), { kMaxLossChunks });
    if (r.optimizerInBackward && r.gradAccum > 1)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
            "an optimizer stepped inside the backward pass frees each gradient at once: it cannot accumulate "
            "gradients over several micro-batches (torchtune refuses it too)"));
    if (r.method == Method::Full)
        return std::nullopt; // the targets, rank and adapter dtype are a LoRA recipe's: a full fine-tune ignores them
    if (r.rank == 0 || r.rank > kMaxLoraRank)
        //: %1 is the largest rank
        return refusal(
            ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the LoRA rank must be between 1 and %1"), { kMaxLoraRank });
    if (r.targets.empty())
        return refusal(ITERAGPU_TRANSLATE_NOOP(
            "RunRefusal", "LoRA needs at least one target (--lora-targets q_proj,v_proj, ...)"));
    if (r.masterWeights)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
            "master weights are a full fine-tune's: LoRA adapters are trained in their own dtype (float32 adapters, "
            "or the compute dtype)"));
    return std::nullopt;
}

std::string validateRecipe(const TrainingRecipe& r)
{
    const auto why = recipeRefusal(r);
    return why ? why->english() : std::string();
}

} // namespace iteragpu::training
