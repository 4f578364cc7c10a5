// SPDX-License-Identifier: Apache-2.0
// Core's folders depend in one direction (ARCHITECTURE.md): each folder has a level, and a file may include core
// headers of its own folder or of a folder with a lower level only. Nothing in core includes app/ or gpu/, and
// core has no Qt. The test reads the sources, so a new include that closes a cycle fails here, with the file and
// the line named.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <map>

namespace {

// Lower levels first. Two folders on one level may not include each other.
const std::map<QString, int>& levels()
{
    static const std::map<QString, int> table {
        { QStringLiteral("units"), 0 },
        { QStringLiteral("buildinfo"), 0 },
        { QStringLiteral("i18n"), 1 },
        { QStringLiteral("device"), 1 },
        { QStringLiteral("alloc"), 2 },
        { QStringLiteral("sim"), 2 },
        { QStringLiteral("model"), 2 },
        { QStringLiteral("training"), 2 },
        { QStringLiteral("sizing"), 3 },
        { QStringLiteral("registry"), 3 },
        // engines (a profile's plan over the sizing engine) below protocol: a run configuration carries vLLM's
        // options and the plan its rehearsal follows (protocol::VllmRun).
        { QStringLiteral("engines"), 4 },
        { QStringLiteral("protocol"), 5 },
        { QStringLiteral("sampler"), 6 },
        { QStringLiteral("workloads"), 6 },
        { QStringLiteral("runner"), 7 },
        { QStringLiteral("verdict"), 7 },
        { QStringLiteral("report"), 8 },
        { QStringLiteral("sweep"), 9 },
        { QStringLiteral("interop"), 9 },
    };
    return table;
}

QString sourceDir() { return qEnvironmentVariable("ITERAGPU_SOURCE_DIR"); }

struct Include {
    QString file; // relative to the source root
    int line = 0;
    QString target; // as written between the quotes or angle brackets
};

QList<Include> coreIncludes()
{
    QList<Include> out;
    const QString root = sourceDir();
    QDirIterator it(root + QStringLiteral("/core"), { QStringLiteral("*.h"), QStringLiteral("*.cpp") }, QDir::Files,
        QDirIterator::Subdirectories);
    static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*[\"<]([^\">]+)[\">]"));
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        int lineNo = 0;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine());
            ++lineNo;
            const auto m = include.match(line);
            if (m.hasMatch())
                out.push_back({ QDir(root).relativeFilePath(path), lineNo, m.captured(1) });
        }
    }
    return out;
}

QString folderOf(const QString& corePath) // "core/sizing/estimate.h" -> "sizing"
{
    const QStringList parts = corePath.split(QLatin1Char('/'));
    return parts.size() >= 3 ? parts.at(1) : QString();
}

} // namespace

class TestLayering : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (sourceDir().isEmpty())
            QSKIP("ITERAGPU_SOURCE_DIR is not set (run through ctest)");
        QVERIFY(QDir(sourceDir() + QStringLiteral("/core")).exists());
    }

    void everyFolderHasALevel()
    {
        const QDir core(sourceDir() + QStringLiteral("/core"));
        const auto folders = core.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(folders.size() >= 10);
        for (const QString& folder : folders)
            QVERIFY2(levels().count(folder) == 1,
                qPrintable(QStringLiteral("core/%1 has no level in tst_layering.cpp").arg(folder)));
    }

    void includesPointDown()
    {
        const auto includes = coreIncludes();
        QVERIFY(includes.size() > 100);
        QStringList violations;
        for (const Include& inc : includes) {
            const QString from = folderOf(inc.file);
            const QString where = QStringLiteral("%1:%2 includes %3").arg(inc.file).arg(inc.line).arg(inc.target);
            if (inc.target.startsWith(QLatin1String("app/")) || inc.target.startsWith(QLatin1String("gpu/"))
                || inc.target.startsWith(QLatin1String("tests/"))) {
                violations << where + QStringLiteral(" (core may not use app/, gpu/ or tests/)");
                continue;
            }
            if (inc.target.startsWith(QLatin1Char('Q')) || inc.target.startsWith(QLatin1String("qt")))
                violations << where + QStringLiteral(" (core has no Qt)");
            if (!inc.target.startsWith(QLatin1String("core/")))
                continue;
            const QString to = folderOf(inc.target);
            if (to == from)
                continue;
            const auto fromLevel = levels().find(from);
            const auto toLevel = levels().find(to);
            if (fromLevel == levels().end() || toLevel == levels().end()) {
                violations << where + QStringLiteral(" (folder without a level)");
                continue;
            }
            if (toLevel->second >= fromLevel->second)
                violations << where
                        + QStringLiteral(" (%1 is level %2, %3 is level %4: includes must point to a lower level)")
                              .arg(from)
                              .arg(fromLevel->second)
                              .arg(to)
                              .arg(toLevel->second);
        }
        QVERIFY2(violations.isEmpty(), qPrintable(violations.join(QLatin1Char('\n'))));
    }

    // The check itself: an include upwards and one across a level are both caught.
    void checkCatchesCycles()
    {
        QVERIFY(levels().at(QStringLiteral("model")) < levels().at(QStringLiteral("sizing")));
        QVERIFY(levels().at(QStringLiteral("protocol")) < levels().at(QStringLiteral("workloads")));
        QVERIFY(levels().at(QStringLiteral("device")) < levels().at(QStringLiteral("sim")));
        QCOMPARE(folderOf(QStringLiteral("core/sizing/estimate.h")), QStringLiteral("sizing"));
        QCOMPARE(folderOf(QStringLiteral("core/x.h")), QString());
    }

    // gpu/ builds the backend modules from gpu/ and core/ only; test programs are built by tests/.
    void gpuBuildUsesNoTestSources()
    {
        QFile cmake(sourceDir() + QStringLiteral("/gpu/CMakeLists.txt"));
        QVERIFY(cmake.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(cmake.readAll());
        QVERIFY2(!text.contains(QLatin1String("tests/")), "gpu/CMakeLists.txt compiles a file from tests/");
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
