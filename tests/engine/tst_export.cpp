// The headless command line and its JSON/CSV exports.
#include "gpuspec.h"
#include "resultexport.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString stderrText;
};

CliRun runCli(const QStringList& arguments)
{
    QProcess process;
    process.setProgram(QStringLiteral(RIDGELINE_BINARY));
    process.setArguments(arguments);
    process.start();
    process.waitForFinished(120000);
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardError()) };
}

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
    ASSERT_EQ(kernels.size(), 4);
    for (const QJsonValue& value : kernels) {
        const QJsonObject kernel = value.toObject();
        for (const char* key : { "name", "category", "provenance", "reason", "xnumel", "rnumel", "fused_ops", "input_dims",
                                 "input_types", "calls", "kernel_time_us", "flops", "bytes", "gflops", "data_moved_mb",
                                 "flops_per_byte", "tb_per_s", "tflops_per_s" })
            EXPECT_TRUE(kernel.contains(QString::fromLatin1(key))) << key;
    }
    const QJsonObject silu = kernels.at(0).toObject(); // the longest kernel comes first
    EXPECT_EQ(silu.value(QStringLiteral("name")).toString(), QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    EXPECT_EQ(silu.value(QStringLiteral("bytes")).toInteger(), 1610612736);
    EXPECT_EQ(silu.value(QStringLiteral("xnumel")).toInteger(), 268435456);
    EXPECT_DOUBLE_EQ(silu.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("sum")).toDouble(), 527.3818359375);
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
    ASSERT_EQ(lines.size(), 5);
    EXPECT_TRUE(lines[0].startsWith(QStringLiteral("name,category,kind,provenance,reason,xnumel,rnumel")));
    EXPECT_TRUE(lines[1].startsWith(QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2,poi,launched,V2,")));
    EXPECT_TRUE(lines[1].contains(QStringLiteral(",1610612736,")));
}

TEST(Export, ExitCodes)
{
    TempTraces temp;
    const QString out = temp.path(QStringLiteral("x.json"));
    EXPECT_EQ(runCli({ QStringLiteral("--bogus") }).exitCode, 2);
    EXPECT_EQ(runCli({ QStringLiteral("--export"), out }).exitCode, 2); // no trace
    EXPECT_EQ(runCli({ QStringLiteral("--export"), temp.path(QStringLiteral("x.txt")), bundledSampleTrace() }).exitCode, 2);
    EXPECT_EQ(runCli({ QStringLiteral("--export"), out, QStringLiteral("--gpu"), QStringLiteral("Voodoo 2"), bundledSampleTrace() }).exitCode, 2);

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
}

TEST(Export, TraceLensFiguresAppearOnlyWhereTheyDiffer)
{
    // A kernel with a float tensor: TraceLens counts 0 bytes for it.
    TempTraces temp;
    const QByteArray args = R"("Input Dims": [[256], []], "Input type": ["float", "Scalar"], "Concrete Inputs": ["", "256"])";
    const QByteArray events = tritonOpEvent("triton_poi_fused_mul_0", 100, 10, 1, args) + ",\n" + launchEvent(102, 2, 7)
        + ",\n" + flowEnd(7) + ",\n" + kernelEvent("triton_poi_fused_mul_0", 120, 4, 7);
    const auto outcome = analyze(temp.write(QStringLiteral("t.json"), traceJson(events)));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const QJsonObject root = QJsonDocument::fromJson(exportJson(*outcome.result, GpuCatalog::builtIn().defaultGpu())).object();
    const QJsonObject kernel = root.value(QStringLiteral("kernels")).toArray().at(0).toObject();
    // 256 x 4 read + 256 x 4 written = 2048 bytes; TraceLens 0.
    EXPECT_EQ(kernel.value(QStringLiteral("bytes")).toInteger(), 2048);
    const QJsonObject tracelens = kernel.value(QStringLiteral("tracelens")).toObject();
    ASSERT_FALSE(tracelens.isEmpty());
    EXPECT_EQ(tracelens.value(QStringLiteral("bytes")).toInteger(), 0);
    EXPECT_TRUE(tracelens.value(QStringLiteral("flops_per_byte")).isNull());
    EXPECT_TRUE(tracelens.value(QStringLiteral("why")).toString().contains(QStringLiteral("float")));
}
