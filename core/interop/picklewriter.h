// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/interop/picklevalue.h"

#include <string>

namespace iteragpu::interop {

// Writes a PickleValue as a protocol-2 pickle, with the opcodes Python's own pickler uses for plain data and the
// ones pytorch.org/memory_viz's unpickler reads (it accepts protocols 2 to 4): PROTO, EMPTY_DICT / EMPTY_LIST /
// EMPTY_TUPLE, MARK + SETITEMS / APPENDS in batches of 1000 (as CPython batches), TUPLE1..3 / TUPLE, BININT1 /
// BININT2 / BININT, LONG1 for what does not fit 32 bits, BINFLOAT, BINUNICODE, NONE, NEWTRUE / NEWFALSE, STOP.
// No memo: nothing is shared, so nothing needs to be referenced twice. Strings must be UTF-8 (Python refuses
// anything else when it loads the file); the writer does not check them.
std::string writePickle(const PickleValue& value);

} // namespace iteragpu::interop
