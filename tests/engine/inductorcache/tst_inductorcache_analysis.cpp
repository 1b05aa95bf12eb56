// The Inductor cache inside an analysis: where it is found when none is
// given, progress and cancel while it is indexed, V2 rows cross-checked
// against it, and replayed kernels modelled from it by name.
#include "cachefixtures.h"
#include "engine/inductorcache/inductorcachelocator.h"
#include "testsupport.h"

#include <KTar>
#include <QDir>
#include <QFileInfo>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

struct LocationCase
{
    const char* name;
    bool envDir, envDirExists, home, tmp; // which places exist
    const char* origin; // empty: none found
};

void PrintTo(const LocationCase& c, std::ostream* os)
{
    *os << c.name;
}

const LocationCase locationCases[] = {
    { "EnvironmentVariableFirst", true, true, true, true, "$TORCHINDUCTOR_CACHE_DIR" },
    { "UnsetVariableFallsToHome", false, false, true, true, "~/.cache/torchinductor" },
    { "MissingVariableDirFallsToHome", true, false, true, true, "~/.cache/torchinductor" },
    { "TmpLast", false, false, false, true, "/tmp/torchinductor_<user>" },
    { "NothingFound", true, false, false, false, "" },
};

class DefaultLocations : public ::testing::TestWithParam<LocationCase>
{
};

TEST_P(DefaultLocations, FirstExistingWins)
{
    const LocationCase& c = GetParam();
    QTemporaryDir root;
    CacheEnvironment env;
    env.homeDir = root.filePath(QStringLiteral("home"));
    env.tempDir = root.filePath(QStringLiteral("tmp"));
    env.userName = QStringLiteral("ridge");
    if (c.envDir)
        env.torchInductorCacheDir = root.filePath(QStringLiteral("custom"));
    if (c.envDirExists)
        QDir().mkpath(env.torchInductorCacheDir);
    if (c.home)
        QDir().mkpath(env.homeDir + QStringLiteral("/.cache/torchinductor"));
    if (c.tmp)
        QDir().mkpath(env.tempDir + QStringLiteral("/torchinductor_ridge"));

    const CacheLocation location = InductorCacheLocator::locate({}, true, env);
    EXPECT_EQ(location.origin, QString::fromLatin1(c.origin));
    const QString origin = QString::fromLatin1(c.origin);
    QString expectedPath;
    if (origin.startsWith(u'$'))
        expectedPath = env.torchInductorCacheDir;
    else if (origin.startsWith(u'~'))
        expectedPath = env.homeDir + QStringLiteral("/.cache/torchinductor");
    else if (!origin.isEmpty())
        expectedPath = env.tempDir + QStringLiteral("/torchinductor_ridge");
    EXPECT_EQ(location.path, expectedPath);

    // An explicit path wins over all of them, existing or not.
    EXPECT_EQ(InductorCacheLocator::locate(QStringLiteral("/nowhere.zip"), true, env).origin, QStringLiteral("given"));
    EXPECT_TRUE(InductorCacheLocator::locate({}, false, env).path.isEmpty());
}

INSTANTIATE_TEST_SUITE_P(
    Search, DefaultLocations, ::testing::ValuesIn(locationCases), [](const auto& param) { return std::string(param.param.name); });

TEST(InductorCacheAnalysis, FoundInTheDefaultPlaceAndReported)
{
    CacheFixtures fixtures;
    QTemporaryDir home;
    fixtures.write(QStringLiteral("home/.cache/torchinductor/xq/cxq.py"), fixtureWrapper());
    AnalysisOptions options;
    options.read.cacheEnvironment = CacheEnvironment { {}, fixtures.path(QStringLiteral("home")), {}, QStringLiteral("ridge") };
    const auto outcome = analyzeTrace(fixtures.traceWithoutV2Args(), options, {});
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    EXPECT_EQ(outcome.result->inductorCache.origin, QStringLiteral("~/.cache/torchinductor"));
    EXPECT_EQ(outcome.result->inductorCache.source, fixtures.path(QStringLiteral("home/.cache/torchinductor")));
    for (const KernelRow& row : outcome.result->rows) {
        if (!row.isLibraryOp()) { // the library ops' figures come from their own args
            EXPECT_EQ(row.provenance(), Provenance::V1) << qPrintable(row.name);
        }
    }

    // Nothing anywhere: the rows say where V1 looked.
    options.read.cacheEnvironment = CacheEnvironment { {}, home.path(), {}, QStringLiteral("ridge") };
    const auto none = analyzeTrace(fixtures.traceWithoutV2Args(), options, {});
    ASSERT_EQ(none.status, AnalysisOutcome::Status::Ok);
    EXPECT_TRUE(none.result->inductorCache.source.isEmpty());
    EXPECT_TRUE(none.result->inductorCache.warnings.isEmpty()) << "no cache is not a problem of the cache";
    const KernelRow& row = none.result->rows.front();
    EXPECT_EQ(row.provenance(), Provenance::None);
    EXPECT_TRUE(
        row.model->reason.contains(QStringLiteral("V1: no Inductor cache given or found (looked in $TORCHINDUCTOR_CACHE_DIR (unset), ")
            + home.filePath(QStringLiteral(".cache/torchinductor"))))
        << qPrintable(row.model->reason);
}

namespace {

// An analysis's progress as reported, checked to never go back.
struct ProgressLog
{
    qint64 lastDone = -1;
    qint64 lastTotal = 0;
    int reports = 0;

    JobControl control()
    {
        JobControl control;
        control.progress = [this](qint64 done, qint64 total) {
            EXPECT_GE(done, lastDone) << "progress never goes back";
            EXPECT_LE(done, total);
            lastDone = done;
            lastTotal = total;
            ++reports;
        };
        return control;
    }
};

} // namespace

TEST(InductorCacheAnalysis, ProgressCoversTheTraceThenTheCache)
{
    CacheFixtures fixtures;
    const QString trace = fixtures.traceWithoutV2Args();
    const qint64 traceBytes = QFileInfo(trace).size();
    const qint64 cacheBytes = fixtureWrapper().size();
    ProgressLog progress;
    const auto outcome = analyzeWithCache(trace, fixtures.cacheDirectory(), progress.control());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    // The per-kernel file beside the wrapper is read too (it might have been one).
    const QByteArray wrapper = fixtureWrapper();
    const qsizetype from = wrapper.indexOf("'''") + 3;
    const qint64 perKernelBytes = wrapper.indexOf("'''", from) - from;
    EXPECT_EQ(progress.lastTotal, traceBytes + cacheBytes + perKernelBytes) << "the trace's bytes, then the cache's";
    EXPECT_EQ(progress.lastDone, progress.lastTotal);
    EXPECT_GT(progress.reports, 2);
}

TEST(InductorCacheAnalysis, ProgressCoversListingAnArchiveThenReadingIt)
{
    CacheFixtures fixtures;
    const QString trace = fixtures.traceWithoutV2Args();
    const qint64 traceBytes = QFileInfo(trace).size();
    const QString archive = fixtures.cacheArchive(QStringLiteral("c.tar.gz"));
    const qint64 archiveBytes = QFileInfo(archive).size();
    ProgressLog progress;
    const auto outcome = analyzeWithCache(trace, archive, progress.control());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    EXPECT_EQ(progress.lastTotal, traceBytes + 2 * archiveBytes) << "the trace, listing the archive, reading its members";
    EXPECT_EQ(progress.lastDone, progress.lastTotal);
}

TEST(InductorCacheAnalysis, StopWhileListingALargeArchiveCancels)
{
    // Incompressible members make the gzip stream long enough to be read in
    // many chunks: listing it takes many reads, each a chance to stop.
    CacheFixtures fixtures;
    const QString archive = fixtures.path(QStringLiteral("large.tar.gz"));
    {
        KTar tar(archive);
        ASSERT_TRUE(tar.open(QIODevice::WriteOnly));
        QByteArray noise(256 * 1024, Qt::Uninitialized);
        quint32 state = 12345;
        for (int file = 0; file < 8; ++file) {
            for (char& byte : noise) {
                state = state * 1664525u + 1013904223u;
                byte = char(state >> 24);
            }
            tar.writeFile(QStringLiteral("blobs/%1.bin").arg(file), noise);
        }
        tar.writeFile(QStringLiteral("xq/wrapper.py"), fixtureWrapper());
        tar.close();
    }
    const QString trace = fixtures.traceWithoutV2Args();
    const qint64 traceBytes = QFileInfo(trace).size();
    const qint64 archiveBytes = QFileInfo(archive).size();
    std::stop_source stop;
    JobControl control;
    control.stop = stop.get_token();
    bool stoppedWhileListing = false;
    control.progress = [&](qint64 done, qint64) {
        if (done > traceBytes && done < traceBytes + archiveBytes && !stop.stop_requested()) {
            stoppedWhileListing = true;
            stop.request_stop();
        }
    };
    const auto outcome = analyzeWithCache(trace, archive, control);
    EXPECT_TRUE(stoppedWhileListing);
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Cancelled);

    // Unstopped, the same archive gives V1 rows.
    const auto read = analyzeWithCache(trace, archive);
    ASSERT_EQ(read.status, AnalysisOutcome::Status::Ok);
    const KernelRow* row = findRow(*read.result, QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->provenance(), Provenance::V1);
}

TEST(InductorCacheAnalysis, StopWhileIndexingCancels)
{
    CacheFixtures fixtures;
    const QString trace = fixtures.traceWithoutV2Args();
    const qint64 traceBytes = QFileInfo(trace).size();
    std::stop_source stop;
    JobControl control;
    control.stop = stop.get_token();
    bool stoppedInCache = false;
    control.progress = [&](qint64 done, qint64) {
        if (done >= traceBytes && !stop.stop_requested()) {
            stoppedInCache = true;
            stop.request_stop();
        }
    };
    const auto outcome = analyzeWithCache(trace, fixtures.cacheDirectory(), control);
    EXPECT_TRUE(stoppedInCache);
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Cancelled);
    EXPECT_EQ(outcome.result, nullptr);
}

TEST(InductorCacheAnalysis, V2RowsStayV2AndCarryTheCacheCrossCheck)
{
    CacheFixtures fixtures;
    const auto outcome = analyzeWithCache(bundledSampleTrace(), fixtures.cacheDirectory());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    for (const KernelRow& row : outcome.result->rows) {
        SCOPED_TRACE(qPrintable(row.name));
        if (row.isLibraryOp())
            continue; // no Triton kernel: nothing of the cache's
        ASSERT_EQ(row.provenance(), Provenance::V2) << "V2 first: the cache never replaces the trace's own args";
        ASSERT_TRUE(row.model->v1.has_value());
        EXPECT_FALSE(row.model->v1->kernel.source.isEmpty());
        if (row.parsedName.category == KernelCategory::Pointwise) {
            ASSERT_TRUE(row.model->v1OutputWriteNote.has_value());
            EXPECT_TRUE(row.model->v1OutputWriteNote->startsWith(QStringLiteral("V1 signature agrees: the first pointer, in_out_ptr0")))
                << qPrintable(*row.model->v1OutputWriteNote);
        } else {
            EXPECT_FALSE(row.model->v1OutputWriteNote.has_value());
        }
    }
    // V2's own figures are untouched: 256.00390625 MB for the RMSNorm kernel.
    const KernelRow* rms = findRow(*outcome.result, QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_NE(rms, nullptr);
    EXPECT_EQ(rms->model->bytes, std::optional<std::int64_t>(268439552));
}

TEST(InductorCacheAnalysis, ReplayedKernelsAreModelledByName)
{
    CacheFixtures fixtures;
    // A GPU kernel no Triton op launched (CUDA/HIP graph replay).
    const QString trace = fixtures.write(QStringLiteral("replay.json"),
        traceJson(kernelEvent("triton_poi_fused__unsafe_view_add_3", 500, 140.848, 99) + ",\n"
            + kernelEvent("triton_poi_fused_mul_7", 700, 10, 98)));
    const auto outcome = analyzeWithCache(trace, fixtures.cacheDirectory());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const KernelRow* known = findRow(*outcome.result, QStringLiteral("triton_poi_fused__unsafe_view_add_3"));
    ASSERT_NE(known, nullptr);
    EXPECT_EQ(known->kind, RowKind::KernelOnly);
    ASSERT_EQ(known->provenance(), Provenance::V1) << qPrintable(known->model->reason);
    EXPECT_EQ(known->model->bytes, std::optional<std::int64_t>(536870912));
    ASSERT_TRUE(known->tbPerS);
    const KernelRow* unknown = findRow(*outcome.result, QStringLiteral("triton_poi_fused_mul_7"));
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(unknown->provenance(), Provenance::None);
    EXPECT_TRUE(unknown->model->reason.contains(QStringLiteral("without a Triton op"))) << qPrintable(unknown->model->reason);
}

} // namespace

// A cache of another run gives no V1 figures: the analysis says so, naming
// the cache, instead of leaving the rows without figures unexplained. The
// same cache holding the trace's kernels says nothing of the kind.
TEST(InductorCacheAnalysis, ACacheThatDefinesNoneOfTheTracesKernelsIsAWarning)
{
    CacheFixtures fixtures;
    const QString trace = fixtures.traceWithoutV2Args();
    QByteArray other = fixtureWrapper();
    for (const char* prefix : { "triton_poi_fused", "triton_red_fused", "triton_per_fused" })
        other.replace(prefix, QByteArray(prefix).replace("fused", "other_run"));
    const QString cache = fixtures.write(QStringLiteral("other/xq/cxqwrapperofanotherrun.py"), other);
    const QString folder = QFileInfo(cache).dir().absolutePath();
    const AnalysisOutcome outcome = analyzeWithCache(trace, folder);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    EXPECT_GT(outcome.result->inductorCache.kernelBlocks, 0) << "the other run's kernels were read";
    EXPECT_EQ(outcome.result->inductorCache.traceKernels, 0);
    const QString warnings = outcome.result->warnings.join(u'\n');
    EXPECT_TRUE(warnings.contains(QStringLiteral("Inductor cache %1 defines none of this trace's 4 Triton kernels").arg(folder)))
        << qPrintable(warnings);

    const AnalysisOutcome matching = analyzeWithCache(trace, fixtures.cacheDirectory());
    ASSERT_EQ(matching.status, AnalysisOutcome::Status::Ok);
    EXPECT_FALSE(matching.result->warnings.join(u'\n').contains(QStringLiteral("defines none"))) << "its own cache";
}
