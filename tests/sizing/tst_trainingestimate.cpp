// SPDX-License-Identifier: Apache-2.0
// The sizing estimate of a training step (DecoderTrainingSizer, closed form) against the same step measured on the
// simulated device (DecoderWorkload through the runner): the goal is within 2 % or 64 MiB of the measured
// peak. Rows the closed form does not meet yet are expected failures with what it lacks named, and every row prints
// its distance.
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/sizing/decodertrainingsizer.h"
#include "core/training/recipechoices.h"
#include "core/units/units.h"
#include "core/workloads/decodersource.h"

#include <QTest>
#include <cmath>

using namespace iteragpu;
using training::Method;

namespace {

struct Row {
    training::Framework framework = training::Framework::Hf;
    Method method = Method::Lora;
    bool checkpointing = false;
    std::uint64_t batch = 2, seq = 2048;
    bool allLinear = false;
};

} // namespace

Q_DECLARE_METATYPE(Row)

class TestTrainingEstimate : public QObject {
    Q_OBJECT
private slots:
    void estimateMeetsTheMeasurement_data()
    {
        QTest::addColumn<Row>("row");
        QTest::addColumn<QString>("lacks"); // empty: the goal is met
        const char* eager = "the closed form does not have eager RMSNorm's float32 copy of its input nor SwiGLU's "
                            "act(gate) (DECODER.md's eager habits): every layer's saved set is short without "
                            "checkpointing";
        Row tt { training::Framework::Torchtune, Method::Lora, true, 2, 2048, true };
        QTest::addRow("torchtune LoRA, checkpointing") << tt << "";
        Row ttq = tt;
        ttq.method = Method::Qlora;
        QTest::addRow("torchtune QLoRA, checkpointing") << ttq << "";
        Row ttf = tt;
        ttf.method = Method::Full;
        QTest::addRow("torchtune full, paged 8-bit in the backward") << ttf << "";
        QTest::addRow("hf full, 1 x 1024")
            << Row { training::Framework::Hf, Method::Full, false, 1, 1024, false } << "";
        QTest::addRow("hf LoRA, no checkpointing") << Row {} << eager;
    }
    void estimateMeetsTheMeasurement()
    {
        QFETCH(Row, row);
        QFETCH(QString, lacks);
        protocol::DecoderSpec d = workloads::DecoderSource::resolve("llama-3.1-8b");
        d.storage = row.method == Method::Qlora ? protocol::WeightStorage::Nf4 : protocol::WeightStorage::BFloat16;
        training::RecipeChoices c;
        c.framework = row.framework;
        c.method = row.method;
        c.checkpointing = row.checkpointing;
        c.microBatch = row.batch;
        c.sequenceLength = row.seq;
        if (row.method != Method::Full)
            c.rank = 8;
        if (row.allLinear)
            c.targets = training::parseLoraTargets("q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj").targets;
        d.training = training::resolveRecipe(c);

        sizing::DecoderTrainingSizer::Inputs in;
        in.weights.format = row.method == Method::Qlora ? sizing::WeightFormat::NF4 : sizing::WeightFormat::BF16;
        in.weights.compute = sizing::ScalarType::BF16;
        in.weights.keptType = sizing::ScalarType::BF16;
        in.choices = c;
        const auto estimate = sizing::DecoderTrainingSizer::estimate(d.shape, in);

        protocol::RunConfig config;
        config.workload = protocol::WorkloadKind::Decoder;
        config.mode = protocol::Mode::Training;
        config.dtype = device::DType::BFloat16;
        config.warmup = 0;
        config.repeats = 1;
        config.samplingHz = protocol::kMinSamplingHz;
        config.decoder = d;
        QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
        sim::SimBackend backend(sim::SimOptions { std::uint64_t(1) << 40, 0 });
        const auto result = protocol::Runner::runBlocking(
            config, { "sim", backend.runtimeDescription(), true },
            [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
        QVERIFY2(result.error.empty(), result.error.c_str());
        std::uint64_t measured = 0;
        for (const auto& p : result.phases)
            measured = std::max(measured, p.peak.allocated.value_or(0));
        QVERIFY(measured > 0);
        const double diff = static_cast<double>(estimate.peakBytes) - static_cast<double>(measured);
        qInfo("estimate %.2f GiB (%s), measured %.2f GiB: %+.2f %% (%+.0f MiB)", estimate.peakBytes / 1073741824.0,
            estimate.peakPhase.c_str(), measured / 1073741824.0, 100.0 * diff / static_cast<double>(measured),
            diff / 1048576.0);
        if (!lacks.isEmpty())
            QEXPECT_FAIL("", qPrintable(lacks), Continue);
        QVERIFY(std::fabs(diff) <= 0.02 * static_cast<double>(measured) || std::fabs(diff) <= 64.0 * 1048576.0);
    }
};

QTEST_GUILESS_MAIN(TestTrainingEstimate)
#include "tst_trainingestimate.moc"
