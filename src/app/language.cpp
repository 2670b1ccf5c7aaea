#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ledger::app {

QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString languageDisplayName(const QString &language)
{
    if (language == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString chooseLanguage(const QString &setting)
{
    const QString forced = qEnvironmentVariable("LEDGERDESK_LANGUAGE");
    if (availableLanguages().contains(forced))
        return forced;
    if (availableLanguages().contains(setting))
        return setting;
    // The first of the user's languages that we have; any Chinese but traditional scripts reads
    // Simplified Chinese best among what ships.
    for (const QString &ui : QLocale::system().uiLanguages()) {
        const QLocale locale(ui);
        if (locale.language() == QLocale::Chinese)
            return locale.script() == QLocale::TraditionalChineseScript ? QStringLiteral("en") : QStringLiteral("zh_CN");
        if (locale.language() == QLocale::English)
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

bool installTranslators(QCoreApplication &app, const QString &language)
{
    if (language == QLatin1String("en"))
        return false;
    auto *ours = new QTranslator(&app);
    if (!ours->load(QStringLiteral(":/i18n/ledgerdesk_%1.qm").arg(language))) {
        delete ours;
        return false;
    }
    QCoreApplication::installTranslator(ours);
    // Qt's own words (standard buttons, file dialogs), when qt6-translations-l10n is installed.
    auto *qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    QLocale::setDefault(QLocale(language));
    return true;
}

} // namespace ledger::app
