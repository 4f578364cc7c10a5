// SPDX-License-Identifier: Apache-2.0
// iteragpu_gpu_kernel_check: the kernel checks of tst_gpukernels without Qt, for a GPU node that has no Qt.
//   iteragpu_gpu_kernel_check [DEVICE]      DEVICE defaults to cuda:0
// Prints one line per check; exit 0 when none failed, 1 when one did, 2 when the device is missing.
#include "core/registry/backendregistry.h"
#include "gpu/trainingchecks.h"

#include <exception>
#include <iostream>
#include <string>

using namespace iteragpu;

int main(int argc, char** argv)
{
    const std::string deviceId = argc > 1 ? argv[1] : "cuda:0";
    if (argc > 2 || deviceId == "--help" || deviceId == "-h") {
        std::cerr << "usage: " << argv[0] << " [DEVICE]   (cuda:0, hip:0, ...)\n";
        return argc > 2 ? 2 : 0;
    }
    try {
        device::BackendRegistry registry;
        for (const auto& st : registry.load())
            if (st.name != "sim")
                std::cout << "backend " << st.name << ": " << (st.loaded ? "loaded" : "not loaded") << ", "
                          << st.deviceCount << " device(s)" << (st.error.empty() ? "" : " (" + st.error + ")") << "\n";
        device::Status status;
        auto ctx = registry.open(deviceId, status);
        if (!ctx) {
            std::cerr << "iteragpu_gpu_kernel_check: " << status.message << "\n";
            return 2;
        }
        if (auto* backend = registry.backend(deviceId.substr(0, deviceId.find(':'))))
            std::cout << backend->runtimeDescription() << "\n";
        int passed = 0, failed = 0, skipped = 0;
        for (const auto& check : gpucheck::allKernelChecks()) {
            const gpucheck::CheckResult r = check.run(*ctx);
            const device::Status after = ctx->synchronize();
            const bool ok = r.outcome != gpucheck::Outcome::Fail && after.ok;
            const char* word = !ok ? "FAIL" : r.outcome == gpucheck::Outcome::Skip ? "SKIP" : "PASS";
            std::cout << word << "  " << check.name;
            if (!r.message.empty())
                std::cout << ": " << r.message;
            if (!after.ok)
                std::cout << " [synchronize: " << after.message << "]";
            std::cout << std::endl;
            (ok ? (r.outcome == gpucheck::Outcome::Skip ? skipped : passed) : failed) += 1;
        }
        std::cout << passed << " passed, " << failed << " failed, " << skipped << " skipped on " << ctx->info().id
                  << " (" << ctx->info().name << ")\n";
        return failed == 0 ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "iteragpu_gpu_kernel_check: " << e.what() << "\n";
        return 1;
    }
}
