/*
** A short, deterministic run of the SQL fuzz target (fuzz/sql_fuzz.c, its
** oracles and the extension linked in) without libFuzzer, so that make test
** and make test-sanitize (gcc, ASan+UBSan) run it: every committed seed in
** fuzz/sql_corpus/ (crashes found by make fuzz are added there), then
** pseudo-random inputs from a fixed seed.  An oracle violation abort()s, and
** the suite fails.
*/
#include <libgen.h>
#include <stdint.h>

#include "check.h"
#include "fuzz_run.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);

#define RANDOM_INPUTS 10000

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next(void) { return fuzz_xorshift(&rng); }

int main(int argc, char **argv) {
  char dir[4096], buf[4096];
  snprintf(buf, sizeof buf, "%s", argv[0]);
  snprintf(dir, sizeof dir, "%s/../../fuzz/sql_corpus", dirname(buf));
  LLVMFuzzerInitialize(&argc, &argv);
  int seeds = fuzz_run_seeds(dir, 1 << 16);
  if (seeds <= 0) {
    printf("no seeds in %s\n", dir);
    check(0);
    return check_summary();
  }
  for (int i = 0; i < RANDOM_INPUTS; i++) {
    uint8_t in[256];
    size_t len = 1 + next() % sizeof in;
    for (size_t k = 0; k < len; k++) in[k] = (uint8_t)next();
    LLVMFuzzerTestOneInput(in, len);
  }
  check(1); /* one check for the pseudo-random inputs together */
  printf("sql fuzz: %d seeds of fuzz/sql_corpus and %d pseudo-random inputs, "
         "no oracle violated\n",
         seeds, RANDOM_INPUTS);
  return check_summary();
}
