// SPDX-License-Identifier: Apache-2.0
#include "core/registry/backendregistry.h"

#include "core/buildinfo/buildtree.h"
#include "core/units/printable.h"

#include "core/sim/simbackend.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

#ifndef ITERAGPU_BUILT_BACKENDS
#define ITERAGPU_BUILT_BACKENDS ""
#endif

namespace iteragpu::device {

namespace fs = std::filesystem;

struct BackendRegistry::Module {
    std::string name;
    void* handle = nullptr;
    std::unique_ptr<Backend> backend;

    ~Module()
    {
        // The backend's code lives in the module: destroy it before unloading.
        backend.reset();
        if (handle)
            dlclose(handle);
    }
};

std::optional<i18n::Message> deviceIdRefusal(const std::string& id)
{
    const auto colon = id.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 >= id.size())
        //: %1 is the device id given
        return i18n::Message { ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "invalid device id '%1': expected BACKEND:INDEX such as cuda:0, hip:0 or sim:0"),
            { id }, i18n::kRunRefusalContext };
    const std::string backend = id.substr(0, colon);
    if (backend != "cuda" && backend != "hip" && backend != "sim")
        //: %1 is the backend named, %2 the device id given
        return i18n::Message { ITERAGPU_TRANSLATE_NOOP(
                                   "RunRefusal", "unknown device backend '%1' in '%2': use cuda, hip or sim"),
            { backend, id }, i18n::kRunRefusalContext };
    const std::string digits = id.substr(colon + 1);
    if (digits.size() > 4 || digits.find_first_not_of("0123456789") != std::string::npos)
        //: %1 is the device id given
        return i18n::Message { ITERAGPU_TRANSLATE_NOOP("RunRefusal", "invalid device index in '%1'"), { id },
            i18n::kRunRefusalContext };
    return std::nullopt;
}

std::optional<DeviceId> parseDeviceId(const std::string& id, std::string& error)
{
    if (const auto why = deviceIdRefusal(id)) {
        error = why->english();
        return std::nullopt;
    }
    const auto colon = id.find(':');
    DeviceId out;
    out.backend = id.substr(0, colon);
    out.index = std::stoi(id.substr(colon + 1));
    return out;
}

BackendRegistry::BackendRegistry()
    : m_sim(sim::makeSimBackend())
{
}

BackendRegistry::~BackendRegistry() = default;

std::vector<std::string> BackendRegistry::builtModules()
{
    std::vector<std::string> out;
    std::stringstream ss(ITERAGPU_BUILT_BACKENDS);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::vector<std::string> BackendRegistry::moduleSearchPath()
{
    std::vector<std::string> dirs;
    if (const char* env = std::getenv("ITERAGPU_MODULE_DIR"); env && *env)
        dirs.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        dirs.push_back((exe.parent_path() / "../lib/iteragpu").lexically_normal().string());
        dirs.push_back((exe.parent_path() / "../lib/x86_64-linux-gnu/iteragpu").lexically_normal().string());
    }
    // The build tree's modules only for a program run from that build tree (core/buildinfo/buildtree.h).
    if (buildinfo::runsFromBuildTree())
        dirs.emplace_back(ITERAGPU_BUILD_MODULE_DIR);
    dirs.emplace_back(ITERAGPU_INSTALL_MODULE_DIR);
    return dirs;
}

const std::vector<BackendStatus>& BackendRegistry::load() { return loadOnly({ "cuda", "hip" }); }

const std::vector<BackendStatus>& BackendRegistry::loadFor(const std::string& deviceId)
{
    std::string error;
    const auto id = parseDeviceId(deviceId, error);
    if (id && id->backend == "sim")
        return loadOnly({});
    if (id && (id->backend == "cuda" || id->backend == "hip"))
        return loadOnly({ id->backend });
    return load(); // an unknown id: everything, so the error can list what there is
}

const std::vector<BackendStatus>& BackendRegistry::loadOnly(const std::vector<std::string>& wanted)
{
    m_modules.clear();
    m_statuses.clear();
    const auto built = builtModules();
    for (const std::string name : { "cuda", "hip" }) {
        BackendStatus st;
        st.name = name;
        st.built = std::find(built.begin(), built.end(), name) != built.end();
        if (std::find(wanted.begin(), wanted.end(), name) == wanted.end()) {
            st.error = "not loaded: this run does not use it";
            m_statuses.push_back(std::move(st));
            continue;
        }
        const std::string file = "libiteragpu_backend_" + std::string(name) + ".so";
        std::string firstError;
        for (const auto& dir : moduleSearchPath()) {
            const fs::path candidate = fs::path(dir) / file;
            std::error_code existsError;
            if (!fs::exists(candidate, existsError))
                continue;
            st.modulePath = candidate.string();
            void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (!handle) {
                const char* e = dlerror();
                st.error = e ? e : "dlopen failed";
                break;
            }
            auto create = reinterpret_cast<IteraGpuBackendCreateFn>(dlsym(handle, ITERAGPU_BACKEND_CREATE_SYMBOL));
            if (!create) {
                st.error = candidate.string() + ": no entry point " ITERAGPU_BACKEND_CREATE_SYMBOL;
                dlclose(handle);
                break;
            }
            Backend* raw = create(kBackendAbiVersion);
            if (!raw) {
                st.error = candidate.string() + ": built for another interface version";
                dlclose(handle);
                break;
            }
            auto module = std::make_unique<Module>();
            module->name = name;
            module->handle = handle;
            module->backend.reset(raw);
            st.loaded = true;
            st.deviceCount = module->backend->deviceCount();
            if (st.deviceCount == 0)
                st.error = module->backend->lastError();
            m_modules.push_back(std::move(module));
            break;
        }
        if (st.modulePath.empty() && st.built) {
            std::string looked;
            for (const auto& dir : moduleSearchPath())
                looked += (looked.empty() ? "" : ", ") + units::printable(dir);
            st.error = file + " not found (looked in: " + looked + "; set ITERAGPU_MODULE_DIR)";
        } else if (st.modulePath.empty()) {
            st.error = "not built in this build";
        }
        m_statuses.push_back(std::move(st));
    }
    BackendStatus simStatus;
    simStatus.name = "sim";
    simStatus.built = true;
    simStatus.loaded = true;
    simStatus.deviceCount = m_sim->deviceCount();
    m_statuses.push_back(std::move(simStatus));
    return m_statuses;
}

Backend* BackendRegistry::backend(const std::string& name) const
{
    if (name == "sim")
        return m_sim.get();
    for (const auto& m : m_modules)
        if (m->name == name)
            return m->backend.get();
    return nullptr;
}

sim::SimBackend* BackendRegistry::simBackend() const { return m_sim.get(); }

std::unique_ptr<DeviceContext> BackendRegistry::open(const std::string& deviceId, Status& status)
{
    std::string error;
    const auto id = parseDeviceId(deviceId, error);
    if (!id) {
        status = Status::error(error);
        return nullptr;
    }
    if (m_statuses.empty())
        load();
    Backend* b = backend(id->backend);
    if (!b) {
        std::string why = "backend not loaded";
        for (const auto& st : m_statuses)
            if (st.name == id->backend && !st.error.empty())
                why = st.error;
        status = Status::error(id->backend + " backend unavailable: " + why);
        return nullptr;
    }
    const int count = b->deviceCount();
    if (id->index >= count) {
        const std::string reason = count == 0 ? b->lastError() : std::to_string(count) + " device(s) present";
        status = Status::error("no device " + deviceId + ": " + (reason.empty() ? "no device" : reason));
        return nullptr;
    }
    return b->open(id->index, status);
}

} // namespace iteragpu::device
