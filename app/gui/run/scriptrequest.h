// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace iteragpu::gui {

// What File > Run a PyTorch script... starts: `python SCRIPT ARGUMENTS` in workingFolder, with the probe's
// package (python/iteragpu_probe) on PYTHONPATH. The script measures itself with iteragpu_probe.Probe.
struct ScriptRequest {
    QString python = QStringLiteral("python3"); // the interpreter: a name on PATH or a path
    QString script;
    QStringList arguments;
    QString workingFolder; // empty: the script's folder
};

} // namespace iteragpu::gui
