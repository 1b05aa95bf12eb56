// MainWindow's time budget: the "Where the time goes" panel, the table's
// filter totals and the latency floor t0. The budget itself is the table
// model's (evaluated there whenever the result, the peaks or t0 change), so
// the table, the panel and the inspector always tell the same figures.
#include "mainwindow.h"

#include "itemmodels/filtertotals.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "table/kerneltableview.h"
#include "timebudget/opportunitylist.h"
#include "timebudget/timebudgetpanel.h"

#include <QLabel>
#include <QStatusBar>

namespace Ridgeline {

void MainWindow::connectTimeBudget()
{
    m_filterTotals->setObjectName(QStringLiteral("filterTotals"));
    m_filterTotals->setContentsMargins(2, 1, 2, 1);
    m_filterTotals->setToolTip(tr("The rows the filter leaves in view and their GPU time, against the trace's whole GPU time (kernels and copies)"));
    connect(m_model, &KernelTableModel::timeBudgetChanged, this, &MainWindow::updateTimeBudget);
    connect(m_proxy, &KernelFilterProxy::filterChanged, this, &MainWindow::updateFilterTotals);
    connect(m_proxy, &KernelFilterProxy::filterChanged, this, &MainWindow::updateTableEmptyText);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &MainWindow::updateFilterTotals);
    connect(m_budgetPanel, &TimeBudgetPanel::opportunityActivated, this, &MainWindow::selectOpportunity);
    connect(m_budgetPanel, &TimeBudgetPanel::latencyFloorOverrideChanged, this, &MainWindow::setLatencyFloorOverride);
}

void MainWindow::setLatencyFloorOverride(std::optional<double> us)
{
    if (m_budgetPanel->latencyFloorOverride() != us)
        m_budgetPanel->setLatencyFloorOverride(us); // says it back here: the model is set below once
    if (m_model->latencyFloorOverride() == us)
        return;
    m_model->setLatencyFloor(us);
    if (m_baseline)
        updateComparison(); // the recoverable time of both traces (and the inspector)
    else
        updateInspector(); // its attainable-time section
}

void MainWindow::updateTimeBudget()
{
    m_budgetPanel->setBudget(m_model->result(), m_model->timeBudget());
    updateFilterTotals();
}

void MainWindow::updateFilterTotals()
{
    m_filterTotals->setText(m_model->result() ? filterTotals(*m_proxy, *m_model).text() : QString());
}

void MainWindow::selectOpportunity(int index)
{
    const std::vector<Opportunity>& items = m_budgetPanel->opportunityList()->opportunities();
    if (index < 0 || size_t(index) >= items.size())
        return;
    const Opportunity item = items[size_t(index)]; // a copy: selecting may refresh the list
    if (item.kind == Opportunity::Kind::Idle) {
        // No row holds idle time: the line explains itself.
        statusBar()->showMessage(item.why, 15000);
        return;
    }
    const QList<int> kernels(item.kernelIndices.begin(), item.kernelIndices.end());
    const QList<int> libraryKernels(item.libraryIndices.begin(), item.libraryIndices.end());
    const int shown = m_table->selectKernels(kernels, libraryKernels);
    const qsizetype wanted = kernels.size() + libraryKernels.size();
    if (shown < wanted)
        statusBar()->showMessage(tr("%1 of its %2 kernels are hidden by the table's filter").arg(wanted - shown).arg(wanted), 6000);
    else
        statusBar()->showMessage(item.why, 15000);
}

} // namespace Ridgeline
