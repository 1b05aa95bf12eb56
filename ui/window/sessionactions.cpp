#include "window/sessionactions.h"

#include "analysiscontroller.h"
#include "engine/session/sessionfile.h"
#include "itemmodels/kerneltablemodel.h"
#include "shownanalysis.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "window/comparemode.h"
#include "window/lensmenus.h"
#include "window/timelinelink.h"
#include "window/traceinputs.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace Ridgeline {
namespace {

bool samePath(const QString& a, const QString& b)
{
    if (a == b)
        return true;
    const QString canonical = QFileInfo(a).canonicalFilePath();
    return !canonical.isEmpty() && canonical == QFileInfo(b).canonicalFilePath();
}

QString fileFilter()
{
    return SessionActions::tr("Ridgeline sessions (*.%1);;All files (*)").arg(SessionFile::suffix());
}

} // namespace

SessionActions::SessionActions(const Parts& parts, QMainWindow* window)
    : QObject(window)
    , m_parts(parts)
    , m_window(window)
{
    connect(m_parts.shown, &ShownAnalysis::changed, this, &SessionActions::advance);
    connect(m_parts.inputs, &TraceInputs::sessionDropped, this, &SessionActions::open);
    // A trace that cannot be read ends the restoring: its later steps have nothing to apply to.
    connect(m_parts.controller, &AnalysisController::failed, this, [this] { m_pending.reset(); });
    connect(m_parts.controller, &AnalysisController::cancelled, this, [this] { m_pending.reset(); });
}

void SessionActions::addActions(QMenu* file)
{
    QAction* open = file->addAction(tr("Open Sess&ion…"), this, &SessionActions::chooseAndOpen);
    open->setToolTip(tr("Open a saved session: its trace, captures, cache, baseline, range, filter, selection and lens"));
    QAction* save = file->addAction(tr("Sa&ve Session…"), this, [this] { chooseAndSave(false); });
    save->setShortcut(QKeySequence::Save);
    save->setToolTip(tr("Save what the window shows as one small .%1 file, its paths relative to it").arg(SessionFile::suffix()));
    file->addAction(tr("Save Session &As…"), this, [this] { chooseAndSave(true); });
}

std::optional<Session> SessionActions::current() const
{
    const AnalysisResult* result = m_parts.shown->result().get();
    const QString trace = m_parts.inputs->currentTracePath();
    if (trace.isEmpty() || !result)
        return std::nullopt;
    Session session;
    session.trace = trace;
    session.captures = m_parts.inputs->session().attachedCaptures();
    session.inductorCache = m_parts.inputs->session().attachedCache();
    if (m_parts.shown->baseline())
        session.baseline = m_parts.shown->baseline()->tracePath;
    session.rangeUs = result->gpuRangeUs;
    session.filterText = m_parts.filterBar->textField()->text();
    session.selectedKernel = kernelNameAt(m_parts.table->selectionModel()->currentIndex());
    const Lens& lens = m_parts.shown->lens();
    session.gpuChoice = lens.gpuChoice;
    session.peaks = lens.peaks;
    session.latencyFloorUs = lens.latencyFloorUs;
    session.cacheRoofs = lens.cacheRoofs;
    session.userGpus = m_parts.lens->userPeaks();
    return session;
}

bool SessionActions::save(const QString& path)
{
    const std::optional<Session> session = current();
    if (!session) {
        refuse(tr("Cannot Save Session"), tr("Open a trace first: a session is a trace and how the window shows it"));
        return false;
    }
    QString error;
    if (!SessionFile::write(path, *session, &error)) {
        refuse(tr("Cannot Save Session"), error);
        return false;
    }
    m_path = path;
    m_lastError.clear();
    m_window->statusBar()->showMessage(tr("Session saved to %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool SessionActions::open(const QString& path)
{
    QString error;
    QStringList warnings;
    std::optional<Session> session = SessionFile::read(path, &error, &warnings);
    if (!session) {
        refuse(tr("Cannot Open Session"), error);
        return false;
    }
    m_path = path;
    m_lastError.clear();
    m_warnings = warnings;
    applyLens(*session);
    // What shows now, even of the same trace, is not what the session opens.
    m_before = m_parts.shown->result();
    m_pending = std::move(session);
    m_step = Step::Trace;
    m_parts.inputs->openTrace(m_pending->trace, m_pending->inductorCache, m_pending->captures);
    return true;
}

void SessionActions::refuse(const QString& title, const QString& error)
{
    m_lastError = error;
    m_window->statusBar()->showMessage(error);
    QMessageBox::warning(m_window, title, error);
}

void SessionActions::chooseAndOpen()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"), m_parts.inputs->dialogFolder(), fileFilter());
    if (!path.isEmpty())
        open(path);
}

void SessionActions::chooseAndSave(bool ask)
{
    QString path = m_path;
    if (ask || path.isEmpty()) {
        // Beside the trace by default: its paths are then the shortest relative ones.
        const QString suggested = m_parts.inputs->dialogFolder() + u'/' + QFileInfo(m_parts.inputs->currentTracePath()).baseName() + u'.'
            + SessionFile::suffix();
        path = QFileDialog::getSaveFileName(m_window, tr("Save Session"), suggested, fileFilter());
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += u'.' + SessionFile::suffix();
    }
    save(path);
}

void SessionActions::applyLens(const Session& session)
{
    // The session's GPUs over the user's own (for this window only: the
    // user's peaks file is not written), so that its GPU choice is found.
    if (!session.userGpus.gpus().empty()) {
        GpuCatalog gpus = m_parts.lens->userPeaks();
        gpus.merge(session.userGpus);
        m_parts.lens->applyUserPeaks(gpus);
    }
    Lens lens = m_parts.shown->lens();
    lens.gpuChoice = session.gpuChoice;
    lens.peaks = session.peaks;
    lens.latencyFloorUs = session.latencyFloorUs;
    lens.cacheRoofs = session.cacheRoofs;
    m_parts.shown->setLens(lens);
}

void SessionActions::advance()
{
    // Leaving compare mode, say, changes the shown analysis at once: the
    // outer call goes on from where it is.
    if (!m_pending || m_advancing)
        return;
    const AnalysisResult* result = m_parts.shown->result().get();
    if (!result || result == m_before.get() || !samePath(result->tracePath, m_pending->trace))
        return; // still reading (or the user opened another trace: the controller's next result says)
    m_advancing = true;
    if (m_step == Step::Trace) {
        m_step = Step::Range;
        if (result->gpuRangeUs != m_pending->rangeUs)
            m_parts.timeline->filterToRange(m_pending->rangeUs);
    }
    if (m_step == Step::Range && result->gpuRangeUs == m_pending->rangeUs) {
        m_step = Step::Baseline;
        if (!m_pending->baseline.isEmpty())
            m_parts.compare->compareWithBaseline(m_pending->baseline);
        else if (m_parts.shown->baseline())
            m_parts.compare->leaveCompareMode();
    }
    const bool baselineShown = m_pending->baseline.isEmpty() ? !m_parts.shown->baseline() : bool(m_parts.shown->baseline());
    m_advancing = false;
    if (m_step == Step::Baseline && result->gpuRangeUs == m_pending->rangeUs && baselineShown)
        finish();
}

void SessionActions::finish()
{
    const Session session = *std::exchange(m_pending, std::nullopt);
    m_before.reset();
    m_parts.filterBar->textField()->setText(session.filterText);
    if (!session.selectedKernel.isEmpty())
        selectKernel(session.selectedKernel);
    m_window->statusBar()->showMessage(
        m_warnings.isEmpty() ? tr("Session %1 restored").arg(QFileInfo(m_path).fileName()) : m_warnings.join(u' '));
    Q_EMIT restored();
}

QString SessionActions::kernelNameAt(const QModelIndex& index) const
{
    if (!index.isValid())
        return {};
    // A Triton row by its kernel's name; a library row by the name it shows.
    const int row = index.data(KernelTableModel::RowIndexRole).toInt();
    const AnalysisResult* result = m_parts.shown->result().get();
    if (result && row >= 0 && size_t(row) < result->rows.size())
        return result->rows[size_t(row)].name;
    return index.siblingAtColumn(KernelTableModel::Kernel).data().toString();
}

void SessionActions::selectKernel(const QString& name)
{
    QAbstractItemModel* model = m_parts.table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, KernelTableModel::Kernel);
        if (kernelNameAt(index) == name) {
            m_parts.table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            static_cast<QAbstractItemView*>(m_parts.table)->scrollTo(index); // protected in the view, public in its base
            return;
        }
    }
    m_warnings << tr("the kernel %1 is not in the table (the filter may hide it)").arg(name);
}

} // namespace Ridgeline
