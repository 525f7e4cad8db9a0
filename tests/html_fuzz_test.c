/*
** A short, deterministic run of the HTML fuzz target (fuzz/html_fuzz.c, its
** oracles linked in) without libFuzzer, so that make test and make
** test-sanitize run it: every committed seed in fuzz/html_corpus/, then
** pseudo-random documents from a fixed seed, made of HTML's syntax
** characters, tag and attribute names, references and random bytes.  An
** oracle violation abort()s, and the suite fails.
*/
#include <stdint.h>

#include "check.h"
#include "fuzz_run.h"

#define RANDOM_INPUTS 20000

static uint64_t state = 0x2545F4914F6CDD1DULL;

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
  fuzz_run_pieces(parts, sizeof parts / sizeof parts[0], 400, RANDOM_INPUTS, &state);
  check(1);
  printf("html fuzz: %d seeds and %d pseudo-random documents\n", n, RANDOM_INPUTS);
  return check_summary();
}
