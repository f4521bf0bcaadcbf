#!/usr/bin/env python3
"""The speed targets of docs/benchmarks.md, each computed from one run's numbers and marked met or
missed. Ratios come from rows of the same JMH run (the TensorFlow Java rows from the run that
followed it); the native part of the small slice comes from the criterion export.

usage: scripts/bench_targets.py JMH_MAIN.json JMH_TFJAVA.json [CRITERION_EXPORT.json [JMH_GC.json]]
"""
import json
import sys

# The criterion baseline of the shipped code (cargo bench ... -- --save-baseline shipped, then
# scripts/plot_bench.py export --baseline shipped).
CRITERION_BASELINE = "shipped"


def load_jmh(path):
    rows = {}
    for e in json.load(open(path)):
        cls, method = e["benchmark"].rsplit(".", 2)[-2:]
        params = ",".join(f"{k}={v}" for k, v in sorted((e.get("params") or {}).items()))
        m = e["primaryMetric"]
        scale = {"us/op": 1e3, "ns/op": 1.0, "ms/op": 1e6}[m["scoreUnit"]]
        gc = e.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
        rows[(cls, method, params)] = {
            "ns": m["score"] * scale,
            "alloc": gc["score"] if gc else None,
        }
    return rows


def ns(x):
    if x >= 1e6:
        return f"{x / 1e6:.2f} ms"
    if x >= 1e3:
        return f"{x / 1e3:.2f} µs"
    return f"{x:.0f} ns"


def verdict(ok):
    return "**met**" if ok else "**missed**"


def main(main_path, tfjava_path, criterion_path=None, gc_path=None):
    j = load_jmh(main_path)
    tf = load_jmh(tfjava_path)
    out = ["| target | measured | verdict |", "|---|---|---|"]

    def row(target, measured, ok):
        out.append(f"| {target} | {measured} | {verdict(ok)} |")

    def get(rows, cls, method, params=""):
        return rows.get((cls, method, params))

    small = get(j, "StridedSliceBench", "slice2x3x4_ours")
    if small:
        row("StridedSlice 2×3×4 from Java ≤ 1.0 µs", ns(small["ns"]), small["ns"] <= 1000)
    if criterion_path:  # "" skips it
        crit = json.load(open(criterion_path))["benchmarks"]
        native = [r for r in crit if r["group"] == "slice_tensor_op" and r["function"] == "small_2x3x4/op"
                  and r["baseline"] == CRITERION_BASELINE]
        if native:
            t = native[0]["median"]["ns"]
            row("its native part ≤ 0.3 µs (criterion `slice_tensor_op/small_2x3x4/op`)", ns(t), t <= 300)

    rev = get(j, "StridedSliceBench", "reverseLastAxis_ours")
    fresh = get(j, "StridedSliceBench", "memcpyImageFresh")
    rev_tf = get(tf, "TfJavaStridedSliceBench", "reverseLastAxis_peer")
    if rev and fresh:
        r = rev["ns"] / fresh["ns"]
        warm = get(j, "StridedSliceBench", "memcpyImage")
        warm_note = f" (a copy into one warm, reused buffer: {ns(warm['ns'])}, {rev['ns'] / warm['ns']:.2f}×)" if warm else ""
        row("reverse last axis ≤ 1.3× memcpy into fresh memory",
            f"{ns(rev['ns'])} vs {ns(fresh['ns'])}: {r:.2f}×{warm_note}", r <= 1.3)
    if rev and rev_tf:
        r = rev_tf["ns"] / rev["ns"]
        row("reverse last axis ≥ 10× TF Java eager", f"{ns(rev_tf['ns'])} vs {ns(rev['ns'])}: {r:.1f}×", r >= 10)

    crop = get(j, "StridedSliceBench", "centerCrop224_ours")
    crop_warm = get(j, "StridedSliceBench", "memcpyCrop")
    crop_fresh = get(j, "StridedSliceBench", "memcpyCropFresh")
    if crop and crop_warm:
        # Against a copy into one warm, reused buffer: the machine's copy bandwidth.
        r = crop_warm["ns"] / crop["ns"]
        fresh_note = ""
        if crop_fresh:
            fresh_note = f" (against a copy into fresh `malloc` memory, {ns(crop_fresh['ns'])}: {crop_fresh['ns'] / crop['ns']:.1f}×)"
        row("centre crop 224×224×3 ≥ 0.8× memcpy bandwidth",
            f"{ns(crop['ns'])} vs {ns(crop_warm['ns'])}: {r:.2f}×{fresh_note}", r >= 0.8)

    down = get(j, "StridedSliceBench", "downsample2x_ours")
    down_tf = get(tf, "TfJavaStridedSliceBench", "downsample2x_peer")
    if down and down_tf:
        r = down_tf["ns"] / down["ns"]
        row("2× downsample ≥ 15× TF Java eager", f"{ns(down_tf['ns'])} vs {ns(down['ns'])}: {r:.1f}×", r >= 15)

    for n in ("1000", "150528", "6220800"):
        mem = get(j, "TensorBufferUint8Bench", "memcpy", f"n={n}")
        if not mem:
            continue
        for method, label in (
            ("loadArrayFloat_ours", "UINT8 `loadArray(float[])`"),
            ("getFloatArrayInto_ours", "UINT8 `getFloatArray(float[])`"),
            ("createFromF32ToU8_ours", "`createFrom` FLOAT32 → UINT8"),
            ("createFromU8ToF32_ours", "`createFrom` UINT8 → FLOAT32"),
        ):
            r_ = get(j, "TensorBufferUint8Bench", method, f"n={n}")
            if r_:
                r = r_["ns"] / mem["ns"]
                row(f"{label}, n = {int(n):,} ≤ 1.5× memcpy of {4 * int(n):,} bytes",
                    f"{ns(r_['ns'])} vs {ns(mem['ns'])}: {r:.2f}×", r <= 1.5)

    if gc_path:
        # A hot call may allocate what its API returns (a Shape, a float[]), as the upstream Java
        # does, but nothing of its own: ours must not allocate more than the peer, and rows
        # without a peer (fill-in getters) nothing at all. The eager op is reported as measured.
        gc = load_jmh(gc_path)
        for (cls, method, params), r_ in sorted(gc.items()):
            if r_["alloc"] is None or not method.endswith("_ours"):
                continue
            label = f"`{cls}.{method[:-5]}`" + (f" ({params})" if params else "")
            peer = gc.get((cls, method[:-5] + "_peer", params))
            if peer and peer["alloc"] is not None:
                row(f"{label}: heap bytes per call no more than upstream (`-prof gc`)",
                    f"{r_['alloc']:.1f} vs {peer['alloc']:.1f} B/op", r_["alloc"] <= peer["alloc"] + 0.5)
            elif cls == "StridedSliceBench":
                out.append(f"| {label}: heap bytes per op (`-prof gc`) | {r_['alloc']:.1f} B/op | reported |")
            else:
                row(f"{label}: no heap allocation (`-prof gc`)", f"{r_['alloc']:.1f} B/op", r_["alloc"] < 1)
    print("\n".join(out))


if __name__ == "__main__":
    main(*sys.argv[1:])
