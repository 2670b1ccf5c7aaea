#pragma once
// The pieces both detail panels' HTML is made of (widgets/detailhtml, widgets/accounthtml):
// escaped text, a label/value row (in the palette's tones), and links the panels follow ("tx:<id>", "account:<id>").
// Thread-safety: pure functions.

#include "tones.h"

#include <QString>

namespace ledger::app::panelhtml {

inline QString esc(const QString &s) { return s.toHtmlEscaped(); }

inline QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style='color:%1;padding-right:12px'>%2</td><td>%3</td></tr>").arg(toneName(Tone::Muted), label, value);
}

inline QString txLink(const QString &id) { return QStringLiteral("<a href='tx:%1'>%1</a>").arg(esc(id)); }
inline QString accountLink(const QString &id) { return QStringLiteral("<a href='account:%1'>%1</a>").arg(esc(id)); }

} // namespace ledger::app::panelhtml
