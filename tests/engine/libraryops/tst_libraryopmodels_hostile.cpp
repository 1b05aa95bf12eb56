// Every library-op model is total: whatever the args (none, empty, huge,
// negative, mismatched, garbage text), it gives usable figures or nullopt
// with a reason, never a crash, undefined behaviour or an absurd figure.
// One table of hostile args, run against every modelled op name.
#include "engine/input/eventargsreader.h"
#include "engine/libraryops/models/libraryopmodel.h"
#include "engine/libraryops/models/opargs.h"

#include <cctype>
#include <cmath>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

struct Hostile
{
    const char* label;
    const char* args;
};

// clang-format off
const Hostile hostileArgs[] = {
    { "no args", R"({})" },
    { "empty lists", R"({"Input Dims": [], "Input type": [], "Concrete Inputs": []})" },
    { "every arg a scalar", R"({"Input Dims": [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []], "Input type": ["Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", ""]})" },
    { "zero-sized tensors", R"({"Input Dims": [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0, 0, 0], [0], [0], [0], [0], [0], [0], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "int", "int", "", "", "", "", ""], "Concrete Inputs": ["", "", "", "", "", "", "", "0", "0", "0", "0", "[False, False, False]"]})" },
    { "huge dims", R"({"Input Dims": [[4611686018427387904, 4611686018427387904], [4611686018427387904, 4611686018427387904], [4611686018427387904], [4611686018427387904, 4611686018427387904, 4611686018427387904, 4611686018427387904], [9223372036854775807], [9223372036854775807]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "float", "float", "float"], "Concrete Inputs": ["", "", "", "", "9223372036854775807", "9223372036854775807"]})" },
    { "products past 64 bits", R"({"Input Dims": [[65536, 65536, 65536, 65536, 65536], [65536, 65536, 65536, 65536, 65536], [65536, 65536, 65536, 65536, 65536], [65536, 65536, 65536, 65536, 65536], [65536, 65536, 65536, 65536, 65536]], "Input type": ["float", "float", "float", "float", "float"], "Concrete Inputs": ["", "", "", "", ""]})" },
    { "negative dims", R"({"Input Dims": [[-1, 64], [64, -5], [-3], [-1, -1, -1, -1]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", "", "", ""]})" },
    { "mismatched ranks", R"({"Input Dims": [[2, 3, 4, 5], [7], [1, 2, 3], [9, 9], [1, 1, 1, 1, 1, 1, 1]], "Input type": ["c10::Half", "c10::Half", "c10::Half", "c10::Half", "c10::Half"], "Concrete Inputs": ["", "", "", "", ""]})" },
    { "garbage concrete inputs", R"({"Input Dims": [[2, 4, 8, 8], [4, 4, 3, 3], [4], [], [], [], [], [], [], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar", "", "", "", "", "", "", ""], "Concrete Inputs": ["", "", "", "[0, 0]", "[-9223372036854775807, 3]", "[x]", "maybe", "[1, 2, 3, 4, 5]", "0", "[", "]", "nan", "inf", "-0", "1e308", "[True, 2]"]})" },
    { "zero strides and groups", R"({"Input Dims": [[1, 4, 8, 8], [4, 4, 3, 3], [], [], [], [], [], [], [], [], []], "Input type": ["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar", "Scalar", "ScalarList"], "Concrete Inputs": ["", "", "", "[0, 0]", "[0, 0]", "[0, 0]", "False", "[0, 0]", "0", "0", "[True, True, True]"]})" },
    { "unknown dtypes", R"({"Input Dims": [[8, 8], [8, 8], [8, 8], [8, 8], [8]], "Input type": ["c10::Weird", "", "bool", "c10::ComplexFloat", "Scalar"], "Concrete Inputs": ["", "", "", "", ""]})" },
    { "attention heads that do not divide", R"({"Input Dims": [[1, 3, 16, 8], [1, 2, 16, 8], [1, 2, 16, 8], [5], [3], [], [], [], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "int", "int", "", "", "", "", "", "", "", "", "", ""], "Concrete Inputs": ["", "", "", "", "", "0", "-7", "1", "2", "True", "3", "True", "0", "1", "True"]})" },
};
// clang-format on

class LibraryOpModelsHostile : public ::testing::TestWithParam<Hostile>
{
};

TEST_P(LibraryOpModelsHostile, EveryModelGivesUsableFiguresOrAReason)
{
    const Hostile hostile = GetParam();
    EventArgsReader reader;
    std::int64_t id = -1;
    const auto args = reader.readTritonOpArgs(hostile.args, &id);
    const QStringList ops = modelledLibraryOps();
    ASSERT_GT(ops.size(), 150);
    int modelled = 0;
    for (const QString& op : ops) {
        QString whyNot;
        const auto model = modelLibraryOp(op, *args, &whyNot);
        if (!model) {
            EXPECT_FALSE(whyNot.isEmpty()) << op.toStdString();
            continue;
        }
        ++modelled;
        const double flops = model->figures.flops, bytes = model->figures.bytes;
        EXPECT_TRUE(std::isfinite(flops) && flops >= 0 && flops < 9.2e18) << op.toStdString() << ": " << flops;
        EXPECT_TRUE(std::isnan(bytes) || (bytes >= 0 && bytes < 9.2e18)) << op.toStdString() << ": " << bytes;
        if (model->tracelens) {
            const double tlFlops = model->tracelens->flops, tlBytes = model->tracelens->bytes;
            EXPECT_TRUE(std::isnan(tlFlops) || (tlFlops >= 0 && tlFlops < 9.2e18)) << op.toStdString();
            EXPECT_TRUE(std::isnan(tlBytes) || (tlBytes >= 0 && tlBytes < 9.2e18)) << op.toStdString();
        }
    }
    // The unparsable cases reach no model at all.
    if (QByteArray(hostile.label) == "no args" || QByteArray(hostile.label) == "empty lists") {
        EXPECT_EQ(modelled, 0);
    }
}

std::string caseName(const ::testing::TestParamInfo<Hostile>& info)
{
    std::string name = info.param.label;
    for (char& c : name)
        c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Table, LibraryOpModelsHostile, ::testing::ValuesIn(hostileArgs), caseName);

TEST(LibraryOpModelsHostileNames, UnknownOrMissingArgsSayWhy)
{
    TritonOpArgs none;
    QString whyNot;
    EXPECT_FALSE(modelLibraryOp(u"aten::linear", none, &whyNot));
    EXPECT_TRUE(whyNot.contains(u"no model")) << whyNot.toStdString();
    EXPECT_FALSE(modelLibraryOp(u"aten::mm", none, &whyNot));
    EXPECT_TRUE(whyNot.contains(u"record_shapes")) << whyNot.toStdString();
    EXPECT_FALSE(modelLibraryOp(u"aten::mm", none)); // no reason asked for
}

// The arithmetic the models count with: exact while it fits, invalid after.
TEST(LibraryOpCount, OverflowIsInvalidNeverWrapped)
{
    const Count big = std::int64_t(1) << 62;
    EXPECT_EQ((big + big).valid(), false);
    EXPECT_EQ((big * 2).valid(), false);
    EXPECT_EQ((Count(-big.value()) - big - big).valid(), false);
    EXPECT_EQ((big * 2 + 1).valid(), false); // invalid stays invalid
    EXPECT_TRUE(std::isnan((big * big).toDouble()));
    EXPECT_EQ((big + 1).value(), (std::int64_t(1) << 62) + 1);
    EXPECT_EQ(floorDiv(7, 2).value(), 3);
    EXPECT_EQ(floorDiv(-7, 2).value(), -4); // Python's //
    EXPECT_FALSE(floorDiv(7, 0).valid());
    EXPECT_FALSE(floorDiv(std::numeric_limits<std::int64_t>::min(), -1).valid());
    EXPECT_EQ(product({ 65536, 65536, 65536 }).value(), std::int64_t(1) << 48);
    EXPECT_FALSE(product({ 65536, 65536, 65536, 65536, 65536 }).valid());
    EXPECT_EQ(product({}).value(), 1);
}

// Concrete Inputs as the profiler writes them, and what does not parse.
TEST(LibraryOpConcreteInputs, ParseTheProfilersTextOnly)
{
    EventArgsReader reader;
    std::int64_t id = -1;
    const auto args = reader.readTritonOpArgs(
        R"json({"Input Dims": [[2, 3]], "Input type": ["float"], "Concrete Inputs": ["[1, 2]", "(3, 4)", "5", "[]", "[x]", "[2., 2.]", "[True, False]", "False", "0.", "", "[1, 2", "99999999999999999999", "nan"]})json",
        &id);
    const OpArgs op(*args);
    EXPECT_EQ(op.integerList(0), (std::vector<std::int64_t> { 1, 2 }));
    EXPECT_EQ(op.integerList(1), (std::vector<std::int64_t> { 3, 4 }));
    EXPECT_EQ(op.integerList(2), (std::vector<std::int64_t> { 5 }));
    EXPECT_EQ(op.integerList(3), std::vector<std::int64_t>());
    EXPECT_EQ(op.integerList(4), std::nullopt);
    EXPECT_EQ(op.realList(5), (std::vector<double> { 2.0, 2.0 }));
    EXPECT_EQ(op.booleanList(6), (std::vector<bool> { true, false }));
    EXPECT_EQ(op.boolean(7), false);
    EXPECT_EQ(op.real(8), 0.0);
    EXPECT_EQ(op.integer(9), std::nullopt);
    EXPECT_EQ(op.integerList(9), std::nullopt);
    EXPECT_EQ(op.integerList(10), std::nullopt);
    EXPECT_EQ(op.integer(11), std::nullopt); // past 64 bits
    EXPECT_EQ(op.real(12), std::nullopt); // not finite
    EXPECT_EQ(op.integer(13), std::nullopt); // past the end
    EXPECT_EQ(op.dims(1), nullptr);
    EXPECT_TRUE(op.type(5).isEmpty());
}

} // namespace
