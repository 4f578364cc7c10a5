// SPDX-License-Identifier: Apache-2.0
#include "app/gui/mainwindow/fileopener.h"

#include "app/gui/application/recentfiles.h"
#include "app/gui/log/logview.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/sweep/sweepview.h"
#include "app/gui/workbench/workbenchsteps.h"
#include "core/report/filekind.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QTabWidget>
#include <QUrl>

namespace iteragpu::gui {

FileOpener::FileOpener(MainWindow* window)
    : QObject(window)
    , m_window(window)
    , m_recent(new RecentFiles(this))
{
    connect(m_recent, &RecentFiles::triggered, this, [this](const QString& path) { open(path); });
    m_window->setAcceptDrops(true);
    m_window->installEventFilter(this);
}

QStringList FileOpener::localPaths(const QDropEvent* event)
{
    QStringList paths;
    const QMimeData* data = event->mimeData();
    if (!data || !data->hasUrls())
        return paths;
    for (const QUrl& url : data->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    return paths;
}

bool FileOpener::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
            auto* drag = static_cast<QDragMoveEvent*>(event);
            if (!localPaths(drag).isEmpty()) {
                drag->acceptProposedAction();
                return true;
            }
        } else if (event->type() == QEvent::Drop) {
            auto* drop = static_cast<QDropEvent*>(event);
            const QStringList paths = localPaths(drop);
            if (!paths.isEmpty()) {
                drop->acceptProposedAction();
                openAll(paths);
                return true;
            }
        }
    }
    return QObject::eventFilter(watched, event);
}

int FileOpener::openAll(const QStringList& paths)
{
    int opened = 0;
    for (const QString& path : paths)
        opened += open(path) ? 1 : 0;
    return opened;
}

bool FileOpener::open(const QString& path, QString* error)
{
    const report::FileClass what = report::classifyFile(QFile::encodeName(path).toStdString());
    QString reason;
    bool ok = false;
    switch (what.kind) {
    case report::FileKind::Result:
        ok = m_window->reportActions()->openResultFile(path); // logs its own line, both ways
        if (ok)
            m_window->steps()->setCurrentStep(WorkbenchSteps::Step::Measure); // its timeline and phases
        else
            //: %1 is a file path
            reason = tr("%1 could not be opened as a result.").arg(QDir::toNativeSeparators(path));
        break;
    case report::FileKind::Sweep: {
        const QFileInfo info(path);
        const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
        ok = m_window->sweepView()->openFolder(folder, &reason);
        if (ok)
            m_window->steps()->setCurrentStep(WorkbenchSteps::Step::Boundary);
        break;
    }
    case report::FileKind::ModelConfig:
        ok = m_window->sizingPanel()->loadConfigFile(path);
        break;
    case report::FileKind::Safetensors:
        ok = m_window->sizingPanel()->loadSafetensors(path);
        break;
    case report::FileKind::ModelFolder: {
        const QDir folder(path);
        // A folder of shards sizes from its checkpoint; a folder with only a config.json from the config.
        const bool shards = !folder.entryList({ QStringLiteral("*.safetensors") }, QDir::Files).isEmpty();
        ok = shards ? m_window->sizingPanel()->loadSafetensors(path)
                    : m_window->sizingPanel()->loadConfigFile(folder.filePath(QStringLiteral("config.json")));
        break;
    }
    case report::FileKind::Gguf:
        ok = m_window->sizingPanel()->loadGguf(path);
        break;
    case report::FileKind::TorchSnapshot:
        ok = m_window->reportActions()->importSnapshotFile(path); // logs its own line, both ways
        if (ok)
            m_window->steps()->setCurrentStep(WorkbenchSteps::Step::Measure);
        else
            //: %1 is a file path
            reason = tr("%1 could not be imported as a PyTorch snapshot.").arg(QDir::toNativeSeparators(path));
        break;
    case report::FileKind::Unknown:
        reason = QString::fromStdString(what.error);
        if (reason.isEmpty())
            //: %1 is a file path
            reason = tr("%1: this kind of file cannot be opened here.").arg(QDir::toNativeSeparators(path));
        break;
    }
    if (what.kind == report::FileKind::ModelConfig || what.kind == report::FileKind::Safetensors
        || what.kind == report::FileKind::ModelFolder || what.kind == report::FileKind::Gguf) {
        m_window->steps()->setCurrentStep(WorkbenchSteps::Step::Size);
        if (!ok)
            //: %1 is a file path; the sizing panel shows the reader's own error
            reason = tr("%1 could not be read; the sizing panel says why.").arg(QDir::toNativeSeparators(path));
    }
    if (ok) {
        m_recent->add(path);
    } else {
        if (!reason.isEmpty() && what.kind != report::FileKind::Result && what.kind != report::FileKind::TorchSnapshot)
            m_window->logView()->error(reason);
        if (error)
            *error = reason;
    }
    return ok;
}

} // namespace iteragpu::gui
