// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"

#include "core/buildinfo/buildinfo.h"

#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QWidget>
#include <QSettings>
#include <QTranslator>

namespace iteragpu::gui {

namespace {
const QString kLanguageKey = QStringLiteral("ui/language");
}

LabApplication::LabApplication(int& argc, char** argv)
    : QApplication(argc, argv)
{
    setupIdentity();
    setLanguage(initialLanguage());
}

LabApplication::~LabApplication() = default;

void LabApplication::setupIdentity()
{
    setOrganizationName(QStringLiteral("IteraGPU"));
    setOrganizationDomain(QStringLiteral("iteragpu.org"));
    setApplicationName(QStringLiteral("IteraGPU Lab"));
    setApplicationVersion(QString::fromStdString(BuildInfo::version()));
    setDesktopFileName(QStringLiteral("org.iteragpu.Lab"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/iteragpu.svg")));
}

QStringList LabApplication::languages()
{
    return { QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("es"), QStringLiteral("vi") };
}

QString LabApplication::nativeLanguageName(const QString& code)
{
    if (code == QLatin1String("de"))
        return QStringLiteral("Deutsch");
    if (code == QLatin1String("es"))
        return QStringLiteral("Español");
    if (code == QLatin1String("vi"))
        return QStringLiteral("Tiếng Việt");
    return QStringLiteral("English");
}

QString LabApplication::initialLanguage()
{
    const QSettings settings;
    const QString saved = settings.value(kLanguageKey).toString();
    if (languages().contains(saved))
        return saved;
    const QString system = QLocale::system().name().left(2);
    return languages().contains(system) ? system : QStringLiteral("en");
}

bool LabApplication::setLanguage(const QString& code, bool remember)
{
    if (!languages().contains(code))
        return false;
    // The locale first: widgets that rewrite their numbers on LanguageChange (Note [Numbers across a language
    // switch] in workloadform.cpp) must already see the new one when the translators' events arrive.
    const QLocale locale(code == QLatin1String("en") ? QStringLiteral("en_US") : code);
    QLocale::setDefault(locale);
    // The default reaches only widgets made from now on: the open windows are told (a LocaleChange to each
    // widget that did not choose its own), so their spin boxes and charts write numbers the new way too.
    for (QWidget* window : topLevelWidgets())
        window->setLocale(locale);
    if (m_translator) {
        removeTranslator(m_translator);
        delete m_translator;
        m_translator = nullptr;
    }
    if (m_qtTranslator) {
        removeTranslator(m_qtTranslator);
        delete m_qtTranslator;
        m_qtTranslator = nullptr;
    }
    bool ok = true;
    if (code != QLatin1String("en")) {
        m_translator = new QTranslator(this);
        ok = m_translator->load(QStringLiteral(":/i18n/iteragpu_") + code + QStringLiteral(".qm"));
        if (ok)
            installTranslator(m_translator);
        // Qt's own strings (standard dialog buttons) in the same language, when Qt's catalogs are installed.
        m_qtTranslator = new QTranslator(this);
        if (m_qtTranslator->load(QStringLiteral("qtbase_") + code,
                QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            installTranslator(m_qtTranslator);
        } else {
            delete m_qtTranslator;
            m_qtTranslator = nullptr;
        }
    }
    m_language = code;
    if (remember) {
        QSettings settings;
        settings.setValue(kLanguageKey, code);
    }
    return ok;
}

} // namespace iteragpu::gui
