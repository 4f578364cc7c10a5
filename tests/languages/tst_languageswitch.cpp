// SPDX-License-Identifier: Apache-2.0
// The Language menu switches every open widget at once, with the real catalogs: menu titles, a button, a table
// header and the chart's axis title change to the catalog's translation and back; numbers follow the language.
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/workload/workloadform.h"
#include "support/settingssandbox.h"

#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>
#include <QTranslator>
#include <QValueAxis>

using namespace iteragpu;

namespace {

struct Visible {
    QStringList menus;
    QString runButton;
    QString phaseHeader;
    QString axisTitle;
};

Visible visibleTexts(gui::MainWindow& window)
{
    Visible v;
    for (QAction* a : window.menuBar()->actions())
        v.menus << a->text();
    v.runButton = window.runPanel()->runButton()->text();
    v.phaseHeader = window.phaseModel()->headerData(0, Qt::Horizontal, Qt::DisplayRole).toString();
    v.axisTitle = window.timeline()->axisX()->titleText();
    return v;
}

// What the catalog says for a source text, or the source itself in English.
QString expected(const QTranslator* catalog, const char* context, const char* source)
{
    if (!catalog)
        return QString::fromUtf8(source);
    return catalog->translate(context, source);
}

} // namespace

class TestLanguageSwitch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(testsupport::settingsAreSandboxed()); }

    void switchesEveryVisibleText_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("decimal"); // 13.04 GiB written in that language
        QTest::addRow("de") << QStringLiteral("de") << QStringLiteral("13,04 GiB");
        QTest::addRow("es") << QStringLiteral("es") << QStringLiteral("13,04 GiB");
        QTest::addRow("vi") << QStringLiteral("vi") << QStringLiteral("13,04 GiB");
        QTest::addRow("en") << QStringLiteral("en") << QStringLiteral("13.04 GiB");
    }

    void switchesEveryVisibleText()
    {
        QFETCH(QString, language);
        QFETCH(QString, decimal);
        gui::MainWindow window;
        window.show();
        // Qt delivers LanguageChange to the widgets as posted events: wait for them.
        window.switchLanguage(QStringLiteral("en"));
        QTRY_COMPARE(visibleTexts(window).menus.value(0), QStringLiteral("&File"));
        const Visible english = visibleTexts(window);

        std::unique_ptr<QTranslator> catalog;
        if (language != QLatin1String("en")) {
            catalog = std::make_unique<QTranslator>();
            QVERIFY(catalog->load(QStringLiteral(":/i18n/iteragpu_") + language + QStringLiteral(".qm")));
        }
        const char* mw = "iteragpu::gui::MainWindow";
        window.switchLanguage(language);
        QTRY_COMPARE(visibleTexts(window).menus.value(0), expected(catalog.get(), mw, "&File"));
        const Visible now = visibleTexts(window);
        QCOMPARE(now.menus,
            (QStringList { expected(catalog.get(), mw, "&File"), expected(catalog.get(), mw, "&View"),
                expected(catalog.get(), mw, "&Language"), expected(catalog.get(), mw, "&Help") }));
        QCOMPARE(now.runButton, expected(catalog.get(), "iteragpu::gui::RunPanel", "&Run"));
        QCOMPARE(now.phaseHeader, expected(catalog.get(), "iteragpu::gui::PhaseTableModel", "Phase"));
        QCOMPARE(now.axisTitle, expected(catalog.get(), "iteragpu::gui::TimelineChart", "Time (s)"));
        if (catalog) {
            // A real translation, not the English text passed through.
            QVERIFY(now.menus.value(0) != english.menus.value(0));
            QVERIFY(now.axisTitle != english.axisTitle);
        }
        QCOMPARE(gui::ByteText::inUnit(14'000'000'000ULL, units::Unit::GiB), decimal);

        window.switchLanguage(QStringLiteral("en"));
        QTRY_COMPARE(visibleTexts(window).menus.value(0), english.menus.value(0));
        const Visible back = visibleTexts(window);
        QCOMPARE(back.menus, english.menus);
        QCOMPARE(back.runButton, english.runButton);
        QCOMPARE(back.phaseHeader, english.phaseHeader);
        QCOMPARE(back.axisTitle, english.axisTitle);
        QCOMPARE(gui::ByteText::inUnit(14'000'000'000ULL, units::Unit::GiB), QStringLiteral("13.04 GiB"));
    }

    // Defect: the Sampling (Hz) field showed "1,000" in English and was read as 1 Hz after a switch to German
    // (and "1.000" the other way round), so the form turned invalid and Run was greyed out. Every numeric field
    // keeps its value through any sequence of switches.
    void numbersSurviveLanguageSwitches_data()
    {
        QTest::addColumn<QStringList>("sequence");
        QTest::addRow("en de") << QStringList { QStringLiteral("en"), QStringLiteral("de") };
        QTest::addRow("en de en") << QStringList { QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("en") };
        QTest::addRow("de en de") << QStringList { QStringLiteral("de"), QStringLiteral("en"), QStringLiteral("de") };
        QTest::addRow("en es vi de en")
            << QStringList { QStringLiteral("en"), QStringLiteral("es"), QStringLiteral("vi"), QStringLiteral("de"),
                   QStringLiteral("en") };
        QTest::addRow("vi en") << QStringList { QStringLiteral("vi"), QStringLiteral("en") };
    }

    void numbersSurviveLanguageSwitches()
    {
        QFETCH(QStringList, sequence);
        gui::MainWindow window;
        window.show();
        auto* app = static_cast<gui::LabApplication*>(QCoreApplication::instance());
        window.switchLanguage(sequence.first());
        QTRY_COMPARE(app->language(), sequence.first());
        QCoreApplication::processEvents();
        auto* form = window.workloadForm();
        protocol::RunConfig start;
        start.batch = 3;
        start.context = 2048;
        start.width = 1536;
        start.warmup = 1200; // four digits: written with a group separator in every language
        start.repeats = 5;
        start.samplingHz = 1000;
        start.simCapacityBytes = 24ULL * units::kGiB;
        form->setConfig(start);
        QVERIFY(form->isValid());
        const auto before = form->config();
        QVERIFY(before.has_value());
        const auto estimateBefore = window.sizingPanel()->estimate();
        QVERIFY(estimateBefore.has_value());
        const bool runEnabled = window.runPanel()->runButton()->isEnabled();

        for (const QString& language : sequence.mid(1)) {
            window.switchLanguage(language);
            QTRY_COMPARE(app->language(), language);
            // LanguageChange arrives as posted events: let every widget see it, then let the panel re-estimate.
            QTest::qWait(2 * gui::SizingPanel::kDebounceMs);
            QVERIFY2(form->isValid(),
                qPrintable(language + QStringLiteral(": ")
                    + form->errorText(gui::WorkloadForm::Field::SamplingHz)
                    + form->errorText(gui::WorkloadForm::Field::Warmup)));
            const auto after = form->config();
            QVERIFY(after.has_value());
            QCOMPARE(after->batch, before->batch);
            QCOMPARE(after->context, before->context);
            QCOMPARE(after->width, before->width);
            QCOMPARE(after->warmup, before->warmup);
            QCOMPARE(after->repeats, before->repeats);
            QCOMPARE(after->samplingHz, before->samplingHz);
            QCOMPARE(after->simCapacityBytes, before->simCapacityBytes);
            QCOMPARE(window.runPanel()->runButton()->isEnabled(), runEnabled);
            const auto estimateAfter = window.sizingPanel()->estimate();
            QVERIFY2(estimateAfter.has_value(), qPrintable(window.sizingPanel()->errorText()));
            QCOMPARE(estimateAfter->total(), estimateBefore->total());
        }
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    TestLanguageSwitch test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_languageswitch.moc"
