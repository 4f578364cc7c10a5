// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/formatbox.h"
#include "app/gui/widgets/elidingcombobox.h"

#include "app/gui/sizing/sizingformhelpers.h"
#include "core/i18n/message.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

namespace iteragpu::gui {

using namespace sizingform;

namespace {
    const QString kStorageKey = QStringLiteral("formats/storage");
    const QString kComputeKey = QStringLiteral("formats/compute");
    const QString kBlockKey = QStringLiteral("formats/block");
    const QString kGroupKey = QStringLiteral("formats/group");
    constexpr int kDefaultBlock = 64; // elements per NF4/FP4 absmax block
    constexpr int kDefaultGroup = 128; // elements per GPTQ/AWQ group
}

FormatBox::FormatBox(QWidget* parent)
    : QGroupBox(parent)
{
    setObjectName(QStringLiteral("formatBox"));
    auto* form = new QFormLayout(this);
    tuneForm(form);
    m_storageLabel = new QLabel(this);
    m_storageCombo = new ElidingComboBox(this);
    m_storageCombo->setObjectName(QStringLiteral("storageCombo"));
    m_storageCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_storageCombo->setMinimumContentsLength(14);
    for (const auto& info : sizing::allWeightFormats()) // labels and tooltips: retranslateUi()
        m_storageCombo->addItem(QString(), static_cast<int>(info.format));
    m_computeLabel = new QLabel(this);
    m_computeCombo = new ElidingComboBox(this);
    m_computeCombo->setObjectName(QStringLiteral("computeCombo"));
    // Data type names are identifiers, never translated.
    for (auto type : { sizing::ScalarType::FP32, sizing::ScalarType::FP16, sizing::ScalarType::BF16,
             sizing::ScalarType::FP8E4M3, sizing::ScalarType::FP8E5M2 })
        m_computeCombo->addItem(QString::fromUtf8(sizing::scalarName(type)), static_cast<int>(type));
    m_blockLabel = new QLabel(this);
    m_blockSpin = makeSpin(this, "blockSpin", 1, 1 << 20, kDefaultBlock);
    m_groupLabel = new QLabel(this);
    m_groupSpin = makeSpin(this, "groupSpin", 1, 1 << 20, kDefaultGroup);
    form->addRow(m_storageLabel, m_storageCombo);
    form->addRow(m_computeLabel, m_computeCombo);
    form->addRow(m_blockLabel, m_blockSpin);
    form->addRow(m_groupLabel, m_groupSpin);
    m_origin = new QLabel(this);
    m_origin->setObjectName(QStringLiteral("formatOrigin"));
    m_origin->setWordWrap(true);
    m_origin->hide();
    form->addRow(m_origin);
    m_storageLabel->setBuddy(m_storageCombo);
    m_computeLabel->setBuddy(m_computeCombo);

    resetToDefaults();
    retranslateUi();
    connect(m_storageCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabledState();
        updateOrigin();
        emit changed();
    });
    connect(m_computeCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateOrigin();
        emit changed();
    });
    connect(m_blockSpin, &QSpinBox::valueChanged, this, &FormatBox::changed);
    connect(m_groupSpin, &QSpinBox::valueChanged, this, &FormatBox::changed);
}

sizing::WeightFormat FormatBox::storage() const
{
    return static_cast<sizing::WeightFormat>(m_storageCombo->currentData().toInt());
}

void FormatBox::setStorage(sizing::WeightFormat format) { selectData(m_storageCombo, static_cast<int>(format)); }

sizing::ScalarType FormatBox::compute() const
{
    return static_cast<sizing::ScalarType>(m_computeCombo->currentData().toInt());
}

void FormatBox::setCompute(sizing::ScalarType type) { selectData(m_computeCombo, static_cast<int>(type)); }

std::uint64_t FormatBox::blockSize() const { return static_cast<std::uint64_t>(m_blockSpin->value()); }

std::uint64_t FormatBox::groupSize() const { return static_cast<std::uint64_t>(m_groupSpin->value()); }

void FormatBox::setStorageApplies(bool applies)
{
    m_storageApplies = applies;
    updateEnabledState();
}

void FormatBox::updateEnabledState()
{
    m_storageCombo->setEnabled(m_storageApplies);
    const auto format = storage();
    const bool blockFormat = format == sizing::WeightFormat::NF4 || format == sizing::WeightFormat::FP4
        || format == sizing::WeightFormat::NF4DoubleQuant;
    const bool groupFormat = format == sizing::WeightFormat::GptqInt4 || format == sizing::WeightFormat::AwqInt4;
    m_blockSpin->setEnabled(m_storageApplies && blockFormat);
    m_groupSpin->setEnabled(m_storageApplies && groupFormat);
}

void FormatBox::takeModelDtype(const std::string& torchDtype, bool quantized)
{
    const auto storage = sizing::weightFormatFromName(torchDtype);
    const auto compute = sizing::scalarFromName(torchDtype);
    const bool known = storage && compute
        && (*compute == sizing::ScalarType::FP32 || *compute == sizing::ScalarType::FP16
            || *compute == sizing::ScalarType::BF16);
    m_modelDtype = known ? torchDtype : std::string();
    m_modelStorage = known && !quantized;
    if (known) {
        const QSignalBlocker b1(m_storageCombo), b2(m_computeCombo);
        if (m_modelStorage)
            setStorage(*storage);
        setCompute(*compute);
        updateEnabledState();
    }
    updateOrigin();
    emit changed();
}

QString FormatBox::originText() const { return m_origin->isHidden() ? QString() : m_origin->text(); }

void FormatBox::updateOrigin()
{
    // Note [Defaults named]: a value the window chose from the model says so beside it, and only while it is
    // the model's; a choice of the user's is theirs and needs no line.
    QStringList lines;
    if (!m_modelDtype.empty()) {
        const auto storage = sizing::weightFormatFromName(m_modelDtype);
        const auto compute = sizing::scalarFromName(m_modelDtype);
        const QString dtype = QString::fromStdString(m_modelDtype);
        if (m_modelStorage && storage && this->storage() == *storage)
            //: %1 is the config's torch_dtype, e.g. bfloat16 (an identifier, never translated)
            lines << tr("Stored as the model is: torch_dtype %1, from its config.").arg(dtype);
        else if (m_modelStorage && storage)
            //: %1 is the config's torch_dtype, e.g. bfloat16
            lines << tr("The model is stored as %1 (torch_dtype); sized as chosen here.").arg(dtype);
        if (compute && this->compute() == *compute)
            //: %1 is the config's torch_dtype, e.g. bfloat16
            lines << tr("Computes in %1, the model's torch_dtype.").arg(dtype);
    }
    m_origin->setText(lines.join(QLatin1Char('\n')));
    m_origin->setVisible(!lines.isEmpty());
}

void FormatBox::resetToDefaults()
{
    const QSignalBlocker b1(m_storageCombo), b2(m_computeCombo), b3(m_blockSpin), b4(m_groupSpin);
    setStorage(sizing::WeightFormat::FP16);
    setCompute(sizing::ScalarType::BF16);
    m_blockSpin->setValue(kDefaultBlock);
    m_groupSpin->setValue(kDefaultGroup);
    m_modelDtype.clear();
    m_modelStorage = false;
    updateEnabledState();
    updateOrigin();
    emit changed();
}

void FormatBox::saveSettings(QSettings& settings) const
{
    settings.setValue(kStorageKey, static_cast<int>(storage()));
    settings.setValue(kComputeKey, static_cast<int>(compute()));
    settings.setValue(kBlockKey, m_blockSpin->value());
    settings.setValue(kGroupKey, m_groupSpin->value());
}

void FormatBox::restoreSettings(QSettings& settings)
{
    if (!settings.contains(kStorageKey))
        return;
    const QSignalBlocker b1(m_storageCombo), b2(m_computeCombo), b3(m_blockSpin), b4(m_groupSpin);
    selectData(m_storageCombo, settings.value(kStorageKey).toInt());
    selectData(m_computeCombo, settings.value(kComputeKey).toInt());
    m_blockSpin->setValue(settings.value(kBlockKey, kDefaultBlock).toInt());
    m_groupSpin->setValue(settings.value(kGroupKey, kDefaultGroup).toInt());
    updateEnabledState();
}

void FormatBox::retranslateUi()
{
    // Storage formats: the label and what the byte count assumes, from core's marked texts.
    for (int i = 0; i < m_storageCombo->count(); ++i) {
        const auto& info
            = sizing::weightFormatInfo(static_cast<sizing::WeightFormat>(m_storageCombo->itemData(i).toInt()));
        m_storageCombo->setItemText(i, QCoreApplication::translate(i18n::kWeightFormatContext, info.label));
        m_storageCombo->setItemData(
            i, QCoreApplication::translate(i18n::kWeightFormatContext, info.assumptions), Qt::ToolTipRole);
    }
    setTitle(tr("Formats"));
    m_storageLabel->setText(tr("Storage format:"));
    m_computeLabel->setText(tr("Compute format:"));
    m_blockLabel->setText(tr("Block size (NF4/FP4):"));
    m_groupLabel->setText(tr("Group size (GPTQ/AWQ):"));
    updateOrigin();
}

void FormatBox::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
