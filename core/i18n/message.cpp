// SPDX-License-Identifier: Apache-2.0
#include "core/i18n/message.h"

#include "core/units/printable.h"
#include "core/units/readablesize.h"
#include "core/units/units.h"

namespace iteragpu::i18n {

Arg Arg::grouped(std::uint64_t n)
{
    Arg a(n);
    a.kind = Kind::GroupedCount;
    return a;
}

Arg Arg::gib(std::uint64_t bytes)
{
    Arg a(bytes);
    a.kind = Kind::Gib;
    return a;
}

Arg Arg::nested(Message message)
{
    Arg a(std::string {});
    a.kind = Kind::Nested;
    a.message = std::make_shared<const Message>(std::move(message));
    return a;
}

std::string Arg::english() const
{
    switch (kind) {
    case Kind::Count:
        return std::to_string(number);
    case Kind::GroupedCount:
        return units::groupDigits(number);
    case Kind::Gib:
        return units::formatReadable(number, units::Unit::GiB);
    case Kind::Nested:
        return message ? message->english() : std::string();
    case Kind::Term:
        return term.source;
    case Kind::Text:
        break;
    }
    // A text argument may come from a file (a model_type, a tensor name): it never breaks the line it is in, and
    // a 100 000-character one is cut (with its length said) rather than repeated whole.
    return units::printableName(text, units::kTextBytes);
}

std::string substitute(std::string_view pattern, const std::vector<std::string>& values)
{
    std::string out;
    out.reserve(pattern.size() + 16 * values.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
            const auto index = static_cast<std::size_t>(pattern[i + 1] - '1');
            if (index < values.size()) {
                out += values[index];
                ++i;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

std::string Message::english() const
{
    std::vector<std::string> values;
    values.reserve(args.size());
    for (const Arg& a : args)
        values.push_back(a.english());
    return substitute(source, values);
}

std::vector<std::string> english(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const Message& m : messages)
        out.push_back(m.english());
    return out;
}

} // namespace iteragpu::i18n
