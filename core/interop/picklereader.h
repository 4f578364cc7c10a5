// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/interop/picklevalue.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace iteragpu::interop {

// Bounds of one read. The defaults take a snapshot of a long job (PyTorch's own docs warn that snapshots "can
// easily be in the GB range"): a 1 GiB file, twenty million values.
struct PickleLimits {
    std::size_t maxInputBytes = std::size_t { 1 } << 30;
    std::size_t maxDepth = 32; // containers inside containers (a snapshot needs 5: dict > list > list > dict > list)
    std::size_t maxValues = 20'000'000; // values created, memo fetches counted with all they hold
    std::size_t maxStringBytes = std::size_t { 16 } << 20; // one str
    std::size_t maxTotalStringBytes = std::size_t { 1 } << 30; // every str made and every str a memo fetch holds
    std::size_t maxStack = 4'000'000; // values waiting on pickle's stack
    std::size_t maxMarks = 1024;
    std::size_t maxMemo = 20'000'000;
};

// Note [Plain-data pickle]
// Reads the subset of Python's pickle that a dict of plain data produces with protocols 2 to 5 (what
// pickle.dump of torch.cuda.memory._snapshot() writes: protocol 4 up to Python 3.13, 5 from 3.14): PROTO, FRAME,
// STOP, MARK, POP, POP_MARK, EMPTY_DICT / SETITEM / SETITEMS, EMPTY_LIST / APPEND / APPENDS,
// EMPTY_TUPLE / TUPLE / TUPLE1..3, BININT / BININT1 / BININT2 / LONG1 / LONG4 (64 bits at most), BINFLOAT,
// SHORT_BINUNICODE / BINUNICODE / BINUNICODE8, NONE, NEWTRUE / NEWFALSE, BINPUT / LONG_BINPUT / MEMOIZE,
// BINGET / LONG_BINGET. Anything else (GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ, EXT1..4,
// PERSID, bytes, sets, DUP, protocol 0 and 1 opcodes, ...) is refused with its name and offset: nothing is ever
// imported, called or constructed. A container fetched from the memo is shared and may not be changed any
// more (Python's pickler only does that for a container that holds itself): so no cycle can be built, the
// depth of every value is known when it is made, and freeing a result never recurses deeper than maxDepth.
// A memo fetch of a container costs the budgets (maxValues, maxTotalStringBytes) everything the container holds,
// as walking or copying it would: a 1 MiB str inside an entry fetched 3000 times is 3 GiB of str, refused, not a
// 1 MB file that grows to gigabytes downstream. Its weight is known when it is fetched (it is sealed from then on).
class PickleReader {
public:
    explicit PickleReader(PickleLimits limits = {});

    // Parses data; false with one line in error (what, and at which byte) when it cannot.
    bool read(std::string_view data, PickleValue& out, std::string& error) const;

    const PickleLimits& limits() const { return m_limits; }

private:
    PickleLimits m_limits;
};

} // namespace iteragpu::interop
