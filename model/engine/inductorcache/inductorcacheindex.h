// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// Every Triton kernel block of an Inductor cache's wrapper files, by kernel
// name: built once per analysis on the worker thread (each file read and
// parsed once), then only read. Answers "which block defines this kernel?",
// and says so when two compiled graphs define one name differently.
#pragma once

#include "engine/base/progress.h"
#include "engine/inductorcache/wrapperkernel.h"

#include <QHash>
#include <QSet>
#include <optional>

namespace Ridgeline {

class InductorCacheReader;

struct CacheLookup
{
    enum class Status
    {
        Found,
        NotFound,
        Ambiguous,
        Unreadable
    };
    Status status = Status::NotFound;
    const WrapperKernel* kernel = nullptr; // Found and Unreadable
    int definingFiles = 0; // Found: wrapper files holding this same block
    QString why; // all but Found: one line a user can act on
};

class InductorCacheIndex
{
public:
    enum class BuildStatus
    {
        Ok,
        Cancelled
    };

    // `source` names the cache in messages ("/path (zip archive)"). With
    // `keepOnly`, blocks of other names are counted but not kept: a large
    // cache then costs memory only for the trace's kernels.
    explicit InductorCacheIndex(QString source, std::optional<QSet<QString>> keepOnly = std::nullopt);

    // Reads every member of `reader` once; reports progress in bytes of the
    // members and stops early when asked.
    BuildStatus addAll(const InductorCacheReader& reader, const JobControl& control);
    // Parses one file's bytes when they hold a wrapper module.
    void addFile(const QString& label, const QByteArray& bytes);

    // The kernel of that name; `kernelFile` (the trace's kernel_file arg)
    // settles a name that several graphs define differently.
    CacheLookup lookup(const QString& name, const QString& kernelFile = {}) const;
    // Every block of that name, readable or not, in file order.
    const std::vector<WrapperKernel>& definitions(const QString& name) const;

    const QString& source() const { return m_source; }
    int wrapperFileCount() const { return m_wrapperFiles; }
    int kernelCount() const { return m_kernels; } // readable blocks, kept or not
    // Distinct names with at least one block here (with `keepOnly`: the
    // trace's kernels the cache defines).
    int keptNameCount() const { return int(m_byName.size()); }
    const QStringList& warnings() const { return m_warnings; }

private:
    QString m_source;
    std::optional<QSet<QString>> m_keepOnly;
    QHash<QString, std::vector<WrapperKernel>> m_byName;
    int m_wrapperFiles = 0;
    int m_kernels = 0;
    QStringList m_warnings;
};

} // namespace Ridgeline
