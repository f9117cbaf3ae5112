#!/usr/bin/env python3
"""Taffy (PyPI `stretchable`) as a peer of `flowlayout bench`: the greedy-flow workloads laid out
as a wrapping flexbox container, timing only Taffy's layout call.

CSS that equals `.horizontalFlow` in greedy mode (own sizes, `estimatedItemSize` != 0, or the
uniform `itemSize` grid), not justified, items vertically centered (`isTopAligned = false`):

  container: display: flex; flex-direction: row; flex-wrap: wrap;
             width: 375px (B, border-box); height: auto;
             padding: 16px (sectionInset t, l, b, r);
             column-gap: 8px (minimumInteritemSpacing I); row-gap: 8px (minimumLineSpacing L);
             justify-content: flex-start (leading-aligned lines, gaps exactly I);
             align-items: center (centered in the line: y = lineTop + (lineHeight - h)/2);
             align-content: flex-start (lines stacked from the top, exactly L apart)
  item:      width: w; height: h; flex: 0 0 auto (flex-grow 0, flex-shrink 0: own size)

Flexbox's line breaking ("collect flex items into flex lines", CSS Flexbox 9.3) is the same
greedy rule as docs/semantics.md's, without its 1e-9 tolerance and in f32.

The `layout` operation is the same as the runner's: the container's width switches between 375
and 414 each run, so every run lays out all items again. Only `node_compute_layout` is timed
(the Rust call); building the tree and reading frames are not.

Usage: taffy_flow.py --sizes 1000,10000 [--workloads mixed,uniform] [--min-time 0.3]
                     [--check OURS.json] [--sample-limit 1.0]
Prints a JSON list of rows (the runner's row format) on stdout.
"""
import argparse
import json
import sys
import time

from stretchable import Node
from stretchable import taffylib
from stretchable.context import taffy
from stretchable.style import AlignContent, AlignItems, FlexWrap, JustifyContent, Style
from stretchable.style.geometry.size import SizeAvailableSpace

MASK = (1 << 64) - 1
SEEDS = {"uniform": 0x5EED0001, "mixed": 0x5EED0002}


class SplitMix64:
    """The same generator as FlowLayoutWorkloads' SplitMix64 (same seed, same sizes)."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def next_points(self, lo, hi):
        return float(((self.next() * (hi - lo + 1)) >> 64) + lo)


def item_sizes(workload, n):
    if workload == "uniform":
        return [(110.0, 150.0)] * n
    rng = SplitMix64(SEEDS[workload])
    sizes = []
    for _ in range(n):
        w = rng.next_points(60, 200)
        h = rng.next_points(60, 200)
        sizes.append((w, h))
    return sizes


def container_style(width):
    return Style(
        flex_wrap=FlexWrap.WRAP, size=(width, None), padding=16, gap=8,
        justify_content=JustifyContent.FLEX_START, align_items=AlignItems.CENTER,
        align_content=AlignContent.FLEX_START)


def build(sizes, width):
    """The container and its items. Styles are shared per distinct size, and children are added
    with one `extend` (`append` one by one is quadratic in stretchable 1.1.8: 5000 items took 5 s)."""
    styles = {}
    children = []
    for w, h in sizes:
        style = styles.get((w, h))
        if style is None:
            style = styles[(w, h)] = Style(size=(w, h), flex_grow=0, flex_shrink=0)
        children.append(Node(style=style))
    root = Node(style=container_style(width))
    root.extend(children)
    return root


def set_width(root, width):
    """A new container width (marks the tree dirty, like the runner's setWidth)."""
    root.style = container_style(width)


def layout_call(root):
    """Only Taffy's layout of the tree (what compute_layout does before reading results back)."""
    ok = taffylib.node_compute_layout_with_measure(
        taffy._ptr, root._node_id, SizeAvailableSpace.default().to_dict(), lambda *a: (0.0, 0.0))
    if not ok:
        raise RuntimeError("taffy layout failed")


def check(ours_path):
    """Compares Taffy's frames with ours for the collection in OURS.json; exits 2 on mismatch."""
    with open(ours_path) as f:
        ours = json.load(f)
    sizes = item_sizes(ours["workload"], ours["n"])
    root = build(sizes, ours["width"])
    root.compute_layout()
    worst = 0.0
    for i, child in enumerate(root):
        box = child.get_box()
        x, y, w, h = ours["frames"][i]
        for a, b in ((box.x, x), (box.y, y), (box.width, w), (box.height, h)):
            # f32 (Taffy) against f64 (ours): half an f32 ulp at the magnitude, plus slack.
            tolerance = 1e-6 * max(1.0, abs(b)) + 1e-3
            worst = max(worst, abs(a - b))
            if abs(a - b) > tolerance:
                print(f"taffy_flow: item {i}: taffy ({box.x}, {box.y}, {box.width}, {box.height})"
                      f" != ours ({x}, {y}, {w}, {h})", file=sys.stderr)
                sys.exit(2)
    return {"n": ours["n"], "workload": ours["workload"], "max_abs_difference": worst,
            "checked_against": ours.get("engine", "?")}


def measure(workload, n, min_time, sample_limit, min_samples=5):
    t_build = time.perf_counter()
    sizes = item_sizes(workload, n)
    root = build(sizes, 375)
    build_seconds = time.perf_counter() - t_build
    widths = (414, 375)
    phase = 0
    times = []
    total = 0
    # Warm-up: two runs (the first also checks the sample limit).
    for _ in range(2):
        phase += 1
        set_width(root, widths[phase % 2])
        t0 = time.perf_counter_ns()
        layout_call(root)
        t = time.perf_counter_ns() - t0
        if t > sample_limit * 1e9:
            return {"status": "skipped", "note": f"one run took {t / 1e9:.2f} s > limit",
                    "build_seconds": build_seconds}
    while len(times) < min_samples or total < min_time * 1e9:
        phase += 1
        set_width(root, widths[phase % 2])
        t0 = time.perf_counter_ns()
        layout_call(root)
        t = time.perf_counter_ns() - t0
        times.append(t)
        total += t
        if len(times) >= 2000:
            break
    times.sort()
    m = len(times) // 2
    median = times[m] if len(times) % 2 else (times[m - 1] + times[m]) / 2
    return {"status": "ok", "median_ns": float(median), "min_ns": float(times[0]),
            "max_ns": float(times[-1]), "samples": len(times), "runs_per_sample": 1,
            "build_seconds": build_seconds}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="1000,10000")
    p.add_argument("--workloads", default="uniform,mixed")
    p.add_argument("--min-time", type=float, default=0.3)
    p.add_argument("--sample-limit", type=float, default=1.0)
    p.add_argument("--max-build-seconds", type=float, default=60.0)
    p.add_argument("--check", action="append", default=[])
    a = p.parse_args()
    checks = [check(path) for path in a.check]
    rows = []
    for workload in a.workloads.split(","):
        if workload not in SEEDS:
            continue
        previous = None
        for n in sorted(int(s) for s in a.sizes.split(",")):
            row = {"workload": workload, "operation": "layout", "engine": "taffy", "n": n}
            # Like the runner: skip where the previous size's time, scaled linearly, is too slow
            # (building a tree of n Python nodes costs far more than the layout itself).
            # Building the tree in Python (not timed) is predicted too, and capped.
            if previous is not None and previous.get("status") != "ok":
                row.update({"status": "skipped", "note": "skipped at a smaller n"})
            elif previous is not None and previous["median_ns"] * n / previous["n"] > a.sample_limit * 1e9:
                row.update({"status": "skipped", "note": "a layout is predicted beyond the sample limit"})
            elif previous is not None and previous["build_seconds"] * n / previous["n"] > a.max_build_seconds:
                row.update({"status": "skipped",
                            "note": f"building {n} Python nodes is predicted beyond {a.max_build_seconds} s"})
            else:
                row.update(measure(workload, n, a.min_time, a.sample_limit))
            previous = dict(row)
            row.pop("build_seconds", None)
            rows.append(row)
            print(f"taffy_flow: {workload} n={n}: {row.get('median_ns', row.get('note'))}", file=sys.stderr)
    json.dump({"checks": checks, "rows": rows}, sys.stdout)


if __name__ == "__main__":
    main()
