/*
** A short, deterministic run of the uri/ fuzz target (fuzz/uri_fuzz.c, its
** oracles linked in) without libFuzzer, so that make test and make
** test-sanitize run it: every committed seed in fuzz/uri_corpus/, then
** pseudo-random strings from a fixed seed made of URI syntax, escapes,
** IP literals, dot-segments and non-ASCII.  An oracle violation abort()s,
** and the suite fails.
*/
#include <stdint.h>

#include "check.h"
#include "fuzz_run.h"

#define RANDOM_INPUTS 200000

static uint64_t state = 0x9E3779B97F4A7C15ULL;

int main(void) {
  int n = fuzz_run_seeds("fuzz/uri_corpus", 1 << 20);
  if (!check(n > 0)) printf("FAIL no seeds in fuzz/uri_corpus\n");
  static const char *const parts[] = {
      "http:", "a:", "//", "/", "?", "#", "@", ":", "[", "]", "::", "1", "255.",
      ".", "..", "./", "../", "%", "%4", "%41", "%2e", "%2E", "%7e", "%C3%A9",
      "%E2%80%8F", "%EE%80%80", "%u00e9", "v1.", "x", "H", ";", "=", "&", "!",
      " ", "\"", "{", "\\", "\xc3\xa9", "\xee\x80\x80", "\xef\xbf\xbe", "\xff",
      "\0", "[::1]", "[v7.a]", ":80", "1.2.3.4"};
  fuzz_run_pieces(parts, sizeof parts / sizeof parts[0], 40, RANDOM_INPUTS, &state);
  check(1);
  printf("uri fuzz: %d seeds and %d pseudo-random strings\n", n, RANDOM_INPUTS);
  return check_summary();
}
