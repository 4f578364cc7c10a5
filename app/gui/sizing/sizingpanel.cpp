// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/sizingpanel.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/sizing/breakdownbar.h"
#include "app/gui/sizing/breakdownmodel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/sizing/catalogfitmodel.h"
#include "core/model/configreader.h"
#include "core/model/safetensorsreader.h"
#include "core/sizing/scalartype.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/weightformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <exception>
#include <limits>

namespace iteragpu::gui {

namespace {

    constexpr int kSpinMax = std::numeric_limits<int>::max();

    QSpinBox* makeSpin(QWidget* parent, const char* name, int minimum, int maximum, int value)
    {
        auto* spin = new QSpinBox(parent);
        spin->setObjectName(QLatin1String(name));
        spin->setRange(minimum, maximum);
        spin->setValue(value);
        spin->setGroupSeparatorShown(true);
        spin->setKeyboardTracking(true);
        return spin;
    }

    // A whole, positive count typed in the locale's format ("7,000,000,000"), plainly ("7000000000", "7 000 000 000")
    // or in scientific notation when it is a whole number ("7e9"). nullopt otherwise; 0 is refused by the caller.
    std::optional<quint64> parseCount(QString text)
    {
        text = text.trimmed();
        if (text.isEmpty())
            return std::nullopt;
        bool ok = false;
        const quint64 localized = QLocale().toULongLong(text, &ok);
        if (ok)
            return localized;
        QString plain = text;
        plain.remove(QLatin1Char(' ')).remove(QChar(0x202F)).remove(QChar(0x00A0)).remove(QLatin1Char('_'));
        plain.remove(QLatin1Char(',')).remove(QLatin1Char('\''));
        const quint64 value = plain.toULongLong(&ok);
        if (ok)
            return value;
        const double d = QLocale::c().toDouble(plain, &ok);
        if (ok && std::isfinite(d) && d >= 0.0 && d < 18446744073709551616.0 && std::floor(d) == d)
            return static_cast<quint64>(d);
        return std::nullopt;
    }

    // Narrow docks: a label goes above its field instead of pushing the form wider than the dock.
    void tuneForm(QFormLayout* form)
    {
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    }

    // A stacked widget is as tall as its tallest page; only the current page counts here, so the model box does not
    // keep the height of the safetensors page while numbers are typed.
    void fitStackToCurrent(QStackedWidget* stack)
    {
        for (int i = 0; i < stack->count(); ++i) {
            QWidget* page = stack->widget(i);
            const bool current = i == stack->currentIndex();
            page->setSizePolicy(QSizePolicy::Preferred, current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        }
        stack->updateGeometry();
    }

    void setComboTexts(QComboBox* combo, const QStringList& texts)
    {
        for (int i = 0; i < combo->count() && i < texts.size(); ++i)
            combo->setItemText(i, texts[i]);
    }

} // namespace

SizingPanel::SizingPanel(QWidget* parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
    , m_breakdown(new BreakdownModel(this))
    , m_catalogModel(new CatalogFitModel(this))
{
    setObjectName(QStringLiteral("SizingPanel"));
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDebounceMs);
    connect(m_timer, &QTimer::timeout, this, &SizingPanel::recompute);
    buildUi();
    loadPresets();
    loadCatalog();
    retranslateUi();
    connectInputs();
    updateEnabledState();
    recompute();
}

SizingPanel::~SizingPanel() = default;

void SizingPanel::buildUi()
{
    // Inputs
    auto* inputs = new QWidget(this);
    auto* inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->setContentsMargins(4, 4, 4, 4);

    m_modelBox = new QGroupBox(inputs);
    auto* modelLayout = new QVBoxLayout(m_modelBox);
    auto* sourceForm = new QFormLayout;
    tuneForm(sourceForm);
    m_sourceLabel = new QLabel(m_modelBox);
    m_sourceCombo = new QComboBox(m_modelBox);
    m_sourceCombo->setObjectName(QStringLiteral("sourceCombo"));
    for (int i = 0; i < 4; ++i)
        m_sourceCombo->addItem(QString(), i);
    sourceForm->addRow(m_sourceLabel, m_sourceCombo);
    modelLayout->addLayout(sourceForm);

    m_sourceStack = new QStackedWidget(m_modelBox);
    {
        auto* page = new QWidget(m_sourceStack);
        auto* form = new QFormLayout(page);
        tuneForm(form);
        form->setContentsMargins(0, 0, 0, 0);
        m_parametersLabel = new QLabel(page);
        m_parametersEdit = new QLineEdit(QStringLiteral("7000000000"), page);
        m_parametersEdit->setObjectName(QStringLiteral("parametersEdit"));
        m_bitsLabel = new QLabel(page);
        m_bitsSpin = makeSpin(page, "bitsSpin", 0, 64, 16);
        form->addRow(m_parametersLabel, m_parametersEdit);
        form->addRow(m_bitsLabel, m_bitsSpin);
        m_sourceStack->addWidget(page);
    }
    {
        auto* page = new QWidget(m_sourceStack);
        auto* form = new QFormLayout(page);
        tuneForm(form);
        form->setContentsMargins(0, 0, 0, 0);
        m_presetLabel = new QLabel(page);
        m_presetCombo = new QComboBox(page);
        m_presetCombo->setObjectName(QStringLiteral("presetCombo"));
        m_presetCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_presetCombo->setMinimumContentsLength(12);
        form->addRow(m_presetLabel, m_presetCombo);
        m_sourceStack->addWidget(page);
    }
    {
        auto* page = new QWidget(m_sourceStack);
        auto* row = new QHBoxLayout(page);
        row->setContentsMargins(0, 0, 0, 0);
        m_configPath = new QLineEdit(page);
        m_configPath->setObjectName(QStringLiteral("configPath"));
        m_configPath->setReadOnly(true);
        m_configOpen = new QPushButton(page);
        m_configOpen->setObjectName(QStringLiteral("configOpen"));
        row->addWidget(m_configPath, 1);
        row->addWidget(m_configOpen);
        m_sourceStack->addWidget(page);
    }
    {
        auto* page = new QWidget(m_sourceStack);
        auto* box = new QVBoxLayout(page);
        box->setContentsMargins(0, 0, 0, 0);
        m_safetensorsPath = new QLineEdit(page);
        m_safetensorsPath->setObjectName(QStringLiteral("safetensorsPath"));
        m_safetensorsPath->setReadOnly(true);
        auto* buttons = new QHBoxLayout;
        m_safetensorsOpenFile = new QPushButton(page);
        m_safetensorsOpenFolder = new QPushButton(page);
        buttons->addWidget(m_safetensorsOpenFile);
        buttons->addWidget(m_safetensorsOpenFolder);
        buttons->addStretch(1);
        m_weightsFromCheckpoint = new QCheckBox(page);
        m_weightsFromCheckpoint->setObjectName(QStringLiteral("weightsFromCheckpoint"));
        m_weightsFromCheckpoint->setChecked(true);
        box->addWidget(m_safetensorsPath);
        box->addLayout(buttons);
        box->addWidget(m_weightsFromCheckpoint);
        m_sourceStack->addWidget(page);
    }
    modelLayout->addWidget(m_sourceStack);
    connect(m_sourceStack, &QStackedWidget::currentChanged, this, [this] { fitStackToCurrent(m_sourceStack); });
    fitStackToCurrent(m_sourceStack);
    m_modelInfo = new QLabel(m_modelBox);
    m_modelInfo->setObjectName(QStringLiteral("modelInfo"));
    m_modelInfo->setWordWrap(true);
    m_modelInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    modelLayout->addWidget(m_modelInfo);
    inputsLayout->addWidget(m_modelBox);

    m_formatBox = new QGroupBox(inputs);
    {
        auto* form = new QFormLayout(m_formatBox);
        tuneForm(form);
        m_storageLabel = new QLabel(m_formatBox);
        m_storageCombo = new QComboBox(m_formatBox);
        m_storageCombo->setObjectName(QStringLiteral("storageCombo"));
        m_storageCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_storageCombo->setMinimumContentsLength(14);
        for (const auto& info : sizing::allWeightFormats()) // labels and tooltips: retranslateUi()
            m_storageCombo->addItem(QString(), static_cast<int>(info.format));
        m_storageCombo->setCurrentIndex(m_storageCombo->findData(static_cast<int>(sizing::WeightFormat::FP16)));
        m_computeLabel = new QLabel(m_formatBox);
        m_computeCombo = new QComboBox(m_formatBox);
        m_computeCombo->setObjectName(QStringLiteral("computeCombo"));
        for (auto type : { sizing::ScalarType::FP32, sizing::ScalarType::FP16, sizing::ScalarType::BF16,
                 sizing::ScalarType::FP8E4M3, sizing::ScalarType::FP8E5M2 })
            m_computeCombo->addItem(QString::fromUtf8(sizing::scalarName(type)), static_cast<int>(type));
        m_computeCombo->setCurrentIndex(m_computeCombo->findData(static_cast<int>(sizing::ScalarType::BF16)));
        m_blockLabel = new QLabel(m_formatBox);
        m_blockSpin = makeSpin(m_formatBox, "blockSpin", 1, 1 << 20, 64);
        m_groupLabel = new QLabel(m_formatBox);
        m_groupSpin = makeSpin(m_formatBox, "groupSpin", 1, 1 << 20, 128);
        form->addRow(m_storageLabel, m_storageCombo);
        form->addRow(m_computeLabel, m_computeCombo);
        form->addRow(m_blockLabel, m_blockSpin);
        form->addRow(m_groupLabel, m_groupSpin);
    }
    inputsLayout->addWidget(m_formatBox);

    m_workloadBox = new QGroupBox(inputs);
    {
        auto* form = new QFormLayout(m_workloadBox);
        tuneForm(form);
        m_modeLabel = new QLabel(m_workloadBox);
        m_modeCombo = new QComboBox(m_workloadBox);
        m_modeCombo->setObjectName(QStringLiteral("modeCombo"));
        for (int i = 0; i < 3; ++i)
            m_modeCombo->addItem(QString(), i);
        m_optimizerLabel = new QLabel(m_workloadBox);
        m_optimizerCombo = new QComboBox(m_workloadBox);
        m_optimizerCombo->setObjectName(QStringLiteral("optimizerCombo"));
        for (auto opt : { sizing::Optimizer::AdamW, sizing::Optimizer::Adam, sizing::Optimizer::Adam8bit,
                 sizing::Optimizer::SGDMomentum, sizing::Optimizer::SGD })
            m_optimizerCombo->addItem(QString::fromUtf8(sizing::optimizerName(opt)), static_cast<int>(opt));
        m_masterWeightsCheck = new QCheckBox(m_workloadBox);
        m_masterWeightsCheck->setObjectName(QStringLiteral("masterWeightsCheck"));
        m_loraRankLabel = new QLabel(m_workloadBox);
        m_loraRankSpin = makeSpin(m_workloadBox, "loraRankSpin", 1, 4096, 16);
        m_microBatchLabel = new QLabel(m_workloadBox);
        m_microBatchSpin = makeSpin(m_workloadBox, "microBatchSpin", 1, 1 << 20, 1);
        m_sequenceLabel = new QLabel(m_workloadBox);
        m_sequenceSpin = makeSpin(m_workloadBox, "sequenceSpin", 1, kSpinMax, 2048);
        m_checkpointingCheck = new QCheckBox(m_workloadBox);
        m_checkpointingCheck->setObjectName(QStringLiteral("checkpointingCheck"));
        form->addRow(m_modeLabel, m_modeCombo);
        form->addRow(m_optimizerLabel, m_optimizerCombo);
        form->addRow(m_masterWeightsCheck);
        form->addRow(m_loraRankLabel, m_loraRankSpin);
        form->addRow(m_microBatchLabel, m_microBatchSpin);
        form->addRow(m_sequenceLabel, m_sequenceSpin);
        form->addRow(m_checkpointingCheck);
    }
    inputsLayout->addWidget(m_workloadBox);

    m_kvBox = new QGroupBox(inputs);
    m_kvBox->setObjectName(QStringLiteral("kvBox"));
    m_kvBox->setCheckable(true);
    m_kvBox->setChecked(false);
    {
        auto* form = new QFormLayout(m_kvBox);
        tuneForm(form);
        // Defaults: the seeds' KV example (32 layers, 8 KV heads, head_dim 128, 8 192 tokens, 16 bit, 1 sequence).
        m_layersLabel = new QLabel(m_kvBox);
        m_layersSpin = makeSpin(m_kvBox, "layersSpin", 1, 1 << 20, 32);
        m_kvHeadsLabel = new QLabel(m_kvBox);
        m_kvHeadsSpin = makeSpin(m_kvBox, "kvHeadsSpin", 1, 1 << 20, 8);
        m_headDimLabel = new QLabel(m_kvBox);
        m_headDimSpin = makeSpin(m_kvBox, "headDimSpin", 1, 1 << 20, 128);
        m_promptLabel = new QLabel(m_kvBox);
        m_promptSpin = makeSpin(m_kvBox, "promptSpin", 0, kSpinMax, 8192);
        m_generatedLabel = new QLabel(m_kvBox);
        m_generatedSpin = makeSpin(m_kvBox, "generatedSpin", 0, kSpinMax, 0);
        m_sequencesLabel = new QLabel(m_kvBox);
        m_sequencesSpin = makeSpin(m_kvBox, "sequencesSpin", 1, kSpinMax, 1);
        m_kvDtypeLabel = new QLabel(m_kvBox);
        m_kvDtypeCombo = new QComboBox(m_kvBox);
        m_kvDtypeCombo->setObjectName(QStringLiteral("kvDtypeCombo"));
        for (auto type : sizing::allScalarTypes())
            m_kvDtypeCombo->addItem(QString::fromUtf8(sizing::scalarName(type)), static_cast<int>(type));
        m_kvDtypeCombo->setCurrentIndex(m_kvDtypeCombo->findData(static_cast<int>(sizing::ScalarType::FP16)));
        m_windowLabel = new QLabel(m_kvBox);
        m_windowSpin = makeSpin(m_kvBox, "windowSpin", 0, kSpinMax, 0);
        m_staticCheck = new QCheckBox(m_kvBox);
        m_staticCheck->setObjectName(QStringLiteral("staticCheck"));
        m_fillFromModel = new QPushButton(m_kvBox);
        m_fillFromModel->setObjectName(QStringLiteral("fillFromModel"));
        form->addRow(m_layersLabel, m_layersSpin);
        form->addRow(m_kvHeadsLabel, m_kvHeadsSpin);
        form->addRow(m_headDimLabel, m_headDimSpin);
        form->addRow(m_promptLabel, m_promptSpin);
        form->addRow(m_generatedLabel, m_generatedSpin);
        form->addRow(m_sequencesLabel, m_sequencesSpin);
        form->addRow(m_kvDtypeLabel, m_kvDtypeCombo);
        form->addRow(m_windowLabel, m_windowSpin);
        form->addRow(m_staticCheck);
        form->addRow(m_fillFromModel);
    }
    inputsLayout->addWidget(m_kvBox);

    m_reserveBox = new QGroupBox(inputs);
    {
        auto* form = new QFormLayout(m_reserveBox);
        tuneForm(form);
        m_reserveLabel = new QLabel(m_reserveBox);
        auto* row = new QHBoxLayout;
        m_reserveSpin = new QDoubleSpinBox(m_reserveBox);
        m_reserveSpin->setObjectName(QStringLiteral("reserveSpin"));
        m_reserveSpin->setRange(0.0, 1.0e6);
        m_reserveSpin->setDecimals(2);
        m_reserveSpin->setValue(4.0);
        m_reserveSpin->setGroupSeparatorShown(true);
        m_reserveUnit = new QComboBox(m_reserveBox);
        m_reserveUnit->setObjectName(QStringLiteral("reserveUnit"));
        // Unit symbols are never translated.
        m_reserveUnit->addItem(QStringLiteral("GiB"), static_cast<int>(units::Unit::GiB));
        m_reserveUnit->addItem(QStringLiteral("GB"), static_cast<int>(units::Unit::GB));
        row->addWidget(m_reserveSpin, 1);
        row->addWidget(m_reserveUnit);
        m_deviceCaption = new QLabel(m_reserveBox);
        m_deviceLabel = new QLabel(m_reserveBox);
        m_deviceLabel->setObjectName(QStringLiteral("deviceLabel"));
        m_deviceLabel->setWordWrap(true);
        m_tpLabel = new QLabel(m_reserveBox);
        m_tpSpin = makeSpin(m_reserveBox, "tpSpin", 1, 1024, 1);
        form->addRow(m_reserveLabel, row);
        form->addRow(m_deviceCaption, m_deviceLabel);
        form->addRow(m_tpLabel, m_tpSpin);
    }
    inputsLayout->addWidget(m_reserveBox);
    inputsLayout->addStretch(1);

    auto* inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setFrameShape(QFrame::NoFrame);
    inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);

    // Results
    auto* results = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(4, 4, 4, 4);
    m_message = new QLabel(results);
    m_message->setObjectName(QStringLiteral("messageLabel"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict = new QLabel(results);
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resultTabs = new QTabWidget(results);
    m_resultTabs->setDocumentMode(true);

    auto* breakdownPage = new QWidget(m_resultTabs);
    auto* breakdownLayout = new QVBoxLayout(breakdownPage);
    breakdownLayout->setContentsMargins(0, 0, 0, 0);
    m_breakdownView = new QTableView(breakdownPage);
    m_breakdownView->setObjectName(QStringLiteral("breakdownView"));
    m_breakdownView->setModel(m_breakdown);
    m_breakdownView->verticalHeader()->hide();
    m_breakdownView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_breakdownView->setWordWrap(false);
    m_breakdownView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_breakdownView->horizontalHeader()->setStretchLastSection(true);
    m_bar = new BreakdownBar(breakdownPage);
    m_bar->setObjectName(QStringLiteral("breakdownBar"));
    breakdownLayout->addWidget(m_breakdownView, 1);
    breakdownLayout->addWidget(m_bar);
    m_resultTabs->addTab(breakdownPage, QString());

    auto* catalogPage = new QWidget(m_resultTabs);
    auto* catalogLayout = new QVBoxLayout(catalogPage);
    catalogLayout->setContentsMargins(0, 0, 0, 0);
    m_catalogView = new QTableView(catalogPage);
    m_catalogView->setObjectName(QStringLiteral("catalogView"));
    m_catalogView->setModel(m_catalogModel);
    m_catalogView->verticalHeader()->hide();
    m_catalogView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_catalogView->setWordWrap(false);
    m_catalogView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_catalogNote = new QLabel(catalogPage);
    m_catalogNote->setWordWrap(true);
    catalogLayout->addWidget(m_catalogView, 1);
    catalogLayout->addWidget(m_catalogNote);
    m_resultTabs->addTab(catalogPage, QString());

    resultsLayout->addWidget(m_message);
    resultsLayout->addWidget(m_verdict);
    resultsLayout->addWidget(m_resultTabs, 1);

    // The results scroll on their own too: on a short screen the inputs and the verdict each keep a share of the
    // height (the splitter between them), instead of the whole panel growing taller than the window.
    auto* resultsScroll = new QScrollArea(this);
    resultsScroll->setObjectName(QStringLiteral("resultsScroll"));
    resultsScroll->setWidget(results);
    resultsScroll->setWidgetResizable(true);
    resultsScroll->setFrameShape(QFrame::NoFrame);
    resultsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("sizingSplitter"));
    splitter->addWidget(inputsScroll);
    splitter->addWidget(resultsScroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void SizingPanel::retranslateUi()
{
    // Storage formats: the label and what the byte count assumes, from core's marked texts.
    for (int i = 0; i < m_storageCombo->count(); ++i) {
        const auto& info
            = sizing::weightFormatInfo(static_cast<sizing::WeightFormat>(m_storageCombo->itemData(i).toInt()));
        m_storageCombo->setItemText(i, QCoreApplication::translate(i18n::kWeightFormatContext, info.label));
        m_storageCombo->setItemData(
            i, QCoreApplication::translate(i18n::kWeightFormatContext, info.assumptions), Qt::ToolTipRole);
    }
    m_modelBox->setTitle(tr("Model"));
    m_sourceLabel->setText(tr("Source:"));
    setComboTexts(
        m_sourceCombo, { tr("Numbers typed in"), tr("Preset"), tr("config.json file"), tr("safetensors checkpoint") });
    m_parametersLabel->setText(tr("Parameters:"));
    m_parametersEdit->setToolTip(tr("A whole number, e.g. 7000000000 or 7e9."));
    m_bitsLabel->setText(tr("Bits per parameter:"));
    m_bitsSpin->setSpecialValueText(tr("storage format"));
    m_bitsSpin->setToolTip(
        tr("Parameters × bits / 8, with no metadata (the compact figure). Choose \"storage format\" to size by "
           "the format below."));
    m_presetLabel->setText(tr("Model:"));
    m_configOpen->setText(tr("Open config.json…"));
    m_safetensorsOpenFile->setText(tr("Open file or index…"));
    m_safetensorsOpenFolder->setText(tr("Open folder…"));
    m_weightsFromCheckpoint->setText(tr("Weights as stored in the checkpoint"));
    m_safetensorsPath->setPlaceholderText(tr("No checkpoint opened"));
    m_configPath->setPlaceholderText(tr("No config.json opened"));

    m_formatBox->setTitle(tr("Formats"));
    m_storageLabel->setText(tr("Storage format:"));
    m_computeLabel->setText(tr("Compute format:"));
    m_blockLabel->setText(tr("Block size (NF4/FP4):"));
    m_groupLabel->setText(tr("Group size (GPTQ/AWQ):"));

    m_workloadBox->setTitle(tr("Workload"));
    m_modeLabel->setText(tr("Mode:"));
    setComboTexts(m_modeCombo, { tr("Inference"), tr("Fine-tune (LoRA)"), tr("Full training") });
    m_optimizerLabel->setText(tr("Optimizer:"));
    m_masterWeightsCheck->setText(tr("fp32 master weights (mixed precision)"));
    m_loraRankLabel->setText(tr("LoRA rank:"));
    m_microBatchLabel->setText(tr("Micro-batch:"));
    m_sequenceLabel->setText(tr("Sequence length (tokens):"));
    m_checkpointingCheck->setText(tr("Activation checkpointing"));

    m_kvBox->setTitle(tr("KV cache (inference)"));
    m_layersLabel->setText(tr("Layers:"));
    m_kvHeadsLabel->setText(tr("KV heads:"));
    m_kvHeadsSpin->setToolTip(tr("num_key_value_heads, not the query heads."));
    m_headDimLabel->setText(tr("head_dim:"));
    m_promptLabel->setText(tr("Prompt tokens:"));
    m_generatedLabel->setText(tr("Generated tokens:"));
    m_sequencesLabel->setText(tr("Sequences:"));
    m_kvDtypeLabel->setText(tr("KV type:"));
    m_windowLabel->setText(tr("Sliding window:"));
    m_windowSpin->setSpecialValueText(tr("none"));
    m_windowSpin->setToolTip(tr("Tokens kept per layer; \"none\" keeps every token (or the model's own windows)."));
    m_staticCheck->setText(tr("Static cache (preallocated)"));
    m_fillFromModel->setText(tr("Take from the model"));

    m_reserveBox->setTitle(tr("Reserve and device"));
    m_reserveLabel->setText(tr("Reserve:"));
    m_reserveSpin->setToolTip(tr("CUDA context, fragmentation, other processes. Kept in the unit you choose."));
    m_deviceCaption->setText(tr("Device:"));
    m_tpLabel->setText(tr("Devices (tensor parallel):"));
    m_tpSpin->setToolTip(tr("Weights and KV heads are divided among the devices; the need is per device."));

    m_resultTabs->setTabText(0, tr("Breakdown"));
    m_resultTabs->setTabText(1, tr("Catalog"));
    m_catalogNote->setText(tr("Capacity as the device reports it, not as it is sold. The need is per device; "
                              "several GPUs are not one memory pool."));
    m_breakdown->retranslate();
    m_catalogModel->retranslate();
    updateModelInfo();
    if (m_presets && m_presets->presets().empty())
        m_presetCombo->setPlaceholderText(tr("No presets found"));
    // Messages and the verdict are rebuilt in the new language.
    if (m_request || !m_error.isEmpty())
        recompute();
}

void SizingPanel::connectInputs()
{
    auto schedule = [this] { scheduleRecompute(); };
    connect(m_sourceCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_sourceStack->setCurrentIndex(index);
        updateEnabledState();
        updateModelInfo();
        scheduleRecompute();
    });
    connect(m_parametersEdit, &QLineEdit::textChanged, this, schedule);
    connect(m_bitsSpin, &QSpinBox::valueChanged, this, [this] {
        updateEnabledState();
        scheduleRecompute();
    });
    connect(m_presetCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_presets || index < 0)
            return;
        const auto& presets = m_presets->presets();
        if (static_cast<std::size_t>(index) >= presets.size())
            return;
        m_shape = presets[static_cast<std::size_t>(index)].shape;
        m_shapeOrigin = QString::fromStdString(presets[static_cast<std::size_t>(index)].id);
        m_modelError.clear();
        fillKvFromShape();
        updateModelInfo();
        scheduleRecompute();
    });
    connect(m_configOpen, &QPushButton::clicked, this, &SizingPanel::openConfigDialog);
    connect(m_safetensorsOpenFile, &QPushButton::clicked, this, &SizingPanel::openSafetensorsFileDialog);
    connect(m_safetensorsOpenFolder, &QPushButton::clicked, this, &SizingPanel::openSafetensorsFolderDialog);
    connect(m_weightsFromCheckpoint, &QCheckBox::toggled, this, schedule);
    connect(m_storageCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabledState();
        scheduleRecompute();
    });
    connect(m_computeCombo, &QComboBox::currentIndexChanged, this, schedule);
    connect(m_blockSpin, &QSpinBox::valueChanged, this, schedule);
    connect(m_groupSpin, &QSpinBox::valueChanged, this, schedule);
    connect(m_modeCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabledState();
        scheduleRecompute();
    });
    connect(m_optimizerCombo, &QComboBox::currentIndexChanged, this, schedule);
    connect(m_masterWeightsCheck, &QCheckBox::toggled, this, schedule);
    connect(m_loraRankSpin, &QSpinBox::valueChanged, this, schedule);
    connect(m_microBatchSpin, &QSpinBox::valueChanged, this, schedule);
    connect(m_sequenceSpin, &QSpinBox::valueChanged, this, schedule);
    connect(m_checkpointingCheck, &QCheckBox::toggled, this, schedule);
    connect(m_kvBox, &QGroupBox::toggled, this, schedule);
    for (QSpinBox* spin :
        { m_layersSpin, m_kvHeadsSpin, m_headDimSpin, m_promptSpin, m_generatedSpin, m_sequencesSpin, m_windowSpin })
        connect(spin, &QSpinBox::valueChanged, this, schedule);
    connect(m_kvDtypeCombo, &QComboBox::currentIndexChanged, this, schedule);
    connect(m_staticCheck, &QCheckBox::toggled, this, schedule);
    connect(m_fillFromModel, &QPushButton::clicked, this, [this] {
        fillKvFromShape();
        scheduleRecompute();
    });
    connect(m_reserveSpin, &QDoubleSpinBox::valueChanged, this, schedule);
    connect(m_reserveUnit, &QComboBox::currentIndexChanged, this, schedule);
    connect(m_tpSpin, &QSpinBox::valueChanged, this, schedule);
}

void SizingPanel::scheduleRecompute() { m_timer->start(); }

void SizingPanel::loadPresets()
{
    m_presetCombo->blockSignals(true);
    m_presetCombo->clear();
    try {
        m_presets = sizing::PresetLibrary::loadDefault();
        for (const auto& preset : m_presets->presets()) {
            m_presetCombo->addItem(QString::fromStdString(preset.name), QString::fromStdString(preset.id));
            m_presetCombo->setItemData(
                m_presetCombo->count() - 1, QString::fromStdString(preset.source), Qt::ToolTipRole);
        }
        m_presetCombo->setCurrentIndex(-1);
    } catch (const std::exception& e) {
        m_presets.reset();
        m_presetError = QString::fromStdString(e.what());
    }
    m_presetCombo->blockSignals(false);
}

void SizingPanel::loadCatalog()
{
    try {
        m_catalog = sizing::DeviceCatalog::loadDefault();
    } catch (const std::exception& e) {
        m_catalog.reset();
        m_catalogError = QString::fromStdString(e.what());
    }
}

void SizingPanel::fillKvFromShape()
{
    if (!m_shape)
        return;
    const QSignalBlocker b1(m_layersSpin), b2(m_kvHeadsSpin), b3(m_headDimSpin), b4(m_windowSpin);
    auto clampInt = [](std::uint64_t v) { return static_cast<int>(std::min<std::uint64_t>(v, kSpinMax)); };
    m_layersSpin->setValue(clampInt(m_shape->layers));
    m_kvHeadsSpin->setValue(clampInt(m_shape->kvHeads));
    m_headDimSpin->setValue(clampInt(m_shape->headDim));
    // The model's own per-layer windows are used when "none" is left here.
    m_windowSpin->setValue(0);
}

void SizingPanel::updateEnabledState()
{
    const auto source = static_cast<Source>(m_sourceCombo->currentIndex());
    const bool typedBits = source == Source::Typed && m_bitsSpin->value() > 0;
    const bool fromCheckpoint = source == Source::Safetensors && m_weightsFromCheckpoint->isChecked();
    m_storageCombo->setEnabled(!typedBits && !fromCheckpoint);
    const auto format = static_cast<sizing::WeightFormat>(m_storageCombo->currentData().toInt());
    const bool blockFormat = format == sizing::WeightFormat::NF4 || format == sizing::WeightFormat::FP4
        || format == sizing::WeightFormat::NF4DoubleQuant;
    const bool groupFormat = format == sizing::WeightFormat::GptqInt4 || format == sizing::WeightFormat::AwqInt4;
    m_blockSpin->setEnabled(m_storageCombo->isEnabled() && blockFormat);
    m_groupSpin->setEnabled(m_storageCombo->isEnabled() && groupFormat);

    const auto mode = static_cast<Mode>(m_modeCombo->currentIndex());
    const bool training = mode != Mode::Inference;
    m_optimizerCombo->setEnabled(training);
    m_masterWeightsCheck->setEnabled(training);
    m_loraRankSpin->setEnabled(mode == Mode::LoRA);
    m_microBatchSpin->setEnabled(training);
    m_sequenceSpin->setEnabled(training);
    m_checkpointingCheck->setEnabled(training);
    m_kvBox->setEnabled(!training);
    m_fillFromModel->setEnabled(m_shape.has_value());
}

void SizingPanel::updateModelInfo()
{
    const auto source = static_cast<Source>(m_sourceCombo->currentIndex());
    QString text;
    bool error = false;
    const QLocale locale;
    auto shapeText = [&] {
        QString family = QString::fromStdString(m_shape->family);
        QString t;
        try {
            //: %1 is the model family (e.g. "llama"), %2 the exact parameter count
            t = tr("%1: %2 parameters (exact, from the shapes)")
                    .arg(family, locale.toString(static_cast<qulonglong>(m_shape->parameters().total)));
        } catch (const std::exception& e) {
            t = QString::fromStdString(e.what());
        }
        //: %1 layers, %2 KV heads, %3 head_dim
        t += QLatin1Char('\n')
            + tr("%1 layers, %2 KV heads, head_dim %3")
                  .arg(locale.toString(static_cast<qulonglong>(m_shape->layers)),
                      locale.toString(static_cast<qulonglong>(m_shape->kvHeads)),
                      locale.toString(static_cast<qulonglong>(m_shape->headDim)));
        if (m_shape->hasSlidingWindow())
            t += QLatin1Char('\n') + tr("Sliding-window layers are taken from the model.");
        return t;
    };
    switch (source) {
    case Source::Typed:
        text = tr("Sizes weights as parameters × bits / 8 (for example 7 000 000 000 × 16 bit).");
        break;
    case Source::Preset:
        if (!m_presets) {
            //: %1 is the reason the presets could not be read
            text = tr("Presets could not be read: %1").arg(m_presetError);
            error = true;
        } else if (m_shape && m_presetCombo->currentIndex() >= 0) {
            text = shapeText();
            const QString origin = m_presetCombo->currentData(Qt::ToolTipRole).toString();
            if (!origin.isEmpty())
                //: %1 is where the preset's config comes from (a URL)
                text += QLatin1Char('\n') + tr("Source: %1").arg(origin);
        } else {
            text = tr("Choose a model.");
        }
        break;
    case Source::Config:
        if (m_shape && !m_configPath->text().isEmpty() && m_shapeOrigin == m_configPath->text()) {
            text = shapeText();
        } else if (!m_modelError.isEmpty()) {
            text = m_modelError;
            error = true;
        } else {
            text = tr("Open a Hugging Face config.json.");
        }
        break;
    case Source::Safetensors:
        if (!m_modelError.isEmpty() && !m_checkpoint) {
            text = m_modelError;
            error = true;
        } else if (m_checkpoint) {
            //: %1 number of tensors, %2 number of files, %3 element count, %4 size of the stored tensors. Written as
            //: labels with values, so no plural forms are needed.
            text = tr("Tensors: %1 · files: %2 · elements: %3 · stored: %4")
                       .arg(locale.toString(static_cast<qulonglong>(m_checkpoint->tensors.size())),
                           locale.toString(static_cast<qulonglong>(m_checkpoint->files.size())),
                           locale.toString(static_cast<qulonglong>(m_checkpoint->totalElements)),
                           ByteText::full(m_checkpoint->totalBytes, tr("bytes"), locale));
            if (m_checkpoint->quantized())
                text += QLatin1Char('\n') + tr("Quantization metadata found (scales, absmax or packed weights).");
        } else {
            text = tr("Open a .safetensors file, a model.safetensors.index.json or a folder of shards.");
        }
        break;
    }
    m_modelInfo->setText(text);
    m_modelInfo->setStyleSheet(error ? QStringLiteral("color: #b01c1c;") : QString());
}

bool SizingPanel::loadConfigFile(const QString& path)
{
    m_configPath->setText(path);
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Config));
        m_sourceStack->setCurrentIndex(static_cast<int>(Source::Config));
    }
    bool ok = false;
    try {
        m_shape = model::ConfigReader::readFile(QFile::encodeName(path).toStdString());
        m_shapeOrigin = path;
        m_modelError.clear();
        fillKvFromShape();
        ok = true;
    } catch (const std::exception& e) {
        m_shape.reset();
        m_shapeOrigin.clear();
        m_modelError = QString::fromStdString(e.what());
    }
    updateEnabledState();
    updateModelInfo();
    recompute();
    return ok;
}

bool SizingPanel::loadSafetensors(const QString& path)
{
    m_safetensorsPath->setText(path);
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Safetensors));
        m_sourceStack->setCurrentIndex(static_cast<int>(Source::Safetensors));
    }
    bool ok = false;
    try {
        m_checkpoint = model::SafetensorsReader::read(QFile::encodeName(path).toStdString());
        m_modelError.clear();
        ok = true;
    } catch (const std::exception& e) {
        m_checkpoint.reset();
        m_modelError = QString::fromStdString(e.what());
    }
    updateEnabledState();
    updateModelInfo();
    recompute();
    return ok;
}

bool SizingPanel::selectPreset(const QString& idOrName)
{
    if (!m_presets)
        return false;
    const auto* preset = m_presets->find(idOrName.toStdString());
    if (!preset)
        return false;
    m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Preset));
    const int index = m_presetCombo->findData(QString::fromStdString(preset->id));
    if (m_presetCombo->currentIndex() == index) {
        m_shape = preset->shape;
        m_shapeOrigin = QString::fromStdString(preset->id);
    } else {
        m_presetCombo->setCurrentIndex(index);
    }
    updateEnabledState();
    updateModelInfo();
    recompute();
    return true;
}

void SizingPanel::openConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open config.json"), QString(), tr("Model configuration (config.json *.json);;All files (*)"));
    if (!path.isEmpty())
        loadConfigFile(path);
}

void SizingPanel::openSafetensorsFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a safetensors checkpoint"), QString(),
        tr("safetensors (*.safetensors *.safetensors.index.json);;All files (*)"));
    if (!path.isEmpty())
        loadSafetensors(path);
}

void SizingPanel::openSafetensorsFolderDialog()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open a folder of safetensors shards"));
    if (!path.isEmpty())
        loadSafetensors(path);
}

void SizingPanel::setSource(Source source) { m_sourceCombo->setCurrentIndex(static_cast<int>(source)); }

void SizingPanel::setParametersText(const QString& text)
{
    setSource(Source::Typed);
    m_parametersEdit->setText(text);
}

void SizingPanel::setBits(int bits) { m_bitsSpin->setValue(bits); }

void SizingPanel::setReserve(double value, units::Unit unit)
{
    m_reserveSpin->setValue(value);
    m_reserveUnit->setCurrentIndex(m_reserveUnit->findData(static_cast<int>(unit)));
}

void SizingPanel::setMode(Mode mode) { m_modeCombo->setCurrentIndex(static_cast<int>(mode)); }

void SizingPanel::setTensorParallel(int degree) { m_tpSpin->setValue(degree); }

void SizingPanel::setDevice(const QString& name, quint64 capacityBytes)
{
    m_deviceName = name;
    m_deviceCapacity = capacityBytes;
    //: %1 is the device name, %2 its reported capacity
    m_deviceLabel->setText(tr("%1, %2").arg(name, ByteText::inUnit(capacityBytes, units::Unit::GiB)));
    m_deviceLabel->setToolTip(ByteText::full(capacityBytes, tr("bytes")));
    updateVerdict();
}

void SizingPanel::clearDevice()
{
    m_deviceName.clear();
    m_deviceCapacity.reset();
    m_deviceLabel->clear();
    updateVerdict();
}

std::optional<sizing::SizingRequest> SizingPanel::buildRequest(QString& error) const
{
    sizing::SizingRequest request;
    const auto source = static_cast<Source>(m_sourceCombo->currentIndex());
    switch (source) {
    case Source::Typed: {
        const auto parameters = parseCount(m_parametersEdit->text());
        if (!parameters || *parameters == 0) {
            error = tr("Parameters: enter a whole number greater than 0, e.g. 7000000000.");
            return std::nullopt;
        }
        request.parameters = *parameters;
        if (m_bitsSpin->value() > 0)
            request.bits = static_cast<std::uint64_t>(m_bitsSpin->value());
        break;
    }
    case Source::Preset:
        if (!m_shape || m_presetCombo->currentIndex() < 0) {
            if (m_presets)
                error = tr("Choose a preset model.");
            else
                //: %1 is the reason the presets could not be read
                error = tr("Presets could not be read: %1").arg(m_presetError);
            return std::nullopt;
        }
        request.shape = m_shape;
        break;
    case Source::Config:
        if (!m_shape || m_shapeOrigin != m_configPath->text()) {
            error = m_modelError.isEmpty() ? tr("Open a config.json to size this model.") : m_modelError;
            return std::nullopt;
        }
        request.shape = m_shape;
        break;
    case Source::Safetensors:
        if (!m_checkpoint) {
            error = m_modelError.isEmpty() ? tr("Open a safetensors checkpoint to size this model.") : m_modelError;
            return std::nullopt;
        }
        request.checkpoint = m_checkpoint;
        request.weightsFromCheckpoint = m_weightsFromCheckpoint->isChecked();
        break;
    }

    request.weights.format = static_cast<sizing::WeightFormat>(m_storageCombo->currentData().toInt());
    const auto compute = static_cast<sizing::ScalarType>(m_computeCombo->currentData().toInt());
    request.weights.compute = compute;
    request.weights.blockSize = static_cast<std::uint64_t>(m_blockSpin->value());
    request.weights.groupSize = static_cast<std::uint64_t>(m_groupSpin->value());

    const auto mode = static_cast<Mode>(m_modeCombo->currentIndex());
    if (mode == Mode::Inference) {
        if (m_kvBox->isChecked()) {
            sizing::KvCacheOptions kv
                = request.shape ? sizing::KvCacheOptions::fromShape(*request.shape) : sizing::KvCacheOptions {};
            const auto layers = static_cast<std::uint64_t>(m_layersSpin->value());
            if (kv.layers != layers)
                kv.layerWindows.clear(); // the model's per-layer windows no longer match the layers typed
            kv.layers = layers;
            kv.kvHeads = static_cast<std::uint64_t>(m_kvHeadsSpin->value());
            kv.headDim = static_cast<std::uint64_t>(m_headDimSpin->value());
            kv.promptTokens = static_cast<std::uint64_t>(m_promptSpin->value());
            kv.generatedTokens = static_cast<std::uint64_t>(m_generatedSpin->value());
            kv.sequences = static_cast<std::uint64_t>(m_sequencesSpin->value());
            kv.dtype = static_cast<sizing::ScalarType>(m_kvDtypeCombo->currentData().toInt());
            if (m_windowSpin->value() > 0) {
                kv.slidingWindow = static_cast<std::uint64_t>(m_windowSpin->value());
                kv.layerWindows.clear();
            }
            kv.staticCache = m_staticCheck->isChecked();
            if (kv.promptTokens + kv.generatedTokens == 0) {
                error = tr("KV cache: enter at least one prompt or generated token.");
                return std::nullopt;
            }
            request.kvCache = kv;
        }
    } else {
        sizing::TrainingOptions training;
        training.mode = mode == Mode::LoRA ? sizing::TrainingMode::LoRA : sizing::TrainingMode::Full;
        training.optimizer = static_cast<sizing::Optimizer>(m_optimizerCombo->currentData().toInt());
        training.masterWeights = m_masterWeightsCheck->isChecked();
        training.loraRank = static_cast<std::uint64_t>(m_loraRankSpin->value());
        training.microBatch = static_cast<std::uint64_t>(m_microBatchSpin->value());
        training.sequenceLength = static_cast<std::uint64_t>(m_sequenceSpin->value());
        training.activationCheckpointing = m_checkpointingCheck->isChecked();
        training.gradientType = compute;
        training.activationType = compute;
        request.training = training;
    }

    const auto unit = static_cast<units::Unit>(m_reserveUnit->currentData().toInt());
    try {
        request.reserve = sizing::Reserve::typed(m_reserveSpin->value(), unit);
    } catch (const std::exception& e) {
        //: %1 is the reason, e.g. "the value is too large"
        error = tr("Reserve: %1").arg(QString::fromStdString(e.what()));
        return std::nullopt;
    }
    request.tensorParallel = static_cast<std::uint64_t>(m_tpSpin->value());
    return request;
}

void SizingPanel::recompute()
{
    m_timer->stop();
    QString error;
    auto request = buildRequest(error);
    if (!request) {
        showError(error);
        return;
    }
    try {
        m_estimate = sizing::SizingEngine::estimate(*request);
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        return;
    }
    m_request = request;
    m_error.clear();
    updateResults(*request);
    const quint64 total = m_estimate->total();
    if (m_lastEmitted != total) {
        m_lastEmitted = total;
        emit estimateChanged(total);
    }
}

void SizingPanel::showError(const QString& error)
{
    m_error = error;
    m_estimate.reset();
    m_request.reset();
    m_deviceVerdict.reset();
    m_breakdown->clear();
    m_catalogModel->clear();
    m_bar->setSegments({});
    m_message->setText(error);
    m_message->setStyleSheet(QStringLiteral("color: #b01c1c; font-weight: bold;"));
    m_verdict->clear();
    m_lastEmitted.reset();
    emit estimateCleared(error);
}

void SizingPanel::updateResults(const sizing::SizingRequest& request)
{
    const sizing::Estimate& estimate = *m_estimate;
    m_breakdown->setEstimate(estimate);

    const QLocale locale;
    QList<BreakdownBar::Segment> segments;
    std::vector<std::string> largest;
    for (const auto& phase : estimate.phases) {
        if (phase.id == estimate.largestPhase)
            largest = phase.componentIds;
    }
    for (const auto& c : estimate.components) {
        if (!c.bytes || *c.bytes == 0)
            continue;
        if (!largest.empty() && std::find(largest.begin(), largest.end(), c.id) == largest.end())
            continue;
        const QString id = QString::fromStdString(c.id);
        segments.append({ BreakdownModel::componentName(id) + QLatin1Char(' ')
                + ByteText::inUnit(*c.bytes, units::Unit::GiB, locale),
            *c.bytes, BreakdownBar::colorFor(id) });
    }
    if (estimate.reserve.bytes > 0)
        segments.append({ BreakdownModel::componentName(QStringLiteral("reserve")) + QLatin1Char(' ')
                + ByteText::inUnit(estimate.reserve.bytes, units::Unit::GiB, locale),
            estimate.reserve.bytes, BreakdownBar::colorFor(QStringLiteral("reserve")) });
    m_bar->setSegments(segments);

    //: %1 is the total (e.g. "17.04 GiB"), %2 the exact bytes, %3 the parameter count
    m_message->setText(tr("Needed per device: %1 (%2 bytes), %3 parameters")
                           .arg(ByteText::inUnit(estimate.total(), units::Unit::GiB, locale),
                               ByteText::bytes(estimate.total(), locale),
                               locale.toString(static_cast<qulonglong>(estimate.parameters))));
    m_message->setStyleSheet(QString());
    QStringList assumptions;
    for (const auto& a : estimate.assumptions)
        assumptions << messageText(a);
    m_message->setToolTip(assumptions.join(QLatin1Char('\n')));

    QList<CatalogFitModel::Entry> entries;
    if (m_catalog) {
        for (const auto& card : m_catalog->cards()) {
            CatalogFitModel::Entry entry;
            entry.card = card;
            try {
                entry.verdict = sizing::FitAnalyzer::verdict(request, card, request.tensorParallel);
                for (std::uint64_t tp : { 1ULL, 2ULL, 4ULL, 8ULL }) {
                    if (sizing::FitAnalyzer::verdict(request, card, tp).fits) {
                        entry.smallestFittingTp = tp;
                        break;
                    }
                }
            } catch (const std::exception&) {
                continue; // a degree the model cannot be split into; the card is left out
            }
            entries.append(entry);
        }
        m_catalogNote->setStyleSheet(QString());
    } else {
        //: %1 is the reason the GPU catalog could not be read
        m_catalogNote->setText(tr("The GPU catalog could not be read: %1").arg(m_catalogError));
        m_catalogNote->setStyleSheet(QStringLiteral("color: #b01c1c;"));
    }
    m_catalogModel->setEntries(entries);
    updateVerdict();
}

QString SizingPanel::verdictText() const { return m_verdict->text(); }

void SizingPanel::updateVerdict()
{
    m_deviceVerdict.reset();
    if (!m_estimate) {
        m_verdict->clear();
        m_bar->setCapacity(std::nullopt);
        return;
    }
    if (!m_deviceCapacity) {
        m_verdict->setText(tr("Choose a device in the device picker to see whether it fits."));
        m_verdict->setStyleSheet(QString());
        m_bar->setCapacity(std::nullopt);
        return;
    }
    sizing::GpuCard card;
    card.id = m_deviceName.toStdString();
    card.name = m_deviceName.toStdString();
    card.reportedBytes = *m_deviceCapacity;
    m_deviceVerdict = sizing::FitAnalyzer::verdict(*m_estimate, card);
    const QLocale locale;
    const auto& v = *m_deviceVerdict;
    const QString needed = ByteText::inUnit(v.neededPerDevice, units::Unit::GiB, locale);
    const QString available = ByteText::inUnit(v.availablePerDevice, units::Unit::GiB, locale);
    const QString dominant = BreakdownModel::componentName(QString::fromStdString(v.dominantComponent));
    QString text;
    if (v.fits)
        //: %1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component
        text = tr("Fits on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.");
    else
        //: %1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component
        text = tr("Does not fit on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.");
    text = text.arg(m_deviceName, needed, available, CatalogFitModel::marginText(v.margin), dominant);
    if (v.tensorParallel > 1)
        //: %n is the number of devices
        text += QLatin1Char(' ')
            + tr("Per device, with %n device(s) in tensor parallel.", nullptr, static_cast<int>(v.tensorParallel));
    // With a KV cache or training, the largest context and batch that still fit on this device (binary searches
    // in core, well under a millisecond).
    if (m_request) {
        std::optional<std::uint64_t> context;
        std::optional<std::uint64_t> batch;
        try {
            context = sizing::FitAnalyzer::largestContext(*m_request, card);
            batch = sizing::FitAnalyzer::largestBatch(*m_request, card);
        } catch (const std::exception&) {
            context.reset();
            batch.reset();
        }
        const auto limitText = [&locale, this](std::optional<std::uint64_t> value) {
            if (!value)
                return QStringLiteral("—");
            if (*value >= sizing::FitAnalyzer::kSearchLimit)
                return tr("no limit");
            return locale.toString(static_cast<qulonglong>(*value));
        };
        if (context || batch)
            //: %1 largest number of tokens per sequence that fits, %2 largest batch (sequences); "—" when none fits
            text += QLatin1Char('\n')
                + tr("Largest context that fits: %1 tokens per sequence; largest batch: %2.")
                      .arg(limitText(context), limitText(batch));
    }
    m_verdict->setText(text);
    m_verdict->setStyleSheet(v.fits ? QStringLiteral("color: #1b7a2e; font-weight: bold;")
                                    : QStringLiteral("color: #b01c1c; font-weight: bold;"));
    m_bar->setCapacity(*m_deviceCapacity,
        //: %1 is the device's capacity, e.g. "139.40 GiB"
        tr("capacity %1").arg(ByteText::inUnit(*m_deviceCapacity, units::Unit::GiB, locale)));
}

void SizingPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
