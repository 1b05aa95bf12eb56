// Stage base/: shared by every stage of the engine.
// How a long engine call reports progress and learns that it should stop.
// The engine stays synchronous; threads live one layer up.
#pragma once

#include <QtGlobal>
#include <functional>
#include <stop_token>

namespace Ridgeline {

// Bytes of the input file consumed so far, of the total. Called from the
// thread running the engine, at most a few hundred times per file.
using ProgressCallback = std::function<void(qint64 done, qint64 total)>;

struct JobControl
{
    ProgressCallback progress;
    std::stop_token stop;

    void report(qint64 done, qint64 total) const
    {
        if (progress)
            progress(done, total);
    }
    bool stopRequested() const { return stop.stop_requested(); }
};

} // namespace Ridgeline
