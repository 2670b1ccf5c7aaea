#pragma once
// The operator actions: who did what, when and why — the journal rows an operator's action
// wrote (repairs: cancels, resumes, recoveries, compensations; account changes; transfers
// issued), newest first, paged from the store, filtered by kind and by operator or document.
// Paged by key (time, then seq; JournalQuery::after): a page next to a loaded one is read from
// that one's edge row, so actions arriving at the top move nothing on screen; a jump by position.
//
// Threading: GUI thread only.

#include "operations/operatoractions.h"
#include "pagedtablemodel.h"
#include "widgets/timestyle.h"

namespace ledger::app {

class JournalModel : public PagedTableModel {
    Q_OBJECT
public:
    enum Column { AtColumn, ActorColumn, ActionColumn, DocumentColumn, StateColumn, ReasonColumn, ColumnCount };
    enum Role { EntryRole = Qt::UserRole + 1, DocKindRole /* int(DocKind) */, DocIdRole, SeqRole /* "shard/seq": the row's key */ };
    using Preset = ActionsPreset;

    explicit JournalModel(StoreSession *session, QObject *parent = nullptr);

    void setFilter(Preset preset, const QString &text);
    // Local time or UTC for the At column (View ▸ Times in UTC).
    void setTimeStyle(TimeStyle style);

    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // What the view lists (File ▸ Export writes the same rows).
    JournalQuery query() const;

protected:
    void fetchCount(CountDone done) override;
    void fetchRows(qint64 offset, int limit, RowsDone done) override;
    bool pagesByKey() const override { return true; }
    void fetchPage(const PageAnchor &anchor, int limit, RowsDone done) override;
    // Deep in a long journal a jump lands near its place, by an interpolated time (store/paging.h).
    bool exactAt(qint64 offset) const override;
    // Listed by time: the top row's time says where the list is.
    QString placeOfRow(const QVariant &row) const override { return cell(row, AtColumn, Qt::DisplayRole).toString(); }
    QVariant cell(const QVariant &row, int column, int role) const override;
    QString keyOf(const QVariant &row) const override;

private:
    Preset m_preset = Preset::Repairs;
    QString m_text;
    TimeStyle m_times = TimeStyle::Local;
};

} // namespace ledger::app
