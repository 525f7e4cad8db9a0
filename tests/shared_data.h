/*
** Third-party test data lives in ../shared beside the checkout (WPT, the
** Encoding Standard's indexes, html5lib-tests, ...), never in the project.
** The directory is $SHARED_DIR if set (make test SHARED_DIR=...), else
** "../shared" from the repository root.  shared_path() names a file there;
** shared_open() opens it, printing which copy it read, and ends the program
** with a clear message (and a failing summary line) when it is missing.
*/
#ifndef TESTS_SHARED_DATA_H
#define TESTS_SHARED_DATA_H

#include <stdio.h>
#include <stdlib.h>

static inline const char *shared_dir(void) {
  const char *d = getenv("SHARED_DIR");
  return d && *d ? d : "../shared";
}

/* The path of `rel` under the shared directory, in buf. */
static inline const char *shared_path(char *buf, size_t n, const char *rel) {
  snprintf(buf, n, "%s/%s", shared_dir(), rel);
  return buf;
}

/* Opens `rel` under the shared directory, or exits with "0 passed, 1 failed". */
static inline FILE *shared_open(const char *rel, const char *mode) {
  char p[4096];
  shared_path(p, sizeof p, rel);
  FILE *f = fopen(p, mode);
  if (!f) {
    fprintf(stderr, "missing test data %s: tests read ../shared beside the "
            "checkout (or make SHARED_DIR=DIR)\n0 passed, 1 failed\n", p);
    exit(1);
  }
  printf("data: %s\n", p);
  return f;
}

#endif /* TESTS_SHARED_DATA_H */
