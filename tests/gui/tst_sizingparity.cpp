// SPDX-License-Identifier: Apache-2.0
// The same choices give the same totals in the CLI and the sizing panel (issue 10): each row is made once as
// `iteragpu estimate` arguments and once in the panel's boxes; both go through core's makeRequest.
#include "app/cli/cliapp.h"
#include "app/gui/sizing/enginebox.h"
#include "app/gui/sizing/sizingpanel.h"
#include "core/units/units.h"
#include "support/settingssandbox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QGroupBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;
using gui::SizingPanel;

using PanelSetup = std::function<void(SizingPanel&)>;
Q_DECLARE_METATYPE(PanelSetup)

namespace {

nlohmann::json cliEstimate(const QByteArray& arguments)
{
    std::vector<std::string> args { "iteragpu", "estimate", "--json" };
    for (const auto& part : arguments.split(' '))
        if (!part.isEmpty())
            args.push_back(part.toStdString());
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    if (code != 0)
        return nlohmann::json { { "error", err.str() } };
    return nlohmann::json::parse(out.str());
}

template <typename T> T* field(SizingPanel& panel, const char* name)
{
    auto* w = panel.findChild<T*>(QLatin1String(name));
    if (!w)
        qFatal("no field %s", name);
    return w;
}

void choose(SizingPanel& panel, const char* combo, const QString& text)
{
    auto* box = field<QComboBox>(panel, combo);
    const int index = box->findText(text);
    if (index < 0)
        qFatal("no item %s in %s", qPrintable(text), combo);
    box->setCurrentIndex(index);
}

void seedKv(SizingPanel& panel)
{
    field<QGroupBox>(panel, "kvBox")->setChecked(true);
    field<QSpinBox>(panel, "layersSpin")->setValue(32);
    field<QSpinBox>(panel, "kvHeadsSpin")->setValue(8);
    field<QSpinBox>(panel, "headDimSpin")->setValue(128);
    field<QSpinBox>(panel, "promptSpin")->setValue(8192);
}

} // namespace

class TestSizingParity : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        QCoreApplication::setOrganizationName(QStringLiteral("IteraGPU"));
        QCoreApplication::setApplicationName(QStringLiteral("IteraGPU Lab"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void init() { QSettings().remove(QStringLiteral("sizing")); } // each row from the seeds' example

    void sameTotals_data()
    {
        QTest::addColumn<QByteArray>("cli");
        QTest::addColumn<PanelSetup>("setup");
        QTest::addRow("seeds' example") << QByteArray("--parameters 7000000000 --bits 16 --reserve-gib 4")
                                        << PanelSetup([](SizingPanel&) {});
        QTest::addRow("seeds' KV cache, 3 sequences, reserve 2.5 GB")
            << QByteArray("--parameters 7e9 --bits 16 --reserve-gb 2.5 --layers 32 --kv-heads 8 --head-dim 128 "
                          "--tokens 8192 --sequences 3")
            << PanelSetup([](SizingPanel& p) {
                   seedKv(p);
                   field<QSpinBox>(p, "sequencesSpin")->setValue(3);
                   p.setReserve(2.5, units::Unit::GB);
               });
        QTest::addRow("Mistral, its sliding window, 16 384 tokens")
            << QByteArray("--preset mistral-7b-v0.1 --reserve-gib 4 --tokens 16384")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("mistral-7b-v0.1"));
                   field<QGroupBox>(p, "kvBox")->setChecked(true);
                   field<QSpinBox>(p, "promptSpin")->setValue(16384);
               });
        QTest::addRow("Llama 2 nf4 on 2 devices")
            << QByteArray("--preset llama-2-7b --format nf4 --reserve-gib 4 --tp 2")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("llama-2-7b"));
                   choose(p, "storageCombo", QStringLiteral("NF4 (bitsandbytes)"));
                   p.setTensorParallel(2);
                   // Choosing a model turns the window's KV cache on (and says so); the CLI sizes one only
                   // with --tokens, so this row compares the weights alone.
                   field<QGroupBox>(p, "kvBox")->setChecked(false);
               });
        // Note [Compute format] in core/sizing/sizinginputs.h: storage bf16, compute fp32 (activations and
        // gradients in fp32). The totals differed before makeRequest.
        QTest::addRow("full training, bf16 storage, fp32 compute")
            << QByteArray("--preset llama-2-7b --format bf16 --compute fp32 --training --optimizer adamw --batch 2 "
                          "--seq-len 1024 --reserve-gib 4")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("llama-2-7b"));
                   choose(p, "storageCombo", QStringLiteral("BF16"));
                   choose(p, "computeCombo", QStringLiteral("fp32"));
                   p.setMode(SizingPanel::Mode::FullTraining);
                   field<QSpinBox>(p, "microBatchSpin")->setValue(2);
                   field<QSpinBox>(p, "sequenceSpin")->setValue(1024);
               });
        // Models described by their layers: the per-layer KV cache and the state cache, MXFP4, fp8 blocks, as
        // the CLI sizes them.
        QTest::addRow("DeepSeek-V3: MLA cache, fp8 blocks of the file")
            << QByteArray("--preset deepseek-v3 --reserve-gib 4 --tokens 4096")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("deepseek-v3"));
                   field<QGroupBox>(p, "kvBox")->setChecked(true);
                   field<QSpinBox>(p, "promptSpin")->setValue(4096);
               });
        QTest::addRow("gpt-oss-20b: MXFP4, 128-token windows")
            << QByteArray("--preset gpt-oss-20b --reserve-gib 4 --tokens 8192")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("gpt-oss-20b"));
                   field<QGroupBox>(p, "kvBox")->setChecked(true);
                   field<QSpinBox>(p, "promptSpin")->setValue(8192);
               });
        QTest::addRow("Qwen3-30B-A3B, 32 768 tokens")
            << QByteArray("--preset qwen3-30b-a3b --reserve-gib 4 --tokens 32768")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("qwen3-30b-a3b"));
                   field<QGroupBox>(p, "kvBox")->setChecked(true);
                   field<QSpinBox>(p, "promptSpin")->setValue(32768);
               });
        // The window always chooses a micro-batch (its box starts at 1); the CLI without --batch takes the
        // framework's (hf: 2), so the row gives the window's.
        QTest::addRow("LoRA, fp16 compute, checkpointing")
            << QByteArray("--preset llama-2-7b --compute fp16 --training --lora-rank 8 --checkpointing --batch 1 "
                          "--reserve-gib 4")
            << PanelSetup([](SizingPanel& p) {
                   p.selectPreset(QStringLiteral("llama-2-7b"));
                   choose(p, "computeCombo", QStringLiteral("fp16"));
                   p.setMode(SizingPanel::Mode::LoRA);
                   field<QSpinBox>(p, "loraRankSpin")->setValue(8);
                   field<QCheckBox>(p, "checkpointingCheck")->setChecked(true);
               });
    }

    // The engine's plan in the panel is the CLI's: `estimate --engine vllm|llama.cpp --json` and the panel's engine
    // box on the same card give the same KV tokens and concurrency (vLLM) or KV and model buffers (llama.cpp), the
    // panel in the reader's words (English here), both from core's planners through makeRequest.
    void sameEnginePlan_data()
    {
        QTest::addColumn<QByteArray>("cli");
        QTest::addColumn<PanelSetup>("setup");
        QTest::addColumn<bool>("vllm");
        auto vllm = [](double utilization, int maxModelLen, bool fp8, bool eager, int tp) {
            return PanelSetup([=](SizingPanel& panel) {
                panel.findChild<gui::EngineBox*>(QStringLiteral("engineBox"))->setEngine(gui::EngineBox::Engine::Vllm);
                field<QDoubleSpinBox>(panel, "gpuMemoryUtilization")->setValue(utilization);
                field<QSpinBox>(panel, "maxModelLen")->setValue(maxModelLen);
                if (fp8)
                    choose(panel, "kvCacheDtype", QStringLiteral("fp8"));
                if (eager)
                    field<QCheckBox>(panel, "enforceEager")->setChecked(true);
                panel.setTensorParallel(tp);
            });
        };
        QTest::addRow("vllm llama-3.1-8b h100")
            << QByteArray("--preset llama-3.1-8b --engine vllm --device-catalog h100-sxm --max-model-len 8192")
            << vllm(0.9, 8192, false, false, 1) << true;
        QTest::addRow("vllm llama-3.1-8b h100 fp8 kv, eager, 0.95")
            << QByteArray("--preset llama-3.1-8b --engine vllm --device-catalog h100-sxm --max-model-len 32768 "
                          "--kv-cache-dtype fp8 --enforce-eager --gpu-memory-utilization 0.95")
            << vllm(0.95, 32768, true, true, 1) << true;
        QTest::addRow("vllm qwen3-30b-a3b l40s tp 2")
            << QByteArray("--preset qwen3-30b-a3b --engine vllm --device-catalog l40s --max-model-len 16384 --tp 2")
            << vllm(0.9, 16384, false, false, 2) << true;
        QTest::addRow("vllm llama-3.1-8b l4 does not start")
            << QByteArray("--preset llama-3.1-8b --engine vllm --device-catalog l4 --max-model-len 131072")
            << vllm(0.9, 131072, false, false, 1) << true;
        QTest::addRow("llama.cpp llama-3.1-8b rtx-4090")
            << QByteArray("--preset llama-3.1-8b --engine llama.cpp --device-catalog rtx-4090 --ctx-size 8192")
            << PanelSetup([](SizingPanel& panel) {
                   panel.findChild<gui::EngineBox*>(QStringLiteral("engineBox"))
                       ->setEngine(gui::EngineBox::Engine::LlamaCpp);
                   field<QSpinBox>(panel, "ctxSize")->setValue(8192);
               })
            << false;
    }

    void sameEnginePlan()
    {
        QFETCH(QByteArray, cli);
        QFETCH(PanelSetup, setup);
        QFETCH(bool, vllm);
        const auto json = cliEstimate(cli);
        QVERIFY2(!json.contains("error"), json.dump().c_str());
        const auto& engine = json["engine"];
        SizingPanel panel;
        const QByteArray card = cli.mid(cli.indexOf("--device-catalog ") + 17).split(' ').first();
        const QString preset = QString::fromLatin1(cli.mid(cli.indexOf("--preset ") + 9).split(' ').first());
        QVERIFY(panel.selectPreset(preset));
        QVERIFY(panel.setTargetCard(QString::fromLatin1(card)));
        setup(panel);
        panel.recompute();
        QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
        const QString text = panel.findChild<QLabel*>(QStringLiteral("engineLabel"))->text();
        QVERIFY2(!text.isEmpty(), qPrintable(panel.verdictText()));
        const QLocale locale;
        const bool starts = engine["starts"].get<bool>();
        if (vllm) {
            QCOMPARE(text.startsWith(QStringLiteral("vLLM starts")), starts);
            if (starts) {
                const QString tokens = locale.toString(engine["kv_cache_tokens"].get<qulonglong>());
                QVERIFY2(text.contains(tokens + QStringLiteral(" tokens of KV cache")), qPrintable(text + QStringLiteral(" / ") + tokens));
                QVERIFY2(text.contains(QString::asprintf("%.2f requests", engine["max_concurrency"].get<double>())),
                    qPrintable(text));
            } else {
                QVERIFY2(text.contains(QString::fromStdString(engine["reason"].get<std::string>())), qPrintable(text));
            }
        } else {
            QCOMPARE(text.startsWith(QStringLiteral("llama.cpp starts")), starts);
            const auto bytes = [&](std::uint64_t b) {
                return locale.toString(static_cast<double>(b) / static_cast<double>(units::kGiB), 'f', 2);
            };
            QVERIFY2(text.contains(QStringLiteral("KV buffer ") + bytes(engine["kv_buffer_bytes"][0].get<std::uint64_t>())),
                qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("model buffer ") + bytes(engine["model_buffer_bytes"][0].get<std::uint64_t>())),
                qPrintable(text));
        }
    }

    void sameTotals()
    {
        QFETCH(QByteArray, cli);
        QFETCH(PanelSetup, setup);
        const auto json = cliEstimate(cli);
        QVERIFY2(!json.contains("error"), json.dump().c_str());
        SizingPanel panel;
        setup(panel);
        panel.recompute();
        QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
        const auto& estimate = *panel.estimate();
        QCOMPARE(estimate.parameters, json["parameters"].get<std::uint64_t>());
        for (const auto& c : estimate.components) {
            if (!c.bytes || !json.contains(c.id) || !json[c.id].contains("bytes") || json[c.id]["bytes"].is_null())
                continue;
            QCOMPARE(*c.bytes, json[c.id]["bytes"].get<std::uint64_t>());
        }
        QCOMPARE(estimate.reserve.bytes, json["reserve"]["bytes"].get<std::uint64_t>());
        QCOMPARE(estimate.total(), json["total"]["bytes"].get<std::uint64_t>());
    }
};

QTEST_MAIN(TestSizingParity)
#include "tst_sizingparity.moc"
