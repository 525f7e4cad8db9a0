/*
** Canonical keys (keys/canonicalize.c), SURT keys (keys/surt.c), Safe Browsing
** lookup expressions (keys/lookup.c) and parameter stripping
** (keys/strip_params.c): the test data of iipc/urlcanon and
** google/safebrowsing in ../shared/canon/ (Apache-2.0; provenance and
** hashes in tests/data/README.md), then this project's own cases.
**
** Inputs are read as urlcanon's tests read them: each code point of a JSON
** string is one byte (latin-1), so "\u00e2\u0098\u0083" is the UTF-8 of
** U+2603.  The bytes then reach the core as the extension hands them over:
** invalid UTF-8 becomes U+FFFD (url_utf8_sanitize).  safebrowsing.jsonl is
** UTF-8 text, except for the fields its "latin1_bytes" names.
**
** urlcanon parses with its own lenient parser; this project with the WHATWG
** parser.  Where the two disagree, the case is listed in KNOWN below with
** the answer this project gives and why, and printed as such when it runs.
** A listed case whose answer changes, or that starts to agree with the
** data, or that never runs, fails: the list cannot go stale.  A second kind
** of entry, "definition", marks data that follows another definition than
** the one this project implements (the Go client's choices where Safe
** Browsing's documentation says otherwise, urlcanon's Heritrix SURT layout
** where url_surt follows the surt library's).
**
** Prints each mismatch, a line per suite, how many cases are listed, and
** "N passed, N failed"; exits non-zero if anything failed.  With VERBOSE=1
** in the environment (`make test VERBOSE=1`) it also prints each listed
** case as it runs (WHATWG, DEFINITION, ADJUSTED lines, with the reason).
**
** Usage: canon_test   (VERBOSE=1 lists each known difference; from the repo root; SHARED_DIR: tests/shared_data.h)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canonicalize.h"
#include "check.h"
#include "shared_data.h"
#include "json.h"
#include "lookup.h"
#include "mem_libc.h"
#include "parse.h"
#include "percent.h"
#include "psl.h"
#include "strip_params.h"
#include "surt.h"
#include "utf8.h"

#define MAX_LEN ((size_t)1 << 24)

/* VERBOSE=1: print the listed cases one by one, not only their count. */
static int verbose;

/* ------------------------------------------------------------- results */

/* A function's answer: text, or no result (SQL NULL). */
typedef struct res {
  int null;
  char *s;
  size_t n;
} res;

static res res_text(const char *s, size_t n) {
  res r = {0, malloc(n + 1), n};
  if (!r.s) abort();
  memcpy(r.s, s, n);
  r.s[n] = 0;
  return r;
}
static const res NO_RESULT = {1, NULL, 0};
static void res_free(res *r) { free(r->s); }
static int res_eq(res a, res b) {
  if (a.null || b.null) return a.null == b.null;
  return a.n == b.n && !memcmp(a.s, b.s, a.n);
}
static void print_res(res r) {
  if (r.null) fputs("NULL", stdout);
  else json_print_str(r.s, r.n);
}

/* A failure that stops the program: counted, then the summary. */
static void stop(void) {
  check(0);
  exit(check_summary());
}

static void die(const char *what, int rc) {
  printf("%s: unexpected status %d\n", what, rc);
  stop();
}

static void cannot_read(const char *path) {
  printf("cannot read %s\n", path);
  stop();
}

/* ------------------------------------------------------------- inputs */

/* JSON string (UTF-8) to the bytes urlcanon's tests mean: one byte per code
   point when all are below U+0100; otherwise the text as it is. */
static res latin1(const char *s, size_t n) {
  res r = res_text(s, n);
  size_t w = 0;
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
      r.s[w++] = (char)c, i++;
    } else if ((c == 0xC2 || c == 0xC3) && i + 1 < n) {
      r.s[w++] = (char)(((c & 0x1F) << 6) | (s[i + 1] & 0x3F)), i += 2;
    } else {
      memcpy(r.s, s, n); /* a code point above U+00FF: keep the text */
      return r;
    }
  }
  r.n = w;
  r.s[w] = 0;
  return r;
}

/* What the extension passes to the core: invalid UTF-8 repaired. */
typedef struct text {
  url_buf fix;
  char st[256];
  const char *s;
  size_t n;
} text;

static void text_of(text *t, const char *s, size_t n) {
  url_buf_init(&t->fix, &url_mem_libc, t->st, sizeof t->st, MAX_LEN);
  if (url_utf8_sanitize(s, n, &t->fix, &t->s, &t->n) != URL_OK)
    die("url_utf8_sanitize", t->fix.err);
}
static void text_free(text *t) { url_buf_free(&t->fix); }

/* ------------------------------------------------------------- runners */

static res from_url(int rc, url *u, url_str (*get)(const url *)) {
  if (rc == URL_FAILURE) return NO_RESULT;
  if (rc != URL_OK) die("url_canonicalize", rc);
  url_str v = get(u);
  return res_text(v.s, v.n);
}

/* A component of url_canonical(in, p); url_href for the whole key. */
static res canon_get(url_canon_profile p, const char *in, size_t n,
                     url_str (*get)(const url *)) {
  text t;
  text_of(&t, in, n);
  char st[512];
  url u;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  res r = from_url(url_canonicalize(&u, t.s, t.n, p), &u, get);
  url_free(&u);
  text_free(&t);
  return r;
}

static res canon(url_canon_profile p, const char *in, size_t n) {
  return canon_get(p, in, n, url_href);
}

static url_psl_list psl_list;
static int psl_open;

static const url_psl_list *psl(void) {
  url_psl_list *list = &psl_list;
  if (!psl_open) {
    if (url_psl_open_default(list, &url_mem_libc) != URL_OK)
      die("url_psl_open_default", 0);
    psl_open = 1;
  }
  return list;
}

/*
** url_surt's options from the JSON the tests write them in (the SQL
** argument's form; ext/keys.c reads that for SQL, and sql-tests/keys.sql
** tests its errors): members named as url_surt_option() names them, true or
** false, and "canonicalizer".
*/
static url_surt_opts surt_opts(const char *json) {
  url_surt_opts o;
  url_surt_opts_default(&o);
  json_value *j = json_parse(json, strlen(json), "options");
  if (!j || j->type != JSON_OBJECT) die("bad test options", URL_FAILURE);
  uint32_t given = 0;
  for (size_t k = 0; k < j->count; k++) {
    const char *name = j->keys[k].str;
    const json_value *v = &j->items[k];
    if (!strcmp(name, "canonicalizer")) {
      const char *p = json_str(v, NULL);
      o.canonicalizer = p && !strcmp(p, "ia")
                            ? URL_SURT_CANON_IA
                            : url_canon_profile_lookup(p ? p : "", p ? strlen(p) : 0);
      if (o.canonicalizer == -1 && !(p && !strcmp(p, "ia")))
        die("bad test canonicalizer", URL_FAILURE);
      continue;
    }
    uint32_t flag = url_surt_option(name, strlen(name));
    if (!flag || (v->type != JSON_TRUE && v->type != JSON_FALSE))
      die("bad test option", URL_FAILURE);
    o.flags = v->type == JSON_TRUE ? o.flags | flag : o.flags & ~flag;
    given |= flag;
  }
  url_surt_opts_complete(&o, given);
  json_free(j);
  return o;
}

static res surt(const char *opts, const char *in, size_t n) {
  url_surt_opts o = surt_opts(opts);
  text t;
  text_of(&t, in, n);
  char st[512];
  url_buf b;
  url_buf_init(&b, &url_mem_libc, st, sizeof st, MAX_LEN);
  int rc = url_surt(&b, t.s, t.n, &o, psl());
  if (rc != URL_OK && rc != URL_FAILURE) die("url_surt", rc);
  res r = rc == URL_OK ? res_text(b.ptr, b.len) : NO_RESULT;
  url_buf_free(&b);
  text_free(&t);
  return r;
}

static res ssurt(const char *in, size_t n) {
  text t;
  text_of(&t, in, n);
  char ust[512], st[512];
  url u;
  url_buf b;
  url_init(&u, &url_mem_libc, ust, sizeof ust, MAX_LEN);
  url_buf_init(&b, &url_mem_libc, st, sizeof st, MAX_LEN);
  int rc = url_parse(&u, t.s, t.n, NULL);
  if (rc == URL_OK) rc = url_ssurt(&b, &u);
  if (rc != URL_OK && rc != URL_FAILURE) die("url_ssurt", rc);
  res r = rc == URL_OK ? res_text(b.ptr, b.len) : NO_RESULT;
  url_buf_free(&b);
  url_free(&u);
  text_free(&t);
  return r;
}

/* The google canonical form, shown without its port (Safe Browsing's
   documentation drops every port) and, for the Go client, its query. */
static res canon_google_without(const char *in, size_t n, int no_query) {
  text t;
  text_of(&t, in, n);
  char st[512], st2[512];
  url u, v;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  url_init(&v, &url_mem_libc, st2, sizeof st2, MAX_LEN);
  int rc = url_canonicalize(&u, t.s, t.n, URL_CANON_GOOGLE);
  if (rc == URL_OK) {
    url_parts p;
    url_get_parts(&u, &p);
    p.port = -1;
    if (no_query) p.query.s = NULL;
    rc = url_build(&v, &p);
  }
  res r = from_url(rc, &v, url_href);
  url_free(&u);
  url_free(&v);
  text_free(&t);
  return r;
}

/* The lookup expressions of in, as one string: "e1 e2 ..." in order. */
static res lookup(const char *in, size_t n, int hosts_only) {
  text t;
  text_of(&t, in, n);
  char st[512];
  url u;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  int rc = url_canonicalize(&u, t.s, t.n, URL_CANON_GOOGLE);
  res r = NO_RESULT;
  if (rc == URL_OK) {
    url_lookup l;
    url_lookup_of(&u, &l);
    char buf[8192];
    size_t w = 0;
    for (size_t i = 0; i < l.n_hosts; i++) {
      for (size_t j = 0; j < (hosts_only ? 1 : l.n_paths); j++) {
        url_str h = l.hosts[i], p = l.paths[j];
        if (w + h.n + p.n + 2 > sizeof buf) die("lookup: too long", 0);
        if (w) buf[w++] = ' ';
        memcpy(buf + w, h.s, h.n);
        w += h.n;
        if (!hosts_only) {
          memcpy(buf + w, p.s, p.n);
          w += p.n;
        }
      }
    }
    r = res_text(buf, w);
  } else if (rc != URL_FAILURE) {
    die("lookup", rc);
  }
  url_free(&u);
  text_free(&t);
  return r;
}

/* ----------------------------------------------------- known answers */

enum { WHATWG = 'W', DEFINITION = 'D' };

/* Why: the reasons of the entries below. */
#define R_SPACE "WHATWG host parser: a space (%20 decoded too) is a forbidden domain code point: invalid URL"
#define R_HASH "WHATWG host parser: %23 decodes to '#', a forbidden domain code point: invalid URL"
#define R_C0 "WHATWG host parser: U+0001 is a forbidden domain code point: invalid URL (and the lone byte 0x80 is not UTF-8)"
#define R_C0TEXT "WHATWG host parser: U+0001 is a forbidden domain code point: invalid URL"
#define R_BYTE_BB "the lone byte 0xBB is not UTF-8: the text reaches the parser with U+FFFD in its place (the Standard's UTF-8 decoder), escaped %EF%BF%BD"
#define R_BYTE_91 "the lone byte 0x91 is not UTF-8: the text reaches the parser with U+FFFD in its place (the Standard's UTF-8 decoder), escaped %EF%BF%BD"
#define R_PCT "WHATWG host parser: a '%' that decodes to nothing is a forbidden domain code point: invalid URL"
#define R_DOTS "WHATWG: a host of dots is a domain, not urlcanon's IPv4 0.0.0.0 (an empty part read as 0); fixing its dots would leave no host, so it stays"
#define R_FILEDOTS "WHATWG: a host of dots is a domain, not urlcanon's IPv4 0.0.0.0; with its dots fixed it is empty, which a file URL allows"
#define R_NSDOTS "WHATWG: a non-special URL's host is opaque, never urlcanon's IPv4 0.0.0.0; with its dots fixed it is empty"
#define R_09 "WHATWG IPv4 parser: '09' ends in a number but is no IPv4 number (a leading 0 means octal): invalid URL"
#define R_DRIVE "WHATWG: a file URL's first segment 'C|' is the drive letter 'C:'; the key takes the parser's reading so that it is a fixed point"
#define R_GOPHER "the URL Standard no longer lists gopher as a special scheme (2020): no default port 70, no '//' put in"
#define R_SCFORBID "WHATWG opaque-host parser: '<', '>', '^' and '|' are forbidden host code points: invalid URL"
#define R_FFFD "WHATWG host parser: %EF%BF%BD decodes to U+FFFD, which UTS #46 disallows in a domain: invalid URL"
#define R_FC "the lone byte 0xFC is not UTF-8 (the surt library's test passes the text, not this byte): U+FFFD makes the host invalid; the text itself gives the expected key (own case)"
#define R_IPV4SER "WHATWG serializes an IPv4 host in dotted decimal"
#define R_EMPTYPATH "WHATWG: a special URL's path is never empty, '/' at least"
#define R_0000XA "WHATWG: '0000xa' does not end in a number (no leading '0x'), so it is a domain, where urlcanon sees a failed IPv4 address"
#define R_IPV6 "WHATWG IPv6 serializer: [::192.9.5.5] is written [::c009:505]"
#define R_SLASHES "WHATWG: a special URL skips every slash before its host, so 'http:///blah' has the host 'blah'; the Go client rejects it"
#define R_MAILTO "the Go client rejects schemes other than http(s); urlcanon's google profile, which this implements, keeps them"
#define R_IPNUM "WHATWG IPv4 parser: a host that ends in a number must be a valid IPv4 address (at most 4 parts, each but the last below 256): invalid URL, where inet_aton reads it leniently"
#define R_IPSPACE "WHATWG: a space is a forbidden domain code point: invalid URL (inet_aton stops reading at it)"
#define R_1B "WHATWG host parser: %1b decodes to a C0 control, a forbidden domain code point: invalid URL"
#define R_WACKY "WHATWG: 'http%3A%2F%2F...' has no scheme (its ':' is escaped), so http:// is put in front and the host decodes to ':' and '/', forbidden: invalid URL; the Go client decodes the whole input first"
#define R_WEIRD "WHATWG host parser: '<', '>' and '^' are forbidden domain code points: invalid URL"
#define R_BACKSLASH "WHATWG: in a special URL '\\' is a path separator, written '/' (urlcanon resolves dots but keeps the separator byte)"

/*
** Cases where this project's answer differs from the data's, with the
** answer it gives (NULL: no result) and why.  `input` is the input as the
** core receives it before UTF-8 repair (latin-1 bytes for urlcanon's files).
*/
static const struct known {
  const char *suite, *input, *answer, *reason;
  int kind;
  int used;
} KNOWN_INIT[] = {
    {"semantic_precise.json", "%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"semantic_precise.json", "data:test# \xBB",
     "data:test#%20%EF%BF%BD", R_BYTE_BB, WHATWG, 0},
    {"semantic_precise.json", "file://%",
     NULL, R_PCT, WHATWG, 0},
    {"semantic_precise.json", "file://%/a/b",
     NULL, R_PCT, WHATWG, 0},
    {"semantic_precise.json", "file://%2e%2e%2e/a/b",
     "file:///a/b", R_FILEDOTS, WHATWG, 0},
    {"semantic_precise.json", "file://%2e%2e/a/b",
     "file:///a/b", R_FILEDOTS, WHATWG, 0},
    {"semantic_precise.json", "file://%2e/a/b",
     "file:///a/b", R_FILEDOTS, WHATWG, 0},
    {"semantic_precise.json", "file:///C%7C/",
     "file:///C:/", R_DRIVE, WHATWG, 0},
    {"semantic_precise.json", "gopher://foo:70/",
     "gopher://foo:70/", R_GOPHER, WHATWG, 0},
    {"semantic_precise.json", "gopher:/example.com/",
     "gopher:/example.com/", R_GOPHER, WHATWG, 0},
    {"semantic_precise.json", "gopher:example.com/",
     "gopher:example.com/", R_GOPHER, WHATWG, 0},
    {"semantic_precise.json", "http:%/",
     NULL, R_PCT, WHATWG, 0},
    {"semantic_precise.json", "http:%2e%2e%2e/a/b",
     "http://.../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:%2e%2e/a/b",
     "http://../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:%2e/a/b",
     "http://./a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:/%/",
     NULL, R_PCT, WHATWG, 0},
    {"semantic_precise.json", "http:/%2e%2e%2e/a/b",
     "http://.../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:/%2e%2e/a/b",
     "http://../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:/%2e/a/b",
     "http://./a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:// leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"semantic_precise.json", "http://%/",
     NULL, R_PCT, WHATWG, 0},
    {"semantic_precise.json", "http://%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"semantic_precise.json", "http://%2e%2e%2e/a/b",
     "http://.../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http://%2e%2e/a/b",
     "http://../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http://%2e/a/b",
     "http://./a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:///%2e%2e%2e/a/b",
     "http://.../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:///%2e%2e/a/b",
     "http://../a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http:///%2e/a/b",
     "http://./a/b", R_DOTS, WHATWG, 0},
    {"semantic_precise.json", "http://09/",
     NULL, R_09, WHATWG, 0},
    {"semantic_precise.json", "http://\x01\x80.com/",
     NULL, R_C0, WHATWG, 0},
    {"semantic_precise.json", "http://example.com/foo\x09\x91%91",
     "http://example.com/foo%EF%BF%BD%91", R_BYTE_91, WHATWG, 0},
    {"semantic_precise.json", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
     NULL, R_HASH, WHATWG, 0},
    {"semantic_precise.json", "http://www.google.com/foo?bar=baz# \xBB",
     "http://www.google.com/foo?bar=baz#%20%EF%BF%BD", R_BYTE_BB, WHATWG, 0},
    {"semantic_precise.json", "nonspecial://%2e%2e%2e/a/b",
     "nonspecial:///a/b", R_NSDOTS, WHATWG, 0},
    {"semantic_precise.json", "nonspecial://%2e%2e/a/b",
     "nonspecial:///a/b", R_NSDOTS, WHATWG, 0},
    {"semantic_precise.json", "nonspecial://%2e/a/b",
     "nonspecial:///a/b", R_NSDOTS, WHATWG, 0},
    {"semantic_precise.json", "sc://\x1F!\"$&'()*+,-.;<=>^_`{|}~/",
     NULL, R_SCFORBID, WHATWG, 0},
    {"surt.json google", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
     NULL, R_HASH, WHATWG, 0},
    {"surt.json google", "http://\x01\x80.com/",
     NULL, R_C0, WHATWG, 0},
    {"surt.json google", "http:// leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"surt.json google", "http://%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"surt.json google", "%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"surt.json googleSupplementalFromSurt", "B\xFC" "cher.ch:8080",
     NULL, R_FC, WHATWG, 0},
    {"surt.json googleSupplementalFromSurt", "http://www.t%EF%BF%BD%04.82.net/",
     NULL, R_FFFD, WHATWG, 0},
    {"ssurt.json ssurtHost", "0x80",
     "0.0.0.128//http:/", R_IPV4SER, WHATWG, 0},
    {"ssurt.json surt", "http://user:pass@foo.example.org:81",
     "http://(org,example,foo,:81)/", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surt", "http://user:pass@foo.example.org:81?query",
     "http://(org,example,foo,:81)/?query", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surt", "http://user:pass@foo.example.org:81#frag",
     "http://(org,example,foo,:81)/#frag", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surt", "http://user:pass@10.1.2.3:81#frag",
     "http://(10.1.2.3:81)/#frag", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutScheme", "http://user:pass@foo.example.org:81",
     "org,example,foo,:81)/", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutScheme", "http://user:pass@foo.example.org:81?query",
     "org,example,foo,:81)/?query", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutScheme", "http://user:pass@10.1.2.3:81#frag",
     "10.1.2.3:81)/#frag", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutScheme", "http://user:pass@foo.example.org:81#frag",
     "org,example,foo,:81)/#frag", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutTrailingComma", "http://user:pass@foo.example.org:81",
     "http://(org,example,foo:81)/", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutTrailingComma", "http://user:pass@foo.example.org:81?query",
     "http://(org,example,foo:81)/?query", R_EMPTYPATH, WHATWG, 0},
    {"ssurt.json surtWithoutTrailingComma", "http://user:pass@foo.example.org:81#frag",
     "http://(org,example,foo:81)/#frag", R_EMPTYPATH, WHATWG, 0},
    {"path_dots.json special", "\\",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\.",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\..",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\foo",
     "/foo", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\\\",
     "//", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\./",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\.\\",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\../",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\..\\",
     "/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\foo/",
     "/foo/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\foo\\",
     "/foo/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "/\\",
     "//", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "/\\.",
     "//", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "/\\foo",
     "//foo", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "/foo\\",
     "/foo/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "/foo\\.",
     "/foo/", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "/foo\\foo",
     "/foo/foo", R_BACKSLASH, WHATWG, 0},
    {"path_dots.json special", "\\/",
     "//", R_BACKSLASH, WHATWG, 0},
    {"funky_ipv4.json", "0000xa",
     "0000xa", R_0000XA, WHATWG, 0},
    {"safebrowsing.jsonl lookup hosts, Go client (in order)", "http://[::192.9.5.5]/ipng",
     "[::c009:505]", R_IPV6, WHATWG, 0},
    {"safebrowsing.jsonl IPv4 hosts", "123.123.0.0.1",
     NULL, R_IPNUM, WHATWG, 0},
    {"safebrowsing.jsonl IPv4 hosts", "276.2.3",
     NULL, R_IPNUM, WHATWG, 0},
    {"safebrowsing.jsonl IPv4 hosts", "10.192.95.89 xy",
     NULL, R_IPSPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical host", "http://[::192.9.5.5]/ipng",
     "[::c009:505]", R_IPV6, WHATWG, 0},
    {"safebrowsing.jsonl canonical path", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
     NULL, R_HASH, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http://\x01\x80.com/",
     NULL, R_C0, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http:// leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http://%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http://some%1bhost.com/%1b",
     NULL, R_1B, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http%3A%2F%2Fwackyurl.com:80/",
     NULL, R_WACKY, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http://W!eird<>Ho$^.com/",
     NULL, R_WEIRD, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http:///blah#ref",
     "http://blah/", R_SLASHES, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http:///blah?query#ref",
     "http://blah/", R_SLASHES, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http:///blah;param",
     "http://blah;param/", R_SLASHES, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http:///blah;param?query#ref",
     "http://blah;param/", R_SLASHES, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "mailto:bryner@google.com",
     "mailto:bryner@google.com", R_MAILTO, DEFINITION, 0},
    {"safebrowsing.jsonl canonical URL, Go client (no port, no query)", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
     NULL, R_HASH, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, documentation (no port)", "http:// leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, documentation (no port)", "http://%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, documentation (no port)", "%20leadingspace.com/",
     NULL, R_SPACE, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, documentation (no port)", "http://\x01\xC2\x80.com/",
     NULL, R_C0TEXT, WHATWG, 0},
    {"safebrowsing.jsonl canonical URL, documentation (no port)", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
     NULL, R_HASH, WHATWG, 0},
};
#define N_KNOWN (sizeof KNOWN_INIT / sizeof KNOWN_INIT[0])
static struct known KNOWN[N_KNOWN];

static const struct known *known_for(const char *suite, const char *in,
                                     size_t n) {
  for (size_t i = 0; i < N_KNOWN; i++)
    if (!strcmp(KNOWN[i].suite, suite) && strlen(KNOWN[i].input) == n &&
        !memcmp(KNOWN[i].input, in, n)) {
      KNOWN[i].used++;
      return &KNOWN[i];
    }
  return NULL;
}

/* ----------------------------------------------------------- tallies */

#define MAX_SUITES 64
static struct {
  const char *name;
  int pass, fail, whatwg, definition;
} suites[MAX_SUITES];
static int n_suites;

static int suite_index(const char *name) {
  for (int i = 0; i < n_suites; i++)
    if (!strcmp(suites[i].name, name)) return i;
  if (n_suites == MAX_SUITES) die("too many suites", 0);
  suites[n_suites].name = name;
  return n_suites++;
}

/* A listed case's line: as listed (ok), or FAIL(listed) with both answers. */
static void print_listed(const struct known *kn, const char *suite,
                         const char *in, size_t in_n, res got, res want,
                         res listed, int ok) {
  printf("%s %s: input=", ok ? (kn->kind == WHATWG ? "WHATWG" : "DEFINITION")
                             : "FAIL(listed)", suite);
  json_print_str(in, in_n);
  fputs(" data=", stdout);
  print_res(want);
  fputs(ok ? " this=" : " got=", stdout);
  print_res(got);
  if (!ok) {
    fputs(" listed=", stdout);
    print_res(listed);
  }
  printf(" (%s)\n", kn->reason);
}

/* One check of a data case: got vs want, consulting KNOWN. */
static void check_case(const char *suite, const char *in, size_t in_n,
                       res got, res want) {
  int k = suite_index(suite);
  const struct known *kn = known_for(suite, in, in_n);
  if (res_eq(got, want) && !kn) {
    suites[k].pass++;
    return;
  }
  if (kn) {
    res listed = kn->answer ? res_text(kn->answer, strlen(kn->answer))
                            : NO_RESULT;
    int ok = !res_eq(got, want) && res_eq(got, listed);
    if (!ok || verbose) print_listed(kn, suite, in, in_n, got, want, listed, ok);
    res_free(&listed);
    if (!ok) suites[k].fail++;
    else if (kn->kind == WHATWG) suites[k].whatwg++;
    else suites[k].definition++;
    return;
  }
  printf("FAIL %s: input=", suite);
  json_print_str(in, in_n);
  fputs(" expected=", stdout);
  print_res(want);
  fputs(" got=", stdout);
  print_res(got);
  putchar('\n');
  suites[k].fail++;
}

/* A check of this project's own cases (no KNOWN); frees both results. */
static void expect(const char *suite, const char *what, res got, res want) {
  int k = suite_index(suite);
  if (res_eq(got, want)) {
    suites[k].pass++;
    res_free(&got);
    res_free(&want);
    return;
  }
  printf("FAIL %s: %s expected=", suite, what);
  print_res(want);
  fputs(" got=", stdout);
  print_res(got);
  putchar('\n');
  suites[k].fail++;
  res_free(&got);
  res_free(&want);
}

static res want_of(const json_value *v) {
  size_t n;
  const char *s = json_str(v, &n);
  return s ? latin1(s, n) : NO_RESULT;
}

/* ------------------------------------------------------- urlcanon data */

static json_value *load(const char *dir, const char *file) {
  char path[4096];
  shared_file_in(path, sizeof path, dir, file);
  json_value *v = json_parse_file(path);
  if (!v) cannot_read(path);
  return v;
}

/* Each member of obj once (urlcanon's loaders keep the last of duplicates,
   which here are identical), as (latin-1 input, expected). */
typedef void (*case_fn)(const char *suite, res in, res want, void *ctx);

static void each_member(const json_value *obj, const char *suite, case_fn fn,
                        void *ctx) {
  for (size_t i = 0; obj && i < obj->count; i++) {
    const json_value *key = &obj->keys[i];
    int dup = 0;
    for (size_t j = i + 1; j < obj->count && !dup; j++)
      dup = obj->keys[j].len == key->len &&
            !memcmp(obj->keys[j].str, key->str, key->len);
    if (dup) continue;
    res in = latin1(key->str, key->len), want = want_of(&obj->items[i]);
    fn(suite, in, want, ctx);
    res_free(&in);
    res_free(&want);
  }
}

/* Every input of the data, for the idempotence property. */
static res *inputs;
static size_t n_inputs, cap_inputs;
static void remember(res in) {
  if (n_inputs == cap_inputs) {
    cap_inputs = cap_inputs ? 2 * cap_inputs : 256;
    inputs = realloc(inputs, cap_inputs * sizeof *inputs);
    if (!inputs) abort();
  }
  inputs[n_inputs++] = res_text(in.s, in.n);
}

static void profile_case(const char *suite, res in, res want, void *ctx) {
  res got = canon(*(url_canon_profile *)ctx, in.s, in.n);
  check_case(suite, in.s, in.n, got, want);
  remember(in);
  res_free(&got);
}

static void surt_case(const char *suite, res in, res want, void *ctx) {
  res got = surt((const char *)ctx, in.s, in.n);
  check_case(suite, in.s, in.n, got, want);
  remember(in);
  res_free(&got);
}

static void ssurt_case(const char *suite, res in, res want, void *ctx) {
  res got = ssurt(in.s, in.n);
  check_case(suite, in.s, in.n, got, want);
  remember(in);
  res_free(&got);
}

/* A helper's case run through a whole URL: prefix + input + suffix. */
typedef struct wrapped {
  const char *opts, *in_pre, *in_post, *want_pre, *want_post;
  const char *want_empty; /* the expected key when the value is "" */
} wrapped;

static res concat3(const char *a, const char *s, size_t n, const char *b) {
  size_t an = strlen(a), bn = strlen(b);
  res r = {0, malloc(an + n + bn + 1), an + n + bn};
  if (!r.s) abort();
  memcpy(r.s, a, an);
  memcpy(r.s + an, s, n);
  memcpy(r.s + an + n, b, bn + 1);
  return r;
}

static void wrapped_surt_case(const char *suite, res in, res want, void *ctx) {
  const wrapped *w = ctx;
  res full = concat3(w->in_pre, in.s, in.n, w->in_post);
  res exp = want.n || !w->want_empty
                ? concat3(w->want_pre, want.s, want.n, w->want_post)
                : concat3(w->want_empty, "", 0, "");
  res got = surt(w->opts, full.s, full.n);
  check_case(suite, in.s, in.n, got, exp);
  res_free(&full);
  res_free(&exp);
  res_free(&got);
}

static void unescape_case(const char *suite, res in, res want, void *ctx) {
  (void)ctx;
  char st[256];
  url_buf b;
  url_buf_init(&b, &url_mem_libc, st, sizeof st, MAX_LEN);
  url_pct_decode_repeatedly(&b, in.s, in.n);
  res got = res_text(b.ptr, b.len);
  check_case(suite, in.s, in.n, got, want);
  res_free(&got);
  url_buf_free(&b);
}

static void reverse_host_case(const char *suite, res in, res want, void *ctx) {
  (void)ctx;
  char st[256];
  url_buf b;
  url_buf_init(&b, &url_mem_libc, st, sizeof st, MAX_LEN);
  url_surt_reverse_host(&b, in.s, in.n, 1, 1);
  res got = res_text(b.ptr, b.len);
  check_case(suite, in.s, in.n, got, want);
  res_free(&got);
  url_buf_free(&b);
}

/* ssurtHost: the host part of url_ssurt("http://" + host + "/"). */
static void ssurt_host_case(const char *suite, res in, res want, void *ctx) {
  (void)ctx;
  res full = concat3("http://", in.s, in.n, "/");
  res exp = concat3("", want.s, want.n, "//http:/");
  res got = ssurt(full.s, full.n);
  check_case(suite, in.s, in.n, got, exp);
  res_free(&full);
  res_free(&exp);
  res_free(&got);
}

/* path_dots: the pathname of "scheme://h" + path. */
typedef struct dots_ctx {
  const char *prefix;
  url_canon_profile profile;
  int encode_dots; /* write each '.' as "%252e": the decoded-path resolver */
} dots_ctx;

static int not_rerun; /* inputs with '\' the decoded-dots rerun leaves out */

static void path_dots_case(const char *suite, res in, res want, void *ctx) {
  const dots_ctx *d = ctx;
  if (d->encode_dots && memchr(in.s, '\\', in.n)) {
    not_rerun++;
    return;
  }
  char buf[256];
  size_t w = 0;
  for (size_t i = 0; i < in.n && w + 6 < sizeof buf; i++) {
    if (d->encode_dots && in.s[i] == '.') {
      memcpy(buf + w, "%252e", 5);
      w += 5;
    } else {
      buf[w++] = in.s[i];
    }
  }
  /* A path that does not begin with '/' is left alone: in a WHATWG URL,
     that is an opaque path ("foo:" + path). */
  const char *prefix = w && buf[0] != '/' && strncmp(d->prefix, "http:", 5)
                           ? "foo:" : d->prefix;
  res full = concat3(prefix, buf, w, "");
  res got = canon_get(d->profile, full.s, full.n, url_pathname);
  res exp = res_text(want.s, want.n);
  /* the google profile also collapses "//" in special paths */
  if (d->profile == URL_CANON_GOOGLE && !strncmp(d->prefix, "http:", 5)) {
    size_t k = 0;
    for (size_t i = 0; i < exp.n; i++)
      if (exp.s[i] != '/' || k == 0 || exp.s[k - 1] != '/') exp.s[k++] = exp.s[i];
    exp.n = k;
  }
  check_case(suite, in.s, in.n, got, exp);
  res_free(&full);
  res_free(&got);
  res_free(&exp);
}

static void funky_ipv4_case(const char *suite, res in, res want, void *ctx) {
  (void)ctx;
  res full = concat3("http://", in.s, in.n, "/");
  res got = canon_get(URL_CANON_WHATWG, full.s, full.n, url_hostname);
  check_case(suite, in.s, in.n, got, want);
  res_free(&full);
  res_free(&got);
}

static void run_urlcanon(const char *dir) {
  static url_canon_profile sp = URL_CANON_SEMANTIC_PRECISE,
                           ag = URL_CANON_AGGRESSIVE, go = URL_CANON_GOOGLE;
  json_value *v = load(dir, "semantic_precise.json");
  each_member(v, "semantic_precise.json", profile_case, &sp);
  json_free(v);

  v = load(dir, "aggressive.json");
  each_member(v, "aggressive.json", profile_case, &ag);
  json_free(v);

  v = load(dir, "surt.json");
  each_member(json_get(v, "google"), "surt.json google", profile_case, &go);
  each_member(json_get(v, "googleSupplementalFromSurt"),
              "surt.json googleSupplementalFromSurt", profile_case, &go);
  /* The surt library: the canonical URL (surt=False, with_scheme=True). */
  const char *url_form = "{\"surt\": false, \"with_scheme\": true}";
  each_member(json_get(v, "Canonicalizer.DefaultIA"),
              "surt.json Canonicalizer.DefaultIA", surt_case, (void *)url_form);
  each_member(json_get(v, "Canonicalizer.IA"), "surt.json Canonicalizer.IA",
              surt_case, (void *)url_form);
  each_member(json_get(v, "defaultIASurt"), "surt.json defaultIASurt",
              surt_case, (void *)"{}");
  /* Helpers, through whole URLs (an empty query has no '?'). */
  each_member(json_get(v, "alphaRorderQuery"), "surt.json alphaRorderQuery",
              wrapped_surt_case,
              &(wrapped){"{}", "http://h/?", "", "h)/?", "", "h)/"});
  each_member(json_get(v, "massageHost"), "surt.json massageHost",
              wrapped_surt_case,
              &(wrapped){url_form, "http://", "/", "http://", "/", NULL});
  each_member(json_get(v, "stripPathSessionId"),
              "surt.json stripPathSessionId", wrapped_surt_case,
              &(wrapped){"{\"surt\": false, \"with_scheme\": true, "
                         "\"path_lowercase\": false, \"query_lowercase\": "
                         "false, \"path_strip_trailing_slash_unless_empty\": "
                         "false}",
                         "http://h", "", "http://h", "", NULL});
  each_member(json_get(v, "unescapeRepeatedly"), "surt.json unescapeRepeatedly",
              unescape_case, NULL);
  json_free(v);

  v = load(dir, "ssurt.json");
  each_member(json_get(v, "ssurtHost"), "ssurt.json ssurtHost", ssurt_host_case,
              NULL);
  each_member(json_get(v, "reverseHost"), "ssurt.json reverseHost",
              reverse_host_case, NULL);
  each_member(json_get(v, "ssurt"), "ssurt.json ssurt", ssurt_case, NULL);
  /* urlcanon's Heritrix-style SURT, without canonicalization: url_surt with
     the whatwg canonicalizer and the heritrix layout, whose defaults are
     urlcanon's surt(trailing_comma=True, with_scheme=True); its other forms
     name the option that is off. */
  each_member(json_get(v, "surt"), "ssurt.json surt", surt_case,
              (void *)"{\"canonicalizer\": \"whatwg\", \"heritrix\": true}");
  each_member(json_get(v, "surtWithoutScheme"), "ssurt.json surtWithoutScheme",
              surt_case,
              (void *)"{\"canonicalizer\": \"whatwg\", \"heritrix\": true, "
                      "\"with_scheme\": false}");
  each_member(json_get(v, "surtWithoutTrailingComma"),
              "ssurt.json surtWithoutTrailingComma", surt_case,
              (void *)"{\"canonicalizer\": \"whatwg\", \"heritrix\": true, "
                      "\"trailing_comma\": false}");
  json_free(v);

  v = load(dir, "path_dots.json");
  dots_ctx d[] = {
      {"http://h", URL_CANON_WHATWG, 0},
      {"foo://h", URL_CANON_WHATWG, 0},
      {"http://h", URL_CANON_GOOGLE, 1},
      {"foo://h", URL_CANON_GOOGLE, 1},
  };
  each_member(json_get(v, "special"), "path_dots.json special", path_dots_case,
              &d[0]);
  each_member(json_get(v, "nonspecial"), "path_dots.json nonspecial",
              path_dots_case, &d[1]);
  each_member(json_get(v, "special"), "path_dots.json special, decoded dots",
              path_dots_case, &d[2]);
  each_member(json_get(v, "nonspecial"),
              "path_dots.json nonspecial, decoded dots", path_dots_case, &d[3]);
  printf("path_dots.json: %d inputs with '\\' are not rerun with decoded dots "
         "(the rerun checks dot resolution; '\\' is checked above)\n",
         not_rerun);
  json_free(v);

  v = load(dir, "funky_ipv4.json");
  each_member(v, "funky_ipv4.json", funky_ipv4_case, NULL);
  json_free(v);
}

/* ------------------------------------------------- Safe Browsing data */

/* The words of a space-separated list, sorted, as one string (sets). */
static res as_set(res r) {
  if (r.null) return r;
  char **w = malloc((r.n + 1) * sizeof *w);
  size_t k = 0;
  for (char *t = strtok(r.s, " "); t; t = strtok(NULL, " ")) w[k++] = t;
  for (size_t i = 1; i < k; i++) /* insertion sort: short lists */
    for (size_t j = i; j > 0 && strcmp(w[j - 1], w[j]) > 0; j--) {
      char *x = w[j];
      w[j] = w[j - 1];
      w[j - 1] = x;
    }
  char *out = malloc(r.n + 1);
  size_t o = 0;
  for (size_t i = 0; i < k; i++) {
    if (i) out[o++] = ' ';
    size_t l = strlen(w[i]);
    memcpy(out + o, w[i], l);
    o += l;
  }
  res s = res_text(out, o);
  free(out);
  free(w);
  res_free(&r);
  return s;
}

/* Labels in an expression's (or a host's) host part. */
static size_t labels(const char *e) {
  size_t n = 1;
  for (; *e && *e != '/'; e++) n += *e == '.';
  return n;
}

/*
** An array of expected expressions or hosts as a space-separated list.  The
** Go client takes host suffixes from the last 7 labels where the
** documentation says 5: with `go_hosts`, expressions on hosts of more than
** five labels, other than the exact host, are left out (and counted).
*/
static res expected_list(const json_value *arr, int go_hosts, int *dropped) {
  size_t exact = 0;
  for (size_t i = 0; i < json_len(arr); i++) {
    size_t l = labels(json_str(json_at(arr, i), NULL));
    if (l > exact) exact = l;
  }
  char buf[8192];
  size_t w = 0;
  *dropped = 0;
  for (size_t i = 0; i < json_len(arr); i++) {
    size_t n;
    const char *e = json_str(json_at(arr, i), &n);
    size_t l = labels(e);
    if (go_hosts && l > 5 && l < exact) {
      ++*dropped;
      continue;
    }
    if (w + n + 1 >= sizeof buf) die("expected_list: too long", 0);
    if (w) buf[w++] = ' ';
    memcpy(buf + w, e, n);
    w += n;
  }
  return res_text(buf, w);
}

enum { LOOKUP_EXPRESSIONS, LOOKUP_HOSTS, LOOKUP_PATHS };

/* lookup() by what is asked: expressions, distinct hosts, or paths. */
static res lookup_of(const char *in, size_t n, int what) {
  if (what == LOOKUP_EXPRESSIONS) return lookup(in, n, 0);
  if (what == LOOKUP_HOSTS) return lookup(in, n, 1);
  text t;
  text_of(&t, in, n);
  char st[512];
  url u;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  int rc = url_canonicalize(&u, t.s, t.n, URL_CANON_GOOGLE);
  res r = NO_RESULT;
  if (rc == URL_OK) {
    url_lookup l;
    url_lookup_of(&u, &l);
    char buf[4096];
    size_t w = 0;
    for (size_t j = 0; j < l.n_paths; j++) {
      if (w) buf[w++] = ' ';
      memcpy(buf + w, l.paths[j].s, l.paths[j].n);
      w += l.paths[j].n;
    }
    r = res_text(buf, w);
  }
  url_free(&u);
  text_free(&t);
  return r;
}

static int adjusted; /* Go-client rows checked against the documented rule */

static void sb_case(const json_value *c) {
  size_t tn, in_n;
  const char *tag = json_str(json_get(c, "profile"), &tn);
  const char *raw = json_str(json_get(c, "input"), &in_n);
  if (!tag || !raw) die("safebrowsing.jsonl: malformed line", 0);
  const json_value *lb = json_get(c, "latin1_bytes");
  int is_latin1 = lb && json_len(lb) > 0;
  res in = is_latin1 ? latin1(raw, in_n) : res_text(raw, in_n);
  const json_value *jwant = json_get(c, "expected");
  const json_value *jerr = json_get(c, "error");
  int want_error = jerr && jerr->type == JSON_TRUE;
  int go = strstr(tag, "Go client") != NULL;
  res got = NO_RESULT, want = NO_RESULT;
  const char *suite;
  int dropped = 0;
  if (!strncmp(tag, "sb_lookup_expressions", 21) || !strncmp(tag, "sb_lookup_paths", 15)) {
    int paths = tag[10] == 'p';
    suite = paths ? "safebrowsing.jsonl lookup paths (as sets)"
            : go  ? "safebrowsing.jsonl lookup expressions, Go client (as sets)"
                  : "safebrowsing.jsonl lookup expressions, documentation (as sets)";
    got = as_set(lookup_of(in.s, in.n, paths ? LOOKUP_PATHS : LOOKUP_EXPRESSIONS));
    if (!want_error) want = as_set(expected_list(jwant, go && !paths, &dropped));
  } else if (!strncmp(tag, "sb_lookup_hosts", 15)) {
    suite = "safebrowsing.jsonl lookup hosts, Go client (in order)";
    got = lookup_of(in.s, in.n, LOOKUP_HOSTS);
    if (!want_error) want = expected_list(jwant, 1, &dropped);
  } else if (!strncmp(tag, "sb_parse_ipv4", 13)) {
    suite = "safebrowsing.jsonl IPv4 hosts";
    res full = concat3("http://", in.s, in.n, "/");
    text t;
    text_of(&t, full.s, full.n);
    char st[256];
    url u;
    url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
    int rc = url_canonicalize(&u, t.s, t.n, URL_CANON_GOOGLE);
    if (rc == URL_OK) {
      url_str h = url_hostname(&u);
      got = u.host_type == URL_HOST_IPV4 ? res_text(h.s, h.n) : res_text("", 0);
    } else if (rc != URL_FAILURE) {
      die("sb_parse_ipv4", rc);
    }
    url_free(&u);
    text_free(&t);
    res_free(&full);
    want = want_of(jwant);
  } else if (!strncmp(tag, "sb_canonical_host", 17)) {
    suite = "safebrowsing.jsonl canonical host";
    got = canon_get(URL_CANON_GOOGLE, in.s, in.n, url_hostname);
    want = want_of(jwant);
  } else if (!strncmp(tag, "sb_canonical_path", 17)) {
    suite = "safebrowsing.jsonl canonical path";
    got = canon_get(URL_CANON_GOOGLE, in.s, in.n, url_pathname);
    want = want_of(jwant);
  } else if (!strncmp(tag, "sb_canonical_url", 16)) {
    suite = go ? "safebrowsing.jsonl canonical URL, Go client (no port, no query)"
               : "safebrowsing.jsonl canonical URL, documentation (no port)";
    got = canon_google_without(in.s, in.n, go);
    want = want_of(jwant);
  } else {
    printf("FAIL safebrowsing.jsonl: unknown profile %s\n", tag);
    suites[suite_index("safebrowsing.jsonl")].fail++;
    res_free(&in);
    return;
  }
  adjusted += dropped != 0;
  if (dropped && verbose) {
    printf("ADJUSTED %s: input=", suite);
    json_print_str(in.s, in.n);
    printf(" (%d of the Go client's expected entries are on host suffixes "
           "beyond the documented five; checked without them)\n", dropped);
  }
  check_case(suite, in.s, in.n, got, want);
  remember(in);
  res_free(&in);
  res_free(&got);
  res_free(&want);
}

static void run_safebrowsing(const char *dir) {
  char path[4096];
  shared_file_in(path, sizeof path, dir, "safebrowsing.jsonl");
  FILE *f = fopen(path, "rb");
  if (!f) cannot_read(path);
  char line[65536];
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
    if (!n) continue;
    json_value *c = json_parse(line, n, path);
    if (!c) die("safebrowsing.jsonl: bad line", lineno);
    sb_case(c);
    json_free(c);
  }
  fclose(f);
}

/* --------------------------------------------------------- own cases */

#define T(s) res_text(s, strlen(s))
#define OR_NULL(s) ((s) ? T(s) : NO_RESULT)

static const struct {
  url_canon_profile p;
  const char *in, *want;
} CANON_CASES[] = {
    /* whatwg is url_href: no default scheme */
    {URL_CANON_WHATWG, "  http://EXAMPLE.com/a b  ", "http://example.com/a%20b"},
    {URL_CANON_WHATWG, "example.com", NULL},
    {URL_CANON_WHATWG, "http://example.com/%7Efoo?b=2&a=1#x",
     "http://example.com/%7Efoo?b=2&a=1#x"},
    /* semantic: what users mean by "the same page" */
    {URL_CANON_SEMANTIC, "HTTP://Example.COM:80/a/./b/../c?z=1&a=2#frag",
     "http://example.com/a/c?a=2&z=1"},
    {URL_CANON_SEMANTIC, "example.com", "http://example.com/"},
    /* a relative reference has no key: resolve it against its page first */
    {URL_CANON_SEMANTIC, "//example.com/x", NULL},
    /* "host:port" reads as a scheme, as in urlcanon and the surt library */
    {URL_CANON_SEMANTIC, "example.com:8080/x", "example.com:8080/x"},
    {URL_CANON_SEMANTIC, "http://example.com/%7Efoo", "http://example.com/~foo"},
    {URL_CANON_SEMANTIC, "http://example.com/~foo", "http://example.com/~foo"},
    {URL_CANON_SEMANTIC, "http://example.com/a%2Fb", "http://example.com/a/b"},
    {URL_CANON_SEMANTIC, "http://example.com/a%5Cb", "http://example.com/a/b"},
    {URL_CANON_SEMANTIC, "http://example.com/a%3Fb?c", "http://example.com/a%3Fb?c"},
    {URL_CANON_SEMANTIC, "http://example.com/a%23b", "http://example.com/a%23b"},
    {URL_CANON_SEMANTIC, "http://example.com/a/%252e%252e/b", "http://example.com/b"},
    {URL_CANON_SEMANTIC, "http://ex.com/?q=%C3%A9", "http://ex.com/?q=%C3%A9"},
    {URL_CANON_SEMANTIC, "http://ex.com/\xC3\xA9", "http://ex.com/%C3%A9"},
    {URL_CANON_SEMANTIC, "http://ex.com/?b=2&a=1&a", "http://ex.com/?a&a=1&b=2"},
    {URL_CANON_SEMANTIC, "http://ex.com/?a=1&", "http://ex.com/?&a=1"},
    {URL_CANON_SEMANTIC, "http://ex.com/?a=b=c", "http://ex.com/?a=b%3Dc"},
    {URL_CANON_SEMANTIC, "http://1.2.3.4../", "http://1.2.3.4/"},
    {URL_CANON_SEMANTIC, "http://..a..b../", "http://a.b/"},
    {URL_CANON_SEMANTIC, "http://1.2.3.4.5../", "http://1.2.3.4.5../"},
    {URL_CANON_SEMANTIC, "http://./x", "http://./x"},
    {URL_CANON_SEMANTIC, "file://localhost./x", "file:///x"},
    {URL_CANON_SEMANTIC, "file://./x", "file:///x"},
    {URL_CANON_SEMANTIC, "file:///C%7C/x", "file:///C:/x"},
    {URL_CANON_SEMANTIC, "file:////C%7C/x", "file:///C:/x"},
    {URL_CANON_SEMANTIC, "foo:%2F%2Fhost:abc/", "foo:%2F/host:abc/"},
    {URL_CANON_SEMANTIC, "foo://a%2Fb%3A1/", "foo://a%2Fb%3A1/"},
    {URL_CANON_SEMANTIC, "foo:/%2F%2Fx", "foo:/.///x"},
    {URL_CANON_SEMANTIC, "http://a@b@c/", "http://c/"},
    {URL_CANON_SEMANTIC, "Bücher.ch:8080", "http://xn--bcher-kva.ch:8080/"},
    {URL_CANON_SEMANTIC, "http://ex.com/#a%20b", "http://ex.com/"},
    {URL_CANON_SEMANTIC_PRECISE, "http://ex.com/#a%2520b", "http://ex.com/#a%20b"},
    {URL_CANON_SEMANTIC, "", NULL},
    {URL_CANON_SEMANTIC, "http://", NULL},
    {URL_CANON_SEMANTIC, "not a url", NULL},
    {URL_CANON_SEMANTIC, "http://exa\0mple.com/", NULL},
    /* aggressive */
    {URL_CANON_AGGRESSIVE, "https://www3.Example.com:443/A/B/?Z=1&a=2&&",
     "http://example.com/a/b?a=2&z=1"},
    {URL_CANON_AGGRESSIVE, "https://example.com:80/", "http://example.com/"},
    {URL_CANON_AGGRESSIVE, "foo://h/a//", "foo://h/a"},
    {URL_CANON_AGGRESSIVE, "mailto:x//", "mailto:x"},
    {URL_CANON_AGGRESSIVE, "http://ex.com/?sid=0123456789abcdef&x=1",
     "http://ex.com/?x=1"},
    {URL_CANON_AGGRESSIVE, "http://ex.com/?sid=0123456789abcde&x=1",
     "http://ex.com/?sid=0123456789abcde&x=1"},
    {URL_CANON_AGGRESSIVE, "http://ex.com/?jsessionid=abc", "http://ex.com/?jsessionid=abc"},
    {URL_CANON_AGGRESSIVE, "http://ex.com/?a=1&cftoken=3&b=2&cfid=12",
     "http://ex.com/?a=1&b=2"},
    {URL_CANON_AGGRESSIVE, "http://ex.com/?cftoken=3&cfj=1&cfid=12",
     "http://ex.com/?cfid=12&cfj=1&cftoken=3"},
    {URL_CANON_AGGRESSIVE, "http://www.ex.com/?", "http://ex.com/"},
    {URL_CANON_AGGRESSIVE, "http://www.www2.ex.com/", "http://ex.com/"},
    /* each key a fixed point, where one pass of urlcanon's steps is not */
    {URL_CANON_AGGRESSIVE,
     "http://h/(4hqa0555fwsecu455xqckv45)/x.aspx;jsessionid=0123456789abcdef0123456789abcdef",
     "http://h/x.aspx"},
    {URL_CANON_AGGRESSIVE, "http://h/x;jsessionid=0123456789abcdef0123456789abcdef/",
     "http://h/x"},
    {URL_CANON_AGGRESSIVE, "http://h/(4hqa0555fwsecu455xqckv45)/x.aspx/", "http://h/x.aspx"},
    {URL_CANON_AGGRESSIVE, "http://h/?cfid=1&CFTOKEN=2&cfe=x", "http://h/?cfe=x"},
    {URL_CANON_AGGRESSIVE, "http://h/?cfid=1&cfid=2&cftoken=3&cftoken=4", "http://h/"},
    {URL_CANON_GOOGLE, "no://u@%2e%2e/", "no://u@%2e%2e/"},
    {URL_CANON_SEMANTIC, "no://u@%2e%2e:80/", "no://%2e%2e:80/"},
    {URL_CANON_SEMANTIC, "no://u@%2e%2e/", "no:///"},
    {URL_CANON_AGGRESSIVE, "http://ex.com/%C3%A9", "http://ex.com/%c3%a9"},
    /* google: Safe Browsing */
    {URL_CANON_GOOGLE, "http://user:p%40ss@host/", "http://user:p%40ss@host/"},
    {URL_CANON_GOOGLE, "http://host/a%5Cb", "http://host/a%5Cb"},
    {URL_CANON_GOOGLE, "http://host/a%3Fb", "http://host/a%3Fb"},
    {URL_CANON_GOOGLE, "http://h/a%3F%5C", "http://h/a%3F%5C"},
    {URL_CANON_GOOGLE, "http://host:8080/#x", "http://host:8080/"},
    {URL_CANON_GOOGLE, "http://host/?a%26b=%3D", "http://host/?a&b=="},
};

static void run_canon_cases(void) {
  for (size_t i = 0; i < sizeof CANON_CASES / sizeof CANON_CASES[0]; i++) {
    const char *in = CANON_CASES[i].in;
    size_t n = strlen(in);
    if (!strcmp(in, "http://exa")) n = 20; /* with its embedded NUL */
    res got = canon(CANON_CASES[i].p, in, n), want = OR_NULL(CANON_CASES[i].want);
    char what[512];
    snprintf(what, sizeof what, "url_canonical('%s', '%s')", in,
             url_canon_profile_name(CANON_CASES[i].p));
    expect("own: url_canonical", what, got, want);
    remember((res){0, (char *)in, n});
  }
}

static const struct {
  const char *opts, *in, *want;
} SURT_CASES[] = {
    /* the surt library's own tests (tests/test_surt.py) */
    {"{}", "http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
    {"{\"trailing_comma\": true}", "http://archive.org/goo/?a=2&b&a=1",
     "org,archive,)/goo?a=1&a=2&b"},
    {"{\"trailing_comma\": true}", "dns:archive.org", "dns:archive.org"},
    {"{\"trailing_comma\": true}", "warcinfo:foo.warc.gz", "warcinfo:foo.warc.gz"},
    {"{}", "mailto:foo@example.com", "mailto:foo@example.com"},
    {"{\"with_scheme\": true}", "http://www.example.com/", "http://(com,example)/"},
    {"{\"with_scheme\": false}", "http://www.example.com/", "com,example)/"},
    {"{\"with_scheme\": true, \"trailing_comma\": true}", "https://www.example.com/",
     "https://(com,example,)/"},
    {"{\"with_scheme\": false, \"trailing_comma\": true}", "ftp://www.example.com/",
     "com,example,)/"},
    {"{\"with_scheme\": true, \"host_massage\": false}", "http://www.example.com/",
     "http://(com,example,www)/"},
    {"{\"with_scheme\": false, \"host_massage\": false}", "http://www.example.com/",
     "com,example,www)/"},
    {"{\"with_scheme\": true, \"trailing_comma\": true, \"host_massage\": false}",
     "ftp://www.example.com/", "ftp://(com,example,www,)/"},
    {"{\"with_scheme\": true}", "mailto:foo@example.com", "mailto:foo@example.com"},
    {"{\"with_scheme\": true}", "dns:archive.org", "dns:archive.org"},
    {"{\"with_scheme\": true}", "whois://whois.isoc.org.il/shaveh.co.il",
     "whois://(il,org,isoc,whois)/shaveh.co.il"},
    {"{\"trailing_comma\": true}", "whois://whois.isoc.org.il/shaveh.co.il",
     "il,org,isoc,whois,)/shaveh.co.il"},
    {"{\"with_scheme\": true, \"trailing_comma\": true}", "warcinfo:foo.warc.gz",
     "warcinfo:foo.warc.gz"},
    {"{}", "http://example.com/app?item=Wroc%C5%82aw",
     "com,example)/app?item=wroc%c5%82aw"},
    {"{\"reverse_ipaddr\": false}", "http://www.example.com/", "com,example)/"},
    {"{}", "http://192.168.1.254/info/", "254,1,168,192)/info"},
    {"{\"reverse_ipaddr\": true}", "http://192.168.1.254/info/", "254,1,168,192)/info"},
    {"{\"reverse_ipaddr\": false}", "http://192.168.1.254/info/", "192.168.1.254)/info"},
    {"{}", "http://example.com/foo?X=Y", "com,example)/foo?x=y"},
    {"{\"query_lowercase\": false}", "http://example.com/foo?X=Y", "com,example)/foo?X=Y"},
    {"{\"surt\": false, \"with_scheme\": true}", "http://example.com/foo?X=Y",
     "http://example.com/foo?x=y"},
    {"{}", "http://https://order.1and1.com", "com,1and1,order)/"},
    {"{}", "http:////////////////www.vikings.com", "com,vikings)/"},
    {"{}", "http://mineral.galleries.com:/minerals/silicate/chabazit/chabazit.htm",
     "com,galleries,mineral)/minerals/silicate/chabazit/chabazit.htm"},
    /* every option */
    {"{\"path_strip_empty\": true}", "http://archive.org/", "org,archive)"},
    {"{\"path_strip_empty\": true}", "http://archive.org/?a", "org,archive)/?a"},
    {"{\"query_strip_empty\": false}", "http://archive.org/goo/?", "org,archive)/goo?"},
    {"{\"query_alpha_reorder\": false}", "http://archive.org/goo/?b&a",
     "org,archive)/goo?b&a"},
    {"{\"path_lowercase\": false}", "http://archive.org/Goo", "org,archive)/Goo"},
    {"{\"path_strip_trailing_slash_unless_empty\": false}", "http://archive.org/goo/",
     "org,archive)/goo/"},
    {"{}", "http://h/(4hqa0555fwsecu455xqckv45)/mileg.aspx", "h)/mileg.aspx"},
    {"{\"path_strip_session_id\": false}",
     "http://h/(4hqa0555fwsecu455xqckv45)/mileg.aspx",
     "h)/(4hqa0555fwsecu455xqckv45)/mileg.aspx"},
    {"{\"query_strip_session_id\": false}",
     "http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile",
     "org,archive)/index.php?action=profile&phpsessid=0123456789abcdefghijklemopqrstuv"},
    {"{}", "http://archive.org/?x=1&jsessionid=0123456789abcdefghijklemopqrstuv",
     "org,archive)/?&x=1"},
    /* the library's stripQuerySessionID cases, through whole URLs */
    {"{\"query_alpha_reorder\": false}",
     "http://h/?one=two&jsessionid=0123456789abcdefghijklemopqrstuv&x=y", "h)/?one=two&x=y"},
    {"{\"query_alpha_reorder\": false}",
     "http://h/?jsessionid=0123456789abcdefghijklemopqrstuv0", "h)/?jsessionid=0123456789abcdefghijklemopqrstuv0"},
    {"{\"query_alpha_reorder\": false}",
     "http://h/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", "h)/?x=y"},
    {"{\"query_alpha_reorder\": false}",
     "http://h/?one=two&phpsessid=0123456789abcdefghijklemopqrstuv", "h)/?one=two&"},
    {"{\"query_alpha_reorder\": false}",
     "http://h/?sid=9682993c8daa2c5497996114facdc805&jsessionid=0123456789abcdefghijklemopqrstuv",
     "h)/"},
    {"{\"query_alpha_reorder\": false}",
     "http://h/?CFID=14475712&CFTOKEN=2D89F5AF-3048-2957-DA4EE4B6B13661AB&r=468710288378&m=forgotten",
     "h)/?r=468710288378&m=forgotten"},
    {"{\"query_alpha_reorder\": false}",
     "http://h/?CFID=4308017&CFTOKEN=63914124&requestID=200608200458360%2E39414378",
     "h)/?requestid=200608200458360.39414378"},
    {"{\"public_suffix\": true}", "http://www.images.amazon.co.uk/x", "uk,co,amazon)/x"},
    {"{\"public_suffix\": true}", "http://192.168.1.254/", "254,1,168,192)/"},
    {"{\"host_lowercase\": false, \"auth_strip_user\": false, \"auth_strip_pass\": "
     "false, \"port_strip_default\": false, \"hash_strip\": false}",
     "http://u:p@www.example.com:80/#x", "com,example)/"},
    {"{\"surt\": false}", "http://www.example.com/a", "example.com/a"},
    /* other canonicalizers (the library's canonicalizer argument) */
    {"{\"canonicalizer\": \"semantic\"}", "http://www.Example.com/b/?z&a#f",
     "com,example,www)/b/?a&z"},
    {"{\"canonicalizer\": \"aggressive\"}", "http://www.Example.com/b/?z&a#f",
     "com,example)/b?a&z"},
    {"{\"canonicalizer\": \"whatwg\"}", "http://www.example.com/B/?z#f",
     "com,example,www)/B/?z#f"},
    {"{\"canonicalizer\": \"ia\"}", "http://www.example.com/B/?z#f", "com,example)/b?z"},
    /* records and errors */
    {"{}", "", "-"},
    {"{}", "filedesc:foo.arc.gz", "filedesc:foo.arc.gz"},
    {"{}", "http://exa mple.com/", NULL},
    {"{}", "http://user:pass@www.example.com:8080/A?b=1#x", "com,example:8080)/a?b=1"},
    {"{\"trailing_comma\": true}", "http://example.com:8080/", "com,example:8080,)/"},
    {"{}", "http://[2001:DB8::1]/x", "[2001:db8::1])/x"},
    {"{\"with_scheme\": true}", "dns://www.example.org/x", "dns:(org,example,www)/x"},
    {"{}", "example.com/x", "com,example)/x"},
    {"{}", "http://a...b/", "b,a)/"},
    {"{}", "http://www.www2.example.com/", "com,example,www2)/"},
};

static void run_surt_cases(void) {
  char what[512];
  for (size_t i = 0; i < sizeof SURT_CASES / sizeof SURT_CASES[0]; i++) {
    res got = surt(SURT_CASES[i].opts, SURT_CASES[i].in, strlen(SURT_CASES[i].in));
    res want = OR_NULL(SURT_CASES[i].want);
    snprintf(what, sizeof what, "url_surt('%s', '%s')", SURT_CASES[i].in,
             SURT_CASES[i].opts);
    expect("own: url_surt", what, got, want);
  }
}

static const struct {
  const char *in, *want;
} SSURT_CASES[] = {
    {"file:///x", "//file:/x"},
    {"http://[::1]:8080/", "[::1]//8080:http:/"},
    {"http://1.2.3.4/", "1.2.3.4//http:/"},
    {"foo:/.//x", "foo:/.//x"},
    {"http://a,b.example/", "example,a.b,//http:/"},
    {"http://:pw@example.com/", "com,example,//http@:pw:/"},
    {"HTTP://EXAMPLE.com/?q#f", "com,example,//http:/?q#f"},
    {"not a url", NULL},
};

static const struct {
  const char *in, *want; /* expressions in row order; NULL: no rows at all */
} LOOKUP_CASES[] = {
    {"http://a.b.c/1/2.html?param=1",
     "a.b.c/1/2.html?param=1 a.b.c/1/2.html a.b.c/ a.b.c/1/ "
     "b.c/1/2.html?param=1 b.c/1/2.html b.c/ b.c/1/"},
    {"http://a.b.c.d.e.f.g/1.html",
     "a.b.c.d.e.f.g/1.html a.b.c.d.e.f.g/ c.d.e.f.g/1.html c.d.e.f.g/ "
     "d.e.f.g/1.html d.e.f.g/ e.f.g/1.html e.f.g/ f.g/1.html f.g/"},
    {"http://1.2.3.4/1/", "1.2.3.4/1/ 1.2.3.4/"},
    {"http://[::1]/a/b", "[::1]/a/b [::1]/ [::1]/a/"},
    {"http://ex.com:8080/a?b#c", "ex.com/a?b ex.com/a ex.com/"},
    {"http://a.b/?", "a.b/"},
    {"HTTP://WWW.Ex.com/a/b/c/d/e/f/g.html",
     "www.ex.com/a/b/c/d/e/f/g.html www.ex.com/ www.ex.com/a/ www.ex.com/a/b/ "
     "www.ex.com/a/b/c/ ex.com/a/b/c/d/e/f/g.html ex.com/ ex.com/a/ ex.com/a/b/ "
     "ex.com/a/b/c/"},
    {"ex.com", "ex.com/"},
    {"mailto:x@y", ""},
    {"file:///etc/passwd", ""},
    {"http://exa mple.com/", NULL},
};

static void run_ssurt_lookup_cases(void) {
  char what[512];
  for (size_t i = 0; i < sizeof SSURT_CASES / sizeof SSURT_CASES[0]; i++) {
    res got = ssurt(SSURT_CASES[i].in, strlen(SSURT_CASES[i].in));
    res want = OR_NULL(SSURT_CASES[i].want);
    snprintf(what, sizeof what, "url_ssurt('%s')", SSURT_CASES[i].in);
    expect("own: url_ssurt", what, got, want);
  }
  for (size_t i = 0; i < sizeof LOOKUP_CASES / sizeof LOOKUP_CASES[0]; i++) {
    res got = lookup(LOOKUP_CASES[i].in, strlen(LOOKUP_CASES[i].in), 0);
    res want = OR_NULL(LOOKUP_CASES[i].want);
    snprintf(what, sizeof what, "url_lookup_expressions('%s')", LOOKUP_CASES[i].in);
    expect("own: url_lookup_expressions", what, got, want);
    remember((res){0, (char *)LOOKUP_CASES[i].in, strlen(LOOKUP_CASES[i].in)});
  }
}

/* url_strip_params with a list of patterns ("@tracking" included). */
static int strip_pred(void *ctx, const char *name, size_t n) {
  for (const char *const *p = ctx; *p; p++) {
    if (!strcmp(*p, "@tracking") ? url_param_is_tracking(name, n)
                                 : url_param_glob(*p, strlen(*p), name, n))
      return 1;
  }
  return 0;
}

static const struct {
  const char *in;
  const char *patterns[4];
  const char *want;
} STRIP_CASES[] = {
    {"https://ex.com/?utm_source=a&id=7&utm_medium=b#top", {"utm_*"},
     "https://ex.com/?id=7#top"},
    {"https://ex.com/?utm_source=a", {"utm_*"}, "https://ex.com/"},
    {"https://ex.com/?utm_source=a#f", {"@tracking"}, "https://ex.com/#f"},
    {"https://ex.com/?a=1&fbclid=x&b=%20&gclid=y", {"@tracking"},
     "https://ex.com/?a=1&b=%20"},
    {"https://ex.com/?b=2&a=1", {"c"}, "https://ex.com/?b=2&a=1"},
    {"https://ex.com/?utm%5Fsource=a&x", {"utm_source"}, "https://ex.com/?x"},
    {"https://ex.com/?a+b=1&c", {"a b"}, "https://ex.com/?c"},
    {"https://ex.com/?&&a=1&&", {"a"}, "https://ex.com/"},
    {"https://ex.com/?a=1&&b=2", {"a"}, "https://ex.com/?&b=2"},
    {"https://ex.com/", {"a"}, "https://ex.com/"},
    {"https://ex.com/?", {"a"}, "https://ex.com/?"},
    {"https://ex.com/?ab=1&ba=2&abc=3&ac", {"a*c"}, "https://ex.com/?ab=1&ba=2"},
    {"https://ex.com/?a=1&b=2", {"*"}, "https://ex.com/"},
    {"https://ex.com/?UTM_SOURCE=x", {"@tracking"}, "https://ex.com/?UTM_SOURCE=x"},
    {"https://ex.com/?hsCtaTracking=1&_ga=2.1&x", {"@tracking"}, "https://ex.com/?x"},
    {"https://ex.com/?a=1&b=2&c=3", {"a", "c"}, "https://ex.com/?b=2"},
    {"https://ex.com/?a=%zz&b", {"a"}, "https://ex.com/?b"},
    {"mailto:a?utm_source=x", {"@tracking"}, "mailto:a"},
};

static void run_strip_cases(void) {
  char what[512];
  for (size_t i = 0; i < sizeof STRIP_CASES / sizeof STRIP_CASES[0]; i++) {
    char st[256], ost[256];
    url u, o;
    url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
    url_init(&o, &url_mem_libc, ost, sizeof ost, MAX_LEN);
    const char *in = STRIP_CASES[i].in;
    int rc = url_parse(&u, in, strlen(in), NULL);
    if (rc == URL_OK)
      rc = url_strip_params(&o, &u, strip_pred, (void *)STRIP_CASES[i].patterns);
    res got = from_url(rc, &o, url_href), want = OR_NULL(STRIP_CASES[i].want);
    snprintf(what, sizeof what, "url_strip_params('%s', '%s'...)", in,
             STRIP_CASES[i].patterns[0]);
    expect("own: url_strip_params", what, got, want);
    url_free(&u);
    url_free(&o);
  }
  static const struct {
    const char *glob, *name;
    int want;
  } GLOBS[] = {
      {"a*b*c", "aXbYc", 1}, {"a*b*c", "abc", 1}, {"a*b*c", "acb", 0},
      {"*", "", 1},          {"", "", 1},         {"", "a", 0},
      {"utm_*", "utm_", 1},  {"utm_*", "utm", 0}, {"*_id", "user_id", 1},
      {"a**", "a", 1},       {"*a", "bab", 0},    {"*ab", "aab", 1},
  };
  for (size_t i = 0; i < sizeof GLOBS / sizeof GLOBS[0]; i++) {
    int g = url_param_glob(GLOBS[i].glob, strlen(GLOBS[i].glob), GLOBS[i].name,
                           strlen(GLOBS[i].name));
    snprintf(what, sizeof what, "glob '%s' on '%s'", GLOBS[i].glob, GLOBS[i].name);
    expect("own: url_strip_params", what, T(g ? "match" : "no match"),
           T(GLOBS[i].want ? "match" : "no match"));
  }
  /* The list is sorted (README prints it; keep one order). */
  for (size_t i = 1; i < url_tracking_params_count; i++)
    expect("own: url_strip_params", "tracking list sorted",
           T(strcmp(url_tracking_params[i - 1], url_tracking_params[i]) < 0
                 ? "sorted" : url_tracking_params[i]),
           T("sorted"));
}

/* The key of in with the steps, through url_canon_run. */
static res run_steps(const char *in, size_t n, uint32_t steps) {
  text t;
  text_of(&t, in, n);
  char st[512];
  url u;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  res r = from_url(url_canon_run(&u, t.s, t.n, steps), &u, url_href);
  url_free(&u);
  text_free(&t);
  return r;
}

/*
** The fast path (an input the steps would not change is kept as parsed)
** gives what running every step gives, for every input seen, with every
** profile's steps and the surt library's default and lowercase-free ones.
*/
static void run_fast_path(void) {
  url_surt_opts ia, ia_case =
      surt_opts("{\"path_lowercase\": false, \"query_lowercase\": false}");
  url_surt_opts_default(&ia);
  for (size_t i = 0; i < n_inputs; i++) {
    uint32_t steps[URL_CANON_PROFILES + 2];
    for (int p = 0; p < URL_CANON_PROFILES; p++)
      steps[p] = url_canon_profile_steps((url_canon_profile)p);
    steps[URL_CANON_PROFILES] = url_surt_steps(&ia, inputs[i].s, inputs[i].n);
    steps[URL_CANON_PROFILES + 1] =
        url_surt_steps(&ia_case, inputs[i].s, inputs[i].n);
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
      res fast = run_steps(inputs[i].s, inputs[i].n, steps[k]);
      res full = run_steps(inputs[i].s, inputs[i].n, steps[k] | URL_CS_NO_FAST_PATH);
      char what[600];
      snprintf(what, sizeof what, "steps %zu on %.400s", k, inputs[i].s);
      expect("fast path = every step (every input x 7 step sets)", what, fast, full);
    }
  }
}

/* canon(canon(x, p), p) == canon(x, p) for every input seen, every profile. */
static void run_idempotence(void) {
  for (size_t i = 0; i < n_inputs; i++) {
    for (int p = 0; p < URL_CANON_PROFILES; p++) {
      res once = canon((url_canon_profile)p, inputs[i].s, inputs[i].n);
      if (once.null) {
        suites[suite_index("idempotence (every input x 5 profiles)")].pass++;
        continue;
      }
      res twice = canon((url_canon_profile)p, once.s, once.n);
      char what[600];
      snprintf(what, sizeof what, "%s twice on %.400s",
               url_canon_profile_name((url_canon_profile)p), inputs[i].s);
      expect("idempotence (every input x 5 profiles)", what, twice, once);
    }
  }
}

int main(void) {
  const char *dir = "canon";
  verbose = check_verbose();
  memcpy(KNOWN, KNOWN_INIT, sizeof KNOWN);
  run_urlcanon(dir);
  run_safebrowsing(dir);
  run_canon_cases();
  run_surt_cases();
  run_ssurt_lookup_cases();
  run_strip_cases();
  run_idempotence();
  run_fast_path();

  int whatwg = 0, definition = 0;
  for (size_t i = 0; i < N_KNOWN; i++) {
    if (KNOWN[i].used == 1) continue;
    printf("FAIL listed case %s %s ran %d times (once expected)\n",
           KNOWN[i].suite, KNOWN[i].input, KNOWN[i].used);
    check(0);
  }
  puts("");
  for (int i = 0; i < n_suites; i++) {
    int total = suites[i].pass + suites[i].fail + suites[i].whatwg +
                suites[i].definition;
    printf("%s: %d/%d as expected", suites[i].name, suites[i].pass, total);
    if (suites[i].whatwg) printf(", %d WHATWG disagreement%s listed",
                                 suites[i].whatwg, suites[i].whatwg > 1 ? "s" : "");
    if (suites[i].definition)
      printf(", %d definition difference%s listed", suites[i].definition,
             suites[i].definition > 1 ? "s" : "");
    if (suites[i].fail) printf(", %d FAILED", suites[i].fail);
    putchar('\n');
    passed += suites[i].pass + suites[i].whatwg + suites[i].definition;
    failed += suites[i].fail;
    whatwg += suites[i].whatwg;
    definition += suites[i].definition;
  }
  printf("listed: %d WHATWG disagreements, %d definition differences; "
         "%d Go-client rows checked against the documented host rule%s\n",
         whatwg, definition, adjusted,
         verbose ? "" : " (VERBOSE=1 prints each)");
  for (size_t i = 0; i < n_inputs; i++) res_free(&inputs[i]);
  free(inputs);
  if (psl_open) url_psl_close(&psl_list);
  return check_summary();
}
