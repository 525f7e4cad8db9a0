/*
** Representative statements for every SQL function and table-valued
** function of the extension, over a small fixture table `inputs` (ASCII,
** IDNA and non-ASCII components, a long query, a relative reference with a
** base, an IPv6 host, invalid input, NULL, invalid UTF-8), shared by the
** out-of-memory test (tests/ext_oom_test.c, which fails when a registered
** function has no row) and the threads test (tests/ext_threads_test.c).
**
** Adding a function = adding a line to ext_cases[] (ext_cases.c).
*/
#ifndef TESTS_EXT_CASES_H
#define TESTS_EXT_CASES_H

#define EXT_MODULE (-100) /* n_arg of a table-valued function's row */

typedef struct ext_case {
  const char *fn; /* the function (or module) the row covers */
  int n_arg;      /* its argument count (-1 variadic, EXT_MODULE) */
  const char *sql;
} ext_case;

/* Creates the TEMP table `inputs` the statements read. */
extern const char ext_fixture[];

extern const ext_case ext_cases[];
extern const int ext_n_cases;

#endif /* TESTS_EXT_CASES_H */
