// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "gpu/common/gpucontext.h"
#include "gpu/common/gpuruntime.h"

#include <exception>
#include <memory>
#include <optional>
#include <string>

namespace iteragpu::gpu {

// The Backend half of a module, written once for CUDA and HIP: versions, device count with the runtime's own
// error text, device properties, open(). The module supplies the context class and the architecture's name.
class GpuBackend : public device::Backend {
public:
    std::string name() const override { return ITERAGPU_DEVICE_PREFIX; }

    // "CUDA runtime 13.0, driver 13.0"; without a driver it says so instead of a version.
    std::string runtimeDescription() override
    {
        int runtime = 0;
        int driver = 0;
        std::string text = ITERAGPU_RUNTIME_NAME " runtime ";
        const Error re = GPURT(RuntimeGetVersion)(&runtime);
        text += re == kSuccess ? versionText(runtime) : "unknown (" + errorText(re) + ")";
        const Error de = GPURT(DriverGetVersion)(&driver);
        if (de != kSuccess)
            text += ", driver unknown (" + errorText(de) + ")";
        else if (driver == 0)
            text += ", no driver installed";
        else
            text += ", driver " + versionText(driver);
        (void)GPURT(GetLastError)();
        return text;
    }

    int deviceCount() override
    {
        int count = 0;
        const Error e = GPURT(GetDeviceCount)(&count);
        if (e != kSuccess) {
            (void)GPURT(GetLastError)();
            m_error = errorText(e);
            return 0;
        }
        if (count <= 0) {
            m_error = ITERAGPU_RUNTIME_NAME ": no device found";
            return 0;
        }
        m_error.clear();
        return count;
    }

    std::string lastError() const override { return m_error; }

    std::optional<device::DeviceInfo> deviceInfo(int index) override
    {
        const int count = deviceCount();
        if (index < 0 || index >= count) {
            if (count > 0)
                m_error = ITERAGPU_RUNTIME_NAME ": no device " + std::to_string(index) + ", " + std::to_string(count)
                    + " present";
            return std::nullopt;
        }
        DeviceProp prop {};
        if (const Error e = GPURT(GetDeviceProperties)(&prop, index); e != kSuccess) {
            (void)GPURT(GetLastError)();
            m_error = errorText(e, ITERAGPU_DEVICE_PREFIX "GetDeviceProperties");
            return std::nullopt;
        }
        device::DeviceInfo info;
        info.id = ITERAGPU_DEVICE_PREFIX ":" + std::to_string(index);
        info.index = index;
        info.name = prop.name;
        info.totalBytes = prop.totalGlobalMem;
        info.arch = archName(prop);
        int version = 0;
        info.runtimeVersion = GPURT(RuntimeGetVersion)(&version) == kSuccess ? versionText(version) : "unknown";
        info.driverVersion = GPURT(DriverGetVersion)(&version) == kSuccess ? versionText(version) : "unknown";
        info.multiprocessors = prop.multiProcessorCount;
        (void)GPURT(GetLastError)();
        return info;
    }

    std::unique_ptr<device::DeviceContext> open(int index, device::Status& status) override
    {
        auto info = deviceInfo(index);
        if (!info) {
            status = device::Status::error(
                "no device " ITERAGPU_DEVICE_PREFIX ":" + std::to_string(index) + ": " + m_error);
            return nullptr;
        }
        // Nothing may throw across the module boundary: an allocation failure here is a status too.
        try {
            std::unique_ptr<GpuContext> context = makeContext(std::move(*info));
            status = context->initialize();
            if (!status.ok)
                return nullptr;
            return context;
        } catch (const std::exception& e) {
            status
                = device::Status::error(std::string(ITERAGPU_RUNTIME_NAME ": opening the device failed: ") + e.what());
            return nullptr;
        }
    }

protected:
    virtual std::string archName(const DeviceProp& prop) const = 0;
    virtual std::unique_ptr<GpuContext> makeContext(device::DeviceInfo info) = 0;

private:
    std::string m_error;
};

} // namespace iteragpu::gpu
