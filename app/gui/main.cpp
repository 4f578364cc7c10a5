// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/commandline.h"
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/fileopener.h"
#include "app/gui/mainwindow/mainwindow.h"

#include <QTimer>
#include <cstdio>

int main(int argc, char** argv)
{
    // The command line first, without a display: --help and --version work on a headless machine.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const iteragpu::gui::LabCommandLine line = iteragpu::gui::LabCommandLine::parse(arguments);
    if (line.exitNow) {
        std::fputs(line.output.toLocal8Bit().constData(), line.exitCode == 0 ? stdout : stderr);
        return line.exitCode;
    }
    iteragpu::gui::LabApplication app(argc, argv);
    if (!line.language.isEmpty())
        app.setLanguage(line.language, false);
    iteragpu::gui::MainWindow window;
    window.show();
    if (!line.files.isEmpty())
        QTimer::singleShot(0, &window, [&window, files = line.files] {
            for (const QString& file : files) {
                QString error;
                if (!window.fileOpener()->open(file, &error) && !error.isEmpty())
                    std::fprintf(stderr, "iteragpu-lab: %s\n", error.toLocal8Bit().constData());
            }
        });
    return app.exec();
}
