/*
** application/x-www-form-urlencoded and URLSearchParams (core/search_params):
**
**   - urlencoded-parser-data.json: {input, output: [[name, value]...]}: the
**     parsed list must be exactly output;
**   - urlsearchparams-sort.json: {input, output}: parse, sort, compare;
**   - urlsearchparams-stringifier.json: {pairs, output}: append each pair to
**     an empty list and serialize; {input, output}: parse and re-serialize;
**   - urltestdata.json: every case with a `searchParams` expectation: parse
**     input against base, take the list of the URL's query (empty when null)
**     and compare its serialization;
**   - unit cases: the other list operations, UTF-16 ordering, the URL update
**     steps (href after append/set/delete/sort, opaque-path spaces,
**     fragments), get on raw query strings, storage growth, size limits, and
**     100,000-pair lists (linear time; a quadratic delete or sort would take
**     minutes, so each large case also checks a generous time bound).
**
** Strings in the JSON files are USVStrings (tests/json.c turns lone
** surrogates into U+FFFD).  Prints mismatches only, then per-suite counts
** and the final line "N passed, N failed"; exits non-zero on failure.
**
** Usage: urlencoded_test   (WPT data from ../shared/wpt: tests/shared_data.h)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "shared_data.h"
#include "json.h"
#include "mem_libc.h"
#include "parse.h"
#include "urlencoded.h"

#define MAX_LEN ((size_t)1 << 26)

static void print_list(const url_search_params *p) {
  putchar('[');
  for (size_t i = 0; i < p->count; i++) {
    url_str n = url_sp_name(p, i), v = url_sp_value(p, i);
    printf("%s[", i ? ", " : "");
    json_print_str(n.s, n.n);
    fputs(", ", stdout);
    json_print_str(v.s, v.n);
    putchar(']');
  }
  putchar(']');
}

/* Whether p's list is exactly the JSON array of [name, value] arrays. */
static int list_equals(const url_search_params *p, const json_value *want) {
  if (p->count != json_len(want)) return 0;
  for (size_t i = 0; i < p->count; i++) {
    const json_value *t = json_at(want, i);
    size_t nn, vn;
    const char *n = json_str(json_at(t, 0), &nn);
    const char *v = json_str(json_at(t, 1), &vn);
    url_str gn = url_sp_name(p, i), gv = url_sp_value(p, i);
    if (!n || !v || gn.n != nn || gv.n != vn || memcmp(gn.s, n, nn) ||
        memcmp(gv.s, v, vn))
      return 0;
  }
  return 1;
}

static json_value *load(const char *dir, const char *file) {
  char path[4096];
  shared_file_in(path, sizeof path, dir, file);
  json_value *root = json_parse_file(path);
  if (!root) {
    printf("FAIL %s: cannot read\n", path);
    check(0);
  }
  return root;
}

/* A list over small stack storage, so the suites also exercise growth. */
#define SMALL_LIST(p)                                                   \
  char p##_text[64];                                                    \
  url_sp_pair p##_pairs[4];                                             \
  url_search_params p;                                                  \
  url_sp_init(&p, &url_mem_libc, p##_text, sizeof p##_text, p##_pairs,  \
              4, MAX_LEN)

/* ------------------------------------------------------- JSON suites */

/* urlencoded-parser-data.json and urlsearchparams-sort.json */
static void run_list_suite(const char *dir, const char *file, int sort) {
  json_value *root = load(dir, file);
  if (!root) return;
  int p0 = passed, f0 = failed;
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    if (json_is_string(c)) continue; /* a comment */
    size_t n;
    const char *in = json_str(json_get(c, "input"), &n);
    SMALL_LIST(p);
    int rc = url_sp_parse(&p, in, n);
    if (rc == URL_OK && sort) rc = url_sp_sort(&p);
    int ok = rc == URL_OK && list_equals(&p, json_get(c, "output"));
    if (!ok) {
      printf("FAIL %s: input ", file);
      json_print_str(in, n);
      printf(" rc %d got ", rc);
      print_list(&p);
      putchar('\n');
    }
    check(ok);
    url_sp_free(&p);
  }
  printf("%s: %d/%d\n", file, passed - p0, passed - p0 + failed - f0);
  json_free(root);
}

static void run_stringifier(const char *dir) {
  const char *file = "urlsearchparams-stringifier.json";
  json_value *root = load(dir, file);
  if (!root) return;
  int p0 = passed, f0 = failed;
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    if (json_is_string(c)) continue;
    SMALL_LIST(p);
    const json_value *pairs = json_get(c, "pairs");
    size_t n;
    const char *in = json_str(json_get(c, "input"), &n);
    int rc = URL_OK;
    if (pairs) {
      for (size_t k = 0; k < json_len(pairs) && rc == URL_OK; k++) {
        size_t nn, vn;
        const char *nm = json_str(json_at(json_at(pairs, k), 0), &nn);
        const char *v = json_str(json_at(json_at(pairs, k), 1), &vn);
        rc = url_sp_append(&p, nm, nn, v, vn);
      }
    } else {
      rc = url_sp_parse(&p, in, n);
    }
    char st[16];
    url_buf out;
    url_buf_init(&out, &url_mem_libc, st, sizeof st, MAX_LEN);
    if (rc == URL_OK) rc = url_sp_serialize(&p, &out);
    size_t wn;
    const char *want = json_str(json_get(c, "output"), &wn);
    int ok = rc == URL_OK && want && out.len == wn && !memcmp(out.ptr, want, wn);
    if (!ok) {
      printf("FAIL %s: case %zu expected ", file, i);
      json_print_str(want, wn);
      printf(" got ");
      json_print_str(out.ptr, out.len);
      printf(" (rc %d)\n", rc);
    }
    check(ok);
    url_buf_free(&out);
    url_sp_free(&p);
  }
  printf("%s: %d/%d\n", file, passed - p0, passed - p0 + failed - f0);
  json_free(root);
}

static void run_urltestdata(const char *dir) {
  const char *file = "urltestdata.json";
  json_value *root = load(dir, file);
  if (!root) return;
  int p0 = passed, f0 = failed;
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    const json_value *sp = json_get(c, "searchParams");
    if (!sp) continue;
    size_t in_n, base_n, want_n;
    const char *in = json_str(json_get(c, "input"), &in_n);
    const char *base = json_str(json_get(c, "base"), &base_n);
    const char *want = json_str(sp, &want_n);
    char st[256], bst[256], ost[64];
    url u, b;
    url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
    url_init(&b, &url_mem_libc, bst, sizeof bst, MAX_LEN);
    url_buf out;
    url_buf_init(&out, &url_mem_libc, ost, sizeof ost, MAX_LEN);
    SMALL_LIST(p);
    int rc = base ? url_parse(&b, base, base_n, NULL) : URL_OK;
    if (rc == URL_OK) rc = url_parse(&u, in, in_n, base ? &b : NULL);
    if (rc == URL_OK) rc = url_sp_parse_url(&p, &u);
    if (rc == URL_OK) rc = url_sp_serialize(&p, &out);
    int ok = rc == URL_OK && out.len == want_n && !memcmp(out.ptr, want, want_n);
    if (!ok) {
      printf("FAIL %s: input ", file);
      json_print_str(in, in_n);
      printf(" searchParams expected ");
      json_print_str(want, want_n);
      printf(" got ");
      json_print_str(out.ptr, out.len);
      printf(" (rc %d)\n", rc);
    }
    check(ok);
    url_sp_free(&p);
    url_buf_free(&out);
    url_free(&u);
    url_free(&b);
  }
  printf("%s searchParams: %d/%d\n", file, passed - p0,
         passed - p0 + failed - f0);
  json_free(root);
}

/* ------------------------------------------------------- unit cases */

static void expect_str(const char *label, const char *got, size_t got_n,
                       const char *want) {
  int ok = got && strlen(want) == got_n && !memcmp(got, want, got_n);
  if (!ok) {
    printf("FAIL unit %s: expected ", label);
    json_print_str(want, strlen(want));
    printf(" got ");
    json_print_str(got, got_n);
    putchar('\n');
  }
  check(ok);
}

static void expect_int(const char *label, long long got, long long want) {
  if (got != want) printf("FAIL unit %s: expected %lld got %lld\n", label, want, got);
  check(got == want);
}

static void expect_list(const char *label, const url_search_params *p,
                        const char *want) {
  char st[64];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, st, sizeof st, MAX_LEN);
  url_sp_serialize(p, &out);
  expect_str(label, out.ptr, out.len, want);
  url_buf_free(&out);
}

typedef enum op { OP_APPEND, OP_SET, OP_DELETE, OP_DELETE_VALUE, OP_SORT } op;

/* new URL(href); searchParams.OP(name, value); href */
static void expect_href(const char *href, op o, const char *name,
                        const char *value, const char *want) {
  char st[64], ost[64];
  url u, out;
  url_init(&u, &url_mem_libc, st, sizeof st, MAX_LEN);
  url_init(&out, &url_mem_libc, ost, sizeof ost, MAX_LEN);
  SMALL_LIST(p);
  int rc = url_parse(&u, href, strlen(href), NULL);
  if (rc == URL_OK) rc = url_sp_parse_url(&p, &u);
  if (rc == URL_OK) {
    switch (o) {
      case OP_APPEND:
        rc = url_sp_append(&p, name, strlen(name), value, strlen(value));
        break;
      case OP_SET:
        rc = url_sp_set(&p, name, strlen(name), value, strlen(value));
        break;
      case OP_DELETE:
        rc = url_sp_delete(&p, name, strlen(name), NULL, 0);
        break;
      case OP_DELETE_VALUE:
        rc = url_sp_delete(&p, name, strlen(name), value, strlen(value));
        break;
      case OP_SORT:
        rc = url_sp_sort(&p);
        break;
    }
  }
  if (rc == URL_OK) rc = url_sp_update(&u, &p, &out);
  char label[256];
  snprintf(label, sizeof label, "href op %d on %s", (int)o, href);
  if (rc != URL_OK) {
    printf("FAIL unit %s: rc %d\n", label, rc);
    check(0);
  } else {
    url_str h = url_href(&out);
    expect_str(label, h.s, h.n, want);
  }
  url_sp_free(&p);
  url_free(&out);
  url_free(&u);
}

static void expect_get_in(const char *q, const char *name, const char *want) {
  char st[8];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, st, sizeof st, MAX_LEN);
  int rc = url_sp_get_in(q, strlen(q), name, strlen(name), &out);
  char label[256];
  snprintf(label, sizeof label, "get_in(%s, %s)", q, name);
  if (!want) {
    expect_int(label, rc, URL_FAILURE);
  } else if (rc != URL_OK) {
    printf("FAIL unit %s: rc %d\n", label, rc);
    check(0);
  } else {
    expect_str(label, out.ptr, out.len, want);
  }
  url_buf_free(&out);
}

static int sign(int x) { return (x > 0) - (x < 0); }

static void unit_cmp(void) {
  static const struct {
    const char *a, *b;
    int want;
  } cases[] = {
      {"", "", 0},
      {"a", "", 1},
      {"a", "ab", -1},
      {"\xF0\x9F\x8C\x88", "\xEF\xAC\x83", -1}, /* U+1F308 < U+FB03 */
      {"\xEF\xAC\x83", "\xF0\x9F\x8C\x88", 1},
      {"\xEE\x80\x80", "\xF0\x90\x80\x80", 1},  /* U+E000 > U+10000 */
      {"\xED\x9F\xBF", "\xF0\x90\x80\x80", -1}, /* U+D7FF < U+10000 */
      {"\xC3\xA9", "\xC3\xB6", -1},             /* differ mid-sequence */
      {"a\xF0\x9F\x8C\x88", "a\xF0\x9F\x92\xA9", -1},
      {"\xF0\x9F\x8C\x88", "\xF0\x9F\x8C\x88", 0},
      {"e\xCC\x81", "\xC3\xA9", -1},
      {"\xEF\xBF\xBD", "\xEF\xBF\xBC", 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char label[64];
    snprintf(label, sizeof label, "utf16_cmp #%zu", i);
    int got = url_sp_utf16_cmp(cases[i].a, strlen(cases[i].a), cases[i].b,
                               strlen(cases[i].b));
    expect_int(label, sign(got), cases[i].want);
  }
}

static void unit_ops(void) {
  SMALL_LIST(p);
  url_sp_parse(&p, "a=1&b=2&a=3&c=4&a=5", 19);
  url_sp_delete(&p, "a", 1, "3", 1);
  expect_list("delete name+value", &p, "a=1&b=2&c=4&a=5");
  url_sp_delete(&p, "a", 1, NULL, 0);
  expect_list("delete name", &p, "b=2&c=4");
  url_sp_delete(&p, "zz", 2, NULL, 0);
  expect_list("delete absent", &p, "b=2&c=4");
  url_sp_append(&p, "a", 1, "x y", 3);
  url_sp_append(&p, "b", 1, "", 0);
  expect_list("append", &p, "b=2&c=4&a=x+y&b=");
  url_sp_set(&p, "b", 1, "new", 3);
  expect_list("set first, drop others", &p, "b=new&c=4&a=x+y");
  url_sp_set(&p, "d", 1, "\xF0\x9F\x8C\x88", 4);
  expect_list("set absent appends", &p, "b=new&c=4&a=x+y&d=%F0%9F%8C%88");
  expect_int("find c", url_sp_find(&p, "c", 1), 1);
  expect_int("find absent", url_sp_find(&p, "e", 1), -1);
  url_sp_sort(&p);
  expect_list("sort", &p, "a=x+y&b=new&c=4&d=%F0%9F%8C%88");
  url_sp_delete(&p, "", 0, NULL, 0);
  expect_int("count", (long long)p.count, 4);
  url_sp_clear(&p);
  expect_list("clear", &p, "");
  url_sp_parse(&p, "=&=x&&", 6);
  expect_int("empty names", (long long)p.count, 2);
  url_sp_delete(&p, "", 0, "", 0);
  expect_list("delete empty name+value", &p, "=x");
  url_sp_free(&p);

  /* Percent-decoding edge cases. */
  SMALL_LIST(q);
  url_sp_parse(&q, "a=%&b=%2&c=%zz&d=%C3%A9&e=%FF&f=%E2%82&g=%F0%9F%8C%88", 53);
  static const char *const want[] = {"%", "%2", "%zz", "\xC3\xA9",
                                     "\xEF\xBF\xBD", "\xEF\xBF\xBD",
                                     "\xF0\x9F\x8C\x88"};
  expect_int("pct count", (long long)q.count, 7);
  for (size_t i = 0; i < q.count && i < 7; i++) {
    url_str v = url_sp_value(&q, i);
    char label[32];
    snprintf(label, sizeof label, "pct value %zu", i);
    expect_str(label, v.s, v.n, want[i]);
  }
  url_sp_free(&q);

  expect_get_in("a=1&b=2&a=3", "a", "1");
  expect_get_in("a=1&b=2&a=3", "b", "2");
  expect_get_in("a=1&b=2&a=3", "c", NULL);
  expect_get_in("", "", NULL);
  expect_get_in("&&=x", "", "x");
  expect_get_in("a+b=c+d", "a b", "c d");
  expect_get_in("%61=%FF", "a", "\xEF\xBF\xBD");
  expect_get_in("%FF=1", "\xEF\xBF\xBD", "1");
  expect_get_in("k", "k", "");
  expect_get_in("a=b=c", "a", "b=c");
  expect_get_in("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1&a=%E2%82%AC%E2%82%AC",
                "a", "\xE2\x82\xAC\xE2\x82\xAC");
}

static void unit_href(void) {
  expect_href("https://example.com/?a=b c", OP_SORT, NULL, NULL,
              "https://example.com/?a=b+c");
  expect_href("https://example.com/p?z=1&a=2#frag", OP_SORT, NULL, NULL,
              "https://example.com/p?a=2&z=1#frag");
  expect_href("https://example.com/", OP_SORT, NULL, NULL,
              "https://example.com/");
  expect_href("https://example.com/?", OP_SORT, NULL, NULL,
              "https://example.com/");
  expect_href("https://example.com/?#f", OP_DELETE, "x", NULL,
              "https://example.com/#f");
  expect_href("https://example.com/#f", OP_APPEND, "a", "b",
              "https://example.com/?a=b#f");
  expect_href("https://example.com/?a=1&b=2&a=3", OP_SET, "a", "x",
              "https://example.com/?a=x&b=2");
  expect_href("https://example.com/?a=1&b=2&a=3", OP_DELETE, "a", NULL,
              "https://example.com/?b=2");
  expect_href("https://example.com/?a=1&b=2&a=3", OP_DELETE_VALUE, "a", "3",
              "https://example.com/?a=1&b=2");
  expect_href("https://example.com/?a=1", OP_DELETE, "a", NULL,
              "https://example.com/");
  expect_href("https://example.com/?%zz=%FF", OP_APPEND, "~", "'",
              "https://example.com/?%25zz=%EF%BF%BD&%7E=%27");
  /* Opaque paths: the parser writes a space before '?' or '#' as "%20"
     (current Standard), so removing the query leaves no trailing space. */
  expect_href("data:space  ?x=1", OP_DELETE, "x", NULL, "data:space %20");
  expect_href("data:space  ?x=1#f", OP_DELETE, "x", NULL, "data:space %20#f");
  expect_href("data:space  ?x=1", OP_APPEND, "y", "2",
              "data:space %20?x=1&y=2");
  expect_href("data:text ", OP_APPEND, "y", "2", "data:text?y=2");
  expect_href("mailto:a@b?subject=hi there", OP_SORT, NULL, NULL,
              "mailto:a@b?subject=hi+there");
  expect_href("foo://h/p?b&a", OP_SORT, NULL, NULL, "foo://h/p?a=&b=");
  expect_href("http://h/?a=\xF0\x9F\x8C\x88&\xEF\xAC\x83=1&\xF0\x9F\x8C\x88=2",
              OP_SORT, NULL, NULL,
              "http://h/?a=%F0%9F%8C%88&%F0%9F%8C%88=2&%EF%AC%83=1");
}

/* Too small a limit gives URL_TOOBIG, and the error is sticky. */
static void unit_limits(void) {
  char text[8];
  url_sp_pair pairs[2];
  url_search_params p;
  url_sp_init(&p, &url_mem_libc, text, sizeof text, pairs, 2, 16);
  expect_int("limit parse ok", url_sp_parse(&p, "a=1&b=2", 7), URL_OK);
  expect_int("limit parse too big",
             url_sp_parse(&p, "aaaaaaaaaaaaaaaaaaaa=1", 22), URL_TOOBIG);
  expect_int("limit sticky", url_sp_append(&p, "x", 1, "y", 1), URL_TOOBIG);
  char st[8];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, st, sizeof st, 1024);
  expect_int("limit serialize", url_sp_serialize(&p, &out), URL_TOOBIG);
  url_buf_free(&out);
  url_sp_free(&p);

  /* No caller storage at all. */
  url_sp_init(&p, &url_mem_libc, NULL, 0, NULL, 0, MAX_LEN);
  url_sp_parse(&p, "b=2&a=1", 7);
  url_sp_sort(&p);
  expect_list("no stack storage", &p, "a=1&b=2");
  url_sp_free(&p);
}

static double seconds(clock_t t0) {
  return (double)(clock() - t0) / CLOCKS_PER_SEC;
}

static long num(url_str s) {
  long v = 0;
  for (size_t i = 0; i < s.n; i++) v = v * 10 + (s.s[i] - '0');
  return v;
}

/* 100,000+ pairs: each operation must stay (near) linear. */
static void unit_large(void) {
  const size_t N = 200000;
  char st[64];
  url_buf q;
  url_buf_init(&q, &url_mem_libc, st, sizeof st, MAX_LEN);
  for (size_t i = 0; i < N; i++) {
    char t[64];
    /* names k0..k9 interleaved, values the index, in reverse order */
    int n = snprintf(t, sizeof t, "%sk%zu=%zu", i ? "&" : "", (N - i) % 10, i);
    url_buf_append(&q, t, (size_t)n);
  }
  clock_t t0 = clock();
  char text[1024];
  url_sp_pair pairs[32];
  url_search_params p;
  url_sp_init(&p, &url_mem_libc, text, sizeof text, pairs, 32, MAX_LEN);
  url_sp_parse(&p, q.ptr, q.len);
  expect_int("large parse count", (long long)p.count, (long long)N);

  /* Sort: stable, so within a name the values stay increasing. */
  url_sp_sort(&p);
  int ok = p.count == N;
  for (size_t i = 1; ok && i < p.count; i++) {
    url_str a = url_sp_name(&p, i - 1), b = url_sp_name(&p, i);
    int c = url_sp_utf16_cmp(a.s, a.n, b.s, b.n);
    if (c > 0) ok = 0;
    if (c == 0 && num(url_sp_value(&p, i - 1)) >= num(url_sp_value(&p, i)))
      ok = 0;
  }
  expect_int("large sort stable", ok, 1);

  url_sp_delete(&p, "k3", 2, NULL, 0);
  expect_int("large delete count", (long long)p.count, (long long)(N - N / 10));
  url_sp_set(&p, "k4", 2, "x", 1);
  expect_int("large set count", (long long)p.count,
             (long long)(N - 2 * (N / 10) + 1));
  url_sp_delete(&p, "k5", 2, "199995", 6);
  expect_int("large delete value", (long long)p.count,
             (long long)(N - 2 * (N / 10)));
  char ost[64];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, ost, sizeof ost, MAX_LEN);
  url_sp_serialize(&p, &out);
  expect_int("large serialize ok", out.err, URL_OK);
  double dt = seconds(t0);
  /* Generous: well under 0.5 s here even under ASan; quadratic delete or
     insertion-sorted lists of 200,000 pairs take far longer. */
  if (dt > 20.0) printf("FAIL unit large: %.2f s\n", dt);
  check(dt <= 20.0);

  /* Sorting already-sorted and reversed input is O(n log n) too. */
  t0 = clock();
  url_sp_clear(&p);
  for (size_t i = 0; i < N; i++) {
    char nm[16];
    int n = snprintf(nm, sizeof nm, "%07zu", N - i);
    url_sp_append(&p, nm, (size_t)n, "", 0);
  }
  url_sp_sort(&p);
  url_str first = url_sp_name(&p, 0);
  expect_str("large reversed sort", first.s, first.n, "0000001");
  url_sp_sort(&p);
  first = url_sp_name(&p, N - 1);
  expect_str("large sorted sort", first.s, first.n, "0200000");
  dt = seconds(t0);
  if (dt > 20.0) printf("FAIL unit large sorts: %.2f s\n", dt);
  check(dt <= 20.0);

  url_buf_free(&out);
  url_buf_free(&q);
  url_sp_free(&p);
}

int main(void) {
  const char *dir = "wpt";
  run_list_suite(dir, "urlencoded-parser-data.json", 0);
  run_list_suite(dir, "urlsearchparams-sort.json", 1);
  run_stringifier(dir);
  run_urltestdata(dir);
  int p0 = passed, f0 = failed;
  unit_cmp();
  unit_ops();
  unit_href();
  unit_limits();
  unit_large();
  printf("unit: %d/%d\n", passed - p0, passed - p0 + failed - f0);
  return check_summary();
}
