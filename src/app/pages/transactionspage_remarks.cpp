// TransactionsPage: several operators at once — claiming a transaction ("I'm on it"), releasing
// the claim and adding notes (ledger/remarks.h), each a journal row with the operator's name that
// every console on the store shows at its next refresh, as `ledgerctl claim/release/note`.
#include "transactionspage.h"

#include "../dialogs/notedialog.h"
#include "../errorbox.h"
#include "../jobrunner.h"
#include "../models/transactiontablemodel.h"
#include "../settings.h"
#include "../storesession.h"
#include "../widgets/detailpanel.h"
#include "operations/claims.h"

#include "ledger/duration.h"

#include <QMessageBox>
#include <QPushButton>

namespace ledger::app {

void TransactionsPage::addRemark(Remark event, const QString &givenText)
{
    if (!m_session->isOpen())
        return;
    // Rows reloading after a change still count as selected (selectedTransactions): a note typed
    // during a refresh is not dropped.
    const QList<Transaction> selected = selectedTransactions();
    QAction *asked = event == Remark::Claim ? m_actions->claim : event == Remark::Release ? m_actions->release : m_actions->addNote;
    if (!acceptsSelection(asked, selected.size(), event == Remark::Note))
        return;
    QStringList ids;
    QStringList othersClaims; // "bob's claim on tx-… (12m 5s ago: “checking”)"
    const QString me = m_session->operatorName();
    for (const Transaction &tx : selected) {
        // Only where it means something: claims on unfinished ones, releases where one stands.
        if (event == Remark::Claim && isTerminal(tx.state))
            continue;
        const auto claim = m_model->claimOf(tx);
        if (event == Remark::Release && !claim)
            continue;
        if (event == Remark::Release && claim->by != me) {
            const QString age = duration::format(claim->at.msecsTo(QDateTime::currentDateTimeUtc()));
            othersClaims << (claim->text.isEmpty() ? tr("%1's claim on %2 (%3 ago)").arg(claim->by, tx.id, age)
                                                   : tr("%1's claim on %2 (%3 ago: “%4”)").arg(claim->by, tx.id, age, claim->text));
        }
        ids << tx.id;
    }
    if (ids.isEmpty() || (event == Remark::Note && ids.size() != 1))
        return;
    if (event == Remark::Note && givenText.isEmpty()) {
        askNote(ids.first(), QString(), Error{});
        return;
    }
    if (!othersClaims.isEmpty()) {
        // Someone else said they are on it: their claim goes only when the operator says so,
        // knowing whose it is, how old and what it says.
        auto *box = new QMessageBox(
            QMessageBox::Question, tr("Release someone else's claim?"),
            tr("Release %1?\n\nThey will no longer be shown as on it in any console.").arg(othersClaims.join(QStringLiteral(";\n"))),
            QMessageBox::Cancel, this);
        box->setObjectName(QStringLiteral("releaseClaimBox"));
        box->setWindowModality(Qt::WindowModal);
        box->setAttribute(Qt::WA_DeleteOnClose);
        QPushButton *release = box->addButton(tr("&Release"), QMessageBox::AcceptRole);
        box->setDefaultButton(QMessageBox::Cancel);
        connect(box, &QMessageBox::buttonClicked, this, [this, release, ids, event, givenText](QAbstractButton *clicked) {
            if (clicked == release)
                writeRemarks(ids, event, givenText);
        });
        box->open();
        return;
    }
    writeRemarks(ids, event, givenText);
}

void TransactionsPage::askNote(const QString &txId, const QString &text, const Error &problem)
{
    // One line (a note is one line in the journal, as `ledgerctl note` takes it): Return adds
    // it, and a note refused keeps its text, with why, for another try.
    auto *dialog = new NoteDialog(txId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setText(text);
    if (!problem.ok())
        dialog->setRefusal(problem);
    connect(dialog, &NoteDialog::noteChosen, this, [this, txId](const QString &note) { writeRemarks({txId}, Remark::Note, note); });
    dialog->open();
}

void TransactionsPage::writeRemarks(const QStringList &ids, Remark event, const QString &text)
{
    if (!m_session->isOpen())
        return; // closed while the note or the question about someone's claim was up
    const QString actor = m_session->operatorName();
    struct Done {
        QStringList written;
        QStringList takenFrom; // "bob" for each claim taken over from someone else
        Error error;           // the first refusal; the ones before it were written
    };
    m_session->jobs()->run<Done>(
        this,
        [ids, event, actor, text](LedgerService &ledger) {
            Done done;
            for (const QString &id : ids) {
                auto r = ledger.remark(id, event, text);
                if (!r.ok()) {
                    done.error = r.error();
                    break;
                }
                done.written << id;
                if (r->before && r->before->by != actor && event == Remark::Claim)
                    done.takenFrom << r->before->by;
            }
            return done;
        },
        [this, ids, event, text](const Done &done) {
            m_model->refresh();
            m_detail->refresh();
            if (!done.error.ok()) {
                const QString message = done.error.localized();
                if (event == Remark::Note)
                    askNote(ids.first(), text, done.error); // the text stays, with why
                else
                    showErrorBox(this, tr("Not recorded"), message);
                Q_EMIT remarkAdded(ids, event, false, message);
                return;
            }
            const QString what = done.written.size() == 1 ? done.written.first() : tr("%n transaction(s)", "", int(done.written.size()));
            QString message = event == Remark::Claim   ? tr("You are on %1: every console on this store shows it").arg(what)
                            : event == Remark::Release ? tr("%1 is no longer claimed").arg(what)
                                                       : tr("Noted on %1").arg(what);
            if (!done.takenFrom.isEmpty())
                message += QLatin1Char(' ') + tr("(taken over from %1)").arg(done.takenFrom.join(QStringLiteral(", ")));
            Q_EMIT this->message(message, 10'000);
            Q_EMIT remarkAdded(ids, event, true, message);
        });
}

} // namespace ledger::app
