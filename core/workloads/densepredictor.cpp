// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/densepredictor.h"

#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/ledger.h"

#include <memory>

namespace iteragpu::workloads {

namespace {

    using protocol::PhaseKind;

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

    // Every tensor of the inventory is a LedgerBlock member, allocated and released in the inventory's order.
    class Script {
    public:
        Script(Ledger& ledger, const Inventory& inv)
            : m_l(ledger)
            , m_inv(inv)
        {
        }

        void modelLoad()
        {
            m_W1 = m_l.allocate(m_inv.matrix());
            m_b1 = m_l.allocate(m_inv.hidden * m_inv.elem);
            m_W2 = m_l.allocate(m_inv.matrix());
            m_b2 = m_l.allocate(m_inv.width * m_inv.elem);
        }
        void inputs(bool training)
        {
            m_x = m_l.allocate(m_inv.io());
            if (training)
                m_target = m_l.allocate(m_inv.io());
        }
        // No gradients: each intermediate dies as soon as the next exists; the output is dropped.
        void forwardNoGrad()
        {
            m_h = m_l.allocate(m_inv.activation());
            m_a = m_l.allocate(m_inv.activation());
            m_l.release(m_h);
            m_y = m_l.allocate(m_inv.io());
            m_l.release(m_a);
            m_l.release(m_y);
        }
        void forwardKeep()
        {
            m_h = m_l.allocate(m_inv.activation());
            m_a = m_l.allocate(m_inv.activation());
            m_y = m_l.allocate(m_inv.io());
        }
        void loss()
        {
            m_loss = m_l.allocate(Inventory::kLossBytes);
            m_dy = m_l.allocate(m_inv.io());
            m_l.release(m_y);
        }
        void backward()
        {
            m_dW2 = m_l.allocate(m_inv.matrix());
            m_db2 = m_l.allocate(m_inv.width * m_inv.elem);
            m_da = m_l.allocate(m_inv.activation());
            m_l.release(m_dy);
            m_l.release(m_a);
            m_l.release(m_h);
            m_dW1 = m_l.allocate(m_inv.matrix());
            m_db1 = m_l.allocate(m_inv.hidden * m_inv.elem);
            m_l.release(m_da);
            m_l.release(m_loss);
        }
        void optimizer()
        {
            if (!m_adamStates) {
                // exp_avg then exp_avg_sq of W1, b1, W2, b2; held until the run ends.
                const std::uint64_t counts[]
                    = { m_inv.width * m_inv.hidden, m_inv.hidden, m_inv.hidden * m_inv.width, m_inv.width };
                for (const std::uint64_t count : counts) {
                    m_l.allocate(count * Inventory::kAdamElem);
                    m_l.allocate(count * Inventory::kAdamElem);
                }
                m_adamStates = true;
            }
            for (const LedgerBlock* g : { &m_dW1, &m_db1, &m_dW2, &m_db2 })
                m_l.release(*g);
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
            const LedgerBlock xEval = m_l.allocate(m_inv.io());
            forwardNoGrad();
            m_l.release(xEval);
        }

    private:
        Ledger& m_l;
        const Inventory& m_inv;
        bool m_adamStates = false;
        LedgerBlock m_W1, m_b1, m_W2, m_b2, m_x, m_target;
        LedgerBlock m_h, m_a, m_y, m_loss, m_dy;
        LedgerBlock m_dW1, m_db1, m_dW2, m_db2, m_da;
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

    const std::unique_ptr<Ledger> ledger = makeLedger(config.allocator);
    out.method = ledger->method();
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
        case PhaseKind::Prefill: // the decoder's phases: core/workloads/decoderpredictor
        case PhaseKind::Decode:
        case PhaseKind::WarmPrefill:
        case PhaseKind::StepAccumulate: // the decoder's training only
        case PhaseKind::ProfileRun: // vLLM's rehearsal: core/workloads/vllmpredictor
        case PhaseKind::KvCacheAlloc:
        case PhaseKind::GraphCapture:
        case PhaseKind::Serve:
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
