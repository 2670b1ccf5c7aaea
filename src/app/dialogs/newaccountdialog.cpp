#include "newaccountdialog.h"

#include "../consoleoptions.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "protocol/coordinator.h"
#include "widgets/tones.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace ledger::app {

NewAccountDialog::NewAccountDialog(StoreSession *session, QWidget *parent)
    : QDialog(parent)
    , m_jobs(session->jobs())
    , m_scale(session->scale())
    , m_id(new QLineEdit(this))
    , m_name(new QLineEdit(this))
    , m_balance(new QLineEdit(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("New account"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_id->setPlaceholderText(tr("letters, digits, . _ - (it never changes)"));
    m_id->setAccessibleName(tr("Account id"));
    m_name->setPlaceholderText(tr("what operators read, e.g. Acme Corporation"));
    m_name->setAccessibleName(tr("Account name"));
    m_balance->setPlaceholderText(money::format(0, m_scale));
    m_balance->setAccessibleName(tr("Opening balance"));
    m_balance->setToolTip(tr("Moved in from @world by a transfer of its own; 0 or empty: none"));
    // Wide enough for what the placeholders say, and the dialog grows with its error rather than
    // squashing the fields (a word-wrapped label asks for height only once it has a width).
    for (QLineEdit *edit : {m_id, m_name})
        edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(edit->placeholderText()) + 2 * edit->fontMetrics().averageCharWidth()
                              + 16);
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("&Id"), m_id);
    form->addRow(tr("N&ame"), m_name);
    form->addRow(tr("&Opening balance"), m_balance);
    layout->addLayout(form);
    m_error->setWordWrap(true);
    m_error->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::MinimumExpanding);
    setTone(m_error, Tone::Bad);
    layout->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_create = buttons->addButton(tr("&Create"), QDialogButtonBox::AcceptRole);
    layout->addWidget(buttons);
    connect(m_create, &QPushButton::clicked, this, &NewAccountDialog::create);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *edit : {m_id, m_name, m_balance})
        connect(edit, &QLineEdit::textChanged, this, &NewAccountDialog::update);
    update();
}

namespace {
// Empty, "0" or "0.00" (the placeholder): no opening balance, not an amount to refuse.
bool noOpening(const QString &text)
{
    static const QRegularExpression zero(QStringLiteral("^0*(\\.0*)?$"));
    return zero.match(text.trimmed()).hasMatch();
}
} // namespace

Error NewAccountDialog::problem() const
{
    const QString id = m_id->text().trimmed();
    if (id.isEmpty())
        return makeError(ErrorCode::InvalidAccountId, Message::translate("ledger", "an account needs an id"));
    if (Error e = checkAccountId(id); !e.ok())
        return e;
    if (Error e = checkText(m_name->text(), QT_TRANSLATE_NOOP("ledger", "name"), kMaxNameLength, true); !e.ok())
        return e;
    const QString balance = m_balance->text().trimmed();
    if (!noOpening(balance)) {
        auto amount = money::parse(balance, m_scale);
        if (!amount.ok())
            return amount.error();
    }
    return {};
}

void NewAccountDialog::update()
{
    // Say what is wrong once something was typed; an empty dialog is not an error.
    const Error e = problem();
    const bool typed = !m_id->text().isEmpty() || !m_name->text().isEmpty() || !m_balance->text().isEmpty();
    m_error->setText(e.ok() || !typed ? QString() : QStringLiteral("%1: %2").arg(codeWord(e.code), e.localized()));
    m_create->setEnabled(e.ok() && !m_running);
}

void NewAccountDialog::create()
{
    if (!problem().ok() || m_running)
        return;
    const QString id = m_id->text().trimmed();
    const QString name = m_name->text().trimmed();
    const QString balance = m_balance->text().trimmed();
    const qint64 opening = noOpening(balance) ? 0 : *money::parse(balance, m_scale);
    m_running = true;
    update();
    m_jobs->run<Error>(
        this, [id, name, opening](LedgerService &ledger) { return ledger.createAccount(id, name, opening).opening.error; },
        [this, id](const Error &e) {
            m_running = false;
            if (!e.ok()) {
                m_error->setText(QStringLiteral("%1: %2").arg(codeWord(e.code), e.localized()));
                m_create->setEnabled(true);
                return;
            }
            Q_EMIT created(id);
            accept();
        });
}

} // namespace ledger::app
