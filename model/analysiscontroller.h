// Runs one analysis at a time on a worker thread (QtConcurrent) and hands
// the GUI immutable snapshots. Opening a trace while another loads cancels
// the first; a generation number drops results that arrive late.
#pragma once

#include "analysis.h"

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

    void open(const QString& path);
    void cancel();
    bool isRunning() const { return m_running; }
    QString currentPath() const { return m_path; }

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
    bool m_running = false;
};

} // namespace Ridgeline
