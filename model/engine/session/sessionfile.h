// Stage session/: a window's state saved as one small file and read back.
// The session file (".ridgeline"): JSON with "format": "ridgeline-session"
// and "version": 1, every path stored twice, relative to the file's folder
// and absolute, so that a session moved with its trace (or sent along with
// it) still opens, and one left behind still finds the trace where it was.
// The reader is strict about what it uses and blind to what it does not:
// unknown keys are ignored (a later version may add some), a known key of
// the wrong type is refused with its name; the file, its nesting and its
// lists are capped, since a session is a file anyone can hand the user.
#pragma once

#include "engine/session/session.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace Ridgeline::SessionFile {

inline constexpr qint64 maxBytes = 1 << 20; // a real session is a few kB, most of it the user's GPUs
inline constexpr int maxDepth = 16; // the embedded GPU file nests 7 deep
inline constexpr qsizetype maxCaptures = 256;
inline constexpr qsizetype maxTextChars = 4096; // the filter text and the selected kernel's name
inline constexpr int version = 1;
inline QString suffix()
{
    return QStringLiteral("ridgeline");
}

// The file's text, its paths relative to `folder` (the folder it is saved in).
QByteArray toJson(const Session& session, const QString& folder);
// Writes the file whole (atomically); false and *error naming it when it cannot.
bool write(const QString& path, const Session& session, QString* error);

// Reads text saved in `folder`: nullopt and *error (what is wrong, the key
// it is about) when it is not a session this version can use. A path that
// exists neither relative to `folder` nor absolute: the trace's refuses the
// session; any other is dropped with a line in *warnings naming it.
std::optional<Session> fromJson(const QByteArray& json, const QString& folder, QString* error, QStringList* warnings);
// The same for a file: only a regular file of at most maxBytes; *error and
// every warning start with the file's path.
std::optional<Session> read(const QString& path, QString* error, QStringList* warnings);

} // namespace Ridgeline::SessionFile
