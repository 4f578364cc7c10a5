// SPDX-License-Identifier: Apache-2.0
#pragma once

// The sweep core's runner and executors for Qt code: their Executor::slots() shares its name with Qt's 'slots'
// keyword macro, which would erase it from the declaration; the macro is lifted around the headers and put back.
#pragma push_macro("slots")
#undef slots
#include "core/sweep/localexecutor.h"
#include "core/sweep/sweeprunner.h"
#pragma pop_macro("slots")
