// SPDX-License-Identifier: Apache-2.0
#include "core/model/safetensorsreader.h"

#include "core/model/jsonguard.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/units/regularfile.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

namespace iteragpu::model {

using nlohmann::json;
using units::InputError;
namespace checked = units::checked;

namespace {

    [[noreturn]] void fail(const std::filesystem::path& file, const std::string& what)
    {
        throw InputError(jsonguard::oneLine(file.string()) + ": " + what);
    }

    std::uint64_t asOffset(const json& v, const std::filesystem::path& file, const std::string& tensor)
    {
        if (v.is_number_unsigned())
            return v.get<std::uint64_t>();
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
            return static_cast<std::uint64_t>(v.get<std::int64_t>());
        fail(file, "tensor '" + jsonguard::oneLine(tensor, 80) + "': offsets and shape must be non-negative integers");
    }

    // "model.layers.12.mlp.experts.3.w1.weight" -> "model.layers.*.mlp.experts.*.w1"
    std::string moduleOf(const std::string& name)
    {
        std::string base = name;
        const auto dot = base.rfind('.');
        if (dot != std::string::npos) {
            const std::string last = base.substr(dot + 1);
            if (last == "weight" || last == "bias")
                base.resize(dot);
        }
        std::string out;
        std::size_t i = 0;
        while (i < base.size()) {
            const std::size_t end = std::min(base.find('.', i), base.size());
            const std::string part = base.substr(i, end - i);
            const bool number = !part.empty()
                && std::all_of(part.begin(), part.end(), [](unsigned char c) { return std::isdigit(c); });
            if (!out.empty())
                out += '.';
            out += number ? "*" : part;
            i = end + 1;
        }
        return out;
    }

    // Suffix of a quantization metadata tensor, or empty.
    std::string quantizationSuffix(const std::string& name)
    {
        static const std::array<const char*, 10> suffixes = { ".absmax", ".quant_map", ".nested_absmax",
            ".nested_quant_map", ".scales", ".qweight", ".qzeros", ".g_idx", ".SCB", ".weight_scale" };
        for (const char* s : suffixes) {
            const std::string suffix = s;
            if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
                return suffix;
        }
        if (name.find(".quant_state.") != std::string::npos)
            return ".quant_state";
        return {};
    }

    void readOne(const std::filesystem::path& path, SafetensorsSummary& summary)
    {
        std::error_code ec;
        // A FIFO, a device or a missing file is refused by name, before anything opens it for reading.
        if (const std::string problem = units::regularFileProblem(path.string()); !problem.empty())
            throw InputError(problem);
        const std::uint64_t fileSize = std::filesystem::file_size(path, ec);
        if (ec)
            fail(path, "cannot be read: " + ec.message());
        if (fileSize < 8)
            fail(path, "truncated: shorter than the 8-byte header length");
        std::ifstream in(path, std::ios::binary);
        if (!in)
            fail(path, "cannot be opened");
        unsigned char prefix[8];
        if (!in.read(reinterpret_cast<char*>(prefix), 8))
            fail(path, "truncated: cannot read the 8-byte header length");
        std::uint64_t headerLength = 0;
        for (int i = 7; i >= 0; --i)
            headerLength = (headerLength << 8) | prefix[i]; // little-endian
        if (headerLength == 0)
            fail(path, "header length is zero");
        if (headerLength > SafetensorsReader::kMaxHeaderBytes)
            fail(path,
                "header length " + std::to_string(headerLength) + " bytes exceeds the 100 MiB limit of the format");
        if (headerLength > fileSize - 8)
            fail(path,
                "header length " + std::to_string(headerLength) + " bytes is beyond the file size ("
                    + std::to_string(fileSize) + " bytes): truncated or not a safetensors file");
        std::string text(headerLength, '\0');
        if (!in.read(text.data(), static_cast<std::streamsize>(headerLength)))
            fail(path, "truncated header");
        const std::uint64_t dataSize = fileSize - 8 - headerLength;

        if (jsonguard::nestingDepth(text) > jsonguard::kMaxDepth)
            fail(path, "header JSON nested deeper than 64 levels");
        json header;
        try {
            header = json::parse(text);
        } catch (const json::exception& e) {
            fail(path, std::string("header is not valid JSON: ") + jsonguard::oneLine(e.what()));
        }
        if (!header.is_object())
            fail(path, "header is not a JSON object");

        const std::string fileName = path.filename().string();
        summary.files.push_back(fileName);
        summary.headerBytes = checked::add(summary.headerBytes, 8 + headerLength);
        std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
        for (auto it = header.begin(); it != header.end(); ++it) {
            const std::string& name = it.key();
            const json& t = it.value();
            if (name == "__metadata__") {
                if (!t.is_object())
                    fail(path, "__metadata__ is not an object");
                if (summary.metadata.empty())
                    for (auto m = t.begin(); m != t.end(); ++m)
                        if (m.value().is_string())
                            summary.metadata[m.key()] = m.value().get<std::string>();
                continue;
            }
            const std::string shown = "tensor '" + jsonguard::oneLine(name, 80) + "'";
            if (!t.is_object())
                fail(path, shown + " is not an object");
            const auto dtypeIt = t.find("dtype");
            const auto shapeIt = t.find("shape");
            const auto offIt = t.find("data_offsets");
            if (dtypeIt == t.end() || !dtypeIt->is_string())
                fail(path, shown + " has no dtype");
            if (shapeIt == t.end() || !shapeIt->is_array())
                fail(path, shown + " has no shape");
            if (offIt == t.end() || !offIt->is_array() || offIt->size() != 2)
                fail(path, shown + " has no data_offsets [begin, end]");
            SafetensorsTensor tensor;
            tensor.name = name;
            tensor.file = fileName;
            tensor.dtype = dtypeIt->get<std::string>();
            const std::uint64_t elementSize = SafetensorsReader::dtypeSize(tensor.dtype);
            if (elementSize == 0)
                fail(path, shown + " has an unknown dtype '" + jsonguard::oneLine(tensor.dtype, 20) + "'");
            std::uint64_t elements = 1;
            for (const auto& d : *shapeIt) {
                const std::uint64_t dim = asOffset(d, path, name);
                tensor.shape.push_back(dim);
                const auto e = units::checkedMul(elements, dim);
                if (!e)
                    fail(path, shown + " has a shape whose element count overflows 64 bits");
                elements = *e;
            }
            tensor.elements = elements;
            const std::uint64_t begin = asOffset((*offIt)[0], path, name);
            const std::uint64_t end = asOffset((*offIt)[1], path, name);
            if (begin > end)
                fail(path, shown + " has data_offsets with begin after end");
            if (end > dataSize)
                fail(path,
                    shown + " has data_offsets beyond the data area (" + std::to_string(end) + " > "
                        + std::to_string(dataSize) + " bytes): truncated or lying header");
            tensor.bytes = end - begin;
            const auto expected = units::checkedMul(elements, elementSize);
            if (!expected || *expected != tensor.bytes)
                fail(path,
                    shown + " holds " + std::to_string(tensor.bytes) + " bytes but its shape and dtype need "
                        + (expected ? std::to_string(*expected) : std::string("more than 2^64")));
            if (tensor.bytes > 0)
                ranges.emplace_back(begin, end);

            summary.totalBytes = checked::add(summary.totalBytes, tensor.bytes);
            summary.totalElements = checked::add(summary.totalElements, tensor.elements);
            auto& d = summary.byDtype[tensor.dtype];
            d.tensors += 1;
            d.elements = checked::add(d.elements, tensor.elements);
            d.bytes = checked::add(d.bytes, tensor.bytes);
            auto& m = summary.byModule[moduleOf(name)];
            m.tensors += 1;
            m.elements = checked::add(m.elements, tensor.elements);
            m.bytes = checked::add(m.bytes, tensor.bytes);
            if (const auto suffix = quantizationSuffix(name); !suffix.empty())
                summary.quantizationTensors[suffix] += 1;
            summary.tensors.push_back(std::move(tensor));
        }
        std::sort(ranges.begin(), ranges.end());
        for (std::size_t i = 1; i < ranges.size(); ++i)
            if (ranges[i].first < ranges[i - 1].second)
                fail(path, "two tensors overlap in the data area: lying header");
    }

} // namespace

std::uint64_t SafetensorsReader::dtypeSize(const std::string& dtype)
{
    static const std::pair<const char*, std::uint64_t> sizes[] = {
        { "F64", 8 },
        { "I64", 8 },
        { "U64", 8 },
        { "F32", 4 },
        { "I32", 4 },
        { "U32", 4 },
        { "F16", 2 },
        { "BF16", 2 },
        { "I16", 2 },
        { "U16", 2 },
        { "I8", 1 },
        { "U8", 1 },
        { "BOOL", 1 },
        { "F8_E4M3", 1 },
        { "F8_E5M2", 1 },
        { "F8_E8M0", 1 },
    };
    for (const auto& [name, size] : sizes)
        if (dtype == name)
            return size;
    return 0;
}

SafetensorsSummary SafetensorsReader::readFile(const std::filesystem::path& path)
{
    SafetensorsSummary summary;
    readOne(path, summary);
    return summary;
}

SafetensorsSummary SafetensorsReader::readIndex(const std::filesystem::path& indexPath)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(indexPath, ec);
    if (ec)
        fail(indexPath, "cannot be read: " + ec.message());
    if (size > 64ULL * 1024 * 1024)
        fail(indexPath, "index larger than 64 MiB");
    std::string text;
    if (std::string error; !units::readRegularFile(indexPath.string(), 64ULL * 1024 * 1024, text, error))
        throw InputError(error);
    if (jsonguard::nestingDepth(text) > jsonguard::kMaxDepth)
        fail(indexPath, "JSON nested deeper than 64 levels");
    json index;
    try {
        index = json::parse(text);
    } catch (const json::exception& e) {
        fail(indexPath, std::string("not valid JSON: ") + jsonguard::oneLine(e.what()));
    }
    if (!index.is_object() || !index.contains("weight_map") || !index["weight_map"].is_object())
        fail(indexPath, "no weight_map object: not a safetensors index");
    std::vector<std::string> shards;
    std::set<std::string> seen;
    for (auto it = index["weight_map"].begin(); it != index["weight_map"].end(); ++it) {
        if (!it.value().is_string())
            fail(indexPath, "weight_map values must be shard file names");
        const std::string shard = it.value().get<std::string>();
        // A NUL would end the name where the file is opened: "a.safetensors\0x" would open a.safetensors.
        if (shard.empty() || shard.find('/') != std::string::npos || shard.find('\\') != std::string::npos
            || shard.find('\0') != std::string::npos || shard == "..")
            fail(indexPath, "shard name '" + jsonguard::oneLine(shard, 80) + "' is not a plain file name");
        if (seen.insert(shard).second)
            shards.push_back(shard);
    }
    if (shards.empty())
        fail(indexPath, "weight_map is empty");
    std::sort(shards.begin(), shards.end());
    SafetensorsSummary summary;
    const auto folder = indexPath.parent_path();
    for (const auto& shard : shards)
        readOne(folder / shard, summary);
    // Every tensor the index names must be in the shard it names.
    std::set<std::string> names;
    for (const auto& t : summary.tensors)
        names.insert(t.file + "\n" + t.name);
    for (auto it = index["weight_map"].begin(); it != index["weight_map"].end(); ++it)
        if (!names.count(it.value().get<std::string>() + "\n" + it.key()))
            fail(indexPath, "tensor '" + jsonguard::oneLine(it.key(), 80) + "' is not in the shard the index names");
    return summary;
}

SafetensorsSummary SafetensorsReader::readFolder(const std::filesystem::path& folder)
{
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    std::filesystem::path index;
    // Every call with an error_code: a shard that is a looping symbolic link (ELOOP), or a folder that changes
    // while it is listed, is one line naming it, never a std::filesystem::filesystem_error.
    for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::filesystem::directory_entry& entry = *it;
        const std::string name = entry.path().filename().string();
        if (name.size() > 22 && name.ends_with(".safetensors.index.json")) {
            index = entry.path();
        } else if (name.ends_with(".safetensors")) {
            std::error_code fileEc;
            const bool regular = entry.is_regular_file(fileEc);
            if (fileEc && fileEc != std::errc::no_such_file_or_directory) // a dangling link: not a shard
                fail(entry.path(), "cannot be read: " + fileEc.message());
            if (regular)
                files.push_back(entry.path());
        }
    }
    if (ec)
        fail(folder, "cannot be listed: " + ec.message());
    if (!index.empty())
        return readIndex(index);
    if (files.empty())
        fail(folder, "holds no .safetensors file");
    std::sort(files.begin(), files.end());
    SafetensorsSummary summary;
    for (const auto& f : files)
        readOne(f, summary);
    return summary;
}

SafetensorsSummary SafetensorsReader::read(const std::filesystem::path& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return readFolder(path);
    if (!std::filesystem::exists(path, ec))
        fail(path, "does not exist");
    if (path.extension() == ".json")
        return readIndex(path);
    return readFile(path);
}

} // namespace iteragpu::model
