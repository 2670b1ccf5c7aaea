#pragma once
// How the console says that something failed: a critical message box over `parent`, opened
// without blocking (not exec(): the window, its live updates and a test driving it keep running
// while it is up), deleted when closed.
//
// Threading: GUI thread.

#include <QString>

class QWidget;

namespace ledger::app {

void showErrorBox(QWidget *parent, const QString &title, const QString &text);

} // namespace ledger::app
