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
// The user's GPUs: none when the file does not exist; nullopt and *error
// (with the path) when it cannot be read or is not a GPU file.
std::optional<GpuCatalog> read(const QString& path, QString* error);
// Writes `user` whole (atomically), or removes the file when it holds no GPU.
bool write(const QString& path, const GpuCatalog& user, QString* error);
// The built-in catalogue with the user's GPUs merged over it.
GpuCatalog merged(const GpuCatalog& user);

} // namespace Ridgeline::UserPeaksFile
