#!/usr/bin/env python3
"""Drives `flowlayout session` through open, scrolling, a rotation and a batch on a large
key/value document (scripts/keyvalue-document.py), printing each request (documents elided),
its answer and the wall time until the answer (docs/session.md).

    python3 scripts/session-transcript.py FLOWLAYOUT_BINARY COUNT [--engine fast]"""
import subprocess
import sys
import time
import os

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000000
extra = sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
document = subprocess.run(
    [sys.executable, os.path.join(here, "keyvalue-document.py"), str(count)],
    check=True, capture_output=True, text=True).stdout.strip()
session = subprocess.Popen([binary, "session"] + extra, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE)
requests = [
    ('{"open": %s}' % document, '{"open": <%d key/value cells, "cellSizing": "visible", viewport [0, 0, 375, 812]>}' % count),
    ('{"viewport": [0, 812, 375, 812]}', None),
    ('{"viewport": [0, 1624, 375, 812]}', None),
    ('{"viewport": [0, 40000000, 375, 812]}', None),
    ('{"elements": [0, 40000000, 375, 120]}', None),
    ('{"apply": {"setWidth": 812}}', None),
    ('{"apply": {"setWidth": 375}}', None),
    ('{"apply": {"deleteItems": [[0, 0], [0, 1]], "insertItems": [{"at": [0, 5], "size": [139.5, 66]}]}}', None),
    ('{"apply": {"measureItems": [{"at": [0, 5], "size": [139.5, 66]}]}}', None),
    ('{"hitTest": [100, 40001000]}', None),
    ('{"frame": [0, 999999]}', None),
    ('{"viewport": [0, -5, 375]}', None),
    ('{"contentSize": null}', None),
]
for line, shown in requests:
    # Encoded before the clock starts: the time is the session's, not this script's encoding
    # of a 140 MB line.
    data = (line + "\n").encode()
    start = time.monotonic()
    session.stdin.write(data)
    session.stdin.flush()
    answer = session.stdout.readline().decode().strip()
    elapsed = time.monotonic() - start
    if len(answer) > 400:
        answer = answer[:400] + " …"
    print("> " + (shown or line))
    print("< " + answer + "   (%.3f s)" % elapsed)
session.stdin.close()
session.wait()
