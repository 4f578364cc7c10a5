// SPDX-License-Identifier: Apache-2.0
#include "app/gui/devices/simcardbox.h"
#include "app/gui/widgets/elidingcombobox.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/widgets/wheelguard.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <exception>

namespace iteragpu::gui {

namespace {
    const QString kCardKey = QStringLiteral("device/simCard");
    const QString kSpeedKey = QStringLiteral("device/simSpeed");
    constexpr double kDefaultSpeed = 1.0; // RunConfig's: the card's real time
} // namespace

SimCardBox::SimCardBox(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("SimCardBox"));
    try {
        m_catalog = sizing::DeviceCatalog::loadDefault();
    } catch (const std::exception& e) {
        m_catalogError = QString::fromStdString(e.what());
    }
    m_cardLabel = new QLabel(this);
    m_card = new ElidingComboBox(this);
    m_card->setObjectName(QStringLiteral("simCardCombo"));
    m_card->addItem(QString(), QString());
    if (m_catalog)
        for (const sizing::GpuCard& card : m_catalog->cards())
            // Card names are product names, never translated.
            m_card->addItem(QString::fromStdString(card.name), QString::fromStdString(card.id));
    m_speedLabel = new QLabel(this);
    m_speed = new ElidingComboBox(this);
    m_speed->setObjectName(QStringLiteral("simSpeedCombo"));
    for (double speed : kSpeeds)
        m_speed->addItem(QString(), speed);
    for (QComboBox* combo : { m_card, m_speed }) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(10);
    }
    m_cardLabel->setBuddy(m_card);
    m_speedLabel->setBuddy(m_speed);
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_cardLabel, m_card);
    form->addRow(m_speedLabel, m_speed);
    WheelGuard::install(this);

    const QSettings settings;
    if (!selectCard(settings.value(kCardKey).toString()))
        selectCard(QString());
    bool ok = false;
    const double saved = settings.value(kSpeedKey).toDouble(&ok);
    if (!ok || !setSpeed(saved))
        setSpeed(kDefaultSpeed);
    retranslateUi();
    updateEnabledState();
    const auto onChange = [this] {
        updateEnabledState();
        save();
        emit changed();
    };
    connect(m_card, &QComboBox::currentIndexChanged, this, onChange);
    connect(m_speed, &QComboBox::currentIndexChanged, this, onChange);
}

QString SimCardBox::cardId() const { return m_card->currentData().toString(); }

std::optional<sizing::GpuCard> SimCardBox::card() const
{
    const QString id = cardId();
    if (id.isEmpty() || !m_catalog)
        return std::nullopt;
    const sizing::GpuCard* card = m_catalog->find(id.toStdString());
    return card ? std::optional<sizing::GpuCard>(*card) : std::nullopt;
}

double SimCardBox::speed() const { return m_speed->currentData().toDouble(); }

bool SimCardBox::selectCard(const QString& id)
{
    const int index = m_card->findData(id);
    if (index < 0)
        return false;
    m_card->setCurrentIndex(index);
    return true;
}

bool SimCardBox::setSpeed(double speed)
{
    const int index = m_speed->findData(speed);
    if (index < 0)
        return false;
    m_speed->setCurrentIndex(index);
    return true;
}

void SimCardBox::updateEnabledState()
{
    // The plain simulated device has no pace to keep: the speed applies to a card only.
    const bool card = !cardId().isEmpty();
    m_speed->setEnabled(card);
    m_speedLabel->setEnabled(card);
}

void SimCardBox::save() const
{
    QSettings settings;
    settings.setValue(kCardKey, cardId());
    settings.setValue(kSpeedKey, speed());
}

void SimCardBox::retranslateUi()
{
    m_cardLabel->setText(tr("Simulated c&ard:"));
    m_card->setItemText(0, tr("none (plain simulated device)"));
    //: %1 is the reason the GPU catalog could not be read
    const QString unreadable = tr("The GPU catalog could not be read: %1").arg(m_catalogError);
    m_card->setToolTip(m_catalog ? tr("The card whose reported capacity and pace (peak FLOP/s and memory bandwidth, "
                                      "from the GPU catalog) the simulated device keeps")
                                 : unreadable);
    m_speedLabel->setText(tr("S&peed:"));
    const QLocale locale;
    for (int i = 0; i < m_speed->count(); ++i) {
        const double speed = m_speed->itemData(i).toDouble();
        // The number is the CLI's --sim-speed; the words say what it does.
        const QString factor = locale.toString(speed); // 0.25, 1, 4: no grouping at these sizes
        QString text;
        if (speed == 0.0)
            //: %1 is the speed 0
            text = tr("%1 (as fast as possible)").arg(factor);
        else if (speed == 1.0)
            //: %1 is the speed 1
            text = tr("%1× (the card's real time)").arg(factor);
        else if (speed < 1.0)
            //: %1 is a speed below 1 such as 0.1: the modelled time passes that fraction as fast as on the card
            text = tr("%1× (slower than the card)").arg(factor);
        else
            //: %1 is a speed above 1 such as 10: the modelled time passes that many times as fast
            text = tr("%1× (faster than the card)").arg(factor);
        m_speed->setItemText(i, text);
    }
    m_speed->setToolTip(tr("How fast the modelled time passes: 1 keeps the card's pace, 0 does not wait at all"));
}

void SimCardBox::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
