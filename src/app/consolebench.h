#pragma once
// `ledgerdesk --bench-console STORE`: the console measures itself for `ledgerctl bench console`.
// It drives the real main window (offscreen) the way an operator would — open the store on the
// transaction list, jump to the last row, switch to one state, sort by age — times each step until
// the rows are on screen, and prints one JSON object with the timings and its own peak RSS.
// Threading: GUI thread only.

#include <QElapsedTimer>
#include <QJsonArray>
#include <QObject>
#include <functional>

namespace ledger::app {

class MainWindow;

class ConsoleBench : public QObject {
    Q_OBJECT
public:
    ConsoleBench(MainWindow *window, const QString &storePath);
    // Opens the store and runs the steps; emits finished with the JSON report (or an error).
    void start();

Q_SIGNALS:
    void finished(bool ok, const QByteArray &report);

private:
    // Times `act` until `ready` holds, then records it under `what` and runs `next`.
    void step(const QString &what, qint64 budgetMs, const std::function<void()> &act, const std::function<bool()> &ready,
              const std::function<void()> &next);
    void poll(const QString &what, qint64 budgetMs, const std::function<bool()> &ready, const std::function<void()> &next);
    bool listShown() const;
    void fail(const QString &message);
    void report();

    MainWindow *m_window;
    QString m_path;
    QElapsedTimer m_timer;
    QJsonArray m_timings;
};

// Peak resident set size of this process in MB (getrusage).
double peakRssMb();

} // namespace ledger::app
