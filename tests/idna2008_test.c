/*
** IDNA2008 lookup (parts/idna2008.c, over libidn2) next to the URL
** Standard's UTS #46 domain to ASCII (core/idna.c):
**
**  1. tests/data/idna2008.json: for every input of WPT's toascii.json and
**     IdnaTestV2.json, the answer libidn2 gave when the file was made
**     (tools/gen_idna2008_data.c, `make idna2008-data`).  The core must
**     give the same ASCII name, Unicode name and error.  The file names the
**     libidn2 version; when the one linked here differs, its tables may
**     legitimately decide some names otherwise, so those differences are
**     printed as drift and counted apart, not as failures (step 2 still
**     holds the core to the libidn2 actually linked).
**  2. The same inputs against the reference (tests/idna2008_ref.c: the rule
**     set computed literally from the linked libidn2), always strict.
**  3. The two modes side by side on those inputs: how many names they
**     decide differently, by kind and by IDNA2008 error (`-v` lists them).
**  4. Hand-picked cases: each error class claimed in README, the STD3 and
**     empty-label corrections, the buffer contract.
**  5. Generated ASCII names around every limit and hyphen rule (the core's
**     libidn2-free fast path) and every code point of planes 0, 1 and 14
**     alone (the core's STD3 detection), against the reference.
**
** Prints mismatches and "N passed, N failed"; exits non-zero on failure.
** Usage: idna2008_test [-v] [DATA_DIR]   (default tests/data)
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "idna.h"
#include "idna2008.h"
#include "idna2008_ref.h"
#include "json.h"
#include "mem_libc.h"

static int verbose;

#define S(lit) lit, sizeof(lit) - 1

/* The core's answer, as strings (malloc()ed; NULL when refused). */
typedef struct answer {
  char *ascii, *unicode;
  const char *error; /* NULL when accepted */
  int status;        /* of to_ascii */
} answer;

static char *dup_buf(const url_buf *b) {
  char *s = malloc(b->len + 1);
  if (!s) abort();
  memcpy(s, b->ptr, b->len);
  s[b->len] = '\0';
  return s;
}

static answer core_answer(const char *in, size_t n) {
  answer a = {NULL, NULL, NULL, 0};
  char st[64]; /* small: longer names exercise the heap path */
  url_buf out;
  int why, why_u;
  url_buf_init(&out, &url_mem_libc, st, sizeof st, (size_t)1 << 20);
  a.status = url_idna2008_to_ascii(in, n, &out, &why);
  if (a.status == URL_OK) a.ascii = dup_buf(&out);
  a.error = url_idna2008_error_name(why);
  url_buf_free(&out);
  url_buf_init(&out, &url_mem_libc, st, sizeof st, (size_t)1 << 20);
  int rc = url_idna2008_to_unicode(in, n, &out, &why_u);
  if (rc == URL_OK) a.unicode = dup_buf(&out);
  if (rc != a.status || why_u != why) { /* must agree with to_ascii */
    free(a.unicode);
    a.unicode = strdup("(to_unicode disagrees with to_ascii)");
  }
  url_buf_free(&out);
  return a;
}

static void answer_free(answer *a) {
  free(a->ascii);
  free(a->unicode);
}

static int same(const char *a, const char *b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

/* Compares the core's answer with an expected one; prints a mismatch. */
static int expect_answer(const char *what, const char *in, size_t n,
                         const answer *got, const char *ascii,
                         const char *unicode, const char *error) {
  int ok = got->status == (error ? URL_FAILURE : URL_OK) &&
           same(got->ascii, ascii) && same(got->unicode, unicode) &&
           same(got->error, error);
  if (!ok) {
    printf("%s: input ", what);
    json_print_str(in, n);
    printf(" expected ");
    json_print_str(ascii, ascii ? strlen(ascii) : 0);
    printf(" / ");
    json_print_str(unicode, unicode ? strlen(unicode) : 0);
    printf(" / %s got ", error ? error : "accepted");
    json_print_str(got->ascii, got->ascii ? strlen(got->ascii) : 0);
    printf(" / ");
    json_print_str(got->unicode, got->unicode ? strlen(got->unicode) : 0);
    printf(" / %s (status %d)\n", got->error ? got->error : "accepted",
           got->status);
  }
  return ok;
}

/* The core against the reference on one name. */
static int check_ref(const char *what, const char *in, size_t n) {
  char *ascii, *unicode;
  const char *error = ref_idna2008(in, n, &ascii, &unicode);
  answer got = core_answer(in, n);
  int ok = expect_answer(what, in, n, &got, ascii, unicode, error);
  answer_free(&got);
  free(ascii);
  free(unicode);
  return ok;
}

/* ------------------------------------------------ 3. the modes compared */

#define MAX_ERRORS 32

typedef struct mode_stats {
  int total, differ;
  int only_uts46;    /* UTS #46 accepts, IDNA2008 refuses */
  int only_idna2008; /* IDNA2008 accepts, UTS #46 fails */
  int both_differ;   /* both accept, with different names */
  const char *err_name[MAX_ERRORS];
  int err_count[MAX_ERRORS];
} mode_stats;

static void count_error(mode_stats *m, const char *name) {
  for (int i = 0; i < MAX_ERRORS; i++) {
    if (!m->err_name[i]) m->err_name[i] = name;
    if (strcmp(m->err_name[i], name) == 0) {
      m->err_count[i]++;
      return;
    }
  }
}

static void compare_modes(mode_stats *m, const char *file, const char *in,
                          size_t n, const answer *a) {
  char st[256];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, st, sizeof st, (size_t)1 << 20);
  int rc = url_domain_to_ascii(in, n, &out);
  const char *kind = NULL;
  m->total++;
  if (rc == URL_OK && !a->ascii) {
    m->only_uts46++;
    count_error(m, a->error);
    kind = "uts46 only";
  } else if (rc != URL_OK && a->ascii) {
    m->only_idna2008++;
    kind = "idna2008 only";
  } else if (rc == URL_OK &&
             (out.len != strlen(a->ascii) || memcmp(out.ptr, a->ascii, out.len))) {
    m->both_differ++;
    kind = "different names";
  }
  if (kind) m->differ++;
  if (kind && verbose) {
    printf("  %s: %s: ", file, kind);
    json_print_str(in, n);
    printf(" uts46 ");
    if (rc == URL_OK) json_print_str(out.ptr, out.len);
    else printf("failure");
    printf(" idna2008 ");
    if (a->ascii) json_print_str(a->ascii, strlen(a->ascii));
    else printf("%s", a->error);
    putchar('\n');
  }
  url_buf_free(&out);
}

static void print_modes(const mode_stats *m) {
  printf("modes differ on %d of %d WPT inputs: UTS #46 accepts and IDNA2008 "
         "refuses %d, IDNA2008 accepts and UTS #46 fails %d, both accept "
         "with different names %d\n",
         m->differ, m->total, m->only_uts46, m->only_idna2008, m->both_differ);
  printf("  IDNA2008 errors of the names only UTS #46 accepts:");
  for (int i = 0; i < MAX_ERRORS && m->err_name[i]; i++)
    printf(" %s %d", m->err_name[i], m->err_count[i]);
  putchar('\n');
}

/* ------------------------------------------- 1-3. the committed data */

static void run_data(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/idna2008.json", dir);
  json_value *doc = json_parse_file(path);
  const json_value *cases = json_get(doc, "cases");
  const char *version = json_str(json_get(doc, "libidn2"), NULL);
  if (!version || json_len(cases) == 0) {
    printf("%s: cannot load, or no cases\n", path);
    check(0);
    json_free(doc);
    return;
  }
  int strict = strcmp(version, url_idna2008_version()) == 0;
  printf("idna2008.json: made with libidn2 %s; linked: libidn2 %s%s\n",
         version, url_idna2008_version(),
         strict ? "" : " (differences from the data are drift, not failures)");
  const size_t total = json_len(cases);
  int data_pass = 0, data_fail = 0, ref_pass = 0, drift = 0;
  mode_stats modes;
  memset(&modes, 0, sizeof modes);
  for (size_t i = 0; i < total; i++) {
    const json_value *c = json_at(cases, i);
    size_t n;
    const char *in = json_str(json_get(c, "input"), &n);
    const char *file = json_str(json_get(c, "file"), NULL);
    const json_value *jerr = json_get(c, "error");
    if (!in || !file || !(json_is_string(jerr) || json_is_null(jerr))) {
      printf("idna2008.json: case %zu: malformed\n", i);
      check(0);
      continue;
    }
    answer got = core_answer(in, n);
    int ok = expect_answer(strict ? "FAIL data" : "drift", in, n, &got,
                           json_str(json_get(c, "ascii"), NULL),
                           json_str(json_get(c, "unicode"), NULL),
                           json_str(jerr, NULL));
    if (ok) data_pass++;
    else if (strict) data_fail++;
    else drift++;
    int rok = check_ref("FAIL reference", in, n);
    ref_pass += rok;
    check(rok);
    compare_modes(&modes, file, in, n, &got);
    answer_free(&got);
  }
  json_free(doc);
  passed += data_pass;
  failed += data_fail;
  printf("idna2008.json: %d/%zu as recorded", data_pass, total);
  if (!strict) printf(", %d drifted with this libidn2", drift);
  printf("; %d/%zu as the reference computes them now\n", ref_pass, total);
  print_modes(&modes);
}

/* ------------------------------------------------- 4. hand-picked cases */

typedef struct idna_case {
  const char *in;
  size_t len;
  const char *ascii, *unicode, *error;
} idna_case;

#define OK2(a, u) a, u, NULL
#define REFUSED(e) NULL, NULL, e

static const idna_case picked[] = {
    /* Accepted.  Path 1 (LDH, no libidn2), then libidn2's. */
    {S("example.com"), OK2("example.com", "example.com")},
    {S("WWW.Example.COM."), OK2("www.example.com.", "www.example.com.")},
    {S("a-b.c0m"), OK2("a-b.c0m", "a-b.c0m")},
    {S("1.2.3.4"), OK2("1.2.3.4", "1.2.3.4")}, /* a name like any other here */
    {S("münchen.de"), OK2("xn--mnchen-3ya.de", "münchen.de")},
    {S("XN--MNCHEN-3YA.de"), OK2("xn--mnchen-3ya.de", "münchen.de")},
    {S("faß.de"), OK2("xn--fa-hia.de", "faß.de")}, /* non-transitional */
    {S("xn--zca.com"), OK2("xn--zca.com", "ß.com")},
    {S("ａｂｃ.com"), OK2("abc.com", "abc.com")},      /* TR46 width mapping */
    {S("Ｍünchen。de"), OK2("xn--mnchen-3ya.de", "münchen.de")}, /* U+3002 */
    {S("a\xC2\xAD" "b.com"), OK2("ab.com", "ab.com")}, /* U+00AD ignored */
    {S("\xF0\x9E\xA4\x80.com"), OK2("xn--9d6h.com", "\xF0\x9E\xA4\xA2.com")},
    {S("l\xC2\xB7l.cat"), OK2("xn--ll-0ea.cat", "l\xC2\xB7l.cat")},
    /* 63-octet labels, 253 octets, and one trailing dot on top. */
    {S("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com"),
     OK2("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com",
         "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com")},

    /* IDN2_DISALLOWED: IDNA2008 code point categories. */
    {S("\xE2\x98\x83.com"), REFUSED("IDN2_DISALLOWED")},   /* U+2603 snowman */
    {S("xn--n3h.com"), REFUSED("IDN2_DISALLOWED")},        /* its A-label */
    {S("xn--ls8h.la"), REFUSED("IDN2_DISALLOWED")},        /* U+1F4A9 */
    {S("\xE1\x83\x80.com"), REFUSED("IDN2_DISALLOWED")},   /* U+10C0 */
    /* IDN2_DISALLOWED by the STD3 ASCII rules, which libidn2 alone would
       have deleted ("a_b.com" -> "ab.com"). */
    {S("a_b.com"), REFUSED("IDN2_DISALLOWED")},
    {S("_dmarc.example.com"), REFUSED("IDN2_DISALLOWED")},
    {S("a b.com"), REFUSED("IDN2_DISALLOWED")},
    {S("a*.com"), REFUSED("IDN2_DISALLOWED")},
    {S("a\0b.com"), REFUSED("IDN2_DISALLOWED")},            /* NUL is data */
    {S("example.com\0"), REFUSED("IDN2_DISALLOWED")},
    {S("a\xC2\xA0" "b.com"), REFUSED("IDN2_DISALLOWED")},   /* U+00A0 -> ' ' */
    {S("a\xEF\xBC\xBF" "b.com"), REFUSED("IDN2_DISALLOWED")}, /* U+FF3F -> '_' */
    {S("\xE2\x91\xB4.com"), REFUSED("IDN2_DISALLOWED")},    /* U+2474 -> "(1)" */
    {S("a\xE2\x89\xA0" "b.com"), REFUSED("IDN2_DISALLOWED")}, /* U+2260 */
    {S("\xEF\xBF\xBD.com"), REFUSED("IDN2_DISALLOWED")},    /* U+FFFD */
    /* ... also behind another error of both libidn2 runs ("- a" and "-a"
       both start with a hyphen): the code point is found on its own. */
    {S("-\xC2\xA0" "a.com"), REFUSED("IDN2_DISALLOWED")},
    {S("ab--\xC2\xA0.com"), REFUSED("IDN2_DISALLOWED")},

    /* The other IDNA2008 / TR46 rules. */
    {S("a\xE2\x80\x8C" "b.com"), REFUSED("IDN2_CONTEXTJ")}, /* ZWNJ */
    {S("xn--1ug.com"), REFUSED("IDN2_CONTEXTJ")},           /* a lone ZWJ */
    {S("a\xD7\x90.com"), REFUSED("IDN2_BIDI")},             /* "aא" */
    {S("\xD9\xA0\xDB\xB0.com"), REFUSED("IDN2_BIDI")},      /* mixed digits */
    {S("\xCC\x81" "a.com"), REFUSED("IDN2_LEADING_COMBINING")},
    {S("ab--c.com"), REFUSED("IDN2_2HYPHEN")},
    {S("xn--ab-.com"), REFUSED("IDN2_PUNYCODE_BAD_INPUT")},
    {S("xn--0.com"), REFUSED("IDN2_PUNYCODE_BAD_INPUT")},
    {S("xn--.com"), REFUSED("IDN2_PUNYCODE_BAD_INPUT")},
    {S("xn--a.com"), REFUSED("IDN2_INVALID_NONTRANSITIONAL")}, /* U+0080 */
    {S("xn--u-ccb.com"), REFUSED("IDN2_NOT_NFC")},          /* u + U+0308 */
    {S("-a.com"), REFUSED("IDN2_HYPHEN_STARTEND")},
    {S("a-.com"), REFUSED("IDN2_HYPHEN_STARTEND")},
    {S("\xE2\x80\x94" "a.com"), REFUSED("IDN2_DISALLOWED")}, /* em dash */

    /* DNS lengths. */
    {S("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com"),
     REFUSED("IDN2_TOO_BIG_LABEL")},
    {S("\xC3\xA4" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com"),
     REFUSED("IDN2_PUNYCODE_BIG_OUTPUT")}, /* an A-label over 63 octets */
    {S("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa."
       "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb."
       "ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc."
       "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"),
     REFUSED("IDN2_TOO_BIG_DOMAIN")}, /* 254 octets */

    /* Empty labels: libidn2 alone accepts them. */
    {S("a..com"), REFUSED("EMPTY_LABEL")},
    {S(".com"), REFUSED("EMPTY_LABEL")},
    {S("com.."), REFUSED("EMPTY_LABEL")},
    {S("."), REFUSED("EMPTY_LABEL")},
    {S(""), REFUSED("EMPTY_LABEL")},
    {S("m\xC3\xBCnchen..de"), REFUSED("EMPTY_LABEL")},
    {S("a\xE3\x80\x82\xE3\x80\x82" "b"), REFUSED("EMPTY_LABEL")}, /* 2x U+3002 */
};

/* The 253-octet name (63.63.63.61) and its 254-octet form with a root dot. */
static const char NAME_253[] =
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa."
    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb."
    "ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc."
    "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd";

static void run_cases(void) {
  int pass = 0, total = 0;
  for (size_t i = 0; i < sizeof picked / sizeof picked[0]; i++) {
    const idna_case *c = &picked[i];
    answer got = core_answer(c->in, c->len);
    int ok = expect_answer("FAIL case", c->in, c->len, &got, c->ascii,
                           c->unicode, c->error);
    /* Each case is also one the reference must agree with. */
    ok &= check_ref("FAIL case vs reference", c->in, c->len);
    pass += ok;
    total++;
    check(ok);
    answer_free(&got);
  }
  /* The longest names. */
  char name[300];
  memcpy(name, NAME_253, sizeof NAME_253);
  answer got = core_answer(name, 253);
  int ok = expect_answer("FAIL 253", name, 253, &got, name, name, NULL);
  answer_free(&got);
  name[253] = '.';
  name[254] = '\0';
  got = core_answer(name, 254);
  ok &= expect_answer("FAIL 253+root", name, 254, &got, name, name, NULL);
  answer_free(&got);
  pass += ok;
  total++;
  check(ok);
  printf("hand-picked cases: %d/%d\n", pass, total);
}

/* The url_buf contract: output after what `out` holds, kept on failure. */
static void run_buffer_contract(void) {
  static const struct {
    const char *in;
    size_t len;
    size_t max; /* of the buffer */
    int want;
    const char *out;
  } cases[] = {
      {S("Example.com"), 64, URL_OK, "pre:example.com"},
      {S("münchen.de"), 64, URL_OK, "pre:xn--mnchen-3ya.de"},
      {S("a_b.com"), 64, URL_FAILURE, "pre:"},
      {S("a..b"), 64, URL_FAILURE, "pre:"},
      {S("\xE2\x98\x83.com"), 64, URL_FAILURE, "pre:"},
      {S("example.com"), 10, URL_TOOBIG, "pre:"},
      {S("münchen.de"), 10, URL_TOOBIG, "pre:"},
  };
  int pass = 0, total = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    for (int uni = 0; uni < 2; uni++) {
      char st[8];
      url_buf out;
      int why;
      url_buf_init(&out, &url_mem_libc, st, sizeof st, cases[i].max);
      url_buf_puts(&out, "pre:");
      int rc = uni ? url_idna2008_to_unicode(cases[i].in, cases[i].len, &out, &why)
                   : url_idna2008_to_ascii(cases[i].in, cases[i].len, &out, &why);
      const char *want = cases[i].out;
      if (uni && i == 1) want = "pre:münchen.de";
      int ok = rc == cases[i].want && out.len == strlen(want) &&
               memcmp(out.ptr, want, out.len) == 0 &&
               (rc == URL_FAILURE) == (why != 0);
      if (!ok) {
        printf("FAIL buffer: %s input %s: status %d (want %d), out ",
               uni ? "to_unicode" : "to_ascii", cases[i].in, rc, cases[i].want);
        json_print_str(out.ptr, out.len);
        putchar('\n');
      }
      pass += ok;
      total++;
      check(ok);
      url_buf_free(&out);
    }
  }
  printf("buffer contract: %d/%d\n", pass, total);
}

/* ------------------------------------------ 5. generated, vs reference */

/* Every combination of up to three labels from a set around the rules the
   fast path decides alone, with and without a root dot. */
static void run_generated_ascii(void) {
  static const char *const labels[] = {
      "a", "Z9", "a-b", "-a", "a-", "-", "ab--c", "ab-c", "abc-", "xn--zca",
      "XN--ZCA", "xn--a", "xn--", "", "0x7f",
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  };
  const size_t nl = sizeof labels / sizeof labels[0];
  int pass = 0, total = 0;
  char name[512];
  for (size_t k = 1; k <= 3; k++) {
    size_t combos = k == 1 ? nl : k == 2 ? nl * nl : nl * nl * nl;
    for (size_t c = 0; c < combos; c++) {
      size_t len = 0, x = c;
      for (size_t j = 0; j < k; j++, x /= nl) {
        if (j) name[len++] = '.';
        size_t l = strlen(labels[x % nl]);
        memcpy(name + len, labels[x % nl], l);
        len += l;
      }
      for (int root = 0; root < 2; root++) {
        if (root) name[len] = '.';
        int ok = check_ref("FAIL generated", name, len + root);
        pass += ok;
        total++;
        check(ok);
      }
    }
  }
  /* Names of 250..256 octets in labels of 63 and less. */
  for (size_t len = 250; len <= 256; len++) {
    for (int root = 0; root < 2; root++) {
      for (size_t i = 0; i < len; i++) name[i] = i % 64 == 63 ? '.' : 'a';
      if (name[len - 1] == '.') name[len - 1] = 'b';
      if (root) name[len] = '.';
      int ok = check_ref("FAIL long", name, len + root);
      pass += ok;
      total++;
      check(ok);
    }
  }
  printf("generated ASCII names vs reference: %d/%d\n", pass, total);
}

static size_t utf8_encode(uint32_t c, char *s) {
  if (c < 0x80) { s[0] = (char)c; return 1; }
  if (c < 0x800) {
    s[0] = (char)(0xC0 | (c >> 6));
    s[1] = (char)(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    s[0] = (char)(0xE0 | (c >> 12));
    s[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    s[2] = (char)(0x80 | (c & 0x3F));
    return 3;
  }
  s[0] = (char)(0xF0 | (c >> 18));
  s[1] = (char)(0x80 | ((c >> 12) & 0x3F));
  s[2] = (char)(0x80 | ((c >> 6) & 0x3F));
  s[3] = (char)(0x80 | (c & 0x3F));
  return 4;
}

/* Every code point of planes 0, 1 and 14 (the rest is unassigned or
   ideographs) alone, against the reference: one line per mismatch, one
   count for the whole sweep. */
static void run_code_points(void) {
  int bad = 0, total = 0;
  for (uint32_t c = 0; c <= 0xEFFFF; c++) {
    if (c == 0x20000) c = 0xE0000;
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    char s[4];
    size_t n = utf8_encode(c, s);
    total++;
    if (!check_ref("FAIL code point", s, n)) bad++;
  }
  printf("code points alone vs reference: %d/%d\n", total - bad, total);
  check(bad == 0);
}

int main(int argc, char **argv) {
  int i = 1;
  if (i < argc && strcmp(argv[i], "-v") == 0) verbose = 1, i++;
  const char *dir = i < argc ? argv[i] : "tests/data";
  run_data(dir);
  run_cases();
  run_buffer_contract();
  run_generated_ascii();
  run_code_points();
  return check_summary();
}
