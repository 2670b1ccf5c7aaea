#include "textfit.h"

#include <QFontMetrics>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextOption>

#include <algorithm>
#include <functional>
#include <iterator>

namespace ledger::app::textfit {

namespace {

// Scripts written without spaces between words, and their full-width signs: a line may end after
// any of these characters, so each is a token of its own. (Full-width digits and letters are not
// here: "２０" is a number.)
struct Range {
    char32_t first;
    char32_t last;
};
constexpr Range kOneCharTokens[] = {
    {0x2E80, 0x2FFF},   // CJK radicals, Kangxi radicals
    {0x3000, 0x303F},   // CJK symbols and punctuation: 、。「」
    {0x3040, 0x30FF},   // Hiragana, Katakana
    {0x3100, 0x31FF},   // Bopomofo, Kanbun, Katakana extensions
    {0x3400, 0x4DBF},   // CJK extension A
    {0x4E00, 0x9FFF},   // CJK unified ideographs
    {0xF900, 0xFAFF},   // CJK compatibility ideographs
    {0xFE30, 0xFE4F},   // CJK compatibility forms
    {0xFF01, 0xFF0F},   // full-width ！＂＃＄％＆＇（）＊＋，－．／
    {0xFF1A, 0xFF20},   // full-width ：；＜＝＞？＠
    {0xFF3B, 0xFF40},   // full-width ［＼］＾＿｀
    {0xFF5B, 0xFF65},   // full-width ｛｜｝～ and half-width CJK punctuation
    {0x20000, 0x3FFFF}, // CJK extensions B and on
};

// What a cut leaves at the end and "…" replaces (and what joins a tail shown alone): spaces, and
// the separators between items.
constexpr char16_t kTrailingSeparators[] = u",;:·—–→，、；：";

// Units written right after a number in Chinese ("28秒", "3小时", "12.00元"): they stay with it.
constexpr char16_t kUnitsAfterNumbers[] = u"毫秒分钟小时天周月年日元笔条个行";

// Two tokens with only spaces between that are one value all the same, never parted: a number
// and the next ("1m 28s", "2026-11-28 06:39:39", "1分 28秒"), a time and its zone ("06:39:39 UTC",
// "12:15 CST", "12:15 +08").
bool startsWithDigit(QStringView token) { return !token.isEmpty() && token.front().isDigit(); }
bool isTime(QStringView token) { return startsWithDigit(token) && token.contains(QLatin1Char(':')); }
bool isZone(QStringView token)
{
    static const QRegularExpression zone(QStringLiteral("^([A-Z]{2,5}([+-]\\d{1,2}(:?\\d{2})?)?|[+-]\\d{1,2}(:?\\d{2})?)$"));
    return zone.match(token.toString()).hasMatch();
}
struct Glue {
    bool (*before)(QStringView);
    bool (*after)(QStringView);
};
constexpr Glue kGlued[] = {
    {startsWithDigit, startsWithDigit},
    {isTime, isZone},
};

bool isOneCharToken(char32_t c)
{
    return std::any_of(std::begin(kOneCharTokens), std::end(kOneCharTokens), [c](const Range &r) { return c >= r.first && c <= r.last; });
}

// A space that parts tokens: not a no-break one, which its writer put where a line must not end.
bool isSpace(char32_t c) { return QChar::isSpace(c) && c != 0x00A0 && c != 0x2007 && c != 0x202F; }

// The code point at `i` and how many UTF-16 units it takes.
std::pair<char32_t, int> codePointAt(const QString &text, int i)
{
    const QChar c = text.at(i);
    if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
        return {QChar::surrogateToUcs4(c, text.at(i + 1)), 2};
    return {c.unicode(), 1};
}

// The text kept before a cut, less what would dangle before the "…".
QString withoutTrailingSeparators(QString kept)
{
    const QStringView separators(kTrailingSeparators, std::size(kTrailingSeparators) - 1);
    while (!kept.isEmpty() && (kept.back().isSpace() || separators.contains(kept.back())))
        kept.chop(1);
    return kept;
}

// The tail shown alone, without the separator that joined it to what went (" · 1m" → "1m").
QString withoutLeadingSeparators(QString tail)
{
    const QStringView separators(kTrailingSeparators, std::size(kTrailingSeparators) - 1);
    while (!tail.isEmpty() && (tail.front().isSpace() || separators.contains(tail.front())))
        tail.remove(0, 1);
    return tail;
}

} // namespace

QStringList pieces(const QString &text)
{
    // First by spaces and one-character tokens, then glued where two tokens are one value.
    QStringList raw;
    QString current;           // a token and the spaces after it (leading spaces: with the first)
    bool spaced = false;       // spaces followed a token in `current`
    bool afterOneChar = false; // the last character is a token of its own
    const QStringView units(kUnitsAfterNumbers, std::size(kUnitsAfterNumbers) - 1);
    for (int i = 0; i < text.size();) {
        const auto [c, units16] = codePointAt(text, i);
        const QString ch = text.mid(i, units16);
        i += units16;
        if (isSpace(c)) {
            spaced = spaced || !current.trimmed().isEmpty();
            current += ch;
            continue;
        }
        // A unit right after a number (or after another unit: "小时") is part of it.
        const bool unit =
            !spaced && !current.isEmpty() && units.contains(ch.front()) && (current.back().isDigit() || units.contains(current.back()));
        const bool oneChar = isOneCharToken(c) && !unit;
        if (!current.trimmed().isEmpty() && (spaced || oneChar || (afterOneChar && !unit))) {
            raw << current;
            current.clear();
        }
        current += ch;
        spaced = false;
        afterOneChar = oneChar;
    }
    if (!current.isEmpty())
        raw << current;
    QStringList out;
    for (const QString &piece : std::as_const(raw)) {
        const bool glued = !out.isEmpty() && std::any_of(std::begin(kGlued), std::end(kGlued), [&](const Glue &g) {
            return g.before(QStringView(out.last()).trimmed()) && g.after(QStringView(piece).trimmed());
        });
        if (glued)
            out.last() += piece;
        else
            out << piece;
    }
    return out;
}

QString elide(const QString &text, int width, const Advance &advance)
{
    if (advance(text) <= width)
        return text;
    const QString ellipsis(kEllipsis);
    if (advance(ellipsis) > width)
        return QString();
    QString best = ellipsis;
    QString kept;
    for (const QString &piece : pieces(text)) {
        kept += piece;
        const QString shown = withoutTrailingSeparators(kept) + ellipsis;
        if (advance(shown) > width)
            break;
        best = shown;
    }
    return best;
}

QString elide(const QString &text, int width, const QFontMetrics &metrics)
{
    return elide(text, width, [&metrics](const QString &s) { return metrics.horizontalAdvance(s); });
}

QString elideKeepingTail(const QString &text, const QString &tail, int width, const Advance &advance)
{
    if (advance(text) <= width)
        return text;
    if (tail.isEmpty() || !text.endsWith(tail))
        return elide(text, width, advance);
    const int tailWidth = advance(tail);
    if (tailWidth + advance(QString(kEllipsis)) > width)
        return elide(withoutLeadingSeparators(tail), width, advance);
    return elide(text.left(text.size() - tail.size()), width - tailWidth, advance) + tail;
}

QString elideLocation(const QString &location, const QString &keep, int width, const Advance &advance)
{
    if (advance(location) <= width)
        return location;
    // The pieces: the words, each cut again after every '/', '?', '&' and ',' of a path or a URI.
    QStringList parts;
    for (const QString &word : pieces(location)) {
        qsizetype from = 0;
        for (qsizetype i = 0; i < word.size(); ++i) {
            if (QStringView(u"/?&,").contains(word.at(i)) && i + 1 < word.size() && !word.at(i + 1).isSpace()) {
                parts << word.mid(from, i + 1 - from);
                from = i + 1;
            }
        }
        parts << word.mid(from);
    }
    const int n = int(parts.size());
    // The piece to keep: the last that holds `keep` (a file's name ends its path).
    int kept = -1;
    for (int i = n - 1; i >= 0 && !keep.isEmpty() && kept < 0; --i) {
        if (parts.at(i).contains(keep))
            kept = i;
    }
    // What is shown: the pieces but for at most two gaps, [h, a) before the kept run [a, b) and
    // [b, e) after it, each drawn as "…" (without a piece to keep, one gap anywhere). The longest
    // that fits wins; lengths are counted first, and drawn widths measured longest first.
    QList<int> start(n + 1, 0);
    for (int i = 0; i < n; ++i)
        start[i + 1] = start[i] + int(parts.at(i).size());
    const auto length = [&start](int from, int to) { return start[to] - start[from]; };
    struct Cut {
        int h, a, b, e;
        int length;
    };
    QList<Cut> cuts;
    // (A head and a tail of at most kEnds pieces: a path hundreds of folders deep is cut as fast.)
    constexpr int kEnds = 8;
    if (kept >= 0) {
        for (int a = 0; a <= kept; ++a)
            for (int h = 0; h <= qMin(a, kEnds); ++h)
                for (int b = kept + 1; b <= n; ++b)
                    for (int e = qMax(b, n - kEnds); e <= n; ++e) {
                        if (h < a || b < e)
                            cuts.append({h, a, b, e, length(0, h) + (h < a) + length(a, b) + (b < e) + length(e, n)});
                    }
    } else {
        for (int h = 0; h < qMin(n, kEnds + 1); ++h)
            for (int e = qMax(h + 1, n - kEnds); e <= n; ++e)
                cuts.append({h, h, e, e, length(0, h) + 1 + length(e, n)}); // the gap [h, e)
    }
    std::stable_sort(cuts.begin(), cuts.end(), [](const Cut &x, const Cut &y) { return x.length > y.length; });
    const QString ellipsis(kEllipsis);
    const auto join = [&parts](int from, int to) {
        QString s;
        for (int i = from; i < to; ++i)
            s += parts.at(i);
        return s;
    };
    for (const Cut &c : std::as_const(cuts)) {
        const QString shown = kept >= 0 ? join(0, c.h) + (c.h < c.a ? ellipsis : QString()) + join(c.a, c.b)
                                              + (c.b < c.e ? ellipsis : QString()) + join(c.e, n)
                                        : join(0, c.h) + ellipsis + join(c.e, n);
        if (advance(shown) <= width)
            return shown;
    }
    // Not even the kept piece with "…" beside it: that all the same, wider than the room.
    if (kept < 0)
        return QString();
    return (kept > 0 ? ellipsis : QString()) + parts.at(kept) + (kept + 1 < n ? ellipsis : QString());
}

QString unbreakable(const QString &text)
{
    QString out;
    for (int i = 0; i < text.size(); ++i) {
        if (i > 0 && !text.at(i).isLowSurrogate())
            out += kWordJoiner;
        out += isSpace(text.at(i).unicode()) ? QChar(QChar::Nbsp) : text.at(i);
    }
    return out;
}

namespace {
// The positions in `text` that `keep(piece, i)` picks among the characters of each piece's token
// (the piece without the spaces around it), `from` characters into the token.
QList<int> positionsInTokens(const QString &text, int from, const std::function<bool(const QString &, int)> &keep)
{
    QList<int> out;
    int at = 0;
    for (const QString &piece : pieces(text)) {
        int start = 0;
        while (start < piece.size() && piece.at(start).isSpace())
            ++start;
        int end = int(piece.size());
        while (end > start && piece.at(end - 1).isSpace())
            --end;
        for (int i = start + from; i < end; ++i) {
            if (keep(piece, i))
                out << at + i;
        }
        at += int(piece.size());
    }
    return out;
}

// The spaces inside tokens (a time's, a duration's: "11-28 20:53:40 UTC"): Qt's layout ends a
// line after any space, word joiner or not, so these become no-break spaces.
QList<int> spacesInside(const QString &text)
{
    return positionsInTokens(text, 0, [](const QString &piece, int i) { return isSpace(piece.at(i).unicode()); });
}
} // namespace

QList<int> joints(const QString &text)
{
    // Between two characters of a token, but for a surrogate pair's two halves.
    return positionsInTokens(text, 1, [](const QString &piece, int i) { return !piece.at(i).isLowSurrogate(); });
}

QString wrappable(const QString &text)
{
    const QList<int> at = joints(text);
    const QList<int> spaces = spacesInside(text);
    QString out;
    for (int i = 0; i < text.size(); ++i) {
        if (std::binary_search(at.cbegin(), at.cend(), i))
            out += kWordJoiner;
        out += std::binary_search(spaces.cbegin(), spaces.cend(), i) ? QChar(QChar::Nbsp) : text.at(i);
    }
    return out;
}

void keepTokensWhole(QTextDocument &document)
{
    QTextOption option = document.defaultTextOption();
    option.setWrapMode(QTextOption::WordWrap);
    document.setDefaultTextOption(option);
    const QChar joiner = kWordJoiner;
    const bool undo = document.isUndoRedoEnabled();
    document.setUndoRedoEnabled(false);
    QTextCursor cursor(&document);
    cursor.beginEditBlock();
    // Fragment by fragment (a run of one format: a link, a bold word), each written again with its
    // joiners, from the document's end so that what is written does not move what is still to come.
    for (QTextBlock block = document.lastBlock(); block.isValid(); block = block.previous()) {
        const QList<int> at = joints(block.text());
        const QList<int> spaces = spacesInside(block.text());
        if (at.isEmpty())
            continue;
        QList<QTextFragment> fragments;
        for (QTextBlock::iterator it = block.begin(); !it.atEnd(); ++it)
            fragments << it.fragment();
        for (auto f = fragments.crbegin(); f != fragments.crend(); ++f) {
            const QString text = f->text();
            if (!f->isValid() || text.contains(QChar::ObjectReplacementCharacter)) // an image: left as it is
                continue;
            const int from = f->position() - block.position();
            QString joined;
            for (int i = 0; i < text.size(); ++i) {
                if ((i > 0 || from > 0) && std::binary_search(at.cbegin(), at.cend(), from + i))
                    joined += joiner;
                joined += std::binary_search(spaces.cbegin(), spaces.cend(), from + i) ? QChar(QChar::Nbsp) : text.at(i);
            }
            if (joined == text)
                continue;
            cursor.setPosition(f->position());
            cursor.setPosition(f->position() + f->length(), QTextCursor::KeepAnchor);
            cursor.insertText(joined, f->charFormat());
        }
    }
    cursor.endEditBlock();
    document.setUndoRedoEnabled(undo);
}

} // namespace ledger::app::textfit
