// What two threads can gain on this machine, without the engine: the plain greedy loop
// (Sources/CFlowBaseline's, included) and a pure streaming pass (read 16 B, write 16 B an item),
// each over n items on 1 thread, then as two independent halves on 2 threads (seams ignored:
// a ceiling, not a layout). Prints the medians of 15 interleaved runs and their ratio.
//
//   clang -O2 -pthread -I Sources/CFlowBaseline/include scripts/two-core-ceiling.c -o /tmp/two-core-ceiling
//   /tmp/two-core-ceiling 10000000          # greedy loop
//   /tmp/two-core-ceiling 10000000 stream   # streaming pass
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../Sources/CFlowBaseline/FlowBaseline.c"

static int streaming;

typedef struct { const double *w, *h; double *x, *y; size_t n; } Job;

static void *run(void *p) {
  Job *j = p;
  if (streaming) {
    for (size_t i = 0; i < j->n; i++) { j->x[i] = j->w[i]; j->y[i] = j->w[i] + j->h[i]; }
  } else {
    flow_baseline_layout(j->w, j->h, j->n, 375, 16, 0, 8, 8, j->x, j->y);
  }
  return 0;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int ascending(const void *a, const void *b) {
  double d = *(const double *)a - *(const double *)b;
  return d < 0 ? -1 : d > 0;
}

int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoull(argv[1], 0, 10) : 10000000;
  streaming = argc > 2;
  enum { reps = 15 };
  double *w = malloc(n * 8), *h = malloc(n * 8), *x = malloc(n * 8), *y = malloc(n * 8);
  srand(1);
  for (size_t i = 0; i < n; i++) { w[i] = 40 + rand() % 200; h[i] = 20 + rand() % 80; }
  memset(x, 0, n * 8);
  memset(y, 0, n * 8);
  double one[reps], two[reps];
  for (int r = 0; r < reps; r++) {
    double t = now();
    Job all = {w, h, x, y, n};
    run(&all);
    one[r] = now() - t;
    t = now();
    pthread_t thread;
    Job first = {w, h, x, y, n / 2}, second = {w + n / 2, h + n / 2, x + n / 2, y + n / 2, n - n / 2};
    pthread_create(&thread, 0, run, &second);
    run(&first);
    pthread_join(thread, 0);
    two[r] = now() - t;
  }
  qsort(one, reps, sizeof(double), ascending);
  qsort(two, reps, sizeof(double), ascending);
  printf("%s n=%zu: 1 thread %.2f ms, 2 threads %.2f ms, 1/2 = %.2f\n",
         streaming ? "stream" : "greedy", n, one[reps / 2] * 1e3, two[reps / 2] * 1e3,
         one[reps / 2] / two[reps / 2]);
  return 0;
}
