/*
** A Public Suffix List crafted against the rule table this project used
** until issue 28: an open-addressing hash table with linear probing and an
** unseeded hash (FNV-1a of a label's bytes from last to first, mixed with
** the parent's slot), sized to the first power of two >= 1.5 x the rules.
** Its rules are top-level labels whose hash under that table falls in the
** first eighth of the slots, so that they pile up in one run: each insert
** then walked the run (0.6 s to load 40,000 of them), as did every lookup
** of a label that landed in it.  The same number of labels drawn without
** the filter makes the honest list to compare with.
**
** Used by tests/psl_test.c (the lists answer as libpsl says, and load) and
** bench/bench.c (load and lookup cost, crafted vs honest).
**
**   psl_crafted_text(n, crafted) -> malloc'd text of a list of n rules
*/
#ifndef PSL_CRAFTED_H
#define PSL_CRAFTED_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The old table's slot hash of a top-level label (parent: none). */
static uint32_t psl_old_hash(const char *s, size_t n) {
  uint32_t h = 0x811c9dc5u;
  for (size_t i = n; i > 0; i--) h = (h ^ (unsigned char)s[i - 1]) * 0x01000193u;
  uint32_t x = h ^ (UINT32_MAX * 0x9e3779b1u);
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  return x;
}

/* n rules "<8 letters>" after an ICANN marker; crafted: only labels whose
   old slot is in the first eighth of the old table.  NULL if out of
   memory. */
static char *psl_crafted_text(int n, int crafted) {
  uint32_t cap = 4;
  while (cap < (uint32_t)n + (uint32_t)n / 2) cap *= 2;
  char *t = malloc((size_t)n * 10 + 128);
  if (!t) return NULL;
  char *p = t + sprintf(t, "// ===BEGIN ICANN DOMAINS===\n");
  uint64_t rng = 0x243f6a8885a308d3ull;
  for (int k = 0; k < n;) {
    char lab[8];
    for (int i = 0; i < 8; i++) {
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      lab[i] = (char)('a' + (rng >> 33) % 26);
    }
    if (crafted && (psl_old_hash(lab, 8) & (cap - 1)) >= cap / 8) continue;
    memcpy(p, lab, 8);
    p[8] = '\n';
    p += 9;
    k++;
  }
  strcpy(p, "// ===END ICANN DOMAINS===\n");
  return t;
}

#endif /* PSL_CRAFTED_H */
