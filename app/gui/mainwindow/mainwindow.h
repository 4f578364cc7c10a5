// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backendregistry.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;

namespace iteragpu::gui {

// The workbench window: menus File, View, Language, Help; the panels dock around the central timeline.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    device::BackendRegistry& registry() { return *m_registry; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* viewMenu() const { return m_viewMenu; }
    QMenu* languageMenu() const { return m_languageMenu; }
    QMenu* helpMenu() const { return m_helpMenu; }

public slots:
    void showAbout();
    void switchLanguage(const QString& code);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void retranslateUi();
    void restoreLayout();

    std::unique_ptr<device::BackendRegistry> m_registry;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QLabel* m_welcome = nullptr;
};

} // namespace iteragpu::gui
