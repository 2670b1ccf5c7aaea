#include "settings.h"

#include "ledger/language.h"
#include "protocol/recovery.h"
#include "store/open/storeconfig.h"

#include <QFileInfo>

namespace ledger::app {

namespace {
// ledgerctl reads this setting from this file too (consoleLanguageSetting in src/cli/cli.cpp).
constexpr char kLanguageKey[] = "ui/language";
} // namespace

Settings::Settings()
    : m_settings(QStringLiteral("LedgerDesk"), QStringLiteral("ledgerdesk"))
{}

QString Settings::operatorName() const
{
    QString name = m_settings.value(QStringLiteral("operator/name")).toString();
    if (name.isEmpty())
        name = qEnvironmentVariable("LEDGERDESK_OPERATOR");
    if (name.isEmpty())
        name = qEnvironmentVariable("USER");
    return name.isEmpty() ? QStringLiteral("operator") : name;
}

void Settings::setOperatorName(const QString &name) { m_settings.setValue(QStringLiteral("operator/name"), name); }

qint64 Settings::stuckThresholdMs() const { return m_settings.value(QStringLiteral("stuck/thresholdMs"), kDefaultStuckMs).toLongLong(); }

void Settings::setStuckThresholdMs(qint64 ms) { m_settings.setValue(QStringLiteral("stuck/thresholdMs"), ms); }

QString Settings::language() const { return m_settings.value(QLatin1String(kLanguageKey)).toString(); }

void Settings::setLanguage(const QString &language) { m_settings.setValue(QLatin1String(kLanguageKey), language); }

QStringList Settings::recentStores() const { return m_settings.value(QStringLiteral("stores/recent")).toStringList(); }

void Settings::addRecentStore(const QString &path)
{
    // A server store is kept without its password: reopening it from the list relies on
    // ~/.pgpass (or $PGPASSFILE), never on a password saved in plain text here.
    const QString absolute = locationKind(path) == LocationKind::File ? QFileInfo(path).absoluteFilePath() : storeDisplayName(path);
    QStringList recent = recentStores();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentStores)
        recent.removeLast();
    m_settings.setValue(QStringLiteral("stores/recent"), recent);
}

QByteArray Settings::windowGeometry() const { return m_settings.value(QStringLiteral("window/geometry")).toByteArray(); }

QByteArray Settings::windowState() const { return m_settings.value(QStringLiteral("window/state")).toByteArray(); }

void Settings::setWindow(const QByteArray &geometry, const QByteArray &state)
{
    m_settings.setValue(QStringLiteral("window/geometry"), geometry);
    m_settings.setValue(QStringLiteral("window/state"), state);
}

QByteArray Settings::headerState(const QString &table) const
{
    return m_settings.value(QStringLiteral("tables/%1").arg(table)).toByteArray();
}

void Settings::setHeaderState(const QString &table, const QByteArray &state)
{
    m_settings.setValue(QStringLiteral("tables/%1").arg(table), state);
}

QString Settings::palette() const { return m_settings.value(QStringLiteral("ui/palette")).toString(); }

void Settings::setPalette(const QString &palette) { m_settings.setValue(QStringLiteral("ui/palette"), palette); }

bool Settings::utcTimes() const { return m_settings.value(QStringLiteral("ui/utcTimes"), false).toBool(); }

void Settings::setUtcTimes(bool utc) { m_settings.setValue(QStringLiteral("ui/utcTimes"), utc); }

bool Settings::notifyStuck() const { return m_settings.value(QStringLiteral("ui/notifyStuck"), true).toBool(); }

void Settings::setNotifyStuck(bool notify) { m_settings.setValue(QStringLiteral("ui/notifyStuck"), notify); }

} // namespace ledger::app
