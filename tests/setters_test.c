/*
** URL API setters: ../shared/wpt/setters_tests.json (every setter, every case,
** every expected getter), and the cases of WPT's url-setters-stripping.any.js
** (restated below as a generator: leading, middle and trailing U+0000,
** U+0009, U+000A, U+000D and U+001F per setter, for a special and a
** non-special scheme).  Prints mismatches and "N passed, N failed".
**
** Usage: setters_test   (from the repo root; SHARED_DIR: tests/shared_data.h)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "shared_data.h"
#include "json.h"
#include "mem_libc.h"
#include "parse.h"
#include "setters.h"

/* Parses href, sets `setter` to value; returns 0 and the URL on success. */
static int run_setter(url *u, const char *href, size_t href_n,
                      const char *setter, const char *value, size_t n) {
  if (url_parse(u, href, href_n, NULL) != URL_OK) return -1;
  int c = url_component_lookup(setter, strlen(setter));
  if (c < 0) return -1;
  return url_set(u, (url_component)c, value, n) == URL_OK ? 0 : -1;
}

/* Compares getter `name` of u with expected; prints a mismatch. */
static int getter_is(const url *u, const char *name, const char *exp,
                     size_t exp_n, const char *label) {
  int c = url_component_lookup(name, strlen(name));
  if (c >= 0) {
    url_str got = url_get(u, (url_component)c);
    if (got.n == exp_n && !memcmp(got.s, exp, exp_n)) return 1;
    printf("FAIL %s: %s expected ", label, name);
    json_print_str(exp, exp_n);
    printf(" got ");
    json_print_str(got.s, got.n);
    printf("\n");
    return 0;
  }
  printf("FAIL %s: unknown getter %s\n", label, name);
  return 0;
}

static void run_json(const char *dir) {
  char path[4096];
  shared_file_in(path, sizeof path, dir, "setters_tests.json");
  json_value *root = json_parse_file(path);
  if (!root) {
    check(0);
    return;
  }
  int p0 = passed, f0 = failed;
  for (size_t k = 0; k < root->count; k++) {
    const char *setter = root->keys[k].str;
    if (!strcmp(setter, "comment")) continue;
    const json_value *cases = &root->items[k];
    for (size_t i = 0; i < json_len(cases); i++) {
      const json_value *t = json_at(cases, i);
      size_t hn, vn;
      const char *href = json_str(json_get(t, "href"), &hn);
      const char *value = json_str(json_get(t, "new_value"), &vn);
      const json_value *exp = json_get(t, "expected");
      char stack[128];
      url u;
      url_init(&u, &url_mem_libc, stack, sizeof stack, 1 << 20);
      char label[512];
      snprintf(label, sizeof label, "%s = \"%s\" on %s", setter, value, href);
      int ok = run_setter(&u, href, hn, setter, value, vn) == 0;
      if (!ok) printf("FAIL %s: setter failed\n", label);
      for (size_t j = 0; ok && j < exp->count; j++) {
        size_t en;
        const char *e = json_str(&exp->items[j], &en);
        ok = getter_is(&u, exp->keys[j].str, e, en, label);
      }
      check(ok);
      url_free(&u);
    }
  }
  printf("setters_tests.json: %d/%d\n", passed - p0, passed - p0 + failed - f0);
  json_free(root);
}

/* ----------------------------------------- url-setters-stripping.any.js */

typedef struct parts {
  const char *scheme, *username, *password, *host, *port, *pathname, *search,
      *hash;
} parts;

static void url_string(char *out, size_t cap, parts p) {
  snprintf(out, cap, "%s://%s:%s@%s:%s/%s?%s#%s", p.scheme, p.username,
           p.password, p.host, p.port, p.pathname, p.search, p.hash);
}

static const parts DEFAULTS = {"https", "username", "password", "host",
                               "8000",  "path",     "query",    "fragment"};

/* One stripping case: set `setter` to value[0..n) on urlString(scheme),
   expect getter value `exp_prop` and href urlString(expected parts). */
static void strip_case(const char *scheme, const char *setter, const char *value,
                       size_t n, const char *exp_prop, parts exp, const char *what) {
  parts start = DEFAULTS;
  start.scheme = scheme;
  char href[512], exp_href[512], label[256];
  url_string(href, sizeof href, start);
  url_string(exp_href, sizeof exp_href, exp);
  snprintf(label, sizeof label, "stripping: %s (%s:)", what, scheme);
  char stack[128];
  url u;
  url_init(&u, &url_mem_libc, stack, sizeof stack, 1 << 20);
  int ok = run_setter(&u, href, strlen(href), setter, value, n) == 0;
  if (!ok) printf("FAIL %s: setter failed\n", label);
  ok = ok && getter_is(&u, setter, exp_prop, strlen(exp_prop), label);
  ok = ok && getter_is(&u, "href", exp_href, strlen(exp_href), label);
  check(ok);
  url_free(&u);
}

static void run_stripping(void) {
  static const char *const schemes[] = {"https", "wpt++"};
  static const int cps[] = {0x00, 0x09, 0x0A, 0x0D, 0x1F};
  int p0 = passed, f0 = failed;
  for (int si = 0; si < 2; si++) {
    const char *scheme = schemes[si];
    int special = si == 0;
    for (int ci = 0; ci < 5; ci++) {
      int cp = cps[ci];
      int stripped = cp == 0x09 || cp == 0x0A || cp == 0x0D;
      char enc[4]; /* encodeURIComponent(cp) */
      snprintf(enc, sizeof enc, "%%%02X", cp);
      char raw[2] = {(char)cp, 0};
      char value[64], expv[64], what[128], prop[64];
      parts e = DEFAULTS;
      e.scheme = scheme;

      /* protocol: leading, and before the inserted colon */
      const char *proto = special ? "http" : "wpt--";
      const char *pexp = stripped ? proto : scheme;
      for (int before = 0; before < 2; before++) {
        size_t n = 0;
        if (!before) value[n++] = (char)cp;
        memcpy(value + n, proto, strlen(proto));
        n += strlen(proto);
        if (before) value[n++] = (char)cp;
        snprintf(prop, sizeof prop, "%s:", pexp);
        parts pe = e;
        pe.scheme = pexp;
        snprintf(what, sizeof what, "protocol with %s U+%04X",
                 before ? "before colon" : "leading", cp);
        strip_case(scheme, "protocol", value, n, prop, pe, what);
      }

      static const char *const kinds[] = {"leading", "middle", "trailing"};
      for (int k = 0; k < 3; k++) {
        /* input: "test" with cp at the start, middle or end */
        size_t n = 0;
        const char *t = "test";
        int at = k == 0 ? 0 : k == 1 ? 2 : 4;
        memcpy(value, t, (size_t)at);
        n = (size_t)at;
        value[n++] = (char)cp;
        memcpy(value + n, t + at, (size_t)(4 - at));
        n += (size_t)(4 - at);
        /* expected with cp encoded, or raw */
        char encpart[32], rawpart[32];
        snprintf(encpart, sizeof encpart, "%.*s%s%s", at, t, enc, t + at);
        snprintf(rawpart, sizeof rawpart, "%.*s%s%s", at, t, raw, t + at);

        /* username, password: no stripping at all */
        static const char *const creds[] = {"username", "password"};
        for (int q = 0; q < 2; q++) {
          parts pe = e;
          if (q == 0) pe.username = encpart;
          else pe.password = encpart;
          snprintf(what, sizeof what, "%s with %s U+%04X", creds[q], kinds[k], cp);
          strip_case(scheme, creds[q], value, n, encpart, pe, what);
        }

        /* host, hostname */
        const char *hexp = (cp == 0 || (special && cp == 0x1F)) ? "host"
                           : stripped ? "test"
                           : special  ? rawpart
                                      : encpart;
        parts pe = e;
        pe.host = hexp;
        snprintf(prop, sizeof prop, "%s:8000", hexp);
        snprintf(what, sizeof what, "host with %s U+%04X", kinds[k], cp);
        strip_case(scheme, "host", value, n, prop, pe, what);
        snprintf(what, sizeof what, "hostname with %s U+%04X", kinds[k], cp);
        strip_case(scheme, "hostname", value, n, hexp, pe, what);

        /* pathname, search, hash */
        static const char *const props[] = {"pathname", "search", "hash"};
        static const char seps[] = "/?#";
        for (int q = 0; q < 3; q++) {
          const char *x = stripped ? "test" : encpart;
          parts pq = e;
          if (q == 0) pq.pathname = x;
          if (q == 1) pq.search = x;
          if (q == 2) pq.hash = x;
          snprintf(expv, sizeof expv, "%c%s", seps[q], x);
          snprintf(what, sizeof what, "%s with %s U+%04X", props[q], kinds[k], cp);
          strip_case(scheme, props[q], value, n, expv, pq, what);
        }
      }

      /* port: leading, middle, trailing */
      static const char *const pin[3] = {"\x01" "9000", "90\x01" "00", "9000\x01"};
      const char *pexps[3] = {stripped ? "9000" : "8000", stripped ? "9000" : "90",
                              "9000"};
      for (int k = 0; k < 3; k++) {
        size_t n = strlen(pin[k]);
        memcpy(value, pin[k], n);
        for (size_t j = 0; j < n; j++)
          if (value[j] == 1) value[j] = (char)cp;
        parts pe = e;
        pe.port = pexps[k];
        snprintf(what, sizeof what, "port with %s U+%04X", kinds[k], cp);
        strip_case(scheme, "port", value, n, pexps[k], pe, what);
      }
    }
  }
  printf("url-setters-stripping: %d/%d\n", passed - p0, passed - p0 + failed - f0);
}

int main(void) {
  const char *dir = "wpt";
  run_json(dir);
  run_stripping();
  return check_summary();
}
