// The inspector's launch section: each figure and where it came from, the
// catalogue's compute units where the trace had none.
#include "derivation/derivationsections.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(LaunchDerivation, FiguresWithTheirSources)
{
    // 16 programs of XBLOCK 64 over xnumel 1,000 (1,024 lanes: 97.6563 %
    // work) on the judged MI300X's 304 CUs: 0.0526316 waves.
    KernelRow row;
    LaunchFacts launch;
    launch.numWarps = 4;
    launch.numStages = 1;
    launch.kwargs = QStringLiteral("XBLOCK=64");
    launch.grid = std::array<std::int64_t, 3> { 16, 1, 1 };
    launch.block = std::array<std::int64_t, 3> { 256, 1, 1 };
    launch.gridCounts = GridCounts::Blocks;
    launch.programs = 16;
    launch.programsSource = QStringLiteral("grid [16, 1, 1] in blocks (= ceil(xnumel 1000 / XBLOCK 64))");
    launch.activeLaneShare = 1000.0 / 1024.0;
    launch.activeLaneShareSource = QStringLiteral("xnumel 1000 over 16 x XBLOCK 64");
    row.launch = launch;
    const TraceJudgement judged = judgedOnMi300x(AnalysisResult {})->trace;
    MarkdownWriter md;
    Derivation::writeLaunch(md, row, judged);
    const QString text = md.text();
    EXPECT_TRUE(text.contains(QStringLiteral("## Launch"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("| 4, 1 |"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("the grid counts blocks"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("| 304 |"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("the GPU catalogue: AMD Instinct MI300X"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("| 0.0526316 |"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("97.6563%"))) << qPrintable(text);

    MarkdownWriter none;
    Derivation::writeLaunch(none, KernelRow {}, judged);
    EXPECT_TRUE(none.text().isEmpty());
}
