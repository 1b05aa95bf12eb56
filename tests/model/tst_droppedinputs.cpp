// What a drop on the window means: one trace, one cache, or both; anything
// else is named with the reason and nothing is opened.
#include "cachefixtures.h"
#include "droppedinputs.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(DroppedInputs, TraceAndCacheTogether)
{
    CacheFixtures fixtures;
    const QString cache = fixtures.cacheArchive(QStringLiteral("c.tar.gz"));
    const DroppedInputs dropped = classifyDroppedPaths({ cache, bundledSampleTrace() });
    EXPECT_TRUE(dropped.usable());
    EXPECT_EQ(dropped.trace, bundledSampleTrace());
    EXPECT_EQ(dropped.inductorCache, cache);
}

TEST(DroppedInputs, CacheAlone)
{
    CacheFixtures fixtures;
    const DroppedInputs dropped = classifyDroppedPaths({ fixtures.cacheDirectory() });
    EXPECT_TRUE(dropped.usable());
    EXPECT_TRUE(dropped.trace.isEmpty());
    EXPECT_EQ(dropped.inductorCache, fixtures.cacheDirectory());
}

TEST(DroppedInputs, SecondTraceOrUnknownFileIsAProblem)
{
    CacheFixtures fixtures;
    const QString notes = fixtures.write(QStringLiteral("notes.txt"), "not a trace");
    DroppedInputs dropped = classifyDroppedPaths({ bundledSampleTrace(), fixtures.traceWithoutV2Args() });
    EXPECT_FALSE(dropped.usable());
    ASSERT_EQ(dropped.problems.size(), 1);
    EXPECT_TRUE(dropped.problems.front().startsWith(fixtures.traceWithoutV2Args() + QStringLiteral(": a second trace")));

    dropped = classifyDroppedPaths({ notes });
    EXPECT_FALSE(dropped.usable());
    ASSERT_EQ(dropped.problems.size(), 1);
    EXPECT_TRUE(dropped.problems.front().startsWith(notes + QStringLiteral(": neither a trace")));
    EXPECT_FALSE(classifyDroppedPaths({}).usable());
}
