/*
** Unit tests of parts/host_labels.c (TLD, subdomain, host without www, host
** hierarchy) and parts/path_levels.c (URL hierarchy, file extension), table
** driven: each row is a URL parsed by the URL parser, then every part of
** its host or path compared with the expectation.
**
** Expectations: the URL Standard's host parser (IPv4 in any notation, IDNs
** to xn--, opaque hosts of non-special URLs, file: hosts) and path parser
** (dot segments resolved), and the Public Suffix List as Debian's
** `publicsuffix` package ships it (rules used have been in it for years:
** co.uk, github.io and blogspot.com in the private section, *.ck / !www.ck).
**
** Prints mismatches and the final line "N passed, N failed"; exits non-zero
** if anything failed.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host_labels.h"
#include "mem_libc.h"
#include "parse.h"
#include "path_levels.h"
#include "psl.h"
#include "url.h"

static const char *show(const char *s) { return s ? s : "(null)"; }

/* A slice as a NUL-terminated string in buf, or NULL when null. */
static const char *str_of(int rc, url_str s, char *buf, size_t size) {
  if (rc != URL_OK || !s.s) return NULL;
  snprintf(buf, size, "%.*s", (int)s.n, s.s);
  return buf;
}

static int same(const char *got, const char *want) {
  return got && want ? !strcmp(got, want) : got == want;
}

static int parse(url *u, char *st, size_t cap, const char *in) {
  url_init(u, &url_mem_libc, st, cap, 1 << 20);
  return url_parse(u, in, strlen(in), NULL);
}

/* ------------------------------------------------------------- hosts */

typedef struct host_case {
  const char *in;        /* a URL */
  const char *type;      /* url_host_type_name, NULL: no host */
  const char *tld;
  const char *sub;       /* subdomain, full list */
  const char *sub_icann; /* subdomain, ICANN section */
  const char *www;       /* host without www */
  const char *levels;    /* host hierarchy, full list: "depth:host|..." */
  const char *levels_icann;
} host_case;

static const host_case host_cases[] = {
    {"https://www.example.co.uk/", "domain", "uk", "www", "www",
     "example.co.uk", "1:www.example.co.uk|0:example.co.uk",
     "1:www.example.co.uk|0:example.co.uk"},
    {"https://x.y.example.co.uk/", "domain", "uk", "x.y", "x.y",
     "x.y.example.co.uk",
     "2:x.y.example.co.uk|1:y.example.co.uk|0:example.co.uk",
     "2:x.y.example.co.uk|1:y.example.co.uk|0:example.co.uk"},
    {"https://example.com/a", "domain", "com", "", "", "example.com",
     "0:example.com", "0:example.com"},
    {"https://com/", "domain", "com", NULL, NULL, "com", "0:com", "0:com"},
    {"https://EXAMPLE.COM/", "domain", "com", "", "", "example.com",
     "0:example.com", "0:example.com"},
    /* A trailing dot: ignored by the TLD, kept elsewhere. */
    {"https://www.example.com./", "domain", "com", "www", "www",
     "example.com.", "1:www.example.com.|0:example.com.",
     "1:www.example.com.|0:example.com."},
    {"https://com./", "domain", "com", NULL, NULL, "com.", "0:com.", "0:com."},
    /* Two trailing dots: the last label is empty. */
    {"https://a.example.com../", "domain", "", "a.example", "a.example",
     "a.example.com..", "2:a.example.com..|1:example.com..|0:com..",
     "2:a.example.com..|1:example.com..|0:com.."},
    {"https://a..com/", "domain", "com", "a", "a", "a..com",
     "1:a..com|0:.com", "1:a..com|0:.com"},
    /* Private-section suffixes under both sections. */
    {"https://whatwg.github.io/", "domain", "io", "", "whatwg",
     "whatwg.github.io", "0:whatwg.github.io",
     "1:whatwg.github.io|0:github.io"},
    {"https://github.io/", "domain", "io", NULL, "", "github.io",
     "0:github.io", "0:github.io"},
    {"https://www.github.io/", "domain", "io", "", "www", "github.io",
     "0:www.github.io", "1:www.github.io|0:github.io"},
    {"https://a.b.blogspot.com/", "domain", "com", "a", "a.b",
     "a.b.blogspot.com", "1:a.b.blogspot.com|0:b.blogspot.com",
     "2:a.b.blogspot.com|1:b.blogspot.com|0:blogspot.com"},
    {"https://x.blogspot.co.uk./", "domain", "uk", "", "x", "x.blogspot.co.uk.",
     "0:x.blogspot.co.uk.", "1:x.blogspot.co.uk.|0:blogspot.co.uk."},
    /* Wildcard and exception rules: *.ck, !www.ck. */
    {"https://b.ck/", "domain", "ck", NULL, NULL, "b.ck", "0:b.ck", "0:b.ck"},
    {"https://x.a.b.ck/", "domain", "ck", "x", "x", "x.a.b.ck",
     "1:x.a.b.ck|0:a.b.ck", "1:x.a.b.ck|0:a.b.ck"},
    {"https://sub.www.ck/", "domain", "ck", "sub", "sub", "sub.www.ck",
     "1:sub.www.ck|0:www.ck", "1:sub.www.ck|0:www.ck"},
    /* Not on the list: the "*" rule. */
    {"http://intranet.corp.zz/", "domain", "zz", "intranet", "intranet",
     "intranet.corp.zz", "1:intranet.corp.zz|0:corp.zz",
     "1:intranet.corp.zz|0:corp.zz"},
    {"http://localhost:3000/", "domain", "localhost", NULL, NULL, "localhost",
     "0:localhost", "0:localhost"},
    /* IDN: punycode out, whatever came in. */
    {"https://www.münchen.de/", "domain", "de", "www", "www",
     "xn--mnchen-3ya.de", "1:www.xn--mnchen-3ya.de|0:xn--mnchen-3ya.de",
     "1:www.xn--mnchen-3ya.de|0:xn--mnchen-3ya.de"},
    {"https://WWW.xn--mnchen-3ya.de/", "domain", "de", "www", "www",
     "xn--mnchen-3ya.de", "1:www.xn--mnchen-3ya.de|0:xn--mnchen-3ya.de",
     "1:www.xn--mnchen-3ya.de|0:xn--mnchen-3ya.de"},
    {"https://sub.example.إختبار/", "domain", "xn--kgbechtv", "sub", "sub",
     "sub.example.xn--kgbechtv",
     "1:sub.example.xn--kgbechtv|0:example.xn--kgbechtv",
     "1:sub.example.xn--kgbechtv|0:example.xn--kgbechtv"},
    {"http://例子.卷筒纸.中国/", "domain", "xn--fiqs8s", "xn--fsqu00a",
     "xn--fsqu00a", "xn--fsqu00a.xn--3lr804guic.xn--fiqs8s",
     "1:xn--fsqu00a.xn--3lr804guic.xn--fiqs8s|0:xn--3lr804guic.xn--fiqs8s",
     "1:xn--fsqu00a.xn--3lr804guic.xn--fiqs8s|0:xn--3lr804guic.xn--fiqs8s"},
    /* www: one leading label, domains only. */
    {"https://www.www.example.com/", "domain", "com", "www.www", "www.www",
     "www.example.com",
     "2:www.www.example.com|1:www.example.com|0:example.com",
     "2:www.www.example.com|1:www.example.com|0:example.com"},
    {"https://www.com/", "domain", "com", "", "", "com", "0:www.com",
     "0:www.com"},
    {"https://www./", "domain", "www", NULL, NULL, "www.", "0:www.", "0:www."},
    {"https://wwwx.com/", "domain", "com", "", "", "wwwx.com", "0:wwwx.com",
     "0:wwwx.com"},
    {"https://www/", "domain", "www", NULL, NULL, "www", "0:www", "0:www"},
    /* IPv4 in any notation: an address, not labels. */
    {"http://0x7f.1/", "ipv4", NULL, NULL, NULL, "127.0.0.1", "0:127.0.0.1",
     "0:127.0.0.1"},
    {"http://3232235777/", "ipv4", NULL, NULL, NULL, "192.168.1.1",
     "0:192.168.1.1", "0:192.168.1.1"},
    {"http://0300.0250.1.1./", "ipv4", NULL, NULL, NULL, "192.168.1.1",
     "0:192.168.1.1", "0:192.168.1.1"},
    {"http://1.2.3.4.example/", "domain", "example", "1.2.3", "1.2.3",
     "1.2.3.4.example", "3:1.2.3.4.example|2:2.3.4.example|1:3.4.example|0:4.example",
     "3:1.2.3.4.example|2:2.3.4.example|1:3.4.example|0:4.example"},
    /* IPv6. */
    {"http://[::1]:8080/", "ipv6", NULL, NULL, NULL, "[::1]", "0:[::1]",
     "0:[::1]"},
    {"http://[2001:DB8::0:1]/", "ipv6", NULL, NULL, NULL, "[2001:db8::1]",
     "0:[2001:db8::1]", "0:[2001:db8::1]"},
    /* Opaque hosts (non-special URLs): not domains, left as they are. */
    {"foo://www.Example.com/x", "opaque", NULL, NULL, NULL, "www.Example.com",
     "0:www.Example.com", "0:www.Example.com"},
    {"svn+ssh://www.some.svn-hosting.com:80/repo/trunk", "opaque", NULL, NULL,
     NULL, "www.some.svn-hosting.com", "0:www.some.svn-hosting.com",
     "0:www.some.svn-hosting.com"},
    /* file: URLs: an empty host (localhost becomes empty), or a domain. */
    {"file:///etc/hosts", "empty", NULL, NULL, NULL, "", "", ""},
    {"file://localhost/etc/hosts", "empty", NULL, NULL, NULL, "", "", ""},
    {"file://www.example.com/share", "domain", "com", "www", "www",
     "example.com", "1:www.example.com|0:example.com",
     "1:www.example.com|0:example.com"},
    /* No host at all. */
    {"mailto:someone@www.example.com", NULL, NULL, NULL, NULL, NULL, "", ""},
    {"data:text/plain,www.example.com", NULL, NULL, NULL, NULL, NULL, "", ""},
    {"foo:/www.example.com/", NULL, NULL, NULL, NULL, NULL, "", ""},
    /* More labels than libpsl looks at. */
    {"https://a.b.c.d.e.f.g.h.i.j.example.co.uk/", "domain", "uk",
     "a.b.c.d.e.f.g.h.i.j", "a.b.c.d.e.f.g.h.i.j",
     "a.b.c.d.e.f.g.h.i.j.example.co.uk",
     "10:a.b.c.d.e.f.g.h.i.j.example.co.uk|9:b.c.d.e.f.g.h.i.j.example.co.uk|"
     "8:c.d.e.f.g.h.i.j.example.co.uk|7:d.e.f.g.h.i.j.example.co.uk|"
     "6:e.f.g.h.i.j.example.co.uk|5:f.g.h.i.j.example.co.uk|"
     "4:g.h.i.j.example.co.uk|3:h.i.j.example.co.uk|2:i.j.example.co.uk|"
     "1:j.example.co.uk|0:example.co.uk",
     NULL /* same */},
};

/* The host hierarchy as "depth:host|..." in buf. */
static const char *levels_of(const url_psl_list *l, url_psl_section sec,
                             url_str h, url_host_type t, char *buf,
                             size_t size) {
  url_host_levels it;
  if (url_host_levels_start(&it, l, sec, h.s, h.n, t) != URL_OK) return NULL;
  url_str lv;
  size_t depth, n = 0;
  buf[0] = 0;
  while (url_host_levels_next(&it, &lv, &depth) && n < size)
    n += (size_t)snprintf(buf + n, size - n, "%s%zu:%.*s", n ? "|" : "", depth,
                          (int)lv.n, lv.s);
  return buf;
}

static void check_host_case(const url_psl_list *l, const host_case *c) {
  char st[256];
  url u;
  int prc = parse(&u, st, sizeof st, c->in);
  if (prc != URL_OK) {
    printf("FAIL %s: does not parse\n", c->in);
    check(0);
    url_free(&u);
    return;
  }
  url_str h = url_hostname(&u), s;
  url_host_type t = u.host_type;
  char b[6][512];
  const char *got[7], *want[7] = {c->type, c->tld, c->sub, c->sub_icann,
                                  c->www, c->levels,
                                  c->levels_icann ? c->levels_icann : c->levels};
  static const char *const what[7] = {"type", "tld", "subdomain",
                                      "subdomain icann", "without www",
                                      "levels", "levels icann"};
  got[0] = url_host_type_name(t);
  got[1] = str_of(url_host_tld(h.s, h.n, t, &s), s, b[0], sizeof b[0]);
  got[2] = str_of(url_host_subdomain(l, URL_PSL_ALL, h.s, h.n, t, &s), s, b[1],
                  sizeof b[1]);
  got[3] = str_of(url_host_subdomain(l, URL_PSL_ICANN, h.s, h.n, t, &s), s,
                  b[2], sizeof b[2]);
  got[4] = str_of(url_host_without_www(h.s, h.n, t, &s), s, b[3], sizeof b[3]);
  got[5] = levels_of(l, URL_PSL_ALL, h, t, b[4], sizeof b[4]);
  got[6] = levels_of(l, URL_PSL_ICANN, h, t, b[5], sizeof b[5]);
  for (int i = 0; i < 7; i++) {
    int ok = same(got[i], want[i]);
    if (!ok)
      printf("FAIL %s %s: got %s want %s\n", c->in, what[i], show(got[i]),
             show(want[i]));
    check(ok);
  }
  url_free(&u);
}

/* Results are slices of the host, never copies. */
static void check_host_slices(const url_psl_list *l) {
  const char *h = "a.b.example.co.uk";
  size_t n = strlen(h);
  url_str s;
  check(url_host_tld(h, n, URL_HOST_DOMAIN, &s) == URL_OK && s.s == h + 15);
  check(url_host_subdomain(l, URL_PSL_ALL, h, n, URL_HOST_DOMAIN, &s) ==
            URL_OK && s.s == h && s.n == 3);
  check(url_host_without_www(h, n, URL_HOST_DOMAIN, &s) == URL_OK && s.s == h);
  /* An empty subdomain is an empty slice, not null. */
  check(url_host_subdomain(l, URL_PSL_ALL, h + 4, n - 4, URL_HOST_DOMAIN, &s) ==
            URL_OK && s.s == h + 4 && s.n == 0);
  /* No host: null everywhere, no levels. */
  check(url_host_tld("", 0, URL_HOST_NONE, &s) == URL_FAILURE && !s.s);
  check(url_host_without_www("", 0, URL_HOST_NONE, &s) == URL_FAILURE && !s.s);
  check(url_host_subdomain(l, URL_PSL_ICANN, "", 0, URL_HOST_NONE, &s) ==
            URL_FAILURE && !s.s);
  url_host_levels it;
  size_t d;
  check(url_host_levels_start(&it, l, URL_PSL_ALL, "", 0, URL_HOST_NONE) ==
            URL_OK && !url_host_levels_next(&it, &s, &d));
  /* An empty domain (not something the parser makes) has no TLD. */
  check(url_host_tld("", 0, URL_HOST_DOMAIN, &s) == URL_FAILURE);
}

/* ------------------------------------------------------------- paths */

typedef struct path_case {
  const char *in;     /* a URL */
  const char *levels; /* URL hierarchy: "depth:url|..." ("" for none) */
  const char *ext;    /* file extension */
} path_case;

static const path_case path_cases[] = {
    {"https://a.com/b/c?q#f",
     "0:https://a.com/|1:https://a.com/b/|2:https://a.com/b/c", NULL},
    {"https://a.com", "0:https://a.com/", NULL},
    {"https://a.com/?q=1.pdf#x.js", "0:https://a.com/", NULL},
    {"https://a.com/b/", "0:https://a.com/|1:https://a.com/b/", NULL},
    /* Empty segments are levels, except a final one. */
    {"https://a.com/b//c",
     "0:https://a.com/|1:https://a.com/b/|2:https://a.com/b//|3:https://a.com/b//c",
     NULL},
    {"https://a.com//", "0:https://a.com/|1:https://a.com//", NULL},
    /* Dot segments are resolved by the parser first. */
    {"https://a.com/a/./b/../c.css",
     "0:https://a.com/|1:https://a.com/a/|2:https://a.com/a/c.css", "css"},
    {"https://a.com/%2e%2E/x.JS", "0:https://a.com/|1:https://a.com/x.JS", "js"},
    /* Everything before the path is kept as in the href. */
    {"HTTPS://user:pw@A.com:8080/x.y/z",
     "0:https://user:pw@a.com:8080/|1:https://user:pw@a.com:8080/x.y/|"
     "2:https://user:pw@a.com:8080/x.y/z",
     NULL},
    {"https://a.com:443/", "0:https://a.com/", NULL},
    /* Non-special URLs: an empty path is one level; "/." prefixes stay. */
    {"foo://h", "0:foo://h", NULL},
    {"foo://h?q", "0:foo://h", NULL},
    {"foo://h/a.txt", "0:foo://h/|1:foo://h/a.txt", "txt"},
    {"foo:/a/b", "0:foo:/|1:foo:/a/|2:foo:/a/b", NULL},
    {"web+demo:/.//not-a-host/",
     "0:web+demo:/./|1:web+demo:/.//|2:web+demo:/.//not-a-host/", NULL},
    /* Opaque paths: no levels, no file name. */
    {"mailto:someone@example.com", "", NULL},
    {"data:text/plain,a.txt", "", NULL},
    {"javascript:void(0).js", "", NULL},
    /* file: URLs. */
    {"file:///C:/dir/file.TXT",
     "0:file:///|1:file:///C:/|2:file:///C:/dir/|3:file:///C:/dir/file.TXT",
     "txt"},
    {"file:///etc/", "0:file:///|1:file:///etc/", NULL},
    /* File extensions. */
    {"https://a.com/a/b.tar.gz", NULL, "gz"},
    {"https://a.com/a/", NULL, NULL},
    {"https://a.com/a", NULL, NULL},
    {"https://a.com/.htaccess", NULL, NULL},
    {"https://a.com/dir/.config.json", NULL, "json"},
    {"https://a.com/name.", NULL, NULL},
    {"https://a.com/a...", NULL, NULL},
    {"https://a.com/a..b", NULL, "b"},
    {"https://a.com/a.b/c", NULL, NULL},
    {"https://a.com/file.PDF?x=1.2#y.z", NULL, "pdf"},
    {"https://a.com/b%2Etxt", NULL, "txt"},
    {"https://a.com/b%2etxt", NULL, "txt"},
    {"https://a.com/%2Ehidden", NULL, NULL},
    {"https://a.com/a.%2E", NULL, NULL},
    {"https://a.com/a.%70%44%46", NULL, "pdf"},
    {"https://a.com/a%252Etxt", NULL, NULL},
    {"https://a.com/a.%25", NULL, "%"},
    /* ASCII lowercasing only; invalid UTF-8 after decoding becomes U+FFFD. */
    {"https://a.com/r%C3%A9sum%C3%A9.%C3%89PUB", NULL, "\xC3\x89pub"},
    {"https://a.com/a.%FF", NULL, "\xEF\xBF\xBD"},
    {"https://a.com/a.ü", NULL, "\xC3\xBC"},
    /* The segment as it is: no path parameters in the URL Standard. */
    {"https://a.com/x.html;jsessionid=1", NULL, "html;jsessionid=1"},
    {"https://a.com/a.b%2Fc", NULL, "b/c"},
};

static const char *path_levels_of(const url *u, char *buf, size_t size) {
  url_path_levels it;
  url_path_levels_start(&it, u);
  url_str p;
  size_t depth, n = 0;
  buf[0] = 0;
  while (url_path_levels_next(&it, &p, &depth) && n < size)
    n += (size_t)snprintf(buf + n, size - n, "%s%zu:%.*s", n ? "|" : "", depth,
                          (int)p.n, p.s);
  return buf;
}

static void check_path_case(const path_case *c) {
  char st[256];
  url u;
  if (parse(&u, st, sizeof st, c->in) != URL_OK) {
    printf("FAIL %s: does not parse\n", c->in);
    check(0);
    url_free(&u);
    return;
  }
  if (c->levels) {
    char b[1024];
    const char *got = path_levels_of(&u, b, sizeof b);
    int ok = same(got, c->levels);
    if (!ok) printf("FAIL %s levels: got %s want %s\n", c->in, got, c->levels);
    check(ok);
  }
  char est[8];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, est, sizeof est, 1 << 20);
  int rc = url_path_file_extension(&u, &out);
  size_t wn = c->ext ? strlen(c->ext) : 0;
  int ok = c->ext ? rc == URL_OK && out.len == wn && !memcmp(out.ptr, c->ext, wn)
                  : rc == URL_FAILURE && out.len == 0;
  if (!ok)
    printf("FAIL %s extension: got %.*s (rc %d) want %s\n", c->in,
           (int)out.len, out.ptr, rc, show(c->ext));
  check(ok);
  url_buf_free(&out);
  url_free(&u);
}

/* An extension is text by length: a decoded NUL is data. */
static void check_nul_extension(void) {
  char st[256];
  url u;
  check(parse(&u, st, sizeof st, "https://a.com/a.tar.gz%00") == URL_OK);
  char est[8];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, est, sizeof est, 1 << 20);
  check(url_path_file_extension(&u, &out) == URL_OK && out.len == 3 &&
        !memcmp(out.ptr, "gz\0", 3));
  url_buf_free(&out);
  url_free(&u);
}

/* A long extension decodes through the heap; a small max is TOOBIG. */
static void check_long_extension(void) {
  char in[600] = "https://a.com/file.";
  size_t n = strlen(in);
  for (int i = 0; i < 100; i++, n += 3) memcpy(in + n, "%41", 3);
  in[n] = 0;
  char st[256];
  url u;
  check(parse(&u, st, sizeof st, in) == URL_OK);
  url_buf out;
  url_buf_init(&out, &url_mem_libc, NULL, 0, 1 << 20);
  int rc = url_path_file_extension(&u, &out);
  int ok = rc == URL_OK && out.len == 100;
  for (size_t i = 0; ok && i < out.len; i++) ok = out.ptr[i] == 'a';
  check(ok);
  url_buf_free(&out);
  url_buf_init(&out, &url_mem_libc, NULL, 0, 50);
  check(url_path_file_extension(&u, &out) == URL_TOOBIG);
  url_buf_free(&out);
  url_free(&u);
}

int main(void) {
  url_psl_list l;
  if (url_psl_open_default(&l, &url_mem_libc) != URL_OK) {
    printf("FAIL url_psl_open_default\n");
    return 1;
  }
  for (size_t i = 0; i < sizeof host_cases / sizeof host_cases[0]; i++)
    check_host_case(&l, &host_cases[i]);
  check_host_slices(&l);
  for (size_t i = 0; i < sizeof path_cases / sizeof path_cases[0]; i++)
    check_path_case(&path_cases[i]);
  check_nul_extension();
  check_long_extension();
  url_psl_close(&l);
  return check_summary();
}
