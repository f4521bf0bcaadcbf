#!/usr/bin/env python3
"""Plots of the Rust kernel benchmarks (criterion) and the JMH TensorBuffer rows, time vs size
with the memcpy line, log-log.

Two steps, so that the committed plots can be redrawn from committed numbers:

  export  reads target/criterion/**/<baseline>/{benchmark,estimates}.json for each baseline
          given (default: new) and writes docs/bench/criterion.json (one record per
          benchmark and baseline: group, function, size, median / mean / slope in ns with
          their 95 % bounds, bytes).
  plot    reads docs/bench/criterion.json (and docs/bench/jmh-current.json) and writes
          docs/bench/criterion-slicing.png, criterion-conversions.png, criterion-simd-paths.png and
          jmh-tensorbuffer.png.

Usage:
  python3 scripts/plot_bench.py export [--baseline new --baseline before ...]
  python3 scripts/plot_bench.py plot
  python3 scripts/plot_bench.py          # export (baseline new) then plot

`plot` needs matplotlib (not part of the project; use a throw-away virtualenv, e.g.
python3 -m venv /tmp/plotvenv && /tmp/plotvenv/bin/pip install matplotlib).
"""

import argparse
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRITERION = os.path.join(ROOT, "target", "criterion")
OUT_DIR = os.path.join(ROOT, "docs", "bench")
EXPORT = os.path.join(OUT_DIR, "criterion.json")
JMH_TENSORBUFFER = os.path.join(OUT_DIR, "jmh-current.json")
# The criterion baseline of the shipped code, and the one exported before it (the earlier kernels).
CURRENT = "shipped"
EARLIER = "new"

SLICE_GROUPS = [
    ("slice_reverse_last_axis", "x[:, :, ::-1] of H×W×3 f32"),
    ("slice_downsample_2x", "x[::2, ::2, :] of H×W×3 f32"),
    ("slice_center_crop", "centre H/2×W/2×3 of H×W×3 f32"),
]
PATH_GROUPS = [
    ("f32_to_u8", "float → UINT8 (clamp)"),
    ("u8_to_f32", "UINT8 → float"),
    ("u8_to_i32", "UINT8 → int"),
    ("i32_to_u8", "int → UINT8 (clamp)"),
    ("f32_to_i32", "float → int (Java cast)"),
]
CONVERSION_GROUPS = [
    ("lite_f32_to_u8", "float[] → UINT8 (clamp)"),
    ("lite_u8_to_f32", "UINT8 → float[]"),
    ("lite_f32_to_f32", "float[] → FLOAT32 (same type)"),
    ("lite_f32_to_i32", "float[] → INT32 (saturating)"),
    ("lite_u8_to_i32", "UINT8 → int[]"),
    ("lite_i32_to_u8", "int[] → UINT8 (clamp)"),
    ("lite_i32_to_i64", "int[] → INT64"),
    ("lite_i64_to_i32", "INT64 → int[] (saturating)"),
    ("lite_i16_to_i32", "INT16 → int[]"),
]


def estimate(est, key):
    e = est.get(key)
    if not e:
        return None
    ci = e["confidence_interval"]
    return {"ns": e["point_estimate"], "lo": ci["lower_bound"], "hi": ci["upper_bound"]}


def export(baselines):
    records = []
    for bench_json in sorted(glob.glob(os.path.join(CRITERION, "**", "benchmark.json"), recursive=True)):
        folder = os.path.dirname(bench_json)
        baseline = os.path.basename(folder)
        if baseline not in baselines:
            continue
        with open(bench_json) as f:
            meta = json.load(f)
        with open(os.path.join(folder, "estimates.json")) as f:
            est = json.load(f)
        throughput = meta.get("throughput") or {}
        records.append({
            "group": meta["group_id"],
            "function": meta["function_id"],
            "size": meta.get("value_str"),
            "baseline": baseline,
            "bytes": throughput.get("Bytes"),
            "median": estimate(est, "median"),
            "mean": estimate(est, "mean"),
            "slope": estimate(est, "slope"),
        })
    if not records:
        sys.exit(f"no criterion results for baselines {baselines} under {CRITERION}")
    # Keep records of other baselines already exported (e.g. `before`) unless re-exported now.
    if os.path.exists(EXPORT):
        with open(EXPORT) as f:
            old = json.load(f)["benchmarks"]
        records += [r for r in old if r["baseline"] not in baselines]
    records.sort(key=lambda r: (r["group"], r["function"], r["baseline"], int(r["size"] or 0)))
    os.makedirs(OUT_DIR, exist_ok=True)
    # One record per line: small diffs, easy to grep.
    with open(EXPORT, "w") as f:
        f.write('{"source": "criterion (cargo bench), estimates in nanoseconds per iteration",\n')
        f.write(' "benchmarks": [\n')
        f.write(",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in records))
        f.write("\n ]}\n")
    print(f"wrote {EXPORT} ({len(records)} records)")


def series(records, group, function, baseline):
    pts = [r for r in records
           if r["group"] == group and r["function"] == function and r["baseline"] == baseline]
    pts.sort(key=lambda r: int(r["size"]))
    return pts


def draw_group(ax, records, group, title, x_of, xlabel, lines):
    from matplotlib.ticker import NullFormatter

    for function, baseline, label, style in lines:
        pts = series(records, group, function, baseline)
        if not pts:
            continue
        xs = [x_of(r) for r in pts]
        ys = [r["median"]["ns"] / 1e3 for r in pts]
        lo = [y - r["median"]["lo"] / 1e3 for y, r in zip(ys, pts)]
        hi = [r["median"]["hi"] / 1e3 - y for y, r in zip(ys, pts)]
        ax.errorbar(xs, ys, yerr=[lo, hi], label=label, capsize=3, **style)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_title(title, fontsize=9)
    ax.set_xlabel(xlabel, fontsize=8)
    ax.set_ylabel("median time (µs)", fontsize=8)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)


def plot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(EXPORT) as f:
        records = json.load(f)["benchmarks"]
    # The kernel before this work: the quieter of its two runs when both were exported.
    baselines = {r["baseline"] for r in records}
    before_run = "before2" if "before2" in baselines else "before" if "before" in baselines else None

    kernel = {"marker": "o", "color": "tab:blue"}
    before = {"marker": "x", "color": "tab:red", "linestyle": "--"}
    memcpy = {"marker": "s", "color": "gray", "linestyle": ":"}
    out_bytes = lambda r: r["bytes"]

    fig, axes = plt.subplots(1, len(SLICE_GROUPS), figsize=(5 * len(SLICE_GROUPS), 4))
    for ax, (group, title) in zip(axes, SLICE_GROUPS):
        lines = [("kernel", CURRENT, "kernel", kernel),
                 ("kernel", EARLIER, "earlier kernel (previous export)", before)]
        if before_run:
            lines.append(("kernel", before_run, "first kernel (2dd01c1)", {**before, "color": "tab:pink"}))
        lines.append(("memcpy", CURRENT, "memcpy, same bytes", memcpy))
        draw_group(ax, records, group, title, out_bytes, "output bytes", lines)
    fig.suptitle("StridedSlice kernel vs memcpy (criterion, validation + copy into a preallocated output)", fontsize=10)
    fig.tight_layout()
    path = os.path.join(OUT_DIR, "criterion-slicing.png")
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")

    cols = 3
    rows = (len(CONVERSION_GROUPS) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5 * cols, 3.6 * rows))
    elements = lambda r: int(r["size"])
    for ax, (group, title) in zip(axes.flat, CONVERSION_GROUPS):
        draw_group(ax, records, group, title, elements, "elements", [
            ("kernel", CURRENT, "conversion", kernel),
            ("kernel", EARLIER, "earlier conversion (before SIMD dispatch)", before),
            ("memcpy", CURRENT, "memcpy of the wider side", memcpy),
        ])
    for ax in list(axes.flat)[len(CONVERSION_GROUPS):]:
        ax.set_visible(False)
    fig.suptitle("TensorBuffer conversions (src/lite) vs memcpy (criterion, native byte order)", fontsize=10)
    fig.tight_layout()
    path = os.path.join(OUT_DIR, "criterion-conversions.png")
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")

    fig, axes = plt.subplots(1, len(PATH_GROUPS), figsize=(4.2 * len(PATH_GROUPS), 3.8))
    path_styles = [("scalar", "tab:red"), ("sse2", "tab:orange"), ("avx2", "tab:green"),
                   ("avx512", "tab:blue"), ("neon", "tab:purple")]
    for ax, (group, title) in zip(axes, PATH_GROUPS):
        lines = [(name, CURRENT, name, {"marker": "o", "color": color}) for name, color in path_styles]
        lines.append(("memcpy", CURRENT, "memcpy of the wider side", memcpy))
        draw_group(ax, records, group, title, elements, "elements", lines)
    fig.suptitle("Conversion kernels per instruction-set path (criterion, each path forced)", fontsize=10)
    fig.tight_layout()
    path = os.path.join(OUT_DIR, "criterion-simd-paths.png")
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")

    if os.path.exists(JMH_TENSORBUFFER):
        plot_jmh(plt)


def plot_jmh(plt):
    """FLOAT32 TensorBuffer rows of the JMH run: ours, upstream and memcpy against n."""
    with open(JMH_TENSORBUFFER) as f:
        rows = json.load(f)
    data = {}
    for row in rows:
        name = row["benchmark"].rsplit(".", 1)[-1]
        if "TensorBufferFloatBench" not in row["benchmark"]:
            continue
        if not name.endswith(("_ours", "_peer")) and name != "memcpy":
            continue
        n = int(row.get("params", {}).get("n", 0))
        unit = row["primaryMetric"]["scoreUnit"]
        scale = {"us/op": 1.0, "ns/op": 1e-3, "ms/op": 1e3}[unit]
        data.setdefault(name, []).append((n, row["primaryMetric"]["score"] * scale,
                                          row["primaryMetric"]["scoreError"] * scale))
    workloads = sorted({k.removesuffix("_ours").removesuffix("_peer") for k in data if k != "memcpy"})
    fig, axes = plt.subplots(1, len(workloads), figsize=(5 * len(workloads), 4), squeeze=False)
    for ax, w in zip(axes[0], workloads):
        for key, label, style in [(f"{w}_ours", "tensorbridge", {"marker": "o", "color": "tab:blue"}),
                                  (f"{w}_peer", "upstream TFLite Support", {"marker": "^", "color": "tab:orange"}),
                                  ("memcpy", "direct ByteBuffer put, same bytes", {"marker": "s", "color": "gray", "linestyle": ":"})]:
            pts = sorted(data.get(key, []))
            if pts:
                ax.errorbar([p[0] for p in pts], [p[1] for p in pts], yerr=[p[2] for p in pts],
                            label=label, capsize=3, **style)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(f"FLOAT32 {w} (JMH)", fontsize=9)
        ax.set_xlabel("elements", fontsize=8)
        ax.set_ylabel("time (µs/op)", fontsize=8)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    path = os.path.join(OUT_DIR, "jmh-tensorbuffer.png")
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("step", nargs="?", choices=["export", "plot"], help="default: export, then plot")
    p.add_argument("--baseline", action="append", help="criterion baseline(s) to export (default: new)")
    args = p.parse_args()
    if args.step in (None, "export"):
        export(args.baseline or ["new"])
    if args.step in (None, "plot"):
        plot()


if __name__ == "__main__":
    main()
