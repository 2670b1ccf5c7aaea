#pragma once
// Tooltips that stay on screen. Qt draws a plain-text tooltip on one line however long it is (a
// last error, a claim's note, an audit finding ran off the screen) but wraps a rich-text one at a
// readable width, breaking even a long path: so long plain text is handed over as rich text,
// escaped, its line breaks kept.
// Threading: any thread (it builds a string; no colours, so no palette is read).

#include <QString>

namespace ledger::app {

// Plain text up to this many characters stays plain (one line reads best).
constexpr int kToolTipWrapsAfter = 60;

// `text` (plain) as a tooltip that wraps when long. Short text is returned as it is, unless Qt
// would take it for markup: then it is escaped too, so that it is shown as written.
QString toolTipText(const QString &text);

} // namespace ledger::app
