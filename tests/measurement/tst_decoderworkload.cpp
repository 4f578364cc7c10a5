// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/cachingallocator.h"
#include "core/alloc/devicerawmemory.h"
#include "core/protocol/phaseplan.h"
#include "core/sim/simbackend.h"
#include "core/units/inputerror.h"
#include "core/units/units.h"
#include "core/workloads/decoderworkload.h"
#include "core/workloads/denseworkload.h"
#include "core/workloads/workload.h"

#include <QTest>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>

using namespace iteragpu;
using protocol::AttentionKind;
using protocol::KvCacheKind;
using protocol::WeightStorage;

Q_DECLARE_METATYPE(protocol::WeightStorage)
Q_DECLARE_METATYPE(protocol::KvCacheKind)
Q_DECLARE_METATYPE(protocol::AttentionKind)
Q_DECLARE_METATYPE(protocol::Mode)

namespace {

constexpr std::uint64_t kBlock = 512; // bytes; the caching allocator's kMinBlockSize, every request rounded up
constexpr std::uint64_t kPromptTokens = 40;
constexpr std::uint64_t kGenerated = 24; // C = 64 positions: 4 blocks of 16
constexpr std::uint64_t kSequences = 2;

std::uint64_t roundUp(std::uint64_t bytes) { return (bytes + kBlock - 1) / kBlock * kBlock; }
std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// Tiny shapes of the seven families (and one the workload does not know, run as Llama), each request well below
// 1 MiB so the caching allocator serves it from the small pool, split to its rounded size.
model::ModelShape tinyShape(const std::string& family)
{
    model::ModelShape m;
    m.family = family;
    m.source = "test:" + family;
    m.layers = 2;
    m.hidden = 64;
    m.intermediate = 128;
    m.heads = 4;
    m.kvHeads = 2;
    m.headDim = 16;
    m.vocab = 256;
    m.layerWindows.assign(m.layers, std::nullopt);
    if (family == "mistral") {
        m.layerWindows.assign(m.layers, 24); // P = 40 > 24: the prompt overflows the window
    } else if (family == "qwen2") {
        m.qkvBias = true;
    } else if (family == "gemma") {
        m.headDim = 32; // 4 x 32 != 64, as gemma-7b's 16 x 256 != 3072
        m.kvHeads = 1;
        m.tieWordEmbeddings = true;
    } else if (family == "gemma2") {
        m.normsPerLayer = 4;
        m.tieWordEmbeddings = true;
        m.layerWindows = { 48, std::nullopt }; // P = 40 < 48 < C = 64: the cache grows, then wraps
    } else if (family == "phi3") {
        m.kvHeads = 4;
    } else if (family == "mixtral") {
        m.intermediate = 64;
        m.experts = 4;
        m.expertsPerToken = 2;
    } else if (family == "olmo") {
        m.outputBias = true;
        m.mlpBias = true;
    }
    return m;
}

protocol::RunConfig decoderConfig(const model::ModelShape& shape, WeightStorage storage, KvCacheKind cache,
    AttentionKind attention, std::uint64_t decodeChunk = 0)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.warmup = 2;
    c.repeats = 2;
    c.seed = 7;
    protocol::DecoderSpec d;
    d.shape = shape;
    d.modelSource = shape.source;
    d.storage = storage;
    d.promptTokens = kPromptTokens;
    d.generated = kGenerated;
    d.sequences = kSequences;
    d.cache = cache;
    d.attention = attention;
    d.decodeChunk = decodeChunk;
    c.decoder = d;
    return c;
}

// DECODER.md's model_load, written from its text: every tensor's name and bytes in order.
std::vector<std::pair<std::string, std::uint64_t>> expectedWeights(const protocol::RunConfig& c)
{
    const auto& m = c.decoder->shape;
    const WeightStorage storage = c.decoder->storage;
    const std::uint64_t s = storage == WeightStorage::Float32 ? 4 : 2;
    std::vector<std::pair<std::string, std::uint64_t>> w;
    auto dense = [&](const std::string& name, std::uint64_t out, std::uint64_t in) {
        w.emplace_back(name + ".weight", out * in * s);
    };
    auto linear = [&](const std::string& name, std::uint64_t out, std::uint64_t in, bool bias) {
        const std::uint64_t n = out * in;
        switch (storage) {
        case WeightStorage::Int8:
            w.emplace_back(name + ".weight", n);
            w.emplace_back(name + ".SCB", 4 * out);
            break;
        case WeightStorage::Nf4:
            w.emplace_back(name + ".weight", ceilDiv(n, 2));
            w.emplace_back(name + ".absmax", 4 * ceilDiv(n, 64));
            w.emplace_back(name + ".quant_map", 64);
            break;
        case WeightStorage::Nf4DoubleQuant: {
            const std::uint64_t b = ceilDiv(n, 64);
            w.emplace_back(name + ".weight", ceilDiv(n, 2));
            w.emplace_back(name + ".absmax", b);
            w.emplace_back(name + ".nested_absmax", 4 * ceilDiv(b, 256));
            w.emplace_back(name + ".nested_quant_map", 1024);
            w.emplace_back(name + ".quant_map", 64);
            w.emplace_back(name + ".offset", 4);
            break;
        }
        default:
            dense(name, out, in);
        }
        if (bias)
            w.emplace_back(name + ".bias", out * s);
    };
    const std::uint64_t q = m.heads * m.headDim;
    const std::uint64_t kv = m.kvHeads * m.headDim;
    dense("model.embed_tokens", m.vocab, m.hidden);
    for (std::uint64_t l = 0; l < m.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        w.emplace_back(p + "input_layernorm.weight", m.hidden * s);
        linear(p + "self_attn.q_proj", q, m.hidden, m.qkvBias);
        linear(p + "self_attn.k_proj", kv, m.hidden, m.qkvBias);
        linear(p + "self_attn.v_proj", kv, m.hidden, m.qkvBias);
        linear(p + "self_attn.o_proj", m.hidden, q, m.outputBias);
        w.emplace_back(p + "post_attention_layernorm.weight", m.hidden * s);
        if (m.normsPerLayer == 4) {
            w.emplace_back(p + "pre_feedforward_layernorm.weight", m.hidden * s);
            w.emplace_back(p + "post_feedforward_layernorm.weight", m.hidden * s);
        }
        if (m.experts == 0) {
            linear(p + "mlp.gate_proj", m.intermediate, m.hidden, m.mlpBias);
            linear(p + "mlp.up_proj", m.intermediate, m.hidden, m.mlpBias);
            linear(p + "mlp.down_proj", m.hidden, m.intermediate, m.mlpBias);
        } else {
            dense(p + "block_sparse_moe.gate", m.experts, m.hidden);
            for (std::uint64_t e = 0; e < m.experts; ++e) {
                const std::string ep = p + "block_sparse_moe.experts." + std::to_string(e) + ".";
                linear(ep + "w1", m.intermediate, m.hidden, false);
                linear(ep + "w3", m.intermediate, m.hidden, false);
                linear(ep + "w2", m.hidden, m.intermediate, false);
            }
        }
    }
    w.emplace_back("model.norm.weight", m.hidden * s);
    if (!m.tieWordEmbeddings)
        dense("lm_head", m.vocab, m.hidden);
    return w;
}

// The cache of layer l after positions 0 .. reached - 1 were written, from DECODER.md: bytes in kv.* tensors.
std::uint64_t expectedCacheBytes(const protocol::RunConfig& c, std::size_t l, std::uint64_t reached)
{
    const auto& d = *c.decoder;
    const auto& m = d.shape;
    const std::uint64_t s = 2;
    const std::uint64_t positions = d.promptTokens + d.generated;
    const auto& window = m.layerWindows[l];
    const std::uint64_t capacity = window ? std::min(positions, *window) : positions;
    const std::uint64_t row = m.kvHeads * m.headDim * s;
    switch (d.cache) {
    case KvCacheKind::Static:
        return 2 * d.sequences * capacity * row;
    case KvCacheKind::Dynamic:
        return 2 * d.sequences * std::min(reached, capacity) * row;
    case KvCacheKind::Paged: {
        const std::uint64_t blocks = ceilDiv(positions, 16);
        const std::uint64_t ring = window ? std::min(blocks, ceilDiv(*window, 16) + 1) : blocks;
        const std::uint64_t used = std::min(ceilDiv(reached, 16), ring);
        return 2 * d.sequences * used * 16 * row + 2 * 8 * d.sequences * ring;
    }
    }
    return 0;
}

// A simulated device, the runner's native allocator over it (core/runner/runner.cpp), and a workload.
struct SimDevice {
    explicit SimDevice(std::uint64_t capacity = sim::kDefaultSimCapacity)
        : backend(sim::SimOptions { capacity, 0 })
    {
        device::Status status;
        context = backend.open(0, status);
        if (!context)
            qFatal("the simulated device did not open: %s", status.message.c_str());
        raw = std::make_unique<alloc::DeviceRawMemory>(*context);
        allocator = std::make_unique<alloc::CachingAllocator>(*raw);
    }
    std::uint64_t allocated() { return allocator->counters().allocatedCurrent; }
    std::uint64_t peak() { return allocator->counters().allocatedPeak; }

    sim::SimBackend backend;
    std::unique_ptr<device::DeviceContext> context;
    std::unique_ptr<alloc::DeviceRawMemory> raw;
    std::unique_ptr<alloc::CachingAllocator> allocator;
};

std::uint64_t heldBytes(const std::vector<workloads::HeldTensor>& held, const std::string& prefix)
{
    std::uint64_t total = 0;
    for (const auto& t : held)
        if (t.name.rfind(prefix, 0) == 0)
            total += t.bytes;
    return total;
}

std::uint64_t roundedHeld(const std::vector<workloads::HeldTensor>& held)
{
    std::uint64_t total = 0;
    for (const auto& t : held)
        total += roundUp(t.bytes);
    return total;
}

const char* const kFamilies[] = { "llama", "mistral", "qwen2", "gemma", "gemma2", "phi3", "mixtral", "olmo" };

} // namespace

class TestDecoderWorkload : public QObject {
    Q_OBJECT
private slots:
    void matrix_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<WeightStorage>("storage");
        QTest::addColumn<KvCacheKind>("cache");
        QTest::addColumn<AttentionKind>("attention");
        for (const char* family : kFamilies)
            for (auto storage :
                { WeightStorage::BFloat16, WeightStorage::Int8, WeightStorage::Nf4, WeightStorage::Nf4DoubleQuant })
                for (auto cache : { KvCacheKind::Dynamic, KvCacheKind::Static, KvCacheKind::Paged })
                    for (auto attention : { AttentionKind::Eager, AttentionKind::Sdpa })
                        QTest::addRow("%s %s %s %s", family, protocol::weightStorageName(storage),
                            protocol::kvCacheName(cache), protocol::attentionName(attention))
                            << QString::fromLatin1(family) << storage << cache << attention;
    }

    // Every phase of the plan runs; model_load holds exactly DECODER.md's tensors; the caches have DECODER.md's
    // sizes after the prefill, after the last decode step, and again after each warm prefill.
    void matrix()
    {
        QFETCH(QString, family);
        QFETCH(WeightStorage, storage);
        QFETCH(KvCacheKind, cache);
        QFETCH(AttentionKind, attention);
        const auto config = decoderConfig(tinyShape(family.toStdString()), storage, cache, attention, 10);
        const auto& shape = config.decoder->shape;
        SimDevice dev;
        auto workload = workloads::makeWorkload(*dev.context, *dev.allocator, config);
        const auto plan = workload->plan();
        QCOMPARE(plan.front().name, std::string("model_load"));

        std::uint64_t afterPrefill = 0;
        std::uint64_t decoded = 0;
        int decodeRecords = 0;
        int warmPrefills = 0;
        for (const auto& phase : plan) {
            dev.allocator->resetPeakStats();
            const device::Status status = workload->runPhase(phase);
            QVERIFY2(status.ok, (phase.name + ": " + status.message).c_str());
            const auto held = workload->heldTensors();
            // Whatever is held is what the allocator counts, each request rounded to its block.
            QCOMPARE(dev.allocated(), roundedHeld(held));
            switch (phase.kind) {
            case protocol::PhaseKind::ModelLoad: {
                const auto expected = expectedWeights(config);
                QCOMPARE(held.size(), expected.size());
                std::uint64_t total = 0;
                for (std::size_t i = 0; i < expected.size(); ++i) {
                    QCOMPARE(held[i].name, expected[i].first);
                    QCOMPARE(held[i].bytes, expected[i].second);
                    QCOMPARE(held[i].role, std::string("weights"));
                    total += roundUp(expected[i].second);
                }
                QCOMPARE(dev.allocated(), total);
                break;
            }
            case protocol::PhaseKind::Inputs:
                QCOMPARE(held.back().name, cache == KvCacheKind::Paged
                        ? "kv." + std::to_string(shape.layers - 1) + ".value_table"
                        : std::string("input_ids"));
                QCOMPARE(heldBytes(held, "input_ids"), 4 * kSequences * kPromptTokens);
                break;
            case protocol::PhaseKind::Prefill:
            case protocol::PhaseKind::Decode:
            case protocol::PhaseKind::Warmup:
            case protocol::PhaseKind::WarmPrefill: {
                if (phase.kind == protocol::PhaseKind::Decode) {
                    decoded += phase.iterations;
                    ++decodeRecords;
                } else {
                    decoded = 0;
                }
                const std::uint64_t reached = kPromptTokens + decoded;
                for (std::size_t l = 0; l < shape.layers; ++l)
                    QCOMPARE(heldBytes(held, "kv." + std::to_string(l) + "."), expectedCacheBytes(config, l, reached));
                // Between phases the only activation is next_ids.
                int activations = 0;
                for (const auto& t : held)
                    if (t.role == "activations") {
                        ++activations;
                        QCOMPARE(t.name, std::string("next_ids"));
                        QCOMPARE(t.bytes, 4 * kSequences);
                    }
                QCOMPARE(activations, 1);
                if (phase.kind == protocol::PhaseKind::Prefill)
                    afterPrefill = dev.allocated();
                if (phase.kind == protocol::PhaseKind::WarmPrefill || phase.kind == protocol::PhaseKind::Warmup) {
                    ++warmPrefills;
                    // The last generation's cache was released and the prefill's remade: the same bytes again.
                    QCOMPARE(dev.allocated(), afterPrefill);
                }
                // A prefill's (and a decode step's) transients are gone, but they were there: the peak is above.
                QVERIFY(dev.peak() > dev.allocated());
                break;
            }
            default:
                QFAIL(("unexpected phase " + phase.name).c_str());
            }
        }
        QCOMPARE(decoded, std::uint64_t(0));
        QCOMPARE(decodeRecords, 3); // 24 steps in chunks of 10
        QCOMPARE(warmPrefills, 3); // warmup + 2 repeats
        workload.reset();
        QCOMPARE(dev.allocated(), std::uint64_t(0));
    }

    // The tensors held by name: caches are kv.*, dynamic caches are freed and remade by a warm prefill.
    void cacheNames_data()
    {
        QTest::addColumn<KvCacheKind>("cache");
        QTest::addRow("dynamic") << KvCacheKind::Dynamic;
        QTest::addRow("static") << KvCacheKind::Static;
        QTest::addRow("paged") << KvCacheKind::Paged;
    }
    void cacheNames()
    {
        QFETCH(KvCacheKind, cache);
        const auto config = decoderConfig(tinyShape("mistral"), WeightStorage::BFloat16, cache, AttentionKind::Sdpa);
        SimDevice dev;
        workloads::DecoderWorkload workload(*dev.context, *dev.allocator, config);
        const auto plan = workload.plan();
        std::set<std::string> prefillNames;
        for (const auto& phase : plan) {
            QVERIFY(workload.runPhase(phase).ok);
            std::set<std::string> kv;
            for (const auto& t : workload.heldTensors())
                if (t.role == "kv_cache") {
                    QVERIFY2(t.name.rfind("kv.", 0) == 0, t.name.c_str());
                    kv.insert(t.name);
                }
            if (phase.kind == protocol::PhaseKind::Prefill) {
                prefillNames = kv;
                if (cache == KvCacheKind::Paged) {
                    // Ring of min(ceil(64 / 16), ceil(24 / 16) + 1) = 3 blocks, all touched by 40 positions.
                    QVERIFY(kv.count("kv.0.key_table") && kv.count("kv.1.value_table"));
                    QVERIFY(kv.count("kv.1.value_block.1.2"));
                    QCOMPARE(kv.size(), std::size_t(2 * (2 + 2 * 2 * 3)));
                } else {
                    QCOMPARE(kv, (std::set<std::string> { "kv.0.key", "kv.0.value", "kv.1.key", "kv.1.value" }));
                }
            }
            if (phase.kind == protocol::PhaseKind::WarmPrefill)
                QCOMPARE(kv, prefillNames);
        }
    }

    // A dynamic cache grows by one row per decode step until it holds its window: gemma2's layer 0 (window 48)
    // grows from 40 to 48 rows, then wraps; layer 1 (full attention) grows to C = 64.
    void dynamicGrowth()
    {
        const auto config = decoderConfig(
            tinyShape("gemma2"), WeightStorage::BFloat16, KvCacheKind::Dynamic, AttentionKind::Sdpa, 1);
        SimDevice dev;
        workloads::DecoderWorkload workload(*dev.context, *dev.allocator, config);
        const std::uint64_t row = 2 * kSequences * 2 * 16 * 2; // key + value of one position: B x Hk x D x 2 bytes
        for (const auto& phase : workload.plan()) {
            QVERIFY(workload.runPhase(phase).ok);
            if (phase.kind != protocol::PhaseKind::Decode)
                continue;
            const std::uint64_t reached = kPromptTokens + workload.decodedSteps();
            const auto held = workload.heldTensors();
            QCOMPARE(heldBytes(held, "kv.0."), std::min<std::uint64_t>(reached, 48) * row);
            QCOMPARE(heldBytes(held, "kv.1."), reached * row);
        }
        QCOMPARE(workload.decodedSteps(), std::uint64_t(0)); // the warm prefills started over
    }

    // Out of memory: the failing phase says so (outOfMemory, from the status, not from words), what was
    // allocated stays held and is listed, and the workload frees it all when destroyed.
    void outOfMemory_data()
    {
        QTest::addColumn<quint64>("capacity");
        QTest::addColumn<int>("failingPhase");
        QTest::addColumn<AttentionKind>("attention");
        // 1 MiB: not even the first 2 MiB segment of the small pool.
        QTest::addRow("model_load") << quint64(units::kMiB) << 0 << AttentionKind::Sdpa;
        // 6 MiB: the model (< 2 MiB) fits, the eager prefill's score matrix (8 MiB) does not.
        QTest::addRow("eager prefill") << quint64(6 * units::kMiB) << 2 << AttentionKind::Eager;
    }
    void outOfMemory()
    {
        QFETCH(quint64, capacity);
        QFETCH(int, failingPhase);
        QFETCH(AttentionKind, attention);
        auto config = decoderConfig(tinyShape("llama"), WeightStorage::Int8, KvCacheKind::Dynamic, attention);
        config.decoder->promptTokens = 512;
        config.decoder->sequences = 4;
        SimDevice dev(capacity);
        {
            auto workload = workloads::makeWorkload(*dev.context, *dev.allocator, config);
            const auto plan = workload->plan();
            for (const auto& phase : plan) {
                const device::Status status = workload->runPhase(phase);
                if (phase.index < failingPhase) {
                    QVERIFY2(status.ok, status.message.c_str());
                    continue;
                }
                QCOMPARE(phase.index, failingPhase);
                QVERIFY(!status.ok);
                QVERIFY(status.outOfMemory);
                QVERIFY(!status.message.empty());
                const auto held = workload->heldTensors();
                QCOMPARE(dev.allocated(), roundedHeld(held));
                if (failingPhase > 0) {
                    bool activations = false;
                    for (const auto& t : held)
                        activations = activations || t.role == "activations";
                    QVERIFY(activations); // the prefill's tensors up to the failure
                }
                break;
            }
        }
        QCOMPARE(dev.allocated(), std::uint64_t(0));
    }

    // What the constructor refuses, in one line each.
    void badConfig_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addRow("no decoder") << "no decoder";
        QTest::addRow("three norms") << "three norms";
        QTest::addRow("kv heads") << "kv heads";
        QTest::addRow("top-k") << "top-k";
        QTest::addRow("32-bit quantized") << "32-bit quantized";
        QTest::addRow("rope theta") << "rope theta";
    }
    void badConfig()
    {
        QFETCH(QString, what);
        auto config = decoderConfig(tinyShape("llama"), WeightStorage::BFloat16, KvCacheKind::Dynamic,
            AttentionKind::Sdpa);
        if (what == "no decoder")
            config.decoder.reset();
        else if (what == "three norms")
            config.decoder->shape.normsPerLayer = 3;
        else if (what == "kv heads")
            config.decoder->shape.kvHeads = 3;
        else if (what == "top-k")
            config.decoder->shape = tinyShape("mixtral"), config.decoder->shape.expertsPerToken = 5;
        else if (what == "32-bit quantized")
            config.decoder->storage = WeightStorage::Nf4, config.dtype = device::DType::Float32;
        else if (what == "rope theta")
            config.decoder->ropeTheta = -1.0f;
        SimDevice dev;
        try {
            workloads::DecoderWorkload workload(*dev.context, *dev.allocator, config);
            QFAIL("no error");
        } catch (const units::InputError& e) {
            const std::string line = e.what();
            QVERIFY(!line.empty());
            QVERIFY2(line.find('\n') == std::string::npos, line.c_str());
        }
        QCOMPARE(dev.allocated(), std::uint64_t(0));
    }

    // The dense network through makeWorkload behaves as DenseWorkload itself: the same counters after every phase.
    void denseThroughMakeWorkload_data()
    {
        QTest::addColumn<protocol::Mode>("mode");
        QTest::addRow("inference") << protocol::Mode::Inference;
        QTest::addRow("training") << protocol::Mode::Training;
    }
    void denseThroughMakeWorkload()
    {
        QFETCH(protocol::Mode, mode);
        protocol::RunConfig config;
        config.mode = mode;
        config.batch = 2;
        config.context = 16;
        config.width = 64;
        config.warmup = 1;
        config.repeats = 2;
        SimDevice viaFactory;
        SimDevice direct;
        auto made = workloads::makeWorkload(*viaFactory.context, *viaFactory.allocator, config);
        QVERIFY(dynamic_cast<workloads::DenseWorkload*>(made.get()));
        workloads::DenseWorkload reference(*direct.context, *direct.allocator, config);
        const auto plan = made->plan();
        QCOMPARE(plan.size(), protocol::planPhases(config).size());
        for (const auto& phase : plan) {
            viaFactory.allocator->resetPeakStats();
            direct.allocator->resetPeakStats();
            QVERIFY(made->runPhase(phase).ok);
            QVERIFY(reference.runPhase(phase).ok);
            QCOMPARE(viaFactory.peak(), direct.peak());
            QCOMPARE(viaFactory.allocated(), direct.allocated());
            QCOMPARE(viaFactory.allocated(), roundedHeld(made->heldTensors()));
        }
    }

    // The training export on sim keeps an address-only host copy, as the device memory is: exporting 2.1 GB of
    // weights (width 8192) costs modelled time, not 2.1 GB of this machine's memory (it did, resident, before).
    void simExportHoldsNoHostMemory()
    {
        protocol::RunConfig config;
        config.mode = protocol::Mode::Training;
        config.batch = 1;
        config.context = 1;
        config.width = 8192;
        config.warmup = 0;
        config.repeats = 0;
        SimDevice dev(std::uint64_t(64) << 30);
        workloads::DenseWorkload workload(*dev.context, *dev.allocator, config);
        const auto residentBytes = [] {
            std::ifstream statm("/proc/self/statm");
            std::uint64_t size = 0, resident = 0;
            statm >> size >> resident;
            return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
        };
        const std::uint64_t w = config.width, h = 4 * config.width;
        const std::uint64_t weightBytes = 4 * (w * h + h + h * w + w);
        std::uint64_t before = 0;
        for (const auto& phase : workload.plan()) {
            if (phase.kind == protocol::PhaseKind::Export)
                before = residentBytes();
            const auto status = workload.runPhase(phase);
            QVERIFY2(status.ok, status.message.c_str());
        }
        const std::uint64_t grown = residentBytes() - std::min(before, residentBytes());
        QCOMPARE(workload.exportedBytes(), weightBytes);
        QVERIFY2(grown < weightBytes / 16,
            qPrintable(QStringLiteral("the export grew the resident memory by %1 bytes").arg(grown)));

        // The address-only copy is freed with the workload and a second export reuses nothing stale.
        device::Status st;
        void* copy = dev.context->hostAlloc(std::uint64_t(1) << 40, st);
        QVERIFY2(st.ok && copy != nullptr, st.message.c_str());
        QVERIFY(dev.context->copyToHost(copy, nullptr, std::uint64_t(1) << 40).ok);
        dev.context->hostFree(copy);
    }

    // The hot path: a Llama-2-7B shape, 4 x 4096 prompt tokens and 256 decode steps on the simulated device.
    void llama7bPace()
    {
        model::ModelShape m;
        m.family = "llama";
        m.layers = 32;
        m.hidden = 4096;
        m.intermediate = 11008;
        m.heads = 32;
        m.kvHeads = 32;
        m.headDim = 128;
        m.vocab = 32000;
        m.layerWindows.assign(m.layers, std::nullopt);
        for (auto cache : { KvCacheKind::Dynamic, KvCacheKind::Paged }) {
            auto config = decoderConfig(m, WeightStorage::BFloat16, cache, AttentionKind::Sdpa);
            config.decoder->promptTokens = 4096;
            config.decoder->sequences = 4;
            config.decoder->generated = 256;
            config.warmup = 0;
            config.repeats = 0;
            SimDevice dev;
            workloads::DecoderWorkload workload(*dev.context, *dev.allocator, config);
            const auto start = std::chrono::steady_clock::now();
            for (const auto& phase : workload.plan())
                QVERIFY(workload.runPhase(phase).ok);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            qInfo("Llama-2-7B shape, %s cache, 4 x 4096 + 256 tokens: %.3f s of CPU wall time, peak %.2f GiB",
                protocol::kvCacheName(cache), seconds, static_cast<double>(dev.peak()) / units::kGiB);
            QCOMPARE(workload.decodedSteps(), std::uint64_t(256));
            QVERIFY2(seconds < 2.0, "the decoder's hot path is too slow");
        }
    }
};

QTEST_GUILESS_MAIN(TestDecoderWorkload)
#include "tst_decoderworkload.moc"
