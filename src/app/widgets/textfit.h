#pragma once
// Text cut to fit, and text kept from breaking, by one rule: a line of text is cut or wrapped
// between its tokens, never inside one. A token is a run of characters without a space: a word,
// a number, an amount, an id, an account name, a time ("20806.35", "tx-….rev",
// "2026-11-28T12:15:03.123Z", "insufficient-funds:"). In Chinese and Japanese, which put no
// spaces between words, each ideograph or full-width sign is a token of its own.
//
// Text too wide for its room shows its whole tokens up to the last that fits, then "…" ("mallory
// has…", never "mallory has 2080…"); the caller shows the whole in a tooltip. Every table's
// delegate (widgets/elidingdelegate.h), the status bar (widgets/statusline.h) and the store's
// label cut so; the document panels and the incident report printed to PDF wrap so
// (keepTokensWhole). Two tokens that are one value stay together: "1m 28s", "2026-11-28
// 06:39:39 UTC", "1分28秒", "12.00元".
//
// Threading: pure functions; those given a QFontMetrics or a QTextDocument on the GUI thread.

#include <QString>
#include <QStringList>

#include <functional>

class QFontMetrics;
class QTextDocument;

namespace ledger::app::textfit {

// How wide a text is drawn (a font's horizontalAdvance; the tests count characters).
using Advance = std::function<int(const QString &)>;

// The ellipsis put where text was cut.
inline constexpr QChar kEllipsis = QChar(0x2026);
// What keepTokensWhole puts inside tokens: it draws nothing, and a line never ends beside it.
inline constexpr QChar kWordJoiner = QChar(0x2060);

// `text` as its tokens, each with the spaces that follow it (joined, they are `text`).
QStringList pieces(const QString &text);

// `text` in `width`: whole, or its whole tokens up to the last that fits and "…" (separators the
// cut leaves at the end, such as ", " or " · ", go with it); "…" alone when not even the first
// token fits, and nothing when not even "…" does.
QString elide(const QString &text, int width, const Advance &advance);
QString elide(const QString &text, int width, const QFontMetrics &metrics);

// As elide(), but `tail` (which ends `text`: " · 1m 28s ago") stays whole and only what comes
// before it is cut ("operator… · 1m 28s ago"); a tail wider than the room with "…" before it is
// shown alone, cut as elide() cuts ("1m 28s…").
QString elideKeepingTail(const QString &text, const QString &tail, int width, const Advance &advance);

// A store's location in `width`, cut in its middle ("/…ledgers/ledger.db", "dbname=ledger host=/tmp/…"),
// between its pieces only: its words, and the parts of a path or a URI after each '/', '?', '&'
// and ','. Of the cuts that fit, the one that keeps the most characters. The piece
// that holds `keep` (the database's or the file's name) is never cut; where even it does not fit
// with "…" beside it, it is shown so all the same, wider than the room.
QString elideLocation(const QString &location, const QString &keep, int width, const Advance &advance);

// `text` made one token, for a phrase that must stay on one line ("可用 2264.05", where a line may
// otherwise end between two ideographs): a word joiner between every two characters, its spaces
// no-break ones.
QString unbreakable(const QString &text);

// The positions in `text` (0 < i < size) that fall inside a token: a line must not end there.
QList<int> joints(const QString &text);

// `text` that wraps between tokens only: a word joiner at each joint, the spaces inside a token
// no-break ones. For plain text wrapped by a style (a table's cell in a view that wraps).
QString wrappable(const QString &text);

// Puts a word joiner (U+2060, which draws nothing and is not copied from a PDF) at every joint of
// every block of `document`, makes the spaces inside a token ("11-28 20:53:40 UTC") no-break
// ones, and wraps its lines at word boundaries only: Qt's rich text otherwise breaks after '-'
// and '/' and, in a cell narrower than a token, anywhere ("2026-11-28T1" / "2:15", "….re" /
// "v"), white-space:nowrap or not. For the document panels and the incident report's PDF.
void keepTokensWhole(QTextDocument &document);

} // namespace ledger::app::textfit
