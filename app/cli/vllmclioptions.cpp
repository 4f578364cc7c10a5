// SPDX-License-Identifier: Apache-2.0
#include "app/cli/vllmclioptions.h"

#include "app/cli/optionconventions.h"
#include "core/units/numberparse.h"

#include <cstdint>
#include <utility>

namespace iteragpu::cli {

namespace {

    // A finite decimal above `above` and at most `max` (vLLM: 0 < --gpu-memory-utilization <= 1).
    CLI::Validator decimalAbove(double above, double max)
    {
        return CLI::Validator(
            [above, max](std::string& text) -> std::string {
                std::string error;
                const auto value = units::parseDecimal(text, error, above, max);
                if (!value)
                    return error;
                if (!(*value > above))
                    return "'" + text + "' must be above " + std::to_string(int(above));
                return {};
            },
            "", "decimal");
    }

} // namespace

void VllmCliOptions::addTo(CLI::App& sub, const char* group, bool withDtype)
{
    sub.add_option("--gpu-memory-utilization", gpuMemoryUtilization,
           "vLLM: the share of the card's total memory it may use, above 0 and at most 1 (default 0.9)")
        ->type_name(kDecimalPlaceholder)
        ->check(decimalAbove(0.0, 1.0))
        ->group(group);
    const auto count = [&](const char* name, std::string& target, const std::string& help) {
        sub.add_option(name, target, help)
            ->type_name(kCountPlaceholder)
            ->transform(countText(units::CountRange { 1, UINT64_MAX }))
            ->group(group);
    };
    count("--max-model-len", maxModelLen, "vLLM: tokens per request (default: the model's max_position_embeddings)");
    count("--max-num-seqs", maxNumSeqs,
        "vLLM: sequences per step (default 1024 on a card of 70 GiB or more, not A100; else 256)");
    count("--max-num-batched-tokens", maxNumBatchedTokens,
        "vLLM: tokens per step, the profile run's size (default 8192 on a card of 70 GiB or more, not A100; else "
        "2048)");
    count("--block-size", blockSize, "vLLM: tokens per KV block (default 16)");
    count("--pp,--pipeline-parallel-size", pp, "vLLM: pipeline-parallel degree (default 1)");
    sub.add_option("--kv-cache-dtype", kvCacheDtype, "vLLM: auto (the model's dtype), fp8 (= fp8_e4m3) or fp8_e5m2")
        ->type_name(kFormatPlaceholder)
        ->check(CLI::IsMember({ "auto", "fp8", "fp8_e4m3", "fp8_e5m2" }))
        ->group(group);
    if (withDtype)
        sub.add_option("--dtype", dtype,
               "vLLM: the model's dtype: auto (a 16-bit torch_dtype as it is, else bfloat16), half, float16, "
               "bfloat16, float, float32")
            ->type_name(kFormatPlaceholder)
            ->check(CLI::IsMember({ "auto", "half", "float16", "bfloat16", "float", "float32" }))
            ->group(group);
    sub.add_option("--quantization", quantization,
           "vLLM: fp8 quantizes 16-bit weights at load (default: the checkpoint as stored)")
        ->type_name(kFormatPlaceholder)
        ->check(CLI::IsMember({ "fp8" }))
        ->group(group);
    sub.add_flag("--enforce-eager", enforceEager, "vLLM: no CUDA graphs")->group(group);
}

std::vector<std::string> VllmCliOptions::given(bool withDtype) const
{
    std::vector<std::string> out;
    for (const auto& [name, text] : { std::pair { "--gpu-memory-utilization", &gpuMemoryUtilization },
             std::pair { "--max-model-len", &maxModelLen }, std::pair { "--max-num-seqs", &maxNumSeqs },
             std::pair { "--max-num-batched-tokens", &maxNumBatchedTokens }, std::pair { "--block-size", &blockSize },
             std::pair { "--kv-cache-dtype", &kvCacheDtype }, std::pair { "--dtype", &dtype },
             std::pair { "--quantization", &quantization }, std::pair { "--pp", &pp } }) {
        if (!withDtype && text == &dtype)
            continue;
        if (!text->empty())
            out.push_back(name);
    }
    if (enforceEager)
        out.push_back("--enforce-eager");
    return out;
}

std::optional<engines::VllmOptions::Dtype> VllmCliOptions::dtypeFromName(const std::string& name)
{
    using D = engines::VllmOptions::Dtype;
    if (name == "auto")
        return D::Auto;
    if (name == "half" || name == "float16")
        return D::Float16;
    if (name == "bfloat16")
        return D::BFloat16;
    if (name == "float" || name == "float32")
        return D::Float32;
    return std::nullopt;
}

const char* VllmCliOptions::dtypeNames() { return "auto, half, float16, bfloat16, float, float32"; }

engines::VllmOptions VllmCliOptions::options(
    const std::string& tp, const std::string& dtypeText, const std::string& cardName) const
{
    engines::VllmOptions v;
    if (!gpuMemoryUtilization.empty())
        v.gpuMemoryUtilization = std::stod(gpuMemoryUtilization);
    const auto count = [](const std::string& option, const std::string& text) {
        return countOf(option, text, units::CountRange { 1, UINT64_MAX });
    };
    if (!maxModelLen.empty())
        v.maxModelLen = count("--max-model-len", maxModelLen);
    if (!maxNumSeqs.empty())
        v.maxNumSeqs = count("--max-num-seqs", maxNumSeqs);
    if (!maxNumBatchedTokens.empty())
        v.maxNumBatchedTokens = count("--max-num-batched-tokens", maxNumBatchedTokens);
    if (!blockSize.empty())
        v.blockSize = count("--block-size", blockSize);
    if (kvCacheDtype == "fp8" || kvCacheDtype == "fp8_e4m3")
        v.kvCacheDtype = engines::VllmOptions::KvCacheDtype::Fp8E4M3;
    else if (kvCacheDtype == "fp8_e5m2")
        v.kvCacheDtype = engines::VllmOptions::KvCacheDtype::Fp8E5M2;
    v.dtype = dtypeFromName(dtypeText).value_or(engines::VllmOptions::Dtype::Auto);
    v.enforceEager = enforceEager;
    v.quantization = quantization;
    if (!tp.empty())
        v.tensorParallel = count("--tp", tp);
    if (!pp.empty())
        v.pipelineParallel = count("--pp", pp);
    v.cardName = cardName;
    return v;
}

} // namespace iteragpu::cli
