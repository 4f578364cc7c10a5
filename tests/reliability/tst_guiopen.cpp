// SPDX-License-Identifier: Apache-2.0
// File > Open and Compare with a hostile result file: the window shows one line of error and keeps running.
#include "app/gui/report/reportactions.h"
#include "app/gui/report/resultcomparewidget.h"
#include "support/settingssandbox.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using namespace iteragpu;

class TestGuiOpen : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString write(const QString& name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return path;
    }

private slots:
    void initTestCase() { testsupport::sandboxSettings(); }

    void hostileFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("nested 50 000 deep")
            << QByteArray("{\"a\":" + QByteArray(50000, '[') + QByteArray(50000, ']') + ",\"b\":1}")
            << QStringLiteral("deeper than 64 levels");
        QTest::addRow("1e400") << QByteArray(R"({"schema":"iteragpu.measure/2","identity":{"run_id":1e400}})")
                               << QStringLiteral("not a readable JSON document");
    }

    void hostileFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const QString path = write(QStringLiteral("hostile.json"), text);
        QVERIFY(!path.isEmpty());

        // Compare: the error is shown in the widget's message line.
        gui::ResultCompareWidget compare;
        QSignalSpy compareLog(&compare, &gui::ResultCompareWidget::logMessage);
        QVERIFY(!compare.openFile(gui::ResultCompareWidget::Side::A, path));
        QCOMPARE(compareLog.count(), 1);
        QVERIFY2(compareLog.at(0).at(0).toString().contains(message), qPrintable(compareLog.at(0).at(0).toString()));
        bool shown = false;
        for (const QLabel* label : compare.findChildren<QLabel*>())
            shown = shown || label->text().contains(message);
        QVERIFY(shown);

        // File > Open: the error reaches the log (and a message box when the window is visible).
        QWidget window;
        gui::ReportActions actions(&window, {});
        QSignalSpy log(&actions, &gui::ReportActions::logMessage);
        QVERIFY(!actions.openResultFile(path));
        QCOMPARE(log.count(), 1);
        QVERIFY(log.at(0).at(1).toBool()); // an error line
        QVERIFY2(log.at(0).at(0).toString().contains(message), qPrintable(log.at(0).at(0).toString()));
        QVERIFY(!actions.held(gui::ReportActions::Held::Opened).has_value());
    }
};

QTEST_MAIN(TestGuiOpen)
#include "tst_guiopen.moc"
