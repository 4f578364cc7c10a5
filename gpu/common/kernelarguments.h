// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>

namespace iteragpu::gpu {

// The argument checks of a kernel call, written as one chain; the first failed check keeps its reason:
//
//   KernelArguments a("rope");
//   a.atLeast("headDim", headDim, 0).even("headDim", headDim).elements("x", { batch, seq, heads, headDim });
//   if (!a.ok()) return a.status();   // "rope: headDim must be even, got 7"
//
// Element counts must fit in int64 (the kernels' index arithmetic is 64-bit signed in places), and positions
// stay below kMaxPosition so that position + count never overflows. Host code only: no runtime needed.
class KernelArguments {
public:
    static constexpr std::int64_t kMaxPosition = std::int64_t(1) << 62;

    explicit KernelArguments(const char* kernel)
        : m_kernel(kernel)
    {
    }

    bool ok() const { return m_reason.empty(); }
    device::Status status() const
    {
        return ok() ? device::Status::success() : device::Status::error(std::string(m_kernel) + ": " + m_reason);
    }
    // The last product computed by elements(), 0 before.
    std::uint64_t count() const { return m_count; }

    KernelArguments& atLeast(const char* name, std::int64_t value, std::int64_t minimum)
    {
        if (ok() && value < minimum)
            m_reason
                = std::string(name) + " must be " + std::to_string(minimum) + " or more, got " + std::to_string(value);
        return *this;
    }

    KernelArguments& between(const char* name, std::int64_t value, std::int64_t minimum, std::int64_t maximum)
    {
        if (ok() && (value < minimum || value > maximum))
            m_reason = std::string(name) + " must be in [" + std::to_string(minimum) + ", " + std::to_string(maximum)
                + "], got " + std::to_string(value);
        return *this;
    }

    KernelArguments& even(const char* name, std::int64_t value)
    {
        if (ok() && value % 2 != 0)
            m_reason = std::string(name) + " must be even, got " + std::to_string(value);
        return *this;
    }

    KernelArguments& position(const char* name, std::int64_t start, std::int64_t count)
    {
        if (ok() && (start < 0 || count < 0 || start > kMaxPosition || count > kMaxPosition - start))
            m_reason = std::string(name) + " " + std::to_string(start) + " (+ " + std::to_string(count)
                + ") is outside [0, 2^62)";
        return *this;
    }

    KernelArguments& finite(const char* name, float value, bool positive)
    {
        if (ok() && (!std::isfinite(value) || (positive ? value <= 0.0f : value < 0.0f)))
            m_reason = std::string(name) + " must be a finite " + (positive ? "positive" : "non-negative")
                + " number, got " + std::to_string(value);
        return *this;
    }

    // Every dimension non-negative and their product within int64; the product becomes count().
    KernelArguments& elements(const char* tensor, std::initializer_list<std::int64_t> dims)
    {
        if (!ok())
            return *this;
        std::uint64_t product = 1;
        std::string shape;
        bool bad = false;
        for (const std::int64_t d : dims) {
            shape += (shape.empty() ? "" : " x ") + std::to_string(d);
            if (d < 0 || __builtin_mul_overflow(product, static_cast<std::uint64_t>(d), &product))
                bad = true;
        }
        if (bad || product > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            m_reason = std::string("invalid shape of ") + tensor + ": " + shape;
            return *this;
        }
        m_count = product;
        return *this;
    }

    // A device pointer that the call will read or write; needed is false when nothing is touched (count 0).
    KernelArguments& pointer(const char* name, const void* p, bool needed = true)
    {
        if (ok() && needed && p == nullptr)
            m_reason = std::string(name) + " is null";
        return *this;
    }

    KernelArguments& dtype(const char* name, device::DType value)
    {
        const int v = static_cast<int>(value);
        if (ok() && v != static_cast<int>(device::DType::Float32) && v != static_cast<int>(device::DType::Float16)
            && v != static_cast<int>(device::DType::BFloat16))
            m_reason = std::string(name) + " is not a dtype (" + std::to_string(v) + ")";
        return *this;
    }

    KernelArguments& activation(device::Activation act)
    {
        const int v = static_cast<int>(act);
        if (ok() && v != static_cast<int>(device::Activation::Gelu) && v != static_cast<int>(device::Activation::Relu)
            && v != static_cast<int>(device::Activation::Silu))
            m_reason = "unknown activation " + std::to_string(v);
        return *this;
    }

    // A KvLayout as backend.h describes it, for `batch` sequences whose positions the call touches span at most
    // `positions` consecutive values: contiguous rows need data and capacity >= positions; a paged layout needs
    // its table as data (backend.h: the pointer beside a paged layout is the tensor's block table), blockSize >= 1
    // and tableWidth x blockSize >= positions. Fewer rows than positions would make two positions
    // share a row (a copy would race, a read would see overwritten data).
    KernelArguments& kvLayout(
        const char* name, const device::KvLayout& layout, const void* data, std::int64_t batch, std::int64_t positions)
    {
        if (!ok())
            return *this;
        const std::string n = name;
        atLeast((n + ".heads").c_str(), layout.heads, 1).atLeast((n + ".headDim").c_str(), layout.headDim, 1);
        if (!ok())
            return *this;
        const std::uint64_t saved = m_count;
        if (layout.blockTable) {
            atLeast((n + ".blockSize").c_str(), layout.blockSize, 1)
                .atLeast((n + ".tableWidth").c_str(), layout.tableWidth, 1)
                .pointer((n + "'s block table").c_str(), data)
                .elements((n + " block table").c_str(), { batch, layout.tableWidth })
                .elements((n + " block").c_str(), { layout.blockSize, layout.heads, layout.headDim })
                .elements((n + " ring").c_str(), { layout.tableWidth, layout.blockSize });
            if (ok() && static_cast<std::int64_t>(m_count) < positions)
                m_reason = n + " holds " + std::to_string(m_count) + " positions per sequence (tableWidth x "
                    + "blockSize), fewer than the " + std::to_string(positions) + " it is asked for";
        } else {
            atLeast((n + ".capacity").c_str(), layout.capacity, 1)
                .between((n + ".base").c_str(), layout.base, -kMaxPosition, kMaxPosition)
                .pointer(name, data)
                .elements(name, { batch, layout.capacity, layout.heads, layout.headDim });
            if (ok() && layout.capacity < positions)
                m_reason = n + " holds " + std::to_string(layout.capacity) + " positions per sequence, fewer than the "
                    + std::to_string(positions) + " it is asked for";
        }
        m_count = saved;
        return *this;
    }

    // The dimensions of an attention problem (backend.h's AttentionShape): non-negative, at least one head of
    // each kind and one dimension, kvHeads dividing heads, positions within range, a finite scale.
    KernelArguments& attentionShape(const device::AttentionShape& s)
    {
        atLeast("batch", s.batch, 0)
            .atLeast("queries", s.queries, 0)
            .atLeast("keys", s.keys, 0)
            .atLeast("heads", s.heads, 1)
            .atLeast("kvHeads", s.kvHeads, 1)
            .atLeast("headDim", s.headDim, 1)
            .atLeast("valueHeadDim", s.valueHeadDim, 0)
            .atLeast("window", s.window, 0)
            .position("queryStart", s.queryStart, s.queries)
            .position("keyStart", s.keyStart, s.keys);
        if (ok() && s.heads % s.kvHeads != 0)
            m_reason = "kvHeads " + std::to_string(s.kvHeads) + " does not divide heads " + std::to_string(s.heads);
        if (ok() && !std::isfinite(s.scale))
            m_reason = "scale is not finite";
        return *this;
    }

    // An attention problem read through layout: the shape as above, the layout has kvHeads x headDim rows (the
    // values' layout of attentionValues: kvHeads x valueDim()) and room for the keys, and the q and out tensors
    // fit; count() is q's element count (of values: out's).
    KernelArguments& attention(
        const device::AttentionShape& s, const device::KvLayout& layout, const void* data, bool values = false)
    {
        attentionShape(s);
        const std::int64_t dim = values ? s.valueDim() : s.headDim;
        if (ok() && (layout.heads != s.kvHeads || layout.headDim != dim))
            m_reason = "the layout's rows are " + std::to_string(layout.heads) + " x " + std::to_string(layout.headDim)
                + ", the shape's kvHeads x " + (values ? "valueDim " : "headDim ") + std::to_string(s.kvHeads) + " x "
                + std::to_string(dim);
        if (ok() && s.batch > 0 && s.keys > 0)
            kvLayout("layout", layout, data, s.batch, s.keys);
        elements("out", { s.batch, s.queries, s.heads, s.valueDim() });
        return values ? *this : elements("q", { s.batch, s.queries, s.heads, s.headDim });
    }

    // copyRows: rows x cols elements, strides of at least cols, a repeat of at least 1; count() is rows x cols.
    KernelArguments& stridedRows(
        std::int64_t dstStride, std::int64_t srcStride, std::int64_t rows, std::int64_t cols, std::int64_t srcRepeat)
    {
        atLeast("rows", rows, 0).atLeast("cols", cols, 0).atLeast("dstStride", dstStride, cols);
        atLeast("srcStride", srcStride, cols).atLeast("srcRepeat", srcRepeat, 1);
        const std::int64_t sourceRows = srcRepeat >= 1 && rows > 0 ? (rows - 1) / srcRepeat + 1 : 0;
        elements("dst", { rows, dstStride }).elements("src", { sourceRows, srcStride });
        return elements("the copied rows", { rows, cols });
    }

    // The quantized weights of ABI 5 (backend.h): dimensions non-negative, the [out, in] output within int64
    // (count()), block and group sizes positive where the format has them, every tensor's pointer when any value
    // is written.
    KernelArguments& fp8Tensor(const device::Fp8Tensor& t)
    {
        atLeast("blockRows", t.blockRows, 0).atLeast("blockColumns", t.blockColumns, 0);
        if (ok() && (t.blockRows == 0) != (t.blockColumns == 0))
            m_reason = "blockRows " + std::to_string(t.blockRows) + " and blockColumns "
                + std::to_string(t.blockColumns) + ": both 0 (one scale) or both positive";
        elements("codes", { t.rows, t.cols });
        const bool any = count() > 0;
        return pointer("codes", t.codes, any).pointer("scaleInv", t.scaleInv, any);
    }
    KernelArguments& int4Tensor(const device::Int4Tensor& t)
    {
        atLeast("groupSize", t.groupSize, 1).elements("qweight", { t.out, t.in });
        const bool any = count() > 0;
        pointer("qweight", t.qweight, any).pointer("qzeros", t.qzeros, any).pointer("scales", t.scales, any);
        return pointer("gIdx", t.gIdx, any && !t.awq);
    }
    KernelArguments& mxfp4Tensor(const device::Mxfp4Tensor& t)
    {
        elements("blocks", { t.rows, t.cols });
        const bool any = count() > 0;
        return pointer("blocks", t.blocks, any).pointer("scales", t.scales, any);
    }

    // A training attention problem (backend.h, ABI 4): the shape as above, K and V contiguous [batch, keys,
    // kvHeads, headDim] and q [batch, queries, heads, headDim] within int64; count() is q's element count.
    KernelArguments& trainingAttention(const device::AttentionShape& s)
    {
        attentionShape(s);
        if (ok() && s.valueDim() != s.headDim)
            m_reason = "a training attention's values are as wide as its keys; valueHeadDim "
                + std::to_string(s.valueHeadDim) + " differs from headDim " + std::to_string(s.headDim);
        return (*this)
            .elements("k", { s.batch, s.keys, s.kvHeads, s.headDim })
            .elements("q", { s.batch, s.queries, s.heads, s.headDim });
    }

    // A row stride (elements) of a column slice: at least the columns the call reads from each row.
    KernelArguments& stride(const char* name, std::int64_t value, std::int64_t columns)
    {
        if (ok() && value < columns)
            m_reason = std::string(name) + " " + std::to_string(value) + " is below the " + std::to_string(columns)
                + " columns read from each row";
        return *this;
    }

    // A Mamba2 scan (backend.h's SsmShape, ABI 5): non-negative sizes, groups dividing the heads, each strided
    // operand's columns within its stride, every tensor within int64; count() is y's element count.
    KernelArguments& ssmShape(const device::SsmShape& s)
    {
        atLeast("batch", s.batch, 0)
            .atLeast("seq", s.seq, 0)
            .atLeast("heads", s.heads, 1)
            .atLeast("headDim", s.headDim, 1)
            .atLeast("groups", s.groups, 1)
            .atLeast("stateSize", s.stateSize, 1);
        if (ok() && s.heads % s.groups != 0)
            m_reason = "groups " + std::to_string(s.groups) + " does not divide heads " + std::to_string(s.heads);
        return elements("state", { s.batch, s.heads, s.headDim, s.stateSize })
            .elements("B", { s.groups, s.stateSize })
            .elements("x", { s.heads, s.headDim })
            .stride("xStride", s.xStride, s.heads * s.headDim)
            .stride("dtStride", s.dtStride, s.heads)
            .stride("bcStride", s.bcStride, s.groups * s.stateSize)
            .elements("dt", { s.batch, s.seq, s.dtStride })
            .elements("B and C", { s.batch, s.seq, s.bcStride })
            .elements("x rows", { s.batch, s.seq, s.xStride })
            .elements("y", { s.batch, s.seq, s.heads, s.headDim });
    }

    // Mamba's selective scan (backend.h's SelectiveScanShape, ABI 6): non-negative sizes, each strided operand's
    // columns within its stride, every tensor within int64; count() is y's element count.
    KernelArguments& selectiveScanShape(const device::SelectiveScanShape& s)
    {
        atLeast("batch", s.batch, 0)
            .atLeast("seq", s.seq, 0)
            .atLeast("channels", s.channels, 1)
            .atLeast("stateSize", s.stateSize, 1);
        return elements("state", { s.batch, s.channels, s.stateSize })
            .elements("aLog", { s.channels, s.stateSize })
            .stride("xStride", s.xStride, s.channels)
            .stride("dtStride", s.dtStride, s.channels)
            .stride("zStride", s.zStride, s.channels)
            .stride("bcStride", s.bcStride, s.stateSize)
            .elements("x rows", { s.batch, s.seq, s.xStride })
            .elements("dt rows", { s.batch, s.seq, s.dtStride })
            .elements("z rows", { s.batch, s.seq, s.zStride })
            .elements("B and C", { s.batch, s.seq, s.bcStride })
            .elements("y", { s.batch, s.seq, s.channels });
    }

    // A gated delta rule (backend.h's DeltaShape, ABI 5): non-negative sizes, key heads dividing the value heads,
    // q, k and v within their row stride, b and a within theirs; count() is out's element count.
    KernelArguments& deltaShape(const device::DeltaShape& s)
    {
        atLeast("batch", s.batch, 0)
            .atLeast("seq", s.seq, 0)
            .atLeast("keyHeads", s.keyHeads, 1)
            .atLeast("keyDim", s.keyDim, 1)
            .atLeast("valueHeads", s.valueHeads, 1)
            .atLeast("valueDim", s.valueDim, 1);
        if (ok() && s.valueHeads % s.keyHeads != 0)
            m_reason = "keyHeads " + std::to_string(s.keyHeads) + " does not divide valueHeads "
                + std::to_string(s.valueHeads);
        return elements("state", { s.batch, s.valueHeads, s.keyDim, s.valueDim })
            .elements("q", { s.keyHeads, s.keyDim })
            .elements("v", { s.valueHeads, s.valueDim })
            .stride("qkvStride", s.qkvStride, std::max(s.keyHeads * s.keyDim, s.valueHeads * s.valueDim))
            .stride("abStride", s.abStride, s.valueHeads)
            .elements("q, k and v rows", { s.batch, s.seq, s.qkvStride })
            .elements("b and a rows", { s.batch, s.seq, s.abStride })
            .elements("out", { s.batch, s.seq, s.valueHeads, s.valueDim });
    }

private:
    const char* m_kernel;
    std::string m_reason;
    std::uint64_t m_count = 0;
};

} // namespace iteragpu::gpu
