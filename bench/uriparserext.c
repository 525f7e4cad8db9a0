/*
** uriparser's RFC 3986 functions as SQL functions, for `make bench`'s
** comparison of the uri_* functions (bench only: Debian's liburiparser,
** tools/deps.sh's bench group; never part of the extension).  Each does
** what its uri_* row does, in the same process over the same rows:
**
**   uriparser_valid(u)          1 when u is a URI (a scheme), else 0
**   uriparser_resolve(u, ref)   ref resolved strictly against u
**   uriparser_normalize(u)      uriNormalizeSyntax (§6.2.2)
**
** Text is read by length; a result is written into a stack buffer and
** copied once, as the extension's are.
*/
#include <sqlite3ext.h>
#include <stdlib.h>
#include <uriparser/Uri.h>

SQLITE_EXTENSION_INIT1

/* Parses argument v into *u; 0 for NULL or a string that does not parse. */
static int parse(sqlite3_value *v, UriUriA *u) {
  const char *s = (const char *)sqlite3_value_text(v);
  if (!s) return 0;
  const char *e;
  return uriParseSingleUriExA(u, s, s + sqlite3_value_bytes(v), &e) == URI_SUCCESS;
}

/* Sets u's text as the result. */
static void result_uri(sqlite3_context *ctx, const UriUriA *u) {
  char st[1024], *p = st;
  int need;
  if (uriToStringCharsRequiredA(u, &need) != URI_SUCCESS) return;
  if (need + 1 > (int)sizeof st && !(p = malloc((size_t)need + 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int w;
  if (uriToStringA(p, u, need + 1, &w) == URI_SUCCESS)
    sqlite3_result_text(ctx, p, w - 1, SQLITE_TRANSIENT);
  if (p != st) free(p);
}

static void fn_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  UriUriA u;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  int ok = parse(argv[0], &u);
  if (ok) {
    ok = u.scheme.first != NULL;
    uriFreeUriMembersA(&u);
  }
  sqlite3_result_int(ctx, ok);
}

static void fn_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  UriUriA b, r, t;
  if (!parse(argv[0], &b)) return;
  if (parse(argv[1], &r)) {
    if (b.scheme.first &&
        uriAddBaseUriExA(&t, &r, &b, URI_RESOLVE_STRICTLY) == URI_SUCCESS) {
      result_uri(ctx, &t);
      uriFreeUriMembersA(&t);
    }
    uriFreeUriMembersA(&r);
  }
  uriFreeUriMembersA(&b);
}

static void fn_normalize(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  UriUriA u;
  if (!parse(argv[0], &u)) return;
  if (uriNormalizeSyntaxA(&u) == URI_SUCCESS) result_uri(ctx, &u);
  uriFreeUriMembersA(&u);
}

int sqlite3_uriparserext_init(sqlite3 *db, char **err,
                              const sqlite3_api_routines *api) {
  SQLITE_EXTENSION_INIT2(api);
  const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  int rc = sqlite3_create_function(db, "uriparser_valid", 1, flags, NULL,
                                   fn_valid, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "uriparser_resolve", 2, flags, NULL,
                                 fn_resolve, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "uriparser_normalize", 1, flags, NULL,
                                 fn_normalize, NULL, NULL);
  return rc;
}
