// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// V1 figures of the cache blocks TraceLens does not model: GEMM templates
// (M, N and K from the template's source, operands and output from the
// signature) and foreach kernels (one "xnumel =" per sub-kernel, each
// pointer over the sub-kernel that uses it). Split scans share the
// reduction path of PerfModelV1.
#pragma once

#include "engine/kernelsource/sourcefacts.h"
#include "engine/perfmodel/kernelmodel.h"

namespace Ridgeline {

struct V1KindInput
{
    const WrapperKernel& block;
    const TritonSourceFacts& facts;
    QStringList ops; // the block's ATen ops, else the name's
    QString opsSource;
};

std::optional<KernelModel> modelTemplateBlock(const V1KindInput& input, V1Derivation* derivation, QString* whyNot);
std::optional<KernelModel> modelForeachBlock(const V1KindInput& input, V1Derivation* derivation, QString* whyNot);

} // namespace Ridgeline
