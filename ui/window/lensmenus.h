// Folder window/: the main window's wiring, one job per class.
// View > GPU, Peaks, GPU Peaks…, Latency Floor… and Cache Roofs: every one
// edits the lens of the shown analysis (ShownAnalysis), and the menus'
// checks follow it. Also the user's own GPUs (the peaks editor's file),
// merged over the built-in catalogue at start and after every save.
#pragma once

#include "engine/roofline/gpuspec.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QWidget;

namespace Ridgeline {

class ShownAnalysis;

class LensMenus final : public QObject
{
    Q_OBJECT
public:
    // Reads the user's peaks file (its problems shown in `peaksWarning`) and
    // sets the merged catalogue on `shown`. `window` parents the dialogs.
    LensMenus(ShownAnalysis* shown, QLabel* peaksWarning, QWidget* window);

    // GPU, Peaks, GPU Peaks… and Latency Floor… at the end of `view`.
    void addLensMenus(QMenu* view);
    void addCacheRoofsAction(QMenu* view);
    // The user's own GPUs (the peaks editor's), merged over the built-in ones.
    void applyUserPeaks(const GpuCatalog& user);
    QString userPeaksPath() const { return m_userPeaksPath; }
    const GpuCatalog& userPeaks() const { return m_userPeaks; } // the user's own GPUs, without the built-in ones

private:
    void loadUserPeaks();
    void showPeaksWarnings(const QStringList& warnings);
    void editPeaks();
    void chooseLatencyFloor();
    void chooseOtherGpu();
    void fillGpuMenu();
    void followLens(); // the checks and enabled peak sets
    const GpuCatalog& catalog() const;

    ShownAnalysis* m_shown;
    QLabel* m_peaksWarning;
    QWidget* m_window;
    GpuCatalog m_userPeaks;
    QString m_userPeaksPath;
    QMenu* m_gpuMenu = nullptr;
    QActionGroup* m_gpuGroup = nullptr;
    QActionGroup* m_peakGroup = nullptr;
    QAction* m_cacheRoofs = nullptr;
};

} // namespace Ridgeline
