// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/scalartype.h"
#include "core/sizing/weightformat.h"

#include <QGroupBox>

class QComboBox;
class QLabel;
class QSettings;
class QSpinBox;

namespace iteragpu::gui {

// The sizing panel's "Formats" box: the storage format of the weights (with what its byte count assumes in the
// tooltip, from core), the compute format, and the block or group size of the quantized formats.
class FormatBox : public QGroupBox {
    Q_OBJECT
public:
    explicit FormatBox(QWidget* parent = nullptr);

    sizing::WeightFormat storage() const;
    void setStorage(sizing::WeightFormat format);
    sizing::ScalarType compute() const;
    void setCompute(sizing::ScalarType type);
    std::uint64_t blockSize() const;
    std::uint64_t groupSize() const;
    // Off when the typed bit width or the checkpoint's stored bytes decide the weights.
    void setStorageApplies(bool applies);

    // A new model: its torch_dtype (bfloat16, float16, float32) becomes the storage (unless `quantized`: the
    // quantization decides the storage) and the compute format, and a line under the box names that default
    // for as long as the choice is the model's. An empty or unknown dtype changes nothing and names nothing.
    void takeModelDtype(const std::string& torchDtype, bool quantized);
    QString originText() const; // that line, empty when hidden

    void resetToDefaults(); // fp16 storage, bf16 compute, block 64, group 128
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

signals:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateEnabledState();
    void updateOrigin();

    bool m_storageApplies = true;
    QLabel* m_storageLabel = nullptr;
    QComboBox* m_storageCombo = nullptr;
    QLabel* m_computeLabel = nullptr;
    QComboBox* m_computeCombo = nullptr;
    QLabel* m_blockLabel = nullptr;
    QSpinBox* m_blockSpin = nullptr;
    QLabel* m_groupLabel = nullptr;
    QSpinBox* m_groupSpin = nullptr;
    QLabel* m_origin = nullptr;
    std::string m_modelDtype; // the torch_dtype of the model last taken, as its config writes it
    bool m_modelStorage = false; // the storage format was taken from it
};

} // namespace iteragpu::gui
