// SPDX-License-Identifier: Apache-2.0
#include "core/model/statespec.h"

#include "core/units/checkedmath.h"

namespace iteragpu::model {

namespace checked = units::checked;

namespace {
    constexpr const char* kWhat = "state size";
}

std::uint64_t StateSpec::convChannels() const
{
    switch (kind) {
    case Kind::None:
        return 0;
    case Kind::Mamba:
        return inner;
    case Kind::Mamba2: // x, B and C go through the convolution
        return checked::add(inner, checked::mul({ 2, groups, stateSize }, kWhat), kWhat);
    case Kind::GatedDeltaNet: // q, k and v
        return checked::add(checked::mul({ 2, keyHeads, keyHeadDim }, kWhat), inner, kWhat);
    }
    return 0;
}

std::uint64_t StateSpec::convStateElements() const { return checked::mul(convChannels(), convKernel, kWhat); }

std::uint64_t StateSpec::recurrentStateElements() const
{
    switch (kind) {
    case Kind::None:
        return 0;
    case Kind::Mamba:
        return checked::mul(inner, stateSize, kWhat);
    case Kind::Mamba2:
        return checked::mul({ heads, headDim, stateSize }, kWhat);
    case Kind::GatedDeltaNet: // one key-dim x value-dim matrix per value head
        return checked::mul({ heads, keyHeadDim, headDim }, kWhat);
    }
    return 0;
}

} // namespace iteragpu::model
