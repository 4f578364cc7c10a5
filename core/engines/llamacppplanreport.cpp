// SPDX-License-Identifier: Apache-2.0
#include "core/engines/llamacppplanreport.h"

#include "core/units/printable.h"
#include "core/units/units.h"

#include <cstdio>

namespace iteragpu::engines {

namespace {

    // llama.cpp's own format: "%.2f MiB" (LLAMA_LOG_INFO "%s: %10s ... buffer size = %8.2f MiB").
    std::string mib(std::uint64_t bytes)
    {
        char text[48];
        std::snprintf(text, sizeof text, "%.2f MiB", double(bytes) / double(units::kMiB));
        return text;
    }

    std::string deviceName(std::size_t i) { return "CUDA" + std::to_string(i); }

    nlohmann::json optionalBytes(const std::optional<std::uint64_t>& v)
    {
        return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
    }

} // namespace

LlamaCppPlanReport::Fit LlamaCppPlanReport::fit(const LlamaCppPlan& p, std::uint64_t capacity)
{
    std::string unknown;
    std::size_t unknownDevice = 0;
    std::uint64_t unknownBytes = 0;
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
        const auto& d = p.devices[i];
        // Each figure is far below 2^62 (a plan's buffers are sums of tensor sizes checked in the planner).
        const std::uint64_t known = d.modelBufferBytes + d.kvBufferBytes + d.computeBufferBytes.value_or(0);
        if (known > capacity)
            return { false,
                deviceName(i) + ": model + KV " + (d.computeBufferBytes ? "+ compute buffers " : "buffers ")
                    + mib(known) + " exceed the device's " + mib(capacity) + " (cudaMalloc failed: out of memory)",
                i, known };
        if (!d.computeBufferBytes && unknown.empty()) {
            unknown = deviceName(i) + ": model + KV buffers " + mib(known) + " of the device's " + mib(capacity)
                + "; its compute buffer is not modelled, so whether it fits is not known";
            unknownDevice = i;
            unknownBytes = known;
        }
    }
    if (!unknown.empty())
        return { std::nullopt, unknown, unknownDevice, unknownBytes };
    return {};
}

nlohmann::json LlamaCppPlanReport::toJson(const LlamaCppPlan& p, const LlamaCppOptions& o, std::uint64_t capacity)
{
    const Fit f = fit(p, capacity);
    // starts: false when llama.cpp refuses or a device does not fit; unknown (null) when the fit is.
    const std::optional<bool> starts = !p.starts ? std::optional<bool>(false) : f.fits;
    const std::string reason = !p.starts ? p.reason : f.reason;
    const auto tristate = [](const std::optional<bool>& b) { return b ? nlohmann::json(*b) : nlohmann::json(nullptr); };
    nlohmann::json devices = nlohmann::json::array(), model = nlohmann::json::array(), kv = nlohmann::json::array(),
                   compute = nlohmann::json::array();
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
        const auto& d = p.devices[i];
        devices.push_back({ { "name", deviceName(i) }, { "layers", d.layers }, { "output_layer", d.outputLayer } });
        model.push_back(d.modelBufferBytes);
        kv.push_back(d.kvBufferBytes);
        compute.push_back(optionalBytes(d.computeBufferBytes));
    }
    nlohmann::json split = nlohmann::json::array();
    for (double s : o.tensorSplit)
        split.push_back(s);
    nlohmann::json assumptions = nlohmann::json::array();
    for (const auto& a : p.assumptions)
        assumptions.push_back(a);
    return {
        { "name", "llama.cpp" },
        { "version", p.version },
        { "starts", tristate(starts) },
        { "fits", tristate(f.fits) },
        { "reason", reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(reason) },
        { "device_capacity_bytes", capacity },
        { "devices", devices },
        { "model_buffer_bytes", model },
        { "kv_buffer_bytes", kv },
        { "compute_buffer_bytes", compute },
        { "host_buffer_bytes",
            { { "model", p.hostModelBufferBytes }, { "kv", p.hostKvBufferBytes },
                { "compute", optionalBytes(p.hostComputeBufferBytes) },
                { "total", optionalBytes(p.hostBufferBytes) } } },
        { "kv_self_bytes", p.kvBufferBytes() },
        { "k_bytes", p.kBytes },
        { "v_bytes", p.vBytes },
        { "n_gpu_layers", p.gpuLayers },
        { "n_ctx", p.nCtx },
        { "n_ctx_seq", p.nCtxSeq },
        { "kv_cells", p.kvCells },
        { "swa_cells", optionalBytes(p.swaCells) },
        { "n_batch", p.nBatch },
        { "n_ubatch", p.nUbatch },
        { "n_seq_max", o.parallel },
        { "kv_unified", o.kvUnified },
        { "swa_full", o.swaFull },
        { "flash_attn", p.flashAttention },
        { "cache_type_k", LlamaCppOptions::cacheTypeName(o.cacheTypeK) },
        { "cache_type_v", LlamaCppOptions::cacheTypeName(o.cacheTypeV) },
        { "tensor_split", split },
        { "assumptions", assumptions },
    };
}

std::string LlamaCppPlanReport::toText(const LlamaCppPlan& p, const LlamaCppOptions& o, std::uint64_t capacity)
{
    const Fit f = fit(p, capacity);
    std::string t = "llama.cpp plan (" + p.version + "), " + std::to_string(p.devices.size()) + " device"
        + (p.devices.size() == 1 ? "" : "s") + " of " + mib(capacity) + ", -ngl " + std::to_string(p.gpuLayers)
        + ", n_ctx " + std::to_string(p.nCtx) + ", n_seq_max " + std::to_string(o.parallel) + ", n_batch "
        + std::to_string(p.nBatch) + ", n_ubatch " + std::to_string(p.nUbatch) + ", flash_attn "
        + (p.flashAttention ? "on" : "off") + ":\n";
    t += "  CPU_Mapped model buffer size = " + mib(p.hostModelBufferBytes) + "\n";
    for (std::size_t i = 0; i < p.devices.size(); ++i)
        t += "  " + deviceName(i) + " model buffer size = " + mib(p.devices[i].modelBufferBytes) + " ("
            + std::to_string(p.devices[i].layers) + " layers" + (p.devices[i].outputLayer ? " and the output" : "")
            + ")\n";
    if (p.hostKvBufferBytes)
        t += "  CPU KV buffer size = " + mib(p.hostKvBufferBytes) + "\n";
    for (std::size_t i = 0; i < p.devices.size(); ++i)
        t += "  " + deviceName(i) + " KV buffer size = " + mib(p.devices[i].kvBufferBytes) + "\n";
    t += "  KV self size = " + mib(p.kvBufferBytes()) + ", K (" + LlamaCppOptions::cacheTypeName(o.cacheTypeK) + "): " + mib(p.kBytes)
        + ", V (" + LlamaCppOptions::cacheTypeName(o.cacheTypeV) + "): " + mib(p.vBytes) + "\n";
    for (std::size_t i = 0; i < p.devices.size(); ++i)
        t += "  " + deviceName(i) + " compute buffer size = "
            + (p.devices[i].computeBufferBytes ? mib(*p.devices[i].computeBufferBytes) : std::string("not modelled"))
            + "\n";
    t += "  CUDA_Host compute buffer size = "
        + (p.hostComputeBufferBytes ? mib(*p.hostComputeBufferBytes) : std::string("not modelled")) + "\n";
    if (!p.starts)
        t += "  starts: no: " + units::printable(p.reason, units::kTextBytes) + "\n";
    else if (!f.fits)
        t += "  starts: not known: " + f.reason + "\n";
    else if (!*f.fits)
        t += "  starts: no: " + f.reason + "\n";
    else
        t += "  starts: yes (every device's buffers fit its " + mib(capacity) + ")\n";
    t += "  assumptions:\n";
    for (const auto& a : p.assumptions)
        t += "    - " + a + "\n";
    return t;
}

} // namespace iteragpu::engines
