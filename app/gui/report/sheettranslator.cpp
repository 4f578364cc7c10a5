// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/sheettranslator.h"
#include "app/gui/application/localenumber.h"

namespace iteragpu::gui {

SheetTranslator::SheetTranslator(const QString& language)
    : m_language(language)
    , m_locale(language == QLatin1String("en") || language.isEmpty() ? QLocale(QLocale::English, QLocale::UnitedStates)
                                                                     : QLocale(language))
{
    if (language != QLatin1String("en") && !language.isEmpty())
        m_loaded = m_translator.load(QStringLiteral(":/i18n/iteragpu_") + language + QStringLiteral(".qm"));
}

QString SheetTranslator::text(const char* source, int n) const
{
    QString result;
    if (m_loaded && !m_translator.isEmpty())
        result = m_translator.translate(kContext, source, nullptr, n);
    if (result.isEmpty())
        result = QString::fromUtf8(source);
    if (n >= 0)
        result.replace(QStringLiteral("%n"), LocaleNumber::integer(n, m_locale));
    return result;
}

QString SheetTranslator::translate(const char* context, const char* source) const
{
    if (!m_loaded || m_translator.isEmpty())
        return {};
    return m_translator.translate(context, source);
}

} // namespace iteragpu::gui
