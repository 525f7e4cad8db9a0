/*
** Differential test of the parser's fast paths: every input that
** url_parse_fast() (core/parse_fast.c) accepts must give exactly the
** URL the full parser gives (href bytes, every offset, port, host and
** scheme types, path segments), and everything else must leave the URL
** untouched for the full parser.  Inputs:
**
**   - every input of WPT's urltestdata.json (../shared/wpt), and each
**     against its base;
**   - the real-URL sample of ../shared/data/kasztp.txt (tests/shared_data.h,
**     shared_real_urls; see tests/data/README.md) and,
**     for each, variants that make it non-canonical or exercise what the
**     fast path special-cases: upper case scheme and host, dot segments
**     ("." / ".." / "%2e"), tabs, newlines, spaces around, backslashes,
**     credentials, default / leading-zero / out-of-range / empty ports, a
**     missing path, IPv4 and number-ending hosts, a trailing dot, bytes to
**     percent-encode in each component, non-ASCII, invalid UTF-8, "'" in
**     the query, "#" in the fragment;
**   - every prefix of a few of those (cuts inside each component);
**   - every byte value and every dot segment at every position of a long
**     path, query, fragment and host (each lane of the SIMD path scan).
**
** Also requires that the fast path takes most real URLs (so that this test
** keeps testing it).  Prints mismatches, then "N passed, N failed"; exits
** non-zero if anything failed.
**
** Usage: fastpath_test   (from the repo root; SHARED_DIR: tests/shared_data.h)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "shared_data.h"
#include "json.h"
#include "mem_libc.h"
#include "parse.h"
#include "url.h"
#include "utf8.h"

#define MAX_LEN ((size_t)1 << 24)

static long fast_taken, checked;

static void print_bytes(const char *s, size_t n) {
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c >= 0x20 && c < 0x7F) putchar(c);
    else printf("\\x%02X", c);
  }
  putchar('"');
}

/* Same URL: href bytes and every field. */
static int same_url(const url *a, const url *b) {
  return a->href.len == b->href.len &&
         memcmp(a->href.ptr, b->href.ptr, a->href.len) == 0 &&
         a->scheme_end == b->scheme_end &&
         a->username_start == b->username_start &&
         a->username_end == b->username_end &&
         a->password_start == b->password_start &&
         a->password_end == b->password_end && a->host_start == b->host_start &&
         a->host_end == b->host_end && a->authority_end == b->authority_end &&
         a->path_start == b->path_start && a->query_start == b->query_start &&
         a->fragment_start == b->fragment_start && a->port == b->port &&
         a->path_segments == b->path_segments && a->host_type == b->host_type &&
         a->scheme_type == b->scheme_type && a->opaque_path == b->opaque_path;
}

static void dump(const char *label, const url *u) {
  printf("  %s: ", label);
  print_bytes(u->href.ptr, u->href.len);
  printf(" scheme_end=%u user=%u-%u pass=%u-%u host=%u-%u auth_end=%u "
         "path=%u q=%d f=%d port=%d segs=%u host_type=%d scheme_type=%d "
         "opaque=%d\n",
         u->scheme_end, u->username_start, u->username_end, u->password_start,
         u->password_end, u->host_start, u->host_end, u->authority_end,
         u->path_start, (int)u->query_start, (int)u->fragment_start, u->port,
         u->path_segments, u->host_type, u->scheme_type, u->opaque_path);
}

/*
** One input, any bytes, against base (NULL: none).  The fast path sees the
** raw bytes, as the extension gives it; the full parser the input made
** valid UTF-8 (its precondition).
*/
static void check_input(const char *in, size_t n, const url *base,
                        const char *why) {
  char st1[512], st2[512], st3[512];
  url fast, full;
  url_buf fix;
  url_init(&fast, &url_mem_libc, st1, sizeof st1, MAX_LEN);
  url_init(&full, &url_mem_libc, st2, sizeof st2, MAX_LEN);
  url_buf_init(&fix, &url_mem_libc, st3, sizeof st3, MAX_LEN);
  const char *s;
  size_t sn;
  int rf = url_parse_fast(&fast, in, n);
  int rc = url_utf8_sanitize(in, n, &fix, &s, &sn);
  if (rc == URL_OK) rc = url_parse_full(&full, s, sn, base);
  if (rc == URL_OK || rc == URL_FAILURE) { /* and url_parse, which has both */
    char st4[512];
    url both;
    url_init(&both, &url_mem_libc, st4, sizeof st4, MAX_LEN);
    int rb = url_parse(&both, s, sn, base);
    if (rb != rc || (rb == URL_OK && !same_url(&both, &full))) {
      check(0); /* failures only: a match is not counted */
      printf("FAIL (%s) url_parse differs from url_parse_full: input=", why);
      print_bytes(in, n);
      putchar('\n');
    }
    url_free(&both);
  }
  checked++;
  int ok;
  if (rf == URL_NOT_FAST) {
    /* untouched, for the full parser */
    ok = fast.href.len == 0 && fast.query_start == URL_NONE &&
         fast.fragment_start == URL_NONE && fast.port == -1 &&
         fast.scheme_type == URL_SCHEME_OTHER;
  } else {
    fast_taken++;
    ok = rf == URL_OK && rc == URL_OK && same_url(&fast, &full);
  }
  if (!check(ok) && failed <= 40) {
    printf("FAIL (%s) input=", why);
    print_bytes(in, n);
    printf(" fast rc=%d full rc=%d\n", rf, rc);
    if (rf == URL_OK) dump("fast", &fast);
    if (rc == URL_OK) dump("full", &full);
  }
  url_free(&fast);
  url_free(&full);
  url_buf_free(&fix);
}

static void check_str(const char *in, const char *why) {
  check_input(in, strlen(in), NULL, why);
}

/* ------------------------------------------------------------- WPT */

static void check_wpt(void) {
  char path[1024];
  shared_file(path, sizeof path, "wpt/urltestdata.json");
  json_value *root = json_parse_file(path);
  if (!root) {
    check(0);
    printf("FAIL cannot read %s\n", path);
    return;
  }
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    size_t in_n, base_n;
    const char *in = json_str(json_get(c, "input"), &in_n);
    if (!in) continue; /* a comment */
    const char *bs = json_str(json_get(c, "base"), &base_n);
    check_input(in, in_n, NULL, "wpt");
    if (!bs) continue;
    char st[512];
    url base;
    url_init(&base, &url_mem_libc, st, sizeof st, MAX_LEN);
    if (url_parse(&base, bs, base_n, NULL) == URL_OK)
      check_input(in, in_n, &base, "wpt with base");
    url_free(&base);
  }
  json_free(root);
}

/* ------------------------------------------------------- real URLs */

/* Variants of one URL u (NUL-terminated, no NUL inside). */
static void check_variants(const char *u) {
  size_t n = strlen(u);
  char *v = malloc(2 * n + 64);
  if (!v) return;
  const char *colon = strstr(u, "://");
  size_t scheme_n = colon ? (size_t)(colon - u) : 0;
  size_t host = colon ? scheme_n + 3 : 0, host_end = host;
  while (colon && host_end < n && !strchr("/?#:", u[host_end])) host_end++;
  size_t path = host_end;
  while (colon && path < n && !strchr("/?#", u[path])) path++;

  /* Upper case scheme and host, all of it. */
  memcpy(v, u, n + 1);
  for (size_t i = 0; i < host_end; i++)
    if (v[i] >= 'a' && v[i] <= 'z') v[i] = (char)(v[i] - 32);
  check_str(v, "upper");
  /* Insertions at the start of the path, the end of the host, the end. */
  static const char *const AT_PATH[] = {
      "/.",    "/..",   "/./x",  "/../x", "/%2e",  "/%2E%2e/x", "/.x/..y",
      "/%2ex", "/a%2",  "//",    "\\x",   "/a b",  "/a\"b",     "/a<b",
      "/a^b",  "/a`b",  "/a{b}", "/é",    "/\xff", "/a\tb",     "/a\nb",
      "/a|b",  "/%zz",  "/%41",  "/a'b",  "?",     "#",         "?a'b#c",
      "?a b",  "?é",    "#a`b",  "#a#b",  "#é",    "?\x7f",     "/\x7f",
      "/.%2e", "/..%2e",
  };
  for (size_t k = 0; colon && k < sizeof AT_PATH / sizeof AT_PATH[0]; k++) {
    size_t an = strlen(AT_PATH[k]);
    memcpy(v, u, path);
    memcpy(v + path, AT_PATH[k], an);
    memcpy(v + path + an, u + path, n - path + 1);
    check_str(v, "at path");
  }
  static const char *const AT_HOST[] = {
      ":443", ":80",  ":8080", ":0080", ":",     ":65535", ":65536",
      ":0",   ":00",  ":21",   ":1x",   ".",     ".123",   ".0x1f",
      ".1a",  "..",   "%41",   "@x",    "Ä",     "_x",     "-",
      " ",    "\t",   "[",     ":999999", ":1234567",
  };
  for (size_t k = 0; colon && k < sizeof AT_HOST / sizeof AT_HOST[0]; k++) {
    size_t an = strlen(AT_HOST[k]);
    memcpy(v, u, host_end);
    memcpy(v + host_end, AT_HOST[k], an);
    memcpy(v + host_end + an, u + host_end, n - host_end + 1);
    check_str(v, "at host end");
  }
  /* Other hosts in its place: IPv4 addresses, canonical or not. */
  static const char *const HOSTS[] = {
      "1.2.3.4",   "255.255.255.255", "0.0.0.0",   "10.0.0.1",  "256.1.1.1",
      "1.2.3.256", "01.2.3.4",        "1.02.3.4",  "1.2.3",     "1.2.3.4.5",
      "1.2.3.4.",  "0x7f.0.0.1",      "127.1",     "4294967295", "1.2.3.04",
      "1..2.3",    ".1.2.3.4",        "1.2.3.4a",  "a.1.2.3.4", "1.2.3.0x4",
      "999.1.1.1", "1.2.3.1000",      "00.0.0.0",  "[::1]",     "EXAMPLE.1",
  };
  for (size_t k = 0; colon && k < sizeof HOSTS / sizeof HOSTS[0]; k++) {
    snprintf(v, 2 * n + 64, "%.*s%s%s", (int)host, u, HOSTS[k], u + host_end);
    check_str(v, "host replaced");
  }
  /* Credentials, extra slashes, spaces around, the authority alone. */
  if (colon) {
    snprintf(v, 2 * n + 64, "%.*suser:pass@%s", (int)host, u, u + host);
    check_str(v, "credentials");
    snprintf(v, 2 * n + 64, "%.*s/%s", (int)host, u, u + host);
    check_str(v, "three slashes");
    snprintf(v, 2 * n + 64, "%.*s\\\\%s", (int)scheme_n + 1, u, u + host);
    check_str(v, "backslashes");
    snprintf(v, 2 * n + 64, " %s", u);
    check_str(v, "leading space");
    snprintf(v, 2 * n + 64, "%s ", u);
    check_str(v, "trailing space");
    snprintf(v, 2 * n + 64, "%s\n", u);
    check_str(v, "trailing newline");
    snprintf(v, 2 * n + 64, "%.*s", (int)host_end, u);
    check_str(v, "no path");
    snprintf(v, 2 * n + 64, "%.*s?q", (int)host_end, u);
    check_str(v, "no path, query");
    snprintf(v, 2 * n + 64, "%.*s#f", (int)host_end, u);
    check_str(v, "no path, fragment");
    snprintf(v, 2 * n + 64, "file%s", u + scheme_n);
    check_str(v, "file");
    snprintf(v, 2 * n + 64, "foo%s", u + scheme_n);
    check_str(v, "non-special");
    snprintf(v, 2 * n + 64, "%s", u + scheme_n + 1);
    check_str(v, "scheme-relative");
    snprintf(v, 2 * n + 64, "h%s", u);
    check_str(v, "longer scheme");
  }
  free(v);
}

static void check_real(void) {
  FILE *f = shared_real_urls();
  char *line = NULL;
  size_t cap = 0;
  ssize_t k;
  long lines = 0;
  int prefixes = 0;
  while ((k = getline(&line, &cap, f)) >= 0) {
    while (k > 0 && (line[k - 1] == '\n' || line[k - 1] == '\r')) line[--k] = 0;
    if (k == 0) continue;
    lines++;
    long before = fast_taken;
    check_input(line, (size_t)k, NULL, "real");
    int took = fast_taken > before;
    check_variants(line);
    if (prefixes < 20 && took) { /* every cut of a few real URLs */
      prefixes++;
      for (ssize_t i = 0; i < k; i++)
        check_input(line, (size_t)i, NULL, "prefix");
    }
  }
  free(line);
  fclose(f);
  printf("real URL sample: %ld URLs and their variants\n", lines);
}

/*
** Every byte value, and every dot segment, at every position of a long
** path, query, fragment and host: each lane of the sixteen-byte path scan
** and each byte class of each component.
*/
static void check_positions(void) {
  static const char *const PARTS[][3] = {
      /* prefix, filler, suffix */
      {"https://example.com/", "ab/cd.e/", ""},
      {"https://example.com/p?", "k=v&w.x/", ""},
      {"https://example.com/p?q#", "a/b.c?d", ""},
      {"https://", "ab.cd-e.", "com/"},
  };
  char buf[256];
  for (size_t k = 0; k < sizeof PARTS / sizeof PARTS[0]; k++) {
    size_t pn = strlen(PARTS[k][0]), fn = strlen(PARTS[k][1]);
    size_t sn = strlen(PARTS[k][2]);
    for (size_t at = 0; at < 48; at++) {
      for (int c = 1; c < 256; c++) {
        size_t n = 0;
        memcpy(buf, PARTS[k][0], pn);
        n = pn;
        for (size_t i = 0; i < 48; i++) buf[n++] = PARTS[k][1][i % fn];
        buf[pn + at] = (char)c;
        memcpy(buf + n, PARTS[k][2], sn);
        n += sn;
        check_input(buf, n, NULL, "byte at position");
      }
      static const char *const DOTS[] = {"/./", "/../", "/%2e/", "/%2E%2e/",
                                         "/.%2e?", "/..#", "/.", "/.."};
      for (size_t d = 0; d < sizeof DOTS / sizeof DOTS[0]; d++) {
        size_t dn = strlen(DOTS[d]), n = pn;
        memcpy(buf, PARTS[k][0], pn);
        for (size_t i = 0; i < 48; i++) buf[n++] = PARTS[k][1][i % fn];
        memcpy(buf + pn + at, DOTS[d], dn);
        if (pn + at + dn > n) n = pn + at + dn;
        check_input(buf, n, NULL, "dot segment at position");
      }
    }
  }
}

/* Paths of thousands of segments (the SIMD scan sums its "/" counts every
   255 blocks), ended in each way. */
static void check_long_paths(void) {
  static const size_t SEGS[] = {1, 7, 8, 9, 2039, 2040, 2041, 4096, 33000};
  static const char *const UNITS[] = {"a/", "/", "ab/cd/efg/"};
  static const char *const ENDS[] = {"", "?q", "#f", "x", "/.", "/..", " ",
                                     "/%2e/z", "\\x", "/.x"};
  size_t cap = 33000 * 10 + 64;
  char *buf = malloc(cap);
  if (!buf) return;
  for (size_t k = 0; k < sizeof SEGS / sizeof SEGS[0]; k++)
    for (size_t u = 0; u < sizeof UNITS / sizeof UNITS[0]; u++)
      for (size_t e = 0; e < sizeof ENDS / sizeof ENDS[0]; e++) {
        size_t n = (size_t)snprintf(buf, cap, "https://example.com/");
        size_t un = strlen(UNITS[u]);
        for (size_t i = 0; i < SEGS[k]; i++) memcpy(buf + n, UNITS[u], un), n += un;
        n += (size_t)snprintf(buf + n, cap - n, "%s", ENDS[e]);
        check_input(buf, n, NULL, "long path");
      }
  free(buf);
}

int main(void) {
  check_wpt();
  long wpt_fast = fast_taken, wpt_checked = checked;
  printf("WPT: %ld inputs, %ld on the fast path\n", wpt_checked, wpt_fast);

  /* The real URLs themselves: how many take the fast path. */
  FILE *f = shared_real_urls();
  long real = 0, real_fast = 0;
  if (f) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t k;
    while ((k = getline(&line, &cap, f)) >= 0) {
      while (k > 0 && (line[k - 1] == '\n' || line[k - 1] == '\r')) k--;
      if (k == 0) continue;
      char st[512];
      url u;
      url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
      real++;
      real_fast += url_parse_fast(&u, line, (size_t)k) == URL_OK;
      url_free(&u);
    }
    free(line);
    fclose(f);
  }
  printf("real URLs: %ld, %ld on the fast path\n", real, real_fast);
  /* The fast path must keep taking most real URLs, or this test would stop
     testing it. */
  if (!check(real > 0 && real_fast * 10 >= real * 8))
    printf("FAIL the fast path took %ld of %ld real URLs (want >= 80%%)\n",
           real_fast, real);
  check_real();
  check_positions();
  check_long_paths();
  printf("checked %ld inputs, %ld on the fast path\n", checked, fast_taken);
  return check_summary();
}
