// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLocale>
#include <QString>
#include <QTranslator>

namespace iteragpu::gui {

// The decision sheet is written in a language chosen at export time, which may differ from the UI's. Instead of
// installing a translator (which would retranslate every open window), this loads that language's catalog
// (:/i18n/iteragpu_XX.qm) for the time of one export and looks strings up in the "DecisionSheet" context.
// Strings are marked with QT_TRANSLATE_NOOP("DecisionSheet", ...) so lupdate collects them.
class SheetTranslator {
public:
    // "en", "de", "es", "vi"; English needs no catalog.
    explicit SheetTranslator(const QString& language);

    QString language() const { return m_language; }
    // False when a catalog was needed and could not be loaded (the sheet then falls back to English).
    bool loaded() const { return m_loaded; }
    QLocale locale() const { return m_locale; }

    // The translation of a marked source string; %n is replaced by the localized count when n >= 0.
    QString text(const char* source, int n = -1) const;
    // The translation of a source text marked in another context (core's messages); empty when there is none.
    QString translate(const char* context, const char* source) const;

    static constexpr const char* kContext = "DecisionSheet";

private:
    QString m_language;
    QLocale m_locale;
    QTranslator m_translator;
    bool m_loaded = true;
};

} // namespace iteragpu::gui
