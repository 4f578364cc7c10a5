// SPDX-License-Identifier: Apache-2.0
#pragma once

// Checks of a device's kernels against CPU references, Qt-free so the same checks run in the Qt Test suite
// (tst_gpukernels) and in the plain executable the GPU device script runs (iteragpu_gpu_kernel_check), where
// there is no Qt. Inputs are made on the device (fillRandom), copied back, and the reference is computed in
// double from exactly those values; tolerances cover float32 accumulation order and the output dtype's rounding.

#include "core/device/backend.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace iteragpu::gpucheck {

using device::Activation;
using device::DeviceContext;
using device::DType;
using device::Status;

enum class Outcome { Pass, Fail, Skip };

struct CheckResult {
    Outcome outcome = Outcome::Pass;
    std::string message;
};

struct KernelCheck {
    std::string name; // "gemm TN bfloat16"
    std::function<CheckResult(DeviceContext&)> run;
};

inline CheckResult pass(std::string message = {}) { return { Outcome::Pass, std::move(message) }; }
inline CheckResult fail(std::string message) { return { Outcome::Fail, std::move(message) }; }
inline CheckResult skip(std::string message) { return { Outcome::Skip, std::move(message) }; }

// ---- host references of the storage formats and of the RNG -------------------------------------------------

inline float halfToFloat(std::uint16_t h)
{
    const std::uint32_t exponent = (h >> 10) & 0x1fu;
    const std::uint32_t mantissa = h & 0x3ffu;
    float value = 0.0f;
    if (exponent == 0)
        value = std::ldexp(static_cast<float>(mantissa), -24); // zero and subnormals
    else if (exponent == 31)
        value = mantissa ? std::nanf("") : INFINITY;
    else
        value = std::ldexp(static_cast<float>(mantissa | 0x400u), static_cast<int>(exponent) - 25);
    return (h & 0x8000u) ? -value : value;
}

inline float bf16ToFloat(std::uint16_t b)
{
    const std::uint32_t bits = static_cast<std::uint32_t>(b) << 16;
    float value = 0.0f;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// float → binary16 bits, round to nearest, ties to even (what __float2half does on the devices), written from the
// bit layout, independently of the emulation's version in hostruntime.h.
inline std::uint16_t floatToHalfBits(float f)
{
    std::uint32_t x = 0;
    std::memcpy(&x, &f, sizeof x);
    const auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
    const std::uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u)
        return static_cast<std::uint16_t>(sign | 0x7e00u); // NaN
    if (ax >= 0x477ff000u) // 65520 and above round to infinity
        return static_cast<std::uint16_t>(sign | 0x7c00u);
    if (ax < 0x38800000u) { // below 2^-14: a subnormal, a multiple of 2^-24
        float a = 0.0f;
        std::memcpy(&a, &ax, sizeof a);
        return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::nearbyint(std::ldexp(a, 24))));
    }
    const std::uint32_t rounded = ax + 0xfffu + ((ax >> 13) & 1u); // ties to even at the 13 dropped bits
    return static_cast<std::uint16_t>(sign | ((rounded - 0x38000000u) >> 13)); // exponent bias 127 → 15
}

// float → bfloat16 bits, round to nearest, ties to even; a NaN stays a quiet NaN.
inline std::uint16_t floatToBf16Bits(float f)
{
    std::uint32_t x = 0;
    std::memcpy(&x, &f, sizeof x);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return 0x7fc0;
    return static_cast<std::uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// The value f becomes once stored in dtype.
inline float roundTo(float f, DType dtype)
{
    switch (dtype) {
    case DType::Float16:
        return halfToFloat(floatToHalfBits(f));
    case DType::BFloat16:
        return bf16ToFloat(floatToBf16Bits(f));
    case DType::Float32:
        break;
    }
    return f;
}

// The formula of gpu/common/gpukernels.h hashUniform(), repeated here on purpose: the check is that the device
// computes it.
inline float hashUniform(std::uint64_t seed, std::uint64_t i)
{
    std::uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

// Relative tolerance of one value stored in dtype: about one unit in the last place.
inline double storageTolerance(DType dtype)
{
    switch (dtype) {
    case DType::Float16:
        return 1.0 / 1024; // 2^-10
    case DType::BFloat16:
        return 1.0 / 128; // 2^-7
    case DType::Float32:
        break;
    }
    return 2e-6;
}

inline constexpr double kPi = 3.14159265358979323846;

inline double gelu(double x)
{
    const double k = std::sqrt(2.0 / kPi);
    return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
}

inline double geluGrad(double x)
{
    const double k = std::sqrt(2.0 / kPi);
    const double t = std::tanh(k * (x + 0.044715 * x * x * x));
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * x * x);
}

inline double silu(double x) { return x / (1.0 + std::exp(-x)); }

inline double siluGrad(double x)
{
    const double s = 1.0 / (1.0 + std::exp(-x));
    return s * (1.0 + x * (1.0 - s));
}

// The reference of activation act at x.
inline double activate(Activation act, double x)
{
    switch (act) {
    case Activation::Gelu:
        return gelu(x);
    case Activation::Silu:
        return silu(x);
    case Activation::Relu:
        break;
    }
    return std::max(0.0, x);
}

inline double activateGrad(Activation act, double x)
{
    switch (act) {
    case Activation::Gelu:
        return geluGrad(x);
    case Activation::Silu:
        return siluGrad(x);
    case Activation::Relu:
        break;
    }
    return x > 0.0 ? 1.0 : 0.0;
}

inline const char* activationName(Activation act)
{
    return act == Activation::Gelu ? "gelu" : act == Activation::Silu ? "silu" : "relu";
}

// ---- device helpers -----------------------------------------------------------------------------------------

// Raw device memory freed on scope exit.
class DeviceBuffer {
public:
    DeviceBuffer(DeviceContext& ctx, std::uint64_t bytes, Status& status)
        : m_ctx(ctx)
        , m_ptr(ctx.rawAlloc(bytes, status))
    {
    }
    ~DeviceBuffer() { m_ctx.rawFree(m_ptr); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    void* get() const { return m_ptr; }

private:
    DeviceContext& m_ctx;
    void* m_ptr;
};

inline std::vector<float> download(
    DeviceContext& ctx, const void* ptr, std::uint64_t count, DType dtype, Status& status)
{
    const std::size_t size = device::dtypeSize(dtype);
    std::vector<unsigned char> raw(count * size);
    status = ctx.copyToHost(raw.data(), ptr, raw.size());
    std::vector<float> out(count);
    if (!status.ok)
        return out;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (dtype == DType::Float32) {
            std::memcpy(&out[i], raw.data() + i * 4, 4);
        } else {
            std::uint16_t bits = 0;
            std::memcpy(&bits, raw.data() + i * 2, 2);
            out[i] = dtype == DType::Float16 ? halfToFloat(bits) : bf16ToFloat(bits);
        }
    }
    return out;
}

// Compares every element; tolerance(i) is the allowed absolute error of element i. Names the worst element.
inline CheckResult compare(const std::string& what, const std::vector<float>& got, const std::vector<double>& want,
    const std::function<double(std::size_t)>& tolerance)
{
    if (got.size() != want.size())
        return fail(what + ": " + std::to_string(got.size()) + " values, expected " + std::to_string(want.size()));
    std::size_t worst = 0;
    double worstRatio = 0.0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double err = std::fabs(static_cast<double>(got[i]) - want[i]);
        double ratio = err / tolerance(i);
        if (!std::isfinite(got[i]) || std::isnan(ratio))
            ratio = INFINITY; // a NaN or an infinity is always the worst, and the first one is named
        if (ratio > worstRatio) {
            worstRatio = ratio;
            worst = i;
        }
    }
    std::ostringstream text;
    text.precision(9);
    text << what << ": worst element " << worst << " got " << (got.empty() ? 0.0f : got[worst]) << ", expected "
         << (want.empty() ? 0.0 : want[worst]) << " (" << worstRatio << " x tolerance)";
    return worstRatio <= 1.0 ? pass(text.str()) : fail(text.str());
}

#define ITERAGPU_CHECK_STATUS(expr, what)                                                                              \
    do {                                                                                                               \
        const Status checkStatus_ = (expr);                                                                            \
        if (!checkStatus_.ok)                                                                                          \
            return fail(std::string(what) + ": " + checkStatus_.message);                                              \
    } while (false)

// Allocates, fills with fillRandom and downloads count values; the values are returned, the buffer kept.
struct RandomTensor {
    RandomTensor(DeviceContext& ctx, std::uint64_t n, DType dtype, std::uint64_t seed, float scale, Status& status)
        : count(n)
        , buffer(ctx, n * device::dtypeSize(dtype), status)
    {
        if (status.ok)
            status = ctx.fillRandom(buffer.get(), n, dtype, seed, scale);
        if (status.ok)
            values = download(ctx, buffer.get(), n, dtype, status);
    }
    std::uint64_t count;
    DeviceBuffer buffer;
    std::vector<float> values;
};

// ---- the checks -----------------------------------------------------------------------------------------------

inline CheckResult checkDeviceInfo(DeviceContext& ctx)
{
    const auto& info = ctx.info();
    const std::string prefix = info.id.substr(0, info.id.find(':'));
    // "emu" is the host emulation of the runtime that tst_gpuemulation runs the checks on.
    if (prefix != "cuda" && prefix != "hip" && prefix != "emu")
        return fail("device id '" + info.id + "' is not cuda:N or hip:N");
    if (info.id != prefix + ":" + std::to_string(info.index))
        return fail("device id '" + info.id + "' does not match index " + std::to_string(info.index));
    if (info.simulated)
        return fail("a GPU backend device says it is simulated");
    if (info.name.empty() || info.arch.empty() || info.driverVersion.empty() || info.runtimeVersion.empty())
        return fail("empty name, arch, driver or runtime version");
    if (prefix == "cuda" && info.arch.rfind("sm_", 0) != 0)
        return fail("CUDA arch '" + info.arch + "' is not sm_XY");
    if (prefix == "hip" && info.arch.rfind("gfx", 0) != 0)
        return fail("HIP arch '" + info.arch + "' is not gfxNNN");
    if (info.totalBytes == 0 || info.multiprocessors <= 0)
        return fail("capacity or multiprocessor count is zero");
    return pass(info.id + " " + info.name + " " + info.arch + ", " + std::to_string(info.totalBytes) + " bytes, "
        + std::to_string(info.multiprocessors) + " multiprocessors, driver " + info.driverVersion + ", runtime "
        + info.runtimeVersion);
}

inline CheckResult checkFillRandom(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t n = 10007;
    const float scale = 0.5f;
    Status st;
    RandomTensor a(ctx, n, dtype, 42, scale, st);
    ITERAGPU_CHECK_STATUS(st, "fillRandom seed 42");
    RandomTensor again(ctx, n, dtype, 42, scale, st);
    ITERAGPU_CHECK_STATUS(st, "fillRandom seed 42 again");
    RandomTensor other(ctx, n, dtype, 43, scale, st);
    ITERAGPU_CHECK_STATUS(st, "fillRandom seed 43");
    if (a.values != again.values)
        return fail("fillRandom is not deterministic: same seed, different values");
    std::uint64_t same = 0;
    for (std::uint64_t i = 0; i < n; ++i)
        same += a.values[i] == other.values[i] ? 1 : 0;
    if (same > n / 100)
        return fail("seeds 42 and 43 agree on " + std::to_string(same) + " of " + std::to_string(n) + " values");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i)
        want[i] = static_cast<double>(hashUniform(42, i) * scale);
    const double rel = dtype == DType::Float32 ? 0.0 : storageTolerance(dtype);
    return compare("fillRandom", a.values, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-30; });
}

inline CheckResult checkFill(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t n = 4099;
    Status st;
    DeviceBuffer buf(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    for (const float value : { 1.25f, -0.1f }) {
        ITERAGPU_CHECK_STATUS(ctx.fill(buf.get(), n, dtype, value), "fill");
        const auto got = download(ctx, buf.get(), n, dtype, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost");
        const std::vector<double> want(n, value);
        // 1.25 is exact in every dtype; -0.1 is rounded once.
        const double rel = value == 1.25f ? 0.0 : storageTolerance(dtype);
        auto r = compare("fill " + std::to_string(value), got, want, [&](std::size_t) { return rel * 0.1 + 1e-30; });
        if (r.outcome != Outcome::Pass)
            return r;
    }
    return pass();
}

inline CheckResult checkGemm(DeviceContext& ctx, DType dtype, bool transA, bool transB, std::int64_t m, std::int64_t n,
    std::int64_t k, bool accumulate)
{
    Status st;
    RandomTensor a(ctx, static_cast<std::uint64_t>(m * k), dtype, 1001, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "A");
    RandomTensor b(ctx, static_cast<std::uint64_t>(k * n), dtype, 1002, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "B");
    RandomTensor c(ctx, static_cast<std::uint64_t>(m * n), dtype, 1003, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "C");
    if (!accumulate) // stale values must not leak into the result
        ITERAGPU_CHECK_STATUS(ctx.fill(c.buffer.get(), c.count, dtype, 7.0f), "fill C");
    ITERAGPU_CHECK_STATUS(
        ctx.gemm(transA, transB, m, n, k, a.buffer.get(), b.buffer.get(), c.buffer.get(), dtype, accumulate), "gemm");
    ITERAGPU_CHECK_STATUS(ctx.synchronize(), "synchronize after gemm");
    const auto got = download(ctx, c.buffer.get(), c.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(c.count);
    std::vector<double> sumAbs(c.count);
    for (std::int64_t i = 0; i < m; ++i)
        for (std::int64_t j = 0; j < n; ++j) {
            double sum = accumulate ? c.values[i * n + j] : 0.0;
            double mag = std::fabs(sum);
            for (std::int64_t p = 0; p < k; ++p) {
                const double av = a.values[transA ? p * m + i : i * k + p];
                const double bv = b.values[transB ? j * k + p : p * n + j];
                sum += av * bv;
                mag += std::fabs(av * bv);
            }
            want[i * n + j] = sum;
            sumAbs[i * n + j] = mag;
        }
    const double accumulation = std::max(1e-5, 1.2e-7 * static_cast<double>(k)); // float32 sums, any order
    const double rel = storageTolerance(dtype);
    return compare(
        "gemm", got, want, [&](std::size_t i) { return accumulation * sumAbs[i] + rel * std::fabs(want[i]) + 1e-6; });
}

inline CheckResult checkAddBias(DeviceContext& ctx, DType dtype)
{
    const std::int64_t rows = 33;
    const std::int64_t cols = 129;
    Status st;
    RandomTensor x(ctx, static_cast<std::uint64_t>(rows * cols), dtype, 7, 2.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    RandomTensor bias(ctx, static_cast<std::uint64_t>(cols), dtype, 8, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "bias");
    ITERAGPU_CHECK_STATUS(ctx.addBias(x.buffer.get(), bias.buffer.get(), rows, cols, dtype), "addBias");
    const auto got = download(ctx, x.buffer.get(), x.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(x.count);
    for (std::uint64_t i = 0; i < x.count; ++i)
        want[i] = static_cast<double>(x.values[i]) + bias.values[i % cols];
    const double rel = storageTolerance(dtype);
    return compare("addBias", got, want, [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-6; });
}

inline CheckResult checkActivation(DeviceContext& ctx, DType dtype, Activation act)
{
    const std::uint64_t n = 4099;
    Status st;
    RandomTensor x(ctx, n, dtype, 11, 4.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    DeviceBuffer y(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.activation(y.get(), x.buffer.get(), n, act, dtype), "activation");
    const auto got = download(ctx, y.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i)
        want[i] = activate(act, x.values[i]);
    const double rel = storageTolerance(dtype);
    // float32 GELU loses absolute accuracy where 1 + tanh(u) cancels (x very negative): allow ~1e-6 · (1 + |x|).
    return compare("activation", got, want,
        [&](std::size_t i) { return rel * std::fabs(want[i]) + 1e-6 * (1.0 + std::fabs(x.values[i])); });
}

inline CheckResult checkActivationBackward(DeviceContext& ctx, DType dtype, Activation act)
{
    const std::uint64_t n = 4099;
    Status st;
    RandomTensor pre(ctx, n, dtype, 12, 4.0f, st);
    ITERAGPU_CHECK_STATUS(st, "preact");
    RandomTensor grad(ctx, n, dtype, 13, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "grad");
    ITERAGPU_CHECK_STATUS(
        ctx.activationBackward(grad.buffer.get(), pre.buffer.get(), n, act, dtype), "activationBackward");
    const auto got = download(ctx, grad.buffer.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        const double x = pre.values[i];
        const double d = activateGrad(act, x);
        want[i] = grad.values[i] * d;
    }
    const double rel = storageTolerance(dtype);
    return compare("activationBackward", got, want,
        [&](std::size_t i) { return rel * std::fabs(want[i]) + 2e-6 * (1.0 + std::fabs(pre.values[i])); });
}

inline CheckResult checkColumnSums(DeviceContext& ctx, DType dtype)
{
    const std::int64_t rows = 300;
    const std::int64_t cols = 77;
    Status st;
    RandomTensor x(ctx, static_cast<std::uint64_t>(rows * cols), dtype, 21, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    DeviceBuffer out(ctx, static_cast<std::uint64_t>(cols) * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.columnSums(out.get(), x.buffer.get(), rows, cols, dtype), "columnSums");
    const auto got = download(ctx, out.get(), static_cast<std::uint64_t>(cols), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(static_cast<std::size_t>(cols), 0.0);
    std::vector<double> mag(static_cast<std::size_t>(cols), 0.0);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c) {
            want[c] += x.values[r * cols + c];
            mag[c] += std::fabs(x.values[r * cols + c]);
        }
    const double rel = storageTolerance(dtype);
    return compare(
        "columnSums", got, want, [&](std::size_t i) { return 1e-5 * mag[i] + rel * std::fabs(want[i]) + 1e-6; });
}

inline CheckResult checkMseLoss(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t n = 5003;
    Status st;
    RandomTensor pred(ctx, n, dtype, 31, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "pred");
    RandomTensor target(ctx, n, dtype, 32, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "target");
    DeviceBuffer grad(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc grad");
    DeviceBuffer loss(ctx, sizeof(float), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc loss");
    // Twice: the loss must be overwritten, not accumulated across calls.
    for (int round = 0; round < 2; ++round)
        ITERAGPU_CHECK_STATUS(
            ctx.mseLoss(loss.get(), grad.get(), pred.buffer.get(), target.buffer.get(), n, dtype), "mseLoss");
    const auto gotLoss = download(ctx, loss.get(), 1, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost loss");
    const auto gotGrad = download(ctx, grad.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost grad");
    double sum = 0.0;
    std::vector<double> wantGrad(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        const double d = static_cast<double>(pred.values[i]) - target.values[i];
        sum += d * d;
        wantGrad[i] = 2.0 * d / static_cast<double>(n);
    }
    const std::vector<double> wantLoss { sum / static_cast<double>(n) };
    auto r = compare("mseLoss loss", gotLoss, wantLoss, [&](std::size_t) { return 1e-5 * wantLoss[0] + 1e-9; });
    if (r.outcome != Outcome::Pass)
        return r;
    const double rel = storageTolerance(dtype);
    return compare(
        "mseLoss grad", gotGrad, wantGrad, [&](std::size_t i) { return rel * std::fabs(wantGrad[i]) + 1e-7; });
}

inline CheckResult checkAdamStep(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t n = 1001;
    const float lr = 1e-2f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f, wd = 0.01f;
    Status st;
    RandomTensor param(ctx, n, dtype, 41, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "param");
    DeviceBuffer m(ctx, n * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc m");
    DeviceBuffer v(ctx, n * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc v");
    ITERAGPU_CHECK_STATUS(ctx.fill(m.get(), n, DType::Float32, 0.0f), "fill m");
    ITERAGPU_CHECK_STATUS(ctx.fill(v.get(), n, DType::Float32, 0.0f), "fill v");
    std::vector<float> p = param.values;
    std::vector<float> mh(n, 0.0f);
    std::vector<float> vh(n, 0.0f);
    // Two steps with different gradients; each step's reference starts from the device's state after the last,
    // so the dtype's rounding of the parameter does not compound.
    for (std::int64_t step = 1; step <= 2; ++step) {
        RandomTensor grad(ctx, n, dtype, 50 + static_cast<std::uint64_t>(step), 0.1f, st);
        ITERAGPU_CHECK_STATUS(st, "grad");
        ITERAGPU_CHECK_STATUS(ctx.adamStep(param.buffer.get(), grad.buffer.get(), m.get(), v.get(), n, dtype, step, lr,
                                  beta1, beta2, eps, wd),
            "adamStep");
        const double c1 = 1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(step));
        const double c2 = 1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(step));
        std::vector<double> wantP(n), wantM(n), wantV(n), magM(n);
        for (std::uint64_t i = 0; i < n; ++i) {
            const double g = grad.values[i];
            double pi = p[i] - static_cast<double>(lr) * wd * p[i];
            wantM[i] = beta1 * static_cast<double>(mh[i]) + (1.0 - beta1) * g;
            // m may cancel to nearly 0: its float32 error is relative to the terms, not to the result.
            magM[i] = std::fabs(beta1 * static_cast<double>(mh[i])) + std::fabs((1.0 - beta1) * g);
            wantV[i] = beta2 * static_cast<double>(vh[i]) + (1.0 - beta2) * g * g;
            pi -= lr * (wantM[i] / c1) / (std::sqrt(wantV[i] / c2) + eps);
            wantP[i] = pi;
        }
        p = download(ctx, param.buffer.get(), n, dtype, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost param");
        mh = download(ctx, m.get(), n, DType::Float32, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost m");
        vh = download(ctx, v.get(), n, DType::Float32, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost v");
        const std::string at = " after step " + std::to_string(step);
        const double rel = storageTolerance(dtype);
        for (auto r :
            { compare("adam m" + at, mh, wantM, [&](std::size_t i) { return 1e-6 * magM[i] + 1e-12; }),
                compare("adam v" + at, vh, wantV, [&](std::size_t i) { return 1e-5 * std::fabs(wantV[i]) + 1e-14; }),
                compare("adam param" + at, p, wantP, [&](std::size_t i) { return rel * std::fabs(wantP[i]) + 1e-6; }) })
            if (r.outcome != Outcome::Pass)
                return r;
    }
    return pass();
}

inline CheckResult checkOutOfMemory(DeviceContext& ctx)
{
    Status st;
    void* huge = ctx.rawAlloc(1ULL << 62, st); // 4 EiB: no device has it
    if (huge) {
        ctx.rawFree(huge);
        return fail("an allocation of 4 EiB succeeded");
    }
    if (st.ok || !st.outOfMemory)
        return fail("4 EiB allocation: expected an out-of-memory status, got '" + st.message + "'");
    if (st.message.find("CUDA") == std::string::npos && st.message.find("HIP") == std::string::npos
        && st.message.find("EMU") == std::string::npos)
        return fail("out-of-memory text does not name the runtime: " + st.message);
    // The context stays usable after the failure.
    DeviceBuffer small(ctx, 1 << 20, st);
    ITERAGPU_CHECK_STATUS(st, "1 MiB after the failure");
    ITERAGPU_CHECK_STATUS(ctx.fill(small.get(), 1 << 18, DType::Float32, 1.0f), "fill after the failure");
    ITERAGPU_CHECK_STATUS(ctx.synchronize(), "synchronize after the failure");
    return pass();
}

inline CheckResult checkPoolStats(DeviceContext& ctx)
{
    if (!ctx.supportsAsyncPool())
        return skip("this device has no stream-ordered pool");
    constexpr std::uint64_t kBlock = 64ULL << 20; // bytes
    ITERAGPU_CHECK_STATUS(ctx.synchronize(), "synchronize");
    const auto s0 = ctx.poolStats();
    if (!s0.usedCurrent || !s0.usedHigh || !s0.reservedCurrent || !s0.reservedHigh)
        return fail("a pool attribute is missing");
    ctx.poolResetPeaks();
    Status st;
    void* p = ctx.poolAlloc(kBlock, st);
    ITERAGPU_CHECK_STATUS(st, "poolAlloc 64 MiB");
    const auto s1 = ctx.poolStats();
    if (*s1.usedCurrent < *s0.usedCurrent + kBlock)
        return fail("used did not grow by 64 MiB: " + std::to_string(*s0.usedCurrent) + " -> "
            + std::to_string(*s1.usedCurrent));
    if (*s1.usedHigh < *s1.usedCurrent || *s1.reservedCurrent < *s1.usedCurrent
        || *s1.reservedHigh < *s1.reservedCurrent)
        return fail("high-water marks below current values, or reserved below used");
    ctx.poolFree(p);
    ITERAGPU_CHECK_STATUS(ctx.synchronize(), "synchronize after poolFree");
    const auto s2 = ctx.poolStats();
    if (*s2.usedCurrent != *s0.usedCurrent)
        return fail(
            "used after free " + std::to_string(*s2.usedCurrent) + ", before " + std::to_string(*s0.usedCurrent));
    if (*s2.usedHigh < *s1.usedCurrent)
        return fail("the used high-water mark forgot the 64 MiB peak");
    // The release threshold keeps freed memory cached across a synchronize (Note [Pool release threshold]).
    if (*s2.reservedCurrent != *s1.reservedCurrent)
        return fail("reserved changed on synchronize: " + std::to_string(*s1.reservedCurrent) + " -> "
            + std::to_string(*s2.reservedCurrent));
    ctx.poolResetPeaks();
    const auto s3 = ctx.poolStats();
    if (*s3.usedHigh != *s3.usedCurrent || *s3.reservedHigh != *s3.reservedCurrent)
        return fail("reset did not bring the high-water marks to the current values");
    ctx.poolTrim(0);
    ITERAGPU_CHECK_STATUS(ctx.synchronize(), "synchronize after poolTrim");
    const auto s4 = ctx.poolStats();
    if (*s4.reservedCurrent >= *s2.reservedCurrent)
        return fail("poolTrim(0) released nothing: reserved " + std::to_string(*s4.reservedCurrent));
    return pass("used peak " + std::to_string(*s1.usedHigh) + ", reserved " + std::to_string(*s2.reservedCurrent)
        + " -> " + std::to_string(*s4.reservedCurrent) + " after trim");
}

inline CheckResult checkReading(DeviceContext& ctx)
{
    constexpr std::uint64_t kBlock = 256ULL << 20; // bytes
    const auto before = ctx.reading();
    if (!before.freeBytes || !before.totalBytes)
        return fail("free or total memory missing from the reading");
    if (*before.totalBytes == 0 || *before.freeBytes > *before.totalBytes)
        return fail("free " + std::to_string(*before.freeBytes) + " > total " + std::to_string(*before.totalBytes));
    const double ratio = static_cast<double>(*before.totalBytes) / static_cast<double>(ctx.info().totalBytes);
    if (ratio < 0.9 || ratio > 1.01)
        return fail("reading total " + std::to_string(*before.totalBytes) + " far from the device's "
            + std::to_string(ctx.info().totalBytes));
    if (before.processUsedBytes.has_value() != !before.processUsedSource.empty())
        return fail("process usage and its source disagree");
    Status st;
    DeviceBuffer block(ctx, kBlock, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc 256 MiB");
    ITERAGPU_CHECK_STATUS(ctx.fill(block.get(), kBlock / 4, DType::Float32, 0.0f), "touch the block");
    ITERAGPU_CHECK_STATUS(ctx.synchronize(), "synchronize");
    const auto after = ctx.reading();
    if (!after.freeBytes)
        return fail("free memory missing after the allocation");
    // Assumes no other process frees memory on this device meanwhile (a dedicated test device).
    if (*after.freeBytes + kBlock > *before.freeBytes)
        return fail("free memory fell by less than 256 MiB: " + std::to_string(*before.freeBytes) + " -> "
            + std::to_string(*after.freeBytes));
    std::string note = "free " + std::to_string(*before.freeBytes) + " -> " + std::to_string(*after.freeBytes);
    if (before.processUsedBytes && after.processUsedBytes) {
        if (*after.processUsedBytes < *before.processUsedBytes + kBlock)
            return fail(after.processUsedSource + " process usage grew by less than 256 MiB");
        note += "; " + after.processUsedSource + " process usage " + std::to_string(*before.processUsedBytes) + " -> "
            + std::to_string(*after.processUsedBytes);
    } else {
        note += "; no per-process reading on this machine";
    }
    return pass(note);
}

inline const char* transName(bool transA, bool transB)
{
    return transA ? (transB ? "TT" : "TN") : (transB ? "NT" : "NN");
}

// Every check, in a fixed order; names are unique.
inline std::vector<KernelCheck> kernelChecks()
{
    std::vector<KernelCheck> checks;
    checks.push_back({ "device info", checkDeviceInfo });
    checks.push_back({ "out of memory", checkOutOfMemory });
    checks.push_back({ "pool stats", checkPoolStats });
    checks.push_back({ "reading", checkReading });
    for (const DType dtype : { DType::Float32, DType::Float16, DType::BFloat16 }) {
        const std::string dt = device::dtypeName(dtype);
        checks.push_back({ "fillRandom " + dt, [dtype](DeviceContext& c) { return checkFillRandom(c, dtype); } });
        checks.push_back({ "fill " + dt, [dtype](DeviceContext& c) { return checkFill(c, dtype); } });
        for (const bool ta : { false, true })
            for (const bool tb : { false, true })
                checks.push_back({ std::string("gemm ") + transName(ta, tb) + " " + dt,
                    [dtype, ta, tb](DeviceContext& c) { return checkGemm(c, dtype, ta, tb, 37, 53, 70, false); } });
        checks.push_back({ "gemm NT accumulate " + dt,
            [dtype](DeviceContext& c) { return checkGemm(c, dtype, false, true, 64, 48, 33, true); } });
        checks.push_back({ "gemm TN large " + dt,
            [dtype](DeviceContext& c) { return checkGemm(c, dtype, true, false, 256, 320, 1024, false); } });
        checks.push_back({ "addBias " + dt, [dtype](DeviceContext& c) { return checkAddBias(c, dtype); } });
        for (const Activation act : { Activation::Gelu, Activation::Relu, Activation::Silu }) {
            const std::string an = activationName(act);
            checks.push_back({ "activation " + an + " " + dt,
                [dtype, act](DeviceContext& c) { return checkActivation(c, dtype, act); } });
            checks.push_back({ "activationBackward " + an + " " + dt,
                [dtype, act](DeviceContext& c) { return checkActivationBackward(c, dtype, act); } });
        }
        checks.push_back({ "columnSums " + dt, [dtype](DeviceContext& c) { return checkColumnSums(c, dtype); } });
        checks.push_back({ "mseLoss " + dt, [dtype](DeviceContext& c) { return checkMseLoss(c, dtype); } });
        checks.push_back({ "adamStep " + dt, [dtype](DeviceContext& c) { return checkAdamStep(c, dtype); } });
    }
    return checks;
}

} // namespace iteragpu::gpucheck
