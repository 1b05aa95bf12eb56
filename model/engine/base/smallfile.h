// Shared by every stage.
// Reads a small file of settings or metadata (a GPU file, execution_details
// .json): only a regular file, and only up to a cap, so that a FIFO, a
// device such as /dev/zero or a huge file named like one costs a clear
// message, never a hang or the machine's memory.
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace Ridgeline {

// The file's bytes; nullopt with *error (no path: the caller names the file)
// when it is no regular file, larger than maxBytes or unreadable.
std::optional<QByteArray> readSmallFile(const QString& path, qint64 maxBytes, QString* error);

} // namespace Ridgeline
