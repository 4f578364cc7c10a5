// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

// Marks a string literal for translation in code without Qt: the compiler sees the literal itself, and lupdate
// reads the macro as QT_TRANSLATE_NOOP (translations/CMakeLists.txt and the catalog test pass
// -tr-function-alias QT_TRANSLATE_NOOP+=ITERAGPU_TRANSLATE_NOOP). A "//:" comment just before it reaches the
// translator, as in the GUI.
#define ITERAGPU_TRANSLATE_NOOP(context, text) text

namespace iteragpu::i18n {

struct Message;

inline constexpr const char* kAssumptionContext = "Assumption"; // sizing assumptions and model-reading notes
inline constexpr const char* kWeightFormatContext = "WeightFormat"; // what each storage format's byte count assumes
// why a run configuration cannot run: validateConfig's reasons and those of the validators it nests (a model's
// limits, a training recipe, the simulated device's options), and prepareRun's
inline constexpr const char* kRunRefusalContext = "RunRefusal";

// A marked text that is translated where it is shown.
struct Term {
    const char* context;
    const char* source;
};

// One argument of a Message: a number (written in the reader's locale by the GUI), a text kept as it is (names,
// identifiers, data types), or a Term translated with the message.
struct Arg {
    enum class Kind { Count, GroupedCount, Gib, Text, Term, Nested };
    Kind kind = Kind::Text;
    std::uint64_t number = 0;
    std::string text;
    i18n::Term term { "", "" };
    std::shared_ptr<const Message> message; // Kind::Nested

    // (enable_if rather than a concept: Qt 6.4's moc cannot parse <concepts>, and GUI headers include this one)
    template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
    Arg(T n) // NOLINT(google-explicit-constructor): arguments read as a list
        : kind(Kind::Count)
        , number(static_cast<std::uint64_t>(n))
    {
    }
    Arg(std::string value) // NOLINT(google-explicit-constructor)
        : text(std::move(value))
    {
    }
    Arg(const char* value) // NOLINT(google-explicit-constructor)
        : text(value)
    {
    }
    Arg(i18n::Term value) // NOLINT(google-explicit-constructor)
        : kind(Kind::Term)
        , term(value)
    {
    }
    // A count written with digit groups in English too ("18,294,967,296"), for byte counts.
    static Arg grouped(std::uint64_t n);
    // A byte count written in GiB with two decimals ("22.60 GiB"; in MiB below one GiB in English), in the
    // reader's number format in the GUI.
    static Arg gib(std::uint64_t bytes);
    // A message of its own, translated with the message it is part of ("out of memory in prefill at <the load>").
    static Arg nested(Message message);

    std::string english() const;
};

// A sentence of the output: an English template with %1..%9, marked with ITERAGPU_TRANSLATE_NOOP in `context`, and
// its arguments. core keeps the parts, so the CLI and the JSON write english() and the GUI translates the
// template and fills in the arguments for the reader's language and number format.
struct Message {
    const char* source = "";
    std::vector<Arg> args {};
    const char* context = kAssumptionContext;

    std::string english() const;

    // A text shown as it is, never translated (a data type, an optimizer's name): the template "%1" with no context.
    static Message verbatim(std::string text) { return { "%1", { Arg(std::move(text)) }, "" }; }
};

// Replaces %1..%9 in pattern by values[0..8] in one pass, as QString::arg with several arguments does (a value
// that contains "%2" is not replaced again). A placeholder without a value stays as it is.
std::string substitute(std::string_view pattern, const std::vector<std::string>& values);

std::vector<std::string> english(const std::vector<Message>& messages);

} // namespace iteragpu::i18n
