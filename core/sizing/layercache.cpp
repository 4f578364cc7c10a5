// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/layercache.h"

#include "core/units/checkedmath.h"

namespace iteragpu::sizing {

std::uint64_t LayerCache::elementsPerToken() const
{
    if (kind == Kind::State || kind == Kind::None)
        return 0;
    return units::checked::mul(heads, units::checked::add(keyWidth, valueWidth, "KV cache size"), "KV cache size");
}

i18n::Term LayerCache::kindTerm(Kind kind)
{
    switch (kind) {
    case Kind::Full:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "full attention") };
    case Kind::Sliding:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "sliding-window attention") };
    case Kind::Chunked:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "chunked attention") };
    case Kind::Latent:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "latent attention (MLA)") };
    case Kind::MlaDecompressed:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "latent attention (MLA), decompressed per head") };
    case Kind::State:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "recurrent state") };
    case Kind::None:
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "no cache") };
    }
    return { "LayerKind", "" };
}

const char* LayerCache::kindId(Kind kind)
{
    switch (kind) {
    case Kind::Full:
        return "full";
    case Kind::Sliding:
        return "sliding";
    case Kind::Chunked:
        return "chunked";
    case Kind::Latent:
        return "latent";
    case Kind::MlaDecompressed:
        return "mla_decompressed";
    case Kind::State:
        return "state";
    case Kind::None:
        return "none";
    }
    return "none";
}

} // namespace iteragpu::sizing
