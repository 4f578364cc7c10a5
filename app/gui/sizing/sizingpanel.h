// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/sizing/modelsourcebox.h"
#include "app/gui/sizing/reservebox.h"
#include "app/gui/sizing/sizingresultsview.h"
#include "app/gui/sizing/trainingbox.h"
#include "app/gui/workload/sizedmodel.h"
#include "core/verdict/deviceneed.h"
#include "core/verdict/measuredverdict.h"
#include "core/model/modelshape.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/estimate.h"
#include "core/sizing/fitverdict.h"
#include "core/sizing/sizinginputs.h"
#include "core/sizing/sizingrequest.h"
#include "core/units/units.h"

#include <QList>
#include <QWidget>
#include <optional>

class QPushButton;
class QScrollArea;
class QSplitter;
class QTimer;

namespace iteragpu::gui {

class BreakdownBar;
class BreakdownModel;
class CatalogFitModel;
class ComputationView;
class EngineBox;
class FormatBox;
class KvCacheBox;

// The sizing panel, meant for a dock: its input boxes (ModelSourceBox, FormatBox, TrainingBox, KvCacheBox,
// ReserveBox) scroll above, the results (SizingResultsView: need, verdict, breakdown, "How it is computed",
// catalog) below, a splitter between them. The boxes' choices become core's SizingInputs, and makeRequest() the
// request, the same way as in the CLI. It re-estimates as the user types (a short single-shot timer gathers
// keystrokes; the engine is synchronous and cheap) and never needs a GPU. Bad input is a message in the panel,
// never a crash. The choices are kept across starts (QSettings, group "sizing"); a new installation and "Reset
// to the seeds' example" give 7 000 000 000 parameters, 16 bit, 4 GiB reserve.
class SizingPanel : public QWidget {
    Q_OBJECT
public:
    using Source = ModelSourceBox::Source;
    using Mode = TrainingBox::Mode;
    using Device = ReserveBox::Device;

    static constexpr int kDebounceMs = 50; // milliseconds between the last keystroke and the re-estimate
    static constexpr int kSaveDelayMs = 500; // milliseconds between the last change and writing the settings
    static constexpr int kMinInputsHeight = 150; // pixels: the input boxes never shrink to their first row
    static constexpr int kBesideHeight = 600; // pixels: from this panel height the inputs sit above the results
    static constexpr int kSideBySideWidth = 880; // pixels: from this panel width the inputs sit left of the results
    static constexpr int kSideBySideMinHeight = 360; // pixels: ... when the panel is at least this tall
    static constexpr int kInputsWidth = 440; // pixels: the inputs' column when side by side

    explicit SizingPanel(QWidget* parent = nullptr);
    ~SizingPanel() override;

    // The last valid estimate; nullopt while the input is invalid (errorText() says why).
    const std::optional<sizing::Estimate>& estimate() const { return m_estimate; }
    QString errorText() const { return m_error; }
    // The choices as core's inputs (what makeRequest() was given for the estimate).
    sizing::SizingInputs inputs() const;
    // The verdict for the target card (the run device unless another is chosen); nullopt without one or without
    // an estimate.
    const std::optional<sizing::FitVerdict>& deviceVerdict() const { return m_deviceVerdict; }
    // The one estimate of what must fit on a device (core/verdict) for estimate(); nullopt with it.
    const std::optional<verdict::DeviceNeed>& need() const { return m_need; }
    // The result the window shows (a run measured here or a file opened): its verdict outranks the estimate in
    // the verdict line and on its card's row of the table. nullopt: none shown.
    void setMeasured(std::optional<verdict::MeasuredVerdict> measured);
    const std::optional<verdict::MeasuredVerdict>& measured() const { return m_measured; }
    // Text of the verdict line as shown.
    QString verdictText() const;
    // The serving engine's plan on the verdict's card (its verdict first, core's words); empty for transformers.
    std::vector<i18n::Message> engineMessages() const { return m_engineMessages; }
    bool engineStarts() const { return m_engineStarts; }

    BreakdownModel* breakdownModel() const;
    CatalogFitModel* catalogModel() const;
    BreakdownBar* breakdownBar() const;
    ComputationView* computationView() const;
    KvCacheBox* kvCacheBox() const { return m_kvBox; }
    // Note [Short docks] in sizingpanel.cpp: true when the inputs sit above the results, false when they are the
    // results' first tab.
    bool inputsBesideResults() const;
    using ResultsPage = SizingResultsView::Page;
    void showResultsPage(ResultsPage page);

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
    bool loadHubModel(const QString& id); // ORG/NAME[@REVISION] of the local Hugging Face cache
    bool loadGguf(const QString& path);
    // By preset id or name; false when absent.
    bool selectPreset(const QString& idOrName);
    // The model shape of the current source (preset or config.json), if any.
    std::optional<model::ModelShape> shape() const;
    // The model as a run would measure it (shape, its source and name, formats, the KV box's tokens and
    // sequences); nullopt without a model shape (typed numbers, a checkpoint).
    std::optional<SizedModel> sizedModel() const;
    // "Measure this model": enabled while the panel has a model shape.
    QPushButton* measureButton() const { return m_measureButton; }

    // The verdict's card: a catalog card's id or name, "card:<id>", "device:<id>", or "" for the run device.
    bool setTargetCard(const QString& keyOrCard);
    QString targetKey() const;
    QString runDeviceId() const;
    // The devices of this machine (not the simulated one), offered as verdict targets.
    void setDetectedDevices(const QList<Device>& devices);

public slots:
    // The device chosen in the device picker, for a run; with no other target chosen the verdict is for it.
    void setDevice(const QString& name, quint64 capacityBytes, bool simulated = false);
    void clearDevice();
    // Re-estimates now (the timer calls it; tests may too).
    void recompute();
    // Every box back to the seeds' example.
    void resetToSeedExample();
    void openConfigDialog();
    void openSafetensorsFileDialog();
    void openSafetensorsFolderDialog();

signals:
    // A new valid estimate: the bytes that must fit on one device (largest phase + reserve). The window
    // connects it to the timeline's estimate line.
    void estimateChanged(quint64 totalBytes);
    // The input became invalid; reason is one line. The estimate line should be hidden.
    void estimateCleared(const QString& reason);
    // After every re-estimate: sizedModel() may have changed (the workload form follows it).
    void sizedModelChanged();
    // "Measure this model" was pressed: the window hands sizedModel() to the workload form and shows it.
    void measureRequested(const iteragpu::gui::SizedModel& model);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslateUi();
    void scheduleRecompute();
    void updateEnabledState();
    void showError(const QString& error);
    void updateCatalog(const sizing::SizingRequest& request);
    void updateVerdict();
    // The chosen engine's start-up on the verdict's card (nothing for transformers).
    void planEngine(const sizing::GpuCard& card, SizingResultsView::Verdict& verdict) const;
    void placeInputs();
    void saveSettings() const;
    void restoreSettings();
    void updateMeasureButton();

    std::optional<sizing::Estimate> m_estimate;
    std::optional<sizing::SizingRequest> m_request;
    std::optional<sizing::FitVerdict> m_deviceVerdict;
    std::optional<verdict::DeviceNeed> m_need; // the one estimate of m_request (core/verdict)
    std::optional<verdict::MeasuredVerdict> m_measured; // the shown result's verdict
    std::optional<quint64> m_lastEmitted;
    QString m_error;
    std::optional<sizing::DeviceCatalog> m_catalog;
    QString m_catalogError;
    bool m_runDeviceSimulated = false;
    bool m_restoring = false;
    QTimer* m_timer = nullptr;
    QTimer* m_saveTimer = nullptr;

    ModelSourceBox* m_modelBox = nullptr;
    FormatBox* m_formatBox = nullptr;
    TrainingBox* m_workloadBox = nullptr;
    KvCacheBox* m_kvBox = nullptr;
    ReserveBox* m_reserveBox = nullptr;
    EngineBox* m_engineBox = nullptr;
    std::vector<i18n::Message> m_engineMessages;
    bool m_engineStarts = false;
    QPushButton* m_resetButton = nullptr;
    QPushButton* m_measureButton = nullptr;
    SizingResultsView* m_results = nullptr;
    QSplitter* m_splitter = nullptr;
    QScrollArea* m_inputsScroll = nullptr;
};

} // namespace iteragpu::gui
