// Folder peaks/: the GPU peaks editor.
// The user's own GPU peaks as the desktop app keeps them: one file of the
// format `ridgeline --gpu-file` reads ("ridgeline-gpus/1"), holding only
// the GPUs the user added or changed, merged over the built-in catalogue.
#pragma once

#include "engine/roofline/gpuspec.h"

#include <optional>

namespace Ridgeline::UserPeaksFile {

// <AppConfigLocation>/gpus.json
QString defaultPath();
// The user's GPUs: none when the file does not exist. A GPU that
// `ridgeline --gpu-file` would refuse (a figure out of range, a second GPU
// of one name, an empty alias, no name) is skipped with a line in
// *warnings naming the file, the GPU and the figure; the others are used.
// nullopt and *error (with the path) when the file cannot be read (not a
// regular file, over GpuCatalog::maxFileBytes) or is no GPU file at all.
std::optional<GpuCatalog> read(const QString& path, QString* error, QStringList* warnings);
// Writes `user` whole (atomically), or removes the file when it holds no GPU.
bool write(const QString& path, const GpuCatalog& user, QString* error);
// The built-in catalogue with the user's GPUs merged over it.
GpuCatalog merged(const GpuCatalog& user);

} // namespace Ridgeline::UserPeaksFile
