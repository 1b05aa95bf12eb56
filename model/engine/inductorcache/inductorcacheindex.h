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
#include <memory>
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

// Where a kernel's source was found and its text, shared by every row of
// the same source (`key` tells them apart): the anatomy is read once per
// hash, then measured per row.
struct FoundSource
{
    KernelSource source; // origin, file, why; anatomy nullopt until parsed
    std::shared_ptr<const QString> text; // null for SourceOrigin::None
    QString key; // "hash:<hash>" or "<file>#<block>": one per distinct text
    // The wrapper's comments above the kernel's block (empty without a block).
    QStringList atenOps;
    QStringList sourceNodes;
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
    // `keepOnly`, blocks of other names (per-kernel files of other names and
    // hashes) are counted but not kept: a large cache then costs memory only
    // for the trace's kernels.
    explicit InductorCacheIndex(QString source, std::optional<QSet<QString>> keepOnly = std::nullopt);

    // Reads every member of `reader` once; reports progress in bytes of the
    // members and stops early when asked.
    BuildStatus addAll(const InductorCacheReader& reader, const JobControl& control);
    // Parses one file's bytes when they hold a wrapper module; `origin` says
    // what the blocks' sources are (a cache's wrapper, an output_code.py).
    void addFile(const QString& label, const QByteArray& bytes, SourceOrigin origin = SourceOrigin::CacheName);

    // The kernel of that name; `kernelFile` (the trace's kernel_file arg)
    // settles a name that several graphs define differently.
    CacheLookup lookup(const QString& name, const QString& kernelFile = {}) const;
    // A kernel's source, in this order: the per-kernel file <xx>/<hash>.py of
    // `kernelHash`, else of `kernelFile`'s base name (the recorded path is
    // never opened); else a block of that name (a cache's wrapper file, an
    // output_code.py, a tlparse log) or a per-kernel file defining it.
    FoundSource findSource(const QString& name, const QString& kernelHash, const QString& kernelFile) const;
    // The per-kernel file of `kernelHash` (else of `kernelFile`'s base name)
    // read as a block named `name`; null when the cache has no readable one.
    const WrapperKernel* kernelFileBlock(const QString& kernelHash, const QString& kernelFile) const;
    // Adds a TORCH_TRACE log's inductor_output_code payloads (its blocks are
    // then blocks like a wrapper file's, of origin Tlparse).
    BuildStatus addTlparseLog(const QString& path, qint64 size, const JobControl& control);

    // Every block of that name, readable or not, in file order.
    const std::vector<WrapperKernel>& definitions(const QString& name) const;

    const QString& source() const { return m_source; }
    int wrapperFileCount() const { return m_wrapperFiles; }
    int kernelCount() const { return m_kernels; } // readable blocks, kept or not
    // Distinct names with at least one block here (with `keepOnly`: the
    // trace's kernels the cache defines).
    int keptNameCount() const { return int(m_byName.size()); }
    int kernelFileCount() const { return m_kernelFiles; } // per-kernel <xx>/<hash>.py files seen
    const QStringList& warnings() const { return m_warnings; }

private:
    // One per-kernel file <xx>/<hash>.py: the kernel's source alone.
    struct KernelFileEntry
    {
        QString label;
        QString defName;
        std::shared_ptr<const QString> text; // null when `problem` says why
        QString problem;
        std::shared_ptr<const WrapperKernel> block; // the text read as a block: V1 figures from it
    };
    void addWrapper(const QString& label, QStringView text, SourceOrigin origin);
    // Keeps a file that is no wrapper when it is a per-kernel file (by its place <xx>/<hash>.py or its content).
    void addKernelFile(const QString& label, const QByteArray& bytes);
    bool keeps(const QString& nameOrHash) const { return !m_keepOnly || m_keepOnly->contains(nameOrHash); }

    QString m_source;
    std::optional<QSet<QString>> m_keepOnly;
    QHash<QString, std::vector<WrapperKernel>> m_byName;
    QHash<QString, KernelFileEntry> m_byHash;
    QHash<QString, QStringList> m_hashesByDefName;
    int m_kernelFiles = 0;
    int m_wrapperFiles = 0;
    int m_kernels = 0;
    QStringList m_warnings;
};

} // namespace Ridgeline
