#pragma once
// The operator actions: who did what, when and why — every journal row an operator's action
// wrote (transfers issued, cancels, resumes, recoveries, compensations linked, accounts created,
// frozen, unfrozen, closed), newest first, paged from the store.
//
// Threading: GUI thread only.

#include "pagedtablemodel.h"

namespace ledger::app {

class JournalModel : public PagedTableModel {
    Q_OBJECT
public:
    enum Column { AtColumn, ActorColumn, ActionColumn, DocumentColumn, StateColumn, ReasonColumn, ColumnCount };
    enum Role { EntryRole = Qt::UserRole + 1, DocKindRole, DocIdRole };

    explicit JournalModel(QObject *parent = nullptr);

    // The journal events that are operators' actions.
    static QStringList operatorEvents();

    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    void fetchCount(CountDone done) override;
    void fetchRows(qint64 offset, int limit, RowsDone done) override;
    QVariant cell(const QVariant &row, int column, int role) const override;
    QString keyOf(const QVariant &row) const override;
};

} // namespace ledger::app

