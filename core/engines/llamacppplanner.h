// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/llamacppoptions.h"
#include "core/engines/llamacppplan.h"
#include "core/engines/llamacpptensorlist.h"
#include "core/model/modelshape.h"
#include "core/sizing/sizingrequest.h"

#include <optional>

namespace iteragpu::engines {

// Note [llama.cpp memory plan]: what llama.cpp reserves at start-up, per device, for split mode "layer" (the
// release kModelledRelease names; the source files are llama.cpp's):
//   layers     src/llama-model.cpp load_tensors: n_layer + 1 slots (the repeating layers, then the output layer);
//              i_gpu_start = max(n_layer + 1 - ngl, 0), ngl clamped to n_layer + 1; slot il >= i_gpu_start goes to
//              device upper_bound(cumulative --tensor-split, (il - i_gpu_start) / ngl); token_embd stays on the CPU
//   model      per device, every tensor of its slots padded to the buffer's alignment (128 bytes on CUDA) plus, for
//              a quantized matrix whose row is not a multiple of 512, one padded row (ggml-cuda
//              get_alloc_size); the host's CPU_Mapped buffer is the rest, as mapped from the file (32-byte aligned)
//   n_ctx      src/llama-context.cpp: --ctx-size (0: n_ctx_train) padded to 256; without --kv-unified each of the
//              --parallel sequences gets n_ctx_seq = pad(n_ctx / n_seq, 256) cells in its own stream
//   KV         src/llama-kv-cache.cpp: per layer, on its device, K [row(type_k, n_embd_k_gqa) x cells] and V
//              likewise; sliding-window layers (src/llama-kv-cache-iswa.cpp) get
//              pad(min(n_ctx_seq, n_swa x (unified ? n_seq : 1) + n_ubatch), 256) cells per stream unless
//              --swa-full; a quantized V needs flash attention
//   compute    src/llama-context.cpp graph_reserve, ggml-alloc: the worst-case graph of n_ubatch tokens over every
//              cell (n_outputs = n_ubatch), whose peak is modelled as the largest of three moments on the device,
//              in f32: the attention (without flash attention the scores n_kv x n_ubatch x n_head and the mask
//              n_kv x n_ubatch, plus the residual, Q, K, V and the attention output of n_ubatch rows; with it the
//              mask in f32 and f16 and the same rows), the FFN (residual, normed input, gate and up rows), and on
//              the output layer's device the normed rows and the logits n_vocab x n_ubatch. The host's compute
//              buffer holds the graph inputs: the embeddings of n_ubatch tokens (token_embd is on the CPU), the
//              mask, and the token, position and output ids. ggml-alloc reuses memory by liveness, so the real
//              figure can sit a little above (fragmentation) or below (in-place ops); tst_llamacppplan reports how
//              close it comes to published logs.
class LlamaCppPlanner {
public:
    static constexpr const char* kModelledRelease
        = "llama.cpp master of 2026 (after PR #17046: n_ctx padded to 256; -ngl auto, -fa auto)";

    // Throws units::InputError on an option out of range (a zero batch, --parallel 0, a tensor split of the wrong
    // length) or a model the plan does not cover, one line. A plan that does not start is a result (starts
    // false, llama.cpp's reason).
    static LlamaCppPlan plan(
        const model::ModelShape& shape, const LlamaCppTensorList& tensors, const LlamaCppOptions& options);
    // The plan of a sized model, for every front end: the tensors of its GGUF file as stored, else of its shape as
    // llama-quantize writes `fileType` (f16 when none is given), the choice said in the plan's assumptions. Throws
    // units::InputError without a shape, or as plan() does.
    static LlamaCppPlan plan(const sizing::SizingRequest& request, const LlamaCppOptions& options,
        std::optional<LlamaCppTensorList::FileType> fileType);
    // The ggml type of a --cache-type-k / -v value.
    static std::uint32_t ggmlTypeOf(LlamaCppOptions::CacheType type);
};

} // namespace iteragpu::engines
