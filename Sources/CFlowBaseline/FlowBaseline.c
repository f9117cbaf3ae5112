#include "CFlowBaseline.h"

double flow_baseline_layout(const double *w, const double *h, size_t n, double line_length,
                            double left, double top, double interitem, double line_spacing,
                            double *x, double *y) {
  const double eps = 1e-9 * (line_length > 1.0 ? line_length : 1.0);
  double line_top = top;
  size_t i = 0;
  while (i < n) {
    // One line: the first item always joins; the next joins while used + I + w <= A + eps.
    size_t start = i;
    double used = w[i];
    double line_height = h[i];
    x[i] = left;
    for (i = i + 1; i < n; i++) {
      double next = used + interitem + w[i];
      if (next > line_length + eps) break;
      x[i] = left + used + interitem;
      used = next;
      if (h[i] > line_height) line_height = h[i];
    }
    // Items vertically centered in their line.
    for (size_t j = start; j < i; j++) y[j] = line_top + (line_height - h[j]) * 0.5;
    line_top += line_height + line_spacing;
  }
  return n == 0 ? top : line_top - line_spacing;
}
