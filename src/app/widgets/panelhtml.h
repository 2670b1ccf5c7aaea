#pragma once
// The pieces both detail panels' HTML is made of (widgets/detailhtml, widgets/accounthtml):
// escaped text, a label/value row (in the palette's tones), and links the panels follow ("tx:<id>", "account:<id>").
// Thread-safety: pure functions.

#include "tones.h"

#include <QString>

namespace ledger::app::panelhtml {

inline QString esc(const QString &s) { return s.toHtmlEscaped(); }

// The label never wraps ("创建时" / "间" beside a time kept whole): the value does, between its tokens.
inline QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style='color:%1;padding-right:12px;white-space:nowrap'>%2</td><td>%3</td></tr>")
        .arg(toneName(Tone::Muted), label, value);
}

// Money, ids and times never break inside: "2225.61" on one line, whole (Qt's rich text breaks
// at '.', '-' and ':' otherwise, even in a wide panel). `html` is already escaped.
inline QString nowrap(const QString &html) { return QStringLiteral("<span style='white-space:nowrap'>%1</span>").arg(html); }

inline QString txLink(const QString &id) { return nowrap(QStringLiteral("<a href='tx:%1'>%1</a>").arg(esc(id))); }
inline QString accountLink(const QString &id) { return nowrap(QStringLiteral("<a href='account:%1'>%1</a>").arg(esc(id))); }

} // namespace ledger::app::panelhtml
