// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>

// The one small interface every device backend implements: the CUDA and HIP modules (loaded at run time with
// dlopen, see BackendRegistry) and the simulated device in core. Every reading that can be missing is optional,
// so "unknown" never shows as 0.
namespace iteragpu::device {

// Bumped whenever a class below changes layout; a module built for another ABI is refused with a clear reason.
inline constexpr int kBackendAbiVersion = 6;

enum class DType : int { Float32 = 0, Float16 = 1, BFloat16 = 2 };
std::size_t dtypeSize(DType dtype); // bytes per element
const char* dtypeName(DType dtype); // "float32", "float16", "bfloat16"
std::optional<DType> dtypeFromName(const std::string& name);

enum class Activation : int { Gelu = 0, Relu = 1, Silu = 2 }; // Gelu: the tanh approximation

// Where the keys and values of token position p of sequence b live (the decoder workload's KV cache, or the
// fresh K/V of a prefill). Elements are [.., heads, headDim] rows of the compute dtype.
struct KvLayout {
    std::int64_t heads = 0; // KV heads
    std::int64_t headDim = 0;
    // Contiguous [batch, capacity, heads, headDim]: position p of sequence b at row (p - base) % capacity.
    std::int64_t capacity = 0;
    std::int64_t base = 0;
    // Paged when blockTable is not null. Then the data pointer passed beside the layout (k or v, src or dst) is
    // itself the block table of that tensor: a device array of batch x tableWidth block addresses
    // (std::uint64_t). Keys and values have a table each, so one layout serves both; blockTable is the marker
    // (callers pass one of the two tables) and kernels never read through it. Position p of sequence b is row
    // p % blockSize of block table[b * tableWidth + (p / blockSize) % tableWidth], each block [blockSize, heads,
    // headDim].
    const void* blockTable = nullptr;
    std::int64_t tableWidth = 0;
    std::int64_t blockSize = 0;
};

// One attention problem. Queries q and the output are [batch, queries, heads, headDim]; query i of a sequence
// is at position queryStart + i. Keys at positions keyStart .. keyStart + keys - 1 are read (through a KvLayout);
// key position p is visible to query position t when p <= t and, with a window w > 0, t - p < w; others are
// masked (-inf before the softmax). Query head h reads KV head h / (heads / kvHeads) (grouped-query attention).
// The values may be narrower or wider than the keys (MLA's v_head_dim): V rows are [.., kvHeads, valueDim()] at the
// same positions as the keys, and the output is [batch, queries, heads, valueDim()].
struct AttentionShape {
    std::int64_t batch = 0;
    std::int64_t queries = 0;
    std::int64_t heads = 0;
    std::int64_t kvHeads = 0;
    std::int64_t headDim = 0;
    std::int64_t queryStart = 0;
    std::int64_t keyStart = 0;
    std::int64_t keys = 0;
    std::int64_t window = 0; // 0: full causal attention
    float scale = 1.0f; // applied to q.k
    std::int64_t valueHeadDim = 0; // per value head; 0: headDim (every layout but MLA's)

    std::int64_t valueDim() const { return valueHeadDim > 0 ? valueHeadDim : headDim; }
};

// A bitsandbytes-style NF4 tensor on the device: two 4-bit codes per byte (element 2i in the low nibble), one
// absmax per block of blockSize values, a 16-entry float32 code book. With double quantization the absmax values
// are 8-bit codes: absmax[i] = nestedMap[absmaxCodes[i]] * nestedScale[i / 256] + offset[0] (float32 arrays).
struct Nf4Tensor {
    const void* packed = nullptr; // uint8 [ceil(count / 2)]
    const void* absmax = nullptr; // float32 [blocks], or uint8 codes [blocks] with double quantization
    const void* quantMap = nullptr; // float32 [16]
    bool doubleQuant = false;
    const void* nestedScale = nullptr; // float32 [ceil(blocks / 256)]
    const void* nestedMap = nullptr; // float32 [256]
    const void* offset = nullptr; // float32 [1]
    std::uint64_t count = 0; // values
    std::uint64_t blockSize = 64;
};

// An fp8 weight [rows, cols], one byte per value (e4m3: bias 7, no infinities, 0x7f and 0xff NaN, 0x7e = 448; e5m2:
// bias 15, IEEE's specials), and its float32 scale_inv: one value for the tensor (blockRows and blockColumns 0) or
// one per block, [ceil(rows / blockRows), ceil(cols / blockColumns)] (DeepSeek-V3's weight_block_size).
// out[r, c] = value(codes[r, c]) * scaleInv[r / blockRows, c / blockColumns].
struct Fp8Tensor {
    const void* codes = nullptr; // uint8 [rows, cols]
    const void* scaleInv = nullptr; // float32 [1] or [ceil(rows / blockRows), ceil(cols / blockColumns)]
    std::int64_t rows = 0; // out
    std::int64_t cols = 0; // in
    std::int64_t blockRows = 0;
    std::int64_t blockColumns = 0;
    bool e5m2 = false;
};

// A GPTQ or AWQ int4 weight of out x in values, as their checkpoints store it (G = ceil(in / groupSize)).
// GPTQ (AutoGPTQ / transformers): qweight int32 [ceil(in / 8), out], input row i in bits 4 (i % 8) of word
// [i / 8, o]; qzeros int32 [G, ceil(out / 8)], column o in bits 4 (o % 8); scales float16 [G, out]; gIdx int32
// [in], the group of each input row. AWQ: qweight int32 [in, ceil(out / 8)] and qzeros int32 [G, ceil(out / 8)],
// column o in bits 4 kAwqOrder(o % 8) (AWQ's interleaved packing, reverse order 0 4 1 5 2 6 3 7); scales float16
// [G, out]; the group of row i is i / groupSize (gIdx null). out[o, i] = (code - zero) * scale, the zero as stored.
struct Int4Tensor {
    const void* qweight = nullptr;
    const void* qzeros = nullptr;
    const void* scales = nullptr;
    const void* gIdx = nullptr; // GPTQ only
    std::int64_t out = 0;
    std::int64_t in = 0;
    std::int64_t groupSize = 128;
    bool awq = false;
};

// An MXFP4 weight [rows, cols] as gpt-oss stores its experts: blocks uint8 [rows, ceil(cols / 32), 16], two e2m1
// codes per byte (value 2j in the low nibble), and one e8m0 scale per 32 values, scales uint8 [rows,
// ceil(cols / 32)] (2^(scale - 127); 255 is NaN). out[r, c] = e2m1(code) * 2^(scale - 127).
struct Mxfp4Tensor {
    const void* blocks = nullptr;
    const void* scales = nullptr;
    std::int64_t rows = 0;
    std::int64_t cols = 0;
};

// The result of a device call, with the runtime's own error text when it failed.
struct Status {
    bool ok = true;
    bool outOfMemory = false;
    std::string message;

    static Status success() { return {}; }
    static Status error(std::string text) { return { false, false, std::move(text) }; }
    static Status oom(std::string text) { return { false, true, std::move(text) }; }
};

struct DeviceInfo {
    std::string id; // "cuda:0", "hip:1", "sim:0"
    int index = 0;
    std::string name; // as reported by the runtime
    std::uint64_t totalBytes = 0; // capacity reported by the runtime, bytes
    std::string arch; // "sm_90", "gfx90a", "simulated"
    std::string driverVersion;
    std::string runtimeVersion;
    int multiprocessors = 0;
    bool simulated = false;
};

// Device-level reading: what the driver and the management library see. Kept in its own fields, never added
// to the allocator's counters.
struct DeviceReading {
    std::optional<std::uint64_t> freeBytes; // cudaMemGetInfo / hipMemGetInfo
    std::optional<std::uint64_t> totalBytes;
    std::optional<std::uint64_t> processUsedBytes; // NVML / ROCm SMI, this process on this device
    std::string processUsedSource; // "nvml", "rocm-smi", "simulated" or empty
};

// Attributes of the driver's stream-ordered pool (cudaMemPoolAttr*), bytes.
struct PoolStats {
    std::optional<std::uint64_t> usedCurrent;
    std::optional<std::uint64_t> usedHigh;
    std::optional<std::uint64_t> reservedCurrent;
    std::optional<std::uint64_t> reservedHigh;
};

// A Mamba2 state-space scan (the SSD recurrence, one scalar decay per head) over seq tokens of each sequence,
// token t of sequence b at row b * seq + t of every [rows, ...] operand. Strides are in elements per row: x, B and
// C are column slices of one [rows, bcStride] tensor (the convolution's output), dt of another (in_proj's).
struct SsmShape {
    std::int64_t batch = 0;
    std::int64_t seq = 0;
    std::int64_t heads = 0;
    std::int64_t headDim = 0;
    std::int64_t groups = 0; // B and C per group; heads / groups heads share one
    std::int64_t stateSize = 0; // N
    std::int64_t xStride = 0; // x [rows, heads * headDim] within rows of xStride
    std::int64_t dtStride = 0; // dt [rows, heads] within rows of dtStride
    std::int64_t bcStride = 0; // B and C [rows, groups * stateSize] each within rows of bcStride
};

// A Mamba (v1) selective scan (Jamba's: one decay per channel and state entry) over seq tokens of each sequence,
// token t of sequence b at row b * seq + t of every [rows, ...] operand. Strides are in elements per row: x, dt and
// the gate z [rows, channels] each within rows of its own stride (z a column slice of in_proj's output), B and C
// [rows, stateSize] each within rows of bcStride.
struct SelectiveScanShape {
    std::int64_t batch = 0;
    std::int64_t seq = 0;
    std::int64_t channels = 0; // d_inner
    std::int64_t stateSize = 0; // N
    std::int64_t xStride = 0;
    std::int64_t dtStride = 0;
    std::int64_t zStride = 0;
    std::int64_t bcStride = 0;
};

// A gated delta rule (gated DeltaNet) over seq tokens of each sequence, token t of sequence b at row b * seq + t.
// q and k [rows, keyHeads * keyDim] and v [rows, valueHeads * valueDim] within rows of qkvStride; b and a
// [rows, valueHeads] within rows of abStride. Value head h reads key head h / (valueHeads / keyHeads).
struct DeltaShape {
    std::int64_t batch = 0;
    std::int64_t seq = 0;
    std::int64_t keyHeads = 0;
    std::int64_t keyDim = 0;
    std::int64_t valueHeads = 0;
    std::int64_t valueDim = 0;
    std::int64_t qkvStride = 0;
    std::int64_t abStride = 0;
};

// One opened device with one stream. All calls are made from the run's worker thread.
class DeviceContext {
public:
    virtual ~DeviceContext() = default;

    virtual const DeviceInfo& info() const = 0;

    // Raw device memory (cudaMalloc / hipMalloc); nullptr with status set on failure.
    virtual void* rawAlloc(std::uint64_t bytes, Status& status) = 0;
    virtual void rawFree(void* ptr) = 0;

    // The driver's stream-ordered pool (cudaMallocAsync / hipMallocAsync).
    virtual bool supportsAsyncPool() const = 0;
    virtual void* poolAlloc(std::uint64_t bytes, Status& status) = 0;
    virtual void poolFree(void* ptr) = 0;
    virtual PoolStats poolStats() = 0;
    virtual void poolResetPeaks() = 0;
    virtual void poolTrim(std::uint64_t keepBytes) = 0;

    virtual Status synchronize() = 0;
    virtual DeviceReading reading() = 0;
    virtual Status copyToHost(void* hostDst, const void* deviceSrc, std::uint64_t bytes) = 0;

    // Host memory a phase keeps, the training export's copy of the weights: real memory on a device whose
    // memory is real; address-only on a simulated one (core/sim), where the device memory is address-only
    // too, so exporting a model costs the modelled time and not the model's bytes of this machine's memory.
    // nullptr with status set when the host has no room; copyToHost writes into it (or, address-only, not).
    virtual void* hostAlloc(std::uint64_t bytes, Status& status)
    {
        void* p = bytes == 0 ? nullptr : std::malloc(static_cast<std::size_t>(bytes));
        if (bytes != 0 && (bytes > std::numeric_limits<std::size_t>::max() || p == nullptr)) {
            status = Status::oom("host memory exhausted: " + std::to_string(bytes) + " bytes for a host copy");
            return nullptr;
        }
        status = Status::success();
        return p;
    }
    virtual void hostFree(void* ptr) { std::free(ptr); }

    // Kernels of the workloads. Matrices are row-major; counts are elements; scratch memory a kernel needs
    // (cuBLAS workspace) is the backend's business and shows up in the device-level reading.
    virtual Status fillRandom(void* dst, std::uint64_t count, DType dtype, std::uint64_t seed, float scale) = 0;
    virtual Status fill(void* dst, std::uint64_t count, DType dtype, float value) = 0;
    // C[m,n] = op(A)[m,k] * op(B)[k,n] (+ C when accumulate). op(A) = A stored [m,k], or A stored [k,m] when
    // transA. op(B) = B stored [k,n], or B stored [n,k] when transB. Accumulation in float32.
    virtual Status gemm(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, DType dtype, bool accumulate)
        = 0;
    // inout[r,c] += bias[c]
    virtual Status addBias(void* inout, const void* bias, std::int64_t rows, std::int64_t cols, DType dtype) = 0;
    // out[i] = act(in[i])
    virtual Status activation(void* out, const void* in, std::uint64_t count, Activation act, DType dtype) = 0;
    // grad[i] = grad[i] * act'(preact[i])
    virtual Status activationBackward(void* grad, const void* preact, std::uint64_t count, Activation act, DType dtype)
        = 0;
    // out[c] = sum over r of in[r,c]
    virtual Status columnSums(void* out, const void* in, std::int64_t rows, std::int64_t cols, DType dtype) = 0;
    // loss (one float32 on the device) = mean((pred - target)^2); grad = 2 (pred - target) / count
    virtual Status mseLoss(
        void* lossF32, void* grad, const void* pred, const void* target, std::uint64_t count, DType dtype)
        = 0;
    // AdamW step; moments m and v are float32, param and grad are dtype.
    virtual Status adamStep(void* param, const void* grad, void* m, void* v, std::uint64_t count, DType dtype,
        std::int64_t step, float lr, float beta1, float beta2, float eps, float weightDecay)
        = 0;

    // --- The decoder workload's kernels (ABI 2). dtype is the compute dtype of every float tensor unless a
    // parameter says otherwise; token ids, router indices and argmax results are int32.
    virtual Status copyToDevice(void* deviceDst, const void* hostSrc, std::uint64_t bytes) = 0;
    // ids[i] uniform in [0, vocab), from the same counter-based hash as fillRandom.
    virtual Status fillTokens(void* ids, std::uint64_t count, std::int64_t vocab, std::uint64_t seed) = 0;
    // out[t, :] = table[ids[t], :] * scale; table [vocab, hidden].
    virtual Status embedding(void* out, const void* table, const void* ids, std::int64_t tokens, std::int64_t hidden,
        std::int64_t vocab, float scale, DType dtype)
        = 0;
    // out[r, :] = in[r, :] / sqrt(mean(in[r, :]^2) + eps) * (weight + weightOffset); Gemma's offset is 1.
    virtual Status rmsNorm(void* out, const void* in, const void* weight, std::int64_t rows, std::int64_t cols,
        float eps, float weightOffset, DType dtype)
        = 0;
    // In place on x [batch, seq, heads, headDim]: rotary embedding (rotate-half pairing d, d + headDim / 2) of
    // token s at position positionStart + s, frequencies theta^(-2i / headDim).
    virtual Status rope(void* x, std::int64_t batch, std::int64_t seq, std::int64_t heads, std::int64_t headDim,
        std::int64_t positionStart, float theta, DType dtype)
        = 0;
    // out[i] = act(gate[i]) * up[i]; out may be gate.
    virtual Status gatedActivation(
        void* out, const void* gate, const void* up, std::uint64_t count, Activation act, DType dtype)
        = 0;
    // inout[i] += other[i]
    virtual Status add(void* inout, const void* other, std::uint64_t count, DType dtype) = 0;
    // out[b, :] = in[b, index, :] for in [batch, seq, hidden].
    virtual Status sliceTokens(void* out, const void* in, std::int64_t batch, std::int64_t seq, std::int64_t hidden,
        std::int64_t index, DType dtype)
        = 0;
    // Copies the K or V rows of positions positionStart .. positionStart + positions - 1 of every sequence from
    // src to dst, each addressed through its layout (a cache write, a cache that grows, a window that slides).
    virtual Status copyKv(void* dst, const KvLayout& dstLayout, const void* src, const KvLayout& srcLayout,
        std::int64_t batch, std::int64_t positionStart, std::int64_t positions, DType dtype)
        = 0;
    // A strided copy of rows (ABI 5): dst[r * dstStride + c] = src[(r / srcRepeat) * srcStride + c] for r < rows,
    // c < cols; strides are elements, at least cols; srcRepeat >= 1 repeats each source row (a row broadcast over
    // heads). A column slice, one part of a concatenation, or a shared row expanded: MLA's splits and cats.
    virtual Status copyRows(void* dst, std::int64_t dstStride, const void* src, std::int64_t srcStride,
        std::int64_t rows, std::int64_t cols, std::int64_t srcRepeat, DType dtype)
        = 0;
    // Fused attention (scaled dot product, tiled, online softmax in float32): no queries x keys buffer. The layout
    // is the keys'; the values are read at the same positions, valueDim() wide per head (a paged V's blocks
    // [blockSize, kvHeads, valueDim()]).
    virtual Status attention(void* out, const void* q, const void* k, const void* v, const KvLayout& layout,
        const AttentionShape& shape, DType dtype)
        = 0;
    // Eager attention in three steps, as an eager implementation holds it: scores [batch, heads, queries, keys]
    // in dtype (masked entries -inf), a float32 softmax of each row, and the values weighted by probs (dtype,
    // [batch, heads, queries, keys]). attentionScores reads the keys' layout, attentionValues the values' own
    // (kvHeads x valueDim() rows).
    virtual Status attentionScores(
        void* scores, const void* q, const void* k, const KvLayout& layout, const AttentionShape& shape, DType dtype)
        = 0;
    virtual Status softmaxRows(void* outF32, const void* in, std::int64_t rows, std::int64_t cols, DType dtype) = 0;
    virtual Status attentionValues(
        void* out, const void* probs, const void* v, const KvLayout& layout, const AttentionShape& shape, DType dtype)
        = 0;
    // out[i] = in[i] converted between dtypes.
    virtual Status convert(void* out, DType outType, const void* in, DType inType, std::uint64_t count) = 0;
    // Per token: softmax over the experts' logits [tokens, experts], the top k (ties to the lower index), their
    // probabilities renormalised to sum 1: indices int32 [tokens, k], weights float32 [tokens, k].
    virtual Status routerTopK(void* indices, void* weights, const void* logits, std::int64_t tokens,
        std::int64_t experts, std::int64_t k, DType dtype)
        = 0;
    // --- A MoE layer's dispatch (ABI 7), core/workloads/DECODER.md prefill k: each expert on its own tokens.
    // counts int32 [experts] (device) = for each expert, the tokens whose top k (indices int32 [tokens, k], -1 for
    // no pick) include it; then the same copied into hostCounts [experts], synchronously (the caller reads them).
    // A simulated device has no indices: it counts its assumed routing (core/sim/simbackend.h).
    virtual Status countRoutedTokens(void* counts, std::int32_t* hostCounts, const void* indices, std::int64_t tokens,
        std::int64_t k, std::int64_t experts)
        = 0;
    // tokenIdx int32 [rows] = the tokens whose top k include expert, ascending; rows is that expert's count.
    virtual Status routedTokens(
        void* tokenIdx, const void* indices, std::int64_t tokens, std::int64_t k, std::int64_t expert, std::int64_t rows)
        = 0;
    // out[r, :] = in[rowIdx[r], :] for r < rows (rowIdx int32; in [.., cols], out [rows, cols]).
    virtual Status gatherRows(
        void* out, const void* in, const void* rowIdx, std::int64_t rows, std::int64_t cols, DType dtype)
        = 0;
    // out[tokenIdx[r], :] += weight(tokenIdx[r], expert) * y[r, :] for r < rows, the weight the one of
    // weights [tokens, k] at the slot of indices where the token picked expert (index_add_ of the weighted rows;
    // tokenIdx distinct). y [rows, hidden], out [tokens, hidden].
    virtual Status addRoutedRows(void* out, const void* y, const void* tokenIdx, const void* indices,
        const void* weights, std::int64_t rows, std::int64_t hidden, std::int64_t k, std::int64_t expert, DType dtype)
        = 0;
    // out[r, c] = q[r, c] * scales[r] / 127 for int8 q [rows, cols] and float32 scales [rows] (LLM.int8 row scales).
    virtual Status dequantizeInt8(
        void* out, const void* q, const void* scales, std::int64_t rows, std::int64_t cols, DType dtype)
        = 0;
    // out[i] = quantMap[code i] * absmax[i / blockSize].
    virtual Status dequantizeNf4(void* out, const Nf4Tensor& tensor, DType dtype) = 0;
    // The formats of DECODER.md "Formats" beyond int8 and nf4 (ABI 5): out [rows, cols] in dtype, as each struct
    // above says. FP4 (bitsandbytes) is dequantizeNf4 with FP4's code book.
    virtual Status dequantizeFp8(void* out, const Fp8Tensor& tensor, DType dtype) = 0;
    virtual Status dequantizeInt4(void* out, const Int4Tensor& tensor, DType dtype) = 0;
    virtual Status dequantizeMxfp4(void* out, const Mxfp4Tensor& tensor, DType dtype) = 0;
    // out[r] = the index of the largest in[r, :] (the lower index on ties), int32.
    virtual Status argmaxRows(void* out, const void* in, std::int64_t rows, std::int64_t cols, DType dtype) = 0;
    // --- The decoder's state layers (ABI 5), core/workloads/DECODER.md "State layers".
    // A depthwise causal convolution of kernel taps per channel, then SiLU: out [batch, seq, channels] from in
    // (row r of in at r * inStride elements, its first `channels` columns). state [batch, channels, kernel] holds
    // the last kernel inputs of each channel before this call, oldest first (zeros: a fresh sequence); the taps
    // before token 0 read it, and it is left holding the last kernel inputs after it (transformers'
    // conv_states, causal_conv1d_fn's final states and causal_conv1d_update alike). weight [channels, kernel],
    // bias [channels] or null.
    virtual Status causalConv1d(void* out, const void* in, std::int64_t inStride, void* state, const void* weight,
        const void* bias, std::int64_t batch, std::int64_t seq, std::int64_t channels, std::int64_t kernel, DType dtype)
        = 0;
    // Mamba2's scan: per sequence b, head h (group g = h / (heads / groups)), token t in order, with
    // dt' = softplus(dt[t, h] + dtBias[h]) and A = -exp(aLog[h]):
    //   state[b, h, p, n] = state[b, h, p, n] * exp(dt' A) + dt' B[t, g, n] x[t, h, p]
    //   y[t, h, p] = sum_n C[t, g, n] state[b, h, p, n] + dSkip[h] x[t, h, p]
    // y [rows, heads * headDim] contiguous; state [batch, heads, headDim, stateSize] read and updated in place
    // (dtype); aLog, dSkip, dtBias [heads].
    virtual Status ssmScan(void* y, const void* x, const void* dt, const void* b, const void* c, void* state,
        const void* aLog, const void* dSkip, const void* dtBias, const SsmShape& shape, DType dtype)
        = 0;
    // Mamba's selective scan (ABI 6): per sequence b, channel d and token t in order, with
    // dt' = softplus(dt[t, d] + dtBias[d]) and A = -exp(aLog[d, n]):
    //   state[b, d, n] = state[b, d, n] * exp(dt' A) + dt' B[t, n] x[t, d]
    //   y[t, d] = (sum_n C[t, n] state[b, d, n] + dSkip[d] x[t, d]) * silu(z[t, d])
    // y [rows, channels] contiguous; state [batch, channels, stateSize] read and updated in place (dtype); aLog
    // [channels, stateSize], dSkip and dtBias [channels].
    virtual Status selectiveScan(void* y, const void* x, const void* dt, const void* b, const void* c, const void* z,
        void* state, const void* aLog, const void* dSkip, const void* dtBias, const SelectiveScanShape& shape,
        DType dtype)
        = 0;
    // A gated RMSNorm over groups of groupSize columns, weight [groupSize] when normBeforeGate, else [cols]. Mamba2's
    // (normBeforeGate false): v = in[r, c] * silu(gate[r * gateStride + c]), out = v / sqrt(mean(v^2) + eps) *
    // weight[c]. Gated DeltaNet's (true): out = in / sqrt(mean(in^2) + eps) * weight[c % groupSize] * silu(gate).
    // The mean is over the group. in and out [rows, cols].
    virtual Status gatedRmsNorm(void* out, const void* in, const void* gate, std::int64_t gateStride,
        const void* weight, std::int64_t rows, std::int64_t cols, std::int64_t groupSize, float eps,
        bool normBeforeGate, DType dtype)
        = 0;
    // out[r, c] = in[r * inStride + c] for out [rows, cols]: a column slice made contiguous.
    virtual Status copyColumns(
        void* out, const void* in, std::int64_t rows, std::int64_t cols, std::int64_t inStride, DType dtype)
        = 0;
    // out[i] = in[i] * sigmoid(gate[i]) (a gated attention output).
    virtual Status sigmoidGate(void* out, const void* in, const void* gate, std::uint64_t count, DType dtype) = 0;
    // The gated delta rule, per sequence, value head h and token in order, with q and k of its key head each
    // L2-normalised (x / sqrt(sum x^2 + 1e-6)) and q scaled by 1 / sqrt(keyDim), beta = sigmoid(b[t, h]),
    // g = -exp(aLog[h]) softplus(a[t, h] + dtBias[h]), S = state[b, h] [keyDim, valueDim]:
    //   S = S exp(g); u = v - S^T k; S = S + beta k u^T; out[t, h] = S^T q
    // out [rows, valueHeads * valueDim] contiguous; state [batch, valueHeads, keyDim, valueDim] updated in place;
    // aLog and dtBias [valueHeads].
    virtual Status gatedDeltaRule(void* out, const void* q, const void* k, const void* v, const void* b, const void* a,
        void* state, const void* aLog, const void* dtBias, const DeltaShape& shape, DType dtype)
        = 0;

    // --- The decoder's training kernels (ABI 4), core/workloads/DECODER.md "Training". K, V, dK and dV here are
    // contiguous [batch, keys, kvHeads, headDim] (a training step has no cache); q, out, dq and dout
    // [batch, queries, heads, headDim]. Gradients are written, never accumulated, unless a parameter says so.
    // attention() that also writes lseF32 [batch, heads, queries]: each query's log-sum-exp of its scaled,
    // masked scores (flash-attention's softmax_lse). A query that sees no key gets -inf.
    virtual Status attentionForward(
        void* out, void* lseF32, const void* q, const void* k, const void* v, const AttentionShape& shape, DType dtype)
        = 0;
    // The backward of attentionForward from out and lse: deltaF32 [batch, heads, queries] is the caller's
    // scratch (rowsum(dout * out)); the probabilities are recomputed, no queries x keys buffer.
    virtual Status attentionBackward(void* dq, void* dk, void* dv, void* deltaF32, const void* dout, const void* q,
        const void* k, const void* v, const void* out, const void* lseF32, const AttentionShape& shape, DType dtype)
        = 0;
    // The backward of eager attention from its probs [batch, heads, queries, keys] (dtype); dscores (same shape,
    // dtype) is the caller's scratch for the gradient of the scores.
    virtual Status attentionEagerBackward(void* dq, void* dk, void* dv, void* dscores, const void* dout, const void* q,
        const void* k, const void* v, const void* probs, const AttentionShape& shape, DType dtype)
        = 0;
    // The inverse rotation of rope() (its backward), in place, same arguments.
    virtual Status ropeBackward(void* x, std::int64_t batch, std::int64_t seq, std::int64_t heads, std::int64_t headDim,
        std::int64_t positionStart, float theta, DType dtype)
        = 0;
    // The backward of rmsNorm(): dx [rows, cols] from dy and the norm's input x; dweight [cols] (dtype, may be
    // null) the gradient of the weight, summed over rows in float32.
    virtual Status rmsNormBackward(void* dx, void* dweight, const void* dy, const void* x, const void* weight,
        std::int64_t rows, std::int64_t cols, float eps, float weightOffset, DType dtype)
        = 0;
    // The backward of gatedActivation(): dgate = dout * up * act'(gate), dup = dout * act(gate).
    virtual Status gatedActivationBackward(void* dgate, void* dup, const void* dout, const void* gate, const void* up,
        std::uint64_t count, Activation act, DType dtype)
        = 0;
    // Float32 rows: out[r, :] = log_softmax(in[r, :]).
    virtual Status logSoftmaxRows(void* outF32, const void* inF32, std::int64_t rows, std::int64_t cols) = 0;
    // lossF32[0] (= or +=, with accumulate) -scale * sum over r of logprobs[r, labels[r]] (int32 labels).
    virtual Status nllLoss(void* lossF32, const void* logprobsF32, const void* labels, std::int64_t rows,
        std::int64_t cols, float scale, bool accumulate)
        = 0;
    // gradF32 [rows, cols] = 0, and -scale at [r, labels[r]].
    virtual Status nllLossBackward(void* gradF32, const void* labels, std::int64_t rows, std::int64_t cols, float scale)
        = 0;
    // gradInF32 = gradOut - exp(logprobs) * rowsum(gradOut), float32 [rows, cols].
    virtual Status logSoftmaxBackward(
        void* gradInF32, const void* gradOutF32, const void* logprobsF32, std::int64_t rows, std::int64_t cols)
        = 0;
    // dtable[ids[t], :] += scale * dout[t, :] for t < tokens (dtable [vocab, hidden], ids int32).
    virtual Status embeddingBackward(void* dtable, const void* dout, const void* ids, std::int64_t tokens,
        std::int64_t hidden, std::int64_t vocab, float scale, DType dtype)
        = 0;
    // param -= lr * grad.
    virtual Status sgdStep(void* param, const void* grad, std::uint64_t count, DType dtype, float lr) = 0;
    // AdamW step with moments m and v of stateType (torch.optim.AdamW keeps them in the parameter's dtype).
    virtual Status adamStepStates(void* param, const void* grad, void* m, void* v, std::uint64_t count, DType dtype,
        DType stateType, std::int64_t step, float lr, float beta1, float beta2, float eps, float weightDecay)
        = 0;
    // AdamW with 8-bit moments: uint8 codes state1 (signed, offset 128) and state2, one float32 absmax per moment
    // per block of 2048 (absmax1, absmax2 [ceil(count / 2048)]), codes linear within a block.
    virtual Status adam8bitStep(void* param, const void* grad, void* state1, void* state2, void* absmax1, void* absmax2,
        std::uint64_t count, DType dtype, std::int64_t step, float lr, float beta1, float beta2, float eps,
        float weightDecay)
        = 0;

    // Simulated devices only: the modelled device time of every kernel since the context was opened, seconds.
    virtual std::optional<double> modelledSeconds() const { return std::nullopt; }
};

class Backend {
public:
    virtual ~Backend() = default;

    virtual std::string name() const = 0; // "cuda", "hip", "sim"
    virtual bool simulated() const { return false; }
    // Runtime and driver versions in words, e.g. "CUDA runtime 13.0, driver 13.0".
    virtual std::string runtimeDescription() = 0;
    // Number of usable devices; 0 with the runtime's own text in lastError() when there is none.
    virtual int deviceCount() = 0;
    virtual std::string lastError() const = 0;
    virtual std::optional<DeviceInfo> deviceInfo(int index) = 0;
    virtual std::unique_ptr<DeviceContext> open(int index, Status& status) = 0;
};

} // namespace iteragpu::device

// Entry points every backend module exports (C linkage, looked up with dlsym).
extern "C" {
// Returns nullptr when abiVersion differs from the module's kBackendAbiVersion.
using IteraGpuBackendCreateFn = iteragpu::device::Backend* (*)(int abiVersion);
}
#define ITERAGPU_BACKEND_CREATE_SYMBOL "iteragpu_backend_create"
