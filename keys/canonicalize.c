/*
** The canonicalization engine and urlcanon's profiles (see canonicalize.h).
**
** The input is parsed once; the steps then read the parsed record's
** components (url_get_parts) and write the new ones into one scratch buffer,
** one component at a time, and url_build serializes the result.  The
** component functions below take the steps they implement from the mask:
**
**   userinfo  dropped, or decoded repeatedly and re-escaped
**   host      opaque hosts decoded and re-escaped; dots fixed; www stripped;
**             a changed domain goes through the host parser again
**   path      decoded repeatedly, split into segments, "." and ".."
**             resolved, re-escaped, "//" collapsed; then case, session ids,
**             trailing slashes
**   query     decoded and re-escaped whole or per name and value, split into
**             its '&' parts, sorted, session ids stripped
**   fragment  dropped, or decoded repeatedly and re-escaped
**
** Why each rule is what it is: urlcanon's canon.py defines the steps; the
** comments say where a step is completed so that the key stays a fixed
** point (a decoded byte that the WHATWG parser would read as structure is
** escaped again, or given the meaning the parser would give it).
*/
#include "canonicalize.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "host.h"
#include "parse.h"
#include "percent.h"
#include "session_ids.h"
#include "urlencoded.h"
#include "utf8.h"

/*
** The canonicalizers' encode sets: not the Standard's, but Safe Browsing's
** ("percent-escape all characters that are <= ASCII 32, >= 127, '#', or
** '%'") and the few code points that must stay escaped so that a canonical
** URL keeps its structure when parsed again; one class table of them,
** built as core/percent.c builds the Standard's.
*/
#define SB_LO (0x00000001FFFFFFFFULL | URL_BIT('#') | URL_BIT('%'))
#define SB_HI (URL_BITH(0x7F))
enum {
  CK_SB = 1 << 0,          /* Safe Browsing's set (google, IA) */
  CK_PATH = 1 << 1,        /* + '?': urlcanon's "less dumb" path set */
  CK_TOKEN = 1 << 2,       /* + '&' '=': a query name or value (semantic) */
  CK_OPAQUE_HOST = 1 << 3, /* + the forbidden host code points */
  CK_USERNAME = 1 << 4,    /* + '/' '\' '?' '@' ':' */
  CK_PASSWORD = 1 << 5,    /* + '/' '\' '?' '@' */
  CK_BACKSLASH = 1 << 6    /* '\' alone: a separator in special paths */
};
#define PATH_LO (SB_LO | URL_BIT('?'))
#define PATH_HI SB_HI
#define TOKEN_LO (SB_LO | URL_BIT('&') | URL_BIT('='))
#define TOKEN_HI SB_HI
#define OPAQUE_HOST_LO \
  (SB_LO | URL_BIT('/') | URL_BIT(':') | URL_BIT('<') | URL_BIT('>') | URL_BIT('?'))
#define OPAQUE_HOST_HI                                                \
  (SB_HI | URL_BITH('@') | URL_BITH('[') | URL_BITH('\\') | URL_BITH(']') | \
   URL_BITH('^') | URL_BITH('|'))
#define PASSWORD_LO (SB_LO | URL_BIT('/') | URL_BIT('?'))
#define PASSWORD_HI (SB_HI | URL_BITH('@') | URL_BITH('\\'))
#define USERNAME_LO (PASSWORD_LO | URL_BIT(':'))
#define USERNAME_HI PASSWORD_HI
#define KC(c)                                                       \
  (uint16_t)(URL_IN_SET(SB, c) * CK_SB | URL_IN_SET(PATH, c) * CK_PATH | \
             URL_IN_SET(TOKEN, c) * CK_TOKEN |                      \
             URL_IN_SET(OPAQUE_HOST, c) * CK_OPAQUE_HOST |          \
             URL_IN_SET(USERNAME, c) * CK_USERNAME |                \
             URL_IN_SET(PASSWORD, c) * CK_PASSWORD |                \
             ((c) == '\\') * CK_BACKSLASH)
static const uint16_t canon_class[256] = URL_CLASS_TABLE(KC);

#define STACK 4096 /* bytes of stack per scratch buffer: no heap for inputs of a few kB */

/* ------------------------------------------------------------ profiles */

#define GOOGLE_STEPS                                                          \
  (URL_CS_DEFAULT_HTTP | URL_CS_USERINFO_RECODE | URL_CS_HOST_RECODE |        \
   URL_CS_HOST_FIX_DOTS | URL_CS_PATH_RECODE | URL_CS_PATH_QMARK |            \
   URL_CS_PATH_COLLAPSE_SPECIAL | URL_CS_QUERY_RECODE | URL_CS_FRAGMENT_DROP)
#define SEMANTIC_COMMON_STEPS                                                 \
  (URL_CS_DEFAULT_HTTP | URL_CS_USERINFO_DROP | URL_CS_HOST_RECODE |          \
   URL_CS_HOST_FIX_DOTS | URL_CS_PATH_RECODE | URL_CS_PATH_SEMANTIC |         \
   URL_CS_PATH_QMARK |                                                        \
   URL_CS_PATH_COLLAPSE_SPECIAL | URL_CS_QUERY_RECODE_TOKENS |                \
   URL_CS_QUERY_SORT)
#define SEMANTIC_STEPS (SEMANTIC_COMMON_STEPS | URL_CS_FRAGMENT_DROP)
#define AGGRESSIVE_STEPS                                                      \
  (SEMANTIC_STEPS | URL_CS_HTTPS_TO_HTTP | URL_CS_HOST_STRIP_WWW |            \
   URL_CS_PATH_LOWER | URL_CS_PATH_SESSION | URL_CS_PATH_TRAILING_SLASHES |   \
   URL_CS_QUERY_AGGRESSIVE | URL_CS_QUERY_DROP_EMPTY)

const char *const url_canon_profile_names[URL_CANON_PROFILES] = {
    [URL_CANON_WHATWG] = "whatwg",
    [URL_CANON_GOOGLE] = "google",
    [URL_CANON_SEMANTIC_PRECISE] = "semantic_precise",
    [URL_CANON_SEMANTIC] = "semantic",
    [URL_CANON_AGGRESSIVE] = "aggressive",
};

static const uint32_t PROFILE_STEPS[URL_CANON_PROFILES] = {
    [URL_CANON_WHATWG] = 0,
    [URL_CANON_GOOGLE] = GOOGLE_STEPS,
    [URL_CANON_SEMANTIC_PRECISE] = SEMANTIC_COMMON_STEPS | URL_CS_FRAGMENT_RECODE,
    [URL_CANON_SEMANTIC] = SEMANTIC_STEPS,
    [URL_CANON_AGGRESSIVE] = AGGRESSIVE_STEPS,
};

const char url_canon_profile_list[] =
    "'whatwg', 'google', 'semantic_precise', 'semantic', 'aggressive'";

static int lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? c | 0x20 : c; }

int url_canon_profile_lookup(const char *name, size_t n) {
  return url_names_index(url_canon_profile_names, URL_CANON_PROFILES, name, n);
}

const char *url_canon_profile_name(url_canon_profile p) {
  return p < URL_CANON_PROFILES ? url_canon_profile_names[p] : NULL;
}

uint32_t url_canon_profile_steps(url_canon_profile p) {
  return p < URL_CANON_PROFILES ? PROFILE_STEPS[p] : 0;
}

/* ----------------------------------------------------------- utilities */

/* Eight bytes at a time (SWAR): s[i..i+8) as a word, and the high bit of
   each of its bytes equal to c (exact: no borrow between bytes). */
static uint64_t load8(const char *s) {
  uint64_t w;
  memcpy(&w, s, 8);
  return w;
}
static uint64_t bytes_equal(uint64_t w, unsigned char c) {
  const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
  uint64_t x = w ^ (0x0101010101010101ULL * c);
  return ~(((x & low7) + low7) | x | low7);
}

/* Two c in a row in s[0..n): words overlap by one byte, so that a pair
   across words is seen too; bytes next to each other in a word are next
   to each other in memory whatever the byte order. */
static int has_pair(const char *s, size_t n, unsigned char c) {
  if (n < 8) { /* without a branch per byte: pairs are rare */
    int r = 0;
    for (size_t i = 1; i < n; i++)
      r |= ((unsigned char)s[i] == c) & ((unsigned char)s[i - 1] == c);
    return r;
  }
  for (size_t i = 0;; i += 7) {
    if (i + 8 > n) i = n - 8; /* the last word ends at n, overlapping more */
    uint64_t m = bytes_equal(load8(s + i), c);
    if (m & (m >> 8)) return 1;
    if (i + 8 == n) return 0;
  }
}

/* Strips leading and trailing dots and collapses runs of dots, in place. */
static size_t fix_dots(char *s, size_t n) {
  size_t w = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] != '.' || (w > 0 && s[w - 1] != '.')) s[w++] = s[i];
  if (w > 0 && s[w - 1] == '.') w--;
  return w;
}

/* A leading or trailing dot, or two in a row. */
static int needs_dot_fix(const char *s, size_t n) {
  if (n == 0) return 0;
  return s[0] == '.' || s[n - 1] == '.' || has_pair(s, n, '.');
}

/* Length of a leading "www" [0-9]* "." of s that a label follows, or 0:
   stripping it never leaves an empty host. */
static size_t www_prefix(const char *s, size_t n) {
  if (n < 4 || lower((unsigned char)s[0]) != 'w' ||
      lower((unsigned char)s[1]) != 'w' || lower((unsigned char)s[2]) != 'w')
    return 0;
  size_t i = 3;
  while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  return i + 1 < n && s[i] == '.' ? i + 1 : 0;
}

/* Length of the leading "www." labels of s that the steps st strip:
   urlcanon strips one; STRIP_WWW every one, so that the key is a fixed
   point ("www.www.example" -> "example"). */
static size_t www_labels(const char *s, size_t n, uint32_t st) {
  size_t all = 0;
  for (size_t k; (st & (URL_CS_HOST_STRIP_WWW | URL_CS_HOST_STRIP_WWW_ONCE)) &&
                 (k = www_prefix(s + all, n - all));) {
    all += k;
    if (st & URL_CS_HOST_STRIP_WWW_ONCE) break;
  }
  return all;
}

/* Collapses runs of '/' in s[0..n) in place. */
static size_t collapse_slashes(char *s, size_t n) {
  size_t w = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] != '/' || w == 0 || s[w - 1] != '/') s[w++] = s[i];
  return w;
}

static int has_double_slash(const char *s, size_t n) {
  return has_pair(s, n, '/');
}

/* ------------------------------------------------------------- engine */

/* Where a new component lives in the scratch buffer (offsets: it grows). */
typedef struct span {
  size_t at, n;
  int null;
} span;

typedef struct canon {
  const url *src;
  url_parts in;      /* the parsed components */
  uint32_t steps;
  url_buf work;      /* the new components, back to back */
  url_buf tmp;       /* decoded bytes */
  url_search_params qp; /* query parts (initialised by do_query) */
  int qp_used;
  char work_st[STACK], tmp_st[STACK], qp_st[STACK];
  url_sp_pair pair_st[64];
} canon;

static span begin(canon *c) { return (span){c->work.len, 0, 0}; }
static void end(canon *c, span *s) { s->n = c->work.len - s->at; }

static void copy(canon *c, span *s, url_str v) {
  *s = begin(c);
  s->null = v.s == NULL;
  url_buf_append(&c->work, v.s, v.n);
  end(c, s);
}

/*
** Decodes s[0..n) repeatedly and escapes the bytes of `mask` into dst.
** Without '%' decoding changes nothing, so s is escaped as is.
*/
static void recode(canon *c, url_buf *dst, const char *s, size_t n,
                   uint16_t mask) {
  if (memchr(s, '%', n)) {
    c->tmp.len = 0;
    url_pct_decode_repeatedly(&c->tmp, s, n);
    if (c->tmp.err) {
      dst->err = c->tmp.err;
      return;
    }
    s = c->tmp.ptr;
    n = c->tmp.len;
  }
  url_pct_encode_class(dst, s, n, canon_class, mask);
}

static void do_userinfo(canon *c, span *user, span *pass) {
  if (c->steps & URL_CS_USERINFO_DROP) {
    *user = *pass = (span){c->work.len, 0, 0};
  } else if (c->steps & URL_CS_USERINFO_RECODE) {
    /* Safe Browsing's set, plus what would end the userinfo early. */
    *user = begin(c);
    recode(c, &c->work, c->in.username.s, c->in.username.n, CK_USERNAME);
    end(c, user);
    *pass = begin(c);
    recode(c, &c->work, c->in.password.s, c->in.password.n, CK_PASSWORD);
    end(c, pass);
  } else {
    copy(c, user, c->in.username);
    copy(c, pass, c->in.password);
  }
}

/*
** A domain after its dots were fixed or "www." stripped goes through the
** host parser again (so "1.2.3.4.." ends as the IPv4 address 1.2.3.4, and a
** file URL's "localhost" as the empty host).  If the new name is no host
** (empty, or numeric but not IPv4), the old one stays.
*/
static int reparse_domain(canon *c, span *h, const char *s, size_t n) {
  size_t at = c->work.len;
  url_host_type t = URL_HOST_EMPTY;
  int file = c->in.scheme_type == URL_SCHEME_FILE;
  int rc = n ? url_host_parse(s, n, 0, &c->work, &t)
             : file ? URL_OK : URL_FAILURE;
  if (rc != URL_OK && rc != URL_FAILURE) return rc;
  if (rc == URL_FAILURE) {
    url_buf_truncate(&c->work, at);
    copy(c, h, c->in.host);
    return c->work.err;
  }
  c->in.host_type = t;
  if (file && c->work.len - at == 9 &&
      !memcmp(c->work.ptr + at, "localhost", 9)) {
    url_buf_truncate(&c->work, at);
    c->in.host_type = URL_HOST_EMPTY;
  }
  *h = (span){at, c->work.len - at, 0};
  return c->work.err;
}

static int do_host(canon *c, span *h) {
  url_str host = c->in.host;
  uint32_t st = c->steps;
  if (!host.s || (c->in.host_type != URL_HOST_DOMAIN &&
                  c->in.host_type != URL_HOST_OPAQUE)) {
    copy(c, h, host);
    return c->work.err;
  }
  int opaque = c->in.host_type == URL_HOST_OPAQUE;
  int dots = (st & URL_CS_HOST_FIX_DOTS) && needs_dot_fix(host.s, host.n);
  size_t www = st & (URL_CS_HOST_STRIP_WWW | URL_CS_HOST_STRIP_WWW_ONCE)
                   ? www_prefix(host.s, host.n) : 0;
  if (!opaque && !dots && !www) { /* the usual case: nothing to do */
    copy(c, h, host);
    return c->work.err;
  }
  /* A mutable copy: decoded, for an opaque host. */
  c->tmp.len = 0;
  if (opaque && (st & URL_CS_HOST_RECODE))
    url_pct_decode_repeatedly(&c->tmp, host.s, host.n);
  else
    url_buf_append(&c->tmp, host.s, host.n);
  if (c->tmp.err) return c->tmp.err;
  char *s = c->tmp.ptr;
  size_t n = c->tmp.len;
  if (opaque && (st & URL_CS_HOST_LOWER)) url_ascii_lower_n(s, n);
  if ((st & URL_CS_HOST_FIX_DOTS) && (dots || opaque)) n = fix_dots(s, n);
  size_t k = www_labels(s, n, st);
  memmove(s, s + k, n - k);
  n -= k;
  /* Without its "www." labels a domain stays a valid domain with the same
     last label (so no IPv4 address): only fixed dots need the parser. */
  if (!opaque && dots) return reparse_domain(c, h, s, n);
  if (!opaque) {
    *h = begin(c);
    if (!(c->in.scheme_type == URL_SCHEME_FILE && n == 9 &&
          !memcmp(s, "localhost", 9)))
      url_buf_append(&c->work, s, n);
    else
      c->in.host_type = URL_HOST_EMPTY;
    end(c, h);
    return c->work.err;
  }
  /* An empty host cannot have credentials or a port: keep the old one. */
  if (n == 0 && (c->in.port >= 0 || (!(st & URL_CS_USERINFO_DROP) &&
                                      url_has_credentials(c->src)))) {
    copy(c, h, host);
    return c->work.err;
  }
  /* An opaque host escapes what the opaque-host parser would refuse. */
  *h = begin(c);
  url_pct_encode_class(&c->work, s, n, canon_class,
                       st & URL_CS_HOST_RECODE ? CK_OPAQUE_HOST : 0);
  end(c, h);
  if (h->n == 0) c->in.host_type = URL_HOST_EMPTY;
  return c->work.err;
}

/* The escape set of path bytes for these steps. */
static uint16_t path_mask(const canon *c) {
  /* A decoded '?' would start a query: urlcanon's semantic set escapes it,
     and google does too, so that its key is a fixed point (Safe Browsing's
     set alone would leave it; the surt library does). */
  uint16_t m = c->steps & URL_CS_PATH_QMARK ? CK_PATH : CK_SB;
  /* In a special path a decoded '\' would read as '/': google and the
     Wayback keep it escaped (semantic makes it a '/' instead). */
  if (url_is_special(c->src)) m |= CK_BACKSLASH;
  return m;
}

/* path_segments of a rewritten list path: counted when a URL is built. */
#define SEGMENTS_UNKNOWN UINT32_MAX

/* Removes the last segment of the path work[base..). */
static void pop_segment(canon *c, size_t base) {
  size_t k = c->work.len;
  while (k > base && c->work.ptr[k - 1] != '/') k--;
  if (k > base) url_buf_truncate(&c->work, k - 1);
}

/*
** A list path, decoded: its segments (split at '/', and '\' in a special
** path under the semantic steps), "." and ".." resolved as the URL parser
** resolves them, each escaped.  Empty segments stay; collapsing comes next.
*/
static void put_segments(canon *c, const char *s, size_t n) {
  size_t base = c->work.len, count = 0;
  int bs = (c->steps & URL_CS_PATH_SEMANTIC) && url_is_special(c->src);
  uint16_t mask = path_mask(c) & (uint16_t)~(bs ? CK_BACKSLASH : 0);
  for (size_t i = 1; i <= n;) { /* s[0] is '/' */
    size_t j = i;
    while (j < n && s[j] != '/' && !(bs && s[j] == '\\')) j++;
    const char *seg = s + i;
    size_t len = j - i;
    int last = j >= n;
    int dot = len == 1 && seg[0] == '.';
    int dotdot = len == 2 && seg[0] == '.' && seg[1] == '.';
    if (dotdot && count > 0) {
      pop_segment(c, base);
      count--;
    }
    if (!dot && !dotdot) {
      url_buf_putc(&c->work, '/');
      url_pct_encode_class(&c->work, seg, len, canon_class, mask);
      count++;
    } else if (last) {
      url_buf_putc(&c->work, '/');
      count++;
    }
    i = j + 1;
  }
}

/* The WHATWG parser turns a file URL's first segment "C|" into "C:". */
static void fix_drive_letter(char *p, size_t n) {
  if (n >= 3 && p[0] == '/' && (unsigned)(lower((unsigned char)p[1]) - 'a') < 26 &&
      p[2] == '|' && (n == 3 || p[3] == '/'))
    p[2] = ':';
}

static int do_path(canon *c, span *out, uint32_t *segments) {
  url_str path = c->in.path;
  uint32_t st = c->steps;
  *segments = c->in.path_segments;
  if (!(st & URL_CS_PATH_RECODE)) {
    copy(c, out, path);
    return c->work.err;
  }
  *out = begin(c);
  int recount = 1; /* the segments must be counted again */
  if (c->in.opaque_path) {
    /* Decoded, an opaque path must not begin with '/' (it would be read as
       a list path, or an authority). */
    c->tmp.len = 0;
    url_pct_decode_repeatedly(&c->tmp, path.s, path.n);
    if (c->tmp.err) return c->tmp.err;
    const char *s = c->tmp.ptr;
    size_t n = c->tmp.len;
    if (n && s[0] == '/') {
      url_buf_append(&c->work, "%2F", 3);
      s++, n--;
    }
    url_pct_encode_class(&c->work, s, n, canon_class, path_mask(c));
  } else if (!memchr(path.s, '%', path.n)) {
    /* Nothing to decode: the parser's path has no dot segments and nothing
       left to escape. */
    url_buf_append(&c->work, path.s, path.n);
    recount = 0;
  } else {
    c->tmp.len = 0;
    url_pct_decode_repeatedly(&c->tmp, path.s, path.n);
    if (c->tmp.err) return c->tmp.err;
    put_segments(c, c->tmp.ptr, c->tmp.len);
  }
  if (c->work.err) return c->work.err;
  char *p = c->work.ptr + out->at;
  size_t n = c->work.len - out->at;
  int has_host = c->in.host.s && c->in.host.n;
  if (!c->in.opaque_path) {
    if ((((st & URL_CS_PATH_COLLAPSE_SPECIAL) && url_is_special(c->src)) ||
         ((st & URL_CS_PATH_COLLAPSE_HOST) && has_host)) &&
        has_double_slash(p, n)) {
      n = collapse_slashes(p, n);
      recount = 1;
    }
    if (c->in.scheme_type == URL_SCHEME_FILE) fix_drive_letter(p, n);
  }
  if (st & URL_CS_PATH_LOWER) url_ascii_lower_n(p, n);
  if (st & URL_CS_PATH_SESSION_IA) n = url_sid_strip_path_ia(p, n);
  if ((st & URL_CS_PATH_TRAILING_SLASH) && n > 1 && p[n - 1] == '/') n--;
  /* aggressive: a stripped slash may uncover a session id and the other
     way round; until neither changes anything, so that the key is a fixed
     point (urlcanon runs each once). */
  for (size_t before = n + 1; n != before;) {
    before = n;
    if (st & URL_CS_PATH_SESSION) n = url_sid_strip_path(p, n);
    if (st & URL_CS_PATH_TRAILING_SLASHES)
      while (n > 1 && p[n - 1] == '/') n--;
  }
  url_buf_truncate(&c->work, out->at + n);
  if (st & (URL_CS_PATH_SESSION | URL_CS_PATH_SESSION_IA |
            URL_CS_PATH_TRAILING_SLASH | URL_CS_PATH_TRAILING_SLASHES))
    recount = 1;
  if ((st & URL_CS_PATH_EMPTY_SLASH) && has_host && n == 0 &&
      !c->in.opaque_path) {
    url_buf_putc(&c->work, '/');
    recount = 1;
  }
  end(c, out);
  if (!c->in.opaque_path && recount) *segments = SEGMENTS_UNKNOWN;
  return c->work.err;
}

/* --------------------------------------------------------------- query */

/* One '&' part of the query text: [name, name + name_len) and, after '=',
   [value, value + value_len); value_len == UINT32_MAX: no '='. */
#define NO_VALUE UINT32_MAX

static size_t part_len(const url_sp_pair *p) {
  return p->value_len == NO_VALUE ? p->name_len : p->name_len + 1 + p->value_len;
}

static int bytes_cmp(const char *a, size_t an, const char *b, size_t bn) {
  int r = memcmp(a, b, an < bn ? an : bn);
  return r ? r : (an > bn) - (an < bn);
}

/* urlcanon: whole parts as bytes. */
static int part_cmp(const char *text, const url_sp_pair *a,
                    const url_sp_pair *b) {
  return bytes_cmp(text + a->name, part_len(a), text + b->name, part_len(b));
}

/* The Wayback: (name,) before (name, value); then values. */
static int pair_cmp(const char *text, const url_sp_pair *a,
                    const url_sp_pair *b) {
  int r = bytes_cmp(text + a->name, a->name_len, text + b->name, b->name_len);
  if (r) return r;
  if (a->value_len == NO_VALUE || b->value_len == NO_VALUE)
    return (a->value_len != NO_VALUE) - (b->value_len != NO_VALUE);
  return bytes_cmp(text + a->value, a->value_len, text + b->value, b->value_len);
}

/* Splits the text into its '&' parts, empty ones included. */
static int split_parts(canon *c) {
  url_search_params *q = &c->qp;
  const char *t = q->text.ptr;
  size_t n = q->text.len, i = 0;
  for (;;) {
    const char *amp = memchr(t + i, '&', n - i);
    size_t e = amp ? (size_t)(amp - t) : n;
    const char *eq = memchr(t + i, '=', e - i);
    size_t ne = eq ? (size_t)(eq - t) : e;
    int rc = url_sp_push(q, i, ne - i, ne + 1, eq ? e - ne - 1 : NO_VALUE);
    if (rc) return rc;
    if (e == n) return URL_OK;
    i = e + 1;
  }
}

static int sorted(const url_search_params *q, url_sp_cmp cmp) {
  for (size_t i = 1; i < q->count; i++)
    if (cmp(q->text.ptr, url_sp_at(q, i - 1), url_sp_at(q, i)) > 0) return 0;
  return 1;
}

static int sort_parts(canon *c, url_sp_cmp cmp) {
  return sorted(&c->qp, cmp) ? URL_OK : url_sp_sort_by(&c->qp, cmp);
}

/*
** aggressive: in the order semantic sorted them, drop the parts that are
** session ids (a "cfid=" part with the "cftoken=" part after it), and the
** empty ones.  Returns how many went.
*/
static size_t drop_session_parts(canon *c) {
  url_search_params *q = &c->qp;
  url_sp_pair *t = (url_sp_pair *)(void *)q->pairs.ptr;
  const char *text = q->text.ptr;
  size_t w = 0;
  for (size_t r = 0; r < q->count; r++) {
    const char *s = text + t[r].name;
    size_t n = part_len(&t[r]);
    if (n == 0 || url_sid_part(s, n)) continue;
    if (r + 1 < q->count &&
        url_sid_cfid_pair(s, n, text + t[r + 1].name, part_len(&t[r + 1]))) {
      r++;
      continue;
    }
    t[w++] = t[r];
  }
  size_t gone = q->count - w;
  q->count = w;
  q->pairs.len = w * sizeof *t;
  return gone;
}

/* The query parts' list, over the scratch storage. */
static url_search_params *qp_start(canon *c) {
  url_sp_init(&c->qp, c->work.mem, c->qp_st, sizeof c->qp_st, c->pair_st,
              sizeof c->pair_st / sizeof c->pair_st[0], c->work.max);
  c->qp_used = 1;
  return &c->qp;
}

/* The parts in their order, joined with '&', into d (at most the text's
   length); returns the length written. */
static size_t join_parts(const url_search_params *qp, char *d) {
  char *w = d;
  for (size_t i = 0; i < qp->count; i++) {
    const url_sp_pair *p = url_sp_at(qp, i);
    size_t n = part_len(p);
    if (i) *w++ = '&';
    memcpy(w, qp->text.ptr + p->name, n);
    w += n;
  }
  return (size_t)(w - d);
}

/* What a query holds, for the tests of its steps (query_traits). */
enum { Q_PCT = 1, Q_UPPER = 2, Q_EQ2 = 4 /* a part with two '=' */ };

/* query_traits of s[i..n), byte by byte; *open: an '=' since the last '&'. */
static unsigned traits_tail(const char *s, size_t i, size_t n, int *open) {
  unsigned t = 0;
  for (; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    t |= (ch == '%' ? Q_PCT : 0) | ((unsigned)(ch - 'A') < 26 ? Q_UPPER : 0);
    if (ch == '=') {
      if (*open) t |= Q_EQ2;
      *open = 1;
    } else if (ch == '&') {
      *open = 0;
    }
  }
  return t;
}

/* The Q_ traits of the query s[0..n), in one pass (sixteen bytes at a
   time with SSE2: '=' and '&' are in most words of a query, so a branch
   per byte mispredicts). */
static unsigned query_traits(const char *s, size_t n) {
  unsigned t = 0;
  int open = 0;
  size_t i = 0;
#ifdef __SSE2__
  for (; i + 16 <= n; i += 16) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    /* 'A'..'Z' moved to the 26 lowest signed bytes */
    __m128i up = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x80 - 'A')),
                                _mm_set1_epi8(-128 + 26));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%')))) t |= Q_PCT;
    if (_mm_movemask_epi8(up)) t |= Q_UPPER;
    unsigned eq = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('=')));
    unsigned amp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('&')));
    for (; eq; eq &= eq - 1) { /* each '=', first to last */
      unsigned below = (eq & (0u - eq)) - 1;
      if (amp & below) open = 0; /* an '&' since the last '=' */
      if (open) t |= Q_EQ2;
      open = 1;
      amp &= ~below;
    }
    if (amp) open = 0;
  }
#endif
  return t | traits_tail(s, i, n, &open);
}

/*
** Per-token recoding changes nothing in a query without '%' whose parts
** have at most one '=' each (the parser escaped every other byte of the set,
** and '&' cannot be in a token).
*/
static int tokens_as_they_are(url_str q) {
  return !(query_traits(q.s, q.n) & (Q_PCT | Q_EQ2));
}

/* Writes the query into the list's text buffer, recoded. */
static void put_query_text(canon *c, url_str q) {
  url_buf *text = &c->qp.text;
  if ((c->steps & URL_CS_QUERY_RECODE_TOKENS) && !tokens_as_they_are(q)) {
    for (size_t i = 0;;) {
      const char *amp = memchr(q.s + i, '&', q.n - i);
      size_t e = amp ? (size_t)(amp - q.s) : q.n;
      const char *eq = memchr(q.s + i, '=', e - i);
      size_t ne = eq ? (size_t)(eq - q.s) : e;
      recode(c, text, q.s + i, ne - i, CK_TOKEN);
      if (eq) {
        url_buf_putc(text, '=');
        recode(c, text, eq + 1, e - ne - 1, CK_TOKEN);
      }
      if (e == q.n) break;
      url_buf_putc(text, '&');
      i = e + 1;
    }
  } else if ((c->steps & URL_CS_QUERY_RECODE) && memchr(q.s, '%', q.n)) {
    /* (Without '%' the parser's query has nothing left to escape: it
       escaped every byte of the set but '%', and '#' ends it.) */
    recode(c, text, q.s, q.n, CK_SB);
  } else {
    url_buf_append(text, q.s, q.n);
  }
}

static int do_query(canon *c, span *out) {
  url_str q = c->in.query;
  uint32_t st = c->steps;
  if (!q.s || !(st & (URL_CS_QUERY_RECODE | URL_CS_QUERY_RECODE_TOKENS |
                      URL_CS_QUERY_SORT | URL_CS_QUERY_SORT_PAIRS |
                      URL_CS_QUERY_LOWER | URL_CS_QUERY_SESSION_IA |
                      URL_CS_QUERY_DROP_EMPTY))) {
    copy(c, out, q);
    return c->work.err;
  }
  url_search_params *qp = qp_start(c);
  put_query_text(c, q);
  int rc = url_sp_error(qp);
  if (rc) return rc;
  if (st & URL_CS_QUERY_SESSION_IA)
    qp->text.len = url_sid_strip_query_ia(qp->text.ptr, qp->text.len);
  if (st & URL_CS_QUERY_LOWER)
    url_ascii_lower_n(qp->text.ptr, qp->text.len);
  *out = begin(c);
  if (!(st & (URL_CS_QUERY_SORT | URL_CS_QUERY_SORT_PAIRS)) ||
      (!(st & URL_CS_QUERY_AGGRESSIVE) &&
       !memchr(qp->text.ptr, '&', qp->text.len))) { /* one part: sorted */
    url_buf_append(&c->work, qp->text.ptr, qp->text.len);
  } else {
    if ((rc = split_parts(c)) != URL_OK) return rc;
    if (st & URL_CS_QUERY_SORT) rc = sort_parts(c, part_cmp);
    if (rc == URL_OK && (st & URL_CS_QUERY_AGGRESSIVE)) {
      /* Dropping a cfid/cftoken pair, or sorting the lowercase parts again,
         may make a new pair adjacent: drop until nothing goes (a removal
         keeps the order sorted), so that the key is a fixed point. */
      url_ascii_lower_n(qp->text.ptr, qp->text.len);
      while (drop_session_parts(c)) {}
      rc = sort_parts(c, part_cmp);
      while (rc == URL_OK && drop_session_parts(c)) {}
    }
    if (rc == URL_OK && (st & URL_CS_QUERY_SORT_PAIRS))
      rc = sort_parts(c, pair_cmp);
    if (rc || (rc = url_buf_reserve(&c->work, qp->text.len))) return rc;
    c->work.len += join_parts(qp, c->work.ptr + c->work.len);
  }
  end(c, out);
  if ((st & URL_CS_QUERY_DROP_EMPTY) && out->n == 0) out->null = 1;
  return c->work.err;
}

static void do_fragment(canon *c, span *out) {
  url_str f = c->in.fragment;
  if (!f.s || (c->steps & URL_CS_FRAGMENT_DROP)) {
    *out = (span){c->work.len, 0, 1};
  } else if (c->steps & URL_CS_FRAGMENT_RECODE) {
    *out = begin(c);
    recode(c, &c->work, f.s, f.n, CK_SB);
    end(c, out);
  } else {
    copy(c, out, f);
  }
}

static url_str at(const canon *c, const span *s) {
  if (s->null) return (url_str){NULL, 0};
  return (url_str){s->n ? c->work.ptr + s->at : "", s->n};
}

/* The steps on the parsed URL c->src: the new components into *p (slices
   of c->work and c->src). */
static int transform(canon *c, url_parts *out) {
  url_get_parts(c->src, &c->in);
  span user, pass, host, path, query, frag;
  uint32_t segments;
  do_userinfo(c, &user, &pass);
  int rc = do_host(c, &host);
  if (rc == URL_OK) rc = do_path(c, &path, &segments);
  if (rc == URL_OK) rc = do_query(c, &query);
  if (rc != URL_OK) return rc;
  do_fragment(c, &frag);
  if (c->work.err) return c->work.err;
  url_parts p = c->in;
  if ((c->steps & URL_CS_HTTPS_TO_HTTP) && p.scheme_type == URL_SCHEME_HTTPS) {
    p.scheme = (url_str){"http", 4};
    p.scheme_type = URL_SCHEME_HTTP;
    if (p.port == 80) p.port = -1;
  }
  p.username = at(c, &user);
  p.password = at(c, &pass);
  p.host = at(c, &host);
  p.host_type = c->in.host_type;
  p.path = at(c, &path);
  p.path_segments = segments;
  p.query = at(c, &query);
  p.fragment = at(c, &frag);
  *out = p;
  return URL_OK;
}

/* ------------------------------------------------------------- input */

static int is_tab_newline(unsigned char c) { return c == 9 || c == 10 || c == 13; }

/* in[0..n) begins with a scheme and ':' (tabs and newlines skipped). */
static int has_scheme(const char *in, size_t n) {
  size_t i = 0, len = 0;
  for (; i < n; i++) {
    unsigned char ch = (unsigned char)in[i];
    if (is_tab_newline(ch)) continue;
    int alpha = (unsigned)(lower(ch) - 'a') < 26;
    if (ch == ':') return len > 0;
    if (!(alpha || (len && ((ch >= '0' && ch <= '9') || ch == '+' ||
                            ch == '-' || ch == '.'))))
      return 0;
    len++;
  }
  return 0;
}

/* Length of a leading "http://" or "https://" of s (tabs and newlines
   inside it skipped, as the parser will remove them), or 0. */
static size_t starts_protocol(const char *s, size_t n) {
  static const char P[] = "https://";
  if (n == 0 || (s[0] != 'h' && !is_tab_newline((unsigned char)s[0]))) return 0;
  if (n >= 8 && !memcmp(s, P, 8)) return 8;
  if (n >= 7 && !memcmp(s, "http://", 7)) return 7;
  size_t i = 0, k = 0;
  for (; i < n && k < 8; i++) {
    if (is_tab_newline((unsigned char)s[i])) continue;
    if (k == 4 && s[i] == ':') k++; /* "http:" */
    if (s[i] != P[k]) return 0;
    k++;
  }
  return k == 8 ? i : 0;
}

/* A relative reference: what a link's href holds when it is to be resolved
   against its page ("/about", "//cdn.example/x", "\\x", "../a.png",
   "./a", "?q=1", "#top").  Its scheme, and mostly its host, are its
   page's: it has no key of its own ("http://" in front would make up a
   host: "../a.png" -> "..").  Tested after leading C0 controls and spaces,
   which the parser strips. */
static int is_relative_reference(const char *s, size_t n) {
  return n > 0 && (s[0] == '/' || s[0] == '\\' || s[0] == '.' ||
                   s[0] == '?' || s[0] == '#');
}

/*
** What the parser is given: the input without leading and trailing C0
** controls and spaces, "http://https://x" as "https://x" (the steps say
** which), and "http://" in front of an input without a scheme (copied into
** buf then), unless it is a relative reference (URL_FAILURE).  Tabs and
** newlines are left to the parser.
*/
static int prepare(const char **in, size_t *n, uint32_t steps, url_buf *buf) {
  const char *s = *in;
  size_t len = *n;
  while (len > 0 && (unsigned char)s[0] <= 0x20) s++, len--;
  while (len > 0 && (unsigned char)s[len - 1] <= 0x20) len--;
  if (steps & URL_CS_ONE_PROTOCOL) {
    size_t k;
    while ((k = starts_protocol(s, len)) && starts_protocol(s + k, len - k))
      s += k, len -= k;
  }
  if ((steps & URL_CS_DEFAULT_HTTP) && is_relative_reference(s, len))
    return URL_FAILURE;
  if ((steps & URL_CS_DEFAULT_HTTP) && !has_scheme(s, len)) {
    if (url_buf_reserve(buf, len + 7)) return buf->err;
    memcpy(buf->ptr + 7, s, len);
    memcpy(buf->ptr, "http://", 7);
    buf->len = len + 7;
    s = buf->ptr;
    len = buf->len;
  }
  *in = s;
  *n = len;
  return URL_OK;
}

/* ------------------------------------------------------- the fast path */

/* query_as_is: the query needs nothing, or only its parts reordered. */
enum { QUERY_REWRITE, QUERY_AS_IS, QUERY_REORDER };

/* The order do_query sorts the parts in, or NULL. */
static url_sp_cmp query_cmp(uint32_t st) {
  return st & URL_CS_QUERY_SORT_PAIRS ? pair_cmp
         : st & URL_CS_QUERY_SORT     ? part_cmp
                                      : NULL;
}

/*
** The query q as the steps leave it (QUERY_AS_IS): its parts already in
** order (bytes or (name, value) pairs), and for aggressive, none empty and
** none a session id; QUERY_REORDER when only the order is not (never for
** aggressive, whose drops depend on it).  The parts as url_sp_pairs over q,
** compared as do_query compares.
*/
static int query_as_is(url_str q, uint32_t st) {
  int aggressive = (st & URL_CS_QUERY_AGGRESSIVE) != 0;
  url_sp_cmp cmp = query_cmp(st);
  int as_is = QUERY_AS_IS;
  url_sp_pair prev = {0, 0, 0, 0};
  for (size_t i = 0, k = 0;; k++) {
    const char *amp = memchr(q.s + i, '&', q.n - i);
    size_t e = amp ? (size_t)(amp - q.s) : q.n;
    const char *eq = memchr(q.s + i, '=', e - i);
    size_t ne = eq ? (size_t)(eq - q.s) : e;
    url_sp_pair cur = {(uint32_t)i, (uint32_t)(ne - i), (uint32_t)(ne + 1),
                       eq ? (uint32_t)(e - ne - 1) : NO_VALUE};
    if (aggressive && (e == i || url_sid_part(q.s + i, e - i) ||
                       (k && url_sid_cfid_pair(q.s + prev.name, part_len(&prev),
                                               q.s + i, e - i))))
      return QUERY_REWRITE;
    if (cmp && k && cmp(q.s, &prev, &cur) > 0) {
      if (aggressive) return QUERY_REWRITE;
      as_is = QUERY_REORDER;
    }
    prev = cur;
    if (e == q.n) return as_is;
    i = e + 1;
  }
}

/*
** The light path's one rewrite of the query q (a slice of u's buffer): its
** parts sorted, written back over it (the same bytes, so the same length).
*/
static int reorder_query(canon *c, url_str q) {
  url_search_params *qp = qp_start(c);
  url_buf_append(&qp->text, q.s, q.n);
  int rc = url_sp_error(qp);
  if (rc == URL_OK) rc = split_parts(c);
  if (rc == URL_OK) rc = url_sp_sort_by(qp, query_cmp(c->steps));
  if (rc == URL_OK) join_parts(qp, (char *)q.s);
  return rc;
}

/*
** The light path: when the steps would only drop a fragment, strip leading
** "www." labels, change https to http, lowercase the path (done here, in
** u's own buffer) or strip its trailing slashes, the key's components are
** slices of the parsed URL u: *p gets them, and *key the whole
** serialization when it is a slice too (nothing but a fragment dropped).
** A query whose parts are only out of order is sorted in place, as it has
** the same length.  A test of each step on u's components, erring towards
** "no" (RUN_STEPS); the fuzz target and canon_test hold it to the full run.
** Returns URL_OK, RUN_STEPS or an error.
*/
#define RUN_STEPS (-2)
static int light(canon *c, url *u, url_parts *p, url_str *key) {
  uint32_t st = c->steps;
  if (u->scheme_type == URL_SCHEME_FILE || u->opaque_path ||
      u->host_type == URL_HOST_NONE || u->host_type == URL_HOST_OPAQUE)
    return RUN_STEPS;
  if ((st & (URL_CS_USERINFO_DROP | URL_CS_USERINFO_RECODE)) &&
      url_has_credentials(u))
    return RUN_STEPS;
  url_get_parts(u, p);
  int edited = 0;
  if ((st & URL_CS_HTTPS_TO_HTTP) && p->scheme_type == URL_SCHEME_HTTPS) {
    p->scheme = (url_str){"http", 4};
    p->scheme_type = URL_SCHEME_HTTP;
    if (p->port == 80) p->port = -1;
    edited = 1;
  }
  if (p->host_type == URL_HOST_DOMAIN) {
    url_str h = p->host;
    if ((st & URL_CS_HOST_FIX_DOTS) && needs_dot_fix(h.s, h.n)) return RUN_STEPS;
    /* Without "www." labels a domain stays a domain (do_host). */
    size_t k = www_labels(h.s, h.n, st);
    if (k) {
      p->host = (url_str){h.s + k, h.n - k};
      edited = 1;
    }
  }
  url_str q = p->query;
  int query = QUERY_AS_IS;
  if (q.s) {
    unsigned qt = query_traits(q.s, q.n);
    if (((st & (URL_CS_QUERY_RECODE | URL_CS_QUERY_RECODE_TOKENS)) &&
         (qt & Q_PCT)) ||
        ((st & URL_CS_QUERY_RECODE_TOKENS) && (qt & Q_EQ2)) ||
        ((st & (URL_CS_QUERY_LOWER | URL_CS_QUERY_AGGRESSIVE)) &&
         (qt & Q_UPPER)))
      return RUN_STEPS;
    if ((st & URL_CS_QUERY_SESSION_IA) && url_sid_query_ia_maybe(q.s, q.n))
      return RUN_STEPS;
    if ((st & URL_CS_QUERY_DROP_EMPTY) && q.n == 0) return RUN_STEPS;
    if ((st & (URL_CS_QUERY_SORT | URL_CS_QUERY_SORT_PAIRS |
               URL_CS_QUERY_AGGRESSIVE)) &&
        (query = query_as_is(q, st)) == QUERY_REWRITE)
      return RUN_STEPS;
  }
  url_str f = p->fragment;
  if (f.s && (st & URL_CS_FRAGMENT_RECODE) &&
      (memchr(f.s, '%', f.n) || memchr(f.s, '#', f.n)))
    return RUN_STEPS;
  url_str path = p->path;
  if (st & URL_CS_PATH_RECODE) {
    if (memchr(path.s, '%', path.n)) return RUN_STEPS;
    if ((st & (URL_CS_PATH_COLLAPSE_SPECIAL | URL_CS_PATH_COLLAPSE_HOST)) &&
        has_double_slash(path.s, path.n))
      return RUN_STEPS;
  }
  if (((st & URL_CS_PATH_SESSION) &&
       (memchr(path.s, '(', path.n) || memchr(path.s, ';', path.n))) ||
      ((st & URL_CS_PATH_SESSION_IA) && memchr(path.s, '(', path.n)) ||
      ((st & URL_CS_PATH_EMPTY_SLASH) && path.n == 0))
    return RUN_STEPS;
  /* Past every test: the query's and the path's own edits, in u's buffer. */
  if (query == QUERY_REORDER) {
    int rc = reorder_query(c, (url_str){u->href.ptr + u->query_start + 1, q.n});
    if (rc != URL_OK) return rc;
  }
  if ((st & URL_CS_PATH_LOWER) && url_ascii_has_upper(path.s, path.n)) {
    url_ascii_lower_n(u->href.ptr + u->path_start, path.n);
    edited = 1;
  }
  size_t n = path.n;
  if (st & URL_CS_PATH_TRAILING_SLASHES)
    while (n > 1 && path.s[n - 1] == '/') n--;
  if ((st & URL_CS_PATH_TRAILING_SLASH) && n > 1 && path.s[n - 1] == '/') n--;
  if (n != path.n) {
    p->path.n = n;
    p->path_segments = SEGMENTS_UNKNOWN;
    edited = 1;
  }
  if (f.s && (st & URL_CS_FRAGMENT_DROP)) p->fragment.s = NULL;
  *key = edited ? (url_str){NULL, 0}
         : p->fragment.s ? url_href(u) : url_href_no_fragment(u);
  return URL_OK;
}

/* -------------------------------------------------------------- entries */

/* "http://https://x": the collapsing step has work to do, which the fast
   path would not do. */
static int two_protocols(const char *s, size_t n) {
  size_t k = starts_protocol(s, n);
  return k && starts_protocol(s + k, n - k);
}

/* The profile's input fixes (url_input_fix), before the state machine. */
typedef struct input_fix {
  uint32_t steps;
  url_buf *prep;
} input_fix;

static int fix_input(void *ctx, const char **in, size_t *n) {
  const input_fix *f = ctx;
  return prepare(in, n, f->steps, f->prep);
}

int url_canon_parts(const char *in, size_t n, uint32_t steps,
                    const url_allocator *mem, size_t max, url_canon_use use,
                    void *ctx) {
  char pst[STACK], sst[STACK];
  url_buf prep;
  url src;
  url_input text;
  url_buf_init(&prep, mem, pst, sizeof pst, max);
  url_init(&src, mem, sst, sizeof sst, max);
  /* Most stored URLs are canonical: the parser's fast path takes them as
     they are; the others are repaired, then fixed as the profile says. */
  input_fix f = {steps, &prep};
  const url_input_fix fix = {
      (steps & URL_CS_ONE_PROTOCOL) && two_protocols(in, n), fix_input, &f};
  int rc = url_parse_input(&src, in, n, NULL, &text, &fix);
  url_parts p;
  url_str key = {NULL, 0};
  if (rc == URL_OK && steps == 0) {
    url_get_parts(&src, &p);
    key = url_href(&src);
    rc = use(ctx, &p, key, &src.href);
  } else if (rc == URL_OK) {
    canon c;
    c.src = &src;
    c.steps = steps;
    url_buf_init(&c.work, mem, c.work_st, sizeof c.work_st, max);
    url_buf_init(&c.tmp, mem, c.tmp_st, sizeof c.tmp_st, max);
    c.qp_used = 0;
    rc = steps & URL_CS_NO_FAST_PATH ? RUN_STEPS : light(&c, &src, &p, &key);
    if (rc == RUN_STEPS) {
      rc = transform(&c, &p);
      key = (url_str){NULL, 0};
    }
    if (rc == URL_OK) rc = use(ctx, &p, key, key.s ? &src.href : NULL);
    url_buf_free(&c.work);
    url_buf_free(&c.tmp);
    if (c.qp_used) url_sp_free(&c.qp);
  }
  url_input_free(&text);
  url_free(&src);
  url_buf_free(&prep);
  return rc;
}

/* url_build, counting the segments of a rewritten path first. */
static int build(void *out, const url_parts *p, url_str key, url_buf *b) {
  (void)key, (void)b;
  url_parts q = *p;
  if (q.path_segments == SEGMENTS_UNKNOWN) {
    q.path_segments = 0;
    const char *e = q.path.s + q.path.n;
    for (const char *d = memchr(q.path.s, '/', q.path.n); d;
         d = memchr(d + 1, '/', (size_t)(e - d - 1)))
      q.path_segments++;
  }
  return url_build(out, &q);
}

int url_canon_run(url *out, const char *in, size_t n, uint32_t steps) {
  if (steps == 0) {
    url_input text;
    int rc = url_parse_input(out, in, n, NULL, &text, NULL);
    url_input_free(&text);
    return rc;
  }
  return url_canon_parts(in, n, steps, out->href.mem, out->href.max, build,
                         out);
}

int url_canonicalize(url *out, const char *in, size_t n, url_canon_profile p) {
  return url_canon_run(out, in, n, url_canon_profile_steps(p));
}
