// libFuzzer target: the library-op models on any args. The input is an op
// name, a newline and the op's args object (run.sh seeds it with the model
// tests' fixtures); a name that is not modelled picks a modelled one by its
// first byte, so mutated names still reach a model. Every model gives
// usable figures or refuses with a reason: never UB, a crash or an absurd
// figure (trapped here, so the fuzzer keeps the input).
#include "engine/input/eventargsreader.h"
#include "engine/libraryops/models/libraryopmodel.h"

#include <cmath>
#include <string_view>

namespace {

bool usableFigure(double value, bool unknownAllowed)
{
    return (unknownAllowed && std::isnan(value)) || (value >= 0 && value < 9.2e18);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const QStringList ops = Ridgeline::modelledLibraryOps();
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t newline = input.find('\n');
    const std::string_view nameText = input.substr(0, newline);
    const std::string_view argsText = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
    QString op = QString::fromUtf8(nameText.data(), qsizetype(nameText.size()));
    if (!Ridgeline::isModelledLibraryOp(op))
        op = ops[qsizetype((nameText.empty() ? 0u : unsigned(static_cast<unsigned char>(nameText[0]))) % unsigned(ops.size()))];

    // A reader per input: a shared one would intern every args seen, without bound.
    Ridgeline::EventArgsReader reader;
    std::int64_t externalId = -1;
    const auto args = reader.readTritonOpArgs(argsText, &externalId);
    QString whyNot;
    const auto model = Ridgeline::modelLibraryOp(op, *args, &whyNot);
    if (!model) {
        if (whyNot.isEmpty())
            __builtin_trap(); // refused without a reason
        return 0;
    }
    const Ridgeline::LibraryOpFigures& truth = model->figures;
    if (!usableFigure(truth.flops, false) || !usableFigure(truth.bytes, true) || truth.rule.isEmpty())
        __builtin_trap();
    if (model->tracelens && (!usableFigure(model->tracelens->flops, true) || !usableFigure(model->tracelens->bytes, true)))
        __builtin_trap();
    return 0;
}
