// jemalloc's public API (Debian libjemalloc-dev, unprefixed symbols). Linking it replaces malloc
// for the whole process; only the `flowlayout` executable links it.
#include <jemalloc/jemalloc.h>
