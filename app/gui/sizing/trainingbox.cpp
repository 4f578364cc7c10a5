// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/trainingbox.h"
#include "app/gui/widgets/elidingcombobox.h"

#include "app/gui/sizing/sizingformhelpers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <limits>

namespace iteragpu::gui {

using namespace sizingform;

namespace {
    const QString kModeKey = QStringLiteral("workload/mode");
    const QString kOptimizerKey = QStringLiteral("workload/optimizer");
    const QString kMasterKey = QStringLiteral("workload/masterWeights");
    const QString kRankKey = QStringLiteral("workload/loraRank");
    const QString kMicroBatchKey = QStringLiteral("workload/microBatch");
    const QString kSequenceKey = QStringLiteral("workload/sequenceLength");
    const QString kCheckpointingKey = QStringLiteral("workload/activationCheckpointing");
    constexpr int kDefaultRank = 16;
    constexpr int kDefaultMicroBatch = 1; // sequences per step
    constexpr int kDefaultSequence = 2048; // tokens
}

TrainingBox::TrainingBox(QWidget* parent)
    : QGroupBox(parent)
{
    setObjectName(QStringLiteral("workloadBox"));
    auto* form = new QFormLayout(this);
    tuneForm(form);
    m_modeLabel = new QLabel(this);
    m_modeCombo = new ElidingComboBox(this);
    m_modeCombo->setObjectName(QStringLiteral("modeCombo"));
    for (int i = 0; i < 3; ++i)
        m_modeCombo->addItem(QString(), i);
    m_optimizerLabel = new QLabel(this);
    m_optimizerCombo = new ElidingComboBox(this);
    m_optimizerCombo->setObjectName(QStringLiteral("optimizerCombo"));
    // Optimizer names are identifiers, never translated.
    for (auto opt : { sizing::Optimizer::AdamW, sizing::Optimizer::Adam, sizing::Optimizer::Adam8bit,
             sizing::Optimizer::SGDMomentum, sizing::Optimizer::SGD })
        m_optimizerCombo->addItem(QString::fromUtf8(sizing::optimizerName(opt)), static_cast<int>(opt));
    m_masterWeightsCheck = new QCheckBox(this);
    m_masterWeightsCheck->setObjectName(QStringLiteral("masterWeightsCheck"));
    m_loraRankLabel = new QLabel(this);
    m_loraRankSpin = makeSpin(this, "loraRankSpin", 1, 4096, kDefaultRank);
    m_microBatchLabel = new QLabel(this);
    m_microBatchSpin = makeSpin(this, "microBatchSpin", 1, 1 << 20, kDefaultMicroBatch);
    m_sequenceLabel = new QLabel(this);
    m_sequenceSpin = makeSpin(this, "sequenceSpin", 1, std::numeric_limits<int>::max(), kDefaultSequence);
    m_checkpointingCheck = new QCheckBox(this);
    m_checkpointingCheck->setObjectName(QStringLiteral("checkpointingCheck"));
    form->addRow(m_modeLabel, m_modeCombo);
    form->addRow(m_optimizerLabel, m_optimizerCombo);
    form->addRow(m_masterWeightsCheck);
    form->addRow(m_loraRankLabel, m_loraRankSpin);
    form->addRow(m_microBatchLabel, m_microBatchSpin);
    form->addRow(m_sequenceLabel, m_sequenceSpin);
    form->addRow(m_checkpointingCheck);

    resetToDefaults();
    retranslateUi();
    connect(m_modeCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabledState();
        emit changed();
    });
    connect(m_optimizerCombo, &QComboBox::currentIndexChanged, this, &TrainingBox::changed);
    connect(m_masterWeightsCheck, &QCheckBox::toggled, this, &TrainingBox::changed);
    for (QSpinBox* spin : { m_loraRankSpin, m_microBatchSpin, m_sequenceSpin })
        connect(spin, &QSpinBox::valueChanged, this, &TrainingBox::changed);
    connect(m_checkpointingCheck, &QCheckBox::toggled, this, &TrainingBox::changed);
}

TrainingBox::Mode TrainingBox::mode() const { return static_cast<Mode>(m_modeCombo->currentIndex()); }

void TrainingBox::setMode(Mode mode) { m_modeCombo->setCurrentIndex(static_cast<int>(mode)); }

sizing::Optimizer TrainingBox::optimizer() const
{
    return static_cast<sizing::Optimizer>(m_optimizerCombo->currentData().toInt());
}

void TrainingBox::setOptimizer(sizing::Optimizer optimizer) { selectData(m_optimizerCombo, static_cast<int>(optimizer)); }

bool TrainingBox::masterWeights() const { return m_masterWeightsCheck->isChecked(); }

std::uint64_t TrainingBox::loraRank() const { return static_cast<std::uint64_t>(m_loraRankSpin->value()); }

std::uint64_t TrainingBox::microBatch() const { return static_cast<std::uint64_t>(m_microBatchSpin->value()); }

std::uint64_t TrainingBox::sequenceLength() const { return static_cast<std::uint64_t>(m_sequenceSpin->value()); }

bool TrainingBox::activationCheckpointing() const { return m_checkpointingCheck->isChecked(); }

void TrainingBox::updateEnabledState()
{
    const bool training = mode() != Mode::Inference;
    m_optimizerCombo->setEnabled(training);
    m_masterWeightsCheck->setEnabled(training);
    m_loraRankSpin->setEnabled(mode() == Mode::LoRA);
    m_microBatchSpin->setEnabled(training);
    m_sequenceSpin->setEnabled(training);
    m_checkpointingCheck->setEnabled(training);
}

void TrainingBox::resetToDefaults()
{
    const QSignalBlocker b1(m_modeCombo), b2(m_optimizerCombo), b3(m_masterWeightsCheck), b4(m_loraRankSpin),
        b5(m_microBatchSpin), b6(m_sequenceSpin), b7(m_checkpointingCheck);
    m_modeCombo->setCurrentIndex(static_cast<int>(Mode::Inference));
    setOptimizer(sizing::Optimizer::AdamW);
    m_masterWeightsCheck->setChecked(false);
    m_loraRankSpin->setValue(kDefaultRank);
    m_microBatchSpin->setValue(kDefaultMicroBatch);
    m_sequenceSpin->setValue(kDefaultSequence);
    m_checkpointingCheck->setChecked(false);
    updateEnabledState();
    emit changed();
}

void TrainingBox::saveSettings(QSettings& settings) const
{
    settings.setValue(kModeKey, static_cast<int>(mode()));
    settings.setValue(kOptimizerKey, static_cast<int>(optimizer()));
    settings.setValue(kMasterKey, masterWeights());
    settings.setValue(kRankKey, m_loraRankSpin->value());
    settings.setValue(kMicroBatchKey, m_microBatchSpin->value());
    settings.setValue(kSequenceKey, m_sequenceSpin->value());
    settings.setValue(kCheckpointingKey, activationCheckpointing());
}

void TrainingBox::restoreSettings(QSettings& settings)
{
    if (!settings.contains(kModeKey))
        return;
    const QSignalBlocker b1(m_modeCombo), b2(m_optimizerCombo), b3(m_masterWeightsCheck), b4(m_loraRankSpin),
        b5(m_microBatchSpin), b6(m_sequenceSpin), b7(m_checkpointingCheck);
    const int mode = settings.value(kModeKey).toInt();
    if (mode >= 0 && mode < m_modeCombo->count())
        m_modeCombo->setCurrentIndex(mode);
    selectData(m_optimizerCombo, settings.value(kOptimizerKey).toInt());
    m_masterWeightsCheck->setChecked(settings.value(kMasterKey, false).toBool());
    m_loraRankSpin->setValue(settings.value(kRankKey, kDefaultRank).toInt());
    m_microBatchSpin->setValue(settings.value(kMicroBatchKey, kDefaultMicroBatch).toInt());
    m_sequenceSpin->setValue(settings.value(kSequenceKey, kDefaultSequence).toInt());
    m_checkpointingCheck->setChecked(settings.value(kCheckpointingKey, false).toBool());
    updateEnabledState();
}

void TrainingBox::retranslateUi()
{
    setTitle(tr("Workload"));
    m_modeLabel->setText(tr("Mode:"));
    setComboTexts(m_modeCombo, { tr("Inference"), tr("Fine-tune (LoRA)"), tr("Full training") });
    m_optimizerLabel->setText(tr("Optimizer:"));
    m_masterWeightsCheck->setText(tr("fp32 master weights (mixed precision)"));
    m_loraRankLabel->setText(tr("LoRA rank:"));
    m_microBatchLabel->setText(tr("Micro-batch:"));
    m_sequenceLabel->setText(tr("Sequence length (tokens):"));
    m_checkpointingCheck->setText(tr("Activation checkpointing"));
}

void TrainingBox::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
