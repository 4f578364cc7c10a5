// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"
#include "core/report/resultjson.h"
#include "core/report/ledgerestimate.h"
#include "core/workloads/runpredictor.h"
#include "core/model/configreader.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"

#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <functional>
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
        QTest::addRow("unknown status") << QStringLiteral("status") << QStringLiteral("ok, failed, interrupted or not_run");
        QTest::addRow("unknown owner") << QStringLiteral("owner-unknown") << QStringLiteral("unknown owner \"cache\"");
        QTest::addRow("owner as text") << QStringLiteral("owner-string")
                                       << QStringLiteral("owners.final.weights must be a non-negative integer");
        QTest::addRow("owners not an object")
            << QStringLiteral("owners-array") << QStringLiteral("owners.baseline must be an object of owners");
        QTest::addRow("owners above the peak") << QStringLiteral("owners-more") << QStringLiteral("add up to");
        QTest::addRow("owners beyond 64 bits")
            << QStringLiteral("owners-overflow") << QStringLiteral("beyond 2^63 - 1: not a byte count");
        QTest::addRow("owners below the peak") << QStringLiteral("owners-less") << QStringLiteral("add up to");
        QTest::addRow("a request above its owner's blocks")
            << QStringLiteral("requested-more") << QStringLiteral("owners_requested.weights is above");
        QTest::addRow("requested sizes as text")
            << QStringLiteral("requested-string") << QStringLiteral("owners_requested.weights must be");
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
            else if (m == "requested-more") {
                auto& moment = j["phases"][0]["peak_moment"];
                QVERIFY(moment["owners_requested"].is_object());
                moment["owners_requested"]["weights"] = j["phases"][0]["owners"]["peak"]["weights"].get<std::uint64_t>() + 1;
            } else if (m == "requested-string")
                j["phases"][0]["peak_moment"]["owners_requested"]["weights"] = "1 GiB";
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

    // Every weight storage reads back by its name, with the GPTQ/AWQ group and the fp8 scale blocks; a file
    // written before them (no quant_group, no fp8_block) reads with the defaults; a bad value is refused.
    void decoderStoragesRoundTrip_data()
    {
        QTest::addColumn<int>("storage");
        for (const auto s : protocol::allWeightStorages())
            QTest::addRow("%s", protocol::weightStorageName(s)) << int(s);
    }

    void decoderStoragesRoundTrip()
    {
        QFETCH(int, storage);
        protocol::RunResult r;
        r.config.workload = protocol::WorkloadKind::Decoder;
        r.config.dtype = device::DType::BFloat16;
        protocol::DecoderSpec d;
        d.modelSource = "preset:llama-2-7b";
        d.shape.family = "llama";
        d.shape.layers = 2;
        d.shape.hidden = 64;
        d.shape.intermediate = 160;
        d.shape.heads = 4;
        d.shape.kvHeads = 2;
        d.shape.headDim = 16;
        d.shape.vocab = 300;
        d.storage = protocol::WeightStorage(storage);
        d.quantGroup = 64;
        d.fp8BlockRows = 128;
        d.fp8BlockColumns = 64;
        r.config.decoder = d;
        const auto j = report::toJson(r);
        QCOMPARE(j["workload"]["storage"].get<std::string>(), std::string(protocol::weightStorageName(d.storage)));
        const bool int4
            = d.storage == protocol::WeightStorage::GptqInt4 || d.storage == protocol::WeightStorage::AwqInt4;
        const bool fp8 = d.storage == protocol::WeightStorage::Fp8E4m3 || d.storage == protocol::WeightStorage::Fp8E5m2;
        QCOMPARE(j["workload"]["quant_group"].is_null(), !int4);
        QCOMPARE(j["workload"]["fp8_block"].is_null(), !fp8);
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), j.dump());
        QVERIFY(back.config.decoder->storage == d.storage);
        if (int4)
            QCOMPARE(back.config.decoder->quantGroup, std::uint64_t(64));
        if (fp8) {
            QCOMPARE(back.config.decoder->fp8BlockRows, std::uint64_t(128));
            QCOMPARE(back.config.decoder->fp8BlockColumns, std::uint64_t(64));
        }
        auto older = j;
        older["workload"].erase("quant_group");
        older["workload"].erase("fp8_block");
        QVERIFY2(report::fromJson(older, back, error), error.c_str());
        QCOMPARE(back.config.decoder->quantGroup, protocol::kDefaultQuantGroup);
        QCOMPARE(back.config.decoder->fp8BlockRows, std::uint64_t(0));
        auto bad = j;
        bad["workload"]["quant_group"] = 0;
        QVERIFY(!report::fromJson(bad, back, error));
        QVERIFY2(error.find("quant_group") != std::string::npos, error.c_str());
        bad = j;
        bad["workload"]["fp8_block"] = { 128 };
        QVERIFY(!report::fromJson(bad, back, error));
        QVERIFY2(error.find("fp8_block") != std::string::npos, error.c_str());
        bad = j;
        bad["workload"]["storage"] = "int4-compact";
        QVERIFY(!report::fromJson(bad, back, error));
        QVERIFY2(error.find("workload.storage") != std::string::npos, error.c_str());
    }

    // Note [Layers in the result]: a model described by its layers (gpt-oss: sinks, router and expert biases,
    // alternating windows) comes back layer for layer, and `explain`'s estimate of the saved run is the run's own.
    // A vision tower loaded beside the model is in the file, so a saved Gemma-3 run replays with its weights; a
    // file from before has none, and forged parts are refused in one line.
    void loadedPartsRoundTrip()
    {
        protocol::RunResult r;
        r.config.workload = protocol::WorkloadKind::Decoder;
        r.config.dtype = device::DType::BFloat16;
        protocol::DecoderSpec d;
        d.modelSource = "config:gemma3-tiny";
        d.shape = model::ConfigReader::parse(R"({"model_type": "gemma3", "text_config": {"hidden_size": 32,
            "num_hidden_layers": 2, "num_attention_heads": 2, "num_key_value_heads": 1, "head_dim": 16,
            "intermediate_size": 40, "vocab_size": 50, "sliding_window": 9}, "vision_config": {"hidden_size": 16,
            "intermediate_size": 24, "num_hidden_layers": 1, "patch_size": 4, "image_size": 8}})",
            "gemma3-tiny.json");
        QCOMPARE(d.shape.apart.size(), std::size_t(1));
        d.promptTokens = 8;
        d.generated = 2;
        r.config.decoder = d;
        const auto j = report::toJson(r);
        const auto& parts = j["workload"]["shape"]["loaded_parts"];
        QVERIFY2(parts.size() == 1 && parts[0]["name"] == "vision"
                && parts[0]["parameters"].get<std::uint64_t>() == d.shape.apart[0].parameters,
            parts.dump().c_str());
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), j.dump());
        QCOMPARE(workloads::predictRun(back.config).phases.at(0).peakAllocated,
            workloads::predictRun(r.config).phases.at(0).peakAllocated);
        auto older = j;
        older["workload"]["shape"].erase("loaded_parts");
        QVERIFY2(report::fromJson(older, back, error), error.c_str());
        QVERIFY(back.config.decoder->shape.apart.empty());
        const auto refused = [&](const std::function<void(nlohmann::ordered_json&)>& forge, const char* expected) {
            auto bad = j;
            forge(bad["workload"]["shape"]["loaded_parts"]);
            protocol::RunResult out;
            std::string why;
            if (report::fromJson(bad, out, why))
                return std::string("read a forged file");
            if (why.find(expected) == std::string::npos || why.find('\n') != std::string::npos)
                return "wrong error: " + why;
            return std::string();
        };
        std::string why = refused([](auto& p) { p[0]["parameters"] = 0; }, "parameters must be at least 1");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& p) { p[0]["parameters"] = 1ULL << 62; }, "parameters is beyond");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& p) { p[0]["name"] = ""; }, "name must be 1 to 64 bytes");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& p) { p = "vision"; }, "loaded_parts must be an array");
        QVERIFY2(why.empty(), why.c_str());
    }

    void decoderLayersRoundTrip()
    {
        protocol::RunResult r;
        r.config.workload = protocol::WorkloadKind::Decoder;
        r.config.dtype = device::DType::BFloat16;
        protocol::DecoderSpec d;
        d.modelSource = "config:gpt-oss-tiny";
        d.shape = model::ConfigReader::parse(R"({"model_type": "gpt_oss", "num_local_experts": 4,
            "experts_per_token": 2, "sliding_window": 12, "head_dim": 16, "hidden_size": 32, "num_hidden_layers": 3,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72})",
            "gpt-oss-tiny.json");
        QCOMPARE(d.shape.layerSpecs.size(), std::size_t(3));
        QVERIFY(d.shape.layerSpecs[0].attention.sinks && d.shape.layerSpecs[0].mlp.bias);
        d.storage = protocol::WeightStorage::BFloat16;
        d.promptTokens = 16;
        d.generated = 4;
        d.sequences = 1;
        r.config.decoder = d;
        protocol::PhaseResult p;
        p.name = "prefill";
        p.status = protocol::PhaseStatus::Ok;
        r.phases.push_back(p);
        const auto j = report::toJson(r);
        const auto& specs = j["workload"]["shape"]["layer_specs"];
        QVERIFY2(specs.is_array() && specs.size() == 3, specs.dump().c_str()); // sliding, full, sliding
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), j.dump());
        const model::ModelShape& shape = back.config.decoder->shape;
        QCOMPARE(shape.layerSpecs.size(), std::size_t(3));
        QVERIFY(shape.layerSpecs[1].attention.sinks && shape.layerSpecs[1].mlp.routerBias);
        QCOMPARE(shape.parameters().total, d.shape.parameters().total);
        // The ledger's estimate from the saved run, part by part, is the one from the run in memory.
        const auto before = report::estimateForPhase(r, 0);
        const auto after = report::estimateForPhase(back, 0);
        QVERIFY(before && after);
        QCOMPARE(after->parts.size(), before->parts.size());
        for (std::size_t i = 0; i < before->parts.size(); ++i) {
            QCOMPARE(after->parts[i].key, before->parts[i].key);
            QCOMPARE(after->parts[i].bytes, before->parts[i].bytes);
        }
        // The uniform view alone (what a file without layer_specs gives) counts fewer weights for this model:
        // the round trip is what keeps them.
        auto older = j;
        older["workload"]["shape"].erase("layer_specs");
        QVERIFY2(report::fromJson(older, back, error), error.c_str());
        QVERIFY(back.config.decoder->shape.layerSpecs.empty());
        QVERIFY(back.config.decoder->shape.parameters().total != d.shape.parameters().total);

        // Consecutive equal layers are one entry with their count.
        auto uniform = r;
        uniform.config.decoder->shape.layerSpecs.assign(3, d.shape.layerSpecs[1]);
        uniform.config.decoder->shape.layerWindows.assign(3, std::nullopt);
        const auto ju = report::toJson(uniform);
        QCOMPARE(ju["workload"]["shape"]["layer_specs"].size(), std::size_t(1));
        QCOMPARE(ju["workload"]["shape"]["layer_specs"][0]["count"].get<int>(), 3);
        QVERIFY2(report::fromJson(ju, back, error), error.c_str());
        QCOMPARE(back.config.decoder->shape.layerSpecs.size(), std::size_t(3));

        // Forged layers: one line naming the field, nothing read.
        const auto refused = [&](const std::function<void(nlohmann::ordered_json&)>& forge, const char* expected) {
            auto bad = ju;
            forge(bad["workload"]["shape"]["layer_specs"]);
            protocol::RunResult out;
            std::string why;
            if (report::fromJson(bad, out, why))
                return std::string("read a forged file");
            if (why.find(expected) == std::string::npos || why.find('\n') != std::string::npos)
                return "wrong error: " + why;
            return std::string();
        };
        std::string why;
        why = refused([](auto& l) { l[0]["count"] = 2; }, "describes 2 layers, not");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0]["count"] = 4; }, "more layers than");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0]["count"] = 0; }, "count must be at least 1");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0]["attention"]["span"] = "circular"; }, "not one of full, sliding, chunked");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0]["mlp"]["experts"] = 4294967296ULL; }, "above 2147483647");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0]["mlp"]["experts_per_token"] = 9; }, "more experts per token than experts");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0]["attention"]["heads"] = 0; }, "attention without heads");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l[0].erase("state"); }, "missing field workload.shape.layer_specs[0].state");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& l) { l = "all"; }, "layer_specs must be an array");
        QVERIFY2(why.empty(), why.c_str());
    }

    // A phase's routing (DECODER.md prefill k, "Routing"): the balanced rule of a simulated device, or the loads a
    // device with data observed, per MoE layer call; the loads must fit the run's MoE layers and passes, and a forged
    // record is refused in one line.
    void routingRoundTrip()
    {
        protocol::RunResult r;
        r.simulated = false;
        r.config.deviceId = "cuda:0";
        r.config.workload = protocol::WorkloadKind::Decoder;
        r.config.dtype = device::DType::BFloat16;
        protocol::DecoderSpec d;
        d.modelSource = "config:mixtral-tiny";
        d.shape = model::ConfigReader::parse(R"({"model_type": "mixtral", "num_local_experts": 4,
            "num_experts_per_tok": 2, "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
            "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72})",
            "mixtral-tiny.json");
        d.storage = protocol::WeightStorage::BFloat16;
        d.promptTokens = 3;
        d.generated = 1;
        d.sequences = 2;
        r.config.decoder = d;
        protocol::PhaseResult prefill;
        prefill.name = "prefill";
        prefill.status = protocol::PhaseStatus::Ok;
        prefill.routing = protocol::PhaseRouting { protocol::RoutingRule::Observed, true, { { 6, 0, 4, 2 }, { 3, 3, 3, 3 } } };
        r.phases.push_back(prefill);
        protocol::PhaseResult decode = prefill;
        decode.index = 1;
        decode.name = "decode";
        decode.routing = protocol::PhaseRouting { protocol::RoutingRule::Observed, false, {} };
        r.phases.push_back(decode);
        const auto j = report::toJson(r);
        QCOMPARE(j["phases"][0]["routing"]["rule"].get<std::string>(), std::string("observed"));
        QVERIFY(j["phases"][1]["routing"]["loads"].is_null());
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), j.dump());
        QVERIFY(back.phases[0].routing && back.phases[0].routing->recorded);
        QCOMPARE(back.phases[0].routing->loads, prefill.routing->loads);
        auto older = j; // a file from before routing was recorded: no field, nullopt
        older["phases"][0].erase("routing");
        QVERIFY2(report::fromJson(older, back, error), error.c_str());
        QVERIFY(!back.phases[0].routing);

        const auto refused = [&](const std::function<void(nlohmann::ordered_json&)>& forge, const char* expected) {
            auto bad = j;
            forge(bad);
            protocol::RunResult out;
            std::string why;
            if (report::fromJson(bad, out, why))
                return std::string("read a forged file");
            if (why.find(expected) == std::string::npos || why.find('\n') != std::string::npos)
                return "wrong error: " + why;
            return std::string();
        };
        std::string why;
        why = refused([](auto& f) { f["phases"][0]["routing"]["rule"] = "random"; }, "must be balanced or observed");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][0]["routing"]["rule"] = "balanced"; }, "a balanced rule records none");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][0]["routing"]["loads"][0][1] = -1; }, "integers in [0, 2^32)");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][0]["routing"]["loads"][1][0] = 4; }, "adds up to 13, not 12");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][0]["routing"]["loads"][0].push_back(0); }, "has 5 loads, its layer 4");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][0]["routing"]["loads"].erase(1); }, "not whole passes");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][1]["routing"]["loads"] = { { 2, 2, 0, 0 } }; }, "must be null");
        QVERIFY2(why.empty(), why.c_str());
        why = refused([](auto& f) { f["phases"][0]["routing"] = "observed"; }, "must be an object or null");
        QVERIFY2(why.empty(), why.c_str());
        // An observed rule on a simulated device, or routing in a run without MoE layers.
        auto simulated = r;
        simulated.simulated = true;
        simulated.environment.simulated = true;
        QVERIFY(!report::fromJson(report::toJson(simulated), back, error));
        QVERIFY2(error.find("balanced on a simulated device") != std::string::npos, error.c_str());
        auto dense = r;
        dense.config.decoder->shape = model::ConfigReader::parse(R"({"model_type": "llama", "hidden_size": 32,
            "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 48, "vocab_size": 72})");
        QVERIFY(!report::fromJson(report::toJson(dense), back, error));
        QVERIFY2(error.find("the run has no MoE layer") != std::string::npos, error.c_str());
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
