// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace iteragpu::model {

// A part of a checkpoint counted apart from its language model: DeepSeek-V3's multi-token-prediction layer, a
// vision tower and its projector. Named, never mixed into the decoder's count.
struct ModelPart {
    std::string name; // "mtp", "vision"
    std::uint64_t parameters = 0; // exact, or 0 when known to exist but not modelled (`modelled` false)
    bool modelled = true; // false: the checkpoint holds it, its size is not computed
    bool loaded = false; // loaded with the language model by transformers (a vision tower is; MTP is not)
};

} // namespace iteragpu::model
