// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace iteragpu::gui {

// The workbench's command line: iteragpu-lab [--language CODE] [FILE...] (results, sweeps, config.json,
// safetensors and GGUF files, PyTorch snapshots), --help and --version. Parsed with QCommandLineParser before the
// window exists, so --help and --version work without a display (help2man reads them for the man page).
struct LabCommandLine {
    QStringList files;
    QString language; // empty: the saved or the system's language
    bool exitNow = false; // --help, --version or an error: print output, exit with exitCode
    int exitCode = 0;
    QString output; // what --help / --version print (stdout), or the error (stderr)

    static LabCommandLine parse(const QStringList& arguments);
    // Exit codes: 0 ok, 64 bad arguments (as the CLI's).
    static constexpr int kExitUsage = 64;
};

} // namespace iteragpu::gui
