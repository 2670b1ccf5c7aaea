#include "approvalhtml.h"

#include "../approvalwords.h"
#include "panelhtml.h"
#include "ledger/money.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ledger::app {

namespace {

QString approvalJsonValueText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 17);
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isNull() || v.isUndefined())
        return QStringLiteral("null");
    const QJsonDocument doc = v.isArray() ? QJsonDocument(v.toArray()) : QJsonDocument(v.toObject());
    return QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
}

QString approvalLineRows(const QString &json)
{
    QString rows;
    for (const auto &[label, value] : jsonLines(json))
        rows += panelhtml::row(panelhtml::esc(label), panelhtml::nowrap(panelhtml::esc(value)));
    return rows;
}

QString approvalSection(const QString &title, const QString &rows)
{
    return rows.isEmpty() ? QString() : QStringLiteral("<p><b>%1</b></p><table>%2</table>").arg(panelhtml::esc(title), rows);
}

} // namespace

QList<std::pair<QString, QString>> jsonLines(const QString &json)
{
    QList<std::pair<QString, QString>> lines;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    if (!doc.isObject())
        return lines;
    const QJsonObject o = doc.object();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        lines.append({it.key(), approvalJsonValueText(it.value())});
    return lines;
}

QString approvalHtml(const ApprovalRequest &r, const QDateTime &now, int scale, TimeStyle style)
{
    using panelhtml::esc;
    using panelhtml::nowrap;
    using panelhtml::row;
    const QString stateText = approvalStateText(r, now);
    const Tone tone = r.state == ApprovalState::Done                                         ? Tone::Good
                    : r.state == ApprovalState::Failed || r.state == ApprovalState::Rejected ? Tone::Bad
                    : r.state == ApprovalState::Pending && !r.expiredAt(now)                 ? Tone::Warn
                                                                                             : Tone::Muted;
    QString html = QStringLiteral("<p><b>%1</b> %2 %3 · %4</p>")
                       .arg(esc(nameOf(r.action)), r.docKind == DocKind::Transaction ? panelhtml::txLink(r.docId) : nowrap(esc(r.docId)),
                            nowrap(esc(money::format(r.amount, scale))), toned(tone, esc(stateText)));
    QString asked = row(esc(QCoreApplication::translate("ApprovalHtml", "Request")), nowrap(esc(r.id)));
    asked += row(esc(QCoreApplication::translate("ApprovalHtml", "Asked by")),
                 QStringLiteral("%1, %2").arg(esc(r.requestedBy), nowrap(esc(shownTime(r.requestedAt, style)))));
    asked += row(esc(QCoreApplication::translate("ApprovalHtml", "Reason")),
                 r.reason.isEmpty() ? toned(Tone::Muted, esc(QCoreApplication::translate("ApprovalHtml", "(none given)")), false)
                                    : esc(r.reason));
    asked += row(esc(QCoreApplication::translate("ApprovalHtml", "Expires")), nowrap(esc(shownTime(r.expiresAt, style))));
    html += QStringLiteral("<table>%1</table>").arg(asked);
    html +=
        approvalSection(QCoreApplication::translate("ApprovalHtml", "What %1 was shown").arg(r.requestedBy), approvalLineRows(r.preview));
    if (!r.decidedBy.isEmpty()) {
        QString decided = row(esc(QCoreApplication::translate("ApprovalHtml", "Decided by")),
                              QStringLiteral("%1, %2").arg(esc(r.decidedBy), nowrap(esc(shownTime(r.decidedAt, style)))));
        decided +=
            row(esc(QCoreApplication::translate("ApprovalHtml", "Decision")),
                r.decision.isEmpty() ? toned(Tone::Muted, esc(QCoreApplication::translate("ApprovalHtml", "(no reason given)")), false)
                                     : esc(r.decision));
        html += approvalSection(QCoreApplication::translate("ApprovalHtml", "Decision"), decided);
    }
    html += approvalSection(QCoreApplication::translate("ApprovalHtml", "Outcome"), approvalLineRows(r.outcome));
    return html;
}

} // namespace ledger::app
