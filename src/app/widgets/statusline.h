#pragma once
// The window's status bar, whose passing messages are cut as every table's cells are
// (widgets/textfit.h: between words, never inside a number or an id) and end a little before the
// labels that stay (live, idle, the store): at 1024 px a long message ran into "live idle". A
// message cut short is whole in the tooltip.
// Threading: GUI thread only.

#include <QStatusBar>

namespace ledger::app {

class StatusLine : public QStatusBar {
    Q_OBJECT
public:
    explicit StatusLine(QWidget *parent = nullptr);

    // The room a message has: from the left edge to a gap before the first label that stays.
    QRect messageRect() const;
    // The current message as drawn (empty: none).
    QString shownMessage() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
};

} // namespace ledger::app
