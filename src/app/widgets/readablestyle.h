#pragma once
// Fusion, made readable. Fusion draws the frames of input fields and the boxes of check boxes and
// radio buttons in its "outline" colour, the window's colour darkened — 1.65:1 on a light
// window, and on a dark one a line the eye cannot find (1.1:1: the "Repair anyway" box, the
// safety control of a repair, disappeared); and its standard icons are dark grey glyphs, lost on
// a dark toolbar. This style draws those frames and boxes in an outline of at least 3:1 against
// the window (WCAG's figure for controls), and on a dark palette gives every standard icon that
// does not stand out from the window the palette's text colour.
// Threading: GUI thread only (as every QStyle).

#include <QProxyStyle>

namespace ledger::app {

class ReadableStyle : public QProxyStyle {
    Q_OBJECT
public:
    ReadableStyle();

    // The outline of controls on `palette`.
    static QColor controlOutline(const QPalette &palette);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    QIcon standardIcon(StandardPixmap icon, const QStyleOption *option = nullptr, const QWidget *widget = nullptr) const override;
};

} // namespace ledger::app
