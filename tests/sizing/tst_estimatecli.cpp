// SPDX-License-Identifier: Apache-2.0
// `iteragpu estimate` through iteragpu::cli::run: the seed form, --json, sources, fit verdicts and errors.
#include "app/cli/cliapp.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

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

std::vector<std::string> split(const QByteArray& line)
{
    std::vector<std::string> v;
    for (const auto& part : line.split(' '))
        if (!part.isEmpty())
            v.push_back(part.toStdString());
    return v;
}

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
        QTest::addRow("unknown card") << QByteArray("--parameters 7e9 --bits 16 --device-catalog nvidia-x1") << error;
        QTest::addRow("overflow") << QByteArray("--parameters 1e19 --format fp32") << error;
        QTest::addRow("tp zero") << QByteArray("--parameters 7e9 --bits 16 --tp 0") << error;
        QTest::addRow("unknown option") << QByteArray("--parameters 7e9 --frobnicate") << usage;
        QTest::addRow("both reserve units") << QByteArray("--parameters 7e9 --reserve-gb 1 --reserve-gib 1") << usage;
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
};

QTEST_GUILESS_MAIN(TestEstimateCli)
#include "tst_estimatecli.moc"
