#pragma once
// The console's language: English (the sources) or Simplified Chinese (zh_CN), compiled into the
// program from resources/translations. Chosen at start-up, in this order: $LEDGERDESK_LANGUAGE
// (one run, e.g. screenshots), the setting (Settings ▸ Language; "" follows the system), then the
// system locale's UI languages. A change of setting takes effect at the next start.
//
// Threading: GUI thread, before the first window is made.

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace ledger::app {

// The languages the console ships, as locale names ("en" first: the sources).
QStringList availableLanguages();
// What a language is called in itself ("English", "简体中文").
QString languageDisplayName(const QString &language);
// The language to use, from the environment, the setting ("" = system) and the system locale.
QString chooseLanguage(const QString &setting);
// Installs the console's translator (and Qt's own, when the system has it) for `language`;
// false when there is no translation for it (English needs none).
bool installTranslators(QCoreApplication &app, const QString &language);

} // namespace ledger::app
