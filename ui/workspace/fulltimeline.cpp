#include "workspace/fulltimeline.h"

#include "timeline/timelinepane.h"
#include "timeline/timelineview.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QTabWidget>

namespace Ridgeline {

FullTimeline::FullTimeline(TimelinePane* pane, QTabWidget* tabs, QMainWindow* window)
    : QObject(window)
    , m_pane(pane)
    , m_tabs(tabs)
    , m_window(window)
{ }

void FullTimeline::addActions(QMenu* view)
{
    // Ctrl+Shift+T: no other action of the window holds it, and the
    // timeline's own keys (W/A/S/D, F, N/P, 0) are single letters.
    m_action = view->addAction(tr("Full-Window &Timeline"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(tr("Ctrl+Shift+T")));
    connect(m_action, &QAction::toggled, this, &FullTimeline::setFull);
}

void FullTimeline::setFull(bool full)
{
    if (full == isFull())
        return;
    if (full) {
        m_tabIndex = m_tabs->indexOf(m_pane);
        if (m_tabIndex < 0)
            return;
        m_tabText = m_tabs->tabText(m_tabIndex);
        m_currentTab = m_tabs->currentIndex();
        m_tabs->removeTab(m_tabIndex);
        // Taken, not deleted: the window's layout waits as it was.
        m_setAside = m_window->takeCentralWidget();
        m_window->setCentralWidget(m_pane);
        m_pane->show();
    } else {
        m_window->takeCentralWidget(); // the pane: back into its tab below
        m_window->setCentralWidget(m_setAside);
        m_setAside = nullptr;
        m_tabs->insertTab(m_tabIndex, m_pane, m_tabText);
        m_tabs->setCurrentIndex(m_currentTab);
    }
    // The whole window is the timeline's: its streams take all the height,
    // not a blank band under them.
    m_pane->view()->setFillHeight(full);
    m_pane->view()->setFocus();
    if (m_action && m_action->isChecked() != full)
        m_action->setChecked(full);
}

} // namespace Ridgeline
