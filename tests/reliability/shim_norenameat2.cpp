// SPDX-License-Identifier: Apache-2.0
// LD_PRELOAD shim: no hard links and no renameat2(RENAME_NOREPLACE) either (an old kernel, a file system that
// refuses the flag: EINVAL). link() and linkat() fail with EPERM, renameat2() with EINVAL; rename() waits 50 ms
// first, so two racing writers both pass any check made before it.
#include <cerrno>
#include <cstdio>
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

extern "C" {

int link(const char*, const char*)
{
    errno = EPERM;
    return -1;
}

int linkat(int, const char*, int, const char*, int)
{
    errno = EPERM;
    return -1;
}

int renameat2(int, const char*, int, const char*, unsigned int)
{
    errno = EINVAL;
    return -1;
}

int rename(const char* from, const char* to)
{
    ::usleep(50000);
    using Rename = int (*)(const char*, const char*);
    static const auto real = reinterpret_cast<Rename>(::dlsym(RTLD_NEXT, "rename"));
    return real(from, to);
}

} // extern "C"
