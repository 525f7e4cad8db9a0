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
#include "uts39.h"

/* ----------------------------------------------------------- the policy */

/* The policy, shared by the connection's cache and the lists of top
   domains made with it, each holding a reference. */
typedef struct kept_policy {
  int refs;
  dec_policy *p;
  dec_memo *memo[2]; /* url_display_host's recent hosts, per version */
} kept_policy;

static void policy_release(void *obj) {
  kept_policy *k = obj;
  if (--k->refs) return;
  dec_policy_free(k->p);
  dec_memo_free(k->memo[0]);
  dec_memo_free(k->memo[1]);
  sqlite3_free(k);
}
static const url_obj_kind policy_kind = {.release = policy_release};

/* The connection's policy (its script index), made on first use. */
static int kept_policy_of(url_conn *conn, kept_policy **out) {
  int again;
  kept_policy *k = url_conn_obj_find(conn, &policy_kind, "", 0, 0, &again);
  if (!k) {
    k = sqlite3_malloc(sizeof *k);
    if (!k) return URL_NOMEM;
    k->refs = 1;
    k->memo[0] = k->memo[1] = NULL;
    int rc = dec_policy_new(&url_mem_sqlite, &k->p);
    if (rc == URL_OK) rc = dec_memo_new(&url_mem_sqlite, &k->memo[0]);
    if (rc == URL_OK) rc = dec_memo_new(&url_mem_sqlite, &k->memo[1]);
    if (rc) {
      dec_policy_free(k->p);
      dec_memo_free(k->memo[0]);
      sqlite3_free(k);
      return rc;
    }
    if (url_conn_obj_put(conn, &policy_kind, "", 0, 0, k) != URL_OK) {
      policy_release(k);
      return URL_NOMEM;
    }
  }
  *out = k;
  return URL_OK;
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
  if (argc <= i) return DEC_UNICODE16;
  int v = url_arg_choice(ctx, argv, i, "version", versions, 2);
  if (v == URL_ARG_NULL) return DEC_UNICODE16;
  return v == 1 ? DEC_UNICODE17 : v;
}

/* Reads a list of domains into *out (NULL for a NULL value). */
static int domains_read(const dec_policy *p, int version, sqlite3_value *v,
                        size_t max, dec_domains **out) {
  url_arg a;
  int rc = url_arg_read(&a, v, max);
  *out = NULL;
  if (rc == URL_OK) rc = dec_domains_new(p, version, a.s, a.n, out);
  url_arg_free(&a);
  return rc == URL_FAILURE ? URL_OK : rc;
}

/* A list of top domains shared by the connection's cache and a
   statement's auxdata, each holding a reference; it holds one to the
   policy it was read with. */
typedef struct kept_domains {
  int refs;
  dec_domains *d;
  kept_policy *policy;
  dec_memo *memo; /* url_display_host's recent hosts with this list */
} kept_domains;

static void kept_release(void *obj) {
  kept_domains *k = obj;
  if (--k->refs) return;
  dec_domains_free(k->d);
  dec_memo_free(k->memo);
  policy_release(k->policy);
  sqlite3_free(k);
}
static const url_obj_kind domains_kind[2] = {{.release = kept_release},
                                              {.release = kept_release}};

/*
** The top domains of argument v (not NULL) and their policy: the
** statement's (auxdata: a constant is read once per statement), else the
** connection's under v's bytes (a scalar subquery, a column that
** repeats), else read now and kept by both.
*/
static int top_domains_of(sqlite3_context *ctx, int version, sqlite3_value *v,
                          size_t max, kept_domains **out) {
  const char *key;
  size_t n;
  int again, rc;
  kept_domains *k = sqlite3_get_auxdata(ctx, 1);
  *out = k;
  if (k) return URL_OK;
  rc = url_arg_bytes(v, &key, &n);
  if (rc != URL_OK) return rc == URL_FAILURE ? URL_NOMEM : rc;
  url_conn *conn = url_fn_conn(ctx);
  k = url_conn_obj_find(conn, &domains_kind[version], key ? key : "", n, max,
                        &again);
  if (!k) {
    kept_policy *kp;
    dec_domains *d;
    rc = kept_policy_of(conn, &kp);
    if (rc == URL_OK) rc = domains_read(kp->p, version, v, max, &d);
    if (rc != URL_OK) return rc;
    k = sqlite3_malloc(sizeof *k);
    if (!k) {
      dec_domains_free(d);
      return URL_NOMEM;
    }
    k->refs = 1;
    k->d = d;
    k->policy = kp;
    kp->refs++;
    if (dec_memo_new(&url_mem_sqlite, &k->memo) != URL_OK) {
      kept_release(k);
      return URL_NOMEM;
    }
    if (url_conn_obj_put(conn, &domains_kind[version], key ? key : "", n, max,
                         k) != URL_OK) {
      kept_release(k);
      return URL_NOMEM;
    }
  }
  k->refs++;
  sqlite3_set_auxdata(ctx, 1, k, kept_release);
  *out = k;
  return URL_OK;
}

/* -------------------------------------------------------- display host */

static int has_xn_label(const char *s, size_t n) {
  for (size_t i = 0; i + 4 <= n; i++) {
    if ((i == 0 || s[i - 1] == '.') && s[i] == 'x' && s[i + 1] == 'n' &&
        s[i + 2] == '-' && s[i + 3] == '-')
      return 1;
  }
  return 0;
}

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
  if (rc != URL_OK || t != URL_HOST_DOMAIN || !has_xn_label(h.s, h.n)) {
    url_call_result_host_part(&c, rc, h);
    url_call_end(&c);
    return;
  }
  const dec_policy *p = NULL;
  const dec_domains *td = NULL;
  dec_memo *memo = NULL;
  int check;
  size_t at, at_len;
  if (argc > 1 && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    kept_domains *k;
    rc = top_domains_of(ctx, version, argv[1], c.max, &k);
    if (rc == URL_OK) td = k->d, p = k->policy->p, memo = k->memo;
  } else {
    kept_policy *kp;
    rc = kept_policy_of(url_fn_conn(ctx), &kp);
    if (rc == URL_OK) p = kp->p, memo = kp->memo[version];
  }
  if (rc == URL_OK)
    rc = dec_display_host_memo(p, version, td, memo, h.s, h.n, &c.out, &check,
                               &at, &at_len);
  url_call_result(&c, rc);
}

/* ------------------------------------------------ skeleton, restriction */

static const char *const profiles[] = {"chromium", "uts39"};

/* url_skeleton(text [, profile [, version]]) */
static void url_fn_skeleton(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  int profile = argc > 1 ? url_arg_choice(ctx, argv, 1, "profile", profiles, 2)
                         : 0;
  if (profile == URL_ARG_ERROR) return;
  if (profile == URL_ARG_NULL) profile = 0;
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
      if (rc == URL_OK) rc = dec_host_skeleton(p, version, a.s, a.n, &c.out);
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
        rc = dec_targets_new(p, version, url_conn_psl(cur->conn), NULL, a.s,
                             a.n, &c->targets);
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
    dec_context cx = {p, version, url_conn_psl(cur->conn), c->targets};
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
    .name = "url_deceptions",
    .columns = dc_columns,
    .n_columns = 5,
    .arg_names = dc_args,
    .n_args = 3,
    .n_required = 1,
    .cursor_size = sizeof(dc_cursor),
    .open = dc_open,
    .close = dc_close,
    .filter = dc_filter,
    .column = dc_column,
};

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_display_host", 1, URL_PURE, 0, url_fn_display_host},
    {"url_display_host", 2, URL_PURE, 0, url_fn_display_host},
    {"url_display_host", 3, URL_PURE, 0, url_fn_display_host},
    {"url_skeleton", 1, URL_PURE, 0, url_fn_skeleton},
    {"url_skeleton", 2, URL_PURE, 0, url_fn_skeleton},
    {"url_skeleton", 3, URL_PURE, 0, url_fn_skeleton},
    {"url_restriction_level", 1, URL_PURE, 0, url_fn_restriction_level},
    {"url_restriction_level", 2, URL_PURE, 0, url_fn_restriction_level},
};

static const url_tvf *const tvfs[] = {&url_deceptions_tvf};

const url_family url_deceptive_family = {funcs, URL_COUNT(funcs), tvfs,
                                         URL_COUNT(tvfs)};
