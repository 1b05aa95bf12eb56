#include "window/lensmenus.h"

#include "peaks/peakseditor.h"
#include "peaks/userpeaksfile.h"
#include "shownanalysis.h"

#include <QActionGroup>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <algorithm>

namespace Ridgeline {

LensMenus::LensMenus(ShownAnalysis* shown, QLabel* peaksWarning, QWidget* window)
    : QObject(window)
    , m_shown(shown)
    , m_peaksWarning(peaksWarning)
    , m_window(window)
    , m_userPeaksPath(UserPeaksFile::defaultPath())
{
    loadUserPeaks(); // before the GPU menu lists the catalogue
    connect(m_shown, &ShownAnalysis::changed, this, &LensMenus::followLens);
}

const GpuCatalog& LensMenus::catalog() const
{
    return *m_shown->lens().catalog;
}

void LensMenus::loadUserPeaks()
{
    QString error;
    QStringList warnings;
    const auto user = UserPeaksFile::read(m_userPeaksPath, &error, &warnings);
    if (!user) {
        // The built-in figures still draw a roofline; the file waits to be fixed.
        showPeaksWarnings({ tr("Your GPU peaks were not read: %1").arg(error) });
        return;
    }
    // The file's other GPUs are used; the skipped ones stay named until it is fixed.
    showPeaksWarnings(warnings);
    m_userPeaks = *user;
    m_shown->setCatalog(std::make_shared<const GpuCatalog>(UserPeaksFile::merged(m_userPeaks)));
}

void LensMenus::showPeaksWarnings(const QStringList& warnings)
{
    m_peaksWarning->setVisible(!warnings.isEmpty());
    if (warnings.isEmpty()) {
        m_peaksWarning->clear();
        m_peaksWarning->setToolTip({});
        return;
    }
    // The first in the bar (a line of the status bar's width), all of them on hover.
    constexpr qsizetype shown = 200;
    QString text = warnings.front();
    if (text.size() > shown)
        text = text.left(shown - 1) + u'\u2026';
    if (warnings.size() > 1)
        text += tr(" (and %n more: hover)", nullptr, int(warnings.size() - 1));
    m_peaksWarning->setText(QStringLiteral("\u26a0 ") + text);
    m_peaksWarning->setToolTip(warnings.join(u'\n'));
}

void LensMenus::applyUserPeaks(const GpuCatalog& user)
{
    // The editor saved the file whole, with only the GPUs it had read.
    showPeaksWarnings({});
    m_userPeaks = user;
    m_shown->setCatalog(std::make_shared<const GpuCatalog>(UserPeaksFile::merged(m_userPeaks)));
    fillGpuMenu();
    followLens();
}

void LensMenus::editPeaks()
{
    PeaksEditor editor(m_userPeaks, m_userPeaksPath, m_shown->gpu().spec.name, m_window);
    connect(&editor, &PeaksEditor::saved, this, &LensMenus::applyUserPeaks);
    editor.exec();
}

void LensMenus::addLensMenus(QMenu* view)
{
    m_gpuMenu = view->addMenu(tr("&GPU"));
    m_gpuGroup = new QActionGroup(this);
    fillGpuMenu();
    connect(m_gpuGroup, &QActionGroup::triggered, this, [this](QAction* action) { m_shown->setGpuChoice(action->data().toString()); });

    QMenu* peaks = view->addMenu(tr("&Peaks"));
    m_peakGroup = new QActionGroup(this);
    for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
        QAction* action = peaks->addAction(set == PeakSet::Datasheet ? tr("&Datasheet (dense)") : tr("&Measured Max-Achievable"));
        action->setCheckable(true);
        action->setData(int(set));
        m_peakGroup->addAction(action);
    }
    connect(m_peakGroup, &QActionGroup::triggered, this, [this](QAction* action) { m_shown->setPeakSet(PeakSet(action->data().toInt())); });
    QAction* editor = view->addAction(tr("GPU Pea&ks…"), this, &LensMenus::editPeaks);
    editor->setToolTip(tr("Add a GPU or override a figure; saved as a file ridgeline --gpu-file reads"));
    // The third figure attainable times rest on, with the roofs: the fixed
    // cost of one kernel (also in the "Where the time goes" panel).
    QAction* floor = view->addAction(tr("&Latency Floor…"), this, &LensMenus::chooseLatencyFloor);
    floor->setToolTip(tr("Override the latency floor t0 of attainable times (as --latency-floor)"));
    followLens();
}

void LensMenus::addCacheRoofsAction(QMenu* view)
{
    m_cacheRoofs = view->addAction(tr("&Cache Roofs"));
    m_cacheRoofs->setCheckable(true);
    m_cacheRoofs->setToolTip(tr("The GPU's cache bandwidths (where published) as dotted memory roofs: a kernel above HBM but "
                                "below one probably ran from that cache"));
    connect(m_cacheRoofs, &QAction::toggled, m_shown, &ShownAnalysis::setCacheRoofs);
    followLens();
}

void LensMenus::chooseLatencyFloor()
{
    bool ok = false;
    const double us
        = QInputDialog::getDouble(m_window, tr("Latency Floor"), tr("t0, the fixed cost of one kernel, in \u00b5s (0: the trace's own):"),
            m_shown->lens().latencyFloorUs.value_or(0), 0, 1000, 2, &ok);
    if (ok)
        m_shown->setLatencyFloor(us > 0 ? std::optional<double>(us) : std::nullopt);
}

void LensMenus::followLens()
{
    const Lens& lens = m_shown->lens();
    if (m_gpuGroup) {
        const auto actions = m_gpuGroup->actions();
        const bool listed = std::any_of(actions.begin(), actions.end(), [&](QAction* a) { return a->data().toString() == lens.gpuChoice; });
        if (!listed)
            fillGpuMenu(); // a GPU past the listed ones joins them (never from a listed one's own signal)
        for (QAction* action : m_gpuGroup->actions())
            action->setChecked(action->data().toString() == lens.gpuChoice);
    }
    if (m_peakGroup) {
        const GpuSpec gpu = m_shown->gpu().spec;
        for (QAction* action : m_peakGroup->actions()) {
            const PeakSet set = PeakSet(action->data().toInt());
            action->setChecked(set == lens.peaks);
            action->setEnabled(gpu.has(set));
        }
    }
    if (m_cacheRoofs && m_cacheRoofs->isChecked() != lens.cacheRoofs)
        m_cacheRoofs->setChecked(lens.cacheRoofs);
}

void LensMenus::fillGpuMenu()
{
    for (QAction* action : m_gpuGroup->actions())
        delete action;
    m_gpuMenu->clear();
    QAction* match = m_gpuMenu->addAction(tr("Match the Trace's GPU"));
    match->setCheckable(true);
    match->setData(QString());
    m_gpuGroup->addAction(match);
    m_gpuMenu->addSeparator();
    // A menu of a hundred thousand GPUs (a generated settings file) would
    // take the window minutes to build and no one could scroll it: the
    // first ones are listed, the chosen one always, the rest by name.
    constexpr size_t listed = 100;
    const auto& gpus = catalog().gpus();
    const GpuSpec* chosen = m_shown->lens().gpuChoice.isEmpty() ? nullptr : catalog().find(m_shown->lens().gpuChoice);
    for (size_t i = 0; i < gpus.size(); ++i) {
        const GpuSpec& gpu = gpus[i];
        if (i >= listed && &gpu != chosen)
            continue;
        QAction* action = m_gpuMenu->addAction(gpu.name);
        action->setCheckable(true);
        action->setData(gpu.name);
        action->setToolTip(gpu.sources);
        m_gpuGroup->addAction(action);
    }
    if (gpus.size() > listed) {
        m_gpuMenu->addSeparator();
        m_gpuMenu->addAction(tr("Other GPU… (%n more)", nullptr, int(gpus.size() - listed)), this, &LensMenus::chooseOtherGpu);
    }
}

void LensMenus::chooseOtherGpu()
{
    bool ok = false;
    const QString name = QInputDialog::getText(m_window, tr("Other GPU"), tr("GPU name or alias:"), QLineEdit::Normal, {}, &ok);
    if (!ok || name.trimmed().isEmpty())
        return;
    if (const GpuSpec* gpu = catalog().find(name)) {
        // The chosen GPU joins the listed ones (followLens refills the menu);
        // not from within this action's own signal, which the refill deletes.
        const QString chosen = gpu->name;
        QMetaObject::invokeMethod(this, [this, chosen] { m_shown->setGpuChoice(chosen); }, Qt::QueuedConnection);
    } else if (auto* window = qobject_cast<QMainWindow*>(m_window)) {
        window->statusBar()->showMessage(tr("No GPU named %1").arg(name.left(80)), 6000);
    }
}

} // namespace Ridgeline
