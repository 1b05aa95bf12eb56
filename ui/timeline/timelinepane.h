// Folder timeline/: the timeline pane, its drawing and its export.
// The timeline tab: a search row above the timeline (a field whose text
// outlines the matching boxes, the count, previous and next; F3 and
// Shift+F3 step from anywhere in the pane, Enter in the field too). Ctrl+F
// stays the window's Find Kernel: this field is the timeline's own.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace Ridgeline {

class TimelineView;

class TimelinePane final : public QWidget
{
    Q_OBJECT
public:
    // Takes the view as its child.
    explicit TimelinePane(TimelineView* view, QWidget* parent = nullptr);

    TimelineView* view() const { return m_view; }
    QLineEdit* searchField() const { return m_search; }
    // Searches again (a new trace keeps the text): the view forgets it on setResult.
    void refreshSearch();
    void step(int direction);

private:
    TimelineView* m_view;
    QLineEdit* m_search;
    QLabel* m_count;
};

} // namespace Ridgeline
