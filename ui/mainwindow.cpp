#include "mainwindow.h"

#include "analysiscontroller.h"
#include "kerneltablemodel.h"
#include "units.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace Ridgeline {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_controller(new AnalysisController(this))
    , m_model(new KernelTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_filter(new QLineEdit)
    , m_summary(new QLabel)
    , m_progress(new QProgressBar)
    , m_cancel(new QPushButton(tr("Cancel")))
{
    setWindowTitle(tr("Ridgeline"));
    setAcceptDrops(true);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(KernelTableModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(KernelTableModel::TimeSum, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setWordWrap(false);

    m_filter->setPlaceholderText(tr("Filter kernels and ops…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Open a PyTorch profiler trace (File ▸ Open, or drop it here)."));
    m_summary->setWordWrap(true);

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(m_summary);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);
    setCentralWidget(central);

    m_progress->setRange(0, 100);
    m_progress->setTextVisible(true);
    m_progress->setMaximumWidth(240);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    setBusy(false);

    connect(m_cancel, &QPushButton::clicked, m_controller, &AnalysisController::cancel);
    connect(m_controller, &AnalysisController::started, this, [this](const QString& path) {
        setBusy(true);
        statusBar()->showMessage(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    });
    connect(m_controller, &AnalysisController::progress, this, [this](qint64 done, qint64 total) {
        m_progress->setValue(total > 0 ? int(100.0 * double(done) / double(total)) : 0);
    });
    connect(m_controller, &AnalysisController::finished, this, &MainWindow::showResult);
    connect(m_controller, &AnalysisController::failed, this, &MainWindow::showError);
    connect(m_controller, &AnalysisController::cancelled, this, [this](const QString& path) {
        setBusy(false);
        statusBar()->showMessage(tr("Cancelled reading %1").arg(path), 5000);
    });

    createActions();
    resize(1400, 800);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Trace…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Trace"), {},
                                                          tr("PyTorch profiler traces (*.json *.json.gz *.gz *.bz2 *.xz *.zst);;All files (*)"));
        if (!path.isEmpty())
            openTrace(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Sample Trace"), this, [this] {
        openTrace(QStringLiteral(":/ridgeline/samples/transformer_block_mi300x.json.gz"));
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::openTrace(const QString& path)
{
    m_controller->open(path);
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
    setBusy(false);
    m_model->setResult(std::move(result));
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(KernelTableModel::Kernel, std::min(m_table->columnWidth(KernelTableModel::Kernel), 420));
    m_table->setColumnWidth(KernelTableModel::FusedOps, std::min(m_table->columnWidth(KernelTableModel::FusedOps), 260));
    updateSummary();
    const AnalysisResult* r = m_model->result();
    setWindowTitle(tr("%1 — Ridgeline").arg(QFileInfo(r->tracePath).fileName()));
    statusBar()->showMessage(r->warnings.isEmpty() ? tr("Read %1 events").arg(formatCount(r->eventCount))
                                                   : r->warnings.front());
}

void MainWindow::showError(const QString& error)
{
    setBusy(false);
    statusBar()->showMessage(error);
    QMessageBox::warning(this, tr("Cannot read trace"), error);
}

void MainWindow::updateSummary()
{
    const AnalysisResult* r = m_model->result();
    if (!r)
        return;
    int v2 = 0, none = 0;
    for (const KernelRow& row : r->kernels)
        (row.provenance() == Provenance::None ? none : v2)++;
    const QString gpu = r->traceGpuName.isEmpty() ? tr("not recorded") : r->traceGpuName;
    const double share = r->totalGpuKernelTimeUs > 0 ? r->tritonKernelTimeUs / r->totalGpuKernelTimeUs : 0;
    m_summary->setText(tr("<b>%1</b> &nbsp;·&nbsp; GPU: %2 &nbsp;·&nbsp; GPU kernel time %3, Triton %4 (%5) "
                          "&nbsp;·&nbsp; %6 unique Triton kernels: %7 modelled, %8 without model")
                           .arg(QFileInfo(r->tracePath).fileName().toHtmlEscaped(), gpu.toHtmlEscaped(),
                                formatTimeUs(r->totalGpuKernelTimeUs), formatTimeUs(r->tritonKernelTimeUs),
                                formatPercent(share))
                           .arg(r->kernels.size())
                           .arg(v2)
                           .arg(none));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().size() == 1 && event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = event->mimeData()->urls().front().toLocalFile();
    event->acceptProposedAction();
    openTrace(path);
}

} // namespace Ridgeline
