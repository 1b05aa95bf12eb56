#include "engine/base/memory/freedmemory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace Ridgeline {

void returnFreedMemoryToSystem()
{
#if defined(__GLIBC__)
    // Every arena, and free pages inside them, not only the heap's top
    // (glibc >= 2.8): a walk of the heap, milliseconds for a big trace.
    malloc_trim(0);
#endif
}

} // namespace Ridgeline
