/*
** The conventions every function keeps (docs/conventions.md), checked on
** every function and table-valued function the extension registers: those
** pragma_function_list and pragma_module_list show on a connection that
** loaded it and not on one that did not.  Each has a row of sample
** arguments in fns[] below (a registered function without a row fails, and
** so does a row without a function); what the arguments are is found by
** calling the function:
**
**   - an argument that names an option is one where an unknown name is the
**     error "unknown WHAT 'x' (expected one of: a, b, ...)": every name
**     listed must give the same answer in lower, upper and mixed case; an
**     encoding label ("unknown encoding 'x'") likewise (rule 3);
**   - NULL: an optional argument given as NULL gives what leaving it out
**     gives (the trailing one: the shorter form; an option in the middle:
**     the option name that the shorter form means); a required one gives
**     NULL, or no rows (rule 2), but where the row's null_is_none says the
**     function's page makes NULL an answer;
**   - column names of table-valued functions: lower case with underscores,
**     never `offset` (rule 4: a place in an argument is a `position`), and
**     a name sqlite3_keyword_check calls a keyword must work unquoted in
**     every position of a statement (SQLite takes `query` as a name,
**     never `group`) (rule 6);
**   - positions: every function that reports one (a `position` column, a
**     JSON result with a "position" member) has rows in positions[]; over
**     non-ASCII and invalid UTF-8 input, given as TEXT and as the same
**     bytes as a BLOB, substr(input, 1, position - 1) holds the same bytes
**     in both (so substr(input, position) starts at the same byte), and
**     the place is the character the function's anchor names (rule 4).
**
** The families being conformed on other branches are listed in
** known_failing[]: their checks run and their failures are printed, marked
** KNOWN and counted apart; the list is emptied when those branches merge.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext_db.h"

#define MAX_ARGS 6
#define MAX_NAMES 48

/* One function's samples: SQL expressions for its longest form (a shorter
   form takes the first arguments).  A second tuple, when given, is another
   input the checks run on too. */
typedef struct fn_row {
  const char *name;
  const char *args[2][MAX_ARGS];
  const char *arities;      /* variadic only: the forms checked, "3,5" */
  int min_args;             /* variadic only: how many are required */
  const char *encodings;    /* positions (digits) taking an encoding label
                               that an unknown label does not reject */
  const char *null_is_none; /* required positions where NULL is an answer */
} fn_row;

static const fn_row fns[] = {
    /* url_api.c: (input [, base [, encoding]]) */
    {.name = "url_href", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'", "'windows-1252'"},
                  {"'https://a/b?c=%41'", "NULL", "'gbk'"}}},
    {.name = "url_protocol", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_username", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_password", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_host", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_hostname", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_port", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_port_number", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_pathname", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_search", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'", "'windows-1252'"}}},
    {.name = "url_hash", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_origin", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_valid", .args = {{"'../x?q=é#f'", "'https://u:p@Example.com:8080/a/b'"}}},
    {.name = "url_resolve", .args = {{"'../img/a.png?q=é'", "'https://example.com/docs/page'", "'windows-1252'"}}},
    /* validation.c */
    {.name = "url_valid_string", .args = {{"'../x'", "'https://example.com/a/'"}}},
    {.name = "url_validation_errors", .args = {{"'https:\\\\üü/ b'", "'https://base.example/'"},
                               {"'\\\\a b'", "'https://base.example/'"}}},
    /* hosts.c */
    {.name = "url_parse_host", .args = {{"'a%20b'", "1"}, {"'EXAMPLE.com'", "0"}}},
    {.name = "url_domain_to_ascii", .args = {{"'Bücher.example'", "'idna2008'"}}},
    {.name = "url_domain_to_unicode", .args = {{"'xn--bcher-kva.example'", "'idna2008'"}}},
    {.name = "url_idna2008_error", .args = {{"'https://☃.com/'"}}},
    /* set.c */
    {.name = "url_set", .args = {{"'http://u:p@example.com/a#top'", "'protocol'", "'https'", "'hash'", "''"}},
     .arities = "3,5", .min_args = 5},
    /* search_params.c */
    {.name = "url_search_params", .args = {{"'https://a/?q=%E9&r=2'", "'windows-1252'"}}},
    {.name = "url_search_param", .args = {{"'https://a/?q=%E9&r=2'", "'q'", "'windows-1252'"}}},
    {.name = "url_search_param_append", .args = {{"'https://a/?a=1'", "'b'", "'x é'", "'windows-1252'"}}},
    {.name = "url_search_param_set", .args = {{"'https://a/?a=1'", "'a'", "'x é'", "'windows-1252'"}}},
    {.name = "url_search_param_delete", .args = {{"'https://a/?a=1&a=2&b=é'", "'a'", "'2'", "'windows-1252'"}}},
    {.name = "url_search_params_sort", .args = {{"'https://a/?z=é&a=2'", "'windows-1252'"}}},
    {.name = "url_encode", .args = {{"'a b/ü&[|]%'", "'path'", "'windows-1252'"},
                    {"x'ff41'", "'form'", "'gbk'"}}},
    {.name = "url_decode", .args = {{"'caf%C3%A9+au+lait%FF'", "'form'", "'utf-8'"},
                    {"'%C4%E3%BA%C3'", "'percent'", "'gbk'"}}},
    /* components.c */
    {.name = "url_components", .args = {{"'../x?q=é'", "'https://Example.com:8080/a/b'"}}},
    /* host_parts.c */
    {.name = "url_public_suffix", .args = {{"'https://a.b.whatwg.github.io/'", "'icann'"}}},
    {.name = "url_registrable_domain", .args = {{"'https://a.b.whatwg.github.io/'", "'icann'"}}},
    {.name = "url_subdomain", .args = {{"'https://a.b.whatwg.github.io/'", "'icann'"}}},
    {.name = "url_tld", .args = {{"'https://www.example.co.uk./'"}}},
    {.name = "url_host_without_www", .args = {{"'https://www.example.co.uk./'"}}},
    {.name = "url_host_type", .args = {{"'https://www.example.co.uk./'"}}},
    /* path_parts.c, hierarchy.c */
    {.name = "url_file_extension", .args = {{"'https://a/b/c.tar.gz?x'"}}},
    {.name = "url_hierarchy", .args = {{"'https://a.b.com/b/c?q#f'"}}},
    {.name = "url_host_hierarchy", .args = {{"'https://a.b.com/b/c?q#f'"}}},
    /* sites.c */
    {.name = "url_same_origin", .args = {{"'https://a.example.com/x'", "'https://a.example.com:443/y'"}}},
    {.name = "url_same_site", .args = {{"'https://a.example.com/'", "'http://b.example.com/'"}}},
    {.name = "url_psl_info", .args = {{NULL}}},
    {.name = "url_psl_load", .args = {{"'/usr/share/publicsuffix/public_suffix_list.dat'"}}},
    /* links.c */
    {.name = "url_links", .args = {{"'<base href=\"/d/\"><a href=\"x?q=é\">é</a><img src=a.png>'",
                    "'https://example.com/p'", "'windows-1252'"}},
     .encodings = "2", .null_is_none = "1"},
    {.name = "url_html_encoding", .args = {{"'<meta charset=\"shift_jis\">'", "'utf-16le'"}}, .encodings = "1"},
    {.name = "url_content_type_charset", .args = {{"'text/html; charset=\"UTF-8\"'"}}},
    /* warc_records.c: a one-record WARC's bytes (a path needs a file) */
    /* warc_index.c: a one-record WARC's bytes, a format, a filename */
    {.name = "warc_index", .args = {{"x'574152432F312E310D0A574152432D547970653A20726573706F6E73650D0A574152432D5461726765742D5552493A20687474703A2F2F652FC3A90D0A574152432D446174653A20323032342D30312D30325430333A30343A30355A0D0A436F6E74656E742D547970653A206170706C69636174696F6E2F687474703B206D7367747970653D726573706F6E73650D0A436F6E74656E742D4C656E6774683A2034360D0A0D0A485454502F312E3120323030204F4B0D0A436F6E74656E742D547970653A20746578742F68746D6C0D0A0D0A68690D0A0D0A'", "'cdx'", "'one.warc'"}}},
    {.name = "warc_records", .args = {{"x'574152432F312E310D0A574152432D547970653A207265736F757263650D0A574152432D5461726765742D5552493A20687474703A2F2F652FC3A90D0A436F6E74656E742D547970653A20746578742F706C61696E0D0A436F6E74656E742D4C656E6774683A20320D0A0D0A68690D0A0D0A'", "0"}}},
    /* keys.c */
    {.name = "url_canonical", .args = {{"'HTTP://www.Example.com:80/a/./b/../%7Ec?z=1&a=2#top'", "'aggressive'"}}},
    {.name = "url_surt", .args = {{"'http://www.archive.org/goo/?b&a'", "'{\"with_scheme\": true}'"}}},
    {.name = "url_ssurt", .args = {{"'http://user@foo.example.org:81/p?q'"}}},
    {.name = "url_strip_params", .args = {{"'https://a.com/?utm_source=x&id=7&fbclid=y'", "'utm_*'", "'@tracking'"}},
     .arities = "2,3", .min_args = 2},
    {.name = "url_lookup_expressions", .args = {{"'http://a.b.c/1/2.html?p=1'"}}},
    /* pattern.c */
    {.name = "url_pattern_test", .args = {{"'https://*.example.com/books/:id'", "'/books/42'", "'https://shop.example.com/'"}}},
    {.name = "url_pattern_exec", .args = {{"'https://shop.example/:section/:id(\\d+)'", "'/products/42'",
                           "'https://shop.example/'"}}},
    {.name = "url_pattern_components", .args = {{"'https://*.example.com/:id(\\d+)'"}}},
    {.name = "url_pattern_has_regexp_groups", .args = {{"'https://*.example.com/:id(\\d+)'"}}},
    /* encoding.c */
    {.name = "url_encoding", .args = {{"'latin1'"}}},
    {.name = "url_text_decode", .args = {{"x'C4E3BAC3'", "'gbk'"}}},
    {.name = "url_text_encode", .args = {{"'你好'", "'gbk'"}}},
    /* url_ext.c */
    {.name = "url_version", .args = {{NULL}}},
    /* referrers.c */
    {.name = "url_referrer", .args = {{"'https://www.google.de/search?q=rote+schuhe'", "'https://shop.example/'"}}},
    {.name = "url_referrer_medium", .args = {{"'https://www.google.de/search?q=x'", "'https://shop.example/'"}}},
    {.name = "url_referrer_source", .args = {{"'https://www.google.de/search?q=x'", "'https://shop.example/'"}}},
    {.name = "url_traffic_source", .args = {{"'https://www.google.de/search?q=x'", "'https://shop.example/?utm_medium=cpc&gclid=1'"},
                                            {"'https://t.co/x'", "'https://shop.example/?utm_campaign=cross-network'"}},
     .null_is_none = "0"},
    /* (referrer, page_url): a NULL referrer is a visit without one (Direct),
       for url_traffic_source above too */
    {.name = "url_channel", .args = {{"'https://www.google.de/search?q=x'", "'https://shop.example/?utm_medium=cpc'"}},
     .null_is_none = "0"},
    /* robots.c */
    {.name = "url_robots_allowed", .args = {{"'User-agent: *\nDisallow: /search'", "'MyBot'", "'https://e.com/search?q=1'"}}},
    {.name = "url_robots_decision", .args = {{"'User-agent: *\nDisallow: /search'", "'MyBot'", "'https://e.com/search?q=1'"}}},
    {.name = "url_robots_crawl_delay", .args = {{"'User-agent: *\nCrawl-delay: 5'", "'MyBot'"}}},
    {.name = "url_robots_rules", .args = {{"'User-agent: *\nDisallow: /search'"}}},
    {.name = "url_robots_url", .args = {{"'https://e.com:8080/search?q=1'"}}},
    {.name = "url_robots_verdict", .args = {{"'User-agent: *\nDisallow: /search'", "'MyBot'", "'https://e.com/search?q=1'"}}},
    /* deceptive.c */
    {.name = "url_display_host", .args = {{"'https://xn--mnchen-3ya.de/'", "'example.com'", "'17.0'"}}},
    {.name = "url_skeleton", .args = {{"'раypal.com'", "'uts39'", "'17.0'"}}},
    {.name = "url_restriction_level", .args = {{"'аpple'", "'17.0'"}}},
    {.name = "url_deceptions", .args = {{"'http://example.com&@167772161/'", "'paypal.com'", "'17.0'"}}},
    /* uri.c */
    {.name = "uri_valid", .args = {{"'http://ü.example/?ä'", "'IRI'"}, {"'./a:b'", "'relative-ref'"}}},
    {.name = "uri_error", .args = {{"'http://üü/ b'", "'IRI-reference'"}, {"'http://h:8a/'", "'URI'"}}},
    {.name = "uri_components", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_scheme", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_userinfo", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_host", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_host_type", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_port", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_port_number", .args = {{"'foo://u@example.com:08042/over/there?name=ferret#nose'"}}},
    {.name = "uri_path", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_query", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_fragment", .args = {{"'foo://u@example.com:8042/over/there?name=ferret#nose'"}}},
    {.name = "uri_resolve", .args = {{"'../../g'", "'http://a/b/c/d;p?q'"}}},
    {.name = "uri_relative", .args = {{"'http://a/b/c/g?y'", "'http://a/b/c/d;p?q'"}}},
    {.name = "uri_normalize", .args = {{"'HTTP://www.EXAMPLE.com:80/%7euser/./a/%2E%2E/b'", "'scheme'"}}},
    {.name = "uri_equivalent", .args = {{"'http://a/ä'", "'HTTP://a:80/%C3%A4'", "'scheme'"},
                        {"'http://[::1]/cb'", "'http://[0:0:0:0:0:0:0:1]/cb'", "'syntax'"}}},
    {.name = "uri_encode", .args = {{"'a b/ü~*:@[|]'", "'rfc3986-path'"}, {"x'ff41'", "'unreserved'"}}},
    {.name = "uri_decode", .args = {{"'%41%2f%C3%BC%FF'", "'unreserved'", "'utf-8'"},
                    {"'%C4%E3%BA%C3'", "'all'", "'gbk'"}}},
    {.name = "uri_from_iri", .args = {{"'http://ü.example/ä'", "'idna'"}}},
    {.name = "uri_to_iri", .args = {{"'http://xn--tda.example/%C3%A4'", "'idna'"}}},
    {.name = "uri_from_url", .args = {{"'https://\"a.example/{x}'"}}},
    {.name = "uri_set", .args = {{"'http://a:8080/cb?x'", "'port'", "'80'", "'query'", "'y=1'"}},
     .arities = "3,5", .min_args = 5, .null_is_none = "24"},
};

/*
** Functions that report a position, with inputs that put non-ASCII (and
** bytes that are not UTF-8) before it.  text: the input, an SQL expression
** of type TEXT; rest: the arguments after it.  anchor: a condition each
** reported place must meet, over `given` (the input as passed, TEXT or
** BLOB), `position`, the module's columns or `j` (a scalar's result).
*/
typedef struct pos_row {
  const char *name;
  const char *text;
  const char *rest;
} pos_row;

static const pos_row positions[] = {
    {"uri_error", "'http://üü/ b'", ", 'IRI'"},
    {"uri_error", "'http://üü/ b'", ""},
    {"uri_error", "'ünïcödé:x'", ""},
    {"uri_error", "'//é/ä?ö#ü#'", ", 'IRI-reference'"},
    {"uri_error", "CAST(x'687474703A2F2FC3BCFF2F' AS TEXT)", ", 'IRI'"},
    {"uri_error", "CAST(x'687474703A2F2FF58020' AS TEXT)", ", 'IRI'"},
    {"url_validation_errors", "'http://üü/ b'", ""},
    {"url_validation_errors", "'https:\\\\ü.example\\a b'", ""},
    {"url_validation_errors", "'  https://é.example/é\\x y  '", ""},
    {"url_validation_errors", "CAST(x'68747470733A2F2F612FC080205C62' AS TEXT)", ""},
    {"url_validation_errors", "CAST(x'68747470733A2F2F612FF580C3A92F2061' AS TEXT)", ""},
    {"url_links", "'<p>é ü</p><a href=x>ä</a><IMG src=y>'", ", 'https://e/', 'utf-8'"},
    {"url_links", "'<p>é ü</p><a href=x>ä</a><img src=y>'", ", 'https://e/'"},
    {"url_links", "CAST(x'E9E93C6120687265663D783E' AS TEXT)", ", 'https://e/', 'windows-1252'"},
    {"url_links", "CAST(x'EFBBBF3C703EC3A93C2F703E3C6120687265663D783E' AS TEXT)", ", 'https://e/'"},
    {"url_links", "CAST(x'FFFE3C00610020006800720065006600' || x'3D0078003E00' AS TEXT)",
     ", 'https://e/'"},
    {"url_links", "CAST(x'8EA23C6120687265663D783E' AS TEXT)", ", 'https://e/', 'euc-jp'"},
};

/* Where a reported position must point, per function. */
static const struct {
  const char *name, *anchor;
} anchors[] = {
    /* the character uri_error names ("char", U+FFFD for a byte that is
       not UTF-8), counted as substr counts the argument */
    {"uri_error",
     "json_extract(j, '$.char') IS NULL OR json_extract(j, '$.char') = char(65533)"
     " OR CAST(substr(given, position, CASE typeof(given) WHEN 'blob'"
     "   THEN length(CAST(json_extract(j, '$.char') AS BLOB))"
     "   ELSE length(json_extract(j, '$.char')) END) AS BLOB)"
     "  = CAST(json_extract(j, '$.char') AS BLOB)"},
    /* a tag's '<', in whatever encoding the page is (UTF-16: 3C 00) */
    {"url_links", "CAST(substr(given, position, 1) AS BLOB) = x'3C'"},
    /* the code point a step looked at: the space, the backslash */
    {"url_validation_errors",
     "error NOT IN ('invalid-URL-unit', 'invalid-reverse-solidus')"
     " OR CAST(substr(given, position, 1) AS BLOB) IN (x'20', x'5C')"},
};

/* The families other branches are conforming (issue 39): failures here
   are printed and counted apart, not as failures. */
static const char *const known_failing[] = {
    NULL, /* none: every family conforms (names go here, one a string) */
};

/* ------------------------------------------------------------ counting */

static int known_count, known_checks;
static char known_names[4096];

static int is_known(const char *fn) {
  for (size_t i = 0; i < sizeof known_failing / sizeof *known_failing; i++)
    if (known_failing[i] && !strcmp(known_failing[i], fn)) return 1;
  return 0;
}

/* One check of function fn: a failure of a known-failing family is
   printed as KNOWN and not counted as failed. */
__attribute__((format(printf, 3, 4)))
static int expect(const char *fn, int ok, const char *fmt, ...) {
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  for (char *q = msg; *q; q++) /* one line per failure */
    if (*q == '\n') *q = ' ';
  if (fn && is_known(fn)) {
    known_checks++;
    if (!ok) {
      known_count++;
      printf("KNOWN %s: %s\n", fn, msg);
      if (!strstr(known_names, fn) &&
          strlen(known_names) + strlen(fn) + 3 < sizeof known_names) {
        if (*known_names) strcat(known_names, ", ");
        strcat(known_names, fn);
      }
    }
    return ok;
  }
  return ext_check(ok, "%s: %s", fn ? fn : "", msg);
}

/* --------------------------------------------------------------- running */

static sqlite3 *db;

/* The rows of sql as quote() writes them, or "ERROR: message"; malloc()ed. */
static char *run(const char *fmt, ...) {
  char *sql;
  va_list ap;
  va_start(ap, fmt);
  sql = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  char *out = NULL;
  int rc = sql ? ext_run(db, sql, &out) : SQLITE_NOMEM;
  if (rc != SQLITE_OK) {
    const char *m = sqlite3_errmsg(db);
    out = malloc(strlen(m) + 8);
    if (out) sprintf(out, "ERROR: %s", m);
  }
  sqlite3_free(sql);
  return out ? out : strdup("ERROR: out of memory");
}

static int is_error(const char *r) { return !strncmp(r, "ERROR: ", 7); }

/* r on one line, for a message: rows joined by " / ", "(no rows)" when
   there are none (static storage, two at a time). */
static const char *shown(const char *r) {
  static char buf[2][600];
  static int k;
  char *b = buf[k++ % 2];
  size_t n = 0;
  if (!*r) return "(no rows)";
  for (const char *p = r; *p && n + 4 < sizeof buf[0]; p++) {
    if (*p == '\n') {
      if (p[1]) {
        memcpy(b + n, " / ", 3);
        n += 3;
      }
    } else {
      b[n++] = *p;
    }
  }
  b[n] = 0;
  return b;
}

/* Template t with {1} .. {4} replaced by a[0..3]; sqlite3_malloc()ed. */
static char *fill(const char *t, const char *a1, const char *a2,
                  const char *a3, const char *a4) {
  const char *a[4] = {a1, a2, a3, a4};
  sqlite3_str *out = sqlite3_str_new(NULL);
  for (const char *p = t; *p; p++) {
    if (p[0] == '{' && p[1] >= '1' && p[1] <= '4' && p[2] == '}') {
      sqlite3_str_appendall(out, a[p[1] - '1'] ? a[p[1] - '1'] : "");
      p += 2;
    } else {
      sqlite3_str_appendchar(out, 1, *p);
    }
  }
  return sqlite3_str_finish(out);
}

/* run() of fill(t, ...). */
static char *run_fill(const char *t, const char *a1, const char *a2,
                      const char *a3, const char *a4) {
  char *sql = fill(t, a1, a2, a3, a4);
  char *got = run("%s", sql);
  sqlite3_free(sql);
  return got;
}

/* The argument list a[0..n) with position `at` replaced by `with` (NULL:
   none replaced), as "a, b, c". */
static void arglist(char *buf, size_t cap, const char *const *a, int n, int at,
                    const char *with) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < n && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "",
                            i == at ? with : a[i] ? a[i] : "NULL");
}

/* The call of fn with those arguments: a scalar's value, or a module's rows
   (visible columns). */
static char *call(const char *fn, int module, const char *const *a, int n,
                  int at, const char *with) {
  char args[4096];
  arglist(args, sizeof args, a, n, at, with);
  return module ? run("SELECT * FROM %s(%s)", fn, args)
                : run("SELECT %s(%s)", fn, args);
}

/* Whether a call's answer is "nothing": NULL, or no rows. */
static int is_nothing(const char *r, int module) {
  return module ? r[0] == 0 : !strcmp(r, "NULL\n");
}

/* ----------------------------------------------------- what an argument is */

enum { ARG_DATA, ARG_OPTION, ARG_ENCODING, ARG_FLAG, ARG_OTHER };

typedef struct arg_kind {
  int kind;
  int n_names;
  char names[MAX_NAMES][48];
} arg_kind;

/* Reads "... (expected one of: a, b, c)" into k's names. */
static void read_names(arg_kind *k, const char *msg) {
  const char *p = strstr(msg, "(expected one of: ");
  k->n_names = 0;
  if (!p) return;
  p += strlen("(expected one of: ");
  while (*p && *p != ')' && k->n_names < MAX_NAMES) {
    size_t len = strcspn(p, ",)");
    if (len >= sizeof k->names[0]) len = sizeof k->names[0] - 1;
    memcpy(k->names[k->n_names], p, len);
    k->names[k->n_names++][len] = 0;
    p += len;
    if (*p == ',') p++;
    while (*p == ' ') p++;
  }
}

/* What argument `at` of fn (in its n-argument form) is, found by passing a
   name no option has. */
static void classify(const fn_row *r, int module, int n, int at, arg_kind *k) {
  k->kind = ARG_DATA;
  k->n_names = 0;
  if (r->encodings && strchr(r->encodings, '0' + at)) {
    k->kind = ARG_ENCODING;
    return;
  }
  char *got = call(r->name, module, r->args[0], n, at, "'No-Such-Name-x'");
  /* an error that names the value passed, not the samples' own */
  if (is_error(got) && strstr(got, "No-Such-Name-x")) {
    if (strstr(got, "(expected one of: ")) {
      k->kind = ARG_OPTION;
      read_names(k, got);
    } else if (strstr(got, "unknown encoding")) {
      k->kind = ARG_ENCODING;
    } else if (strstr(got, "must be 0 or 1")) {
      k->kind = ARG_FLAG;
    } else {
      k->kind = ARG_OTHER;
    }
  }
  free(got);
}

/* s in another case: upper, lower, or mixed (every other letter upper). */
static void recase(char *out, size_t cap, const char *s, int how) {
  size_t i = 0, letter = 0;
  out[0] = '\'';
  for (; s[i] && i + 3 < cap; i++) {
    int c = (unsigned char)s[i];
    if (isalpha(c)) {
      c = how == 0 ? toupper(c) : how == 1 ? tolower(c)
                                           : (letter++ % 2 ? tolower(c) : toupper(c));
    }
    out[i + 1] = (char)c;
  }
  out[i + 1] = '\'';
  out[i + 2] = 0;
}

/* ------------------------------------------------------------ the checks */

/* Every name of option argument `at` gives one answer in any case. */
static void check_option_case(const fn_row *r, int module, int n, int at,
                              const arg_kind *k, int samples) {
  static const char *const labels[][2] = {
      {"utf-8", "UTF-8"}, {"utf-8", "Utf-8"}, {"windows-1252", "WINDOWS-1252"},
      {"gbk", "GbK"}, {"shift_jis", "SHIFT_JIS"}};
  int n_pairs = k->kind == ARG_ENCODING ? (int)(sizeof labels / sizeof *labels)
                                        : 3 * k->n_names;
  for (int s = 0; s < samples; s++)
    for (int i = 0; i < n_pairs; i++) {
      char a[128], b[128];
      if (k->kind == ARG_ENCODING) {
        snprintf(a, sizeof a, "'%s'", labels[i][0]);
        snprintf(b, sizeof b, "'%s'", labels[i][1]);
      } else {
        snprintf(a, sizeof a, "'%s'", k->names[i / 3]);
        recase(b, sizeof b, k->names[i / 3], i % 3);
      }
      char *ra = call(r->name, module, r->args[s], n, at, a);
      char *rb = call(r->name, module, r->args[s], n, at, b);
      expect(r->name, !is_error(rb) && !strcmp(ra, rb),
             "argument %d of %d: %s gives %s, %s gives %s", at + 1, n, a,
             shown(ra), b, shown(rb));
      free(ra);
      free(rb);
    }
}

/* Whether the forms of r have n arguments. */
typedef struct forms {
  int n[MAX_ARGS + 1]; /* n[k]: the k-argument form exists */
  int min;
} forms;

/* NULL in argument `at` of the n-argument form. */
static void check_null(const fn_row *r, int module, int n, int at,
                       const arg_kind *k, const forms *f, int samples) {
  for (int s = 0; s < samples; s++) {
    char *got = call(r->name, module, r->args[s], n, at, "NULL");
    if (at < f->min) { /* required */
      if (r->null_is_none && strchr(r->null_is_none, '0' + at)) {
        expect(r->name, !is_error(got), "argument %d of %d is NULL: %s", at + 1,
               n, shown(got));
      } else {
        expect(r->name, is_nothing(got, module),
               "a NULL required argument %d of %d gives %s, not %s", at + 1, n,
               shown(got), module ? "no rows" : "NULL");
      }
    } else if (at == n - 1 && f->n[n - 1]) { /* the trailing optional one */
      char *shorter = call(r->name, module, r->args[s], n - 1, -1, NULL);
      expect(r->name, !is_error(got) && !strcmp(got, shorter),
             "NULL as argument %d of %d gives %s, leaving it out %s", at + 1, n,
             shown(got), shown(shorter));
      free(shorter);
    } else if (k->kind == ARG_OPTION && f->n[at]) {
      /* an option in the middle: NULL is the name the shorter form means */
      char *shorter = call(r->name, module, r->args[s], at, -1, NULL);
      int found = -1;
      for (int i = 0; i < k->n_names && found < 0; i++) {
        char name[64];
        snprintf(name, sizeof name, "'%s'", k->names[i]);
        /* the (at + 1)-argument form with this name */
        char args[4096];
        const char *a[MAX_ARGS];
        for (int j = 0; j < MAX_ARGS; j++) a[j] = r->args[s][j];
        a[at] = name;
        arglist(args, sizeof args, a, at + 1, -1, NULL);
        char *named = module ? run("SELECT * FROM %s(%s)", r->name, args)
                             : run("SELECT %s(%s)", r->name, args);
        if (!is_error(named) && !strcmp(named, shorter)) {
          char *full = call(r->name, module, r->args[s], n, at, name);
          expect(r->name, !is_error(got) && !strcmp(got, full),
                 "NULL as argument %d of %d gives %s, its default '%s' %s",
                 at + 1, n, shown(got), k->names[i], shown(full));
          free(full);
          found = i;
        }
        free(named);
      }
      expect(r->name, found >= 0,
             "argument %d of %d: no option name gives what leaving it out gives",
             at + 1, n);
      free(shorter);
    }
    free(got);
  }
}

/* The forms of r registered (or listed, for a variadic function). */
static void read_forms(const fn_row *r, const int *narg, int count, forms *f) {
  memset(f, 0, sizeof *f);
  f->min = MAX_ARGS + 1;
  if (r->arities) {
    for (const char *p = r->arities; *p; p++)
      if (*p >= '0' && *p <= '9') f->n[*p - '0'] = 1;
    f->min = r->min_args;
    return;
  }
  for (int i = 0; i < count; i++)
    if (narg[i] >= 0 && narg[i] <= MAX_ARGS) {
      f->n[narg[i]] = 1;
      if (narg[i] < f->min) f->min = narg[i];
    }
}

static int n_samples(const fn_row *r) { return r->args[1][0] ? 2 : 1; }

/* Every check of one scalar function or module. */
static void check_function(const fn_row *r, int module, const int *narg,
                           int count) {
  forms f;
  read_forms(r, narg, count, &f);
  int samples = n_samples(r), answered = 0;
  for (int n = 0; n <= MAX_ARGS; n++) {
    if (!f.n[n]) continue;
    for (int s = 0; s < samples; s++) {
      char *got = call(r->name, module, r->args[s], n, -1, NULL);
      expect(r->name, !is_error(got), "its samples (%d arguments) fail: %s", n,
             shown(got));
      answered += !is_error(got) && !is_nothing(got, module);
      free(got);
    }
    for (int at = 0; at < n; at++) {
      arg_kind k;
      classify(r, module, n, at, &k);
      if (k.kind == ARG_OPTION || k.kind == ARG_ENCODING)
        check_option_case(r, module, n, at, &k, samples);
      check_null(r, module, n, at, &k, &f, samples);
    }
  }
  expect(r->name, answered > 0 || (f.n[0] && f.min == 0),
         "its samples give no answer to check the others against");
}

/* ------------------------------------------------------------- columns */

static void check_columns(const char *fn, const fn_row *r) {
  sqlite3_stmt *st;
  char *sql = sqlite3_mprintf("SELECT name FROM pragma_table_xinfo(%Q) WHERE hidden = 0", fn);
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    expect(fn, 0, "pragma_table_xinfo: %s", sqlite3_errmsg(db));
    sqlite3_free(sql);
    return;
  }
  sqlite3_free(sql);
  int n_args = 0;
  while (n_args < MAX_ARGS && r->args[0][n_args]) n_args++;
  char args[4096];
  arglist(args, sizeof args, r->args[0], n_args, -1, NULL);
  while (sqlite3_step(st) == SQLITE_ROW) {
    const char *c = (const char *)sqlite3_column_text(st, 0);
    int plain = c[0] >= 'a' && c[0] <= 'z';
    for (const char *p = c; *p; p++)
      plain &= (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_';
    expect(fn, plain, "column \"%s\" is not lower case with underscores", c);
    expect(fn, strcmp(c, "offset") != 0,
           "column \"offset\": a place in an argument is a \"position\"");
    if (!sqlite3_keyword_check(c, (int)strlen(c))) continue;
    /* a keyword SQLite must take as a name wherever a column goes */
    static const char *const uses[] = {
        "SELECT {1} FROM {2}({3})",
        "SELECT {1}, {1} + 1, -{1}, {1} IS NULL FROM {2}({3}) WHERE {1} OR NOT {1}",
        "SELECT m.{1} FROM {2}({3}) AS m WHERE m.{1} IN (1, 2) ORDER BY {1} DESC",
        "SELECT {1}, count(*) FROM {2}({3}) GROUP BY {1} HAVING max({1}) IS NOT NULL",
        "SELECT 1 FROM {2}({3}) AS a JOIN {2}({3}) AS b ON a.{1} = b.{1}",
        "SELECT coalesce({1}, (SELECT {1})) FROM {2}({3})",
    };
    for (size_t u = 0; u < sizeof uses / sizeof *uses; u++) {
      char *q = fill(uses[u], c, fn, args, NULL);
      sqlite3_stmt *t = NULL;
      int rc = sqlite3_prepare_v2(db, q, -1, &t, NULL);
      expect(fn, rc == SQLITE_OK, "column \"%s\" needs quoting: %s: %s", c, q,
             sqlite3_errmsg(db));
      sqlite3_finalize(t);
      sqlite3_free(q);
    }
  }
  sqlite3_finalize(st);
}

/* ----------------------------------------------------------- positions */

static const char *anchor_of(const char *fn) {
  for (size_t i = 0; i < sizeof anchors / sizeof *anchors; i++)
    if (!strcmp(anchors[i].name, fn)) return anchors[i].anchor;
  return NULL;
}

static void check_position_row(const pos_row *p, int module) {
  /* the same bytes as TEXT and as a BLOB, row for row */
  char *got;
  if (module) {
    got = run_fill("WITH t AS (SELECT row_number() OVER () AS k, position AS p FROM {1}({2}{3})),"
              "  b AS (SELECT row_number() OVER () AS k, position AS p FROM {1}(CAST({2} AS BLOB){3}))"
              " SELECT (SELECT count(*) FROM t), (SELECT count(*) FROM b),"
              "  (SELECT count(*) FROM t JOIN b USING (k) WHERE t.p IS NOT NULL),"
              "  (SELECT group_concat(t.p || '/' || b.p) FROM t JOIN b USING (k)"
              "    WHERE (t.p IS NULL) <> (b.p IS NULL)"
              "     OR length(CAST(substr({2}, 1, t.p - 1) AS BLOB)) IS NOT b.p - 1)",
              p->name, p->text, p->rest, NULL);
  } else {
    got = run_fill("WITH r AS (SELECT json_extract({1}({2}{3}), '$.position') AS pt,"
              "  json_extract({1}(CAST({2} AS BLOB){3}), '$.position') AS pb)"
              " SELECT 1, 1, pt IS NOT NULL, CASE WHEN pt IS NULL OR pb IS NULL"
              "  OR length(CAST(substr({2}, 1, pt - 1) AS BLOB)) IS NOT pb - 1"
              "  THEN pt || '/' || pb END FROM r",
              p->name, p->text, p->rest, NULL);
  }
  long rows_t = 0, rows_b = 0, placed = 0;
  char bad[512] = "";
  int ok = !is_error(got) &&
           sscanf(got, "%ld|%ld|%ld|%511[^\n]", &rows_t, &rows_b, &placed, bad) >= 3;
  expect(p->name,
         ok && rows_t == rows_b && placed > 0 && (!*bad || !strcmp(bad, "NULL")),
         "%s%s as TEXT and as BLOB: positions (TEXT/BLOB) that do not start at "
         "the same byte: %s",
         p->text, p->rest, shown(got));
  free(got);
  /* where they point */
  const char *anchor = anchor_of(p->name);
  if (!anchor) return;
  if (module) {
    got = run_fill("WITH v(given) AS (VALUES ({2}), (CAST({2} AS BLOB)))"
              " SELECT count(*), count(*) FILTER (WHERE NOT ({4}))"
              " FROM v, {1}(v.given{3}) WHERE position IS NOT NULL",
              p->name, p->text, p->rest, anchor);
  } else {
    got = run_fill("WITH v(given) AS (VALUES ({2}), (CAST({2} AS BLOB))),"
              " w AS (SELECT given, {1}(given{3}) AS j FROM v),"
              " x AS (SELECT given, j, json_extract(j, '$.position') AS position FROM w)"
              " SELECT count(*), count(*) FILTER (WHERE NOT ({4}))"
              " FROM x WHERE position IS NOT NULL",
              p->name, p->text, p->rest, anchor);
  }
  long all = 0, off = 0;
  ok = !is_error(got) && sscanf(got, "%ld|%ld", &all, &off) == 2;
  expect(p->name, ok && all > 0 && off == 0,
         "%s%s: positions that do not point where they should (%s): %s", p->text,
         p->rest, anchor, shown(got));
  free(got);
}

/* Whether fn reports a position: a `position` column, or a JSON result with
   a "position" member; also flags an "offset" member. */
static int reports_position(const fn_row *r, int module) {
  if (module) {
    char *got = run("SELECT count(*) FROM pragma_table_xinfo(%Q)"
                    " WHERE name = 'position' AND hidden = 0", r->name);
    int yes = !strcmp(got, "1\n");
    free(got);
    return yes;
  }
  int yes = 0;
  for (int s = 0; s < n_samples(r); s++) {
    int n = 0;
    while (n < MAX_ARGS && r->args[s][n]) n++;
    char args[4096];
    arglist(args, sizeof args, r->args[s], n, -1, NULL);
    char *got = run("SELECT coalesce(json_valid(x) AND json_type(x) = 'object', 0),"
                    " json_type(x, '$.position') IS NOT NULL, json_type(x, '$.offset') IS NOT NULL"
                    " FROM (SELECT %s(%s) AS x)", r->name, args);
    int object = 0, position = 0, offset = 0;
    sscanf(got, "%d|%d|%d", &object, &position, &offset);
    expect(r->name, !(object && offset),
           "a JSON member \"offset\" (a place in an argument is a \"position\"): %s",
           args);
    yes |= object && position;
    free(got);
  }
  return yes;
}

/* ---------------------------------------------------------------- main */

/* The names pragma_function_list (modules: pragma_module_list) shows on d. */
static char **names_of(sqlite3 *d, int module, int **narg, int *count) {
  sqlite3_stmt *st;
  const char *sql = module ? "SELECT name, 0 FROM pragma_module_list ORDER BY 1"
                           : "SELECT name, narg FROM pragma_function_list ORDER BY 1, 2";
  *count = 0;
  *narg = NULL;
  if (sqlite3_prepare_v2(d, sql, -1, &st, NULL) != SQLITE_OK) return NULL;
  char **v = NULL;
  int cap = 0;
  while (sqlite3_step(st) == SQLITE_ROW) {
    if (*count == cap) {
      cap = cap ? 2 * cap : 256;
      v = realloc(v, (size_t)cap * sizeof *v);
      *narg = realloc(*narg, (size_t)cap * sizeof **narg);
      if (!v || !*narg) exit(2);
    }
    v[*count] = strdup((const char *)sqlite3_column_text(st, 0));
    (*narg)[*count] = sqlite3_column_int(st, 1);
    (*count)++;
  }
  sqlite3_finalize(st);
  return v;
}

static int has_name(char **v, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (!strcmp(v[i], name)) return 1;
  return 0;
}

static const fn_row *row_of(const char *name) {
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (!strcmp(fns[i].name, name)) return &fns[i];
  return NULL;
}

int main(int argc, char **argv) {
  (void)argc;
  const char *so = ext_so_path(argv[0]);
  sqlite3 *plain = NULL;
  if (sqlite3_open(":memory:", &plain) != SQLITE_OK) return 2;
  db = ext_open(so);
  if (!db) {
    ext_check(0, "cannot load the extension");
    return ext_summary();
  }
  int n_plain_f, n_plain_m, n_f, n_m;
  int *a_plain_f, *a_plain_m, *a_f, *a_m;
  char **plain_f = names_of(plain, 0, &a_plain_f, &n_plain_f);
  char **plain_m = names_of(plain, 1, &a_plain_m, &n_plain_m);
  char **fs = names_of(db, 0, &a_f, &n_f);
  char **ms = names_of(db, 1, &a_m, &n_m);
  sqlite3_close(plain);

  int functions = 0, modules = 0;
  /* the extension's scalar functions: each name once, with its forms */
  for (int i = 0; i < n_f; i++) {
    if (has_name(plain_f, n_plain_f, fs[i])) continue;
    if (i > 0 && !strcmp(fs[i], fs[i - 1])) continue;
    int count = 0;
    while (i + count < n_f && !strcmp(fs[i + count], fs[i])) count++;
    const fn_row *r = row_of(fs[i]);
    functions++;
    if (!ext_check(r != NULL, "%s: no row in fns[] of tests/ext_conventions_test.c", fs[i]))
      continue;
    /* each function on a connection of its own (url_psl_load changes one) */
    sqlite3 *shared = db;
    db = ext_open(so);
    check_function(r, 0, a_f + i, count);
    if (reports_position(r, 0)) {
      int rows = 0;
      for (size_t p = 0; p < sizeof positions / sizeof *positions; p++)
        if (!strcmp(positions[p].name, r->name)) {
          check_position_row(&positions[p], 0);
          rows++;
        }
      expect(r->name, rows > 0, "reports a position but has no rows in positions[]");
    }
    sqlite3_close(db);
    db = shared;
  }
  for (int i = 0; i < n_m; i++) {
    if (has_name(plain_m, n_plain_m, ms[i])) continue;
    const fn_row *r = row_of(ms[i]);
    modules++;
    if (!ext_check(r != NULL, "%s: no row in fns[] of tests/ext_conventions_test.c", ms[i]))
      continue;
    /* a module's forms: 1 to its number of hidden columns, from the first
       that runs */
    char *h = run("SELECT count(*) FROM pragma_table_xinfo(%Q) WHERE hidden", ms[i]);
    int hidden = atoi(h), narg[MAX_ARGS], count = 0;
    free(h);
    for (int n = 1; n <= hidden && n <= MAX_ARGS; n++) {
      char *got = call(r->name, 1, r->args[0], n, -1, NULL);
      if (count > 0 || !is_error(got)) narg[count++] = n;
      free(got);
    }
    ext_check(count > 0, "%s: no form of it runs", ms[i]);
    check_function(r, 1, narg, count);
    check_columns(ms[i], r);
    if (reports_position(r, 1)) {
      int rows = 0;
      for (size_t p = 0; p < sizeof positions / sizeof *positions; p++)
        if (!strcmp(positions[p].name, r->name)) {
          check_position_row(&positions[p], 1);
          rows++;
        }
      expect(r->name, rows > 0, "reports a position but has no rows in positions[]");
    }
  }
  /* a row without a function */
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    ext_check(has_name(fs, n_f, fns[i].name) || has_name(ms, n_m, fns[i].name),
              "%s: a row in fns[] but no such function", fns[i].name);

  printf("conventions: %d functions and %d table-valued functions checked\n",
         functions, modules);
  if (known_checks)
    printf("known failing (issue 39, conformed on other branches; empty the "
           "list when they merge): %d of %d checks, in %s\n",
           known_count, known_checks, *known_names ? known_names : "none");
  for (int i = 0; i < n_f; i++) free(fs[i]);
  for (int i = 0; i < n_m; i++) free(ms[i]);
  for (int i = 0; i < n_plain_f; i++) free(plain_f[i]);
  for (int i = 0; i < n_plain_m; i++) free(plain_m[i]);
  free(fs); free(ms); free(plain_f); free(plain_m);
  free(a_f); free(a_m); free(a_plain_f); free(a_plain_m);
  sqlite3_close(db);
  return ext_summary();
}
