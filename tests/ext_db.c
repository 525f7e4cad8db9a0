/*
** Helpers for the SQL-level test programs (see ext_db.h).
*/
#include "ext_db.h"

#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

int ext_check(int ok, const char *fmt, ...) {
  if (check(ok)) return 1;
  va_list ap;
  va_start(ap, fmt);
  fputs("FAIL ", stdout);
  vprintf(fmt, ap);
  fputc('\n', stdout);
  va_end(ap);
  fflush(stdout);
  return 0;
}

int ext_summary(void) { return check_summary(); }

int ext_full(void) { return check_full(); }

const char *ext_show(const char *s) { return s ? s : "(null)"; }

const char *ext_so_path(const char *argv0) {
  static char so[4096];
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", argv0);
  snprintf(so, sizeof so, "%s/../url", dirname(buf));
  return so;
}

int ext_load(sqlite3 *db, const char *so, char **err) {
  if (err) *err = NULL;
  int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1,
                             (int *)NULL);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_load_extension(db, so, "sqlite3_url_init", err);
}

sqlite3 *ext_open(const char *so) {
  sqlite3 *db = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    printf("cannot open a database: %s\n", db ? sqlite3_errmsg(db) : "?");
    sqlite3_close(db);
    return NULL;
  }
  char *err;
  if (ext_load(db, so, &err) != SQLITE_OK) {
    printf("cannot load %s: %s\n", so, ext_show(err));
    sqlite3_free(err);
    sqlite3_close(db);
    return NULL;
  }
  return db;
}

/* ------------------------------------------------------------ rendering */

typedef struct text {
  char *p;
  size_t n, cap;
  int oom;
} text;

static void put(text *t, const char *s, size_t n) {
  if (t->oom) return;
  if (t->n + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->n + n + 1) cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) {
      t->oom = 1;
      return;
    }
    t->p = p;
    t->cap = cap;
  }
  memcpy(t->p + t->n, s, n);
  t->n += n;
  t->p[t->n] = 0;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/* Column i of the current row as quote() writes it. */
static void put_value(text *t, sqlite3_stmt *st, int i) {
  char num[64];
  switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL: puts_(t, "NULL"); break;
    case SQLITE_INTEGER:
      snprintf(num, sizeof num, "%lld", (long long)sqlite3_column_int64(st, i));
      puts_(t, num);
      break;
    case SQLITE_FLOAT:
      snprintf(num, sizeof num, "%.17g", sqlite3_column_double(st, i));
      puts_(t, num);
      break;
    case SQLITE_BLOB: {
      const unsigned char *p = sqlite3_column_blob(st, i);
      int n = sqlite3_column_bytes(st, i);
      puts_(t, "X'");
      for (int k = 0; k < n; k++) {
        snprintf(num, sizeof num, "%02X", p[k]);
        puts_(t, num);
      }
      puts_(t, "'");
      break;
    }
    default: {
      const char *p = (const char *)sqlite3_column_text(st, i);
      int n = sqlite3_column_bytes(st, i);
      if (!p) { /* out of memory converting it */
        t->oom = 1;
        return;
      }
      puts_(t, "'");
      for (int k = 0; k < n; k++) put(t, p[k] == '\'' ? "''" : p + k, p[k] == '\'' ? 2 : 1);
      puts_(t, "'");
    }
  }
}

int ext_run(sqlite3 *db, const char *sql, char **out) {
  *out = NULL;
  text t = {NULL, 0, 0, 0};
  int rc = SQLITE_OK;
  const char *tail = sql;
  while (rc == SQLITE_OK && tail && *tail) {
    sqlite3_stmt *st = NULL;
    rc = sqlite3_prepare_v2(db, tail, -1, &st, &tail);
    if (rc != SQLITE_OK || !st) break; /* an error, or only a comment left */
    t.n = 0;
    puts_(&t, ""); /* an empty result is "", not NULL */
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
      for (int i = 0; i < sqlite3_column_count(st); i++) {
        if (i) puts_(&t, "|");
        put_value(&t, st, i);
      }
      puts_(&t, "\n");
    }
    if (step != SQLITE_DONE) rc = step;
    int fin = sqlite3_finalize(st);
    if (rc == SQLITE_OK) rc = fin;
    if (rc == SQLITE_OK && t.oom) rc = SQLITE_NOMEM;
  }
  if (rc != SQLITE_OK) {
    free(t.p);
    return rc;
  }
  *out = t.p;
  return SQLITE_OK;
}

/* ------------------------------------------------------------ registry */

int ext_registry(sqlite3 *db, ext_fn **out) {
  static const char sql[] =
      "SELECT name, narg, flags, 0 FROM pragma_function_list"
      "  WHERE name LIKE 'url\\_%' ESCAPE '\\' OR name LIKE 'uri\\_%' ESCAPE '\\'"
      " UNION ALL "
      "SELECT name, 0, 0, 1 FROM pragma_module_list"
      "  WHERE name LIKE 'url\\_%' ESCAPE '\\' OR name LIKE 'uri\\_%' ESCAPE '\\'"
      " ORDER BY 1, 2";
  *out = NULL;
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    printf("registry: %s\n", sqlite3_errmsg(db));
    return -1;
  }
  int n = 0, cap = 0;
  ext_fn *v = NULL;
  while (sqlite3_step(st) == SQLITE_ROW) {
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      ext_fn *p = realloc(v, (size_t)cap * sizeof *v);
      if (!p) break;
      v = p;
    }
    snprintf(v[n].name, sizeof v[n].name, "%s",
             (const char *)sqlite3_column_text(st, 0));
    v[n].n_arg = sqlite3_column_int(st, 1);
    v[n].flags = sqlite3_column_int(st, 2);
    v[n].module = sqlite3_column_int(st, 3);
    n++;
  }
  if (sqlite3_finalize(st) != SQLITE_OK) {
    printf("registry: %s\n", sqlite3_errmsg(db));
    free(v);
    return -1;
  }
  *out = v;
  return n;
}
