// Issue 34, from the last round: 1,500 ops with four 4,096-entry arg lists
// held gigabytes. The args reader keeps one copy of each Input type and
// Concrete Inputs entry, shared by every list that holds it.
#include "engine/input/eventargsreader.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

TEST(ArgsMemory, EqualEntriesOfTypeAndConcreteListsShareOneCopy)
{
    EventArgsReader reader;
    std::int64_t id = -1;
    const auto first = reader.readTritonOpArgs(
        R"({"Input Dims": [[4], [4], []], "Input type": ["float", "float", "Scalar"], "Concrete Inputs": ["", "", "4"]})", &id);
    const auto second = reader.readTritonOpArgs(
        R"({"Input Dims": [[8], [8], []], "Input type": ["float", "float", "Scalar"], "Concrete Inputs": ["", "", "4"]})", &id);
    ASSERT_NE(first, second); // other dims: other args
    ASSERT_EQ(first->inputTypes, (QStringList { QStringLiteral("float"), QStringLiteral("float"), QStringLiteral("Scalar") }));
    ASSERT_EQ(second->concreteInputs, (QStringList { QString(), QString(), QStringLiteral("4") }));
    EXPECT_EQ(first->inputTypes[0].constData(), first->inputTypes[1].constData());
    EXPECT_EQ(first->inputTypes[0].constData(), second->inputTypes[1].constData());
    EXPECT_EQ(first->inputTypes[2].constData(), second->inputTypes[2].constData());
    EXPECT_EQ(first->concreteInputs[2].constData(), second->concreteInputs[2].constData());
    EXPECT_NE(first->inputTypes[0].constData(), first->inputTypes[2].constData());
}
