/*
** Open-addressed tables' growth (hash.h): one copy for deceptive/'s maps
** of skeletons, domains and near-match keys.
*/
#include "hash.h"

#include <string.h>

#include "status.h"

/* The hash stored first in an entry of the table. */
static uint32_t slot_hash(const char *e) {
  uint32_t h;
  memcpy(&h, e, sizeof h);
  return h;
}

int url_hash_grow(const url_allocator *mem, void **slots, size_t *mask,
                  size_t size, size_t first) {
  char *old = *slots;
  size_t cap = old ? (*mask + 1) * 2 : first;
  char *t = mem->alloc(cap * size);
  if (!t) return URL_NOMEM;
  memset(t, 0, cap * size);
  for (size_t i = 0; old && i <= *mask; i++) {
    uint32_t h = slot_hash(old + i * size);
    if (!h) continue;
    size_t j = h & (cap - 1);
    while (slot_hash(t + j * size)) j = (j + 1) & (cap - 1);
    memcpy(t + j * size, old + i * size, size);
  }
  if (old) mem->release(old);
  *slots = t;
  *mask = cap - 1;
  return URL_OK;
}
