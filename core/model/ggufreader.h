// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/ggufsummary.h"
#include "core/model/modelshape.h"

#include <cstdint>
#include <filesystem>
#include <istream>
#include <string>

namespace iteragpu::model {

// Reads the header of a GGUF file (llama.cpp's format, docs/gguf.md of ggml), versions 2 and 3, little- or
// big-endian (told by the version field), never tensor data:
//   "GGUF", u32 version, u64 tensor count, u64 metadata count, the key/values (every type, arrays nested up to
//   kMaxArrayDepth), the tensor infos (name, dims, ggml type, offset), padding to general.alignment (default 32),
//   then the data section.
// Checks, each a units::InputError of one line naming the file: the magic; the version; every count, string
// and array length bounded by the bytes left in the file and by the limits below, before anything is allocated;
// keys printable ASCII, unique; bool 0 or 1; general.alignment a uint32 power of two; tensor names at most 64
// bytes, unique; at most 4 dims; a known ggml type; the row a whole number of blocks; offsets aligned; every
// tensor inside the file; no two tensors overlapping; element and byte counts within 64 bits.
class GgufReader {
public:
    static constexpr std::uint64_t kMaxTensors = 1ULL << 20;
    static constexpr std::uint64_t kMaxMetadata = 1ULL << 20; // key/value pairs
    static constexpr std::uint64_t kMaxKeyBytes = 65535; // the format's own limit
    static constexpr std::uint64_t kMaxStringBytes = 64ULL * 1024 * 1024; // one string value
    static constexpr std::uint64_t kMaxTensorNameBytes = 64; // the format's own limit
    static constexpr std::uint64_t kMaxHeaderBytes = 1ULL << 30; // all the header holds, read or skipped
    static constexpr std::uint64_t kMaxKeptArrayItems = 4096; // items of an array kept in GgufValue
    static constexpr std::uint64_t kMaxKeptBytes = 256ULL * 1024 * 1024; // values held in memory in all
    static constexpr int kMaxArrayDepth = 8;

    static GgufSummary readFile(const std::filesystem::path& path);
    // The header from a stream of `size` bytes in all (a file's size: the tensors are checked against it).
    static GgufSummary parse(std::istream& in, std::uint64_t size, const std::string& source);

    // The model's shape from the `<general.architecture>.*` keys: block_count, embedding_length,
    // feed_forward_length (expert_feed_forward_length for MoE), attention.head_count, attention.head_count_kv,
    // attention.key_length, context_length (the trained context), vocab_size (else the tokenizer's token count,
    // else token_embd's rows), rope.freq_base, attention.layer_norm_rms_epsilon, expert_count,
    // expert_used_count, attention.sliding_window; tied embeddings when there is no output.weight, biases when
    // blk.0 has them. Throws units::InputError naming the missing key.
    static ModelShape shape(const GgufSummary& summary, const std::string& source);
};

} // namespace iteragpu::model
