/*
** Reading SQLite values as URL Standard strings, and returning results.
*/
#include <stdarg.h>

#include "ext.h"
#include "utf8.h"
SQLITE_EXTENSION_INIT3

size_t url_max_len(sqlite3_context *ctx) {
  int lim = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  return lim > 0 ? (size_t)lim : 0;
}

int url_value_text(sqlite3_value *v, url_buf *fix, const char **s, size_t *n) {
  const char *p;
  *s = "";
  *n = 0;
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL:
      return URL_FAILURE;
    case SQLITE_BLOB:
      p = sqlite3_value_blob(v);
      break;
    default: /* TEXT, and numbers rendered as their text */
      p = (const char *)sqlite3_value_text(v);
      if (!p) return URL_NOMEM;
      break;
  }
  int len = sqlite3_value_bytes(v);
  if (!p || len <= 0) return URL_OK; /* empty text or zero-length blob */
  return url_utf8_sanitize(p, (size_t)len, fix, s, n);
}

int url_arg_read(sqlite3_context *ctx, sqlite3_value *v, url_arg *a) {
  url_buf_init(&a->fix, a->stack, sizeof a->stack, url_max_len(ctx));
  return url_value_text(v, &a->fix, &a->s, &a->n);
}

void url_arg_free(url_arg *a) { url_buf_free(&a->fix); }

void url_result(sqlite3_context *ctx, int rc, const char *s, size_t n) {
  switch (rc) {
    case URL_OK:
      if (n > (size_t)0x7fffffff) {
        sqlite3_result_error_toobig(ctx);
      } else {
        sqlite3_result_text(ctx, n ? s : "", (int)n, SQLITE_TRANSIENT);
      }
      break;
    case URL_FAILURE:
      sqlite3_result_null(ctx);
      break;
    case URL_TOOBIG:
      sqlite3_result_error_toobig(ctx);
      break;
    default:
      sqlite3_result_error_nomem(ctx);
      break;
  }
}

void url_result_errorf(sqlite3_context *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  if (!msg) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_error(ctx, msg, -1);
  sqlite3_free(msg);
}

int url_register(sqlite3 *db, const url_func_def *defs, int n, void *p) {
  for (int i = 0; i < n; i++) {
    int rc = sqlite3_create_function_v2(db, defs[i].name, defs[i].n_arg,
                                        defs[i].flags, p, defs[i].fn, NULL,
                                        NULL, NULL);
    if (rc != SQLITE_OK) return rc;
  }
  return SQLITE_OK;
}
