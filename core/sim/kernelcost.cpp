// SPDX-License-Identifier: Apache-2.0
#include "core/sim/kernelcost.h"

#include <algorithm>

namespace iteragpu::sim::kernelcost {

using device::AttentionShape;
using device::DType;

namespace {

    __extension__ using Wide = __int128; // sums of products of positions: no wrap before the final count

    double size(DType dtype) { return static_cast<double>(device::dtypeSize(dtype)); }
    double d(std::int64_t v) { return static_cast<double>(std::max<std::int64_t>(v, 0)); }

    // Sum over the integers t in [a, b] of max(0, c + slope t), slope in {-1, 0, 1}.
    Wide sumPositive(std::int64_t a, std::int64_t b, std::int64_t c, int slope)
    {
        if (a > b)
            return 0;
        if (slope == 0)
            return static_cast<Wide>(b - a + 1) * std::max<std::int64_t>(c, 0);
        if (slope > 0) {
            a = std::max(a, 1 - c); // c + t > 0
            if (a > b)
                return 0;
        } else {
            b = std::min(b, c - 1); // c - t > 0
            if (a > b)
                return 0;
        }
        const Wide n = b - a + 1;
        const Wide first = slope > 0 ? c + a : c - a;
        const Wide last = slope > 0 ? c + b : c - b;
        return (first + last) * n / 2; // consecutive integers: (first + last) n is even
    }

    bool emptyShape(const AttentionShape& s) { return s.queries <= 0 || s.keys <= 0 || s.window < 0; }

} // namespace

// Query position t sees keys lo(t) .. hi(t): hi = min(A, t), lo = max(B, t - w + 1) with a window w, else B
// (A, B the last and first key). In each stretch of t between the points where hi or lo changes form, the count
// hi - lo + 1 is linear in t with slope 1, 0 or -1; sumPositive adds its positive part.
std::int64_t visibleKeyPairs(const AttentionShape& s)
{
    if (emptyShape(s))
        return 0;
    const std::int64_t first = s.keyStart; // B
    const std::int64_t last = s.keyStart + s.keys - 1; // A
    const std::int64_t w = s.window;
    const std::int64_t t0 = s.queryStart;
    const std::int64_t t1 = s.queryStart + s.queries - 1;
    std::int64_t cuts[2] = { last, w > 0 ? first + w - 1 : last };
    if (cuts[0] > cuts[1])
        std::swap(cuts[0], cuts[1]);
    Wide total = 0;
    auto stretch = [&](std::int64_t a, std::int64_t b) {
        const bool hiIsT = b <= last;
        const bool loIsFirst = w == 0 || b <= first + w - 1;
        if (hiIsT && loIsFirst)
            total += sumPositive(a, b, 1 - first, 1); // t - B + 1
        else if (hiIsT)
            total += sumPositive(a, b, w, 0); // the whole window
        else if (loIsFirst)
            total += sumPositive(a, b, s.keys, 0); // every key
        else
            total += sumPositive(a, b, last + w, -1); // A - (t - w + 1) + 1
    };
    std::int64_t start = t0;
    for (const std::int64_t cut : cuts)
        if (cut >= start && cut < t1) {
            stretch(start, cut);
            start = cut + 1;
        }
    stretch(start, t1);
    return static_cast<std::int64_t>(total);
}

std::int64_t visibleKeyPairsNaive(const AttentionShape& s)
{
    if (emptyShape(s))
        return 0;
    std::int64_t total = 0;
    for (std::int64_t t = s.queryStart; t < s.queryStart + s.queries; ++t)
        for (std::int64_t p = s.keyStart; p < s.keyStart + s.keys; ++p)
            if (p <= t && (s.window == 0 || t - p < s.window))
                ++total;
    return total;
}

std::int64_t keysRead(const AttentionShape& s)
{
    if (emptyShape(s))
        return 0;
    const std::int64_t lastQuery = s.queryStart + s.queries - 1;
    const std::int64_t lo = s.window > 0 ? std::max(s.keyStart, s.queryStart - s.window + 1) : s.keyStart;
    const std::int64_t hi = std::min(s.keyStart + s.keys - 1, lastQuery);
    return std::max<std::int64_t>(hi - lo + 1, 0);
}

KernelCost gemm(std::int64_t m, std::int64_t n, std::int64_t k, bool accumulate, DType dtype)
{
    const double mn = d(m) * d(n);
    return { 2.0 * mn * d(k), (d(m) * d(k) + d(k) * d(n) + mn * (accumulate ? 2.0 : 1.0)) * size(dtype) };
}

KernelCost attention(const AttentionShape& s, DType dtype)
{
    // q.k over headDim and probs.v over valueDim (the same when the values are as wide as the keys).
    const double perHead = d(s.batch) * d(s.headDim);
    const double perValue = d(s.batch) * d(s.valueDim());
    const double visible = static_cast<double>(visibleKeyPairs(s));
    const double keys = static_cast<double>(keysRead(s));
    const double flops = 2.0 * perHead * d(s.heads) * visible + 2.0 * perValue * d(s.heads) * visible;
    const double bytes = (perHead * d(s.queries) * d(s.heads) + perValue * d(s.queries) * d(s.heads)
                             + perHead * keys * d(s.kvHeads) + perValue * keys * d(s.kvHeads))
        * size(dtype);
    return { flops, bytes };
}

KernelCost attentionScores(const AttentionShape& s, DType dtype)
{
    const double scores = d(s.batch) * d(s.heads) * d(s.queries) * d(s.keys);
    const double bytes = d(s.batch) * d(s.queries) * d(s.heads) * d(s.headDim)
        + d(s.batch) * d(s.keys) * d(s.kvHeads) * d(s.headDim) + scores;
    return { 2.0 * scores * d(s.headDim), bytes * size(dtype) };
}

KernelCost attentionValues(const AttentionShape& s, DType dtype)
{
    // The scores' operand sizes, read and written the other way round, at the values' width.
    AttentionShape values = s;
    values.headDim = s.valueDim();
    values.valueHeadDim = 0;
    return attentionScores(values, dtype);
}

KernelCost attentionBackward(const AttentionShape& s, DType dtype)
{
    const double perHead = d(s.batch) * d(s.headDim);
    const double flops = 10.0 * perHead * d(s.heads) * static_cast<double>(visibleKeyPairs(s));
    const double bytes
        = (4.0 * perHead * d(s.queries) * d(s.heads) + 4.0 * perHead * static_cast<double>(keysRead(s)) * d(s.kvHeads))
            * size(dtype)
        + 8.0 * d(s.batch) * d(s.heads) * d(s.queries);
    return { flops, bytes };
}

KernelCost attentionEagerBackward(const AttentionShape& s, DType dtype)
{
    const double scores = d(s.batch) * d(s.heads) * d(s.queries) * d(s.keys);
    const double bytes = 3.0 * scores + 4.0 * d(s.batch) * d(s.queries) * d(s.heads) * d(s.headDim)
        + 4.0 * d(s.batch) * d(s.keys) * d(s.kvHeads) * d(s.headDim);
    return { 8.0 * scores * d(s.headDim), bytes * size(dtype) };
}

KernelCost elementwise(double elements, int tensorsTouched, DType dtype)
{
    return { 0.0, elements * tensorsTouched * size(dtype) };
}

KernelCost bytesOnly(double bytes) { return { 0.0, bytes }; }

KernelCost causalConv1d(std::int64_t batch, std::int64_t seq, std::int64_t channels, std::int64_t kernel, DType dtype)
{
    const double b = static_cast<double>(batch), t = static_cast<double>(seq), c = static_cast<double>(channels),
                 k = static_cast<double>(kernel);
    return { 2.0 * b * t * c * k, (2.0 * b * t * c + 2.0 * b * c * k + c * k) * size(dtype) };
}

KernelCost ssmScan(const device::SsmShape& shape, DType dtype)
{
    const double b = static_cast<double>(shape.batch), t = static_cast<double>(shape.seq),
                 h = static_cast<double>(shape.heads), p = static_cast<double>(shape.headDim),
                 g = static_cast<double>(shape.groups), n = static_cast<double>(shape.stateSize);
    const double bytes = b * t * (2.0 * h * p + 2.0 * g * n + h) + 2.0 * b * h * p * n + 3.0 * h;
    return { 6.0 * b * t * h * p * n, bytes * size(dtype) };
}

KernelCost selectiveScan(const device::SelectiveScanShape& shape, DType dtype)
{
    const double b = static_cast<double>(shape.batch), t = static_cast<double>(shape.seq),
                 c = static_cast<double>(shape.channels), n = static_cast<double>(shape.stateSize);
    const double bytes = b * t * (4.0 * c + 2.0 * n) + 2.0 * b * c * n + c * n + 2.0 * c;
    return { 6.0 * b * t * c * n, bytes * size(dtype) };
}

KernelCost gatedDeltaRule(const device::DeltaShape& shape, DType dtype)
{
    const double b = static_cast<double>(shape.batch), t = static_cast<double>(shape.seq),
                 hk = static_cast<double>(shape.keyHeads), dk = static_cast<double>(shape.keyDim),
                 hv = static_cast<double>(shape.valueHeads), dv = static_cast<double>(shape.valueDim);
    const double bytes = b * t * (2.0 * hk * dk + 2.0 * hv * dv + 2.0 * hv) + 2.0 * b * hv * dk * dv + 2.0 * hv;
    return { 8.0 * b * t * hv * dk * dv, bytes * size(dtype) };
}

KernelCost nf4Dequantize(const device::Nf4Tensor& t, DType dtype)
{
    const double count = static_cast<double>(t.count);
    const std::uint64_t blockSize = std::max<std::uint64_t>(t.blockSize, 1);
    const std::uint64_t blocks = t.count / blockSize + (t.count % blockSize != 0 ? 1 : 0);
    double bytes = static_cast<double>(t.count / 2 + t.count % 2) + 16 * 4; // packed codes, the code book
    if (t.doubleQuant) // 8-bit absmax codes, a float32 scale per 256 of them, their 256-entry map, the offset
        bytes += static_cast<double>(blocks) + static_cast<double>(blocks / 256 + (blocks % 256 != 0 ? 1 : 0)) * 4
            + 256 * 4 + 4;
    else
        bytes += static_cast<double>(blocks) * 4; // float32 absmax
    return { 0.0, bytes + count * size(dtype) };
}

namespace {
    double ceilOf(std::int64_t a, std::int64_t b) { return b > 0 ? static_cast<double>((a + b - 1) / b) : 1.0; }
} // namespace

KernelCost fp8Dequantize(const device::Fp8Tensor& t, DType dtype)
{
    const double values = static_cast<double>(t.rows) * static_cast<double>(t.cols);
    const double scales
        = t.blockRows > 0 && t.blockColumns > 0 ? ceilOf(t.rows, t.blockRows) * ceilOf(t.cols, t.blockColumns) : 1.0;
    return { 0.0, values * (1.0 + size(dtype)) + 4.0 * scales };
}

KernelCost int4Dequantize(const device::Int4Tensor& t, DType dtype)
{
    const double out = static_cast<double>(t.out);
    const double in = static_cast<double>(t.in);
    const double groups = ceilOf(t.in, t.groupSize);
    const double packedColumns = ceilOf(t.out, 8);
    const double codes = t.awq ? in * packedColumns * 4 : ceilOf(t.in, 8) * out * 4; // int32 words of 8 codes
    const double metadata
        = groups * out * 2 + groups * packedColumns * 4 + (t.awq ? 0.0 : in * 4); // scales, zeros, g_idx
    return { 0.0, codes + metadata + out * in * size(dtype) };
}

KernelCost mxfp4Dequantize(const device::Mxfp4Tensor& t, DType dtype)
{
    const double rows = static_cast<double>(t.rows);
    const double blocks = rows * ceilOf(t.cols, 32);
    return { 0.0, blocks * (16 + 1) + rows * static_cast<double>(t.cols) * size(dtype) };
}

} // namespace iteragpu::sim::kernelcost
