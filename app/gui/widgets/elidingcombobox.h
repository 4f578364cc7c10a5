// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QComboBox>

namespace iteragpu::gui {

// A combo box whose current text, when the box is narrower than it, is drawn cut with an ellipsis instead of
// clipped mid-letter; its tool tip then starts with the whole text (the box's own tool tip after it), and the
// list it opens is as wide as its longest entry. For the forms' narrow columns in the longer languages.
class ElidingComboBox : public QComboBox {
    Q_OBJECT
public:
    explicit ElidingComboBox(QWidget* parent = nullptr);

    // True when the current text does not fit the box and is drawn cut.
    bool elided() const;
    // The text as drawn (cut or whole).
    QString shownText() const;
    void showPopup() override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    int textRoom() const;
};

} // namespace iteragpu::gui
