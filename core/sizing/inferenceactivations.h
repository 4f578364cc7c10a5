// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/attentionimpl.h"
#include "core/sizing/inferenceactivationestimate.h"
#include "core/sizing/kvcacheoptions.h"
#include "core/sizing/scalartype.h"

#include <cstdint>
#include <vector>

namespace iteragpu::sizing {

// Inference activations per phase from the model's anatomy (Note [Inference working set] in the .cpp): the
// prefill's and a decode step's largest per-layer working set, and the dequantization buffer of quantized
// weights. A formula of a few products, cheap enough for every keystroke. `kv` as the engine estimates it
// (dimensions filled from the shape, KV heads per device); query heads, intermediate and vocab are divided by the
// tensor-parallel degree (rounded up), the hidden state is replicated. Throws SizingError on zero tokens.
class InferenceActivations {
public:
    static InferenceActivationEstimate estimate(const model::ModelShape& shape, const KvCacheOptions& kv,
        ScalarType compute, bool quantizedWeights, AttentionImpl attention, std::uint64_t tensorParallel = 1);
    // The tokens each layer's cache can hold (N_l = min(capacity, window)), capacity = the static capacity or
    // prompt + generated.
    static std::vector<std::uint64_t> layerCapacities(const KvCacheOptions& kv);
};

} // namespace iteragpu::sizing
