// The plain C baseline: greedy flow layout of n items of their own sizes, in double.
//
// The same rules as docs/semantics.md "Greedy line filling", "Line stacking" and
// ".horizontalFlow" greedy mode (leading-aligned, not justified, items vertically centered in
// their line), for one section without header or footer. It is what a hand-written loop costs:
// the floor the Swift engines are measured against (row `c-loop` of `flowlayout bench`).
#ifndef CFLOWBASELINE_H
#define CFLOWBASELINE_H

#include <stddef.h>

/// Lays out items `(w[i], h[i])` in lines of length `line_length` starting at `(left, top)` with
/// item spacing `interitem` and line spacing `line_spacing`; writes each item's origin to
/// `x[i]`, `y[i]` and returns the bottom of the last line (`top` when n is 0).
/// Complexity: O(n), two passes over each line.
double flow_baseline_layout(const double *w, const double *h, size_t n, double line_length,
                            double left, double top, double interitem, double line_spacing,
                            double *x, double *y);

#endif
