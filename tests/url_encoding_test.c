/*
** The URL Standard's encoding argument (core/percent.c url_pct_encode_after,
** core/url.c's query state, core/urlencoded.c's serializer with an
** encoding), against third-party data read from ../shared:
**
**   - WPT url/resources/percent-encoding.json: every case in every encoding
**     it names, as WPT's percent-encoding.window.js asserts it (an <a href>
**     "https://doesnotmatter.invalid/?IN#IN" in a document of that
**     encoding: search is the case's output, hash its UTF-8 output), and
**     through url_pct_encode_after with the special-query set;
**   - the URL Standard's own table of examples (spec/url.bs, "Percent-
**     encoded bytes"), parsed from url.bs: every "percent-encode after
**     encoding" and "UTF-8 percent-encode" row;
**   - WPT encoding/legacy-mb-{japanese,korean,tchinese}: the encode-href tests (wpt-html/): each test's
**     encoding (its .headers), ranges (resources/ranges.js), error flag and
**     expectation form are read from the files; the expected bytes come
**     from a transcription of the test's own reference encoder
**     (*-encoder.js) over its own index file (*_index.js), not from the
**     project's tables; each code point the test would check is resolved in
**     the query of "https://example.com/?" with that encoding (the
**     encode-href-common.js tests) or serialized by the form serializer
**     (the Shift_JIS tests load encode-form-common.js: a form submission),
**     and compared after the test's normalizeStr;
**   - WPT html/infrastructure/urls/resolving-urls/query-encoding/: the
**     parts that are the URL parser with an encoding (document-relative
**     URLs and <base href>, the "scheme" lists, new URL, WebSocket URLs),
**     with the expectations and URL lists read from resources/resolve-url.js.
**
** Plus own checks: the fast path gives what the state machine gives in
** every encoding (parse.h's claim), ws/wss and non-special URLs and every
** fragment stay UTF-8.  Prints counts per suite and encoding.
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "encoding.h"
#include "json.h"
#include "mem_libc.h"
#include "parse.h"
#include "percent.h"
#include "shared_data.h"
#include "urlencoded.h"

/* ------------------------------------------------------------ helpers */

/* The whole of ../shared/rel, NUL-terminated; *n its length. */
static char *slurp(const char *rel, size_t *n) {
  FILE *f = shared_open(rel, "rb");
  size_t cap = 1 << 16, len = 0;
  char *s = malloc(cap);
  for (;;) {
    if (len + 4096 + 1 > cap) s = realloc(s, cap *= 2);
    size_t k = fread(s + len, 1, cap - len - 1, f);
    if (k == 0) break;
    len += k;
  }
  fclose(f);
  s[len] = 0;
  if (n) *n = len;
  return s;
}

/* UTF-8 of cp into b; returns its length. */
static int utf8_put(uint32_t cp, char *b) {
  if (cp < 0x80) return b[0] = (char)cp, 1;
  if (cp < 0x800) {
    b[0] = (char)(0xC0 | cp >> 6), b[1] = (char)(0x80 | (cp & 63));
    return 2;
  }
  if (cp < 0x10000) {
    b[0] = (char)(0xE0 | cp >> 12), b[1] = (char)(0x80 | ((cp >> 6) & 63));
    b[2] = (char)(0x80 | (cp & 63));
    return 3;
  }
  b[0] = (char)(0xF0 | cp >> 18), b[1] = (char)(0x80 | ((cp >> 12) & 63));
  b[2] = (char)(0x80 | ((cp >> 6) & 63)), b[3] = (char)(0x80 | (cp & 63));
  return 4;
}

/* A parsed URL's href, search and hash, copied out. */
typedef struct parsed {
  int rc;
  char href[4096], search[4096], hash[4096];
} parsed;

static void copy_str(char *dst, url_str s) {
  size_t n = s.n < 4095 ? s.n : 4095;
  memcpy(dst, s.s ? s.s : "", n);
  dst[n] = 0;
}

/* The basic URL parser with encoding enc on in (against base, NULL:
   none).  full: the state machine only (url_parse_full_enc). */
static parsed *parse_with(const char *in, size_t n, const char *base, int enc,
                          int full) {
  static parsed r;
  char st[512], bst[512];
  url u, b;
  url_init(&u, &url_mem_libc, st, sizeof st, 1 << 24);
  url_init(&b, &url_mem_libc, bst, sizeof bst, 1 << 24);
  int rc = URL_OK;
  if (base) rc = url_parse(&b, base, strlen(base), NULL);
  if (rc == URL_OK)
    rc = full ? url_parse_full_enc(&u, in, n, base ? &b : NULL, enc)
              : url_parse_enc(&u, in, n, base ? &b : NULL, enc);
  r.rc = rc;
  copy_str(r.href, rc == URL_OK ? url_href(&u) : (url_str){"", 0});
  copy_str(r.search, rc == URL_OK ? url_search(&u) : (url_str){"", 0});
  copy_str(r.hash, rc == URL_OK ? url_hash(&u) : (url_str){"", 0});
  url_free(&u);
  url_free(&b);
  return &r;
}

/* Per-encoding counts of one suite. */
static int enc_pass[URL_ENC_COUNT], enc_fail[URL_ENC_COUNT];
static int fail_budget;

static void count(int enc, int ok) {
  if (enc >= 0 && enc < URL_ENC_COUNT) (ok ? enc_pass : enc_fail)[enc]++;
}

static void print_counts(const char *suite) {
  printf("%s:", suite);
  for (int e = 0; e < URL_ENC_COUNT; e++) {
    if (!enc_pass[e] && !enc_fail[e]) continue;
    printf(" %s %d", url_encoding_name(e), enc_pass[e]);
    if (enc_fail[e]) printf(" (%d failed)", enc_fail[e]);
  }
  printf("\n");
  memset(enc_pass, 0, sizeof enc_pass);
  memset(enc_fail, 0, sizeof enc_fail);
}

static int expect_str(int enc, const char *what, const char *got,
                      const char *want) {
  int ok = strcmp(got, want) == 0;
  check(ok);
  count(enc, ok);
  if (!ok && fail_budget-- > 0) {
    printf("FAIL %s (%s): got ", what, enc >= 0 ? url_encoding_name(enc) : "?");
    json_print_str(got, strlen(got));
    printf(" want ");
    json_print_str(want, strlen(want));
    printf("\n");
  }
  return ok;
}

/* url_pct_encode_after of s[0..n) into a static string. */
static const char *pct_after(int enc, const char *s, size_t n,
                             const url_pct_set *set, int plus) {
  static char res[8192];
  char st[512];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, st, sizeof st, 1 << 20);
  url_pct_encode_after(&out, url_encoding_output(enc), s, n, set, plus);
  size_t k = out.len < sizeof res - 1 ? out.len : sizeof res - 1;
  memcpy(res, out.ptr, k);
  res[k] = 0;
  url_buf_free(&out);
  return res;
}

/* -------------------------------------- WPT percent-encoding.json */

static void test_wpt_percent_encoding(void) {
  fail_budget = 10;
  size_t n;
  char *text = slurp("wpt/percent-encoding.json", &n);
  json_value *root = json_parse(text, n, "percent-encoding.json");
  free(text);
  if (!check_named(root != NULL, "percent-encoding.json parses")) return;
  int cases = 0;
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *t = json_at(root, i);
    if (json_is_string(t)) continue; /* a comment */
    size_t in_n;
    const char *input = json_str(json_get(t, "input"), &in_n);
    const json_value *outs = json_get(t, "output");
    const char *utf8 = json_str(json_get(outs, "utf-8"), NULL);
    for (size_t k = 0; outs && k < outs->count; k++) {
      const char *label = json_str(&outs->keys[k], NULL);
      const char *want = json_str(&outs->items[k], NULL);
      int enc = url_encoding_get(label, strlen(label));
      if (!check_named(enc >= 0, label)) continue;
      cases++;
      /* percent-encoding.py: <a href="https://doesnotmatter.invalid/?IN#IN">
         in a document of the encoding; the window test asserts hash and
         search. */
      char href[512], w[512];
      int hn = snprintf(href, sizeof href, "https://doesnotmatter.invalid/?%s#%s",
                        input, input);
      parsed *p = parse_with(href, (size_t)hn, NULL, enc, 0);
      snprintf(w, sizeof w, "?%s", want);
      expect_str(enc, input, p->search, w);
      snprintf(w, sizeof w, "#%s", utf8 ? utf8 : "");
      expect_str(enc, "fragment stays UTF-8", p->hash, w);
      /* The same through the function itself. */
      expect_str(enc, input,
                 pct_after(enc, input, in_n, &URL_SET_SPECIAL_QUERY, 0), want);
    }
  }
  check_named(cases >= 15, "percent-encoding.json has its cases");
  json_free(root);
  print_counts("WPT percent-encoding.json (cases x {search, hash, function})");
}

/* ------------------------------------- url.bs's table of examples */

/* The text between the first `open` and the next `close` after *p,
   advancing *p past it; NULL if none before `limit`. */
static char *between(const char **p, const char *open, const char *close,
                     const char *limit) {
  const char *a = strstr(*p, open);
  if (!a || a >= limit) return NULL;
  a += strlen(open);
  const char *b = strstr(a, close);
  if (!b || b > limit) return NULL;
  *p = b + strlen(close);
  char *s = malloc((size_t)(b - a) + 1);
  memcpy(s, a, (size_t)(b - a));
  s[b - a] = 0;
  return s;
}

/* A cell's value: "<code>X</code>" as X, or "U+XXXX (c)" as that code
   point's UTF-8.  *n its length. */
static char *cell_value(const char *cell, size_t *n) {
  const char *p = cell;
  char *code = between(&p, "<code>", "</code>", cell + strlen(cell));
  if (code) {
    *n = strlen(code);
    return code;
  }
  const char *u = strstr(cell, "U+");
  if (!u) return NULL;
  char *s = malloc(5);
  *n = (size_t)utf8_put((uint32_t)strtoul(u + 2, NULL, 16), s);
  return s;
}

static void test_spec_examples(void) {
  fail_budget = 10;
  char *spec = slurp("spec/url.bs", NULL);
  const char *p = strstr(spec, "id=example-percent-encode-operations");
  const char *end = p ? strstr(p, "</table>") : NULL;
  int rows = 0;
  int enc = -1, plus = 0, rowspan = 0;
  const url_pct_set *set = NULL;
  while (p && end) {
    const char *tr = strstr(p, "<tr>");
    if (!tr || tr > end) break;
    const char *next = strstr(tr + 4, "<tr>");
    if (!next || next > end) next = end;
    /* The row's cells. */
    char *cells[3];
    int nc = 0;
    const char *q = tr;
    while (nc < 3) {
      const char *td = strstr(q, "<td");
      if (!td || td >= next) break;
      const char *gt = strchr(td, '>');
      const char *stop = strstr(gt, "<td");
      if (!stop || stop > next) stop = next;
      cells[nc] = malloc((size_t)(stop - td) + 1);
      memcpy(cells[nc], td, (size_t)(stop - td));
      cells[nc][stop - td] = 0;
      nc++;
      q = stop;
    }
    int first = 0;
    if (nc == 3) { /* a new operation (its cell may span rows) */
      const char *op = cells[0];
      const char *rs = strstr(op, "rowspan=");
      rowspan = rs ? atoi(rs + 8) : 1;
      enc = -1;
      if (strstr(op, "Percent-encode after encoding")) {
        const char *a = strstr(op, "with <a>");
        if (a) {
          a += 8;
          const char *e = strchr(a, '<');
          enc = url_encoding_get(a, (size_t)(e - a));
        }
      } else if (strstr(op, "UTF-8 percent-encode")) {
        enc = URL_ENC_UTF_8;
      }
      set = strstr(op, "special-query percent-encode set") ? &URL_SET_SPECIAL_QUERY
            : strstr(op, "urlencoded</code> percent-encode set") ? &URL_SET_FORM
            : strstr(op, "userinfo percent-encode set") ? &URL_SET_USERINFO
            : NULL;
      plus = set == &URL_SET_FORM;
      first = 1;
    }
    if (nc >= 2 && enc >= 0 && set && rowspan-- > 0) {
      size_t in_n, out_n;
      char *in = cell_value(cells[first], &in_n);
      char *out = cell_value(cells[first + 1], &out_n);
      if (in && out) {
        rows++;
        expect_str(enc, in, pct_after(enc, in, in_n, set, plus), out);
        if (plus) { /* the form serializer: one tuple's value */
          url_search_params sp;
          url_sp_init(&sp, &url_mem_libc, NULL, 0, NULL, 0, 1 << 20);
          url_sp_append(&sp, "x", 1, in, in_n);
          char st[256];
          url_buf b;
          url_buf_init(&b, &url_mem_libc, st, sizeof st, 1 << 20);
          url_sp_serialize_enc(&sp, &b, enc);
          url_buf_putc(&b, 0);
          char want[512];
          snprintf(want, sizeof want, "x=%s", out);
          expect_str(enc, "form serializer", b.ptr, want);
          url_buf_free(&b);
          url_sp_free(&sp);
        }
      }
      free(in);
      free(out);
    }
    for (int i = 0; i < nc; i++) free(cells[i]);
    p = next;
  }
  check_named(rows >= 8, "url.bs: the example rows were found");
  free(spec);
  print_counts("url.bs examples (percent-encode after encoding, UTF-8 percent-encode)");
}

/* ---------------------------- WPT encoding/legacy-mb-...: encode-href */

/* A JavaScript array literal of numbers and null after `name = [` in s:
   *len values, null as -1. */
static int32_t *js_array(const char *s, const char *name, size_t *len) {
  const char *p = strstr(s, name);
  if (!p) return NULL;
  p = strchr(p, '[');
  size_t cap = 1024, n = 0;
  int32_t *v = malloc(cap * sizeof *v);
  for (p++; *p && *p != ']';) {
    if (*p == 'n' && !strncmp(p, "null", 4)) {
      if (n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
      v[n++] = -1;
      p += 4;
    } else if (*p >= '0' && *p <= '9') {
      char *e;
      long x = strtol(p, &e, 0);
      if (n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
      v[n++] = (int32_t)x;
      p = e;
    } else {
      p++;
    }
  }
  *len = n;
  return v;
}

/* ranges.js's "var NAME = [[lo, hi, "desc"], ...];": lo, hi pairs into
   *len values. */
static int32_t *js_ranges(const char *s, const char *name, size_t *len) {
  char key[96];
  snprintf(key, sizeof key, "var %s = [", name);
  const char *p = strstr(s, key);
  *len = 0;
  if (!p) return NULL;
  const char *end = strstr(p, "];");
  int32_t *v = malloc(64 * sizeof *v);
  for (p += strlen(key); p < end && *len < 64;) {
    const char *a = strchr(p, '[');
    if (!a || a > end) break;
    char *e;
    v[(*len)++] = (int32_t)strtol(a + 1, &e, 0);
    while (*e == ',' || *e == ' ') e++;
    v[(*len)++] = (int32_t)strtol(e, &e, 0);
    p = strchr(e, ']') + 1;
  }
  return v;
}

/* cp -> the first pointer in [lo, hi) of the index whose value is cp
   (the encoders' "xxxCPs" tables); -1 where none. */
static int32_t *first_pointers(const int32_t *index, size_t n, size_t lo,
                               size_t hi) {
  int32_t *m = malloc(0x110000 * sizeof *m);
  memset(m, 0xFF, 0x110000 * sizeof *m);
  for (size_t p = lo; p < hi && p < n; p++)
    if (index[p] >= 0 && index[p] < 0x110000 && m[index[p]] < 0)
      m[index[p]] = (int32_t)p;
  return m;
}

typedef struct ref_tables {
  int32_t *jis_cps, *sjis_cps, *euckr_cps, *big5_cps, *katakana;
} ref_tables;

/*
** The tests' reference encoders (sjis-encoder.js, eucjp-encoder.js,
** iso2022jp-encoder.js, euckr-encoder.js, big5-encoder.js) on one code
** point (>= U+0080, as the ranges are), transcribed: bytes into b, their
** count, or -1 where the JS returns null.
*/
static int ref_encode(const ref_tables *t, const char *name, uint32_t cp,
                      unsigned char *b) {
  int32_t ptr;
  if (!strcmp(name, "sjisEncoder")) {
    if (cp == 0x80) return b[0] = 0x80, 1;
    if (cp == 0xA5) return b[0] = 0x5C, 1;
    if (cp == 0x203E) return b[0] = 0x7E, 1;
    if (cp >= 0xFF61 && cp <= 0xFF9F) return b[0] = (unsigned char)(cp - 0xFF61 + 0xA1), 1;
    if (cp == 0x2212) cp = 0xFF0D;
    if ((ptr = t->sjis_cps[cp]) < 0) return -1;
    int lead = ptr / 188, trail = ptr % 188;
    b[0] = (unsigned char)(lead + (lead < 0x1F ? 0x81 : 0xC1));
    b[1] = (unsigned char)(trail + (trail < 0x3F ? 0x40 : 0x41));
    return 2;
  }
  if (!strcmp(name, "eucjpEncoder")) {
    if (cp == 0xA5) return b[0] = 0x5C, 1;
    if (cp == 0x203E) return b[0] = 0x7E, 1;
    if (cp >= 0xFF61 && cp <= 0xFF9F) {
      b[0] = 0x8E, b[1] = (unsigned char)(cp - 0xFF61 + 0xA1);
      return 2;
    }
    if (cp == 0x2212) cp = 0xFF0D;
    if ((ptr = t->jis_cps[cp]) < 0) return -1;
    b[0] = (unsigned char)(ptr / 94 + 0xA1), b[1] = (unsigned char)(ptr % 94 + 0xA1);
    return 2;
  }
  if (!strcmp(name, "iso2022jpEncoder")) {
    /* From the ASCII state: U+00A5 and U+203E through Roman, the rest
       through jis0208; the end of the stream returns to ASCII. */
    if (cp == 0xA5 || cp == 0x203E) {
      unsigned char r[] = {0x1B, 0x28, 0x4A, cp == 0xA5 ? 0x5C : 0x7E, 0x1B, 0x28, 0x42};
      memcpy(b, r, sizeof r);
      return (int)sizeof r;
    }
    if (cp == 0x2212) cp = 0xFF0D;
    if (cp >= 0xFF61 && cp <= 0xFF9F) cp = (uint32_t)t->katakana[cp - 0xFF61];
    if ((ptr = t->jis_cps[cp]) < 0) return -1;
    unsigned char r[] = {0x1B, 0x24, 0x42, (unsigned char)(ptr / 94 + 0x21),
                         (unsigned char)(ptr % 94 + 0x21), 0x1B, 0x28, 0x42};
    memcpy(b, r, sizeof r);
    return (int)sizeof r;
  }
  if (!strcmp(name, "euckrEncoder")) {
    if ((ptr = t->euckr_cps[cp]) < 0) return -1;
    b[0] = (unsigned char)(ptr / 190 + 0x81), b[1] = (unsigned char)(ptr % 190 + 0x41);
    return 2;
  }
  if (!strcmp(name, "big5Encoder")) {
    if ((ptr = t->big5_cps[cp]) < 0) return -1;
    int trail = ptr % 157;
    b[0] = (unsigned char)(ptr / 157 + 0x81);
    b[1] = (unsigned char)(trail + (trail < 0x3F ? 0x40 : 0x62));
    return 2;
  }
  return -2; /* an encoder this test does not know */
}

/* The tests' normalizeStr: percent-decoded, every unit written "%XX"
   (zero-padded here: stricter than JS's toString(16)), a trailing ESC ( B
   dropped. */
static void normalize(const char *s, char *out, size_t cap) {
  size_t k = 0;
  for (size_t i = 0; s[i] && k + 4 < cap; i++) {
    unsigned c = (unsigned char)s[i];
    if (c == '%' && url_is_hex((unsigned char)s[i + 1]) &&
        url_is_hex((unsigned char)s[i + 2])) {
      c = (unsigned)(url_hex_val((unsigned char)s[i + 1]) * 16 +
                     url_hex_val((unsigned char)s[i + 2]));
      i += 2;
    }
    k += (size_t)snprintf(out + k, cap - k, "%%%02X", c);
  }
  out[k] = 0;
  if (k >= 9 && !strcmp(out + k - 9, "%1B%28%42")) out[k - 9] = 0;
}

/* A variable's value in a test page: "var NAME = VALUE;" -> VALUE. */
static int page_var(const char *page, const char *name, char *val, size_t cap) {
  char key[64];
  snprintf(key, sizeof key, "var %s = ", name);
  const char *p = strstr(page, key);
  if (!p) return 0;
  p += strlen(key);
  size_t n = strcspn(p, ";\n");
  if (n >= cap) n = cap - 1;
  memcpy(val, p, n);
  val[n] = 0;
  return 1;
}

static void test_encode_href_file(const ref_tables *t, const char *dir,
                                  const char *file, const char *ranges_js) {
  char rel[512], enc_name[64] = "", errors[16], encoder[64], ranges[64];
  snprintf(rel, sizeof rel, "%s/%s", dir, file);
  char *page = slurp(rel, NULL);
  snprintf(rel, sizeof rel, "%s/%s.headers", dir, file);
  char *headers = slurp(rel, NULL);
  const char *cs = strstr(headers, "charset=");
  if (cs) sscanf(cs + 8, "%63[^ \r\n;]", enc_name);
  int enc = url_encoding_get(enc_name, strlen(enc_name));
  int ok_vars = page_var(page, "errors", errors, sizeof errors) &&
                page_var(page, "encoder", encoder, sizeof encoder) &&
                page_var(page, "ranges", ranges, sizeof ranges);
  if (!check_named(enc >= 0 && ok_vars, file)) {
    free(page);
    free(headers);
    return;
  }
  int err = !strcmp(errors, "true");
  int form = strstr(page, "encode-form-common.js") != NULL;
  /* expect(): "%26%23" + codepoint + "%3B" for the error tests, else the
     reference encoder's bytes. */
  int expect_ref = strstr(page, "return \"%\" + result") != NULL;
  /* Some pages replace normalizeStr by the identity. */
  int identity = strstr(page, "function normalizeStr(str) {\n  return str;") != NULL;
  size_t nr;
  int32_t *rv = js_ranges(ranges_js, ranges, &nr);
  int cases = 0, fails = 0;
  for (size_t r = 0; rv && r + 1 < nr; r += 2) {
    for (int32_t cp = rv[r]; cp < rv[r + 1]; cp++) {
      unsigned char b[16];
      int k = ref_encode(t, encoder, (uint32_t)cp, b);
      if (k == -2) break;
      if ((k >= 0) == err) continue; /* not a code point this test checks */
      char want[256], got[256], u8[8];
      if (expect_ref) {
        size_t w = 0;
        for (int i = 0; i < k; i++) w += (size_t)snprintf(want + w, sizeof want - w, "%%%02X", b[i]);
      } else {
        snprintf(want, sizeof want, "%%26%%23%d%%3B", cp);
      }
      int un = utf8_put((uint32_t)cp, u8);
      if (form) {
        /* encode-form-common.js: a GET form with accept-charset = the
           page's, one input named "input-0": the value after '='. */
        url_search_params sp;
        url_sp_init(&sp, &url_mem_libc, NULL, 0, NULL, 0, 1 << 20);
        url_sp_append(&sp, "input-0", 7, u8, (size_t)un);
        char st[256];
        url_buf q;
        url_buf_init(&q, &url_mem_libc, st, sizeof st, 1 << 20);
        url_sp_serialize_enc(&sp, &q, enc);
        url_buf_putc(&q, 0);
        snprintf(got, sizeof got, "%s", strchr(q.ptr, '=') + 1);
        url_buf_free(&q);
        url_sp_free(&sp);
      } else {
        /* encode-href-common.js: a.href = "https://example.com/?" + input;
           a.search.substr(1). */
        char href[64];
        int hn = snprintf(href, sizeof href, "https://example.com/?%.*s", un, u8);
        parsed *p = parse_with(href, (size_t)hn, NULL, enc, 0);
        snprintf(got, sizeof got, "%s", p->search[0] ? p->search + 1 : "");
      }
      char ng[1024], nw[1024];
      if (identity) {
        snprintf(ng, sizeof ng, "%s", got);
        snprintf(nw, sizeof nw, "%s", want);
      } else {
        normalize(got, ng, sizeof ng);
        normalize(want, nw, sizeof nw);
      }
      cases++;
      int ok = strcmp(ng, nw) == 0;
      check(ok);
      count(enc, ok);
      if (!ok) {
        fails++;
        if (fail_budget-- > 0)
          printf("FAIL %s U+%04X: got %s want %s\n", file, (unsigned)cp, got, want);
      }
    }
  }
  printf("  %s (%s, %s%s): %d code points, %d failed\n", file,
         url_encoding_name(enc), form ? "form" : "href", err ? ", errors" : "",
         cases, fails);
  check_named(cases > 0, file);
  free(rv);
  free(page);
  free(headers);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_encode_href(void) {
  fail_budget = 10;
  static const char *const dirs[] = {
      "wpt-html/encoding/legacy-mb-japanese/shift_jis",
      "wpt-html/encoding/legacy-mb-japanese/euc-jp",
      "wpt-html/encoding/legacy-mb-japanese/iso-2022-jp",
      "wpt-html/encoding/legacy-mb-korean/euc-kr",
      "wpt-html/encoding/legacy-mb-tchinese/big5"};
  char *ranges_js = slurp("wpt-html/encoding/resources/ranges.js", NULL);
  char *jis = slurp("wpt-html/encoding/legacy-mb-japanese/euc-jp/jis0208_index.js", NULL);
  char *kr = slurp("wpt-html/encoding/legacy-mb-korean/euc-kr/euckr_index.js", NULL);
  char *b5 = slurp("wpt-html/encoding/legacy-mb-tchinese/big5/big5_index.js", NULL);
  char *isoj = slurp("wpt-html/encoding/legacy-mb-japanese/iso-2022-jp/iso2022jp-encoder.js", NULL);
  size_t njis, nkr, nb5, nk;
  int32_t *ijis = js_array(jis, "var jis0208", &njis);
  int32_t *ikr = js_array(kr, "var euckr", &nkr);
  int32_t *ib5 = js_array(b5, "var big5", &nb5);
  ref_tables t = {0};
  t.katakana = js_array(isoj, "var iso2022jpkatakana", &nk);
  if (!check_named(ijis && ikr && ib5 && t.katakana && nk == 63,
                   "the reference encoders' indexes")) return;
  /* The tables the encoders build at load time (their first loops). */
  t.jis_cps = first_pointers(ijis, njis, 0, njis);
  t.sjis_cps = first_pointers(ijis, njis, 0, 8272);
  int32_t *upper = first_pointers(ijis, njis, 8836, njis);
  for (size_t c = 0; c < 0x110000; c++)
    if (t.sjis_cps[c] < 0) t.sjis_cps[c] = upper[c];
  free(upper);
  t.euckr_cps = first_pointers(ikr, nkr, 0, nkr);
  t.big5_cps = first_pointers(ib5, nb5, 5024, nb5);
  /* big5-encoder.js's own assignments after that loop. */
  t.big5_cps[0x2550] = 18991, t.big5_cps[0x255E] = 18975;
  t.big5_cps[0x2561] = 18977, t.big5_cps[0x256A] = 18976;
  t.big5_cps[0x5341] = 5512, t.big5_cps[0x5345] = 5599;
  printf("WPT encoding/legacy-mb-*/*-encode-href*:\n");
  int files = 0;
  for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
    char path[4096];
    DIR *dp = opendir(shared_path(path, sizeof path, dirs[d]));
    if (!check_named(dp != NULL, dirs[d])) continue;
    char *names[64];
    int nn = 0;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL && nn < 64) {
      size_t l = strlen(de->d_name);
      if (strstr(de->d_name, "-encode-href") && l > 5 &&
          !strcmp(de->d_name + l - 5, ".html"))
        names[nn++] = strdup(de->d_name);
    }
    closedir(dp);
    qsort(names, (size_t)nn, sizeof names[0], cmp_str);
    for (int i = 0; i < nn; i++) {
      test_encode_href_file(&t, dirs[d], names[i], ranges_js);
      files++;
      free(names[i]);
    }
  }
  check_named(files == 19, "the 19 encode-href tests");
  free(t.jis_cps), free(t.sjis_cps), free(t.euckr_cps), free(t.big5_cps);
  free(t.katakana), free(ijis), free(ikr), free(ib5);
  free(ranges_js), free(jis), free(kr), free(b5), free(isoj);
  print_counts("encode-href totals");
}

/* ------------------ WPT html/.../resolving-urls/query-encoding/ */

/* The single-quoted JS string at *p (with '+encoding+' pieces joined and
   \uXXXX escapes as UTF-8) into out; advances *p past the element. */
static int js_string_expr(const char **p, const char *encoding, char *out,
                          size_t cap) {
  size_t k = 0;
  const char *s = *p;
  while (*s == ' ' || *s == '\n') s++;
  if (*s != '\'') return 0;
  for (;;) {
    if (*s == '\'') {
      for (s++; *s && *s != '\''; s++) {
        if (s[0] == '\\' && s[1] == 'u') {
          char hex[5] = {s[2], s[3], s[4], s[5], 0};
          k += (size_t)utf8_put((uint32_t)strtoul(hex, NULL, 16), out + k);
          s += 5;
        } else if (k + 1 < cap) {
          out[k++] = *s;
        }
      }
      s++;
    } else if (!strncmp(s, "+encoding+", 10)) {
      k += (size_t)snprintf(out + k, cap - k, "%s", encoding);
      s += 10;
    } else {
      break;
    }
  }
  out[k] = 0;
  while (*s == ',' || *s == ' ' || *s == '\n') s++;
  *p = s;
  return 1;
}

/* Whether s contains `want`: the tests' indexOf(expected) > -1. */
static void expect_has(int enc, const char *what, const char *s,
                       const char *want) {
  int ok = strstr(s, want) != NULL;
  check(ok);
  count(enc, ok);
  if (!ok && fail_budget-- > 0)
    printf("FAIL %s (%s): %s lacks %s\n", what, url_encoding_name(enc), s, want);
}

static void test_query_encoding(void) {
  fail_budget = 10;
  const char *dir = "wpt-html/html/infrastructure/urls/resolving-urls/query-encoding";
  char rel[512];
  snprintf(rel, sizeof rel, "%s/resources/resolve-url.js", dir);
  char *js = slurp(rel, NULL);
  const char *obj = strstr(js, "var expected_obj = {");
  const char *objend = obj ? strchr(obj, '}') : NULL;
  if (!check_named(obj && objend, "resolve-url.js expected_obj")) return;
  int pages = 0;
  for (const char *p = obj; (p = strchr(p, '\'')) && p < objend;) {
    char encoding[64], expected[64], expected_utf8[64] = "";
    if (!js_string_expr(&p, "", encoding, sizeof encoding)) break;
    p = strchr(p, '\'');
    js_string_expr(&p, "", expected, sizeof expected);
    {
      const char *u = strstr(obj, "'utf-8':");
      if (u) {
        u += 8;
        js_string_expr(&u, "", expected_utf8, sizeof expected_utf8);
      }
    }
    /* The page of that encoding (utf-8.html, windows-1252.html, ...). */
    snprintf(rel, sizeof rel, "%s/%s.html", dir, encoding);
    size_t page_n;
    char *page = slurp(rel, &page_n);
    int enc = url_encoding_get(encoding, strlen(encoding));
    /* The page loads resolve-url.js with its encoding (read in that
       encoding: the UTF-16 pages are UTF-16). */
    char pst[256], want_src[128];
    url_buf text;
    url_buf_init(&text, &url_mem_libc, pst, sizeof pst, 1 << 24);
    url_decode_text(&text, enc >= 0 ? enc : URL_ENC_UTF_8,
                    (const unsigned char *)page, page_n, NULL);
    url_buf_putc(&text, 0);
    snprintf(want_src, sizeof want_src, "resolve-url.js?encoding=%s", encoding);
    int page_ok = strstr(text.ptr, want_src) != NULL;
    url_buf_free(&text);
    free(page);
    if (!check_named(enc >= 0 && page_ok, encoding)) continue;
    pages++;
    char doc[512], input[512], scratch[4096];
    snprintf(doc, sizeof doc, "http://web-platform.test:8000/html/infrastructure/"
             "urls/resolving-urls/query-encoding/%s.html", encoding);
    /* input_url, resolved against the document with its encoding (every
       "loading", "submit", ... test builds its URL so). */
    snprintf(input, sizeof input, "resources/resource.py?q=\xC3\xA5&encoding=%s&type=html",
             encoding);
    parsed *r = parse_with(input, strlen(input), doc, enc, 0);
    expect_has(enc, "document-relative URL", r->href, expected);
    /* <base href=input_url><a href>: the base, then "" against it. */
    snprintf(scratch, sizeof scratch, "%s", r->href);
    r = parse_with("", 0, scratch, enc, 0);
    expect_has(enc, "<base href> a.href", r->href, expected);
    /* new URL('http://example.org/'+input_url) and new URL('', that):
       the URL API is UTF-8. */
    snprintf(scratch, sizeof scratch, "http://example.org/%s", input);
    r = parse_with(scratch, strlen(scratch), NULL, URL_ENC_UTF_8, 0);
    expect_has(enc, "URL constructor", r->href, expected_utf8);
    expect_has(enc, "URL constructor search", r->search, expected_utf8);
    char base2[4096];
    snprintf(base2, sizeof base2, "%s", scratch);
    r = parse_with("", 0, base2, URL_ENC_UTF_8, 0);
    expect_has(enc, "URL constructor, base", r->href, expected_utf8);
    /* new WebSocket('ws://host:port/echo-query?\u00E5').url: UTF-8 */
    r = parse_with("ws://web-platform.test:8666/echo-query?\xC3\xA5", 42, doc, enc, 0);
    expect_has(enc, "WebSocket#url", r->href, expected_utf8);
    /* The scheme lists: <a href> of each, the document's encoding. */
    static const char *const lists[2] = {"var test_scheme_urls = [",
                                         "var test_scheme_urls_utf8 = ["};
    for (int l = 0; l < 2; l++) {
      const char *s = strstr(js, lists[l]);
      if (!check_named(s != NULL, lists[l])) continue;
      s += strlen(lists[l]);
      char url_s[512];
      int nurl = 0;
      while (js_string_expr(&s, encoding, url_s, sizeof url_s)) {
        r = parse_with(url_s, strlen(url_s), doc, enc, 0);
        expect_has(enc, url_s, r->href, l ? expected_utf8 : expected);
        nurl++;
      }
      check_named(nurl >= 4, "scheme list read");
    }
  }
  check_named(pages == 5, "the five query-encoding pages");
  free(js);
  print_counts("WPT query-encoding (URL parser parts)");
}

/* ------------------------------------------------------- own checks */

static void test_own(void) {
  fail_budget = 10;
  /* parse.h: the fast path serves every encoding: ASCII URLs the fast
     path takes parse alike through the state machine in each one. */
  static const char *const ascii[] = {
      "https://example.com/a/b?q=1&r=x~y!*()'#frag",
      "http://a.b/?%E9%FF=%26%23",
      "https://x.test/p?\\^`{|}",
      "ws://h/?a=b", "wss://h:1/?a", "foo://h/?x y", "http://h/?a b#c d"};
  for (int e = 0; e < URL_ENC_COUNT; e++) {
    int out = url_encoding_output(e);
    for (size_t i = 0; i < sizeof ascii / sizeof ascii[0]; i++) {
      char fast[4096];
      parsed *p = parse_with(ascii[i], strlen(ascii[i]), NULL, e, 0);
      snprintf(fast, sizeof fast, "%s", p->href);
      p = parse_with(ascii[i], strlen(ascii[i]), NULL, e, 1);
      expect_str(out, ascii[i], fast, p->href);
      p = parse_with(ascii[i], strlen(ascii[i]), NULL, URL_ENC_UTF_8, 1);
      expect_str(out, "ASCII: same as UTF-8", fast, p->href);
    }
    /* ws, wss and non-special: UTF-8 whatever the encoding; fragments
       always. */
    static const char *const utf8_only[][2] = {
        {"ws://h/?\xC3\xA9#\xC3\xA9", "ws://h/?%C3%A9#%C3%A9"},
        {"wss://h/?\xC3\xA9", "wss://h/?%C3%A9"},
        {"foo://h/?\xC3\xA9", "foo://h/?%C3%A9"},
        {"mailto:x?\xE2\x80\xBD", "mailto:x?%E2%80%BD"},
        {"https://h/p\xC3\xA9#\xC3\xA9", "https://h/p%C3%A9#%C3%A9"}};
    for (size_t i = 0; i < sizeof utf8_only / sizeof utf8_only[0]; i++) {
      parsed *p = parse_with(utf8_only[i][0], strlen(utf8_only[i][0]), NULL, e, 0);
      expect_str(out, utf8_only[i][0], p->href, utf8_only[i][1]);
    }
  }
  /* A relative reference against a base keeps the base's query bytes;
     only a query the input writes is encoded. */
  parsed *p = parse_with("#x", 2, "http://h/?%E9", URL_ENC_WINDOWS_1252, 0);
  expect_str(URL_ENC_WINDOWS_1252, "base query kept", p->href, "http://h/?%E9#x");
  p = parse_with("?\xC3\xA9", 3, "http://h/a", URL_ENC_WINDOWS_1252, 0);
  expect_str(URL_ENC_WINDOWS_1252, "relative query", p->href, "http://h/a?%E9");
  /* ISO-2022-JP's state runs through the whole query, ends in ASCII
     before '#', and an error in jis0208 returns to ASCII first. */
  const char *in = "http://h/?\xE3\x81\x82\xE3\x81\x84#\xE3\x81\x82";
  p = parse_with(in, strlen(in), NULL, URL_ENC_ISO_2022_JP, 0);
  expect_str(URL_ENC_ISO_2022_JP, "iso-2022-jp run", p->href,
             "http://h/?%1B$B$%22$$%1B(B#%E3%81%82");
  in = "http://h/?\xE3\x81\x82\xEA\xB0\x80";
  p = parse_with(in, strlen(in), NULL, URL_ENC_ISO_2022_JP, 0);
  expect_str(URL_ENC_ISO_2022_JP, "iso-2022-jp error in jis0208", p->href,
             "http://h/?%1B$B$%22%1B(B%26%2344032%3B");
  /* An output encoding: UTF-16 and replacement are UTF-8. */
  p = parse_with("http://h/?\xC3\xA9", 13, NULL, URL_ENC_UTF_16LE, 0);
  expect_str(URL_ENC_UTF_8, "utf-16le is UTF-8", p->href, "http://h/?%C3%A9");
  /* The form parser with an encoding (beyond the Standard). */
  char st[256];
  url_buf b;
  url_buf_init(&b, &url_mem_libc, st, sizeof st, 1 << 20);
  url_sp_decode_enc(&b, "%C4%E3+%BA%C3", 13, 1, URL_ENC_GBK);
  url_buf_putc(&b, 0);
  expect_str(URL_ENC_GBK, "form decode in GBK", b.ptr, "\xE4\xBD\xA0 \xE5\xA5\xBD");
  url_buf_free(&b);
  print_counts("own checks");
}

int main(void) {
  test_wpt_percent_encoding();
  test_spec_examples();
  test_encode_href();
  test_query_encoding();
  test_own();
  return check_summary();
}
