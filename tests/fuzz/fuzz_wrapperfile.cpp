// libFuzzer target: the Inductor wrapper-file parser on any text.
#include "engine/inductorcache/wrapperfileparser.h"

#include <QString>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)Ridgeline::WrapperFileParser::mayBeWrapperFile(bytes);
    const QString text = QString::fromUtf8(bytes);
    (void)Ridgeline::WrapperFileParser::parse(QStringLiteral("fuzz.py"), text);
    return 0;
}
