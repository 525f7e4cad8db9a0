/*
** A short, deterministic run of the referrers fuzz target
** (fuzz/referrers_fuzz.c, its oracles linked in) without libFuzzer: every
** committed seed in fuzz/referrers_corpus/, then pseudo-random referrer and
** page pairs made of list hosts, country parts, keyword parameters, click
** ids, utm parameters, escapes and random bytes.
*/
#include <stdint.h>

#include "check.h"
#include "fuzz_run.h"

#define RANDOM_INPUTS 30000

static uint64_t state = 0x9E3779B97F4A7C15ULL;

int main(void) {
  int n = fuzz_run_seeds("fuzz/referrers_corpus", 1 << 20);
  if (!check(n > 0)) printf("FAIL no seeds in fuzz/referrers_corpus\n");
  static const char *const parts[] = {
      "https://", "http://", "android-app://", "www.", "m.", "search.", "google.",
      "bing.com", "yahoo.com", "de.", "co.uk", "com.br", "baidu.com", "x.com",
      "/i/grok", "facebook.com", "chatgpt.com", "mail.google.com", "1.cz",
      "/search", "/s/", "/url?", "?", "&", "#", "=", "q=", "wd=", "p=", "tbm=isch",
      "%C3%A9", "%FF", "%", "+", " ", ".", "/", "utm_source=", "utm_medium=",
      "utm_campaign=", "gclid=", "fbclid=", "cpc", "shop", "email", "\n",
      "\xC3\xA9", "\xFF", "\0", "cx=partner-pub-", ".search.yahoo.com", "{}",
      "example.com", "images.", "ww2.", "/pemonitorhosted/ws/results/"};
  fuzz_run_pieces(parts, sizeof parts / sizeof parts[0], 200, RANDOM_INPUTS, &state);
  check(1);
  printf("referrers fuzz: %d seeds and %d pseudo-random inputs\n", n, RANDOM_INPUTS);
  return check_summary();
}
