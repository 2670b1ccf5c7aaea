#include "readablestyle.h"
#include "tones.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace ledger::app {

ReadableStyle::ReadableStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{}

QColor ReadableStyle::controlOutline(const QPalette &palette)
{
    // Fusion's own (the window darkened) made to stand out at 3:1 (1.65:1 on the light palette,
    // 1.1:1 on the dark one), aimed a little higher: the painted colour is rounded to 8 bits a
    // channel, which took one outline to 2.99:1.
    return readableOn(palette.color(QPalette::Window).darker(140), palette.color(QPalette::Window), 3.2);
}

void ReadableStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    switch (element) {
    case PE_FrameLineEdit:
    case PE_IndicatorCheckBox:
    case PE_IndicatorRadioButton: {
        // Fusion's outline over again, in a colour that stands out from the window.
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, element == PE_IndicatorRadioButton);
        painter->setPen(QPen(controlOutline(option->palette), 1));
        painter->setBrush(Qt::NoBrush);
        const QRectF r = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
        if (element == PE_IndicatorRadioButton)
            painter->drawEllipse(r);
        else
            painter->drawRoundedRect(r, 2, 2);
        painter->restore();
        break;
    }
    default: break;
    }
}

QIcon ReadableStyle::standardIcon(StandardPixmap icon, const QStyleOption *option, const QWidget *widget) const
{
    const QIcon base = QProxyStyle::standardIcon(icon, option, widget);
    const QPalette palette = widget ? widget->palette() : QApplication::palette();
    if (!isDark(palette) || base.isNull())
        return base;
    const QColor window = palette.color(QPalette::Window);
    QIcon readable;
    for (QSize size : base.availableSizes()) {
        QImage image = base.pixmap(size).toImage().convertToFormat(QImage::Format_ARGB32);
        // Does any opaque part of it stand out from the window? Then it keeps its colours.
        if (opaqueContrast(image, window) < 3.0) {
            // A dark glyph: drawn in the text colour, its shape (alpha) kept.
            QPainter p(&image);
            p.setCompositionMode(QPainter::CompositionMode_SourceIn);
            p.fillRect(image.rect(), palette.color(QPalette::WindowText));
        }
        readable.addPixmap(QPixmap::fromImage(image));
    }
    return readable.isNull() ? base : readable;
}

} // namespace ledger::app
