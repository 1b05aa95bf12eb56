// Stage session/: a window's state saved as one small file and read back.
// A path as a session file keeps it: relative to the file's folder (tried
// first, so that a session moved with its trace opens the moved trace) and
// absolute (the fallback, for a session moved without it).
#pragma once

#include <QString>

namespace Ridgeline::SessionPaths {

struct StoredPath
{
    QString relative; // empty where there is none (a Qt resource, another drive)
    QString absolute;
};

StoredPath store(const QString& path, const QString& folder);
// The first of folder/relative and absolute that exists, as an absolute
// path; empty when neither does.
QString resolve(const StoredPath& stored, const QString& folder);

} // namespace Ridgeline::SessionPaths
