// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/breakdownbar.h"
#include "app/gui/sizing/breakdownmodel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/sizing/catalogfitmodel.h"
#include "app/gui/sizing/sizingpanel.h"
#include "core/units/units.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace iteragpu;
using gui::BreakdownModel;
using gui::SizingPanel;

namespace {

QString dataPath(const QString& name)
{
    return QDir(qEnvironmentVariable("ITERAGPU_TEST_DATA")).filePath(QStringLiteral("gui/") + name);
}

QString cell(const BreakdownModel* model, const QString& id, int column, int role = Qt::DisplayRole)
{
    const int row = model->rowOf(id);
    if (row < 0)
        return QStringLiteral("<no row %1>").arg(id);
    return model->data(model->index(row, column), role).toString();
}

quint64 bytesOf(const BreakdownModel* model, const QString& id)
{
    const int row = model->rowOf(id);
    return row < 0 ? 0 : model->data(model->index(row, 0), BreakdownModel::BytesRole).toULongLong();
}

// A safetensors file: 8-byte little-endian header length, the JSON header, then the data area.
QByteArray makeSafetensors(const QByteArray& header, qsizetype dataBytes, std::optional<quint64> declaredLength = {})
{
    QByteArray out(8, '\0');
    qToLittleEndian<quint64>(declaredLength.value_or(static_cast<quint64>(header.size())), out.data());
    out += header;
    out += QByteArray(dataBytes, '\1');
    return out;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestSizingPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY2(!qEnvironmentVariable("ITERAGPU_TEST_DATA").isEmpty(), "ITERAGPU_TEST_DATA is not set");
    }

    void opensOnSeedExample_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("gb");
        QTest::addColumn<QString>("gib");
        QTest::addColumn<QString>("bytesText");
        // The seeds' worked numbers: 7e9 x 16 bit, 4 GiB reserve, total 17.04 GiB.
        QTest::addRow("weights") << QStringLiteral("weights") << quint64(14'000'000'000ULL)
                                 << QStringLiteral("14.00 GB") << QStringLiteral("13.04 GiB")
                                 << QStringLiteral("14,000,000,000");
        QTest::addRow("reserve 4 GiB") << QStringLiteral("reserve") << quint64(4'294'967'296ULL)
                                       << QStringLiteral("4.29 GB") << QStringLiteral("4.00 GiB")
                                       << QStringLiteral("4,294,967,296");
        QTest::addRow("total") << QStringLiteral("total") << quint64(18'294'967'296ULL) << QStringLiteral("18.29 GB")
                               << QStringLiteral("17.04 GiB") << QStringLiteral("18,294,967,296");
    }

    void opensOnSeedExample()
    {
        QFETCH(QString, id);
        QFETCH(quint64, bytes);
        QFETCH(QString, gb);
        QFETCH(QString, gib);
        QFETCH(QString, bytesText);
        SizingPanel panel;
        QVERIFY2(panel.errorText().isEmpty(), qPrintable(panel.errorText()));
        QVERIFY(panel.estimate().has_value());
        QCOMPARE(panel.estimate()->parameters, quint64(7'000'000'000ULL));
        const auto* model = panel.breakdownModel();
        QCOMPARE(bytesOf(model, id), bytes);
        QCOMPARE(cell(model, id, BreakdownModel::ColBytes), bytesText);
        QCOMPARE(cell(model, id, BreakdownModel::ColGB), gb);
        QCOMPARE(cell(model, id, BreakdownModel::ColGiB), gib);
        // The exact bytes are in the tooltip.
        QVERIFY(cell(model, id, BreakdownModel::ColGiB, Qt::ToolTipRole).contains(bytesText));
    }

    void reserveIsKeptAsTyped()
    {
        SizingPanel panel;
        QCOMPARE(cell(panel.breakdownModel(), QStringLiteral("reserve"), BreakdownModel::ColComponent),
            QStringLiteral("Reserve (4 GiB as typed)"));
        panel.setReserve(2.5, units::Unit::GB);
        panel.recompute();
        QCOMPARE(cell(panel.breakdownModel(), QStringLiteral("reserve"), BreakdownModel::ColComponent),
            QStringLiteral("Reserve (2.5 GB as typed)"));
        QCOMPARE(bytesOf(panel.breakdownModel(), QStringLiteral("reserve")), quint64(2'500'000'000ULL));
    }

    void changingFieldsUpdatesAndEmits_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<double>("reserve");
        QTest::addColumn<int>("unit");
        QTest::addColumn<bool>("kv");
        QTest::addColumn<int>("sequences");
        QTest::addColumn<QString>("id");
        QTest::addColumn<quint64>("componentBytes");
        QTest::addColumn<quint64>("total");
        const int gib = static_cast<int>(units::Unit::GiB);
        const int gb = static_cast<int>(units::Unit::GB);
        QTest::addRow("32 bit") << 32 << 4.0 << gib << false << 1 << QStringLiteral("weights")
                                << quint64(28'000'000'000ULL) << quint64(28'000'000'000ULL + 4 * units::kGiB);
        QTest::addRow("4 bit compact") << 4 << 4.0 << gib << false << 1 << QStringLiteral("weights")
                                       << quint64(3'500'000'000ULL) << quint64(3'500'000'000ULL + 4 * units::kGiB);
        QTest::addRow("reserve 2 GB") << 16 << 2.0 << gb << false << 1 << QStringLiteral("reserve")
                                      << quint64(2'000'000'000ULL) << quint64(16'000'000'000ULL);
        QTest::addRow("no reserve") << 16 << 0.0 << gb << false << 1 << QStringLiteral("reserve") << quint64(0)
                                    << quint64(14'000'000'000ULL);
        QTest::addRow("KV seed, 1 sequence")
            << 16 << 4.0 << gib << true << 1 << QStringLiteral("kv_cache") << quint64(1'073'741'824ULL)
            << quint64(14'000'000'000ULL + 5 * units::kGiB);
        QTest::addRow("KV seed, 4 sequences")
            << 16 << 4.0 << gib << true << 4 << QStringLiteral("kv_cache") << quint64(4'294'967'296ULL)
            << quint64(14'000'000'000ULL + 8 * units::kGiB);
    }

    void changingFieldsUpdatesAndEmits()
    {
        QFETCH(int, bits);
        QFETCH(double, reserve);
        QFETCH(int, unit);
        QFETCH(bool, kv);
        QFETCH(int, sequences);
        QFETCH(QString, id);
        QFETCH(quint64, componentBytes);
        QFETCH(quint64, total);
        SizingPanel panel;
        QAbstractItemModelTester tester(panel.breakdownModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy spy(&panel, &SizingPanel::estimateChanged);
        QSignalSpy resets(panel.breakdownModel(), &QAbstractItemModel::modelReset);
        panel.setBits(bits);
        panel.setReserve(reserve, static_cast<units::Unit>(unit));
        panel.findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(kv);
        panel.findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(sequences);
        // No Apply button: the debounce timer re-estimates by itself.
        QTRY_VERIFY(spy.count() >= 1);
        QTRY_COMPARE(spy.last().at(0).toULongLong(), total);
        QVERIFY(resets.count() >= 1);
        QCOMPARE(bytesOf(panel.breakdownModel(), id), componentBytes);
        QCOMPARE(panel.estimate()->total(), total);
        QCOMPARE(bytesOf(panel.breakdownModel(), QStringLiteral("total")), total);
    }

    void typingUpdatesWithoutApply()
    {
        SizingPanel panel;
        QSignalSpy spy(&panel, &SizingPanel::estimateChanged);
        auto* edit = panel.findChild<QLineEdit*>(QStringLiteral("parametersEdit"));
        QVERIFY(edit);
        edit->clear();
        QTest::keyClicks(edit, QStringLiteral("13000000000"));
        QTRY_VERIFY(spy.count() >= 1);
        QTRY_COMPARE(panel.estimate() ? panel.estimate()->parameters : 0, quint64(13'000'000'000ULL));
        QCOMPARE(bytesOf(panel.breakdownModel(), QStringLiteral("weights")), quint64(26'000'000'000ULL));
    }

    void invalidInputsRefusedWithReason_data()
    {
        QTest::addColumn<QString>("parameters");
        QTest::addColumn<int>("bits");
        QTest::addColumn<QString>("reasonPart");
        QTest::addRow("empty") << QString() << 16 << QStringLiteral("Parameters");
        QTest::addRow("zero") << QStringLiteral("0") << 16 << QStringLiteral("Parameters");
        QTest::addRow("negative") << QStringLiteral("-7000000000") << 16 << QStringLiteral("Parameters");
        QTest::addRow("letters") << QStringLiteral("seven billion") << 16 << QStringLiteral("Parameters");
        QTest::addRow("fraction") << QStringLiteral("1.5") << 16 << QStringLiteral("Parameters");
        QTest::addRow("beyond 64 bit") << QStringLiteral("99999999999999999999") << 16 << QStringLiteral("Parameters");
        // 1e19 parameters x 32 bit overflow 64 bits: refused, never wrapped.
        QTest::addRow("overflow") << QStringLiteral("10000000000000000000") << 32 << QString();
    }

    void invalidInputsRefusedWithReason()
    {
        QFETCH(QString, parameters);
        QFETCH(int, bits);
        QFETCH(QString, reasonPart);
        SizingPanel panel;
        QSignalSpy cleared(&panel, &SizingPanel::estimateCleared);
        QSignalSpy changed(&panel, &SizingPanel::estimateChanged);
        panel.setBits(bits);
        panel.setParametersText(parameters);
        panel.recompute();
        QVERIFY(!panel.estimate().has_value());
        QVERIFY(!panel.errorText().isEmpty());
        QVERIFY2(panel.errorText().contains(reasonPart), qPrintable(panel.errorText()));
        QVERIFY(!panel.errorText().contains(QLatin1Char('\n')));
        QVERIFY(cleared.count() >= 1);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(panel.breakdownModel()->rowCount(), 0);
        QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("messageLabel"))->text(), panel.errorText());
        // Back to a valid value: the estimate returns.
        panel.setParametersText(QStringLiteral("7000000000"));
        panel.setBits(16);
        panel.recompute();
        QVERIFY(panel.estimate().has_value());
        QCOMPARE(panel.estimate()->total(), quint64(18'294'967'296ULL));
    }

    void largeCountsDoNotOverflow()
    {
        SizingPanel panel;
        panel.setParametersText(QStringLiteral("1e15"));
        panel.recompute();
        QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
        QCOMPARE(bytesOf(panel.breakdownModel(), QStringLiteral("weights")), quint64(2'000'000'000'000'000ULL));
    }

    void configFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("parameters");
        QTest::addRow("llama-2-7b") << QStringLiteral("llama-2-7b.config.json") << true << quint64(6'738'415'616ULL);
        QTest::addRow("truncated JSON") << QStringLiteral("truncated.config.json") << false << quint64(0);
        QTest::addRow("missing keys") << QStringLiteral("missing-keys.config.json") << false << quint64(0);
        QTest::addRow("empty file") << QStringLiteral("empty.config.json") << false << quint64(0);
        QTest::addRow("array, not object") << QStringLiteral("array.config.json") << false << quint64(0);
        QTest::addRow("wrong type") << QStringLiteral("wrong-type.config.json") << false << quint64(0);
        QTest::addRow("no such file") << QStringLiteral("does-not-exist.config.json") << false << quint64(0);
    }

    void configFiles()
    {
        QFETCH(QString, file);
        QFETCH(bool, valid);
        QFETCH(quint64, parameters);
        SizingPanel panel;
        QSignalSpy cleared(&panel, &SizingPanel::estimateCleared);
        QCOMPARE(panel.loadConfigFile(dataPath(file)), valid);
        auto* info = panel.findChild<QLabel*>(QStringLiteral("modelInfo"));
        if (valid) {
            QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
            QCOMPARE(panel.estimate()->parameters, parameters);
            QVERIFY(panel.shape().has_value());
            // The KV fields follow the model.
            QCOMPARE(panel.findChild<QSpinBox*>(QStringLiteral("layersSpin"))->value(), 32);
            QCOMPARE(panel.findChild<QSpinBox*>(QStringLiteral("kvHeadsSpin"))->value(), 32);
            QVERIFY(info->text().contains(QStringLiteral("6,738,415,616")));
        } else {
            QVERIFY(!panel.estimate().has_value());
            QVERIFY(cleared.count() >= 1);
            QVERIFY(!panel.errorText().isEmpty());
            // The reader's one-line reason is shown in the model box and the message line.
            QCOMPARE(info->text(), panel.errorText());
            QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("messageLabel"))->text(), panel.errorText());
        }
    }

    void presetsLoadAndSize()
    {
        SizingPanel panel;
        QVERIFY(panel.selectPreset(QStringLiteral("mistral-7b-v0.1")));
        QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
        QCOMPARE(panel.estimate()->parameters, quint64(7'241'732'096ULL));
        QVERIFY(!panel.selectPreset(QStringLiteral("no-such-model")));
    }

    void safetensors_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("valid");
        const QByteArray header = R"({"w.weight":{"dtype":"F16","shape":[2,4],"data_offsets":[0,16]}})";
        QTest::addRow("valid") << makeSafetensors(header, 16) << true;
        QTest::addRow("truncated prefix") << QByteArray("\x10\x00\x00", 3) << false;
        QTest::addRow("length beyond file") << makeSafetensors(header, 16, quint64(1) << 40) << false;
        QTest::addRow("data shorter than offsets") << makeSafetensors(header, 4) << false;
        QTest::addRow("header not JSON") << makeSafetensors("{{{{not json", 0) << false;
    }

    void safetensors()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, valid);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("model.safetensors"));
        QVERIFY(writeFile(path, bytes));
        SizingPanel panel;
        QCOMPARE(panel.loadSafetensors(path), valid);
        if (valid) {
            QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
            QCOMPARE(panel.estimate()->parameters, quint64(8));
            QCOMPARE(bytesOf(panel.breakdownModel(), QStringLiteral("weights")), quint64(16));
        } else {
            QVERIFY(!panel.estimate().has_value());
            QVERIFY(!panel.errorText().isEmpty());
            QVERIFY(!panel.errorText().contains(QLatin1Char('\n')));
        }
    }

    void verdictAgainstDevice_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<quint64>("capacity");
        QTest::addColumn<bool>("fits");
        QTest::addColumn<QString>("start");
        QTest::addRow("H200 reports 143 771 MiB") << QStringLiteral("NVIDIA H200") << quint64(143771ULL * units::kMiB)
                                                  << true << QStringLiteral("Fits on NVIDIA H200");
        QTest::addRow("16 GiB card") << QStringLiteral("sim:0") << quint64(16ULL * units::kGiB) << false
                                     << QStringLiteral("Does not fit on sim:0");
        QTest::addRow("exactly the need")
            << QStringLiteral("exact") << quint64(18'294'967'296ULL) << true << QStringLiteral("Fits on exact");
    }

    void verdictAgainstDevice()
    {
        QFETCH(QString, device);
        QFETCH(quint64, capacity);
        QFETCH(bool, fits);
        QFETCH(QString, start);
        SizingPanel panel;
        QVERIFY(!panel.deviceVerdict().has_value());
        panel.setDevice(device, capacity);
        QVERIFY(panel.deviceVerdict().has_value());
        QCOMPARE(panel.deviceVerdict()->fits, fits);
        QCOMPARE(panel.deviceVerdict()->neededPerDevice, quint64(18'294'967'296ULL));
        QCOMPARE(panel.deviceVerdict()->margin, static_cast<qint64>(capacity) - qint64(18'294'967'296LL));
        QCOMPARE(panel.deviceVerdict()->dominantComponent, std::string("weights"));
        QVERIFY2(panel.verdictText().startsWith(start), qPrintable(panel.verdictText()));
        panel.clearDevice();
        QVERIFY(!panel.deviceVerdict().has_value());
    }

    // Seed example plus the seed KV cache (32 layers, 8 KV heads, 128, 2 bytes: 131 072 bytes per token) on a
    // 24 GiB card: 24 GiB - 14e9 weights - 4 GiB reserve = 7 474 836 480 bytes for the cache, i.e. 57 028 tokens
    // of one sequence, or 6 sequences of 8 192 tokens (1 GiB each).
    void largestContextAndBatchOnTheDevice()
    {
        SizingPanel panel;
        panel.findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel.setDevice(QStringLiteral("24 GiB card"), 24ULL * units::kGiB);
        const QString expected = QStringLiteral("Largest context that fits: %1 tokens per sequence; largest batch: %2.")
                                     .arg(QLocale().toString(57028), QLocale().toString(6));
        QTRY_VERIFY2(panel.verdictText().contains(expected), qPrintable(panel.verdictText()));
    }

    void catalogCards()
    {
        SizingPanel panel;
        auto* model = panel.catalogModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model->rowCount() > 0);
        bool sawFit = false;
        bool sawNoFit = false;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& e = model->entries()[row];
            QCOMPARE(e.verdict.neededPerDevice, quint64(18'294'967'296ULL));
            QCOMPARE(e.verdict.availablePerDevice, e.card.reportedBytes);
            QCOMPARE(e.verdict.fits, e.card.reportedBytes >= 18'294'967'296ULL);
            sawFit |= e.verdict.fits;
            sawNoFit |= !e.verdict.fits;
            if (e.verdict.fits)
                QCOMPARE(e.smallestFittingTp, std::optional<quint64>(1));
            QCOMPARE(model->data(model->index(row, gui::CatalogFitModel::ColVerdict)).toString(),
                e.verdict.fits ? QStringLiteral("fits") : QStringLiteral("does not fit"));
        }
        QVERIFY(sawFit);
        QVERIFY(sawNoFit); // a 16 GiB card (T4) does not hold 17.04 GiB
        // Tensor parallel: the need per device shrinks, the reserve stays per device.
        panel.setTensorParallel(2);
        panel.recompute();
        QCOMPARE(model->entries().first().verdict.tensorParallel, quint64(2));
        QCOMPARE(model->entries().first().verdict.neededPerDevice, quint64(7'000'000'000ULL + 4 * units::kGiB));
    }

    void trainingModesListComponents_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QStringList>("ids");
        QTest::addRow("full training") << static_cast<int>(SizingPanel::Mode::FullTraining)
                                       << QStringList { QStringLiteral("weights"), QStringLiteral("gradients"),
                                              QStringLiteral("optimizer_states") };
        QTest::addRow("LoRA") << static_cast<int>(SizingPanel::Mode::LoRA)
                              << QStringList { QStringLiteral("weights"), QStringLiteral("lora_adapters") };
    }

    void trainingModesListComponents()
    {
        QFETCH(int, mode);
        QFETCH(QStringList, ids);
        SizingPanel panel;
        QAbstractItemModelTester tester(panel.breakdownModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(panel.selectPreset(QStringLiteral("llama-2-7b")));
        panel.setMode(static_cast<SizingPanel::Mode>(mode));
        panel.recompute();
        QVERIFY2(panel.estimate().has_value(), qPrintable(panel.errorText()));
        for (const QString& id : ids) {
            QVERIFY2(panel.breakdownModel()->rowOf(id) >= 0, qPrintable(id));
            QVERIFY(bytesOf(panel.breakdownModel(), id) > 0);
        }
        QVERIFY(panel.breakdownBar()->totalBytes() > 0);
    }

    void barMatchesTotal()
    {
        SizingPanel panel;
        // Weights + reserve: the stacked bar holds exactly what must fit.
        QCOMPARE(panel.breakdownBar()->segments().size(), 2);
        QCOMPARE(panel.breakdownBar()->totalBytes(), quint64(18'294'967'296ULL));
    }

    void numbersFollowTheLocale_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("gib");
        QTest::addColumn<QString>("bytes");
        QTest::addRow("en") << QStringLiteral("en_US") << QStringLiteral("13.04 GiB")
                            << QStringLiteral("14,000,000,000");
        QTest::addRow("de") << QStringLiteral("de_DE") << QStringLiteral("13,04 GiB")
                            << QStringLiteral("14.000.000.000");
        QTest::addRow("es") << QStringLiteral("es_ES") << QStringLiteral("13,04 GiB")
                            << QStringLiteral("14.000.000.000");
        QTest::addRow("vi") << QStringLiteral("vi_VN") << QStringLiteral("13,04 GiB")
                            << QStringLiteral("14.000.000.000");
    }

    void numbersFollowTheLocale()
    {
        QFETCH(QString, locale);
        QFETCH(QString, gib);
        QFETCH(QString, bytes);
        QLocale::setDefault(QLocale(locale));
        SizingPanel panel;
        const QString shownGib = cell(panel.breakdownModel(), QStringLiteral("weights"), BreakdownModel::ColGiB);
        const QString shownBytes = cell(panel.breakdownModel(), QStringLiteral("weights"), BreakdownModel::ColBytes);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(shownGib, gib);
        QCOMPARE(shownBytes, bytes);
    }

    void languageChangeRetranslates()
    {
        SizingPanel panel;
        QSignalSpy breakdownHeaders(panel.breakdownModel(), &QAbstractItemModel::headerDataChanged);
        QSignalSpy catalogHeaders(panel.catalogModel(), &QAbstractItemModel::headerDataChanged);
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&panel, &change);
        QVERIFY(breakdownHeaders.count() >= 1);
        QVERIFY(catalogHeaders.count() >= 1);
        // Numbers follow the new default locale at once.
        QLocale::setDefault(QLocale(QStringLiteral("de_DE")));
        QCoreApplication::sendEvent(&panel, &change);
        const QString shown = cell(panel.breakdownModel(), QStringLiteral("weights"), BreakdownModel::ColGiB);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(shown, QStringLiteral("13,04 GiB"));
        QVERIFY(panel.findChild<QLabel*>(QStringLiteral("messageLabel"))->text().contains(QStringLiteral("17,04 GiB")));
    }

    // Under Xvfb with ITERAGPU_SCREENSHOT_DIR set: the panel at a dock's width and at a narrow one, saved for a
    // person to look at. Also checked here: no single-line label or check box is narrower than its text.
    void screenshots_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("tab");
        QTest::addColumn<int>("mode");
        const int inference = static_cast<int>(SizingPanel::Mode::Inference);
        const int lora = static_cast<int>(SizingPanel::Mode::LoRA);
        QTest::addRow("dock 460x900") << 460 << 900 << QStringLiteral("sizingpanel-460x900.png") << 0 << inference;
        QTest::addRow("narrow 360x700") << 360 << 700 << QStringLiteral("sizingpanel-360x700.png") << 0 << inference;
        QTest::addRow("tall 460x1900, LoRA")
            << 460 << 1900 << QStringLiteral("sizingpanel-460x1900-lora.png") << 0 << lora;
        QTest::addRow("catalog 640x900") << 640 << 900 << QStringLiteral("sizingpanel-640x900-catalog.png") << 1
                                         << inference;
    }

    void screenshots()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(QString, name);
        QFETCH(int, tab);
        QFETCH(int, mode);
        SizingPanel panel;
        if (mode != static_cast<int>(SizingPanel::Mode::Inference)) {
            QVERIFY(panel.selectPreset(QStringLiteral("llama-2-7b")));
            panel.setMode(static_cast<SizingPanel::Mode>(mode));
        }
        panel.findChild<QTabWidget*>()->setCurrentIndex(tab);
        panel.setDevice(QStringLiteral("NVIDIA H200"), 143771ULL * units::kMiB);
        panel.findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel.recompute();
        panel.resize(width, height);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (auto* label : panel.findChildren<QLabel*>()) {
            if (!label->isVisibleTo(&panel) || label->wordWrap() || label->text().isEmpty())
                continue;
            QVERIFY2(label->width() >= label->minimumSizeHint().width(), qPrintable(label->text()));
        }
        for (auto* box : panel.findChildren<QCheckBox*>()) {
            if (box->isVisibleTo(&panel))
                QVERIFY2(box->width() >= box->sizeHint().width(), qPrintable(box->text()));
        }
        const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("ITERAGPU_SCREENSHOT_DIR not set: the layout was checked, no picture saved");
        QVERIFY(panel.grab().save(QDir(dir).filePath(name)));
    }
};

QTEST_MAIN(TestSizingPanel)
#include "tst_sizingpanel.moc"
