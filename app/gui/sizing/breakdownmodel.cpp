// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/breakdownmodel.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/sizing/bytetext.h"
#include "core/sizing/componentlabels.h"
#include "core/sizing/phaselabels.h"

#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <algorithm>

namespace iteragpu::gui {

BreakdownModel::BreakdownModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

QString BreakdownModel::phaseName(const QString& id)
{
    const i18n::Term term = sizing::phaseLabel(id.toStdString());
    return *term.context ? QCoreApplication::translate(term.context, term.source) : QString::fromUtf8(term.source);
}

QString BreakdownModel::componentName(const QString& id)
{
    // The two totals are rows of this table, not components; every component's name is core's one label table
    // (core/sizing/componentlabels.h), the same the CLI and the decision sheet use.
    if (id == QLatin1String("total"))
        return tr("Total (largest phase + reserve)");
    if (id == QLatin1String("total_sum_of_components"))
        return tr("Sum of all components + reserve");
    const std::string key = id.toStdString();
    const i18n::Term term = sizing::componentLabel(key);
    QString label = *term.context ? QCoreApplication::translate(term.context, term.source) : QString::fromUtf8(term.source);
    if (!label.isEmpty())
        label[0] = label[0].toUpper(); // a table row starts with a capital; core's label is written for a sentence
    return label;
}

void BreakdownModel::setEstimate(const sizing::Estimate& estimate)
{
    beginResetModel();
    m_rows.clear();
    std::vector<std::string> largest;
    for (const auto& phase : estimate.phases) {
        if (phase.id == estimate.largestPhase)
            largest = phase.componentIds;
    }
    for (const auto& c : estimate.components) {
        Row row;
        row.id = QString::fromStdString(c.id);
        row.note = messageText(c.note);
        row.bytes = c.bytes;
        row.inLargestPhase = largest.empty() || std::find(largest.begin(), largest.end(), c.id) != largest.end();
        m_rows.append(row);
    }
    const QLocale locale;
    m_reserveTyped = locale.toString(estimate.reserve.typedValue, 'g', 12) + QLatin1Char(' ')
        + QLatin1String(units::unitSymbol(estimate.reserve.unit));
    m_rows.append({ QStringLiteral("reserve"), QString(), estimate.reserve.bytes, true });
    m_largestPhase = QString::fromStdString(estimate.largestPhase);
    m_rows.append({ QStringLiteral("total"), QString(), estimate.total(), true });
    if (estimate.totalSumOfComponents() != estimate.total())
        m_rows.append({ QStringLiteral("total_sum_of_components"), QString(), estimate.totalSumOfComponents(), false });
    endResetModel();
}

void BreakdownModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int BreakdownModel::rowOf(const QString& id) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int BreakdownModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int BreakdownModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BreakdownModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[index.row()];
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ColComponent:
            if (row.id == QLatin1String("reserve"))
                //: %1 is the reserve as the user typed it, e.g. "4 GiB"
                return tr("Reserve (%1 as typed)").arg(m_reserveTyped);
            return componentName(row.id);
        case ColBytes:
            return row.bytes ? ByteText::bytes(*row.bytes, locale) : tr("not computed");
        case ColGB:
            return row.bytes ? ByteText::inUnit(*row.bytes, units::Unit::GB, locale) : QStringLiteral("—");
        case ColGiB:
            return row.bytes ? ByteText::inUnit(*row.bytes, units::Unit::GiB, locale) : QStringLiteral("—");
        default:
            return {};
        }
    case Qt::ToolTipRole: {
        QString tip = row.bytes ? ByteText::full(*row.bytes, tr("bytes"), locale)
                                : tr("Not computed: the model shape is needed.");
        if (!row.note.isEmpty())
            tip += QLatin1Char('\n') + row.note;
        if (row.id == QLatin1String("total") && !m_largestPhase.isEmpty())
            //: %1 is the id of the most demanding phase, e.g. "train_step"
            tip += QLatin1Char('\n') + tr("Largest phase: %1").arg(phaseName(m_largestPhase));
        if (!row.inLargestPhase && row.id != QLatin1String("total_sum_of_components"))
            tip += QLatin1Char('\n') + tr("Not alive in the largest phase.");
        if (index.column() == ColComponent) // the name in full where a narrow column elides it
            tip = componentName(row.id) + QLatin1Char('\n') + tip;
        return tip;
    }
    case Qt::TextAlignmentRole:
        return index.column() == ColComponent ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (row.id == QLatin1String("total")) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case BytesRole:
        return row.bytes ? QVariant::fromValue<qulonglong>(*row.bytes) : QVariant();
    case IdRole:
        return row.id;
    default:
        return {};
    }
}

QVariant BreakdownModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ColComponent:
        return tr("Component");
    case ColBytes:
        return tr("Bytes");
    case ColGB:
        return QStringLiteral("GB");
    case ColGiB:
        return QStringLiteral("GiB");
    default:
        return {};
    }
}

void BreakdownModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace iteragpu::gui
