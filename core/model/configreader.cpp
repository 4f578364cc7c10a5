// SPDX-License-Identifier: Apache-2.0
#include "core/model/configreader.h"

#include "core/model/architectures.h"
#include "core/model/configfields.h"
#include "core/model/jsonguard.h"
#include "core/model/unknownarchitecture.h"
#include "core/units/inputerror.h"
#include "core/units/regularfile.h"

#include <cctype>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace iteragpu::model {

using nlohmann::json;
using units::InputError;

namespace {

    constexpr std::uintmax_t kMaxConfigBytes = 16ULL * 1024 * 1024; // bytes; real configs are a few KiB

    [[noreturn]] void fail(const std::string& source, const std::string& what)
    {
        throw InputError(jsonguard::oneLine(source) + ": " + what);
    }

    std::optional<std::uint64_t> optionalCount(const json& j, const char* key, const std::string& source)
    {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return std::nullopt;
        if (it->is_number_unsigned())
            return it->get<std::uint64_t>();
        if (it->is_number_integer()) {
            if (it->get<std::int64_t>() < 0)
                fail(source, std::string("'") + key + "' must not be negative");
            return static_cast<std::uint64_t>(it->get<std::int64_t>());
        }
        fail(source, std::string("'") + key + "' must be an integer");
    }

    std::optional<bool> optionalBool(const json& j, const char* key, const std::string& source)
    {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return std::nullopt;
        if (!it->is_boolean())
            fail(source, std::string("'") + key + "' must be true or false");
        return it->get<bool>();
    }

    // Python's json writes float('inf') and float('nan') as bare Infinity, -Infinity and NaN, which JSON does
    // not have (Nemotron-H's "time_step_limit": [0.0, Infinity]). Outside strings, such a token where a value
    // starts becomes a marked string (ConfigFields::nonFinite): ignored where sizing does not read it, refused by
    // name where it does.
    std::string markNonFinite(const std::string& text)
    {
        std::string out;
        out.reserve(text.size());
        bool inString = false;
        char previous = '\0'; // the last character outside strings that is not white space
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (inString) {
                out += c;
                if (c == '\\' && i + 1 < text.size())
                    out += text[++i];
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"') {
                inString = true;
                out += c;
                previous = c;
                continue;
            }
            if (previous == ':' || previous == '[' || previous == ',') {
                bool replaced = false;
                for (const char* token : { "-Infinity", "Infinity", "NaN" }) {
                    const std::size_t n = std::char_traits<char>::length(token);
                    if (text.compare(i, n, token) == 0) {
                        out += '"';
                        out += "\\u0001nonfinite:";
                        out += token;
                        out += '"';
                        i += n - 1;
                        previous = '"';
                        replaced = true;
                        break;
                    }
                }
                if (replaced)
                    continue;
            }
            out += c;
            if (!std::isspace(static_cast<unsigned char>(c)))
                previous = c;
        }
        return out;
    }

} // namespace

ModelShape ConfigReader::readFile(const std::filesystem::path& path, const ReadOptions& options)
{
    const std::string source = path.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        fail(source, "is a folder, expected a config.json file");
    if (const std::string problem = units::regularFileProblem(source); !problem.empty())
        throw InputError(problem);
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        fail(source, "cannot be read: " + ec.message());
    if (size > kMaxConfigBytes)
        fail(source, "is larger than 16 MiB; not a config.json");
    std::string text;
    if (std::string error; !units::readRegularFile(source, kMaxConfigBytes, text, error))
        throw InputError(error);
    return parse(text, source, options);
}

std::string ConfigReader::withNonFiniteMarked(const std::string& text) { return markNonFinite(text); }

ModelShape ConfigReader::parse(const std::string& text, const std::string& source, const ReadOptions& options)
{
    if (jsonguard::nestingDepth(text) > jsonguard::kMaxDepth)
        fail(source, "JSON nested deeper than 64 levels; not a config.json");
    json config;
    try {
        config = json::parse(markNonFinite(text));
    } catch (const json::exception& e) {
        fail(source, std::string("not valid JSON: ") + jsonguard::oneLine(e.what()));
    }
    return fromJson(config, source, options);
}

ModelShape ConfigReader::fromJson(const json& top, const std::string& source, const ReadOptions& options)
{
    if (!top.is_object())
        fail(source, "expected a JSON object");
    const bool nested
        = !top.contains("hidden_size") && top.contains("text_config") && top["text_config"].is_object();
    const json& text = nested ? top["text_config"] : top;
    const ConfigFields textFields(text, source, nested ? "text_config" : "");
    const ConfigFields topFields(top, source);

    // The architecture: the top level's model_type when the table knows it (a multimodal wrapper such as gemma3,
    // mistral3 or llama4 reads its vision tower there), else text_config's.
    const auto typeOf = [](const json& j) {
        const auto it = j.find("model_type");
        return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    std::string type = typeOf(top);
    if (nested && (type.empty() || !Architectures::known(type)) && !typeOf(text).empty())
        type = typeOf(text);
    ModelShape s;
    s.source = source;
    std::string readAs = type;
    if (!options.assumeArchitecture.empty()) {
        if (!Architectures::known(options.assumeArchitecture))
            fail(source, "--assume-architecture '" + jsonguard::oneLine(options.assumeArchitecture, 40)
                    + "' is not a known architecture (known: " + Architectures::namesText() + ")");
        if (type != options.assumeArchitecture) {
            readAs = options.assumeArchitecture;
            s.assumedArchitecture = true;
            s.notes.push_back({ //: %1 the config's model_type (or "none"), %2 the architecture the user chose
                ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "architecture assumed on purpose: model_type '%1' read as '%2' (--assume-architecture); the "
                    "numbers hold only if the model really is laid out like %2"),
                { type.empty() ? std::string("none") : jsonguard::oneLine(type, 40), readAs } });
        }
    } else if (type.empty()) {
        throw UnknownArchitecture(jsonguard::oneLine(source) + ": no model_type: the architecture is unknown (known: "
                + Architectures::namesText() + "); --assume-architecture NAME reads it as one of them on purpose",
            type);
    } else if (!Architectures::known(type)) {
        throw UnknownArchitecture(jsonguard::oneLine(source) + ": model_type '" + jsonguard::oneLine(type, 40)
                + "' is not a known architecture (known: " + Architectures::namesText()
                + "); --assume-architecture NAME reads it as one of them on purpose",
            type);
    }
    Architectures::read(readAs, textFields, topFields, s);
    s.family = readAs;
    return s;
}

namespace {

    std::string lowered(std::string s)
    {
        for (auto& c : s)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    }

    std::optional<std::string> optionalString(const json& j, const char* key, const std::string& source)
    {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return std::nullopt;
        if (!it->is_string())
            fail(source, std::string("quantization_config: '") + key + "' must be a string");
        return it->get<std::string>();
    }

    // group_size (or AutoAWQ's older q_group_size): a positive count up to 2^32, or -1 for one group per row
    // (GPTQ's "per channel"). -1 is a signed integer: 18446744073709551615 is a count beyond the limit, not -1.
    // Returns whether the key was there.
    bool readGroup(const json& j, const char* key, QuantizationConfig& q, const std::string& source)
    {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return false;
        if (it->is_number_integer() && !it->is_number_unsigned() && it->get<std::int64_t>() == -1) {
            q.perChannel = true;
            return true;
        }
        const auto g = optionalCount(j, key, source);
        if (!g || *g == 0 || *g > (1ULL << 32))
            fail(source, std::string("quantization_config: '") + key + "' must be -1 or between 1 and 2^32");
        q.groupSize = *g;
        return true;
    }

    void requireBits(const QuantizationConfig& q, const std::string& source)
    {
        if (q.bits == 0 || q.bits > 16)
            fail(source, "quantization_config: 'bits' must be between 1 and 16");
    }

} // namespace

std::optional<QuantizationConfig> ConfigReader::quantization(const json& top, const std::string& source)
{
    if (!top.is_object())
        return std::nullopt;
    const json* holder = &top;
    if (!top.contains("quantization_config") && top.contains("text_config") && top["text_config"].is_object())
        holder = &top["text_config"];
    const auto it = holder->find("quantization_config");
    if (it == holder->end() || it->is_null())
        return std::nullopt;
    if (!it->is_object())
        fail(source, "'quantization_config' must be an object");
    const json& j = *it;
    QuantizationConfig q;
    const auto method = optionalString(j, "quant_method", source);
    // Older bitsandbytes configs carry only load_in_4bit / load_in_8bit.
    q.methodName = method ? lowered(*method) : std::string("bitsandbytes");
    if (q.methodName == "bitsandbytes") {
        q.method = QuantizationConfig::Method::BitsAndBytes;
        const bool four = optionalBool(j, "load_in_4bit", source).value_or(false);
        const bool eight = optionalBool(j, "load_in_8bit", source).value_or(false);
        if (four == eight)
            fail(source, "quantization_config (bitsandbytes): exactly one of load_in_4bit and load_in_8bit must be "
                         "true");
        q.bits = four ? 4 : 8;
        if (four) {
            q.quantType = lowered(optionalString(j, "bnb_4bit_quant_type", source).value_or("fp4"));
            if (q.quantType != "nf4" && q.quantType != "fp4")
                fail(source, "quantization_config: bnb_4bit_quant_type '" + jsonguard::oneLine(q.quantType, 20)
                        + "' is neither nf4 nor fp4");
            q.doubleQuant = optionalBool(j, "bnb_4bit_use_double_quant", source).value_or(false);
            q.groupSize = 64; // bitsandbytes' blocksize for 4-bit weights
        }
    } else if (q.methodName == "gptq" || q.methodName == "awq") {
        q.method = q.methodName == "gptq" ? QuantizationConfig::Method::Gptq : QuantizationConfig::Method::Awq;
        // AutoAWQ writes w_bit / q_group_size in older configs.
        q.bits = optionalCount(j, "bits", source).value_or(optionalCount(j, "w_bit", source).value_or(0));
        requireBits(q, source);
        if (!readGroup(j, "group_size", q, source))
            readGroup(j, "q_group_size", q, source);
        if (const auto sym = optionalBool(j, "sym", source))
            q.symmetric = *sym;
    } else if (q.methodName == "fp8") {
        q.method = QuantizationConfig::Method::Fp8;
        q.bits = 8;
        q.quantType = lowered(optionalString(j, "fmt", source).value_or("e4m3"));
        if (q.quantType != "e4m3" && q.quantType != "e5m2")
            fail(source, "quantization_config: fp8 'fmt' '" + jsonguard::oneLine(q.quantType, 20)
                    + "' is neither e4m3 nor e5m2");
        if (const auto block = j.find("weight_block_size"); block != j.end() && !block->is_null()) {
            if (!block->is_array() || block->size() != 2 || !(*block)[0].is_number_unsigned()
                || !(*block)[1].is_number_unsigned() || (*block)[0].get<std::uint64_t>() == 0
                || (*block)[1].get<std::uint64_t>() == 0 || (*block)[0].get<std::uint64_t>() > (1ULL << 32)
                || (*block)[1].get<std::uint64_t>() > (1ULL << 32))
                fail(source, "quantization_config: fp8 'weight_block_size' must be two counts [rows, columns] "
                             "between 1 and 2^32");
            q.blockRows = (*block)[0].get<std::uint64_t>();
            q.blockColumns = (*block)[1].get<std::uint64_t>();
        }
    } else if (q.methodName == "compressed-tensors") {
        q.method = QuantizationConfig::Method::CompressedTensors;
        const auto groups = j.find("config_groups");
        if (groups == j.end() || !groups->is_object() || groups->empty())
            fail(source, "quantization_config (compressed-tensors): no config_groups object");
        const json& first = groups->begin().value();
        if (!first.is_object() || !first.contains("weights") || !first["weights"].is_object())
            fail(source, "quantization_config (compressed-tensors): the first config group has no weights object");
        const json& w = first["weights"];
        q.bits = optionalCount(w, "num_bits", source).value_or(0);
        requireBits(q, source);
        q.quantType = lowered(optionalString(w, "type", source).value_or("int"));
        if (q.quantType != "int" && q.quantType != "float")
            fail(source, "quantization_config (compressed-tensors): weights type '"
                    + jsonguard::oneLine(q.quantType, 20) + "' is neither int nor float");
        const std::string strategy = lowered(optionalString(w, "strategy", source).value_or("tensor"));
        q.perChannel = strategy == "channel";
        if (strategy == "group")
            readGroup(w, "group_size", q, source);
        if (const auto sym = optionalBool(w, "symmetric", source))
            q.symmetric = *sym;
    } else if (q.methodName == "mxfp4") {
        q.method = QuantizationConfig::Method::Mxfp4;
        q.bits = 4;
        q.groupSize = 32; // one e8m0 scale per 32 values (the OCP microscaling block)
    } else {
        fail(source, "quantization_config: quant_method '" + jsonguard::oneLine(q.methodName, 40)
                + "' is not one of bitsandbytes, gptq, awq, fp8, compressed-tensors, mxfp4");
    }
    for (const char* key : { "modules_to_not_convert", "ignore" }) {
        const auto list = j.find(key);
        if (list == j.end() || list->is_null())
            continue;
        if (!list->is_array())
            fail(source, std::string("quantization_config: '") + key + "' must be a list of module names");
        for (const auto& name : *list) {
            if (!name.is_string())
                fail(source, std::string("quantization_config: '") + key + "' must be a list of module names");
            q.notConverted.push_back(name.get<std::string>());
        }
    }
    return q;
}

std::optional<QuantizationConfig> ConfigReader::readQuantization(const std::filesystem::path& path)
{
    const std::string source = path.string();
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        fail(source, "cannot be read: " + ec.message());
    if (size > kMaxConfigBytes)
        fail(source, "is larger than 16 MiB; not a config.json");
    std::string text;
    if (std::string error; !units::readRegularFile(source, kMaxConfigBytes, text, error))
        throw InputError(error);
    if (jsonguard::nestingDepth(text) > jsonguard::kMaxDepth)
        fail(source, "JSON nested deeper than 64 levels; not a config.json");
    try {
        return quantization(json::parse(markNonFinite(text)), source);
    } catch (const json::exception& e) {
        fail(source, std::string("not valid JSON: ") + jsonguard::oneLine(e.what()));
    }
}

} // namespace iteragpu::model
