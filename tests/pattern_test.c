/*
** URL patterns (pattern/): WPT's urlpatterntestdata.json run as WPT's
** urlpatterntests.js runs it, then cases of our own for the regular
** expression engine (regex/regex.h) and for patterns.
**
** WPT: for each case, new URLPattern(...pattern) must throw when
** expected_obj is "error"; otherwise each component's pattern string must
** equal expected_obj's, or the value urlpatterntests.js derives when
** expected_obj has none (exactly_empty_components: ""; the pattern's own
** member; "*" when an earlier component is given; the base URL's; "*").
** Then test/exec on the inputs: "error" must be the TypeError, a falsy
** expected_match no match, and an object the same input and groups (names
** and values, unset groups as null) for every component, absent components
** defaulting as the harness does.  (exec's `inputs` echo the arguments:
** not checked.)  A case passes if all its checks do.
**
** The data file: URLPATTERN_DATA (another copy to try), else
** ../shared/wpt/urlpatterntestdata.json; without one the suite fails.
** KNOWN_FAILING lists cases allowed
** to fail, with the regular expression feature the engine lacks; it is
** empty, and a listed case that passes fails.
**
** Prints mismatches, "urlpatterntestdata.json: N/M cases", our cases'
** count, and the final line "N passed, N failed".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "mem_libc.h"
#include "parse.h"
#include "internal.h"
#include "regex.h"
#include "shared_data.h"
#include "urlpattern.h"
#include "utf8.h"

/* ------------------------------------------------------------- WPT cases */

/* Cases (by index in the file) allowed to fail, and why: none. */
static const struct {
  int index;
  const char *reason;
} KNOWN_FAILING[] = {{-1, NULL}};

static const char *known_failing(int index) {
  for (size_t i = 0; i < sizeof KNOWN_FAILING / sizeof KNOWN_FAILING[0]; i++)
    if (KNOWN_FAILING[i].index == index) return KNOWN_FAILING[i].reason;
  return NULL;
}

/* A JSON object as a URLPatternInit (members of other types ignored, as
   WebIDL ignores members it does not know). */
static void to_init(const json_value *o, pat_init *init) {
  memset(init, 0, sizeof *init);
  for (int c = 0; c < PAT_N; c++) {
    const json_value *v = json_get(o, pat_component_names[c]);
    if (json_is_string(v)) init->c[c] = (url_str){v->str, v->len};
  }
  const json_value *b = json_get(o, "baseURL");
  if (json_is_string(b)) init->base_url = (url_str){b->str, b->len};
}

static void to_input(const json_value *v, pat_input *in) {
  memset(in, 0, sizeof *in);
  if (json_is_string(v)) {
    in->string = (url_str){v->str, v->len};
  } else {
    in->is_init = 1;
    to_init(v, &in->init); /* absent: the default {} */
  }
}

static int eq(url_str a, const char *s, size_t n) {
  return a.n == n && (n == 0 || !memcmp(a.s, s, n));
}

static void fail_case(int index, const json_value *c, const char *what,
                      url_str got, const char *want, size_t want_n) {
  (void)c;
  printf("FAIL urlpatterntestdata.json case %d: %s: got ", index, what);
  json_print_str(got.s, got.n);
  fputs(" expected ", stdout);
  json_print_str(want, want_n);
  putchar('\n');
}

static int has_member(const json_value *o, const char *key) {
  return o && o->type == JSON_OBJECT && json_get(o, key) != NULL;
}

/* The pattern string urlpatterntests.js expects for component c. */
static int expected_pattern(const json_value *c, int comp, const char **s,
                            size_t *n, char *buf, size_t cap) {
  static const char *const earlier[PAT_N][5] = {
      {NULL}, {NULL}, {NULL}, {"protocol", NULL},
      {"protocol", "hostname", NULL},
      {"protocol", "hostname", "port", NULL},
      {"protocol", "hostname", "port", "pathname", NULL},
      {"protocol", "hostname", "port", "pathname", "search"}};
  const char *name = pat_component_names[comp];
  const json_value *exp = json_get(json_get(c, "expected_obj"), name);
  if (json_is_string(exp)) {
    *s = json_str(exp, n);
    return 1;
  }
  const json_value *pattern = json_get(c, "pattern");
  const json_value *p0 = json_at(pattern, 0);
  const json_value *empty = json_get(c, "exactly_empty_components");
  for (size_t i = 0; i < json_len(empty); i++)
    if (!strcmp(json_str(json_at(empty, i), NULL), name)) {
      *s = "";
      *n = 0;
      return 1;
    }
  const json_value *own = json_get(p0, name);
  if (json_is_string(own) && own->len) {
    *s = json_str(own, n);
    return 1;
  }
  if (p0 && p0->type == JSON_OBJECT)
    for (int k = 0; k < 5 && earlier[comp][k]; k++)
      if (has_member(p0, earlier[comp][k])) {
        *s = "*";
        *n = 1;
        return 1;
      }
  const json_value *b = json_get(p0, "baseURL");
  if (!json_is_string(b) && json_is_string(json_at(pattern, 1))) b = json_at(pattern, 1);
  if (json_is_string(b) && comp != PAT_USERNAME && comp != PAT_PASSWORD) {
    url u;
    url_init(&u, &url_mem_libc, buf, cap, cap);
    if (url_parse(&u, b->str, b->len, NULL) != URL_OK) return 0;
    url_str v = comp == PAT_PROTOCOL ? url_scheme(&u)
              : comp == PAT_HOSTNAME ? url_hostname(&u)
              : comp == PAT_PORT     ? url_port(&u)
              : comp == PAT_PATHNAME ? url_pathname(&u)
              : comp == PAT_SEARCH   ? url_search(&u) : url_hash(&u);
    if ((comp == PAT_SEARCH || comp == PAT_HASH) && v.n) v.s++, v.n--;
    memmove(buf, v.s, v.n);
    *s = buf;
    *n = v.n;
    return 1;
  }
  *s = "*";
  *n = 1;
  return 1;
}

/* Compares component comp of a match with the expected object (or its
   default); returns 1 if equal. */
static int check_component(int index, const json_value *c, const url_pattern *p,
                           const pat_match *m, int comp) {
  const char *name = pat_component_names[comp];
  const json_value *exp = json_get(json_get(c, "expected_match"), name);
  const char *want_in = "";
  size_t want_in_n = 0;
  int default_group = 0;
  if (exp) {
    want_in = json_str(json_get(exp, "input"), &want_in_n);
    if (!want_in) want_in = "";
  } else {
    default_group = 1;
    const json_value *empty = json_get(c, "exactly_empty_components");
    for (size_t i = 0; i < json_len(empty); i++)
      if (!strcmp(json_str(json_at(empty, i), NULL), name)) default_group = 0;
  }
  char what[64];
  snprintf(what, sizeof what, "%s input", name);
  if (!eq(m->input[comp], want_in, want_in_n)) {
    fail_case(index, c, what, m->input[comp], want_in, want_in_n);
    return 0;
  }
  const json_value *groups = json_get(exp, "groups");
  size_t want_groups = exp ? (groups ? groups->count : 0) : (size_t)default_group;
  int ng = url_pattern_group_count(p, (pat_component)comp);
  if ((size_t)ng != want_groups) {
    snprintf(what, sizeof what, "%s group count %d, expected %zu", name, ng, want_groups);
    fail_case(index, c, what, (url_str){"", 0}, "", 0);
    return 0;
  }
  for (int g = 0; g < ng; g++) {
    url_str gname = url_pattern_group_name(p, (pat_component)comp, g);
    long s = m->caps[comp][2 + 2 * g], e = m->caps[comp][3 + 2 * g];
    url_str got = s < 0 ? (url_str){NULL, 0}
                        : (url_str){m->input[comp].s + s, (size_t)(e - s)};
    const json_value *want = NULL;
    int found = 0;
    if (!exp) {
      found = gname.n == 1 && gname.s[0] == '0';
      static json_value empty_str = {JSON_STRING, 0, "", 0, 0, NULL, NULL};
      want = &empty_str;
    }
    for (size_t k = 0; groups && k < groups->count; k++)
      if (eq(gname, groups->keys[k].str, groups->keys[k].len)) {
        found = 1;
        want = &groups->items[k];
      }
    snprintf(what, sizeof what, "%s group %.*s", name, (int)gname.n, gname.s);
    if (!found) {
      fail_case(index, c, what, got, "(no such group)", 15);
      return 0;
    }
    if (json_is_null(want) ? got.s != NULL
                           : (!got.s || !eq(got, want->str, want->len))) {
      fail_case(index, c, what, got.s ? got : (url_str){"(undefined)", 11},
                json_is_null(want) ? "(undefined)" : want->str,
                json_is_null(want) ? 11 : want->len);
      return 0;
    }
  }
  return 1;
}

/* The regular expressions the WPT patterns compile to (distinct), for
   tuned_vs_untuned(). */
#define MAX_KEPT 2048
static struct {
  char *src;
  size_t n;
  int flags;
} kept[MAX_KEPT];
static int n_kept;

static void keep_regex(url_str re, int flags) {
  for (int i = 0; i < n_kept; i++)
    if (kept[i].flags == flags && eq(re, kept[i].src, kept[i].n)) return;
  if (n_kept == MAX_KEPT || !(kept[n_kept].src = malloc(re.n + 1))) return;
  memcpy(kept[n_kept].src, re.s, re.n);
  kept[n_kept].src[re.n] = 0;
  kept[n_kept].n = re.n;
  kept[n_kept++].flags = flags;
}

/* Runs case c; returns 1 if every check passed. */
static int run_case(int index, const json_value *c) {
  const json_value *pattern = json_get(c, "pattern");
  pat_input in;
  const char *base = NULL;
  size_t base_n = 0;
  int ignore_case = 0;
  to_input(json_at(pattern, 0), &in);
  /* (input, baseURL, options) or (input, options) */
  const json_value *a1 = json_at(pattern, 1), *opts = a1;
  int bad_args = 0;
  if (json_is_string(a1)) {
    base = json_str(a1, &base_n);
    opts = json_at(pattern, 2);
  } else if (json_len(pattern) > 2) {
    bad_args = 1; /* no overload takes (input, options, ...) */
  }
  ignore_case = json_get(opts, "ignoreCase") && json_get(opts, "ignoreCase")->type == JSON_TRUE;
  url_pattern *p = NULL;
  char err[256];
  int rc = bad_args ? URL_FAILURE
                    : url_pattern_create(&p, &in, base, base_n, ignore_case,
                                         &url_mem_libc, err, sizeof err);
  if (bad_args) snprintf(err, sizeof err, "no constructor takes these arguments");
  const json_value *expected_obj = json_get(c, "expected_obj");
  if (json_is_string(expected_obj)) { /* "error" */
    if (rc == URL_FAILURE) return 1;
    printf("FAIL urlpatterntestdata.json case %d: created, expected a TypeError\n", index);
    url_pattern_free(p);
    return 0;
  }
  if (rc != URL_OK) {
    printf("FAIL urlpatterntestdata.json case %d: TypeError (%s)\n", index, err);
    return 0;
  }
  int ok = 1;
  for (int comp = 0; comp < PAT_N; comp++)
    keep_regex(url_pattern_regexp(p, (pat_component)comp),
               url_pattern_ignore_case(p) && comp > PAT_PORT ? PAT_RE_ICASE : 0);
  for (int comp = 0; comp < PAT_N && ok; comp++) {
    const char *s;
    size_t n;
    char buf[1024];
    char what[64];
    snprintf(what, sizeof what, "%s pattern", pat_component_names[comp]);
    if (!expected_pattern(c, comp, &s, &n, buf, sizeof buf)) continue;
    if (!eq(url_pattern_string(p, (pat_component)comp), s, n)) {
      fail_case(index, c, what, url_pattern_string(p, (pat_component)comp), s, n);
      ok = 0;
    }
  }
  const json_value *inputs = json_get(c, "inputs");
  const json_value *expected = json_get(c, "expected_match");
  if (ok && inputs) {
    pat_input mi;
    to_input(json_at(inputs, 0), &mi);
    const char *mb = NULL;
    size_t mb_n = 0;
    if (json_len(inputs) > 1) mb = json_str(json_at(inputs, 1), &mb_n);
    long *slots = malloc((url_pattern_slots(p) + 1) * sizeof(long));
    char ust[256], bst[256], sst[256];
    pat_match m = {.slots = slots};
    url_init(&m.u, &url_mem_libc, ust, sizeof ust, (size_t)1 << 24);
    url_init(&m.base, &url_mem_libc, bst, sizeof bst, (size_t)1 << 24);
    url_buf_init(&m.store, &url_mem_libc, sst, sizeof sst, (size_t)1 << 24);
    int mr = slots ? url_pattern_match(p, &mi, mb, mb_n, 0, &m) : URL_NOMEM;
    if (json_is_string(expected)) { /* "error": the TypeError */
      ok = mr == URL_BASE_WITH_INIT;
      if (!ok) printf("FAIL urlpatterntestdata.json case %d: match gave %d, expected a TypeError\n", index, mr);
    } else if (!expected || expected->type != JSON_OBJECT) {
      ok = mr == URL_FAILURE;
      if (!ok) printf("FAIL urlpatterntestdata.json case %d: matched (%d), expected null\n", index, mr);
    } else if (mr != URL_OK) {
      ok = 0;
      printf("FAIL urlpatterntestdata.json case %d: no match (%d), expected one\n", index, mr);
    } else {
      for (int comp = 0; comp < PAT_N && ok; comp++)
        ok = check_component(index, c, p, &m, comp);
    }
    /* a string input that parsed: url_pattern_test's own path (the test of
       the parsed URL, SQL's url_pattern_test) must say the same */
    if (ok && !mi.is_init && m.input_ok) {
      int tr = url_pattern_test_url(p, &m.u, 0, slots);
      ok = tr == mr;
      if (!ok) printf("FAIL urlpatterntestdata.json case %d: test gave %d, match %d\n", index, tr, mr);
    }
    url_free(&m.u);
    url_free(&m.base);
    url_buf_free(&m.store);
    free(slots);
  }
  url_pattern_free(p);
  return ok;
}

static void run_wpt(const char *dir) {
  char path[4096];
  const char *env = getenv("URLPATTERN_DATA");
  const char *candidates[2] = {env, path};
  snprintf(path, sizeof path, "%s/%s/urlpatterntestdata.json", shared_dir(), dir);
  const char *file = NULL;
  for (int i = 0; i < 2 && !file; i++) {
    FILE *f = candidates[i] ? fopen(candidates[i], "rb") : NULL;
    if (f) {
      fclose(f);
      file = candidates[i];
    }
  }
  if (!file) {
    check_named(0, "urlpatterntestdata.json: not found (../shared/wpt/, "
                   "URLPATTERN_DATA)");
    return;
  }
  json_value *root = json_parse_file(file);
  if (!root || root->type != JSON_ARRAY) {
    check_named(0, "urlpatterntestdata.json: not a JSON array");
    json_free(root);
    return;
  }
  int total = 0, ok_count = 0, listed = 0;
  for (size_t i = 0; i < root->count; i++) {
    const json_value *c = &root->items[i];
    if (c->type != JSON_OBJECT) continue;
    total++;
    int ok = run_case((int)i, c);
    const char *why = known_failing((int)i);
    if (why) {
      listed++;
      printf("KNOWN FAILING case %zu (%s): %s\n", i, why, ok ? "now passes: remove it from the list" : "fails");
      ok = !ok;
    }
    ok_count += ok;
    check_named(ok, "(see above)");
  }
  printf("urlpatterntestdata.json (%s): %d/%d cases (%d listed as known failing)\n",
         file, ok_count - listed, total, listed);
  json_free(root);
}

/* ------------------------------------------------ our own: the engine */

/* A regular expression, flags, an input, and the expected groups joined
   with ',' (<u>: unset), "null" (no match), "error" or "limit". */
static const struct {
  const char *re;
  int flags;
  const char *in, *want;
} REGEX_CASES[] = {
    {"^(?:https)$", 0, "https", "https"},
    {"^\\/foo\\/([^\\/]+?)$", 0, "/foo/bar", "/foo/bar,bar"},
    {"^\\/foo\\/([^\\/]+?)$", 0, "/foo/bar/", "null"},
    {"^(?:\\/([^\\/]+?))?$", 0, "", ",<u>"},
    /* RepeatMatcher: captures reset at each iteration; empty iterations */
    {"(?:(a)|b)+", 0, "ab", "ab,<u>"},
    {"(a*)*b", 0, "aaab", "aaab,aaa"},
    {"(a*)+", 0, "b", ","},
    {"(?:a|())*", 0, "a", "a,<u>"},
    {"(z)((a+)?(b+)?(c))*", 0, "zaacbbbcac", "zaacbbbcac,z,ac,a,<u>,c"},
    {"(aa|aabaac|ba|b|c)*", 0, "aabaac", "aaba,ba"},
    {"((a)|b)+", 0, "ab", "ab,b,<u>"},
    /* a lazy loop's iterations, entered after its exit failed, past the
       first index: an empty one fails there too (not a step limit) */
    {"(?:)*?x", 0, "a", "null"},
    {"(a|)*?b", 0, "ca", "null"},
    {"(a|)*?b", 0, "caab", "aab,a"},
    /* lookarounds, backreferences */
    {"(?<=(\\d+)(\\d+))$", 0, "1053", ",1,053"},
    {"(?<=\\$\\d+\\.)\\d+", 0, "cost $10.53", "53"},
    {"(?<!abc)\\w\\w\\w", 0, "abcdef", "abc"},
    {"(?=(a+))a*b\\1", 0, "baaabac", "aba,a"},
    {"(.*?)a(?!(a+)b\\2c)\\2(.*)", 0, "baaabaac", "baaabaac,ba,<u>,abaac"},
    {"\\1(a)", 0, "aa", "a,a"},
    {"(?<x>a)\\k<x>", 0, "aa", "aa,a"},
    {"(?:(?<x>a)|(?<x>b))\\k<x>", 0, "bb", "bb,<u>,b"},
    {"(?<x>a)(?<x>b)", 0, "ab", "error"},
    {"(?<\\u0061>.)\\k<a>", 0, "xx", "xx,x"},
    /* v-mode classes */
    {"[[a-z]--a]", 0, "a", "null"},
    {"^[[a-z]--a]$", 0, "z", "z"},
    {"^[\\d&&[0-1]]$", 0, "0", "0"},
    {"^[\\d&&[0-1]]$", 0, "3", "null"},
    {"[\\q{abc|d}x]+", 0, "abcdx", "abcdx"},
    {"[^\\q{ab}]", 0, "a", "error"},
    {"[\\w--\\d]+", 0, "ab12", "ab"},
    {"[a&&&b]", 0, "a", "error"},
    {"[ab&&b]", 0, "a", "error"},
    {"[[ab]&&b]", 0, "b", "b"},
    {"[a-]", 0, "a", "error"},
    {"[a\\-]+", 0, "a-", "a-"},
    {"[/]", 0, "/", "error"},
    {"[\\/]", 0, "/", "/"},
    /* no Annex B */
    {"\\H", 0, "a", "error"},
    {"(?R)", 0, "a", "error"},
    {"\\m", 0, "a", "error"},
    {"a{", 0, "a", "error"},
    {"]", 0, "a", "error"},
    {"\\8", 0, "8", "error"},
    {"\\c", 0, "c", "error"},
    {"(?=a)*", 0, "a", "error"},
    {"\\p{L}", 0, "a", "a"}, /* was a gap: now Unicode 17.0 properties */
    {"\\cJ", 0, "\n", "\n"},
    {"[\\b]", 0, "\b", "\b"},
    /* quantifiers, alternation */
    {"a{2,3}", 0, "aaaa", "aaa"},
    {"a{2,3}?", 0, "aaaa", "aa"},
    {"a{3,2}", 0, "a", "error"},
    {"a|ab", 0, "abc", "a"},
    {"((a)|(ab))((c)|(bc))", 0, "abc", "abc,a,a,<u>,bc,<u>,bc"},
    {"a[a-z]{2,4}?", 0, "abcdefghi", "abc"},
    {"x*", 0, "", ""},
    {"(?:)*", 0, "", ""},
    /* ignoreCase (exact for ASCII input), modifiers */
    {"ABC", 1, "abc", "abc"},
    {"[A-Z]+", 1, "abcXYZ", "abcXYZ"},
    {"\\u212A", 1, "k", "k"},
    {"[^a]", 1, "A", "null"},
    {"\\w+", 1, "Ab_9", "Ab_9"},
    {"(?i:a)b", 0, "Ab", "Ab"},
    {"(?i:a)b", 0, "AB", "null"},
    {"(?-i:a)b", 1, "AB", "null"},
    {"(?ii:a)", 0, "a", "error"},
    {"(?-:a)", 0, "a", "error"},
    /* assertions, code points */
    {"\\bfoo\\b", 0, "a foo b", "foo"},
    {"^.$", 0, "\n", "null"},
    {"(?s:^.$)", 0, "\n", "\n"},
    {"\\u{1F600}", 0, "x\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80"},
    {"^.$", 0, "\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80"},
    {"\\uD83D\\uDE00", 0, "\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80"},
    {"$a", 0, "a", "null"},
    /* Unicode property escapes (Unicode 17.0, uprops.h) */
    {"^\\p{Script=Greek}+$", 0, "\xCE\xB1\xCE\xB2", "\xCE\xB1\xCE\xB2"},
    {"\\p{Lu}", 0, "a\xC3\x80", "\xC3\x80"},
    {"^\\P{L}$", 0, "\xCE\xB1", "null"},
    {"^\\p{scx=Deva}$", 0, "\xE0\xA5\x91", "\xE0\xA5\x91"},
    {"^\\p{sc=Deva}$", 0, "\xE0\xA5\x91", "null"},
    {"^[\\p{L}--\\p{ASCII}]$", 0, "a", "null"},
    {"^\\p{Any}$", 0, "\xF4\x8F\xBF\xBF", "\xF4\x8F\xBF\xBF"},
    {"\\p{RGI_Emoji}", 0, "x", "error"},
    {"[^\\p{L}]", 0, "a1", "1"},
    {"\\p{Letter", 0, "x", "error"},
    {"\\p", 0, "x", "error"},
    /* the step limit */
    {"(?:a*)*b", 0, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", "limit"},
    /* group names of Unicode 16.0 (U+1C89) and 17.0 (U+088F, U+0C5C) letters */
    {"(?<\u1C89>v)(?<x\u0C5C>w)", 0, "vw", "vw,v,w"},
    {"(?<\u088F>v)\\k<\u088F>", 0, "vv", "vv,v"},
    /* memoized (issue 34): loops whose iterations cannot be empty */
    {"(a+)+b", 0, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", "null"},
    {"(?:a|a)*$", 0, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", ""},
    {"^((?:[^]+?)*)\\/data\\.parquet$", 0, "/warehouse/sales/year=2024/month=05/part-0001.csv", "null"},
    {"^((?:[^]+?)+)-end$", 0, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-en", "null"},
    {"^(?:-((?:[^]+?)(?:-(?:[^]+?))*))?x$", 0, "-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z-", "null"},
};

static void regex_case(const char *re, int flags, const char *in, const char *want) {
  pat_regex *r;
  char err[128], got[512] = "";
  int rc = pat_regex_compile(re, strlen(re), flags, &url_mem_libc, &r, err, sizeof err);
  if (rc != URL_OK) {
    snprintf(got, sizeof got, "%s", rc == URL_FAILURE ? "error" : "nomem");
  } else {
    long caps[512];
    rc = pat_regex_slots(r) > 512 ? URL_TOOBIG
                                  : pat_regex_exec(r, in, strlen(in), caps, 1000000);
    if (rc == URL_FAILURE) {
      strcpy(got, "null");
    } else if (rc == URL_STEP_LIMIT) {
      strcpy(got, "limit");
    } else if (rc == URL_OK) {
      size_t k = 0;
      for (int g = 0; g <= pat_regex_groups(r) && k < sizeof got; g++) {
        if (caps[2 * g] < 0)
          k += (size_t)snprintf(got + k, sizeof got - k, "%s<u>", g ? "," : "");
        else
          k += (size_t)snprintf(got + k, sizeof got - k, "%s%.*s", g ? "," : "",
                                (int)(caps[2 * g + 1] - caps[2 * g]), in + caps[2 * g]);
      }
    }
    pat_regex_free(r);
  }
  char what[1400];
  snprintf(what, sizeof what, "regex /%s/%s on \"%s\": got %s, expected %s", re,
           flags ? "vi" : "v", in, got, want);
  check_named(!strcmp(got, want), what);
}

/* --------------------------------- our own: the engine's shortcuts */

/*
** The shortcuts of the compiled program (regex.h, PAT_RE_UNTUNED: runs of
** literal characters as one op, quantifiers that never give back, skipping
** positions where what follows cannot start, the straight-line matcher)
** must give what the plain program gives: the same match, or none, with
** the same captures.  For each regular expression of the WPT patterns,
** of REGEX_CASES and of SHORTCUT_CASES (shapes the shortcuts apply to, or
** nearly do), pseudo-random inputs built from its own literal characters
** and from characters that fold, are line terminators or are not ASCII.
*/
static const char *const SHORTCUT_CASES[] = {
    "^(.*)\\.example\\.com$", "^(?:([^\\.]+?))\\.example\\.com$",
    "^(?:\\/([^\\/]+?))\\.html$", "^\\/products(?:\\/([^\\/]+?))?$",
    "^(?:\\/([^\\/]+?))(?:\\/(.*))$", "^(.*)$", "^(.*?)$", "^([^\\/]+?)$",
    "^(.*)x(.*)$", "^(.*?)x(.*?)$", "^([a-z]+)([a-z0-9]*)$", "^([a-z]+?)(\\d+)$",
    "^(\\w+)\\b(.*)$", "^([^k]+)k$", "^([^s]*)s$", "^(.+)[sk]$", "^([^\\n]*)$",
    "^(a{2,3})(a*)$", "^(a{2,3}?)(a*?)$", "^(.{1,2}?)(.{1,2})$", "^([^\\/]*)(?=\\/)",
    "^(?:ab|a)(b*)c$", "([^\\/]+?)\\/", "(.*)\\.(.*)", "x*?y", "^(.*)(?<=\\.)(.*)$",
    "^(?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*$", "^(é+)(.*)$", "^([^é]*)é$", "^(.*)\\u2028$",
    "^abc$", "^a(b)c$", "^abcdefgh(i)jk$", "^(?:abc|abd)$", "abc", "^(?i:abc)k$",
    /* a character only folding makes common to both sides */
    "^([A-Z]+)(?i:a)$", "^([^a]+)(?i:A)$", "^(\\u212A+)(?i:k)$", "^([^s]+)(?i:s)$",
    "^(.*)(?i:K)(.*)$", "^(k+)(?-i:\\u212A)$",
    /* what follows: optional, a line end under m, the same character */
    "^(a*)(b*)a$", "^(a+?)(b*?)(a*)$", "^([^a]*?)(?m:$)", "^([^a]*)(?m:$)(.*)$",
    "^(a+)a$", "^(a{2,3}?)(a*?)$", "^(\\/+?)\\/(.*)$",
    /* what follows starts with a character that is not ASCII */
    "^(.*)é$", "^(.*)\\u212A(.*)$", "^(.+?)é", "^(.*)(?:é|x)$", "^(.*)[à-ÿ]$",
    "^(.*?)\\u{1F600}(.*)$",
    /* `?` of what cannot match the empty string, and of what can */
    "^\\/products(?:\\/([^\\/]+?))?$", "^(a*)?$", "^(?:(a)|b)?c$", "^(?:x(a*))?(.*)$",
    "^(?:(a)?b)+$", "^(a)?\?(a*)$", "^(?:(a)|())?(a*)$", "(?<=(a)?)b", "^(?:(?=a)a)?(.*)$",
    /* fixed text up to the end after a quantifier */
    "^(.{2,3})ab$", "^(.*?)abc$", "^(.*)(a)$", "^(.+)kx$", "^(.*)\\.$", "^(.*)s$",
    "^(.?)ab$", "^(a{2,4})(?:a)$", "^([^\\/]*)(?:\\/x)$", "^(.*)(?=x)x$", "^(.*)x(?m:$)",
    "^(\\w*)a\\b$", "a(.*)xy$", "^(.*)\\/(?:y)$", "^(.*)ab", "(.+?)x",
    /* memoization (issue 34): the URL Pattern Standard's own shapes, loops
       whose iterations cannot be empty (memo points) and ones that can,
       nested, counted, lazy, with groups reset at each iteration */
    "^((?:[^]+?)*)\\/data\\.parquet$", "^((?:[^]+?)+)-end$", "^((?:[^\\/]+?)*)$",
    "^(?:\\/((?:[^]+?)(?:\\/(?:[^]+?))*))?\\/x$", "^((?:.*)*)a\\.b$",
    "^(?:-((?:[^]+?)(?:-(?:[^]+?))*))?(?:-((?:[^]+?)(?:-(?:[^]+?))*))?x$",
    "^(?:a|a)*b$", "^(?:(a)|b)*c$", "^(?:(?:a[^]+?)*b)*$", "^(?:a*b?)*c$", "^(?:x+?y|x)*$",
    "^(?:a[^]*?)+a$", "^(?:(a)[^]*)+?(.*)$", "^(?:ab|a){2,}b$", "^(?:(a+)b?)*$",
    "^(?:(?:a|b)+?c)*(.*)$", "(?:a[^]+?)*x", "^(?:[^]+?(?:\\/|-))*?(.+)$",
    /* a REPEAT tried again at each position of a run: greedy, possessive,
       before fixed text up to the end, lazy, in a loop */
    "^(.*)a(.*)b$", "^([^\\/]*)([^\\/]*)x$", "^(.*)a(.*)xyz$", "^(.*?)a(.*?)b$",
    "^(?:a(.*))*$", "^(?:[^\\/]*\\/)*(.*)$", "^(?:x[^x]*)+y$", "^([^\\/]+?)([^\\/]+?)\\/end$",
    "^(.*)(.*)(.*)a$", "(.+)(.+)x", "^(?:(a*)b)*(a*)$", "^(é*)(.*)é$", "^(.*)a(.{2,})$",
};

static uint64_t prng_state = 0x9E3779B97F4A7C15u;
static unsigned prng(unsigned n) {
  prng_state ^= prng_state << 13;
  prng_state ^= prng_state >> 7;
  prng_state ^= prng_state << 17;
  return (unsigned)(prng_state % n);
}

/* Tokens inputs are made of: those below, and the literal runs of the
   regular expression (letters, digits and the punctuation URLs use). */
static const char *const TOKENS[] = {
    "/", ".", "a", "A", "b", "k", "K", "s", "S", "x", "y", "1", "-", "_", " ",
    "\n", "\r", "\xE2\x84\xAA" /* U+212A */, "\xC5\xBF" /* U+017F */,
    "\xC3\xA9" /* é */, "\xE2\x80\xA8" /* U+2028 */, "\xF0\x9F\x98\x80"};

/* Its literal runs: "example", "com", "products", ... */
static int literal_runs(const char *re, char runs[][32], int max) {
  int n = 0;
  for (const char *p = re; *p && n < max;) {
    if (*p == '\\' && p[1]) { /* an escape is its own run: "\\." is "." */
      if (strchr("./-_", p[1])) {
        runs[n][0] = p[1];
        runs[n++][1] = 0;
      }
      p += 2;
      continue;
    }
    size_t k = 0;
    while ((p[k] >= 'a' && p[k] <= 'z') || (p[k] >= 'A' && p[k] <= 'Z') ||
           (p[k] >= '0' && p[k] <= '9'))
      k++;
    if (k && k < 32) {
      memcpy(runs[n], p, k);
      runs[n++][k] = 0;
    }
    p += k ? k : 1;
  }
  return n;
}

/* The same result, tuned (memo: memoizing from the first step,
   PAT_RE_MEMO_NOW, or 0) and untuned, on every input: 1, else prints the
   first difference.  (Memoized, a match may end where the plain program
   reaches the step limit: by default the tuned program memoizes too, once
   it backtracked PAT_MEMO_AFTER steps.) */
static int same_both_ways(const char *src, size_t src_n, int flags, int memo) {
  pat_regex *tuned, *plain;
  char err[128];
  int rt = pat_regex_compile(src, src_n, flags | memo, &url_mem_libc, &tuned, err, sizeof err);
  int rp = pat_regex_compile(src, src_n, flags | PAT_RE_UNTUNED, &url_mem_libc,
                             &plain, err, sizeof err);
  if (rt != URL_OK || rp != URL_OK) {
    if (rt == URL_OK) pat_regex_free(tuned);
    if (rp == URL_OK) pat_regex_free(plain);
    return rt == rp; /* both errors */
  }
  char runs[16][32];
  const char *tok[64];
  size_t ntok = 0;
  int ok = 1;
  for (size_t i = 0; i < sizeof TOKENS / sizeof TOKENS[0]; i++) tok[ntok++] = TOKENS[i];
  size_t nruns = (size_t)literal_runs(src, runs, 16);
  for (size_t i = 0; i < nruns; i++) tok[ntok++] = runs[i];
  /* each token 1-4 times; each pair of tokens, each once or twice (ab,
     aab, abb, aabb); then random sequences, the regular expression's
     literal runs twice as likely as the other tokens */
  size_t singles = 4 * ntok, pairs = 4 * ntok * ntok;
  for (size_t t = 0; t < singles + pairs + 600 && ok; t++) {
    size_t pick[8], np = 0;
    if (t < singles) {
      while (np <= t % 4) pick[np++] = t / 4;
    } else if (t < singles + pairs) {
      size_t u = t - singles, x = u / 4 % ntok, y = u / 4 / ntok;
      pick[np++] = x;
      if (u & 1) pick[np++] = x;
      pick[np++] = y;
      if (u & 2) pick[np++] = y;
    } else {
      for (unsigned k = prng(9); k > 0; k--) {
        size_t r = prng((unsigned)(ntok + nruns));
        pick[np++] = r < ntok ? r : ntok - nruns + (r - ntok);
      }
    }
    char in[256];
    size_t n = 0;
    for (size_t i = 0; i < np; i++) {
      size_t k = strlen(tok[pick[i]]);
      if (n + k < sizeof in) memcpy(in + n, tok[pick[i]], k), n += k;
    }
    int ng = pat_regex_groups(tuned);
    long a[256], b[256];
    if (pat_regex_slots(tuned) > 256 || pat_regex_slots(plain) > 256) break;
    int x = pat_regex_exec(tuned, in, n, a, 1000000);
    int y = pat_regex_exec(plain, in, n, b, 1000000);
    ok = x == y || y == URL_STEP_LIMIT;
    for (int g = 0; ok && x == URL_OK && y == URL_OK && g < 2 * (ng + 1); g++)
      ok = a[g] == b[g];
    if (!ok) {
      printf("FAIL regex /%.*s/%s on \"", (int)src_n, src, flags & PAT_RE_ICASE ? "vi" : "v");
      fwrite(in, 1, n, stdout);
      printf("\": tuned gives %d, untuned %d", x, y);
      for (int g = 0; x == URL_OK && y == URL_OK && g < 2 * (ng + 1); g++)
        printf(" [%d] %ld/%ld", g, a[g], b[g]);
      printf("\n");
    }
  }
  pat_regex_free(tuned);
  pat_regex_free(plain);
  return ok;
}

static void tuned_vs_untuned(void) {
  int total = 0, ok = 0;
  for (int memo = 0; memo <= PAT_RE_MEMO_NOW; memo += PAT_RE_MEMO_NOW) {
    for (int i = 0; i < n_kept; i++, total++)
      ok += check(same_both_ways(kept[i].src, kept[i].n, kept[i].flags, memo));
    for (size_t i = 0; i < sizeof REGEX_CASES / sizeof REGEX_CASES[0]; i++, total++)
      ok += check(same_both_ways(REGEX_CASES[i].re, strlen(REGEX_CASES[i].re),
                                 REGEX_CASES[i].flags, memo));
    for (size_t i = 0; i < sizeof SHORTCUT_CASES / sizeof SHORTCUT_CASES[0]; i++)
      for (int f = 0; f < 2; f++, total++)
        ok += check(same_both_ways(SHORTCUT_CASES[i], strlen(SHORTCUT_CASES[i]),
                                   f ? PAT_RE_ICASE : 0, memo));
  }
  for (int i = 0; i < n_kept; i++) free(kept[i].src);
  printf("regular expressions matched tuned (and memoized) and untuned alike: %d/%d\n",
         ok, total);
}

/* ------------------------------------------------- bounded work (issue 27) */

/* An allocator that counts its allocations (a test's own counter). */
static unsigned long n_allocs;
static void *count_alloc(size_t n) { n_allocs++; return malloc(n ? n : 1); }
static void *count_resize(void *q, size_t n) { n_allocs++; return realloc(q, n ? n : 1); }
static const url_allocator mem_counted = {.alloc = count_alloc,
                                          .resize = count_resize,
                                          .release = free};

/* s repeated k times after head and before tail, in a malloc'd string. */
static char *repeat(const char *head, const char *s, size_t k, const char *tail) {
  size_t h = strlen(head), n = strlen(s), t = strlen(tail);
  char *out = malloc(h + n * k + t + 1);
  memcpy(out, head, h);
  for (size_t i = 0; i < k; i++) memcpy(out + h + n * i, s, n);
  memcpy(out + h + n * k, tail, t + 1);
  return out;
}

/* Compiles re, runs it on in with the step budget max, returns its status
   (URL_FAILURE for a pattern that does not compile: -1) and the
   allocations the match made in *allocs. */
static int budget_run(const char *re, const char *in, size_t max,
                      unsigned long *allocs) {
  pat_regex *r;
  char err[128];
  if (pat_regex_compile(re, strlen(re), 0, &mem_counted, &r, err, sizeof err) != URL_OK)
    return -1;
  long *caps = malloc(pat_regex_slots(r) * sizeof *caps);
  unsigned long before = n_allocs;
  int rc = pat_regex_exec(r, in, strlen(in), caps, max);
  if (allocs) *allocs = n_allocs - before;
  free(caps);
  pat_regex_free(r);
  return rc;
}

static void bounded_work(void) {
  unsigned long allocs;
  /* 16 optional groups (loops: two registers each) and a lookahead: no
     allocation while matching (the registers are the caller's slots, the
     lookahead keeps an undo log, not a copy of the captures) */
  char *re = repeat("^(?=a)", "(a?)?", 16, "$"), *in = repeat("", "a", 16, "");
  int rc = budget_run(re, in, 0, &allocs);
  check_named(rc == URL_OK && allocs == 0,
              "16 optional groups and a lookahead match without allocating");
  free(re);
  free(in);
  /* a backreference's characters are steps: (a+)\k<g>b on 4000 a's
     compares about n^2/2 characters, past a budget of 10^6 */
  re = "^(?<g>a+)\\k<g>b";
  in = repeat("", "a", 4000, "");
  check_named(budget_run(re, in, 1000000, NULL) == URL_STEP_LIMIT,
              "a backreference's compared characters count as steps");
  check_named(budget_run(re, in, 100000000, NULL) == URL_FAILURE,
              "a backreference with budget enough runs to its end");
  free(in);
  /* a loop's reset of 250 groups is work: 10000 iterations of it are over
     a budget of 10^6 steps */
  re = repeat("^(?:a|", "(b)", 250, ")*$");
  in = repeat("", "a", 10000, "c");
  check_named(budget_run(re, in, 1000000, NULL) == URL_STEP_LIMIT,
              "resetting a loop's groups counts a step per group");
  free(re);
  free(in);
  /* a lookahead's captures cost what changed, not the number of groups:
     (?=(a))a... with 250 groups after it, on 20000 characters */
  re = repeat("^(?:(?=(a))a)*", "(b)?", 250, "c");
  in = repeat("", "a", 20000, "c");
  check_named(budget_run(re, in, 1000000, NULL) == URL_OK,
              "a lookahead's work does not grow with the number of groups");
  free(re);
  free(in);
  /* one notion of special scheme: the list is core's special schemes */
  int all_special = 1;
  for (size_t i = 0; i < 6; i++)
    all_special &= pat_is_special_scheme(pat_special_schemes[i], strlen(pat_special_schemes[i]));
  check_named(all_special && !pat_is_special_scheme("wss2", 4),
              "pat_special_schemes are core's special schemes");
  /* the program dump shows the tuner's choices */
  pat_regex *r;
  char derr[64];
  if (pat_regex_compile("^(a+)b$", 7, 0, &url_mem_libc, &r, derr, sizeof derr) == URL_OK) {
    url_buf d;
    url_buf_init(&d, &url_mem_libc, NULL, 0, (size_t)1 << 20);
    pat_regex_dump(r, &d);
    url_buf_putc(&d, 0);
    check_named(!d.err && strstr(d.ptr, "REPEAT min=1 max=-1 possessive follow-map of CHAR 97") &&
                    strstr(d.ptr, "linear") && strstr(d.ptr, "SAVE 2"),
                "the program dump of ^(a+)b$");
    url_buf_free(&d);
    pat_regex_free(r);
  } else {
    check_named(0, "^(a+)b$ compiles");
  }
  /* the bounds: 255 capturing groups, in a regular expression and in a
     pattern's parts */
  re = repeat("^", "(a)", 256, "$");
  check_named(budget_run(re, "a", 0, NULL) == -1, "256 groups are too many");
  re[1 + 3 * 255] = '$', re[2 + 3 * 255] = 0;
  check_named(budget_run(re, "a", 0, NULL) == URL_FAILURE, "255 groups are allowed");
  free(re);
  pat_input pin = {.is_init = 1};
  char *path = malloc(256 * 8 + 1);
  size_t k = 0;
  for (int i = 0; i < 256; i++) k += (size_t)sprintf(path + k, "/:g%d", i);
  pin.init.c[PAT_PATHNAME] = (url_str){path, k};
  url_pattern *up = NULL;
  char err[256] = "";
  rc = url_pattern_create(&up, &pin, NULL, 0, 0, &url_mem_libc, err, sizeof err);
  check_named(rc == URL_FAILURE && strstr(err, "too many groups"),
              "a pattern of 256 named groups is too many");
  if (rc == URL_OK) url_pattern_free(up);
  free(path);
}

/* ------------------------------------- what matching a URL relies on */

/*
** url_pattern_match_url and url_pattern_test_url take a component of a
** URL record to be ASCII without CR or LF (so "*" matches it without a
** look, and `.` any character of it): the parser removes tabs and
** newlines and percent-encodes the rest.  Every URL urltestdata.json and
** the inputs below parse to, href and so every component, must be so.
*/
static const char *const DIRTY_INPUTS[] = {
    "https://a/\xE2\x80\xA8\n\r\tx?\xE2\x80\xA9#\xE2\x80\xA8\r",
    "a:\xE2\x80\xA8 b\n\xC2\x85", "https://us\ner:pa\rss@h\no.st:8\n0/p",
    "non-spec://h\xE2\x80\xA8ost/\xC2\x85", "https://\xE2\x84\xAA.example/\xC5\xBF",
    "javascript:\nalert(1)\r\xE2\x80\xA8", "file:///C:/\xE2\x80\xA9/x#\n",
};

static int clean_href(const char *in, size_t n, const url *base, char *why,
                      size_t cap) {
  char st[512];
  url u;
  url_init(&u, &url_mem_libc, st, sizeof st, (size_t)1 << 24);
  int ok = 1;
  if (url_parse(&u, in, n, base) == URL_OK) {
    url_str h = url_href(&u);
    for (size_t i = 0; i < h.n && ok; i++)
      if ((unsigned char)h.s[i] >= 0x80 || h.s[i] == '\n' || h.s[i] == '\r') {
        ok = 0;
        snprintf(why, cap, "href %.*s: byte %zu is 0x%02X", (int)h.n, h.s, i,
                 (unsigned char)h.s[i]);
      }
  }
  url_free(&u);
  return ok;
}

static void url_components_clean(const char *dir) {
  char path[4096], why[600] = "";
  int total = 0, ok = 0;
  shared_file_in(path, sizeof path, dir, "urltestdata.json");
  json_value *root = json_parse_file(path);
  for (size_t i = 0; root && i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    size_t n, bn;
    const char *in = json_str(json_get(c, "input"), &n);
    const char *b = json_str(json_get(c, "base"), &bn);
    if (!in || url_utf8_valid_prefix((const unsigned char *)in, n) != n) continue;
    char st[512];
    url base;
    url_init(&base, &url_mem_libc, st, sizeof st, (size_t)1 << 24);
    int have_base = b && url_utf8_valid_prefix((const unsigned char *)b, bn) == bn &&
                    url_parse(&base, b, bn, NULL) == URL_OK;
    total++;
    int good = clean_href(in, n, have_base ? &base : NULL, why, sizeof why);
    ok += good;
    if (!check(good)) printf("FAIL urltestdata.json case %zu: %s\n", i, why);
    url_free(&base);
  }
  json_free(root);
  for (size_t i = 0; i < sizeof DIRTY_INPUTS / sizeof DIRTY_INPUTS[0]; i++) {
    total++;
    int good = clean_href(DIRTY_INPUTS[i], strlen(DIRTY_INPUTS[i]), NULL, why, sizeof why);
    ok += good;
    if (!check(good)) printf("FAIL input %zu: %s\n", i, why);
  }
  check_named(total > 100, "urltestdata.json: not found or empty");
  printf("URLs whose components are ASCII without CR or LF: %d/%d\n", ok, total);
}

/* ------------------------------------------------ our own: patterns */

/* A pattern (SQL text: constructor string or JSON), an input (URL string
   or JSON), and the expected match: "null", "error" (the pattern), or the
   groups "component:name=value ..." ("name=<u>" unset), "" for a match
   without groups. */
static const struct {
  const char *pattern, *input, *want;
} PATTERN_CASES[] = {
    /* the URL Pattern Standard's introduction */
    {"https://example.com/:category/*", "https://example.com/products/",
     "username:0= password:0= pathname:category=products pathname:0= search:0= hash:0="},
    {"https://example.com/:category/*", "https://example.com/blog/our-greatest-product-ever",
     "username:0= password:0= pathname:category=blog pathname:0=our-greatest-product-ever "
     "search:0= hash:0="},
    {"https://example.com/:category/*", "https://example.com/", "null"},
    {"https://example.com/:category/*", "http://example.com/products/", "null"},
    {"https://example.com/:category/*", "https://example.com:8443/blog/x", "null"},
    {"http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews",
     "https://kathryn@voyager.shop.example/products/74656#reviews",
     "username:0=kathryn password:0= hostname:subdomain=voyager pathname:id=74656"},
    {"http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews",
     "https://shop.example/products/74205#reviews",
     "username:0= password:0= hostname:subdomain=<u> pathname:id=74205"},
    {"http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews",
     "https://shop.example/products/chair#reviews", "null"},
    {"[\"../admin/*\", \"https://discussion.example/forum/?page=2\"]",
     "https://edd:librarian@discussion.example/admin/update?id=1",
     "username:0=edd password:0=librarian pathname:0=update search:0=id=1 hash:0="},
    {"{\"pathname\": \"/books/:id\"}", "https://example.com/books/42?x#y",
     "protocol:0=https username:0= password:0= hostname:0=example.com port:0= "
     "pathname:id=42 search:0=x hash:0=y"},
    {"{\"pathname\": \"/BOOKS/:id\", \"ignoreCase\": true}", "{\"pathname\": \"/books/7\"}",
     "protocol:0= username:0= password:0= hostname:0= port:0= pathname:id=7 search:0= hash:0="},
    {"[\"https://a.example/:x\", {\"ignoreCase\": true}]", "HTTPS://A.EXAMPLE/Q",
     "username:0= password:0= pathname:x=Q search:0= hash:0="},
    {"https://example.com/:x((?:a*)*b)", "https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", "limit"},
    /* issue 34: the Standard's own expressions match in linear time */
    {"https://example.com/:x((?:a|a)*b)", "https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", "null"},
    {"s3://my-bucket/:prefix*/data.parquet",
     "s3://my-bucket/warehouse/sales/year=2024/month=05/part-0001.csv", "null"},
    {"s3://my-bucket/:prefix*/data.parquet",
     "s3://my-bucket/warehouse/sales/year=2024/data.parquet",
     "username:0= password:0= pathname:prefix=warehouse/sales/year=2024 search:0= hash:0="},
    {"myapp://host/:path*/edit", "myapp://host/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/x", "null"},
    {"myapp://host/:path*/edit", "myapp://host/a/b/edit",
     "username:0= password:0= pathname:path=a/b search:0= hash:0="},
    {"{\"hash\": \":h+-end\"}", "https://a/#aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-en", "null"},
    {"{\"hash\": \":h+-end\"}", "https://a/#a-end-end",
     "protocol:0=https username:0= password:0= hostname:0=a port:0= pathname:0=/ search:0= hash:h=a-end"},
    {"{\"pathname\": \"**a.b\"}", "https://example.com/ac/caf%C3%A9/books/café?q=1", "null"},
    {"{\"pathname\": \"**a.b\"}", "https://example.com/ac/café/a.b",
     "protocol:0=https username:0= password:0= hostname:0=example.com port:0= pathname:0=/ac/caf%C3%A9/ search:0= hash:0="},
    {"{\"hash\": \"{-:b}*x\"}", "https://a/#-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z-", "null"},
    {"{\"hash\": \"{-:b}*{-:c}*x\"}", "https://a/#-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-x",
     "protocol:0=https username:0= password:0= hostname:0=a port:0= pathname:0=/ search:0= "
     "hash:b=a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y- hash:c=<u>"},
    {"/relative/:x", "https://a/relative/1", "error"},
    {"[\"https://a/*\", \"https://b/\"]", "https://a/",
     "username:0= password:0= pathname:0= search:0= hash:0="},
    {"{https}://a/:x", "https://a/1", "username:0= password:0= pathname:x=1 search:0= hash:0="},
    {"{\"port\": \"443*\", \"protocol\": \"https\"}", "https://a:4430/",
     "username:0= password:0= hostname:0=a port:0=0 pathname:0=/ search:0= hash:0="},
};

/* The groups of a match written as PATTERN_CASES's want. */
static void describe(const url_pattern *p, const pat_match *m, char *out, size_t cap) {
  size_t k = 0;
  out[0] = 0;
  for (int c = 0; c < PAT_N; c++)
    for (int g = 0; g < url_pattern_group_count(p, (pat_component)c); g++) {
      url_str name = url_pattern_group_name(p, (pat_component)c, g);
      long s = m->caps[c][2 + 2 * g], e = m->caps[c][3 + 2 * g];
      if (k < cap)
        k += (size_t)snprintf(out + k, cap - k, "%s%s:%.*s=%.*s", k ? " " : "",
                              pat_component_names[c], (int)name.n, name.s,
                              s < 0 ? 3 : (int)(e - s), s < 0 ? "<u>" : m->input[c].s + s);
    }
}

/*
** A pattern or input written as SQL takes it (ext/pattern.c reads that
** text; sql-tests/pattern.sql tests its errors): a JSON object is a
** URLPatternInit (with "ignoreCase" for a pattern), a JSON array the
** constructor's [input, baseURL?, options?], anything else a string.
*/
static void args_of(const char *text, pat_input *in, url_str *base,
                    int *ignore_case, json_value **doc) {
  *base = (url_str){NULL, 0};
  *ignore_case = 0;
  *doc = (text[0] == '{' || text[0] == '[') && text[1] == '"'
             ? json_parse(text, strlen(text), "case")
             : NULL;
  const json_value *v = *doc, *opts = NULL;
  if (v && v->type == JSON_ARRAY) {
    const json_value *b = json_at(v, 1);
    if (json_is_string(b)) *base = (url_str){b->str, b->len};
    opts = json_is_string(b) ? json_at(v, 2) : b;
    v = json_at(v, 0);
  } else {
    opts = v;
  }
  if (v) to_input(v, in);
  else *in = (pat_input){.string = {text, strlen(text)}};
  const json_value *ic = json_get(opts, "ignoreCase");
  *ignore_case = ic && ic->type == JSON_TRUE;
}

static void pattern_case(const char *pattern, const char *input, const char *want) {
  url_pattern *p;
  char err[256], got[1024] = "", sst[256], ust[256], bst[256];
  pat_input pin, in;
  url_str base;
  int icase, unused;
  json_value *pdoc, *idoc;
  args_of(pattern, &pin, &base, &icase, &pdoc);
  int rc = url_pattern_create(&p, &pin, base.s, base.n, icase, &url_mem_libc,
                              err, sizeof err);
  if (rc != URL_OK) {
    snprintf(got, sizeof got, "error");
  } else {
    long slots[256];
    pat_match m = {.slots = slots};
    url_init(&m.u, &url_mem_libc, ust, sizeof ust, (size_t)1 << 24);
    url_init(&m.base, &url_mem_libc, bst, sizeof bst, (size_t)1 << 24);
    url_buf_init(&m.store, &url_mem_libc, sst, sizeof sst, (size_t)1 << 24);
    args_of(input, &in, &base, &unused, &idoc);
    rc = url_pattern_slots(p) <= 256
             ? url_pattern_match(p, &in, NULL, 0, 100000, &m)
             : URL_TOOBIG;
    if (rc == URL_OK) describe(p, &m, got, sizeof got);
    else snprintf(got, sizeof got, "%s", rc == URL_FAILURE ? "null" : rc == URL_STEP_LIMIT ? "limit" : "other");
    json_free(idoc);
    url_free(&m.u);
    url_free(&m.base);
    url_buf_free(&m.store);
    url_pattern_free(p);
  }
  json_free(pdoc);
  char what[2048];
  snprintf(what, sizeof what, "pattern %s on %s: got \"%s\", expected \"%s\"%s%s",
           pattern, input, got, want, strcmp(got, "error") ? "" : ": ",
           strcmp(got, "error") ? "" : err);
  check_named(!strcmp(got, want), what);
}

/* Error messages quote at most 100 bytes of a pattern, in whole UTF-8
   characters (the SQL functions report them; they must be valid UTF-8). */
static void error_quotes_whole_characters(void) {
  char host[200] = "a", err[256];
  for (int i = 0; i < 60; i++) strcat(host, "\xc3\xa9"); /* é, odd offset */
  strcat(host, " x");
  pat_input in = {.is_init = 1};
  in.init.c[PAT_HOSTNAME] = (url_str){host, strlen(host)};
  url_pattern *p = NULL;
  int rc = url_pattern_create(&p, &in, NULL, 0, 0, &url_mem_libc, err,
                              sizeof err);
  size_t n = strlen(err);
  check_named(rc == URL_FAILURE &&
                  url_utf8_valid_prefix((const unsigned char *)err, n) == n,
              "an error quoting a cut pattern is not valid UTF-8");
  if (rc == URL_OK) url_pattern_free(p);
}

int main(int argc, char **argv) {
  run_wpt(argc > 1 ? argv[1] : "wpt");
  error_quotes_whole_characters();
  int before = passed + failed;
  for (size_t i = 0; i < sizeof REGEX_CASES / sizeof REGEX_CASES[0]; i++)
    regex_case(REGEX_CASES[i].re, REGEX_CASES[i].flags, REGEX_CASES[i].in,
               REGEX_CASES[i].want);
  for (size_t i = 0; i < sizeof PATTERN_CASES / sizeof PATTERN_CASES[0]; i++)
    pattern_case(PATTERN_CASES[i].pattern, PATTERN_CASES[i].input,
                 PATTERN_CASES[i].want);
  printf("own regular expression and pattern cases: %d\n", passed + failed - before);
  tuned_vs_untuned();
  bounded_work();
  url_components_clean(argc > 1 ? argv[1] : "wpt");
  return check_summary();
}
