/*
** The public suffix rule table: built once per list, walked per host (see
** psl_table.h).
*/
#include "psl_table.h"

#include <string.h>

/* -------------------------------------------------------------- rules */

void url_psl_rules_init(url_psl_rules *r, const url_allocator *mem) {
  url_buf_init(&r->recs, mem, NULL, 0, SIZE_MAX);
  r->n = 0;
}

void url_psl_rules_free(url_psl_rules *r) { url_buf_free(&r->recs); }

int url_psl_rules_add(url_psl_rules *r, const char *name, size_t n,
                      unsigned flags) {
  if (n > URL_PSL_RULE_MAX) return URL_OK; /* the caller refuses these */
  char head[3] = {(char)(flags | URL_PSL_RULE_IS), (char)(n & 0xff),
                  (char)(n >> 8)};
  url_buf_append(&r->recs, head, sizeof head);
  url_buf_append(&r->recs, name, n);
  if (r->recs.err) return r->recs.err;
  r->n++;
  return URL_OK;
}

/* -------------------------------------------------------------- hashing */

/* FNV-1a over a label's bytes from its last to its first, the order in
   which the walk reads a host; then mixed with the parent's slot. */
#define LABEL_SEED 0x811c9dc5u

static inline uint32_t label_step(uint32_t h, unsigned char c) {
  return (h ^ c) * 0x01000193u;
}

static inline uint32_t node_hash(uint32_t label_hash, uint32_t parent) {
  uint32_t x = label_hash ^ (parent * 0x9e3779b1u);
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  return x;
}

/* A slot's tag: 16 bits of the hash, never 0 (0 marks an empty slot). */
static inline uint16_t tag_of(uint32_t hash) {
  return (uint16_t)((hash >> 16) | 1);
}

/* Labels are short: a loop costs less than a call to memcmp. */
static inline int same_bytes(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

/* The slot of (parent, s[0..n)) or of the empty slot where it would go.
   The table is never full (load <= 3/4), so the probe ends. */
static inline uint32_t probe(const url_psl_table *t, uint32_t parent,
                             uint32_t hash, const char *s, size_t n) {
  const uint16_t tag = tag_of(hash);
  for (uint32_t i = hash & t->mask;; i = (i + 1) & t->mask) {
    uint16_t g = t->tags[i];
    if (g == 0) return i;
    if (g == tag) {
      const url_psl_node *e = &t->slots[i];
      if (e->parent == parent && e->len == n &&
          same_bytes(t->labels + e->label, s, n))
        return i;
    }
  }
}

/* ------------------------------------------------------------- building */

#define RETRY (-1)

/* Inserts the rule name[0..n) label by label from the right. */
static int insert(url_psl_table *t, const char *name, size_t n,
                  unsigned flags) {
  uint32_t parent = URL_PSL_ROOT;
  size_t end = n;
  for (;;) {
    size_t i = end;
    uint32_t lh = LABEL_SEED;
    while (i > 0 && name[i - 1] != '.') lh = label_step(lh, (unsigned char)name[--i]);
    uint32_t hash = node_hash(lh, parent);
    uint32_t s = probe(t, parent, hash, name + i, end - i);
    url_psl_node *e = &t->slots[s];
    if (!t->tags[s]) {
      if ((size_t)t->nodes + 1 > ((size_t)t->mask + 1) / 4 * 3) return RETRY;
      memcpy(t->labels + t->label_bytes, name + i, end - i);
      *e = (url_psl_node){.parent = parent,
                          .label = (uint32_t)t->label_bytes,
                          .len = (uint16_t)(end - i)};
      t->tags[s] = tag_of(hash);
      t->label_bytes += end - i;
      t->nodes++;
    }
    if (i == 0) {
      e->flags |= (uint8_t)flags;
      return URL_OK;
    }
    parent = s;
    end = i - 1;
  }
}

/* Fills a table of `cap` slots; RETRY when the rules need more. */
static int fill(url_psl_table *t, const url_psl_rules *r, size_t cap) {
  t->slots = t->mem->alloc(cap * sizeof *t->slots);
  t->tags = t->mem->alloc(cap * sizeof *t->tags);
  /* Labels take at most the bytes of the names (+1: never 0 bytes). */
  t->labels = t->mem->alloc(r->recs.len + 1);
  if (!t->slots || !t->tags || !t->labels) return URL_NOMEM;
  memset(t->tags, 0, cap * sizeof *t->tags);
  t->mask = (uint32_t)(cap - 1);
  t->nodes = 0;
  t->label_bytes = 0;
  const unsigned char *p = (const unsigned char *)r->recs.ptr;
  const unsigned char *end = p + r->recs.len;
  while (p < end) {
    size_t n = p[1] | (size_t)p[2] << 8;
    int rc = insert(t, (const char *)p + 3, n, p[0]);
    if (rc != URL_OK) return rc;
    p += 3 + n;
  }
  return URL_OK;
}

int url_psl_table_build(url_psl_table *t, const url_psl_rules *r,
                        const url_allocator *mem) {
  memset(t, 0, sizeof *t);
  t->mem = mem;
  /* Most rules add one node: start at load 2/3 or less, and double when
     the nodes would pass 3/4. */
  size_t cap = 4;
  while (cap < r->n + r->n / 2) cap *= 2;
  for (;;) {
    int rc = fill(t, r, cap);
    if (rc == URL_OK) return URL_OK;
    url_psl_table_free(t);
    t->mem = mem;
    if (rc != RETRY || cap > (size_t)UINT32_MAX / 2) return URL_NOMEM;
    cap *= 2;
  }
}

void url_psl_table_free(url_psl_table *t) {
  if (!t || !t->mem) return;
  if (t->slots) t->mem->release(t->slots);
  if (t->tags) t->mem->release(t->tags);
  if (t->labels) t->mem->release(t->labels);
  memset(t, 0, sizeof *t);
}

size_t url_psl_table_bytes(const url_psl_table *t) {
  return t->slots ? ((size_t)t->mask + 1) * (sizeof *t->slots + sizeof *t->tags) +
                        t->label_bytes
                  : 0;
}

/* ------------------------------------------------------------- the walk */

size_t url_psl_table_suffix(const url_psl_table *t, const char *h, size_t n,
                            int icann_only, int max_labels) {
  const unsigned need = icann_only ? URL_PSL_RULE_ICANN : 0;
  const unsigned wild = URL_PSL_RULE_IS | URL_PSL_RULE_WILDCARD | need;
  uint32_t parent = URL_PSL_ROOT;
  unsigned parent_flags = 0;
  size_t best = 0, end = n;
  for (int k = 1;; k++) {
    /* The label h[i..end), hashed as it is found. */
    size_t i = end;
    uint32_t lh = LABEL_SEED;
    while (i > 0 && h[i - 1] != '.') lh = label_step(lh, (unsigned char)h[--i]);
    uint32_t hash = node_hash(lh, parent);
    uint32_t s = probe(t, parent, hash, h + i, end - i);
    int found = t->tags[s] != 0;
    unsigned f = found ? t->slots[s].flags : 0;
    /* Is h[i..n) public?  One label: by the "*" rule.  Else by its own
       rule if it names one, else by a wildcard rule of its parent. */
    int pub = k == 1 ||
              (i < end && ((f & URL_PSL_RULE_IS)
                               ? (f & need) == need &&
                                     !(f & URL_PSL_RULE_EXCEPTION)
                               : (parent_flags & wild) == wild));
    if (pub) best = i;
    /* No rule goes through an absent node: no longer candidate can be
       public (it would need this node or a child of it). */
    if (!found || i == 0 || k == max_labels) return best;
    parent = s;
    parent_flags = f;
    end = i - 1;
  }
}
