// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/workloaddescription.h"

#include "core/device/backend.h"

namespace iteragpu::protocol {

i18n::Message describeWorkload(const RunConfig& config)
{
    using i18n::Arg;
    if (config.workload == WorkloadKind::Script) {
        const ScriptSpec spec = config.script.value_or(ScriptSpec {});
        std::string program = spec.script;
        for (const auto& a : spec.arguments)
            program += " " + a;
        //: %1 the probe that measured the script, %2 "inference" or "training"
        if (program.empty())
            return { ITERAGPU_TRANSLATE_NOOP("Workload", "a script (not named), measured by %1, %2"),
                { Arg(spec.measuredBy), Arg(modeName(config.mode)) }, kWorkloadContext };
        //: %1 the program and its arguments, %2 the probe that measured it, %3 "inference" or "training"
        return { ITERAGPU_TRANSLATE_NOOP("Workload", "script %1, measured by %2, %3"),
            { Arg(program), Arg(spec.measuredBy), Arg(modeName(config.mode)) }, kWorkloadContext };
    }
    if (config.workload == WorkloadKind::Decoder && config.decoder && config.decoder->training) {
        const DecoderSpec& d = *config.decoder;
        const training::TrainingRecipe& r = *d.training;
        //: a fine-tuning step: %1 the model as named, %2 full, lora or qlora, %3 the framework (hf, torchtune),
        //: %4 the weight format, %5 sequences per micro-batch, %6 tokens per sequence, %7 the attention (eager, sdpa)
        return { ITERAGPU_TRANSLATE_NOOP("Workload",
                     "%1, %2 fine-tuning step (%3's habits), %4 weights, micro-batch %5 x %6 tokens, %7 attention"),
            { Arg(d.modelSource.empty() ? d.shape.family : d.modelSource), Arg(training::methodName(r.method)),
                Arg(training::frameworkName(r.framework)), Arg(weightStorageName(d.storage)),
                Arg::grouped(r.microBatch), Arg::grouped(r.sequenceLength), Arg(attentionName(d.attention)) },
            kWorkloadContext };
    }
    if (config.workload == WorkloadKind::Decoder && config.decoder) {
        const DecoderSpec& d = *config.decoder;
        //: %1 the model as named, %2 the weight format (bf16, nf4, ...), %3 sequences, %4 prompt tokens,
        //: %5 generated tokens, %6 the KV cache (dynamic, static, paged), %7 the attention (eager, sdpa)
        return { ITERAGPU_TRANSLATE_NOOP("Workload",
                     "%1, %2 weights, %3 sequence(s) x %4 prompt + %5 generated tokens, %6 KV cache, %7 attention"),
            { Arg(d.modelSource.empty() ? d.shape.family : d.modelSource), Arg(weightStorageName(d.storage)),
                Arg::grouped(d.sequences), Arg::grouped(d.promptTokens), Arg::grouped(d.generated),
                Arg(kvCacheName(d.cache)), Arg(attentionName(d.attention)) },
            kWorkloadContext };
    }
    //: the dense network: %1 batch, %2 context tokens, %3 width, %4 dtype, %5 "inference" or "training"
    return { ITERAGPU_TRANSLATE_NOOP("Workload", "dense network, batch %1, context %2, width %3, %4, %5"),
        { Arg::grouped(config.batch), Arg::grouped(config.context), Arg::grouped(config.width),
            Arg(device::dtypeName(config.dtype)), Arg(modeName(config.mode)) },
        kWorkloadContext };
}

i18n::Message describeLoad(const RunConfig& config)
{
    using i18n::Arg;
    if (config.workload == WorkloadKind::Script)
        return { ITERAGPU_TRANSLATE_NOOP("Workload", "the script's own load"), {}, kWorkloadContext };
    if (config.workload == WorkloadKind::Decoder && config.decoder && config.decoder->training) {
        const training::TrainingRecipe& r = *config.decoder->training;
        //: a training step's load: %1 sequences per micro-batch, %2 tokens per sequence
        return { ITERAGPU_TRANSLATE_NOOP("Workload", "a micro-batch of %1 sequence(s) x %2 tokens"),
            { Arg::grouped(r.microBatch), Arg::grouped(r.sequenceLength) }, kWorkloadContext };
    }
    if (config.workload == WorkloadKind::Decoder && config.decoder && config.vllm) {
        const DecoderSpec& d = *config.decoder;
        //: vLLM's start-up rehearsed (measure --engine vllm): %1 requests served, %2 prompt tokens and %3 generated
        //: tokens of each, %4 vLLM's --max-model-len (the option's name is vLLM's, not translated)
        return { ITERAGPU_TRANSLATE_NOOP(
                     "Workload", "vLLM serving %1 request(s) of %2 prompt + %3 generated tokens, --max-model-len %4"),
            { Arg::grouped(d.sequences), Arg::grouped(d.promptTokens), Arg::grouped(d.generated),
                Arg::grouped(config.vllm->plan.maxModelLen) },
            kWorkloadContext };
    }
    if (config.workload == WorkloadKind::Decoder && config.decoder) {
        const DecoderSpec& d = *config.decoder;
        //: %1 sequences, %2 prompt tokens, %3 generated tokens
        return { ITERAGPU_TRANSLATE_NOOP("Workload", "%1 sequence(s) x %2 prompt + %3 generated tokens"),
            { Arg::grouped(d.sequences), Arg::grouped(d.promptTokens), Arg::grouped(d.generated) },
            kWorkloadContext };
    }
    //: %1 batch, %2 context tokens, %3 width
    return { ITERAGPU_TRANSLATE_NOOP("Workload", "batch %1, context %2, width %3"),
        { Arg::grouped(config.batch), Arg::grouped(config.context), Arg::grouped(config.width) },
        kWorkloadContext };
}

} // namespace iteragpu::protocol
