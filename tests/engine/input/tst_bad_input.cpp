// Bad input, one tiny fixture per problem: the outcome says which file and
// what is wrong with it, and damage to one event costs that event only.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <functional>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

using Status = AnalysisOutcome::Status;

const QByteArray poiName = "triton_poi_fused_add_0";
const QByteArray poiArgs = R"("Input Dims": [[1024], [1024], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], )"
                           R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "1024"])";

// An op, its launch and a 25 us kernel, all with correlation `id`.
QByteArray linkedCall(double ts, int id, const QByteArray& args = poiArgs)
{
    return tritonOpEvent(poiName, ts, 10, id, args) + ",\n" + launchEvent(ts + 1, 2, id) + ",\n" + flowEnd(id) + ",\n"
        + kernelEvent(poiName, ts + 1000, 25, id);
}

const KernelRow* rowOfKind(const AnalysisResult& result, RowKind kind)
{
    for (const KernelRow& row : result.rows) {
        if (row.kind == kind)
            return &row;
    }
    return nullptr;
}

// ---- Whole-file problems -------------------------------------------------

struct FileCase
{
    const char* name;
    std::function<QString(TempTraces&)> make;
    Status status;
    const char16_t* problem; // in the error (Failed) or in a warning (Ok)
    bool truncated = false;
    int skipped = 0;
};

void PrintTo(const FileCase& c, std::ostream* os)
{
    *os << c.name;
}

class BadInputFile : public ::testing::TestWithParam<FileCase>
{
};

TEST_P(BadInputFile, ReportsTheFileAndTheProblem)
{
    const FileCase& c = GetParam();
    TempTraces traces;
    const QString path = c.make(traces);
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, c.status) << outcome.error.toStdString();
    const QString problem = QString::fromUtf16(c.problem);
    if (c.status == Status::Failed) {
        EXPECT_FALSE(outcome.result);
        EXPECT_TRUE(outcome.error.startsWith(path + u':')) << outcome.error.toStdString();
        EXPECT_TRUE(outcome.error.contains(problem)) << outcome.error.toStdString();
        return;
    }
    ASSERT_TRUE(outcome.result);
    const AnalysisResult& result = *outcome.result;
    EXPECT_EQ(result.tracePath, path);
    EXPECT_EQ(result.events.truncated, c.truncated);
    EXPECT_EQ(result.events.skipped, c.skipped);
    const QString warnings = result.warnings.join(u'\n');
    EXPECT_TRUE(warnings.contains(problem)) << warnings.toStdString();
    if (c.truncated) {
        EXPECT_TRUE(result.warnings.front().startsWith(path + u':')) << warnings.toStdString();
    }
}

QByteArray truncatedTrace()
{
    // Two complete calls, then a third event cut in the middle of its name.
    const QByteArray full = traceJson(linkedCall(100, 1) + ",\n" + linkedCall(200, 2) + ",\n" + kernelEvent(poiName, 5000, 1, 3));
    return full.left(full.lastIndexOf("triton_poi") + 6);
}

const FileCase fileCases[] = {
    { "MissingFile", [](TempTraces& t) { return t.path(QStringLiteral("absent.json")); }, Status::Failed, u"no such file" },
    { "Directory",
        [](TempTraces& t) {
            QDir().mkpath(t.path(QStringLiteral("folder.json")));
            return t.path(QStringLiteral("folder.json"));
        },
        Status::Failed, u"is a directory" },
    { "Fifo", // open() would block until a writer came: refused before it
        [](TempTraces& t) {
            const QString path = t.path(QStringLiteral("fifo.json"));
            ::mkfifo(QFile::encodeName(path).constData(), 0600);
            return path;
        },
        Status::Failed, u"not a regular file (a device, FIFO or socket)" },
    { "EmptyFile", [](TempTraces& t) { return t.write(QStringLiteral("empty.json"), {}); }, Status::Failed, u"the file is empty" },
    { "WhitespaceOnly", [](TempTraces& t) { return t.write(QStringLiteral("blank.json"), " \n\t\r\n "); }, Status::Failed,
        u"only whitespace" },
    { "NotJson", [](TempTraces& t) { return t.write(QStringLiteral("hello.json"), "Hello"); }, Status::Failed,
        u"not JSON: expected '{' or '[' but found 'H'" },
    { "NoTraceEvents", [](TempTraces& t) { return t.write(QStringLiteral("meta.json"), R"({"schemaVersion": 1})"); }, Status::Failed,
        u"no traceEvents array" },
    { "EmptyTraceEvents", [](TempTraces& t) { return t.write(QStringLiteral("none.json"), traceJson({})); }, Status::Failed, u"no events" },
    { "TruncatedJson", [](TempTraces& t) { return t.write(QStringLiteral("cut.json"), truncatedTrace()); }, Status::Ok, u"truncated", true,
        0 },
    { "NumberElement", [](TempTraces& t) { return t.write(QStringLiteral("number.json"), traceJson("7,\n" + linkedCall(100, 1))); },
        Status::Ok, u"not an object", false, 1 },
};

INSTANTIATE_TEST_SUITE_P(BadInput, BadInputFile, ::testing::ValuesIn(fileCases),
    [](const ::testing::TestParamInfo<FileCase>& fileCase) { return std::string(fileCase.param.name); });

TEST(BadInputTruncated, CompleteEventsBeforeTheCutStillGiveRows)
{
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("cut.json"), truncatedTrace()));
    ASSERT_EQ(outcome.status, Status::Ok) << outcome.error.toStdString();
    // 2 calls x 4 events complete before the cut.
    EXPECT_EQ(outcome.result->events.count, 8);
    EXPECT_TRUE(outcome.result->warnings.front().contains(u"showing the 8 events")) << outcome.result->warnings.front().toStdString();
    ASSERT_EQ(outcome.result->rows.size(), 1u);
    const KernelRow& row = outcome.result->rows.front();
    EXPECT_EQ(row.calls, 2);
    ASSERT_TRUE(row.kernelTimeUs);
    EXPECT_DOUBLE_EQ(row.kernelTimeUs->sum, 50.0); // 2 x 25 us
}

TEST(BadInputTruncated, TruncatedGzipFailsOrShowsWhatItRead)
{
    // 400 calls make a stream whose first half of compressed bytes still
    // decompresses to many complete events.
    QByteArray events;
    for (int i = 0; i < 400; ++i)
        events += (i ? ",\n" : "") + linkedCall(100.0 * i, i + 1);
    TempTraces traces;
    QFile file(traces.gzip(QStringLiteral("full.json.gz"), traceJson(events)));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray gz = file.readAll();
    ASSERT_GT(gz.size(), 1000);
    const QString path = traces.write(QStringLiteral("cut.json.gz"), gz.left(gz.size() / 2));

    const AnalysisOutcome outcome = analyze(path);
    // What happens: the decompressor hands over what it could, the reader
    // keeps the events read so far and says the file is cut short.
    ASSERT_EQ(outcome.status, Status::Ok) << outcome.error.toStdString();
    ASSERT_TRUE(outcome.result);
    EXPECT_TRUE(outcome.result->events.truncated);
    ASSERT_FALSE(outcome.result->warnings.isEmpty());
    const QString& warning = outcome.result->warnings.front();
    EXPECT_TRUE(warning.startsWith(path + u':')) << warning.toStdString();
    EXPECT_TRUE(warning.contains(u"truncated")) << warning.toStdString();
    EXPECT_GT(outcome.result->events.count, 0);
    EXPECT_LT(outcome.result->events.count, 1600); // fewer than the 400 x 4 written
    ASSERT_FALSE(outcome.result->rows.empty());
    EXPECT_GT(outcome.result->rows.front().calls, 0);
}

// ---- Damage to single events ---------------------------------------------

struct DamageCase
{
    const char* name;
    QByteArray events;
    RowKind kind; // of the op's row
    Provenance provenance;
    const char16_t* reason; // in that row's reason
    int skipped = 0;
    const char16_t* warning = nullptr; // in the warnings, when events were skipped
};

void PrintTo(const DamageCase& c, std::ostream* os)
{
    *os << c.name;
}

QByteArray opWithArgs(const QByteArray& args)
{
    return linkedCall(100, 1, args);
}

const QByteArray opMissingDur
    = R"({"ph": "X", "cat": "cpu_op", "name": "triton_poi_fused_add_0", "pid": 100, "tid": 1, "ts": 100, "args": {"External id": 1, )"
    + poiArgs + "}},\n" + launchEvent(101, 2, 1) + ",\n" + flowEnd(1) + ",\n" + kernelEvent(poiName, 1100, 25, 1);

const DamageCase damageCases[] = {
    { "NoConcreteInputs", opWithArgs(R"("Input Dims": [[1024]], "Input type": ["c10::Float"])"), RowKind::Launched, Provenance::None,
        u"no Concrete Inputs" },
    { "NoIntegerInConcreteInputs",
        opWithArgs(R"("Input Dims": [[1024], []], "Input type": ["c10::Float", "Scalar"], "Concrete Inputs": ["", ""])"), RowKind::Launched,
        Provenance::None, u"no integer in Concrete Inputs" },
    { "InputDimsNotAList", opWithArgs(R"("Input Dims": 5, "Input type": ["c10::Float"], "Concrete Inputs": ["1024"])"), RowKind::Launched,
        Provenance::None, u"Input Dims is not a list of lists" },
    { "DimsAndTypesDiffer",
        opWithArgs(
            R"("Input Dims": [[1024], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], "Concrete Inputs": ["", "", "1024"])"),
        RowKind::Launched, Provenance::None, u"Input Dims has 2 entries but Input type has 3" },
    { "ConcreteInputOverflows",
        opWithArgs(
            R"("Input Dims": [[1024], []], "Input type": ["c10::Float", "Scalar"], "Concrete Inputs": ["", "99999999999999999999999"])"),
        RowKind::Launched, Provenance::None, u"does not fit in 64 bits" },
    { "DimsProductOverflows", // 2^32 x 2^32 = 2^64 > INT64_MAX
        opWithArgs(
            R"("Input Dims": [[4294967296, 4294967296], []], "Input type": ["c10::Float", "Scalar"], "Concrete Inputs": ["", "1024"])"),
        RowKind::Launched, Provenance::None, u"Input Dims[0] has more elements than fit in 64 bits" },
    { "DimTooBigForAnInteger",
        opWithArgs(
            R"("Input Dims": [[99999999999999999999999], []], "Input type": ["c10::Float", "Scalar"], "Concrete Inputs": ["", "1024"])"),
        RowKind::Launched, Provenance::None, u"Input Dims[0] is not a list of non-negative 64-bit integers" },
    { "NegativeXnumel", opWithArgs(R"("Input Dims": [[1024], []], "Input type": ["c10::Float", "Scalar"], "Concrete Inputs": ["", "-5"])"),
        RowKind::Launched, Provenance::None, u"negative element count" },
    // The figures still hold; the time is lost with the kernel event.
    { "KernelNegativeDur",
        tritonOpEvent(poiName, 100, 10, 1, poiArgs) + ",\n" + launchEvent(101, 2, 1) + ",\n" + flowEnd(1) + ",\n"
            + kernelEvent(poiName, 1100, -25, 1),
        RowKind::OpOnly, Provenance::V2, u"launched a GPU kernel whose event was malformed and skipped", 1, u"negative or invalid dur" },
    { "KernelMissingDur",
        tritonOpEvent(poiName, 100, 10, 1, poiArgs) + ",\n" + launchEvent(101, 2, 1) + ",\n" + flowEnd(1) + ",\n"
            + R"({"ph": "X", "cat": "kernel", "name": "triton_poi_fused_add_0", "pid": 2, "tid": 0, "ts": 1100, "args": {"correlation": 1}})",
        RowKind::OpOnly, Provenance::V2, u"malformed and skipped", 1, u"has no dur" },
    // Its launch cannot nest in it: the kernel is left as a kernel-only row.
    { "OpMissingDur", opMissingDur, RowKind::OpOnly, Provenance::V2, u"missing or negative dur", 1, u"missing or negative dur" },
    { "InvalidEventJson", QByteArray(R"({"ph": "X", "cat": "kernel" "name": "broken"},)") + "\n" + linkedCall(100, 1), RowKind::Launched,
        Provenance::V2, u"from the trace event's Concrete Inputs", 1, u"not valid JSON" },
};

class DamagedEvent : public ::testing::TestWithParam<DamageCase>
{
};

TEST_P(DamagedEvent, CostsThatEventOnly)
{
    const DamageCase& c = GetParam();
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("damaged.json"), traceJson(c.events)));
    ASSERT_EQ(outcome.status, Status::Ok) << outcome.error.toStdString();
    const AnalysisResult& result = *outcome.result;
    const KernelRow* row = rowOfKind(result, c.kind);
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->name, QString::fromLatin1(poiName));
    EXPECT_EQ(row->calls, 1);
    EXPECT_EQ(row->provenance(), c.provenance) << row->model->reason.toStdString();
    EXPECT_TRUE(row->model->reason.contains(QString::fromUtf16(c.reason))) << row->model->reason.toStdString();
    if (c.provenance == Provenance::None) {
        EXPECT_FALSE(row->bytes());
    }
    if (c.kind == RowKind::Launched) {
        ASSERT_TRUE(row->kernelTimeUs);
        EXPECT_DOUBLE_EQ(row->kernelTimeUs->sum, 25.0); // damaged args do not lose the time
    } else {
        EXPECT_FALSE(row->kernelTimeUs);
    }
    EXPECT_EQ(result.events.skipped, c.skipped);
    if (c.warning) {
        const QString warnings = result.warnings.join(u'\n');
        EXPECT_TRUE(warnings.contains(QString::fromUtf16(c.warning))) << warnings.toStdString();
    }
}

INSTANTIATE_TEST_SUITE_P(Damage, DamagedEvent, ::testing::ValuesIn(damageCases),
    [](const ::testing::TestParamInfo<DamageCase>& damage) { return std::string(damage.param.name); });

} // namespace

TEST(BadInputNoKernels, AnEmptyTableSaysWhy)
{
    TempTraces temp;
    const QString path = temp.write(QStringLiteral("eager.json"),
        traceJson(R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 1, "dur": 5, "pid": 1, "tid": 1, "args": {}})"));
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, Status::Ok) << qPrintable(outcome.error);
    EXPECT_TRUE(outcome.result->rows.empty());
    ASSERT_FALSE(outcome.result->warnings.isEmpty());
    EXPECT_TRUE(outcome.result->warnings.back().startsWith(path + QStringLiteral(": no Triton kernels in it")))
        << qPrintable(outcome.result->warnings.join(u'\n'));
}
