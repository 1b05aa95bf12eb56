#!/usr/bin/env python3
"""Writes synthetic_templates_mi300x.json: a small, made-up PyTorch-profiler
trace of the Triton kernel kinds TraceLens does not model, for the roofline
screenshot and by-eye check of GEMM templates (docs/screenshot-templates.png).

SYNTHETIC: no GPU ran this. Shapes are typical of an LLM layer; GPU times are
chosen as an MI300X would plausibly take them (big GEMMs at 40-55 % of the
BF16/FP8 matrix peaks, a decode GEMM and the pointwise kernels at 3-4 TB/s),
so that the chart shows where each kind lands. Its figures are not evidence
of anything a real GPU does.

    python3 tests/data/make_synthetic_templates.py > tests/data/synthetic_templates_mi300x.json
"""
import json

BF16, FP8, F32 = "c10::BFloat16", "c10::Float8_e4m3fnuz", "c10::Float"

# name, [(dims, dtype)], integer args, GPU us, extra args
KERNELS = [
    ("triton_tem_fused_mm_0", [([8192, 8192], BF16), ([8192, 8192], BF16), ([8192, 8192], BF16)], [], 1691.0,
     {"kernel_num_gb": 0.402653184, "kernel_flop": 1099511627776}),
    ("triton_tem_fused_addmm_gelu_1", [([4096], BF16), ([4096, 1024], BF16), ([1024, 4096], BF16), ([4096, 4096], BF16)], [], 69.0, {}),
    ("triton_tem_fused_mm_2", [([16, 4096], BF16), ([4096, 4096], BF16), ([16, 4096], BF16)], [], 8.45, {}),
    ("triton_tem_fused__scaled_mm_3", [([4096, 4096], FP8), ([4096, 4096], FP8), ([], "Scalar"), ([], "Scalar"), ([4096, 4096], BF16)], [], 98.0, {}),
    ("triton_tem_fused_bmm_4", [([32, 2048, 128], BF16), ([32, 128, 2048], BF16), ([32, 2048, 2048], BF16)], [], 62.0, {}),
    ("triton_poi_fused_add_mul_5", [([4096, 4096], BF16), ([4096, 4096], BF16)], [16777216], 29.0, {}),
    ("triton_red_fused_add_mean_mul_pow_rsqrt_6", [([4096, 4096], BF16), ([4096], BF16), ([4096, 4096], BF16)], [4096, 4096], 26.0, {}),
    ("triton_spl_fused_cumsum_7", [([64, 32768], F32), ([64, 32768], F32)], [64, 32768], 7.5, {}),
    ("triton_for_fused__foreach_add_8", [([4096, 4096], F32), ([4096], F32), ([4096, 4096], F32), ([4096], F32)], [16777216, 4096], 45.0, {}),
    ("_rms_norm_forward_kernel", [([4096, 4096], BF16), ([4096], BF16), ([4096, 4096], BF16)], [4096], 21.0, {}),
]

events = []
ts = 1000.0
for i, (name, tensors, ints, us, extra) in enumerate(KERNELS, start=1):
    dims = [d for d, _ in tensors] + [[] for _ in ints]
    types = [t for _, t in tensors] + ["Scalar" for _ in ints]
    concrete = ["" if t != "Scalar" else "1.0" for _, t in tensors] + [str(n) for n in ints]
    args = {"External id": i, "Input Dims": dims, "Input type": types, "Concrete Inputs": concrete,
            "kernel_backend": "triton", **extra}
    for call in range(3):
        cid = i * 10 + call
        events.append({"ph": "X", "cat": "cpu_op", "name": name, "pid": 100, "tid": 1, "ts": ts, "dur": 10.0, "args": args})
        events.append({"ph": "X", "cat": "cuda_runtime", "name": "hipModuleLaunchKernel", "pid": 100, "tid": 1,
                       "ts": ts + 1, "dur": 5.0, "args": {"correlation": cid}})
        events.append({"ph": "f", "id": cid, "pid": 2, "tid": 0, "ts": ts + 2, "cat": "ac2g", "name": "ac2g", "bp": "e"})
        events.append({"ph": "X", "cat": "kernel", "name": name, "pid": 2, "tid": 0, "ts": ts + 100,
                       "dur": us * (1 + 0.01 * call), "args": {"correlation": cid}})
        ts += us + 200

print(json.dumps({"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "AMD Instinct MI300X"}],
                  "synthetic": "made up by tests/data/make_synthetic_templates.py: not a real capture",
                  "traceEvents": events}, indent=1))
