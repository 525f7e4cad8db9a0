/*
** SURT and SSURT keys (see surt.h).
**
** url_surt follows the surt library (internetarchive/surt 0.3.1, the Python
** port of the Wayback Machine's WaybackURLKeyMaker): handyurl.parse's
** input steps (trim, tabs and newlines out, "http://" when there is no
** scheme, "http://https://x" -> "https://x"), then the canonicalizer, then
** geturl_bytes' layout.  The canonicalizer runs on the WHATWG parser's
** record (keys/canonicalize.c) with the steps below, which are the library's
** GoogleURLCanonicalizer followed by its IAURLCanonicalizer.
*/
#include "surt.h"

#include <string.h>

#include "canonicalize.h"
#include "psl.h"
#include "utf8.h"

/* ------------------------------------------------------------- options */

#define DEFAULT_FLAGS                                                         \
  (URL_SURT_SURT | URL_SURT_REVERSE_IPADDR | URL_SURT_HOST_LOWERCASE |        \
   URL_SURT_HOST_MASSAGE | URL_SURT_AUTH_STRIP_USER |                         \
   URL_SURT_AUTH_STRIP_PASS | URL_SURT_PORT_STRIP_DEFAULT |                   \
   URL_SURT_PATH_LOWERCASE | URL_SURT_PATH_STRIP_SESSION_ID |                 \
   URL_SURT_PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY |                          \
   URL_SURT_QUERY_LOWERCASE | URL_SURT_QUERY_STRIP_SESSION_ID |               \
   URL_SURT_QUERY_STRIP_EMPTY | URL_SURT_QUERY_ALPHA_REORDER |                \
   URL_SURT_HASH_STRIP)

static const struct {
  const char *name;
  uint32_t flag;
} OPTIONS[] = {
    {"surt", URL_SURT_SURT},
    {"with_scheme", URL_SURT_WITH_SCHEME},
    {"trailing_comma", URL_SURT_TRAILING_COMMA},
    {"reverse_ipaddr", URL_SURT_REVERSE_IPADDR},
    {"public_suffix", URL_SURT_PUBLIC_SUFFIX},
    {"host_lowercase", URL_SURT_HOST_LOWERCASE},
    {"host_massage", URL_SURT_HOST_MASSAGE},
    {"auth_strip_user", URL_SURT_AUTH_STRIP_USER},
    {"auth_strip_pass", URL_SURT_AUTH_STRIP_PASS},
    {"port_strip_default", URL_SURT_PORT_STRIP_DEFAULT},
    {"path_strip_empty", URL_SURT_PATH_STRIP_EMPTY},
    {"path_lowercase", URL_SURT_PATH_LOWERCASE},
    {"path_strip_session_id", URL_SURT_PATH_STRIP_SESSION_ID},
    {"path_strip_trailing_slash_unless_empty",
     URL_SURT_PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY},
    {"query_lowercase", URL_SURT_QUERY_LOWERCASE},
    {"query_strip_session_id", URL_SURT_QUERY_STRIP_SESSION_ID},
    {"query_strip_empty", URL_SURT_QUERY_STRIP_EMPTY},
    {"query_alpha_reorder", URL_SURT_QUERY_ALPHA_REORDER},
    {"hash_strip", URL_SURT_HASH_STRIP},
    {"heritrix", URL_SURT_HERITRIX},
};
#define N_OPTIONS (sizeof OPTIONS / sizeof OPTIONS[0])

void url_surt_opts_default(url_surt_opts *o) {
  o->flags = DEFAULT_FLAGS;
  o->canonicalizer = URL_SURT_CANON_IA;
}

uint32_t url_surt_option(const char *name, size_t n) {
  for (size_t k = 0; k < N_OPTIONS; k++)
    if (strlen(OPTIONS[k].name) == n && !memcmp(OPTIONS[k].name, name, n))
      return OPTIONS[k].flag;
  return 0;
}

const char *url_surt_option_name(size_t k) {
  return k < N_OPTIONS ? OPTIONS[k].name : NULL;
}

void url_surt_opts_complete(url_surt_opts *o, uint32_t given) {
  /* The Heritrix layout's own defaults (urlcanon's surt(trailing_comma=True,
     with_scheme=True), Heritrix's SURT form): on unless named. */
  if (o->flags & URL_SURT_HERITRIX)
    o->flags |= (URL_SURT_WITH_SCHEME | URL_SURT_TRAILING_COMMA) & ~given;
}

/* ------------------------------------------------------------------ keys */

#define MAX_DOTS 32

/* d[0..n) = s[0..n) for a label: no call for a few bytes, whole words
   (the last one overlapping) where they fit. */
static void copy_label(char *d, const char *s, size_t n) {
  if (n >= 8) {
    for (size_t k = 0; k + 8 < n; k += 8) memcpy(d + k, s + k, 8);
    memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    memcpy(&a, s, 4);
    memcpy(&b, s + n - 4, 4);
    memcpy(d, &a, 4);
    memcpy(d + n - 4, &b, 4);
  } else {
    for (size_t k = 0; k < n; k++) d[k] = s[k];
  }
}

void url_surt_reverse_host(url_buf *out, const char *h, size_t n,
                           int trailing_comma, int swap_commas) {
  if (url_buf_reserve(out, n + 1)) return; /* as long, and maybe a ',' */
  char *d = out->ptr + out->len;
  /* The dots, in one pass without a branch per byte (where they fall is
     unpredictable): dots[k] is written whether or not h[i] is one.  Past
     MAX_DOTS they are looked for backwards. */
  size_t dots[MAX_DOTS + 1], k = 0;
  for (size_t i = 0; i < n && k < MAX_DOTS; i++) {
    dots[k] = i;
    k += h[i] == '.';
  }
  int noted = k < MAX_DOTS;
  for (size_t end = n;;) { /* labels from the last */
    size_t start = end;
    if (noted) start = k ? dots[--k] + 1 : 0;
    else
      while (start > 0 && h[start - 1] != '.') start--;
    copy_label(d, h + start, end - start);
    for (size_t i = 0; swap_commas && i < end - start; i++)
      if (d[i] == ',') d[i] = '.'; /* urlcanon: ',' in a label is '.' */
    d += end - start;
    if (start == 0) break;
    *d++ = ',';
    end = start - 1;
  }
  if (trailing_comma) *d++ = ',';
  out->len = (size_t)(d - out->ptr);
}

/* The canonicalizer steps for these options (see canonicalize.h). */
static uint32_t steps_of(const url_surt_opts *o, int dns) {
  uint32_t f = o->flags;
  if (o->canonicalizer != URL_SURT_CANON_IA)
    return url_canon_profile_steps((url_canon_profile)o->canonicalizer) |
           URL_CS_DEFAULT_HTTP | URL_CS_ONE_PROTOCOL;
  uint32_t st = URL_CS_DEFAULT_HTTP | URL_CS_ONE_PROTOCOL |
                URL_CS_USERINFO_DROP | URL_CS_HOST_RECODE |
                URL_CS_HOST_FIX_DOTS | URL_CS_HOST_LOWER | URL_CS_PATH_RECODE |
                URL_CS_PATH_COLLAPSE_HOST | URL_CS_PATH_EMPTY_SLASH |
                URL_CS_QUERY_RECODE | URL_CS_FRAGMENT_DROP;
  if ((f & URL_SURT_HOST_MASSAGE) && !dns) st |= URL_CS_HOST_STRIP_WWW_ONCE;
  if (f & URL_SURT_PATH_LOWERCASE) st |= URL_CS_PATH_LOWER;
  if (f & URL_SURT_PATH_STRIP_SESSION_ID) st |= URL_CS_PATH_SESSION_IA;
  if (f & URL_SURT_PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY)
    st |= URL_CS_PATH_TRAILING_SLASH;
  if (f & URL_SURT_QUERY_LOWERCASE) st |= URL_CS_QUERY_LOWER;
  if (f & URL_SURT_QUERY_STRIP_SESSION_ID) st |= URL_CS_QUERY_SESSION_IA;
  if (f & URL_SURT_QUERY_ALPHA_REORDER) st |= URL_CS_QUERY_SORT_PAIRS;
  if (f & URL_SURT_QUERY_STRIP_EMPTY) st |= URL_CS_QUERY_DROP_EMPTY;
  return st;
}

/* The input begins with "dns:" (the library keeps "www" of dns records). */
static int is_dns(const char *s, size_t n) {
  while (n > 0 && (unsigned char)s[0] <= 0x20) s++, n--;
  return n >= 4 && (s[0] | 0x20) == 'd' && (s[1] | 0x20) == 'n' &&
         (s[2] | 0x20) == 's' && s[3] == ':';
}

/* ":port" of a URL's port number (-1: none). */
static void put_port(url_buf *out, int32_t port) {
  if (port < 0) return;
  char d[8];
  int k = (int)sizeof d;
  do d[--k] = (char)('0' + port % 10); while ((port /= 10) > 0);
  d[--k] = ':';
  url_buf_append(out, d + k, sizeof d - (size_t)k);
}

/* "?query" and "#fragment" when present. */
static void put_rest(url_buf *out, const url_parts *p) {
  if (p->query.s) {
    url_buf_putc(out, '?');
    url_buf_append(out, p->query.s, p->query.n);
  }
  if (p->fragment.s) {
    url_buf_putc(out, '#');
    url_buf_append(out, p->fragment.s, p->fragment.n);
  }
}

/*
** urlcanon's ParsedUrl.surt(): [scheme ":" slashes "("] host [":" port]
** ")" path...; the host as in SSURT (IP addresses as they are), with the
** trailing comma before the port.
*/
static void heritrix_layout(url_buf *out, const url_parts *p, url_str host,
                            uint32_t f) {
  int with_scheme = (f & URL_SURT_WITH_SCHEME) != 0;
  if (with_scheme) {
    url_buf_append(out, p->scheme.s, p->scheme.n);
    url_buf_putc(out, ':');
    if (p->host.s) url_buf_append(out, "//", 2);
  }
  if (host.n) {
    if (with_scheme) url_buf_putc(out, '(');
    if (p->host_type == URL_HOST_DOMAIN || p->host_type == URL_HOST_OPAQUE)
      url_surt_reverse_host(out, host.s, host.n,
                            (f & URL_SURT_TRAILING_COMMA) != 0, 1);
    else
      url_buf_append(out, host.s, host.n);
    put_port(out, p->port);
    url_buf_putc(out, ')');
  }
  url_buf_append(out, p->path.s, p->path.n);
  put_rest(out, p);
}

typedef struct layout_ctx {
  url_buf *out;
  const url_surt_opts *o;
  const struct url_psl_list *psl;
} layout_ctx;

/* handyurl.geturl_bytes() on the canonical components p. */
static int layout(void *ctx, const url_parts *p, url_str key, url_buf *b) {
  const layout_ctx *lc = ctx;
  (void)key, (void)b;
  url_buf *out = lc->out;
  uint32_t f = lc->o->flags;
  url_str host = p->host;
  int has_host = host.s && host.n > 0;
  if (has_host && (f & URL_SURT_PUBLIC_SUFFIX) && lc->psl) {
    url_str reg;
    int rc = url_psl_registrable_domain(lc->psl, host.s, host.n, p->host_type,
                                        &reg);
    if (rc == URL_OK) host = reg;
    else if (rc != URL_FAILURE) return rc;
  }
  if (f & URL_SURT_HERITRIX) {
    heritrix_layout(out, p, has_host ? host : (url_str){"", 0}, f);
    return out->err;
  }
  int surt = (f & URL_SURT_SURT) != 0;
  if (f & URL_SURT_WITH_SCHEME) {
    url_buf_append(out, p->scheme.s, p->scheme.n);
    url_buf_putc(out, ':');
    if (has_host) {
      if (!(p->scheme.n == 3 && !memcmp(p->scheme.s, "dns", 3)))
        url_buf_append(out, "//", 2);
      if (surt) url_buf_putc(out, '(');
    }
  } else if (!has_host) {
    url_buf_append(out, p->scheme.s, p->scheme.n);
    url_buf_putc(out, ':');
  }
  if (has_host) {
    if (surt && ((f & URL_SURT_REVERSE_IPADDR) || p->host_type != URL_HOST_IPV4))
      url_surt_reverse_host(out, host.s, host.n, 0, 0);
    else
      url_buf_append(out, host.s, host.n);
    put_port(out, p->port);
    if (surt) {
      if (f & URL_SURT_TRAILING_COMMA) url_buf_putc(out, ',');
      url_buf_putc(out, ')');
    }
  }
  url_str path = p->path;
  if ((f & URL_SURT_PATH_STRIP_EMPTY) &&
      lc->o->canonicalizer == URL_SURT_CANON_IA && path.n == 1 &&
      path.s[0] == '/')
    path.n = 0;
  if (path.n) url_buf_append(out, path.s, path.n);
  else if (p->query.s || p->fragment.s) url_buf_putc(out, '/');
  put_rest(out, p);
  return out->err;
}

uint32_t url_surt_steps(const url_surt_opts *o, const char *in, size_t n) {
  return steps_of(o, is_dns(in, n));
}

int url_surt(url_buf *out, const char *in, size_t n, const url_surt_opts *o,
             const struct url_psl_list *psl) {
  if (n == 0) {
    url_buf_putc(out, '-');
    return out->err;
  }
  if (n >= 8 && !memcmp(in, "filedesc", 8)) { /* the key is the input */
    const char *t;
    size_t tn;
    char st[256];
    url_buf fix;
    url_buf_init_like(&fix, out, st, sizeof st, out->max);
    if (url_utf8_sanitize(in, n, &fix, &t, &tn) == URL_OK)
      url_buf_append(out, t, tn);
    if (fix.err) out->err = fix.err;
    url_buf_free(&fix);
    return out->err;
  }
  layout_ctx lc = {out, o, psl};
  return url_canon_parts(in, n, steps_of(o, is_dns(in, n)), out->mem,
                         out->max, layout, &lc);
}

int url_ssurt(url_buf *out, const url *u) {
  url_str scheme = url_scheme(u);
  if (u->host_type != URL_HOST_NONE) {
    url_str host = url_hostname(u), port = url_port(u);
    if (u->host_type == URL_HOST_DOMAIN || u->host_type == URL_HOST_OPAQUE)
      url_surt_reverse_host(out, host.s, host.n, 1, 1);
    else
      url_buf_append(out, host.s, host.n);
    url_buf_append(out, "//", 2);
    if (port.n) {
      url_buf_append(out, port.s, port.n);
      url_buf_putc(out, ':');
    }
    url_buf_append(out, scheme.s, scheme.n);
    if (url_has_credentials(u)) {
      url_str user = url_username(u), pass = url_password(u);
      url_buf_putc(out, '@');
      url_buf_append(out, user.s, user.n);
      if (pass.n) {
        url_buf_putc(out, ':');
        url_buf_append(out, pass.s, pass.n);
      }
    }
  } else {
    url_buf_append(out, scheme.s, scheme.n);
  }
  url_buf_putc(out, ':');
  /* The rest as the serializer writes it: path, query, fragment. */
  url_str href = url_href(u);
  size_t from = u->path_start;
  if (u->host_type == URL_HOST_NONE && !u->opaque_path && from >= 2 &&
      href.s[from - 2] == '/' && href.s[from - 1] == '.')
    from -= 2; /* keep the serializer's "/." before a "//" path */
  url_buf_append(out, href.s + from, href.n - from);
  return out->err;
}
