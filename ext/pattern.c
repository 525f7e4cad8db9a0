/*
** URL patterns (the URL Pattern Standard, pattern/) from SQL.
**
**   SELECT url_pattern_test('https://{:shop.}?example.com/books/:id',
**                           'https://shop.example.com/books/42');      -- 1
**   SELECT name, value FROM url_pattern_exec('https://example.com/books/:id',
**          'https://example.com/books/42') WHERE name = 'id';          -- id|42
**   SELECT url_pattern_test('{"pathname": "/books/:id"}', 'https://a/books/1');  -- 1
**   SELECT url_pattern_test('["https://a/Books/:id", {"ignoreCase": true}]',
**                           'https://a/books/1');                       -- 1
**   SELECT component, pattern, regexp
**     FROM url_pattern_components('https://example.com/:path');
**   SELECT url_pattern_has_regexp_groups('{"pathname": "/:id(\\d+)"}');  -- 1
**
** A pattern is a constructor string ('https://example.com/books/:id'), a
** JSON object of components (a URLPatternInit, with "ignoreCase": true as
** the options), or a JSON array of the constructor's arguments [input,
** baseURL?, options?].  An input is a URL string or a JSON object of
** components; url_pattern_test's and url_pattern_exec's optional base is
** the input's base URL (URLPattern.test(input, baseURL)).
**
**   url_pattern_test(pattern, input [, base]): 1 or 0; NULL when pattern or
**       input is NULL or the input is not a URL (or a components object
**       whose components do not canonicalize).
**   url_pattern_exec(pattern, input [, base]): a table-valued function: for
**       a match, one row per group of each component (component, name,
**       value, input), value NULL for a group that did not participate
**       (undefined in JavaScript) and '' for one that matched nothing; a
**       component without groups gives one row with name and value NULL.
**       No rows when there is no match.  Hidden columns: pattern, url, base.
**   url_pattern_components(pattern): one row per component: component,
**       pattern (the URLPattern getter), regexp (the regular expression it
**       compiles to, without flags), group_names (a JSON array),
**       has_regexp_groups, ignore_case.  Hidden column: source.
**   url_pattern_has_regexp_groups(pattern): URLPattern.hasRegExpGroups.
**
** An invalid pattern is an SQL error naming the function and the problem;
** so is a base URL given with a components object (the Standard's
** TypeError), and a regular expression that reaches the step limit or the
** memory limit.
** Bounds, each an error: a pattern argument of at most
** SQLITE_LIMIT_LIKE_PATTERN_LENGTH bytes (50000 by default), 255 groups
** per component (pattern/README.md has the engine's own).
**
** Storage: a pattern constant for the statement is compiled once (auxdata;
** the table-valued functions keep theirs in the cursor while the pattern
** stays the same); with it the storage of a match's captures, so a row
** allocates nothing.  A pattern that changes from row to row is looked up
** in the connection's compiled patterns by its text (objs.c: the last 64
** or so), so a join of URLs against a table of patterns compiles each
** pattern once, not once per row; it keeps only compiled patterns of at
** most 64 KB (4 MB in all).  Each cache measurably pays: without the
** auxdata, url_pattern_test of a constant pattern takes 11% more CPU time
** (a lookup by text each row); without the cursor's, url_pattern_exec 4%.
*/
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "urlpattern.h"
#include "utf8.h"

/* url_fn_pattern's row argument. */
enum { URL_PATTERN_TEST, URL_PATTERN_HAS_REGEXP_GROUPS };

#define ERR_MAX 256

/* The connection keeps compiled patterns of at most this many bytes each
   (its 64 or so kept patterns: at most 4 MB); a bigger one is compiled
   per statement (auxdata) or per row. */
#define KEEP_MAX_BYTES 65536

/* The longest pattern argument, in bytes: SQLite's bound on LIKE and GLOB
   patterns (SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 50000 by default), as
   regexp.c uses it. */
static size_t pattern_limit(sqlite3 *db) {
  int n = sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, -1);
  return n > 0 ? (size_t)n : 0;
}

/*
** A compiled pattern, shared by the connection's kept patterns, the
** statements that hold it as auxdata and the cursors that use it (each
** holds a reference), with the capture storage of one url_pattern_test
** call (calls on a connection never overlap; a cursor, whose captures
** outlive the call, has its own).
*/
typedef struct compiled {
  url_obj obj; /* the references and the auxdata counts: objs.c */
  url_pattern *p;
  long *slots;
} compiled;

static void compiled_free(void *v) {
  compiled *cp = v;
  url_pattern_free(cp->p);
  sqlite3_free(cp);
}

/* Drops a reference (the connection's, a cursor's, a call's). */
static void compiled_release(compiled *cp) {
  if (cp) url_obj_release(&cp->obj);
}

/* err cut to whole UTF-8 characters (a message cut at its buffer's size,
   or quoting a cut pattern, may end inside one): an SQL error message must
   be valid UTF-8. */
static const char *whole(char *err) {
  err[url_utf8_valid_prefix((const unsigned char *)err, strlen(err))] = '\0';
  return err;
}

/* The connection keeps 64 or so compiled patterns of at most
   KEEP_MAX_BYTES each. */
static const url_obj_kind compiled_kind = {compiled_free, 64,
                                           64 * (size_t)KEEP_MAX_BYTES,
                                           KEEP_MAX_BYTES};

/* "invalid pattern 'x': why", for an error message. */
static char *invalid_pattern(sqlite3_value *v, const char *why) {
  sqlite3_str *s = sqlite3_str_new(NULL);
  sqlite3_str_appendall(s, "invalid pattern ");
  url_quote(s, v);
  sqlite3_str_appendf(s, ": %s", why);
  return sqlite3_str_finish(s);
}

/* ---------------------------------------------------------- JSON forms */

static const char *const member_list =
    "protocol, username, password, hostname, port, pathname, search, hash, "
    "baseURL";

/* "unknown member "x" (expected ...)" and the like, into err. */
static int member_error(char *err, size_t errn, const char *fmt,
                        const url_json_value *m) {
  snprintf(err, errn, fmt, url_json_name_shown(m, 40), m->name.s);
  return URL_FAILURE;
}

/* The option member m, "ignoreCase": true or false into *ignore_case. */
static int ignore_case_of(const url_json_value *m, int *ignore_case, char *err,
                          size_t errn) {
  if (m->type != URL_JSON_TRUE && m->type != URL_JSON_FALSE) {
    snprintf(err, errn, "ignoreCase must be true or false");
    return URL_FAILURE;
  }
  *ignore_case = m->type == URL_JSON_TRUE;
  return URL_OK;
}

/*
** The object j->v[k] as a URLPatternInit (string members protocol ...
** hash and baseURL; strings point into j) and, where ignore_case is not
** NULL, the option "ignoreCase".  Returns URL_OK or URL_FAILURE (err).
*/
static int init_of(const url_json *j, int k, pat_init *init, int *ignore_case,
                   char *err, size_t errn) {
  memset(init, 0, sizeof *init);
  for (int i = j->v[k].first; i >= 0; i = j->v[i].next) {
    const url_json_value *m = &j->v[i];
    if (ignore_case && url_json_name_is(m, "ignoreCase")) {
      if (ignore_case_of(m, ignore_case, err, errn) != URL_OK) return URL_FAILURE;
      continue;
    }
    url_str *slot = url_json_name_is(m, "baseURL") ? &init->base_url : NULL;
    for (int c = 0; !slot && c < PAT_N; c++)
      if (url_json_name_is(m, pat_component_names[c])) slot = &init->c[c];
    if (!slot) {
      char fmt[200];
      snprintf(fmt, sizeof fmt, "unknown member \"%%.*s\" (expected %s%s)",
               member_list, ignore_case ? ", ignoreCase" : "");
      return member_error(err, errn, fmt, m);
    }
    if (m->type != URL_JSON_STRING)
      return member_error(err, errn, "\"%.*s\" must be a string", m);
    *slot = m->text;
  }
  return URL_OK;
}

/* The options object j->v[k]: {"ignoreCase": bool}. */
static int options_of(const url_json *j, int k, int *ignore_case, char *err,
                      size_t errn) {
  for (int i = j->v[k].first; i >= 0; i = j->v[i].next) {
    const url_json_value *m = &j->v[i];
    if (!url_json_name_is(m, "ignoreCase"))
      return member_error(err, errn,
                          "unknown member \"%.*s\" (expected ignoreCase)", m);
    if (ignore_case_of(m, ignore_case, err, errn) != URL_OK) return URL_FAILURE;
  }
  return URL_OK;
}

/*
** The URLPattern constructor's arguments as JSON: an object (a
** URLPatternInit, "ignoreCase" allowed), or an array [input, baseURL?,
** options?] with input a string or an object.  Returns URL_OK or
** URL_FAILURE (err).
*/
static int args_of(const url_json *j, pat_input *in, url_str *base,
                   int *ignore_case, char *err, size_t errn) {
  memset(in, 0, sizeof *in);
  *base = (url_str){NULL, 0};
  *ignore_case = 0;
  const url_json_value *top = &j->v[0];
  if (top->type == URL_JSON_OBJECT) {
    in->is_init = 1;
    return init_of(j, 0, &in->init, ignore_case, err, errn);
  }
  int item[4] = {-1, -1, -1, -1}, n = 0;
  for (int i = top->first; i >= 0 && n < 4; i = j->v[i].next) item[n++] = i;
  /* [input], [input, baseURL], [input, options], [input, baseURL, options] */
  int b = n > 1 && j->v[item[1]].type == URL_JSON_STRING ? item[1] : -1;
  int o = b >= 0 ? item[2] : item[1];
  int in_ok = n >= 1 && (j->v[item[0]].type == URL_JSON_STRING ||
                         j->v[item[0]].type == URL_JSON_OBJECT);
  if (!in_ok || n > (b >= 0 ? 3 : 2) ||
      (o >= 0 && j->v[o].type != URL_JSON_OBJECT)) {
    snprintf(err, errn, "expected [input, baseURL, options] in the JSON array");
    return URL_FAILURE;
  }
  if (b >= 0) *base = j->v[b].text;
  if (o >= 0 && options_of(j, o, ignore_case, err, errn) != URL_OK)
    return URL_FAILURE;
  if (j->v[item[0]].type == URL_JSON_STRING) {
    in->string = j->v[item[0]].text;
    return URL_OK;
  }
  in->is_init = 1;
  return init_of(j, item[0], &in->init, NULL, err, errn);
}

/* Whether s[0..n) starts, after white space, with c. */
static int starts_with(const char *s, size_t n, char c) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
    i++;
  return i < n && s[i] == c;
}

/*
** A pattern from its SQL text: JSON (see args_of) or a constructor string.
** Text that starts like JSON but is not JSON is tried as a constructor
** string; if that fails too, the JSON error is reported.
*/
static int create(url_pattern **out, const char *s, size_t n, size_t max,
                  char *err, size_t errn) {
  pat_input in = {.string = {s, n}};
  if (!starts_with(s, n, '[') && !starts_with(s, n, '{'))
    return url_pattern_create(out, &in, NULL, 0, 0, &url_mem_sqlite, err, errn);
  url_json j;
  int rc = url_json_parse(&j, s, n, max);
  url_str base;
  int ignore_case;
  if (rc == URL_OK) rc = args_of(&j, &in, &base, &ignore_case, err, errn);
  if (rc == URL_OK)
    rc = url_pattern_create(out, &in, base.s, base.n, ignore_case,
                            &url_mem_sqlite, err, errn);
  else if (rc == URL_FAILURE && j.why[0]) { /* not JSON after all */
    char unused[8];
    in = (pat_input){.string = {s, n}};
    rc = url_pattern_create(out, &in, NULL, 0, 0, &url_mem_sqlite, unused,
                            sizeof unused);
    if (rc == URL_FAILURE) snprintf(err, errn, "not valid JSON: %s", j.why);
  }
  url_json_free(&j);
  return rc;
}

/*
** Compiles the pattern argument v (not NULL) into *out, for the
** connection db (a url_obj_make).  Returns URL_OK, URL_FAILURE (*msg: the
** error, to free) or URL_NOMEM / URL_TOOBIG.
*/
static int compile(void *db, sqlite3_value *v, size_t max, url_obj **out,
                   char **msg) {
  size_t limit = pattern_limit(db);
  *out = NULL;
  *msg = NULL;
  url_arg a;
  int rc = url_arg_read(&a, v, max);
  url_pattern *p = NULL;
  char err[ERR_MAX] = "";
  if (rc == URL_OK && a.n > limit) {
    snprintf(err, sizeof err,
             "longer than %zu bytes (SQLITE_LIMIT_LIKE_PATTERN_LENGTH)", limit);
    rc = URL_FAILURE;
  } else if (rc == URL_OK) {
    rc = create(&p, a.s, a.n, max, err, sizeof err);
  }
  url_arg_free(&a);
  if (rc == URL_FAILURE) {
    *msg = invalid_pattern(v, whole(err));
    return *msg ? URL_FAILURE : URL_NOMEM;
  }
  if (rc != URL_OK) return rc;
  size_t slots = url_pattern_slots(p);
  compiled *cp = sqlite3_malloc64(sizeof *cp + slots * sizeof(long));
  if (!cp) {
    url_pattern_free(p);
    return URL_NOMEM;
  }
  url_obj_init(&cp->obj, &compiled_kind, url_pattern_bytes(p));
  cp->p = p;
  cp->slots = (long *)(void *)(cp + 1);
  *out = &cp->obj;
  return URL_OK;
}

/*
** The compiled pattern of argument v (not NULL), with a reference for the
** caller: the connection's, or compiled now and kept there.  Returns as
** compile().
*/
static int pattern_of(url_conn *conn, sqlite3 *db, sqlite3_value *v, size_t max,
                      compiled **out, char **msg) {
  url_obj *o;
  int again;
  int rc = url_conn_obj(conn, &compiled_kind, v, max, compile, db, &o, &again,
                        msg);
  *out = (compiled *)o;
  return rc;
}

/* The SQL error of a match's status (NULL: none of its own). */
static const char *status_error(int rc) {
  if (rc == URL_STEP_LIMIT) return "a regular expression reached the step limit";
  if (rc == URL_MEMORY_LIMIT)
    return "a regular expression reached the memory limit (256 MB of backtracking)";
  if (rc == URL_BASE_WITH_INIT)
    return "a base URL cannot go with a components object input";
  return NULL;
}

/* Reports an error code other than URL_OK / URL_FAILURE as the call's. */
static void result_error(sqlite3_context *ctx, int rc) {
  const char *why = status_error(rc);
  if (why) url_error(ctx, "%s", why);
  else url_result(ctx, rc, "", 0); /* SQLITE_NOMEM / SQLITE_TOOBIG */
}

/*
** The pattern of argument 0 (url_arg_obj: *held for url_arg_obj_done).
** NULL after reporting an error.
*/
static compiled *pattern_arg(sqlite3_context *ctx, sqlite3_value *v, int *held) {
  char *msg;
  int rc;
  url_obj *o = url_arg_obj(ctx, 0, v, &compiled_kind, url_max_len(ctx), compile,
                           sqlite3_context_db_handle(ctx), held, &rc, &msg);
  if (rc == URL_FAILURE) {
    url_error(ctx, "%s", msg);
    sqlite3_free(msg);
  } else if (rc != URL_OK) {
    result_error(ctx, rc);
  }
  return (compiled *)o;
}

/* Ends the call's use of the pattern pattern_arg gave. */
static void keep(sqlite3_context *ctx, compiled *cp, int held) {
  url_arg_obj_done(ctx, 0, &cp->obj, held);
}

/* Whether v's text starts (after white space) with "{": then it may be a
   components object rather than a URL. */
static int maybe_object(sqlite3_value *v) {
  const char *p;
  size_t n;
  return url_arg_bytes(v, &p, &n) == URL_OK && starts_with(p, n, '{');
}

/*
** Matches a components object input v (base: the base argument or NULL),
** read into j, which holds its strings (m's inputs may point into them)
** until the caller's url_json_free.  Returns URL_OK (a match in *m),
** URL_FAILURE (no match, components that do not canonicalize, or a wrong
** object: err says), URL_NOT_JSON (not JSON: a URL string after all),
** URL_BASE_WITH_INIT or an error.
*/
static int match_object(const compiled *cp, sqlite3_value *v,
                        sqlite3_value *base, size_t max, url_json *j,
                        pat_match *m, char *err, size_t errn) {
  url_arg a;
  pat_input in = {.is_init = 1};
  int rc = url_arg_read(&a, v, max);
  if (rc == URL_OK) {
    rc = url_json_parse(j, a.s, a.n, max);
    if (rc == URL_FAILURE) rc = URL_NOT_JSON;
    if (rc == URL_OK) rc = init_of(j, 0, &in.init, NULL, err, errn);
    if (rc == URL_OK && base && sqlite3_value_type(base) != SQLITE_NULL)
      rc = URL_BASE_WITH_INIT;
    if (rc == URL_OK) rc = url_pattern_match(cp->p, &in, NULL, 0, 0, m);
  } else {
    url_json_parse(j, "", 0, 0); /* so that url_json_free is safe */
  }
  url_arg_free(&a);
  return rc;
}

static void match_start(pat_match *m, const compiled *cp, size_t max, char *st,
                        size_t cap) {
  memset(m, 0, sizeof *m);
  m->slots = cp->slots;
  url_buf_init(&m->store, &url_mem_sqlite, st, cap, max);
}

/* url_pattern_test's match of a components object input v: as
   match_object, *input_ok set when the components canonicalized (then
   URL_FAILURE is no match: 0, not NULL). */
static int test_object(const compiled *cp, sqlite3_value *v,
                       sqlite3_value *base, size_t max, int *input_ok,
                       char *err, size_t errn) {
  pat_match m;
  char mst[URL_STACK];
  url_json j;
  match_start(&m, cp, max, mst, sizeof mst);
  int rc = match_object(cp, v, base, max, &j, &m, err, errn);
  *input_ok = m.input_ok;
  url_json_free(&j);
  url_buf_free(&m.store);
  return rc;
}

/* url_pattern_test(pattern, input [, base]) */
static void fn_test(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  int held;
  compiled *cp = pattern_arg(ctx, argv[0], &held);
  if (!cp) return;
  url_call c;
  url_call_begin(&c, ctx);
  char err[ERR_MAX] = "";
  int rc = URL_NOT_JSON, parsed = 0;
  if (maybe_object(argv[1]))
    rc = test_object(cp, argv[1], argc > 2 ? argv[2] : NULL, c.max, &parsed,
                     err, sizeof err);
  if (rc == URL_NOT_JSON) {
    rc = url_call_parse(&c, argv, 1, argc > 2 ? 2 : -1);
    parsed = rc == URL_OK;
    if (parsed) rc = url_pattern_test_url(cp->p, &c.u, 0, cp->slots);
  }
  if (rc == URL_OK) sqlite3_result_int(ctx, 1);
  else if (rc == URL_FAILURE && parsed) sqlite3_result_int(ctx, 0); /* no match */
  else if (rc == URL_FAILURE && err[0]) url_error(ctx, "%s", whole(err)); /* a wrong components object */
  else if (rc == URL_FAILURE) sqlite3_result_null(ctx); /* not a URL */
  else result_error(ctx, rc);
  url_call_end(&c);
  keep(ctx, cp, held);
}

/* url_pattern_has_regexp_groups(pattern) */
static void fn_has_regexp_groups(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  int held;
  compiled *cp = pattern_arg(ctx, argv[0], &held);
  if (!cp) return;
  sqlite3_result_int(ctx, url_pattern_has_regexp_groups(cp->p));
  keep(ctx, cp, held);
}

static void url_fn_pattern(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (url_fn_arg(ctx) == URL_PATTERN_TEST) fn_test(ctx, argc, argv);
  else fn_has_regexp_groups(ctx, argc, argv);
}

/* ---------------------------------------------- table-valued functions */

/* A cursor's pattern, kept while the pattern argument stays the same. */
typedef struct kept_pattern {
  compiled *cp;
} kept_pattern;

/* The pattern of argument 0 for this filter: the kept one, or compiled
   now.  Returns URL_OK, URL_FAILURE after setting the vtab's error, or an
   error. */
static int cursor_pattern(url_tvf_cursor *cur, kept_pattern *k,
                          sqlite3_value *v) {
  if (k->cp && url_tvf_arg_same(&cur->args[0], v)) return URL_OK;
  compiled_release(k->cp);
  k->cp = NULL;
  char *msg;
  int rc = pattern_of(cur->conn, cur->db, v, cur->max, &k->cp, &msg);
  if (rc == URL_FAILURE) {
    url_tvf_error(cur, msg);
    sqlite3_free(msg);
  }
  return rc;
}

/* url_pattern_exec */
typedef struct exec_cursor {
  url_tvf_cursor base;
  kept_pattern pat;
  url_kept u;      /* the parsed input URL */
  url_tvf_base b;  /* the last parsed base */
  url_json in;     /* a components object input, decoded */
  int have_in;     /* in holds one */
  pat_match m;     /* m.slots: the cursor's (slots_st, or the heap) */
  size_t nslots;   /* longs at m.slots */
  char mst[URL_STACK];
  long slots_st[64];
} exec_cursor;

/* Room for n captures at c->m.slots, which the rows read (a scalar call
   may use the pattern's own meanwhile). */
static int exec_slots(exec_cursor *c, size_t n) {
  if (n <= c->nslots) return URL_OK;
  long *q = c->m.slots == c->slots_st
                ? sqlite3_malloc64(n * sizeof *q)
                : sqlite3_realloc64(c->m.slots, n * sizeof *q);
  if (!q) return URL_NOMEM;
  c->m.slots = q;
  c->nslots = n;
  return URL_OK;
}

static void exec_open(url_tvf_cursor *cur) {
  exec_cursor *c = (exec_cursor *)cur;
  url_kept_init(&c->u);
  url_tvf_base_open(&c->b, cur->max);
  c->have_in = 0;
  url_buf_init(&c->m.store, &url_mem_sqlite, c->mst, sizeof c->mst, cur->max);
  c->m.slots = c->slots_st;
  c->nslots = sizeof c->slots_st / sizeof c->slots_st[0];
}

static void exec_close(url_tvf_cursor *cur) {
  exec_cursor *c = (exec_cursor *)cur;
  compiled_release(c->pat.cp);
  url_kept_free(&c->u);
  url_tvf_base_close(&c->b);
  if (c->have_in) url_json_free(&c->in);
  url_buf_free(&c->m.store);
  if (c->m.slots != c->slots_st) sqlite3_free(c->m.slots);
}

/* The rows of a match: each component's groups, or one row for a
   component without any. */
static sqlite3_int64 exec_rows(const url_pattern *p) {
  sqlite3_int64 n = 0;
  for (int i = 0; i < PAT_N; i++) {
    int g = url_pattern_group_count(p, (pat_component)i);
    n += g ? g : 1;
  }
  return n;
}

/* argv: pattern, url, base */
static int exec_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  exec_cursor *c = (exec_cursor *)cur;
  if (!argv[0] || sqlite3_value_type(argv[0]) == SQLITE_NULL || !argv[1] ||
      sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return URL_OK;
  int rc = cursor_pattern(cur, &c->pat, argv[0]);
  if (rc != URL_OK) return rc;
  compiled *cp = c->pat.cp;
  rc = exec_slots(c, url_pattern_slots(cp->p));
  if (rc != URL_OK) return rc;
  c->m.store.len = 0;
  if (c->have_in) url_json_free(&c->in);
  c->have_in = 0;
  char err[ERR_MAX] = "";
  rc = URL_NOT_JSON;
  if (maybe_object(argv[1])) {
    c->have_in = 1;
    rc = match_object(cp, argv[1], argv[2], cur->max, &c->in, &c->m, err,
                      sizeof err);
    if (rc == URL_FAILURE && err[0]) {
      url_tvf_error(cur, whole(err));
      return URL_FAILURE;
    }
  }
  if (rc == URL_NOT_JSON) {
    const url *base;
    rc = url_tvf_base_get(cur, &c->b, 2, argv[2], &base);
    if (rc == URL_OK) rc = url_kept_parse(&c->u, argv[1], base, cur->max);
    if (rc == URL_OK) rc = url_pattern_match_url(cp->p, &c->u.u, 0, &c->m);
  }
  if (rc == URL_OK) cur->n_rows = exec_rows(cp->p);
  if (rc == URL_FAILURE) return URL_OK; /* no match, or not a URL: no rows */
  const char *why = status_error(rc);
  if (!why) return rc;
  url_tvf_error(cur, why);
  return URL_FAILURE;
}

static void exec_column(url_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  exec_cursor *c = (exec_cursor *)cur;
  const url_pattern *p = c->pat.cp->p;
  sqlite3_int64 row = cur->row;
  int comp = 0, g = 0;
  for (; comp < PAT_N; comp++) {
    int n = url_pattern_group_count(p, (pat_component)comp);
    if (row < (n ? n : 1)) {
      g = n ? (int)row : -1;
      break;
    }
    row -= n ? n : 1;
  }
  url_str in = c->m.input[comp];
  switch (col) {
    case 0:
      sqlite3_result_text(ctx, pat_component_names[comp], -1, SQLITE_STATIC);
      break;
    case 1:
      if (g >= 0) url_result_str(ctx, URL_OK, url_pattern_group_name(p, (pat_component)comp, g));
      break;
    case 2: {
      if (g < 0) break;
      long s = c->m.caps[comp][2 + 2 * g], e = c->m.caps[comp][3 + 2 * g];
      if (s >= 0) url_result_str(ctx, URL_OK, (url_str){in.s + s, (size_t)(e - s)});
      break; /* NULL: the group did not participate */
    }
    case 3: url_result_str(ctx, URL_OK, in); break;
  }
}

static const char *const exec_columns[] = {"component TEXT", "name TEXT",
                                           "value TEXT", "input TEXT"};
static const char *const exec_args[] = {"pattern", "url", "base"};

static const url_tvf url_pattern_exec_tvf = {
    URL_TVF_SHAPE("url_pattern_exec", exec_columns, exec_args, 2, exec_cursor),
    .open = exec_open, .close = exec_close,
    .filter = exec_filter, .column = exec_column};

/* url_pattern_components */
typedef struct comp_cursor {
  url_tvf_cursor base;
  kept_pattern pat;
} comp_cursor;

static void components_close(url_tvf_cursor *cur) {
  compiled_release(((comp_cursor *)cur)->pat.cp);
}

static int components_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  comp_cursor *c = (comp_cursor *)cur;
  if (!argv[0] || sqlite3_value_type(argv[0]) == SQLITE_NULL) return URL_OK;
  int rc = cursor_pattern(cur, &c->pat, argv[0]);
  if (rc == URL_OK) cur->n_rows = PAT_N;
  return rc;
}

static void components_column(url_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  const url_pattern *p = ((comp_cursor *)cur)->pat.cp->p;
  pat_component comp = (pat_component)cur->row;
  switch (col) {
    case 0: sqlite3_result_text(ctx, pat_component_names[comp], -1, SQLITE_STATIC); break;
    case 1: url_result_str(ctx, URL_OK, url_pattern_string(p, comp)); break;
    case 2: url_result_str(ctx, URL_OK, url_pattern_regexp(p, comp)); break;
    case 3: {
      /* the names as a JSON array */
      sqlite3_str *s = sqlite3_str_new(NULL);
      for (int i = 0; i < url_pattern_group_count(p, comp); i++) {
        url_str n = url_pattern_group_name(p, comp, i);
        url_json_array_add(s, n.s, n.n);
      }
      int len;
      char *z = url_json_array_finish(s, &len);
      if (!z) sqlite3_result_error_nomem(ctx);
      else url_result(ctx, URL_OK, z, (size_t)len);
      sqlite3_free(z);
      break;
    }
    case 4: sqlite3_result_int(ctx, url_pattern_component_has_regexp_groups(p, comp)); break;
    case 5: sqlite3_result_int(ctx, url_pattern_ignore_case(p)); break;
  }
}

static const char *const components_columns[] = {
    "component TEXT", "pattern TEXT", "regexp TEXT", "group_names TEXT",
    "has_regexp_groups INTEGER", "ignore_case INTEGER"};
static const char *const components_args[] = {"source"};

static const url_tvf url_pattern_components_tvf = {
    URL_TVF_SHAPE("url_pattern_components", components_columns, components_args, 1, comp_cursor),
    .close = components_close, .filter = components_filter,
    .column = components_column};

/* ------------------------------------------------------ registration */

/* URL_PATTERN_* is url_fn_pattern's row argument. */
static const url_func funcs[] = {
    {"url_pattern_test", URL_ARITY(2, 3), URL_PURE, URL_PATTERN_TEST, url_fn_pattern},
    {"url_pattern_has_regexp_groups", 1, URL_PURE, URL_PATTERN_HAS_REGEXP_GROUPS,
     url_fn_pattern},
};

static const url_tvf *const tvfs[] = {&url_pattern_exec_tvf, &url_pattern_components_tvf};

const url_family url_pattern_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
