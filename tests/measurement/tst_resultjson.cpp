// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"
#include "core/report/resultjson.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"

#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;

namespace {
protocol::RunResult simRun(protocol::Mode mode, std::optional<std::uint64_t> capacity)
{
    sim::SimBackend backend(sim::SimOptions { capacity.value_or(sim::kDefaultSimCapacity), 0 });
    protocol::RunConfig c;
    c.mode = mode;
    c.batch = 2;
    c.context = 32;
    c.width = 256;
    c.dtype = device::DType::BFloat16;
    c.warmup = 1;
    c.repeats = 2;
    c.simCapacityBytes = capacity;
    return protocol::Runner::runBlocking(
        c, { "sim", backend.runtimeDescription(), true }, [&backend](device::Status& s) { return backend.open(0, s); },
        nullptr);
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary);
    f << text;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
} // namespace

class TestResultJson : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<quint64>("capacity");
        QTest::addRow("inference") << int(protocol::Mode::Inference) << quint64(0);
        QTest::addRow("training") << int(protocol::Mode::Training) << quint64(0);
        QTest::addRow("training out of memory") << int(protocol::Mode::Training) << quint64(3 * units::kMiB);
    }

    void roundTrip()
    {
        QFETCH(int, mode);
        QFETCH(quint64, capacity);
        const auto result
            = simRun(protocol::Mode(mode), capacity ? std::optional<std::uint64_t>(capacity) : std::nullopt);
        QVERIFY(!result.phases.empty());
        const auto first = report::toJson(result);
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(first, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), first.dump());
        QCOMPARE(back.phases.size(), result.phases.size());
        QCOMPARE(back.phases.back().peak.allocated, result.phases.back().peak.allocated);
        QCOMPARE(first["simulated"].get<bool>(), true);
        QVERIFY(first["note"].get<std::string>().find("simulated") != std::string::npos);
        for (const auto& p : first["phases"]) {
            QVERIFY(p["baseline"]["allocated"].is_null() || p["baseline"]["allocated"].is_number_unsigned());
            QVERIFY(p["samples"]["t"].size() == p["samples"]["allocated"].size());
        }
        // The owners, the peak moment and the largest free block: null exactly for the phases that did not run.
        for (std::size_t i = 0; i < result.phases.size(); ++i) {
            const auto& p = result.phases[i];
            const auto& q = back.phases[i];
            const auto& pj = first["phases"][i];
            const bool ran = p.status != protocol::PhaseStatus::NotRun;
            QCOMPARE(pj["owners"].is_null(), !ran);
            QCOMPARE(pj["peak_moment"].is_null(), !ran);
            QCOMPARE(pj["largest_free_block_at_end"].is_null(), !ran);
            QCOMPARE(q.ownersAtBaseline, p.ownersAtBaseline);
            QCOMPARE(q.ownersAtFinal, p.ownersAtFinal);
            QCOMPARE(q.largestFreeBlockAtEnd, p.largestFreeBlockAtEnd);
            QCOMPARE(q.peakMoment.has_value(), p.peakMoment.has_value());
            if (!p.peakMoment)
                continue;
            QCOMPARE(q.peakMoment->owners, p.peakMoment->owners);
            QCOMPARE(q.peakMoment->allocated, p.peakMoment->allocated);
            QCOMPARE(q.peakMoment->reserved, p.peakMoment->reserved);
            QCOMPARE(q.peakMoment->inactiveSplit, p.peakMoment->inactiveSplit);
            QCOMPARE(pj["peak_moment"]["allocated"].get<std::uint64_t>(), *p.peak.allocated);
            QCOMPARE(pj["owners"]["peak"].size(), alloc::kOwnerCount); // every owner written, 0 included
        }
    }

    // A /2 file written before the owners: the phases read with them unknown, never 0.
    void readsPhasesWithoutOwners()
    {
        auto j = report::toJson(simRun(protocol::Mode::Training, std::nullopt));
        for (auto& p : j["phases"]) {
            QVERIFY(p.contains("owners"));
            p.erase("owners");
            p.erase("peak_moment");
            p.erase("largest_free_block_at_end");
        }
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QVERIFY(!back.phases.empty());
        for (const auto& p : back.phases) {
            QVERIFY(!p.ownersAtBaseline && !p.peakMoment && !p.ownersAtFinal);
            QVERIFY(!p.largestFreeBlockAtEnd);
        }
    }

    void writeRefusesAnExistingPath()
    {
        const auto result = simRun(protocol::Mode::Inference, std::nullopt);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("r.json")).toStdString();
        std::string error;
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::None);
        const std::string written = readText(path);
        QVERIFY(!written.empty());
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::Exists);
        QVERIFY(error.find("exists") != std::string::npos);
        QCOMPARE(readText(path), written);
        // A dangling symbolic link is an existing path too.
        const std::string link = dir.filePath(QStringLiteral("link.json")).toStdString();
        std::filesystem::create_symlink(dir.filePath(QStringLiteral("nowhere")).toStdString(), link);
        QCOMPARE(report::writeResultFile(link, result, error), report::WriteError::Exists);
        QVERIFY(!std::filesystem::exists(dir.filePath(QStringLiteral("nowhere")).toStdString()));
    }

    void writeIntoAMissingFolderIsAnError()
    {
        const auto result = simRun(protocol::Mode::Inference, std::nullopt);
        QTemporaryDir dir;
        std::string error;
        const std::string path = dir.filePath(QStringLiteral("no/such/folder/r.json")).toStdString();
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::Io);
        QVERIFY(!error.empty());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void readRejectsMalformedFiles_data()
    {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("message");
        QTest::addRow("not JSON") << QStringLiteral("text:{ not json") << QStringLiteral("not valid JSON");
        QTest::addRow("empty file") << QStringLiteral("text:") << QStringLiteral("not valid JSON");
        QTest::addRow("an array") << QStringLiteral("text:[1, 2]") << QStringLiteral("not a JSON object");
        QTest::addRow("no schema") << QStringLiteral("erase:schema") << QStringLiteral("no \"schema\"");
        QTest::addRow("other schema") << QStringLiteral("schema:iteragpu.measure/99")
                                      << QStringLiteral("unsupported schema");
        QTest::addRow("no phases") << QStringLiteral("erase:phases") << QStringLiteral("missing field phases");
        QTest::addRow("bytes as text") << QStringLiteral("peak-string") << QStringLiteral("phases[0].peak.allocated");
        QTest::addRow("negative bytes") << QStringLiteral("peak-negative")
                                        << QStringLiteral("non-negative integer or null");
        QTest::addRow("unknown status") << QStringLiteral("status") << QStringLiteral("ok, failed or not_run");
        QTest::addRow("unknown owner") << QStringLiteral("owner-unknown") << QStringLiteral("unknown owner \"cache\"");
        QTest::addRow("owner as text") << QStringLiteral("owner-string")
                                       << QStringLiteral("owners.final.weights must be a non-negative integer");
        QTest::addRow("owners not an object")
            << QStringLiteral("owners-array") << QStringLiteral("owners.baseline must be an object of owners");
        QTest::addRow("owners above the peak") << QStringLiteral("owners-more") << QStringLiteral("add up to");
        QTest::addRow("owners beyond 64 bits")
            << QStringLiteral("owners-overflow") << QStringLiteral("beyond 2^63 - 1: not a byte count");
        QTest::addRow("owners below the peak") << QStringLiteral("owners-less") << QStringLiteral("add up to");
        QTest::addRow("peak moment without owners")
            << QStringLiteral("owners-null") << QStringLiteral("peak_moment has no owners");
        QTest::addRow("owners at the peak without the moment")
            << QStringLiteral("moment-null") << QStringLiteral("owners.peak needs phases[0].peak_moment");
        QTest::addRow("peak moment without reserved")
            << QStringLiteral("moment-reserved") << QStringLiteral("needs its allocated and reserved");
        QTest::addRow("largest free block negative")
            << QStringLiteral("largest-negative") << QStringLiteral("largest_free_block_at_end must be");
    }

    void readRejectsMalformedFiles()
    {
        QFETCH(QString, mutation);
        QFETCH(QString, message);
        const auto result = simRun(protocol::Mode::Inference, std::nullopt);
        auto j = report::toJson(result);
        const std::string m = mutation.toStdString();
        std::string text;
        if (m.rfind("text:", 0) == 0)
            text = m.substr(5);
        else {
            if (m.rfind("erase:", 0) == 0)
                j.erase(m.substr(6));
            else if (m.rfind("schema:", 0) == 0)
                j["schema"] = m.substr(7);
            else if (m == "peak-string")
                j["phases"][0]["peak"]["allocated"] = "12 MiB";
            else if (m == "peak-negative")
                j["phases"][0]["peak"]["allocated"] = -5;
            else if (m == "status")
                j["phases"][0]["status"] = "maybe";
            else if (m == "owner-unknown")
                j["phases"][0]["owners"]["peak"]["cache"] = 0;
            else if (m == "owner-string")
                j["phases"][0]["owners"]["final"]["weights"] = "1 GiB";
            else if (m == "owners-array")
                j["phases"][0]["owners"]["baseline"] = nlohmann::ordered_json::array();
            else if (m == "owners-more" || m == "owners-less") {
                auto& w = j["phases"][0]["owners"]["peak"]["weights"];
                QVERIFY(w.get<std::uint64_t>() > 512); // model_load: the weights hold the peak
                w = w.get<std::uint64_t>() + (m == "owners-more" ? 512 : -512);
            } else if (m == "owners-overflow") {
                j["phases"][0]["owners"]["peak"]["other"] = std::numeric_limits<std::uint64_t>::max();
            } else if (m == "owners-null")
                j["phases"][0]["owners"] = nullptr;
            else if (m == "moment-null")
                j["phases"][0]["peak_moment"] = nullptr;
            else if (m == "moment-reserved")
                j["phases"][0]["peak_moment"]["reserved"] = nullptr;
            else if (m == "largest-negative")
                j["phases"][0]["largest_free_block_at_end"] = -1;
            text = j.dump();
        }
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("bad.json")).toStdString();
        writeText(path, text);
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::readResultFile(path, back, error));
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    // iteragpu.measure/2: the decoder's workload object survives a round trip, every field of its model with it.
    void decoderWorkloadRoundTrip()
    {
        protocol::RunResult r;
        r.config.workload = protocol::WorkloadKind::Decoder;
        r.config.dtype = device::DType::BFloat16;
        r.config.simCard = "h100-sxm";
        r.config.simSpeed = 0.25;
        protocol::DecoderSpec d;
        d.modelSource = "preset:mistral-7b-v0.1";
        d.shape.family = "mistral";
        d.shape.layers = 3;
        d.shape.hidden = 64;
        d.shape.intermediate = 160;
        d.shape.heads = 4;
        d.shape.kvHeads = 2;
        d.shape.headDim = 16;
        d.shape.vocab = 300;
        d.shape.experts = 4;
        d.shape.expertsPerToken = 2;
        d.shape.qkvBias = true;
        d.shape.normsPerLayer = 4;
        d.shape.qkNorm = true;
        d.shape.layerWindows = { std::uint64_t(32), std::nullopt, std::uint64_t(32) };
        d.shape.trainedContext = 4096;
        d.storage = protocol::WeightStorage::Nf4DoubleQuant;
        d.cache = protocol::KvCacheKind::Paged;
        d.attention = protocol::AttentionKind::Eager;
        d.promptTokens = 48;
        d.generated = 7;
        d.sequences = 3;
        d.decodeChunk = 2;
        r.config.decoder = d;
        protocol::PhaseResult p;
        p.name = "prefill";
        p.status = protocol::PhaseStatus::Ok;
        p.modelledSeconds = 0.125;
        r.phases.push_back(p);
        const auto j = report::toJson(r);
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        QCOMPARE(j["workload"]["kind"].get<std::string>(), std::string("decoder"));
        QCOMPARE(j["workload"]["storage"].get<std::string>(), std::string("nf4-dq"));
        QCOMPARE(j["workload"]["compute_dtype"].get<std::string>(), std::string("bfloat16"));
        QCOMPARE(j["workload"]["cache"].get<std::string>(), std::string("paged"));
        QCOMPARE(j["workload"]["attention"].get<std::string>(), std::string("eager"));
        QVERIFY(j["workload"]["shape"]["layer_windows"][1].is_null());
        QCOMPARE(j["workload"]["shape"]["layer_windows"][2].get<int>(), 32);
        QCOMPARE(j["phases"][0]["modelled_seconds"].get<double>(), 0.125);
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), j.dump());
        QVERIFY(back.config.decoder.has_value());
        QCOMPARE(back.config.decoder->shape.layerWindows.size(), std::size_t(3));
        QVERIFY(back.config.decoder->shape.qkNorm);
        QCOMPARE(back.config.simCard, std::string("h100-sxm"));
        // A file written before q/k norms were recorded reads as a model without them.
        auto older = j;
        older["workload"]["shape"].erase("qk_norm");
        QVERIFY2(report::fromJson(older, back, error), error.c_str());
        QVERIFY(!back.config.decoder->shape.qkNorm);
        older["workload"]["shape"]["qk_norm"] = "yes";
        QVERIFY(!report::fromJson(older, back, error));

        auto bad = j;
        bad["workload"]["cache"] = "circular";
        QVERIFY(!report::fromJson(bad, back, error));
        QVERIFY2(error.find("workload.cache") != std::string::npos, error.c_str());
        bad = j;
        bad["workload"]["shape"]["layer_windows"] = { 1, 2, 3, 4 };
        QVERIFY(!report::fromJson(bad, back, error));
        QVERIFY2(error.find("more windows than layers") != std::string::npos, error.c_str());
        bad = j;
        bad["workload"]["kind"] = "dense";
        QVERIFY(!report::fromJson(bad, back, error));
        QVERIFY2(error.find("differs") != std::string::npos, error.c_str());
    }

    // A file written by the /1 writer (the dense network, before the workload object) still opens.
    void readsVersion1Files()
    {
        const QString path = qEnvironmentVariable("ITERAGPU_TEST_DATA") + QStringLiteral("/measurement/dense-v1.result.json");
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::readResultFile(path.toStdString(), back, error), error.c_str());
        QCOMPARE(back.config.workload, protocol::WorkloadKind::Dense);
        QVERIFY(!back.config.decoder);
        QCOMPARE(back.config.width, std::uint64_t(64));
        QVERIFY(!back.phases.empty());
        for (const auto& p : back.phases) {
            QVERIFY(!p.modelledSeconds.has_value());
            QVERIFY(!p.ownersAtBaseline && !p.peakMoment && !p.ownersAtFinal && !p.largestFreeBlockAtEnd);
        }
        // Written again, it is a /2 file with the dense workload named.
        const auto j = report::toJson(back);
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        QCOMPARE(j["workload"]["kind"].get<std::string>(), std::string("dense"));
    }

    void readMissingFile()
    {
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::readResultFile("/nonexistent/iteragpu.json", back, error));
        QVERIFY(error.find("cannot open") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestResultJson)
#include "tst_resultjson.moc"
