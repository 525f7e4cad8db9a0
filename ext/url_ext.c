/*
** sqlite-url: the WHATWG URL Standard as a SQLite extension.
**
**   .load ./build/url
**   SELECT url_version();
**   SELECT url_parse_host('münchen.de');   -- 'xn--mnchen-3ya.de'
**
** This file is the entry point and the one registration table: every scalar
** function in aFunc[] (name, argument count, flags, argument, function, as
** in SQLite's ext/misc/ieee754.c) and every table-valued function in
** aTvf[], registered over the connection state they share (conn.c).
*/
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <idn2.h>
#include <libpsl.h>
#include <pthread.h>
#include <stdatomic.h>

#include "ext.h"
#include "idna.h"
#include "setters.h"
#include "urlencoded.h"
SQLITE_EXTENSION_INIT1

#define URL_EXT_VERSION "0.1.0"

static const url_func aFunc[] = {
    /* name                     nArg flags  arg  function */
    {"url_version", 0, URL_PURE, 0, url_fn_version},
    /* hosts: host_funcs.c */
    {"url_parse_host", 1, URL_PURE, 0, url_fn_parse_host},
    {"url_parse_host", 2, URL_PURE, 0, url_fn_parse_host},
    {"url_domain_to_ascii", 1, URL_PURE, URL_DOMAIN_TO_ASCII, url_fn_domain_convert},
    {"url_domain_to_ascii", 2, URL_PURE, URL_DOMAIN_TO_ASCII, url_fn_domain_convert},
    {"url_domain_to_unicode", 1, URL_PURE, URL_DOMAIN_TO_UNICODE, url_fn_domain_convert},
    {"url_domain_to_unicode", 2, URL_PURE, URL_DOMAIN_TO_UNICODE, url_fn_domain_convert},
    /* Deterministic for the libidn2 linked (url_version() names it). */
    {"url_idna2008_error", 1, URL_PURE, 0, url_fn_idna2008_error},
    /* the URL API: url_funcs.c */
    {"url_href", 1, URL_PURE, URL_C_HREF, url_fn_get},
    {"url_href", 2, URL_PURE, URL_C_HREF, url_fn_get},
    {"url_protocol", 1, URL_PURE, URL_C_PROTOCOL, url_fn_get},
    {"url_protocol", 2, URL_PURE, URL_C_PROTOCOL, url_fn_get},
    {"url_username", 1, URL_PURE, URL_C_USERNAME, url_fn_get},
    {"url_username", 2, URL_PURE, URL_C_USERNAME, url_fn_get},
    {"url_password", 1, URL_PURE, URL_C_PASSWORD, url_fn_get},
    {"url_password", 2, URL_PURE, URL_C_PASSWORD, url_fn_get},
    {"url_host", 1, URL_PURE, URL_C_HOST, url_fn_get},
    {"url_host", 2, URL_PURE, URL_C_HOST, url_fn_get},
    {"url_hostname", 1, URL_PURE, URL_C_HOSTNAME, url_fn_get},
    {"url_hostname", 2, URL_PURE, URL_C_HOSTNAME, url_fn_get},
    {"url_port", 1, URL_PURE, URL_C_PORT, url_fn_get},
    {"url_port", 2, URL_PURE, URL_C_PORT, url_fn_get},
    {"url_pathname", 1, URL_PURE, URL_C_PATHNAME, url_fn_get},
    {"url_pathname", 2, URL_PURE, URL_C_PATHNAME, url_fn_get},
    {"url_search", 1, URL_PURE, URL_C_SEARCH, url_fn_get},
    {"url_search", 2, URL_PURE, URL_C_SEARCH, url_fn_get},
    {"url_hash", 1, URL_PURE, URL_C_HASH, url_fn_get},
    {"url_hash", 2, URL_PURE, URL_C_HASH, url_fn_get},
    {"url_resolve", 2, URL_PURE, 0, url_fn_resolve},
    {"url_origin", 1, URL_PURE, 0, url_fn_origin},
    {"url_origin", 2, URL_PURE, 0, url_fn_origin},
    {"url_valid", 1, URL_PURE, 0, url_fn_valid},
    {"url_valid", 2, URL_PURE, 0, url_fn_valid},
    /* validation errors and valid URL strings: validation.c */
    {"url_valid_string", 1, URL_PURE, 0, url_fn_valid_string},
    {"url_valid_string", 2, URL_PURE, 0, url_fn_valid_string},
    /* setters: set_funcs.c */
    {"url_set", -1, URL_PURE, 0, url_fn_set},
    /* URLSearchParams and percent-encoding: search_params.c */
    {"url_search_param", 2, URL_PURE, 0, url_fn_search_param},
    {"url_search_param_append", 3, URL_PURE, URL_SP_APPEND, url_fn_search_modify},
    {"url_search_param_set", 3, URL_PURE, URL_SP_SET, url_fn_search_modify},
    {"url_search_param_delete", 2, URL_PURE, URL_SP_DELETE, url_fn_search_modify},
    {"url_search_param_delete", 3, URL_PURE, URL_SP_DELETE, url_fn_search_modify},
    {"url_search_params_sort", 1, URL_PURE, URL_SP_SORT, url_fn_search_modify},
    {"url_encode", 1, URL_PURE, 0, url_fn_encode},
    {"url_encode", 2, URL_PURE, 0, url_fn_encode},
    {"url_decode", 1, URL_PURE, 0, url_fn_decode},
    {"url_decode", 2, URL_PURE, 0, url_fn_decode},
    /* public suffixes: host_parts.c; sites: psl_funcs.c.  Deterministic
       for a given list (README: REINDEX after url_psl_load). */
    {"url_public_suffix", 1, URL_PURE, URL_PART_PUBLIC_SUFFIX, url_fn_host_part},
    {"url_public_suffix", 2, URL_PURE, URL_PART_PUBLIC_SUFFIX, url_fn_host_part},
    {"url_registrable_domain", 1, URL_PURE, URL_PART_REGISTRABLE_DOMAIN,
     url_fn_host_part},
    {"url_registrable_domain", 2, URL_PURE, URL_PART_REGISTRABLE_DOMAIN,
     url_fn_host_part},
    /* host and path parts: host_parts.c, path_parts.c (url_subdomain uses
       the list as the two above do) */
    {"url_subdomain", 1, URL_PURE, URL_PART_SUBDOMAIN, url_fn_host_part},
    {"url_subdomain", 2, URL_PURE, URL_PART_SUBDOMAIN, url_fn_host_part},
    {"url_tld", 1, URL_PURE, URL_PART_TLD, url_fn_host_part},
    {"url_host_without_www", 1, URL_PURE, URL_PART_HOST_WITHOUT_WWW,
     url_fn_host_part},
    {"url_host_type", 1, URL_PURE, URL_PART_HOST_TYPE, url_fn_host_part},
    {"url_file_extension", 1, URL_PURE, 0, url_fn_file_extension},
    /* keys for deduplicating: canon_funcs.c (url_surt's public_suffix
       option uses the list, as url_registrable_domain does) */
    {"url_canonical", 1, URL_PURE, 0, url_fn_canonical},
    {"url_canonical", 2, URL_PURE, 0, url_fn_canonical},
    {"url_surt", 1, URL_PURE, 0, url_fn_surt},
    {"url_surt", 2, URL_PURE, 0, url_fn_surt},
    {"url_ssurt", 1, URL_PURE, 0, url_fn_ssurt},
    {"url_strip_params", -1, URL_PURE, 0, url_fn_strip_params},
    {"url_same_origin", 2, URL_PURE, 0, url_fn_same_origin},
    {"url_same_site", 2, URL_PURE, 0, url_fn_same_site},
    /* URL patterns: pattern.c */
    {"url_pattern_test", 2, URL_PURE, URL_PATTERN_TEST, url_fn_pattern},
    {"url_pattern_test", 3, URL_PURE, URL_PATTERN_TEST, url_fn_pattern},
    {"url_pattern_has_regexp_groups", 1, URL_PURE, URL_PATTERN_HAS_REGEXP_GROUPS,
     url_fn_pattern},
    /* Depends on the list in use, which changes: not deterministic. */
    {"url_psl_info", 0, SQLITE_UTF8, 0, url_fn_psl_info},
    /* Reads files: only from top-level SQL, never from a view, trigger or
       schema. */
    {"url_psl_load", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, url_fn_psl_load},
};
#define N_FUNCS ((int)(sizeof aFunc / sizeof aFunc[0]))

static const url_tvf *const aTvf[] = {
    &url_components_tvf,
    &url_search_params_tvf,
    &url_hierarchy_tvf,
    &url_host_hierarchy_tvf,
    &url_validation_errors_tvf,
    &url_lookup_expressions_tvf,
    &url_pattern_exec_tvf,
    &url_pattern_components_tvf,
};
#define N_TVFS ((int)(sizeof aTvf / sizeof aTvf[0]))

static void fn_destroy(void *p) { url_conn_release(((url_fn *)p)->conn); }
static void tvf_destroy(void *p) {
  url_conn_release(((url_tvf_reg *)p)->conn);
}

/* ----------------------------------------------------------- url_version */

/* url_version(): what this build is made of. */
void url_fn_version(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
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

static void unregister(sqlite3 *db, int n_funcs, int n_tvfs) {
  int rc = SQLITE_OK;
  for (int i = 0; i < n_funcs; i++)
    rc |= sqlite3_create_function_v2(db, aFunc[i].name, aFunc[i].n_arg,
                                     aFunc[i].flags, NULL, NULL, NULL, NULL,
                                     NULL);
  for (int i = 0; i < n_tvfs; i++)
    rc |= sqlite3_create_module_v2(db, aTvf[i]->name, NULL, NULL, NULL);
  if (rc != SQLITE_OK) pin_library();
}

static int register_all(sqlite3 *db, url_conn *c) {
  /* SQLite calls the destructor even when a registration fails, so the
     reference is taken before each call either way. */
  int rc = SQLITE_OK, i, k;
  for (i = 0; i < N_FUNCS; i++) {
    url_conn_retain(c);
    rc = sqlite3_create_function_v2(db, aFunc[i].name, aFunc[i].n_arg,
                                    aFunc[i].flags, url_conn_fn(c, i),
                                    aFunc[i].fn, NULL, NULL, fn_destroy);
    if (rc != SQLITE_OK) break;
  }
  for (k = 0; rc == SQLITE_OK && k < N_TVFS; k++) {
    url_conn_retain(c);
    rc = sqlite3_create_module_v2(db, aTvf[k]->name, &url_tvf_module,
                                  url_conn_tvf(c, k), tvf_destroy);
    if (rc != SQLITE_OK) break;
  }
  if (rc != SQLITE_OK) unregister(db, i, k);
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
  url_conn *c = url_conn_new(aFunc, N_FUNCS, aTvf, N_TVFS);
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
