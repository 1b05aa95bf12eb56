// Fixtures for the Inductor cache tests, made at run time: the bundled
// trace without its V2 args, and the fixture wrapper laid out as a cache
// directory or packed into tar, tar.gz, tar.xz and zip archives.
#pragma once

#include "engine/analysis.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

namespace Ridgeline::Test {

// The wrapper file written for the bundled trace's four kernels.
QByteArray fixtureWrapper();
// The path of the per-kernel cache file the wrapper names for a kernel.
inline constexpr const char* fixtureWrapperMember = "xq/cxqwrapper4transformerblockfixture.py";

class CacheFixtures
{
public:
    // The bundled trace with Input Dims, Input type, Concrete Inputs and
    // Input Strides removed from every event: V2 has nothing to read.
    QString traceWithoutV2Args();

    // A cache directory: the wrapper under xq/, a per-kernel file (Triton
    // source only, no async_compile) under mw/, and a file that is no Python.
    QString cacheDirectory();
    // The same files packed; `name` decides the format (.tar, .tar.gz,
    // .tar.xz, .zip) and the returned path may be renamed to `storedAs`.
    QString cacheArchive(const QString& name, const QString& storedAs = {});

    QString write(const QString& name, const QByteArray& content);
    QString path(const QString& name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
};

// Options that read exactly `cache` and never look at this machine's own
// Inductor cache.
AnalysisOptions cacheOptions(const QString& cache);
AnalysisOutcome analyzeWithCache(const QString& trace, const QString& cache, const JobControl& control = {});

} // namespace Ridgeline::Test
