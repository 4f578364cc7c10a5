// SPDX-License-Identifier: Apache-2.0
#include "core/units/regularfile.h"

#include "core/units/printable.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace iteragpu::units {

namespace {
    // An open descriptor of a regular file, or -1 with `error` set.
    int openRegular(const std::string& path, std::uint64_t maxBytes, std::uint64_t& size, std::string& error)
    {
        const std::string shown = printable(path);
        if (path.find('\0') != std::string::npos) {
            error = "cannot open " + shown + ": the name holds a NUL byte";
            return -1;
        }
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
        if (fd < 0) {
            error = "cannot open " + shown + ": " + std::strerror(errno);
            return -1;
        }
        struct stat st {};
        if (::fstat(fd, &st) != 0) {
            error = "cannot open " + shown + ": " + std::strerror(errno);
            ::close(fd);
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            error = "cannot open " + shown + ": not a regular file ("
                + (S_ISDIR(st.st_mode)       ? "a folder"
                        : S_ISFIFO(st.st_mode) ? "a FIFO"
                        : S_ISSOCK(st.st_mode) ? "a socket"
                        : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                                     : "not a file")
                + ")";
            ::close(fd);
            return -1;
        }
        size = static_cast<std::uint64_t>(st.st_size);
        if (size > maxBytes) {
            error = shown + " is " + std::to_string(size) + " bytes, more than the " + std::to_string(maxBytes)
                + " such a file may have";
            ::close(fd);
            return -1;
        }
        return fd;
    }
} // namespace

bool readRegularFile(const std::string& path, std::uint64_t maxBytes, std::string& content, std::string& error)
{
    std::uint64_t size = 0;
    const int fd = openRegular(path, maxBytes, size, error);
    if (fd < 0)
        return false;
    content.assign(static_cast<std::size_t>(size), '\0');
    std::size_t got = 0;
    for (;;) {
        if (got == content.size()) {
            // A file that grew since fstat: read on up to the limit, and refuse it past the limit.
            if (content.size() >= maxBytes) {
                char extra = 0;
                if (::read(fd, &extra, 1) > 0) {
                    error = printable(path) + " grew beyond " + std::to_string(maxBytes) + " bytes while it was read";
                    ::close(fd);
                    return false;
                }
                break;
            }
            content.resize(static_cast<std::size_t>(std::min<std::uint64_t>(maxBytes, content.size() + 65536)));
        }
        const ssize_t n = ::read(fd, content.data() + got, content.size() - got);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            error = "cannot read " + printable(path) + ": " + std::strerror(errno);
            ::close(fd);
            return false;
        }
        if (n == 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    content.resize(got);
    return true;
}

std::string regularFileProblem(const std::string& path)
{
    std::uint64_t size = 0;
    std::string error;
    const int fd = openRegular(path, UINT64_MAX, size, error);
    if (fd >= 0)
        ::close(fd);
    return error;
}

} // namespace iteragpu::units
