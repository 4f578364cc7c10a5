// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/devicecatalog.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;

namespace iteragpu::gui {

// The simulated device's card and pace, under the device list while sim:N is selected: a card of the GPU
// catalog (its reported capacity, and the roofline of its peak FLOP/s and bandwidth set each kernel's modelled
// time) or none (the plain simulated device of the workload form's capacity), and the speed: 1 keeps the card's
// modelled time in real time, 0 runs as fast as possible. Both go into RunConfig::simCard / simSpeed; whether a
// card can keep a run's pace is core's to say when the run is prepared. Kept across starts (QSettings "device").
class SimCardBox : public QWidget {
    Q_OBJECT
public:
    static constexpr double kSpeeds[] = { 0.0, 0.1, 1.0, 10.0 }; // the speed choices, 1 = real time

    explicit SimCardBox(QWidget* parent = nullptr);

    // The chosen card's catalog id; empty for none.
    QString cardId() const;
    // The chosen card, nullopt for none.
    std::optional<sizing::GpuCard> card() const;
    double speed() const;
    // By catalog id ("" = none); false when the catalog has no such card.
    bool selectCard(const QString& id);
    // One of kSpeeds; false for any other value.
    bool setSpeed(double speed);

    QComboBox* cardBox() const { return m_card; }
    QComboBox* speedBox() const { return m_speed; }

signals:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateEnabledState();
    void save() const;

    std::optional<sizing::DeviceCatalog> m_catalog;
    QString m_catalogError;
    QLabel* m_cardLabel = nullptr;
    QComboBox* m_card = nullptr;
    QLabel* m_speedLabel = nullptr;
    QComboBox* m_speed = nullptr;
};

} // namespace iteragpu::gui
