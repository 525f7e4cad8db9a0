/*
** libFuzzer target: the regular expressions and URL patterns (pattern/).
**
** An input is a regular expression source, a NUL, then a subject (no NUL:
** the subject is the source itself).  The source is compiled with and
** without the tuner's shortcuts (PAT_RE_UNTUNED), and tuned memoizing
** from the first step (PAT_RE_MEMO_NOW), with and without `i`; the
** oracle: all give the same status and the same captures, and a
** match within the step budget (10^5) does work bounded by it (the steps
** are charged for every character compared).  Then the source as a URL
** pattern constructor string (base https://a/) is matched against the
** subject as a URL: no crash, leak or UB.  A difference prints the input
** and abort()s.
**
**   make fuzz   (fuzz/Makefile; seeds in fuzz/pattern_corpus/)
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_libc.h"
#include "regex.h"
#include "urlpattern.h"
#include "utf8.h"

#define MAX_SLOTS 1100 /* 255 groups and their loops' registers */

static void regex_oracle(const char *src, size_t n, const char *in, size_t m,
                         int flags, int memo) {
  pat_regex *a = NULL, *b = NULL;
  char ea[128], eb[128];
  int ra = pat_regex_compile(src, n, flags | memo, &url_mem_libc, &a, ea, sizeof ea);
  int rb = pat_regex_compile(src, n, flags | PAT_RE_UNTUNED, &url_mem_libc, &b,
                             eb, sizeof eb);
  if (ra != rb) {
    fprintf(stderr, "pattern_fuzz: oracle: compile %d tuned, %d untuned: /%.*s/\n",
            ra, rb, (int)n, src);
    abort();
  }
  if (ra == URL_OK && pat_regex_slots(a) <= MAX_SLOTS && pat_regex_slots(b) <= MAX_SLOTS) {
    static long ca[MAX_SLOTS], cb[MAX_SLOTS];
    int xa = pat_regex_exec(a, in, m, ca, 100000);
    int xb = pat_regex_exec(b, in, m, cb, 100000);
    int same = xa == xb || xa == URL_STEP_LIMIT || xb == URL_STEP_LIMIT;
    for (int g = 0; same && xa == URL_OK && xb == URL_OK &&
                    g < 2 * (pat_regex_groups(a) + 1); g++)
      same = ca[g] == cb[g];
    if (!same) {
      fprintf(stderr, "pattern_fuzz: oracle: /%.*s/ on \"%.*s\": tuned %d, untuned %d\n",
              (int)n, src, (int)m, in, xa, xb);
      abort();
    }
  }
  pat_regex_free(a);
  pat_regex_free(b);
}

static void pattern_run(const char *src, size_t n, const char *in, size_t m) {
  url_pattern *p = NULL;
  char err[256];
  pat_input pin = {.string = {src, n}};
  if (url_pattern_create(&p, &pin, "https://a/", 10, n & 1, &url_mem_libc, err,
                         sizeof err) != URL_OK)
    return;
  long *slots = malloc((url_pattern_slots(p) + 1) * sizeof *slots);
  char ust[256], bst[256], sst[256];
  pat_match mt = {.slots = slots};
  url_init(&mt.u, &url_mem_libc, ust, sizeof ust, (size_t)1 << 24);
  url_init(&mt.base, &url_mem_libc, bst, sizeof bst, (size_t)1 << 24);
  url_buf_init(&mt.store, &url_mem_libc, sst, sizeof sst, (size_t)1 << 24);
  pat_input min = {.string = {in, m}};
  if (slots) url_pattern_match(p, &min, "https://a/", 10, 100000, &mt);
  url_free(&mt.u);
  url_free(&mt.base);
  url_buf_free(&mt.store);
  free(slots);
  url_pattern_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  /* both halves as valid UTF-8 (the engine's input contract) */
  const char *nul = memchr(data, 0, size);
  size_t n = nul ? (size_t)(nul - (const char *)data) : size;
  const char *src = (const char *)data, *in = nul ? nul + 1 : src;
  size_t m = nul ? size - n - 1 : size;
  n = url_utf8_valid_prefix((const unsigned char *)src, n);
  m = url_utf8_valid_prefix((const unsigned char *)in, m);
  regex_oracle(src, n, in, m, 0, 0);
  regex_oracle(src, n, in, m, PAT_RE_ICASE, 0);
  regex_oracle(src, n, in, m, 0, PAT_RE_MEMO_NOW);
  pattern_run(src, n, in, m);
  return 0;
}
