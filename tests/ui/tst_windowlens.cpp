// Issue 31's defects in the window: the user's choices (t0, peaks, cache
// roofs, the GPU) reach the roofline's markers, the kernel table's export
// and the roofline image exactly as the command line applies them.
#include "analysiscontroller.h"
#include "engine/lens/judgement.h"
#include "export/rooflineexport.h"
#include "headlesscli.h"
#include "mainwindow.h"
#include "roofline/rooflinechart.h"
#include "roofline/rooflineview.h"
#include "shownanalysis.h"
#include "testsupport.h"
#include "window/windowexports.h"
#include "windowloading.h"

#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QTemporaryDir>
#include <algorithm>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int latencyBoundPoints(const RooflineData& data)
{
    return int(std::count_if(data.points.begin(), data.points.end(), [](const RooflinePoint& p) { return p.latencyBound; }));
}

const RooflineData& drawn(const MainWindow& window)
{
    return static_cast<RooflineChart*>(window.rooflineView()->chart())->data();
}

QAction* menuAction(MainWindow& window, const QString& text)
{
    for (QAction* menu : window.menuBar()->actions()) {
        if (!menu->menu())
            continue;
        for (QAction* action : menu->menu()->actions()) {
            if (action->text() == text)
                return action;
        }
    }
    return nullptr;
}

} // namespace

// Defect 1: after View > Latency Floor the roofline's latency-bound markers
// follow the user's t0 (RooflineView::setLatencyFloor had no caller).
TEST(WindowLens, TheRooflinesLatencyBoundMarkersFollowTheUsersT0)
{
    MainWindow window;
    ASSERT_TRUE(loadAndShow(window, bundledSampleTrace()));
    const int before = latencyBoundPoints(drawn(window));
    window.shown()->setLatencyFloor(1000.0); // every modelled kernel of the sample runs under 1 ms
    Lens lens;
    lens.latencyFloorUs = 1000.0;
    const TraceJudgement expected = judgeTrace(std::make_shared<const AnalysisResult>(*window.result()), lens);
    const int after = latencyBoundPoints(expected.roofline);
    ASSERT_GT(after, before);
    EXPECT_EQ(latencyBoundPoints(drawn(window)), after);
    window.shown()->setLatencyFloor(std::nullopt);
    EXPECT_EQ(latencyBoundPoints(drawn(window)), before);
}

// Defects 2 and 4: File > Export of the kernel table in compare mode writes
// the user's t0 and peak set and the GPU warnings, and measures a baseline
// of a GPU the catalogue lacks against the catalogue's default: byte for
// byte what `ridgeline --export --baseline` writes.
TEST(WindowLens, TheComparisonExportIsTheCommandLinesWithTheSameChoices)
{
    TempTraces traces;
    const QString baseline = traces.write(QStringLiteral("mystery.json"),
        traceJson(tritonOpEvent("triton_poi_fused_add_0", 100, 20, 1, {}) + ",\n" + launchEvent(105, 5, 10) + ",\n" + flowEnd(10) + ",\n"
            + kernelEvent("triton_poi_fused_add_0", 200, 40, 10))
            .replace("AMD Instinct MI300X", "Mystery GPU 9000"));
    MainWindow window;
    window.setSearchDefaultInductorCache(false); // as --no-inductor-cache below
    ASSERT_TRUE(loadAndShow(window, bundledSampleTrace()));
    window.shown()->setPeakSet(PeakSet::MaxAchievable);
    window.shown()->setLatencyFloor(3.0);
    window.compareWithBaseline(baseline);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() != nullptr; }, 60000));
#ifndef RIDGELINE_ON_MAIN
    const Judgement& judged = *window.shown()->judgement();
    EXPECT_EQ(judged.baseline->gpuSpec().name, GpuCatalog::builtIn().defaultGpu().name);
    EXPECT_EQ(judged.gpuWarnings().size(), 1);
    // The roofline's arrows are the judgement's: the baseline at its own (the default GPU's) roofs.
    EXPECT_EQ(drawn(window).arrows, judged.trace.roofline.arrows);
#endif

    QTemporaryDir dir;
    for (const QString& name : { QStringLiteral("k.json"), QStringLiteral("k.csv") }) {
        const QString windowPath = dir.filePath(QStringLiteral("window-") + name);
        const QString cliPath = dir.filePath(QStringLiteral("cli-") + name);
        // What File > Export Kernel Table… writes once its dialog is answered.
        QString error;
        ASSERT_TRUE(window.shown()->exportKernelTable(windowPath, &error)) << qPrintable(error);
        const CliRun cli = runCli({ bundledSampleTrace(), QStringLiteral("--baseline"), baseline, QStringLiteral("--peaks"),
            QStringLiteral("max-achievable"), QStringLiteral("--latency-floor"), QStringLiteral("3"), QStringLiteral("--no-inductor-cache"),
            QStringLiteral("--export"), cliPath });
        ASSERT_EQ(cli.exitCode, 0) << qPrintable(cli.stderrText);
        const QByteArray bytes = fileBytes(windowPath);
        EXPECT_EQ(bytes, fileBytes(cliPath)) << qPrintable(name);
        if (name.endsWith(QStringLiteral("json"))) {
            EXPECT_TRUE(bytes.contains("Mystery GPU 9000")) << "the baseline's GPU warning";
        }
    }
}

// Defect 3: the window's roofline image carries the user's t0 and the cache
// roofs the view shows (View > Cache Roofs).
TEST(WindowLens, TheRooflineImageCarriesTheUsersT0AndTheCacheRoofs)
{
    MainWindow window;
    ASSERT_TRUE(loadAndShow(window, bundledSampleTrace()));
    window.shown()->setLatencyFloor(1000.0);
    QAction* cacheRoofs = menuAction(window, QStringLiteral("&Cache Roofs"));
    ASSERT_NE(cacheRoofs, nullptr);
    cacheRoofs->trigger();
    EXPECT_TRUE(window.shown()->lens().cacheRoofs);
    EXPECT_TRUE(static_cast<RooflineChart*>(window.rooflineView()->chart())->cacheRoofsShown());

    QTemporaryDir dir;
    RooflineExportOptions options;
    options.path = dir.filePath(QStringLiteral("window.png"));
    options.size = QSize(800, 500);
    QString error;
    ASSERT_TRUE(window.exports()->writeRooflineImage(options, &error)) << qPrintable(error);
    // What --export-roofline draws with --latency-floor 1000 --cache-roofs.
    Lens chosen = window.shown()->lens();
    chosen.latencyFloorUs = 1000.0;
    chosen.cacheRoofs = true;
    RooflineExportOptions cli = options;
    cli.path = dir.filePath(QStringLiteral("cli.png"));
    ASSERT_TRUE(exportRoofline(*judge(window.shown()->result(), chosen), cli, &error)) << qPrintable(error);
    RooflineExportOptions plain = options;
    plain.path = dir.filePath(QStringLiteral("plain.png"));
    ASSERT_TRUE(exportRoofline(*judge(window.shown()->result(), Lens {}), plain, &error)) << qPrintable(error);
    const QByteArray image = fileBytes(options.path);
    ASSERT_FALSE(image.isEmpty());
    EXPECT_EQ(image, fileBytes(cli.path));
    EXPECT_NE(image, fileBytes(plain.path)) << "the choices change the image";
}
