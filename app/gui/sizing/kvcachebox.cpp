// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/kvcachebox.h"
#include "app/gui/widgets/elidingcombobox.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sizing/sizingformhelpers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <limits>

namespace iteragpu::gui {

using namespace sizingform;

namespace {
    const QString kEnabledKey = QStringLiteral("kv/enabled");
    const QString kLayersKey = QStringLiteral("kv/layers");
    const QString kKvHeadsKey = QStringLiteral("kv/kvHeads");
    const QString kHeadDimKey = QStringLiteral("kv/headDim");
    const QString kPromptKey = QStringLiteral("kv/promptTokens");
    const QString kGeneratedKey = QStringLiteral("kv/generatedTokens");
    const QString kSequencesKey = QStringLiteral("kv/sequences");
    const QString kDtypeKey = QStringLiteral("kv/dtype");
    const QString kWindowKey = QStringLiteral("kv/window");
    const QString kStaticKey = QStringLiteral("kv/static");
    constexpr int kSpinMax = std::numeric_limits<int>::max();

    QString count(std::uint64_t n) { return LocaleNumber::integer(static_cast<qulonglong>(n)); }
}

KvCacheBox::KvCacheBox(QWidget* parent)
    : QGroupBox(parent)
{
    setObjectName(QStringLiteral("kvBox"));
    setCheckable(true);
    auto* form = new QFormLayout(this);
    tuneForm(form);
    m_layersLabel = new QLabel(this);
    m_layersSpin = makeSpin(this, "layersSpin", 1, 1 << 20, kSeedLayers);
    m_kvHeadsLabel = new QLabel(this);
    m_kvHeadsSpin = makeSpin(this, "kvHeadsSpin", 1, 1 << 20, kSeedKvHeads);
    m_headDimLabel = new QLabel(this);
    m_headDimSpin = makeSpin(this, "headDimSpin", 1, 1 << 20, kSeedHeadDim);
    m_promptLabel = new QLabel(this);
    m_promptSpin = makeSpin(this, "promptSpin", 0, kSpinMax, kSeedTokens);
    m_generatedLabel = new QLabel(this);
    m_generatedSpin = makeSpin(this, "generatedSpin", 0, kSpinMax, 0);
    m_sequencesLabel = new QLabel(this);
    m_sequencesSpin = makeSpin(this, "sequencesSpin", 1, kSpinMax, 1);
    m_kvDtypeLabel = new QLabel(this);
    m_kvDtypeCombo = new ElidingComboBox(this);
    m_kvDtypeCombo->setObjectName(QStringLiteral("kvDtypeCombo"));
    for (auto type : sizing::allScalarTypes()) // identifiers, never translated
        m_kvDtypeCombo->addItem(QString::fromUtf8(sizing::scalarName(type)), static_cast<int>(type));
    m_windowLabel = new QLabel(this);
    m_windowSpin = makeSpin(this, "windowSpin", 0, kSpinMax, 0);
    m_staticCheck = new QCheckBox(this);
    m_staticCheck->setObjectName(QStringLiteral("staticCheck"));
    m_fillFromModel = new QPushButton(this);
    m_fillFromModel->setObjectName(QStringLiteral("fillFromModel"));
    m_modelValues = new QLabel(this);
    m_modelValues->setObjectName(QStringLiteral("kvModelValues"));
    m_modelValues->setWordWrap(true);
    m_modelValues->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_modelValues->hide();
    form->addRow(m_layersLabel, m_layersSpin);
    form->addRow(m_kvHeadsLabel, m_kvHeadsSpin);
    form->addRow(m_headDimLabel, m_headDimSpin);
    form->addRow(m_promptLabel, m_promptSpin);
    form->addRow(m_generatedLabel, m_generatedSpin);
    form->addRow(m_sequencesLabel, m_sequencesSpin);
    form->addRow(m_kvDtypeLabel, m_kvDtypeCombo);
    form->addRow(m_windowLabel, m_windowSpin);
    form->addRow(m_staticCheck);
    form->addRow(m_modelValues);
    m_defaults = new QLabel(this);
    m_defaults->setObjectName(QStringLiteral("kvDefaults"));
    m_defaults->setWordWrap(true);
    m_defaults->hide();
    form->addRow(m_defaults);
    form->addRow(m_fillFromModel);

    resetToDefaults();
    retranslateUi();
    connect(this, &QGroupBox::toggled, this, &KvCacheBox::changed);
    for (QSpinBox* spin :
        { m_layersSpin, m_kvHeadsSpin, m_headDimSpin, m_promptSpin, m_generatedSpin, m_sequencesSpin, m_windowSpin })
        connect(spin, &QSpinBox::valueChanged, this, &KvCacheBox::changed);
    connect(m_kvDtypeCombo, &QComboBox::currentIndexChanged, this, &KvCacheBox::changed);
    connect(this, &KvCacheBox::changed, this, &KvCacheBox::updateDefaults);
    connect(m_staticCheck, &QCheckBox::toggled, this, &KvCacheBox::changed);
    connect(m_fillFromModel, &QPushButton::clicked, this, [this] {
        takeFromShape(m_shape);
        emit changed();
    });
}

void KvCacheBox::fillInputs(sizing::SizingInputs& inputs) const
{
    inputs.kvCache = isChecked();
    inputs.layers = static_cast<std::uint64_t>(m_layersSpin->value());
    inputs.kvHeads = static_cast<std::uint64_t>(m_kvHeadsSpin->value());
    inputs.headDim = static_cast<std::uint64_t>(m_headDimSpin->value());
    inputs.promptTokens = static_cast<std::uint64_t>(m_promptSpin->value());
    inputs.generatedTokens = static_cast<std::uint64_t>(m_generatedSpin->value());
    inputs.sequences = static_cast<std::uint64_t>(m_sequencesSpin->value());
    inputs.kvDtype = static_cast<sizing::ScalarType>(m_kvDtypeCombo->currentData().toInt());
    if (m_windowSpin->value() > 0)
        inputs.slidingWindow = static_cast<std::uint64_t>(m_windowSpin->value());
    else
        inputs.slidingWindow.reset(); // the model's own windows, or none
    inputs.staticCache = m_staticCheck->isChecked();
}

void KvCacheBox::setShape(const std::optional<model::ModelShape>& shape)
{
    m_shape = shape;
    m_fillFromModel->setEnabled(m_shape.has_value());
}

void KvCacheBox::takeFromShape(const std::optional<model::ModelShape>& shape)
{
    setShape(shape);
    if (!m_shape)
        return;
    const QSignalBlocker b1(m_layersSpin), b2(m_kvHeadsSpin), b3(m_headDimSpin), b4(m_windowSpin);
    m_layersSpin->setValue(clampToInt(m_shape->layers));
    m_kvHeadsSpin->setValue(clampToInt(m_shape->kvHeads));
    m_headDimSpin->setValue(clampToInt(m_shape->headDim));
    m_windowSpin->setValue(0); // the model's own windows
}

void KvCacheBox::takeModelDefaults(const model::ModelShape& shape)
{
    ModelDefaults d;
    {
        const QSignalBlocker b0(this), b1(m_promptSpin), b2(m_generatedSpin), b3(m_kvDtypeCombo);
        d.enabled = !isChecked();
        setChecked(true);
        d.trainedContext = shape.trainedContext;
        if (d.trainedContext && *d.trainedContext > 0) {
            const int context = clampToInt(*d.trainedContext);
            const int typed = m_promptSpin->value();
            if (typed > context) {
                d.cappedPrompt = context;
                d.typedPrompt = typed;
                m_promptSpin->setValue(context);
            }
            if (m_promptSpin->value() + static_cast<qint64>(m_generatedSpin->value()) > context)
                m_generatedSpin->setValue(context - m_promptSpin->value());
        }
        const auto type = sizing::scalarFromName(shape.torchDtype);
        if (type && (*type == sizing::ScalarType::FP32 || *type == sizing::ScalarType::FP16
                        || *type == sizing::ScalarType::BF16)) {
            d.kvType = type;
            d.torchDtype = shape.torchDtype;
            selectData(m_kvDtypeCombo, static_cast<int>(*type));
        }
    }
    m_modelDefaults = d;
    emit changed(); // and the lines follow
}

QString KvCacheBox::defaultsText() const { return m_defaults->isHidden() ? QString() : m_defaults->text(); }

void KvCacheBox::updateDefaults()
{
    // Note [Defaults named] (formatbox.cpp): each value the window took from the model says so while it stands.
    const ModelDefaults& d = m_modelDefaults;
    QStringList lines;
    if (d.enabled && isChecked())
        lines << tr("KV cache on: the model gives its layers and heads.");
    const qint64 tokens = m_promptSpin->value() + static_cast<qint64>(m_generatedSpin->value());
    if (d.trainedContext && isChecked()) {
        if (d.cappedPrompt && m_promptSpin->value() == *d.cappedPrompt)
            //: %1 the model's trained context in tokens, %2 the prompt that was there before
            lines << tr("Prompt set to %1 tokens, the model's trained context (it was %2).")
                         .arg(count(*d.trainedContext), count(static_cast<std::uint64_t>(d.typedPrompt)));
        else if (static_cast<std::uint64_t>(tokens) > *d.trainedContext)
            //: %1 the model's trained context in tokens
            lines << tr("Prompt and generated tokens exceed the model's trained context of %1 tokens.")
                         .arg(count(*d.trainedContext));
    }
    if (d.kvType && isChecked() && m_kvDtypeCombo->currentData().toInt() == static_cast<int>(*d.kvType))
        //: %1 the config's torch_dtype, e.g. bfloat16 (an identifier)
        lines << tr("KV type from the model's torch_dtype %1.").arg(QString::fromStdString(d.torchDtype));
    m_defaults->setText(lines.join(QLatin1Char('\n')));
    m_defaults->setVisible(!lines.isEmpty());
}

void KvCacheBox::showModelValues(const std::optional<sizing::KvModelValues>& values)
{
    m_values = values && values->hasModel ? values : std::nullopt;
    updateWindowText();
    const QString text = modelValuesText();
    m_modelValues->setText(text);
    m_modelValues->setVisible(!text.isEmpty());
}

QString KvCacheBox::modelValuesText() const
{
    if (!m_values)
        return {};
    const auto& v = *m_values;
    QStringList lines;
    const auto valueLine = [&lines](const QString& label, const sizing::KvModelValues::Value& value) {
        if (!value.value)
            return;
        if (value.overridden && value.modelValue)
            //: %1 is a field name (e.g. "KV heads"), %2 the value typed, %3 the model's own value
            lines << tr("%1: %2, typed (the model has %3)").arg(label, count(*value.value), count(*value.modelValue));
        else if (value.fromModel)
            //: %1 is a field name (e.g. "Layers"), %2 its value as read from the model
            lines << tr("%1: %2, from the model").arg(label, count(*value.value));
    };
    valueLine(tr("Layers"), v.layers);
    valueLine(tr("KV heads"), v.kvHeads);
    valueLine(QStringLiteral("head_dim"), v.headDim);
    std::uint64_t modelLayers = 0;
    for (const auto& group : v.modelWindows)
        modelLayers += group.layers;
    if (v.typedWindow) {
        //: %1 is the sliding window typed by the user, in tokens
        lines << tr("Sliding window: %1 tokens on every layer, typed over the model's attention").arg(count(*v.typedWindow));
    }
    for (const auto& group : v.modelWindows) {
        QString line;
        if (group.window)
            //: %1 window in tokens, %2 number of layers with it, %3 all layers of the model
            line = tr("Sliding window: %1 tokens on %2 of %3 layers").arg(
                count(*group.window), count(group.layers), count(modelLayers));
        else
            //: %1 number of layers with full attention, %2 all layers of the model
            line = tr("Full attention on %1 of %2 layers").arg(count(group.layers), count(modelLayers));
        if (v.windowsFromModel)
            //: %1 is a line such as "Sliding window: 4,096 tokens on 32 of 32 layers"
            line = tr("%1, from the model").arg(line);
        else
            //: %1 is a line such as "Sliding window: 4,096 tokens on 32 of 32 layers"
            line = tr("%1 in the model, not applied").arg(line);
        lines << line;
    }
    if (v.trainedContext.value)
        //: %1 is the model's max_position_embeddings, in tokens
        lines << tr("Trained context: %1 tokens, from the model").arg(count(*v.trainedContext.value));
    return lines.join(QLatin1Char('\n'));
}

void KvCacheBox::updateWindowText()
{
    // 0 in the window field means "no typed window": with a model that has windows, its own windows apply, and the
    // field says so instead of "none".
    QString special = tr("none");
    if (m_values && !m_values->modelWindows.empty()) {
        std::optional<std::uint64_t> only;
        bool single = true;
        bool anyWindow = false;
        for (const auto& group : m_values->modelWindows) {
            if (!group.window)
                continue;
            anyWindow = true;
            if (only && *only != *group.window)
                single = false;
            only = group.window;
        }
        if (anyWindow && m_values->windowsFromModel) {
            if (single && m_values->modelWindows.size() == 1)
                //: %1 is the model's sliding window in tokens, used on every layer
                special = tr("the model's: %1 tokens").arg(count(*only));
            else
                special = tr("the model's, per layer");
        }
    }
    if (m_windowSpin->specialValueText() != special) {
        m_windowSpin->setSpecialValueText(special);
        m_windowSpin->update();
    }
}

void KvCacheBox::resetToDefaults()
{
    const QSignalBlocker b0(this), b1(m_layersSpin), b2(m_kvHeadsSpin), b3(m_headDimSpin), b4(m_promptSpin),
        b5(m_generatedSpin), b6(m_sequencesSpin), b7(m_kvDtypeCombo), b8(m_windowSpin), b9(m_staticCheck);
    setChecked(false);
    m_layersSpin->setValue(kSeedLayers);
    m_kvHeadsSpin->setValue(kSeedKvHeads);
    m_headDimSpin->setValue(kSeedHeadDim);
    m_promptSpin->setValue(kSeedTokens);
    m_generatedSpin->setValue(0);
    m_sequencesSpin->setValue(1);
    selectData(m_kvDtypeCombo, static_cast<int>(sizing::ScalarType::FP16));
    m_windowSpin->setValue(0);
    m_staticCheck->setChecked(false);
    m_modelDefaults = {};
    updateDefaults();
}

void KvCacheBox::saveSettings(QSettings& settings) const
{
    settings.setValue(kEnabledKey, isChecked());
    settings.setValue(kLayersKey, m_layersSpin->value());
    settings.setValue(kKvHeadsKey, m_kvHeadsSpin->value());
    settings.setValue(kHeadDimKey, m_headDimSpin->value());
    settings.setValue(kPromptKey, m_promptSpin->value());
    settings.setValue(kGeneratedKey, m_generatedSpin->value());
    settings.setValue(kSequencesKey, m_sequencesSpin->value());
    settings.setValue(kDtypeKey, m_kvDtypeCombo->currentData().toInt());
    settings.setValue(kWindowKey, m_windowSpin->value());
    settings.setValue(kStaticKey, m_staticCheck->isChecked());
}

void KvCacheBox::restoreSettings(QSettings& settings)
{
    if (!settings.contains(kEnabledKey))
        return;
    const QSignalBlocker b0(this), b1(m_layersSpin), b2(m_kvHeadsSpin), b3(m_headDimSpin), b4(m_promptSpin),
        b5(m_generatedSpin), b6(m_sequencesSpin), b7(m_kvDtypeCombo), b8(m_windowSpin), b9(m_staticCheck);
    setChecked(settings.value(kEnabledKey).toBool());
    m_layersSpin->setValue(settings.value(kLayersKey, kSeedLayers).toInt());
    m_kvHeadsSpin->setValue(settings.value(kKvHeadsKey, kSeedKvHeads).toInt());
    m_headDimSpin->setValue(settings.value(kHeadDimKey, kSeedHeadDim).toInt());
    m_promptSpin->setValue(settings.value(kPromptKey, kSeedTokens).toInt());
    m_generatedSpin->setValue(settings.value(kGeneratedKey, 0).toInt());
    m_sequencesSpin->setValue(settings.value(kSequencesKey, 1).toInt());
    selectData(m_kvDtypeCombo, settings.value(kDtypeKey).toInt());
    m_windowSpin->setValue(settings.value(kWindowKey, 0).toInt());
    m_staticCheck->setChecked(settings.value(kStaticKey, false).toBool());
}

void KvCacheBox::retranslateUi()
{
    setTitle(tr("KV cache (inference)"));
    m_layersLabel->setText(tr("Layers:"));
    m_kvHeadsLabel->setText(tr("KV heads:"));
    m_kvHeadsSpin->setToolTip(tr("num_key_value_heads, not the query heads."));
    m_headDimLabel->setText(tr("head_dim:"));
    m_promptLabel->setText(tr("Prompt tokens:"));
    m_generatedLabel->setText(tr("Generated tokens:"));
    m_sequencesLabel->setText(tr("Sequences:"));
    m_kvDtypeLabel->setText(tr("KV type:"));
    m_windowLabel->setText(tr("Sliding window:"));
    m_windowSpin->setToolTip(tr("Tokens kept per layer; the lowest value keeps every token (or the model's own windows)."));
    m_staticCheck->setText(tr("Static cache (preallocated)"));
    m_fillFromModel->setText(tr("Take from the model"));
    updateWindowText();
    updateDefaults();
    showModelValues(m_values);
}

void KvCacheBox::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
