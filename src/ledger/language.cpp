#include "ledger/language.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ledger {

QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

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
    if (language == QLatin1String("en")) {
        // The sources are English; what English needs is its plurals ("1 row", "2 rows").
        const QDir resources(QStringLiteral(":/i18n"));
        for (const QString &file : resources.entryList({QStringLiteral("*_en.qm")}, QDir::Files, QDir::Name)) {
            auto *plurals = new QTranslator(&app);
            if (plurals->load(resources.filePath(file)))
                QCoreApplication::installTranslator(plurals);
            else
                delete plurals;
        }
        return false;
    }
    // One file per part of the program (the libraries, ledgerctl, the console), all under :/i18n.
    bool any = false;
    const QDir resources(QStringLiteral(":/i18n"));
    for (const QString &file : resources.entryList({QStringLiteral("*_%1.qm").arg(language)}, QDir::Files, QDir::Name)) {
        auto *ours = new QTranslator(&app);
        if (ours->load(resources.filePath(file))) {
            QCoreApplication::installTranslator(ours);
            any = true;
        } else {
            delete ours;
        }
    }
    if (!any)
        return false;
    // Qt's own words (standard buttons, file dialogs), when qt6-translations-l10n is installed.
    auto *qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    QLocale::setDefault(QLocale(language));
    return true;
}

} // namespace ledger
