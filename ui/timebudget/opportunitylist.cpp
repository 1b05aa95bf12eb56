#include "timebudget/opportunitylist.h"

#include "engine/base/text/units.h"
#include "engine/timebudget/opportunities.h"
#include "table/kernelnamedelegate.h"

#include <QHeaderView>
#include <algorithm>

namespace Ridgeline {
namespace {

// The kind of fix, short: the line's last column. The why says the rest.
QString fixOf(const Opportunity& item, const TimeBudget& budget, const AnalysisResult& result)
{
    switch (item.kind) {
    case Opportunity::Kind::Kernel: {
        const int kernel = item.rowIndices.empty() ? -1 : item.rowIndices.front();
        if (kernel < 0 || size_t(kernel) >= budget.rows.size())
            return {};
        const KernelTimeFigures& figures = budget.rows[size_t(kernel)];
        const double mean = figures.timedCalls > 0 ? figures.measuredUs / double(figures.timedCalls) : 0.0;
        return OpportunityList::tr("%1: %2 %3 at %4, attainable %5")
            .arg(limiterTitle(figures.limiter))
            .arg(formatCount(figures.timedCalls), figures.timedCalls == 1 ? OpportunityList::tr("call") : OpportunityList::tr("calls"))
            .arg(formatTimeUs(mean), formatTimeUs(figures.attainableUs.value_or(0)));
    }
    case Opportunity::Kind::LatencyBoundKernels:
        return OpportunityList::tr("%1 kernels, %2 launches: fuse or remove them, not tune")
            .arg(item.count)
            .arg(formatCount(item.launches));
    case Opportunity::Kind::Idle: {
        // Its share of the span is in the Share column; the fix by what the host did meanwhile.
        if (!item.idleClass) // gaps not classified
            return OpportunityList::tr("GPU idle: CUDA/HIP graphs, fewer host syncs");
        const QString gaps = item.count == 1 ? OpportunityList::tr("1 gap") : OpportunityList::tr("%1 gaps").arg(formatCount(item.count));
        switch (*item.idleClass) {
        case IdleCauseClass::Sync:
            return OpportunityList::tr("%1 in host syncs and blocking copies: move them out of the step").arg(gaps);
        case IdleCauseClass::Launch:
            return OpportunityList::tr("%1 behind back-to-back launches: CUDA/HIP graphs").arg(gaps);
        case IdleCauseClass::Starved:
            return OpportunityList::tr("%1 while the launching thread ran its own code: move or capture it").arg(gaps);
        case IdleCauseClass::Other:
            break;
        }
        return OpportunityList::tr("%1 that no recorded sync, launch or host frame covers half of").arg(gaps);
    }
    case Opportunity::Kind::Unmodelled: {
        const KernelRow* row = nullptr;
        if (!item.rowIndices.empty() && size_t(item.rowIndices.front()) < result.rows.size())
            row = &result.rows[size_t(item.rowIndices.front())];
        else if (!item.libraryIndices.empty() && size_t(item.libraryIndices.front()) < result.libraryKernels.size())
            row = &result.libraryKernels[size_t(item.libraryIndices.front())];
        const int calls = row ? row->calls : 0;
        return OpportunityList::tr("not modelled: %1 %2, time only")
            .arg(formatCount(calls), calls == 1 ? OpportunityList::tr("call") : OpportunityList::tr("calls"));
    }
    }
    return {};
}

} // namespace

OpportunityList::OpportunityList(QWidget* parent)
    : QTreeWidget(parent)
{
    setColumnCount(ColumnCount);
    setHeaderHidden(true);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setTextElideMode(Qt::ElideMiddle);
    setItemDelegateForColumn(What, new KernelNameDelegate(this)); // names keep their tail: `_view_25` and `_27` differ there
    setWordWrap(false);
    setFrameShape(QFrame::NoFrame);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed); // its lines, no more: the table below needs the height
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(AtStake, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(Share, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(What, QHeaderView::Interactive);
    connect(
        this, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { Q_EMIT opportunityActivated(indexOfTopLevelItem(item)); });
    connect(
        this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { Q_EMIT opportunityActivated(indexOfTopLevelItem(item)); });
}

void OpportunityList::setBudget(const AnalysisResult* result, const TimeBudget* budget, int shown)
{
    clear();
    m_opportunities.clear();
    if (!result || !budget)
        return;
    for (const Opportunity& item : budget->opportunities) {
        if (int(m_opportunities.size()) >= shown)
            break;
        m_opportunities.push_back(item);
        auto* line = new QTreeWidgetItem(this);
        line->setText(AtStake, formatTimeUs(item.recoverableUs));
        // The idle GPU by its span: idle over kernel time passes 100 % on a host-bound trace.
        line->setText(
            Share, item.shareOfSpan ? tr("%1 of span").arg(formatPercent(*item.shareOfSpan)) : formatPercent(item.shareOfGpuTime));
        const QString name = opportunityShownName(*result, item); // a library op with its shape
        line->setText(What, name);
        line->setText(Fix, fixOf(item, *budget, *result));
        line->setTextAlignment(AtStake, Qt::AlignRight | Qt::AlignVCenter);
        line->setTextAlignment(Share, Qt::AlignRight | Qt::AlignVCenter);
        const QString why = name + QStringLiteral(": ") + item.why;
        for (int column = 0; column < ColumnCount; ++column)
            line->setToolTip(column, why);
        if (item.kind != Opportunity::Kind::Kernel && item.kind != Opportunity::Kind::Unmodelled) {
            QFont font = line->font(What);
            font.setItalic(true); // a group or the idle GPU, not a kernel's name
            line->setFont(What, font);
        }
    }
    updateGeometry();
}

void OpportunityList::resizeEvent(QResizeEvent* event)
{
    QTreeWidget::resizeEvent(event);
    // The name (elided in the middle) and the fix share what the times leave.
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('m'));
    setColumnWidth(What, std::max(viewport()->width() * 2 / 5, 12 * em));
}

QSize OpportunityList::sizeHint() const
{
    // Exactly its lines: no empty space below, no scroll bar.
    const int lines = std::max(1, topLevelItemCount());
    const int line = topLevelItemCount() > 0 ? sizeHintForRow(0) : fontMetrics().height() + 4;
    return { QTreeWidget::sizeHint().width(), lines * line + 2 * frameWidth() };
}

} // namespace Ridgeline
