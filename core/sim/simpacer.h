// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

namespace iteragpu::sim {

inline constexpr double kMinPaceSleep = 1e-3; // seconds; sleeps shorter than this are gathered into one

// Keeps a simulated device's wall-clock pace: every kernel adds its modelled seconds / speed to a debt, and the
// debt is slept off once it reaches kMinPaceSleep, so millions of tiny kernels cost a few thousand syscalls, not
// millions. What the sleep really took is subtracted (an oversleep is credited to the next kernels), so the pace
// holds over a run. Speed 0 never sleeps.
class SimPacer {
public:
    // Sleeps about `seconds`; returns the seconds it really slept. The default measures a steady clock.
    using Sleeper = std::function<double(double seconds)>;

    explicit SimPacer(double speed, Sleeper sleeper = {});

    void add(double modelledSeconds) // the hot path: one multiply and one compare per kernel
    {
        if (m_speed <= 0.0)
            return;
        m_debt += modelledSeconds * m_inverseSpeed;
        if (m_debt >= kMinPaceSleep)
            payDebt();
    }
    // Sleeps off whatever is owed, however short (at a synchronize, so a phase ends when its kernels would).
    void settle()
    {
        if (m_debt > 0.0)
            payDebt();
    }

    double speed() const { return m_speed; }
    double debtSeconds() const { return m_debt; }

private:
    void payDebt();

    double m_speed = 0.0;
    double m_inverseSpeed = 0.0;
    double m_debt = 0.0; // wall seconds owed; negative after an oversleep
    Sleeper m_sleeper;
};

} // namespace iteragpu::sim
