#pragma once
// A page of the console around one paged table: a text filter (debounced), the table, and a
// way to select a document by id once its row has loaded — used for the transactions, the
// accounts and the operator actions. Keeps the selection on the same document across live
// refreshes, even when rows shift under it.
// Threading: GUI thread only.

#include "../models/pagedtablemodel.h"

#include <QTimer>
#include <QWidget>

class QLineEdit;
class QTableView;
class QLabel;
class QVBoxLayout;

namespace ledger::app {

class TablePage : public QWidget {
    Q_OBJECT
public:
    // `keyRole` is the model role holding a row's document id.
    TablePage(PagedTableModel *model, int keyRole, const QString &filterHint, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }
    PagedTableModel *pagedModel() const { return m_model; }
    QVBoxLayout *pageLayout() const { return m_layout; }

    // The ids of the selected rows that have loaded.
    QStringList selectedKeys() const;
    QString currentKey() const { return m_currentKey; }
    // Selects the row of `key` as soon as it is loaded.
    void selectKey(const QString &key);
    void setFilterVisible(bool visible);

Q_SIGNALS:
    void filterTextChanged(const QString &text);
    void currentKeyChanged(const QString &key);
    void selectionChanged();
    void activated(const QString &key);

private:
    void followSelection();
    void setCurrentKey(const QString &key);
    void updateStatus();

    PagedTableModel *m_model;
    int m_keyRole;
    QVBoxLayout *m_layout;
    QLineEdit *m_filter;
    QLabel *m_status;
    QTableView *m_table;
    QTimer m_debounce;
    QString m_currentKey;   // the document under the cursor
    QString m_wantedKey;    // a document to select as soon as its row has loaded
    bool m_cursorLoading = false;
};

} // namespace ledger::app
