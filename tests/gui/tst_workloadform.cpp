// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"
#include "app/gui/devices/devicepicker.h"
#include "app/gui/devices/simcardbox.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/runcontroller.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/sizing/formatbox.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/why/ledgermodel.h"
#include "app/gui/why/whyview.h"
#include "app/gui/workload/workloadform.h"
#include "app/gui/workload/workloadsettings.h"
#include "core/training/frameworkprofile.h"
#include "core/training/recipechoices.h"
#include "support/settingssandbox.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QGroupBox>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>

using namespace iteragpu;
using gui::WorkloadForm;
using Field = WorkloadForm::Field;
Q_DECLARE_METATYPE(WorkloadForm::Field)

namespace {

constexpr int kRunTimeoutMs = 120'000;

// Two recipes are the same step when every field is (TrainingRecipe has no operator==).
bool sameRecipe(const training::TrainingRecipe& a, const training::TrainingRecipe& b)
{
    return a.method == b.method && a.framework == b.framework && a.targets == b.targets && a.rank == b.rank
        && a.adapterFp32 == b.adapterFp32 && a.microBatch == b.microBatch && a.sequenceLength == b.sequenceLength
        && a.gradAccum == b.gradAccum && a.checkpointing == b.checkpointing && a.optimizer == b.optimizer
        && a.pagedOptimizer == b.pagedOptimizer && a.optimizerInBackward == b.optimizerInBackward
        && a.masterWeights == b.masterWeights && a.lossChunks == b.lossChunks && a.evalBatch == b.evalBatch
        && a.exportCopy == b.exportCopy;
}

QByteArray recipeText(const training::TrainingRecipe& r)
{
    return QByteArray(training::methodName(r.method)) + ' ' + training::frameworkName(r.framework) + " targets "
        + QByteArray::fromStdString(training::loraTargetList(r.targets)) + " rank " + QByteArray::number(r.rank)
        + " fp32 " + QByteArray::number(r.adapterFp32) + " mb " + QByteArray::number(r.microBatch) + " seq "
        + QByteArray::number(r.sequenceLength) + " accum " + QByteArray::number(r.gradAccum) + " ckpt "
        + QByteArray::number(r.checkpointing) + ' ' + training::optimizerKindName(r.optimizer) + " paged "
        + QByteArray::number(r.pagedOptimizer) + " inbwd " + QByteArray::number(r.optimizerInBackward) + " chunks "
        + QByteArray::number(r.lossChunks) + " eval " + QByteArray::number(r.evalBatch) + " export "
        + QByteArray::number(r.exportCopy);
}

// As the user does: picks an item of a combo box (activated, not only the index).
void pick(QComboBox* combo, int data)
{
    const int index = combo->findData(data);
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
    emit combo->activated(index);
}

// As the user types over a field's text.
void typeInto(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

void chooseTraining(WorkloadForm* form, training::Framework framework, training::Method method)
{
    pick(form->decoderRunBox(), int(protocol::Mode::Training));
    pick(form->frameworkBox(), int(framework));
    pick(form->methodBox(), int(method));
}

QStringList ledgerTexts(const QAbstractItemModel* model, const QModelIndex& parent = {})
{
    QStringList out;
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        out << index.data().toString();
        out << ledgerTexts(model, index);
    }
    return out;
}

} // namespace

// Invalid values are refused in the form, with the reason under the field, before anything runs.
class TestWorkloadForm : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(testsupport::settingsAreSandboxed()); }
    // Every case starts from the seeds' example, not from what an earlier case left in the settings.
    void init()
    {
        gui::WorkloadSettings::clear();
        QSettings().clear(); // the sizing panel's and the device panel's choices too
    }
    void cleanupTestCase() { gui::WorkloadSettings::clear(); }

    // Defect: the workload form reset at every start. Its choices come back, as values, in any language.
    void choicesSurviveARestart()
    {
        protocol::RunConfig chosen;
        {
            WorkloadForm form;
            form.modeBox()->setCurrentIndex(form.modeBox()->findData(int(protocol::Mode::Training)));
            form.dtypeBox()->setCurrentIndex(form.dtypeBox()->findData(int(device::DType::BFloat16)));
            form.allocatorBox()->setCurrentIndex(form.allocatorBox()->findData(int(protocol::AllocatorKind::Async)));
            form.edit(Field::Batch)->setText(QStringLiteral("7"));
            form.edit(Field::Context)->setText(QStringLiteral("4096"));
            form.edit(Field::Width)->setText(QStringLiteral("2048"));
            form.edit(Field::Warmup)->setText(QStringLiteral("0"));
            form.edit(Field::Repeats)->setText(QStringLiteral("9"));
            form.edit(Field::SamplingHz)->setText(QStringLiteral("250"));
            form.edit(Field::SimCapacity)->setText(QStringLiteral("24"));
            QVERIFY(form.isValid());
            chosen = *form.config();
        }
        QLocale::setDefault(QLocale(QStringLiteral("de")));
        WorkloadForm again;
        QLocale::setDefault(QLocale(QStringLiteral("en_US")));
        QVERIFY(again.isValid());
        const auto back = again.config();
        QVERIFY(back.has_value());
        QCOMPARE(back->mode, chosen.mode);
        QCOMPARE(back->dtype, chosen.dtype);
        QCOMPARE(back->allocator, chosen.allocator);
        QCOMPARE(back->batch, std::uint64_t(7));
        QCOMPARE(back->context, std::uint64_t(4096));
        QCOMPARE(back->width, std::uint64_t(2048));
        QCOMPARE(back->warmup, 0u);
        QCOMPARE(back->repeats, 9u);
        QCOMPARE(back->samplingHz, 250.0);
        QCOMPARE(back->simCapacityBytes, std::optional<std::uint64_t>(24ULL * units::kGiB));

        // Reset gives the seeds' example and keeps it for the next start.
        again.resetButton()->click();
        const protocol::RunConfig seeds;
        QCOMPARE(again.config()->batch, seeds.batch);
        QCOMPARE(again.config()->mode, seeds.mode);
        QCOMPARE(again.config()->warmup, seeds.warmup);
        WorkloadForm third;
        QCOMPARE(third.config()->batch, seeds.batch);
        QCOMPARE(third.config()->dtype, seeds.dtype);
    }

    // The wheel over an unfocused combo box scrolls the form instead of changing the mode, the data type or the
    // allocator; once the box has the focus (a click, Tab) the wheel changes it.
    void wheelChangesAComboOnlyWhenFocused()
    {
        WorkloadForm form;
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        for (QComboBox* box : { form.modeBox(), form.dtypeBox(), form.allocatorBox() }) {
            box->setCurrentIndex(0);
            form.setFocus();
            QVERIFY(!box->hasFocus());
            const QPoint center = box->rect().center();
            QWheelEvent down(center, box->mapToGlobal(center), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                Qt::NoScrollPhase, false);
            QApplication::sendEvent(box, &down);
            QCOMPARE(box->currentIndex(), 0);
            QCOMPARE(box->focusPolicy(), Qt::StrongFocus);
            box->setFocus();
            QWheelEvent again(center, box->mapToGlobal(center), QPoint(), QPoint(0, -120), Qt::NoButton,
                Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(box, &again);
            QCOMPARE(box->currentIndex(), 1);
        }
    }

    void damagedSettingsFallBackToTheSeeds()
    {
        {
            QSettings s;
            s.setValue(QStringLiteral("workload/batch"), QStringLiteral("-3"));
            s.setValue(QStringLiteral("workload/width"), 0);
            s.setValue(QStringLiteral("workload/mode"), QStringLiteral("warp-drive"));
        }
        WorkloadForm form;
        QVERIFY(form.isValid());
        QCOMPARE(form.config()->batch, protocol::RunConfig {}.batch);
        QCOMPARE(form.config()->width, protocol::RunConfig {}.width);
        QCOMPARE(form.config()->mode, protocol::RunConfig {}.mode);
    }

    void defaultsAreValid()
    {
        WorkloadForm form;
        QVERIFY(form.isValid());
        const auto config = form.config();
        QVERIFY(config.has_value());
        QCOMPARE(config->batch, std::uint64_t(2));
        QCOMPARE(config->context, std::uint64_t(128));
        QCOMPARE(config->width, std::uint64_t(1024));
        QCOMPARE(config->simCapacityBytes, std::optional<std::uint64_t>(80ULL * units::kGiB));
    }

    void invalidValueIsRefusedWithReason_data()
    {
        QTest::addColumn<Field>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::addRow("batch empty") << Field::Batch << QString() << QStringLiteral("Required.");
        QTest::addRow("batch zero") << Field::Batch << QStringLiteral("0") << QStringLiteral("Must be at least 1.");
        QTest::addRow("batch negative") << Field::Batch << QStringLiteral("-2")
                                        << QStringLiteral("Cannot be negative.");
        QTest::addRow("batch letters") << Field::Batch << QStringLiteral("two")
                                       << QStringLiteral("Not a whole number.");
        QTest::addRow("batch fraction") << Field::Batch << QStringLiteral("1.5")
                                        << QStringLiteral("Not a whole number.");
        QTest::addRow("context too large")
            << Field::Context << QStringLiteral("2147483648") << QStringLiteral("At most 2,147,483,647.");
        QTest::addRow("width beyond 64 bits")
            << Field::Width << QStringLiteral("99999999999999999999") << QStringLiteral("Not a whole number.");
        QTest::addRow("warm-up too many")
            << Field::Warmup << QStringLiteral("1000001") << QStringLiteral("At most 1,000,000."); // core's kMaxRepeats
        QTest::addRow("repeats negative")
            << Field::Repeats << QStringLiteral("-1") << QStringLiteral("Cannot be negative.");
        QTest::addRow("sampling too slow")
            << Field::SamplingHz << QStringLiteral("5") << QStringLiteral("Between 10 and 10,000 Hz.");
        QTest::addRow("sampling too fast")
            << Field::SamplingHz << QStringLiteral("20000") << QStringLiteral("Between 10 and 10,000 Hz.");
        QTest::addRow("sampling not a number")
            << Field::SamplingHz << QStringLiteral("fast") << QStringLiteral("Not a number.");
        QTest::addRow("sim capacity zero")
            << Field::SimCapacity << QStringLiteral("0") << QStringLiteral("Must be more than 0 GiB.");
        QTest::addRow("sim capacity huge")
            << Field::SimCapacity << QStringLiteral("1e9") << QStringLiteral("At most 1,048,576 GiB.");
    }

    void invalidValueIsRefusedWithReason()
    {
        QFETCH(Field, field);
        QFETCH(QString, text);
        QFETCH(QString, reason);
        WorkloadForm form;
        QSignalSpy validity(&form, &WorkloadForm::validityChanged);
        form.edit(field)->setText(text);
        QVERIFY(!form.isValid());
        QCOMPARE(form.errorText(field), reason);
        QVERIFY(!form.config().has_value() || !form.isValid());
        QCOMPARE(validity.count(), 1);
        QCOMPARE(validity.at(0).at(0).toBool(), false);
        // Correcting the value clears the reason.
        form.edit(field)->setText(QStringLiteral("20"));
        QVERIFY2(form.isValid(), qPrintable(form.formError()));
        QCOMPARE(form.errorText(field), QString());
        QCOMPARE(validity.count(), 2);
    }

    void zeroRepeatsAndWarmupAreAllowed()
    {
        WorkloadForm form;
        form.edit(Field::Warmup)->setText(QStringLiteral("0"));
        form.edit(Field::Repeats)->setText(QStringLiteral("0"));
        QVERIFY(form.isValid());
        QCOMPARE(form.config()->repeats, 0u);
    }

    void overflowingTensorIsRefusedForTheForm()
    {
        WorkloadForm form;
        form.edit(Field::Batch)->setText(QStringLiteral("2147483647"));
        form.edit(Field::Context)->setText(QStringLiteral("2147483647"));
        form.edit(Field::Width)->setText(QStringLiteral("2147483647"));
        QVERIFY(!form.isValid());
        QVERIFY2(form.formError().contains(QStringLiteral("64 bits")), qPrintable(form.formError()));
    }

    void simCapacityIgnoredOnAGpu()
    {
        WorkloadForm form;
        form.edit(Field::SimCapacity)->setText(QStringLiteral("-3"));
        QVERIFY(!form.isValid());
        form.setSimulatedDevice(false);
        QVERIFY(form.isValid());
        QVERIFY(!form.edit(Field::SimCapacity)->isEnabled());
        QVERIFY(!form.config()->simCapacityBytes.has_value());
    }

    // Note [Which workload runs]: with no pick the form follows the sizing panel: the dense network while the panel
    // has no model shape (a first start: 7e9 parameters typed in), the model as soon as it has one, and back.
    void workloadFollowsTheSizingPanelsShape()
    {
        gui::MainWindow window;
        WorkloadForm* form = window.workloadForm();
        QCOMPARE(form->workload(), protocol::WorkloadKind::Dense);
        QVERIFY2(form->measuresText().contains(QStringLiteral("dense network")), qPrintable(form->measuresText()));
        QVERIFY(!window.sizingPanel()->measureButton()->isEnabled());

        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QVERIFY(window.sizingPanel()->measureButton()->isEnabled());
        const QString says = form->measuresText();
        QVERIFY2(says.contains(QStringLiteral("Llama 2 7B")) && says.contains(QStringLiteral("llama"))
                && says.contains(QStringLiteral("32 layers")) && says.contains(QStringLiteral("fp16")),
            qPrintable(says));
        const auto config = window.runConfig();
        QVERIFY(config.has_value());
        QCOMPARE(config->workload, protocol::WorkloadKind::Decoder);
        QVERIFY(config->decoder.has_value());
        QCOMPARE(config->decoder->shape.layers, std::uint64_t(32));
        QCOMPARE(config->decoder->shape.hidden, std::uint64_t(4096));
        QCOMPARE(config->decoder->shape.family, std::string("llama"));
        QCOMPARE(config->decoder->modelSource, std::string("preset:llama-2-7b"));
        QCOMPARE(config->decoder->storage, protocol::WeightStorage::Float16); // the sizing panel's default format
        QCOMPARE(config->dtype, device::DType::Float16);
        QCOMPARE(config->mode, protocol::Mode::Inference);
        QVERIFY(protocol::validateConfig(*config).empty());
        // The dense network's rows are hidden, the decoder's shown.
        QVERIFY(!form->edit(Field::Batch)->isVisibleTo(form));
        QVERIFY(form->edit(Field::PromptTokens)->isVisibleTo(form));
        QVERIFY(!form->modeBox()->isVisibleTo(form));

        window.sizingPanel()->setParametersText(QStringLiteral("7000000000"));
        window.sizingPanel()->recompute();
        QCOMPARE(form->workload(), protocol::WorkloadKind::Dense);
        QCOMPARE(window.runConfig()->workload, protocol::WorkloadKind::Dense);
        QVERIFY(!window.runConfig()->decoder.has_value());
    }

    // A pick wins over the sizing panel and survives a restart; picking the model without a shape is refused
    // with the reason, never measured as something else.
    void aPickIsKept()
    {
        {
            gui::MainWindow window;
            QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
            WorkloadForm* form = window.workloadForm();
            const int dense = form->workloadBox()->findData(int(protocol::WorkloadKind::Dense));
            form->workloadBox()->setCurrentIndex(dense);
            emit form->workloadBox()->activated(dense); // as a click on the item does
            QCOMPARE(form->workload(), protocol::WorkloadKind::Dense);
            QVERIFY(form->measuresText().contains(QStringLiteral("not the model in the sizing panel")));
            QCOMPARE(window.runConfig()->workload, protocol::WorkloadKind::Dense);
        }
        {
            gui::MainWindow window; // the preset is back (the sizing panel's settings), and so is the pick
            QVERIFY(window.sizingPanel()->shape().has_value());
            QCOMPARE(window.workloadForm()->workload(), protocol::WorkloadKind::Dense);
            WorkloadForm* form = window.workloadForm();
            const int decoder = form->workloadBox()->findData(int(protocol::WorkloadKind::Decoder));
            form->workloadBox()->setCurrentIndex(decoder);
            emit form->workloadBox()->activated(decoder);
            window.sizingPanel()->setParametersText(QStringLiteral("7000000000"));
            window.sizingPanel()->recompute();
            QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
            QVERIFY(!form->isValid());
            QVERIFY2(form->formError().contains(QStringLiteral("no model shape")), qPrintable(form->formError()));
            QVERIFY(!window.runConfig().has_value());
        }
    }

    // "Measure this model" takes the model, its format, tokens and sequences over and shows the workload tab.
    void measureThisModelTakesItsChoicesOver()
    {
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        WorkloadForm* form = window.workloadForm();
        // The user had picked the dense network: the button's request wins.
        const int dense = form->workloadBox()->findData(int(protocol::WorkloadKind::Dense));
        form->workloadBox()->setCurrentIndex(dense);
        emit form->workloadBox()->activated(dense);
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("mistral-7b-v0.1")));
        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::NF4);
        panel->findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel->findChild<QSpinBox*>(QStringLiteral("promptSpin"))->setValue(1536);
        panel->findChild<QSpinBox*>(QStringLiteral("generatedSpin"))->setValue(48);
        panel->findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(3);
        panel->findChild<QCheckBox*>(QStringLiteral("staticCheck"))->setChecked(true);
        QCOMPARE(form->workload(), protocol::WorkloadKind::Dense);
        panel->measureButton()->click();

        QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        const auto config = window.runConfig();
        QVERIFY(config && config->decoder);
        QCOMPARE(config->workload, protocol::WorkloadKind::Decoder);
        QCOMPARE(config->decoder->modelSource, std::string("preset:mistral-7b-v0.1"));
        QCOMPARE(config->decoder->shape.family, std::string("mistral"));
        QCOMPARE(config->decoder->storage, protocol::WeightStorage::Nf4);
        QCOMPARE(config->dtype, device::DType::BFloat16); // nf4 computes in the panel's compute format
        QCOMPARE(config->decoder->promptTokens, std::uint64_t(1536));
        QCOMPARE(config->decoder->generated, std::uint64_t(48));
        QCOMPARE(config->decoder->sequences, std::uint64_t(3));
        QCOMPARE(config->decoder->cache, protocol::KvCacheKind::Static);
        QVERIFY2(form->measuresText().contains(QStringLiteral("Sequences: 3, each 1,536 prompt tokens, then 48 generated")), qPrintable(form->measuresText()));
        // The workload tab is the one in view now.
        QTRY_VERIFY(form->visibleRegion().boundingRect().height() > 0);
        QVERIFY(panel->visibleRegion().isEmpty());

        // The decoder's own choices come back at the next start.
        form->cacheBox()->setCurrentIndex(form->cacheBox()->findData(int(protocol::KvCacheKind::Paged)));
        form->attentionBox()->setCurrentIndex(form->attentionBox()->findData(int(protocol::AttentionKind::Eager)));
        form->edit(Field::DecodeChunk)->setText(QStringLiteral("16"));
        WorkloadForm again;
        QCOMPARE(again.workload(), protocol::WorkloadKind::Decoder); // picked by the button, no model given yet
        again.setSizedModel(*panel->sizedModel());
        const auto back = again.config();
        QVERIFY(back && back->decoder);
        QCOMPARE(back->decoder->promptTokens, std::uint64_t(1536));
        QCOMPARE(back->decoder->sequences, std::uint64_t(3));
        QCOMPARE(back->decoder->cache, protocol::KvCacheKind::Paged);
        QCOMPARE(back->decoder->attention, protocol::AttentionKind::Eager);
        QCOMPARE(back->decoder->decodeChunk, std::uint64_t(16));
    }

    // A format with no real layout (int4-compact, a bound) is refused in words, naming what the decoder builds,
    // before anything runs; GPTQ measures, with the format box's group.
    void formatThatCannotBeMeasuredIsRefused()
    {
        gui::MainWindow window;
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-2-7b")));
        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::Int4Compact);
        panel->recompute();
        WorkloadForm* form = window.workloadForm();
        QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
        QVERIFY(!form->isValid());
        QVERIFY2(form->formError().contains(QStringLiteral("int4-compact")), qPrintable(form->formError()));
        QVERIFY2(form->formError().contains(QStringLiteral("gptq-int4, awq-int4, fp4, mxfp4")),
            qPrintable(form->formError()));
        QVERIFY(!window.runConfig().has_value());
        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::GptqInt4);
        panel->recompute();
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QCOMPARE(window.runConfig()->decoder->storage, protocol::WeightStorage::GptqInt4);
        QCOMPARE(window.runConfig()->decoder->quantGroup, panel->findChild<gui::FormatBox*>()->groupSize());
        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::Int8);
        panel->recompute();
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QCOMPARE(window.runConfig()->decoder->storage, protocol::WeightStorage::Int8);
    }

    // The sizing engine's total is the reference line of the dense network only.
    void sizingLineOnlyForTheDenseNetwork()
    {
        gui::MainWindow window;
        const auto drawnOrNamed = [&window] {
            return window.timeline()->estimateSeries()->count() > 0
                || window.timeline()->offScaleText().contains(QStringLiteral("Sizing estimate"));
        };
        QCOMPARE(window.workloadForm()->workload(), protocol::WorkloadKind::Dense);
        QVERIFY(drawnOrNamed());
        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        QCOMPARE(window.workloadForm()->workload(), protocol::WorkloadKind::Decoder);
        QVERIFY(!drawnOrNamed());
    }

    // The device panel's simulated card and speed land in the run's configuration, on sim:N only; the card's
    // capacity replaces the simulated capacity field.
    void simulatedCardLandsInTheRunConfig()
    {
        gui::MainWindow window;
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        gui::SimCardBox* box = window.devicePicker()->simCardBox();
        QVERIFY(!box->isHidden());
        QCOMPARE(window.runConfig()->simCard, std::string());
        QVERIFY(!box->speedBox()->isEnabled()); // no card, no pace
        QVERIFY(box->selectCard(QStringLiteral("h100-sxm")));
        QVERIFY(box->setSpeed(0.0));
        QVERIFY(box->speedBox()->isEnabled());
        auto config = window.runConfig();
        QVERIFY(config.has_value());
        QCOMPARE(config->deviceId, std::string("sim:0"));
        QCOMPARE(config->simCard, std::string("h100-sxm"));
        QCOMPARE(config->simSpeed, 0.0);
        QVERIFY(!config->simCapacityBytes.has_value()); // the card's reported capacity applies
        QVERIFY(!window.workloadForm()->edit(Field::SimCapacity)->isEnabled());
        QVERIFY(box->setSpeed(0.1));
        QCOMPARE(window.runConfig()->simSpeed, 0.1);
        QVERIFY(!box->setSpeed(0.5)); // not one of the choices
        // Back to none: today's plain simulated device of the form's capacity.
        QVERIFY(box->selectCard(QString()));
        config = window.runConfig();
        QCOMPARE(config->simCard, std::string());
        QCOMPARE(config->simSpeed, 1.0);
        QCOMPARE(config->simCapacityBytes, std::optional<std::uint64_t>(80ULL * units::kGiB));
        QVERIFY(window.workloadForm()->edit(Field::SimCapacity)->isEnabled());
        // Kept across starts.
        QVERIFY(box->selectCard(QStringLiteral("a100-80gb")));
        QVERIFY(box->setSpeed(10.0));
        gui::SimCardBox again;
        QCOMPARE(again.cardId(), QStringLiteral("a100-80gb"));
        QCOMPARE(again.speed(), 10.0);
    }

    // The training step the form builds is resolveRecipe's for the framework and method, with the fields set.
    void trainingYieldsTheResolvedRecipe_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("method");
        QTest::addColumn<QString>("rank"); // typed into the rank field; empty: left to the framework
        QTest::addRow("hf full") << int(training::Framework::Hf) << int(training::Method::Full) << QString();
        QTest::addRow("hf lora") << int(training::Framework::Hf) << int(training::Method::Lora) << QString();
        QTest::addRow("torchtune lora") << int(training::Framework::Torchtune) << int(training::Method::Lora)
                                        << QString();
        QTest::addRow("torchtune full (paged 8-bit in backward)")
            << int(training::Framework::Torchtune) << int(training::Method::Full) << QString();
        QTest::addRow("hf lora rank 64") << int(training::Framework::Hf) << int(training::Method::Lora)
                                         << QStringLiteral("64");
    }
    void trainingYieldsTheResolvedRecipe()
    {
        QFETCH(int, framework);
        QFETCH(int, method);
        QFETCH(QString, rank);
        gui::MainWindow window;
        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        WorkloadForm* form = window.workloadForm();
        QVERIFY(!form->methodBox()->isVisibleTo(form)); // inference until a training step is chosen
        chooseTraining(form, training::Framework(framework), training::Method(method));
        QVERIFY(form->methodBox()->isVisibleTo(form));
        QVERIFY(!form->edit(Field::PromptTokens)->isVisibleTo(form)); // the generation's fields are not used
        QCOMPARE(form->edit(Field::LoraRank)->isVisibleTo(form), method != int(training::Method::Full));
        training::RecipeChoices expected;
        expected.framework = training::Framework(framework);
        expected.method = training::Method(method);
        if (!rank.isEmpty()) {
            typeInto(form->edit(Field::LoraRank), rank);
            expected.rank = rank.toULongLong();
        }
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        const auto config = window.runConfig();
        QVERIFY(config && config->decoder && config->decoder->training);
        QCOMPARE(config->mode, protocol::Mode::Training);
        QCOMPARE(config->workload, protocol::WorkloadKind::Decoder);
        const training::TrainingRecipe want = training::resolveRecipe(expected);
        QVERIFY2(sameRecipe(*config->decoder->training, want),
            QByteArray(recipeText(*config->decoder->training) + " != " + recipeText(want)).constData());
        QVERIFY(protocol::validateConfig(*config).empty());
        // The line under "What runs" is core's description of the step.
        QVERIFY2(form->measuresText().contains(QStringLiteral("fine-tuning step"))
                && form->measuresText().contains(QLatin1String(training::methodName(want.method))),
            qPrintable(form->measuresText()));
        QVERIFY(window.runPanel()->runButton()->isEnabled());
    }

    // A framework switch changes what the user left to it, never what the user set.
    void frameworkSwitchKeepsTheUsersChoices()
    {
        gui::MainWindow window;
        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        WorkloadForm* form = window.workloadForm();
        chooseTraining(form, training::Framework::Hf, training::Method::Lora);
        const training::TrainingRecipe hf
            = training::frameworkProfile(training::Framework::Hf, training::Method::Lora).recipe;
        QCOMPARE(form->edit(Field::LossChunks)->text(), QString::number(hf.lossChunks));
        QCOMPARE(form->trainingCheck(WorkloadForm::TrainingCheck::Checkpointing)->isChecked(), hf.checkpointing);
        typeInto(form->edit(Field::LoraRank), QStringLiteral("32"));
        pick(form->optimizerBox(), int(training::OptimizerKind::Sgd));
        form->targetBox(training::LoraTarget::KProj)->click(); // q, k, v now

        pick(form->frameworkBox(), int(training::Framework::Torchtune));
        training::RecipeChoices said;
        said.framework = training::Framework::Torchtune;
        said.method = training::Method::Lora;
        said.rank = 32;
        said.optimizer = training::OptimizerKind::Sgd;
        said.targets = { training::LoraTarget::QProj, training::LoraTarget::KProj, training::LoraTarget::VProj };
        const training::TrainingRecipe want = training::resolveRecipe(said);
        const training::TrainingRecipe tt
            = training::frameworkProfile(training::Framework::Torchtune, training::Method::Lora).recipe;
        QCOMPARE(form->edit(Field::LoraRank)->text(), QStringLiteral("32"));
        QCOMPARE(form->optimizerBox()->currentData().toInt(), int(training::OptimizerKind::Sgd));
        QVERIFY(form->targetBox(training::LoraTarget::KProj)->isChecked());
        QVERIFY(!form->targetBox(training::LoraTarget::OProj)->isChecked()); // torchtune's, but targets were set
        QCOMPARE(form->edit(Field::LossChunks)->text(), QString::number(tt.lossChunks));
        QCOMPARE(form->trainingCheck(WorkloadForm::TrainingCheck::Checkpointing)->isChecked(), tt.checkpointing);
        QCOMPARE(form->adapterBox()->currentData().toInt(), tt.adapterFp32 ? 1 : 0);
        auto config = window.runConfig();
        QVERIFY(config && config->decoder && config->decoder->training);
        QVERIFY2(sameRecipe(*config->decoder->training, want),
            QByteArray(recipeText(*config->decoder->training) + " != " + recipeText(want)).constData());

        // "Use the framework's defaults" forgets what was set.
        form->frameworkDefaultsButton()->click();
        config = window.runConfig();
        QVERIFY(config && config->decoder && config->decoder->training);
        QVERIFY2(sameRecipe(*config->decoder->training, tt), recipeText(*config->decoder->training).constData());
        QCOMPARE(form->edit(Field::LoraRank)->text(), QString::number(tt.rank));
    }

    // DeepSeek-V3's fp8 weights are measured with the config's 128 x 128 scale blocks, as the sizing panel sized
    // them; another format carries no blocks.
    void fp8BlocksOfTheConfigReachTheRun()
    {
        gui::MainWindow window;
        const QString config = QDir(qEnvironmentVariable("ITERAGPU_TEST_DATA"))
                                   .filePath(QStringLiteral("models/deepseek-v3/config.json"));
        QVERIFY(window.sizingPanel()->loadConfigFile(config));
        auto* format = window.sizingPanel()->findChild<gui::FormatBox*>();
        format->setStorage(sizing::WeightFormat::FP8E4M3);
        window.sizingPanel()->recompute();
        auto run = window.runConfig();
        QVERIFY(run && run->decoder);
        QCOMPARE(run->decoder->storage, protocol::WeightStorage::Fp8E4m3);
        QCOMPARE(run->decoder->fp8BlockRows, std::uint64_t(128));
        QCOMPARE(run->decoder->fp8BlockColumns, std::uint64_t(128));

        format->setStorage(sizing::WeightFormat::BF16);
        window.sizingPanel()->recompute();
        run = window.runConfig();
        QVERIFY(run && run->decoder);
        QCOMPARE(run->decoder->storage, protocol::WeightStorage::BFloat16);
        QCOMPARE(run->decoder->fp8BlockRows, std::uint64_t(0));
        QCOMPARE(run->decoder->fp8BlockColumns, std::uint64_t(0));
    }

    // QLoRA trains adapters on nf4 weights: with bf16 or fp16 ones it is refused in words and Run stays off; the
    // format is never switched behind the user's back.
    void qloraOnSixteenBitWeightsIsRefused()
    {
        gui::MainWindow window;
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-2-7b")));
        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::BF16);
        panel->recompute();
        WorkloadForm* form = window.workloadForm();
        chooseTraining(form, training::Framework::Hf, training::Method::Qlora);
        QVERIFY(!form->isValid());
        QVERIFY2(form->formError().contains(QStringLiteral("nf4")), qPrintable(form->formError()));
        QVERIFY(!window.runPanel()->runButton()->isEnabled());
        QVERIFY(!window.runConfig().has_value());
        QCOMPARE(form->methodBox()->currentData().toInt(), int(training::Method::Qlora));
        QCOMPARE(panel->sizedModel()->format, sizing::WeightFormat::BF16);

        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::NF4);
        panel->recompute();
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QVERIFY(window.runPanel()->runButton()->isEnabled());
        const auto config = window.runConfig();
        QVERIFY(config && config->decoder && config->decoder->training);
        QCOMPARE(config->decoder->storage, protocol::WeightStorage::Nf4);
        QCOMPARE(config->decoder->training->method, training::Method::Qlora);
    }

    // core's reasons for refusing a run are shown in the UI language: the form's reason under the workload and the
    // run controller's error are the catalog's German, not the English the CLI writes.
    void refusalsAreShownInTheUiLanguage()
    {
        gui::MainWindow window;
        const auto backToEnglish = qScopeGuard([&window] { window.switchLanguage(QStringLiteral("en")); });
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-2-7b")));
        panel->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::BF16);
        panel->recompute();
        WorkloadForm* form = window.workloadForm();
        chooseTraining(form, training::Framework::Hf, training::Method::Qlora);
        const char* qlora = "QLoRA trains adapters on a quantized base: choose nf4 or nf4-dq weights (--format nf4)";
        QCOMPARE(form->formError(), QString::fromUtf8(qlora));

        window.switchLanguage(QStringLiteral("de"));
        const QString german = QCoreApplication::translate("RunRefusal", qlora);
        QVERIFY2(german != QLatin1String(qlora), "no German catalog entry");
        QTRY_COMPARE(form->formError(), german);

        // An unknown simulated card, refused by prepareRun: the sentence in German, the card's id as typed.
        const char* unknownCard = "unknown simulated card '%1': the GPU catalog (%2) has no such id or name; cards "
                                  "that can pace this run: %3";
        const QString pattern = QCoreApplication::translate("RunRefusal", unknownCard);
        QVERIFY(pattern != QLatin1String(unknownCard) && !pattern.startsWith(QLatin1String("%1")));
        protocol::RunConfig c;
        c.deviceId = "sim:0";
        c.simCard = "h900";
        QSignalSpy errors(window.runController(), &gui::RunController::errorOccurred);
        QCOMPARE(window.runController()->start(c), std::uint64_t(0));
        QCOMPARE(errors.count(), 1);
        const QString error = errors.at(0).at(0).toString();
        QVERIFY2(error.startsWith(pattern.left(pattern.indexOf(QLatin1String("%1"))) + QLatin1String("h900")),
            qPrintable(error));
        QVERIFY2(!error.contains(QLatin1String("unknown simulated card")), qPrintable(error));
    }

    // A limit of core's is the form's: out of range, the reason under the field.
    void trainingLimitsAreCores_data()
    {
        QTest::addColumn<Field>("field");
        QTest::addColumn<quint64>("over");
        QTest::addRow("rank") << Field::LoraRank << quint64(training::kMaxLoraRank + 1);
        QTest::addRow("grad accum") << Field::GradAccum << quint64(training::kMaxGradAccum + 1);
        QTest::addRow("loss chunks") << Field::LossChunks << quint64(training::kMaxLossChunks + 1);
    }
    void trainingLimitsAreCores()
    {
        QFETCH(Field, field);
        QFETCH(quint64, over);
        gui::MainWindow window;
        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        WorkloadForm* form = window.workloadForm();
        chooseTraining(form, training::Framework::Hf, training::Method::Lora);
        typeInto(form->edit(field), QString::number(over - 1));
        QVERIFY(form->errorText(field).isEmpty());
        typeInto(form->edit(field), QString::number(over));
        QVERIFY2(
            form->errorText(field).contains(QString::number(over - 1).right(3)), qPrintable(form->errorText(field)));
        QVERIFY(!form->isValid());
    }

    // The training choices come back at the next start, as choices: what was left to the framework still follows.
    void trainingChoicesSurviveARestart()
    {
        {
            gui::MainWindow window;
            QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
            WorkloadForm* form = window.workloadForm();
            chooseTraining(form, training::Framework::Torchtune, training::Method::Lora);
            typeInto(form->edit(Field::LoraRank), QStringLiteral("16"));
            typeInto(form->edit(Field::GradAccum), QStringLiteral("4"));
            form->trainingCheck(WorkloadForm::TrainingCheck::ExportCopy)->click();
            QVERIFY2(form->isValid(), qPrintable(form->formError()));
        }
        gui::MainWindow again;
        WorkloadForm* form = again.workloadForm();
        QVERIFY(again.sizingPanel()->shape().has_value());
        QVERIFY(form->decoderTraining());
        QCOMPARE(form->frameworkBox()->currentData().toInt(), int(training::Framework::Torchtune));
        const training::RecipeChoices back = form->recipeChoices();
        QCOMPARE(back.method, training::Method::Lora);
        QCOMPARE(back.rank, std::optional<std::uint64_t>(16));
        QCOMPARE(back.gradAccum, std::optional<std::uint64_t>(4));
        QCOMPARE(back.exportCopy, std::optional<bool>(true));
        QVERIFY(!back.lossChunks.has_value());
        QVERIFY(!back.targets.has_value());
        pick(form->frameworkBox(), int(training::Framework::Hf));
        QCOMPARE(form->edit(Field::LoraRank)->text(), QStringLiteral("16"));
        QCOMPARE(form->edit(Field::LossChunks)->text(),
            QString::number(
                training::frameworkProfile(training::Framework::Hf, training::Method::Lora).recipe.lossChunks));
        const auto config = again.runConfig();
        QVERIFY(config && config->decoder && config->decoder->training);
        QCOMPARE(config->decoder->training->gradAccum, std::uint64_t(4));
        // The dense network's mode is its own: a decoder training step does not turn it into training.
        QCOMPARE(form->modeBox()->currentData().toInt(), int(protocol::Mode::Inference));
    }

    // A LoRA step of a tiny model runs live from the window on the simulated device: every planned phase, the
    // first step's four records apart from the warm steps, and the ledger names gradients and optimizer state
    // in the UI language.
    void liveLoraStepCompletes()
    {
        gui::MainWindow window;
        const QString config = QDir(qEnvironmentVariable("ITERAGPU_TEST_DATA"))
                                   .filePath(QStringLiteral("measure/tiny-llama.config.json"));
        QVERIFY(window.sizingPanel()->loadConfigFile(config));
        window.sizingPanel()->findChild<gui::FormatBox*>()->setStorage(sizing::WeightFormat::BF16);
        window.sizingPanel()->recompute();
        WorkloadForm* form = window.workloadForm();
        QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
        chooseTraining(form, training::Framework::Hf, training::Method::Lora);
        typeInto(form->edit(Field::MicroBatch), QStringLiteral("1"));
        typeInto(form->edit(Field::SequenceLength), QStringLiteral("16"));
        form->edit(Field::Warmup)->setText(QStringLiteral("1"));
        form->edit(Field::Repeats)->setText(QStringLiteral("2"));
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        const auto planned = window.runConfig();
        QVERIFY(planned && planned->decoder && planned->decoder->training);

        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.completed, result.error.c_str());
        QVERIFY(result.simulated);
        QStringList names;
        for (const auto& phase : result.phases)
            names << QString::fromStdString(protocol::phaseLabel(phase));
        for (const char* name : { "first_step.forward", "first_step.loss", "first_step.backward",
                 "first_step.optimizer", "warmup", "warm_step#0", "warm_step#1" })
            QVERIFY2(names.contains(QLatin1String(name)), qPrintable(names.join(QLatin1Char(','))));
        // The phase table has a row per record, the first step's apart from the warm steps.
        QCOMPARE(window.phaseModel()->rowCount(), int(result.phases.size()));
        QStringList rows;
        for (int row = 0; row < window.phaseModel()->rowCount(); ++row)
            rows << window.phaseModel()->index(row, gui::PhaseTableModel::ColPhase).data().toString();
        QVERIFY2(
            rows.filter(QStringLiteral("first_step.backward")).size() == 1, qPrintable(rows.join(QLatin1Char(','))));
        QVERIFY2(rows.filter(QStringLiteral("warm_step")).size() == 2, qPrintable(rows.join(QLatin1Char(','))));

        // The Why view of the optimizer's step, whose peak holds the adapters' gradients and the states it
        // creates (the backward's peak comes before its first gradient; set_to_none frees them before a warm
        // step's forward): each by its label, in English, then in German.
        const auto whyLines = [&window, &names] {
            window.whyView()->selectPhase(int(names.indexOf(QStringLiteral("first_step.optimizer"))));
            return ledgerTexts(window.whyView()->ledgerModel());
        };
        QStringList lines = whyLines();
        QVERIFY2(lines.contains(QStringLiteral("gradients")) && lines.contains(QStringLiteral("optimizer state")),
            qPrintable(lines.join(QLatin1Char('|'))));
        window.switchLanguage(QStringLiteral("de"));
        lines = whyLines();
        const bool german
            = lines.contains(QStringLiteral("Gradienten")) && lines.contains(QStringLiteral("Optimierer-Zustände"));
        window.switchLanguage(QStringLiteral("en"));
        QVERIFY2(german, qPrintable(lines.join(QLatin1Char('|'))));
    }

    void invalidFormDisablesRun()
    {
        gui::MainWindow window;
        QPushButton* run = window.runPanel()->runButton();
        QVERIFY(run->isEnabled());
        window.workloadForm()->edit(Field::Width)->setText(QStringLiteral("0"));
        QVERIFY(!run->isEnabled());
        QVERIFY(!run->toolTip().isEmpty());
        // Asking anyway starts nothing.
        window.startRun();
        QVERIFY(!window.runController()->isRunning());
        QCOMPARE(window.runController()->currentRunId(), std::uint64_t(0));
        window.workloadForm()->edit(Field::Width)->setText(QStringLiteral("64"));
        QVERIFY(run->isEnabled());
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestWorkloadForm test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_workloadform.moc"
