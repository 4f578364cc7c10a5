// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/sheetcontentbuilder.h"

#include "app/gui/application/messagetext.h"
#include "core/report/resultjson.h"

#include <QDateTime>
#include <algorithm>
#include <nlohmann/json.hpp>

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

    QString phaseLabel(const protocol::PhaseResult& phase)
    {
        QString name = QString::fromStdString(phase.name);
        if (phase.repeat)
            name += QLatin1Char('#') + QString::number(*phase.repeat);
        return name;
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
                             .arg(locale.toString(static_cast<qulonglong>(e.parameters)),
                                 messageText(e.parameterSource, locale, translate));
        if (e.tensorParallel > 1)
            //: %1 is the number of devices
            c.weightsBasis += QStringLiteral(", ")
                + tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "per device with %1 devices in tensor parallel"))
                      .arg(locale.toString(static_cast<qulonglong>(e.tensorParallel)));
        for (const auto& comp : e.components) {
            if (comp.bytes)
                c.estimate.append({ QString::fromStdString(comp.id), *comp.bytes });
        }
        c.estimate.append({ QStringLiteral("reserve"), e.reserve.bytes });
        c.estimateTotal = e.total();
        for (const auto& a : e.assumptions)
            c.assumptions << messageText(a, locale, translate);
        //: %1 is the name of the most demanding phase of the estimate, e.g. "train_step"
        c.assumptions << tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                                     "The total is the most demanding phase (%1) plus the reserve, not the sum of "
                                     "every component."))
                             .arg(QString::fromStdString(e.largestPhase));
    }

    if (in.run) {
        const auto& r = *in.run;
        c.simulated = r.simulated || r.environment.simulated || r.environment.device.simulated;
        c.deviceId = QString::fromStdString(r.config.deviceId);
        c.deviceName = QString::fromStdString(r.environment.device.name);
        if (r.environment.device.totalBytes > 0)
            c.deviceCapacity = r.environment.device.totalBytes;
        c.backend = QString::fromStdString(r.environment.allocatorBackend.empty()
                ? std::string(protocol::allocatorName(r.config.allocator))
                : r.environment.allocatorBackend);
        //: %1 batch, %2 context tokens, %3 width, %4 dtype, %5 mode ("inference" or "training")
        c.maxLoad = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "batch %1, context %2, width %3, %4, %5"))
                        .arg(locale.toString(static_cast<qulonglong>(r.config.batch)),
                            locale.toString(static_cast<qulonglong>(r.config.context)),
                            locale.toString(static_cast<qulonglong>(r.config.width)),
                            QString::fromUtf8(device::dtypeName(r.config.dtype)),
                            QString::fromUtf8(protocol::modeName(r.config.mode)));
        const protocol::PhaseResult* lastRun = nullptr;
        for (const auto& p : r.phases) {
            if (p.status == protocol::PhaseStatus::NotRun)
                continue;
            SheetContent::Phase phase;
            phase.name = phaseLabel(p);
            phase.passed = p.status == protocol::PhaseStatus::Ok;
            phase.error = QString::fromStdString(p.error);
            phase.outOfMemory = !phase.passed
                && (phase.error.contains(QLatin1String("out of memory"), Qt::CaseInsensitive)
                    || phase.error.contains(QLatin1String("OOM")));
            phase.peakAllocated = p.peak.allocated;
            phase.peakReserved = p.peak.reserved;
            phase.finalAllocated = p.final.allocated;
            phase.finalReserved = p.final.reserved;
            phase.predictedPeak = p.predictedPeakAllocated;
            c.phases.append(phase);
            c.maxAllocated = maxOf(c.maxAllocated, p.peak.allocated);
            c.maxReserved = maxOf(c.maxReserved, p.peak.reserved);
            lastRun = &p;
        }
        if (lastRun) {
            c.allocated = lastRun->final.allocated;
            c.reserved = lastRun->final.reserved;
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
        // The policies in the sheet's language, from the run's configuration (the result's own policy texts
        // are English, written by core).
        const bool training = r.config.mode == protocol::Mode::Training;
        QString warmup;
        if (r.config.warmup == 0)
            warmup = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "no warm-up"));
        else if (training)
            //: %1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.
            warmup = tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                "training steps: %1, in one 'warmup' phase after the cold pass; measured repeats: %2, one record "
                "each"));
        else
            //: %1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.
            warmup = tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                "forward passes: %1, in one 'warmup' phase after the cold pass; measured repeats: %2, one record "
                "each"));
        if (r.config.warmup > 0)
            warmup = warmup.arg(locale.toString(r.config.warmup), locale.toString(r.config.repeats));
        //: %1 is the run's warm-up policy in words
        c.assumptions << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Warm-up: %1")).arg(warmup);
        const QString emptyCache = r.config.emptyCacheBetweenRepeats
            ? tr.text(QT_TRANSLATE_NOOP(
                "DecisionSheet", "empty_cache() before each warm repeat, before its baseline is read"))
            : tr.text(
                QT_TRANSLATE_NOOP("DecisionSheet", "no empty_cache() between repeats: the allocator's cache is kept"));
        //: %1 is the run's policy for emptying the allocator's cache, in words
        c.assumptions << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Emptying the cache: %1")).arg(emptyCache);
        if (in.attachRawJson)
            c.rawJson = QByteArray::fromStdString(report::toJson(r).dump(2));
        c.rawJsonFileName = in.rawJsonFileName;
    }
    return c;
}

} // namespace iteragpu::gui
