// SPDX-License-Identifier: Apache-2.0
// The translation catalogs are complete and faithful to their sources: no unfinished or vanished entries, every
// source string of the code has a translation (lupdate over the sources adds nothing), and every placeholder of
// a source string appears in its translation.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message {
    QString context;
    QString source;
    QString type; // "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or one per plural form
    bool numerus = false;
    bool commented = false; // a translator comment (//: in the code) or a disambiguation
};

QList<Message> readCatalog(const QString& path, QString& error)
{
    QList<Message> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name"))
                context = xml.readElementText();
            else if (name == QLatin1String("message")) {
                current = Message {};
                current.context = context;
                current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (name == QLatin1String("source"))
                current.source = xml.readElementText();
            else if (name == QLatin1String("extracomment") || name == QLatin1String("comment"))
                current.commented = !xml.readElementText().trimmed().isEmpty();
            else if (name == QLatin1String("translation")) {
                current.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!current.numerus)
                    current.translations << xml.readElementText();
            } else if (name == QLatin1String("numerusform"))
                current.translations << xml.readElementText();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out << current;
        }
    }
    if (xml.hasError())
        error = xml.errorString();
    return out;
}

QSet<QString> placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%(?:L?[1-9]|n)"));
    QSet<QString> out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(0).remove(QLatin1Char('L'));
    return out;
}

QString sourceDir() { return qEnvironmentVariable("ITERAGPU_SOURCE_DIR"); }

} // namespace

class TestCatalogs : public QObject {
    Q_OBJECT
private slots:
    void catalogIsCompleteAndFaithful_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addRow("de") << QStringLiteral("de");
        QTest::addRow("es") << QStringLiteral("es");
        QTest::addRow("vi") << QStringLiteral("vi");
    }

    void catalogIsCompleteAndFaithful()
    {
        QFETCH(QString, language);
        const QString path = sourceDir() + QStringLiteral("/translations/iteragpu_") + language + QStringLiteral(".ts");
        QString error;
        const auto messages = readCatalog(path, error);
        QVERIFY2(error.isEmpty(), qPrintable(path + QStringLiteral(": ") + error));
        QVERIFY2(messages.size() > 50, "the catalog holds the application's strings");
        QStringList problems;
        for (const auto& m : messages) {
            const QString where = m.context + QStringLiteral(" / \"") + m.source.left(60) + QStringLiteral("\"");
            if (!m.type.isEmpty())
                problems << m.type + QStringLiteral(": ") + where;
            if (m.translations.isEmpty())
                problems << QStringLiteral("no translation: ") + where;
            // Every string with a placeholder tells the translator what goes there.
            if (!placeholders(m.source).isEmpty() && !m.commented)
                problems << QStringLiteral("placeholder without a translator comment: ") + where;
            for (const auto& t : m.translations) {
                if (t.trimmed().isEmpty())
                    problems << QStringLiteral("empty translation: ") + where;
                const auto expected = placeholders(m.source);
                const auto got = placeholders(t);
                // %n may be spelled out in a plural form that names the number in words; all others must stay.
                auto expectedNoN = expected;
                expectedNoN.remove(QStringLiteral("%n"));
                if (!got.contains(expectedNoN))
                    problems << QStringLiteral("placeholder lost: ") + where + QStringLiteral(" -> ") + t;
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
    }

    // lupdate over today's sources adds nothing: every string in the code has a finished translation.
    void sourcesHaveNoUntranslatedString_data() { catalogIsCompleteAndFaithful_data(); }

    void sourcesHaveNoUntranslatedString()
    {
        QFETCH(QString, language);
        const QString lupdate = qEnvironmentVariable("ITERAGPU_LUPDATE");
        if (lupdate.isEmpty() || !QFile::exists(lupdate))
            QSKIP("lupdate not found");
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("catalog.ts"));
        QVERIFY(QFile::copy(
            sourceDir() + QStringLiteral("/translations/iteragpu_") + language + QStringLiteral(".ts"), copy));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(lupdate,
            { QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                QStringLiteral("-extensions"), QStringLiteral("cpp,h"),
                // The include path lets lupdate resolve the namespaces, so contexts are the classes' full names
                // ("iteragpu::gui::MainWindow"), as tr() looks them up at run time.
                QStringLiteral("-I"), sourceDir(), QStringLiteral("-tr-function-alias"),
                QStringLiteral("QT_TRANSLATE_NOOP+=ITERAGPU_TRANSLATE_NOOP"), sourceDir() + QStringLiteral("/app"),
                sourceDir() + QStringLiteral("/core"), QStringLiteral("-ts"), copy });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QString error;
        const auto messages = readCatalog(copy, error);
        QVERIFY(error.isEmpty());
        QStringList missing;
        for (const auto& m : messages)
            if (m.type == QLatin1String("unfinished") || m.type == QLatin1String("vanished"))
                missing << m.type + QStringLiteral(": ") + m.context + QStringLiteral(" / \"") + m.source.left(60)
                        + QStringLiteral("\"");
        QVERIFY2(missing.isEmpty(),
            qPrintable(QStringLiteral("catalog out of date with the sources:\n")
                + missing.mid(0, 20).join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestCatalogs)
#include "tst_catalogs.moc"
