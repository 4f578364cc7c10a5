// SPDX-License-Identifier: Apache-2.0
#include "app/gui/devices/devicepicker.h"
#include "app/gui/application/localenumber.h"
#include "app/gui/devices/simcardbox.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace iteragpu::gui {

DevicePicker::DevicePicker(device::BackendRegistry& registry, QWidget* parent)
    : QWidget(parent)
    , m_registry(registry)
    , m_model(new DeviceListModel(this))
{
    setObjectName(QStringLiteral("DevicePicker"));
    m_notice = new QLabel(this);
    m_notice->setWordWrap(true);
    m_notice->setObjectName(QStringLiteral("deviceNotice"));
    m_notice->setStyleSheet(QStringLiteral("QLabel { background: #fff4e0; border: 1px solid #e0b060; padding: 4px; }"));

    m_view = new QTreeView(this);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    // Room for the CUDA, HIP and simulated lines at least.
    m_view->setMinimumHeight((m_view->fontMetrics().height() + 4) * 5);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(DeviceListModel::ColDevice, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(DeviceListModel::ColName, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(DeviceListModel::ColCapacity, QHeaderView::ResizeToContents);
    // Driver and runtime are in the lines under the list (and in the model); the list stays narrow.
    m_view->header()->setSectionHidden(DeviceListModel::ColDriver, true);
    m_view->header()->setSectionHidden(DeviceListModel::ColRuntime, true);

    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_refresh = new QPushButton(this);
    connect(m_refresh, &QPushButton::clicked, this, &DevicePicker::refresh);
    m_simCard = new SimCardBox(this);
    connect(m_simCard, &SimCardBox::changed, this, [this] {
        followSimCard();
        updateDetails();
        emit simCardChanged();
    });
    followSimCard(); // the card kept from the last start

    // Word-wrapped labels do not ask a dock for their height: give them their lines explicitly.
    const int line = fontMetrics().lineSpacing();
    m_notice->setMinimumHeight(3 * line + 10);
    m_details->setMinimumHeight(3 * line + 2);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // The simulated card's two rows beside the Refresh button, so the device dock is no taller than before and
    // the sizing tab below keeps its height at 1024x700.
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_simCard, 1);
    bottom->addStretch(0);
    bottom->addWidget(m_refresh, 0, Qt::AlignBottom);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_notice);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_details);
    layout->addLayout(bottom);

    m_model->reload(m_registry);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { onSelectionChanged(); });
    retranslateUi();
    // A GPU when there is one, else the simulated device.
    QString initial = QStringLiteral("sim:0");
    for (const auto& row : m_model->rows())
        if (row.available && !row.simulated) {
            initial = row.id;
            break;
        }
    selectDevice(initial);
}

bool DevicePicker::selectDevice(const QString& deviceId)
{
    const int row = m_model->rowOf(deviceId);
    if (row < 0)
        return false;
    m_view->selectionModel()->setCurrentIndex(
        m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

bool DevicePicker::currentIsSimulated() const
{
    const int row = m_model->rowOf(m_current);
    return row >= 0 && m_model->rows()[static_cast<std::size_t>(row)].simulated;
}

std::optional<std::uint64_t> DevicePicker::currentCapacityBytes() const
{
    const int row = m_model->rowOf(m_current);
    if (row < 0)
        return std::nullopt;
    return m_model->rows()[static_cast<std::size_t>(row)].runCapacityBytes();
}

void DevicePicker::followSimCard()
{
    const auto card = m_simCard->card();
    m_model->setSimulatedCard(card ? QString::fromStdString(card->name) : QString(),
        card ? std::optional<std::uint64_t>(card->capacityBytes()) : std::nullopt);
}

QString DevicePicker::simCardId() const { return currentIsSimulated() ? m_simCard->cardId() : QString(); }

double DevicePicker::simSpeed() const { return currentIsSimulated() && !simCardId().isEmpty() ? m_simCard->speed() : 1.0; }

std::optional<sizing::GpuCard> DevicePicker::simCard() const
{
    return currentIsSimulated() ? m_simCard->card() : std::nullopt;
}

void DevicePicker::setUnit(units::Unit unit)
{
    m_unit = unit;
    m_model->setUnit(unit);
    updateDetails();
}

void DevicePicker::setRefreshEnabled(bool enabled) { m_refresh->setEnabled(enabled); }

void DevicePicker::refresh()
{
    const QString keep = m_current;
    m_registry.load();
    m_model->reload(m_registry);
    if (!selectDevice(keep))
        selectDevice(QStringLiteral("sim:0"));
    updateNotice();
    int devices = 0;
    QStringList unavailable;
    for (const auto& row : m_model->rows()) {
        if (row.available && !row.simulated)
            ++devices;
        else if (!row.available)
            unavailable << row.backend + QStringLiteral(": ") + row.reason;
    }
    //: %n number of GPUs found by the loaded backends
    QString summary = tr("Device list refreshed: %n GPU(s) found.", nullptr, devices);
    if (!unavailable.isEmpty())
        //: %1 is a list of backends with the reason each is unavailable
        summary += QLatin1Char(' ') + tr("Unavailable: %1").arg(unavailable.join(QStringLiteral("; ")));
    emit refreshed(summary);
}

void DevicePicker::onSelectionChanged()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    const QString id = current.isValid() ? current.data(DeviceListModel::DeviceIdRole).toString() : QString();
    updateDetails();
    if (id == m_current)
        return;
    m_current = id;
    updateDetails();
    m_simCard->setVisible(currentIsSimulated());
    emit currentDeviceChanged(id);
}

void DevicePicker::updateNotice()
{
    if (m_model->hasGpu()) {
        m_notice->hide();
        return;
    }
    m_notice->setText(tr("No GPU found (the greyed lines say why). sim:0 is available: "
                         "simulated, not a GPU measurement."));
    m_notice->show();
}

void DevicePicker::updateDetails()
{
    const int row = m_model->rowOf(m_current);
    if (row < 0) {
        m_details->setText(tr("No device selected."));
        return;
    }
    const auto& r = m_model->rows()[static_cast<std::size_t>(row)];
    const QLocale locale;
    QString capacity = QStringLiteral("—");
    const auto card = r.simulated && m_simCard ? m_simCard->card() : std::nullopt;
    // A simulated card brings its capacity (the usable total where the catalog has one); the run gets that one.
    const std::optional<std::uint64_t> bytes = card ? std::optional<std::uint64_t>(card->capacityBytes()) : r.capacityBytes;
    if (bytes) {
        //: %1 is a byte count with thousands separators, %2 the same in the unit, %3 the unit symbol
        capacity = tr("%1 bytes (%2 %3)")
                       .arg(LocaleNumber::integer(static_cast<qulonglong>(*bytes), locale),
                           LocaleNumber::fixed(units::toUnit(*bytes, m_unit), 2, locale),
                           QLatin1String(units::unitSymbol(m_unit)));
    }
    //: %1 device id, %2 capacity, %3 driver version, %4 runtime version
    QString text
        = tr("<b>%1</b> · %2<br>Driver: %3 · Runtime: %4")
              .arg(r.id.toHtmlEscaped(), capacity, r.driver.isEmpty() ? QStringLiteral("—") : r.driver.toHtmlEscaped(),
                  r.runtime.isEmpty() ? QStringLiteral("—") : r.runtime.toHtmlEscaped());
    if (r.simulated) {
        const QString simulated = card
            //: %1 is the GPU catalog's card the simulated device stands in for (its capacity and pace)
            ? tr("Simulated as %1, not a GPU measurement.").arg(QString::fromStdString(card->name))
            : tr("Simulated, not a GPU measurement.");
        text += QStringLiteral("<br><span style='color:#965000'><b>") + simulated.toHtmlEscaped()
            + QStringLiteral("</b></span>");
    }
    m_details->setToolTip(r.name);
    m_details->setText(text);
}

void DevicePicker::retranslateUi()
{
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setToolTip(tr("Load the GPU backends again and list their devices"));
    m_model->retranslate();
    updateNotice();
    updateDetails();
}

void DevicePicker::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
