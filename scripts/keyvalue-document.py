#!/usr/bin/env python3
"""Writes a large keyValueColumnFlow document of key/value cells for `flowlayout session`
(docs/session.md): python3 scripts/keyvalue-document.py COUNT > doc.json

Seeded (the same COUNT gives the same bytes). Values are 1 to 24 words, so cell heights depend
on the column width; `"cellSizing": "visible"` with a 375 x 812 viewport at the top."""
import json
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
words = ["pump", "valve", "bearing", "housing", "replace", "inspection", "Walldorf", "shift",
         "order", "spare", "parts", "technician", "reported", "minor", "wear", "on", "the",
         "plates", "pole", "Aisle", "Shelf", "Steel", "priority", "next"]
state = 0x9E3779B97F4A7C15


def nxt():
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return state >> 33


out = sys.stdout
out.write('{"layout": "keyValueColumnFlow", "width": 375, "height": 812, '
          '"estimatedItemSize": [139.5, 66], "cellSizing": "visible", '
          '"viewport": [0, 0, 375, 812], "sections": [{"header": 44, "items": [')
for i in range(count):
    n = 1 + nxt() % 24
    value = " ".join(words[nxt() % len(words)] for _ in range(n))
    if i:
        out.write(",")
    out.write(json.dumps({"type": "keyValue", "key": "Field %d" % i, "value": value}))
out.write("]}]}\n")
