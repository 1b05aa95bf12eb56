// Roofline exports without a window: PNG at size x scale, SVG and PDF with
// the title, CSV for re-plotting, errors that name the file, and the
// headless `--export-roofline` command line.
#include "engine/analysis.h"
#include "engine/roofline/rooflinedata.h"
#include "engine/timebudget/gputimecoverage.h"
#include "export/rasterimage.h"
#include "export/rooflineexport.h"
#include "headlesscli.h"
#include "testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <set>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString samplePath = QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz");

std::shared_ptr<const AnalysisResult> bundled()
{
    static const auto result = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    return result;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool exportTo(const QString& path, QSize size = { 800, 500 }, double scale = 1, RooflineView::Frame frame = RooflineView::Frame::FitToData,
    QString* error = nullptr)
{
    RooflineExportOptions options;
    options.path = path;
    options.size = size;
    options.scale = scale;
    options.frame = frame;
    QString message;
    const bool ok = exportRoofline(*judgedOnMi300x(bundled()), options, &message);
    if (error)
        *error = message;
    EXPECT_TRUE(ok || error) << qPrintable(message);
    return ok;
}

} // namespace

TEST(RooflineExport, PngIsSizeTimesScale)
{
    ASSERT_TRUE(bundled());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("roofline.png"));
    ASSERT_TRUE(exportTo(path, { 800, 500 }, 2));
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), 1600);
    EXPECT_EQ(image.height(), 1000);
    EXPECT_EQ(image.pixelColor(2, 2), QColor(Qt::white));
    EXPECT_GT(distinctColours(image, 3), 50) << "a drawn chart, not a blank page";

    ASSERT_TRUE(exportTo(path, { 640, 400 }, 1.5, RooflineView::Frame::GpuRoofs));
    EXPECT_EQ(QImage(path).size(), QSize(960, 600));
}

TEST(RooflineExport, SvgIsValidXmlWithTitleAxesAndRoofs)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("roofline.svg"));
    ASSERT_TRUE(exportTo(path));
    const QByteArray svg = readAll(path);
    QXmlStreamReader xml(svg);
    int elements = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement)
            ++elements;
    }
    EXPECT_FALSE(xml.hasError()) << qPrintable(xml.errorString());
    EXPECT_GT(elements, 100);
    const QString text = QString::fromUtf8(svg);
    EXPECT_TRUE(text.contains(QStringLiteral("transformer_block_mi300x.json.gz")));
    EXPECT_TRUE(text.contains(QStringLiteral("AMD Instinct MI300X")));
    EXPECT_TRUE(text.contains(QStringLiteral("datasheet peaks")));
    EXPECT_TRUE(text.contains(QStringLiteral("Arithmetic intensity (FLOPS/Byte)")));
    EXPECT_TRUE(text.contains(QStringLiteral("Performance (TFLOPS/s)")));
    EXPECT_TRUE(text.contains(QStringLiteral("BF16/FP16 matrix 1307.4 TFLOPS")));
    EXPECT_TRUE(text.contains(QStringLiteral("HBM 5.3 TB/s")));

    QSvgRenderer renderer(svg);
    EXPECT_TRUE(renderer.isValid());
    EXPECT_EQ(renderer.defaultSize(), QSize(800, 500));
}

TEST(RooflineExport, PdfIsOnePageTheSizeOfTheChart)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("roofline.pdf"));
    ASSERT_TRUE(exportTo(path, { 800, 500 }));
    const QByteArray pdf = readAll(path);
    EXPECT_TRUE(pdf.startsWith("%PDF-")) << pdf.left(16).toStdString();
    EXPECT_TRUE(pdf.contains("/MediaBox [0 0 800")) << "page sized to the chart, in points";
    EXPECT_EQ(pdf.count("/Type /Page\n") + pdf.count("/Type /Page "), 1);
    // The title travels in the document information, as UTF-16.
    const QString title = QStringLiteral("transformer_block_mi300x.json.gz: AMD Instinct MI300X, datasheet peaks");
    QByteArray utf16;
    for (QChar c : title)
        utf16 += char(c.unicode() >> 8) + QByteArray(1, char(c.unicode() & 0xff));
    EXPECT_TRUE(pdf.contains(utf16));
}

TEST(RooflineExport, CsvIsTheRooflineData)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("roofline.csv"));
    ASSERT_TRUE(exportTo(path));
    EXPECT_EQ(readAll(path), rooflineCsv(judgedOnMi300x(bundled())->trace.roofline));
}

TEST(RooflineExport, BadPathsFailWithAnErrorNamingTheFile)
{
    QTemporaryDir dir;
    QString error;
    const QString bmp = dir.filePath(QStringLiteral("roofline.bmp"));
    EXPECT_FALSE(exportTo(bmp, { 800, 500 }, 1, RooflineView::Frame::FitToData, &error));
    EXPECT_TRUE(error.contains(bmp)) << qPrintable(error);
    EXPECT_TRUE(error.contains(QStringLiteral(".png"))) << "says what would work";
    EXPECT_FALSE(QFileInfo::exists(bmp));

    const QString unwritable = dir.filePath(QStringLiteral("no/such/folder/roofline.png"));
    EXPECT_FALSE(exportTo(unwritable, { 800, 500 }, 1, RooflineView::Frame::FitToData, &error));
    EXPECT_TRUE(error.contains(unwritable)) << qPrintable(error);

    EXPECT_FALSE(exportTo(dir.filePath(QStringLiteral("r.png")), { 800, 500 }, 0, RooflineView::Frame::FitToData, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("scale"))) << qPrintable(error);
}

TEST(RooflineExport, CommandLineWritesThePngHeadless)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("out.png"));
    const CliRun run = runCli({ QStringLiteral("--export-roofline"), png, QStringLiteral("--size"), QStringLiteral("800x500"),
        QStringLiteral("--scale"), QStringLiteral("2"), samplePath });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_EQ(QImage(png).size(), QSize(1600, 1000));

    // With the kernel table in the same run, the other peaks and frame, as SVG.
    const QString json = dir.filePath(QStringLiteral("kernels.json"));
    const QString svg = dir.filePath(QStringLiteral("out.svg"));
    const CliRun both = runCli({ QStringLiteral("--export"), json, QStringLiteral("--export-roofline"), svg, QStringLiteral("--peaks"),
        QStringLiteral("max-achievable"), QStringLiteral("--frame"), QStringLiteral("gpu"), samplePath });
    ASSERT_EQ(both.exitCode, 0) << qPrintable(both.stderrText);
    EXPECT_TRUE(QFileInfo::exists(json));
    // One line per file written, on stdout; -q silences them.
    // The export's line says how much of the GPU time has figures (its `coverage`).
    const QJsonObject root = QJsonDocument::fromJson(readAll(json)).object();
    GpuTimeCoverage coverage;
    coverage.modelledUs = root.value(QStringLiteral("coverage")).toObject().value(QStringLiteral("modelled_us")).toDouble();
    coverage.totalUs = root.value(QStringLiteral("coverage")).toObject().value(QStringLiteral("total_us")).toDouble();
    EXPECT_GT(coverage.modelledUs, 0);
    EXPECT_EQ(both.stdoutText,
        QStringLiteral("wrote %1 (%2 kernels; %3)\nwrote %4 (1600x1000)\n")
            .arg(json)
            .arg(root.value(QStringLiteral("kernels")).toArray().size())
            .arg(coverageText(coverage), svg));
    const CliRun quiet = runCli({ QStringLiteral("-q"), QStringLiteral("--export"), dir.filePath(QStringLiteral("quiet.json")),
        QStringLiteral("--export-roofline"), dir.filePath(QStringLiteral("quiet.svg")), samplePath });
    EXPECT_EQ(quiet.exitCode, 0);
    EXPECT_TRUE(quiet.stdoutText.isEmpty()) << qPrintable(quiet.stdoutText);
    const QString text = QString::fromUtf8(readAll(svg));
    EXPECT_TRUE(text.contains(QStringLiteral("measured max-achievable peaks")));
    EXPECT_TRUE(text.contains(QStringLiteral("BF16 matrix 708 TFLOPS")));

    // Every catalogue GPU has max-achievable peaks now (the H100's estimated at 90 % of its HBM
    // datasheet figure); the datasheet is a choice away.
    const QString csv = dir.filePath(QStringLiteral("out.csv"));
    const CliRun h100 = runCli({ QStringLiteral("--export-roofline"), csv, QStringLiteral("--gpu"), QStringLiteral("H100"), samplePath });
    EXPECT_EQ(h100.exitCode, 0) << qPrintable(h100.stderrText);
    EXPECT_FALSE(h100.stderrText.contains(QStringLiteral("no measured max-achievable peaks"))) << qPrintable(h100.stderrText);
    EXPECT_TRUE(readAll(csv).contains("roof,NVIDIA H100 SXM,HBM,memory,max_achievable,3.015,TB/s")) << readAll(csv).left(600).constData();
    const CliRun datasheet = runCli({ QStringLiteral("--export-roofline"), csv, QStringLiteral("--gpu"), QStringLiteral("H100"),
        QStringLiteral("--peaks"), QStringLiteral("datasheet"), samplePath });
    EXPECT_EQ(datasheet.exitCode, 0) << qPrintable(datasheet.stderrText);
    EXPECT_TRUE(readAll(csv).contains("roof,NVIDIA H100 SXM,HBM,memory,datasheet,3.35,TB/s"));
}

TEST(RooflineExport, CacheRoofsAppearInTheFigureOnlyWhenAsked)
{
    QTemporaryDir dir;
    const QString plain = dir.filePath(QStringLiteral("plain.svg"));
    const QString cached = dir.filePath(QStringLiteral("cached.svg"));
    ASSERT_EQ(runCli({ QStringLiteral("-q"), QStringLiteral("--export-roofline"), plain, samplePath }).exitCode, 0);
    const CliRun run
        = runCli({ QStringLiteral("-q"), QStringLiteral("--export-roofline"), cached, QStringLiteral("--cache-roofs"), samplePath });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    QFile a(plain), b(cached);
    ASSERT_TRUE(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray without = a.readAll(), with = b.readAll();
    // The legend names each cache roof with its figure (the MI300X's CDNA 3 ones).
    // (A kernel above the max-achievable HBM roof says "probably from Infinity Cache" either way: the roof is the legend's entry.)
    EXPECT_FALSE(without.contains("Infinity Cache 17.2 TB/s"));
    EXPECT_TRUE(with.contains("Infinity Cache 17.2 TB/s")) << "no Infinity Cache roof in the SVG";
    EXPECT_TRUE(with.contains("34.4"));
}

TEST(RooflineExport, CommandLineRejectsBadValues)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("out.png"));
    const QList<QStringList> bad {
        { QStringLiteral("--size"), QStringLiteral("800") },
        { QStringLiteral("--size"), QStringLiteral("0x500") },
        { QStringLiteral("--size"), QStringLiteral("320x200") }, // too small to read
        { QStringLiteral("--size"), QStringLiteral("800x500x2") },
        { QStringLiteral("--scale"), QStringLiteral("0") },
        { QStringLiteral("--scale"), QStringLiteral("two") },
        { QStringLiteral("--scale"), QStringLiteral("1e-9") }, // wrote an empty PNG and said "wrote"
        { QStringLiteral("--scale"), QStringLiteral("0.09") },
        { QStringLiteral("--scale"), QStringLiteral("17") },
        { QStringLiteral("--scale"), QStringLiteral("nan") },
        { QStringLiteral("--size"), QStringLiteral("20000x500") },
        { QStringLiteral("--peaks"), QStringLiteral("sparse") },
        { QStringLiteral("--frame"), QStringLiteral("tight") },
    };
    for (const QStringList& options : bad) {
        const CliRun run = runCli(QStringList { QStringLiteral("--export-roofline"), png } + options + QStringList { samplePath });
        EXPECT_EQ(run.exitCode, 2) << qPrintable(options.join(u' '));
        EXPECT_EQ(run.stderrText.count(u'\n'), 1) << "one line: " << qPrintable(run.stderrText);
        EXPECT_FALSE(QFileInfo::exists(png));
    }
    EXPECT_TRUE(runCli({ QStringLiteral("--export-roofline"), png, QStringLiteral("--size"), QStringLiteral("639x400"), samplePath })
            .stderrText.contains(QStringLiteral("too small to read: at least 640x400")));
    EXPECT_EQ(runCli({ QStringLiteral("--export-roofline"), dir.filePath(QStringLiteral("out.bmp")), samplePath }).exitCode, 2);
    EXPECT_EQ(runCli({ QStringLiteral("--export-roofline"), png }).exitCode, 2); // no trace
    // Roofline options without a roofline to apply them to.
    EXPECT_EQ(runCli({ QStringLiteral("--export"), dir.filePath(QStringLiteral("k.json")), QStringLiteral("--size"),
                         QStringLiteral("800x500"), samplePath })
                  .exitCode,
        2);
    EXPECT_EQ(runCli({ QStringLiteral("--export"), dir.filePath(QStringLiteral("k.json")), QStringLiteral("--cache-roofs"), samplePath })
                  .exitCode,
        2);
    const CliRun unwritable = runCli({ QStringLiteral("--export-roofline"), dir.filePath(QStringLiteral("no/dir/out.png")), samplePath });
    EXPECT_EQ(unwritable.exitCode, 4);
    EXPECT_TRUE(unwritable.stderrText.contains(QStringLiteral("no/dir/out.png"))) << qPrintable(unwritable.stderrText);
}

TEST(RooflineExport, AnImagePastTheMemoryBudgetIsDrawnAtALowerScaleAndSaysBothSizes)
{
    // 16384 x 16384 at scale 1 took 1 GiB: 256 MiB at most, the same figure
    // at a lower resolution, with a warning naming both sizes.
    QString error;
    const auto big = planRaster(QStringLiteral("big.png"), QSize(16384, 16384), 1, &error);
    ASSERT_TRUE(big) << qPrintable(error);
    EXPECT_LE(qint64(big->pixels.width()) * big->pixels.height() * 4, maxRasterBytes);
    EXPECT_GE(big->pixels.width(), 8180);
    EXPECT_NEAR(big->scale, 0.5, 0.001);
    EXPECT_TRUE(big->warning.contains(QStringLiteral("16384x16384 px would take 1024 MiB"))) << qPrintable(big->warning);
    EXPECT_TRUE(big->warning.contains(QStringLiteral("drawn at 8184x8184 px"))) << qPrintable(big->warning);
    // Scale 16 on a 4096 x 2048 figure: 65536 x 32768 px asked, within budget after.
    const auto sharp = planRaster(QStringLiteral("sharp.png"), QSize(4096, 2048), 16, &error);
    ASSERT_TRUE(sharp);
    EXPECT_LE(qint64(sharp->pixels.width()) * sharp->pixels.height() * 4, maxRasterBytes);
    EXPECT_EQ(sharp->pixels.width(), 2 * sharp->pixels.height());
    // Within budget: as asked, no warning.
    const auto plain = planRaster(QStringLiteral("plain.png"), QSize(1600, 1000), 2, &error);
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->pixels, QSize(3200, 2000));
    EXPECT_TRUE(plain->warning.isEmpty());
    // Out of range or under a pixel: refused with the file's name.
    for (double scale : { 0.0, 1e-9, 0.099, 16.01, std::nan("") }) {
        EXPECT_FALSE(planRaster(QStringLiteral("x.png"), QSize(800, 500), scale, &error)) << scale;
        EXPECT_TRUE(error.startsWith(QStringLiteral("x.png: scale"))) << qPrintable(error);
    }
    EXPECT_FALSE(planRaster(QStringLiteral("x.png"), QSize(5, 5), 0.1, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("under one pixel"))) << qPrintable(error);
}

TEST(RooflineExport, HelpDocumentsTheRooflineOptions)
{
    QProcess process;
    process.start(QStringLiteral(RIDGELINE_BINARY), { QStringLiteral("--help") });
    process.waitForFinished(30000);
    const QString help = QString::fromUtf8(process.readAllStandardOutput());
    for (const char* option :
        { "--export-roofline", "--peaks", "--frame", "--size", "--scale", "--cache-roofs", "max-achievable", "1600x1000" })
        EXPECT_TRUE(help.contains(QString::fromLatin1(option))) << option;
}

TEST(RooflineExport, SharedDiffusionTraceExportsInEveryFrameAndPeakSet)
{
    const QString path = QStringLiteral(RIDGELINE_SHARED_DIR "/traces/xdit_sd35_mi300x.json.gz");
    if (!QFileInfo::exists(path)) {
        std::fprintf(stderr, "\n*** SHARED TEST INPUT MISSING: %s: this test is SKIPPED, not passed.\n\n", qPrintable(path));
        GTEST_SKIP();
    }
    const auto outcome = analyzeTrace(path, {}, {});
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    ASSERT_EQ(tritonRowCount(*outcome.result), 26u);
    const RooflineData data = rooflineData(outcome.result.get(), mi300x(), PeakSet::Datasheet);
    EXPECT_EQ(int(data.points.size()) + int(data.memoryOnlyPoints.size()) + data.unplottedKernels(), 26 + 135); // and the library ops
    EXPECT_EQ(data.memoryOnlyPoints.size(), 5u); // copies, transposes, clones: 0 FLOPs
    // Its outliers stay in every frame.
    const DecadeFrame fixed = gpuFrame(data);
    for (const RooflinePoint& p : data.points) {
        EXPECT_GE(p.intensity, fixed.xMin());
        EXPECT_LE(p.tflops, fixed.yMax());
        EXPECT_GE(p.tflops, fixed.yMin());
    }

    QTemporaryDir dir;
    for (PeakSet peaks : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
        for (RooflineView::Frame frame : { RooflineView::Frame::FitToData, RooflineView::Frame::GpuRoofs }) {
            RooflineExportOptions options;
            options.path = dir.filePath(QStringLiteral("xdit.png"));
            options.frame = frame;
            QString error;
            ASSERT_TRUE(exportRoofline(*judgedOnMi300x(outcome.result, peaks), options, &error)) << qPrintable(error);
            EXPECT_EQ(QImage(options.path).size(), QSize(1600, 1000));
        }
    }
}

namespace {

int latencyBoundPoints(const RooflineData& data)
{
    int count = 0;
    for (const auto* points : { &data.points, &data.memoryOnlyPoints }) {
        for (const RooflinePoint& point : *points)
            count += point.latencyBound ? 1 : 0;
    }
    return count;
}

} // namespace

// Issue 31, defect 3: the image is drawn from the judgement, so it follows
// the lens as the view does: the user's t0 marks the latency-bound points
// (grey, with their legend entry) and the cache roofs are drawn when shown.
TEST(RooflineExport, TheImageFollowsTheLensLatencyFloorAndCacheRoofs)
{
    ASSERT_TRUE(bundled());
    Lens plain;
    plain.gpuChoice = mi300x().name;
    Lens chosen = plain;
    chosen.latencyFloorUs = 1000.0; // over every kernel's roof term in the sample
    chosen.cacheRoofs = true;
    const auto before = judge(bundled(), plain);
    const auto after = judge(bundled(), chosen);
    const int boundBefore = latencyBoundPoints(before->trace.roofline);
    const int boundAfter = latencyBoundPoints(after->trace.roofline);
    EXPECT_GT(boundAfter, boundBefore);

    QTemporaryDir dir;
    RooflineExportOptions options;
    options.size = { 800, 500 };
    QString error;
    options.path = dir.filePath(QStringLiteral("before.svg"));
    ASSERT_TRUE(exportRoofline(*before, options, &error)) << qPrintable(error);
    options.path = dir.filePath(QStringLiteral("after.svg"));
    ASSERT_TRUE(exportRoofline(*after, options, &error)) << qPrintable(error);
    const QByteArray svgBefore = readAll(dir.filePath(QStringLiteral("before.svg")));
    const QByteArray svgAfter = readAll(dir.filePath(QStringLiteral("after.svg")));
    EXPECT_FALSE(svgBefore.contains("Infinity Cache 17.2 TB/s"));
    EXPECT_TRUE(svgAfter.contains("Infinity Cache 17.2 TB/s"));
    EXPECT_TRUE(svgAfter.contains("latency"));
    if (boundBefore == 0) {
        EXPECT_FALSE(svgBefore.contains("latency"));
    }
}
