#pragma once
// The language of both programs: English (the sources) or Simplified Chinese (zh_CN), compiled
// into them from resources/translations (:/i18n/*_<language>.qm: the libraries' messages in both
// programs, ledgerctl's and the console's in each). Chosen at start-up, in this order:
// $LEDGERDESK_LANGUAGE (one run, e.g. screenshots), the setting (the console's Settings ▸
// Language, which ledgerctl reads from the console's settings file; "" follows the system), then the system locale's UI
// languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). ledgerctl's --language comes before all of
// them. A change of setting takes effect at the next start.
//
// Threading: the main thread, before anything translated is made.

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace ledger {

// The languages that ship, as locale names ("en" first: the sources).
QStringList availableLanguages();
// The language to use, from the environment, the setting ("" = system) and the system locale.
QString chooseLanguage(const QString &setting);
// Installs the translators for `language`: every :/i18n/*_<language>.qm linked into the program,
// and Qt's own (when the system has it). False when there is no translation for it; English is
// the sources' language and installs only its plurals (*_en.qm: "1 row", "2 rows"), returning false.
bool installTranslators(QCoreApplication &app, const QString &language);

} // namespace ledger
