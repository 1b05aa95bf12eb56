// Session files that are not what this version can use, one tiny fixture
// each: every one refused with the file's path and the reason, none read
// in part. A session is a file anyone can hand the user.
#include "engine/session/sessionfile.h"
#include "sessionfixture.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace Ridgeline {
namespace {

struct HostileSession
{
    const char* name;
    QByteArray content; // "TRACE" stands for the trace's absolute path
    QString reason; // what the error says after "<path>: "
};

QByteArray withTrace(const QByteArray& members)
{
    return R"({"format": "ridgeline-session", "version": 1, "trace": {"absolute": "TRACE"})" + members + "}";
}

QByteArray nested(int depth)
{
    return withTrace(", \"extra\": " + QByteArray(depth, '[') + QByteArray(depth, ']'));
}

class HostileSessions : public testing::TestWithParam<HostileSession>
{
};

TEST_P(HostileSessions, RefusedWithAReasonNamingTheFile)
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.json"));
    ASSERT_TRUE(Ridgeline::Test::touch(trace));
    const QString path = dir.filePath(QStringLiteral("hostile.ridgeline"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(GetParam().content).replace("TRACE", trace.toUtf8()));
    file.close();

    QString error;
    QStringList warnings;
    EXPECT_FALSE(SessionFile::read(path, &error, &warnings));
    EXPECT_EQ(error, path + QStringLiteral(": ") + GetParam().reason) << qPrintable(error);
}

const HostileSession hostile[] = {
    { "TooBig", "{\"filter\": \"" + QByteArray(SessionFile::maxBytes, 'x') + "\"}",
        QStringLiteral("1048590 bytes, more than the 1048576 such a file can need") },
    { "TooDeep", nested(40), QStringLiteral("nested deeper than 16 levels: not a session") },
    { "NotJson", "ridgeline, but not JSON",
        QStringLiteral("not JSON (TAPE_ERROR: The JSON document has an improper structure: missing "
                       "or superfluous commas, braces, missing keys, etc.)") },
    { "Empty", "", QStringLiteral("an empty file: not a session") },
    { "NotAnObject", "[1, 2]", QStringLiteral("not a JSON object: not a Ridgeline session") },
    { "NoFormat", R"({"version": 1})", QStringLiteral("no \"format\": not a Ridgeline session") },
    { "OtherFormat", R"({"format": "ridgeline-gpus/1", "gpus": []})",
        QStringLiteral("\"format\" is \"ridgeline-gpus/1\", not \"ridgeline-session\"") },
    { "FormatNotAString", R"({"format": 7})", QStringLiteral("\"format\" is not a string") },
    { "NoVersion", R"({"format": "ridgeline-session"})", QStringLiteral("no \"version\"") },
    { "VersionAString", R"({"format": "ridgeline-session", "version": "1"})", QStringLiteral("\"version\" is not an integer") },
    { "NewerVersion", R"({"format": "ridgeline-session", "version": 2})",
        QStringLiteral("version 2, from a newer Ridgeline (this one reads version 1)") },
    { "VersionZero", R"({"format": "ridgeline-session", "version": 0})",
        QStringLiteral("version 0 is not a session version (this Ridgeline reads version 1)") },
    { "NoTrace", R"({"format": "ridgeline-session", "version": 1})", QStringLiteral("no \"trace\": a session names the trace it opens") },
    { "TraceAString", R"({"format": "ridgeline-session", "version": 1, "trace": "/t.json"})",
        QStringLiteral("\"trace\" is not an object {\"relative\", \"absolute\"}") },
    { "TraceRelativeANumber", R"({"format": "ridgeline-session", "version": 1, "trace": {"relative": 5}})",
        QStringLiteral("\"trace\".relative is not a string") },
    { "TraceWithNoPath", R"({"format": "ridgeline-session", "version": 1, "trace": {}})",
        QStringLiteral("\"trace\" has neither a relative nor an absolute path") },
    { "CapturesAnObject", withTrace(R"(, "captures": {})"), QStringLiteral("\"captures\" is not an array") },
    { "CaptureANumber", withTrace(R"(, "captures": [{"absolute": "TRACE"}, 3])"),
        QStringLiteral("\"captures\"[1] is not an object {\"relative\", \"absolute\"}") },
    { "FilterANumber", withTrace(R"(, "filter": 12)"), QStringLiteral("\"filter\" is not a string") },
    { "FilterTooLong", withTrace(", \"filter\": \"" + QByteArray(5000, 'f') + "\""),
        QStringLiteral("\"filter\" is 5000 characters long (at most 4096)") },
    { "SelectionNull", withTrace(R"(, "selected_kernel": null)"), QStringLiteral("\"selected_kernel\" is not a string") },
    { "RangeAnArray", withTrace(R"(, "range_us": [1, 2])"), QStringLiteral("\"range_us\" is not an object {\"start\", \"end\"}") },
    { "RangeWithoutEnd", withTrace(R"(, "range_us": {"start": 1})"), QStringLiteral("no \"end\" in \"range_us\"") },
    { "RangeStartAString", withTrace(R"(, "range_us": {"start": "1", "end": 2})"), QStringLiteral("\"range_us\".start is not a number") },
    { "RangeBackwards", withTrace(R"(, "range_us": {"start": 5, "end": 2})"),
        QStringLiteral("\"range_us\" 5 to 2 is no range (0 <= start < end)") },
    { "LensAString", withTrace(R"(, "lens": "datasheet")"), QStringLiteral("\"lens\" is not an object") },
    { "PeaksUnknown", withTrace(R"(, "lens": {"peaks": "boost"})"),
        QStringLiteral("\"lens\".\"peaks\" is \"boost\", not datasheet or max_achievable") },
    { "GpuANumber", withTrace(R"(, "lens": {"gpu": 4090})"), QStringLiteral("\"gpu\" is not a string") },
    { "FloorNegative", withTrace(R"(, "lens": {"latency_floor_us": -2})"),
        QStringLiteral("\"lens\".latency_floor_us -2 is not a latency floor (above 0, at most 1e+06 us)") },
    { "FloorAString", withTrace(R"(, "lens": {"latency_floor_us": "2"})"), QStringLiteral("\"lens\".latency_floor_us is not a number") },
    { "CacheRoofsANumber", withTrace(R"(, "lens": {"cache_roofs": 1})"), QStringLiteral("\"lens\".cache_roofs is not true or false") },
    { "UserGpusAnArray", withTrace(R"(, "user_gpus": [])"), QStringLiteral("\"user_gpus\" is not an object (a GPU file)") },
    { "UserGpuOutOfRange", withTrace(R"(, "user_gpus": {"gpus": [{"name": "X", "peaks": {"datasheet": {"hbm_tbps": 1e308}}}]})"),
        QStringLiteral("\"user_gpus\": X datasheet: hbm_tbps 1e+308 is not a memory bandwidth (0.01 to 1000 TB/s)") },
};

INSTANTIATE_TEST_SUITE_P(Session, HostileSessions, testing::ValuesIn(hostile),
    [](const testing::TestParamInfo<HostileSession>& param) { return std::string(param.param.name); });

TEST(HostileSessionFiles, AFolderOrAMissingFileIsRefusedByName)
{
    QTemporaryDir dir;
    QString error;
    QStringList warnings;
    EXPECT_FALSE(SessionFile::read(dir.path(), &error, &warnings));
    EXPECT_EQ(error, dir.path() + QStringLiteral(": a folder, not a file"));
    const QString missing = dir.filePath(QStringLiteral("gone.ridgeline"));
    EXPECT_FALSE(SessionFile::read(missing, &error, &warnings));
    EXPECT_EQ(error, missing + QStringLiteral(": no such file"));
}

TEST(HostileSessionFiles, UnknownKeysAreIgnored)
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.json"));
    ASSERT_TRUE(Ridgeline::Test::touch(trace));
    const QByteArray json = R"({"format": "ridgeline-session", "version": 1, "comment": {"a": [1, 2]}, "trace": {"absolute": ")"
        + trace.toUtf8() + R"(", "checksum": 5}, "lens": {"gpu": "", "theme": "dark"}, "filter": "mm"})";
    QString error;
    QStringList warnings;
    const auto session = SessionFile::fromJson(json, dir.path(), &error, &warnings);
    ASSERT_TRUE(session) << qPrintable(error);
    EXPECT_EQ(session->trace, trace);
    EXPECT_EQ(session->filterText, QStringLiteral("mm"));
}

} // namespace
} // namespace Ridgeline
