/*
** One sqlite3_module for every table-valued function of the extension
** (url_components, url_search_params, ...): eponymous-only virtual tables
** after SQLite's ext/misc/series.c, described by a url_tvf (ext.h).
**
**   SELECT hostname FROM url_components('https://example.com/');
**   SELECT name, value FROM url_search_params('?a=1&b=2');
**
** The module declares the visible columns followed by one HIDDEN column
** per argument, plans (xBestIndex: every required argument must be an
** equality constraint), keeps copies of the arguments for their hidden
** columns (in cursor storage, no sqlite3_value_dup per row), counts rows,
** and turns a core status code into the virtual table's error.  The
** url_tvf's callbacks only compute rows and columns.
*/
#include "ext.h"

typedef struct tvf_vtab {
  sqlite3_vtab base;
  const url_tvf_reg *reg;
  sqlite3 *db;
} tvf_vtab;

static int tvf_connect(sqlite3 *db, void *aux, int argc,
                       const char *const *argv, sqlite3_vtab **out,
                       char **err) {
  const url_tvf_reg *reg = aux;
  const url_tvf *def = reg->def;
  /* Not sqlite3_str_new(db): the declaration must not depend on the
     connection's SQLITE_LIMIT_LENGTH. */
  sqlite3_str *sql = sqlite3_str_new(NULL);
  sqlite3_str_appendall(sql, "CREATE TABLE x(");
  for (int i = 0; i < def->n_columns; i++)
    sqlite3_str_appendf(sql, "%s, ", def->columns[i]);
  for (int i = 0; i < def->n_args; i++)
    sqlite3_str_appendf(sql, "%s%s HIDDEN", i ? ", " : "", def->arg_names[i]);
  sqlite3_str_appendall(sql, ")");
  char *z = sqlite3_str_finish(sql);
  if (!z) return SQLITE_NOMEM;
  int rc = sqlite3_declare_vtab(db, z);
  sqlite3_free(z);
  if (rc != SQLITE_OK) {
    /* Such as its text over SQLITE_LIMIT_LENGTH, as for SQLite's own
       table-valued functions. */
    *err = sqlite3_mprintf("%s: %s", def->name, sqlite3_errmsg(db));
    return rc;
  }
  tvf_vtab *t = sqlite3_malloc64(sizeof *t);
  if (!t) return SQLITE_NOMEM;
  memset(t, 0, sizeof *t);
  t->reg = reg;
  t->db = db;
  if (def->direct_only) {
    /* Opens files named in SQL: never from an untrusted schema. */
    rc = sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
    if (rc != SQLITE_OK) {
      sqlite3_free(t);
      return rc;
    }
  } else {
#ifdef SQLITE_VTAB_INNOCUOUS
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
#endif
  }
  *out = &t->base;
  return SQLITE_OK;
}

static int tvf_disconnect(sqlite3_vtab *vt) {
  sqlite3_free(vt);
  return SQLITE_OK;
}

/* Sets the vtab's error message "NAME: text". */
static void tvf_set_error(sqlite3_vtab *vt, const char *name, const char *text) {
  sqlite3_free(vt->zErrMsg);
  vt->zErrMsg = sqlite3_mprintf("%s: %s", name, text);
}

void url_tvf_error(url_tvf_cursor *c, const char *text) {
  tvf_set_error(c->base.pVtab, c->def->name, text);
}

/*
** idxNum bit a: argument a is given, in argv order.  As in series.c, an
** argument whose constraint is present but not usable (a join order where
** its value is not yet known) makes the plan SQLITE_CONSTRAINT, so the
** planner picks an order where it is known.
*/
static int tvf_best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  const tvf_vtab *t = (const tvf_vtab *)vt;
  const url_tvf *def = t->reg->def;
  int idx[URL_TVF_MAX_ARGS];
  int seen = 0, unusable = 0;
  for (int a = 0; a < def->n_args; a++) idx[a] = -1;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *k = &info->aConstraint[i];
    int a = k->iColumn - def->n_columns;
    if (a < 0 || a >= def->n_args || k->op != SQLITE_INDEX_CONSTRAINT_EQ)
      continue;
    seen |= 1 << a;
    if (!k->usable) {
      unusable |= 1 << a;
    } else if (idx[a] < 0) {
      idx[a] = i;
    }
  }
  int idx_num = 0, n = 0;
  for (int a = 0; a < def->n_args; a++) {
    if (idx[a] < 0) continue;
    idx_num |= 1 << a;
    info->aConstraintUsage[idx[a]].argvIndex = ++n;
    info->aConstraintUsage[idx[a]].omit = 1;
  }
  int required = (1 << def->n_required) - 1;
  if ((seen & required) != required) {
    int a = 0; /* the first one missing */
    while (seen >> a & 1) a++;
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("%s: missing %s argument", def->name,
                                  def->arg_names[a]);
    return SQLITE_ERROR;
  }
  if (unusable & ~idx_num) return SQLITE_CONSTRAINT;
  info->idxNum = idx_num;
  info->estimatedCost = 10.0;
  info->estimatedRows = 10;
  return SQLITE_OK;
}

/* An argument is never longer than SQLite's own limit on values. */
#define ARG_MAX ((size_t)0x7fffffff)

static void arg_init(url_tvf_arg *a) {
  a->type = SQLITE_NULL;
  a->same = 0;
  url_buf_init(&a->bytes, &url_mem_sqlite, a->st, sizeof a->st, ARG_MAX);
}

static int tvf_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  const tvf_vtab *t = (const tvf_vtab *)vt;
  const url_tvf_reg *reg = t->reg;
  url_tvf_cursor *c = sqlite3_malloc64(reg->def->cursor_size);
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, reg->def->cursor_size);
  c->def = reg->def;
  c->conn = reg->conn;
  c->db = t->db;
  c->max = url_db_max_len(t->db);
  for (int a = 0; a < URL_TVF_MAX_ARGS; a++) arg_init(&c->args[a]);
  if (c->def->open) c->def->open(c);
  *out = &c->base;
  return SQLITE_OK;
}

static int tvf_close(sqlite3_vtab_cursor *cur) {
  url_tvf_cursor *c = (url_tvf_cursor *)cur;
  if (c->def->close) c->def->close(c);
  for (int a = 0; a < URL_TVF_MAX_ARGS; a++) url_buf_free(&c->args[a].bytes);
  sqlite3_free(c);
  return SQLITE_OK;
}

/* Keeps a copy of v (NULL: not given) for its hidden column. */
static int arg_keep(url_tvf_arg *a, sqlite3_value *v) {
  /* the filter found the value equal to the one kept: no second copy (a
     list of targets is compared, not copied, from row to row) */
  if (a->same) return URL_OK;
  if (a->bytes.err) { /* unusable after an error: start over */
    url_buf_free(&a->bytes);
    arg_init(a);
  }
  a->bytes.len = 0;
  a->type = v ? sqlite3_value_type(v) : SQLITE_NULL;
  const void *p = NULL;
  switch (a->type) {
    case SQLITE_NULL: return URL_OK;
    case SQLITE_INTEGER: a->i = sqlite3_value_int64(v); return URL_OK;
    case SQLITE_FLOAT: a->r = sqlite3_value_double(v); return URL_OK;
    case SQLITE_BLOB: p = sqlite3_value_blob(v); break;
    default:
      p = sqlite3_value_text(v);
      if (!p) return URL_NOMEM;
  }
  int n = sqlite3_value_bytes(v);
  if (n > 0) url_buf_append(&a->bytes, p, (size_t)n);
  return a->bytes.err;
}

int url_tvf_arg_same(url_tvf_arg *a, sqlite3_value *v) {
  int t = sqlite3_value_type(v);
  if (a->type == SQLITE_NULL || t == SQLITE_NULL) return 0;
  if (a->type == SQLITE_INTEGER || a->type == SQLITE_FLOAT) return 0;
  /* a text with a text, a blob with a blob: the kept copy, type and
     bytes, then serves unchanged */
  if (a->type != t) return 0;
  const void *p = t == SQLITE_BLOB ? sqlite3_value_blob(v)
                                   : (const void *)sqlite3_value_text(v);
  size_t n = (size_t)sqlite3_value_bytes(v);
  if (n != a->bytes.len) return 0;
  a->same = n == 0 || (p && memcmp(p, a->bytes.ptr, n) == 0);
  return a->same;
}

void url_tvf_base_open(url_tvf_base *tb, size_t max) {
  url_kept_init(&tb->b);
  tb->rc = -1;
}

void url_tvf_base_close(url_tvf_base *tb) { url_kept_free(&tb->b); }

int url_tvf_base_get(url_tvf_cursor *cur, url_tvf_base *tb, int arg,
                     sqlite3_value *v, const url **out) {
  *out = NULL;
  if (!v || sqlite3_value_type(v) == SQLITE_NULL) return URL_OK;
  /* The kept parse (valid or not) serves while the value is the same;
     cur->args still hold the previous filter's arguments. */
  if (!((tb->rc == URL_OK || tb->rc == URL_FAILURE) &&
        url_tvf_arg_same(&cur->args[arg], v))) {
    tb->rc = url_kept_parse(&tb->b, v, NULL, cur->max);
  }
  int rc = tb->rc;
  if (rc == URL_OK) *out = &tb->b.u;
  else if (rc != URL_FAILURE) tb->rc = -1;
  return rc;
}

/* A core status as the virtual table's result (the rows end on an error). */
static int tvf_status(url_tvf_cursor *c, int rc) {
  if (rc == URL_OK) return SQLITE_OK;
  c->n_rows = 0; /* no partial rows */
  if (rc == URL_FAILURE) return SQLITE_ERROR; /* the callback set the error */
  if (rc == URL_TOOBIG) {
    tvf_set_error(c->base.pVtab, c->def->name, "string or blob too big");
    return SQLITE_TOOBIG;
  }
  return SQLITE_NOMEM;
}

static int tvf_filter(sqlite3_vtab_cursor *cur, int idx_num,
                      const char *idx_str, int argc, sqlite3_value **argv) {
  url_tvf_cursor *c = (url_tvf_cursor *)cur;
  const url_tvf *def = c->def;
  sqlite3_value *args[URL_TVF_MAX_ARGS] = {NULL};
  for (int a = 0, k = 0; a < def->n_args; a++)
    if ((idx_num & (1 << a)) && k < argc) args[a] = argv[k++];
  c->max = url_db_max_len(c->db);
  c->row = 0;
  c->n_rows = 0;
  for (int a = 0; a < def->n_args; a++) c->args[a].same = 0;
  int rc = def->filter(c, args);
  for (int a = 0; a < def->n_args; a++) {
    int rk = arg_keep(&c->args[a], args[a]);
    if (rc == URL_OK) rc = rk;
  }
  return tvf_status(c, rc);
}

static int tvf_next(sqlite3_vtab_cursor *cur) {
  url_tvf_cursor *c = (url_tvf_cursor *)cur;
  c->row++;
  if (c->def->next && c->row >= c->n_rows) return tvf_status(c, c->def->next(c));
  return SQLITE_OK;
}

static int tvf_eof(sqlite3_vtab_cursor *cur) {
  const url_tvf_cursor *c = (const url_tvf_cursor *)cur;
  return c->row >= c->n_rows;
}

static int tvf_rowid(sqlite3_vtab_cursor *cur, sqlite_int64 *rowid) {
  *rowid = ((url_tvf_cursor *)cur)->row + 1;
  return SQLITE_OK;
}

/* The value of a hidden (argument) column: the argument as given. */
static void arg_result(sqlite3_context *ctx, const url_tvf_arg *a) {
  const char *p = a->bytes.len ? a->bytes.ptr : "";
  switch (a->type) {
    case SQLITE_INTEGER: sqlite3_result_int64(ctx, a->i); break;
    case SQLITE_FLOAT: sqlite3_result_double(ctx, a->r); break;
    case SQLITE_TEXT:
      sqlite3_result_text(ctx, p, (int)a->bytes.len, SQLITE_TRANSIENT);
      break;
    case SQLITE_BLOB:
      sqlite3_result_blob(ctx, p, (int)a->bytes.len, SQLITE_TRANSIENT);
      break;
  }
}

static int tvf_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i) {
  url_tvf_cursor *c = (url_tvf_cursor *)cur;
  int n_cols = c->def->n_columns;
  if (i >= n_cols) {
    if (i - n_cols < c->def->n_args) arg_result(ctx, &c->args[i - n_cols]);
    return SQLITE_OK;
  }
  if (i >= 0 && c->row < c->n_rows) c->def->column(c, ctx, i);
  return SQLITE_OK;
}

const sqlite3_module url_tvf_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous-only */
    .xConnect = tvf_connect,
    .xBestIndex = tvf_best_index,
    .xDisconnect = tvf_disconnect,
    .xDestroy = NULL,
    .xOpen = tvf_open,
    .xClose = tvf_close,
    .xFilter = tvf_filter,
    .xNext = tvf_next,
    .xEof = tvf_eof,
    .xColumn = tvf_column,
    .xRowid = tvf_rowid,
};
