// Folder workspace/: the timeline as a place to work, and the window's own exports.
// View > Full-Window Timeline: the timeline pane (search row and all) takes
// the whole window, and the same action puts it back in its tab. The rest
// of the window is set aside whole, not rebuilt, so its splitters, table
// columns, selection and tab come back as they were.
#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMainWindow;
class QMenu;
class QTabWidget;
class QWidget;

namespace Ridgeline {

class TimelinePane;

class FullTimeline final : public QObject
{
    Q_OBJECT
public:
    FullTimeline(TimelinePane* pane, QTabWidget* tabs, QMainWindow* window);

    void addActions(QMenu* view);
    bool isFull() const { return m_setAside != nullptr; }
    void setFull(bool full);
    QAction* action() const { return m_action; }

private:
    TimelinePane* m_pane;
    QTabWidget* m_tabs;
    QMainWindow* m_window;
    QAction* m_action = nullptr;
    QWidget* m_setAside = nullptr; // the window's central widget while the timeline fills it
    int m_tabIndex = -1;
    int m_currentTab = -1;
    QString m_tabText;
};

} // namespace Ridgeline
