// Traces, Inductor caches and capture traces arriving by the File menu, a
// file dialog or a drop, and the analysis each one starts. Which cache goes
// with which trace is TraceSession's rule; this class only asks it.
#pragma once

#include "tracesession.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QDragEnterEvent;
class QDropEvent;
class QLabel;
class QMainWindow;
class QMenu;

namespace Ridgeline {

class AnalysisController;
struct DroppedInputs;
class ShownAnalysis;

class TraceInputs final : public QObject
{
    Q_OBJECT
public:
    TraceInputs(AnalysisController* controller, const ShownAnalysis* shown, QMainWindow* window);

    // Open, Open Recent's place, Sample, Reload, the caches and the captures.
    void addOpenActions(QMenu* file);
    void addAttachActions(QMenu* file);

    void openTrace(const QString& path);
    void openTrace(const QString& path, const QString& inductorCache, const QStringList& captures = {});
    void attachCaptureTrace(const QString& path);
    void detachCaptureTraces();
    void attachInductorCache(const QString& path);
    void detachInductorCache();
    void reload();
    TraceSession& session() { return m_session; }
    const TraceSession& session() const { return m_session; }

    // The trace being read or shown; empty when none (or it failed to load).
    QString currentTracePath() const;
    // Where file dialogs start: the open trace's folder, else the last one.
    QString dialogFolder() const;
    // What opening the trace did to the cache (or why it was read again),
    // said once it is shown.
    void setNote(const QString& note) { m_note = note; }
    QString takeNote();

    // Drag and drop onto the window, with an overlay saying what a drop does.
    void dragEnter(QDragEnterEvent* event);
    void dragLeave();
    void drop(QDropEvent* event);
    void followResize(); // the overlay covers the central widget

    // "trace.json.gz", or "name (bundled sample)" for the built-in one.
    static QString displayName(const QString& path);

Q_SIGNALS:
    // An input that is not what it was opened as (a cache opened as a trace).
    void refused(const QString& error);
    // A trace dropped with Shift held: the baseline of the open one.
    void baselineDropped(const QString& path);
    // A session file (.ridgeline) dropped alone: SessionActions opens it.
    void sessionDropped(const QString& path);

private:
    void start(const TraceSession::Start& start);
    bool hasGraphReplays() const; // the open trace launches CUDA/HIP graphs
    QString dropDescription(const DroppedInputs& dropped) const;
    static bool isSessionDrop(const QStringList& paths);
    void chooseInductorCache(bool archive);
    void showStatus(const QString& message, int timeoutMs = 0) const;

    AnalysisController* m_controller;
    const ShownAnalysis* m_shown;
    QMainWindow* m_window;
    QLabel* m_dropOverlay;
    QAction* m_detachCache = nullptr;
    QAction* m_detachCaptures = nullptr;
    QAction* m_reload = nullptr;
    TraceSession m_session;
    QString m_note;
};

} // namespace Ridgeline
