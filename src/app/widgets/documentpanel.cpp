#include "documentpanel.h"
#include "textfit.h"
#include "tones.h"

#include <QKeySequence>
#include <QMimeData>
#include <QScrollBar>
#include <QShortcut>
#include <QTextBrowser>
#include <QTextDocument>

#include <cmath>
#include <memory>
#include <QVBoxLayout>

namespace ledger::app {

namespace {
// The panel's browser: what is copied from it is the text shown, without the word joiners that
// keep its tokens whole (an id pasted into ledgerctl must be the id).
class PanelBrowser : public QTextBrowser {
public:
    using QTextBrowser::QTextBrowser;

protected:
    QMimeData *createMimeDataFromSelection() const override
    {
        QMimeData *data = QTextBrowser::createMimeDataFromSelection();
        for (const QString &format : data->formats()) {
            if (format.startsWith(QLatin1String("text/")))
                data->setData(format, QString::fromUtf8(data->data(format))
                                          .remove(textfit::kWordJoiner)
                                          .replace(QChar(QChar::Nbsp), QLatin1Char(' '))
                                          .toUtf8());
        }
        return data;
    }
};
} // namespace

DocumentPanel::DocumentPanel(StoreSession *session, const QString &accessibleName, const QString &emptyText, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_load(session, this)
    , m_emptyText(emptyText)
    , m_browser(new PanelBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    m_browser->setOpenLinks(false);
    m_browser->setWordWrapMode(QTextOption::WordWrap); // between words only: a token too wide scrolls
    m_browser->setAccessibleName(accessibleName);
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString link = url.toString();
        if (link.startsWith(QLatin1String("tx:")))
            Q_EMIT transactionLinkActivated(link.mid(3));
        else if (link.startsWith(QLatin1String("account:")))
            Q_EMIT accountLinkActivated(link.mid(8));
    });
    // Another store: what was shown belongs to the last one.
    connect(session, &StoreSession::closing, this, [this] {
        m_id.clear();
        showMessage(m_emptyText);
    });
    // Not showMessage(): no subclass's forget() exists yet.
    m_browser->setHtml(QStringLiteral("<p>%1</p>").arg(toned(Tone::Muted, m_emptyText.toHtmlEscaped(), false)));
    // Ages, leases and "last change" move on while the panel is read.
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        if (m_shown && isVisible() && !m_browser->textCursor().hasSelection()) // never under a selection being copied
            render();
    });
    m_tick.start();
}

int DocumentPanel::scale() const { return m_session->scale(); }

void DocumentPanel::showDocument(const QString &id)
{
    if (id == m_id)
        return;
    m_id = id;
    if (id.isEmpty()) {
        m_load.cancel();
        showMessage(m_emptyText);
        return;
    }
    showMessage(tr("Loading %1…").arg(id));
    refresh();
}

void DocumentPanel::refresh()
{
    if (!m_session->isOpen() || m_id.isEmpty())
        return;
    load(m_load, m_id);
}

void DocumentPanel::loadedOk()
{
    m_sinceLoad.restart();
    m_shown = true;
    render();
    Q_EMIT loaded();
}

void DocumentPanel::loadFailed(const QString &message)
{
    showMessage(message);
    Q_EMIT loaded();
}

void DocumentPanel::render()
{
    // Keep the reader's place.
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(html(m_sinceLoad.elapsed()));
    textfit::keepTokensWhole(*m_browser->document());
    m_browser->verticalScrollBar()->setValue(scroll);
}

void DocumentPanel::setTimeStyle(TimeStyle style)
{
    m_times = style;
    if (m_shown)
        render();
}

void DocumentPanel::makeWindow(const QString &title)
{
    setWindowFlag(Qt::Window);
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(title);
    for (const QKeySequence &keys : {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)}) {
        auto *close = new QShortcut(keys, this);
        close->setContext(Qt::WindowShortcut);
        connect(close, &QShortcut::activated, this, &QWidget::close);
    }
}

QString DocumentPanel::shownHtml() const
{
    // As written: the joiners and no-break spaces keepTokensWhole put in taken out again.
    return m_browser->toHtml()
        .remove(textfit::kWordJoiner)
        .replace(QLatin1String("&nbsp;"), QLatin1String(" "))
        .replace(QChar(QChar::Nbsp), QLatin1Char(' '));
}

int DocumentPanel::minimumTextWidth() const
{
    // Laid out as narrow as it goes: each line then holds one thing that may not be broken.
    std::unique_ptr<QTextDocument> narrowest(m_browser->document()->clone());
    narrowest->setDefaultTextOption(m_browser->document()->defaultTextOption());
    narrowest->setTextWidth(0);
    const int frame = 2 * m_browser->frameWidth() + m_browser->verticalScrollBar()->sizeHint().width();
    return int(std::ceil(narrowest->size().width())) + frame;
}

void DocumentPanel::showMessage(const QString &text)
{
    m_shown = false;
    forget();
    m_browser->setHtml(QStringLiteral("<p>%1</p>").arg(toned(Tone::Muted, text.toHtmlEscaped(), false)));
}

} // namespace ledger::app
