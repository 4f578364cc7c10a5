// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/componentlabels.h"

#include <set>

namespace iteragpu::sizing {

const std::vector<ComponentLabel>& componentLabels()
{
    static const std::vector<ComponentLabel> table {
        { "weights", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "weights") } },
        { "kv_cache", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "KV cache") } },
        { "state_cache", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "state cache") } },
        { "lora_adapters", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "LoRA adapters") } },
        { "gradients", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "gradients") } },
        { "optimizer_states", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "optimizer states") } },
        { "master_weights", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "fp32 master weights") } },
        { "inputs", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "token ids and labels") } },
        { "activations", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "activations") } },
        { "logits", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "logits") } },
        { "training_transient", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "peak-moment transient") } },
        { "evaluation", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "evaluation batch") } },
        { "export_copy", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "export copy") } },
        { "prefill_activations", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "prefill activations") } },
        { "decode_activations", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "decode activations") } },
        { "dequantization", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "dequantization buffer") } },
        { "reserve", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "reserve") } },
        { "total", { kComponentContext, ITERAGPU_TRANSLATE_NOOP("Component", "total") } },
    };
    return table;
}

i18n::Term componentLabel(std::string_view id)
{
    for (const auto& entry : componentLabels())
        if (id == entry.id)
            return entry.label;
    // An id outside the table: shown as it is. The view's data must outlive the Term, so it is kept here.
    // (std::set: its nodes never move, so the pointer stays valid.)
    static thread_local std::set<std::string, std::less<>> unknown;
    return { "", unknown.emplace(id).first->c_str() };
}

std::string componentLabelEnglish(std::string_view id) { return componentLabel(id).source; }

} // namespace iteragpu::sizing
