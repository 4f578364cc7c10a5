// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/messagetext.h"

#include "app/gui/application/localenumber.h"
#include "core/units/printable.h"
#include "core/units/units.h"

#include <QCoreApplication>
#include <QStringList>

namespace iteragpu::gui {

namespace {

    QString translated(const TranslateFunction& translate, const char* context, const char* source)
    {
        QString text = translate ? translate(context, source) : QString();
        return text.isEmpty() ? QString::fromUtf8(source) : text;
    }

} // namespace

QString messageText(const i18n::Message& message, const QLocale& locale, const TranslateFunction& translate)
{
    std::vector<std::string> values;
    values.reserve(message.args.size());
    for (const i18n::Arg& arg : message.args) {
        switch (arg.kind) {
        case i18n::Arg::Kind::Count:
        case i18n::Arg::Kind::GroupedCount:
            values.push_back(LocaleNumber::integer(static_cast<qulonglong>(arg.number), locale).toStdString());
            break;
        case i18n::Arg::Kind::Gib:
            values.push_back(QString(LocaleNumber::fixed(units::toGiB(arg.number), 2, locale) + QStringLiteral(" GiB"))
                                 .toStdString());
            break;
        case i18n::Arg::Kind::Nested:
            values.push_back(arg.message ? messageText(*arg.message, locale, translate).toStdString() : std::string());
            break;
        case i18n::Arg::Kind::Term:
            values.push_back(translated(translate, arg.term.context, arg.term.source).toStdString());
            break;
        case i18n::Arg::Kind::Text:
            // may come from a file: one line, no controls, cut as core cuts it
            values.push_back(units::printableName(arg.text, units::kTextBytes));
            break;
        }
    }
    // One pass over the translated template, as core does for English: a value is never substituted again.
    const QString pattern = translated(translate, message.context, message.source);
    return QString::fromStdString(i18n::substitute(pattern.toStdString(), values));
}

QString messageText(const i18n::Message& message)
{
    return messageText(message, QLocale(), [](const char* context, const char* source) {
        const QString text = QCoreApplication::translate(context, source);
        return text == QString::fromUtf8(source) ? QString() : text;
    });
}

} // namespace iteragpu::gui
