#include "tablepage.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace ledger::app {

TablePage::TablePage(PagedTableModel *model, int keyRole, const QString &filterHint, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_keyRole(keyRole)
    , m_layout(new QVBoxLayout(this))
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_filter->setPlaceholderText(filterHint);
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(filterHint);
    top->addWidget(m_filter, 1);
    top->addWidget(m_status);
    m_layout->addLayout(top);
    m_layout->addWidget(m_table, 1);

    m_table->setModel(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // a million rows: no per-row sizing
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionsMovable(true);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, this, [this] { m_debounce.start(); });
    connect(&m_debounce, &QTimer::timeout, this, [this] { Q_EMIT filterTextChanged(m_filter->text().trimmed()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &TablePage::selectionChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        const QString key = current.isValid() ? current.data(m_keyRole).toString() : QString();
        // On a row still loading, the document under the cursor is known once its page arrives.
        m_cursorLoading = current.isValid() && key.isEmpty();
        if (!m_cursorLoading)
            setCurrentKey(key);
    });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QString key = index.data(m_keyRole).toString();
        if (!key.isEmpty())
            Q_EMIT activated(key);
    });
    // Rows arrive, shift, or the query restarts: keep the selection on its document.
    connect(model, &QAbstractItemModel::dataChanged, this, &TablePage::followSelection);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        // A new query (filter, sort): select the same document again once it shows up.
        if (m_wantedKey.isEmpty())
            m_wantedKey = m_currentKey;
        m_cursorLoading = false;
    });
    connect(model, &PagedTableModel::countChanged, this, &TablePage::updateStatus);
    connect(model, &PagedTableModel::loadingChanged, this, &TablePage::updateStatus);
    updateStatus();
}

QStringList TablePage::selectedKeys() const
{
    QStringList keys;
    for (const QModelIndex &row : m_table->selectionModel()->selectedRows()) {
        const QString key = row.data(m_keyRole).toString();
        if (!key.isEmpty())
            keys << key;
    }
    return keys;
}

void TablePage::selectKey(const QString &key)
{
    m_wantedKey = key;
    followSelection();
}

void TablePage::setFilterVisible(bool visible) { m_filter->setVisible(visible); }

void TablePage::setCurrentKey(const QString &key)
{
    if (key == m_currentKey)
        return;
    m_currentKey = key;
    Q_EMIT currentKeyChanged(key);
}

void TablePage::followSelection()
{
    if (!m_wantedKey.isEmpty()) {
        const int row = m_model->rowOfKey(m_wantedKey);
        if (row < 0)
            return; // not loaded (yet): try again when more rows arrive
        m_wantedKey.clear();
        m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        setCurrentKey(m_model->index(row, 0).data(m_keyRole).toString());
        return;
    }
    const QModelIndex current = m_table->currentIndex();
    const QString key = current.isValid() ? current.data(m_keyRole).toString() : QString();
    if (key.isEmpty() || key == m_currentKey)
        return;
    if (m_cursorLoading) { // the row the operator went to has loaded
        m_cursorLoading = false;
        setCurrentKey(key);
        return;
    }
    // Rows shifted under the cursor (a live refresh): follow the document, not the row.
    const int row = m_model->rowOfKey(m_currentKey);
    if (row >= 0)
        m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    else
        setCurrentKey(key); // it left the list (e.g. repaired out of "Stuck"): show what is there now
}

void TablePage::updateStatus()
{
    const QString count = QLocale().toString(m_model->rowCount());
    m_status->setText(m_model->isLoading() ? tr("%1 rows · loading…").arg(count) : tr("%1 rows").arg(count));
}

} // namespace ledger::app
