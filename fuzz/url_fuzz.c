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
**     protocol "//" host.
**
** Any violation prints the input and the offending values, then abort()s.
** Input bytes are made valid UTF-8 first (url_parse's precondition), as the
** extension does with its arguments.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "setters.h"
#include "url.h"
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
    url_buf_init(&hb, hst, sizeof hst, MAX_LEN * 4);
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
  url_buf_init(&s, sst, sizeof sst, MAX_LEN * 4);
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
  url_buf_init(&o, ost, sizeof ost, MAX_LEN * 4);
  int orc = url_origin(u, &o);
  CHECK(orc == URL_OK, "url_origin failed", u, bstr(&o), NONE);
  switch (u->scheme_type) {
    case URL_SCHEME_HTTP: case URL_SCHEME_HTTPS: case URL_SCHEME_WS:
    case URL_SCHEME_WSS: case URL_SCHEME_FTP: {
      url_buf ob;
      char obst[256];
      url_buf_init(&ob, obst, sizeof obst, MAX_LEN * 4);
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

  /* Idempotence: href re-parses, without a base, to the same URL. */
  url v;
  char vst[64];
  url_init(&v, vst, sizeof vst, MAX_LEN * 4);
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

/* Parses in against base; checks the result when it succeeds.  Returns the
   status; on URL_OK the caller owns *u. */
static int parse_check(url *u, char *st, size_t cap, const char *in, size_t n,
                       const url *base, const char *base_s, size_t base_n) {
  cur_base = base_s;
  cur_base_n = base_n;
  url_init(u, st, cap, MAX_LEN);
  int rc = url_parse(u, in, n, base);
  if (rc != URL_OK && rc != URL_FAILURE && rc != URL_NOMEM &&
      rc != URL_TOOBIG)
    fail("url_parse returned an unknown status", NULL, NONE, NONE);
  if (rc == URL_OK) check_url(u);
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
    url_init(&s, st, sizeof st, MAX_LEN);
    if (url_parse(&s, h.s, h.n, NULL) != URL_OK)
      fail("href does not re-parse before a setter", start, h, NONE);
    int rc = url_set(&s, (url_component)c, v, n);
    if (rc == URL_FAILURE && c != URL_C_HREF)
      fail("a setter other than href failed", &s, cstr(url_component_name(c)), NONE);
    if (rc == URL_OK) {
      check_url(&s); /* includes the re-parse idempotence check */
      url r;
      char rst[128];
      url_init(&r, rst, sizeof rst, MAX_LEN);
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
  url_init(&base_url, base_st, sizeof base_st, MAX_LEN);
  if (url_parse(&base_url, BASE, sizeof BASE - 1, NULL) != URL_OK) {
    fprintf(stderr, "url_fuzz: the fixed base does not parse\n");
    abort();
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char fst[256];
  url_buf fix;
  const char *in;
  size_t n;
  url_buf_init(&fix, fst, sizeof fst, MAX_LEN * 4);
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
  url_buf_free(&fix);
  return 0;
}
