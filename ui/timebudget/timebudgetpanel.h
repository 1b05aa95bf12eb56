// Folder timebudget/: the "Where the time goes" panel.
// The panel above the kernel table that answers "what do I fix first?": the
// GPU's span as a bar (busy by kind of work, idle), the Triton time split
// into what tuning could win and what latency-bound launches cost, the top
// opportunities (a click selects their rows) and the latency floor t0 with
// where it came from and a field to override it.
#pragma once

#include "engine/timebudget/timebudget.h"

#include <QWidget>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QToolButton;

namespace Ridgeline {

class OpportunityList;
class TimeBudgetBar;

class TimeBudgetPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit TimeBudgetPanel(QWidget* parent = nullptr);

    // Null result or budget: nothing to say yet. Both are read, not kept.
    void setBudget(const AnalysisResult* result, const TimeBudget* budget);
    // The field's value; nullopt while it shows the trace's own floor.
    std::optional<double> latencyFloorOverride() const;

    // Details (figures and opportunities) shown; the bar and t0 always are.
    bool isExpanded() const;
    void setExpanded(bool expanded);

    TimeBudgetBar* bar() const { return m_bar; }
    OpportunityList* opportunityList() const { return m_list; }
    QLabel* figuresLabel() const { return m_figures; }
    QDoubleSpinBox* latencyFloorField() const { return m_floor; }

Q_SIGNALS:
    // An opportunity's line was clicked: its index into opportunityList()->opportunities().
    void opportunityActivated(int index);
    // The user set t0 (nullopt: back to the trace's own).
    void latencyFloorOverrideChanged(std::optional<double> us);

private:
    QToolButton* m_toggle;
    TimeBudgetBar* m_bar;
    QDoubleSpinBox* m_floor;
    QLabel* m_figures;
    OpportunityList* m_list;
};

} // namespace Ridgeline
