// Bytes per element: Ridgeline's table against TraceLens's eight names.
#include "engine/perfmodel/dtypes.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

TEST(Dtypes, TraceLensTable)
{
    EXPECT_EQ(traceLensBytesPerElement(u"c10::BFloat16"), 2);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Half"), 2);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Float"), 4);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Double"), 8);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Byte"), 1);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Char"), 1);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Int"), 4);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Long"), 8);
    // The blind spots of spec section 9.
    EXPECT_EQ(traceLensBytesPerElement(u"float"), 0);
    EXPECT_EQ(traceLensBytesPerElement(u"long int"), 0);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Bool"), 0);
    EXPECT_EQ(traceLensBytesPerElement(u"c10::Float8_e4m3fnuz"), 0);
}

TEST(Dtypes, RidgelineKnowsPlainAndFloat8Names)
{
    EXPECT_EQ(bytesPerElement(u"c10::BFloat16"), 2);
    EXPECT_EQ(bytesPerElement(u"float"), 4);
    EXPECT_EQ(bytesPerElement(u"double"), 8);
    EXPECT_EQ(bytesPerElement(u"long int"), 8);
    EXPECT_EQ(bytesPerElement(u"int"), 4);
    EXPECT_EQ(bytesPerElement(u"c10::Bool"), 1);
    EXPECT_EQ(bytesPerElement(u"c10::Float8_e4m3fnuz"), 1);
    EXPECT_EQ(bytesPerElement(u"c10::Float8_e5m2"), 1);
    EXPECT_EQ(bytesPerElement(u"c10::ComplexFloat"), 8);
    EXPECT_FALSE(bytesPerElement(u"c10::MysteryType").has_value());
    EXPECT_FALSE(bytesPerElement(u"Scalar").has_value());
}

TEST(Dtypes, PointerTypes)
{
    EXPECT_EQ(pointerBytesPerElement(u"*bf16"), 2);
    EXPECT_EQ(pointerBytesPerElement(u"*fp16"), 2);
    EXPECT_EQ(pointerBytesPerElement(u"*f16"), 2);
    EXPECT_EQ(pointerBytesPerElement(u"*fp32"), 4);
    EXPECT_EQ(pointerBytesPerElement(u"*i8"), 1);
    EXPECT_EQ(pointerBytesPerElement(u"*u8"), 1);
    EXPECT_EQ(pointerBytesPerElement(u"*i32"), 4);
    EXPECT_EQ(pointerBytesPerElement(u"*i64"), 8);
    EXPECT_FALSE(pointerBytesPerElement(u"i32").has_value());
}
