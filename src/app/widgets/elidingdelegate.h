#pragma once
// Every table's cells, cut as widgets/textfit.h cuts: between tokens, never inside a number, an
// amount, an id or a time ("mallory has…", never "mallory has 2080…"; "transfer…", never
// "transfer, com…"), the whole text in the tooltip (before the model's own, if it has one). A row may say
// which end of its text must stay whole (a model's role: " · 1m 28s ago", " · lease expired
// 4m 12s ago"), and only what comes before it is cut ("operator… · 1m 28s ago").
// Threading: GUI thread only.

#include <QSet>
#include <QStyledItemDelegate>

namespace ledger::app {

class ElidingDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // `keptTailRole`: the model role holding the end to keep (0: none).
    explicit ElidingDelegate(int keptTailRole = 0, QObject *parent = nullptr);
    // The cells of `column` are wrapped in as many lines as they take (lines end between tokens
    // only), not cut: for a view with word wrap and rows sized to their contents.
    void wrapColumn(int column) { m_wrapped << column; }

    // What a cell of `index` shows in `option`'s rectangle.
    QString shownText(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    // What its tooltip says: the model's, else the whole text where the cell shows less.
    QString toolTipText(const QStyleOptionViewItem &option, const QModelIndex &index) const;

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option, const QModelIndex &index) override;
    // The size of the whole text, not of what the cell shows now (a column fitted to its rows).
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    bool wraps(const QModelIndex &index) const { return m_wrapped.contains(index.column()); }

    int m_keptTailRole;
    QSet<int> m_wrapped;
};

} // namespace ledger::app
