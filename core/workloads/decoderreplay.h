// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/workloads/ledger.h"

#include <memory>

namespace iteragpu::workloads {

// The decoder predictor's replay of DECODER.md's inference steps on a ledger the caller owns, for an engine's
// rehearsal built on the decoder (VllmPredictor): the same script predictDecoder runs, phase by phase, so that
// the caller's own tensors land on the same allocator state. Implemented beside predictDecoder
// (decoderpredictor.cpp), where the script lives.
class DecoderReplay {
public:
    // config: a decoder inference run (validated by the caller). Throws units::InputError as predictDecoder would
    // report it (an inventory beyond 64 bits).
    DecoderReplay(Ledger& ledger, const protocol::RunConfig& config);
    ~DecoderReplay();
    DecoderReplay(const DecoderReplay&) = delete;
    DecoderReplay& operator=(const DecoderReplay&) = delete;

    void modelLoad();
    void inputs();
    void prefill();
    // Before prefill: it keeps no K and V (DecoderWorkload::writeNoCache). Throws units::InputError on a cache
    // other than dynamic or a run with decode steps.
    void writeNoCache();
    // What the prefill left (next_ids, a dynamic cache) and input_ids freed, in the workload's order
    // (DecoderWorkload::releaseAfterForward).
    void releaseAfterForward();

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace iteragpu::workloads
