// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/kvmodelvalues.h"
#include "core/sizing/sizinginputs.h"

#include <QGroupBox>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSettings;
class QSpinBox;

namespace iteragpu::gui {

// The sizing panel's "KV cache" box (inference): layers, KV heads, head_dim, tokens, sequences, the cache's type,
// a sliding window and a static cache. With a model chosen it shows the model's own values (layers, KV heads,
// head_dim, the sliding window of each kind of layer, the trained context), marked as taken from the model, and
// says which typed value overrides one (core's KvModelValues decides both).
class KvCacheBox : public QGroupBox {
    Q_OBJECT
public:
    // The seeds' KV example: 32 layers, 8 KV heads, head_dim 128, 8 192 tokens, 16 bit, 1 sequence.
    static constexpr int kSeedLayers = 32;
    static constexpr int kSeedKvHeads = 8;
    static constexpr int kSeedHeadDim = 128;
    static constexpr int kSeedTokens = 8192;

    explicit KvCacheBox(QWidget* parent = nullptr);

    // The KV fields of the inputs (kvCache, dimensions, tokens, type, window, static cache).
    void fillInputs(sizing::SizingInputs& inputs) const;
    // A new model: its layers, KV heads and head_dim go into the fields, the window back to "the model's".
    void takeFromShape(const std::optional<model::ModelShape>& shape);
    // A new model's defaults, each named under the box while it stands: the cache on (the model gives its
    // shape), the prompt (and generated tokens) within its trained context, the KV type its torch_dtype.
    void takeModelDefaults(const model::ModelShape& shape);
    QString defaultsText() const; // those lines, empty when none stands
    // The model whose values "Take from the model" restores, the fields left as they are (after a restart).
    void setShape(const std::optional<model::ModelShape>& shape);
    // What the sizing uses, and where each value comes from; nullopt hides the model line.
    void showModelValues(const std::optional<sizing::KvModelValues>& values);
    QString modelValuesText() const;

    void resetToDefaults();
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

signals:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateWindowText();
    void updateDefaults();

    std::optional<model::ModelShape> m_shape;
    std::optional<sizing::KvModelValues> m_values;

    QLabel* m_layersLabel = nullptr;
    QSpinBox* m_layersSpin = nullptr;
    QLabel* m_kvHeadsLabel = nullptr;
    QSpinBox* m_kvHeadsSpin = nullptr;
    QLabel* m_headDimLabel = nullptr;
    QSpinBox* m_headDimSpin = nullptr;
    QLabel* m_promptLabel = nullptr;
    QSpinBox* m_promptSpin = nullptr;
    QLabel* m_generatedLabel = nullptr;
    QSpinBox* m_generatedSpin = nullptr;
    QLabel* m_sequencesLabel = nullptr;
    QSpinBox* m_sequencesSpin = nullptr;
    QLabel* m_kvDtypeLabel = nullptr;
    QComboBox* m_kvDtypeCombo = nullptr;
    QLabel* m_windowLabel = nullptr;
    QSpinBox* m_windowSpin = nullptr;
    QCheckBox* m_staticCheck = nullptr;
    QPushButton* m_fillFromModel = nullptr;
    QLabel* m_modelValues = nullptr;
    QLabel* m_defaults = nullptr;
    struct ModelDefaults {
        bool enabled = false; // the cache was turned on for the model
        std::optional<std::uint64_t> trainedContext;
        std::optional<int> cappedPrompt; // the prompt was lowered to this, from this much:
        int typedPrompt = 0;
        std::optional<sizing::ScalarType> kvType; // the model's torch_dtype
        std::string torchDtype;
    } m_modelDefaults;
};

} // namespace iteragpu::gui
