// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/blasworkspace.h"
#include "core/sizing/phaseestimate.h"
#include "core/sizing/sizingrequest.h"

#include <string>
#include <vector>

namespace iteragpu::sizing {

// The sizing engine's estimate of each phase of a run, for the ledger to put beside the measurement (Note [Phase
// estimate] in the .cpp). Inference needs a shape and a KV cache (its tokens and sequences); the attention is
// the request's, sdpa when it has none. A training request gives the phases of its step from the decoder's
// inventory (DecoderTrainingSizer). Throws SizingError like SizingEngine::estimate, and when the request lacks
// the shape or the KV cache, or is a training step the inventory does not size. Cheap: one engine estimate and a
// few products.
class PhaseEstimator {
public:
    static std::vector<PhaseEstimate> estimate(const SizingRequest& request, BlasBackend backend = BlasBackend::Cublas);
    // The estimate that stands for a phase of the run by its name: "model_load", "inputs", "prefill", "decode"
    // (each decode chunk: the last step's, an upper bound for earlier chunks), "warmup" and "warm_prefill" (a
    // prefill again, the previous cache released first); a training step's "first_step.forward", ...,
    // "warm_step#r" and "warmup" (whole steps). nullptr for any other name.
    static const PhaseEstimate* forPhase(const std::vector<PhaseEstimate>& phases, const std::string& phaseName);
};

} // namespace iteragpu::sizing
