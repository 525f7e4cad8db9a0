/*
** WPT host conformance: ../shared/wpt/toascii.json and IdnaTestV2.json through
** url_host_parse(), the way WPT's toascii.window.js and IdnaTestV2.window.js
** run them:
**
**   new URL("https://" + input + "/x").host   must equal output, or throw
**                                              when output is null.
**
** So each input is a special host (isNotSpecial = false).  What the URL
** parser does to the input before its host parser sees it:
**
**  - Leading/trailing C0 control or space stripping applies to the whole
**    string, which starts with "https://" and ends with "/x": it never
**    touches the input.
**  - ASCII tab and newline are removed from the whole string: emulated below
**    (remove_tab_newline).  No case has them today.
**  - The host ends at '/', '\', '?', '#'; ':' starts the port; '@' makes what
**    precedes it credentials.  IdnaTestV2.window.js percent-encodes ':', '/',
**    '?', '#' and '\' so they reach the host parser, which decodes them back:
**    passing them raw is equivalent.  toascii.window.js does not encode, and
**    neither file encodes '@'.  No case has such a code point today, so
**    rather than emulate more of the URL parser the runner fails any case
**    that would need it (needs_url_parser), so a data update cannot go
**    through the wrong path silently.
**  - An empty input makes "https:///x", whose host is "x": WPT skips it
**    ("cannot test empty string input through new URL()"), and so do we.
**  - JavaScript strings are converted to USVString first: lone surrogates
**    become U+FFFD.  tests/json.c decodes them that way.
**
** Cases tagged "urlStandardOnly" in toascii.json apply: this is the URL
** Standard.  Prints mismatches, a summary per file, and the final line
** "N passed, N failed"; exits non-zero if anything failed.
**
** Usage: wpt_host_test   (from the repo root; SHARED_DIR: tests/shared_data.h)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "shared_data.h"
#include "host.h"
#include "json.h"
#include "mem_libc.h"

/* The URL parser removes every ASCII tab or newline from its input. */
static size_t remove_tab_newline(const char *in, size_t n, char *out) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (in[i] != '\t' && in[i] != '\n' && in[i] != '\r') out[k++] = in[i];
  return k;
}

/* Code points the URL parser would not hand to the host parser as is. */
static int needs_url_parser(const char *s, size_t n, int wpt_encodes) {
  const char *delims = wpt_encodes ? "@" : "@/\\?#:";
  for (size_t i = 0; i < n; i++)
    if (s[i] && strchr(delims, s[i])) return 1;
  return 0;
}

/* Runs one data file.  wpt_encodes: WPT percent-encodes host delimiters. */
static void run_file(const char *dir, const char *file, int wpt_encodes) {
  char path[4096];
  shared_file_in(path, sizeof path, dir, file);
  json_value *doc = json_parse_file(path);
  if (!doc || doc->type != JSON_ARRAY) {
    printf("%s: cannot load\n", file);
    check(0);
    json_free(doc);
    return;
  }
  int file_pass = 0, file_total = 0, skipped = 0;
  for (size_t i = 0; i < json_len(doc); i++) {
    const json_value *c = json_at(doc, i);
    if (c->type == JSON_STRING) continue; /* a comment */
    size_t in_len;
    const char *in = json_str(json_get(c, "input"), &in_len);
    const json_value *want = json_get(c, "output");
    if (!in || !want || !(json_is_string(want) || want->type == JSON_NULL)) {
      printf("%s: case %zu: malformed\n", file, i);
      file_total++;
      check(0);
      continue;
    }
    if (in_len == 0) { /* WPT skips it too; see the top comment */
      skipped++;
      continue;
    }
    file_total++;
    size_t want_len;
    const char *want_s = json_str(want, &want_len);

    char *host = malloc(in_len + 1);
    if (!host) abort();
    size_t host_len = remove_tab_newline(in, in_len, host);

    char stack[64]; /* small: longer hosts exercise the heap path */
    url_buf out;
    url_buf_init(&out, &url_mem_libc, stack, sizeof stack, (size_t)1 << 24);
    url_host_type type = URL_HOST_NONE;
    int rc = URL_FAILURE;
    const char *why = NULL;
    if (needs_url_parser(host, host_len, wpt_encodes)) {
      why = "input needs the URL parser (see the top comment)";
    } else {
      rc = url_host_parse(host, host_len, 0, &out, &type);
      if (rc != URL_OK && rc != URL_FAILURE) why = "error status";
      else if (rc == URL_FAILURE && out.len != 0) why = "output left on failure";
      else if (rc == URL_OK && type != URL_HOST_DOMAIN && type != URL_HOST_IPV4)
        why = "wrong host type for a special host";
    }
    int ok = !why && (want_s ? rc == URL_OK && out.len == want_len &&
                                   memcmp(out.ptr, want_s, want_len) == 0
                             : rc == URL_FAILURE);
    if (check(ok)) {
      file_pass++;
    } else {
      printf("FAIL %s: input ", file);
      json_print_str(in, in_len);
      printf(" expected ");
      if (want_s) json_print_str(want_s, want_len);
      else printf("failure");
      printf(" got ");
      if (rc == URL_OK) json_print_str(out.ptr, out.len);
      else printf("%s", rc == URL_FAILURE ? "failure" : "error");
      if (why) printf(" (%s, status %d, type %d)", why, rc, (int)type);
      putchar('\n');
    }
    url_buf_free(&out);
    free(host);
  }
  json_free(doc);
  if (file_total == 0) { /* an empty or mis-shaped file must not pass */
    printf("%s: no cases\n", file);
    check(0);
  }
  printf("%s: %d/%d", file, file_pass, file_total);
  if (skipped) printf(" (%d skipped: empty input, as in WPT)", skipped);
  putchar('\n');
}

int main(void) {
  const char *dir = "wpt";
  run_file(dir, "toascii.json", 0);
  run_file(dir, "IdnaTestV2.json", 1);
  return check_summary();
}
