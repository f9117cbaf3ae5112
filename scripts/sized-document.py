#!/usr/bin/env python3
"""Writes a large document of sized items for `flowlayout layout` and `flowlayout session`
(the open-time measurement of docs/session.md): python3 scripts/sized-document.py COUNT > doc.json

Seeded (the same COUNT gives the same bytes): `horizontalFlow` with `estimatedItemSize`, one
section, items `[w, h]` with integer sizes uniform in 60-200 pt, 375 x 812 bounds."""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
state = 0x9E3779B97F4A7C15


def nxt():
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return state >> 33


out = sys.stdout
out.write('{"layout": "horizontalFlow", "width": 375, "height": 812, '
          '"estimatedItemSize": [130, 130], "sections": [{"items": [')
out.write(",".join("[%d,%d]" % (60 + nxt() % 141, 60 + nxt() % 141) for _ in range(count)))
out.write("]}]}\n")
