#!/usr/bin/env python3
"""Writes a large document of sized items for `flowlayout layout` and `flowlayout session`
(the open-time measurement of docs/session.md): python3 scripts/sized-document.py COUNT > doc.json

Seeded (the same COUNT gives the same bytes): `horizontalFlow` with `estimatedItemSize`, one
section, items `[w, h]` with integer sizes uniform in 60-200 pt (the bench's `mixed`), 375 x 812
bounds."""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
rng = random.Random(33)
sizes = ("[%d,%d]" % (rng.randrange(60, 201), rng.randrange(60, 201)) for _ in range(count))
sys.stdout.write('{"layout": "horizontalFlow", "width": 375, "height": 812, '
                 '"estimatedItemSize": [130, 130], "sections": [{"items": [')
sys.stdout.write(",".join(sizes))
sys.stdout.write("]}]}\n")
