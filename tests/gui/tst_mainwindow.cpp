// SPDX-License-Identifier: Apache-2.0
#include "app/gui/about/aboutdialog.h"
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "core/buildinfo/buildinfo.h"
#include "support/settingssandbox.h"

#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>

using namespace iteragpu;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(testsupport::settingsAreSandboxed()); }

    void hasTheFourMenus()
    {
        gui::MainWindow window;
        QStringList titles;
        for (QAction* a : window.menuBar()->actions())
            titles << a->text();
        QCOMPARE(titles,
            (QStringList { QStringLiteral("&File"), QStringLiteral("&View"), QStringLiteral("&Language"),
                QStringLiteral("&Help") }));
    }

    void languageMenuNamesEachLanguageInItself()
    {
        gui::MainWindow window;
        QStringList names;
        for (QAction* a : window.languageMenu()->actions())
            names << a->text();
        QCOMPARE(names,
            (QStringList { QStringLiteral("English"), QStringLiteral("Deutsch"), QStringLiteral("Español"),
                QStringLiteral("Tiếng Việt") }));
    }

    void aboutShowsVersionCommitQtAndBackends()
    {
        gui::MainWindow window;
        gui::AboutDialog dialog(window.registry().statuses(), &window);
        const auto labels = dialog.findChildren<QLabel*>();
        QString text;
        for (auto* l : labels)
            text += l->text();
        QVERIFY(text.contains(QString::fromStdString(BuildInfo::version())));
        QVERIFY(text.contains(QString::fromStdString(BuildInfo::commit())));
        QVERIFY(text.contains(QString::fromLatin1(qVersion())));
        QTableWidget* table = dialog.backendTable();
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->item(0, gui::AboutDialog::ColBackend)->text(), QStringLiteral("cuda"));
        QCOMPARE(table->item(2, gui::AboutDialog::ColBackend)->text(), QStringLiteral("sim"));
        // A backend that did not load, or has no device, says why.
        for (int row = 0; row < 2; ++row) {
            const bool loaded = table->item(row, gui::AboutDialog::ColLoaded)->text() == QLatin1String("yes");
            const auto& st = window.registry().statuses()[static_cast<std::size_t>(row)];
            if (!loaded || st.deviceCount == 0)
                QVERIFY(!table->item(row, gui::AboutDialog::ColDetail)->text().isEmpty());
        }
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestMainWindow test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_mainwindow.moc"
