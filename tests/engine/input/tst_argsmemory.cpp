// Issue 34, from the last round: 1,500 ops with four 4,096-entry arg lists
// held gigabytes. The args reader keeps one copy of each Input type and
// Concrete Inputs entry, shared by every list that holds it, and the lists
// of distinct args up to a cap of memory, past which an op's are dropped
// with a reason (its row timed only).
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

namespace {

// One tensor of dims [D, 2]: its lists cost, as the reader counts them,
// 64 (dims: the optional vector and its two dims) + 64 (strides) + 32 (a
// type) + 56 (a Concrete Inputs entry) + 2 x 8 + 2 x 9 + 2 x 8 + 2 x 4 (the
// canonical texts [[D, 2]], ["float"], [[2, 1]] and [""], UTF-16) = 274 bytes.
std::string oneTensorArgs(int d)
{
    // Appended, not `literal + std::to_string(d) + ...`: GCC 14 at -O2 warns
    // of a memcpy out of bounds in that (-Warray-bounds, a false positive).
    std::string args = R"({"Input Dims": [[)";
    args += std::to_string(d);
    args += R"(, 2]], "Input type": ["float"], "Input Strides": [[2, 1]], "Concrete Inputs": [""]})";
    return args;
}

} // namespace

TEST(ArgsMemory, DistinctListsPastTheCapAreDroppedWithAReason)
{
    EventArgsReader reader(600); // two of the 274-byte args, not three
    std::int64_t id = -1;
    const auto first = reader.readTritonOpArgs(oneTensorArgs(1), &id);
    const auto second = reader.readTritonOpArgs(oneTensorArgs(3), &id);
    EXPECT_EQ(reader.keptListBytes(), 548u);
    ASSERT_TRUE(second->hasInputDims);
    ASSERT_EQ(second->inputDims.size(), 1u);
    EXPECT_EQ(second->inputDims[0], (std::vector<std::int64_t> { 3, 2 }));
    EXPECT_TRUE(second->malformed.isEmpty());

    const auto third = reader.readTritonOpArgs(oneTensorArgs(5), &id);
    EXPECT_EQ(reader.keptListBytes(), 548u);
    EXPECT_EQ(reader.droppedListArgs(), 1u);
    EXPECT_FALSE(third->hasInputDims || third->hasInputTypes || third->hasInputStrides || third->hasConcreteInputs);
    EXPECT_TRUE(third->inputDims.empty() && third->inputTypes.isEmpty() && third->inputDimsJson.isEmpty());
    EXPECT_EQ(third->malformed,
        QStringLiteral("Input Dims, Input type, Input Strides and Concrete Inputs (4 entries) not kept: "
                       "the trace's distinct arg lists passed the reader's 0.000572 MB"));

    // Past the cap, args already kept are still shared, whole.
    EXPECT_EQ(reader.readTritonOpArgs(oneTensorArgs(1), &id), first);
    // Dropped args of the same size are one copy too.
    EXPECT_EQ(reader.readTritonOpArgs(oneTensorArgs(7), &id), third);
    EXPECT_EQ(reader.droppedListArgs(), 2u);
    EXPECT_EQ(reader.keptListBytes(), 548u);
}

// The V2 model gives such a row its time only, naming why.
TEST(ArgsMemory, ArgsWithoutListsKeepTheirOtherFields)
{
    EventArgsReader reader(0);
    std::int64_t id = -1;
    const auto args = reader.readTritonOpArgs(
        R"({"External id": 12, "Input Dims": [[4]], "Input type": ["float"], "kernel_file": "/tmp/k.py", "num_warps": 4})", &id);
    EXPECT_EQ(id, 12);
    EXPECT_EQ(args->kernelFile, QStringLiteral("/tmp/k.py"));
    EXPECT_EQ(args->numWarps, 4);
    EXPECT_FALSE(args->hasInputDims);
    EXPECT_TRUE(
        args->malformed.startsWith(QStringLiteral("Input Dims, Input type, Input Strides and Concrete Inputs (2 entries) not kept")))
        << qPrintable(args->malformed);
    // Args with no lists at all cost nothing and are never dropped.
    EXPECT_TRUE(reader.readTritonOpArgs(R"({"External id": 13})", &id)->malformed.isEmpty());
}
