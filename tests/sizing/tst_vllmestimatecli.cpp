// SPDX-License-Identifier: Apache-2.0
// `iteragpu estimate --engine vllm` through iteragpu::cli::run: the `engine` object with every field, the options
// moving its figures the way vLLM's logs do, a plan that does not start, the refusals (exit 64), the same numbers
// as VllmPlanner::plan called directly, and a committed start-up log (tests/data/engines/vllm-startups.json)
// through the command line.
#include "app/cli/cliapp.h"
#include "support/clirun.h"
#include "core/engines/vllmplanner.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/sizinginputs.h"
#include "core/units/units.h"

#include <QTest>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;

namespace {

using testsupport::CliResult;
using testsupport::runCli;
using testsupport::split;

// estimate --engine vllm on the H100 SXM with `extra`, as JSON; the engine object.
nlohmann::json engineOf(const std::string& preset, const QByteArray& extra)
{
    std::vector<std::string> args { "estimate", "--engine", "vllm", "--preset", preset, "--device-catalog", "h100-sxm",
        "--json" };
    for (auto& a : split(extra))
        args.push_back(a);
    const auto r = runCli(args);
    if (r.code != 0)
        qWarning("exit %d: %s", r.code, r.err.c_str());
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    if (j.is_discarded() || !j.contains("engine"))
        return nlohmann::json();
    return j["engine"];
}

std::string dataDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/";
}

const sizing::GpuCard& h100()
{
    static const auto catalog = sizing::DeviceCatalog::loadDefault();
    return *catalog.find("h100-sxm");
}

// The figures the CLI prints, compared with a plan made in core.
void compareWithPlan(const nlohmann::json& e, const engines::VllmPlan& p)
{
    QCOMPARE(e["version"].get<std::string>(), p.version);
    QCOMPARE(e["starts"].get<bool>(), p.starts);
    QCOMPARE(e["weights_bytes"].get<std::uint64_t>(), p.weightsBytes);
    QCOMPARE(e["activation_peak_bytes"].get<std::uint64_t>(), p.activationPeakBytes);
    QCOMPARE(e["non_torch_bytes"].get<std::uint64_t>(), p.nonTorchBytes);
    QCOMPARE(e["kv_cache_bytes"].get<std::int64_t>(), p.kvCacheBytes);
    QCOMPARE(e["kv_cache_tokens"].get<std::uint64_t>(), p.kvCacheTokens);
    QCOMPARE(e["max_concurrency"].get<double>(), p.maxConcurrency);
    QCOMPARE(e["total_bytes"].get<std::uint64_t>(), p.totalBytes);
    QCOMPARE(e["requested_bytes"].get<std::uint64_t>(), p.requestedBytes);
    QCOMPARE(e["max_num_seqs"].get<std::uint64_t>(), p.maxNumSeqs);
    QCOMPARE(e["max_num_batched_tokens"].get<std::uint64_t>(), p.maxNumBatchedTokens);
    QCOMPARE(e["largest_max_model_len"].is_null(), !p.largestMaxModelLen.has_value());
    if (p.largestMaxModelLen)
        QCOMPARE(e["largest_max_model_len"].get<std::uint64_t>(), *p.largestMaxModelLen);
}

} // namespace

class TestVllmEstimateCli : public QObject {
    Q_OBJECT
private slots:
    // Every field, of its type, for each layout of the GPUs and each option that changes the plan.
    void engineObjectHasEveryField_data()
    {
        QTest::addColumn<QByteArray>("extra");
        QTest::addColumn<quint64>("tp");
        QTest::addColumn<quint64>("pp");
        QTest::addRow("TP 1") << QByteArray("--max-model-len 8192") << quint64(1) << quint64(1);
        QTest::addRow("TP 2") << QByteArray("--max-model-len 8192 --tp 2") << quint64(2) << quint64(1);
        QTest::addRow("TP 4, long name") << QByteArray("--max-model-len 8192 --tensor-parallel-size 4") << quint64(4)
                                         << quint64(1);
        QTest::addRow("PP 2") << QByteArray("--max-model-len 8192 --pp 2") << quint64(1) << quint64(2);
        QTest::addRow("PP 2, long name") << QByteArray("--max-model-len 8192 --pipeline-parallel-size 2") << quint64(1)
                                         << quint64(2);
        QTest::addRow("fp8 KV") << QByteArray("--max-model-len 8192 --kv-cache-dtype fp8") << quint64(1) << quint64(1);
        QTest::addRow("runtime fp8") << QByteArray("--max-model-len 8192 --quantization fp8") << quint64(1)
                                     << quint64(1);
        QTest::addRow("float32") << QByteArray("--max-model-len 8192 --dtype float32") << quint64(1) << quint64(1);
        QTest::addRow("eager, every option") << QByteArray("--max-model-len 4096 --gpu-memory-utilization 0.8 "
                                                           "--max-num-seqs 128 --max-num-batched-tokens 4096 "
                                                           "--block-size 32 --enforce-eager")
                                             << quint64(1) << quint64(1);
    }
    void engineObjectHasEveryField()
    {
        QFETCH(QByteArray, extra);
        QFETCH(quint64, tp);
        QFETCH(quint64, pp);
        const auto e = engineOf("llama-3.1-8b", extra);
        QVERIFY2(e.is_object(), extra.constData());
        for (const char* key :
            { "name", "version", "starts", "reason", "weights_bytes", "activation_peak_bytes", "non_torch_bytes",
                "cuda_graph_bytes", "cuda_graph_capture_sizes", "cuda_graph_full_sizes", "cuda_graph_room_bytes",
                "cuda_graph_fit", "kv_cache_bytes", "kv_cache_tokens", "max_concurrency", "largest_max_model_len",
                "total_bytes", "total_is_usable", "requested_bytes", "max_model_len", "max_num_seqs",
                "max_num_batched_tokens", "block_size", "tensor_parallel", "pipeline_parallel", "assumptions" })
            QVERIFY2(e.contains(key), key);
        QCOMPARE(e["name"].get<std::string>(), std::string("vllm"));
        QCOMPARE(e["version"].get<std::string>(), std::string(engines::VllmPlanner::kModelledRelease));
        QVERIFY(e["starts"].get<bool>());
        QVERIFY(e["reason"].is_null());
        for (const char* key : { "weights_bytes", "activation_peak_bytes", "kv_cache_tokens", "total_bytes",
                 "requested_bytes", "max_model_len", "max_num_seqs", "max_num_batched_tokens", "block_size" })
            QVERIFY2(e[key].is_number_unsigned() && e[key].get<std::uint64_t>() > 0, key);
        // Outside torch: the NCCL communicators and the custom all-reduce at TP >= 2; at TP 1 nothing the plan can
        // know offline (the cuBLAS workspace comes from torch's allocator; kernel images loaded on first use are not
        // modelled, an assumption says so), 0 bytes.
        QVERIFY(e["non_torch_bytes"].is_number_unsigned());
        QCOMPARE(e["non_torch_bytes"].get<std::uint64_t>() > 0, tp * pp > 1);
        QVERIFY(e["kv_cache_bytes"].is_number_integer() && e["kv_cache_bytes"].get<std::int64_t>() > 0);
        QVERIFY(e["max_concurrency"].get<double>() >= 1.0);
        QVERIFY(e["largest_max_model_len"].get<std::uint64_t>() >= e["max_model_len"].get<std::uint64_t>());
        QVERIFY(e["assumptions"].is_array() && !e["assumptions"].empty());
        QCOMPARE(e["tensor_parallel"].get<quint64>(), tp);
        QCOMPARE(e["pipeline_parallel"].get<quint64>(), pp);
        // The catalog card's total, and that it is the usable one.
        QCOMPARE(e["total_bytes"].get<std::uint64_t>(), h100().capacityBytes());
        QCOMPARE(e["total_is_usable"].get<bool>(), h100().capacityIsUsable());
        const bool eager = extra.contains("--enforce-eager");
        // The graphs' modelled part (Note [vLLM CUDA graphs]), and where they fit; none with --enforce-eager.
        QVERIFY(e["cuda_graph_bytes"].is_number_unsigned());
        QCOMPARE(e["cuda_graph_bytes"].get<std::uint64_t>() > 0, !eager);
        QCOMPARE(e["cuda_graph_capture_sizes"].empty(), eager);
        QCOMPARE(e["cuda_graph_fit"].is_null(), eager);
        QCOMPARE(e["cuda_graph_room_bytes"].is_null(), eager);
        if (!eager)
            QCOMPARE(e["cuda_graph_fit"].get<std::string>(), std::string("within_request"));
        if (eager) {
            QCOMPARE(e["cuda_graph_bytes"].get<std::uint64_t>(), 0u);
            QCOMPARE(e["block_size"].get<std::uint64_t>(), 32u);
            QCOMPARE(e["max_num_seqs"].get<std::uint64_t>(), 128u);
            QCOMPARE(e["max_num_batched_tokens"].get<std::uint64_t>(), 4096u);
            QCOMPARE(e["max_model_len"].get<std::uint64_t>(), 4096u);
            QCOMPARE(e["requested_bytes"].get<std::uint64_t>(),
                std::uint64_t(std::floor(double(h100().capacityBytes()) * 0.8)));
        }
    }

    // The options move the figures the way vLLM's logs do.
    void optionsMoveTheFigures()
    {
        const auto base = engineOf("llama-3.1-8b", "--max-model-len 8192");
        QVERIFY(base.is_object());
        const auto w = [](const nlohmann::json& e) { return double(e["weights_bytes"].get<std::uint64_t>()); };
        const auto tokens = [](const nlohmann::json& e) { return double(e["kv_cache_tokens"].get<std::uint64_t>()); };
        // fp8 KV: one byte per element instead of two, twice the tokens (within a block of rounding).
        const auto k8 = engineOf("llama-3.1-8b", "--max-model-len 8192 --kv-cache-dtype fp8");
        QCOMPARE(w(k8), w(base));
        QVERIFY2(std::fabs(tokens(k8) - 2 * tokens(base)) <= 2 * 16, k8.dump().c_str());
        const auto e5 = engineOf("llama-3.1-8b", "--max-model-len 8192 --kv-cache-dtype fp8_e5m2");
        QCOMPARE(tokens(e5), tokens(k8));
        // TP 2 / 4: the weights per GPU halve / quarter (embeddings included, sharded too); more tokens per GPU.
        const auto t2 = engineOf("llama-3.1-8b", "--max-model-len 8192 --tp 2");
        const auto t4 = engineOf("llama-3.1-8b", "--max-model-len 8192 --tp 4");
        QVERIFY2(std::fabs(w(t2) / w(base) - 0.5) < 0.01, t2.dump().c_str());
        QVERIFY2(std::fabs(w(t4) / w(base) - 0.25) < 0.01, t4.dump().c_str());
        QVERIFY(tokens(t2) > 2 * tokens(base));
        QVERIFY(t2["non_torch_bytes"].get<std::uint64_t>() > base["non_torch_bytes"].get<std::uint64_t>());
        // PP 2: half the layers per GPU, so about half the weights and twice the tokens per layer's pool.
        const auto p2 = engineOf("llama-3.1-8b", "--max-model-len 8192 --pp 2");
        QVERIFY(w(p2) < 0.6 * w(base) && w(p2) > 0.4 * w(base));
        QVERIFY(tokens(p2) > 2 * tokens(base));
        // Runtime fp8: the linear weights in one byte, embeddings and lm_head kept 16-bit.
        const auto q8 = engineOf("llama-3.1-8b", "--max-model-len 8192 --quantization fp8");
        QVERIFY(w(q8) > 0.5 * w(base) && w(q8) < 0.65 * w(base));
        QVERIFY(tokens(q8) > tokens(base));
        // --dtype float32: the 16-bit weights cast up, and an auto KV cache in fp32: fewer tokens.
        const auto f32 = engineOf("llama-3.1-8b", "--max-model-len 8192 --dtype float32");
        QCOMPARE(w(f32), 2 * w(base));
        QVERIFY(tokens(f32) < tokens(base) / 2);
        const auto bf16 = engineOf("llama-3.1-8b", "--max-model-len 8192 --dtype bfloat16");
        QCOMPARE(w(bf16), w(base));
        // A higher utilization leaves more for the pool, and the same weights.
        const auto u95 = engineOf("llama-3.1-8b", "--max-model-len 8192 --gpu-memory-utilization 0.95");
        QCOMPARE(w(u95), w(base));
        QVERIFY(tokens(u95) > tokens(base));
        // gpt-oss: the MXFP4 experts loaded as MXFP4, far below 16 bits a parameter.
        const auto oss = engineOf("gpt-oss-20b", "--max-model-len 8192");
        QVERIFY(oss.is_object());
        QVERIFY2(w(oss) < 20914757184.0 * 2 * 0.7, oss.dump().c_str());
    }

    // Too little memory: starts false, vLLM's reason, a negative pool kept signed; exit 0 (a plan is a result).
    void planThatDoesNotStart()
    {
        auto r = runCli({ "estimate", "--engine", "vllm", "--preset", "llama-3.1-8b", "--device-catalog", "h100-sxm",
            "--gpu-memory-utilization", "0.1", "--json" });
        QCOMPARE(r.code, 0);
        auto e = nlohmann::json::parse(r.out)["engine"];
        QVERIFY(!e["starts"].get<bool>());
        QVERIFY2(e["reason"].get<std::string>().rfind("No available memory for the cache blocks.", 0) == 0,
            e.dump().c_str());
        QVERIFY(e["kv_cache_bytes"].is_number_integer() && e["kv_cache_bytes"].get<std::int64_t>() < 0);
        QVERIFY(e["largest_max_model_len"].is_null());
        QCOMPARE(e["kv_cache_tokens"].get<std::uint64_t>(), 0u);

        // --max-model-len far above what fits: vLLM's own message with its estimate, which does start.
        r = runCli({ "estimate", "--engine", "vllm", "--preset", "llama-3.1-8b", "--device-catalog", "h100-sxm",
            "--gpu-memory-utilization", "0.25", "--max-model-len", "131072", "--json" });
        QCOMPARE(r.code, 0);
        e = nlohmann::json::parse(r.out)["engine"];
        QVERIFY(!e["starts"].get<bool>());
        const std::string reason = e["reason"].get<std::string>();
        QVERIFY2(
            reason.find("To serve at least one request with the models's max seq len (131072)") == 0, reason.c_str());
        const auto largest = e["largest_max_model_len"].get<std::uint64_t>();
        QVERIFY(largest < 131072);
        QVERIFY(reason.find("the estimated maximum model length is " + std::to_string(largest)) != std::string::npos);
        const auto fits = engineOf("llama-3.1-8b",
            QByteArray("--gpu-memory-utilization 0.25 --max-model-len ") + QByteArray::number(qulonglong(largest)));
        QVERIFY(fits["starts"].get<bool>());

        // The text says so, with the reason.
        r = runCli({ "estimate", "--engine", "vllm", "--preset", "llama-3.1-8b", "--device-catalog", "h100-sxm",
            "--gpu-memory-utilization", "0.1" });
        QCOMPARE(r.code, 0);
        QVERIFY2(
            r.out.find("  starts: no: No available memory for the cache blocks.") != std::string::npos, r.out.c_str());

        // Refused before the memory is sized (TP 3 does not divide 32 heads): figures unknown, null, never 0.
        e = engineOf("llama-3.1-8b", "--tp 3");
        QVERIFY(!e["starts"].get<bool>());
        QVERIFY(
            e["reason"].get<std::string>().find("must be divisible by tensor parallel size (3)") != std::string::npos);
        for (const char* key : { "weights_bytes", "activation_peak_bytes", "non_torch_bytes", "kv_cache_bytes",
                 "kv_cache_tokens", "max_concurrency", "largest_max_model_len", "cuda_graph_bytes",
                 "cuda_graph_capture_sizes", "cuda_graph_full_sizes", "cuda_graph_room_bytes", "cuda_graph_fit" })
            QVERIFY2(e[key].is_null(), key);
        QVERIFY(e["requested_bytes"].get<std::uint64_t>() > 0);
    }

    // The text block names each figure as vLLM's start-up lines do.
    void textNamesVllmsLines()
    {
        const auto r = runCli({ "estimate", "--engine", "vllm", "--preset", "llama-3.1-8b", "--device-catalog",
            "h100-sxm", "--max-model-len", "8192" });
        QCOMPARE(r.code, 0);
        const auto e = engineOf("llama-3.1-8b", "--max-model-len 8192");
        char loading[64];
        std::snprintf(loading, sizeof loading, "Model loading took %.4f GiB",
            double(e["weights_bytes"].get<std::uint64_t>()) / double(units::kGiB));
        char concurrency[96];
        std::snprintf(concurrency, sizeof concurrency, "Maximum concurrency for 8,192 tokens per request: %.2fx",
            e["max_concurrency"].get<double>());
        for (const std::string line : { std::string("vLLM plan (") + engines::VllmPlanner::kModelledRelease,
                 std::string(loading), std::string("Available KV cache memory: "), std::string("GPU KV cache size: "),
                 std::string(concurrency), std::string("torch peak memory increase"),
                 std::string("non-torch forward increase memory"), std::string("  Graph capturing took at least "),
                 std::string("the modelled graphs fit within --gpu-memory-utilization"), std::string("  starts: yes") })
            QVERIFY2(r.out.find(line) != std::string::npos, (line + "\n" + r.out).c_str());
        // The graphs after the pool (Note [vLLM CUDA graphs]): gpt-oss-20b captures up to 1024 tokens, more than a
        // profile run at --max-num-seqs 8 leaves; at --gpu-memory-utilization 1.0 nothing is above the request.
        const std::string gptOss = dataDir() + "models/gpt-oss-20b/config.json";
        const auto beyond = runCli({ "estimate", "--engine", "vllm", "--config", gptOss.c_str(), "--device-catalog",
            "h100-sxm", "--max-model-len", "8192", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024" });
        QCOMPARE(beyond.code, 0);
        QVERIFY2(beyond.out.find("the graphs go beyond --gpu-memory-utilization") != std::string::npos,
            beyond.out.c_str());
        const auto oom = runCli({ "estimate", "--engine", "vllm", "--config", gptOss.c_str(), "--device-catalog",
            "h100-sxm", "--max-model-len", "8192", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024",
            "--gpu-memory-utilization", "1.0" });
        QCOMPARE(oom.code, 0); // a plan that does not start is a result
        QVERIFY2(oom.out.find("CUDA out of memory while capturing them") != std::string::npos, oom.out.c_str());
        QVERIFY2(oom.out.find("  starts: no: its KV pool starts, then CUDA runs out of memory") != std::string::npos,
            oom.out.c_str());
    }

    // hf (the default) is today's estimate: the same output with or without --engine hf, schema /1, no engine.
    void hfIsUnchanged()
    {
        const auto plain = runCli({ "estimate", "--preset", "llama-3.1-8b", "--device-catalog", "h100-sxm", "--json" });
        const auto hf = runCli(
            { "estimate", "--engine", "hf", "--preset", "llama-3.1-8b", "--device-catalog", "h100-sxm", "--json" });
        QCOMPARE(plain.code, 0);
        QCOMPARE(hf.out, plain.out);
        const auto j = nlohmann::json::parse(plain.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.estimate/1"));
        QVERIFY(!j.contains("engine"));
        const auto v = runCli(
            { "estimate", "--engine", "vllm", "--preset", "llama-3.1-8b", "--device-catalog", "h100-sxm", "--json" });
        QCOMPARE(nlohmann::json::parse(v.out)["schema"].get<std::string>(), std::string("iteragpu.estimate/2"));
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QByteArray>("message");
        const QByteArray vllm = "--engine vllm --preset llama-3.1-8b --device-catalog h100-sxm ";
        QTest::addRow("utilization 0") << vllm + "--gpu-memory-utilization 0"
                                       << QByteArray("--gpu-memory-utilization: '0'");
        QTest::addRow("utilization 1.5") << vllm + "--gpu-memory-utilization 1.5"
                                         << QByteArray("--gpu-memory-utilization: '1.5'");
        QTest::addRow("utilization abc") << vllm + "--gpu-memory-utilization abc"
                                         << QByteArray("--gpu-memory-utilization: 'abc'");
        QTest::addRow("utilization negative")
            << vllm + "--gpu-memory-utilization -0.5" << QByteArray("--gpu-memory-utilization");
        QTest::addRow("block size 0") << vllm + "--block-size 0" << QByteArray("--block-size: '0'");
        QTest::addRow("max-model-len abc") << vllm + "--max-model-len abc" << QByteArray("--max-model-len: 'abc'");
        QTest::addRow("max-num-seqs 0") << vllm + "--max-num-seqs 0" << QByteArray("--max-num-seqs: '0'");
        QTest::addRow("pp 0") << vllm + "--pp 0" << QByteArray("--pp");
        QTest::addRow("kv dtype int8") << vllm + "--kv-cache-dtype int8" << QByteArray("--kv-cache-dtype");
        QTest::addRow("quantization awq") << vllm + "--quantization awq" << QByteArray("--quantization");
        QTest::addRow("dtype int8") << vllm + "--dtype int8" << QByteArray("--dtype");
        QTest::addRow("engine unknown") << QByteArray("--engine tgi --preset llama-3.1-8b") << QByteArray("--engine");
        QTest::addRow("llama.cpp without a card") << QByteArray("--engine llama.cpp --preset llama-3.1-8b")
                                                  << QByteArray("--engine llama.cpp needs one card");
        QTest::addRow("vllm without a card") << QByteArray("--engine vllm --preset llama-3.1-8b")
                                             << QByteArray("--engine vllm needs one card, --device-catalog ID");
        QTest::addRow("vllm on every card") << QByteArray("--engine vllm --preset llama-3.1-8b --device-catalog all")
                                            << QByteArray("--engine vllm needs one card");
        QTest::addRow("vllm with --format") << vllm + "--format nf4" << QByteArray("--format and --bits");
        // vLLM's options without --engine vllm.
        for (const char* option : { "--gpu-memory-utilization 0.9", "--max-model-len 4096", "--max-num-seqs 8",
                 "--max-num-batched-tokens 4096", "--block-size 16", "--kv-cache-dtype fp8", "--enforce-eager",
                 "--quantization fp8", "--pp 2", "--pipeline-parallel-size 2", "--dtype float32" }) {
            const QByteArray name = QByteArray(option).split(' ').front();
            const QByteArray shown = name == "--pipeline-parallel-size" ? QByteArray("--pp") : name;
            QTest::addRow("%s without --engine", option)
                << QByteArray("--preset llama-3.1-8b --device-catalog h100-sxm ") + option
                << shown + " is an option of vLLM's plan: give --engine vllm";
            QTest::addRow("%s with --engine hf", option) << QByteArray("--engine hf --preset llama-3.1-8b ") + option
                                                         << shown + " is an option of vLLM's plan: give --engine vllm";
        }
    }
    void refusals()
    {
        QFETCH(QByteArray, args);
        QFETCH(QByteArray, message);
        auto argv = split(args);
        argv.insert(argv.begin(), "estimate");
        const auto r = runCli(argv);
        QCOMPARE(r.code, int(cli::kExitUsage));
        QVERIFY(r.out.empty());
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.rfind("iteragpu estimate: ", 0) == 0, r.err.c_str());
        QCOMPARE(std::count(r.err.begin(), r.err.end(), '\n'), 1); // one line
    }

    // The CLI prints what core's planner computes, to the byte: one case built here, the same options there.
    void sameNumbersAsThePlanner()
    {
        sizing::SizingInputs in;
        in.presetId = "qwen3-8b";
        in.storageChosen = false;
        engines::VllmOptions o;
        o.gpuMemoryUtilization = 0.92;
        o.maxModelLen = 16384;
        o.tensorParallel = 2;
        o.kvCacheDtype = engines::VllmOptions::KvCacheDtype::Fp8E4M3;
        o.maxNumSeqs = 64;
        o.cardName = h100().name;
        const auto plan
            = engines::VllmPlanner::plan(sizing::makeRequest(in), o, h100().capacityBytes(), h100().capacityIsUsable());
        const auto e = engineOf("qwen3-8b",
            "--gpu-memory-utilization 0.92 --max-model-len 16384 --tp 2 --kv-cache-dtype fp8 --max-num-seqs 64");
        QVERIFY(e.is_object());
        compareWithPlan(e, plan);
    }

    // Committed start-up logs through the command line: the settings the log ran with, its weights within the
    // goal (1 %), and the numbers core's planner gives for the same settings. (The KV pool of these V0-era logs
    // is not checked to a goal: tst_vllmplan prints how far it is.)
    void committedLogThroughTheCli_data()
    {
        QTest::addColumn<QByteArray>("id");
        QTest::addRow("llama-3-8b-h100-tp1") << QByteArray("llama-3-8b-h100-tp1");
        QTest::addRow("llama-3-8b-h100-tp2") << QByteArray("llama-3-8b-h100-tp2");
    }
    void committedLogThroughTheCli()
    {
        QFETCH(QByteArray, id);
        std::ifstream file(dataDir() + "engines/vllm-startups.json");
        const auto data = nlohmann::json::parse(file);
        nlohmann::json entry;
        for (const auto& s : data["startups"])
            if (s["id"].get<std::string>() == id.toStdString())
                entry = s;
        QVERIFY2(entry.is_object(), id.constData());
        QCOMPARE(entry["card"].get<std::string>(), std::string("h100-sxm"));
        const auto& set = entry["settings"];
        const auto num = [](const nlohmann::json& v) {
            return v.is_number_integer() ? std::to_string(v.get<std::uint64_t>()) : v.dump();
        };
        const std::string preset = entry["model"]["preset"].get<std::string>();
        const std::string extra = "--tp " + num(set["tensor_parallel_size"]) + " --pp "
            + num(set["pipeline_parallel_size"]) + " --gpu-memory-utilization " + num(set["gpu_memory_utilization"])
            + " --max-model-len " + num(set["max_model_len"]) + " --max-num-seqs " + num(set["max_num_seqs"])
            + " --max-num-batched-tokens " + num(set["max_num_batched_tokens"]) + " --block-size "
            + num(set["block_size"]);
        const auto e = engineOf(preset, QByteArray::fromStdString(extra));
        QVERIFY2(e.is_object(), extra.c_str());
        const double logged = entry["logged"]["weights_gib"].get<double>();
        const double ours = double(e["weights_bytes"].get<std::uint64_t>()) / double(units::kGiB);
        qInfo("%s: weights ours %.2f GiB, logged %.2f GiB, %+.2f %%", id.constData(), ours, logged,
            100 * (ours - logged) / logged);
        QVERIFY2(std::fabs(ours - logged) / logged <= 0.01, extra.c_str());

        sizing::SizingInputs in;
        in.presetId = preset;
        in.storageChosen = false;
        engines::VllmOptions o;
        o.tensorParallel = set["tensor_parallel_size"].get<std::uint64_t>();
        o.pipelineParallel = set["pipeline_parallel_size"].get<std::uint64_t>();
        o.gpuMemoryUtilization = set["gpu_memory_utilization"].get<double>();
        o.maxModelLen = set["max_model_len"].get<std::uint64_t>();
        o.maxNumSeqs = set["max_num_seqs"].get<std::uint64_t>();
        o.maxNumBatchedTokens = set["max_num_batched_tokens"].get<std::uint64_t>();
        o.blockSize = set["block_size"].get<std::uint64_t>();
        o.cardName = h100().name;
        compareWithPlan(e,
            engines::VllmPlanner::plan(sizing::makeRequest(in), o, h100().capacityBytes(), h100().capacityIsUsable()));
    }
};

QTEST_GUILESS_MAIN(TestVllmEstimateCli)
#include "tst_vllmestimatecli.moc"
