/*
** libFuzzer target for the URL parser (core/url.c).
**
** The oracle is the Standard's idempotence goal (§4.5: "the URL parser and
** the URL serializer are idempotent") plus the serializer's shape: for every
** successful parse of the input (without a base, against a fixed base, and
** against the input's own URL as the base)
**
**   - href is printable ASCII and re-parses (no base) to the identical href
**     and identical getters;
**   - the URL serializer (§4.5) rebuilt from the getters equals href;
**   - the getters agree with each other (host = hostname[:port], search and
**     hash against the query and fragment, credentials and port only with a
**     non-empty host, special URLs have a host and a list path, ...);
**   - url_origin() works and, for special non-file schemes, is
**     protocol "//" host;
**   - the analytics parts (TLD, host without www, URL hierarchy, file
**     extension) are consistent with the getters;
**   - url_parse's fast path for canonical input (core/parse_fast.c) gives
**     the status, href and offsets url_parse_full gives.
** And for IDNA2008 lookup (parts/idna2008.c) of the input as a domain: an
** accepted name is lowercase letters, digits, '-' and '.', is accepted
** again as itself, and its Unicode form (accepted too) maps back to it.
**
** The validation errors (url_parse_errors) and valid URL strings of every
** one of those parses are checked too (check_errors).
**
** Any violation prints the input and the offending values, then abort()s.
** Input bytes are made valid UTF-8 first (url_parse's precondition), as the
** extension does with its arguments.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canonicalize.h"
#include "host_labels.h"
#include "idna2008.h"
#include "lookup.h"
#include "mem_libc.h"
#include "parse.h"
#include "path_levels.h"
#include "setters.h"
#include "strip_params.h"
#include "surt.h"
#include "url.h"
#include "url_errors.h"
#include "utf8.h"

#define MAX_LEN ((size_t)1 << 20)

static const char BASE[] = "https://user:pass@example.org:8080/a/b?c#d";

static const char *cur_input;
static size_t cur_input_n;
static const char *cur_base;
static size_t cur_base_n;

static void show(const char *label, const char *s, size_t n) {
  fprintf(stderr, "  %-9s ", label);
  if (!s) {
    fputs("(null)\n", stderr);
    return;
  }
  fputc('"', stderr);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fprintf(stderr, "\\%c", c);
    else if (c >= 0x20 && c < 0x7F) fputc(c, stderr);
    else fprintf(stderr, "\\x%02X", c);
  }
  fputs("\"\n", stderr);
}

static void fail(const char *what, const url *u, url_str a, url_str b) {
  fprintf(stderr, "\nurl_fuzz: oracle violation: %s\n", what);
  show("input:", cur_input, cur_input_n);
  show("base:", cur_base, cur_base_n);
  if (u) {
    url_str h = url_href(u);
    show("href:", h.s, h.n);
  }
  show("got:", a.s, a.n);
  show("expected:", b.s, b.n);
  abort();
}

static int eq(url_str a, url_str b) {
  if ((a.s == NULL) != (b.s == NULL)) return 0;
  return a.n == b.n && (a.n == 0 || memcmp(a.s, b.s, a.n) == 0);
}

static int starts(url_str a, const char *p) {
  size_t n = strlen(p);
  return a.n >= n && memcmp(a.s, p, n) == 0;
}

static url_str mk(const char *s, size_t n) { return (url_str){s, n}; }
static url_str cstr(const char *s) { return (url_str){s, strlen(s)}; }
static url_str bstr(const url_buf *b) { return (url_str){b->ptr, b->len}; }
static const url_str NONE = {"", 0};

#define CHECK(cond, what, u, a, b) \
  do {                             \
    if (!(cond)) fail(what, u, a, b); \
  } while (0)

static int default_port(url_scheme_type t) {
  switch (t) {
    case URL_SCHEME_HTTP: case URL_SCHEME_WS: return 80;
    case URL_SCHEME_HTTPS: case URL_SCHEME_WSS: return 443;
    case URL_SCHEME_FTP: return 21;
    default: return -1;
  }
}

/* Every getter of u, for comparing two URLs. */
typedef url_str (*getter)(const url *);
static const struct {
  const char *name;
  getter get;
} GETTERS[] = {
    {"href", url_href},         {"protocol", url_protocol},
    {"username", url_username}, {"password", url_password},
    {"host", url_host},         {"hostname", url_hostname},
    {"port", url_port},         {"pathname", url_pathname},
    {"search", url_search},     {"hash", url_hash},
    {"scheme", url_scheme},     {"query", url_query},
    {"fragment", url_fragment}, {"href_no_fragment", url_href_no_fragment},
};

/* Checks the invariants of a successfully parsed URL. */
/*
** The analytics parts of a valid URL (parts/host_labels.c, path_levels.c;
** those that need no public suffix list): slices of the URL where they
** must be, URL hierarchy levels that are growing prefixes of the href ending
** with the path, one per path segment but a final empty one.
*/
static void check_parts(const url *u) {
  url_str href = url_href(u), h = url_hostname(u), path = url_pathname(u), s;
  if (url_host_tld(h.s, h.n, u->host_type, &s) == URL_OK)
    CHECK(u->host_type == URL_HOST_DOMAIN && s.s >= h.s &&
              s.s + s.n <= h.s + h.n && !memchr(s.s, '.', s.n),
          "tld is not a label of the domain", u, s, h);
  if (url_host_without_www(h.s, h.n, u->host_type, &s) == URL_OK)
    CHECK(u->host_type != URL_HOST_NONE && s.s + s.n == h.s + h.n &&
              (s.n == h.n || s.n == h.n - 4),
          "host without www is not a suffix of the host", u, s, h);
  url_path_levels it;
  url_path_levels_start(&it, u);
  url_str level = {href.s, 0};
  size_t depth, levels = 0, end = 0;
  while (url_path_levels_next(&it, &s, &depth)) {
    CHECK(s.s == href.s && s.n > level.n && depth == levels,
          "URL hierarchy levels do not grow", u, s, level);
    level = s;
    end = s.n;
    levels++;
  }
  size_t want = u->opaque_path ? 0
                : u->path_segments + 1 - (path.n && path.s[path.n - 1] == '/');
  CHECK(levels == want, "URL hierarchy level count", u, level, path);
  CHECK(u->opaque_path || end == u->path_start + path.n,
        "URL hierarchy does not end with the path", u, level, path);
  url_buf ext;
  char est[16];
  url_buf_init(&ext, &url_mem_libc, est, sizeof est, MAX_LEN * 4);
  int rc = url_path_file_extension(u, &ext);
  CHECK(rc == URL_OK || rc == URL_FAILURE, "file extension status", u, NONE, NONE);
  if (rc == URL_OK) {
    url_str e = {ext.ptr, ext.len};
    CHECK(ext.len > 0 && !u->opaque_path &&
              url_utf8_valid_prefix((const unsigned char *)ext.ptr, ext.len) == ext.len,
          "file extension is not valid UTF-8", u, e, path);
    for (size_t i = 0; i < ext.len; i++)
      CHECK(ext.ptr[i] < 'A' || ext.ptr[i] > 'Z', "file extension has uppercase", u, e, path);
  }
  url_buf_free(&ext);
}

static void check_url(const url *u) {
  url_str href = url_href(u);
  CHECK(href.n > 0 && href.n == u->href.len, "href length", u, href, NONE);
  for (size_t i = 0; i < href.n; i++) {
    unsigned char c = (unsigned char)href.s[i];
    CHECK(c >= 0x20 && c < 0x7F, "href is not printable ASCII", u, href, NONE);
  }

  /* Offsets are ordered and inside href. */
  uint32_t len = (uint32_t)href.n;
  CHECK(u->scheme_end < len && href.s[u->scheme_end] == ':',
        "scheme_end", u, href, NONE);
  CHECK(u->scheme_end <= u->username_start &&
            u->username_start <= u->username_end &&
            u->username_end <= u->password_start &&
            u->password_start <= u->password_end &&
            u->password_end <= u->host_start && u->host_start <= u->host_end &&
            u->host_end <= u->authority_end &&
            u->authority_end <= u->path_start && u->path_start <= len,
        "component offsets out of order", u, href, NONE);
  if (u->query_start != URL_NONE)
    CHECK(u->query_start >= u->path_start && u->query_start < len &&
              href.s[u->query_start] == '?',
          "query_start", u, href, NONE);
  if (u->fragment_start != URL_NONE)
    CHECK(u->fragment_start >= u->path_start && u->fragment_start < len &&
              href.s[u->fragment_start] == '#' &&
              (u->query_start == URL_NONE ||
               u->fragment_start > u->query_start),
          "fragment_start", u, href, NONE);

  url_str protocol = url_protocol(u), scheme = url_scheme(u);
  url_str username = url_username(u), password = url_password(u);
  url_str host = url_host(u), hostname = url_hostname(u), port = url_port(u);
  url_str pathname = url_pathname(u), search = url_search(u);
  url_str hash = url_hash(u), query = url_query(u), fragment = url_fragment(u);
  int has_host = u->host_type != URL_HOST_NONE;

  /* Scheme: ASCII lowercase alpha, then alphanumeric + - . */
  CHECK(protocol.n == scheme.n + 1 && eq(mk(protocol.s, scheme.n), scheme) &&
            protocol.s[scheme.n] == ':',
        "protocol vs scheme", u, protocol, scheme);
  CHECK(scheme.n > 0 && scheme.s[0] >= 'a' && scheme.s[0] <= 'z',
        "scheme must start with a lowercase letter", u, scheme, NONE);
  for (size_t i = 0; i < scheme.n; i++) {
    char c = scheme.s[i];
    CHECK((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
              c == '-' || c == '.',
          "scheme code point", u, scheme, NONE);
  }

  /* host = hostname [":" port] */
  {
    url_buf hb;
    char hst[256];
    url_buf_init(&hb, &url_mem_libc, hst, sizeof hst, MAX_LEN * 4);
    url_buf_append(&hb, hostname.s, hostname.n);
    if (port.n) {
      url_buf_putc(&hb, ':');
      url_buf_append(&hb, port.s, port.n);
    }
    CHECK(!hb.err && eq(host, bstr(&hb)), "host != hostname[:port]", u, host,
          bstr(&hb));
    url_buf_free(&hb);
  }

  /* Port: null, or the decimal of a non-default 16-bit number. */
  if (u->port >= 0) {
    char pb[16];
    snprintf(pb, sizeof pb, "%d", (int)u->port);
    CHECK(u->port <= 65535, "port > 65535", u, port, NONE);
    CHECK(eq(port, cstr(pb)), "port getter vs port", u, port, cstr(pb));
    CHECK(u->port != default_port(u->scheme_type), "default port kept", u,
          port, NONE);
  } else {
    CHECK(port.n == 0, "port getter without port", u, port, NONE);
  }

  /* Host kinds. */
  if (!has_host || u->host_type == URL_HOST_EMPTY)
    CHECK(hostname.n == 0, "null/empty host with a hostname", u, hostname,
          NONE);
  else
    CHECK(hostname.n > 0, "non-empty host kind with an empty hostname", u,
          hostname, NONE);
  if (u->host_type == URL_HOST_IPV6)
    CHECK(hostname.n > 2 && hostname.s[0] == '[' &&
              hostname.s[hostname.n - 1] == ']',
          "IPv6 host not bracketed", u, hostname, NONE);
  if (u->host_type == URL_HOST_DOMAIN || u->host_type == URL_HOST_IPV4)
    for (size_t i = 0; i < hostname.n; i++)
      CHECK(!(hostname.s[i] >= 'A' && hostname.s[i] <= 'Z'),
            "uppercase in a domain", u, hostname, NONE);

  /* Credentials and port need a host that is not empty, and not file:. */
  if (username.n || password.n || u->port >= 0)
    CHECK(has_host && u->host_type != URL_HOST_EMPTY &&
              u->scheme_type != URL_SCHEME_FILE,
          "credentials/port without a host (or on file:)", u, href, NONE);

  /* Special URLs: a host (file: may be empty) and a list path "/...". */
  if (url_is_special(u)) {
    CHECK(has_host, "special URL with a null host", u, href, NONE);
    CHECK(!u->opaque_path, "special URL with an opaque path", u, href, NONE);
    CHECK(starts(pathname, "/"), "special URL path not starting with /", u,
          pathname, NONE);
    if (u->scheme_type != URL_SCHEME_FILE)
      CHECK(u->host_type != URL_HOST_EMPTY && u->host_type != URL_HOST_OPAQUE,
            "empty/opaque host in a special non-file URL", u, hostname, NONE);
  } else {
    CHECK(u->host_type != URL_HOST_DOMAIN && u->host_type != URL_HOST_IPV4,
          "domain/IPv4 host in a non-special URL", u, hostname, NONE);
  }
  if (u->opaque_path) {
    CHECK(!has_host, "opaque path with a host", u, href, NONE);
    CHECK(!starts(pathname, "/"), "opaque path starting with /", u, pathname,
          NONE);
  } else if (pathname.n) {
    CHECK(starts(pathname, "/"), "list path not starting with /", u, pathname,
          NONE);
  } else {
    CHECK(has_host, "empty list path without a host", u, href, NONE);
  }

  /* search / hash vs query / fragment. */
  if (query.s && query.n)
    CHECK(search.n == query.n + 1 && search.s[0] == '?' &&
              !memcmp(search.s + 1, query.s, query.n),
          "search vs query", u, search, query);
  else
    CHECK(search.n == 0, "search for a null/empty query", u, search, query);
  if (fragment.s && fragment.n)
    CHECK(hash.n == fragment.n + 1 && hash.s[0] == '#' &&
              !memcmp(hash.s + 1, fragment.s, fragment.n),
          "hash vs fragment", u, hash, fragment);
  else
    CHECK(hash.n == 0, "hash for a null/empty fragment", u, hash, fragment);
  for (size_t i = 0; i < pathname.n; i++)
    CHECK(pathname.s[i] != '?' && pathname.s[i] != '#', "? or # in path", u,
          pathname, NONE);
  for (size_t i = 0; i < query.n; i++)
    CHECK(query.s[i] != '#', "# in query", u, query, NONE);

  /* The URL serializer (§4.5) from the getters. */
  url_buf s;
  char sst[512];
  url_buf_init(&s, &url_mem_libc, sst, sizeof sst, MAX_LEN * 4);
  url_buf_append(&s, protocol.s, protocol.n);
  if (has_host) {
    url_buf_append(&s, "//", 2);
    if (username.n || password.n) {
      url_buf_append(&s, username.s, username.n);
      if (password.n) {
        url_buf_putc(&s, ':');
        url_buf_append(&s, password.s, password.n);
      }
      url_buf_putc(&s, '@');
    }
    url_buf_append(&s, host.s, host.n);
  } else if (!u->opaque_path && starts(pathname, "//")) {
    url_buf_append(&s, "/.", 2);
  }
  url_buf_append(&s, pathname.s, pathname.n);
  if (query.s) {
    url_buf_putc(&s, '?');
    url_buf_append(&s, query.s, query.n);
  }
  if (fragment.s) {
    url_buf_putc(&s, '#');
    url_buf_append(&s, fragment.s, fragment.n);
  }
  CHECK(!s.err, "serializer buffer", u, href, NONE);
  CHECK(eq(bstr(&s), href), "serializer(getters) != href", u, bstr(&s), href);
  url_buf_free(&s);

  url_str nofrag = url_href_no_fragment(u);
  CHECK(nofrag.n == (fragment.s ? href.n - fragment.n - 1 : href.n) &&
            !memcmp(nofrag.s, href.s, nofrag.n),
        "href_no_fragment", u, nofrag, href);

  /* Origin. */
  url_buf o;
  char ost[256];
  url_buf_init(&o, &url_mem_libc, ost, sizeof ost, MAX_LEN * 4);
  int orc = url_origin(u, &o);
  CHECK(orc == URL_OK, "url_origin failed", u, bstr(&o), NONE);
  switch (u->scheme_type) {
    case URL_SCHEME_HTTP: case URL_SCHEME_HTTPS: case URL_SCHEME_WS:
    case URL_SCHEME_WSS: case URL_SCHEME_FTP: {
      url_buf ob;
      char obst[256];
      url_buf_init(&ob, &url_mem_libc, obst, sizeof obst, MAX_LEN * 4);
      url_buf_append(&ob, protocol.s, protocol.n);
      url_buf_append(&ob, "//", 2);
      url_buf_append(&ob, host.s, host.n);
      url_str want = bstr(&ob);
      CHECK(!ob.err && eq(bstr(&o), want), "origin of a special URL", u,
            bstr(&o), want);
      url_buf_free(&ob);
      break;
    }
    case URL_SCHEME_FILE:
      CHECK(eq(bstr(&o), cstr("null")), "origin of file: is opaque", u,
            bstr(&o), cstr("null"));
      break;
    default:
      if (!(scheme.n == 4 && !memcmp(scheme.s, "blob", 4)))
        CHECK(eq(bstr(&o), cstr("null")), "origin of a non-special URL", u,
              bstr(&o), cstr("null"));
      else
        CHECK(eq(bstr(&o), cstr("null")) || starts(bstr(&o), "http"),
              "origin of blob:", u, bstr(&o), NONE);
  }
  url_buf_free(&o);

  check_parts(u);

  /* Idempotence: href re-parses, without a base, to the same URL. */
  url v;
  char vst[64];
  url_init(&v, &url_mem_libc, vst, sizeof vst, MAX_LEN * 4);
  int rc = url_parse(&v, href.s, href.n, NULL);
  CHECK(rc == URL_OK, "href does not re-parse", u, href, NONE);
  for (size_t i = 0; i < sizeof GETTERS / sizeof GETTERS[0]; i++) {
    url_str a = GETTERS[i].get(&v), b = GETTERS[i].get(u);
    if (!eq(a, b)) {
      fprintf(stderr, "\nre-parsed getter: %s\n", GETTERS[i].name);
      fail("re-parsed href differs", u, a, b);
    }
  }
  CHECK(v.host_type == u->host_type && v.port == u->port &&
            v.opaque_path == u->opaque_path &&
            v.scheme_type == u->scheme_type,
        "re-parsed URL kind differs", u, url_href(&v), href);
  url_free(&v);
}

/*
** Validation errors (url_parse_errors) and url_valid_string, given the plain
** parse u (status rc) of the same input: recording changes nothing of the
** result; the failure flag is on the last error exactly when the parse
** failed; positions lie in the input, on the first byte of a code point;
** and a valid URL string parses without validation errors (the Standard:
** "A valid URL string defines what input would not trigger a validation
** error or failure").
*/
static void check_errors(const url *u, int rc, const char *in, size_t n,
                         const url *base) {
  url r;
  char rst[64];
  url_errors e;
  url_init(&r, &url_mem_libc, rst, sizeof rst, MAX_LEN);
  url_errors_init(&e, &url_mem_libc);
  int rrc = url_parse_errors(&r, in, n, base, &e);
  int vrc = url_valid_string(in, n, base, &url_mem_libc);
  const char *bad = NULL;
  if (rrc != rc) bad = "errors: recording changes the status";
  else if (rc == URL_OK && !eq(url_href(&r), url_href(u))) bad = "errors: recording changes href";
  else if (rc == URL_FAILURE && (e.n == 0 || !e.v[e.n - 1].failure)) bad = "errors: failure without a failing error";
  else if (vrc != URL_OK && vrc != URL_FAILURE) bad = "errors: url_valid_string status";
  else if (vrc == URL_OK && (rc != URL_OK || e.n)) bad = "errors: a valid URL string with validation errors";
  for (size_t i = 0; i < e.n && !bad && rrc == rc; i++) {
    size_t p = e.v[i].pos;
    if (e.v[i].failure && (rc != URL_FAILURE || i + 1 != e.n)) bad = "errors: failure flag";
    if (p != URL_NO_POS && (p > n || (p < n && ((unsigned char)in[p] & 0xC0) == 0x80)))
      bad = "errors: position outside the input or inside a code point";
  }
  if (bad) {
    fprintf(stderr, "\nurl_fuzz: oracle violation: %s (status %d, recording %d, valid %d)\n",
            bad, rc, rrc, vrc);
    show("input:", in, n);
    show("base:", cur_base, cur_base_n);
    for (size_t i = 0; i < e.n; i++)
      fprintf(stderr, "  %s at %zd%s\n", url_error_name((url_error_type)e.v[i].type),
              e.v[i].pos == URL_NO_POS ? (ssize_t)-1 : (ssize_t)e.v[i].pos,
              e.v[i].failure ? " (failure)" : "");
    abort();
  }
  url_errors_free(&e);
  url_free(&r);
}

/* Parses in against base; checks the result when it succeeds.  Returns the
   status; on URL_OK the caller owns *u. */
/*
** url_parse (with the fast path for canonical input) and url_parse_full
** (without) give the same status, href and every offset.
*/
static void check_fast_path(const url *u, int rc, const char *in, size_t n,
                            const url *base) {
  url f;
  char st[256];
  url_init(&f, &url_mem_libc, st, sizeof st, MAX_LEN);
  int rf = url_parse_full(&f, in, n, base);
  if (rf != rc) fail("url_parse and url_parse_full disagree on status", u, NONE, NONE);
  if (rc == URL_OK &&
      (!eq(url_href(u), url_href(&f)) || u->scheme_end != f.scheme_end ||
       u->username_start != f.username_start || u->username_end != f.username_end ||
       u->password_start != f.password_start || u->password_end != f.password_end ||
       u->host_start != f.host_start || u->host_end != f.host_end ||
       u->authority_end != f.authority_end || u->path_start != f.path_start ||
       u->query_start != f.query_start || u->fragment_start != f.fragment_start ||
       u->port != f.port || u->path_segments != f.path_segments ||
       u->host_type != f.host_type || u->scheme_type != f.scheme_type ||
       u->opaque_path != f.opaque_path))
    fail("url_parse's fast path differs from url_parse_full", u, url_href(&f),
         url_href(u));
  url_free(&f);
}

static int parse_check(url *u, char *st, size_t cap, const char *in, size_t n,
                       const url *base, const char *base_s, size_t base_n) {
  cur_base = base_s;
  cur_base_n = base_n;
  url_init(u, &url_mem_libc, st, cap, MAX_LEN);
  int rc = url_parse(u, in, n, base);
  if (rc != URL_OK && rc != URL_FAILURE && rc != URL_NOMEM &&
      rc != URL_TOOBIG)
    fail("url_parse returned an unknown status", NULL, NONE, NONE);
  if (rc == URL_OK) check_url(u);
  if (rc == URL_OK || rc == URL_FAILURE) check_errors(u, rc, in, n, base);
  if (rc == URL_OK || rc == URL_FAILURE) check_fast_path(u, rc, in, n, base);
  return rc;
}

/*
** Setters property (URL API, §6.1): for a valid URL, any setter and any
** value, the result is a valid URL (only the href setter may refuse) whose
** href re-parses to itself and passes every check above.  The value is the
** fuzz input after its first byte; the URLs are the parsed input and the
** fixed base.
*/
static void check_setters(const url *start, const char *v, size_t n) {
  for (int c = 0; c < URL_C_COUNT; c++) {
    url_str h = url_href(start);
    url s;
    char st[128];
    url_init(&s, &url_mem_libc, st, sizeof st, MAX_LEN);
    if (url_parse(&s, h.s, h.n, NULL) != URL_OK)
      fail("href does not re-parse before a setter", start, h, NONE);
    int rc = url_set(&s, (url_component)c, v, n);
    if (rc == URL_FAILURE && c != URL_C_HREF)
      fail("a setter other than href failed", &s, cstr(url_component_name(c)), NONE);
    if (rc == URL_OK) {
      check_url(&s); /* includes the re-parse idempotence check */
      url r;
      char rst[128];
      url_init(&r, &url_mem_libc, rst, sizeof rst, MAX_LEN);
      url_str sh = url_href(&s);
      if (url_parse(&r, sh.s, sh.n, NULL) != URL_OK || !eq(url_href(&r), sh))
        fail("setter result does not re-parse to itself", &s,
             cstr(url_component_name(c)), sh);
      url_free(&r);
    }
    url_free(&s);
  }
}

static url base_url;
static char base_st[128];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  url_init(&base_url, &url_mem_libc, base_st, sizeof base_st, MAX_LEN);
  if (url_parse(&base_url, BASE, sizeof BASE - 1, NULL) != URL_OK) {
    fprintf(stderr, "url_fuzz: the fixed base does not parse\n");
    abort();
  }
  return 0;
}

/* The IDNA2008 properties of the header comment. */
static void check_idna2008(const char *in, size_t n) {
  char ast[64], bst[64], ust[64];
  url_buf a, b, u;
  int why;
  url_buf_init(&a, &url_mem_libc, ast, sizeof ast, MAX_LEN);
  url_buf_init(&b, &url_mem_libc, bst, sizeof bst, MAX_LEN);
  url_buf_init(&u, &url_mem_libc, ust, sizeof ust, MAX_LEN);
  int rc = url_idna2008_to_ascii(in, n, &a, &why);
  int rcu = url_idna2008_to_unicode(in, n, &u, &why);
  const char *bad = NULL;
  if ((rc == URL_OK) != (rcu == URL_OK)) bad = "idna2008: to_unicode disagrees";
  for (size_t i = 0; rc == URL_OK && !bad && i < a.len; i++) {
    char c = a.ptr[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'))
      bad = "idna2008: not lowercase LDH";
  }
  if (rc == URL_OK && !bad) {
    if (url_idna2008_to_ascii(a.ptr, a.len, &b, &why) != URL_OK ||
        b.len != a.len || memcmp(a.ptr, b.ptr, a.len))
      bad = "idna2008: not idempotent";
    url_buf_truncate(&b, 0);
    if (!bad && (url_idna2008_to_ascii(u.ptr, u.len, &b, &why) != URL_OK ||
                 b.len != a.len || memcmp(a.ptr, b.ptr, a.len)))
      bad = "idna2008: Unicode form does not map back";
  }
  if (bad) {
    fprintf(stderr, "\nurl_fuzz: oracle violation: %s\n", bad);
    show("input:", in, n);
    show("ascii:", a.ptr, a.len);
    show("unicode:", u.ptr, u.len);
    abort();
  }
  url_buf_free(&a);
  url_buf_free(&b);
  url_buf_free(&u);
}

/*
** Canonical keys (keys/canonicalize.c): for every profile, a key is printable
** ASCII without spaces (whatwg: href, whose opaque paths keep spaces) and
** idempotent, canon(canon(x)) == canon(x).
** SURT keys, SSURT, lookup expressions and parameter stripping must not
** crash, and stripping nothing changes nothing.
*/
static int never(void *ctx, const char *name, size_t n) {
  (void)ctx, (void)name, (void)n;
  return 0;
}
static int starts_a(void *ctx, const char *name, size_t n) {
  (void)ctx;
  return n > 0 && name[0] == 'a';
}

static void check_canon_fast(const char *in, size_t n, uint32_t steps) {
  char st1[64], st2[64];
  url a, b;
  url_init(&a, &url_mem_libc, st1, sizeof st1, MAX_LEN);
  url_init(&b, &url_mem_libc, st2, sizeof st2, MAX_LEN);
  int ra = url_canon_run(&a, in, n, steps);
  int rb = url_canon_run(&b, in, n, steps | URL_CS_NO_FAST_PATH);
  if (ra != rb || (ra == URL_OK && !eq(url_href(&a), url_href(&b))))
    fail("canonical fast path differs from the full run", &a, url_href(&a),
         url_href(&b));
  url_free(&a);
  url_free(&b);
}

static void check_canon(const char *in, size_t n) {
  for (int p = 0; p < URL_CANON_PROFILES; p++) {
    char st1[64], st2[64];
    url a, b;
    url_init(&a, &url_mem_libc, st1, sizeof st1, MAX_LEN);
    url_init(&b, &url_mem_libc, st2, sizeof st2, MAX_LEN);
    if (url_canonicalize(&a, in, n, (url_canon_profile)p) == URL_OK) {
      url_str k = url_href(&a);
      for (size_t i = 0; i < k.n; i++)
        if (k.s[i] < (p == URL_CANON_WHATWG ? 0x20 : 0x21) || k.s[i] >= 0x7F)
          fail(url_canon_profile_name((url_canon_profile)p), &a, k,
               cstr("printable ASCII"));
      if (url_canonicalize(&b, k.s, k.n, (url_canon_profile)p) != URL_OK)
        fail("canonical key does not canonicalize again", &a, k, k);
      if (!eq(url_href(&b), k))
        fail("canonical key not idempotent", &a, url_href(&b), k);
      /* The fast path (keeping a parsed URL the steps would not change)
         gives what running every step gives; on the key too. */
      uint32_t st = url_canon_profile_steps((url_canon_profile)p);
      check_canon_fast(in, n, st);
      check_canon_fast(k.s, k.n, st);
      if (p == URL_CANON_GOOGLE) {
        url_lookup l;
        url_lookup_of(&a, &l);
        if (l.n_hosts > URL_LOOKUP_HOSTS || l.n_paths > URL_LOOKUP_PATHS)
          fail("lookup expressions", &a, k, k);
      }
    }
    url_free(&a);
    url_free(&b);
  }
  /* The library's defaults; with scheme and trailing comma; Heritrix's
     form over the whatwg profile; semantic without the SURT layout. */
  url_surt_opts opts[4];
  for (int i = 0; i < 4; i++) url_surt_opts_default(&opts[i]);
  opts[1].flags |= URL_SURT_WITH_SCHEME | URL_SURT_TRAILING_COMMA;
  opts[2].flags |= URL_SURT_HERITRIX | URL_SURT_WITH_SCHEME;
  opts[2].canonicalizer = URL_CANON_WHATWG;
  url_surt_opts_complete(&opts[2], URL_SURT_HERITRIX | URL_SURT_WITH_SCHEME);
  opts[3].flags = (opts[3].flags & ~URL_SURT_SURT) | URL_SURT_PATH_STRIP_EMPTY;
  opts[3].canonicalizer = URL_CANON_SEMANTIC;
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
    const url_surt_opts o = opts[i];
    char st[64];
    url_buf out;
    url_buf_init(&out, &url_mem_libc, st, sizeof st, MAX_LEN);
    url_surt(&out, in, n, &o, NULL);
    url_buf_free(&out);
    check_canon_fast(in, n, url_surt_steps(&o, in, n));
  }
  char st[64], st2[64], st3[64];
  url u, v;
  url_buf out;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  if (url_parse(&u, in, n, NULL) == URL_OK) {
    url_buf_init(&out, &url_mem_libc, st2, sizeof st2, MAX_LEN);
    url_ssurt(&out, &u);
    url_buf_free(&out);
    url_init(&v, &url_mem_libc, st3, sizeof st3, MAX_LEN);
    if (url_strip_params(&v, &u, never, NULL) == URL_OK &&
        !eq(url_href(&v), url_href(&u)))
      fail("url_strip_params changed a URL it strips nothing from", &u,
           url_href(&v), url_href(&u));
    url_free(&v);
    url_init(&v, &url_mem_libc, st3, sizeof st3, MAX_LEN);
    url_strip_params(&v, &u, starts_a, NULL);
    url_free(&v);
  }
  url_free(&u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char fst[256];
  url_buf fix;
  const char *in;
  size_t n;
  url_buf_init(&fix, &url_mem_libc, fst, sizeof fst, MAX_LEN * 4);
  if (url_utf8_sanitize((const char *)data, size, &fix, &in, &n) != URL_OK) {
    url_buf_free(&fix);
    return 0;
  }
  cur_input = in;
  cur_input_n = n;

  /* 1. No base; a tiny stack buffer so the heap path is exercised too. */
  url u;
  char ust[16];
  int rc = parse_check(&u, ust, sizeof ust, in, n, NULL, NULL, 0);

  /* 2. Against the fixed base. */
  url w;
  char wst[256];
  parse_check(&w, wst, sizeof wst, in, n, &base_url, BASE, sizeof BASE - 1);
  url_free(&w);

  /* 3. Setters with the rest of the input as the value. */
  if (n > 0) {
    if (rc == URL_OK) check_setters(&u, in + 1, n - 1);
    check_setters(&base_url, in + 1, n - 1);
  }

  /* 4. Against its own URL as the base (exercises odd bases). */
  if (rc == URL_OK) {
    url_str h = url_href(&u);
    char hb[128];
    size_t hn = h.n < sizeof hb ? h.n : sizeof hb;
    memcpy(hb, h.s, hn); /* for the report only */
    parse_check(&w, wst, sizeof wst, in, n, &u, hb, hn);
    url_free(&w);
    /* And a few relative references against it. */
    static const char *const REL[] = {"", "..", "./x/../y", "?q", "#f",
                                      "//h/p", "/"};
    for (size_t i = 0; i < sizeof REL / sizeof REL[0]; i++) {
      cur_input = REL[i];
      cur_input_n = strlen(REL[i]);
      parse_check(&w, wst, sizeof wst, REL[i], strlen(REL[i]), &u, hb, hn);
      url_free(&w);
    }
  }
  url_free(&u);

  /* 5. IDNA2008 lookup of the input as a domain. */
  check_idna2008(in, n);

  /* 6. Canonical keys, SURT keys, lookup expressions, stripping. */
  cur_input = in;
  cur_input_n = n;
  cur_base = NULL;
  cur_base_n = 0;
  check_canon(in, n);
  url_buf_free(&fix);
  return 0;
}
