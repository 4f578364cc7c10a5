// SPDX-License-Identifier: Apache-2.0
#include "core/report/ownerlabel.h"

namespace iteragpu::report {

namespace {
    i18n::Message msg(const char* source) { return { source, {}, "Ledger" }; }
}

i18n::Message ownerLabel(alloc::Owner owner)
{
    switch (owner) {
    case alloc::Owner::Weights:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "weights"));
    case alloc::Owner::KvCache:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "KV cache"));
    case alloc::Owner::Activation:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "activations and transient buffers"));
    case alloc::Owner::Logits:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "logits"));
    case alloc::Owner::Workspace:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "workspace (through the allocator)"));
    case alloc::Owner::OptimizerState:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "optimizer state"));
    case alloc::Owner::Gradient:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "gradients"));
    case alloc::Owner::Other:
        break;
    }
    return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "other"));
}

} // namespace iteragpu::report
