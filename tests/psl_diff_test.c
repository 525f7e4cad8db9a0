/*
** The public suffix rule table against libpsl: the same list opened twice,
** once walked by our table (parts/psl_table.c, rules read by
** parts/psl_read.c) and once answered by libpsl, must give byte for byte the
** same public suffix and registrable domain, in both sections, for
**
**   1. every host of the real-URL sample (tests/shared_data.h), and of
**      ../shared/data/'s lists (the real URL lists of the benchmark);
**   2. the PSL project's test vectors (../shared/psl/tests.txt), whose
**      expected answers are checked too;
**   3. libpsl's all-rules test (test-is-public-all.c): for every rule of the
**      system's list, the names it makes public and not public;
**   4. lists made to be awkward (wildcards without parents, exceptions
**      without wildcards, a private rule below an ICANN wildcard, empty
**      labels, names libpsl ignores, long lines, rules outside both
**      sections, IDN rules, rules of more labels than are looked up), as
**      text and, through psl-make-dafsa, as DAFSA.  No list names a domain
**      twice: libpsl's answer would then depend on the order its loader
**      sorts entries in (psl_read.h);
**   5. pseudo-random hosts built from the list's own labels and rules, by
**      the fuzz target's oracle (fuzz/psl_fuzz.c), as make fuzz runs it.
**
** The pairs compared are the system's list in both forms (Debian's
** public_suffix_list.dafsa and .dat).  Prints differences and a count per
** part, then "N passed, N failed" (one check per host and section).
*/
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libpsl.h>

#include "check.h"
#include "host.h"
#include "mem_libc.h"
#include "parse.h"
#include "psl.h"
#include "shared_data.h"
#include "url.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int psl_fuzz_check(const char *h, size_t n);

#define SYSTEM_DAT "/usr/share/publicsuffix/public_suffix_list.dat"
#define RANDOM_HOSTS 100000


/* Parses `in` as a special URL's host into hb; 1 if it is a domain. */
static int domain_of(const char *in, size_t n, url_buf *hb) {
  url_host_type t;
  hb->len = 0;
  return url_host_parse(in, n, 0, hb, &t) == URL_OK && t == URL_HOST_DOMAIN;
}

/* ---------------------------------------------------- 1. real hosts */

/* Compares the hosts of the URLs in `path`, one per line. */
static void real_hosts(const char *path, int required) {
  FILE *f = required ? shared_real_urls() : fopen(path, "r");
  if (!f) {
    if (required) {
      printf("FAIL cannot read %s\n", path);
      check(0);
    } else {
      printf("real hosts: %s not there (../shared beside the checkout)\n", path);
    }
    return;
  }
  char line[16384];
  size_t urls = 0, hosts = 0, diffs = 0;
  while (fgets(line, sizeof line, f)) {
    size_t n = strcspn(line, "\r\n");
    char st[512];
    url u;
    url_init(&u, &url_mem_libc, st, sizeof st, 1 << 24);
    if (url_parse(&u, line, n, NULL) == URL_OK) {
      urls++;
      url_str h = url_hostname(&u);
      if (u.host_type == URL_HOST_DOMAIN && h.n) {
        int d = psl_fuzz_check(h.s, h.n);
        diffs += d != 0;
        check(d == 0);
        hosts++;
      }
    }
    url_free(&u);
  }
  fclose(f);
  printf("real hosts of %s: %zu URLs, %zu domains, %zu differences\n", path,
         urls, hosts, diffs);
}

/* ----------------------------------------------- 2. the PSL's vectors */

/*
** Inputs whose answer follows this project's documented convention for
** empty labels instead of the vectors' null: the host parser keeps a
** leading dot as an empty first label, and the registrable domain is the
** public suffix plus the label before it, empty or not (README, psl.h).
*/
typedef struct convention {
  const char *in, *reg;
} convention;

static const convention conventions[] = {
    {".com", ".com"},
    {".example", ".example"},
    {".example.com", "example.com"},
    {".example.example", "example.example"},
};

static const convention *convention_for(const char *in) {
  for (size_t i = 0; i < sizeof conventions / sizeof conventions[0]; i++)
    if (!strcmp(conventions[i].in, in)) return &conventions[i];
  return NULL;
}

static void vectors(const url_psl_list *l) {
  char path[4200];
  FILE *f = shared_open("psl/tests.txt", "r");
  shared_path(path, sizeof path, "psl/tests.txt");
  if (!f) {
    printf("FAIL cannot read %s\n", path);
    check(0);
    return;
  }
  char line[1024], in[512], want[512];
  int total = 0, as_listed = 0, by_convention = 0, bad = 0, diffs = 0;
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "//", 2) || sscanf(line, "%511s %511s", in, want) != 2 ||
        !strcmp(in, "null"))
      continue;
    total++;
    char st[256], wst[256];
    url_buf hb, wb;
    url_buf_init(&hb, &url_mem_libc, st, sizeof st, 1 << 20);
    url_buf_init(&wb, &url_mem_libc, wst, sizeof wst, 1 << 20);
    const convention *c = convention_for(in);
    int ok = domain_of(in, strlen(in), &hb);
    const char *w = c ? c->reg : strcmp(want, "null") ? want : NULL;
    /* The expected name in the host parser's form (xn--, lowercase). */
    if (ok && w) ok = domain_of(w, strlen(w), &wb);
    url_str reg = {0};
    if (ok) ok = url_psl_registrable_domain(l, hb.ptr, hb.len, URL_HOST_DOMAIN,
                                            &reg) != URL_NOMEM;
    ok = ok && (w ? reg.s && reg.n == wb.len && !memcmp(reg.s, wb.ptr, wb.len)
                  : reg.s == NULL);
    int d = psl_fuzz_check(hb.ptr, hb.len);
    diffs += d != 0;
    if (!ok)
      printf("FAIL psl-tests.txt %s: got %.*s, want %s\n", in, (int)reg.n,
             reg.s ? reg.s : "null", w ? w : "null");
    if (ok && c && check_verbose())
      printf("CONVENTION %s: %s (the vectors say null)\n", in, c->reg);
    as_listed += ok && !c;
    by_convention += ok && c != NULL;
    bad += !ok;
    check(ok && d == 0);
    url_buf_free(&hb);
    url_buf_free(&wb);
  }
  fclose(f);
  printf("psl-tests.txt: %d inputs: %d as the vectors say, %d leading-dot "
         "inputs by the project's empty-label convention (VERBOSE=1 lists "
         "them), %d wrong; %d differences from libpsl\n",
         total, as_listed, by_convention, bad, diffs);
}

/* ------------------------------------------------ 3. every rule's names */

/* Is d (a name as typed) public, by the table, under section sec? */
static int is_public(const url_psl_list *l, url_psl_section sec, const char *d,
                     size_t *diffs) {
  char st[256];
  url_buf hb;
  url_buf_init(&hb, &url_mem_libc, st, sizeof st, 1 << 20);
  int pub = -1;
  if (domain_of(d, strlen(d), &hb)) {
    url_str s;
    if (url_psl_host_parts_in(l, sec, hb.ptr, hb.len, URL_HOST_DOMAIN, &s,
                              NULL) == URL_OK)
      pub = s.s == hb.ptr && s.n == hb.len;
    *diffs += psl_fuzz_check(hb.ptr, hb.len) != 0;
  }
  url_buf_free(&hb);
  return pub;
}

/* libpsl's test_type_any: d is `want` in its own section and in the full
   list; in the other section only a TLD is public (the "*" rule). */
static void expect(const url_psl_list *l, const char *d, int icann, int want,
                   size_t *bad, size_t *diffs) {
  int tld = !strchr(d, '.');
  int in_icann = icann ? want : tld;
  int a = is_public(l, URL_PSL_ALL, d, diffs);
  int i = is_public(l, URL_PSL_ICANN, d, diffs);
  int ok = a == want && i == in_icann;
  if (!ok && (*bad)++ < 20)
    printf("FAIL all-rules %s: public %d (icann %d), want %d (icann %d)\n", d,
           a, i, want, in_icann);
  check(ok);
}

static void all_rules(const url_psl_list *l) {
  FILE *f = fopen(SYSTEM_DAT, "r");
  if (!f) {
    printf("FAIL %s: missing (Debian package publicsuffix)\n", SYSTEM_DAT);
    check(0);
    return;
  }
  char line[512], buf[600];
  int section = 0; /* 1 ICANN, 2 private */
  size_t names = 0, bad = 0, diffs = 0;
  while (fgets(line, sizeof line, f)) {
    if (strstr(line, "===BEGIN ICANN DOMAINS===")) section = 1;
    else if (strstr(line, "===BEGIN PRIVATE DOMAINS===")) section = 2;
    else if (strstr(line, "===END ")) section = 0;
    line[strcspn(line, " \t\r\n")] = 0;
    if (!line[0] || !strncmp(line, "//", 2) || !section) continue;
    int icann = section == 1;
    if (line[0] == '!') {
      /* !www.ck: www.ck is not public, its parent ck is. */
      expect(l, line + 1, icann, 0, &bad, &diffs);
      expect(l, strchr(line, '.') + 1, icann, 1, &bad, &diffs);
      names += 2;
    } else if (line[0] == '*') {
      /* *.ck: ck and x.ck are public, y.x.ck is not. */
      expect(l, line + 2, icann, 1, &bad, &diffs);
      snprintf(buf, sizeof buf, "x%s", line + 1);
      expect(l, buf, icann, 1, &bad, &diffs);
      snprintf(buf, sizeof buf, "y.x%s", line + 1);
      expect(l, buf, icann, 0, &bad, &diffs);
      names += 3;
    } else {
      expect(l, line, icann, 1, &bad, &diffs);
      names++;
    }
  }
  fclose(f);
  printf("all rules of %s: %zu names x 2 sections: %zu wrong, %zu "
         "differences from libpsl\n",
         SYSTEM_DAT, names, bad, diffs);
}

/* ------------------------------------------------- 4. awkward lists */

static char tmpdir[] = "/tmp/psl_diff.XXXXXX";

static const char awkward_list[] =
    "// rules before any section: no section flag (DAFSA value 0)\n"
    "outside.test\n"
    "// ===BEGIN ICANN DOMAINS===\n"
    "test\n"
    "co.test\n"
    "*.wild.test\n"
    "!keep.wild.test\n"
    "*.wild2.test\n"
    "!lone.test\n"
    "*.deep.nowhere.test\n"
    "UPPER.test\n"
    "*bad.test\n"
    "公司.test\n"
    "faß.test\n"
    "   indented.test   trailing words\n"
    "*.x.y.z.w.v.u.t.s.r.q.test\n"
    "p.o.n.m.l.k.j.i.h.g.f.test\n"
    "// ===END ICANN DOMAINS===\n"
    "between.test\n"
    "// ===BEGIN PRIVATE DOMAINS===\n"
    "priv.wild.test\n"
    "*.pw.co.test\n"
    "!x.pw.co.test\n"
    "pages.example\n"
    "*.io.example\n"
    "// ===END PRIVATE DOMAINS===\n";

/* Writes a list to tmpdir; returns its path (static storage per slot). */
static const char *write_list(const char *name, const char *text) {
  static char paths[4][300];
  static int slot;
  char *p = paths[slot++ % 4];
  snprintf(p, 300, "%s/%s", tmpdir, name);
  FILE *f = fopen(p, "w");
  if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
    printf("FAIL cannot write %s: %s\n", p, strerror(errno));
    exit(2);
  }
  return p;
}

/* The awkward list plus, for libpsl's text loader, an empty label and
   lines it reads in pieces (fgets' 255 bytes) or ignores (names of 127
   bytes or more), which psl-make-dafsa (Python's IDNA codec) refuses. */
static char *awkward_text(int for_dafsa) {
  size_t cap = sizeof awkward_list + 4096;
  char *s = malloc(cap);
  if (!s) exit(2);
  strcpy(s, awkward_list);
  char *p = s + strlen(s);
  if (for_dafsa) return s;
  p += sprintf(p, "// ===BEGIN ICANN DOMAINS===\na..dots.test\n");
  /* A comment of 300 bytes: its last 45 bytes are read as a line, whose
     first word becomes a rule. */
  p += sprintf(p, "// ");
  for (int i = 0; i < 252; i++) *p++ = 'c';
  p += sprintf(p, "split.test tail of a long comment\n");
  for (int i = 0; i < 122; i++) *p++ = 'l'; /* 127 bytes: ignored */
  p += sprintf(p, ".test\n");
  for (int i = 0; i < 121; i++) *p++ = 'k'; /* 126 bytes: a rule */
  p += sprintf(p, ".test\n");
  p += sprintf(p, "// ===END ICANN DOMAINS===\n");
  return s;
}

/* Compares a list's two lookups on hosts made of its names and labels. */
static void compare_list(const char *what, const char *path, int long_names) {
  url_psl_list t, o;
  char why[160];
  const url_psl_data *td = NULL;
  int orc = url_psl_open_file(&t, &url_mem_libc, path, why, sizeof why);
  if (orc != URL_OK || url_psl_data_get(&t, &td) != URL_OK || !td->table.keys) {
    if (orc == URL_OK) url_psl_close(&t);
    printf("FAIL %s: cannot open %s: %s\n", what, path, why);
    check(0);
    return;
  }
  psl_ctx_t *ctx = psl_load_file(path);
  if (!ctx) {
    printf("FAIL %s: libpsl cannot open %s\n", what, path);
    check(0);
    url_psl_close(&t);
    return;
  }
  if (url_psl_open_ctx(&o, &url_mem_libc, ctx, URL_PSL_TEXT) != URL_OK) {
    check(0);
    url_psl_close(&t);
    psl_free(ctx);
    return;
  }
  static const char *names[] = {
      "outside.test", "test", "co.test", "wild.test", "keep.wild.test",
      "wild2.test", "lone.test", "deep.nowhere.test", "nowhere.test",
      "a..dots.test", "..dots.test", "dots.test", "upper.test", "UPPER.test",
      "p.o.n.m.l.k.j.i.h.g.f.test", "o.n.m.l.k.j.i.h.g.f.test",
      "xn--55qx5d.test", "xn--fa-hia.test", "fass.test", "indented.test",
      "words", "x.y.z.w.v.u.t.s.r.q.test", "y.z.w.v.u.t.s.r.q.test",
      "between.test", "priv.wild.test", "pw.co.test", "x.pw.co.test",
      "pages.example", "io.example", "example", "split.test", "bad.test",
      "*bad.test", "*.test", "!lone.test", "com", "",
  };
  static const char *prefixes[] = {"", "a.", "www.", "b.a.", ".", "a..",
                                   "priv.", "keep.", "x.", "*."};
  static const char *suffixes[] = {"", ".", ".."};
  size_t hosts = 0, diffs = 0;
  char h[400];
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    for (size_t j = 0; j < sizeof prefixes / sizeof prefixes[0]; j++) {
      for (size_t k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
        int n = snprintf(h, sizeof h, "%s%s%s", prefixes[j], names[i],
                         suffixes[k]);
        if (n <= 0) continue;
        for (int sec = 0; sec < URL_PSL_N_SECTIONS; sec++) {
          url_str s1, r1, s2, r2;
          url_psl_host_parts_in(&t, (url_psl_section)sec, h, (size_t)n,
                                URL_HOST_DOMAIN, &s1, &r1);
          url_psl_host_parts_in(&o, (url_psl_section)sec, h, (size_t)n,
                                URL_HOST_DOMAIN, &s2, &r2);
          int ok = s1.s == s2.s && s1.n == s2.n && r1.s == r2.s && r1.n == r2.n;
          if (!ok && diffs < 20)
            printf("FAIL %s %s %s: table %.*s / %.*s, libpsl %.*s / %.*s\n",
                   what, url_psl_section_names[sec], h, (int)s1.n,
                   s1.s ? s1.s : "null", (int)r1.n, r1.s ? r1.s : "null",
                   (int)s2.n, s2.s ? s2.s : "null", (int)r2.n,
                   r2.s ? r2.s : "null");
          diffs += !ok;
          hosts++;
          check(ok);
        }
      }
    }
  }
  printf("%s: %zu hosts x sections, %zu differences from libpsl\n", what,
         hosts, diffs);
  if (long_names) {
    /* The 126-byte rule is one, the 127-byte one is not. */
    char k[140], lname[140];
    memset(k, 'k', 121);
    strcpy(k + 121, ".test");
    memset(lname, 'l', 122);
    strcpy(lname + 122, ".test");
    url_str s;
    url_psl_host_parts(&t, k, strlen(k), URL_HOST_DOMAIN, &s, NULL);
    check(s.s == k);
    url_psl_host_parts(&t, lname, strlen(lname), URL_HOST_DOMAIN, &s, NULL);
    check(s.s == lname + 123);
  }
  url_psl_close(&t);
  url_psl_close(&o);
  psl_free(ctx);
}

static void awkward_lists(void) {
  char *text = awkward_text(0);
  const char *dat = write_list("awkward.dat", text);
  compare_list("awkward list (text)", dat, 1);
  unlink(dat);
  free(text);
  text = awkward_text(1);
  dat = write_list("awkward-dafsa.dat", text);
  /* The same list as DAFSA files, in UTF-8 and ASCII mode. */
  static const char *files[] = {"awkward.dafsa", "awkward-ascii.dafsa"};
  for (int m = 0; m < 2; m++) {
    char out[400], cmd[1400];
    snprintf(out, sizeof out, "%s/%s", tmpdir, files[m]);
    snprintf(cmd, sizeof cmd,
             "psl-make-dafsa --output-format=binary %s '%s' '%s' >/dev/null 2>&1",
             m ? "--encoding=ascii" : "", dat, out);
    if (system(cmd) != 0) {
      printf("FAIL psl-make-dafsa (Debian package psl-make-dafsa) could not "
             "make %s\n", out);
      check(0);
      continue;
    }
    compare_list(m ? "awkward list (DAFSA, ASCII mode)"
                   : "awkward list (DAFSA, UTF-8 mode)",
                 out, 0);
    unlink(out);
  }
  unlink(dat);
  free(text);
}

/* ------------------------------------------------------ 5. random hosts */

static uint64_t rng = 0x243F6A8885A308D3u;

static uint64_t next(void) { /* xorshift64 */
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static void random_hosts(void) {
  for (int i = 0; i < RANDOM_HOSTS; i++) {
    uint8_t in[24];
    size_t len = 1 + next() % sizeof in;
    for (size_t k = 0; k < len; k++) in[k] = (uint8_t)next();
    LLVMFuzzerTestOneInput(in, len); /* abort()s on a difference */
  }
  printf("random hosts: %d from the fuzz target's builder, 0 differences\n",
         RANDOM_HOSTS);
  check(1);
}

int main(int argc, char **argv) {
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 2;
  }
  LLVMFuzzerInitialize(&argc, &argv);
  url_psl_list l;
  char why[160];
  if (url_psl_open_file(&l, &url_mem_libc, SYSTEM_DAT, why, sizeof why) !=
      URL_OK) {
    printf("FAIL %s: %s\n", SYSTEM_DAT, why);
    return 1;
  }
  char path[4200];
  real_hosts("the real-URL sample", 1);
  shared_path(path, sizeof path, "data/kasztp.txt");
  real_hosts(path, 0);
  shared_path(path, sizeof path, "data/userbait.txt");
  real_hosts(path, 0);
  vectors(&l);
  all_rules(&l);
  awkward_lists();
  random_hosts();
  url_psl_close(&l);
  rmdir(tmpdir);
  return check_summary();
}
