// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::alloc {

// Who holds an allocation: every tensor a workload allocates is tagged, so a phase's peak allocated splits into
// what each owner held at the peak moment (the ledger, core/report/ledger.h).
enum class Owner : std::uint8_t {
    Weights = 0,
    KvCache = 1,
    Activation = 2, // activations and transient buffers (dequantization buffers, attention scores, inputs)
    Logits = 3,
    Workspace = 4, // library workspaces allocated through the allocator
    OptimizerState = 5,
    Gradient = 6,
    Other = 7,
};
inline constexpr std::size_t kOwnerCount = 8;

// "weights", "kv_cache", "activations", "logits", "workspace", "optimizer_state", "gradients", "other": the JSON
// keys and the CLI's words.
const char* ownerName(Owner owner);
std::optional<Owner> ownerFromName(const std::string& name);

// Allocated bytes per owner (as the allocator counts them: rounded block sizes for the caching allocator,
// requested sizes for the pool), indexed by Owner.
using OwnerBytes = std::array<std::uint64_t, kOwnerCount>;

// The allocator at the moment a phase's allocated peak was reached (the first time it reached it): what each
// owner held then (they add up to allocated), and the reserved memory and its split-block part at that moment.
struct PeakMoment {
    OwnerBytes owners {};
    std::uint64_t allocated = 0;
    std::uint64_t reserved = 0;
    std::optional<std::uint64_t> inactiveSplit; // caching allocator only: free parts of split blocks
    // The sizes the callers asked for, per owner, at that moment (requested_bytes; below `owners` by the
    // rounding to 512 bytes and the rest of a block the caching allocator did not split). nullopt: not known.
    std::optional<OwnerBytes> ownersRequested;
};

} // namespace iteragpu::alloc
