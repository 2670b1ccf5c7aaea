#include "tooltiptext.h"

#include <QTextDocument>

namespace ledger::app {

QString toolTipText(const QString &text)
{
    if (text.size() <= kToolTipWrapsAfter && !Qt::mightBeRichText(text))
        return text;
    // "<qt>" is what makes Qt treat a tooltip as rich text, whatever follows.
    QString html = text.toHtmlEscaped();
    html.replace(QLatin1Char('\n'), QLatin1String("<br>"));
    return QLatin1String("<qt>") + html + QLatin1String("</qt>");
}

} // namespace ledger::app
