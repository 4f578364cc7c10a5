// SPDX-License-Identifier: Apache-2.0
#pragma once

// Checks of the decoder workload's kernels (DeviceContext, ABI 2) against CPU references, in the style of
// kernelchecks.h and run by the same three drivers (tst_gpuemulation, tst_gpukernels, iteragpu_gpu_kernel_check).
// Inputs are made on the device or uploaded, read back, and each reference is computed in double from exactly
// the values the device holds. Shapes are small (the emulation runs every block's threads as fibers) but ragged:
// counts that are not multiples of the kernels' tiles, grouped-query and multi-head attention, windows, rings,
// paged caches, fully masked rows, ties.

#include "gpu/kernelchecks.h"

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace iteragpu::gpucheck {

using device::AttentionShape;
using device::KvLayout;
using device::Nf4Tensor;

// bitsandbytes' NF4 code book (bitsandbytes/functional.py, create_normal_map for 4 bits): the kernels only decode
// through the table they are given, so any 16 values would do; these are the ones the workload passes.
inline constexpr std::array<float, 16> kNf4Map = { -1.0f, -0.6961928009986877f, -0.5250730514526367f,
    -0.39491748809814453f, -0.28444138169288635f, -0.18477343022823334f, -0.09105003625154495f, 0.0f,
    0.07958029955625534f, 0.16093020141124725f, 0.24611230194568634f, 0.33791524171829224f, 0.44070982933044434f,
    0.5626170039176941f, 0.7229568362236023f, 1.0f };

// ---- upload helpers ------------------------------------------------------------------------------------------

// Bytes copied from the host into a new device buffer.
struct DeviceBytes {
    DeviceBytes(DeviceContext& ctx, const void* data, std::uint64_t bytes, Status& status)
        : buffer(ctx, bytes == 0 ? 1 : bytes, status)
    {
        if (status.ok)
            status = ctx.copyToDevice(buffer.get(), data, bytes);
    }
    DeviceBuffer buffer;
};

// Host values stored in dtype on the device; values are what the device holds (rounded to dtype).
struct HostTensor {
    HostTensor(DeviceContext& ctx, const std::vector<float>& v, DType dtype, Status& status)
        : buffer(ctx, std::max<std::uint64_t>(1, v.size() * device::dtypeSize(dtype)), status)
        , values(v.size())
    {
        std::vector<unsigned char> raw(v.size() * device::dtypeSize(dtype));
        for (std::size_t i = 0; i < v.size(); ++i) {
            values[i] = roundTo(v[i], dtype);
            if (dtype == DType::Float32) {
                std::memcpy(raw.data() + i * 4, &v[i], 4);
            } else {
                const std::uint16_t bits = dtype == DType::Float16 ? floatToHalfBits(v[i]) : floatToBf16Bits(v[i]);
                std::memcpy(raw.data() + i * 2, &bits, 2);
            }
        }
        if (status.ok)
            status = ctx.copyToDevice(buffer.get(), raw.data(), raw.size());
    }
    DeviceBuffer buffer;
    std::vector<float> values;
};

template <typename T>
std::vector<T> downloadRaw(DeviceContext& ctx, const void* ptr, std::uint64_t count, Status& status)
{
    std::vector<T> out(count);
    status = ctx.copyToHost(out.data(), ptr, count * sizeof(T));
    return out;
}

inline std::uint64_t bytesOf(std::int64_t count, DType dtype)
{
    return static_cast<std::uint64_t>(count) * device::dtypeSize(dtype);
}

// ---- KV storage: a contiguous buffer or paged blocks, on the device and mirrored on the host ---------------

inline constexpr std::uint64_t kPagedMarker = 0; // a host address: a kernel reading through it would crash or err

// Backend.h's KvLayout addressing, repeated on the host: the storage of K or V of every sequence, random values,
// kept as the device holds them so a reference can read position p of sequence b.
class KvStore {
public:
    // Contiguous [batch, capacity, heads, headDim] with the given base.
    static std::unique_ptr<KvStore> contiguous(DeviceContext& ctx, std::int64_t batch, std::int64_t capacity,
        std::int64_t base, std::int64_t heads, std::int64_t headDim, DType dtype, std::uint64_t seed, Status& status)
    {
        auto kv = std::unique_ptr<KvStore>(new KvStore(batch, heads, headDim));
        kv->m_layout.capacity = capacity;
        kv->m_layout.base = base;
        kv->m_buffers.push_back(std::make_unique<RandomTensor>(
            ctx, static_cast<std::uint64_t>(batch * capacity * heads * headDim), dtype, seed, 1.0f, status));
        return kv;
    }

    // Paged: batch x tableWidth ring blocks of blockSize rows; absent lists (b, j) entries left at address 0.
    static std::unique_ptr<KvStore> paged(DeviceContext& ctx, std::int64_t batch, std::int64_t tableWidth,
        std::int64_t blockSize, std::int64_t heads, std::int64_t headDim, DType dtype, std::uint64_t seed,
        Status& status, const std::vector<std::pair<std::int64_t, std::int64_t>>& absent = {})
    {
        auto kv = std::unique_ptr<KvStore>(new KvStore(batch, heads, headDim));
        kv->m_layout.tableWidth = tableWidth;
        kv->m_layout.blockSize = blockSize;
        std::vector<std::uint64_t> table(static_cast<std::size_t>(batch * tableWidth), 0);
        kv->m_blockOf.assign(table.size(), -1);
        for (std::int64_t b = 0; b < batch && status.ok; ++b)
            for (std::int64_t j = 0; j < tableWidth && status.ok; ++j) {
                if (std::find(absent.begin(), absent.end(), std::make_pair(b, j)) != absent.end())
                    continue;
                kv->m_blockOf[b * tableWidth + j] = static_cast<int>(kv->m_buffers.size());
                kv->m_buffers.push_back(
                    std::make_unique<RandomTensor>(ctx, static_cast<std::uint64_t>(blockSize * heads * headDim), dtype,
                        seed + static_cast<std::uint64_t>(b * tableWidth + j), 1.0f, status));
                table[b * tableWidth + j] = reinterpret_cast<std::uintptr_t>(kv->m_buffers.back()->buffer.get());
            }
        if (status.ok)
            kv->m_table = std::make_unique<DeviceBytes>(ctx, table.data(), table.size() * 8, status);
        // Only the marker of a paged layout: kernels read the table passed beside the layout (data()), so a paged
        // K and V share one layout. A marker that is no table at all makes a kernel reading through it fail.
        kv->m_layout.blockTable = &kPagedMarker;
        return kv;
    }

    const KvLayout& layout() const { return m_layout; }
    // What is passed beside the layout: the rows, or for a paged store its block table (backend.h).
    void* data() const { return m_table ? m_table->buffer.get() : m_buffers.front()->buffer.get(); }
    std::int64_t rowElements() const { return m_layout.heads * m_layout.headDim; }

    // (buffer, first element of the row) of position p of sequence b, or buffer -1 for an absent block.
    std::pair<int, std::int64_t> locate(std::int64_t b, std::int64_t p) const
    {
        if (m_layout.blockTable) {
            const int block = m_blockOf[b * m_layout.tableWidth + (p / m_layout.blockSize) % m_layout.tableWidth];
            return { block, (p % m_layout.blockSize) * rowElements() };
        }
        std::int64_t row = (p - m_layout.base) % m_layout.capacity;
        if (row < 0)
            row += m_layout.capacity;
        return { 0, (b * m_layout.capacity + row) * rowElements() };
    }

    // Element d of head h of position p of sequence b, as the device holds it (0 for an absent block).
    double at(std::int64_t b, std::int64_t p, std::int64_t h, std::int64_t d) const
    {
        const auto [buffer, row] = locate(b, p);
        return buffer < 0 ? 0.0 : m_buffers[static_cast<std::size_t>(buffer)]->values[row + h * m_layout.headDim + d];
    }

    // Reads every buffer back from the device (after a kernel wrote into them).
    Status refresh(DeviceContext& ctx, DType dtype)
    {
        Status status;
        for (auto& t : m_buffers) {
            t->values = download(ctx, t->buffer.get(), t->count, dtype, status);
            if (!status.ok)
                return status;
        }
        return status;
    }

    // Sets every element of every buffer to value.
    Status fill(DeviceContext& ctx, DType dtype, float value)
    {
        for (auto& t : m_buffers) {
            if (Status s = ctx.fill(t->buffer.get(), t->count, dtype, value); !s.ok)
                return s;
            t->values.assign(t->count, roundTo(value, dtype));
        }
        return Status::success();
    }

    const std::vector<float>& buffer(std::size_t i) const { return m_buffers[i]->values; }
    std::size_t buffers() const { return m_buffers.size(); }

private:
    KvStore(std::int64_t batch, std::int64_t heads, std::int64_t headDim)
        : m_batch(batch)
    {
        m_layout.heads = heads;
        m_layout.headDim = headDim;
    }

    std::int64_t m_batch;
    KvLayout m_layout;
    std::vector<std::unique_ptr<RandomTensor>> m_buffers;
    std::vector<int> m_blockOf; // paged: buffer index of each table entry, -1 when absent
    std::unique_ptr<DeviceBytes> m_table;
};

// ---- simple kernels ------------------------------------------------------------------------------------------

inline CheckResult checkCopyToDevice(DeviceContext& ctx)
{
    const std::uint64_t n = 1001; // odd: no alignment to rely on
    std::vector<unsigned char> bytes(n);
    for (std::uint64_t i = 0; i < n; ++i)
        bytes[i] = static_cast<unsigned char>(i * 37 + 11);
    Status st;
    DeviceBytes dev(ctx, bytes.data(), n, st);
    ITERAGPU_CHECK_STATUS(st, "copyToDevice");
    const auto back = downloadRaw<unsigned char>(ctx, dev.buffer.get(), n, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    if (back != bytes)
        return fail("copyToDevice: the bytes read back differ from the ones written");
    ITERAGPU_CHECK_STATUS(ctx.copyToDevice(dev.buffer.get(), bytes.data(), 0), "copyToDevice of 0 bytes");
    if (ctx.copyToDevice(nullptr, bytes.data(), 8).ok)
        return fail("copyToDevice to a null pointer succeeded");
    return pass();
}

// The formula of the kernels' hashToken: the top 32 bits of the fillRandom hash, times vocab, shifted down.
inline int hashToken(std::uint64_t seed, std::uint64_t i, std::uint64_t vocab)
{
    std::uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<int>(((z >> 32) * vocab) >> 32);
}

inline CheckResult checkFillTokens(DeviceContext& ctx, std::int64_t vocab)
{
    const std::uint64_t n = 5003;
    Status st;
    DeviceBuffer ids(ctx, n * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.fillTokens(ids.get(), n, vocab, 77), "fillTokens");
    const auto got = downloadRaw<std::int32_t>(ctx, ids.get(), n, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    double sum = 0.0;
    for (std::uint64_t i = 0; i < n; ++i) {
        if (got[i] < 0 || got[i] >= vocab)
            return fail("id " + std::to_string(got[i]) + " at " + std::to_string(i) + " outside [0, vocab)");
        const int want = hashToken(77, i, static_cast<std::uint64_t>(vocab));
        if (got[i] != want)
            return fail(
                "id at " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " + std::to_string(want));
        sum += got[i];
    }
    // Roughly uniform: the mean within 5 % of the range of the middle.
    const double mean = sum / static_cast<double>(n);
    const double middle = static_cast<double>(vocab - 1) / 2.0;
    if (std::fabs(mean - middle) > 0.05 * static_cast<double>(vocab))
        return fail("mean id " + std::to_string(mean) + ", expected about " + std::to_string(middle));
    return pass("mean id " + std::to_string(mean));
}

inline CheckResult checkEmbedding(DeviceContext& ctx, DType dtype, float scale)
{
    const std::int64_t vocab = 50, hidden = 97;
    // Repeats, both ends of the table, and two ids outside it (the kernel writes zeros for those).
    const std::vector<std::int32_t> ids = { 0, 49, 7, 7, 13, 48, 1, 0, 25, -1, 50, 33, 49 };
    const auto tokens = static_cast<std::int64_t>(ids.size());
    Status st;
    RandomTensor table(ctx, static_cast<std::uint64_t>(vocab * hidden), dtype, 61, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "table");
    DeviceBytes devIds(ctx, ids.data(), ids.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "ids");
    DeviceBuffer out(ctx, bytesOf(tokens * hidden, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(
        ctx.embedding(out.get(), table.buffer.get(), devIds.buffer.get(), tokens, hidden, vocab, scale, dtype),
        "embedding");
    const auto got = download(ctx, out.get(), static_cast<std::uint64_t>(tokens * hidden), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(got.size());
    for (std::int64_t t = 0; t < tokens; ++t)
        for (std::int64_t c = 0; c < hidden; ++c)
            want[t * hidden + c] = (ids[t] >= 0 && ids[t] < vocab)
                ? static_cast<double>(table.values[ids[t] * hidden + c]) * scale
                : 0.0;
    const double rel = storageTolerance(dtype);
    return compare("embedding", got, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-7; });
}

inline CheckResult checkRmsNorm(DeviceContext& ctx, DType dtype, float weightOffset, bool inPlace)
{
    const std::int64_t rows = 7, cols = 300; // more than one pass of the block's 256 threads, ragged
    const float eps = 1e-5f;
    Status st;
    RandomTensor x(ctx, static_cast<std::uint64_t>(rows * cols), dtype, 71, 2.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    RandomTensor w(ctx, static_cast<std::uint64_t>(cols), dtype, 72, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "weight");
    DeviceBuffer separate(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    void* out = inPlace ? x.buffer.get() : separate.get();
    ITERAGPU_CHECK_STATUS(
        ctx.rmsNorm(out, x.buffer.get(), w.buffer.get(), rows, cols, eps, weightOffset, dtype), "rmsNorm");
    const auto got = download(ctx, out, x.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(x.count);
    for (std::int64_t r = 0; r < rows; ++r) {
        double squares = 0.0;
        for (std::int64_t c = 0; c < cols; ++c)
            squares += static_cast<double>(x.values[r * cols + c]) * x.values[r * cols + c];
        const double inv = 1.0 / std::sqrt(squares / static_cast<double>(cols) + eps);
        for (std::int64_t c = 0; c < cols; ++c)
            want[r * cols + c] = x.values[r * cols + c] * inv * (w.values[c] + static_cast<double>(weightOffset));
    }
    const double rel = storageTolerance(dtype);
    return compare("rmsNorm", got, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 2e-6; });
}

inline CheckResult checkRope(DeviceContext& ctx, DType dtype, std::int64_t batch, std::int64_t seq, std::int64_t heads,
    std::int64_t headDim, std::int64_t positionStart, float theta)
{
    const std::int64_t count = batch * seq * heads * headDim;
    Status st;
    RandomTensor x(ctx, static_cast<std::uint64_t>(count), dtype, 81, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    ITERAGPU_CHECK_STATUS(ctx.rope(x.buffer.get(), batch, seq, heads, headDim, positionStart, theta, dtype), "rope");
    const auto got = download(ctx, x.buffer.get(), x.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(x.count);
    std::vector<double> tol(x.count);
    const std::int64_t half = headDim / 2;
    const double rel = storageTolerance(dtype);
    for (std::int64_t row = 0; row < batch * seq * heads; ++row) {
        const auto position = static_cast<double>(positionStart + row / heads % seq);
        for (std::int64_t d = 0; d < half; ++d) {
            const double angle
                = position * std::pow(static_cast<double>(theta), -2.0 * static_cast<double>(d) / headDim);
            const double x1 = x.values[row * headDim + d];
            const double x2 = x.values[row * headDim + d + half];
            want[row * headDim + d] = x1 * std::cos(angle) - x2 * std::sin(angle);
            want[row * headDim + d + half] = x2 * std::cos(angle) + x1 * std::sin(angle);
            // The device's angle is a float32 product: its error grows with the angle (2^-23 relative, a few times).
            const double angleError = 6e-7 * std::fabs(angle) + 1e-6;
            for (const std::int64_t e : { d, d + half })
                tol[row * headDim + e]
                    = rel * std::fabs(want[row * headDim + e]) + (std::fabs(x1) + std::fabs(x2)) * angleError + 1e-6;
        }
    }
    return compare("rope", got, want, [&](std::size_t i) { return tol[i]; });
}

inline CheckResult checkGatedActivation(DeviceContext& ctx, DType dtype, Activation act, bool inPlace)
{
    const std::uint64_t n = 3001;
    Status st;
    RandomTensor gate(ctx, n, dtype, 91, 4.0f, st);
    ITERAGPU_CHECK_STATUS(st, "gate");
    RandomTensor up(ctx, n, dtype, 92, 2.0f, st);
    ITERAGPU_CHECK_STATUS(st, "up");
    DeviceBuffer separate(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    void* out = inPlace ? gate.buffer.get() : separate.get();
    ITERAGPU_CHECK_STATUS(
        ctx.gatedActivation(out, gate.buffer.get(), up.buffer.get(), n, act, dtype), "gatedActivation");
    const auto got = download(ctx, out, n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i)
        want[i] = activate(act, gate.values[i]) * up.values[i];
    const double rel = storageTolerance(dtype);
    return compare("gatedActivation", got, want, [&](std::size_t i) {
        return rel * std::fabs(want[i]) + 2e-6 * (1.0 + std::fabs(gate.values[i])) * std::fabs(up.values[i]) + 1e-7;
    });
}

inline CheckResult checkAdd(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t n = 2051;
    Status st;
    RandomTensor a(ctx, n, dtype, 101, 3.0f, st);
    ITERAGPU_CHECK_STATUS(st, "a");
    RandomTensor b(ctx, n, dtype, 102, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "b");
    ITERAGPU_CHECK_STATUS(ctx.add(a.buffer.get(), b.buffer.get(), n, dtype), "add");
    const auto got = download(ctx, a.buffer.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i)
        want[i] = static_cast<double>(a.values[i]) + b.values[i];
    const double rel = storageTolerance(dtype);
    return compare("add", got, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-7; });
}

inline CheckResult checkSliceTokens(DeviceContext& ctx, DType dtype)
{
    const std::int64_t batch = 3, seq = 11, hidden = 45;
    Status st;
    RandomTensor in(ctx, static_cast<std::uint64_t>(batch * seq * hidden), dtype, 111, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    DeviceBuffer out(ctx, bytesOf(batch * hidden, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    for (const std::int64_t index : { seq - 1, std::int64_t(0), std::int64_t(4) }) {
        ITERAGPU_CHECK_STATUS(
            ctx.sliceTokens(out.get(), in.buffer.get(), batch, seq, hidden, index, dtype), "sliceTokens");
        const auto got = download(ctx, out.get(), static_cast<std::uint64_t>(batch * hidden), dtype, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost");
        std::vector<double> want(got.size());
        for (std::int64_t b = 0; b < batch; ++b)
            for (std::int64_t c = 0; c < hidden; ++c)
                want[b * hidden + c] = in.values[(b * seq + index) * hidden + c];
        auto r = compare("sliceTokens index " + std::to_string(index), got, want, [](std::size_t) { return 1e-30; });
        if (r.outcome != Outcome::Pass)
            return r;
    }
    return pass();
}

// Conversions are exact roundings: every value must come out bit for bit as the host rounds it.
inline CheckResult checkConvert(DeviceContext& ctx, DType outType, DType inType)
{
    const std::uint64_t n = 4099;
    const std::uint64_t tiny = 1000; // the last ones small: subnormal in float16
    Status st;
    RandomTensor in(ctx, n, inType, 121, 3.0f, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    auto* tail = static_cast<unsigned char*>(in.buffer.get()) + (n - tiny) * device::dtypeSize(inType);
    ITERAGPU_CHECK_STATUS(ctx.fillRandom(tail, tiny, inType, 122, 1e-4f), "fillRandom tail");
    in.values = download(ctx, in.buffer.get(), n, inType, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost in");
    DeviceBuffer out(ctx, n * device::dtypeSize(outType), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.convert(out.get(), outType, in.buffer.get(), inType, n), "convert");
    const auto got = download(ctx, out.get(), n, outType, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i)
        want[i] = roundTo(in.values[i], outType);
    return compare("convert", got, want, [](std::size_t) { return 1e-30; });
}

// ---- the KV cache copy ---------------------------------------------------------------------------------------

// Copies positions [start, start + positions) from src to dst (both KvStores), then checks every element of every
// dst buffer: the copied rows hold the source's values, the others still hold the sentinel.
inline CheckResult checkCopyKvBetween(DeviceContext& ctx, DType dtype, KvStore& src, KvStore& dst, std::int64_t batch,
    std::int64_t start, std::int64_t positions)
{
    const float sentinel = 7.0f;
    ITERAGPU_CHECK_STATUS(dst.fill(ctx, dtype, sentinel), "fill dst");
    ITERAGPU_CHECK_STATUS(
        ctx.copyKv(dst.data(), dst.layout(), src.data(), src.layout(), batch, start, positions, dtype), "copyKv");
    std::vector<std::vector<double>> want(dst.buffers());
    for (std::size_t i = 0; i < dst.buffers(); ++i)
        want[i].assign(dst.buffer(i).size(), roundTo(sentinel, dtype));
    const std::int64_t row = src.rowElements();
    for (std::int64_t b = 0; b < batch; ++b)
        for (std::int64_t p = start; p < start + positions; ++p) {
            const auto [buffer, first] = dst.locate(b, p);
            if (buffer < 0)
                continue; // an absent block is never written
            for (std::int64_t e = 0; e < row; ++e)
                want[static_cast<std::size_t>(buffer)][static_cast<std::size_t>(first + e)]
                    = src.at(b, p, e / src.layout().headDim, e % src.layout().headDim);
        }
    ITERAGPU_CHECK_STATUS(dst.refresh(ctx, dtype), "copyToHost dst");
    for (std::size_t i = 0; i < dst.buffers(); ++i) {
        auto r
            = compare("copyKv buffer " + std::to_string(i), dst.buffer(i), want[i], [](std::size_t) { return 1e-30; });
        if (r.outcome != Outcome::Pass)
            return r;
    }
    return pass();
}

// A prefill's fresh K [B, P] into a ring of 12 rows with base 3 (the last 10 positions), then into a paged ring
// (3 blocks of 4 per sequence, one block absent), then paged back into contiguous rows.
inline CheckResult checkCopyKv(DeviceContext& ctx, DType dtype, std::int64_t heads = 2, std::int64_t dim = 8)
{
    const std::int64_t batch = 2, prompt = 23;
    Status st;
    auto fresh = KvStore::contiguous(ctx, batch, prompt, 0, heads, dim, dtype, 131, st);
    ITERAGPU_CHECK_STATUS(st, "fresh k");
    auto ring = KvStore::contiguous(ctx, batch, 12, 3, heads, dim, dtype, 132, st);
    ITERAGPU_CHECK_STATUS(st, "ring");
    auto r = checkCopyKvBetween(ctx, dtype, *fresh, *ring, batch, prompt - 10, 10);
    if (r.outcome != Outcome::Pass)
        return fail("fresh -> ring: " + r.message);
    auto pagedKv = KvStore::paged(ctx, batch, 3, 4, heads, dim, dtype, 133, st, { { 1, 1 } });
    ITERAGPU_CHECK_STATUS(st, "paged");
    r = checkCopyKvBetween(ctx, dtype, *fresh, *pagedKv, batch, 11, 12); // positions 11..22: wraps the ring once
    if (r.outcome != Outcome::Pass)
        return fail("fresh -> paged: " + r.message);
    auto back = KvStore::contiguous(ctx, batch, 16, 0, heads, dim, dtype, 134, st);
    ITERAGPU_CHECK_STATUS(st, "back");
    r = checkCopyKvBetween(ctx, dtype, *pagedKv, *back, batch, 11, 12);
    if (r.outcome != Outcome::Pass)
        return fail("paged -> contiguous: " + r.message);
    // More positions than the destination holds would write a row twice: refused.
    if (ctx.copyKv(ring->data(), ring->layout(), fresh->data(), fresh->layout(), batch, 0, 13, dtype).ok)
        return fail("copyKv of 13 positions into a ring of 12 rows succeeded");
    return pass();
}

// ---- strided rows (MLA's splits and concatenations) -------------------------------------------------------------

// dst[r * dstStride + c] = src[(r / repeat) * srcStride + c] for c < cols, at column offsets into both; every other
// element of dst keeps its sentinel.
inline CheckResult checkCopyRowsCase(DeviceContext& ctx, DType dtype, std::int64_t rows, std::int64_t cols,
    std::int64_t dstStride, std::int64_t dstOffset, std::int64_t srcStride, std::int64_t srcOffset,
    std::int64_t repeat)
{
    const std::int64_t srcRows = (rows + repeat - 1) / repeat;
    Status st;
    RandomTensor src(ctx, static_cast<std::uint64_t>(srcRows * srcStride), dtype, 171, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "src");
    const auto dstCount = static_cast<std::uint64_t>(rows * dstStride);
    DeviceBuffer dst(ctx, bytesOf(static_cast<std::int64_t>(dstCount), dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc dst");
    const float sentinel = 7.0f;
    ITERAGPU_CHECK_STATUS(ctx.fill(dst.get(), dstCount, dtype, sentinel), "fill dst");
    const std::uint64_t s = device::dtypeSize(dtype);
    ITERAGPU_CHECK_STATUS(ctx.copyRows(static_cast<unsigned char*>(dst.get()) + std::uint64_t(dstOffset) * s,
                              dstStride, static_cast<const unsigned char*>(src.buffer.get()) + std::uint64_t(srcOffset) * s,
                              srcStride, rows, cols, repeat, dtype),
        "copyRows");
    const auto got = download(ctx, dst.get(), dstCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(dstCount, roundTo(sentinel, dtype));
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            want[static_cast<std::size_t>(r * dstStride + dstOffset + c)]
                = src.values[static_cast<std::size_t>((r / repeat) * srcStride + srcOffset + c)];
    return compare("copyRows", got, want, [](std::size_t) { return 1e-30; });
}

// MLA's copies at small ragged sizes: a latent's first columns out of [T, Rkv + Dr], q's rotary columns of each
// head, a part written into a concatenation at an offset, k_pe's one row expanded over the heads; and bad strides
// refused.
inline CheckResult checkCopyRows(DeviceContext& ctx, DType dtype)
{
    struct Case {
        const char* name;
        std::int64_t rows, cols, dstStride, dstOffset, srcStride, srcOffset, repeat;
    };
    const Case cases[] = {
        { "latent columns", 7, 16, 16, 0, 20, 0, 1 },
        { "rotary columns of each head", 21, 4, 4, 0, 12, 8, 1 },
        { "into a concatenation", 21, 8, 12, 0, 14, 0, 1 },
        { "expanded over the heads", 21, 4, 12, 8, 4, 0, 3 },
        { "many rows", 1000, 3, 5, 2, 3, 0, 1 },
    };
    for (const Case& c : cases) {
        auto r = checkCopyRowsCase(ctx, dtype, c.rows, c.cols, c.dstStride, c.dstOffset, c.srcStride, c.srcOffset,
            c.repeat);
        if (r.outcome != Outcome::Pass)
            return fail(std::string(c.name) + ": " + r.message);
    }
    Status st;
    DeviceBuffer buffer(ctx, 256, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    if (ctx.copyRows(buffer.get(), 3, buffer.get(), 8, 2, 4, 1, dtype).ok)
        return fail("copyRows with a destination stride below the columns succeeded");
    if (ctx.copyRows(buffer.get(), 4, buffer.get(), 4, 2, 4, 0, dtype).ok)
        return fail("copyRows with a repeat of 0 succeeded");
    return pass();
}

// ---- attention -------------------------------------------------------------------------------------------------

enum class KvKind { Fresh, Ring, Paged };

struct AttentionCase {
    std::string name;
    AttentionShape shape;
    KvKind kind = KvKind::Fresh;
    std::int64_t capacity = 0; // Fresh, Ring: rows per sequence
    std::int64_t base = 0; // Ring
    std::int64_t tableWidth = 0; // Paged
    std::int64_t blockSize = 16; // Paged
};

inline AttentionShape attentionShape(std::int64_t batch, std::int64_t queries, std::int64_t heads, std::int64_t kvHeads,
    std::int64_t headDim, std::int64_t queryStart, std::int64_t keyStart, std::int64_t keys, std::int64_t window,
    std::int64_t valueHeadDim = 0)
{
    AttentionShape s;
    s.valueHeadDim = valueHeadDim;
    s.batch = batch;
    s.queries = queries;
    s.heads = heads;
    s.kvHeads = kvHeads;
    s.headDim = headDim;
    s.queryStart = queryStart;
    s.keyStart = keyStart;
    s.keys = keys;
    s.window = window;
    s.scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(headDim)));
    return s;
}

inline std::vector<AttentionCase> attentionCases()
{
    std::vector<AttentionCase> cases;
    // Multi-head prefill, the fresh K/V of the prompt (19 positions: one full key tile and a ragged one).
    cases.push_back({ "mha prefill", attentionShape(2, 19, 2, 2, 64, 0, 0, 19, 0), KvKind::Fresh, 19 });
    // Grouped-query prefill with a sliding window of 8 (Mistral), 37 positions.
    cases.push_back({ "gqa window prefill", attentionShape(1, 37, 4, 2, 32, 0, 0, 37, 8), KvKind::Fresh, 37 });
    // A static cache read over its whole capacity (24) by a 5-token prompt: the causal mask hides the rest.
    cases.push_back({ "static cache prefill", attentionShape(1, 5, 2, 1, 16, 0, 0, 24, 0), KvKind::Fresh, 24 });
    // Decode through a paged ring (2 blocks of 16 per sequence) under a window of 20: positions 21..40 wrap.
    cases.push_back(
        { "paged ring decode", attentionShape(2, 1, 4, 1, 128, 40, 21, 20, 20), KvKind::Paged, 0, 0, 2, 16 });
    // Gemma's head_dim 256, two queries, a contiguous ring of 16 rows with base 5, window 16.
    cases.push_back({ "ring head dim 256", attentionShape(1, 2, 2, 1, 256, 30, 16, 16, 16), KvKind::Ring, 16, 5 });
    // Queries that see no key at all (positions 0 and 1, keys from 2): zeros.
    cases.push_back({ "fully masked rows", attentionShape(1, 4, 1, 1, 8, 0, 2, 6, 0), KvKind::Fresh, 8 });
    // A group of 8 query heads on one KV head, head_dim 80 (not a multiple of the tiles), 50 keys.
    cases.push_back({ "gqa group 8", attentionShape(1, 3, 8, 1, 80, 47, 0, 50, 0), KvKind::Fresh, 50 });
    // MLA (DECODER.md "MLA layers"): values of another width than the keys. A prefill whose values (6) are
    // narrower than its keys (8 + 4), and a decode through a paged ring whose values (40) are wider than the keys
    // (16 + 8), 37 keys over 3 blocks of 16.
    cases.push_back({ "mla narrower values", attentionShape(2, 19, 4, 4, 12, 0, 0, 19, 0, 6), KvKind::Fresh, 19 });
    cases.push_back(
        { "mla wider values paged", attentionShape(2, 1, 3, 3, 24, 36, 0, 37, 0, 40), KvKind::Paged, 0, 0, 3, 16 });
    return cases;
}

// The keys (headDim wide) or the values (valueDim() wide) of a case.
inline std::unique_ptr<KvStore> makeKv(
    DeviceContext& ctx, const AttentionCase& c, DType dtype, std::uint64_t seed, Status& status, bool values = false)
{
    const auto& s = c.shape;
    const std::int64_t dim = values ? s.valueDim() : s.headDim;
    if (c.kind == KvKind::Paged)
        return KvStore::paged(ctx, s.batch, c.tableWidth, c.blockSize, s.kvHeads, dim, dtype, seed, status);
    return KvStore::contiguous(
        ctx, s.batch, c.capacity, c.kind == KvKind::Ring ? c.base : 0, s.kvHeads, dim, dtype, seed, status);
}

// Key j of query i of sequence b and head h is visible (backend.h's rule).
inline bool keyVisible(const AttentionShape& s, std::int64_t i, std::int64_t j)
{
    const std::int64_t t = s.queryStart + i;
    const std::int64_t p = s.keyStart + j;
    return p <= t && (s.window <= 0 || t - p < s.window);
}

inline std::int64_t qIndex(const AttentionShape& s, std::int64_t b, std::int64_t i, std::int64_t h, std::int64_t d)
{
    return ((b * s.queries + i) * s.heads + h) * s.headDim + d;
}

// scale · q·k of every (b, h, i, j), in double; masked entries are -inf. magnitude: scale · sum |q_d k_d|.
inline void referenceScores(const AttentionShape& s, const std::vector<float>& q, const KvStore& k,
    std::vector<double>& scores, std::vector<double>& magnitude)
{
    const std::int64_t group = s.heads / s.kvHeads;
    scores.assign(static_cast<std::size_t>(s.batch * s.heads * s.queries * s.keys), 0.0);
    magnitude.assign(scores.size(), 0.0);
    for (std::int64_t b = 0; b < s.batch; ++b)
        for (std::int64_t h = 0; h < s.heads; ++h)
            for (std::int64_t i = 0; i < s.queries; ++i)
                for (std::int64_t j = 0; j < s.keys; ++j) {
                    const std::int64_t at = ((b * s.heads + h) * s.queries + i) * s.keys + j;
                    if (!keyVisible(s, i, j)) {
                        scores[at] = -INFINITY;
                        continue;
                    }
                    double dot = 0.0, mag = 0.0;
                    for (std::int64_t d = 0; d < s.headDim; ++d) {
                        const double term = q[qIndex(s, b, i, h, d)] * k.at(b, s.keyStart + j, h / group, d);
                        dot += term;
                        mag += std::fabs(term);
                    }
                    scores[at] = dot * s.scale;
                    magnitude[at] = mag * std::fabs(s.scale);
                }
}

// Row softmax of scores; a row without a finite entry is zeros.
inline std::vector<double> referenceSoftmax(const std::vector<double>& scores, std::int64_t rows, std::int64_t cols)
{
    std::vector<double> out(scores.size(), 0.0);
    for (std::int64_t r = 0; r < rows; ++r) {
        double m = -INFINITY;
        for (std::int64_t c = 0; c < cols; ++c)
            m = std::max(m, scores[r * cols + c]);
        if (m == -INFINITY)
            continue;
        double sum = 0.0;
        for (std::int64_t c = 0; c < cols; ++c)
            sum += std::exp(scores[r * cols + c] - m);
        for (std::int64_t c = 0; c < cols; ++c)
            out[r * cols + c] = std::exp(scores[r * cols + c] - m) / sum;
    }
    return out;
}

// out[b, i, h, :] = sum_j probs[b, h, i, j] v(j), valueDim() wide; magnitude: sum_j |p v|.
inline void referenceValues(const AttentionShape& s, const std::vector<double>& probs, const KvStore& v,
    std::vector<double>& out, std::vector<double>& magnitude)
{
    const std::int64_t group = s.heads / s.kvHeads;
    const std::int64_t dim = s.valueDim();
    const auto outIndex = [&](std::int64_t b, std::int64_t i, std::int64_t h, std::int64_t d) {
        return static_cast<std::size_t>(((b * s.queries + i) * s.heads + h) * dim + d);
    };
    out.assign(static_cast<std::size_t>(s.batch * s.queries * s.heads * dim), 0.0);
    magnitude.assign(out.size(), 0.0);
    for (std::int64_t b = 0; b < s.batch; ++b)
        for (std::int64_t h = 0; h < s.heads; ++h)
            for (std::int64_t i = 0; i < s.queries; ++i)
                for (std::int64_t j = 0; j < s.keys; ++j) {
                    const double p = probs[((b * s.heads + h) * s.queries + i) * s.keys + j];
                    if (p == 0.0)
                        continue;
                    for (std::int64_t d = 0; d < dim; ++d) {
                        const double term = p * v.at(b, s.keyStart + j, h / group, d);
                        out[outIndex(b, i, h, d)] += term;
                        magnitude[outIndex(b, i, h, d)] += std::fabs(term);
                    }
                }
}

struct AttentionInputs {
    AttentionInputs(DeviceContext& ctx, const AttentionCase& c, DType dtype, Status& status)
        : q(ctx, static_cast<std::uint64_t>(c.shape.batch * c.shape.queries * c.shape.heads * c.shape.headDim), dtype,
            141, 1.0f, status)
    {
        if (status.ok)
            k = makeKv(ctx, c, dtype, 1420, status);
        if (status.ok)
            v = makeKv(ctx, c, dtype, 1430, status, true);
    }
    // Elements of the output [batch, queries, heads, valueDim()].
    std::uint64_t outCount(const AttentionCase& c) const
    {
        return static_cast<std::uint64_t>(c.shape.batch * c.shape.queries * c.shape.heads * c.shape.valueDim());
    }
    RandomTensor q;
    std::unique_ptr<KvStore> k;
    std::unique_ptr<KvStore> v;
};

// The fused kernel against the reference computed from the device's own q, k, v.
inline CheckResult checkAttention(DeviceContext& ctx, const AttentionCase& c, DType dtype)
{
    const auto& s = c.shape;
    Status st;
    AttentionInputs in(ctx, c, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "inputs");
    const std::uint64_t outCount = in.outCount(c);
    DeviceBuffer out(ctx, bytesOf(static_cast<std::int64_t>(outCount), dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.fill(out.get(), outCount, dtype, 7.0f), "fill out"); // every element is written
    ITERAGPU_CHECK_STATUS(
        ctx.attention(out.get(), in.q.buffer.get(), in.k->data(), in.v->data(), in.k->layout(), s, dtype), "attention");
    const auto got = download(ctx, out.get(), outCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> scores, scoreMagnitude, want, magnitude;
    referenceScores(s, in.q.values, *in.k, scores, scoreMagnitude);
    referenceValues(s, referenceSoftmax(scores, s.batch * s.heads * s.queries, s.keys), *in.v, want, magnitude);
    const double rel = storageTolerance(dtype);
    // float32 scores, exponentials and sums: a few 1e-6 of the values' magnitude.
    return compare("attention", got, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-5; });
}

// The eager path, stage by stage, each against a reference from the previous stage's device output: scores
// (masked entries exactly -inf), the float32 softmax, probabilities converted to dtype, then probs · V; and the
// end result against the exact attention.
inline CheckResult checkEagerAttention(DeviceContext& ctx, const AttentionCase& c, DType dtype)
{
    const auto& s = c.shape;
    const std::int64_t rows = s.batch * s.heads * s.queries;
    const auto scoreCount = static_cast<std::uint64_t>(rows * s.keys);
    Status st;
    AttentionInputs in(ctx, c, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "inputs");
    DeviceBuffer scores(ctx, std::max<std::uint64_t>(1, scoreCount * device::dtypeSize(dtype)), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc scores");
    DeviceBuffer probs32(ctx, std::max<std::uint64_t>(1, scoreCount * 4), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc probs32");
    DeviceBuffer probs(ctx, std::max<std::uint64_t>(1, scoreCount * device::dtypeSize(dtype)), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc probs");
    const std::uint64_t outCount = in.outCount(c);
    DeviceBuffer out(ctx, bytesOf(static_cast<std::int64_t>(outCount), dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc out");
    const double rel = storageTolerance(dtype);

    ITERAGPU_CHECK_STATUS(ctx.attentionScores(scores.get(), in.q.buffer.get(), in.k->data(), in.k->layout(), s, dtype),
        "attentionScores");
    const auto gotScores = download(ctx, scores.get(), scoreCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost scores");
    std::vector<double> wantScores, magnitude;
    referenceScores(s, in.q.values, *in.k, wantScores, magnitude);
    std::vector<float> finiteGot;
    std::vector<double> finiteWant, finiteTol;
    for (std::uint64_t i = 0; i < scoreCount; ++i) {
        if (wantScores[i] == -INFINITY) {
            if (gotScores[i] != -INFINITY)
                return fail("attentionScores: masked entry " + std::to_string(i) + " is " + std::to_string(gotScores[i])
                    + ", expected -inf");
            continue;
        }
        finiteGot.push_back(gotScores[i]);
        finiteWant.push_back(wantScores[i]);
        finiteTol.push_back(
            1.2e-7 * static_cast<double>(s.headDim) * magnitude[i] + rel * std::fabs(wantScores[i]) + 1e-6);
    }
    auto r = compare("attentionScores", finiteGot, finiteWant, [&](std::size_t i) { return finiteTol[i]; });
    if (r.outcome != Outcome::Pass)
        return r;

    ITERAGPU_CHECK_STATUS(ctx.softmaxRows(probs32.get(), scores.get(), rows, s.keys, dtype), "softmaxRows");
    const auto gotProbs32 = download(ctx, probs32.get(), scoreCount, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost probs32");
    std::vector<double> fromDevice(gotScores.begin(), gotScores.end());
    const auto wantProbs = referenceSoftmax(fromDevice, rows, s.keys);
    r = compare("softmaxRows", gotProbs32, wantProbs, [&](std::size_t i) { return 1e-5 * wantProbs[i] + 1e-7; });
    if (r.outcome != Outcome::Pass)
        return r;

    ITERAGPU_CHECK_STATUS(ctx.convert(probs.get(), dtype, probs32.get(), DType::Float32, scoreCount), "convert");
    const auto gotProbs = download(ctx, probs.get(), scoreCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost probs");
    ITERAGPU_CHECK_STATUS(ctx.fill(out.get(), outCount, dtype, 7.0f), "fill out");
    ITERAGPU_CHECK_STATUS(
        ctx.attentionValues(out.get(), probs.get(), in.v->data(), in.v->layout(), s, dtype), "attentionValues");
    const auto got = download(ctx, out.get(), outCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost out");
    std::vector<double> want, valueMagnitude;
    referenceValues(s, std::vector<double>(gotProbs.begin(), gotProbs.end()), *in.v, want, valueMagnitude);
    r = compare("attentionValues", got, want,
        [&](std::size_t i) { return 1e-6 * valueMagnitude[i] + rel * std::fabs(want[i]) + 1e-6; });
    if (r.outcome != Outcome::Pass)
        return r;

    // End to end: the roundings of scores and probabilities to dtype, a few units of the dtype.
    std::vector<double> exact, exactMagnitude;
    referenceValues(s, referenceSoftmax(wantScores, rows, s.keys), *in.v, exact, exactMagnitude);
    return compare("eager attention", got, exact,
        [&](std::size_t i) { return 4.0 * rel * (std::fabs(exact[i]) + exactMagnitude[i]) + 1e-5; });
}

// ---- mixture of experts -------------------------------------------------------------------------------------

// Top k by (value descending, index ascending), softmax renormalised over the picks.
inline void referenceTopK(const std::vector<float>& logits, std::int64_t tokens, std::int64_t experts, std::int64_t k,
    std::vector<std::int32_t>& indices, std::vector<double>& weights)
{
    indices.assign(static_cast<std::size_t>(tokens * k), -1);
    weights.assign(indices.size(), 0.0);
    for (std::int64_t t = 0; t < tokens; ++t) {
        std::vector<std::int32_t> order(static_cast<std::size_t>(experts));
        for (std::int64_t e = 0; e < experts; ++e)
            order[e] = static_cast<std::int32_t>(e);
        const float* row = logits.data() + t * experts;
        std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) { return row[a] > row[b]; });
        const double m = row[order[0]];
        double sum = 0.0;
        for (std::int64_t i = 0; i < k; ++i)
            sum += std::exp(row[order[i]] - m);
        for (std::int64_t i = 0; i < k; ++i) {
            indices[t * k + i] = order[i];
            weights[t * k + i] = std::exp(row[order[i]] - m) / sum;
        }
    }
}

inline CheckResult checkRouterTopKWith(DeviceContext& ctx, DType dtype, const std::vector<float>& hostLogits,
    std::int64_t tokens, std::int64_t experts, std::int64_t k)
{
    Status st;
    HostTensor logits(ctx, hostLogits, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "logits");
    DeviceBuffer indices(ctx, static_cast<std::uint64_t>(tokens * k) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc indices");
    DeviceBuffer weights(ctx, static_cast<std::uint64_t>(tokens * k) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc weights");
    ITERAGPU_CHECK_STATUS(
        ctx.routerTopK(indices.get(), weights.get(), logits.buffer.get(), tokens, experts, k, dtype), "routerTopK");
    const auto gotIndices = downloadRaw<std::int32_t>(ctx, indices.get(), static_cast<std::uint64_t>(tokens * k), st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost indices");
    const auto gotWeights = download(ctx, weights.get(), static_cast<std::uint64_t>(tokens * k), DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost weights");
    std::vector<std::int32_t> wantIndices;
    std::vector<double> wantWeights;
    referenceTopK(logits.values, tokens, experts, k, wantIndices, wantWeights);
    for (std::size_t i = 0; i < wantIndices.size(); ++i)
        if (gotIndices[i] != wantIndices[i])
            return fail("routerTopK: token " + std::to_string(i / k) + " pick " + std::to_string(i % k) + " is expert "
                + std::to_string(gotIndices[i]) + ", expected " + std::to_string(wantIndices[i]));
    return compare("routerTopK weights", gotWeights, wantWeights, [](std::size_t) { return 2e-6; });
}

inline CheckResult checkRouterTopK(DeviceContext& ctx, DType dtype)
{
    // Hand-made rows with ties: a three-way tie for the top, all equal, the top at the end, -inf entries.
    const float ninf = -INFINITY;
    const std::vector<float> ties = {
        1.0f, 3.0f, 3.0f, 0.0f, 3.0f, -1.0f, 2.0f, 0.5f, //
        0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, //
        -2.0f, -1.0f, -3.0f, -0.5f, -4.0f, -6.0f, -0.5f, 1.5f, //
        ninf, 0.0f, ninf, ninf, -1.0f, ninf, ninf, ninf, //
    };
    auto r = checkRouterTopKWith(ctx, dtype, ties, 4, 8, 2);
    if (r.outcome != Outcome::Pass)
        return fail("ties, k 2: " + r.message);
    r = checkRouterTopKWith(ctx, dtype, ties, 4, 8, 8); // every expert
    if (r.outcome != Outcome::Pass)
        return fail("ties, k = experts: " + r.message);
    // Random logits, 37 tokens x 64 experts, k 6; rounding to 16 bits makes ties of its own.
    std::vector<float> random(37 * 64);
    for (std::size_t i = 0; i < random.size(); ++i)
        random[i] = 4.0f * hashUniform(151, i);
    r = checkRouterTopKWith(ctx, dtype, random, 37, 64, 6);
    if (r.outcome != Outcome::Pass)
        return fail("random, k 6: " + r.message);
    return pass();
}

// ---- a MoE layer's dispatch: counts, token lists, gather, scatter-add ------------------------------------------

// Hand-made picks of 5 tokens, k 2, 4 experts (-1: no pick): t0 {0, 2}, t1 {2, 3}, t2 {0, -1}, t3 {3, 1}, t4 {2, 0}.
inline const std::vector<std::int32_t>& handPicks()
{
    static const std::vector<std::int32_t> picks = { 0, 2, 2, 3, 0, -1, 3, 1, 2, 0 };
    return picks;
}

// The CPU reference: the tokens of each expert, ascending.
inline std::vector<std::vector<std::int32_t>> referenceRoutedTokens(
    const std::vector<std::int32_t>& picks, std::int64_t tokens, std::int64_t k, std::int64_t experts)
{
    std::vector<std::vector<std::int32_t>> out(static_cast<std::size_t>(experts));
    for (std::int64_t t = 0; t < tokens; ++t)
        for (std::int64_t j = 0; j < k; ++j) {
            const std::int32_t e = picks[static_cast<std::size_t>(t * k + j)];
            if (e >= 0 && e < experts)
                out[static_cast<std::size_t>(e)].push_back(static_cast<std::int32_t>(t));
        }
    return out;
}

// 600 tokens (more than one block's worth of threads in the token list's scan), k 3 of 7 experts, distinct picks.
inline std::vector<std::int32_t> manyPicks(std::int64_t tokens, std::int64_t k, std::int64_t experts)
{
    std::vector<std::int32_t> picks(static_cast<std::size_t>(tokens * k));
    for (std::int64_t t = 0; t < tokens; ++t) {
        const auto first = static_cast<std::int64_t>((hashUniform(181, static_cast<std::uint64_t>(t)) + 1.0f) * 3.5f);
        for (std::int64_t j = 0; j < k; ++j) // t's picks: consecutive experts from a pseudo-random first one
            picks[static_cast<std::size_t>(t * k + j)] = static_cast<std::int32_t>((first + j) % experts);
    }
    return picks;
}

inline CheckResult checkCountRoutedWith(DeviceContext& ctx, const std::vector<std::int32_t>& picks,
    std::int64_t tokens, std::int64_t k, std::int64_t experts, const std::vector<std::int32_t>& want)
{
    Status st;
    DeviceBytes indices(ctx, picks.data(), picks.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "indices");
    DeviceBuffer counts(ctx, static_cast<std::uint64_t>(experts) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc counts");
    std::vector<std::int32_t> host(static_cast<std::size_t>(experts), -7);
    ITERAGPU_CHECK_STATUS(
        ctx.countRoutedTokens(counts.get(), host.data(), indices.buffer.get(), tokens, k, experts), "countRoutedTokens");
    const auto onDevice = downloadRaw<std::int32_t>(ctx, counts.get(), static_cast<std::uint64_t>(experts), st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost counts");
    for (std::size_t e = 0; e < want.size(); ++e)
        if (host[e] != want[e] || onDevice[e] != want[e])
            return fail("countRoutedTokens: expert " + std::to_string(e) + " has " + std::to_string(host[e])
                + " on the host and " + std::to_string(onDevice[e]) + " on the device, expected "
                + std::to_string(want[e]));
    return pass();
}

inline CheckResult checkCountRoutedTokens(DeviceContext& ctx)
{
    auto r = checkCountRoutedWith(ctx, handPicks(), 5, 2, 4, { 3, 1, 3, 2 });
    if (r.outcome != Outcome::Pass)
        return fail("hand-made picks: " + r.message);
    const std::int64_t tokens = 600, k = 3, experts = 7;
    const auto picks = manyPicks(tokens, k, experts);
    std::vector<std::int32_t> want;
    for (const auto& list : referenceRoutedTokens(picks, tokens, k, experts))
        want.push_back(static_cast<std::int32_t>(list.size()));
    r = checkCountRoutedWith(ctx, picks, tokens, k, experts, want);
    if (r.outcome != Outcome::Pass)
        return fail("600 tokens: " + r.message);
    return pass();
}

inline CheckResult checkRoutedTokensWith(DeviceContext& ctx, const std::vector<std::int32_t>& picks,
    std::int64_t tokens, std::int64_t k, std::int64_t experts, const std::vector<std::vector<std::int32_t>>& want)
{
    Status st;
    DeviceBytes indices(ctx, picks.data(), picks.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "indices");
    for (std::int64_t e = 0; e < experts; ++e) {
        const auto& expected = want[static_cast<std::size_t>(e)];
        const auto rows = static_cast<std::int64_t>(expected.size());
        DeviceBuffer list(ctx, std::max<std::uint64_t>(4, static_cast<std::uint64_t>(rows) * 4), st);
        ITERAGPU_CHECK_STATUS(st, "rawAlloc token list");
        ITERAGPU_CHECK_STATUS(
            ctx.routedTokens(list.get(), indices.buffer.get(), tokens, k, e, rows), "routedTokens");
        const auto got = downloadRaw<std::int32_t>(ctx, list.get(), static_cast<std::uint64_t>(rows), st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost token list");
        for (std::size_t i = 0; i < expected.size(); ++i)
            if (got[i] != expected[i])
                return fail("routedTokens: expert " + std::to_string(e) + " row " + std::to_string(i) + " is token "
                    + std::to_string(got[i]) + ", expected " + std::to_string(expected[i]));
    }
    return pass();
}

inline CheckResult checkRoutedTokens(DeviceContext& ctx)
{
    // By hand: expert 0 gets tokens 0, 2, 4; expert 1 token 3; expert 2 tokens 0, 1, 4; expert 3 tokens 1, 3.
    auto r = checkRoutedTokensWith(ctx, handPicks(), 5, 2, 4, { { 0, 2, 4 }, { 3 }, { 0, 1, 4 }, { 1, 3 } });
    if (r.outcome != Outcome::Pass)
        return fail("hand-made picks: " + r.message);
    const std::int64_t tokens = 600, k = 3, experts = 7;
    const auto picks = manyPicks(tokens, k, experts);
    r = checkRoutedTokensWith(ctx, picks, tokens, k, experts, referenceRoutedTokens(picks, tokens, k, experts));
    if (r.outcome != Outcome::Pass)
        return fail("600 tokens: " + r.message);
    return pass();
}

inline CheckResult checkGatherRows(DeviceContext& ctx, DType dtype)
{
    // in [4, 3]: row r is (r + 1, 10 (r + 1), -0.5 (r + 1)); rows 2, 0, 3, 2 gathered (a row twice).
    std::vector<float> in;
    for (int r = 0; r < 4; ++r)
        in.insert(in.end(), { float(r + 1), 10.0f * float(r + 1), -0.5f * float(r + 1) });
    const std::vector<std::int32_t> rows = { 2, 0, 3, 2 };
    const std::vector<double> want = { 3, 30, -1.5, 1, 10, -0.5, 4, 40, -2, 3, 30, -1.5 };
    Status st;
    HostTensor x(ctx, in, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    DeviceBytes idx(ctx, rows.data(), rows.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rowIdx");
    DeviceBuffer out(ctx, bytesOf(12, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc out");
    ITERAGPU_CHECK_STATUS(ctx.gatherRows(out.get(), x.buffer.get(), idx.buffer.get(), 4, 3, dtype), "gatherRows");
    const auto got = download(ctx, out.get(), 12, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    return compare("gatherRows", got, want, [](std::size_t) { return 0.0 + 1e-12; }); // a copy: exact
}

inline CheckResult checkAddRoutedRows(DeviceContext& ctx, DType dtype)
{
    // 3 tokens of hidden 2, k 2: t0 picks (1, 0) with weights (0.75, 0.25), t1 (0, 2) with (0.5, 0.5), t2 (2, 1)
    // with (0.25, 0.75). Expert 0's rows are tokens 0 and 1; its y rows (2, 4) and (-2, 8). From out = (1, 2),
    // (3, 4), (5, 6): t0 += 0.25 (2, 4) = (1.5, 3); t1 += 0.5 (-2, 8) = (2, 8); t2 is not expert 0's: unchanged.
    const std::vector<std::int32_t> picks = { 1, 0, 0, 2, 2, 1 };
    const std::vector<float> weights = { 0.75f, 0.25f, 0.5f, 0.5f, 0.25f, 0.75f };
    const std::vector<std::int32_t> tokens = { 0, 1 };
    Status st;
    DeviceBytes devPicks(ctx, picks.data(), picks.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "indices");
    DeviceBytes devWeights(ctx, weights.data(), weights.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "weights");
    DeviceBytes devTokens(ctx, tokens.data(), tokens.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "tokenIdx");
    HostTensor out(ctx, { 1, 2, 3, 4, 5, 6 }, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "out");
    HostTensor y(ctx, { 2, 4, -2, 8 }, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "y");
    ITERAGPU_CHECK_STATUS(ctx.addRoutedRows(out.buffer.get(), y.buffer.get(), devTokens.buffer.get(),
                              devPicks.buffer.get(), devWeights.buffer.get(), 2, 2, 2, 0, dtype),
        "addRoutedRows");
    auto got = download(ctx, out.buffer.get(), 6, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    auto r = compare("addRoutedRows expert 0", got, { 1.5, 3, 2, 8, 5, 6 }, [](std::size_t) { return 1e-12; });
    if (r.outcome != Outcome::Pass)
        return r;
    // Then expert 2 (tokens 1 and 2, weights 0.5 and 0.25) with y rows (4, -4) and (8, 16): t1 (4, 6), t2 (7, 10).
    const std::vector<std::int32_t> tokens2 = { 1, 2 };
    DeviceBytes devTokens2(ctx, tokens2.data(), tokens2.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "tokenIdx");
    HostTensor y2(ctx, { 4, -4, 8, 16 }, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "y");
    ITERAGPU_CHECK_STATUS(ctx.addRoutedRows(out.buffer.get(), y2.buffer.get(), devTokens2.buffer.get(),
                              devPicks.buffer.get(), devWeights.buffer.get(), 2, 2, 2, 2, dtype),
        "addRoutedRows");
    got = download(ctx, out.buffer.get(), 6, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    return compare("addRoutedRows expert 2", got, { 1.5, 3, 4, 6, 7, 10 }, [](std::size_t) { return 1e-12; });
}

// ---- dequantization ---------------------------------------------------------------------------------------------

inline CheckResult checkDequantizeInt8(DeviceContext& ctx, DType dtype)
{
    const std::int64_t rows = 9, cols = 70;
    std::vector<std::int8_t> q(static_cast<std::size_t>(rows * cols));
    for (std::size_t i = 0; i < q.size(); ++i)
        q[i] = static_cast<std::int8_t>(static_cast<int>(i * 97 % 256) - 128); // every code, -128 and 127 included
    std::vector<float> scales(static_cast<std::size_t>(rows));
    for (std::int64_t r = 0; r < rows; ++r)
        scales[r] = 0.01f + 2.0f * std::fabs(hashUniform(181, static_cast<std::uint64_t>(r)));
    Status st;
    DeviceBytes devQ(ctx, q.data(), q.size(), st);
    ITERAGPU_CHECK_STATUS(st, "q");
    DeviceBytes devScales(ctx, scales.data(), scales.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "scales");
    DeviceBuffer out(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(
        ctx.dequantizeInt8(out.get(), devQ.buffer.get(), devScales.buffer.get(), rows, cols, dtype), "dequantizeInt8");
    const auto got = download(ctx, out.get(), q.size(), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(q.size());
    for (std::size_t i = 0; i < q.size(); ++i)
        want[i] = static_cast<double>(q[i]) * scales[i / cols] / 127.0;
    const double rel = storageTolerance(dtype);
    return compare(
        "dequantizeInt8", got, want, [&](std::size_t i) { return (rel + 4e-7) * std::fabs(want[i]) + 1e-30; });
}

// count values in blocks of 64 (the last one short); with double quantization the absmax values are 8-bit codes
// into a 256-entry map, scaled per 256 blocks and offset, and count spans more than one nested scale.
inline CheckResult checkDequantizeNf4(
    DeviceContext& ctx, DType dtype, bool doubleQuant, const std::array<float, 16>& codeBook = kNf4Map)
{
    const std::uint64_t blockSize = 64;
    const std::uint64_t count = doubleQuant ? 64 * 300 + 33 : 64 * 5 + 7; // odd: the last byte's high nibble unused
    const std::uint64_t blocks = (count + blockSize - 1) / blockSize;
    const std::uint64_t nested = (blocks + 255) / 256;
    std::vector<std::uint8_t> packed((count + 1) / 2);
    for (std::size_t i = 0; i < packed.size(); ++i)
        packed[i] = static_cast<std::uint8_t>(i * 73 + 5); // every pair of codes turns up
    std::vector<float> absmax(blocks);
    std::vector<std::uint8_t> codes(blocks);
    for (std::uint64_t b = 0; b < blocks; ++b) {
        absmax[b] = 0.05f + std::fabs(hashUniform(191, b));
        codes[b] = static_cast<std::uint8_t>(b * 131 + 7);
    }
    std::vector<float> nestedMap(256);
    for (std::size_t i = 0; i < nestedMap.size(); ++i)
        nestedMap[i] = hashUniform(192, i);
    std::vector<float> nestedScale(nested);
    for (std::uint64_t i = 0; i < nested; ++i)
        nestedScale[i] = 0.5f + 0.25f * static_cast<float>(i);
    const float offset = 0.037f;
    Status st;
    DeviceBytes devPacked(ctx, packed.data(), packed.size(), st);
    ITERAGPU_CHECK_STATUS(st, "packed");
    DeviceBytes devAbsmax(ctx, doubleQuant ? static_cast<const void*>(codes.data()) : absmax.data(),
        doubleQuant ? codes.size() : absmax.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "absmax");
    DeviceBytes devMap(ctx, codeBook.data(), codeBook.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "quant map");
    DeviceBytes devNestedMap(ctx, nestedMap.data(), nestedMap.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "nested map");
    DeviceBytes devNestedScale(ctx, nestedScale.data(), nestedScale.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "nested scale");
    DeviceBytes devOffset(ctx, &offset, 4, st);
    ITERAGPU_CHECK_STATUS(st, "offset");
    DeviceBuffer out(ctx, count * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    Nf4Tensor t;
    t.packed = devPacked.buffer.get();
    t.absmax = devAbsmax.buffer.get();
    t.quantMap = devMap.buffer.get();
    t.doubleQuant = doubleQuant;
    if (doubleQuant) {
        t.nestedScale = devNestedScale.buffer.get();
        t.nestedMap = devNestedMap.buffer.get();
        t.offset = devOffset.buffer.get();
    }
    t.count = count;
    t.blockSize = blockSize;
    ITERAGPU_CHECK_STATUS(ctx.dequantizeNf4(out.get(), t, dtype), "dequantizeNf4");
    const auto got = download(ctx, out.get(), count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        const unsigned code = (i % 2 == 0) ? (packed[i / 2] & 0xfu) : (packed[i / 2] >> 4);
        const std::uint64_t b = i / blockSize;
        const double scale = doubleQuant
            ? static_cast<double>(nestedMap[codes[b]]) * nestedScale[b / 256] + static_cast<double>(offset)
            : static_cast<double>(absmax[b]);
        want[i] = static_cast<double>(codeBook[code]) * scale;
    }
    const double rel = storageTolerance(dtype);
    return compare("dequantizeNf4", got, want, [&](std::size_t i) { return (rel + 4e-7) * std::fabs(want[i]) + 1e-7; });
}

// bitsandbytes' FP4 code book (get_4bit_type("fp4"): these values over 12), read by the nf4 kernel.
inline constexpr std::array<float, 16> kFp4Map
    = { 0.0f, 0.0625f / 12.0f, 8.0f / 12.0f, 1.0f, 4.0f / 12.0f, 6.0f / 12.0f, 2.0f / 12.0f, 3.0f / 12.0f, -0.0f,
          -0.0625f / 12.0f, -8.0f / 12.0f, -1.0f, -4.0f / 12.0f, -6.0f / 12.0f, -2.0f / 12.0f, -3.0f / 12.0f };

// ---- fp8, int4 (GPTQ / AWQ), mxfp4 (ABI 5) -----------------------------------------------------------------

// The value of an fp8 code from its fields, in double (OCP FP8: e4m3 with bias 7, only S.1111.111 NaN; e5m2 with
// bias 15 and IEEE's specials).
inline double fp8Reference(unsigned code, bool e5m2)
{
    const int mantissaBits = e5m2 ? 2 : 3;
    const int exponentMax = e5m2 ? 31 : 15;
    const int bias = e5m2 ? 15 : 7;
    const double sign = (code & 0x80u) ? -1.0 : 1.0;
    const int e = static_cast<int>((code & 0x7fu) >> mantissaBits);
    const int m = static_cast<int>(code & ((1u << mantissaBits) - 1u));
    if (e5m2 && e == exponentMax)
        return m ? std::numeric_limits<double>::quiet_NaN() : sign * std::numeric_limits<double>::infinity();
    if (!e5m2 && e == exponentMax && m == 7)
        return std::numeric_limits<double>::quiet_NaN();
    if (e == 0)
        return sign * std::ldexp(static_cast<double>(m), 1 - bias - mantissaBits);
    return sign * std::ldexp(static_cast<double>((1 << mantissaBits) + m), e - bias - mantissaBits);
}

inline bool fp8IsSpecial(unsigned code, bool e5m2)
{
    return e5m2 ? ((code & 0x7cu) == 0x7cu) : ((code & 0x7fu) == 0x7fu);
}

// Known codes, scale 1: e4m3 0x7e = 448, 0x38 = 1, 0x01 = 2^-9 (the smallest subnormal), 0x08 = 2^-6, 0xfe = -448;
// e5m2 0x7b = 57344, 0x3c = 1, 0x01 = 2^-16, 0x04 = 2^-14, 0xfb = -57344 (each written out, not computed).
inline CheckResult checkFp8KnownValues(DeviceContext& ctx, bool e5m2)
{
    const std::vector<std::uint8_t> codes = e5m2 ? std::vector<std::uint8_t> { 0x7b, 0x3c, 0x01, 0x04, 0xfb, 0x00 }
                                                 : std::vector<std::uint8_t> { 0x7e, 0x38, 0x01, 0x08, 0xfe, 0x00 };
    const std::vector<double> want = e5m2
        ? std::vector<double> { 57344.0, 1.0, 1.0 / 65536.0, 1.0 / 16384.0, -57344.0, 0.0 }
        : std::vector<double> { 448.0, 1.0, 1.0 / 512.0, 1.0 / 64.0, -448.0, 0.0 };
    const float one = 1.0f;
    Status st;
    DeviceBytes devCodes(ctx, codes.data(), codes.size(), st);
    ITERAGPU_CHECK_STATUS(st, "codes");
    DeviceBytes devScale(ctx, &one, 4, st);
    ITERAGPU_CHECK_STATUS(st, "scale");
    DeviceBuffer out(ctx, codes.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::Fp8Tensor t;
    t.codes = devCodes.buffer.get();
    t.scaleInv = devScale.buffer.get();
    t.rows = 1;
    t.cols = static_cast<std::int64_t>(codes.size());
    t.e5m2 = e5m2;
    ITERAGPU_CHECK_STATUS(ctx.dequantizeFp8(out.get(), t, DType::Float32), "dequantizeFp8");
    const auto got = download(ctx, out.get(), codes.size(), DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    return compare("dequantizeFp8 known values", got, want, [](std::size_t) { return 1e-30; }); // exact
}

// rows x cols codes (every finite code turns up), one scale per tensor or per block of 2 x 3 values (the last
// blocks short on both edges).
inline CheckResult checkDequantizeFp8(DeviceContext& ctx, DType dtype, bool e5m2, bool blocks)
{
    const std::int64_t rows = 13;
    const std::int64_t cols = 23;
    const std::int64_t blockRows = blocks ? 2 : 0;
    const std::int64_t blockColumns = blocks ? 3 : 0;
    const std::size_t n = static_cast<std::size_t>(rows * cols);
    std::vector<std::uint8_t> codes(n);
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned c = static_cast<unsigned>(i * 37 % 256);
        codes[i] = static_cast<std::uint8_t>(fp8IsSpecial(c, e5m2) ? 0x00u : c);
    }
    const std::int64_t scaleRows = blocks ? (rows + blockRows - 1) / blockRows : 1;
    const std::int64_t scaleColumns = blocks ? (cols + blockColumns - 1) / blockColumns : 1;
    std::vector<float> scales(static_cast<std::size_t>(scaleRows * scaleColumns));
    for (std::size_t i = 0; i < scales.size(); ++i)
        scales[i] = (e5m2 ? 1e-4f : 1e-2f) * (1.0f + 0.5f * static_cast<float>(i));
    Status st;
    DeviceBytes devCodes(ctx, codes.data(), codes.size(), st);
    ITERAGPU_CHECK_STATUS(st, "codes");
    DeviceBytes devScales(ctx, scales.data(), scales.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "scales");
    DeviceBuffer out(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::Fp8Tensor t;
    t.codes = devCodes.buffer.get();
    t.scaleInv = devScales.buffer.get();
    t.rows = rows;
    t.cols = cols;
    t.blockRows = blockRows;
    t.blockColumns = blockColumns;
    t.e5m2 = e5m2;
    ITERAGPU_CHECK_STATUS(ctx.dequantizeFp8(out.get(), t, dtype), "dequantizeFp8");
    const auto got = download(ctx, out.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t r = static_cast<std::int64_t>(i) / cols;
        const std::int64_t c = static_cast<std::int64_t>(i) % cols;
        const std::size_t scale
            = blocks ? static_cast<std::size_t>((r / blockRows) * scaleColumns + c / blockColumns) : 0;
        want[i] = fp8Reference(codes[i], e5m2) * static_cast<double>(scales[scale]);
    }
    const double rel = storageTolerance(dtype);
    // float16's subnormals are spaced 2^-24 apart: the smallest codes times a scale round to them.
    const double absolute = dtype == DType::Float16 ? std::ldexp(1.0, -25) : 1e-30;
    return compare(
        "dequantizeFp8", got, want, [&](std::size_t i) { return (rel + 4e-7) * std::fabs(want[i]) + absolute; });
}

// A GPTQ or AWQ weight of out x in codes and per-group zeros and float16 scales, packed here as AutoGPTQ and
// AutoAWQ pack them (AWQ: column order_map[j] of 8 in nibble j, order_map 0 2 4 6 1 3 5 7), so the check does
// not share the kernel's unpacking arithmetic. out and in are no multiples of 8; GPTQ's g_idx is shuffled.
inline CheckResult checkDequantizeInt4(DeviceContext& ctx, DType dtype, bool awq)
{
    const std::int64_t out = 11;
    const std::int64_t in = 21;
    const std::int64_t group = 8;
    const std::int64_t groups = (in + group - 1) / group;
    const std::int64_t packedOut = (out + 7) / 8;
    constexpr int kOrderMap[8] = { 0, 2, 4, 6, 1, 3, 5, 7 }; // AutoAWQ's pack order
    const auto code
        = [](std::int64_t o, std::int64_t i) { return static_cast<unsigned>((o * 7 + i * 5 + o * i) % 16); };
    const auto zero = [](std::int64_t g, std::int64_t o) { return static_cast<unsigned>((g * 3 + o * 5 + 1) % 16); };
    std::vector<std::int32_t> gIdx(static_cast<std::size_t>(in));
    for (std::int64_t i = 0; i < in; ++i)
        gIdx[static_cast<std::size_t>(i)]
            = awq ? static_cast<std::int32_t>(i / group) : static_cast<std::int32_t>((i * 5 + 2) % groups);
    std::vector<std::uint32_t> qweight;
    if (awq) {
        qweight.assign(static_cast<std::size_t>(in * packedOut), 0);
        for (std::int64_t i = 0; i < in; ++i)
            for (std::int64_t w = 0; w < packedOut; ++w)
                for (int j = 0; j < 8; ++j) {
                    const std::int64_t o = w * 8 + kOrderMap[j];
                    if (o < out)
                        qweight[static_cast<std::size_t>(i * packedOut + w)] |= code(o, i) << (4 * j);
                }
    } else {
        qweight.assign(static_cast<std::size_t>((in + 7) / 8 * out), 0);
        for (std::int64_t i = 0; i < in; ++i)
            for (std::int64_t o = 0; o < out; ++o)
                qweight[static_cast<std::size_t>((i / 8) * out + o)] |= code(o, i) << (4 * (i % 8));
    }
    std::vector<std::uint32_t> qzeros(static_cast<std::size_t>(groups * packedOut), 0);
    for (std::int64_t g = 0; g < groups; ++g)
        for (std::int64_t w = 0; w < packedOut; ++w)
            for (int j = 0; j < 8; ++j) {
                const std::int64_t o = w * 8 + (awq ? kOrderMap[j] : j);
                if (o < out)
                    qzeros[static_cast<std::size_t>(g * packedOut + w)] |= zero(g, o) << (4 * j);
            }
    std::vector<std::uint16_t> scaleBits(static_cast<std::size_t>(groups * out));
    for (std::size_t k = 0; k < scaleBits.size(); ++k)
        scaleBits[k] = floatToHalfBits(0.001f * static_cast<float>(k + 1));
    Status st;
    DeviceBytes devQ(ctx, qweight.data(), qweight.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "qweight");
    DeviceBytes devZ(ctx, qzeros.data(), qzeros.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "qzeros");
    DeviceBytes devS(ctx, scaleBits.data(), scaleBits.size() * 2, st);
    ITERAGPU_CHECK_STATUS(st, "scales");
    DeviceBytes devG(ctx, gIdx.data(), gIdx.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "g_idx");
    DeviceBuffer result(ctx, bytesOf(out * in, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::Int4Tensor t;
    t.qweight = devQ.buffer.get();
    t.qzeros = devZ.buffer.get();
    t.scales = devS.buffer.get();
    t.gIdx = awq ? nullptr : devG.buffer.get();
    t.out = out;
    t.in = in;
    t.groupSize = group;
    t.awq = awq;
    ITERAGPU_CHECK_STATUS(ctx.dequantizeInt4(result.get(), t, dtype), "dequantizeInt4");
    const auto got = download(ctx, result.get(), static_cast<std::uint64_t>(out * in), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(static_cast<std::size_t>(out * in));
    for (std::int64_t o = 0; o < out; ++o)
        for (std::int64_t i = 0; i < in; ++i) {
            const std::int64_t g = gIdx[static_cast<std::size_t>(i)];
            const double scale = halfToFloat(scaleBits[static_cast<std::size_t>(g * out + o)]);
            want[static_cast<std::size_t>(o * in + i)]
                = (static_cast<double>(code(o, i)) - static_cast<double>(zero(g, o))) * scale;
        }
    const double rel = storageTolerance(dtype);
    return compare(
        "dequantizeInt4", got, want, [&](std::size_t i) { return (rel + 4e-7) * std::fabs(want[i]) + 1e-30; });
}

// gpt-oss's layout: rows x cols e2m1 codes in blocks of 32 (the last block of a row short), one e8m0 scale each;
// the scales include 127 (x 1), 128 (x 2) and 0 (2^-127). The code book and the powers are written out.
inline CheckResult checkDequantizeMxfp4(DeviceContext& ctx, DType dtype)
{
    constexpr double kE2m1[16]
        = { 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0 };
    const std::int64_t rows = 3;
    const std::int64_t cols = 70;
    const std::int64_t perRow = (cols + 31) / 32;
    std::vector<std::uint8_t> blocks(static_cast<std::size_t>(rows * perRow * 16));
    for (std::size_t i = 0; i < blocks.size(); ++i)
        blocks[i] = static_cast<std::uint8_t>(i * 53 + 11);
    const std::vector<std::uint8_t> scales = { 127, 128, 0, 120, 126, 130, 127, 1, 125 };
    const std::vector<double> power
        = { 1.0, 2.0, std::ldexp(1.0, -127), 1.0 / 128.0, 0.5, 8.0, 1.0, std::ldexp(1.0, -126), 0.25 };
    Status st;
    DeviceBytes devBlocks(ctx, blocks.data(), blocks.size(), st);
    ITERAGPU_CHECK_STATUS(st, "blocks");
    DeviceBytes devScales(ctx, scales.data(), scales.size(), st);
    ITERAGPU_CHECK_STATUS(st, "scales");
    DeviceBuffer out(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::Mxfp4Tensor t;
    t.blocks = devBlocks.buffer.get();
    t.scales = devScales.buffer.get();
    t.rows = rows;
    t.cols = cols;
    ITERAGPU_CHECK_STATUS(ctx.dequantizeMxfp4(out.get(), t, dtype), "dequantizeMxfp4");
    const auto got = download(ctx, out.get(), static_cast<std::uint64_t>(rows * cols), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(static_cast<std::size_t>(rows * cols));
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c) {
            const std::size_t block = static_cast<std::size_t>(r * perRow + c / 32);
            const unsigned byte = blocks[block * 16 + static_cast<std::size_t>((c % 32) / 2)];
            const unsigned code = (c % 2 == 0) ? (byte & 0xfu) : (byte >> 4);
            want[static_cast<std::size_t>(r * cols + c)] = kE2m1[code] * power[block];
        }
    const double rel = storageTolerance(dtype);
    // 2^-127 x e2m1 is below float16's range: 0 there, within the absolute tolerance.
    return compare(
        "dequantizeMxfp4", got, want, [&](std::size_t i) { return (rel + 4e-7) * std::fabs(want[i]) + 1e-7; });
}

// ---- argmax ----------------------------------------------------------------------------------------------------

inline CheckResult checkArgmaxRows(DeviceContext& ctx, DType dtype)
{
    const std::int64_t rows = 5, cols = 1000; // several passes of the block's threads, ragged
    std::vector<float> v(static_cast<std::size_t>(rows * cols));
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = hashUniform(201, i);
    v[1 * cols + 300] = 2.0f; // a tie between 300 and 700: 300 wins
    v[1 * cols + 700] = 2.0f;
    for (std::int64_t c = 0; c < cols; ++c) // all equal: 0 wins
        v[2 * cols + c] = -0.75f;
    v[3 * cols + cols - 1] = 5.0f; // the maximum in the last column
    for (std::int64_t c = 0; c < cols; ++c) // -inf everywhere but one
        v[4 * cols + c] = c == 613 ? -3.0f : -INFINITY;
    Status st;
    HostTensor in(ctx, v, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    DeviceBuffer out(ctx, static_cast<std::uint64_t>(rows) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.argmaxRows(out.get(), in.buffer.get(), rows, cols, dtype), "argmaxRows");
    const auto got = downloadRaw<std::int32_t>(ctx, out.get(), static_cast<std::uint64_t>(rows), st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    for (std::int64_t r = 0; r < rows; ++r) {
        std::int64_t best = 0;
        for (std::int64_t c = 1; c < cols; ++c) // strictly greater: the lower index on ties (the rounded values)
            if (in.values[r * cols + c] > in.values[r * cols + best])
                best = c;
        if (got[r] != best)
            return fail("argmaxRows row " + std::to_string(r) + ": " + std::to_string(got[r]) + ", expected "
                + std::to_string(best));
    }
    // One column: always 0.
    ITERAGPU_CHECK_STATUS(ctx.argmaxRows(out.get(), in.buffer.get(), 3, 1, dtype), "argmaxRows one column");
    const auto single = downloadRaw<std::int32_t>(ctx, out.get(), 3, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    if (single != std::vector<std::int32_t> { 0, 0, 0 })
        return fail("argmaxRows of one column is not 0");
    return pass();
}

// ---- the state layers' kernels (ABI 5) -----------------------------------------------------------------------

inline double siluRef(double v) { return v / (1.0 + std::exp(-v)); }
inline double softplusRef(double v) { return v > 20.0 ? v : std::log1p(std::exp(v)); }

// causalConv1d on a column slice (channels 2.. of rows of 9), from a random state; the same tokens in two calls
// (3, then 2 and a single decode token) give the same outputs and the same final state as one call.
inline CheckResult checkCausalConv1d(DeviceContext& ctx, DType dtype, bool withBias)
{
    const std::int64_t batch = 2, seq = 6, channels = 5, kernel = 4, stride = 9, offset = 2;
    Status st;
    RandomTensor in(ctx, static_cast<std::uint64_t>(batch * seq * stride), dtype, 301, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    RandomTensor weight(ctx, static_cast<std::uint64_t>(channels * kernel), dtype, 302, 0.5f, st);
    ITERAGPU_CHECK_STATUS(st, "weight");
    RandomTensor bias(ctx, static_cast<std::uint64_t>(channels), dtype, 303, 0.5f, st);
    ITERAGPU_CHECK_STATUS(st, "bias");
    const auto stateCount = static_cast<std::uint64_t>(batch * channels * kernel);
    RandomTensor whole(ctx, stateCount, dtype, 304, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "state");
    RandomTensor split(ctx, stateCount, dtype, 304, 1.0f, st); // the same values: the same seed
    ITERAGPU_CHECK_STATUS(st, "state");
    const std::vector<float> initial = whole.values;
    DeviceBuffer out(ctx, bytesOf(batch * seq * channels, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    const std::uint64_t s = device::dtypeSize(dtype);
    const auto* base = static_cast<const unsigned char*>(in.buffer.get()) + offset * s;
    const void* b = withBias ? bias.buffer.get() : nullptr;
    ITERAGPU_CHECK_STATUS(ctx.causalConv1d(out.get(), base, stride, whole.buffer.get(), weight.buffer.get(), b, batch,
                              seq, channels, kernel, dtype),
        "causalConv1d");
    const auto got = download(ctx, out.get(), static_cast<std::uint64_t>(batch * seq * channels), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, whole.buffer.get(), stateCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    // The reference: token u < 0 is state entry kernel + u.
    const auto input = [&](std::int64_t bb, std::int64_t c, std::int64_t u) -> double {
        return u >= 0 ? in.values[(bb * seq + u) * stride + offset + c]
                      : initial[(bb * channels + c) * kernel + kernel + u];
    };
    std::vector<double> want(got.size()), wantState(stateCount);
    for (std::int64_t bb = 0; bb < batch; ++bb)
        for (std::int64_t c = 0; c < channels; ++c) {
            for (std::int64_t t = 0; t < seq; ++t) {
                double acc = withBias ? bias.values[c] : 0.0;
                for (std::int64_t j = 0; j < kernel; ++j)
                    acc += input(bb, c, t - (kernel - 1) + j) * weight.values[c * kernel + j];
                want[(bb * seq + t) * channels + c] = siluRef(acc);
            }
            for (std::int64_t e = 0; e < kernel; ++e)
                wantState[(bb * channels + c) * kernel + e] = input(bb, c, seq - kernel + e);
        }
    const double rel = storageTolerance(dtype);
    auto r
        = compare("causalConv1d", got, want, [&](std::size_t i) { return 4 * rel * (std::fabs(want[i]) + 1) + 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    r = compare("causalConv1d state", gotState, wantState, [&](std::size_t) { return 1e-30; });
    if (r.outcome != Outcome::Pass)
        return r;
    // In parts: tokens 0..2, 3..4, then 5 alone (a decode step), one sequence at a time from its rows.
    for (std::int64_t bb = 0; bb < batch; ++bb) {
        std::int64_t first = 0;
        for (const std::int64_t part : { std::int64_t(3), std::int64_t(2), std::int64_t(1) }) {
            // One sequence of `part` tokens: its rows are consecutive, so the slice starts at its first token.
            DeviceBuffer piece(ctx, bytesOf(part * channels, dtype), st);
            ITERAGPU_CHECK_STATUS(st, "rawAlloc");
            const auto* rows = base + static_cast<std::uint64_t>((bb * seq + first) * stride) * s;
            auto* state = static_cast<unsigned char*>(split.buffer.get())
                + static_cast<std::uint64_t>(bb * channels * kernel) * s;
            ITERAGPU_CHECK_STATUS(ctx.causalConv1d(piece.get(), rows, stride, state, weight.buffer.get(), b, 1, part,
                                      channels, kernel, dtype),
                "causalConv1d in parts");
            const auto p = download(ctx, piece.get(), static_cast<std::uint64_t>(part * channels), dtype, st);
            ITERAGPU_CHECK_STATUS(st, "copyToHost");
            for (std::int64_t i = 0; i < part * channels; ++i)
                if (p[i] != got[(bb * seq + first) * channels + i])
                    return fail("causalConv1d in parts: sequence " + std::to_string(bb) + ", token "
                        + std::to_string(first + i / channels) + " differs from the whole call");
            first += part;
        }
    }
    const auto splitState = download(ctx, split.buffer.get(), stateCount, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    if (splitState != gotState)
        return fail("causalConv1d in parts: the final state differs from the whole call's");
    return pass();
}

// The Mamba2 scan of one channel by hand: A = -exp(0) = -1, dt' = softplus(0) = ln 2, so the decay is 1/2; x = 1, 2;
// B = 1; C = 1, 2; D = 1/2; a zero state. state = ln 2, then ln 2 / 2 + 2 ln 2 = 2.5 ln 2; y = ln 2 + 0.5, then
// 2 (2.5 ln 2) + 1 = 5 ln 2 + 1.
inline CheckResult checkSsmScanByHand(DeviceContext& ctx)
{
    Status st;
    const DType f = DType::Float32;
    HostTensor x(ctx, { 1.0f, 2.0f }, f, st);
    HostTensor dt(ctx, { 0.0f, 0.0f }, f, st);
    HostTensor bIn(ctx, { 1.0f, 1.0f }, f, st);
    HostTensor cIn(ctx, { 1.0f, 2.0f }, f, st);
    HostTensor state(ctx, { 0.0f }, f, st);
    HostTensor aLog(ctx, { 0.0f }, f, st);
    HostTensor dSkip(ctx, { 0.5f }, f, st);
    HostTensor dtBias(ctx, { 0.0f }, f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer y(ctx, 8, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::SsmShape shape;
    shape.batch = 1;
    shape.seq = 2;
    shape.heads = shape.headDim = shape.groups = shape.stateSize = 1;
    shape.xStride = shape.dtStride = shape.bcStride = 1;
    ITERAGPU_CHECK_STATUS(ctx.ssmScan(y.get(), x.buffer.get(), dt.buffer.get(), bIn.buffer.get(), cIn.buffer.get(),
                              state.buffer.get(), aLog.buffer.get(), dSkip.buffer.get(), dtBias.buffer.get(), shape, f),
        "ssmScan");
    const auto got = download(ctx, y.get(), 2, f, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, state.buffer.get(), 1, f, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const double ln2 = std::log(2.0);
    auto r = compare("ssmScan by hand", got, { ln2 + 0.5, 5 * ln2 + 1 }, [](std::size_t) { return 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare("ssmScan state by hand", gotState, { 2.5 * ln2 }, [](std::size_t) { return 1e-5; });
}

// The scan against a reference on strided slices, 4 heads in 2 groups, from a random state, in two calls (the
// prompt, then one decode token) as the decoder makes them.
inline CheckResult checkSsmScan(DeviceContext& ctx, DType dtype)
{
    const std::int64_t batch = 2, seq = 5, heads = 4, dim = 3, groups = 2, n = 6;
    const std::int64_t inner = heads * dim, bcWidth = groups * n;
    const std::int64_t xStride = inner + 2 * bcWidth + 1, dtStride = heads + 3; // x, B, C in one row; dt in another
    Status st;
    RandomTensor rows(ctx, static_cast<std::uint64_t>(batch * seq * xStride), dtype, 311, 1.0f, st);
    RandomTensor dt(ctx, static_cast<std::uint64_t>(batch * seq * dtStride), dtype, 312, 1.0f, st);
    RandomTensor aLog(ctx, static_cast<std::uint64_t>(heads), dtype, 313, 1.0f, st);
    RandomTensor dSkip(ctx, static_cast<std::uint64_t>(heads), dtype, 314, 1.0f, st);
    RandomTensor dtBias(ctx, static_cast<std::uint64_t>(heads), dtype, 315, 0.5f, st);
    const auto states = static_cast<std::uint64_t>(batch * heads * dim * n);
    RandomTensor state(ctx, states, dtype, 316, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer y(ctx, bytesOf(batch * seq * inner, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    std::vector<double> ref(state.values.begin(), state.values.end());
    std::vector<double> want(static_cast<std::size_t>(batch * seq * inner));
    for (std::int64_t b = 0; b < batch; ++b)
        for (std::int64_t h = 0; h < heads; ++h)
            for (std::int64_t p = 0; p < dim; ++p) {
                const std::int64_t g = h / (heads / groups);
                const double a = -std::exp(static_cast<double>(aLog.values[h]));
                for (std::int64_t t = 0; t < seq; ++t) {
                    const std::int64_t row = b * seq + t;
                    const double step
                        = softplusRef(dt.values[row * dtStride + h] + static_cast<double>(dtBias.values[h]));
                    const double xv = rows.values[row * xStride + h * dim + p];
                    double acc = 0.0;
                    for (std::int64_t k = 0; k < n; ++k) {
                        double& sv = ref[((b * heads + h) * dim + p) * n + k];
                        sv = roundTo(static_cast<float>(sv * std::exp(step * a)
                                         + step * rows.values[row * xStride + inner + g * n + k] * xv),
                            dtype);
                        acc += rows.values[row * xStride + inner + bcWidth + g * n + k] * sv;
                    }
                    want[row * inner + h * dim + p] = acc + dSkip.values[h] * xv;
                }
            }
    const std::uint64_t s = device::dtypeSize(dtype);
    const auto* x = static_cast<const unsigned char*>(rows.buffer.get());
    // The prompt (tokens 0..seq-2 of every sequence) and then the last token, as a decode step: one call each per
    // sequence, since a call's rows are its sequences' tokens in order.
    for (std::int64_t b = 0; b < batch; ++b) {
        std::int64_t first = 0;
        for (const std::int64_t part : { seq - 1, std::int64_t(1) }) {
            device::SsmShape shape;
            shape.batch = 1;
            shape.seq = part;
            shape.heads = heads;
            shape.headDim = dim;
            shape.groups = groups;
            shape.stateSize = n;
            shape.xStride = shape.bcStride = xStride;
            shape.dtStride = dtStride;
            const std::uint64_t row = static_cast<std::uint64_t>(b * seq + first);
            ITERAGPU_CHECK_STATUS(
                ctx.ssmScan(static_cast<unsigned char*>(y.get()) + row * inner * s, x + row * xStride * s,
                    static_cast<const unsigned char*>(dt.buffer.get()) + row * dtStride * s,
                    x + (row * xStride + inner) * s, x + (row * xStride + inner + bcWidth) * s,
                    static_cast<unsigned char*>(state.buffer.get())
                        + static_cast<std::uint64_t>(b * heads * dim * n) * s,
                    aLog.buffer.get(), dSkip.buffer.get(), dtBias.buffer.get(), shape, dtype),
                "ssmScan");
            first += part;
        }
    }
    const auto got = download(ctx, y.get(), want.size(), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, state.buffer.get(), states, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const double rel = storageTolerance(dtype);
    auto r = compare("ssmScan", got, want, [&](std::size_t i) { return 16 * rel * (std::fabs(want[i]) + 1) + 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare(
        "ssmScan state", gotState, ref, [&](std::size_t i) { return 16 * rel * (std::fabs(ref[i]) + 1) + 1e-5; });
}

// Mamba's selective scan of one channel and two state entries by hand: A_log = 0 and ln 2 (A = -1 and -2), dt' =
// softplus(0) = ln 2, so the decays are 1/2 and 1/4; x = 1, 2; B = 1, 1 at both tokens; C = 1, 1 then 2, 2; D = 1/2;
// z = ln 3 (silu = 3/4 ln 3); a zero state. Token 0: both entries ln 2, y = (2 ln 2 + 1/2) 3/4 ln 3. Token 1: ln 2 / 2
// + 2 ln 2 = 2.5 ln 2 and ln 2 / 4 + 2 ln 2 = 2.25 ln 2, y = (2 (4.75 ln 2) + 1) 3/4 ln 3.
inline CheckResult checkSelectiveScanByHand(DeviceContext& ctx)
{
    Status st;
    const DType f = DType::Float32;
    const float ln2 = std::log(2.0f), ln3 = std::log(3.0f);
    HostTensor x(ctx, { 1.0f, 2.0f }, f, st);
    HostTensor dt(ctx, { 0.0f, 0.0f }, f, st);
    HostTensor z(ctx, { ln3, ln3 }, f, st);
    HostTensor bIn(ctx, { 1.0f, 1.0f, 1.0f, 1.0f }, f, st);
    HostTensor cIn(ctx, { 1.0f, 1.0f, 2.0f, 2.0f }, f, st);
    HostTensor state(ctx, { 0.0f, 0.0f }, f, st);
    HostTensor aLog(ctx, { 0.0f, ln2 }, f, st);
    HostTensor dSkip(ctx, { 0.5f }, f, st);
    HostTensor dtBias(ctx, { 0.0f }, f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer y(ctx, 8, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::SelectiveScanShape shape;
    shape.batch = 1;
    shape.seq = 2;
    shape.channels = 1;
    shape.stateSize = 2;
    shape.xStride = shape.dtStride = shape.zStride = 1;
    shape.bcStride = 2;
    ITERAGPU_CHECK_STATUS(
        ctx.selectiveScan(y.get(), x.buffer.get(), dt.buffer.get(), bIn.buffer.get(), cIn.buffer.get(), z.buffer.get(),
            state.buffer.get(), aLog.buffer.get(), dSkip.buffer.get(), dtBias.buffer.get(), shape, f),
        "selectiveScan");
    const auto got = download(ctx, y.get(), 2, f, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, state.buffer.get(), 2, f, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const double l2 = std::log(2.0), gate = 0.75 * std::log(3.0);
    auto r = compare("selectiveScan by hand", got, { (2 * l2 + 0.5) * gate, (9.5 * l2 + 1) * gate },
        [](std::size_t) { return 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare("selectiveScan state by hand", gotState, { 2.5 * l2, 2.25 * l2 }, [](std::size_t) { return 1e-5; });
}

// The selective scan against a reference on strided slices as Jamba's mixer makes them (x contiguous, z the second
// half of in_proj's rows, B and C columns of rows wider than both), from a random state, in two calls per sequence
// (the prompt, then one decode token).
inline CheckResult checkSelectiveScan(DeviceContext& ctx, DType dtype)
{
    const std::int64_t batch = 2, seq = 5, channels = 6, n = 4;
    const std::int64_t zStride = 2 * channels, bcStride = 3 + 2 * n, dtStride = channels + 1;
    const std::int64_t rowsAll = batch * seq;
    Status st;
    RandomTensor x(ctx, static_cast<std::uint64_t>(rowsAll * channels), dtype, 321, 1.0f, st);
    RandomTensor dt(ctx, static_cast<std::uint64_t>(rowsAll * dtStride), dtype, 322, 1.0f, st);
    RandomTensor xz(ctx, static_cast<std::uint64_t>(rowsAll * zStride), dtype, 323, 2.0f, st);
    RandomTensor bc(ctx, static_cast<std::uint64_t>(rowsAll * bcStride), dtype, 324, 1.0f, st);
    RandomTensor aLog(ctx, static_cast<std::uint64_t>(channels * n), dtype, 325, 1.0f, st);
    RandomTensor dSkip(ctx, static_cast<std::uint64_t>(channels), dtype, 326, 1.0f, st);
    RandomTensor dtBias(ctx, static_cast<std::uint64_t>(channels), dtype, 327, 0.5f, st);
    const auto states = static_cast<std::uint64_t>(batch * channels * n);
    RandomTensor state(ctx, states, dtype, 328, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer y(ctx, bytesOf(rowsAll * channels, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    const std::int64_t bOffset = 3, cOffset = 3 + n; // B and C after 3 other columns (ssm_params' dt)
    std::vector<double> ref(state.values.begin(), state.values.end());
    std::vector<double> want(static_cast<std::size_t>(rowsAll * channels));
    for (std::int64_t b = 0; b < batch; ++b)
        for (std::int64_t d = 0; d < channels; ++d)
            for (std::int64_t t = 0; t < seq; ++t) {
                const std::int64_t row = b * seq + t;
                const double step = softplusRef(dt.values[row * dtStride + d] + static_cast<double>(dtBias.values[d]));
                const double xv = x.values[row * channels + d];
                double acc = 0.0;
                for (std::int64_t k = 0; k < n; ++k) {
                    const double a = -std::exp(static_cast<double>(aLog.values[d * n + k]));
                    double& sv = ref[(b * channels + d) * n + k];
                    sv = roundTo(static_cast<float>(
                                     sv * std::exp(step * a) + step * bc.values[row * bcStride + bOffset + k] * xv),
                        dtype);
                    acc += bc.values[row * bcStride + cOffset + k] * sv;
                }
                want[row * channels + d]
                    = (acc + dSkip.values[d] * xv) * siluRef(xz.values[row * zStride + channels + d]);
            }
    const std::uint64_t s = device::dtypeSize(dtype);
    const auto at = [s](const RandomTensor& t, std::int64_t element) {
        return static_cast<const unsigned char*>(t.buffer.get()) + static_cast<std::uint64_t>(element) * s;
    };
    for (std::int64_t b = 0; b < batch; ++b) {
        std::int64_t first = 0;
        for (const std::int64_t part : { seq - 1, std::int64_t(1) }) {
            device::SelectiveScanShape shape;
            shape.batch = 1;
            shape.seq = part;
            shape.channels = channels;
            shape.stateSize = n;
            shape.xStride = channels;
            shape.dtStride = dtStride;
            shape.zStride = zStride;
            shape.bcStride = bcStride;
            const std::int64_t row = b * seq + first;
            ITERAGPU_CHECK_STATUS(
                ctx.selectiveScan(static_cast<unsigned char*>(y.get()) + static_cast<std::uint64_t>(row * channels) * s,
                    at(x, row * channels), at(dt, row * dtStride), at(bc, row * bcStride + bOffset),
                    at(bc, row * bcStride + cOffset), at(xz, row * zStride + channels),
                    static_cast<unsigned char*>(state.buffer.get()) + static_cast<std::uint64_t>(b * channels * n) * s,
                    aLog.buffer.get(), dSkip.buffer.get(), dtBias.buffer.get(), shape, dtype),
                "selectiveScan");
            first += part;
        }
    }
    const auto got = download(ctx, y.get(), want.size(), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, state.buffer.get(), states, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const double rel = storageTolerance(dtype);
    auto r = compare(
        "selectiveScan", got, want, [&](std::size_t i) { return 16 * rel * (std::fabs(want[i]) + 1) + 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare(
        "selectiveScan state", gotState, ref, [&](std::size_t i) { return 16 * rel * (std::fabs(ref[i]) + 1) + 1e-5; });
}

inline CheckResult checkGatedRmsNorm(DeviceContext& ctx, DType dtype, bool normBeforeGate)
{
    const std::int64_t rows = 3, cols = 600, groupSize = 300, gateStride = 611; // a group wider than the block
    const float eps = 1e-5f;
    Status st;
    RandomTensor in(ctx, static_cast<std::uint64_t>(rows * cols), dtype, 321, 2.0f, st);
    RandomTensor gate(ctx, static_cast<std::uint64_t>(rows * gateStride), dtype, 322, 2.0f, st);
    RandomTensor w(ctx, static_cast<std::uint64_t>(normBeforeGate ? groupSize : cols), dtype, 323, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer out(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.gatedRmsNorm(out.get(), in.buffer.get(), gate.buffer.get(), gateStride, w.buffer.get(),
                              rows, cols, groupSize, eps, normBeforeGate, dtype),
        "gatedRmsNorm");
    const auto got = download(ctx, out.get(), in.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(in.count);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t g = 0; g < cols / groupSize; ++g) {
            double squares = 0.0;
            const auto gated = [&](std::int64_t c) { return siluRef(gate.values[r * gateStride + c]); };
            const auto v = [&](std::int64_t c) { return in.values[r * cols + c] * (normBeforeGate ? 1.0 : gated(c)); };
            for (std::int64_t c = g * groupSize; c < (g + 1) * groupSize; ++c)
                squares += v(c) * v(c);
            const double inv = 1.0 / std::sqrt(squares / static_cast<double>(groupSize) + eps);
            for (std::int64_t c = g * groupSize; c < (g + 1) * groupSize; ++c)
                want[r * cols + c]
                    = normBeforeGate ? v(c) * inv * w.values[c - g * groupSize] * gated(c) : v(c) * inv * w.values[c];
        }
    const double rel = storageTolerance(dtype);
    return compare("gatedRmsNorm", got, want, [&](std::size_t i) { return 2 * rel * std::fabs(want[i]) + 1e-5; });
}

inline CheckResult checkCopyColumns(DeviceContext& ctx, DType dtype)
{
    const std::int64_t rows = 37, cols = 5, stride = 12, offset = 4;
    Status st;
    RandomTensor in(ctx, static_cast<std::uint64_t>(rows * stride), dtype, 331, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    DeviceBuffer out(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    const auto* from = static_cast<const unsigned char*>(in.buffer.get()) + offset * device::dtypeSize(dtype);
    ITERAGPU_CHECK_STATUS(ctx.copyColumns(out.get(), from, rows, cols, stride, dtype), "copyColumns");
    const auto got = download(ctx, out.get(), static_cast<std::uint64_t>(rows * cols), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(got.size());
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            want[r * cols + c] = in.values[r * stride + offset + c];
    return compare("copyColumns", got, want, [](std::size_t) { return 1e-30; });
}

inline CheckResult checkSigmoidGate(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t count = 1000;
    Status st;
    RandomTensor in(ctx, count, dtype, 341, 2.0f, st);
    RandomTensor gate(ctx, count, dtype, 342, 4.0f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer out(ctx, count * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.sigmoidGate(out.get(), in.buffer.get(), gate.buffer.get(), count, dtype), "sigmoidGate");
    const auto got = download(ctx, out.get(), count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(count);
    for (std::uint64_t i = 0; i < count; ++i)
        want[i] = in.values[i] / (1.0 + std::exp(-static_cast<double>(gate.values[i])));
    const double rel = storageTolerance(dtype);
    return compare("sigmoidGate", got, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-6; });
}

// The gated delta rule of one channel by hand: q = k = 1 (norm 1, keyDim 1: no scale), b = 0 (beta 1/2), a = 0,
// A_log = 0, dt_bias = 0 (g = -ln 2: a decay of 1/2), v = 1, 2, a zero state. S = 0 -> u = 1, S = 1/2, out 1/2;
// then S = 1/4, u = 2 - 1/4 = 7/4, S = 1/4 + 7/8 = 9/8, out 9/8.
inline CheckResult checkGatedDeltaRuleByHand(DeviceContext& ctx)
{
    Status st;
    const DType f = DType::Float32;
    HostTensor qkv(ctx, { 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 2.0f }, f, st); // rows of [q | k | v]
    HostTensor ba(ctx, { 0.0f, 0.0f, 0.0f, 0.0f }, f, st); // rows of [b | a]
    HostTensor state(ctx, { 0.0f }, f, st);
    HostTensor zero(ctx, { 0.0f }, f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer out(ctx, 8, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    device::DeltaShape s;
    s.batch = 1;
    s.seq = 2;
    s.keyHeads = s.keyDim = s.valueHeads = s.valueDim = 1;
    s.qkvStride = 3;
    s.abStride = 2;
    const auto* rows = static_cast<const float*>(qkv.buffer.get());
    const auto* gates = static_cast<const float*>(ba.buffer.get());
    ITERAGPU_CHECK_STATUS(ctx.gatedDeltaRule(out.get(), rows, rows + 1, rows + 2, gates, gates + 1, state.buffer.get(),
                              zero.buffer.get(), zero.buffer.get(), s, f),
        "gatedDeltaRule");
    const auto got = download(ctx, out.get(), 2, f, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, state.buffer.get(), 1, f, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    auto r = compare("gatedDeltaRule by hand", got, { 0.5, 1.125 }, [](std::size_t) { return 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare("gatedDeltaRule state by hand", gotState, { 1.125 }, [](std::size_t) { return 1e-5; });
}

// Against a reference: 2 key heads read by 4 value heads, strided slices, a random state, the prompt then a token.
inline CheckResult checkGatedDeltaRule(DeviceContext& ctx, DType dtype)
{
    const std::int64_t batch = 2, seq = 4, hk = 2, dk = 5, hv = 4, dv = 3;
    const std::int64_t kd = hk * dk, vd = hv * dv, stride = 2 * kd + vd + 2, abStride = 2 * hv + 1;
    Status st;
    RandomTensor rows(ctx, static_cast<std::uint64_t>(batch * seq * stride), dtype, 351, 1.0f, st);
    RandomTensor ba(ctx, static_cast<std::uint64_t>(batch * seq * abStride), dtype, 352, 1.0f, st);
    RandomTensor aLog(ctx, static_cast<std::uint64_t>(hv), dtype, 353, 1.0f, st);
    RandomTensor dtBias(ctx, static_cast<std::uint64_t>(hv), dtype, 354, 0.5f, st);
    const auto states = static_cast<std::uint64_t>(batch * hv * dk * dv);
    RandomTensor state(ctx, states, dtype, 355, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "upload");
    DeviceBuffer out(ctx, bytesOf(batch * seq * vd, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    std::vector<double> ref(state.values.begin(), state.values.end());
    std::vector<double> want(static_cast<std::size_t>(batch * seq * vd));
    for (std::int64_t b = 0; b < batch; ++b)
        for (std::int64_t h = 0; h < hv; ++h) {
            const std::int64_t kh = h / (hv / hk);
            const double a = -std::exp(static_cast<double>(aLog.values[h]));
            for (std::int64_t t = 0; t < seq; ++t) {
                const std::int64_t row = b * seq + t;
                const float* x = &rows.values[row * stride];
                double qq = 0, kk = 0;
                for (std::int64_t d = 0; d < dk; ++d) {
                    qq += double(x[kh * dk + d]) * x[kh * dk + d];
                    kk += double(x[kd + kh * dk + d]) * x[kd + kh * dk + d];
                }
                const double qn = 1.0 / std::sqrt(double(dk)) / std::sqrt(qq + 1e-6), kn = 1.0 / std::sqrt(kk + 1e-6);
                const double beta = 1.0 / (1.0 + std::exp(-double(ba.values[row * abStride + h])));
                const double decay
                    = std::exp(a * softplusRef(double(ba.values[row * abStride + hv + h]) + dtBias.values[h]));
                for (std::int64_t j = 0; j < dv; ++j) {
                    double recalled = 0;
                    for (std::int64_t d = 0; d < dk; ++d) {
                        double& sv = ref[((b * hv + h) * dk + d) * dv + j];
                        sv = roundTo(static_cast<float>(sv * decay), dtype);
                        recalled += sv * x[kd + kh * dk + d] * kn;
                    }
                    const double u = x[2 * kd + h * dv + j] - recalled;
                    double o = 0;
                    for (std::int64_t d = 0; d < dk; ++d) {
                        double& sv = ref[((b * hv + h) * dk + d) * dv + j];
                        sv = roundTo(static_cast<float>(sv + beta * x[kd + kh * dk + d] * kn * u), dtype);
                        o += sv * x[kh * dk + d] * qn;
                    }
                    want[row * vd + h * dv + j] = o;
                }
            }
        }
    const std::uint64_t s = device::dtypeSize(dtype);
    const auto* x = static_cast<const unsigned char*>(rows.buffer.get());
    const auto* g = static_cast<const unsigned char*>(ba.buffer.get());
    for (std::int64_t b = 0; b < batch; ++b) {
        std::int64_t first = 0;
        for (const std::int64_t part : { seq - 1, std::int64_t(1) }) {
            device::DeltaShape shape;
            shape.batch = 1;
            shape.seq = part;
            shape.keyHeads = hk;
            shape.keyDim = dk;
            shape.valueHeads = hv;
            shape.valueDim = dv;
            shape.qkvStride = stride;
            shape.abStride = abStride;
            const auto row = static_cast<std::uint64_t>(b * seq + first);
            ITERAGPU_CHECK_STATUS(
                ctx.gatedDeltaRule(static_cast<unsigned char*>(out.get()) + row * vd * s, x + row * stride * s,
                    x + (row * stride + kd) * s, x + (row * stride + 2 * kd) * s, g + row * abStride * s,
                    g + (row * abStride + hv) * s,
                    static_cast<unsigned char*>(state.buffer.get()) + static_cast<std::uint64_t>(b * hv * dk * dv) * s,
                    aLog.buffer.get(), dtBias.buffer.get(), shape, dtype),
                "gatedDeltaRule");
            first += part;
        }
    }
    const auto got = download(ctx, out.get(), want.size(), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto gotState = download(ctx, state.buffer.get(), states, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const double rel = storageTolerance(dtype);
    auto r = compare(
        "gatedDeltaRule", got, want, [&](std::size_t i) { return 16 * rel * (std::fabs(want[i]) + 1) + 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare("gatedDeltaRule state", gotState, ref,
        [&](std::size_t i) { return 16 * rel * (std::fabs(ref[i]) + 1) + 1e-5; });
}

// ---- the list --------------------------------------------------------------------------------------------------

// Every decoder check, in a fixed order; names are unique and distinct from kernelChecks()'s.
inline std::vector<KernelCheck> decoderKernelChecks()
{
    std::vector<KernelCheck> checks;
    const std::vector<DType> dtypes = { DType::Float32, DType::Float16, DType::BFloat16 };
    checks.push_back({ "copyToDevice", checkCopyToDevice });
    for (const std::int64_t vocab : { std::int64_t(1), std::int64_t(7), std::int64_t(32000),
             std::int64_t(std::numeric_limits<std::int32_t>::max()) })
        checks.push_back({ "fillTokens vocab " + std::to_string(vocab),
            [vocab](DeviceContext& c) { return checkFillTokens(c, vocab); } });
    for (const DType dtype : dtypes) {
        const std::string dt = device::dtypeName(dtype);
        checks.push_back({ "embedding " + dt, [dtype](DeviceContext& c) { return checkEmbedding(c, dtype, 1.0f); } });
        checks.push_back({ "embedding scaled " + dt,
            [dtype](DeviceContext& c) { return checkEmbedding(c, dtype, std::sqrt(97.0f)); } });
        checks.push_back(
            { "rmsNorm " + dt, [dtype](DeviceContext& c) { return checkRmsNorm(c, dtype, 0.0f, false); } });
        checks.push_back({ "rmsNorm offset 1 in place " + dt,
            [dtype](DeviceContext& c) { return checkRmsNorm(c, dtype, 1.0f, true); } });
        checks.push_back({ "rope head dim 64 " + dt,
            [dtype](DeviceContext& c) { return checkRope(c, dtype, 2, 5, 3, 64, 0, 10000.0f); } });
        checks.push_back({ "rope head dim 256 at 4093 " + dt,
            [dtype](DeviceContext& c) { return checkRope(c, dtype, 1, 3, 2, 256, 4093, 1e6f); } });
        checks.push_back({ "rope decode at 100000 " + dt,
            [dtype](DeviceContext& c) { return checkRope(c, dtype, 3, 1, 4, 128, 100000, 500000.0f); } });
        for (const Activation act : { Activation::Silu, Activation::Gelu, Activation::Relu })
            checks.push_back({ std::string("gatedActivation ") + activationName(act) + " " + dt,
                [dtype, act](DeviceContext& c) { return checkGatedActivation(c, dtype, act, false); } });
        checks.push_back({ "gatedActivation silu in place " + dt,
            [dtype](DeviceContext& c) { return checkGatedActivation(c, dtype, Activation::Silu, true); } });
        checks.push_back({ "add " + dt, [dtype](DeviceContext& c) { return checkAdd(c, dtype); } });
        checks.push_back({ "sliceTokens " + dt, [dtype](DeviceContext& c) { return checkSliceTokens(c, dtype); } });
        for (const DType from : dtypes)
            checks.push_back({ std::string("convert ") + device::dtypeName(from) + " to " + dt,
                [dtype, from](DeviceContext& c) { return checkConvert(c, dtype, from); } });
        checks.push_back({ "copyKv " + dt, [dtype](DeviceContext& c) { return checkCopyKv(c, dtype); } });
        checks.push_back({ "copyKv value rows of another width " + dt,
            [dtype](DeviceContext& c) { return checkCopyKv(c, dtype, 3, 6); } });
        checks.push_back({ "copyRows " + dt, [dtype](DeviceContext& c) { return checkCopyRows(c, dtype); } });
        checks.push_back({ "routerTopK " + dt, [dtype](DeviceContext& c) { return checkRouterTopK(c, dtype); } });
        checks.push_back({ "gatherRows " + dt, [dtype](DeviceContext& c) { return checkGatherRows(c, dtype); } });
        checks.push_back(
            { "addRoutedRows " + dt, [dtype](DeviceContext& c) { return checkAddRoutedRows(c, dtype); } });
        checks.push_back(
            { "dequantizeInt8 " + dt, [dtype](DeviceContext& c) { return checkDequantizeInt8(c, dtype); } });
        checks.push_back(
            { "dequantizeNf4 " + dt, [dtype](DeviceContext& c) { return checkDequantizeNf4(c, dtype, false); } });
        checks.push_back({ "dequantizeNf4 double quant " + dt,
            [dtype](DeviceContext& c) { return checkDequantizeNf4(c, dtype, true); } });
        checks.push_back({ "dequantizeNf4 fp4 code book " + dt,
            [dtype](DeviceContext& c) { return checkDequantizeNf4(c, dtype, false, kFp4Map); } });
        for (const bool e5m2 : { false, true })
            for (const bool blocks : { false, true })
                checks.push_back({ std::string("dequantizeFp8 ") + (e5m2 ? "e5m2" : "e4m3")
                        + (blocks ? " block scales " : " tensor scale ") + dt,
                    [dtype, e5m2, blocks](DeviceContext& c) { return checkDequantizeFp8(c, dtype, e5m2, blocks); } });
        checks.push_back({ "dequantizeInt4 gptq " + dt,
            [dtype](DeviceContext& c) { return checkDequantizeInt4(c, dtype, false); } });
        checks.push_back(
            { "dequantizeInt4 awq " + dt, [dtype](DeviceContext& c) { return checkDequantizeInt4(c, dtype, true); } });
        checks.push_back(
            { "dequantizeMxfp4 " + dt, [dtype](DeviceContext& c) { return checkDequantizeMxfp4(c, dtype); } });
        checks.push_back({ "argmaxRows " + dt, [dtype](DeviceContext& c) { return checkArgmaxRows(c, dtype); } });
        checks.push_back(
            { "causalConv1d " + dt, [dtype](DeviceContext& c) { return checkCausalConv1d(c, dtype, true); } });
        checks.push_back(
            { "causalConv1d no bias " + dt, [dtype](DeviceContext& c) { return checkCausalConv1d(c, dtype, false); } });
        checks.push_back({ "ssmScan " + dt, [dtype](DeviceContext& c) { return checkSsmScan(c, dtype); } });
        checks.push_back({ "selectiveScan " + dt, [dtype](DeviceContext& c) { return checkSelectiveScan(c, dtype); } });
        checks.push_back(
            { "gatedRmsNorm " + dt, [dtype](DeviceContext& c) { return checkGatedRmsNorm(c, dtype, false); } });
        checks.push_back({ "gatedRmsNorm norm before gate " + dt,
            [dtype](DeviceContext& c) { return checkGatedRmsNorm(c, dtype, true); } });
        checks.push_back({ "copyColumns " + dt, [dtype](DeviceContext& c) { return checkCopyColumns(c, dtype); } });
        checks.push_back({ "sigmoidGate " + dt, [dtype](DeviceContext& c) { return checkSigmoidGate(c, dtype); } });
        checks.push_back(
            { "gatedDeltaRule " + dt, [dtype](DeviceContext& c) { return checkGatedDeltaRule(c, dtype); } });
    }
    checks.push_back(
        { "dequantizeFp8 e4m3 known values", [](DeviceContext& c) { return checkFp8KnownValues(c, false); } });
    checks.push_back(
        { "dequantizeFp8 e5m2 known values", [](DeviceContext& c) { return checkFp8KnownValues(c, true); } });
    checks.push_back({ "countRoutedTokens by hand and 600 tokens", checkCountRoutedTokens });
    checks.push_back({ "routedTokens by hand and 600 tokens", checkRoutedTokens });
    checks.push_back({ "ssmScan one channel by hand", checkSsmScanByHand });
    checks.push_back({ "selectiveScan one channel by hand", checkSelectiveScanByHand });
    checks.push_back({ "gatedDeltaRule one channel by hand", checkGatedDeltaRuleByHand });
    // Attention: every case in float32; the 16-bit dtypes on the cases that differ most (MHA, paged, head dim 256).
    for (const auto& ac : attentionCases())
        for (const DType dtype : dtypes) {
            if (dtype != DType::Float32 && ac.name != "mha prefill" && ac.name != "paged ring decode"
                && ac.name != "ring head dim 256" && ac.name != "mla wider values paged")
                continue;
            const std::string dt = device::dtypeName(dtype);
            checks.push_back({ "attention sdpa " + ac.name + " " + dt,
                [ac, dtype](DeviceContext& c) { return checkAttention(c, ac, dtype); } });
            checks.push_back({ "attention eager " + ac.name + " " + dt,
                [ac, dtype](DeviceContext& c) { return checkEagerAttention(c, ac, dtype); } });
        }
    return checks;
}

} // namespace iteragpu::gpucheck
