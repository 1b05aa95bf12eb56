// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// TraceLens's execution_details.json beside a folder of capture traces: the
// batch size and mode of each file, for captures without a capture_<N>_<MODE>
// annotation. Parsed from bytes alone, so that it can be fuzzed.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <optional>

namespace Ridgeline {

struct CaptureDetails
{
    int batchSize = 0;
    QString mode; // at most maxCaptureModeChars
};

constexpr qsizetype maxCaptureModeChars = 32;
// The file is a few lines per capture; anything bigger is not TraceLens's.
constexpr qint64 maxExecutionDetailsBytes = 1 << 20;

// [{"file": NAME, "batch_size": N, "mode": "FULL"}, ...] by the file's name
// (its folder dropped); entries without a name or a batch size are skipped.
// nullopt with *error (a short line, no path) when it is no such list.
std::optional<QHash<QString, CaptureDetails>> parseExecutionDetails(const QByteArray& bytes, QString* error);

} // namespace Ridgeline
