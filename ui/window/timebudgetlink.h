// The "Where the time goes" panel and the table's filter totals, linked
// with the window: the panel shows the judgement's time budget (the table
// model's, so that table, panel and inspector tell the same figures), its
// t0 field sets the lens's latency floor, and an opportunity picked in it
// selects its rows.
#pragma once

#include <QObject>

class QLabel;
class QMainWindow;

namespace Ridgeline {

class KernelFilterProxy;
class KernelTableModel;
class KernelTableView;
class ShownAnalysis;
class TimeBudgetPanel;

class TimeBudgetLink final : public QObject
{
    Q_OBJECT
public:
    TimeBudgetLink(TimeBudgetPanel* panel, QLabel* filterTotals, ShownAnalysis* shown, KernelTableModel* model, KernelFilterProxy* proxy,
        KernelTableView* table, QMainWindow* window);

private:
    void showBudget();
    void updateFilterTotals();
    void selectOpportunity(int index);

    TimeBudgetPanel* m_panel;
    QLabel* m_filterTotals;
    ShownAnalysis* m_shown;
    KernelTableModel* m_model;
    KernelFilterProxy* m_proxy;
    KernelTableView* m_table;
    QMainWindow* m_window;
};

} // namespace Ridgeline
