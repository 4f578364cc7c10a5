// SPDX-License-Identifier: Apache-2.0
// The one number parser of typed input (core/units/numberparse.h): decimal only, 64-bit without wrap or clamp,
// sizes exact to the byte up to 2^64 - 1, one short line for what it refuses.
#include "core/units/numberparse.h"
#include "core/units/readablesize.h"
#include "core/units/units.h"

#include <QTest>

using namespace iteragpu;

namespace {
constexpr quint64 kMax = UINT64_MAX;
}

class TestNumberParse : public QObject {
    Q_OBJECT
private slots:
    void countsAccepted_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<quint64>("value");
        QTest::addRow("plain") << QByteArray("4096") << quint64(4096);
        QTest::addRow("zero") << QByteArray("0") << quint64(0);
        QTest::addRow("leading zeros stay decimal") << QByteArray("010") << quint64(10);
        QTest::addRow("integral exponent") << QByteArray("7e9") << quint64(7'000'000'000ULL);
        QTest::addRow("fraction with exponent") << QByteArray("1.5e9") << quint64(1'500'000'000ULL);
        QTest::addRow("upper-case E") << QByteArray("7E3") << quint64(7000);
        QTest::addRow("trailing fraction zeros") << QByteArray("12.000") << quint64(12);
        QTest::addRow("2^64 - 1") << QByteArray("18446744073709551615") << kMax;
        QTest::addRow("1.8446744073709551615e19") << QByteArray("1.8446744073709551615e19") << kMax;
    }

    void countsAccepted()
    {
        QFETCH(QByteArray, text);
        QFETCH(quint64, value);
        std::string error;
        const auto v = units::parseCount(text.toStdString(), error);
        QVERIFY2(v.has_value(), error.c_str());
        QCOMPARE(quint64(*v), value);
        QVERIFY(error.empty());
    }

    void countsRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<quint64>("min");
        QTest::addColumn<quint64>("max");
        QTest::addColumn<QByteArray>("reason");
        QTest::addRow("space then minus") << QByteArray(" -5") << quint64(0) << kMax << QByteArray("spaces");
        QTest::addRow("trailing space") << QByteArray("5 ") << quint64(0) << kMax << QByteArray("spaces");
        QTest::addRow("minus one (a seed)") << QByteArray("-1") << quint64(0) << kMax << QByteArray("negative");
        QTest::addRow("plus sign") << QByteArray("+5") << quint64(0) << kMax << QByteArray("without a sign");
        QTest::addRow("hex") << QByteArray("0x10") << quint64(0) << kMax << QByteArray("hexadecimal");
        QTest::addRow("hex float") << QByteArray("0x1p40") << quint64(0) << kMax << QByteArray("hexadecimal");
        QTest::addRow("upper-case hex") << QByteArray("0X10") << quint64(0) << kMax << QByteArray("hexadecimal");
        QTest::addRow("trailing junk") << QByteArray("12abc") << quint64(0) << kMax << QByteArray("not a decimal");
        QTest::addRow("suffix") << QByteArray("4k") << quint64(0) << kMax << QByteArray("not a decimal");
        QTest::addRow("empty") << QByteArray("") << quint64(0) << kMax << QByteArray("empty");
        QTest::addRow("nan") << QByteArray("nan") << quint64(0) << kMax << QByteArray("not a number");
        QTest::addRow("inf") << QByteArray("inf") << quint64(0) << kMax << QByteArray("finite");
        QTest::addRow("fraction") << QByteArray("1.5") << quint64(0) << kMax << QByteArray("whole number");
        QTest::addRow("negative exponent") << QByteArray("15e-1") << quint64(0) << kMax << QByteArray("whole number");
        QTest::addRow("2^64") << QByteArray("18446744073709551616") << quint64(0) << kMax << QByteArray("64 bits");
        QTest::addRow("1e20") << QByteArray("1e20") << quint64(0) << kMax << QByteArray("64 bits");
        QTest::addRow("huge exponent") << QByteArray("1e999999999999") << quint64(0) << kMax << QByteArray("64 bits");
        QTest::addRow("zero below 1") << QByteArray("0") << quint64(1) << kMax << QByteArray("less than 1");
        QTest::addRow("above the range") << QByteArray("65") << quint64(1) << quint64(64) << QByteArray("more than 64");
        QTest::addRow("two points") << QByteArray("1.2.3") << quint64(0) << kMax << QByteArray("not a decimal");
        QTest::addRow("lone point") << QByteArray(".") << quint64(0) << kMax << QByteArray("not a decimal");
        QTest::addRow("exponent without digits") << QByteArray("1e") << quint64(0) << kMax << QByteArray("not a decimal");
    }

    void countsRefused()
    {
        QFETCH(QByteArray, text);
        QFETCH(quint64, min);
        QFETCH(quint64, max);
        QFETCH(QByteArray, reason);
        std::string error;
        const auto v = units::parseCount(text.toStdString(), error, { min, max });
        QVERIFY2(!v.has_value(), std::to_string(v.value_or(0)).c_str());
        QVERIFY2(error.find(reason.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
        QVERIFY2(error.size() < 120, error.c_str()); // never a 300-digit bound
    }

    void sizesExact_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<quint64>("bytesPerUnit");
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("4 GiB") << QByteArray("4") << quint64(units::kGiB) << quint64(4ULL << 30);
        QTest::addRow("2.5 GB") << QByteArray("2.5") << quint64(units::kGB) << quint64(2'500'000'000ULL);
        QTest::addRow(".5 GiB") << QByteArray(".5") << quint64(units::kGiB) << quint64(1ULL << 29);
        QTest::addRow("0.1 GiB rounds to the nearest byte")
            << QByteArray("0.1") << quint64(units::kGiB) << quint64(107'374'182ULL);
        QTest::addRow("half a byte rounds up") << QByteArray("0.5") << quint64(1) << quint64(1);
        QTest::addRow("1e-3 MiB") << QByteArray("1e-3") << quint64(units::kMiB) << quint64(1049);
        // Beyond 2^63: exact, not clamped to 2^63 (defect of the long double / signed rounding).
        QTest::addRow("1e10 GiB") << QByteArray("1e10") << quint64(units::kGiB)
                                  << quint64(10'737'418'240'000'000'000ULL);
        QTest::addRow("16 EiB - 1 byte in bytes") << QByteArray("18446744073709551615") << quint64(1) << kMax;
        QTest::addRow("2^64 - 1 as MiB digits") << QByteArray("17592186044415.99999904632568359375")
                                                << quint64(units::kMiB) << kMax;
        QTest::addRow("38 significant digits") << QByteArray("0.12345678901234567890123456789012345678")
                                               << quint64(units::kGiB) << quint64(132'560'718ULL);
        QTest::addRow("far below a byte") << QByteArray("1e-60") << quint64(units::kGiB) << quint64(0);
        QTest::addRow("zero allowed") << QByteArray("0") << quint64(units::kGiB) << quint64(0);
    }

    void sizesExact()
    {
        QFETCH(QByteArray, text);
        QFETCH(quint64, bytesPerUnit);
        QFETCH(quint64, bytes);
        std::string error;
        const auto v = units::parseSize(text.toStdString(), bytesPerUnit, "GiB", error, true);
        QVERIFY2(v.has_value(), error.c_str());
        QCOMPARE(quint64(*v), bytes);
    }

    void sizesRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("allowZero");
        QTest::addColumn<QByteArray>("reason");
        QTest::addRow("2e10 GiB is beyond 2^64") << QByteArray("2e10") << true << QByteArray("64 bits");
        QTest::addRow("17179869184 GiB = 2^64") << QByteArray("17179869184") << true << QByteArray("64 bits");
        QTest::addRow("hex float") << QByteArray("0x1p40") << true << QByteArray("hexadecimal");
        QTest::addRow("negative") << QByteArray("-1") << true << QByteArray("negative");
        QTest::addRow("zero where a size is needed") << QByteArray("0") << false << QByteArray("more than 0");
        QTest::addRow("below a byte") << QByteArray("1e-12") << false << QByteArray("less than one byte");
        QTest::addRow("nan") << QByteArray("nan") << true << QByteArray("not a number");
        QTest::addRow("unit typed in") << QByteArray("4GiB") << true << QByteArray("not a decimal");
        QTest::addRow("more digits than exact arithmetic holds")
            << QByteArray("17179869183.999999999068677425384521484375") << true << QByteArray("38 significant");
        QTest::addRow("too many decimal places") << QByteArray("0.012345678901234567890123456789012345678") << true
                                                 << QByteArray("decimal places");
        QTest::addRow("control byte is escaped") << QByteArray("4\n2") << true << QByteArray("'4\\x0a2'");
    }

    void sizesRefused()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, allowZero);
        QFETCH(QByteArray, reason);
        std::string error;
        const auto v = units::parseSize(text.toStdString(), units::kGiB, "GiB", error, allowZero);
        QVERIFY2(!v.has_value(), std::to_string(v.value_or(0)).c_str());
        QVERIFY2(error.find(reason.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void longTextIsCutInTheError()
    {
        std::string error;
        QVERIFY(!units::parseCount(std::string(300, '9'), error));
        QVERIFY2(error.size() < 120, error.c_str());
    }

    void decimals()
    {
        std::string error;
        QCOMPARE(units::parseDecimal("0.5", error, 0, 10).value_or(-1), 0.5);
        QCOMPARE(units::parseDecimal("1e3", error, 10, 10000).value_or(-1), 1000.0);
        QVERIFY(!units::parseDecimal("1e400", error, 0, 1e300));
        QVERIFY2(error.find("outside") != std::string::npos, error.c_str());
        QVERIFY(!units::parseDecimal("5", error, 10, 10000));
        QVERIFY(!units::parseDecimal("0x10", error, 0, 1e300));
        QVERIFY(!units::parseDecimal("-0.5", error, 0, 1e300));
    }

    // fromUnit (the GUI's and the reserve's conversion of a double) is no longer clamped at 2^63.
    void fromUnitBeyond2To63()
    {
        QCOMPARE(units::fromUnit(1e10, units::Unit::GiB).value_or(0), quint64(10'737'418'240'000'000'000ULL));
        QCOMPARE(units::fromUnit(9e9, units::Unit::GB).value_or(0), quint64(9'000'000'000'000'000'000ULL));
        QVERIFY(!units::fromUnit(2e10, units::Unit::GiB));
        QVERIFY(!units::fromUnit(17179869184.0, units::Unit::GiB)); // 2^64 exactly
    }

    void readableSizes_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<bool>("binary");
        QTest::addColumn<QString>("text");
        QTest::addRow("32 MiB") << quint64(32 * units::kMiB) << true << QStringLiteral("32.00 MiB");
        QTest::addRow("0.03 GiB reads in MiB") << quint64(32'212'255) << true << QStringLiteral("30.72 MiB");
        QTest::addRow("4 MB") << quint64(4'194'304) << false << QStringLiteral("4.19 MB");
        QTest::addRow("KiB") << quint64(1536) << true << QStringLiteral("1.50 KiB");
        QTest::addRow("GiB stays") << quint64(17ULL * units::kGiB) << true << QStringLiteral("17.00 GiB");
        QTest::addRow("zero") << quint64(0) << true << QStringLiteral("0.00 GiB");
    }

    void readableSizes()
    {
        QFETCH(quint64, bytes);
        QFETCH(bool, binary);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(units::formatReadable(bytes, binary ? units::Unit::GiB : units::Unit::GB)),
            text);
    }
};

QTEST_GUILESS_MAIN(TestNumberParse)
#include "tst_numberparse.moc"
