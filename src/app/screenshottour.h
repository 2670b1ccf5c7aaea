#pragma once
// Makes the README's screenshots with the program itself: opens the views and dialogs a new
// operator would look at, waits until each has loaded, and saves PNGs (QWidget::grab) of the
// main window, the detail panel with its timeline (of a claimed transaction when there is one),
// the repair preview, the dashboard, an account's detail and the operator actions. It writes
// nothing to the store.
// Threading: GUI thread only.

#include <QObject>
#include <QString>
#include <functional>

namespace ledger::app {

class MainWindow;

class ScreenshotTour : public QObject {
    Q_OBJECT
public:
    ScreenshotTour(MainWindow *window, const QString &directory);
    // Starts once the store is open; emits finished(ok) when every picture is saved.
    void start();

Q_SIGNALS:
    void finished(bool ok, const QString &message);

private:
    // Runs `next` once the window is quiet (no jobs, no loading) and `ready()` holds.
    void whenQuiet(const std::function<bool()> &ready, const std::function<void()> &next, int waitedMs = 0);
    bool save(QWidget *widget, const QString &name);
    // The main window and the detail panel of the table on screen, then the repair preview.
    void shootTable();
    // The account of the pictured transaction, in the Accounts view.
    void shootAccount();
    void shootActions();
    void finish();
    void fail(const QString &message);

    MainWindow *m_window;
    QString m_directory;
    QStringList m_saved;
    bool m_nothingStuck = false;
    QString m_account;
};

} // namespace ledger::app
