/*
** Instruction-count driver for the growth cases (growth_cases.h), for
** callgrind: makes one case's argument at one size, then evaluates the
** case's expression on it once inside counted_step(), the only function
** meant to be measured:
**
**   valgrind --tool=callgrind --toggle-collect=counted_step \
**       build/bench/growth_count build/url.so CASE SIZE
**   build/bench/growth_count build/url.so -l      (lists the cases)
**   valgrind --tool=callgrind --toggle-collect=counted_step \
**       build/bench/growth_count build/url.so -a SMALL BIG [FILTER]
**
** -a: every case (whose label contains FILTER) at SMALL then BIG bytes in
** one process, each in a connection of its own, with a callgrind dump
** after each evaluation (CALLGRIND_DUMP_STATS_AT, its description "CASE
** SIZE"): one start of valgrind instead of two per case, which is most of
** the cost of counting (the counts are the same: only counted_step is
** collected, and each connection warms up as before).
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

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_DUMP_STATS_AT
#define CALLGRIND_DUMP_STATS_AT(what) ((void)(what)) /* no valgrind: no dumps */
#endif

#define N_CASES (sizeof GROWTH / sizeof GROWTH[0])

static int fail(sqlite3 *db, const char *what) {
  fprintf(stderr, "growth_count: %s: %s\n", what, db ? sqlite3_errmsg(db) : "?");
  return 1;
}

/* The measured step: the expression on the argument, nothing else. */
__attribute__((noinline)) static int counted_step(sqlite3_stmt *st) {
  return sqlite3_step(st);
}

/* Evaluates case c at size bytes in a connection of its own, printing
   its row; dump: a callgrind dump after the evaluation.  0 or 1. */
static int run_case(const char *ext, size_t c, long size, int dump) {
  const growth_case *g = &GROWTH[c];
  sqlite3 *db;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return fail(db, "open");
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "growth_count: loading %s: %s\n", ext, err ? err : "?");
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
  if (dump) {
    char what[64];
    snprintf(what, sizeof what, "%zu %ld", c, size);
    CALLGRIND_DUMP_STATS_AT(what);
  }
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

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[2], "-l")) {
    for (size_t c = 0; c < N_CASES; c++) printf("%zu\t%s\n", c, GROWTH[c].label);
    return 0;
  }
  if ((argc == 5 || argc == 6) && !strcmp(argv[2], "-a")) {
    long sizes[2] = {strtol(argv[3], NULL, 10), strtol(argv[4], NULL, 10)};
    if (sizes[0] <= 0 || sizes[1] <= 0) return fail(NULL, "bad size");
    for (size_t c = 0; c < N_CASES; c++) {
      if (argc == 6 && !strstr(GROWTH[c].label, argv[5])) continue;
      for (int k = 0; k < 2; k++)
        if (run_case(argv[1], c, sizes[k], 1)) return 1;
      fflush(stdout);
    }
    return 0;
  }
  if (argc != 4) {
    fprintf(stderr, "usage: growth_count EXT CASE SIZE | growth_count EXT -l | "
                    "growth_count EXT -a SMALL BIG [FILTER]\n");
    return 2;
  }
  long c = strtol(argv[2], NULL, 10), size = strtol(argv[3], NULL, 10);
  if (c < 0 || (size_t)c >= N_CASES || size <= 0) return fail(NULL, "bad case or size");
  return run_case(argv[1], (size_t)c, size, 0);
}
