# AOT ID: ['0_inference']
# Test fixture written for Ridgeline, in the layout of a PyTorch 2.8+ Inductor
# wrapper module: the four Triton kernels of the bundled trace
# resources/samples/transformer_block_mi300x.json.gz (TransformerBlock dim 2048,
# batch 8, seq 4096, bf16, MI300X). Extern mm calls stay in call() below.
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _cuda_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
async_compile = AsyncCompile()


# kernel path: /tmp/torchinductor_root/mw/cmwjlpfu2kb4ehcuvblmjopjzi4rp4n2rtyqnvbbrb4xvqkksyqd.py
# Topologically Sorted Source Nodes: [pow_1, mean, add, rsqrt, mul, mul_1], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul]
# Source node to ATen node mapping:
#   add => add
#   mean => mean
#   mul => mul
#   mul_1 => mul_1
#   pow_1 => pow_1
#   rsqrt => rsqrt
# Graph fragment:
#   %pow_1 : [num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%arg0_1, 2), kwargs = {})
#   %mean : [num_users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%pow_1, [-1], True), kwargs = {})
#   %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mean, 1e-06), kwargs = {})
#   %rsqrt : [num_users=1] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add,), kwargs = {})
#   %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arg0_1, %rsqrt), kwargs = {})
#   %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %arg1_1), kwargs = {})
triton_red_fused_add_mean_mul_pow_rsqrt_0 = async_compile.triton('triton_red_fused_add_mean_mul_pow_rsqrt_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 2048},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='hip', index=0, multi_processor_count=304, cc='gfx942', major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, warp_size=64), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_mean_mul_pow_rsqrt_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'num_load': 3, 'num_reduction': 1, 'are_deterministic_algorithms_enabled': False, 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False}
)
@triton.jit
def triton_red_fused_add_mean_mul_pow_rsqrt_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 32768
    r0_numel = 2048
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK, R0_BLOCK], True, tl.int1)
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = tl.full([XBLOCK, R0_BLOCK], True, tl.int1)
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 2048*x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tmp1 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tmp5
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_1 = r0_index
        tmp6 = tl.load(in_ptr0 + (r0_1 + 2048*x0), None, eviction_policy='evict_first').to(tl.float32)
        tmp15 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp7 = tmp6.to(tl.float32)
        tmp8 = 2048.0
        tmp9 = (tmp4 / tmp8)
        tmp10 = 1e-06
        tmp11 = tmp9 + tmp10
        tmp12 = libdevice.rsqrt(tmp11)
        tmp13 = tmp7 * tmp12
        tmp14 = tmp13.to(tl.float32)
        tmp16 = tmp14 * tmp15
        tl.store(out_ptr0 + (r0_1 + 2048*x0), tmp16, None)
''', device_str='hip')


# kernel path: /tmp/torchinductor_root/sn/csnycnrbzs72outt2tsdz3c5t3xx5ef3nudyysa67cyguktywij5.py
# Topologically Sorted Source Nodes: [attn_out, h, pow_2, mean_1, add_1, rsqrt_1, mul_2, mul_3], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
# Source node to ATen node mapping:
#   h => add_1
triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1 = async_compile.triton('triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 2048},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='hip', index=0, multi_processor_count=304, cc='gfx942', major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, warp_size=64), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'num_load': 5, 'num_reduction': 1}
)
@triton.jit
def triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 32768
    r0_numel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    _tmp6 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_1 = r0_offset + r0_base
        tmp0 = tl.load(in_ptr0 + (r0_1 + 2048*x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 2048*x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp3 * tmp3
        tmp7 = _tmp6 + tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
        _tmp6 = tmp7
    tmp6 = tl.sum(_tmp6, 1)[:, None]
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_1 = r0_offset + r0_base
        tmp8 = tl.load(in_ptr0 + (r0_1 + 2048*x0), None, eviction_policy='evict_first').to(tl.float32)
        tmp9 = tl.load(in_ptr1 + (r0_1 + 2048*x0), None, eviction_policy='evict_first').to(tl.float32)
        tmp18 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp11 = (tmp8 + tmp9).to(tl.float32)
        tmp15 = libdevice.rsqrt((tmp6 / 2048.0) + 1e-06)
        tmp17 = (tmp11 * tmp15).to(tl.float32)
        tmp19 = tmp17 * tmp18
        tl.store(out_ptr0 + (r0_1 + 2048*x0), tmp19, None)
''', device_str='hip')


# kernel path: /tmp/torchinductor_root/ih/cih3dx7ka4rys62ta2bnambn4fq7teloaokd5povyhnyz3w6xpgk.py
# Topologically Sorted Source Nodes: [gate, silu, up, mul_4], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
# Source node to ATen node mapping:
#   silu => convert_element_type_4, convert_element_type_5, mul_4, sigmoid
triton_poi_fused__unsafe_view_mul_silu_2 = async_compile.triton('triton_poi_fused__unsafe_view_mul_silu_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 268435456}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='hip', index=0, multi_processor_count=304, cc='gfx942', major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, warp_size=64), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_mul_silu_2', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'num_load': 2, 'num_reduction': 0},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__unsafe_view_mul_silu_2(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 268435456
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None).to(tl.float32)
    tmp5 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.sigmoid(tmp1)
    tmp3 = tmp1 * tmp2
    tmp4 = tmp3.to(tl.float32)
    tmp6 = tmp4 * tmp5
    tl.store(in_out_ptr0 + (x0), tmp6, None)
''', device_str='hip')


# kernel path: /tmp/torchinductor_root/hu/chuh2mhvtkbpydj3qsh6vwk3xut3wfyfwp2d47p2d7gahjuv5j34.py
# Topologically Sorted Source Nodes: [mlp_out, h, out], Original ATen: [aten._unsafe_view, aten.add]
# Source node to ATen node mapping:
#   out => add_3
triton_poi_fused__unsafe_view_add_3 = async_compile.triton('triton_poi_fused__unsafe_view_add_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='hip', index=0, multi_processor_count=304, cc='gfx942', major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, warp_size=64), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_add_3', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'num_load': 3, 'num_reduction': 0},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__unsafe_view_add_3(in_out_ptr0, in_ptr0, in_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 67108864
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (x0), None).to(tl.float32)
    tmp3 = tmp1 + tmp2
    tmp4 = tmp3 + tmp0
    tl.store(in_out_ptr0 + (x0), tmp4, None)
''', device_str='hip')


async_compile.wait(globals())
del async_compile

def call(args):
    arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1 = args
    args.clear()
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        buf1 = empty_strided_cuda((8, 4096, 2048), (8388608, 2048, 1), torch.bfloat16)
        stream0 = get_raw_stream(0)
        triton_red_fused_add_mean_mul_pow_rsqrt_0.run(arg0_1, arg1_1, buf1, 32768, 2048, stream=stream0)
        # Topologically Sorted Source Nodes: [qkv], Original ATen: [aten.mm]
        buf2 = empty_strided_cuda((32768, 6144), (6144, 1), torch.bfloat16)
        extern_kernels.mm(reinterpret_tensor(buf1, (32768, 2048), (2048, 1), 0), arg2_1, out=buf2)
        # Topologically Sorted Source Nodes: [attn], Original ATen: [aten._scaled_dot_product_flash_attention]
        buf3 = torch.ops.aten._scaled_dot_product_flash_attention.default(buf2, buf2, buf2, is_causal=True)
        buf4 = empty_strided_cuda((32768, 2048), (2048, 1), torch.bfloat16)
        extern_kernels.mm(buf3, arg3_1, out=buf4)
        buf5 = empty_strided_cuda((8, 4096, 2048), (8388608, 2048, 1), torch.bfloat16)
        triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1.run(arg0_1, buf4, arg4_1, buf5, 32768, 2048, stream=stream0)
        buf6 = empty_strided_cuda((32768, 8192), (8192, 1), torch.bfloat16)
        extern_kernels.mm(reinterpret_tensor(buf5, (32768, 2048), (2048, 1), 0), arg5_1, out=buf6)
        buf7 = empty_strided_cuda((32768, 8192), (8192, 1), torch.bfloat16)
        extern_kernels.mm(reinterpret_tensor(buf5, (32768, 2048), (2048, 1), 0), arg6_1, out=buf7)
        buf8 = reinterpret_tensor(buf6, (8, 4096, 8192), (33554432, 8192, 1), 0); del buf6
        triton_poi_fused__unsafe_view_mul_silu_2.run(buf8, buf7, 268435456, stream=stream0)
        buf9 = empty_strided_cuda((32768, 2048), (2048, 1), torch.bfloat16)
        extern_kernels.mm(reinterpret_tensor(buf8, (32768, 8192), (8192, 1), 0), arg7_1, out=buf9)
        buf10 = reinterpret_tensor(buf9, (8, 4096, 2048), (8388608, 2048, 1), 0); del buf9
        triton_poi_fused__unsafe_view_add_3.run(buf10, arg0_1, buf4, 67108864, stream=stream0)
        return (buf10, )
