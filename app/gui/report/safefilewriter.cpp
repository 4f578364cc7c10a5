// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/safefilewriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace iteragpu::gui {

namespace {

    QString failure(const QString& path, const QString& reason)
    {
        //: %1 is a file path, %2 the system's reason (e.g. "No space left on device")
        return SafeFileWriter::tr("Could not write %1: %2. Nothing was replaced.")
            .arg(QDir::toNativeSeparators(path), reason);
    }

} // namespace

SafeFileWriter::Outcome SafeFileWriter::write(const QString& path, const QByteArray& data, Existing existing)
{
    Outcome out;
    if (path.trimmed().isEmpty()) {
        out.error = tr("No file name was given.");
        return out;
    }
    const QFileInfo info(path);
    if (info.exists() || info.isSymLink()) {
        if (existing == Existing::Refuse) {
            out.refusedExisting = true;
            //: %1 is a file path
            out.error = tr("%1 already exists and was left untouched.").arg(QDir::toNativeSeparators(path));
            return out;
        }
        if (info.isDir()) {
            out.error = failure(path, tr("it is a folder"));
            return out;
        }
    }
    const QFileInfo folder(info.absolutePath());
    if (!folder.isDir()) {
        out.error = failure(path, tr("the folder does not exist"));
        return out;
    }

    if (info.exists() && !info.isFile()) {
        // A device or a pipe (e.g. /dev/full) cannot be renamed over; it is written in place, and every error of
        // the write and of the final flush is reported.
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            out.error = failure(path, file.errorString());
            return out;
        }
        if (file.write(data) != data.size() || !file.flush()) {
            out.error = failure(path, file.errorString());
            return out;
        }
        file.close();
        if (file.error() != QFileDevice::NoError) {
            out.error = failure(path, file.errorString());
            return out;
        }
        out.ok = true;
        return out;
    }

    QSaveFile file(path);
    // Never fall back to writing the target in place: a half-written file must not replace a whole one.
    file.setDirectWriteFallback(false);
    if (!file.open(QIODevice::WriteOnly)) {
        out.error = failure(path, file.errorString());
        return out;
    }
    if (file.write(data) != data.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        out.error = failure(path, reason);
        return out;
    }
    if (!file.commit()) {
        out.error = failure(path, file.errorString());
        return out;
    }
    out.ok = true;
    return out;
}

} // namespace iteragpu::gui
