#pragma once
// `ledgerdesk --bench-console STORE`: the console measures itself for `ledgerctl bench console`.
// STORE may be a ledger service's URL (`--bench-console http://127.0.0.1:8080`, its token from
// --token-file or $LEDGERDESK_TOKEN): the same steps through ledgerd, against budgets of their own.
// It drives the real main window (offscreen) the way an operator would — open the store on the
// transaction list, jump to the last row, jump to the middle and scroll 50 pages of the model on
// from there, switch to one state, sort by age, by state and by id, jumping to the middle in the
// last two — times each step until the rows are on screen, and prints one JSON object with the
// timings (the 50 pages as their median and their slowest) and its own peak RSS.
// Threading: GUI thread only.

#include "service/serverlogin.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QObject>
#include <functional>
#include <vector>

namespace ledger::app {

class MainWindow;

class ConsoleBench : public QObject {
    Q_OBJECT
public:
    ConsoleBench(MainWindow *window, const QString &storePath, const ServerLogin &login = {});
    // Opens the store and runs the steps; emits finished with the JSON report (or an error).
    void start();

Q_SIGNALS:
    void finished(bool ok, const QByteArray &report);

private:
    // One thing the operator does: `act`, timed until `ready` holds (each 1 ms).
    struct Step {
        QString what;
        qint64 budgetMs; // -1: none
        std::function<void()> act;
        std::function<bool()> ready;
        QString group = {}; // steps of one group are reported together: median and slowest
    };

    void runStep(int index);
    void poll(int index);
    bool listShown() const;
    void endGroup();
    void fail(const QString &message);
    void report();

    MainWindow *m_window;
    QString m_path;
    ServerLogin m_login; // with a URL: how to sign in (the token file, the CA)
    QElapsedTimer m_timer;
    QJsonArray m_timings;
    QString m_groupWhat;         // the group being timed, reported when it ends
    qint64 m_groupBudgetMs = -1; // for its slowest step
    std::vector<double> m_groupMs;
    std::vector<Step> m_steps;
};

// Peak resident set size of this process in MB (getrusage).
double peakRssMb();

} // namespace ledger::app
