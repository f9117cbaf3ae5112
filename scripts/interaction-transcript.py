#!/usr/bin/env python3
"""Drives `flowlayout session` through one interaction feature on a large key/value document
(scripts/keyvalue-document.py, "cellSizing": "visible"), printing each request (the document
elided), its answer and the wall time until the answer (docs/session.md).

    python3 scripts/interaction-transcript.py FLOWLAYOUT_BINARY COUNT FEATURE [--engine fast]

FEATURE: scrollTo."""
import subprocess
import sys
import time
import os

binary = sys.argv[1]
count = int(sys.argv[2])
feature = sys.argv[3]
extra = sys.argv[4:]
last = count - 1
middle = count * 7 // 10
features = {
    "scrollTo": [
        '{"scrollTo": {"item": [0, %d], "position": "center"}}' % middle,
        '{"scrollTo": {"item": [0, %d], "position": "center"}}' % middle,
        '{"frame": [0, %d]}' % middle,
        '{"scrollTo": {"item": [0, %d], "position": "nearest"}}' % (middle + 3),
        '{"scrollTo": {"item": [0, %d], "position": "top", "insets": [44, 0, 0, 0]}}' % 40,
        '{"scrollTo": {"item": [0, %d], "position": "bottom"}}' % last,
        '{"scrollTo": {"item": [0, %d], "position": "bottom"}}' % last,
        '{"scrollTo": {"item": [0, %d]}}' % count,
        '{"scrollTo": {"item": [0, 5], "insets": [0, 0, -1, 0]}}',
        '{"contentSize": null}',
    ],
}
here = os.path.dirname(os.path.abspath(__file__))
document = subprocess.run(
    [sys.executable, os.path.join(here, "keyvalue-document.py"), str(count)],
    check=True, capture_output=True, text=True).stdout.strip()
session = subprocess.Popen([binary, "session"] + extra, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, bufsize=1)
shown = '{"open": <%d key/value cells, "cellSizing": "visible", viewport [0, 0, 375, 812]>}' % count
for line, label in [('{"open": %s}' % document, shown)] + [(r, None) for r in features[feature]]:
    start = time.monotonic()
    session.stdin.write(line + "\n")
    session.stdin.flush()
    answer = session.stdout.readline().strip()
    elapsed = time.monotonic() - start
    if len(answer) > 400:
        answer = answer[:400] + " …"
    print("> " + (label or line))
    print("< " + answer + ("   (%.3f s)" % elapsed if elapsed >= 1 else "   (%.3f ms)" % (elapsed * 1000)))
session.stdin.close()
session.wait()
