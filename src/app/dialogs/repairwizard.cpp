#include "repairwizard.h"
#include "widgets/tones.h"

#include "../approvalwords.h"
#include "../consoleoptions.h"
#include "../widgets/repairpreview.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "repairdialog.h"

#include <QButtonGroup>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

namespace ledger::app {

namespace {

QLabel *wrapping(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// What the action does to this transaction, by its state: an applied one is past its commit
// point (resuming can only finish it), a canceling one can only end canceled.
QString consequences(OperatorAction action, TxState state)
{
    switch (action) {
    case OperatorAction::Resume:
        if (state == TxState::Applied)
            return QObject::tr("Takes the transaction over (its owner's next write is refused) and posts what is left of its legs: "
                               "it ends done. It is past its commit point, so it can no longer be canceled; compensate it "
                               "afterwards to undo it.");
        if (state == TxState::Canceling)
            return QObject::tr("Takes the transaction over (its owner's next write is refused) and finishes the cancel: every "
                               "leg is voided, every hold released; it ends canceled and no money moves.");
        return QObject::tr("Takes the transaction over (its owner's next write is refused) and drives it to its end: done if the "
                           "money can move, canceled otherwise.");
    case OperatorAction::Cancel:
        return QObject::tr("Takes it over and cancels it: every leg is voided, every hold is released, no money moves. "
                           "A late hold from its old worker finds the voided leg and does nothing.");
    case OperatorAction::Compensate:
        return QObject::tr("Creates (once) a compensation transfer that moves the money back; the original stays done and "
                           "links to it.");
    }
    return QString();
}

class DiagnosisPage : public QWizardPage {
    Q_OBJECT
public:
    explicit DiagnosisPage(RepairWizard *wizard)
        : m_wizard(wizard)
        , m_text(wrapping(this))
    {
        setTitle(tr("What is wrong"));
        setSubTitle(tr("Diagnosis of %1").arg(wizard->txId()));
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_text);
        layout->addStretch();
    }
    void initializePage() override
    {
        m_text->setText(tr("Looking at the transaction…"));
        const QString id = m_wizard->txId();
        const qint64 threshold = m_wizard->stuckThresholdMs();
        m_wizard->jobs()->run<Result<Diagnosis>>(
            this, [id, threshold](LedgerService &ledger) { return ledger.diagnose(id, threshold); },
            [this](Result<Diagnosis> d) {
                if (!d.ok()) {
                    m_text->setText(tr("<b>Cannot diagnose:</b> %1").arg(d.error().localized().toHtmlEscaped()));
                    return;
                }
                m_wizard->diagnosis = *d;
                const QString verdict = d->stuck                ? toned(Tone::Bad, tr("It is stuck."))
                                      : isTerminal(d->tx.state) ? toned(Tone::Good, tr("It is finished."))
                                                                : tr("<b>It is not stuck (yet).</b>");
                QString claim;
                if (claimWarns(d->claim, m_wizard->operatorName(), d->now))
                    claim =
                        QStringLiteral("<p>%1</p>")
                            .arg(toned(Tone::Warn, tr("%1 claimed it %2 ago%3: speak to them before you repair it.")
                                                       .arg(d->claim->by.toHtmlEscaped(), duration::format(d->claim->at.msecsTo(d->now)),
                                                            d->claim->text.isEmpty() ? QString() : claimWordsHtml(d->claim->text))));
                m_text->setText(QStringLiteral("<p>%1</p>%2<p>%3</p><p>%4</p><p>%5</p>")
                                    .arg(verdict, claim, d->state.toHtmlEscaped(), d->owner.toHtmlEscaped(), d->legsText.toHtmlEscaped()));
                Q_EMIT completeChanged();
                Q_EMIT m_wizard->diagnosed();
            });
    }
    bool isComplete() const override { return m_wizard->diagnosis.has_value(); }

private:
    RepairWizard *m_wizard;
    QLabel *m_text;
};

class ActionPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ActionPage(RepairWizard *wizard)
        : m_wizard(wizard)
        , m_group(new QButtonGroup(this))
        , m_text(wrapping(this))
    {
        setTitle(tr("What to do"));
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_text);
        for (OperatorAction a : {OperatorAction::Resume, OperatorAction::Cancel, OperatorAction::Compensate}) {
            auto *button = new QRadioButton(actionTitle(a), this);
            m_group->addButton(button, int(a));
            layout->addWidget(button);
        }
        m_consequence = wrapping(this);
        layout->addWidget(m_consequence);
        layout->addStretch();
        connect(m_group, &QButtonGroup::idClicked, this, [this](int id) {
            m_wizard->chosen = OperatorAction(id);
            m_consequence->setText(withApprovalNote(OperatorAction(id)));
            Q_EMIT completeChanged();
        });
    }
    void initializePage() override
    {
        const Diagnosis &d = *m_wizard->diagnosis;
        m_text->setText(QStringLiteral("<p>%1</p>").arg(d.recommendation.toHtmlEscaped()));
        m_wizard->chosen.reset();
        for (QAbstractButton *b : m_group->buttons()) {
            const auto action = OperatorAction(m_group->id(b));
            const Error why = checkAction(action, d.tx);
            b->setEnabled(why.ok());
            b->setToolTip(why.ok() ? QString() : why.localized());
            b->setText(actionTitle(action) + (d.recommended == action ? tr(" (recommended)") : QString()));
            if (d.recommended == action) {
                b->setChecked(true);
                m_wizard->chosen = action;
                m_consequence->setText(withApprovalNote(action));
            }
        }
        if (d.allowed.isEmpty())
            m_consequence->setText(tr("No repair applies to this transaction."));
    }
    bool isComplete() const override { return m_wizard->chosen.has_value(); }

private:
    QString withApprovalNote(OperatorAction action) const
    {
        const QString note = m_wizard->approvalNote(action);
        const QString said = consequences(action, m_wizard->diagnosis->tx.state);
        return note.isEmpty() ? said : QStringLiteral("%1<p>%2</p>").arg(said, toned(Tone::Info, note.toHtmlEscaped()));
    }

    RepairWizard *m_wizard;
    QButtonGroup *m_group;
    QLabel *m_text;
    QLabel *m_consequence = nullptr;
};

class PreviewPage : public QWizardPage {
    Q_OBJECT
public:
    explicit PreviewPage(RepairWizard *wizard)
        : m_wizard(wizard)
        , m_preview(new RepairPreview(this))
        , m_plan(wizard->session(), this)
    {
        setTitle(tr("What will change"));
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_preview);
    }
    void initializePage() override
    {
        m_ready = false;
        m_preview->showMessage(tr("Preparing the preview…"));
        const OperatorAction action = *m_wizard->chosen;
        const QString id = m_wizard->txId();
        // Back, another action, Next: only the plan for the action now chosen may show (the
        // job answers only its latest run).
        m_plan.run<RepairPlan>([action, id](LedgerService &ledger) { return ledger.planRepair(action, {id}); },
                               [this](RepairPlan plan) {
                                   if (!m_wizard->chosen || plan.action != *m_wizard->chosen)
                                       return;
                                   m_preview->setPlan(plan, m_wizard->scale());
                                   m_ready = plan.error.ok() && plan.eligibleCount() == 1;
                                   Q_EMIT completeChanged();
                                   Q_EMIT m_wizard->previewed();
                               });
    }
    bool isComplete() const override { return m_ready; }

private:
    RepairWizard *m_wizard;
    RepairPreview *m_preview;
    BackgroundJob m_plan;
    bool m_ready = false;
};

class ConfirmPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ConfirmPage(RepairWizard *wizard)
        : m_wizard(wizard)
        , m_text(wrapping(this))
        , m_reason(new QLineEdit(this))
    {
        setTitle(tr("Confirm"));
        setCommitPage(true); // once repaired there is no going back
        setButtonText(QWizard::CommitButton, tr("&Repair"));
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_text);
        auto *form = new QFormLayout;
        m_reason->setPlaceholderText(tr("why — kept in the journal with your name"));
        m_reason->setAccessibleName(tr("Reason"));
        form->addRow(tr("Reaso&n"), m_reason);
        layout->addLayout(form);
        layout->addStretch();
        connect(m_reason, &QLineEdit::textChanged, this, [this](const QString &text) {
            m_wizard->reason = text.trimmed();
            Q_EMIT completeChanged();
        });
    }
    void initializePage() override
    {
        const QString note = m_wizard->approvalNote(*m_wizard->chosen);
        m_text->setText(tr("<p>You, <b>%1</b>, are about to <b>%2</b> %3.</p><p>%4</p>")
                            .arg(m_wizard->operatorName().toHtmlEscaped(), actionTitle(*m_wizard->chosen).toLower(), m_wizard->txId(),
                                 consequences(*m_wizard->chosen, m_wizard->diagnosis->tx.state))
                        + (note.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(toned(Tone::Info, note.toHtmlEscaped()))));
    }
    bool isComplete() const override { return checkText(m_reason->text(), tr("reason"), kMaxReasonLength, false).ok(); }

private:
    RepairWizard *m_wizard;
    QLabel *m_text;
    QLineEdit *m_reason;
};

class ResultPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ResultPage(RepairWizard *wizard)
        : m_wizard(wizard)
        , m_text(wrapping(this))
        , m_check(wrapping(this))
    {
        setTitle(tr("Result"));
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_text);
        layout->addWidget(m_check);
        layout->addStretch();
    }
    void initializePage() override
    {
        m_text->setText(tr("Repairing…"));
        BatchRepairOptions options;
        options.action = *m_wizard->chosen;
        options.reason = m_wizard->reason;
        const QString id = m_wizard->txId();
        m_wizard->repairing = true;
        m_wizard->jobs()->run<BatchRepairReport>(
            this, [id, options](LedgerService &ledger) { return ledger.repairMany({id}, options); },
            [this](BatchRepairReport report) { showOutcome(report); });
    }
    bool isComplete() const override { return m_wizard->verification.has_value(); }

private:
    void showOutcome(const BatchRepairReport &report)
    {
        if (!report.error.ok() || report.items.isEmpty()) {
            m_text->setText(QStringLiteral("<p>%1 %2</p>")
                                .arg(toned(Tone::Bad, tr("The repair could not run:")), report.error.localized().toHtmlEscaped()));
            m_wizard->verification = Verification{report.error, false, report.error.localized()};
            m_wizard->repairing = false;
            Q_EMIT completeChanged();
            return;
        }
        const TxOutcome &o = report.items.first().outcome;
        m_wizard->outcome = o;
        if (const auto held = heldBackId(o)) {
            // Held back by the service's rules: a request another person decides. Nothing ran, so
            // there is nothing to check: said as information, and the wizard is done.
            m_text->setText(QStringLiteral("<p>%1</p>").arg(toned(Tone::Info, heldBackText(*held).toHtmlEscaped())));
            m_wizard->verification = Verification{Error{}, true, heldBackText(*held)};
            m_wizard->repairing = false;
            Q_EMIT m_wizard->repaired();
            Q_EMIT completeChanged();
            Q_EMIT m_wizard->verified();
            return;
        }
        if (const Error unfinished = notFinished(o); !unfinished.ok()) // someone else still drives it
            m_text->setText(
                QStringLiteral("<p>%1 %2</p>").arg(toned(Tone::Warn, tr("Not finished.")), unfinished.localized().toHtmlEscaped()));
        else if (o.ok())
            m_text->setText(QStringLiteral("<p>%1 %2</p>")
                                .arg(toned(Tone::Good, tr("Done.")),
                                     tr("%1 is now <b>%2</b>.%3")
                                         .arg(o.tx->id, nameOf(o.tx->state),
                                              o.note.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(o.note.toHtmlEscaped()))));
        else
            m_text->setText(
                QStringLiteral("<p>%1: %2</p>").arg(toned(Tone::Bad, codeWord(o.error.code)), o.error.localized().toHtmlEscaped()));
        Q_EMIT m_wizard->repaired();
        // Check the transaction the repair ended with (for a compensation: the new transfer).
        const QString checked = o.tx ? o.tx->id : m_wizard->txId();
        m_check->setText(tr("Checking %1…").arg(checked));
        m_wizard->jobs()->run<Verification>(
            this, [checked](LedgerService &ledger) { return ledger.verifyFinished(checked); },
            [this](Verification v) {
                m_wizard->verification = v;
                m_wizard->repairing = false;
                m_check->setText(
                    v.ok ? QStringLiteral("<p>✔ %1 %2</p>").arg(toned(Tone::Good, tr("Verified:")), v.message.toHtmlEscaped())
                         : QStringLiteral("<p>✘ %1 %2</p>").arg(toned(Tone::Bad, tr("Not finished:")), v.message.toHtmlEscaped()));
                Q_EMIT completeChanged();
                Q_EMIT m_wizard->verified();
            });
    }

    RepairWizard *m_wizard;
    QLabel *m_text;
    QLabel *m_check;
};

} // namespace

QString RepairWizard::approvalNote(OperatorAction action) const
{
    const std::optional<ApprovalRules> &rules = m_session->approvalRules();
    if (!rules || !diagnosis)
        return {};
    const QString rule = repairHeldBy(*rules, action, diagnosis->tx.state, diagnosis->tx.amount, m_scale);
    return rule.isEmpty() ? QString() : waitsForApproval(rule);
}

void RepairWizard::reject()
{
    if (repairing)
        return; // the result and its check are on their way; closing now would lose them
    QWizard::reject();
}

RepairWizard::RepairWizard(StoreSession *session, const QString &operatorName, qint64 stuckThresholdMs, const QString &txId,
                           QWidget *parent)
    : QWizard(parent)
    , m_session(session)
    , m_jobs(session->jobs())
    , m_scale(session->scale())
    , m_operator(operatorName)
    , m_threshold(stuckThresholdMs)
    , m_txId(txId)
{
    setWindowTitle(tr("Guided repair of %1").arg(txId));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnLastPage);
    // Once repaired there is nothing to cancel: the result page offers Finish alone.
    setOption(QWizard::NoCancelButtonOnLastPage);
    resize(760, 560);
    setPage(DiagnosisPageId, new DiagnosisPage(this));
    setPage(ActionPageId, new ActionPage(this));
    setPage(PreviewPageId, new PreviewPage(this));
    setPage(ConfirmPageId, new ConfirmPage(this));
    setPage(ResultPageId, new ResultPage(this));
}

} // namespace ledger::app

#include "repairwizard.moc"
