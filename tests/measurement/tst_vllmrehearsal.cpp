// SPDX-License-Identifier: Apache-2.0
// vLLM's start-up rehearsed on the simulated device (`measure --engine vllm`, Note [vLLM rehearsal] in
// core/protocol/vllmrun.h): the prediction (core/workloads/vllmpredictor) equals the measurement
// (core/workloads/vllmworkload) to the byte in every phase, for the committed config.json of several families
// (dense, GQA with q/k norms, sliding windows, experts, MLA), with and without CUDA graphs; the weights are the
// planner's "Model loading took", the pool is the plan's tensors, and vLLM's refusals end the run as a phase's
// failure with vLLM's words.
#include "core/protocol/phaseplan.h"
#include "core/protocol/vllmrun.h"
#include "core/report/ledger.h"
#include "core/report/resultjson.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/sizing/devicecatalog.h"
#include "core/units/inputerror.h"
#include "core/workloads/decoderpredictor.h"
#include "core/workloads/decodersource.h"
#include "core/workloads/runpredictor.h"

#include <QDir>
#include <QTest>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <numeric>
#include <string>

using namespace iteragpu;

namespace {

std::string fixture(const QString& slug)
{
    const char* data = std::getenv("ITERAGPU_TEST_DATA");
    return (QString::fromUtf8(data ? data : "tests/data") + QStringLiteral("/models/") + slug
        + QStringLiteral("/config.json"))
        .toStdString();
}

std::uint64_t h100Total()
{
    const auto catalog = sizing::DeviceCatalog::loadDefault();
    const sizing::GpuCard* card = catalog.find("h100-sxm");
    return card ? card->capacityBytes() : 0;
}

// A rehearsal of the fixture `slug`: vLLM's options over small profile and serve sizes (the simulated device is
// address-only, so the sizes cost nothing but keep the test quick), planned on a device of `total` bytes.
protocol::RunConfig vllmConfig(const QString& slug, bool eager, std::uint64_t total, double utilization = 0.9)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.samplingHz = protocol::kMinSamplingHz;
    c.decoder = workloads::DecoderSource::resolve(fixture(slug));
    protocol::VllmRun run;
    run.options.gpuMemoryUtilization = utilization;
    run.options.maxModelLen = 2048;
    run.options.maxNumSeqs = 16;
    run.options.maxNumBatchedTokens = 300; // not a multiple of the 16-token blocks
    run.options.enforceEager = eager;
    run.options.cardName = "H100 SXM";
    c.decoder->storage
        = *protocol::weightStorageFromName(protocol::vllmWeightStorageName(run.options, c.decoder->shape.torchDtype));
    c.dtype = protocol::decoderComputeDType(c);
    c.decoder->promptTokens = 1000;
    c.decoder->generated = 37;
    c.decoder->sequences = 5;
    c.vllm = run;
    protocol::planVllmRun(c, total);
    return c;
}

protocol::RunResult run(const protocol::RunConfig& c, std::uint64_t total)
{
    sim::SimBackend backend(sim::SimOptions { total, 0 });
    return protocol::Runner::runBlocking(
        c, { "sim", backend.runtimeDescription(), true }, [&backend](device::Status& s) { return backend.open(0, s); },
        nullptr);
}

const protocol::PhaseResult* phase(const protocol::RunResult& r, const char* name)
{
    for (const auto& p : r.phases)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::uint64_t dimension(const protocol::PhaseResult& p, const char* name)
{
    for (const auto& d : p.dimensions)
        if (d.name == name)
            return d.value;
    return UINT64_MAX;
}

// Every phase that ran: measured baseline, peak and final allocated (and peak reserved) equal the prediction's.
void comparePhases(const protocol::RunResult& result, const workloads::WorkloadPrediction& prediction)
{
    QCOMPARE(prediction.phases.size(), result.phases.size());
    for (std::size_t i = 0; i < result.phases.size(); ++i) {
        const auto& measured = result.phases[i];
        const auto& predicted = prediction.phases[i];
        QCOMPARE(predicted.name, measured.name);
        if (measured.status == protocol::PhaseStatus::NotRun)
            continue;
        const QByteArray where = QByteArray::fromStdString(measured.name);
        QVERIFY2(measured.peak.allocated && measured.baseline.allocated && measured.final.allocated, where);
        if (*measured.baseline.allocated != predicted.baselineAllocated
            || *measured.peak.allocated != predicted.peakAllocated
            || *measured.final.allocated != predicted.finalAllocated)
            qWarning("%s: measured baseline/peak/final %llu/%llu/%llu, predicted %llu/%llu/%llu", where.constData(),
                static_cast<unsigned long long>(*measured.baseline.allocated),
                static_cast<unsigned long long>(*measured.peak.allocated),
                static_cast<unsigned long long>(*measured.final.allocated),
                static_cast<unsigned long long>(predicted.baselineAllocated),
                static_cast<unsigned long long>(predicted.peakAllocated),
                static_cast<unsigned long long>(predicted.finalAllocated));
        QCOMPARE(*measured.baseline.allocated, predicted.baselineAllocated);
        QCOMPARE(*measured.peak.allocated, predicted.peakAllocated);
        QCOMPARE(*measured.final.allocated, predicted.finalAllocated);
        QCOMPARE(measured.predictedPeakAllocated, std::optional<std::uint64_t>(predicted.peakAllocated));
        QVERIFY(predicted.peakReserved && measured.peak.reserved);
        QCOMPARE(*measured.peak.reserved, *predicted.peakReserved);
    }
}

std::uint64_t of(const alloc::OwnerBytes& owners, alloc::Owner owner) { return owners[std::size_t(owner)]; }

} // namespace

class TestVllmRehearsal : public QObject {
    Q_OBJECT
private slots:
    void predictedEqualsMeasured_data()
    {
        QTest::addColumn<QString>("slug");
        QTest::addColumn<bool>("eager");
        // Dense Llama; GQA Qwen3 with q/k norms; Gemma-2 (sliding every other layer: two KV groups, float32
        // config run in bfloat16); Gemma-3 (5 sliding : 1 full); Mistral's window on every layer; MoE (Qwen3,
        // Mixtral); MLA DeepSeek-V2-Lite (the latent cache).
        for (const char* slug : { "llama-3.1-8b", "qwen3-8b", "gemma-2-9b", "gemma-3-1b", "mistral-7b-v0.1",
                 "qwen3-30b-a3b", "qwen1.5-moe-a2.7b", "deepseek-v2-lite", "qwen2.5-7b", "phi-4" })
            for (const bool eager : { false, true })
                QTest::addRow("%s %s", slug, eager ? "eager" : "graphs") << QString::fromLatin1(slug) << eager;
    }

    void predictedEqualsMeasured()
    {
        QFETCH(QString, slug);
        QFETCH(bool, eager);
        const std::uint64_t total = h100Total();
        QVERIFY(total > 0);
        const auto config = vllmConfig(slug, eager, total);
        const engines::VllmPlan& plan = config.vllm->plan;
        QVERIFY2(plan.starts, plan.reason.c_str());
        QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
        const auto prediction = workloads::predictRun(config);
        QVERIFY2(prediction.error.empty(), prediction.error.c_str());

        const auto result = run(config, total);
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed);
        std::vector<std::string> names;
        for (const auto& p : result.phases)
            names.push_back(p.name);
        const std::vector<std::string> expected = eager
            ? std::vector<std::string> { "model_load", "profile_run", "kv_cache_alloc", "serve" }
            : std::vector<std::string> { "model_load", "profile_run", "kv_cache_alloc", "cuda_graph_capture", "serve" };
        QCOMPARE(names, expected);
        comparePhases(result, prediction);

        // model_load: the planner's "Model loading took" is the decoder's weights as requested (the async pool
        // counts requested bytes), and the caching allocator holds them, rounded, as weights and nothing else.
        const auto requested = workloads::predictDecoder([&config] {
            auto c = protocol::vllmProfileConfig(config);
            c.allocator = protocol::AllocatorKind::Async;
            return c;
        }());
        QVERIFY2(requested.error.empty(), requested.error.c_str());
        QCOMPARE(requested.phases.at(0).finalAllocated, plan.weightsBytes);
        const auto* load = phase(result, "model_load");
        const auto* profile = phase(result, "profile_run");
        const auto* pool = phase(result, "kv_cache_alloc");
        const auto* serve = phase(result, "serve");
        QVERIFY(load && profile && pool && serve);
        QVERIFY(*load->final.allocated >= plan.weightsBytes);
        QCOMPARE(of(*load->ownersAtFinal, alloc::Owner::Weights), *load->final.allocated);
        // profile_run: a real peak above the weights (the forward and the sampler), everything freed after it and
        // the cache emptied (reserved back to the weights' segments).
        QVERIFY(*profile->peak.allocated > *profile->baseline.allocated);
        QCOMPARE(*profile->final.allocated, *load->final.allocated);
        QCOMPARE(*profile->final.reserved, *load->final.reserved);
        QVERIFY(of(profile->peakMoment->owners, alloc::Owner::Activation) > 0);
        // vLLM's profile forward writes no KV cache: none is held at its peak (DECODER.md "A prefill without a cache").
        QCOMPARE(of(profile->peakMoment->owners, alloc::Owner::KvCache), std::uint64_t(0));
        // kv_cache_alloc: the plan's tensors, numBlocks blocks each, within what the plan left for them.
        std::uint64_t poolBytes = 0;
        for (const auto t : plan.kvTensorBytes)
            poolBytes += t;
        QVERIFY(!plan.kvTensorBytes.empty());
        QVERIFY(poolBytes > 0 && poolBytes <= std::uint64_t(plan.kvCacheBytes));
        QVERIFY(std::uint64_t(plan.kvCacheBytes) - poolBytes
            < plan.pageBytes * std::max<std::uint64_t>(plan.layersPerPool, 1)); // less than one block per layer left
        QVERIFY(of(*pool->ownersAtFinal, alloc::Owner::KvCache) >= poolBytes);
        // The caching allocator's rounding: 512 bytes, and a large block's rest under 1 MiB left unsplit.
        QVERIFY(of(*pool->ownersAtFinal, alloc::Owner::KvCache) - poolBytes
            < ((1ull << 20) + 512) * plan.kvTensorBytes.size());
        QCOMPARE(dimension(*pool, "num_blocks"), plan.numBlocks);
        // cuda_graph_capture (Note [vLLM CUDA graphs]): the pool and the workspace kept, the warm-up's tensors beside
        // them at the peak; the peak above the pool is the plan's "took" (each tensor rounded by the allocator),
        // what stays through serve the kept tensors, all as owner other; the cache emptied after (reserved back).
        std::uint64_t kept = 0;
        for (const auto t : plan.cudaGraphTensorBytes)
            kept += t;
        if (const auto* graphs = phase(result, "cuda_graph_capture")) {
            QVERIFY(plan.cudaGraphBytes.value_or(0) > kept && kept > 0);
            QCOMPARE(*graphs->baseline.allocated, *pool->final.allocated);
            const std::uint64_t rise = *graphs->peak.allocated - *graphs->baseline.allocated;
            const std::size_t tensors = plan.cudaGraphTensorBytes.size() + plan.cudaGraphWarmupTensorBytes.size();
            QVERIFY(rise >= *plan.cudaGraphBytes && rise < *plan.cudaGraphBytes + ((1ull << 20) + 512) * tensors);
            const std::uint64_t stays = *graphs->final.allocated - *graphs->baseline.allocated;
            QVERIFY(stays >= kept && stays < kept + ((1ull << 20) + 512) * plan.cudaGraphTensorBytes.size());
            QCOMPARE(of(graphs->peakMoment->owners, alloc::Owner::Other), rise);
            QCOMPARE(of(*graphs->ownersAtFinal, alloc::Owner::Other), stays);
            QVERIFY(*graphs->final.reserved <= *graphs->peak.reserved); // empty_cache() after the warm-up
            QCOMPARE(*serve->final.allocated, *graphs->final.allocated);
        } else {
            QCOMPARE(plan.cudaGraphBytes, std::optional<std::uint64_t>(0));
            QVERIFY(plan.cudaGraphTensorBytes.empty());
            QCOMPARE(*serve->final.allocated, *pool->final.allocated);
        }
        // serve: 5 requests of 1037 tokens, each its blocks of the pool; nothing allocated.
        QCOMPARE(dimension(*serve, "requests"), std::uint64_t(5));
        QCOMPARE(dimension(*serve, "admitted"), std::uint64_t(5));
        QCOMPARE(dimension(*serve, "blocks_used"), 5 * dimension(*serve, "blocks_per_request"));
        QVERIFY(dimension(*serve, "blocks_per_request") >= (1037 + 15) / 16 || plan.kvGroups > 1);
    }

    // The pool cannot hold one --max-model-len request: kv_cache_alloc fails with vLLM's own refusal, an
    // out-of-memory outcome (vLLM refuses for want of memory, before the allocator is asked), the phases after it
    // are not run, and what ran is still predicted exactly.
    void refusalIsThePhasesFailure()
    {
        const std::uint64_t total = h100Total();
        auto config = vllmConfig(QStringLiteral("llama-3.1-8b"), false, total, 0.3);
        config.vllm->options.maxModelLen = 131072; // 16 GiB of KV cache for one request
        protocol::planVllmRun(config, total);
        const engines::VllmPlan& plan = config.vllm->plan;
        QVERIFY(plan.sized);
        QVERIFY(!plan.starts);
        QVERIFY2(plan.reason.find("No available memory for the cache blocks") != std::string::npos
                || plan.reason.find("To serve at least one request") != std::string::npos,
            plan.reason.c_str());
        const auto prediction = workloads::predictRun(config);
        QVERIFY2(prediction.error.empty(), prediction.error.c_str());
        const auto result = run(config, total);
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(!result.completed);
        const auto* pool = phase(result, "kv_cache_alloc");
        QVERIFY(pool);
        QCOMPARE(pool->status, protocol::PhaseStatus::Failed);
        QCOMPARE(pool->error, plan.reason);
        QCOMPARE(pool->outOfMemory, std::optional<bool>(true));
        QCOMPARE(*pool->peak.allocated, *pool->baseline.allocated); // refused before anything was allocated
        QCOMPARE(phase(result, "serve")->status, protocol::PhaseStatus::NotRun);
        QCOMPARE(phase(result, "profile_run")->status, protocol::PhaseStatus::Ok);
        comparePhases(result, prediction);
    }

    // Weights beyond the card: the decoder's model_load runs out of memory on the device, as vLLM's load would;
    // the plan says the same in vLLM's words, and nothing after runs.
    void weightsBeyondTheCard()
    {
        const std::uint64_t total = h100Total();
        const auto config = vllmConfig(QStringLiteral("mixtral-8x7b"), false, total);
        QVERIFY(!config.vllm->plan.starts);
        QVERIFY2(config.vllm->plan.reason.find("torch.OutOfMemoryError") != std::string::npos,
            config.vllm->plan.reason.c_str());
        const auto result = run(config, total);
        QVERIFY2(result.error.empty(), result.error.c_str());
        QCOMPARE(result.phases.at(0).status, protocol::PhaseStatus::Failed);
        QCOMPARE(result.phases.at(0).outOfMemory, std::optional<bool>(true));
        QCOMPARE(result.phases.at(1).status, protocol::PhaseStatus::NotRun);
    }

    // A --max-model-len beyond the model's: refused before sizing; model_load fails with vLLM's words, nothing loaded.
    void optionRefusalFailsModelLoad()
    {
        const std::uint64_t total = h100Total();
        protocol::RunConfig config;
        config.workload = protocol::WorkloadKind::Decoder;
        config.samplingHz = protocol::kMinSamplingHz;
        config.decoder = workloads::DecoderSource::resolve(fixture(QStringLiteral("qwen3-8b")));
        protocol::VllmRun vllm;
        vllm.options.maxModelLen = 100000; // max_position_embeddings 40960
        config.vllm = vllm;
        protocol::planVllmRun(config, total);
        QVERIFY(!config.vllm->plan.sized);
        const auto result = run(config, total);
        QCOMPARE(result.phases.at(0).status, protocol::PhaseStatus::Failed);
        QVERIFY2(result.phases.at(0).error.find("User-specified max_model_len (100000)") != std::string::npos,
            result.phases.at(0).error.c_str());
        QCOMPARE(*result.phases.at(0).peak.allocated, std::uint64_t(0));
        QCOMPARE(result.phases.at(0).outOfMemory, std::optional<bool>(false)); // an option refused, not memory
        QCOMPARE(result.phases.at(1).status, protocol::PhaseStatus::NotRun);
        comparePhases(result, workloads::predictRun(config));
    }

    // Requests the pool cannot hold are reported, never clamped: longer than --max-model-len, refused with vLLM's
    // words; more than the free blocks hold, an out-of-memory of the serve phase that says how many wait.
    void requestsThePoolCannotHold()
    {
        const std::uint64_t total = h100Total();
        auto config = vllmConfig(QStringLiteral("llama-3.1-8b"), true, total);
        config.decoder->promptTokens = 2040;
        config.decoder->generated = 9; // 2049 > 2048
        protocol::planVllmRun(config, total);
        auto result = run(config, total);
        const auto* serve = phase(result, "serve");
        QCOMPARE(serve->status, protocol::PhaseStatus::Failed);
        QVERIFY2(serve->error.find("This model's maximum context length is 2048 tokens. However, you requested 2049")
                != std::string::npos,
            serve->error.c_str());
        QCOMPARE(dimension(*serve, "rejected_too_long"), std::uint64_t(5));

        // Every request of 2048 tokens takes 128 blocks; 16 running at most (--max-num-seqs). A pool of a few
        // hundred blocks holds some of them.
        config = vllmConfig(QStringLiteral("llama-3.1-8b"), true, total, 0.9);
        config.decoder->promptTokens = 2000;
        config.decoder->generated = 48;
        config.decoder->sequences = 40;
        protocol::planVllmRun(config, total);
        result = run(config, total);
        const auto* many = phase(result, "serve");
        QCOMPARE(dimension(*many, "admitted"), std::uint64_t(16));
        QCOMPARE(dimension(*many, "waiting_for_seqs"), std::uint64_t(24));
        QCOMPARE(many->status, protocol::PhaseStatus::Ok);
        const double tight = double(config.vllm->plan.weightsBytes + config.vllm->plan.activationPeakBytes
                                 + config.vllm->plan.nonTorchBytes
                                 + 700ull * config.vllm->plan.pageBytes * config.vllm->plan.layersPerPool)
            / double(total);
        config = vllmConfig(QStringLiteral("llama-3.1-8b"), true, total, tight);
        config.decoder->promptTokens = 2000;
        config.decoder->generated = 48;
        config.decoder->sequences = 10;
        protocol::planVllmRun(config, total);
        QVERIFY2(config.vllm->plan.starts, config.vllm->plan.reason.c_str());
        result = run(config, total);
        const auto* few = phase(result, "serve");
        const std::uint64_t fit = config.vllm->plan.numBlocks / 128;
        QVERIFY(fit >= 1 && fit < 10);
        QCOMPARE(dimension(*few, "admitted"), fit);
        QCOMPARE(dimension(*few, "waiting_for_blocks"), 10 - fit);
        QCOMPARE(few->status, protocol::PhaseStatus::Failed);
        QCOMPARE(few->outOfMemory, std::optional<bool>(true));
        QVERIFY2(few->error.find("holds " + std::to_string(fit) + " of the 10 requests at once") != std::string::npos,
            few->error.c_str());
    }

    // The result file carries the engine and its plan (iteragpu.measure/3): read back, the configuration has the same
    // options and plan; a figure of the plan or of the pool edited in the file is refused, and so is an engine
    // object in a /2 file.
    void resultFileCarriesThePlan()
    {
        const std::uint64_t total = h100Total();
        const auto config = vllmConfig(QStringLiteral("gemma-2-9b"), false, total);
        const auto result = run(config, total);
        QVERIFY(result.completed);
        const nlohmann::ordered_json j = report::toJson(result);
        QCOMPARE(j.at("schema").get<std::string>(), std::string("iteragpu.measure/3"));
        QCOMPARE(j.at("engine").at("name").get<std::string>(), std::string("vllm"));
        QCOMPARE(j.at("engine").at("plan").at("kv_cache_tokens").get<std::uint64_t>(), config.vllm->plan.kvCacheTokens);
        QCOMPARE(j.at("engine").at("plan").at("cuda_graph_bytes").get<std::uint64_t>(), *config.vllm->plan.cudaGraphBytes);
        QCOMPARE(j.at("engine").at("plan").at("cuda_graph_capture_sizes").size(), config.vllm->plan.cudaGraphSizes.size());
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QVERIFY(back.config.vllm);
        QCOMPARE(back.config.vllm->plan.numBlocks, config.vllm->plan.numBlocks);
        QCOMPARE(back.config.vllm->plan.kvTensorBytes, config.vllm->plan.kvTensorBytes);
        QCOMPARE(back.config.vllm->plan.weightsBytes, config.vllm->plan.weightsBytes);
        QCOMPARE(report::toJson(back).dump(), j.dump());
        // Forged figures.
        for (const auto& [part, key] : { std::pair { "plan", "kv_cache_tokens" }, std::pair { "plan", "weights_bytes" },
                 std::pair { "pool", "num_blocks" } }) {
            auto forged = j;
            forged["engine"][part][key] = forged["engine"][part][key].get<std::uint64_t>() + 1;
            QVERIFY2(!report::fromJson(forged, back, error), key);
            QVERIFY2(error.find(std::string("engine.") + part + "." + key) != std::string::npos, error.c_str());
        }
        auto forgedTensor = j;
        forgedTensor["engine"]["pool"]["tensor_bytes"][0] = 1;
        QVERIFY(!report::fromJson(forgedTensor, back, error));
        auto forgedStarts = j;
        forgedStarts["engine"]["plan"]["starts"] = false;
        QVERIFY(!report::fromJson(forgedStarts, back, error));
        auto extra = j;
        extra["engine"]["plan"]["invented"] = 1;
        QVERIFY(!report::fromJson(extra, back, error));
        auto options = j;
        options["engine"]["options"]["gpu_memory_utilization"] = 0.5; // the plan no longer follows from them
        QVERIFY(!report::fromJson(options, back, error));
        auto v2 = j;
        v2["schema"] = "iteragpu.measure/2";
        QVERIFY(!report::fromJson(v2, back, error));
        QVERIFY2(error.find("iteragpu.measure/3") != std::string::npos, error.c_str());
        auto missing = j;
        missing.erase("engine");
        QVERIFY(!report::fromJson(missing, back, error));
    }

    // The ledger names the engine's parts, from the plan the run carries: the weights in every phase, the
    // profile-run activations and the non-torch memory from profile_run on, the KV pool after it, and the CUDA graphs
    // once captured (Note [vLLM CUDA graphs]): their peak at cuda_graph_capture (vLLM's "took"), what they keep at
    // serve, 0 with --enforce-eager; every estimate has a total.
    void ledgerNamesTheEnginesParts()
    {
        const std::uint64_t total = h100Total();
        for (const bool eager : { false, true }) {
            const auto config = vllmConfig(QStringLiteral("qwen3-8b"), eager, total);
            const engines::VllmPlan& plan = config.vllm->plan;
            const auto result = run(config, total);
            QVERIFY(result.completed);
            const auto ledgers = report::buildLedgers(result);
            QCOMPARE(ledgers.size(), result.phases.size());
            const auto estimate = [&](const char* name) -> const report::LedgerSection* {
                for (const auto& l : ledgers)
                    if (l.phase == name)
                        return &l.section(report::LedgerSectionKind::Estimate);
                return nullptr;
            };
            const auto keys = [&](const char* name) {
                std::vector<std::string> out { "no ledger" };
                if (const auto* s = estimate(name)) {
                    out.clear();
                    for (const auto& part : s->parts)
                        out.push_back(part.key);
                }
                return out;
            };
            QCOMPARE(keys("model_load"), std::vector<std::string> { "weights" });
            QCOMPARE(keys("profile_run"), (std::vector<std::string> { "weights", "non_torch", "profile_activations" }));
            QCOMPARE(keys("kv_cache_alloc"), (std::vector<std::string> { "weights", "non_torch", "kv_pool" }));
            QCOMPARE(keys("serve"), (std::vector<std::string> { "weights", "non_torch", "kv_pool", "graph_pool" }));
            const auto& pool = *estimate("kv_cache_alloc");
            std::uint64_t poolBytes = 0, kept = 0;
            for (const auto t : plan.kvTensorBytes)
                poolBytes += t;
            for (const auto t : plan.cudaGraphTensorBytes)
                kept += t;
            QCOMPARE(pool.parts.at(2).bytes, std::optional<std::int64_t>(std::int64_t(poolBytes)));
            QCOMPARE(pool.parts.at(0).bytes, std::optional<std::int64_t>(std::int64_t(plan.weightsBytes)));
            QVERIFY(pool.total.bytes);
            const auto& serve = *estimate("serve");
            QCOMPARE(serve.parts.at(3).bytes, std::optional<std::int64_t>(std::int64_t(kept)));
            QVERIFY(serve.total.bytes);
            if (eager) {
                QCOMPARE(kept, std::uint64_t(0));
                QCOMPARE(keys("cuda_graph_capture"), std::vector<std::string> { "no ledger" });
            } else {
                QCOMPARE(keys("cuda_graph_capture"),
                    (std::vector<std::string> { "weights", "non_torch", "kv_pool", "graph_pool" }));
                const auto& graphs = *estimate("cuda_graph_capture");
                QCOMPARE(graphs.parts.at(3).bytes, std::optional<std::int64_t>(std::int64_t(*plan.cudaGraphBytes)));
                QVERIFY(graphs.total.bytes);
            }
        }
    }

    // What one device cannot rehearse is refused with one line, before anything runs.
    void oneDeviceRefusals()
    {
        protocol::RunConfig config;
        config.workload = protocol::WorkloadKind::Decoder;
        config.decoder = workloads::DecoderSource::resolve(fixture(QStringLiteral("llama-3.1-8b")));
        protocol::VllmRun vllm;
        vllm.options.tensorParallel = 2;
        config.vllm = vllm;
        QVERIFY(protocol::vllmRehearsalProblem(config).find("--tensor-parallel-size 2") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(units::InputError, protocol::planVllmRun(config, h100Total()));
        config.vllm->options.tensorParallel = 1;
        config.vllm->options.pipelineParallel = 2;
        QVERIFY(protocol::vllmRehearsalProblem(config).find("--pipeline-parallel-size 2") != std::string::npos);
        config.vllm->options.pipelineParallel = 1;
        QVERIFY(protocol::vllmRehearsalProblem(config).empty());
        QVERIFY(!protocol::validateConfig(config).empty()); // not planned yet
        config.decoder = workloads::DecoderSource::resolve(fixture(QStringLiteral("nemotron-h-8b")));
        QVERIFY(protocol::vllmRehearsalProblem(config).find("recurrent state") != std::string::npos);
        config.decoder = workloads::DecoderSource::resolve(fixture(QStringLiteral("gpt-oss-20b")));
        QVERIFY(protocol::vllmRehearsalProblem(config).find("mxfp4") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestVllmRehearsal)
#include "tst_vllmrehearsal.moc"
