// SPDX-License-Identifier: Apache-2.0
#include "core/model/configreader.h"

#include "core/model/jsonguard.h"
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

    std::uint64_t requiredCount(const json& j, const char* key, const std::string& source)
    {
        const auto v = optionalCount(j, key, source);
        if (!v)
            fail(source, std::string("missing required key '") + key + "'");
        if (*v == 0)
            fail(source, std::string("'") + key + "' must be greater than zero");
        return *v;
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

    // A positive, finite number (an integer or a float: "rope_theta": 500000 and 500000.0 are both written).
    std::optional<double> optionalPositiveNumber(const json& j, const char* key, const std::string& source)
    {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return std::nullopt;
        if (!it->is_number())
            fail(source, std::string("'") + key + "' must be a number");
        const double v = it->get<double>();
        if (!std::isfinite(v) || v <= 0.0)
            fail(source, std::string("'") + key + "' must be a positive number");
        return v;
    }

    bool familyTiesByDefault(const std::string& family) { return family == "gemma" || family == "gemma2"; }

    bool isKnownFamily(const std::string& family)
    {
        for (const char* f : { "llama", "mistral", "qwen2", "gemma", "gemma2", "phi3", "mixtral" })
            if (family == f)
                return true;
        return false;
    }

} // namespace

ModelShape ConfigReader::readFile(const std::filesystem::path& path)
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
    return parse(text, source);
}

ModelShape ConfigReader::parse(const std::string& text, const std::string& source)
{
    if (jsonguard::nestingDepth(text) > jsonguard::kMaxDepth)
        fail(source, "JSON nested deeper than 64 levels; not a config.json");
    json config;
    try {
        config = json::parse(text);
    } catch (const json::exception& e) {
        fail(source, std::string("not valid JSON: ") + jsonguard::oneLine(e.what()));
    }
    return fromJson(config, source);
}

ModelShape ConfigReader::fromJson(const json& top, const std::string& source)
{
    if (!top.is_object())
        fail(source, "expected a JSON object");
    const json* cfg = &top;
    if (!top.contains("hidden_size") && top.contains("text_config") && top["text_config"].is_object())
        cfg = &top["text_config"];
    const json& j = *cfg;

    ModelShape s;
    s.source = source;
    if (const auto it = j.find("model_type"); it != j.end() && it->is_string())
        s.family = it->get<std::string>();
    else if (const auto it2 = top.find("model_type"); it2 != top.end() && it2->is_string())
        s.family = it2->get<std::string>();
    if (s.family.empty()) {
        s.family = "llama";
        s.notes.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption", "no model_type: read as a Llama-style decoder") });
    } else if (!isKnownFamily(s.family)) {
        s.notes.push_back({ //: %1 the model_type of config.json
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "model_type '%1' is not one of llama, mistral, qwen2, gemma, gemma2, phi3, mixtral: read as a "
                "Llama-style decoder"),
            { jsonguard::oneLine(s.family, 40) } });
    }

    s.hidden = requiredCount(j, "hidden_size", source);
    s.layers = requiredCount(j, "num_hidden_layers", source);
    s.heads = requiredCount(j, "num_attention_heads", source);
    s.intermediate = requiredCount(j, "intermediate_size", source);
    s.vocab = requiredCount(j, "vocab_size", source);
    constexpr std::uint64_t kMaxDim = 1ULL << 32; // anything larger is a lying config, not a model
    for (auto v : { s.hidden, s.layers, s.heads, s.intermediate, s.vocab })
        if (v > kMaxDim)
            fail(source, "a dimension is larger than 2^32; not a real model");
    if (s.layers > 100000)
        fail(source, "'num_hidden_layers' is larger than 100 000; not a real model");

    s.kvHeads = optionalCount(j, "num_key_value_heads", source).value_or(s.heads);
    if (s.kvHeads == 0)
        fail(source, "'num_key_value_heads' must be greater than zero");
    if (s.kvHeads > s.heads || s.heads % s.kvHeads != 0)
        fail(source, "'num_key_value_heads' must divide 'num_attention_heads'");

    if (const auto hd = optionalCount(j, "head_dim", source)) {
        if (*hd == 0 || *hd > kMaxDim)
            fail(source, "'head_dim' must be between 1 and 2^32");
        s.headDim = *hd;
    } else {
        if (s.hidden % s.heads != 0)
            fail(source, "hidden_size is not a multiple of num_attention_heads and no head_dim is given");
        s.headDim = s.hidden / s.heads;
    }

    if (const auto tie = optionalBool(j, "tie_word_embeddings", source); tie) {
        s.tieWordEmbeddings = *tie;
    } else if (const auto tieTop = optionalBool(top, "tie_word_embeddings", source); tieTop) {
        s.tieWordEmbeddings = *tieTop;
    } else {
        s.tieWordEmbeddings = familyTiesByDefault(s.family);
        if (s.tieWordEmbeddings)
            s.notes.push_back({ //: %1 the model family (gemma, ...)
                ITERAGPU_TRANSLATE_NOOP("Assumption", "tie_word_embeddings absent: tied, the default of %1"),
                { s.family } });
        else
            s.notes.push_back({ //: %1 the model family (llama, ...)
                ITERAGPU_TRANSLATE_NOOP("Assumption", "tie_word_embeddings absent: untied, the default of %1"),
                { s.family } });
    }

    if (s.family == "qwen2") {
        s.qkvBias = true; // Qwen2 always has q/k/v biases, no o_proj bias
    } else if (const auto bias = optionalBool(j, "attention_bias", source); bias && *bias) {
        s.qkvBias = true; // attention_bias in Llama-style configs: q, k, v and o
        s.outputBias = true;
    }
    s.mlpBias = optionalBool(j, "mlp_bias", source).value_or(false);
    s.normsPerLayer = s.family == "gemma2" ? 4 : 2;

    if (const auto e = optionalCount(j, "num_local_experts", source); e && *e > 1) {
        s.experts = *e;
        s.expertsPerToken = optionalCount(j, "num_experts_per_tok", source).value_or(0);
    }

    if (const auto it = j.find("torch_dtype"); it != j.end() && it->is_string())
        s.torchDtype = it->get<std::string>();
    else if (const auto it2 = j.find("dtype"); it2 != j.end() && it2->is_string())
        s.torchDtype = it2->get<std::string>();

    // Sliding window, per layer.
    s.layerWindows.assign(s.layers, std::nullopt);
    if (const auto trained = optionalCount(j, "max_position_embeddings", source); trained && *trained > 0)
        s.trainedContext = *trained;
    s.ropeTheta = optionalPositiveNumber(j, "rope_theta", source);
    s.normEps = optionalPositiveNumber(j, "rms_norm_eps", source);
    if (s.normEps && *s.normEps >= 1.0)
        fail(source, "'rms_norm_eps' must be less than 1");
    const auto window = optionalCount(j, "sliding_window", source);
    const auto useWindow = optionalBool(j, "use_sliding_window", source);
    if (window && *window == 0)
        fail(source, "'sliding_window' must be greater than zero");
    if (const auto it = j.find("layer_types"); it != j.end() && it->is_array()) {
        if (it->size() != s.layers)
            fail(source, "'layer_types' must have one entry per layer");
        for (std::size_t i = 0; i < it->size(); ++i) {
            const auto& t = (*it)[i];
            if (!t.is_string())
                fail(source, "'layer_types' entries must be strings");
            if (t.get<std::string>() == "sliding_attention") {
                if (!window)
                    fail(source, "'layer_types' names sliding layers but 'sliding_window' is missing");
                s.layerWindows[i] = *window;
            }
        }
    } else if (useWindow.has_value() && !*useWindow) {
        if (window)
            s.notes.push_back({ ITERAGPU_TRANSLATE_NOOP(
                "Assumption", "use_sliding_window is false: sliding_window ignored, every layer attends fully") });
    } else if (s.family == "gemma2") {
        const std::uint64_t w = window.value_or(4096);
        for (std::uint64_t i = 0; i < s.layers; i += 2)
            s.layerWindows[i] = w; // Gemma-2: even layers local (sliding), odd layers global
    } else if (s.family == "qwen2") {
        if (useWindow.value_or(false) && window) {
            const std::uint64_t first = optionalCount(j, "max_window_layers", source).value_or(s.layers);
            for (std::uint64_t i = first; i < s.layers; ++i)
                s.layerWindows[i] = *window; // Qwen2: layers from max_window_layers on use the window
        }
    } else if (s.family == "gemma") {
        // Gemma 1 has no sliding window.
    } else if (window) {
        for (auto& w : s.layerWindows)
            w = *window;
    }
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

    // group_size: a positive count, or -1 for one group per row (GPTQ's "per channel").
    void readGroup(const json& j, QuantizationConfig& q, const std::string& source)
    {
        const auto it = j.find("group_size");
        if (it == j.end() || it->is_null())
            return;
        if (it->is_number_integer() && it->get<std::int64_t>() == -1) {
            q.perChannel = true;
            return;
        }
        const auto g = optionalCount(j, "group_size", source);
        if (!g || *g == 0 || *g > (1ULL << 32))
            fail(source, "quantization_config: 'group_size' must be -1 or between 1 and 2^32");
        q.groupSize = *g;
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
        readGroup(j, q, source);
        if (!q.groupSize && !q.perChannel)
            if (const auto g = optionalCount(j, "q_group_size", source); g && *g > 0)
                q.groupSize = *g;
        if (const auto sym = optionalBool(j, "sym", source))
            q.symmetric = *sym;
    } else if (q.methodName == "fp8") {
        q.method = QuantizationConfig::Method::Fp8;
        q.bits = 8;
        q.quantType = lowered(optionalString(j, "fmt", source).value_or("e4m3"));
        if (q.quantType != "e4m3" && q.quantType != "e5m2")
            fail(source, "quantization_config: fp8 'fmt' '" + jsonguard::oneLine(q.quantType, 20)
                    + "' is neither e4m3 nor e5m2");
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
            readGroup(w, q, source);
        if (const auto sym = optionalBool(w, "symmetric", source))
            q.symmetric = *sym;
    } else {
        fail(source, "quantization_config: quant_method '" + jsonguard::oneLine(q.methodName, 40)
                + "' is not one of bitsandbytes, gptq, awq, fp8, compressed-tensors");
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
        return quantization(json::parse(text), source);
    } catch (const json::exception& e) {
        fail(source, std::string("not valid JSON: ") + jsonguard::oneLine(e.what()));
    }
}

} // namespace iteragpu::model
