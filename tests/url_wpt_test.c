/*
** WPT URL parser conformance: ../shared/wpt/urltestdata.json through
** url_parse(), the way WPT's url-constructor.any.js and url-origin.any.js
** run it:
**
**   - each object is a case {input, base, href, origin?, protocol, username,
**     password, host, hostname, port, pathname, search, hash} or
**     {input, base, failure: true}; strings are comments;
**   - a non-null base is parsed first, without a base; if it fails the case
**     is expected to fail (new URL(input, base) throws);
**   - then input is parsed against the base (or none);
**   - failure: the parse must fail; otherwise href and every getter must
**     match, and origin (url_origin) when the case has one.
**
** JavaScript strings are USVStrings: tests/json.c decodes lone surrogates to
** U+FFFD, which keeps every input valid UTF-8 as url_parse requires.
**
** A case passes if all its fields match.  Prints each mismatch (input, base,
** field, expected, got), then "urltestdata.json: N/M cases" and the final
** line "N passed, N failed"; exits non-zero if any case failed.
**
** Usage: url_wpt_test   (from the repo root; SHARED_DIR: tests/shared_data.h)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "shared_data.h"
#include "json.h"
#include "mem_libc.h"
#include "parse.h"
#include "url.h"

#define MAX_LEN ((size_t)1 << 24)

/* Prints one mismatch; returns 1 (a count of failed fields). */
static int mismatch(const json_value *c, const char *field, const char *want,
                    size_t want_n, const char *got, size_t got_n) {
  size_t n;
  const char *s;
  fputs("FAIL input=", stdout);
  s = json_str(json_get(c, "input"), &n);
  json_print_str(s, n);
  fputs(" base=", stdout);
  s = json_str(json_get(c, "base"), &n);
  json_print_str(s, n);
  printf(" field=%s expected=", field);
  json_print_str(want, want_n);
  fputs(" got=", stdout);
  json_print_str(got, got_n);
  putchar('\n');
  return 1;
}

static const char *status_name(int rc) {
  switch (rc) {
    case URL_OK: return "ok";
    case URL_FAILURE: return "failure";
    case URL_NOMEM: return "out of memory";
    case URL_TOOBIG: return "too big";
    default: return "unknown status";
  }
}

typedef url_str (*getter)(const url *);
static const struct {
  const char *name;
  getter get;
} FIELDS[] = {
    {"href", url_href},         {"protocol", url_protocol},
    {"username", url_username}, {"password", url_password},
    {"host", url_host},         {"hostname", url_hostname},
    {"port", url_port},         {"pathname", url_pathname},
    {"search", url_search},     {"hash", url_hash},
};

/* Runs one case; returns the number of mismatched fields (0: pass). */
static int run_case(const json_value *c) {
  size_t in_n, base_n;
  const char *in = json_str(json_get(c, "input"), &in_n);
  const json_value *jbase = json_get(c, "base");
  const char *base_s = json_str(jbase, &base_n);
  const json_value *jfail = json_get(c, "failure");
  int want_failure = jfail && jfail->type == JSON_TRUE;
  int bad = 0;

  if (!in || (!json_is_null(jbase) && !base_s))
    return mismatch(c, "(case)", "input string, base string or null", 34,
                    "malformed case", 14);

  char bst[256], ust[256];
  url base, u;
  int base_ok = 1;
  url_init(&base, &url_mem_libc, bst, sizeof bst, MAX_LEN);
  if (base_s) {
    int rc = url_parse(&base, base_s, base_n, NULL);
    if (rc != URL_OK) {
      base_ok = 0;
      if (rc != URL_FAILURE || !want_failure) {
        const char *st = status_name(rc);
        bad += mismatch(c, "base", "(base parses)", 13, st, strlen(st));
      }
    }
  }

  if (base_ok) {
    url_init(&u, &url_mem_libc, ust, sizeof ust, MAX_LEN);
    int rc = url_parse(&u, in, in_n, base_s ? &base : NULL);
    if (want_failure) {
      if (rc == URL_OK) {
        url_str h = url_href(&u);
        bad += mismatch(c, "failure", "failure", 7, h.s, h.n);
      }
    } else if (rc != URL_OK) {
      size_t hn;
      const char *h = json_str(json_get(c, "href"), &hn);
      const char *st = status_name(rc);
      bad += mismatch(c, "href", h, hn, st, strlen(st));
    } else {
      for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        size_t wn;
        const char *w = json_str(json_get(c, FIELDS[i].name), &wn);
        url_str g = FIELDS[i].get(&u);
        if (!w) {
          bad += mismatch(c, FIELDS[i].name, "(a string in the case)", 22,
                          g.s, g.n);
        } else if (g.n != wn || memcmp(g.s, w, wn) != 0) {
          bad += mismatch(c, FIELDS[i].name, w, wn, g.s, g.n);
        }
      }
      const json_value *jorigin = json_get(c, "origin");
      if (jorigin) {
        size_t wn;
        const char *w = json_str(jorigin, &wn);
        char ost[256];
        url_buf o;
        url_buf_init(&o, &url_mem_libc, ost, sizeof ost, MAX_LEN);
        int orc = url_origin(&u, &o);
        if (orc != URL_OK) {
          const char *st = status_name(orc);
          bad += mismatch(c, "origin", w, wn, st, strlen(st));
        } else if (!w || o.len != wn || memcmp(o.ptr, w, wn) != 0) {
          bad += mismatch(c, "origin", w, wn, o.ptr, o.len);
        }
        url_buf_free(&o);
      }
    }
    url_free(&u);
  } else if (!want_failure && !bad) {
    bad = 1; /* already reported as a base mismatch */
  }
  url_free(&base);
  return bad;
}

int main(void) {
  char path[4096];
  shared_file(path, sizeof path, "wpt/urltestdata.json");
  json_value *root = json_parse_file(path);
  if (!root || root->type != JSON_ARRAY) {
    fprintf(stderr, "url_wpt_test: cannot read %s as a JSON array\n", path);
    json_free(root);
    check(0);
    return check_summary();
  }

  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    if (c->type != JSON_OBJECT) continue; /* comments */
    check(run_case(c) == 0);
  }
  json_free(root);

  printf("urltestdata.json: %d/%d cases\n", passed, passed + failed);
  return check_summary();
}
