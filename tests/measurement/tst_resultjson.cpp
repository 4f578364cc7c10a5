// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"
#include "core/report/resultjson.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"

#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;

namespace {
protocol::RunResult simRun(protocol::Mode mode, std::optional<std::uint64_t> capacity)
{
    sim::SimBackend backend(sim::SimOptions { capacity.value_or(sim::kDefaultSimCapacity), 0 });
    protocol::RunConfig c;
    c.mode = mode;
    c.batch = 2;
    c.context = 32;
    c.width = 256;
    c.dtype = device::DType::BFloat16;
    c.warmup = 1;
    c.repeats = 2;
    c.simCapacityBytes = capacity;
    return protocol::Runner::runBlocking(
        c, { "sim", backend.runtimeDescription(), true }, [&backend](device::Status& s) { return backend.open(0, s); },
        nullptr);
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary);
    f << text;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
} // namespace

class TestResultJson : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<quint64>("capacity");
        QTest::addRow("inference") << int(protocol::Mode::Inference) << quint64(0);
        QTest::addRow("training") << int(protocol::Mode::Training) << quint64(0);
        QTest::addRow("training out of memory") << int(protocol::Mode::Training) << quint64(3 * units::kMiB);
    }

    void roundTrip()
    {
        QFETCH(int, mode);
        QFETCH(quint64, capacity);
        const auto result
            = simRun(protocol::Mode(mode), capacity ? std::optional<std::uint64_t>(capacity) : std::nullopt);
        QVERIFY(!result.phases.empty());
        const auto first = report::toJson(result);
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(first, back, error), error.c_str());
        QCOMPARE(report::toJson(back).dump(), first.dump());
        QCOMPARE(back.phases.size(), result.phases.size());
        QCOMPARE(back.phases.back().peak.allocated, result.phases.back().peak.allocated);
        QCOMPARE(first["simulated"].get<bool>(), true);
        QVERIFY(first["note"].get<std::string>().find("simulated") != std::string::npos);
        for (const auto& p : first["phases"]) {
            QVERIFY(p["baseline"]["allocated"].is_null() || p["baseline"]["allocated"].is_number_unsigned());
            QVERIFY(p["samples"]["t"].size() == p["samples"]["allocated"].size());
        }
    }

    void writeRefusesAnExistingPath()
    {
        const auto result = simRun(protocol::Mode::Inference, std::nullopt);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("r.json")).toStdString();
        std::string error;
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::None);
        const std::string written = readText(path);
        QVERIFY(!written.empty());
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::Exists);
        QVERIFY(error.find("exists") != std::string::npos);
        QCOMPARE(readText(path), written);
        // A dangling symbolic link is an existing path too.
        const std::string link = dir.filePath(QStringLiteral("link.json")).toStdString();
        std::filesystem::create_symlink(dir.filePath(QStringLiteral("nowhere")).toStdString(), link);
        QCOMPARE(report::writeResultFile(link, result, error), report::WriteError::Exists);
        QVERIFY(!std::filesystem::exists(dir.filePath(QStringLiteral("nowhere")).toStdString()));
    }

    void writeIntoAMissingFolderIsAnError()
    {
        const auto result = simRun(protocol::Mode::Inference, std::nullopt);
        QTemporaryDir dir;
        std::string error;
        const std::string path = dir.filePath(QStringLiteral("no/such/folder/r.json")).toStdString();
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::Io);
        QVERIFY(!error.empty());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void readRejectsMalformedFiles_data()
    {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("message");
        QTest::addRow("not JSON") << QStringLiteral("text:{ not json") << QStringLiteral("not valid JSON");
        QTest::addRow("empty file") << QStringLiteral("text:") << QStringLiteral("not valid JSON");
        QTest::addRow("an array") << QStringLiteral("text:[1, 2]") << QStringLiteral("not a JSON object");
        QTest::addRow("no schema") << QStringLiteral("erase:schema") << QStringLiteral("no \"schema\"");
        QTest::addRow("other schema") << QStringLiteral("schema:iteragpu.measure/99")
                                      << QStringLiteral("unsupported schema");
        QTest::addRow("no phases") << QStringLiteral("erase:phases") << QStringLiteral("missing field phases");
        QTest::addRow("bytes as text") << QStringLiteral("peak-string") << QStringLiteral("phases[0].peak.allocated");
        QTest::addRow("negative bytes") << QStringLiteral("peak-negative")
                                        << QStringLiteral("non-negative integer or null");
        QTest::addRow("unknown status") << QStringLiteral("status") << QStringLiteral("ok, failed or not_run");
    }

    void readRejectsMalformedFiles()
    {
        QFETCH(QString, mutation);
        QFETCH(QString, message);
        const auto result = simRun(protocol::Mode::Inference, std::nullopt);
        auto j = report::toJson(result);
        const std::string m = mutation.toStdString();
        std::string text;
        if (m.rfind("text:", 0) == 0)
            text = m.substr(5);
        else {
            if (m.rfind("erase:", 0) == 0)
                j.erase(m.substr(6));
            else if (m.rfind("schema:", 0) == 0)
                j["schema"] = m.substr(7);
            else if (m == "peak-string")
                j["phases"][0]["peak"]["allocated"] = "12 MiB";
            else if (m == "peak-negative")
                j["phases"][0]["peak"]["allocated"] = -5;
            else if (m == "status")
                j["phases"][0]["status"] = "maybe";
            text = j.dump();
        }
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("bad.json")).toStdString();
        writeText(path, text);
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::readResultFile(path, back, error));
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void readMissingFile()
    {
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::readResultFile("/nonexistent/iteragpu.json", back, error));
        QVERIFY(error.find("cannot open") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestResultJson)
#include "tst_resultjson.moc"
