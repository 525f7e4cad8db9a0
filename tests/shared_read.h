/*
** A whole file of the shared directory in memory, for the tests that scan
** one (tests/html_links_test.c, tests/html_sniff_test.c).
*/
#ifndef TESTS_SHARED_READ_H
#define TESTS_SHARED_READ_H

#include <stdio.h>
#include <stdlib.h>

#include "shared_data.h"

/* The bytes of `rel` under the shared directory, NUL-terminated, in a
   malloc'd string (free it), *n their count; a missing file ends the
   program as shared_open() does, a failed read aborts. */
static inline char *shared_read_all(const char *rel, size_t *n) {
  FILE *f = shared_open(rel, "rb");
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)len + 1);
  if (!s || fread(s, 1, (size_t)len, f) != (size_t)len) abort();
  s[len] = 0;
  fclose(f);
  *n = (size_t)len;
  return s;
}

#endif /* TESTS_SHARED_READ_H */
