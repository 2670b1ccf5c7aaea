#include "tones.h"

#include "readablestyle.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>
#include <QtMath>

namespace ledger::app {

bool isDark(const QPalette &palette) { return palette.color(QPalette::Base).lightness() < 128; }

QColor toneColor(Tone tone, const QPalette &palette)
{
    // Light: dark enough on white and on the light grey window; dark: light enough on both.
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Bad: return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x24, 0x18);
    case Tone::Good: return dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x1e, 0x6b, 0x34);
    case Tone::Warn: return dark ? QColor(0xff, 0xcc, 0x80) : QColor(0x8a, 0x51, 0x00);
    case Tone::Info: return dark ? QColor(0x90, 0xca, 0xf9) : QColor(0x1f, 0x5f, 0xb0);
    case Tone::Muted: return dark ? QColor(0xb4, 0xb4, 0xb4) : QColor(0x5c, 0x5c, 0x5c);
    }
    return palette.color(QPalette::Text);
}

QString toneName(Tone tone, const QPalette &palette) { return toneColor(tone, palette).name(); }

QString toned(Tone tone, const QString &html, bool bold)
{
    return QStringLiteral("<%1 style='color:%2'>%3</%1>").arg(bold ? QStringLiteral("b") : QStringLiteral("span"), toneName(tone), html);
}

void setTone(QWidget *label, std::optional<Tone> tone)
{
    label->setStyleSheet(tone ? QStringLiteral("color: %1;").arg(toneName(*tone)) : QString());
}

QColor stateColor(TxState state)
{
    switch (state) {
    case TxState::Initial: return QColor(0x4d, 0x5b, 0x69);
    case TxState::Pending: return QColor(0x8a, 0x5a, 0x00);
    case TxState::Applied: return QColor(0x1f, 0x5f, 0xa0);
    case TxState::Done: return QColor(0x24, 0x69, 0x3a);
    case TxState::Canceling: return QColor(0xb0, 0x24, 0x18);
    case TxState::Canceled: return QColor(0x5f, 0x6a, 0x6a);
    }
    return QColor(0x5f, 0x6a, 0x6a);
}

QColor badgeTextColor() { return Qt::white; }

QColor stateTextColor(TxState state, const QPalette &palette) { return readableOn(stateColor(state), palette.color(QPalette::Base)); }

QColor readableOn(const QColor &colour, const QColor &background, double ratio)
{
    const bool lighten = background.lightness() < 128;
    QColor c = colour.toHsl();
    for (int step = 0; step < 40 && contrastRatio(c, background) < ratio; ++step) {
        const int l = c.lightness() + (lighten ? 8 : -8);
        c.setHsl(c.hslHue(), c.hslSaturation(), qBound(0, l, 255));
    }
    return c.toRgb();
}

namespace {
double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : qPow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
} // namespace

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (qMax(la, lb) + 0.05) / (qMin(la, lb) + 0.05);
}

double opaqueContrast(const QImage &image, const QColor &background)
{
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    double best = 1.0;
    for (int y = 0; y < argb.height(); ++y) {
        for (int x = 0; x < argb.width(); ++x) {
            const QColor c = argb.pixelColor(x, y);
            if (c.alpha() > 200)
                best = qMax(best, contrastRatio(c, background));
        }
    }
    return best;
}

void applyPalette(const QString &name)
{
    if (name.isEmpty())
        return;
    // Fusion, with frames, check boxes and icons that a dark palette does not swallow.
    QApplication::setStyle(new ReadableStyle);
    QApplication::setPalette(name == QLatin1String("dark") ? darkPalette() : lightPalette());
}

QPalette lightPalette()
{
    QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    QPalette p = fusion->standardPalette();
    delete fusion;
    p.setColor(QPalette::Highlight, QColor(0x23, 0x60, 0xa5));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2d, 0x2f, 0x33);
    const QColor base(0x23, 0x25, 0x29);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x8a, 0x8a, 0x8a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2c, 0x30));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    p.setColor(QPalette::Link, QColor(0x90, 0xca, 0xf9));
    p.setColor(QPalette::LinkVisited, QColor(0xce, 0x93, 0xd8));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4d));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1e));
    p.setColor(QPalette::Shadow, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace ledger::app
