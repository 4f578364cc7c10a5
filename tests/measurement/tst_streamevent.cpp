// SPDX-License-Identifier: Apache-2.0
// The reader of 'iteragpu measure --stream' lines (core/report/streamevent.h): the four events as measure writes
// them (the fuzz corpus holds one line of each, taken from a real run on sim:0) and one-line refusals of the rest.
#include "core/report/streamevent.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace iteragpu;
using Kind = report::StreamEvent::Kind;

namespace {

std::string corpusLine(const QString& name)
{
    QFile file(QDir(qEnvironmentVariable("ITERAGPU_SOURCE_DIR")).filePath(QStringLiteral("tests/fuzz/corpus/streamevent/") + name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().trimmed().toStdString();
}

} // namespace

class TestStreamEvent : public QObject {
    Q_OBJECT
private slots:
    void measuresOwnLines()
    {
        report::StreamEvent e;
        std::string error;
        QVERIFY2(report::readStreamLine(corpusLine(QStringLiteral("phase_started.jsonl")), e, error), error.c_str());
        QCOMPARE(e.kind, Kind::PhaseStarted);
        QVERIFY(e.simulated);
        QCOMPARE(e.phase.name, std::string("model_load"));
        QCOMPARE(e.phase.index, 0);
        QVERIFY(!e.phase.peak.allocated.has_value()); // not measured yet: null, never 0

        QVERIFY2(report::readStreamLine(corpusLine(QStringLiteral("phase_finished.jsonl")), e, error), error.c_str());
        QCOMPARE(e.kind, Kind::PhaseFinished);
        QCOMPARE(e.phase.status, protocol::PhaseStatus::Ok);
        QVERIFY(e.phase.peak.allocated.has_value());
        QVERIFY(*e.phase.peak.allocated > 0);
        QVERIFY(e.phase.endSeconds.has_value());

        QVERIFY2(report::readStreamLine(corpusLine(QStringLiteral("samples.jsonl")), e, error), error.c_str());
        QCOMPARE(e.kind, Kind::Samples);
        QVERIFY(!e.samples.empty());
        for (const auto& s : e.samples)
            QVERIFY(s.reserved >= s.allocated);

        QVERIFY2(report::readStreamLine(corpusLine(QStringLiteral("run_finished.jsonl")), e, error), error.c_str());
        QCOMPARE(e.kind, Kind::RunFinished);
        QVERIFY(e.completed);
        QVERIFY(!e.cancelled);
        QVERIFY(e.error.empty());
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("reason");
        QTest::addRow("not JSON") << QByteArray("phase started") << QStringLiteral("not JSON");
        QTest::addRow("empty") << QByteArray() << QStringLiteral("not JSON");
        QTest::addRow("an array") << QByteArray("[1,2]") << QStringLiteral("not an object");
        QTest::addRow("unknown event")
            << QByteArray(R"({"event":"tea","run_id":1,"simulated":true})") << QStringLiteral("unknown event");
        // Found by fuzz_streamevent (10^6 runs): a newline in an unknown event's name reached the one-line error.
        QTest::addRow("unknown event with a newline")
            << QByteArray("{\"event\":\"phase_s\\nd\\u001b[2Jstarted\",\"run_id\":1,\"simulated\":true}")
            << QStringLiteral("unknown event");
        QTest::addRow("no run id") << QByteArray(R"({"event":"samples","simulated":true,"samples":[]})")
                                   << QStringLiteral("run_id");
        QTest::addRow("negative allocated")
            << QByteArray(R"({"event":"samples","run_id":1,"simulated":false,"samples":[{"t":0,"allocated":-5,"reserved":0,"device_used":null,"phase":0}]})")
            << QStringLiteral("byte count");
        QTest::addRow("a sample without reserved")
            << QByteArray(R"({"event":"samples","run_id":1,"simulated":false,"samples":[{"t":0,"allocated":5,"reserved":null,"device_used":null,"phase":0}]})")
            << QStringLiteral("allocated and reserved");
        QTest::addRow("deep nesting") << QByteArray(200, '[') << QStringLiteral("nests deeper");
        QTest::addRow("status unknown")
            << QByteArray(R"({"event":"phase_started","run_id":1,"simulated":true,"phase":{"index":0,"name":"x","repeat":null,"status":"maybe"}})")
            << QStringLiteral("status");
        QTest::addRow("run_finished without error")
            << QByteArray(R"({"event":"run_finished","run_id":1,"simulated":true,"completed":true,"cancelled":false})")
            << QStringLiteral("no field error");
    }

    void refused()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, reason);
        report::StreamEvent e;
        e.runId = 77;
        std::string error;
        QVERIFY(!report::readStreamLine(std::string_view(line.constData(), static_cast<std::size_t>(line.size())), e, error));
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
        QCOMPARE(e.runId, std::uint64_t(77)); // a refused line leaves the event as it was
    }

    void tooLong()
    {
        std::string line(report::kMaxStreamLineBytes + 1, ' ');
        report::StreamEvent e;
        std::string error;
        QVERIFY(!report::readStreamLine(line, e, error));
        QVERIFY2(error.find("longer than") != std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStreamEvent)
#include "tst_streamevent.moc"
