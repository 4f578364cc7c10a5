// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/modelsourcebox.h"
#include "app/gui/widgets/elidingcombobox.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sizing/bytetext.h"
#include "app/gui/sizing/sizingformhelpers.h"
#include "app/gui/application/messagetext.h"
#include "core/model/configreader.h"
#include "core/model/architectures.h"
#include "core/model/architecturesummary.h"
#include "core/model/ggufreader.h"
#include "core/model/hfcache.h"
#include "core/model/safetensorsreader.h"
#include "core/model/unknownarchitecture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <cmath>
#include <exception>

namespace iteragpu::gui {

using namespace sizingform;

namespace {

    const QString kSourceKey = QStringLiteral("model/source");
    const QString kParametersKey = QStringLiteral("model/parameters");
    const QString kBitsKey = QStringLiteral("model/bits");
    const QString kPresetKey = QStringLiteral("model/preset");
    const QString kConfigKey = QStringLiteral("model/config");
    const QString kSafetensorsKey = QStringLiteral("model/safetensors");
    const QString kFromCheckpointKey = QStringLiteral("model/weightsFromCheckpoint");
    const QString kHubKey = QStringLiteral("model/hubId");
    const QString kGgufKey = QStringLiteral("model/gguf");
    constexpr int kSourceCount = 6;

    // A whole count typed in the locale's format ("7,000,000,000"), plainly ("7000000000", "7 000 000 000") or in
    // scientific notation when it is a whole number ("7e9"): the window's one reader (LocaleNumber). nullopt
    // otherwise; 0 is refused by the caller.
    std::optional<quint64> parseCount(const QString& text) { return LocaleNumber::parseCount(text); }

} // namespace

ModelSourceBox::ModelSourceBox(QWidget* parent)
    : QGroupBox(parent)
{
    setObjectName(QStringLiteral("modelBox"));
    auto* layout = new QVBoxLayout(this);
    auto* sourceForm = new QFormLayout;
    tuneForm(sourceForm);
    m_sourceLabel = new QLabel(this);
    m_sourceCombo = new ElidingComboBox(this);
    m_sourceCombo->setObjectName(QStringLiteral("sourceCombo"));
    for (int i = 0; i < kSourceCount; ++i)
        m_sourceCombo->addItem(QString(), i);
    sourceForm->addRow(m_sourceLabel, m_sourceCombo);
    layout->addLayout(sourceForm);

    m_sourceStack = new QStackedWidget(this);
    {
        auto* page = new QWidget(m_sourceStack);
        auto* form = new QFormLayout(page);
        tuneForm(form);
        form->setContentsMargins(0, 0, 0, 0);
        m_parametersLabel = new QLabel(page);
        m_parametersEdit = new QLineEdit(page);
        m_parametersEdit->setObjectName(QStringLiteral("parametersEdit"));
        m_bitsLabel = new QLabel(page);
        m_bitsSpin = makeSpin(page, "bitsSpin", 0, 64, kSeedBits);
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
        m_presetCombo = new ElidingComboBox(page);
        m_presetCombo->setObjectName(QStringLiteral("presetCombo"));
        m_presetCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_presetCombo->setMinimumContentsLength(12);
        form->addRow(m_presetLabel, m_presetCombo);
        m_sourceStack->addWidget(page);
    }
    {
        auto* page = new QWidget(m_sourceStack);
        auto* box = new QVBoxLayout(page);
        box->setContentsMargins(0, 0, 0, 0);
        auto* row = new QHBoxLayout;
        m_configPath = new QLineEdit(page);
        m_configPath->setObjectName(QStringLiteral("configPath"));
        m_configPath->setReadOnly(true);
        m_configOpen = new QPushButton(page);
        m_configOpen->setObjectName(QStringLiteral("configOpen"));
        row->addWidget(m_configPath, 1);
        row->addWidget(m_configOpen);
        box->addLayout(row);
        // A model_type the readers do not know is refused; this row reads it as a known one, on purpose.
        auto* assume = new QHBoxLayout;
        m_assumeLabel = new QLabel(page);
        m_assumeCombo = new ElidingComboBox(page);
        m_assumeCombo->setObjectName(QStringLiteral("assumeArchitecture"));
        m_assumeCombo->addItem(QString());
        for (const auto& name : model::Architectures::names())
            m_assumeCombo->addItem(QString::fromStdString(name), QString::fromStdString(name));
        assume->addWidget(m_assumeLabel);
        assume->addWidget(m_assumeCombo, 1);
        box->addLayout(assume);
        m_assumeLabel->hide();
        m_assumeCombo->hide();
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
    {
        // The Hugging Face cache: an id typed (ORG/NAME@REVISION) or picked from the models the cache holds.
        auto* page = new QWidget(m_sourceStack);
        auto* box = new QVBoxLayout(page);
        box->setContentsMargins(0, 0, 0, 0);
        auto* form = new QFormLayout;
        tuneForm(form);
        m_hubLabel = new QLabel(page);
        auto* row = new QHBoxLayout;
        m_hubCombo = new ElidingComboBox(page);
        m_hubCombo->setObjectName(QStringLiteral("hubModelCombo"));
        m_hubCombo->setEditable(true);
        m_hubCombo->setInsertPolicy(QComboBox::NoInsert);
        m_hubCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_hubCombo->setMinimumContentsLength(16);
        m_hubRefresh = new QPushButton(page);
        m_hubRefresh->setObjectName(QStringLiteral("hubRefresh"));
        row->addWidget(m_hubCombo, 1);
        row->addWidget(m_hubRefresh);
        form->addRow(m_hubLabel, row);
        box->addLayout(form);
        m_hubFolder = new QLabel(page);
        m_hubFolder->setObjectName(QStringLiteral("hubFolder"));
        m_hubFolder->setWordWrap(true);
        m_hubFolder->setTextInteractionFlags(Qt::TextSelectableByMouse);
        box->addWidget(m_hubFolder);
        m_sourceStack->addWidget(page);
    }
    {
        auto* page = new QWidget(m_sourceStack);
        auto* row = new QHBoxLayout(page);
        row->setContentsMargins(0, 0, 0, 0);
        m_ggufPath = new QLineEdit(page);
        m_ggufPath->setObjectName(QStringLiteral("ggufPath"));
        m_ggufPath->setReadOnly(true);
        m_ggufOpen = new QPushButton(page);
        m_ggufOpen->setObjectName(QStringLiteral("ggufOpen"));
        row->addWidget(m_ggufPath, 1);
        row->addWidget(m_ggufOpen);
        m_sourceStack->addWidget(page);
    }
    layout->addWidget(m_sourceStack);
    fitStackToCurrent(m_sourceStack);
    m_modelInfo = new QLabel(this);
    m_modelInfo->setObjectName(QStringLiteral("modelInfo"));
    m_modelInfo->setWordWrap(true);
    m_modelInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_modelInfo);

    loadPresets();
    refreshHubModels();
    resetToDefaults();
    retranslateUi();

    connect(m_sourceCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        showSource(static_cast<Source>(index));
        emit shapeChanged();
        emit changed();
    });
    connect(m_parametersEdit, &QLineEdit::textChanged, this, &ModelSourceBox::changed);
    connect(m_bitsSpin, &QSpinBox::valueChanged, this, &ModelSourceBox::changed);
    connect(m_presetCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_presetShape.reset();
        if (m_presets && index >= 0 && static_cast<std::size_t>(index) < m_presets->presets().size()) {
            const auto& preset = m_presets->presets()[static_cast<std::size_t>(index)];
            m_presetShape = preset.shape;
        }
        updateModelInfo();
        emit shapeChanged();
        emit changed();
    });
    connect(m_configOpen, &QPushButton::clicked, this, &ModelSourceBox::openConfigDialog);
    connect(m_assumeCombo, &QComboBox::currentIndexChanged, this, [this] {
        readConfig(m_configPath->text());
        updateModelInfo();
        emit shapeChanged();
        emit changed();
    });
    connect(m_safetensorsOpenFile, &QPushButton::clicked, this, &ModelSourceBox::openSafetensorsFileDialog);
    connect(m_safetensorsOpenFolder, &QPushButton::clicked, this, &ModelSourceBox::openSafetensorsFolderDialog);
    connect(m_weightsFromCheckpoint, &QCheckBox::toggled, this, &ModelSourceBox::changed);
    connect(m_hubCombo, &QComboBox::activated, this, [this](int index) {
        loadHubModel(m_hubCombo->itemData(index).toString().isEmpty() ? m_hubCombo->currentText()
                                                                       : m_hubCombo->itemData(index).toString());
    });
    connect(m_hubCombo->lineEdit(), &QLineEdit::returnPressed, this,
        [this] { loadHubModel(m_hubCombo->currentText()); });
    connect(m_hubRefresh, &QPushButton::clicked, this, &ModelSourceBox::refreshHubModels);
    connect(m_ggufOpen, &QPushButton::clicked, this, &ModelSourceBox::openGgufDialog);
}

ModelSourceBox::Source ModelSourceBox::source() const { return static_cast<Source>(m_sourceCombo->currentIndex()); }

void ModelSourceBox::setSource(Source source) { m_sourceCombo->setCurrentIndex(static_cast<int>(source)); }

void ModelSourceBox::showSource(Source source)
{
    m_sourceStack->setCurrentIndex(static_cast<int>(source));
    fitStackToCurrent(m_sourceStack);
    updateModelInfo();
}

std::optional<quint64> ModelSourceBox::parameters() const
{
    const auto count = parseCount(m_parametersEdit->text());
    if (!count || *count == 0)
        return std::nullopt;
    return count;
}

void ModelSourceBox::setParametersText(const QString& text)
{
    setSource(Source::Typed);
    m_parametersEdit->setText(text);
}

int ModelSourceBox::bits() const { return m_bitsSpin->value(); }

void ModelSourceBox::setBits(int bits) { m_bitsSpin->setValue(bits); }

bool ModelSourceBox::weightsFromCheckpoint() const { return m_weightsFromCheckpoint->isChecked(); }

bool ModelSourceBox::weightsFixedBySource() const
{
    return (source() == Source::Typed && bits() > 0)
        || (source() == Source::Safetensors && m_weightsFromCheckpoint->isChecked())
        || (source() == Source::HubCache && m_hubCheckpoint) || source() == Source::Gguf;
}

std::optional<model::ModelShape> ModelSourceBox::shape() const
{
    switch (source()) {
    case Source::Preset:
        return m_presetShape;
    case Source::Config:
        return m_configShape;
    case Source::HubCache:
        return m_hubShape;
    case Source::Gguf:
        return m_ggufShape;
    default:
        return std::nullopt;
    }
}

std::optional<model::QuantizationConfig> ModelSourceBox::quantization() const
{
    if (source() == Source::Config)
        return m_configQuantization;
    if (source() == Source::HubCache)
        return m_hubQuantization;
    if (source() == Source::Preset && m_presets) // a quantized checkpoint's preset (gpt-oss, DeepSeek-V3)
        if (const auto* p = m_presets->find(m_presetCombo->currentData().toString().toStdString()))
            return p->quantization;
    return std::nullopt;
}

std::string ModelSourceBox::shapeSource() const
{
    if (!shape())
        return {};
    if (source() == Source::Preset)
        return "preset:" + m_presetCombo->currentData().toString().toStdString();
    if (source() == Source::HubCache)
        return m_hubSnapshot ? m_hubSnapshot->id + "@" + m_hubSnapshot->commit : std::string();
    if (source() == Source::Gguf)
        return {}; // the measure command builds a decoder from a config.json; a GGUF is sized, not named again
    return QFile::encodeName(m_configPath->text()).toStdString();
}

QString ModelSourceBox::shapeName() const
{
    if (!shape())
        return {};
    if (source() == Source::Preset)
        return m_presetCombo->currentText();
    if (source() == Source::HubCache)
        return m_hubSnapshot ? QString::fromStdString(m_hubSnapshot->id) : QString();
    if (source() == Source::Gguf)
        return QFileInfo(m_ggufPath->text()).fileName();
    const QFileInfo file(m_configPath->text());
    const QString folder = file.dir().dirName(); // "Llama-2-7b-hf/config.json" says more than "config.json"
    return folder.isEmpty() || folder == QLatin1String(".") ? file.fileName() : folder + QLatin1Char('/') + file.fileName();
}

QString ModelSourceBox::problem() const
{
    switch (source()) {
    case Source::Typed:
        if (!parameters())
            return tr("Parameters: enter a whole number greater than 0, e.g. 7000000000.");
        return {};
    case Source::Preset:
        if (!m_presets)
            //: %1 is the reason the presets could not be read
            return tr("Presets could not be read: %1").arg(m_presetError);
        return m_presetShape ? QString() : tr("Choose a preset model.");
    case Source::Config:
        if (m_configShape)
            return {};
        return m_configError.isEmpty() ? tr("Open a config.json to size this model.") : m_configError;
    case Source::Safetensors:
        if (m_checkpoint)
            return {};
        return m_checkpointError.isEmpty() ? tr("Open a safetensors checkpoint to size this model.")
                                           : m_checkpointError;
    case Source::HubCache:
        if (m_hubShape)
            return {};
        return m_hubError.isEmpty() ? tr("Type or pick a model of the Hugging Face cache (ORG/NAME, @REVISION optional).")
                                    : m_hubError;
    case Source::Gguf:
        if (m_gguf && m_ggufShape)
            return {};
        return m_ggufError.isEmpty() ? tr("Open a GGUF file to size this model.") : m_ggufError;
    }
    return {};
}

void ModelSourceBox::fillInputs(sizing::SizingInputs& inputs) const
{
    switch (source()) {
    case Source::Typed:
        inputs.parameters = parameters();
        if (bits() > 0)
            inputs.bits = static_cast<std::uint64_t>(bits());
        break;
    case Source::Preset:
        inputs.shape = m_presetShape;
        inputs.quantization = quantization(); // the preset's quantization_config, as the CLI reads it
        break;
    case Source::Config:
        inputs.shape = m_configShape;
        inputs.quantization = m_configQuantization;
        break;
    case Source::HubCache:
        inputs.shape = m_hubShape;
        inputs.checkpoint = m_hubCheckpoint;
        inputs.quantization = m_hubQuantization;
        break;
    case Source::Gguf:
        inputs.shape = m_ggufShape;
        inputs.gguf = m_gguf;
        break;
    case Source::Safetensors:
        inputs.checkpoint = m_checkpoint;
        inputs.weightsFromCheckpoint = m_weightsFromCheckpoint->isChecked();
        break;
    }
}

void ModelSourceBox::loadPresets()
{
    const QSignalBlocker block(m_presetCombo);
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
}

void ModelSourceBox::readConfig(const QString& path)
{
    const std::string file = QFile::encodeName(path).toStdString();
    const std::string assumed = m_configUnknownArchitecture ? m_assumeCombo->currentData().toString().toStdString()
                                                            : std::string();
    try {
        m_configShape = model::ConfigReader::readFile(file, { assumed });
        m_configQuantization = model::ConfigReader::readQuantization(file);
        m_configError.clear();
    } catch (const model::UnknownArchitecture& e) {
        m_configShape.reset();
        m_configQuantization.reset();
        m_configUnknownArchitecture = true;
        //: %1 the reader's one line (names the unknown model_type and the known ones)
        m_configError = tr("%1. Choose an architecture under 'Read as' only if the model really is laid out like it.")
                            .arg(QString::fromStdString(e.what()));
    } catch (const std::exception& e) {
        m_configShape.reset();
        m_configQuantization.reset();
        m_configError = QString::fromStdString(e.what());
    }
    m_assumeLabel->setVisible(m_configUnknownArchitecture);
    m_assumeCombo->setVisible(m_configUnknownArchitecture);
}

bool ModelSourceBox::loadConfigFile(const QString& path)
{
    m_configPath->setText(path);
    m_configUnknownArchitecture = false;
    {
        const QSignalBlocker block(m_assumeCombo);
        m_assumeCombo->setCurrentIndex(0);
    }
    readConfig(path);
    const bool ok = m_configShape.has_value();
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Config));
    }
    showSource(Source::Config);
    emit shapeChanged();
    emit changed();
    return ok;
}

bool ModelSourceBox::loadSafetensors(const QString& path)
{
    m_safetensorsPath->setText(path);
    bool ok = false;
    try {
        m_checkpoint = model::SafetensorsReader::read(QFile::encodeName(path).toStdString());
        m_checkpointError.clear();
        ok = true;
    } catch (const std::exception& e) {
        m_checkpoint.reset();
        m_checkpointError = QString::fromStdString(e.what());
    }
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Safetensors));
    }
    showSource(Source::Safetensors);
    emit shapeChanged();
    emit changed();
    return ok;
}

bool ModelSourceBox::selectPreset(const QString& idOrName)
{
    if (!m_presets)
        return false;
    const auto* preset = m_presets->find(idOrName.toStdString());
    if (!preset)
        return false;
    const int index = m_presetCombo->findData(QString::fromStdString(preset->id));
    {
        const QSignalBlocker block(m_presetCombo);
        m_presetCombo->setCurrentIndex(index);
    }
    m_presetShape = preset->shape;
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Preset));
    }
    showSource(Source::Preset);
    emit shapeChanged();
    emit changed();
    return true;
}

void ModelSourceBox::refreshHubModels()
{
    const QString typed = m_hubCombo->currentText();
    const QSignalBlocker block(m_hubCombo);
    m_hubCombo->clear();
    // Only models whose snapshot holds a config.json (or a GGUF) can be sized; the others are listed disabled.
    for (const auto& m : model::HfCache::list()) {
        const QString id = QString::fromStdString(m.id);
        m_hubCombo->addItem(id, id);
        const int row = m_hubCombo->count() - 1;
        m_hubCombo->setItemData(row, QString::fromStdString(m.folder.string()), Qt::ToolTipRole);
        if (!m.hasConfig)
            m_hubCombo->setItemData(row, 0, Qt::UserRole - 1); // QStandardItemModel: disabled
    }
    m_hubCombo->setEditText(typed);
    const std::string root = model::HfCache::defaultRoot().string();
    //: %1 the Hugging Face cache folder, %2 the number of models in it
    m_hubFolder->setText(tr("Cache: %1 (%2 models; nothing is downloaded)")
                             .arg(QString::fromStdString(root), LocaleNumber::integer(m_hubCombo->count())));
}

bool ModelSourceBox::loadHubModel(const QString& id)
{
    const QString trimmed = id.trimmed();
    m_hubSnapshot.reset();
    m_hubShape.reset();
    m_hubCheckpoint.reset();
    m_hubQuantization.reset();
    m_hubError.clear();
    bool ok = false;
    try {
        const auto snapshot = model::HfCache::resolve(trimmed.toStdString());
        if (snapshot.config.empty())
            throw std::runtime_error(snapshot.id + "@" + snapshot.revision + ": the snapshot has no config.json"
                + (snapshot.ggufFiles.empty() ? std::string() : "; open its GGUF file with the GGUF source"));
        m_hubShape = model::ConfigReader::readFile(snapshot.config);
        m_hubQuantization = model::ConfigReader::readQuantization(snapshot.config);
        if (!snapshot.safetensors.empty())
            m_hubCheckpoint = model::SafetensorsReader::read(snapshot.safetensors);
        m_hubShape->source = snapshot.id + "@" + snapshot.revision;
        m_hubSnapshot = snapshot;
        ok = true;
    } catch (const std::exception& e) {
        m_hubShape.reset();
        m_hubCheckpoint.reset();
        m_hubQuantization.reset();
        m_hubError = QString::fromStdString(e.what());
    }
    {
        const QSignalBlocker block(m_hubCombo);
        m_hubCombo->setEditText(trimmed);
    }
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::HubCache));
    }
    showSource(Source::HubCache);
    emit shapeChanged();
    emit changed();
    return ok;
}

bool ModelSourceBox::loadGguf(const QString& path)
{
    m_ggufPath->setText(path);
    m_gguf.reset();
    m_ggufShape.reset();
    m_ggufError.clear();
    bool ok = false;
    try {
        const std::string file = QFile::encodeName(path).toStdString();
        m_gguf = model::GgufReader::readFile(file);
        m_ggufShape = model::GgufReader::shape(*m_gguf, m_gguf->file);
        ok = true;
    } catch (const std::exception& e) {
        m_ggufShape.reset();
        m_ggufError = QString::fromStdString(e.what());
    }
    {
        const QSignalBlocker block(m_sourceCombo);
        m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Gguf));
    }
    showSource(Source::Gguf);
    emit shapeChanged();
    emit changed();
    return ok;
}

void ModelSourceBox::openGgufDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a GGUF file"), QString(), tr("GGUF (*.gguf);;All files (*)"));
    if (!path.isEmpty())
        loadGguf(path);
}

void ModelSourceBox::openConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open config.json"), QString(), tr("Model configuration (config.json *.json);;All files (*)"));
    if (!path.isEmpty())
        loadConfigFile(path);
}

void ModelSourceBox::openSafetensorsFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a safetensors checkpoint"), QString(),
        tr("safetensors (*.safetensors *.safetensors.index.json);;All files (*)"));
    if (!path.isEmpty())
        loadSafetensors(path);
}

void ModelSourceBox::openSafetensorsFolderDialog()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open a folder of safetensors shards"));
    if (!path.isEmpty())
        loadSafetensors(path);
}

void ModelSourceBox::resetToDefaults()
{
    const QSignalBlocker b1(m_sourceCombo), b2(m_parametersEdit), b3(m_bitsSpin), b4(m_weightsFromCheckpoint);
    m_sourceCombo->setCurrentIndex(static_cast<int>(Source::Typed));
    m_parametersEdit->setText(QString::number(kSeedParameters));
    m_bitsSpin->setValue(kSeedBits);
    m_weightsFromCheckpoint->setChecked(true);
    showSource(Source::Typed);
    emit shapeChanged();
    emit changed();
}

void ModelSourceBox::saveSettings(QSettings& settings) const
{
    settings.setValue(kSourceKey, static_cast<int>(source()));
    // The count in C digits, so that a language switch between two starts reads it back unchanged.
    const auto count = parseCount(m_parametersEdit->text());
    settings.setValue(kParametersKey, count ? QString::number(*count) : m_parametersEdit->text());
    settings.setValue(kBitsKey, bits());
    settings.setValue(kPresetKey, m_presetCombo->currentData().toString());
    settings.setValue(kConfigKey, m_configPath->text());
    settings.setValue(kSafetensorsKey, m_safetensorsPath->text());
    settings.setValue(kFromCheckpointKey, m_weightsFromCheckpoint->isChecked());
    settings.setValue(kHubKey, m_hubCombo->currentText());
    settings.setValue(kGgufKey, m_ggufPath->text());
}

void ModelSourceBox::restoreSettings(QSettings& settings)
{
    if (!settings.contains(kSourceKey))
        return;
    {
        const QSignalBlocker b1(m_parametersEdit), b2(m_bitsSpin), b3(m_weightsFromCheckpoint);
        m_parametersEdit->setText(settings.value(kParametersKey, QString::number(kSeedParameters)).toString());
        m_bitsSpin->setValue(settings.value(kBitsKey, kSeedBits).toInt());
        m_weightsFromCheckpoint->setChecked(settings.value(kFromCheckpointKey, true).toBool());
    }
    // Files are read again: they may have changed or gone since the last start (then the reason is shown).
    const QString config = settings.value(kConfigKey).toString();
    const QString checkpoint = settings.value(kSafetensorsKey).toString();
    const QString preset = settings.value(kPresetKey).toString();
    if (!preset.isEmpty())
        selectPreset(preset);
    if (!config.isEmpty())
        loadConfigFile(config);
    if (!checkpoint.isEmpty())
        loadSafetensors(checkpoint);
    if (const QString hub = settings.value(kHubKey).toString(); !hub.isEmpty())
        loadHubModel(hub);
    if (const QString gguf = settings.value(kGgufKey).toString(); !gguf.isEmpty())
        loadGguf(gguf);
    const int source = settings.value(kSourceKey).toInt();
    if (source >= 0 && source < m_sourceCombo->count())
        setSource(static_cast<Source>(source));
    showSource(this->source());
    emit shapeChanged();
    emit changed();
}

void ModelSourceBox::updateModelInfo()
{
    QString text;
    bool error = false;
    const QLocale locale;
    auto shapeText = [&locale](const model::ModelShape& shape) {
        const QString family = QString::fromStdString(shape.family);
        QString t;
        try {
            //: %1 is the model family (e.g. "llama"), %2 the exact parameter count
            t = tr("%1: %2 parameters (exact, from the shapes)")
                    .arg(family, LocaleNumber::integer(static_cast<qulonglong>(shape.parameters().total), locale));
            // The layers by kind, MoE, total and active parameters, the parts counted apart (core's summary).
            if (!shape.layerSpecs.empty()) {
                const auto lines = model::ArchitectureSummary::of(shape).lines();
                QStringList parts;
                for (std::size_t i = 1; i < lines.size(); ++i)
                    parts << messageText(lines[i]);
                t += QLatin1Char('\n') + parts.join(QStringLiteral(" · "));
            }
            if (shape.assumedArchitecture && !shape.notes.empty()) // the first note says what was assumed
                t += QLatin1Char('\n') + messageText(shape.notes.front());
        } catch (const std::exception& e) {
            t = QString::fromStdString(e.what());
        }
        return t;
    };
    switch (source()) {
    case Source::Typed:
        text = tr("Sizes weights as parameters × bits / 8 (for example 7 000 000 000 × 16 bit).");
        break;
    case Source::Preset:
        if (!m_presets) {
            text = problem();
            error = true;
        } else if (m_presetShape) {
            text = shapeText(*m_presetShape);
            const QString origin = m_presetCombo->currentData(Qt::ToolTipRole).toString();
            if (!origin.isEmpty())
                //: %1 is where the preset's config comes from (a URL)
                text += QLatin1Char('\n') + tr("Source: %1").arg(origin);
        } else {
            text = tr("Choose a model.");
        }
        break;
    case Source::Config:
        if (m_configShape) {
            text = shapeText(*m_configShape);
        } else if (!m_configError.isEmpty()) {
            text = m_configError;
            error = true;
        } else {
            text = tr("Open a Hugging Face config.json.");
        }
        break;
    case Source::Safetensors:
        if (m_checkpoint) {
            //: %1 number of tensors, %2 number of files, %3 element count, %4 size of the stored tensors. Written as
            //: labels with values, so no plural forms are needed.
            text = tr("Tensors: %1 · files: %2 · elements: %3 · stored: %4")
                       .arg(LocaleNumber::integer(static_cast<qulonglong>(m_checkpoint->tensors.size()), locale),
                           LocaleNumber::integer(static_cast<qulonglong>(m_checkpoint->files.size()), locale),
                           LocaleNumber::integer(static_cast<qulonglong>(m_checkpoint->totalElements), locale),
                           ByteText::full(m_checkpoint->totalBytes, tr("bytes"), locale));
            if (m_checkpoint->quantized())
                text += QLatin1Char('\n') + tr("Quantization metadata found (scales, absmax or packed weights).");
        } else if (!m_checkpointError.isEmpty()) {
            text = m_checkpointError;
            error = true;
        } else {
            text = tr("Open a .safetensors file, a model.safetensors.index.json or a folder of shards.");
        }
        break;
    case Source::HubCache:
        if (m_hubShape && m_hubSnapshot) {
            //: %1 the model id (ORG/NAME), %2 the revision asked for (main), %3 the snapshot's commit (shortened)
            text = tr("%1 at %2 (snapshot %3)")
                       .arg(QString::fromStdString(m_hubSnapshot->id), QString::fromStdString(m_hubSnapshot->revision),
                           QString::fromStdString(m_hubSnapshot->commit.substr(0, 12)))
                + QLatin1Char('\n') + shapeText(*m_hubShape);
            if (m_hubCheckpoint)
                text += QLatin1Char('\n')
                    //: %1 size of the stored tensors, %2 number of files
                    + tr("Weights as stored in the snapshot's safetensors: %1 (files: %2)")
                          .arg(ByteText::full(m_hubCheckpoint->totalBytes, tr("bytes"), locale),
                              LocaleNumber::integer(static_cast<qulonglong>(m_hubCheckpoint->files.size()), locale));
            else
                text += QLatin1Char('\n') + tr("No safetensors in the snapshot: the weights are sized by the format.");
        } else if (!m_hubError.isEmpty()) {
            text = m_hubError;
            error = true;
        } else {
            text = tr("Models are read from the local Hugging Face cache only; nothing is downloaded.");
        }
        break;
    case Source::Gguf:
        if (m_gguf && m_ggufShape) {
            QStringList types;
            for (const auto& [type, totals] : m_gguf->byType)
                types << QStringLiteral("%1 × %2").arg(QString::fromStdString(type), LocaleNumber::integer(static_cast<qulonglong>(totals.tensors), locale));
            //: %1 GGUF version (2 or 3), %2 number of tensors, %3 size of the stored tensors
            text = tr("GGUF version %1 · tensors: %2 · stored: %3")
                       .arg(QString::number(m_gguf->version),
                           LocaleNumber::integer(static_cast<qulonglong>(m_gguf->tensors.size()), locale),
                           ByteText::full(m_gguf->totalBytes, tr("bytes"), locale))
                + QLatin1Char('\n') + shapeText(*m_ggufShape) + QLatin1Char('\n')
                //: %1 the ggml types of the tensors with their counts ("Q4_K × 193, F32 × 65")
                + tr("Types: %1").arg(types.join(QStringLiteral(", ")));
        } else if (!m_ggufError.isEmpty()) {
            text = m_ggufError;
            error = true;
        } else {
            text = tr("Open a GGUF file (llama.cpp): its header gives the shape and the weights as stored.");
        }
        break;
    }
    m_modelInfo->setText(text);
    m_modelInfo->setStyleSheet(error ? QStringLiteral("color: #b01c1c;") : QString());
}

void ModelSourceBox::retranslateUi()
{
    setTitle(tr("Model"));
    m_sourceLabel->setText(tr("Source:"));
    setComboTexts(m_sourceCombo,
        { tr("Numbers typed in"), tr("Preset"), tr("config.json file"), tr("safetensors checkpoint"),
            tr("Hugging Face cache"), tr("GGUF file") });
    m_hubLabel->setText(tr("Model id:"));
    m_hubCombo->lineEdit()->setPlaceholderText(tr("ORG/NAME or ORG/NAME@REVISION"));
    m_hubCombo->setToolTip(tr("A model of the local Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or "
                              "~/.cache/huggingface/hub); press Enter to read it. Nothing is downloaded."));
    m_hubRefresh->setText(tr("Refresh"));
    m_ggufOpen->setText(tr("Open GGUF…"));
    m_ggufPath->setPlaceholderText(tr("No GGUF file opened"));
    //: %1 the Hugging Face cache folder, %2 the number of models in it
    m_hubFolder->setText(tr("Cache: %1 (%2 models; nothing is downloaded)")
                             .arg(QString::fromStdString(model::HfCache::defaultRoot().string()),
                                 LocaleNumber::integer(m_hubCombo->count())));
    m_parametersLabel->setText(tr("Parameters:"));
    m_parametersEdit->setToolTip(tr("A whole number, e.g. 7000000000 or 7e9."));
    m_bitsLabel->setText(tr("Bits per parameter:"));
    m_bitsSpin->setSpecialValueText(tr("storage format"));
    m_bitsSpin->setToolTip(
        tr("Parameters × bits / 8, with no metadata (the compact figure). Choose \"storage format\" to size by "
           "the format below."));
    m_presetLabel->setText(tr("Model:"));
    m_configOpen->setText(tr("Open config.json…"));
    m_assumeLabel->setText(tr("Read as:"));
    m_assumeCombo->setItemText(0, tr("(not read: unknown architecture)"));
    m_assumeCombo->setToolTip(tr("Reads a config.json whose model_type is not a known architecture as the one chosen, "
                                 "on purpose; every output then says so"));
    m_safetensorsOpenFile->setText(tr("Open file or index…"));
    m_safetensorsOpenFolder->setText(tr("Open folder…"));
    m_weightsFromCheckpoint->setText(tr("Weights as stored in the checkpoint"));
    m_safetensorsPath->setPlaceholderText(tr("No checkpoint opened"));
    m_configPath->setPlaceholderText(tr("No config.json opened"));
    if (m_presets && m_presets->presets().empty())
        m_presetCombo->setPlaceholderText(tr("No presets found"));
    updateModelInfo();
}

void ModelSourceBox::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
