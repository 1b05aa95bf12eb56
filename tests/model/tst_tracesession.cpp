// The desktop app's rules for which Inductor cache goes with which trace.
#include "cachefixtures.h"
#include "tracesession.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

struct Files
{
    CacheFixtures fixtures;
    QString a = fixtures.write(QStringLiteral("a.json"), "{}");
    QString b = fixtures.write(QStringLiteral("b.json"), "{}");
    QString cache = fixtures.cacheDirectory();
};

} // namespace

TEST(TraceSession, AttachedCacheBelongsToTheOpenTrace)
{
    Files f;
    TraceSession session;
    EXPECT_TRUE(session.open(f.a).options.inductorCache.isEmpty());
    const auto reread = session.attach(f.cache, f.a);
    ASSERT_TRUE(reread.has_value());
    EXPECT_EQ(reread->trace, f.a);
    EXPECT_EQ(reread->options.inductorCache, f.cache);
    EXPECT_EQ(session.reload(f.a)->options.inductorCache, f.cache);

    // Another trace: detached, and said so.
    const TraceSession::Start other = session.open(f.b);
    EXPECT_TRUE(other.options.inductorCache.isEmpty());
    EXPECT_EQ(other.note, QStringLiteral("Inductor cache cache detached: it was attached to a.json"));
    EXPECT_TRUE(session.attachedCache().isEmpty());

    // Back to the first: the cache returns, and that is said too.
    const TraceSession::Start back = session.open(f.a);
    EXPECT_EQ(back.options.inductorCache, f.cache);
    EXPECT_TRUE(back.note.startsWith(QStringLiteral("the Inductor cache cache was attached to this trace before")));
    // Opening it again keeps it without a note.
    EXPECT_EQ(session.open(f.a).options.inductorCache, f.cache);
    EXPECT_TRUE(session.open(f.a).note.isEmpty());
}

TEST(TraceSession, PendingCacheGoesToTheNextTrace)
{
    Files f;
    TraceSession session;
    EXPECT_FALSE(session.attach(f.cache, QString()).has_value());
    EXPECT_EQ(session.attachedCache(), f.cache);
    const TraceSession::Start start = session.open(f.b);
    EXPECT_EQ(start.options.inductorCache, f.cache);
    EXPECT_TRUE(start.note.isEmpty());
}

TEST(TraceSession, DetachForgetsAndDefaultsCanBeTurnedOff)
{
    Files f;
    TraceSession session;
    session.open(f.a, f.cache);
    ASSERT_EQ(session.rememberedCaches(), (QStringList { f.a, f.cache }));
    const auto without = session.detach(f.a);
    ASSERT_TRUE(without.has_value());
    EXPECT_TRUE(without->options.inductorCache.isEmpty());
    EXPECT_TRUE(without->options.searchDefaultInductorCache);
    EXPECT_TRUE(session.rememberedCaches().isEmpty());
    session.open(f.b);
    EXPECT_TRUE(session.open(f.a).options.inductorCache.isEmpty()) << "detached stays detached";

    session.setSearchDefaultCache(false);
    EXPECT_FALSE(session.open(f.b).options.searchDefaultInductorCache);
    EXPECT_FALSE(session.reload(f.b)->options.searchDefaultInductorCache);
}

TEST(TraceSession, RememberedCachesAreBoundedAndMustStillExist)
{
    Files f;
    TraceSession session;
    QStringList pairs;
    for (int i = 0; i < 80; ++i)
        pairs << QStringLiteral("/traces/%1.json").arg(i) << f.cache;
    session.setRememberedCaches(pairs);
    EXPECT_EQ(session.rememberedCaches().size(), 2 * TraceSession::maxRememberedTraces);
    EXPECT_EQ(session.open(QStringLiteral("/traces/0.json")).options.inductorCache, f.cache);

    session.setRememberedCaches({ f.a, f.fixtures.path(QStringLiteral("gone")) });
    EXPECT_TRUE(session.open(f.a).options.inductorCache.isEmpty()) << "a cache gone from disk is not used";
    session.setRememberedCaches({ f.a }); // not pairs: ignored
    EXPECT_TRUE(session.rememberedCaches().isEmpty());
}

TEST(TraceSession, CaptureTracesBelongToTheOpenTraceAndComeBackWithIt)
{
    Files f;
    const QString capture = f.fixtures.write(QStringLiteral("capture.json"), "{}");
    const QString folder = f.fixtures.cacheDirectory(); // any existing folder stands for capture_traces/
    TraceSession session;
    session.open(f.a);
    const auto reread = session.attachCapture(capture, f.a);
    ASSERT_TRUE(reread.has_value());
    EXPECT_EQ(reread->options.captureTraces, QStringList { capture });
    EXPECT_EQ(session.attachCapture(folder, f.a)->options.captureTraces, (QStringList { capture, folder }));
    EXPECT_EQ(session.attachCapture(capture, f.a)->options.captureTraces.size(), 2); // no duplicates
    EXPECT_EQ(session.reload(f.a)->options.captureTraces.size(), 2);

    const TraceSession::Start other = session.open(f.b);
    EXPECT_TRUE(other.options.captureTraces.isEmpty());
    EXPECT_TRUE(other.note.contains(QStringLiteral("capture traces detached: they were attached to a.json"))) << qPrintable(other.note);

    // Remembered for the trace, also across sessions (the window saves the list).
    TraceSession later;
    later.setRememberedCaptures(session.rememberedCaptures());
    const TraceSession::Start back = later.open(f.a);
    EXPECT_EQ(back.options.captureTraces, (QStringList { capture, folder }));
    EXPECT_TRUE(back.note.contains(QStringLiteral("capture traces attached to this trace before"))) << qPrintable(back.note);

    // Detached: gone for good.
    EXPECT_TRUE(later.detachCaptures(f.a)->options.captureTraces.isEmpty());
    EXPECT_TRUE(later.open(f.a).options.captureTraces.isEmpty());
    EXPECT_TRUE(later.rememberedCaptures().isEmpty());
}

TEST(TraceSession, APendingCaptureGoesToTheNextTrace)
{
    Files f;
    const QString capture = f.fixtures.write(QStringLiteral("capture.json"), "{}");
    TraceSession session;
    EXPECT_FALSE(session.attachCapture(capture, QString()).has_value());
    EXPECT_EQ(session.open(f.b).options.captureTraces, QStringList { capture });
}
