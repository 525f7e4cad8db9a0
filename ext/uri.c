/*
** RFC 3986 / RFC 3987 beside the URL Standard: the uri_* functions
** (uri/; docs/uri.md).  The prefix names the standard: url_host('https:h/p')
** is 'h', uri_host('https:h/p') NULL (no authority).
**
**   SELECT uri_valid('https://"www.example.com/');             -- 0
**   SELECT uri_valid('//h/p', 'uri-reference');                -- 1 (JSON Schema)
**   SELECT uri_error('https://"www.example.com/');
**     -- {"position":9,"component":"host","char":"\""}
**   SELECT uri_resolve('g', 'foo:bar');                         -- 'foo:g'
**   SELECT uri_relative('http://a/b/c/g?y', 'http://a/b/c/d;p?q'); -- 'g?y'
**   SELECT uri_normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d');
**     -- 'example://a/b/c/%7Bfoo%7D'
**   SELECT uri_set('http://[::1]:8080/cb', 'port', NULL);     -- 'http://[::1]/cb'
**   SELECT host, host_type, port, port_number FROM uri_components('http://[::1]:8/');
**
** Input is read as SQLite holds it (bytes that are not valid UTF-8 never
** match a rule, so no repair is needed); a reference that does not match
** its rule gives NULL.  A NULL option is the default (docs/conventions.md),
** option names are ASCII case-insensitive (RFC 5234 §2.1: so are ABNF rule
** names, and JSON Schema's format names are the rules' in lower case).
** Nothing allocates on the common path: results are built in a stack
** buffer (url_mem_sqlite past it).
*/
#include <string.h>

#include "ext.h"
#include "uri.h"
#include "utf8.h"

/* An input argument's bytes; URL_FAILURE for NULL. */
static int arg_bytes(sqlite3_value *v, const char **s, size_t *n) {
  int rc = url_arg_bytes(v, s, n);
  if (!*s) *s = "";
  return rc;
}

/* argv[0] parsed under `rule`: URL_OK, URL_FAILURE (NULL or no match) or
   URL_NOMEM. */
static int parse_arg(sqlite3_value *v, uri_rule rule, const char **s,
                     size_t *n, uri_parts *p) {
  int rc = arg_bytes(v, s, n);
  if (rc == URL_OK && !uri_parse(*s, *n, rule, p)) rc = URL_FAILURE;
  return rc;
}

/* The rule argument argv[1]: its index, the default (URI) when absent or
   NULL, or -1 after reporting an unknown rule. */
static int rule_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  return url_arg_option(ctx, argc, argv, 1, "rule", uri_rule_names,
                        URI_RULE_COUNT, URI_RULE_URI);
}

/* An output buffer on the stack, growing with SQLite's allocator. */
typedef struct out_buf {
  url_buf b;
  char st[URL_STACK];
} out_buf;

static void out_begin(out_buf *o, sqlite3_context *ctx) {
  url_buf_init(&o->b, &url_mem_sqlite, o->st, sizeof o->st, url_max_len(ctx));
}

/* Sets the result: o's text for URL_OK (or o's error), then frees it.
   The text of a URI has no NUL, so SQLite gets it NUL-terminated
   (url_result_part: reading it as a C string then costs no copy). */
static void out_result(sqlite3_context *ctx, int rc, out_buf *o) {
  if (rc == URL_OK) rc = o->b.err;
  url_result_part(ctx, rc, (url_str){rc == URL_OK ? o->b.ptr : NULL, o->b.len},
                  &o->b, 1);
  url_buf_free(&o->b);
}

/* ------------------------------------------------------------ validation */

/* uri_valid(x [, rule]) */
static void uri_fn_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int rule = rule_arg(ctx, argc, argv);
  if (rule < 0) return;
  const char *s;
  size_t n;
  int rc = arg_bytes(argv[0], &s, &n);
  uri_parts p;
  url_result_int(ctx, rc, rc == URL_OK && uri_parse(s, n, (uri_rule)rule, &p));
}

/* uri_error(x [, rule]): NULL when x matches, else
   {"position":N,"component":"...","char":"c"|null}: where the rule stops
   matching, as substr() counts x (1-based, characters of TEXT, bytes of a
   BLOB: docs/conventions.md rule 4). */
static void uri_fn_error(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int rule = rule_arg(ctx, argc, argv);
  if (rule < 0) return;
  const char *s;
  size_t n;
  uri_parts p;
  int rc = arg_bytes(argv[0], &s, &n);
  if (rc != URL_OK || uri_parse(s, n, (uri_rule)rule, &p)) {
    url_result(ctx, rc == URL_OK ? URL_FAILURE : rc, "", 0);
    return;
  }
  url_position at;
  url_position_init(&at, s, n, sqlite3_value_type(argv[0]) == SQLITE_BLOB, 0);
  sqlite3_str *j = sqlite3_str_new(NULL);
  sqlite3_str_appendf(j, "{\"position\":%lld,\"component\":\"%s\",\"char\":",
                      (long long)url_position_of(&at, p.err_off),
                      uri_component_names[p.err_component]);
  if (p.err_at_end) {
    sqlite3_str_appendall(j, "null");
  } else {
    /* the character there: one code point, or one byte of bad UTF-8 */
    size_t len = url_utf8_seqlen((unsigned char)s[p.err_off]);
    if (len > n - p.err_off) len = n - p.err_off;
    len = url_utf8_valid_prefix((const unsigned char *)s + p.err_off, len);
    url_json_append_string(j, s + p.err_off, len ? len : 1);
  }
  sqlite3_str_appendchar(j, 1, '}');
  if (sqlite3_str_errcode(j) != SQLITE_OK) {
    sqlite3_free(sqlite3_str_finish(j));
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int len = sqlite3_str_length(j);
  sqlite3_result_text(ctx, sqlite3_str_finish(j), len, sqlite3_free);
}

/* ------------------------------------------------------------- components */

/* The row argument of uri_host_type and uri_port_number: past the
   components. */
enum { PART_HOST_TYPE = URI_COMPONENT_COUNT, PART_PORT_NUMBER };

/* Sets the result of column or getter `part` of p over s: a component as
   written (absent: NULL), the host type, the port's number. */
static void part_result(sqlite3_context *ctx, const char *s,
                        const uri_parts *p, int part) {
  int64_t port;
  if (part == PART_HOST_TYPE) {
    const char *t = uri_host_type_names[p->host_type];
    if (t) sqlite3_result_text(ctx, t, -1, SQLITE_STATIC);
  } else if (part == PART_PORT_NUMBER) {
    if (uri_port_value(s, p, &port)) sqlite3_result_int64(ctx, port);
  } else if (uri_has(p, (uri_component)part)) {
    url_result(ctx, URL_OK, s + p->c[part].off, p->c[part].len);
  }
}

/* uri_scheme(x) ... uri_fragment(x), uri_host_type(x), uri_port_number(x):
   x as an IRI-reference (the URI-reference rule is the ASCII part of it);
   the row argument is the uri_component or PART_*.  An absent component
   is NULL, an empty one ''; the port's number is NULL when there is no
   port, an empty one, or one past 2^63 - 1. */
static void uri_fn_part(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *s;
  size_t n;
  uri_parts p;
  int rc = parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &s, &n, &p);
  if (rc != URL_OK) url_result(ctx, rc, "", 0);
  else part_result(ctx, s, &p, url_fn_arg(ctx));
}

/* uri_components(x): one row of the components of x as uri_fn_part gives
   them; no row when x does not match. */
static const char *const comp_columns[] = {
    "scheme TEXT",         "userinfo TEXT", "host TEXT",  "host_type TEXT",
    "port TEXT",           "port_number INTEGER",         "path TEXT",
    "query TEXT",          "fragment TEXT"};
/* What each column shows (a uri_component or PART_*). */
static const unsigned char comp_of[] = {
    URI_SCHEME,       URI_USERINFO, URI_HOST,  PART_HOST_TYPE, URI_PORT,
    PART_PORT_NUMBER, URI_PATH,     URI_QUERY, URI_FRAGMENT};

typedef struct uri_cursor {
  url_tvf_cursor base;
  uri_parts p;
  url_buf in; /* the input's bytes, kept for the columns */
  char st[URL_STACK];
} uri_cursor;

static void comp_open(url_tvf_cursor *cur) {
  uri_cursor *c = (uri_cursor *)cur;
  url_buf_init(&c->in, &url_mem_sqlite, c->st, sizeof c->st, (size_t)-1);
}

static void comp_close(url_tvf_cursor *cur) {
  url_buf_free(&((uri_cursor *)cur)->in);
}

static int comp_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  uri_cursor *c = (uri_cursor *)cur;
  const char *s;
  size_t n;
  if (!argv[0]) return URL_OK;
  int rc = arg_bytes(argv[0], &s, &n);
  if (rc == URL_FAILURE) return URL_OK;
  if (rc != URL_OK) return rc;
  if (!uri_parse(s, n, URI_RULE_IRI_REFERENCE, &c->p)) return URL_OK;
  c->in.len = 0;
  url_buf_append(&c->in, s, n);
  if (c->in.err) return c->in.err;
  cur->n_rows = 1;
  return URL_OK;
}

static void comp_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  uri_cursor *c = (uri_cursor *)cur;
  part_result(ctx, c->in.ptr ? c->in.ptr : "", &c->p, comp_of[i]);
}

static const char *const comp_args[] = {"input"};

static const url_tvf uri_components_tvf = {
    URL_TVF_SHAPE("uri_components", comp_columns, comp_args, 1, uri_cursor),
    .open = comp_open, .close = comp_close,
    .filter = comp_filter, .column = comp_column};

/* ------------------------------------------------------------- resolution */

/* uri_resolve(ref, base): ref an IRI-reference, base an IRI (a scheme);
   the base last, as in every function (docs/conventions.md rule 1).
   uri_relative(target, base) (row argument 1): both IRIs.  Each reads its
   arguments in its own order (resolve the base first), so an error of
   both names the same one it always did. */
static void uri_fn_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int relative = url_fn_arg(ctx), first = relative ? 0 : 1;
  const char *s[2];
  size_t n[2];
  uri_parts p[2];
  out_buf o;
  out_begin(&o, ctx);
  int rc = parse_arg(argv[first], URI_RULE_IRI, &s[first], &n[first], &p[first]);
  if (rc == URL_OK)
    rc = parse_arg(argv[!first], relative ? URI_RULE_IRI : URI_RULE_IRI_REFERENCE,
                   &s[!first], &n[!first], &p[!first]);
  if (rc == URL_OK && relative) uri_relative(&o.b, s[0], &p[0], s[1], &p[1]);
  else if (rc == URL_OK) uri_resolve(&o.b, s[1], &p[1], s[0], &p[0]);
  out_result(ctx, rc, &o);
}

/* ---------------------------------------------------------- normalization */

static const char *const norm_levels[] = {"syntax", "scheme"};

/* One transformation of an IRI-reference, with its option. */
typedef void (*uri_xform)(url_buf *out, const char *s, const uri_parts *p, int opt);

/* Sets the result: argv[0] (an IRI-reference) transformed by f. */
static void xform_result(sqlite3_context *ctx, sqlite3_value **argv,
                         uri_xform f, int opt) {
  const char *s;
  size_t n;
  uri_parts p;
  out_buf o;
  out_begin(&o, ctx);
  int rc = parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &s, &n, &p);
  if (rc == URL_OK) f(&o.b, s, &p, opt);
  out_result(ctx, rc, &o);
}

static void normalize_x(url_buf *out, const char *s, const uri_parts *p, int level) {
  uri_normalize(out, s, p, (uri_norm_level)level);
}

/* uri_normalize(x [, level]) */
static void uri_fn_normalize(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int level = url_arg_option(ctx, argc, argv, 1, "level", norm_levels, 2,
                             URI_NORM_SYNTAX);
  if (level >= 0) xform_result(ctx, argv, normalize_x, level);
}

/* uri_equivalent's levels: §6.2.1's ladder, each also without the
   fragment. */
static const char *const eq_levels[] = {"simple", "syntax", "scheme",
                                        "simple-nofragment", "syntax-nofragment",
                                        "scheme-nofragment"};

/* x's form at `level` (0 simple: as written; above it an IRI is mapped to
   a URI first, uri_comparable) into o, the fragment left out when
   nofrag. */
static void comparable(url_buf *o, const char *s, uri_parts *p, int level,
                       int nofrag) {
  if (nofrag) p->present &= ~(1u << URI_FRAGMENT);
  if (level == 0) uri_recompose(o, s, p);
  else uri_comparable(o, s, p, level == 1 ? URI_NORM_SYNTAX : URI_NORM_SCHEME);
}

/* uri_equivalent(a, b [, level]) */
static void uri_fn_equivalent(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int level = url_arg_option(ctx, argc, argv, 2, "level", eq_levels, 6, 1);
  if (level < 0) return;
  const char *a, *b;
  size_t an, bn;
  uri_parts ap, bp;
  out_buf oa, ob;
  out_begin(&oa, ctx);
  out_begin(&ob, ctx);
  oa.b.max = ob.b.max = (size_t)-1; /* compared, never returned */
  int rc = parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &a, &an, &ap);
  if (rc == URL_OK) rc = parse_arg(argv[1], URI_RULE_IRI_REFERENCE, &b, &bn, &bp);
  int same = 0;
  if (rc == URL_OK) {
    comparable(&oa.b, a, &ap, level % 3, level >= 3);
    comparable(&ob.b, b, &bp, level % 3, level >= 3);
    rc = oa.b.err ? oa.b.err : ob.b.err;
    same = oa.b.len == ob.b.len && memcmp(oa.b.ptr, ob.b.ptr, oa.b.len) == 0;
  }
  url_result_int(ctx, rc, same);
  url_buf_free(&oa.b);
  url_buf_free(&ob.b);
}

/* -------------------------------------------------------- percent-encoding */

/* uri_encode(text [, set [, encoding]]) is url_encode (search_params.c):
   one table of sets for both families. */

/* uri_decode(text [, mode [, encoding]]): the decoded bytes as text in the
   encoding (UTF-8 by default; bytes that are not UTF-8 become U+FFFD, as
   url_decode's do), or as a BLOB ('binary'). */
static void uri_decode_as(url_buf *out, const char *s, size_t n, int mode) {
  uri_decode(out, s, n, (uri_decode_mode)mode);
}
static void uri_fn_decode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int mode = url_arg_option(ctx, argc, argv, 1, "mode", uri_decode_names,
                            URI_DECODE_COUNT, URI_DECODE_ALL);
  if (mode < 0) return;
  int enc = url_arg_decode_to(ctx, argc, argv, 2);
  if (enc == URL_ARG_ERROR) return;
  url_call_decode(ctx, argv[0], enc, uri_decode_as, mode);
}

/* ------------------------------------------------------------------ IRIs */

static const char *const host_modes[] = {"percent", "idna"};

/* uri_from_iri(x [, host]) and uri_to_iri(x [, host]): host 'percent'
   (the default: a host is percent-encoded and decoded as the rest is) or
   'idna' (UTS #46 ToASCII, ToUnicode); the row argument is 1 for to_iri. */
static void uri_fn_iri(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int idna = url_arg_option(ctx, argc, argv, 1, "host mode", host_modes, 2, 0);
  if (idna >= 0)
    xform_result(ctx, argv, url_fn_arg(ctx) ? uri_to_iri : uri_from_iri, idna);
}

/* uri_from_url(x): the URL Standard's href of x, made an RFC 3986 URI. */
static void uri_fn_from_url(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, -1);
  if (rc == URL_OK) {
    url_str h = url_href(&c.u);
    uri_from_href(&c.out, h.s, h.n);
  }
  url_call_result(&c, rc);
}

/* -------------------------------------------------------------- uri_set */

/*
** uri_set(uri, part, value [, part, value ...]): each part (scheme,
** userinfo, host, port, path, query, fragment) set to its value as it is,
** in order, as url_set does for URLs; a NULL value removes the part (RFC
** 3986 tells an absent component from an empty one: the host takes its
** authority with it, the path becomes empty).  NULL when uri is NULL or
** not an IRI-reference, or when a part holds what RFC 3986 (RFC 3987)
** does not allow there (uri/set.c): nothing is percent-encoded.
*/
static void uri_fn_set(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int which[URL_MAX_PAIRS];
  int pairs = url_arg_pairs(ctx, argc, argv, "uri", "part", uri_component_names,
                            URI_COMPONENT_COUNT, which);
  if (pairs == URL_ARG_ERROR) return;
  const char *s;
  size_t n;
  uri_parts p;
  out_buf o;
  out_begin(&o, ctx);
  int rc = pairs == URL_ARG_NULL ? URL_FAILURE
                                 : parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &s, &n, &p);
  uri_edit e;
  if (rc == URL_OK) uri_edit_init(&e, s, &p);
  for (int i = 0; i < pairs && rc == URL_OK; i++) {
    const char *v = NULL;
    size_t vn = 0;
    int r = url_arg_bytes(argv[2 + 2 * i], &v, &vn);
    if (r == URL_OK) uri_edit_set(&e, (uri_component)which[i], v ? v : "", vn);
    else if (r == URL_FAILURE) uri_edit_set(&e, (uri_component)which[i], NULL, 0);
    else rc = r;
  }
  if (rc == URL_OK && !uri_edit_write(&e, &o.b) && !o.b.err) rc = URL_FAILURE;
  out_result(ctx, rc, &o);
}

/* ----------------------------------------------------------- registration */

static const url_func funcs[] = {
    {"uri_valid", URL_ARITY(1, 2), URL_PURE, 0, uri_fn_valid},
    {"uri_error", URL_ARITY(1, 2), URL_PURE, 0, uri_fn_error},
    {"uri_scheme", 1, URL_PURE, URI_SCHEME, uri_fn_part},
    {"uri_userinfo", 1, URL_PURE, URI_USERINFO, uri_fn_part},
    {"uri_host", 1, URL_PURE, URI_HOST, uri_fn_part},
    {"uri_host_type", 1, URL_PURE, PART_HOST_TYPE, uri_fn_part},
    {"uri_port", 1, URL_PURE, URI_PORT, uri_fn_part},
    {"uri_port_number", 1, URL_PURE, PART_PORT_NUMBER, uri_fn_part},
    {"uri_path", 1, URL_PURE, URI_PATH, uri_fn_part},
    {"uri_query", 1, URL_PURE, URI_QUERY, uri_fn_part},
    {"uri_fragment", 1, URL_PURE, URI_FRAGMENT, uri_fn_part},
    {"uri_resolve", 2, URL_PURE, 0, uri_fn_resolve},
    {"uri_relative", 2, URL_PURE, 1, uri_fn_resolve},
    {"uri_normalize", URL_ARITY(1, 2), URL_PURE, 0, uri_fn_normalize},
    {"uri_equivalent", URL_ARITY(2, 3), URL_PURE, 0, uri_fn_equivalent},
    {"uri_encode", URL_ARITY(1, 3), URL_PURE, 0, url_fn_percent_encode},
    {"uri_decode", URL_ARITY(1, 3), URL_PURE, 0, uri_fn_decode},
    {"uri_from_iri", URL_ARITY(1, 2), URL_PURE, 0, uri_fn_iri},
    {"uri_to_iri", URL_ARITY(1, 2), URL_PURE, 1, uri_fn_iri},
    {"uri_from_url", 1, URL_PURE, 0, uri_fn_from_url},
    {"uri_set", -1, URL_PURE, 0, uri_fn_set},
};

static const url_tvf *const tvfs[] = {&uri_components_tvf};

const url_family url_uri_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
