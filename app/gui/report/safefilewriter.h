// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace iteragpu::gui {

// Writes a result file whole or not at all (QSaveFile: a temporary file, then a rename), and never replaces an
// existing file unless the caller says the user agreed (see OverwritePrompt). A full disk or an unwritable
// folder comes back as one clear, translated line; the previous file, if any, is left as it was.
class SafeFileWriter {
    Q_DECLARE_TR_FUNCTIONS(SafeFileWriter)
public:
    enum class Existing { Refuse, Replace };

    struct Outcome {
        bool ok = false;
        bool refusedExisting = false; // the path exists and replacing it was not agreed to
        QString error; // one line for the user; empty when ok
    };

    static Outcome write(const QString& path, const QByteArray& data, Existing existing = Existing::Refuse);
};

} // namespace iteragpu::gui
