#!/usr/bin/env python3
"""Writes the synthetic traces of hostile *scale* that issue 22 names, for
the memory benchmark (bench/hostile_scale.sh). They are generated, never
committed: the biggest is 2.1 GB of JSON.

    bench/make_hostile_trace.py KIND N OUT.json[.gz] [ENTRIES]

KIND
  identical-kernels  N copies of one GPU kernel event, byte for byte
                     (20M of them: 2.1 GB of JSON, a few MB gzipped)
  calls              N calls of one Triton kernel: cpu_op, launch, kernel,
                     each with its own time and correlation
  kernel-calls       N GPU events of one Triton kernel, each with its own
                     time and correlation, no op (a replay's kernels)
  distinct-names     N GPU kernels, each of its own name (no op launched them)
  distinct-kernels   N Triton kernels of distinct names, one call each,
                     with their ops' args (the same args: one pattern and
                     shape, as Inductor's numbered kernels of one fusion)
  distinct-shapes    the same, but each kernel's args of its own shape:
                     no two kernels share a model
  overlapping-kernels N GPU kernels on one stream all running at once: each
                     starts 1 ns after the one before and lasts 1 s (the
                     timeline's export and pane must not draw them one by one)
  long-args          N Triton ops of distinct names whose four arg lists hold
                     ENTRIES entries each (default 4096), the same lists in
                     every op (so the file gzips to under a MB)
  long-args-distinct the same, but each op's four lists its own (dims,
                     strides, concrete inputs and one type differ with the op)
"""
import gzip
import sys

HEADER = '{"schemaVersion": 1, "deviceProperties": [{"name": "AMD Instinct MI300X"}], "traceEvents": [\n'
FOOTER = '\n]}\n'


def kernel(name, ts, dur, correlation, stream=7):
    return ('{"ph": "X", "cat": "kernel", "name": "%s", "pid": 2, "tid": %d, "ts": %.3f, "dur": %.3f, '
            '"args": {"correlation": %d, "grid": [64, 1, 1], "block": [256, 1, 1]}}'
            % (name, stream, ts, dur, correlation))


def launch(ts, correlation):
    return ('{"ph": "X", "cat": "cuda_runtime", "name": "hipModuleLaunchKernel", "pid": 100, "tid": 1, '
            '"ts": %.3f, "dur": 1.000, "args": {"correlation": %d}}' % (ts, correlation))


def triton_op(name, ts, external_id, args):
    return ('{"ph": "X", "cat": "cpu_op", "name": "%s", "pid": 100, "tid": 1, "ts": %.3f, "dur": 3.000, '
            '"args": {"External id": %d%s}}' % (name, ts, external_id, args))


POINTWISE_ARGS = (', "Input Dims": [[1024, 1024], [1024, 1024], []], "Input type": ["float", "float", "Scalar"], '
                  '"Input Strides": [[1024, 1], [1024, 1], []], "Concrete Inputs": ["", "", "1048576"]')


def triton_call(name, ts, i, args=POINTWISE_ARGS, dur=10.0):
    """A Triton op, the launch inside it and its kernel: three events."""
    return [triton_op(name, ts, i, args), launch(ts + 1, i), kernel(name, ts + 5, dur, i)]


def events(kind, n, entries):
    if kind == "identical-kernels":
        line = kernel("triton_poi_fused_add_0", 1000.0, 2.0, 1)
        for _ in range(n):
            yield line
    elif kind == "calls":
        for i in range(n):
            # Durations vary a little, as real calls do: 10.000 .. 10.999 us.
            yield from triton_call("triton_poi_fused_add_0", 20.0 * i, i + 1, dur=10.0 + (i % 1000) / 1000)
    elif kind == "kernel-calls":
        for i in range(n):
            yield kernel("triton_poi_fused_add_0", 5.0 * i, 2.0 + (i % 1000) / 1000, i + 1)
    elif kind == "distinct-names":
        for i in range(n):
            yield kernel("void gemm_kernel_variant_%d<float, 128>(float*)" % i, 5.0 * i, 2.0, i + 1)
    elif kind == "distinct-kernels":
        for i in range(n):
            yield from triton_call("triton_poi_fused_add_mul_%d" % i, 20.0 * i, i + 1)
    elif kind == "distinct-shapes":
        for i in range(n):
            d = 1024 + i
            args = (', "Input Dims": [[%d], [%d], []], "Input type": ["float", "float", "Scalar"], '
                    '"Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "%d"]' % (d, d, d))
            yield from triton_call("triton_poi_fused_add_mul_%d" % i, 20.0 * i, i + 1, args)
    elif kind == "overlapping-kernels":
        for i in range(n):
            yield kernel("Cijk_Alik_Bljk_overlap", 1000.0 + i / 1000.0, 1e6, i + 1)
    elif kind == "long-args":
        dims = "[" + ", ".join("[%d, %d]" % (k + 1, 4) for k in range(entries)) + "]"
        types = "[" + ", ".join('"float"' for _ in range(entries)) + "]"
        strides = "[" + ", ".join("[4, 1]" for _ in range(entries)) + "]"
        inputs = "[" + ", ".join('""' for _ in range(entries)) + "]"
        args = (', "Input Dims": %s, "Input type": %s, "Input Strides": %s, "Concrete Inputs": %s'
                % (dims, types, strides, inputs))
        for i in range(n):
            yield from triton_call("triton_poi_fused_cat_%d" % i, 20.0 * i, i + 1, args)
    elif kind == "long-args-distinct":
        for i in range(n):
            dims = "[" + ", ".join("[%d, %d]" % (k + 1, i + 1) for k in range(entries)) + "]"
            types = "[" + ", ".join('"Scalar"' if k == i % entries else '"float"' for k in range(entries)) + "]"
            strides = "[" + ", ".join("[%d, 1]" % (i + 1) for _ in range(entries)) + "]"
            inputs = "[" + ", ".join('"%d"' % (i + k) for k in range(entries)) + "]"
            args = (', "Input Dims": %s, "Input type": %s, "Input Strides": %s, "Concrete Inputs": %s'
                    % (dims, types, strides, inputs))
            yield from triton_call("triton_poi_fused_cat_%d" % i, 20.0 * i, i + 1, args)
    else:
        sys.exit("unknown kind " + kind)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    entries = int(sys.argv[4]) if len(sys.argv) > 4 else 4096
    opener = (lambda p: gzip.open(p, "wt", compresslevel=1)) if out.endswith(".gz") else (lambda p: open(p, "w"))
    with opener(out) as f:
        f.write(HEADER)
        first = True
        batch = []
        for event in events(kind, n, entries):
            batch.append(event)
            if len(batch) == 4096:
                f.write(("" if first else ",\n") + ",\n".join(batch))
                first = False
                batch = []
        if batch:
            f.write(("" if first else ",\n") + ",\n".join(batch))
        f.write(FOOTER)


if __name__ == "__main__":
    main()
