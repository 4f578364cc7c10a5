// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"
#include "app/gui/devices/devicepicker.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/runcontroller.h"
#include "app/gui/devices/simcardbox.h"
#include "app/gui/sizing/enginebox.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/why/ledgermodel.h"
#include "app/gui/why/ownerbar.h"
#include "app/gui/why/waterfallchart.h"
#include "app/gui/why/whyview.h"
#include "app/gui/workload/workloadform.h"
#include "app/gui/workbench/workbenchsteps.h"
#include <QTabWidget>
#include "core/sim/simbackend.h"
#include "core/training/trainingrecipe.h"
#include "support/settingssandbox.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QHelpEvent>
#include <QToolTip>
#include <QDir>
#include <QDockWidget>
#include <QGroupBox>
#include <QSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPixmap>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QProgressBar>
#include <QLocale>
#include "app/gui/widgets/elidingcombobox.h"

#include <QComboBox>
#include <QStyleOptionComboBox>
#include <QTest>
#include <QTreeView>

using namespace iteragpu;
using Field = gui::WorkloadForm::Field;

namespace {

// Screenshots are written only when ITERAGPU_SCREENSHOT_DIR names a folder (run under Xvfb for the README).
void saveShot(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QVERIFY(window.grab().save(QDir(dir).filePath(name)));
}

// Texts that do not fit their widget: labels that do not wrap, buttons and check boxes narrower than they ask.
// Widgets inside a scroll area count with the width the scroll area gives them.
QStringList clippedTexts(QWidget& window)
{
    QStringList clipped;
    for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!w->isVisibleTo(&window) || w->width() <= 0)
            continue;
        QString text;
        if (auto* header = qobject_cast<QHeaderView*>(w); header && header->orientation() == Qt::Horizontal) {
            // Column titles: Qt 6.4 draws a header's text without elision, cut at the section's edges.
            const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
            for (int section = 0; header->model() && section < header->count(); ++section) {
                if (header->isSectionHidden(section))
                    continue;
                const QString title = header->model()->headerData(section, Qt::Horizontal).toString();
                const int needed = header->fontMetrics().horizontalAdvance(title) + margin;
                if (header->sectionSize(section) < needed)
                    clipped << QStringLiteral("column '%1' (%2 < %3)")
                                   .arg(title)
                                   .arg(header->sectionSize(section))
                                   .arg(needed);
            }
            continue;
        }
        if (auto* combo = qobject_cast<QComboBox*>(w)) {
            // A combo box's current text is cut at its edit field unless the box elides it (the whole text then in
            // its tool tip).
            if (combo->isEditable() || combo->currentText().isEmpty() || qobject_cast<gui::ElidingComboBox*>(combo))
                continue;
            QStyleOptionComboBox opt;
            opt.initFrom(combo);
            opt.currentText = combo->currentText();
            const int room
                = combo->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, combo).width();
            const int needed = combo->fontMetrics().horizontalAdvance(combo->currentText());
            if (room < needed)
                clipped << QStringLiteral("combo '%1' (%2 < %3)").arg(combo->currentText()).arg(room).arg(needed);
            continue;
        }
        if (auto* label = qobject_cast<QLabel*>(w)) {
            if (label->wordWrap() || label->text().isEmpty() || label->pixmap().isNull() == false)
                continue;
            text = label->text();
        } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
            if (button->text().isEmpty() || button->parentWidget()->inherits("QTabBar")
                || button->parentWidget()->inherits("QDockWidget"))
                continue;
            text = button->text();
        } else {
            continue;
        }
        if (w->width() < w->minimumSizeHint().width() || w->width() + 2 < w->sizeHint().width())
            clipped << QStringLiteral("%1 (%2 < %3)").arg(text).arg(w->width()).arg(w->sizeHint().width());
    }
    return clipped;
}

// The out-of-memory screens: 256 MiB for the allocator beside the simulated context and workspace (500 + 32 MiB).
constexpr double kOomGiB = (256.0 + 532.0) / 1024.0;

void setWorkload(
    gui::MainWindow& window, const QString& batch, const QString& width, const QString& repeats, const QString& simGiB)
{
    gui::WorkloadForm* form = window.workloadForm();
    form->edit(Field::Batch)->setText(batch);
    form->edit(Field::Width)->setText(width);
    form->edit(Field::Repeats)->setText(repeats);
    form->edit(Field::SimCapacity)->setText(simGiB);
}

} // namespace

// The window at the sizes people use: nothing clipped at 1024x700, sensible at 1280x800. Under Xvfb with
// ITERAGPU_SCREENSHOT_DIR set it also writes the screenshots of the README.
class TestScreens : public QObject {
    Q_OBJECT
private slots:
    // A combo box narrower than its text draws it cut with an ellipsis and says it whole in its tool tip, before
    // its own; one wide enough draws it whole and keeps its own tool tip only.
    void combosElideWithTheWholeTextInTheToolTip()
    {
        gui::ElidingComboBox box;
        const QString text = QStringLiteral("Das Modell aus der Dimensionierung (zufällige Gewichte)");
        box.addItem(text);
        box.setToolTip(QStringLiteral("what runs"));
        box.resize(140, box.sizeHint().height());
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        QVERIFY(box.elided());
        QVERIFY(box.shownText().endsWith(QChar(0x2026)));
        QVERIFY(box.fontMetrics().horizontalAdvance(box.shownText()) < box.fontMetrics().horizontalAdvance(text));
        QHelpEvent help(QEvent::ToolTip, QPoint(5, 5), box.mapToGlobal(QPoint(5, 5)));
        QApplication::sendEvent(&box, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().startsWith(text), qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().endsWith(QStringLiteral("what runs")));
        QToolTip::hideText();
        box.resize(box.fontMetrics().horizontalAdvance(text) + 80, box.height());
        QVERIFY(!box.elided());
        QCOMPARE(box.shownText(), text);
    }

    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        QSettings().clear();
    }

    // The Size step with vLLM chosen on an H100 (and llama.cpp on an RTX 4090), in every language at 1024x700: the
    // engine's options and its verdict beside the estimate, nothing clipped.
    void engineChosenNothingClipped_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("engine");
        for (const QString& language : gui::LabApplication::languages()) {
            QTest::addRow("vllm %s", qPrintable(language)) << language << int(gui::EngineBox::Engine::Vllm);
            QTest::addRow("llama.cpp %s", qPrintable(language)) << language << int(gui::EngineBox::Engine::LlamaCpp);
        }
    }

    void engineChosenNothingClipped()
    {
        QFETCH(QString, language);
        QFETCH(int, engine);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] { app->setLanguage(QStringLiteral("en")); });
        QSettings().clear();
        // The window saves its settings when it closes: cleared after it, so the next tests start from the seeds.
        const auto clearAfter = qScopeGuard([] { QSettings().clear(); });
        gui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Size);
        auto* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-3.1-8b")));
        const bool vllm = engine == int(gui::EngineBox::Engine::Vllm);
        QVERIFY(panel->setTargetCard(vllm ? QStringLiteral("h100-sxm") : QStringLiteral("rtx-4090")));
        panel->findChild<gui::EngineBox*>(QStringLiteral("engineBox"))->setEngine(gui::EngineBox::Engine(engine));
        panel->recompute();
        QTest::qWait(50);
        auto* label = panel->findChild<QLabel*>(QStringLiteral("engineLabel"));
        QVERIFY(label && !label->text().isEmpty());
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
        saveShot(window, QStringLiteral("step-size-%1-1024x700-%2.png").arg(vllm ? QStringLiteral("vllm") : QStringLiteral("llamacpp"), language));
    }

    void nothingClipped_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        // German and Vietnamese strings are longer or taller: every language at both sizes.
        for (const QString& language : gui::LabApplication::languages()) {
            QTest::addRow("1024x700 %s", qPrintable(language)) << QSize(1024, 700) << language;
            QTest::addRow("1280x800 %s", qPrintable(language)) << QSize(1280, 800) << language;
        }
    }

    void nothingClipped()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] { app->setLanguage(QStringLiteral("en")); });
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(50);
        QVERIFY(window.width() <= size.width() && window.height() <= size.height());
        // Every step, each with the whole centre: nothing clipped on any of them.
        using Step = gui::WorkbenchSteps::Step;
        for (int i = 0; i < gui::WorkbenchSteps::kStepCount; ++i) {
            const QString name = gui::WorkbenchSteps::key(static_cast<Step>(i));
            window.steps()->setCurrentStep(static_cast<Step>(i));
            QTest::qWait(50);
            QVERIFY(window.steps()->page(static_cast<Step>(i))->isVisibleTo(&window));
            const QStringList clipped = clippedTexts(window);
            QVERIFY2(clipped.isEmpty(), qPrintable(name + QStringLiteral(": ")
                                                   + clipped.join(QStringLiteral("; "))));
            saveShot(window,
                QStringLiteral("step-%1-%2x%3-%4.png")
                    .arg(name)
                    .arg(size.width())
                    .arg(size.height())
                    .arg(language));
        }
        // The sizing panel has the centre: its inputs beside the results, the whole height; the chart keeps most
        // of the Measure step.
        window.steps()->setCurrentStep(Step::Size);
        QTest::qWait(50);
        QVERIFY(window.sizingPanel()->inputsBesideResults());
        QVERIFY(window.sizingPanel()->width() >= size.width() - 20);
        window.steps()->setCurrentStep(Step::Measure);
        QTest::qWait(50);
        QVERIFY(window.workloadForm()->isVisibleTo(&window));
        QVERIFY(window.timeline()->width() >= size.width() / 2);
        QVERIFY(window.timeline()->height() >= size.height() / 3);
    }

    void midRun()
    {
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Measure);
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        setWorkload(window, QStringLiteral("8"), QStringLiteral("8192"), QStringLiteral("6"), QStringLiteral("6"));
        // Slower simulated kernels, so the run lasts long enough to be seen in the middle.
        sim::SimBackend* sim = window.registry().simBackend();
        sim::SimOptions options = sim->options();
        options.kernelMicros = 25'000;
        sim->setOptions(options);
        QSignalSpy phaseDone(window.runController(), &gui::RunController::phaseFinished);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_VERIFY_WITH_TIMEOUT(phaseDone.count() >= 5 || finished.count() == 1, 120'000);
        QTest::qWait(150);
        QVERIFY(window.phaseModel()->rowCount() >= 1);
        saveShot(window, QStringLiteral("mainwindow.png"));
        window.stopRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        options.kernelMicros = sim::SimOptions {}.kernelMicros;
        sim->setOptions(options);
    }

    // After a run and after an out-of-memory run, in every language at both sizes: nothing clipped, the bar
    // says how far the run got, and the chart has its points.
    void afterRunInEveryLanguage_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("outOfMemory");
        for (const QString& language : gui::LabApplication::languages())
            for (const QSize size : { QSize(1024, 700), QSize(1280, 800) })
                for (const bool oom : { false, true })
                    QTest::addRow("%dx%d %s %s", size.width(), size.height(), qPrintable(language),
                        oom ? "oom" : "ok")
                        << size << language << oom;
    }

    void afterRunInEveryLanguage()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(bool, outOfMemory);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] { app->setLanguage(QStringLiteral("en")); });
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Measure);
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        if (outOfMemory)
            setWorkload(window, QStringLiteral("96"), QStringLiteral("2048"), QStringLiteral("3"),
                QLocale().toString(kOomGiB, 'f', 8));
        else
            setWorkload(window, QStringLiteral("2"), QStringLiteral("1024"), QStringLiteral("3"),
                QLocale().toString(8));
        QVERIFY2(window.workloadForm()->isValid(), qPrintable(window.workloadForm()->formError()));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QTest::qWait(100);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QCOMPARE(result.completed, !outOfMemory);
        QVERIFY(window.timeline()->allocatedSeries()->count() > 0);
        const auto* bar = window.runPanel()->overallBar();
        QCOMPARE(bar->value() == bar->maximum(), !outOfMemory);
        saveShot(window,
            QStringLiteral("run-%1x%2-%3-%4.png")
                .arg(size.width())
                .arg(size.height())
                .arg(language, outOfMemory ? QStringLiteral("oom") : QStringLiteral("ok")));
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
    }

    // The sizing panel's Llama-2-7B measured on sim:0 as a simulated H100 at speed 0, in English and German at
    // both sizes: the workload tab says what runs and fits, the chart shows the decoder's phases with their
    // predicted steps, nothing is clipped.
    void decoderRunOnASimulatedCard_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<double>("speed");
        for (const QString& language : gui::LabApplication::languages())
            for (const QSize size : { QSize(1024, 700), QSize(1280, 800) }) {
                // English and German at 1280x800 run at the card's own pace (about 5 s): the chart fills as the
                // H100 would take; the others as fast as possible.
                const bool paced = size.width() == 1280 && (language == QLatin1String("en") || language == QLatin1String("de"));
                QTest::addRow("%dx%d %s", size.width(), size.height(), qPrintable(language))
                    << size << language << (paced ? 1.0 : 0.0);
            }
    }

    void decoderRunOnASimulatedCard()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(double, speed);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] {
            app->setLanguage(QStringLiteral("en"));
            QSettings().clear(); // the model and the card stay out of the later cases
        });
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QStringLiteral("h100-sxm")));
        QVERIFY(window.devicePicker()->simCardBox()->setSpeed(speed));
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-2-7b")));
        panel->findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel->findChild<QSpinBox*>(QStringLiteral("promptSpin"))->setValue(4096);
        panel->findChild<QSpinBox*>(QStringLiteral("generatedSpin"))->setValue(256);
        panel->findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(4);
        panel->measureButton()->click();
        gui::WorkloadForm* form = window.workloadForm();
        form->edit(Field::DecodeChunk)->setText(QStringLiteral("64"));
        form->edit(Field::Warmup)->setText(QStringLiteral("1"));
        form->edit(Field::Repeats)->setText(QStringLiteral("2"));
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QTest::qWait(50);
        QVERIFY(form->isVisibleTo(&window));
        const QStringList clippedForm = clippedTexts(window);
        QVERIFY2(clippedForm.isEmpty(), qPrintable(clippedForm.join(QStringLiteral("; "))));
        saveShot(window, QStringLiteral("decoder-form-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));

        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        if (speed > 0) {
            // Mid-run, in the decode: the phases so far, the running one growing, the window responsive.
            QTest::qWait(2500);
            QCOMPARE(finished.count(), 0);
            saveShot(window, QStringLiteral("decoder-live-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QTest::qWait(100);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.error.empty(), result.error.c_str());
        QCOMPARE(result.config.workload, protocol::WorkloadKind::Decoder);
        QCOMPARE(result.config.simCard, std::string("h100-sxm"));
        QVERIFY(window.timeline()->predictionSeries()->count() > 0);
        saveShot(window, QStringLiteral("decoder-run-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
    }

    void vllmRehearsalInEveryLanguage_data()
    {
        QTest::addColumn<QString>("language");
        for (const QString& language : gui::LabApplication::languages())
            QTest::addRow("%s", qPrintable(language)) << language;
    }

    // vLLM chosen in the sizing panel, Llama-3.1-8B on a simulated H100: the Measure step's form with vLLM's
    // start-up as the decoder's run, then its five phases in the table, at 1024x700, nothing clipped.
    void vllmRehearsalInEveryLanguage()
    {
        QFETCH(QString, language);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] {
            app->setLanguage(QStringLiteral("en"));
            QSettings().clear();
        });
        gui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QStringLiteral("h100-sxm")));
        QVERIFY(window.devicePicker()->simCardBox()->setSpeed(0.0));
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-3.1-8b")));
        panel->findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel->findChild<QSpinBox*>(QStringLiteral("promptSpin"))->setValue(1000);
        panel->findChild<QSpinBox*>(QStringLiteral("generatedSpin"))->setValue(200);
        panel->findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(8);
        auto* engine = panel->findChild<gui::EngineBox*>(QStringLiteral("engineBox"));
        engine->setEngine(gui::EngineBox::Engine::Vllm);
        engine->findChild<QSpinBox*>(QStringLiteral("maxModelLen"))->setValue(8192);
        panel->recompute();
        panel->measureButton()->click();
        gui::WorkloadForm* form = window.workloadForm();
        QVERIFY(form->decoderVllm());
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QTest::qWait(50);
        const QStringList clippedForm = clippedTexts(window);
        QVERIFY2(clippedForm.isEmpty(), qPrintable(clippedForm.join(QStringLiteral("; "))));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QTest::qWait(100);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed && result.config.vllm && result.config.vllm->plan.starts);
        QCOMPARE(window.phaseModel()->rowCount(), 5);
        saveShot(window, QStringLiteral("vllm-rehearsal-1024x700-%1.png").arg(language));
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
    }

    void whyViewAfterADecoderRun_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        for (const QString& language : gui::LabApplication::languages())
            for (const QSize size : { QSize(1024, 700), QSize(1280, 800) })
                QTest::addRow("%dx%d %s", size.width(), size.height(), qPrintable(language)) << size << language;
    }

    // Llama-2-7B on sim:0 (4 096 x 4 prompt tokens, eager): the Why tab raised on the peak phase, the timeline
    // coloured by owner; nothing clipped, the waterfall's rows and the owner bar within their widgets.
    void whyViewAfterADecoderRun()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] {
            app->setLanguage(QStringLiteral("en"));
            QSettings().clear();
        });
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QStringLiteral("h100-sxm")));
        QVERIFY(window.devicePicker()->simCardBox()->setSpeed(0.0));
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-2-7b")));
        panel->findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel->findChild<QSpinBox*>(QStringLiteral("promptSpin"))->setValue(4096);
        panel->findChild<QSpinBox*>(QStringLiteral("generatedSpin"))->setValue(64);
        panel->findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(4);
        panel->measureButton()->click();
        gui::WorkloadForm* form = window.workloadForm();
        form->edit(Field::DecodeChunk)->setText(QStringLiteral("64"));
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        window.timeline()->setOwnerColouring(true);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.error.empty(), result.error.c_str());
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Explain);
        QTest::qWait(100);
        gui::WhyView* why = window.whyView();
        QVERIFY(why->isVisibleTo(&window));
        QVERIFY(why->ledger());
        QVERIFY(!why->waterfall()->rows().empty());
        QVERIFY(why->waterfall()->height() >= why->waterfall()->heightForWidth(why->waterfall()->width()));
        QVERIFY(why->ownerBar()->height() >= why->ownerBar()->heightForWidth(why->ownerBar()->width()));
        saveShot(window, QStringLiteral("why-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
        // The ledger's tab, every line of the phase's ledger.
        why->tabs()->setCurrentIndex(1);
        QTest::qWait(50);
        saveShot(*why, QStringLiteral("why-ledger-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        // The figures are in view without scrolling sideways: the bytes and source columns end inside the view.
        QTreeView* ledger = why->ledgerView();
        const int figuresRight = ledger->header()->sectionViewportPosition(gui::LedgerModel::ColSource)
            + ledger->columnWidth(gui::LedgerModel::ColSource);
        QVERIFY2(figuresRight <= ledger->viewport()->width(),
            qPrintable(QStringLiteral("figures end at %1 of %2").arg(figuresRight).arg(ledger->viewport()->width())));
        const QStringList clippedLedger = clippedTexts(window);
        QVERIFY2(clippedLedger.isEmpty(), qPrintable(clippedLedger.join(QStringLiteral("; "))));
    }

    void decoderTrainingStep_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        for (const QString& language : gui::LabApplication::languages())
            for (const QSize size : { QSize(1024, 700), QSize(1280, 800) })
                QTest::addRow("%dx%d %s", size.width(), size.height(), qPrintable(language)) << size << language;
    }

    // A LoRA step of Llama-2-7B (torchtune's habits) on sim:0 as a simulated H100: the workload tab scrolled to
    // the training fields, the run's phases on the chart, the Why view of the optimizer's step; nothing clipped.
    void decoderTrainingStep()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] {
            app->setLanguage(QStringLiteral("en"));
            QSettings().clear();
        });
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QStringLiteral("h100-sxm")));
        QVERIFY(window.devicePicker()->simCardBox()->setSpeed(0.0));
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->selectPreset(QStringLiteral("llama-2-7b")));
        panel->measureButton()->click();
        gui::WorkloadForm* form = window.workloadForm();
        const auto pick = [](QComboBox* combo, int data) {
            const int index = combo->findData(data);
            combo->setCurrentIndex(index);
            emit combo->activated(index);
        };
        pick(form->decoderRunBox(), int(protocol::Mode::Training));
        pick(form->frameworkBox(), int(training::Framework::Torchtune));
        pick(form->methodBox(), int(training::Method::Lora));
        form->edit(Field::Warmup)->setText(QStringLiteral("1"));
        form->edit(Field::Repeats)->setText(QStringLiteral("2"));
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QTest::qWait(50);
        QVERIFY(form->isVisibleTo(&window));
        auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("workloadScroll"));
        QVERIFY(scroll);
        scroll->ensureWidgetVisible(form->methodBox(), 0, 0);
        QTest::qWait(50);
        const QStringList clippedForm = clippedTexts(window);
        QVERIFY2(clippedForm.isEmpty(), qPrintable(clippedForm.join(QStringLiteral("; "))));
        saveShot(window, QStringLiteral("training-form-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        scroll->ensureWidgetVisible(form->frameworkDefaultsButton(), 0, 0);
        QTest::qWait(50);
        saveShot(window,
            QStringLiteral("training-form-lower-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));

        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QTest::qWait(100);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.completed, result.error.c_str());
        QCOMPARE(result.config.mode, protocol::Mode::Training);
        saveShot(window, QStringLiteral("training-run-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));

        int optimizer = -1;
        for (const auto& phase : result.phases)
            if (phase.name == "first_step.optimizer")
                optimizer = phase.index;
        QVERIFY(optimizer >= 0);
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Explain);
        window.whyView()->selectPhase(optimizer);
        QTest::qWait(100);
        saveShot(window, QStringLiteral("training-why-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
        const QStringList clippedWhy = clippedTexts(window);
        QVERIFY2(clippedWhy.isEmpty(), qPrintable(clippedWhy.join(QStringLiteral("; "))));
        window.whyView()->tabs()->setCurrentIndex(1);
        QTest::qWait(50);
        saveShot(*window.whyView(),
            QStringLiteral("training-why-ledger-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));
    }

    void afterOutOfMemory()
    {
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Measure);
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        setWorkload(window, QStringLiteral("96"), QStringLiteral("2048"), QStringLiteral("3"),
            QString::number(kOomGiB, 'f', 8));
        sim::SimBackend* sim = window.registry().simBackend();
        sim::SimOptions options = sim->options();
        options.kernelMicros = 25'000;
        sim->setOptions(options);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QVERIFY(!window.noticeText().isEmpty());
        const int row = window.phaseModel()->rowCount() - 1;
        QVERIFY(row >= 0);
        QTest::qWait(100);
        saveShot(window, QStringLiteral("mainwindow-oom.png"));
        options.kernelMicros = sim::SimOptions {}.kernelMicros;
        sim->setOptions(options);
        const QStringList clipped = clippedTexts(window);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestScreens test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_screens.moc"
