#include "analysiscontroller.h"

#include "engine/preparedtrace.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#if defined(Q_OS_LINUX)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace Ridgeline {
namespace {

// The analysis runs on two threads (the reader inflates and scans on one of
// its own); on a two-core laptop they would leave the window's thread
// waiting for a core. Below the window's priority they yield to it. The
// reader's thread inherits this one's. (Raising a nice value needs no
// privilege, lowering it does: the pool thread keeps it, and only ever
// runs analyses.)
void lowerThisThreadsPriority()
{
#if defined(Q_OS_LINUX)
    constexpr int backgroundNice = 10;
    const auto thread = id_t(::syscall(SYS_gettid));
    if (::getpriority(PRIO_PROCESS, thread) < backgroundNice)
        ::setpriority(PRIO_PROCESS, thread, backgroundNice);
#endif
}

} // namespace

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
    start(path, options, true, [path, options](const JobControl& control) { return analyzeTrace(path, options, control); });
}

void AnalysisController::analyzeRange(std::shared_ptr<const PreparedTrace> prepared, std::optional<TimeRangeUs> range)
{
    // The options it was read with, for whoever asks (the baseline's cache
    // search, a fallback that reads it again); only the range is new.
    AnalysisOptions options { prepared->readOptions, {} };
    options.figures.gpuRange = range;
    options.figures.keepPreparedTrace = true;
    const QString path = prepared->path;
    start(path, options, false, [prepared = std::move(prepared), figures = options.figures](const JobControl& control) {
        return analyzePreparedTrace(prepared, figures, control);
    });
}

void AnalysisController::start(
    const QString& path, const AnalysisOptions& options, bool readsFiles, std::function<AnalysisOutcome(const JobControl&)> job)
{
    // The previous job sees its stop token and ends; its result, if any,
    // carries an old generation and is dropped.
    m_stop.request_stop();
    m_stop = std::stop_source();
    const quint64 generation = ++m_generation;
    m_path = path;
    m_options = options;
    m_readsFiles = readsFiles;
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
    watcher->setFuture(QtConcurrent::run([job = std::move(job), control] {
        lowerThisThreadsPriority();
        return job(control);
    }));
}

void AnalysisController::onJobFinished(quint64 generation, const AnalysisOutcome& outcome)
{
    if (generation != m_generation)
        return; // a newer open() superseded this job
    m_running = false;
    switch (outcome.status) {
    case AnalysisOutcome::Status::Ok:
        Q_EMIT finished(outcome.result);
        break;
    case AnalysisOutcome::Status::Failed:
        Q_EMIT failed(outcome.error);
        break;
    case AnalysisOutcome::Status::Cancelled:
        Q_EMIT cancelled(m_path);
        break;
    }
}

} // namespace Ridgeline
