/*
** The growth section's cases, shared by bench.c (BENCH_ONLY=growth: time)
** and growth_count.c (`make growth-count`: callgrind's instruction count).
** Each is an SQL expression over `a`, an adversarial argument made by SQL
** from its size ?1: R(u) is u repeated to about ?1 bytes.  Add a function
** with one line here.
*/
#ifndef GROWTH_CASES_H
#define GROWTH_CASES_H

typedef struct growth_case {
  const char *label, *arg, *expr;
} growth_case;

#define R(u) "replace(hex(zeroblob(?1 / length(" u "))), '00', " u ")"
static const growth_case GROWTH[] = {
    {"url_href dot segments", "'https://a/' || " R("'./'"), "url_href(a)"},
    {"url_href ../ segments", "'https://a/' || " R("'b/../'"), "url_href(a)"},
    {"url_href many labels", "'https://' || " R("'a.'") " || 'com/'", "url_href(a)"},
    {"url_href many params", "'https://a/?' || " R("'a=b&'"), "url_href(a)"},
    {"url_href percent", "'https://a/' || " R("'%zz%41'"), "url_href(a)"},
    {"url_resolve long rel", R("'../x/'"), "url_resolve('https://a/b/c', a)"},
    {"url_valid_string", "'https://a/' || " R("'^ '"), "url_valid_string(a)"},
    {"url_domain_to_ascii labels", R("'\xc3\xa9.'"), "url_domain_to_ascii(a)"},
    {"url_domain_to_unicode", R("'xn--9ca.'"), "url_domain_to_unicode(a)"},
    {"url_registrable_domain", "'https://' || " R("'a.'") " || 'co.uk/'", "url_registrable_domain(a)"},
    {"url_subdomain", "'https://' || " R("'a.'") " || 'co.uk/'", "url_subdomain(a)"},
    {"url_surt labels+params", "'https://' || " R("'a.'") " || 'com/?' || " R("'b=1&a=2&'"), "url_surt(a)"},
    {"url_canonical params", "'https://a.com/?' || " R("'utm_x=1&b=2&'"), "url_canonical(a)"},
    {"url_strip_params", "'https://a.com/?' || " R("'utm_x=1&b=2&'"), "url_strip_params(a)"},
    {"url_search_params_sort", "'https://a/?' || " R("'b=1&a=2&'"), "url_search_params_sort(a)"},
    {"url_search_param last", "'https://a/?' || " R("'b=1&'") " || 'z=9'", "url_search_param(a, 'z')"},
    {"url_search_param_set", "'https://a/?' || " R("'b=1&'"), "url_search_param_set(a, 'b', 'x')"},
    {"url_search_param_delete", "'https://a/?' || " R("'b=1&c=2&'"), "url_search_param_delete(a, 'b')"},
    {"url_set pathname", R("'a/'"), "url_set('https://a/', 'pathname', a)"},
    {"url_encode", R("'\xc3\xa9 /'"), "url_encode(a)"},
    {"url_decode", R("'%C3%A9%2'"), "url_decode(a)"},
    {"url_file_extension", "'https://a/' || " R("'a.b'"), "url_file_extension(a)"},
    {"url_pattern_test long input", "'https://a/' || " R("'ab/'"), "url_pattern_test('https://a/:x/*', a)"},
    {"url_pattern_test regexp input", "'https://a/' || " R("'aa'") " || 'c'", "url_pattern_test('https://a/:x(a*b)', a)"},
    {"url_pattern_test object input", "'{\"pathname\": \"/' || " R("'a/'") " || '\"}'", "url_pattern_test('{\"pathname\": \"/:x/*\"}', a)"},
    {"url_pattern_test many groups", "'https://a/' || " R("'/:g'"), "url_pattern_test(a, 'https://a/x')"},
    {"url_pattern_test long class", "'https://a/:x([' || " R("'\\x41'") " || '])'", "url_pattern_test(a, 'https://a/A')"},
    {"url_pattern_test deep nesting", "'https://a/:x(' || " R("'(?:'") " || ')'", "url_pattern_test(a, 'https://a/x')"},
    {"url_pattern_test backref", "'https://a/' || " R("'a'"), "url_pattern_test('https://a/:x((?<g>a+)\\k<g>b)', a)"},
    {"url_resolve shift_jis query", R("'\xe3\x81\x82\xc3\xa9 '"), "url_resolve('https://a/', '?' || a, 'shift_jis')"},
    {"url_href iso-2022-jp query", R("'\xe3\x81\x82" "a\xc3\xa9'"), "url_href('https://a/?' || a, NULL, 'iso-2022-jp')"},
    {"url_encode gb18030 form", R("'\xe4\xbd\xa0 \xf0\x9f\x98\x80'"), "url_encode(a, 'form', 'gb18030')"},
    {"url_decode gbk", R("'%C4%E3%BA'"), "url_decode(a, 'form', 'gbk')"},
    {"url_text_decode big5", R("'\xa4\x40\x81'"), "url_text_decode(CAST(a AS BLOB), 'big5')"},
    {"url_text_encode euc-jp", R("'\xe3\x81\x82\xe2\x82\xac'"), "url_text_encode(a, 'euc-jp')"},
    {"url_search_params gbk", "'https://a/?' || " R("'%C4%E3=%BA&'"), "(SELECT count(*) FROM url_search_params(a, 'gbk'))"},
    {"url_links many attributes", "'<a ' || " R("'b=1 '") " || 'href=x>'", "(SELECT count(*) FROM url_links(a, 'https://a/'))"},
    {"url_links many links", R("'<a href=x?\xc3\xa9>'"), "(SELECT count(*) FROM url_links(a, 'https://a/', 'windows-1252'))"},
    {"url_links deep nesting", R("'<svg><template><div>'"), "(SELECT count(*) FROM url_links(a, 'https://a/'))"},
    {"url_links srcset candidates", "'<img srcset=\"' || " R("'a.png 1x,'") " || '\">'", "(SELECT count(*) FROM url_links(a, 'https://a/'))"},
    {"url_links unterminated comment", "'<!--' || " R("'<a href=x>'"), "(SELECT count(*) FROM url_links(a, 'https://a/'))"},
    {"url_html_encoding late meta", R("'<p>'") " || '<meta charset=gbk>'", "url_html_encoding(a)"},
    {"url_pattern_exec rows", "'https://a/' || " R("'ab/'"), "(SELECT count(*) FROM url_pattern_exec('https://a/:x/*', a))"},
    {"url_display_host many labels", "'https://' || " R("'xn--mnchen-3ya.'") " || 'de/'", "url_display_host(a)"},
    {"url_display_host one long label", "'https://' || " R("'\xc3\xbc'") " || '.de/'", "url_display_host(a)"},
    {"url_display_host top domains", "'https://' || " R("'xn--mnchen-3ya.'") " || 'de/'", "url_display_host(a, 'munchen.de' || char(10) || 'example.com')"},
    {"url_display_host long top domains", R("'brand.com\n'"), "url_display_host('xn--mnchen-3ya.de', a)"},
    {"url_skeleton marks", R("'\xd0\xb0\xcc\x81'"), "url_skeleton(a)"},
    {"url_restriction_level mixed", R("'\xd0\xb0" "a'"), "url_restriction_level(a)"},
    {"url_deceptions many labels", "'https://' || " R("'a.'") " || 'com/'", "(SELECT count(*) FROM url_deceptions(a))"},
    {"url_deceptions IDN labels", "'https://u@' || " R("'xn--mnchen-3ya.'") " || 'de/'", "(SELECT count(*) FROM url_deceptions(a, 'example.com'))"},
    {"url_deceptions long targets", R("'brand.com\n'"), "(SELECT count(*) FROM url_deceptions('https://brand.co/', a))"},
};
#undef R

#endif
