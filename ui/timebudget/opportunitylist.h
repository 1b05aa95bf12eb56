// Folder timebudget/: the "Where the time goes" panel.
// The top opportunities of a time budget, one clickable line each: the time
// at stake, its share of GPU time, the kernel (or group) and the kind of fix
// it needs; the full why in its tool tip.
#pragma once

#include "engine/timebudget/timebudget.h"

#include <QTreeWidget>

namespace Ridgeline {

class OpportunityList final : public QTreeWidget
{
    Q_OBJECT
public:
    enum Column
    {
        AtStake,
        Share,
        What,
        Fix,
        ColumnCount
    };

    explicit OpportunityList(QWidget* parent = nullptr);

    // The first `shown` opportunities of `budget` (null clears the list).
    void setBudget(const AnalysisResult* result, const TimeBudget* budget, int shown = 6);
    // Opportunities shown, in rank order (a copy: the budget may change).
    const std::vector<Opportunity>& opportunities() const { return m_opportunities; }
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

Q_SIGNALS:
    // A line was clicked or activated: its index into opportunities().
    void opportunityActivated(int index);

private:
    std::vector<Opportunity> m_opportunities;
};

} // namespace Ridgeline
