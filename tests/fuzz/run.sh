#!/usr/bin/env bash
# Runs every libFuzzer target of BUILD_DIR (each bin/fuzz_* there) over a
# seed corpus made from the project's own fixtures, within one fixed budget
# of TOTAL_SECONDS that the targets share (a new target shortens the others'
# runs instead of lengthening CI), and fails on the first crash, hang or
# leak a target reports (its input is kept as crash-* in the corpus folder:
# make it a test). Usage: tests/fuzz/run.sh BUILD_DIR [TOTAL_SECONDS]
# (RIDGELINE_FUZZ_ONLY="fuzz_a fuzz_b" runs those targets only).
set -euo pipefail
build=$(realpath "$1")
total_seconds=${2:-300}
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
work="$build/fuzz-corpus"
mkdir -p "$work"

seed() { # target, then files to copy into its corpus
    local target=$1
    shift
    mkdir -p "$work/$target"
    for f in "$@"; do cp -f "$f" "$work/$target/seed-$(basename "$f")"; done
}
sample="$work/transformer_block_mi300x.json"
gzip -dc resources/samples/transformer_block_mi300x.json.gz >"$sample"
seed fuzz_tracereader "$sample" tests/data/inspector_tracelens_differs.json
seed fuzz_tracefile resources/samples/transformer_block_mi300x.json.gz tests/data/inspector_tracelens_differs.json
# One args object per kind of event the reader keeps.
mkdir -p "$work/args"
printf '%s' '{"External id": 7, "Input Dims": [[8, 4096, 8192], [32768, 8192], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "Scalar"], "Input Strides": [[33554432, 8192, 1], [8192, 1], []], "Concrete Inputs": ["", "", "268435456"], "kernel_file": "/tmp/x.py", "num_warps": 4}' >"$work/args/op"
printf '%s' '{"External id": 45107, "kernel": "triton_poi_fused_0", "correlation": 33945, "grid": [1036, 1, 1], "block": [512, 1, 1]}' >"$work/args/launch"
printf '%s' '[[1024], [1024, 2], [], [3, 4, 5]]' >"$work/args/dims"
seed fuzz_eventargs "$work"/args/*
# A static GEMM template and a foreach block (the kinds beyond TraceLens's).
cat >"$work/template.py" <<'PY'
# Original ATen: [aten.mm]
triton_tem_fused_mm_0 = async_compile.triton('triton_tem_fused_mm_0', '''
@triton_heuristics.template(
    num_stages=2,
    triton_meta={'signature': {'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'constants': {}},
    inductor_meta={'kernel_name': 'triton_tem_fused_mm_0', 'kernel_num_gb': 0.001835008, 'kernel_flop': 268435456},
)
@triton.jit
def triton_tem_fused_mm_0(arg_A, arg_B, out_ptr0):
    ALLOW_TF32 : tl.constexpr = False
    M = 1024
    N = 256
    K = 512
''', device_str='cuda')

# Original ATen: [aten._foreach_add]
triton_for_fused_1 = async_compile.triton('triton_for_fused_1', '''
@triton_heuristics.foreach(
    num_warps=8,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32'}, 'constants': {}},
)
@triton.jit
def triton_for_fused_1(in_ptr0, in_ptr1, out_ptr0, out_ptr1):
    if xpid < num_xblocks_0:
        xnumel = 1000
        tmp0 = tl.load(in_ptr0 + (x0), xmask)
        tl.store(out_ptr0 + (x0), tmp0, xmask)
    elif xpid < num_xblocks_1:
        xnumel = 3000
        tmp1 = tl.load(in_ptr1 + (x1), xmask)
        tl.store(out_ptr1 + (x1), tmp1, xmask)
''', device_str='cuda')
PY
seed fuzz_wrapperfile tests/data/inductor_cache/transformer_block_wrapper.py "$work/template.py"
# A kernel's own source (a cache's per-kernel file): an embedding gather
# behind a device_assert, masks, a reduction loop and symbolic sizes.
cat >"$work/kernel.py" <<'PY'
inputs: ,,,,,7,576,3
@triton_heuristics.reduction(
    size_hints={'x': 8192, 'r0_': 1024}, reduction_hint=ReductionHint.INNER, filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i32', 'in_ptr1': '*fp16', 'in_ptr2': '*fp16', 'out_ptr0': '*fp16', 'xnumel': 'i32', 'r0_numel': 'i32', 'ks0': 'i64'}},
    inductor_meta={'kernel_name': 'triton_red_fused_embedding_0', 'mutated_arg_names': [], 'num_load': 2, 'num_store': 1, 'kernel_num_gb': 0.001}
)
@triton.jit
def triton_red_fused_embedding_0(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, r0_numel, ks0, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex % ks0
    x1 = xindex // ks0
    tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.int64)
    tmp4 = tl.where(tmp1 < 0, tmp1 + 49152, tmp1)
    tl.device_assert(((0 <= tmp4) & (tmp4 < 49152)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 49152")
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        r0_2 = r0_index
        tmp2 = x0 < 32
        tmp5 = tl.load(in_ptr1 + (r0_2 + 576*tmp4), r0_mask & xmask & tmp2, other=0.0).to(tl.float32)
        tmp6 = tl.load(in_ptr2 + (r0_2 + 576*x1 + (-32)), r0_mask & xmask & ~tmp2, other=0.0).to(tl.float32)
        tl.store(out_ptr0 + (r0_2 + 576*xindex), tmp5 + tmp6, r0_mask & xmask)
PY
seed fuzz_kernelsource "$work/kernel.py" tests/data/inductor_cache/transformer_block_wrapper.py
mkdir -p "$work/names"
printf 'triton_poi_fused__unsafe_view_mul_silu_2' >"$work/names/poi"
printf 'triton_red_fused_add_mean_mul_pow_rsqrt_0' >"$work/names/red"
printf 'triton_per_fused__to_copy_add_addmm_mean_mul_pow_rsqrt_transpose_view_8' >"$work/names/per"
printf 'triton_0' >"$work/names/generic"
seed fuzz_kernelname "$work"/names/*
# Kernel names to make readable: a mangled aiter kernel, CK's grouped
# convolution opening, the exponential name of nested substitutions, a
# profiler's signature and a Tensile GEMM.
mkdir -p "$work/demangle"
printf '_ZN5aiter24add_rmsnorm_quant_kernelIN3c108BFloat16ELi256EEEvPT_PKS3_fi' >"$work/demangle/aiter"
printf '_ZN2ck16tensor_operation6device12_GLOBAL__N_139kernel_grouped_conv_fwd_xdl_cshuffle_v3INS_34GridwiseGemmMultiD_xdl_cshuffle_v3INS_13tensor_layout4gemm8RowMajorENS6_11ColumnMajorENS_5TupleIJEEES7_ttftSA_' >"$work/demangle/ck"
printf '_Z1f1AIiiES_IS0_S0_ES_IS1_S1_ES_IS2_S2_ES_IS3_S3_ES_IS4_S4_ES_IS5_S5_ES_IS6_S6_E' >"$work/demangle/exponential"
printf 'void at::native::vectorized_elementwise_kernel<4, at::native::rsqrt_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul> >(int)' >"$work/demangle/signature"
printf 'Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x112x32_MI16x16x1_SN_LDSB0_AFC1' >"$work/demangle/tensile"
seed fuzz_demangle "$work"/demangle/*
# A double (0.1) then UTF-16LE text: a quote, a backslash, a newline, "µs"
# and a lone high surrogate (see fuzz_rowjson.cpp).
mkdir -p "$work/rowjson"
printf '\x9a\x99\x99\x99\x99\x99\xb9\x3fk\x00"\x00\\\x00\n\x00\xb5\x00s\x00\x3d\xd8' >"$work/rowjson/text"
seed fuzz_rowjson "$work"/rowjson/*
tar -C tests/data/inductor_cache -czf "$work/cache.tar.gz" .
seed fuzz_cacheloader tests/data/inductor_cache/transformer_block_wrapper.py "$work/cache.tar.gz"
# The built-in catalogue, and a user's file with a figure's own source.
printf '%s' '{"format": "ridgeline-gpus/1", "gpus": [{"name": "X", "aliases": ["Y"], "peaks": {"datasheet": {"hbm_tbps": 2, "tflops": {"vector_fp32": 20}, "sources": {"hbm_tbps": "user"}}}, "cache_roofs": [{"key": "l2", "tbps": 9}]}]}' >"$work/user-gpus.json"
seed fuzz_gpufile resources/gpus.json "$work/user-gpus.json"
# Graphs as bytes (see fuzz_graphmatcher.cpp): two windows of one Triton
# pair in other grids, replayed once each and once without grids.
mkdir -p "$work/graphs"
printf '\x02\x03\x00\x03\x12\x01\x05\x00\x13\x02\x01\x03\x12\x02\x05\x00\x13\x02\x03\x12\x01\x05\x00\x13\x02\x02\x12\x00\x13\x00\x03\x12\x02\x06\x00\x13\x02' >"$work/graphs/two-grids"
printf '\x01\x01\x00\x01\x12\x00\x01\x12\x00' >"$work/graphs/one"
seed fuzz_graphmatcher "$work"/graphs/*
printf '%s' '[{"file": "graph_capture_rank_0.1.pt.trace.json", "batch_size": 16, "mode": "FULL"}, {"file": "b.json", "batch_size": 1, "mode": "PIECEWISE"}]' >"$work/execution_details.json"
seed fuzz_executiondetails "$work/execution_details.json"
# Any bytes make two row lists; these give buckets of a few hundred rows.
mkdir -p "$work/rows"
head -c 4096 resources/gpus.json >"$work/rows/text"
printf '\377\377\001\000\002\001\001\001\000\010\377\377\000\001\002\003' >"$work/rows/small"
seed fuzz_kernelmatcher "$work"/rows/*
# The library-op models: op name, newline, args object, one seed per case of
# the model tests' tables (hand-derived figures, impossible args).
mkdir -p "$work/libraryops"
awk -v out="$work/libraryops" '
    match($0, /^ *\{ "[^"]*", "[^"]*",/) { n = split(substr($0, RSTART, RLENGTH), f, "\""); op = f[4]; next }
    op != "" && match($0, /R"\(.*\)"/) {
        file = sprintf("%s/%s-%03d", out, FILENAME ~ /impossible/ ? "impossible" : "model", ++count)
        printf "%s\n%s", op, substr($0, RSTART + 3, RLENGTH - 5) > file
        close(file)
        op = ""
    }' tests/engine/libraryops/tst_libraryopmodels.cpp tests/engine/libraryops/tst_libraryopimpossibleargs.cpp
seed fuzz_libraryopmodels "$work"/libraryops/*
# Names for the report and the timeline SVG (FuzzedDataProvider's strings end
# at a backslash and one more byte): the hostile names of check_hostile_names.py.
mkdir -p "$work/hostile-names"
printf '<h1>MI300X</h1>\r\n# injected| a | b |\\x2<img src=y onerror=alert(2)>\\xtrace`x`)\\x`<img src=x onerror=alert(1)>`_0\\x[click](javascript:alert(1))\\xa|b|c\\x=cmd|A0\\x' >"$work/hostile-names/names"
printf 'H100\\ 2\\ trace\\ triton_poi_fused_add_0\\ \001\037\177kernel\\ ``x``\\ ' >"$work/hostile-names/control"
seed fuzz_report "$work"/hostile-names/*
seed fuzz_timelinesvg "$work"/hostile-names/*
# Sessions (see fuzz_session.cpp: its folder holds t.json and cache/): one of
# every field with the user's GPUs embedded, and a bare one.
mkdir -p "$work/sessions"
printf '%s' '{"format": "ridgeline-session", "version": 1, "trace": {"relative": "t.json", "absolute": "/gone/t.json"}, "captures": [{"relative": "t.json"}, {"absolute": "/gone/c.json"}], "inductor_cache": {"relative": "cache"}, "baseline": {"relative": "t.json"}, "range_us": {"start": 10.5, "end": 2000}, "filter": "triton_poi", "selected_kernel": "triton_poi_fused_add_0", "lens": {"gpu": "X", "peaks": "max_achievable", "latency_floor_us": 2.5, "cache_roofs": true}, "user_gpus": {"format": "ridgeline-gpus/1", "gpus": [{"name": "X", "peaks": {"datasheet": {"hbm_tbps": 2, "tflops": {"vector_fp32": 20}}}}]}}' >"$work/sessions/full"
printf '%s' '{"format": "ridgeline-session", "version": 1, "trace": {"relative": "t.json"}}' >"$work/sessions/bare"
seed fuzz_session "$work"/sessions/*

# Leaks are Qt's one-time allocations, not ours: crashes, UB and hangs fail.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Two targets at a time on two cores (RIDGELINE_FUZZ_JOBS, default the core
# count): each gets the budget times the jobs over the targets, at least 10 s.
jobs_max=${RIDGELINE_FUZZ_JOBS:-$(nproc)}
if [ -n "${RIDGELINE_FUZZ_ONLY:-}" ]; then
    targets=$RIDGELINE_FUZZ_ONLY
else
    targets=$(cd "$build/bin" && ls fuzz_* 2>/dev/null | sort | tr '\n' ' ')
fi
count=$(echo $targets | wc -w)
[ "$count" -gt 0 ] || { echo "fuzz: no fuzz_* target in $build/bin" >&2; exit 1; }
seconds=$(( total_seconds * jobs_max / count ))
[ "$seconds" -ge 10 ] || seconds=10
echo "fuzz: $count targets, ${seconds}s each, $jobs_max at a time (a budget of ${total_seconds}s)"
run_target() {
    local target=$1
    mkdir -p "$work/$target"
    if (cd "$work/$target" && "$build/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
            -max_len=1048576 -print_final_stats=1 . >"$work/$target.log" 2>&1); then
        echo ok >"$work/$target.result"
    else
        echo failed >"$work/$target.result"
    fi
}
for target in $targets; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    echo "fuzz: $target for ${seconds}s"
    rm -f "$work/$target.result"
    run_target "$target" &
done
wait
status=0
for target in $targets; do
    if [ "$(cat "$work/$target.result" 2>/dev/null)" != ok ]; then
        echo "fuzz: $target FAILED; its log: $work/$target.log"
        tail -n 40 "$work/$target.log"
        status=1
    else
        echo "fuzz: $target:"
        grep -E '^stat::number_of_executed_units|cov: ' "$work/$target.log" | tail -n 2
    fi
done
exit $status
