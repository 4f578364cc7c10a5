// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workload/workloadsettings.h"

#include <QSettings>
#include <limits>
#include <type_traits>

namespace iteragpu::gui {

namespace {
    const QString kGroup = QStringLiteral("workload");

    std::optional<std::uint64_t> readCount(const QSettings& s, const QString& key)
    {
        bool ok = false;
        const qulonglong v = s.value(key).toULongLong(&ok);
        if (!ok)
            return std::nullopt;
        return static_cast<std::uint64_t>(v);
    }
} // namespace

std::optional<protocol::RunConfig> WorkloadSettings::load()
{
    QSettings s;
    if (!s.childGroups().contains(kGroup))
        return std::nullopt;
    s.beginGroup(kGroup);
    protocol::RunConfig c;
    if (const auto mode = protocol::modeFromName(s.value(QStringLiteral("mode")).toString().toStdString()))
        c.mode = *mode;
    if (const auto dtype = device::dtypeFromName(s.value(QStringLiteral("dtype")).toString().toStdString()))
        c.dtype = *dtype;
    if (const auto alloc = protocol::allocatorFromName(s.value(QStringLiteral("allocator")).toString().toStdString()))
        c.allocator = *alloc;
    auto count = [&](const char* key, auto& field) {
        if (const auto v = readCount(s, QLatin1String(key)); v && *v <= std::numeric_limits<std::decay_t<decltype(field)>>::max())
            field = static_cast<std::decay_t<decltype(field)>>(*v);
    };
    count("batch", c.batch);
    count("context", c.context);
    count("width", c.width);
    count("warmup", c.warmup);
    count("repeats", c.repeats);
    c.emptyCacheBetweenRepeats = s.value(QStringLiteral("emptyCache"), c.emptyCacheBetweenRepeats).toBool();
    bool ok = false;
    const double hz = s.value(QStringLiteral("samplingHz")).toDouble(&ok);
    if (ok)
        c.samplingHz = hz; // the form shows an out-of-range value with its reason, it does not clamp it silently
    if (const auto cap = readCount(s, QStringLiteral("simCapacityBytes")); cap && *cap > 0)
        c.simCapacityBytes = *cap;
    s.endGroup();
    if (!protocol::validateConfig(c).empty())
        return std::nullopt; // a damaged or hand-edited file: start from the seeds' example
    return c;
}

void WorkloadSettings::save(const protocol::RunConfig& c)
{
    QSettings s;
    s.beginGroup(kGroup);
    s.setValue(QStringLiteral("mode"), QLatin1String(protocol::modeName(c.mode)));
    s.setValue(QStringLiteral("dtype"), QLatin1String(device::dtypeName(c.dtype)));
    s.setValue(QStringLiteral("allocator"), QLatin1String(protocol::allocatorName(c.allocator)));
    s.setValue(QStringLiteral("batch"), static_cast<qulonglong>(c.batch));
    s.setValue(QStringLiteral("context"), static_cast<qulonglong>(c.context));
    s.setValue(QStringLiteral("width"), static_cast<qulonglong>(c.width));
    s.setValue(QStringLiteral("warmup"), static_cast<qulonglong>(c.warmup));
    s.setValue(QStringLiteral("repeats"), static_cast<qulonglong>(c.repeats));
    s.setValue(QStringLiteral("emptyCache"), c.emptyCacheBetweenRepeats);
    s.setValue(QStringLiteral("samplingHz"), c.samplingHz);
    if (c.simCapacityBytes) // kept as it was when a GPU is chosen (the field is disabled then)
        s.setValue(QStringLiteral("simCapacityBytes"), static_cast<qulonglong>(*c.simCapacityBytes));
    s.endGroup();
}

std::optional<protocol::DecoderSpec> WorkloadSettings::loadDecoder()
{
    QSettings s;
    s.beginGroup(kGroup);
    if (!s.childGroups().contains(QStringLiteral("decoder")))
        return std::nullopt;
    s.beginGroup(QStringLiteral("decoder"));
    protocol::DecoderSpec d;
    auto count = [&](const char* key, std::uint64_t& field, std::uint64_t least) {
        if (const auto v = readCount(s, QLatin1String(key)); v && *v >= least)
            field = *v;
    };
    count("promptTokens", d.promptTokens, 1);
    count("generated", d.generated, 0);
    count("sequences", d.sequences, 1);
    count("decodeChunk", d.decodeChunk, 0);
    if (const auto cache = protocol::kvCacheFromName(s.value(QStringLiteral("kvCache")).toString().toStdString()))
        d.cache = *cache;
    if (const auto a = protocol::attentionFromName(s.value(QStringLiteral("attention")).toString().toStdString()))
        d.attention = *a;
    return d;
}

void WorkloadSettings::saveDecoder(const protocol::DecoderSpec& d)
{
    QSettings s;
    s.beginGroup(kGroup);
    s.beginGroup(QStringLiteral("decoder"));
    s.setValue(QStringLiteral("promptTokens"), static_cast<qulonglong>(d.promptTokens));
    s.setValue(QStringLiteral("generated"), static_cast<qulonglong>(d.generated));
    s.setValue(QStringLiteral("sequences"), static_cast<qulonglong>(d.sequences));
    s.setValue(QStringLiteral("decodeChunk"), static_cast<qulonglong>(d.decodeChunk));
    s.setValue(QStringLiteral("kvCache"), QLatin1String(protocol::kvCacheName(d.cache)));
    s.setValue(QStringLiteral("attention"), QLatin1String(protocol::attentionName(d.attention)));
}

std::optional<protocol::WorkloadKind> WorkloadSettings::loadChosenWorkload()
{
    const QSettings s;
    return protocol::workloadKindFromName(s.value(kGroup + QStringLiteral("/kind")).toString().toStdString());
}

void WorkloadSettings::saveChosenWorkload(std::optional<protocol::WorkloadKind> kind)
{
    QSettings s;
    if (kind)
        s.setValue(kGroup + QStringLiteral("/kind"), QLatin1String(protocol::workloadKindName(*kind)));
    else
        s.remove(kGroup + QStringLiteral("/kind"));
}

bool WorkloadSettings::loadVllmRun()
{
    const QSettings s;
    return s.value(kGroup + QStringLiteral("/vllmRun"), false).toBool();
}

void WorkloadSettings::saveVllmRun(bool vllm)
{
    QSettings s;
    s.setValue(kGroup + QStringLiteral("/vllmRun"), vllm);
}

std::optional<WorkloadSettings::Training> WorkloadSettings::loadTraining()
{
    QSettings s;
    s.beginGroup(kGroup);
    if (!s.childGroups().contains(QStringLiteral("training")))
        return std::nullopt;
    s.beginGroup(QStringLiteral("training"));
    Training t;
    training::RecipeChoices& c = t.choices;
    t.enabled = s.value(QStringLiteral("enabled"), false).toBool();
    const auto text = [&](const char* key) { return s.value(QLatin1String(key)).toString().toStdString(); };
    if (const auto f = training::frameworkFromName(text("framework")))
        c.framework = *f;
    if (const auto m = training::methodFromName(text("method")))
        c.method = *m;
    if (s.contains(QStringLiteral("targets"))) {
        // "" is a choice too (no target: validateRecipe refuses it in words)
        const std::string names = text("targets");
        const training::TargetList list = training::parseLoraTargets(names);
        if (names.empty())
            c.targets = std::vector<training::LoraTarget> {};
        else if (list.error.empty())
            c.targets = list.targets;
    }
    const auto count = [&](const char* key, std::optional<std::uint64_t>& field) {
        if (const auto v = readCount(s, QLatin1String(key)))
            field = *v; // the form shows an out-of-range value with its reason
    };
    count("rank", c.rank);
    count("microBatch", c.microBatch);
    count("sequenceLength", c.sequenceLength);
    count("gradAccum", c.gradAccum);
    count("lossChunks", c.lossChunks);
    count("evalBatch", c.evalBatch);
    const auto flag = [&](const char* key, std::optional<bool>& field) {
        const QVariant v = s.value(QLatin1String(key));
        if (v.isValid())
            field = v.toBool();
    };
    flag("adapterFp32", c.adapterFp32);
    flag("checkpointing", c.checkpointing);
    flag("pagedOptimizer", c.pagedOptimizer);
    flag("optimizerInBackward", c.optimizerInBackward);
    flag("exportCopy", c.exportCopy);
    if (s.contains(QStringLiteral("optimizer")))
        c.optimizer = training::optimizerKindFromName(text("optimizer"));
    return t;
}

void WorkloadSettings::saveTraining(const Training& t)
{
    QSettings s;
    s.beginGroup(kGroup);
    s.remove(QStringLiteral("training")); // what is no longer said is gone
    s.beginGroup(QStringLiteral("training"));
    const training::RecipeChoices& c = t.choices;
    s.setValue(QStringLiteral("enabled"), t.enabled);
    s.setValue(QStringLiteral("framework"), QLatin1String(training::frameworkName(c.framework)));
    s.setValue(QStringLiteral("method"), QLatin1String(training::methodName(c.method)));
    if (c.targets)
        s.setValue(QStringLiteral("targets"), QString::fromStdString(training::loraTargetList(*c.targets)));
    const auto count = [&](const char* key, const std::optional<std::uint64_t>& field) {
        if (field)
            s.setValue(QLatin1String(key), static_cast<qulonglong>(*field));
    };
    count("rank", c.rank);
    count("microBatch", c.microBatch);
    count("sequenceLength", c.sequenceLength);
    count("gradAccum", c.gradAccum);
    count("lossChunks", c.lossChunks);
    count("evalBatch", c.evalBatch);
    const auto flag = [&](const char* key, const std::optional<bool>& field) {
        if (field)
            s.setValue(QLatin1String(key), *field);
    };
    flag("adapterFp32", c.adapterFp32);
    flag("checkpointing", c.checkpointing);
    flag("pagedOptimizer", c.pagedOptimizer);
    flag("optimizerInBackward", c.optimizerInBackward);
    flag("exportCopy", c.exportCopy);
    if (c.optimizer)
        s.setValue(QStringLiteral("optimizer"), QLatin1String(training::optimizerKindName(*c.optimizer)));
}

void WorkloadSettings::clear()
{
    QSettings s;
    s.remove(kGroup);
}

} // namespace iteragpu::gui
