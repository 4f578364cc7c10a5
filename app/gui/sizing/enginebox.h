// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/llamacppoptions.h"
#include "core/engines/vllmoptions.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSettings;
class QSpinBox;

namespace iteragpu::gui {

// The sizing panel's "Serving engine" box: transformers (the estimate alone), vLLM or llama.cpp, with each engine's
// own options under its own names and defaults (core/engines: VllmOptions, LlamaCppOptions). The panel plans the
// engine's start-up on the verdict's card and says whether it starts beside the verdict.
class EngineBox : public QGroupBox {
    Q_OBJECT
public:
    enum class Engine { Transformers = 0, Vllm = 1, LlamaCpp = 2 };

    explicit EngineBox(QWidget* parent = nullptr);

    Engine engine() const;
    void setEngine(Engine engine);
    // The options as typed; a 0 ("the model's" / "the release's") is left to the engine's default. The card's name
    // and the tensor-parallel degree are the panel's to fill in.
    engines::VllmOptions vllmOptions() const;
    engines::LlamaCppOptions llamaCppOptions() const;

    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

signals:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateRows();

    QFormLayout* m_form = nullptr;
    QLabel* m_engineLabel = nullptr;
    QComboBox* m_engine = nullptr;
    // vLLM
    QLabel* m_utilizationLabel = nullptr;
    QDoubleSpinBox* m_utilization = nullptr;
    QLabel* m_maxModelLenLabel = nullptr;
    QSpinBox* m_maxModelLen = nullptr;
    QLabel* m_maxNumSeqsLabel = nullptr;
    QSpinBox* m_maxNumSeqs = nullptr;
    QLabel* m_kvDtypeLabel = nullptr;
    QComboBox* m_kvDtype = nullptr;
    QCheckBox* m_enforceEager = nullptr;
    // llama.cpp
    QLabel* m_ctxSizeLabel = nullptr;
    QSpinBox* m_ctxSize = nullptr;
    QLabel* m_gpuLayersLabel = nullptr;
    QSpinBox* m_gpuLayers = nullptr;
    QLabel* m_parallelLabel = nullptr;
    QSpinBox* m_parallel = nullptr;
    QLabel* m_flashLabel = nullptr;
    QComboBox* m_flash = nullptr;
    QLabel* m_cacheTypeLabel = nullptr;
    QComboBox* m_cacheType = nullptr;
};

} // namespace iteragpu::gui
