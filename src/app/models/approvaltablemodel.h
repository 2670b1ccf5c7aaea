#pragma once
// The Awaiting approval page's table (four eyes, docs/DESIGN.md §11): the approval requests of one
// listing, newest first, as the page read them (at most ApprovalsPage's listing size: a listing of
// requests is short, so it is read whole, not paged). Holds values only: no store, no SQL.
//
// Threading: GUI thread only.

#include "../widgets/timestyle.h"
#include "ledger/approvals.h"

#include <QAbstractTableModel>
#include <QDateTime>

namespace ledger::app {

class ApprovalTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        StateColumn,
        ActionColumn,
        DocumentColumn,
        AmountColumn,
        RequestedByColumn,
        RequestedAtColumn,
        ExpiresColumn,
        DecidedByColumn,
        ColumnCount
    };
    enum Role { IdRole = Qt::UserRole + 1 };

    explicit ApprovalTableModel(QObject *parent = nullptr);

    // The listing read, at the store's time `now` (what says a pending request expired).
    void setRequests(const QList<ApprovalRequest> &requests, const QDateTime &now, int scale);
    void clear();
    void setTimeStyle(TimeStyle style);

    const QList<ApprovalRequest> &requests() const { return m_requests; }
    int rowOf(const QString &id) const;
    // The request `id` as last read, or nullopt.
    std::optional<ApprovalRequest> request(const QString &id) const;
    const QDateTime &now() const { return m_now; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString text(const ApprovalRequest &r, int column) const;

    QList<ApprovalRequest> m_requests;
    QDateTime m_now;
    int m_scale = 2;
    TimeStyle m_timeStyle = TimeStyle::Local;
};

} // namespace ledger::app
