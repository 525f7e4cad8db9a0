/*
** An empty SQLite extension linked to the same libraries as the real one
** (libidn2, libpsl and what they bring: libunistring), for `make bench`'s
** load section: loading it costs what the dynamic loader and SQLite spend
** on any such extension, so the difference to build/url.so is the
** extension's own share (its relocations, its init, its registrations).
**
**   sqlite3 :memory: '.load ./build/bench/empty_ext'   -- loads, does nothing
*/
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_emptyext_init(sqlite3 *db, char **err,
                          const sqlite3_api_routines *api) {
  SQLITE_EXTENSION_INIT2(api);
  (void)db;
  (void)err;
  return SQLITE_OK;
}
