// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace iteragpu::gui {

// File > Open Recent: the last files and folders opened (results, sweeps, configs, checkpoints, snapshots), newest
// first, at most kMaxEntries, kept across starts (QSettings "files/recent"). A path that no longer exists stays
// listed but disabled until it is back or the list is cleared; triggered() hands the path to the window's opener.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 10;

    explicit RecentFiles(QObject* parent = nullptr);

    QMenu* menu() const { return m_menu; }
    QStringList paths() const { return m_paths; }
    // Puts the path first (absolute, once) and saves the list.
    void add(const QString& path);
    void clear();
    static QString settingsKey();

signals:
    void triggered(const QString& path);

private:
    void rebuild();
    void save() const;
    void retranslateUi();
    bool eventFilter(QObject* watched, QEvent* event) override;

    QStringList m_paths;
    QMenu* m_menu = nullptr;
};

} // namespace iteragpu::gui
