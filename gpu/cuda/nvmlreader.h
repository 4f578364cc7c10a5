// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <dlfcn.h>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace iteragpu::gpu {

// This process's memory on one NVIDIA device as NVML sees it, NVML loaded at run time with dlopen (as nvtop
// does), so the module needs no NVML at build time and still loads where NVML is absent. The reading includes
// what lives outside any allocator: the CUDA context, cuBLAS workspaces, NCCL buffers.
//
// Empty (never 0) when NVML is missing, the device is not found, the driver does not report per-process usage
// (NVML_VALUE_NOT_AVAILABLE), or this process is not in NVML's list: inside a container with its own PID
// namespace NVML reports host PIDs, which do not match getpid().
class NvmlReader {
public:
    NvmlReader() = default;
    NvmlReader(const NvmlReader&) = delete;
    NvmlReader& operator=(const NvmlReader&) = delete;

    ~NvmlReader()
    {
        if (m_initialised && m_shutdown)
            m_shutdown();
        if (m_library)
            dlclose(m_library);
    }

    // Loads NVML and finds the device by its PCI bus id ("0000:3B:00.0", from cudaDeviceGetPCIBusId), which
    // names the same device whatever CUDA_VISIBLE_DEVICES says. False with reason() when that fails.
    bool open(const std::string& pciBusId)
    {
        m_library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!m_library) {
            const char* e = dlerror();
            m_reason = std::string("NVML: ") + (e ? e : "libnvidia-ml.so.1 not loadable");
            return false;
        }
        m_init = reinterpret_cast<InitFn>(dlsym(m_library, "nvmlInit_v2"));
        m_shutdown = reinterpret_cast<ShutdownFn>(dlsym(m_library, "nvmlShutdown"));
        m_errorString = reinterpret_cast<ErrorStringFn>(dlsym(m_library, "nvmlErrorString"));
        m_byBusId = reinterpret_cast<ByBusIdFn>(dlsym(m_library, "nvmlDeviceGetHandleByPciBusId_v2"));
        m_processes = reinterpret_cast<ProcessesFn>(dlsym(m_library, "nvmlDeviceGetComputeRunningProcesses_v3"));
        if (!m_init || !m_shutdown || !m_byBusId || !m_processes) {
            m_reason = "NVML: this libnvidia-ml.so.1 lacks the functions needed (driver older than CUDA 11)";
            return false;
        }
        if (const int rc = m_init(); rc != kNvmlSuccess) {
            m_reason = "NVML: " + text(rc) + " (nvmlInit_v2)";
            return false;
        }
        m_initialised = true;
        if (const int rc = m_byBusId(pciBusId.c_str(), &m_device); rc != kNvmlSuccess) {
            m_reason = "NVML: " + text(rc) + " (device " + pciBusId + ")";
            m_device = nullptr;
            return false;
        }
        return true;
    }

    const std::string& reason() const { return m_reason; }

    std::optional<std::uint64_t> processUsedBytes()
    {
        if (!m_device)
            return std::nullopt;
        const std::lock_guard<std::mutex> lock(m_mutex);
        unsigned int count = static_cast<unsigned int>(m_buffer.size());
        int rc = m_processes(m_device, &count, m_buffer.data());
        if (rc == kNvmlErrorInsufficientSize) {
            m_buffer.resize(count + 16); // room for processes that start meanwhile
            count = static_cast<unsigned int>(m_buffer.size());
            rc = m_processes(m_device, &count, m_buffer.data());
        }
        if (rc != kNvmlSuccess)
            return std::nullopt;
        const auto self = static_cast<unsigned int>(getpid());
        for (unsigned int i = 0; i < count && i < m_buffer.size(); ++i)
            if (m_buffer[i].pid == self && m_buffer[i].usedGpuMemory != kNvmlValueNotAvailable)
                return m_buffer[i].usedGpuMemory;
        return std::nullopt;
    }

private:
    // The layout the *_v3 process queries use (NVML 11.0 and later), copied so no nvml.h is needed.
    struct ProcessInfo {
        unsigned int pid;
        unsigned long long usedGpuMemory;
        unsigned int gpuInstanceId;
        unsigned int computeInstanceId;
    };
    using Device = void*;
    using InitFn = int (*)();
    using ShutdownFn = int (*)();
    using ErrorStringFn = const char* (*)(int);
    using ByBusIdFn = int (*)(const char*, Device*);
    using ProcessesFn = int (*)(Device, unsigned int*, ProcessInfo*);

    static constexpr int kNvmlSuccess = 0;
    static constexpr int kNvmlErrorInsufficientSize = 7;
    static constexpr unsigned long long kNvmlValueNotAvailable = ~0ULL;

    std::string text(int rc) const
    {
        const char* s = m_errorString ? m_errorString(rc) : nullptr;
        return s ? s : "error " + std::to_string(rc);
    }

    void* m_library = nullptr;
    InitFn m_init = nullptr;
    ShutdownFn m_shutdown = nullptr;
    ErrorStringFn m_errorString = nullptr;
    ByBusIdFn m_byBusId = nullptr;
    ProcessesFn m_processes = nullptr;
    bool m_initialised = false;
    Device m_device = nullptr;
    std::vector<ProcessInfo> m_buffer = std::vector<ProcessInfo>(64);
    std::mutex m_mutex;
    std::string m_reason;
};

} // namespace iteragpu::gpu
