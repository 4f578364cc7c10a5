// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/inputerror.h"

namespace iteragpu::sizing {

// The sizing engine's name for the input error its readers and checked arithmetic throw (units/inputerror.h).
using SizingError = units::InputError;

} // namespace iteragpu::sizing
