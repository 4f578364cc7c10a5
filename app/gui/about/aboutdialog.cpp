// SPDX-License-Identifier: Apache-2.0
#include "app/gui/about/aboutdialog.h"

#include "core/buildinfo/buildinfo.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtGlobal>

namespace iteragpu::gui {

AboutDialog::AboutDialog(const std::vector<device::BackendStatus>& backends, QWidget* parent)
    : QDialog(parent)
    , m_backends(backends)
{
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    m_title->setFont(f);
    m_text = new QLabel(this);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setWordWrap(true);
    m_table = new QTableWidget(static_cast<int>(m_backends.size()), ColumnCount, this);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_buttons);
    resize(720, 380);
    retranslateUi();
}

void AboutDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void AboutDialog::retranslateUi()
{
    setWindowTitle(tr("About IteraGPU Lab"));
    m_title->setText(tr("IteraGPU Lab"));
    //: %1 version, %2 git commit, %3 Qt version at run time, %4 Qt version at build time
    m_text->setText(tr("Version %1, commit %2\nQt %3 (built with Qt %4)\n"
                       "Sizes the GPU memory of an ML workload, then measures it phase by phase.")
                        .arg(QString::fromStdString(BuildInfo::version()),
                            QString::fromStdString(BuildInfo::commit()), QString::fromLatin1(qVersion()),
                            QStringLiteral(QT_VERSION_STR)));
    m_table->setHorizontalHeaderLabels({ tr("Backend"), tr("Built"), tr("Loaded"), tr("Details") });
    for (int row = 0; row < static_cast<int>(m_backends.size()); ++row) {
        const auto& st = m_backends[static_cast<std::size_t>(row)];
        auto set = [this, row](int col, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setToolTip(text);
            m_table->setItem(row, col, item);
        };
        set(ColBackend, QString::fromStdString(st.name));
        set(ColBuilt, st.built ? tr("yes") : tr("no"));
        set(ColLoaded, st.loaded ? tr("yes") : tr("no"));
        QString detail;
        if (st.loaded)
            //: %n number of devices found by the backend
            detail = tr("%n device(s)", nullptr, st.deviceCount);
        if (!st.error.empty())
            detail += (detail.isEmpty() ? QString() : QStringLiteral(": ")) + QString::fromStdString(st.error);
        set(ColDetail, detail);
    }
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
}

} // namespace iteragpu::gui
