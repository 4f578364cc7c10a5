// SPDX-License-Identifier: Apache-2.0
#pragma once

// Checks of the decoder's training kernels (DeviceContext, ABI 4) against CPU references, in the style of
// decoderchecks.h and run by the same three drivers (tst_gpuemulation, tst_gpukernels, iteragpu_gpu_kernel_check).
// The references are the analytical gradients, straightforward loops in double: softmax attention with the causal
// mask, a window and grouped-query heads; RMSNorm with its weight offset; log-softmax and the negative
// log-likelihood. They are themselves checked against central finite differences of the forward functions
// ("gradient references", host only), so a wrong formula cannot pass on both sides.

#include "gpu/decoderchecks.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::gpucheck {

// ---- host references ------------------------------------------------------------------------------------------

inline std::vector<double> toDouble(const std::vector<float>& v) { return { v.begin(), v.end() }; }

// Training attention (backend.h, ABI 4): K and V contiguous [batch, keys, kvHeads, headDim], key j at position
// keyStart + j; q, out [batch, queries, heads, headDim]; lse and delta [batch, heads, queries].
inline std::int64_t kvIndex(
    const AttentionShape& s, std::int64_t b, std::int64_t j, std::int64_t kvHead, std::int64_t d)
{
    return ((b * s.keys + j) * s.kvHeads + kvHead) * s.headDim + d;
}

inline std::int64_t statIndex(const AttentionShape& s, std::int64_t b, std::int64_t h, std::int64_t i)
{
    return (b * s.heads + h) * s.queries + i;
}

inline std::uint64_t queryCount(const AttentionShape& s)
{
    return static_cast<std::uint64_t>(s.batch * s.queries * s.heads * s.headDim);
}

inline std::uint64_t keyCount(const AttentionShape& s)
{
    return static_cast<std::uint64_t>(s.batch * s.keys * s.kvHeads * s.headDim);
}

inline std::uint64_t scoreCount(const AttentionShape& s)
{
    return static_cast<std::uint64_t>(s.batch * s.heads * s.queries * s.keys);
}

// The exact attention: probs [batch, heads, queries, keys] (0 where masked), out, lse (-inf for a query that sees
// no key; its probs and out are zeros), and each row's largest scale · sum |q_d k_d| (how large its scores' terms are).
struct AttentionForwardReference {
    std::vector<double> probs;
    std::vector<double> out;
    std::vector<double> lse;
    std::vector<double> scoreMagnitude;
};

inline AttentionForwardReference referenceTrainingAttention(
    const AttentionShape& s, const std::vector<double>& q, const std::vector<double>& k, const std::vector<double>& v)
{
    const std::int64_t group = s.heads / s.kvHeads;
    AttentionForwardReference r;
    r.probs.assign(scoreCount(s), 0.0);
    r.out.assign(queryCount(s), 0.0);
    r.lse.assign(static_cast<std::size_t>(s.batch * s.heads * s.queries), -INFINITY);
    r.scoreMagnitude.assign(r.lse.size(), 0.0);
    std::vector<double> scores(static_cast<std::size_t>(s.keys));
    for (std::int64_t b = 0; b < s.batch; ++b)
        for (std::int64_t h = 0; h < s.heads; ++h)
            for (std::int64_t i = 0; i < s.queries; ++i) {
                const std::int64_t row = statIndex(s, b, h, i);
                double m = -INFINITY;
                for (std::int64_t j = 0; j < s.keys; ++j) {
                    scores[j] = -INFINITY;
                    if (!keyVisible(s, i, j))
                        continue;
                    double dot = 0.0, magnitude = 0.0;
                    for (std::int64_t d = 0; d < s.headDim; ++d) {
                        const double term = q[qIndex(s, b, i, h, d)] * k[kvIndex(s, b, j, h / group, d)];
                        dot += term;
                        magnitude += std::fabs(term);
                    }
                    scores[j] = dot * s.scale;
                    m = std::max(m, scores[j]);
                    r.scoreMagnitude[row] = std::max(r.scoreMagnitude[row], magnitude * std::fabs(s.scale));
                }
                if (m == -INFINITY)
                    continue;
                double sum = 0.0;
                for (std::int64_t j = 0; j < s.keys; ++j)
                    sum += std::exp(scores[j] - m);
                r.lse[row] = m + std::log(sum);
                for (std::int64_t j = 0; j < s.keys; ++j) {
                    const double p = std::exp(scores[j] - r.lse[row]);
                    r.probs[row * s.keys + j] = p;
                    for (std::int64_t d = 0; d < s.headDim; ++d)
                        r.out[qIndex(s, b, i, h, d)] += p * v[kvIndex(s, b, j, h / group, d)];
                }
            }
    return r;
}

// The gradients of sum(dout · out) for the attention above given its probs: dP = dout · v, dS = P (dP - delta) with
// delta = sum P dP, dQ = scale dS K, dK = scale dSᵀ Q (summed over a group's heads), dV = Pᵀ dout. Each gradient has
// a magnitude beside it, the sum of the absolute values of its terms with dP and delta taken at the size of their
// own terms (sum |dout_d v_d|), which bounds what rounding the inputs of dP or delta by a relative e changes (e times
// the magnitude); dS is the gradient of the scores [batch, heads, queries, keys].
struct AttentionGradients {
    std::vector<double> dq, dk, dv, ds;
    std::vector<double> dqMagnitude, dkMagnitude, dvMagnitude, dsMagnitude;
};

inline AttentionGradients referenceAttentionBackward(const AttentionShape& s, const std::vector<double>& q,
    const std::vector<double>& k, const std::vector<double>& v, const std::vector<double>& dout,
    const std::vector<double>& probs)
{
    const std::int64_t group = s.heads / s.kvHeads;
    AttentionGradients g;
    g.dq.assign(queryCount(s), 0.0);
    g.dqMagnitude.assign(g.dq.size(), 0.0);
    g.dk.assign(keyCount(s), 0.0);
    g.dkMagnitude.assign(g.dk.size(), 0.0);
    g.dv.assign(g.dk.size(), 0.0);
    g.dvMagnitude.assign(g.dk.size(), 0.0);
    g.ds.assign(scoreCount(s), 0.0);
    g.dsMagnitude.assign(g.ds.size(), 0.0);
    std::vector<double> dp(static_cast<std::size_t>(s.keys)), dpMagnitude(dp.size());
    const double scale = s.scale;
    for (std::int64_t b = 0; b < s.batch; ++b)
        for (std::int64_t h = 0; h < s.heads; ++h)
            for (std::int64_t i = 0; i < s.queries; ++i) {
                const std::int64_t row = statIndex(s, b, h, i) * s.keys;
                double delta = 0.0, deltaMagnitude = 0.0;
                for (std::int64_t j = 0; j < s.keys; ++j) {
                    dp[j] = dpMagnitude[j] = 0.0;
                    for (std::int64_t d = 0; d < s.headDim; ++d) {
                        const double term = dout[qIndex(s, b, i, h, d)] * v[kvIndex(s, b, j, h / group, d)];
                        dp[j] += term;
                        dpMagnitude[j] += std::fabs(term);
                    }
                    delta += probs[row + j] * dp[j];
                    deltaMagnitude += probs[row + j] * dpMagnitude[j];
                }
                for (std::int64_t j = 0; j < s.keys; ++j) {
                    const double p = probs[row + j];
                    if (p == 0.0)
                        continue;
                    const double ds = p * (dp[j] - delta);
                    const double dsMagnitude = p * (dpMagnitude[j] + deltaMagnitude);
                    g.ds[row + j] = ds;
                    g.dsMagnitude[row + j] = dsMagnitude;
                    for (std::int64_t d = 0; d < s.headDim; ++d) {
                        const std::int64_t qi = qIndex(s, b, i, h, d);
                        const std::int64_t kj = kvIndex(s, b, j, h / group, d);
                        g.dq[qi] += scale * ds * k[kj];
                        g.dqMagnitude[qi] += std::fabs(scale * k[kj]) * dsMagnitude;
                        g.dk[kj] += scale * ds * q[qi];
                        g.dkMagnitude[kj] += std::fabs(scale * q[qi]) * dsMagnitude;
                        g.dv[kj] += p * dout[qi];
                        g.dvMagnitude[kj] += p * std::fabs(dout[qi]);
                    }
                }
            }
    return g;
}

// y = x / sqrt(mean(x²) + eps) · (weight + offset), rows of cols.
inline std::vector<double> referenceRmsNorm(const std::vector<double>& x, const std::vector<double>& weight,
    std::int64_t rows, std::int64_t cols, double eps, double offset)
{
    std::vector<double> y(x.size());
    for (std::int64_t r = 0; r < rows; ++r) {
        double squares = 0.0;
        for (std::int64_t c = 0; c < cols; ++c)
            squares += x[r * cols + c] * x[r * cols + c];
        const double inv = 1.0 / std::sqrt(squares / static_cast<double>(cols) + eps);
        for (std::int64_t c = 0; c < cols; ++c)
            y[r * cols + c] = x[r * cols + c] * inv * (weight[c] + offset);
    }
    return y;
}

// The gradients of sum(dy · y) for y above: dx = inv w' dy - inv³ / cols · x · sum(w' dy x), dw = sum over rows of
// dy x inv; with the magnitudes of their terms.
struct RmsNormGradients {
    std::vector<double> dx, dw, dxMagnitude, dwMagnitude;
};

inline RmsNormGradients referenceRmsNormBackward(const std::vector<double>& dy, const std::vector<double>& x,
    const std::vector<double>& weight, std::int64_t rows, std::int64_t cols, double eps, double offset)
{
    RmsNormGradients g;
    g.dx.assign(x.size(), 0.0);
    g.dxMagnitude.assign(x.size(), 0.0);
    g.dw.assign(static_cast<std::size_t>(cols), 0.0);
    g.dwMagnitude.assign(g.dw.size(), 0.0);
    for (std::int64_t r = 0; r < rows; ++r) {
        double squares = 0.0, dot = 0.0, dotMagnitude = 0.0;
        for (std::int64_t c = 0; c < cols; ++c) {
            const std::int64_t e = r * cols + c;
            squares += x[e] * x[e];
            dot += (weight[c] + offset) * dy[e] * x[e];
            dotMagnitude += std::fabs((weight[c] + offset) * dy[e] * x[e]);
        }
        const double inv = 1.0 / std::sqrt(squares / static_cast<double>(cols) + eps);
        const double coefficient = inv * inv * inv / static_cast<double>(cols);
        for (std::int64_t c = 0; c < cols; ++c) {
            const std::int64_t e = r * cols + c;
            g.dx[e] = inv * (weight[c] + offset) * dy[e] - coefficient * x[e] * dot;
            g.dxMagnitude[e]
                = inv * std::fabs((weight[c] + offset) * dy[e]) + coefficient * std::fabs(x[e]) * dotMagnitude;
            g.dw[c] += dy[e] * x[e] * inv;
            g.dwMagnitude[c] += std::fabs(dy[e] * x[e] * inv);
        }
    }
    return g;
}

inline std::vector<double> referenceLogSoftmax(const std::vector<double>& in, std::int64_t rows, std::int64_t cols)
{
    std::vector<double> out(in.size(), -INFINITY);
    for (std::int64_t r = 0; r < rows; ++r) {
        double m = -INFINITY;
        for (std::int64_t c = 0; c < cols; ++c)
            m = std::max(m, in[r * cols + c]);
        if (m == -INFINITY)
            continue;
        double sum = 0.0;
        for (std::int64_t c = 0; c < cols; ++c)
            sum += std::exp(in[r * cols + c] - m);
        const double lse = m + std::log(sum);
        for (std::int64_t c = 0; c < cols; ++c)
            out[r * cols + c] = in[r * cols + c] - lse;
    }
    return out;
}

// -scale · sum over rows of logprobs[r, labels[r]]; a label outside [0, cols) adds nothing.
inline double referenceNll(const std::vector<double>& logprobs, const std::vector<std::int32_t>& labels,
    std::int64_t rows, std::int64_t cols, double scale)
{
    double sum = 0.0;
    for (std::int64_t r = 0; r < rows; ++r)
        if (labels[r] >= 0 && labels[r] < cols)
            sum += logprobs[r * cols + labels[r]];
    return -scale * sum;
}

inline std::vector<double> referenceNllBackward(
    const std::vector<std::int32_t>& labels, std::int64_t rows, std::int64_t cols, double scale)
{
    std::vector<double> grad(static_cast<std::size_t>(rows * cols), 0.0);
    for (std::int64_t r = 0; r < rows; ++r)
        if (labels[r] >= 0 && labels[r] < cols)
            grad[r * cols + labels[r]] = -scale;
    return grad;
}

inline std::vector<double> referenceLogSoftmaxBackward(
    const std::vector<double>& gradOut, const std::vector<double>& logprobs, std::int64_t rows, std::int64_t cols)
{
    std::vector<double> gradIn(gradOut.size());
    for (std::int64_t r = 0; r < rows; ++r) {
        double sum = 0.0;
        for (std::int64_t c = 0; c < cols; ++c)
            sum += gradOut[r * cols + c];
        for (std::int64_t c = 0; c < cols; ++c)
            gradIn[r * cols + c] = gradOut[r * cols + c] - std::exp(logprobs[r * cols + c]) * sum;
    }
    return gradIn;
}

// ---- the references against finite differences ----------------------------------------------------------------

// The central difference of f at x along coordinate i, step h.
template <typename F> double centralDifference(F&& f, std::vector<double>& x, std::size_t i, double h)
{
    const double saved = x[i];
    x[i] = saved + h;
    const double up = f();
    x[i] = saved - h;
    const double down = f();
    x[i] = saved;
    return (up - down) / (2.0 * h);
}

// Every coordinate of x: the analytical gradient against the central difference of f.
template <typename F>
CheckResult compareWithDifferences(
    const std::string& what, F&& f, std::vector<double>& x, const std::vector<double>& analytical)
{
    std::vector<float> numerical(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        numerical[i] = static_cast<float>(centralDifference(f, x, i, 1e-5));
    // float32 of the differences: 2^-24 relative, plus the difference's own error (h² and cancellation).
    return compare(what, numerical, analytical, [&](std::size_t i) { return 1e-6 * std::fabs(analytical[i]) + 1e-7; });
}

inline std::vector<double> hostRandom(std::size_t n, std::uint64_t seed, double scale)
{
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = scale * hashUniform(seed, i);
    return v;
}

// Host only: the attention, RMSNorm and log-softmax/NLL gradients of the references above against finite
// differences of the forward references, on shapes small enough to differentiate coordinate by coordinate.
inline CheckResult checkGradientReferences(DeviceContext&)
{
    // Attention: a window of 2, query positions 1..4 over keys 0..4 (a key no query sees when the window slides
    // past it is not here; the device checks have those), two query heads on one KV head.
    const AttentionShape s = attentionShape(1, 4, 2, 1, 3, 1, 0, 5, 2);
    auto q = hostRandom(queryCount(s), 301, 1.0);
    auto k = hostRandom(keyCount(s), 302, 1.0);
    auto v = hostRandom(keyCount(s), 303, 1.0);
    const auto dout = hostRandom(queryCount(s), 304, 1.0);
    const auto loss = [&] {
        const auto out = referenceTrainingAttention(s, q, k, v).out;
        double sum = 0.0;
        for (std::size_t i = 0; i < out.size(); ++i)
            sum += dout[i] * out[i];
        return sum;
    };
    const auto g = referenceAttentionBackward(s, q, k, v, dout, referenceTrainingAttention(s, q, k, v).probs);
    for (auto r :
        { compareWithDifferences("attention dq", loss, q, g.dq), compareWithDifferences("attention dk", loss, k, g.dk),
            compareWithDifferences("attention dv", loss, v, g.dv) })
        if (r.outcome != Outcome::Pass)
            return r;

    // RMSNorm with Gemma's offset 1.
    const std::int64_t rows = 3, cols = 5;
    auto x = hostRandom(static_cast<std::size_t>(rows * cols), 311, 2.0);
    auto w = hostRandom(static_cast<std::size_t>(cols), 312, 1.0);
    const auto dy = hostRandom(x.size(), 313, 1.0);
    const double eps = 1e-5, offset = 1.0;
    const auto normLoss = [&] {
        const auto y = referenceRmsNorm(x, w, rows, cols, eps, offset);
        double sum = 0.0;
        for (std::size_t i = 0; i < y.size(); ++i)
            sum += dy[i] * y[i];
        return sum;
    };
    const auto n = referenceRmsNormBackward(dy, x, w, rows, cols, eps, offset);
    for (auto r : { compareWithDifferences("rmsNorm dx", normLoss, x, n.dx),
             compareWithDifferences("rmsNorm dweight", normLoss, w, n.dw) })
        if (r.outcome != Outcome::Pass)
            return r;

    // The loss: mean NLL of the log-softmax, its backward through both.
    const std::int64_t tokens = 4, vocab = 6;
    const std::vector<std::int32_t> labels = { 2, 0, 5, 2 };
    auto logits = hostRandom(static_cast<std::size_t>(tokens * vocab), 321, 3.0);
    const double scale = 1.0 / static_cast<double>(tokens);
    const auto lossOfLogits
        = [&] { return referenceNll(referenceLogSoftmax(logits, tokens, vocab), labels, tokens, vocab, scale); };
    const auto dlogits = referenceLogSoftmaxBackward(
        referenceNllBackward(labels, tokens, vocab, scale), referenceLogSoftmax(logits, tokens, vocab), tokens, vocab);
    return compareWithDifferences("log-softmax and NLL", lossOfLogits, logits, dlogits);
}

// ---- training attention -----------------------------------------------------------------------------------------

struct TrainingAttentionCase {
    std::string name;
    AttentionShape shape;
};

// attentionShape(batch, queries, heads, kvHeads, headDim, queryStart, keyStart, keys, window)
inline std::vector<TrainingAttentionCase> trainingAttentionCases()
{
    return {
        // A step's sequence of 19 under a window of 8 (Mistral), two query heads per KV head, two sequences: key
        // and query tiles both ragged.
        { "gqa window", attentionShape(2, 19, 4, 2, 32, 0, 0, 19, 8) },
        // Multi-head, full causal attention, head dim 64.
        { "mha causal", attentionShape(1, 21, 2, 2, 64, 0, 0, 21, 0) },
        // Four query heads on one KV head, window 5; keys at positions 3..14 for queries at 0..8: queries 0..2 see no
        // key (lse -inf, zeros), keys 9..14 are seen by no query (zero gradients).
        { "group 4 offset keys", attentionShape(1, 9, 4, 1, 16, 0, 3, 12, 5) },
        // Later queries (positions 6..10) over keys 0..10, as a chunk of a longer sequence.
        { "later queries", attentionShape(2, 5, 2, 1, 24, 6, 0, 11, 0) },
        // Gemma's head dim 256, the fused kernels' largest.
        { "head dim 256", attentionShape(1, 5, 2, 1, 256, 0, 0, 5, 0) },
    };
}

// The contiguous K or V of a training step as a KvLayout, for the eager forward's kernels.
inline KvLayout trainingLayout(const AttentionShape& s)
{
    KvLayout layout;
    layout.heads = s.kvHeads;
    layout.headDim = s.headDim;
    layout.capacity = std::max<std::int64_t>(1, s.keys);
    layout.base = s.keyStart;
    return layout;
}

struct TrainingAttentionInputs {
    TrainingAttentionInputs(DeviceContext& ctx, const AttentionShape& s, DType dtype, Status& status)
        : q(ctx, queryCount(s), dtype, 211, 1.0f, status)
        , k(ctx, keyCount(s), dtype, 212, 1.0f, status)
        , v(ctx, keyCount(s), dtype, 213, 1.0f, status)
        , dout(ctx, queryCount(s), dtype, 214, 1.0f, status)
    {
    }
    RandomTensor q, k, v, dout;
};

// Compares the finite entries and requires -inf exactly where want is -inf.
inline CheckResult compareWithInfinities(const std::string& what, const std::vector<float>& got,
    const std::vector<double>& want, const std::function<double(std::size_t)>& tolerance)
{
    std::vector<float> finiteGot;
    std::vector<double> finiteWant, finiteTolerance;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (want[i] == -INFINITY) {
            if (got[i] != -INFINITY)
                return fail(
                    what + ": entry " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected -inf");
            continue;
        }
        finiteGot.push_back(got[i]);
        finiteWant.push_back(want[i]);
        finiteTolerance.push_back(tolerance(i));
    }
    return compare(what, finiteGot, finiteWant, [&](std::size_t i) { return finiteTolerance[i]; });
}

inline CheckResult checkAttentionForward(DeviceContext& ctx, const AttentionShape& s, DType dtype)
{
    Status st;
    TrainingAttentionInputs in(ctx, s, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "inputs");
    const auto rows = static_cast<std::uint64_t>(s.batch * s.heads * s.queries);
    DeviceBuffer out(ctx, bytesOf(static_cast<std::int64_t>(queryCount(s)), dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc out");
    DeviceBuffer lse(ctx, rows * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc lse");
    ITERAGPU_CHECK_STATUS(ctx.fill(out.get(), queryCount(s), dtype, 7.0f), "fill out"); // every element is written
    ITERAGPU_CHECK_STATUS(ctx.fill(lse.get(), rows, DType::Float32, 7.0f), "fill lse");
    ITERAGPU_CHECK_STATUS(
        ctx.attentionForward(out.get(), lse.get(), in.q.buffer.get(), in.k.buffer.get(), in.v.buffer.get(), s, dtype),
        "attentionForward");
    const auto gotOut = download(ctx, out.get(), queryCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost out");
    const auto gotLse = download(ctx, lse.get(), rows, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost lse");
    const auto ref = referenceTrainingAttention(s, toDouble(in.q.values), toDouble(in.k.values), toDouble(in.v.values));
    const double rel = storageTolerance(dtype);
    auto r = compare(
        "attentionForward out", gotOut, ref.out, [&](std::size_t i) { return rel * std::fabs(ref.out[i]) + 1e-5; });
    if (r.outcome != Outcome::Pass)
        return r;
    // float32 scores: about 2^-23 of their terms' size per term, and the logarithm's rounding.
    return compareWithInfinities("attentionForward lse", gotLse, ref.lse, [&](std::size_t i) {
        return 1.2e-7 * static_cast<double>(s.headDim) * ref.scoreMagnitude[i] + 2e-6 * std::fabs(ref.lse[i]) + 1e-5;
    });
}

// dq, dk, dv (and a scratch the kernel writes) against the analytical gradients of the exact attention of the
// device's inputs. Rounding: out (fused: delta = dout · out) or dP and probs (eager) in dtype, e times the
// gradient's magnitude each, and the result's own rounding.
inline CheckResult compareAttentionGradients(const std::string& what, const AttentionGradients& want,
    const std::vector<float>& dq, const std::vector<float>& dk, const std::vector<float>& dv, DType dtype)
{
    const double rel = storageTolerance(dtype);
    const double inputs = 3.0 * rel + 1e-5; // the rounded inputs of dP, delta and P; float32 accumulation
    std::string margins;
    for (auto r : {
             compare(what + " dq", dq, want.dq,
                 [&](std::size_t i) { return rel * std::fabs(want.dq[i]) + inputs * want.dqMagnitude[i] + 1e-6; }),
             compare(what + " dk", dk, want.dk,
                 [&](std::size_t i) { return rel * std::fabs(want.dk[i]) + inputs * want.dkMagnitude[i] + 1e-6; }),
             compare(what + " dv", dv, want.dv,
                 [&](std::size_t i) { return rel * std::fabs(want.dv[i]) + inputs * want.dvMagnitude[i] + 1e-6; }),
         }) {
        if (r.outcome != Outcome::Pass)
            return r;
        margins += (margins.empty() ? "" : "; ") + r.message;
    }
    return pass(margins);
}

struct AttentionGradientBuffers {
    AttentionGradientBuffers(DeviceContext& ctx, const AttentionShape& s, DType dtype, Status& status)
        : dq(ctx, std::max<std::uint64_t>(1, queryCount(s) * device::dtypeSize(dtype)), status)
        , dk(ctx, std::max<std::uint64_t>(1, keyCount(s) * device::dtypeSize(dtype)), status)
        , dv(ctx, std::max<std::uint64_t>(1, keyCount(s) * device::dtypeSize(dtype)), status)
    {
        // A sentinel: every element must be written, the ones of keys no query sees and rows that see no key too.
        if (status.ok)
            status = ctx.fill(dq.get(), queryCount(s), dtype, 7.0f);
        if (status.ok)
            status = ctx.fill(dk.get(), keyCount(s), dtype, 7.0f);
        if (status.ok)
            status = ctx.fill(dv.get(), keyCount(s), dtype, 7.0f);
    }
    DeviceBuffer dq, dk, dv;
};

// The fused backward from the device's own forward (out and lse), against the exact gradients; its delta scratch
// against dout · out.
inline CheckResult checkAttentionBackward(DeviceContext& ctx, const AttentionShape& s, DType dtype)
{
    Status st;
    TrainingAttentionInputs in(ctx, s, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "inputs");
    const auto rows = static_cast<std::uint64_t>(s.batch * s.heads * s.queries);
    DeviceBuffer out(ctx, bytesOf(static_cast<std::int64_t>(queryCount(s)), dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc out");
    DeviceBuffer lse(ctx, rows * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc lse");
    DeviceBuffer delta(ctx, rows * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc delta");
    AttentionGradientBuffers grads(ctx, s, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "gradient buffers");
    ITERAGPU_CHECK_STATUS(
        ctx.attentionForward(out.get(), lse.get(), in.q.buffer.get(), in.k.buffer.get(), in.v.buffer.get(), s, dtype),
        "attentionForward");
    ITERAGPU_CHECK_STATUS(
        ctx.attentionBackward(grads.dq.get(), grads.dk.get(), grads.dv.get(), delta.get(), in.dout.buffer.get(),
            in.q.buffer.get(), in.k.buffer.get(), in.v.buffer.get(), out.get(), lse.get(), s, dtype),
        "attentionBackward");
    const auto gotOut = download(ctx, out.get(), queryCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost out");
    const auto gotDelta = download(ctx, delta.get(), rows, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost delta");
    const auto dq = download(ctx, grads.dq.get(), queryCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dq");
    const auto dk = download(ctx, grads.dk.get(), keyCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dk");
    const auto dv = download(ctx, grads.dv.get(), keyCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dv");

    std::vector<double> wantDelta(rows, 0.0), deltaMagnitude(rows, 0.0);
    for (std::int64_t b = 0; b < s.batch; ++b)
        for (std::int64_t h = 0; h < s.heads; ++h)
            for (std::int64_t i = 0; i < s.queries; ++i)
                for (std::int64_t d = 0; d < s.headDim; ++d) {
                    const double term
                        = static_cast<double>(in.dout.values[qIndex(s, b, i, h, d)]) * gotOut[qIndex(s, b, i, h, d)];
                    wantDelta[statIndex(s, b, h, i)] += term;
                    deltaMagnitude[statIndex(s, b, h, i)] += std::fabs(term);
                }
    auto r = compare(
        "attentionBackward delta", gotDelta, wantDelta, [&](std::size_t i) { return 1e-6 * deltaMagnitude[i] + 1e-7; });
    if (r.outcome != Outcome::Pass)
        return r;
    const auto q = toDouble(in.q.values), k = toDouble(in.k.values), v = toDouble(in.v.values);
    const auto want = referenceAttentionBackward(
        s, q, k, v, toDouble(in.dout.values), referenceTrainingAttention(s, q, k, v).probs);
    return compareAttentionGradients("attentionBackward", want, dq, dk, dv, dtype);
}

// The eager backward from probs the device's eager forward made (scores, float32 softmax, probs in dtype), against
// the exact gradients; its dscores scratch against the gradient of the scores.
inline CheckResult checkAttentionEagerBackward(DeviceContext& ctx, const AttentionShape& s, DType dtype)
{
    Status st;
    TrainingAttentionInputs in(ctx, s, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "inputs");
    const std::uint64_t n = scoreCount(s);
    const auto rows = s.batch * s.heads * s.queries;
    DeviceBuffer scores(ctx, std::max<std::uint64_t>(1, n * device::dtypeSize(dtype)), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc scores");
    DeviceBuffer probs32(ctx, std::max<std::uint64_t>(1, n * 4), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc probs32");
    DeviceBuffer probs(ctx, std::max<std::uint64_t>(1, n * device::dtypeSize(dtype)), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc probs");
    DeviceBuffer dscores(ctx, std::max<std::uint64_t>(1, n * device::dtypeSize(dtype)), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc dscores");
    AttentionGradientBuffers grads(ctx, s, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "gradient buffers");
    const KvLayout layout = trainingLayout(s);
    ITERAGPU_CHECK_STATUS(
        ctx.attentionScores(scores.get(), in.q.buffer.get(), in.k.buffer.get(), layout, s, dtype), "attentionScores");
    ITERAGPU_CHECK_STATUS(ctx.softmaxRows(probs32.get(), scores.get(), rows, s.keys, dtype), "softmaxRows");
    ITERAGPU_CHECK_STATUS(ctx.convert(probs.get(), dtype, probs32.get(), DType::Float32, n), "convert");
    ITERAGPU_CHECK_STATUS(ctx.fill(dscores.get(), n, dtype, 7.0f), "fill dscores");
    ITERAGPU_CHECK_STATUS(
        ctx.attentionEagerBackward(grads.dq.get(), grads.dk.get(), grads.dv.get(), dscores.get(), in.dout.buffer.get(),
            in.q.buffer.get(), in.k.buffer.get(), in.v.buffer.get(), probs.get(), s, dtype),
        "attentionEagerBackward");
    const auto gotScores = download(ctx, dscores.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dscores");
    const auto dq = download(ctx, grads.dq.get(), queryCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dq");
    const auto dk = download(ctx, grads.dk.get(), keyCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dk");
    const auto dv = download(ctx, grads.dv.get(), keyCount(s), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dv");
    const auto q = toDouble(in.q.values), k = toDouble(in.k.values), v = toDouble(in.v.values);
    const auto want = referenceAttentionBackward(
        s, q, k, v, toDouble(in.dout.values), referenceTrainingAttention(s, q, k, v).probs);
    const double rel = storageTolerance(dtype);
    auto r = compare("attentionEagerBackward dscores", gotScores, want.ds,
        [&](std::size_t i) { return rel * std::fabs(want.ds[i]) + (3.0 * rel + 1e-5) * want.dsMagnitude[i] + 1e-7; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compareAttentionGradients("attentionEagerBackward", want, dq, dk, dv, dtype);
}

// ---- the other backward kernels -----------------------------------------------------------------------------------

// The inverse rotation of rope (rotation by -angle), in place.
inline CheckResult checkRopeBackward(DeviceContext& ctx, DType dtype, std::int64_t batch, std::int64_t seq,
    std::int64_t heads, std::int64_t headDim, std::int64_t positionStart, float theta)
{
    const std::int64_t count = batch * seq * heads * headDim;
    Status st;
    RandomTensor x(ctx, static_cast<std::uint64_t>(count), dtype, 231, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    ITERAGPU_CHECK_STATUS(
        ctx.ropeBackward(x.buffer.get(), batch, seq, heads, headDim, positionStart, theta, dtype), "ropeBackward");
    const auto got = download(ctx, x.buffer.get(), x.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(x.count), tol(x.count);
    const std::int64_t half = headDim / 2;
    const double rel = storageTolerance(dtype);
    for (std::int64_t row = 0; row < batch * seq * heads; ++row) {
        const auto position = static_cast<double>(positionStart + row / heads % seq);
        for (std::int64_t d = 0; d < half; ++d) {
            const double angle
                = position * std::pow(static_cast<double>(theta), -2.0 * static_cast<double>(d) / headDim);
            const double x1 = x.values[row * headDim + d];
            const double x2 = x.values[row * headDim + d + half];
            want[row * headDim + d] = x1 * std::cos(angle) + x2 * std::sin(angle);
            want[row * headDim + d + half] = x2 * std::cos(angle) - x1 * std::sin(angle);
            const double angleError = 6e-7 * std::fabs(angle) + 1e-6; // as checkRope: a float32 angle
            for (const std::int64_t e : { d, d + half })
                tol[row * headDim + e]
                    = rel * std::fabs(want[row * headDim + e]) + (std::fabs(x1) + std::fabs(x2)) * angleError + 1e-6;
        }
    }
    return compare("ropeBackward", got, want, [&](std::size_t i) { return tol[i]; });
}

// dx (into its own buffer, or over dy) and dweight (or none) against the analytical gradients.
inline CheckResult checkRmsNormBackward(DeviceContext& ctx, DType dtype, std::int64_t rows, std::int64_t cols,
    float weightOffset, bool withWeight, bool inPlace)
{
    const float eps = 1e-5f;
    const auto count = static_cast<std::uint64_t>(rows * cols);
    Status st;
    RandomTensor x(ctx, count, dtype, 241, 2.0f, st);
    ITERAGPU_CHECK_STATUS(st, "x");
    RandomTensor w(ctx, static_cast<std::uint64_t>(cols), dtype, 242, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "weight");
    RandomTensor dy(ctx, count, dtype, 243, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "dy");
    DeviceBuffer separate(ctx, bytesOf(rows * cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc dx");
    DeviceBuffer dw(ctx, bytesOf(cols, dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc dweight");
    ITERAGPU_CHECK_STATUS(ctx.fill(dw.get(), static_cast<std::uint64_t>(cols), dtype, 7.0f), "fill dweight");
    void* dx = inPlace ? dy.buffer.get() : separate.get();
    if (!inPlace)
        ITERAGPU_CHECK_STATUS(ctx.fill(dx, count, dtype, 7.0f), "fill dx");
    ITERAGPU_CHECK_STATUS(ctx.rmsNormBackward(dx, withWeight ? dw.get() : nullptr, dy.buffer.get(), x.buffer.get(),
                              w.buffer.get(), rows, cols, eps, weightOffset, dtype),
        "rmsNormBackward");
    const auto gotDx = download(ctx, dx, count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dx");
    const auto gotDw = download(ctx, dw.get(), static_cast<std::uint64_t>(cols), dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dweight");
    const auto want = referenceRmsNormBackward(
        toDouble(dy.values), toDouble(x.values), toDouble(w.values), rows, cols, eps, weightOffset);
    const double rel = storageTolerance(dtype);
    auto r = compare("rmsNormBackward dx", gotDx, want.dx,
        [&](std::size_t i) { return rel * std::fabs(want.dx[i]) + 1e-5 * want.dxMagnitude[i] + 1e-6; });
    if (r.outcome != Outcome::Pass)
        return r;
    if (!withWeight) // untouched without a weight gradient
        return compare("rmsNormBackward without dweight", gotDw,
            std::vector<double>(static_cast<std::size_t>(cols), 7.0), [](std::size_t) { return 1e-30; });
    return compare("rmsNormBackward dweight", gotDw, want.dw,
        [&](std::size_t i) { return rel * std::fabs(want.dw[i]) + 1e-5 * want.dwMagnitude[i] + 1e-6; });
}

inline CheckResult checkGatedActivationBackward(DeviceContext& ctx, DType dtype, Activation act, bool inPlace)
{
    const std::uint64_t n = 3001;
    Status st;
    RandomTensor gate(ctx, n, dtype, 251, 4.0f, st);
    ITERAGPU_CHECK_STATUS(st, "gate");
    RandomTensor up(ctx, n, dtype, 252, 2.0f, st);
    ITERAGPU_CHECK_STATUS(st, "up");
    RandomTensor dout(ctx, n, dtype, 253, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "dout");
    DeviceBuffer separate(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc dgate");
    DeviceBuffer dup(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc dup");
    void* dgate = inPlace ? dout.buffer.get() : separate.get();
    ITERAGPU_CHECK_STATUS(ctx.gatedActivationBackward(
                              dgate, dup.get(), dout.buffer.get(), gate.buffer.get(), up.buffer.get(), n, act, dtype),
        "gatedActivationBackward");
    const auto gotGate = download(ctx, dgate, n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dgate");
    const auto gotUp = download(ctx, dup.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost dup");
    std::vector<double> wantGate(n), wantUp(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        wantGate[i] = static_cast<double>(dout.values[i]) * up.values[i] * activateGrad(act, gate.values[i]);
        wantUp[i] = static_cast<double>(dout.values[i]) * activate(act, gate.values[i]);
    }
    const double rel = storageTolerance(dtype);
    const auto slack
        = [&](std::size_t i) { return 2e-6 * (1.0 + std::fabs(gate.values[i])) * std::fabs(dout.values[i]); };
    auto r = compare("gatedActivationBackward dgate", gotGate, wantGate,
        [&](std::size_t i) { return rel * std::fabs(wantGate[i]) + slack(i) * std::fabs(up.values[i]) + 1e-7; });
    if (r.outcome != Outcome::Pass)
        return r;
    return compare("gatedActivationBackward dup", gotUp, wantUp,
        [&](std::size_t i) { return rel * std::fabs(wantUp[i]) + slack(i) + 1e-7; });
}

// ---- the loss -------------------------------------------------------------------------------------------------

// Rows of 1000 logits (several passes of a block's threads): random, one with masked (-inf) entries, one far from 0.
inline std::vector<float> lossLogits(std::int64_t rows, std::int64_t cols)
{
    std::vector<float> v(static_cast<std::size_t>(rows * cols));
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = 6.0f * hashUniform(261, i);
    for (std::int64_t c = 0; c < cols; c += 3)
        v[1 * cols + c] = -INFINITY;
    for (std::int64_t c = 0; c < cols; ++c)
        v[2 * cols + c] += 1000.0f;
    return v;
}

inline CheckResult checkLogSoftmaxRows(DeviceContext& ctx, bool inPlace)
{
    const std::int64_t rows = 4, cols = 1000;
    Status st;
    HostTensor in(ctx, lossLogits(rows, cols), DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "in");
    DeviceBuffer separate(ctx, static_cast<std::uint64_t>(rows * cols) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    void* out = inPlace ? in.buffer.get() : separate.get();
    ITERAGPU_CHECK_STATUS(ctx.logSoftmaxRows(out, in.buffer.get(), rows, cols), "logSoftmaxRows");
    const auto got = download(ctx, out, static_cast<std::uint64_t>(rows * cols), DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto x = toDouble(in.values);
    const auto want = referenceLogSoftmax(x, rows, cols);
    // float32 in - lse: the rounding of both terms.
    return compareWithInfinities("logSoftmaxRows", got, want,
        [&](std::size_t i) { return 2e-7 * (std::fabs(x[i]) + std::fabs(x[i] - want[i])) + 2e-6; });
}

// Labels in range, and one outside (-100, PyTorch's ignore_index): it adds nothing.
inline std::vector<std::int32_t> lossLabels(std::int64_t rows, std::int64_t cols)
{
    std::vector<std::int32_t> labels(static_cast<std::size_t>(rows));
    for (std::int64_t r = 0; r < rows; ++r)
        labels[r] = static_cast<std::int32_t>((r * 7919 + 13) % cols);
    labels[static_cast<std::size_t>(rows / 2)] = -100;
    return labels;
}

inline CheckResult checkNllLoss(DeviceContext& ctx)
{
    const std::int64_t rows = 300, cols = 50; // rows: more than one pass of the block's threads
    std::vector<float> logprobs(static_cast<std::size_t>(rows * cols));
    for (std::size_t i = 0; i < logprobs.size(); ++i)
        logprobs[i] = -4.0f * (hashUniform(271, i) + 1.0f);
    const auto labels = lossLabels(rows, cols);
    Status st;
    HostTensor lp(ctx, logprobs, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "logprobs");
    DeviceBytes devLabels(ctx, labels.data(), labels.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "labels");
    DeviceBuffer loss(ctx, 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc loss");
    ITERAGPU_CHECK_STATUS(ctx.fill(loss.get(), 1, DType::Float32, 7.0f), "fill loss");
    const auto x = toDouble(lp.values);
    double magnitude = 0.0;
    for (const double v : x)
        magnitude += std::fabs(v);
    // Chunked as a chunked loss is: the first 120 rows, then the rest accumulated.
    const float scale = 1.0f / static_cast<float>(rows);
    ITERAGPU_CHECK_STATUS(ctx.nllLoss(loss.get(), lp.buffer.get(), devLabels.buffer.get(), 120, cols, scale, false),
        "nllLoss first chunk");
    const auto first = download(ctx, loss.get(), 1, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const std::vector<double> wantFirst { referenceNll(x, labels, 120, cols, scale) };
    auto r = compare(
        "nllLoss first chunk", first, wantFirst, [&](std::size_t) { return 1e-6 * magnitude * scale + 1e-7; });
    if (r.outcome != Outcome::Pass)
        return r;
    const auto* rest = static_cast<const unsigned char*>(lp.buffer.get()) + 120 * cols * 4;
    const auto* restLabels = static_cast<const unsigned char*>(devLabels.buffer.get()) + 120 * 4;
    ITERAGPU_CHECK_STATUS(
        ctx.nllLoss(loss.get(), rest, restLabels, rows - 120, cols, scale, true), "nllLoss accumulated");
    const auto all = download(ctx, loss.get(), 1, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const std::vector<double> wantAll { referenceNll(x, labels, rows, cols, scale) };
    return compare("nllLoss accumulated", all, wantAll, [&](std::size_t) { return 1e-6 * magnitude * scale + 1e-7; });
}

inline CheckResult checkNllLossBackward(DeviceContext& ctx)
{
    const std::int64_t rows = 37, cols = 70;
    const auto labels = lossLabels(rows, cols);
    const float scale = 1.0f / 37.0f;
    Status st;
    DeviceBytes devLabels(ctx, labels.data(), labels.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "labels");
    DeviceBuffer grad(ctx, static_cast<std::uint64_t>(rows * cols) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    ITERAGPU_CHECK_STATUS(ctx.fill(grad.get(), static_cast<std::uint64_t>(rows * cols), DType::Float32, 7.0f), "fill");
    ITERAGPU_CHECK_STATUS(
        ctx.nllLossBackward(grad.get(), devLabels.buffer.get(), rows, cols, scale), "nllLossBackward");
    const auto got = download(ctx, grad.get(), static_cast<std::uint64_t>(rows * cols), DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto want = referenceNllBackward(labels, rows, cols, static_cast<double>(scale));
    return compare("nllLossBackward", got, want, [](std::size_t) { return 1e-30; });
}

inline CheckResult checkLogSoftmaxBackward(DeviceContext& ctx, bool inPlace)
{
    const std::int64_t rows = 4, cols = 1000;
    const auto logits = toDouble(lossLogits(rows, cols));
    const auto lp = referenceLogSoftmax(logits, rows, cols);
    std::vector<float> logprobs(lp.begin(), lp.end());
    std::vector<float> gradOut(logprobs.size());
    for (std::size_t i = 0; i < gradOut.size(); ++i)
        gradOut[i] = hashUniform(281, i);
    Status st;
    HostTensor devLogprobs(ctx, logprobs, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "logprobs");
    HostTensor devGradOut(ctx, gradOut, DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "gradOut");
    DeviceBuffer separate(ctx, static_cast<std::uint64_t>(rows * cols) * 4, st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc");
    void* gradIn = inPlace ? devGradOut.buffer.get() : separate.get();
    ITERAGPU_CHECK_STATUS(ctx.logSoftmaxBackward(gradIn, devGradOut.buffer.get(), devLogprobs.buffer.get(), rows, cols),
        "logSoftmaxBackward");
    const auto got = download(ctx, gradIn, static_cast<std::uint64_t>(rows * cols), DType::Float32, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    const auto want = referenceLogSoftmaxBackward(toDouble(gradOut), toDouble(logprobs), rows, cols);
    std::vector<double> rowMagnitude(static_cast<std::size_t>(rows), 0.0);
    for (std::size_t i = 0; i < gradOut.size(); ++i)
        rowMagnitude[i / cols] += std::fabs(gradOut[i]);
    return compare("logSoftmaxBackward", got, want, [&](std::size_t i) {
        return 2e-7 * std::fabs(gradOut[i]) + 2e-6 * std::exp(static_cast<double>(logprobs[i])) * rowMagnitude[i / cols]
            + 1e-7;
    });
}

// ---- the embedding's gradient ----------------------------------------------------------------------------------

// Added into a table that holds values already (an accumulated gradient): repeats, both ends, ids outside the table.
inline CheckResult checkEmbeddingBackward(DeviceContext& ctx, DType dtype, float scale)
{
    const std::int64_t vocab = 50, hidden = 97;
    const std::vector<std::int32_t> ids = { 7, 0, 49, 7, 13, 7, 48, -1, 0, 50, 7, 25, 7, 33, 49 };
    const auto tokens = static_cast<std::int64_t>(ids.size());
    Status st;
    RandomTensor table(ctx, static_cast<std::uint64_t>(vocab * hidden), dtype, 291, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "table");
    RandomTensor dout(ctx, static_cast<std::uint64_t>(tokens * hidden), dtype, 292, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "dout");
    DeviceBytes devIds(ctx, ids.data(), ids.size() * 4, st);
    ITERAGPU_CHECK_STATUS(st, "ids");
    ITERAGPU_CHECK_STATUS(ctx.embeddingBackward(table.buffer.get(), dout.buffer.get(), devIds.buffer.get(), tokens,
                              hidden, vocab, scale, dtype),
        "embeddingBackward");
    const auto got = download(ctx, table.buffer.get(), table.count, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want = toDouble(table.values), magnitude(want.size());
    std::vector<int> adds(want.size(), 0);
    for (std::size_t i = 0; i < want.size(); ++i)
        magnitude[i] = std::fabs(want[i]);
    for (std::int64_t t = 0; t < tokens; ++t) {
        if (ids[t] < 0 || ids[t] >= vocab)
            continue;
        for (std::int64_t c = 0; c < hidden; ++c) {
            const double term = static_cast<double>(scale) * dout.values[t * hidden + c];
            want[ids[t] * hidden + c] += term;
            magnitude[ids[t] * hidden + c] += std::fabs(term);
            adds[ids[t] * hidden + c] += 1;
        }
    }
    // Each addition is rounded to dtype: one unit of the running sum per addition.
    const double rel = storageTolerance(dtype);
    return compare(
        "embeddingBackward", got, want, [&](std::size_t i) { return rel * (1.0 + adds[i]) * magnitude[i] + 1e-7; });
}

// ---- the optimizers -------------------------------------------------------------------------------------------

inline CheckResult checkSgdStep(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t n = 2049;
    const float lr = 0.05f;
    Status st;
    RandomTensor param(ctx, n, dtype, 331, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "param");
    RandomTensor grad(ctx, n, dtype, 332, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "grad");
    ITERAGPU_CHECK_STATUS(ctx.sgdStep(param.buffer.get(), grad.buffer.get(), n, dtype, lr), "sgdStep");
    const auto got = download(ctx, param.buffer.get(), n, dtype, st);
    ITERAGPU_CHECK_STATUS(st, "copyToHost");
    std::vector<double> want(n);
    for (std::uint64_t i = 0; i < n; ++i)
        want[i] = static_cast<double>(param.values[i]) - static_cast<double>(lr) * grad.values[i];
    const double rel = storageTolerance(dtype);
    return compare("sgdStep", got, want, [&](std::size_t i) {
        return rel * std::fabs(want[i]) + 2e-7 * (std::fabs(param.values[i]) + lr * std::fabs(grad.values[i])) + 1e-9;
    });
}

// Two AdamW steps with moments in stateType, each step's reference from the device's state after the last (as
// checkAdamStep); the update uses the moments before they are rounded to stateType.
inline CheckResult checkAdamStepStates(DeviceContext& ctx, DType dtype, DType stateType)
{
    const std::uint64_t n = 1001;
    const float lr = 1e-2f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f, wd = 0.01f;
    Status st;
    RandomTensor param(ctx, n, dtype, 341, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "param");
    DeviceBuffer m(ctx, n * device::dtypeSize(stateType), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc m");
    DeviceBuffer v(ctx, n * device::dtypeSize(stateType), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc v");
    ITERAGPU_CHECK_STATUS(ctx.fill(m.get(), n, stateType, 0.0f), "fill m");
    ITERAGPU_CHECK_STATUS(ctx.fill(v.get(), n, stateType, 0.0f), "fill v");
    std::vector<float> p = param.values, mh(n, 0.0f), vh(n, 0.0f);
    const double rel = storageTolerance(dtype);
    const double relState = storageTolerance(stateType);
    // float16 moments reach its subnormals (v of a gradient of 0.01 is 1e-7): their spacing, 2^-24, is absolute.
    const double tinyState = stateType == DType::Float16 ? std::ldexp(1.0, -24) : 1e-30;
    for (std::int64_t step = 1; step <= 2; ++step) {
        RandomTensor grad(ctx, n, dtype, 350 + static_cast<std::uint64_t>(step), 0.1f, st);
        ITERAGPU_CHECK_STATUS(st, "grad");
        ITERAGPU_CHECK_STATUS(ctx.adamStepStates(param.buffer.get(), grad.buffer.get(), m.get(), v.get(), n, dtype,
                                  stateType, step, lr, beta1, beta2, eps, wd),
            "adamStepStates");
        const double c1 = 1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(step));
        const double c2 = 1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(step));
        std::vector<double> wantP(n), wantM(n), wantV(n), magM(n);
        for (std::uint64_t i = 0; i < n; ++i) {
            const double g = grad.values[i];
            double pi = p[i] - static_cast<double>(lr) * wd * p[i];
            wantM[i] = beta1 * static_cast<double>(mh[i]) + (1.0 - beta1) * g;
            magM[i] = std::fabs(beta1 * static_cast<double>(mh[i])) + std::fabs((1.0 - beta1) * g);
            wantV[i] = beta2 * static_cast<double>(vh[i]) + (1.0 - beta2) * g * g;
            pi -= lr * (wantM[i] / c1) / (std::sqrt(wantV[i] / c2) + eps);
            wantP[i] = pi;
        }
        p = download(ctx, param.buffer.get(), n, dtype, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost param");
        mh = download(ctx, m.get(), n, stateType, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost m");
        vh = download(ctx, v.get(), n, stateType, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost v");
        const std::string at = " after step " + std::to_string(step);
        for (auto r : {
                 compare("adamStepStates m" + at, mh, wantM,
                     [&](std::size_t i) { return relState * std::fabs(wantM[i]) + 1e-6 * magM[i] + tinyState; }),
                 compare("adamStepStates v" + at, vh, wantV,
                     [&](std::size_t i) { return (relState + 1e-5) * std::fabs(wantV[i]) + tinyState; }),
                 compare("adamStepStates param" + at, p, wantP,
                     [&](std::size_t i) { return rel * std::fabs(wantP[i]) + 1e-6; }),
             })
            if (r.outcome != Outcome::Pass)
                return r;
    }
    return pass();
}

// Note [8-bit Adam states] of gpukernels.h, repeated on the host: 2048 elements per absmax, state1 (m) signed with
// code 128 for 0 and absmax1 / 127 per code, state2 (v) unsigned with absmax2 / 255 per code. Four blocks, the
// last one short, of gradients of different sizes (one block all zeros: its absmax stays 0, its codes 128 and 0);
// three steps, each one's reference from the device's codes, absmax values and parameter after the last.
inline CheckResult checkAdam8bitStep(DeviceContext& ctx, DType dtype)
{
    const std::uint64_t block = 2048;
    const std::uint64_t n = 3 * block + 777;
    const std::uint64_t blocks = (n + block - 1) / block;
    const float lr = 1e-3f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f, wd = 0.01f;
    const float gradScales[] = { 0.1f, 1e-3f, 0.0f, 0.05f };
    Status st;
    RandomTensor param(ctx, n, dtype, 361, 1.0f, st);
    ITERAGPU_CHECK_STATUS(st, "param");
    const std::vector<std::uint8_t> zeroCodes(n, 0);
    const std::vector<float> zeroAbsmax(blocks, 0.0f);
    DeviceBytes state1(ctx, zeroCodes.data(), n, st); // a zero-filled state: 0 with an absmax of 0
    ITERAGPU_CHECK_STATUS(st, "state1");
    DeviceBytes state2(ctx, zeroCodes.data(), n, st);
    ITERAGPU_CHECK_STATUS(st, "state2");
    DeviceBytes absmax1(ctx, zeroAbsmax.data(), blocks * 4, st);
    ITERAGPU_CHECK_STATUS(st, "absmax1");
    DeviceBytes absmax2(ctx, zeroAbsmax.data(), blocks * 4, st);
    ITERAGPU_CHECK_STATUS(st, "absmax2");
    DeviceBuffer gradBuffer(ctx, n * device::dtypeSize(dtype), st);
    ITERAGPU_CHECK_STATUS(st, "rawAlloc grad");
    std::vector<float> p = param.values;
    std::vector<std::uint8_t> codes1 = zeroCodes, codes2 = zeroCodes;
    std::vector<float> max1 = zeroAbsmax, max2 = zeroAbsmax;
    const double rel = storageTolerance(dtype);
    for (std::int64_t step = 1; step <= 3; ++step) {
        for (std::uint64_t b = 0; b < blocks; ++b) {
            auto* at = static_cast<unsigned char*>(gradBuffer.get()) + b * block * device::dtypeSize(dtype);
            ITERAGPU_CHECK_STATUS(ctx.fillRandom(at, std::min(block, n - b * block), dtype,
                                      370 + static_cast<std::uint64_t>(step * 8) + b, gradScales[b]),
                "fillRandom grad");
        }
        const auto grad = download(ctx, gradBuffer.get(), n, dtype, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost grad");
        ITERAGPU_CHECK_STATUS(
            ctx.adam8bitStep(param.buffer.get(), gradBuffer.get(), state1.buffer.get(), state2.buffer.get(),
                absmax1.buffer.get(), absmax2.buffer.get(), n, dtype, step, lr, beta1, beta2, eps, wd),
            "adam8bitStep");
        const double c1 = 1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(step));
        const double c2 = 1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(step));
        std::vector<double> wantP(n), wantM(n), wantV(n), update(n), wantMax1(blocks, 0.0), wantMax2(blocks, 0.0);
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t b = i / block;
            const double g = grad[i];
            const double m0 = (static_cast<double>(codes1[i]) - 128.0) * max1[b] / 127.0;
            const double v0 = static_cast<double>(codes2[i]) * max2[b] / 255.0;
            wantM[i] = beta1 * m0 + (1.0 - beta1) * g;
            wantV[i] = beta2 * v0 + (1.0 - beta2) * g * g;
            double pi = p[i] - static_cast<double>(lr) * wd * p[i];
            // A v decoded to 0 under a small gradient makes a large step: its float32 error is relative to it.
            update[i] = lr * std::fabs(wantM[i] / c1) / (std::sqrt(wantV[i] / c2) + eps);
            pi -= lr * (wantM[i] / c1) / (std::sqrt(wantV[i] / c2) + eps);
            wantP[i] = pi;
            wantMax1[b] = std::max(wantMax1[b], std::fabs(wantM[i]));
            wantMax2[b] = std::max(wantMax2[b], wantV[i]);
        }
        p = download(ctx, param.buffer.get(), n, dtype, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost param");
        codes1 = downloadRaw<std::uint8_t>(ctx, state1.buffer.get(), n, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost state1");
        codes2 = downloadRaw<std::uint8_t>(ctx, state2.buffer.get(), n, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost state2");
        max1 = download(ctx, absmax1.buffer.get(), blocks, DType::Float32, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost absmax1");
        max2 = download(ctx, absmax2.buffer.get(), blocks, DType::Float32, st);
        ITERAGPU_CHECK_STATUS(st, "copyToHost absmax2");
        const std::string at = " after step " + std::to_string(step);
        for (auto r : {
                 compare("adam8bitStep param" + at, p, wantP,
                     [&](std::size_t i) { return rel * std::fabs(wantP[i]) + 1e-5 * update[i] + 1e-6; }),
                 compare("adam8bitStep absmax1" + at, max1, wantMax1,
                     [&](std::size_t b) { return 1e-5 * wantMax1[b] + 1e-30; }),
                 compare("adam8bitStep absmax2" + at, max2, wantMax2,
                     [&](std::size_t b) { return 1e-5 * wantMax2[b] + 1e-30; }),
             })
            if (r.outcome != Outcome::Pass)
                return r;
        // The codes: the nearest of the block's grid, one step off where float32 lands on the other side of a half.
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t b = i / block;
            const double want1 = wantMax1[b] > 0.0 ? std::nearbyint(wantM[i] / wantMax1[b] * 127.0) + 128.0 : 128.0;
            const double want2 = wantMax2[b] > 0.0 ? std::nearbyint(wantV[i] / wantMax2[b] * 255.0) : 0.0;
            if (std::fabs(codes1[i] - want1) > 1.0 || std::fabs(codes2[i] - want2) > 1.0)
                return fail("adam8bitStep codes" + at + ": element " + std::to_string(i) + " has "
                    + std::to_string(codes1[i]) + " and " + std::to_string(codes2[i]) + ", expected "
                    + std::to_string(want1) + " and " + std::to_string(want2));
            if (gradScales[b] == 0.0f && (codes1[i] != 128 || codes2[i] != 0))
                return fail(
                    "adam8bitStep codes" + at + ": the zero block's element " + std::to_string(i) + " is not 0");
        }
    }
    return pass();
}

// ---- the list --------------------------------------------------------------------------------------------------

// Every training check, in a fixed order; names are unique and distinct from the other lists'.
inline std::vector<KernelCheck> trainingKernelChecks()
{
    std::vector<KernelCheck> checks;
    const std::vector<DType> dtypes = { DType::Float32, DType::Float16, DType::BFloat16 };
    checks.push_back({ "gradient references (finite differences)", checkGradientReferences });
    // Attention: every case in float32 and bfloat16; float16 on the MHA and the head dim 256 cases.
    for (const auto& ac : trainingAttentionCases())
        for (const DType dtype : dtypes) {
            if (dtype == DType::Float16 && ac.name != "mha causal" && ac.name != "head dim 256")
                continue;
            const std::string suffix = ac.name + " " + device::dtypeName(dtype);
            const AttentionShape s = ac.shape;
            checks.push_back({ "attentionForward " + suffix,
                [s, dtype](DeviceContext& c) { return checkAttentionForward(c, s, dtype); } });
            checks.push_back({ "attentionBackward " + suffix,
                [s, dtype](DeviceContext& c) { return checkAttentionBackward(c, s, dtype); } });
            checks.push_back({ "attentionEagerBackward " + suffix,
                [s, dtype](DeviceContext& c) { return checkAttentionEagerBackward(c, s, dtype); } });
        }
    for (const DType dtype : dtypes) {
        const std::string dt = device::dtypeName(dtype);
        checks.push_back({ "ropeBackward head dim 64 " + dt,
            [dtype](DeviceContext& c) { return checkRopeBackward(c, dtype, 2, 5, 3, 64, 0, 10000.0f); } });
        checks.push_back({ "ropeBackward head dim 256 at 4093 " + dt,
            [dtype](DeviceContext& c) { return checkRopeBackward(c, dtype, 1, 3, 2, 256, 4093, 1e6f); } });
        checks.push_back({ "rmsNormBackward " + dt,
            [dtype](DeviceContext& c) { return checkRmsNormBackward(c, dtype, 7, 300, 0.0f, true, false); } });
        checks.push_back({ "rmsNormBackward offset 1 " + dt,
            [dtype](DeviceContext& c) { return checkRmsNormBackward(c, dtype, 7, 300, 1.0f, true, false); } });
        // 130 rows: 44 chunks of the weight gradient, the last of one row; dx over dy.
        checks.push_back({ "rmsNormBackward chunked rows in place " + dt,
            [dtype](DeviceContext& c) { return checkRmsNormBackward(c, dtype, 130, 40, 1.0f, true, true); } });
        checks.push_back({ "rmsNormBackward without dweight " + dt,
            [dtype](DeviceContext& c) { return checkRmsNormBackward(c, dtype, 5, 64, 0.0f, false, false); } });
        for (const Activation act : { Activation::Silu, Activation::Gelu, Activation::Relu })
            checks.push_back({ std::string("gatedActivationBackward ") + activationName(act) + " " + dt,
                [dtype, act](DeviceContext& c) { return checkGatedActivationBackward(c, dtype, act, false); } });
        checks.push_back({ "gatedActivationBackward silu over dout " + dt,
            [dtype](DeviceContext& c) { return checkGatedActivationBackward(c, dtype, Activation::Silu, true); } });
        checks.push_back({ "embeddingBackward " + dt,
            [dtype](DeviceContext& c) { return checkEmbeddingBackward(c, dtype, 1.0f); } });
        checks.push_back({ "embeddingBackward scaled " + dt,
            [dtype](DeviceContext& c) { return checkEmbeddingBackward(c, dtype, std::sqrt(97.0f)); } });
        checks.push_back({ "sgdStep " + dt, [dtype](DeviceContext& c) { return checkSgdStep(c, dtype); } });
        for (const DType state : dtypes)
            checks.push_back({ "adamStepStates " + dt + " states " + device::dtypeName(state),
                [dtype, state](DeviceContext& c) { return checkAdamStepStates(c, dtype, state); } });
        checks.push_back({ "adam8bitStep " + dt, [dtype](DeviceContext& c) { return checkAdam8bitStep(c, dtype); } });
    }
    checks.push_back({ "logSoftmaxRows", [](DeviceContext& c) { return checkLogSoftmaxRows(c, false); } });
    checks.push_back({ "logSoftmaxRows in place", [](DeviceContext& c) { return checkLogSoftmaxRows(c, true); } });
    checks.push_back({ "nllLoss", checkNllLoss });
    checks.push_back({ "nllLossBackward", checkNllLossBackward });
    checks.push_back({ "logSoftmaxBackward", [](DeviceContext& c) { return checkLogSoftmaxBackward(c, false); } });
    checks.push_back(
        { "logSoftmaxBackward in place", [](DeviceContext& c) { return checkLogSoftmaxBackward(c, true); } });
    return checks;
}

// kernelChecks(), decoderKernelChecks(), then trainingKernelChecks(): what the three drivers run.
inline std::vector<KernelCheck> allKernelChecks()
{
    auto checks = kernelChecks();
    for (auto& c : decoderKernelChecks())
        checks.push_back(std::move(c));
    for (auto& c : trainingKernelChecks())
        checks.push_back(std::move(c));
    return checks;
}

} // namespace iteragpu::gpucheck
