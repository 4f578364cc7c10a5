// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstdint>
#include <optional>
#include <string>

// Plain-text lines of a measurement for the terminal: bytes with their unit, GiB labelled, and "simulated" in
// words on everything measured on sim:N.
namespace iteragpu::report {

std::string bytesText(const std::optional<std::uint64_t>& bytes); // "50 348 032 B (48.02 MiB)", "14 000 000 000 B (13.04 GiB)" or "n/a"
std::string runHeader(const protocol::RunResult& result); // device, mode, shape, allocator; simulated in words
std::string phaseSummary(const protocol::PhaseResult& phase, std::size_t phaseCount, bool simulated);
std::string runFooter(const protocol::RunResult& result);

} // namespace iteragpu::report
