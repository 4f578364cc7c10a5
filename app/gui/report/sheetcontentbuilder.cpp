// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/sheetcontentbuilder.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/application/messagetext.h"
#include "core/protocol/runsummary.h"
#include "core/protocol/workloaddescription.h"
#include "core/report/ledger.h"
#include "core/report/ledgerestimate.h"
#include "core/sizing/phaselabels.h"
#include "core/sweep/sweepsummary.h"
#include "core/units/units.h"
#include "core/verdict/measuredverdict.h"

#include <QDateTime>
#include <algorithm>

namespace iteragpu::gui {

namespace {

    std::optional<quint64> maxOf(std::optional<quint64> a, std::optional<quint64> b)
    {
        if (!a)
            return b;
        if (!b)
            return a;
        return std::max(*a, *b);
    }

    SheetContent::Fit toFit(const sizing::FitVerdict& v)
    {
        SheetContent::Fit f;
        f.cardId = QString::fromStdString(v.cardId);
        f.cardName = QString::fromStdString(v.cardName);
        f.needed = v.neededPerDevice;
        f.available = v.availablePerDevice;
        f.margin = v.margin;
        f.fits = v.fits;
        f.dominantComponent = QString::fromStdString(v.dominantComponent);
        return f;
    }

    const char* dimensionSource(sweep::Dimension d)
    {
        switch (d) {
        case sweep::Dimension::Batch:
            return QT_TRANSLATE_NOOP("DecisionSheet", "batch");
        case sweep::Dimension::Context:
            return QT_TRANSLATE_NOOP("DecisionSheet", "context");
        case sweep::Dimension::Width:
            return QT_TRANSLATE_NOOP("DecisionSheet", "width");
        case sweep::Dimension::Sequences:
            return QT_TRANSLATE_NOOP("DecisionSheet", "sequences");
        case sweep::Dimension::PromptTokens:
            return QT_TRANSLATE_NOOP("DecisionSheet", "prompt tokens");
        case sweep::Dimension::Generated:
            return QT_TRANSLATE_NOOP("DecisionSheet", "generated tokens");
        case sweep::Dimension::SeqLen:
            return QT_TRANSLATE_NOOP("DecisionSheet", "sequence length (training)");
        case sweep::Dimension::MaxModelLen:
            return QT_TRANSLATE_NOOP("DecisionSheet", "vLLM's --max-model-len");
        case sweep::Dimension::MaxNumSeqs:
            return QT_TRANSLATE_NOOP("DecisionSheet", "vLLM's --max-num-seqs");
        }
        return "";
    }

    // The sweep's facts for the sheet: core's summary (the maximum load tried), the record's boundary and the
    // fit's cards, labels in the sheet's language.
    SheetContent::Sweep sweepOf(const sweep::SweepRecord& r, const QString& folder, const SheetTranslator& tr)
    {
        const QLocale locale = tr.locale();
        const sweep::SweepSummary summary = sweep::summarizeSweep(r);
        SheetContent::Sweep s;
        s.dimension = tr.text(dimensionSource(r.spec.dimension));
        s.folder = folder;
        s.simulated = summary.simulated;
        s.maxTried = summary.maxTried;
        s.withResult = static_cast<int>(summary.passed + summary.failed);
        s.largestPassing = r.boundary.largestPassing;
        s.smallestFailing = r.boundary.smallestFailing;
        s.failedPhase = QString::fromStdString(r.boundary.failedPhase);
        s.outOfMemory = r.boundary.outOfMemory;
        s.exact = r.boundary.exact;
        if (r.fit) {
            for (const auto& card : r.fit->cards) {
                const QString name = QString::fromStdString(card.cardName.empty() ? card.cardId : card.cardName);
                const QString capacity = LocaleNumber::fixed(units::toGiB(card.capacityBytes), 2, locale)
                    + QStringLiteral(" GiB");
                QString value;
                if (card.unbounded)
                    value = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "no limit follows from the fit"));
                else if (!card.largestValue)
                    value = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "nothing fits"));
                else
                    value = LocaleNumber::integer(static_cast<qulonglong>(*card.largestValue), locale);
                s.cards.append({ name + QStringLiteral(" (") + capacity + QLatin1Char(')'), value });
            }
        }
        return s;
    }

} // namespace

SheetContent SheetContentBuilder::build(const Inputs& in, const SheetTranslator& tr)
{
    SheetContent c;
    c.title = in.title;
    c.choice = in.choice;
    c.chart = in.chart;
    c.created = QDateTime::currentDateTime();
    const QLocale locale = tr.locale();
    const TranslateFunction translate
        = [&tr](const char* context, const char* source) { return tr.translate(context, source); };

    if (in.estimate) {
        const auto& e = *in.estimate;
        if (const auto* weights = e.find("weights"); weights && weights->bytes)
            c.weightsBytes = *weights->bytes;
        //: %1 is the parameter count, %2 where it comes from (e.g. "typed", "config.json (exact from shapes)")
        c.weightsBasis = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "%1 parameters, %2"))
                             .arg(LocaleNumber::integer(static_cast<qulonglong>(e.parameters), locale),
                                 messageText(e.parameterSource, locale, translate));
        if (e.tensorParallel > 1)
            //: %1 is the number of devices
            c.weightsBasis += QStringLiteral(", ")
                + tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "per device with %1 devices in tensor parallel"))
                      .arg(LocaleNumber::integer(static_cast<qulonglong>(e.tensorParallel), locale));
        for (const auto& line : e.architecture)
            c.architecture << messageText(line, locale, translate);
        for (const auto& comp : e.components) {
            if (comp.bytes)
                c.estimate.append({ QString::fromStdString(comp.id), *comp.bytes });
        }
        c.estimate.append({ QStringLiteral("reserve"), e.reserve.bytes });
        c.estimateTotal = e.total();
        for (const auto& line : e.computation) {
            QString text = messageText(line.formula, locale, translate);
            if (line.provenance == sizing::Provenance::Assumed)
                text += QStringLiteral(" (") + tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "assumed")) + QLatin1Char(')');
            c.computation.append({ QString::fromStdString(line.componentId), text });
        }
        if (in.target)
            c.target = toFit(*in.target);
        for (const auto& line : in.engine)
            c.engine << messageText(line, locale, translate);
        c.engineStarts = in.engineStarts;
        for (const auto& v : in.catalog)
            c.catalog.append(toFit(v));
        for (const auto& a : e.assumptions)
            c.assumptions << messageText(a, locale, translate);
        //: %1 is the name of the most demanding phase of the estimate, e.g. "train_step"
        c.assumptions << tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                                     "The total is the most demanding phase (%1) plus the reserve, not the sum of "
                                     "every component."))
                             .arg(messageText(i18n::Message { "%1", { i18n::Arg(sizing::phaseLabel(e.largestPhase)) }, "" },
                                 locale, translate));
    }

    if (in.sweep) {
        c.sweep = sweepOf(*in.sweep, in.sweepFolder, tr);
        c.simulated = c.simulated || c.sweep->simulated;
        if (!in.run && c.sweep->maxTried)
            //: %1 dimension (e.g. sequences), %2 its largest value tried, %3 trials with a result
            c.maxLoad = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "%1 %2 (the sweep's largest value with a result, "
                                                                   "over %3 trials)"))
                            .arg(c.sweep->dimension, LocaleNumber::integer(static_cast<qulonglong>(*c.sweep->maxTried), locale),
                                LocaleNumber::integer(c.sweep->withResult, locale));
    }

    if (in.run) {
        const auto& r = *in.run;
        c.simulated = c.simulated || r.simulated || r.environment.simulated || r.environment.device.simulated;
        c.deviceId = QString::fromStdString(r.config.deviceId);
        c.deviceName = QString::fromStdString(r.environment.device.name);
        if (r.environment.device.totalBytes > 0)
            c.deviceCapacity = r.environment.device.totalBytes;
        c.backend = QString::fromStdString(r.environment.allocatorBackend.empty()
                ? std::string(protocol::allocatorName(r.config.allocator))
                : r.environment.allocatorBackend);
        // Each run by its own workload: a decoder by its model, format, sequences and tokens, never by the dense
        // network's fields.
        c.workload = messageText(protocol::describeWorkload(r.config), locale, translate);
        c.maxLoad = messageText(protocol::describeLoad(r.config), locale, translate);
        {
            const verdict::MeasuredVerdict v = verdict::MeasuredVerdict::of(r);
            SheetContent::Measured m;
            m.fits = v.fits();
            m.decisive = v.decisive();
            m.sentence = messageText(v.sentence, locale, translate);
            if (in.need)
                if (const auto said = v.disagreement(*in.need))
                    m.disagreement = messageText(*said, locale, translate);
            c.measured = m;
        }
        c.runSummary = messageText(protocol::summarize(r).message(), locale, translate);
        if (in.sweep) {
            // The sweep tried more than the one run: its largest value with a result is the maximum load tried.
            const SheetContent::Sweep s = sweepOf(*in.sweep, in.sweepFolder, tr);
            if (s.maxTried)
                //: %1 dimension (e.g. sequences), %2 its largest value tried, %3 the run's own load, %4 trials
                c.maxLoad = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "%1 %2 (the sweep's largest value with a "
                                                                       "result, over %4 trials; this run: %3)"))
                                .arg(s.dimension, LocaleNumber::integer(static_cast<qulonglong>(*s.maxTried), locale), c.maxLoad,
                                    LocaleNumber::integer(s.withResult, locale));
        }
        const protocol::PhaseResult* lastRun = nullptr;
        for (const auto& p : r.phases) {
            SheetContent::Phase phase;
            phase.name = QString::fromStdString(protocol::phaseLabel(p));
            phase.ran = p.status != protocol::PhaseStatus::NotRun;
            phase.passed = p.status == protocol::PhaseStatus::Ok;
            phase.outOfMemory = p.status == protocol::PhaseStatus::Failed && p.outOfMemory.value_or(false);
            phase.error = QString::fromStdString(p.error);
            phase.peakAllocated = p.peak.allocated;
            phase.peakReserved = p.peak.reserved;
            phase.finalAllocated = p.final.allocated;
            phase.finalReserved = p.final.reserved;
            phase.predictedPeak = p.predictedPeakAllocated;
            c.phases.append(phase);
            if (!phase.ran)
                continue;
            c.maxAllocated = maxOf(c.maxAllocated, p.peak.allocated);
            c.maxReserved = maxOf(c.maxReserved, p.peak.reserved);
            lastRun = &p;
        }
        if (lastRun) {
            c.allocated = lastRun->final.allocated;
            c.reserved = lastRun->final.reserved;
        }
        // The ledgers from core, the same the CLI prints and the Why view shows.
        const auto peak = report::peakPhaseIndex(r);
        const auto failed = report::failedPhaseIndex(r);
        std::vector<std::size_t> explained;
        for (const auto& index : { peak, failed })
            if (index && r.phases[*index].status != protocol::PhaseStatus::NotRun
                && std::find(explained.begin(), explained.end(), *index) == explained.end())
                explained.push_back(*index);
        for (const std::size_t index : explained) {
            const report::PhaseLedger ledger = report::buildPhaseLedger(r, index, report::estimateForPhase(r, index));
            SheetContent::Ledger out;
            out.phase = QString::fromStdString(ledger.phase);
            out.peak = peak && *peak == index;
            out.failed = failed && *failed == index;
            const auto text = [&](const i18n::Message& m) { return messageText(m, locale, translate); };
            for (const auto& section : ledger.sections) {
                const QString title = text(section.title);
                if (section.missing)
                    out.missing << title + QStringLiteral(": ") + text(*section.missing);
                auto addLine = [&](const report::LedgerLine& line, bool total) {
                    if (!line.bytes && line.key == "origin") {
                        // The estimate's origin is words, not a figure: it goes with the computed lines as text.
                        out.computed.append({ title, text(line.label), std::nullopt, QString(), false, true });
                        return;
                    }
                    SheetContent::LedgerEntry entry { title, text(line.label), line.bytes,
                        line.cause ? text(report::ledgerCauseLabel(*line.cause)) : QString(), total };
                    switch (line.source) {
                    case report::LedgerSource::Computed:
                        out.computed.append(entry);
                        break;
                    case report::LedgerSource::Observed:
                        out.observed.append(entry);
                        break;
                    case report::LedgerSource::Assumed:
                        out.assumed.append(entry);
                        break;
                    }
                };
                for (const auto& part : section.parts)
                    addLine(part, false);
                addLine(section.total, true);
                for (const auto& aside : section.asides)
                    addLine(aside, false);
            }
            c.ledgers.append(out);
        }
        auto env = [&](const char* label, const std::string& value) {
            if (!value.empty())
                c.environment.append({ tr.text(label), QString::fromStdString(value) });
        };
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Backend"), r.environment.backend);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Runtime"), r.environment.runtimeDescription);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Device"), r.environment.device.name);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Architecture"), r.environment.device.arch);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Driver version"), r.environment.device.driverVersion);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Runtime version"), r.environment.device.runtimeVersion);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Allocator settings"), r.environment.allocatorSettings);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Operating system"), r.environment.os);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Compiler"), r.environment.compiler);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "IteraGPU Lab version"), r.environment.appVersion);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Commit"), r.environment.commit);
        env(QT_TRANSLATE_NOOP("DecisionSheet", "Started (UTC)"), r.identity.startedAtUtc);
        // The policies in the sheet's language, from core's messages for the run's configuration.
        //: %1 is the run's warm-up policy in words
        c.assumptions << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Warm-up: %1"))
                             .arg(messageText(protocol::warmupPolicy(r.config), locale, translate));
        //: %1 is the run's policy for emptying the allocator's cache, in words
        c.assumptions << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Emptying the cache: %1"))
                             .arg(messageText(protocol::emptyCachePolicy(r.config), locale, translate));
        if (in.source)
            c.source = in.source->describe(tr);
        c.rawJsonFileName = in.rawJsonFileName;
    }
    return c;
}

} // namespace iteragpu::gui
