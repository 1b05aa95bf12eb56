#include "window/traceinputs.h"

#include "analysiscontroller.h"
#include "droppedinputs.h"
#include "engine/inductorcache/inductorcachelocator.h"
#include "engine/inductorcache/inputkind.h"
#include "engine/session/sessionfile.h"
#include "settingskeys.h"
#include "shownanalysis.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <utility>

namespace Ridgeline {

TraceInputs::TraceInputs(AnalysisController* controller, const ShownAnalysis* shown, QMainWindow* window)
    : QObject(window)
    , m_controller(controller)
    , m_shown(shown)
    , m_window(window)
    , m_dropOverlay(new QLabel(window))
{
    m_dropOverlay->setAlignment(Qt::AlignCenter);
    m_dropOverlay->setStyleSheet(QStringLiteral("QLabel { background: rgba(21, 101, 192, 40); border: 3px dashed #1565c0;"
                                                " color: #0d47a1; font-size: 20pt; font-weight: bold; }"));
    m_dropOverlay->hide();
}

QString TraceInputs::displayName(const QString& path)
{
    return path.startsWith(u':') ? QFileInfo(path).fileName() + tr(" (bundled sample)") : QFileInfo(path).fileName();
}

QString TraceInputs::takeNote()
{
    return std::exchange(m_note, QString());
}

void TraceInputs::showStatus(const QString& message, int timeoutMs) const
{
    m_window->statusBar()->showMessage(message, timeoutMs);
}

void TraceInputs::addOpenActions(QMenu* file)
{
    file->addAction(tr("&Open Trace…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Trace"), dialogFolder(),
            tr("PyTorch profiler traces (*.json *.json.gz *.gz *.bz2 *.xz *.zst);;All files (*)"));
        if (!path.isEmpty())
            openTrace(path);
    });
}

void TraceInputs::addAttachActions(QMenu* file)
{
    m_reload = file->addAction(tr("Re&load"), QKeySequence::Refresh, this, &TraceInputs::reload);
    m_reload->setEnabled(false);
    file->addSeparator();
    QAction* attachFolder = file->addAction(tr("Attach Inductor Cache &Folder…"), this, [this] { chooseInductorCache(false); });
    attachFolder->setToolTip(tr("Read V1 figures for kernels without V2 args from a torch.compile Inductor cache folder"));
    file->addAction(tr("Attach Inductor Cache &Archive…"), this, [this] { chooseInductorCache(true); });
    m_detachCache = file->addAction(tr("&Detach Inductor Cache"), this, &TraceInputs::detachInductorCache);
    m_detachCache->setEnabled(false);
    file->addSeparator();
    QAction* attachCapture = file->addAction(tr("Attach &Capture Trace…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            m_window, tr("Attach Capture Trace"), dialogFolder(), tr("PyTorch profiler traces (*.json *.json.gz *.gz);;All files (*)"));
        if (!path.isEmpty())
            attachCaptureTrace(path);
    });
    attachCapture->setToolTip(tr("Give a trace of CUDA/HIP graph replays the figures of the ops captured into its graphs"));
    m_detachCaptures = file->addAction(tr("Detach Capture &Traces"), this, &TraceInputs::detachCaptureTraces);
    m_detachCaptures->setEnabled(false);
}

// ---- opening -----------------------------------------------------------------

void TraceInputs::openTrace(const QString& path)
{
    // A wrapper .py (or a cache archive) handed to Open is no trace: say
    // what it is and where it goes, instead of "not valid JSON".
    if (classifyInput(path).kind == InputKind::InductorCache && QFileInfo(path).isFile()) {
        Q_EMIT refused(
            tr("%1 is an Inductor cache file (a wrapper .py, a TORCH_TRACE log or an archive of the cache), "
               "not a profiler trace. Open the trace, then attach this with File ▸ Attach Inductor Cache Archive… (or drop it on the "
               "window) for V1 figures.")
                .arg(QFileInfo(path).fileName()));
        return;
    }
    start(m_session.open(path));
}

QString TraceInputs::dialogFolder() const
{
    // Inputs of a trace (its cache, captures, baseline) and its exports are
    // usually beside it.
    const QString trace = currentTracePath();
    return trace.isEmpty() ? QSettings().value(SettingsKeys::lastDirectory()).toString() : QFileInfo(trace).absolutePath();
}

void TraceInputs::openTrace(const QString& path, const QString& inductorCache, const QStringList& captures)
{
    start(m_session.open(path, inductorCache, captures));
}

void TraceInputs::attachCaptureTrace(const QString& path)
{
    if (const auto reading = m_session.attachCapture(path, currentTracePath()))
        start(*reading);
    else
        showStatus(
            tr("Capture trace %1 attached: the next trace you open matches its graph replays to it").arg(QFileInfo(path).fileName()));
}

void TraceInputs::detachCaptureTraces()
{
    if (const auto reading = m_session.detachCaptures(currentTracePath()))
        start(*reading);
    m_detachCaptures->setEnabled(false);
}

void TraceInputs::start(const TraceSession::Start& start)
{
    m_note = start.note;
    m_detachCache->setEnabled(!start.options.inductorCache.isEmpty());
    m_detachCaptures->setEnabled(!start.options.captureTraces.isEmpty());
    m_reload->setEnabled(true);
    // Kept with the result: a time range picked on the timeline is
    // analysed from it without reading the file again.
    AnalysisOptions options { start.options, {} };
    options.figures.keepPreparedTrace = true;
    m_controller->open(start.trace, options);
}

bool TraceInputs::hasGraphReplays() const
{
    return m_shown->result() && !m_controller->isRunning() && !m_shown->result()->graphs.launches.empty();
}

QString TraceInputs::currentTracePath() const
{
    // A trace that failed to load is not "open": attaching a cache must not
    // read it again.
    if (m_controller->isRunning())
        return m_controller->currentPath();
    return m_shown->result() ? m_shown->result()->tracePath : QString();
}

void TraceInputs::attachInductorCache(const QString& path)
{
    m_detachCache->setEnabled(true);
    if (const auto reading = m_session.attach(path, currentTracePath()))
        start(*reading);
    else
        showStatus(tr("Inductor cache %1 attached: the next trace you open reads its V1 figures from it").arg(QFileInfo(path).fileName()));
}

void TraceInputs::detachInductorCache()
{
    m_detachCache->setEnabled(false);
    if (const auto reading = m_session.detach(currentTracePath()))
        start(*reading);
}

void TraceInputs::reload()
{
    if (const auto reading = m_session.reload(currentTracePath()))
        start(*reading);
}

void TraceInputs::chooseInductorCache(bool archive)
{
    // Start where torch.compile would have written it, when that exists.
    QString start = InductorCacheLocator::locate({}, true, CacheEnvironment::fromProcess()).path;
    if (start.isEmpty())
        start = dialogFolder();
    const QString path = archive ? QFileDialog::getOpenFileName(m_window, tr("Attach Inductor Cache Archive"), start,
                                       tr("Inductor cache archives (*.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.bz2 *.tar.zst *.zip);;"
                                          "Wrapper files (*.py);;All files (*)"))
                                 : QFileDialog::getExistingDirectory(m_window, tr("Attach Inductor Cache Folder"), start);
    if (path.isEmpty())
        return;
    const DroppedInputs chosen = classifyDroppedPaths({ path });
    if (chosen.inductorCache.isEmpty()) {
        const QString message = chosen.problems.isEmpty() ? path + tr(": a trace, not an Inductor cache (open it with File ▸ Open Trace)")
                                                          : chosen.problems.front();
        QMessageBox::warning(m_window, tr("Not an Inductor Cache"), message);
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

QString TraceInputs::dropDescription(const DroppedInputs& dropped) const
{
    if (!dropped.problems.isEmpty())
        return tr("Cannot use %1").arg(dropped.problems.front());
    if (!dropped.trace.isEmpty() && !dropped.inductorCache.isEmpty())
        return tr("Drop to open %1\nwith the Inductor cache %2").arg(fileName(dropped.trace), fileName(dropped.inductorCache));
    if (!dropped.trace.isEmpty() && m_shown->result() && (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier))
        return tr("Drop to compare %1 with %2 as its baseline").arg(displayName(m_shown->result()->tracePath), fileName(dropped.trace));
    if (!dropped.trace.isEmpty() && hasGraphReplays())
        return tr("Drop to open %1\n(or to attach it, if it is a capture of this trace's graphs)").arg(fileName(dropped.trace));
    if (!dropped.trace.isEmpty() && m_shown->result())
        return tr("Drop to open %1\n(hold Shift to compare with it as the baseline)").arg(fileName(dropped.trace));
    if (!dropped.trace.isEmpty())
        return tr("Drop to open %1").arg(fileName(dropped.trace));
    const QString trace = currentTracePath();
    return trace.isEmpty()
        ? tr("Drop to attach the Inductor cache %1\nto the next trace you open").arg(fileName(dropped.inductorCache))
        : tr("Drop to read %1's kernels again\nwith the Inductor cache %2").arg(displayName(trace), fileName(dropped.inductorCache));
}

bool TraceInputs::isSessionDrop(const QStringList& paths)
{
    return paths.size() == 1 && QFileInfo(paths.front()).suffix() == SessionFile::suffix();
}

void TraceInputs::dragEnter(QDragEnterEvent* event)
{
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    m_dropOverlay->setText(isSessionDrop(paths) ? tr("Drop to open the session %1").arg(fileName(paths.front()))
                                                : dropDescription(classifyDroppedPaths(paths)));
    m_dropOverlay->setGeometry(m_window->centralWidget()->geometry());
    m_dropOverlay->raise();
    m_dropOverlay->show();
}

void TraceInputs::dragLeave()
{
    m_dropOverlay->hide();
}

void TraceInputs::drop(QDropEvent* event)
{
    m_dropOverlay->hide();
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    if (isSessionDrop(paths)) {
        Q_EMIT sessionDropped(paths.front());
        return;
    }
    const DroppedInputs dropped = classifyDroppedPaths(paths);
    if (!dropped.problems.isEmpty()) {
        // Nothing is opened: half of what was meant would mislead.
        const QString message = dropped.problems.join(u'\n');
        showStatus(dropped.problems.front(), 8000);
        QMessageBox::warning(m_window, tr("Cannot Open"), message);
        return;
    }
    if (!dropped.trace.isEmpty() && dropped.inductorCache.isEmpty() && m_shown->result() && (event->modifiers() & Qt::ShiftModifier))
        Q_EMIT baselineDropped(dropped.trace);
    else if (!dropped.trace.isEmpty() && !dropped.inductorCache.isEmpty())
        openTrace(dropped.trace, dropped.inductorCache);
    else if (!dropped.trace.isEmpty() && hasGraphReplays() && isGraphCaptureTrace(dropped.trace))
        attachCaptureTrace(dropped.trace); // told apart by content: captures and no graph launch
    else if (!dropped.trace.isEmpty())
        openTrace(dropped.trace);
    else if (!dropped.inductorCache.isEmpty())
        attachInductorCache(dropped.inductorCache);
}

void TraceInputs::followResize()
{
    if (m_dropOverlay->isVisible())
        m_dropOverlay->setGeometry(m_window->centralWidget()->geometry());
}

} // namespace Ridgeline
