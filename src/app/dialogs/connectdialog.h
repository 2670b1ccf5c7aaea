#pragma once
// File › Connect to a ledger service…: the server's URL, its CA file (optional: else the
// system's CAs) and the token (a password field, never saved by this dialog). What it gives is
// a ServerLogin and the token typed; MainWindow signs in with them (whoami first).
// Threading: GUI thread.

#include "service/serverlogin.h"

#include <QDialog>

class QLineEdit;
class QLabel;

namespace ledger::app {

class ConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConnectDialog(QWidget *parent = nullptr);

    void setServer(const QString &url);
    void setCaFile(const QString &path);
    // Says why the last attempt failed, above the fields (it stays open for another try).
    void setProblem(const QString &text);

    ServerLogin login() const;
    QByteArray token() const;

    QLineEdit *urlField() const { return m_url; }
    QLineEdit *caField() const { return m_ca; }
    QLineEdit *tokenField() const { return m_token; }

private:
    QLabel *m_problem;
    QLineEdit *m_url;
    QLineEdit *m_ca;
    QLineEdit *m_token;
};

} // namespace ledger::app
