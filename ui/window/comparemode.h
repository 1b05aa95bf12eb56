// Compare mode: a second trace read as the baseline of the open one. The
// comparison itself is the judgement's (ShownAnalysis); this class reads
// the baseline, shows or hides the table's comparison columns and says in
// the status bar what it found. A range picked on the open trace goes to
// the baseline as the same offsets from its own first GPU event, as
// `--range` with `--baseline` does on the command line.
#pragma once

#include "engine/analysis.h"

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

class QAction;
class QMainWindow;
class QMenu;

namespace Ridgeline {

class AnalysisController;
class KernelFilterBar;
class KernelTableView;
class ShownAnalysis;
class TraceInputs;

class CompareMode final : public QObject
{
    Q_OBJECT
public:
    CompareMode(ShownAnalysis* shown, AnalysisController* traceController, TraceInputs* inputs, QMainWindow* window);

    // The table and filter bar whose comparison columns and toggle follow.
    void setTable(KernelTableView* table, KernelFilterBar* filterBar);
    // Compare with Baseline… and Leave Compare Mode.
    void addActions(QMenu* file);

    void chooseBaseline();
    // Reads `path` as the baseline of the open trace.
    void compareWithBaseline(const QString& path);
    void leaveCompareMode();
    // After the judgement changed: the comparison columns shown or hidden.
    void followComparison();

private:
    // The baseline analysed again when the open trace's range is not its own.
    void followRange();
    void analyseBaseline(const QString& path, std::shared_ptr<const PreparedTrace> prepared, std::optional<TimeRangeUs> range);

    ShownAnalysis* m_shown;
    AnalysisController* m_traceController;
    AnalysisController* m_baselineController;
    TraceInputs* m_inputs;
    QMainWindow* m_window;
    KernelTableView* m_table = nullptr;
    KernelFilterBar* m_filterBar = nullptr;
    QAction* m_leave = nullptr;
    bool m_comparing = false;
    // The range the baseline's running analysis is of (nullopt: the whole trace).
    std::optional<std::pair<double, double>> m_baselineRangeUs;
};

} // namespace Ridgeline
