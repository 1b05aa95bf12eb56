// Stage results/: calls grouped into unique kernel rows.
#include "engine/results/naming/rowdisplayname.h"

#include "engine/base/names/readablekernelname.h"
#include "engine/libraryops/shapelabel.h"

namespace Ridgeline {

RowNames rowNames(const KernelRow& row)
{
    if (row.libraryOp) {
        const QString shape = libraryOpShapeLabel(row.name, row.libraryOp->model, *row.args);
        return { shape.isEmpty() ? row.name : row.name + QStringLiteral(" (") + shape + u')', row.name };
    }
    // Triton rows keep Inductor's names: they are short and already say what the kernel fuses.
    if (!row.isLibrary())
        return { row.name, row.name };
    const ReadableKernelName readable = readableKernelName(row.name);
    return { readable.shortName, readable.fullName };
}

} // namespace Ridgeline
