/*
** A short, deterministic run of the HTML fuzz target (fuzz/html_fuzz.c, its
** oracles linked in) without libFuzzer, so that make test and make
** test-sanitize run it: every committed seed in fuzz/html_corpus/, then
** pseudo-random documents from a fixed seed, made of HTML's syntax
** characters, tag and attribute names, references and random bytes.  An
** oracle violation abort()s, and the suite fails.
*/
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "fuzz_run.h"

#define RANDOM_INPUTS 20000

static uint64_t state = 0x2545F4914F6CDD1DULL;
static uint64_t rnd(void) { return fuzz_xorshift(&state); }

int main(void) {
  int n = fuzz_run_seeds("fuzz/html_corpus", 1 << 20);
  if (!check(n > 0)) printf("FAIL no seeds in fuzz/html_corpus\n");
  static const char *const parts[] = {
      "<", ">", "</", "/>", "<!--", "-->", "--!>", "<!", "<?", "<![CDATA[", "]]>",
      "<!DOCTYPE ", " PUBLIC ", " SYSTEM ", "\"", "'", "=", " ", "\t", "\r\n",
      "\r", "\n", "&", "&amp;", "&not", "&#", "&#x", "1F4A9;", ";", "a", "href",
      "src", "srcset", "ping", "base", "script", "style", "title", "textarea",
      "template", "svg", "math", "mi", "foreignObject", "meta", "charset",
      "http-equiv", "refresh", "content", "url=", "plaintext", "noscript", "img",
      "iframe", "1x", "100w", ",", "(", ")", "\xC3\xA9", "\xFF", "\0", "-", "<a"};
  size_t np = sizeof parts / sizeof parts[0];
  static uint8_t doc[4096];
  for (int i = 0; i < RANDOM_INPUTS; i++) {
    size_t len = 0, want = rnd() % 400;
    while (len < want) {
      const char *p = parts[rnd() % np];
      size_t k = *p ? strlen(p) : 1;
      if (len + k > sizeof doc) break;
      memcpy(doc + len, p, k);
      len += k;
    }
    LLVMFuzzerTestOneInput(doc, len);
  }
  check(1);
  printf("html fuzz: %d seeds and %d pseudo-random documents\n", n, RANDOM_INPUTS);
  return check_summary();
}
