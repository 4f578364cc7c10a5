// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/vllmoptions.h"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::cli {

// vLLM's options as `vllm serve` spells them, the one place `estimate --engine vllm` and `measure --engine vllm`
// take them from: their names, help, checks (exit 64 at parse time) and the VllmOptions they make. Kept as text;
// empty: not given (the release's default, VllmPlanner's).
class VllmCliOptions {
public:
    std::string gpuMemoryUtilization, maxModelLen, maxNumSeqs, maxNumBatchedTokens, blockSize, kvCacheDtype;
    std::string dtype, quantization, pp;
    bool enforceEager = false;

    // Adds the options to `sub` in `group`. withDtype false: the command has its own --dtype (measure), whose text
    // is given to options() with --engine vllm.
    void addTo(CLI::App& sub, const char* group, bool withDtype);
    // The options given, by name (for the refusal without --engine vllm); dtype counted when withDtype.
    std::vector<std::string> given(bool withDtype = true) const;
    // The options as VllmOptions; every number was checked by its validator at parse time. tp: the text of --tp
    // (empty: 1); dtypeText: vLLM's --dtype spelling (auto, half, float16, bfloat16, float, float32).
    engines::VllmOptions options(
        const std::string& tp, const std::string& dtypeText, const std::string& cardName) const;
    // vLLM's --dtype names; nullopt for another spelling.
    static std::optional<engines::VllmOptions::Dtype> dtypeFromName(const std::string& name);
    static const char* dtypeNames(); // "auto, half, float16, bfloat16, float, float32"
};

} // namespace iteragpu::cli
