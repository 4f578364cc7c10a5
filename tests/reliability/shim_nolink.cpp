// SPDX-License-Identifier: Apache-2.0
// LD_PRELOAD shim: a file system without hard links (FAT, some network shares). link() and linkat() fail with
// EPERM; rename() and renameat2() wait 50 ms first, so that two writers racing on one path both pass any check made
// before them (the window a check-then-rename fallback loses in).
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

int rename(const char* from, const char* to)
{
    ::usleep(50000);
    using Rename = int (*)(const char*, const char*);
    static const auto real = reinterpret_cast<Rename>(::dlsym(RTLD_NEXT, "rename"));
    return real(from, to);
}

int renameat2(int fromDir, const char* from, int toDir, const char* to, unsigned int flags)
{
    ::usleep(50000);
    using Renameat2 = int (*)(int, const char*, int, const char*, unsigned int);
    static const auto real = reinterpret_cast<Renameat2>(::dlsym(RTLD_NEXT, "renameat2"));
    return real(fromDir, from, toDir, to, flags);
}

} // extern "C"
