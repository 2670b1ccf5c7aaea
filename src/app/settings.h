#pragma once
// What the console remembers between runs (QSettings): the operator's name, the stuck threshold,
// recent stores, window geometry and column layouts.
// Threading: GUI thread only.

#include <QByteArray>
#include <QSettings>
#include <QStringList>

namespace ledger::app {

class Settings {
public:
    Settings();

    QString operatorName() const;
    void setOperatorName(const QString &name);
    qint64 stuckThresholdMs() const;
    void setStuckThresholdMs(qint64 ms);
    // "" follows the system's locale; else "en" or "zh_CN" (see language.h).
    QString language() const;
    void setLanguage(const QString &language);
    // "" follows the system's palette; "light" or "dark" (widgets/tones.h), from the next start.
    QString palette() const;
    void setPalette(const QString &palette);
    // Times in UTC rather than local time (View ▸ Times in UTC).
    bool utcTimes() const;
    void setUtcTimes(bool utc);
    // A notice when transactions become stuck while the operator looks elsewhere (StuckNoticer).
    bool notifyStuck() const;
    void setNotifyStuck(bool notify);
    QStringList recentStores() const;
    void addRecentStore(const QString &path);
    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindow(const QByteArray &geometry, const QByteArray &state);
    QByteArray headerState(const QString &table) const;
    void setHeaderState(const QString &table, const QByteArray &state);

    static constexpr int kMaxRecentStores = 8;

private:
    mutable QSettings m_settings;
};

} // namespace ledger::app
