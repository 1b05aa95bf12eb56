// A session written and read back: every field equal, paths relative to
// the file (a session moved with its trace opens the moved trace), the
// absolute path as the fallback, inputs that are gone left out with a warning.
#include "engine/session/sessionfile.h"
#include "sessionfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace Ridgeline {
namespace {

bool copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QFileInfo& entry : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = QDir(to).filePath(entry.fileName());
        if (entry.isDir() ? !copyTree(entry.filePath(), target) : !QFile::copy(entry.filePath(), target))
            return false;
    }
    return true;
}

TEST(SessionFile, RoundTripKeepsEveryField)
{
    QTemporaryDir dir;
    const Session saved = Ridgeline::Test::everyField(dir.path());
    const QString path = dir.filePath(QStringLiteral("work.ridgeline"));
    QString error;
    ASSERT_TRUE(SessionFile::write(path, saved, &error)) << qPrintable(error);

    QStringList warnings;
    const std::optional<Session> read = SessionFile::read(path, &error, &warnings);
    ASSERT_TRUE(read) << qPrintable(error);
    EXPECT_TRUE(warnings.isEmpty()) << qPrintable(warnings.join(u'\n'));
    EXPECT_EQ(read->trace, saved.trace);
    EXPECT_EQ(read->rangeUs, saved.rangeUs);
    EXPECT_EQ(read->filterText, saved.filterText);
    ASSERT_EQ(read->userGpus.gpus().size(), 1u);
    EXPECT_EQ(read->userGpus.gpus()[0].datasheet->memoryBandwidthTBps, 2.5);
    EXPECT_TRUE(*read == saved);
}

TEST(SessionFile, StoresPathsRelativeToItsFolderAndAbsolute)
{
    QTemporaryDir dir;
    const Session saved = Ridgeline::Test::everyField(dir.path());
    const QJsonObject root = QJsonDocument::fromJson(SessionFile::toJson(saved, dir.path())).object();
    EXPECT_EQ(root.value(QStringLiteral("format")).toString(), QStringLiteral("ridgeline-session"));
    EXPECT_EQ(root.value(QStringLiteral("version")).toInt(), 1);
    const QJsonObject trace = root.value(QStringLiteral("trace")).toObject();
    EXPECT_EQ(trace.value(QStringLiteral("relative")).toString(), QStringLiteral("run/trace.json.gz"));
    EXPECT_EQ(trace.value(QStringLiteral("absolute")).toString(), saved.trace);
    EXPECT_EQ(root.value(QStringLiteral("baseline")).toObject().value(QStringLiteral("relative")).toString(),
        QStringLiteral("base/baseline.json"));
    // A session without a range or a t0 says so by leaving them out.
    Session plain;
    plain.trace = saved.trace;
    const QJsonObject bare = QJsonDocument::fromJson(SessionFile::toJson(plain, dir.path())).object();
    EXPECT_FALSE(bare.contains(QStringLiteral("range_us")));
    EXPECT_FALSE(bare.contains(QStringLiteral("user_gpus")));
    EXPECT_FALSE(bare.value(QStringLiteral("lens")).toObject().contains(QStringLiteral("latency_floor_us")));
}

TEST(SessionFile, MovedWithItsTraceOpensTheMovedFiles)
{
    QTemporaryDir first, second;
    Session saved = Ridgeline::Test::everyField(first.path());
    QString error;
    ASSERT_TRUE(SessionFile::write(first.filePath(QStringLiteral("work.ridgeline")), saved, &error)) << qPrintable(error);
    ASSERT_TRUE(copyTree(first.path(), second.filePath(QStringLiteral("moved"))));
    ASSERT_TRUE(QDir(first.path()).removeRecursively()); // the old place is gone

    QStringList warnings;
    const auto read = SessionFile::read(second.filePath(QStringLiteral("moved/work.ridgeline")), &error, &warnings);
    ASSERT_TRUE(read) << qPrintable(error);
    EXPECT_TRUE(warnings.isEmpty()) << qPrintable(warnings.join(u'\n'));
    const QString moved = second.filePath(QStringLiteral("moved"));
    EXPECT_EQ(read->trace, moved + QStringLiteral("/run/trace.json.gz"));
    EXPECT_EQ(read->captures, QStringList { moved + QStringLiteral("/run/captures/graph0.json") });
    EXPECT_EQ(read->inductorCache, moved + QStringLiteral("/run/cache"));
    EXPECT_EQ(read->baseline, moved + QStringLiteral("/base/baseline.json"));
    Session expected = Ridgeline::Test::everyField(moved);
    EXPECT_TRUE(*read == expected);
}

TEST(SessionFile, MovedWithoutItsTraceFallsBackToTheAbsolutePaths)
{
    QTemporaryDir inputs, elsewhere;
    const Session saved = Ridgeline::Test::everyField(inputs.path());
    QString error;
    const QString original = inputs.filePath(QStringLiteral("work.ridgeline"));
    ASSERT_TRUE(SessionFile::write(original, saved, &error)) << qPrintable(error);
    const QString moved = elsewhere.filePath(QStringLiteral("deeper/work.ridgeline"));
    QDir().mkpath(QFileInfo(moved).absolutePath());
    ASSERT_TRUE(QFile::copy(original, moved));

    QStringList warnings;
    const auto read = SessionFile::read(moved, &error, &warnings);
    ASSERT_TRUE(read) << qPrintable(error);
    EXPECT_TRUE(*read == saved);
    EXPECT_TRUE(warnings.isEmpty());
}

TEST(SessionFile, TheRelativePathWinsWhereBothExist)
{
    QTemporaryDir first, second;
    const Session saved = Ridgeline::Test::everyField(first.path());
    const QString path = second.filePath(QStringLiteral("work.ridgeline"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(SessionFile::toJson(saved, first.path())); // relative to the first folder, moved to the second
    file.close();
    ASSERT_TRUE(Ridgeline::Test::touch(second.filePath(QStringLiteral("run/trace.json.gz"))));

    QString error;
    QStringList warnings;
    const auto read = SessionFile::read(path, &error, &warnings);
    ASSERT_TRUE(read) << qPrintable(error);
    EXPECT_EQ(read->trace, second.filePath(QStringLiteral("run/trace.json.gz")));
    EXPECT_EQ(read->baseline, saved.baseline); // only there: the absolute one
}

TEST(SessionFile, AGoneTraceRefusesAGoneBaselineIsLeftOutWithAWarning)
{
    QTemporaryDir dir;
    const Session saved = Ridgeline::Test::everyField(dir.path());
    const QString path = dir.filePath(QStringLiteral("work.ridgeline"));
    QString error;
    ASSERT_TRUE(SessionFile::write(path, saved, &error)) << qPrintable(error);
    ASSERT_TRUE(QFile::remove(saved.baseline));
    QStringList warnings;
    auto read = SessionFile::read(path, &error, &warnings);
    ASSERT_TRUE(read) << qPrintable(error);
    EXPECT_TRUE(read->baseline.isEmpty());
    ASSERT_EQ(warnings.size(), 1);
    EXPECT_EQ(
        warnings[0], path + QStringLiteral(": the baseline base/baseline.json is not there (nor where the session was saved): left out"));

    ASSERT_TRUE(QFile::remove(saved.trace));
    read = SessionFile::read(path, &error, &warnings);
    EXPECT_FALSE(read);
    EXPECT_EQ(error, path + QStringLiteral(": the trace run/trace.json.gz is not there (nor where the session was saved): ") + saved.trace);
}

} // namespace
} // namespace Ridgeline
