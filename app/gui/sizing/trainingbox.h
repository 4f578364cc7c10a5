// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/trainingoptions.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QLabel;
class QSettings;
class QSpinBox;

namespace iteragpu::gui {

// The sizing panel's "Workload" box: inference, LoRA fine-tune or full training, and for training the optimizer,
// fp32 master weights, the LoRA rank, micro-batch, sequence length and activation checkpointing.
class TrainingBox : public QGroupBox {
    Q_OBJECT
public:
    enum class Mode { Inference = 0, LoRA = 1, FullTraining = 2 };

    explicit TrainingBox(QWidget* parent = nullptr);

    Mode mode() const;
    void setMode(Mode mode);
    sizing::Optimizer optimizer() const;
    void setOptimizer(sizing::Optimizer optimizer);
    bool masterWeights() const;
    std::uint64_t loraRank() const;
    std::uint64_t microBatch() const;
    std::uint64_t sequenceLength() const;
    bool activationCheckpointing() const;

    void resetToDefaults(); // inference; AdamW, rank 16, micro-batch 1, 2 048 tokens for training
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

signals:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateEnabledState();

    QLabel* m_modeLabel = nullptr;
    QComboBox* m_modeCombo = nullptr;
    QLabel* m_optimizerLabel = nullptr;
    QComboBox* m_optimizerCombo = nullptr;
    QCheckBox* m_masterWeightsCheck = nullptr;
    QLabel* m_loraRankLabel = nullptr;
    QSpinBox* m_loraRankSpin = nullptr;
    QLabel* m_microBatchLabel = nullptr;
    QSpinBox* m_microBatchSpin = nullptr;
    QLabel* m_sequenceLabel = nullptr;
    QSpinBox* m_sequenceSpin = nullptr;
    QCheckBox* m_checkpointingCheck = nullptr;
};

} // namespace iteragpu::gui
