// SPDX-License-Identifier: Apache-2.0
// The one estimate (core/verdict, Note [One estimate]) against the boundary a sweep finds: for a grid of models,
// simulated cards and shapes, `iteragpu estimate`'s largest batch (the sizing panel's, which reads the same core
// function: tst_sizingparity) equals the largest sequence count a sweep of real `iteragpu measure` processes on
// the simulated card runs without running out of memory, or is one step below it (the safe side), never above; the
// same for the largest context. The reserve is 0: a sweep on a card has none.
#include "core/sweep/sweepjson.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace iteragpu;

namespace {

QString cli() { return qEnvironmentVariable("ITERAGPU_CLI"); }

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run run(const QStringList& args)
{
    QProcess p;
    p.start(cli(), args);
    p.waitForFinished(280000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

struct Case {
    const char* model;
    const char* card;
    const char* format; // the same storage for estimate (--format) and measure (--format)
    std::uint64_t prompt;
    std::uint64_t generated;
    const char* cache; // dynamic or static
};

// Dense GQA and MHA models, a sliding window, q/k norms, an MoE, int8 and NF4 weights, a static cache, six cards.
const Case kBatchCases[] = {
    { "llama-3.1-8b", "rtx-4090", "bf16", 8192, 64, "dynamic" }, // the case: 4 sequences, not 5
    { "llama-3.1-8b", "l4", "bf16", 4096, 32, "dynamic" },
    { "llama-2-7b", "a100-40gb", "fp16", 2048, 128, "dynamic" },
    { "mistral-7b-v0.1", "rtx-3090", "bf16", 4096, 64, "dynamic" },
    { "qwen2-7b", "rtx-3090", "bf16", 8192, 64, "dynamic" },
    { "gemma-7b", "l40s", "bf16", 2048, 64, "dynamic" },
    { "qwen3-8b", "h100-sxm", "bf16", 16384, 64, "dynamic" },
    { "llama-3-8b", "a100-40gb", "int8", 1024, 32, "dynamic" },
    { "qwen3-30b-a3b", "a100-80gb", "bf16", 4096, 32, "dynamic" },
    { "llama-3.1-8b", "rtx-4090", "nf4", 8192, 64, "dynamic" },
    { "llama-3.1-8b", "l4", "bf16", 2048, 64, "static" },
};

const Case kContextCases[] = {
    { "llama-3.1-8b", "rtx-4090", "bf16", 0, 0, "dynamic" },
    { "qwen2-7b", "l4", "bf16", 0, 0, "dynamic" },
    { "qwen3-8b", "rtx-4090", "bf16", 0, 0, "dynamic" },
};

QStringList estimateArgs(const Case& c, std::uint64_t sequences)
{
    QStringList a { QStringLiteral("estimate"), QStringLiteral("--json"), QStringLiteral("--model"),
        QString::fromLatin1(c.model), QStringLiteral("--format"), QString::fromLatin1(c.format),
        QStringLiteral("--tokens"), QString::number(std::max<std::uint64_t>(c.prompt, 1)), QStringLiteral("--generated"),
        QString::number(c.generated), QStringLiteral("--sequences"), QString::number(sequences),
        QStringLiteral("--device-catalog"), QString::fromLatin1(c.card), QStringLiteral("--reserve-gib"),
        QStringLiteral("0"), QStringLiteral("--attention"), QStringLiteral("sdpa") };
    if (QLatin1String(c.cache) == QLatin1String("static"))
        a << QStringLiteral("--static-cache");
    return a;
}

QStringList measureArgs(const Case& c)
{
    QStringList a { QStringLiteral("--model"), QString::fromLatin1(c.model), QStringLiteral("--format"),
        QString::fromLatin1(c.format), QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--sim-card"),
        QString::fromLatin1(c.card), QStringLiteral("--sim-speed"), QStringLiteral("0"), QStringLiteral("--warmup"),
        QStringLiteral("0"), QStringLiteral("--repeats"), QStringLiteral("1"), QStringLiteral("--generated"),
        QString::number(c.generated), QStringLiteral("--kv-cache"), QString::fromLatin1(c.cache),
        QStringLiteral("--attention"), QStringLiteral("sdpa"), QStringLiteral("--ledger"), QStringLiteral("none") };
    if (QLatin1String(c.format) == QLatin1String("int8") || QLatin1String(c.format) == QLatin1String("nf4"))
        a << QStringLiteral("--dtype") << QStringLiteral("bf16");
    if (c.prompt > 0)
        a << QStringLiteral("--prompt-tokens") << QString::number(c.prompt);
    return a;
}

// The sweep's largest passing value of `dimension`, with its smallest failing one.
std::optional<std::pair<std::uint64_t, std::uint64_t>> sweepBoundary(const Case& c, const QString& dimension,
    const QStringList& own, const QStringList& extra, QString& error)
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("s"));
    const Run r = run(QStringList { QStringLiteral("sweep"), QStringLiteral("--folder"), folder,
                          QStringLiteral("--find-max"), QStringLiteral("--dimension"), dimension }
        + own + QStringList { QStringLiteral("--") } + measureArgs(c) + extra);
    if (r.code != 0) {
        error = r.err;
        return std::nullopt;
    }
    sweep::SweepRecord rec;
    std::string e;
    if (!sweep::readSweepFile(sweep::sweepFilePath(folder.toStdString()), rec, e)) {
        error = QString::fromStdString(e);
        return std::nullopt;
    }
    if (!rec.complete || !rec.simulated || !rec.boundary.largestPassing || !rec.boundary.smallestFailing
        || !rec.boundary.outOfMemory) {
        error = QStringLiteral("the sweep found no out-of-memory boundary:\n") + r.out + r.err;
        return std::nullopt;
    }
    return std::pair { *rec.boundary.largestPassing, *rec.boundary.smallestFailing };
}

nlohmann::json estimateJson(const Case& c, std::uint64_t sequences, QString& error)
{
    const Run r = run(estimateArgs(c, sequences));
    if (r.code != 0) {
        error = r.err;
        return nullptr;
    }
    return nlohmann::json::parse(r.out.toStdString(), nullptr, false);
}

// Where the estimate is further than one step on the safe side today: near the card's capacity the caching
// allocator frees its cached blocks and retries a failed cudaMalloc, so a run survives with less reserved than the
// predictor's peak without a release (Gemma-7B's 256 000-entry vocabulary leaves large cached blocks; a long
// prompt's freed intermediates likewise). Counted as expected failures until the replay runs against the card's
// capacity; an unexpected pass fails the suite, so the list cannot go stale.
bool knownGap(const Case& c)
{
    const QLatin1String m(c.model);
    return m == QLatin1String("gemma-7b")
        || (c.prompt == 0 && (m == QLatin1String("llama-3.1-8b") || m == QLatin1String("qwen2-7b")));
}

QByteArray name(const Case& c)
{
    return QByteArray(c.model) + " " + c.format + " on " + c.card + ", " + QByteArray::number(qulonglong(c.prompt))
        + " + " + QByteArray::number(qulonglong(c.generated)) + " tokens, " + c.cache;
}

} // namespace

class TestOneEstimate : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFile::exists(cli()), "ITERAGPU_CLI is not set to the built iteragpu"); }

    void largestBatchIsTheSweepsBoundary_data()
    {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kBatchCases)); ++i)
            QTest::newRow(name(kBatchCases[i]).constData()) << i;
    }

    // The estimate's largest batch is the sweep's boundary, or one below it; the estimate's own need at that
    // batch is the predicted one (the decoder runs every case as sized) and fits the card.
    void largestBatchIsTheSweepsBoundary()
    {
        QFETCH(int, index);
        const Case& c = kBatchCases[index];
        QString error;
        const nlohmann::json e = estimateJson(c, 1, error);
        QVERIFY2(e.is_object(), qPrintable(error));
        QVERIFY2(e["largest_batch"].is_number_unsigned(), e.dump().c_str());
        QCOMPARE(e["largest_batch_cap"].get<std::string>(), std::string("memory"));
        QVERIFY2(e["device_need"]["predicted"].get<bool>(), e["device_need"].dump().c_str());
        const std::uint64_t estimated = e["largest_batch"].get<std::uint64_t>();
        const auto boundary = sweepBoundary(c, QStringLiteral("sequences"), {}, {}, error);
        QVERIFY2(boundary, qPrintable(error));
        QCOMPARE(boundary->second, boundary->first + 1);
        qInfo("%s: estimate %llu sequences, sweep %llu (fails at %llu)", name(c).constData(),
            qulonglong(estimated), qulonglong(boundary->first), qulonglong(boundary->second));
        QVERIFY2(estimated <= boundary->first, "the estimate promises a batch the sweep runs out of memory with");
        if (knownGap(c))
            QEXPECT_FAIL("", "the cache release near capacity is not replayed yet", Continue);
        QVERIFY2(estimated + 1 >= boundary->first, "the estimate is more than one step on the safe side");
        // At the estimate's batch it says fits; one above, it says does not.
        const nlohmann::json at = estimateJson(c, estimated, error);
        const nlohmann::json above = estimateJson(c, estimated + 1, error);
        QVERIFY2(at.is_object() && above.is_object(), qPrintable(error));
        QVERIFY(at["fit"][0]["fits"].get<bool>());
        QVERIFY(!above["fit"][0]["fits"].get<bool>());
        QCOMPARE(at["fit"][0]["needed_per_device"]["bytes"].get<std::uint64_t>(),
            at["device_need"]["total"]["bytes"].get<std::uint64_t>());
    }

    void largestContextIsTheSweepsBoundary_data()
    {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kContextCases)); ++i)
            QTest::newRow(name(kContextCases[i]).constData()) << i;
    }

    // Four sequences of the largest prompt (no generated tokens, as the estimate searches it).
    void largestContextIsTheSweepsBoundary()
    {
        QFETCH(int, index);
        const Case& c = kContextCases[index];
        QString error;
        const nlohmann::json e = estimateJson(c, 4, error);
        QVERIFY2(e.is_object(), qPrintable(error));
        QCOMPARE(e["largest_context_cap"].get<std::string>(), std::string("memory"));
        const std::uint64_t estimated = e["largest_context_tokens"].get<std::uint64_t>();
        const auto boundary = sweepBoundary(c, QStringLiteral("prompt-tokens"),
            { QStringLiteral("--min"), QStringLiteral("1024") }, { QStringLiteral("--sequences"), QStringLiteral("4") }, error);
        QVERIFY2(boundary, qPrintable(error));
        qInfo("%s: estimate %llu tokens, sweep %llu (fails at %llu)", name(c).constData(), qulonglong(estimated),
            qulonglong(boundary->first), qulonglong(boundary->second));
        QVERIFY2(estimated <= boundary->first, "the estimate promises a context the sweep runs out of memory with");
        QVERIFY2(estimated * 100 >= boundary->first * 95, "the estimate is more than 5 % on the safe side");
        if (knownGap(c))
            QEXPECT_FAIL("", "the cache release near capacity is not replayed yet", Continue);
        QVERIFY2(estimated + 1 >= boundary->first, "the estimate is more than one token on the safe side");
    }
};

QTEST_GUILESS_MAIN(TestOneEstimate)
#include "tst_oneestimate.moc"
