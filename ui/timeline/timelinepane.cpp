#include "timeline/timelinepane.h"

#include "timeline/timelineview.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QShortcut>
#include <QToolButton>
#include <QVBoxLayout>

namespace Ridgeline {

TimelinePane::TimelinePane(TimelineView* view, QWidget* parent)
    : QWidget(parent)
    , m_view(view)
    , m_search(new QLineEdit)
    , m_count(new QLabel)
{
    m_search->setPlaceholderText(tr("Search the timeline's boxes (F3: next, Shift+F3: previous)"));
    m_search->setClearButtonEnabled(true);
    m_search->setObjectName(QStringLiteral("timelineSearch"));
    auto* previous = new QToolButton;
    previous->setArrowType(Qt::LeftArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    auto* next = new QToolButton;
    next->setArrowType(Qt::RightArrow);
    next->setToolTip(tr("Next match (F3)"));
    m_count->setTextFormat(Qt::PlainText);

    auto* row = new QHBoxLayout;
    row->setContentsMargins(4, 2, 4, 0);
    row->addWidget(m_search, 1);
    row->addWidget(m_count);
    row->addWidget(previous);
    row->addWidget(next);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_view, 1);

    connect(m_search, &QLineEdit::textChanged, this, &TimelinePane::refreshSearch);
    connect(m_view, &TimelineView::resultShown, this, &TimelinePane::refreshSearch);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { step(+1); });
    connect(previous, &QToolButton::clicked, this, [this] { step(-1); });
    connect(next, &QToolButton::clicked, this, [this] { step(+1); });
    // F3 from the field, the view or the buttons: anywhere in the pane.
    auto* forward = new QShortcut(QKeySequence(Qt::Key_F3), this, [this] { step(+1); });
    forward->setContext(Qt::WidgetWithChildrenShortcut);
    auto* back = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3), this, [this] { step(-1); });
    back->setContext(Qt::WidgetWithChildrenShortcut);
}

void TimelinePane::refreshSearch()
{
    const QString text = m_search->text().trimmed();
    const std::int64_t count = m_view->setSearchText(text);
    m_count->setText(text.isEmpty() ? QString() : count == 1 ? tr("1 box") : tr("%1 boxes").arg(QLocale().toString(qlonglong(count))));
}

void TimelinePane::step(int direction)
{
    if (!m_view->stepToMatch(direction) && !m_search->text().trimmed().isEmpty())
        m_count->setText(tr("no more matches"));
}

} // namespace Ridgeline
