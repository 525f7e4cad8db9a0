/*
** The public suffix rule table: built once per list, walked per host (see
** psl_table.h).
*/
#include "psl_table.h"

#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* ------------------------------------------------------- label order */

/* Little-endian loads, one instruction on the machines that are. */
static inline uint64_t load64(const char *s) {
  uint64_t v;
  memcpy(&v, s, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  return v;
}

static inline uint32_t load32(const char *s) {
  uint32_t v;
  memcpy(&v, s, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap32(v);
#endif
  return v;
}

/* A label's key: its first 8 bytes as a little-endian integer, zero-padded
   (the siblings' order need not be lexicographic, only the same at build
   and lookup).  Reads only bytes of the label; the loads of a short one
   overlap, putting the same byte in the same place twice. */
static inline uint64_t key_of(const char *s, size_t n) {
  uint64_t k;
  if (n >= 8) return load64(s);
  if (n >= 4) {
    uint64_t lo = load32(s), hi = load32(s + n - 4);
    k = lo | hi << (8 * (n - 4));
  } else if (n > 0) {
    k = (uint64_t)(unsigned char)s[0] |
        (uint64_t)(unsigned char)s[n / 2] << (8 * (n / 2)) |
        (uint64_t)(unsigned char)s[n - 1] << (8 * (n - 1));
  } else {
    k = 0;
  }
  return k;
}

/* The siblings' order (psl_table.h): key, then length, then the bytes
   past the 8th.  <0, 0, >0. */
static inline int label_cmp(uint64_t ka, const char *a, size_t na,
                            uint64_t kb, const char *b, size_t nb) {
  if (ka != kb) return ka < kb ? -1 : 1;
  if (na != nb) return na < nb ? -1 : 1;
  return na > 8 ? memcmp(a + 8, b + 8, na - 8) : 0;
}

/* ------------------------------------------------------------- building */

/* A rule as the build sees it: its name, and where the label it has not
   yet given to the trie ends (DONE once its leftmost label is placed). */
typedef struct rule {
  const char *name;
  size_t n;     /* name length */
  size_t end;   /* end of the next label, or DONE */
  uint64_t key; /* the key of the name's last label: most comparisons */
  unsigned flags;
} rule;

#define DONE SIZE_MAX

/* Where the label of s that ends at `end` starts: 8 bytes at a time (a
   byte is a dot when its XOR with '.' is zero; the test below has no
   carries between bytes, so it flags exactly those), then by bytes. */
static inline size_t label_begin(const char *s, size_t end) {
  const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
  while (end >= 8) {
    uint64_t y = load64(s + end - 8) ^ 0x2e2e2e2e2e2e2e2eull;
    uint64_t dots = ~(((y & lo7) + lo7) | y | lo7);
    if (dots) return end - 8 + (size_t)(63 - __builtin_clzll(dots)) / 8 + 1;
    end -= 8;
  }
  while (end > 0 && s[end - 1] != '.') end--;
  return end;
}

/* Rules ordered by their labels from the right, label by label in the
   siblings' order; a rule whose labels run out first comes first. */
static int rule_cmp(const rule *a, const rule *b) {
  if (a->key != b->key) return a->key < b->key ? -1 : 1;
  size_t ea = a->n, eb = b->n;
  for (;;) {
    size_t ia = label_begin(a->name, ea), ib = label_begin(b->name, eb);
    int c = label_cmp(key_of(a->name + ia, ea - ia), a->name + ia, ea - ia,
                      key_of(b->name + ib, eb - ib), b->name + ib, eb - ib);
    if (c) return c;
    if (ia == 0 || ib == 0) return (ia != 0) - (ib != 0);
    ea = ia - 1;
    eb = ib - 1;
  }
}

/* Bottom-up merge sort of v[0..n) with tmp[0..n): O(n log n) comparisons
   whatever the input (a list is input a stranger may write). */
static void sort_rules(rule *v, rule *tmp, size_t n) {
  rule *src = v, *dst = tmp;
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n;
      size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        dst[k++] = rule_cmp(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    rule *t = src;
    src = dst;
    dst = t;
  }
  if (src != v) memcpy(v, src, n * sizeof *v);
}

/* The scratch of a build: the sorted rules and, per node, its rules. */
typedef struct build {
  rule *rules;
  uint32_t *from, *to; /* node i's rules: rules[from[i] .. to[i]) */
} build;

/*
** Makes the children of the node whose rules (every one past the labels
** of that node) are rules[a..b): one per distinct next label, in order,
** appended to the node array.  A rule whose last label a child is gives
** that child its flags.  Sets *first and *count.
*/
static void add_children(url_psl_table *t, build *w, uint32_t parent,
                         size_t a, size_t b, uint32_t *first,
                         uint32_t *count) {
  *first = t->n;
  size_t i = a;
  while (i < b) {
    rule *r = &w->rules[i];
    size_t s = label_begin(r->name, r->end), len = r->end - s;
    const char *lab = r->name + s;
    uint64_t k = key_of(lab, len);
    /* The run of rules with this label next. */
    size_t j = i + 1;
    while (j < b) {
      const rule *q = &w->rules[j];
      size_t qs = label_begin(q->name, q->end);
      if (label_cmp(k, lab, len, key_of(q->name + qs, q->end - qs),
                    q->name + qs, q->end - qs) != 0)
        break;
      j++;
    }
    uint32_t id = t->n++;
    memcpy(t->labels + t->label_bytes, lab, len);
    t->keys[id] = k;
    t->nodes[id] = (url_psl_node){.parent = parent,
                                  .label = (uint32_t)t->label_bytes,
                                  .len = (uint16_t)len};
    t->label_bytes += len;
    /* Each rule of the run moves past this label; those that end here
       sort first in the run. */
    size_t rest = i;
    for (size_t m = i; m < j; m++) {
      rule *q = &w->rules[m];
      size_t qs = label_begin(q->name, q->end);
      q->end = qs == 0 ? DONE : qs - 1;
      if (q->end == DONE) {
        t->nodes[id].flags |= (uint8_t)q->flags;
        rest = m + 1;
      }
    }
    w->from[id] = (uint32_t)rest;
    w->to[id] = (uint32_t)j;
    i = j;
  }
  *count = t->n - *first;
}

/* ---------------------------------------------------------- the index */

static void index_free(url_psl_table *t);

/* The longest probe sequence an index may have (psl_table.h). */
#define MAX_PROBE 64

/* 64 random bits for a table's seed: /dev/urandom, else the clock and an
   address (still unknown to whoever writes the list). */
static uint64_t random_seed(const void *salt) {
  uint64_t s = 0;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    if (read(fd, &s, sizeof s) != (ssize_t)sizeof s) s = 0;
    close(fd);
  }
  if (s == 0) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    s = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^
        (uint64_t)(uintptr_t)salt;
  }
  return s;
}

static inline uint64_t mix(uint64_t x) {
  x ^= x >> 32;
  x *= 0xd6e8feb86659fd93ull;
  x ^= x >> 32;
  return x;
}

/* The hash of the label s[0..n) (key: its first 8 bytes) under parent:
   every byte counts (8-byte chunks past the key, the last one ending at
   the label's end), and the seed first. */
static inline uint64_t node_hash(uint64_t seed, uint32_t parent, uint64_t key,
                                 const char *s, size_t n) {
  uint64_t x = (key ^ seed) * 0x9e3779b97f4a7c15ull;
  for (size_t i = 8; i < n; i += 8)
    x = mix(x ^ load64(s + (n - i < 8 ? n - 8 : i)));
  x ^= (uint64_t)parent << 16 | n;
  x *= 0xd6e8feb86659fd93ull;
  return x ^ x >> 29;
}

/* A slot's tag: 16 bits of the hash, never 0 (0 marks an empty slot). */
static inline uint16_t tag_of(uint64_t hash) {
  return (uint16_t)((hash >> 16) | 1);
}

/* A hash's first slot: its high bits, the best mixed. */
static inline uint32_t slot_of(uint64_t hash, uint32_t mask) {
  return (uint32_t)(hash >> 32) & mask;
}

/* Fills the index of mask + 1 slots under seed; 0 if a probe sequence
   would pass MAX_PROBE. */
static int index_fill(url_psl_table *t) {
  memset(t->tags, 0, ((size_t)t->mask + 1) * sizeof *t->tags);
  t->max_probe = 0;
  for (uint32_t id = 0; id < t->n; id++) {
    const url_psl_node *e = &t->nodes[id];
    uint64_t h = node_hash(t->seed, e->parent, t->keys[id],
                           t->labels + e->label, e->len);
    uint32_t i = slot_of(h, t->mask), d = 0;
    while (t->tags[i]) {
      if (++d > MAX_PROBE) return 0;
      i = (i + 1) & t->mask;
    }
    t->tags[i] = tag_of(h);
    t->idx[i] = (url_psl_slot){.key = t->keys[id], .parent = e->parent,
                               .id = id, .len = e->len, .flags = e->flags};
    if (d > t->max_probe) t->max_probe = d;
  }
  return 1;
}

/* Indexes the nodes (psl_table.h): a few seeds at each of two sizes, else
   no index.  At most half the slots are used: a label no rule has (most
   lookups end with one) then costs ~1.5 probes, not ~3.5 at 3/5 full.
   URL_OK or URL_NOMEM. */
static int index_nodes(url_psl_table *t) {
  size_t cap = 16;
  while (cap < (size_t)t->n * 2) cap *= 2;
  uint64_t seed = random_seed(t);
  for (int size = 0; size < 2; size++, cap *= 2) {
    if (cap > (size_t)UINT32_MAX) break;
    t->idx = t->mem->alloc(cap * sizeof *t->idx);
    t->tags = t->mem->alloc(cap * sizeof *t->tags);
    if (!t->idx || !t->tags) {
      index_free(t);
      return URL_NOMEM;
    }
    t->mask = (uint32_t)(cap - 1);
    for (int k = 0; k < 4; k++) {
      seed = mix(seed + 0x9e3779b97f4a7c15ull) | 1;
      t->seed = seed;
      if (index_fill(t)) return URL_OK;
    }
    index_free(t);
  }
  return URL_OK; /* lookups binary-search */
}

static void index_free(url_psl_table *t) {
  if (t->idx) t->mem->release(t->idx);
  if (t->tags) t->mem->release(t->tags);
  t->idx = NULL;
  t->tags = NULL;
  t->mask = t->max_probe = 0;
}

/* The rules' records into w->rules, sorted; returns the number of labels
   of all names (an upper bound on the nodes). */
static size_t read_rules(const url_psl_rules *r, rule *v) {
  const unsigned char *p = (const unsigned char *)r->recs.ptr;
  const unsigned char *end = p + r->recs.len;
  size_t labels = 0, k = 0;
  while (p < end) {
    size_t n = p[1] | (size_t)p[2] << 8;
    const char *name = (const char *)p + 3;
    size_t last = label_begin(name, n);
    v[k++] = (rule){name, n, n, key_of(name + last, n - last), p[0]};
    labels++;
    for (size_t i = 0; i < n; i++) labels += name[i] == '.';
    p += 3 + n;
  }
  return labels;
}

static int fill(url_psl_table *t, const url_psl_rules *r, build *w) {
  const url_allocator *mem = t->mem;
  size_t n = r->n;
  rule *tmp = mem->alloc((n ? n : 1) * sizeof *tmp);
  w->rules = mem->alloc((n ? n : 1) * sizeof *w->rules);
  if (!tmp || !w->rules) {
    if (tmp) mem->release(tmp);
    return URL_NOMEM;
  }
  size_t max_nodes = read_rules(r, w->rules);
  sort_rules(w->rules, tmp, n);
  mem->release(tmp);
  if (max_nodes >= UINT32_MAX || r->recs.len >= UINT32_MAX) return URL_NOMEM;
  size_t cap = max_nodes ? max_nodes : 1;
  t->keys = mem->alloc(cap * sizeof *t->keys);
  t->nodes = mem->alloc(cap * sizeof *t->nodes);
  t->labels = mem->alloc(r->recs.len + 1); /* labels take at most that */
  w->from = mem->alloc(cap * sizeof *w->from);
  w->to = mem->alloc(cap * sizeof *w->to);
  if (!t->keys || !t->nodes || !t->labels || !w->from || !w->to)
    return URL_NOMEM;
  /* Breadth first: the children of each node are one run, in order. */
  uint32_t root_first;
  add_children(t, w, URL_PSL_ROOT, 0, n, &root_first, &t->roots);
  for (uint32_t i = 0; i < t->n; i++)
    add_children(t, w, i, w->from[i], w->to[i], &t->nodes[i].first,
                 &t->nodes[i].children);
  return index_nodes(t);
}

int url_psl_table_build(url_psl_table *t, const url_psl_rules *r,
                        const url_allocator *mem) {
  memset(t, 0, sizeof *t);
  t->mem = mem;
  build w = {0};
  int rc = fill(t, r, &w);
  if (w.rules) mem->release(w.rules);
  if (w.from) mem->release(w.from);
  if (w.to) mem->release(w.to);
  if (rc != URL_OK) {
    url_psl_table_free(t);
    return rc;
  }
  return URL_OK;
}

void url_psl_table_free(url_psl_table *t) {
  if (!t || !t->mem) return;
  if (t->keys) t->mem->release(t->keys);
  if (t->nodes) t->mem->release(t->nodes);
  if (t->labels) t->mem->release(t->labels);
  index_free(t);
  memset(t, 0, sizeof *t);
}

size_t url_psl_table_bytes(const url_psl_table *t) {
  size_t idx = t->idx ? ((size_t)t->mask + 1) * (sizeof *t->idx +
                                                 sizeof *t->tags)
                      : 0;
  return t->keys ? (size_t)t->n * (sizeof *t->keys + sizeof *t->nodes) +
                       t->label_bytes + idx
                 : 0;
}

/* ------------------------------------------------------------- the walk */

/* The child of `parent` whose label is s[0..n) (key k), by the index:
   its slot, or NULL. */
static inline const url_psl_slot *find_hashed(const url_psl_table *t,
                                              uint32_t parent, uint64_t k,
                                              const char *s, size_t n) {
  uint64_t h = node_hash(t->seed, parent, k, s, n);
  const uint16_t tag = tag_of(h);
  uint32_t i = slot_of(h, t->mask);
  for (uint32_t d = 0; d <= t->max_probe; d++, i = (i + 1) & t->mask) {
    uint16_t g = t->tags[i];
    if (g == 0) break;
    if (g == tag) {
      const url_psl_slot *e = &t->idx[i];
      if (e->key == k && e->parent == parent && e->len == n &&
          (n <= 8 || memcmp(t->labels + t->nodes[e->id].label + 8, s + 8,
                            n - 8) == 0))
        return e;
    }
  }
  return NULL;
}

/* The node among lo .. hi (siblings) whose label is s[0..n), by binary
   search: its index, or UINT32_MAX. */
static inline uint32_t find(const url_psl_table *t, uint32_t lo, uint32_t hi,
                            const char *s, size_t n) {
  const uint64_t k = key_of(s, n);
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    uint64_t km = t->keys[mid];
    int c;
    if (km != k) {
      c = km < k ? -1 : 1;
    } else {
      const url_psl_node *e = &t->nodes[mid];
      c = label_cmp(km, t->labels + e->label, e->len, k, s, n);
      if (c == 0) return mid;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return UINT32_MAX;
}

/* The child of `parent` labelled s[0..n) by binary search among its
   children: its index and flags (*f), or UINT32_MAX. */
static uint32_t child_searched(const url_psl_table *t, uint32_t parent,
                               const char *s, size_t n, unsigned *f) {
  uint32_t lo = parent == URL_PSL_ROOT ? 0 : t->nodes[parent].first;
  uint32_t hi = parent == URL_PSL_ROOT ? t->roots
                                       : lo + t->nodes[parent].children;
  uint32_t id = find(t, lo, hi, s, n);
  *f = id != UINT32_MAX ? t->nodes[id].flags : 0;
  return id;
}

/* The same by the index when there is one (the lookups' way). */
static inline uint32_t child(const url_psl_table *t, uint32_t parent,
                             const char *s, size_t n, unsigned *f) {
  if (!t->idx) return child_searched(t, parent, s, n, f);
  const url_psl_slot *e = find_hashed(t, parent, key_of(s, n), s, n);
  *f = e ? e->flags : 0;
  return e ? e->id : UINT32_MAX;
}

size_t url_psl_table_suffix(const url_psl_table *t, const char *h, size_t n,
                            int icann_only, int max_labels, size_t *before) {
  const unsigned need = icann_only ? URL_PSL_RULE_ICANN : 0;
  const unsigned wild = URL_PSL_RULE_IS | URL_PSL_RULE_WILDCARD | need;
  size_t end = n, best = 0, left = SIZE_MAX;
  uint32_t s = URL_PSL_ROOT;
  unsigned f = 0;
  for (int k = 1;; k++) {
    const unsigned parent_flags = f;
    size_t i = label_begin(h, end);
    if (best == end + 1) left = i; /* the label left of the best so far */
    s = child(t, s, h + i, end - i, &f);
    /* Is h[i..n) public?  One label: by the "*" rule.  Else by its own
       rule if it names one, else by a wildcard rule of its parent; never
       with an empty leftmost label. */
    if (k == 1 || (i < end && ((f & URL_PSL_RULE_IS)
                                   ? (f & need) == need &&
                                         !(f & URL_PSL_RULE_EXCEPTION)
                                   : (parent_flags & wild) == wild))) {
      best = i;
      left = SIZE_MAX;
    }
    /* No rule goes through an absent node: no longer candidate can be
       public (it would need this node or a child of it). */
    if (s == UINT32_MAX || i == 0 || k == max_labels) break;
    end = i - 1;
  }
  *before = left;
  return best;
}
