// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>
#include <optional>

namespace iteragpu::gui {

// A horizontal stacked bar of the components that must fit (largest phase + reserve), painted, with a legend
// that wraps to the width and an optional marker at the selected device's capacity.
class BreakdownBar : public QWidget {
    Q_OBJECT
public:
    struct Segment {
        QString label;
        quint64 bytes = 0;
        QColor color;
    };

    explicit BreakdownBar(QWidget* parent = nullptr);

    void setSegments(const QList<Segment>& segments);
    void setCapacity(std::optional<quint64> bytes, const QString& label = QString());
    const QList<Segment>& segments() const { return m_segments; }
    quint64 totalBytes() const;

    // A stable colour per component id.
    static QColor colorFor(const QString& id);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int legendHeight(int width) const;

    QList<Segment> m_segments;
    std::optional<quint64> m_capacity;
    QString m_capacityLabel;
};

} // namespace iteragpu::gui
