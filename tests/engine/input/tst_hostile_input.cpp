// Hostile trace files, one table row per class of defect an attacker's
// fuzzer found: each must give a clear outcome (never a crash, a hang or a
// silent wrong number), and no message may quote more than a few hundred
// characters of the file.
#include "engine/analysis.h"
#include "testsupport.h"

#include <KCompressionDevice>
#include <QJsonDocument>
#include <functional>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

using Status = AnalysisOutcome::Status;

const QByteArray poi = "triton_poi_fused_add_0";

QByteArray opWithRawArgs(const QByteArray& name, const QByteArray& args)
{
    return R"({"ph":"X","cat":"cpu_op","name":")" + name + R"(","pid":1,"tid":1,"ts":3,"dur":5,"args":)" + args + "}";
}

QByteArray linked(const QByteArray& name, double ts, double dur, int id, const QByteArray& args)
{
    return tritonOpEvent(name, ts, 10, id, args) + ",\n" + launchEvent(ts + 1, 2, id) + ",\n" + flowEnd(id) + ",\n"
        + kernelEvent(name, ts + 1000, dur, id);
}

const QByteArray addArgs = R"("Input Dims": [[1024], [1024], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], )"
                           R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "1024"])";

struct HostileCase
{
    const char* name;
    std::function<QByteArray()> file;
    Status status;
    std::function<void(const AnalysisOutcome&)> check;
};

void PrintTo(const HostileCase& c, std::ostream* os)
{
    *os << c.name;
}

const KernelRow& onlyRow(const AnalysisOutcome& outcome)
{
    static const KernelRow none;
    if (!outcome.result || outcome.result->rows.size() != 1) {
        ADD_FAILURE() << "expected one row";
        return none;
    }
    return outcome.result->rows.front();
}

const HostileCase cases[] = {
    { "ControlByteInAListWalksNoFurther", // 78 bytes that made simdjson read past the value
        []() -> QByteArray { return "[" + opWithRawArgs("triton_", QByteArray("{\"Input type\":[\x12,],}")) + "]"; }, Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_TRUE(onlyRow(o).args->malformed.contains(QStringLiteral("Input type"))) << qPrintable(onlyRow(o).args->malformed);
        } },
    { "DimsNested150kDeepAreNoStackOverflow",
        []() -> QByteArray {
            return traceJson(opWithRawArgs(poi, "{\"Input Dims\": " + QByteArray(150000, '[') + QByteArray(150000, ']') + "}"));
        },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_EQ(onlyRow(o).provenance(), Provenance::None);
            EXPECT_TRUE(onlyRow(o).model->reason.contains(QStringLiteral("malformed args: Input Dims")))
                << qPrintable(onlyRow(o).model->reason);
        } },
    { "ALongKernelNameIsNotSplitAndSaysSo",
        []() -> QByteArray {
            QByteArray name = "triton_poi_fused_";
            for (int i = 0; i < 4000; ++i)
                name += "add_";
            name += "0";
            return traceJson(linked(name, 100, 5, 1, addArgs));
        },
        Status::Ok, [](const AnalysisOutcome& o) { EXPECT_FALSE(onlyRow(o).parsedName.opsSegmented); } },
    { "HundredThousandUnknownDtypesStayLinear",
        []() -> QByteArray {
            QByteArray dims = "[", types = "[";
            for (int i = 0; i < 4000; ++i) {
                dims += (i ? ", " : "") + QByteArray("[2]");
                types += (i ? ", \"" : "\"") + QByteArray("weird") + QByteArray::number(i) + "\"";
            }
            return traceJson(
                linked(poi, 100, 5, 1, "\"Input Dims\": " + dims + "], \"Input type\": " + types + "], \"Concrete Inputs\": [\"8\"]"));
        },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_LT(onlyRow(o).model->reason.size(), 4000) << "a reason lists a few dtypes, not thousands";
        } },
    { "AnEscapedFiveMegabyteRootKeyIsQuotedShort",
        []() -> QByteArray {
            const QByteArray key = QByteArray("\\u0041").repeated(1'000'000);
            return QByteArray("{\"") + key + "\" 1}";
        },
        Status::Failed, [](const AnalysisOutcome& o) { EXPECT_LT(o.error.size(), 1000) << qPrintable(o.error.left(300)); } },
    { "TimestampsNear2To53AreWarnedAbout",
        // At 4.5e15 us float64 resolves 0.5 us: a 0.3 us kernel ends 0.5 us after it began.
        []() -> QByteArray { return traceJson(linked(poi, 4.5e15, 0.3, 1, addArgs)); }, Status::Ok,
        [](const AnalysisOutcome& o) {
            const QString warnings = o.result->warnings.join(u'\n');
            EXPECT_TRUE(warnings.contains(QStringLiteral("too short a time for float64 to hold at their timestamps (the first: 0.3 us at "
                                                         "ts 4500000000001000 us, where float64 resolves only 0.5 us)")))
                << qPrintable(warnings);
        } },
    { "ATinyDurationIsBlamedNotTheTimestamp",
        // 0.001 us at ts 1e13 us: float64 resolves 2^-9 us there, the duration is what is too small.
        []() -> QByteArray { return traceJson(linked(poi, 1e13, 0.001, 1, addArgs)); }, Status::Ok,
        [](const AnalysisOutcome& o) {
            const QString warnings = o.result->warnings.join(u'\n');
            EXPECT_TRUE(
                warnings.contains(QStringLiteral("(the first: 0.001 us at ts 10000000001000 us, where float64 resolves only 0.00195 us)")))
                << qPrintable(warnings);
            EXPECT_FALSE(warnings.contains(QStringLiteral("2^53"))) << qPrintable(warnings);
        } },
    { "AGpuTimestampPastInt64NanosecondsIsSkipped", []() -> QByteArray { return traceJson(linked(poi, 9.3e15, 0.5, 1, addArgs)); },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_EQ(o.result->events.skipped, 1);
            EXPECT_TRUE(o.result->warnings.join(u'\n').contains(QStringLiteral("too far from zero to hold to the nanosecond")))
                << qPrintable(o.result->warnings.join(u'\n'));
        } },
    { "AGpuEventRecordedTwiceInARowCountsOnce",
        []() -> QByteArray {
            const QByteArray kernel = kernelEvent("triton_poi_fused_add_0", 105, 2, 1);
            return traceJson(linked(poi, 100, 2, 1, addArgs) + ",\n" + kernel + ",\n" + kernel);
        },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_TRUE(o.result->warnings.join(u'\n').contains(QStringLiteral("1 GPU events repeat the event just before them exactly")))
                << qPrintable(o.result->warnings.join(u'\n'));
        } },
    { "AnAbsurdDurationIsSkippedNotSummedToInfinity",
        []() -> QByteArray { return traceJson(linked(poi, 100, 1e308, 1, addArgs) + ",\n" + linked(poi, 5000, 1e308, 2, addArgs)); },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_EQ(o.result->events.skipped, 2);
            EXPECT_TRUE(std::isfinite(o.result->totalGpuKernelTimeUs));
            EXPECT_FALSE(onlyRow(o).tbPerS) << "no throughput from a lost time";
        } },
    { "ACorrelationIdRepeatedIsNoGraphReplay",
        []() -> QByteArray {
            QByteArray events = linked(poi, 100, 5, 7, addArgs);
            for (int i = 0; i < 1000; ++i)
                events += ",\n" + kernelEvent(poi, 2000 + 10 * i, 5, 7);
            return traceJson(events);
        },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            bool found = false;
            for (const KernelRow& row : o.result->rows) {
                if (row.kind != RowKind::KernelOnly)
                    continue;
                found = true;
                EXPECT_EQ(row.calls, 1000);
                EXPECT_FALSE(row.model->reason.contains(QStringLiteral("graph replay"))) << qPrintable(row.model->reason);
                EXPECT_TRUE(row.model->reason.contains(QStringLiteral("another launch's"))) << qPrintable(row.model->reason);
            }
            EXPECT_TRUE(found);
        } },
    { "ASubNanosecondKernelIsUntimedAndCountedInAWarning",
        // 5e-324 us (a denormal) and 0: no time was measured; TB/s must not be infinite.
        []() -> QByteArray {
            return traceJson(tritonOpEvent(poi, 100, 10, 1, addArgs) + ",\n" + launchEvent(101, 2, 1) + ",\n" + flowEnd(1) + ",\n"
                + R"({"ph": "X", "cat": "kernel", "name": "triton_poi_fused_add_0", "pid": 2, "tid": 0, "ts": 1100, "dur": 5e-324, "args": {"correlation": 1}})"
                + ",\n" + linked(poi, 5000, 0, 2, addArgs));
        },
        Status::Ok,
        [](const AnalysisOutcome& o) {
            EXPECT_FALSE(onlyRow(o).tbPerS);
            EXPECT_EQ(onlyRow(o).timedCalls(), 0);
            EXPECT_TRUE(o.result->warnings.join(u'\n').contains(QStringLiteral("2 GPU events last 0 or under a nanosecond")))
                << qPrintable(o.result->warnings.join(u'\n'));
        } },
    { "ALoneSurrogateInANameIsACountedSkip",
        []() -> QByteArray {
            return traceJson(R"({"ph":"X","cat":"kernel","name":"triton_\ud800","pid":2,"tid":0,"ts":5,"dur":2,"args":{}})");
        },
        Status::Ok, [](const AnalysisOutcome& o) { EXPECT_EQ(o.result->events.skipped, 1); } },
};

class HostileTrace : public ::testing::TestWithParam<HostileCase>
{
};

} // namespace

TEST_P(HostileTrace, GivesAClearOutcome)
{
    const HostileCase& c = GetParam();
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("hostile.json"), c.file());
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, c.status) << qPrintable(outcome.error.left(300));
    if (outcome.status == Status::Failed) {
        EXPECT_TRUE(outcome.error.startsWith(path)) << "the message names the file";
    }
    if (outcome.result) {
        for (const QString& warning : outcome.result->warnings)
            EXPECT_LT(warning.size(), 1000) << qPrintable(warning.left(300));
    }
    c.check(outcome);
}

INSTANTIATE_TEST_SUITE_P(Defects, HostileTrace, ::testing::ValuesIn(cases),
    [](const ::testing::TestParamInfo<HostileCase>& param) { return std::string(param.param.name); });

TEST(HostileTrace, APrettyPrintedTraceKeepsItsV2Figures)
{
    // Re-saved with indentation, as public test corpora are: numbers end in newlines.
    const QString sample = sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    KCompressionDevice device(sample, KCompressionDevice::GZip);
    ASSERT_TRUE(device.open(QIODevice::ReadOnly));
    const QByteArray pretty = QJsonDocument::fromJson(device.readAll()).toJson(QJsonDocument::Indented);
    ASSERT_TRUE(pretty.contains("[\n"));
    TempTraces traces;
    const auto indented = analyze(traces.write(QStringLiteral("pretty.json"), pretty));
    const auto compact = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_EQ(indented.status, Status::Ok);
    ASSERT_TRUE(compact);
    ASSERT_EQ(indented.result->rows.size(), compact->rows.size());
    for (size_t i = 0; i < compact->rows.size(); ++i) {
        const KernelRow& a = indented.result->rows[i];
        const KernelRow& b = compact->rows[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.provenance(), Provenance::V2) << qPrintable(a.model->reason);
        EXPECT_EQ(a.bytes(), b.bytes());
        EXPECT_EQ(a.flops(), b.flops());
        EXPECT_EQ(a.args->inputDimsJson, b.args->inputDimsJson) << "the same canonical text either way";
    }
}
