// Issue 22: the command line on hostile inputs, one row per class of
// failure the issue lists (crash, non-regular files, silently wrong figures,
// oversized messages, scale). Each row ends in exit 0 with warnings that say
// what was skipped, or exit 2/3 with one line naming the file and the
// problem; never a crash, a hang or a wrong figure passed silently.
// Small fixtures: tests/data/hostile/ (make_hostile_fixtures.py). Big ones
// are generated here at run time and run in the release build only.
// The graph matcher, captures, comparison and settings file have their own
// tables beside their stages' tests.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

struct CliOutcome
{
    int exitCode = -1;
    bool finished = false;
    QString stderrText;
    QJsonObject exported; // the --export JSON, when one was written
};

// What a row needs: a temporary folder and the fixtures folder.
struct Place
{
    TempTraces& temp;
    QString fixture(const char* name) const { return sourcePath(QStringLiteral("tests/data/hostile/") + QLatin1String(name)); }
    QString out() const { return temp.path(QStringLiteral("out.json")); }
};

CliOutcome runCli(const QStringList& arguments, const QString& exportPath)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("TORCHINDUCTOR_CACHE_DIR"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(RIDGELINE_BINARY), QStringList { QStringLiteral("--no-inductor-cache") } + arguments);
    CliOutcome run;
    // Generous: a hang is what this bound catches, not slowness.
    run.finished = process.waitForFinished(300'000);
    if (!run.finished)
        process.kill();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.stderrText = QString::fromUtf8(process.readAllStandardError());
    QFile file(exportPath);
    if (!exportPath.isEmpty() && file.open(QIODevice::ReadOnly))
        run.exported = QJsonDocument::fromJson(file.readAll()).object();
    return run;
}

QJsonArray kernels(const CliOutcome& run)
{
    return run.exported.value(QStringLiteral("kernels")).toArray();
}

QString warnings(const CliOutcome& run)
{
    QStringList lines;
    for (const QJsonValue& value : run.exported.value(QStringLiteral("warnings")).toArray())
        lines << value.toString();
    return lines.join(u'\n');
}

struct Row
{
    const char* name;
    const char* failureClass; // as the issue names it
    bool big; // millions of events: release build only
    std::function<QStringList(const Place&)> arguments;
    int exitCode;
    const char* mustSay; // in stderr (exit 2/3) or in the export's warnings (exit 0); may be empty
    std::function<void(const CliOutcome&)> check;
};

void noCheck(const CliOutcome&) { }

// Chrome trace JSON of `count` events that `event(i)` writes, without
// holding them all: the big rows write millions.
QString writeTrace(TempTraces& temp, const QString& name, qint64 count, const std::function<QByteArray(qint64)>& event)
{
    const QString path = temp.path(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return path;
    file.write("{\"deviceProperties\": [{\"name\": \"AMD Instinct MI300X\"}], \"traceEvents\": [\n");
    QByteArray chunk;
    for (qint64 i = 0; i < count; ++i) {
        if (i > 0)
            chunk += ",\n";
        chunk += event(i);
        if (chunk.size() > (1 << 20)) {
            file.write(chunk);
            chunk.clear();
        }
    }
    file.write(chunk + "\n]}\n");
    return path;
}

QByteArray kernelAt(const QByteArray& name, double ts, double dur, qint64 correlation)
{
    return kernelEvent(name, ts, dur, int(correlation));
}

const QByteArray addArgs = R"("Input Dims": [[1024], [1024], []], "Input type": ["float", "float", "Scalar"], )"
                           R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "1024"])";

QByteArray tritonCall(const QByteArray& name, double ts, qint64 id, const QByteArray& args = addArgs, double dur = 10)
{
    return tritonOpEvent(name, ts, 3, int(id), args) + ",\n" + launchEvent(ts + 1, 1, int(id)) + ",\n"
        + kernelEvent(name, ts + 5, dur, int(id));
}

// A list of `entries` entries, each `entry(k)`.
QByteArray jsonList(int entries, const std::function<QByteArray(int)>& entry)
{
    QByteArray out = "[";
    for (int k = 0; k < entries; ++k)
        out += (k ? ", " : "") + entry(k);
    return out + "]";
}

const Row rows[] = {
    // Crash: a roof of 1e308 made the roofline's frames infinite.
    { "ARoofOf1e308IsRefusedBeforeAnyFrame", "crash", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export-roofline"), p.temp.path(QStringLiteral("r.svg")), QStringLiteral("--gpu-file"),
                p.fixture("gpus_compute_roof_1e308.json"), QStringLiteral("--gpu"), QStringLiteral("Hostile GPU"), bundledSampleTrace() };
        },
        2, "Hostile GPU datasheet: tflops.vector_fp32", noCheck },
    // Silently wrong: figures no GPU has, a name twice, an empty alias.
    { "AnHbmOf1eMinus300IsRefused", "silently wrong", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"), p.fixture("gpus_hbm_1e-300.json"),
                bundledSampleTrace() };
        },
        2, "Hostile GPU datasheet: hbm_tbps", noCheck },
    { "ACacheRoofOf1e308IsRefused", "silently wrong", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"), p.fixture("gpus_cache_roof_1e308.json"),
                bundledSampleTrace() };
        },
        2, "Hostile GPU: cache roof l2", noCheck },
    { "Mi300xOverriddenTo1eMinus6TBpsIsRefused", "silently wrong", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"), p.fixture("gpus_mi300x_hbm_1e-6.json"),
                bundledSampleTrace() };
        },
        2, "AMD Instinct MI300X datasheet: hbm_tbps", noCheck },
    { "OneNameThreeTimesIsRefused", "silently wrong", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"),
                p.fixture("gpus_one_name_three_times.json"), bundledSampleTrace() };
        },
        2, "Twin GPU: a second GPU of this name", noCheck },
    { "AnEmptyAliasIsRefused", "silently wrong", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"), p.fixture("gpus_empty_alias.json"),
                bundledSampleTrace() };
        },
        2, "Aliased GPU: an empty alias", noCheck },
    { "TheCommandLineRefusesAFileWithOneBadGpu", "silently wrong", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"),
                p.fixture("gpus_one_bad_among_good.json"), bundledSampleTrace() };
        },
        2, "Bad GPU datasheet: hbm_tbps", noCheck },
    { "ASubnormalKernelIsUntimedAndCounted", "silently wrong", false,
        [](const Place& p) { return QStringList { QStringLiteral("--export"), p.out(), p.fixture("trace_subnormal_kernel.json") }; }, 0,
        "1 GPU events last 0 or under a nanosecond",
        [](const CliOutcome& run) {
            for (const QJsonValue& value : kernels(run)) {
                const QJsonObject kernel = value.toObject();
                // Never an infinite rate exported as null beside above_roof: true.
                if (kernel.value(QStringLiteral("tb_per_s")).isNull()) {
                    EXPECT_NE(kernel.value(QStringLiteral("above_roof")), QJsonValue(true))
                        << qPrintable(kernel.value(QStringLiteral("name")).toString());
                } else {
                    EXPECT_TRUE(std::isfinite(kernel.value(QStringLiteral("tb_per_s")).toDouble()));
                }
            }
            ASSERT_EQ(kernels(run).size(), 1);
            const QJsonObject only = kernels(run).first().toObject();
            EXPECT_EQ(only.value(QStringLiteral("timed_calls")).toInt(), 1) << "the 10 us call; the subnormal event is no call";
        } },
    { "AnEventRecordedFiveTimesInARowCountsOnce", "silently wrong", false,
        [](const Place& p) { return QStringList { QStringLiteral("--export"), p.out(), p.fixture("trace_repeated_event.json") }; }, 0,
        "4 GPU events repeat the event just before them exactly",
        [](const CliOutcome& run) {
            ASSERT_EQ(kernels(run).size(), 1);
            const QJsonObject time = kernels(run).first().toObject().value(QStringLiteral("kernel_time_us")).toObject();
            EXPECT_DOUBLE_EQ(time.value(QStringLiteral("sum")).toDouble(), 2.0) << "2 us once, not 10 us";
        } },
    // Non-regular files: a device or a FIFO named as the GPU file.
    { "DevZeroAsTheGpuFileIsRefused", "non-regular file", false,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"), QStringLiteral("/dev/zero"),
                bundledSampleTrace() };
        },
        2, "/dev/zero", noCheck },
    { "AFifoAsTheGpuFileIsRefusedWithoutWaiting", "non-regular file", false,
        [](const Place& p) {
            const QString fifo = p.temp.path(QStringLiteral("gpus.json"));
            ::mkfifo(QFile::encodeName(fifo).constData(), 0600);
            return QStringList { QStringLiteral("--export"), p.out(), QStringLiteral("--gpu-file"), fifo, bundledSampleTrace() };
        },
        2, "gpus.json", noCheck },
    // Scale, small: eight Triton ops whose four arg lists hold 256 entries each.
    { "LongArgListsGiveOneRowEach", "scale", false,
        [](const Place& p) { return QStringList { QStringLiteral("--export"), p.out(), p.fixture("trace_long_arg_lists.json") }; }, 0, "",
        [](const CliOutcome& run) {
            ASSERT_EQ(kernels(run).size(), 8);
            for (const QJsonValue& value : kernels(run))
                EXPECT_EQ(value.toObject().value(QStringLiteral("input_dims")).toArray().size(), 256);
        } },
    // Scale, big (release only): the issue's hostile files, smaller where
    // the class is the same at a tenth of the size.
    { "TwoMillionIdenticalKernelEvents", "scale", true,
        [](const Place& p) {
            const QByteArray kernel = kernelAt("triton_poi_fused_add_0", 1000, 2, 1);
            return QStringList { QStringLiteral("--export"), p.out(),
                writeTrace(p.temp, QStringLiteral("identical.json"), 2'000'000, [&](qint64) { return kernel; }) };
        },
        0, "1999999 GPU events repeat the event just before them exactly",
        [](const CliOutcome& run) { EXPECT_EQ(kernels(run).size(), 1); } },
    { "HalfAMillionCallsOfOneKernel", "scale", true,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(),
                writeTrace(p.temp, QStringLiteral("calls.json"), 500'000, [](qint64 i) {
                    return tritonCall("triton_poi_fused_add_0", 20.0 * double(i), i + 1, addArgs, 10 + double(i % 1000) / 1000);
                }) };
        },
        0, "",
        [](const CliOutcome& run) {
            ASSERT_GE(kernels(run).size(), 1);
            const QJsonObject row = kernels(run).first().toObject();
            EXPECT_EQ(row.value(QStringLiteral("calls")).toInt(), 500'000);
            EXPECT_EQ(row.value(QStringLiteral("timed_calls")).toInt(), 500'000);
            // Durations 10.000 .. 10.999 us, 500 of each: mean 10.4995 us, exported to the nanosecond.
            const QJsonObject time = row.value(QStringLiteral("kernel_time_us")).toObject();
            EXPECT_NEAR(time.value(QStringLiteral("mean")).toDouble(), 10.4995, 0.0005 + 1e-9);
            EXPECT_DOUBLE_EQ(time.value(QStringLiteral("min")).toDouble(), 10.0);
            EXPECT_DOUBLE_EQ(time.value(QStringLiteral("max")).toDouble(), 10.999);
        } },
    { "TwoHundredThousandDistinctLibraryKernelNames", "scale", true,
        [](const Place& p) {
            return QStringList { QStringLiteral("--export"), p.out(),
                writeTrace(p.temp, QStringLiteral("names.json"), 200'000, [](qint64 i) {
                    return kernelAt("void gemm_variant_" + QByteArray::number(i) + "<float, 128>(float*)", 5.0 * double(i), 2, i + 1);
                }) };
        },
        0, "", [](const CliOutcome& run) { EXPECT_EQ(kernels(run).size(), 200'000); } },
    { "TwoHundredOpsOfFourListsOf4096Entries", "scale", true,
        [](const Place& p) {
            const QByteArray args = "\"Input Dims\": " + jsonList(4096, [](int k) { return "[" + QByteArray::number(k + 1) + ", 4]"; })
                + ", \"Input type\": " + jsonList(4096, [](int) { return QByteArray("\"float\""); })
                + ", \"Input Strides\": " + jsonList(4096, [](int) { return QByteArray("[4, 1]"); })
                + ", \"Concrete Inputs\": " + jsonList(4096, [](int) { return QByteArray("\"\""); });
            return QStringList { QStringLiteral("--export"), p.out(), writeTrace(p.temp, QStringLiteral("args.json"), 200, [&](qint64 i) {
                                    return tritonCall("triton_poi_fused_cat_" + QByteArray::number(i), 20.0 * double(i), i + 1, args);
                                }) };
        },
        0, "",
        [](const CliOutcome& run) {
            ASSERT_EQ(kernels(run).size(), 200);
            EXPECT_EQ(kernels(run).first().toObject().value(QStringLiteral("input_dims")).toArray().size(), 4096);
        } },
};

class HostileSurfaces : public ::testing::TestWithParam<Row>
{
};

TEST_P(HostileSurfaces, EndInAClearOutcome)
{
    const Row& row = GetParam();
    if (row.big && builtWithSanitizers())
        GTEST_SKIP() << "millions of events: the release build runs this row";
    TempTraces temp;
    const Place place { temp };
    const QStringList arguments = row.arguments(place);
    const CliOutcome run = runCli(arguments, place.out());
    ASSERT_TRUE(run.finished) << row.failureClass << ": no hang";
    EXPECT_EQ(run.exitCode, row.exitCode) << qPrintable(run.stderrText.left(2000));
    if (row.exitCode != 0) {
        // One line naming the file and the problem, at most 1,000 characters.
        const QString line = run.stderrText.trimmed();
        EXPECT_FALSE(line.contains(u'\n')) << qPrintable(line.left(2000));
        EXPECT_LE(line.size(), 1000);
        EXPECT_TRUE(line.contains(QString::fromUtf8(row.mustSay))) << qPrintable(line.left(2000));
    } else {
        ASSERT_FALSE(run.exported.isEmpty()) << qPrintable(run.stderrText.left(2000));
        const QString said = warnings(run);
        if (*row.mustSay) {
            EXPECT_TRUE(said.contains(QString::fromUtf8(row.mustSay))) << qPrintable(said.left(2000));
        }
        for (const QJsonValue& warning : run.exported.value(QStringLiteral("warnings")).toArray())
            EXPECT_LE(warning.toString().size(), 1000) << qPrintable(warning.toString().left(300));
    }
    row.check(run);
}

INSTANTIATE_TEST_SUITE_P(Issue22, HostileSurfaces, ::testing::ValuesIn(rows),
    [](const ::testing::TestParamInfo<Row>& param) { return std::string(param.param.name); });

} // namespace
