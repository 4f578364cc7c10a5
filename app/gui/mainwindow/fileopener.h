// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QStringList>

class QDragEnterEvent;
class QDropEvent;

namespace iteragpu::gui {

class MainWindow;
class RecentFiles;

// Opens what the user hands the window outside its dialogs: files on the command line (iteragpu-lab FILE...),
// files and folders dropped onto the window, File > Open Recent. What a file is comes from core
// (report::classifyFile); each kind goes where its own Open action would put it: a result to the timeline and the
// phase table, a sweep to the Sweep view, a config.json, a checkpoint or a GGUF file to the sizing panel, a
// PyTorch snapshot to the import. Errors go to the log (and to stderr for the command line), one line per file.
class FileOpener : public QObject {
    Q_OBJECT
public:
    explicit FileOpener(MainWindow* window);

    RecentFiles* recentFiles() const { return m_recent; }
    // Opens one path; false with a one-line reason in error when it cannot (unknown kind, unreadable, refused by
    // its reader). A path opened is added to the recent files.
    bool open(const QString& path, QString* error = nullptr);
    // Opens each in order; the number opened.
    int openAll(const QStringList& paths);
    // The local paths of a drag, empty when it carries none (then the window refuses it).
    static QStringList localPaths(const QDropEvent* event);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    MainWindow* m_window;
    RecentFiles* m_recent;
};

} // namespace iteragpu::gui
