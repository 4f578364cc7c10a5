// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/recentfiles.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace iteragpu::gui {

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
    , m_menu(new QMenu)
{
    m_menu->setObjectName(QStringLiteral("recentFilesMenu"));
    // The menu has no parent widget (it is added to the File menu as a submenu); it goes with this object.
    connect(this, &QObject::destroyed, m_menu, &QObject::deleteLater);
    m_menu->installEventFilter(this);
    const QSettings settings;
    for (const QString& path : settings.value(settingsKey()).toStringList())
        if (!path.isEmpty() && !m_paths.contains(path) && m_paths.size() < kMaxEntries)
            m_paths << path;
    // Disabled entries follow the file system each time the menu opens.
    connect(m_menu, &QMenu::aboutToShow, this, &RecentFiles::rebuild);
    retranslateUi();
}

QString RecentFiles::settingsKey() { return QStringLiteral("files/recent"); }

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_paths.removeAll(absolute);
    m_paths.prepend(absolute);
    while (m_paths.size() > kMaxEntries)
        m_paths.removeLast();
    save();
    rebuild();
}

void RecentFiles::clear()
{
    m_paths.clear();
    save();
    rebuild();
}

void RecentFiles::save() const
{
    QSettings settings;
    settings.setValue(settingsKey(), m_paths);
}

void RecentFiles::rebuild()
{
    m_menu->clear();
    int number = 1;
    for (const QString& path : m_paths) {
        // Numbered accelerators 1..9, then 0, as desktop applications do.
        const QString label = (number <= 10 ? QStringLiteral("&%1  ").arg(number % 10) : QString())
            + QDir::toNativeSeparators(path).replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = m_menu->addAction(label);
        action->setData(path);
        action->setEnabled(QFileInfo::exists(path));
        if (!action->isEnabled())
            action->setToolTip(tr("No longer there"));
        connect(action, &QAction::triggered, this, [this, path] { emit triggered(path); });
        ++number;
    }
    if (m_paths.isEmpty()) {
        QAction* none = m_menu->addAction(tr("No recent files"));
        none->setEnabled(false);
    }
    m_menu->addSeparator();
    QAction* clearAction = m_menu->addAction(tr("Clear the list"), this, &RecentFiles::clear);
    clearAction->setObjectName(QStringLiteral("clearRecentFiles"));
    clearAction->setEnabled(!m_paths.isEmpty());
}

void RecentFiles::retranslateUi()
{
    m_menu->setTitle(tr("Open &Recent"));
    rebuild();
}

bool RecentFiles::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_menu && event->type() == QEvent::LanguageChange)
        retranslateUi();
    return QObject::eventFilter(watched, event);
}

} // namespace iteragpu::gui
