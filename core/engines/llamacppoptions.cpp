// SPDX-License-Identifier: Apache-2.0
#include "core/engines/llamacppoptions.h"

namespace iteragpu::engines {

const char* LlamaCppOptions::cacheTypeName(CacheType t)
{
    using C = LlamaCppOptions::CacheType;
    switch (t) {
    case C::F32:
        return "f32";
    case C::F16:
        return "f16";
    case C::BF16:
        return "bf16";
    case C::Q8_0:
        return "q8_0";
    case C::Q4_0:
        return "q4_0";
    case C::Q4_1:
        return "q4_1";
    case C::Q5_0:
        return "q5_0";
    case C::Q5_1:
        return "q5_1";
    case C::IQ4_NL:
        return "iq4_nl";
    }
    return "?";
}

} // namespace iteragpu::engines
