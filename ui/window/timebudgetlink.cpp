#include "window/timebudgetlink.h"

#include "itemmodels/filtertotals.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "shownanalysis.h"
#include "table/kerneltableview.h"
#include "timebudget/opportunitylist.h"
#include "timebudget/timebudgetpanel.h"

#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>

namespace Ridgeline {

TimeBudgetLink::TimeBudgetLink(TimeBudgetPanel* panel, QLabel* filterTotals, ShownAnalysis* shown, KernelTableModel* model,
    KernelFilterProxy* proxy, KernelTableView* table, QMainWindow* window)
    : QObject(window)
    , m_panel(panel)
    , m_filterTotals(filterTotals)
    , m_shown(shown)
    , m_model(model)
    , m_proxy(proxy)
    , m_table(table)
    , m_window(window)
{
    m_filterTotals->setObjectName(QStringLiteral("filterTotals"));
    m_filterTotals->setContentsMargins(2, 1, 2, 1);
    m_filterTotals->setToolTip(
        tr("The rows the filter leaves in view and their GPU time, against the trace's whole GPU time (kernels and copies)"));
    connect(m_model, &KernelTableModel::timeBudgetChanged, this, &TimeBudgetLink::showBudget);
    connect(m_proxy, &KernelFilterProxy::filterChanged, this, &TimeBudgetLink::updateFilterTotals);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &TimeBudgetLink::updateFilterTotals);
    connect(m_panel, &TimeBudgetPanel::opportunityActivated, this, &TimeBudgetLink::selectOpportunity);
    // The panel's t0 is the lens's: set here, said back to the panel with the budget (showBudget).
    connect(m_panel, &TimeBudgetPanel::latencyFloorOverrideChanged, m_shown, &ShownAnalysis::setLatencyFloor);
}

void TimeBudgetLink::showBudget()
{
    m_panel->setBudget(m_model->result(), m_model->timeBudget());
    updateFilterTotals();
}

void TimeBudgetLink::updateFilterTotals()
{
    m_filterTotals->setText(m_model->result() ? filterTotals(*m_proxy, *m_model).text() : QString());
}

void TimeBudgetLink::selectOpportunity(int index)
{
    const std::vector<Opportunity>& items = m_panel->opportunityList()->opportunities();
    if (index < 0 || size_t(index) >= items.size())
        return;
    const Opportunity item = items[size_t(index)]; // a copy: selecting may refresh the list
    if (item.kind == Opportunity::Kind::Idle) {
        // No row holds idle time: the line explains itself.
        m_window->statusBar()->showMessage(item.why, 15000);
        return;
    }
    const QList<int> rows(item.rowIndices.begin(), item.rowIndices.end());
    const QList<int> libraryKernels(item.libraryIndices.begin(), item.libraryIndices.end());
    const int shown = m_table->selectKernels(rows, libraryKernels);
    const qsizetype wanted = rows.size() + libraryKernels.size();
    if (shown < wanted)
        m_window->statusBar()->showMessage(
            tr("%1 of its %2 kernels are hidden by the table's filter").arg(wanted - shown).arg(wanted), 6000);
    else
        m_window->statusBar()->showMessage(item.why, 15000);
}

} // namespace Ridgeline
