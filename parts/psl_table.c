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

/* ------------------------------------------------------- label order */

/* A label's first 8 bytes, big-endian, zero-padded. */
static inline uint64_t key_of(const char *s, size_t n) {
  uint64_t k = 0;
  size_t m = n < 8 ? n : 8;
  for (size_t i = 0; i < m; i++)
    k |= (uint64_t)(unsigned char)s[i] << (56 - 8 * i);
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
  unsigned flags;
} rule;

#define DONE SIZE_MAX

/* The label of x that ends at `end`: its start. */
static size_t label_begin(const char *s, size_t end) {
  while (end > 0 && s[end - 1] != '.') end--;
  return end;
}

/* Rules ordered by their labels from the right, label by label in the
   siblings' order; a rule whose labels run out first comes first. */
static int rule_cmp(const rule *a, const rule *b) {
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
static void add_children(url_psl_table *t, build *w, size_t a, size_t b,
                         uint32_t *first, uint32_t *count) {
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
    t->nodes[id] = (url_psl_node){.label = (uint32_t)t->label_bytes,
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

/* The rules' records into w->rules, sorted; returns the number of labels
   of all names (an upper bound on the nodes). */
static size_t read_rules(const url_psl_rules *r, rule *v) {
  const unsigned char *p = (const unsigned char *)r->recs.ptr;
  const unsigned char *end = p + r->recs.len;
  size_t labels = 0, k = 0;
  while (p < end) {
    size_t n = p[1] | (size_t)p[2] << 8;
    const char *name = (const char *)p + 3;
    v[k++] = (rule){name, n, n, p[0]};
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
  add_children(t, w, 0, n, &root_first, &t->roots);
  for (uint32_t i = 0; i < t->n; i++)
    add_children(t, w, w->from[i], w->to[i], &t->nodes[i].first,
                 &t->nodes[i].children);
  return URL_OK;
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
  memset(t, 0, sizeof *t);
}

size_t url_psl_table_bytes(const url_psl_table *t) {
  return t->keys ? (size_t)t->n * (sizeof *t->keys + sizeof *t->nodes) +
                       t->label_bytes
                 : 0;
}

/* ------------------------------------------------------------- the walk */

/* The node among lo .. hi (siblings) whose label is s[0..n), or
   UINT32_MAX. */
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

size_t url_psl_table_suffix(const url_psl_table *t, const char *h, size_t n,
                            int icann_only, int max_labels) {
  const unsigned need = icann_only ? URL_PSL_RULE_ICANN : 0;
  const unsigned wild = URL_PSL_RULE_IS | URL_PSL_RULE_WILDCARD | need;
  uint32_t lo = 0, hi = t->roots;
  unsigned parent_flags = 0;
  size_t best = 0, end = n;
  for (int k = 1;; k++) {
    size_t i = label_begin(h, end);
    uint32_t s = find(t, lo, hi, h + i, end - i);
    int found = s != UINT32_MAX;
    unsigned f = found ? t->nodes[s].flags : 0;
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
    lo = t->nodes[s].first;
    hi = lo + t->nodes[s].children;
    parent_flags = f;
    end = i - 1;
  }
}
