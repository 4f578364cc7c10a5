// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/sweeptext.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sweep/bytescale.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <set>

namespace iteragpu::gui {

QString SweepText::dimension(sweep::Dimension dimension)
{
    switch (dimension) {
    case sweep::Dimension::Batch:
        return tr("batch");
    case sweep::Dimension::Context:
        return tr("context");
    case sweep::Dimension::Width:
        return tr("width");
    case sweep::Dimension::Sequences:
        return tr("sequences");
    case sweep::Dimension::PromptTokens:
        return tr("prompt tokens");
    case sweep::Dimension::Generated:
        return tr("generated tokens");
    case sweep::Dimension::SeqLen:
        return tr("sequence length (training)");
    case sweep::Dimension::MaxModelLen:
        return tr("vLLM's --max-model-len");
    case sweep::Dimension::MaxNumSeqs:
        return tr("vLLM's --max-num-seqs");
    }
    return {};
}

std::optional<std::uint64_t> SweepText::capacity(const sweep::SweepRecord& record)
{
    std::optional<std::uint64_t> top;
    for (const auto& t : record.trials)
        if (t.capacityBytes)
            top = std::max(top.value_or(0), *t.capacityBytes);
    return top;
}

QString SweepText::label(const sweep::SweepRecord& record)
{
    // The devices the trials ran on, in the order first used; the spec's when none ran yet.
    QStringList devices;
    for (const auto& t : record.trials)
        if (!t.device.empty() && !devices.contains(QString::fromStdString(t.device)))
            devices << QString::fromStdString(t.device);
    if (devices.isEmpty())
        for (const auto& d : record.spec.devices)
            devices << QString::fromStdString(d);
    QString text = devices.join(QStringLiteral(", "));
    if (record.simulated)
        //: %1 is a list of device ids, e.g. sim:0
        text = tr("%1 (simulated)").arg(text);
    return text;
}

QString SweepText::boundary(const sweep::SweepRecord& record)
{
    const QLocale locale;
    const sweep::Boundary& b = record.boundary;
    const QString dim = dimension(record.spec.dimension);
    const auto value = [&](std::uint64_t v) { return LocaleNumber::integer(static_cast<qulonglong>(v), locale); };
    if (b.largestPassing && b.smallestFailing) {
        QString why;
        if (!b.failedPhase.empty() && b.outOfMemory)
            //: %1 is a phase identifier such as prefill
            why = tr("out of memory in %1").arg(QString::fromStdString(b.failedPhase));
        else if (!b.failedPhase.empty())
            //: %1 is a phase identifier such as prefill
            why = tr("failed in %1").arg(QString::fromStdString(b.failedPhase));
        //: %1 dimension name, %2 the largest passing value, %3 the smallest failing value, %4 why it failed
        QString text = tr("Boundary: %1 %2 passes, %3 fails (%4).")
                           .arg(dim, value(*b.largestPassing), value(*b.smallestFailing),
                               why.isEmpty() ? QString::fromStdString(b.error) : why);
        if (!b.exact)
            text += QLatin1Char(' ') + tr("Not yet at the resolution.");
        return text;
    }
    if (b.largestPassing) {
        if (b.limitReached)
            //: %1 dimension name, %2 the largest value tried, which passed
            return tr("No failure up to the maximum: %1 %2 passes.").arg(dim, value(*b.largestPassing));
        //: %1 dimension name, %2 the largest passing value so far
        return tr("Largest passing so far: %1 %2; no failure yet.").arg(dim, value(*b.largestPassing));
    }
    if (b.smallestFailing)
        //: %1 dimension name, %2 the smallest value tried, which failed
        return tr("Nothing passed: %1 %2 already fails.").arg(dim, value(*b.smallestFailing));
    return tr("No trial has finished yet.");
}

QString SweepText::fit(const sweep::SweepRecord& record, units::Unit unit)
{
    if (!record.fit)
        return {};
    const sweep::GrowthFit& f = *record.fit;
    const QLocale locale;
    const QString dim = dimension(record.spec.dimension);
    const auto amount = [&](double bytes) -> QString {
        const double magnitude = std::abs(bytes);
        const ByteScale scale = ByteScale::forTop(static_cast<std::uint64_t>(magnitude), unit);
        return (bytes < 0 ? QStringLiteral("−") : QString())
            + scale.text(static_cast<std::uint64_t>(magnitude + 0.5), locale);
    };
    QString formula = amount(f.constant) + QStringLiteral(" + ") + amount(f.linear) + QStringLiteral(" × ") + dim;
    if (f.quadratic)
        formula += QStringLiteral(" + ") + amount(f.quadraticTerm) + QStringLiteral(" × ") + dim + QStringLiteral("²");
    //: %n passing trials used, %1 the fitted formula, e.g. "1.20 GiB + 0.31 GiB × sequences"
    QString text = tr("Fitted over %n passing trial(s): peak allocated ≈ %1.", nullptr, static_cast<int>(f.points))
                       .arg(formula);
    if (!f.note.empty())
        text += QLatin1Char(' ') + QString::fromStdString(f.note);
    return text;
}

QString SweepText::cardLine(const sweep::CardExtrapolation& card, sweep::Dimension dim, units::Unit unit)
{
    const QLocale locale;
    const QString name = QString::fromStdString(card.cardName.empty() ? card.cardId : card.cardName);
    const QString capacity = ByteScale::readable(card.capacityBytes, unit, locale);
    if (card.unbounded)
        //: %1 card name, %2 its capacity; the fit does not grow, so it gives no limit
        return tr("%1 (%2): no limit follows from the fit (assumed)").arg(name, capacity);
    if (!card.largestValue)
        //: %1 card name, %2 its capacity
        return tr("%1 (%2): nothing fits (assumed)").arg(name, capacity);
    //: %1 card name, %2 its capacity, %3 dimension name, %4 the largest value the fit gives on it
    return tr("%1 (%2): %3 ≤ %4 (assumed)")
        .arg(name, capacity, dimension(dim), LocaleNumber::integer(static_cast<qulonglong>(*card.largestValue), locale));
}

QString SweepText::extrapolation(const sweep::SweepRecord& record, int cards)
{
    if (!record.fit || record.fit->cards.empty())
        return {};
    QStringList lines;
    const QLocale locale;
    for (const auto& card : record.fit->cards) {
        if (lines.size() >= cards)
            break;
        const QString name = QString::fromStdString(card.cardName.empty() ? card.cardId : card.cardName);
        if (card.unbounded)
            //: %1 card name; the fit does not grow, so it gives no limit
            lines << tr("%1: no limit").arg(name);
        else if (!card.largestValue)
            //: %1 card name
            lines << tr("%1: nothing fits").arg(name);
        else
            //: %1 card name, %2 the largest value the fit gives on it
            lines << tr("%1: ≤ %2").arg(name, LocaleNumber::integer(static_cast<qulonglong>(*card.largestValue), locale));
    }
    //: %1 dimension name, %2 a list of cards with the largest value on each
    return tr("Assumed from the fit, not measured: the largest %1 on %2.")
        .arg(dimension(record.spec.dimension), lines.join(QStringLiteral("; ")));
}

} // namespace iteragpu::gui
