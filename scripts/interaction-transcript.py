#!/usr/bin/env python3
"""Drives `flowlayout session` through one interaction feature on a large key/value document
(scripts/keyvalue-document.py, "cellSizing": "visible"), printing each request (the document
elided), its answer and the wall time until the answer (docs/session.md).

    python3 scripts/interaction-transcript.py FLOWLAYOUT_BINARY COUNT FEATURE [--engine fast]

FEATURE: scrollTo, navigate, drag (its pointer path follows the lifted frame `begin` answers),
prefetch (a fling: moving viewports answered with prefetch ranges), bottomToTop (a chat: the
document opens at its end with "verticalLayoutDirection": "bottomToTop" and "scrollAnchor":
"bottom", then messages arrive; a request may use {end_minus_5000}, the open answer's content
height minus the viewport's, minus 5 000)."""
import json
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
    "navigate": [
        '{"navigate": {"from": [0, 0], "direction": "down"}}',
        '{"navigate": {"from": [0, 0], "direction": "right"}}',
        '{"navigate": {"from": [0, 1], "direction": "right"}}',
        '{"navigate": {"from": [0, 1], "direction": "right", "layoutDirection": "rightToLeft"}}',
        '{"navigate": {"from": [0, 0], "direction": "pageDown"}}',
        '{"navigate": {"from": [0, %d], "direction": "down"}}' % middle,
        '{"navigate": {"from": [0, %d], "direction": "up"}}' % middle,
        '{"scrollTo": {"item": [0, %d], "position": "nearest"}}' % (middle - 2),
        '{"navigate": {"from": [0, %d], "direction": "pageUp"}}' % middle,
        '{"navigate": {"from": [0, 0], "direction": "end"}}',
        '{"navigate": {"from": [0, %d], "direction": "down"}}' % last,
        '{"navigate": {"from": [0, %d], "direction": "home"}}' % last,
        '{"navigate": {"from": [0, %d], "direction": "down"}}' % count,
        '{"navigate": {"from": [0, 0], "direction": "diagonal"}}',
    ],
    # A drag across a screen: item `middle` shown at the top, lifted, dragged to the right
    # column and down one screen in 8 moves, dropped; another lifted and cancelled.
    "drag": [
        '{"scrollTo": {"item": [0, %d], "position": "top"}}' % middle,
        '{"drag": {"to": [100, 100]}}',
        '{"drag": {"begin": [0, %d]}}' % middle,
    ] + [
        (lambda k: lambda lifted: '{"drag": {"to": [%s, %s]}}' % (
            lifted[0] + lifted[2] / 2 + k * 25, lifted[1] + lifted[3] / 2 + k * 90))(k)
        for k in range(1, 9)
    ] + [
        '{"apply": {"deleteItems": [[0, 0]]}}',
        '{"drag": {"to": [1e999, 0]}}',
        '{"drag": "end"}',
        '{"drag": {"begin": [0, %d]}}' % (middle + 1),
        (lambda lifted: '{"drag": {"to": [%s, %s]}}' % (lifted[0] + 10, lifted[1] + 400)),
        (lambda lifted: '{"elements": [0, %s, 375, 1]}' % (lifted[1] + lifted[3] / 2)),
        '{"drag": "cancel"}',
        '{"drag": "cancel"}',
    ],
    "prefetch": [
        '{"viewport": {"rect": [0, 812, 375, 812], "velocity": [0, 2400]}}',
        '{"viewport": {"rect": [0, 1624, 375, 812], "velocity": [0, 2400]}}',
        '{"viewport": {"rect": [0, 31500000, 375, 812], "velocity": [0, 12000]}}',
        '{"viewport": {"rect": [0, 31500000, 375, 812], "velocity": [0, 12000]}}',
        '{"viewport": {"rect": [0, 31499000, 375, 812], "velocity": [0, -1500]}}',
        '{"viewport": {"rect": [0, 31499000, 375, 812]}}',
        '{"viewport": [0, 31499000, 375, 812]}',
        '{"viewport": {"rect": [0, 0, 375, 812], "velocity": [0, 1e999]}}',
        '{"viewport": {"velocity": [0, 10]}}',
        '{"contentSize": null}',
    ],
    "bottomToTop": [
        '{"frame": [0, %d]}' % last,
        '{"apply": {"insertItems": [{"at": [0, %d], "cell": {"type": "keyValue", "key": "Me", "value": "On my way, the pump in aisle 7 is next"}}]}}' % count,
        '{"frame": [0, %d]}' % count,
        '{"viewport": {"rect": [0, {end_minus_5000}, 375, 812], "velocity": [0, -3000]}}',
        '{"apply": {"insertItems": [{"at": [0, %d], "cell": {"type": "keyValue", "key": "Ops", "value": "Thanks"}}]}}' % (count + 1),
        '{"open": {"layout": "keyValueColumnFlow", "numberOfColumns": 1, "width": 375, "height": 812, "estimatedItemSize": [359, 66], "cellSizing": "visible", "verticalLayoutDirection": "bottomToTop", "scrollAnchor": "bottom", "sections": [{"items": [{"type": "keyValue", "key": "Ops", "value": "Shift starts"}, {"type": "keyValue", "key": "Me", "value": "Here"}]}]}}',
        '{"elements": [0, 0, 375, 812]}',
        '{"open": {"layout": "horizontalFlow", "width": 375, "verticalLayoutDirection": "upsideDown", "sections": []}}',
    ],
}
extras = {
    "bottomToTop": '"verticalLayoutDirection": "bottomToTop", "scrollAnchor": "bottom", "numberOfColumns": 1, ',
}
here = os.path.dirname(os.path.abspath(__file__))
document = subprocess.run(
    [sys.executable, os.path.join(here, "keyvalue-document.py"), str(count)],
    check=True, capture_output=True, text=True).stdout.strip()
session = subprocess.Popen([binary, "session"] + extra, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, bufsize=1)
shown = '{"open": <%d key/value cells, "cellSizing": "visible", viewport [0, 0, 375, 812]>}' % count
lifted = None  # the first `begin`'s lifted frame (drag)
if feature in extras:
    document = "{" + extras[feature] + document[1:]
    shown = shown.replace('"cellSizing"', extras[feature] + '"cellSizing"')
end = 0
for line, label in [('{"open": %s}' % document, shown)] + [(r, None) for r in features[feature]]:
    if callable(line):
        line = line(lifted)
    line = line.replace("{end_minus_5000}", "%d" % max(0, end - 5000))
    start = time.monotonic()
    session.stdin.write(line + "\n")
    session.stdin.flush()
    answer = session.stdout.readline().strip()
    elapsed = time.monotonic() - start
    if end == 0 and '"contentSize"' in answer:
        size = json.loads(answer)["contentSize"]
        end = size[1] - 812
    if '"begin"' in line and lifted is None and '"lifted"' in answer:
        lifted = json.loads(answer)["lifted"]
    if len(answer) > 400:
        answer = answer[:400] + " …"
    print("> " + (label or line))
    print("< " + answer + ("   (%.3f s)" % elapsed if elapsed >= 1 else "   (%.3f ms)" % (elapsed * 1000)))
session.stdin.close()
session.wait()
