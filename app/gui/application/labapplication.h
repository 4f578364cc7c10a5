// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QApplication>
#include <QStringList>

class QTranslator;

namespace iteragpu::gui {

// The application object: identity, settings scope and the run-time language switch.
class LabApplication : public QApplication {
    Q_OBJECT
public:
    LabApplication(int& argc, char** argv);
    ~LabApplication() override;

    // Language codes offered in the Language menu: "en", "de", "es", "vi".
    static QStringList languages();
    // The name of a language in that language ("Deutsch"), never translated.
    static QString nativeLanguageName(const QString& code);
    // The language saved in the settings, or the system's when it is one of ours, else English.
    static QString initialLanguage();

    // Removes the old translator, installs the new one, sets the default locale and saves the choice (unless
    // remember is false: iteragpu-lab --language for one start). Every widget receives QEvent::LanguageChange.
    // Returns false when the catalog could not be loaded.
    bool setLanguage(const QString& code, bool remember = true);
    // Whether Qt's own catalog (qtbase_<code>, package qt6-translations-l10n) is installed for the language.
    bool qtCatalogLoaded() const { return m_qtTranslator != nullptr; }
    QString language() const { return m_language; }

private:
    void setupIdentity();
    QTranslator* m_translator = nullptr;
    QTranslator* m_qtTranslator = nullptr;
    QString m_language = QStringLiteral("en");
};

} // namespace iteragpu::gui
