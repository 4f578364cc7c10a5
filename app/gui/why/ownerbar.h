// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "core/report/ledger.h"
#include "core/units/units.h"

#include <QString>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// The peak allocated of one phase split by owner, from the ledger's by-owner section: one stacked bar (the
// timeline's owner colours, Palette::ownerColor) and a legend below it, one entry per part with its bytes in the
// unit and its share of the total. The parts are the section's lines as they are (they add up to its total,
// Note [Ledger sums]); a missing reading shows the section's reason instead of a bar.
class OwnerBar : public QWidget {
    Q_OBJECT
public:
    struct Part {
        QString key; // the line's key: an owner's name ("weights"), or "not_attributed"
        QString label; // in the UI language
        std::optional<std::int64_t> bytes;
        report::LedgerSource source = report::LedgerSource::Observed;
    };

    explicit OwnerBar(QWidget* parent = nullptr);

    // From a ledger's by-owner section.
    void setSection(const report::LedgerSection& section, units::Unit unit);
    void clear();
    const std::vector<Part>& parts() const { return m_parts; }
    std::optional<std::int64_t> total() const { return m_total; }
    QString missingText() const { return m_missing; } // empty when the bar is drawn
    QString legendText(std::size_t part) const; // "weights 12.55 GiB (74 %)"

    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QColor colorOf(const Part& part) const;
    int lineHeight() const;
    // The legend's entries laid out in lines within the width: each entry's rectangle.
    std::vector<QRect> legendLayout(int width) const;

    std::vector<Part> m_parts;
    std::optional<std::int64_t> m_total;
    QString m_title;
    QString m_missing;
    units::Unit m_unit = units::Unit::GiB;
    Palette m_palette;
};

} // namespace iteragpu::gui
