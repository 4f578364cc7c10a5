// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"
#include "core/model/configreader.h"
#include "core/sizing/weightestimator.h"
#include "core/sizing/weightformat.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <sys/resource.h>

using namespace iteragpu;

namespace {
struct CliResult {
    int code;
    std::string out;
    std::string err;
};

CliResult runCli(std::vector<std::string> args)
{
    args.insert(args.begin(), "iteragpu");
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return { code, out.str(), err.str() };
}

std::vector<std::string> split(const QString& s)
{
    std::vector<std::string> v;
    for (const auto& part : s.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        v.push_back(part.toStdString());
    return v;
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const char* kSmall = "--batch 2 --context 16 --width 64 --warmup 1 --repeats 2";

std::string dataFile(const std::string& relative)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/" + relative;
}

// The decoder's arguments: TINY stands for the two-layer test config, EMPTY for an empty argument.
std::vector<std::string> decoderArgs(const QString& args)
{
    auto v = split(args);
    for (auto& a : v)
        if (a == "TINY")
            a = dataFile("measure/tiny-llama.config.json");
        else if (a == "EMPTY")
            a.clear();
    v.insert(v.begin(), "measure");
    return v;
}

const char* kTinyRun
    = "--device sim:0 --model TINY --prompt-tokens 8 --generated 5 --warmup 1 --repeats 1 --sim-speed 0";
} // namespace

class TestMeasureCli : public QObject {
    Q_OBJECT
private slots:
    void exitCodes_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<bool>("fileWritten");
        QTest::addColumn<QString>("errContains");
        const QString small = QString::fromLatin1(kSmall);
        QTest::addRow("sim inference ok") << QStringLiteral("--device sim:0 ") + small << 0 << true << QString();
        QTest::addRow("sim training async ok")
            << QStringLiteral("--device sim:0 --mode training --allocator async ") + small << 0 << true << QString();
        QTest::addRow("out of memory: result still written")
            << QStringLiteral("--device sim:0 --width 1024 --sim-capacity-gib 0.04 --sim-context-mib 0 "
                              "--sim-workspace-mib 0")
            << 1 << true
            << QStringLiteral("out of memory");
        QTest::addRow("no such sim device")
            << QStringLiteral("--device sim:3 ") + small << 2 << false << QStringLiteral("no device sim:3");
        // A device id that is not BACKEND:INDEX of a known backend is a bad argument, not a missing device.
        QTest::addRow("unknown backend") << QStringLiteral("--device tpu:0") << 64 << false
                                         << QStringLiteral("unknown device backend");
        QTest::addRow("malformed id") << QStringLiteral("--device cuda") << 64 << false
                                      << QStringLiteral("invalid device id");
        QTest::addRow("bad dtype") << QStringLiteral("--device sim:0 --dtype int7") << 64 << false << QString();
        QTest::addRow("bad mode") << QStringLiteral("--device sim:0 --mode sleep") << 64 << false << QString();
        QTest::addRow("zero batch") << QStringLiteral("--device sim:0 --batch 0") << 64 << false << QString();
        QTest::addRow("sim capacity on a real device id")
            << QStringLiteral("--device cuda:0 --sim-capacity-gib 1") << 64 << false << QStringLiteral("sim:N");
        QTest::addRow("negative sim capacity")
            << QStringLiteral("--device sim:0 --sim-capacity-gib -1") << 64 << false << QStringLiteral("positive");
        QTest::addRow("a batch beyond int") << QStringLiteral("--device sim:0 --batch 1099511627776 --width 1048576")
                                            << 1 << false << QStringLiteral("at most 2147483647");
        QTest::addRow("overflowing shape")
            << QStringLiteral("--device sim:0 --batch 2147483647 --context 2147483647 --width 2147483647") << 1
            << false << QStringLiteral("too large");
    }

    void exitCodes()
    {
        QFETCH(QString, args);
        QFETCH(int, code);
        QFETCH(bool, fileWritten);
        QFETCH(QString, errContains);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("r.json")).toStdString();
        auto v = split(args);
        v.insert(v.begin(), "measure");
        v.push_back("--output");
        v.push_back(output);
        const auto r = runCli(v);
        QVERIFY2(r.code == code, (std::to_string(r.code) + ": " + r.err).c_str());
        QCOMPARE(std::filesystem::exists(output), fileWritten);
        if (!errContains.isEmpty())
            QVERIFY2(r.err.find(errContains.toStdString()) != std::string::npos, r.err.c_str());
        if (code != 0)
            QVERIFY(!r.err.empty());
        if (fileWritten) {
            const auto j = nlohmann::json::parse(readAll(output));
            QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
            QCOMPARE(j["simulated"].get<bool>(), true);
            QVERIFY(r.out.find("SIMULATED") != std::string::npos);
            QVERIFY(r.out.find("[simulated] phase 1/") != std::string::npos);
            QVERIFY(r.out.find("predicted peak allocated") != std::string::npos);
        }
        // No temporary file is left behind.
        int entries = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString())) {
            Q_UNUSED(e);
            ++entries;
        }
        QCOMPARE(entries, fileWritten ? 1 : 0);
    }

    void existingOutputIsRefusedAndUntouched_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addRow("a previous result") << QStringLiteral("{\"schema\": \"keep me\"}");
        QTest::addRow("an empty file") << QString();
    }

    void existingOutputIsRefusedAndUntouched()
    {
        QFETCH(QString, content);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("exists.json")).toStdString();
        {
            std::ofstream f(output);
            f << content.toStdString();
        }
        std::vector<std::string> v { "measure", "--device", "sim:0", "--output", output };
        for (const auto& a : split(QString::fromLatin1(kSmall)))
            v.push_back(a);
        const auto r = runCli(v);
        QCOMPARE(r.code, int(cli::kExitOutputExists));
        QVERIFY(r.err.find("exists") != std::string::npos);
        QCOMPARE(readAll(output), content.toStdString());
    }

    // A write that fails half-way (a full disk, a quota, a file size limit) leaves no result and no temporary
    // file behind, and says why. The limit is RLIMIT_FSIZE on this process: writes past 4 KiB fail with EFBIG,
    // the same path as ENOSPC, without needing a full file system.
    void failedWriteLeavesNothingBehind()
    {
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("result.json")).toStdString();
        std::vector<std::string> v { "measure", "--device", "sim:0", "--output", output };
        for (const auto& a : split(QString::fromLatin1(kSmall)))
            v.push_back(a);
        rlimit saved {};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        rlimit small = saved;
        small.rlim_cur = 4096; // bytes; a result of this size is about 40 KiB
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of the signal
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const auto r = runCli(v);
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previousHandler);
        QCOMPARE(r.code, int(cli::kExitError));
        QVERIFY2(r.err.find("cannot write " + output) != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find(std::strerror(EFBIG)) != std::string::npos, r.err.c_str());
        QVERIFY(!std::filesystem::exists(output));
        const QStringList left = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
        // The same command with the limit lifted writes the whole result.
        const auto again = runCli(v);
        QCOMPARE(again.code, int(cli::kExitOk));
        QVERIFY(nlohmann::json::parse(readAll(output)).contains("phases"));
    }

    void streamPrintsJsonLines()
    {
        std::vector<std::string> v { "measure", "--device", "sim:0", "--stream", "--mode", "training" };
        for (const auto& a : split(QString::fromLatin1(kSmall)))
            v.push_back(a);
        const auto r = runCli(v);
        QCOMPARE(r.code, 0);
        std::istringstream lines(r.out);
        std::string line;
        int started = 0, finished = 0, runFinished = 0, sampleEvents = 0;
        while (std::getline(lines, line)) {
            const auto j = nlohmann::json::parse(line); // every stdout line is JSON
            QCOMPARE(j["simulated"].get<bool>(), true);
            const auto event = j["event"].get<std::string>();
            started += event == "phase_started";
            finished += event == "phase_finished";
            runFinished += event == "run_finished";
            if (event == "samples") {
                ++sampleEvents;
                QVERIFY(!j["samples"].empty());
            }
        }
        QCOMPARE(started, 11); // training: 2 + 4 + warmup + 2 repeats + evaluation + export
        QCOMPARE(finished, 11);
        QCOMPARE(runFinished, 1);
        QVERIFY(sampleEvents >= 1);
        QVERIFY(r.err.find("[simulated] phase 11/11 export: ok") != std::string::npos);
    }

    // Every refused decoder combination: one line on stderr, its exit code, nothing run (no header, no file).
    void decoderRefusedBeforeRunning_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("errContains");
        const auto row = [](const char* name, const char* args, int code, const char* err) {
            QTest::addRow("%s", name) << QString::fromLatin1(args) << code << QString::fromLatin1(err);
        };
        // Usage errors (64), from CLI11 or the command before any file is read.
        row("--model with --width", "--device sim:0 --model TINY --width 64", 64, "--width excludes --model");
        row("--model with --batch in inference", "--device sim:0 --model TINY --batch 2", 64,
            "--batch with --model is a training micro-batch");
        row("--model with --context", "--device sim:0 --model TINY --context 16", 64, "--context excludes --model");
        row("--prompt-tokens without --model", "--device sim:0 --prompt-tokens 16", 64, "requires --model");
        row("--format without --model", "--device sim:0 --format nf4", 64, "requires --model");
        row("negative tokens", "--device sim:0 --model TINY --prompt-tokens -1", 64, "'-1' is negative");
        row("fractional tokens", "--device sim:0 --model TINY --prompt-tokens 1.5", 64, "'1.5' is not a whole number");
        row("zero tokens", "--device sim:0 --model TINY --prompt-tokens 0", 64,
            "'0' is less than 1, the smallest accepted");
        row("hex tokens", "--device sim:0 --model TINY --prompt-tokens 0x10", 64, "'0x10' is hexadecimal");
        row("overflowing tokens", "--device sim:0 --model TINY --prompt-tokens 99999999999999999999", 64,
            "does not fit in 64 bits");
        row("overflowing exponent", "--device sim:0 --model TINY --sequences 1e30", 64, "does not fit in 64 bits");
        row("zero sequences", "--device sim:0 --model TINY --sequences 0", 64, "--sequences");
        row("negative generated", "--device sim:0 --model TINY --generated -3", 64, "'-3' is negative");
        row("fractional chunk", "--device sim:0 --model TINY --decode-chunk 2.5", 64, "--decode-chunk");
        row("unknown format", "--device sim:0 --model TINY --format int4", 64, "--format");
        row("int4-compact has no layout", "--device sim:0 --model TINY --format int4-compact", 64,
            "a bound that no checkpoint stores: 'iteragpu estimate' sizes it; measure builds fp32, fp16, bf16, int8, "
            "nf4, nf4-dq, fp8-e4m3, fp8-e5m2, gptq-int4, awq-int4, fp4, mxfp4");
        row("a format measure does not know", "--device sim:0 --model TINY --format q4_k", 64,
            "--format q4_k is not a weight format measure builds; it builds fp32");
        row("--group-size of bf16 weights", "--device sim:0 --model TINY --group-size 64", 64,
            "--group-size is the group of gptq-int4 and awq-int4 weights, not of bf16");
        row("--weight-block-size of nf4 weights", "--device sim:0 --model TINY --format nf4 --weight-block-size 16,16",
            64, "--weight-block-size is the scale block of fp8 weights, not of nf4");
        row("a zero fp8 block", "--device sim:0 --model TINY --format fp8-e4m3 --weight-block-size 0,16", 64,
            "--weight-block-size takes ROWS,COLUMNS, each at least 1");
        row("gptq in training", "--device sim:0 --model TINY --mode training --lora-rank 4 --format gptq-int4", 1,
            "weights in gptq-int4 are frozen codes");
        row("unknown cache", "--device sim:0 --model TINY --kv-cache ring", 64, "--kv-cache");
        row("unknown attention", "--device sim:0 --model TINY --attention flash", 64, "--attention");
        row("--sim-card on a GPU id", "--device cuda:0 --model TINY --sim-card h100-sxm", 64,
            "--sim-card applies to sim:N devices only");
        row("--sim-speed on a GPU id", "--device cuda:0 --width 64 --sim-speed 2", 64,
            "--sim-speed applies to sim:N devices only");
        row("negative speed", "--device sim:0 --model TINY --sim-speed -1", 64, "--sim-speed: '-1' is negative");
        row("NaN speed", "--device sim:0 --model TINY --sim-speed nan", 64, "--sim-speed: 'nan' is not a number");
        row("infinite speed", "--device sim:0 --model TINY --sim-speed inf", 64, "--sim-speed: 'inf' is not a finite number");
        row("unknown card", "--device sim:0 --model TINY --sim-card no-such-card", 64, "no-such-card");
        row("--dtype the float weights do not use", "--device sim:0 --model TINY --dtype float16", 64,
            "--dtype float16 does not apply: bf16 weights compute in bfloat16");
        // Input errors (1): the model named, or a run validateConfig refuses, in its words.
        row("unknown preset", "--device sim:0 --model llama-9-1t", 1, "neither a file nor a preset");
        row("empty --model", "--device sim:0 --model EMPTY", 1, "no model named");
        row("missing file", "--device sim:0 --model /nonexistent/config.json", 1, "no such file");
        row("1e12 prompt tokens", "--device sim:0 --model TINY --prompt-tokens 1e12", 1, "at most 2147483647");
        row("nf4 computing in float32", "--device sim:0 --model TINY --format nf4 --dtype float32", 1,
            "compute in 16 bit");
        // The decoder's training options (--mode training --model M).
        row("--lora-rank without training", "--device sim:0 --model TINY --lora-rank 8", 64,
            "--lora-rank describes a decoder's training step: it needs --mode training and --model");
        row("--framework on the dense network", "--device sim:0 --mode training --framework torchtune", 64,
            "needs --mode training and --model");
        row("unknown framework", "--device sim:0 --model TINY --mode training --framework axolotl", 64, "--framework");
        row("bad lora target", "--device sim:0 --model TINY --mode training --lora-rank 4 --lora-targets q_proj,wq", 64,
            "'wq' is not a LoRA target");
        row("targets without a rank", "--device sim:0 --model TINY --mode training --lora-targets q_proj", 64,
            "give --lora-rank too");
        row("an optimizer not measured", "--device sim:0 --model TINY --mode training --optimizer adam", 64,
            "measures sgd, adamw and adam8bit");
        row("a gradient dtype PyTorch does not keep", "--device sim:0 --model TINY --mode training --grad-dtype fp32",
            64, "PyTorch keeps each gradient in its parameter's dtype, bfloat16 here");
        row("zero sequence length", "--device sim:0 --model TINY --mode training --seq-len 0", 64, "--seq-len");
        row("qlora on bf16 weights is lora", "--device sim:0 --model TINY --mode training --lora-rank 4 --format int8",
            1, "frozen codes");
        row("in-backward with accumulation",
            "--device sim:0 --model TINY --mode training --optimizer-in-backward --grad-accum 2", 1,
            "cannot accumulate");
        // vLLM's rehearsal (--engine vllm): its options only with it, what one device cannot rehearse refused.
        row("vLLM option without --engine vllm", "--device sim:0 --model TINY --max-num-seqs 4", 64,
            "--max-num-seqs is an option of vLLM's rehearsal: give --engine vllm");
        row("vLLM's --dtype spelling without --engine vllm", "--device sim:0 --model TINY --dtype auto", 64,
            "--dtype auto is vLLM's spelling");
        row("--engine vllm without --model", "--device sim:0 --engine vllm", 64, "give --model");
        row("--max-model-len above the rehearsal's limit", "--device sim:0 --model TINY --engine vllm --max-model-len 2147483648",
            64, "--max-model-len 2147483648 is above the rehearsal's limit of 2147483647");
        row("--max-model-len beyond 64 bits", "--device sim:0 --model TINY --engine vllm --max-model-len 18446744073709551616",
            64, "does not fit in 64 bits");
        row("--engine vllm with --tp 2", "--device sim:0 --model TINY --engine vllm --tp 2", 64,
            "one device cannot rehearse --tensor-parallel-size 2");
        row("--engine vllm with --pp 2", "--device sim:0 --model TINY --engine vllm --pp 2", 64,
            "one device cannot rehearse --pipeline-parallel-size 2");
        row("--engine vllm with --kv-cache", "--device sim:0 --model TINY --engine vllm --kv-cache paged", 64,
            "--kv-cache is not an option of vLLM's rehearsal");
        row("--engine vllm with --quantization", "--device sim:0 --model TINY --engine vllm --quantization fp8", 64,
            "--quantization fp8 is not rehearsed");
        row("--engine vllm with a transformers --dtype", "--device sim:0 --model TINY --engine vllm --dtype bf16", 64,
            "vLLM's --dtype is one of");
        row("master weights on an adapter", "--device sim:0 --model TINY --mode training --lora-rank 4 --master-weights",
            1, "master weights are a full fine-tune's");
    }

    void decoderRefusedBeforeRunning()
    {
        QFETCH(QString, args);
        QFETCH(int, code);
        QFETCH(QString, errContains);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("r.json")).toStdString();
        auto v = decoderArgs(args);
        v.push_back("--output");
        v.push_back(output);
        const auto r = runCli(v);
        QVERIFY2(r.code == code, (std::to_string(r.code) + ": " + r.err).c_str());
        QVERIFY2(r.err.find(errContains.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY2(r.out.empty(), r.out.c_str()); // nothing ran: not even the header
        QVERIFY(!std::filesystem::exists(output));
        if (code == 1) // one line (CLI11's usage errors add the line pointing to --help)
            QCOMPARE(std::count(r.err.begin(), r.err.end(), '\n'), 1L);
    }

    // vLLM's start-up rehearsed from the command line: the phases in vLLM's order, the result file iteragpu.measure/3
    // with the plan it followed, and vLLM's refusal as the failure of kv_cache_alloc (exit 1, the file still
    // written).
    void vllmRehearsalOnSim()
    {
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("v.json")).toStdString();
        auto v = decoderArgs(QStringLiteral("--device sim:0 --model TINY --engine vllm --max-model-len 64 "
                                            "--max-num-seqs 4 --max-num-batched-tokens 32 --prompt-tokens 20 "
                                            "--generated 5 --sequences 3 --sim-capacity-gib 8 --gpu-memory-utilization 0.5 "
                                            "--sim-speed 0"));
        v.push_back("--output");
        v.push_back(output);
        auto r = runCli(v);
        QVERIFY2(r.code == 0, (std::to_string(r.code) + ": " + r.err).c_str());
        for (const char* line : { "phase 1/5 model_load: ok", "phase 2/5 profile_run: ok", "phase 3/5 kv_cache_alloc: ok",
                 "phase 4/5 cuda_graph_capture: ok", "phase 5/5 serve: ok", "requests: 3 of 25 tokens, 2 blocks each; "
                 "admitted 3", "Model loading took" })
            QVERIFY2(r.out.find(line) != std::string::npos, line);
        QVERIFY2(r.out.find("(equal)") != std::string::npos && r.out.find("B more)") == std::string::npos
                && r.out.find("B less)") == std::string::npos,
            r.out.c_str());
        const auto j = nlohmann::json::parse(readAll(output));
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.measure/3"));
        QCOMPARE(j["engine"]["name"].get<std::string>(), std::string("vllm"));
        QCOMPARE(j["engine"]["options"]["max_num_seqs"].get<std::uint64_t>(), std::uint64_t(4));
        QVERIFY(j["engine"]["plan"]["starts"].get<bool>());
        QCOMPARE(j["trial_order"].size(), std::size_t(5));

        // 0.9 of a 1 GiB device whose simulated CUDA context and workspace (532 MiB) are held already: vLLM refuses
        // as its worker starts, nothing loaded.
        r = runCli(decoderArgs(QStringLiteral("--device sim:0 --model TINY --engine vllm --max-model-len 64 "
                                              "--sim-capacity-gib 1 --sim-speed 0")));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.find("phase model_load failed (out of memory): Free memory on device (0.48/1.00 GiB) on startup is less than "
                            "desired GPU memory utilization (0.9, 0.90 GiB)")
                != std::string::npos,
            r.err.c_str());

        // --enforce-eager: no cuda_graph_capture phase. A utilization that leaves the pool nothing: vLLM's refusal.
        v = decoderArgs(QStringLiteral("--device sim:0 --model TINY --engine vllm --max-model-len 64 --enforce-eager "
                                       "--gpu-memory-utilization 0.0000001 --sim-capacity-gib 1 --sim-speed 0"));
        const std::string refused = dir.filePath(QStringLiteral("refused.json")).toStdString();
        v.push_back("--output");
        v.push_back(refused);
        r = runCli(v);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.find("phase kv_cache_alloc failed (out of memory): No available memory for the cache blocks") != std::string::npos,
            r.err.c_str());
        QVERIFY(r.out.find("cuda_graph_capture") == std::string::npos);
        QVERIFY2(r.out.find("out of memory in kv_cache_alloc at vLLM serving 1 request(s) of 512 prompt + 64 generated "
                            "tokens, --max-model-len 64")
                != std::string::npos,
            r.out.c_str());
        const auto k = nlohmann::json::parse(readAll(refused));
        QCOMPARE(k["phases"][2]["status"].get<std::string>(), std::string("failed"));
        QCOMPARE(k["phases"][3]["status"].get<std::string>(), std::string("not_run"));
        QVERIFY(!k["engine"]["plan"]["starts"].get<bool>());
    }

    // The options reach the run: the result's workload object and the phases it planned.
    void decoderRunsOnSim_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("storage");
        QTest::addColumn<QString>("compute");
        QTest::addColumn<int>("decodeRecords");
        QTest::addRow("tiny config, bf16") << QString::fromLatin1(kTinyRun) << "bf16"
                                           << "bfloat16" << 1;
        QTest::addRow("chunks of 2, paged, eager")
            << QString::fromLatin1(kTinyRun) + QStringLiteral(" --decode-chunk 2 --kv-cache paged --attention eager")
            << "bf16"
            << "bfloat16" << 3;
        QTest::addRow("nf4 computes in bf16 by default")
            << QString::fromLatin1(kTinyRun) + QStringLiteral(" --format nf4")
                                                         << "nf4"
                                                         << "bfloat16" << 1;
        QTest::addRow("int8 computing in fp16")
            << QString::fromLatin1(kTinyRun) + QStringLiteral(" --format int8 --dtype float16") << "int8"
            << "float16" << 1;
        QTest::addRow("fp32 with its own --dtype")
            << QString::fromLatin1(kTinyRun) + QStringLiteral(" --format fp32 --dtype float32 --kv-cache static")
            << "fp32"
            << "float32" << 1;
        QTest::addRow("a preset, 1e1 tokens")
            << QStringLiteral("--device sim:0 --model llama-2-7b --prompt-tokens 1e1 --generated 2 --sequences 2 "
                              "--warmup 0 --repeats 1 --sim-speed 0")
            << "fp16"
            << "float16" << 1;
        QTest::addRow("a paced card, as fast as possible")
            << QString::fromLatin1(kTinyRun) + QStringLiteral(" --sim-card h100-sxm") << "bf16"
            << "bfloat16" << 1;
    }

    void decoderRunsOnSim()
    {
        QFETCH(QString, args);
        QFETCH(QString, storage);
        QFETCH(QString, compute);
        QFETCH(int, decodeRecords);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("r.json")).toStdString();
        auto v = decoderArgs(args);
        v.push_back("--output");
        v.push_back(output);
        const auto r = runCli(v);
        QVERIFY2(r.code == 0, (std::to_string(r.code) + ": " + r.err).c_str());
        const auto j = nlohmann::json::parse(readAll(output));
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        QCOMPARE(j["simulated"].get<bool>(), true);
        const auto& w = j["workload"];
        QCOMPARE(w["kind"].get<std::string>(), std::string("decoder"));
        QCOMPARE(w["storage"].get<std::string>(), storage.toStdString());
        QCOMPARE(w["compute_dtype"].get<std::string>(), compute.toStdString());
        const std::string source = w["model_source"].get<std::string>();
        QVERIFY2(source == dataFile("measure/tiny-llama.config.json") || source == "preset:llama-2-7b", source.c_str());
        int decode = 0;
        for (const auto& p : j["phases"]) {
            QVERIFY2(p["status"] == "ok", p.dump().c_str());
            QVERIFY2(p["predicted_peak_allocated"] == p["peak"]["allocated"], p.dump().c_str()); // sim: to the byte
            decode += p["name"] == "decode";
        }
        QCOMPARE(decode, decodeRecords);
        // The terminal: the decoder in the header, every phase's predicted and measured peak.
        QVERIFY2(r.out.find("decoder " + source + " (llama, ") != std::string::npos, r.out.c_str());
        const std::string formats = "weights " + storage.toStdString() + ", compute " + compute.toStdString();
        QVERIFY2(r.out.find(formats) != std::string::npos, r.out.c_str());
        std::size_t predicted = 0;
        for (auto at = r.out.find("predicted peak allocated"); at != std::string::npos;
             at = r.out.find("predicted peak allocated", at + 1))
            ++predicted;
        QCOMPARE(predicted, j["phases"].size());
        // Modelled time is labelled so where the card models it, and only there.
        const bool paced = args.contains(QLatin1String("--sim-card"));
        QCOMPARE(r.out.find("modelled") != std::string::npos, paced);
        if (paced) {
            QVERIFY(r.out.find("simulated card h100-sxm, speed 0") != std::string::npos);
            for (const auto& p : j["phases"])
                QVERIFY(p["modelled_seconds"].is_number());
        }
    }

    // Every format with a real layout measures, by its name or from a config.json's quantization_config: the
    // result names it (with its group or fp8 blocks), every phase is predicted to the byte, and model_load holds
    // exactly the sizing engine's weight bytes of that format.
    void decoderFormatsOnSim_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("config"); // written to config.json in a temporary folder when not empty
        QTest::addColumn<QString>("storage");
        QTest::addColumn<int>("group"); // 0: null in the result
        QTest::addColumn<int>("block"); // fp8 block rows = columns; 0: null
        const QString tiny = QString::fromLatin1(kTinyRun);
        QTest::addRow("gptq-int4, group 32") << tiny + QStringLiteral(" --format gptq-int4 --group-size 32") << ""
                                             << "gptq-int4" << 32 << 0;
        QTest::addRow("awq-int4, default group") << tiny + QStringLiteral(" --format awq-int4") << ""
                                                 << "awq-int4" << 128 << 0;
        QTest::addRow("fp8-e4m3, a scale per tensor") << tiny + QStringLiteral(" --format fp8-e4m3") << ""
                                                      << "fp8-e4m3" << 0 << 0;
        QTest::addRow("fp8-e5m2, 32 x 32 blocks")
            << tiny + QStringLiteral(" --format fp8-e5m2 --weight-block-size 32,32") << ""
            << "fp8-e5m2" << 0 << 32;
        QTest::addRow("fp4") << tiny + QStringLiteral(" --format fp4 --kv-cache paged") << ""
                             << "fp4" << 0 << 0;
        QTest::addRow("mxfp4 on a dense model: all 16-bit") << tiny + QStringLiteral(" --format mxfp4") << ""
                                                            << "mxfp4" << 0 << 0;
        // DeepSeek-V3's fp8 layout (weight_block_size [128, 128]) on a small config: blocks of 16 here.
        const QString small = QStringLiteral(R"({"model_type": "llama", "hidden_size": 64, "intermediate_size": 96,
            "num_attention_heads": 4, "num_hidden_layers": 2, "num_key_value_heads": 2, "vocab_size": 256,
            "torch_dtype": "bfloat16", )");
        QTest::addRow("a config's fp8 blocks") << QStringLiteral(
            "--device sim:0 --model CONFIG --prompt-tokens 8 --generated 3 --warmup 0 --repeats 1 "
            "--sim-speed 0") << small + QStringLiteral(R"("quantization_config": {"quant_method": "fp8", "fmt": "e4m3",
                    "activation_scheme": "dynamic", "weight_block_size": [16, 16]}})")
                                               << "fp8-e4m3" << 0 << 16;
        QTest::addRow("a config's GPTQ group")
            << QStringLiteral("--device sim:0 --model CONFIG --prompt-tokens 8 --generated 3 --warmup 0 --repeats 1 "
                              "--sim-speed 0")
            << small + QStringLiteral(R"("quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 32,
                    "desc_act": true, "sym": true}})")
            << "gptq-int4" << 32 << 0;
        QTest::addRow("--format over the config's quantization")
            << QStringLiteral("--device sim:0 --model CONFIG --prompt-tokens 8 --generated 3 --warmup 0 --repeats 1 "
                              "--sim-speed 0 --format bf16")
            << small + QStringLiteral(R"("quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 64}})")
            << "bf16" << 0 << 0;
        // The committed gpt-oss-20b config: MXFP4 by its quantization_config, as `estimate` sizes it.
        QTest::addRow("gpt-oss-20b measures as mxfp4") << QStringLiteral(
            "--device sim:0 --model GPTOSS --prompt-tokens 4 --generated 2 --warmup 0 --repeats 1 "
            "--sim-speed 0") << ""
                                                       << "mxfp4" << 0 << 0;
    }

    void decoderFormatsOnSim()
    {
        QFETCH(QString, args);
        QFETCH(QString, config);
        QFETCH(QString, storage);
        QFETCH(int, group);
        QFETCH(int, block);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("r.json")).toStdString();
        std::string model = dataFile("measure/tiny-llama.config.json");
        if (!config.isEmpty()) {
            model = dir.filePath(QStringLiteral("config.json")).toStdString();
            std::ofstream(model) << config.toStdString();
        }
        if (args.contains(QLatin1String("GPTOSS")))
            model = dataFile("models/gpt-oss-20b/config.json");
        auto v = decoderArgs(args);
        for (auto& a : v)
            if (a == "CONFIG" || a == "GPTOSS")
                a = model;
        v.push_back("--output");
        v.push_back(output);
        const auto r = runCli(v);
        QVERIFY2(r.code == 0, (std::to_string(r.code) + ": " + r.err).c_str());
        const auto j = nlohmann::json::parse(readAll(output));
        const auto& w = j["workload"];
        QCOMPARE(w["storage"].get<std::string>(), storage.toStdString());
        QCOMPARE(w["compute_dtype"].get<std::string>(), std::string("bfloat16"));
        if (group > 0)
            QCOMPARE(w["quant_group"].get<int>(), group);
        else
            QVERIFY(w["quant_group"].is_null());
        if (block > 0)
            QVERIFY2(w["fp8_block"] == nlohmann::json::array({ block, block }), w.dump().c_str());
        else
            QVERIFY(w["fp8_block"].is_null());
        for (const auto& p : j["phases"]) {
            QVERIFY2(p["status"] == "ok", p.dump().c_str());
            QVERIFY2(p["predicted_peak_allocated"] == p["peak"]["allocated"], p.dump().c_str()); // sim: to the byte
        }
        // model_load's requested bytes are the sizing engine's weights of the format.
        const auto shape = model::ConfigReader::readFile(model);
        sizing::WeightOptions options;
        options.format = *sizing::weightFormatFromName(storage.toStdString());
        if (group > 0)
            options.groupSize = static_cast<std::uint64_t>(group);
        if (block > 0)
            options.fp8BlockRows = options.fp8BlockColumns = static_cast<std::uint64_t>(block);
        const std::uint64_t weights = sizing::WeightEstimator::estimate(shape, options).bytes;
        const auto& load = j["phases"][0];
        QCOMPARE(load["name"].get<std::string>(), std::string("model_load"));
        // model_load only allocates: its peak moment is its end, and the weights' requested bytes are all of them.
        QCOMPARE(load["peak_moment"]["owners_requested"]["weights"].get<std::uint64_t>(), weights);
        // explain reads the format back (its group, its blocks) and estimates those very weights.
        const auto e = runCli({ "explain", output, "--json" });
        QVERIFY2(e.code == 0, e.err.c_str());
        const auto ledger = nlohmann::json::parse(e.out)["ledgers"].at(0);
        std::optional<std::uint64_t> estimated;
        for (const auto& section : ledger["sections"])
            if (section["section"] == "estimate")
                for (const auto& part : section["parts"])
                    if (part["key"] == "weights")
                        estimated = part["bytes"].get<std::uint64_t>();
        QVERIFY2(estimated, ledger.dump().c_str());
        QCOMPARE(*estimated, weights);
    }

    // measure --mode training --model: the recipe resolved over the framework, written in the result, every phase
    // predicted to the byte, and the file read back by explain.
    void decoderTrainingRunsOnSim_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QStringList>("phases");
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("targets"); // empty: a full fine-tune (null)
        QTest::addColumn<qulonglong>("lossChunks");
        QTest::addColumn<bool>("compiled");
        const QString base = QStringLiteral("--device sim:0 --model TINY --mode training --seq-len 12 --batch 2 "
                                            "--warmup 0 --repeats 1 --sim-speed 0");
        const QStringList head { "model_load", "inputs", "first_step.forward", "first_step.loss",
            "first_step.backward" };
        QTest::addRow("hf LoRA, its defaults") << base + QStringLiteral(" --lora-rank 4")
                                               << head + QStringList { "first_step.optimizer", "warm_step" } << "lora"
                                               << "q_proj,v_proj" << qulonglong(0) << false;
        QTest::addRow("hf LoRA compiled") << base + QStringLiteral(" --lora-rank 4 --compile")
                                          << head + QStringList { "first_step.optimizer", "warm_step" } << "lora"
                                          << "q_proj,v_proj" << qulonglong(0) << true;
        QTest::addRow("torchtune QLoRA, accumulation and eval")
            << base + QStringLiteral(" --framework torchtune --lora-rank 4 --format nf4 --grad-accum 2 --eval-batch 1")
            << head + QStringList { "first_step.accumulate", "first_step.optimizer", "warm_step", "eval" } << "qlora"
            << "q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj" << qulonglong(8) << false;
        QTest::addRow("torchtune full: the optimizer in the backward")
            << base + QStringLiteral(" --framework torchtune --export-copy")
            << head + QStringList { "warm_step", "checkpoint_save" } << "full" << QString() << qulonglong(8) << false;
        QTest::addRow("torchtune full compiled")
            << base + QStringLiteral(" --framework torchtune --compile") << head + QStringList { "warm_step" } << "full"
            << QString() << qulonglong(8) << true;
    }
    void decoderTrainingRunsOnSim()
    {
        QFETCH(QString, args);
        QFETCH(QStringList, phases);
        QFETCH(QString, method);
        QFETCH(QString, targets);
        QFETCH(qulonglong, lossChunks);
        QFETCH(bool, compiled);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("r.json")).toStdString();
        auto v = decoderArgs(args);
        v.push_back("--output");
        v.push_back(output);
        const auto r = runCli(v);
        QVERIFY2(r.code == 0, (std::to_string(r.code) + ": " + r.err).c_str());
        const auto j = nlohmann::json::parse(readAll(output));
        const auto& t = j["workload"]["training"];
        QCOMPARE(t["method"].get<std::string>(), method.toStdString());
        QCOMPARE(t["loss_chunks"].get<std::uint64_t>(), std::uint64_t(lossChunks));
        QCOMPARE(t["compiled"].get<bool>(), compiled);
        if (targets.isEmpty())
            QVERIFY(t["lora_targets"].is_null());
        else
            QCOMPARE(t["lora_targets"].get<std::string>(), targets.toStdString());
        QCOMPARE(t["micro_batch"].get<std::uint64_t>(), 2u);
        QCOMPARE(t["seq_len"].get<std::uint64_t>(), 12u);
        QStringList names;
        for (const auto& p : j["phases"]) {
            QVERIFY2(p["status"] == "ok", p.dump().c_str());
            QVERIFY2(p["predicted_peak_allocated"] == p["peak"]["allocated"], p.dump().c_str());
            names << QString::fromStdString(p["name"].get<std::string>());
        }
        QCOMPARE(names, phases);
        QVERIFY2(r.out.find("training " + method.toStdString() + " (") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("a micro-batch of 2 sequence(s) x 12 tokens") != std::string::npos, r.out.c_str());
        // The file reads back: explain prints the ledger of the last phase of a step, its owners.
        const auto e = runCli({ "explain", output, "--phase", "warm_step#0" });
        QVERIFY2(e.code == 0, (std::to_string(e.code) + ": " + e.err).c_str());
        QVERIFY2(e.out.find("weights") != std::string::npos && e.out.find("activations") != std::string::npos,
            e.out.c_str());
        if (method != QLatin1String("full")) // the full recipe's states are paged: none on the device
            QVERIFY2(e.out.find("optimizer state") != std::string::npos, e.out.c_str());
        // A file written before "compiled" existed (no such key) still reads back: eager.
        auto older = j;
        older["workload"]["training"].erase("compiled");
        {
            std::ofstream f(output, std::ios::trunc);
            f << older.dump();
        }
        const auto o = runCli({ "explain", output, "--phase", "warm_step#0" });
        QVERIFY2(o.code == 0, (std::to_string(o.code) + ": " + o.err).c_str());
    }

    void decoderStreamsJsonLines()
    {
        auto v = decoderArgs(QString::fromLatin1(kTinyRun) + QStringLiteral(" --decode-chunk 2 --stream"));
        const auto r = runCli(v);
        QCOMPARE(r.code, 0);
        std::istringstream lines(r.out);
        std::string line;
        int started = 0, finished = 0;
        while (std::getline(lines, line)) {
            const auto j = nlohmann::json::parse(line); // every stdout line is JSON
            started += j["event"] == "phase_started";
            finished += j["event"] == "phase_finished";
        }
        QCOMPARE(started, 8); // model_load, inputs, prefill, 3 decode records, warmup, 1 warm prefill
        QCOMPARE(finished, 8);
        QVERIFY(r.err.find("[simulated] phase 8/8 warm_prefill #0: ok") != std::string::npos);
        QVERIFY(r.err.find("decoder ") != std::string::npos); // the header on stderr
    }

    void environmentDescribesTheDevice_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("code");
        QTest::addRow("sim:0") << QStringLiteral("sim:0") << 0;
        QTest::addRow("sim:9") << QStringLiteral("sim:9") << 2;
    }

    void environmentDescribesTheDevice()
    {
        QFETCH(QString, device);
        QFETCH(int, code);
        const auto r = runCli({ "environment", "--device", device.toStdString(), "--json" });
        QCOMPARE(r.code, code);
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j.contains("app_version") && j.contains("commit") && j.contains("compiler") && j.contains("os"));
        QCOMPARE(j["backends"].size(), std::size_t(3));
        QVERIFY(j["allocators"]["native"].get<std::string>().find("kMinBlockSize=512") != std::string::npos);
        if (code == 0) {
            QCOMPARE(j["device"]["simulated"].get<bool>(), true);
            QCOMPARE(j["device"]["total_bytes"].get<std::uint64_t>(), std::uint64_t(80) << 30);
            QCOMPARE(j["device"]["async_pool"].get<bool>(), true);
            const auto text = runCli({ "environment", "--device", device.toStdString() });
            QVERIFY(text.out.find("simulated, not a GPU measurement") != std::string::npos);
        } else {
            QVERIFY(j["device"].is_null());
            QVERIFY(!r.err.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestMeasureCli)
#include "tst_measurecli.moc"
