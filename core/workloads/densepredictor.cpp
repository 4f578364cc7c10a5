// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/densepredictor.h"

#include "core/alloc/cachingallocator.h"
#include "core/alloc/hostrawmemory.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>

namespace iteragpu::workloads {

namespace {

    using protocol::PhaseKind;

    // Where the predicted bytes land: the caching allocator's blocks or the pool's requested sizes.
    class Ledger {
    public:
        virtual ~Ledger() = default;
        virtual void allocate(const std::string& name, std::uint64_t bytes) = 0;
        virtual void release(const std::string& name) = 0;
        virtual void emptyCache() = 0;
        virtual void resetPeak() = 0;
        virtual std::uint64_t current() = 0;
        virtual std::uint64_t peak() = 0;
        virtual std::optional<std::uint64_t> peakReserved() = 0;
    };

    class CachingLedger : public Ledger {
    public:
        CachingLedger()
            : m_raw(std::numeric_limits<std::uint64_t>::max() / 2, false)
            , m_allocator(m_raw)
        {
        }
        void allocate(const std::string& name, std::uint64_t bytes) override
        {
            device::Status st;
            m_live[name] = m_allocator.allocate(bytes, st);
        }
        void release(const std::string& name) override
        {
            m_allocator.free(m_live[name]);
            m_live.erase(name);
        }
        void emptyCache() override { m_allocator.emptyCache(); }
        void resetPeak() override { m_allocator.resetPeakStats(); }
        std::uint64_t current() override { return m_allocator.counters().allocatedCurrent; }
        std::uint64_t peak() override { return m_allocator.counters().allocatedPeak; }
        std::optional<std::uint64_t> peakReserved() override { return m_allocator.counters().reservedPeak; }

    private:
        alloc::HostRawMemory m_raw;
        alloc::CachingAllocator m_allocator;
        std::map<std::string, void*> m_live;
    };

    class PoolLedger : public Ledger {
    public:
        void allocate(const std::string& name, std::uint64_t bytes) override
        {
            m_live[name] = bytes;
            m_current += bytes;
            m_peak = std::max(m_peak, m_current);
        }
        void release(const std::string& name) override
        {
            m_current -= m_live[name];
            m_live.erase(name);
        }
        void emptyCache() override { }
        void resetPeak() override { m_peak = m_current; }
        std::uint64_t current() override { return m_current; }
        std::uint64_t peak() override { return m_peak; }
        std::optional<std::uint64_t> peakReserved() override { return std::nullopt; }

    private:
        std::map<std::string, std::uint64_t> m_live;
        std::uint64_t m_current = 0;
        std::uint64_t m_peak = 0;
    };

    // The tensor inventory of the dense network, as sizes in bytes.
    struct Inventory {
        std::uint64_t tokens = 0; // N = batch * context
        std::uint64_t width = 0;
        std::uint64_t hidden = 0; // 4 width
        std::uint64_t elem = 0; // bytes per element of dtype
        std::uint64_t activation() const { return tokens * hidden * elem; } // h, a, da
        std::uint64_t io() const { return tokens * width * elem; } // x, target, y, dy, x_eval
        std::uint64_t matrix() const { return width * hidden * elem; } // W1, W2 and their gradients
        static constexpr std::uint64_t kAdamElem = 4; // exp_avg / exp_avg_sq are float32
        static constexpr std::uint64_t kLossBytes = 4; // one float32
    };

    class Script {
    public:
        Script(Ledger& ledger, const Inventory& inv)
            : m_l(ledger)
            , m_inv(inv)
        {
        }

        void modelLoad()
        {
            m_l.allocate("W1", m_inv.matrix());
            m_l.allocate("b1", m_inv.hidden * m_inv.elem);
            m_l.allocate("W2", m_inv.matrix());
            m_l.allocate("b2", m_inv.width * m_inv.elem);
        }
        void inputs(bool training)
        {
            m_l.allocate("x", m_inv.io());
            if (training)
                m_l.allocate("target", m_inv.io());
        }
        // No gradients: each intermediate dies as soon as the next exists; the output is dropped.
        void forwardNoGrad()
        {
            m_l.allocate("h", m_inv.activation());
            m_l.allocate("a", m_inv.activation());
            m_l.release("h");
            m_l.allocate("y", m_inv.io());
            m_l.release("a");
            m_l.release("y");
        }
        void forwardKeep()
        {
            m_l.allocate("h", m_inv.activation());
            m_l.allocate("a", m_inv.activation());
            m_l.allocate("y", m_inv.io());
        }
        void loss()
        {
            m_l.allocate("loss", Inventory::kLossBytes);
            m_l.allocate("dy", m_inv.io());
            m_l.release("y");
        }
        void backward()
        {
            m_l.allocate("dW2", m_inv.matrix());
            m_l.allocate("db2", m_inv.width * m_inv.elem);
            m_l.allocate("da", m_inv.activation());
            m_l.release("dy");
            m_l.release("a");
            m_l.release("h");
            m_l.allocate("dW1", m_inv.matrix());
            m_l.allocate("db1", m_inv.hidden * m_inv.elem);
            m_l.release("da");
            m_l.release("loss");
        }
        void optimizer()
        {
            if (!m_adamStates) {
                const std::uint64_t counts[]
                    = { m_inv.width * m_inv.hidden, m_inv.hidden, m_inv.hidden * m_inv.width, m_inv.width };
                const char* names[] = { "W1", "b1", "W2", "b2" };
                for (int i = 0; i < 4; ++i) {
                    m_l.allocate(std::string("exp_avg.") + names[i], counts[i] * Inventory::kAdamElem);
                    m_l.allocate(std::string("exp_avg_sq.") + names[i], counts[i] * Inventory::kAdamElem);
                }
                m_adamStates = true;
            }
            for (const char* g : { "dW1", "db1", "dW2", "db2" })
                m_l.release(g);
        }
        void step()
        {
            forwardKeep();
            loss();
            backward();
            optimizer();
        }
        void evaluation()
        {
            m_l.allocate("x_eval", m_inv.io());
            forwardNoGrad();
            m_l.release("x_eval");
        }

    private:
        Ledger& m_l;
        const Inventory& m_inv;
        bool m_adamStates = false;
    };

} // namespace

WorkloadPrediction predictWorkload(const protocol::RunConfig& config)
{
    WorkloadPrediction out;
    out.error = protocol::validateConfig(config);
    if (!out.error.empty())
        return out;
    Inventory inv;
    inv.tokens = config.batch * config.context;
    inv.width = config.width;
    inv.hidden = 4 * config.width;
    inv.elem = device::dtypeSize(config.dtype);
    out.parameterCount = 8 * config.width * config.width + 5 * config.width;

    std::unique_ptr<Ledger> ledger;
    if (config.allocator == protocol::AllocatorKind::Native) {
        ledger = std::make_unique<CachingLedger>();
        out.method = "tensor inventory replayed through the caching allocator's rules (512-byte rounding, "
                     "2 MiB / 20 MiB segments, split and merge) on an address-only device";
    } else {
        ledger = std::make_unique<PoolLedger>();
        out.method = "tensor inventory at requested sizes (stream-ordered pool used-memory counter)";
    }
    Script script(*ledger, inv);
    const bool training = config.mode == protocol::Mode::Training;
    for (const auto& phase : protocol::planPhases(config)) {
        if (phase.emptyCacheBefore)
            ledger->emptyCache();
        PhasePrediction p;
        p.index = phase.index;
        p.name = phase.name;
        p.repeat = phase.repeat;
        p.baselineAllocated = ledger->current();
        ledger->resetPeak();
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            script.modelLoad();
            break;
        case PhaseKind::Inputs:
            script.inputs(training);
            break;
        case PhaseKind::ColdForward:
        case PhaseKind::WarmForward:
            script.forwardNoGrad();
            break;
        case PhaseKind::Warmup:
            for (std::uint32_t i = 0; i < phase.iterations; ++i) {
                if (training)
                    script.step();
                else
                    script.forwardNoGrad();
            }
            break;
        case PhaseKind::StepForward:
            script.forwardKeep();
            break;
        case PhaseKind::StepLoss:
            script.loss();
            break;
        case PhaseKind::StepBackward:
            script.backward();
            break;
        case PhaseKind::StepOptimizer:
            script.optimizer();
            break;
        case PhaseKind::WarmStep:
            script.step();
            break;
        case PhaseKind::Evaluation:
            script.evaluation();
            break;
        case PhaseKind::Export:
            break; // host copies only
        }
        p.peakAllocated = ledger->peak();
        p.finalAllocated = ledger->current();
        p.peakReserved = ledger->peakReserved();
        out.phases.push_back(std::move(p));
    }
    return out;
}

} // namespace iteragpu::workloads
