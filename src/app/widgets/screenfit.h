#pragma once
// Windows that fit the screen they open on. The console's first window is 1320×820 where there
// is room, a saved geometry may come from a larger screen, and a dialog grows with what it holds
// (sixteen legs): on a 1024×700 screen none of them may put its status bar or its buttons
// off-screen. The rule is a pure function of rectangles (fitWithin); fitToScreen applies it to a
// window on its screen's available geometry (without the panels and docks).
//
// Threading: fitWithin anywhere; the rest on the GUI thread.

#include <QMargins>
#include <QRect>

class QWidget;

namespace ledger::app {

// `wanted` (a window's frame: where and how large) inside `available`: no larger than it in
// either direction, then moved as little as puts it inside. An empty `available` changes nothing.
QRect fitWithin(const QRect &wanted, const QRect &available);

// The window frame around `window`'s client area: its own once the platform has framed it, else
// what the style says a title bar and border take (a window not yet shown has no frame yet).
QMargins frameAllowance(const QWidget *window);

// Moves and shrinks the top-level `window` so that its frame lies within its screen's available
// geometry; a maximized or full-screen window is left to the platform.
void fitToScreen(QWidget *window);

} // namespace ledger::app
