#include "decisiondialog.h"

#include "../widgets/tones.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ledger::app {

DecisionDialog::DecisionDialog(const ApprovalRequest &request, bool approve, int scale, QWidget *parent)
    : QDialog(parent)
    , m_id(request.id)
    , m_approve(approve)
    , m_reason(new QLineEdit(this))
    , m_hint(new QLabel(this))
{
    setWindowTitle(approve ? tr("Approve %1").arg(request.id) : tr("Reject %1").arg(request.id));
    auto *layout = new QVBoxLayout(this);
    auto *what = new QLabel(this);
    what->setWordWrap(true);
    what->setTextFormat(Qt::RichText);
    const QString asked = tr("%1 asked to <b>%2</b> %3 (%4).")
                              .arg(request.requestedBy.toHtmlEscaped(), nameOf(request.action), request.docId.toHtmlEscaped(),
                                   money::format(request.amount, scale));
    what->setText(
        QStringLiteral("<p>%1</p><p>%2</p>")
            .arg(asked, approve ? tr("Approving runs it now, once, under both your names.")
                                : tr("Rejecting means it never runs; %1 reads your reason.").arg(request.requestedBy.toHtmlEscaped())));
    layout->addWidget(what);
    auto *form = new QFormLayout;
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->setPlaceholderText(approve ? tr("optional — kept in the journal with your name") : tr("required — the requester reads it"));
    form->addRow(tr("Reaso&n"), m_reason);
    layout->addLayout(form);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_decide = buttons->addButton(approve ? tr("&Approve") : tr("&Reject"), QDialogButtonBox::AcceptRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &DecisionDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &DecisionDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, &DecisionDialog::validate);
    validate();
}

QString DecisionDialog::reason() const { return m_reason->text().trimmed(); }

QString DecisionDialog::problem() const
{
    if (!m_approve && reason().isEmpty())
        return tr("A rejection needs a reason: the requester reads it.");
    const Error e = checkText(reason(), tr("reason"), kMaxReasonLength, true);
    return e.ok() ? QString() : e.localized();
}

void DecisionDialog::validate()
{
    const QString why = problem();
    m_decide->setEnabled(why.isEmpty());
    m_hint->setText(why);
    setTone(m_hint, why.isEmpty() ? std::nullopt : std::optional<Tone>(Tone::Bad));
}

void DecisionDialog::accept()
{
    if (!problem().isEmpty()) // pressed anyway (Return, a test): nothing is sent
        return;
    QDialog::accept();
}

} // namespace ledger::app
