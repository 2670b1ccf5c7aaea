#include "connectdialog.h"

#include "filedialogs.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ledger::app {

ConnectDialog::ConnectDialog(QWidget *parent)
    : QDialog(parent)
    , m_problem(new QLabel(this))
    , m_url(new QLineEdit(this))
    , m_ca(new QLineEdit(this))
    , m_token(new QLineEdit(this))
{
    setWindowTitle(tr("Connect to a ledger service"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();
    m_url->setPlaceholderText(QStringLiteral("https://ledger.example:8443"));
    m_ca->setPlaceholderText(tr("the system's CAs"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("from --token-file, LEDGERDESK_TOKEN or the keyring when left empty"));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = askOpenFileName(this, tr("The CA that signed the server's certificate"), m_ca->text(),
                                             tr("PEM certificates (*.pem *.crt);;All files (*)"));
        if (!path.isEmpty())
            m_ca->setText(path);
    });
    auto *caRow = new QHBoxLayout;
    caRow->addWidget(m_ca, 1);
    caRow->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(tr("&Server URL:"), m_url);
    auto *caLabel = new QLabel(tr("&CA file:"), this); // a row of a layout: its label needs the field as buddy
    caLabel->setBuddy(m_ca);
    form->addRow(caLabel, caRow);
    form->addRow(tr("&Token:"), m_token);
    auto *explain = new QLabel(
        tr("The console reads and writes through ledgerd, as the token's holder: the journal names you as the "
           "server knows you, and your role decides what you may do. The token is kept in your desktop's keyring, under the server's URL."),
        this);
    explain->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *connectButton = buttons->addButton(tr("C&onnect"), QDialogButtonBox::AcceptRole);
    connectButton->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_problem);
    layout->addLayout(form);
    layout->addWidget(explain);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

void ConnectDialog::setServer(const QString &url) { m_url->setText(url); }

void ConnectDialog::setCaFile(const QString &path) { m_ca->setText(path); }

void ConnectDialog::setProblem(const QString &text)
{
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
    resize(width(), qMax(height(), sizeHint().height())); // the words above the fields are never squeezed
}

ServerLogin ConnectDialog::login() const { return ServerLogin{m_url->text().trimmed(), QString(), m_ca->text().trimmed()}; }

QByteArray ConnectDialog::token() const { return m_token->text().trimmed().toUtf8(); }

} // namespace ledger::app
