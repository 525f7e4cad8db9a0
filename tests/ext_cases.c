/*
** Representative statements for every function (see ext_cases.h).
*/
#include "ext_cases.h"

/* One row per kind of input; url, base, host, text per row. */
const char ext_fixture[] =
    "CREATE TEMP TABLE inputs(url, base, host, text);"
    "INSERT INTO inputs VALUES"
    " ('https://user:pw@example.com:8080/a/../b?x=1&y=2#frag', NULL,"
    "  'EXAMPLE.com', 'a b&c'),"
    " ('https://Bücher.example/ä?ö=ü&k=é#ñ', 'https://base.example/',"
    "  'münchen.de', 'café au lait+%C3%A9'),"
    " ('https://a.example/p?' || replace(printf('%.150c', '&'), '&',"
    "  'k=v%20é&'), NULL, 'xn--mnchen-3ya.de.', printf('%.3000c', 'é')),"
    " ('../rel?q=1#h', 'https://b.example/dir/page', '[0:0::1]', x'ff61ff'),"
    " ('http://[::1]:80/', 'http://x/', '0x7f.1', '%zz%41'),"
    " ('http://exa mple/', 'not a base', 'a b', NULL),"
    " (NULL, NULL, NULL, '');";

/* 63 component, value pairs (SQLite's default limit is 127 arguments);
   the 64th setter is a second url_set around the first. */
#define PAIRS7                                                          \
  "'protocol','http', 'username','ü s', 'password','p@ss', "           \
  "'hostname','Bücher.example', 'port','8080', 'pathname','/a b/ä', " \
  "'search','?q=é', "
#define PAIRS9 PAIRS7 "'hash','#f g', 'host','xn--mnchen-3ya.de:81', "
#define SET64                                                            \
  "SELECT url_set(url_set(url, " PAIRS9 PAIRS9 PAIRS9 PAIRS9 PAIRS9 PAIRS9 \
  PAIRS7 "'href','https://z.example/'), 'hash', 'end') FROM inputs"

const ext_case ext_cases[] = {
    {"url_version", 0, "SELECT url_version()"},
    {"url_parse_host", 1, "SELECT url_parse_host(host) FROM inputs"},
    {"url_parse_host", 2, "SELECT url_parse_host(text, 1) FROM inputs"},
    {"url_domain_to_unicode", 1,
     "SELECT url_domain_to_unicode(url_parse_host(host)) FROM inputs"},
    {"url_domain_to_ascii", 1, "SELECT url_domain_to_ascii(host) FROM inputs"},
    {"url_domain_to_ascii", 2,
     "SELECT url_domain_to_ascii(host, 'idna2008') FROM inputs"},
    {"url_domain_to_unicode", 2,
     "SELECT url_domain_to_unicode(url_parse_host(host), 'idna2008') FROM inputs"},
    {"url_idna2008_error", 1,
     "SELECT url_idna2008_error(url), url_idna2008_error(host) FROM inputs"},
    {"url_href", 1, "SELECT url_href(url) FROM inputs"},
    {"url_href", 2, "SELECT url_href(url, base) FROM inputs"},
    {"url_href", 2, "SELECT url_href(url, 'https://c.example/d/') FROM inputs"},
    {"url_protocol", 1, "SELECT url_protocol(url) FROM inputs"},
    {"url_protocol", 2, "SELECT url_protocol(url, base) FROM inputs"},
    {"url_username", 1, "SELECT url_username(url) FROM inputs"},
    {"url_username", 2, "SELECT url_username(url, base) FROM inputs"},
    {"url_password", 1, "SELECT url_password(url) FROM inputs"},
    {"url_password", 2, "SELECT url_password(url, base) FROM inputs"},
    {"url_host", 1, "SELECT url_host(url) FROM inputs"},
    {"url_host", 2, "SELECT url_host(url, base) FROM inputs"},
    {"url_hostname", 1, "SELECT url_hostname(url) FROM inputs"},
    {"url_hostname", 2, "SELECT url_hostname(url, base) FROM inputs"},
    {"url_port", 1, "SELECT url_port(url) FROM inputs"},
    {"url_port", 2, "SELECT url_port(url, base) FROM inputs"},
    {"url_port_number", 1, "SELECT url_port_number(url) FROM inputs"},
    {"url_port_number", 2, "SELECT url_port_number(url, base) FROM inputs"},
    {"url_pathname", 1, "SELECT url_pathname(url) FROM inputs"},
    {"url_pathname", 2, "SELECT url_pathname(url, base) FROM inputs"},
    {"url_search", 1, "SELECT url_search(url) FROM inputs"},
    {"url_search", 2, "SELECT url_search(url, base) FROM inputs"},
    {"url_hash", 1, "SELECT url_hash(url) FROM inputs"},
    {"url_hash", 2, "SELECT url_hash(url, base) FROM inputs"},
    {"url_resolve", 2, "SELECT url_resolve(url, base) FROM inputs"},
    {"url_resolve", 2, "SELECT url_resolve(url, 'https://c.example/d/') FROM inputs"},
    {"url_origin", 1, "SELECT url_origin(url) FROM inputs"},
    {"url_origin", 2, "SELECT url_origin(url, base) FROM inputs"},
    {"url_valid", 1, "SELECT url_valid(url) FROM inputs"},
    {"url_valid", 2, "SELECT url_valid(url, base) FROM inputs"},
    {"url_valid_string", 1, "SELECT url_valid_string(url) FROM inputs"},
    {"url_valid_string", 2, "SELECT url_valid_string(url, base) FROM inputs"},
    {"url_set", -1, "SELECT url_set(url, 'hostname', host, 'search', text) FROM inputs"},
    {"url_set", -1, SET64},
    {"url_search_param", 2, "SELECT url_search_param(url, 'k') FROM inputs"},
    {"url_search_param", 2, "SELECT url_search_param(text, 'a') FROM inputs"},
    {"url_search_param_append", 3,
     "SELECT url_search_param_append(url, 'n', text) FROM inputs"},
    {"url_search_param_set", 3,
     "SELECT url_search_param_set(url, 'k', text) FROM inputs"},
    {"url_search_param_delete", 2,
     "SELECT url_search_param_delete(url, 'k') FROM inputs"},
    {"url_search_param_delete", 3,
     "SELECT url_search_param_delete(url, 'x', '1') FROM inputs"},
    {"url_search_params_sort", 1, "SELECT url_search_params_sort(url) FROM inputs"},
    {"url_encode", 1, "SELECT url_encode(text) FROM inputs"},
    {"url_encode", 2, "SELECT url_encode(text, 'form'), url_encode(url, 'path') FROM inputs"},
    {"url_decode", 1, "SELECT url_decode(url_encode(text)) FROM inputs"},
    {"url_decode", 2, "SELECT url_decode(text, 'form') FROM inputs"},
    {"url_href", 3, "SELECT url_href(url, base, 'shift_jis') FROM inputs"},
    {"url_search", 3, "SELECT url_search(url, base, 'gbk') FROM inputs"},
    {"url_resolve", 3, "SELECT url_resolve(url, base, 'windows-1252') FROM inputs"},
    {"url_encode", 3, "SELECT url_encode(text, 'form', 'iso-2022-jp') FROM inputs"},
    {"url_decode", 3, "SELECT url_decode(text, 'form', 'gb18030') FROM inputs"},
    {"url_search_param_append", 4,
     "SELECT url_search_param_append(url, 'n', text, 'euc-kr') FROM inputs"},
    {"url_search_param_set", 4,
     "SELECT url_search_param_set(url, 'k', text, 'big5') FROM inputs"},
    {"url_search_param_delete", 4,
     "SELECT url_search_param_delete(url, 'x', '1', 'euc-jp') FROM inputs"},
    {"url_search_params_sort", 2, "SELECT url_search_params_sort(url, 'koi8-r') FROM inputs"},
    {"url_search_param", 3, "SELECT url_search_param(url, 'k', 'windows-1251') FROM inputs"},
    {"url_encoding", 1, "SELECT url_encoding(host), url_encoding('latin1') FROM inputs"},
    {"url_text_decode", 2,
     "SELECT url_text_decode(text, 'shift_jis'), url_text_decode(url, 'utf-16le') FROM inputs"},
    {"url_text_encode", 2, "SELECT url_text_encode(text, 'gbk') FROM inputs"},
    {"url_search_params", EXT_MODULE,
     "SELECT p.*, p.encoding FROM inputs AS i, url_search_params(i.url, 'gbk') AS p"},
    {"url_public_suffix", 1,
     "SELECT url_public_suffix(url), url_public_suffix(host) FROM inputs"},
    {"url_registrable_domain", 1,
     "SELECT url_registrable_domain(url), url_registrable_domain(host) FROM inputs"},
    {"url_public_suffix", 2, "SELECT url_public_suffix(url, 'icann') FROM inputs"},
    {"url_registrable_domain", 2,
     "SELECT url_registrable_domain(host, 'icann') FROM inputs"},
    {"url_subdomain", 1, "SELECT url_subdomain(url), url_subdomain(host) FROM inputs"},
    {"url_subdomain", 2, "SELECT url_subdomain(url, 'icann') FROM inputs"},
    {"url_tld", 1, "SELECT url_tld(url), url_tld(host) FROM inputs"},
    {"url_host_without_www", 1, "SELECT url_host_without_www(url) FROM inputs"},
    {"url_host_type", 1, "SELECT url_host_type(url), url_host_type(host) FROM inputs"},
    {"url_file_extension", 1, "SELECT url_file_extension(url) FROM inputs"},
    {"url_same_origin", 2, "SELECT url_same_origin(url, base) FROM inputs"},
    {"url_same_site", 2, "SELECT url_same_site(url, base) FROM inputs"},
    {"url_psl_info", 0, "SELECT url_psl_info()"},
    {"url_psl_load", 1,
     "SELECT url_psl_load('/usr/share/publicsuffix/public_suffix_list.dat')"
     " ->> '$.format', url_registrable_domain('a.b.example.co.uk')"},
    {"url_components", EXT_MODULE,
     "SELECT c.* FROM inputs AS i, url_components(i.url, i.base) AS c"},
    {"url_components", EXT_MODULE,
     "SELECT c.*, c.input FROM inputs AS i, url_components(i.url) AS c"},
    {"url_search_params", EXT_MODULE,
     "SELECT i.rowid, p.* FROM inputs AS i, url_search_params(i.url) AS p"},
    {"url_search_params", EXT_MODULE,
     "SELECT p.*, p.input FROM inputs AS i, url_search_params(i.text) AS p"},
    {"url_hierarchy", EXT_MODULE,
     "SELECT i.rowid, h.* FROM inputs AS i, url_hierarchy(i.url) AS h"},
    {"url_host_hierarchy", EXT_MODULE,
     "SELECT i.rowid, h.* FROM inputs AS i, url_host_hierarchy(i.host) AS h"},
    {"url_links", EXT_MODULE,
     "SELECT i.rowid, l.* FROM inputs AS i, url_links(i.text, i.url) AS l"},
    {"url_links", EXT_MODULE,
     "SELECT l.*, l.html FROM inputs AS i,"
     " url_links('<base href=' || i.text || '><a href=' || i.url || ' ping=\"a b\">"
     "<img srcset=\"' || i.url || ' 2x, b 1x\">', i.base, 'utf-8') AS l"},
    {"url_html_encoding", 1, "SELECT url_html_encoding(text) FROM inputs"},
    {"url_html_encoding", 2, "SELECT url_html_encoding(text, 'koi8-r') FROM inputs"},
    {"url_content_type_charset", 1,
     "SELECT url_content_type_charset(text),"
     " url_content_type_charset('text/html; charset=\"' || text || '\"') FROM inputs"},
    {"url_validation_errors", EXT_MODULE,
     "SELECT i.rowid, e.* FROM inputs AS i,"
     " url_validation_errors(i.url, i.base) AS e"},
    {"url_canonical", 1,
     "SELECT url_canonical(url), url_canonical(host), url_canonical(text) FROM inputs"},
    {"url_canonical", 2,
     "SELECT url_canonical(url, 'google'), url_canonical(url, 'aggressive'),"
     " url_canonical(text, 'semantic_precise'), url_canonical(url, 'whatwg') FROM inputs"},
    {"url_surt", 1, "SELECT url_surt(url), url_surt(host), url_surt(text) FROM inputs"},
    {"url_surt", 2,
     "SELECT url_surt(url, '{\"with_scheme\": true, \"public_suffix\": true}'),"
     " url_surt(url, '{\"canonicalizer\": \"aggressive\", \"heritrix\": true}')"
     " FROM inputs"},
    {"url_ssurt", 1, "SELECT url_ssurt(url) FROM inputs"},
    {"url_strip_params", -1,
     "SELECT url_strip_params(url, '@tracking', 'a*', 'q') FROM inputs"},
    {"url_pattern_test", 2,
     "SELECT url_pattern_test('https://*.example/:x', url),"
     " url_pattern_test('{\"pathname\": \"/:a/:b?\", \"ignoreCase\": true}', url),"
     " url_pattern_test('{\"pathname\": \"/' || rowid || '*\"}', url) FROM inputs"},
    {"url_pattern_test", 3,
     "SELECT url_pattern_test('[\"/dir/:p*\", \"https://b.example/\"]', url, base),"
     " url_pattern_test('https://b.example/:x', '{\"pathname\": \"/y\", \"baseURL\": \"https://b.example/\"}', NULL)"
     " FROM inputs"},
    {"url_pattern_has_regexp_groups", 1,
     "SELECT url_pattern_has_regexp_groups('[\"/:id(\\\\d+)\", \"https://a/\"]'),"
     " url_pattern_has_regexp_groups('{\"hostname\": \"{:x.}?a.example\"}')"},
    {"url_pattern_exec", EXT_MODULE,
     "SELECT i.rowid, e.* FROM inputs AS i, url_pattern_exec('https://*/:x*', i.url, i.base) AS e"},
    {"url_pattern_exec", EXT_MODULE,
     "SELECT e.*, e.pattern, e.url FROM inputs AS i,"
     " url_pattern_exec('{\"search\": \"k=:v&*\"}', i.url) AS e"},
    {"url_pattern_components", EXT_MODULE,
     "SELECT c.*, c.source FROM url_pattern_components("
     "'{\"hostname\": \"{:sub.}?example.com\", \"pathname\": \"/:id(\\\\d+)\"}') AS c"},
    {"url_lookup_expressions", EXT_MODULE,
     "SELECT i.rowid, e.*, e.input FROM inputs AS i, url_lookup_expressions(i.url) AS e"},
    {"url_referrer", EXT_MODULE,
     "SELECT i.rowid, r.*, r.referrer FROM inputs AS i, url_referrer(i.url, i.base) AS r"},
    {"url_referrer", EXT_MODULE,
     "SELECT r.*, r.page_url FROM inputs AS i,"
     " url_referrer('https://www.google.co.uk/search?q=' || i.text, i.url) AS r"},
    {"url_referrer_medium", 1, "SELECT url_referrer_medium(url) FROM inputs"},
    {"url_referrer_medium", 2, "SELECT url_referrer_medium(url, base) FROM inputs"},
    {"url_referrer_source", 1,
     "SELECT url_referrer_source('http://www.baidu.com/s?wd=' || text) FROM inputs"},
    {"url_referrer_source", 2, "SELECT url_referrer_source(url, base) FROM inputs"},
    {"url_traffic_source", EXT_MODULE,
     "SELECT i.rowid, t.*, t.referrer, t.page_url FROM inputs AS i,"
     " url_traffic_source(i.base, i.url || '&utm_campaign=' || i.text) AS t"},
    {"url_traffic_source", EXT_MODULE,
     "SELECT t.* FROM inputs AS i,"
     " url_traffic_source('https://www.google.co.uk/search?q=' || i.text, i.url) AS t"},
    {"url_channel", 1,
     "SELECT url_channel(url), url_channel(url || '&utm_source=' || text) FROM inputs"},
    {"url_channel", 2, "SELECT url_channel(base, url) FROM inputs"},
    {"url_robots_allowed", 3,
     "SELECT url_robots_allowed('User-agent: *' || char(10) || 'Disallow: /b'"
     " || char(10) || 'Allow: /*' || text || '$', 'bot', url),"
     " url_robots_allowed(text, host, url) FROM inputs"},
    {"url_robots_decision", 3,
     "SELECT url_robots_decision('user-agent: ' || host || char(13) ||"
     " 'disallow: /*?' || char(10) || 'allow: /a/index.html', host, url) FROM inputs"},
    {"url_robots_crawl_delay", 2,
     "SELECT url_robots_crawl_delay('user-agent: ' || host || char(10) ||"
     " 'crawl-delay: 1.5', host), url_robots_crawl_delay(text, 'x') FROM inputs"},
    {"url_robots_rules", EXT_MODULE,
     "SELECT r.*, r.robots_txt FROM inputs AS i, url_robots_rules('sitemap: ' ||"
     " i.url || char(10) || 'user-agent: ' || i.host || char(10) || 'disalow ' ||"
     " i.text || char(10) || i.text) AS r"},
    {"url_robots_url", 1,
     "SELECT url_robots_url(url), url_robots_url(text), url_robots_url(base) FROM inputs"},
    {"url_robots_verdict", EXT_MODULE,
     "SELECT v.*, v.robots_txt FROM inputs AS i, url_robots_verdict('user-agent: ' ||"
     " i.host || char(10) || 'disallow: /*' || i.text || char(10) || 'allow: /' ||"
     " i.text, i.host || '/1.0', i.url) AS v"},
    /* RFC 3986 / RFC 3987 (ext/uri.c) */
    {"uri_valid", 1, "SELECT uri_valid(url) FROM inputs"},
    {"uri_valid", 2, "SELECT uri_valid(url, 'IRI-reference'), uri_valid(text, 'relative-ref') FROM inputs"},
    {"uri_error", 1, "SELECT uri_error(url) FROM inputs"},
    {"uri_error", 2, "SELECT uri_error(text, 'IRI') FROM inputs"},
    {"uri_scheme", 1, "SELECT uri_scheme(url) FROM inputs"},
    {"uri_userinfo", 1, "SELECT uri_userinfo(url) FROM inputs"},
    {"uri_host", 1, "SELECT uri_host(url) FROM inputs"},
    {"uri_host_type", 1, "SELECT uri_host_type(url) FROM inputs"},
    {"uri_port", 1, "SELECT uri_port(url) FROM inputs"},
    {"uri_port_number", 1, "SELECT uri_port_number(url) FROM inputs"},
    {"uri_path", 1, "SELECT uri_path(url) FROM inputs"},
    {"uri_query", 1, "SELECT uri_query(url) FROM inputs"},
    {"uri_fragment", 1, "SELECT uri_fragment(url) FROM inputs"},
    {"uri_components", EXT_MODULE,
     "SELECT i.rowid, c.*, c.input FROM inputs AS i, uri_components(i.url) AS c"},
    {"uri_resolve", 2, "SELECT uri_resolve(url, base), uri_resolve('x/../y?q', url) FROM inputs"},
    {"uri_relative", 2, "SELECT uri_relative(url, base), uri_relative(url, 'https://b.example/dir/x') FROM inputs"},
    {"uri_normalize", 1, "SELECT uri_normalize(url) FROM inputs"},
    {"uri_normalize", 2, "SELECT uri_normalize(url, 'scheme') FROM inputs"},
    {"uri_equivalent", 2, "SELECT uri_equivalent(url, base) FROM inputs"},
    {"uri_equivalent", 3, "SELECT uri_equivalent(url, upper(url), 'scheme-nofragment') FROM inputs"},
    {"uri_encode", 1, "SELECT uri_encode(text) FROM inputs"},
    {"uri_encode", 2, "SELECT uri_encode(text, 'rfc3986-path'), uri_encode(CAST(text AS BLOB), 'form') FROM inputs"},
    {"uri_encode", 3, "SELECT uri_encode(text, 'query', 'shift_jis') FROM inputs"},
    {"uri_decode", 1, "SELECT uri_decode(text) FROM inputs"},
    {"uri_decode", 2, "SELECT uri_decode(uri_encode(text), 'legacy') FROM inputs"},
    {"uri_decode", 3, "SELECT uri_decode(uri_encode(text), 'all', 'gbk'), uri_decode(text, NULL, 'binary') FROM inputs"},
    {"uri_from_iri", 1, "SELECT uri_from_iri(url) FROM inputs"},
    {"uri_from_iri", 2, "SELECT uri_from_iri(url, 'idna') FROM inputs"},
    {"uri_to_iri", 1, "SELECT uri_to_iri(uri_from_iri(url)) FROM inputs"},
    {"uri_to_iri", 2, "SELECT uri_to_iri(uri_from_iri(url, 'idna'), 'idna') FROM inputs"},
    {"uri_from_url", 1, "SELECT uri_from_url(url) FROM inputs"},
    {"uri_set", -1, "SELECT uri_set(url, 'port', NULL, 'query', text), uri_set(url, 'path', '/' || text) FROM inputs"},
    {"url_display_host", 1,
     "SELECT url_display_host(url), url_display_host(host),"
     " url_display_host('xn--80ak6aa92e.com') FROM inputs"},
    {"url_display_host", 2,
     "SELECT url_display_host(host, 'munchen.de' || char(10) || text),"
     " url_display_host('https://xn--pypal-4ve.com/', 'paypal.com') FROM inputs"},
    {"url_display_host", 3,
     "SELECT url_display_host(host, NULL, '17.0') FROM inputs"},
    {"url_skeleton", 1, "SELECT url_skeleton(text), url_skeleton(host) FROM inputs"},
    {"url_skeleton", 2, "SELECT url_skeleton(text, 'uts39') FROM inputs"},
    {"url_skeleton", 3, "SELECT url_skeleton(host, 'chromium', '17.0') FROM inputs"},
    {"url_restriction_level", 1, "SELECT url_restriction_level(text) FROM inputs"},
    {"url_restriction_level", 2, "SELECT url_restriction_level(host, '17.0') FROM inputs"},
    {"url_deceptions", EXT_MODULE,
     "SELECT i.rowid, d.*, d.input FROM inputs AS i, url_deceptions(i.url) AS d"},
    {"url_deceptions", EXT_MODULE,
     "SELECT d.*, d.targets FROM inputs AS i,"
     " url_deceptions('https://' || i.host || '@xn--pypal-4ve.com;.x.example/',"
     " 'paypal.com' || char(10) || i.host, '16.0') AS d"},
};
const int ext_n_cases = (int)(sizeof ext_cases / sizeof ext_cases[0]);
