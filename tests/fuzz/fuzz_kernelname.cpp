// libFuzzer target: kernel-name parsing (category, fused-op segmentation).
#include "engine/triton/kernelname.h"
#include "engine/triton/opcatalog.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const Ridgeline::OpCatalog& catalog = Ridgeline::OpCatalog::builtIn();
    const QString name = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)Ridgeline::isTritonKernelName(name);
    (void)Ridgeline::parseKernelName(name, catalog);
    return 0;
}
