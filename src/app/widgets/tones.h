#pragma once
// Every colour the console draws text in besides the palette's own: what is wrong (bad), what
// went well (good), what needs a look (warn), links between documents (info) and secondary text
// (muted) — each chosen for the palette in use, so that it reads on a light and on a dark
// background (at least 4.5:1 against the base and window colours: tst_palette checks every tone
// and badge). Widgets, HTML and charts take their colours from here, never from a literal.
// Threading: GUI thread only (reads the application's palette).

#include "ledger/documents.h"

#include <QColor>
#include <QImage>
#include <QGuiApplication>
#include <QPalette>
#include <optional>

class QWidget;

namespace ledger::app {

enum class Tone { Bad, Good, Warn, Info, Muted };

// Whether `palette` is a dark one (light text on a dark base).
bool isDark(const QPalette &palette);
QColor toneColor(Tone tone, const QPalette &palette = QGuiApplication::palette());
// The same as "#rrggbb", for HTML.
QString toneName(Tone tone, const QPalette &palette = QGuiApplication::palette());
// "<b style='color:…'>text</b>" in a tone (text is not escaped).
QString toned(Tone tone, const QString &html, bool bold = true);

// The colour of each transaction state, as a badge's fill (its text is badgeTextColor) and as a
// dot or bar; the same in both palettes, dark enough under white text.
QColor stateColor(TxState state);
QColor badgeTextColor();
// A state's colour as text or a dot on the palette's base (lightened on a dark one).
QColor stateTextColor(TxState state, const QPalette &palette = QGuiApplication::palette());
// `colour` made lighter (on a dark background) or darker until it reads on `background` at
// `ratio` (4.5:1 for text, 3:1 for the outline of a control).
QColor readableOn(const QColor &colour, const QColor &background, double ratio = 4.5);

// Shows `label`'s text in `tone` (nullopt: the palette's own text colour again).
void setTone(QWidget *label, std::optional<Tone> tone);

// WCAG's contrast ratio of two colours, 1 to 21.
double contrastRatio(const QColor &a, const QColor &b);
// How far a glyph (an icon's image) stands out from `background`: the largest contrast of its
// opaque pixels (its anti-aliased edges only blend towards the background).
double opaqueContrast(const QImage &image, const QColor &background);

// Applies "light", "dark" or "" (the system's palette) to the application, with the Fusion style
// for a chosen one (a platform style may ignore a palette). Call before any window is made.
void applyPalette(const QString &name);

// The console's light palette: the Fusion style's, with a selection dark enough under white text.
QPalette lightPalette();
// A dark palette for the console (`ledgerdesk --palette dark`, remembered).
QPalette darkPalette();

} // namespace ledger::app
