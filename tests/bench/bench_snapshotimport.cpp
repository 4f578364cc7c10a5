// SPDX-License-Identifier: Apache-2.0
// Times 'iteragpu import' of the snapshot bombs (tests/support/snapshotbombs.h) at growing sizes: a reader that is
// linear in its input takes about twice as long for twice the input. Run by hand:
// build/<dir>/tests/bench/bench_snapshotimport [scale]
#include "core/interop/snapshotimport.h"
#include "support/snapshotbombs.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace iteragpu;

namespace {

void timeOne(const char* what, std::size_t n, const std::string& data)
{
    protocol::RunResult r;
    std::string error;
    interop::ImportWork work;
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = interop::importSnapshot(data, "bench.pickle", r, error, {}, &work);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-34s n=%-8zu %9zu bytes  %10.1f ms  key steps %-10llu region steps %-10llu %s\n", what, n,
        data.size(), ms, static_cast<unsigned long long>(work.keySteps),
        static_cast<unsigned long long>(work.regionSteps), ok ? "imported" : error.c_str());
}

} // namespace

int main(int argc, char** argv)
{
    const std::size_t scale = argc > 1 ? static_cast<std::size_t>(std::max(1, std::atoi(argv[1]))) : 1;
    for (std::size_t n : { 1000u, 2000u, 4000u }) // within the value budget: entries x pairs <= 2 x 10^7 / 2
        timeOne("shared entry dict of n pairs, n x", n * scale, testsupport::sharedWideEntry(n * scale, n * scale));
    for (std::size_t n : { 25000u, 50000u, 100000u })
        timeOne("n STARTs, n unmatched ENDs", n * scale, testsupport::unmatchedAnnotations(n * scale));
    for (std::size_t n : { 500u, 1000u, 3000u })
        timeOne("1 MiB user_metadata, n references", n, testsupport::sharedLongMetadata(std::size_t { 1 } << 20, n));
    return 0;
}
