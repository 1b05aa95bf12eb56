#include "engine/graphs/capturetracefiles.h"

#include "engine/base/shownpath.h"
#include "engine/base/smallfile.h"
#include "engine/graphs/executiondetails.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <sys/stat.h>

namespace Ridgeline {
namespace {

const QString detailsName = QStringLiteral("execution_details.json");

// execution_details.json beside the captures, if any: only a regular file,
// and only up to its cap (a FIFO named so must not hang the window).
QHash<QString, CaptureDetails> readDetails(const QString& folder, QStringList* warnings)
{
    const QString path = QDir(folder).filePath(detailsName);
    if (!QFileInfo::exists(path))
        return {};
    QString why;
    std::optional<QHash<QString, CaptureDetails>> details;
    if (const std::optional<QByteArray> bytes = readSmallFile(path, maxExecutionDetailsBytes, &why))
        details = parseExecutionDetails(*bytes, &why);
    if (!details) {
        *warnings << shownPath(path) + QStringLiteral(": not read (%1); batch sizes come from the traces alone").arg(why);
        return {};
    }
    return *details;
}

bool looksLikeTrace(const QString& name)
{
    return name != detailsName && (name.endsWith(QStringLiteral(".json")) || name.endsWith(QStringLiteral(".json.gz")));
}

// One file however it is named: through links, by another path, or a hard link.
QString identity(const QFileInfo& info)
{
    struct stat status {};
    if (::stat(QFile::encodeName(info.absoluteFilePath()).constData(), &status) == 0)
        return QStringLiteral("%1:%2").arg(quint64(status.st_dev)).arg(quint64(status.st_ino));
    return info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
}

class FileList
{
public:
    explicit FileList(QStringList* warnings)
        : m_warnings(warnings)
    { }

    void add(const QFileInfo& info, const QHash<QString, CaptureDetails>& details)
    {
        if (info.exists() && !info.isFile()) { // a FIFO or device would hang the reader; a missing file the reader names
            *m_warnings << shownPath(info.filePath())
                    + QStringLiteral(": not a regular file (a device, FIFO or socket): not read as a capture trace");
            return;
        }
        const QString id = identity(info);
        if (const auto seen = m_seen.constFind(id); seen != m_seen.constEnd()) {
            if (m_repeats++ == 0)
                m_firstRepeat = shownPath(info.filePath()) + QStringLiteral(" is ") + shownPath(seen.value());
            return;
        }
        m_seen.insert(id, info.filePath());
        CaptureTraceFile file;
        file.path = info.filePath();
        if (const auto found = details.constFind(info.fileName()); found != details.constEnd()) {
            file.batchSize = found->batchSize;
            file.mode = found->mode;
        }
        m_files.push_back(std::move(file));
    }

    std::vector<CaptureTraceFile> take()
    {
        if (m_repeats > 0)
            *m_warnings << QStringLiteral("%1 capture trace paths name a file given already (a link to it, or the same path): "
                                          "each file is read once (%2)")
                               .arg(m_repeats)
                               .arg(m_firstRepeat);
        return std::move(m_files);
    }

    size_t size() const { return m_files.size(); }

private:
    QStringList* m_warnings;
    std::vector<CaptureTraceFile> m_files;
    QHash<QString, QString> m_seen; // identity -> the path first given
    int m_repeats = 0;
    QString m_firstRepeat;
};

} // namespace

std::vector<CaptureTraceFile> captureTraceFiles(const QStringList& paths, QStringList* warnings)
{
    FileList files(warnings);
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (info.isDir()) {
            const auto details = readDetails(path, warnings);
            // QDir::Files without QDir::System: FIFOs, sockets and devices are not listed.
            const QFileInfoList entries = QDir(path).entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
            const auto before = files.size();
            for (const QFileInfo& entry : entries) {
                if (looksLikeTrace(entry.fileName()))
                    files.add(entry, details);
            }
            if (files.size() == before)
                *warnings << shownPath(path)
                        + QStringLiteral(": no capture traces (*.json, *.json.gz) in this folder, or only ones given already");
        } else {
            files.add(info, readDetails(info.path(), warnings));
        }
    }
    return files.take();
}

} // namespace Ridgeline
