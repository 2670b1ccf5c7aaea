#include "testsupport.h"

#include <QAtomicInteger>
#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace ledger::test {

TempStore::TempStore(int scale)
{
    m_config.location = m_dir.filePath(QStringLiteral("ledger.db"));
    auto store = createStore(m_config, scale);
    if (!store.ok())
        qFatal("cannot create a test store: %s", qPrintable(store.error().toString()));
    m_store = std::move(store).value();
}

std::unique_ptr<Store> TempStore::openAnother() const
{
    auto store = openStore(m_config);
    if (!store.ok())
        qFatal("cannot open the test store: %s", qPrintable(store.error().toString()));
    return std::move(store).value();
}

void openAccounts(Store &store, const QStringList &ids, qint64 balance)
{
    Coordinator coordinator(store, {});
    for (const QString &id : ids) {
        const TxOutcome o = coordinator.openAccount(id, id.toUpper(), balance);
        if (!o.ok())
            qFatal("cannot open account %s: %s", qPrintable(id), qPrintable(o.error.toString()));
    }
}

QString describeFindings(const AuditReport &report)
{
    if (!report.error.ok())
        return QStringLiteral("audit failed: ") + report.error.toString();
    QStringList lines;
    for (const AuditFinding &f : report.findings)
        lines << QStringLiteral("[%1] %2: %3").arg(f.invariant).arg(f.code, f.message);
    return lines.join(QLatin1Char('\n'));
}

qint64 balanceOf(Store &store, const QString &account)
{
    auto a = store.account(account);
    return a.ok() ? a->balance : std::numeric_limits<qint64>::min();
}

QByteArray storeFingerprint(const QString &store, const QStringList &suffixes)
{
    QByteArray print;
    for (const QString &suffix : suffixes) {
        QFile file(store + suffix);
        print += suffix.toUtf8();
        print += ':';
        if (file.open(QIODevice::ReadOnly))
            print += QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
        else
            print += "absent";
        print += ' ';
    }
    return print;
}

qint64 heldMarkerCount(Store &store)
{
    qint64 n = 0;
    store.scanLegs([&](const LegMarker &m) {
        if (m.status == LegStatus::Held)
            ++n;
    });
    return n;
}

RawSql::RawSql(const QString &path)
{
    static QAtomicInteger<int> counter;
    m_name = QStringLiteral("raw-sql-%1").arg(counter.fetchAndAddRelaxed(1));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open())
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(db.lastError().text()));
}

RawSql::~RawSql()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

bool RawSql::exec(const QString &sql, const QVariantList &binds)
{
    QSqlQuery q(QSqlDatabase::database(m_name, false));
    q.prepare(sql);
    for (int i = 0; i < binds.size(); ++i)
        q.bindValue(i, binds.at(i));
    if (!q.exec()) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
        return false;
    }
    return true;
}

QVariant RawSql::scalar(const QString &sql, const QVariantList &binds)
{
    QSqlQuery q(QSqlDatabase::database(m_name, false));
    q.prepare(sql);
    for (int i = 0; i < binds.size(); ++i)
        q.bindValue(i, binds.at(i));
    if (!q.exec() || !q.next())
        return QVariant();
    return q.value(0);
}

ProcessResult runLedgerctl(const QStringList &args, const QProcessEnvironment &env, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.setInputChannelMode(QProcess::ManagedInputChannel);
    process.start(QStringLiteral(LEDGERCTL_PATH), args);
    process.closeWriteChannel();
    ProcessResult r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

} // namespace ledger::test
