// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// Bytes per element of the dtype names PyTorch writes into trace args, as
// Ridgeline counts them and as the TraceLens reference model counts them.
#pragma once

#include <QString>
#include <optional>

namespace Ridgeline {

// Ridgeline's answer: every dtype name seen in real traces, c10:: and plain
// C++ spellings alike. nullopt means the name is unknown to Ridgeline too.
std::optional<int> bytesPerElement(QStringView dtype);

// TraceLens's table knows only eight c10:: names; anything else counts 0 bytes.
int traceLensBytesPerElement(QStringView dtype);

// Bytes per element of a Triton signature pointer type such as "*bf16" (V1).
std::optional<int> pointerBytesPerElement(QStringView pointerType);

} // namespace Ridgeline
