/*
** The pass/fail counter of the C test programs, one for all of them: each
** tests/NAME_test.c includes it, calls check() once per check, and ends with
**
**     return check_summary();
**
** The counters are static: every program is one translation unit with its
** own.  Code linked into a program from elsewhere (fuzz/psl_fuzz.c,
** fuzz/sql_fuzz.c) does not include it; tests/ext_db.c does, for the
** SQL-level programs (ext_*_test.c), which count through its ext_check().
**
** tools/run-tests.sh adds up the last "N passed, N failed" line of each
** program, so check_summary()'s must be the last such line a program
** prints.  A program that cannot start (its data missing) counts that as
** one failure: check(0); return check_summary();
*/
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

/* Counts one check; returns ok, so that a caller can print what failed:
   if (!check(got == want)) printf("FAIL ...\n"); */
static inline int check(int ok) {
  if (ok) passed++;
  else failed++;
  return ok;
}

/* check(ok), printing "FAIL what" when it failed. */
static inline int check_named(int ok, const char *what) {
  if (!check(ok)) printf("FAIL %s\n", what);
  return ok;
}

/* Prints the summary line; returns the program's exit status. */
static inline int check_summary(void) {
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}

/* VERBOSE=1 in the environment (`make test VERBOSE=1`): list each case, not
   only how many there are.  Unset, empty and "0" mean no. */
static inline int check_verbose(void) {
  const char *v = getenv("VERBOSE");
  return v && *v && strcmp(v, "0") != 0;
}

/* URL_TEST_FULL=1 in the environment (`make test-full`): the exhaustive
   sweeps (every allocation failed, every code point, every generated
   case); unset, empty and "0": `make test`'s sample of each, which still
   runs every kind of check. */
static inline int check_full(void) {
  const char *v = getenv("URL_TEST_FULL");
  return v && *v && strcmp(v, "0") != 0;
}

#endif /* TESTS_CHECK_H */
