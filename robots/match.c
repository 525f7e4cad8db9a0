/*
** Paths as robots.txt compares them (RFC 9309 §2.2.2) and the matcher of
** a rule's pattern against a path (§2.2.3: `*` any run of octets, `$` at
** the end of a pattern the end of the path).
*/
#define _GNU_SOURCE    /* memmem (glibc) */
#define _DARWIN_C_SOURCE
#include <string.h>

#include "percent.h"
#include "robots.h"

/* Octets that are neither unreserved nor reserved nor '%' (RFC 3986
   §2.2-2.3): class 1, the ASCII ones (controls, space, " < > \ ^ ` { | }
   and DEL); class 2, every non-ASCII octet; and class 4, '%'. */
#define ROBOTS_ENC_LO \
  (URL_C0_LO | URL_BIT(' ') | URL_BIT('"') | URL_BIT('<') | URL_BIT('>'))
#define ROBOTS_ENC_HI                                                    \
  (URL_BITH('\\') | URL_BITH('^') | URL_BITH('`') | URL_BITH('{') |      \
   URL_BITH('|') | URL_BITH('}') | URL_BITH(0x7F))
#define ENC(c) ((c) >= 128 ? 2 : (c) == '%' ? 4 : URL_IN_SET(ROBOTS_ENC, c))
static const uint16_t ENCODE[256] = URL_CLASS_TABLE(ENC);

/* Whether s[0..n) is already what robots_canon would write. */
static int is_canon(const unsigned char *s, size_t n, uint16_t mask) {
  for (size_t i = 0; i < n; i++) {
    if (!(ENCODE[s[i]] & (mask | 4))) continue; /* one test per octet */
    if (ENCODE[s[i]] & mask) return 0;
    if (i + 2 < n && url_is_hex(s[i + 1]) &&
        url_is_hex(s[i + 2])) {
      if ((s[i + 1] >= 'a' && s[i + 1] <= 'f') ||
          (s[i + 2] >= 'a' && s[i + 2] <= 'f'))
        return 0;
      i += 2;
    }
  }
  return 1;
}

int robots_canon(url_buf *out, const char *s, size_t n, int rule) {
  const unsigned char *u = (const unsigned char *)s;
  uint16_t mask = rule ? 3 : 1;
  if (is_canon(u, n, mask)) return 1;
  size_t i = 0;
  while (i < n && !(ENCODE[u[i]] & mask)) i++;
  if (i == n) { /* only escapes to normalize */
    url_pct_upper_hex(out, s, n);
    return 0;
  }
  /* Encode first, then upper-case the hex of the escapes that were
     there (those it writes are upper-case already). */
  char st[256];
  url_buf enc;
  url_buf_init_like(&enc, out, st, sizeof st, out->max);
  url_pct_encode_class(&enc, s, n, ENCODE, mask);
  if (enc.err) {
    if (!out->err) out->err = enc.err;
  } else {
    url_pct_upper_hex(out, enc.ptr, enc.len);
  }
  url_buf_free(&enc);
  return 0;
}

/* The first place of the piece q[0..k) (k > 0) in s[0..n), or NULL: its
   first octet found with memchr, a few candidates compared in place (the
   common case: short pieces, paths of tens of octets), then memmem, which
   is linear on any input. */
static const char *find(const char *s, size_t n, const char *q, size_t k) {
  const char *at = s, *end = s + n;
  for (int tries = 0; tries < 4; tries++) {
    if ((size_t)(end - at) < k) return NULL;
    at = memchr(at, q[0], (size_t)(end - at) - k + 1);
    if (!at) return NULL;
    if (memcmp(at + 1, q + 1, k - 1) == 0) return at;
    at++;
  }
  return memmem(at, (size_t)(end - at), q, k);
}

int robots_match_at(const char *s, size_t n, const char *p, size_t m,
                    size_t k) {
  int end = m > 0 && p[m - 1] == '$';
  if (end) m--;
  if (k == m) return !end || n == k; /* no star */
  size_t at = k, i = k + 1; /* path and pattern positions after a star */
  for (;;) {
    while (i < m && p[i] == '*') i++;
    const char *next = i < m ? memchr(p + i, '*', m - i) : NULL;
    size_t len = (next ? (size_t)(next - p) : m) - i;
    if (!next) {
      /* The last piece: anywhere after `at`, or with `$` at the end. */
      if (len == 0) return 1;
      if (end)
        return n - at >= len && memcmp(s + n - len, p + i, len) == 0;
      return find(s + at, n - at, p + i, len) != NULL;
    }
    /* A piece between stars, found leftmost: any later match leaves less
       of the path for the pieces after it. */
    const char *f = find(s + at, n - at, p + i, len);
    if (!f) return 0;
    at = (size_t)(f - s) + len;
    i = (size_t)(next - p) + 1;
  }
}

size_t robots_literal_prefix(const char *p, size_t m) {
  if (m > 0 && p[m - 1] == '$') m--;
  const char *star = m ? memchr(p, '*', m) : NULL;
  return star ? (size_t)(star - p) : m;
}

int robots_match(const char *s, size_t n, const char *p, size_t m) {
  /* The text before the first star matches at the path's start. */
  size_t k = robots_literal_prefix(p, m);
  if (k > n || (k && memcmp(s, p, k) != 0)) return 0;
  return robots_match_at(s, n, p, m, k);
}
