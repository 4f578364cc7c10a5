// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workload/workloadform.h"
#include "app/gui/widgets/elidingcombobox.h"

#include "app/gui/application/localenumber.h"
#include "app/gui/application/messagetext.h"
#include "app/gui/widgets/wheelguard.h"
#include "app/gui/workload/workloadsettings.h"
#include "core/protocol/runlimits.h"
#include "core/protocol/vllmrun.h"
#include "core/protocol/workloaddescription.h"
#include "core/runner/runner.h"
#include "core/training/frameworkprofile.h"
#include "core/units/units.h"
#include "core/workloads/decodersource.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

namespace {

    const QString kErrorStyle = QStringLiteral("QLabel { color: #b00000; }");
    const QString kInvalidEditStyle = QStringLiteral("QLineEdit { border: 1px solid #c00000; background: #fff0f0; }");

    // The window's one reader of typed numbers (Note [One reader of typed numbers], LocaleNumber): the number as
    // the user's language writes it ("1.024" in German) or plainly ("1024", "7e9"); a sign is refused, and said.
    std::optional<std::uint64_t> parseInteger(const QString& text, bool& negative, const QLocale& locale = QLocale())
    {
        negative = text.trimmed().startsWith(QLatin1Char('-'));
        return LocaleNumber::parseCount(text, locale);
    }

    std::optional<double> parseReal(const QString& text, const QLocale& locale = QLocale())
    {
        return LocaleNumber::parseDecimal(text, locale);
    }

    // The decoder-run row's data: protocol::Mode for inference and a training step, this for vLLM's start-up.
    constexpr int kVllmRunData = 2;

    bool isDenseField(WorkloadForm::Field f)
    {
        using F = WorkloadForm::Field;
        return f == F::Batch || f == F::Context || f == F::Width;
    }

    bool isDecoderField(WorkloadForm::Field f)
    {
        using F = WorkloadForm::Field;
        return f == F::PromptTokens || f == F::Generated || f == F::Sequences || f == F::DecodeChunk;
    }

    bool isTrainingField(WorkloadForm::Field f)
    {
        using F = WorkloadForm::Field;
        return f == F::LoraRank || f == F::MicroBatch || f == F::SequenceLength || f == F::GradAccum
            || f == F::LossChunks || f == F::EvalBatch;
    }

    // The sizing engine's format, as the decoder stores it: every format both know, by its one name.
    std::optional<protocol::WeightStorage> storageOf(sizing::WeightFormat format)
    {
        return protocol::weightStorageFromName(sizing::weightFormatInfo(format).name);
    }

    std::optional<device::DType> dtypeOf(sizing::ScalarType type)
    {
        switch (type) {
        case sizing::ScalarType::FP32:
            return device::DType::Float32;
        case sizing::ScalarType::FP16:
            return device::DType::Float16;
        case sizing::ScalarType::BF16:
            return device::DType::BFloat16;
        default:
            return std::nullopt;
        }
    }

} // namespace

WorkloadForm::WorkloadForm(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("WorkloadForm"));
    m_layout = new QFormLayout(this);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setRowWrapPolicy(QFormLayout::DontWrapRows);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_workloadLabel = new QLabel(this);
    m_workload = new ElidingComboBox(this);
    m_workload->setObjectName(QStringLiteral("workloadCombo"));
    m_workload->addItem(QString(), static_cast<int>(protocol::WorkloadKind::Decoder));
    m_workload->addItem(QString(), static_cast<int>(protocol::WorkloadKind::Dense));
    m_layout->addRow(m_workloadLabel, m_workload);
    m_workloadLabel->setBuddy(m_workload);
    m_measures = new QLabel(this);
    m_measures->setObjectName(QStringLiteral("workloadMeasures"));
    m_measures->setWordWrap(true);
    m_measures->setStyleSheet(QStringLiteral("QLabel { background: #eef4fb; border: 1px solid #9ab; padding: 3px; }"));
    m_layout->addRow(m_measures);

    m_modeLabel = new QLabel(this);
    m_mode = new ElidingComboBox(this);
    m_mode->addItem(QString(), static_cast<int>(protocol::Mode::Inference));
    m_mode->addItem(QString(), static_cast<int>(protocol::Mode::Training));
    m_layout->addRow(m_modeLabel, m_mode);
    m_modeLabel->setBuddy(m_mode);

    addField(Field::Batch);
    addField(Field::Context);
    addField(Field::Width);

    m_dtypeLabel = new QLabel(this);
    m_dtype = new ElidingComboBox(this);
    // Technical identifiers, never translated.
    for (auto dtype : { device::DType::Float32, device::DType::Float16, device::DType::BFloat16 })
        m_dtype->addItem(QLatin1String(device::dtypeName(dtype)), static_cast<int>(dtype));
    m_layout->addRow(m_dtypeLabel, m_dtype);
    m_dtypeLabel->setBuddy(m_dtype);

    m_decoderRunLabel = new QLabel(this);
    m_decoderRun = new ElidingComboBox(this);
    m_decoderRun->setObjectName(QStringLiteral("decoderRunCombo"));
    m_decoderRun->addItem(QString(), static_cast<int>(protocol::Mode::Inference));
    m_decoderRun->addItem(QString(), static_cast<int>(protocol::Mode::Training));
    m_decoderRun->addItem(QString(), kVllmRunData);
    m_layout->addRow(m_decoderRunLabel, m_decoderRun);
    m_decoderRunLabel->setBuddy(m_decoderRun);

    addField(Field::PromptTokens);
    addField(Field::Generated);
    addField(Field::Sequences);
    m_cacheLabel = new QLabel(this);
    m_cache = new ElidingComboBox(this);
    m_cache->setObjectName(QStringLiteral("kvCacheCombo"));
    for (auto kind : { protocol::KvCacheKind::Dynamic, protocol::KvCacheKind::Static, protocol::KvCacheKind::Paged })
        m_cache->addItem(QString(), static_cast<int>(kind));
    m_layout->addRow(m_cacheLabel, m_cache);
    m_cacheLabel->setBuddy(m_cache);
    m_attentionLabel = new QLabel(this);
    m_attention = new ElidingComboBox(this);
    m_attention->setObjectName(QStringLiteral("attentionCombo"));
    for (auto kind : { protocol::AttentionKind::Eager, protocol::AttentionKind::Sdpa })
        m_attention->addItem(QString(), static_cast<int>(kind));
    m_layout->addRow(m_attentionLabel, m_attention);
    m_attentionLabel->setBuddy(m_attention);
    addField(Field::DecodeChunk);

    // The decoder's training step (Note [Training choices over the framework's defaults]).
    m_trainingHeading = new QLabel(this);
    m_trainingHeading->setObjectName(QStringLiteral("trainingHeading"));
    m_trainingHeading->setWordWrap(true);
    QFont heading = m_trainingHeading->font();
    heading.setBold(true);
    m_trainingHeading->setFont(heading);
    m_layout->addRow(m_trainingHeading);
    const auto addCombo = [this](QLabel*& label, QComboBox*& combo, const QString& name) {
        label = new QLabel(this);
        combo = new ElidingComboBox(this);
        combo->setObjectName(name);
        m_layout->addRow(label, combo);
        label->setBuddy(combo);
    };
    addCombo(m_frameworkLabel, m_framework, QStringLiteral("frameworkCombo"));
    // Technical identifiers, never translated (the CLI's --framework and --optimizer words).
    for (auto f : { training::Framework::Hf, training::Framework::Torchtune })
        m_framework->addItem(QLatin1String(training::frameworkName(f)), static_cast<int>(f));
    addCombo(m_methodLabel, m_method, QStringLiteral("methodCombo"));
    for (auto m : { training::Method::Full, training::Method::Lora, training::Method::Qlora })
        m_method->addItem(QString(), static_cast<int>(m));
    m_targetsLabel = new QLabel(this);
    m_targetsBox = new QWidget(this);
    m_targetsBox->setObjectName(QStringLiteral("loraTargets"));
    auto* grid = new QGridLayout(m_targetsBox);
    grid->setContentsMargins(12, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(2);
    for (int i = 0; i < training::kLoraTargetCount; ++i) {
        const auto target = static_cast<training::LoraTarget>(i);
        auto* box = new QCheckBox(QLatin1String(training::loraTargetName(target)), m_targetsBox);
        box->setObjectName(QStringLiteral("target_") + QLatin1String(training::loraTargetName(target)));
        grid->addWidget(box, i < 4 ? 0 : 1, i < 4 ? i : i - 4); // attention's four, then the MLP's three
        m_targets[static_cast<std::size_t>(i)] = box;
        // clicked only: toggled comes first, and the defaults shown then would undo the click
        connect(box, &QCheckBox::clicked, this, [this] { say(m_targetsBox); });
    }
    // The label above the boxes, each row as wide as the form: the seven names beside a label would widen it.
    m_layout->addRow(m_targetsLabel);
    m_layout->addRow(m_targetsBox);
    m_targetsLabel->setBuddy(m_targets[0]);
    addField(Field::LoraRank);
    addCombo(m_adapterLabel, m_adapter, QStringLiteral("adapterCombo"));
    m_adapter->addItem(QLatin1String(device::dtypeName(device::DType::Float32)), 1);
    m_adapter->addItem(QString(), 0);
    addField(Field::MicroBatch);
    addField(Field::SequenceLength);
    addField(Field::GradAccum);
    addTrainingCheck(TrainingCheck::Checkpointing);
    addCombo(m_optimizerLabel, m_optimizer, QStringLiteral("optimizerCombo"));
    for (auto k : { training::OptimizerKind::AdamW, training::OptimizerKind::AdamW8bit, training::OptimizerKind::Sgd })
        m_optimizer->addItem(QLatin1String(training::optimizerKindName(k)), static_cast<int>(k));
    addTrainingCheck(TrainingCheck::PagedOptimizer);
    addTrainingCheck(TrainingCheck::OptimizerInBackward);
    addField(Field::LossChunks);
    addField(Field::EvalBatch);
    addTrainingCheck(TrainingCheck::ExportCopy);
    m_frameworkDefaults = new QPushButton(this);
    m_frameworkDefaults->setObjectName(QStringLiteral("frameworkDefaultsButton"));
    m_layout->addRow(m_frameworkDefaults);
    connect(m_frameworkDefaults, &QPushButton::clicked, this, [this] {
        m_said.clear();
        for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
            it.value().edit->setModified(false);
        validate();
    });
    for (Field f : { Field::LoraRank, Field::MicroBatch, Field::SequenceLength, Field::GradAccum, Field::LossChunks,
             Field::EvalBatch }) {
        QLineEdit* e = m_fields.value(f).edit;
        connect(e, &QLineEdit::textEdited, this, [this, e] { say(e); });
    }
    // activated only: currentIndexChanged comes first, and the defaults shown then would undo the pick
    for (QComboBox* combo : { m_adapter, m_optimizer })
        connect(combo, &QComboBox::activated, this, [this, combo] { say(combo); });

    addField(Field::Warmup);
    addField(Field::Repeats);

    m_allocatorLabel = new QLabel(this);
    m_allocator = new ElidingComboBox(this);
    m_allocator->addItem(QString(), static_cast<int>(protocol::AllocatorKind::Native));
    m_allocator->addItem(QString(), static_cast<int>(protocol::AllocatorKind::Async));
    m_layout->addRow(m_allocatorLabel, m_allocator);
    m_allocatorLabel->setBuddy(m_allocator);
    // Long item texts must not widen the form beyond its dock: the combo boxes elide, their tooltips tell all.
    for (QComboBox* combo : { m_workload, m_mode, m_dtype, m_allocator, m_cache, m_attention, m_decoderRun, m_framework,
             m_method, m_adapter, m_optimizer }) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
    }
    m_emptyCache = new QCheckBox(this);
    m_layout->addRow(m_emptyCache);

    addField(Field::SamplingHz);
    addField(Field::SimCapacity);

    m_formError = new QLabel(this);
    m_formError->setWordWrap(true);
    m_formError->setStyleSheet(kErrorStyle);
    m_formError->hide();
    m_layout->addRow(m_formError);

    m_reset = new QPushButton(this);
    m_layout->addRow(m_reset);
    connect(m_reset, &QPushButton::clicked, this, &WorkloadForm::resetToSeedsExample);

    // The form sits in a scroll area: the wheel scrolls it, and changes a combo box only once it has the focus.
    WheelGuard::install(this);
    retranslateUi();
    // The last choices (QSettings), else the seeds' example; every valid change is kept for the next start.
    m_restoring = true;
    protocol::RunConfig restored = WorkloadSettings::load().value_or(protocol::RunConfig {});
    restored.decoder = WorkloadSettings::loadDecoder().value_or(protocol::DecoderSpec {});
    setConfig(restored);
    m_chosen = WorkloadSettings::loadChosenWorkload();
    if (const auto t = WorkloadSettings::loadTraining()) {
        m_decoderRun->setCurrentIndex(m_decoderRun->findData(
            static_cast<int>(t->enabled ? protocol::Mode::Training : protocol::Mode::Inference)));
        applyRecipeChoices(t->choices);
    }
    if (WorkloadSettings::loadVllmRun())
        m_decoderRun->setCurrentIndex(m_decoderRun->findData(kVllmRunData));
    m_restoring = false;
    updateWorkloadRows();
    connect(this, &WorkloadForm::changed, this, &WorkloadForm::saveChoices);
    // Note [Which workload runs]: only the user's own pick (activated, never a programmatic change) is kept.
    connect(m_workload, &QComboBox::activated, this, [this](int index) {
        chooseWorkload(static_cast<protocol::WorkloadKind>(m_workload->itemData(index).toInt()));
    });
    for (auto* combo : { m_mode, m_dtype, m_allocator, m_cache, m_attention })
        connect(combo, &QComboBox::currentIndexChanged, this, [this] { validate(); });
    for (auto* combo : { m_decoderRun, m_method, m_framework })
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            updateWorkloadRows();
            validate();
        });
    connect(m_emptyCache, &QCheckBox::toggled, this, [this] { validate(); });
    validate();
}

void WorkloadForm::addField(Field field)
{
    FieldWidgets w;
    w.label = new QLabel(this);
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    w.edit = new QLineEdit(box);
    w.edit->setMinimumWidth(70);
    w.error = new QLabel(box);
    w.error->setWordWrap(true);
    w.error->setStyleSheet(kErrorStyle);
    w.error->hide();
    v->addWidget(w.edit);
    v->addWidget(w.error);
    w.label->setBuddy(w.edit);
    m_layout->addRow(w.label, box);
    connect(w.edit, &QLineEdit::textChanged, this, [this] { validate(); });
    m_fields.insert(field, w);
}

void WorkloadForm::addTrainingCheck(TrainingCheck check)
{
    auto* box = new QCheckBox(this);
    m_layout->addRow(box);
    m_checks[static_cast<std::size_t>(check)] = box;
    // clicked only: toggled comes first, and the defaults shown then would undo the click
    connect(box, &QCheckBox::clicked, this, [this, box] { say(box); });
}

QLineEdit* WorkloadForm::edit(Field field) const { return m_fields.value(field).edit; }

void WorkloadForm::say(const QObject* widget)
{
    m_said.insert(widget);
    validate();
}

bool WorkloadForm::decoderTraining() const
{
    return m_decoderRun->currentData().toInt() == static_cast<int>(protocol::Mode::Training);
}

bool WorkloadForm::decoderVllm() const { return m_decoderRun->currentData().toInt() == kVllmRunData; }

training::RecipeChoices WorkloadForm::recipeChoices() const
{
    training::RecipeChoices c;
    c.framework = static_cast<training::Framework>(m_framework->currentData().toInt());
    c.method = static_cast<training::Method>(m_method->currentData().toInt());
    if (m_said.contains(m_targetsBox)) {
        std::vector<training::LoraTarget> targets;
        for (int i = 0; i < training::kLoraTargetCount; ++i)
            if (m_targets[static_cast<std::size_t>(i)]->isChecked())
                targets.push_back(static_cast<training::LoraTarget>(i));
        c.targets = std::move(targets);
    }
    const auto count = [this](Field f) -> std::optional<std::uint64_t> {
        const QLineEdit* e = m_fields.value(f).edit;
        if (!m_said.contains(e) && !e->isModified())
            return std::nullopt;
        bool negative = false;
        const auto v = parseInteger(e->text(), negative);
        return negative ? std::nullopt : v;
    };
    c.rank = count(Field::LoraRank);
    c.microBatch = count(Field::MicroBatch);
    c.sequenceLength = count(Field::SequenceLength);
    c.gradAccum = count(Field::GradAccum);
    c.lossChunks = count(Field::LossChunks);
    c.evalBatch = count(Field::EvalBatch);
    if (m_said.contains(m_adapter))
        c.adapterFp32 = m_adapter->currentData().toInt() == 1;
    if (m_said.contains(m_optimizer))
        c.optimizer = static_cast<training::OptimizerKind>(m_optimizer->currentData().toInt());
    const auto flag = [this](TrainingCheck check) -> std::optional<bool> {
        const QCheckBox* box = trainingCheck(check);
        return m_said.contains(box) ? std::optional<bool>(box->isChecked()) : std::nullopt;
    };
    c.checkpointing = flag(TrainingCheck::Checkpointing);
    c.pagedOptimizer = flag(TrainingCheck::PagedOptimizer);
    c.optimizerInBackward = flag(TrainingCheck::OptimizerInBackward);
    c.exportCopy = flag(TrainingCheck::ExportCopy);
    return c;
}

void WorkloadForm::showFrameworkDefaults()
{
    // Note [Training choices over the framework's defaults]: every widget not said shows the resolved value.
    const training::TrainingRecipe r = training::resolveRecipe(recipeChoices());
    const auto showCount = [this](Field f, std::uint64_t v) {
        QLineEdit* e = m_fields.value(f).edit;
        if (m_said.contains(e) || e->isModified()) // typed in: said, whichever signal comes first
            return;
        const QString text = QString::number(static_cast<qulonglong>(v));
        if (e->text() != text) {
            const QSignalBlocker block(e);
            e->setText(text);
        }
    };
    showCount(Field::LoraRank, r.rank);
    showCount(Field::MicroBatch, r.microBatch);
    showCount(Field::SequenceLength, r.sequenceLength);
    showCount(Field::GradAccum, r.gradAccum);
    showCount(Field::LossChunks, r.lossChunks);
    showCount(Field::EvalBatch, r.evalBatch);
    const auto showCombo = [this](QComboBox* combo, int data) {
        if (m_said.contains(combo))
            return;
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(data));
    };
    showCombo(m_adapter, r.adapterFp32 ? 1 : 0);
    showCombo(m_optimizer, static_cast<int>(r.optimizer));
    if (!m_said.contains(m_targetsBox))
        for (int i = 0; i < training::kLoraTargetCount; ++i) {
            QCheckBox* box = m_targets[static_cast<std::size_t>(i)];
            const QSignalBlocker block(box);
            box->setChecked(
                std::find(r.targets.begin(), r.targets.end(), static_cast<training::LoraTarget>(i)) != r.targets.end());
        }
    const auto showCheck = [this](TrainingCheck check, bool value) {
        QCheckBox* box = trainingCheck(check);
        if (m_said.contains(box))
            return;
        const QSignalBlocker block(box);
        box->setChecked(value);
    };
    showCheck(TrainingCheck::Checkpointing, r.checkpointing);
    showCheck(TrainingCheck::PagedOptimizer, r.pagedOptimizer);
    showCheck(TrainingCheck::OptimizerInBackward, r.optimizerInBackward);
    showCheck(TrainingCheck::ExportCopy, r.exportCopy);
}

void WorkloadForm::applyRecipeChoices(const training::RecipeChoices& c)
{
    // Each value said is marked before it is set, so the defaults shown meanwhile never overwrite it.
    m_said.clear();
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        it.value().edit->setModified(false);
    m_framework->setCurrentIndex(m_framework->findData(static_cast<int>(c.framework)));
    m_method->setCurrentIndex(m_method->findData(static_cast<int>(c.method)));
    if (c.targets) {
        m_said.insert(m_targetsBox);
        for (int i = 0; i < training::kLoraTargetCount; ++i)
            m_targets[static_cast<std::size_t>(i)]->setChecked(
                std::find(c.targets->begin(), c.targets->end(), static_cast<training::LoraTarget>(i))
                != c.targets->end());
    }
    const auto setCount = [this](Field f, const std::optional<std::uint64_t>& v) {
        if (!v)
            return;
        QLineEdit* e = m_fields.value(f).edit;
        m_said.insert(e);
        e->setText(QString::number(static_cast<qulonglong>(*v)));
    };
    setCount(Field::LoraRank, c.rank);
    setCount(Field::MicroBatch, c.microBatch);
    setCount(Field::SequenceLength, c.sequenceLength);
    setCount(Field::GradAccum, c.gradAccum);
    setCount(Field::LossChunks, c.lossChunks);
    setCount(Field::EvalBatch, c.evalBatch);
    if (c.adapterFp32) {
        m_said.insert(m_adapter);
        m_adapter->setCurrentIndex(m_adapter->findData(*c.adapterFp32 ? 1 : 0));
    }
    if (c.optimizer) {
        m_said.insert(m_optimizer);
        m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(*c.optimizer)));
    }
    const auto setCheck = [this](TrainingCheck check, const std::optional<bool>& v) {
        if (!v)
            return;
        QCheckBox* box = trainingCheck(check);
        m_said.insert(box);
        box->setChecked(*v);
    };
    setCheck(TrainingCheck::Checkpointing, c.checkpointing);
    setCheck(TrainingCheck::PagedOptimizer, c.pagedOptimizer);
    setCheck(TrainingCheck::OptimizerInBackward, c.optimizerInBackward);
    setCheck(TrainingCheck::ExportCopy, c.exportCopy);
    validate();
}

QString WorkloadForm::errorText(Field field) const
{
    const FieldWidgets w = m_fields.value(field);
    return w.error && !w.error->isHidden() ? w.error->text() : QString();
}

QString WorkloadForm::formError() const { return m_formError->isHidden() ? QString() : m_formError->text(); }

QString WorkloadForm::checkField(Field field, std::optional<std::uint64_t>& integer, std::optional<double>& real) const
{
    const QString text = m_fields.value(field).edit->text();
    if (text.trimmed().isEmpty())
        return tr("Required.");
    const QLocale locale;
    if (field == Field::SamplingHz || field == Field::SimCapacity) {
        real = parseReal(text);
        if (!real)
            return tr("Not a number.");
        if (field == Field::SamplingHz && (*real < protocol::kMinSamplingHz || *real > protocol::kMaxSamplingHz)) {
            //: %1 and %2 are the lowest and highest sampling rates in Hz
            return tr("Between %1 and %2 Hz.")
                .arg(LocaleNumber::fixed(protocol::kMinSamplingHz, 0, locale),
                    LocaleNumber::fixed(protocol::kMaxSamplingHz, 0, locale));
        }
        if (field == Field::SimCapacity) {
            if (*real <= 0.0)
                return tr("Must be more than 0 GiB.");
            if (*real > kMaxSimCapacityGiB)
                //: %1 is the largest simulated capacity in GiB
                return tr("At most %1 GiB.").arg(LocaleNumber::fixed(kMaxSimCapacityGiB, 0, locale));
            if (!units::fromUnit(*real, units::Unit::GiB))
                return tr("Too large.");
        }
        return {};
    }
    bool negative = false;
    integer = parseInteger(text, negative);
    if (negative)
        return tr("Cannot be negative.");
    if (!integer)
        return tr("Not a whole number.");
    const bool iterations = field == Field::Warmup || field == Field::Repeats;
    const bool steps = field == Field::Generated || field == Field::DecodeChunk; // 0: none / all in one record
    // 0: the loss over the whole logits / no eval phase
    const bool noneAllowed = field == Field::LossChunks || field == Field::EvalBatch;
    if (!iterations && !steps && !noneAllowed && *integer == 0)
        return tr("Must be at least 1.");
    // Core's limits (training/trainingrecipe.h, protocol/runlimits.h), never copies.
    std::uint64_t limit = iterations ? kMaxIterations : steps ? kMaxGenerated : kMaxDimension;
    if (field == Field::LoraRank)
        limit = training::kMaxLoraRank;
    else if (field == Field::GradAccum)
        limit = training::kMaxGradAccum;
    else if (field == Field::LossChunks)
        limit = training::kMaxLossChunks;
    if (*integer > limit)
        //: %1 is the largest value the field accepts
        return tr("At most %1.").arg(LocaleNumber::integer(static_cast<qulonglong>(limit), locale));
    return {};
}

void WorkloadForm::validate()
{
    showFrameworkDefaults();
    bool valid = true;
    for (auto it = m_fields.begin(); it != m_fields.end(); ++it) {
        FieldWidgets& w = it.value();
        if (!fieldApplies(it.key())) {
            w.error->hide();
            w.edit->setStyleSheet(QString());
            continue;
        }
        std::optional<std::uint64_t> integer;
        std::optional<double> real;
        const QString reason = checkField(it.key(), integer, real);
        w.error->setText(reason);
        w.error->setVisible(!reason.isEmpty());
        w.edit->setStyleSheet(reason.isEmpty() ? QString() : kInvalidEditStyle);
        w.edit->setToolTip(reason);
        valid = valid && reason.isEmpty();
    }

    QString formReason;
    const bool decoder = workload() == protocol::WorkloadKind::Decoder;
    if (decoder && !decoderProblem().isEmpty()) {
        formReason = decoderProblem();
    } else if (valid && decoder) {
        // vLLM's plan waits for the run's device; everything else is held now.
        if (const auto c = config())
            formReason = QString::fromStdString(protocol::validateBeforePlan(*c));
    } else if (valid) {
        // The largest tensor must fit in 64 bits: batch x context x width elements of dtype.
        const auto c = config();
        if (c) {
            const auto elements = units::checkedMul(c->batch, c->context);
            const auto all = elements ? units::checkedMul(*elements, c->width) : std::nullopt;
            const auto bytes = all ? units::checkedMul(*all, device::dtypeSize(c->dtype)) : std::nullopt;
            if (!bytes)
                formReason
                    = tr("batch × context × width is too large: the input tensor's size does not fit in 64 bits.");
            else if (*elements > kMaxDimension)
                formReason = tr("batch × context is too large for the kernels (at most 2 147 483 647 rows).");
            else
                formReason = QString::fromStdString(protocol::validateConfig(*c));
        }
    }
    m_formError->setText(formReason);
    m_formError->setVisible(!formReason.isEmpty());
    valid = valid && formReason.isEmpty();
    updateMeasuresText();

    const bool changedValidity = valid != m_valid;
    m_valid = valid;
    if (changedValidity)
        emit validityChanged(valid);
    emit changed();
}

std::optional<protocol::RunConfig> WorkloadForm::config() const
{
    protocol::RunConfig c;
    auto integer = [this](Field f) {
        bool negative = false;
        return parseInteger(m_fields.value(f).edit->text(), negative);
    };
    const bool decoder = workload() == protocol::WorkloadKind::Decoder;
    // The dense network's fields are hidden while the model runs: what they hold then does not matter.
    const auto dense = [&](Field f, std::uint64_t fallback) -> std::optional<std::uint64_t> {
        const auto v = integer(f);
        return decoder && (!v || *v == 0) ? std::optional<std::uint64_t>(fallback) : v;
    };
    const auto batch = dense(Field::Batch, c.batch);
    const auto context = dense(Field::Context, c.context);
    const auto width = dense(Field::Width, c.width);
    // vLLM's start-up runs once: its rows are hidden, and what they hold does not matter.
    const bool once = decoder && decoderVllm();
    const auto warmup = once ? std::optional<std::uint64_t>(0) : integer(Field::Warmup);
    const auto repeats = once ? std::optional<std::uint64_t>(0) : integer(Field::Repeats);
    const auto hz = parseReal(m_fields.value(Field::SamplingHz).edit->text());
    if (!batch || !context || !width || !warmup || !repeats || !hz)
        return std::nullopt;
    c.mode = static_cast<protocol::Mode>(m_mode->currentData().toInt());
    c.batch = *batch;
    c.context = *context;
    c.width = *width;
    c.dtype = static_cast<device::DType>(m_dtype->currentData().toInt());
    c.warmup = static_cast<std::uint32_t>(std::min<std::uint64_t>(*warmup, kMaxIterations));
    c.repeats = static_cast<std::uint32_t>(std::min<std::uint64_t>(*repeats, kMaxIterations));
    c.allocator = once ? protocol::AllocatorKind::Native // vLLM allocates through PyTorch's caching allocator
                       : static_cast<protocol::AllocatorKind>(m_allocator->currentData().toInt());
    c.emptyCacheBetweenRepeats = !once && m_emptyCache->isChecked();
    c.samplingHz = *hz;
    if (m_simulated && !m_cardCapacity) {
        const auto gib = parseReal(m_fields.value(Field::SimCapacity).edit->text());
        if (!gib)
            return std::nullopt;
        c.simCapacityBytes = units::fromUnit(*gib, units::Unit::GiB);
        if (!c.simCapacityBytes)
            return std::nullopt;
    }
    if (decoder) {
        if (!decoderProblem().isEmpty())
            return std::nullopt;
        fillDecoder(c);
        if (!c.decoder)
            return std::nullopt;
    }
    return c;
}

protocol::WorkloadKind WorkloadForm::workload() const
{
    // Note [Which workload runs]
    return m_chosen.value_or(m_model ? protocol::WorkloadKind::Decoder : protocol::WorkloadKind::Dense);
}

QString WorkloadForm::decoderProblem() const
{
    if (!m_model)
        return tr("The sizing panel has no model shape to measure: choose a preset or open a config.json there, "
                  "or choose the dense network.");
    const auto storage = storageOf(m_model->format);
    if (!storage)
        //: %1 is a weight format such as int4-compact, %2 the list of formats the decoder builds (technical names,
        //: not translated)
        return tr("Weights in %1 cannot be measured: the decoder builds %2. Choose one of them in the sizing "
                  "panel's formats, or the dense network.")
            .arg(QLatin1String(sizing::weightFormatInfo(m_model->format).name),
                QString::fromStdString(protocol::weightStorageNames()));
    if (protocol::weightStorageQuantized(*storage) && !dtypeOf(m_model->compute))
        //: %1 is a compute type such as fp8_e4m3 (a technical name, not translated)
        return tr("Computing in %1 cannot be measured yet: quantized weights compute in fp16 or bf16. Choose one "
                  "of them as the compute format in the sizing panel.")
            .arg(QLatin1String(sizing::scalarName(m_model->compute)));
    if (decoderVllm() && !m_model->vllm)
        return tr("vLLM's start-up takes the sizing panel's serving-engine options: choose vLLM as the serving "
                  "engine there, or another decoder run here.");
    return {};
}

void WorkloadForm::fillDecoder(protocol::RunConfig& c) const
{
    c.decoder.reset();
    if (!m_model)
        return;
    const auto storage = storageOf(m_model->format);
    auto integer = [this](Field f) {
        bool negative = false;
        return parseInteger(m_fields.value(f).edit->text(), negative);
    };
    // A training step uses none of the generation's fields (hidden then): what they hold does not matter.
    const bool trains = decoderTraining();
    const protocol::DecoderSpec defaults;
    const auto generation = [&](Field f, std::uint64_t fallback) -> std::optional<std::uint64_t> {
        const auto v = integer(f);
        return trains && !v ? std::optional<std::uint64_t>(fallback) : v;
    };
    const auto prompt = generation(Field::PromptTokens, defaults.promptTokens);
    const auto generated = generation(Field::Generated, defaults.generated);
    const auto sequences = generation(Field::Sequences, defaults.sequences);
    const auto chunk = generation(Field::DecodeChunk, defaults.decodeChunk);
    if (!storage || !prompt || !generated || !sequences || !chunk)
        return;
    protocol::DecoderSpec d;
    d.shape = m_model->shape;
    d.modelSource = m_model->source;
    d.storage = *storage;
    d.quantGroup = std::min<std::uint64_t>(m_model->groupSize, protocol::kMaxTensorDimension);
    if (d.storage == protocol::WeightStorage::Fp8E4m3 || d.storage == protocol::WeightStorage::Fp8E5m2) {
        d.fp8BlockRows = m_model->fp8BlockRows;
        d.fp8BlockColumns = m_model->fp8BlockColumns;
    }
    d.promptTokens = *prompt;
    d.generated = *generated;
    d.sequences = *sequences;
    d.decodeChunk = *chunk;
    const bool vllm = decoderVllm() && !trains;
    // vLLM chooses its own cache and attention (its rows are hidden): the decoder's defaults, as the CLI's.
    d.cache = vllm ? defaults.cache : static_cast<protocol::KvCacheKind>(m_cache->currentData().toInt());
    d.attention = vllm ? defaults.attention : static_cast<protocol::AttentionKind>(m_attention->currentData().toInt());
    if (vllm)
        d.decodeChunk = defaults.decodeChunk;
    // The config's rotary base and norm epsilon, else the family's defaults, as the CLI's --model resolves them.
    d.ropeTheta = static_cast<float>(d.shape.ropeTheta.value_or(workloads::DecoderSource::familyRopeTheta(d.shape.family)));
    d.normEps = static_cast<float>(d.shape.normEps.value_or(workloads::DecoderSource::familyNormEps(d.shape.family)));
    c.workload = protocol::WorkloadKind::Decoder;
    c.mode = trains ? protocol::Mode::Training : protocol::Mode::Inference;
    // Note [Training choices over the framework's defaults]: the recipe is resolveRecipe's, never the form's.
    if (trains)
        d.training = training::resolveRecipe(recipeChoices());
    // Quantized weights compute in the sizing panel's compute format; float weights in their own type.
    if (protocol::weightStorageQuantized(d.storage)) {
        c.dtype = dtypeOf(m_model->compute).value_or(device::DType::BFloat16);
    } else {
        c.dtype = d.storage == protocol::WeightStorage::Float32 ? device::DType::Float32
            : d.storage == protocol::WeightStorage::Float16     ? device::DType::Float16
                                                                : device::DType::BFloat16;
    }
    c.decoder = std::move(d);
    // vLLM's dtype becomes the weights' storage; the plan is made on the run's device (protocol::prepareRun).
    if (vllm && m_model->vllm)
        protocol::attachVllm(c, *m_model->vllm);
}

QString WorkloadForm::computeDTypeName() const
{
    if (!m_model)
        return QLatin1String(device::dtypeName(device::DType::BFloat16));
    protocol::RunConfig c;
    fillDecoder(c);
    return QLatin1String(device::dtypeName(c.decoder ? protocol::decoderComputeDType(c) : device::DType::BFloat16));
}

void WorkloadForm::setSizedModel(const std::optional<SizedModel>& model)
{
    m_model = model;
    //: the adapters' dtype: the one the model computes in; %1 is that dtype, e.g. bfloat16 (not translated)
    m_adapter->setItemText(1, tr("the compute dtype (%1)").arg(computeDTypeName()));
    updateWorkloadRows();
    validate();
}

void WorkloadForm::takeOver(const SizedModel& model)
{
    m_model = model;
    auto setInt = [&](Field f, std::uint64_t v) {
        m_fields.value(f).edit->setText(QString::number(static_cast<qulonglong>(v)));
    };
    // The KV box's values where it gives them; a prompt of 0 tokens is no prompt: the form keeps its own.
    if (model.promptTokens > 0)
        setInt(Field::PromptTokens, model.promptTokens);
    setInt(Field::Generated, model.generated);
    if (model.sequences > 0)
        setInt(Field::Sequences, model.sequences);
    if (model.staticCache)
        m_cache->setCurrentIndex(m_cache->findData(static_cast<int>(protocol::KvCacheKind::Static)));
    // The panel's serving engine decides: vLLM's start-up with its options, else the generation.
    if (model.vllm)
        m_decoderRun->setCurrentIndex(m_decoderRun->findData(kVllmRunData));
    else if (decoderVllm())
        m_decoderRun->setCurrentIndex(m_decoderRun->findData(static_cast<int>(protocol::Mode::Inference)));
    chooseWorkload(protocol::WorkloadKind::Decoder);
}

void WorkloadForm::chooseWorkload(std::optional<protocol::WorkloadKind> kind)
{
    m_chosen = kind;
    if (!m_restoring)
        WorkloadSettings::saveChosenWorkload(kind);
    updateWorkloadRows();
    validate();
}

bool WorkloadForm::fieldApplies(Field field) const
{
    if (field == Field::SimCapacity)
        return m_simulated && !m_cardCapacity;
    const bool decoder = workload() == protocol::WorkloadKind::Decoder;
    if (isDenseField(field))
        return !decoder;
    const bool trains = decoder && decoderTraining();
    const bool vllm = decoder && decoderVllm();
    if (vllm && (field == Field::DecodeChunk || field == Field::Warmup || field == Field::Repeats))
        return false; // vLLM starts once and decodes as it schedules
    if (isDecoderField(field))
        return decoder && !trains;
    if (field == Field::LoraRank)
        return trains && m_method->currentData().toInt() != static_cast<int>(training::Method::Full);
    if (isTrainingField(field))
        return trains;
    return true;
}

void WorkloadForm::setFieldVisible(Field field, bool visible)
{
    m_layout->setRowVisible(m_fields.value(field).label, visible);
}

void WorkloadForm::updateWorkloadRows()
{
    const bool decoder = workload() == protocol::WorkloadKind::Decoder;
    {
        const QSignalBlocker block(m_workload);
        m_workload->setCurrentIndex(m_workload->findData(static_cast<int>(workload())));
    }
    for (Field f : { Field::Batch, Field::Context, Field::Width })
        setFieldVisible(f, !decoder);
    m_layout->setRowVisible(m_mode, !decoder); // the decoder's run is chosen in its own row
    m_layout->setRowVisible(m_dtype, !decoder); // it computes in the sizing panel's formats
    m_layout->setRowVisible(m_decoderRun, decoder);
    updateTrainingRows();
}

void WorkloadForm::updateTrainingRows()
{
    const bool decoder = workload() == protocol::WorkloadKind::Decoder;
    const bool trains = decoder && decoderTraining();
    const bool adapters = trains && m_method->currentData().toInt() != static_cast<int>(training::Method::Full);
    // The generation's rows for inference, the recipe's for a training step.
    const bool vllm = decoder && decoderVllm();
    for (Field f : { Field::PromptTokens, Field::Generated, Field::Sequences })
        setFieldVisible(f, decoder && !trains);
    // vLLM chooses its own cache, attention and allocator, and starts once.
    setFieldVisible(Field::DecodeChunk, decoder && !trains && !vllm);
    m_layout->setRowVisible(m_cache, decoder && !trains && !vllm);
    m_layout->setRowVisible(m_attention, decoder && !vllm);
    for (Field f : { Field::Warmup, Field::Repeats })
        setFieldVisible(f, !vllm);
    m_layout->setRowVisible(m_allocator, !vllm);
    m_layout->setRowVisible(m_emptyCache, !vllm);
    for (Field f : { Field::MicroBatch, Field::SequenceLength, Field::GradAccum, Field::LossChunks, Field::EvalBatch })
        setFieldVisible(f, trains);
    setFieldVisible(Field::LoraRank, adapters);
    for (QWidget* w :
        { static_cast<QWidget*>(m_trainingHeading), static_cast<QWidget*>(m_framework), static_cast<QWidget*>(m_method),
            static_cast<QWidget*>(m_optimizer), static_cast<QWidget*>(m_frameworkDefaults) })
        m_layout->setRowVisible(w, trains);
    for (QCheckBox* box : m_checks)
        m_layout->setRowVisible(box, trains);
    m_layout->setRowVisible(m_targetsLabel, adapters);
    m_layout->setRowVisible(m_targetsBox, adapters);
    m_layout->setRowVisible(m_adapter, adapters);
}

void WorkloadForm::updateMeasuresText()
{
    const QLocale locale;
    const auto number = [&](std::uint64_t v) { return LocaleNumber::integer(static_cast<qulonglong>(v), locale); };
    QString text;
    if (workload() == protocol::WorkloadKind::Decoder) {
        const auto c = decoderTraining() && m_model ? config() : std::nullopt;
        if (!m_model) {
            text = tr("Run measures nothing yet: the sizing panel has no model shape.");
        } else if (decoderVllm() && m_model->vllm) {
            const engines::VllmOptions& o = *m_model->vllm;
            bool negative = false;
            const auto prompt = parseInteger(m_fields.value(Field::PromptTokens).edit->text(), negative);
            const auto generated = parseInteger(m_fields.value(Field::Generated).edit->text(), negative);
            const auto sequences = parseInteger(m_fields.value(Field::Sequences).edit->text(), negative);
            //: %1 the model's name, e.g. Llama-3.1-8B; %2 --gpu-memory-utilization as a percentage, e.g. 90 %;
            //: %3 --max-model-len in tokens, or the model's own length; vLLM's phase names stay in English
            text = tr("Run rehearses vLLM's start-up of %1 on the run's device, with the serving engine's options "
                      "of the sizing panel (memory utilization %2, maximum model length %3): model_load, "
                      "profile_run, kv_cache_alloc, cuda_graph_capture, serve.")
                       .arg(m_model->name, locale.toString(o.gpuMemoryUtilization * 100.0, 'g', 3) + QStringLiteral(" %"),
                           //: %1 --max-model-len, a number of tokens
                           o.maxModelLen ? tr("%1 tokens").arg(number(*o.maxModelLen)) : tr("the model's own"));
            if (prompt && generated && sequences)
                text += QLatin1Char(' ')
                    //: %1 requests served at once, %2 prompt tokens per request, %3 generated tokens per request
                    + tr("Requests served: %1, each %2 prompt tokens and %3 generated.")
                          .arg(number(*sequences), number(*prompt), number(*generated));
        } else if (c && c->decoder && c->decoder->training) {
            //: %1 core's one line for the step: the model, method, framework, weights, micro-batch, attention
            text = tr("Run measures one training step of the model in the sizing panel, with random weights: %1.")
                       .arg(messageText(protocol::describeWorkload(*c)));
        } else {
            const model::ModelShape& shape = m_model->shape;
            //: %1 the model's name, e.g. Llama-2-7B; %2 its family (config.json's model_type, e.g. llama, not
            //: translated); %3 its number of layers; %4 the weight format, e.g. bf16 or nf4 (not translated)
            text = tr("Run measures %1 (%2, %3 layers, weights in %4), the model in the sizing panel, with random "
                      "weights.")
                       .arg(m_model->name, QString::fromStdString(shape.family), number(shape.layers),
                           QLatin1String(sizing::weightFormatInfo(m_model->format).name));
            bool negative = false;
            const auto prompt = parseInteger(m_fields.value(Field::PromptTokens).edit->text(), negative);
            const auto generated = parseInteger(m_fields.value(Field::Generated).edit->text(), negative);
            const auto sequences = parseInteger(m_fields.value(Field::Sequences).edit->text(), negative);
            if (prompt && generated && sequences)
                text += QLatin1Char(' ')
                    //: %1 sequences generated at once, %2 prompt tokens per sequence, %3 generated tokens per sequence
                    + tr("Sequences: %1, each %2 prompt tokens, then %3 generated.")
                          .arg(number(*sequences), number(*prompt), number(*generated));
        }
    } else {
        bool negative = false;
        const auto batch = parseInteger(m_fields.value(Field::Batch).edit->text(), negative);
        const auto context = parseInteger(m_fields.value(Field::Context).edit->text(), negative);
        const auto width = parseInteger(m_fields.value(Field::Width).edit->text(), negative);
        if (batch && context && width)
            //: %1 batch, %2 context (tokens), %3 width, %4 data type such as float32 (not translated)
            text = tr("Run measures the dense network, the seeds' exercise (batch %1, context %2, width %3, %4), "
                      "not the model in the sizing panel.")
                       .arg(number(*batch), number(*context), number(*width),
                           QLatin1String(device::dtypeName(
                               static_cast<device::DType>(m_dtype->currentData().toInt()))));
        else
            text = tr("Run measures the dense network, the seeds' exercise, not the model in the sizing panel.");
    }
    m_measures->setText(text);
}

QString WorkloadForm::measuresText() const { return m_measures->text(); }

void WorkloadForm::saveChoices() const
{
    if (m_restoring)
        return;
    if (m_valid)
        if (auto c = config()) {
            // The dense network's own mode and dtype, not the decoder's (which come from its row and formats).
            c->mode = static_cast<protocol::Mode>(m_mode->currentData().toInt());
            c->dtype = static_cast<device::DType>(m_dtype->currentData().toInt());
            WorkloadSettings::save(*c);
        }
    WorkloadSettings::saveTraining({ decoderTraining(), recipeChoices() });
    WorkloadSettings::saveVllmRun(decoderVllm());
    // The decoder's own fields are kept whenever they read, whether or not the model runs now.
    bool negative = false;
    auto integer = [&](Field f) { return parseInteger(m_fields.value(f).edit->text(), negative); };
    const auto prompt = integer(Field::PromptTokens);
    const auto generated = integer(Field::Generated);
    const auto sequences = integer(Field::Sequences);
    const auto chunk = integer(Field::DecodeChunk);
    if (!prompt || !generated || !sequences || !chunk || *prompt == 0 || *sequences == 0)
        return;
    protocol::DecoderSpec d;
    d.promptTokens = *prompt;
    d.generated = *generated;
    d.sequences = *sequences;
    d.decodeChunk = *chunk;
    d.cache = static_cast<protocol::KvCacheKind>(m_cache->currentData().toInt());
    d.attention = static_cast<protocol::AttentionKind>(m_attention->currentData().toInt());
    WorkloadSettings::saveDecoder(d);
}

void WorkloadForm::setConfig(const protocol::RunConfig& c)
{
    const QLocale locale;
    m_fieldLocale = locale;
    auto setInt = [&](Field f, std::uint64_t v) {
        m_fields.value(f).edit->setText(QString::number(static_cast<qulonglong>(v)));
    };
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(c.mode)));
    setInt(Field::Batch, c.batch);
    setInt(Field::Context, c.context);
    setInt(Field::Width, c.width);
    m_dtype->setCurrentIndex(m_dtype->findData(static_cast<int>(c.dtype)));
    setInt(Field::Warmup, c.warmup);
    setInt(Field::Repeats, c.repeats);
    m_allocator->setCurrentIndex(m_allocator->findData(static_cast<int>(c.allocator)));
    m_emptyCache->setChecked(c.emptyCacheBetweenRepeats);
    m_fields.value(Field::SamplingHz).edit->setText(LocaleNumber::fixed(c.samplingHz, 0, locale));
    const double gib = units::toGiB(c.simCapacityBytes.value_or(80ULL * units::kGiB));
    m_fields.value(Field::SimCapacity).edit->setText(locale.toString(gib, 'g', 6));
    const protocol::DecoderSpec d = c.decoder.value_or(protocol::DecoderSpec {});
    setInt(Field::PromptTokens, d.promptTokens);
    setInt(Field::Generated, d.generated);
    setInt(Field::Sequences, d.sequences);
    setInt(Field::DecodeChunk, d.decodeChunk);
    m_cache->setCurrentIndex(m_cache->findData(static_cast<int>(d.cache)));
    m_attention->setCurrentIndex(m_attention->findData(static_cast<int>(d.attention)));
    const bool trains = c.mode == protocol::Mode::Training && d.training;
    m_decoderRun->setCurrentIndex(m_decoderRun->findData(c.vllm ? kVllmRunData
            : trains                                               ? static_cast<int>(protocol::Mode::Training)
                                                                   : static_cast<int>(protocol::Mode::Inference)));
    if (trains) {
        // A whole recipe given: every value of it is the user's.
        const training::TrainingRecipe& r = *d.training;
        training::RecipeChoices chosen;
        chosen.framework = r.framework;
        chosen.method = r.method;
        chosen.targets = r.targets;
        chosen.rank = r.rank;
        chosen.adapterFp32 = r.adapterFp32;
        chosen.microBatch = r.microBatch;
        chosen.sequenceLength = r.sequenceLength;
        chosen.gradAccum = r.gradAccum;
        chosen.checkpointing = r.checkpointing;
        chosen.optimizer = r.optimizer;
        chosen.pagedOptimizer = r.pagedOptimizer;
        chosen.optimizerInBackward = r.optimizerInBackward;
        chosen.lossChunks = r.lossChunks;
        chosen.evalBatch = r.evalBatch;
        chosen.exportCopy = r.exportCopy;
        applyRecipeChoices(chosen);
    } else {
        m_said.clear();
        for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
            it.value().edit->setModified(false);
    }
    validate();
}

void WorkloadForm::resetToSeedsExample() { setConfig(protocol::RunConfig {}); }

void WorkloadForm::setSimulatedDevice(bool simulated)
{
    m_simulated = simulated;
    const bool editable = fieldApplies(Field::SimCapacity);
    m_fields.value(Field::SimCapacity).edit->setEnabled(editable);
    m_fields.value(Field::SimCapacity).label->setEnabled(editable);
    validate();
}

void WorkloadForm::setSimCardCapacity(std::optional<std::uint64_t> bytes)
{
    if (bytes == m_cardCapacity)
        return;
    QLineEdit* edit = m_fields.value(Field::SimCapacity).edit;
    {
        const QSignalBlocker block(edit);
        if (bytes && !m_cardCapacity) {
            m_typedCapacity = edit->text();
            m_typedGiB = parseReal(m_typedCapacity);
        }
        if (bytes)
            edit->setText(LocaleNumber::fixed(units::toGiB(*bytes), 2));
        else
            edit->setText(m_typedGiB ? QLocale().toString(*m_typedGiB, 'g', 15) : m_typedCapacity);
    }
    m_cardCapacity = bytes;
    setSimulatedDevice(m_simulated);
}

void WorkloadForm::setLocked(bool locked)
{
    for (QWidget* w : findChildren<QWidget*>())
        if (qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QCheckBox*>(w)
            || qobject_cast<QPushButton*>(w))
            w->setEnabled(!locked && (w != m_fields.value(Field::SimCapacity).edit || fieldApplies(Field::SimCapacity)));
}

void WorkloadForm::relocalizeFields()
{
    // Note [Numbers across a language switch]: a field's text is a number written in the locale of the language
    // it was typed or set in ("1,000" in English, "1.000" in German). When the language changes, each value that
    // parses in the old locale is written again in the new one, so the value stays the same; a text that does not
    // parse is left as typed (its error is then shown in the new language).
    const QLocale now;
    if (now == m_fieldLocale)
        return;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        QLineEdit* edit = it.value().edit;
        const QString text = edit->text();
        if (text.trimmed().isEmpty())
            continue;
        QString rewritten;
        if (it.key() == Field::SamplingHz || it.key() == Field::SimCapacity) {
            if (const auto v = parseReal(text, m_fieldLocale))
                rewritten = now.toString(*v, 'g', 15);
        } else {
            bool negative = false;
            if (const auto v = parseInteger(text, negative, m_fieldLocale); v && !negative)
                rewritten = now.toString(static_cast<qulonglong>(*v));
        }
        if (!rewritten.isEmpty() && rewritten != text) {
            const QSignalBlocker block(edit);
            edit->setText(rewritten);
        }
    }
    m_fieldLocale = now;
}

void WorkloadForm::retranslateUi()
{
    relocalizeFields();
    m_workloadLabel->setText(tr("What r&uns:"));
    m_workload->setItemText(0, tr("The model in the sizing panel"));
    m_workload->setItemText(1, tr("The dense network (the seeds' exercise)"));
    m_workload->setToolTip(tr("The model in the sizing panel: a decoder-only transformer of its shape, with random "
                              "weights in its format. The dense network: the seeds' two-layer exercise."));
    m_fields[Field::PromptTokens].label->setText(tr("&Prompt tokens:"));
    m_fields[Field::PromptTokens].edit->setPlaceholderText(tr("tokens per sequence"));
    m_fields[Field::Generated].label->setText(tr("&Generated tokens:"));
    m_fields[Field::Generated].edit->setPlaceholderText(tr("decode steps"));
    m_fields[Field::Sequences].label->setText(tr("Se&quences:"));
    m_fields[Field::Sequences].edit->setPlaceholderText(tr("generated at once"));
    m_fields[Field::DecodeChunk].label->setText(tr("Decode c&hunk:"));
    m_fields[Field::DecodeChunk].edit->setPlaceholderText(tr("steps per phase record"));
    m_fields[Field::DecodeChunk].edit->setToolTip(
        tr("Decode steps per phase record; 0 puts all of them in one record"));
    m_cacheLabel->setText(tr("&KV cache:"));
    // The kinds' technical names stay as the CLI writes them; what each does is said beside it.
    m_cache->setItemText(0, tr("dynamic (grows every step)"));
    m_cache->setItemText(1, tr("static (allocated once)"));
    m_cache->setItemText(2, tr("paged (blocks of 16 tokens)"));
    m_attentionLabel->setText(tr("A&ttention:"));
    m_attention->setItemText(0, tr("eager (holds the score matrix)"));
    m_attention->setItemText(1, tr("sdpa (tiled, no score matrix)"));
    m_decoderRunLabel->setText(tr("Decoder r&un:"));
    m_decoderRun->setItemText(0, tr("Inference (prefill and generation)"));
    m_decoderRun->setItemText(1, tr("Training step (fine-tuning)"));
    m_decoderRun->setItemText(2, tr("vLLM's start-up (rehearsed with the serving engine's options)"));
    m_trainingHeading->setText(tr("Training step: fields you have not set show the framework's defaults"));
    m_frameworkLabel->setText(tr("Framework:"));
    m_framework->setToolTip(tr("hf: transformers' Trainer with PEFT; torchtune: its single-device recipes. "
                               "Fields you have not set follow the framework."));
    m_methodLabel->setText(tr("Method:"));
    m_method->setItemText(0, tr("full (every weight trained)"));
    m_method->setItemText(1, tr("LoRA (adapters on a frozen base)"));
    m_method->setItemText(2, tr("QLoRA (adapters on nf4 weights)"));
    m_method->setToolTip(tr("full: every weight is trained; LoRA: adapters on a frozen 16-bit or float32 base; "
                            "QLoRA: adapters on frozen nf4 or nf4-dq weights, a format chosen in the sizing panel "
                            "(the form never switches it for you)."));
    m_targetsLabel->setText(tr("LoRA targets:"));
    m_targetsBox->setToolTip(tr("The linears of every layer that get an adapter"));
    m_fields[Field::LoraRank].label->setText(tr("LoRA rank:"));
    m_adapterLabel->setText(tr("Adapters in:"));
    //: the adapters' dtype: the one the model computes in; %1 is that dtype, e.g. bfloat16 (not translated)
    m_adapter->setItemText(1, tr("the compute dtype (%1)").arg(computeDTypeName()));
    m_fields[Field::MicroBatch].label->setText(tr("Micro-batch:"));
    m_fields[Field::MicroBatch].edit->setPlaceholderText(tr("sequences per forward"));
    m_fields[Field::SequenceLength].label->setText(tr("Sequence length:"));
    m_fields[Field::SequenceLength].edit->setPlaceholderText(tr("tokens per sequence"));
    m_fields[Field::GradAccum].label->setText(tr("Gradient accumulation:"));
    m_fields[Field::GradAccum].edit->setPlaceholderText(tr("micro-batches per optimizer step"));
    trainingCheck(TrainingCheck::Checkpointing)->setText(tr("Activation checkpointing (every layer)"));
    m_optimizerLabel->setText(tr("Optimizer:"));
    m_optimizer->setToolTip(tr("adamw: two moments per trained element; adam8bit: bitsandbytes' 8-bit moments; "
                               "sgd: no state"));
    trainingCheck(TrainingCheck::PagedOptimizer)->setText(tr("Paged optimizer (states in host memory)"));
    trainingCheck(TrainingCheck::OptimizerInBackward)->setText(tr("Optimizer step in the backward pass"));
    m_fields[Field::LossChunks].label->setText(tr("Loss chunks:"));
    m_fields[Field::LossChunks].edit->setToolTip(tr("0: the loss over the whole logits; n: cross-entropy in n chunks"));
    m_fields[Field::EvalBatch].label->setText(tr("Eval batch:"));
    m_fields[Field::EvalBatch].edit->setToolTip(
        tr("Sequences of one no-grad forward after the step; 0: no eval phase"));
    trainingCheck(TrainingCheck::ExportCopy)->setText(tr("Export a 16-bit copy at the checkpoint"));
    m_frameworkDefaults->setText(tr("Use the framework's defaults"));
    m_frameworkDefaults->setToolTip(tr("Forget the training fields you set: all of them show the framework's "
                                       "defaults again"));
    m_modeLabel->setText(tr("&Mode:"));
    m_mode->setItemText(0, tr("Inference (dense network)"));
    m_mode->setItemText(1, tr("Training (forward, loss, backward, optimizer)"));
    m_allocator->setToolTip(tr("native: the caching allocator with PyTorch's counters; "
                               "async: the driver's stream-ordered pool (cudaMallocAsync / hipMallocAsync)"));
    m_fields[Field::Batch].label->setText(tr("&Batch:"));
    m_fields[Field::Batch].edit->setPlaceholderText(tr("sequences per step"));
    m_fields[Field::Context].label->setText(tr("&Context:"));
    m_fields[Field::Context].edit->setPlaceholderText(tr("tokens per sequence"));
    m_fields[Field::Width].label->setText(tr("&Width:"));
    m_fields[Field::Width].edit->setPlaceholderText(tr("hidden size"));
    m_dtypeLabel->setText(tr("&Data type:"));
    m_fields[Field::Warmup].label->setText(tr("W&arm-up:"));
    m_fields[Field::Warmup].edit->setPlaceholderText(tr("iterations before measuring"));
    m_fields[Field::Repeats].label->setText(tr("&Repeats:"));
    m_fields[Field::Repeats].edit->setPlaceholderText(tr("measured warm repeats"));
    m_allocatorLabel->setText(tr("A&llocator:"));
    m_allocator->setItemText(0, tr("native (caching)"));
    m_allocator->setItemText(1, tr("async (driver pool)"));
    m_emptyCache->setText(tr("&Empty the cache between repeats"));
    m_fields[Field::SamplingHz].label->setText(tr("&Sampling (Hz):"));
    m_fields[Field::SimCapacity].label->setText(tr("Simulated &capacity (GiB):"));
    m_fields[Field::SimCapacity].edit->setToolTip(tr("Capacity of the simulated device sim:N; not used on a GPU"));
    m_reset->setText(tr("Reset to the seeds' example"));
    const protocol::RunConfig seeds;
    const QLocale locale;
    //: %1 batch, %2 context (tokens), %3 width, %4 data type such as float32, %5 warm-up iterations, %6 repeats
    m_reset->setToolTip(tr("Batch %1, context %2, width %3, %4, warm-up %5, repeats %6")
                            .arg(LocaleNumber::integer(static_cast<qulonglong>(seeds.batch), locale),
                                LocaleNumber::integer(static_cast<qulonglong>(seeds.context), locale),
                                LocaleNumber::integer(static_cast<qulonglong>(seeds.width), locale),
                                QLatin1String(device::dtypeName(seeds.dtype)), LocaleNumber::integer(seeds.warmup, locale),
                                LocaleNumber::integer(seeds.repeats, locale)));
    validate();
}

void WorkloadForm::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
