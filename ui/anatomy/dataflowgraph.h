// Folder anatomy/: the kernel's anatomy in the inspector.
// What the dataflow drawing shows, in the spirit of the TorchInductor IR
// walkthrough: pointers -> loads at their index expressions -> ops ->
// reductions -> stores -> the pointers written. Built from the row's
// anatomy (pointers and their accesses) and one pass over the source's
// lines for the ops and reductions between them. No widgets: the drawing
// only lays this out.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace Ridgeline {

struct DataflowGraph
{
    struct Access
    {
        int pointer = 0; // into KernelAnatomy::pointers
        int access = 0; // into that pointer's accesses
        bool store = false;
        QString index;
        bool masked = false;
        int line = 0;
    };
    struct Reduction
    {
        QString call; // "tl.sum", "triton_helpers.max2"
        int line = 0;
    };
    std::vector<Access> accesses; // loads and stores, in line order
    int opLines = 0; // temporaries computed neither by a load nor a reduction
    QStringList opNames; // distinct, in first-use order: "mul", "rsqrt", "where"
    std::vector<Reduction> reductions;

    int loads() const;
    int stores() const;
};

// `text` is the kernel's source the anatomy's lines count in; lines past
// `maxScannedLines` are not read for ops (a pathological source stays cheap).
DataflowGraph buildDataflowGraph(const KernelAnatomy& anatomy, const QString& text, int maxScannedLines = 20000);

} // namespace Ridgeline
