/*
** sqlite-url: the WHATWG URL Standard as a SQLite extension.
**
**   .load ./build/url
**   SELECT url_version();
**   SELECT url_parse_host('münchen.de');   -- 'xn--mnchen-3ya.de'
**
** This file is the entry point: it registers every family of functions
** (each ext/ file's static table of scalar functions, rows of name,
** argument count, flags, argument and function as in SQLite's
** ext/misc/ieee754.c, and of table-valued functions) over the connection
** state they share (conn.c).
*/
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <idn2.h>
#include <libpsl.h>
#include <pthread.h>
#include <stdatomic.h>

#include "ext.h"
#include "idna.h"
SQLITE_EXTENSION_INIT1

#define URL_EXT_VERSION "0.1.0"

/* url_version(): what this build is made of. */
static void url_fn_version(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  char *s = sqlite3_mprintf(
      "sqlite-url " URL_EXT_VERSION " (IDNA tables: Unicode %s; libidn2 %s; "
      "libpsl %s; SQLite %s)",
      url_idna_unicode_version(), idn2_check_version(NULL), psl_get_version(),
      sqlite3_libversion());
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, s, -1, sqlite3_free);
}

static const url_func version_funcs[] = {
    {"url_version", 0, URL_PURE, 0, url_fn_version},
};
static const url_family version_family = {version_funcs, 1, NULL, 0};

/* Every family of functions, each registered by the file that defines it. */
static const url_family *const families[] = {
    &version_family,
    &url_hosts_family,
    &url_api_family,
    &url_validation_family,
    &url_set_family,
    &url_search_params_family,
    &url_components_family,
    &url_host_parts_family,
    &url_path_parts_family,
    &url_hierarchy_family,
    &url_sites_family,
    &url_keys_family,
    &url_encoding_family,
    &url_pattern_family,
    &url_links_family,
    &url_referrers_family,
    &url_robots_family,
    &url_uri_family,
    &url_deceptive_family,
    &url_warc_family,
    &url_warc_index_family,
};
#define N_FAMILIES URL_COUNT(families)

static void fn_destroy(void *p) { url_conn_release(((url_fn *)p)->conn); }
static void tvf_destroy(void *p) {
  url_conn_release(((url_tvf_reg *)p)->conn);
}

/* ------------------------------------------------------------ entry point */

/*
** A failed init must leave nothing behind: SQLite unloads the library
** then, and a function left registered would point into unmapped code
** (its destructor runs when the connection closes).  Deleting a function
** allocates nothing, but SQLite refuses it while a statement runs (the
** extension loaded by SQL's load_extension()); then the library is pinned
** in memory instead, so what stays registered stays callable.
*/
static void pin_library(void) {
#if defined(RTLD_NOLOAD) && defined(RTLD_NODELETE)
  Dl_info info;
  if (dladdr((void *)sqlite3_url_init, &info) && info.dli_fname)
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

/* Calls each(db, def, i) for the families' functions, then each_tvf for
   their table-valued functions, in order, while they return SQLITE_OK;
   returns the first other code.  *n / *n_tvf count the calls that ran. */
static int for_each(sqlite3 *db, url_conn *c, int *n, int *n_tvf,
                    int (*each)(sqlite3 *, url_conn *, const url_func *, int),
                    int (*each_tvf)(sqlite3 *, url_conn *, const url_tvf *,
                                    int)) {
  int rc = SQLITE_OK;
  *n = *n_tvf = 0;
  for (int f = 0; f < N_FAMILIES && rc == SQLITE_OK; f++)
    for (int j = 0; j < families[f]->n_funcs && rc == SQLITE_OK; j++)
      rc = each(db, c, &families[f]->funcs[j], (*n)++);
  for (int f = 0; f < N_FAMILIES && rc == SQLITE_OK; f++)
    for (int j = 0; j < families[f]->n_tvfs && rc == SQLITE_OK; j++)
      rc = each_tvf(db, c, families[f]->tvfs[j], (*n_tvf)++);
  return rc;
}

/* SQLite calls the destructor even when a registration fails, so the
   reference is taken before each call either way. */
static int add_func(sqlite3 *db, url_conn *c, const url_func *d, int i) {
  int rc = SQLITE_OK;
  for (int a = url_func_min_arg(d); rc == SQLITE_OK && a <= url_func_max_arg(d);
       a++) {
    url_conn_retain(c);
    rc = sqlite3_create_function_v2(db, d->name, a, d->flags,
                                    url_conn_fn(c, i), d->fn, NULL, NULL,
                                    fn_destroy);
  }
  return rc;
}
static int add_tvf(sqlite3 *db, url_conn *c, const url_tvf *d, int k) {
  url_conn_retain(c);
  return sqlite3_create_module_v2(db, d->name, &url_tvf_module,
                                  url_conn_tvf(c, k), tvf_destroy);
}

/* Removes the first n functions and n_tvf modules registered. */
static void unregister(sqlite3 *db, int n, int n_tvf) {
  int rc = SQLITE_OK, i = 0, k = 0;
  for (int f = 0; f < N_FAMILIES; f++)
    for (int j = 0; j < families[f]->n_funcs && i < n; j++, i++) {
      const url_func *d = &families[f]->funcs[j];
      for (int a = url_func_min_arg(d); a <= url_func_max_arg(d); a++)
        rc |= sqlite3_create_function_v2(db, d->name, a, d->flags, NULL, NULL,
                                         NULL, NULL, NULL);
    }
  for (int f = 0; f < N_FAMILIES; f++)
    for (int j = 0; j < families[f]->n_tvfs && k < n_tvf; j++, k++)
      rc |= sqlite3_create_module_v2(db, families[f]->tvfs[j]->name, NULL,
                                     NULL, NULL);
  if (rc != SQLITE_OK) pin_library();
}

static int register_all(sqlite3 *db, url_conn *c) {
  int n, n_tvf;
  int rc = for_each(db, c, &n, &n_tvf, add_func, add_tvf);
  if (rc != SQLITE_OK) unregister(db, n, n_tvf);
  return rc;
}

/*
** sqlite3_api (SQLITE_EXTENSION_INIT1) is the extension's one global:
** SQLite's routines, the same table for every connection.  It is written
** once, so that a connection loading the extension while others run its
** functions on other threads is not a data race (tests/ext_threads_test.c
** under make tsan).
*/
static _Atomic(const sqlite3_api_routines *) api_arg;
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

static void api_init(void) { SQLITE_EXTENSION_INIT2(atomic_load(&api_arg)); }

int sqlite3_url_init(sqlite3 *db, char **pzErrMsg,
                     const sqlite3_api_routines *pApi) {
  atomic_store(&api_arg, pApi);
  pthread_once(&api_once, api_init);
  url_conn *c = url_conn_new(families, N_FAMILIES);
  int rc = c ? register_all(db, c) : SQLITE_NOMEM;
  if (c) url_conn_release(c); /* the registrations hold their own references */
  if (rc != SQLITE_OK && pzErrMsg)
    *pzErrMsg = sqlite3_mprintf("url: registering functions failed: %s",
                                sqlite3_errstr(rc));
  return rc;
}

/*
** The name SQLite tries first: a copy renamed to sqlite-url.so or
** liburl-0.1.so (whose derived sqlite3_X_init names do not exist) loads
** with a plain `.load`.
*/
int sqlite3_extension_init(sqlite3 *db, char **pzErrMsg,
                           const sqlite3_api_routines *pApi) {
  return sqlite3_url_init(db, pzErrMsg, pApi);
}
