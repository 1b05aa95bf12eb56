// The reader's table of distinct names: ids in the order first seen, the
// same bytes always the same id, different bytes never, and the QStrings
// appended to the list the trace keeps.
#include "engine/input/records/utf8nametable.h"

#include <gtest/gtest.h>
#include <string>

using namespace Ridgeline;

TEST(Utf8NameTable, IdsCountInTheOrderNamesAreFirstSeen)
{
    QStringList names;
    Utf8NameTable table(&names);
    EXPECT_EQ(table.intern("triton_poi_fused_add_0"), 0u);
    EXPECT_EQ(table.intern("Cijk_Alik_Bljk_HHS_BH_MT128x128x32"), 1u);
    EXPECT_EQ(table.intern("triton_poi_fused_add_0"), 0u);
    EXPECT_EQ(table.intern(""), 2u); // an empty name is a name
    EXPECT_EQ(table.intern(""), 2u);
    EXPECT_EQ(table.size(), 3u);
    EXPECT_EQ(
        names, (QStringList { QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("Cijk_Alik_Bljk_HHS_BH_MT128x128x32"), QString() }));
    EXPECT_EQ(table.find("Cijk_Alik_Bljk_HHS_BH_MT128x128x32"), std::optional<std::uint32_t>(1));
    EXPECT_EQ(table.find("triton_poi_fused_add_1"), std::nullopt);
    EXPECT_EQ(table.find("triton_poi_fused_add"), std::nullopt); // a prefix of a kept name is another name
}

TEST(Utf8NameTable, IdsFollowTheNamesTheListHeldBefore)
{
    QStringList names { QStringLiteral("kept before") };
    Utf8NameTable table(&names);
    EXPECT_EQ(table.intern("a"), 1u);
    EXPECT_EQ(table.find("a"), std::optional<std::uint32_t>(1));
    EXPECT_EQ(names.size(), 2);
}

TEST(Utf8NameTable, DifferentBytesAreDifferentNamesEvenWhereTheirTextReadsTheSame)
{
    // Two invalid UTF-8 sequences both read as U+FFFD: the bytes decide.
    QStringList names;
    Utf8NameTable table(&names);
    const std::uint32_t a = table.intern("k\xff");
    const std::uint32_t b = table.intern("k\xfe");
    EXPECT_NE(a, b);
    EXPECT_EQ(names[0], names[1]);
    EXPECT_EQ(table.intern("k\xff"), a);
    // Embedded NULs are bytes like any other.
    EXPECT_NE(table.intern(std::string_view("a\0b", 3)), table.intern(std::string_view("a\0c", 3)));
}

TEST(Utf8NameTable, ManyNamesEachFoundAgainByItsOwnId)
{
    QStringList names;
    Utf8NameTable table(&names);
    constexpr std::uint32_t count = 50'000;
    for (std::uint32_t i = 0; i < count; ++i)
        ASSERT_EQ(table.intern("kernel_" + std::to_string(i)), i);
    for (std::uint32_t i = 0; i < count; i += 7)
        ASSERT_EQ(table.find("kernel_" + std::to_string(i)), std::optional<std::uint32_t>(i));
    EXPECT_EQ(names[qsizetype(count - 1)], QStringLiteral("kernel_49999"));
    EXPECT_EQ(table.find("kernel_" + std::to_string(count)), std::nullopt);
}
