// Compressed traces: the format is read from the content, never the name,
// and every format KArchive offers gives the same kernels.
#include "engine/input/tracesource.h"
#include "testsupport.h"

#include <KCompressionDevice>
#include <QBuffer>
#include <QFile>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QByteArray sampleJson()
{
    KCompressionDevice device(bundledSampleTrace(), KCompressionDevice::GZip);
    if (!device.open(QIODevice::ReadOnly))
        return {};
    return device.readAll();
}

struct Format
{
    const char* name;
    KCompressionDevice::CompressionType type;
    Compression expected;
};

class CompressedTrace : public ::testing::TestWithParam<Format>
{
};

} // namespace

TEST_P(CompressedTrace, GivesTheSameKernelsAsPlainJson)
{
    const Format format = GetParam();
    const QByteArray json = sampleJson();
    ASSERT_GT(json.size(), 60000);

    TempTraces temp;
    // A misleading name: detection must look at the bytes.
    const QString path = temp.path(QStringLiteral("trace.json"));
    {
        KCompressionDevice out(path, format.type);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly)) << "KArchive cannot write " << format.name;
        ASSERT_EQ(out.write(json), json.size());
    }
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(detectCompression(file.peek(8)), format.expected);
    file.close();

    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    ASSERT_EQ(tritonRowCount(*outcome.result), 4u);
    const KernelRow* silu = findRow(*outcome.result, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_NE(silu, nullptr);
    EXPECT_EQ(*silu->model->bytes, 1610612736);
    EXPECT_DOUBLE_EQ(silu->kernelTimeUs->sum, 527.3818359375);
}

INSTANTIATE_TEST_SUITE_P(Formats, CompressedTrace,
    ::testing::Values(Format { "plain", KCompressionDevice::None, Compression::None },
        Format { "gzip", KCompressionDevice::GZip, Compression::Gzip }, Format { "bzip2", KCompressionDevice::BZip2, Compression::Bzip2 },
        Format { "xz", KCompressionDevice::Xz, Compression::Xz }, Format { "zstd", KCompressionDevice::Zstd, Compression::Zstd }),
    [](const ::testing::TestParamInfo<Format>& param) { return std::string(param.param.name); });

TEST(CompressedTrace, MagicBytes)
{
    EXPECT_EQ(detectCompression(QByteArray("\x1f\x8b\x08\x00", 4)), Compression::Gzip);
    EXPECT_EQ(detectCompression("BZh91AY"), Compression::Bzip2);
    EXPECT_EQ(detectCompression(QByteArray("\xfd"
                                           "7zXZ\x00\x00",
                  7)),
        Compression::Xz);
    EXPECT_EQ(detectCompression(QByteArray("\x28\xb5\x2f\xfd\x00", 5)), Compression::Zstd);
    EXPECT_EQ(detectCompression("{\"traceEvents\""), Compression::None);
}

namespace {

QByteArray gzipped(const QByteArray& bytes)
{
    QByteArray out;
    QBuffer buffer(&out);
    KCompressionDevice device(&buffer, false, KCompressionDevice::GZip);
    if (!device.open(QIODevice::WriteOnly) || device.write(bytes) != bytes.size())
        return {};
    device.close();
    return out;
}

QString writeFile(TempTraces& temp, const QString& name, const QByteArray& bytes)
{
    const QString path = temp.path(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    return path;
}

} // namespace

TEST(CompressedTrace, ConcatenatedGzipMembersReadAsOneStream)
{
    // What `cat a.gz b.gz` makes, and what gzip -dc reads as a + b.
    const QByteArray json = sampleJson();
    ASSERT_GT(json.size(), 60000);
    const qsizetype half = json.size() / 2;
    TempTraces temp;
    const QString path = writeFile(temp, QStringLiteral("members.json.gz"), gzipped(json.left(half)) + gzipped(json.mid(half)));
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    EXPECT_FALSE(outcome.result->events.truncated);
    ASSERT_EQ(tritonRowCount(*outcome.result), 4u);
    const KernelRow* silu = findRow(*outcome.result, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_NE(silu, nullptr);
    EXPECT_DOUBLE_EQ(silu->kernelTimeUs->sum, 527.3818359375);
}

TEST(CompressedTrace, AWrongCrcIsSaidAndTheEventsReadAreShown)
{
    // The data inflates whole; only the trailer's CRC-32 is wrong. The file
    // is damaged somewhere: shown, truncated, with a warning that says so.
    QByteArray gz = gzipped(sampleJson());
    ASSERT_GT(gz.size(), 8);
    gz[gz.size() - 6] = char(gz[gz.size() - 6] ^ 0x5a);
    TempTraces temp;
    const QString path = writeFile(temp, QStringLiteral("badcrc.json.gz"), gz);
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    EXPECT_TRUE(outcome.result->events.truncated);
    ASSERT_FALSE(outcome.result->warnings.isEmpty());
    const QString& warning = outcome.result->warnings.front();
    EXPECT_TRUE(warning.startsWith(path + QStringLiteral(": gzip data is corrupt or truncated after"))) << qPrintable(warning);
    EXPECT_TRUE(warning.contains(QStringLiteral("showing the"))) << qPrintable(warning);
    EXPECT_GT(outcome.result->events.count, 100);
}

TEST(CompressedTrace, DamageLateInASmallFileKeepsWhatCameBefore)
{
    // Under a MiB of JSON: the reader asks the decompressor in small
    // pieces, so damage near the end costs the events after it only.
    QByteArray gz = gzipped(sampleJson());
    const qsizetype at = gz.size() * 9 / 10;
    for (qsizetype i = at; i < at + 16; ++i)
        gz[i] = char(gz[i] ^ 0xa5);
    TempTraces temp;
    const QString path = writeFile(temp, QStringLiteral("damaged.json.gz"), gz);
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    EXPECT_TRUE(outcome.result->events.truncated);
    EXPECT_GT(outcome.result->events.count, 50) << "the events before the damage";
    ASSERT_FALSE(outcome.result->warnings.isEmpty());
    EXPECT_TRUE(outcome.result->warnings.front().contains(QStringLiteral("showing the"))) << qPrintable(outcome.result->warnings.front());
}
