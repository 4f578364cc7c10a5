// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"

#include "core/alloc/allocationtrace.h"
#include "core/alloc/asyncpoolallocator.h"
#include "core/alloc/cachingallocator.h"
#include "core/alloc/devicerawmemory.h"
#include "core/buildinfo/buildinfo.h"
#include "core/protocol/phaseplan.h"
#include "core/sampler/sampler.h"
#include "core/workloads/runpredictor.h"
#include "core/units/units.h"
#include "core/workloads/workload.h"

#include <chrono>
#include <ctime>
#include <limits>

namespace iteragpu::protocol {

void RunObserver::phaseStarted(std::uint64_t, const PhaseResult&) { }
void RunObserver::samplesReady(std::uint64_t, const std::vector<Sample>&) { }
void RunObserver::phaseFinished(std::uint64_t, const PhaseResult&) { }
void RunObserver::runFinished(std::uint64_t, const RunResult&) { }

namespace {

    constexpr std::size_t kTraceCapacity = 65536; // allocator events kept

    std::string utcNow()
    {
        const std::time_t now = std::time(nullptr);
        std::tm tm {};
        gmtime_r(&now, &tm);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
        return buf;
    }

    DeviceLevel toLevel(const device::DeviceReading& r)
    {
        DeviceLevel d;
        d.freeBytes = r.freeBytes;
        d.totalBytes = r.totalBytes;
        if (r.freeBytes && r.totalBytes && *r.totalBytes >= *r.freeBytes)
            d.usedBytes = *r.totalBytes - *r.freeBytes;
        d.processUsedBytes = r.processUsedBytes;
        d.processUsedSource = r.processUsedSource;
        return d;
    }

    void finish(RunResult& result, RunObserver* observer, std::chrono::steady_clock::time_point start)
    {
        result.completed = !result.phases.empty() && result.error.empty();
        for (const auto& p : result.phases)
            if (p.status != PhaseStatus::Ok)
                result.completed = false;
        result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (observer)
            observer->runFinished(result.identity.runId, result);
    }

    // Forwards every event except runFinished, which Runner delivers itself once running() is false, so that a
    // consumer may start the next run from that callback.
    class HoldFinishObserver : public RunObserver {
    public:
        explicit HoldFinishObserver(RunObserver* target)
            : m_target(target)
        {
        }
        void phaseStarted(std::uint64_t id, const PhaseResult& p) override
        {
            if (m_target)
                m_target->phaseStarted(id, p);
        }
        void samplesReady(std::uint64_t id, const std::vector<Sample>& b) override
        {
            if (m_target)
                m_target->samplesReady(id, b);
        }
        void phaseFinished(std::uint64_t id, const PhaseResult& p) override
        {
            if (m_target)
                m_target->phaseFinished(id, p);
        }
        void runFinished(std::uint64_t, const RunResult&) override { }

    private:
        RunObserver* m_target;
    };

} // namespace

std::uint64_t Runner::nextRunId()
{
    static std::atomic<std::uint64_t> counter { 0 };
    return ++counter;
}

Runner::Runner() = default;

Runner::~Runner()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
}

std::uint64_t Runner::start(RunConfig config, BackendDescription backend, DeviceFactory factory, RunObserver* observer)
{
    if (m_running.load())
        return 0;
    if (m_thread.joinable()) {
        if (m_thread.get_id() == std::this_thread::get_id())
            m_thread.detach(); // started from runFinished: that thread only returns from here on
        else
            m_thread.join();
    }
    m_cancel.store(false);
    m_running.store(true);
    const std::uint64_t id = nextRunId();
    m_runId.store(id);
    m_thread = std::thread(
        [this, config = std::move(config), backend = std::move(backend), factory = std::move(factory), observer, id] {
            HoldFinishObserver hold(observer);
            RunResult r = runBlocking(config, backend, factory, &hold, &m_cancel, id);
            {
                std::lock_guard lock(m_mutex);
                m_result = r;
            }
            m_running.store(false);
            if (observer)
                observer->runFinished(id, r);
        });
    return id;
}

void Runner::cancel() { m_cancel.store(true); }

RunResult Runner::wait()
{
    if (m_thread.joinable())
        m_thread.join();
    std::lock_guard lock(m_mutex);
    return m_result;
}

RunResult Runner::runBlocking(const RunConfig& inConfig, const BackendDescription& backend,
    const DeviceFactory& factory, RunObserver* observer, const std::atomic<bool>* cancel, std::uint64_t runId)
{
    const auto wallStart = std::chrono::steady_clock::now();
    RunResult result;
    RunConfig config = inConfig;
    config.samplingHz = clampSamplingHz(config.samplingHz);
    result.identity.runId = runId == 0 ? nextRunId() : runId;
    result.identity.appVersion = BuildInfo::version();
    result.identity.commit = BuildInfo::commit();
    result.identity.seed = config.seed;
    result.identity.startedAtUtc = utcNow();
    result.config = config;
    result.simulated = backend.simulated;
    result.environment.backend = backend.name;
    result.environment.runtimeDescription = backend.runtimeDescription;
    result.environment.simulated = backend.simulated;
    result.environment.allocatorBackend = allocatorName(config.allocator);
    result.environment.os = BuildInfo::os();
    result.environment.compiler = BuildInfo::compiler();
    result.environment.appVersion = BuildInfo::version();
    result.environment.commit = BuildInfo::commit();
    result.warmupPolicy = warmupPolicy(config).english();
    result.emptyCachePolicy = emptyCachePolicy(config).english();

    result.error = validateConfig(config);
    if (!result.error.empty()) {
        finish(result, observer, wallStart);
        return result;
    }

    const auto plan = planPhases(config);
    const auto prediction = workloads::predictRun(config);
    for (const auto& planned : plan) {
        PhaseResult p;
        p.index = planned.index;
        p.name = planned.name;
        p.repeat = planned.repeat;
        p.status = PhaseStatus::NotRun;
        p.inputs = phaseInputs(config, planned);
        p.dimensions = phaseDimensions(config, planned);
        if (static_cast<std::size_t>(planned.index) < prediction.phases.size())
            p.predictedPeakAllocated = prediction.phases[static_cast<std::size_t>(planned.index)].peakAllocated;
        result.phases.push_back(std::move(p));
        result.trialOrder.push_back(
            planned.repeat ? planned.name + "#" + std::to_string(*planned.repeat) : planned.name);
    }

    device::Status status;
    std::unique_ptr<device::DeviceContext> context = factory ? factory(status) : nullptr;
    if (!context) {
        result.error = status.message.empty() ? "the device could not be opened" : status.message;
        result.deviceMissing = true;
        finish(result, observer, wallStart);
        return result;
    }
    result.environment.device = context->info();
    result.simulated = result.simulated || context->info().simulated;
    result.environment.simulated = result.simulated;

    std::unique_ptr<alloc::DeviceRawMemory> raw;
    std::unique_ptr<alloc::DeviceAllocator> allocator;
    if (config.allocator == AllocatorKind::Async) {
        if (!context->supportsAsyncPool()) {
            result.error
                = "the device " + context->info().id + " has no stream-ordered memory pool (--allocator async)";
            finish(result, observer, wallStart);
            return result;
        }
        allocator = std::make_unique<alloc::AsyncPoolAllocator>(*context);
    } else {
        raw = std::make_unique<alloc::DeviceRawMemory>(*context);
        allocator = std::make_unique<alloc::CachingAllocator>(*raw);
    }
    result.environment.allocatorSettings = allocator->settings();
    alloc::AllocationTrace trace(kTraceCapacity);
    allocator->setTrace(&trace);

    const std::uint64_t id = result.identity.runId;
    {
        alloc::DeviceAllocator* liveAllocator = allocator.get();
        sampler::Sampler sampler([liveAllocator] { return liveAllocator->liveCounters(); }, config.samplingHz,
            config.maxSamplesPerPhase,
            [observer, id](const std::vector<Sample>& batch) {
                if (observer)
                    observer->samplesReady(id, batch);
            });
        std::unique_ptr<workloads::Workload> workload;
        try {
            workload = workloads::makeWorkload(*context, *allocator, config);
        } catch (const std::exception& e) {
            result.error = e.what();
        }
        if (workload) {
            workload->setStopFlag(cancel);
            sampler.start();
        }

        workloads::RoutingReplay observedRouting(plan.size());
        for (const auto& planned : plan) {
            if (!workload)
                break;
            if (cancel && cancel->load()) {
                result.cancelled = true;
                break;
            }
            PhaseResult& p = result.phases[static_cast<std::size_t>(planned.index)];
            trace.setPhase(planned.index);
            // 1. The phase is named with its inputs (filled in above).
            if (observer)
                observer->phaseStarted(id, p);
            if (planned.emptyCacheBefore)
                allocator->emptyCache();
            // 2. Synchronize, read the baseline.
            device::Status phaseStatus = context->synchronize();
            auto counters = allocator->counters();
            p.baseline = { counters.allocatedCurrent, counters.reservedCurrent };
            p.ownersAtBaseline = allocator->ownersNow();
            p.deviceBefore = toLevel(context->reading());
            sampler.setDeviceUsed(p.deviceBefore.usedBytes);
            // 3. Reset the peaks (Note [Peak reset] in core/alloc/cachingallocator.h).
            allocator->resetPeakStats();
            sampler.beginPhase(planned.index);
            p.startSeconds = sampler.elapsed();
            const std::optional<double> modelledBefore = context->modelledSeconds();
            // 4. Run, keeping what the next phase needs (the workload holds it).
            if (phaseStatus.ok)
                phaseStatus = workload->runPhase(planned);
            p.routing = workload->takeRouting();
            if (p.routing && p.routing->rule == RoutingRule::Observed && p.routing->recorded) {
                // Routed from the data: the prediction made before the run assumed the balanced rule; the phase is
                // predicted again replaying the loads every phase so far saw (DECODER.md prefill k, "Routing").
                observedRouting[static_cast<std::size_t>(planned.index)] = p.routing;
                const std::vector<PlannedPhase> upTo(plan.begin(), plan.begin() + planned.index + 1);
                const auto replay = workloads::predictRun(config, upTo, observedRouting);
                if (replay.error.empty() && static_cast<std::size_t>(planned.index) < replay.phases.size())
                    p.predictedPeakAllocated = replay.phases[static_cast<std::size_t>(planned.index)].peakAllocated;
                else { // not replayable: the balanced prediction stays, and the comparison names the routing
                    p.routing->recorded = false;
                    p.routing->loads.clear();
                    observedRouting[static_cast<std::size_t>(planned.index)] = p.routing;
                }
            }
            // 5. Synchronize, read peaks and finals, record success or the error.
            const device::Status syncStatus = context->synchronize();
            if (phaseStatus.ok && !syncStatus.ok)
                phaseStatus = syncStatus;
            counters = allocator->counters();
            p.peak = { counters.allocatedPeak, counters.reservedPeak };
            p.final = { counters.allocatedCurrent, counters.reservedCurrent };
            p.peakMoment = allocator->peakMoment(); // Note [Owners add up] in core/alloc/cachingallocator.h
            p.ownersAtFinal = allocator->ownersNow();
            p.largestFreeBlockAtEnd = allocator->largestFreeBlock();
            p.deviceAfter = toLevel(context->reading());
            sampler.setDeviceUsed(p.deviceAfter.usedBytes);
            p.endSeconds = sampler.elapsed();
            p.durationSeconds = *p.endSeconds - *p.startSeconds;
            if (const auto modelledAfter = context->modelledSeconds(); modelledBefore && modelledAfter)
                p.modelledSeconds = *modelledAfter - *modelledBefore;
            auto samples = sampler.endPhase();
            p.samples = std::move(samples.samples);
            p.samplesThinned = samples.thinned;
            p.status = phaseStatus.ok ? PhaseStatus::Ok : PhaseStatus::Failed;
            p.error = phaseStatus.ok ? std::string() : phaseStatus.message;
            p.outOfMemory = !phaseStatus.ok && phaseStatus.outOfMemory;
            // Note [Stop within a phase] (core/workloads/workload.h): cut short by Stop, with what it ran.
            const auto cut = workload->takeInterruption();
            if (phaseStatus.ok && cut) {
                p.status = PhaseStatus::Interrupted;
                p.iterationsDone = cut->done;
                p.iterationsPlanned = cut->planned;
                result.cancelled = true;
            }
            // 6. Raw bytes and configuration are kept in the record.
            if (observer)
                observer->phaseFinished(id, p);
            if (!phaseStatus.ok || p.status == PhaseStatus::Interrupted)
                break; // the run ends cleanly; later phases stay not_run
        }
        trace.setPhase(-1);
        if (workload)
            sampler.stop();
    } // the workload frees its tensors here
    allocator->setTrace(nullptr);
    result.trace = trace.events();
    result.traceDropped = trace.dropped();
    allocator.reset();
    raw.reset();
    context.reset();
    finish(result, observer, wallStart);
    return result;
}

} // namespace iteragpu::protocol
