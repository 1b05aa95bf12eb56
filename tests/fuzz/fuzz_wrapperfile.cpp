// libFuzzer target: the Inductor wrapper-file parser on any text, and the
// V1 model of every block it finds (size_hints, signature, the source's
// stated counts, template sizes, foreach sub-kernels, inductor_meta).
#include "engine/inductorcache/wrapperfileparser.h"
#include "engine/perfmodel/perfmodelv1.h"
#include "engine/triton/opcatalog.h"

#include <QString>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)Ridgeline::WrapperFileParser::mayBeWrapperFile(bytes);
    const QString text = QString::fromUtf8(bytes);
    const Ridgeline::WrapperFileParse parse = Ridgeline::WrapperFileParser::parse(QStringLiteral("fuzz.py"), text);
    for (const Ridgeline::WrapperKernel& kernel : parse.kernels) {
        Ridgeline::V1Derivation derivation;
        QString whyNot;
        (void)Ridgeline::PerfModelV1::modelBlock(
            kernel, Ridgeline::parseKernelName(kernel.name, Ridgeline::OpCatalog::builtIn()), &derivation, &whyNot);
    }
    return 0;
}
