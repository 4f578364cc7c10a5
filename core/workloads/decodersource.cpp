// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/decodersource.h"

#include "core/model/configreader.h"
#include "core/model/ggufreader.h"
#include "core/model/jsonguard.h"
#include "core/model/safetensorsreader.h"
#include "core/protocol/runlimits.h"
#include "core/sizing/modelresolver.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/quantizedformat.h"
#include "core/sizing/resourcepaths.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/weightformat.h"
#include "core/units/inputerror.h"

#include <algorithm>
#include <map>
#include <optional>

namespace iteragpu::workloads {

using protocol::DecoderSpec;
using protocol::WeightStorage;
using units::InputError;

namespace {

    constexpr const char* kPresetPrefix = "preset:";

    std::string shapeText(const std::vector<std::uint64_t>& shape)
    {
        std::string s = "[";
        for (std::size_t i = 0; i < shape.size(); ++i)
            s += (i ? ", " : "") + std::to_string(shape[i]);
        return s + "]";
    }

    bool isFloatDtype(const std::string& dtype) { return dtype == "F32" || dtype == "F16" || dtype == "BF16"; }

    // The header's tensors against the shape its config.json gives: what the checkpoint stores is what the model
    // is. Only float 2-D tensors are compared (a quantized checkpoint packs its linears into other shapes), and
    // only the ones present (Phi-3 fuses q/k/v and gate/up).
    void checkHeader(const model::ModelShape& m, const model::SafetensorsSummary& header, const std::string& source)
    {
        std::map<std::string, const model::SafetensorsTensor*> byName;
        std::uint64_t layers = 0;
        for (const auto& t : header.tensors) {
            byName[t.name] = &t;
            constexpr const char* kLayers = "model.layers.";
            if (t.name.rfind(kLayers, 0) == 0) {
                const std::string rest = t.name.substr(std::char_traits<char>::length(kLayers));
                const auto dot = rest.find('.');
                if (dot != std::string::npos && dot > 0 && dot <= 6
                    && rest.find_first_not_of("0123456789") == dot)
                    layers = std::max<std::uint64_t>(layers, std::stoull(rest.substr(0, dot)) + 1);
            }
        }
        const auto embed = byName.find("model.embed_tokens.weight");
        if (embed == byName.end())
            throw InputError(source + ": no model.embed_tokens.weight in the header: not a decoder checkpoint "
                                      "of the Llama, Mistral, Qwen2, Gemma, Phi-3 or Mixtral kind");
        const auto expect = [&](const std::string& name, std::uint64_t rows, std::uint64_t cols, const char* what) {
            const auto it = byName.find(name);
            if (it == byName.end() || !isFloatDtype(it->second->dtype) || it->second->shape.size() != 2)
                return;
            const auto& t = *it->second;
            if (t.shape[0] != rows || t.shape[1] != cols)
                throw InputError(source + ": " + name + " is " + shapeText(t.shape) + " but the config.json beside "
                    + "it gives " + shapeText({ rows, cols }) + " (" + what + "): the header and the config "
                    + "describe different models");
        };
        expect("model.embed_tokens.weight", m.vocab, m.hidden, "vocab_size x hidden_size");
        if (layers != m.layers)
            throw InputError(source + ": the header holds " + std::to_string(layers) + " layers but the config.json "
                + "beside it gives num_hidden_layers " + std::to_string(m.layers));
        const std::string l0 = "model.layers.0.";
        expect(l0 + "self_attn.q_proj.weight", m.heads * m.headDim, m.hidden, "heads x head_dim, hidden_size");
        expect(l0 + "self_attn.k_proj.weight", m.kvHeads * m.headDim, m.hidden, "KV heads x head_dim, hidden_size");
        expect(l0 + "self_attn.v_proj.weight", m.kvHeads * m.headDim, m.hidden, "KV heads x head_dim, hidden_size");
        expect(l0 + "self_attn.o_proj.weight", m.hidden, m.heads * m.headDim, "hidden_size, heads x head_dim");
        expect(l0 + "mlp.gate_proj.weight", m.intermediate, m.hidden, "intermediate_size x hidden_size");
        expect(l0 + "mlp.down_proj.weight", m.hidden, m.intermediate, "hidden_size x intermediate_size");
        expect(l0 + "block_sparse_moe.experts.0.w1.weight", m.intermediate, m.hidden,
            "intermediate_size x hidden_size");
        if (!m.tieWordEmbeddings && !byName.count("lm_head.weight"))
            throw InputError(source + ": the config.json beside it has untied embeddings but the header holds no "
                                      "lm_head.weight");
    }

    // A bf16/fp16/fp32 name of safetensors' dtypes, for a config without torch_dtype.
    std::string torchDtypeOf(const std::string& safetensorsDtype)
    {
        if (safetensorsDtype == "BF16")
            return "bfloat16";
        if (safetensorsDtype == "F16")
            return "float16";
        if (safetensorsDtype == "F32")
            return "float32";
        return {};
    }

    // A GGUF file's metadata gives the shape; its quantized types are the checkpoint's, the decoder builds its own
    // weights in the storage chosen (bf16 unless --format).
    model::ModelShape fromGguf(const std::filesystem::path& path)
    {
        model::ModelShape shape = model::GgufReader::shape(model::GgufReader::readFile(path), path.string());
        shape.torchDtype.clear();
        return shape;
    }

    // `config` is the config.json the resolver found beside the file, empty when there is none.
    model::ModelShape fromSafetensors(const std::filesystem::path& path, const std::filesystem::path& config,
        const model::ConfigReader::ReadOptions& options)
    {
        const std::string source = model::jsonguard::oneLine(path.string());
        if (config.empty())
            throw InputError(source + ": a safetensors header gives the tensors' shapes but not the attention "
                "heads; the model's config.json must be beside it (there is no "
                + (path.parent_path() / "config.json").string() + ")");
        const model::SafetensorsSummary header = model::SafetensorsReader::read(path);
        model::ModelShape shape = model::ConfigReader::readFile(config, options);
        checkHeader(shape, header, source);
        if (shape.torchDtype.empty())
            for (const auto& t : header.tensors)
                if (t.name == "model.embed_tokens.weight")
                    shape.torchDtype = torchDtypeOf(t.dtype);
        return shape;
    }

    std::string presetIds(const sizing::PresetLibrary& library)
    {
        std::string ids;
        for (const auto& p : library.presets())
            ids += (ids.empty() ? "" : ", ") + p.id;
        return ids.empty() ? std::string("none") : ids;
    }

    // The storage a quantization_config names (sizing::QuantizedFormat, the estimate's reading), with its group
    // and fp8 blocks. One line when the decoder cannot store it as the file says.
    void applyQuantization(DecoderSpec& spec, const model::QuantizationConfig& q)
    {
        sizing::QuantizedFormat f;
        try {
            f = sizing::QuantizedFormat::fromConfig(q);
        } catch (const sizing::SizingError& e) {
            throw InputError(e.what());
        }
        const std::optional<WeightStorage> storage
            = protocol::weightStorageFromName(sizing::weightFormatInfo(f.format).name);
        if (!storage)
            throw InputError("config.json's quantization_config is " + q.summary() + ", stored as "
                + sizing::weightFormatInfo(f.format).name + ", which the decoder does not build; choose --format ("
                + protocol::weightStorageNames() + ")");
        if (f.blockSize && *f.blockSize != 64)
            throw InputError("config.json's quantization_config is " + q.summary() + ", blocks of "
                + std::to_string(*f.blockSize) + " values: the decoder builds bitsandbytes' blocks of 64; choose "
                + "--format");
        spec.storage = *storage;
        if (f.groupSize) // one group per row (group_size -1) is a group at least as wide as any row
            spec.quantGroup = std::min<std::uint64_t>(*f.groupSize, protocol::kMaxTensorDimension);
        if (f.fp8BlockRows && f.fp8BlockColumns) {
            spec.fp8BlockRows = *f.fp8BlockRows;
            spec.fp8BlockColumns = *f.fp8BlockColumns;
        }
    }

    DecoderSpec fromPreset(const std::string& id, const std::filesystem::path& presetFolder,
        std::optional<model::QuantizationConfig>& quantization)
    {
        const std::filesystem::path folder
            = presetFolder.empty() ? sizing::ResourcePaths::find("presets") : presetFolder;
        const sizing::PresetLibrary library = sizing::PresetLibrary::load(folder);
        const sizing::Preset* preset = library.find(id);
        if (!preset)
            throw InputError("'" + model::jsonguard::oneLine(id, 80) + "' is neither a file nor a preset; the "
                + "presets (" + folder.string() + ") are: " + presetIds(library));
        DecoderSpec spec;
        spec.shape = preset->shape;
        spec.modelSource = kPresetPrefix + preset->id;
        quantization = preset->quantization;
        return spec;
    }

} // namespace

DecoderSpec DecoderSource::resolve(const std::string& named, const std::filesystem::path& presetFolder,
    const std::string& assumeArchitecture, bool storageChosen)
{
    if (named.empty())
        throw InputError("no model named: give a preset id, a config.json, a folder, a .safetensors or .gguf file");
    const model::ConfigReader::ReadOptions options { assumeArchitecture };
    const sizing::ResolvedModel m = sizing::ModelResolver::resolve(named);
    DecoderSpec spec;
    std::optional<model::QuantizationConfig> quantization;
    using Kind = sizing::ResolvedModel::Kind;
    switch (m.kind) {
    case Kind::Preset:
        spec = fromPreset(m.presetId, presetFolder, quantization);
        break;
    case Kind::Config:
        spec.shape = model::ConfigReader::readFile(m.config, options);
        spec.modelSource = m.config.string();
        break;
    case Kind::Safetensors:
        spec.shape = fromSafetensors(m.safetensors, m.config, options);
        spec.modelSource = named;
        break;
    case Kind::Gguf:
        spec.shape = fromGguf(m.gguf);
        spec.modelSource = named;
        break;
    case Kind::HubCache:
        // The commit, not the branch: a sweep's trials and a result file name the very snapshot measured.
        spec.modelSource = m.source;
        if (!m.gguf.empty()) {
            spec.shape = fromGguf(m.gguf);
        } else {
            spec.shape = model::ConfigReader::readFile(m.config, options);
            if (!m.safetensors.empty())
                checkHeader(spec.shape, model::SafetensorsReader::read(m.safetensors), m.source);
        }
        break;
    }
    spec.storage = storageFor(spec.shape);
    if (!storageChosen && m.kind != Kind::Preset && m.gguf.empty() && !m.config.empty())
        quantization = model::ConfigReader::readQuantization(m.config);
    if (!storageChosen && quantization)
        applyQuantization(spec, *quantization);
    spec.ropeTheta = static_cast<float>(spec.shape.ropeTheta.value_or(familyRopeTheta(spec.shape.family)));
    spec.normEps = static_cast<float>(spec.shape.normEps.value_or(familyNormEps(spec.shape.family)));
    return spec;
}

WeightStorage DecoderSource::storageFor(const model::ModelShape& shape)
{
    const std::string& t = shape.torchDtype;
    if (t == "float32" || t == "float")
        return WeightStorage::Float32;
    if (t == "float16" || t == "half")
        return WeightStorage::Float16;
    return WeightStorage::BFloat16;
}

double DecoderSource::familyRopeTheta(const std::string& family) { return family == "mixtral" ? 1e6 : 10000.0; }

double DecoderSource::familyNormEps(const std::string& family)
{
    return family == "phi3" || family == "mixtral" ? 1e-5 : 1e-6;
}

} // namespace iteragpu::workloads
