// SPDX-License-Identifier: Apache-2.0
// Each test process keeps its settings in a fresh folder of its own.
//
// QStandardPaths' test mode alone is not enough: it sends every suite's QSettings to the same
// ~/.qttest/config/IteraGPU/IteraGPU Lab.conf, so suites that ctest runs in parallel read each other's choices (a
// sizing panel "restored" another suite's reserve) and a run starts from what the previous one left behind.
#pragma once

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace testsupport {

// The folder this process's settings live in; made on the first call (before the application reads any
// setting), removed when the process ends. Every later call returns the same folder.
inline QString sandboxSettings()
{
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/iteragpu-test-settings-XXXXXX"));
    static const bool done = [] {
        QStandardPaths::setTestModeEnabled(true); // the other standard locations stay out of the user's folders
        for (const auto format : { QSettings::NativeFormat, QSettings::IniFormat }) {
            QSettings::setPath(format, QSettings::UserScope, dir.path() + QStringLiteral("/user"));
            QSettings::setPath(format, QSettings::SystemScope, dir.path() + QStringLiteral("/system"));
        }
        return true;
    }();
    Q_UNUSED(done);
    return dir.isValid() ? dir.path() : QString();
}

// True when QSettings, as the window uses it, writes inside this process's folder.
inline bool settingsAreSandboxed()
{
    const QString root = sandboxSettings();
    return !root.isEmpty() && QSettings().fileName().startsWith(root + QLatin1Char('/'));
}

} // namespace testsupport
