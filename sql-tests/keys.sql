-- url_canonical, url_surt, url_ssurt, url_strip_params and
-- url_lookup_expressions (ext/canon_funcs.c).  The conformance data
-- (urlcanon, the surt library, Safe Browsing) is checked by
-- tests/canon_test.c; these are the SQL surface: arguments, NULL, errors,
-- options, and docs/keys.md's examples and recipes.
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------- url_canonical
INSERT INTO checks VALUES ('canonical default is semantic',
  url_canonical('HTTP://www.Example.com:80/a/./b/../%7Ec?z=1&a=2#top'),
  'http://www.example.com/a/~c?a=2&z=1');
INSERT INTO checks VALUES ('canonical semantic explicit',
  url_canonical('HTTP://www.Example.com:80/a/./b/../%7Ec?z=1&a=2#top', 'semantic'),
  'http://www.example.com/a/~c?a=2&z=1');
INSERT INTO checks VALUES ('canonical semantic_precise keeps the fragment',
  url_canonical('http://ex.com/?b&a#x%2520y', 'semantic_precise'), 'http://ex.com/?a&b#x%20y');
INSERT INTO checks VALUES ('canonical whatwg is url_href',
  url_canonical('  HTTP://Ex.com/a b?z&a#f ', 'whatwg'), url_href('  HTTP://Ex.com/a b?z&a#f '));
INSERT INTO checks VALUES ('canonical whatwg no default scheme',
  url_canonical('example.com/x', 'whatwg'), NULL);
INSERT INTO checks VALUES ('canonical default scheme',
  url_canonical('example.com/x'), 'http://example.com/x');
INSERT INTO checks VALUES ('canonical google',
  url_canonical('http://host/%25%32%35', 'google'), 'http://host/%25');
INSERT INTO checks VALUES ('canonical google drops the fragment, keeps the port',
  url_canonical('http://www.GOOgle.com.../a//b?q#f', 'google'), 'http://www.google.com/a/b?q');
INSERT INTO checks VALUES ('canonical aggressive',
  url_canonical('https://www3.Example.com/A/?b=2&&a=1&utm_x=y', 'aggressive'),
  'http://example.com/a?a=1&b=2&utm_x=y');
INSERT INTO checks VALUES ('canonical aggressive session id',
  url_canonical('http://example.com/?a=1&PHPSESSID=9682993c8daa2c5497996114facdc805&foo=bar', 'aggressive'),
  'http://example.com/?a=1&foo=bar');
INSERT INTO checks VALUES ('canonical same key for spellings',
  (SELECT count(DISTINCT url_canonical(u)) FROM (
     SELECT 'http://example.com/%7Efoo?b=2&a=1' AS u UNION ALL
     SELECT 'HTTP://EXAMPLE.COM:80/~foo?a=1&b=2#top' UNION ALL
     SELECT 'example.com/./~foo?a=1&b=2' UNION ALL
     SELECT 'http://user:pw@example.com//~foo?%61=1&b=2')), 1);
INSERT INTO checks VALUES ('canonical idempotent',
  url_canonical(url_canonical('https://www.Ex.com/a/%2e%2E/b%252F/c//?z&y=%3d#f', 'aggressive'), 'aggressive'),
  url_canonical('https://www.Ex.com/a/%2e%2E/b%252F/c//?z&y=%3d#f', 'aggressive'));
-- Arguments: NULL, invalid, non-text.
INSERT INTO checks VALUES ('canonical NULL input', url_canonical(NULL), NULL);
INSERT INTO checks VALUES ('canonical NULL input with profile', url_canonical(NULL, 'google'), NULL);
-- A NULL profile is the default, 'semantic' (docs/conventions.md rule 2);
-- profile names are ASCII case-insensitive (rule 3).
INSERT INTO checks VALUES ('canonical NULL profile', url_canonical('http://a/?b&a', NULL), url_canonical('http://a/?b&a'));
INSERT INTO checks VALUES ('canonical profile case', url_canonical('https://www.A.com/x/', 'Aggressive'), 'http://a.com/x');
INSERT INTO checks VALUES ('canonical invalid', url_canonical('http://exa mple.com/'), NULL);
INSERT INTO checks VALUES ('canonical empty', url_canonical(''), NULL);
INSERT INTO checks VALUES ('canonical integer input', url_canonical(123), 'http://0.0.0.123/');
INSERT INTO checks VALUES ('canonical blob input', url_canonical(CAST('http://A.com/' AS BLOB)), 'http://a.com/');
INSERT INTO checks VALUES ('canonical invalid UTF-8',
  url_canonical(CAST(X'687474703A2F2F612E636F6D2F78FF' AS TEXT)), 'http://a.com/x%EF%BF%BD');
INSERT INTO checks VALUES ('canonical embedded NUL', url_canonical(CAST(X'687474703A2F2F61002E636F6D2F' AS TEXT)), NULL);
-- Relative references (what an href holds before it is resolved against its
-- page) have no key: no made-up host from "http://" + "../img/a.png".
INSERT INTO checks VALUES ('canonical relative ../', url_canonical('../img/a.png'), NULL);
INSERT INTO checks VALUES ('canonical relative /', url_canonical('/about'), NULL);
INSERT INTO checks VALUES ('canonical relative //', url_canonical('//example.com/x'), NULL);
INSERT INTO checks VALUES ('canonical relative \', url_canonical('\\example.com\x', 'google'), NULL);
INSERT INTO checks VALUES ('canonical relative ./', url_canonical('./a', 'semantic_precise'), NULL);
INSERT INTO checks VALUES ('canonical relative ?', url_canonical('?q=1', 'aggressive'), NULL);
INSERT INTO checks VALUES ('canonical relative #', url_canonical('#top'), NULL);
INSERT INTO checks VALUES ('canonical relative after spaces', url_canonical(' ' || char(9) || '/about'), NULL);
INSERT INTO checks VALUES ('canonical relative whatwg', url_canonical('/about', 'whatwg'), NULL);
INSERT INTO checks VALUES ('canonical relative resolved first',
  url_canonical(url_resolve('../img/a.png', 'https://example.com/docs/page')), 'https://example.com/img/a.png');
INSERT INTO checks VALUES ('canonical a dotted name is no relative reference', url_canonical('www.example.com./a'), 'http://www.example.com/a');
INSERT INTO checks VALUES ('surt relative', url_surt('../img/a.png'), NULL);
INSERT INTO checks VALUES ('surt relative /', url_surt('/about', '{"canonicalizer": "google"}'), NULL);
INSERT INTO checks VALUES ('ssurt relative', url_ssurt('/about'), NULL);
INSERT INTO checks VALUES ('lookup relative: no rows', (SELECT count(*) FROM url_lookup_expressions('/a/b.html')), 0);

-- Session ids (the aggressive profile: urlcanon's rules; url_surt: the
-- Wayback's).  A value is a session id only when long enough to be a
-- token; shorter ones, and ones with other characters, are kept.
INSERT INTO checks VALUES ('sid 16 alphanumerics: stripped',
  url_canonical('http://example.com/?sid=0123456789abcdef&x=1', 'aggressive'), 'http://example.com/?x=1');
INSERT INTO checks VALUES ('sid 15: kept',
  url_canonical('http://example.com/?sid=0123456789abcde&x=1', 'aggressive'), 'http://example.com/?sid=0123456789abcde&x=1');
INSERT INTO checks VALUES ('sid short: kept',
  url_canonical('http://example.com/?sid=12345&x=1', 'aggressive'), 'http://example.com/?sid=12345&x=1');
INSERT INTO checks VALUES ('phpsessid 16: stripped, any case',
  url_canonical('http://example.com/?PHPSESSID=0123456789abcdef', 'aggressive'), 'http://example.com/');
INSERT INTO checks VALUES ('sessionid with hyphens: kept',
  url_canonical('http://example.com/?sessionid=0123-4567-89ab-cdef', 'aggressive'), 'http://example.com/?sessionid=0123-4567-89ab-cdef');
INSERT INTO checks VALUES ('jsessionid 10: stripped',
  url_canonical('http://example.com/?jsessionid=0123456789', 'aggressive'), 'http://example.com/');
INSERT INTO checks VALUES ('jsessionid 9: kept',
  url_canonical('http://example.com/?jsessionid=012345678', 'aggressive'), 'http://example.com/?jsessionid=012345678');
INSERT INTO checks VALUES ('aspsessionid: stripped',
  url_canonical('http://example.com/?ASPSESSIONIDQQGGQGPW=0123456789abcdef', 'aggressive'), 'http://example.com/');
INSERT INTO checks VALUES ('cfid and cftoken: stripped',
  url_canonical('http://example.com/?cfid=123&cftoken=abc-1&x=1', 'aggressive'), 'http://example.com/?x=1');
INSERT INTO checks VALUES ('path ;jsessionid 32: stripped',
  url_canonical('http://example.com/x;jsessionid=0123456789abcdef0123456789abcdef', 'aggressive'), 'http://example.com/x');
INSERT INTO checks VALUES ('path ;jsessionid 16: kept',
  url_canonical('http://example.com/x;jsessionid=0123456789abcdef', 'aggressive'), 'http://example.com/x;jsessionid=0123456789abcdef');
INSERT INTO checks VALUES ('ASP.NET segment: stripped',
  url_canonical('http://example.com/(0123456789abcdefghijklmn)/default.aspx', 'aggressive'), 'http://example.com/default.aspx');
INSERT INTO checks VALUES ('other profiles keep session ids',
  url_canonical('http://example.com/?sid=0123456789abcdef'), 'http://example.com/?sid=0123456789abcdef');
INSERT INTO checks VALUES ('surt sid 32: stripped',
  url_surt('http://example.com/?sid=0123456789abcdef0123456789abcdef&x=1'), 'com,example)/?x=1');
INSERT INTO checks VALUES ('surt sid 16: kept',
  url_surt('http://example.com/?sid=0123456789abcdef&x=1'), 'com,example)/?sid=0123456789abcdef&x=1');
INSERT INTO checks VALUES ('profile as blob', url_canonical('HTTP://A/', CAST('google' AS BLOB)), url_canonical('HTTP://A/', 'google'));
-- error: url_canonical: unknown profile 'bogus' (expected one of: whatwg, google, semantic_precise, semantic, aggressive)
SELECT url_canonical('http://a/', 'bogus');
-- error: url_canonical: unknown profile 'Semantics'
SELECT url_canonical('http://a/', 'Semantics');
-- error: url_canonical: unknown profile '1'
SELECT url_canonical('http://a/', 1);
-- error: url_canonical: unknown profile
SELECT url_canonical(NULL, 'bogus');
-- error: wrong number of arguments to function url_canonical()
SELECT url_canonical();
-- error: wrong number of arguments to function url_canonical()
SELECT url_canonical('a', 'semantic', 'x');

-- ------------------------------------------------------------ url_surt
INSERT INTO checks VALUES ('surt issue example', url_surt('http://www.archive.org/goo/?b&a'), 'org,archive)/goo?a&b');
INSERT INTO checks VALUES ('surt default options', url_surt('http://archive.org/goo/?a=2&b&a=1', '{}'), 'org,archive)/goo?a=1&a=2&b');
INSERT INTO checks VALUES ('surt with_scheme', url_surt('http://www.example.com/', '{"with_scheme": true}'), 'http://(com,example)/');
INSERT INTO checks VALUES ('surt with_scheme false', url_surt('http://www.example.com/', '{"with_scheme": false}'), 'com,example)/');
INSERT INTO checks VALUES ('surt trailing_comma', url_surt('http://archive.org/goo/?a=2&b&a=1', '{"trailing_comma": true}'), 'org,archive,)/goo?a=1&a=2&b');
INSERT INTO checks VALUES ('surt trailing_comma with port', url_surt('https://www.example.com:8443/', '{"with_scheme": true, "trailing_comma": true}'), 'https://(com,example:8443,)/');
INSERT INTO checks VALUES ('surt host_massage false', url_surt('http://www.example.com/', '{"host_massage": false}'), 'com,example,www)/');
INSERT INTO checks VALUES ('surt reverse_ipaddr', url_surt('http://192.168.1.254/info/'), '254,1,168,192)/info');
INSERT INTO checks VALUES ('surt reverse_ipaddr false', url_surt('http://192.168.1.254/info/', '{"reverse_ipaddr": false}'), '192.168.1.254)/info');
INSERT INTO checks VALUES ('surt surt false', url_surt('http://www.example.com/A?X=Y', '{"surt": false, "with_scheme": true}'), 'http://example.com/a?x=y');
INSERT INTO checks VALUES ('surt public_suffix', url_surt('http://www.images.amazon.co.uk/x', '{"public_suffix": true}'), 'uk,co,amazon)/x');
INSERT INTO checks VALUES ('surt query_lowercase false', url_surt('http://example.com/foo?X=Y', '{"query_lowercase": false}'), 'com,example)/foo?X=Y');
INSERT INTO checks VALUES ('surt path_strip_empty', url_surt('http://archive.org/', '{"path_strip_empty": true}'), 'org,archive)');
INSERT INTO checks VALUES ('surt query_strip_empty false', url_surt('http://archive.org/goo/?', '{"query_strip_empty": false}'), 'org,archive)/goo?');
INSERT INTO checks VALUES ('surt query_alpha_reorder false', url_surt('http://archive.org/goo/?b&a', '{"query_alpha_reorder": false}'), 'org,archive)/goo?b&a');
INSERT INTO checks VALUES ('surt session id', url_surt('http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221'), 'org,archive)/index.php?action=profile;u=4221');
INSERT INTO checks VALUES ('surt canonicalizer semantic', url_surt('http://www.Example.com/b/?z&a#f', '{"canonicalizer": "semantic"}'), 'com,example,www)/b/?a&z');
INSERT INTO checks VALUES ('surt heritrix', url_surt('http://user:pass@foo.example.org:81/path?query#frag', '{"canonicalizer": "whatwg", "heritrix": true, "with_scheme": true, "trailing_comma": true}'), 'http://(org,example,foo,:81)/path?query#frag');
-- The heritrix layout alone is Heritrix's form (docs/keys.md's example): scheme
-- and trailing comma on, unless named false (urlcanon's other two forms).
INSERT INTO checks VALUES ('surt heritrix alone', url_surt('http://user:pass@foo.example.org:81/path', '{"heritrix": true}'), 'http://(org,example,foo,:81)/path');
INSERT INTO checks VALUES ('surt heritrix without scheme', url_surt('http://foo.example.org:81/path', '{"heritrix": true, "with_scheme": false}'), 'org,example,foo,:81)/path');
INSERT INTO checks VALUES ('surt heritrix without comma', url_surt('http://foo.example.org:81/path', '{"heritrix": true, "trailing_comma": false}'), 'http://(org,example,foo:81)/path');
INSERT INTO checks VALUES ('surt heritrix named first', url_surt('http://foo.example.org/', '{"with_scheme": false, "heritrix": true}'), 'org,example,foo,)/');
INSERT INTO checks VALUES ('surt heritrix IP', url_surt('http://10.1.2.3/x', '{"heritrix": true}'), 'http://(10.1.2.3)/x');
INSERT INTO checks VALUES ('surt cdx records', url_surt('') || ' ' || url_surt('filedesc:foo.arc.gz') || ' ' || url_surt('dns:archive.org') || ' ' || url_surt('warcinfo:foo.warc.gz'),
  '- filedesc:foo.arc.gz dns:archive.org warcinfo:foo.warc.gz');
INSERT INTO checks VALUES ('surt no scheme', url_surt('www.example.com/x'), 'com,example)/x');
INSERT INTO checks VALUES ('surt NULL', url_surt(NULL), NULL);
INSERT INTO checks VALUES ('surt NULL with options', url_surt(NULL, '{}'), NULL);
INSERT INTO checks VALUES ('surt NULL options', url_surt('http://www.a.com/', NULL), 'com,a)/');
INSERT INTO checks VALUES ('surt canonicalizer case', url_surt('http://www.a.com/B', '{"canonicalizer": "AGGRESSIVE"}'), url_surt('http://www.a.com/B', '{"canonicalizer": "aggressive"}'));
INSERT INTO checks VALUES ('surt canonicalizer ia case', url_surt('http://www.a.com/B', '{"canonicalizer": "IA"}'), url_surt('http://www.a.com/B', '{"canonicalizer": "ia"}'));
INSERT INTO checks VALUES ('surt invalid', url_surt('http://exa mple.com/'), NULL);
-- Options constant for the statement, over many rows.
CREATE TEMP TABLE surt_in(u TEXT);
INSERT INTO surt_in VALUES ('http://www.a.com/'), ('https://b.org/x/'), (NULL), ('http://bad host/');
INSERT INTO checks VALUES ('surt options over rows',
  (SELECT group_concat(coalesce(url_surt(u, '{"with_scheme": true}'), 'NULL'), ' ') FROM surt_in),
  'http://(com,a)/ https://(org,b)/x NULL NULL');
-- error: url_surt: unknown option "nope"; valid options: canonicalizer, surt, with_scheme
SELECT url_surt('http://a/', '{"nope": true}');
-- A JSON 0 or 1 is a boolean: json_object() writes 1=1 as 1 (and a real as 1.0).
INSERT INTO checks VALUES ('surt option 1', url_surt('http://www.example.com/', '{"with_scheme": 1}'), 'http://(com,example)/');
INSERT INTO checks VALUES ('surt option 0', url_surt('http://www.example.com/', '{"with_scheme": 0}'), 'com,example)/');
INSERT INTO checks VALUES ('surt option 1.0', url_surt('http://www.example.com/', '{"with_scheme": 1.0}'), 'http://(com,example)/');
INSERT INTO checks VALUES ('surt options from json_object',
  url_surt('http://www.example.com/A', json_object('with_scheme', 1=1, 'path_lowercase', 1=0)), 'http://(com,example)/A');
-- error: url_surt: option "with_scheme" must be true or false (or 1 or 0)
SELECT url_surt('http://a/', '{"with_scheme": 2}');
-- error: url_surt: option "with_scheme" must be true or false
SELECT url_surt('http://a/', '{"with_scheme": 1.5}');
-- error: url_surt: option "with_scheme" must be true or false
SELECT url_surt('http://a/', '{"with_scheme": -1}');
-- error: url_surt: option "with_scheme" must be true or false
SELECT url_surt('http://a/', '{"with_scheme": 10}');
-- error: url_surt: option "with_scheme" must be true or false
SELECT url_surt('http://a/', '{"with_scheme": 1e0}');
-- error: url_surt: option "with_scheme" must be true or false
SELECT url_surt('http://a/', '{"with_scheme": "true"}');
-- error: url_surt: option "canonicalizer" must be 'ia' or one of 'whatwg', 'google'
SELECT url_surt('http://a/', '{"canonicalizer": "x"}');
-- error: url_surt: option "canonicalizer" must be 'ia' or one of 'whatwg', 'google'
SELECT url_surt('http://a/', '{"canonicalizer": true}');
-- An unterminated string: the object is not JSON, whatever its member is.
-- error: url_surt: options are not valid JSON
SELECT url_surt('http://a/', '{"canonicalizer": "ia');
-- The options object as JSON has it: white space, escapes in names.
INSERT INTO checks VALUES ('surt options spaced',
  url_surt('http://www.example.com/', ' { "with_scheme" : false , "surt":true } '), 'com,example)/');
INSERT INTO checks VALUES ('surt options escaped name',
  url_surt('http://www.example.com/', '{"with\u005fscheme": true}'), 'http://(com,example)/');
INSERT INTO checks VALUES ('surt options empty object', url_surt('http://www.example.com/', '{}'), 'com,example)/');
-- error: url_surt: options must be a JSON object
SELECT url_surt('http://a/', '[]');
-- error: url_surt: options must be a JSON object
SELECT url_surt('http://a/', '');
-- error: url_surt: unknown option "With_Scheme"
SELECT url_surt('http://a/', '{"With_Scheme": true}');
-- error: url_surt: option "with_scheme" must be true or false
SELECT url_surt('http://a/', '{"with_scheme": null}');
-- error: url_surt: options are not valid JSON
SELECT url_surt('http://a/', '{"with_scheme": true} x');
-- error: url_surt: options are not valid JSON
SELECT url_surt('http://a/', '{"with_scheme": true,}');
-- error: url_surt: options are not valid JSON
SELECT url_surt('http://a/', '{"a\x": true}');
-- error: url_surt: options must be a JSON object
SELECT url_surt('http://a/', 'with_scheme');
-- error: url_surt: options must be a JSON object
SELECT url_surt('http://a/', 1);
-- error: url_surt: options are not valid JSON
SELECT url_surt('http://a/', '{"with_scheme": true');
-- error: url_surt: unknown option
SELECT url_surt(NULL, '{"nope": true}');
-- error: wrong number of arguments to function url_surt()
SELECT url_surt();

-- ----------------------------------------------------------- url_ssurt
INSERT INTO checks VALUES ('ssurt example', url_ssurt('http://user:pass@foo.example.org:81/path?query#frag'),
  'org,example,foo,//81:http@user:pass:/path?query#frag');
INSERT INTO checks VALUES ('ssurt no port, no userinfo', url_ssurt('http://foo.example.org/path?query#frag'),
  'org,example,foo,//http:/path?query#frag');
INSERT INTO checks VALUES ('ssurt IP', url_ssurt('http://10.1.2.3/'), '10.1.2.3//http:/');
INSERT INTO checks VALUES ('ssurt opaque', url_ssurt('screenshot:http://example.com/'), 'screenshot:http://example.com/');
INSERT INTO checks VALUES ('ssurt of a key', url_ssurt(url_canonical('www.Example.com/a?b#c')), 'com,example,www,//http:/a?b');
INSERT INTO checks VALUES ('ssurt NULL', url_ssurt(NULL), NULL);
INSERT INTO checks VALUES ('ssurt needs a scheme', url_ssurt('example.com'), NULL);
-- error: wrong number of arguments to function url_ssurt()
SELECT url_ssurt('a', 'b');

-- ---------------------------------------------------- url_strip_params
INSERT INTO checks VALUES ('strip tracking', url_strip_params('https://ex.com/?utm_source=a&id=7&fbclid=x#top', '@tracking'), 'https://ex.com/?id=7#top');
INSERT INTO checks VALUES ('strip names and globs', url_strip_params('https://ex.com/?a=1&sid=2&b=3&ab=4', 'sid', 'a*'), 'https://ex.com/?b=3');
INSERT INTO checks VALUES ('strip all: no ?', url_strip_params('https://ex.com/?utm_source=a&utm_medium=b', 'utm_*'), 'https://ex.com/');
INSERT INTO checks VALUES ('strip nothing: unchanged', url_strip_params('https://ex.com/?b=%20&a=1+2', 'c'), 'https://ex.com/?b=%20&a=1+2');
INSERT INTO checks VALUES ('strip keeps order and bytes', url_strip_params('https://ex.com/?z=%41&gclid=1&a=b+c', '@tracking'), 'https://ex.com/?z=%41&a=b+c');
INSERT INTO checks VALUES ('strip decoded names', url_strip_params('https://ex.com/?utm%5Fsource=a&x', 'utm_source'), 'https://ex.com/?x');
INSERT INTO checks VALUES ('strip case-sensitive', url_strip_params('https://ex.com/?UTM_SOURCE=a', '@tracking'), 'https://ex.com/?UTM_SOURCE=a');
INSERT INTO checks VALUES ('strip many patterns',
  url_strip_params('https://ex.com/?a&b&c&d&e&f&g&h&i&j&k', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), 'https://ex.com/?k');
INSERT INTO checks VALUES ('strip NULL input', url_strip_params(NULL, '@tracking'), NULL);
-- The first pattern is required: NULL gives NULL; a NULL further one is
-- one not given (docs/conventions.md rule 2).
INSERT INTO checks VALUES ('strip NULL pattern', url_strip_params('https://ex.com/?a', NULL), NULL);
INSERT INTO checks VALUES ('strip NULL further pattern', url_strip_params('https://ex.com/?a&b&c', 'a', NULL, 'c'), 'https://ex.com/?b');
INSERT INTO checks VALUES ('strip NULL patterns only further', url_strip_params('https://ex.com/?a&b', 'a', NULL, NULL), 'https://ex.com/?b');
INSERT INTO checks VALUES ('strip list name case', url_strip_params('https://ex.com/?utm_source=a&b', '@Tracking'), 'https://ex.com/?b');
INSERT INTO checks VALUES ('strip invalid', url_strip_params('http://exa mple.com/?a', 'a'), NULL);
INSERT INTO checks VALUES ('strip integer pattern', url_strip_params('https://ex.com/?1=a&2=b', 1), 'https://ex.com/?2=b');
-- error: url_strip_params: unknown parameter list '@foo' (expected: '@tracking')
SELECT url_strip_params('https://ex.com/?a', '@foo');
-- error: url_strip_params: unknown parameter list '@TRACKINGS'
SELECT url_strip_params(NULL, 'a', '@TRACKINGS');
-- error: url_strip_params: expected a URL and at least one parameter name pattern
SELECT url_strip_params('https://ex.com/?a');
-- error: url_strip_params: expected a URL and at least one parameter name pattern
SELECT url_strip_params();

-- ---------------------------------------------- url_lookup_expressions
INSERT INTO checks VALUES ('lookup schema',
  (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
     FROM (SELECT * FROM pragma_table_xinfo('url_lookup_expressions') ORDER BY cid)),
  'expression:TEXT:0,host:TEXT:0,path:TEXT:0,input::1');
INSERT INTO checks VALUES ('lookup issue example',
  (SELECT json_group_array(expression) FROM url_lookup_expressions('http://a.b.c/1/2.html?param=1')),
  json_array('a.b.c/1/2.html?param=1', 'a.b.c/1/2.html', 'a.b.c/', 'a.b.c/1/',
             'b.c/1/2.html?param=1', 'b.c/1/2.html', 'b.c/', 'b.c/1/'));
INSERT INTO checks VALUES ('lookup hosts and paths',
  (SELECT group_concat(host || ' ' || path, ' | ') FROM url_lookup_expressions('http://1.2.3.4/1/')),
  '1.2.3.4 /1/ | 1.2.3.4 /');
INSERT INTO checks VALUES ('lookup five hosts at most',
  (SELECT count(DISTINCT host) || ' ' || min(length(host) - length(replace(host, '.', ''))) || ' ' || count(*)
     FROM url_lookup_expressions('http://a.b.c.d.e.f.g/1.html')),
  '5 1 10');
INSERT INTO checks VALUES ('lookup google key: no port, no fragment',
  (SELECT group_concat(expression, ' ') FROM url_lookup_expressions('HTTP://Ex.COM:8080/a?b#c')),
  'ex.com/a?b ex.com/a ex.com/');
INSERT INTO checks VALUES ('lookup rowids',
  (SELECT group_concat(rowid) FROM url_lookup_expressions('http://a.b/c')), '1,2');
INSERT INTO checks VALUES ('lookup hidden input',
  (SELECT input FROM url_lookup_expressions('a.b') LIMIT 1), 'a.b');
INSERT INTO checks VALUES ('lookup NULL: no rows', (SELECT count(*) FROM url_lookup_expressions(NULL)), 0);
INSERT INTO checks VALUES ('lookup invalid: no rows', (SELECT count(*) FROM url_lookup_expressions('http://a b/')), 0);
INSERT INTO checks VALUES ('lookup no host: no rows', (SELECT count(*) FROM url_lookup_expressions('mailto:x@y')), 0);
-- error: url_lookup_expressions: missing input argument
SELECT * FROM url_lookup_expressions;
-- error: too many arguments on url_lookup_expressions() - max 1
SELECT * FROM url_lookup_expressions('a', 'b');

-- -------------------------------------------------------------- recipes
CREATE TEMP TABLE links(page_url TEXT, href TEXT);
INSERT INTO links VALUES
  ('https://example.com/blog/', 'post?id=1&utm_source=rss'),
  ('https://example.com/blog/', 'https://EXAMPLE.com/blog/post?utm_source=tw&id=1#comments'),
  ('https://example.com/', 'blog/./post?id=1'),
  ('https://example.com/', 'blog/post?id=2'),
  ('https://example.com/', 'http://exa mple.com/');
-- Deduplicate crawled links (the issue's recipe).
INSERT INTO checks VALUES ('recipe dedupe',
  (SELECT group_concat(key || ' ' || n, ' | ') FROM (
     SELECT url_canonical(url_resolve(href, page_url)) AS key, count(*) AS n, min(href)
       FROM links GROUP BY key HAVING key IS NOT NULL ORDER BY key)),
  'https://example.com/blog/post?id=1 1 | https://example.com/blog/post?id=1&utm_source=rss 1 | https://example.com/blog/post?id=1&utm_source=tw 1 | https://example.com/blog/post?id=2 1');
-- Strip tracking parameters before grouping.
INSERT INTO checks VALUES ('recipe strip then dedupe',
  (SELECT group_concat(key || ' ' || n, ' | ') FROM (
     SELECT url_canonical(url_strip_params(url_resolve(href, page_url), '@tracking')) AS key,
            count(*) AS n
       FROM links GROUP BY key HAVING key IS NOT NULL ORDER BY key)),
  'https://example.com/blog/post?id=1 3 | https://example.com/blog/post?id=2 1');
-- An index on the canonical key is used for lookups by key.
CREATE TEMP TABLE pages(url TEXT);
CREATE INDEX temp.pages_key ON pages(url_canonical(url));
INSERT INTO pages VALUES ('https://Example.com/a?b=1&a=2'), ('http://example.com/c');
INSERT INTO checks VALUES ('recipe index lookup',
  (SELECT url FROM pages WHERE url_canonical(url) = url_canonical('https://example.com/a?a=2&b=1#x')),
  'https://Example.com/a?b=1&a=2');
-- INDEXED BY fails the statement unless the planner can use the index.
INSERT INTO checks VALUES ('recipe index used',
  (SELECT url FROM pages INDEXED BY pages_key WHERE url_canonical(url) = 'http://example.com/c'),
  'http://example.com/c');
-- A CDX-style listing: SURT key, then the URL, sorted.
INSERT INTO checks VALUES ('recipe cdx',
  (SELECT group_concat(url_surt(u) || ' ' || u, ' | ') FROM (
     SELECT u FROM (SELECT 'http://www.b.com/x' AS u UNION ALL SELECT 'http://a.org/' UNION ALL SELECT 'https://b.com/')
      ORDER BY url_surt(u), u)),
  'com,b)/ https://b.com/ | com,b)/x http://www.b.com/x | org,a)/ http://a.org/');
-- Join against a Safe Browsing style blocklist of expressions.
CREATE TEMP TABLE blocklist(expression TEXT PRIMARY KEY);
INSERT INTO blocklist VALUES ('example.com/blog/'), ('evil.example/');
INSERT INTO checks VALUES ('recipe blocklist',
  (SELECT group_concat(DISTINCT l.href) FROM links AS l,
     url_lookup_expressions(url_resolve(l.href, l.page_url)) AS e
     JOIN blocklist AS b ON b.expression = e.expression),
  'post?id=1&utm_source=rss,https://EXAMPLE.com/blog/post?utm_source=tw&id=1#comments,blog/./post?id=1,blog/post?id=2');
