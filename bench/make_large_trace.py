#!/usr/bin/env python3
"""Writes a large trace made of a real one's events repeated, for the reader
benchmarks: copy k has every timestamp shifted past copy k-1 and every
correlation, External id and flow id shifted by k times the largest id, so
the copies never join each other. The unique kernels stay the source's.

    bench/make_large_trace.py SOURCE.json[.gz] COPIES OUT.json.gz
"""
import gzip
import json
import subprocess
import sys

SENTINEL = "@@RIDGELINE{}@@"


def main():
    source, copies, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    opener = gzip.open if source.endswith(".gz") else open
    with opener(source, "rt") as f:
        trace = json.load(f)
    events = trace.pop("traceEvents")
    stamps = [e["ts"] for e in events if isinstance(e.get("ts"), (int, float))]
    span = max(stamps) - min(stamps) + 1000.0
    biggest = 1
    for e in events:
        args = e.get("args") or {}
        for value in (e.get("id"), args.get("correlation"), args.get("External id")):
            if isinstance(value, int):
                biggest = max(biggest, value)
    step = biggest + 1

    # Each event once as text with holes for what a copy shifts.
    templates = []
    for e in events:
        holes = []
        e = json.loads(json.dumps(e))
        def hole(container, key, kind):
            if isinstance(container.get(key), (int, float)) and not isinstance(container.get(key), bool):
                holes.append((kind, container[key]))
                container[key] = SENTINEL.format(len(holes) - 1)
        hole(e, "ts", "ts")
        hole(e, "id", "id")
        if isinstance(e.get("args"), dict):
            hole(e["args"], "correlation", "id")
            hole(e["args"], "External id", "id")
        text = json.dumps(e)
        marks = sorted((text.index('"' + SENTINEL.format(i) + '"'), i) for i in range(len(holes)))
        parts, ordered, at = [], [], 0
        for position, i in marks:
            parts.append(text[at:position])
            ordered.append(holes[i])
            at = position + len(SENTINEL.format(i)) + 2
        parts.append(text[at:])
        templates.append((parts, ordered))

    head = json.dumps(trace)[:-1]  # the other top-level keys, without the closing brace
    with open(out, "wb") as sink:
        gz = subprocess.Popen(["gzip", "-1", "-c"], stdin=subprocess.PIPE, stdout=sink)
        write = gz.stdin.write
        write((head + (", " if trace else "") + '"traceEvents": [\n').encode())
        first = True
        for k in range(copies):
            shift_ts, shift_id = k * span, k * step
            chunk = []
            for parts, holes in templates:
                pieces = [parts[0]]
                for (kind, value), after in zip(holes, parts[1:]):
                    pieces.append(repr(value + shift_ts) if kind == "ts" else str(value + shift_id))
                    pieces.append(after)
                chunk.append("".join(pieces))
            write(((",\n" if not first else "") + ",\n".join(chunk)).encode())
            first = False
        write(b"\n]}\n")
        gz.stdin.close()
        gz.wait()


if __name__ == "__main__":
    main()
