// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/ggufsummary.h"
#include "core/model/hfsnapshot.h"
#include "core/model/modelshape.h"
#include "core/model/quantizationconfig.h"
#include "core/model/safetensorssummary.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/sizinginputs.h"

#include <QGroupBox>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;
class QSpinBox;
class QStackedWidget;

namespace iteragpu::gui {

// The sizing panel's "Model" box: where the model comes from (numbers typed in, a preset, a config.json, a
// safetensors checkpoint, a model id of the local Hugging Face cache, a GGUF file) and what was read from it. It keeps the shape or checkpoint of each source; problem()
// says why the current source gives no model yet (the panel shows it as its message).
class ModelSourceBox : public QGroupBox {
    Q_OBJECT
public:
    enum class Source { Typed = 0, Preset = 1, Config = 2, Safetensors = 3, HubCache = 4, Gguf = 5 };

    static constexpr quint64 kSeedParameters = 7'000'000'000ULL; // the seeds' example
    static constexpr int kSeedBits = 16;

    explicit ModelSourceBox(QWidget* parent = nullptr);

    Source source() const;
    void setSource(Source source);
    // The typed count, parsed ("7000000000", "7,000,000,000", "7e9"); nullopt when it is not a whole number > 0.
    std::optional<quint64> parameters() const;
    void setParametersText(const QString& text);
    int bits() const; // 0: size by the storage format
    void setBits(int bits);
    bool weightsFromCheckpoint() const;
    // True when the typed bit width or the checkpoint's stored bytes decide the weights (no storage format).
    bool weightsFixedBySource() const;

    // The shape of the current source (preset or config.json), nullopt for typed numbers and checkpoints.
    std::optional<model::ModelShape> shape() const;
    // Where the shape came from, for the run's record: "preset:<id>" or the config.json's path; empty without one.
    std::string shapeSource() const;
    // The shape's name as shown: the preset's name or the config file's name; empty without a shape.
    QString shapeName() const;
    const std::optional<model::SafetensorsSummary>& checkpoint() const { return m_checkpoint; }
    // The quantization_config of the current source's config.json (config.json file or Hugging Face cache).
    std::optional<model::QuantizationConfig> quantization() const;
    // Why the current source gives no model; empty when it gives one.
    QString problem() const;
    // The model-source fields of the inputs: the typed count and bits, or the shape (with its trained context),
    // or the checkpoint. The files are read once, when chosen, not at every re-estimate.
    void fillInputs(sizing::SizingInputs& inputs) const;

    bool loadConfigFile(const QString& path);
    bool loadSafetensors(const QString& path);
    bool selectPreset(const QString& idOrName);
    // ORG/NAME[@REVISION] of the local Hugging Face cache (model::HfCache, offline): its config.json, its
    // safetensors as stored when they are there, its quantization_config.
    bool loadHubModel(const QString& id);
    // A GGUF file: the shape from its metadata, the weights as stored.
    bool loadGguf(const QString& path);
    // Lists the cache's models again (the picker of the Hugging Face source).
    void refreshHubModels();

    // The seeds' example: 7e9 parameters typed in, 16 bit.
    void resetToDefaults();
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

public slots:
    void openConfigDialog();
    void openSafetensorsFileDialog();
    void openSafetensorsFolderDialog();
    void openGgufDialog();

signals:
    void changed();
    // The current source's model shape changed (another preset, a new config.json, another source).
    void shapeChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void loadPresets();
    void updateModelInfo();
    void showSource(Source source);
    void readConfig(const QString& path); // m_configShape or m_configError, with the architecture chosen

    std::optional<sizing::PresetLibrary> m_presets;
    QString m_presetError;
    std::optional<model::ModelShape> m_presetShape;
    std::optional<model::ModelShape> m_configShape;
    QString m_configError;
    bool m_configUnknownArchitecture = false; // the config's model_type is not a known one (the "Read as" row)
    std::optional<model::SafetensorsSummary> m_checkpoint;
    QString m_checkpointError;
    std::optional<model::QuantizationConfig> m_configQuantization;
    std::optional<model::HfSnapshot> m_hubSnapshot;
    std::optional<model::ModelShape> m_hubShape;
    std::optional<model::SafetensorsSummary> m_hubCheckpoint;
    std::optional<model::QuantizationConfig> m_hubQuantization;
    QString m_hubError;
    std::optional<model::GgufSummary> m_gguf;
    std::optional<model::ModelShape> m_ggufShape;
    QString m_ggufError;

    QLabel* m_sourceLabel = nullptr;
    QComboBox* m_sourceCombo = nullptr;
    QStackedWidget* m_sourceStack = nullptr;
    QLabel* m_parametersLabel = nullptr;
    QLineEdit* m_parametersEdit = nullptr;
    QLabel* m_bitsLabel = nullptr;
    QSpinBox* m_bitsSpin = nullptr;
    QLabel* m_presetLabel = nullptr;
    QComboBox* m_presetCombo = nullptr;
    QLineEdit* m_configPath = nullptr;
    QPushButton* m_configOpen = nullptr;
    QLabel* m_assumeLabel = nullptr; // shown only for a config whose model_type is unknown
    QComboBox* m_assumeCombo = nullptr; // "not read" first, then every known architecture
    QLineEdit* m_safetensorsPath = nullptr;
    QPushButton* m_safetensorsOpenFile = nullptr;
    QPushButton* m_safetensorsOpenFolder = nullptr;
    QCheckBox* m_weightsFromCheckpoint = nullptr;
    QLabel* m_hubLabel = nullptr;
    QComboBox* m_hubCombo = nullptr;
    QPushButton* m_hubRefresh = nullptr;
    QLabel* m_hubFolder = nullptr;
    QLineEdit* m_ggufPath = nullptr;
    QPushButton* m_ggufOpen = nullptr;
    QLabel* m_modelInfo = nullptr;
};

} // namespace iteragpu::gui
