// jemalloc's control interface, found at run time.
//
// `flowlayout` does not link jemalloc, so it builds on a machine without libjemalloc-dev. At run
// time `flowlayout bench` re-executes itself with LD_PRELOAD=libjemalloc.so.2 when that library
// is installed (Debian libjemalloc2), which makes jemalloc the process's malloc; `mallctl` is
// then looked up with dlsym (RTLD_DEFAULT). Without it the runner says so and measures no
// bytes or allocation counts. (dlopen of libjemalloc.so.2 fails: it needs static TLS.)
#ifndef FLOWLAYOUT_CJEMALLOC_SHIM_H
#define FLOWLAYOUT_CJEMALLOC_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

/// jemalloc's `mallctl` signature.
typedef int (*flowlayout_mallctl_fn)(const char *name, void *oldp, size_t *oldlenp, void *newp,
                                     size_t newlen);

/// The process's `mallctl`, or NULL when jemalloc is not the process's malloc.
static inline flowlayout_mallctl_fn flowlayout_find_mallctl(void) {
  return (flowlayout_mallctl_fn)dlsym(RTLD_DEFAULT, "mallctl");
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Under glibc's malloc: returns the free memory at the top of its heap and the freed pages
/// inside it to the system (`malloc_trim(0)`); returns 1 when some was released. Elsewhere 0.
static inline int flowlayout_trim_system_heap(void) {
#if defined(__GLIBC__)
  return malloc_trim(0);
#else
  return 0;
#endif
}

#endif
