// libFuzzer target: the kernel-source parser (Inductor's Python subset) and
// the measure of the bytes its index expressions touch, on any text; the
// first line, when it is "inputs: a,b,c", gives the launch's concrete inputs.
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"

#include <QString>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    Ridgeline::KernelMeasureInputs inputs;
    if (text.startsWith(QLatin1String("inputs: "))) {
        const qsizetype end = text.indexOf(u'\n');
        inputs.concreteInputs = text.mid(8, end < 0 ? -1 : end - 8).split(u',');
    }
    const Ridgeline::KernelRecipe recipe = Ridgeline::parseKernelSource(text);
    (void)Ridgeline::measureKernel(recipe, inputs);
    inputs.xnumel = 4096;
    inputs.rnumel = 3;
    (void)Ridgeline::measureKernel(recipe, inputs);
    return 0;
}
