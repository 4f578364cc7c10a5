// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/externalcommand.h"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace iteragpu::sweep {

namespace {

    // Closes a descriptor once, whatever path leaves the function.
    struct Fd {
        int fd = -1;
        ~Fd() { reset(); }
        void reset()
        {
            if (fd >= 0)
                ::close(fd);
            fd = -1;
        }
    };

    std::string firstNonEmptyLine(std::string_view text)
    {
        while (!text.empty()) {
            const auto end = text.find('\n');
            auto line = text.substr(0, end);
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
                line.remove_suffix(1);
            while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
                line.remove_prefix(1);
            if (!line.empty())
                return std::string(line.substr(0, 400));
            if (end == std::string_view::npos)
                break;
            text.remove_prefix(end + 1);
        }
        return {};
    }

} // namespace

std::string ExternalCommandResult::firstLine() const
{
    for (const std::string* text : { &err, &out, &error })
        if (auto line = firstNonEmptyLine(*text); !line.empty())
            return line;
    return {};
}

std::string findOnPath(const std::string& program)
{
    if (program.empty())
        return {};
    if (program.find('/') != std::string::npos)
        return ::access(program.c_str(), X_OK) == 0 ? program : std::string();
    const char* path = std::getenv("PATH");
    std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
    while (true) {
        const auto end = dirs.find(':');
        std::string dir(dirs.substr(0, end));
        if (dir.empty())
            dir = ".";
        const std::string candidate = dir + "/" + program;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (end == std::string_view::npos)
            break;
        dirs.remove_prefix(end + 1);
    }
    return {};
}

ExternalCommandResult runExternalCommand(
    const std::vector<std::string>& argv, std::chrono::milliseconds timeout, const std::string& workingDirectory)
{
    ExternalCommandResult result;
    if (argv.empty()) {
        result.error = "no program to run";
        return result;
    }
    std::array<int, 2> outPipe {};
    std::array<int, 2> errPipe {};
    if (::pipe2(outPipe.data(), O_CLOEXEC) != 0) {
        result.error = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    Fd outRead { outPipe[0] };
    Fd outWrite { outPipe[1] };
    if (::pipe2(errPipe.data(), O_CLOEXEC) != 0) {
        result.error = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    Fd errRead { errPipe[0] };
    Fd errWrite { errPipe[1] };

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outWrite.fd, 1);
    posix_spawn_file_actions_adddup2(&actions, errWrite.fd, 2);
    // Nothing else of ours leaks into the tool (a GUI's sockets, another trial's pipes).
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (!workingDirectory.empty())
        posix_spawn_file_actions_addchdir_np(&actions, workingDirectory.c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // The tool starts with default signal handling, whatever this process blocks or ignores.
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const auto& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int spawned = ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    outWrite.reset();
    errWrite.reset();
    if (spawned != 0) {
        result.error = argv[0] + ": " + std::strerror(spawned);
        return result;
    }
    result.started = true;

    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::array<char, 8192> buffer {};
    while (outRead.fd >= 0 || errRead.fd >= 0) {
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timedOut = true;
            break;
        }
        std::array<pollfd, 2> fds { pollfd { outRead.fd, POLLIN, 0 }, pollfd { errRead.fd, POLLIN, 0 } };
        const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(left.count()));
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            result.error = std::string("poll: ") + std::strerror(errno);
            result.timedOut = true; // ends the tool below, as for the time limit
            break;
        }
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0)
                continue;
            Fd& fd = i == 0 ? outRead : errRead;
            std::string& sink = i == 0 ? result.out : result.err;
            const ssize_t n = ::read(fd.fd, buffer.data(), buffer.size());
            if (n > 0) {
                const auto room = kExternalOutputLimit - sink.size();
                sink.append(buffer.data(), std::min(room, static_cast<std::size_t>(n)));
            } else if (n == 0 || errno != EINTR) {
                fd.reset();
            }
        }
    }
    if (result.timedOut) {
        ::kill(pid, SIGKILL);
        if (result.error.empty())
            result.error = argv[0] + " did not finish within "
                + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) + " s";
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    if (WIFEXITED(status) && !result.timedOut)
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status) && result.error.empty())
        result.error = argv[0] + " was killed by signal " + std::to_string(WTERMSIG(status));
    return result;
}

} // namespace iteragpu::sweep
