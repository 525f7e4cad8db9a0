/*
** Target embedding (embedding.h): SearchForEmbeddings, sweeping the host's
** tokens from its end towards its start.
*/
#include "embedding.h"

#include <string.h>

#include "idna.h"
#include "status.h"

#define MAX_TOKENS 128  /* tokens of a host that are searched (its last) */
#define SUFFIX_TOKENS 8 /* tokens that decide a registrable domain */
#define MIN_E2LD 5      /* kMinE2LDLengthForTargetEmbedding + 1 */

/* kDomainsPermittedInEndEmbeddings: embedded at the very end of a host
   ("-office.com") they are not flagged. */
static const char *const permitted_ends[] = {"office.com", "medium.com",
                                             "orange.fr"};

/* The host's tokens: their spans in h, and the host written with one '.'
   between tokens (dotted), where tok_d[i] is where token i starts. */
typedef struct tokens {
  size_t n, at[MAX_TOKENS], end[MAX_TOKENS], d[MAX_TOKENS + 1];
  char dotted[1024];
} tokens;

static int split(const char *h, size_t n, tokens *t) {
  size_t len = 0;
  t->n = 0;
  for (size_t i = 0; i < n;) {
    size_t e = dec_token_end(h, n, i);
    if (e > i) {
      if (t->n == MAX_TOKENS) { /* keep the last ones */
        memmove(t->at, t->at + 1, (MAX_TOKENS - 1) * sizeof *t->at);
        memmove(t->end, t->end + 1, (MAX_TOKENS - 1) * sizeof *t->end);
        t->n--;
      }
      t->at[t->n] = i;
      t->end[t->n++] = e;
    }
    i = e + 1;
  }
  for (size_t k = 0; k < t->n; k++) {
    size_t tl = t->end[k] - t->at[k];
    if (len + tl + 1 > sizeof t->dotted) return 0;
    t->d[k] = len;
    memcpy(t->dotted + len, h + t->at[k], tl);
    len += tl;
    t->dotted[len++] = '.';
  }
  t->d[t->n] = len;
  return t->n > 0;
}

/* tokens [a, b) of the dotted host (no final '.') */
static url_str span(const tokens *t, size_t a, size_t b) {
  return (url_str){t->dotted + t->d[a], t->d[b] - t->d[a] - 1};
}

static int same(url_str a, url_str b) {
  return a.n == b.n && !memcmp(a.s, b.s, a.n);
}

/*
** IsAllowedToBeEmbedded for target ti embedded as the labels lab[0..nl)
** (the embedded domain and what precedes it, Chromium's subdomain span) in
** a host whose registrable domain is edom (edom_e2ld bytes before its
** registry): a suffix of two labels or more is the host's registrable
** domain (IsEmbeddingItself) or allowlisted (ASubdomainIsAllowlisted); the
** same name on another registry (IsCrossTLDMatch); a permitted ending.
*/
static int allowed(const dec_targets *t, long ti, const url_str *lab,
                   size_t nl, url_str edom, size_t edom_e2ld) {
  url_str treg;
  size_t te2ld;
  char buf[512];
  dec_targets_reg(t, ti, &treg, &te2ld);
  if (edom.s && te2ld == edom_e2ld && !memcmp(treg.s, edom.s, te2ld))
    return 1;
  for (size_t k = 0; k < sizeof permitted_ends / sizeof *permitted_ends; k++) {
    size_t pn = strlen(permitted_ends[k]);
    if (treg.n == pn && !memcmp(treg.s, permitted_ends[k], pn) && edom.s &&
        edom.n > pn && edom.s[edom.n - pn - 1] == '-' &&
        !memcmp(edom.s + edom.n - pn, permitted_ends[k], pn))
      return 1;
  }
  if (nl < 2) return 0;
  size_t at = sizeof buf - lab[nl - 1].n;
  if (lab[nl - 1].n > sizeof buf) return 0;
  memcpy(buf + at, lab[nl - 1].s, lab[nl - 1].n);
  for (size_t i = nl - 1; i-- > 0;) {
    if (lab[i].n + 1 > at) return 0;
    at -= lab[i].n + 1;
    memcpy(buf + at, lab[i].s, lab[i].n);
    buf[at + lab[i].n] = '.';
    url_str pot = {buf + at, sizeof buf - at};
    if ((edom.s && same(pot, edom)) || dec_targets_allowed(t, pot.s, pot.n))
      return 1;
  }
  return 0;
}

/* The labels of tokens [a, b), then those of the listed domain tail. */
static size_t labels(const tokens *tk, const char *h, size_t a, size_t b,
                     url_str tail, url_str *lab, size_t cap) {
  size_t nl = 0;
  for (size_t k = a; k < b && nl < cap; k++)
    lab[nl++] = (url_str){h + tk->at[k], tk->end[k] - tk->at[k]};
  for (size_t i = 0; tail.s && i < tail.n && nl < cap;) {
    size_t e = i;
    while (e < tail.n && tail.s[e] != '.') e++;
    lab[nl++] = (url_str){tail.s + i, e - i};
    i = e + 1;
  }
  return nl;
}

/* The skeleton lookups need Unicode: s in uni (ASCII stays as it is). */
static int to_unicode(url_str s, url_buf *uni) {
  uni->len = 0;
  int rc = url_domain_to_unicode(s.s, s.n, uni);
  return rc == URL_TOOBIG || rc == URL_FAILURE ? URL_OK : rc;
}

long dec_embedded_target(const dec_targets *t, const char *h, size_t n,
                         size_t *at, size_t *at_len, int *tail, int *rc) {
  const dec_policy *p = dec_targets_policy(t);
  const url_allocator *mem = dec_policy_mem(p);
  const dec_domains *dd = dec_targets_domains(t);
  tokens tk;
  url_str edom = {NULL, 0}, lab[MAX_TOKENS + 8];
  size_t edom_e2ld = 0, hl = dec_targets_host_labels(t);
  long tail_found = -1;
  size_t tail_at = 0, tail_len = 0;
  char su[256], ss[256];
  url_buf uni, sk;
  *rc = URL_OK;
  *tail = 0;
  if (!split(h, n, &tk)) return -1;
  dec_etld1(dec_targets_psl(t), h, n, &edom, &edom_e2ld, rc);
  if (*rc) return -1;
  url_buf_init(&uni, mem, su, sizeof su, (size_t)-1);
  url_buf_init(&sk, mem, ss, sizeof ss, (size_t)-1);
  long found = -1;
  for (size_t end = tk.n; found < 0 && !*rc && end > 0; end--) {
    url_str last = {h + tk.at[end - 1], tk.end[end - 1] - tk.at[end - 1]};
    /* a part ending with the host's own name is the host's domain, not an
       embedded one (research.google.com, www.youtube.com) */
    if (edom.s && last.s == edom.s && last.n == edom_e2ld) continue;
    /* a target without its separators (googlecom) */
    if (last.n >= MIN_E2LD + 2 && !(*rc = to_unicode(last, &uni))) {
      sk.len = 0;
      *rc = dec_targets_skeleton(t, uni.ptr, uni.len, &sk);
      long ti = *rc ? -1 : dec_targets_joined(t, sk.ptr, sk.len);
      url_str listed, treg;
      size_t te2ld;
      if (ti >= 0) {
        dec_targets_domain(t, ti, &listed);
        url_str reg;
        size_t e2;
        if (dec_etld1(dec_targets_psl(t), listed.s, listed.n, &reg, &e2, rc) &&
            e2 >= MIN_E2LD) {
          treg = reg, te2ld = e2;
          size_t nl = labels(&tk, h, end > 16 ? end - 16 : 0, end - 1, treg,
                             lab, sizeof lab / sizeof *lab);
          long bi = -1;
          /* the allow checks take the target's registrable domain */
          sk.len = 0;
          if (!to_unicode((url_str){treg.s, te2ld}, &uni) &&
              !dec_targets_skeleton(t, uni.ptr, uni.len, &sk))
            bi = dec_targets_brand(t, sk.ptr, sk.len);
          if (bi >= 0 && !allowed(t, bi, lab, nl, edom, edom_e2ld)) {
            found = ti, *at = last.s - h, *at_len = last.n;
            break;
          }
        }
      }
    }
    if (*rc) break;
    /* the registrable domain of tokens [0, end) */
    size_t lo = end > SUFFIX_TOKENS ? end - SUFFIX_TOKENS : 0;
    url_str whole = span(&tk, lo, end), reg;
    size_t e2ld;
    if (!dec_etld1(dec_targets_psl(t), whole.s, whole.n, &reg, &e2ld, rc) ||
        e2ld < MIN_E2LD)
      continue;
    /* the token where reg starts */
    size_t rt = end;
    while (rt > lo && tk.dotted + tk.d[rt - 1] >= reg.s) rt--;
    long ti = -1;
    size_t from = rt;
    /* engaged sites: a listed host with a subdomain, exactly */
    for (size_t st = end - 1; hl && st-- > 0 && end - st <= hl;) {
      url_str c = span(&tk, st, end);
      ti = dec_targets_host(t, c.s, c.n);
      if (ti >= 0) {
        long bi = -1;
        dec_targets_domain(t, ti, &c);
        url_str r2;
        size_t e2;
        if (dec_etld1(dec_targets_psl(t), c.s, c.n, &r2, &e2, rc) &&
            !to_unicode((url_str){r2.s, e2}, &uni)) {
          sk.len = 0;
          if (!dec_targets_skeleton(t, uni.ptr, uni.len, &sk))
            bi = dec_targets_brand(t, sk.ptr, sk.len);
        }
        size_t nl = labels(&tk, h, st > 16 ? st - 16 : 0, end, (url_str){0, 0},
                           lab, sizeof lab / sizeof *lab);
        if (bi >= 0 && !allowed(t, bi, lab, nl, edom, edom_e2ld)) {
          from = st;
          break;
        }
      }
      ti = -1;
    }
    /* the registrable domain's skeleton is a target's (a bare registrable
       domain or its www.) */
    if (ti < 0 && !(*rc = to_unicode(reg, &uni))) {
      long di = dec_domains_find(p, dd, uni.ptr, uni.len, rc);
      if (di >= 0) {
        url_str listed, r2;
        size_t e2;
        dec_targets_domain(t, di, &listed);
        if (dec_etld1(dec_targets_psl(t), listed.s, listed.n, &r2, &e2, rc) &&
            (listed.n == r2.n ||
             (listed.n == r2.n + 4 && !memcmp(listed.s, "www.", 4)))) {
          long bi = -1;
          if (!to_unicode((url_str){r2.s, e2}, &uni)) {
            sk.len = 0;
            if (!dec_targets_skeleton(t, uni.ptr, uni.len, &sk))
              bi = dec_targets_brand(t, sk.ptr, sk.len);
          }
          size_t nl = labels(&tk, h, end > 16 ? end - 16 : 0, end,
                             (url_str){0, 0}, lab, sizeof lab / sizeof *lab);
          if (bi >= 0 && !allowed(t, bi, lab, nl, edom, edom_e2ld)) ti = di;
        }
      }
    }
    if (ti < 0) continue;
    size_t a = tk.at[from], len = tk.end[end - 1] - a;
    if (end != tk.n) {
      found = ti, *at = a, *at_len = len;
    } else if (tail_found < 0) {
      /* tail embedding (evil-google.com): keep looking for another */
      tail_found = ti, tail_at = a, tail_len = len;
    }
  }
  url_buf_free(&uni);
  url_buf_free(&sk);
  if (*rc) return -1;
  if (found < 0 && tail_found >= 0) {
    found = tail_found, *at = tail_at, *at_len = tail_len, *tail = 1;
  }
  return found;
}
