// The timeline tab linked with the rest of the window: a clicked box
// selects its row, the current row's calls are outlined, the table's filter
// dims what it hides, the boxes are coloured by the judgement's time budget
// (the baseline's lane by the baseline's), and the range filter: Shift-drag
// or a step picked on the timeline analyses that range alone, said by a
// "range: ... clear" indicator beside the tabs.
#pragma once

#include "engine/lens/judgement.h"

#include <QObject>
#include <optional>
#include <utility>

class QLabel;
class QMainWindow;
class QTabWidget;

namespace Ridgeline {

class AnalysisController;
class KernelFilterProxy;
class KernelTableView;
class TimelineView;
class TraceInputs;

class TimelineLink final : public QObject
{
    Q_OBJECT
public:
    TimelineLink(TimelineView* timeline, QTabWidget* tabs, KernelTableView* table, KernelFilterProxy* proxy, AnalysisController* controller,
        TraceInputs* inputs, QMainWindow* window);

    // After the judgement changed: the result (when another), the colours,
    // the baseline's lane and the range indicator.
    void show(const std::shared_ptr<const Judgement>& judgement);
    void followTableFilter(); // the table's filter dims the timeline's boxes
    // Analyses the range alone (nullopt: the whole trace again).
    void filterToRange(std::optional<std::pair<double, double>> rangeUs);

private:
    void showRange(const AnalysisResult* result);

    TimelineView* m_timeline;
    QTabWidget* m_tabs;
    KernelTableView* m_table;
    KernelFilterProxy* m_proxy;
    AnalysisController* m_controller;
    TraceInputs* m_inputs;
    QMainWindow* m_window;
    QLabel* m_rangeIndicator;
    std::shared_ptr<const Judgement> m_judgement;
};

} // namespace Ridgeline
