#include "actionspage.h"

#include "../models/journalmodel.h"
#include "../widgets/tablepage.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QVBoxLayout>

namespace ledger::app {

ActionsPage::ActionsPage(StoreSession *session, ConsoleActions *actions, QWidget *parent)
    : QWidget(parent)
    , m_actions(actions)
    , m_model(new JournalModel(session, this))
    , m_list(new TablePage(m_model, JournalModel::SeqRole, tr("Filter by operator or document…"), this))
    , m_kind(new QComboBox(this))
{
    m_kind->setAccessibleName(tr("Which actions"));
    m_kind->addItem(tr("Repairs"), int(JournalModel::Preset::Repairs));
    m_kind->addItem(tr("Account changes"), int(JournalModel::Preset::Accounts));
    m_kind->addItem(tr("Transfers issued"), int(JournalModel::Preset::TransfersIssued));
    m_kind->addItem(tr("All actions"), int(JournalModel::Preset::All));
    m_list->toolRow()->insertWidget(0, m_kind);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ActionsPage::applyFilter);
    connect(m_list, &TablePage::filterTextChanged, this, &ActionsPage::applyFilter);
    QTableView *table = m_list->table();
    table->setAccessibleName(tr("Operator actions"));
    setTabOrderOf({m_kind, m_list->filterEdit(), table});
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table](const QPoint &at) {
        QMenu menu(this);
        menu.addActions({m_actions->copyJson, m_actions->openWindow});
        menu.exec(table->viewport()->mapToGlobal(at));
    });
    const QList<int> widths{190, 160, 90, 280, 170};
    for (int c = 0; c < widths.size(); ++c)
        table->setColumnWidth(c, widths.at(c));
    connect(m_list, &TablePage::activated, this, [this] {
        const QModelIndex current = m_list->table()->currentIndex(); // the page keeps it on the entry
        const QString id = current.data(JournalModel::DocIdRole).toString();
        if (DocKind(current.data(JournalModel::DocKindRole).toInt()) == DocKind::Account)
            Q_EMIT accountLinkActivated(id);
        else
            Q_EMIT transactionLinkActivated(id);
    });
}

void ActionsPage::applyFilter()
{
    m_model->setFilter(JournalModel::Preset(m_kind->currentData().toInt()), m_list->filterEdit()->text().trimmed());
}

void ActionsPage::refresh() { m_model->refresh(); }

void ActionsPage::setTimeStyle(TimeStyle style) { m_model->setTimeStyle(style); }

bool ActionsPage::isBusy() const { return m_model->isLoading() || m_list->isFilterPending(); }

} // namespace ledger::app
