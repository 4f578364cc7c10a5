// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace iteragpu::gui {

class SheetTranslator;

// Where a result the window holds comes from: measured in this session and not saved, saved to a path, or
// opened from a path. Each held result carries its own (HeldResult), so the decision sheet and the compare view
// name the run they describe, never the file that happened to be opened last.
class ResultSource {
    Q_DECLARE_TR_FUNCTIONS(ResultSource)
public:
    enum class Kind { Measured, Saved, Opened, Imported };

    static ResultSource measured();
    static ResultSource saved(const QString& path);
    static ResultSource opened(const QString& path);
    // Rebuilt from another tool's recording (a PyTorch memory snapshot): not measured by IteraGPU.
    static ResultSource imported(const QString& path);

    Kind kind() const { return m_kind; }
    QString path() const { return m_path; } // empty for Measured
    // After the result was written to path: a run measured here becomes "saved to path"; an opened result keeps
    // the file it came from, an imported one the snapshot it was rebuilt from.
    ResultSource afterSaving(const QString& path) const;

    // One phrase in the UI language, e.g. "opened from /home/u/run.json".
    QString describe() const;
    // The same in the decision sheet's language.
    QString describe(const SheetTranslator& tr) const;
    // A short label for the compare view: the file name, or "run 3 (measured in this session, not saved)".
    QString label(quint64 runId) const;

    bool operator==(const ResultSource& other) const = default;

private:
    ResultSource(Kind kind, QString path);

    Kind m_kind = Kind::Measured;
    QString m_path;
};

} // namespace iteragpu::gui
