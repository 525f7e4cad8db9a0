/*
** html_bench: MB/s of the HTML tokenizer and of url_links end to end, over
** real pages: the .html files of ../shared/html/ (130 pages) and the
** .html.gz files of ../shared/article-extraction-benchmark/html/ (181
** pages, gunzipped here with zlib: the bench only).  `make bench` runs it after
** bench/bench; alone: build/bench/html_bench build/url.so.
**
** Measured, each as the median of BENCH_ROUNDS (default 5) passes over all
** the pages of a set, as input megabytes (10^6 bytes) per second:
**   tokenizer        html_tokenize with a callback that does nothing, no
**                    character tokens (as the link walk runs it)
**   tokenizer+text   the same with character tokens built
**   links walk       html/links.c's rows, not resolved
**   url_links        SELECT count(url) FROM pages, url_links(body, page):
**                    sniffing, decoding, <base> prescan, walk and the URL
**                    parse of every row, through SQLite
**   gumbo            when the build finds libgumbo (Debian's libgumbo-dev;
**                    HAVE_GUMBO): gumbo_parse of each page and a walk of its
**                    tree for href/src attributes, for the ratio; the bench
**                    only, never the extension or its tests
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include <sqlite3.h>

#ifdef HAVE_GUMBO
#include <gumbo.h>
#endif

#include "links.h"
#include "mem_libc.h"
#include "tokenizer.h"

typedef struct page {
  char *s;
  size_t n;
} page;

typedef struct pageset {
  const char *name;
  page *p;
  size_t n, cap, bytes;
} pageset;

static void add_page(pageset *ps, char *s, size_t n) {
  if (ps->n == ps->cap) {
    ps->cap = ps->cap ? ps->cap * 2 : 64;
    ps->p = realloc(ps->p, ps->cap * sizeof *ps->p);
    if (!ps->p) abort();
  }
  ps->p[ps->n++] = (page){s, n};
  ps->bytes += n;
}

/* Reads a file, gunzipping names that end in .gz. */
static int read_page(const char *path, pageset *ps) {
  size_t len = strlen(path), cap = 1 << 16, n = 0;
  char *s = malloc(cap);
  if (!s) abort();
  gzFile f = gzopen(path, "rb"); /* reads plain files as they are too */
  if (!f) {
    free(s);
    return 0;
  }
  for (;;) {
    if (n == cap) {
      cap *= 2;
      s = realloc(s, cap);
      if (!s) abort();
    }
    int k = gzread(f, s + n, (unsigned)(cap - n));
    if (k <= 0) break;
    n += (size_t)k;
  }
  gzclose(f);
  (void)len;
  add_page(ps, s, n);
  return 1;
}

static int cmp_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_dir(pageset *ps, const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  if (!d) return;
  char *names[4096];
  size_t k = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL && k < 4096) {
    size_t n = strlen(e->d_name), m = strlen(suffix);
    if (n > m && strcmp(e->d_name + n - m, suffix) == 0) names[k++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, k, sizeof names[0], cmp_name);
  for (size_t i = 0; i < k; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    read_page(path, ps);
    free(names[i]);
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int nop(void *ctx, html_tokenizer *t, const html_token *k) {
  (*(size_t *)ctx)++;
  return 0;
}

static size_t sink;

static void run_tokenizer(const pageset *ps, int text) {
  for (size_t i = 0; i < ps->n; i++) {
    html_tokenizer t;
    html_tokenizer_init(&t, &url_mem_libc, ps->p[i].s, ps->p[i].n, nop, &sink);
    t.want_text = text;
    html_tokenize(&t);
    html_tokenizer_free(&t);
  }
}

static void run_walk(const pageset *ps) {
  for (size_t i = 0; i < ps->n; i++) {
    html_links w;
    const html_link *l;
    html_links_init(&w, &url_mem_libc, ps->p[i].s, ps->p[i].n);
    while (html_links_next(&w, &l) == 1) sink += l->raw_len;
    html_links_free(&w);
  }
}

static sqlite3 *db;
static sqlite3_stmt *st;

static void run_sql(const pageset *ps) {
  for (size_t i = 0; i < ps->n; i++) {
    sqlite3_bind_blob(st, 1, ps->p[i].s, (int)ps->p[i].n, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) sink += (size_t)sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
  }
}

#ifdef HAVE_GUMBO
static void gumbo_walk(const GumboNode *n) {
  if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE) return;
  const GumboElement *e = &n->v.element;
  for (unsigned i = 0; i < e->attributes.length; i++) {
    const GumboAttribute *a = e->attributes.data[i];
    if (strcmp(a->name, "href") == 0 || strcmp(a->name, "src") == 0)
      sink += strlen(a->value);
  }
  for (unsigned i = 0; i < e->children.length; i++) gumbo_walk(e->children.data[i]);
}

static void run_gumbo(const pageset *ps) {
  for (size_t i = 0; i < ps->n; i++) {
    GumboOutput *o = gumbo_parse_with_options(&kGumboDefaultOptions, ps->p[i].s, ps->p[i].n);
    gumbo_walk(o->root);
    gumbo_destroy_output(&kGumboDefaultOptions, o);
  }
}
#endif

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Median MB/s of `rounds` passes of fn over ps. */
static double measure(const pageset *ps, void (*fn)(const pageset *), int rounds) {
  double t[64];
  if (rounds > 64) rounds = 64;
  fn(ps); /* warm up */
  for (int r = 0; r < rounds; r++) {
    double t0 = now();
    fn(ps);
    t[r] = now() - t0;
  }
  qsort(t, (size_t)rounds, sizeof t[0], cmp_double);
  return (double)ps->bytes / 1e6 / t[rounds / 2];
}

static void tok_plain(const pageset *ps) { run_tokenizer(ps, 0); }
static void tok_text(const pageset *ps) { run_tokenizer(ps, 1); }

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : "build/url.so";
  const char *shared = getenv("SHARED_DIR");
  if (!shared || !*shared) shared = "../shared";
  const char *r = getenv("BENCH_ROUNDS");
  int rounds = r && atoi(r) > 0 ? atoi(r) : 5;
  char dir[4096];
  pageset sets[2] = {{.name = "html/ (Readability pages)"},
                     {.name = "article-extraction-benchmark/html/"}};
  snprintf(dir, sizeof dir, "%s/html", shared);
  load_dir(&sets[0], dir, ".html");
  snprintf(dir, sizeof dir, "%s/article-extraction-benchmark/html", shared);
  load_dir(&sets[1], dir, ".html.gz");

  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 1;
  sqlite3_enable_load_extension(db, 1);
  char *err = NULL;
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "html_bench: cannot load %s: %s\n", ext, err ? err : "");
    return 1;
  }
  if (sqlite3_prepare_v2(db,
                         "SELECT count(url) FROM url_links(?1, 'https://example.com/dir/page.html')",
                         -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "html_bench: %s\n", sqlite3_errmsg(db));
    return 1;
  }
  printf("html_bench: MB/s (10^6 input bytes per second), median of %d rounds\n", rounds);
  printf("%-38s %6s %9s %10s %14s %11s %10s%s\n", "pages", "count", "MB", "tokenizer",
         "tokenizer+text", "links walk", "url_links",
#ifdef HAVE_GUMBO
         "      gumbo  url_links/gumbo"
#else
         "  (no libgumbo: no comparison)"
#endif
  );
  for (int i = 0; i < 2; i++) {
    pageset *ps = &sets[i];
    if (ps->n == 0) {
      printf("%-38s (not found under %s)\n", ps->name, shared);
      continue;
    }
    double a = measure(ps, tok_plain, rounds);
    double b = measure(ps, tok_text, rounds);
    double c = measure(ps, run_walk, rounds);
    double d = measure(ps, run_sql, rounds);
    printf("%-38s %6zu %9.1f %10.0f %14.0f %11.0f %10.0f", ps->name, ps->n,
           (double)ps->bytes / 1e6, a, b, c, d);
#ifdef HAVE_GUMBO
    double g = measure(ps, run_gumbo, rounds);
    printf(" %10.1f %15.1fx", g, d / g);
#endif
    printf("\n");
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  for (int i = 0; i < 2; i++) {
    for (size_t k = 0; k < sets[i].n; k++) free(sets[i].p[k].s);
    free(sets[i].p);
  }
  return sink == 0xFFFFFFFF; /* keeps the work */
}
