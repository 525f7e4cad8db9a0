/*
** Instruction-count driver for the growth cases (growth_cases.h), for
** callgrind: makes one case's argument at one size, then evaluates the
** case's expression on it once inside counted_step(), the only function
** meant to be measured:
**
**   valgrind --tool=callgrind --toggle-collect=counted_step \
**       build/bench/growth_count build/url.so CASE SIZE
**   build/bench/growth_count build/url.so -l      (lists the cases)
**
** `make growth-count` (tools/growth-count.sh) runs every case at 64 kB and
** 1 MB and checks the growth of the counts, which (unlike times on a shared
** machine) repeat exactly: linear work grows 16 times, n log n 20 times.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "growth_cases.h"

#define N_CASES (sizeof GROWTH / sizeof GROWTH[0])

static int fail(sqlite3 *db, const char *what) {
  fprintf(stderr, "growth_count: %s: %s\n", what, db ? sqlite3_errmsg(db) : "?");
  return 1;
}

/* The measured step: the expression on the argument, nothing else. */
__attribute__((noinline)) static int counted_step(sqlite3_stmt *st) {
  return sqlite3_step(st);
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[2], "-l")) {
    for (size_t c = 0; c < N_CASES; c++) printf("%zu\t%s\n", c, GROWTH[c].label);
    return 0;
  }
  if (argc != 4) {
    fprintf(stderr, "usage: growth_count EXT CASE SIZE | growth_count EXT -l\n");
    return 2;
  }
  long c = strtol(argv[2], NULL, 10), size = strtol(argv[3], NULL, 10);
  if (c < 0 || (size_t)c >= N_CASES || size <= 0) return fail(NULL, "bad case or size");
  const growth_case *g = &GROWTH[c];
  sqlite3 *db;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return fail(db, "open");
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, argv[1], NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "growth_count: loading %s: %s\n", argv[1], err ? err : "?");
    return 1;
  }
  char sql[2048];
  sqlite3_stmt *ins, *q;
  /* Two rows: a 1 kB warm-up (a list built on first use, a pattern
     compiled once per statement) and the measured size. */
  if (sqlite3_exec(db, "CREATE TABLE growth(n INTEGER, a)", 0, 0, 0) != SQLITE_OK)
    return fail(db, "table");
  snprintf(sql, sizeof sql, "INSERT INTO growth VALUES (?1, %s)", g->arg);
  if (sqlite3_prepare_v2(db, sql, -1, &ins, 0) != SQLITE_OK) return fail(db, "argument");
  for (int i = 0; i < 2; i++) {
    sqlite3_bind_int64(ins, 1, i ? size : 1024);
    if (sqlite3_step(ins) != SQLITE_DONE) return fail(db, "argument");
    sqlite3_reset(ins);
  }
  sqlite3_finalize(ins);
  /* The argument's own size in bytes (some cases join two parts of SIZE). */
  sqlite3_int64 arg_bytes = 0;
  if (sqlite3_prepare_v2(db, "SELECT length(CAST(a AS BLOB)) FROM growth WHERE n = ?1",
                         -1, &q, 0) != SQLITE_OK)
    return fail(db, "size");
  sqlite3_bind_int64(q, 1, size);
  if (sqlite3_step(q) == SQLITE_ROW) arg_bytes = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  if (arg_bytes <= 0) arg_bytes = size;
  snprintf(sql, sizeof sql, "SELECT typeof(%s) FROM growth WHERE n = ?1", g->expr);
  if (sqlite3_prepare_v2(db, sql, -1, &q, 0) != SQLITE_OK) return fail(db, "query");
  sqlite3_bind_int64(q, 1, 1024);
  (void)sqlite3_step(q); /* warm-up: an error is an answer too */
  sqlite3_reset(q);
  sqlite3_bind_int64(q, 1, size);
  sqlite3_memory_highwater(1);
  sqlite3_int64 base = sqlite3_memory_used();
  int rc = counted_step(q);
  sqlite3_int64 peak = sqlite3_memory_highwater(0) - base;
  /* An error (a bound) is an answer too: its cost counts.  peak: the most
     memory SQLite's allocator held at once beyond what it held before, in
     multiples of the argument's size in bytes. */
  printf("%s\t%ld\t%s\t%.1f\n", g->label, size,
         rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q, 0) : "err",
         (double)peak / (double)arg_bytes);
  sqlite3_finalize(q);
  sqlite3_close(db);
  return 0;
}
