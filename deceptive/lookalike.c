/*
** The targets' index and the near matches of e2LDs' skeletons
** (lookalike.h).
*/
#include "lookalike.h"

#include <string.h>

#include "hash.h"
#include "idna.h"
#include "status.h"
#include "utf8.h"

#define MAX_REG 64 /* bytes of a registrable domain that takes part */
#define MIN_E2LD 5 /* kMinLengthForEditDistance: characters before the registry */
#define MIN_E2LD_OTHER_TLD 8 /* bytes of a name compared on another registry */

/* ------------------------------------------------------------ eTLD+1 */

static int is(url_str s, const char *t) {
  return s.n == strlen(t) && !memcmp(s.s, t, s.n);
}

int dec_etld1(const url_psl_list *psl, const char *h, size_t n, url_str *reg,
              size_t *e2ld, int *rc) {
  url_str suf = {NULL, 0}, r = {NULL, 0};
  if (n && h[n - 1] == '.') n--;
  *rc = url_psl_host_parts_in(psl, URL_PSL_ICANN, h, n, URL_HOST_DOMAIN, &suf,
                              &r);
  /* kPrivateRegistriesTreatedAsPublic: the private rule's domain */
  if (!*rc && r.s && (is(r, "com.de") || is(r, "com.se")))
    *rc = url_psl_host_parts(psl, h, n, URL_HOST_DOMAIN, &suf, &r);
  if (*rc || !r.s || !suf.s || r.n <= suf.n + 1) return 0;
  /* EXCLUDE_UNKNOWN_REGISTRIES: no registry for the names RFC 2606 and
     RFC 6761 reserve (the list's "*" rule makes any other last label one) */
  if (is(suf, "test") || is(suf, "example") || is(suf, "invalid") ||
      is(suf, "localhost"))
    return 0;
  *reg = r;
  *e2ld = r.n - suf.n - 1;
  return 1;
}

size_t dec_token_end(const char *h, size_t n, size_t i) {
  size_t e = i;
  int xn = (i == 0 || h[i - 1] == '.') && url_label_is_xn(h + i, n - i);
  while (e < n && h[e] != '.' && (xn || h[e] != '-')) e++;
  return e;
}

/* ------------------------------------------------------------- maps */

/* FNV-1a over two pieces (a key with a code point left out). */
static uint32_t hash2(const char *a, size_t an, const char *b, size_t bn) {
  return url_fnv32(url_fnv32(URL_FNV32_BASIS, a, an), b, bn) | 1;
}

/* A map of byte strings (kept in the targets' pool) to target indexes. */
typedef struct smap_slot {
  uint32_t hash, off, len, val;
} smap_slot;

typedef struct smap {
  smap_slot *slots;
  size_t mask, used;
} smap;

typedef struct target {
  uint32_t reg_off, reg_len; /* the registrable domain, Unicode, in pool */
  uint32_t e2ld_len;         /* bytes of it before ".registry" */
  uint32_t areg_off, areg_len, ae2ld_len; /* the same, ASCII, in the listed */
  uint32_t skel_off, skel_len;            /* the e2LD's skeleton */
  uint32_t dom;  /* its index in the domains */
  uint32_t same; /* 1 + the next target with the same e2LD skeleton, 0 */
  uint32_t last; /* the first of such a chain: 1 + its last, 0 */
  int engaged;   /* listed "+host": one edit from it counts */
} target;

/* A key: target t's e2LD skeleton with the code point at byte `skip` (of
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
  const dec_policy *policy;
  const url_psl_list *psl;
  dec_combo_lists cl;
  dec_domains *d;
  url_buf pool;
  target *tv;
  size_t n_t;
  key *slots;
  size_t mask, used;
  posting *post;
  size_t n_post, cap_post;
  smap joined;  /* whole skeletons without '.' and '-' -> domain index */
  smap hosts;   /* listed hosts with a subdomain -> domain index */
  smap allowed; /* "!host" lines */
  smap regs;    /* the targets' registrable domains (ASCII) */
  smap engaged; /* "+host" lines: Chromium's engaged sites */
  size_t host_labels;
  size_t max_skel; /* the longest e2LD skeleton indexed, bytes */
};

const dec_domains *dec_targets_domains(const dec_targets *t) { return t->d; }
const dec_policy *dec_targets_policy(const dec_targets *t) { return t->policy; }
const url_psl_list *dec_targets_psl(const dec_targets *t) { return t->psl; }
const dec_combo_lists *dec_targets_lists(const dec_targets *t) {
  return &t->cl;
}
size_t dec_targets_host_labels(const dec_targets *t) { return t->host_labels; }
size_t dec_targets_max_brand(const dec_targets *t) { return t->max_skel; }

void dec_targets_free(dec_targets *t) {
  if (!t) return;
  dec_domains_free(t->d);
  url_buf_free(&t->pool);
  t->mem->release(t->tv);
  t->mem->release(t->slots);
  t->mem->release(t->post);
  t->mem->release(t->joined.slots);
  t->mem->release(t->hosts.slots);
  t->mem->release(t->allowed.slots);
  t->mem->release(t->regs.slots);
  t->mem->release(t->engaged.slots);
  t->mem->release(t);
}

static long smap_get(const dec_targets *t, const smap *m, const char *s,
                     size_t n) {
  if (!m->slots) return -1;
  uint32_t h = hash2(s, n, "", 0);
  for (size_t j = h & m->mask; m->slots[j].hash; j = (j + 1) & m->mask) {
    const smap_slot *e = &m->slots[j];
    if (e->hash == h && e->len == n && !memcmp(t->pool.ptr + e->off, s, n))
      return e->val;
  }
  return -1;
}

/* Adds s[0..n) -> val unless s is there (the first keeps it). */
static int smap_put(dec_targets *t, smap *m, const char *s, size_t n,
                    uint32_t val) {
  if (smap_get(t, m, s, n) >= 0) return URL_OK;
  if (!m->slots || (m->used + 1) * 2 > m->mask + 1) {
    void *ns = m->slots;
    if (url_hash_grow(t->mem, &ns, &m->mask, sizeof *m->slots, 64) != URL_OK)
      return URL_NOMEM;
    m->slots = ns;
  }
  uint32_t h = hash2(s, n, "", 0);
  size_t j = h & m->mask;
  while (m->slots[j].hash) j = (j + 1) & m->mask;
  m->slots[j] = (smap_slot){h, (uint32_t)t->pool.len, (uint32_t)n, val};
  url_buf_append(&t->pool, s, n);
  m->used++;
  return t->pool.err ? URL_NOMEM : URL_OK;
}

long dec_targets_joined(const dec_targets *t, const char *skel, size_t n) {
  return smap_get(t, &t->joined, skel, n);
}

long dec_targets_host(const dec_targets *t, const char *h, size_t n) {
  return smap_get(t, &t->hosts, h, n);
}

int dec_targets_allowed(const dec_targets *t, const char *h, size_t n) {
  return smap_get(t, &t->allowed, h, n) >= 0;
}

int dec_targets_own(const dec_targets *t, const char *h, size_t n, int *rc) {
  url_str suf = {NULL, 0}, reg = {NULL, 0};
  *rc = URL_OK;
  if (!t->regs.slots) return 0;
  if (n && h[n - 1] == '.') n--;
  /* the site under every rule of the list: a user's site on a hosting
     platform (wellsfargo-auth.000webhostapp.com, a private registry) is
     not the platform's own */
  *rc = url_psl_host_parts(t->psl, h, n, URL_HOST_DOMAIN, &suf, &reg);
  if (*rc || !reg.s) return 0;
  return smap_get(t, &t->regs, reg.s, reg.n) >= 0;
}

void dec_targets_domain(const dec_targets *t, long i, url_str *listed) {
  url_str u;
  dec_domains_get(t->d, (size_t)i, listed, &u);
}

void dec_targets_listed(const dec_targets *t, long i, url_str *listed) {
  dec_targets_domain(t, t->tv[i].dom, listed);
}

int dec_targets_skeleton(const dec_targets *t, const char *s, size_t n,
                         url_buf *out) {
  return dec_host_skeleton(t->policy, s, n, out);
}

/* ------------------------------------------------------ the e2LD index */

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
  void *s = t->slots;
  int rc = url_hash_grow(t->mem, &s, &t->mask, sizeof *t->slots, 1024);
  t->slots = s;
  return rc;
}

/* The slot of the key s[0..n) with hash h, or NULL; whole: only a key
   that is a whole skeleton (a deletion key may have the same bytes). */
static key *find_key_in(const dec_targets *t, uint32_t h, const char *s,
                        size_t n, int whole) {
  for (size_t j = h & t->mask; t->slots[j].hash; j = (j + 1) & t->mask)
    if (t->slots[j].hash == h && (!whole || !t->slots[j].del) &&
        key_is(t, &t->slots[j], s, n))
      return &t->slots[j];
  return NULL;
}

static key *find_key(const dec_targets *t, uint32_t h, const char *s,
                     size_t n) {
  return find_key_in(t, h, s, n, 0);
}

static key *find_whole(const dec_targets *t, const char *s, size_t n) {
  return find_key_in(t, hash2(s, n, "", 0), s, n, 1);
}

/* Indexes target ti under its skeleton less [skip, skip + del): a new
   key, or a posting of the key it shares.  *dup: the whole skeleton (del
   0) was already there, its first target (the new one is chained to it). */
static int put_key(dec_targets *t, uint32_t ti, uint32_t skip, uint8_t del,
                   long *dup) {
  const target *x = &t->tv[ti];
  const char *sk = t->pool.ptr + x->skel_off;
  char kb[256];
  size_t kn = x->skel_len - del;
  memcpy(kb, sk, skip);
  memcpy(kb + skip, sk + skip + del, x->skel_len - skip - del);
  uint32_t h = hash2(kb, kn, "", 0);
  key *k = find_key_in(t, h, kb, kn, !del);
  *dup = -1;
  if (k) {
    if (!del) {
      *dup = k->t;
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

/* The registrable domain of the ASCII host h in Unicode (reg, *e2ld bytes
   before ".registry") and in ASCII (*areg, *ae2ld).  0 when it has none or
   does not take part (too long, an e2LD under MIN_E2LD characters). */
static int domain_info(const url_psl_list *psl, const char *h, size_t n,
                       url_buf *reg, size_t *e2ld, url_str *areg,
                       size_t *ae2ld, int *rc) {
  if (!dec_etld1(psl, h, n, areg, ae2ld, rc) || areg->n > MAX_REG) return 0;
  reg->len = 0;
  *rc = url_domain_to_unicode(areg->s, *ae2ld, reg);
  if (*rc == URL_TOOBIG) *rc = URL_OK;
  if (*rc || reg->err) return 0;
  *e2ld = reg->len;
  size_t chars = 0;
  for (size_t i = 0; i < *e2ld; i++) chars += (reg->ptr[i] & 0xC0) != 0x80;
  if (chars < MIN_E2LD) return 0;
  url_buf_putc(reg, '.');
  *rc = url_domain_to_unicode(areg->s + *ae2ld + 1, areg->n - *ae2ld - 1, reg);
  if (*rc == URL_TOOBIG) *rc = URL_OK;
  return !*rc && !reg->err;
}

/* Indexes a listed domain as a target (its e2LD skeleton and that less
   each code point) and its joined skeleton. */
static int add_target(dec_targets *t, size_t i, url_buf *reg, url_buf *sk) {
  url_str ascii, uni, areg;
  size_t e2ld, ae2ld;
  int rc;
  dec_domains_get(t->d, i, &ascii, &uni);
  /* joined: GetMatchingTopDomainWithoutSeparators' kSeparatorsRemoved */
  sk->len = 0;
  rc = dec_host_skeleton(t->policy, uni.s, uni.n, sk);
  if (rc) return rc;
  size_t w = 0;
  for (size_t k = 0; k < sk->len; k++)
    if (sk->ptr[k] != '.' && sk->ptr[k] != '-') sk->ptr[w++] = sk->ptr[k];
  rc = smap_put(t, &t->joined, sk->ptr, w, (uint32_t)i);
  if (rc) return rc;
  /* IsTopDomain and the engaged sites' check: a host on this registrable
     domain is the target's own, whatever its length */
  if (dec_etld1(t->psl, ascii.s, ascii.n, &areg, &ae2ld, &rc))
    rc = smap_put(t, &t->regs, areg.s, areg.n, (uint32_t)i);
  if (rc) return rc;
  if (!domain_info(t->psl, ascii.s, ascii.n, reg, &e2ld, &areg, &ae2ld, &rc))
    return rc;
  if (areg.n != ascii.n) { /* a subdomain of its registrable domain */
    size_t labels = 1;
    for (size_t k = 0; k < ascii.n; k++) labels += ascii.s[k] == '.';
    if (labels > t->host_labels) t->host_labels = labels;
    rc = smap_put(t, &t->hosts, ascii.s, ascii.n, (uint32_t)i);
    if (rc) return rc;
  }
  sk->len = 0;
  rc = dec_host_skeleton(t->policy, reg->ptr, e2ld, sk);
  if (rc || sk->len > 255) return rc;
  target *x = &t->tv[t->n_t];
  x->reg_off = (uint32_t)t->pool.len;
  x->reg_len = (uint32_t)reg->len;
  x->e2ld_len = (uint32_t)e2ld;
  x->areg_off = (uint32_t)(areg.s - ascii.s);
  x->areg_len = (uint32_t)areg.n;
  x->ae2ld_len = (uint32_t)ae2ld;
  url_buf_append(&t->pool, reg->ptr, reg->len);
  x->skel_off = (uint32_t)t->pool.len;
  x->skel_len = (uint32_t)sk->len;
  if (sk->len > t->max_skel) t->max_skel = sk->len;
  x->dom = (uint32_t)i;
  x->same = x->last = 0;
  x->engaged = smap_get(t, &t->engaged, ascii.s, ascii.n) >= 0;
  url_buf_append(&t->pool, sk->ptr, sk->len);
  if (t->pool.err) return URL_NOMEM;
  uint32_t ti = (uint32_t)t->n_t;
  long dup;
  rc = put_key(t, ti, 0, 0, &dup);
  t->n_t++;
  if (rc) return rc;
  if (dup >= 0) { /* chained after the first target of its skeleton */
    target *f = &t->tv[dup];
    t->tv[f->last ? f->last - 1 : (uint32_t)dup].same = ti + 1;
    f->last = ti + 1;
    return URL_OK;
  }
  for (size_t k = 0; rc == URL_OK && k < sk->len;) {
    size_t at = k;
    url_utf8_next((const unsigned char *)sk->ptr, sk->len, &k);
    rc = put_key(t, ti, (uint32_t)at, (uint8_t)(k - at), &dup);
  }
  return rc;
}

/* Splits the "!host" lines off text into the allowlist and notes the
   "+host" lines' hosts as engaged; the other lines, and "+host" without
   its '+', are copied to rest. */
static int read_allowed(dec_targets *t, const char *text, size_t n,
                        url_buf *rest) {
  url_buf host;
  char sh[256];
  int rc = URL_OK;
  url_buf_init(&host, t->mem, sh, sizeof sh, (size_t)-1);
  for (size_t i = 0; rc == URL_OK && i < n;) {
    size_t e = i;
    while (e < n && text[e] != '\n') e++;
    size_t a = i, b = e;
    i = e + 1;
    while (a < b && (text[a] == ' ' || text[a] == '\t')) a++;
    if (a < b && (text[a] == '!' || text[a] == '+')) {
      int bang = text[a] == '!';
      while (b > a + 1 && (text[b - 1] == ' ' || text[b - 1] == '\t' ||
                           text[b - 1] == '\r'))
        b--;
      url_host_type type;
      host.len = 0;
      int r = url_host_parse(text + a + 1, b - a - 1, 0, &host, &type);
      if (r == URL_OK && type == URL_HOST_DOMAIN)
        rc = smap_put(t, bang ? &t->allowed : &t->engaged, host.ptr,
                      host.len, 0);
      else if (r != URL_FAILURE && r != URL_OK)
        rc = r;
      if (bang) continue;
      a++;
    }
    url_buf_append(rest, text + a, e - a);
    url_buf_putc(rest, '\n');
    rc = rest->err;
  }
  url_buf_free(&host);
  return rc;
}

int dec_targets_new(const dec_policy *p, const url_psl_list *psl,
                    const dec_combo_lists *cl, const char *text, size_t n,
                    dec_targets **out) {
  const url_allocator *mem = dec_policy_mem(p);
  dec_targets *t = mem->alloc(sizeof *t);
  char sr[MAX_REG * 4], ss[256];
  url_buf reg, sk, rest;
  int rc;
  *out = NULL;
  if (!t) return URL_NOMEM;
  memset(t, 0, sizeof *t);
  t->mem = mem;
  t->policy = p;
  t->psl = psl;
  if (cl) t->cl = *cl;
  url_buf_init(&t->pool, mem, NULL, 0, (size_t)UINT32_MAX);
  url_buf_init(&rest, mem, NULL, 0, (size_t)-1);
  /* "!host" and "+host" lines are rare: the text is copied only then */
  int bang = n && (memchr(text, '!', n) || memchr(text, '+', n));
  rc = bang ? read_allowed(t, text, n, &rest) : URL_OK;
  if (rc == URL_OK)
    rc = bang ? dec_domains_new(p, rest.ptr, rest.len, &t->d)
              : dec_domains_new(p, text, n, &t->d);
  url_buf_free(&rest);
  size_t nd = rc ? 0 : dec_domains_count(t->d);
  if (rc == URL_OK && nd) {
    t->tv = mem->alloc(nd * sizeof *t->tv);
    if (!t->tv) rc = URL_NOMEM;
  }
  if (rc == URL_OK) rc = grow(t);
  url_buf_init(&reg, mem, sr, sizeof sr, (size_t)-1);
  url_buf_init(&sk, mem, ss, sizeof ss, (size_t)-1);
  for (size_t i = 0; rc == URL_OK && i < nd; i++) rc = add_target(t, i, &reg, &sk);
  url_buf_free(&reg);
  url_buf_free(&sk);
  if (rc) {
    dec_targets_free(t);
    return rc;
  }
  *out = t;
  return URL_OK;
}

long dec_targets_brand(const dec_targets *t, const char *skel, size_t n) {
  if (!t->n_t || n > 255) return -1;
  const key *k = find_whole(t, skel, n);
  return k ? (long)k->t : -1;
}

int dec_targets_engaged(const dec_targets *t, long i) {
  for (uint32_t k = (uint32_t)i + 1; k; k = t->tv[k - 1].same)
    if (t->tv[k - 1].engaged) return 1;
  return 0;
}

void dec_targets_reg(const dec_targets *t, long i, url_str *reg,
                     size_t *e2ld) {
  const target *x = &t->tv[i];
  url_str a, u;
  dec_domains_get(t->d, x->dom, &a, &u);
  *reg = (url_str){a.s + x->areg_off, x->areg_len};
  *e2ld = x->ae2ld_len;
}

/* ------------------------------------------------------- near matches */

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

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Whether a and b are equal once their ASCII digits are left out. */
static int equal_but_digits(const char *a, size_t an, const char *b,
                            size_t bn) {
  size_t i = 0, j = 0;
  for (;;) {
    while (i < an && is_digit(a[i])) i++;
    while (j < bn && is_digit(b[j])) j++;
    if (i == an || j == bn) return i == an && j == bn;
    if (a[i++] != b[j++]) return 0;
  }
}

/* The byte length of the first code point of s. */
static size_t first_len(const char *s, size_t n) {
  size_t i = 0;
  if (n) url_utf8_next((const unsigned char *)s, n, &i);
  return i;
}

/* IsLikelyEditDistanceFalsePositive on the e2LDs a (the host's) and b (the
   target's), which differ: only digits differ (a numeric suffix, site45 and
   site35, or any digits, awsdns-43 and awsdns-34); an insertion or
   substitution at the start (hank/tank, oodle/poodle); only a '-'
   inserted. */
static int edit_false_positive(const char *a, size_t an, const char *b,
                               size_t bn) {
  if (equal_but_digits(a, an, b, bn)) return 1;
  size_t fa = first_len(a, an), fb = first_len(b, bn);
  if (an - fa == bn - fb && equal(a + fa, an - fa, b + fb, bn - fb)) return 1;
  if (equal(a, an, b + fb, bn - fb) || equal(a + fa, an - fa, b, bn)) return 1;
  if (an != bn) {
    const char *l = an > bn ? a : b, *s = an > bn ? b : a;
    size_t sn = an > bn ? bn : an, i = 0;
    while (i < sn && l[i] == s[i]) i++;
    if (l[i] == '-') return 1;
  }
  return 0;
}

int dec_edit_at_most_one(const char *a, size_t an, const char *b,
                         size_t bn) {
  uint32_t p[256], q[256];
  return edit1(p, decode(a, an, p, 256), q, decode(b, bn, q, 256));
}

int dec_one_swap(const char *a, size_t an, const char *b, size_t bn) {
  uint32_t p[256], q[256];
  return swap1(p, decode(a, an, p, 256), q, decode(b, bn, q, 256));
}

int dec_edit_false_positive(const url_psl_list *psl, const char *a, size_t an,
                            const char *b, size_t bn) {
  url_str ra, rb;
  size_t ea, eb;
  int rc;
  if (!dec_etld1(psl, a, an, &ra, &ea, &rc) ||
      !dec_etld1(psl, b, bn, &rb, &eb, &rc))
    return 0;
  /* only the registry differs (google.com.tw, google.com.tr) */
  if (equal(ra.s, ea, rb.s, eb)) return 1;
  return edit_false_positive(ra.s, ea, rb.s, eb);
}

/* Digits read as the letters they are written for (faceb00k, micr0s0ft,
   g00gle, paypa1); 2 and 6 stand for none (click2 is not clickz). */
static char digit_letter(char c) {
  static const char letters[] = "ol2eas6tbg";
  return letters[c - '0'];
}

/* The target of the chain from ti (same e2LD skeleton) with the host's
   registry, else (unless same_registry) ti; -1 when one of them has the host's e2LD itself (the
   host is that target, under it, or on another of its registries) or
   every one is allowlisted. */
static long pick(const dec_targets *t, uint32_t ti, const char *e2, size_t en,
                 url_str reg, size_t ae2ld, int same_registry) {
  long best = -1;
  for (uint32_t i = ti + 1; i; i = t->tv[i - 1].same) {
    const target *x = &t->tv[i - 1];
    url_str a, u;
    dec_domains_get(t->d, x->dom, &a, &u);
    if (equal(t->pool.ptr + x->reg_off, x->e2ld_len, e2, en)) return -1;
    if (smap_get(t, &t->allowed, a.s + x->areg_off, x->areg_len) >= 0)
      continue;
    if (best < 0 && !same_registry) best = (long)(i - 1);
    if (equal(a.s + x->areg_off + x->ae2ld_len, x->areg_len - x->ae2ld_len,
              reg.s + ae2ld, reg.n - ae2ld))
      return (long)(i - 1);
  }
  return best;
}

long dec_targets_prefer(const dec_targets *t, long i, url_str reg,
                        size_t ae2ld) {
  return pick(t, (uint32_t)i, "", 0, reg, ae2ld, 0);
}

const char *dec_targets_near(const dec_targets *t, const char *h, size_t n,
                             size_t *len, int *how, int *rc) {
  char sr[MAX_REG * 4], ss[256];
  url_buf reg, sk;
  url_str areg;
  size_t e2ld, ae2ld;
  long best = -1;
  uint32_t q[256], c[256];
  *how = DEC_NEAR_NONE;
  *len = 0;
  *rc = URL_OK;
  url_buf_init(&reg, t->mem, sr, sizeof sr, (size_t)-1);
  url_buf_init(&sk, t->mem, ss, sizeof ss, (size_t)-1);
  if (!t->n_t || !domain_info(t->psl, h, n, &reg, &e2ld, &areg, &ae2ld, rc))
    goto done;
  *rc = dec_host_skeleton(t->policy, reg.ptr, e2ld, &sk);
  if (*rc || sk.len > sizeof ss) goto done;
  /* The same e2LD skeleton: the host is a target, under one, on another of
     its registries; or, written otherwise, its lookalike on any TLD. */
  const key *w = find_whole(t, sk.ptr, sk.len);
  if (w) {
    best = pick(t, w->t, reg.ptr, e2ld, areg, ae2ld, 0);
    /* Chromium compares skeletons only for a registrable domain with an
       IDN label (GetMatchingDomain: has_idn_component); in ASCII only
       digits read as letters (below) stand for another name */
    if (best >= 0 && url_has_xn_label(areg.s, areg.n)) {
      *how = DEC_NEAR_SKELETON;
      goto done;
    }
    /* an ASCII name, or a target's own on another registry: the near
       matches below may still find another target */
    best = -1;
  }
  /* Digits for letters: the e2LD with each ASCII digit read as a letter. */
  int digits = 0;
  for (size_t i = 0; i < e2ld; i++) digits += is_digit(reg.ptr[i]);
  if (digits && digits < (int)e2ld) {
    char mapped[MAX_REG * 4];
    for (size_t i = 0; i < e2ld; i++)
      mapped[i] = is_digit(reg.ptr[i]) ? digit_letter(reg.ptr[i]) : reg.ptr[i];
    url_buf m;
    char sm[256];
    url_buf_init(&m, t->mem, sm, sizeof sm, (size_t)-1);
    *rc = dec_host_skeleton(t->policy, mapped, e2ld, &m);
    const key *d = *rc ? NULL : find_whole(t, m.ptr, m.len);
    if (d) best = pick(t, d->t, reg.ptr, e2ld, areg, ae2ld, 0);
    url_buf_free(&m);
    if (best >= 0 || *rc) {
      if (best >= 0) *how = DEC_NEAR_DIGITS;
      goto done;
    }
  }
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
    const key *e = find_key(t, hash2(kb, kn, "", 0), kb, kn);
    uint32_t ti = e ? e->t : 0, more = e ? e->more : 0;
    for (int tries = 0; e && tries < MAX_POSTINGS; tries++) {
      const target *x = &t->tv[ti];
      if (best < 0 || ti < (uint32_t)best) {
        const char *ts = t->pool.ptr + x->skel_off;
        const char *te = t->pool.ptr + x->reg_off;
        size_t cn = decode(ts, x->skel_len, c, sizeof c / sizeof *c);
        /* one edit from a top domain is too noisy for Chromium to warn
           on (GetActionForMatchType: kEditDistance only records metrics);
           from an engaged site it shows a Safety Tip */
        if (qn == cn && !memcmp(q, c, qn * sizeof *q)) goto next;
        int hw = dec_targets_engaged(t, ti) && edit1(q, qn, c, cn)
                     ? DEC_NEAR_EDIT
                 : swap1(q, qn, c, cn) ? DEC_NEAR_SWAP
                                       : DEC_NEAR_NONE;
        /* IsLikelyEditDistanceFalsePositive; a swap's
           (IsLikelyCharacterSwapFalsePositive, the same e2LD) cannot be
           here: an equal skeleton has returned above. */
        if (hw == DEC_NEAR_EDIT &&
            edit_false_positive(reg.ptr, e2ld, te, x->e2ld_len))
          hw = DEC_NEAR_NONE;
        /* digits swapped (awsdns-43, awsdns-34) are numbers, not names */
        if (hw == DEC_NEAR_SWAP &&
            equal_but_digits(reg.ptr, e2ld, te, x->e2ld_len))
          hw = DEC_NEAR_NONE;
        /* on another registry one edit means something only in a longer
           name (freecode/freenode, monkey/money are words) */
        long pk = hw ? pick(t, ti, reg.ptr, e2ld, areg, ae2ld,
                            e2ld < MIN_E2LD_OTHER_TLD)
                     : -1;
        if (pk >= 0) best = pk, *how = hw;
      }
    next:
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
  if (best < 0) {
    *how = DEC_NEAR_NONE;
    return NULL;
  }
  url_str a, u;
  /* the target's domain as listed */
  dec_domains_get(t->d, t->tv[best].dom, &a, &u);
  *len = a.n;
  return a.s;
}
