#!/usr/bin/env python3
"""The table of scripts/bench_ab.sh: per row, each round's score of build A and build B, the
median of each side and B/A (below 1: B is faster).

usage: scripts/bench_ab_table.py OUT_DIR ROUNDS
"""
import json
import statistics
import sys


def scores(path):
    out = {}
    for e in json.load(open(path)):
        name = e["benchmark"].rsplit(".", 2)[-2:]
        params = ",".join(f"{k}={v}" for k, v in sorted((e.get("params") or {}).items()))
        m = e["primaryMetric"]
        out[(".".join(name), params)] = (m["score"], m["scoreError"], m["scoreUnit"])
    return out


def main(out_dir, rounds):
    runs = {s: [scores(f"{out_dir}/{s}-{i}.json") for i in range(1, int(rounds) + 1)] for s in "AB"}
    print("| row | A (µs/op per round) | B (µs/op per round) | median A | median B | B/A |")
    print("|---|---|---|---|---|---|")
    for key in runs["A"][0]:
        a = [r[key][0] for r in runs["A"] if key in r]
        b = [r[key][0] for r in runs["B"] if key in r]
        if not a or not b:
            continue
        unit = runs["A"][0][key][2]
        ma, mb = statistics.median(a), statistics.median(b)
        name = key[0] + (f" ({key[1]})" if key[1] else "")
        fmt = lambda xs: ", ".join(f"{x:,.3f}" for x in xs)
        print(f"| {name} [{unit}] | {fmt(a)} | {fmt(b)} | {ma:,.3f} | {mb:,.3f} | {mb / ma:.2f} |")


if __name__ == "__main__":
    main(*sys.argv[1:])
