// SPDX-License-Identifier: Apache-2.0
// A process that writes result files with writeResultFile, for tests/reliability/tst_writers.cpp:
//   resultwriter race PATH GOFILE ID   waits until GOFILE exists, then writes a result with run id ID to PATH;
//                                       exit 0 written, 3 the path exists, 1 any other failure
//   resultwriter many FOLDER COUNT     writes COUNT results of about 4 MB each (FOLDER/rN.json), one after another,
//                                       after printing "writing"; for signals sent at any moment of a write
#include "core/report/resultjson.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

using namespace iteragpu;

int main(int argc, char** argv)
{
    if (argc < 4)
        return 64;
    const std::string mode = argv[1];
    protocol::RunResult result;
    result.simulated = true;
    if (mode == "race") {
        result.identity.runId = std::stoull(argv[4]);
        while (!std::filesystem::exists(argv[3]))
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        std::string error;
        switch (report::writeResultFile(argv[2], result, error)) {
        case report::WriteError::None:
            return 0;
        case report::WriteError::Exists:
            return 3;
        default:
            std::cerr << error << "\n";
            return 1;
        }
    }
    if (mode == "many") {
        protocol::PhaseResult phase;
        phase.name = "bulk";
        for (int i = 0; i < 60000; ++i)
            phase.samples.push_back({ i * 1e-3, 123456789ull + static_cast<std::uint64_t>(i), 987654321ull, 42ull, 0 });
        result.phases.push_back(phase);
        std::cout << "writing" << std::endl;
        for (int i = 0; i < std::stoi(argv[3]); ++i) {
            std::string error;
            const auto path = std::string(argv[2]) + "/r" + std::to_string(i) + ".json";
            if (report::writeResultFile(path, result, error) != report::WriteError::None) {
                std::cerr << error << "\n";
                return 1;
            }
        }
        return 0;
    }
    return 64;
}
