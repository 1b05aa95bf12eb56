#include "engine/inductorcache/inductorcacheindex.h"

#include "engine/inductorcache/inductorcachereader.h"
#include "engine/inductorcache/wrapperfileparser.h"

#include <QFileInfo>
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

} // namespace

InductorCacheIndex::InductorCacheIndex(QString source, std::optional<QSet<QString>> keepOnly)
    : m_source(std::move(source))
    , m_keepOnly(std::move(keepOnly))
{ }

InductorCacheIndex::BuildStatus InductorCacheIndex::addAll(const InductorCacheReader& reader, const JobControl& control)
{
    const auto& members = reader.members();
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
            if (!bytes)
                m_warnings << QStringLiteral("%1: %2; skipped").arg(member.label, error);
            else if (WrapperFileParser::mayBeWrapperFile(*bytes))
                addFile(member.label, *bytes);
            else if (reader.kind() == InductorCacheReader::Kind::SingleFile)
                m_warnings << QStringLiteral("%1: neither a directory, a tar or zip archive, nor a wrapper file "
                                             "(no async_compile.triton in it)")
                                  .arg(member.label);
        }
        done += member.size;
        control.report(done, total);
    }
    return BuildStatus::Ok;
}

void InductorCacheIndex::addFile(const QString& label, const QByteArray& bytes)
{
    if (bytes.contains('\0')) {
        m_warnings << QStringLiteral("%1: binary data, not a wrapper file; skipped").arg(label);
        return;
    }
    WrapperFileParse parse = WrapperFileParser::parse(label, QString::fromUtf8(bytes));
    m_warnings << parse.warnings;
    if (parse.kernels.empty())
        return;
    ++m_wrapperFiles;
    for (WrapperKernel& kernel : parse.kernels) {
        if (kernel.problem.isEmpty())
            ++m_kernels;
        if (!m_keepOnly || m_keepOnly->contains(kernel.name))
            m_byName[kernel.name].push_back(std::move(kernel));
    }
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

} // namespace Ridgeline
