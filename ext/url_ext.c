/*
** sqlite-url: the WHATWG URL Standard as a SQLite extension.
**
**   .load ./build/url
**   SELECT url_version();
**   SELECT url_parse_host('münchen.de');   -- 'xn--mnchen-3ya.de'
**
** This file is the entry point: it registers the functions of every ext/
** module on the connection.
*/
#include <idn2.h>
#include <libpsl.h>

#include "ext.h"
#include "idna.h"
SQLITE_EXTENSION_INIT1

#define URL_EXT_VERSION "0.1.0"

/* url_version(): what this build is made of. */
static void fn_version(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
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

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_url_init(sqlite3 *db, char **pzErrMsg,
                     const sqlite3_api_routines *pApi) {
  SQLITE_EXTENSION_INIT2(pApi);
  static const url_func_def defs[] = {
      {"url_version", 0, URL_FUNC_FLAGS, fn_version},
  };
  int rc = url_register(db, defs, 1, NULL);
  if (rc == SQLITE_OK) rc = url_register_host_functions(db);
  if (rc == SQLITE_OK) rc = url_register_url_functions(db);
  if (rc == SQLITE_OK) rc = url_register_search_params(db);
  if (rc == SQLITE_OK) {
    url_psl_conn *psl = url_psl_conn_new();
    if (!psl) return SQLITE_NOMEM;
    rc = url_register_psl_functions_on(db, psl);
    if (rc == SQLITE_OK) rc = url_register_components(db, psl);
    url_psl_conn_release(psl); /* the registrations hold their own */
  }
  if (rc == SQLITE_OK) rc = url_register_set_functions(db);
  if (rc != SQLITE_OK && pzErrMsg)
    *pzErrMsg = sqlite3_mprintf("url: registering functions failed: %s",
                                sqlite3_errstr(rc));
  return rc;
}
