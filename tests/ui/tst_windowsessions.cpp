// Sessions in the window (issue 38): a session saved, moved with its trace
// and baseline to another folder and reopened in a new window shows the
// same trace, range, baseline, filter, current kernel and lens; a hostile
// session file is refused with its path and the reason, and changes nothing.
#include "analysiscontroller.h"
#include "engine/session/sessionfile.h"
#include "mainwindow.h"
#include "shownanalysis.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "testsupport.h"
#include "timeline/timelineview.h"
#include "window/sessionactions.h"
#include "windowloading.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <cstdio>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

bool copyInto(const QString& from, const QString& to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    return QFile::copy(from, to);
}

// One user GPU for the peaks editor's catalogue: "Session Card".
GpuCatalog sessionCard()
{
    QString error;
    return GpuCatalog::fromJson(R"({"format": "ridgeline-gpus/1", "gpus": [{"name": "Session Card",
        "peaks": {"datasheet": {"hbm_tbps": 3.5, "tflops": {"matrix_bf16": 500}}}}]})",
        &error)
        .value();
}

// Sends the drag-enter and drop a file manager would send.
void dropFile(QWidget& window, const QString& path)
{
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    const QPoint center = window.rect().center();
    QDragEnterEvent enter(center, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(center), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
}

} // namespace

TEST(WindowSessions, SavedMovedWithItsTraceAndReopenedEqual)
{
    QTemporaryDir first, second;
    const QString sample = sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(copyInto(sample, first.filePath(QStringLiteral("run/trace.json.gz"))));
    ASSERT_TRUE(copyInto(sample, first.filePath(QStringLiteral("base/baseline.json.gz"))));

    // The state: a range (the first half of the GPU's span), a baseline, a
    // filter, the second row current, a user GPU chosen, another peak set and t0.
    Session saved;
    {
        MainWindow window;
        ASSERT_TRUE(loadAndShow(window, first.filePath(QStringLiteral("run/trace.json.gz"))));
        const DeviceActivity* gpu = window.result()->activity.mainDevice();
        ASSERT_TRUE(gpu);
        const double halfSpanUs = gpu->spanUs / 2;
        ASSERT_GT(halfSpanUs, 0);
        QSignalSpy finished(window.controller(), &AnalysisController::finished);
        Q_EMIT window.timelineView()->rangeRequested(0, halfSpanUs);
        ASSERT_TRUE(finished.wait(60000));
        ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() && window.result()->gpuRangeUs; }, 5000));
        window.compareWithBaseline(first.filePath(QStringLiteral("base/baseline.json.gz")));
        ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() != nullptr; }, 60000));
        window.filterBar()->textField()->setText(QStringLiteral("fused"));
        QAbstractItemModel* rows = window.kernelView()->model();
        ASSERT_GE(rows->rowCount(), 2);
        window.kernelView()->selectionModel()->setCurrentIndex(
            rows->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        window.applyUserPeaks(sessionCard());
        window.shown()->setGpuChoice(QStringLiteral("Session Card"));
        window.shown()->setPeakSet(PeakSet::MaxAchievable);
        window.shown()->setLatencyFloor(3.5);
        ASSERT_TRUE(window.sessions()->save(first.filePath(QStringLiteral("work.ridgeline"))))
            << qPrintable(window.sessions()->lastError());
        saved = window.sessions()->current().value();
        window.applyUserPeaks(GpuCatalog::of({})); // the settings of the test run stay as they were
    }
    ASSERT_TRUE(saved.rangeUs);
    EXPECT_EQ(saved.rangeUs->first, 0);
    EXPECT_EQ(saved.filterText, QStringLiteral("fused"));
    EXPECT_TRUE(saved.selectedKernel.contains(QStringLiteral("fused"))) << qPrintable(saved.selectedKernel);
    EXPECT_EQ(saved.baseline, first.filePath(QStringLiteral("base/baseline.json.gz")));

    // Moved: the session with its trace and baseline, the old folder gone.
    const QString moved = second.filePath(QStringLiteral("moved"));
    for (const QString& file :
        { QStringLiteral("work.ridgeline"), QStringLiteral("run/trace.json.gz"), QStringLiteral("base/baseline.json.gz") })
        ASSERT_TRUE(copyInto(first.filePath(file), moved + u'/' + file));
    ASSERT_TRUE(QDir(first.path()).removeRecursively());

    MainWindow window;
    QSignalSpy restored(window.sessions(), &SessionActions::restored);
    ASSERT_TRUE(window.sessions()->open(moved + QStringLiteral("/work.ridgeline"))) << qPrintable(window.sessions()->lastError());
    ASSERT_TRUE(restored.wait(120000));
    EXPECT_EQ(window.result()->tracePath, moved + QStringLiteral("/run/trace.json.gz"));
    EXPECT_EQ(window.result()->gpuRangeUs, saved.rangeUs);
    ASSERT_TRUE(window.shown()->baseline());
    EXPECT_EQ(window.shown()->baseline()->tracePath, moved + QStringLiteral("/base/baseline.json.gz"));
    EXPECT_EQ(window.shown()->baseline()->gpuRangeUs, saved.rangeUs); // read over the same range
    EXPECT_EQ(window.filterBar()->textField()->text(), QStringLiteral("fused"));
    EXPECT_EQ(window.currentGpu().name, QStringLiteral("Session Card")); // the session's own GPU
    EXPECT_EQ(window.shown()->lens().peaks, PeakSet::MaxAchievable);
    EXPECT_EQ(window.shown()->lens().latencyFloorUs, 3.5);

    Session expected = saved;
    expected.trace = moved + QStringLiteral("/run/trace.json.gz");
    expected.baseline = moved + QStringLiteral("/base/baseline.json.gz");
    const std::optional<Session> reopened = window.sessions()->current();
    ASSERT_TRUE(reopened);
    EXPECT_EQ(reopened->selectedKernel, saved.selectedKernel);
    EXPECT_TRUE(*reopened == expected);
    window.applyUserPeaks(GpuCatalog::of({}));
}

TEST(WindowSessions, AHostileSessionIsRefusedWithAReasonAndChangesNothing)
{
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(loadAndShow(window, sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"))));
    const auto shown = window.shown()->result();
    const QString path = dir.filePath(QStringLiteral("hostile.ridgeline"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    // A trace that is there, and a filter that is no text.
    file.write(R"({"format": "ridgeline-session", "version": 1, "trace": {"absolute": ")" + window.result()->tracePath.toUtf8()
        + R"("}, "filter": ["not", "text"]})");
    file.close();

    const auto message = closeNextMessageBox();
    EXPECT_FALSE(window.sessions()->open(path));
    const QString reason = path + QStringLiteral(": \"filter\" is not a string");
    EXPECT_EQ(window.sessions()->lastError(), reason) << qPrintable(window.sessions()->lastError());
    EXPECT_EQ(*message, reason);
    EXPECT_FALSE(window.sessions()->isRestoring());
    EXPECT_FALSE(window.controller()->isRunning());
    EXPECT_EQ(window.shown()->result(), shown);
}

TEST(WindowSessions, SavingWithoutATraceIsRefused)
{
    QTemporaryDir dir;
    MainWindow window;
    const auto message = closeNextMessageBox();
    EXPECT_FALSE(window.sessions()->save(dir.filePath(QStringLiteral("empty.ridgeline"))));
    EXPECT_EQ(*message, QStringLiteral("Open a trace first: a session is a trace and how the window shows it"));
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("empty.ridgeline"))));
}

TEST(WindowSessions, ASessionDroppedOnTheWindowOpens)
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.json.gz"));
    ASSERT_TRUE(copyInto(sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz")), trace));
    Session session;
    session.trace = trace;
    session.filterText = QStringLiteral("red");
    QString error;
    const QString path = dir.filePath(QStringLiteral("dropped.ridgeline"));
    ASSERT_TRUE(SessionFile::write(path, session, &error)) << qPrintable(error);

    MainWindow window;
    QSignalSpy restored(window.sessions(), &SessionActions::restored);
    dropFile(window, path);
    ASSERT_TRUE(restored.wait(60000));
    EXPECT_EQ(window.result()->tracePath, trace);
    EXPECT_EQ(window.filterBar()->textField()->text(), QStringLiteral("red"));
    EXPECT_EQ(window.sessions()->sessionPath(), path);
}

// The vLLM decode pair (shared/traces/graphs): a replay trace and the folder
// of its graph captures, saved with the capture attached and reopened from
// another folder: the same capture (moved), the same kernels and time.
TEST(WindowSessions, TheVllmGraphPairReopensWithItsCaptures)
{
    const QString pair = sharedPath(QStringLiteral("traces/graphs/vllm_decode_full"));
    if (pair.isEmpty())
        GTEST_SKIP() << "shared traces absent";
    QTemporaryDir first, second;
    const QString capture = QStringLiteral("capture_traces/graph_capture_rank_0.1773709742341309550.pt.trace.json.gz");
    for (const QString& file :
        { QStringLiteral("graph_execution.json.gz"), capture, QStringLiteral("capture_traces/execution_details.json") })
        ASSERT_TRUE(copyInto(pair + u'/' + file, first.filePath(file)));

    QStringList names;
    double kernelTimeUs = 0;
    {
        MainWindow window;
        QSignalSpy finished(window.controller(), &AnalysisController::finished);
        window.openTrace(
            first.filePath(QStringLiteral("graph_execution.json.gz")), {}, { first.filePath(QStringLiteral("capture_traces")) });
        ASSERT_TRUE(finished.wait(60000));
        ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() != nullptr; }, 5000));
        for (const KernelRow& row : window.result()->rows)
            names << row.name;
        kernelTimeUs = window.result()->totalGpuKernelTimeUs;
        ASSERT_TRUE(window.sessions()->save(first.filePath(QStringLiteral("decode.ridgeline"))));
    }
    ASSERT_FALSE(names.isEmpty());
    const QString moved = second.filePath(QStringLiteral("moved"));
    for (const QString& file : { QStringLiteral("decode.ridgeline"), QStringLiteral("graph_execution.json.gz"), capture,
             QStringLiteral("capture_traces/execution_details.json") })
        ASSERT_TRUE(copyInto(first.filePath(file), moved + u'/' + file));
    ASSERT_TRUE(QDir(first.path()).removeRecursively());

    MainWindow window;
    QSignalSpy restored(window.sessions(), &SessionActions::restored);
    ASSERT_TRUE(window.sessions()->open(moved + QStringLiteral("/decode.ridgeline"))) << qPrintable(window.sessions()->lastError());
    ASSERT_TRUE(restored.wait(60000));
    EXPECT_EQ(window.attachedCaptureTraces(), QStringList { moved + QStringLiteral("/capture_traces") });
    QStringList reopened;
    for (const KernelRow& row : window.result()->rows)
        reopened << row.name;
    EXPECT_EQ(reopened, names);
    EXPECT_DOUBLE_EQ(window.result()->totalGpuKernelTimeUs, kernelTimeUs);
    std::printf("vLLM decode pair: %lld rows, %.1f us of kernels, restored from a moved session\n", qlonglong(names.size()), kernelTimeUs);
}

// A session of the trace already shown: restored from its own reading, not
// from what showed before (whose range and filter are not the session's).
TEST(WindowSessions, ASessionOfTheOpenTraceIsReadAgain)
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.json.gz"));
    ASSERT_TRUE(copyInto(sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz")), trace));
    MainWindow window;
    ASSERT_TRUE(loadAndShow(window, trace));
    const auto before = window.shown()->result();
    Session session;
    session.trace = trace;
    session.rangeUs = std::pair(0.0, window.result()->activity.mainDevice()->spanUs / 3);
    session.filterText = QStringLiteral("poi");
    QString error;
    const QString path = dir.filePath(QStringLiteral("again.ridgeline"));
    ASSERT_TRUE(SessionFile::write(path, session, &error)) << qPrintable(error);

    QSignalSpy restored(window.sessions(), &SessionActions::restored);
    ASSERT_TRUE(window.sessions()->open(path));
    ASSERT_TRUE(restored.wait(60000));
    EXPECT_NE(window.shown()->result(), before);
    EXPECT_EQ(window.result()->gpuRangeUs, session.rangeUs);
    EXPECT_EQ(window.filterBar()->textField()->text(), QStringLiteral("poi"));
    EXPECT_FALSE(window.sessions()->isRestoring());
}
