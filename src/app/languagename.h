#pragma once
// The console's side of the language: what each language is called in the Settings dialog.
// Choosing and installing the translation is shared with ledgerctl (ledger/language.h).
//
// Threading: GUI thread.

#include <QString>

namespace ledger::app {

// What a language is called in itself ("English", "简体中文").
QString languageDisplayName(const QString &language);

} // namespace ledger::app
