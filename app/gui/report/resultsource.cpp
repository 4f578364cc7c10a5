// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/resultsource.h"

#include "app/gui/report/sheettranslator.h"

#include <QDir>
#include <QFileInfo>
#include <utility>

namespace iteragpu::gui {

ResultSource::ResultSource(Kind kind, QString path)
    : m_kind(kind)
    , m_path(std::move(path))
{
}

ResultSource ResultSource::measured() { return { Kind::Measured, QString() }; }

ResultSource ResultSource::saved(const QString& path) { return { Kind::Saved, path }; }

ResultSource ResultSource::opened(const QString& path) { return { Kind::Opened, path }; }

ResultSource ResultSource::imported(const QString& path) { return { Kind::Imported, path }; }

ResultSource ResultSource::afterSaving(const QString& path) const
{
    return m_kind == Kind::Opened || m_kind == Kind::Imported ? *this : saved(path);
}

QString ResultSource::describe() const
{
    const QString path = QDir::toNativeSeparators(m_path);
    switch (m_kind) {
    case Kind::Measured:
        return tr("measured in this session, not saved");
    case Kind::Saved:
        //: %1 is a file path
        return tr("measured in this session, saved to %1").arg(path);
    case Kind::Opened:
        //: %1 is a file path
        return tr("opened from %1").arg(path);
    case Kind::Imported:
        //: %1 is the path of a PyTorch memory snapshot
        return tr("imported from the PyTorch memory snapshot %1, not measured by IteraGPU").arg(path);
    }
    return {};
}

QString ResultSource::describe(const SheetTranslator& tr) const
{
    const QString path = QDir::toNativeSeparators(m_path);
    switch (m_kind) {
    case Kind::Measured:
        return tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "measured in this session, not saved"));
    case Kind::Saved:
        //: %1 is a file path
        return tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "measured in this session, saved to %1")).arg(path);
    case Kind::Opened:
        //: %1 is a file path
        return tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "opened from %1")).arg(path);
    case Kind::Imported:
        //: %1 is the path of a PyTorch memory snapshot
        return tr
            .text(QT_TRANSLATE_NOOP(
                "DecisionSheet", "imported from the PyTorch memory snapshot %1, not measured by IteraGPU"))
            .arg(path);
    }
    return {};
}

QString ResultSource::label(quint64 runId) const
{
    if (m_kind == Kind::Opened)
        return QFileInfo(m_path).fileName();
    if (m_kind == Kind::Imported)
        //: %1 is a file name
        return tr("%1 (imported)").arg(QFileInfo(m_path).fileName());
    //: %1 is the run number, %2 where the result comes from, e.g. "measured in this session, not saved"
    return tr("run %1 (%2)").arg(QString::number(runId), describe());
}

} // namespace iteragpu::gui
