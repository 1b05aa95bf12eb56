// libFuzzer target: the Inductor cache loader on any file: classified,
// opened as an archive (tar, compressed tar, zip) or a wrapper file, and
// indexed, with every member read through KArchive.
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/inductorcache/inductorcachereader.h"

#include <QFile>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cache.bin"));
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        file.write(reinterpret_cast<const char*>(data), qint64(size));
    }
    QString error;
    const auto reader = Ridgeline::InductorCacheReader::open(path, &error);
    if (!reader)
        return 0;
    Ridgeline::InductorCacheIndex index(path);
    (void)index.addAll(*reader, {});
    return 0;
}
