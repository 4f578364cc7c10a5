// SPDX-License-Identifier: Apache-2.0
// `iteragpu estimate` through iteragpu::cli::run: the seed form, --json, sources, fit verdicts and errors.
#include "app/cli/cliapp.h"
#include "support/clirun.h"
#include "core/model/configreader.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/reserve.h"
#include "core/sizing/sizinginputs.h"
#include "core/sizing/weightestimator.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;

Q_DECLARE_METATYPE(std::function<void(iteragpu::sizing::SizingInputs&)>)

namespace {

using Edit = std::function<void(sizing::SizingInputs&)>;

using testsupport::CliResult;
using testsupport::runCli;
using testsupport::split;

std::string fixture(const char* name)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/sizing/" + name;
}

} // namespace

class TestEstimateCli : public QObject {
    Q_OBJECT
private slots:
    void seedForm()
    {
        const auto r = runCli({ "estimate", "--parameters", "7000000000", "--bits", "16", "--reserve-gib", "4" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("14 000 000 000 bytes = 14.00 GB = 13.04 GiB") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("18 294 967 296 bytes") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("17.04 GiB") != std::string::npos, r.out.c_str());
        QVERIFY(r.err.empty());
    }

    void json_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QByteArray>("component");
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("seed weights") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                      << QByteArray("weights") << quint64(14'000'000'000ULL);
        QTest::addRow("seed total") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                    << QByteArray("total") << quint64(18'294'967'296ULL);
        QTest::addRow("reserve in GB stays GB") << QByteArray("--parameters 7e9 --bits 16 --reserve-gb 4")
                                                << QByteArray("reserve") << quint64(4'000'000'000ULL);
        QTest::addRow("seed KV 1 GiB") << QByteArray(
            "--parameters 7e9 --layers 32 --kv-heads 8 --head-dim 128 --tokens 8192 "
            "--kv-bytes 2 --sequences 1")
                                       << QByteArray("kv_cache") << quint64(1'073'741'824ULL);
        QTest::addRow("seed KV 4 sequences") << QByteArray("--parameters 7e9 --layers 32 --kv-heads 8 --head-dim 128 "
                                                           "--tokens 8192 --kv-bytes 2 --sequences 4")
                                             << QByteArray("kv_cache") << quint64(4'294'967'296ULL);
        QTest::addRow("static cache") << QByteArray(
            "--parameters 7e9 --layers 32 --kv-heads 8 --head-dim 128 --tokens 100 "
            "--static-cache --cache-capacity 8192")
                                      << QByteArray("kv_cache") << quint64(1'073'741'824ULL);
        QTest::addRow("sliding window") << QByteArray(
            "--parameters 7e9 --layers 32 --kv-heads 8 --head-dim 128 --tokens 8192 "
            "--sliding-window 4096") << QByteArray("kv_cache")
                                        << quint64(536'870'912ULL);
        QTest::addRow("format nf4") << QByteArray("--parameters 7000000000 --format nf4") << QByteArray("weights")
                                    << quint64(3'937'500'000ULL);
        QTest::addRow("training adamw") << QByteArray(
            "--parameters 7000000000 --format bf16 --training --optimizer adamw")
                                        << QByteArray("optimizer_states") << quint64(56'000'000'000ULL);
        QTest::addRow("1e15 parameters fp16") << QByteArray("--parameters 1e15 --format fp16") << QByteArray("weights")
                                              << quint64(2'000'000'000'000'000ULL);
    }

    void json()
    {
        QFETCH(QByteArray, args);
        QFETCH(QByteArray, component);
        QFETCH(quint64, bytes);
        auto v = split("estimate --json " + args);
        const auto r = runCli(v);
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j["parameters"].is_number_unsigned());
        for (const char* key :
            { "weights", "kv_cache", "gradients", "optimizer_states", "activations", "reserve", "total" })
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j[component.toStdString()]["bytes"].get<std::uint64_t>(), bytes);
        const double gib = j[component.toStdString()]["gib"].get<double>();
        QVERIFY(std::abs(gib * 1073741824.0 - static_cast<double>(bytes)) <= 1.0 + 1e-12 * static_cast<double>(bytes));
        QVERIFY(j["assumptions"].is_array());
    }

    void sources_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<quint64>("parameters");
        QTest::addRow("config") << QByteArray::fromStdString("--config " + fixture("llama-2-7b.config.json"))
                                << quint64(6'738'415'616ULL);
        QTest::addRow("preset") << QByteArray("--preset mistral-7b-v0.1") << quint64(7'241'732'096ULL);
        QTest::addRow("config + lora") << QByteArray::fromStdString(
            "--config " + fixture("llama-2-7b.config.json") + " --lora-rank 16 --checkpointing")
                                       << quint64(6'738'415'616ULL);
    }

    void sources()
    {
        QFETCH(QByteArray, args);
        QFETCH(quint64, parameters);
        const auto r = runCli(split("estimate --json " + args));
        QCOMPARE(r.code, 0);
        QCOMPARE(nlohmann::json::parse(r.out)["parameters"].get<std::uint64_t>(), parameters);
    }

    void safetensorsSource()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("m.safetensors")).toStdString();
        const std::string header = R"({"w.weight":{"dtype":"BF16","shape":[16,16],"data_offsets":[0,512]}})";
        {
            std::ofstream out(path, std::ios::binary);
            std::uint64_t n = header.size();
            for (int i = 0; i < 8; ++i, n >>= 8)
                out.put(static_cast<char>(n & 0xff));
            out << header << std::string(512, '\0');
        }
        const auto r = runCli({ "estimate", "--json", "--safetensors", path });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["weights"]["bytes"].get<std::uint64_t>(), quint64(512));
        QCOMPARE(j["parameters"].get<std::uint64_t>(), quint64(256));
    }

    void fitVerdict()
    {
        const auto r = runCli(split("estimate --json --parameters 7000000000 --bits 16 --reserve-gib 4 --layers 32 "
                                    "--kv-heads 8 --head-dim 128 --tokens 8192 --device-catalog rtx-4090"));
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["fit"].size(), std::size_t(1));
        QCOMPARE(j["fit"][0]["available_per_device"]["bytes"].get<std::uint64_t>(), 24564ULL * 1024 * 1024);
        QVERIFY(j["fit"][0]["fits"].get<bool>());
        QVERIFY(j["largest_context_tokens"].is_number_unsigned());
        const auto all = runCli(split("estimate --parameters 7000000000 --bits 16 --device-catalog all --tp 2"));
        QCOMPARE(all.code, 0);
        QVERIFY(all.out.find("fit h200-sxm") != std::string::npos);
    }

    // The seeds' two worked examples, exactly (issue 17): the weights and the KV cache with the user's numbers.
    void seedComputationLines_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QString>("line");
        QTest::addRow("7e9 x 16 bit") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                      << QStringLiteral("  weights (computed): 7 000 000 000 parameters x 16 bit / 8 = "
                                                        "14 000 000 000 bytes = 13.04 GiB\n");
        QTest::addRow("reserve as typed") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                          << QStringLiteral("  reserve (assumed): reserve as typed: 4 GiB = "
                                                            "4 294 967 296 bytes = 4 GiB\n");
        QTest::addRow("reserve by default") << QByteArray("--parameters 7000000000 --bits 16")
                                            << QStringLiteral("  reserve (assumed): reserve by default, none typed: "
                                                              "4 GiB = 4 294 967 296 bytes = 4 GiB\n");
        QTest::addRow("default reserve line") << QByteArray("--parameters 7000000000 --bits 16")
                                              << QStringLiteral("[default 4 GiB, none typed (--reserve-gib)]\n");
        QTest::addRow("typed reserve line") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                            << QStringLiteral("[typed 4 GiB]\n");
        QTest::addRow("1 GiB KV cache")
            << QByteArray("--parameters 7000000000 --bits 16 --layers 32 --kv-heads 8 --head-dim 128 --tokens 8192")
            << QStringLiteral("  KV cache (computed): 2 (K and V) x 32 layers x 8 KV heads x 128 head_dim x 8 192 "
                              "tokens x 2 bytes x 1 sequence = 1 073 741 824 bytes = 1 GiB\n");
    }

    void seedComputationLines()
    {
        QFETCH(QByteArray, args);
        QFETCH(QString, line);
        const auto r = runCli(split("estimate " + args));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("how it is computed:\n") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find(line.toStdString()) != std::string::npos, r.out.c_str());
    }

    void jsonComputation()
    {
        const auto r = runCli(split("estimate --json --parameters 7000000000 --bits 16 --reserve-gib 4 --layers 32 "
                                    "--kv-heads 8 --head-dim 128 --tokens 8192"));
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j["computation"].is_array());
        QCOMPARE(j["computation"].size(), std::size_t(3));
        const auto& w = j["computation"][0];
        QCOMPARE(w["id"].get<std::string>(), std::string("weights"));
        QCOMPARE(w["formula"].get<std::string>(),
            std::string("7 000 000 000 parameters x 16 bit / 8 = 14 000 000 000 bytes"));
        QCOMPARE(w["bytes"].get<std::uint64_t>(), j["weights"]["bytes"].get<std::uint64_t>());
        QCOMPARE(w["provenance"].get<std::string>(), std::string("computed"));
        const auto& kv = j["computation"][1];
        QCOMPARE(kv["id"].get<std::string>(), std::string("kv_cache"));
        QCOMPARE(kv["formula"].get<std::string>(),
            std::string("2 (K and V) x 32 layers x 8 KV heads x 128 head_dim x 8 192 tokens x 2 bytes x 1 sequence = "
                        "1 073 741 824 bytes"));
        QCOMPARE(kv["bytes"].get<std::uint64_t>(), j["kv_cache"]["bytes"].get<std::uint64_t>());
        const auto& reserve = j["computation"][2];
        QCOMPARE(reserve["id"].get<std::string>(), std::string("reserve"));
        QCOMPARE(reserve["provenance"].get<std::string>(), std::string("assumed"));
        QCOMPARE(reserve["bytes"].get<std::uint64_t>(), 4ULL * 1024 * 1024 * 1024);
    }

    // The CLI goes through makeRequest: the same choices give the CLI's total and makeRequest's. The training
    // rows with a compute format other than the storage format are where the CLI and the GUI used to differ
    // (--compute set only the weights' label; gradients and activations stayed bf16).
    void sameTotalAsMakeRequest_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<bool>("oldMeaningDiffers");
        using namespace sizing;
        QTest::addRow("seed form") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                   << Edit([](SizingInputs& in) {
                                          in.parameters = 7'000'000'000ULL;
                                          in.bits = 16;
                                          in.reserveValue = 4;
                                      })
                                   << false;
        QTest::addRow("preset nf4 KV window, reserve GB")
            << QByteArray("--preset mistral-7b-v0.1 --format nf4 --tokens 9000 --sequences 2 --reserve-gb 1.5")
            << Edit([](SizingInputs& in) {
                   in.presetId = "mistral-7b-v0.1";
                   in.storage = WeightFormat::NF4;
                   in.kvCache = true;
                   in.promptTokens = 9000;
                   in.sequences = 2;
                   in.reserveValue = 1.5;
                   in.reserveUnit = units::Unit::GB;
               })
            << false;
        QTest::addRow("full training, fp16 storage, fp32 compute")
            << QByteArray("--preset llama-2-7b --format fp16 --compute fp32 --training --seq-len 1024")
            << Edit([](SizingInputs& in) {
                   in.presetId = "llama-2-7b";
                   in.storage = WeightFormat::FP16;
                   in.compute = ScalarType::FP32;
                   in.mode = SizingMode::FullTraining;
                   in.sequenceLength = 1024;
               })
            << true;
        QTest::addRow("LoRA, nf4 storage, fp16 compute, tp 2")
            << QByteArray("--preset llama-2-7b --format nf4 --compute fp16 --lora-rank 16 --tp 2 --batch 4")
            << Edit([](SizingInputs& in) {
                   in.presetId = "llama-2-7b";
                   in.storage = WeightFormat::NF4;
                   in.compute = ScalarType::FP16;
                   in.mode = SizingMode::LoRA;
                   in.loraRank = 16; // none given is the framework's (hf: 8)
                   in.tensorParallel = 2;
                   in.microBatch = 4;
               })
            << false; // fp16 and bf16 have the same size: the old meaning gave the same bytes here
        QTest::addRow("full training, fp32 compute, bf16 gradients given")
            << QByteArray("--config " + QByteArray::fromStdString(fixture("qwen2-7b.config.json"))
                   + " --compute fp32 --grad-dtype bf16 --training --checkpointing")
            << Edit([](SizingInputs& in) {
                   in.configPath = fixture("qwen2-7b.config.json");
                   in.compute = ScalarType::FP32;
                   in.gradientType = ScalarType::BF16;
                   in.mode = SizingMode::FullTraining;
                   in.checkpointing = true;
               })
            << true; // the activations still follow the compute format
    }

    void sameTotalAsMakeRequest()
    {
        QFETCH(QByteArray, args);
        QFETCH(Edit, edit);
        QFETCH(bool, oldMeaningDiffers);
        const auto r = runCli(split("estimate --json " + args));
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        sizing::SizingInputs in;
        in.reserveValue = sizing::kDefaultReserveGiB; // what estimate adds when no reserve is typed
        edit(in);
        const sizing::SizingRequest request = sizing::makeRequest(in);
        const auto e = sizing::SizingEngine::estimate(request);
        QCOMPARE(j["total"]["bytes"].get<std::uint64_t>(), e.total());
        for (const auto& c : e.components)
            if (c.bytes)
                QCOMPARE(j[c.id]["bytes"].get<std::uint64_t>(), *c.bytes);
        // The old CLI meaning: --compute on the weights only, gradients (unless given) and activations in bf16.
        sizing::SizingRequest old = request;
        if (old.training) {
            if (!in.gradientType)
                old.training->gradientType = sizing::ScalarType::BF16;
            old.training->activationType = sizing::ScalarType::BF16;
        }
        const auto oldTotal = sizing::SizingEngine::estimate(old).total();
        QCOMPARE(oldTotal != e.total(), oldMeaningDiffers);
    }

    void verdictSentences_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QString>("part");
        QTest::addRow("memory") << QByteArray("--parameters 7e9 --bits 16 --layers 32 --kv-heads 8 --head-dim 128 "
                                              "--tokens 8192 --device-catalog rtx-4090")
                                << QStringLiteral("tokens per sequence, limited by memory.");
        QTest::addRow("sliding window") << QByteArray("--parameters 7e9 --bits 16 --layers 32 --kv-heads 8 "
                                                      "--head-dim 128 --tokens 8192 --sliding-window 4096 "
                                                      "--device-catalog h100-sxm")
                                        << QStringLiteral("sliding window of 4 096 tokens");
        QTest::addRow("trained context (Mistral)")
            << QByteArray("--preset mistral-7b-v0.1 --tokens 8192 --device-catalog h100-sxm")
            << QStringLiteral("32 768 tokens per sequence, the model's trained context");
        QTest::addRow("does not fit") << QByteArray("--parameters 70e9 --bits 16 --tokens 10 --layers 80 --kv-heads 8 "
                                                    "--head-dim 128 --device-catalog rtx-4090")
                                      << QStringLiteral("at all, not even with one token per sequence.");
    }

    void verdictSentences()
    {
        QFETCH(QByteArray, args);
        QFETCH(QString, part);
        const auto r = runCli(split("estimate " + args));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find(part.toStdString()) != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("no limit tokens") == std::string::npos);
        const auto j = nlohmann::json::parse(runCli(split("estimate --json " + args)).out);
        QVERIFY2(j["largest_context"].get<std::string>().find(part.toStdString()) != std::string::npos,
            j.dump().c_str());
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<int>("code");
        const int error = cli::kExitError;
        const int usage = cli::kExitUsage;
        QTest::addRow("negative parameters") << QByteArray("--parameters -5 --bits 16") << error;
        QTest::addRow("zero parameters") << QByteArray("--parameters 0 --bits 16") << error;
        QTest::addRow("NaN parameters") << QByteArray("--parameters nan --bits 16") << error;
        QTest::addRow("zero bits") << QByteArray("--parameters 7e9 --bits 0") << error;
        QTest::addRow("NaN reserve") << QByteArray("--parameters 7e9 --bits 16 --reserve-gib nan") << error;
        QTest::addRow("negative reserve") << QByteArray("--parameters 7e9 --bits 16 --reserve-gb -1") << error;
        QTest::addRow("unknown format") << QByteArray("--parameters 7e9 --format int3") << error;
        QTest::addRow("no model") << QByteArray("--bits 16") << error;
        QTest::addRow("config without keys")
            << QByteArray::fromStdString("--config " + fixture("missing-hidden.config.json")) << error;
        QTest::addRow("missing config file") << QByteArray("--config /nonexistent/config.json") << error;
        QTest::addRow("zero KV heads") << QByteArray(
            "--parameters 7e9 --layers 32 --kv-heads 0 --head-dim 128 --tokens 8")
                                       << error;
        QTest::addRow("KV without tokens")
            << QByteArray("--parameters 7e9 --layers 32 --kv-heads 8 --head-dim 128") << error;
        QTest::addRow("unknown optimizer") << QByteArray("--parameters 7e9 --training --optimizer lion") << error;
        QTest::addRow("LoRA without shape") << QByteArray("--parameters 7e9 --lora-rank 8") << error;
        QTest::addRow("unknown preset") << QByteArray("--preset gpt-9") << error;
        QTest::addRow("preset and config") << QByteArray::fromStdString(
            "--preset llama-2-7b --config " + fixture("qwen2-7b.config.json")) << error;
        QTest::addRow("int4 compute") << QByteArray("--parameters 7e9 --compute int4") << error;
        QTest::addRow("unknown card") << QByteArray("--parameters 7e9 --bits 16 --device-catalog nvidia-x1") << error;
        QTest::addRow("overflow") << QByteArray("--parameters 1e19 --format fp32") << error;
        QTest::addRow("tp zero") << QByteArray("--parameters 7e9 --bits 16 --tp 0") << error;
        QTest::addRow("unknown option") << QByteArray("--parameters 7e9 --frobnicate") << usage;
        QTest::addRow("bits and format") << QByteArray("--parameters 7e9 --bits 4 --format nf4") << usage;
        QTest::addRow("both reserve units") << QByteArray("--parameters 7e9 --reserve-gb 1 --reserve-gib 1") << usage;
        QTest::addRow("unknown attention") << QByteArray("--preset llama-2-7b --tokens 8 --attention flashy") << error;
        // The decoder training step's options, spelled as measure spells them.
        QTest::addRow("unknown framework") << QByteArray("--preset llama-2-7b --training --framework deepspeed")
                                           << usage;
        QTest::addRow("adapter dtype fp16") << QByteArray("--preset llama-2-7b --lora-rank 8 --adapter-dtype fp16")
                                            << usage;
        QTest::addRow("lora targets without a rank") << QByteArray("--preset llama-2-7b --lora-targets q_proj") << error;
        QTest::addRow("adapter dtype without a rank") << QByteArray("--preset llama-2-7b --adapter-dtype compute")
                                                      << error;
        QTest::addRow("unknown lora target") << QByteArray("--preset llama-2-7b --lora-rank 8 --lora-targets qkv")
                                             << error;
        QTest::addRow("grad accum 0") << QByteArray("--preset llama-2-7b --training --grad-accum 0") << error;
        QTest::addRow("loss chunks beyond 1024") << QByteArray("--preset llama-2-7b --training --loss-chunks 1025")
                                                 << error;
        QTest::addRow("in the backward, accumulating")
            << QByteArray("--preset llama-2-7b --training --optimizer-in-backward --grad-accum 2") << error;
    }

    // A training step of a model the decoder builds is sized from its tensor inventory (DecoderTrainingSizer):
    // the recipe is the framework's with the options given over it, the JSON is iteragpu.estimate/3 with its
    // `training_step` (the tests of tests/sizing/tst_trainingsizer.cpp work the numbers out by hand).
    void trainingStep_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<quint64>("peak");
        QTest::addColumn<QByteArray>("phase");
        QTest::addColumn<QByteArray>("recipe"); // "method optimizer paged in-backward checkpointing chunks"
        const QByteArray llama = "--preset llama-3.1-8b --batch 2 --seq-len 2048 ";
        QTest::addRow("torchtune lora, every option given")
            << llama + "--framework torchtune --lora-rank 8 --lora-targets q_proj,v_proj,o_proj,gate_proj,up_proj,"
                       "down_proj --adapter-dtype compute --checkpointing --loss-chunks 8 --optimizer adamw"
            << quint64(20963172864ULL) << QByteArray("warm_step") << QByteArray("lora adamw 0 0 1 8");
        QTest::addRow("torchtune lora, its defaults")
            << llama + "--framework torchtune --lora-rank 8" << quint64(20963172864ULL) << QByteArray("warm_step")
            << QByteArray("lora adamw 0 0 1 8");
        QTest::addRow("hf lora") << llama + "--lora-rank 8 --lora-targets q_proj,v_proj --adapter-dtype float32"
                                 << quint64(40157880832ULL) << QByteArray("warm_step")
                                 << QByteArray("lora adamw 0 0 0 0");
        QTest::addRow("torchtune qlora (--format nf4 with --lora-rank)")
            << llama + "--format nf4 --framework torchtune --lora-rank 8" << quint64(10930512384ULL)
            << QByteArray("warm_step") << QByteArray("qlora adamw 0 0 1 8");
        QTest::addRow("torchtune full") << llama + "--framework torchtune --training" << quint64(22329684480ULL)
                                        << QByteArray("first_step.backward") << QByteArray("full adam8bit 1 1 1 8");
        QTest::addRow("hf full") << llama + "--training" << quint64(73873809920ULL) << QByteArray("warm_step")
                                 << QByteArray("full adamw 0 0 0 0");
        // Accumulation given: torchtune's in-backward step is turned off (it cannot accumulate), its paged
        // 8-bit optimizer kept.
        QTest::addRow("torchtune full, accumulation")
            << llama + "--framework torchtune --training --grad-accum 2" << quint64(0) << QByteArray("")
            << QByteArray("full adam8bit 1 0 1 8");
        QTest::addRow("torchtune full, not paged")
            << llama + "--framework torchtune --training --no-paged-optimizer --no-checkpointing --loss-chunks 0"
            << quint64(0) << QByteArray("") << QByteArray("full adam8bit 0 1 0 0");
        QTest::addRow("hf full, stepped in the backward")
            << llama + "--training --optimizer-in-backward --paged-optimizer --optimizer adam8bit" << quint64(0)
            << QByteArray("") << QByteArray("full adam8bit 1 1 0 0");
    }

    void trainingStep()
    {
        QFETCH(QByteArray, args);
        QFETCH(quint64, peak);
        QFETCH(QByteArray, phase);
        QFETCH(QByteArray, recipe);
        const auto r = runCli(split("estimate --json " + args));
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.estimate/3"));
        const auto& step = j["training_step"];
        const auto& rj = step["recipe"];
        const std::string got = rj["method"].get<std::string>() + " " + rj["optimizer"].get<std::string>() + " "
            + std::to_string(int(rj["paged_optimizer"].get<bool>())) + " "
            + std::to_string(int(rj["optimizer_in_backward"].get<bool>())) + " "
            + std::to_string(int(rj["checkpointing"].get<bool>())) + " "
            + std::to_string(rj["loss_chunks"].get<std::uint64_t>());
        QCOMPARE(QByteArray::fromStdString(got), recipe);
        if (peak > 0) {
            QCOMPARE(step["peak_bytes"].get<std::uint64_t>(), std::uint64_t(peak));
            QCOMPARE(QByteArray::fromStdString(step["peak_phase"].get<std::string>()), phase);
            QCOMPARE(j["largest_phase"]["bytes"].get<std::uint64_t>(), std::uint64_t(peak));
        }
        // Each phase's parts add up to its peak and say whether they are computed or assumed.
        bool inBackward = rj["optimizer_in_backward"].get<bool>();
        bool optimizerPhase = false;
        for (const auto& p : step["phases"]) {
            std::uint64_t sum = 0;
            for (const auto& part : p["parts"]) {
                sum += part["bytes"].get<std::uint64_t>();
                const std::string provenance = part["provenance"].get<std::string>();
                QVERIFY(provenance == "computed" || provenance == "assumed");
            }
            QCOMPARE(sum, p["peak_allocated"].get<std::uint64_t>());
            optimizerPhase = optimizerPhase || p["phase"] == "first_step.optimizer";
        }
        QCOMPARE(optimizerPhase, !inBackward);
        // The text: the step's phases and parts with their habits.
        const auto t = runCli(split("estimate " + args));
        QCOMPARE(t.code, 0);
        QVERIFY2(t.out.find("training step (the decoder's tensor inventory, ") != std::string::npos, t.out.c_str());
        QVERIFY(t.out.find("  warm_step") != std::string::npos);
    }

    // The habits named: what was not given is the framework's, on the parts and in the assumptions.
    void trainingHabits()
    {
        const auto r = runCli(split("estimate --json --preset llama-3.1-8b --framework torchtune --lora-rank 8"));
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        bool logitsHabit = false;
        for (const auto& p : j["training_step"]["phases"])
            for (const auto& part : p["parts"])
                if (part["id"] == "logits")
                    logitsHabit = logitsHabit
                        || (part["habit"] == "chunked cross-entropy over 8 output chunks (CEWithChunkedOutputLoss) "
                                             "(torchtune's default)"
                            && part["provenance"] == "assumed");
        QVERIFY(logitsHabit);
        bool taken = false;
        for (const auto& a : j["assumptions"])
            taken = taken || a == "framework default taken: activation checkpointing (torchtune's default)";
        QVERIFY(taken);
        const auto t = runCli(split("estimate --preset llama-3.1-8b --framework torchtune --lora-rank 8"));
        QVERIFY2(t.out.find("[chunked cross-entropy over 8 output chunks (CEWithChunkedOutputLoss) (torchtune's "
                            "default)]")
                != std::string::npos,
            t.out.c_str());
        // A bare parameter count keeps the estimate it had: iteragpu.estimate/1, no training_step.
        const auto bare = runCli(split("estimate --json --parameters 7e9 --training"));
        QCOMPARE(bare.code, 0);
        const auto b = nlohmann::json::parse(bare.out);
        QCOMPARE(b["schema"].get<std::string>(), std::string("iteragpu.estimate/1"));
        QVERIFY(!b.contains("training_step"));
    }

    // --attention adds the inference activations per phase, and only it: the same choices without it print
    // what they printed before (no new component, one inference phase).
    void attentionAddsPhases_data()
    {
        QTest::addColumn<QByteArray>("attention");
        QTest::addColumn<QByteArray>("format");
        QTest::addColumn<bool>("dequantization");
        QTest::addRow("eager bf16") << QByteArray("eager") << QByteArray("bf16") << false;
        QTest::addRow("sdpa nf4") << QByteArray("sdpa") << QByteArray("nf4") << true;
    }

    void attentionAddsPhases()
    {
        QFETCH(QByteArray, attention);
        QFETCH(QByteArray, format);
        QFETCH(bool, dequantization);
        const QByteArray base
            = "estimate --preset llama-2-7b --tokens 4096 --sequences 4 --generated 256 --format " + format;
        const auto without = runCli(split(base));
        QCOMPARE(without.code, 0);
        QVERIFY(without.out.find("activations") == std::string::npos);
        QVERIFY(without.out.find("largest phase 'inference'") != std::string::npos);
        const auto with = runCli(split(base + " --attention " + attention));
        QCOMPARE(with.code, 0);
        QVERIFY2(with.out.find("prefill activations (assumed): prefill of 4 x 4 096 tokens, " + attention.toStdString())
                != std::string::npos,
            with.out.c_str());
        QVERIFY(with.out.find("decode activations (assumed): decode step of 4 x 1 token") != std::string::npos);
        QCOMPARE(with.out.find("dequantization buffer (assumed)") != std::string::npos, dequantization);
        QVERIFY(with.out.find("  - attention: " + attention.toStdString() + "\n") != std::string::npos);
        QVERIFY(with.out.find("  - workspace (assumed, not in the total): cuBLAS 8 519 680 bytes")
            != std::string::npos);
        // The lines before the new ones are those printed without --attention.
        const std::string weightsLine = without.out.substr(0, without.out.find('\n', without.out.find("KV cache")));
        QVERIFY(with.out.rfind(weightsLine, 0) == 0);
        const auto j = nlohmann::json::parse(runCli(split(base + " --json --attention " + attention)).out);
        QCOMPARE(j["phases"].size(), std::size_t(2));
        QCOMPARE(j["phases"][0]["id"].get<std::string>(), std::string("prefill"));
        QCOMPARE(j["phases"][1]["id"].get<std::string>(), std::string("decode"));
    }

    void errors()
    {
        QFETCH(QByteArray, args);
        QFETCH(int, code);
        const auto r = runCli(split("estimate " + args));
        QCOMPARE(r.code, code);
        QVERIFY(r.out.empty());
        QVERIFY(!r.err.empty());
        if (code == cli::kExitError) {
            QCOMPARE(r.err.find('\n'), r.err.size() - 1); // exactly one line
            QVERIFY(r.err.rfind("iteragpu estimate: ", 0) == 0);
        }
    }

    void lyingSafetensorsIsOneLineError_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addRow("truncated") << QByteArray("\x10\x00\x00", 3);
        QTest::addRow("length beyond file") << QByteArray("\xff\x00\x00\x00\x00\x00\x00\x00{}", 10);
        QTest::addRow("lying offsets") << (QByteArray("\x3e\x00\x00\x00\x00\x00\x00\x00", 8)
            + QByteArray(R"({"w":{"dtype":"F32","shape":[1024],"data_offsets":[0,4096]}}  )"));
    }

    void lyingSafetensorsIsOneLineError()
    {
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("x.safetensors")).toStdString();
        std::ofstream(path, std::ios::binary).write(bytes.constData(), bytes.size());
        const auto r = runCli({ "estimate", "--safetensors", path });
        QCOMPARE(r.code, static_cast<int>(cli::kExitError));
        QCOMPARE(r.err.find('\n'), r.err.size() - 1);
    }

    // --model ORG/NAME from a fake Hugging Face cache holding only a GPTQ checkpoint's config.json: sized as GPTQ
    // int4 with its group without --format; a typed --format wins and the conflict is named; an id that is not
    // cached is one line naming the folder looked in.
    void gptqConfigByIdSizesWithoutFormat()
    {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const std::string commit = "2222222222222222222222222222222222222222";
        const auto repo = root / "models--org--tiny-gptq";
        std::filesystem::create_directories(repo / "refs");
        std::filesystem::create_directories(repo / "snapshots" / commit);
        std::ofstream(repo / "refs" / "main") << commit;
        nlohmann::json config = { { "model_type", "llama" }, { "hidden_size", 4096 }, { "num_hidden_layers", 32 },
            { "num_attention_heads", 32 }, { "num_key_value_heads", 8 }, { "intermediate_size", 14336 },
            { "vocab_size", 128256 }, { "max_position_embeddings", 8192 }, { "torch_dtype", "float16" },
            { "quantization_config", { { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", 128 } } } };
        std::ofstream(repo / "snapshots" / commit / "config.json") << config.dump();
        qputenv("HF_HUB_CACHE", QByteArray::fromStdString(root.string()));

        const auto r = runCli({ "estimate", "--json", "--model", "org/tiny-gptq" });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        sizing::WeightOptions gptq;
        gptq.format = sizing::WeightFormat::GptqInt4;
        gptq.groupSize = 128;
        const auto shape = model::ConfigReader::fromJson(config);
        std::uint64_t weights = 0;
        for (const auto& c : j["components"])
            if (c["id"] == "weights")
                weights = c["bytes"].get<std::uint64_t>();
        QCOMPARE(weights, sizing::WeightEstimator::estimate(shape, gptq).bytes);
        QVERIFY2(r.out.find("quantization_config says (GPTQ 4-bit, group 128): gptq-int4") != std::string::npos,
            r.out.c_str());

        const auto typed = runCli({ "estimate", "--model", "org/tiny-gptq", "--format", "nf4" });
        QCOMPARE(typed.code, 0);
        QVERIFY2(typed.out.find("conflict: config.json's quantization_config says GPTQ 4-bit, group 128, but the "
                                "weights are sized as chosen: nf4")
                != std::string::npos,
            typed.out.c_str());

        const auto missing = runCli({ "estimate", "--model", "org/absent" });
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.find((root / "models--org--absent").string()) != std::string::npos, missing.err.c_str());
        QCOMPARE(std::count(missing.err.begin(), missing.err.end(), '\n'), std::ptrdiff_t(1));
        qunsetenv("HF_HUB_CACHE");
    }

    // --gguf: the weights as stored, the shape from the metadata, the largest context capped at context_length
    // and named so; Llama-3-8B's preset is capped at its trained 8 192 tokens.
    void ggufAndTheTrainedContextCap()
    {
        const char* dir = std::getenv("ITERAGPU_TEST_DATA");
        const std::string data = std::string(dir ? dir : "tests/data") + "/gguf/";
        const auto r = runCli(
            { "estimate", "--json", "--gguf", data + "llama-v3.gguf", "--kv-dtype", "fp16", "--device-catalog", "l4" });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["largest_context_cap"].get<std::string>(), std::string("trained_context"));
        QCOMPARE(j["largest_context_tokens"].get<std::uint64_t>(), std::uint64_t(2048));
        std::ifstream in(data + "expected.json");
        const auto expected = nlohmann::json::parse(in)["llama-v3.gguf"];
        for (const auto& c : j["components"])
            if (c["id"] == "weights")
                QCOMPARE(c["bytes"].get<std::uint64_t>(), expected["total_bytes"].get<std::uint64_t>());

        const auto llama = runCli(split("estimate --json --preset llama-3-8b --tokens 4096 --device-catalog h100-sxm"));
        QCOMPARE(llama.code, 0);
        const auto l = nlohmann::json::parse(llama.out);
        QCOMPARE(l["largest_context_tokens"].get<std::uint64_t>(), std::uint64_t(8192));
        QCOMPARE(l["largest_context_cap"].get<std::string>(), std::string("trained_context"));
        QVERIFY(l["largest_context"].get<std::string>().find("the model's trained context (memory would allow")
            != std::string::npos);

        const auto bad = runCli({ "estimate", "--gguf", data + "overlapping-tensors.gguf" });
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.find("overlap") != std::string::npos, bad.err.c_str());
    }

    // An architecture the readers do not know: one line, exit 1; read as llama on purpose, and said so.
    void unknownArchitecture()
    {
        QTemporaryDir dir;
        const std::string config = dir.path().toStdString() + "/config.json";
        std::ofstream(config) << R"({"model_type": "future_lm", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100})";
        const auto refused = runCli({ "estimate", "--config", config });
        QCOMPARE(refused.code, 1);
        QVERIFY(refused.out.empty());
        QCOMPARE(std::count(refused.err.begin(), refused.err.end(), '\n'), std::ptrdiff_t { 1 });
        QVERIFY2(refused.err.find("model_type 'future_lm' is not a known architecture (known: ") != std::string::npos,
            refused.err.c_str());
        const auto assumed = runCli({ "estimate", "--config", config, "--assume-architecture", "llama", "--json" });
        QCOMPARE(assumed.code, 0);
        const auto j = nlohmann::json::parse(assumed.out);
        QCOMPARE(j["architecture"]["assumed"].get<bool>(), true);
        bool said = false;
        for (const auto& a : j["assumptions"])
            said = said || a.get<std::string>().find("model_type 'future_lm' read as 'llama'") != std::string::npos;
        QVERIFY(said);
        const auto text = runCli({ "estimate", "--config", config, "--assume-architecture", "llama" });
        QVERIFY2(text.out.find("architecture assumed on purpose") != std::string::npos, text.out.c_str());
        const auto bad = runCli({ "estimate", "--config", config, "--assume-architecture", "nope" });
        QCOMPARE(bad.code, 1);
        const auto list = runCli({ "--list-architectures" });
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.find("\nqwen3_moe\n") != std::string::npos);
    }

    // MLA as transformers caches it, or as a serving engine does (--mla-cache latent); the JSON lists the cache
    // by layer kind and the architecture.
    void mlaCacheAndArchitectureJson()
    {
        const char* dir = std::getenv("ITERAGPU_TEST_DATA");
        const std::string config = std::string(dir ? dir : "tests/data") + "/models/deepseek-v2-lite/config.json";
        const auto full = nlohmann::json::parse(runCli({ "estimate", "--json", "--config", config, "--tokens", "4096",
            "--kv-dtype", "bf16" }).out);
        const auto latent = nlohmann::json::parse(runCli({ "estimate", "--json", "--config", config, "--tokens",
            "4096", "--kv-dtype", "bf16", "--mla-cache", "latent" }).out);
        QCOMPARE(full["kv_cache"]["bytes"].get<std::uint64_t>(), std::uint64_t { 27ULL * 4096 * 16 * 320 * 2 });
        QCOMPARE(latent["kv_cache"]["bytes"].get<std::uint64_t>(), std::uint64_t { 27ULL * 4096 * 576 * 2 });
        QCOMPARE(full["kv_by_layer_kind"][0]["kind"].get<std::string>(), std::string("mla_decompressed"));
        QCOMPARE(latent["kv_by_layer_kind"][0]["kind"].get<std::string>(), std::string("latent"));
        QCOMPARE(full["architecture"]["parameters_total"].get<std::uint64_t>(), std::uint64_t { 15706484224 });
        QCOMPARE(full["architecture"]["experts"].get<std::uint64_t>(), std::uint64_t { 64 });
        QCOMPARE(full["architecture"]["moe_layers"].get<std::uint64_t>(), std::uint64_t { 26 });
        QCOMPARE(runCli({ "estimate", "--config", config, "--tokens", "8", "--mla-cache", "packed" }).code, 1);
    }
};

QTEST_GUILESS_MAIN(TestEstimateCli)
#include "tst_estimatecli.moc"
