// Sessions in the window: File > Open Session… and Save Session (As)…
// (`.ridgeline` files, engine/session/sessionfile.h). Saving takes the
// window's state (trace, captures, Inductor cache, baseline, range, the
// table's filter and current kernel, the lens and the user's GPUs);
// opening restores it in the order the window can take it: the user's
// GPUs and the lens first, then the trace with its captures and cache,
// once it is shown the range, then the baseline (read over the same
// range), and last the filter and the current kernel. A file that is no
// usable session is refused with its path and the reason, and changes nothing.
#pragma once

#include "engine/session/session.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class QMainWindow;
class QMenu;
class QModelIndex;

namespace Ridgeline {

class AnalysisController;
struct AnalysisResult;
class CompareMode;
class KernelFilterBar;
class KernelTableView;
class LensMenus;
class ShownAnalysis;
class TimelineLink;
class TraceInputs;

class SessionActions final : public QObject
{
    Q_OBJECT
public:
    // The window parts a session is read from and restored into.
    struct Parts
    {
        AnalysisController* controller;
        ShownAnalysis* shown;
        TraceInputs* inputs;
        CompareMode* compare;
        TimelineLink* timeline;
        LensMenus* lens;
        KernelFilterBar* filterBar;
        KernelTableView* table;
    };
    SessionActions(const Parts& parts, QMainWindow* window);

    void addActions(QMenu* file);
    // What Save Session writes: nullopt while no trace is open.
    std::optional<Session> current() const;
    // Writes current() to `path`; false (said in the status bar and a
    // message box, kept in lastError) when no trace is open or it cannot.
    bool save(const QString& path);
    // Reads `path` and starts restoring it; false, refused as save is, when
    // it is no session this version can use. restored() says when it is shown.
    bool open(const QString& path);
    bool isRestoring() const { return m_pending.has_value(); }
    QString lastError() const { return m_lastError; }
    QString sessionPath() const { return m_path; } // the session last saved or opened

Q_SIGNALS:
    void restored();

private:
    enum class Step
    {
        Trace,
        Range,
        Baseline
    };
    void chooseAndOpen();
    void chooseAndSave(bool ask);
    void refuse(const QString& title, const QString& error);
    void applyLens(const Session& session);
    void advance(); // after the shown analysis changed: the next step, once the last one shows
    void finish();
    QString kernelNameAt(const QModelIndex& index) const;
    void selectKernel(const QString& name);

    Parts m_parts;
    QMainWindow* m_window;
    std::optional<Session> m_pending;
    std::shared_ptr<const AnalysisResult> m_before; // shown when the session was opened: not its trace's result
    Step m_step = Step::Trace;
    bool m_advancing = false;
    QStringList m_warnings;
    QString m_lastError;
    QString m_path;
};

} // namespace Ridgeline
