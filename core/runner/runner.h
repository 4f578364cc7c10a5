// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"
#include "core/protocol/runtypes.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace iteragpu::protocol {

// Receives the events of a run. Every callback is called from a worker thread (the run's thread or its sampler
// thread), never from the thread that called Runner::start; each carries the run id so that a consumer drops
// late events of a run it cancelled or replaced. Callbacks must return quickly and must not call back into the
// Runner (cancel() excepted).
class RunObserver {
public:
    virtual ~RunObserver() = default;
    // The phase is named, its inputs and prediction known; no counter read yet (status NotRun).
    virtual void phaseStarted(std::uint64_t runId, const PhaseResult& phase);
    // Samples in time order, batched: at most ~30 deliveries per second.
    virtual void samplesReady(std::uint64_t runId, const std::vector<Sample>& batch);
    virtual void phaseFinished(std::uint64_t runId, const PhaseResult& phase);
    // Last event of a run; result is complete (not_run phases included) also after cancel() or a failure.
    // From Runner, it comes after running() turned false: the next run may be started from here.
    virtual void runFinished(std::uint64_t runId, const RunResult& result);
};

// Opens the device; called on the run's thread, because device calls belong to that thread.
using DeviceFactory = std::function<std::unique_ptr<device::DeviceContext>(device::Status& status)>;

// What the worker knows about the backend before it opens the device (for the result's environment).
struct BackendDescription {
    std::string name; // "cuda", "hip", "sim"
    std::string runtimeDescription;
    bool simulated = false;
};

// Executes one run on its own std::thread, with a sampler thread beside it.
//
//   Runner runner;
//   auto id = runner.start(config, backendDescription, factory, &observer);
//   ... runner.cancel();            // optional: stops after the current step or phase
//   RunResult r = runner.wait();   // joins; also delivered through observer.runFinished
class Runner {
public:
    Runner();
    ~Runner(); // cancels and joins a run still going
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    // Starts a run and returns its id (unique in the process, > 0); 0 when a run of this Runner is still going.
    // observer may be nullptr; it must outlive the run.
    std::uint64_t start(RunConfig config, BackendDescription backend, DeviceFactory factory, RunObserver* observer);

    // Asks the run to stop after the current step of a phase of several iterations (that phase is recorded
    // interrupted: Note [Stop within a phase] in core/workloads/workload.h) or at the next phase boundary; phases
    // not started are recorded not_run. Thread-safe.
    void cancel();
    bool cancelRequested() const { return m_cancel.load(); }
    bool running() const { return m_running.load(); }
    std::uint64_t runId() const { return m_runId.load(); }

    // Joins the run thread and returns its result (an empty RunResult when nothing was started).
    RunResult wait();

    // Runs on the calling thread; the same events are delivered (from the calling thread and the sampler).
    static RunResult runBlocking(const RunConfig& config, const BackendDescription& backend,
        const DeviceFactory& factory, RunObserver* observer, const std::atomic<bool>* cancel = nullptr,
        std::uint64_t runId = 0);

    static std::uint64_t nextRunId();

private:
    std::thread m_thread;
    std::atomic<bool> m_cancel { false };
    std::atomic<bool> m_running { false };
    std::atomic<std::uint64_t> m_runId { 0 };
    std::mutex m_mutex;
    RunResult m_result;
};

} // namespace iteragpu::protocol
