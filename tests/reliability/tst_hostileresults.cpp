// SPDX-License-Identifier: Apache-2.0
// Result files written to hurt the reader (README "What it promises"): each gets one line of error, never a
// crash, a throw, a wrapped number or a line forged into the output.
#include "core/i18n/message.h"
#include "core/model/configreader.h"
#include "core/model/safetensorsreader.h"
#include "core/report/resultjson.h"
#include "core/report/textsummary.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/units/inputerror.h"
#include "core/units/printable.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/stat.h>

using namespace iteragpu;

namespace {

protocol::RunResult denseRun()
{
    sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
    protocol::RunConfig c;
    c.batch = 1;
    c.context = 16;
    c.width = 64;
    c.warmup = 1;
    c.repeats = 1;
    return protocol::Runner::runBlocking(
        c, { "sim", backend.runtimeDescription(), true }, [&backend](device::Status& s) { return backend.open(0, s); },
        nullptr);
}

protocol::RunResult decoderResult()
{
    protocol::RunResult r;
    r.config.workload = protocol::WorkloadKind::Decoder;
    r.config.dtype = device::DType::BFloat16;
    protocol::DecoderSpec d;
    d.modelSource = "preset:test";
    d.shape.family = "llama";
    d.shape.layers = 2;
    d.shape.hidden = 64;
    d.shape.intermediate = 128;
    d.shape.heads = 4;
    d.shape.kvHeads = 2;
    d.shape.headDim = 16;
    d.shape.vocab = 100;
    r.config.decoder = d;
    return r;
}

// The text of a result file whose field at pointer holds raw (JSON text, put in verbatim).
std::string withRaw(const nlohmann::ordered_json& base, const std::string& pointer, const std::string& raw)
{
    auto j = base;
    j[nlohmann::ordered_json::json_pointer(pointer)] = "@@RAW@@";
    std::string text = j.dump();
    const std::string marker = "\"@@RAW@@\"";
    text.replace(text.find(marker), marker.size(), raw);
    return text;
}

} // namespace

class TestHostileResults : public QObject {
    Q_OBJECT
private slots:
    void refusedWithOneLine_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("message");
        // Numbers beyond their field: never wrapped, truncated or cast.
        QTest::addRow("1e400 (beyond double)") << "dense" << "/identity/run_id" << "1e400" << "not a readable JSON";
        QTest::addRow("1e300 in an integer field")
            << "dense" << "/identity/run_id" << "1e300" << "identity.run_id must be a non-negative integer";
        QTest::addRow("2.5 in an integer field")
            << "dense" << "/config/batch" << "2.5" << "config.batch must be a non-negative integer";
        QTest::addRow("run_id -1") << "dense" << "/identity/run_id" << "-1" << "identity.run_id is out of range (-1";
        QTest::addRow("seed -1") << "dense" << "/identity/seed" << "-1" << "identity.seed is out of range";
        QTest::addRow("warmup 2^32 + 1")
            << "dense" << "/config/warmup" << "4294967297" << "config.warmup is out of range (4294967297";
        QTest::addRow("repeats -3") << "dense" << "/config/repeats" << "-3" << "config.repeats is out of range";
        QTest::addRow("phase index 2^31") << "dense" << "/phases/0/index" << "2147483648"
                                          << "phases[0].index is out of range";
        QTest::addRow("phase index -1") << "dense" << "/phases/0/index" << "-1" << "phases[0].index must not be";
        QTest::addRow("device index 2^40")
            << "dense" << "/environment/device/index" << "1099511627776" << "environment.device.index is out of";
        QTest::addRow("sample as -1")
            << "dense" << "/phases/0/samples/allocated" << "[-1]" << "samples.allocated[0] is out of range";
        QTest::addRow("sample time 1e300 is fine, -1 is not")
            << "dense" << "/trace/events" << "[{\"t\":-1,\"op\":\"malloc\",\"size\":1,\"address\":1,\"phase\":0}]"
            << "trace.events.t must not be negative";
        QTest::addRow("trace phase 1e10") << "dense" << "/trace/events"
                                          << "[{\"t\":0,\"op\":\"malloc\",\"size\":1,\"address\":1,\"phase\":1e10}]"
                                          << "trace.events.phase must be an integer";
        QTest::addRow("sampling rate negative")
            << "dense" << "/config/sampling_hz" << "-100" << "config.sampling_hz must not be negative";
        QTest::addRow("sim speed as text") << "dense" << "/config/sim_speed" << "\"fast\""
                                           << "config.sim_speed must be a number (it is string)";
        QTest::addRow("boolean as 1") << "dense" << "/completed" << "1" << "completed must be true or false";
        QTest::addRow("trial order of numbers")
            << "dense" << "/trial_order" << "[1]" << "trial_order[0] must be a string";
        // The decoder's shape: counts that divide or size the run must be at least 1; a float field within float.
        QTest::addRow("0 layers") << "decoder" << "/workload/shape/layers" << "0" << "shape.layers must be at least 1";
        QTest::addRow("0 heads") << "decoder" << "/workload/shape/heads" << "0" << "shape.heads must be at least 1";
        QTest::addRow("rope theta 1e300")
            << "decoder" << "/workload/rope_theta" << "1e300" << "workload.rope_theta 1e+300 is not a rotary base";
        QTest::addRow("2^40 layers") << "decoder" << "/workload/shape/layers" << "1099511627776"
                                     << "shape.layers 1099511627776 is larger than 100 000 layers";
        QTest::addRow("peak allocated 2^63")
            << "dense" << "/phases/0/peak/allocated" << "9223372036854775808" << "beyond 2^63 - 1";
        QTest::addRow("trace size 2^64 - 1") << "dense" << "/trace/events"
                                             << "[{\"t\":0,\"op\":\"malloc\",\"size\":18446744073709551615,"
                                                "\"address\":1,\"phase\":0}]"
                                             << "trace.events.size is 18446744073709551615 bytes";
        QTest::addRow("0 sequences") << "decoder" << "/workload/sequences" << "0" << "sequences must be at least 1";
        // Text from the file is quoted escaped: it cannot forge a line of the error or reach the terminal.
        QTest::addRow("schema with a newline and an escape")
            << "dense" << "/schema" << "\"iteragpu.measure/9\\nresult: all phases fit\\u001b[2J\""
            << "unsupported schema \"iteragpu.measure/9\\nresult: all phases fit\\x1b[2J\"";
        QTest::addRow("owner name with a newline")
            << "dense" << "/phases/0/owners/peak" << "{\"x\\ny\":1}" << "unknown owner \"x\\ny\"";
        QTest::addRow("dimension name with a carriage return")
            << "dense" << "/phases/0/dimensions" << "{\"a\\rb\":-1}" << "dimensions.a\\rb must be";
    }

    void refusedWithOneLine()
    {
        QFETCH(QString, base);
        QFETCH(QString, pointer);
        QFETCH(QString, raw);
        QFETCH(QString, message);
        const auto good = report::toJson(base == QLatin1String("dense") ? denseRun() : decoderResult());
        protocol::RunResult check;
        std::string error;
        QVERIFY2(report::fromJson(good, check, error), error.c_str()); // the base itself reads
        const std::string text = withRaw(good, pointer.toStdString(), raw.toStdString());
        protocol::RunResult back;
        QVERIFY(!report::readResultText(text, "hostile.json", back, error));
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY2(error.find('\n') == std::string::npos && error.find('\r') == std::string::npos
                && error.find('\x1b') == std::string::npos,
            error.c_str());
    }

    // {"a":[[[[...]]]],"b":1}, 50 000 deep, 100 KB: refused before parsing (it overflowed the stack).
    void deepNestingIsRefused()
    {
        const std::string text = "{\"a\":" + std::string(50000, '[') + std::string(50000, ']') + ",\"b\":1}";
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("deep.json")).toStdString();
        std::ofstream(path, std::ios::binary) << text;
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::readResultFile(path, back, error));
        QVERIFY2(error.find("deeper than 64 levels") != std::string::npos, error.c_str());
    }

    // A FIFO (or any file that is not regular) is refused at once: reading it would wait for a writer forever.
    void fifoIsRefusedWithoutWaiting()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("pipe.json")).toStdString();
        QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        protocol::RunResult back;
        std::string error;
        QVERIFY(!report::readResultFile(path, back, error));
        QVERIFY2(error.find("not a regular file") != std::string::npos, error.c_str());
        QVERIFY(!report::readResultFile(dir.path().toStdString(), back, error));
        QVERIFY2(error.find("not a regular file") != std::string::npos, error.c_str());
    }

    // Valid nesting at the limit still reads as JSON (the guard counts, it does not guess).
    void nestingAtTheLimitReachesTheFieldChecks()
    {
        auto good = report::toJson(denseRun());
        std::string deep = "1";
        for (int i = 0; i < 60; ++i)
            deep = "[" + deep + "]";
        const std::string text = withRaw(good, "/extra", deep);
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::readResultText(text, "deep-ok.json", back, error), error.c_str());
    }

    // A shard name with a NUL would open another file than the one named ("a.safetensors\0x" opens
    // a.safetensors): refused, and the name is quoted escaped.
    void nulInAShardNameIsRefused()
    {
        QTemporaryDir dir;
        const std::string header = "{\"x\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}";
        std::string shard(8, '\0');
        for (int i = 0; i < 8; ++i)
            shard[i] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
        shard += header + std::string(8, '\0');
        std::ofstream(dir.filePath(QStringLiteral("a.safetensors")).toStdString(), std::ios::binary) << shard;
        const std::string index = dir.filePath(QStringLiteral("model.safetensors.index.json")).toStdString();
        std::ofstream(index, std::ios::binary) << "{\"weight_map\":{\"x\":\"a.safetensors\\u0000evil\"}}";
        try {
            (void)model::SafetensorsReader::readIndex(index);
            QFAIL("a shard name with a NUL byte was read");
        } catch (const units::InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("a.safetensors\\x00evil' is not a plain file name") != std::string::npos, e.what());
        }
    }

    // A model_type with a newline and an ANSI escape: the assumption that quotes it stays one line.
    void modelTypeCannotForgeALine()
    {
        const std::string config = "{\"model_type\":\"llama\\nresult: fits\\u001b[32m\",\"hidden_size\":64,"
                                   "\"num_hidden_layers\":2,\"num_attention_heads\":4,\"intermediate_size\":128,"
                                   "\"vocab_size\":100}";
        // Refused (not a known architecture) in one line that quotes it escaped.
        try {
            model::ConfigReader::parse(config);
            QFAIL("an unknown model_type was read");
        } catch (const units::InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find('\n') == std::string::npos && what.find('\x1b') == std::string::npos, e.what());
            QVERIFY2(what.find("llama\\nresult: fits\\x1b[32m") != std::string::npos, e.what());
        }
        // Read on purpose as llama: the note that quotes it stays one line too.
        const auto shape = model::ConfigReader::parse(config, "config.json", { "llama" });
        QVERIFY(!shape.notes.empty());
        bool quoted = false;
        for (const auto& note : shape.notes) {
            const std::string text = note.english();
            QVERIFY2(text.find('\n') == std::string::npos && text.find('\x1b') == std::string::npos, text.c_str());
            quoted = quoted || text.find("llama\\nresult: fits\\x1b[32m") != std::string::npos;
        }
        QVERIFY(quoted);
    }

    // A result file from outside (a colleague's, an import's record_function names) printed by the text summary
    // (measure, explain, import): its names and errors cannot forge a line of the report or drive the terminal.
    void textSummaryCannotForgeALine()
    {
        protocol::RunResult r = decoderResult();
        const std::string forged = "x\n[simulated] 9 phase(s) ok, 0 failed\x1b[2K\r";
        r.config.deviceId = "sim:0" + forged;
        r.config.simCard = forged;
        r.config.decoder->modelSource = forged;
        r.config.decoder->shape.family = forged;
        r.environment.device.name = forged;
        r.environment.backend = forged;
        r.error = forged;
        protocol::PhaseResult p;
        p.name = "prefill" + forged;
        p.status = protocol::PhaseStatus::Failed;
        p.error = forged;
        p.deviceAfter.processUsedSource = forged;
        r.phases.push_back(p);
        for (const bool simulated : { true, false }) {
            r.simulated = simulated;
            const std::string text
                = report::runHeader(r) + report::phaseSummary(r.phases[0], 1, simulated) + report::runFooter(r);
            QVERIFY2(text.find('\x1b') == std::string::npos && text.find('\r') == std::string::npos, text.c_str());
            // Every line the summary writes begins with one of its own words, never with the forged text.
            std::size_t start = 0;
            while (start < text.size()) {
                const auto end = text.find('\n', start);
                const std::string line = text.substr(start, end - start);
                QVERIFY2(line.rfind("[simulated] 9 phase", 0) != 0, text.c_str());
                start = end == std::string::npos ? text.size() : end + 1;
            }
            QVERIFY2(text.find("x\\n[simulated] 9 phase(s) ok, 0 failed\\x1b[2K\\r") != std::string::npos,
                text.c_str());
        }
    }

    // The escaping itself: valid UTF-8 kept, controls, bidirectional overrides and broken bytes escaped.
    void printableEscapes_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("shown");
        QTest::addRow("plain") << QByteArray("llama") << QByteArray("llama");
        QTest::addRow("UTF-8 kept") << QByteArray("Gr\xc3\xb6\xc3\x9f" "e \xe6\xa8\xa1\xe5\x9e\x8b")
                                    << QByteArray("Gr\xc3\xb6\xc3\x9f" "e \xe6\xa8\xa1\xe5\x9e\x8b");
        QTest::addRow("newline, tab, CR") << QByteArray("a\nb\tc\rd") << QByteArray("a\\nb\\tc\\rd");
        QTest::addRow("ANSI escape") << QByteArray("\x1b[2J") << QByteArray("\\x1b[2J");
        QTest::addRow("NUL and DEL") << QByteArray("a\0b\x7f", 4) << QByteArray("a\\x00b\\x7f");
        QTest::addRow("C1 CSI") << QByteArray("\xc2\x9b") << QByteArray("\\u009b");
        QTest::addRow("right-to-left override") << QByteArray("a\xe2\x80\xae" "b") << QByteArray("a\\u202eb");
        QTest::addRow("line separator") << QByteArray("a\xe2\x80\xa8" "b") << QByteArray("a\\u2028b");
        QTest::addRow("broken UTF-8") << QByteArray("\xff\xc3") << QByteArray("\\xff\\xc3");
        QTest::addRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray("\\xc0\\xaf");
        QTest::addRow("OSC title") << QByteArray("\x1b]0;owned\x07") << QByteArray("\\x1b]0;owned\\x07");
        QTest::addRow("Arabic letter mark") << QByteArray("a\xd8\x9c"
                                                          "b")
                                            << QByteArray("a\\u061cb");
        QTest::addRow("left-to-right mark") << QByteArray("a\xe2\x80\x8e"
                                                          "b")
                                            << QByteArray("a\\u200eb");
        QTest::addRow("right-to-left mark") << QByteArray("a\xe2\x80\x8f"
                                                          "b")
                                            << QByteArray("a\\u200fb");
        QTest::addRow("left-to-right embedding") << QByteArray("a\xe2\x80\xaa"
                                                               "b")
                                                 << QByteArray("a\\u202ab");
        QTest::addRow("left-to-right isolate") << QByteArray("a\xe2\x81\xa6"
                                                             "b")
                                               << QByteArray("a\\u2066b");
        QTest::addRow("pop directional isolate") << QByteArray("a\xe2\x81\xa9"
                                                               "b")
                                                 << QByteArray("a\\u2069b");
        QTest::addRow("Arabic letter mark's neighbour kept") << QByteArray("\xd8\x9b") << QByteArray("\xd8\x9b");
    }
    void printableEscapes()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, shown);
        QCOMPARE(QByteArray::fromStdString(units::printable(raw.toStdString())), shown);
        QCOMPARE(QByteArray::fromStdString(units::printableName(raw.toStdString())), shown); // short: not cut
    }

    // A name of 100 000 characters is cut with a marker that says how long it was; a text argument of a message (a
    // model_type quoted in a note) likewise, at a longer limit.
    void overlongNamesAreCut()
    {
        const std::string name(100000, 'q');
        const std::string shown = units::printableName(name);
        QVERIFY2(shown.size() <= units::kNameBytes + 32, shown.c_str());
        QVERIFY2(shown.ends_with("... (100000 bytes)"), shown.c_str());
        QVERIFY(shown.starts_with(std::string(200, 'q')));
        // Cut at a character, never inside an escape or a UTF-8 sequence.
        const std::string escapes = units::printableName(std::string(1000, '\x1b'));
        QVERIFY2(escapes.ends_with("\\x1b... (1000 bytes)"), escapes.c_str());
        const std::string wide = units::printableName(std::string(300, 'a') + "\xe6\xa8\xa1");
        QVERIFY2(wide.ends_with("... (303 bytes)"), wide.c_str());
        const i18n::Message note { "architecture assumed on purpose: model_type '%1'", { name } };
        const std::string text = note.english();
        QVERIFY2(text.size() < units::kTextBytes + 100, text.substr(0, 200).c_str());
        QVERIFY2(text.find("... (100000 bytes)'") != std::string::npos, text.substr(text.size() - 100).c_str());
    }
};

QTEST_GUILESS_MAIN(TestHostileResults)
#include "tst_hostileresults.moc"
