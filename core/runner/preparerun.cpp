// SPDX-License-Identifier: Apache-2.0
#include "core/runner/preparerun.h"

#include "core/protocol/vllmrun.h"
#include "core/units/inputerror.h"
#include "core/units/printable.h"

namespace iteragpu::protocol {

namespace {

    const char* catalogDtypeName(device::DType dtype)
    {
        switch (dtype) {
        case device::DType::Float32:
            return "fp32";
        case device::DType::Float16:
            return "fp16";
        case device::DType::BFloat16:
            return "bf16";
        }
        return "?";
    }

    // The ids of the cards that can pace a run in `dtype`, for the error that names an unknown one.
    std::string paceableIds(const sizing::DeviceCatalog& catalog, device::DType dtype)
    {
        std::string ids;
        for (const auto& card : catalog.cards()) {
            std::string why;
            if (simCardOf(card, dtype, why))
                ids += (ids.empty() ? "" : ", ") + card.id;
        }
        return ids.empty() ? std::string("none") : ids;
    }

    PreparedRun prepare(
        device::BackendRegistry& registry, const RunConfig& config, const sizing::DeviceCatalog* catalog);

} // namespace

std::optional<sim::SimCard> simCardOf(const sizing::GpuCard& card, device::DType computeDType, std::string& why)
{
    if (!card.memoryBandwidth) {
        why = "the catalog has no memory bandwidth for " + card.name + " (" + card.id + ")"
            + (card.paceSource.empty() ? std::string() : ": " + card.paceSource);
        return std::nullopt;
    }
    sim::SimCard out;
    out.name = card.name;
    out.capacityBytes = card.capacityBytes();
    out.peakFp32Flops = card.peakFp32Flops;
    out.peakFp16Flops = card.peakFp16Flops;
    out.peakBf16Flops = card.peakBf16Flops;
    out.memoryBandwidth = *card.memoryBandwidth;
    if (!out.peakFlops(computeDType)) {
        why = "the catalog has no peak " + std::string(catalogDtypeName(computeDType)) + " FLOP/s for " + card.name
            + " (" + card.id + "), the run's compute dtype";
        return std::nullopt;
    }
    why.clear();
    return out;
}

PreparedRun prepareRun(device::BackendRegistry& registry, const RunConfig& config)
{
    return prepare(registry, config, nullptr);
}

PreparedRun prepareRun(device::BackendRegistry& registry, const RunConfig& config, const sizing::DeviceCatalog& catalog)
{
    return prepare(registry, config, &catalog);
}

namespace {

PreparedRun prepare(device::BackendRegistry& registry, const RunConfig& config, const sizing::DeviceCatalog* catalog)
{
    PreparedRun out;
    auto fail = [&out](PreparedRun::Failure failure, std::string error) {
        out.failure = failure;
        out.error = std::move(error);
        return out;
    };
    // vLLM's rehearsal is held whole only once its plan is made on the device (below).
    if (std::string invalid = validateBeforePlan(config); !invalid.empty())
        return fail(PreparedRun::Failure::InvalidConfig, std::move(invalid));
    std::string idError;
    const auto id = device::parseDeviceId(config.deviceId, idError);
    if (!id)
        return fail(PreparedRun::Failure::InvalidDeviceId, idError);
    device::Backend* backend = registry.backend(id->backend);
    if (!backend) {
        std::string why = "not loaded";
        for (const auto& st : registry.statuses())
            if (st.name == id->backend && !st.error.empty())
                why = st.error;
        return fail(PreparedRun::Failure::BackendUnavailable, id->backend + " backend unavailable: " + why);
    }
    if (config.simCapacityBytes && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable, "a simulated capacity applies to sim:N devices only");
    if ((config.simContextBytes || config.simWorkspaceBytes) && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable,
            "a simulated context or workspace applies to sim:N devices only");
    if (!config.simCard.empty() && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable, "a simulated card applies to sim:N devices only");
    const int count = backend->deviceCount();
    if (id->index >= count) {
        const std::string reason
            = count == 0 ? backend->lastError() : std::to_string(count) + " device(s) present";
        return fail(PreparedRun::Failure::NoSuchDevice,
            "no device " + config.deviceId + ": " + (reason.empty() ? std::string("no device") : reason));
    }
    out.backend.name = id->backend;
    out.backend.runtimeDescription = backend->runtimeDescription();
    out.backend.simulated = backend->simulated();
    const int index = id->index;
    out.device = backend->deviceInfo(index);
    if (backend->simulated()) {
        sim::SimBackend* simBackend = registry.simBackend();
        sim::SimOptions options = simBackend->options();
        // The run's card and pace come from its configuration, never from what an earlier run left.
        options.card.reset();
        options.speed = config.simSpeed;
        if (!config.simCard.empty()) {
            std::optional<sizing::DeviceCatalog> loaded;
            if (!catalog) {
                try {
                    loaded = sizing::DeviceCatalog::loadDefault();
                } catch (const units::InputError& e) {
                    return fail(PreparedRun::Failure::InvalidConfig,
                        std::string("the GPU catalog cannot be read for the simulated card: ") + e.what());
                }
                catalog = &*loaded;
            }
            const device::DType dtype = config.workload == WorkloadKind::Decoder ? decoderComputeDType(config)
                                                                                : config.dtype;
            const sizing::GpuCard* card = catalog->find(config.simCard);
            if (!card)
                return fail(PreparedRun::Failure::OptionNotApplicable,
                    "unknown simulated card '" + config.simCard + "': the GPU catalog (" + catalog->source()
                        + ") has no such id or name; cards that can pace this run: " + paceableIds(*catalog, dtype));
            std::string why;
            options.card = simCardOf(*card, dtype, why);
            if (!options.card)
                return fail(PreparedRun::Failure::OptionNotApplicable,
                    "simulated card '" + config.simCard + "' cannot keep a pace: " + why
                        + "; cards that can pace this run: " + paceableIds(*catalog, dtype));
            options.capacityBytes = options.card->capacityBytes;
        }
        if (config.simCapacityBytes)
            options.capacityBytes = *config.simCapacityBytes; // the override wins over the card's capacity
        // Outside the allocator (sim::kDefaultSimContextBytes: assumed sizes, named so wherever they show).
        options.contextBytes = config.simContextBytes.value_or(sim::kDefaultSimContextBytes);
        options.workspaceBytes = config.simWorkspaceBytes.value_or(sim::kDefaultSimWorkspaceBytes);
        if (std::string invalid = sim::validateSimOptions(options); !invalid.empty())
            return fail(PreparedRun::Failure::InvalidConfig, std::move(invalid));
        out.device = simBackend->deviceInfo(index, options);
        out.backend.runtimeDescription = simBackend->runtimeDescription(options);
        out.factory = [simBackend, index, options](device::Status& status) {
            return simBackend->open(index, options, status);
        };
    } else {
        out.factory = [backend, index](device::Status& status) { return backend->open(index, status); };
    }
    out.config = config;
    if (out.config.vllm && !out.config.vllm->planned) { // Note [vLLM rehearsal]
        if (!out.device || out.device->totalBytes == 0)
            return fail(PreparedRun::Failure::NoDeviceTotal,
                "vLLM's plan needs the device's total memory, which " + config.deviceId + " does not report");
        // vLLM's defaults read the device's name as torch reports it ("a100" in it keeps the smaller ones).
        out.config.vllm->options.cardName = out.device->name;
        try {
            planVllmRun(out.config, out.device->totalBytes);
        } catch (const units::InputError& e) {
            return fail(PreparedRun::Failure::InvalidConfig, units::printable(e.what(), units::kTextBytes));
        }
        if (std::string invalid = validateConfig(out.config); !invalid.empty())
            return fail(PreparedRun::Failure::InvalidConfig, std::move(invalid));
    }
    return out;
}

} // namespace

} // namespace iteragpu::protocol
