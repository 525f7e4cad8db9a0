/*
** Near matches of registrable domains' skeletons (lookalike.h).
*/
#include "lookalike.h"

#include <stdint.h>
#include <string.h>

#include "idna.h"
#include "status.h"
#include "utf8.h"

#define MAX_REG 64 /* bytes of a registrable domain that takes part */
#define MIN_E2LD 5 /* kMinLengthForEditDistance: characters before the registry */

typedef struct target {
  uint32_t reg_off, reg_len; /* the registrable domain, Unicode, in pool */
  uint32_t e2ld_len;         /* bytes of it before ".registry" */
  uint32_t skel_off, skel_len;
  uint32_t dom; /* its index in the domains */
} target;

/* A key: target t's skeleton with the code point at byte `skip` (of
   `del` bytes) left out (del 0: the whole skeleton); the other targets
   with the same key follow in the postings from `more`. */
typedef struct key {
  uint32_t hash, t, skip, more; /* more: 1 + a postings index, 0: none */
  uint8_t del;
} key;

/* Another target of a key, and the next (1 + index, 0: none). */
typedef struct posting {
  uint32_t t, next;
} posting;

/* A key shared by more targets than this has only its first ones tried. */
#define MAX_POSTINGS 64

struct dec_targets {
  const url_allocator *mem;
  int version;
  dec_domains *d;
  url_buf pool;
  target *tv;
  size_t n_t;
  key *slots;
  size_t mask, used;
  posting *post;
  size_t n_post, cap_post;
};

const dec_domains *dec_targets_domains(const dec_targets *t) { return t->d; }

void dec_targets_free(dec_targets *t) {
  if (!t) return;
  dec_domains_free(t->d);
  url_buf_free(&t->pool);
  t->mem->release(t->tv);
  t->mem->release(t->slots);
  t->mem->release(t->post);
  t->mem->release(t);
}

/* FNV-1a over two pieces (a key with a code point left out). */
static uint32_t hash2(const char *a, size_t an, const char *b, size_t bn) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < an; i++) h = (h ^ (unsigned char)a[i]) * 16777619u;
  for (size_t i = 0; i < bn; i++) h = (h ^ (unsigned char)b[i]) * 16777619u;
  return h | 1;
}

static int key_is(const dec_targets *t, const key *k, const char *s,
                  size_t n) {
  const target *x = &t->tv[k->t];
  const char *sk = t->pool.ptr + x->skel_off;
  size_t kn = x->skel_len - k->del;
  if (kn != n) return 0;
  return !memcmp(sk, s, k->skip) &&
         !memcmp(sk + k->skip + k->del, s + k->skip, n - k->skip);
}

static int grow(dec_targets *t) {
  size_t cap = t->slots ? (t->mask + 1) * 2 : 1024;
  key *s = t->mem->alloc(cap * sizeof *s);
  if (!s) return URL_NOMEM;
  memset(s, 0, cap * sizeof *s);
  for (size_t i = 0; t->slots && i <= t->mask; i++) {
    if (!t->slots[i].hash) continue;
    size_t j = t->slots[i].hash & (cap - 1);
    while (s[j].hash) j = (j + 1) & (cap - 1);
    s[j] = t->slots[i];
  }
  t->mem->release(t->slots);
  t->slots = s;
  t->mask = cap - 1;
  return URL_OK;
}

/* The slot of the key s[0..n) with hash h, or NULL. */
static key *find_key(const dec_targets *t, uint32_t h, const char *s,
                     size_t n) {
  for (size_t j = h & t->mask; t->slots[j].hash; j = (j + 1) & t->mask)
    if (t->slots[j].hash == h && key_is(t, &t->slots[j], s, n))
      return &t->slots[j];
  return NULL;
}

/* Indexes target ti under its skeleton less [skip, skip + del): a new
   key, or a posting of the key it shares.  *dup: the whole skeleton (del
   0) was already there (the target is left out). */
static int put_key(dec_targets *t, uint32_t ti, uint32_t skip, uint8_t del,
                   int *dup) {
  const target *x = &t->tv[ti];
  const char *sk = t->pool.ptr + x->skel_off;
  char kb[256];
  size_t kn = x->skel_len - del;
  memcpy(kb, sk, skip);
  memcpy(kb + skip, sk + skip + del, x->skel_len - skip - del);
  uint32_t h = hash2(kb, kn, "", 0);
  key *k = find_key(t, h, kb, kn);
  *dup = 0;
  if (k) {
    if (!del) {
      *dup = 1;
      return URL_OK;
    }
    if (t->n_post == t->cap_post) {
      size_t cap = t->cap_post ? t->cap_post * 2 : 256;
      posting *p = t->mem->resize(t->post, cap * sizeof *p);
      if (!p) return URL_NOMEM;
      t->post = p;
      t->cap_post = cap;
    }
    t->post[t->n_post] = (posting){ti, k->more};
    k->more = (uint32_t)++t->n_post;
    return URL_OK;
  }
  if ((t->used + 1) * 2 > t->mask + 1 && grow(t)) return URL_NOMEM;
  size_t j = h & t->mask;
  while (t->slots[j].hash) j = (j + 1) & t->mask;
  t->slots[j] = (key){h, ti, skip, 0, del};
  t->used++;
  return URL_OK;
}

/* The registrable domain of the ASCII host h in Unicode (reg), and the
   byte length of its part before ".registry".  0 when it has none or does
   not take part (too long, too short a name). */
static int domain_info(const url_psl_list *psl, const char *h, size_t n,
                       url_buf *reg, size_t *e2ld, int *rc) {
  url_str suf = {NULL, 0}, r = {NULL, 0};
  char st[MAX_REG * 4];
  url_buf su;
  *rc = url_psl_host_parts(psl, h, n, URL_HOST_DOMAIN, &suf, &r);
  if (*rc || !r.s || !suf.s || r.n > MAX_REG || r.n <= suf.n) return 0;
  reg->len = 0;
  url_buf_init(&su, reg->mem, st, sizeof st, sizeof st);
  *rc = url_domain_to_unicode(r.s, r.n, reg);
  if (!*rc) *rc = url_domain_to_unicode(suf.s, suf.n, &su);
  if (*rc == URL_TOOBIG) *rc = URL_OK;
  int ok = !*rc && su.len + 1 < reg->len && !su.err;
  if (ok) {
    *e2ld = reg->len - su.len - 1;
    size_t chars = 0;
    for (size_t i = 0; i < *e2ld; i++) chars += (reg->ptr[i] & 0xC0) != 0x80;
    ok = chars >= MIN_E2LD;
  }
  url_buf_free(&su);
  return ok;
}

int dec_targets_new(const dec_policy *p, int version, const url_psl_list *psl,
                    const char *text, size_t n, dec_targets **out) {
  const url_allocator *mem = dec_policy_mem(p);
  dec_targets *t = mem->alloc(sizeof *t);
  char sr[MAX_REG * 4], ss[256];
  url_buf reg, sk;
  int rc;
  *out = NULL;
  if (!t) return URL_NOMEM;
  memset(t, 0, sizeof *t);
  t->mem = mem;
  t->version = version;
  url_buf_init(&t->pool, mem, NULL, 0, (size_t)UINT32_MAX);
  rc = dec_domains_new(p, version, text, n, &t->d);
  size_t nd = rc ? 0 : dec_domains_count(t->d);
  if (rc == URL_OK && nd) {
    t->tv = mem->alloc(nd * sizeof *t->tv);
    if (!t->tv) rc = URL_NOMEM;
  }
  if (rc == URL_OK) rc = grow(t);
  url_buf_init(&reg, mem, sr, sizeof sr, (size_t)-1);
  url_buf_init(&sk, mem, ss, sizeof ss, (size_t)-1);
  for (size_t i = 0; rc == URL_OK && i < nd; i++) {
    url_str ascii, uni;
    size_t e2ld;
    dec_domains_get(t->d, i, &ascii, &uni);
    if (!domain_info(psl, ascii.s, ascii.n, &reg, &e2ld, &rc)) continue;
    sk.len = 0;
    rc = dec_host_skeleton(p, version, reg.ptr, reg.len, &sk);
    if (rc) break;
    target *x = &t->tv[t->n_t];
    x->reg_off = (uint32_t)t->pool.len;
    x->reg_len = (uint32_t)reg.len;
    x->e2ld_len = (uint32_t)e2ld;
    url_buf_append(&t->pool, reg.ptr, reg.len);
    x->skel_off = (uint32_t)t->pool.len;
    x->skel_len = (uint32_t)sk.len;
    x->dom = (uint32_t)i;
    url_buf_append(&t->pool, sk.ptr, sk.len);
    if (t->pool.err) {
      rc = URL_NOMEM;
      break;
    }
    /* skeletons are at most 255 bytes here: keys fit a stack buffer */
    if (sk.len > 255) continue;
    uint32_t ti = (uint32_t)t->n_t;
    int dup;
    rc = put_key(t, ti, 0, 0, &dup);
    if (rc || dup) continue; /* the first target of a skeleton keeps it */
    t->n_t++;
    for (size_t k = 0; rc == URL_OK && k < sk.len;) {
      size_t at = k;
      url_utf8_next((const unsigned char *)sk.ptr, sk.len, &k);
      rc = put_key(t, ti, (uint32_t)at, (uint8_t)(k - at), &dup);
    }
  }
  url_buf_free(&reg);
  url_buf_free(&sk);
  if (rc) {
    dec_targets_free(t);
    return rc;
  }
  *out = t;
  return URL_OK;
}

/* Code points of UTF-8 s[0..n) into v (at most cap); their count. */
static size_t decode(const char *s, size_t n, uint32_t *v, size_t cap) {
  size_t i = 0, k = 0;
  while (i < n && k < cap) v[k++] = url_utf8_next((const unsigned char *)s, n, &i);
  return k;
}

/* IsEditDistanceAtMostOne: one insertion, deletion or substitution. */
static int edit1(const uint32_t *a, size_t an, const uint32_t *b, size_t bn) {
  size_t i = 0, j = 0, edits = 0;
  if (an > bn + 1 || bn > an + 1) return 0;
  while (i < an && j < bn) {
    if (a[i] == b[j]) {
      i++, j++;
      continue;
    }
    if (++edits > 1) return 0;
    if (an > bn) i++;
    else if (bn > an) j++;
    else i++, j++;
  }
  edits += (i < an) || (j < bn);
  return edits <= 1;
}

/* HasOneCharacterSwap: equal but for two neighbours swapped. */
static int swap1(const uint32_t *a, size_t an, const uint32_t *b, size_t bn) {
  size_t i = 0;
  if (an != bn) return 0;
  while (i < an && a[i] == b[i]) i++;
  if (i + 1 >= an || a[i] != b[i + 1] || a[i + 1] != b[i]) return 0;
  return !memcmp(a + i + 2, b + i + 2, (an - i - 2) * sizeof *a);
}

static int equal(const char *a, size_t an, const char *b, size_t bn) {
  return an == bn && !memcmp(a, b, an);
}

/* Length of s less its trailing ASCII digits. */
static size_t trim_digits(const char *s, size_t n) {
  while (n && s[n - 1] >= '0' && s[n - 1] <= '9') n--;
  return n;
}

/* The byte length of the first code point of s. */
static size_t first_len(const char *s, size_t n) {
  size_t i = 0;
  if (n) url_utf8_next((const unsigned char *)s, n, &i);
  return i;
}

/* IsLikelyEditDistanceFalsePositive, on the registrable domains a (the
   host's) and b (the target's), e2ld bytes before their registries. */
static int edit_false_positive(const char *a, size_t an, size_t ae,
                               const char *b, size_t bn, size_t be) {
  /* only the registry differs (google.com.tw, google.com.tr) */
  if (equal(a, ae, b, be)) return 1;
  /* only a numeric suffix differs (site45, site35) */
  if (equal(a, trim_digits(a, ae), b, trim_digits(b, be))) return 1;
  /* an insertion or substitution at the start (hank/tank, oodle/poodle) */
  size_t fa = first_len(a, an), fb = first_len(b, bn);
  if (an - fa == bn - fb && equal(a + fa, an - fa, b + fb, bn - fb)) return 1;
  if (equal(a, an, b + fb, bn - fb) || equal(a + fa, an - fa, b, bn)) return 1;
  /* only a '-' inserted */
  if (an != bn) {
    const char *l = an > bn ? a : b, *s = an > bn ? b : a;
    size_t sn = an > bn ? bn : an, i = 0;
    while (i < sn && l[i] == s[i]) i++;
    if (l[i] == '-') return 1;
  }
  return 0;
}

const char *dec_targets_near(const dec_targets *t, const dec_policy *p,
                             const url_psl_list *psl, const char *h, size_t n,
                             size_t *len, int *how, int *rc) {
  char sr[MAX_REG * 4], ss[256];
  url_buf reg, sk;
  size_t e2ld, best = SIZE_MAX;
  uint32_t q[256], c[256];
  *how = DEC_NEAR_NONE;
  *len = 0;
  url_buf_init(&reg, t->mem, sr, sizeof sr, (size_t)-1);
  url_buf_init(&sk, t->mem, ss, sizeof ss, (size_t)-1);
  if (!t->n_t || !domain_info(psl, h, n, &reg, &e2ld, rc)) goto done;
  *rc = dec_host_skeleton(p, t->version, reg.ptr, reg.len, &sk);
  if (*rc || sk.len > sizeof ss) goto done;
  /* A target with this very skeleton: the host is that target (IsTopDomain)
     or its skeleton match, which the skeleton rule has judged. */
  if (find_key(t, hash2(sk.ptr, sk.len, "", 0), sk.ptr, sk.len)) goto done;
  size_t qn = decode(sk.ptr, sk.len, q, sizeof q / sizeof *q);
  /* the keys: the skeleton less each code point, and the skeleton */
  for (size_t k = 0;;) {
    size_t del = 0, next = k;
    char kb[256];
    if (k < sk.len) {
      url_utf8_next((const unsigned char *)sk.ptr, sk.len, &next);
      del = next - k;
    }
    size_t kn = sk.len - del;
    memcpy(kb, sk.ptr, k);
    memcpy(kb + k, sk.ptr + k + del, sk.len - k - del);
    uint32_t hh = hash2(kb, kn, "", 0);
    const key *e = find_key(t, hh, kb, kn);
    uint32_t ti = e ? e->t : 0, more = e ? e->more : 0;
    for (int tries = 0; e && tries < MAX_POSTINGS; tries++) {
      if (ti < best) {
        const target *x = &t->tv[ti];
        const char *ts = t->pool.ptr + x->skel_off, *tr = t->pool.ptr + x->reg_off;
        /* an equal skeleton is the skeleton rule's */
        if (!equal(ts, x->skel_len, sk.ptr, sk.len)) {
          size_t cn = decode(ts, x->skel_len, c, sizeof c / sizeof *c);
          int w = edit1(q, qn, c, cn)   ? DEC_NEAR_EDIT
                  : swap1(q, qn, c, cn) ? DEC_NEAR_SWAP
                                        : DEC_NEAR_NONE;
          if (w == DEC_NEAR_EDIT &&
              edit_false_positive(reg.ptr, reg.len, e2ld, tr, x->reg_len,
                                  x->e2ld_len))
            w = DEC_NEAR_NONE;
          /* IsLikelyCharacterSwapFalsePositive */
          if (w == DEC_NEAR_SWAP && equal(reg.ptr, e2ld, tr, x->e2ld_len))
            w = DEC_NEAR_NONE;
          if (w != DEC_NEAR_NONE) best = ti, *how = w;
        }
      }
      if (!more) break;
      ti = t->post[more - 1].t;
      more = t->post[more - 1].next;
    }
    if (k >= sk.len) break;
    k = next;
  }
done:
  url_buf_free(&reg);
  url_buf_free(&sk);
  if (best == SIZE_MAX) return NULL;
  url_str a, u;
  /* the target's domain as listed */
  dec_domains_get(t->d, t->tv[best].dom, &a, &u);
  *len = a.n;
  return a.s;
}
