/*
** What the short fuzz runs (tests/NAME_fuzz_test.c) share: running a fuzz
** target over every committed seed of a corpus, the xorshift64 generator
** of their pseudo-random inputs, and inputs made of pieces.  Include after
** tests/check.h; the program defines LLVMFuzzerTestOneInput's target.
*/
#ifndef TESTS_FUZZ_RUN_H
#define TESTS_FUZZ_RUN_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the first `max` bytes (at most 1 MiB) of every file of dir, one
   check each (it passes by returning); returns how many, or -1 if dir
   cannot be read. */
static int fuzz_run_seeds(const char *dir, size_t max) {
  static uint8_t buf[1 << 20];
  DIR *d = opendir(dir);
  if (!d) return -1;
  if (max > sizeof buf) max = sizeof buf;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char path[4096 + 256];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    size_t len = fread(buf, 1, max, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    check(1);
    n++;
  }
  closedir(d);
  return n;
}

/* xorshift64: the next of *state, a fixed seed per program so that every
   run is the same. */
static uint64_t fuzz_xorshift(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* Runs `count` pseudo-random inputs, each a run of pieces drawn from
   parts[0..np) ("" stands for a NUL byte) shorter than about max_len
   bytes (at most 4096), from the generator's *state. */
static inline void fuzz_run_pieces(const char *const *parts, size_t np,
                                   size_t max_len, int count,
                                   uint64_t *state) {
  static uint8_t in[4096];
  for (int i = 0; i < count; i++) {
    size_t len = 0, want = fuzz_xorshift(state) % max_len;
    while (len < want) {
      const char *p = parts[fuzz_xorshift(state) % np];
      size_t k = *p ? strlen(p) : 1;
      if (len + k > sizeof in) break;
      memcpy(in + len, p, k);
      len += k;
    }
    LLVMFuzzerTestOneInput(in, len);
  }
}

#endif /* TESTS_FUZZ_RUN_H */
