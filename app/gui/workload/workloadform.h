// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/workload/sizedmodel.h"
#include "core/protocol/runlimits.h"
#include "core/protocol/runtypes.h"
#include "core/training/recipechoices.h"

#include <QLocale>
#include <QMap>
#include <QSet>
#include <QString>
#include <QWidget>
#include <array>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace iteragpu::gui {

// The workload of a run. What runs: the model of the sizing panel (a decoder-only transformer built from its
// shape: prompt and generated tokens, sequences, KV cache, attention, decode chunk) or the seeds' dense network
// (inference or training mode, dimensions, dtype); a line says in words which one Run will measure. Then warm-up
// and repeats, allocator backend, empty-cache policy, sampling rate, and the capacity of the simulated device.
// The model's run is inference, a training step, or vLLM's start-up rehearsed (with the sizing panel's serving-engine
// options: model load, profile run, KV pool, CUDA graphs, then the requests served). Every field is checked as it is
// typed; an invalid value shows its reason under the field and the form reports
// itself invalid, so Run stays disabled and nothing starts.
//
// Note [Which workload runs]: until the user picks one in "What runs", the form follows the sizing panel: the
// model as soon as the panel has a model shape (a preset or a config.json), the dense network while it has none
// (a typed parameter count, a checkpoint). A pick is kept (QSettings) and wins from then on; a pick of the model
// while the panel has no shape leaves the form invalid with the reason, it never measures something else.
//
// Note [Training choices over the framework's defaults]: the decoder's training step is the framework's profile
// (hf or torchtune) with what the user set over it, resolved by training::resolveRecipe, the one place defaults
// are decided. A field the user has not set shows the profile's value and follows a change of framework or
// method; a field the user set (typed in, clicked, picked) keeps its value until "Use the framework's defaults".
// What was said is kept (QSettings) as choices, never as the resolved recipe, so the defaults still follow.
class WorkloadForm : public QWidget {
    Q_OBJECT
public:
    enum class Field {
        Batch,
        Context,
        Width,
        PromptTokens,
        Generated,
        Sequences,
        DecodeChunk,
        Warmup,
        Repeats,
        SamplingHz,
        SimCapacity,
        // The decoder's training step (Note [Training choices over the framework's defaults])
        LoraRank,
        MicroBatch,
        SequenceLength,
        GradAccum,
        LossChunks,
        EvalBatch
    };
    // The training step's switches.
    enum class TrainingCheck { Checkpointing, PagedOptimizer, OptimizerInBackward, ExportCopy };

    // Core's limits (protocol/runlimits.h, held by validateConfig), never copies.
    static constexpr std::uint64_t kMaxDimension = protocol::kMaxTensorDimension;
    static constexpr std::uint64_t kMaxIterations = protocol::kMaxRepeats; // warm-up iterations or repeats
    static constexpr double kMaxSimCapacityGiB = 1'048'576.0; // 1 PiB
    static constexpr std::uint64_t kMaxGenerated = protocol::kMaxGeneratedTokens; // core's, validateConfig's

    explicit WorkloadForm(QWidget* parent = nullptr);

    bool isValid() const { return m_valid; }
    // The reason shown under a field, empty when the field is fine.
    QString errorText(Field field) const;
    // The reason that spans the whole form (e.g. a tensor size that overflows), empty when fine.
    QString formError() const;
    QLineEdit* edit(Field field) const;
    QComboBox* modeBox() const { return m_mode; }
    QComboBox* dtypeBox() const { return m_dtype; }
    QComboBox* allocatorBox() const { return m_allocator; }
    QCheckBox* emptyCacheBox() const { return m_emptyCache; }
    QComboBox* workloadBox() const { return m_workload; }
    QComboBox* cacheBox() const { return m_cache; }
    QComboBox* attentionBox() const { return m_attention; }
    // The decoder's run: inference (prefill and generation) or one training step of the recipe below.
    QComboBox* decoderRunBox() const { return m_decoderRun; }
    QComboBox* methodBox() const { return m_method; }
    QComboBox* frameworkBox() const { return m_framework; }
    QComboBox* adapterBox() const { return m_adapter; }
    QComboBox* optimizerBox() const { return m_optimizer; }
    QCheckBox* targetBox(training::LoraTarget target) const { return m_targets.at(static_cast<std::size_t>(target)); }
    QCheckBox* trainingCheck(TrainingCheck check) const { return m_checks.at(static_cast<std::size_t>(check)); }
    QPushButton* frameworkDefaultsButton() const { return m_frameworkDefaults; }
    // Whether the decoder's run is a training step (the form's choice, whatever runs now).
    bool decoderTraining() const;
    // Whether the decoder's run is vLLM's start-up rehearsed, with the sizing panel's engine options (Note [vLLM
    // rehearsal] in core/protocol/vllmrun.h): the plan is made on the run's device when it starts.
    bool decoderVllm() const;
    // What the user said about the training step: framework and method, and each field the user set; the rest
    // is left to the framework's profile (training::resolveRecipe). Fields that do not read are left out.
    training::RecipeChoices recipeChoices() const;

    // The workload Run measures now (Note [Which workload runs]).
    protocol::WorkloadKind workload() const;
    // The line under "What runs": which workload Run measures, in words.
    QString measuresText() const;
    // The sizing panel's model, or nullopt while it has no model shape; the window calls this on every change.
    void setSizedModel(const std::optional<SizedModel>& model);
    const std::optional<SizedModel>& sizedModel() const { return m_model; }
    // "Measure this model": the model, its tokens and sequences (and a static cache) taken over, the model chosen.
    void takeOver(const SizedModel& model);

    // The run configuration of the fields (deviceId left for the caller); nullopt while invalid.
    std::optional<protocol::RunConfig> config() const;
    void setConfig(const protocol::RunConfig& config);
    // The simulated capacity applies to sim:N only; the field is disabled for a GPU.
    void setSimulatedDevice(bool simulated);
    // A simulated card (the device panel's) brings its reported capacity: the field shows it, disabled, and
    // config() leaves simCapacityBytes unset (the card's applies). nullopt gives the field back.
    void setSimCardCapacity(std::optional<std::uint64_t> bytes);
    // Locks the form while a run is going.
    void setLocked(bool locked);
    // The seeds' example: RunConfig's defaults (batch 2, context 128, width 1024, float32, warm-up 3, 5 repeats).
    void resetToSeedsExample();
    QPushButton* resetButton() const { return m_reset; }

signals:
    void validityChanged(bool valid);
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct FieldWidgets {
        QLabel* label = nullptr;
        QLineEdit* edit = nullptr;
        QLabel* error = nullptr;
    };

    void addField(Field field);
    void setFieldVisible(Field field, bool visible);
    bool fieldApplies(Field field) const;
    void chooseWorkload(std::optional<protocol::WorkloadKind> kind); // nullopt: follow the sizing panel
    void updateWorkloadRows();
    void updateMeasuresText();
    QString decoderProblem() const; // why the sizing panel's model cannot be measured; empty when it can
    void addTrainingCheck(TrainingCheck check);
    QString computeDTypeName() const; // the dtype the model computes in, for the adapters' choice
    void updateTrainingRows();
    void showFrameworkDefaults(); // Note [Training choices over the framework's defaults]
    void applyRecipeChoices(const training::RecipeChoices& choices); // the user's choices, as said
    void say(const QObject* widget); // the user set it: it keeps its value from now on
    void fillDecoder(protocol::RunConfig& c) const;
    void saveChoices() const;
    void retranslateUi();
    void relocalizeFields(); // Note [Numbers across a language switch]
    void validate();
    QString checkField(Field field, std::optional<std::uint64_t>& integer, std::optional<double>& real) const;

    QFormLayout* m_layout = nullptr;
    QMap<Field, FieldWidgets> m_fields;
    QLabel* m_modeLabel = nullptr;
    QLabel* m_dtypeLabel = nullptr;
    QLabel* m_allocatorLabel = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_dtype = nullptr;
    QComboBox* m_allocator = nullptr;
    QCheckBox* m_emptyCache = nullptr;
    QLabel* m_workloadLabel = nullptr;
    QComboBox* m_workload = nullptr;
    QLabel* m_measures = nullptr;
    QLabel* m_cacheLabel = nullptr;
    QComboBox* m_cache = nullptr;
    QLabel* m_attentionLabel = nullptr;
    QComboBox* m_attention = nullptr;
    QLabel* m_decoderRunLabel = nullptr;
    QComboBox* m_decoderRun = nullptr;
    QLabel* m_trainingHeading = nullptr;
    QLabel* m_methodLabel = nullptr;
    QComboBox* m_method = nullptr;
    QLabel* m_frameworkLabel = nullptr;
    QComboBox* m_framework = nullptr;
    QLabel* m_targetsLabel = nullptr;
    QWidget* m_targetsBox = nullptr;
    std::array<QCheckBox*, training::kLoraTargetCount> m_targets {};
    QLabel* m_adapterLabel = nullptr;
    QComboBox* m_adapter = nullptr;
    QLabel* m_optimizerLabel = nullptr;
    QComboBox* m_optimizer = nullptr;
    std::array<QCheckBox*, 4> m_checks {};
    QPushButton* m_frameworkDefaults = nullptr;
    QSet<const QObject*> m_said; // the training widgets the user set (Note [Training choices ...])
    QLabel* m_formError = nullptr;
    QPushButton* m_reset = nullptr;
    bool m_valid = false;
    bool m_simulated = true;
    bool m_restoring = false;
    std::optional<std::uint64_t> m_cardCapacity; // bytes of the simulated card, when one is chosen
    QString m_typedCapacity; // the field's text before a card's capacity replaced it (unparsable: kept as typed)
    std::optional<double> m_typedGiB; // its value, written again in the language of the day when given back
    std::optional<protocol::WorkloadKind> m_chosen; // the user's pick; nullopt follows the sizing panel
    std::optional<SizedModel> m_model;
    QLocale m_fieldLocale; // the locale the numeric fields are written in
};

} // namespace iteragpu::gui
