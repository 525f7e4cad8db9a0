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

/* How robots_canon treats an octet: 1, an ASCII octet that is neither
   unreserved nor reserved (controls, space, " < > \ ^ ` { | } DEL), and
   the quote ', which the URL parser writes %27 in a query; 2, a non-ASCII
   octet; 4, '%'; 8, '*' and '$', special in a rule, literal in a URL. */
#define ROBOTS_ENC_LO                                                    \
  (URL_C0_LO | URL_BIT(' ') | URL_BIT('"') | URL_BIT('<') | URL_BIT('>') | \
   URL_BIT('\''))
#define ROBOTS_ENC_HI                                                    \
  (URL_BITH('\\') | URL_BITH('^') | URL_BITH('`') | URL_BITH('{') |      \
   URL_BITH('|') | URL_BITH('}') | URL_BITH(0x7F))
#define ENC(c)                                                           \
  ((c) >= 128 ? 2 : (c) == '%' ? 4 : (c) == '*' || (c) == '$' ? 8        \
                                      : URL_IN_SET(ROBOTS_ENC, c))
static const uint8_t CLASS[256] = URL_CLASS_TABLE(ENC);

/* RFC 3986 §2.3's unreserved octets: ALPHA DIGIT - . _ ~ */
static int unreserved(int c) {
  return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '.' || c == '_' || c == '~';
}

int robots_unreserved_escape(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  for (const char *q = memchr(s, '%', n); q;
       q = memchr(q + 1, '%', n - (size_t)(q + 1 - s))) {
    size_t i = (size_t)(q - s);
    if (i + 2 < n && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2]) &&
        unreserved(url_hex_val(u[i + 1]) * 16 + url_hex_val(u[i + 2])))
      return 1;
  }
  return 0;
}

static int lower_hex(unsigned char c) { return c >= 'a' && c <= 'f'; }

/* Whether the octet u[i] of u[0..n), of class c (not 0, not '%'), is
   kept as it is: a rule's '*', and its '$' when it ends the rule. */
static int kept(const unsigned char *u, size_t i, size_t n, int c, int rule) {
  return c == 8 && rule && (u[i] == '*' || i + 1 == n);
}

int robots_canon(url_buf *out, const char *s, size_t n, int flags) {
  const unsigned char *u = (const unsigned char *)s;
  int rule = flags & ROBOTS_CANON_RULE, decode = flags & ROBOTS_CANON_DECODE;
  uint8_t mask = rule ? 15 : 13;
  size_t i = 0;
  /* Most paths are canonical: one table test per octet finds out. */
  for (; i < n; i++) {
    int c = CLASS[u[i]] & mask;
    if (!c) continue;
    if (c != 4) {
      if (kept(u, i, n, c, rule)) continue;
      break;
    }
    if (i + 2 < n && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2])) {
      if (lower_hex(u[i + 1]) || lower_hex(u[i + 2]) ||
          (decode && unreserved(url_hex_val(u[i + 1]) * 16 +
                                url_hex_val(u[i + 2]))))
        break;
      i += 2;
    }
  }
  if (i == n) return 1;
  url_buf_append(out, s, i);
  for (; i < n; i++) {
    int c = CLASS[u[i]] & mask;
    if (!c || (c != 4 && kept(u, i, n, c, rule))) {
      url_buf_putc(out, (char)u[i]);
    } else if (c != 4) {
      char e[3] = {'%', url_hex_digits[u[i] >> 4], url_hex_digits[u[i] & 15]};
      url_buf_append(out, e, 3);
    } else if (i + 2 < n && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2])) {
      int v = url_hex_val(u[i + 1]) * 16 + url_hex_val(u[i + 2]);
      if (decode && unreserved(v)) {
        url_buf_putc(out, (char)v);
      } else {
        char e[3] = {'%', url_hex_digits[v >> 4], url_hex_digits[v & 15]};
        url_buf_append(out, e, 3);
      }
      i += 2;
    } else {
      url_buf_putc(out, '%'); /* a '%' that starts no escape */
    }
  }
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
