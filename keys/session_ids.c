/*
** Session ids in paths and query strings (see session_ids.h): urlcanon's
** rules and the Wayback canonicalizer's, written as the small scanners
** their regular expressions amount to.
*/
#include "session_ids.h"

#include <string.h>

static int lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? c | 0x20 : c; }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_alpha(unsigned char c) { return (unsigned)(lower(c) - 'a') < 26; }
static int is_alnum(unsigned char c) { return is_digit(c) || is_alpha(c); }
static int is_alnum_dollar(unsigned char c) { return is_alnum(c) || c == '$'; }
static int is_token_char(unsigned char c) { return is_alnum(c) || c == '-'; }

/* s[0..n) starts with the lowercase literal lit, ignoring ASCII case. */
static int starts_with(const char *s, size_t n, const char *lit) {
  size_t k = strlen(lit);
  if (n < k) return 0;
  for (size_t i = 0; i < k; i++)
    if (lower((unsigned char)s[i]) != (unsigned char)lit[i]) return 0;
  return 1;
}

/* Number of leading bytes of s[0..n) in the class. */
static size_t span(const char *s, size_t n, int (*in)(unsigned char)) {
  size_t i = 0;
  while (i < n && in((unsigned char)s[i])) i++;
  return i;
}

/* s[0..n) is all in the class and at least min bytes long. */
static int all_in(const char *s, size_t n, size_t min,
                  int (*in)(unsigned char)) {
  return n >= min && span(s, n, in) == n;
}

/* ------------------------------------------------------------ urlcanon */

int url_sid_part(const char *s, size_t n) {
  static const struct {
    const char *key;
    size_t min;
    int (*in)(unsigned char);
  } RULES[] = {
      {"jsessionid=", 10, is_alnum_dollar},
      {"sessionid=", 16, is_alnum},
      {"phpsessid=", 16, is_alnum},
      {"sid=", 16, is_alnum},
  };
  for (size_t r = 0; r < sizeof RULES / sizeof RULES[0]; r++) {
    size_t k = strlen(RULES[r].key);
    if (starts_with(s, n, RULES[r].key))
      return all_in(s + k, n - k, RULES[r].min, RULES[r].in);
  }
  /* aspsessionid[a-z]{8}=[0-9a-z]{16,} */
  return starts_with(s, n, "aspsessionid") && n >= 21 &&
         span(s + 12, 8, is_alpha) == 8 && s[20] == '=' &&
         all_in(s + 21, n - 21, 16, is_alnum);
}

int url_sid_cfid_pair(const char *a, size_t an, const char *b, size_t bn) {
  return starts_with(a, an, "cfid=") && all_in(a + 5, an - 5, 1, is_digit) &&
         starts_with(b, bn, "cftoken=") &&
         all_in(b + 8, bn - 8, 1, is_token_char);
}

/*
** Length of an ASP.NET session segment at s: "(" [0-9a-z]{24} ")/" or
** "(" ([a-z] "(" [0-9a-z]{24} ")")+ ")/" (with_single: either; otherwise
** only the second form); 0 if none.
*/
static size_t aspx_segment(const char *s, size_t n, int single, int multi) {
  if (n < 2 || s[0] != '(') return 0;
  if (single && n >= 27 && span(s + 1, 24, is_alnum) == 24 && s[25] == ')' &&
      s[26] == '/')
    return 27;
  if (!multi) return 0;
  size_t i = 1, items = 0;
  while (n - i >= 27 && is_alpha((unsigned char)s[i]) && s[i + 1] == '(' &&
         span(s + i + 2, 24, is_alnum) == 24 && s[i + 26] == ')') {
    i += 27;
    items++;
  }
  return items && n - i >= 2 && s[i] == ')' && s[i + 1] == '/' ? i + 2 : 0;
}

/* Removes p[at, at + k) from p[0..*n). */
static void cut(char *p, size_t *n, size_t at, size_t k) {
  memmove(p + at, p + at + k, *n - at - k);
  *n -= k;
}

size_t url_sid_strip_path(char *p, size_t n) {
  /* urlcanon strips the ";jsessionid" after the ASP.NET segments; first, so
     that a path it uncovers as ending in ".aspx" loses its segments in the
     same pass (canonicalizing a key again changes nothing). */
  if (n >= 44 && starts_with(p + n - 44, 12, ";jsessionid=") &&
      span(p + n - 32, 32, is_alnum) == 32)
    n -= 44;
  if (n >= 5 && starts_with(p + n - 5, 5, ".aspx")) {
    /* Left to right; after a cut the same '/' precedes the next try. */
    for (size_t i = 1; i < n;) {
      size_t k = p[i - 1] == '/' ? aspx_segment(p + i, n - i, 1, 1) : 0;
      if (k) cut(p, &n, i, k);
      else i++;
    }
  }
  return n;
}

/* ----------------------------------------------- the Wayback canonicalizer */

/*
** End of a Wayback query session id starting at q[k] (rule r, 0-4), or 0 if
** none starts there.  The caller checks that it ends the query or is
** followed by '&'.
*/
static size_t ia_query_match(const char *q, size_t n, size_t k, int r) {
  static const char *const KEY[] = {"jsessionid=", "phpsessid=", "sid="};
  const char *s = q + k;
  size_t m = n - k;
  if (r < 3) {
    size_t kl = strlen(KEY[r]);
    if (!starts_with(s, m, KEY[r]) || m < kl + 32 ||
        span(s + kl, 32, is_alnum) != 32)
      return 0;
    return k + kl + 32;
  }
  if (r == 3) { /* ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24} */
    if (!starts_with(s, m, "aspsessionid") || m < 45 ||
        span(s + 12, 8, is_alpha) != 8 || s[20] != '=' ||
        span(s + 21, 24, is_alpha) != 24)
      return 0;
    return k + 45;
  }
  /* cfid=[^&]+&cftoken=[^&]+ */
  if (!starts_with(s, m, "cfid=")) return 0;
  const char *amp = memchr(s + 5, '&', m - 5);
  if (!amp || amp == s + 5) return 0;
  size_t t = (size_t)(amp - s); /* at the '&' */
  if (!starts_with(s + t, m - t, "&cftoken=") || t + 9 >= m || s[t + 9] == '&')
    return 0;
  const char *end = memchr(s + t + 9, '&', m - t - 9);
  return end ? (size_t)(end - q) : n;
}

/* Where each rule's key ends (its '=') relative to where it starts. */
static size_t ia_key_eq(int r) {
  static const unsigned char EQ[5] = {10, 9, 3, 20, 4};
  return EQ[r];
}

/* q[e-k-2 .. e-k) is "id", ignoring case. */
static int id_before(const char *q, size_t e, size_t k) {
  return e >= k + 2 && lower((unsigned char)q[e - k - 2]) == 'i' &&
         lower((unsigned char)q[e - k - 1]) == 'd';
}

/* q[0..e) may end a rule's key (its '=' at q[e]): "nid", "sid" or "fid"
   (jsessionid, phpsessid, sid, cfid), or "id" and 8 bytes (aspsessionid
   and 8 letters), ignoring case. */
static int key_end(const char *q, size_t e) {
  if (id_before(q, e, 8)) return 1;
  if (e < 3 || !id_before(q, e, 0)) return 0;
  int c = lower((unsigned char)q[e - 3]);
  return c == 'n' || c == 's' || c == 'f';
}

int url_sid_query_ia_maybe(const char *q, size_t n) {
  for (const char *e = memchr(q, '=', n); e;
       e = memchr(e + 1, '=', (size_t)(q + n - e - 1)))
    if (key_end(q, (size_t)(e - q))) return 1;
  return 0;
}

size_t url_sid_strip_query_ia(char *q, size_t n) {
  for (int r = 0; r < 5; r++) {
    /* Every key ends in '=': try the starts its '='s give, last first
       (the rule's (.*) is greedy). */
    size_t eqs[64], m = 0;
    int id = 0; /* some '=' may end a key (key_end) */
    for (const char *e = memchr(q, '=', n); e && m < 64;
         e = memchr(e + 1, '=', (size_t)(q + n - e - 1))) {
      eqs[m] = (size_t)(e - q);
      id |= key_end(q, eqs[m]);
      m++;
    }
    if (!id && m < 64) return n; /* most queries end here */
    int all = m < 64; /* else every position is tried, as the rule says */
    for (size_t k = all ? 0 : n, j = m;;) {
      if (all) {
        if (j == 0) break;
        size_t e = eqs[--j];
        if (e < ia_key_eq(r)) continue;
        k = e - ia_key_eq(r);
      } else if (k-- == 0) {
        break;
      }
      size_t end = ia_query_match(q, n, k, r);
      if (!end || (end < n && q[end] != '&')) continue;
      cut(q, &n, k, (end < n ? end + 1 : end) - k);
      break;
    }
  }
  return n;
}

/* What follows a path session segment: [^?]+ "\.aspx" .* */
static int aspx_follows(const char *r, size_t n) {
  for (size_t j = 0; j < n && r[j] != '?'; j++)
    if (j >= 1 && starts_with(r + j, n - j, ".aspx")) return 1;
  return 0;
}

size_t url_sid_strip_path_ia(char *p, size_t n) {
  if (!memchr(p, '(', n)) return n; /* every session segment has one */
  for (int single = 0; single <= 1; single++) {
    for (size_t i = n; i-- > 1;) {
      if (p[i - 1] != '/') continue;
      size_t k = aspx_segment(p + i, n - i, single, !single);
      if (k && aspx_follows(p + i + k, n - i - k)) {
        cut(p, &n, i, k);
        break;
      }
    }
  }
  return n;
}
