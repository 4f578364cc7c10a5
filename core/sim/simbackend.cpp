// SPDX-License-Identifier: Apache-2.0
#include "core/sim/simbackend.h"

#include "core/units/units.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <unordered_map>

namespace iteragpu::sim {

using device::DType;
using device::Status;

namespace {

constexpr std::uint64_t kSimAlignment = 512; // bytes; addresses handed out are aligned like a driver's
constexpr std::uint64_t kPoolGranularity = 2 * units::kMiB; // bytes; the simulated async pool maps in 2 MiB steps

class SimContext : public device::DeviceContext {
public:
    explicit SimContext(device::DeviceInfo info, SimOptions options)
        : m_info(std::move(info))
        , m_options(options)
    {
    }

    const device::DeviceInfo& info() const override { return m_info; }

    void* rawAlloc(std::uint64_t bytes, Status& status) override
    {
        if (bytes > m_options.capacityBytes || m_used > m_options.capacityBytes - bytes) {
            status = Status::oom("simulated out of memory: tried to allocate " + std::to_string(bytes)
                + " bytes; capacity " + std::to_string(m_options.capacityBytes) + " bytes, "
                + std::to_string(m_options.capacityBytes - m_used) + " bytes free");
            return nullptr;
        }
        m_used += bytes;
        const std::uint64_t address = m_nextAddress;
        m_nextAddress += (bytes + kSimAlignment - 1) / kSimAlignment * kSimAlignment + kSimAlignment;
        m_sizes[address] = bytes;
        status = Status::success();
        return reinterpret_cast<void*>(address);
    }

    void rawFree(void* ptr) override
    {
        const auto it = m_sizes.find(reinterpret_cast<std::uint64_t>(ptr));
        if (it == m_sizes.end())
            return;
        m_used -= it->second;
        m_sizes.erase(it);
    }

    bool supportsAsyncPool() const override { return true; }

    void* poolAlloc(std::uint64_t bytes, Status& status) override
    {
        const std::uint64_t needed = m_poolUsed + bytes;
        if (needed > m_poolReserved) {
            const std::uint64_t grow = (needed - m_poolReserved + kPoolGranularity - 1) / kPoolGranularity
                * kPoolGranularity;
            if (grow > m_options.capacityBytes || m_used > m_options.capacityBytes - grow) {
                status = Status::oom("simulated out of memory in the stream-ordered pool: tried to allocate "
                    + std::to_string(bytes) + " bytes");
                return nullptr;
            }
            m_used += grow;
            m_poolReserved += grow;
        }
        m_poolUsed += bytes;
        m_poolUsedHigh = std::max(m_poolUsedHigh, m_poolUsed);
        m_poolReservedHigh = std::max(m_poolReservedHigh, m_poolReserved);
        const std::uint64_t address = m_nextAddress;
        m_nextAddress += (bytes + kSimAlignment - 1) / kSimAlignment * kSimAlignment + kSimAlignment;
        m_poolSizes[address] = bytes;
        status = Status::success();
        return reinterpret_cast<void*>(address);
    }

    void poolFree(void* ptr) override
    {
        const auto it = m_poolSizes.find(reinterpret_cast<std::uint64_t>(ptr));
        if (it == m_poolSizes.end())
            return;
        m_poolUsed -= it->second;
        m_poolSizes.erase(it);
    }

    device::PoolStats poolStats() override { return { m_poolUsed, m_poolUsedHigh, m_poolReserved, m_poolReservedHigh }; }

    void poolResetPeaks() override
    {
        m_poolUsedHigh = m_poolUsed;
        m_poolReservedHigh = m_poolReserved;
    }

    void poolTrim(std::uint64_t keepBytes) override
    {
        // Release whole unused granules above keepBytes, as cudaMemPoolTrimTo does.
        const std::uint64_t floor = std::max(keepBytes,
            (m_poolUsed + kPoolGranularity - 1) / kPoolGranularity * kPoolGranularity);
        if (m_poolReserved > floor) {
            m_used -= m_poolReserved - floor;
            m_poolReserved = floor;
        }
    }

    Status synchronize() override { return Status::success(); }

    device::DeviceReading reading() override
    {
        device::DeviceReading r;
        r.totalBytes = m_options.capacityBytes;
        r.freeBytes = m_options.capacityBytes - m_used;
        r.processUsedBytes = m_used;
        r.processUsedSource = "simulated";
        return r;
    }

    Status copyToHost(void* hostDst, const void*, std::uint64_t bytes) override
    {
        // Memory only: the copy has the right size and deterministic content (zeros).
        std::memset(hostDst, 0, bytes);
        return kernel();
    }

    Status fillRandom(void*, std::uint64_t, DType, std::uint64_t, float) override { return kernel(); }
    Status fill(void*, std::uint64_t, DType, float) override { return kernel(); }
    Status gemm(bool, bool, std::int64_t, std::int64_t, std::int64_t, const void*, const void*, void*, DType,
        bool) override
    {
        return kernel();
    }
    Status addBias(void*, const void*, std::int64_t, std::int64_t, DType) override { return kernel(); }
    Status activation(void*, const void*, std::uint64_t, device::Activation, DType) override { return kernel(); }
    Status activationBackward(void*, const void*, std::uint64_t, device::Activation, DType) override
    {
        return kernel();
    }
    Status columnSums(void*, const void*, std::int64_t, std::int64_t, DType) override { return kernel(); }
    Status mseLoss(void*, void*, const void*, const void*, std::uint64_t, DType) override { return kernel(); }
    Status adamStep(void*, const void*, void*, void*, std::uint64_t, DType, std::int64_t, float, float, float, float,
        float) override
    {
        return kernel();
    }

    Status copyToDevice(void*, const void*, std::uint64_t) override { return kernel(); }
    Status fillTokens(void*, std::uint64_t, std::int64_t, std::uint64_t) override { return kernel(); }
    Status embedding(void*, const void*, const void*, std::int64_t, std::int64_t, std::int64_t, float, DType) override
    {
        return kernel();
    }
    Status rmsNorm(void*, const void*, const void*, std::int64_t, std::int64_t, float, float, DType) override
    {
        return kernel();
    }
    Status rope(void*, std::int64_t, std::int64_t, std::int64_t, std::int64_t, std::int64_t, float, DType) override
    {
        return kernel();
    }
    Status gatedActivation(void*, const void*, const void*, std::uint64_t, device::Activation, DType) override
    {
        return kernel();
    }
    Status add(void*, const void*, std::uint64_t, DType) override { return kernel(); }
    Status sliceTokens(void*, const void*, std::int64_t, std::int64_t, std::int64_t, std::int64_t, DType) override
    {
        return kernel();
    }
    Status copyKv(void*, const device::KvLayout&, const void*, const device::KvLayout&, std::int64_t, std::int64_t,
        std::int64_t, DType) override
    {
        return kernel();
    }
    Status attention(void*, const void*, const void*, const void*, const device::KvLayout&,
        const device::AttentionShape&, DType) override
    {
        return kernel();
    }
    Status attentionScores(void*, const void*, const void*, const device::KvLayout&, const device::AttentionShape&,
        DType) override
    {
        return kernel();
    }
    Status softmaxRows(void*, const void*, std::int64_t, std::int64_t, DType) override { return kernel(); }
    Status attentionValues(void*, const void*, const void*, const device::KvLayout&, const device::AttentionShape&,
        DType) override
    {
        return kernel();
    }
    Status convert(void*, DType, const void*, DType, std::uint64_t) override { return kernel(); }
    Status routerTopK(void*, void*, const void*, std::int64_t, std::int64_t, std::int64_t, DType) override
    {
        return kernel();
    }
    Status addRoutedExpert(void*, const void*, const void*, const void*, std::int64_t, std::int64_t, std::int64_t,
        std::int64_t, DType) override
    {
        return kernel();
    }
    Status dequantizeInt8(void*, const void*, const void*, std::int64_t, std::int64_t, DType) override
    {
        return kernel();
    }
    Status dequantizeNf4(void*, const device::Nf4Tensor&, DType) override { return kernel(); }
    Status argmaxRows(void*, const void*, std::int64_t, std::int64_t, DType) override { return kernel(); }

private:
    Status kernel() const
    {
        if (m_options.kernelMicros > 0)
            std::this_thread::sleep_for(std::chrono::microseconds(m_options.kernelMicros));
        return Status::success();
    }

    device::DeviceInfo m_info;
    SimOptions m_options;
    std::uint64_t m_used = 0;
    std::uint64_t m_nextAddress = 0x7f0000000000ULL;
    std::unordered_map<std::uint64_t, std::uint64_t> m_sizes;
    std::unordered_map<std::uint64_t, std::uint64_t> m_poolSizes;
    std::uint64_t m_poolUsed = 0;
    std::uint64_t m_poolUsedHigh = 0;
    std::uint64_t m_poolReserved = 0;
    std::uint64_t m_poolReservedHigh = 0;
};

} // namespace

SimBackend::SimBackend(SimOptions options)
    : m_options(options)
{
}

std::string SimBackend::runtimeDescription() { return "simulated device (memory model only, not a GPU)"; }

namespace {
    std::optional<device::DeviceInfo> simDeviceInfo(int index, std::uint64_t capacityBytes)
    {
        if (index != 0)
            return std::nullopt;
        device::DeviceInfo info;
        info.id = "sim:0";
        info.index = 0;
        info.name = "Simulated device (not a GPU measurement)";
        info.totalBytes = capacityBytes;
        info.arch = "simulated";
        info.driverVersion = "simulated";
        info.runtimeVersion = "simulated";
        info.simulated = true;
        return info;
    }
} // namespace

std::optional<device::DeviceInfo> SimBackend::deviceInfo(int index)
{
    return simDeviceInfo(index, m_options.capacityBytes);
}

std::unique_ptr<device::DeviceContext> SimBackend::open(int index, Status& status)
{
    return open(index, m_options, status);
}

std::unique_ptr<device::DeviceContext> SimBackend::open(int index, const SimOptions& options, Status& status) const
{
    auto info = simDeviceInfo(index, options.capacityBytes);
    if (!info) {
        status = Status::error("no device sim:" + std::to_string(index) + ": the simulated backend has sim:0 only");
        return nullptr;
    }
    status = Status::success();
    return std::make_unique<SimContext>(*info, options);
}

std::unique_ptr<SimBackend> makeSimBackend(SimOptions options) { return std::make_unique<SimBackend>(options); }

} // namespace iteragpu::sim
