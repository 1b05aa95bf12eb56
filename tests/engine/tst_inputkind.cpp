// Telling a trace from an Inductor cache by content: what a drop or a file
// dialog hands over decides whether it is opened or attached.
#include "cachefixtures.h"
#include "engine/inductorcache/inputkind.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(InputKind, TracesPlainAndCompressed)
{
    TempTraces temp;
    EXPECT_EQ(classifyInput(bundledSampleTrace()).kind, InputKind::Trace);
    EXPECT_EQ(classifyInput(temp.write(QStringLiteral("t.json"), "  {\"traceEvents\": []}")).kind, InputKind::Trace);
    // Python stacks in a trace may name torch/_inductor/async_compile.py.
    EXPECT_EQ(classifyInput(
                  temp.gzip(QStringLiteral("t.json.gz"), R"({"traceEvents": [{"name": "torch/_inductor/async_compile.py(262): triton"}]})"))
                  .kind,
        InputKind::Trace);
}

TEST(InputKind, CachesAsFolderArchiveOrWrapperFile)
{
    CacheFixtures fixtures;
    EXPECT_EQ(classifyInput(fixtures.cacheDirectory()).kind, InputKind::InductorCache);
    // Told apart from a gzip trace by the tar header inside, not by the name.
    EXPECT_EQ(classifyInput(fixtures.cacheArchive(QStringLiteral("c.tar.gz"), QStringLiteral("c.json.gz"))).kind, InputKind::InductorCache);
    EXPECT_EQ(classifyInput(fixtures.cacheArchive(QStringLiteral("c.tar.xz"))).kind, InputKind::InductorCache);
    EXPECT_EQ(classifyInput(fixtures.cacheArchive(QStringLiteral("c.tar"))).kind, InputKind::InductorCache);
    EXPECT_EQ(classifyInput(fixtures.cacheArchive(QStringLiteral("c.zip"), QStringLiteral("c.bin"))).kind, InputKind::InductorCache);
    EXPECT_EQ(classifyInput(fixtures.write(QStringLiteral("w.py"), fixtureWrapper())).kind, InputKind::InductorCache);
    // A gzipped wrapper file is a cache too, though its name ends in .gz like a trace's.
    TempTraces temp;
    EXPECT_EQ(classifyInput(temp.gzip(QStringLiteral("output_code.py.gz"), fixtureWrapper())).kind, InputKind::InductorCache);
}

TEST(InputKind, AnythingElseSaysWhy)
{
    CacheFixtures fixtures;
    const auto notes = classifyInput(fixtures.write(QStringLiteral("notes.txt"), "Meeting notes"));
    EXPECT_EQ(notes.kind, InputKind::Unusable);
    EXPECT_TRUE(notes.problem.contains(QStringLiteral("neither a trace"))) << qPrintable(notes.problem);
    // Python without kernel blocks is not a wrapper file.
    EXPECT_EQ(classifyInput(fixtures.write(QStringLiteral("setup.py"), "import os\n")).kind, InputKind::Unusable);
    const auto empty = classifyInput(fixtures.write(QStringLiteral("empty.json"), ""));
    EXPECT_EQ(empty.kind, InputKind::Unusable);
    EXPECT_EQ(empty.problem, QStringLiteral("the file is empty"));
    const auto absent = classifyInput(fixtures.path(QStringLiteral("absent")));
    EXPECT_EQ(absent.kind, InputKind::Unusable);
    EXPECT_EQ(absent.problem, QStringLiteral("no such file or folder"));
}

TEST(InputKind, ACaptureTraceIsToldApartByItsContent)
{
    TempTraces temp;
    const QByteArray capture = traceJson(captureWindow(1000, 10, { { "triton_poi_fused_add_0", poiAddArgs(64) } }));
    const QByteArray replay = traceJson(graphReplay(5000, 900, { { "triton_poi_fused_add_0", 4 } }));
    const QByteArray both = traceJson(captureWindow(1000, 10, { { "triton_poi_fused_add_0", poiAddArgs(64) } }) + ",\n"
        + graphReplay(5000, 900, { { "triton_poi_fused_add_0", 4 } }));
    EXPECT_TRUE(isGraphCaptureTrace(temp.write(QStringLiteral("capture.json"), capture)));
    EXPECT_TRUE(isGraphCaptureTrace(temp.gzip(QStringLiteral("capture.json.gz"), capture)));
    EXPECT_FALSE(isGraphCaptureTrace(temp.write(QStringLiteral("replay.json"), replay)));
    EXPECT_FALSE(isGraphCaptureTrace(temp.write(QStringLiteral("both.json"), both))); // a trace to open, not to attach
    EXPECT_FALSE(isGraphCaptureTrace(bundledSampleTrace()));
    EXPECT_FALSE(isGraphCaptureTrace(temp.path(QStringLiteral("absent.json"))));
}
