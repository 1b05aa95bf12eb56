// The bundled trace without its V2 args plus the fixture cache: V1 rows with
// the V1 formulas' figures, the same from a directory, a single wrapper file
// and tar, tar.gz, tar.xz and zip archives; a bad cache costs V1, never the
// analysis.
#include "cachefixtures.h"
#include "engine/inductorcache/inductorcachereader.h"
#include "testsupport.h"

#include <KTar>
#include <QFileInfo>
#include <gtest/gtest.h>
#include <map>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

struct Expected
{
    std::int64_t xnumel, rnumel, bytes, flops;
    double timeUs;
};

// Spec section 4 on the fixture's blocks; times from the trace's kernel events.
const std::map<QString, Expected> expected = {
    { QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"), { 32768, 2048, 268500992, 469762048, 77.074 } },
    { QStringLiteral("triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1"), { 32768, 2048, 402718720, 469762048, 90.653 } },
    { QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"), { 268435456, 1, 1610612736, 1342177280, 527.382 } },
    { QStringLiteral("triton_poi_fused__unsafe_view_add_3"), { 67108864, 1, 536870912, 67108864, 140.848 } },
};

struct Layout
{
    const char* name;
    const char* file; // empty: a directory
    const char* storedAs; // renamed to this: the format must come from the content
    const char* kind;
};

void PrintTo(const Layout& l, std::ostream* os)
{
    *os << l.name;
}

const Layout layouts[] = {
    { "Directory", "", "", "directory" },
    { "Tar", "cache.tar", "", "tar archive" },
    { "TarGz", "cache.tar.gz", "", "tar.gz archive" },
    { "TarXz", "cache.tar.xz", "", "tar.xz archive" },
    { "Zip", "cache.zip", "", "zip archive" },
    { "TarGzWithoutExtension", "cache.tar.gz", "inductor-cache", "tar.gz archive" },
    { "ZipWithoutExtension", "cache.zip", "inductor-cache.dat", "zip archive" },
    { "OneWrapperFile", "wrapper", "", "wrapper file" },
};

class CacheLayouts : public ::testing::TestWithParam<Layout>
{
protected:
    QString cachePath()
    {
        const Layout& l = GetParam();
        const QString file = QString::fromLatin1(l.file);
        if (file.isEmpty())
            return m_fixtures.cacheDirectory();
        if (file == u"wrapper")
            return m_fixtures.write(QStringLiteral("output_code.py"), fixtureWrapper());
        return m_fixtures.cacheArchive(file, QString::fromLatin1(l.storedAs));
    }
    CacheFixtures m_fixtures;
};

TEST_P(CacheLayouts, GiveV1RowsWithTheV1Figures)
{
    const QString cache = cachePath();
    const auto outcome = analyzeWithCache(m_fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const AnalysisResult& result = *outcome.result;
    EXPECT_EQ(result.inductorCache.source, cache);
    EXPECT_EQ(result.inductorCache.origin, QStringLiteral("given"));
    EXPECT_EQ(result.inductorCache.kind, QString::fromLatin1(GetParam().kind));
    EXPECT_EQ(result.inductorCache.wrapperFiles, 1) << "the per-kernel file has no async_compile.triton: not a wrapper";
    EXPECT_EQ(result.inductorCache.kernelBlocks, 4);
    EXPECT_TRUE(result.inductorCache.warnings.isEmpty()) << qPrintable(result.inductorCache.warnings.join(u'\n'));

    ASSERT_EQ(tritonRowCount(result), expected.size());
    for (const KernelRow& row : result.rows) {
        SCOPED_TRACE(qPrintable(row.name));
        if (row.isLibraryOp())
            continue; // the trace's GEMMs and attention: no Triton kernels
        const auto it = expected.find(row.name);
        ASSERT_NE(it, expected.end());
        const Expected& e = it->second;
        ASSERT_EQ(row.provenance(), Provenance::V1) << qPrintable(row.model->reason);
        EXPECT_EQ(row.model->xnumel, e.xnumel);
        EXPECT_EQ(row.model->rnumel, e.rnumel);
        ASSERT_TRUE(row.bytes());
        EXPECT_DOUBLE_EQ(*row.bytes(), double(e.bytes));
        EXPECT_DOUBLE_EQ(*row.flops(), double(e.flops));
        ASSERT_TRUE(row.kernelTimeUs);
        EXPECT_NEAR(row.kernelTimeUs->sum, e.timeUs, 1e-3);
        ASSERT_TRUE(row.tbPerS);
        EXPECT_NEAR(row.tbPerS->mean, (double(e.bytes) / 1e12) / (row.kernelTimeUs->sum / 1e6), 1e-9);
        // The real wrapper states every count (static shapes): exact, not size_hints' powers of two.
        EXPECT_TRUE(row.model->reason.contains(QStringLiteral("exact: the block's source states its element counts")))
            << qPrintable(row.model->reason);
        ASSERT_TRUE(row.model->v1.has_value());
        EXPECT_TRUE(row.model->v1->kernel.wrapperFile.endsWith(QString::fromLatin1(fixtureWrapperMember))
            || GetParam().file == std::string("wrapper"))
            << qPrintable(row.model->v1->kernel.wrapperFile);
        EXPECT_FALSE(row.traceLens.has_value()) << "TraceLens's V1 figures are the same";
    }
}

INSTANTIATE_TEST_SUITE_P(
    Formats, CacheLayouts, ::testing::ValuesIn(layouts), [](const auto& param) { return std::string(param.param.name); });

TEST(InductorCache, RmsNormExampleFromTheIssue)
{
    CacheFixtures fixtures;
    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), fixtures.cacheArchive(QStringLiteral("c.tar.gz")));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const KernelRow* row = findRow(*outcome.result, QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_NE(row, nullptr);
    ASSERT_EQ(row->provenance(), Provenance::V1) << qPrintable(row->model->reason);
    // (2 + 2) x 32768 x 2048 + 2 x 32768: in_ptr0 and the weight in_ptr1 over x*r, out_ptr0 over x.
    EXPECT_EQ(row->model->bytes, std::optional<std::int64_t>(268500992));
    EXPECT_EQ(row->model->flops, 469762048);
    EXPECT_TRUE(row->model->reason.contains(QStringLiteral("V2 not available: no Concrete Inputs"))) << qPrintable(row->model->reason);
}

struct BadCache
{
    const char* name;
    const char* file;
    const char* problem; // in the warning, after the path
};

void PrintTo(const BadCache& c, std::ostream* os)
{
    *os << c.name;
}

const BadCache badCaches[] = {
    { "GarbageBehindGzipMagic", "broken.tar.gz", "cannot decompress its gzip data" },
    { "TruncatedZip", "broken.zip", "not a readable zip archive" },
    { "TruncatedTarGz", "truncated.tar.gz", "" },
    { "NotAnArchive", "notes.bin", "neither a directory, a tar or zip archive, nor a wrapper file" },
    { "Missing", "absent.tar.gz", "no such file or directory" },
    { "EmptyFile", "empty.zip", "the file is empty" },
};

class BadCaches : public ::testing::TestWithParam<BadCache>
{
};

TEST_P(BadCaches, WarnNamingTheFileAndKeepTheRows)
{
    const BadCache& c = GetParam();
    CacheFixtures fixtures;
    const QString name = QString::fromLatin1(c.file);
    QString cache = fixtures.path(name);
    if (name == u"broken.tar.gz") {
        fixtures.write(name, QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10) + QByteArray(300, 'x'));
    } else if (name == u"broken.zip" || name == u"truncated.tar.gz") {
        QFile full(fixtures.cacheArchive(name == u"broken.zip" ? QStringLiteral("full.zip") : QStringLiteral("full.tar.gz")));
        ASSERT_TRUE(full.open(QIODevice::ReadOnly));
        const QByteArray bytes = full.readAll();
        fixtures.write(name, bytes.left(bytes.size() / 2));
    } else if (name == u"notes.bin") {
        fixtures.write(name, "just some notes\n");
    } else if (name == u"empty.zip") {
        fixtures.write(name, {});
    }

    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << "a bad cache must not fail the analysis: " << qPrintable(outcome.error);
    const AnalysisResult& result = *outcome.result;
    ASSERT_FALSE(result.inductorCache.warnings.isEmpty());
    const QString& warning = result.inductorCache.warnings.front();
    EXPECT_TRUE(warning.contains(cache)) << qPrintable(warning);
    EXPECT_TRUE(warning.contains(QString::fromLatin1(c.problem))) << qPrintable(warning);
    EXPECT_TRUE(result.warnings.contains(warning)) << "also among the analysis warnings";

    ASSERT_EQ(tritonRowCount(result), 4u) << "the trace's rows stay";
    for (const KernelRow& row : result.rows) {
        if (row.isLibraryOp())
            continue; // no Triton kernel: nothing of the cache's
        ASSERT_TRUE(row.kernelTimeUs) << qPrintable(row.name);
        EXPECT_GT(row.kernelTimeUs->sum, 0);
        EXPECT_NE(row.provenance(), Provenance::V2);
        if (row.provenance() == Provenance::None) {
            EXPECT_TRUE(row.model->reason.contains(QStringLiteral("V2: no Concrete Inputs"))) << qPrintable(row.model->reason);
            EXPECT_TRUE(row.model->reason.contains(QStringLiteral("; V1: "))) << qPrintable(row.model->reason);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Damage, BadCaches, ::testing::ValuesIn(badCaches), [](const auto& param) { return std::string(param.param.name); });

TEST(InductorCache, AMalformedWrapperCostsThatFileOnly)
{
    CacheFixtures fixtures;
    const QString cache = fixtures.cacheDirectory();
    fixtures.write(QStringLiteral("cache/zz/czzbroken.py"),
        "# kernel path: /tmp/x.py\ntriton_poi_fused_relu_0 = async_compile.triton('triton_poi_fused_relu_0', "
        "'''\nimport triton\n");
    fixtures.write(QStringLiteral("cache/zz/czzbinary.py"), QByteArray("async_compile.triton(\0\0\0", 24));
    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const AnalysisResult& result = *outcome.result;
    ASSERT_EQ(result.inductorCache.warnings.size(), 2) << qPrintable(result.inductorCache.warnings.join(u'\n'));
    EXPECT_TRUE(result.inductorCache.warnings[0].contains(QStringLiteral("czzbinary.py: binary data")))
        << qPrintable(result.inductorCache.warnings[0]);
    EXPECT_TRUE(result.inductorCache.warnings[1].contains(QStringLiteral("czzbroken.py: kernel triton_poi_fused_relu_0 (line 2)")))
        << qPrintable(result.inductorCache.warnings[1]);
    EXPECT_EQ(result.inductorCache.kernelBlocks, 4);
    for (const KernelRow& row : result.rows) {
        if (!row.isLibraryOp()) { // the library ops' figures come from their own args
            EXPECT_EQ(row.provenance(), Provenance::V1) << qPrintable(row.name);
        }
    }
}

} // namespace

TEST(InductorCache, CompressedTarIsDecompressedOnceForAllItsMembers)
{
    // Many members, each read in turn: seeking back into the decompressor
    // would restart it from the top for every member.
    CacheFixtures fixtures;
    const QString archive = fixtures.path(QStringLiteral("many.tar.gz"));
    {
        KTar tar(archive);
        ASSERT_TRUE(tar.open(QIODevice::WriteOnly));
        quint32 state = 7;
        for (int file = 0; file < 200; ++file) {
            // A comment of noise makes every member cost its own compressed bytes.
            QByteArray noise("# ");
            for (int i = 0; i < 2048; ++i) {
                state = state * 1664525u + 1013904223u;
                noise += "0123456789abcdef"[state >> 28];
            }
            tar.writeFile(QStringLiteral("d%1/w%2.py").arg(file % 16).arg(file), QByteArray(noise + '\n' + fixtureWrapper()));
        }
        tar.close();
    }
    QString error;
    const auto reader = InductorCacheReader::open(archive, &error);
    ASSERT_NE(reader, nullptr) << qPrintable(error);
    ASSERT_EQ(reader->members().size(), 200u);
    for (size_t i = 0; i < reader->members().size(); ++i)
        ASSERT_TRUE(reader->read(i, 64 << 20, &error).has_value()) << qPrintable(error);
    const qint64 fileSize = QFileInfo(archive).size();
    EXPECT_GT(fileSize, 64 * 1024) << "large enough that a restart per member would show";
    // Once to list it, once to read the members; a little read-ahead allowed.
    EXPECT_LE(reader->bytesReadFromFile(), 2 * fileSize + 64 * 1024);
}

TEST(InductorCache, CountsEveryBlockAndTheTraceKernelsItDefines)
{
    CacheFixtures fixtures;
    const QString cache = fixtures.cacheDirectory();
    // A second graph's wrapper: four more blocks, none of them this trace's.
    QByteArray other = fixtureWrapper();
    for (const char* name : { "triton_red_fused_add_mean_mul_pow_rsqrt_0", "triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1",
             "triton_poi_fused__unsafe_view_mul_silu_2", "triton_poi_fused__unsafe_view_add_3" })
        other.replace(QByteArray(name), QByteArray(name).append('7'));
    fixtures.write(QStringLiteral("cache/ot/cotherwrapper.py"), other);
    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    EXPECT_EQ(outcome.result->inductorCache.wrapperFiles, 2);
    EXPECT_EQ(outcome.result->inductorCache.kernelBlocks, 8);
    EXPECT_EQ(outcome.result->inductorCache.traceKernels, 4);
}
