// The headless command line and its JSON/CSV exports.
#include "cachefixtures.h"
#include "engine/export/resultexport.h"
#include "engine/results/statistics.h"
#include "engine/roofline/gpuspec.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString stderrText;
};

CliRun runCli(const QStringList& arguments, const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProgram(QStringLiteral(RIDGELINE_BINARY));
    process.setArguments(arguments);
    process.start();
    process.waitForFinished(120000);
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardError()) };
}

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject kernelNamed(const QJsonObject& root, const QString& name)
{
    for (const QJsonValue& value : root.value(QStringLiteral("kernels")).toArray()) {
        if (value.toObject().value(QStringLiteral("name")).toString() == name)
            return value.toObject();
    }
    return {};
}

// An environment whose default Inductor cache places are all empty, so that
// a run never reads this machine's own cache by accident.
QProcessEnvironment isolatedEnvironment(const QString& home)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("TORCHINDUCTOR_CACHE_DIR"));
    environment.insert(QStringLiteral("HOME"), home);
    environment.insert(QStringLiteral("TMPDIR"), home);
    return environment;
}

const QString rmsNorm = QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0");

} // namespace

TEST(Export, CommandLineJsonHasTheDocumentedShape)
{
    TempTraces temp;
    const QString out = temp.path(QStringLiteral("kernels.json"));
    const CliRun run = runCli({ QStringLiteral("--export"), out, bundledSampleTrace() });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(root.value(QStringLiteral("trace")).toString(), bundledSampleTrace());
    EXPECT_EQ(root.value(QStringLiteral("gpu")).toString(), QStringLiteral("AMD Instinct MI300X"));
    const QJsonArray kernels = root.value(QStringLiteral("kernels")).toArray();
    // 4 Triton kernels, then the library ops that own the trace's 4 other
    // GPU kernels (3 aten::mm, the SDPA): no kernel is left time-only.
    ASSERT_EQ(kernels.size(), 8);
    int libraryOps = 0;
    QStringList shownOps;
    for (const QJsonValue& value : kernels) {
        const QJsonObject kernel = value.toObject();
        EXPECT_NE(kernel.value(QStringLiteral("kind")).toString(), QStringLiteral("library"));
        if (kernel.value(QStringLiteral("kind")).toString() == u"library-op") {
            ++libraryOps;
            shownOps << kernel.value(QStringLiteral("display_name")).toString();
            for (const char* key : { "name", "category", "kind", "work", "provenance", "reason", "rule", "compute_spec", "input_dims",
                     "input_types", "input_strides", "concrete_inputs", "calls", "timed_calls", "kernel_time_us", "share_of_gpu_time",
                     "flops", "bytes", "tb_per_s", "tflops_per_s", "roof", "bound", "fraction_of_roof", "attainable_time_us",
                     "recoverable_us", "limiter", "kernels" })
                EXPECT_TRUE(kernel.contains(QString::fromLatin1(key))) << key;
            EXPECT_FALSE(kernel.value(QStringLiteral("roof")).isNull()) << "a library op is placed on its roof";
            EXPECT_EQ(kernel.value(QStringLiteral("compute_spec")).toString(), QStringLiteral("matrix_bf16"));
            EXPECT_FALSE(kernel.value(QStringLiteral("kernels")).toArray().isEmpty());
            continue;
        }
        for (const char* key :
            { "name", "category", "provenance", "reason", "xnumel", "rnumel", "fused_ops", "input_dims", "input_types", "input_strides",
                "concrete_inputs", "calls", "kernel_time_us", "flops", "bytes", "gflops", "data_moved_mib", "flops_per_byte", "tb_per_s",
                "tflops_per_s", "attainable_time_us", "fraction_of_attainable", "recoverable_us", "limiter" })
            EXPECT_TRUE(kernel.contains(QString::fromLatin1(key))) << key;
    }
    EXPECT_EQ(libraryOps, 4);
    // Each op with its shape: GEMM M x N x K, attention B x H x S x D.
    shownOps.sort();
    EXPECT_EQ(shownOps,
        (QStringList { QStringLiteral("aten::_scaled_dot_product_flash_attention (8 x 16 x 4096 x 128)"),
            QStringLiteral("aten::mm (32768 x 2048 x 2048)"), QStringLiteral("aten::mm (32768 x 2048 x 8192)"),
            QStringLiteral("aten::mm (32768 x 8192 x 2048)") }));
    for (const char* key : { "latency_floor_us", "time_budget", "opportunities", "coverage" })
        EXPECT_TRUE(root.contains(QString::fromLatin1(key))) << key;
    // The sample has 8 kernels: too few to measure a floor.
    EXPECT_EQ(
        root.value(QStringLiteral("latency_floor_us")).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("default"));
    const QJsonObject budget = root.value(QStringLiteral("time_budget")).toObject();
    EXPECT_NEAR(budget.value(QStringLiteral("span_us")).toDouble(),
        budget.value(QStringLiteral("busy_us")).toDouble() + budget.value(QStringLiteral("idle_us")).toDouble(), 0.002);
    EXPECT_EQ(budget.value(QStringLiteral("idle_gaps")).toArray().size(), 4);
    const QJsonObject silu = kernels.at(0).toObject(); // the longest kernel comes first
    EXPECT_EQ(silu.value(QStringLiteral("display_name")).toString(), silu.value(QStringLiteral("name")).toString()); // Triton's, as named
    EXPECT_EQ(silu.value(QStringLiteral("name")).toString(), QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    EXPECT_EQ(silu.value(QStringLiteral("bytes")).toInteger(), 1610612736);
    EXPECT_EQ(silu.value(QStringLiteral("xnumel")).toInteger(), 268435456);
    EXPECT_DOUBLE_EQ(
        silu.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("sum")).toDouble(), 527.382); // to the nanosecond
    EXPECT_TRUE(silu.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("std")).isNull()); // one call
    EXPECT_EQ(silu.value(QStringLiteral("input_dims")).toArray().at(0).toArray().at(2).toInt(), 8192);
}

TEST(Export, CommandLineCsvHasOneRowPerKernel)
{
    TempTraces temp;
    const QString out = temp.path(QStringLiteral("kernels.csv"));
    const CliRun run = runCli({ QStringLiteral("--export"), out, QStringLiteral("--gpu"), QStringLiteral("H100"), bundledSampleTrace() });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 9); // 4 Triton kernels, 4 library ops
    EXPECT_TRUE(lines[0].startsWith(QStringLiteral("name,category,kind,provenance,reason,xnumel,rnumel")));
    EXPECT_TRUE(
        lines[0].endsWith(QStringLiteral(",attainable_time_us,fraction_of_attainable,recoverable_us,limiter,work,input_strides,"
                                         "concrete_inputs,kernels,rule,compute_spec,tracelens_flops,tracelens_bytes,"
                                         "source_unique_bytes,source_unique_bytes_max,programs,waves,first_finding,display_name,advice")));
    EXPECT_TRUE(lines[5].contains(QStringLiteral(",library-op,V2,"))) << qPrintable(lines[5]);
    EXPECT_TRUE(lines[1].startsWith(QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2,poi,launched,V2,")));
    // The display name, before the advice: a Triton kernel's own name, a library op's with its shape.
    EXPECT_TRUE(lines[1].contains(QStringLiteral(",triton_poi_fused__unsafe_view_mul_silu_2,\""))) << qPrintable(lines[1]);
    for (const QString& shown : { QStringLiteral("aten::_scaled_dot_product_flash_attention (8 x 16 x 4096 x 128)"),
             QStringLiteral("aten::mm (32768 x 2048 x 2048)"), QStringLiteral("aten::mm (32768 x 2048 x 8192)"),
             QStringLiteral("aten::mm (32768 x 8192 x 2048)") }) {
        int rows = 0;
        for (int i = 5; i < 9; ++i)
            rows += lines[i].contains(u',' + shown + u',');
        EXPECT_EQ(rows, 1) << qPrintable(shown);
    }
    EXPECT_TRUE(lines[1].contains(QStringLiteral(",1610612736,")));
}

TEST(Export, ExitCodes)
{
    TempTraces temp;
    const QString out = temp.path(QStringLiteral("x.json"));
    EXPECT_EQ(runCli({ QStringLiteral("--bogus") }).exitCode, 2);
    EXPECT_EQ(runCli({ QStringLiteral("--export"), out }).exitCode, 2); // no trace
    EXPECT_EQ(runCli({ QStringLiteral("--export"), temp.path(QStringLiteral("x.txt")), bundledSampleTrace() }).exitCode, 2);
    EXPECT_EQ(
        runCli({ QStringLiteral("--export"), out, QStringLiteral("--gpu"), QStringLiteral("Voodoo 2"), bundledSampleTrace() }).exitCode, 2);

    const QString missing = temp.path(QStringLiteral("missing.json.gz"));
    const CliRun unreadable = runCli({ QStringLiteral("--export"), out, missing });
    EXPECT_EQ(unreadable.exitCode, 3);
    EXPECT_TRUE(unreadable.stderrText.contains(missing)) << qPrintable(unreadable.stderrText);
    EXPECT_TRUE(unreadable.stderrText.contains(QStringLiteral("no such file")));
    EXPECT_EQ(unreadable.stderrText.count(u'\n'), 1) << "one line";

    const QString notJson = temp.write(QStringLiteral("hello.json"), "Hello, world");
    const CliRun bad = runCli({ QStringLiteral("--export"), out, notJson });
    EXPECT_EQ(bad.exitCode, 3);
    EXPECT_TRUE(bad.stderrText.contains(QStringLiteral("not JSON")));
    EXPECT_FALSE(QFile::exists(out)) << "no export is written for an unreadable trace";
}

TEST(Export, HelpDocumentsTheCommandLine)
{
    QProcess process;
    process.start(QStringLiteral(RIDGELINE_BINARY), { QStringLiteral("--help") });
    process.waitForFinished(30000);
    const QString help = QString::fromUtf8(process.readAllStandardOutput());
    EXPECT_EQ(process.exitCode(), 0);
    EXPECT_TRUE(help.contains(QStringLiteral("--export")));
    EXPECT_TRUE(help.contains(QStringLiteral("--gpu")));
    EXPECT_TRUE(help.contains(QStringLiteral("Exit status")));
    EXPECT_TRUE(help.contains(QStringLiteral("--inductor-cache <PATH>")));
    EXPECT_TRUE(help.contains(QStringLiteral("--no-inductor-cache")));
    EXPECT_TRUE(help.contains(QStringLiteral("--capture <PATH>")));
    EXPECT_TRUE(help.startsWith(QStringLiteral("Usage: ridgeline [options] TRACE"))) << qPrintable(help.left(80));
    EXPECT_TRUE(help.contains(QStringLiteral("~/.cache/torchinductor")));
}

// A trace whose GPU the catalogue lacks: the export still runs against the
// default roofs, and says so on stderr and in its warnings, naming both.
TEST(Export, AnUnknownTraceGpuIsWarnedOfOnStderrAndInTheExport)
{
    TempTraces temp;
    QByteArray trace = traceJson(tritonOpEvent("triton_poi_fused_mul_0", 100, 10, 1, "") + ",\n" + launchEvent(102, 2, 7) + ",\n"
        + flowEnd(7) + ",\n" + kernelEvent("triton_poi_fused_mul_0", 120, 4, 7));
    trace.replace("AMD Instinct MI300X", "NVIDIA Tesla T4");
    const QString path = temp.write(QStringLiteral("t4.json"), trace);
    const QString out = temp.path(QStringLiteral("kernels.json"));
    const CliRun run = runCli({ QStringLiteral("--export"), out, path }, isolatedEnvironment(temp.path(QString())));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_TRUE(run.stderrText.contains(QStringLiteral("warning: the trace's GPU \"NVIDIA Tesla T4\" is not in the GPU catalogue")))
        << qPrintable(run.stderrText);
    EXPECT_TRUE(run.stderrText.contains(QStringLiteral("AMD Instinct MI300X's"))) << qPrintable(run.stderrText);
    const QJsonObject root = readJson(out);
    EXPECT_EQ(root.value(QStringLiteral("gpu")).toString(), QStringLiteral("AMD Instinct MI300X"));
    EXPECT_EQ(root.value(QStringLiteral("trace_gpu")).toString(), QStringLiteral("NVIDIA Tesla T4"));
    const QJsonArray warnings = root.value(QStringLiteral("warnings")).toArray();
    ASSERT_FALSE(warnings.isEmpty());
    EXPECT_TRUE(warnings.at(0).toString().contains(QStringLiteral("NVIDIA Tesla T4"))) << qPrintable(warnings.at(0).toString());

    // -q silences stderr, not the export.
    const CliRun quiet = runCli({ QStringLiteral("-q"), QStringLiteral("--export"), out, path }, isolatedEnvironment(temp.path(QString())));
    EXPECT_EQ(quiet.exitCode, 0);
    EXPECT_FALSE(quiet.stderrText.contains(QStringLiteral("Tesla"))) << qPrintable(quiet.stderrText);
    EXPECT_FALSE(readJson(out).value(QStringLiteral("warnings")).toArray().isEmpty());
}

// A comparison whose baseline ran on a GPU the catalogue lacks: the
// comparison export warns of it too, naming it as the baseline's.
TEST(Export, AComparisonWarnsOfABaselineGpuTheCatalogueLacks)
{
    TempTraces temp;
    QByteArray trace = traceJson(tritonOpEvent("triton_poi_fused_mul_0", 100, 10, 1, "") + ",\n" + launchEvent(102, 2, 7) + ",\n"
        + flowEnd(7) + ",\n" + kernelEvent("triton_poi_fused_mul_0", 120, 4, 7));
    const QString candidate = temp.write(QStringLiteral("mi300x.json"), trace);
    trace.replace("AMD Instinct MI300X", "NVIDIA Tesla T4");
    const QString baseline = temp.write(QStringLiteral("t4.json"), trace);
    const QString out = temp.path(QStringLiteral("compare.json"));
    const CliRun run = runCli(
        { QStringLiteral("--baseline"), baseline, QStringLiteral("--export"), out, candidate }, isolatedEnvironment(temp.path(QString())));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_TRUE(run.stderrText.contains(QStringLiteral("warning: baseline: the trace's GPU \"NVIDIA Tesla T4\"")))
        << qPrintable(run.stderrText);
    const QJsonArray warnings = readJson(out).value(QStringLiteral("warnings")).toArray();
    ASSERT_EQ(warnings.size(), 1);
    EXPECT_TRUE(warnings.at(0).toString().startsWith(QStringLiteral("baseline: "))) << qPrintable(warnings.at(0).toString());
    EXPECT_TRUE(warnings.at(0).toString().contains(QStringLiteral("NVIDIA Tesla T4")));
}

TEST(Export, TraceLensFiguresAppearOnlyWhereTheyDiffer)
{
    // A kernel with a float tensor: TraceLens counts 0 bytes for it.
    TempTraces temp;
    const QByteArray args = R"("Input Dims": [[256], []], "Input type": ["float", "Scalar"], "Concrete Inputs": ["", "256"])";
    const QByteArray events = tritonOpEvent("triton_poi_fused_mul_0", 100, 10, 1, args) + ",\n" + launchEvent(102, 2, 7) + ",\n"
        + flowEnd(7) + ",\n" + kernelEvent("triton_poi_fused_mul_0", 120, 4, 7);
    const auto outcome = analyze(temp.write(QStringLiteral("t.json"), traceJson(events)));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const QJsonObject root = QJsonDocument::fromJson(exportJson(*judged(outcome.result))).object();
    const QJsonObject kernel = root.value(QStringLiteral("kernels")).toArray().at(0).toObject();
    // 256 x 4 read + 256 x 4 written = 2048 bytes; TraceLens 0.
    EXPECT_EQ(kernel.value(QStringLiteral("bytes")).toInteger(), 2048);
    const QJsonObject tracelens = kernel.value(QStringLiteral("tracelens")).toObject();
    ASSERT_FALSE(tracelens.isEmpty());
    EXPECT_EQ(tracelens.value(QStringLiteral("bytes")).toInteger(), 0);
    EXPECT_TRUE(tracelens.value(QStringLiteral("flops_per_byte")).isNull());
    EXPECT_TRUE(tracelens.value(QStringLiteral("why")).toString().contains(QStringLiteral("float")));
}

TEST(Export, CommandLineReadsTheGivenInductorCache)
{
    CacheFixtures fixtures;
    const QString out = fixtures.path(QStringLiteral("kernels.json"));
    const QString cache = fixtures.cacheArchive(QStringLiteral("cache.zip"));
    const CliRun run = runCli({ QStringLiteral("--export"), out, QStringLiteral("--inductor-cache"), cache, fixtures.traceWithoutV2Args() },
        isolatedEnvironment(fixtures.path(QString())));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    const QJsonObject root = readJson(out);
    const QJsonObject used = root.value(QStringLiteral("inductor_cache")).toObject();
    EXPECT_EQ(used.value(QStringLiteral("path")).toString(), cache);
    EXPECT_EQ(used.value(QStringLiteral("origin")).toString(), QStringLiteral("given"));
    EXPECT_EQ(used.value(QStringLiteral("kind")).toString(), QStringLiteral("zip archive"));
    EXPECT_EQ(used.value(QStringLiteral("wrapper_files")).toInt(), 1);
    EXPECT_EQ(used.value(QStringLiteral("kernels")).toInt(), 4);
    EXPECT_EQ(used.value(QStringLiteral("trace_kernels")).toInt(), 4);

    const QJsonObject row = kernelNamed(root, rmsNorm);
    EXPECT_EQ(row.value(QStringLiteral("provenance")).toString(), QStringLiteral("V1"));
    EXPECT_EQ(row.value(QStringLiteral("bytes")).toInteger(), 268500992);
    EXPECT_EQ(row.value(QStringLiteral("flops")).toInteger(), 469762048);
    const QJsonObject v1 = row.value(QStringLiteral("v1")).toObject();
    EXPECT_TRUE(v1.value(QStringLiteral("wrapper_file")).toString().endsWith(QString::fromLatin1(fixtureWrapperMember)));
    EXPECT_EQ(v1.value(QStringLiteral("block")).toInt(), 0);
    EXPECT_EQ(v1.value(QStringLiteral("line")).toInt(), 47);
    EXPECT_EQ(v1.value(QStringLiteral("heuristic")).toString(), QStringLiteral("reduction"));
    EXPECT_EQ(v1.value(QStringLiteral("size_hints")).toObject().value(QStringLiteral("x")).toInteger(), 32768);
    EXPECT_EQ(v1.value(QStringLiteral("size_hints")).toObject().value(QStringLiteral("r0_")).toInteger(), 2048);
    EXPECT_EQ(v1.value(QStringLiteral("signature")).toArray().at(2).toObject().value(QStringLiteral("name")).toString(),
        QStringLiteral("out_ptr0"));
    EXPECT_EQ(v1.value(QStringLiteral("bytes")).toInteger(), 268500992);
    EXPECT_EQ(v1.value(QStringLiteral("bytes_formula")).toString(), QStringLiteral("(2 + 2) x 32768 x 2048 + 2 x 32768 = 268500992"));
    EXPECT_FALSE(v1.value(QStringLiteral("approximate")).toBool()) << "the block states xnumel and r0_numel";
    EXPECT_EQ(v1.value(QStringLiteral("kernel_path")).toString(),
        QStringLiteral("/tmp/torchinductor_root/mw/cmwjlpfu2kb4ehcuvblmjopjzi4rp4n2rtyqnvbbrb4xvqkksyqd.py"));
}

TEST(Export, CommandLineCsvCarriesTheV1Columns)
{
    CacheFixtures fixtures;
    const QString out = fixtures.path(QStringLiteral("kernels.csv"));
    const CliRun run = runCli(
        { QStringLiteral("--export"), out, QStringLiteral("--inductor-cache"), fixtures.cacheDirectory(), fixtures.traceWithoutV2Args() },
        isolatedEnvironment(fixtures.path(QString())));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    const QStringList header = lines.front().split(u',');
    const qsizetype provenance = header.indexOf(QStringLiteral("provenance"));
    const qsizetype v1Bytes = header.indexOf(QStringLiteral("v1_bytes"));
    const qsizetype v1Line = header.indexOf(QStringLiteral("v1_line"));
    const qsizetype v1Heuristic = header.indexOf(QStringLiteral("v1_heuristic"));
    ASSERT_GE(v1Bytes, 0);
    ASSERT_GE(v1Line, 0);
    bool found = false;
    for (const QString& line : lines.mid(1)) {
        if (!line.startsWith(rmsNorm + u','))
            continue;
        found = true;
        EXPECT_TRUE(line.contains(QStringLiteral(",V1,"))) << qPrintable(line);
        EXPECT_TRUE(line.contains(QStringLiteral(",reduction,\"{'x': 32768, 'r0_': 2048}\",268500992,469762048,"))) << qPrintable(line);
    }
    EXPECT_TRUE(found);
    EXPECT_LT(provenance, v1Line);
    EXPECT_EQ(v1Heuristic + 1, header.indexOf(QStringLiteral("v1_size_hints")));
}

TEST(Export, CommandLineInductorCacheOptions)
{
    CacheFixtures fixtures;
    const QString trace = fixtures.traceWithoutV2Args();
    const QString out = fixtures.path(QStringLiteral("k.json"));

    CliRun run = runCli(
        { QStringLiteral("--export"), out, QStringLiteral("--inductor-cache"), fixtures.path(QStringLiteral("absent-cache")), trace });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.stderrText.contains(QStringLiteral("absent-cache: no such file or folder"))) << qPrintable(run.stderrText);

    run = runCli({ QStringLiteral("--export"), out, QStringLiteral("--inductor-cache"), fixtures.cacheDirectory(),
        QStringLiteral("--no-inductor-cache"), trace });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.stderrText.contains(QStringLiteral("exclude each other"))) << qPrintable(run.stderrText);

    // $TORCHINDUCTOR_CACHE_DIR is found by default, and ignored on request.
    QProcessEnvironment environment = isolatedEnvironment(fixtures.path(QString()));
    environment.insert(QStringLiteral("TORCHINDUCTOR_CACHE_DIR"), fixtures.cacheDirectory());
    run = runCli({ QStringLiteral("--export"), out, trace }, environment);
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_EQ(readJson(out).value(QStringLiteral("inductor_cache")).toObject().value(QStringLiteral("origin")).toString(),
        QStringLiteral("$TORCHINDUCTOR_CACHE_DIR"));
    EXPECT_EQ(kernelNamed(readJson(out), rmsNorm).value(QStringLiteral("provenance")).toString(), QStringLiteral("V1"));

    run = runCli({ QStringLiteral("--export"), out, QStringLiteral("--no-inductor-cache"), trace }, environment);
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_TRUE(readJson(out).value(QStringLiteral("inductor_cache")).isNull());
    EXPECT_EQ(kernelNamed(readJson(out), rmsNorm).value(QStringLiteral("provenance")).toString(), QStringLiteral("none"));
}

TEST(Export, CommandLineWithACorruptCacheWarnsAndKeepsTheRows)
{
    CacheFixtures fixtures;
    const QString broken = fixtures.write(QStringLiteral("broken.tar.gz"), QByteArray("\x1f\x8b\x08\x00garbage", 12));
    const QString out = fixtures.path(QStringLiteral("k.json"));
    const CliRun run = runCli({ QStringLiteral("--export"), out, QStringLiteral("--inductor-cache"), broken, bundledSampleTrace() },
        isolatedEnvironment(fixtures.path(QString())));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_TRUE(run.stderrText.contains(QStringLiteral("warning: Inductor cache ") + broken)) << qPrintable(run.stderrText);
    const QJsonObject root = readJson(out);
    EXPECT_EQ(root.value(QStringLiteral("kernels")).toArray().size(), 8); // 4 Triton, 4 library
    EXPECT_EQ(kernelNamed(root, rmsNorm).value(QStringLiteral("provenance")).toString(), QStringLiteral("V2"));
    EXPECT_EQ(root.value(QStringLiteral("inductor_cache")).toObject().value(QStringLiteral("warnings")).toArray().size(), 1);
}

TEST(Export, CommandLineMergesAGraphReplayWithItsCaptureFileOrFolder)
{
    const QString folder = sharedPath(QStringLiteral("traces/graphs/vllm_decode_full"));
    if (folder.isEmpty())
        GTEST_SKIP() << "shared graph traces absent";
    const QStringList captures
        = QDir(folder + QStringLiteral("/capture_traces")).entryList({ QStringLiteral("graph_capture_rank_0.*.json.gz") });
    ASSERT_EQ(captures.size(), 1);
    TempTraces temp;
    const QString replay = folder + QStringLiteral("/graph_execution.json.gz");
    const QStringList givens { folder + QStringLiteral("/capture_traces/") + captures.front(), folder + QStringLiteral("/capture_traces") };
    for (const QString& capture : givens) {
        const QString json = temp.path(QStringLiteral("out.json"));
        const CliRun run = runCli(
            { QStringLiteral("--no-inductor-cache"), QStringLiteral("--export"), json, QStringLiteral("--capture"), capture, replay });
        ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
        const QJsonObject root = readJson(json);
        QJsonArray kernels;
        for (const QJsonValue& kernel : root.value(QStringLiteral("kernels")).toArray()) {
            if (!kernel.toObject().value(QStringLiteral("kind")).toString().startsWith(u"library"))
                kernels.append(kernel);
        }
        ASSERT_EQ(kernels.size(), 3);
        for (const QJsonValue& kernel : kernels) {
            EXPECT_EQ(kernel.toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("replayed"));
            EXPECT_EQ(kernel.toObject().value(QStringLiteral("capture")).toObject().value(QStringLiteral("batch_size")).toInt(), 32);
        }
        const QJsonObject copy = kernelNamed(root, QStringLiteral("triton_poi_fused__to_copy_1"));
        EXPECT_EQ(copy.value(QStringLiteral("calls")).toInt(), 23);
        EXPECT_DOUBLE_EQ(
            copy.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("sum")).toDouble(), 292.374); // to the nanosecond
        const QJsonArray read = root.value(QStringLiteral("captures")).toArray();
        ASSERT_EQ(read.size(), 1);
        EXPECT_TRUE(read[0].toObject().value(QStringLiteral("path")).toString().endsWith(captures.front()));
        EXPECT_EQ(read[0].toObject().value(QStringLiteral("matched_launches")).toInt(), 1);
        const QJsonObject graphs = root.value(QStringLiteral("graphs")).toObject();
        EXPECT_EQ(graphs.value(QStringLiteral("graph_launches")).toInt(), 1);
        EXPECT_EQ(graphs.value(QStringLiteral("attributed_kernels")).toInt(), 48);
    }
    const QString csv = temp.path(QStringLiteral("out.csv"));
    ASSERT_EQ(runCli({ QStringLiteral("--no-inductor-cache"), QStringLiteral("--export"), csv, QStringLiteral("--capture"),
                         folder + QStringLiteral("/capture_traces"), replay })
                  .exitCode,
        0);
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString header = QString::fromUtf8(file.readLine());
    EXPECT_TRUE(
        header.trimmed().contains(QStringLiteral("capture_file,capture_window,capture_batch_size,graph_launches,attainable_time_us")))
        << qPrintable(header);
    // A replayed row: capture window 1, batch 32, one graph launch; then its time figures.
    const QString first = QString::fromUtf8(file.readLine()).trimmed();
    EXPECT_TRUE(first.contains(QStringLiteral(",1,32,1,"))) << qPrintable(first);
    // A capture that names nothing is a typo worth stopping for.
    EXPECT_EQ(
        runCli({ QStringLiteral("--export"), csv, QStringLiteral("--capture"), temp.path(QStringLiteral("nothing")), replay }).exitCode, 2);
}

TEST(Export, CommandLineComparesWithABaseline)
{
    TempTraces temp;
    const QString json = temp.path(QStringLiteral("diff.json"));
    const QString csv = temp.path(QStringLiteral("diff.csv"));
    const CliRun run = runCli({ QStringLiteral("--no-inductor-cache"), QStringLiteral("--baseline"), bundledSampleTrace(),
        QStringLiteral("--export"), json, bundledSampleTrace() });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    const QJsonObject root = readJson(json);
    const QJsonArray kernels = root.value(QStringLiteral("kernels")).toArray();
    ASSERT_EQ(kernels.size(), 8); // 4 Triton kernels, 4 library ops
    for (const QJsonValue& value : kernels) {
        const QJsonObject kernel = value.toObject();
        EXPECT_EQ(kernel.value(QStringLiteral("match")).toString(), QStringLiteral("same"));
        EXPECT_EQ(kernel.value(QStringLiteral("speedup")).toDouble(), 1.0);
        EXPECT_EQ(kernel.value(QStringLiteral("baseline")).toObject().value(QStringLiteral("name")), kernel.value(QStringLiteral("name")));
        EXPECT_EQ(kernel.value(QStringLiteral("delta_tb_per_s")).toDouble(), 0.0);
    }
    EXPECT_TRUE(root.value(QStringLiteral("removed")).toArray().isEmpty());
    const QJsonObject comparison = root.value(QStringLiteral("comparison")).toObject();
    EXPECT_EQ(comparison.value(QStringLiteral("matches")).toObject().value(QStringLiteral("same")).toInt(), 8);
    EXPECT_EQ(comparison.value(QStringLiteral("triton_time_speedup")).toDouble(), 1.0);
    EXPECT_EQ(comparison.value(QStringLiteral("regressions")).toInt(), 0);
    EXPECT_FALSE(comparison.value(QStringLiteral("different_gpus")).toBool());

    ASSERT_EQ(runCli({ QStringLiteral("--no-inductor-cache"), QStringLiteral("--baseline"), bundledSampleTrace(),
                         QStringLiteral("--export"), csv, bundledSampleTrace() })
                  .exitCode,
        0);
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 9); // header and one row per match (4 Triton kernels, 4 library ops)
    EXPECT_TRUE(
        lines[0].startsWith(QStringLiteral("match,speedup,delta_time_us,delta_tb_per_s,delta_tflops_per_s,delta_fraction_of_roof,name,")));
    EXPECT_TRUE(lines[0].contains(QStringLiteral(",baseline_name,")));
    EXPECT_TRUE(lines[1].startsWith(QStringLiteral("same,1,0,0,")));

    // Baseline options without a baseline, or a baseline that is not there: bad arguments.
    EXPECT_EQ(runCli({ QStringLiteral("--baseline-capture"), bundledSampleTrace(), QStringLiteral("--export"), json, bundledSampleTrace() })
                  .exitCode,
        2);
    EXPECT_EQ(runCli({ QStringLiteral("--baseline"), temp.path(QStringLiteral("none.json")), QStringLiteral("--export"), json,
                         bundledSampleTrace() })
                  .exitCode,
        2);
}

// A row whose op was also launched during a graph capture: three calls, two
// with GPU time. Both counts are written, and the mean divides by the timed.
TEST(Export, TimedCallsBesideCallsAndFiguresRoundedAsPeopleReadThem)
{
    KernelRow row;
    row.name = QStringLiteral("triton_poi_fused_add_0");
    row.calls = 3;
    row.kernelTimeUs = summarize({ 1.0 / 3.0, 527.3818359375 });
    row.tbPerS = summarize({ 2.319481234567891 });
    row.shareOfGpuTime = 0.1 + 0.2; // 0.30000000000000004 as a double
    const QJsonObject json = kernelJson(row);
    EXPECT_EQ(json.value(QStringLiteral("calls")).toInt(), 3);
    EXPECT_EQ(json.value(QStringLiteral("timed_calls")).toInt(), 2);
    const QJsonObject time = json.value(QStringLiteral("kernel_time_us")).toObject();
    EXPECT_EQ(time.value(QStringLiteral("sum")).toDouble(), 527.715); // to the nanosecond
    EXPECT_EQ(time.value(QStringLiteral("min")).toDouble(), 0.333);
    EXPECT_EQ(json.value(QStringLiteral("tb_per_s")).toDouble(), 2.31948); // 6 significant digits
    EXPECT_EQ(json.value(QStringLiteral("share_of_gpu_time")).toDouble(), 0.3);
    EXPECT_EQ(QJsonDocument(json).toJson(QJsonDocument::Compact).count("2.31948"), 1);

    const QStringList header = csvHeader();
    const QStringList fields = csvFields(row);
    ASSERT_EQ(header.size(), fields.size());
    EXPECT_EQ(fields[header.indexOf(QStringLiteral("calls"))], QStringLiteral("3"));
    EXPECT_EQ(fields[header.indexOf(QStringLiteral("timed_calls"))], QStringLiteral("2"));
    EXPECT_EQ(fields[header.indexOf(QStringLiteral("kernel_time_us_sum"))], QStringLiteral("527.715"));
    EXPECT_EQ(fields[header.indexOf(QStringLiteral("tb_per_s"))], QStringLiteral("2.31948"));
    EXPECT_EQ(fields[header.indexOf(QStringLiteral("share_of_gpu_time"))], QStringLiteral("0.3"));
    for (const QString& field : fields) {
        bool number = false;
        field.toDouble(&number);
        if (number) {
            EXPECT_LT(field.size(), 12) << "no 17-digit floats: " << qPrintable(field);
        }
    }
}

TEST(Export, CommandLineReportsWhereTheTimeGoesWithTheUsersLatencyFloor)
{
    TempTraces temp;
    const QString json = temp.path(QStringLiteral("k.json"));
    const QString report = temp.path(QStringLiteral("report.md"));
    const CliRun run = runCli({ QStringLiteral("--latency-floor"), QStringLiteral("3"), QStringLiteral("--peaks"),
        QStringLiteral("max-achievable"), QStringLiteral("--export"), json, QStringLiteral("--report"), report, bundledSampleTrace() });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    const QJsonObject root = readJson(json);
    EXPECT_EQ(root.value(QStringLiteral("peak_set")).toString(), QStringLiteral("max_achievable"));
    const QJsonObject floor = root.value(QStringLiteral("latency_floor_us")).toObject();
    EXPECT_EQ(floor.value(QStringLiteral("value")).toDouble(), 3.0);
    EXPECT_EQ(floor.value(QStringLiteral("source")).toString(), QStringLiteral("override"));
    // Every Triton kernel's attainable time starts at the floor.
    for (const QJsonValue& value : root.value(QStringLiteral("kernels")).toArray()) {
        const QJsonObject kernel = value.toObject();
        if (!kernel.value(QStringLiteral("attainable_time_us")).isNull()) {
            EXPECT_GE(kernel.value(QStringLiteral("attainable_time_us")).toDouble(), 3.0);
        }
    }
    QFile file(report);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("Latency floor t0: 3.00 \u00b5s (set by the user)"))) << qPrintable(text);
    for (const char* section :
        { "## Where the time goes", "## What to fix first", "## Triton kernels and library ops by recoverable time" })
        EXPECT_TRUE(text.contains(QString::fromLatin1(section))) << section;
    EXPECT_TRUE(text.contains(QStringLiteral("| `triton_poi_fused__unsafe_view_mul_silu_2` |")));
    // A library op by its display name: aten::mm is three rows of the sample, told apart by their shapes.
    EXPECT_TRUE(text.contains(QStringLiteral("| `aten::mm (32768 x 8192 x 2048)` |"))) << qPrintable(text);

    EXPECT_EQ(runCli({ QStringLiteral("--latency-floor"), QStringLiteral("-1"), QStringLiteral("--export"), json, bundledSampleTrace() })
                  .exitCode,
        2);
    EXPECT_EQ(runCli({ QStringLiteral("--latency-floor"), QStringLiteral("2us"), QStringLiteral("--export"), json, bundledSampleTrace() })
                  .exitCode,
        2);
}

// Issue 22: a GPU file that is no regular file (a FIFO would block the
// reader forever, /dev/zero fill its memory) or is huge is refused with one
// line naming it.
TEST(Export, CommandLineRefusesAGpuFileThatIsNoRegularFile)
{
    TempTraces temp;
    const QString fifo = temp.path(QStringLiteral("gpus.fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString huge = temp.write(QStringLiteral("huge.json"), QByteArray(17 << 20, ' '));
    const QString json = temp.path(QStringLiteral("k.json"));
    for (const QString& gpuFile : { fifo, QStringLiteral("/dev/zero"), huge, temp.path(QString()) }) {
        SCOPED_TRACE(qPrintable(gpuFile));
        const CliRun run = runCli({ QStringLiteral("--gpu-file"), gpuFile, QStringLiteral("--export"), json, bundledSampleTrace() });
        EXPECT_EQ(run.exitCode, 2);
        const QString line = run.stderrText.trimmed();
        EXPECT_TRUE(line.startsWith(QStringLiteral("ridgeline: ") + gpuFile)) << qPrintable(line);
        EXPECT_FALSE(line.contains(u'\n')) << qPrintable(line);
        EXPECT_LT(line.size(), 1000);
    }
}
