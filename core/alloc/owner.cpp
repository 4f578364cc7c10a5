// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/owner.h"

namespace iteragpu::alloc {

namespace {
    constexpr const char* kNames[kOwnerCount]
        = { "weights", "kv_cache", "activations", "logits", "workspace", "optimizer_state", "gradients", "other" };
}

const char* ownerName(Owner owner)
{
    const auto i = static_cast<std::size_t>(owner);
    return i < kOwnerCount ? kNames[i] : "other";
}

std::optional<Owner> ownerFromName(const std::string& name)
{
    for (std::size_t i = 0; i < kOwnerCount; ++i)
        if (name == kNames[i])
            return static_cast<Owner>(i);
    return std::nullopt;
}

} // namespace iteragpu::alloc
