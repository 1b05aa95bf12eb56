// The main window's inputs: traces and Inductor caches arriving by the File
// menu, a file dialog or a drop, and the analysis each one starts. Which
// cache goes with which trace is TraceSession's rule; this file only asks.
#include "mainwindow.h"

#include "analysiscontroller.h"
#include "droppedinputs.h"
#include "engine/inductorcache/inputkind.h"
#include "engine/inductorcache/inductorcachelocator.h"
#include "settingskeys.h"

#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>

namespace Ridgeline {

// ---- opening -----------------------------------------------------------------

void MainWindow::openTrace(const QString& path)
{
    // A wrapper .py (or a cache archive) handed to Open is no trace: say
    // what it is and where it goes, instead of "not valid JSON".
    if (classifyInput(path).kind == InputKind::InductorCache && QFileInfo(path).isFile()) {
        showError(tr("%1 is an Inductor cache file (a wrapper .py or an archive of the cache), not a profiler trace. "
                     "Open the trace, then attach this with File ▸ Attach Inductor Cache Archive… (or drop it on the "
                     "window) for V1 figures.")
                      .arg(QFileInfo(path).fileName()));
        return;
    }
    start(m_session.open(path));
}

QString MainWindow::dialogFolder() const
{
    // Inputs of a trace (its cache, captures, baseline) and its exports are
    // usually beside it.
    const QString trace = currentTracePath();
    return trace.isEmpty() ? QSettings().value(SettingsKeys::lastDirectory()).toString() : QFileInfo(trace).absolutePath();
}

void MainWindow::openTrace(const QString& path, const QString& inductorCache, const QStringList& captures)
{
    start(m_session.open(path, inductorCache, captures));
}

void MainWindow::attachCaptureTrace(const QString& path)
{
    if (const auto reading = m_session.attachCapture(path, currentTracePath()))
        start(*reading);
    else
        statusBar()->showMessage(tr("Capture trace %1 attached: the next trace you open matches its graph replays to it")
                                     .arg(QFileInfo(path).fileName()));
}

void MainWindow::detachCaptureTraces()
{
    if (const auto reading = m_session.detachCaptures(currentTracePath()))
        start(*reading);
    m_detachCaptures->setEnabled(false);
}

void MainWindow::start(const TraceSession::Start& start)
{
    m_cacheNote = start.note;
    m_detachCache->setEnabled(!start.options.inductorCache.isEmpty());
    m_detachCaptures->setEnabled(!start.options.captureTraces.isEmpty());
    m_reload->setEnabled(true);
    // Kept with the result: a time range picked on the timeline is
    // analysed from it without reading the file again.
    AnalysisOptions options { start.options, {} };
    options.figures.keepPreparedTrace = true;
    m_controller->open(start.trace, options);
}

bool MainWindow::hasGraphReplays() const
{
    return m_result && !m_controller->isRunning() && !m_result->graphs.launches.empty();
}

QString MainWindow::currentTracePath() const
{
    // A trace that failed to load is not "open": attaching a cache must not
    // read it again.
    if (m_controller->isRunning())
        return m_controller->currentPath();
    return m_result ? m_result->tracePath : QString();
}

void MainWindow::attachInductorCache(const QString& path)
{
    m_detachCache->setEnabled(true);
    if (const auto reading = m_session.attach(path, currentTracePath()))
        start(*reading);
    else
        statusBar()->showMessage(tr("Inductor cache %1 attached: the next trace you open reads its V1 figures from it")
                                     .arg(QFileInfo(path).fileName()));
}

void MainWindow::detachInductorCache()
{
    m_detachCache->setEnabled(false);
    if (const auto reading = m_session.detach(currentTracePath()))
        start(*reading);
}

void MainWindow::reload()
{
    if (const auto reading = m_session.reload(currentTracePath()))
        start(*reading);
}

void MainWindow::chooseInductorCache(bool archive)
{
    // Start where torch.compile would have written it, when that exists.
    QString start = InductorCacheLocator::locate({}, true, CacheEnvironment::fromProcess()).path;
    if (start.isEmpty())
        start = dialogFolder();
    const QString path = archive
        ? QFileDialog::getOpenFileName(this, tr("Attach Inductor Cache Archive"), start,
                                       tr("Inductor cache archives (*.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.bz2 *.tar.zst *.zip);;"
                                          "Wrapper files (*.py);;All files (*)"))
        : QFileDialog::getExistingDirectory(this, tr("Attach Inductor Cache Folder"), start);
    if (path.isEmpty())
        return;
    const DroppedInputs chosen = classifyDroppedPaths({ path });
    if (chosen.inductorCache.isEmpty()) {
        const QString message = chosen.problems.isEmpty()
            ? path + tr(": a trace, not an Inductor cache (open it with File ▸ Open Trace)")
            : chosen.problems.front();
        QMessageBox::warning(this, tr("Not an Inductor Cache"), message);
        return;
    }
    attachInductorCache(path);
}

// ---- drag and drop -----------------------------------------------------------

namespace {

QStringList localPaths(const QMimeData* data)
{
    QStringList paths;
    for (const QUrl& url : data->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    return paths;
}

QString fileName(const QString& path)
{
    return QFileInfo(path).fileName();
}

} // namespace

QString MainWindow::dropDescription(const DroppedInputs& dropped) const
{
    if (!dropped.problems.isEmpty())
        return tr("Cannot use %1").arg(dropped.problems.front());
    if (!dropped.trace.isEmpty() && !dropped.inductorCache.isEmpty())
        return tr("Drop to open %1\nwith the Inductor cache %2").arg(fileName(dropped.trace), fileName(dropped.inductorCache));
    if (!dropped.trace.isEmpty() && m_result && (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier))
        return tr("Drop to compare %1 with %2 as its baseline").arg(displayName(m_result->tracePath), fileName(dropped.trace));
    if (!dropped.trace.isEmpty() && hasGraphReplays())
        return tr("Drop to open %1\n(or to attach it, if it is a capture of this trace's graphs)").arg(fileName(dropped.trace));
    if (!dropped.trace.isEmpty() && m_result)
        return tr("Drop to open %1\n(hold Shift to compare with it as the baseline)").arg(fileName(dropped.trace));
    if (!dropped.trace.isEmpty())
        return tr("Drop to open %1").arg(fileName(dropped.trace));
    const QString trace = currentTracePath();
    return trace.isEmpty()
        ? tr("Drop to attach the Inductor cache %1\nto the next trace you open").arg(fileName(dropped.inductorCache))
        : tr("Drop to read %1's kernels again\nwith the Inductor cache %2").arg(displayName(trace), fileName(dropped.inductorCache));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    m_dropOverlay->setText(dropDescription(classifyDroppedPaths(paths)));
    m_dropOverlay->setGeometry(centralWidget()->geometry());
    m_dropOverlay->raise();
    m_dropOverlay->show();
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event)
{
    m_dropOverlay->hide();
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dropEvent(QDropEvent* event)
{
    m_dropOverlay->hide();
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    const DroppedInputs dropped = classifyDroppedPaths(paths);
    if (!dropped.problems.isEmpty()) {
        // Nothing is opened: half of what was meant would mislead.
        const QString message = dropped.problems.join(u'\n');
        statusBar()->showMessage(dropped.problems.front(), 8000);
        QMessageBox::warning(this, tr("Cannot Open"), message);
        return;
    }
    if (!dropped.trace.isEmpty() && dropped.inductorCache.isEmpty() && m_result && (event->modifiers() & Qt::ShiftModifier))
        compareWithBaseline(dropped.trace);
    else if (!dropped.trace.isEmpty() && !dropped.inductorCache.isEmpty())
        openTrace(dropped.trace, dropped.inductorCache);
    else if (!dropped.trace.isEmpty() && hasGraphReplays() && isGraphCaptureTrace(dropped.trace))
        attachCaptureTrace(dropped.trace); // told apart by content: captures and no graph launch
    else if (!dropped.trace.isEmpty())
        openTrace(dropped.trace);
    else if (!dropped.inductorCache.isEmpty())
        attachInductorCache(dropped.inductorCache);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    if (m_dropOverlay->isVisible())
        m_dropOverlay->setGeometry(centralWidget()->geometry());
}

} // namespace Ridgeline
