// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/layercache.h"

#include "core/model/architecturesummary.h"
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
    // The attention kinds are the model's own words for its layers (ArchitectureSummary).
    switch (kind) {
    case Kind::Full:
        return model::ArchitectureSummary::kindTerm("full");
    case Kind::Sliding:
        return model::ArchitectureSummary::kindTerm("sliding");
    case Kind::Chunked:
        return model::ArchitectureSummary::kindTerm("chunked");
    case Kind::Latent:
        return model::ArchitectureSummary::kindTerm("mla");
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
