// Runs one analysis at a time on a worker thread (QtConcurrent) and hands
// the GUI immutable snapshots. Opening a trace while another loads cancels
// the first; a generation number drops results that arrive late.
#pragma once

#include "engine/analysis.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <stop_token>

namespace Ridgeline {

class AnalysisController final : public QObject
{
    Q_OBJECT
public:
    explicit AnalysisController(QObject* parent = nullptr);
    ~AnalysisController() override;

    void open(const QString& path, const AnalysisOptions& options = {});
    void cancel();
    bool isRunning() const { return m_running; }
    // The trace of the running or last started analysis, and its options.
    QString currentPath() const { return m_path; }
    const AnalysisOptions& currentOptions() const { return m_options; }

Q_SIGNALS:
    void started(const QString& path);
    // Throttled: a few times per second at most.
    void progress(qint64 done, qint64 total);
    void finished(std::shared_ptr<const Ridgeline::AnalysisResult> result);
    void failed(const QString& error);
    void cancelled(const QString& path);

private:
    void onJobFinished(quint64 generation, const AnalysisOutcome& outcome);

    quint64 m_generation = 0;
    std::stop_source m_stop;
    QString m_path;
    AnalysisOptions m_options;
    bool m_running = false;
};

} // namespace Ridgeline
