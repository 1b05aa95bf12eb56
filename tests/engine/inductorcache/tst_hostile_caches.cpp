// Caches made to hurt: members that inflate past their size, links to
// devices and FIFOs, a zip whose CRC does not match, a wrapper file of
// unclosed blocks. Each costs its own file, with a warning naming it; the
// trace's rows stay and the other files still give V1.
#include "cachefixtures.h"
#include "engine/inductorcache/wrapperfileparser.h"
#include "testsupport.h"

#include <KCompressionDevice>
#include <QDir>
#include <QFile>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QString allWarnings(const AnalysisResult& result)
{
    return result.inductorCache.warnings.join(u'\n');
}

int rowsWithV1(const AnalysisResult& result)
{
    int n = 0;
    for (const KernelRow& row : result.rows)
        n += row.provenance() == Provenance::V1;
    return n;
}

// Overwrites the 4 bytes at `at` with `value`, little-endian.
void putLe32(QByteArray& bytes, qsizetype at, std::uint32_t value)
{
    for (int i = 0; i < 4; ++i)
        bytes[at + i] = char((value >> (8 * i)) & 0xff);
}

std::uint32_t le32(const QByteArray& bytes, qsizetype at)
{
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i)
        value |= std::uint32_t(std::uint8_t(bytes[at + i])) << (8 * i);
    return value;
}

// Every member of a zip, in its local header and in the central directory:
// calls edit(bytes, offset of the CRC-32 field, offset of the uncompressed
// size field, the member's name).
template <typename Edit> void editZipMembers(QByteArray& zip, Edit edit)
{
    for (qsizetype at = zip.indexOf("PK\x03\x04"); at >= 0; at = zip.indexOf("PK\x03\x04", at + 4)) {
        const int nameLength = int(std::uint8_t(zip[at + 26])) | int(std::uint8_t(zip[at + 27])) << 8;
        edit(zip, at + 14, at + 22, zip.mid(at + 30, nameLength));
    }
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0; at = zip.indexOf("PK\x01\x02", at + 4)) {
        const int nameLength = int(std::uint8_t(zip[at + 28])) | int(std::uint8_t(zip[at + 29])) << 8;
        edit(zip, at + 16, at + 24, zip.mid(at + 46, nameLength));
    }
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST(HostileCache, AZipMemberWithAWrongCrcIsDamagedNotRead)
{
    CacheFixtures fixtures;
    QByteArray zip = readAll(fixtures.cacheArchive(QStringLiteral("full.zip")));
    ASSERT_FALSE(zip.isEmpty());
    editZipMembers(
        zip, [](QByteArray& bytes, qsizetype crc, qsizetype, const QByteArray&) { putLe32(bytes, crc, le32(bytes, crc) ^ 0x00010000u); });
    const QString cache = fixtures.write(QStringLiteral("badcrc.zip"), zip);

    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const QString warnings = allWarnings(*outcome.result);
    EXPECT_TRUE(warnings.contains(QString::fromLatin1(fixtureWrapperMember) + QStringLiteral(": the archive is damaged: its CRC-32 is")))
        << qPrintable(warnings);
    EXPECT_EQ(rowsWithV1(*outcome.result), 0) << "a damaged wrapper gives no figures";
    EXPECT_EQ(tritonRowCount(*outcome.result), 4u) << "the trace's rows stay";
}

TEST(HostileCache, AZipMemberThatInflatesPastItsSizeIsDamaged)
{
    CacheFixtures fixtures;
    QByteArray zip = readAll(fixtures.cacheArchive(QStringLiteral("full.zip")));
    ASSERT_FALSE(zip.isEmpty());
    // The wrapper says it holds 100 bytes; its data inflates to much more.
    editZipMembers(zip, [](QByteArray& bytes, qsizetype, qsizetype size, const QByteArray& name) {
        if (name.endsWith(fixtureWrapperMember))
            putLe32(bytes, size, 100);
    });
    const QString cache = fixtures.write(QStringLiteral("inflates.zip"), zip);

    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const QString warnings = allWarnings(*outcome.result);
    EXPECT_TRUE(warnings.contains(QStringLiteral("inflates past its declared 100 bytes"))) << qPrintable(warnings);
    // No figures from the damaged wrapper: the one V1 row is the per-kernel
    // file's under mw/, which is that kernel's own source.
    EXPECT_EQ(rowsWithV1(*outcome.result), 1);
    for (const KernelRow& row : outcome.result->rows) {
        if (row.provenance() == Provenance::V1) {
            ASSERT_TRUE(row.model->v1);
            EXPECT_EQ(row.model->v1->kernel.origin, SourceOrigin::KernelFile) << qPrintable(row.name);
            EXPECT_TRUE(row.model->v1->kernel.wrapperFile.contains(QStringLiteral("mw/"))) << qPrintable(row.model->v1->kernel.wrapperFile);
        }
    }
}

TEST(HostileCache, AGzippedWrapperFileIsCappedOnWhatItInflatesTo)
{
    CacheFixtures fixtures;
    const QString cache = fixtures.path(QStringLiteral("bomb.py.gz"));
    {
        KCompressionDevice out(cache, KCompressionDevice::GZip);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write("x = async_compile.triton('x', '''\n");
        const QByteArray spaces(1 << 20, ' ');
        for (int i = 0; i < 80; ++i) // 80 MiB of text in well under 1 MiB of file
            out.write(spaces);
    }
    ASSERT_LT(QFileInfo(cache).size(), 1 << 20);

    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const QString warnings = allWarnings(*outcome.result);
    EXPECT_TRUE(warnings.contains(cache + QStringLiteral(": larger than 64 MiB; skipped"))) << qPrintable(warnings);
}

TEST(HostileCache, LinksToDevicesAndFifosAreNotRead)
{
    CacheFixtures fixtures;
    const QString cache = fixtures.cacheDirectory();
    const QString fifo = fixtures.path(QStringLiteral("cache/zz/cfifo.py"));
    QDir().mkpath(QFileInfo(fifo).path());
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), fixtures.path(QStringLiteral("cache/zz/czero.py"))));
    ASSERT_TRUE(QFile::link(fifo, fixtures.path(QStringLiteral("cache/zz/clinktofifo.py"))));

    // Reading any of them would never end: the analysis ending is the test.
    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    EXPECT_EQ(rowsWithV1(*outcome.result), 4) << "the real wrapper still gives V1";
    for (const QString& warning : outcome.result->inductorCache.warnings) {
        if (warning.contains(QStringLiteral("czero.py")) || warning.contains(QStringLiteral("fifo.py"))) {
            EXPECT_TRUE(warning.contains(QStringLiteral("not a regular file"))) << qPrintable(warning);
        }
    }
}

TEST(HostileCache, UnclosedBlocksCostLinearTime)
{
    // Each unclosed call used to search the rest of the file for its
    // bracket: 60,000 of them made minutes. Each is now one warning.
    QByteArray text;
    for (int i = 0; i < 60000; ++i)
        text += "k" + QByteArray::number(i) + " = async_compile.triton(\n";
    text += "triton_poi_fused_relu_0 = async_compile.triton('triton_poi_fused_relu_0', '''\n"
            "@triton_heuristics.pointwise(size_hints=[1024], filename=__file__, triton_meta={'signature': "
            "{'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'}})\n"
            "@triton.jit\ndef triton_poi_fused_relu_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):\n    pass\n''', "
            "device_str='cuda')\n";
    const QString decoded = QString::fromUtf8(text);
    const WrapperFileParse parse = WrapperFileParser::parse(QStringLiteral("unclosed.py"), decoded);
    ASSERT_EQ(parse.kernels.size(), 60001u);
    EXPECT_TRUE(parse.kernels.back().problem.isEmpty()) << qPrintable(parse.kernels.back().problem);
    EXPECT_EQ(parse.kernels.back().name, QStringLiteral("triton_poi_fused_relu_0"));
    EXPECT_TRUE(parse.kernels.front().problem.contains(QStringLiteral("not a name and a triple-quoted source")))
        << qPrintable(parse.kernels.front().problem);
}
