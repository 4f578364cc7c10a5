// SPDX-License-Identifier: Apache-2.0
#include "app/cli/optionconventions.h"

#include "core/units/inputerror.h"

namespace iteragpu::cli {

CLI::Validator countText(units::CountRange range)
{
    // No description: the placeholder alone (N) is shown, not "N:COUNT".
    return CLI::Validator(
        [range](std::string& text) -> std::string {
            std::string error;
            const auto value = units::parseCount(text, error, range);
            if (!value)
                return error;
            text = std::to_string(*value);
            return {};
        },
        "", "count");
}

CLI::Validator sizeText(std::uint64_t bytesPerUnit, const char* unitName, bool allowZero)
{
    return CLI::Validator(
        [bytesPerUnit, unitName, allowZero](std::string& text) -> std::string {
            std::string error;
            const auto bytes = units::parseSize(text, bytesPerUnit, unitName, error, allowZero);
            if (!bytes)
                return error;
            text = std::to_string(*bytes);
            return {};
        },
        "", "size");
}

CLI::Validator decimalText(double min, double max)
{
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            std::string error;
            if (!units::parseDecimal(text, error, min, max))
                return error;
            return {};
        },
        "", "decimal");
}

std::uint64_t countOf(const std::string& option, const std::string& text, units::CountRange range)
{
    std::string error;
    const auto value = units::parseCount(text, error, range);
    if (!value)
        throw units::InputError(option + ": " + error);
    return *value;
}

std::uint64_t sizeOf(const std::string& option, const std::string& text, std::uint64_t bytesPerUnit,
    const char* unitName, bool allowZero)
{
    std::string error;
    const auto bytes = units::parseSize(text, bytesPerUnit, unitName, error, allowZero);
    if (!bytes)
        throw units::InputError(option + ": " + error);
    return *bytes;
}

void setExamples(CLI::App& sub, std::initializer_list<Example> examples)
{
    std::string text = sub.get_footer();
    if (!text.empty())
        text += "\n\n";
    text += "Examples:";
    for (const auto& e : examples)
        text += std::string("\n  ") + e.command + "\n      " + e.what;
    sub.footer(text);
}

CLI::Option* addJsonFlag(CLI::App& sub, bool& json, const std::string& what)
{
    return sub.add_flag("--json", json, what)->group(kGroupOutput);
}

CLI::Option* addForceFlag(CLI::App& sub, bool& force)
{
    return sub.add_flag("--force", force, "Replace an existing output file (still written whole, then renamed)")
        ->group(kGroupOutput);
}

} // namespace iteragpu::cli
