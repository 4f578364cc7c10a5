// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/scriptdialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace iteragpu::gui {

namespace {

    const QString kGroup = QStringLiteral("scriptRun");

    QWidget* withBrowse(QLineEdit* edit, QPushButton* button)
    {
        auto* row = new QWidget;
        auto* layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(edit, 1);
        layout->addWidget(button);
        return row;
    }

} // namespace

ScriptDialog::ScriptDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Run a PyTorch script"));
    m_script = new QLineEdit(this);
    m_script->setObjectName(QStringLiteral("scriptPath"));
    m_arguments = new QLineEdit(this);
    m_arguments->setObjectName(QStringLiteral("scriptArguments"));
    m_arguments->setPlaceholderText(tr("e.g. --batch 4 --steps 10"));
    m_folder = new QLineEdit(this);
    m_folder->setObjectName(QStringLiteral("scriptFolder"));
    m_folder->setPlaceholderText(tr("the script's folder"));
    m_python = new QLineEdit(this);
    m_python->setObjectName(QStringLiteral("scriptPython"));
    m_python->setPlaceholderText(QStringLiteral("python3"));

    auto* browseScript = new QPushButton(tr("Browse…"), this);
    connect(browseScript, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Choose a PyTorch script"), m_script->text(), tr("Python scripts (*.py);;All files (*)"));
        if (!path.isEmpty())
            m_script->setText(path);
    });
    auto* browseFolder = new QPushButton(tr("Browse…"), this);
    connect(browseFolder, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getExistingDirectory(this, tr("Choose the working folder"), m_folder->text());
        if (!path.isEmpty())
            m_folder->setText(path);
    });

    auto* form = new QFormLayout;
    form->addRow(tr("&Script:"), withBrowse(m_script, browseScript));
    form->addRow(tr("&Arguments:"), m_arguments);
    form->addRow(tr("&Working folder:"), withBrowse(m_folder, browseFolder));
    form->addRow(tr("&Python:"), m_python);

    m_hint = new QLabel(tr("The script measures itself with iteragpu_probe (from iteragpu_probe import Probe; with "
                           "probe.phase(\"prefill\"): …). Its phases appear live here; its output goes to the log. "
                           "Stop sends Ctrl+C, then SIGTERM, and keeps what was measured."),
        this);
    m_hint->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Run"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    resize(620, sizeHint().height());

    const QSettings settings;
    ScriptRequest last;
    last.script = settings.value(kGroup + QStringLiteral("/script")).toString();
    last.arguments = settings.value(kGroup + QStringLiteral("/arguments")).toStringList();
    last.workingFolder = settings.value(kGroup + QStringLiteral("/folder")).toString();
    last.python = settings.value(kGroup + QStringLiteral("/python"), QStringLiteral("python3")).toString();
    setRequest(last);
    connect(m_script, &QLineEdit::textChanged, this, &ScriptDialog::updateOk);
    updateOk();
}

ScriptRequest ScriptDialog::request() const
{
    ScriptRequest r;
    r.script = m_script->text().trimmed();
    r.arguments = QProcess::splitCommand(m_arguments->text());
    r.workingFolder = m_folder->text().trimmed();
    r.python = m_python->text().trimmed().isEmpty() ? QStringLiteral("python3") : m_python->text().trimmed();
    return r;
}

void ScriptDialog::setRequest(const ScriptRequest& request)
{
    m_script->setText(request.script);
    QStringList quoted;
    for (const QString& a : request.arguments)
        quoted << (a.contains(QLatin1Char(' ')) || a.isEmpty() ? QLatin1Char('"') + a + QLatin1Char('"') : a);
    m_arguments->setText(quoted.join(QLatin1Char(' ')));
    m_folder->setText(request.workingFolder);
    m_python->setText(request.python);
}

void ScriptDialog::remember() const
{
    QSettings settings;
    const ScriptRequest r = request();
    settings.setValue(kGroup + QStringLiteral("/script"), r.script);
    settings.setValue(kGroup + QStringLiteral("/arguments"), r.arguments);
    settings.setValue(kGroup + QStringLiteral("/folder"), r.workingFolder);
    settings.setValue(kGroup + QStringLiteral("/python"), r.python);
}

void ScriptDialog::updateOk()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(QFileInfo(m_script->text().trimmed()).isFile());
}

} // namespace iteragpu::gui
