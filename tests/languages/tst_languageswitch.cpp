// SPDX-License-Identifier: Apache-2.0
// The Language menu switches every open widget at once, with the real catalogs: menu titles, a button, a table
// header and the chart's axis title change to the catalog's translation and back; numbers follow the language.
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/timeline/timelinechart.h"

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
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

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
};

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true);
    gui::LabApplication app(argc, argv);
    TestLanguageSwitch test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_languageswitch.moc"
