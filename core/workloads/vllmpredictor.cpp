// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/vllmpredictor.h"

#include "core/protocol/phaseplan.h"
#include "core/protocol/vllmrun.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/workloads/decoderreplay.h"
#include "core/workloads/ledger.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace iteragpu::workloads {

namespace {
    constexpr const char* kWhat = "vLLM's rehearsal";
    constexpr std::uint64_t kFloat32Bytes = 4;
} // namespace

WorkloadPrediction predictVllm(const protocol::RunConfig& config)
{
    WorkloadPrediction out;
    if (!config.vllm || !config.decoder || config.workload != protocol::WorkloadKind::Decoder) {
        out.error = "not a vLLM rehearsal";
        return out;
    }
    out.error = protocol::validateConfig(config);
    if (!out.error.empty())
        return out;
    const engines::VllmPlan& plan = config.vllm->plan;
    try {
        out.parameterCount = config.decoder->shape.parameters().total;
        const std::unique_ptr<Ledger> ledger = makeLedger(config.allocator);
        out.method = ledger->method() + "; vLLM's start-up as core/workloads/VLLM.md lists it";
        std::unique_ptr<DecoderReplay> decoder;
        if (plan.sized)
            decoder = std::make_unique<DecoderReplay>(*ledger, protocol::vllmProfileConfig(config));
        bool refused = false; // a phase failed with vLLM's refusal: nothing after it is replayed
        for (const auto& phase : protocol::planPhases(config)) {
            PhasePrediction p;
            p.index = phase.index;
            p.name = phase.name;
            p.repeat = phase.repeat;
            p.baselineAllocated = ledger->current();
            ledger->resetPeak();
            switch (phase.kind) {
            case protocol::PhaseKind::ModelLoad:
                if (!plan.sized)
                    refused = true; // refused before anything is loaded
                else
                    decoder->modelLoad();
                break;
            case protocol::PhaseKind::ProfileRun: {
                if (refused)
                    break;
                decoder->writeNoCache();
                decoder->inputs();
                decoder->prefill();
                const std::uint64_t rows = std::min(plan.maxNumSeqs, plan.maxNumBatchedTokens);
                const std::uint64_t vocab = config.decoder->shape.vocab;
                const std::uint64_t dt = device::dtypeSize(protocol::decoderComputeDType(config));
                // The sampler's tensors as VllmWorkload::profileRun allocates them (Note [vLLM memory plan]).
                std::vector<LedgerBlock> held;
                held.push_back(ledger->allocate(units::checked::mul({ rows, vocab, dt }, kWhat)));
                if (dt != kFloat32Bytes)
                    held.push_back(ledger->allocate(units::checked::mul({ rows, vocab, kFloat32Bytes }, kWhat)));
                held.push_back(ledger->allocate(units::checked::mul({ rows, vocab, kFloat32Bytes }, kWhat)));
                held.push_back(ledger->allocate(units::checked::mul({ rows, vocab, kFloat32Bytes }, kWhat)));
                for (auto it = held.rbegin(); it != held.rend(); ++it)
                    ledger->release(*it);
                decoder->releaseAfterForward();
                ledger->emptyCache();
                break;
            }
            case protocol::PhaseKind::KvCacheAlloc:
                if (refused || !plan.starts) {
                    refused = true;
                    break;
                }
                for (const std::uint64_t bytes : plan.kvTensorBytes)
                    ledger->allocate(bytes);
                break;
            case protocol::PhaseKind::GraphCapture: {
                if (refused)
                    break;
                // The graphs as VllmWorkload::graphCapture allocates them (Note [vLLM CUDA graphs]): the pool and
                // the workspace kept, the warm-up's tensors beside them, freed, then empty_cache().
                for (const std::uint64_t bytes : plan.cudaGraphTensorBytes)
                    ledger->allocate(bytes);
                std::vector<LedgerBlock> warmup;
                for (const std::uint64_t bytes : plan.cudaGraphWarmupTensorBytes)
                    warmup.push_back(ledger->allocate(bytes));
                for (auto it = warmup.rbegin(); it != warmup.rend(); ++it)
                    ledger->release(*it);
                ledger->emptyCache();
                break;
            }
            case protocol::PhaseKind::Serve:
                break; // nothing allocated (VLLM.md)
            default:
                out.phases.clear();
                out.error = "phase " + phase.name + " is not a phase of vLLM's rehearsal";
                return out;
            }
            p.peakAllocated = ledger->peak();
            p.finalAllocated = ledger->current();
            p.peakReserved = ledger->peakReserved();
            out.phases.push_back(std::move(p));
        }
    } catch (const units::InputError& e) {
        out.phases.clear();
        out.error = e.what();
    }
    return out;
}

} // namespace iteragpu::workloads
