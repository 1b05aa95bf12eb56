// Inductor cache benchmark: writes a synthetic cache of wrapper files (many
// blocks each, with distinct sources, as a long-lived ~/.cache/torchinductor
// holds), lays it out as a directory and as tar.gz, tar.xz and zip archives,
// and times indexing each. The archives must cost about what the directory
// costs plus one decompression: never one decompression per member.
//
//   ridgeline_cache_bench [MEGABYTES=100]
#include "engine/inductorcache/inductorcacheloader.h"

#include <KTar>
#include <KZip>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <cstdio>

using namespace Ridgeline;

namespace {

// One wrapper file of `blocks` pointwise kernels in the 2.8 layout.
QByteArray wrapperFile(int file, int blocks)
{
    QByteArray out = "from torch._inductor.async_compile import AsyncCompile\nasync_compile = AsyncCompile()\n\n";
    for (int b = 0; b < blocks; ++b) {
        const QByteArray name = "triton_poi_fused_add_mul_" + QByteArray::number(file) + '_' + QByteArray::number(b);
        out += "# Original ATen: [aten.add, aten.mul]\n" + name + " = async_compile.triton('" + name
            + "', '''\nimport triton\nimport triton.language as tl\n\n@triton_heuristics.pointwise(\n"
              "    size_hints={'x': 1048576},\n    filename=__file__,\n"
              "    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'out_ptr0': '*bf16', "
              "'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'constants': {}},\n)\n@triton.jit\ndef "
            + name + "(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):\n";
        for (int line = 0; line < 30; ++line) // distinct lines: the archives cannot fold them away
            out += "    tmp" + QByteArray::number(line) + " = tl.load(in_ptr0 + (x0 + " + QByteArray::number(file * 977 + b * 31 + line)
                + "), xmask).to(tl.float32)\n";
        out += "''', device_str='cuda')\n\n";
    }
    return out;
}

double indexSeconds(const QString& cache, int* wrapperFiles)
{
    QElapsedTimer timer;
    timer.start();
    InductorCacheLoader loader(cache, false, {});
    loader.load({ QStringLiteral("triton_poi_fused_add_mul_0_0") }, {});
    *wrapperFiles = loader.index() ? loader.index()->wrapperFileCount() : 0;
    return double(timer.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const qint64 megabytes = argc > 1 ? QByteArray(argv[1]).toLongLong() : 100;
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("cache"));
    KTar tarGz(dir.filePath(QStringLiteral("cache.tar.gz")));
    KTar tarXz(dir.filePath(QStringLiteral("cache.tar.xz")));
    KZip zip(dir.filePath(QStringLiteral("cache.zip")));
    if (!tarGz.open(QIODevice::WriteOnly) || !tarXz.open(QIODevice::WriteOnly) || !zip.open(QIODevice::WriteOnly))
        return 1;
    qint64 written = 0;
    int files = 0;
    while (written < megabytes << 20) {
        const QByteArray text = wrapperFile(files, 8);
        const QString member = QStringLiteral("%1/c%2.py").arg(files % 256, 2, 16, QLatin1Char('0')).arg(files);
        QDir().mkpath(QFileInfo(root + u'/' + member).absolutePath());
        QFile file(root + u'/' + member);
        if (!file.open(QIODevice::WriteOnly))
            return 1;
        file.write(text);
        for (KArchive* archive : { static_cast<KArchive*>(&tarGz), static_cast<KArchive*>(&tarXz), static_cast<KArchive*>(&zip) })
            archive->writeFile(member, text);
        written += text.size();
        ++files;
    }
    tarGz.close();
    tarXz.close();
    zip.close();
    std::printf("synthetic cache: %d wrapper files, %lld MB of Python\n", files, written >> 20);

    for (const char* name : { "cache", "cache.tar.gz", "cache.tar.xz", "cache.zip" }) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        int wrapperFiles = 0;
        const double seconds = indexSeconds(path, &wrapperFiles);
        std::printf("%-13s %8.2f s  %7.0f MB/s of Python  (%d wrapper files indexed, file %lld KB)\n", name, seconds,
            double(written) / 1048576.0 / seconds, wrapperFiles, QFileInfo(path).isDir() ? 0LL : QFileInfo(path).size() >> 10);
    }
    return 0;
}
