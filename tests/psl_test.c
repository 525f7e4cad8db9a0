/*
** Unit tests of parts/psl.c (public suffix, registrable domain, same site,
** lists) and, through the built extension, of url_psl_load's list swap.
**
** Expectations: the URL Standard's public suffix / registrable domain
** example table (§3.2, "host miscellaneous"), its steps (trailing dot, null
** for non-domains), the Public Suffix List's rules as shipped by Debian's
** `publicsuffix` package (*.ck / !www.ck, *.kawasaki.jp / !city.kawasaki.jp,
** github.io in the private section), and HTML's same site definitions.
** The ICANN section: private suffixes as ordinary names (BigQuery's
** NET.REG_DOMAIN), and, for every rule of the system's list, the same
** answers as the full lookup on a list of the ICANN section alone.
**
** The extension part loads <dir of this program>/../url (build/url.so or
** build-san/url.so) into an in-memory database.
**
** Prints mismatches and the final line "N passed, N failed"; exits non-zero
** if anything failed.
*/
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"
#include "psl_crafted.h"
#include "host.h"
#include "mem_libc.h"
#include "parse.h"
#include "psl.h"
#include "url.h"

static const char *show(const char *s) { return s ? s : "(null)"; }

/* The list's data, built if need be (exits when it cannot be). */
static const url_psl_data *data_of(const url_psl_list *l) {
  const url_psl_data *d;
  if (url_psl_data_get(l, &d) != URL_OK || !d) {
    printf("FAIL url_psl_data_get\n");
    exit(1);
  }
  return d;
}

/* printf arguments of a slice for "%.*s": "(null)" when null. */
#define SLICE(x) (int)((x).s ? (x).n : 6), ((x).s ? (x).s : "(null)")

static int slice_is(url_str s, const char *want) {
  if (!want) return s.s == NULL;
  return s.s && s.n == strlen(want) && memcmp(s.s, want, s.n) == 0;
}

/* ------------------------------------------------------------- lists */

static char tmpdir[] = "/tmp/psl_test.XXXXXX";

/* Writes a file in tmpdir; returns its path (static storage per slot). */
static const char *write_file(const char *name, const char *data, size_t n) {
  static char paths[8][256];
  static int slot;
  char *p = paths[slot++ % 8];
  snprintf(p, 256, "%s/%s", tmpdir, name);
  FILE *f = fopen(p, "wb");
  if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
    fprintf(stderr, "cannot write %s: %s\n", p, strerror(errno));
    exit(2);
  }
  return p;
}

/* ---------------------------------------------------- host → parts */

typedef struct part_case {
  const char *in;   /* host parser input (special host) */
  const char *suffix;
  const char *reg;
} part_case;

/* The Standard's example table, every row, plus the null rows the issue
   names; inputs go through the host parser as in a URL. */
static const part_case standard_table[] = {
    {"com", "com", NULL},
    {"example.com", "com", "example.com"},
    {"www.example.com", "com", "example.com"},
    {"sub.www.example.com", "com", "example.com"},
    {"EXAMPLE.COM", "com", "example.com"},
    {"example.com.", "com.", "example.com."},
    {"github.io", "github.io", NULL},
    {"whatwg.github.io", "github.io", "whatwg.github.io"},
    {"إختبار", "xn--kgbechtv", NULL},
    {"example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
    {"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
    {"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", NULL, NULL},
    {"0.0.0.0", NULL, NULL},
    {"[::1]", NULL, NULL},
};

static const part_case more_cases[] = {
    /* Wildcard and exception rules: *.ck, !www.ck */
    {"ck", "ck", NULL},
    {"b.ck", "b.ck", NULL},
    {"a.b.ck", "b.ck", "a.b.ck"},
    {"x.a.b.ck", "b.ck", "a.b.ck"},
    {"www.ck", "ck", "www.ck"},
    {"sub.www.ck", "ck", "www.ck"},
    /* *.kawasaki.jp, !city.kawasaki.jp */
    {"kawasaki.jp", "kawasaki.jp", NULL},
    {"foo.kawasaki.jp", "foo.kawasaki.jp", NULL},
    {"bar.foo.kawasaki.jp", "foo.kawasaki.jp", "bar.foo.kawasaki.jp"},
    {"city.kawasaki.jp", "kawasaki.jp", "city.kawasaki.jp"},
    {"www.city.kawasaki.jp", "kawasaki.jp", "city.kawasaki.jp"},
    /* Multi-label ICANN suffixes and the "*" default rule. */
    {"www.example.co.uk", "co.uk", "example.co.uk"},
    {"co.uk", "co.uk", NULL},
    {"example.zz", "zz", "example.zz"},
    {"localhost", "localhost", NULL},
    {"a.b.c.d.e.f.g.h.i.j.k.com", "com", "k.com"},
    /* IDN: the host parser's xn-- form is what is looked up. */
    {"münchen.de", "de", "xn--mnchen-3ya.de"},
    {"www.MÜNCHEN.de", "de", "xn--mnchen-3ya.de"},
    {"例え.jp", "jp", "xn--r8jz45g.jp"},
    {"テスト.公司.cn", "xn--55qx5d.cn", "xn--zckzah.xn--55qx5d.cn"},
    /* Trailing dots: one is removed and put back. */
    {"com.", "com.", NULL},
    {"www.example.co.uk.", "co.uk.", "example.co.uk."},
    {"a.b.ck.", "b.ck.", "a.b.ck."},
    {"github.io.", "github.io.", NULL},
    /* A second trailing dot is an empty label, matched by the "*" rule. */
    {"example.com..", ".", "com.."},
    {".", ".", NULL},
    {"..", ".", ".."},
    {"a.com..", ".", "com.."},
    /* Empty labels elsewhere (the host parser accepts them). */
    {"a..com", "com", ".com"},
    {".com", "com", ".com"},
    {"..com", "com", ".com"},
    /* IPv4 in its other forms, IPv6, failures. */
    {"0x7f.1", NULL, NULL},
    {"0xC0.0250.1", NULL, NULL},
    {"3232235777", NULL, NULL},
    {"[0:0::1]", NULL, NULL},
    {"1.2.3.4.example", "example", "4.example"},
};

/* Parses c->in as a host and checks its parts under section sec; under
   URL_PSL_ALL also url_psl_host_parts and the single-result wrappers. */
static void check_host(const url_psl_list *l, const char *what,
                       url_psl_section sec, const part_case *c) {
  char st[256];
  url_buf hb;
  url_buf_init(&hb, &url_mem_libc, st, sizeof st, 1 << 20);
  url_host_type t = URL_HOST_NONE;
  int rc = url_host_parse(c->in, strlen(c->in), 0, &hb, &t);
  url_str s = {0}, r = {0};
  if (rc == URL_OK) rc = url_psl_host_parts_in(l, sec, hb.ptr, hb.len, t, &s, &r);
  int ok = rc == URL_OK && slice_is(s, c->suffix) && slice_is(r, c->reg);
  if (sec == URL_PSL_ALL) {
    url_str s0 = {0}, r0 = {0}, s1 = {0}, r1 = {0};
    int r2 = url_psl_host_parts(l, hb.ptr, hb.len, t, &s0, &r0);
    int rs = url_psl_public_suffix(l, hb.ptr, hb.len, t, &s1);
    int rr = url_psl_registrable_domain(l, hb.ptr, hb.len, t, &r1);
    ok = ok && r2 == URL_OK && slice_is(s0, c->suffix) && slice_is(r0, c->reg) &&
         rs == (c->suffix ? URL_OK : URL_FAILURE) &&
         rr == (c->reg ? URL_OK : URL_FAILURE) &&
         (!c->suffix || slice_is(s1, c->suffix)) &&
         (!c->reg || slice_is(r1, c->reg));
  }
  if (!ok)
    printf("FAIL %s %s %s: got %.*s / %.*s (rc %d), want %s / %s\n", what,
           url_psl_section_names[sec], c->in, SLICE(s), SLICE(r), rc,
           show(c->suffix), show(c->reg));
  check(ok);
  url_buf_free(&hb);
}

/* ------------------------------------------------------ ICANN section */

/* The ICANN section alone (BigQuery's NET.PUBLIC_SUFFIX / NET.REG_DOMAIN,
   tldextract's default): private rules are ordinary names; wildcards,
   exceptions and the "*" rule work as in the full list. */
static const part_case icann_cases[] = {
    /* Private-section suffixes: the ICANN suffix below them counts. */
    {"whatwg.github.io", "io", "github.io"},
    {"github.io", "io", "github.io"},
    {"a.b.github.io", "io", "github.io"},
    {"foo.blogspot.com", "com", "blogspot.com"},
    {"blogspot.com", "com", "blogspot.com"},
    {"x.blogspot.co.uk", "co.uk", "blogspot.co.uk"},
    {"b.s3.amazonaws.com", "com", "amazonaws.com"},
    {"x.y.compute-1.amazonaws.com", "com", "amazonaws.com"},
    {"x.forgot.his.name", "name", "his.name"},
    /* ICANN rules as in the full list. */
    {"com", "com", NULL},
    {"www.example.com", "com", "example.com"},
    {"www.example.co.uk", "co.uk", "example.co.uk"},
    {"a.b.ck", "b.ck", "a.b.ck"},
    {"b.ck", "b.ck", NULL},
    {"sub.www.ck", "ck", "www.ck"},
    {"bar.foo.kawasaki.jp", "foo.kawasaki.jp", "bar.foo.kawasaki.jp"},
    {"www.city.kawasaki.jp", "kawasaki.jp", "city.kawasaki.jp"},
    {"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
    {"www.MÜNCHEN.de", "de", "xn--mnchen-3ya.de"},
    /* Not on the list: the "*" rule. */
    {"example.zz", "zz", "example.zz"},
    {"localhost", "localhost", NULL},
    /* Trailing dots. */
    {"whatwg.github.io.", "io.", "github.io."},
    {"example.com.", "com.", "example.com."},
    {"example.com..", ".", "com.."},
    /* Not domains. */
    {"0x7f.1", NULL, NULL},
    {"[::1]", NULL, NULL},
};

/* The same cases under the full list: what the section changes. */
static const part_case all_private_cases[] = {
    {"a.b.github.io", "github.io", "b.github.io"},
    {"foo.blogspot.com", "blogspot.com", "foo.blogspot.com"},
    {"blogspot.com", "blogspot.com", NULL},
    {"x.blogspot.co.uk", "blogspot.co.uk", "x.blogspot.co.uk"},
    {"b.s3.amazonaws.com", "s3.amazonaws.com", "b.s3.amazonaws.com"},
    {"whatwg.github.io.", "github.io.", "whatwg.github.io."},
};

static void check_table(const url_psl_list *l, const char *what) {
  for (size_t i = 0; i < sizeof standard_table / sizeof standard_table[0]; i++)
    check_host(l, what, URL_PSL_ALL, &standard_table[i]);
  for (size_t i = 0; i < sizeof more_cases / sizeof more_cases[0]; i++)
    check_host(l, what, URL_PSL_ALL, &more_cases[i]);
  for (size_t i = 0; i < sizeof icann_cases / sizeof icann_cases[0]; i++)
    check_host(l, what, URL_PSL_ICANN, &icann_cases[i]);
  for (size_t i = 0; i < sizeof all_private_cases / sizeof all_private_cases[0]; i++)
    check_host(l, what, URL_PSL_ALL, &all_private_cases[i]);
}


/*
** The ICANN section through libpsl's type filter answers as the full
** lookup does on a list made of the ICANN section alone, for every name the
** system's list has a rule for, below it and above it.  Also asserts what
** that equivalence needs of the list (psl.h): no name in both sections, no
** private rule just below an ICANN wildcard.
*/
#define SYSTEM_DAT "/usr/share/publicsuffix/public_suffix_list.dat"

typedef struct rule {
  char *name; /* without "!" or "*." */
  int icann;  /* 1: ICANN section, 0: private */
  int wild;   /* "*.name" */
} rule;

static rule *rules;
static size_t n_rules;
static url_psl_list icann_only; /* the ICANN section as a list of its own */

static int rule_cmp(const void *a, const void *b) {
  return strcmp(((const rule *)a)->name, ((const rule *)b)->name);
}

static const rule *rule_find(const char *name, const rule *from) {
  rule key = {(char *)name, 0, 0};
  const rule *r = bsearch(&key, rules, n_rules, sizeof *rules, rule_cmp);
  while (r && r > rules && !strcmp(r[-1].name, name)) r--; /* the first */
  return r && from && r < from ? from : r;
}

/* Reads the system's list into `rules` and writes its ICANN section to a
   file that icann_only is opened from.  Returns 0 if the list is missing. */
static int load_system_rules(void) {
  FILE *f = fopen(SYSTEM_DAT, "r");
  if (!f) return 0;
  char line[512];
  size_t cap = 0;
  int section = -1; /* 1 ICANN, 0 private, -1 outside */
  char path[300];
  snprintf(path, sizeof path, "%s/icann.dat", tmpdir);
  FILE *out = fopen(path, "w");
  if (!out) return 0;
  fputs("// ===BEGIN ICANN DOMAINS===\n", out);
  while (fgets(line, sizeof line, f)) {
    if (strstr(line, "===BEGIN ICANN DOMAINS===")) section = 1;
    else if (strstr(line, "===BEGIN PRIVATE DOMAINS===")) section = 0;
    else if (strstr(line, "===END ")) section = -1;
    line[strcspn(line, " \t\r\n")] = 0; /* a rule ends at whitespace */
    if (!line[0] || !strncmp(line, "//", 2) || section < 0) continue;
    if (section == 1) fprintf(out, "%s\n", line);
    if (n_rules == cap) {
      cap = cap ? cap * 2 : 8192;
      rules = realloc(rules, cap * sizeof *rules);
      if (!rules) exit(2);
    }
    const char *name = line + (line[0] == '!' ? 1 : !strncmp(line, "*.", 2) ? 2 : 0);
    rules[n_rules++] = (rule){strdup(name), section, line[0] == '*'};
  }
  fclose(f);
  fclose(out);
  qsort(rules, n_rules, sizeof *rules, rule_cmp);
  char why[160];
  if (url_psl_open_file(&icann_only, &url_mem_libc, path, why, sizeof why) !=
      URL_OK) {
    printf("FAIL cannot open the ICANN section as a list: %s\n", why);
    return 0;
  }
  unlink(path);
  return 1;
}

static void free_system_rules(void) {
  for (size_t i = 0; i < n_rules; i++) free(rules[i].name);
  free(rules);
  url_psl_close(&icann_only);
}

/* What the equivalence needs of the list. */
static void check_system_rules_shape(void) {
  size_t both = 0, shadowed = 0;
  for (size_t i = 0; i < n_rules; i++) {
    if (i > 0 && !strcmp(rules[i].name, rules[i - 1].name) &&
        rules[i].icann != rules[i - 1].icann) {
      printf("FAIL list shape: %s is in both sections\n", rules[i].name);
      both++;
    }
    const char *dot = strchr(rules[i].name, '.');
    if (rules[i].icann || !dot) continue;
    for (const rule *p = rule_find(dot + 1, NULL);
         p && p < rules + n_rules && !strcmp(p->name, dot + 1); p++) {
      if (p->icann && p->wild) {
        printf("FAIL list shape: private %s below *.%s\n", rules[i].name, p->name);
        shadowed++;
      }
    }
  }
  check(n_rules > 5000 && both == 0 && shadowed == 0);
}

/* Compares one host (as typed; it goes through the host parser). */
static int icann_same(const url_psl_list *l, const char *what, const char *in,
                      int *shown) {
  char st[256];
  url_buf hb;
  url_buf_init(&hb, &url_mem_libc, st, sizeof st, 1 << 20);
  url_host_type t;
  int ok = 1;
  if (url_host_parse(in, strlen(in), 0, &hb, &t) == URL_OK) {
    url_str s1, r1, s2, r2;
    int rc1 = url_psl_host_parts_in(l, URL_PSL_ICANN, hb.ptr, hb.len, t, &s1, &r1);
    int rc2 = url_psl_host_parts_in(&icann_only, URL_PSL_ALL, hb.ptr, hb.len, t,
                                    &s2, &r2);
    ok = rc1 == URL_OK && rc2 == URL_OK && s1.s == s2.s && s1.n == s2.n &&
         r1.s == r2.s && r1.n == r2.n;
    if (!ok && (*shown)++ < 20)
      printf("FAIL %s icann %s: %.*s / %.*s, ICANN-only list: %.*s / %.*s\n",
             what, in, SLICE(s1), SLICE(r1), SLICE(s2), SLICE(r2));
  }
  url_buf_free(&hb);
  return ok;
}

static void check_icann_equivalence(const url_psl_list *l, const char *what) {
  if (!n_rules) return;
  size_t bad = 0, hosts = 0;
  int shown = 0;
  char buf[600];
  for (size_t i = 0; i < n_rules; i++) {
    const char *name = rules[i].name;
    const char *dot = strchr(name, '.');
    const char *forms[] = {"%s", "x.%s", "y.x.%s", "www.%s"};
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
      snprintf(buf, sizeof buf, forms[k], name);
      bad += !icann_same(l, what, buf, &shown);
      hosts++;
    }
    if (dot) {
      bad += !icann_same(l, what, dot + 1, &shown);
      hosts++;
    }
  }
  if (bad) printf("FAIL %s icann: %zu of %zu hosts differ\n", what, bad, hosts);
  check(bad == 0 && hosts > 20000);
}

/* Non-domain host types are null whatever the text. */
static void check_types(const url_psl_list *l) {
  url_host_type types[] = {URL_HOST_NONE, URL_HOST_IPV4, URL_HOST_IPV6,
                           URL_HOST_OPAQUE, URL_HOST_EMPTY};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
    url_str s, r;
    int rc = url_psl_host_parts(l, "example.com", 11, types[i], &s, &r);
    int ok = rc == URL_OK && !s.s && !r.s;
    if (!ok) printf("FAIL type %d: not null\n", (int)types[i]);
    check(ok);
  }
  url_str s, r;
  check(url_psl_host_parts(l, "", 0, URL_HOST_DOMAIN, &s, &r) == URL_OK &&
        !s.s && !r.s);
}

/* For hosts without empty labels, the walk agrees with libpsl's own
   psl_unregistrable_domain / psl_registrable_domain on the same list
   (tests/psl_diff_test.c compares far more hosts). */
static void check_against_libpsl(const url_psl_list *list) {
  const url_psl_data *l = data_of(list);
  psl_ctx_t *owned = l->path ? psl_load_file(l->path) : NULL;
  const psl_ctx_t *ctx = l->path ? owned : l->psl;
  if (!ctx) {
    printf("FAIL vs libpsl: libpsl cannot open %s\n", show(l->path));
    check(0);
    return;
  }
  static const char *hosts[] = {
      "com", "example.com", "www.example.com", "a.b.ck", "www.ck", "ck",
      "city.kawasaki.jp", "a.kawasaki.jp", "x.a.kawasaki.jp", "github.io",
      "a.github.io", "x.y.z.github.io", "example.co.uk", "s3.amazonaws.com",
      "b.s3.amazonaws.com", "x.compute-1.amazonaws.com",
      "a.x.compute-1.amazonaws.com", "blogspot.co.uk", "x.blogspot.co.uk",
      "xn--kgbechtv", "example.xn--kgbechtv", "a.b.c.d.e.f.g.h.i.j.k.l.m.jp",
      "forgot.his.name", "x.forgot.his.name", "his.name", "a.his.name", "zz",
      "a.zz", NULL};
  for (int i = 0; hosts[i]; i++) {
    const char *h = hosts[i];
    url_str s, r;
    int rc = url_psl_host_parts(list, h, strlen(h), URL_HOST_DOMAIN, &s, &r);
    const char *ws = psl_unregistrable_domain(ctx, h);
    const char *wr = psl_registrable_domain(ctx, h);
    int ok = rc == URL_OK && slice_is(s, ws) && slice_is(r, wr);
    if (!ok) printf("FAIL vs libpsl %s: want %s / %s\n", h, show(ws), show(wr));
    check(ok);
  }
  if (owned) psl_free(owned);
}

/* A long host: the lookup copies it to the heap and still answers. */
static void check_long_host(const url_psl_list *l) {
  size_t n = 5000;
  char *h = malloc(n + 32);
  for (size_t i = 0; i < n; i += 2) {
    h[i] = 'a';
    h[i + 1] = '.';
  }
  memcpy(h + n, "example.co.uk", 14);
  size_t len = n + 13;
  url_str s, r;
  int rc = url_psl_host_parts(l, h, len, URL_HOST_DOMAIN, &s, &r);
  check(rc == URL_OK && slice_is(s, "co.uk") && slice_is(r, "example.co.uk"));
  /* One label of 3000 bytes before the suffix. */
  memset(h, 'b', 3000);
  memcpy(h + 3000, ".co.uk", 7);
  rc = url_psl_host_parts(l, h, 3006, URL_HOST_DOMAIN, &s, &r);
  check(rc == URL_OK && slice_is(s, "co.uk") && r.s == h && r.n == 3006);
  free(h);
}

/* ---------------------------------------------------------- same site */

typedef struct site_case {
  const char *a, *b;
  int same_origin, same_site, schemelessly;
} site_case;

static const site_case site_cases[] = {
    {"https://example.com/a", "https://example.com/b?x#y", 1, 1, 1},
    {"https://example.com", "https://example.com:443/", 1, 1, 1},
    {"https://user:pw@example.com:8443/", "https://example.com:8443/x", 1, 1, 1},
    {"https://example.com:8443/", "https://example.com/", 0, 1, 1},
    {"https://a.example.com", "https://b.example.com", 0, 1, 1},
    {"https://www.example.com", "https://EXAMPLE.com./", 0, 0, 0},
    {"https://example.com.", "https://www.example.com./", 0, 1, 1},
    {"http://example.com", "https://example.com", 0, 0, 1},
    {"ws://example.com", "http://example.com", 0, 0, 1},
    {"https://a.github.io", "https://b.github.io", 0, 0, 0},
    {"https://github.io", "https://github.io/x", 1, 1, 1},
    {"https://a.b.ck", "https://c.b.ck", 0, 0, 0},
    {"https://www.ck", "https://x.www.ck", 0, 1, 1},
    {"https://example.co.uk", "https://other.co.uk", 0, 0, 0},
    {"http://127.0.0.1", "http://127.0.0.1:8080", 0, 1, 1},
    {"http://127.0.0.1", "http://0x7f.1/", 1, 1, 1},
    {"http://127.0.0.1", "http://127.0.0.2", 0, 0, 0},
    {"http://[::1]", "http://[0::1]:81", 0, 1, 1},
    {"http://localhost", "http://localhost:3000", 0, 1, 1},
    {"https://münchen.de", "https://www.xn--mnchen-3ya.de", 0, 1, 1},
    /* blob: URLs take the origin of their inner URL. */
    {"blob:https://a.example.com/uuid", "https://a.example.com", 1, 1, 1},
    {"blob:https://a.example.com/uuid", "https://b.example.com", 0, 1, 1},
    /* Opaque origins: a new one per URL, so never the same. */
    {"data:,x", "data:,x", 0, 0, 0},
    {"file:///etc/hosts", "file:///etc/hosts", 0, 0, 0},
    {"foo://example.com/", "foo://example.com/", 0, 0, 0},
    {"foo://example.com/", "https://example.com/", 0, 0, 0},
    {"blob:foo://x", "blob:foo://x", 0, 0, 0},
    {"about:blank", "https://example.com", 0, 0, 0},
};

static void check_same_site(const url_psl_list *l) {
  for (size_t i = 0; i < sizeof site_cases / sizeof site_cases[0]; i++) {
    const site_case *c = &site_cases[i];
    char sa[64], sb[64];
    url a, b;
    url_init(&a, &url_mem_libc, sa, sizeof sa, 1 << 20);
    url_init(&b, &url_mem_libc, sb, sizeof sb, 1 << 20);
    int rc = url_parse(&a, c->a, strlen(c->a), NULL);
    if (rc == URL_OK) rc = url_parse(&b, c->b, strlen(c->b), NULL);
    int so = -1, ss = -1, sl = -1, so2 = -1, ss2 = -1, sl2 = -1;
    if (rc == URL_OK) rc = url_psl_same_origin(&a, &b, &so);
    if (rc == URL_OK) rc = url_psl_same_site(l, &a, &b, &ss);
    if (rc == URL_OK) rc = url_psl_schemelessly_same_site(l, &a, &b, &sl);
    /* Symmetric. */
    if (rc == URL_OK) rc = url_psl_same_origin(&b, &a, &so2);
    if (rc == URL_OK) rc = url_psl_same_site(l, &b, &a, &ss2);
    if (rc == URL_OK) rc = url_psl_schemelessly_same_site(l, &b, &a, &sl2);
    int ok = rc == URL_OK && so == c->same_origin && ss == c->same_site &&
             sl == c->schemelessly && so2 == so && ss2 == ss && sl2 == sl;
    if (!ok)
      printf("FAIL same site %s | %s: got origin %d site %d schemeless %d "
             "(rc %d), want %d %d %d\n",
             c->a, c->b, so, ss, sl, rc, c->same_origin, c->same_site,
             c->schemelessly);
    check(ok);
    url_free(&a);
    url_free(&b);
  }
  /* Hosts directly: equal hosts with a null registrable domain. */
  int same = -1;
  check(url_psl_hosts_schemelessly_same_site(l, "github.io", 9, URL_HOST_DOMAIN,
                                             "github.io", 9, URL_HOST_DOMAIN,
                                             &same) == URL_OK &&
        same == 1);
  check(url_psl_hosts_schemelessly_same_site(l, "a.com", 5, URL_HOST_OPAQUE,
                                             "b.a.com", 7, URL_HOST_OPAQUE,
                                             &same) == URL_OK &&
        same == 0);
}

/* --------------------------------------------------- list management */

static int parts_are(const url_psl_list *l, const char *h, const char *ws,
                     const char *wr) {
  url_str s, r;
  int rc = url_psl_host_parts(l, h, strlen(h), URL_HOST_DOMAIN, &s, &r);
  int ok = rc == URL_OK && slice_is(s, ws) && slice_is(r, wr);
  if (!ok)
    printf("FAIL parts %s: got %.*s / %.*s want %s / %s\n", h, (int)s.n,
           s.s ? s.s : "(null)", (int)r.n, r.s ? r.s : "(null)", show(ws),
           show(wr));
  return ok;
}

static int open_fails(const char *path, const char *why_sub) {
  url_psl_list l = {0};
  char why[160];
  int rc = url_psl_open_file(&l, &url_mem_libc, path, why, sizeof why);
  int ok = rc == URL_FAILURE && strstr(why, why_sub) && l.e == NULL;
  if (!ok) printf("FAIL open %s: rc %d why '%s', want '%s'\n", path, rc, why, why_sub);
  url_psl_close(&l);
  return ok;
}

static const char small_list[] =
    "// A test list\n"
    "// ===BEGIN ICANN DOMAINS===\n"
    "test\n"
    "co.test\n"
    "*.wild.test\n"
    "!keep.wild.test\n"
    "公司.test\n"
    "// ===END ICANN DOMAINS===\n"
    "// ===BEGIN PRIVATE DOMAINS===\n"
    "pages.example\n"
    "// ===END PRIVATE DOMAINS===\n";

static void check_lists(void) {
  /* The default list is the system's newest, or the built-in one. */
  url_psl_list d;
  check(url_psl_open_default(&d, &url_mem_libc) == URL_OK &&
        (data_of(&d)->psl != NULL) != (data_of(&d)->table.keys != NULL));
  check(data_of(&d)->format == URL_PSL_BUILTIN ||
        data_of(&d)->format == URL_PSL_DAFSA ||
        data_of(&d)->format == URL_PSL_TEXT);
  url_psl_close(&d);
  url_psl_close(&d); /* closing twice is harmless */

  /* A small text list: its rules, not the system's, answer. */
  const char *p = write_file("small.dat", small_list, sizeof small_list - 1);
  url_psl_list l;
  char why[160];
  check(url_psl_open_file(&l, &url_mem_libc, p, why, sizeof why) == URL_OK);
  const url_psl_data *ld = data_of(&l);
  check(ld->format == URL_PSL_TEXT && ld->table.keys && !ld->psl &&
        ld->path && !strcmp(ld->path, p));
  check(ld->date > 0);
  check(url_psl_rule_count(ld) == 5 && url_psl_exception_count(ld) == 1 &&
        url_psl_wildcard_count(ld) == 1);
  check(url_psl_table_bytes(&ld->table) > 0);
  check(parts_are(&l, "a.co.test", "co.test", "a.co.test"));
  check(parts_are(&l, "a.b.wild.test", "b.wild.test", "a.b.wild.test"));
  check(parts_are(&l, "x.keep.wild.test", "wild.test", "keep.wild.test"));
  check(parts_are(&l, "x.pages.example", "pages.example", "x.pages.example"));
  /* Not in this list, though in the real one: the "*" rule applies. */
  check(parts_are(&l, "www.example.co.uk", "uk", "co.uk"));
  check(parts_are(&l, "a.github.io", "io", "github.io"));
  /* A UTF-8 rule matches the xn-- form of the host (libpsl adds it). */
  check(parts_are(&l, "a.xn--55qx5d.test", "xn--55qx5d.test",
                  "a.xn--55qx5d.test"));

  /* Failures leave the list as it was (the caller's list is untouched). */
  char missing[300];
  snprintf(missing, sizeof missing, "%s/missing.dat", tmpdir);
  check(open_fails(missing, "No such file"));
  check(open_fails(tmpdir, "not a regular file"));
  check(open_fails(write_file("empty.dat", "", 0), "empty file"));
  check(open_fails(write_file("comments.dat", "// only\n\n// comments\n", 21),
                   "no rules"));
  /* Text that is not a Public Suffix List: no ICANN section. */
  static const char html[] =
      "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>\n"
      "<body><h1>Not Found</h1></body></html>\n";
  check(open_fails(write_file("404.html", html, sizeof html - 1),
                   "not a public suffix list (no rules in an ICANN section"));
  check(open_fails(write_file("plain.dat", "com\nco.uk\n", 10),
                   "no rules in an ICANN section"));
  static const char markers_only[] = "// ===BEGIN ICANN DOMAINS===\n"
                                     "// ===END ICANN DOMAINS===\n"
                                     "outside.example\n";
  check(open_fails(write_file("markers-only.dat", markers_only,
                              sizeof markers_only - 1),
                   "no rules in an ICANN section"));
  if (access("/etc/passwd", R_OK) == 0)
    check(open_fails("/etc/passwd", "no rules in an ICANN section"));
  /* DAFSA files that are not lists libpsl can read correctly. */
  static const char cut[] = ".DAFSA@PSL_0   \n\x81"; /* an offset, no node */
  check(open_fails(write_file("cut.dafsa", cut, sizeof cut - 1),
                   "a malformed DAFSA"));
  static const char far[] = ".DAFSA@PSL_0   \n\xbf\x00\x00\x00"; /* past the end */
  check(open_fails(write_file("far.dafsa", far, sizeof far - 1),
                   "a malformed DAFSA"));
  check(open_fails(write_file("header.dafsa", ".DAFSA@PSL_0   \n", 16),
                   "a malformed DAFSA"));
  /* One word, "ab" with value 0: a rule, but of no ICANN section. */
  static const char ab[] = ".DAFSA@PSL_0   \n\x81" "a\xe2\x81\x80\x00";
  check(open_fails(write_file("ab.dafsa", ab, sizeof ab - 1),
                   "no rules in an ICANN section"));
  check(open_fails(write_file("bin.dat", "com\0\1\2\3", 7), "binary data"));
  check(open_fails(write_file("latin1.dat", "caf\xe9\n", 5), "binary data"));
  check(open_fails(write_file("bad.dafsa", ".DAFSA@PSL_9   \nxxxx", 20),
                   "a DAFSA of another version"));
  char fifo[300];
  snprintf(fifo, sizeof fifo, "%s/fifo", tmpdir);
  if (mkfifo(fifo, 0600) == 0) {
    check(open_fails(fifo, "not a regular file")); /* and does not block */
    unlink(fifo);
  }
  check(parts_are(&l, "a.co.test", "co.test", "a.co.test"));

  /* The system's files in both formats, when present. */
  url_psl_list t;
  int dat_counts[3] = {-1, -1, -1};
  const char *dat = "/usr/share/publicsuffix/public_suffix_list.dat";
  const char *dafsa = "/usr/share/publicsuffix/public_suffix_list.dafsa";
  if (access(dat, R_OK) == 0) {
    check(url_psl_open_file(&t, &url_mem_libc, dat, why, sizeof why) ==
              URL_OK &&
          data_of(&t)->format == URL_PSL_TEXT &&
          url_psl_rule_count(data_of(&t)) > 1000);
    dat_counts[0] = url_psl_rule_count(data_of(&t));
    dat_counts[1] = url_psl_exception_count(data_of(&t));
    dat_counts[2] = url_psl_wildcard_count(data_of(&t));
    check_table(&t, "dat");
    check_icann_equivalence(&t, "dat");
    url_psl_close(&t);
  }
  if (access(dafsa, R_OK) == 0) {
    check(url_psl_open_file(&t, &url_mem_libc, dafsa, why, sizeof why) ==
              URL_OK &&
          data_of(&t)->format == URL_PSL_DAFSA);
    const url_psl_data *td = data_of(&t);
    check(td->date > 0 && td->table.keys);
    /* Counted from its words (issue 28; libpsl says -1): Debian makes the
       DAFSA from the .dat of the same package, so the counts agree. */
    if (dat_counts[0] >= 0) {
      int ok = url_psl_rule_count(td) == dat_counts[0] &&
               url_psl_exception_count(td) == dat_counts[1] &&
               url_psl_wildcard_count(td) == dat_counts[2];
      if (!ok)
        printf("FAIL dafsa counts %d %d %d, dat %d %d %d\n",
               url_psl_rule_count(td), url_psl_exception_count(td),
               url_psl_wildcard_count(td), dat_counts[0], dat_counts[1],
               dat_counts[2]);
      check(ok);
    } else {
      check(url_psl_rule_count(td) > 1000 && url_psl_exception_count(td) > 0);
    }
    check_table(&t, "dafsa");
    check_icann_equivalence(&t, "dafsa");
    url_psl_close(&t);
  }
  url_psl_close(&l);

}

/* The built-in list, as a list with no file. */
static void check_builtin(void) {
  const psl_ctx_t *b = psl_builtin();
  if (!b) return;
  url_psl_list l;
  if (url_psl_open_ctx(&l, &url_mem_libc, b, URL_PSL_BUILTIN) != URL_OK) {
    check(0);
    return;
  }
  check_table(&l, "builtin");
  check_icann_equivalence(&l, "builtin");
  check(data_of(&l)->psl && !data_of(&l)->table.keys && !data_of(&l)->path);
  url_psl_close(&l); /* must not free the built-in list */
}

/* ---------------------------------------------- shared lists (issue 28) */

/*
** One list file, one table per process: opening the same file again shares
** the data; the default list is shared too and built on first use; a file
** that changed (content, size) gets its own data while the old one stays
** valid for whoever holds it; the last close frees (ASan's leak check).
*/
static void check_sharing(void) {
  char why[160];
  url_psl_list a, b, c, d1, d2;
  const char *p = write_file("share.dat", small_list, sizeof small_list - 1);
  check(url_psl_open_file(&a, &url_mem_libc, p, why, sizeof why) == URL_OK);
  check(url_psl_open_file(&b, &url_mem_libc, p, why, sizeof why) == URL_OK);
  check(data_of(&a) == data_of(&b));
  /* The same size, other content: not the same list. */
  static const char other[] =
      "// A test list\n"
      "// ===BEGIN ICANN DOMAINS===\n"
      "tset\n"
      "co.tset\n"
      "*.wild.tset\n"
      "!keep.wild.tset\n"
      "公司.tset\n"
      "// ===END ICANN DOMAINS===\n"
      "// ===BEGIN PRIVATE DOMAINS===\n"
      "pages.example\n"
      "// ===END PRIVATE DOMAINS===\n";
  check(sizeof other == sizeof small_list);
  write_file("share.dat", other, sizeof other - 1);
  check(url_psl_open_file(&c, &url_mem_libc, p, why, sizeof why) == URL_OK);
  check(data_of(&c) != data_of(&a));
  check(parts_are(&c, "a.co.tset", "co.tset", "a.co.tset"));
  check(parts_are(&a, "a.co.test", "co.test", "a.co.test")); /* still */
  url_psl_close(&a);
  check(parts_are(&b, "a.co.test", "co.test", "a.co.test"));
  url_psl_close(&b);
  url_psl_close(&c);
  unlink(p);

  /* The default list: shared, and nothing built until used. */
  check(url_psl_open_default(&d1, &url_mem_libc) == URL_OK);
  check(url_psl_open_default(&d2, &url_mem_libc) == URL_OK);
  check(d1.e == d2.e);
  check(data_of(&d1) == data_of(&d2));
  url_psl_close(&d1);
  check(parts_are(&d2, "www.example.co.uk", "co.uk", "example.co.uk"));
  url_psl_close(&d2);
}

/*
** A list crafted against the table issue 28 replaced (tests/psl_crafted.h)
** loads, answers as libpsl does on it, and as the binary search does;
** its index is bounded.  bench/bench.c measures what it costs.
*/
static void check_crafted(void) {
  for (int crafted = 0; crafted < 2; crafted++) {
    char *text = psl_crafted_text(40000, crafted);
    if (!text) {
      check(0);
      return;
    }
    const char *p = write_file("crafted.dat", text, strlen(text));
    url_psl_list l;
    char why[160];
    if (url_psl_open_file(&l, &url_mem_libc, p, why, sizeof why) != URL_OK) {
      printf("FAIL crafted list: %s\n", why);
      check(0);
      free(text);
      return;
    }
    const url_psl_data *d = data_of(&l);
    check(url_psl_rule_count(d) == 40000);
    check(!d->table.idx || d->table.max_probe <= 64);
    psl_ctx_t *ctx = psl_load_file(p);
    check(ctx != NULL);
    /* Every rule below a label, and a label no rule has, both ways. */
    url_psl_table bs = d->table;   /* a copy without the index */
    bs.idx = NULL;
    int wrong = 0;
    for (const char *r = strchr(text, '\n') + 1; ctx && *r != '/';
         r = strchr(r, '\n') + 1) {
      char host[32];
      snprintf(host, sizeof host, "www.%.8s", r);
      url_str s;
      url_psl_host_parts(&l, host, 12, URL_HOST_DOMAIN, &s, NULL);
      const char *want = psl_unregistrable_domain(ctx, host);
      size_t before;
      size_t off = url_psl_table_suffix(&bs, host, 12, 0, 9, &before);
      if (!slice_is(s, want) || off != 4) wrong++;
      snprintf(host, sizeof host, "www.%.7sz", r);
      url_psl_host_parts(&l, host, 12, URL_HOST_DOMAIN, &s, NULL);
      want = psl_unregistrable_domain(ctx, host);
      off = url_psl_table_suffix(&bs, host, 12, 0, 9, &before);
      if (!slice_is(s, want) || (strlen(want) == 8 && off != 4)) wrong++;
    }
    if (wrong) printf("FAIL %s list: %d wrong\n", crafted ? "crafted" : "honest", wrong);
    check(wrong == 0);
    if (ctx) psl_free(ctx);
    url_psl_close(&l);
    unlink(p);
    free(text);
  }
}

/* ----------------------------------------------- through the extension */

static int ext_text(sqlite3 *db, const char *sql, const char *want) {
  sqlite3_stmt *st;
  int ok = 0;
  const char *got = "(prepare failed)";
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
    if (sqlite3_step(st) == SQLITE_ROW) {
      got = (const char *)sqlite3_column_text(st, 0);
      ok = want ? got && !strcmp(got, want) : got == NULL;
      if (!got) got = "(null)";
    } else {
      got = sqlite3_errmsg(db);
    }
    if (!ok) printf("FAIL sql %s: got %s want %s\n", sql, got, show(want));
    sqlite3_finalize(st);
  } else {
    printf("FAIL sql %s: %s\n", sql, sqlite3_errmsg(db));
  }
  return ok;
}

static int ext_error(sqlite3 *db, const char *sql, const char *want_sub) {
  char *err = NULL;
  int rc = sqlite3_exec(db, sql, NULL, NULL, &err);
  int ok = rc != SQLITE_OK && err && strstr(err, want_sub);
  if (!ok) printf("FAIL sql %s: error '%s' want '%s'\n", sql, show(err), want_sub);
  sqlite3_free(err);
  return ok;
}

static void check_extension(const char *argv0) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", argv0);
  char so[1100];
  snprintf(so, sizeof so, "%s/../url", dirname(buf));
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    check(0);
    return;
  }
  sqlite3_enable_load_extension(db, 1);
  char *err = NULL;
  if (sqlite3_load_extension(db, so, "sqlite3_url_init", &err) != SQLITE_OK) {
    printf("FAIL cannot load %s: %s\n", so, show(err));
    sqlite3_free(err);
    sqlite3_close(db);
    check(0);
    return;
  }
  const char *p = write_file("ext.dat", small_list, sizeof small_list - 1);
  char sql[1200];
  /* The system's list has no rule for wild.test: the "*" rule applies. */
  check(ext_text(db, "SELECT url_registrable_domain('a.b.wild.test')", "wild.test"));
  snprintf(sql, sizeof sql, "SELECT url_psl_load('%s') ->> '$.path'", p);
  check(ext_text(db, sql, p));
  check(ext_text(db, "SELECT url_registrable_domain('a.b.wild.test')", "a.b.wild.test"));
  /* url_psl_info's JSON (ext/sites.c) for that list. */
  check(ext_text(db, "SELECT url_psl_info() ->> '$.rules'", "5"));
  check(ext_text(db,
                 "SELECT (url_psl_info() ->> '$.source') || ' ' || "
                 "(url_psl_info() ->> '$.format') || ' ' || "
                 "(url_psl_info() ->> '$.exceptions') || ' ' || "
                 "(url_psl_info() ->> '$.wildcards') || ' ' || "
                 "(url_psl_info() ->> '$.lookup') || ' ' || "
                 "(url_psl_info() ->> '$.table_bytes' > 0) || ' ' || "
                 "(url_psl_info() ->> '$.date' GLOB '20*Z') || ' ' || "
                 "(url_psl_info() ->> '$.libpsl' GLOB '[0-9]*')",
                 "file text 1 1 table 1 1 1"));
  /* A path that needs escaping in JSON comes back as it was. */
  static const char one[] = "// ===BEGIN ICANN DOMAINS===\ntest\n";
  const char *q = write_file("q\"\\\x01.dat", one, sizeof one - 1);
  snprintf(sql, sizeof sql,
           "SELECT url_psl_load(?1) ->> '$.path' = ?1 AND json_valid(url_psl_info())");
  sqlite3_stmt *st;
  int same = 0;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, q, -1, SQLITE_STATIC);
    same = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) == 1;
    sqlite3_finalize(st);
  }
  if (!same) printf("FAIL url_psl_load of a path that needs JSON escapes\n");
  check(same);
  unlink(q);
  snprintf(sql, sizeof sql, "SELECT url_psl_load('%s') ->> '$.path'", p);
  check(ext_text(db, sql, p));
  /* A failed load names the path, and the list in use stays. */
  char missing[300];
  snprintf(missing, sizeof missing, "%s/missing.dat", tmpdir);
  snprintf(sql, sizeof sql, "SELECT url_psl_load('%s')", missing);
  check(ext_error(db, sql, missing));
  check(ext_text(db, "SELECT url_registrable_domain('a.b.wild.test')", "a.b.wild.test"));
  check(ext_text(db, "SELECT url_psl_info() ->> '$.path'", p));
  snprintf(sql, sizeof sql, "SELECT url_psl_load('%s')", tmpdir);
  check(ext_error(db, sql, "not a regular file"));
  static const char html[] = "<html><body>Not Found</body></html>\n";
  const char *page = write_file("ext.html", html, sizeof html - 1);
  snprintf(sql, sizeof sql, "SELECT url_psl_load('%s')", page);
  check(ext_error(db, sql, "not a public suffix list"));
  check(ext_text(db, "SELECT url_psl_info() ->> '$.path'", p));
  check(ext_text(db, "SELECT url_public_suffix('x.co.test')", "co.test"));
  /* Not callable from a view of the schema (SQLITE_DIRECTONLY; TEMP views
     are the application's own and may). */
  snprintf(sql, sizeof sql, "CREATE VIEW v AS SELECT url_psl_load('%s')", p);
  check(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK);
  check(ext_error(db, "SELECT * FROM v", "unsafe use of url_psl_load"));
  /* Replacing a function drops its reference; loading the extension again
     replaces them all (the first context is then freed: LSan checks). */
  check(sqlite3_create_function(db, "url_psl_info", 0, SQLITE_UTF8, NULL, NULL,
                                NULL, NULL) == SQLITE_OK);
  check(sqlite3_load_extension(db, so, "sqlite3_url_init", NULL) == SQLITE_OK);
  check(ext_text(db, "SELECT url_registrable_domain('a.b.wild.test')", "wild.test"));
  /* Each connection has its own list in use (lists of one file share
     their data, parts/psl.h). */
  sqlite3 *db2;
  if (sqlite3_open(":memory:", &db2) == SQLITE_OK) {
    sqlite3_enable_load_extension(db2, 1);
    check(sqlite3_load_extension(db2, so, "sqlite3_url_init", NULL) == SQLITE_OK);
    snprintf(sql, sizeof sql, "SELECT url_psl_load('%s') IS NOT NULL", p);
    check(ext_text(db2, sql, "1"));
    check(ext_text(db2, "SELECT url_public_suffix('a.b.wild.test')", "b.wild.test"));
    check(ext_text(db, "SELECT url_public_suffix('a.b.wild.test')", "test"));
    sqlite3_close(db2);
  }
  check(sqlite3_close(db) == SQLITE_OK);
}

int main(int argc, char **argv) {
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 2;
  }
  url_psl_list l;
  if (url_psl_open_default(&l, &url_mem_libc) != URL_OK) {
    printf("FAIL url_psl_open_default\n");
    return 1;
  }
  if (load_system_rules()) {
    check_system_rules_shape();
  } else {
    printf("FAIL %s: missing or unreadable (Debian package publicsuffix)\n",
           SYSTEM_DAT);
    check(0);
  }
  check_table(&l, "default");
  check_icann_equivalence(&l, "default");
  check_types(&l);
  check_against_libpsl(&l);
  check_long_host(&l);
  check_same_site(&l);
  url_psl_close(&l);
  check_builtin();
  check_lists();
  check_sharing();
  check_crafted();
  check_extension(argv[0]);
  free_system_rules();

  /* Remove what the tests wrote. */
  static const char *names[] = {
      "small.dat", "empty.dat", "comments.dat", "bin.dat", "latin1.dat",
      "bad.dafsa", "ext.dat", "404.html", "plain.dat", "markers-only.dat",
      "cut.dafsa", "far.dafsa", "header.dafsa", "ab.dafsa", "ext.html", NULL};
  char path[300];
  for (int i = 0; names[i]; i++) {
    snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
    unlink(path);
  }
  if (rmdir(tmpdir) != 0) printf("note: cannot remove %s: %s\n", tmpdir, strerror(errno));
  return check_summary();
}
