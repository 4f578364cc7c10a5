// SPDX-License-Identifier: Apache-2.0
#include "core/sim/simpacer.h"

#include <chrono>
#include <thread>

namespace iteragpu::sim {

namespace {

    double sleepSteady(double seconds)
    {
        const auto start = std::chrono::steady_clock::now();
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

} // namespace

SimPacer::SimPacer(double speed, Sleeper sleeper)
    : m_speed(speed > 0.0 ? speed : 0.0)
    , m_inverseSpeed(speed > 0.0 ? 1.0 / speed : 0.0)
    , m_sleeper(sleeper ? std::move(sleeper) : Sleeper(sleepSteady))
{
}

void SimPacer::payDebt() { m_debt -= m_sleeper(m_debt); }

} // namespace iteragpu::sim
