// libFuzzer target: a whole trace file read as the app reads it, through the
// decompressors (ISA-L gzip, KArchive bzip2/xz/zstd), the scanning thread
// and the collector. Whatever the bytes, readTrace returns a status, and a
// file it calls complete holds events.
#include "engine/input/tracereader.h"

#include <QTemporaryFile>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static QTemporaryFile file; // one file for the whole run: rewritten each time
    if (!file.isOpen() && !file.open())
        std::abort();
    file.resize(0);
    file.seek(0);
    file.write(reinterpret_cast<const char*>(data), qint64(size));
    file.flush();
    const Ridgeline::TraceReadResult read = Ridgeline::readTrace(file.fileName(), {});
    if (read.status == Ridgeline::TraceReadResult::Status::Ok && read.trace.eventCount == 0)
        std::abort();
    if (read.status == Ridgeline::TraceReadResult::Status::Failed && !read.error.startsWith(file.fileName()))
        std::abort(); // every failure names the file
    return 0;
}
