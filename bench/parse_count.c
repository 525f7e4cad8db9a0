/*
** Instruction-count driver for the core parser, for callgrind: parses the
** first N lines of a URL list with url_parse() (the path every url_* SQL
** getter takes), or with -e through url_parse_errors() recording the
** validation errors (url_validation_errors).  Only parse_all() is meant to
** be measured (parse_all or parse_all_errors):
**
**   make bench-count        (the first 50,000 URLs of ../shared/data/kasztp.txt)
**   valgrind --tool=callgrind --toggle-collect='parse_all*' \
**       build/bench/parse_count FILE [N] [-e]
**
** `make bench-count` prints the instructions per URL of both, which
** (unlike wall-clock time on a shared machine) repeat exactly from run to
** run, so before/after comparisons of the parser are exact.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_libc.h"
#include "parse.h"
#include "url.h"
#include "url_errors.h"

typedef struct line {
  char *s;
  size_t n;
} line;

/* Parses every line; returns the total href length (so nothing is elided). */
__attribute__((noinline)) static size_t parse_all(const line *v, size_t n) {
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    char st[512];
    url u;
    url_init(&u, &url_mem_libc, st, sizeof st, (size_t)1 << 24);
    int rc = url_parse(&u, v[i].s, v[i].n, NULL);
    if (rc == URL_OK) total += url_href(&u).n;
    url_free(&u);
  }
  return total;
}

/* The same, recording the validation errors; adds their number. */
__attribute__((noinline)) static size_t parse_all_errors(const line *v,
                                                         size_t n) {
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    char st[512];
    url u;
    url_errors e;
    url_init(&u, &url_mem_libc, st, sizeof st, (size_t)1 << 24);
    url_errors_init(&e, &url_mem_libc);
    int rc = url_parse_errors(&u, v[i].s, v[i].n, NULL, &e);
    if (rc == URL_OK) total += url_href(&u).n;
    total += e.n;
    url_errors_free(&e);
    url_free(&u);
  }
  return total;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: parse_count FILE [N] [-e]\n");
    return 2;
  }
  int with_errors = !strcmp(argv[argc - 1], "-e");
  size_t max = argc > 2 && argv[2][0] != '-' ? strtoul(argv[2], NULL, 10) : 50000;
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  line *v = calloc(max ? max : 1, sizeof *v);
  if (!v) return 1;
  size_t n = 0, cap = 0;
  char *buf = NULL;
  ssize_t k;
  while (n < max && (k = getline(&buf, &cap, f)) >= 0) {
    while (k > 0 && (buf[k - 1] == '\n' || buf[k - 1] == '\r')) k--;
    v[n].s = malloc((size_t)k + 1);
    if (!v[n].s) return 1;
    memcpy(v[n].s, buf, (size_t)k);
    v[n++].n = (size_t)k;
  }
  free(buf);
  fclose(f);
  size_t total = with_errors ? parse_all_errors(v, n) : parse_all(v, n);
  printf("%zu URLs, checksum %zu\n", n, total);
  for (size_t i = 0; i < n; i++) free(v[i].s);
  free(v);
  return 0;
}
