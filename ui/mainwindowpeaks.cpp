// MainWindow's GPUs: the GPU and Peaks menus, the latency floor t0 beside
// them, and the user's own peaks
// (the peaks editor's file) merged over the built-in catalogue at start and
// after every save, so that the roofline redraws with the new roofs.
#include "mainwindow.h"

#include "itemmodels/kerneltablemodel.h"
#include "peaks/peakseditor.h"
#include "peaks/userpeaksfile.h"

#include <QActionGroup>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>

namespace Ridgeline {

void MainWindow::loadUserPeaks()
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
    m_catalog = UserPeaksFile::merged(m_userPeaks);
}

void MainWindow::showPeaksWarnings(const QStringList& warnings)
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

void MainWindow::applyUserPeaks(const GpuCatalog& user)
{
    // The editor saved the file whole, with only the GPUs it had read.
    showPeaksWarnings({});
    m_userPeaks = user;
    m_catalog = UserPeaksFile::merged(m_userPeaks);
    fillGpuMenu();
    applyGpu(); // the roofs, table fractions, summary and inspector follow
}

void MainWindow::editPeaks()
{
    PeaksEditor editor(m_userPeaks, m_userPeaksPath, currentGpu().name, this);
    connect(&editor, &PeaksEditor::saved, this, &MainWindow::applyUserPeaks);
    editor.exec();
}

void MainWindow::createGpuMenu(QMenu* view)
{
    m_gpuMenu = view->addMenu(tr("&GPU"));
    m_gpuGroup = new QActionGroup(this);
    fillGpuMenu();
    connect(m_gpuGroup, &QActionGroup::triggered, this, [this](QAction* action) { setGpuChoice(action->data().toString()); });

    QMenu* peaks = view->addMenu(tr("&Peaks"));
    m_peakGroup = new QActionGroup(this);
    for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
        QAction* action = peaks->addAction(set == PeakSet::Datasheet ? tr("&Datasheet (dense)") : tr("&Measured Max-Achievable"));
        action->setCheckable(true);
        action->setData(int(set));
        m_peakGroup->addAction(action);
    }
    connect(m_peakGroup, &QActionGroup::triggered, this, [this](QAction* action) { setPeakSet(PeakSet(action->data().toInt())); });
    QAction* editor = view->addAction(tr("GPU Pea&ks…"), this, &MainWindow::editPeaks);
    editor->setToolTip(tr("Add a GPU or override a figure; saved as a file ridgeline --gpu-file reads"));
    // The third figure attainable times rest on, with the roofs: the fixed
    // cost of one kernel (also in the "Where the time goes" panel).
    QAction* floor = view->addAction(tr("&Latency Floor…"), this, [this] {
        bool ok = false;
        const double us = QInputDialog::getDouble(this, tr("Latency Floor"),
                                                  tr("t0, the fixed cost of one kernel, in \u00b5s (0: the trace's own):"),
                                                  m_model->latencyFloorOverride().value_or(0), 0, 1000, 2, &ok);
        if (ok)
            setLatencyFloorOverride(us > 0 ? std::optional<double>(us) : std::nullopt);
    });
    floor->setToolTip(tr("Override the latency floor t0 of attainable times (as --latency-floor)"));
}

void MainWindow::fillGpuMenu()
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
    const auto& gpus = m_catalog.gpus();
    const GpuSpec* chosen = m_gpuChoice.isEmpty() ? nullptr : m_catalog.find(m_gpuChoice);
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
        m_gpuMenu->addAction(tr("Other GPU… (%n more)", nullptr, int(gpus.size() - listed)), this, [this] {
            bool ok = false;
            const QString name = QInputDialog::getText(this, tr("Other GPU"), tr("GPU name or alias:"), QLineEdit::Normal, {}, &ok);
            if (!ok || name.trimmed().isEmpty())
                return;
            if (const GpuSpec* gpu = m_catalog.find(name)) {
                m_gpuChoice = gpu->name;
                // The chosen GPU joins the listed ones; not from within this
                // action's own signal, which the refill deletes.
                QMetaObject::invokeMethod(this, [this] {
                    fillGpuMenu();
                    applyGpu();
                }, Qt::QueuedConnection);
            } else {
                statusBar()->showMessage(tr("No GPU named %1").arg(name.left(80)), 6000);
            }
        });
    }
}

} // namespace Ridgeline
