/*
** The lines of a robots.txt file (RFC 9309 §2.1-2.2), read as leniently
** as Google's reference parser reads them: a UTF-8 BOM (or a prefix of
** one) at the start skipped; \n, \r and \r\n all end a line; `#` starts a
** comment; a key is recognized by its start, case-insensitively, with the
** misspellings Google accepts ("disalow", "useragent", "site-map"); white
** space may stand for a missing colon ("disallow /x") when the line is
** exactly two words; a line is read up to ROBOTS_MAX_LINE bytes and the
** file up to ROBOTS_MAX_BYTES.  Each line with text is reported with the
** group it belongs to and, when it does not count, why.
*/
#include <stdio.h>
#include <string.h>

#include "robots.h"

/* White space within a line (line ends never reach here). */
static int is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static void trim(const char **s, size_t *n) {
  while (*n && is_space((unsigned char)**s)) (*s)++, (*n)--;
  while (*n && is_space((unsigned char)(*s)[*n - 1])) (*n)--;
}

/* Whether s[0..n) starts with the ASCII word w, ignoring case. */
static int starts_with_nocase(const char *s, size_t n, const char *w) {
  size_t k = strlen(w);
  if (n < k) return 0;
  for (size_t i = 0; i < k; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 'A' && c <= 'Z') c += 32;
    if (c != (unsigned char)w[i]) return 0;
  }
  return 1;
}

/* A directive and the keys that name it: the name first, then the
   misspellings Google's parser accepts.  Each is matched as a prefix
   ("user-agent" also names "User-agent-x"), in this order. */
static const struct {
  robots_directive d;
  const char *names[6];
} KEYS[] = {
    {ROBOTS_USER_AGENT, {"user-agent", "useragent", "user agent"}},
    {ROBOTS_ALLOW, {"allow"}},
    {ROBOTS_DISALLOW,
     {"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
    {ROBOTS_SITEMAP, {"sitemap", "site-map"}},
    {ROBOTS_CRAWL_DELAY, {"crawl-delay"}},
};

/* The directive key k[0..n) names; *typo when not exactly its name. */
static robots_directive key_directive(const char *k, size_t n, int *typo) {
  *typo = 0;
  for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
    for (int j = 0; j < 6 && KEYS[i].names[j]; j++)
      if (starts_with_nocase(k, n, KEYS[i].names[j])) {
        *typo = j > 0 || n != strlen(KEYS[i].names[j]);
        return KEYS[i].d;
      }
  return ROBOTS_UNKNOWN;
}

/* The length of the run of [A-Za-z_-] that starts v[0..n). */
static size_t token_run(const char *v, size_t n) {
  size_t k = 0;
  while (k < n && (((v[k] | 0x20) >= 'a' && (v[k] | 0x20) <= 'z') ||
                   v[k] == '-' || v[k] == '_'))
    k++;
  return k;
}

void robots_agent_token(const char *v, size_t n, const char **tok,
                        size_t *tok_n, int *global) {
  /* Google's reading: "*" alone or before white space is the global
     group; else the leading product token ([A-Za-z_-], RFC 9309 §2.2.1). */
  *global = n >= 1 && v[0] == '*' && (n == 1 || is_space((unsigned char)v[1]));
  *tok = v;
  *tok_n = token_run(v, n);
}

void robots_agent_arg(const char *v, size_t n, const char **tok,
                      size_t *tok_n) {
  trim(&v, &n);
  size_t k = token_run(v, n);
  *tok = v;
  *tok_n = n; /* neither a token nor a product: compared whole */
  if (k == n || v[k] != '/') {
    if (k == n) *tok_n = k;
    return;
  }
  /* a product (RFC 9110 §10.1.5: token "/" version, then maybe more): its
     token, or in a whole User-Agent header, the crawler a "compatible;"
     comment names (Mozilla/5.0 (compatible; Googlebot/2.1; +http://...)) */
  *tok_n = k;
  static const char C[] = "compatible;";
  for (size_t i = k; n - i >= sizeof C - 1; i++) {
    if (!starts_with_nocase(v + i, n - i, C)) continue;
    size_t at = i + sizeof C - 1;
    while (at < n && is_space((unsigned char)v[at])) at++;
    size_t t = token_run(v + at, n - at);
    if (t) {
      *tok = v + at;
      *tok_n = t;
    }
    return;
  }
}

const char *robots_directive_name(robots_directive d) {
  static const char *const NAMES[] = {NULL, "user-agent", "allow",
                                      "disallow", "sitemap", "crawl-delay",
                                      NULL};
  return (unsigned)d < sizeof NAMES / sizeof NAMES[0] ? NAMES[d] : NULL;
}

const char robots_sitemap_not_url[] = "sitemap is not an absolute URL";

void robots_forgiven_text(url_buf *out, const robots_line *l) {
  size_t at = out->len;
#define SEP() url_buf_puts(out, out->len > at ? "; " : "")
  if (l->forgiven & ROBOTS_TYPO) {
    url_buf_puts(out, "key read as ");
    url_buf_puts(out, robots_directive_name(l->directive));
  }
  if (l->forgiven & ROBOTS_NO_COLON) {
    SEP();
    url_buf_puts(out, "no colon");
  }
  if (l->forgiven & ROBOTS_LINE_CUT) {
    SEP();
    char t[48];
    snprintf(t, sizeof t, "line cut at %d bytes", ROBOTS_MAX_LINE);
    url_buf_puts(out, t);
  }
  if (l->forgiven & ROBOTS_AGENT_CUT) {
    const char *tok;
    size_t tn;
    int global;
    robots_agent_token(l->value, l->value_n, &tok, &tn, &global);
    SEP();
    url_buf_puts(out, "product token read as ");
    url_buf_append(out, tok, tn);
  }
#undef SEP
}

typedef struct scan {
  robots_line_fn fn;
  void *arg;
  int group;    /* the current group; -1 before the first user-agent line */
  int n_groups;
  int in_rules; /* a rule was seen since the group's last user-agent line */
} scan;

/* Whether v[0..n) starts with a URL scheme and "://" (RFC 3986 §3.1). */
static int has_scheme(const char *v, size_t n) {
  size_t k = 0;
  while (k < n && (((v[k] | 0x20) >= 'a' && (v[k] | 0x20) <= 'z') ||
                   (k > 0 && ((v[k] >= '0' && v[k] <= '9') || v[k] == '+' ||
                              v[k] == '-' || v[k] == '.'))))
    k++;
  return k > 0 && n - k >= 3 && memcmp(v + k, "://", 3) == 0;
}

/* Splits a line's text s[0..n) (comment removed, trimmed, not empty)
   into key and value (RFC 9309 §2.2: key ":" value), filling l. */
static void split(const char *s, size_t n, robots_line *l) {
  const char *sep = memchr(s, ':', n);
  if (!sep) {
    /* Google's leniency: white space for the colon, when the line is
       exactly two words. */
    size_t i = 0;
    while (i < n && s[i] != ' ' && s[i] != '\t') i++;
    if (i < n) {
      size_t v = i;
      while (v < n && (s[v] == ' ' || s[v] == '\t')) v++;
      size_t w = v;
      while (w < n && s[w] != ' ' && s[w] != '\t') w++;
      if (w == n) {
        sep = s + i;
        l->forgiven |= ROBOTS_NO_COLON;
      }
    }
  }
  if (!sep) {
    l->value = s;
    l->value_n = n;
    l->skipped = "no key: value separator";
    return;
  }
  l->key = s;
  l->key_n = (size_t)(sep - s);
  trim(&l->key, &l->key_n);
  l->value = sep + 1;
  l->value_n = (size_t)(s + n - (sep + 1));
  trim(&l->value, &l->value_n);
  if (l->key_n == 0) {
    l->key = NULL;
    l->value = s;
    l->value_n = n;
    l->skipped = "empty key";
  }
}

/* Reports line number `no`, s[0..n) (cut: it was longer). */
static int line(scan *sc, int no, const char *s, size_t n, int cut) {
  const char *hash = memchr(s, '#', n);
  if (hash) n = (size_t)(hash - s); /* §2.2: a comment to the line's end */
  trim(&s, &n);
  if (n == 0) return 0;
  robots_line l = {no, ROBOTS_NONE, sc->group, NULL, NULL, 0, 0,
                   cut ? ROBOTS_LINE_CUT : 0, NULL};
  split(s, n, &l);
  if (l.key) {
    int typo;
    l.directive = key_directive(l.key, l.key_n, &typo);
    if (typo) l.forgiven |= ROBOTS_TYPO;
  }
  double delay;
  switch (l.directive) {
  case ROBOTS_USER_AGENT: {
    /* §2.1: a group is one or more user-agent lines followed by rules;
       a user-agent line after a rule starts the next group. */
    if (sc->group < 0 || sc->in_rules) {
      sc->group = sc->n_groups++;
      sc->in_rules = 0;
    }
    l.group = sc->group;
    const char *tok;
    size_t tn;
    int global;
    robots_agent_token(l.value, l.value_n, &tok, &tn, &global);
    if (!global && tn < l.value_n) l.forgiven |= ROBOTS_AGENT_CUT;
    break;
  }
  case ROBOTS_ALLOW:
  case ROBOTS_DISALLOW:
    if (sc->group < 0) {
      l.skipped = "rule before any user-agent line";
      break;
    }
    sc->in_rules = 1; /* even a rule that matches nothing ends the agents */
    /* §2.2.2: a path pattern starts with "/" (or a "*" standing for it);
       Google's parser keeps any other, which then matches no path. */
    if (l.value_n && l.value[0] != '/' && l.value[0] != '*')
      l.skipped = has_scheme(l.value, l.value_n)
                      ? "pattern is a URL, not a path: it matches nothing"
                      : "pattern does not start with / or *: it matches "
                        "nothing";
    break;
  case ROBOTS_CRAWL_DELAY:
    if (sc->group < 0) l.skipped = "crawl-delay before any user-agent line";
    else if (!robots_delay_value(l.value, l.value_n, &delay))
      l.skipped = "crawl-delay is not a number of seconds";
    break;
  case ROBOTS_SITEMAP:
    /* §2.3.5: sitemaps belong to no group. */
    l.group = -1;
    if (l.value_n == 0) l.skipped = "empty sitemap";
    break;
  case ROBOTS_UNKNOWN:
    l.skipped = "unknown directive";
    break;
  case ROBOTS_NONE:
    break;
  }
  return sc->fn(sc->arg, &l);
}

/* The bytes to read: all of a file up to ROBOTS_MAX_BYTES; past that,
   up to the end of the last line the limit does not cut. */
static size_t read_limit(const char *txt, size_t n) {
  if (n <= ROBOTS_MAX_BYTES) return n;
  size_t k = ROBOTS_MAX_BYTES;
  if (txt[k] == '\n' || txt[k] == '\r') return k;
  while (k > 0 && txt[k - 1] != '\n' && txt[k - 1] != '\r') k--;
  return k;
}

int robots_scan(const char *txt, size_t n, robots_line_fn fn, void *arg) {
  static const unsigned char BOM[3] = {0xEF, 0xBB, 0xBF};
  scan sc = {fn, arg, -1, 0, 0};
  n = read_limit(txt, n);
  size_t i = 0;
  /* Google's leniency: a UTF-8 BOM, or as much of one as is there. */
  while (i < 3 && i < n && (unsigned char)txt[i] == BOM[i]) i++;
  int no = 0;
  while (1) {
    size_t start = i;
    while (i < n && txt[i] != '\n' && txt[i] != '\r') i++;
    size_t len = i - start;
    int cut = len > ROBOTS_MAX_LINE;
    int rc = line(&sc, ++no, txt + start, cut ? ROBOTS_MAX_LINE : len, cut);
    if (rc) return rc;
    if (i >= n) return 0;
    /* \r\n is one line end */
    if (txt[i] == '\r' && i + 1 < n && txt[i + 1] == '\n') i++;
    i++;
    if (i == n) return 0; /* a final line end ends no line of its own */
  }
}

int robots_delay_value(const char *v, size_t n, double *out) {
  /* digits, at most one '.', and at least one digit: 10, 0.5, .5, 5.;
     at most 32 characters. */
  double x = 0, scale = 1;
  int digits = 0, dot = 0;
  if (n > 32) return 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] == '.' && !dot) {
      dot = 1;
    } else if (v[i] >= '0' && v[i] <= '9') {
      digits++;
      if (dot) {
        scale /= 10;
        x += (v[i] - '0') * scale;
      } else {
        x = x * 10 + (v[i] - '0');
      }
    } else {
      return 0;
    }
  }
  if (!digits || x > 1e15) return 0;
  *out = x;
  return 1;
}
