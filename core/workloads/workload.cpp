// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/workload.h"

#include "core/units/inputerror.h"
#include "core/workloads/decoderworkload.h"
#include "core/workloads/denseworkload.h"
#include "core/workloads/vllmworkload.h"

namespace iteragpu::workloads {

std::unique_ptr<Workload> makeWorkload(
    device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config)
{
    switch (config.workload) {
    case protocol::WorkloadKind::Dense:
        return std::make_unique<DenseWorkload>(context, allocator, config);
    case protocol::WorkloadKind::Decoder:
        if (config.vllm)
            return std::make_unique<VllmWorkload>(context, allocator, config);
        return std::make_unique<DecoderWorkload>(context, allocator, config);
    case protocol::WorkloadKind::Script:
        throw units::InputError(protocol::validateConfig(config));
    }
    throw units::InputError("unknown workload kind " + std::to_string(static_cast<int>(config.workload)));
}

} // namespace iteragpu::workloads
