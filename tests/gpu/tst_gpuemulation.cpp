// SPDX-License-Identifier: Apache-2.0
// The shared kernels and device context of the GPU modules (gpu/common), compiled for a CPU emulation of the
// runtime (tests/gpu/hostruntime.h) and run through the same checks as tst_gpukernels: the kernels' index
// arithmetic, the GEMM's four transpositions, the dtype conversions, the context's error handling and pool
// bookkeeping are tested on every machine, GPU or not. What the emulation cannot show (cuBLAS, the real
// runtimes' behaviour) is left to tst_gpukernels on a device.
// clang-format off
#include "gpu/hostruntime.h" // first: it selects the emulated runtime
// clang-format on
#include "core/alloc/cachingallocator.h"
#include "core/alloc/devicerawmemory.h"
#include "core/model/configreader.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/workload.h"
#include "gpu/common/gpubackend.h"
#include "gpu/common/gpucontext.h"
#include "gpu/trainingchecks.h"

#include <QTest>
#include <algorithm>
#include <functional>
#include <memory>
#include <set>
#include <string>

using namespace iteragpu;
using namespace iteragpu::gpucheck;

// A dense layer, then experts with a shared one (DECODER.md "MLA layers"); V3 with q_lora_rank and values wider
// than the keys, V2 with q_proj and values narrower.
iteragpu::model::ModelShape mlaShape(bool v3, const std::string& source)
{
    return iteragpu::model::ConfigReader::parse(std::string(R"({"model_type": ")") + (v3 ? "deepseek_v3" : "deepseek_v2")
            + R"(", "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
            "intermediate_size": 48, "vocab_size": 64, "kv_lora_rank": 16, "qk_nope_head_dim": 8,
            "qk_rope_head_dim": 4, "n_routed_experts": 4, "num_experts_per_tok": 2,
            "moe_intermediate_size": 12, "n_shared_experts": 1, "first_k_dense_replace": 1, )"
            + (v3 ? R"("q_lora_rank": 24, "v_head_dim": 16})" : R"("v_head_dim": 6})"),
        source);
}

namespace {

class EmuContext : public gpu::GpuContext {
public:
    using GpuContext::GpuContext;
    device::Status gemm(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, device::DType dtype, bool accumulate) override
    {
        device::Status status;
        if (!validGemm(m, n, k, status) || !selected(status))
            return status;
        return launched(
            gpu::kernels::gemmPortable(stream(), transA, transB, m, n, k, a, b, c, dtype, accumulate), "portable gemm");
    }
};

class EmuBackend : public gpu::GpuBackend {
protected:
    std::string archName(const gpu::DeviceProp&) const override { return "host-emulation"; }
    std::unique_ptr<gpu::GpuContext> makeContext(device::DeviceInfo info) override
    {
        return std::make_unique<EmuContext>(std::move(info));
    }
};

// Decoder kernel calls with bad arguments: each must come back as an error naming the kernel and the reason,
// before anything is launched (the pointers are host addresses that no kernel may touch).
struct RefusedCall {
    const char* name;
    const char* expected; // part of the message
    std::function<device::Status(device::DeviceContext&, void*)> call;
};

device::AttentionShape smallShape()
{
    device::AttentionShape s;
    s.batch = 1;
    s.queries = 2;
    s.heads = 4;
    s.kvHeads = 2;
    s.headDim = 8;
    s.keys = 4;
    s.scale = 0.5f;
    return s;
}

device::KvLayout smallLayout()
{
    device::KvLayout l;
    l.heads = 2;
    l.headDim = 8;
    l.capacity = 4;
    return l;
}

const std::vector<RefusedCall>& refusedCalls()
{
    using device::DType;
    static const std::vector<RefusedCall> calls = {
        { "fillTokens vocab 0", "fillTokens: vocab must be in [1, 2147483647], got 0",
            [](auto& c, void* p) { return c.fillTokens(p, 4, 0, 1); } },
        { "embedding, negative tokens", "embedding: invalid shape of out: -1 x 8",
            [](auto& c, void* p) { return c.embedding(p, p, p, -1, 8, 10, 1.0f, DType::Float16); } },
        { "embedding, null table", "embedding: table is null",
            [](auto& c, void* p) { return c.embedding(p, nullptr, p, 2, 8, 10, 1.0f, DType::Float16); } },
        { "rmsNorm, negative eps", "rmsNorm: eps must be a finite non-negative number",
            [](auto& c, void* p) { return c.rmsNorm(p, p, p, 2, 8, -1.0f, 0.0f, DType::Float32); } },
        { "rope, odd head dimension", "rope: headDim must be even, got 7",
            [](auto& c, void* p) { return c.rope(p, 1, 2, 2, 7, 0, 10000.0f, DType::BFloat16); } },
        { "rope, theta 0", "rope: theta must be a finite positive number",
            [](auto& c, void* p) { return c.rope(p, 1, 2, 2, 8, 0, 0.0f, DType::BFloat16); } },
        { "rope, negative position", "rope: positionStart -3",
            [](auto& c, void* p) { return c.rope(p, 1, 2, 2, 8, -3, 10000.0f, DType::BFloat16); } },
        { "gatedActivation, unknown activation", "gatedActivation: unknown activation 9",
            [](auto& c, void* p) {
                return c.gatedActivation(p, p, p, 4, static_cast<device::Activation>(9), DType::Float32);
            } },
        { "sliceTokens, index past the end", "sliceTokens: index must be in [0, 4], got 5",
            [](auto& c, void* p) { return c.sliceTokens(p, p, 2, 5, 8, 5, DType::Float32); } },
        { "copyKv, more positions than the ring holds", "copyKv: dstLayout holds 4 positions per sequence",
            [](auto& c, void* p) {
                auto big = smallLayout();
                big.capacity = 16;
                return c.copyKv(p, smallLayout(), p, big, 1, 0, 5, DType::Float16);
            } },
        { "copyKv, rows of different shapes", "copyKv: rows of 2 x 16 copied into rows of 2 x 8",
            [](auto& c, void* p) {
                auto wide = smallLayout();
                wide.headDim = 16;
                return c.copyKv(p, smallLayout(), p, wide, 1, 0, 2, DType::Float16);
            } },
        { "copyKv, paged with block size 0", "copyKv: dstLayout.blockSize must be 1 or more, got 0",
            [](auto& c, void* p) {
                auto paged = smallLayout();
                paged.blockTable = p;
                paged.tableWidth = 2;
                return c.copyKv(nullptr, paged, p, smallLayout(), 1, 0, 2, DType::Float16);
            } },
        { "copyKv, paged without its table", "copyKv: dstLayout's block table is null",
            [](auto& c, void* p) {
                auto paged = smallLayout();
                paged.blockTable = p; // the marker alone: the table is the pointer beside the layout
                paged.tableWidth = 2;
                paged.blockSize = 4;
                return c.copyKv(nullptr, paged, p, smallLayout(), 1, 0, 2, DType::Float16);
            } },
        { "attention, kvHeads not dividing heads", "attention: kvHeads 3 does not divide heads 4",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.kvHeads = 3;
                auto l = smallLayout();
                l.heads = 3;
                return c.attention(p, p, p, p, l, s, DType::Float32);
            } },
        { "attention, layout of other heads",
            "attention: the layout's rows are 2 x 8, the shape's kvHeads x "
            "headDim 1 x 8",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.kvHeads = 1;
                return c.attention(p, p, p, p, smallLayout(), s, DType::Float32);
            } },
        { "attention, more keys than the cache", "attention: layout holds 4 positions per sequence, fewer than the 9",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.keys = 9;
                return c.attention(p, p, p, p, smallLayout(), s, DType::Float32);
            } },
        { "attention, head dim above the fused kernel's", "attention: headDim 512 is more than the fused kernel's 256",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.headDim = 512;
                auto l = smallLayout();
                l.headDim = 512;
                return c.attention(p, p, p, p, l, s, DType::Float32);
            } },
        { "attention, value dim above the fused kernel's", "attention: valueDim 300 is more than the fused kernel's 256",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.valueHeadDim = 300;
                return c.attention(p, p, p, p, smallLayout(), s, DType::Float32);
            } },
        { "attentionValues, the keys' layout for wider values",
            "attentionValues: the layout's rows are 2 x 8, the shape's kvHeads x valueDim 2 x 16",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.valueHeadDim = 16;
                return c.attentionValues(p, p, p, smallLayout(), s, DType::Float32);
            } },
        { "attentionForward, values of another width", "attentionForward: a training attention's values are as wide",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.valueHeadDim = 6;
                return c.attentionForward(p, p, p, p, p, s, DType::Float32);
            } },
        { "copyRows, a stride below the columns", "copyRows: dstStride must be 4 or more, got 3",
            [](auto& c, void* p) { return c.copyRows(p, 3, p, 8, 2, 4, 1, DType::Float32); } },
        { "copyRows, a repeat of 0", "copyRows: srcRepeat must be 1 or more, got 0",
            [](auto& c, void* p) { return c.copyRows(p, 4, p, 4, 2, 4, 0, DType::Float32); } },
        { "attentionScores, negative window", "attentionScores: window must be 0 or more, got -1",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.window = -1;
                return c.attentionScores(p, p, p, smallLayout(), s, DType::Float32);
            } },
        { "attentionValues, contiguous cache without data", "attentionValues: layout is null",
            [](auto& c, void* p) {
                return c.attentionValues(p, p, nullptr, smallLayout(), smallShape(), DType::Float32);
            } },
        { "softmaxRows, overflowing shape", "softmaxRows: invalid shape of in",
            [](auto& c, void* p) { return c.softmaxRows(p, p, 1LL << 40, 1LL << 40, DType::Float32); } },
        { "convert, unknown dtype", "convert: inType is not a dtype (7)",
            [](auto& c, void* p) { return c.convert(p, DType::Float32, p, static_cast<DType>(7), 4); } },
        { "routerTopK, k above experts", "routerTopK: k must be in [1, 8], got 9",
            [](auto& c, void* p) { return c.routerTopK(p, p, p, 3, 8, 9, DType::BFloat16); } },
        { "addRoutedRows, negative expert", "addRoutedRows: expert must be in [0, 2147483647], got -1",
            [](auto& c, void* p) { return c.addRoutedRows(p, p, p, p, p, 3, 8, 2, -1, DType::BFloat16); } },
        { "countRoutedTokens, no experts", "countRoutedTokens: experts must be in [1, 2147483647], got 0",
            [](auto& c, void* p) { return c.countRoutedTokens(p, static_cast<std::int32_t*>(p), p, 3, 2, 0); } },
        { "countRoutedTokens, null host counts", "countRoutedTokens: hostCounts is null",
            [](auto& c, void* p) { return c.countRoutedTokens(p, nullptr, p, 3, 2, 8); } },
        { "routedTokens, more rows than tokens", "routedTokens: rows must be in [0, 3], got 4",
            [](auto& c, void* p) { return c.routedTokens(p, p, 3, 2, 1, 4); } },
        { "gatherRows, null row index", "gatherRows: rowIdx is null",
            [](auto& c, void* p) { return c.gatherRows(p, p, nullptr, 3, 8, DType::Float16); } },
        { "dequantizeInt8, null scales", "dequantizeInt8: scales is null",
            [](auto& c, void* p) { return c.dequantizeInt8(p, p, nullptr, 3, 8, DType::Float16); } },
        { "dequantizeNf4, double quant without its map", "dequantizeNf4: nestedMap is null",
            [](auto& c, void* p) {
                device::Nf4Tensor t;
                t.packed = t.absmax = t.quantMap = t.nestedScale = t.offset = p;
                t.doubleQuant = true;
                t.count = 128;
                return c.dequantizeNf4(p, t, DType::Float16);
            } },
        { "dequantizeNf4, block size 0", "dequantizeNf4: blockSize is 0",
            [](auto& c, void* p) {
                device::Nf4Tensor t;
                t.packed = t.absmax = t.quantMap = p;
                t.count = 128;
                t.blockSize = 0;
                return c.dequantizeNf4(p, t, DType::Float16);
            } },
        { "dequantizeFp8, a block without columns",
            "dequantizeFp8: blockRows 128 and blockColumns 0: both 0 (one scale) or both positive",
            [](auto& c, void* p) {
                device::Fp8Tensor t;
                t.codes = t.scaleInv = p;
                t.rows = t.cols = 4;
                t.blockRows = 128;
                return c.dequantizeFp8(p, t, DType::BFloat16);
            } },
        { "dequantizeInt4, GPTQ without g_idx", "dequantizeInt4: gIdx is null",
            [](auto& c, void* p) {
                device::Int4Tensor t;
                t.qweight = t.qzeros = t.scales = p;
                t.out = t.in = 8;
                return c.dequantizeInt4(p, t, DType::Float16);
            } },
        { "dequantizeInt4, group 0", "dequantizeInt4: groupSize must be 1 or more, got 0",
            [](auto& c, void* p) {
                device::Int4Tensor t;
                t.qweight = t.qzeros = t.scales = p;
                t.awq = true;
                t.out = t.in = 8;
                t.groupSize = 0;
                return c.dequantizeInt4(p, t, DType::Float16);
            } },
        { "dequantizeMxfp4, null scales", "dequantizeMxfp4: scales is null",
            [](auto& c, void* p) {
                device::Mxfp4Tensor t;
                t.blocks = p;
                t.rows = t.cols = 32;
                return c.dequantizeMxfp4(p, t, DType::BFloat16);
            } },
        { "argmaxRows, no columns", "argmaxRows: cols must be in [1, 2147483647], got 0",
            [](auto& c, void* p) { return c.argmaxRows(p, p, 3, 0, DType::Float32); } },
        { "copyToDevice, null source", "copyToDevice: hostSrc is null",
            [](auto& c, void* p) { return c.copyToDevice(p, nullptr, 8); } },
        // The state layers' kernels (ABI 5).
        { "causalConv1d, stride below the channels",
            "causalConv1d: inStride 3 is below the 4 columns read from each row",
            [](auto& c, void* p) { return c.causalConv1d(p, p, 3, p, p, nullptr, 1, 2, 4, 4, DType::Float32); } },
        { "ssmScan, groups not dividing heads", "ssmScan: groups 3 does not divide heads 4",
            [](auto& c, void* p) {
                device::SsmShape s;
                s.batch = s.seq = 1;
                s.heads = 4;
                s.headDim = 2;
                s.groups = 3;
                s.stateSize = 2;
                s.xStride = 8;
                s.dtStride = 4;
                s.bcStride = 6;
                return c.ssmScan(p, p, p, p, p, p, p, p, p, s, DType::Float32);
            } },
        { "selectiveScan, gate stride below the channels",
            "selectiveScan: zStride 3 is below the 4 columns read from each row",
            [](auto& c, void* p) {
                device::SelectiveScanShape s;
                s.batch = s.seq = 1;
                s.channels = 4;
                s.stateSize = 2;
                s.xStride = s.dtStride = 4;
                s.zStride = 3;
                s.bcStride = 2;
                return c.selectiveScan(p, p, p, p, p, p, p, p, p, p, s, DType::Float32);
            } },
        { "gatedRmsNorm, group not dividing the columns", "gatedRmsNorm: groupSize 3 does not divide cols 8",
            [](auto& c, void* p) { return c.gatedRmsNorm(p, p, p, 8, p, 2, 8, 3, 1e-5f, false, DType::Float32); } },
        { "copyColumns, stride below the columns", "copyColumns: inStride 2 is below the 3 columns read from each row",
            [](auto& c, void* p) { return c.copyColumns(p, p, 4, 3, 2, DType::Float32); } },
        { "gatedDeltaRule, key heads not dividing value heads",
            "gatedDeltaRule: keyHeads 3 does not divide valueHeads 4",
            [](auto& c, void* p) {
                device::DeltaShape s;
                s.batch = s.seq = 1;
                s.keyHeads = 3;
                s.keyDim = 2;
                s.valueHeads = 4;
                s.valueDim = 2;
                s.qkvStride = 20;
                s.abStride = 8;
                return c.gatedDeltaRule(p, p, p, p, p, p, p, p, p, s, DType::Float32);
            } },
        // The training kernels (ABI 4).
        { "attentionForward, head dim above the fused kernel's",
            "attentionForward: headDim 512 is more than the fused kernel's 256",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.headDim = 512;
                return c.attentionForward(p, p, p, p, p, s, DType::BFloat16);
            } },
        { "attentionForward, null lse", "attentionForward: lseF32 is null",
            [](auto& c, void* p) { return c.attentionForward(p, nullptr, p, p, p, smallShape(), DType::BFloat16); } },
        { "attentionBackward, kvHeads not dividing heads", "attentionBackward: kvHeads 3 does not divide heads 4",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.kvHeads = 3;
                return c.attentionBackward(p, p, p, p, p, p, p, p, p, p, s, DType::Float16);
            } },
        { "attentionBackward, null delta", "attentionBackward: deltaF32 is null",
            [](auto& c, void* p) {
                return c.attentionBackward(p, p, p, nullptr, p, p, p, p, p, p, smallShape(), DType::Float16);
            } },
        { "attentionBackward, keys past 2^62", "attentionBackward: keyStart",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.keyStart = gpu::KernelArguments::kMaxPosition;
                return c.attentionBackward(p, p, p, p, p, p, p, p, p, p, s, DType::Float16);
            } },
        { "attentionEagerBackward, null dscores", "attentionEagerBackward: dscores is null",
            [](auto& c, void* p) {
                return c.attentionEagerBackward(p, p, p, nullptr, p, p, p, p, p, smallShape(), DType::Float32);
            } },
        { "attentionEagerBackward, infinite scale", "attentionEagerBackward: scale is not finite",
            [](auto& c, void* p) {
                auto s = smallShape();
                s.scale = INFINITY;
                return c.attentionEagerBackward(p, p, p, p, p, p, p, p, p, s, DType::Float32);
            } },
        { "ropeBackward, odd head dimension", "ropeBackward: headDim must be even, got 7",
            [](auto& c, void* p) { return c.ropeBackward(p, 1, 2, 2, 7, 0, 10000.0f, DType::BFloat16); } },
        { "rmsNormBackward, negative eps", "rmsNormBackward: eps must be a finite non-negative number",
            [](auto& c, void* p) { return c.rmsNormBackward(p, p, p, p, p, 2, 8, -1.0f, 0.0f, DType::Float32); } },
        { "rmsNormBackward, null dy", "rmsNormBackward: dy is null",
            [](auto& c, void* p) {
                return c.rmsNormBackward(p, p, nullptr, p, p, 2, 8, 1e-6f, 0.0f, DType::Float32);
            } },
        { "rmsNormBackward, infinite offset", "rmsNormBackward: weightOffset is not finite",
            [](auto& c, void* p) { return c.rmsNormBackward(p, p, p, p, p, 2, 8, 1e-6f, INFINITY, DType::Float32); } },
        { "gatedActivationBackward, unknown activation", "gatedActivationBackward: unknown activation 9",
            [](auto& c, void* p) {
                return c.gatedActivationBackward(p, p, p, p, p, 4, static_cast<device::Activation>(9), DType::Float32);
            } },
        { "logSoftmaxRows, overflowing shape", "logSoftmaxRows: invalid shape of inF32",
            [](auto& c, void* p) { return c.logSoftmaxRows(p, p, 1LL << 40, 1LL << 40); } },
        { "nllLoss, null loss", "nllLoss: lossF32 is null",
            [](auto& c, void* p) { return c.nllLoss(nullptr, p, p, 4, 8, 0.25f, false); } },
        { "nllLoss, NaN scale", "nllLoss: scale is not finite",
            [](auto& c, void* p) { return c.nllLoss(p, p, p, 4, 8, NAN, false); } },
        { "nllLossBackward, null labels", "nllLossBackward: labels is null",
            [](auto& c, void* p) { return c.nllLossBackward(p, nullptr, 4, 8, 0.25f); } },
        { "logSoftmaxBackward, null logprobs", "logSoftmaxBackward: logprobsF32 is null",
            [](auto& c, void* p) { return c.logSoftmaxBackward(p, p, nullptr, 4, 8); } },
        { "embeddingBackward, vocab 0", "embeddingBackward: vocab must be in [1, 2147483647], got 0",
            [](auto& c, void* p) { return c.embeddingBackward(p, p, p, 3, 8, 0, 1.0f, DType::BFloat16); } },
        { "sgdStep, unknown dtype", "sgdStep: dtype is not a dtype (4)",
            [](auto& c, void* p) { return c.sgdStep(p, p, 4, static_cast<DType>(4), 0.1f); } },
        { "adamStepStates, unknown state type", "adamStepStates: stateType is not a dtype (5)",
            [](auto& c, void* p) {
                return c.adamStepStates(
                    p, p, p, p, 4, DType::BFloat16, static_cast<DType>(5), 1, 1e-3f, 0.9f, 0.999f, 1e-8f, 0.0f);
            } },
        { "adamStepStates, step 0", "adamStepStates: step must be 1 or more, got 0",
            [](auto& c, void* p) {
                return c.adamStepStates(
                    p, p, p, p, 4, DType::BFloat16, DType::BFloat16, 0, 1e-3f, 0.9f, 0.999f, 1e-8f, 0.0f);
            } },
        { "adam8bitStep, null absmax2", "adam8bitStep: absmax2 is null",
            [](auto& c, void* p) {
                return c.adam8bitStep(p, p, p, p, p, nullptr, 4, DType::Float16, 1, 1e-3f, 0.9f, 0.999f, 1e-8f, 0.0f);
            } },
    };
    return calls;
}

// Checks left to a real device: too many blocks to emulate quickly (the 256 MiB reading, the large GEMMs).
const std::set<std::string> kDeviceOnly
    = { "reading", "gemm TN large float32", "gemm TN large float16", "gemm TN large bfloat16" };

} // namespace

class TestGpuEmulation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        device::Status status;
        m_context = m_backend.open(0, status);
        QVERIFY2(m_context, status.message.c_str());
        QVERIFY(m_context->supportsAsyncPool());
    }

    void cleanupTestCase() { m_context.reset(); }

    void checks_data()
    {
        QTest::addColumn<int>("check");
        const auto checks = allKernelChecks();
        for (std::size_t i = 0; i < checks.size(); ++i)
            if (!kDeviceOnly.count(checks[i].name))
                QTest::addRow("%s", checks[i].name.c_str()) << int(i);
    }

    void checks()
    {
        QFETCH(int, check);
        const CheckResult result = allKernelChecks()[static_cast<std::size_t>(check)].run(*m_context);
        QVERIFY2(result.outcome == Outcome::Pass, result.message.c_str());
        const device::Status status = m_context->synchronize();
        QVERIFY2(status.ok, status.message.c_str());
    }

    // The emulated __float2half (what the devices do) against the host reference of the test helpers.
    void halfRoundTrip_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("bits");
        QTest::addRow("1") << 1.0f << 0x3c00;
        QTest::addRow("1/3 rounds to nearest") << (1.0f / 3.0f) << 0x3555;
        QTest::addRow("tie to even down") << 1.00048828125f << 0x3c00; // 1 + 2^-11
        QTest::addRow("tie to even up") << 1.00146484375f << 0x3c02; // 1 + 3·2^-11
        QTest::addRow("65519 stays finite") << 65519.0f << 0x7bff;
        QTest::addRow("65520 overflows") << 65520.0f << 0x7c00;
        QTest::addRow("smallest subnormal") << 5.9604644775390625e-8f << 0x0001;
        QTest::addRow("-2") << -2.0f << 0xc000;
    }

    void halfRoundTrip()
    {
        QFETCH(float, value);
        QFETCH(int, bits);
        QCOMPARE(int(__float2half(value).bits), bits);
        if (bits != 0x7c00)
            QCOMPARE(gpucheck::halfToFloat(static_cast<std::uint16_t>(bits)), __half2float(__float2half(value)));
    }

    // Errors become a Status with the runtime's text, never a crash.
    void errorsAreStatuses_data()
    {
        QTest::addColumn<QString>("call");
        QTest::addRow("alloc beyond capacity") << QStringLiteral("alloc");
        QTest::addRow("pool alloc beyond capacity") << QStringLiteral("pool");
        QTest::addRow("negative gemm dimension") << QStringLiteral("gemm");
        QTest::addRow("negative matrix shape") << QStringLiteral("bias");
        QTest::addRow("adam step 0") << QStringLiteral("adam");
        QTest::addRow("free of a foreign pointer, reported at synchronize") << QStringLiteral("free");
        QTest::addRow("open a missing device") << QStringLiteral("open");
    }

    void errorsAreStatuses()
    {
        QFETCH(QString, call);
        device::Status status;
        int local = 0;
        if (call == QLatin1String("alloc")) {
            QVERIFY(!m_context->rawAlloc(2ULL << 30, status));
            QVERIFY(status.outOfMemory);
        } else if (call == QLatin1String("pool")) {
            QVERIFY(!m_context->poolAlloc(2ULL << 30, status));
            QVERIFY(status.outOfMemory);
            QVERIFY2(
                status.message.find("EMU: out of memory (emuMallocAsync of 2147483648 bytes)") != std::string::npos,
                status.message.c_str());
        } else if (call == QLatin1String("gemm")) {
            status = m_context->gemm(false, false, -1, 2, 2, nullptr, nullptr, nullptr, device::DType::Float32, false);
        } else if (call == QLatin1String("bias")) {
            status = m_context->addBias(nullptr, nullptr, 3, -4, device::DType::Float16);
        } else if (call == QLatin1String("adam")) {
            status = m_context->adamStep(
                nullptr, nullptr, nullptr, nullptr, 1, device::DType::Float32, 0, 1e-3f, 0.9f, 0.999f, 1e-8f, 0.0f);
        } else if (call == QLatin1String("free")) {
            m_context->rawFree(&local);
            status = m_context->synchronize();
            QVERIFY2(status.message.find("EMU: invalid argument") != std::string::npos, status.message.c_str());
            QVERIFY2(m_context->synchronize().ok, "a kept error is reported once");
        } else {
            QVERIFY(!m_backend.open(3, status));
        }
        QVERIFY(!status.ok);
        QVERIFY(!status.message.empty());
    }

    void decoderArgumentsAreRefused_data()
    {
        QTest::addColumn<int>("call");
        const auto& calls = refusedCalls();
        for (std::size_t i = 0; i < calls.size(); ++i)
            QTest::addRow("%s", calls[i].name) << int(i);
    }

    void decoderArgumentsAreRefused()
    {
        QFETCH(int, call);
        const RefusedCall& c = refusedCalls()[static_cast<std::size_t>(call)];
        alignas(16) unsigned char host[64] = {}; // stands for a buffer; nothing may be launched on it
        const device::Status status = c.call(*m_context, host);
        QVERIFY(!status.ok);
        QVERIFY(!status.outOfMemory);
        QVERIFY2(status.message.find(c.expected) != std::string::npos, status.message.c_str());
        QVERIFY(std::all_of(std::begin(host), std::end(host), [](unsigned char b) { return b == 0; }));
        const device::Status after = m_context->synchronize();
        QVERIFY2(after.ok, after.message.c_str());
    }

    // Zero-sized calls are no-ops that succeed, with null pointers too.
    void decoderEmptyCallsSucceed()
    {
        using device::DType;
        auto& c = *m_context;
        device::AttentionShape s = smallShape();
        s.batch = 0;
        QVERIFY(c.fillTokens(nullptr, 0, 5, 1).ok);
        QVERIFY(c.embedding(nullptr, nullptr, nullptr, 0, 8, 10, 1.0f, DType::Float32).ok);
        QVERIFY(c.rmsNorm(nullptr, nullptr, nullptr, 0, 8, 1e-6f, 0.0f, DType::Float32).ok);
        QVERIFY(c.rope(nullptr, 0, 4, 2, 8, 0, 1e4f, DType::Float32).ok);
        QVERIFY(c.copyRows(nullptr, 4, nullptr, 4, 0, 4, 1, DType::Float32).ok);
        QVERIFY(c.add(nullptr, nullptr, 0, DType::Float32).ok);
        QVERIFY(c.attention(nullptr, nullptr, nullptr, nullptr, smallLayout(), s, DType::Float32).ok);
        QVERIFY(c.attentionScores(nullptr, nullptr, nullptr, smallLayout(), s, DType::Float32).ok);
        QVERIFY(c.attentionValues(nullptr, nullptr, nullptr, smallLayout(), s, DType::Float32).ok);
        QVERIFY(c.copyKv(nullptr, smallLayout(), nullptr, smallLayout(), 0, 0, 3, DType::Float32).ok);
        QVERIFY(c.routerTopK(nullptr, nullptr, nullptr, 0, 8, 2, DType::Float32).ok);
        QVERIFY(c.routedTokens(nullptr, nullptr, 0, 2, 1, 0).ok);
        QVERIFY(c.gatherRows(nullptr, nullptr, nullptr, 0, 8, DType::Float32).ok);
        QVERIFY(c.addRoutedRows(nullptr, nullptr, nullptr, nullptr, nullptr, 0, 8, 2, 1, DType::Float32).ok);
        QVERIFY(c.argmaxRows(nullptr, nullptr, 0, 0, DType::Float32).ok);
        QVERIFY(c.causalConv1d(nullptr, nullptr, 4, nullptr, nullptr, nullptr, 0, 3, 4, 4, DType::Float32).ok);
        QVERIFY(c.gatedRmsNorm(nullptr, nullptr, nullptr, 8, nullptr, 0, 8, 4, 1e-5f, true, DType::Float32).ok);
        QVERIFY(c.copyColumns(nullptr, nullptr, 0, 3, 5, DType::Float32).ok);
        QVERIFY(c.sigmoidGate(nullptr, nullptr, nullptr, 0, DType::Float32).ok);
        device::Nf4Tensor t;
        QVERIFY(c.dequantizeNf4(nullptr, t, DType::Float16).ok);
        QVERIFY(c.dequantizeFp8(nullptr, device::Fp8Tensor {}, DType::Float16).ok);
        QVERIFY(c.dequantizeInt4(nullptr, device::Int4Tensor {}, DType::Float16).ok);
        QVERIFY(c.dequantizeMxfp4(nullptr, device::Mxfp4Tensor {}, DType::Float16).ok);
        // The training kernels.
        QVERIFY(c.attentionForward(nullptr, nullptr, nullptr, nullptr, nullptr, s, DType::Float32).ok);
        QVERIFY(c.attentionBackward(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                     nullptr, s, DType::Float32)
                    .ok);
        QVERIFY(c.attentionEagerBackward(
                     nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, s, DType::Float32)
                    .ok);
        QVERIFY(c.ropeBackward(nullptr, 0, 4, 2, 8, 0, 1e4f, DType::Float32).ok);
        QVERIFY(c.rmsNormBackward(nullptr, nullptr, nullptr, nullptr, nullptr, 0, 8, 1e-6f, 0.0f, DType::Float32).ok);
        QVERIFY(c.gatedActivationBackward(
                     nullptr, nullptr, nullptr, nullptr, nullptr, 0, device::Activation::Silu, DType::Float32)
                    .ok);
        QVERIFY(c.logSoftmaxRows(nullptr, nullptr, 0, 8).ok);
        QVERIFY(c.nllLossBackward(nullptr, nullptr, 0, 8, 1.0f).ok);
        QVERIFY(c.logSoftmaxBackward(nullptr, nullptr, nullptr, 0, 8).ok);
        QVERIFY(c.embeddingBackward(nullptr, nullptr, nullptr, 0, 8, 10, 1.0f, DType::Float32).ok);
        QVERIFY(c.sgdStep(nullptr, nullptr, 0, DType::Float32, 0.1f).ok);
        QVERIFY(c.adamStepStates(nullptr, nullptr, nullptr, nullptr, 0, DType::Float32, DType::BFloat16, 1, 1e-3f, 0.9f,
                     0.999f, 1e-8f, 0.0f)
                    .ok);
        QVERIFY(c.adam8bitStep(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, DType::Float32, 1, 1e-3f, 0.9f,
                     0.999f, 1e-8f, 0.0f)
                    .ok);
        QVERIFY(c.synchronize().ok);
    }

    // The decoder workload (core/workloads) run phase by phase on the emulated device: every call it makes passes
    // the context's argument checks and runs on the real kernels, for the families' peculiarities (a window that
    // the prompt overflows, GQA, MoE routing, Gemma's head dim and norm offset), each cache and attention, and
    // the quantized formats' dequantization. Small shapes: the emulation runs every thread of every block.
    void decoderWorkloadRuns_data()
    {
        using protocol::AttentionKind;
        using protocol::KvCacheKind;
        using protocol::WeightStorage;
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("storage");
        QTest::addColumn<int>("cache");
        QTest::addColumn<int>("attention");
        const auto row = [](const char* family, WeightStorage w, KvCacheKind c, AttentionKind a) {
            QTest::addRow("%s %s %s %s", family, protocol::weightStorageName(w), protocol::kvCacheName(c),
                protocol::attentionName(a))
                << QString::fromLatin1(family) << int(w) << int(c) << int(a);
        };
        // Eager is the slow one to emulate (a 256-thread block per softmax row): one row of it.
        row("llama", WeightStorage::BFloat16, KvCacheKind::Dynamic, AttentionKind::Sdpa);
        row("mistral", WeightStorage::Int8, KvCacheKind::Paged, AttentionKind::Sdpa);
        row("mistral", WeightStorage::BFloat16, KvCacheKind::Dynamic, AttentionKind::Eager);
        row("gemma", WeightStorage::Nf4DoubleQuant, KvCacheKind::Paged, AttentionKind::Sdpa);
        row("mixtral", WeightStorage::Nf4, KvCacheKind::Static, AttentionKind::Sdpa);
        // The formats of ABI 5: fp8 with tensor scales (e4m3) and 16 x 16 blocks (e5m2), GPTQ and AWQ in groups
        // of 16 input rows, bitsandbytes' FP4 and gpt-oss's MXFP4 experts.
        row("llama", WeightStorage::Fp8E4m3, KvCacheKind::Dynamic, AttentionKind::Sdpa);
        row("mistral", WeightStorage::Fp8E5m2, KvCacheKind::Paged, AttentionKind::Sdpa);
        row("llama", WeightStorage::GptqInt4, KvCacheKind::Static, AttentionKind::Sdpa);
        row("mistral", WeightStorage::AwqInt4, KvCacheKind::Dynamic, AttentionKind::Sdpa);
        row("gemma", WeightStorage::Fp4, KvCacheKind::Dynamic, AttentionKind::Sdpa);
        row("mixtral", WeightStorage::Mxfp4, KvCacheKind::Dynamic, AttentionKind::Sdpa);
        // MLA (DECODER.md "MLA layers"): the strided copies, the rotary parts and values of another width.
        row("deepseek_v3", WeightStorage::BFloat16, KvCacheKind::Paged, AttentionKind::Sdpa);
        row("deepseek_v2", WeightStorage::Int8, KvCacheKind::Static, AttentionKind::Sdpa);
    }

    void decoderWorkloadRuns()
    {
        QFETCH(QString, family);
        QFETCH(int, storage);
        QFETCH(int, cache);
        QFETCH(int, attention);
        model::ModelShape m;
        m.family = family.toStdString();
        m.source = "test:" + m.family;
        m.layers = 1; // what one layer does, the next does again
        m.hidden = 32;
        m.intermediate = 48;
        m.heads = 4;
        m.kvHeads = 2;
        m.headDim = 8;
        m.vocab = 64;
        m.layerWindows.assign(m.layers, std::nullopt);
        if (m.family == "mistral") {
            m.layerWindows.assign(m.layers, 12); // the 18-token prompt overflows it: a ring
        } else if (m.family == "gemma") {
            m.headDim = 16;
            m.kvHeads = 1;
            m.tieWordEmbeddings = true;
        } else if (m.family == "mixtral") {
            m.experts = 4;
            m.expertsPerToken = 2;
        } else if (m.family == "deepseek_v2" || m.family == "deepseek_v3") {
            m = mlaShape(m.family == "deepseek_v3", m.source);
        }
        protocol::RunConfig config;
        config.workload = protocol::WorkloadKind::Decoder;
        config.dtype = device::DType::BFloat16;
        config.warmup = 0; // one warm prefill still releases and remakes the caches
        config.repeats = 1;
        config.seed = 3;
        protocol::DecoderSpec d;
        d.shape = m;
        d.modelSource = m.source;
        d.storage = static_cast<protocol::WeightStorage>(storage);
        d.quantGroup = 16;
        if (d.storage == protocol::WeightStorage::Fp8E5m2)
            d.fp8BlockRows = d.fp8BlockColumns = 16;
        d.promptTokens = 18;
        d.generated = 4; // 22 positions: two paged blocks of 16
        d.sequences = 2;
        d.cache = static_cast<protocol::KvCacheKind>(cache);
        d.attention = static_cast<protocol::AttentionKind>(attention);
        config.decoder = d;

        alloc::DeviceRawMemory raw(*m_context);
        alloc::CachingAllocator allocator(raw);
        {
            auto workload = workloads::makeWorkload(*m_context, allocator, config);
            QVERIFY(workload);
            const auto plan = workload->plan();
            QVERIFY(!plan.empty());
            for (const auto& phase : plan) {
                const device::Status status = workload->runPhase(phase);
                QVERIFY2(status.ok, (phase.name + ": " + status.message).c_str());
            }
            const device::Status synced = m_context->synchronize();
            QVERIFY2(synced.ok, synced.message.c_str());
        }
        QCOMPARE(allocator.counters().allocatedCurrent, std::uint64_t(0)); // the workload freed what it held
    }

private:
    EmuBackend m_backend;
    std::unique_ptr<device::DeviceContext> m_context;
};

QTEST_GUILESS_MAIN(TestGpuEmulation)
#include "tst_gpuemulation.moc"
