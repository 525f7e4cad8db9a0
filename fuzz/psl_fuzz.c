/*
** libFuzzer target: the public suffix rule table (parts/psl_table.c, built
** by parts/psl_read.c) against libpsl, on the system's list in both its
** forms (Debian's public_suffix_list.dafsa and .dat), in both sections.
**
** An input builds a host from the right: optionally a whole rule name of the
** list, then labels, each either one of the list's own labels (so rules,
** wildcards and exceptions are hit far more often than by random text) or a
** few literal bytes; then maybe one or two trailing dots.  The oracle: the
** public suffix and registrable domain the table gives are, byte for byte,
** libpsl's (url_psl_host_parts_in over a list whose lookups libpsl answers).
** A difference prints the host and abort()s.
**
** tests/psl_diff_test.c runs this oracle over pseudo-random inputs in
** make test; make fuzz runs it under libFuzzer.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpsl.h>

#include "host.h"
#include "mem_libc.h"
#include "psl.h"

#define HOST_MAX 1024

typedef struct pair {
  const char *name;
  url_psl_list table;  /* our lookups */
  url_psl_list libpsl; /* the same file, answered by libpsl */
  const url_psl_table *indexed; /* table's rule table, */
  url_psl_table plain;          /* and a copy without its index */
  psl_ctx_t *ctx;
} pair;

static pair pairs[2];
static int n_pairs;
static char **labels, **rule_names;
static size_t n_labels, n_rule_names;

static void add(char ***v, size_t *n, const char *s, size_t len) {
  *v = realloc(*v, (*n + 1) * sizeof **v);
  char *c = malloc(len + 1);
  if (!*v || !c) abort();
  memcpy(c, s, len);
  c[len] = '\0';
  (*v)[(*n)++] = c;
}

/* The rule names of the system's text list, in the host parser's form
   (xn--), and their labels: what hosts are made of. */
static void collect(const char *dat) {
  FILE *f = fopen(dat, "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, " \t\r\n")] = '\0';
    if (!line[0] || !strncmp(line, "//", 2)) continue;
    const char *name = line + (line[0] == '!' ? 1 : line[0] == '*' ? 2 : 0);
    char st[256];
    url_buf hb;
    url_buf_init(&hb, &url_mem_libc, st, sizeof st, 4096);
    url_host_type t;
    if (url_host_parse(name, strlen(name), 0, &hb, &t) == URL_OK &&
        t == URL_HOST_DOMAIN) {
      add(&rule_names, &n_rule_names, hb.ptr, hb.len);
      for (size_t i = 0, j; i <= hb.len; i = j + 1) {
        for (j = i; j < hb.len && hb.ptr[j] != '.';) j++;
        add(&labels, &n_labels, hb.ptr + i, j - i);
      }
    }
    url_buf_free(&hb);
  }
  fclose(f);
  static const char *extra[] = {"", "www", "x", "a", "*", "!", "-", "0", "_"};
  for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
    add(&labels, &n_labels, extra[i], strlen(extra[i]));
}

/* Opens `path` twice: with our table, and for libpsl to answer. */
static void open_pair(const char *path) {
  pair *p = &pairs[n_pairs];
  char why[160];
  const url_psl_data *d;
  if (url_psl_open_file(&p->table, &url_mem_libc, path, why, sizeof why) !=
      URL_OK)
    return;
  if (url_psl_data_get(&p->table, &d) != URL_OK || !d->table.keys) {
    url_psl_close(&p->table);
    return;
  }
  p->indexed = &d->table;
  p->plain = d->table;
  p->plain.idx = NULL; /* lookups binary-search the siblings */
  p->ctx = psl_load_file(path);
  if (!p->ctx) {
    url_psl_close(&p->table);
    return;
  }
  if (url_psl_open_ctx(&p->libpsl, &url_mem_libc, p->ctx, URL_PSL_TEXT) !=
      URL_OK) {
    url_psl_close(&p->table);
    psl_free(p->ctx);
    return;
  }
  p->name = path;
  n_pairs++;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  open_pair("/usr/share/publicsuffix/public_suffix_list.dafsa");
  open_pair("/usr/share/publicsuffix/public_suffix_list.dat");
  collect("/usr/share/publicsuffix/public_suffix_list.dat");
  if (n_pairs == 0 || n_rule_names == 0) {
    fprintf(stderr, "psl_fuzz: no system list (Debian package publicsuffix)\n");
    abort();
  }
  return 0;
}

/* Literal label bytes: what a domain may hold, dots (empty labels) too. */
static const char literal[] = "abcxyz0129-_.*!~$";

/* Builds the host of data[0..size) into h; returns its length. */
static size_t build_host(const uint8_t *data, size_t size, char *h) {
  char tmp[HOST_MAX];
  size_t n = 0; /* tmp holds the host reversed, label by label */
  size_t i = 1;
  uint8_t mode = size ? data[0] : 0;
  if ((mode & 1) && size >= 3 && n_rule_names) {
    const char *r = rule_names[(data[1] << 8 | data[2]) % n_rule_names];
    size_t k = strlen(r);
    if (k < HOST_MAX / 2) {
      for (size_t j = 0; j < k; j++) tmp[n++] = r[k - 1 - j];
    }
    i = 3;
  }
  while (i < size && n < HOST_MAX / 2) {
    if (n) tmp[n++] = '.';
    uint8_t b = data[i++];
    if (b < 0xf0 && i < size) {
      const char *l = labels[(b << 8 | data[i++]) % n_labels];
      size_t k = strlen(l);
      if (n + k >= HOST_MAX / 2) break;
      for (size_t j = 0; j < k; j++) tmp[n++] = l[k - 1 - j];
    } else {
      for (unsigned j = 0; j < (b & 7u) && i < size; j++)
        tmp[n++] = literal[data[i++] % (sizeof literal - 1)];
    }
  }
  for (size_t j = 0; j < n; j++) h[j] = tmp[n - 1 - j];
  if (mode & 2) h[n++] = '.';
  if (mode & 4) h[n++] = '.';
  return n;
}

/* The oracle on one host; returns the number of differences (printed). */
int psl_fuzz_check(const char *h, size_t n) {
  int bad = 0;
  for (int p = 0; p < n_pairs; p++) {
    for (int sec = 0; sec < URL_PSL_N_SECTIONS; sec++) {
      url_str s1, r1, s2, r2;
      int rc1 = url_psl_host_parts_in(&pairs[p].table, (url_psl_section)sec,
                                      h, n, URL_HOST_DOMAIN, &s1, &r1);
      int rc2 = url_psl_host_parts_in(&pairs[p].libpsl, (url_psl_section)sec,
                                      h, n, URL_HOST_DOMAIN, &s2, &r2);
      if (rc1 == rc2 && s1.s == s2.s && s1.n == s2.n && r1.s == r2.s &&
          r1.n == r2.n)
        continue;
      printf("psl_fuzz: oracle: %s %s host '%.*s': table %.*s / %.*s, "
             "libpsl %.*s / %.*s\n",
             pairs[p].name, url_psl_section_names[sec], (int)n, h,
             (int)s1.n, s1.s ? s1.s : "", (int)r1.n, r1.s ? r1.s : "",
             (int)s2.n, s2.s ? s2.s : "", (int)r2.n, r2.s ? r2.s : "");
      bad++;
    }
    /* The table's two ways agree (the walk's own arguments: no trailing
       dot, at most 9 labels). */
    if (n > 0 && h[n - 1] != '.' && pairs[p].indexed->idx) {
      for (int icann = 0; icann < 2; icann++) {
        size_t b1, b2;
        size_t o1 = url_psl_table_suffix(pairs[p].indexed, h, n, icann, 9, &b1);
        size_t o2 = url_psl_table_suffix(&pairs[p].plain, h, n, icann, 9, &b2);
        if (o1 == o2 && b1 == b2) continue;
        printf("psl_fuzz: %s host '%.*s': index %zu, binary search %zu\n",
               pairs[p].name, (int)n, h, o1, o2);
        bad++;
      }
    }
  }
  return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char h[HOST_MAX + 2];
  size_t n = build_host(data, size, h);
  if (n > 0 && psl_fuzz_check(h, n)) abort();
  return 0;
}
