/*
** Public Suffix List functions: HTML's same site, and which list is in use
** (the public suffix and registrable domain are host parts: host_parts.c).
**
**   SELECT url_same_site('https://a.example.com', 'https://b.example.com');  -- 1
**   SELECT url_same_origin('https://a.example.com', 'https://b.example.com'); -- 0
**   SELECT url_psl_load('/usr/share/publicsuffix/public_suffix_list.dat');
**   SELECT url_psl_info() ->> '$.path';
**
** Each connection holds its list in use in its url_conn (conn.c), the user
** data of every function and table-valued function; url_psl_load swaps it
** there.  What a list holds (its rule table) is shared by every connection
** of the process that uses the same file, and the default list's is built
** on first use (parts/psl.h): opening a connection reads no file.
*/
#include <string.h>
#include <time.h>

#include <libpsl.h>

#include "ext.h"
#include "psl.h"

/* Parses argv[0] and argv[1] (no base) into c->u and c->b. */
static int parse_pair(url_call *c, sqlite3_value **argv) {
  int rc = url_parse_value(&c->u, argv[0], NULL);
  if (rc == URL_OK) rc = url_parse_value(&c->b, argv[1], NULL);
  return rc;
}

/* url_same_origin(a, b) */
static void url_fn_same_origin(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int same = 0;
  int rc = parse_pair(&c, argv);
  if (rc == URL_OK) rc = url_psl_same_origin(&c.u, &c.b, &same);
  url_result_int(ctx, rc, same != 0);
  url_call_end(&c);
}

/* url_same_site(a, b) */
static void url_fn_same_site(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const url_psl_list *l = url_conn_psl(url_fn_conn(ctx));
  url_call c;
  url_call_begin(&c, ctx);
  int same = 0;
  int rc = parse_pair(&c, argv);
  if (rc == URL_OK) rc = url_psl_same_site(l, &c.u, &c.b, &same);
  url_result_int(ctx, rc, same != 0);
  url_call_end(&c);
}

/*
** url_psl_info()'s JSON for the list l (README, "Which list"):
**   {"source":"built-in"|"file"|"none", "path":<file path or null>,
**    "format":"text"|"dafsa"|null, "date":"YYYY-MM-DDTHH:MM:SSZ"|null,
**    "rules":N|null, "exceptions":N|null, "wildcards":N|null,
**    "lookup":"table"|"libpsl", "table_bytes":N|null,
**    "libpsl":"<psl_get_version()>"}
** "date" is the file's mtime, or for the built-in list the mtime of the
** file it was made from.  NULL when out of memory.
*/
static char *describe(const url_psl_data *l) {
  static const char *const source[] = {"built-in", "file", "file", "none"};
  static const char *const format[] = {"null", "\"text\"", "\"dafsa\"", "null"};
  sqlite3_str *s = sqlite3_str_new(NULL);
  sqlite3_str_appendf(s, "{\"source\":\"%s\",\"path\":", source[l->format]);
  if (l->path) url_json_append_string(s, l->path, strlen(l->path));
  else sqlite3_str_appendall(s, "null");
  sqlite3_str_appendf(s, ",\"format\":%s,\"date\":", format[l->format]);
  struct tm tm;
  char date[40];
  if (l->date > 0 && gmtime_r(&l->date, &tm) &&
      strftime(date, sizeof date, "\"%Y-%m-%dT%H:%M:%SZ\"", &tm) > 0)
    sqlite3_str_appendall(s, date);
  else
    sqlite3_str_appendall(s, "null");
  const char *const keys[] = {"rules", "exceptions", "wildcards"};
  const int counts[] = {url_psl_rule_count(l), url_psl_exception_count(l),
                        url_psl_wildcard_count(l)};
  for (int i = 0; i < 3; i++) {
    if (counts[i] < 0) sqlite3_str_appendf(s, ",\"%s\":null", keys[i]);
    else sqlite3_str_appendf(s, ",\"%s\":%d", keys[i], counts[i]);
  }
  sqlite3_str_appendf(s, ",\"lookup\":\"%s\",\"table_bytes\":",
                      l->table.keys ? "table" : "libpsl");
  if (l->table.keys)
    sqlite3_str_appendf(s, "%llu",
                        (unsigned long long)url_psl_table_bytes(&l->table));
  else
    sqlite3_str_appendall(s, "null");
  sqlite3_str_appendall(s, ",\"libpsl\":");
  const char *v = psl_get_version();
  url_json_append_string(s, v, strlen(v));
  sqlite3_str_appendchar(s, 1, '}');
  if (sqlite3_str_errcode(s) != SQLITE_OK) {
    sqlite3_free(sqlite3_str_finish(s));
    return NULL;
  }
  return sqlite3_str_finish(s);
}

/* Sets l's description as the result (building the list if this is its
   first use); returns a status code. */
static int result_describe(sqlite3_context *ctx, const url_psl_list *list) {
  const url_psl_data *l;
  int rc = url_psl_data_get(list, &l);
  if (rc != URL_OK) return rc;
  char *z = describe(l);
  if (!z) return URL_NOMEM;
  size_t n = strlen(z);
  rc = n > url_max_len(ctx) ? URL_TOOBIG : URL_OK;
  if (rc == URL_OK) sqlite3_result_text(ctx, z, (int)n, sqlite3_free);
  else sqlite3_free(z);
  return rc;
}

/* url_psl_info() */
static void url_fn_psl_info(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int rc = result_describe(ctx, url_conn_psl(url_fn_conn(ctx)));
  if (rc != URL_OK) url_result(ctx, rc, "", 0);
}

/* url_psl_load(path): NULL in, NULL out, as everywhere (README), and the
   list in use stays. */
static void url_fn_psl_load(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_conn *conn = url_fn_conn(ctx);
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  const char *path = (const char *)sqlite3_value_text(argv[0]);
  if (!path) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int n = sqlite3_value_bytes(argv[0]);
  if (n == 0) {
    url_error(ctx, "the path is empty");
    return;
  }
  if ((size_t)n != strlen(path)) {
    url_error(ctx, "the path contains a NUL character");
    return;
  }
  url_psl_list nl;
  char why[160];
  int rc = url_psl_open_file(&nl, &url_mem_sqlite, path, why, sizeof why);
  if (rc == URL_FAILURE) {
    sqlite3_str *msg = sqlite3_str_new(NULL); /* not bound by the limit */
    url_quote(msg, argv[0]);
    char *quoted = sqlite3_str_finish(msg);
    if (quoted) url_error(ctx, "cannot load %s: %s", quoted, why);
    else sqlite3_result_error_nomem(ctx);
    sqlite3_free(quoted);
    return;
  }
  /* The result is described before the swap, so that a result too long
     for SQLITE_LIMIT_LENGTH (or out of memory) leaves the list in use. */
  if (rc == URL_OK) { /* else nl was not opened */
    rc = result_describe(ctx, &nl);
    if (rc == URL_OK) url_conn_set_psl(conn, &nl);
    else url_psl_close(&nl);
  }
  if (rc != URL_OK) url_result(ctx, rc, "", 0);
}

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_same_origin", 2, URL_PURE, 0, url_fn_same_origin},
    {"url_same_site", 2, URL_PURE, 0, url_fn_same_site},
    /* Depends on the list in use, which changes: not deterministic. */
    {"url_psl_info", 0, SQLITE_UTF8, 0, url_fn_psl_info},
    /* Reads files: only from top-level SQL, never from a view, trigger or
       schema. */
    {"url_psl_load", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, url_fn_psl_load},
};

const url_family url_sites_family = {funcs, URL_COUNT(funcs), NULL, 0};
