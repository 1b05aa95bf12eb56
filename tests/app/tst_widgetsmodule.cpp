// The executable loads the widgets module only for the window or a roofline
// drawing (app/widgetsmodule.h): a headless export must run without it, and
// a run that needs it must say which file it lacks instead of crashing.
#include "testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

struct ProgramRun
{
    int exitCode = -1;
    QString stderrText;
};

ProgramRun run(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.setProgram(program);
    process.setArguments(arguments);
    process.start();
    process.waitForFinished(120000);
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardError()) };
}

} // namespace

TEST(WidgetsModule, AHeadlessExportRunsWithoutItAndADrawingSaysWhatIsMissing)
{
    // The executable alone in a folder: the module beside it is not there.
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const QString alone = folder.filePath(QStringLiteral("ridgeline"));
    ASSERT_TRUE(QFile::copy(QStringLiteral(RIDGELINE_BINARY), alone));
    ASSERT_TRUE(QFile::setPermissions(alone, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    ASSERT_TRUE(QFileInfo::exists(QFileInfo(QStringLiteral(RIDGELINE_BINARY)).absolutePath() + QStringLiteral("/ridgeline-widgets.so")))
        << "the build puts the module beside the executable";

    const QString table = folder.filePath(QStringLiteral("kernels.json"));
    const ProgramRun exported = run(alone,
        { QStringLiteral("-q"), QStringLiteral("--no-inductor-cache"), QStringLiteral("--export"), table,
            Ridgeline::Test::bundledSampleTrace() });
    EXPECT_EQ(exported.exitCode, 0) << qPrintable(exported.stderrText);
    EXPECT_GT(QFileInfo(table).size(), 1000);

    const QString image = folder.filePath(QStringLiteral("roofline.png"));
    const ProgramRun drawn = run(alone,
        { QStringLiteral("-q"), QStringLiteral("--no-inductor-cache"), QStringLiteral("--export-roofline"), image,
            Ridgeline::Test::bundledSampleTrace() });
    EXPECT_EQ(drawn.exitCode, 1);
    EXPECT_TRUE(drawn.stderrText.contains(QStringLiteral("ridgeline-widgets.so"))) << qPrintable(drawn.stderrText);
    EXPECT_TRUE(drawn.stderrText.contains(QStringLiteral("not there"))) << qPrintable(drawn.stderrText);
    EXPECT_FALSE(QFileInfo::exists(image));

    // With the module beside it, the same drawing is made.
    const ProgramRun beside = run(QStringLiteral(RIDGELINE_BINARY),
        { QStringLiteral("-q"), QStringLiteral("--no-inductor-cache"), QStringLiteral("--export-roofline"), image,
            Ridgeline::Test::bundledSampleTrace() });
    EXPECT_EQ(beside.exitCode, 0) << qPrintable(beside.stderrText);
    EXPECT_GT(QFileInfo(image).size(), 10000);
}
