#include "repairpreview.h"
#include "tones.h"

#include "ledger/duration.h"
#include "ledger/money.h"
#include "elidingdelegate.h"
#include "statebadge.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ledger::app {

namespace {
enum TxColumn { TxIdColumn, TxFromColumn, TxWillColumn, TxWhyColumn, TxOutcomeColumn };
constexpr int kWrappedRows = 200; // up to this many, a row is as tall as its words

QTableWidgetItem *item(const QString &text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto *i = new QTableWidgetItem(text);
    i->setTextAlignment(align);
    i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return i;
}
} // namespace

QString changeText(qint64 before, qint64 after, int scale)
{
    if (before == after)
        return money::format(before, scale);
    return QStringLiteral("%1 → %2").arg(money::format(before, scale), money::format(after, scale));
}

RepairPreview::RepairPreview(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_transactions(new QTableWidget(this))
    , m_accounts(new QTableWidget(this))
    , m_accountsTitle(new QLabel(tr("Accounts: posted balance, pending and available, before → after"), this))
    , m_noAccounts(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    layout->addWidget(m_summary);
    layout->addWidget(new QLabel(tr("Transactions"), this));
    layout->addWidget(m_transactions, 2);
    layout->addWidget(m_accountsTitle);
    layout->addWidget(m_accounts, 1);
    m_noAccounts->setWordWrap(true);
    m_noAccounts->hide();
    layout->addWidget(m_noAccounts);
    m_transactions->setColumnCount(5);
    m_transactions->setHorizontalHeaderLabels({tr("Transaction"), tr("Now"), tr("Will"), tr("Why"), tr("Result")});
    m_transactions->setColumnHidden(TxOutcomeColumn, true);
    m_transactions->setAccessibleName(tr("Transactions in the repair"));
    // Why (and, after the repair, Result) take the width the others leave and wrap in it: sized
    // to their text, Why ran past the dialog, behind a horizontal scroll bar even at 1600 px.
    for (int c : {TxWhyColumn, TxOutcomeColumn})
        m_transactions->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    m_transactions->setWordWrap(true);
    m_accounts->setColumnCount(5);
    m_accounts->setHorizontalHeaderLabels({tr("Account"), tr("Posted"), tr("Pending debits"), tr("Pending credits"), tr("Available")});
    m_accounts->setAccessibleName(tr("Accounts the repair changes"));
    for (QTableWidget *t : {m_transactions, m_accounts}) {
        t->verticalHeader()->hide();
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
        t->verticalHeader()->setMinimumSectionSize(t->fontMetrics().height() + 6);
        t->horizontalHeader()->setStretchLastSection(true);
        auto *delegate = new ElidingDelegate(0, t); // cut between words, never in a number or an id
        if (t == m_transactions) {
            delegate->wrapColumn(TxWhyColumn); // Why and Result wrap in the width they take
            delegate->wrapColumn(TxOutcomeColumn);
        }
        t->setItemDelegate(delegate);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
    }
    showMessage(tr("Preparing the preview…"));
}

void RepairPreview::showMessage(const QString &text)
{
    m_summary->setText(text.toHtmlEscaped());
    m_transactions->setRowCount(0);
    m_accounts->setRowCount(0);
}

void RepairPreview::setPlan(const RepairPlan &plan, int scale)
{
    m_plan = plan;
    if (!plan.error.ok()) {
        showMessage(tr("The preview could not be made: %1").arg(plan.error.localized()));
        return;
    }
    const int eligible = plan.eligibleCount();
    const int skipped = int(plan.items.size()) - eligible;
    m_summary->setText(tr("<b>%1</b> will be repaired, <b>%2</b> skipped. Nothing has been changed yet.").arg(eligible).arg(skipped));
    m_transactions->setRowCount(int(plan.items.size()));
    for (int r = 0; r < plan.items.size(); ++r) {
        const PlannedRepair &p = plan.items.at(r);
        m_transactions->setItem(r, TxIdColumn, item(p.id));
        m_transactions->setItem(r, TxFromColumn, item(nameOf(p.from)));
        // A compensation ends as a new transaction; the original stays done.
        const QString end = !p.expected ? tr("repair")
                          : p.creates.isEmpty()
                              ? tr("→ %1").arg(nameOf(*p.expected))
                              : tr("→ %1 %2", "a compensation's id, then the state it should end in").arg(p.creates, nameOf(*p.expected));
        QTableWidgetItem *will = item(p.eligible ? end : tr("skip"));
        if (p.eligible && p.expected)
            will->setForeground(stateTextColor(*p.expected, palette())); // text on the table's base: readable in both palettes
        if (!p.eligible || p.mayBeRefused)
            will->setForeground(toneColor(Tone::Bad));
        m_transactions->setItem(r, TxWillColumn, will);
        QTableWidgetItem *why = item(p.why);
        why->setToolTip(p.why);
        m_transactions->setItem(r, TxWhyColumn, why);
    }
    m_accounts->setRowCount(int(plan.accounts.size()));
    for (int r = 0; r < plan.accounts.size(); ++r) {
        const AccountImpact &a = plan.accounts.at(r);
        const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
        m_accounts->setItem(r, 0, item(a.id));
        m_accounts->setItem(r, 1, item(changeText(a.balanceBefore, a.balanceAfter, scale), right));
        m_accounts->setItem(r, 2, item(changeText(a.pendingDebitsBefore, a.pendingDebitsAfter, scale), right));
        m_accounts->setItem(r, 3, item(changeText(a.pendingCreditsBefore, a.pendingCreditsAfter, scale), right));
        m_accounts->setItem(r, 4, item(changeText(a.availableBefore(), a.availableAfter(), scale), right));
    }
    for (int c : {TxIdColumn, TxFromColumn, TxWillColumn})
        m_transactions->resizeColumnToContents(c);
    // Rows as tall as Why wrapped in the width it has, as the dialog is resized; a plan of
    // thousands keeps one line a row (sizing each would cost seconds), its words in tooltips.
    m_transactions->verticalHeader()->setSectionResizeMode(plan.items.size() <= kWrappedRows ? QHeaderView::ResizeToContents
                                                                                             : QHeaderView::Fixed);
    m_accounts->resizeColumnsToContents();
    // An empty table says nothing: when no account changes, say so and why.
    const bool none = plan.accounts.isEmpty();
    m_accounts->setVisible(!none);
    m_accountsTitle->setVisible(!none);
    m_noAccounts->setVisible(none);
    m_noAccounts->setText(
        none ? (eligible > 0 ? tr("No account changes: nothing is held for these transactions, so no money moves; only their state does.")
                             : tr("No account changes: nothing will be repaired."))
             : QString());
}

QString RepairPreview::noAccountsText() const { return m_noAccounts->isVisibleTo(this) ? m_noAccounts->text() : QString(); }

void RepairPreview::setRepaired()
{
    const int eligible = m_plan.eligibleCount();
    m_summary->setText(tr("<b>%n</b> were to be repaired, <b>%1</b> skipped: the Result column says how each ended.", nullptr, eligible)
                           .arg(int(m_plan.items.size()) - eligible));
}

void RepairPreview::setOutcome(const QString &txId, const QString &outcome, Tone tone)
{
    m_transactions->setColumnHidden(TxOutcomeColumn, false);
    for (int r = 0; r < m_transactions->rowCount(); ++r) {
        if (m_transactions->item(r, TxIdColumn)->text() != txId)
            continue;
        QTableWidgetItem *i = item(outcome);
        i->setToolTip(outcome);
        i->setForeground(toneColor(tone));
        m_transactions->setItem(r, TxOutcomeColumn, i);
    }
}

QString RepairPreview::outcomeOf(const QString &txId) const
{
    for (int r = 0; r < m_transactions->rowCount(); ++r) {
        if (m_transactions->item(r, TxIdColumn)->text() == txId) {
            const QTableWidgetItem *i = m_transactions->item(r, TxOutcomeColumn);
            return i ? i->text() : QString();
        }
    }
    return {};
}

QString claimWordsHtml(const QString &text)
{
    // Brackets in the reader's language: "（“…”）" in Chinese.
    return RepairPreview::tr(" (“%1”)", "what a claim said, after who claimed what").arg(text.toHtmlEscaped());
}

QString claimWarningHtml(const RepairPlan &plan, const QString &operatorName)
{
    const QList<OperatorClaim> claims = plan.claimsByOthers(operatorName);
    if (claims.isEmpty())
        return QString();
    QStringList lines;
    for (const OperatorClaim &c : claims.mid(0, 5)) {
        const QString said = c.text.isEmpty() ? QString() : claimWordsHtml(c.text);
        lines << RepairPreview::tr("%1 claimed %2 %3 ago%4")
                     .arg(c.by.toHtmlEscaped(), c.txId, duration::format(c.at.msecsTo(plan.now)), said);
    }
    if (claims.size() > 5)
        lines << RepairPreview::tr("and %n more", nullptr, int(claims.size() - 5));
    return QStringLiteral("%1<br/>%2")
        .arg(toned(Tone::Warn, RepairPreview::tr("Someone else is on this.")), lines.join(QStringLiteral("<br/>")));
}

} // namespace ledger::app
