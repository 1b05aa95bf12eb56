// Hand-made V2 args for perf-model tests: tensors (dims, dtype, optional
// strides) and scalars in argument order, as the profiler records them.
#pragma once

#include "engine/input/tritonopargs.h"

namespace Ridgeline::Test {

struct V2Args
{
    TritonOpArgs args;

    V2Args& tensor(std::vector<std::int64_t> dims, const char* type, std::vector<std::int64_t> strides = {})
    {
        args.inputDims.emplace_back(std::move(dims));
        args.inputStrides.emplace_back(strides.empty() ? std::nullopt : std::optional(std::move(strides)));
        args.inputTypes << QString::fromLatin1(type);
        args.concreteInputs << QString();
        return *this;
    }
    V2Args& scalar(const char* concrete)
    {
        args.inputDims.emplace_back(std::vector<std::int64_t> {});
        args.inputStrides.emplace_back(std::vector<std::int64_t> {});
        args.inputTypes << QStringLiteral("Scalar");
        args.concreteInputs << QString::fromLatin1(concrete);
        return *this;
    }
    V2Args& done()
    {
        args.hasInputDims = args.hasInputTypes = args.hasConcreteInputs = args.hasInputStrides = true;
        return *this;
    }
};

} // namespace Ridgeline::Test
