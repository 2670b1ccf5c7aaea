#include "approvalspage.h"

#include "../dialogs/decisiondialog.h"
#include "../models/approvaltablemodel.h"
#include "../widgets/approvalhtml.h"
#include "../widgets/elidingdelegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ledger::app {

namespace {

// What a listing read: the requests, and the time they were read at.
struct ApprovalsRead {
    Result<QList<ApprovalRequest>> requests = QList<ApprovalRequest>();
    QDateTime now;
    Error error; // the ledger could not even be reached (JobRunner's failedWith)
};

} // namespace

ApprovalsPage::ApprovalsPage(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new ApprovalTableModel(this))
    , m_listJob(session, this)
    , m_countJob(session, this)
    , m_decideJob(session, this)
    , m_states(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_table(new QTableView(this))
    , m_detail(new QTextBrowser(this))
    , m_approve(new QPushButton(tr("&Approve…"), this))
    , m_reject(new QPushButton(tr("Re&ject…"), this))
    , m_message(new QLabel(this))
{
    // Counts come in faster than they cost on a busy ledger: one at a time, the latest asked next.
    m_countJob.setCoalescing(true);
    m_listJob.setCoalescing(true);
    m_states->setAccessibleName(tr("Which requests"));
    m_states->addItem(tr("Pending"), true);
    m_states->addItem(tr("All"), false);
    auto *tools = new QHBoxLayout;
    tools->addWidget(m_states);
    tools->addWidget(m_summary, 1);

    m_table->setModel(m_model);
    m_table->setItemDelegate(new ElidingDelegate(0, m_table)); // cut between words, never in an amount or an id
    m_table->setAccessibleName(tr("Approval requests"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    const QFontMetrics metrics = m_table->fontMetrics();
    const int pad = 2 * metrics.averageCharWidth();
    const QList<std::pair<int, QString>> widest{
        {ApprovalTableModel::IdColumn, QStringLiteral("apr-0123456789abcdef0123456789abcdef")}, // ids whole
        {ApprovalTableModel::StateColumn, QStringLiteral("pending (expired)")},
        {ApprovalTableModel::ActionColumn, QStringLiteral("compensate")},
        {ApprovalTableModel::DocumentColumn, QStringLiteral("tx-01M8HYX5XSGSGG9NBX2BJ688FR")},
        {ApprovalTableModel::AmountColumn, QStringLiteral("2985859.63")},
        {ApprovalTableModel::RequestedByColumn, QStringLiteral("night-operator")},
        {ApprovalTableModel::RequestedAtColumn, QStringLiteral("2026-11-28 20:29:46 UTC")},
        {ApprovalTableModel::ExpiresColumn, QStringLiteral("2026-11-28 20:29:46 UTC")}};
    for (const auto &[column, text] : widest)
        m_table->setColumnWidth(column, metrics.horizontalAdvance(text) + pad);

    m_detail->setOpenLinks(false);
    m_detail->setAccessibleName(tr("Approval request"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::RichText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setAccessibleName(tr("Decision"));
    auto *detailHost = new QWidget(this);
    auto *detailLayout = new QVBoxLayout(detailHost);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_detail, 1);
    detailLayout->addWidget(m_message);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_approve);
    buttons->addWidget(m_reject);
    detailLayout->addLayout(buttons);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(detailHost);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(tools);
    layout->addWidget(m_splitter, 1);
    setTabOrder(m_states, m_table);
    setTabOrder(m_table, m_detail);
    setTabOrder(m_detail, m_approve);
    setTabOrder(m_approve, m_reject);

    connect(m_states, &QComboBox::currentIndexChanged, this, [this] {
        m_current.clear(); // a new question: nothing it does not show stays selected
        m_model->clear();
        showCurrent();
        refresh();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        const QString id = rows.isEmpty() ? QString() : rows.first().data(ApprovalTableModel::IdRole).toString();
        if (id != m_current)
            m_message->clear(); // what was said of a decision is about the request it was on
        m_current = id;
        showCurrent();
    });
    connect(m_approve, &QPushButton::clicked, this, [this] { openDecision(true); });
    connect(m_reject, &QPushButton::clicked, this, [this] { openDecision(false); });
    connect(m_detail, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("tx"))
            Q_EMIT transactionLinkActivated(url.path());
    });
    connect(session, &StoreSession::closing, this, &ApprovalsPage::clear);
    connect(session, &StoreSession::approvalRulesRead, this, &ApprovalsPage::updateButtons);
    showCurrent();
}

void ApprovalsPage::clear()
{
    m_current.clear();
    m_model->clear();
    m_message->clear();
    m_summary->clear();
    showCurrent();
}

bool ApprovalsPage::isBusy() const { return m_listJob.isRunning() || m_countJob.isRunning() || m_decideJob.isRunning(); }

void ApprovalsPage::refresh()
{
    ApprovalListing listing;
    if (m_states->currentData().toBool())
        listing.states = {ApprovalState::Pending};
    listing.limit = kListingLimit;
    const int scale = m_session->scale();
    m_listJob.run<ApprovalsRead>(
        [listing](LedgerService &ledger) {
            // The console's clock says which pending requests are past their expiry: the service
            // decides at the decision (it marks them expired then), this only greys the buttons.
            return ApprovalsRead{ledger.approvals(listing), QDateTime::currentDateTimeUtc(), Error{}};
        },
        [this, scale](ApprovalsRead read) {
            if (!read.error.ok())
                read.requests = read.error;
            if (!read.requests.ok()) {
                m_summary->setText(tr("Cannot list approval requests: %1").arg(read.requests.error().localized()));
                m_model->clear();
                showCurrent();
                Q_EMIT loaded();
                return;
            }
            const QString keep = m_current;
            m_model->setRequests(*read.requests, read.now, scale);
            const int n = int(read.requests->size());
            m_summary->setText(n >= kListingLimit ? tr("the newest %1 requests").arg(kListingLimit) : tr("%n request(s)", "", n));
            // A model reset empties the selection: the request that was selected is selected
            // again while it is listed, else the detail goes with it.
            if (!m_wanted.isEmpty() && selectRequest(m_wanted))
                m_wanted.clear(); // the request just made, listed at last
            else if (keep.isEmpty() || !selectRequest(keep)) {
                m_current.clear(); // what was said of a decision stays: it is why the row left
                showCurrent();
            }
            Q_EMIT loaded();
        });
}

void ApprovalsPage::refreshCount()
{
    ApprovalListing listing;
    listing.states = {ApprovalState::Pending};
    listing.limit = kListingLimit;
    m_countJob.run<Result<QList<ApprovalRequest>>>([listing](LedgerService &ledger) { return ledger.approvals(listing); },
                                                   [this](Result<QList<ApprovalRequest>> pending) {
                                                       if (!pending.ok())
                                                           return; // a store that keeps none: no count to show
                                                       const qint64 n = pending->size();
                                                       const bool full = n >= kListingLimit;
                                                       Q_EMIT counted(Tally{n, !full, full});
                                                   });
}

void ApprovalsPage::setTimeStyle(TimeStyle style)
{
    m_timeStyle = style;
    m_model->setTimeStyle(style);
    showCurrent();
}

bool ApprovalsPage::selectRequest(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_table->selectRow(row);
    m_table->scrollTo(m_model->index(row, 0));
    m_current = id;
    showCurrent();
    return true;
}

void ApprovalsPage::showCurrent()
{
    const auto request = m_current.isEmpty() ? std::nullopt : m_model->request(m_current);
    if (!request) {
        m_detail->setHtml(QStringLiteral("<p>%1</p>").arg(toned(Tone::Muted, tr("Select a request to see it whole."), false)));
    } else {
        m_detail->setHtml(approvalHtml(*request, m_model->now(), m_session->scale(), m_timeStyle));
    }
    updateButtons();
}

QString ApprovalsPage::detailText() const { return m_detail->toPlainText(); }

QString ApprovalsPage::messageText() const { return m_message->text(); }

QString ApprovalsPage::cannotDecide() const
{
    const auto request = m_current.isEmpty() ? std::nullopt : m_model->request(m_current);
    if (!request)
        return tr("Select a request first");
    if (!m_session->signedIn())
        return tr("Requests are decided through ledgerd, where the server vouches for who decides: connect to it (File › Connect)");
    if (m_decideJob.isRunning())
        return tr("A decision is on its way");
    if (request->state != ApprovalState::Pending)
        return tr("Already %1: only a pending request is decided").arg(nameOf(request->state));
    if (request->expiredAt(m_model->now()))
        return tr("It expired at %1: it never runs; ask again if it is still needed").arg(shownTime(request->expiresAt, m_timeStyle));
    if (request->requestedBy == m_session->operatorName())
        return tr("You asked for it: a second person decides it (four eyes)");
    if (!m_session->approvalRules())
        return tr("The service's approval rules have not been read yet");
    if (!m_session->mayDecideApprovals())
        return m_session->approvalRules()->approvers == Approvers::ApproverRole
                 ? tr("Only the role approver may decide (yours is %1)").arg(nameOf(m_session->role()))
                 : tr("Only an operator may decide (yours is %1)").arg(nameOf(m_session->role()));
    return {};
}

void ApprovalsPage::updateButtons()
{
    const QString why = cannotDecide();
    for (QPushButton *b : {m_approve, m_reject}) {
        b->setEnabled(why.isEmpty());
        b->setToolTip(why.isEmpty() ? QString() : why);
    }
}

DecisionDialog *ApprovalsPage::openDecision(bool approve)
{
    if (!cannotDecide().isEmpty())
        return nullptr;
    const auto request = m_model->request(m_current);
    auto *dialog = new DecisionDialog(*request, approve, m_session->scale(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { decide(dialog->requestId(), dialog->approves(), dialog->reason()); });
    dialog->open();
    return dialog;
}

void ApprovalsPage::say(const QString &html, std::optional<Tone> tone)
{
    m_message->setText(html);
    setTone(m_message, tone);
}

void ApprovalsPage::decide(const QString &id, bool approve, const QString &reason)
{
    say(approve ? tr("Approving %1…").arg(id) : tr("Rejecting %1…").arg(id), std::nullopt);
    m_decideJob.run<Result<ApprovalDecision>>(
        [id, approve, reason](LedgerService &ledger) { return ledger.decideApproval(id, approve, reason); },
        [this](Result<ApprovalDecision> answer) {
            if (!answer.ok()) {
                // In the console's words for a refusal: the code word, then what it means here.
                const QString text = QStringLiteral("%1: %2").arg(codeWord(answer.error().code), answer.error().localized());
                say(QStringLiteral("<b>%1</b>: %2")
                        .arg(codeWord(answer.error().code).toHtmlEscaped(), answer.error().localized().toHtmlEscaped()),
                    Tone::Bad);
                updateButtons();
                refresh(); // someone else's decision, an expiry: the listing says what it is now
                refreshCount();
                Q_EMIT decided(false, text);
                return;
            }
            const ApprovalRequest &r = answer->request;
            const QString text = tr("%1 is %2").arg(r.id, nameOf(r.state));
            say(text.toHtmlEscaped(), r.state == ApprovalState::Done || r.state == ApprovalState::Rejected ? Tone::Good
                                      : r.state == ApprovalState::Failed                                   ? Tone::Bad
                                                                                                           : Tone::Warn);
            refresh();
            refreshCount();
            Q_EMIT decided(true, text);
        });
    updateButtons();
}

} // namespace ledger::app
