// File > Export Kernel Table… and Export Roofline…: a file dialog, then
// what the shown analysis's judgement says, written as the command line
// writes it (the same t0, peaks, GPU warnings, cache roofs and arrows).
#pragma once

#include "export/rooflineexport.h"

#include <QObject>

class QMainWindow;
class QMenu;

namespace Ridgeline {

class RooflineView;
class ShownAnalysis;
class TraceInputs;

class WindowExports final : public QObject
{
    Q_OBJECT
public:
    WindowExports(const ShownAnalysis* shown, const RooflineView* roofline, const TraceInputs* inputs, QMainWindow* window);

    void addActions(QMenu* file);
    void exportKernelTable(); // asks where
    void exportRoofline(); // asks where, at what size
    // The roofline image of what is shown: the options' file, size, scale
    // and frame, with the lens's t0 and cache roofs and the comparison's
    // arrows. False with *error when nothing is shown or it cannot be written.
    bool writeRooflineImage(const RooflineExportOptions& chosen, QString* error) const;

private:
    const ShownAnalysis* m_shown;
    const RooflineView* m_roofline;
    const TraceInputs* m_inputs;
    QMainWindow* m_window;
};

} // namespace Ridgeline
