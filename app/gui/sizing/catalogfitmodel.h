// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/fitanalyzer.h"
#include "core/sizing/gpucard.h"

#include <QAbstractTableModel>
#include <QList>
#include <optional>

namespace iteragpu::gui {

// The catalog cards against the current estimate: per card the need per device at the chosen tensor-parallel
// degree, the capacity the device reports (not the marketed figure), the signed margin, the verdict, the
// dominant component and the smallest tensor-parallel degree (1, 2, 4, 8) that fits. Several GPUs are never
// one memory pool: the need is per device.
class CatalogFitModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ColCard,
        ColMarketed,
        ColReported,
        ColDevices,
        ColNeeded,
        ColMargin,
        ColVerdict,
        ColDominant,
        ColSmallestTp,
        ColumnCount
    };
    // FitsRole: the estimate's verdict; MeasuredRole: the measured one (a bool), invalid when not measured.
    enum Role { FitsRole = Qt::UserRole + 1, NeededBytesRole, ReportedBytesRole, MarginBytesRole, MeasuredRole };

    struct Entry {
        sizing::GpuCard card;
        sizing::FitVerdict verdict;
        std::optional<quint64> smallestFittingTp; // nullopt: not even on 8 devices
        // The shown result ran on this card and answered (passed or ran out of memory): it outranks the estimate
        // in the verdict column. nullopt: not measured on this card.
        std::optional<bool> measuredFits;
    };

    explicit CatalogFitModel(QObject* parent = nullptr);

    void setEntries(const QList<Entry>& entries);
    void clear();
    const QList<Entry>& entries() const { return m_entries; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void retranslate();

    // "+2.50 GiB" / "−1.20 GiB", locale numbers.
    static QString marginText(qint64 margin);

private:
    QList<Entry> m_entries;
};

} // namespace iteragpu::gui
