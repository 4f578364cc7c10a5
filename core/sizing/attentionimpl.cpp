// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/attentionimpl.h"

#include <algorithm>
#include <cctype>

namespace iteragpu::sizing {

const char* attentionImplName(AttentionImpl attention) { return attention == AttentionImpl::Eager ? "eager" : "sdpa"; }

std::optional<AttentionImpl> attentionImplFromName(const std::string& name)
{
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    if (n == "eager")
        return AttentionImpl::Eager;
    if (n == "sdpa" || n == "flash" || n == "flash-attention" || n == "flash_attention_2")
        return AttentionImpl::Sdpa;
    return std::nullopt;
}

} // namespace iteragpu::sizing
