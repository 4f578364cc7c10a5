// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/model/safetensorssummary.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/estimate.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/sizingrequest.h"
#include "core/units/units.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTimer;

namespace iteragpu::gui {

class BreakdownBar;
class BreakdownModel;
class CatalogFitModel;

// The sizing panel, meant for a dock: the model (numbers typed in, a preset, a config.json, a safetensors
// checkpoint), storage and compute formats, inference / LoRA fine-tune / full training, the KV cache, the reserve
// in GB or GiB; below, the breakdown (table and stacked bar), the verdict against the selected device and the
// catalog cards. It re-estimates as the user types (a short single-shot timer gathers keystrokes; the engine is
// synchronous and cheap) and never needs a GPU. Bad input is a message in the panel, never a crash.
// It opens on the seeds' example: 7 000 000 000 parameters, 16 bit, 4 GiB reserve.
class SizingPanel : public QWidget {
    Q_OBJECT
public:
    enum class Source { Typed = 0, Preset = 1, Config = 2, Safetensors = 3 };
    enum class Mode { Inference = 0, LoRA = 1, FullTraining = 2 };

    static constexpr int kDebounceMs = 50; // milliseconds between the last keystroke and the re-estimate

    explicit SizingPanel(QWidget* parent = nullptr);
    ~SizingPanel() override;

    // The last valid estimate; nullopt while the input is invalid (errorText() says why).
    const std::optional<sizing::Estimate>& estimate() const { return m_estimate; }
    QString errorText() const { return m_error; }
    // The verdict against the device set with setDevice(); nullopt without a device or an estimate.
    const std::optional<sizing::FitVerdict>& deviceVerdict() const { return m_deviceVerdict; }
    // Text of the verdict line as shown.
    QString verdictText() const;

    BreakdownModel* breakdownModel() const { return m_breakdown; }
    CatalogFitModel* catalogModel() const { return m_catalogModel; }
    BreakdownBar* breakdownBar() const { return m_bar; }

    // Inputs, for the window, scripts and tests (each schedules a re-estimate like typing does).
    void setSource(Source source);
    void setParametersText(const QString& text);
    void setBits(int bits); // 0: use the storage format
    void setReserve(double value, units::Unit unit);
    void setMode(Mode mode);
    void setTensorParallel(int degree);
    // Reads a config.json / a safetensors file, index or folder; false with the reason in errorText().
    bool loadConfigFile(const QString& path);
    bool loadSafetensors(const QString& path);
    // By preset id or name; false when absent.
    bool selectPreset(const QString& idOrName);

    // The model shape currently loaded (preset or config.json), if any.
    const std::optional<model::ModelShape>& shape() const { return m_shape; }

public slots:
    // The device chosen in the device picker; its reported capacity is what the verdict compares with.
    void setDevice(const QString& name, quint64 capacityBytes);
    void clearDevice();
    // Re-estimates now (the timer calls it; tests may too).
    void recompute();
    void openConfigDialog();
    void openSafetensorsFileDialog();
    void openSafetensorsFolderDialog();

signals:
    // A new valid estimate: the bytes that must fit on one device (largest phase + reserve). The window
    // connects it to the timeline's estimate line.
    void estimateChanged(quint64 totalBytes);
    // The input became invalid; reason is one line. The estimate line should be hidden.
    void estimateCleared(const QString& reason);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildUi();
    void retranslateUi();
    void connectInputs();
    void scheduleRecompute();
    void loadPresets();
    void loadCatalog();
    void fillKvFromShape();
    void updateEnabledState();
    void updateModelInfo();
    std::optional<sizing::SizingRequest> buildRequest(QString& error) const;
    void showError(const QString& error);
    void updateResults(const sizing::SizingRequest& request);
    void updateVerdict();

    // State
    std::optional<sizing::Estimate> m_estimate;
    std::optional<sizing::SizingRequest> m_request;
    std::optional<sizing::FitVerdict> m_deviceVerdict;
    std::optional<quint64> m_lastEmitted;
    QString m_error;
    std::optional<model::ModelShape> m_shape;
    QString m_shapeOrigin; // preset id or file path
    std::optional<model::SafetensorsSummary> m_checkpoint;
    QString m_modelError; // the last reader error, shown in the model box
    std::optional<sizing::PresetLibrary> m_presets;
    QString m_presetError;
    std::optional<sizing::DeviceCatalog> m_catalog;
    QString m_catalogError;
    QString m_deviceName;
    std::optional<quint64> m_deviceCapacity;
    QTimer* m_timer = nullptr;

    // Model
    QGroupBox* m_modelBox = nullptr;
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
    QLineEdit* m_safetensorsPath = nullptr;
    QPushButton* m_safetensorsOpenFile = nullptr;
    QPushButton* m_safetensorsOpenFolder = nullptr;
    QCheckBox* m_weightsFromCheckpoint = nullptr;
    QLabel* m_modelInfo = nullptr;

    // Formats
    QGroupBox* m_formatBox = nullptr;
    QLabel* m_storageLabel = nullptr;
    QComboBox* m_storageCombo = nullptr;
    QLabel* m_computeLabel = nullptr;
    QComboBox* m_computeCombo = nullptr;
    QLabel* m_blockLabel = nullptr;
    QSpinBox* m_blockSpin = nullptr;
    QLabel* m_groupLabel = nullptr;
    QSpinBox* m_groupSpin = nullptr;

    // Workload
    QGroupBox* m_workloadBox = nullptr;
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

    // KV cache
    QGroupBox* m_kvBox = nullptr;
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

    // Reserve and device
    QGroupBox* m_reserveBox = nullptr;
    QLabel* m_reserveLabel = nullptr;
    QDoubleSpinBox* m_reserveSpin = nullptr;
    QComboBox* m_reserveUnit = nullptr;
    QLabel* m_deviceCaption = nullptr;
    QLabel* m_deviceLabel = nullptr;
    QLabel* m_tpLabel = nullptr;
    QSpinBox* m_tpSpin = nullptr;

    // Results
    QLabel* m_message = nullptr;
    QLabel* m_verdict = nullptr;
    QTabWidget* m_resultTabs = nullptr;
    QTableView* m_breakdownView = nullptr;
    BreakdownBar* m_bar = nullptr;
    QTableView* m_catalogView = nullptr;
    QLabel* m_catalogNote = nullptr;
    BreakdownModel* m_breakdown = nullptr;
    CatalogFitModel* m_catalogModel = nullptr;
};

} // namespace iteragpu::gui
