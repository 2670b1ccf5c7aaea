#pragma once
// Text that does not fit its column is cut where a reader loses least: names and words are
// shortened, numbers never. A row may say which end of its text must stay whole (the model's
// KeptTailRole: " · 1m 28s ago", " · lease expired 4m 12s ago"), and only what comes before it
// is shortened ("operator… · 1m 28s ago", never "operator… 28s ago"); any other text is cut at
// its end ("insufficient-funds: alice has 12.00 avail…"), the whole in the tooltip.
// Threading: GUI thread only.

#include <QStyledItemDelegate>

namespace ledger::app {

class ElidingDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // `keptTailRole`: the model role holding the end to keep (0: none).
    explicit ElidingDelegate(int keptTailRole, QObject *parent = nullptr);

    // `text` in `width` pixels of `metrics`, shortening only what comes before `tail` (which must
    // end `text`); a tail wider than the room is shown alone, cut at its start.
    static QString elideKeepingTail(const QString &text, const QString &tail, const QFontMetrics &metrics, int width);
    // What a cell of `index` shows in `option`'s rectangle.
    QString shownText(const QStyleOptionViewItem &option, const QModelIndex &index) const;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    int m_keptTailRole;
};

} // namespace ledger::app
