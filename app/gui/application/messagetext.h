// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <QLocale>
#include <QString>
#include <functional>

namespace iteragpu::gui {

// Looks a marked source text up in a context; an empty result means "no translation" (English is used).
using TranslateFunction = std::function<QString(const char* context, const char* source)>;

// A core message for the reader: its template translated in its context, numbers in the locale's format, terms
// translated, names and data types as they are. English wherever a translation is missing.
QString messageText(const i18n::Message& message, const QLocale& locale, const TranslateFunction& translate);

// The same with the application's installed translators and the default locale (the UI language).
QString messageText(const i18n::Message& message);

} // namespace iteragpu::gui
