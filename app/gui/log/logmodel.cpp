// SPDX-License-Identifier: Apache-2.0
#include "app/gui/log/logmodel.h"

#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QLocale>
#include <QStyle>
#include <algorithm>

namespace iteragpu::gui {

LogModel::LogModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

int LogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int LogModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString LogModel::levelName(Level level) const
{
    switch (level) {
    case Level::Warning:
        return tr("Warning");
    case Level::Error:
        return tr("Error");
    case Level::Info:
        break;
    }
    return tr("Info");
}

QVariant LogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = m_entries[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == ColTime)
            return QLocale().toString(e.time.time(), QStringLiteral("HH:mm:ss.zzz"));
        if (index.column() == ColLevel)
            return levelName(e.level);
        return e.message;
    case Qt::ToolTipRole:
        if (index.column() == ColMessage)
            return e.message;
        if (index.column() == ColTime)
            return QLocale().toString(e.time, QLocale::LongFormat);
        return {};
    case Qt::DecorationRole:
        if (index.column() != ColLevel || !qApp)
            return {};
        if (e.level == Level::Error)
            return qApp->style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (e.level == Level::Warning)
            return qApp->style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return qApp->style()->standardIcon(QStyle::SP_MessageBoxInformation);
    case Qt::ForegroundRole:
        if (e.level == Level::Error)
            return QBrush(QColor(170, 0, 0));
        return {};
    default:
        return {};
    }
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ColTime:
        return tr("Time");
    case ColLevel:
        return tr("Level");
    case ColMessage:
        return tr("Message");
    default:
        return {};
    }
}

void LogModel::add(Level level, const QString& message)
{
    if (static_cast<int>(m_entries.size()) >= m_maxEntries) {
        beginRemoveRows(QModelIndex(), 0, 0);
        m_entries.pop_front();
        endRemoveRows();
    }
    const int row = static_cast<int>(m_entries.size());
    beginInsertRows(QModelIndex(), row, row);
    m_entries.push_back(Entry { QDateTime::currentDateTime(), level, message });
    endInsertRows();
}

void LogModel::setMaxEntries(int maxEntries)
{
    m_maxEntries = std::max(1, maxEntries);
    const int excess = static_cast<int>(m_entries.size()) - m_maxEntries;
    if (excess > 0) {
        beginRemoveRows(QModelIndex(), 0, excess - 1);
        m_entries.erase(m_entries.begin(), m_entries.begin() + excess);
        endRemoveRows();
    }
}

void LogModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

QString LogModel::toPlainText() const
{
    QString text;
    for (const Entry& e : m_entries) {
        text += e.time.toString(Qt::ISODateWithMs) + QLatin1Char(' ') + levelName(e.level) + QLatin1Char(' ')
            + e.message + QLatin1Char('\n');
    }
    return text;
}

void LogModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_entries.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace iteragpu::gui
