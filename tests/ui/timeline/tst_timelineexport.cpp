// The timeline drawn without a window: PNG at size x scale with the lanes
// and legend drawn, SVG with its title, the ruler's steps, and the headless
// `--export-timeline ... [--range]` command line with its bad values.
#include "engine/timeline/timeline.h"
#include "headlesscli.h"
#include "testsupport.h"
#include "timeline/timelineexport.h"
#include "timeline/timelinepainter.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
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

double gpuTimeUs(const QString& json)
{
    QFile file(json);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    return QJsonDocument::fromJson(file.readAll())
        .object()
        .value(QStringLiteral("gpu_time_us"))
        .toObject()
        .value(QStringLiteral("total"))
        .toDouble(-1);
}

} // namespace

TEST(TimelinePainter, DurationsAsPeopleWriteThem)
{
    EXPECT_EQ(TimelinePainter::duration(12'500'000), QStringLiteral("12.5 ms"));
    EXPECT_EQ(TimelinePainter::duration(350'000), QStringLiteral("350 µs"));
    EXPECT_EQ(TimelinePainter::duration(80), QStringLiteral("80 ns"));
    EXPECT_EQ(TimelinePainter::duration(2'000'000'000), QStringLiteral("2 s"));
}

TEST(TimelineExport, PngIsSizeTimesScaleWithLanesAndLegendDrawn)
{
    ASSERT_TRUE(bundled());
    ASSERT_TRUE(bundled()->timeline);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("timeline.png"));
    TimelineExportOptions options;
    options.path = path;
    options.size = { 800, 400 };
    options.scale = 2;
    QString error;
    ASSERT_TRUE(exportTimeline(judgedOnMi300x(bundled())->trace, options, &error)) << qPrintable(error);
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1600, 800));
    EXPECT_EQ(image.pixelColor(1, 1), QColor(Qt::white));
    EXPECT_GT(distinctColours(image, 2), 30) << "lanes, boxes and a legend, not a blank page";

    options.path = dir.filePath(QStringLiteral("timeline.svg"));
    options.rangeUs = std::pair(0.0, 100.0);
    ASSERT_TRUE(exportTimeline(judgedOnMi300x(bundled())->trace, options, &error)) << qPrintable(error);
    QFile svg(options.path);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    EXPECT_TRUE(text.contains("<svg"));
    EXPECT_TRUE(text.contains("GPU timeline, 0 ns to 100 µs")) << "the title names the range";
    EXPECT_TRUE(text.contains("of attainable"));

    options.path = dir.filePath(QStringLiteral("timeline.bmp"));
    EXPECT_FALSE(exportTimeline(judgedOnMi300x(bundled())->trace, options, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("timeline.bmp"))) << qPrintable(error);
}

TEST(TimelineExport, CommandLineDrawsTheTimelineAndARangeLimitsTheExport)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("timeline.png"));
    const CliRun run = runCli({ QStringLiteral("--export-timeline"), png, QStringLiteral("--size"), QStringLiteral("800x400"),
        QStringLiteral("--scale"), QStringLiteral("2"), samplePath });
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
    EXPECT_EQ(QImage(png).size(), QSize(1600, 800));
    EXPECT_TRUE(run.stdoutText.contains(QStringLiteral("wrote %1 (timeline 800x400)").arg(png))) << qPrintable(run.stdoutText);

    // The whole trace's GPU time against a range of its first 200 us.
    const QString whole = dir.filePath(QStringLiteral("whole.json"));
    const QString ranged = dir.filePath(QStringLiteral("ranged.json"));
    ASSERT_EQ(runCli({ QStringLiteral("-q"), QStringLiteral("--export"), whole, samplePath }).exitCode, 0);
    const CliRun limited = runCli({ QStringLiteral("-q"), QStringLiteral("--export"), ranged, QStringLiteral("--export-timeline"),
        dir.filePath(QStringLiteral("ranged.svg")), QStringLiteral("--range"), QStringLiteral("0:200"), samplePath });
    ASSERT_EQ(limited.exitCode, 0) << qPrintable(limited.stderrText);
    EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("ranged.svg"))));
    const double all = gpuTimeUs(whole), part = gpuTimeUs(ranged);
    EXPECT_GT(all, 0);
    EXPECT_GT(part, 0);
    EXPECT_LT(part, all);
}

TEST(TimelineExport, CommandLineRejectsBadRangesAndSizes)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("timeline.png"));
    const QList<QStringList> bad {
        { QStringLiteral("--range"), QStringLiteral("100") },
        { QStringLiteral("--range"), QStringLiteral("a:b") },
        { QStringLiteral("--range"), QStringLiteral("50:10") },
        { QStringLiteral("--range"), QStringLiteral("-5:10") },
        { QStringLiteral("--size"), QStringLiteral("10x10") },
        { QStringLiteral("--size"), QStringLiteral("800") },
        { QStringLiteral("--scale"), QStringLiteral("0") },
        { QStringLiteral("--scale"), QStringLiteral("1e-9") }, // wrote an empty PNG and said "wrote"
        { QStringLiteral("--scale"), QStringLiteral("17") },
    };
    for (const QStringList& options : bad) {
        const CliRun run = runCli(QStringList { QStringLiteral("--export-timeline"), png } + options + QStringList { samplePath });
        EXPECT_EQ(run.exitCode, 2) << qPrintable(options.join(u' '));
        EXPECT_EQ(run.stderrText.count(u'\n'), 1) << "one line: " << qPrintable(run.stderrText);
        EXPECT_FALSE(QFileInfo::exists(png));
    }
    EXPECT_EQ(runCli({ QStringLiteral("--export-timeline"), dir.filePath(QStringLiteral("t.pdf")), samplePath }).exitCode, 2);
    // A range with nothing to apply it to.
    EXPECT_EQ(runCli({ QStringLiteral("--range"), QStringLiteral("0:10"), samplePath }).exitCode, 2);
    const CliRun unwritable = runCli({ QStringLiteral("--export-timeline"), dir.filePath(QStringLiteral("no/dir/t.png")), samplePath });
    EXPECT_EQ(unwritable.exitCode, 4);
    EXPECT_TRUE(unwritable.stderrText.contains(QStringLiteral("no/dir/t.png"))) << qPrintable(unwritable.stderrText);
}

TEST(TimelineExport, ARangeFarFromTheTraceFinishes)
{
    // 2^60 ns from the first GPU event, 1 us long: the ruler's `t += step`
    // stopped moving there (doubles 256 ns apart) and the export never ended.
    QTemporaryDir dir;
    for (const QString& name : { QStringLiteral("far.png"), QStringLiteral("far.svg") }) {
        const QString path = dir.filePath(name);
        const CliRun run = runCli({ QStringLiteral("--export-timeline"), path, QStringLiteral("--range"),
            QStringLiteral("1152921504606846:1152921504606847"), samplePath });
        EXPECT_EQ(run.exitCode, 0) << qPrintable(run.stderrText);
        EXPECT_GT(QFileInfo(path).size(), 1000) << qPrintable(name);
    }
}

TEST(TimelineExport, TheLanesFillTheImageToTheLegend)
{
    // 800 x 600: the sample's one GPU stream takes the height the ruler,
    // busy track, annotations and legend leave. From half the height down
    // to the legend (the bottom 15 %), a blank row is at most a 2 px gap
    // between lanes; before, everything under the lanes stayed white.
    QTemporaryDir dir;
    TimelineExportOptions options;
    options.path = dir.filePath(QStringLiteral("filled.png"));
    options.size = { 800, 600 };
    QString error;
    ASSERT_TRUE(exportTimeline(judgedOnMi300x(bundled())->trace, options, &error)) << qPrintable(error);
    const QImage image = QImage(options.path).convertToFormat(QImage::Format_RGB32);
    ASSERT_EQ(image.size(), QSize(800, 600));
    int blankRows = 0;
    for (int y = 300; y < 510; ++y) {
        bool blank = true;
        for (int x = 300; x < 790 && blank; ++x)
            blank = image.pixel(x, y) == qRgb(255, 255, 255);
        blankRows += blank ? 1 : 0;
    }
    EXPECT_LE(blankRows, 6) << "the lower half of the figure is drawn, not left blank";
}
