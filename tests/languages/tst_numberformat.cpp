// SPDX-License-Identifier: Apache-2.0
// Numbers in the user's language, from one helper (core's units::groupDigits under the window's LocaleNumber):
// grouped as CLDR says for each language the window speaks, including Spanish, whose minimum grouping digits
// (2) Qt 6.4 applies to every group ("4294.967.296"). Each row reads like the table it checks.
#include "app/gui/application/localenumber.h"
#include "app/gui/sizing/bytetext.h"
#include "core/units/digitgrouping.h"

#include <QLocale>
#include <QTest>
#include <limits>

using namespace iteragpu;

class TestNumberFormat : public QObject {
    Q_OBJECT
private slots:
    void coreGroupsAsCldr_data()
    {
        QTest::addColumn<qulonglong>("value");
        QTest::addColumn<unsigned>("minimum");
        QTest::addColumn<QString>("expected");
        QTest::addRow("0") << 0ull << 1u << QStringLiteral("0");
        QTest::addRow("999") << 999ull << 1u << QStringLiteral("999");
        QTest::addRow("4294, minimum 1") << 4294ull << 1u << QStringLiteral("4.294");
        QTest::addRow("4294, minimum 2: whole") << 4294ull << 2u << QStringLiteral("4294");
        QTest::addRow("12345, minimum 2") << 12345ull << 2u << QStringLiteral("12.345");
        QTest::addRow("4294967296, minimum 2: every group") << 4294967296ull << 2u << QStringLiteral("4.294.967.296");
        QTest::addRow("6738415616, minimum 2") << 6738415616ull << 2u << QStringLiteral("6.738.415.616");
        QTest::addRow("2^64-1") << std::numeric_limits<qulonglong>::max() << 1u
                                << QStringLiteral("18.446.744.073.709.551.615");
    }

    void coreGroupsAsCldr()
    {
        QFETCH(qulonglong, value);
        QFETCH(unsigned, minimum);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(units::groupDigits(static_cast<std::uint64_t>(value), ".", minimum)), expected);
    }

    void signedValues()
    {
        QCOMPARE(units::groupDigits(std::int64_t { -45088768 }, ",", 1, "-"), std::string("-45,088,768"));
        QCOMPARE(units::groupDigits(std::numeric_limits<std::int64_t>::min(), ",", 1, "-"),
            std::string("-9,223,372,036,854,775,808"));
        QCOMPARE(units::groupDigits(std::int64_t { -4294 }, ".", 2, "-"), std::string("-4294"));
    }

    void minimumGroupingOfEachLanguage()
    {
        QCOMPARE(units::minimumGroupingDigits("es_ES"), 2u);
        QCOMPARE(units::minimumGroupingDigits("es"), 2u);
        QCOMPARE(units::minimumGroupingDigits("pl_PL"), 2u);
        QCOMPARE(units::minimumGroupingDigits("pt_PT"), 2u);
        QCOMPARE(units::minimumGroupingDigits("pt_BR"), 1u);
        QCOMPARE(units::minimumGroupingDigits("de_DE"), 1u);
        QCOMPARE(units::minimumGroupingDigits("en_US"), 1u);
        QCOMPARE(units::minimumGroupingDigits("vi_VN"), 1u);
        QCOMPARE(units::minimumGroupingDigits(""), 1u);
    }

    // What the window writes, in each of its four languages.
    void theWindowsNumbers_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<qulonglong>("value");
        QTest::addColumn<QString>("expected");
        QTest::addRow("en 4294967296") << "en_US" << 4294967296ull << QStringLiteral("4,294,967,296");
        QTest::addRow("en 4294") << "en_US" << 4294ull << QStringLiteral("4,294");
        QTest::addRow("de 4294967296") << "de_DE" << 4294967296ull << QStringLiteral("4.294.967.296");
        QTest::addRow("de 4294") << "de_DE" << 4294ull << QStringLiteral("4.294");
        QTest::addRow("es 4294967296") << "es_ES" << 4294967296ull << QStringLiteral("4.294.967.296");
        QTest::addRow("es 6738415616") << "es_ES" << 6738415616ull << QStringLiteral("6.738.415.616");
        QTest::addRow("es 4294") << "es_ES" << 4294ull << QStringLiteral("4294");
        QTest::addRow("es 12345") << "es_ES" << 12345ull << QStringLiteral("12.345");
        QTest::addRow("vi 4294967296") << "vi_VN" << 4294967296ull << QStringLiteral("4.294.967.296");
    }

    void theWindowsNumbers()
    {
        QFETCH(QString, locale);
        QFETCH(qulonglong, value);
        QFETCH(QString, expected);
        const QLocale l(locale);
        QCOMPARE(gui::LocaleNumber::integer(value, l), expected);
        QCOMPARE(gui::ByteText::bytes(value, l), expected);
    }

    void fixedPoint_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("expected");
        QTest::addRow("en 13.04") << "en_US" << 13.0385 << 2 << QStringLiteral("13.04");
        QTest::addRow("de 13,04") << "de_DE" << 13.0385 << 2 << QStringLiteral("13,04");
        QTest::addRow("de 1.234,50") << "de_DE" << 1234.5 << 2 << QStringLiteral("1.234,50");
        QTest::addRow("es 1234,50") << "es_ES" << 1234.5 << 2 << QStringLiteral("1234,50");
        QTest::addRow("es 1.234.567,00") << "es_ES" << 1234567.0 << 2 << QStringLiteral("1.234.567,00");
        QTest::addRow("en -2.58") << "en_US" << -2.58 << 2 << QStringLiteral("-2.58");
        QTest::addRow("en -0.001 rounds to 0.00") << "en_US" << -0.001 << 2 << QStringLiteral("0.00");
        QTest::addRow("en 42, no decimals") << "en_US" << 42.0 << 0 << QStringLiteral("42");
    }

    void fixedPoint()
    {
        QFETCH(QString, locale);
        QFETCH(double, value);
        QFETCH(int, decimals);
        QFETCH(QString, expected);
        QCOMPARE(gui::LocaleNumber::fixed(value, decimals, QLocale(locale)), expected);
    }

    // Note [One reader of typed numbers]: what a person types, read through core's parser in each language;
    // what the window writes reads back as the same value.
    void typedCounts_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("expected"); // -1: refused
        QTest::addRow("en grouped") << "en_US" << "7,000,000,000" << 7000000000LL;
        QTest::addRow("en plain") << "en_US" << "4096" << 4096LL;
        QTest::addRow("en spaces") << "en_US" << "7 000 000 000" << 7000000000LL;
        QTest::addRow("en exponent") << "en_US" << "7e9" << 7000000000LL;
        QTest::addRow("en 1.5e9") << "en_US" << "1.5e9" << 1500000000LL;
        QTest::addRow("en 1,5 is not 15") << "en_US" << "1,5" << -1LL;
        QTest::addRow("en German grouping after a switch") << "en_US" << "7.000.000.000" << 7000000000LL;
        QTest::addRow("en a fraction is no count") << "en_US" << "1.5" << -1LL;
        QTest::addRow("en negative") << "en_US" << "-4" << -1LL;
        QTest::addRow("en hex") << "en_US" << "0x10" << -1LL;
        QTest::addRow("en 2^64 refused, not wrapped") << "en_US" << "18446744073709551616" << -1LL;
        QTest::addRow("de grouped") << "de_DE" << "1.024" << 1024LL;
        QTest::addRow("de 1,5e9") << "de_DE" << "1,5e9" << 1500000000LL;
        QTest::addRow("es ungrouped four digits") << "es_ES" << "4294" << 4294LL;
        QTest::addRow("es grouped") << "es_ES" << "4.294.967.296" << 4294967296LL;
        QTest::addRow("vi grouped") << "vi_VN" << "4.294.967.296" << 4294967296LL;
        QTest::addRow("empty") << "en_US" << "" << -1LL;
    }

    void typedCounts()
    {
        QFETCH(QString, locale);
        QFETCH(QString, text);
        QFETCH(qlonglong, expected);
        QString error;
        const auto value = gui::LocaleNumber::parseCount(text, QLocale(locale), &error);
        if (expected < 0) {
            QVERIFY2(!value, qPrintable(text));
            QVERIFY(!error.isEmpty());
        } else {
            QVERIFY2(value, qPrintable(error));
            QCOMPARE(static_cast<qlonglong>(*value), expected);
            QCOMPARE(gui::LocaleNumber::parseCount(gui::LocaleNumber::integer(*value, QLocale(locale)), QLocale(locale)),
                value);
        }
    }

    void typedDecimals()
    {
        QCOMPARE(gui::LocaleNumber::parseDecimal(QStringLiteral("1,5"), QLocale(QStringLiteral("de_DE"))),
            std::optional<double>(1.5));
        QCOMPARE(gui::LocaleNumber::parseDecimal(QStringLiteral("1.234,5"), QLocale(QStringLiteral("de_DE"))),
            std::optional<double>(1234.5));
        QCOMPARE(gui::LocaleNumber::parseDecimal(QStringLiteral("0.55078125"), QLocale(QStringLiteral("en_US"))),
            std::optional<double>(0.55078125));
        QVERIFY(!gui::LocaleNumber::parseDecimal(QStringLiteral("nan"), QLocale(QStringLiteral("en_US"))));
        QVERIFY(!gui::LocaleNumber::parseDecimal(QStringLiteral("1e400"), QLocale(QStringLiteral("en_US"))));
    }
};

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
