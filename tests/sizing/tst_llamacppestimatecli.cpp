// SPDX-License-Identifier: Apache-2.0
// `iteragpu estimate --engine llama.cpp` through iteragpu::cli::run: the `engine` object with every field, the
// same numbers as LlamaCppPlanner::plan called directly, a committed start-up log
// (tests/data/engines/llamacpp-startups.json) through the command line, -ngl 0 and a q8_0 cache moving the buffers
// the way llama.cpp's logs do, the text block, and the refusals (exit 64, one line).
#include "app/cli/cliapp.h"
#include "support/clirun.h"
#include "core/engines/llamacppplanner.h"
#include "core/engines/llamacppplanreport.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/sizinginputs.h"
#include "core/units/units.h"

#include <QTest>
#include <algorithm>
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

// estimate --engine llama.cpp of a preset on the RTX 4090 with `extra`, as JSON; the engine object.
nlohmann::json engineOf(const std::string& preset, const QByteArray& extra)
{
    std::vector<std::string> args { "estimate", "--engine", "llama.cpp", "--preset", preset, "--device-catalog",
        "rtx-4090", "--json" };
    for (auto& a : split(extra))
        args.push_back(a);
    const auto r = runCli(args);
    if (r.code != 0)
        qWarning("exit %d: %s", r.code, r.err.c_str());
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    if (j.is_discarded() || !j.contains("engine"))
        return nlohmann::json();
    if (j["schema"] != "iteragpu.estimate/2")
        return nlohmann::json();
    return j["engine"];
}

std::string dataDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/";
}

const sizing::GpuCard& rtx4090()
{
    static const auto catalog = sizing::DeviceCatalog::loadDefault();
    return *catalog.find("rtx-4090");
}

engines::LlamaCppPlan planOf(
    const std::string& preset, engines::LlamaCppTensorList::FileType type, const engines::LlamaCppOptions& o)
{
    sizing::SizingInputs in;
    in.presetId = preset;
    in.storageChosen = false;
    const auto request = sizing::makeRequest(in);
    return engines::LlamaCppPlanner::plan(
        *request.shape, engines::LlamaCppTensorList::fromShape(*request.shape, type), o);
}

// The figures the CLI prints, compared with a plan made in core, to the byte.
void compareWithPlan(const nlohmann::json& e, const engines::LlamaCppPlan& p)
{
    QCOMPARE(e["version"].get<std::string>(), p.version);
    QCOMPARE(e["model_buffer_bytes"].size(), p.devices.size());
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
        QCOMPARE(e["model_buffer_bytes"][i].get<std::uint64_t>(), p.devices[i].modelBufferBytes);
        QCOMPARE(e["kv_buffer_bytes"][i].get<std::uint64_t>(), p.devices[i].kvBufferBytes);
        QCOMPARE(e["compute_buffer_bytes"][i].is_null(), !p.devices[i].computeBufferBytes.has_value());
        if (p.devices[i].computeBufferBytes)
            QCOMPARE(e["compute_buffer_bytes"][i].get<std::uint64_t>(), *p.devices[i].computeBufferBytes);
        QCOMPARE(e["devices"][i]["layers"].get<std::uint64_t>(), p.devices[i].layers);
    }
    QCOMPARE(e["host_buffer_bytes"]["model"].get<std::uint64_t>(), p.hostModelBufferBytes);
    QCOMPARE(e["host_buffer_bytes"]["kv"].get<std::uint64_t>(), p.hostKvBufferBytes);
    QCOMPARE(e["host_buffer_bytes"]["compute"].is_null(), !p.hostComputeBufferBytes.has_value());
    if (p.hostComputeBufferBytes)
        QCOMPARE(e["host_buffer_bytes"]["compute"].get<std::uint64_t>(), *p.hostComputeBufferBytes);
    QCOMPARE(e["kv_self_bytes"].get<std::uint64_t>(), p.kvBufferBytes());
    QCOMPARE(e["n_gpu_layers"].get<std::uint64_t>(), p.gpuLayers);
    QCOMPARE(e["n_ctx"].get<std::uint64_t>(), p.nCtx);
    QCOMPARE(e["n_ctx_seq"].get<std::uint64_t>(), p.nCtxSeq);
    QCOMPARE(e["kv_cells"].get<std::uint64_t>(), p.kvCells);
    QCOMPARE(e["n_batch"].get<std::uint64_t>(), p.nBatch);
    QCOMPARE(e["n_ubatch"].get<std::uint64_t>(), p.nUbatch);
    QCOMPARE(e["flash_attn"].get<bool>(), p.flashAttention);
}

double mibOf(const nlohmann::json& bytes) { return double(bytes.get<std::uint64_t>()) / double(units::kMiB); }

} // namespace

class TestLlamaCppEstimateCli : public QObject {
    Q_OBJECT
private slots:
    // Every field, of its type, one entry per device in the per-device arrays.
    void engineObjectHasEveryField_data()
    {
        QTest::addColumn<QByteArray>("extra");
        QTest::addColumn<quint64>("devices");
        QTest::addRow("defaults") << QByteArray("--format q4_k_m --ctx-size 4096") << quint64(1);
        QTest::addRow("two GPUs") << QByteArray("--format q8_0 --ctx-size 4096 --tensor-split 3,1") << quint64(2);
        QTest::addRow("every option") << QByteArray(
            "--format f16 --ctx-size 8192 --batch-size 1024 --ubatch-size 256 --n-gpu-layers 20 "
            "--flash-attn on --cache-type-k q8_0 --cache-type-v q8_0 --parallel 2 --swa-full "
            "--kv-unified") << quint64(1);
        QTest::addRow("CPU only (-ngl 0)")
            << QByteArray("--format q4_k_m --ctx-size 2048 --n-gpu-layers 0") << quint64(1);
    }
    void engineObjectHasEveryField()
    {
        QFETCH(QByteArray, extra);
        QFETCH(quint64, devices);
        const auto e = engineOf("llama-3.1-8b", extra);
        QVERIFY2(e.is_object(), extra.constData());
        QCOMPARE(e["name"].get<std::string>(), std::string("llama.cpp"));
        QCOMPARE(e["version"].get<std::string>(), std::string(engines::LlamaCppPlanner::kModelledRelease));
        // fits and starts are unknown (null, never a guess) where a device's compute buffer is not modelled.
        bool computeKnown = true;
        for (const auto& c : e["compute_buffer_bytes"])
            computeKnown = computeKnown && !c.is_null();
        QVERIFY(e["starts"].is_boolean() || e["starts"].is_null());
        QCOMPARE(e["fits"].is_boolean(), computeKnown || (e["fits"].is_boolean() && !e["fits"].get<bool>()));
        QVERIFY(e["reason"].is_null() || e["reason"].is_string());
        QCOMPARE(e["reason"].is_null(), e["starts"].is_boolean() && e["starts"].get<bool>());
        QCOMPARE(e["device_capacity_bytes"].get<std::uint64_t>(), rtx4090().capacityBytes());
        for (const char* key : { "devices", "model_buffer_bytes", "kv_buffer_bytes", "compute_buffer_bytes" }) {
            QVERIFY2(e[key].is_array(), key);
            QCOMPARE(quint64(e[key].size()), devices);
        }
        for (std::size_t i = 0; i < devices; ++i) {
            QCOMPARE(e["devices"][i]["name"].get<std::string>(), "CUDA" + std::to_string(i));
            QVERIFY(e["devices"][i]["layers"].is_number_unsigned());
            QVERIFY(e["devices"][i]["output_layer"].is_boolean());
            QVERIFY(e["model_buffer_bytes"][i].is_number_unsigned());
            QVERIFY(e["kv_buffer_bytes"][i].is_number_unsigned());
            QVERIFY(e["compute_buffer_bytes"][i].is_null() || e["compute_buffer_bytes"][i].is_number_unsigned());
        }
        const auto& host = e["host_buffer_bytes"];
        QVERIFY(host.is_object());
        QVERIFY(host["model"].is_number_unsigned());
        QVERIFY(host["kv"].is_number_unsigned());
        QVERIFY(host["compute"].is_null() || host["compute"].is_number_unsigned());
        QVERIFY(host["total"].is_null() || host["total"].is_number_unsigned());
        if (!host["total"].is_null())
            QCOMPARE(host["total"].get<std::uint64_t>(),
                host["model"].get<std::uint64_t>() + host["kv"].get<std::uint64_t>()
                    + host["compute"].get<std::uint64_t>());
        for (const char* key : { "kv_self_bytes", "k_bytes", "v_bytes", "n_gpu_layers", "n_ctx", "n_ctx_seq",
                 "kv_cells", "n_batch", "n_ubatch", "n_seq_max" })
            QVERIFY2(e[key].is_number_unsigned(), key);
        QVERIFY(e["swa_cells"].is_null() || e["swa_cells"].is_number_unsigned());
        for (const char* key : { "kv_unified", "swa_full", "flash_attn" })
            QVERIFY2(e[key].is_boolean(), key);
        QVERIFY(e["cache_type_k"].is_string() && e["cache_type_v"].is_string());
        QVERIFY(e["tensor_split"].is_array());
        QVERIFY(e["assumptions"].is_array() && !e["assumptions"].empty());
        // The KV self size is the per-device and host KV buffers together.
        std::uint64_t kv = e["host_buffer_bytes"]["kv"].get<std::uint64_t>();
        for (const auto& d : e["kv_buffer_bytes"])
            kv += d.get<std::uint64_t>();
        QCOMPARE(kv, e["kv_self_bytes"].get<std::uint64_t>());
    }

    // The settings in effect are the ones typed.
    void optionsInEffect()
    {
        const auto e = engineOf("llama-3.1-8b",
            "--format q4_k_m --ctx-size 8192 --batch-size 1024 --ubatch-size 256 --parallel 2 --flash-attn on "
            "--cache-type-k q8_0 --cache-type-v q4_0 --kv-unified --tensor-split 1,1");
        QVERIFY(e.is_object());
        QCOMPARE(e["n_ctx"].get<std::uint64_t>(), 8192u);
        QCOMPARE(e["n_batch"].get<std::uint64_t>(), 1024u);
        QCOMPARE(e["n_ubatch"].get<std::uint64_t>(), 256u);
        QCOMPARE(e["n_seq_max"].get<std::uint64_t>(), 2u);
        QVERIFY(e["flash_attn"].get<bool>());
        QVERIFY(e["kv_unified"].get<bool>());
        QCOMPARE(e["cache_type_k"].get<std::string>(), std::string("q8_0"));
        QCOMPARE(e["cache_type_v"].get<std::string>(), std::string("q4_0"));
        QVERIFY(e["tensor_split"] == nlohmann::json::array({ 1.0, 1.0 }));
        QCOMPARE(e["n_gpu_layers"].get<std::uint64_t>(), 33u); // auto: every layer and the output
    }

    // The CLI prints what core's planner computes, to the byte: one case built here, the same options there.
    void sameNumbersAsThePlanner()
    {
        engines::LlamaCppOptions o;
        o.ctxSize = 16384;
        o.batchSize = 1024;
        o.ubatchSize = 256;
        o.parallel = 2;
        o.nGpuLayers = 30;
        o.flashAttn = engines::LlamaCppOptions::FlashAttention::Off;
        o.cacheTypeK = engines::LlamaCppOptions::CacheType::Q8_0;
        o.tensorSplit = { 3, 1 };
        o.devices = 2;
        const auto plan = planOf("qwen3-8b", engines::LlamaCppTensorList::FileType::Q5_K_M, o);
        const auto e = engineOf("qwen3-8b",
            "--format q5_k_m --ctx-size 16384 --batch-size 1024 --ubatch-size 256 --parallel 2 --n-gpu-layers 30 "
            "--flash-attn off --cache-type-k q8_0 --tensor-split 3,1");
        QVERIFY(e.is_object());
        compareWithPlan(e, plan);
        const auto fit = engines::LlamaCppPlanReport::fit(plan, rtx4090().capacityBytes());
        QCOMPARE(e["fits"].is_null(), !fit.fits.has_value());
        if (fit.fits)
            QCOMPARE(e["fits"].get<bool>(), *fit.fits);
    }

    // --gguf: the file's tensors as stored, on two GPUs (pipeline parallelism: the compute buffers are not
    // modelled, so their entries are null), the same bytes as the planner given the same file.
    void ggufOnTwoDevices()
    {
        const std::string path = dataDir() + "gguf/llama-v3.gguf";
        const auto r = runCli({ "estimate", "--engine", "llama.cpp", "--gguf", path, "--device-catalog", "rtx-4090",
            "--ctx-size", "512", "--tensor-split", "1,1", "--json" });
        QCOMPARE(r.code, 0);
        const auto e = nlohmann::json::parse(r.out)["engine"];
        QCOMPARE(e["model_buffer_bytes"].size(), std::size_t(2));
        sizing::SizingInputs in;
        in.ggufPath = path;
        const auto request = sizing::makeRequest(in);
        QVERIFY(request.gguf && request.shape);
        engines::LlamaCppOptions o;
        o.ctxSize = 512;
        o.tensorSplit = { 1, 1 };
        o.devices = 2;
        const auto plan = engines::LlamaCppPlanner::plan(
            *request.shape, engines::LlamaCppTensorList::fromGguf(*request.gguf, request.shape->layers), o);
        compareWithPlan(e, plan);
        // Two devices with every layer offloaded: their compute buffers are not modelled, so whether the plan
        // fits is not known, and says why, rather than counting them as 0.
        QVERIFY(e["compute_buffer_bytes"][0].is_null());
        QVERIFY(e["fits"].is_null());
        QVERIFY(e["starts"].is_null());
        QVERIFY2(e["reason"].get<std::string>().find("not modelled") != std::string::npos, r.out.c_str());
        // --format is for a config or preset, not a file's tensors.
        const auto refused = runCli({ "estimate", "--engine", "llama.cpp", "--gguf", path, "--device-catalog",
            "rtx-4090", "--format", "q8_0" });
        QCOMPARE(refused.code, int(cli::kExitUsage));
    }

    // A committed start-up log through the command line: its settings, each buffer within 3 % of what llama.cpp
    // printed (the README's tolerance, tst_llamacppplan's goal), and the same bytes as the planner.
    void committedLogThroughTheCli()
    {
        std::ifstream file(dataDir() + "engines/llamacpp-startups.json");
        QVERIFY(file.good());
        const auto data = nlohmann::json::parse(file);
        nlohmann::json log;
        for (const auto& l : data["logs"])
            if (l["id"] == "llama31-8b-q4km-ctx8192-np4")
                log = l;
        QVERIFY(log.is_object());
        QCOMPARE(log["config"]["layers"].get<int>(), 32); // llama-3.1-8b's preset is that model
        QCOMPARE(log["config"]["trained_context"].get<int>(), 131072);
        const auto& s = log["settings"];
        const auto num = [](const nlohmann::json& v) { return std::to_string(v.get<std::uint64_t>()); };
        std::string extra = "--format " + log["file_type"].get<std::string>() + " --ctx-size " + num(s["n_ctx"])
            + " --parallel " + num(s["n_seq_max"]) + " --batch-size " + num(s["n_batch"]) + " --ubatch-size "
            + num(s["n_ubatch"]) + " --n-gpu-layers " + num(s["ngl"]) + " --flash-attn "
            + (s["flash_attn"].get<bool>() ? "on" : "off") + " --cache-type-k " + s["type_k"].get<std::string>()
            + " --cache-type-v " + s["type_v"].get<std::string>()
            + (s["kv_unified"].get<bool>() ? " --kv-unified" : "");
        const auto e = engineOf("llama-3.1-8b", QByteArray::fromStdString(extra));
        QVERIFY2(e.is_object(), extra.c_str());
        const auto& mib = log["mib"];
        const auto within = [](const char* what, double ours, double logged) {
            qInfo("%-12s ours %10.2f MiB, logged %10.2f MiB, %+.2f %%", what, ours, logged,
                100 * (ours - logged) / logged);
            return std::fabs(ours - logged) / logged <= 0.03;
        };
        QVERIFY(within("model", mibOf(e["model_buffer_bytes"][0]), mib["model"][0]));
        QVERIFY(within("host model", mibOf(e["host_buffer_bytes"]["model"]), mib["host_model"]));
        QVERIFY(within("kv", mibOf(e["kv_buffer_bytes"][0]), mib["kv"][0]));
        QVERIFY(within("compute", mibOf(e["compute_buffer_bytes"][0]), mib["compute"][0]));
        QVERIFY(within("host compute", mibOf(e["host_buffer_bytes"]["compute"]), mib["host_compute"]));
        QVERIFY(e["starts"].get<bool>()); // it started on a 24 GB card

        engines::LlamaCppOptions o;
        o.ctxSize = s["n_ctx"];
        o.parallel = s["n_seq_max"];
        o.batchSize = s["n_batch"];
        o.ubatchSize = s["n_ubatch"];
        o.nGpuLayers = s["ngl"].get<std::uint64_t>();
        o.flashAttn = engines::LlamaCppOptions::FlashAttention::Off;
        o.kvUnified = s["kv_unified"];
        compareWithPlan(e, planOf("llama-3.1-8b", engines::LlamaCppTensorList::FileType::Q4_K_M, o));
    }

    // -ngl 0: the repeating layers and the output layer stay on the CPU, the device's model buffer is empty.
    void noGpuLayersMovesTheModelToTheHost()
    {
        const auto all = engineOf("llama-3.1-8b", "--format q4_k_m --ctx-size 4096 --n-gpu-layers 33");
        const auto none = engineOf("llama-3.1-8b", "--format q4_k_m --ctx-size 4096 --n-gpu-layers 0");
        QVERIFY(all.is_object() && none.is_object());
        QVERIFY(all["model_buffer_bytes"][0].get<std::uint64_t>() > 4'000'000'000ull);
        QCOMPARE(none["model_buffer_bytes"][0].get<std::uint64_t>(), 0u);
        QCOMPARE(none["n_gpu_layers"].get<std::uint64_t>(), 0u);
        const double hostAll = double(all["host_buffer_bytes"]["model"].get<std::uint64_t>());
        const double hostNone = double(none["host_buffer_bytes"]["model"].get<std::uint64_t>());
        const double moved = double(all["model_buffer_bytes"][0].get<std::uint64_t>());
        // The host holds what the device held, within the device's padding (128-byte tensors, padded rows).
        QVERIFY2(std::fabs(hostNone - hostAll - moved) / moved < 0.01, none.dump().c_str());
        // The KV of layers on the CPU is on the CPU too.
        QCOMPARE(none["kv_buffer_bytes"][0].get<std::uint64_t>(), 0u);
        QCOMPARE(none["host_buffer_bytes"]["kv"].get<std::uint64_t>(), all["kv_buffer_bytes"][0].get<std::uint64_t>());
    }

    // A q8_0 cache (34 bytes a block of 32) is 17/32 of f16's, about half.
    void q8CacheHalvesTheKvBuffer()
    {
        const auto f16 = engineOf("llama-3.1-8b", "--format q4_k_m --ctx-size 8192 --flash-attn on");
        const auto q8 = engineOf(
            "llama-3.1-8b", "--format q4_k_m --ctx-size 8192 --flash-attn on --cache-type-k q8_0 --cache-type-v q8_0");
        QVERIFY(f16.is_object() && q8.is_object());
        const double ratio = double(q8["kv_buffer_bytes"][0].get<std::uint64_t>())
            / double(f16["kv_buffer_bytes"][0].get<std::uint64_t>());
        QVERIFY2(ratio > 0.5 && ratio <= 17.0 / 32.0 + 0.005, std::to_string(ratio).c_str());
        QVERIFY(q8["model_buffer_bytes"] == f16["model_buffer_bytes"]);
    }

    // The text block names the figures as llama.cpp's start-up log does, in MiB with 2 decimals.
    void textBlock()
    {
        const auto r = runCli({ "estimate", "--engine", "llama.cpp", "--preset", "llama-3.1-8b", "--format", "q4_k_m",
            "--ctx-size", "8192", "--device-catalog", "rtx-4090" });
        QCOMPARE(r.code, 0);
        const auto e = engineOf("llama-3.1-8b", "--format q4_k_m --ctx-size 8192");
        QVERIFY(r.out.find("llama.cpp plan (") != std::string::npos);
        char line[128];
        std::snprintf(line, sizeof line, "CUDA0 model buffer size = %.2f MiB", mibOf(e["model_buffer_bytes"][0]));
        QVERIFY2(r.out.find(line) != std::string::npos, r.out.c_str());
        std::snprintf(line, sizeof line, "CUDA0 KV buffer size = %.2f MiB", mibOf(e["kv_buffer_bytes"][0]));
        QVERIFY2(r.out.find(line) != std::string::npos, r.out.c_str());
        std::snprintf(
            line, sizeof line, "CPU_Mapped model buffer size = %.2f MiB", mibOf(e["host_buffer_bytes"]["model"]));
        QVERIFY2(r.out.find(line) != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("CUDA0 compute buffer size = ") != std::string::npos);
        QVERIFY(r.out.find("CUDA_Host compute buffer size = ") != std::string::npos);
        QVERIFY(r.out.find("starts: yes") != std::string::npos);
    }

    // Too little memory: fits and starts false, the device named in the reason; exit 0 (a plan is a result).
    void planThatDoesNotFit()
    {
        const auto e = engineOf("llama-3.1-8b", "--format f16 --ctx-size 131072");
        QVERIFY(e.is_object());
        QVERIFY(!e["fits"].get<bool>());
        QVERIFY(!e["starts"].get<bool>());
        QVERIFY2(e["reason"].get<std::string>().rfind("CUDA0: ", 0) == 0, e.dump().c_str());
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QByteArray>("message");
        const QByteArray llama("--engine llama.cpp --preset llama-3.1-8b --device-catalog rtx-4090 ");
        QTest::addRow("ubatch 0") << llama + "--ubatch-size 0" << QByteArray("--ubatch-size: '0'");
        QTest::addRow("batch abc") << llama + "--batch-size abc" << QByteArray("--batch-size: 'abc'");
        QTest::addRow("parallel 0") << llama + "--parallel 0" << QByteArray("--parallel");
        QTest::addRow("flash-attn maybe") << llama + "--flash-attn maybe" << QByteArray("--flash-attn");
        QTest::addRow("tensor-split a,b") << llama + "--tensor-split a,b" << QByteArray("--tensor-split");
        QTest::addRow("tensor-split 0,0") << llama + "--tensor-split 0,0" << QByteArray("add up to 0");
        QTest::addRow("tensor-split of 17 devices")
            << llama + "--tensor-split 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1" << QByteArray("at most 16");
        QTest::addRow("n-gpu-layers -3") << llama + "--n-gpu-layers -3" << QByteArray("--n-gpu-layers");
        QTest::addRow("n-gpu-layers some") << llama + "--n-gpu-layers some" << QByteArray("--n-gpu-layers");
        QTest::addRow("cache-type-k q2_k") << llama + "--cache-type-k q2_k" << QByteArray("--cache-type-k");
        QTest::addRow("format nf4") << llama + "--format nf4" << QByteArray("not a GGUF file type");
        QTest::addRow("bits") << llama + "--bits 4" << QByteArray("not --bits");
        QTest::addRow("without a card") << QByteArray("--engine llama.cpp --preset llama-3.1-8b")
                                        << QByteArray("--engine llama.cpp needs one card, --device-catalog ID");
        QTest::addRow("on every card") << QByteArray("--engine llama.cpp --preset llama-3.1-8b --device-catalog all")
                                       << QByteArray("--engine llama.cpp needs one card");
        QTest::addRow("vLLM's option") << llama + "--max-model-len 4096"
                                       << QByteArray("--max-model-len is an option of vLLM's plan");
        for (const char* option : { "--ctx-size 4096", "--batch-size 512", "--ubatch-size 256", "--n-gpu-layers 10",
                 "--flash-attn on", "--cache-type-k q8_0", "--cache-type-v q8_0", "--parallel 2", "--tensor-split 1,1",
                 "--swa-full", "--kv-unified" }) {
            const QByteArray name = QByteArray(option).split(' ').front();
            QTest::addRow("%s without --engine", option)
                << QByteArray("--preset llama-3.1-8b --device-catalog rtx-4090 ") + option
                << name + " is an option of llama.cpp's plan: give --engine llama.cpp";
            QTest::addRow("%s with --engine vllm", option)
                << QByteArray("--engine vllm --preset llama-3.1-8b --device-catalog h100-sxm ") + option
                << name + " is an option of llama.cpp's plan: give --engine llama.cpp";
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
        QCOMPARE(std::count(r.err.begin(), r.err.end(), '\n'), 1); // one line
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppEstimateCli)
#include "tst_llamacppestimatecli.moc"
