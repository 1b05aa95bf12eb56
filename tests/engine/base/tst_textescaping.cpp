// Text from a trace escaped for where it goes: each function run over one
// table of hostile strings, and its output read back by the rules of the
// place it goes (a CommonMark code span, an entity-decoded Markdown text,
// a percent-decoded link target, an RFC 4180 field), which must give the
// text back, readable, with nothing live left in it.
#include "engine/base/textescaping.h"

#include <QRegularExpression>
#include <QUrl>
#include <cctype>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

const QStringList& hostileStrings()
{
    static const QStringList strings = {
        QString(),
        QStringLiteral(" "),
        QStringLiteral("triton_poi_fused_add_0"),
        QStringLiteral("`"),
        QStringLiteral("```"),
        QStringLiteral("a`b``c```d"),
        QStringLiteral("`<img src=x onerror=alert(1)>`"),
        QStringLiteral("x` <img src=x onerror=alert(1)> `y"),
        QStringLiteral("[click](javascript:alert(1))"),
        QStringLiteral("](javascript:alert(1))"),
        QStringLiteral("<script>alert(1)</script>"),
        QStringLiteral("javascript:alert(1)"),
        QStringLiteral("line\rbreak"),
        QStringLiteral("line\nbreak\r\n"),
        QStringLiteral("tab\there"),
        QStringLiteral("=cmd|' /C calc'!A0"),
        QStringLiteral("@SUM(1+1)"),
        QStringLiteral("+1"),
        QStringLiteral("-1"),
        QStringLiteral("\t=1"),
        QStringLiteral("|a|b|"),
        QStringLiteral("# heading"),
        QStringLiteral("1. item"),
        QStringLiteral("> quote"),
        QStringLiteral("*bold* _it_ ~~gone~~"),
        QStringLiteral("back\\slash\\"),
        QStringLiteral("triton_poi[fused_add_0\\|=k]used_``\\"),
        QStringLiteral("\\\\|\\||\\\\\\|"),
        QStringLiteral("&lt;b&gt; &amp;"),
        QStringLiteral("name with space (1).png"),
        QStringLiteral("../up/../and:colon"),
        QString(QChar(0x01)) + QChar(0x1f) + QChar(0x7f) + QChar(0x85) + QChar(0x2028) + QChar(0x2029),
        QStringLiteral("Δ 名前 ✓"),
        QString(300, u'`'),
    };
    return strings;
}

bool hasControl(const QString& text)
{
    for (QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || (u >= 0x7f && u <= 0x9f) || u == 0x2028 || u == 0x2029)
            return true;
    }
    return false;
}

// A code span's content as CommonMark reads it: between the opening run of
// N backticks and the next run of exactly N, one space stripped each side
// when both sides have one and it is not all spaces.
std::optional<QString> readCodeSpan(const QString& span)
{
    qsizetype fence = 0;
    while (fence < span.size() && span[fence] == u'`')
        ++fence;
    if (fence == 0)
        return std::nullopt;
    for (qsizetype i = fence; i < span.size();) {
        if (span[i] != u'`') {
            ++i;
            continue;
        }
        qsizetype run = 0;
        while (i + run < span.size() && span[i + run] == u'`')
            ++run;
        if (run == fence) {
            if (i + run != span.size())
                return std::nullopt; // the span closes before the end: the rest would be live
            QString content = span.mid(fence, i - fence);
            if (content.size() >= 2 && content.startsWith(u' ') && content.endsWith(u' ') && !content.trimmed().isEmpty())
                content = content.mid(1, content.size() - 2);
            return content;
        }
        i += run;
    }
    return std::nullopt;
}

QString decodeNumericReferences(QString text)
{
    static const QRegularExpression reference(QStringLiteral("&#([0-9]+);"));
    QString out;
    qsizetype at = 0;
    auto it = reference.globalMatch(text);
    while (it.hasNext()) {
        const auto match = it.next();
        out += text.mid(at, match.capturedStart() - at);
        out += QChar(char16_t(match.captured(1).toInt()));
        at = match.capturedEnd();
    }
    return out + text.mid(at);
}

// One RFC 4180 field back to its text; nullopt if it is not one field.
std::optional<QString> readCsvField(const QString& field)
{
    if (!field.startsWith(u'"'))
        return field.contains(u',') || field.contains(u'"') || field.contains(u'\n') || field.contains(u'\r') ? std::nullopt
                                                                                                              : std::optional(field);
    if (field.size() < 2 || !field.endsWith(u'"'))
        return std::nullopt;
    const QString inner = field.mid(1, field.size() - 2);
    for (qsizetype i = 0; i < inner.size(); ++i) {
        if (inner[i] == u'"' && (i + 1 >= inner.size() || inner[++i] != u'"'))
            return std::nullopt; // a lone quote ends the field early
    }
    QString text = inner;
    return text.replace(QStringLiteral("\"\""), QStringLiteral("\""));
}

// The `|` that split a GFM table row: its scanner reads a backslash and
// the ASCII punctuation after it as one escaped pair, from left to right,
// and splits at every other pipe.
int rowSplittingPipes(const QString& cell)
{
    int pipes = 0;
    for (qsizetype i = 0; i < cell.size(); ++i) {
        if (cell[i] == u'\\' && i + 1 < cell.size() && cell[i + 1].unicode() < 0x80 && std::ispunct(cell[i + 1].unicode())) {
            ++i;
            continue;
        }
        pipes += cell[i] == u'|';
    }
    return pipes;
}

// What a cell's span holds for a text: every pipe escaped, and a text's odd
// run of backslashes before one made even.
QString tableCellPipesEscaped(const QString& text)
{
    QString out;
    qsizetype run = 0;
    for (QChar c : text) {
        if (c == u'|') {
            out += QString(run % 2, u'\\') + QStringLiteral("\\|");
            run = 0;
            continue;
        }
        run = c == u'\\' ? run + 1 : 0;
        out += c;
    }
    return out;
}

} // namespace

TEST(TextEscaping, PrintableTextShowsEveryControlCharacterAsAPicture)
{
    for (const QString& text : hostileStrings()) {
        const QString out = printableText(text);
        EXPECT_FALSE(hasControl(out)) << text.toStdString();
        EXPECT_EQ(out.size(), text.size()) << "one character for one: " << text.toStdString();
    }
    EXPECT_EQ(printableText(u"a\rb\n"), QStringLiteral("a\u240db\u240a"));
    EXPECT_EQ(printableText(u"\x7f"), QStringLiteral("\u2421"));
    EXPECT_EQ(printableText(u"triton_poi_fused_add_0"), QStringLiteral("triton_poi_fused_add_0"));
}

TEST(TextEscaping, ACodeSpanHoldsItsTextLiterallyAndEndsWhereItEnds)
{
    for (const QString& text : hostileStrings()) {
        for (MarkdownPlace place : { MarkdownPlace::Prose, MarkdownPlace::TableCell }) {
            const QString span = markdownCodeSpan(text, place);
            EXPECT_FALSE(hasControl(span)) << text.toStdString();
            const auto content = readCodeSpan(span);
            ASSERT_TRUE(content.has_value()) << "not one code span: " << span.toStdString();
            QString expected = printableText(text);
            if (place == MarkdownPlace::TableCell) {
                expected = tableCellPipesEscaped(expected);
                EXPECT_EQ(rowSplittingPipes(span), 0) << span.toStdString();
            }
            EXPECT_EQ(*content, expected.isEmpty() ? QStringLiteral(" ") : expected) << span.toStdString();
        }
    }
    EXPECT_EQ(markdownCodeSpan(u"triton_poi_fused_add_0"), QStringLiteral("`triton_poi_fused_add_0`"));
    EXPECT_EQ(markdownCodeSpan(u"a`b"), QStringLiteral("``a`b``"));
    EXPECT_EQ(markdownCodeSpan(u"`x"), QStringLiteral("`` `x ``"));
    // A backslash right before a pipe (found by fuzz_report): `\\|` would be
    // an escaped backslash and a bare pipe, which splits the row.
    EXPECT_EQ(markdownCodeSpan(u"add_0\\|k", MarkdownPlace::TableCell), QStringLiteral("`add_0\\\\\\|k`"));
    EXPECT_EQ(markdownCodeSpan(u"a\\\\|b", MarkdownPlace::TableCell), QStringLiteral("`a\\\\\\|b`"));
    EXPECT_EQ(rowSplittingPipes(markdownCodeSpan(u"x\\|y\\\\\\||", MarkdownPlace::TableCell)), 0);
}

TEST(TextEscaping, MarkdownTextHasNoMarkupLeftAndDecodesBack)
{
    for (const QString& text : hostileStrings()) {
        const QString out = markdownText(text);
        EXPECT_FALSE(hasControl(out)) << text.toStdString();
        const QString outsideReferences = QString(out).remove(QRegularExpression(QStringLiteral("&#[0-9]+;")));
        EXPECT_FALSE(outsideReferences.contains(u'&')) << "a bare & could start a reference: " << out.toStdString();
        for (QChar live : { u'<', u'>', u'`', u'[', u']', u'|', u'*', u'\\', u'~' })
            EXPECT_FALSE(outsideReferences.contains(live)) << "'" << QString(live).toStdString() << "' in " << out.toStdString();
        EXPECT_EQ(decodeNumericReferences(out), printableText(text)) << out.toStdString();
        if (!out.isEmpty()) {
            EXPECT_FALSE(QStringLiteral("-+=0123456789").contains(out.front())) << "opens a block: " << out.toStdString();
        }
    }
    EXPECT_EQ(markdownText(u"AMD Instinct MI300X"), QStringLiteral("AMD Instinct MI300X"));
    // `_` inside a word and `#` after a non-space open nothing: kept, so a
    // kernel's name stays readable; anywhere else they are references.
    EXPECT_EQ(markdownText(u"triton_poi_fused_add_0 ProfilerStep#3"), QStringLiteral("triton_poi_fused_add_0 ProfilerStep#3"));
    EXPECT_EQ(markdownText(u"_it_ # h __x"), QStringLiteral("&#95;it&#95; &#35; h &#95;&#95;x"));
    for (const QString& text : hostileStrings()) {
        const QString out = QString(markdownText(text)).remove(QRegularExpression(QStringLiteral("&#[0-9]+;")));
        for (qsizetype i = 0; i < out.size(); ++i) {
            if (out[i] == u'_') {
                EXPECT_TRUE(i > 0 && i + 1 < out.size() && out[i - 1].isLetterOrNumber() && out[i + 1].isLetterOrNumber())
                    << out.toStdString();
            }
            if (out[i] == u'#') {
                EXPECT_TRUE(i > 0 && !out[i - 1].isSpace()) << out.toStdString();
            }
        }
    }
}

TEST(TextEscaping, OurTextQuotingNamesGetsCodeSpansAndTextAroundThem)
{
    EXPECT_EQ(markdownTextWithCode(u"no model: `cunn_SoftMaxForward` 153.7 ms", MarkdownPlace::TableCell),
        QStringLiteral("no model: `cunn_SoftMaxForward` 153.7 ms"));
    // A hostile name inside the quotes stays in its span; one that holds
    // backticks splits the text elsewhere, and each piece is escaped for
    // what it is taken as: nothing live either way.
    EXPECT_EQ(markdownTextWithCode(u"x `<img src=1 onerror=2>` <b>"), QStringLiteral("x `<img src=1 onerror=2>` &#60;b&#62;"));
    EXPECT_EQ(markdownTextWithCode(u"a `b` c `<d>"), QStringLiteral("a `b` c &#96;&#60;d&#62;"));
    const QString split = markdownTextWithCode(u"no model: `x`<img src=1 onerror=2>`` 1 ms");
    EXPECT_FALSE(split.contains(QStringLiteral(" <img"))) << split.toStdString();
}

TEST(TextEscaping, ALinkTargetIsOnePathWithNoSchemeAndDecodesBack)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9._~/%-]*$"));
    for (const QString& text : hostileStrings()) {
        const QString target = markdownLinkTarget(text);
        EXPECT_TRUE(safe.match(target).hasMatch()) << target.toStdString();
        EXPECT_TRUE(target.startsWith(u'.') || target.startsWith(u'/')) << target.toStdString();
        const QString path = target.startsWith(QStringLiteral("./")) && !text.startsWith(QStringLiteral("./")) ? target.mid(2) : target;
        EXPECT_EQ(QUrl::fromPercentEncoding(path.toUtf8()), text) << target.toStdString();
    }
    EXPECT_EQ(markdownLinkTarget(u"roofline (1).png"), QStringLiteral("./roofline%20%281%29.png"));
    EXPECT_EQ(markdownLinkTarget(u"javascript:alert(1)"), QStringLiteral("./javascript%3Aalert%281%29"));
    EXPECT_EQ(markdownLinkTarget(u"/tmp/out/roofline.png"), QStringLiteral("/tmp/out/roofline.png"));
}

TEST(TextEscaping, ACsvTextFieldIsOneFieldAndNeverAFormula)
{
    for (const QString& text : hostileStrings()) {
        const QString field = csvTextField(text);
        const auto read = readCsvField(field);
        ASSERT_TRUE(read.has_value()) << "not one field: " << field.toStdString();
        const bool formulaStart = !text.isEmpty() && QStringLiteral("=+-@\t\r").contains(text.front());
        EXPECT_EQ(*read, formulaStart ? u'\'' + text : text) << field.toStdString();
        if (!read->isEmpty()) {
            EXPECT_FALSE(QStringLiteral("=+-@\t\r").contains(read->front())) << field.toStdString();
        }
    }
    EXPECT_EQ(csvTextField(u"triton_poi_fused_add_0"), QStringLiteral("triton_poi_fused_add_0"));
    EXPECT_EQ(csvTextField(u"a,b"), QStringLiteral("\"a,b\""));
    EXPECT_EQ(csvTextField(u"a\rb"), QStringLiteral("\"a\rb\""));
    EXPECT_EQ(csvTextField(u"=1+1"), QStringLiteral("'=1+1"));
}
