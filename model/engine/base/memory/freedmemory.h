// Stage base/: helpers every stage may use.
// Gives the pages of freed heap memory back to the system. The reader frees
// its temporary maps (a key per distinct name: 130 MB for a trace of a
// million kernel names) in many small blocks; glibc keeps those pages as its
// own, so the process's resident memory stays that much above what it uses
// while the analysis that follows allocates its rows in other, big blocks.
// A no-op where the C library has no such call.
#pragma once

namespace Ridgeline {

void returnFreedMemoryToSystem();

} // namespace Ridgeline
