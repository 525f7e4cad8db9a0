/*
** deceptive/ against UTS #39's own data (../shared/unicode-security/, read
** here, not through the generated tables), for Unicode 16.0 and 17.0:
**   - every confusables.txt line: the skeleton of its source is the NFD of
**     its prototype (a source that is its own NFD), or the skeleton of the
**     source's NFD; every skeleton is a fixed point (skeleton(skeleton(x))
**     = skeleton(x)), and the source and its prototype have one skeleton
**     unless NFD splits the source;
**   - every code point's Identifier_Status (Allowed or not) and
**     Identifier_Type set, against IdentifierStatus.txt and
**     IdentifierType.txt;
**   - every confusables source's restriction level alone (unrestricted
**     outside the profile, ascii-only, else single-script) and after an
**     ASCII letter;
** and Chromium's display policy on cases of its own rules.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "chromium.h"
#include "idna.h"
#include "mem_libc.h"
#include "shared_read.h"
#include "status.h"
#include "utf8.h"
#include "uprops.h"
#include "uts39.h"

static const char *const dirs[2] = {"unicode-security/16.0.0/",
                                    "unicode-security/17.0.0/"};

/* The next data line of a UCD-style file: s[*i..) up to '\n', comment cut;
   0 at the end. */
static int next_line(const char *s, size_t n, size_t *i, char *line,
                     size_t cap) {
  while (*i < n) {
    size_t e = *i;
    while (e < n && s[e] != '\n') e++;
    size_t len = e - *i;
    const char *p = s + *i;
    *i = e + 1;
    const char *hash = memchr(p, '#', len);
    if (hash) len = (size_t)(hash - p);
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
      len--;
    if (len >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB)
      p += 3, len -= 3; /* a BOM */
    if (!len) continue;
    if (len >= cap) len = cap - 1;
    memcpy(line, p, len);
    line[len] = 0;
    return 1;
  }
  return 0;
}

/* Appends the code points written "0061 0301" (hex, spaces) as UTF-8. */
static void put_hex_list(url_buf *b, const char *s) {
  while (*s) {
    char *end;
    unsigned long c = strtoul(s, &end, 16);
    if (end == s) break;
    url_buf_put_utf8(b, (uint32_t)c);
    s = end;
    while (*s == ' ') s++;
  }
}

static int same(const url_buf *a, const url_buf *b) {
  return a->len == b->len && !memcmp(a->ptr, b->ptr, a->len);
}

#define BUF(name)    \
  char name##_st[256]; \
  url_buf name;      \
  url_buf_init(&name, &url_mem_libc, name##_st, sizeof name##_st, (size_t)-1)

static void confusables(int v, const dec_props *props) {
  char rel[128], line[512];
  size_t n, i = 0, lines = 0, own_nfd = 0, split = 0, one = 0, split_proto = 0,
         ignorable = 0;
  snprintf(rel, sizeof rel, "%sconfusables.txt", dirs[v]);
  char *s = shared_read_all(rel, &n);
  BUF(src);
  BUF(proto);
  BUF(nfd);
  BUF(sk);
  BUF(sk2);
  BUF(want);
  BUF(proto_nfd);
  while (next_line(s, n, &i, line, sizeof line)) {
    char *semi = strchr(line, ';');
    if (!semi) continue;
    char *semi2 = strchr(semi + 1, ';');
    if (semi2) *semi2 = 0;
    src.len = proto.len = nfd.len = sk.len = sk2.len = want.len = 0;
    put_hex_list(&src, line);
    put_hex_list(&proto, semi + 1);
    lines++;
    url_unicode_normalize(src.ptr, src.len, 1, &nfd);
    dec_skeleton(src.ptr, src.len, v, &sk);
    if (dec_default_ignorable((uint32_t)strtoul(line, NULL, 16))) {
      /* §4 (15.1): a default ignorable source is removed */
      ignorable++;
    } else if (same(&nfd, &src)) {
      /* §4: NFD(X) = X, so skeleton(X) = NFD(prototype) */
      url_unicode_normalize(proto.ptr, proto.len, 1, &want);
      own_nfd++;
    } else {
      dec_skeleton(nfd.ptr, nfd.len, v, &want);
      split++;
    }
    if (!check(same(&sk, &want)))
      printf("FAIL %s skeleton of %s: got %.*s\n", dirs[v], line,
             (int)sk.len, sk.ptr);
    /* The source alone, and after an ASCII letter. */
    uint32_t c = (uint32_t)strtoul(line, NULL, 16);
    int allowed = dec_allowed(c, v);
    int level = dec_restriction_level(
        props, src.ptr, src.len, v ? dec_allowed17_cb : dec_allowed16_cb, NULL);
    int want_level = !allowed ? DEC_UNRESTRICTED
                     : c < 0x80 ? DEC_ASCII_ONLY : DEC_SINGLE_SCRIPT;
    if (!check(level == want_level))
      printf("FAIL %s level of U+%04X: %s\n", dirs[v], (unsigned)c,
             dec_level_name(level));
    want.len = 0;
    url_buf_putc(&want, 'a');
    url_buf_append(&want, src.ptr, src.len);
    level = dec_restriction_level(props, want.ptr, want.len,
                                  v ? dec_allowed17_cb : dec_allowed16_cb, NULL);
    int latin_too = dec_scx_has(props, c, dec_script_code(props, "Latn")) ||
                    dec_scx_has(props, c, dec_script_code(props, "Zyyy")) ||
                    dec_scx_has(props, c, dec_script_code(props, "Zinh"));
    want_level = !allowed    ? DEC_UNRESTRICTED
                 : c < 0x80  ? DEC_ASCII_ONLY
                 : latin_too ? DEC_SINGLE_SCRIPT
                             : -1; /* a second script: checked below */
    if (want_level >= 0) {
      if (!check(level == want_level))
        printf("FAIL %s level of a+U+%04X: %s\n", dirs[v], (unsigned)c,
               dec_level_name(level));
    } else {
      if (!check(level >= DEC_HIGHLY_RESTRICTIVE &&
                 level <= DEC_MINIMALLY_RESTRICTIVE))
        printf("FAIL %s level of a+U+%04X: %s\n", dirs[v], (unsigned)c,
               dec_level_name(level));
    }
    /* A prototype that NFD splits may hold another source (U+0622 gives
       U+0627 U+0653): only NFD prototypes make a fixed point. */
    proto_nfd.len = 0;
    url_unicode_normalize(proto.ptr, proto.len, 1, &proto_nfd);
    if (!same(&proto_nfd, &proto)) {
      split_proto++;
      continue;
    }
    dec_skeleton(sk.ptr, sk.len, v, &sk2);
    if (!check(same(&sk, &sk2)))
      printf("FAIL %s skeleton of %s is not a fixed point\n", dirs[v], line);
    if (same(&nfd, &src) && !dec_default_ignorable(c)) {
      sk2.len = 0;
      dec_skeleton(proto.ptr, proto.len, v, &sk2);
      one += same(&sk, &sk2);
      if (!check(same(&sk, &sk2)))
        printf("FAIL %s %s: source and prototype differ\n", dirs[v], line);
    }
  }
  printf("%s: %zu lines (%zu sources their own NFD, %zu split by NFD, %zu "
         "default ignorable; %zu prototypes NFD splits; %zu with the "
         "prototype's skeleton)\n",
         rel, lines, own_nfd, split, ignorable, split_proto, one);
  check_named(lines == (v ? 6565u : 6355u), "confusables line count");
  url_buf_free(&src);
  url_buf_free(&proto);
  url_buf_free(&nfd);
  url_buf_free(&sk);
  url_buf_free(&sk2);
  url_buf_free(&want);
  url_buf_free(&proto_nfd);
  free(s);
}

static const char *const type_names[] = {
    "Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",
    "Not_XID",       "Exclusion",  "Obsolete",          "Technical",
    "Uncommon_Use",  "Limited_Use", "Inclusion",        "Recommended"};

/* Identifier_Status and Identifier_Type of every code point. */
static void identifiers(int v) {
  char rel[128], line[512];
  size_t n, i;
  unsigned char *allowed = calloc(0x110000, 1);
  uint16_t *types = calloc(0x110000, sizeof *types);
  if (!allowed || !types) abort();
  snprintf(rel, sizeof rel, "%sIdentifierStatus.txt", dirs[v]);
  char *s = shared_read_all(rel, &n);
  for (i = 0; next_line(s, n, &i, line, sizeof line);) {
    unsigned long lo, hi;
    char *semi = strchr(line, ';');
    if (!semi) continue;
    lo = hi = strtoul(line, NULL, 16);
    char *dots = strstr(line, "..");
    if (dots && dots < semi) hi = strtoul(dots + 2, NULL, 16);
    int ok = strstr(semi, "Allowed") != NULL;
    for (unsigned long c = lo; c <= hi && c < 0x110000; c++) allowed[c] = (unsigned char)ok;
  }
  free(s);
  snprintf(rel, sizeof rel, "%sIdentifierType.txt", dirs[v]);
  s = shared_read_all(rel, &n);
  for (unsigned long c = 0; c < 0x110000; c++) types[c] = 1; /* @missing */
  for (i = 0; next_line(s, n, &i, line, sizeof line);) {
    unsigned long lo, hi;
    char *semi = strchr(line, ';');
    if (!semi) continue;
    lo = hi = strtoul(line, NULL, 16);
    char *dots = strstr(line, "..");
    if (dots && dots < semi) hi = strtoul(dots + 2, NULL, 16);
    uint16_t mask = 0;
    for (char *t = strtok(semi + 1, " "); t; t = strtok(NULL, " "))
      for (int k = 0; k < 12; k++)
        if (!strcmp(t, type_names[k])) mask |= (uint16_t)(1u << k);
    for (unsigned long c = lo; c <= hi && c < 0x110000; c++) types[c] = mask;
  }
  free(s);
  size_t bad_status = 0, bad_type = 0, n_allowed = 0;
  for (uint32_t c = 0; c < 0x110000; c++) {
    n_allowed += allowed[c];
    bad_status += !check(dec_allowed(c, v) == allowed[c]);
    bad_type += !check(dec_identifier_types(c, v) == types[c]);
  }
  printf("%sIdentifierStatus.txt, IdentifierType.txt: %zu Allowed; %zu "
         "status and %zu type differences over U+0000..U+10FFFF\n",
         dirs[v], n_allowed, bad_status, bad_type);
  check_named(n_allowed == (v ? 33791u : 112778u), "Allowed count");
  free(allowed);
  free(types);
}

/* Chromium's rules on cases of its own (idn_spoof_checker.cc). */
static void policy(void) {
  dec_policy *p;
  if (!check(dec_policy_new(&url_mem_libc, &p) == URL_OK)) return;
  static const struct {
    const char *host, *shown;
    int check;
  } cases[] = {
      {"xn--mnchen-3ya.de", "münchen.de", DEC_SAFE},
      {"xn--80ak6aa92e.com", "xn--80ak6aa92e.com", DEC_WHOLE_SCRIPT_CONFUSABLE},
      {"xn--80ak6aa92e.xn--p1ai", "аррӏе.рф", DEC_SAFE},
      {"xn--80ak6aa92e.ru", "аррӏе.ru", DEC_SAFE},
      {"xn--pple-43d.com", "xn--pple-43d.com", DEC_ICU_SPOOF_CHECKS},
      {"xn--qccaa.com", "xn--qccaa.com", DEC_DIGIT_LOOKALIKES},
      {"xn--orlkur-rta2u.com", "xn--orlkur-rta2u.com", DEC_TLD_SPECIFIC},
      {"xn--orlkur-rta2u.fo", "þorlákur.fo", DEC_SAFE},
      {"xn--cevell-fla.cat", "cevel·l.cat", DEC_SAFE},
      {"xn--cevell-fla.com", "xn--cevell-fla.com", DEC_UNSAFE_MIDDLE_DOT},
      {"xn--abcdef-r64e.jp", "xn--abcdef-r64e.jp", DEC_DANGEROUS_PATTERN},
      {"xn--caf-dma9024xvpg.kr", "xn--caf-dma9024xvpg.kr",
       DEC_NON_ASCII_LATIN_MIXED},
      {"xn--j1amdg.com", "курс.com", DEC_SAFE}, /* an allowed word */
      {"example.com", "example.com", DEC_SAFE},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    BUF(out);
    dec_verdict v;
    int rc = dec_display_host(dec_policy_at(p, DEC_UNICODE16), NULL, cases[k].host,
                              strlen(cases[k].host), &out, &v);
    int chk = v.check;
    if (!check(rc == URL_OK && out.len == strlen(cases[k].shown) &&
               !memcmp(out.ptr, cases[k].shown, out.len) &&
               chk == cases[k].check))
      printf("FAIL display %s: %.*s (%s)\n", cases[k].host, (int)out.len,
             out.ptr, dec_check_name(chk));
    url_buf_free(&out);
  }
  /* Top domains: a skeleton match, not the domain itself nor under it. */
  static const char list[] = "# top\nexample.com\n\ngoogle.com\r\n  paypal.com  \nnot a domain\n";
  dec_domains *d;
  if (check(dec_domains_new(dec_policy_at(p, DEC_UNICODE16), list, sizeof list - 1, &d) ==
            URL_OK)) {
    check_named(dec_domains_count(d) == 3, "top domains count");
    static const struct {
      const char *host, *match;
    } m[] = {{"exаmple.com", "example.com"},   {"www.gооgle.com", "google.com"},
             {"google.com", NULL},             {"mail.google.com", NULL},
             {"pаypal.com", "paypal.com"},     {"paypaI.com", "paypal.com"},
             {"gооgle.com.", "google.com"},    {"a.b.c.gооgle.com", "google.com"},
             {"googIe.com", "google.com"},             {"exаmple.org", NULL}};
    for (size_t k = 0; k < sizeof m / sizeof *m; k++) {
      size_t len;
      int rc;
      const char *t = dec_domains_match(dec_policy_at(p, DEC_UNICODE16), d, m[k].host,
                                        strlen(m[k].host), &len, &rc);
      int ok = rc == URL_OK && (m[k].match ? t && len == strlen(m[k].match) &&
                                                 !memcmp(t, m[k].match, len)
                                           : !t);
      if (!check(ok)) printf("FAIL top domain of %s\n", m[k].host);
    }
    dec_domains_free(d);
  }
  /* Chromium's host skeletons: ł reads as l and as t, þ as b and p. */
  static const struct {
    const char *host, *skel;
  } sk[] = {{"ħello", "hello"}, {"ӏ", "i"}, {"pœ", "poe"}, {"ł", "l"}};
  for (size_t k = 0; k < sizeof sk / sizeof *sk; k++) {
    BUF(out);
    dec_host_skeleton(dec_policy_at(p, DEC_UNICODE16), sk[k].host, strlen(sk[k].host), &out);
    if (!check(out.len == strlen(sk[k].skel) && !memcmp(out.ptr, sk[k].skel, out.len)))
      printf("FAIL host skeleton of %s: %.*s\n", sk[k].host, (int)out.len, out.ptr);
    url_buf_free(&out);
  }
  dec_policy_free(p);
}

/* dec_default_ignorable against the regular expressions' table of
   Default_Ignorable_Code_Point (Unicode 17.0), code point by code point. */
static void di_add(void *ctx, uint32_t lo, uint32_t hi) {
  unsigned char *in = ctx;
  for (uint32_t c = lo; c <= hi && c < 0x110000; c++) in[c] = 1;
}

static void default_ignorables(void) {
  unsigned char *in = calloc(0x110000, 1);
  const char name[] = "Default_Ignorable_Code_Point";
  int k = pat_uprop_find(name, sizeof name - 1), bad = 0;
  size_t count = 0;
  if (!check(in && k >= 0)) return;
  pat_uprop_ranges(k, di_add, in);
  for (uint32_t c = 0; c < 0x110000; c++) {
    count += in[c];
    if (!!dec_default_ignorable(c) != in[c] && bad++ < 5)
      printf("FAIL Default_Ignorable_Code_Point U+%04X\n", (unsigned)c);
  }
  check_named(!bad && count == 4174, "Default_Ignorable_Code_Point");
  /* the skeleton removes them, in both versions (UTS #39 15.1) */
  for (int v = 0; v < 2; v++) {
    BUF(a);
    BUF(b);
    dec_skeleton("pay\xe2\x80\x8bpal\xc2\xad", 11, v, &a);
    dec_skeleton("paypal", 6, v, &b);
    check_named(same(&a, &b), "skeleton without default ignorables");
    url_buf_free(&a);
    url_buf_free(&b);
  }
  free(in);
}

int main(void) {
  dec_props *props;
  if (dec_props_new(&url_mem_libc, &props) != URL_OK) {
    printf("FAIL dec_props_new\n");
    return check_summary() | 1;
  }
  for (int v = 0; v < 2; v++) {
    confusables(v, props);
    identifiers(v);
  }
  dec_props_free(props);
  default_ignorables();
  policy();
  return check_summary();
}
