#pragma once
// An approval request shown whole (the Awaiting approval page's detail, four eyes): what it asks,
// what the requester was shown (its preview, label by label), the requester's reason, both
// people's names and times, the decision's reason and what the run answered.
// Threading: GUI thread (the palette's tones).

#include "timestyle.h"
#include "ledger/approvals.h"

#include <QDateTime>
#include <QString>

namespace ledger::app {

// `now`: the store's time the request was read at (says a pending one expired).
QString approvalHtml(const ApprovalRequest &request, const QDateTime &now, int scale, TimeStyle style);

// A compact JSON object as label/value rows ("state" → "done"); a value that is an object or an
// array is its compact JSON. Empty for anything but an object.
QList<std::pair<QString, QString>> jsonLines(const QString &json);

} // namespace ledger::app
