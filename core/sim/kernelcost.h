// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"

#include <cstdint>

// What each kernel of the DeviceContext costs on a roofline: the floating-point operations it does and the bytes
// it moves through device memory, from its arguments alone (the simulated device has no data). The simulated
// card turns a cost into max(flops / peak FLOP/s of the dtype, bytes / memory bandwidth) seconds (SimContext).
//
// Note [Kernel costs]
// s = dtypeSize(dtype), s_in / s_out for convert; D = headDim, Dv = valueDim() (= D unless MLA); "visible" = the (query, key) pairs the causal mask and the
// window keep (visibleKeyPairs); "keys read" = the keys that at least one query sees (keysRead); C and N = a
// selective scan's channels and state size.
//
// | kernel             | FLOPs                         | bytes (read + written)                                        |
// |--------------------|-------------------------------|---------------------------------------------------------------|
// | gemm               | 2 m n k                       | (m k + k n + m n) s, + m n s with accumulate (C read)        |
// | attention (fused)  | 2 b heads visible (D + Dv)    | (b q heads (D + Dv) + b keysRead kvHeads (D + Dv)) s          |
// | attentionScores    | 2 b heads q keys headDim      | (b q heads headDim + b keys kvHeads headDim + b heads q keys) s|
// | attentionValues    | 2 b heads q keys Dv           | (b heads q keys + b keys kvHeads Dv + b q heads Dv) s         |
// | fill, fillRandom   | 0                             | count s                                                       |
// | fillTokens         | 0                             | 4 count                                                       |
// | copyToHost/Device  | 0                             | bytes (over the memory bandwidth: the host link is not modelled) |
// | activation         | 0                             | 2 count s                                                     |
// | activationBackward | 0                             | 3 count s                                                     |
// | addBias, rmsNorm   | 0                             | (2 rows cols + cols) s                                        |
// | columnSums         | 0                             | (rows cols + cols) s                                          |
// | mseLoss            | 0                             | 3 count s + 4                                                 |
// | adamStep           | 0                             | count (3 s + 16): param r/w, grad, m and v r/w in float32     |
// | embedding          | 0                             | 4 tokens + 2 tokens hidden s                                  |
// | rope               | 0                             | 2 b seq heads headDim s (in place)                            |
// | gatedActivation    | 0                             | 3 count s                                                     |
// | add                | 0                             | 3 count s                                                     |
// | sliceTokens        | 0                             | 2 b hidden s                                                  |
// | copyKv             | 0                             | 2 b positions heads headDim s (the source layout's heads)     |
// | copyRows           | 0                             | 2 rows cols s                                                 |
// | softmaxRows        | 0                             | rows cols (s + 4)                                             |
// | convert            | 0                             | count (s_in + s_out)                                          |
// | routerTopK         | 0                             | tokens experts s + 8 tokens k                                 |
// | countRoutedTokens  | 0                             | 4 tokens k + 4 experts, then 4 experts to the host            |
// | routedTokens       | 0                             | 4 tokens k + 4 rows                                           |
// | gatherRows         | 0                             | 4 rows + 2 rows cols s                                        |
// | addRoutedRows      | 0                             | 4 rows + 8 rows k + 3 rows hidden s (the expert's rows only)  |
// | dequantizeInt8     | 0                             | rows cols (1 + s) + 4 rows                                    |
// | dequantizeNf4      | 0                             | ceil(count/2) + absmax + 64 + count s (see nf4Dequantize)     |
// | dequantizeFp8      | 0                             | rows cols (1 + s) + 4 scales (see fp8Dequantize)              |
// | dequantizeInt4     | 0                             | codes + 6 groups out (zeros as packed) + g_idx + out in s     |
// | dequantizeMxfp4    | 0                             | rows cb (16 + 1) + rows cols s, cb = ceil(cols / 32)          |
// | argmaxRows         | 0                             | rows cols s + 4 rows                                          |
// | attentionForward   | as attention                  | as attention + 4 b heads q (lse)                              |
// | attentionBackward  | 10 b heads visible headDim    | (4 b q heads headDim + 4 b keysRead kvHeads headDim) s + 8 b heads q |
// | attentionEagerBwd  | 8 b heads q keys headDim      | (3 b heads q keys + 4 b q heads headDim + 4 b keys kvHeads headDim) s |
// | ropeBackward       | 0                             | as rope                                                       |
// | rmsNormBackward    | 0                             | (3 rows cols + 2 cols) s                                      |
// | gatedActivationBwd | 0                             | 5 count s                                                     |
// | logSoftmaxRows     | 0                             | 8 rows cols                                                   |
// | nllLoss            | 0                             | 8 rows + 4                                                    |
// | nllLossBackward    | 0                             | 4 rows cols + 4 rows                                          |
// | logSoftmaxBackward | 0                             | 12 rows cols                                                  |
// | embeddingBackward  | 0                             | 4 tokens + 3 tokens hidden s                                  |
// | sgdStep            | 0                             | 3 count s                                                     |
// | adamStepStates     | 0                             | count (3 s + 4 s_state)                                       |
// | adam8bitStep       | 0                             | count (3 s + 4) + 16 ceil(count / 2048)                       |
// | causalConv1d       | 2 b seq channels kernel       | (2 b seq channels + 2 b channels kernel + channels kernel) s  |
// | ssmScan            | 6 b seq heads headDim N       | (b seq (2 heads headDim + 2 groups N + heads)                 |
// |                    |                               |   + 2 b heads headDim N + 3 heads) s (state read and written) |
// | selectiveScan      | 6 b seq C N                   | (b seq (4 C + 2 N) + 2 b C N + C N + 2 C) s (x, dt, z, y;     |
// |                    |                               |   B, C; the state read and written; A_log, D, the dt bias)    |
// | gatedRmsNorm       | 0                             | (3 rows cols + cols) s                                        |
// | copyColumns        | 0                             | 2 rows cols s                                                 |
// | sigmoidGate        | 0                             | 3 count s                                                     |
// | gatedDeltaRule     | 8 b seq Hv Dk Dv              | (b seq (2 Hk Dk + 2 Hv Dv + 2 Hv) + 2 b Hv Dk Dv + 2 Hv) s     |
//
// A MoE layer's rows per expert are the routing's; the simulated device has no data, so its routing is assumed
// (Note [Assumed routing] in simbackend.cpp: balanced round-robin) and each expert's GEMMs run on its share.
// Element-wise kernels count no FLOPs: they run on the vector units, far below the tensor peak, and are bound by
// memory on every card of the catalog. The eager kernels compute the whole queries x keys product (masked
// entries included, as a matmul does); the fused kernel skips what the mask hides, as a tiled kernel skips
// masked tiles. Paged layouts read their block table too; it is a few bytes per block and left out. Counts are
// doubles: the model is a time, not a size, and a double does not wrap.
namespace iteragpu::sim {

struct KernelCost {
    double flops = 0.0;
    double bytes = 0.0;
};

namespace kernelcost {

    // The number of (query, key) pairs the mask keeps, summed over the queries of one sequence and one head, in
    // closed form (piecewise linear in the query position); negative dimensions count as 0.
    std::int64_t visibleKeyPairs(const device::AttentionShape& shape);
    // The same, one query at a time: the reference the closed form is checked against.
    std::int64_t visibleKeyPairsNaive(const device::AttentionShape& shape);
    // The keys at least one query sees: a fused kernel reads each of them once per (sequence, KV head).
    std::int64_t keysRead(const device::AttentionShape& shape);

    KernelCost gemm(std::int64_t m, std::int64_t n, std::int64_t k, bool accumulate, device::DType dtype);
    KernelCost attention(const device::AttentionShape& shape, device::DType dtype);
    KernelCost attentionScores(const device::AttentionShape& shape, device::DType dtype);
    KernelCost attentionValues(const device::AttentionShape& shape, device::DType dtype);
    // Training: the fused backward recomputes the scores (2 visible pairs x headDim FLOPs) and does four
    // products (dV, dP, dQ, dK), 10 b heads visible headDim in all; it reads q, k, v, out, dout, lse and
    // writes dq, dk, dv and delta. The eager backward does the four products over the whole queries x keys
    // block and reads probs, writes dscores and reads it back.
    KernelCost attentionBackward(const device::AttentionShape& shape, device::DType dtype);
    KernelCost attentionEagerBackward(const device::AttentionShape& shape, device::DType dtype);
    // bytes = elements x (reads + writes) x the dtype's size: the element-wise kernels of the table.
    KernelCost elementwise(double elements, int tensorsTouched, device::DType dtype);
    KernelCost bytesOnly(double bytes);
    KernelCost nf4Dequantize(const device::Nf4Tensor& tensor, device::DType dtype);
    // The stored tensors each reads (DECODER.md "Formats") and the [out, in] output it writes.
    KernelCost fp8Dequantize(const device::Fp8Tensor& tensor, device::DType dtype);
    KernelCost int4Dequantize(const device::Int4Tensor& tensor, device::DType dtype);
    KernelCost mxfp4Dequantize(const device::Mxfp4Tensor& tensor, device::DType dtype);
    // The state layers' convolution and scan count their multiply-adds: the only element-wise kernels that do
    // (kernel taps, N state entries per output), which a scan of a long prompt is bound by.
    KernelCost causalConv1d(
        std::int64_t batch, std::int64_t seq, std::int64_t channels, std::int64_t kernel, device::DType dtype);
    KernelCost ssmScan(const device::SsmShape& shape, device::DType dtype);
    KernelCost selectiveScan(const device::SelectiveScanShape& shape, device::DType dtype);
    KernelCost gatedDeltaRule(const device::DeltaShape& shape, device::DType dtype);

} // namespace kernelcost

} // namespace iteragpu::sim
