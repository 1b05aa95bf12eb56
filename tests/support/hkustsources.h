// The hkust-nlp vLLM cache's subgraph 0 in ../shared/realdata: an
// embedding + RMSNorm persistent reduction among four kernels, read by the
// kernel-source and findings tests (paths relative to the shared folder).
#pragma once

#include "engine/inductorcache/wrapperfileparser.h"

#include <QFile>
#include <QString>

namespace Ridgeline::Test {

inline const QString hkustWrapper
    = QStringLiteral("realdata/hkust-nlp__COMP4901B-LLMs/assignment2__ifeval__.vllm_cache__torch_compile_cache__"
                     "0032344a35__rank_0_0__backbone__artifact_shape_None_subgraph_0__2n__"
                     "c2nak7xibfgncvuab2e3g5oznuffpe6fsxkbvdni4ri43rsozvtp.py");
inline const QString embedName = QStringLiteral("triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0");
// The stem of the block's "# kernel path:" comment: the per-kernel file's name.
inline const QString embedHash = QStringLiteral("c2tqi64jqmovdb4f7257yumzxfzyqrsnepcdnj3g6s4tgvonx4vl");

// The block's Triton source as the wrapper holds it: what a per-kernel file holds.
inline QString blockSource(const QString& wrapperPath, const QString& name)
{
    QFile file(wrapperPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const WrapperKernel& kernel : WrapperFileParser::parse(wrapperPath, QString::fromUtf8(file.readAll())).kernels) {
        if (kernel.name == name)
            return kernel.source;
    }
    return {};
}

} // namespace Ridgeline::Test
