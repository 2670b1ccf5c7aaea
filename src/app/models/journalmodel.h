#pragma once
// The operator actions: who did what, when and why — the journal rows an operator's action
// wrote (repairs: cancels, resumes, recoveries, compensations; account changes; transfers
// issued), newest first, paged from the store, filtered by kind and by operator or document.
//
// Threading: GUI thread only.

#include "pagedtablemodel.h"

namespace ledger::app {

class JournalModel : public PagedTableModel {
    Q_OBJECT
public:
    enum Column { AtColumn, ActorColumn, ActionColumn, DocumentColumn, StateColumn, ReasonColumn, ColumnCount };
    enum Role { EntryRole = Qt::UserRole + 1, DocKindRole, DocIdRole, SeqRole };
    // Which actions to list. Repairs are what one looks for at 3 a.m.; transfers issued are many.
    enum class Preset { Repairs, Accounts, TransfersIssued, All };

    explicit JournalModel(QObject *parent = nullptr);

    // The journal events that are operators' actions.
    static QStringList operatorEvents();
    void setFilter(Preset preset, const QString &text);

    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    JournalQuery query() const;
    void fetchCount(CountDone done) override;
    void fetchRows(qint64 offset, int limit, RowsDone done) override;
    QVariant cell(const QVariant &row, int column, int role) const override;
    QString keyOf(const QVariant &row) const override;

private:
    Preset m_preset = Preset::Repairs;
    QString m_text;
};

} // namespace ledger::app

