#include "analysiscontroller.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace Ridgeline {

AnalysisController::AnalysisController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const AnalysisResult>>();
}

AnalysisController::~AnalysisController()
{
    m_stop.request_stop();
}

void AnalysisController::cancel()
{
    m_stop.request_stop();
}

void AnalysisController::open(const QString& path, const AnalysisOptions& options)
{
    // The previous job sees its stop token and ends; its result, if any,
    // carries an old generation and is dropped.
    m_stop.request_stop();
    m_stop = std::stop_source();
    const quint64 generation = ++m_generation;
    m_path = path;
    m_options = options;
    m_running = true;
    Q_EMIT started(path);

    JobControl control;
    control.stop = m_stop.get_token();
    QPointer<AnalysisController> self(this);
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    auto lastReport = std::make_shared<std::atomic<qint64>>(-1000);
    control.progress = [self, generation, timer, lastReport](qint64 done, qint64 total) {
        const qint64 now = timer->elapsed();
        if (done < total && now - lastReport->load() < 50)
            return;
        lastReport->store(now);
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, done, total] {
                if (self && self->m_generation == generation)
                    Q_EMIT self->progress(done, total);
            },
            Qt::QueuedConnection);
    };

    auto* watcher = new QFutureWatcher<AnalysisOutcome>(this);
    connect(watcher, &QFutureWatcher<AnalysisOutcome>::finished, this, [this, watcher, generation] {
        onJobFinished(generation, watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([path, options, control] { return analyzeTrace(path, options, control); }));
}

void AnalysisController::onJobFinished(quint64 generation, const AnalysisOutcome& outcome)
{
    if (generation != m_generation)
        return; // a newer open() superseded this job
    m_running = false;
    switch (outcome.status) {
    case AnalysisOutcome::Status::Ok: Q_EMIT finished(outcome.result); break;
    case AnalysisOutcome::Status::Failed: Q_EMIT failed(outcome.error); break;
    case AnalysisOutcome::Status::Cancelled: Q_EMIT cancelled(m_path); break;
    }
}

} // namespace Ridgeline
