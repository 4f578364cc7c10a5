// SPDX-License-Identifier: Apache-2.0
// The decoder training step sized in closed form (core/sizing/decodertrainingsizer.cpp, Note [Training step in
// closed form]) from the tensor inventory of core/workloads/DECODER.md "Training": a tiny model whose every number
// is worked out by hand below, the parts of every phase adding up to its peak, the framework's habits named on
// the parts, the engine's choice between the inventory and Korthikanti et al.'s formula, and Llama-3.1-8B in
// torchtune's and hf's LoRA recipes, QLoRA and a full fine-tune, with the part that dominates each.
#include "core/model/configreader.h"
#include "core/sizing/decodertrainingsizer.h"
#include "core/sizing/phaseestimator.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/trainingchoices.h"
#include "core/units/units.h"

#include <QTest>
#include <cstdlib>
#include <functional>
#include <string>

using namespace iteragpu;
using namespace iteragpu::sizing;

namespace {

using Setup = std::function<void(DecoderTrainingSizer::Inputs&)>;

// The tiny model of the hand-worked rows: 2 Llama layers, H = 64, 2 query heads and 1 KV head of 32, I = 128,
// V = 256, bf16; micro-batch B = 2 of S = 16 tokens, T = 32. Its tensors (each rounded up to 512 bytes):
//   X = [T, H] bf16 = 32 x 64 x 2 = 4 096 (h, x, h1, x2, o, d and their gradients)
//   q, attn = [T, 64] = 4 096; k, v = [T, 32] = 2 048; g, u, act = [T, 128] = 8 192
//   lse = float32 [B, 2, S] = 256 -> 512
//   logits [T, V] bf16 = 16 384; logits32, logprobs, dlogprobs, dlogits32 = [T, V] float32 = 32 768; loss 4 -> 512
//   input_ids and labels: int32 [2, 16] = 128 -> 512 each, 1 024
// Weights (bf16, one tensor each): embed and lm_head [256, 64] = 32 768 each; per layer: 2 norms [64] = 128 -> 512
// each, q and o [64, 64] = 8 192, k and v [32, 64] = 4 096, gate, up and down [128, 64] = 16 384:
// 74 752 per layer; the final norm 512. W = 32 768 + 2 x 74 752 + 512 + 32 768 = 215 552 (213 632 as stored +
// 5 norms x 384 of rounding).
model::ModelShape tinyShape()
{
    model::ModelShape s;
    s.family = "llama";
    s.source = "tiny";
    s.layers = 2;
    s.hidden = 64;
    s.intermediate = 128;
    s.heads = 2;
    s.kvHeads = 1;
    s.headDim = 32;
    s.vocab = 256;
    s.normsPerLayer = 2;
    return s;
}

DecoderTrainingSizer::Inputs tinyInputs(Setup setup)
{
    DecoderTrainingSizer::Inputs in;
    in.weights.format = WeightFormat::BF16;
    in.weights.compute = ScalarType::BF16;
    in.attention = AttentionImpl::Sdpa;
    in.choices.microBatch = 2;
    in.choices.sequenceLength = 16;
    setup(in);
    return in;
}

// hf's LoRA on q_proj and v_proj, rank 4, float32 adapters (a = 4 != s = 2), the whole logits, no checkpointing.
void hfLora(DecoderTrainingSizer::Inputs& in)
{
    in.choices.framework = training::Framework::Hf;
    in.choices.method = training::Method::Lora;
    in.choices.rank = 4;
}

// A full fine-tune with hf's habits: AdamW in bf16, the whole logits, no checkpointing.
void hfFull(DecoderTrainingSizer::Inputs& in)
{
    in.choices.framework = training::Framework::Hf;
    in.choices.method = training::Method::Full;
}

const model::ModelShape& llama31Shape()
{
    static const model::ModelShape shape = [] {
        const auto library = PresetLibrary::loadDefault();
        const auto* p = library.find("llama-3.1-8b");
        if (!p)
            throw SizingError("preset llama-3.1-8b missing");
        return p->shape;
    }();
    return shape;
}

model::ModelShape fixtureShape(const std::string& name)
{
    if (name == "falcon-7b") // one norm: attention and MLP in parallel, multi-query
        return model::ConfigReader::parse(R"({"model_type": "falcon", "hidden_size": 4544, "num_hidden_layers": 4,
            "num_attention_heads": 71, "vocab_size": 65024, "multi_query": true, "parallel_attn": true,
            "bias": false})",
            "falcon.json");
    if (name == "gpt-neox") // an MLP without a gate, LayerNorms with biases
        return model::ConfigReader::parse(R"({"model_type": "gpt_neox", "hidden_size": 2048, "num_hidden_layers": 4,
            "num_attention_heads": 16, "intermediate_size": 8192, "vocab_size": 50304})",
            "gpt-neox.json");
    if (name == "qwen3-8b") { // q/k norms
        const auto library = PresetLibrary::loadDefault();
        return library.find("qwen3-8b")->shape;
    }
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return model::ConfigReader::readFile(std::string(dir ? dir : "tests/data") + "/sizing/" + name + ".config.json");
}

std::string largestPart(const PhaseEstimate& p)
{
    std::string id;
    std::uint64_t bytes = 0;
    for (const auto& part : p.parts)
        if (part.inAllocator && part.bytes > bytes) {
            id = part.id;
            bytes = part.bytes;
        }
    return id;
}

} // namespace

class TestTrainingSizer : public QObject {
    Q_OBJECT
private slots:
    // Each row: a recipe on the tiny model, a phase, its peak allocated and the moment of it, by hand.
    void tinyPhases_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<QByteArray>("phase");
        QTest::addColumn<quint64>("peak");
        QTest::addColumn<QByteArray>("moment");
        // hf LoRA (rank 4 on q, v; float32 adapters). Adapters A [4, 64] fp32 = 1 024, B_q [64, 4] = 1 024, B_v
        // [32, 4] = 512: 3 584 a layer, A = 7 168; W + A + inputs = 215 552 + 7 168 + 1 024 = 223 744.
        // Kept per layer (x is not: the adapters read lora_x): h 4 096 + q 4 096 + k 2 048 + v 2 048 + attn 4 096
        // + lse 512 + h1 4 096 + g 8 192 + u 8 192 + lora_x_q [T, 64] fp32 8 192 + lora_mid_q [T, 4] fp32 512 +
        // lora_x_v 8 192 + lora_mid_v 512 = 54 784; after the forward 2 x 54 784 + h_2 4 096 + hn 4 096 = 117 760.
        // Forward, layer 1 (58 880 alive before it: layer 0's 54 784 and its input h_1), its largest moment is
        // down_proj: 50 688 kept so far (q, k, v, attn, lse, h1, g, u and the adapters' tensors) + act 8 192 + d
        // 4 096 = 62 976: 223 744 + 58 880 + 62 976 = 345 600.
        QTest::addRow("hf lora: forward") << Setup(hfLora) << QByteArray("first_step.forward") << quint64(345600)
                                          << QByteArray("forward layer 1: down_proj");
        // Loss: hn is freed once the logits exist (lm_head is frozen): 117 760 - 4 096 + logits 16 384 + logits32
        // 32 768 + logprobs 32 768 = 195 584: 223 744 + 195 584 = 419 328.
        QTest::addRow("hf lora: loss") << Setup(hfLora) << QByteArray("first_step.loss") << quint64(419328)
                                       << QByteArray("loss: log-softmax in float32");
        // Backward: the loss's float32 buffers beside everything kept: 113 664 + logits 16 384 + logprobs 32 768 +
        // loss 512 + dlogprobs 32 768 + dlogits32 32 768 = 228 864: 223 744 + 228 864 = 452 608 (a layer's
        // backward reaches 138 240 at most: the gated activation's dg and du beside 109 568 kept).
        QTest::addRow("hf lora: backward") << Setup(hfLora) << QByteArray("first_step.backward") << quint64(452608)
                                           << QByteArray("backward: loss (float32 buffers)");
        // Optimizer: the gradients (float32, as the adapters: 7 168) and AdamW's two float32 moments made for
        // each (14 336): 223 744 + 7 168 + 14 336 = 245 248.
        QTest::addRow("hf lora: optimizer")
            << Setup(hfLora) << QByteArray("first_step.optimizer") << quint64(245248) << QByteArray("optimizer: step");
        // A warm step: the first step's backward with the states there: 452 608 + 14 336 = 466 944.
        QTest::addRow("hf lora: warm step") << Setup(hfLora) << QByteArray("warm_step") << quint64(466944)
                                            << QByteArray("backward: loss (float32 buffers)");
        // Full fine-tune: every linear's input is kept: per layer h, x, q, attn, h1, x2 4 096 each, k, v 2 048
        // each, lse 512, g, u, act 8 192 each = 53 760; after the forward 2 x 53 760 + h_2 + hn (kept: lm_head
        // trains) = 115 712. The loss backward: 115 712 + 16 384 + 32 768 + 512 + 2 x 32 768 = 230 912, with the
        // weights and inputs 215 552 + 1 024: 447 488.
        QTest::addRow("full: backward") << Setup(hfFull) << QByteArray("first_step.backward") << quint64(447488)
                                        << QByteArray("backward: loss (float32 buffers)");
        // Its optimizer step: gradients in bf16 one per weight (= W, 215 552) and AdamW's two bf16 moments (2 x W):
        // 215 552 + 1 024 + 215 552 + 431 104 = 863 232.
        QTest::addRow("full: optimizer") << Setup(hfFull) << QByteArray("first_step.optimizer") << quint64(863232)
                                         << QByteArray("optimizer: step");
        // A warm step: the loss backward with the moments resident: 447 488 + 431 104 = 878 592.
        QTest::addRow("full: warm step") << Setup(hfFull) << QByteArray("warm_step") << quint64(878592)
                                         << QByteArray("backward: loss (float32 buffers)");
        // checkpoint_save: a 16-bit copy of every trainable tensor (= W) beside the moments: 215 552 + 1 024 +
        // 431 104 + 215 552 = 863 232.
        QTest::addRow("full: checkpoint_save") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.choices.exportCopy = true;
        }) << QByteArray("checkpoint_save") << quint64(863232)
                                               << QByteArray("checkpoint_save: 16-bit copies");
        // Paged 8-bit states, stepped in the backward (torchtune's full recipe, here without checkpointing and
        // with the whole logits): no state stays on the device; the largest moment is still the loss backward,
        // 447 488 (a page is at most R(2 x 16 384 + 8 x 8) = 33 280 beside one gradient).
        QTest::addRow("full, paged 8-bit in the backward: warm step") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.choices.optimizer = training::OptimizerKind::AdamW8bit;
            in.choices.pagedOptimizer = true;
            in.choices.optimizerInBackward = true;
        }) << QByteArray("warm_step") << quint64(447488) << QByteArray("backward: loss (float32 buffers)");
        // Chunked cross-entropy in 4 chunks of 8 rows: one chunk's float32 buffers at a time, 2 x [8, 256] x 4 =
        // 16 384 instead of 65 536: the hf LoRA backward's 452 608 - 65 536 + 16 384 = 403 456.
        QTest::addRow("hf lora, 4 loss chunks: backward") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfLora(in);
            in.choices.lossChunks = 4;
        }) << QByteArray("first_step.backward") << quint64(403456)
                                                          << QByteArray("backward: loss (float32 buffers)");
        // Eager attention keeps probs [B, 2, S, S] bf16 = 2 048 instead of attn and lse (4 608): 2 x 2 560 less
        // kept: 452 608 - 5 120 = 447 488.
        QTest::addRow("hf lora, eager: backward") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfLora(in);
            in.attention = AttentionImpl::Eager;
        }) << QByteArray("first_step.backward") << quint64(447488)
                                                  << QByteArray("backward: loss (float32 buffers)");
        // Checkpointing keeps the layer inputs only: h_0, h_1, h_2 + hn = 16 384 after the forward. A checkpointed
        // layer frees every tensor at its last use, so its largest moment is the gated activation, act made
        // beside g and u (freed after it), with h1: h_0, h_1 8 192 + h1 4 096 + g, u, act 3 x 8 192 = 36 864:
        // 223 744 + 36 864 = 260 608.
        QTest::addRow("hf lora, checkpointing: forward") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfLora(in);
            in.choices.checkpointing = true;
        }) << QByteArray("first_step.forward") << quint64(260608)
                                                         << QByteArray("forward layer 1: activation");
    }

    void tinyPhases()
    {
        QFETCH(Setup, setup);
        QFETCH(QByteArray, phase);
        QFETCH(quint64, peak);
        QFETCH(QByteArray, moment);
        const auto e = DecoderTrainingSizer::estimate(tinyShape(), tinyInputs(setup));
        const PhaseEstimate* p = e.phase(phase.toStdString());
        QVERIFY2(p, phase.constData());
        QCOMPARE(p->peakAllocated, std::uint64_t(peak));
        QCOMPARE(QByteArray::fromStdString(p->peakStage), moment);
    }

    // The components of the tiny model, by hand.
    void tinyComponents_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<QByteArray>("component");
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("weights, bf16, as stored") << Setup(hfLora) << QByteArray("weightsRequested") << quint64(213632);
        QTest::addRow("weights, bf16, allocated") << Setup(hfLora) << QByteArray("weights") << quint64(215552);
        // nf4: a linear of n weights is codes ceil(n / 2), float32 absmax per 64 and a 64-byte quant map, each
        // rounded: q, o (n = 4 096) 2 048 + 512 + 512 = 3 072; k, v 1 024 + 512 + 512 = 2 048; gate, up, down
        // (8 192) 4 096 + 512 + 512 = 5 120; a layer 25 600 + 2 norms 1 024; embed and lm_head 32 768 each in
        // bf16, the final norm 512: 2 x 26 624 + 66 048 = 119 296.
        const Setup qlora = [](DecoderTrainingSizer::Inputs& in) {
            hfLora(in);
            in.weights.format = WeightFormat::NF4;
        };
        QTest::addRow("weights, nf4, allocated") << qlora << QByteArray("weights") << quint64(119296);
        // As stored (WeightEstimator): 2 x (2 x 2 368 + 2 x 1 216 + 3 x 4 672 + 2 x 128) + 32 768 + 128 + 32 768.
        QTest::addRow("weights, nf4, as stored") << qlora << QByteArray("weightsRequested") << quint64(108544);
        QTest::addRow("adapters, hf") << Setup(hfLora) << QByteArray("adapters") << quint64(7168);
        QTest::addRow("activations, hf lora") << Setup(hfLora) << QByteArray("activations") << quint64(117760);
        QTest::addRow("loss buffers, whole") << Setup(hfLora) << QByteArray("lossBuffers") << quint64(49664);
        QTest::addRow("loss buffers, 4 chunks") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfLora(in);
            in.choices.lossChunks = 4; // 4 x ([8, 256] bf16 4 096 + float32 8 192) + 512: the same bytes
        }) << QByteArray("lossBuffers") << quint64(49664);
        QTest::addRow("activations, checkpointing") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfLora(in);
            in.choices.checkpointing = true;
        }) << QByteArray("activations") << quint64(16384);
        QTest::addRow("gradients, full") << Setup(hfFull) << QByteArray("gradients") << quint64(215552);
        QTest::addRow("adamw states, full") << Setup(hfFull) << QByteArray("optimizerStates") << quint64(431104);
        // 8-bit: 2 x R(n) + 2 x R(4 x ceil(n / 2048)) per tensor: embed, lm_head (16 384) 32 768 + 1 024 each;
        // q, o (4 096) 9 216; k, v (2 048) 5 120; gate, up, down (8 192) 17 408; each norm (64) 2 048:
        // 2 x 84 992 + 2 x 33 792 + 2 048 = 239 616.
        QTest::addRow("8-bit states, full") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.choices.optimizer = training::OptimizerKind::AdamW8bit;
        }) << QByteArray("optimizerStates") << quint64(239616);
        QTest::addRow("paged 8-bit: none resident") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.choices.optimizer = training::OptimizerKind::AdamW8bit;
            in.choices.pagedOptimizer = true;
        }) << QByteArray("optimizerStates") << quint64(0);
        QTest::addRow("paged 8-bit: the largest page") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.choices.optimizer = training::OptimizerKind::AdamW8bit;
            in.choices.pagedOptimizer = true;
        }) << QByteArray("optimizerPage") << quint64(33280); // R(2 x 16 384 + 8 x 8 = 32 832)
        // Master weights: float32 [n] per bf16 weight: 2 x (embed 16 384 + lm_head 16 384 + per layer 36 992 + the
        // final norm 64) x 4, norms rounded: 4 x 106 816 = 427 264 + 5 x (512 - 256) = 428 544.
        QTest::addRow("master weights") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.choices.masterWeights = true;
        }) << QByteArray("masterWeights")
                                        << quint64(428544);
        QTest::addRow("inputs") << Setup(hfLora) << QByteArray("inputs") << quint64(1024);
        QTest::addRow("export, lora") // the adapters in 16 bit: 2 x (512 + 512 + 512 + 512)
            << Setup([](DecoderTrainingSizer::Inputs& in) {
                   hfLora(in);
                   in.choices.exportCopy = true;
               })
            << QByteArray("exportCopy") << quint64(4096);
    }

    void tinyComponents()
    {
        QFETCH(Setup, setup);
        QFETCH(QByteArray, component);
        QFETCH(quint64, bytes);
        const auto e = DecoderTrainingSizer::estimate(tinyShape(), tinyInputs(setup));
        const std::string c = component.toStdString();
        const std::uint64_t got = c == "weights" ? e.weights
            : c == "weightsRequested"            ? e.weightsRequested
            : c == "adapters"                    ? e.adapters
            : c == "activations"                 ? e.activations
            : c == "lossBuffers"                 ? e.lossBuffers
            : c == "gradients"                   ? e.gradients
            : c == "optimizerStates"             ? e.optimizerStates
            : c == "optimizerPage"               ? e.optimizerPage
            : c == "masterWeights"               ? e.masterWeights
            : c == "inputs"                      ? e.inputs
            : c == "exportCopy"                  ? e.exportCopy
                                                 : ~std::uint64_t { 0 };
        QCOMPARE(got, std::uint64_t(bytes));
    }

    // Every phase's parts add up to its peak; the phases follow the recipe (DECODER.md "Phases"); every line's
    // result is written with its bytes.
    void partsAddUp_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<QStringList>("phases");
        const QStringList plain { "model_load", "inputs", "first_step.forward", "first_step.loss",
            "first_step.backward", "first_step.optimizer", "warm_step" };
        QTest::addRow("hf lora") << Setup(hfLora) << plain;
        QTest::addRow("full, accumulation, eval, export")
            << Setup([](DecoderTrainingSizer::Inputs& in) {
                   hfFull(in);
                   in.choices.gradAccum = 3;
                   in.choices.evalBatch = 3;
                   in.choices.exportCopy = true;
                   in.choices.masterWeights = true;
               })
            << QStringList { "model_load", "inputs", "first_step.forward", "first_step.loss", "first_step.backward",
                   "first_step.accumulate", "first_step.optimizer", "warm_step", "eval", "checkpoint_save" };
        QTest::addRow("torchtune full: stepped in the backward")
            << Setup([](DecoderTrainingSizer::Inputs& in) {
                   in.choices.framework = training::Framework::Torchtune;
                   in.choices.method = training::Method::Full;
               })
            << QStringList { "model_load", "inputs", "first_step.forward", "first_step.loss", "first_step.backward",
                   "warm_step" };
        QTest::addRow("qlora nf4-dq, eager, checkpointing, chunks") << Setup([](DecoderTrainingSizer::Inputs& in) {
            in.choices.framework = training::Framework::Torchtune;
            in.choices.method = training::Method::Qlora;
            in.weights.format = WeightFormat::NF4DoubleQuant;
            in.attention = AttentionImpl::Eager;
        }) << plain;
        QTest::addRow("sgd with momentum, fp32") << Setup([](DecoderTrainingSizer::Inputs& in) {
            hfFull(in);
            in.weights.format = WeightFormat::FP32;
            in.weights.compute = ScalarType::FP32;
            in.choices.optimizer = training::OptimizerKind::Sgd;
            in.sgdMomentum = true;
        }) << plain;
    }

    void partsAddUp()
    {
        QFETCH(Setup, setup);
        QFETCH(QStringList, phases);
        const auto e = DecoderTrainingSizer::estimate(tinyShape(), tinyInputs(setup));
        QStringList names;
        std::uint64_t largest = 0;
        for (const auto& p : e.phases) {
            names << QString::fromStdString(p.phase);
            std::uint64_t sum = 0;
            for (const auto& part : p.parts)
                sum += part.bytes;
            QCOMPARE(sum, p.peakAllocated);
            QVERIFY(!p.peakStage.empty());
            largest = std::max(largest, p.peakAllocated);
        }
        QCOMPARE(names, phases);
        QCOMPARE(e.peakBytes, largest);
        QCOMPARE(e.phase(e.peakPhase)->peakAllocated, e.peakBytes);
        for (const auto& line : e.lines)
            QVERIFY2(line.english().find(units::groupDigits(line.bytes) + " bytes") != std::string::npos,
                line.english().c_str());
    }

    // Every layer kind the decoder trains (Gemma-2's four norms, a parallel layer, an MLP without a gate, biases,
    // q/k norms, tied embeddings, sliding windows) under every recipe: each phase's parts add up to its peak, and
    // what the step makes it frees (the sizing checks it and throws otherwise).
    void families_data()
    {
        QTest::addColumn<QByteArray>("model");
        QTest::addColumn<Setup>("setup");
        const std::pair<const char*, Setup> recipes[] = {
            { "hf lora", hfLora },
            { "torchtune qlora nf4-dq eager",
                [](DecoderTrainingSizer::Inputs& in) {
                    in.choices.framework = training::Framework::Torchtune;
                    in.choices.method = training::Method::Qlora;
                    in.weights.format = WeightFormat::NF4DoubleQuant;
                    in.attention = AttentionImpl::Eager;
                } },
            { "torchtune full, eval, export",
                [](DecoderTrainingSizer::Inputs& in) {
                    in.choices.framework = training::Framework::Torchtune;
                    in.choices.method = training::Method::Full;
                    in.choices.evalBatch = 1;
                    in.choices.exportCopy = true;
                } },
            { "full, master, accumulation, checkpointing, eager",
                [](DecoderTrainingSizer::Inputs& in) {
                    hfFull(in);
                    in.choices.masterWeights = true;
                    in.choices.gradAccum = 2;
                    in.choices.checkpointing = true;
                    in.attention = AttentionImpl::Eager;
                } },
            { "lora on every linear in bf16, 3 loss chunks",
                [](DecoderTrainingSizer::Inputs& in) {
                    hfLora(in);
                    in.choices.targets = training::parseLoraTargets("all-linear").targets;
                    in.choices.adapterFp32 = false;
                    in.choices.checkpointing = true;
                    in.choices.lossChunks = 3;
                } },
        };
        for (const char* model : { "gemma-2-9b", "gemma-7b", "phi-3-mini-4k", "qwen2-7b", "mistral-7b-v0.1",
                 "llama-2-7b", "qwen3-8b", "falcon-7b", "gpt-neox" })
            for (const auto& [name, setup] : recipes)
                QTest::addRow("%s, %s", model, name) << QByteArray(model) << setup;
    }

    void families()
    {
        QFETCH(QByteArray, model);
        QFETCH(Setup, setup);
        DecoderTrainingSizer::Inputs in = tinyInputs(setup);
        in.choices.microBatch = 1;
        in.choices.sequenceLength = 256;
        const model::ModelShape shape = fixtureShape(model.toStdString());
        QVERIFY2(
            DecoderTrainingSizer::unsupported(shape, in).empty(), DecoderTrainingSizer::unsupported(shape, in).c_str());
        const auto e = DecoderTrainingSizer::estimate(shape, in);
        for (const auto& p : e.phases) {
            std::uint64_t sum = 0;
            for (const auto& part : p.parts)
                sum += part.bytes;
            QCOMPARE(sum, p.peakAllocated);
        }
        QVERIFY(e.peakBytes > e.weights);
        QVERIFY(e.activations > 0 && e.lossBuffers > 0);
    }

    // A measured run's recipe asked of the engine (the ledger's request) comes back as it was.
    void recipeRoundTrip()
    {
        training::TrainingRecipe r;
        r.method = training::Method::Qlora;
        r.framework = training::Framework::Torchtune;
        r.targets = { training::LoraTarget::KProj, training::LoraTarget::DownProj };
        r.rank = 16;
        r.adapterFp32 = true;
        r.microBatch = 3;
        r.sequenceLength = 64;
        r.gradAccum = 2;
        r.checkpointing = false;
        r.optimizer = training::OptimizerKind::AdamW8bit;
        r.pagedOptimizer = true;
        r.lossChunks = 5;
        r.evalBatch = 2;
        r.exportCopy = true;
        SizingRequest q;
        q.shape = tinyShape();
        q.weights.format = WeightFormat::NF4;
        q.training = trainingOptions(r, ScalarType::BF16);
        const Estimate e = SizingEngine::estimate(q);
        QVERIFY(e.trainingStep);
        const training::TrainingRecipe& back = e.trainingStep->recipe;
        QCOMPARE(int(back.method), int(r.method));
        QCOMPARE(int(back.framework), int(r.framework));
        QCOMPARE(training::loraTargetList(back.targets), training::loraTargetList(r.targets));
        QCOMPARE(back.rank, r.rank);
        QCOMPARE(back.adapterFp32, r.adapterFp32);
        QCOMPARE(back.microBatch, r.microBatch);
        QCOMPARE(back.sequenceLength, r.sequenceLength);
        QCOMPARE(back.gradAccum, r.gradAccum);
        QCOMPARE(back.checkpointing, r.checkpointing);
        QCOMPARE(int(back.optimizer), int(r.optimizer));
        QCOMPARE(back.pagedOptimizer, r.pagedOptimizer);
        QCOMPARE(back.optimizerInBackward, r.optimizerInBackward);
        QCOMPARE(back.lossChunks, r.lossChunks);
        QCOMPARE(back.evalBatch, r.evalBatch);
        QCOMPARE(back.exportCopy, r.exportCopy);
    }

    // What the user did not give comes from the framework, and the parts say so; what was given is "chosen".
    void habitsNamed()
    {
        DecoderTrainingSizer::Inputs in = tinyInputs([](DecoderTrainingSizer::Inputs& i) {
            i.choices.framework = training::Framework::Torchtune;
            i.choices.method = training::Method::Lora;
            i.choices.lossChunks = 2; // chosen
        });
        const auto e = DecoderTrainingSizer::estimate(tinyShape(), in);
        const PhaseEstimate* backward = e.phase("first_step.loss");
        QVERIFY(backward);
        const auto habit = [&](const char* id) {
            const PhasePart* p = backward->find(id);
            return p ? p->habit.english() : std::string("(none)");
        };
        QCOMPARE(habit("logits"), std::string("chunked cross-entropy in 2 chunks (chosen)"));
        QCOMPARE(habit("activations"), std::string("activation checkpointing of every layer (torchtune's default)"));
        QCOMPARE(backward->find("activations")->provenance, Provenance::Assumed);
        QCOMPARE(backward->find("logits")->provenance, Provenance::Computed);
        QCOMPARE(habit("lora_adapters"),
            std::string("rank 8 on q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj, adapters in the model's bf16 "
                        "(torchtune's default)"));
        bool named = false;
        for (const auto& a : e.assumptions)
            named = named || a.english() == "framework default taken: activation checkpointing (torchtune's default)";
        QVERIFY(named);
        QCOMPARE(e.recipe.targets.size(), std::size_t(6));
    }

    void refusals()
    {
        DecoderTrainingSizer::Inputs in = tinyInputs(hfFull);
        in.weights.format = WeightFormat::NF4; // a full fine-tune of frozen codes
        QVERIFY(!DecoderTrainingSizer::unsupported(tinyShape(), in).empty());
        QVERIFY_THROWS_EXCEPTION(SizingError, DecoderTrainingSizer::estimate(tinyShape(), in));
        in = tinyInputs(hfFull);
        in.weights.format = WeightFormat::GptqInt4;
        QVERIFY(!DecoderTrainingSizer::unsupported(tinyShape(), in).empty());
        model::ModelShape moe = tinyShape();
        moe.experts = 4;
        moe.expertsPerToken = 2;
        QVERIFY(!DecoderTrainingSizer::unsupported(moe, tinyInputs(hfFull)).empty());
        in = tinyInputs(hfFull);
        in.choices.optimizerInBackward = true;
        in.choices.gradAccum = 2; // torchtune refuses it too
        QVERIFY_THROWS_EXCEPTION(SizingError, DecoderTrainingSizer::estimate(tinyShape(), in));
    }

    // The engine: a model shape the decoder builds gets the inventory (components, phases, lines); a bare
    // parameter count, MoE or tensor parallelism keep Korthikanti et al.'s estimate, and say why.
    void enginePaths_data()
    {
        QTest::addColumn<bool>("moe");
        QTest::addColumn<quint64>("tp");
        QTest::addColumn<bool>("bareCount");
        QTest::addColumn<bool>("inventory");
        QTest::addRow("shape") << false << quint64(1) << false << true;
        QTest::addRow("MoE") << true << quint64(1) << false << false;
        QTest::addRow("tensor parallel") << false << quint64(2) << false << false;
        QTest::addRow("parameter count") << false << quint64(1) << true << false;
    }

    void enginePaths()
    {
        QFETCH(bool, moe);
        QFETCH(quint64, tp);
        QFETCH(bool, bareCount);
        QFETCH(bool, inventory);
        SizingRequest r;
        model::ModelShape shape = tinyShape();
        if (moe) {
            shape.experts = 4;
            shape.expertsPerToken = 2;
        }
        if (bareCount)
            r.parameters = 106816;
        else
            r.shape = shape;
        r.weights.format = WeightFormat::BF16;
        r.tensorParallel = tp;
        TrainingOptions t;
        t.microBatch = 2;
        t.sequenceLength = 16;
        r.training = t;
        const Estimate e = SizingEngine::estimate(r);
        QCOMPARE(e.trainingStep.has_value(), inventory);
        if (!inventory) {
            QCOMPARE(e.phases.front().id, std::string("train_step"));
            return;
        }
        QCOMPARE(e.largestPhase, e.trainingStep->peakPhase);
        QCOMPARE(e.largestPhaseBytes, e.trainingStep->peakBytes);
        // The full fine-tune's warm step of the tiny model (hf: AdamW in bf16): 878 592 bytes, by hand above.
        QCOMPARE(e.largestPhaseBytes, std::uint64_t(878592));
        for (const char* id :
            { "inputs", "gradients", "optimizer_states", "activations", "logits", "training_transient" })
            QVERIFY2(e.find(id), id);
        QCOMPARE(e.bytesOf("gradients"), std::uint64_t(215552));
        QCOMPARE(e.bytesOf("optimizer_states"), std::uint64_t(431104));
        for (const auto& c : e.components) {
            int lines = 0;
            for (const auto& l : e.computation)
                if (l.componentId == c.id) {
                    ++lines;
                    QCOMPARE(l.bytes, c.bytes.value_or(~std::uint64_t { 0 }));
                }
            QVERIFY2(lines == 1, c.id.c_str());
        }
        // The per-phase estimate for the ledger is the step's, the workspace beside the computing phases.
        const auto phases = PhaseEstimator::estimate(r);
        const PhaseEstimate* warm = PhaseEstimator::forPhase(phases, "warm_step#2");
        QVERIFY(warm);
        QCOMPARE(warm->peakAllocated, std::uint64_t(878592));
        QVERIFY(warm->find("workspace") && !warm->find("workspace")->inAllocator);
        QCOMPARE(PhaseEstimator::forPhase(phases, "warmup"), warm);
    }

    // Llama-3.1-8B (resources/presets/llama-3.1-8b.json): 32 layers, H = 4 096, 32 heads and 8 KV heads of 128,
    // I = 14 336, V = 128 256; micro-batch 2 x 2 048 tokens (T = 4 096); bf16 weights of 16 060 522 496 bytes.
    //   X = [T, H] bf16 = 33 554 432; [T, I] bf16 = 117 440 512; logits [T, V] bf16 = 1 050 673 152, float32
    //   2 101 346 304; logits and logprobs and the loss kept: 3 152 019 968.
    void llama31_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<quint64>("peak");
        QTest::addColumn<QByteArray>("phase");
        QTest::addColumn<QByteArray>("moment");
        QTest::addColumn<QByteArray>("dominant");
        // torchtune LoRA (its 8B_lora_single_device: rank 8 on q, v, o, gate, up, down, bf16 adapters,
        // checkpointing, CE in 8 chunks, AdamW): adapters 39 321 600, AdamW's bf16 moments 78 643 200; at the loss
        // backward the 33 layer inputs 1 107 296 256 (hn freed), the kept loss buffers 3 152 019 968 and one
        // chunk's dlogprobs and dlogits32, 2 x [512, V] float32 = 525 336 576:
        // 16 060 522 496 + 39 321 600 + 32 768 + 78 643 200 + 1 107 296 256 + 3 152 019 968 + 525 336 576
        // = 20 963 172 864 (19.52 GiB). The weights dominate.
        QTest::addRow("torchtune lora") << Setup([](DecoderTrainingSizer::Inputs& in) {
            in.choices.framework = training::Framework::Torchtune;
            in.choices.method = training::Method::Lora;
            in.choices.microBatch = 2;
            in.choices.sequenceLength = 2048;
            in.choices.checkpointing = true;
            in.choices.rank = 8;
            in.choices.targets
                = { training::LoraTarget::QProj, training::LoraTarget::VProj, training::LoraTarget::OProj,
                      training::LoraTarget::GateProj, training::LoraTarget::UpProj, training::LoraTarget::DownProj };
            in.choices.adapterFp32 = false;
            in.choices.lossChunks = 8;
            in.choices.optimizer = training::OptimizerKind::AdamW;
        }) << quint64(20963172864ULL) << QByteArray("warm_step")
                                        << QByteArray("backward: loss (float32 buffers)") << QByteArray("weights");
        // hf LoRA (PEFT's q_proj, v_proj, rank 8, float32 adapters, the whole logits, no checkpointing): kept per
        // layer h, q, attn, h1 33 554 432 each + k, v 8 388 608 each + lse 524 288 + g, u 117 440 512 each +
        // lora_x of q and v [T, H] float32 67 108 864 each + lora_mid [T, 8] float32 131 072 each = 520 880 128;
        // at the loss backward 32 x 520 880 128 + h_32 = 16 701 718 528 kept, the loss buffers, and the whole
        // dlogprobs and dlogits32 (4 202 692 608): 16 060 522 496 + 13 631 488 + 32 768 + 27 262 976 (AdamW's
        // float32 moments) + 16 701 718 528 + 3 152 019 968 + 4 202 692 608 = 40 157 880 832 (37.40 GiB). The
        // activations dominate.
        QTest::addRow("hf lora") << Setup([](DecoderTrainingSizer::Inputs& in) {
            in.choices.framework = training::Framework::Hf;
            in.choices.method = training::Method::Lora;
            in.choices.microBatch = 2;
            in.choices.sequenceLength = 2048;
            in.choices.rank = 8;
            in.choices.targets = { training::LoraTarget::QProj, training::LoraTarget::VProj };
            in.choices.adapterFp32 = true;
            in.choices.lossChunks = 0;
        }) << quint64(40157880832ULL)
                                 << QByteArray("warm_step") << QByteArray("backward: loss (float32 buffers)")
                                 << QByteArray("activations");
        // torchtune QLoRA (nf4): the weights 6 027 862 016 allocated (6 027 761 664 as stored + the 512-byte
        // rounding of 224 quant maps, 448 bytes each), else the torchtune LoRA's moment: 20 963 172 864 -
        // 16 060 522 496 + 6 027 862 016 = 10 930 512 384 (10.18 GiB). The weights still dominate.
        QTest::addRow("torchtune qlora") << Setup([](DecoderTrainingSizer::Inputs& in) {
            in.weights.format = WeightFormat::NF4;
            in.choices.framework = training::Framework::Torchtune;
            in.choices.method = training::Method::Qlora;
            in.choices.microBatch = 2;
        }) << quint64(10930512384ULL) << QByteArray("warm_step")
                                         << QByteArray("backward: loss (float32 buffers)") << QByteArray("weights");
        // torchtune full (8B_full_single_device: paged 8-bit AdamW stepped in the backward, checkpointing, CE in 8
        // chunks): the first chunk's lm_head gradient [V, H] bf16 (1 050 673 152) and its page (2 x 525 336 576 +
        // 8 x 256 512 = 1 052 725 248) beside the layer inputs (1 140 850 688, hn kept: lm_head trains), the
        // loss buffers less the first chunk's logprobs (3 152 019 968 - 262 668 288) and dlogits.c + dhn.c
        // (131 334 144 + 4 194 304): 16 060 522 496 + 32 768 + 1 050 673 152 + 1 052 725 248 + 1 140 850 688 +
        // 2 889 351 680 + 135 528 448 = 22 329 684 480 (20.80 GiB) in the first step's backward.
        QTest::addRow("torchtune full") << Setup([](DecoderTrainingSizer::Inputs& in) {
            in.choices.framework = training::Framework::Torchtune;
            in.choices.method = training::Method::Full;
            in.choices.microBatch = 2;
        }) << quint64(22329684480ULL) << QByteArray("first_step.backward")
                                        << QByteArray("backward: lm_head's gradient") << QByteArray("weights");
        // hf full (AdamW in bf16, no checkpointing): the warm step's loss backward with the moments resident:
        // 16 060 522 496 + 32 768 + 32 121 044 992 (2 x 16 060 522 496) + 18 337 497 088 (kept: 32 layers x
        // 570 949 632 + h_32 and hn) + 3 152 019 968 + 4 202 692 608 = 73 873 809 920 (68.80 GiB). The optimizer's
        // moments dominate.
        QTest::addRow("hf full") << Setup([](DecoderTrainingSizer::Inputs& in) {
            in.choices.framework = training::Framework::Hf;
            in.choices.method = training::Method::Full;
            in.choices.microBatch = 2;
        }) << quint64(73873809920ULL)
                                 << QByteArray("warm_step") << QByteArray("backward: loss (float32 buffers)")
                                 << QByteArray("optimizer_states");
    }

    void llama31()
    {
        QFETCH(Setup, setup);
        QFETCH(quint64, peak);
        QFETCH(QByteArray, phase);
        QFETCH(QByteArray, moment);
        QFETCH(QByteArray, dominant);
        DecoderTrainingSizer::Inputs in;
        in.weights.format = WeightFormat::BF16;
        in.weights.compute = ScalarType::BF16;
        setup(in);
        const auto e = DecoderTrainingSizer::estimate(llama31Shape(), in);
        QCOMPARE(e.peakBytes, std::uint64_t(peak));
        QCOMPARE(QByteArray::fromStdString(e.peakPhase), phase);
        const PhaseEstimate& top = *e.phase(e.peakPhase);
        QCOMPARE(QByteArray::fromStdString(top.peakStage), moment);
        QCOMPARE(QByteArray::fromStdString(largestPart(top)), dominant);
        qInfo("%s: %.2f GiB at %s, %s", QTest::currentDataTag(), static_cast<double>(e.peakBytes) / 1073741824.0,
            top.peakStage.c_str(), largestPart(top).c_str());
    }
};

QTEST_GUILESS_MAIN(TestTrainingSizer)
#include "tst_trainingsizer.moc"
