/*
** fuzz/robots_fuzz.c's oracles (the compiled file's decision against a
** plain reading of every rule; the matcher against a table) over the
** committed seeds (fuzz/robots_corpus/) and pseudo-random files made of
** robots.txt's own pieces: keys and their misspellings, separators,
** agents, patterns of `*`, `$`, escapes and reserved characters, line
** ends, comments, a BOM.  An oracle failure abort()s.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_run.h"

static const char *const KEYS[] = {"user-agent", "User-Agent", "useragent",
                                   "allow", "Allow", "disallow", "DISALLOW",
                                   "disalow", "sitemap", "crawl-delay",
                                   "noindex", ""};
static const char *const SEPS[] = {": ", ":", " ", "\t", " : ", "::"};
static const char *const AGENTS[] = {"bot", "BOT", "*", "other", "* x",
                                     "bot/1.0", "b-o_t", ""};
static const char *const ENDS[] = {"\n", "\r\n", "\r", " # c\n", "\n\n"};
static const char PAT[] = "/ab*$?=.%~";

static uint64_t st = 0x9E3779B97F4A7C15ULL;
static size_t pick(size_t n) { return (size_t)(fuzz_xorshift(&st) % n); }
#define PICK(a) a[pick(sizeof a / sizeof a[0])]

static size_t add(char *buf, size_t at, const char *s) {
  size_t n = strlen(s);
  memcpy(buf + at, s, n);
  return at + n;
}

static size_t pattern(char *buf, size_t at, size_t max) {
  size_t n = pick(max);
  for (size_t i = 0; i < n; i++) {
    char c = PAT[pick(sizeof PAT - 1)];
    if (c == '%') {
      static const char *const ESC[] = {"%41", "%2F", "%2f", "%7e", "%E3%83%84", "%"};
      at = add(buf, at, PICK(ESC));
    } else {
      buf[at++] = c;
    }
  }
  return at;
}

int main(void) {
  int seeds = fuzz_run_seeds("fuzz/robots_corpus", 1 << 16);
  check_named(seeds > 0, "robots_fuzz: seeds read");
  static char buf[8192];
  int n = 30000;
  for (int t = 0; t < n; t++) {
    size_t at = 0;
    if (pick(8) == 0) at = add(buf, at, "\xEF\xBB\xBF");
    int lines = (int)pick(12);
    for (int i = 0; i < lines; i++) {
      const char *k = PICK(KEYS);
      at = add(buf, at, k);
      at = add(buf, at, PICK(SEPS));
      if (strstr(k, "gent") || strstr(k, "GENT")) at = add(buf, at, PICK(AGENTS));
      else at = pattern(buf, at, 10);
      at = add(buf, at, PICK(ENDS));
    }
    buf[at++] = (char)0xFF;
    buf[at++] = '/';
    at = pattern(buf, at, 12);
    buf[at++] = (char)0xFF;
    at = add(buf, at, PICK(AGENTS));
    LLVMFuzzerTestOneInput((const uint8_t *)buf, at);
    check(1);
  }
  printf("robots_fuzz: %d seeds, %d generated files\n", seeds, n);
  return check_summary();
}
