// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/overwriteprompt.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace iteragpu::gui {

OverwritePrompt::OverwritePrompt(QWidget* parent)
    : QObject(parent)
    , m_parentWidget(parent)
{
}

bool OverwritePrompt::mayWrite(const QString& path) const
{
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return true;
    if (m_answer)
        return m_answer(path);
    const auto button = QMessageBox::question(m_parentWidget, tr("Replace file?"),
        //: %1 is a file path
        tr("%1 already exists. Do you want to replace it?").arg(QDir::toNativeSeparators(path)),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    return button == QMessageBox::Yes;
}

} // namespace iteragpu::gui
