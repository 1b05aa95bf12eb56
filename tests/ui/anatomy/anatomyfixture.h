// Hand-built rows for the anatomy view's tests: a pointwise kernel that
// adds a 64-element bias to 768 elements (the bias broadcast ×12), its
// source with known line numbers, its anatomy as kernelsource/ reads it
// (bytes derived by hand) and two findings; and a row without source.
#pragma once

#include "engine/results/kernelrow.h"

#include <memory>

namespace Ridgeline::Test {

// Line 14 loads in_ptr0, 15 loads in_ptr1 (the bias), 17 stores out_ptr0.
inline const char* broadcastSource()
{
    return "@triton_heuristics.pointwise(\n" // 1
           "    size_hints={'x': 1024},\n" // 2
           "    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', "
           "'XBLOCK': 'constexpr'}},\n" // 3
           "    inductor_meta={'kernel_name': 'triton_poi_fused_add_0', 'num_load': 2, 'num_store': 1},\n" // 4
           ")\n" // 5
           "@triton.jit\n" // 6
           "def triton_poi_fused_add_0(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):\n" // 7
           "    xnumel = 768\n" // 8
           "    xoffset = tl.program_id(0) * XBLOCK\n" // 9
           "    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n" // 10
           "    xmask = xindex < xnumel\n" // 11
           "    x2 = xindex\n" // 12
           "    x0 = xindex % 64\n" // 13
           "    tmp0 = tl.load(in_ptr0 + (x2), xmask)\n" // 14
           "    tmp1 = tl.load(in_ptr1 + (x0), xmask, eviction_policy='evict_last')\n" // 15
           "    tmp2 = tmp0 + tmp1\n" // 16
           "    tl.store(out_ptr0 + (x2), tmp2, xmask)\n"; // 17
}

inline PointerAnatomy pointer(
    const QString& arg, PointerAnatomy::Role role, AccessKind kind, SourceAccess access, std::int64_t unique, std::int64_t perAccess)
{
    PointerAnatomy p;
    p.arg = arg;
    p.role = role;
    p.dtype = QStringLiteral("*fp32");
    p.kind = kind;
    p.accesses = { std::move(access) };
    p.uniqueElements = unique / 4;
    p.uniqueBytes = unique;
    p.uniqueBytesMax = unique;
    p.perAccessBytes = perAccess;
    return p;
}

// 768 fp32 lanes: in_ptr0 and out_ptr0 touch 3,072 B each; the bias 64
// elements = 256 B unique, read by every lane = 3,072 B per access.
inline KernelRow broadcastRow()
{
    KernelRow row;
    row.name = QStringLiteral("triton_poi_fused_add_0");
    FoundSource found;
    found.source.origin = SourceOrigin::KernelFile;
    found.source.file = QStringLiteral("/cache/ab/cabcdef.py");
    found.text = std::make_shared<const QString>(QString::fromUtf8(broadcastSource()));
    found.key = QStringLiteral("hash:cabcdef");
    KernelAnatomy a;
    a.parsedLoads = 2;
    a.parsedStores = 1;
    a.metaNumLoad = 2;
    a.metaNumStore = 1;
    a.atenOps = { QStringLiteral("add") };
    a.sourceNodes = { QStringLiteral("add") };
    const auto load = [](const char* index, int line) {
        return SourceAccess { SourceAccess::Op::Load, QString::fromLatin1(index), QStringLiteral("xmask"), {}, line };
    };
    a.pointers.push_back(pointer(QStringLiteral("in_ptr0"), PointerAnatomy::Role::In, AccessKind::Contiguous, load("x2", 14), 3072, 3072));
    a.pointers.push_back(pointer(QStringLiteral("in_ptr1"), PointerAnatomy::Role::In, AccessKind::Broadcast, load("x0", 15), 256, 3072));
    a.pointers[1].reuse = 12;
    a.pointers[1].accesses[0].eviction = QStringLiteral("evict_last");
    a.pointers.push_back(pointer(QStringLiteral("out_ptr0"), PointerAnatomy::Role::Out, AccessKind::Contiguous,
        SourceAccess { SourceAccess::Op::Store, QStringLiteral("x2"), QStringLiteral("xmask"), {}, 17 }, 3072, 3072));
    a.uniqueBytes = 6400;
    a.uniqueBytesMax = 6400;
    a.perAccessBytes = 9216;
    a.inductorBytes = 9216;
    found.source.anatomy = std::move(a);
    row.model.edit().source = std::move(found);
    row.findings = {
        { FindingKind::UnderFilled, QStringLiteral("1 program on 304 compute units."), {}, 0 },
        { FindingKind::BytesDisagree, QStringLiteral("The bias is read 12 times: keep it in registers."), QStringLiteral("in_ptr1"), 15 },
    };
    return row;
}

inline const QString& noSourceWhy()
{
    static const QString why
        = QStringLiteral("triton_poi_fused_mul_1 is not in the Inductor cache /tmp/cache (3 wrapper files, 9 kernels)");
    return why;
}

inline KernelRow rowWithoutSource()
{
    KernelRow row;
    row.name = QStringLiteral("triton_poi_fused_mul_1");
    FoundSource found;
    found.source.why = noSourceWhy();
    row.model.edit().source = std::move(found);
    return row;
}

} // namespace Ridgeline::Test
