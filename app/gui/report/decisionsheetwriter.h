// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/sheetcontent.h"
#include "app/gui/report/sheettranslator.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

class QTextDocument;

namespace iteragpu::gui {

// Turns a SheetContent into the decision sheet, in one language, as Markdown, HTML or PDF. The sheet keeps three
// sections apart and labelled: Computed (the estimate), Observed (the run's counters and phases) and Assumed;
// with a simulated device every observed figure says "simulated, not a GPU measurement". The raw JSON result is
// referenced by its file name and attached (a details block in Markdown and HTML, an appendix in the PDF).
class DecisionSheetWriter {
public:
    enum class Format { Markdown, Html, Pdf };

    DecisionSheetWriter(SheetContent content, const QString& language);

    // False when the chosen language's catalog could not be loaded (the text is then English).
    bool languageLoaded() const { return m_tr.loaded(); }
    QString language() const { return m_tr.language(); }

    // Markdown refers to the chart by a file name written next to the sheet (chartFileName, may be empty).
    QString markdown(const QString& chartFileName) const;
    // Self-contained HTML: the chart is embedded as a data: URL.
    QString html() const;
    // A PDF (A4) of the same content.
    QByteArray pdf() const;
    // The document the PDF is printed from (for a print preview or a picture of the sheet).
    std::unique_ptr<QTextDocument> document() const;

    // The sheet's bytes in one format (Markdown and HTML as UTF-8).
    QByteArray render(Format format, const QString& chartFileName = QString()) const;

    // Format from a file suffix ("md", "html"/"htm", "pdf"); nullopt otherwise.
    static std::optional<Format> formatForSuffix(const QString& suffix);

private:
    QString componentLabel(const QString& key) const;
    QString bytesFull(quint64 bytes) const;
    QString gib(std::optional<quint64> bytes) const;

    SheetContent m_content;
    SheetTranslator m_tr;
};

} // namespace iteragpu::gui
