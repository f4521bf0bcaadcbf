#!/usr/bin/env python3
"""Turn a JMH JSON result (-rf json) into the Markdown table of docs/benchmarks.md.

Benchmarks are paired by name: `<op>_ours` with `<op>_peer` (same class, same @Param values, same
run). The ratio column is ours/peer time (< 1 means tensorbridge is faster); the speed-up column is
its inverse. `memcpy*` rows of the same class and size are listed as the copy floor; rows that move
the same bytes (FLOAT32 bulk transfers, the image reversal, the crop against `memcpyCrop`) get
their ratio to it. `<op>Into_ours` rows are tensorbridge extensions without an upstream peer.

Further JSON files (the TensorFlow Java run) contribute `_peer` rows: they pair with `_ours` rows of
the class whose name they end with (TfJavaStridedSliceBench -> StridedSliceBench).

usage: scripts/bench_table.py target/jmh-result.json [target/jmh-result-tfjava.json] > table.md
"""
import json
import sys


def key(entry):
    cls, method = entry["benchmark"].rsplit(".", 2)[-2:]
    params = ",".join(f"{k}={v}" for k, v in sorted((entry.get("params") or {}).items()))
    return cls, method, params


def fmt(x):
    return f"{x:,.3f}" if x < 10 else f"{x:,.1f}"


def main(path, *peer_paths):
    rows = {}
    for e in json.load(open(path)):
        m = e["primaryMetric"]
        rows[key(e)] = (m["score"], m["scoreError"], m["scoreUnit"])
    for peer_path in peer_paths:
        for e in json.load(open(peer_path)):
            cls, method, params = key(e)
            if not method.endswith("_peer"):
                continue
            m = e["primaryMetric"]
            target = next((c for (c, _, _) in rows if cls.endswith(c)), cls)
            rows[(target, method, params)] = (m["score"], m["scoreError"], m["scoreUnit"])
    print("| class | workload | params | tensorbridge | upstream | ours/upstream | speed-up | ours/memcpy |")
    print("|---|---|---|---|---|---|---|---|")
    for (cls, method, params), (score, err, unit) in sorted(rows.items()):
        if method.endswith("_peer"):
            continue
        op = method[: -len("_ours")] if method.endswith("_ours") else method
        peer = rows.get((cls, op + "_peer", params))
        ours_cell = f"{fmt(score)} ± {fmt(err)} {unit}"
        if method.endswith("_ours"):
            if peer:
                peer_cell = f"{fmt(peer[0])} ± {fmt(peer[1])} {peer[2]}"
            elif op.endswith("Into"):
                peer_cell = "no upstream API"
            else:
                peer_cell = "not measured"
        else:
            peer_cell = "(baseline)"
        ratio = f"{score / peer[0]:.2f}" if peer else ""
        speed = f"{peer[0] / score:.1f}×" if peer else ""
        mem = rows.get((cls, "memcpy", params)) or rows.get((cls, "memcpyImage", params))
        if op == "centerCrop224":
            mem = rows.get((cls, "memcpyCrop", params))
        # Only rows that move the same bytes as their memcpy line get the ratio.
        same_bytes = cls == "TensorBufferFloatBench" or op in ("reverseLastAxis", "centerCrop224")
        to_mem = f"{score / mem[0]:.2f}" if mem and same_bytes and method.endswith("_ours") else ""
        print(f"| {cls} | {op} | {params} | {ours_cell} | {peer_cell} | {ratio} | {speed} | {to_mem} |")


if __name__ == "__main__":
    main(*sys.argv[1:])
