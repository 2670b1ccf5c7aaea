#include "actionspage.h"

#include "../models/journalmodel.h"
#include "../widgets/tablepage.h"

#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
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
    // Wide enough for a time, "compensate", a transaction's id and "pending → canceled" whole,
    // in the font in use; Why takes the rest.
    const QFontMetrics metrics = table->fontMetrics();
    const int pad = 2 * metrics.averageCharWidth();
    const QList<std::pair<JournalModel::Column, QString>> widest{
        {JournalModel::AtColumn, QStringLiteral("2026-11-28 20:29:46 UTC")},
        {JournalModel::ActorColumn, QStringLiteral("night-operator")},
        {JournalModel::ActionColumn, QStringLiteral("compensate")},
        {JournalModel::DocumentColumn, QStringLiteral("tx-01M8HYX5XSGSGG9NBX2BJ688FR.rev")},
        {JournalModel::StateColumn, QStringLiteral("canceling → canceled")}};
    for (const auto &[column, text] : widest) {
        m_preferredWidths.insert(column, metrics.horizontalAdvance(text) + pad);
        table->setColumnWidth(column, m_preferredWidths.value(column));
    }
    table->viewport()->installEventFilter(this);
    connect(m_list, &TablePage::activated, this, [this] {
        const QModelIndex current = m_list->table()->currentIndex(); // the page keeps it on the entry
        const QString id = current.data(JournalModel::DocIdRole).toString();
        if (DocKind(current.data(JournalModel::DocKindRole).toInt()) == DocKind::Account)
            Q_EMIT accountLinkActivated(id);
        else
            Q_EMIT transactionLinkActivated(id);
    });
}

bool ActionsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == m_list->table()->viewport())
        keepWhyInSight();
    return QWidget::eventFilter(watched, event);
}

void ActionsPage::keepWhyInSight()
{
    // At 1024 px Why began past the window's edge. What it lacks of a readable width comes from
    // the columns of words (who, the state), down to a few characters each (their text then
    // elides, whole in the tooltip); a time, the action and the id stay whole. A wider window
    // gives them back, up to the width they started with (one made wider by hand stays so).
    QTableView *table = m_list->table();
    QHeaderView *header = table->horizontalHeader();
    const int chars = table->fontMetrics().averageCharWidth();
    int lacking = header->sectionPosition(JournalModel::ReasonColumn) + kWhyMinChars * chars - table->viewport()->width();
    for (int column : {JournalModel::ActorColumn, JournalModel::StateColumn}) {
        const int size = header->sectionSize(column);
        const int change = lacking > 0 ? -qMax(0, qMin(lacking, size - kWordsMinChars * chars))
                                       : qMax(0, qMin(-lacking, m_preferredWidths.value(column) - size));
        if (change != 0)
            header->resizeSection(column, size + change);
        lacking += change;
    }
}

void ActionsPage::applyFilter()
{
    m_model->setFilter(JournalModel::Preset(m_kind->currentData().toInt()), m_list->filterEdit()->text().trimmed());
}

void ActionsPage::refresh() { m_model->refresh(); }

void ActionsPage::setTimeStyle(TimeStyle style) { m_model->setTimeStyle(style); }

bool ActionsPage::isBusy() const { return m_model->isLoading() || m_list->isFilterPending(); }

} // namespace ledger::app
