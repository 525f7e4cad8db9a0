/*
** Deceptive URLs: the host as Chromium displays it, UTS #39 skeletons and
** restriction levels, and why a URL misleads a reader.
**
**   SELECT url_display_host('https://xn--mnchen-3ya.de/');   -- münchen.de
**   SELECT url_display_host('https://xn--80ak6aa92e.com/');  -- xn--80ak6aa92e.com
**   SELECT url_skeleton('раypal.com');                       -- paypal.com
**   SELECT url_restriction_level('аpple');              -- minimally-restrictive
**   SELECT reason, looks_like FROM url_deceptions('http://example.com&@167772161/');
**   -- credentials | example.com, ipv4-numeric-form | 10.0.0.1
**
**   -- phishing candidates in a click log
**   SELECT c.url, d.reason, d.looks_like
**     FROM clicks c, url_deceptions(c.url, 'paypal.com' || char(10) || 'apple.com') d;
**
** url_display_host(input [, top_domains [, version]]): the host of input
** (a URL, or a host when input is not a valid absolute URL) with its xn--
** labels in Unicode when Chromium would show them so (deceptive/chromium.h),
** else as it is.  top_domains: newline-separated domains (read once per
** statement); a host whose skeleton is one of theirs stays in Punycode.
** version: '16.0' (default, what Chromium runs on) or '17.0', the UTS #39
** data.  NULL when input is NULL or neither a URL nor a host.
**
** url_skeleton(text [, profile [, version]]): 'chromium' (default): the
** skeleton Chromium compares hosts by; 'uts39': UTS #39 §4's skeleton.
** url_restriction_level(text [, version]): UTS #39 §5.2's level over
** Identifier_Status=Allowed: 'ascii-only' ... 'unrestricted'.
**
** url_deceptions(input [, targets [, version]]): one row per reason input
** misleads (deceptive/deceptions.h): reason, part, detail, looks_like,
** description.  No rows for an ordinary URL, a NULL input, or one that is
** not a valid absolute URL.
*/
#include <string.h>

#include "chromium.h"
#include "deceptions.h"
#include "lookalike.h"
#include "ext.h"
#include "idna.h"
#include "uts39.h"

/* ----------------------------------------------------------- the policy */

/* The connection's policy (its script index): one per connection
   (url_conn_one), shared with the lists of top domains made with it,
   each holding a reference. */
typedef struct kept_policy {
  url_obj obj;
  dec_policy *p;
  dec_memo *memo[2]; /* url_display_host's recent hosts, per version */
} kept_policy;

static void policy_free(void *obj) {
  kept_policy *k = obj;
  dec_policy_free(k->p);
  dec_memo_free(k->memo[0]);
  dec_memo_free(k->memo[1]);
  sqlite3_free(k);
}
static const url_obj_kind policy_kind = {policy_free, 0, 0, 0};

static int policy_make(url_obj **out) {
  kept_policy *k = sqlite3_malloc(sizeof *k);
  *out = NULL;
  if (!k) return URL_NOMEM;
  url_obj_init(&k->obj, &policy_kind, 0);
  k->p = NULL;
  k->memo[0] = k->memo[1] = NULL;
  int rc = dec_policy_new(&url_mem_sqlite, &k->p);
  if (rc == URL_OK) rc = dec_memo_new(&url_mem_sqlite, &k->memo[0]);
  if (rc == URL_OK) rc = dec_memo_new(&url_mem_sqlite, &k->memo[1]);
  if (rc) {
    policy_free(k);
    return rc;
  }
  *out = &k->obj;
  return URL_OK;
}

/* The connection's policy, made on first use (borrowed). */
static int kept_policy_of(url_conn *conn, kept_policy **out) {
  url_obj *o;
  int rc = url_conn_one(conn, &policy_kind, policy_make, &o);
  *out = (kept_policy *)o;
  return rc;
}

static int policy_of(url_conn *conn, const dec_policy **out) {
  kept_policy *k;
  int rc = kept_policy_of(conn, &k);
  *out = rc ? NULL : k->p;
  return rc;
}

static const char *const versions[] = {"16.0", "17.0"};

/* argv[i]: the Unicode data version, DEC_UNICODE16 when absent or NULL,
   or URL_ARG_ERROR (reported). */
static int version_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                       int i) {
  /* versions[] in the order of DEC_UNICODE16, DEC_UNICODE17 */
  return url_arg_option(ctx, argc, argv, i, "version", versions, 2,
                        DEC_UNICODE16);
}

/* A list of top domains (NULL when the argument is not one), kept by the
   connection and statements' auxdata; it holds a reference to the policy
   it was read with. */
typedef struct kept_domains {
  url_obj obj;
  dec_domains *d;
  kept_policy *policy;
  dec_memo *memo; /* url_display_host's recent hosts with this list */
} kept_domains;

static void domains_free(void *obj) {
  kept_domains *k = obj;
  dec_domains_free(k->d);
  dec_memo_free(k->memo);
  url_obj_release(k->policy);
  sqlite3_free(k);
}
/* One kind per version (a list reads differently under each); a
   statement or two of lists, each of the argument's size or so. */
static const url_obj_kind domains_kind[2] = {
    {domains_free, 16, (size_t)64 << 20, (size_t)64 << 20},
    {domains_free, 16, (size_t)64 << 20, (size_t)64 << 20}};

/* What domains_make needs besides the argument. */
typedef struct domains_ctx {
  url_conn *conn;
  int version;
} domains_ctx;

/* Reads the list of domains v (a url_obj_make). */
static int domains_make(void *arg, sqlite3_value *v, size_t max, url_obj **out,
                        char **msg) {
  const domains_ctx *dc = arg;
  kept_policy *kp;
  *out = NULL;
  *msg = NULL;
  int rc = kept_policy_of(dc->conn, &kp);
  if (rc != URL_OK) return rc;
  kept_domains *k = sqlite3_malloc(sizeof *k);
  if (!k) return URL_NOMEM;
  url_obj_init(&k->obj, &domains_kind[dc->version], 0);
  k->d = NULL;
  k->memo = NULL;
  k->policy = kp;
  kp->obj.refs++;
  url_arg a;
  rc = url_arg_read(&a, v, max);
  if (rc == URL_OK)
    rc = dec_domains_new(dec_policy_at(kp->p, dc->version), a.s, a.n, &k->d);
  k->obj.bytes = a.n;
  url_arg_free(&a);
  if (rc == URL_FAILURE) rc = URL_OK; /* not a list: none */
  if (rc == URL_OK) rc = dec_memo_new(&url_mem_sqlite, &k->memo);
  if (rc != URL_OK) {
    domains_free(k);
    return rc;
  }
  *out = &k->obj;
  return URL_OK;
}

/*
** The top domains of argument 1, v (not NULL), and their policy
** (url_arg_obj: *held for url_arg_obj_done).  NULL with *rc on error.
*/
static kept_domains *top_domains_of(sqlite3_context *ctx, int version,
                                    sqlite3_value *v, size_t max, int *held,
                                    int *rc) {
  domains_ctx dc = {url_fn_conn(ctx), version};
  char *msg;
  url_obj *o = url_arg_obj(ctx, 1, v, &domains_kind[version], max,
                           domains_make, &dc, held, rc, &msg);
  sqlite3_free(msg); /* domains_make gives no message */
  return (kept_domains *)o;
}

/* -------------------------------------------------------- display host */

/* url_display_host(input [, top_domains [, version]]) */
static void url_fn_display_host(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  int version = version_arg(ctx, argc, argv, 2);
  if (version == URL_ARG_ERROR) return;
  url_call c;
  url_str h;
  url_host_type t;
  url_call_begin(&c, ctx);
  int rc = url_call_host(&c, argv[0], &h, &t);
  /* Chromium converts only xn-- labels of domains: everything else is
     shown as serialized. */
  if (rc != URL_OK || t != URL_HOST_DOMAIN || !url_has_xn_label(h.s, h.n)) {
    url_call_result_host_part(&c, rc, h);
    url_call_end(&c);
    return;
  }
  const dec_policy *p = NULL;
  const dec_domains *td = NULL;
  dec_memo *memo = NULL;
  dec_verdict v;
  kept_domains *k = NULL;
  int held = 0;
  if (argc > 1 && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    k = top_domains_of(ctx, version, argv[1], c.max, &held, &rc);
    if (k) td = k->d, p = k->policy->p, memo = k->memo;
  } else {
    kept_policy *kp;
    rc = kept_policy_of(url_fn_conn(ctx), &kp);
    if (rc == URL_OK) p = kp->p, memo = kp->memo[version];
  }
  if (rc == URL_OK)
    rc = dec_display_host_memo(dec_policy_at(p, version), td, memo, h.s, h.n,
                               &c.out, &v);
  if (k) url_arg_obj_done(ctx, 1, &k->obj, held);
  url_call_result(&c, rc);
}

/* ------------------------------------------------ skeleton, restriction */

static const char *const profiles[] = {"chromium", "uts39"};

/* url_skeleton(text [, profile [, version]]) */
static void url_fn_skeleton(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  int profile = url_arg_option(ctx, argc, argv, 1, "profile", profiles, 2, 0);
  if (profile == URL_ARG_ERROR) return;
  int version = version_arg(ctx, argc, argv, 2);
  if (version == URL_ARG_ERROR) return;
  url_call c;
  url_arg a;
  url_call_begin(&c, ctx);
  int rc = url_arg_read(&a, argv[0], c.max);
  if (rc == URL_OK) {
    if (profile == 1) {
      rc = dec_skeleton(a.s, a.n, version, &c.out);
    } else {
      const dec_policy *p;
      rc = policy_of(url_fn_conn(ctx), &p);
      if (rc == URL_OK)
        rc = dec_host_skeleton(dec_policy_at(p, version), a.s, a.n, &c.out);
    }
  }
  url_arg_free(&a);
  url_call_result(&c, rc);
}

/* url_restriction_level(text [, version]) */
static void url_fn_restriction_level(sqlite3_context *ctx, int argc,
                                     sqlite3_value **argv) {
  int version = version_arg(ctx, argc, argv, 1);
  if (version == URL_ARG_ERROR) return;
  url_arg a;
  const dec_policy *p;
  int rc = url_arg_read(&a, argv[0], url_max_len(ctx));
  if (rc == URL_OK) rc = policy_of(url_fn_conn(ctx), &p);
  if (rc == URL_OK) {
    int level = dec_restriction_level(
        dec_policy_props(p), a.s, a.n,
        version == DEC_UNICODE17 ? dec_allowed17_cb : dec_allowed16_cb, NULL);
    const char *name = dec_level_name(level);
    url_result_str(ctx, URL_OK, (url_str){name, strlen(name)});
  } else {
    url_result_str(ctx, rc, (url_str){NULL, 0});
  }
  url_arg_free(&a);
}

/* ---------------------------------- url_deceptions(input [, targets]) */

typedef struct dc_cursor {
  url_tvf_cursor base;
  url_kept u;            /* the parsed input */
  dec_findings f;        /* the rows */
  char fst[512];
  dec_targets *targets;  /* of the previous targets argument */
  int targets_version;
} dc_cursor;

static void dc_open(url_tvf_cursor *cur) {
  dc_cursor *c = (dc_cursor *)cur;
  url_kept_init(&c->u);
  url_buf_init(&c->f.text, &url_mem_sqlite, c->fst, sizeof c->fst,
               (size_t)-1);
}

static void dc_close(url_tvf_cursor *cur) {
  dc_cursor *c = (dc_cursor *)cur;
  url_kept_free(&c->u);
  url_buf_free(&c->f.text);
  dec_targets_free(c->targets);
}

static int dc_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  dc_cursor *c = (dc_cursor *)cur;
  int version = DEC_UNICODE16, rc;
  const dec_policy *p;
  cur->n_rows = 0;
  if (argv[2]) {
    int k;
    rc = url_label_find(argv[2], versions, 2, &k);
    if (rc == URL_NOMEM) return rc;
    if (rc == URL_OK && k < 0) {
      url_tvf_error(cur, "unknown version (expected one of: 16.0, 17.0)");
      return URL_FAILURE;
    }
    if (k == 1) version = DEC_UNICODE17;
  }
  if (!argv[0] || sqlite3_value_type(argv[0]) == SQLITE_NULL) return URL_OK;
  rc = policy_of(cur->conn, &p);
  if (rc) return rc;
  /* targets: read again only when the argument or version changes */
  int has_targets = argv[1] && sqlite3_value_type(argv[1]) != SQLITE_NULL;
  if (!has_targets || !c->targets || c->targets_version != version ||
      cur->args[1].type == SQLITE_NULL ||
      !url_tvf_arg_same(&cur->args[1], argv[1])) {
    dec_targets_free(c->targets);
    c->targets = NULL;
    if (has_targets) {
      url_arg a;
      rc = url_arg_read(&a, argv[1], cur->max);
      if (rc == URL_OK)
        rc = dec_targets_new(dec_policy_at(p, version), url_conn_psl(cur->conn),
                             NULL, a.s, a.n, &c->targets);
      url_arg_free(&a);
      if (rc) return rc;
      c->targets_version = version;
    }
  }
  rc = url_kept_parse(&c->u, argv[0], NULL, cur->max);
  if (rc == URL_FAILURE) return URL_OK; /* not a URL: no rows */
  if (rc) return rc;
  url_arg in;
  rc = url_arg_read(&in, argv[0], cur->max);
  if (rc == URL_OK) {
    dec_context cx = {dec_policy_at(p, version), url_conn_psl(cur->conn),
                      c->targets};
    if (c->f.text.err) url_buf_free(&c->f.text);
    c->f.text.err = URL_OK;
    rc = dec_deceptions(&cx, in.s, in.n, &c->u.u, &c->f);
    if (rc == URL_OK) cur->n_rows = (sqlite3_int64)c->f.n;
  }
  url_arg_free(&in);
  return rc;
}

static void dc_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  dc_cursor *c = (dc_cursor *)cur;
  const dec_finding *x = &c->f.v[cur->row];
  const char *t = c->f.text.ptr;
  switch (i) {
    case 0:
      sqlite3_result_text(ctx, dec_reason_name(x->reason), -1, SQLITE_STATIC);
      break;
    case 1: sqlite3_result_text(ctx, x->part, -1, SQLITE_STATIC); break;
    case 2:
      sqlite3_result_text(ctx, t + x->detail_off, (int)x->detail_len,
                          SQLITE_TRANSIENT);
      break;
    case 3:
      if (x->has_looks)
        sqlite3_result_text(ctx, t + x->looks_off, (int)x->looks_len,
                            SQLITE_TRANSIENT);
      break;
    case 4:
      sqlite3_result_text(ctx, dec_reason_description(x->reason), -1,
                          SQLITE_STATIC);
      break;
  }
}

static const char *const dc_columns[] = {"reason TEXT", "part TEXT",
                                         "detail TEXT", "looks_like TEXT",
                                         "description TEXT"};
static const char *const dc_args[] = {"input", "targets", "version"};

static const url_tvf url_deceptions_tvf = {
    URL_TVF_SHAPE("url_deceptions", dc_columns, dc_args, 1, dc_cursor),
    .open = dc_open, .close = dc_close,
    .filter = dc_filter, .column = dc_column};

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_display_host", URL_ARITY(1, 3), URL_PURE, 0, url_fn_display_host},
    {"url_skeleton", URL_ARITY(1, 3), URL_PURE, 0, url_fn_skeleton},
    {"url_restriction_level", URL_ARITY(1, 2), URL_PURE, 0, url_fn_restriction_level},
};

static const url_tvf *const tvfs[] = {&url_deceptions_tvf};

const url_family url_deceptive_family = {funcs, URL_COUNT(funcs), tvfs,
                                         URL_COUNT(tvfs)};
