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

    i18n::Message refusal(const char* source, std::vector<i18n::Arg> args = {})
    {
        return { source, std::move(args), i18n::kRunRefusalContext };
    }

    // The simulated card of a catalog card (simCardOf), or nullopt with why it cannot pace a run in computeDType.
    std::optional<sim::SimCard> paceCard(
        const sizing::GpuCard& card, device::DType computeDType, std::optional<i18n::Message>& why)
    {
        if (!card.memoryBandwidth) {
            if (card.paceSource.empty())
                //: %1 is the card's name, %2 its catalog id
                why = refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the catalog has no memory bandwidth for %1 (%2)"),
                    { card.name, card.id });
            else
                //: %1 is the card's name, %2 its catalog id, %3 the catalog's note on its figures (in English)
                why = refusal(
                    ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the catalog has no memory bandwidth for %1 (%2): %3"),
                    { card.name, card.id, card.paceSource });
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
            //: %1 is a data type (fp32, fp16, bf16), %2 the card's name, %3 its catalog id
            why = refusal(ITERAGPU_TRANSLATE_NOOP(
                              "RunRefusal", "the catalog has no peak %1 FLOP/s for %2 (%3), the run's compute dtype"),
                { catalogDtypeName(computeDType), card.name, card.id });
            return std::nullopt;
        }
        why.reset();
        return out;
    }

    // The ids of the cards that can pace a run in `dtype`, for the error that names an unknown one.
    i18n::Arg paceableIds(const sizing::DeviceCatalog& catalog, device::DType dtype)
    {
        std::string ids;
        for (const auto& card : catalog.cards()) {
            std::optional<i18n::Message> why;
            if (paceCard(card, dtype, why))
                ids += (ids.empty() ? "" : ", ") + card.id;
        }
        if (ids.empty())
            return i18n::Term { i18n::kRunRefusalContext, ITERAGPU_TRANSLATE_NOOP("RunRefusal", "none") };
        return ids;
    }

    PreparedRun prepare(
        device::BackendRegistry& registry, const RunConfig& config, const sizing::DeviceCatalog* catalog);

} // namespace

std::optional<sim::SimCard> simCardOf(const sizing::GpuCard& card, device::DType computeDType, std::string& why)
{
    std::optional<i18n::Message> refused;
    auto out = paceCard(card, computeDType, refused);
    why = refused ? refused->english() : std::string();
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
    auto fail = [&out](PreparedRun::Failure failure, i18n::Message reason) {
        out.failure = failure;
        out.error = reason.english();
        out.reason = std::move(reason);
        return out;
    };
    // vLLM's rehearsal is held whole only once its plan is made on the device (below).
    if (auto invalid = refusalBeforePlan(config))
        return fail(PreparedRun::Failure::InvalidConfig, std::move(*invalid));
    std::string idError;
    const auto id = device::parseDeviceId(config.deviceId, idError);
    if (!id)
        return fail(PreparedRun::Failure::InvalidDeviceId,
            device::deviceIdRefusal(config.deviceId).value_or(i18n::Message::verbatim(idError)));
    device::Backend* backend = registry.backend(id->backend);
    if (!backend) {
        i18n::Arg why = i18n::Term { i18n::kRunRefusalContext, ITERAGPU_TRANSLATE_NOOP("RunRefusal", "not loaded") };
        for (const auto& st : registry.statuses())
            if (st.name == id->backend && !st.error.empty())
                why = st.error; // the loader's or the runtime's own text
        //: %1 is a backend's name (cuda, hip, sim), %2 why (the loader's text, or "not loaded")
        return fail(PreparedRun::Failure::BackendUnavailable,
            refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 backend unavailable: %2"), { id->backend, why }));
    }
    if (config.simCapacityBytes && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable,
            refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "a simulated capacity applies to sim:N devices only")));
    if ((config.simContextBytes || config.simWorkspaceBytes) && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable,
            refusal(ITERAGPU_TRANSLATE_NOOP(
                "RunRefusal", "a simulated context or workspace applies to sim:N devices only")));
    if (!config.simCard.empty() && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable,
            refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "a simulated card applies to sim:N devices only")));
    const int count = backend->deviceCount();
    if (id->index >= count) {
        const std::string lastError = count == 0 ? backend->lastError() : std::string();
        //: %1 is the number of devices the backend has
        const i18n::Arg reason = count > 0
            ? i18n::Arg::nested(refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 device(s) present"), { count }))
            : !lastError.empty()
            ? i18n::Arg(lastError) // the runtime's own text
            : i18n::Arg(i18n::Term { i18n::kRunRefusalContext, ITERAGPU_TRANSLATE_NOOP("RunRefusal", "no device") });
        //: %1 is a device id such as cuda:1, %2 why there is none (a number of devices present, or the runtime's text)
        return fail(PreparedRun::Failure::NoSuchDevice,
            refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "no device %1: %2"), { config.deviceId, reason }));
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
                    //: %1 is the reason the catalog file cannot be read (in English)
                    return fail(PreparedRun::Failure::InvalidConfig,
                        refusal(ITERAGPU_TRANSLATE_NOOP(
                                    "RunRefusal", "the GPU catalog cannot be read for the simulated card: %1"),
                            { std::string(e.what()) }));
                }
                catalog = &*loaded;
            }
            const device::DType dtype = config.workload == WorkloadKind::Decoder ? decoderComputeDType(config)
                                                                                : config.dtype;
            const sizing::GpuCard* card = catalog->find(config.simCard);
            if (!card)
                //: %1 is the card named, %2 the catalog's file, %3 the ids of the cards that can (or "none")
                return fail(PreparedRun::Failure::OptionNotApplicable,
                    refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                "unknown simulated card '%1': the GPU catalog (%2) has no such id or name; cards that "
                                "can pace this run: %3"),
                        { config.simCard, catalog->source(), paceableIds(*catalog, dtype) }));
            std::optional<i18n::Message> why;
            options.card = paceCard(*card, dtype, why);
            if (!options.card)
                //: %1 is the card named, %2 why (a sentence of its own), %3 the ids of the cards that can (or "none")
                return fail(PreparedRun::Failure::OptionNotApplicable,
                    refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                "simulated card '%1' cannot keep a pace: %2; cards that can pace this run: %3"),
                        { config.simCard, i18n::Arg::nested(why.value_or(i18n::Message {})),
                            paceableIds(*catalog, dtype) }));
            options.capacityBytes = options.card->capacityBytes;
        }
        if (config.simCapacityBytes)
            options.capacityBytes = *config.simCapacityBytes; // the override wins over the card's capacity
        // Outside the allocator (sim::kDefaultSimContextBytes: assumed sizes, named so wherever they show).
        options.contextBytes = config.simContextBytes.value_or(sim::kDefaultSimContextBytes);
        options.workspaceBytes = config.simWorkspaceBytes.value_or(sim::kDefaultSimWorkspaceBytes);
        if (auto invalid = sim::simOptionsRefusal(options))
            return fail(PreparedRun::Failure::InvalidConfig, std::move(*invalid));
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
                //: %1 a device id such as cuda:0
                refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                            "vLLM's plan needs the device's total memory, which %1 does not report"),
                    { config.deviceId }));
        // vLLM's defaults read the device's name as torch reports it ("a100" in it keeps the smaller ones).
        out.config.vllm->options.cardName = out.device->name;
        try {
            planVllmRun(out.config, out.device->totalBytes);
        } catch (const units::InputError& e) {
            // the planner's own line, as it says it (English)
            return fail(PreparedRun::Failure::InvalidConfig,
                i18n::Message::verbatim(units::printable(e.what(), units::kTextBytes)));
        }
        if (auto invalid = configRefusal(out.config))
            return fail(PreparedRun::Failure::InvalidConfig, std::move(*invalid));
    }
    return out;
}

} // namespace

} // namespace iteragpu::protocol
