// SPDX-License-Identifier: Apache-2.0
#include "core/buildinfo/buildinfo.h"

#include "iteragpu_buildinfo.h"

#include <sys/utsname.h>

namespace iteragpu {

std::string BuildInfo::version() { return ITERAGPU_VERSION; }

std::string BuildInfo::commit() { return ITERAGPU_COMMIT; }

std::string BuildInfo::compiler()
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown compiler";
#endif
}

std::string BuildInfo::os()
{
    utsname u {};
    if (uname(&u) != 0)
        return "unknown";
    return std::string(u.sysname) + " " + u.release + " " + u.machine;
}

} // namespace iteragpu
