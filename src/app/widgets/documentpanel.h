#pragma once
// What the transaction and account panels share (and their pop-out windows): one document,
// named by its id, loaded in the background whenever it is asked for or the store changes, shown
// as HTML whose ages tick on between loads (by the store's clock as of the load plus the time
// since), links that say which document they name, and a message when there is nothing to show.
// The load is a BackgroundJob: a newer id, or the store closing, drops an older answer.
// A panel made a window of its own (makeWindow) closes with Ctrl+W or Escape. No line of it ends
// inside an id, an amount, a time or an account's name (widgets/textfit.h): a panel too narrow
// for one scrolls sideways.
//
// Threading: GUI thread only.

#include "../backgroundjob.h"
#include "timestyle.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QTextBrowser;

namespace ledger::app {

class DocumentPanel : public QWidget {
    Q_OBJECT
public:
    // `emptyText`: what the panel says while no document is chosen.
    DocumentPanel(StoreSession *session, const QString &accessibleName, const QString &emptyText, QWidget *parent = nullptr);

    // Shows the document `id` ("" for none), loading it in the background.
    void showDocument(const QString &id);
    // Reads what is shown again (the store changed).
    void refresh();
    const QString &documentId() const { return m_id; }
    // What is shown, as HTML, as written: without the word joiners and no-break spaces that keep
    // its tokens whole.
    QString shownHtml() const;
    // The narrowest the panel can be with no line ending inside an id, an amount or a time (and
    // no scroll bar across): its widest token, or table of them, and its margins.
    int minimumTextWidth() const;
    // Local time or UTC (View ▸ Times in UTC); shows what is there again in it.
    void setTimeStyle(TimeStyle style);
    // A window of its own beside the main window, closed by Ctrl+W or Escape.
    void makeWindow(const QString &title);

Q_SIGNALS:
    void transactionLinkActivated(const QString &txId);
    void accountLinkActivated(const QString &accountId);
    void loaded();

protected:
    // Reads document `id` with `job`, then calls loadedOk() or loadFailed() (subclasses).
    virtual void load(BackgroundJob &job, const QString &id) = 0;
    // The HTML of what was loaded, `sinceLoadMs` after the load; "" when nothing is loaded.
    virtual QString html(qint64 sinceLoadMs) const = 0;
    // Forgets what was loaded.
    virtual void forget() = 0;
    void loadedOk();
    void loadFailed(const QString &message);
    int scale() const;
    TimeStyle timeStyle() const { return m_times; }

private:
    void showMessage(const QString &text);
    void render();

    StoreSession *m_session;
    BackgroundJob m_load;
    QString m_emptyText;
    QString m_id;
    bool m_shown = false; // a document is rendered (not a message)
    TimeStyle m_times = TimeStyle::Local;
    QTextBrowser *m_browser;
    QElapsedTimer m_sinceLoad;
    QTimer m_tick;
};

} // namespace ledger::app
