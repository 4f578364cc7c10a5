// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/growthmodel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

namespace iteragpu::sweep {

namespace {

    constexpr double kMaxWhole = 4611686018427387904.0; // 2^62: beyond it a value is no sweep value (planner)

    struct Point {
        double x = 0.0;
        double y = 0.0;
    };

    // Solves the n x n system (n <= 3) by Gaussian elimination with partial pivoting; false when singular.
    template <std::size_t N> bool solve(std::array<std::array<double, N + 1>, N> m, std::array<double, N>& out)
    {
        for (std::size_t col = 0; col < N; ++col) {
            std::size_t pivot = col;
            for (std::size_t r = col + 1; r < N; ++r)
                if (std::fabs(m[r][col]) > std::fabs(m[pivot][col]))
                    pivot = r;
            if (std::fabs(m[pivot][col]) < 1e-12)
                return false;
            std::swap(m[col], m[pivot]);
            for (std::size_t r = 0; r < N; ++r) {
                if (r == col)
                    continue;
                const double f = m[r][col] / m[col][col];
                for (std::size_t c = col; c <= N; ++c)
                    m[r][c] -= f * m[col][c];
            }
        }
        for (std::size_t i = 0; i < N; ++i)
            out[i] = m[i][N] / m[i][i];
        return true;
    }

    // Least squares of y = sum_k p_k x^k (k < N) with x scaled to [0, 1] so the normal equations stay well
    // conditioned (x^4 of a value in the thousands would swamp the constant); returns unscaled coefficients.
    template <std::size_t N> bool leastSquares(const std::vector<Point>& points, std::array<double, N>& coefficients)
    {
        double scale = 0.0;
        for (const auto& p : points)
            scale = std::max(scale, p.x);
        if (scale <= 0.0)
            return false;
        std::array<std::array<double, N + 1>, N> m {};
        for (const auto& p : points) {
            const double x = p.x / scale;
            std::array<double, 2 * N> powers {};
            powers[0] = 1.0;
            for (std::size_t k = 1; k < 2 * N; ++k)
                powers[k] = powers[k - 1] * x;
            for (std::size_t r = 0; r < N; ++r) {
                for (std::size_t c = 0; c < N; ++c)
                    m[r][c] += powers[r + c];
                m[r][N] += powers[r] * p.y;
            }
        }
        if (!solve<N>(m, coefficients))
            return false;
        double factor = 1.0;
        for (std::size_t k = 0; k < N; ++k) {
            coefficients[k] /= factor;
            factor *= scale;
        }
        return true;
    }

} // namespace

bool GrowthModel::wantsQuadratic(Dimension dimension, const std::string& attention)
{
    return dimensionIsSequenceLength(dimension) && attention == "eager";
}

std::optional<GrowthFit> GrowthModel::fit(const std::vector<TrialRecord>& trials, bool quadratic, std::string& why)
{
    why.clear();
    std::vector<Point> points;
    std::set<std::uint64_t> distinct;
    std::uint64_t overhead = 0;
    for (const auto& t : trials) {
        if (t.status != TrialStatus::Passed || !t.peakAllocated)
            continue;
        points.push_back({ static_cast<double>(t.value), static_cast<double>(*t.peakAllocated) });
        distinct.insert(t.value);
        if (t.devicePeak && *t.devicePeak > *t.peakAllocated)
            overhead = std::max(overhead, *t.devicePeak - *t.peakAllocated);
    }
    GrowthFit f;
    if (quadratic && distinct.size() == 2) {
        quadratic = false;
        f.note = "the quadratic term is left out: 2 distinct values passed, 3 are needed for it";
    }
    if (distinct.size() < 2) {
        why = "no fit: " + std::to_string(distinct.size()) + " distinct passing value"
            + (distinct.size() == 1 ? "" : "s") + ", 2 are needed";
        return std::nullopt;
    }
    f.quadratic = quadratic;
    if (quadratic) {
        std::array<double, 3> c {};
        if (!leastSquares<3>(points, c)) {
            why = "no fit: the passing values give a singular system";
            return std::nullopt;
        }
        f.constant = c[0];
        f.linear = c[1];
        f.quadraticTerm = c[2];
    } else {
        std::array<double, 2> c {};
        if (!leastSquares<2>(points, c)) {
            why = "no fit: the passing values give a singular system";
            return std::nullopt;
        }
        f.constant = c[0];
        f.linear = c[1];
    }
    f.points = points.size();
    f.overheadBytes = overhead;
    for (const auto& p : points)
        if (p.y > 0.0)
            f.maxRelativeResidual = std::max(f.maxRelativeResidual, std::fabs(p.y - evaluate(f, p.x)) / p.y);
    return f;
}

double GrowthModel::evaluate(const GrowthFit& fit, double x)
{
    return fit.constant + fit.linear * x + fit.quadraticTerm * x * x;
}

CardExtrapolation GrowthModel::extrapolate(const GrowthFit& fit, const sizing::GpuCard& card)
{
    CardExtrapolation e;
    e.cardId = card.id;
    e.cardName = card.name;
    e.capacityBytes = card.capacityBytes(); // the usable total where known (Note [Usable capacity])
    if (e.capacityBytes <= fit.overheadBytes)
        return e; // nothing fits: the overhead alone fills the card
    const double budget = static_cast<double>(e.capacityBytes - fit.overheadBytes);
    const auto fits = [&](double x) { return evaluate(fit, x) <= budget; };
    if (!fits(1.0))
        return e;
    // Where the fitted curve crosses the budget, if it ever does for x >= 1.
    double crossing = -1.0;
    const double a = fit.constant - budget;
    const double b = fit.linear;
    const double c = fit.quadraticTerm;
    if (c != 0.0) {
        const double disc = b * b - 4.0 * c * a;
        if (disc >= 0.0) {
            const double r1 = (-b - std::sqrt(disc)) / (2.0 * c);
            const double r2 = (-b + std::sqrt(disc)) / (2.0 * c);
            // The first crossing above 1 where the curve goes from fitting to not fitting.
            for (const double r : { std::min(r1, r2), std::max(r1, r2) })
                if (r >= 1.0 && !fits(r + 1.0) && (crossing < 0.0 || r < crossing))
                    crossing = r;
        }
    } else if (b > 0.0) {
        crossing = -a / b;
    }
    if (crossing < 0.0 || crossing >= kMaxWhole) {
        e.unbounded = true; // the fit does not grow past the card within any value a sweep can hold
        return e;
    }
    double x = std::floor(crossing);
    // The root is a double: settle the whole value by the curve itself.
    for (int i = 0; i < 4 && x > 1.0 && !fits(x); ++i)
        x -= 1.0;
    for (int i = 0; i < 4 && fits(x + 1.0); ++i)
        x += 1.0;
    if (x < 1.0 || !fits(x))
        return e;
    e.largestValue = static_cast<std::uint64_t>(x);
    return e;
}

std::optional<GrowthFit> GrowthModel::fitAndExtrapolate(const std::vector<TrialRecord>& trials, bool quadratic,
    const std::vector<sizing::GpuCard>& cards, std::string& why)
{
    auto f = fit(trials, quadratic, why);
    if (!f)
        return f;
    for (const auto& card : cards)
        f->cards.push_back(extrapolate(*f, card));
    return f;
}

} // namespace iteragpu::sweep
