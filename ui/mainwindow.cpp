#include "mainwindow.h"

#include "analysiscontroller.h"
#include "derivation/comparisonderivation.h"
#include "engine/base/text/units.h"
#include "engine/base/versions.h"
#include "inspector/formulainspector.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "recentfiles.h"
#include "settingskeys.h"
#include "shownanalysis.h"
#include "summarystrip.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "timebudget/timebudgetpanel.h"
#include "timeline/timelinepane.h"
#include "timeline/timelineview.h"
#include "tracesummary.h"
#include "window/comparemode.h"
#include "window/lensmenus.h"
#include "window/sessionactions.h"
#include "window/timebudgetlink.h"
#include "window/timelinelink.h"
#include "window/traceinputs.h"
#include "window/windowexports.h"
#include "workspace/fulltimeline.h"
#include "workspace/reportexports.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

namespace Ridgeline {
namespace {

const QString sampleTrace = QStringLiteral(":/ridgeline/samples/transformer_block_mi300x.json.gz");

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_controller(new AnalysisController(this))
    , m_shown(new ShownAnalysis(this))
    , m_model(new KernelTableModel(this))
    , m_proxy(new KernelFilterProxy(this))
    , m_table(new KernelTableView)
    , m_filterBar(new KernelFilterBar(m_proxy))
    , m_summary(new SummaryStrip)
    , m_roofline(new RooflineView)
    , m_inspector(new FormulaInspector)
    , m_budgetPanel(new TimeBudgetPanel)
    , m_filterTotals(new QLabel)
    , m_progress(new QProgressBar)
    , m_cancel(new QPushButton(tr("Cancel")))
    , m_peaksWarning(new QLabel)
{
    setWindowTitle(tr("Ridgeline"));
    setAcceptDrops(true);
    m_proxy->setSourceModel(m_model);
    m_table->setModel(m_proxy);
    m_table->showDefaultColumns();
    updateTableEmptyText();
    // What a fix could win first: the question the window answers.
    m_table->sortByColumn(KernelTableModel::Recoverable, Qt::DescendingOrder);

    buildLayout();
    m_lensMenus = new LensMenus(m_shown, m_peaksWarning, this); // before the GPU menu lists the catalogue
    m_inputs = new TraceInputs(m_controller, m_shown, this);
    m_compare = new CompareMode(m_shown, m_controller, m_inputs, this);
    m_compare->setTable(m_table, m_filterBar);
    m_timelineLink = new TimelineLink(m_timeline, m_chartTabs, m_table, m_proxy, m_controller, m_inputs, this);
    m_budgetLink = new TimeBudgetLink(m_budgetPanel, m_filterTotals, m_shown, m_model, m_proxy, m_table, this);
    m_exports = new WindowExports(m_shown, m_roofline, m_inputs, this);
    m_reportExports = new ReportExports(m_shown, m_timeline, m_inputs, this);
    m_fullTimeline = new FullTimeline(m_timelinePane, m_chartTabs, this);
    m_sessions
        = new SessionActions({ m_controller, m_shown, m_inputs, m_compare, m_timelineLink, m_lensMenus, m_filterBar, m_table }, this);
    createMenus();
    connectViews();
    restoreSettings();
    // A saved header may show them: compare mode's columns wait for a baseline.
    for (int column = KernelTableModel::FirstComparisonColumn; column < KernelTableModel::ColumnCount; ++column)
        m_table->horizontalHeader()->setSectionHidden(column, true);
    showJudgement();
}

MainWindow::~MainWindow() = default;

// ---- the public API: the helpers' and the shown analysis's --------------------

void MainWindow::openTrace(const QString& path)
{
    m_inputs->openTrace(path);
}
void MainWindow::openTrace(const QString& path, const QString& inductorCache, const QStringList& captures)
{
    m_inputs->openTrace(path, inductorCache, captures);
}
void MainWindow::attachCaptureTrace(const QString& path)
{
    m_inputs->attachCaptureTrace(path);
}
void MainWindow::detachCaptureTraces()
{
    m_inputs->detachCaptureTraces();
}
void MainWindow::compareWithBaseline(const QString& path)
{
    m_compare->compareWithBaseline(path);
}
void MainWindow::leaveCompareMode()
{
    m_compare->leaveCompareMode();
}
const TraceComparison* MainWindow::comparison() const
{
    return m_shown->comparison();
}
QStringList MainWindow::attachedCaptureTraces() const
{
    return m_inputs->session().attachedCaptures();
}
void MainWindow::attachInductorCache(const QString& path)
{
    m_inputs->attachInductorCache(path);
}
void MainWindow::detachInductorCache()
{
    m_inputs->detachInductorCache();
}
void MainWindow::reload()
{
    m_inputs->reload();
}
QString MainWindow::attachedInductorCache() const
{
    return m_inputs->session().attachedCache();
}
void MainWindow::setSearchDefaultInductorCache(bool search)
{
    m_inputs->session().setSearchDefaultCache(search);
}
void MainWindow::applyUserPeaks(const GpuCatalog& user)
{
    m_lensMenus->applyUserPeaks(user);
}
const GpuCatalog& MainWindow::catalog() const
{
    return *m_shown->lens().catalog;
}
QString MainWindow::userPeaksPath() const
{
    return m_lensMenus->userPeaksPath();
}
const AnalysisResult* MainWindow::result() const
{
    return m_shown->result().get();
}

QStringList MainWindow::gpuWarnings() const
{
    return m_shown->judgement() ? m_shown->judgement()->gpuWarnings() : QStringList();
}

const GpuSpec& MainWindow::currentGpu() const
{
    return m_shown->gpu().spec;
}

// ---- layout and menus --------------------------------------------------------

void MainWindow::buildLayout()
{
    auto* tablePane = new QWidget;
    m_tablePane = tablePane;
    auto* tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_budgetPanel);
    tableLayout->addWidget(m_filterBar);
    tableLayout->addWidget(m_table, 1);
    tableLayout->addWidget(m_filterTotals);

    // The timeline is a tab beside the roofline: both show the table's rows.
    m_timeline = new TimelineView;
    m_chartTabs = new QTabWidget;
    m_chartTabs->setDocumentMode(true);
    m_chartTabs->addTab(m_roofline, tr("Roofline"));
    m_timelinePane = new TimelinePane(m_timeline);
    m_chartTabs->addTab(m_timelinePane, tr("Timeline"));
    m_sideSplitter = new QSplitter(Qt::Vertical);
    m_sideSplitter->addWidget(m_chartTabs);
    m_sideSplitter->addWidget(m_inspector);
    m_sideSplitter->setStretchFactor(0, 3);
    m_sideSplitter->setStretchFactor(1, 2);

    m_mainSplitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter->addWidget(tablePane);
    m_mainSplitter->addWidget(m_sideSplitter);
    m_mainSplitter->setStretchFactor(0, 3);
    m_mainSplitter->setStretchFactor(1, 2);
    m_mainSplitter->setSizes({ 985, 595 }); // the table's first-look columns (Shape among them) fit at 1366 wide
    m_sideSplitter->setSizes({ 520, 400 });

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 4, 6, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_mainSplitter, 1);
    setCentralWidget(central);

    m_progress->setRange(0, 100);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QStringLiteral("%p %"));
    m_progress->setMaximumWidth(220);
    m_peaksWarning->setTextFormat(Qt::PlainText);
    m_peaksWarning->setStyleSheet(QStringLiteral("QLabel { color: #b71c1c; }"));
    m_peaksWarning->hide();
    statusBar()->addPermanentWidget(m_peaksWarning, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    setBusy(false);

    // 1600 x 950 where there is room; on a laptop's 1366 x 768 the window
    // fits within the screen's free area (restoreSettings may override).
    QSize size(1600, 950);
    if (const QScreen* shown = screen())
        size = size.boundedTo(QSize(shown->availableGeometry().width() * 96 / 100, shown->availableGeometry().height() * 94 / 100));
    resize(size);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_inputs->addOpenActions(file);
    m_recent = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) { openTrace(path); });
    file->addAction(tr("Open &Sample Trace"), this, [this] { openTrace(sampleTrace); });
    m_inputs->addAttachActions(file);
    file->addSeparator();
    m_sessions->addActions(file);
    file->addSeparator();
    m_compare->addActions(file);
    file->addSeparator();
    m_exports->addActions(file);
    m_reportExports->addActions(file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Copy Rows as TSV"), QKeySequence::Copy, m_table, &KernelTableView::copySelection);
    edit->addAction(tr("Copy Derivation as &Markdown"), QKeySequence(tr("Ctrl+Shift+C")), m_inspector, &FormulaInspector::copyMarkdown);
    edit->addAction(tr("&Find Kernel"), QKeySequence::Find, this, [this] {
        m_filterBar->textField()->setFocus();
        m_filterBar->textField()->selectAll();
    });
    createViewMenu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Ridgeline"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_lensMenus->addLensMenus(view);
    view->addSeparator();
    m_frameGroup = new QActionGroup(this);
    for (auto [frame, title] : { std::pair { RooflineView::Frame::FitToData, tr("Roofline: Fit to &Data") },
             std::pair { RooflineView::Frame::GpuRoofs, tr("Roofline: Fixed Frame from the GPU's &Roofs") } }) {
        QAction* action = view->addAction(title);
        action->setCheckable(true);
        action->setData(int(frame));
        action->setChecked(frame == RooflineView::Frame::FitToData);
        m_frameGroup->addAction(action);
    }
    connect(m_frameGroup, &QActionGroup::triggered, this,
        [this](QAction* action) { m_roofline->setFrame(RooflineView::Frame(action->data().toInt())); });
    view->addAction(tr("Reset Roofline &Zoom"), QKeySequence(tr("Ctrl+0")), m_roofline, &RooflineView::resetZoom);
    QAction* legend = view->addAction(tr("Roofline &Legend"));
    legend->setCheckable(true);
    legend->setChecked(true);
    connect(legend, &QAction::toggled, m_roofline, &RooflineView::setLegendShown);
    m_lensMenus->addCacheRoofsAction(view);
    view->addSeparator();
    m_fullTimeline->addActions(view);
}

void MainWindow::connectViews()
{
    connect(m_shown, &ShownAnalysis::changed, this, &MainWindow::showJudgement);
    connect(m_inputs, &TraceInputs::refused, this, &MainWindow::showError);
    connect(m_cancel, &QPushButton::clicked, m_controller, &AnalysisController::cancel);
    connect(m_controller, &AnalysisController::started, this, [this](const QString& path) {
        setBusy(true);
        m_summary->showLoading(path);
        const QString cache = m_controller->currentOptions().read.inductorCache;
        const QString name = TraceInputs::displayName(path);
        if (!m_controller->readsFiles()) {
            statusBar()->showMessage(m_controller->currentOptions().figures.gpuRange ? tr("Analysing the range of %1…").arg(name)
                                                                                     : tr("Analysing the whole of %1…").arg(name));
            return;
        }
        statusBar()->showMessage(cache.isEmpty() ? tr("Reading %1…").arg(name)
                                                 : tr("Reading %1 with the Inductor cache %2…").arg(name, QFileInfo(cache).fileName()));
    });
    connect(m_controller, &AnalysisController::progress, this,
        [this](qint64 done, qint64 total) { m_progress->setValue(total > 0 ? int(100.0 * double(done) / double(total)) : 0); });
    connect(m_controller, &AnalysisController::finished, this, &MainWindow::showResult);
    connect(m_controller, &AnalysisController::failed, this, &MainWindow::showError);
    connect(m_controller, &AnalysisController::cancelled, this, [this](const QString& path) {
        setBusy(false);
        m_inputs->takeNote();
        showSummary();
        statusBar()->showMessage(
            (m_controller->readsFiles() ? tr("Cancelled reading %1") : tr("Cancelled analysing %1")).arg(TraceInputs::displayName(path)),
            5000);
    });

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        [this] { m_roofline->setSelectedKernels(m_table->selectedKernelIndices()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::updateInspector);
    connect(m_proxy, &KernelFilterProxy::filterAboutToChange, this, [this] { m_rowBeforeFilter = m_inspectedRow; });
    connect(m_proxy, &KernelFilterProxy::filterChanged, this, &MainWindow::followTableFilter);
    connect(m_proxy, &KernelFilterProxy::filterChanged, this, &MainWindow::updateTableEmptyText);
    connect(m_roofline, &RooflineView::kernelClicked, this, [this](int kernelIndex) {
        if (!m_table->selectKernel(kernelIndex))
            statusBar()->showMessage(tr("That kernel is hidden by the table's filter"), 4000);
    });
}

void MainWindow::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (busy)
        m_progress->setValue(0);
}

// ---- what is shown -------------------------------------------------------------

void MainWindow::showJudgement()
{
    // One judgement, read by every view: none of them applies a choice itself.
    const auto& judgement = m_shown->judgement();
    const bool otherRows = !judgement || !m_shownJudgement || judgement->trace.result != m_shownJudgement->trace.result
        || bool(judgement->baseline) != bool(m_shownJudgement->baseline)
        || (judgement->baseline && judgement->baseline->result != m_shownJudgement->baseline->result);
    const bool sameResult = judgement && m_shownJudgement && judgement->trace.result == m_shownJudgement->trace.result;
    const QList<int> selected = otherRows && sameResult ? m_table->selectedKernelIndices() : QList<int>();
    m_shownJudgement = judgement;
    m_model->setJudgement(judgement);
    m_compare->followComparison();
    // With no trace the chosen GPU's roofs (the user's own among them), without points.
    static const auto noTrace = std::make_shared<const AnalysisResult>();
    m_roofline->setJudgement(judgement ? judgement : judge(noTrace, m_shown->lens()));
    m_timelineLink->show(judgement);
    showSummary();
    if (!selected.isEmpty()) // compare mode entered or left: the same kernel stays selected
        m_table->selectKernel(selected.front());
    updateInspector();
}

void MainWindow::showSummary()
{
    if (const auto& judgement = m_shown->judgement())
        m_summary->setJudgement(*judgement);
    else
        m_summary->showPrompt();
}

void MainWindow::showResult(std::shared_ptr<const AnalysisResult> result)
{
    // The result arrives on the GUI thread: keep every step short and let
    // the event loop breathe between them, so that the window never stalls.
    // Nothing is painted until the last step: a paint after each one would
    // join the next step in one long gap (a repaint of table and chart is
    // about 20 ms on the 62 MB trace).
    setBusy(false);
    holdPainting(true);
    m_shown->setResult(std::move(result)); // judged, and every view follows; compare mode lasts across reloads
    const AnalysisResult& shown = *m_shown->result();
    updateTableEmptyText();
    m_filterBar->setSummary(summarize(shown));
    setWindowTitle(tr("%1 — Ridgeline").arg(TraceInputs::displayName(shown.tracePath)));
    const auto libraryOps = std::count_if(shown.rows.begin(), shown.rows.end(), [](const KernelRow& row) { return row.isLibraryOp(); });
    QString message = tr("Read %1 events, %2 unique Triton kernels, %3 library ops")
                          .arg(formatCount(shown.events.count))
                          .arg(qsizetype(shown.rows.size()) - libraryOps)
                          .arg(libraryOps);
    if (const QString note = m_inputs->takeNote(); !note.isEmpty())
        message += QStringLiteral("; ") + note;
    statusBar()->showMessage(message);
    statusBar()->setToolTip(shown.warnings.join(u'\n'));

    QTimer::singleShot(5, this, [this, shown = m_shown->result()] { // a timer, as below
        if (m_shown->result() == shown) { // else another trace arrived meanwhile
            if (m_proxy->rowCount() > 0)
                m_table->selectRow(0);
            else
                updateInspector();
            m_recent->add(shown->tracePath);
        }
        // The one paint of it all, a step of its own: after selecting
        // (the inspector's text) it would make one gap of both. A timer,
        // not a posted call: posted calls and the paint they cause can
        // run back to back in one pass of the event loop.
        // The table's first paint with the kernels' names is most of
        // it (30-40 ms): chart, inspector and summary first, the table
        // in a step of its own.
        QTimer::singleShot(5, this, [this] {
            m_summary->setUpdatesEnabled(true);
            m_sideSplitter->setUpdatesEnabled(true);
            QTimer::singleShot(5, this, [this] { holdPainting(false); });
        });
    });
}

void MainWindow::holdPainting(bool hold)
{
    for (QWidget* part : { static_cast<QWidget*>(m_summary), static_cast<QWidget*>(m_sideSplitter), m_tablePane })
        part->setUpdatesEnabled(!hold);
}

void MainWindow::showError(const QString& error)
{
    setBusy(false);
    m_inputs->takeNote();
    showSummary();
    statusBar()->showMessage(error);
    QMessageBox::warning(this, tr("Cannot Read Trace"), error);
}

void MainWindow::updateTableEmptyText()
{
    if (!result()) {
        m_table->setEmptyText(tr("Open a PyTorch profiler trace of a torch.compile run: File ▸ Open (Ctrl+O), or drop it "
                                 "here. File ▸ Open Sample Trace shows what Ridgeline tells."));
    } else if (result()->rows.empty()
        && (result()->libraryKernels.empty() || !m_proxy->isCategoryVisible(categoryKey(KernelCategory::Library)))) {
        m_table->setEmptyText(tr("No Triton kernels in %1: no cpu_op or GPU kernel is named triton_*. Ridgeline analyses "
                                 "the kernels Inductor generates for a model compiled with torch.compile; the summary above "
                                 "shows what the GPU time went to.%2")
                .arg(QFileInfo(result()->tracePath).fileName(),
                    result()->libraryKernels.empty()
                        ? QString()
                        : tr(" Its %1 library kernels are hidden: the Library kernels toggle above shows them.")
                              .arg(result()->libraryKernels.size())));
    } else {
        m_table->setEmptyText(tr("No kernel matches the filter."));
    }
}

void MainWindow::followTableFilter()
{
    // The chart shows what the table shows.
    QSet<int> shown;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        shown.insert(m_proxy->index(row, 0).data(KernelTableModel::RowIndexRole).toInt());
    m_roofline->setShownKernels(m_proxy->filtersAnything() ? std::optional<QSet<int>>(shown) : std::nullopt);
    m_timelineLink->followTableFilter();
    // A kernel filtered out of the table leaves the inspector: the row that
    // took its place was never chosen. By source row: library rows are no
    // roofline kernel, but they are inspected too.
    if (m_rowBeforeFilter >= 0 && !m_proxy->mapFromSource(m_model->index(m_rowBeforeFilter, 0)).isValid()) {
        m_table->selectionModel()->clear();
        m_inspectedRow = -1;
        m_inspector->setKernel(nullptr, nullptr);
    }
}

void MainWindow::updateInspector()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    const int sourceRow = current.isValid() ? m_proxy->mapToSource(current).row() : -1;
    m_inspectedRow = sourceRow;
    const auto& judgement = m_shown->judgement();
    m_inspector->setKernel(m_model->kernelAt(sourceRow), judgement ? &judgement->trace : nullptr, comparisonPreface(sourceRow));
}

// The inspector's preface in compare mode: the selected pair side by side,
// each measured against its own judged peaks.
QString MainWindow::comparisonPreface(int sourceRow) const
{
    const auto& judgement = m_shown->judgement();
    if (!judgement || !judgement->comparison || !judgement->baseline || sourceRow < 0
        || sourceRow >= int(judgement->comparison->matching.matches.size()))
        return {};
    return comparisonMarkdown(*judgement->comparison, sourceRow, judgement->baseline->peaks(), judgement->trace.peaks());
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Ridgeline"),
        tr("<h3>Ridgeline %1</h3><p>How much work each Triton kernel of a torch.compile trace did, "
           "and how close it came to the GPU's limits.</p>"
           "<p>Qt %2 (built with %3)<br>KArchive %4<br>simdjson %5</p>"
           "<p>Figures follow the TraceLens Triton performance model; GPU peaks name their sources.</p>")
            .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR), karchiveVersion(),
                simdjsonVersion()));
}

// ---- drag and drop, settings ------------------------------------------------------

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    m_inputs->dragEnter(event);
}
void MainWindow::dropEvent(QDropEvent* event)
{
    m_inputs->drop(event);
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event)
{
    m_inputs->dragLeave();
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    if (m_inputs)
        m_inputs->followResize();
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_inputs->session().setRememberedCaches(settings.value(SettingsKeys::attachedCaches()).toStringList());
    m_inputs->session().setRememberedCaptures(settings.value(SettingsKeys::attachedCaptures()).toStringList());
    Lens lens = m_shown->lens();
    lens.gpuChoice = settings.value(SettingsKeys::gpu()).toString();
    // Max-achievable unless the user chose datasheet: the ceilings a kernel can reach.
    lens.peaks = settings.value(SettingsKeys::peakSet()).toString() == peakSetKey(PeakSet::Datasheet) ? PeakSet::Datasheet
                                                                                                      : PeakSet::MaxAchievable;
    m_shown->setLens(lens);
    const auto frame
        = settings.value(SettingsKeys::frame()).toString() == u"gpu" ? RooflineView::Frame::GpuRoofs : RooflineView::Frame::FitToData;
    m_roofline->setFrame(frame);
    for (QAction* action : m_frameGroup->actions())
        action->setChecked(RooflineView::Frame(action->data().toInt()) == frame);
    m_budgetPanel->setExpanded(settings.value(SettingsKeys::timeBudgetExpanded(), true).toBool());
    // Layouts saved by an older version may not fit these widgets.
    if (settings.value(QStringLiteral("window/stateVersion")).toInt() != SettingsKeys::stateVersion)
        return;
    restoreGeometry(settings.value(SettingsKeys::geometry()).toByteArray());
    restoreState(settings.value(SettingsKeys::windowState()).toByteArray(), SettingsKeys::stateVersion);
    m_mainSplitter->restoreState(settings.value(SettingsKeys::mainSplitter()).toByteArray());
    m_sideSplitter->restoreState(settings.value(SettingsKeys::sideSplitter()).toByteArray());
    m_table->horizontalHeader()->restoreState(settings.value(SettingsKeys::tableHeader()).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/stateVersion"), SettingsKeys::stateVersion);
    settings.setValue(SettingsKeys::geometry(), saveGeometry());
    settings.setValue(SettingsKeys::windowState(), saveState(SettingsKeys::stateVersion));
    settings.setValue(SettingsKeys::mainSplitter(), m_mainSplitter->saveState());
    settings.setValue(SettingsKeys::sideSplitter(), m_sideSplitter->saveState());
    settings.setValue(SettingsKeys::tableHeader(), m_table->horizontalHeader()->saveState());
    settings.setValue(SettingsKeys::gpu(), m_shown->lens().gpuChoice);
    settings.setValue(SettingsKeys::peakSet(), peakSetKey(m_shown->lens().peaks));
    m_recent->save();
    settings.setValue(SettingsKeys::attachedCaches(), m_inputs->session().rememberedCaches());
    settings.setValue(SettingsKeys::attachedCaptures(), m_inputs->session().rememberedCaptures());
    settings.setValue(
        SettingsKeys::frame(), m_roofline->frame() == RooflineView::Frame::GpuRoofs ? QStringLiteral("gpu") : QStringLiteral("fit"));
    settings.setValue(SettingsKeys::timeBudgetExpanded(), m_budgetPanel->isExpanded());
    if (const AnalysisResult* shown = result(); shown && !shown->tracePath.startsWith(u':'))
        settings.setValue(SettingsKeys::lastDirectory(), QFileInfo(shown->tracePath).absolutePath());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    m_controller->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace Ridgeline
