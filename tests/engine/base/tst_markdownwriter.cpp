// The one Markdown writer: each block's exact text, the blank lines between
// blocks, and text from a trace escaped the safe way (character references
// and code spans, never a backslash that Python-Markdown would show).
#include "engine/base/text/markdownwriter.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using MD = MarkdownWriter;

TEST(MarkdownWriter, BlocksAreSeparatedByOneBlankLine)
{
    MD md;
    md.heading(1, QStringLiteral("Title"));
    md.bullet(QStringLiteral("one"));
    md.bullet(QStringLiteral("two"));
    md.paragraph(QStringLiteral("Text."));
    md.heading(2, QStringLiteral("Part"));
    md.bullet(QStringLiteral("last"));
    EXPECT_EQ(md.text(), QStringLiteral("# Title\n\n- one\n- two\n\nText.\n\n## Part\n\n- last\n\n"));
}

TEST(MarkdownWriter, TableAlignsAndPadsShortRows)
{
    MD md;
    md.table({ QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") },
        { { QStringLiteral("1") }, { QStringLiteral("2"), QStringLiteral("x") } }, { MD::Align::Right, MD::Align::Left, MD::Align::Right });
    EXPECT_EQ(md.text(), QStringLiteral("| a | b | c |\n|---:|---|---:|\n| 1 |  |  |\n| 2 | x |  |\n\n"));
}

TEST(MarkdownWriter, PipeInACellCannotSplitTheRow)
{
    MD md;
    md.table({ QStringLiteral("name"), QStringLiteral("note") },
        { { MD::code(QStringLiteral("a|b"), MarkdownPlace::TableCell), MD::plain(QStringLiteral("x|y")) } });
    EXPECT_EQ(md.text(), QStringLiteral("| name | note |\n|---|---|\n| `a\\|b` | x&#124;y |\n\n"));
}

TEST(MarkdownWriter, PlainTextKeepsWordUnderscoresAndDisarmsEmphasis)
{
    // `_` inside a word stays (names read as written); `*` and a `_` that
    // could open emphasis become character references, not backslashes.
    EXPECT_EQ(MD::plain(QStringLiteral("triton_poi_fused_add_0")), QStringLiteral("triton_poi_fused_add_0"));
    EXPECT_EQ(MD::plain(QStringLiteral("record_shapes=True *x* _y_")), QStringLiteral("record_shapes=True &#42;x&#42; &#95;y&#95;"));
    EXPECT_FALSE(MD::plain(QStringLiteral("a*b_c\\d")).contains(u'\\'));
}

TEST(MarkdownWriter, CodeSpanFenceOutgrowsBackticksInside)
{
    EXPECT_EQ(MD::code(QStringLiteral("plain"), MarkdownPlace::Prose), QStringLiteral("`plain`"));
    EXPECT_EQ(MD::code(QStringLiteral("a`b"), MarkdownPlace::Prose), QStringLiteral("``a`b``"));
    EXPECT_EQ(MD::code(QStringLiteral("`x``"), MarkdownPlace::Prose), QStringLiteral("``` `x`` ```"));
    // In prose a pipe stays as it is; the default place is a table cell.
    EXPECT_EQ(MD::code(QStringLiteral("a|b"), MarkdownPlace::Prose), QStringLiteral("`a|b`"));
    EXPECT_EQ(MD::code(QStringLiteral("a|b")), QStringLiteral("`a\\|b`"));
}

TEST(MarkdownWriter, CodeBlockFenceOutgrowsBackticksInside)
{
    MD md;
    md.codeBlock({ QStringLiteral("def f():"), QStringLiteral("    ````md"), QStringLiteral("    return 1") }, QStringLiteral("python"));
    EXPECT_EQ(md.text(), QStringLiteral("`````python\ndef f():\n    ````md\n    return 1\n`````\n\n"));
}

TEST(MarkdownWriter, ImageTargetIsARelativePathThatNamesNoScheme)
{
    EXPECT_EQ(MD::image(QStringLiteral("Roofline"), u"roof line.png"), QStringLiteral("![Roofline](./roof%20line.png)"));
    EXPECT_EQ(MD::image(QStringLiteral("x"), u"javascript:alert(1)"), QStringLiteral("![x](./javascript%3Aalert%281%29)"));
}
