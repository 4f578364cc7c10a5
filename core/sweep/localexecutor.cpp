// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/localexecutor.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace iteragpu::sweep {

namespace {

    using Clock = std::chrono::steady_clock;

    constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20; // a longer stdout line is passed on in pieces
    constexpr int kPollMs = 50; // how often cancel is looked at while trials run

    struct Child {
        TrialRequest request;
        std::string device;
        pid_t pid = -1;
        int outFd = -1;
        int errFd = -1;
        std::string outLine; // the stdout line being read
        std::string errTail; // the last kStderrTailBytes of stderr
        Clock::time_point started;
        int signalsSent = 0; // 0: none, 1: SIGINT, 2: SIGTERM, 3: SIGKILL
        Clock::time_point lastSignal;
    };

    bool onPath(const std::string& program)
    {
        if (program.find('/') != std::string::npos)
            return ::access(program.c_str(), X_OK) == 0;
        const char* path = std::getenv("PATH");
        std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
        std::size_t start = 0;
        while (start <= dirs.size()) {
            const std::size_t end = std::min(dirs.find(':', start), dirs.size());
            const std::string dir = dirs.substr(start, end - start);
            const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
            if (::access(candidate.c_str(), X_OK) == 0)
                return true;
            start = end + 1;
        }
        return false;
    }

    std::string signalText(int sig)
    {
        const char* name = sigabbrev_np(sig);
        return name != nullptr ? "SIG" + std::string(name) : "signal " + std::to_string(sig);
    }

    // The last non-empty line of a stderr tail, one printable line.
    std::string lastLine(const std::string& tail)
    {
        std::size_t end = tail.size();
        while (end > 0) {
            while (end > 0 && (tail[end - 1] == '\n' || tail[end - 1] == '\r' || tail[end - 1] == ' '))
                --end;
            if (end == 0)
                break;
            std::size_t start = tail.rfind('\n', end - 1);
            start = start == std::string::npos ? 0 : start + 1;
            std::string line = tail.substr(start, end - start);
            for (char& c : line)
                if (static_cast<unsigned char>(c) < 0x20)
                    c = ' ';
            if (line.size() > 400)
                line = line.substr(0, 400) + "...";
            return line;
        }
        return {};
    }

    void drain(Child& c, int fd, const TrialCallbacks& callbacks)
    {
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                    ::close(fd);
                    (fd == c.outFd ? c.outFd : c.errFd) = -1;
                }
                return;
            }
            if (fd == c.errFd) {
                c.errTail.append(buffer, static_cast<std::size_t>(n));
                if (c.errTail.size() > LocalExecutor::kStderrTailBytes)
                    c.errTail.erase(0, c.errTail.size() - LocalExecutor::kStderrTailBytes);
                continue;
            }
            for (ssize_t i = 0; i < n; ++i) {
                if (buffer[i] == '\n' || c.outLine.size() >= kMaxLineBytes) {
                    if (callbacks.streamLine && !c.outLine.empty())
                        callbacks.streamLine(c.request.index, c.outLine);
                    c.outLine.clear();
                    if (buffer[i] == '\n')
                        continue;
                }
                c.outLine += buffer[i];
            }
        }
    }

    // Starts one trial; on failure returns pid -1 with the reason in error (no descriptor left open).
    Child spawn(const std::string& program, const TrialRequest& request, const std::string& device, std::string& error)
    {
        Child c;
        c.request = request;
        c.device = device;
        std::vector<std::string> args { program, "measure" };
        args.insert(args.end(), request.args.begin(), request.args.end());
        args.insert(args.end(), { "--device", device, "--stream" });
        std::vector<char*> argv;
        for (auto& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        const bool searchPath = program.find('/') == std::string::npos;

        int out[2] = { -1, -1 };
        int err[2] = { -1, -1 };
        const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (devNull < 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
            error = std::string("cannot create the trial's pipes: ") + std::strerror(errno);
            for (int fd : { devNull, out[0], out[1], err[0], err[1] })
                if (fd >= 0)
                    ::close(fd);
            return c;
        }
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid == 0) {
            // The child: async-signal-safe calls only until exec (the parent may have other threads).
            ::setpgid(0, 0); // its own group: a cancel reaches it and whatever it starts, a terminal's ^C does not
            ::prctl(PR_SET_PDEATHSIG, SIGTERM); // the sweep gone, the trial goes too
            if (::getppid() != parent)
                ::_exit(127);
            sigset_t none;
            sigemptyset(&none);
            ::sigprocmask(SIG_SETMASK, &none, nullptr);
            for (int sig : { SIGINT, SIGTERM, SIGPIPE, SIGHUP })
                ::signal(sig, SIG_DFL);
            ::dup2(devNull, 0);
            ::dup2(out[1], 1);
            ::dup2(err[1], 2);
            ::close_range(3, ~0U, 0); // nothing of ours leaks into the trial
            if (searchPath)
                ::execvp(argv[0], argv.data());
            else
                ::execv(argv[0], argv.data());
            const int e = errno;
            const char* what = "iteragpu sweep: cannot start the trial's program ";
            [[maybe_unused]] auto w = ::write(2, what, std::strlen(what));
            w = ::write(2, argv[0], std::strlen(argv[0]));
            w = ::write(2, ": ", 2);
            const char* reason = strerrordesc_np(e);
            if (reason != nullptr)
                w = ::write(2, reason, std::strlen(reason));
            w = ::write(2, "\n", 1);
            ::_exit(127);
        }
        const int forkErrno = errno;
        ::close(devNull);
        ::close(out[1]);
        ::close(err[1]);
        if (pid < 0) {
            ::close(out[0]);
            ::close(err[0]);
            error = std::string("cannot start a trial: ") + std::strerror(forkErrno);
            return c;
        }
        ::setpgid(pid, pid); // also here, so a signal sent right away reaches the group (no race with the child)
        for (int fd : { out[0], err[0] })
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        c.pid = pid;
        c.outFd = out[0];
        c.errFd = err[0];
        c.started = Clock::now();
        return c;
    }

} // namespace

LocalExecutor::LocalExecutor(std::vector<std::string> devices, std::string program)
    : m_devices(std::move(devices))
    , m_program(std::move(program))
{
}

std::string LocalExecutor::unavailableReason() const
{
    if (m_devices.empty())
        return "no local device to run the trials on";
    if (m_program.empty() || !onPath(m_program))
        return "the measure program " + (m_program.empty() ? std::string("(none)") : m_program)
            + (m_program.find('/') != std::string::npos ? " is not an executable file" : " is not found on PATH");
    return {};
}

void LocalExecutor::runRound(
    const std::vector<TrialRequest>& round, const TrialCallbacks& callbacks, const std::atomic<bool>& cancel)
{
    std::deque<TrialRequest> waiting(round.begin(), round.end());
    std::vector<std::string> freeDevices(m_devices.rbegin(), m_devices.rend());
    std::vector<Child> running;

    const auto finish = [&](TrialOutcome outcome) {
        if (callbacks.finished)
            callbacks.finished(outcome);
    };

    if (m_devices.empty()) {
        for (const auto& request : round) {
            TrialOutcome o;
            o.index = request.index;
            o.error = "no local device to run the trial on";
            finish(o);
        }
        return;
    }
    while (!waiting.empty() || !running.empty()) {
        const bool cancelled = cancel.load();
        if (cancelled) {
            while (!waiting.empty()) {
                TrialOutcome o;
                o.index = waiting.front().index;
                o.interrupted = true;
                o.error = "not started: the sweep was cancelled";
                waiting.pop_front();
                finish(o);
            }
        }
        while (!cancelled && !waiting.empty() && !freeDevices.empty()) {
            const TrialRequest request = waiting.front();
            waiting.pop_front();
            const std::string device = freeDevices.back();
            std::string error;
            Child c = spawn(m_program, request, device, error);
            if (c.pid < 0) {
                TrialOutcome o;
                o.index = request.index;
                o.device = device;
                o.error = error;
                finish(o);
                continue;
            }
            freeDevices.pop_back();
            if (callbacks.started)
                callbacks.started(request, device);
            running.push_back(std::move(c));
        }
        if (running.empty())
            continue;

        // Stop the running trials step by step: SIGINT (measure ends its phase and writes what it has), then
        // SIGTERM, then SIGKILL, each after the grace period.
        if (cancelled) {
            const auto now = Clock::now();
            for (auto& c : running) {
                if (c.signalsSent == 0 || (c.signalsSent < 3 && now - c.lastSignal >= m_grace)) {
                    const int sig = c.signalsSent == 0 ? SIGINT : c.signalsSent == 1 ? SIGTERM : SIGKILL;
                    ::kill(-c.pid, sig);
                    ++c.signalsSent;
                    c.lastSignal = now;
                }
            }
        }

        std::vector<pollfd> fds;
        for (const auto& c : running)
            for (int fd : { c.outFd, c.errFd })
                if (fd >= 0)
                    fds.push_back({ fd, POLLIN, 0 });
        if (!fds.empty())
            ::poll(fds.data(), fds.size(), kPollMs);
        else
            ::usleep(kPollMs * 1000);
        for (const auto& p : fds) {
            if (p.revents == 0)
                continue;
            for (auto& c : running)
                if (c.outFd == p.fd || c.errFd == p.fd)
                    drain(c, p.fd, callbacks);
        }

        for (std::size_t i = 0; i < running.size();) {
            Child& c = running[i];
            int status = 0;
            const pid_t r = ::waitpid(c.pid, &status, WNOHANG);
            if (r == 0 || (r < 0 && errno == EINTR)) {
                ++i;
                continue;
            }
            // Gone: what is left in the pipes is read (without waiting for a descendant that may hold them).
            for (int fd : { c.outFd, c.errFd })
                if (fd >= 0)
                    drain(c, fd, callbacks);
            for (int* fd : { &c.outFd, &c.errFd })
                if (*fd >= 0) {
                    ::close(*fd);
                    *fd = -1;
                }
            if (!c.outLine.empty() && callbacks.streamLine)
                callbacks.streamLine(c.request.index, c.outLine);
            // Whatever the trial started in its group goes with it.
            ::kill(-c.pid, SIGKILL);
            TrialOutcome o;
            o.index = c.request.index;
            o.device = c.device;
            o.wallSeconds = std::chrono::duration<double>(Clock::now() - c.started).count();
            o.interrupted = c.signalsSent > 0;
            if (r > 0 && WIFEXITED(status)) {
                o.exitCode = WEXITSTATUS(status);
                if (*o.exitCode != 0)
                    o.error = lastLine(c.errTail);
            } else if (r > 0 && WIFSIGNALED(status)) {
                const int sig = WTERMSIG(status);
                o.signal = sig;
                o.error = (o.interrupted ? "stopped by " : "killed by ") + signalText(sig)
                    + (o.interrupted ? " (the sweep was cancelled)" : "");
            } else {
                o.error = "the trial's process was lost";
            }
            freeDevices.push_back(c.device);
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            finish(o);
        }
    }
}

} // namespace iteragpu::sweep
