#include "timebudget/timebudgetpanel.h"

#include "engine/base/text/units.h"
#include "engine/timebudget/gputimecoverage.h"
#include "timebudget/opportunitylist.h"
#include "timebudget/timebudgetbar.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace Ridgeline {
namespace {

QString figuresText(const AnalysisResult& result, const TimeBudget& budget)
{
    QStringList parts;
    if (const DeviceActivity* device = result.activity.mainDevice(); device && device->spanUs > 0) {
        parts << TimeBudgetPanel::tr("GPU busy %1, idle %2 (%3) of a %4 span")
                     .arg(formatTimeUs(device->busyUs), formatTimeUs(device->idleUs), formatPercent(device->idleUs / device->spanUs, 1),
                         formatTimeUs(device->spanUs));
    }
    // How much of the GPU time the figures below speak for.
    if (const GpuTimeCoverage coverage = gpuTimeCoverage(result); coverage.share())
        parts << coverageText(coverage);
    if (budget.tritonTimeUs > 0) {
        QString triton = TimeBudgetPanel::tr("Triton %1: %2 recoverable by tuning")
                             .arg(formatTimeUs(budget.tritonTimeUs), formatTimeUs(budget.tritonRecoverableUs));
        if (budget.tritonLatencyBoundUs > 0)
            triton += TimeBudgetPanel::tr(", %1 latency-bound (fuse, not tune)").arg(formatTimeUs(budget.tritonLatencyBoundUs));
        parts << triton;
    }
    const StepFigures& steps = result.activity.steps;
    if (steps.kind != StepKind::None && steps.count > 0) {
        parts << (steps.count == 1 ? TimeBudgetPanel::tr("%1 step (%2): %3 GPU time")
                                   : TimeBudgetPanel::tr("%1 steps (%2): %3 GPU time each"))
                     .arg(steps.count)
                     .arg(steps.kind == StepKind::ProfilerStep     ? TimeBudgetPanel::tr("ProfilerStep")
                             : steps.kind == StepKind::GraphLaunch ? TimeBudgetPanel::tr("graph launches")
                             : steps.kind == StepKind::Module      ? TimeBudgetPanel::tr("nn.Module calls")
                                                                   : TimeBudgetPanel::tr("compiled graph calls"),
                         formatTimeUs(steps.gpuTimePerStepUs));
        // What ran once (warm-up, encoders, a decoder) is apart from the steps.
        if (steps.oneOffGpuTimeUs > 0)
            parts.back() += TimeBudgetPanel::tr(", %1 once outside them").arg(formatTimeUs(steps.oneOffGpuTimeUs));
    }
    return parts.join(QStringLiteral(" · "));
}

} // namespace

TimeBudgetPanel::TimeBudgetPanel(QWidget* parent)
    : QWidget(parent)
    , m_toggle(new QToolButton)
    , m_bar(new TimeBudgetBar)
    , m_floor(new QDoubleSpinBox)
    , m_figures(new QLabel)
    , m_list(new OpportunityList)
{
    m_toggle->setText(tr("Where the time goes"));
    m_toggle->setCheckable(true);
    m_toggle->setChecked(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::DownArrow);
    m_toggle->setToolTip(tr("Show or hide the time budget's figures and the top opportunities"));
    QFont bold = m_toggle->font();
    bold.setBold(true);
    m_toggle->setFont(bold);
    connect(m_toggle, &QToolButton::toggled, this, &TimeBudgetPanel::setExpanded);

    // t0: the field's lowest value stands for the trace's own floor, which
    // its special text shows with where it came from.
    m_floor->setRange(0, 1000);
    m_floor->setDecimals(2);
    m_floor->setSingleStep(0.1);
    m_floor->setSuffix(QStringLiteral(" \u00b5s"));
    m_floor->setKeyboardTracking(false); // one change per edit, not per keystroke
    m_floor->setSpecialValueText(tr("trace's"));
    connect(m_floor, &QDoubleSpinBox::valueChanged, this, [this] { Q_EMIT latencyFloorOverrideChanged(latencyFloorOverride()); });
    auto* floorLabel = new QLabel(tr("Latency floor t0:"));
    floorLabel->setBuddy(m_floor);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_toggle);
    top->addWidget(m_bar, 1);
    top->addSpacing(8);
    top->addWidget(floorLabel);
    top->addWidget(m_floor);

    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_list, &OpportunityList::opportunityActivated, this, &TimeBudgetPanel::opportunityActivated);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 2);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_figures);
    layout->addWidget(m_list);
    setBudget(nullptr, nullptr);
}

void TimeBudgetPanel::setBudget(const AnalysisResult* result, const TimeBudget* budget)
{
    m_bar->setResult(result);
    m_list->setBudget(result, budget);
    m_figures->setText(result && budget ? figuresText(*result, *budget) : QString());
    m_list->setVisible(isExpanded() && m_list->topLevelItemCount() > 0);
    m_figures->setVisible(isExpanded() && !m_figures->text().isEmpty());
    if (budget) {
        const LatencyFloor& floor = budget->latencyFloor;
        // The field says the budget's t0: the user's when it is an override
        // (set here or by the View menu), else the lowest value, which reads
        // as the trace's own. Said quietly: it is what the user chose.
        const std::optional<double> chosen
            = floor.source == LatencyFloor::Source::Override ? std::optional<double>(floor.us) : std::nullopt;
        if (chosen != latencyFloorOverride()) {
            const QSignalBlocker quiet(m_floor);
            m_floor->setValue(chosen.value_or(m_floor->minimum()));
        }
        // The trace's own floor is what the field shows at its lowest value.
        if (floor.source != LatencyFloor::Source::Override) {
            m_floor->setSpecialValueText(tr("%1 (%2)").arg(formatTimeUs(floor.us), floor.sourceKey()));
            // The spin box sized itself for its numbers, not this text.
            m_floor->setMinimumWidth(m_floor->fontMetrics().horizontalAdvance(m_floor->specialValueText())
                + m_floor->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 4);
        }
        m_floor->setToolTip(tr("t0, the fixed cost of one kernel on this GPU: %1 (%2). Attainable time = t0 + the roof term. "
                               "Set a value to override it; the lowest value returns to the trace's own.")
                .arg(formatTimeUs(floor.us), floor.sourceText));
    }
    updateGeometry();
}

std::optional<double> TimeBudgetPanel::latencyFloorOverride() const
{
    return m_floor->value() > m_floor->minimum() ? std::optional<double>(m_floor->value()) : std::nullopt;
}

bool TimeBudgetPanel::isExpanded() const
{
    return m_toggle->isChecked();
}

void TimeBudgetPanel::setExpanded(bool expanded)
{
    const QSignalBlocker blocker(m_toggle);
    m_toggle->setChecked(expanded);
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_list->setVisible(expanded && m_list->topLevelItemCount() > 0);
    m_figures->setVisible(expanded && !m_figures->text().isEmpty());
}

} // namespace Ridgeline
