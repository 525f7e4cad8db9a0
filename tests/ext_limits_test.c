/*
** Length limits: every function and table-valued column whose result can
** be longer than its input, run under SQLITE_LIMIT_LENGTH = L for every L
** from 100 up to the first L at which it succeeds (L*).  Below L* the result
** must be the error "string or blob too big" (SQLITE_TOOBIG); from L* on,
** exactly the result of a run without a limit: never a truncated value,
** NULL, or another error.  Each statement's inputs are under 100 bytes and
** its L* must be over 100, so at the limit 100 its growth alone makes it
** fail.  Rows marked `exact` must succeed at L = the result's own length
** (no intermediate value is longer, and no off-by-one).
**
** Every registered function (name and argument count) and every column of
** every table-valued function must have a row: a statement, or the reason
** it cannot grow its input.  Adding a function = adding a line to `cases`.
**
** Prints failures and a summary; "-v" also prints L* per statement.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext_db.h"

#define SMALL 100 /* inputs are shorter, every L* is longer */

/* Inputs that grow (bytes in -> bytes out) */
/* 30 'é' (60 bytes): percent-encoded, 180 */
#define E30 "replace(printf('%.30c','x'),'x','é')"
/* a URL whose path grows: 69 bytes -> href of 189 */
#define URL_E "'http://a/' || " E30
/* 30 labels 'ä' (93 bytes): 'xn--4ca' each, 243 */
#define HOST_A "replace(printf('%.30c','x'),'x','ä.') || 'com'"
/* punycode of 40 U+4E00 (46 bytes): 120 bytes of UTF-8 */
#define PUNY "'xn--4gqaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'"
/* 40 invalid bytes: read as 40 U+FFFD, 120 bytes */
#define FF40 "x'" \
  "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'"
/* a query of 40 '/', which the form serializer writes as %2F: 132 */
#define SLASH40 "'http://a/?x=' || printf('%.40c','/')"
/* 30 U+FDFA (90 bytes), each a prototype of 33 bytes: ~1000 */
#define FDFA30 "replace(printf('%.30c','x'),'x','\xef\xb7\xba')"

#define MODULE (-100) /* n_arg of a table-valued column's row */

typedef struct limit_case {
  const char *fn;     /* function or table-valued function */
  int n_arg;          /* argument count (-1 variadic), or MODULE */
  const char *column; /* the column of a table-valued function */
  int exact;          /* L* is the result's length */
  const char *sql;    /* one row of one value; NULL: see why */
  const char *why;    /* why it cannot grow its input */
} limit_case;

#define FN(fn, n, exact, sql) {fn, n, NULL, exact, sql, NULL},
#define COL(mod, col, exact, from) \
  {mod, MODULE, col, exact, "SELECT " col " FROM " mod from, NULL},
#define COLSQL(mod, col, exact, sql) {mod, MODULE, col, exact, sql, NULL},
#define CANNOT(fn, n, col, why) {fn, n, col, 0, NULL, why},
/* A URL API getter, with and without a base: the parse of its input
   builds the whole href (189 bytes), so L* is that, not its own length. */
#define GETTER(fn, exact)                                  \
  FN(fn, 1, exact, "SELECT " fn "(" URL_E ")")             \
  FN(fn, 2, exact, "SELECT " fn "(" E30 ", 'http://a/')")
#define COMPONENT(col, exact) \
  COL("url_components", col, exact, "('http://u:p@a.com:81/' || " E30 " || '?q#f')")

static const limit_case cases[] = {
    FN("url_version", 0, 1, "SELECT url_version()")
    FN("url_parse_host", 1, 1, "SELECT url_parse_host(" HOST_A ")")
    FN("url_parse_host", 2, 1, "SELECT url_parse_host(" E30 ", 1)")
    FN("url_domain_to_unicode", 1, 1, "SELECT url_domain_to_unicode(" PUNY ")")
    FN("url_domain_to_ascii", 1, 1, "SELECT url_domain_to_ascii(" HOST_A ")")
    FN("url_domain_to_ascii", 2, 1,
       "SELECT url_domain_to_ascii(" HOST_A ", 'idna2008')")
    FN("url_domain_to_unicode", 2, 1,
       "SELECT url_domain_to_unicode(" PUNY ", 'uts46')")
    FN("url_idna2008_error", 1, 0,
       "SELECT url_idna2008_error('http://a_b.' || " HOST_A ")")
    GETTER("url_href", 1)
    GETTER("url_protocol", 0)
    GETTER("url_username", 0)
    GETTER("url_password", 0)
    GETTER("url_host", 0)
    GETTER("url_hostname", 0)
    GETTER("url_port", 0)
    CANNOT("url_port_number", 1, NULL, "an integer")
    CANNOT("url_port_number", 2, NULL, "an integer")
    GETTER("url_pathname", 0)
    GETTER("url_search", 0)
    GETTER("url_hash", 0)
    FN("url_hostname", 1, 0, "SELECT url_hostname('http://' || " HOST_A ")")
    FN("url_resolve", 2, 1, "SELECT url_resolve(" E30 ", 'http://a/')")
    FN("url_origin", 1, 0, "SELECT url_origin('http://' || " HOST_A ")")
    FN("url_origin", 2, 0, "SELECT url_origin(" E30 ", 'http://a/')")
    FN("url_valid", 1, 0, "SELECT url_valid(" URL_E ")")
    FN("url_valid", 2, 0, "SELECT url_valid(" E30 ", 'http://a/')")
    /* A grammar check that builds no serialization: only its argument
       grows, where invalid UTF-8 is replaced. */
    FN("url_valid_string", 1, 0, "SELECT url_valid_string(" FF40 ")")
    FN("url_valid_string", 2, 0, "SELECT url_valid_string(" FF40 ", 'http://a/')")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'pathname', " E30 ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'search', " E30 ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'hash', " E30 ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'username', " E30 ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'password', " E30 ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'hostname', " HOST_A ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'host', " HOST_A ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'href', " URL_E ")")
    FN("url_set", -1, 1, "SELECT url_set('http://a/', 'port', '1', 'pathname', " E30 ")")
    FN("url_set", -1, 0, "SELECT url_set(" URL_E ", 'pathname', '/')")
    FN("url_search_param", 2, 0,
       "SELECT url_search_param('http://a/?k=' || " E30 ", 'k')")
    FN("url_search_param", 2, 0, "SELECT url_search_param('k=' || " FF40 ", 'k')")
    FN("url_search_param_append", 3, 1,
       "SELECT url_search_param_append('http://a/', 'k', " E30 ")")
    FN("url_search_param_set", 3, 1,
       "SELECT url_search_param_set('http://a/?k=1', 'k', " E30 ")")
    FN("url_search_param_delete", 2, 1,
       "SELECT url_search_param_delete(" SLASH40 " || '&k=1', 'k')")
    FN("url_search_param_delete", 3, 1,
       "SELECT url_search_param_delete(" SLASH40 " || '&k=1', 'k', '1')")
    FN("url_search_params_sort", 1, 1, "SELECT url_search_params_sort(" SLASH40 ")")
    FN("url_encode", 1, 1, "SELECT url_encode(" E30 ")")
    FN("url_encode", 2, 1, "SELECT url_encode(" E30 ", 'form')")
    FN("url_decode", 1, 1, "SELECT url_decode(" FF40 ")")
    FN("url_decode", 2, 1, "SELECT url_decode(" FF40 ", 'form')")
    FN("url_public_suffix", 1, 0, "SELECT url_public_suffix(" HOST_A ")")
    FN("url_registrable_domain", 1, 0, "SELECT url_registrable_domain(" HOST_A ")")
    FN("url_public_suffix", 2, 0, "SELECT url_public_suffix(" HOST_A ", 'icann')")
    FN("url_registrable_domain", 2, 0,
       "SELECT url_registrable_domain(" HOST_A ", 'icann')")
    FN("url_subdomain", 1, 0, "SELECT url_subdomain(" HOST_A ")")
    FN("url_subdomain", 2, 0, "SELECT url_subdomain(" HOST_A ", 'icann')")
    FN("url_tld", 1, 0, "SELECT url_tld(" HOST_A ")")
    FN("url_host_without_www", 1, 0, "SELECT url_host_without_www('www.' || " HOST_A ")")
    FN("url_host_type", 1, 0, "SELECT url_host_type(" HOST_A ")")
    FN("url_file_extension", 1, 0,
       "SELECT url_file_extension('http://a/x.' || " E30 ")")
    FN("url_same_origin", 2, 0, "SELECT url_same_origin(" URL_E ", 'http://a/')")
    FN("url_same_site", 2, 0, "SELECT url_same_site('http://a/', " URL_E ")")
    FN("url_psl_info", 0, 1, "SELECT url_psl_info()")
    FN("url_psl_load", 1, 1,
       "SELECT url_psl_load('/usr/share/publicsuffix/public_suffix_list.dafsa')")
    COMPONENT("href", 1)
    COMPONENT("origin", 0)
    COL("url_components", "origin", 0, "('http://' || " HOST_A ")")
    COMPONENT("protocol", 0)
    COMPONENT("username", 0)
    COMPONENT("password", 0)
    COMPONENT("host", 0)
    COMPONENT("hostname", 0)
    COMPONENT("port", 0)
    COMPONENT("pathname", 0)
    COMPONENT("search", 0)
    COMPONENT("hash", 0)
    COMPONENT("scheme", 0)
    COMPONENT("query", 0)
    COMPONENT("fragment", 0)
    COMPONENT("host_type", 0)
    COMPONENT("port_number", 0)
    COMPONENT("has_opaque_path", 0)
    COMPONENT("registrable_domain", 0)
    COMPONENT("public_suffix", 0)
    COL("url_components", "href", 1, "(" E30 ", 'http://a/')")
    CANNOT("url_components", MODULE, "input", "the argument as given")
    CANNOT("url_components", MODULE, "base", "the argument as given")
    COMPONENT("idna2008_host", 0)
    COMPONENT("tld", 0)
    COMPONENT("subdomain", 0)
    COLSQL("url_hierarchy", "url", 1,
           "SELECT url FROM url_hierarchy(" URL_E ") WHERE depth = 1")
    COLSQL("url_hierarchy", "depth", 0,
           "SELECT max(depth) FROM url_hierarchy(" URL_E ")")
    CANNOT("url_hierarchy", MODULE, "input", "the argument as given")
    COLSQL("url_host_hierarchy", "host", 1,
           "SELECT host FROM url_host_hierarchy(" HOST_A ") WHERE depth = 29")
    COLSQL("url_host_hierarchy", "depth", 0,
           "SELECT max(depth) FROM url_host_hierarchy(" HOST_A ")")
    CANNOT("url_host_hierarchy", MODULE, "input", "the argument as given")
    COLSQL("url_validation_errors", "error", 0,
           "SELECT error FROM url_validation_errors('http:\\\\a/' || " E30 ") LIMIT 1")
    COLSQL("url_validation_errors", "failure", 0,
           "SELECT failure FROM url_validation_errors('http:/a/' || " E30 ") LIMIT 1")
    COLSQL("url_validation_errors", "position", 0,
           "SELECT position FROM url_validation_errors('http:/a/' || " E30 ") LIMIT 1")
    COLSQL("url_validation_errors", "description", 0,
           "SELECT description FROM url_validation_errors('http:/a/' || " E30 ") LIMIT 1")
    CANNOT("url_validation_errors", MODULE, "input", "the argument as given")
    CANNOT("url_validation_errors", MODULE, "base", "the argument as given")
    FN("url_canonical", 1, 1, "SELECT url_canonical(" URL_E ")")
    FN("url_canonical", 2, 1, "SELECT url_canonical(" URL_E ", 'aggressive')")
    FN("url_surt", 1, 0, "SELECT url_surt(" URL_E ")")
    FN("url_surt", 2, 0, "SELECT url_surt(" URL_E ", '{\"with_scheme\": true}')")
    FN("url_ssurt", 1, 1, "SELECT url_ssurt(" URL_E ")")
    FN("url_strip_params", -1, 0,
       "SELECT url_strip_params(" URL_E " || '?a=1&b', 'a')")
    COLSQL("url_lookup_expressions", "expression", 0,
           "SELECT expression FROM url_lookup_expressions(" URL_E ") LIMIT 1")
    COLSQL("url_lookup_expressions", "host", 0,
           "SELECT host FROM url_lookup_expressions('http://' || " HOST_A ") LIMIT 1")
    COLSQL("url_lookup_expressions", "path", 0,
           "SELECT path FROM url_lookup_expressions(" URL_E ") LIMIT 1")
    CANNOT("url_lookup_expressions", MODULE, "input", "the argument as given")
    /* URL patterns: the input URL's parse (189 bytes) is the limit, or the
       pattern's canonicalized components */
    FN("url_pattern_test", 2, 0, "SELECT url_pattern_test('http://a/*', " URL_E ")")
    FN("url_pattern_test", 3, 0,
       "SELECT url_pattern_test('{\"pathname\": \"/*\"}', " E30 ", 'http://a/')")
    CANNOT("url_pattern_has_regexp_groups", 1, NULL, "an integer; compiling is not limited")
    CANNOT("url_pattern_exec", MODULE, "component", "a component's name")
    CANNOT("url_pattern_exec", MODULE, "name", "a group name, part of the pattern")
    COLSQL("url_pattern_exec", "value", 0,
           "SELECT value FROM url_pattern_exec('http://a/*', " URL_E ") WHERE component = 'pathname'")
    COLSQL("url_pattern_exec", "input", 0,
           "SELECT input FROM url_pattern_exec('http://a/*', " URL_E ") WHERE component = 'pathname'")
    CANNOT("url_pattern_exec", MODULE, "pattern", "the argument as given")
    CANNOT("url_pattern_exec", MODULE, "url", "the argument as given")
    CANNOT("url_pattern_exec", MODULE, "base", "the argument as given")
    CANNOT("url_pattern_components", MODULE, "component", "a component's name")
    COLSQL("url_pattern_components", "pattern", 1,
           "SELECT pattern FROM url_pattern_components('{\"pathname\": \"/' || " E30
           " || '\"}') WHERE component = 'pathname'")
    COLSQL("url_pattern_components", "regexp", 1,
           "SELECT regexp FROM url_pattern_components('{\"pathname\": \"/' || " E30
           " || '\"}') WHERE component = 'pathname'")
    COLSQL("url_pattern_components", "group_names", 1,
           "SELECT group_names FROM url_pattern_components('http://a/' || "
           "replace(printf('%.25c', 'x'), 'x', '(a)')) WHERE component = 'pathname'")
    CANNOT("url_pattern_components", MODULE, "has_regexp_groups", "an integer")
    CANNOT("url_pattern_components", MODULE, "ignore_case", "an integer")
    CANNOT("url_pattern_components", MODULE, "source", "the argument as given")
    COL("url_search_params", "name", 0, "(" FF40 " || '=')")
    COL("url_search_params", "value", 0, "('k=' || " FF40 ")")
    COL("url_search_params", "name", 0, "('http://a/?' || " E30 ")")
    CANNOT("url_search_params", MODULE, "input", "the argument as given")
    CANNOT("url_html_encoding", 1, NULL, "an encoding's name")
    CANNOT("url_html_encoding", 2, NULL, "an encoding's name")
    FN("url_content_type_charset", 1, 0,
       "SELECT url_content_type_charset('text/html;charset=' || " FF40 ")")
    COL("url_links", "url", 0, "('<a href=' || " E30 " || '>', 'http://a/', 'utf-8')")
    COL("url_links", "raw", 0, "('<a href=' || " FF40 " || '>', 'http://a/', 'utf-8')")
    COL("url_links", "rel", 0, "('<a href=x rel=' || " FF40 " || '>', 'http://a/', 'utf-8')")
    COL("url_links", "base", 0, "('<base href=' || " E30 " || '><a href=x>', 'http://a/', 'utf-8')")
    CANNOT("url_links", MODULE, "tag", "a name from a fixed list")
    CANNOT("url_links", MODULE, "attribute", "a name from a fixed list")
    CANNOT("url_links", MODULE, "kind", "a name from a fixed list")
    CANNOT("url_links", MODULE, "position", "an integer")
    CANNOT("url_links", MODULE, "descriptor", "ASCII digits and a letter when valid, part of the argument")
    CANNOT("url_links", MODULE, "html", "the argument as given")
    CANNOT("url_links", MODULE, "page_url", "the argument as given")
    CANNOT("url_links", MODULE, "encoding", "the argument as given")
    /* Encodings: 30 'é' that Shift_JIS lacks are "%26%23233%3B" each in a
       query (360 bytes), "&#233;" each encoded (180). */
    FN("url_href", 3, 1, "SELECT url_href('http://a/?' || " E30 ", NULL, 'shift_jis')")
    FN("url_search", 3, 0, "SELECT url_search('http://a/?' || " E30 ", NULL, 'shift_jis')")
    FN("url_resolve", 3, 1, "SELECT url_resolve('?' || " E30 ", 'http://a/', 'shift_jis')")
    FN("url_encode", 3, 1, "SELECT url_encode(" E30 ", 'form', 'shift_jis')")
    FN("url_decode", 3, 1, "SELECT url_decode(CAST(" FF40 " AS TEXT), 'form', 'latin1')")
    FN("url_search_param_append", 4, 1,
       "SELECT url_search_param_append('http://a/', 'k', " E30 ", 'shift_jis')")
    FN("url_search_param_set", 4, 1,
       "SELECT url_search_param_set('http://a/?k=1', 'k', " E30 ", 'shift_jis')")
    FN("url_search_param_delete", 4, 1,
       "SELECT url_search_param_delete(" SLASH40 " || '&k=1', 'k', '1', 'latin1')")
    FN("url_search_param", 3, 0,
       "SELECT url_search_param('http://a/?k=' || " E30 ", 'k', 'shift_jis')")
    FN("url_search_params_sort", 2, 1, "SELECT url_search_params_sort(" SLASH40 ", 'latin1')")
    CANNOT("url_encoding", 1, NULL, "an encoding's name, a static string")
    FN("url_text_decode", 2, 1, "SELECT url_text_decode(" FF40 ", 'utf-8')")
    FN("url_text_encode", 2, 1, "SELECT url_text_encode(" E30 ", 'shift_jis')")
    COL("url_search_params", "value", 0, "('k=' || " FF40 ", 'latin1')")
    CANNOT("url_search_params", MODULE, "encoding", "the argument as given")
    /* Referrers: the referrer's parse (its host, its query) is the limit */
    CANNOT("url_referrer", MODULE, "medium", "a name from a fixed list")
    COL("url_referrer", "source", 0, "('http://' || " HOST_A ")")
    COL("url_referrer", "term", 0, "('https://www.google.com/search?q=' || " E30 ")")
    COL("url_referrer", "host", 0, "('http://' || " HOST_A ")")
    COL("url_referrer", "backlink", 0, "('https://www.google.com/search?q=' || " E30 ")")
    CANNOT("url_referrer", MODULE, "referrer", "the argument as given")
    CANNOT("url_referrer", MODULE, "page_url", "the argument as given")
    COL("url_traffic_source", "source", 0, "('http://' || " HOST_A ")")
    COL("url_traffic_source", "medium", 0, "(NULL, 'http://a/?utm_medium=' || " E30 ")")
    COL("url_traffic_source", "campaign", 0, "(NULL, 'http://a/?utm_campaign=' || " E30 ")")
    COL("url_traffic_source", "term", 0, "('https://www.google.com/search?q=' || " E30 ")")
    COL("url_traffic_source", "content", 0, "(NULL, 'http://a/?utm_content=' || " E30 ")")
    COL("url_traffic_source", "click_id", 0, "(NULL, 'http://a/?gclid=' || " E30 ")")
    CANNOT("url_traffic_source", MODULE, "click_id_param", "a name from a fixed list (own_lists.tsv)")
    CANNOT("url_traffic_source", MODULE, "channel", "a name from a fixed list (GA4's channel groups)")
    CANNOT("url_traffic_source", MODULE, "referrer", "the argument as given")
    CANNOT("url_traffic_source", MODULE, "page_url", "the argument as given")
    CANNOT("url_referrer_medium", 1, NULL, "a name from a fixed list")
    CANNOT("url_referrer_medium", 2, NULL, "a name from a fixed list")
    FN("url_referrer_source", 1, 0, "SELECT url_referrer_source('http://' || " HOST_A ")")
    FN("url_referrer_source", 2, 0,
       "SELECT url_referrer_source('http://' || " HOST_A ", 'http://a/')")
    CANNOT("url_channel", 1, NULL, "a name from a fixed list (GA4's channel groups)")
    CANNOT("url_channel", 2, NULL, "a name from a fixed list (GA4's channel groups)")
    CANNOT("url_robots_allowed", 3, NULL, "an integer")
    CANNOT("url_robots_decision", 3, NULL, "an integer")
    CANNOT("url_robots_crawl_delay", 2, NULL, "a real")
    CANNOT("url_robots_rules", MODULE, "line", "an integer")
    CANNOT("url_robots_rules", MODULE, "group_number", "an integer")
    CANNOT("url_robots_rules", MODULE, "valid", "an integer")
    CANNOT("url_robots_rules", MODULE, "reason", "a text from a fixed list")
    CANNOT("url_robots_rules", MODULE, "robots_txt", "the argument as given")
    COL("url_robots_rules", "user_agents", 0, "('user-agent: ' || " FF40 ")")
    COL("url_robots_rules", "directive", 0, "(" FF40 " || ': x')")
    COL("url_robots_rules", "value", 0, "('user-agent: ' || " FF40 ")")
    COLSQL("url_robots_rules", "pattern", 0,
           "SELECT pattern FROM url_robots_rules('user-agent: a' || char(10) || 'disallow: /' || " E30 ") WHERE line = 2")
    COL("url_robots_rules", "url", 0, "('sitemap: http://a/' || " E30 ")")
    FN("url_robots_url", 1, 0, "SELECT url_robots_url('http://' || " HOST_A ")")
    CANNOT("url_robots_verdict", MODULE, "allowed", "an integer")
    CANNOT("url_robots_verdict", MODULE, "line", "an integer")
    CANNOT("url_robots_verdict", MODULE, "directive", "a name from a fixed list")
    COL("url_robots_verdict", "value", 0,
        "('user-agent: *' || char(10) || 'disallow: /' || " FF40 ", 'bot',"
        " 'http://a/' || replace(printf('%.40c','x'),'x','%FF'))")
    COL("url_robots_verdict", "pattern", 0,
        "('user-agent: *' || char(10) || 'disallow: /' || " E30 ", 'bot',"
        " 'http://a/' || " E30 ")")
    CANNOT("url_robots_verdict", MODULE, "group_number", "an integer")
    CANNOT("url_robots_verdict", MODULE, "product_token",
           "ASCII letters, - and _ of the argument")
    CANNOT("url_robots_verdict", MODULE, "robots_txt", "the argument as given")
    CANNOT("url_robots_verdict", MODULE, "user_agent", "the argument as given")
    CANNOT("url_robots_verdict", MODULE, "url", "the argument as given")
    /* RFC 3986 / RFC 3987 (ext/uri.c) */
    FN("uri_resolve", 2, 1,
       "SELECT uri_resolve(printf('%.80c','y'), 'http://a/' || printf('%.80c','x') || '/')")
    FN("uri_encode", 1, 1, "SELECT uri_encode(" E30 ")")
    FN("uri_encode", 2, 1, "SELECT uri_encode(" E30 ", 'path')")
    FN("uri_encode", 3, 1, "SELECT uri_encode(" E30 ", 'form', 'shift_jis')")
    FN("uri_decode", 1, 1, "SELECT uri_decode(" FF40 ")")
    FN("uri_decode", 2, 1, "SELECT uri_decode(" FF40 ", 'legacy')")
    FN("uri_decode", 3, 1, "SELECT uri_decode(" FF40 ", 'all', 'utf-8')")
    FN("uri_to_iri", 2, 1, "SELECT uri_to_iri('http://' || " PUNY " || '/', 'idna')")
    FN("uri_set", -1, 1,
       "SELECT uri_set('http://a/', 'path', '/' || printf('%.60c','p'), 'query', printf('%.60c','q'))")
    CANNOT("uri_port_number", 1, NULL, "an integer")
    CANNOT("uri_components", MODULE, "port_number", "an integer")
    FN("uri_from_iri", 1, 1, "SELECT uri_from_iri('http://a/' || " E30 ")")
    FN("uri_from_iri", 2, 1, "SELECT uri_from_iri('http://a/' || " E30 ", 'idna')")
    FN("uri_from_url", 1, 1, "SELECT uri_from_url(" URL_E ")")
    CANNOT("uri_valid", 1, NULL, "an integer")
    CANNOT("uri_valid", 2, NULL, "an integer")
    CANNOT("uri_equivalent", 2, NULL, "an integer")
    CANNOT("uri_equivalent", 3, NULL, "an integer")
    CANNOT("uri_error", 1, NULL, "a JSON object of a few dozen bytes")
    CANNOT("uri_error", 2, NULL, "a JSON object of a few dozen bytes")
    CANNOT("uri_scheme", 1, NULL, "a slice of the argument")
    CANNOT("uri_userinfo", 1, NULL, "a slice of the argument")
    CANNOT("uri_host", 1, NULL, "a slice of the argument")
    CANNOT("uri_host_type", 1, NULL, "a name from a fixed list")
    CANNOT("uri_port", 1, NULL, "a slice of the argument")
    CANNOT("uri_path", 1, NULL, "a slice of the argument")
    CANNOT("uri_query", 1, NULL, "a slice of the argument")
    CANNOT("uri_fragment", 1, NULL, "a slice of the argument")
    CANNOT("uri_relative", 2, NULL, "shorter than the target, or the target itself")
    CANNOT("uri_normalize", 1, NULL, "at most 2 bytes longer than the argument (a \"/.\" or a \"/\" before the path)")
    CANNOT("uri_normalize", 2, NULL, "at most 2 bytes longer than the argument (a \"/.\" or a \"/\" before the path)")
    CANNOT("uri_to_iri", 1, NULL, "never longer than the argument")
    CANNOT("uri_components", MODULE, "scheme", "a slice of the argument")
    CANNOT("uri_components", MODULE, "userinfo", "a slice of the argument")
    CANNOT("uri_components", MODULE, "host", "a slice of the argument")
    CANNOT("uri_components", MODULE, "host_type", "a name from a fixed list")
    CANNOT("uri_components", MODULE, "port", "a slice of the argument")
    CANNOT("uri_components", MODULE, "path", "a slice of the argument")
    CANNOT("uri_components", MODULE, "query", "a slice of the argument")
    CANNOT("uri_components", MODULE, "fragment", "a slice of the argument")
    CANNOT("uri_components", MODULE, "input", "the argument as given")
    /* deceptive.c: a label decoded (46 bytes of Punycode, 120 of UTF-8),
       prototypes longer than their sources, a userinfo percent-encoded */
    FN("url_display_host", 1, 1, "SELECT url_display_host(" PUNY ")")
    FN("url_display_host", 2, 1, "SELECT url_display_host(" PUNY ", 'example.com')")
    FN("url_display_host", 3, 1, "SELECT url_display_host(" PUNY ", NULL, '17.0')")
    FN("url_skeleton", 1, 0, "SELECT url_skeleton(" FDFA30 ")")
    FN("url_skeleton", 2, 0, "SELECT url_skeleton(" FDFA30 ", 'uts39')")
    FN("url_skeleton", 3, 0, "SELECT url_skeleton(" FDFA30 ", 'uts39', '17.0')")
    CANNOT("url_restriction_level", 1, NULL, "a level's name")
    CANNOT("url_restriction_level", 2, NULL, "a level's name")
    CANNOT("url_deceptions", MODULE, "reason", "a reason's name")
    CANNOT("url_deceptions", MODULE, "part", "a part's name")
    COLSQL("url_deceptions", "detail", 0,
           "SELECT detail FROM url_deceptions('http://' || " E30 " || '@a/')")
    COLSQL("url_deceptions", "looks_like", 0,
           "SELECT looks_like FROM url_deceptions('http://%78' || substr(" PUNY
           ", 2) || '/') WHERE reason = 'mapped-host'")
    CANNOT("url_deceptions", MODULE, "description", "a sentence of the reason's")
    CANNOT("url_deceptions", MODULE, "input", "the argument as given")
    CANNOT("url_deceptions", MODULE, "targets", "the argument as given")
    CANNOT("url_deceptions", MODULE, "version", "the argument as given")
};
#define N_CASES ((int)(sizeof cases / sizeof cases[0]))

/* ------------------------------------------------------------- running */

static int verbose;

/* The outcome of one run: an error code, or the one value it gave. */
typedef struct outcome {
  int rc;      /* SQLITE_OK or the error */
  char *msg;   /* the error message */
  int type;    /* the value's type */
  char *bytes; /* its text (or integer as text) */
  size_t n;
} outcome;

static void outcome_free(outcome *o) {
  free(o->msg);
  free(o->bytes);
}

static int same_value(const outcome *a, const outcome *b) {
  return a->rc == SQLITE_OK && b->rc == SQLITE_OK && a->type == b->type &&
         a->n == b->n && memcmp(a->bytes, b->bytes, a->n) == 0;
}

static outcome run(sqlite3 *db, const char *sql, int limit) {
  outcome o = {SQLITE_OK, NULL, SQLITE_NULL, NULL, 0};
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, limit);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  int rows = 0;
  while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    rc = SQLITE_OK;
    if (rows++) continue;
    o.type = sqlite3_column_type(st, 0);
    const void *p = sqlite3_column_text(st, 0);
    o.n = (size_t)sqlite3_column_bytes(st, 0);
    o.bytes = malloc(o.n + 1);
    if (p && o.n) memcpy(o.bytes, p, o.n);
    o.bytes[o.n] = 0;
  }
  if (rc == SQLITE_DONE) rc = SQLITE_OK;
  if (rc != SQLITE_OK) o.msg = strdup(sqlite3_errmsg(db));
  sqlite3_finalize(st);
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000000);
  if (rc == SQLITE_OK && rows != 1) {
    rc = SQLITE_MISMATCH; /* not one row: the row itself is wrong */
    o.msg = strdup("not exactly one row");
  }
  o.rc = rc;
  return o;
}

static int toobig(const outcome *o) {
  return o->rc == SQLITE_TOOBIG && o->msg &&
         strstr(o->msg, "string or blob too big");
}

static void show(const char *what, const outcome *o) {
  if (o->rc != SQLITE_OK) {
    printf("  %s: error %d: %s\n", what, o->rc, ext_show(o->msg));
  } else {
    printf("  %s: %s of %zu bytes: %.200s\n", what,
           o->type == SQLITE_NULL ? "NULL" : "value", o->n, o->bytes);
  }
}

static void run_case(sqlite3 *db, const limit_case *c) {
  outcome want = run(db, c->sql, 1000000000);
  if (!ext_check(want.rc == SQLITE_OK && want.type != SQLITE_NULL,
                 "%s: without a limit", c->sql)) {
    show("got", &want);
    outcome_free(&want);
    return;
  }
  int ok = 1, star = 0;
  /* From SMALL: SQLite's own functions that build the inputs (printf)
     give NULL rather than an error for results over the limit. */
  for (int lim = SMALL; lim <= 100000 && ok; lim++) {
    outcome o = run(db, c->sql, lim);
    if (same_value(&o, &want)) {
      star = lim;
    } else if (!toobig(&o)) {
      ok = ext_check(0, "%s: at limit %d neither the result nor too big",
                     c->sql, lim);
      show("got", &o);
      show("want", &want);
    }
    outcome_free(&o);
    if (star) break;
  }
  if (ok && star) { /* and it stays the result above L* */
    for (int lim = star + 1; lim <= star + 3 && ok; lim++) {
      outcome o = run(db, c->sql, lim);
      ok = ext_check(same_value(&o, &want), "%s: fails at limit %d after L* %d",
                     c->sql, lim, star);
      outcome_free(&o);
    }
  }
  if (ok) {
    ext_check(star > SMALL, "%s: L* %d is not over %d: it tests no growth",
              c->sql, star, SMALL);
    if (c->exact)
      ext_check(star == (int)want.n, "%s: L* %d, but the result is %zu bytes",
                c->sql, star, want.n);
  }
  if (verbose) printf("  L* %4d (result %4zu): %.110s\n", star, want.n, c->sql);
  outcome_free(&want);
}

/* A url_psl_load refused as too big leaves the list in use. */
static void check_psl_load_atomic(sqlite3 *db) {
  outcome before = run(db, "SELECT url_psl_info()", 1000000000);
  outcome o = run(db,
                  "SELECT url_psl_load('/usr/share/publicsuffix/"
                  "public_suffix_list.dat')",
                  SMALL);
  outcome after = run(db, "SELECT url_psl_info()", 1000000000);
  ext_check(toobig(&o) && same_value(&before, &after),
            "url_psl_load refused as too big changed the list: %s",
            ext_show(after.bytes));
  outcome_free(&before);
  outcome_free(&o);
  outcome_free(&after);
}

/*
** A connection whose limit is small from the start: misuse errors stay
** errors (cut to fit), not out of memory.  A table-valued function cannot
** be declared when its declaration is longer than the limit (as SQLite's
** own json_each cannot): that is an error that says so.
*/
static void check_small_limit_connection(const char *so) {
  static const struct {
    const char *sql;
    int rc;
    const char *want; /* the value, or the start of the error message */
  } checks[] = {
      {"SELECT url_href('http://A/')", SQLITE_OK, "http://a/"},
      {"SELECT url_set('http://a/', 'bogus', 'x')", SQLITE_ERROR,
       "url_set: unknown component 'bogus'"},
      {"SELECT url_encode('x', 'bogus')", SQLITE_ERROR,
       "url_encode: unknown percent-encode"},
      {"SELECT url_psl_load('/nonexistent/list.dat')", SQLITE_ERROR,
       "url_psl_load: cannot load"},
      {"SELECT hostname FROM url_components('http://a.b/')", SQLITE_ERROR,
       "url_components: string or blob too big"},
      {"SELECT value FROM url_search_params('?k=v')", SQLITE_ERROR,
       "url_search_params: string or blob too big"},
  };
  sqlite3 *db = ext_open(so);
  if (!ext_check(db != NULL, "small limit: cannot open")) return;
  for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
    outcome o = run(db, checks[i].sql, 50);
    const char *got = o.rc == SQLITE_OK ? o.bytes : o.msg;
    ext_check(o.rc == checks[i].rc && got &&
                  (o.rc == SQLITE_OK ? strcmp(got, checks[i].want) == 0
                                     : strncmp(got, checks[i].want,
                                               strlen(checks[i].want)) == 0),
              "limit 50: %s: rc %d: %s", checks[i].sql, o.rc, ext_show(got));
    outcome_free(&o);
  }
  sqlite3_close(db);
}

/* ------------------------------------------------------------ coverage */

static int has_row(const char *fn, int n_arg, const char *column) {
  for (int i = 0; i < N_CASES; i++)
    if (strcmp(cases[i].fn, fn) == 0 && cases[i].n_arg == n_arg &&
        (!column || strcmp(cases[i].column, column) == 0))
      return 1;
  return 0;
}

/* Every registered function has a row, and every column of every
   table-valued function. */
static void check_coverage(sqlite3 *db) {
  ext_fn *fns;
  int n = ext_registry(db, &fns);
  if (!ext_check(n > 0, "cannot list the registered functions")) return;
  for (int i = 0; i < n; i++) {
    if (!fns[i].module) {
      ext_check(has_row(fns[i].name, fns[i].n_arg, NULL),
                "%s (nArg %d) has no row in ext_limits_test.c's cases[]",
                fns[i].name, fns[i].n_arg);
      continue;
    }
    char *sql = sqlite3_mprintf(
        "SELECT name FROM pragma_table_xinfo(%Q)", fns[i].name);
    sqlite3_stmt *st;
    int cols = 0;
    if (sql && sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
      while (sqlite3_step(st) == SQLITE_ROW) {
        const char *col = (const char *)sqlite3_column_text(st, 0);
        cols++;
        ext_check(has_row(fns[i].name, MODULE, col),
                  "%s column %s has no row in ext_limits_test.c's cases[]",
                  fns[i].name, col);
      }
      sqlite3_finalize(st);
    }
    sqlite3_free(sql);
    ext_check(cols > 0, "%s: no columns", fns[i].name);
  }
  free(fns);
}

int main(int argc, char **argv) {
  verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
  const char *so = ext_so_path(argv[0]);
  check_small_limit_connection(so); /* first: a fresh connection */
  sqlite3 *db = ext_open(so);
  if (!db) return 1;
  check_coverage(db);
  int statements = 0, reasons = 0;
  for (int i = 0; i < N_CASES; i++) {
    if (cases[i].sql) {
      run_case(db, &cases[i]);
      statements++;
    } else {
      reasons++;
    }
  }
  check_psl_load_atomic(db);
  printf("limits: %d statements too big below their L* (every limit from %d "
         "up), %d columns that cannot grow\n",
         statements, SMALL, reasons);
  sqlite3_close(db);
  return ext_summary();
}
