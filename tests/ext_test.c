/*
** Tests of the extension's per-row paths through SQLite itself, where the
** sqlite3 shell cannot look: the built extension (<dir of this program>/../url)
** is loaded into in-memory databases and checked for
**
**   - heap allocations per row: none for url_href, url_hostname, url_origin,
**     url_valid, url_resolve with a constant base, with a base that changes
**     every row (also longer than the inline storage), a url_components
**     join, url_pattern_test with a constant pattern and with a pattern
**     that changes every row (a join against a table of patterns), and
**     url_pattern_exec joins.  A counting SQLITE_CONFIG_MALLOC wrapper sees every allocation
**     (the extension allocates only through SQLite); after a first run, a
**     query over 2N rows must allocate exactly as much as over N rows;
**   - the statement's cache of parsed bases: url_resolve(r, b) and
**     url_href(r, b) over every pair of some bases (valid, invalid, NULL,
**     BLOB, invalid UTF-8, longer than the inline storage, opaque, file)
**     and references, in an order that repeats and alternates bases, give
**     what core/'s url_parse gives for the same pair;
**   - SQLITE_LIMIT_LENGTH read for each statement: lowering it between two
**     runs of one prepared statement makes the same calls "too big";
**   - arguments read as they are: text of a UTF-16 database, and a TEXT
**     argument that stays TEXT for the rest of the statement.
**
** Prints mismatches and the final line "N passed, N failed"; exits non-zero
** if anything failed.
*/
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "check.h"
#include "mem_libc.h"
#include "parse.h"
#include "url.h"

/* ------------------------------------------------- counting allocator */

static sqlite3_mem_methods mem_orig;
static unsigned long long n_allocs;

static void *count_malloc(int n) {
  n_allocs++;
  return mem_orig.xMalloc(n);
}
static void *count_realloc(void *p, int n) {
  n_allocs++;
  return mem_orig.xRealloc(p, n);
}

static int install_counter(void) {
  if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &mem_orig) != SQLITE_OK) return 0;
  sqlite3_mem_methods m = mem_orig;
  m.xMalloc = count_malloc;
  m.xRealloc = count_realloc;
  return sqlite3_config(SQLITE_CONFIG_MALLOC, &m) == SQLITE_OK;
}

/* ------------------------------------------------------------ helpers */

static char so_path[1100];

static sqlite3 *open_db(const char *encoding) {
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return NULL;
  if (encoding) {
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA encoding = '%s'", encoding);
    sqlite3_exec(db, sql, NULL, NULL, NULL);
  }
  sqlite3_enable_load_extension(db, 1);
  char *err = NULL;
  if (sqlite3_load_extension(db, so_path, "sqlite3_url_init", &err) !=
      SQLITE_OK) {
    printf("FAIL cannot load %s: %s\n", so_path, err ? err : "?");
    sqlite3_free(err);
    sqlite3_close(db);
    return NULL;
  }
  return db;
}

static int exec(sqlite3 *db, const char *sql) {
  char *err = NULL;
  int rc = sqlite3_exec(db, sql, NULL, NULL, &err);
  if (rc != SQLITE_OK) printf("FAIL %s: %s\n", sql, err ? err : "?");
  sqlite3_free(err);
  return rc == SQLITE_OK;
}

/* The one integer sql gives (-1 on error); *allocs: allocations of its
   step. */
static long long query_int(sqlite3 *db, const char *sql,
                           unsigned long long *allocs) {
  sqlite3_stmt *st;
  long long v = -1;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    printf("FAIL prepare %s: %s\n", sql, sqlite3_errmsg(db));
    return -1;
  }
  unsigned long long a0 = n_allocs;
  if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
  if (allocs) *allocs = n_allocs - a0;
  sqlite3_finalize(st);
  return v;
}

/* ------------------------------------------------- allocations per row */

static const char *const URLS[] = {
    "https://www.example.com/",
    "HTTPS://WWW.EXAMPLE.COM:443/a/./b/../c?utm_source=news&id=7#top",
    "http://example.com:8080/index.html?q=url+parser",
    "https://münchen.de/straße?x=ä",
    "http://192.168.0.1/admin",
    "https://[2001:db8::1]/x",
    "mailto:someone@example.com",
    "file:///C:/Windows/system32",
    "not a url",
    "https://user:pass@host.example/p%20q",
    "  https://trim.example/\t\n ",
    "blob:https://example.com/uuid",
    "wss://socket.example/chat",
    "https://a.b.c.d.e.f.example.co.uk/very/long/path/with/many/segments"
    "/and/more/segments/index.php?and=a&long=query&string=here#fragment",
};
#define N_URLS ((int)(sizeof URLS / sizeof URLS[0]))

/* A base longer than URL_STACK, and an input longer than URL_STACK: the
   statement's kept storage grows once for them. */
static char long_url[900];
static char long_base[800];

/* Fills urls(u, b) with `copies` copies of URLS, b cycling through three
   bases (so a two-slot base cache misses every row). */
static int fill(sqlite3 *db, int copies) {
  sqlite3_stmt *ins;
  if (!exec(db, "DROP TABLE IF EXISTS urls; CREATE TABLE urls(u TEXT, b TEXT)"))
    return 0;
  if (sqlite3_prepare_v2(db, "INSERT INTO urls VALUES(?1, ?2)", -1, &ins,
                         NULL) != SQLITE_OK)
    return 0;
  static const char *const bases[] = {"https://a.example/x/y?z",
                                      "http://b.example/", NULL};
  int row = 0;
  for (int c = 0; c < copies; c++) {
    for (int i = 0; i <= N_URLS; i++, row++) {
      const char *b = bases[row % 3] ? bases[row % 3] : long_base;
      sqlite3_bind_text(ins, 1, i < N_URLS ? URLS[i] : long_url, -1,
                        SQLITE_STATIC);
      sqlite3_bind_text(ins, 2, b, -1, SQLITE_STATIC);
      if (sqlite3_step(ins) != SQLITE_DONE) {
        sqlite3_finalize(ins);
        return 0;
      }
      sqlite3_reset(ins);
    }
  }
  sqlite3_finalize(ins);
  return 1;
}

static void check_allocations(void) {
  static const char *const QUERIES[] = {
      "SELECT count(url_href(u)) FROM urls",
      "SELECT count(url_hostname(u)) FROM urls",
      "SELECT count(url_origin(u)) FROM urls",
      "SELECT count(url_valid(u)) FROM urls",
      "SELECT count(url_href(u, 'https://base.example/a/b')) FROM urls",
      "SELECT count(url_resolve(u, 'https://base.example/a/b')) FROM urls",
      "SELECT count(url_resolve('../x/y.png?v=2', u)) FROM urls",
      "SELECT count(url_resolve(u, b)) FROM urls",
      "SELECT count(url_resolve(u, b)) + count(url_resolve('../x', u)) "
      "FROM urls",
      "SELECT count(c.href) FROM urls, url_components(urls.u) AS c",
      "SELECT count(c.hostname) FROM urls, url_components(urls.u, urls.b) AS c",
      "SELECT count(url_pattern_test('https://{:sub.}?example.com/*', u)) FROM urls",
      "SELECT count(url_pattern_test('{\"pathname\": \"/:a/:b*\"}', u, b)) FROM urls",
      "SELECT count(e.value) FROM urls, url_pattern_exec('http{s}?://*/:seg/*', urls.u) AS e",
      "SELECT count(url_pattern_test(r.column1, u)) FROM urls, (VALUES ('https://*/:x'),"
      " ('{\"pathname\": \"/:a/:b?\"}'), ('http{s}?://*.example.com/*')) AS r",
      "SELECT count(e.value) FROM urls, (VALUES ('https://*/:x/*'), ('{\"search\": \"*=:v\"}'))"
      " AS r, url_pattern_exec(r.column1, urls.u) AS e",
  };
  sqlite3 *db = open_db(NULL);
  if (!db) {
    check_named(0, "open");
    return;
  }
  for (size_t q = 0; q < sizeof QUERIES / sizeof QUERIES[0]; q++) {
    unsigned long long a1 = 0, a2 = 0;
    long long r1 = -1, r2 = -1;
    /* A first run warms what the connection keeps from call to call. */
    if (fill(db, 50) && query_int(db, QUERIES[q], &a1) > 0)
      r1 = query_int(db, QUERIES[q], &a1);
    if (fill(db, 100)) r2 = query_int(db, QUERIES[q], &a2);
    char what[300];
    snprintf(what, sizeof what,
             "%s: %llu allocations over %d rows, %llu over %d (want equal)",
             QUERIES[q], a1, 50 * (N_URLS + 1), a2, 100 * (N_URLS + 1));
    check_named(r1 > 0 && r2 == 2 * r1 && a1 == a2, what);
  }
  sqlite3_close(db);
}

/* ------------------------------------------------------- base cache */

typedef struct value {
  int type; /* SQLITE_TEXT, SQLITE_BLOB, SQLITE_NULL */
  const char *s;
  int n; /* -1: strlen */
} value;

static void bind_value(sqlite3_stmt *st, int i, const value *v) {
  int n = v->n < 0 && v->s ? (int)strlen(v->s) : v->n;
  switch (v->type) {
    case SQLITE_TEXT: sqlite3_bind_text(st, i, v->s, n, SQLITE_STATIC); break;
    case SQLITE_BLOB: sqlite3_bind_blob(st, i, v->s, n, SQLITE_STATIC); break;
    default: sqlite3_bind_null(st, i); break;
  }
}

/* core/'s answer for new URL(r, b).href: NULL for NULL or failure.  Text
   bytes are valid UTF-8 here except the one invalid base, which the
   extension repairs to U+FFFD first (written out in `repaired`). */
static char *expected(const value *b, const char *repaired, const value *r) {
  if (b->type == SQLITE_NULL || r->type == SQLITE_NULL) return NULL;
  const char *bs = repaired ? repaired : b->s;
  size_t bn = repaired ? strlen(repaired) : b->n < 0 ? strlen(b->s) : (size_t)b->n;
  char st1[256], st2[256];
  url base, u;
  char *out = NULL;
  url_init(&base, &url_mem_libc, st1, sizeof st1, 1 << 20);
  url_init(&u, &url_mem_libc, st2, sizeof st2, 1 << 20);
  if (url_parse(&base, bs, bn, NULL) == URL_OK &&
      url_parse(&u, r->s, strlen(r->s), &base) == URL_OK) {
    url_str h = url_href(&u);
    out = malloc(h.n + 1);
    if (out) {
      memcpy(out, h.s, h.n);
      out[h.n] = 0;
    }
  }
  url_free(&u);
  url_free(&base);
  return out;
}

static void check_base_cache(void) {
  static char long_b[700];
  memcpy(long_b, "https://long.example/", 21);
  memset(long_b + 21, 'p', sizeof long_b - 22);
  static const value BASES[] = {
      {SQLITE_TEXT, "https://a.example/x/y?z", -1},
      {SQLITE_TEXT, "http://b.example/dir/", -1},
      {SQLITE_TEXT, "not a base", -1},
      {SQLITE_NULL, NULL, 0},
      {SQLITE_BLOB, "https://a.example/x/y?z", -1}, /* same bytes as [0] */
      {SQLITE_TEXT, "https://c.example/\xFF/", -1}, /* invalid UTF-8 */
      {SQLITE_TEXT, long_b, -1},
      {SQLITE_TEXT, "mailto:x@y", -1},
      {SQLITE_TEXT, "file:///C:/dir/f", -1},
      {SQLITE_TEXT, "https://a.example/x/y?z\0tail", 28}, /* embedded NUL */
  };
  static const char *const REPAIRED[] = {
      NULL, NULL, NULL, NULL, NULL, "https://c.example/\xEF\xBF\xBD/",
      NULL, NULL, NULL, NULL};
  static const value REFS[] = {
      {SQLITE_TEXT, "../q", -1},        {SQLITE_TEXT, "?only", -1},
      {SQLITE_TEXT, "#frag", -1},       {SQLITE_TEXT, "//other.example/", -1},
      {SQLITE_TEXT, "https://abs.example/", -1},
      {SQLITE_TEXT, "", -1},            {SQLITE_TEXT, "/root", -1},
      {SQLITE_TEXT, "D:/x", -1},        {SQLITE_NULL, NULL, 0},
  };
  enum { NB = sizeof BASES / sizeof BASES[0], NR = sizeof REFS / sizeof REFS[0] };
  /* An order that repeats bases (runs of 3) and alternates them. */
  int order[4 * NB * NR][2], n = 0;
  for (int b = 0; b < NB; b++)
    for (int r = 0; r < NR; r++) order[n][0] = b, order[n++][1] = r;
  for (int r = 0; r < NR; r++)
    for (int b = 0; b < NB; b++) order[n][0] = b, order[n++][1] = r;
  for (int k = 0; k < 2 * NB * NR; k++)
    order[n][0] = (k / 3) % NB, order[n++][1] = (k * 7) % NR;

  sqlite3 *db = open_db(NULL);
  if (!db) {
    check_named(0, "open");
    return;
  }
  sqlite3_stmt *ins, *sel;
  int ok = exec(db, "CREATE TABLE pairs(id INTEGER PRIMARY KEY, b, r)") &&
           sqlite3_prepare_v2(db, "INSERT INTO pairs(b, r) VALUES(?1, ?2)",
                              -1, &ins, NULL) == SQLITE_OK;
  for (int i = 0; ok && i < n; i++) {
    bind_value(ins, 1, &BASES[order[i][0]]);
    bind_value(ins, 2, &REFS[order[i][1]]);
    ok = sqlite3_step(ins) == SQLITE_DONE;
    sqlite3_reset(ins);
  }
  if (ok) sqlite3_finalize(ins);
  ok = ok && sqlite3_prepare_v2(db,
                                "SELECT url_resolve(r, b), url_href(r, b), "
                                "url_resolve(r, b) FROM pairs ORDER BY id",
                                -1, &sel, NULL) == SQLITE_OK;
  check_named(ok, "base cache: set up");
  if (!ok) {
    sqlite3_close(db);
    return;
  }
  int bad = 0;
  for (int i = 0; i < n && sqlite3_step(sel) == SQLITE_ROW; i++) {
    const value *b = &BASES[order[i][0]], *r = &REFS[order[i][1]];
    char *want = expected(b, REPAIRED[order[i][0]], r);
    for (int col = 0; col < 3; col++) {
      const char *got = (const char *)sqlite3_column_text(sel, col);
      /* url_href(r, NULL) is url_href(r): NULL base means no base. */
      char *w = want;
      char *alt = NULL;
      if (col == 1 && b->type == SQLITE_NULL && r->type != SQLITE_NULL) {
        char st[256];
        url u;
        url_init(&u, &url_mem_libc, st, sizeof st, 1 << 20);
        if (url_parse(&u, r->s, strlen(r->s), NULL) == URL_OK) {
          url_str h = url_href(&u);
          alt = malloc(h.n + 1);
          if (alt) memcpy(alt, h.s, h.n), alt[h.n] = 0;
        }
        url_free(&u);
        w = alt;
      }
      if ((got == NULL) != (w == NULL) || (got && strcmp(got, w))) {
        if (bad++ < 10)
          printf("FAIL base cache row %d col %d: base #%d ref '%s': got %s, "
                 "want %s\n",
                 i, col, order[i][0], r->s ? r->s : "NULL",
                 got ? got : "NULL", w ? w : "NULL");
      }
      free(alt);
    }
    free(want);
  }
  sqlite3_finalize(sel);
  char what[100];
  snprintf(what, sizeof what, "base cache: %d of %d rows differ from core", bad, n);
  check_named(bad == 0, what);
  sqlite3_close(db);
}

/*
** identity(x [, y]): x, read and returned as the URL functions read their
** arguments (sqlite3_value_bytes, then _blob, of each) and return their
** results (a NUL-terminated copy), and registered with their flags: what
** SQLite itself allocates around such calls, when it runs a statement once
** per value.
*/
static void identity(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  char buf[512];
  int n = 0;
  const void *p = NULL;
  for (int i = argc - 1; i >= 0; i--) {
    n = sqlite3_value_bytes(argv[i]);
    p = sqlite3_value_blob(argv[i]);
  }
  if (!p || n >= (int)sizeof buf) {
    sqlite3_result_null(ctx);
    return;
  }
  memcpy(buf, p, (size_t)n);
  buf[n] = 0;
  sqlite3_result_text(ctx, buf, -1, SQLITE_TRANSIENT);
}

/* Allocations of 60 runs of the statements sql[0..k), each bound to ?1 =
   "https://x.example/p" and ?2 = "../q", after 30 to warm up. */
static unsigned long long bound_allocs(sqlite3 *db, const char *const *sql,
                                       int k) {
  sqlite3_stmt *st[4];
  unsigned long long a = 0;
  for (int i = 0; i < k; i++)
    if (sqlite3_prepare_v2(db, sql[i], -1, &st[i], NULL) != SQLITE_OK) return ~0ULL;
  for (int round = 0; round < 2; round++) {
    unsigned long long a0 = n_allocs;
    for (int j = 0; j < 30 * (round + 1); j++) {
      for (int i = 0; i < k; i++) {
        sqlite3_bind_text(st[i], 1, "https://x.example/p", -1, SQLITE_STATIC);
        sqlite3_bind_text(st[i], 2, "../q", -1, SQLITE_STATIC);
        sqlite3_step(st[i]);
        sqlite3_reset(st[i]);
      }
    }
    a = n_allocs - a0;
  }
  for (int i = 0; i < k; i++) sqlite3_finalize(st[i]);
  return a;
}

/*
** Statements run once per value (bind, step, reset), interleaved on one
** connection with different bases: the answers are core's, and after a
** first round the calls allocate no more than identity's do.
*/
static void check_bound_calls(void) {
  static const char *const BASES[] = {"https://a.example/x/", "http://b.example/y/z",
                                      "https://c.example/"};
  static const char *const REFS[] = {"../q?1", "p", "//h.example/", "#f", ""};
  sqlite3 *db = open_db(NULL);
  if (!db) {
    check_named(0, "open");
    return;
  }
  sqlite3_stmt *st[3], *href;
  int ok = 1;
  for (int b = 0; b < 3; b++) {
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT url_resolve(?1, '%s')", BASES[b]);
    ok &= sqlite3_prepare_v2(db, sql, -1, &st[b], NULL) == SQLITE_OK;
  }
  ok &= sqlite3_prepare_v2(db, "SELECT url_resolve(?1, ?2), url_href(?1)", -1,
                           &href, NULL) == SQLITE_OK;
  check_named(ok, "bound calls: prepare");
  if (!ok) {
    sqlite3_close(db);
    return;
  }
  int bad = 0;
  unsigned long long allocs[3] = {0, 0, 0};
  for (int round = 0; round < 3; round++) {
    unsigned long long a0 = n_allocs;
    for (int k = 0; k < (round == 2 ? 60 : 30); k++) {
      int b = k % 3;
      const value r = {SQLITE_TEXT, REFS[k % 5], -1};
      const value bv = {SQLITE_TEXT, BASES[b], -1};
      char *want = expected(&bv, NULL, &r);
      sqlite3_stmt *s1 = st[b];
      sqlite3_bind_text(s1, 1, r.s, -1, SQLITE_STATIC);
      sqlite3_bind_text(href, 1, r.s, -1, SQLITE_STATIC);
      sqlite3_bind_text(href, 2, BASES[(k + 1) % 3], -1, SQLITE_STATIC);
      const value bv2 = {SQLITE_TEXT, BASES[(k + 1) % 3], -1};
      char *want2 = expected(&bv2, NULL, &r);
      const char *got = NULL, *got2 = NULL;
      if (sqlite3_step(s1) == SQLITE_ROW)
        got = (const char *)sqlite3_column_text(s1, 0);
      if (sqlite3_step(href) == SQLITE_ROW)
        got2 = (const char *)sqlite3_column_text(href, 0);
      if ((got == NULL) != (want == NULL) || (got && strcmp(got, want)) ||
          (got2 == NULL) != (want2 == NULL) || (got2 && strcmp(got2, want2))) {
        if (bad++ < 5)
          printf("FAIL bound calls: base '%s' ref '%s': got %s / %s, want %s / %s\n",
                 BASES[b], r.s, got ? got : "NULL", got2 ? got2 : "NULL",
                 want ? want : "NULL", want2 ? want2 : "NULL");
      }
      sqlite3_reset(s1);
      sqlite3_reset(href);
      free(want);
      free(want2);
    }
    allocs[round] = n_allocs - a0;
  }
  check_named(bad == 0, "bound calls: answers");
  (void)allocs;
  for (int n = 1; n <= 2; n++)
    sqlite3_create_function(db, "identity", n,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC |
                                SQLITE_INNOCUOUS,
                            NULL, identity, NULL, NULL);
  static const char *const OURS[] = {
      "SELECT url_resolve(?1, 'https://a.example/x/')",
      "SELECT url_resolve(?2, ?1), url_href(?1)",
      "SELECT url_href(?2, ?1)",
      "SELECT url_pattern_test('https://*/:x', ?1), url_pattern_test(?1 || ':x', ?2)",
  };
  static const char *const IDENT[] = {
      "SELECT identity('https://a.example/x/', ?1)",
      "SELECT identity(?1, ?2), identity(?1)",
      "SELECT identity(?2, ?1)",
      "SELECT ?1 IS NULL, (?1 || ':x') IS NULL OR ?2 IS NULL", /* integers too */
  };
  unsigned long long ours = bound_allocs(db, OURS, 4);
  unsigned long long ident = bound_allocs(db, IDENT, 4);
  char what[200];
  snprintf(what, sizeof what,
           "bound calls: %llu allocations in 60 rounds, identity's %llu (want "
           "equal)", ours, ident);
  check_named(ours == ident, what);
  for (int b = 0; b < 3; b++) sqlite3_finalize(st[b]);
  sqlite3_finalize(href);
  sqlite3_close(db);
}

/* ------------------------------------------------------------- limits */

/* Steps st once: SQLITE_ROW, or the error code. */
static int step_once(sqlite3_stmt *st) {
  int rc = sqlite3_step(st);
  sqlite3_reset(st);
  return rc;
}

static void check_limits(void) {
  static const char *const SQL[] = {
      "SELECT url_href('https://example.com/a-path-that-is-long-enough')",
      "SELECT url_hostname('https://example.com/a-path-that-is-long-enough')",
      "SELECT url_valid('https://example.com/a-path-that-is-long-enough')",
      "SELECT url_resolve('x', ?1)",
      "SELECT url_resolve('?q', "
      "'https://example.com/a-path-that-is-long-enough')",
      "SELECT count(*) FROM url_components('https://example.com/a-path-that-"
      "is-long-enough')",
  };
  sqlite3 *db = open_db(NULL);
  if (!db) {
    check_named(0, "open");
    return;
  }
  int def = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  for (size_t i = 0; i < sizeof SQL / sizeof SQL[0]; i++) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, SQL[i], -1, &st, NULL) != SQLITE_OK) {
      check_named(0, SQL[i]);
      continue;
    }
    sqlite3_bind_text(st, 1, "https://example.com/a-path-that-is-long-enough/",
                      -1, SQLITE_STATIC);
    char what[300];
    snprintf(what, sizeof what, "%s: rows under the default limit", SQL[i]);
    check_named(step_once(st) == SQLITE_ROW, what);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 40);
    snprintf(what, sizeof what, "%s: too big under a limit of 40", SQL[i]);
    check_named(step_once(st) == SQLITE_TOOBIG, what);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, def);
    snprintf(what, sizeof what, "%s: rows again after the limit is back", SQL[i]);
    check_named(step_once(st) == SQLITE_ROW, what);
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
}

/* ---------------------------------------------------------- arguments */

/* The text of row `row` column `col` of sql is want (NULL: SQL NULL). */
static void check_text(sqlite3 *db, const char *sql, int col, const char *want,
                       const char *what) {
  sqlite3_stmt *st;
  const char *got = "(error)";
  int ok = 0;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
    if (sqlite3_step(st) == SQLITE_ROW) {
      got = (const char *)sqlite3_column_text(st, col);
      ok = want ? got && strcmp(got, want) == 0 : got == NULL;
      if (!got) got = "NULL";
    }
  }
  if (!ok) printf("FAIL %s: %s col %d: got '%s' want '%s'\n", what, sql, col,
                  got, want ? want : "NULL");
  check_named(ok, what);
  sqlite3_finalize(st);
}

static void check_arguments(void) {
  /* A UTF-16 database: arguments arrive as UTF-16 and are read as UTF-8. */
  static const char *const ENC[] = {"UTF-16le", "UTF-16be", "UTF-8"};
  for (size_t e = 0; e < sizeof ENC / sizeof ENC[0]; e++) {
    sqlite3 *db = open_db(ENC[e]);
    if (!db) {
      check_named(0, "open");
      continue;
    }
    char what[64];
    snprintf(what, sizeof what, "%s database", ENC[e]);
    exec(db, "CREATE TABLE t(u TEXT, b TEXT); INSERT INTO t VALUES "
             "('HTTPS://Example.COM/ä/../b?x=ü#é', 'https://bäse.example/d/'),"
             "('', 'not a url')");
    check_text(db, "SELECT url_href(u) FROM t WHERE rowid = 1", 0,
               "https://example.com/b?x=%C3%BC#%C3%A9", what);
    check_text(db, "SELECT url_resolve('../ö', b) FROM t WHERE rowid = 1", 0,
               "https://xn--bse-qla.example/%C3%B6", what);
    check_text(db, "SELECT url_href(u, b) FROM t WHERE rowid = 2", 0, NULL,
               what);
    check_text(db, "SELECT url_resolve(u, b) FROM t WHERE rowid = 1", 0,
               "https://example.com/b?x=%C3%BC#%C3%A9", what);
    /* The argument is read in place, and stays the TEXT it was. */
    check_text(db,
               "SELECT url_hostname(u), typeof(u), u = 'HTTPS://Example.COM/"
               "ä/../b?x=ü#é', length(u), u FROM t WHERE rowid = 1",
               1, "text", what);
    check_text(db,
               "SELECT url_hostname(u), typeof(u), u = 'HTTPS://Example.COM/"
               "ä/../b?x=ü#é', length(u), u FROM t WHERE rowid = 1",
               2, "1", what);
    check_text(db,
               "SELECT url_hostname(u), typeof(u), u = 'HTTPS://Example.COM/"
               "ä/../b?x=ü#é', length(u), u FROM t WHERE rowid = 1",
               3, "32", what);
    check_text(db,
               "SELECT url_hostname(u), typeof(u), u = 'HTTPS://Example.COM/"
               "ä/../b?x=ü#é', length(u), u FROM t WHERE rowid = 1",
               4, "HTTPS://Example.COM/ä/../b?x=ü#é", what);
    check_text(db, "SELECT typeof(x) || url_href(x) || typeof(x) FROM "
               "(SELECT 'https://a/' AS x)", 0, "texthttps://a/text", what);
    sqlite3_close(db);
  }
}

int main(int argc, char **argv) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", argv[0]);
  snprintf(so_path, sizeof so_path, "%s/../url", dirname(buf));
  memcpy(long_base, "https://long-base.example/d/?", 29);
  memset(long_base + 29, 'q', sizeof long_base - 30);
  memcpy(long_url, "HTTPS://LONG.EXAMPLE/./", 23);
  memset(long_url + 23, 'p', sizeof long_url - 24);
  if (!install_counter()) {
    printf("FAIL SQLITE_CONFIG_MALLOC\n");
    return 1;
  }
  check_allocations();
  check_base_cache();
  check_bound_calls();
  check_limits();
  check_arguments();
  return check_summary();
}
