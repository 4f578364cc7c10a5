// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QString>
#include <deque>

namespace iteragpu::gui {

// The session log: one row per event with its time stamp and severity. Bounded: the oldest rows go first.
class LogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Level { Info, Warning, Error };
    enum Column { ColTime, ColLevel, ColMessage, ColumnCount };
    static constexpr int kDefaultMaxEntries = 5000;

    struct Entry {
        QDateTime time;
        Level level = Level::Info;
        QString message;
    };

    explicit LogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void add(Level level, const QString& message);
    void clear();
    // The oldest entries go when there are more; default kDefaultMaxEntries.
    void setMaxEntries(int maxEntries);
    int maxEntries() const { return m_maxEntries; }
    const std::deque<Entry>& entries() const { return m_entries; }
    // Every entry as text, one per line, for copying into a bug report.
    QString toPlainText() const;

    // Called by the view on QEvent::LanguageChange: headers and level names are re-read.
    void retranslate();

private:
    QString levelName(Level level) const;
    std::deque<Entry> m_entries;
    int m_maxEntries = kDefaultMaxEntries;
};

} // namespace iteragpu::gui
