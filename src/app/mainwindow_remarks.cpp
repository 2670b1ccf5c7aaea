// MainWindow: several operators at once — claiming a transaction ("I'm on it"), releasing the
// claim and adding notes (ledger/remarks.h), each a journal row with the operator's name that
// every console on the store shows at its next refresh, as `ledgerctl claim/release/note`.
#include "jobrunner.h"
#include "mainwindow.h"
#include "pages/accountspage.h"
#include "pages/actionspage.h"
#include "pages/transactionspage.h"
#include "models/transactiontablemodel.h"
#include "operations/claims.h"
#include "widgets/detailpanel.h"

#include <QInputDialog>
#include <QStatusBar>

namespace ledger::app {

void MainWindow::addRemark(const QString &event, const QString &givenText)
{
    if (!hasStore())
        return;
    QStringList ids;
    for (const Transaction &tx : selectedTransactions()) {
        // Only where it means something: claims on unfinished ones, releases where one stands.
        if (event == claimEvent() && isTerminal(tx.state))
            continue;
        if (event == releaseEvent() && !m_transactions->model()->claimOf(tx))
            continue;
        ids << tx.id;
    }
    if (ids.isEmpty() || (event == noteEvent() && ids.size() != 1))
        return;
    QString text = givenText;
    if (event == noteEvent() && text.isEmpty()) {
        bool ok = false;
        text = QInputDialog::getMultiLineText(this, tr("Add note"), tr("Note on %1 (kept in its journal with your name):").arg(ids.first()),
                                              QString(), &ok)
                   .trimmed();
        if (!ok || text.isEmpty())
            return;
    }
    const QString actor = m_settings.operatorName();
    struct Done {
        QStringList written;
        QStringList takenFrom; // "bob" for each claim taken over from someone else
        Error error;           // the first refusal; the ones before it were written
    };
    m_session->jobs()->run<Done>(
        this,
        [ids, event, actor, text](Store &s) {
            Done done;
            for (const QString &id : ids) {
                auto r = addRemarkOn(s, id, event, actor, text);
                if (!r.ok()) {
                    done.error = r.error();
                    break;
                }
                done.written << id;
                if (r->before && r->before->by != actor && event == claimEvent())
                    done.takenFrom << r->before->by;
            }
            return done;
        },
        [this, ids, event](const Done &done) {
            m_transactions->model()->refresh();
            m_transactions->detail()->refresh();
            if (!done.error.ok()) {
                const QString message = done.error.localized();
                showError(tr("Not recorded"), message);
                Q_EMIT remarkAdded(ids, event, false, message);
                return;
            }
            const QString what = done.written.size() == 1 ? done.written.first() : tr("%n transaction(s)", "", int(done.written.size()));
            QString message = event == claimEvent()     ? tr("You are on %1: every console on this store shows it").arg(what)
                : event == releaseEvent()               ? tr("%1 is no longer claimed").arg(what)
                                                        : tr("Noted on %1").arg(what);
            if (!done.takenFrom.isEmpty())
                message += QLatin1Char(' ') + tr("(taken over from %1)").arg(done.takenFrom.join(QStringLiteral(", ")));
            statusBar()->showMessage(message, 10'000);
            Q_EMIT remarkAdded(ids, event, true, message);
        });
}

} // namespace ledger::app
