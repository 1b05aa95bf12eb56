#include "mainwindow.h"

#include "analysiscontroller.h"
#include "engine/base/versions.h"
#include "engine/lens/judgement.h"
#include "engine/export/resultexport.h"
#include "inspector/formulainspector.h"
#include "peaks/userpeaksfile.h"
#include "export/rooflineexport.h"
#include "export/rooflineexportdialog.h"
#include "roofline/rooflinechart.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "recentfiles.h"
#include "settingskeys.h"
#include "summarystrip.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "timebudget/timebudgetpanel.h"
#include "timeline/timelineview.h"
#include "tracesummary.h"
#include "engine/base/text/units.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
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
#include <QTabWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace Ridgeline {
namespace {

const QString sampleTrace = QStringLiteral(":/ridgeline/samples/transformer_block_mi300x.json.gz");

} // namespace

QString MainWindow::displayName(const QString& path)
{
    return path.startsWith(u':') ? QFileInfo(path).fileName() + tr(" (bundled sample)") : QFileInfo(path).fileName();
}

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_controller(new AnalysisController(this))
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
    , m_dropOverlay(new QLabel(this))
    , m_peaksWarning(new QLabel)
    , m_catalog(GpuCatalog::builtIn())
    , m_userPeaksPath(UserPeaksFile::defaultPath())
    , m_baselineController(new AnalysisController(this))
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
    loadUserPeaks(); // before the GPU menu lists the catalogue
    createMenus();
    connectViews();
    connectTimeBudget();
    connectCompareMode();
    restoreSettings();
    // A saved header may show them: compare mode's columns wait for a baseline.
    for (int column = KernelTableModel::FirstComparisonColumn; column < KernelTableModel::ColumnCount; ++column)
        m_table->horizontalHeader()->setSectionHidden(column, true);
    applyGpu();
}

MainWindow::~MainWindow() = default;

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
    m_chartTabs->addTab(m_timeline, tr("Timeline"));
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

    m_dropOverlay->setAlignment(Qt::AlignCenter);
    m_dropOverlay->setStyleSheet(QStringLiteral("QLabel { background: rgba(21, 101, 192, 40); border: 3px dashed #1565c0;"
                                                " color: #0d47a1; font-size: 20pt; font-weight: bold; }"));
    m_dropOverlay->hide();
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
    file->addAction(tr("&Open Trace…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Trace"), dialogFolder(), tr("PyTorch profiler traces (*.json *.json.gz *.gz *.bz2 *.xz *.zst);;All files (*)"));
        if (!path.isEmpty())
            openTrace(path);
    });
    m_recent = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) { openTrace(path); });
    file->addAction(tr("Open &Sample Trace"), this, [this] { openTrace(sampleTrace); });
    m_reload = file->addAction(tr("Re&load"), QKeySequence::Refresh, this, &MainWindow::reload);
    m_reload->setEnabled(false);
    file->addSeparator();
    QAction* attachFolder = file->addAction(tr("Attach Inductor Cache &Folder…"), this, [this] { chooseInductorCache(false); });
    attachFolder->setToolTip(tr("Read V1 figures for kernels without V2 args from a torch.compile Inductor cache folder"));
    file->addAction(tr("Attach Inductor Cache &Archive…"), this, [this] { chooseInductorCache(true); });
    m_detachCache = file->addAction(tr("&Detach Inductor Cache"), this, &MainWindow::detachInductorCache);
    m_detachCache->setEnabled(false);
    file->addSeparator();
    QAction* attachCapture = file->addAction(tr("Attach &Capture Trace…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Attach Capture Trace"), dialogFolder(),
                                                          tr("PyTorch profiler traces (*.json *.json.gz *.gz);;All files (*)"));
        if (!path.isEmpty())
            attachCaptureTrace(path);
    });
    attachCapture->setToolTip(tr("Give a trace of CUDA/HIP graph replays the figures of the ops captured into its graphs"));
    m_detachCaptures = file->addAction(tr("Detach Capture &Traces"), this, &MainWindow::detachCaptureTraces);
    m_detachCaptures->setEnabled(false);
    file->addSeparator();
    QAction* compare = file->addAction(tr("Compare with &Baseline…"), this, &MainWindow::chooseBaseline);
    compare->setShortcut(QKeySequence(tr("Ctrl+B")));
    compare->setToolTip(tr("Read another trace as the baseline of this one: matched kernels, speedups, roofline arrows "
                           "(or drop it on the window with Shift held)"));
    m_leaveCompare = file->addAction(tr("&Leave Compare Mode"), this, &MainWindow::leaveCompareMode);
    m_leaveCompare->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    m_leaveCompare->setEnabled(false);
    file->addSeparator();
    QAction* exportTable = file->addAction(tr("&Export Kernel Table…"), this, &MainWindow::exportKernelTable);
    exportTable->setShortcut(QKeySequence(tr("Ctrl+E")));
    QAction* exportChart = file->addAction(tr("Export &Roofline…"), this, &MainWindow::exportRoofline);
    exportChart->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Copy Rows as TSV"), QKeySequence::Copy, m_table, &KernelTableView::copySelection);
    edit->addAction(tr("Copy Derivation as &Markdown"), QKeySequence(tr("Ctrl+Shift+C")), m_inspector, &FormulaInspector::copyMarkdown);
    edit->addAction(tr("&Find Kernel"), QKeySequence::Find, this, [this] {
        m_filterBar->textField()->setFocus();
        m_filterBar->textField()->selectAll();
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    createGpuMenu(view);
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
    QAction* cacheRoofs = view->addAction(tr("&Cache Roofs"));
    cacheRoofs->setCheckable(true);
    cacheRoofs->setToolTip(tr("The GPU's cache bandwidths (where published) as dotted memory roofs: a kernel above HBM but "
                              "below one probably ran from that cache"));
    connect(cacheRoofs, &QAction::toggled, m_roofline, &RooflineView::setCacheRoofsShown);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Ridgeline"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::connectViews()
{
    connect(m_cancel, &QPushButton::clicked, m_controller, &AnalysisController::cancel);
    connect(m_controller, &AnalysisController::started, this, [this](const QString& path) {
        setBusy(true);
        m_summary->showLoading(path);
        const QString cache = m_controller->currentOptions().read.inductorCache;
        if (!m_controller->readsFiles()) {
            const bool range = bool(m_controller->currentOptions().figures.gpuRange);
            statusBar()->showMessage(range ? tr("Analysing the range of %1…").arg(displayName(path))
                                           : tr("Analysing the whole of %1…").arg(displayName(path)));
            return;
        }
        statusBar()->showMessage(cache.isEmpty() ? tr("Reading %1…").arg(displayName(path))
                                                 : tr("Reading %1 with the Inductor cache %2…")
                                                       .arg(displayName(path), QFileInfo(cache).fileName()));
    });
    connect(m_controller, &AnalysisController::progress, this, [this](qint64 done, qint64 total) {
        m_progress->setValue(total > 0 ? int(100.0 * double(done) / double(total)) : 0);
    });
    connect(m_controller, &AnalysisController::finished, this, &MainWindow::showResult);
    connect(m_controller, &AnalysisController::failed, this, &MainWindow::showError);
    connect(m_controller, &AnalysisController::cancelled, this, [this](const QString& path) {
        setBusy(false);
        m_cacheNote.clear();
        if (m_result)
            m_summary->setResult(*m_result, currentGpu(), m_peaks, gpuWarnings());
        else
            m_summary->showPrompt();
        statusBar()->showMessage((m_controller->readsFiles() ? tr("Cancelled reading %1") : tr("Cancelled analysing %1"))
                                     .arg(displayName(path)),
                                 5000);
    });

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        m_roofline->setSelectedKernels(m_table->selectedKernelIndices());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::updateInspector);
    connect(m_proxy, &KernelFilterProxy::filterAboutToChange, this, [this] { m_rowBeforeFilter = m_inspectedRow; });
    connect(m_proxy, &KernelFilterProxy::filterChanged, this, &MainWindow::followTableFilter);
    connect(m_roofline, &RooflineView::kernelClicked, this, [this](int kernelIndex) {
        if (!m_table->selectKernel(kernelIndex))
            statusBar()->showMessage(tr("That kernel is hidden by the table's filter"), 4000);
    });
    connectTimeline();
}

void MainWindow::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (busy)
        m_progress->setValue(0);
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
    m_result = std::move(result);
    m_model->setResult(m_result);
    updateTableEmptyText();
    if (m_baseline)
        updateComparison(); // compare mode lasts across reloads and other traces
    m_filterBar->setSummary(summarize(*m_result));
    setWindowTitle(tr("%1 — Ridgeline").arg(displayName(m_result->tracePath)));
    const auto libraryOps = std::count_if(m_result->kernels.begin(), m_result->kernels.end(), [](const KernelRow& row) { return row.isLibraryOp(); });
    QString message = tr("Read %1 events, %2 unique Triton kernels, %3 library ops")
                          .arg(formatCount(m_result->events.count))
                          .arg(qsizetype(m_result->kernels.size()) - libraryOps)
                          .arg(libraryOps);
    if (!m_cacheNote.isEmpty())
        message += QStringLiteral("; ") + std::exchange(m_cacheNote, QString());
    statusBar()->showMessage(message);
    statusBar()->setToolTip(m_result->warnings.join(u'\n'));

    const auto shown = m_result;
    QTimer::singleShot(0, this, [this, shown] {
        if (m_result != shown) { // another trace arrived meanwhile
            holdPainting(false);
            return;
        }
        m_roofline->setResult(m_result);
        m_timeline->setResult(m_result);
        showTimelineOf(m_result);
        applyGpu(); // the trace may name another GPU
        QTimer::singleShot(5, this, [this, shown] { // a timer, as below
            if (m_result == shown) {
                if (m_proxy->rowCount() > 0)
                    m_table->selectRow(0);
                else
                    updateInspector();
                m_recent->add(m_result->tracePath);
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
    m_cacheNote.clear();
    if (m_result)
        m_summary->setResult(*m_result, currentGpu(), m_peaks, gpuWarnings());
    else
        m_summary->showPrompt();
    statusBar()->showMessage(error);
    QMessageBox::warning(this, tr("Cannot Read Trace"), error);
}

QStringList MainWindow::gpuWarnings() const
{
    if (!m_result)
        return {};
    const QString warning = m_catalog.unknownGpuWarning(m_result->traceGpuName, currentGpu());
    return warning.isEmpty() ? QStringList() : QStringList { warning };
}

std::shared_ptr<const Judgement> MainWindow::judgement() const
{
    Lens lens;
    lens.catalog = std::make_shared<const GpuCatalog>(m_catalog);
    lens.gpuChoice = m_gpuChoice;
    lens.peaks = m_peaks;
    lens.latencyFloorUs = m_model->latencyFloorOverride();
    lens.cacheRoofs = static_cast<const RooflineChart*>(m_roofline->chart())->cacheRoofsShown();
    return judge(m_result, lens, m_baseline);
}

const GpuSpec& MainWindow::currentGpu() const
{
    if (const GpuSpec* chosen = m_catalog.find(m_gpuChoice); chosen && !m_gpuChoice.isEmpty())
        return *chosen;
    if (m_result) {
        if (const GpuSpec* recorded = m_catalog.find(m_result->traceGpuName))
            return *recorded;
    }
    return m_catalog.defaultGpu();
}

void MainWindow::setGpuChoice(const QString& gpuName)
{
    m_gpuChoice = gpuName;
    applyGpu();
}

void MainWindow::setPeakSet(PeakSet peaks)
{
    m_peaks = peaks;
    applyGpu();
}

void MainWindow::applyGpu()
{
    const GpuSpec& gpu = currentGpu();
    for (QAction* action : m_gpuGroup->actions())
        action->setChecked(action->data().toString() == m_gpuChoice);
    for (QAction* action : m_peakGroup->actions()) {
        const PeakSet set = PeakSet(action->data().toInt());
        action->setChecked(set == m_peaks);
        action->setEnabled(gpu.has(set));
    }
    m_roofline->setGpu(gpu, m_peaks);
    m_model->setPeaks(gpu.peaks(m_peaks));
    if (m_baseline) {
        updateComparison(); // fractions of roof follow the peaks
        return;
    }
    if (m_result)
        m_summary->setResult(*m_result, gpu, m_peaks, gpuWarnings());
    updateInspector();
}

void MainWindow::updateTableEmptyText()
{
    if (!m_result) {
        m_table->setEmptyText(tr("Open a PyTorch profiler trace of a torch.compile run: File ▸ Open (Ctrl+O), or drop it "
                                 "here. File ▸ Open Sample Trace shows what Ridgeline tells."));
    } else if (m_result->kernels.empty() && (m_result->libraryKernels.empty() || !m_proxy->isCategoryVisible(categoryKey(KernelCategory::Library)))) {
        m_table->setEmptyText(tr("No Triton kernels in %1: no cpu_op or GPU kernel is named triton_*. Ridgeline analyses "
                                 "the kernels Inductor generates for a model compiled with torch.compile; the summary above "
                                 "shows what the GPU time went to.%2")
                                  .arg(QFileInfo(m_result->tracePath).fileName(),
                                       m_result->libraryKernels.empty()
                                           ? QString()
                                           : tr(" Its %1 library kernels are hidden: the Library kernels toggle above shows them.")
                                                 .arg(m_result->libraryKernels.size())));
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
    updateTimelineFilter();
    // A kernel filtered out of the table leaves the inspector: the row that
    // took its place was never chosen. By source row: library rows are no
    // roofline kernel, but they are inspected too.
    if (m_rowBeforeFilter >= 0 && !m_proxy->mapFromSource(m_model->index(m_rowBeforeFilter, 0)).isValid()) {
        m_table->selectionModel()->clear();
        m_inspectedRow = -1;
        m_inspector->setKernel(nullptr, currentGpu(), m_peaks, {});
    }
}

void MainWindow::updateInspector()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    const int sourceRow = current.isValid() ? m_proxy->mapToSource(current).row() : -1;
    m_inspectedRow = sourceRow;
    const TimeBudget* budget = m_model->timeBudget();
    m_inspector->setKernel(m_model->kernelAt(sourceRow), currentGpu(), m_peaks, comparisonPreface(sourceRow),
                           budget ? std::optional<LatencyFloor>(budget->latencyFloor) : std::nullopt);
}

void MainWindow::exportKernelTable()
{
    if (!m_result)
        return;
    const QString base = QFileInfo(m_result->tracePath).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Kernel Table"),
                                                      QDir(dialogFolder()).filePath(base + QStringLiteral(".kernels.csv")),
                                                      tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!writeExport(path, *judgement(), &error))
        QMessageBox::warning(this, tr("Export Failed"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void MainWindow::exportRoofline()
{
    if (!m_result)
        return;
    QSettings settings;
    RooflineExportOptions defaults;
    defaults.path = QDir(dialogFolder())
                        .filePath(QFileInfo(m_result->tracePath).completeBaseName() + QStringLiteral(".roofline.png"));
    defaults.size = settings.value(SettingsKeys::exportSize(), defaults.size).toSize();
    defaults.scale = settings.value(SettingsKeys::exportScale(), defaults.scale).toDouble();
    defaults.frame = m_roofline->frame();
    RooflineExportDialog dialog(defaults, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const RooflineExportOptions options = dialog.options();
    settings.setValue(SettingsKeys::exportSize(), options.size);
    settings.setValue(SettingsKeys::exportScale(), options.scale);
    QString error;
    if (!Ridgeline::exportRoofline(*judgement(), options, &error))
        QMessageBox::warning(this, tr("Export Failed"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(options.path), 5000);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Ridgeline"),
                       tr("<h3>Ridgeline %1</h3><p>How much work each Triton kernel of a torch.compile trace did, "
                          "and how close it came to the GPU's limits.</p>"
                          "<p>Qt %2 (built with %3)<br>KArchive %4<br>simdjson %5</p>"
                          "<p>Figures follow the TraceLens Triton performance model; GPU peaks name their sources.</p>")
                           .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()),
                                QStringLiteral(QT_VERSION_STR), karchiveVersion(), simdjsonVersion()));
}

// ---- settings ----------------------------------------------------------------

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_session.setRememberedCaches(settings.value(SettingsKeys::attachedCaches()).toStringList());
    m_session.setRememberedCaptures(settings.value(SettingsKeys::attachedCaptures()).toStringList());
    m_gpuChoice = settings.value(SettingsKeys::gpu()).toString();
    m_peaks = settings.value(SettingsKeys::peakSet()).toString() == peakSetKey(PeakSet::MaxAchievable) ? PeakSet::MaxAchievable
                                                                                                       : PeakSet::Datasheet;
    const auto frame = settings.value(SettingsKeys::frame()).toString() == u"gpu" ? RooflineView::Frame::GpuRoofs
                                                                                  : RooflineView::Frame::FitToData;
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
    settings.setValue(SettingsKeys::gpu(), m_gpuChoice);
    settings.setValue(SettingsKeys::peakSet(), peakSetKey(m_peaks));
    m_recent->save();
    settings.setValue(SettingsKeys::attachedCaches(), m_session.rememberedCaches());
    settings.setValue(SettingsKeys::attachedCaptures(), m_session.rememberedCaptures());
    settings.setValue(SettingsKeys::frame(), m_roofline->frame() == RooflineView::Frame::GpuRoofs ? QStringLiteral("gpu") : QStringLiteral("fit"));
    settings.setValue(SettingsKeys::timeBudgetExpanded(), m_budgetPanel->isExpanded());
    if (m_result && !m_result->tracePath.startsWith(u':'))
        settings.setValue(SettingsKeys::lastDirectory(), QFileInfo(m_result->tracePath).absolutePath());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    m_controller->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace Ridgeline
