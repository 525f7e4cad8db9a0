/*
** The hashes the layers share, and the growth of their open-addressed
** tables: written once here.
**
** url_fnv32 / url_fnv64: FNV-1a (Fowler, Noll, Vo) over n bytes, starting
** from a basis (URL_FNV32_BASIS, URL_FNV64_BASIS, or a previous result to
** hash a key in pieces).  Used for names and skeletons (html/, deceptive/);
** referrers/referrer_tables.c is keyed by the same FNV-1a, computed by its
** generator (tools/gen_referrer_tables.py), and referrers/referrer.c hashes
** as it does.
**
** url_hash_grow: doubles (or first makes) a table of linear probing over a
** power of two of slots whose first member is a uint32_t hash, 0 meaning
** empty (so a key's hash is never 0: callers set a bit), re-placing every
** entry.
*/
#ifndef URL_HASH_H
#define URL_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "url_mem.h"

#define URL_FNV32_BASIS 2166136261u
#define URL_FNV64_BASIS 14695981039346656037u

static inline uint32_t url_fnv32(uint32_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 16777619u;
  return h;
}

static inline uint64_t url_fnv64(uint64_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 1099511628211u;
  return h;
}

/*
** Grows the table *slots of *mask + 1 slots of `size` bytes each (none:
** *slots NULL) to twice as many, or to `first` slots (a power of two) when
** there is none.  Returns URL_OK or URL_NOMEM (the table unchanged).
*/
int url_hash_grow(const url_allocator *mem, void **slots, size_t *mask,
                  size_t size, size_t first);

#endif /* URL_HASH_H */
