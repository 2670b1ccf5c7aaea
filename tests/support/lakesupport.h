#pragma once
// What the data lake's tests share (tst_lake, tst_ledgerdlake): a folder lake's lines with the
// file each is in, the feed as a lake should hold it, and one check of a whole lake.

#include "store/store.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace ledger::test {

struct LakeLine {
    QString file; // relative to the lake: dt=…/sNN-….ndjson.gz
    QJsonObject line;
};

// Every line of every file of a folder lake.
QList<LakeLine> linesOf(const QString &lake);
// The feed's events by transaction id, as a lake holds them: the same objects without cursor.
QMap<QString, QJsonObject> feedWithoutCursor(Store &s);
// The transactions of the store that are done or canceled.
int finishedCount(Store &s);
// Waits (a minute at most: it bounds a hang) until the feed gives every finished transaction (on
// DynamoDB a finish is in the feed once it has settled, a moment after its write).
bool feedHasEveryFinish(Store &s);
// "" when the lake holds each finished transaction of the feed once, each line equal to the
// feed's event, in a file whose name's range, shard and day hold it, with whole chains and
// nothing behind; else what is wrong.
QString lakeProblems(Store &s, const QString &lake);

} // namespace ledger::test
