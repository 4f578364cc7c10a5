// SPDX-License-Identifier: Apache-2.0
#include "core/engines/vllmoptions.h"

namespace iteragpu::engines {

const char* vllmDtypeName(VllmOptions::Dtype dtype)
{
    switch (dtype) {
    case VllmOptions::Dtype::Float16:
        return "float16";
    case VllmOptions::Dtype::BFloat16:
        return "bfloat16";
    case VllmOptions::Dtype::Float32:
        return "float32";
    case VllmOptions::Dtype::Auto:
        break;
    }
    return "auto";
}

const char* vllmKvCacheDtypeName(VllmOptions::KvCacheDtype dtype)
{
    switch (dtype) {
    case VllmOptions::KvCacheDtype::Fp8E4M3:
        return "fp8_e4m3";
    case VllmOptions::KvCacheDtype::Fp8E5M2:
        return "fp8_e5m2";
    case VllmOptions::KvCacheDtype::Auto:
        break;
    }
    return "auto";
}

} // namespace iteragpu::engines
