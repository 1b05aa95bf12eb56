// What a drop on the window means: one trace, one cache, or both; anything
// else is named with the reason and nothing is opened.
#include "cachefixtures.h"
#include "droppedinputs.h"
#include "testsupport.h"

#include <QFile>
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

// An output_code.py and a TORCH_TRACE log are sources of kernels, dropped
// with the trace: told by content (a log's name says nothing).
TEST(DroppedInputs, OutputCodeOrTorchTraceLogIsTheCache)
{
    const QString log = sharedPath(QStringLiteral("realdata/meta-pytorch__tlparse/tests__inputs__simple.log"));
    if (log.isEmpty())
        GTEST_SKIP() << "../shared/realdata absent";
    CacheFixtures fixtures;
    const QString renamed = fixtures.write(QStringLiteral("rank0.txt"), [&] {
        QFile file(log);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }());
    for (const QString& cache : { log, renamed,
             sharedPath(QStringLiteral("realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__simple.log.output_code.0.py")) }) {
        const DroppedInputs dropped = classifyDroppedPaths({ bundledSampleTrace(), cache });
        EXPECT_TRUE(dropped.usable()) << qPrintable(dropped.problems.join(u'\n'));
        EXPECT_EQ(dropped.trace, bundledSampleTrace());
        EXPECT_EQ(dropped.inductorCache, cache);
    }
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
