// Runs one analysis at a time on a worker thread (QtConcurrent) and hands
// the GUI immutable snapshots. Opening a trace while another loads cancels
// the first; a generation number drops results that arrive late.
#pragma once

#include "engine/analysis.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>

namespace Ridgeline {

class AnalysisController final : public QObject
{
    Q_OBJECT
public:
    explicit AnalysisController(QObject* parent = nullptr);
    ~AnalysisController() override;

    void open(const QString& path, const AnalysisOptions& options = {});
    // Analyses `range` of a prepared trace (AnalysisResult::prepared), or
    // all of it when nullopt, on the worker thread as open() does (progress,
    // cancel, the same signals) but reading no file. The options become
    // those it was read with, with `range`.
    void analyzeRange(std::shared_ptr<const PreparedTrace> prepared, std::optional<TimeRangeUs> range);
    void cancel();
    bool isRunning() const { return m_running; }
    // The trace of the running or last started analysis, and its options.
    QString currentPath() const { return m_path; }
    const AnalysisOptions& currentOptions() const { return m_options; }
    // Whether the running or last started analysis reads its files (open),
    // not a prepared trace again (analyzeRange).
    bool readsFiles() const { return m_readsFiles; }

Q_SIGNALS:
    void started(const QString& path);
    // Throttled: a few times per second at most.
    void progress(qint64 done, qint64 total);
    void finished(std::shared_ptr<const Ridgeline::AnalysisResult> result);
    void failed(const QString& error);
    void cancelled(const QString& path);

private:
    // Runs `job` on the worker thread in place of the current one.
    void start(const QString& path, const AnalysisOptions& options, bool readsFiles, std::function<AnalysisOutcome(const JobControl&)> job);
    void onJobFinished(quint64 generation, const AnalysisOutcome& outcome);

    quint64 m_generation = 0;
    std::stop_source m_stop;
    QString m_path;
    AnalysisOptions m_options;
    bool m_running = false;
    bool m_readsFiles = true;
};

} // namespace Ridgeline
