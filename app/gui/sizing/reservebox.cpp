// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/reservebox.h"
#include "app/gui/widgets/elidingcombobox.h"

#include "app/gui/sizing/bytetext.h"
#include "app/gui/sizing/sizingformhelpers.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

namespace iteragpu::gui {

using namespace sizingform;

namespace {
    const QString kReserveKey = QStringLiteral("reserve/value");
    const QString kUnitKey = QStringLiteral("reserve/unit");
    const QString kTpKey = QStringLiteral("reserve/tensorParallel");
    const QString kTargetKey = QStringLiteral("reserve/target");
    const QString kCardPrefix = QStringLiteral("card:");
    const QString kDevicePrefix = QStringLiteral("device:");
}

ReserveBox::ReserveBox(QWidget* parent)
    : QGroupBox(parent)
{
    setObjectName(QStringLiteral("reserveBox"));
    auto* form = new QFormLayout(this);
    tuneForm(form);
    m_reserveLabel = new QLabel(this);
    auto* row = new QHBoxLayout;
    m_reserveSpin = new QDoubleSpinBox(this);
    m_reserveSpin->setObjectName(QStringLiteral("reserveSpin"));
    m_reserveSpin->setRange(0.0, 1.0e6);
    m_reserveSpin->setDecimals(2);
    m_reserveSpin->setGroupSeparatorShown(true);
    m_reserveUnit = new ElidingComboBox(this);
    m_reserveUnit->setObjectName(QStringLiteral("reserveUnit"));
    // Unit symbols are never translated.
    m_reserveUnit->addItem(QStringLiteral("GiB"), static_cast<int>(units::Unit::GiB));
    m_reserveUnit->addItem(QStringLiteral("GB"), static_cast<int>(units::Unit::GB));
    row->addWidget(m_reserveSpin, 1);
    row->addWidget(m_reserveUnit);
    m_deviceCaption = new QLabel(this);
    m_deviceLabel = new QLabel(this);
    m_deviceLabel->setObjectName(QStringLiteral("deviceLabel"));
    m_deviceLabel->setWordWrap(true);
    m_targetLabel = new QLabel(this);
    m_targetCombo = new ElidingComboBox(this);
    m_targetCombo->setObjectName(QStringLiteral("targetCombo"));
    m_targetCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_targetCombo->setMinimumContentsLength(14);
    m_tpLabel = new QLabel(this);
    m_tpSpin = makeSpin(this, "tpSpin", 1, 1024, 1);
    form->addRow(m_reserveLabel, row);
    form->addRow(m_deviceCaption, m_deviceLabel);
    form->addRow(m_targetLabel, m_targetCombo);
    form->addRow(m_tpLabel, m_tpSpin);
    m_targetLabel->setBuddy(m_targetCombo);

    resetToDefaults();
    retranslateUi();
    connect(m_reserveSpin, &QDoubleSpinBox::valueChanged, this, &ReserveBox::changed);
    connect(m_reserveUnit, &QComboBox::currentIndexChanged, this, &ReserveBox::changed);
    connect(m_tpSpin, &QSpinBox::valueChanged, this, &ReserveBox::changed);
    connect(m_targetCombo, &QComboBox::currentIndexChanged, this, [this] {
        m_wantedTarget = m_targetCombo->currentData().toString();
        emit targetChanged();
    });
}

void ReserveBox::fillInputs(sizing::SizingInputs& inputs) const
{
    inputs.reserveValue = m_reserveSpin->value();
    inputs.reserveUnit = static_cast<units::Unit>(m_reserveUnit->currentData().toInt());
    inputs.tensorParallel = static_cast<std::uint64_t>(m_tpSpin->value());
}

void ReserveBox::setReserve(double value, units::Unit unit)
{
    m_reserveSpin->setValue(value);
    selectData(m_reserveUnit, static_cast<int>(unit));
}

void ReserveBox::setTensorParallel(int degree) { m_tpSpin->setValue(degree); }

void ReserveBox::setCatalog(const sizing::DeviceCatalog* catalog)
{
    m_catalog = catalog;
    rebuildTargets();
}

void ReserveBox::setRunDevice(const QString& id, quint64 capacityBytes)
{
    m_runId = id;
    m_runCapacity = capacityBytes;
    updateRunDeviceText();
    if (targetKey().isEmpty())
        emit targetChanged();
}

void ReserveBox::clearRunDevice()
{
    m_runId.clear();
    m_runCapacity.reset();
    updateRunDeviceText();
    if (targetKey().isEmpty())
        emit targetChanged();
}

void ReserveBox::setDetectedDevices(const QList<Device>& devices)
{
    m_devices = devices;
    rebuildTargets();
}

QString ReserveBox::targetKey() const { return m_targetCombo->currentData().toString(); }

bool ReserveBox::setTarget(const QString& keyOrCard)
{
    int index = m_targetCombo->findData(keyOrCard);
    if (index < 0)
        index = m_targetCombo->findData(QString(kCardPrefix + keyOrCard));
    if (index < 0 && m_catalog) {
        if (const auto* card = m_catalog->find(keyOrCard.toStdString()))
            index = m_targetCombo->findData(QString(kCardPrefix + QString::fromStdString(card->id)));
    }
    if (index < 0)
        return false;
    m_targetCombo->setCurrentIndex(index);
    return true;
}

std::optional<sizing::GpuCard> ReserveBox::targetCard() const
{
    const QString key = targetKey();
    if (key.startsWith(kCardPrefix) && m_catalog) {
        if (const auto* card = m_catalog->find(key.mid(kCardPrefix.size()).toStdString()))
            return *card;
        return std::nullopt;
    }
    sizing::GpuCard card;
    if (key.startsWith(kDevicePrefix)) {
        const QString id = key.mid(kDevicePrefix.size());
        for (const auto& d : m_devices) {
            if (d.id == id) {
                card.id = d.id.toStdString();
                card.name = (d.name.isEmpty() ? d.id : d.name).toStdString();
                card.reportedBytes = d.capacityBytes;
                return card;
            }
        }
        return std::nullopt;
    }
    if (m_runId.isEmpty() || !m_runCapacity)
        return std::nullopt;
    card.id = m_runId.toStdString();
    card.name = m_runId.toStdString();
    card.reportedBytes = *m_runCapacity;
    return card;
}

void ReserveBox::rebuildTargets()
{
    const QString wanted = m_wantedTarget;
    const QLocale locale;
    {
        const QSignalBlocker block(m_targetCombo);
        m_targetCombo->clear();
        m_targetCombo->addItem(tr("The run device"), QString());
        for (const auto& d : m_devices) {
            //: %1 device id (e.g. "cuda:0"), %2 its name, %3 its reported capacity
            m_targetCombo->addItem(tr("%1 %2, %3")
                                       .arg(d.id, d.name, ByteText::inUnit(d.capacityBytes, units::Unit::GiB, locale)),
                QString(kDevicePrefix + d.id));
        }
        if (m_catalog) {
            for (const auto& card : m_catalog->cards()) {
                //: %1 a catalog card's name, %2 the capacity it reports (not the marketed figure)
                m_targetCombo->addItem(tr("%1 (catalog), %2")
                                           .arg(QString::fromStdString(card.name),
                                               ByteText::inUnit(card.reportedBytes, units::Unit::GiB, locale)),
                    QString(kCardPrefix + QString::fromStdString(card.id)));
                m_targetCombo->setItemData(m_targetCombo->count() - 1,
                    ByteText::full(card.reportedBytes, tr("bytes"), locale), Qt::ToolTipRole);
            }
        }
        const int index = m_targetCombo->findData(wanted);
        m_targetCombo->setCurrentIndex(index < 0 ? 0 : index);
    }
    m_wantedTarget = wanted; // a device that is gone for now stays wanted: it comes back after a refresh
    emit targetChanged();
}

void ReserveBox::updateRunDeviceText()
{
    if (m_runId.isEmpty() || !m_runCapacity) {
        m_deviceLabel->setText(tr("none chosen"));
        m_deviceLabel->setToolTip(QString());
        return;
    }
    //: %1 is the device name, %2 its reported capacity
    m_deviceLabel->setText(tr("%1, %2").arg(m_runId, ByteText::inUnit(*m_runCapacity, units::Unit::GiB)));
    m_deviceLabel->setToolTip(ByteText::full(*m_runCapacity, tr("bytes")));
}

void ReserveBox::resetToDefaults()
{
    const QSignalBlocker b1(m_reserveSpin), b2(m_reserveUnit), b3(m_tpSpin);
    m_reserveSpin->setValue(kSeedReserveGiB);
    selectData(m_reserveUnit, static_cast<int>(units::Unit::GiB));
    m_tpSpin->setValue(1);
    m_wantedTarget.clear();
    m_targetCombo->setCurrentIndex(0);
}

void ReserveBox::saveSettings(QSettings& settings) const
{
    settings.setValue(kReserveKey, m_reserveSpin->value());
    settings.setValue(kUnitKey, m_reserveUnit->currentData().toInt());
    settings.setValue(kTpKey, m_tpSpin->value());
    settings.setValue(kTargetKey, m_wantedTarget);
}

void ReserveBox::restoreSettings(QSettings& settings)
{
    if (!settings.contains(kReserveKey))
        return;
    const QSignalBlocker b1(m_reserveSpin), b2(m_reserveUnit), b3(m_tpSpin);
    m_reserveSpin->setValue(settings.value(kReserveKey, kSeedReserveGiB).toDouble());
    selectData(m_reserveUnit, settings.value(kUnitKey).toInt());
    m_tpSpin->setValue(settings.value(kTpKey, 1).toInt());
    m_wantedTarget = settings.value(kTargetKey).toString();
    rebuildTargets();
}

void ReserveBox::retranslateUi()
{
    setTitle(tr("Reserve and device"));
    m_reserveLabel->setText(tr("Reserve:"));
    m_reserveSpin->setToolTip(tr("CUDA context, fragmentation, other processes. Kept in the unit you choose."));
    m_deviceCaption->setText(tr("Run device:"));
    m_targetLabel->setText(tr("Verdict for:"));
    m_targetCombo->setToolTip(
        tr("The card the fit verdict is for: the run device, another device of this machine or a catalog card. "
           "The run itself keeps its device."));
    m_tpLabel->setText(tr("Devices (tensor parallel):"));
    m_tpSpin->setToolTip(tr("Weights and KV heads are divided among the devices; the need is per device."));
    rebuildTargets();
    updateRunDeviceText();
}

void ReserveBox::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
