// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <dlfcn.h>
#include <optional>
#include <string>
#include <unistd.h>

namespace iteragpu::gpu {

// This process's VRAM as ROCm SMI sees it, the library loaded at run time with dlopen when it is present
// (Debian ships none; ROCm installs librocm_smi64.so). ROCm SMI reports a process's VRAM over all its devices,
// so the reading is given only when the process uses exactly one device; otherwise, and whenever the library
// or the process is not found, it is empty (never 0).
class RocmSmiReader {
public:
    RocmSmiReader() = default;
    RocmSmiReader(const RocmSmiReader&) = delete;
    RocmSmiReader& operator=(const RocmSmiReader&) = delete;

    ~RocmSmiReader()
    {
        if (m_initialised && m_shutdown)
            m_shutdown();
        if (m_library)
            dlclose(m_library);
    }

    bool open()
    {
        for (const char* name :
            { "librocm_smi64.so", "librocm_smi64.so.7", "librocm_smi64.so.6", "librocm_smi64.so.5" }) {
            m_library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
            if (m_library)
                break;
        }
        if (!m_library) {
            const char* e = dlerror();
            m_reason = std::string("ROCm SMI: ") + (e ? e : "librocm_smi64.so not loadable");
            return false;
        }
        m_init = reinterpret_cast<InitFn>(dlsym(m_library, "rsmi_init"));
        m_shutdown = reinterpret_cast<ShutdownFn>(dlsym(m_library, "rsmi_shut_down"));
        m_byPid = reinterpret_cast<ByPidFn>(dlsym(m_library, "rsmi_compute_process_info_by_pid_get"));
        m_gpus = reinterpret_cast<GpusFn>(dlsym(m_library, "rsmi_compute_process_gpus_get"));
        if (!m_init || !m_shutdown || !m_byPid || !m_gpus) {
            m_reason = "ROCm SMI: the library lacks the process functions needed";
            return false;
        }
        if (const int rc = m_init(0); rc != 0) {
            m_reason = "ROCm SMI: rsmi_init failed with status " + std::to_string(rc);
            return false;
        }
        m_initialised = true;
        return true;
    }

    const std::string& reason() const { return m_reason; }

    std::optional<std::uint64_t> processUsedBytes()
    {
        if (!m_initialised)
            return std::nullopt;
        const auto self = static_cast<std::uint32_t>(getpid());
        std::uint32_t devices[8] = {};
        std::uint32_t deviceCount = 8;
        if (m_gpus(self, devices, &deviceCount) != 0 || deviceCount != 1)
            return std::nullopt;
        ProcessInfo info {};
        if (m_byPid(self, &info) != 0)
            return std::nullopt;
        return info.vramUsage;
    }

private:
    // rsmi_process_info_t, copied so no rocm_smi.h is needed.
    struct ProcessInfo {
        std::uint32_t processId;
        std::uint32_t pasid;
        std::uint64_t vramUsage;
        std::uint64_t sdmaUsage;
        std::uint32_t cuOccupancy;
    };
    using InitFn = int (*)(std::uint64_t);
    using ShutdownFn = int (*)();
    using ByPidFn = int (*)(std::uint32_t, ProcessInfo*);
    using GpusFn = int (*)(std::uint32_t, std::uint32_t*, std::uint32_t*);

    void* m_library = nullptr;
    InitFn m_init = nullptr;
    ShutdownFn m_shutdown = nullptr;
    ByPidFn m_byPid = nullptr;
    GpusFn m_gpus = nullptr;
    bool m_initialised = false;
    std::string m_reason;
};

} // namespace iteragpu::gpu
