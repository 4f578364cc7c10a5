// SPDX-License-Identifier: Apache-2.0
#include "core/model/ggufreader.h"

#include "core/model/ggmltype.h"
#include "core/model/jsonguard.h"
#include "core/model/modellimits.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/units/printable.h"
#include "core/units/regularfile.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <set>

namespace iteragpu::model {

using units::InputError;
using Type = GgufValue::Type;

namespace {

    constexpr std::uint64_t kDefaultAlignment = 32; // bytes, GGUF_DEFAULT_ALIGNMENT
    constexpr std::uint64_t kMaxDims = 4; // GGML_MAX_DIMS
    constexpr std::uint32_t kMaxVersion = 3;

    // The header as a sequence of bytes, every read checked against the bytes left first.
    class HeaderStream {
    public:
        HeaderStream(std::istream& in, std::uint64_t size, std::string source)
            : m_in(in)
            , m_size(size)
            , m_source(std::move(source))
        {
        }

        [[noreturn]] void fail(const std::string& what) const
        {
            throw InputError(jsonguard::oneLine(m_source) + ": " + what);
        }
        std::uint64_t position() const { return m_pos; }
        std::uint64_t left() const { return m_size - m_pos; }
        void setBigEndian(bool big) { m_big = big; }

        // What the summary holds in memory, bounded whatever the file: item and string bytes kept.
        void keep(std::uint64_t bytes)
        {
            m_kept += bytes;
            if (m_kept > GgufReader::kMaxKeptBytes)
                fail("the metadata holds more than 256 MiB of values: not a model file this reader accepts");
        }

        void need(std::uint64_t bytes, const char* what) const
        {
            if (bytes > left())
                fail(std::string("truncated: ") + what + " needs " + std::to_string(bytes) + " bytes at offset "
                    + std::to_string(m_pos) + " but the file has " + std::to_string(left()) + " left");
            if (m_pos + bytes > GgufReader::kMaxHeaderBytes)
                fail("header larger than 1 GiB: not a model file this reader accepts");
        }

        void bytes(void* out, std::uint64_t n, const char* what)
        {
            need(n, what);
            if (!m_in.read(static_cast<char*>(out), static_cast<std::streamsize>(n)))
                fail(std::string("cannot read ") + what);
            m_pos += n;
        }

        void skip(std::uint64_t n, const char* what)
        {
            need(n, what);
            char buffer[4096];
            std::uint64_t left = n;
            while (left > 0) {
                const std::uint64_t chunk = std::min<std::uint64_t>(left, sizeof buffer);
                if (!m_in.read(buffer, static_cast<std::streamsize>(chunk)))
                    fail(std::string("cannot read ") + what);
                left -= chunk;
            }
            m_pos += n;
        }

        template <typename T> T number(const char* what)
        {
            unsigned char raw[sizeof(T)];
            bytes(raw, sizeof(T), what);
            if (m_big)
                std::reverse(raw, raw + sizeof(T));
            T v;
            std::memcpy(&v, raw, sizeof(T)); // the host is little-endian (checked in parse)
            return v;
        }

        std::uint64_t length(std::uint64_t limit, const char* what)
        {
            const auto n = number<std::uint64_t>(what);
            if (n > limit)
                fail(std::string(what) + " of " + std::to_string(n) + " bytes exceeds the limit of "
                    + std::to_string(limit));
            need(n, what);
            return n;
        }

        std::string string(std::uint64_t limit, const char* what)
        {
            const std::uint64_t n = length(limit, what);
            std::string s(static_cast<std::size_t>(n), '\0');
            bytes(s.data(), n, what);
            return s;
        }

    private:
        std::istream& m_in;
        std::uint64_t m_size;
        std::uint64_t m_pos = 0;
        bool m_big = false;
        std::uint64_t m_kept = 0;
        std::string m_source;
    };

    // The smallest number of bytes one value of a type takes (for the array length bound).
    std::uint64_t minimumBytes(Type t)
    {
        switch (t) {
        case Type::UInt8:
        case Type::Int8:
        case Type::Bool:
            return 1;
        case Type::UInt16:
        case Type::Int16:
            return 2;
        case Type::UInt32:
        case Type::Int32:
        case Type::Float32:
            return 4;
        case Type::String:
        case Type::UInt64:
        case Type::Int64:
        case Type::Float64:
            return 8;
        case Type::Array:
            return 12; // element type (4) and length (8)
        }
        return 1;
    }

    bool knownType(std::uint32_t t) { return t <= static_cast<std::uint32_t>(Type::Float64); }

    GgufValue readValue(HeaderStream& s, Type type, int depth, bool keep, const std::string& key);

    void readArray(HeaderStream& s, GgufValue& v, int depth, bool keep, const std::string& key)
    {
        if (depth >= GgufReader::kMaxArrayDepth)
            s.fail("key '" + jsonguard::oneLine(key, 80) + "': arrays nested deeper than 8");
        const auto elementType = s.number<std::uint32_t>("an array's element type");
        if (!knownType(elementType))
            s.fail(
                "key '" + jsonguard::oneLine(key, 80) + "': unknown array element type " + std::to_string(elementType));
        v.elementType = static_cast<Type>(elementType);
        v.length = s.number<std::uint64_t>("an array's length");
        const std::uint64_t least = minimumBytes(v.elementType);
        if (v.length > s.left() / least)
            s.fail("key '" + jsonguard::oneLine(key, 80) + "': array of " + std::to_string(v.length)
                + " elements does not fit in the " + std::to_string(s.left()) + " bytes left");
        v.itemsKept = keep && v.length <= GgufReader::kMaxKeptArrayItems;
        if (v.itemsKept) {
            s.keep(v.length * sizeof(GgufValue));
            v.items.reserve(static_cast<std::size_t>(v.length));
        }
        const bool fixedSize = v.elementType != Type::String && v.elementType != Type::Array;
        if (!v.itemsKept && fixedSize && v.elementType != Type::Bool) {
            s.skip(v.length * least, "an array's items"); // fixed-size numbers: nothing to check, nothing kept
            return;
        }
        for (std::uint64_t i = 0; i < v.length; ++i) {
            GgufValue item = readValue(s, v.elementType, depth + 1, v.itemsKept, key);
            if (v.itemsKept)
                v.items.push_back(std::move(item));
        }
    }

    GgufValue readValue(HeaderStream& s, Type type, int depth, bool keep, const std::string& key)
    {
        GgufValue v;
        v.type = type;
        switch (type) {
        case Type::UInt8:
            v.unsignedValue = s.number<std::uint8_t>("a uint8");
            break;
        case Type::Int8:
            v.signedValue = s.number<std::int8_t>("an int8");
            break;
        case Type::UInt16:
            v.unsignedValue = s.number<std::uint16_t>("a uint16");
            break;
        case Type::Int16:
            v.signedValue = s.number<std::int16_t>("an int16");
            break;
        case Type::UInt32:
            v.unsignedValue = s.number<std::uint32_t>("a uint32");
            break;
        case Type::Int32:
            v.signedValue = s.number<std::int32_t>("an int32");
            break;
        case Type::Float32:
            v.floatValue = s.number<float>("a float32");
            break;
        case Type::Bool: {
            const auto b = s.number<std::uint8_t>("a bool");
            if (b > 1)
                s.fail("key '" + jsonguard::oneLine(key, 80) + "': a bool of " + std::to_string(b)
                    + " (only 0 and 1 are valid)");
            v.boolValue = b == 1;
            break;
        }
        case Type::String:
            if (keep) {
                v.text = s.string(GgufReader::kMaxStringBytes, "a string value");
                s.keep(v.text.size());
            } else {
                const std::uint64_t n = s.length(GgufReader::kMaxStringBytes, "a string value");
                s.skip(n, "a string value");
            }
            break;
        case Type::Array:
            readArray(s, v, depth, keep, key);
            break;
        case Type::UInt64:
            v.unsignedValue = s.number<std::uint64_t>("a uint64");
            break;
        case Type::Int64:
            v.signedValue = s.number<std::int64_t>("an int64");
            break;
        case Type::Float64:
            v.floatValue = s.number<double>("a float64");
            break;
        }
        return v;
    }

    bool printableAscii(const std::string& s)
    {
        return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
    }

} // namespace

GgufSummary GgufReader::readFile(const std::filesystem::path& path)
{
    const std::string source = path.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(jsonguard::oneLine(source) + ": is a folder, expected a .gguf file");
    if (const std::string problem = units::regularFileProblem(source); !problem.empty())
        throw InputError(problem);
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        throw InputError(jsonguard::oneLine(source) + ": cannot be read: " + ec.message());
    if (const std::string problem = units::regularFileProblem(source); !problem.empty())
        throw InputError(problem);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(jsonguard::oneLine(source) + ": cannot be opened");
    GgufSummary summary = parse(in, size, source);
    summary.file = path.filename().string();
    return summary;
}

GgufSummary GgufReader::parse(std::istream& in, std::uint64_t size, const std::string& source)
{
    static_assert(std::endian::native == std::endian::little, "the GGUF reader assumes a little-endian host");
    HeaderStream s(in, size, source);
    GgufSummary g;
    g.file = source;
    g.fileSize = size;

    char magic[4];
    if (size < 4)
        s.fail("truncated: shorter than the 4-byte magic");
    s.bytes(magic, 4, "the magic");
    if (std::memcmp(magic, "GGUF", 4) != 0)
        s.fail("not a GGUF file (the first 4 bytes are not \"GGUF\")");
    const auto version = s.number<std::uint32_t>("the version");
    if (version == 2 || version == 3) {
        g.version = version;
    } else if (__builtin_bswap32(version) == 2 || __builtin_bswap32(version) == 3) {
        g.version = __builtin_bswap32(version);
        g.bigEndian = true;
        s.setBigEndian(true);
    } else if (version == 1) {
        s.fail("GGUF version 1 (32-bit counts) is not supported: convert it again with a current llama.cpp");
    } else {
        s.fail("GGUF version " + std::to_string(version) + " is not supported (versions 2 and 3 are)");
    }
    const auto tensorCount = s.number<std::uint64_t>("the tensor count");
    const auto kvCount = s.number<std::uint64_t>("the metadata count");
    if (tensorCount > kMaxTensors)
        s.fail(std::to_string(tensorCount) + " tensors exceed the limit of " + std::to_string(kMaxTensors));
    if (kvCount > kMaxMetadata)
        s.fail(std::to_string(kvCount) + " metadata keys exceed the limit of " + std::to_string(kMaxMetadata));
    // Each key/value takes at least 13 bytes, each tensor info at least 24: counts the file cannot hold are refused
    // before anything is reserved.
    if (kvCount > s.left() / 13 || tensorCount > (s.left() - std::min(s.left(), kvCount * 13)) / 24)
        s.fail(std::to_string(kvCount) + " metadata keys and " + std::to_string(tensorCount)
            + " tensors do not fit in a file of " + std::to_string(size) + " bytes: truncated or lying header");

    for (std::uint64_t i = 0; i < kvCount; ++i) {
        std::string key = s.string(kMaxKeyBytes, "a metadata key");
        if (key.empty())
            s.fail("metadata key " + std::to_string(i) + " is empty");
        if (!printableAscii(key))
            s.fail("metadata key '" + jsonguard::oneLine(key, 80) + "' is not printable ASCII");
        if (g.metadata.count(key))
            s.fail("metadata key '" + jsonguard::oneLine(key, 80) + "' appears twice");
        const auto type = s.number<std::uint32_t>("a value type");
        if (!knownType(type))
            s.fail(
                "metadata key '" + jsonguard::oneLine(key, 80) + "' has an unknown value type " + std::to_string(type));
        GgufValue value = readValue(s, static_cast<Type>(type), 0, true, key);
        g.metadata.emplace(std::move(key), std::move(value));
    }
    if (const auto* a = g.find("general.alignment")) {
        if (a->type != Type::UInt32)
            s.fail("general.alignment must be a uint32");
        if (a->unsignedValue == 0 || (a->unsignedValue & (a->unsignedValue - 1)) != 0)
            s.fail("general.alignment " + std::to_string(a->unsignedValue) + " is not a power of two");
        g.alignment = a->unsignedValue;
    } else {
        g.alignment = kDefaultAlignment;
    }

    std::set<std::string> names;
    g.tensors.reserve(static_cast<std::size_t>(tensorCount));
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        GgufTensor t;
        t.name = s.string(kMaxTensorNameBytes, "a tensor name");
        const std::string shown = "tensor '" + jsonguard::oneLine(t.name, 80) + "'";
        if (!names.insert(t.name).second)
            s.fail(shown + " appears twice");
        const auto dims = s.number<std::uint32_t>("a tensor's dimension count");
        if (dims > kMaxDims)
            s.fail(shown + " has " + std::to_string(dims) + " dimensions (at most 4)");
        t.elements = 1;
        for (std::uint32_t d = 0; d < dims; ++d) {
            const auto n = s.number<std::uint64_t>("a tensor dimension");
            if (n > static_cast<std::uint64_t>(INT64_MAX))
                s.fail(shown + " has a dimension beyond 2^63");
            t.dims.push_back(n);
            const auto e = units::checkedMul(t.elements, n);
            if (!e || *e > static_cast<std::uint64_t>(INT64_MAX))
                s.fail(shown + " has an element count beyond 2^63");
            t.elements = *e;
        }
        t.type = s.number<std::uint32_t>("a tensor's ggml type");
        const GgmlTypeInfo* info = ggmlType(t.type);
        if (!info) {
            const char* removed = removedGgmlTypeName(t.type);
            s.fail(shown + " has "
                + (removed ? std::string("the removed ggml type ") + removed + " ("
                           : std::string("an unknown ggml type ("))
                + std::to_string(t.type) + ")");
        }
        t.typeName = info->name;
        const std::uint64_t row = t.dims.empty() ? 1 : t.dims[0];
        if (row % info->blockSize != 0)
            s.fail(shown + " of type " + info->name + " has rows of " + std::to_string(row)
                + " elements, not a multiple of its block of " + std::to_string(info->blockSize));
        const auto bytes = units::checkedMul(t.elements / info->blockSize, info->typeSize);
        if (!bytes)
            s.fail(shown + " has a byte count beyond 2^64");
        t.bytes = *bytes;
        t.offset = s.number<std::uint64_t>("a tensor's offset");
        if (t.offset % g.alignment != 0)
            s.fail(shown + " has offset " + std::to_string(t.offset) + ", not a multiple of the alignment "
                + std::to_string(g.alignment));
        g.tensors.push_back(std::move(t));
    }

    // The data section starts at the next multiple of the alignment after the header.
    const std::uint64_t end = s.position();
    const std::uint64_t padding = (g.alignment - end % g.alignment) % g.alignment;
    g.dataOffset = end + padding;
    if (!g.tensors.empty() && g.dataOffset > size)
        s.fail("truncated: the data section would start at byte " + std::to_string(g.dataOffset) + " of a file of "
            + std::to_string(size));
    const std::uint64_t dataSize = size - std::min(size, g.dataOffset);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    for (const auto& t : g.tensors) {
        if (t.offset > dataSize || t.bytes > dataSize - t.offset)
            s.fail("tensor '" + jsonguard::oneLine(t.name, 80) + "' (" + std::to_string(t.bytes) + " bytes at "
                + std::to_string(t.offset) + ") ends beyond the data section of " + std::to_string(dataSize)
                + " bytes: truncated or lying header");
        if (t.bytes > 0)
            ranges.emplace_back(t.offset, t.offset + t.bytes);
        g.totalBytes = units::checked::add(g.totalBytes, t.bytes);
        g.totalElements = units::checked::add(g.totalElements, t.elements);
        auto& totals = g.byType[t.typeName];
        totals.tensors += 1;
        totals.elements = units::checked::add(totals.elements, t.elements);
        totals.bytes = units::checked::add(totals.bytes, t.bytes);
    }
    std::sort(ranges.begin(), ranges.end());
    for (std::size_t i = 1; i < ranges.size(); ++i)
        if (ranges[i].first < ranges[i - 1].second)
            s.fail("two tensors overlap in the data section: lying header");
    return g;
}

ModelShape GgufReader::shape(const GgufSummary& g, const std::string& source)
{
    const auto failShape
        = [&](const std::string& what) -> void {
              // Key names are built from the file's general.architecture: escaped like every text from a file.
              throw InputError(jsonguard::oneLine(source) + ": " + units::printable(what, 512));
          };
    const std::string arch = g.architecture();
    if (arch.empty())
        failShape("no general.architecture string: the model's shape cannot be read");
    const std::string prefix = arch + ".";
    const auto key = [&](const char* k) { return prefix + k; };
    const auto optionalCount = [&](const std::string& k) -> std::optional<std::uint64_t> {
        const GgufValue* v = g.find(k);
        if (!v)
            return std::nullopt;
        if (v->type == Type::Array) {
            // Per-layer values (some architectures): one value for all layers only when they agree.
            std::optional<std::uint64_t> one;
            for (const auto& item : v->items) {
                const auto c = item.count();
                if (!c || (one && *one != *c))
                    failShape("'" + k + "' differs per layer: this reader sizes uniform layers only");
                one = c;
            }
            if (!v->itemsKept || !one)
                failShape("'" + k + "' is an array this reader cannot use");
            return one;
        }
        const auto c = v->count();
        if (!c)
            failShape("'" + k + "' must be a non-negative integer");
        return c;
    };
    const auto requiredCount = [&](const std::string& k) {
        const auto c = optionalCount(k);
        if (!c)
            failShape("missing metadata key '" + k + "'");
        if (*c == 0)
            failShape("'" + k + "' must be greater than zero");
        return *c;
    };
    const auto optionalNumber = [&](const std::string& k) -> std::optional<double> {
        const GgufValue* v = g.find(k);
        if (!v)
            return std::nullopt;
        const auto n = v->number();
        if (!n || !(*n > 0.0) || *n > 1e30)
            failShape("'" + k + "' must be a positive number");
        return n;
    };
    std::set<std::string> tensorNames;
    const GgufTensor* embedding = nullptr;
    for (const auto& t : g.tensors) {
        tensorNames.insert(t.name);
        if (t.name == "token_embd.weight")
            embedding = &t;
    }

    ModelShape m;
    m.source = source;
    m.family = arch;
    static const char* known[] = { "llama", "mistral", "qwen2", "gemma", "gemma2", "phi3" };
    if (std::none_of(std::begin(known), std::end(known), [&](const char* f) { return arch == f; }))
        m.notes.push_back({ //: %1 general.architecture of a GGUF file
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "GGUF architecture '%1' is not one of llama, mistral, qwen2, gemma, gemma2, phi3: read as a "
                "Llama-style decoder"),
            { jsonguard::oneLine(arch, 40) } });
    constexpr std::uint64_t kMaxDim = 1ULL << 32;
    m.layers = requiredCount(key("block_count"));
    m.hidden = requiredCount(key("embedding_length"));
    m.heads = requiredCount(key("attention.head_count"));
    m.kvHeads = optionalCount(key("attention.head_count_kv")).value_or(m.heads);
    if (m.kvHeads == 0 || m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
        failShape("'" + key("attention.head_count_kv") + "' must divide '" + key("attention.head_count") + "'");
    if (const auto experts = optionalCount(key("expert_count")); experts && *experts > 1) {
        m.experts = *experts;
        m.expertsPerToken = optionalCount(key("expert_used_count")).value_or(0);
        if (m.expertsPerToken > m.experts)
            failShape("'" + key("expert_used_count") + "' (" + std::to_string(m.expertsPerToken)
                + ") is more than the model's " + std::to_string(m.experts) + " experts");
    }
    if (m.experts > 0 && g.find(key("expert_feed_forward_length")))
        m.intermediate = requiredCount(key("expert_feed_forward_length"));
    else
        m.intermediate = requiredCount(key("feed_forward_length"));
    if (const auto hd = optionalCount(key("attention.key_length"))) {
        if (*hd == 0)
            failShape("'" + key("attention.key_length") + "' must be greater than zero");
        m.headDim = *hd;
    } else {
        if (m.hidden % m.heads != 0)
            failShape("embedding_length is not a multiple of head_count and no attention.key_length is given");
        m.headDim = m.hidden / m.heads;
    }
    if (const auto vocab = optionalCount(key("vocab_size")); vocab && *vocab > 0) {
        m.vocab = *vocab;
    } else if (const auto* tokens = g.find("tokenizer.ggml.tokens");
               tokens && tokens->type == Type::Array && tokens->length > 0) {
        m.vocab = tokens->length;
    } else if (embedding && embedding->dims.size() == 2) {
        m.vocab = embedding->dims[1];
    } else {
        failShape("no vocabulary size: no " + key("vocab_size") + ", no tokenizer.ggml.tokens, no token_embd.weight");
    }
    for (auto v : { m.hidden, m.layers, m.heads, m.intermediate, m.vocab, m.headDim })
        if (v > kMaxDim)
            failShape("a dimension is larger than 2^32; not a real model");
    if (const std::string why = layersProblem(m.layers, "block_count"); !why.empty())
        failShape(why); // Note [Model limits]
    m.tieWordEmbeddings = !tensorNames.count("output.weight");
    m.qkvBias = tensorNames.count("blk.0.attn_q.bias") > 0;
    m.outputBias = tensorNames.count("blk.0.attn_output.bias") > 0;
    m.mlpBias = tensorNames.count("blk.0.ffn_up.bias") > 0;
    m.normsPerLayer = arch == "gemma2" || arch == "gemma3" ? 4 : 2;
    if (const auto ctx = optionalCount(key("context_length")); ctx && *ctx > 0)
        m.trainedContext = *ctx;
    m.ropeTheta = optionalNumber(key("rope.freq_base"));
    if (m.ropeTheta)
        if (const std::string why = ropeThetaProblem(*m.ropeTheta, "rope.freq_base"); !why.empty())
            failShape(why);
    m.normEps = optionalNumber(key("attention.layer_norm_rms_epsilon"));
    m.layerWindows.assign(m.layers, std::nullopt);
    if (const auto window = optionalCount(key("attention.sliding_window")); window && *window > 0) {
        if (arch == "gemma2") {
            for (std::uint64_t i = 0; i < m.layers; i += 2)
                m.layerWindows[i] = *window; // even layers local, odd layers global, as config.json's gemma2
        } else {
            for (auto& w : m.layerWindows)
                w = *window;
        }
    }
    if (embedding)
        m.torchDtype = embedding->typeName == "BF16" ? "bfloat16"
            : embedding->typeName == "F16"           ? "float16"
            : embedding->typeName == "F32"           ? "float32"
                                                     : "";
    return m;
}

} // namespace iteragpu::model
