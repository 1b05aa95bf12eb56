// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// Reads the Triton kernel blocks of one Inductor wrapper file (every PyTorch
// format from 2.0 to 2.9): name, ATen ops, size_hints, signature, heuristic
// and source. Blocks inside docstrings or comments are not blocks.
#pragma once

#include "engine/inductorcache/wrapperkernel.h"

#include <QStringView>

namespace Ridgeline {

struct WrapperFileParse
{
    // Every real block in file order; a block with `problem` set is one
    // whose figures cannot be read (it also has a warning).
    std::vector<WrapperKernel> kernels;
    QStringList warnings; // each names the file, and the kernel where one is concerned
};

class WrapperFileParser
{
public:
    // `fileLabel` names the file in warnings and in each kernel's wrapperFile.
    static WrapperFileParse parse(const QString& fileLabel, QStringView text);

    // A per-kernel file <xx>/<hash>.py read as one block named `name`: its
    // decorator, size_hints and signature, so that V1 figures a kernel whose
    // cache holds that file and no wrapper block of the name.
    static WrapperKernel readKernelFile(const QString& fileLabel, const QString& name, std::shared_ptr<const QString> text);

    // Whether raw file bytes can hold a wrapper file at all: cheap, for
    // skipping the many other .py files of a cache.
    static bool mayBeWrapperFile(const QByteArray& bytes);
};

} // namespace Ridgeline
