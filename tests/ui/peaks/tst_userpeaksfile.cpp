// The settings gpus.json, hostile: one bad GPU among good ones is skipped
// with a warning naming the file, the GPU and the figure, the others used;
// a file that cannot be read (a FIFO, too large) costs a warning that stays
// in the status bar, and the built-in catalogue is used; a hundred thousand
// GPUs load without a hang. One table row per class.
#include "mainwindow.h"
#include "peaks/userpeaksfile.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;

namespace {

QByteArray gpuJson(const QByteArray& name, const QByteArray& extra = {}, const QByteArray& hbm = "3", const QByteArray& tflops = "500")
{
    return R"({"name": )" + name + extra + R"(, "peaks": {"datasheet": {"hbm_tbps": )" + hbm + R"(, "tflops": {"matrix_bf16": )" + tflops
        + "}}}}";
}

QByteArray fileOf(const QList<QByteArray>& gpus)
{
    QByteArray json = R"({"format": "ridgeline-gpus/1", "gpus": [)";
    for (qsizetype i = 0; i < gpus.size(); ++i)
        json += (i ? ",\n" : "\n") + gpus[i];
    return json + "]}";
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    // ctest runs each test alone: the settings folder may not exist yet.
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

struct BadGpuCase
{
    const char* name;
    QByteArray gpu; // placed between two good GPUs
    QString gpuNamed; // what the warning names as the GPU ...
    QString figure; // ... and as what is wrong with it
};

class UserPeaksFileBadGpu : public testing::TestWithParam<BadGpuCase>
{
};

TEST_P(UserPeaksFileBadGpu, IsSkippedAndTheOthersUsed)
{
    const BadGpuCase& param = GetParam();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gpus.json"));
    ASSERT_TRUE(writeFile(path, fileOf({ gpuJson(R"("Good One")"), param.gpu, gpuJson(R"("Good Two")", {}, "4", "700") })));

    QString error;
    QStringList warnings;
    const auto user = UserPeaksFile::read(path, &error, &warnings);
    ASSERT_TRUE(user) << qPrintable(error);
    ASSERT_EQ(user->gpus().size(), 2u);
    EXPECT_EQ(user->gpus()[0].name, QStringLiteral("Good One"));
    EXPECT_EQ(user->gpus()[1].name, QStringLiteral("Good Two"));
    EXPECT_EQ(user->gpus()[1].datasheet->memoryBandwidthTBps, 4.0);
    ASSERT_EQ(warnings.size(), 1) << qPrintable(warnings.join(u'\n'));
    const QString& warning = warnings.front();
    EXPECT_TRUE(warning.startsWith(path + QStringLiteral(": GPU skipped: "))) << qPrintable(warning);
    EXPECT_TRUE(warning.contains(param.gpuNamed)) << qPrintable(warning);
    EXPECT_TRUE(warning.contains(param.figure)) << qPrintable(warning);
    EXPECT_LE(warning.size(), 1000);
    // The strict reader of `--gpu-file` refuses the same file whole.
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_FALSE(GpuCatalog::fromJson(file.readAll(), &error));
    EXPECT_TRUE(error.contains(param.figure)) << qPrintable(error);
}

INSTANTIATE_TEST_SUITE_P(Classes, UserPeaksFileBadGpu,
    testing::Values(
        BadGpuCase { "HbmOf1e308", gpuJson(R"("Huge HBM")", {}, "1e308"), QStringLiteral("Huge HBM"), QStringLiteral("hbm_tbps") },
        BadGpuCase { "HbmBelowAnyGpu", gpuJson(R"("Tiny HBM")", {}, "1e-6"), QStringLiteral("Tiny HBM"), QStringLiteral("hbm_tbps") },
        BadGpuCase { "ComputeOf1e308", gpuJson(R"("Huge Roof")", {}, "3", "1e308"), QStringLiteral("Huge Roof"),
            QStringLiteral("tflops.matrix_bf16") },
        BadGpuCase { "SecondOfOneName", gpuJson(R"("good one")"), QStringLiteral("good one"), QStringLiteral("a second GPU of this name") },
        BadGpuCase { "EmptyAlias", gpuJson(R"("Aliased")", R"(, "aliases": ["A1", " "])"), QStringLiteral("Aliased"),
            QStringLiteral("an empty alias") },
        BadGpuCase { "NoName", gpuJson(R"("")"), QStringLiteral("GPU 2 of 3"), QStringLiteral("has no name") },
        BadGpuCase { "CacheRoofOf1e308", gpuJson(R"("Cached")", R"(, "cache_roofs": [{"key": "l2", "tbps": 1e308}])"),
            QStringLiteral("Cached"), QStringLiteral("cache roof l2") }),
    [](const testing::TestParamInfo<BadGpuCase>& entry) { return std::string(entry.param.name); });

// The window: the skipped GPU's warning stays in the status bar after
// other messages, and the good GPUs are in the catalogue.
TEST(UserPeaksFile, TheWindowKeepsTheWarningInView)
{
    const QString path = UserPeaksFile::defaultPath(); // in the tests' throw-away settings folder
    ASSERT_TRUE(writeFile(path, fileOf({ gpuJson(R"("Lab GPU")"), gpuJson(R"("Bad GPU")", {}, "1e308") })));
    {
        MainWindow window;
        window.statusBar()->showMessage(QStringLiteral("another message"));
        EXPECT_TRUE(window.peaksWarningLabel()->isVisibleTo(&window));
        EXPECT_TRUE(window.peaksWarningLabel()->text().contains(QStringLiteral("Bad GPU")))
            << qPrintable(window.peaksWarningLabel()->text());
        EXPECT_TRUE(window.peaksWarningLabel()->toolTip().contains(path));
        EXPECT_NE(window.catalog().find(QStringLiteral("Lab GPU")), nullptr);
        EXPECT_EQ(window.catalog().find(QStringLiteral("Bad GPU")), nullptr);
    }
    QFile::remove(path);
}

// Files that cannot be read at all: the built-in catalogue, a warning that stays.
struct UnreadableCase
{
    const char* name;
    enum
    {
        Fifo,
        Oversized,
        NotJson,
        Folder
    } kind;
    QString reason;
};

class UserPeaksFileUnreadable : public testing::TestWithParam<UnreadableCase>
{
};

TEST_P(UserPeaksFileUnreadable, BuiltInCatalogueAndAWarning)
{
    const UnreadableCase& param = GetParam();
    const QString path = UserPeaksFile::defaultPath();
    QFile::remove(path);
    QDir().mkpath(QFileInfo(path).absolutePath());
    switch (param.kind) {
    case UnreadableCase::Fifo:
        ASSERT_EQ(mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        break;
    case UnreadableCase::Oversized: {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        ASSERT_TRUE(file.resize(GpuCatalog::maxFileBytes + 1)); // sparse: no disk spent
        break;
    }
    case UnreadableCase::NotJson:
        ASSERT_TRUE(writeFile(path, "{\"gpus\": [ oops"));
        break;
    case UnreadableCase::Folder:
        ASSERT_TRUE(QDir().mkpath(path));
        break;
    }
    QString error;
    QStringList warnings;
    EXPECT_FALSE(UserPeaksFile::read(path, &error, &warnings));
    EXPECT_TRUE(error.startsWith(path + QStringLiteral(": "))) << qPrintable(error);
    EXPECT_TRUE(error.contains(param.reason)) << qPrintable(error);
    {
        MainWindow window;
        window.statusBar()->showMessage(QStringLiteral("another message"));
        EXPECT_TRUE(window.peaksWarningLabel()->isVisibleTo(&window));
        EXPECT_TRUE(window.peaksWarningLabel()->text().contains(QStringLiteral("not read")))
            << qPrintable(window.peaksWarningLabel()->text());
        EXPECT_EQ(window.catalog(), GpuCatalog::builtIn());
    }
    if (param.kind == UnreadableCase::Folder)
        QDir(path).removeRecursively();
    else
        QFile::remove(path);
}

INSTANTIATE_TEST_SUITE_P(Classes, UserPeaksFileUnreadable,
    testing::Values(UnreadableCase { "Fifo", UnreadableCase::Fifo, QStringLiteral("not a regular file") },
        UnreadableCase { "Oversized", UnreadableCase::Oversized, QStringLiteral("more than the 16777216") },
        UnreadableCase { "NotJson", UnreadableCase::NotJson, QStringLiteral("not JSON") },
        UnreadableCase { "Folder", UnreadableCase::Folder, QStringLiteral("a folder") }),
    [](const testing::TestParamInfo<UnreadableCase>& entry) { return std::string(entry.param.name); });

// A hundred thousand GPUs: all read, found by name, the menu lists a few.
TEST(UserPeaksFile, AHundredThousandGpus)
{
    if (Ridgeline::Test::builtWithSanitizers())
        GTEST_SKIP() << "hostile scale: release build only";
    constexpr int count = 100000;
    QList<QByteArray> gpus;
    gpus.reserve(count);
    for (int i = 0; i < count; ++i)
        gpus << gpuJson("\"Lab GPU " + QByteArray::number(i) + '"');
    const QString path = UserPeaksFile::defaultPath();
    ASSERT_TRUE(writeFile(path, fileOf(gpus)));
    QString error;
    QStringList warnings;
    const auto user = UserPeaksFile::read(path, &error, &warnings);
    ASSERT_TRUE(user) << qPrintable(error);
    EXPECT_EQ(user->gpus().size(), size_t(count));
    EXPECT_TRUE(warnings.isEmpty());
    const GpuCatalog merged = UserPeaksFile::merged(*user);
    ASSERT_NE(merged.find(QStringLiteral("lab gpu 99999")), nullptr);
    EXPECT_EQ(merged.find(QStringLiteral("lab gpu 99999"))->name, QStringLiteral("Lab GPU 99999"));
    // Whole words of a trace's device name find the longest name.
    ASSERT_NE(merged.find(QStringLiteral("Vendor Lab-GPU-4242 rev 2")), nullptr);
    EXPECT_EQ(merged.find(QStringLiteral("Vendor Lab-GPU-4242 rev 2"))->name, QStringLiteral("Lab GPU 4242"));
    {
        MainWindow window;
        EXPECT_FALSE(window.peaksWarningLabel()->isVisibleTo(&window));
        EXPECT_EQ(window.catalog().gpus().size(), GpuCatalog::builtIn().gpus().size() + size_t(count));
        int gpuActions = 0;
        for (QMenu* menu : window.findChildren<QMenu*>()) {
            if (menu->title().remove(u'&') == QStringLiteral("GPU"))
                gpuActions = int(menu->actions().size());
        }
        EXPECT_GT(gpuActions, 0);
        EXPECT_LT(gpuActions, 120); // the first hundred, the trace's choice, "Other GPU…"
    }
    QFile::remove(path);
}

} // namespace
