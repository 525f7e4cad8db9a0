/*
** Out-of-memory test of every SQL function and table-valued function, in
** the manner of SQLite's and curl's: a SQLITE_CONFIG_MALLOC wrapper fails
** the Nth allocation (malloc or realloc) after it is armed, and each
** statement of the table below runs with N = 1, 2, 3, ... until a run makes
** fewer than N allocations.  Every run must end in the right answer (the
** rows of a run without failures) or SQLITE_NOMEM: never another answer,
** another error, a crash (ASan under make test-sanitize), or a leak (the
** wrapper counts outstanding allocations, which must be back to their
** count before the connection was opened once it is closed).
**
** Each run is a fresh connection: opened and loaded with the allocator
** disarmed, the fixture table `inputs` created, then the statement run
** armed, then closed.  Two more cases arm the allocator around loading the
** extension itself (sqlite3_load_extension, and SQL's load_extension()):
** a failed load must leave nothing behind that points into the library,
** which SQLite unloads after a failed init.
**
** Both ways of failing run: only the Nth call fails (the code must
** recover and go on), and the Nth and every later call fail.
**
** The statements must cover every function the extension registers (name and
** argument count, as pragma_function_list lists them) and every module: a
** function without a row fails the test, so that functions added later
** cannot escape it.  The statements are tests/ext_cases.c's: adding a
** function = adding a line there.
**
** `make test` fails a sample of the calls of each statement (the first
** OOM_HEAD of them, then OOM_SPREAD spread evenly over the rest, then on
** until a run makes fewer calls); `make test-full` (URL_TEST_FULL=1) fails
** every one.  Loading the extension is sampled the same way.
**
** Prints failures and a summary; "-v" also prints the runs per statement.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext_cases.h"
#include "ext_db.h"

/* ------------------------------------------------ the failing allocator */

static sqlite3_mem_methods sys; /* SQLite's default allocator */
static int armed;               /* count (and maybe fail) calls */
static long fail_at;            /* fail call number fail_at (0: none) */
static long calls;              /* malloc + realloc calls while armed */
static int injected;            /* a call was failed */
static long outstanding;        /* live allocations */

static int persistent;          /* also fail every call after it */

static int fail_now(void) {
  if (!armed) return 0;
  ++calls;
  if (!fail_at || calls < fail_at || (calls > fail_at && !persistent))
    return 0;
  injected = 1;
  return 1;
}

static void *oom_malloc(int n) {
  if (fail_now()) return NULL;
  void *p = sys.xMalloc(n);
  if (p) outstanding++;
  return p;
}

static void oom_free(void *p) {
  if (p) outstanding--;
  sys.xFree(p);
}

static void *oom_realloc(void *p, int n) {
  if (fail_now()) return NULL;
  return sys.xRealloc(p, n);
}

static int install_allocator(void) {
  if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &sys) != SQLITE_OK) return 0;
  sqlite3_mem_methods m = sys;
  m.xMalloc = oom_malloc;
  m.xFree = oom_free;
  m.xRealloc = oom_realloc;
  return sqlite3_config(SQLITE_CONFIG_MALLOC, &m) == SQLITE_OK &&
         sqlite3_initialize() == SQLITE_OK;
}

static void arm(long n) {
  calls = 0;
  injected = 0;
  fail_at = n;
  armed = 1;
}

/* ------------------------------------------------------------- running */

static const char *so;
static long baseline; /* outstanding allocations with no connection open */
static long total_runs, max_runs, leaks;
static int verbose;

/* A connection with the extension and the fixture, set up disarmed. */
static sqlite3 *setup(void) {
  sqlite3 *db = ext_open(so);
  if (!db) return NULL;
  char *out;
  if (ext_run(db, ext_fixture, &out) != SQLITE_OK) {
    printf("fixture: %s\n", sqlite3_errmsg(db));
    sqlite3_close(db);
    return NULL;
  }
  free(out);
  return db;
}

/* Prints a failed run; returns 0. */
static int bad(const char *what, long n, const char *fmt, const char *detail) {
  printf("FAIL %s (N=%ld): ", what, n);
  printf(fmt, detail);
  putchar('\n');
  return 0;
}

/* Closes db (disarmed) and checks that nothing is left allocated. */
static int teardown(sqlite3 *db, const char *what, long n) {
  armed = 0;
  if (sqlite3_close(db) != SQLITE_OK) return bad(what, n, "%s", "close failed");
  long leaked = outstanding - baseline;
  leaks += leaked;
  baseline = outstanding; /* report each leak once */
  if (leaked) {
    char num[32];
    snprintf(num, sizeof num, "%ld", leaked);
    return bad(what, n, "%s allocations leaked", num);
  }
  return 1;
}

/* One run of a statement with call n failing: the right answer or
   SQLITE_NOMEM.  *hit says whether a failure was injected. */
static int run_once(const ext_case *c, long n, const char *want, int *hit) {
  sqlite3 *db = setup();
  if (!db) return bad(c->sql, n, "%s", "setup failed");
  char *got;
  arm(n);
  int rc = ext_run(db, c->sql, &got);
  armed = 0;
  *hit = injected;
  int ok = 1;
  if (rc == SQLITE_OK) {
    if (strcmp(got, want) != 0) {
      ok = bad(c->sql, n, "wrong answer:\n  got  %.300s", got);
      printf("  want %.300s\n", want);
    }
    free(got);
  } else if (rc != SQLITE_NOMEM || !*hit) {
    ok = bad(c->sql, n, "error: %s", sqlite3_errmsg(db));
  }
  return teardown(db, c->sql, n) && ok;
}

/* The sample (not URL_TEST_FULL): every N up to OOM_HEAD, where a
   statement's own setup allocates, then OOM_SPREAD more up to its
   reference run's count. */
#define OOM_HEAD 8
#define OOM_SPREAD 8
static int full;

/* The N after n for a statement whose reference run made ref calls. */
static long next_n(long n, long ref) {
  if (full || n < OOM_HEAD || n >= ref) return n + 1;
  long step = (ref - OOM_HEAD) / OOM_SPREAD;
  return n + (step > 1 ? step : 1);
}

/* One statement: a reference run, then N = 1, 2, ... (the sample: see
   next_n) until a run makes fewer than N allocations.  One check per
   statement. */
static void run_case(const ext_case *c) {
  sqlite3 *db = setup();
  if (!ext_check(db != NULL, "%s: setup", c->sql)) return;
  char *want;
  arm(0);
  int rc = ext_run(db, c->sql, &want);
  armed = 0;
  long ref_calls = calls;
  if (!ext_check(rc == SQLITE_OK, "%s: reference run: %s", c->sql,
                 sqlite3_errmsg(db))) {
    sqlite3_close(db);
    return;
  }
  int ok = teardown(db, c->sql, 0), hit = 1;
  long n;
  long runs = 0, last = 0;
  for (n = 1; ok && hit; n = next_n(n, ref_calls), runs++) {
    ok = run_once(c, n, want, &hit);
    last = n;
  }
  free(want);
  total_runs += runs;
  if (runs > max_runs) max_runs = runs;
  if (verbose)
    printf("  %5ld runs (%ld allocations): %.100s\n", runs, ref_calls, c->sql);
  ext_check(ok, "%s: stopped at N=%ld", c->sql, last);
}

/* Loads the extension into db with the C API (sql 0) or with SQL's
   load_extension() (sql 1: a statement is active meanwhile). */
static int load(sqlite3 *db, int sql, char **err) {
  if (!sql) return ext_load(db, so, err);
  char q[4200], *out = NULL;
  snprintf(q, sizeof q, "SELECT load_extension('%s')", so);
  int rc = ext_run(db, q, &out);
  free(out);
  return rc;
}

static int count_url_functions(sqlite3 *db) {
  char *out = NULL;
  int n = -1;
  if (ext_run(db,
              "SELECT count(*) FROM pragma_function_list"
              " WHERE name LIKE 'url\\_%' ESCAPE '\\'"
              "    OR name LIKE 'uri\\_%' ESCAPE '\\'",
              &out) == SQLITE_OK)
    n = atoi(out);
  free(out);
  return n;
}

/* Calls each url_* function db has, with NULL arguments, and the modules:
   whatever the result, code that was unloaded would crash here. */
static void call_all(sqlite3 *db) {
  ext_fn *fns;
  int n = ext_registry(db, &fns);
  for (int i = 0; i < n; i++) {
    char sql[200], *out = NULL;
    int k = fns[i].n_arg < 0 ? 3 : fns[i].n_arg;
    if (fns[i].module)
      snprintf(sql, sizeof sql, "SELECT * FROM %s('x')", fns[i].name);
    else
      snprintf(sql, sizeof sql, "SELECT %s(%.*s)", fns[i].name,
               k ? 6 * k - 2 : 0, "NULL, NULL, NULL, NULL, NULL, NULL");
    ext_run(db, sql, &out);
    free(out);
  }
  if (n > 0) free(fns);
}

static int href_works(sqlite3 *db) {
  char *out = NULL;
  int ok = ext_run(db, "SELECT url_href('HTTP://A/')", &out) == SQLITE_OK &&
           strcmp(out, "'http://a/'\n") == 0;
  free(out);
  return ok;
}

/*
** Loading the extension with N = 1, 2, ...: it loads and works, or it fails
** for lack of memory and leaves nothing behind that would point into the
** unloaded library (closing the connection then runs the destructors).
** With the C API a failed load leaves no url_* function at all, except
** when SQLite's own bookkeeping fails after the init succeeded (then
** everything is registered and works).  Through SQL's load_extension()
** SQLite refuses to delete functions while the statement runs: what stays
** registered must keep working (the library is pinned), and SQLite itself
** may lose the message.
*/
/* The calls a load makes (unarmed: counted, none failed), for the sample. */
static long load_calls(int sql) {
  sqlite3 *db;
  long n = 0;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 0;
  char *err = NULL;
  if (sql) sqlite3_enable_load_extension(db, 1);
  arm(0);
  if (load(db, sql, &err) == SQLITE_OK) n = calls;
  armed = 0;
  sqlite3_free(err);
  sqlite3_close(db);
  baseline = outstanding;
  return n;
}

static void run_load(int sql, int n_funcs) {
  const char *what = sql ? "SELECT load_extension()" : "sqlite3_load_extension";
  long n, ref = load_calls(sql), runs = 0, last = 0;
  int ok = 1, hit = 1;
  for (n = 1; ok && hit; last = n, n = next_n(n, ref), runs++) {
    sqlite3 *db;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
      ok = bad(what, n, "%s", "sqlite3_open failed");
      break;
    }
    char *err = NULL;
    if (sql) sqlite3_enable_load_extension(db, 1);
    arm(n);
    int rc = load(db, sql, &err);
    armed = 0;
    hit = injected;
    if (sql && rc != SQLITE_OK) err = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    int left = count_url_functions(db);
    if (rc == SQLITE_OK) {
      if (left != n_funcs || !href_works(db))
        ok = bad(what, n, "%s", "loaded, but not all functions work");
    } else if (!hit) {
      ok = bad(what, n, "error without a failed allocation: %s", ext_show(err));
    } else if (!sql && !(rc == SQLITE_NOMEM || !err ||
                         strstr(err, "out of memory"))) {
      ok = bad(what, n, "error: %s", ext_show(err));
    } else if (!sql && left != 0 && !(left == n_funcs && href_works(db))) {
      ok = bad(what, n, "%s", "failed, but left some functions registered");
    }
    call_all(db);
    sqlite3_free(err);
    if (!teardown(db, what, n)) ok = 0;
  }
  total_runs += runs;
  if (verbose) printf("  %5ld runs (%ld allocations): %s\n", runs, ref, what);
  ext_check(ok, "%s: stopped at N=%ld", what, last);
}

/* Every registered function and module has a row. */
static void check_coverage(sqlite3 *db) {
  ext_fn *fns;
  int n = ext_registry(db, &fns);
  if (!ext_check(n > 0, "cannot list the registered functions")) return;
  for (int i = 0; i < n; i++) {
    int want_arg = fns[i].module ? EXT_MODULE : fns[i].n_arg, found = 0;
    for (int k = 0; k < ext_n_cases && !found; k++)
      found = strcmp(ext_cases[k].fn, fns[i].name) == 0 &&
              ext_cases[k].n_arg == want_arg;
    ext_check(found, "%s (%s %d) has no row in tests/ext_cases.c",
              fns[i].name, fns[i].module ? "module" : "nArg", fns[i].n_arg);
  }
  free(fns);
}

int main(int argc, char **argv) {
  verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
  full = ext_full();
  so = ext_so_path(argv[0]);
  if (!install_allocator()) {
    printf("cannot install the allocator\n");
    return 1;
  }
  baseline = outstanding;
  /* The number of url_* functions, from a connection closed again before
     the load tests, in which nothing else may keep the library loaded. */
  sqlite3 *db = ext_open(so);
  if (!db) return 1;
  int n_funcs = count_url_functions(db);
  check_coverage(db);
  sqlite3_close(db);
  baseline = outstanding;
  /* SQL first: when SQLite fails to record a loaded library (after the
     init) it never unloads it, which would hide an unloading bug. */
  for (persistent = 0; persistent < 2; persistent++) run_load(1, n_funcs);
  for (persistent = 0; persistent < 2; persistent++) run_load(0, n_funcs);
  printf("oom: loading: %ld runs\n", total_runs);

  /* A connection that keeps the library loaded between runs.  Lists are
     shared by the connections of a process (parts/psl.h): keep uses
     another list than the default one, so that each run's connection
     builds the default list under the failing allocator and frees it when
     it closes; if it cannot, the default list is built here, once. */
  sqlite3 *keep = ext_open(so);
  if (!keep) return 1;
  char *out = NULL;
  if (ext_run(keep, "SELECT url_psl_load('/usr/share/publicsuffix/"
                    "public_suffix_list.dat') IS NOT NULL", &out) != SQLITE_OK) {
    free(out);
    out = NULL;
    ext_run(keep, "SELECT url_psl_info() IS NOT NULL", &out);
  }
  free(out);
  baseline = outstanding;
  for (persistent = 0; persistent < 2; persistent++) {
    total_runs = max_runs = 0;
    for (int i = 0; i < ext_n_cases; i++) run_case(&ext_cases[i]);
    printf("oom: %d statements, failing call N%s: %ld runs (at most %ld "
           "per statement%s)\n",
           ext_n_cases, persistent ? " and every later one" : " only",
           total_runs, max_runs, full ? "" : "; a sample: URL_TEST_FULL=1 for every N");
  }
  printf("oom: %ld allocations leaked\n", leaks);
  sqlite3_close(keep);
  return ext_summary();
}
