// SPDX-License-Identifier: Apache-2.0
// The script workload in the result file (written by python/iteragpu_probe) and readProbeLine, the bounded reader
// of the probe's event stream that the workbench follows live.
#include "core/protocol/runtypes.h"
#include "core/report/probestream.h"
#include "core/report/resultjson.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using nlohmann::ordered_json;

namespace {

// A script run as the probe describes it: one phase that ran, no estimate, a real (here: named) device.
protocol::RunResult scriptRun()
{
    protocol::RunResult r;
    r.identity.runId = 7;
    r.identity.appVersion = "iteragpu_probe 1.0";
    r.config.deviceId = "cuda:0";
    r.config.workload = protocol::WorkloadKind::Script;
    r.config.batch = r.config.context = r.config.width = 0;
    r.config.warmup = r.config.repeats = 0;
    r.config.script = protocol::ScriptSpec { "train.py", { "--steps", "3" }, "iteragpu_probe 1.0 (PyTorch 2.5.1)" };
    r.environment.backend = "cuda";
    r.environment.device.id = "cuda:0";
    r.environment.device.name = "a device";
    r.environment.device.totalBytes = 1u << 30;
    protocol::PhaseResult p;
    p.index = 0;
    p.name = "prefill";
    p.status = protocol::PhaseStatus::Ok;
    p.baseline = { 1024, 2u << 20 };
    p.peak = { 4096, 2u << 20 };
    p.final = { 2048, 2u << 20 };
    p.outOfMemory = false;
    p.startSeconds = 0.5;
    p.endSeconds = 1.0;
    p.durationSeconds = 0.5;
    p.samples.push_back({ 0.6, 3000, 2u << 20, std::nullopt, 0 });
    r.phases.push_back(p);
    r.trialOrder = { "prefill" };
    r.completed = true;
    return r;
}

std::string line(const ordered_json& j) { return j.dump(); }

ordered_json streamEvent(const char* name)
{
    return { { "event", name }, { "run_id", 42 }, { "simulated", false } };
}

} // namespace

class TestProbeStream : public QObject {
    Q_OBJECT
private slots:
    void scriptWorkloadRoundTrip()
    {
        const ordered_json j = report::toJson(scriptRun());
        QVERIFY(j["config"]["workload"] == "script");
        QVERIFY(j["config"]["batch"].is_null());
        QVERIFY(j["config"]["dtype"].is_null());
        QVERIFY(j["workload"]["measured_by"] == "iteragpu_probe 1.0 (PyTorch 2.5.1)");
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(j, back, error), error.c_str());
        QCOMPARE(back.config.workload, protocol::WorkloadKind::Script);
        QVERIFY(back.config.script);
        QCOMPARE(back.config.script->script, std::string("train.py"));
        QCOMPARE(back.config.script->arguments, (std::vector<std::string> { "--steps", "3" }));
        QCOMPARE(back.config.batch, std::uint64_t(0));
        QCOMPARE(back.phases.at(0).peak.allocated, std::optional<std::uint64_t>(4096));
        QCOMPARE(back.phases.at(0).samples.size(), std::size_t(1));
        QVERIFY(!protocol::validateConfig(back.config).empty()); // iteragpu never runs a script itself
    }

    void scriptFilesAreCheckedToo_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("reason");
        QTest::addRow("no measured_by") << "/workload/measured_by" << "\"\"" << "measured_by";
        QTest::addRow("arguments not a list") << "/workload/arguments" << "\"--steps 3\"" << "arguments";
        QTest::addRow("null counts in a dense file") << "/config/workload" << "\"dense\"" << "field config.";
        QTest::addRow("kind differs") << "/workload/kind" << "\"decoder\"" << "workload.kind";
    }

    void scriptFilesAreCheckedToo()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, reason);
        ordered_json j = report::toJson(scriptRun());
        j[ordered_json::json_pointer(pointer.toStdString())] = ordered_json::parse(value.toStdString());
        if (pointer == QLatin1String("/config/workload"))
            j["workload"]["kind"] = "dense"; // a dense file with a script's null counts
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::fromJson(j, back, error));
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
    }

    void readsEveryEvent()
    {
        const protocol::RunResult run = scriptRun();
        report::ProbeEvent e;
        std::string error;

        ordered_json started = streamEvent("run_started");
        protocol::RunResult header = run;
        header.phases.clear();
        header.trialOrder.clear();
        started["result"] = report::toJson(header);
        QVERIFY2(report::readProbeLine(line(started), e, error), error.c_str());
        QCOMPARE(e.kind, report::ProbeEvent::Kind::RunStarted);
        QCOMPARE(e.runId, std::uint64_t(42));
        QVERIFY(e.hasResult);
        QCOMPARE(e.result.environment.device.name, std::string("a device"));

        ordered_json phase = streamEvent("phase_finished");
        phase["phase"] = report::phaseToJson(run.phases[0], false);
        QVERIFY2(report::readProbeLine(line(phase), e, error), error.c_str());
        QCOMPARE(e.kind, report::ProbeEvent::Kind::PhaseFinished);
        QCOMPARE(e.phase.name, std::string("prefill"));
        QCOMPARE(e.phase.baseline.allocated, std::optional<std::uint64_t>(1024));
        QCOMPARE(e.phase.peak.allocated, std::optional<std::uint64_t>(4096));

        ordered_json samples = streamEvent("samples");
        samples["samples"] = ordered_json::array({ report::sampleToJson(run.phases[0].samples[0]) });
        QVERIFY2(report::readProbeLine(line(samples), e, error), error.c_str());
        QCOMPARE(e.samples.size(), std::size_t(1));
        QCOMPARE(e.samples[0].allocated, std::uint64_t(3000));
        QVERIFY(!e.samples[0].deviceUsed);

        ordered_json finished = streamEvent("run_finished");
        finished["completed"] = true;
        finished["cancelled"] = false;
        finished["error"] = nullptr;
        finished["result"] = report::toJson(run);
        QVERIFY2(report::readProbeLine(line(finished), e, error), error.c_str());
        QCOMPARE(e.kind, report::ProbeEvent::Kind::RunFinished);
        QVERIFY(e.completed);
        QVERIFY(e.hasResult);
        QCOMPARE(e.result.phases.size(), std::size_t(1));
        finished.erase("result"); // the result is optional: the phases streamed are then what was measured
        QVERIFY2(report::readProbeLine(line(finished), e, error), error.c_str());
        QVERIFY(!e.hasResult);
    }

    void refusesWithOneLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("reason");
        QTest::addRow("not JSON") << QByteArray("{\"event\": ") << "not JSON";
        QTest::addRow("not an object") << QByteArray("[1, 2]") << "not a JSON object";
        QTest::addRow("unknown event") << QByteArray(R"({"event":"launch","run_id":1,"simulated":false})")
                                       << "unknown event";
        QTest::addRow("simulated") << QByteArray(R"({"event":"samples","run_id":1,"simulated":true,"samples":[]})")
                                   << "simulated";
        QTest::addRow("negative run id") << QByteArray(R"({"event":"samples","run_id":-1,"simulated":false})")
                                         << "run_id";
        QTest::addRow("sample without bytes")
            << QByteArray(R"({"event":"samples","run_id":1,"simulated":false,"samples":[{"t":0,"allocated":null,)"
                          R"("reserved":1,"device_used":null,"phase":0}]})")
            << "allocated and reserved";
        QTest::addRow("sample phase below -1")
            << QByteArray(R"({"event":"samples","run_id":1,"simulated":false,"samples":[{"t":0,"allocated":1,)"
                          R"("reserved":1,"device_used":null,"phase":-2}]})")
            << "phase";
        QTest::addRow("phase missing its baseline")
            << QByteArray(R"({"event":"phase_started","run_id":1,"simulated":false,"phase":{"index":0,"name":"x",)"
                          R"("repeat":null,"status":"not_run","inputs":"","dimensions":{}}})")
            << "missing field";
        QTest::addRow("run_finished without flags")
            << QByteArray(R"({"event":"run_finished","run_id":1,"simulated":false,"error":null})") << "completed";
        QTest::addRow("a result that is not a script's")
            << QByteArray(R"({"event":"run_started","run_id":1,"simulated":false,"result":{"schema":"x"}})")
            << "result";
        QTest::addRow("deep nesting") << (QByteArray(R"({"event":)") + QByteArray(64, '[') + QByteArray(64, ']') + "}")
                                      << "nests deeper";
    }

    void refusesWithOneLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, reason);
        report::ProbeEvent e;
        std::string error;
        QVERIFY(!report::readProbeLine(std::string_view(text.constData(), std::size_t(text.size())), e, error));
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void refusesALineOverTheBound()
    {
        std::string text(report::kMaxProbeLineBytes + 1, ' ');
        report::ProbeEvent e;
        std::string error;
        QVERIFY(!report::readProbeLine(text, e, error));
        QVERIFY2(error.find("longer than") != std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestProbeStream)
#include "tst_probestream.moc"
