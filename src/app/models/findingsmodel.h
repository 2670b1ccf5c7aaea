#pragma once
// Audit findings as a table: invariant, code, message and the documents involved.
//
// Threading: GUI thread only.

#include "protocol/audit.h"

#include <QAbstractTableModel>

namespace ledger::app {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { InvariantColumn, CodeColumn, MessageColumn, IdsColumn, ColumnCount };
    enum Role { TransactionIdsRole = Qt::UserRole + 1, AccountIdsRole };

    explicit FindingsModel(QObject *parent = nullptr);

    void setFindings(const QList<AuditFinding> &findings);
    const QList<AuditFinding> &findings() const { return m_findings; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<AuditFinding> m_findings;
};

} // namespace ledger::app
