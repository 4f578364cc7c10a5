// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/commandline.h"

#include "app/gui/application/labapplication.h"
#include "core/buildinfo/buildinfo.h"

#include <QCommandLineParser>

namespace iteragpu::gui {

LabCommandLine LabCommandLine::parse(const QStringList& arguments)
{
    LabCommandLine out;
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "IteraGPU Lab, the workbench: size the GPU memory of an ML workload, then measure it phase by phase on a "
        "CUDA, HIP or simulated device, and find out why the peak exceeds the estimate."));
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    const QCommandLineOption version(
        { QStringLiteral("v"), QStringLiteral("version") }, QStringLiteral("Show the version and the commit."));
    const QCommandLineOption language(QStringLiteral("language"),
        QStringLiteral("The language of the window for this start: %1 (the saved choice stays).")
            .arg(LabApplication::languages().join(QStringLiteral(", "))),
        QStringLiteral("CODE"));
    parser.addOption(help);
    parser.addOption(version);
    parser.addOption(language);
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("Files or folders to open: measurement results and sweeps (.json, a sweep folder), a "
                       "config.json, a .safetensors file or folder, a .gguf file, a PyTorch memory snapshot."),
        QStringLiteral("[FILE...]"));
    if (!parser.parse(arguments)) {
        out.exitNow = true;
        out.exitCode = kExitUsage;
        out.output = QStringLiteral("iteragpu-lab: ") + parser.errorText()
            + QStringLiteral("\nRun 'iteragpu-lab --help' for the options.\n");
        return out;
    }
    if (parser.isSet(help)) {
        out.exitNow = true;
        QString text = parser.helpText();
        // Without an application object yet, QCommandLineParser names the program "<executable_name>"; the man
        // page and the user see its installed name.
        text.replace(QStringLiteral("<executable_name>"), QStringLiteral("iteragpu-lab"));
        text += QStringLiteral("\nExamples:\n"
                               "  iteragpu-lab                                open the workbench\n"
                               "  iteragpu-lab run.json                       show a measurement result\n"
                               "  iteragpu-lab --language de ~/models/llama/  size a checkpoint folder, in German\n"
                               "\nExit codes: 0 ok, 64 bad arguments.\n");
        out.output = text;
        return out;
    }
    if (parser.isSet(version)) {
        out.exitNow = true;
        out.output = QStringLiteral("iteragpu-lab %1 (commit %2)\n")
                         .arg(QString::fromStdString(BuildInfo::version()), QString::fromStdString(BuildInfo::commit()));
        return out;
    }
    if (parser.isSet(language)) {
        out.language = parser.value(language);
        if (!LabApplication::languages().contains(out.language)) {
            out.exitNow = true;
            out.exitCode = kExitUsage;
            out.output = QStringLiteral("iteragpu-lab: --language %1 is not one of %2\n")
                             .arg(out.language, LabApplication::languages().join(QStringLiteral(", ")));
            return out;
        }
    }
    out.files = parser.positionalArguments();
    return out;
}

} // namespace iteragpu::gui
