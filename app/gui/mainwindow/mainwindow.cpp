// SPDX-License-Identifier: Apache-2.0
#include "app/gui/mainwindow/mainwindow.h"

#include "app/gui/about/aboutdialog.h"
#include "app/gui/application/labapplication.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QEvent>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>

namespace iteragpu::gui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_registry(std::make_unique<device::BackendRegistry>())
{
    m_registry->load();
    setObjectName(QStringLiteral("MainWindow"));
    m_welcome = new QLabel(this);
    m_welcome->setAlignment(Qt::AlignCenter);
    m_welcome->setWordWrap(true);
    setCentralWidget(m_welcome);
    createMenus();
    retranslateUi();
    resize(1280, 800);
    restoreLayout();
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_quitAction = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(QString());

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    const QString current = qobject_cast<LabApplication*>(qApp) ? qobject_cast<LabApplication*>(qApp)->language()
                                                                 : QStringLiteral("en");
    for (const QString& code : LabApplication::languages()) {
        // Each language is named in its own language, never translated.
        QAction* action = m_languageMenu->addAction(LabApplication::nativeLanguageName(code));
        action->setCheckable(true);
        action->setData(code);
        action->setChecked(code == current);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }

    m_helpMenu = menuBar()->addMenu(QString());
    m_aboutAction = m_helpMenu->addAction(QString(), this, &MainWindow::showAbout);
}

void MainWindow::retranslateUi()
{
    setWindowTitle(tr("IteraGPU Lab"));
    m_fileMenu->setTitle(tr("&File"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About IteraGPU Lab"));
    m_welcome->setText(tr("Does the whole workload fit on each device, even in its most demanding step?"));
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void MainWindow::switchLanguage(const QString& code)
{
    if (auto* app = qobject_cast<LabApplication*>(qApp)) {
        if (!app->setLanguage(code))
            statusBar()->showMessage(tr("The catalog of this language could not be loaded."), 5000);
    }
    for (QAction* action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == code);
}

void MainWindow::showAbout()
{
    AboutDialog dialog(m_registry->statuses(), this);
    dialog.exec();
}

void MainWindow::restoreLayout()
{
    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

} // namespace iteragpu::gui
