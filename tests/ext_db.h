/*
** Helpers for the test programs that drive the built extension through SQL
** (tests/ext_*_test.c): they load <dir of the program>/../url (build/url.so,
** build-san/url.so, build-tsan/url.so) into in-memory databases of Debian's
** libsqlite3, exactly as a user's `.load ./build/url` does.
**
** Everything here allocates with libc, never with sqlite3_malloc, so that a
** test's SQLITE_CONFIG_MALLOC wrapper counts only SQLite's and the
** extension's allocations.
*/
#ifndef TESTS_EXT_DB_H
#define TESTS_EXT_DB_H

#include <sqlite3.h>

/* The extension next to the program: "<dir of argv0>/../url". */
const char *ext_so_path(const char *argv0);

/* Loads the extension into db.  Returns the SQLite code; *err (may be NULL)
   gets the message, to sqlite3_free(). */
int ext_load(sqlite3 *db, const char *so, char **err);

/* A new in-memory database with the extension loaded, or NULL after
   printing why. */
sqlite3 *ext_open(const char *so);

/*
** Runs the statements of sql in turn, and renders the rows of the last one
** into *out (malloc()ed; NULL on error) as quote() writes values: columns
** separated by '|', rows ended by '\n'.  Returns SQLITE_OK or the first
** error code of sqlite3_prepare_v2 / sqlite3_step (extended codes off: the
** primary code); the message is then sqlite3_errmsg(db).
*/
int ext_run(sqlite3 *db, const char *sql, char **out);

/* One registered url_* function (name, nArg, flags of pragma_function_list)
   or table-valued function (module: 1, n_arg and flags 0). */
typedef struct ext_fn {
  char name[64];
  int n_arg;
  int flags;
  int module;
} ext_fn;

/* The url_* functions and modules db has, sorted by name then nArg, into
   *out (malloc()ed unless none).  Returns how many, or -1 after printing
   why. */
int ext_registry(sqlite3 *db, ext_fn **out);

/* pragma_function_list's flags column keeps these bits (SQLite 3.40). */
#define EXT_FLAG_MASK (SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY | \
                       SQLITE_SUBTYPE | SQLITE_INNOCUOUS)

/* Counting, with tests/check.h's counter (in ext_db.c, which each program
   links once): ext_check() counts one check, printing "FAIL ..." (printf
   format) when it failed; ext_summary() prints "N passed, N failed" and
   returns the exit status. */
int ext_check(int ok, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int ext_summary(void);
/* Whether the exhaustive sweeps run (URL_TEST_FULL, check.h's check_full). */
int ext_full(void);

/* s, or "(null)". */
const char *ext_show(const char *s);

#endif /* TESTS_EXT_DB_H */
