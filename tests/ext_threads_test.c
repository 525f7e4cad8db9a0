/*
** Concurrency: 4 threads, each with its own connection, load the extension
** at the same moment and run every statement of tests/ext_cases.c in turn,
** ROUNDS times; thread 0 also runs url_psl_load each round, swapping its
** connection's list while the others use theirs.  Every result must be the
** one a single thread gets for the same sequence of statements.
**
** Then many connections (issue 28: a list is built once per process and
** shared): 8 threads each open, use and close 500 connections, while the
** main thread keeps one open; the default list is built on first use by
** whichever thread comes first, and every 25th connection of a thread also
** loads the system's text list, which the threads then share, build again
** and free as their references come and go.
**
** In make test and make test-sanitize it checks the results (and ASan).
** `make tsan` builds it and the extension with ThreadSanitizer (build-tsan/)
** and fails on any report.  What TSan sees there: every access of the
** extension (core/ and ext/, instrumented) and the happens-before edges of
** SQLite's mutexes (Debian's libsqlite3 is not instrumented, but its
** pthread calls are intercepted); SQLite's own memory accesses are not
** checked.  No suppressions.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext_cases.h"
#include "ext_db.h"

#define THREADS 4
#define ROUNDS 8

static const char *so;
static pthread_barrier_t start;

/* A sequence of statements and its expected results: the first round's,
   then every later round's (url_psl_info shows the list loaded in the
   round before). */
typedef struct role {
  int loads; /* runs the url_psl_load rows */
  char *want[2][256];
} role;

static role roles[2] = {{1, {{0}}}, {0, {{0}}}};

typedef struct worker {
  pthread_t thread;
  const role *role;
  int id, runs, failures;
} worker;

static int skip(const role *r, int i) {
  return !r->loads && strcmp(ext_cases[i].fn, "url_psl_load") == 0;
}

/* A connection with the extension and the fixture, or NULL. */
static sqlite3 *connect_db(void) {
  sqlite3 *db = ext_open(so);
  char *out = NULL;
  if (db && ext_run(db, ext_fixture, &out) != SQLITE_OK) {
    printf("fixture: %s\n", sqlite3_errmsg(db));
    sqlite3_close(db);
    db = NULL;
  }
  free(out);
  return db;
}

/* The expected results: the sequence run twice by one thread. */
static int expect(role *r) {
  sqlite3 *db = connect_db();
  if (!db) return 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < ext_n_cases; i++)
      if (!skip(r, i) && ext_run(db, ext_cases[i].sql, &r->want[pass][i]) !=
                             SQLITE_OK) {
        printf("%s: %s\n", ext_cases[i].sql, sqlite3_errmsg(db));
        sqlite3_close(db);
        return 0;
      }
  sqlite3_close(db);
  return 1;
}

static void *work(void *arg) {
  worker *w = arg;
  pthread_barrier_wait(&start); /* load at the same moment */
  sqlite3 *db = connect_db();
  if (!db) {
    w->failures++;
    return NULL;
  }
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < ext_n_cases; i++) {
      if (skip(w->role, i)) continue;
      char *got = NULL;
      int rc = ext_run(db, ext_cases[i].sql, &got);
      const char *want = w->role->want[round > 0][i];
      w->runs++;
      if (rc != SQLITE_OK || strcmp(got, want) != 0) {
        if (w->failures++ < 3)
          printf("FAIL thread %d, round %d: %s\n  got  %.200s\n  want %.200s\n",
                 w->id, round, ext_cases[i].sql,
                 rc == SQLITE_OK ? got : sqlite3_errmsg(db), want);
      }
      free(got);
    }
  }
  sqlite3_close(db);
  return NULL;
}

/* ------------------------------------------------- many connections */

#define MANY_THREADS 8
#define MANY_CONNS 500
#define SYSTEM_DAT "/usr/share/publicsuffix/public_suffix_list.dat"

static const char many_sql[] =
    "SELECT url_registrable_domain('https://a.b.example.co.uk/') || ' ' || "
    "url_public_suffix('x.github.io') || ' ' || "
    "url_same_site('https://a.ck', 'https://b.ck')";
static const char many_want[] = "'example.co.uk github.io 0'\n";

typedef struct many_worker {
  pthread_t thread;
  int id, conns, failures;
} many_worker;

static void *many_work(void *arg) {
  many_worker *w = arg;
  pthread_barrier_wait(&start);
  for (int i = 0; i < MANY_CONNS; i++) {
    sqlite3 *db = ext_open(so);
    if (!db) {
      w->failures++;
      continue;
    }
    w->conns++;
    char *got = NULL;
    int rc = SQLITE_OK;
    if (i % 25 == 24) {
      rc = ext_run(db, "SELECT url_psl_load('" SYSTEM_DAT "') ->> '$.format'",
                   &got);
      if (rc == SQLITE_OK && strcmp(got, "'text'\n") != 0) rc = SQLITE_ERROR;
      free(got);
      got = NULL;
    }
    if (rc == SQLITE_OK) rc = ext_run(db, many_sql, &got);
    if (rc != SQLITE_OK || strcmp(got, many_want) != 0) {
      if (w->failures++ < 3)
        printf("FAIL thread %d, connection %d: got %s\n", w->id, i,
               rc == SQLITE_OK ? got : sqlite3_errmsg(db));
    }
    free(got);
    sqlite3_close(db);
  }
  return NULL;
}

static void many_connections(void) {
  sqlite3 *keep = ext_open(so); /* keeps the library loaded */
  if (!ext_check(keep != NULL, "many: cannot open")) return;
  many_worker w[MANY_THREADS];
  pthread_barrier_init(&start, NULL, MANY_THREADS);
  int started = 0;
  for (int t = 0; t < MANY_THREADS; t++) {
    w[t] = (many_worker){.id = t};
    if (pthread_create(&w[t].thread, NULL, many_work, &w[t]) != 0) break;
    started++;
  }
  if (!ext_check(started == MANY_THREADS, "many: cannot start the threads"))
    exit(1); /* the others wait at the barrier */
  int conns = 0;
  for (int t = 0; t < MANY_THREADS; t++) {
    pthread_join(w[t].thread, NULL);
    conns += w[t].conns;
    ext_check(w[t].failures == 0, "many: thread %d: %d wrong results", t,
              w[t].failures);
  }
  pthread_barrier_destroy(&start);
  char *got = NULL;
  ext_check(ext_run(keep, many_sql, &got) == SQLITE_OK &&
                strcmp(got, many_want) == 0,
            "many: the keeping connection");
  free(got);
  sqlite3_close(keep);
  printf("threads: %d threads x %d connections opened, used and closed "
         "(%d in all; url_psl_load in every 25th)\n",
         MANY_THREADS, MANY_CONNS, conns);
}


int main(int argc, char **argv) {
  so = ext_so_path(argv[0]);
  if (ext_n_cases > 256 || !expect(&roles[0]) || !expect(&roles[1])) {
    printf("cannot compute the expected results\n");
    return 1;
  }
  worker w[THREADS];
  pthread_barrier_init(&start, NULL, THREADS);
  for (int t = 0; t < THREADS; t++) {
    w[t] = (worker){.role = &roles[t != 0], .id = t};
    if (pthread_create(&w[t].thread, NULL, work, &w[t]) != 0) {
      printf("cannot start thread %d\n", t);
      return 1;
    }
  }
  int runs = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(w[t].thread, NULL);
    runs += w[t].runs;
    ext_check(w[t].failures == 0, "thread %d: %d wrong results", t,
              w[t].failures);
  }
  pthread_barrier_destroy(&start);
  printf("threads: %d threads, %d connections loaded at once, %d statements "
         "(url_psl_load on thread 0 each round)\n",
         THREADS, THREADS, runs);
  for (int r = 0; r < 2; r++)
    for (int p = 0; p < 2; p++)
      for (int i = 0; i < ext_n_cases; i++) free(roles[r].want[p][i]);
  many_connections();
  return ext_summary();
}
