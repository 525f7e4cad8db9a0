/*
** Shared glue between SQLite and core/: reading arguments as the Standard's
** strings and handing results back.  Every ext file but url_ext.c uses
** the API through SQLITE_EXTENSION_INIT3.
*/
#ifndef URL_EXT_H
#define URL_EXT_H

#include <sqlite3ext.h>

#include "url_buf.h"

#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0
#endif
#ifndef SQLITE_DETERMINISTIC
#define SQLITE_DETERMINISTIC 0
#endif

/* Flags for every pure function of this extension. */
#define URL_FUNC_FLAGS (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

/* Bytes of stack storage for an argument or a result before the heap. */
#define URL_STACK 512

/*
** An argument read as text: integers and reals as their text, BLOBs as
** bytes, TEXT by length; invalid UTF-8 replaced with U+FFFD.  `s`/`n` are
** valid until the value changes or url_arg_free().
*/
typedef struct url_arg {
  const char *s;
  size_t n;
  url_buf fix; /* holds the repaired text, if repair was needed */
  char stack[URL_STACK];
} url_arg;

/*
** Reads v into a.  Returns URL_OK, URL_FAILURE for NULL, or an error code
** (URL_NOMEM / URL_TOOBIG).  Always pair with url_arg_free().
*/
int url_arg_read(sqlite3_context *ctx, sqlite3_value *v, url_arg *a);

/*
** The reading behind url_arg_read, for callers without a function context
** (virtual tables): *s / *n get v's text, repaired into `fix` (initialised
** by the caller, freed after use) if it was invalid UTF-8.
*/
int url_value_text(sqlite3_value *v, url_buf *fix, const char **s, size_t *n);
void url_arg_free(url_arg *a);

/* The connection's SQLITE_LIMIT_LENGTH: the longest result we may return. */
size_t url_max_len(sqlite3_context *ctx);

/*
** Sets the function result from a core status code: URL_OK gives the text
** s[0..n), URL_FAILURE gives NULL, URL_NOMEM/URL_TOOBIG the SQLite errors.
*/
void url_result(sqlite3_context *ctx, int rc, const char *s, size_t n);

/* Reports an error "FUNC: message" as the SQL error of this call. */
void url_result_errorf(sqlite3_context *ctx, const char *fmt, ...);

/* One row of a function registration table. */
typedef struct url_func_def {
  const char *name;
  int n_arg; /* -1: variadic */
  int flags;
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
} url_func_def;

/* Registers each definition with user data p; returns the first error. */
int url_register(sqlite3 *db, const url_func_def *defs, int n, void *p);

/* Per-module registration, called by sqlite3_url_init. */
int url_register_host_functions(sqlite3 *db);
int url_register_url_functions(sqlite3 *db);  /* ext/url_funcs.c */
int url_register_search_params(sqlite3 *db);  /* ext/search_params.c */

/*
** The connection's public suffix list (ext/psl_funcs.c), shared by the PSL
** functions and url_components, reference-counted: each registration holds
** a reference that SQLite's destructor callbacks release.
*/
typedef struct url_psl_conn url_psl_conn;
url_psl_conn *url_psl_conn_new(void); /* one reference, or NULL */
url_psl_conn *url_psl_conn_retain(url_psl_conn *c);
void url_psl_conn_release(void *c);
struct url_psl_list;
const struct url_psl_list *url_psl_conn_list(const url_psl_conn *c);
int url_register_psl_functions_on(sqlite3 *db, url_psl_conn *c);
int url_register_components(sqlite3 *db, url_psl_conn *psl); /* ext/components.c */
int url_register_set_functions(sqlite3 *db);  /* ext/set_funcs.c */

#endif /* URL_EXT_H */
