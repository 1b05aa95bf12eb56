// The line above the table: trace file, GPU (recorded and used for roofs),
// total GPU kernel time, the Triton share of it, and counts by category and
// provenance, plus any warnings about the trace.
#pragma once

#include "engine/lens/judgement.h"

#include <QLabel>

namespace Ridgeline {

class SummaryStrip final : public QLabel
{
    Q_OBJECT
public:
    explicit SummaryStrip(QWidget* parent = nullptr);

    void showPrompt();
    void showLoading(const QString& path);
    // The judged trace: its GPU and peak set, what the catalogue could not
    // say of either trace's GPU, and in compare mode a line of its own: both
    // traces, the Triton speedup, the regressions and the matches by kind.
    void setJudgement(const Judgement& judgement);
};

} // namespace Ridgeline
