// Stage libraryops/: the library ops Inductor calls beside its Triton kernels.
// A library op's shape in a few figures, for its row's label: one op name
// has many rows (aten::mm six times in xDiT's table) and the shape tells
// them apart. From the figures its model read, else from its args.
#pragma once

#include "engine/input/tritonopargs.h"
#include "engine/libraryops/models/libraryopmodel.h"

#include <QString>
#include <QStringView>
#include <optional>

namespace Ridgeline {

// GEMM "M x N x K" ("B x M x N x K" batched); attention "B x H x S x D"
// ("S_q/S_kv" where they differ); convolution "N x C x H x W -> K, R x S";
// any other op its first tensor's dims. Empty when nothing is known.
QString libraryOpShapeLabel(QStringView opName, const std::optional<LibraryOpModel>& model, const TritonOpArgs& args);

} // namespace Ridgeline
