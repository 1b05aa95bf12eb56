// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// A TORCH_TRACE log (what tlparse reads): glog-prefixed lines, each with one
// JSON object, some followed by a payload of tab-indented lines. Inductor's
// wrapper module, with its Triton kernel blocks, is the payload of each
// "inductor_output_code" entry. Read as a stream: a log of any size costs
// one payload of memory at a time.
#pragma once

#include "engine/base/progress.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <functional>

class QIODevice;

namespace Ridgeline {

class TlparseLog
{
public:
    // Whether these first bytes of a file open a TORCH_TRACE log: a glog
    // prefix ("V1206 15:18:15.925000 1500233 torch/_dynamo/utils.py:1288] ")
    // followed by a JSON object.
    static bool looksLikeLog(const QByteArray& head);
    // The same for a file, plain or compressed: reads its first 4 KiB.
    static bool isLogFile(const QString& path);

    // Streams `device` (of `totalBytes`, for progress), handing each
    // inductor_output_code payload (tabs stripped) to `take` with a label
    // "path:LINE". A payload past maxPayloadBytes is skipped with a warning.
    // Returns false when stopped through `control`.
    static bool read(QIODevice& device, const QString& path, qint64 totalBytes, const JobControl& control,
        const std::function<void(const QString& label, const QString& text)>& take, QStringList* warnings);

    static constexpr qint64 maxPayloadBytes = qint64(64) << 20; // as a wrapper file's cap
};

} // namespace Ridgeline
