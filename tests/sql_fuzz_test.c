/*
** A short, deterministic run of the SQL fuzz target (fuzz/sql_fuzz.c, its
** oracles and the extension linked in) without libFuzzer, so that make test
** and make test-sanitize (gcc, ASan+UBSan) run it: every committed seed in
** fuzz/sql_corpus/ (crashes found by make fuzz are added there), then
** pseudo-random inputs from a fixed seed.  An oracle violation abort()s, and
** the suite fails.
*/
#include <dirent.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RANDOM_INPUTS 10000

/* Runs every file of dir, one check each (it passes by returning); returns
   how many, or -1 if dir cannot be read. */
static int run_seeds(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char path[4096 + 256];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    static uint8_t buf[1 << 16];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    check(1);
    n++;
  }
  closedir(d);
  return n;
}

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint64_t next(void) { /* xorshift64 */
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

int main(int argc, char **argv) {
  char dir[4096], buf[4096];
  snprintf(buf, sizeof buf, "%s", argv[0]);
  snprintf(dir, sizeof dir, "%s/../../fuzz/sql_corpus", dirname(buf));
  LLVMFuzzerInitialize(&argc, &argv);
  int seeds = run_seeds(dir);
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
