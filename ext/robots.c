/*
** robots.txt from SQL (RFC 9309, read as Google's reference parser reads
** it; robots/).
**
**   SELECT url_robots_allowed('User-agent: *
** Disallow: /private', 'MyBot', 'https://a.example/private/x');   -- 0
**   SELECT url_robots_decision('User-agent: *
** Disallow: /private', 'MyBot', 'https://a.example/private/x');   -- 2
**   SELECT url_robots_crawl_delay('User-agent: *
** Crawl-delay: 2.5', 'MyBot');                                     -- 2.5
**   SELECT line, directive, value FROM url_robots_rules('Sitemap: https://a.example/s.xml');
**   -- 1 | sitemap | https://a.example/s.xml
**
** url_robots_allowed(robots_txt, user_agent, url): 1 if the crawler
** user_agent names may fetch url, else 0.  user_agent is read as its
** product token (robots_agent_arg: 'Googlebot/2.1', a whole User-Agent
** header's "compatible;" token), compared case-insensitively.  url is
** parsed by the URL parser; its path and query are matched.  robots_txt
** is TEXT or a BLOB of the bytes as fetched.  NULL in any argument, or a
** url that does not parse, gives NULL.
** url_robots_decision(robots_txt, user_agent, url): the line number of the
** rule that decided, NULL when none did (allowed).
** url_robots_verdict(robots_txt, user_agent, url): the same decision as
** one row: allowed, line, directive, value, pattern, group_number,
** product_token (the deciding rule without a join of the file's rules).
** url_robots_url(url): the robots.txt of the URL's scheme, host and port.
** url_robots_crawl_delay(robots_txt, user_agent): the crawl-delay in
** seconds (REAL) of the groups that apply to user_agent, or NULL.
** url_robots_rules(robots_txt): one row per line with text: line,
** group_number (1-based; NULL outside groups and for sitemaps), the
** group's user_agents (a JSON array of the values as written), directive
** (lower case, or an unknown key as written; NULL for a line without key:
** value), value, pattern (the canonical form an allow / disallow line is
** matched in), valid, reason (why a line does not count, or the mistake
** forgiven in one that does: robots/'s words), url (a valid sitemap's URL
** as parsed).
**
** Storage.  A robots_txt constant for the statement is compiled once
** (auxdata).  One that changes from row to row (a join with a table of
** robots files) is looked up in the connection's cache (ext/objs.c), in
** a table of its own: up to KEPT_SLOTS (4,096) files and KEPT_BUDGET
** bytes (the files and their compiled forms); files over ONE_MAX are
** compiled per call; past the budget the table starts again empty.  A
** compiled file remembers the groups chosen for the last user agent
** asked about, so a statement chooses them once per (file, agent).
*/
#include <string.h>

#include "ext.h"
#include "parse.h"
#include "robots.h"
#include "utf8.h"

/* ------------------------------------------------- compiled files, kept */

/* A compiled file, shared by the cache, statements' auxdata and calls. */
typedef struct held {
  url_obj obj; /* first: the connection's objects (ext/objs.c) */
  robots *r;
  /* the groups chosen for the user-agent argument last asked about (a
     statement asks about one agent for many URLs): the connection's
     calls are serialized, so the one copy is safe to change */
  robots_sel sel;
  size_t agent_n;  /* SIZE_MAX: none chosen yet */
  char agent[64];
} held;

/* The groups of h for the user-agent argument a[0..n): chosen once per
   (file, agent) while the agent stays the same. */
static const robots_sel *held_select(held *h, const char *a, size_t n) {
  if (h->agent_n == n && memcmp(h->agent, a, n) == 0) return &h->sel;
  robots_select(h->r, a, n, &h->sel);
  h->agent_n = SIZE_MAX;
  if (n <= sizeof h->agent) {
    if (n) memcpy(h->agent, a, n);
    h->agent_n = n;
  }
  return &h->sel;
}

static void held_free(void *v) {
  held *h = v;
  robots_free(h->r);
  sqlite3_free(h);
}

/* The connection keeps compiled files as a kind of their own (a join
   cycling over a thousand or so distinct files keeps them all), up to
   ONE_MAX bytes a file (the file and its compiled form); past BUDGET the
   kind's table starts again empty. */
#define KEPT_SLOTS 4096
#define KEPT_BUDGET ((size_t)32 << 20)
#define ONE_MAX ((size_t)4 << 20)

static const url_obj_kind held_kind = {held_free, KEPT_SLOTS, KEPT_BUDGET,
                                       ONE_MAX};

/* url_obj_make: the compiled file of v (robots.txt has no length limit of
   its own: max is not used). */
static int compile(void *arg, sqlite3_value *v, size_t max, url_obj **out,
                   char **msg) {
  (void)arg, (void)max;
  *msg = NULL;
  const char *p;
  size_t n;
  int rc = url_arg_bytes(v, &p, &n);
  if (rc != URL_OK) return rc;
  held *k = sqlite3_malloc64(sizeof *k);
  if (!k) return URL_NOMEM;
  if (robots_parse(p ? p : "", n, &url_mem_sqlite, &k->r) != URL_OK) {
    sqlite3_free(k);
    return URL_NOMEM;
  }
  k->agent_n = SIZE_MAX;
  url_obj_init(&k->obj, &held_kind, robots_bytes(k->r) + n);
  *out = &k->obj;
  return URL_OK;
}

/*
** The compiled robots_txt of argument 0 (url_arg_obj: the statement's, the
** connection's or compiled now; *hold for robots_done).  NULL with *rc an
** error code.
*/
static held *robots_arg(sqlite3_context *ctx, sqlite3_value *v, int *hold,
                        int *rc) {
  char *msg = NULL;
  url_obj *o = url_arg_obj(ctx, 0, v, &held_kind, 0, compile, NULL, hold, rc,
                           &msg);
  sqlite3_free(msg); /* compile gives none */
  return (held *)o;
}

/* Ends the call's use of h (a constant argument stays as auxdata). */
static void robots_done(sqlite3_context *ctx, held *h, int hold) {
  url_arg_obj_done(ctx, 0, &h->obj, hold);
}

/* ------------------------------------------------------- the functions */

enum { ROBOTS_ALLOWED, ROBOTS_DECISION };

static void url_fn_robots(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return; /* NULL */
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 2, -1);
  const char *agent;
  size_t an;
  if (rc == URL_OK) rc = url_arg_bytes(argv[1], &agent, &an);
  int hold = 0;
  held *h = NULL;
  if (rc == URL_OK) h = robots_arg(ctx, argv[0], &hold, &rc);
  robots_verdict v = {1, 0, -1, NULL, 0, NULL, 0};
  if (h)
    rc = robots_decide_url_sel(h->r, held_select(h, agent ? agent : "", an),
                               &c.u, &c.out, &v);
  if (url_fn_arg(ctx) == ROBOTS_ALLOWED) url_result_int(ctx, rc, v.allowed);
  else url_result_int(ctx, rc == URL_OK && v.line == 0 ? URL_FAILURE : rc, v.line);
  if (h) robots_done(ctx, h, hold);
  url_call_end(&c);
}

/* url_robots_url(url): RFC 9309 §2.3's robots.txt of the URL's scheme,
   host and port; NULL for a URL without a host (data:, mailto:) and for
   file: URLs, which no service answers. */
static void url_fn_robots_url(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, -1);
  if (rc == URL_OK) {
    url_str scheme = url_protocol(&c.u), host = url_host(&c.u);
    if (url_hostname(&c.u).n == 0 ||
        (scheme.n == 5 && memcmp(scheme.s, "file:", 5) == 0)) {
      rc = URL_FAILURE;
    } else {
      url_buf_append(&c.out, scheme.s, scheme.n);
      url_buf_puts(&c.out, "//");
      url_buf_append(&c.out, host.s, host.n);
      url_buf_puts(&c.out, "/robots.txt");
      rc = c.out.err;
    }
  }
  url_result(ctx, rc, c.out.ptr, c.out.len);
  url_call_end(&c);
}

static void url_fn_robots_crawl_delay(sqlite3_context *ctx, int argc,
                                      sqlite3_value **argv) {
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  const char *agent;
  size_t an;
  int rc = url_arg_bytes(argv[1], &agent, &an);
  int hold = 0;
  held *h = NULL;
  if (rc == URL_OK) h = robots_arg(ctx, argv[0], &hold, &rc);
  double d;
  int line;
  if (!h) url_result_int(ctx, rc, 0); /* NOMEM */
  else if (robots_crawl_delay(h->r, agent ? agent : "", an, &d, &line))
    sqlite3_result_double(ctx, d);
  if (h) robots_done(ctx, h, hold);
}

/* ------------------------------------------------ url_robots_rules */

/* One row: a line with text, its offsets into the cursor's copy. */
typedef struct rrow {
  int line, group, directive, forgiven;
  size_t key, key_n, value, value_n;
  const char *skipped;
} rrow;

typedef struct rules_cursor {
  url_tvf_cursor base;
  url_buf text;   /* the file's bytes */
  url_buf rows;   /* rrow[] */
  url_buf agents; /* per group: offset into json (size_t[]) */
  url_buf json;   /* the groups' user_agents arrays, one after another */
  url_buf tmp;    /* a column's text */
  char tst[256];
} rules_cursor;

#define RROWS(c) ((rrow *)(void *)(c)->rows.ptr)

static void rules_open(url_tvf_cursor *cur) {
  rules_cursor *c = (rules_cursor *)cur;
  url_buf_init(&c->text, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->rows, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->agents, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->json, &url_mem_sqlite, NULL, 0, SIZE_MAX);
  url_buf_init(&c->tmp, &url_mem_sqlite, c->tst, sizeof c->tst, SIZE_MAX);
}

static void rules_close(url_tvf_cursor *cur) {
  rules_cursor *c = (rules_cursor *)cur;
  url_buf_free(&c->text);
  url_buf_free(&c->rows);
  url_buf_free(&c->agents);
  url_buf_free(&c->json);
  url_buf_free(&c->tmp);
}

/* A sitemap's value v[0..n) parsed as a URL (no base: RFC 9309 §2.4's
   sitemaps are absolute), its href appended to out.  Returns URL_OK,
   URL_FAILURE (not an absolute URL) or an error. */
static int sitemap_url(const char *v, size_t n, size_t max, url_buf *out) {
  char ust[URL_STACK];
  url u;
  url_init(&u, &url_mem_sqlite, ust, sizeof ust, max);
  url_input in;
  int rc = url_parse_input(&u, v, n, NULL, &in, NULL);
  if (rc == URL_OK) {
    url_str h = url_href(&u);
    url_buf_append(out, h.s, h.n);
    rc = out->err;
  }
  url_input_free(&in);
  url_free(&u);
  return rc;
}

static int collect(void *arg, const robots_line *l) {
  rules_cursor *c = arg;
  const char *t = c->text.ptr;
  rrow r = {l->line, l->group, l->directive, l->forgiven,
            l->key ? (size_t)(l->key - t) : 0, l->key_n,
            (size_t)(l->value - t), l->value_n, l->skipped};
  if (l->directive == ROBOTS_SITEMAP && !l->skipped) {
    c->tmp.len = 0;
    int rc = sitemap_url(l->value, l->value_n, c->base.max, &c->tmp);
    if (rc == URL_FAILURE) r.skipped = robots_sitemap_not_url;
    else if (rc != URL_OK) return rc;
  }
  url_buf_append(&c->rows, (const char *)&r, sizeof r);
  return c->rows.err;
}

/* The groups' user_agents arrays: ["a", "b"] per group, from its
   user-agent lines (a group's lines may be anywhere in the file). */
static int group_arrays(rules_cursor *c, int n_groups) {
  size_t n_rows = c->rows.len / sizeof(rrow);
  c->agents.len = c->json.len = 0;
  for (int g = 0; g < n_groups; g++) {
    size_t at = c->json.len;
    url_buf_append(&c->agents, (const char *)&at, sizeof at);
    sqlite3_str *s = sqlite3_str_new(NULL);
    for (size_t i = 0; i < n_rows; i++) {
      const rrow *r = &RROWS(c)[i];
      if (r->group != g || r->directive != ROBOTS_USER_AGENT || r->skipped)
        continue;
      url_json_array_add(s, c->text.ptr + r->value, r->value_n);
    }
    int len;
    char *z = url_json_array_finish(s, &len);
    if (!z) return URL_NOMEM;
    url_buf_append(&c->json, z, (size_t)len);
    sqlite3_free(z);
  }
  size_t end = c->json.len;
  url_buf_append(&c->agents, (const char *)&end, sizeof end);
  if (c->agents.err) return c->agents.err;
  return c->json.err;
}

static int rules_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  rules_cursor *c = (rules_cursor *)cur;
  c->text.len = c->rows.len = 0;
  c->text.err = c->rows.err = c->agents.err = c->json.err = URL_OK;
  if (!argv[0] || sqlite3_value_type(argv[0]) == SQLITE_NULL) return URL_OK;
  const char *p;
  size_t n;
  int rc = url_arg_bytes(argv[0], &p, &n);
  if (rc != URL_OK) return rc;
  url_buf_append(&c->text, p ? p : "", n);
  if (c->text.err) return c->text.err;
  rc = robots_scan(c->text.ptr ? c->text.ptr : "", c->text.len, collect, c);
  if (rc != URL_OK) return rc;
  int n_groups = 0;
  size_t n_rows = c->rows.len / sizeof(rrow);
  for (size_t i = 0; i < n_rows; i++)
    if (RROWS(c)[i].group >= n_groups) n_groups = RROWS(c)[i].group + 1;
  rc = group_arrays(c, n_groups);
  if (rc == URL_OK) cur->n_rows = (sqlite3_int64)n_rows;
  return rc;
}


/* Text of the file (any bytes) as a result: valid UTF-8. */
static void result_bytes(rules_cursor *c, sqlite3_context *ctx, const char *s,
                         size_t n) {
  const char *out;
  size_t on;
  c->tmp.len = 0;
  int rc = url_utf8_sanitize(s, n, &c->tmp, &out, &on);
  url_result(ctx, rc, out, on);
}

/* The mistakes forgiven in a line that counts, or NULL. */
static void forgiven(rules_cursor *c, sqlite3_context *ctx, const rrow *r) {
  if (!r->forgiven) return;
  robots_line l = {r->line, (robots_directive)r->directive, r->group,
                   c->text.ptr + r->key, c->text.ptr + r->value, r->key_n,
                   r->value_n, r->forgiven, NULL};
  c->tmp.len = 0;
  robots_forgiven_text(&c->tmp, &l);
  url_result(ctx, c->tmp.err, c->tmp.ptr, c->tmp.len);
}

static void rules_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  rules_cursor *c = (rules_cursor *)cur;
  const rrow *r = &RROWS(c)[cur->row];
  const char *t = c->text.ptr;
  switch (i) {
  case 0: /* line */
    sqlite3_result_int(ctx, r->line);
    break;
  case 1: /* group_number */
    if (r->group >= 0) sqlite3_result_int(ctx, r->group + 1);
    break;
  case 2: /* user_agents */
    if (r->group >= 0) {
      const size_t *at = (const size_t *)(void *)c->agents.ptr;
      url_result(ctx, URL_OK, c->json.ptr + at[r->group],
                 at[r->group + 1] - at[r->group]);
    }
    break;
  case 3: /* directive */
    if (r->directive == ROBOTS_UNKNOWN) result_bytes(c, ctx, t + r->key, r->key_n);
    else if (robots_directive_name((robots_directive)r->directive))
      sqlite3_result_text(ctx,
                          robots_directive_name((robots_directive)r->directive),
                          -1, SQLITE_STATIC);
    break;
  case 4: /* value */
    result_bytes(c, ctx, t + r->value, r->value_n);
    break;
  case 5: /* pattern */
    if (!r->skipped && (r->directive == ROBOTS_ALLOW ||
                        r->directive == ROBOTS_DISALLOW)) {
      c->tmp.len = 0;
      if (robots_canon(&c->tmp, t + r->value, r->value_n, ROBOTS_CANON_RULE))
        url_buf_append(&c->tmp, t + r->value, r->value_n);
      url_result(ctx, c->tmp.err, c->tmp.ptr ? c->tmp.ptr : "", c->tmp.len);
    }
    break;
  case 6: /* valid */
    sqlite3_result_int(ctx, r->skipped == NULL);
    break;
  case 7: /* reason */
    if (r->skipped) sqlite3_result_text(ctx, r->skipped, -1, SQLITE_STATIC);
    else forgiven(c, ctx, r);
    break;
  case 8: /* url: a sitemap's, parsed */
    if (r->directive == ROBOTS_SITEMAP && !r->skipped) {
      c->tmp.len = 0;
      int rc = sitemap_url(t + r->value, r->value_n, cur->max, &c->tmp);
      url_result(ctx, rc, c->tmp.ptr, c->tmp.len);
    }
    break;
  }
}

static const char *const rules_columns[] = {
    "line INTEGER", "group_number INTEGER", "user_agents TEXT", "directive TEXT",
    "value TEXT",   "pattern TEXT",      "valid INTEGER",    "reason TEXT",
    "url TEXT"};
static const char *const rules_args[] = {"robots_txt"};

static const url_tvf url_robots_rules_tvf = {
    URL_TVF_SHAPE("url_robots_rules", rules_columns, rules_args, 1, rules_cursor),
    .open = rules_open, .close = rules_close,
    .filter = rules_filter, .column = rules_column};

/* --------------------------------------------- url_robots_verdict */

/* The decision as a row: the rule that decided with its line, text and
   group, found by the compiled file itself (no join of the file's rules
   per URL). */
typedef struct verdict_cursor {
  url_tvf_cursor base;
  url_kept u;        /* the URL, parsed */
  held *h;           /* the compiled file of the last filter (a reference) */
  robots_verdict v;
  const char *tok;   /* the product token the agent argument names */
  size_t tok_n;
  url_buf agent;     /* the agent argument's bytes (tok points into it) */
  url_buf scratch;
  char ast[64], sst[256];
} verdict_cursor;

static void verdict_open(url_tvf_cursor *cur) {
  verdict_cursor *c = (verdict_cursor *)cur;
  url_kept_init(&c->u);
  url_buf_init(&c->agent, &url_mem_sqlite, c->ast, sizeof c->ast, SIZE_MAX);
  url_buf_init(&c->scratch, &url_mem_sqlite, c->sst, sizeof c->sst, SIZE_MAX);
}

static void verdict_close(url_tvf_cursor *cur) {
  verdict_cursor *c = (verdict_cursor *)cur;
  url_kept_free(&c->u);
  url_obj_release(c->h);
  url_buf_free(&c->agent);
  url_buf_free(&c->scratch);
}

/* argv: robots_txt, user_agent, url.  One row for a URL that parses. */
static int verdict_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  verdict_cursor *c = (verdict_cursor *)cur;
  for (int i = 0; i < 3; i++)
    if (!argv[i] || sqlite3_value_type(argv[i]) == SQLITE_NULL) return URL_OK;
  const char *a;
  size_t an;
  int rc = url_arg_bytes(argv[1], &a, &an);
  if (rc != URL_OK) return rc;
  c->agent.len = 0;
  url_buf_append(&c->agent, a ? a : "", an);
  if (c->agent.err) return c->agent.err;
  rc = url_kept_parse(&c->u, argv[2], NULL, cur->max);
  if (rc == URL_FAILURE) return URL_OK; /* not a URL: no row */
  if (rc != URL_OK) return rc;
  /* the connection's compiled file: the same as the last row's, or
     looked up (a join over a table of files) */
  url_obj *o;
  int again;
  char *msg = NULL;
  rc = url_conn_obj(cur->conn, &held_kind, argv[0], 0, compile, NULL, &o,
                    &again, &msg);
  sqlite3_free(msg);
  if (rc != URL_OK) return rc;
  url_obj_release(c->h);
  held *h = c->h = (held *)o;
  const char *ag = c->agent.ptr ? c->agent.ptr : "";
  robots_agent_arg(ag, c->agent.len, &c->tok, &c->tok_n);
  c->scratch.len = 0;
  rc = robots_decide_url_sel(h->r, held_select(h, ag, c->agent.len), &c->u.u,
                             &c->scratch, &c->v);
  if (rc == URL_OK) cur->n_rows = 1;
  return rc;
}

static void verdict_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  verdict_cursor *c = (verdict_cursor *)cur;
  const robots_verdict *v = &c->v;
  switch (i) {
  case 0: /* allowed */
    sqlite3_result_int(ctx, v->allowed);
    break;
  case 1: /* line */
    if (v->line) sqlite3_result_int(ctx, v->line);
    break;
  case 2: /* directive */
    if (v->line)
      sqlite3_result_text(ctx, v->allowed ? "allow" : "disallow", -1,
                          SQLITE_STATIC);
    break;
  case 3: /* value: the rule as written */
    if (v->line) {
      c->scratch.len = 0;
      const char *out;
      size_t on;
      int rc = url_utf8_sanitize(v->value, v->value_n, &c->scratch, &out, &on);
      url_result(ctx, rc, out, on);
    }
    break;
  case 4: /* pattern */
    if (v->line) url_result(ctx, URL_OK, v->pattern, v->pattern_n);
    break;
  case 5: /* group_number */
    if (v->line) sqlite3_result_int(ctx, v->group + 1);
    break;
  case 6: { /* product_token */
    c->scratch.len = 0;
    const char *out;
    size_t on;
    int rc = url_utf8_sanitize(c->tok_n ? c->tok : "", c->tok_n, &c->scratch,
                               &out, &on);
    url_result(ctx, rc, out, on);
    break;
  }
  }
}

static const char *const verdict_columns[] = {
    "allowed INTEGER", "line INTEGER",         "directive TEXT",
    "value TEXT",      "pattern TEXT",         "group_number INTEGER",
    "product_token TEXT"};
static const char *const verdict_args[] = {"robots_txt", "user_agent", "url"};

static const url_tvf url_robots_verdict_tvf = {
    URL_TVF_SHAPE("url_robots_verdict", verdict_columns, verdict_args, 3,
                  verdict_cursor),
    .open = verdict_open, .close = verdict_close,
    .filter = verdict_filter, .column = verdict_column};

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_robots_allowed", 3, URL_PURE, ROBOTS_ALLOWED, url_fn_robots},
    {"url_robots_decision", 3, URL_PURE, ROBOTS_DECISION, url_fn_robots},
    {"url_robots_crawl_delay", 2, URL_PURE, 0, url_fn_robots_crawl_delay},
    {"url_robots_url", 1, URL_PURE, 0, url_fn_robots_url},
};

static const url_tvf *const tvfs[] = {&url_robots_rules_tvf,
                                      &url_robots_verdict_tvf};

const url_family url_robots_family = {funcs, URL_COUNT(funcs), tvfs,
                                      URL_COUNT(tvfs)};
