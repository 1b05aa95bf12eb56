#include "engine/inductorcache/inductorcacheindex.h"

#include "engine/inductorcache/inductorcachereader.h"
#include "engine/inductorcache/tlparselog.h"
#include "engine/inductorcache/wrapperfileparser.h"
#include "engine/input/tracesource.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringDecoder>
#include <algorithm>

namespace Ridgeline {
namespace {

// Wrapper files are well under a megabyte; anything this large is not one.
constexpr qint64 maxWrapperFileBytes = 64 << 20;

QString describe(const WrapperKernel& kernel)
{
    const QString hints
        = kernel.sizeHintsText.isEmpty() ? QStringLiteral("no size_hints") : QStringLiteral("size_hints ") + kernel.sizeHintsText;
    return QStringLiteral("%1 (line %2, %3)").arg(kernel.wrapperFile).arg(kernel.line).arg(hints);
}

QString fileNameOf(const QString& path)
{
    return QFileInfo(path).fileName();
}

// "/tmp/torchinductor_root/5n/c5n4ij....py" -> "c5n4ij...": Inductor's hash of the kernel's source.
QString hashOfPath(const QString& path)
{
    QString name = fileNameOf(path);
    if (name.endsWith(QStringLiteral(".py")))
        name.chop(3);
    return name;
}

// Inductor stores a per-kernel file as <xx>/c<xx>....py: the folder is the
// hash's second and third characters.
bool isHashPlace(const QString& label)
{
    const QString stem = hashOfPath(label);
    const QString folder = QFileInfo(label).dir().dirName();
    return stem.size() > 8 && folder.size() == 2 && stem.mid(1, 2) == folder;
}

// A Triton kernel's own source: a jit'ed def, decorated by Inductor's heuristics or plain triton.
QString kernelDefName(const QString& text)
{
    if (!text.contains(QStringLiteral("@triton.jit")) && !text.contains(QStringLiteral("triton_heuristics.")))
        return {};
    static const QRegularExpression defRe(QStringLiteral(R"(^def\s+(\w+)\s*\()"), QRegularExpression::MultilineOption);
    const auto m = defRe.match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace

InductorCacheIndex::InductorCacheIndex(QString source, std::optional<QSet<QString>> keepOnly)
    : m_source(std::move(source))
    , m_keepOnly(std::move(keepOnly))
{ }

InductorCacheIndex::BuildStatus InductorCacheIndex::addAll(const InductorCacheReader& reader, const JobControl& control)
{
    const auto& members = reader.members();
    // A TORCH_TRACE log is streamed, whatever its size: told by its first line.
    if (reader.kind() == InductorCacheReader::Kind::SingleFile && members.size() == 1 && TlparseLog::isLogFile(members.front().label))
        return addTlparseLog(members.front().label, members.front().size, control);
    qint64 total = 0;
    for (const auto& member : members)
        total += member.size;
    qint64 done = 0;
    control.report(0, total);
    for (size_t i = 0; i < members.size(); ++i) {
        if (control.stopRequested())
            return BuildStatus::Cancelled;
        const auto& member = members[i];
        if (member.size > maxWrapperFileBytes) {
            m_warnings << QStringLiteral("%1: %2 MiB, too large for a wrapper file; skipped").arg(member.label).arg(member.size >> 20);
        } else {
            QString error;
            const auto bytes = reader.read(i, maxWrapperFileBytes, &error);
            const bool single = reader.kind() == InductorCacheReader::Kind::SingleFile;
            if (!bytes)
                m_warnings << QStringLiteral("%1: %2; skipped").arg(member.label, error);
            else if (WrapperFileParser::mayBeWrapperFile(*bytes))
                addFile(member.label, *bytes, single ? SourceOrigin::OutputCode : SourceOrigin::CacheName);
            else if (!single)
                addKernelFile(member.label, *bytes);
            else
                m_warnings << QStringLiteral("%1: neither a directory, a tar or zip archive, nor a wrapper file "
                                             "(no async_compile.triton in it)")
                                  .arg(member.label);
        }
        done += member.size;
        control.report(done, total);
    }
    return BuildStatus::Ok;
}

void InductorCacheIndex::addFile(const QString& label, const QByteArray& bytes, SourceOrigin origin)
{
    if (bytes.contains('\0')) {
        m_warnings << QStringLiteral("%1: binary data, not a wrapper file; skipped").arg(label);
        return;
    }
    addWrapper(label, QString::fromUtf8(bytes), origin);
}

void InductorCacheIndex::addWrapper(const QString& label, QStringView text, SourceOrigin origin)
{
    WrapperFileParse parse = WrapperFileParser::parse(label, text);
    m_warnings << parse.warnings;
    if (parse.kernels.empty())
        return;
    ++m_wrapperFiles;
    for (WrapperKernel& kernel : parse.kernels) {
        if (kernel.problem.isEmpty())
            ++m_kernels;
        if (!keeps(kernel.name))
            continue;
        kernel.origin = origin;
        kernel.sharedSource = std::make_shared<const QString>(kernel.source); // shares the buffer: no copy
        m_byName[kernel.name].push_back(std::move(kernel));
    }
}

void InductorCacheIndex::addKernelFile(const QString& label, const QByteArray& bytes)
{
    const QString hash = hashOfPath(label);
    const bool atHashPlace = isHashPlace(label);
    KernelFileEntry entry;
    entry.label = label;
    QString text;
    if (bytes.contains('\0')) {
        entry.problem = QStringLiteral("binary data, not Python");
    } else {
        auto decode = QStringDecoder(QStringDecoder::Utf8);
        text = decode(bytes);
        if (decode.hasError())
            entry.problem = QStringLiteral("not UTF-8 text, not Python");
        else if ((entry.defName = kernelDefName(text)).isEmpty())
            entry.problem = QStringLiteral("no Triton kernel in it (no @triton.jit or triton_heuristics def)");
    }
    if (!entry.problem.isEmpty() && !atHashPlace)
        return; // one of the cache's many other files
    if (entry.problem.isEmpty())
        ++m_kernelFiles;
    if (!keeps(hash) && (entry.defName.isEmpty() || !keeps(entry.defName)))
        return;
    if (m_byHash.contains(hash))
        return; // the same hash is the same source
    if (entry.problem.isEmpty()) {
        entry.text = std::make_shared<const QString>(std::move(text));
        entry.block = std::make_shared<const WrapperKernel>(WrapperFileParser::readKernelFile(label, entry.defName, entry.text));
        m_hashesByDefName[entry.defName] << hash;
    }
    m_byHash.insert(hash, std::move(entry));
}

InductorCacheIndex::BuildStatus InductorCacheIndex::addTlparseLog(const QString& path, qint64 size, const JobControl& control)
{
    QString error;
    auto source = TraceSource::open(path, &error);
    if (!source) {
        m_warnings << QStringLiteral("%1: %2; skipped").arg(path, error);
        return BuildStatus::Ok;
    }
    const int before = m_wrapperFiles;
    const bool done = TlparseLog::read(
        source->stream(), path, size, control,
        [&](const QString& label, const QString& text) { addWrapper(label, text, SourceOrigin::Tlparse); }, &m_warnings);
    if (!done)
        return BuildStatus::Cancelled;
    if (m_wrapperFiles == before)
        m_warnings << QStringLiteral("%1: a TORCH_TRACE log without inductor_output_code entries holding Triton kernels").arg(path);
    return BuildStatus::Ok;
}

const std::vector<WrapperKernel>& InductorCacheIndex::definitions(const QString& name) const
{
    static const std::vector<WrapperKernel> none;
    const auto it = m_byName.constFind(name);
    return it == m_byName.constEnd() ? none : *it;
}

CacheLookup InductorCacheIndex::lookup(const QString& name, const QString& kernelFile) const
{
    CacheLookup result;
    const auto& all = definitions(name);
    if (all.empty()) {
        result.why = QStringLiteral("%1 is not in the Inductor cache %2 (%3 wrapper files, %4 kernels)")
                         .arg(name, m_source)
                         .arg(m_wrapperFiles)
                         .arg(m_kernels);
        return result;
    }
    // The trace's kernel_file names the per-kernel file that the wrapper's
    // "kernel path" comment also names: it picks one compiled graph.
    std::vector<const WrapperKernel*> candidates;
    if (!kernelFile.isEmpty()) {
        for (const WrapperKernel& kernel : all) {
            if (!kernel.kernelPath.isEmpty() && fileNameOf(kernel.kernelPath) == fileNameOf(kernelFile))
                candidates.push_back(&kernel);
        }
    }
    if (candidates.empty()) {
        for (const WrapperKernel& kernel : all)
            candidates.push_back(&kernel);
    }

    // Blocks with the same content are one definition (the same graph compiled twice).
    std::vector<std::pair<const WrapperKernel*, int>> distinct;
    QSet<QString> files;
    for (const WrapperKernel* kernel : candidates) {
        files.insert(kernel->wrapperFile);
        auto same = std::find_if(distinct.begin(), distinct.end(), [&](const auto& entry) {
            return entry.first->problem.isEmpty() && kernel->problem.isEmpty() && entry.first->contentKey() == kernel->contentKey();
        });
        if (same != distinct.end())
            ++same->second;
        else
            distinct.emplace_back(kernel, 1);
    }
    if (distinct.size() == 1) {
        result.kernel = distinct.front().first;
        result.definingFiles = distinct.front().second;
        if (!result.kernel->problem.isEmpty()) {
            result.status = CacheLookup::Status::Unreadable;
            result.why = QStringLiteral("%1 defines %2 at line %3, but %4")
                             .arg(result.kernel->wrapperFile, name)
                             .arg(result.kernel->line)
                             .arg(result.kernel->problem);
        } else {
            result.status = CacheLookup::Status::Found;
        }
        return result;
    }
    result.status = CacheLookup::Status::Ambiguous;
    QStringList listed;
    for (const auto& [kernel, count] : distinct)
        listed << describe(*kernel);
    const QString head = files.size() == qsizetype(distinct.size())
        ? QStringLiteral("ambiguous: %1 wrapper files define %2").arg(distinct.size()).arg(name)
        : QStringLiteral("ambiguous: %1 different definitions of %2 in %3 wrapper files").arg(distinct.size()).arg(name).arg(files.size());
    result.why = head + QStringLiteral(": ") + listed.join(QStringLiteral("; "))
        + QStringLiteral(" (Ridgeline does not guess which one the trace ran)");
    return result;
}

const WrapperKernel* InductorCacheIndex::kernelFileBlock(const QString& kernelHash, const QString& kernelFile) const
{
    const QString hash = kernelHash.isEmpty() ? hashOfPath(kernelFile) : kernelHash;
    if (hash.isEmpty())
        return nullptr;
    const auto it = m_byHash.constFind(hash);
    return it != m_byHash.constEnd() && it->block ? it->block.get() : nullptr;
}

FoundSource InductorCacheIndex::findSource(const QString& name, const QString& kernelHash, const QString& kernelFile) const
{
    FoundSource found;
    const auto fromBlock = [&](const WrapperKernel& block) {
        found.atenOps = block.atenOps;
        found.sourceNodes = block.sourceNodes;
    };
    // 1. The per-kernel file of the trace's hash, else of kernel_file's base name.
    const QString hash = kernelHash.isEmpty() ? hashOfPath(kernelFile) : kernelHash;
    const QString hashArg = kernelHash.isEmpty() ? QStringLiteral("kernel_file's name") : QStringLiteral("kernel_hash");
    QString hashWhy;
    if (!hash.isEmpty()) {
        const auto it = m_byHash.constFind(hash);
        if (it != m_byHash.constEnd() && it->text) {
            found.source.origin = SourceOrigin::KernelFile;
            found.source.file = it->label;
            found.text = it->text;
            found.key = QStringLiteral("hash:") + hash;
            // The wrapper block that names this file holds the comments.
            for (const WrapperKernel& block : definitions(name)) {
                if (hashOfPath(block.kernelPath) == hash) {
                    fromBlock(block);
                    break;
                }
            }
            return found;
        }
        hashWhy = it != m_byHash.constEnd()
            ? QStringLiteral("%1 %2 names %3, which is %4").arg(hashArg, hash, it->label, it->problem)
            : QStringLiteral("%1 %2 is not among the cache's %3 per-kernel files").arg(hashArg, hash).arg(m_kernelFiles);
    }
    const auto none = [&](const QString& why) {
        found.source.why = hashWhy.isEmpty() ? why : hashWhy + QStringLiteral("; ") + why;
        return found;
    };
    // 2. A block of the same name: a wrapper file's, an output_code.py's, a tlparse log's.
    const CacheLookup byName = lookup(name, kernelFile.isEmpty() && !hash.isEmpty() ? hash + QStringLiteral(".py") : kernelFile);
    if (byName.kernel && byName.status != CacheLookup::Status::Ambiguous && byName.kernel->sharedSource
        && !byName.kernel->sharedSource->isEmpty()) {
        const WrapperKernel& block = *byName.kernel;
        found.source.origin = block.origin;
        found.source.file = block.wrapperFile;
        found.text = block.sharedSource;
        found.key = QStringLiteral("%1#%2").arg(block.wrapperFile).arg(block.blockIndex);
        fromBlock(block);
        return found;
    }
    if (byName.status == CacheLookup::Status::Ambiguous)
        return none(byName.why);
    // 3. A per-kernel file whose def line names the kernel.
    const QStringList hashes = m_hashesByDefName.value(name);
    if (!hashes.isEmpty()) {
        const KernelFileEntry& first = m_byHash[hashes.front()];
        for (const QString& other : hashes) {
            if (*m_byHash[other].text != *first.text)
                return none(QStringLiteral("ambiguous: %1 per-kernel files of the cache define %2 differently (%3, %4)")
                        .arg(hashes.size())
                        .arg(name, first.label, m_byHash[other].label));
        }
        found.source.origin = SourceOrigin::CacheName;
        found.source.file = first.label;
        found.text = first.text;
        found.key = QStringLiteral("hash:") + hashes.front();
        return found;
    }
    if (byName.status == CacheLookup::Status::Unreadable)
        return none(byName.why);
    return none(QStringLiteral("%1 is not defined in %2 (%3 wrapper files, %4 kernels, %5 per-kernel files)")
            .arg(name, m_source)
            .arg(m_wrapperFiles)
            .arg(m_kernels)
            .arg(m_kernelFiles));
}

} // namespace Ridgeline
