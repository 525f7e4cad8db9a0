/*
** Keys for deduplicating URLs: canonical keys with named profiles, SURT
** keys, stripping query parameters, and Safe Browsing lookup expressions
** (keys/canonicalize.c, keys/surt.c, keys/strip_params.c, keys/lookup.c).
**
**   SELECT url_canonical('HTTP://www.Example.com:80/a/./b/../%7Ec?z=1&a=2#top');
**   -- http://www.example.com/a/~c?a=2&z=1          ('semantic', the default)
**   SELECT url_canonical('https://www.example.com/A/', 'aggressive');
**   -- http://example.com/a
**   SELECT url_surt('http://www.archive.org/goo/?b&a');
**   -- org,archive)/goo?a&b
**   SELECT url_surt('http://www.archive.org/', '{"with_scheme": true}');
**   -- http://(org,archive)/
**   SELECT url_ssurt('http://user@foo.example.org:81/p?q');
**   -- org,example,foo,//81:http@user:/p?q
**   SELECT url_strip_params('https://a.com/?utm_source=x&id=7&fbclid=y',
**                           '@tracking');
**   -- https://a.com/?id=7
**   SELECT expression FROM url_lookup_expressions('http://a.b.c/1/2.html?p=1');
**   -- a.b.c/1/2.html?p=1, a.b.c/1/2.html, a.b.c/, a.b.c/1/, b.c/1/2.html?p=1, ...
**
** NULL input gives NULL (no rows), an input the WHATWG parser rejects
** gives NULL (no rows); a NULL profile or options argument is the default
** (one not given), and so is a NULL pattern after url_strip_params' first
** (the first is required: NULL gives NULL).  An unknown profile, an options argument
** that is not a JSON object of known options with boolean values, and a
** pattern "@name" other than "@tracking" are errors naming the function.
** Options constant for the statement are parsed once (auxdata).
*/
#include <stdint.h>
#include <string.h>

#include "canonicalize.h"
#include "ext.h"
#include "lookup.h"
#include "strip_params.h"
#include "surt.h"
#include "utf8.h"

/* Stack storage of a key: no heap for URLs of a few kB. */
#define KEY_STACK 4096

/* The key as url_canonical's result: the slice of the parsed input when
   that is the key (terminated in place, or its heap storage handed over),
   else serialized from its components. */
static int result_key(void *ctx, const url_parts *p, url_str key,
                      url_buf *b) {
  sqlite3_context *c = ctx;
  if (key.s) {
    url_result_part(c, URL_OK, key, b, 1);
    return URL_OK;
  }
  char st[KEY_STACK];
  url u;
  url_init(&u, &url_mem_sqlite, st, sizeof st, url_max_len(c));
  int rc = url_build(&u, p);
  if (rc == URL_OK) url_result_part(c, URL_OK, url_href(&u), &u.href, 1);
  url_free(&u);
  return rc;
}

/* url_canonical(input [, profile]) */
static void url_fn_canonical(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int p = url_arg_option(ctx, argc, argv, 1, "profile", url_canon_profile_names,
                         URL_CANON_PROFILES, URL_CANON_SEMANTIC);
  if (p < 0) return;
  uint32_t steps = url_canon_profile_steps((url_canon_profile)p);
  /* The bytes as SQLite holds them: the core repairs them if it must. */
  const char *s;
  size_t n;
  int rc = url_arg_bytes(argv[0], &s, &n);
  if (rc == URL_OK)
    rc = url_canon_parts(s ? s : "", n, steps, &url_mem_sqlite,
                         url_max_len(ctx), result_key, ctx);
  if (rc != URL_OK) url_result(ctx, rc, "", 0);
}

/*
** A JSON 0 or 1 is a boolean too (SQL's json_object() writes a
** comparison's result, 1=1, as 1; a real as 1.0): 1, 0, or -1 for any
** other value.
*/
static int json_bool(const url_json_value *v) {
  if (v->type == URL_JSON_TRUE || v->type == URL_JSON_FALSE)
    return v->type == URL_JSON_TRUE;
  const char *t = v->text.s;
  size_t n = v->type == URL_JSON_NUMBER ? v->text.n : 0, k = 1;
  if (n == 0 || (t[0] != '0' && t[0] != '1')) return -1;
  if (k < n && t[k] == '.') /* a fraction of zeros only */
    while (++k < n && t[k] == '0') {}
  return k == n && t[k - 1] != '.' ? t[0] == '1' : -1;
}

/* Bytes of an option's name quoted in a message. */
#define NAME_SHOWN 60

/* "unknown option "x"; valid options: canonicalizer, ..." */
static void unknown_option(sqlite3_context *ctx, const url_json_value *v) {
  sqlite3_str *m = sqlite3_str_new(NULL);
  sqlite3_str_appendf(m, "unknown option \"%.*s\"; valid options: canonicalizer",
                      url_json_name_shown(v, NAME_SHOWN), v->name.s);
  for (size_t k = 0; url_surt_option_name(k); k++)
    sqlite3_str_appendf(m, ", %s", url_surt_option_name(k));
  char *z = sqlite3_str_finish(m);
  if (z) url_error(ctx, "%s", z);
  else sqlite3_result_error_nomem(ctx);
  sqlite3_free(z);
}

/* The options object json[0..n) into o (from the defaults).  Returns
   URL_OK, URL_ARG_ERROR after reporting what is wrong, or an error. */
static int surt_options_read(sqlite3_context *ctx, const char *json,
                             size_t n, url_surt_opts *o) {
  url_json j;
  int rc = url_json_parse(&j, json, n, url_max_len(ctx));
  url_surt_opts_default(o);
  if (rc == URL_FAILURE || (rc == URL_OK && j.v[0].type != URL_JSON_OBJECT)) {
    size_t k = 0;
    while (k < n && (json[k] == ' ' || json[k] == '\t' || json[k] == '\n' ||
                     json[k] == '\r'))
      k++;
    if (rc == URL_FAILURE && k < n && json[k] == '{')
      url_error(ctx, "options are not valid JSON");
    else
      url_error(ctx, "options must be a JSON object, e.g. "
                     "'{\"with_scheme\": true}'");
    rc = URL_ARG_ERROR;
  }
  uint32_t given = 0; /* the options the object names */
  for (int k = rc == URL_OK ? j.v[0].first : -1; k >= 0; k = j.v[k].next) {
    const url_json_value *m = &j.v[k];
    if (url_json_name_is(m, "canonicalizer")) {
      int is_str = m->type == URL_JSON_STRING;
      int prof = is_str ? url_canon_profile_lookup(m->text.s, m->text.n) : -1;
      int ia = is_str && m->text.n == 2 && url_ascii_case_eq(m->text.s, "ia", 2);
      if (ia) prof = URL_SURT_CANON_IA;
      else if (prof < 0) {
        url_error(ctx, "option \"canonicalizer\" must be 'ia' or one of %s",
                  url_canon_profile_list);
        rc = URL_ARG_ERROR;
        break;
      }
      o->canonicalizer = prof;
      continue;
    }
    uint32_t flag = url_surt_option(m->name.s, m->name.n);
    int on = json_bool(m);
    if (!flag || on < 0) {
      if (!flag) unknown_option(ctx, m);
      else url_error(ctx, "option \"%.*s\" must be true or false (or 1 or 0)",
                     url_json_name_shown(m, NAME_SHOWN), m->name.s);
      rc = URL_ARG_ERROR;
      break;
    }
    o->flags = on ? o->flags | flag : o->flags & ~flag;
    given |= flag;
  }
  url_surt_opts_complete(o, given);
  url_json_free(&j);
  return rc;
}

/*
** The options argument argv[i] of url_surt: parsed once per statement
** when constant (kept as auxdata).  Returns URL_OK, URL_FAILURE for NULL,
** URL_ARG_ERROR after reporting a bad options object, or an error.
*/
static int surt_options(sqlite3_context *ctx, sqlite3_value *v, int i,
                        url_surt_opts *o) {
  const url_surt_opts *kept = sqlite3_get_auxdata(ctx, i);
  if (kept) {
    *o = *kept;
    return URL_OK;
  }
  url_arg a;
  int rc = url_arg_read(&a, v, url_max_len(ctx));
  if (rc == URL_OK) rc = surt_options_read(ctx, a.s, a.n, o);
  if (rc == URL_OK) {
    url_surt_opts *copy = sqlite3_malloc64(sizeof *copy);
    if (copy) {
      *copy = *o;
      sqlite3_set_auxdata(ctx, i, copy, sqlite3_free);
    }
  }
  url_arg_free(&a);
  return rc;
}

/* url_surt(input [, options]) */
static void url_fn_surt(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_surt_opts o;
  url_surt_opts_default(&o);
  if (argc > 1 && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    int rc = surt_options(ctx, argv[1], 1, &o);
    if (rc == URL_ARG_ERROR) return;
    if (rc != URL_OK) {
      url_result(ctx, rc, "", 0);
      return;
    }
  }
  size_t max = url_max_len(ctx);
  char st[KEY_STACK];
  url_buf out;
  url_buf_init(&out, &url_mem_sqlite, st, sizeof st, max);
  const struct url_psl_list *psl = url_conn_psl(url_fn_conn(ctx));
  const char *s;
  size_t n;
  int rc = url_arg_bytes(argv[0], &s, &n);
  if (rc == URL_OK) rc = url_surt(&out, s ? s : "", n, &o, psl);
  url_result_part(ctx, rc, (url_str){out.ptr, out.len}, &out, 1);
  url_buf_free(&out);
}

/* url_ssurt(input) */
static void url_fn_ssurt(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, -1);
  if (rc == URL_OK) rc = url_ssurt(&c.out, &c.u);
  url_call_result(&c, rc);
}

/* ------------------------------------------------------ url_strip_params */

#define STRIP_LOCAL 8 /* patterns read into stack storage */

typedef struct patterns {
  url_arg *p;
  int n;
} patterns;

/* The pattern naming the built-in list of tracking parameters. */
static int is_tracking_list(const url_arg *a) {
  return a->n == 9 && url_ascii_case_eq(a->s, "@tracking", 9);
}

static int strip_match(void *ctx, const char *name, size_t n) {
  const patterns *ps = ctx;
  for (int i = 0; i < ps->n; i++) {
    const url_arg *a = &ps->p[i];
    if (is_tracking_list(a) ? url_param_is_tracking(name, n)
            : url_param_glob(a->s, a->n, name, n))
      return 1;
  }
  return 0;
}

/* url_strip_params(input, pattern [, pattern ...]) */
static void url_fn_strip_params(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (argc < 2) {
    url_error(ctx, "expected a URL and at least one parameter name pattern");
    return;
  }
  url_arg local[STRIP_LOCAL];
  patterns ps = {local, 0};
  if (argc - 1 > STRIP_LOCAL) {
    ps.p = sqlite3_malloc64((sqlite3_uint64)(argc - 1) * sizeof *ps.p);
    if (!ps.p) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
  }
  size_t max = url_max_len(ctx);
  int rc = URL_OK;
  /* Every pattern is read (and checked) first: misuse is an error even for
     a NULL or invalid URL. */
  for (int i = 1; i < argc && rc == URL_OK; i++) {
    url_arg *a = &ps.p[ps.n];
    int r = url_arg_read(a, argv[i], max);
    if (r == URL_FAILURE && i > 1) { /* a NULL further pattern: not given */
      url_arg_free(a);
      continue;
    }
    ps.n++;
    if (r == URL_OK && a->n > 0 && a->s[0] == '@' && !is_tracking_list(a)) {
      sqlite3_str *m = sqlite3_str_new(NULL);
      url_quote(m, argv[i]);
      char *q = sqlite3_str_finish(m);
      if (q) url_error(ctx, "unknown parameter list %s (expected: '@tracking')", q);
      else sqlite3_result_error_nomem(ctx);
      sqlite3_free(q);
      rc = URL_ARG_ERROR;
    } else if (r != URL_OK) {
      rc = r; /* NULL first pattern: NULL result */
    }
  }
  if (rc != URL_ARG_ERROR) {
    url_call c;
    url_call_begin(&c, ctx);
    if (rc == URL_OK) rc = url_call_parse(&c, argv, 0, -1);
    if (rc == URL_OK) rc = url_strip_params(&c.b, &c.u, strip_match, &ps);
    url_result_str(ctx, rc, rc == URL_OK ? url_href(&c.b) : (url_str){"", 0});
    url_call_end(&c);
  }
  for (int i = 0; i < ps.n; i++) url_arg_free(&ps.p[i]);
  if (ps.p != local) sqlite3_free(ps.p);
}

/* ------------------------------------------------- url_lookup_expressions */

typedef struct lookup_cursor {
  url_tvf_cursor base;
  url u;          /* the 'google' key of the input */
  url_lookup l;   /* slices of u's href */
  url_buf expr;   /* the current row's expression */
  char st[KEY_STACK], est[KEY_STACK];
} lookup_cursor;

static void lookup_open(url_tvf_cursor *cur) {
  lookup_cursor *c = (lookup_cursor *)cur;
  url_init(&c->u, &url_mem_sqlite, c->st, sizeof c->st, cur->max);
  url_buf_init(&c->expr, &url_mem_sqlite, c->est, sizeof c->est, cur->max);
}

static void lookup_close(url_tvf_cursor *cur) {
  lookup_cursor *c = (lookup_cursor *)cur;
  url_free(&c->u);
  url_buf_free(&c->expr);
}

/* argv: input.  One row per host suffix and path prefix. */
static int lookup_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  lookup_cursor *c = (lookup_cursor *)cur;
  lookup_close(cur);
  lookup_open(cur);
  c->l.n_hosts = c->l.n_paths = 0;
  if (!argv[0]) return URL_OK;
  url_arg in;
  int rc = url_arg_read(&in, argv[0], cur->max);
  if (rc == URL_OK) rc = url_canonicalize(&c->u, in.s, in.n, URL_CANON_GOOGLE);
  url_arg_free(&in);
  if (rc == URL_FAILURE) return URL_OK; /* NULL or not a URL: no rows */
  if (rc != URL_OK) return rc;
  url_lookup_of(&c->u, &c->l);
  cur->n_rows = (sqlite3_int64)(c->l.n_hosts * c->l.n_paths);
  return URL_OK;
}

static void lookup_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  lookup_cursor *c = (lookup_cursor *)cur;
  size_t row = (size_t)cur->row;
  url_str h = c->l.hosts[row / c->l.n_paths], p = c->l.paths[row % c->l.n_paths];
  if (i == 1) {
    url_result_str(ctx, URL_OK, h);
  } else if (i == 2) {
    url_result_str(ctx, URL_OK, p);
  } else {
    c->expr.len = 0;
    url_buf_append(&c->expr, h.s, h.n);
    url_buf_append(&c->expr, p.s, p.n);
    url_result(ctx, c->expr.err, c->expr.ptr, c->expr.len);
  }
}

static const char *const lookup_columns[] = {"expression TEXT", "host TEXT",
                                             "path TEXT"};
static const char *const lookup_args[] = {"input"};

static const url_tvf url_lookup_expressions_tvf = {
    URL_TVF_SHAPE("url_lookup_expressions", lookup_columns, lookup_args, 1, lookup_cursor),
    .open = lookup_open, .close = lookup_close,
    .filter = lookup_filter, .column = lookup_column};

/* ------------------------------------------------------ registration */

/* url_surt's public_suffix option uses the list, as
   url_registrable_domain does. */
static const url_func funcs[] = {
    {"url_canonical", URL_ARITY(1, 2), URL_PURE, 0, url_fn_canonical},
    {"url_surt", URL_ARITY(1, 2), URL_PURE, 0, url_fn_surt},
    {"url_ssurt", 1, URL_PURE, 0, url_fn_ssurt},
    {"url_strip_params", -1, URL_PURE, 0, url_fn_strip_params},
};

static const url_tvf *const tvfs[] = {&url_lookup_expressions_tvf};

const url_family url_keys_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
