// Folder timebudget/: the "Where the time goes" panel.
// A thin horizontal bar of the main GPU's span: its busy time split by kind
// of work (GEMM, attention, Triton, ...) and its idle time, so that the idle
// GPU is seen beside the kernels rather than not at all.
#pragma once

#include "engine/results/analysisresult.h"

#include <QColor>
#include <QWidget>

namespace Ridgeline {

class TimeBudgetBar final : public QWidget
{
    Q_OBJECT
public:
    struct Segment
    {
        QString title; // "GEMM", "Triton", "idle"
        double us = 0; // its length on the bar, in us of the span
        double summedUs = 0; // kinds of work: their durations summed (may exceed busy); idle: the idle time
        QColor color;
    };

    explicit TimeBudgetBar(QWidget* parent = nullptr);

    // Null clears the bar.
    void setResult(const AnalysisResult* result);
    const std::vector<Segment>& segments() const { return m_segments; }
    double spanUs() const { return m_spanUs; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<Segment> m_segments; // busy kinds, largest first, then idle
    double m_spanUs = 0;
};

} // namespace Ridgeline
