// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/mainwindow.h"

int main(int argc, char** argv)
{
    iteragpu::gui::LabApplication app(argc, argv);
    iteragpu::gui::MainWindow window;
    window.show();
    return app.exec();
}
