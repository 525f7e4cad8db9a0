/*
** Third-party test data lives in ../shared beside the checkout (WPT, the
** Encoding Standard's indexes, html5lib-tests, ...), never in the project.
** The directory is $SHARED_DIR if set (make test SHARED_DIR=...), else
** "../shared" from the repository root.  shared_path() names a file there;
** shared_open() opens it, printing which copy it read, and ends the program
** with a clear message (and a failing summary line) when it is missing;
** shared_file() does the same for a reader that wants the path.
** tests/data/README.md lists each file used and its SHA-256
** (tests/shared_data_test.sh checks them).
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

/* Whether `rel` is readable under the shared directory.  When it is not,
   prints "skipped: WHAT (PATH missing)" so that a program runs its own
   cases and says which third-party sections it left out, rather than
   ending as shared_open() does. */
static inline int shared_have(const char *rel, const char *what) {
  char p[4096];
  FILE *f = fopen(shared_path(p, sizeof p, rel), "rb");
  if (f) {
    fclose(f);
    return 1;
  }
  printf("skipped: %s (%s missing: tests read ../shared beside the checkout, "
         "or make SHARED_DIR=DIR)\n", what, p);
  return 0;
}

/* The path of `rel` under the shared directory, in buf, once it is known to
   be readable (else the program ends as shared_open's does). */
static inline const char *shared_file(char *buf, size_t n, const char *rel) {
  fclose(shared_open(rel, "rb"));
  return shared_path(buf, n, rel);
}

/* The same for the file `file` of the shared folder `dir` ("wpt", "canon"). */
static inline const char *shared_file_in(char *buf, size_t n, const char *dir,
                                         const char *file) {
  char rel[1024];
  snprintf(rel, sizeof rel, "%s/%s", dir, file);
  return shared_file(buf, n, rel);
}

/*
** The real-URL sample (tests/data/README.md, "The real-URL sample"): the lines of
** data/kasztp.txt numbered 0, 20, 40, ... plus every line with a "%", "\",
** space, tab, "[" or "#", or a port (":" and a digit after a "://" before
** any "/", "?" or "#"): 2,758 URLs with the awkward cases kept.
*/
static inline int real_url_picked(long line_no, const char *s, size_t n) {
  if (line_no % 20 == 0) return 1;
  for (size_t i = 0; i < n; i++)
    switch (s[i]) {
    case '%': case '\\': case ' ': case '\t': case '[': case '#': return 1;
    }
  for (size_t i = 0; i + 3 <= n; i++) {
    if (s[i] != ':' || s[i + 1] != '/' || s[i + 2] != '/') continue;
    for (size_t j = i + 3; j + 1 < n && s[j] != '/' && s[j] != '?'; j++)
      if (s[j] == ':' && s[j + 1] >= '0' && s[j + 1] <= '9') return 1;
  }
  return 0;
}

/* The sample as a temporary file (deleted when closed), one URL a line. */
static inline FILE *shared_real_urls(void) {
  FILE *in = shared_open("data/kasztp.txt", "rb"), *out = tmpfile();
  if (!out) {
    perror("tmpfile");
    printf("0 passed, 1 failed\n");
    exit(1);
  }
  char *line = NULL;
  size_t cap = 0, picked = 0;
  long k, no = 0;
  while ((k = (long)getline(&line, &cap, in)) >= 0) {
    size_t n = (size_t)k;
    if (n && line[n - 1] == '\n') n--;
    if (real_url_picked(no++, line, n)) {
      fwrite(line, 1, n, out);
      fputc('\n', out);
      picked++;
    }
  }
  free(line);
  fclose(in);
  rewind(out);
  printf("data: the real-URL sample of data/kasztp.txt: %zu URLs\n", picked);
  return out;
}

#endif /* TESTS_SHARED_DATA_H */
