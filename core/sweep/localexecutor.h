// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/executor.h"

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace iteragpu::sweep {

// Runs each trial as a child process on this machine: '<program> measure <args> --device D --stream', one trial
// at a time on each device, as many at once as there are devices. The child's stdout lines go to
// TrialCallbacks::streamLine; the end of its stderr is kept for the error line. Each child gets its own process
// group, stdin from /dev/null, no other descriptor of ours (all opened O_CLOEXEC, and closed above 2 before exec)
// and SIGTERM should this thread die. On cancel: SIGINT to the child's group, SIGTERM after the grace period,
// SIGKILL after a second one; every child is waited for before runRound returns, so none is left a zombie.
class LocalExecutor : public Executor {
public:
    static constexpr std::size_t kStderrTailBytes = 4096; // bytes of a trial's stderr kept for its error line
    static constexpr std::chrono::milliseconds kDefaultGrace { 2000 };

    // devices: the ids the trials run on ("sim:0", "cuda:1"); program: the executable started for each trial.
    explicit LocalExecutor(std::vector<std::string> devices, std::string program = measureProgram());

    std::string name() const override { return "local"; }
    // Empty when the program exists and is executable and there is at least one device.
    std::string unavailableReason() const override;
    std::size_t trialSlots() const override { return m_devices.size(); }
    void runRound(const std::vector<TrialRequest>& round, const TrialCallbacks& callbacks,
        const std::atomic<bool>& cancel) override;

    const std::vector<std::string>& devices() const { return m_devices; }
    const std::string& program() const { return m_program; }
    // Time between SIGINT and SIGTERM (and between SIGTERM and SIGKILL) when a round is cancelled.
    void setGracePeriod(std::chrono::milliseconds grace) { m_grace = grace; }

private:
    std::vector<std::string> m_devices;
    std::string m_program;
    std::chrono::milliseconds m_grace = kDefaultGrace;
};

} // namespace iteragpu::sweep
