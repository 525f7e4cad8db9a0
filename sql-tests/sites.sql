-- Public Suffix List functions: url_public_suffix(input),
-- url_registrable_domain(input), url_same_origin(a, b), url_same_site(a, b),
-- url_psl_info(), url_psl_load(path).  Convention: sql-tests/README.md.
-- Expectations: the URL Standard's public suffix / registrable domain table
-- (host section), the Public Suffix List as Debian's `publicsuffix` package
-- ships it (rules used here have been in it for years), HTML's same site.

-- The Standard's example table, every row (bare hosts: parsed as hosts).
INSERT INTO checks VALUES ('std com ps', url_public_suffix('com'), 'com');
INSERT INTO checks VALUES ('std com rd', url_registrable_domain('com'), NULL);
INSERT INTO checks VALUES ('std example.com ps', url_public_suffix('example.com'), 'com');
INSERT INTO checks VALUES ('std example.com rd', url_registrable_domain('example.com'), 'example.com');
INSERT INTO checks VALUES ('std www ps', url_public_suffix('www.example.com'), 'com');
INSERT INTO checks VALUES ('std www rd', url_registrable_domain('www.example.com'), 'example.com');
INSERT INTO checks VALUES ('std sub.www ps', url_public_suffix('sub.www.example.com'), 'com');
INSERT INTO checks VALUES ('std sub.www rd', url_registrable_domain('sub.www.example.com'), 'example.com');
INSERT INTO checks VALUES ('std upper ps', url_public_suffix('EXAMPLE.COM'), 'com');
INSERT INTO checks VALUES ('std upper rd', url_registrable_domain('EXAMPLE.COM'), 'example.com');
INSERT INTO checks VALUES ('std dot ps', url_public_suffix('example.com.'), 'com.');
INSERT INTO checks VALUES ('std dot rd', url_registrable_domain('example.com.'), 'example.com.');
INSERT INTO checks VALUES ('std github.io ps', url_public_suffix('github.io'), 'github.io');
INSERT INTO checks VALUES ('std github.io rd', url_registrable_domain('github.io'), NULL);
INSERT INTO checks VALUES ('std whatwg ps', url_public_suffix('whatwg.github.io'), 'github.io');
INSERT INTO checks VALUES ('std whatwg rd', url_registrable_domain('whatwg.github.io'), 'whatwg.github.io');
INSERT INTO checks VALUES ('std arabic ps', url_public_suffix('إختبار'), 'xn--kgbechtv');
INSERT INTO checks VALUES ('std arabic rd', url_registrable_domain('إختبار'), NULL);
INSERT INTO checks VALUES ('std example.arabic ps', url_public_suffix('example.إختبار'), 'xn--kgbechtv');
INSERT INTO checks VALUES ('std example.arabic rd', url_registrable_domain('example.إختبار'), 'example.xn--kgbechtv');
INSERT INTO checks VALUES ('std sub.arabic ps', url_public_suffix('sub.example.إختبار'), 'xn--kgbechtv');
INSERT INTO checks VALUES ('std sub.arabic rd', url_registrable_domain('sub.example.إختبار'), 'example.xn--kgbechtv');
INSERT INTO checks VALUES ('std ipv6 ps', url_public_suffix('[2001:0db8:85a3:0000:0000:8a2e:0370:7334]'), NULL);
INSERT INTO checks VALUES ('std ipv6 rd', url_registrable_domain('[2001:0db8:85a3:0000:0000:8a2e:0370:7334]'), NULL);

-- Not domains: IPv4 (any form), IPv6, opaque, empty, no host, failures.
INSERT INTO checks VALUES ('ipv4 ps', url_public_suffix('0.0.0.0'), NULL);
INSERT INTO checks VALUES ('ipv4 rd', url_registrable_domain('0.0.0.0'), NULL);
INSERT INTO checks VALUES ('ipv4 hex', url_registrable_domain('0x7f.1'), NULL);
INSERT INTO checks VALUES ('ipv4 hex url', url_registrable_domain('http://0xC0.0250.1/'), NULL);
INSERT INTO checks VALUES ('ipv4 integer', url_public_suffix(3232235777), NULL);
INSERT INTO checks VALUES ('ipv6 loopback', url_public_suffix('[::1]'), NULL);
INSERT INTO checks VALUES ('ipv6 url', url_registrable_domain('http://[::1]:8080/'), NULL);
INSERT INTO checks VALUES ('opaque host', url_registrable_domain('foo://example.com/'), NULL);
INSERT INTO checks VALUES ('opaque host ps', url_public_suffix('foo://example.com/'), NULL);
INSERT INTO checks VALUES ('no host', url_registrable_domain('mailto:someone@example.com'), NULL);
INSERT INTO checks VALUES ('empty file host', url_registrable_domain('file:///etc/hosts'), NULL);
INSERT INTO checks VALUES ('file domain host', url_registrable_domain('file://www.example.com/x'), 'example.com');
INSERT INTO checks VALUES ('null ps', url_public_suffix(NULL), NULL);
INSERT INTO checks VALUES ('null rd', url_registrable_domain(NULL), NULL);
INSERT INTO checks VALUES ('empty input', url_registrable_domain(''), NULL);
INSERT INTO checks VALUES ('bad host', url_registrable_domain('a b.com'), NULL);
INSERT INTO checks VALUES ('bad url', url_registrable_domain('https://exa mple.com/'), NULL);
-- A host with a port is not a host, and "host:port" parses as a URL whose
-- scheme is the host: NULL (write https://host:port instead).
INSERT INTO checks VALUES ('host:port', url_registrable_domain('www.example.com:8080'), NULL);

-- URLs: of their host; credentials, ports, paths do not matter.
INSERT INTO checks VALUES ('url', url_registrable_domain('https://www.example.com/a?b#c'), 'example.com');
INSERT INTO checks VALUES ('url creds port', url_registrable_domain('https://user:pw@www.example.co.uk:8443/x'), 'example.co.uk');
INSERT INTO checks VALUES ('url creds port ps', url_public_suffix('https://user:pw@www.example.co.uk:8443/x'), 'co.uk');
INSERT INTO checks VALUES ('url upper', url_registrable_domain('HTTP://WWW.EXAMPLE.COM'), 'example.com');
INSERT INTO checks VALUES ('url pct', url_registrable_domain('http://www.ex%61mple.com/'), 'example.com');
INSERT INTO checks VALUES ('url ws', url_registrable_domain('wss://chat.example.org/socket'), 'example.org');
INSERT INTO checks VALUES ('url blob', url_registrable_domain('blob:https://a.example.com/uuid'), NULL);

-- Wildcard and exception rules: *.ck !www.ck, *.kawasaki.jp !city.kawasaki.jp.
INSERT INTO checks VALUES ('ck ps', url_public_suffix('a.b.ck'), 'b.ck');
INSERT INTO checks VALUES ('ck rd', url_registrable_domain('a.b.ck'), 'a.b.ck');
INSERT INTO checks VALUES ('ck wildcard only', url_registrable_domain('b.ck'), NULL);
INSERT INTO checks VALUES ('ck exception ps', url_public_suffix('www.ck'), 'ck');
INSERT INTO checks VALUES ('ck exception rd', url_registrable_domain('sub.www.ck'), 'www.ck');
INSERT INTO checks VALUES ('kawasaki ps', url_public_suffix('foo.kawasaki.jp'), 'foo.kawasaki.jp');
INSERT INTO checks VALUES ('kawasaki rd', url_registrable_domain('bar.foo.kawasaki.jp'), 'bar.foo.kawasaki.jp');
INSERT INTO checks VALUES ('kawasaki exception ps', url_public_suffix('www.city.kawasaki.jp'), 'kawasaki.jp');
INSERT INTO checks VALUES ('kawasaki exception rd', url_registrable_domain('www.city.kawasaki.jp'), 'city.kawasaki.jp');
INSERT INTO checks VALUES ('unlisted tld', url_registrable_domain('www.example.zz'), 'example.zz');
INSERT INTO checks VALUES ('private section', url_registrable_domain('https://foo.blogspot.com/'), 'foo.blogspot.com');

-- Trailing dots: one is removed for the lookup and put back.
INSERT INTO checks VALUES ('dot com.', url_public_suffix('com.'), 'com.');
INSERT INTO checks VALUES ('dot com. rd', url_registrable_domain('com.'), NULL);
INSERT INTO checks VALUES ('dot co.uk.', url_registrable_domain('https://www.example.co.uk./'), 'example.co.uk.');
INSERT INTO checks VALUES ('dot ck.', url_public_suffix('a.b.ck.'), 'b.ck.');
INSERT INTO checks VALUES ('dot two ps', url_public_suffix('example.com..'), '.');
INSERT INTO checks VALUES ('dot two rd', url_registrable_domain('example.com..'), 'com..');
INSERT INTO checks VALUES ('empty label', url_registrable_domain('a..example.com'), 'example.com');

-- IDN hosts: results in the host's ASCII (xn--) form, as the Standard's.
INSERT INTO checks VALUES ('idn de', url_registrable_domain('münchen.de'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('idn de url', url_registrable_domain('https://www.MÜNCHEN.de/'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('idn de unicode', url_domain_to_unicode(url_registrable_domain('https://www.münchen.de/')), 'münchen.de');
INSERT INTO checks VALUES ('idn jp', url_registrable_domain('例え.jp'), 'xn--r8jz45g.jp');
INSERT INTO checks VALUES ('idn cn suffix', url_public_suffix('https://テスト.公司.cn/'), 'xn--55qx5d.cn');
INSERT INTO checks VALUES ('idn punycode in', url_registrable_domain('www.xn--mnchen-3ya.de'), 'xn--mnchen-3ya.de');

-- Same origin: scheme, host and port; opaque origins never.
INSERT INTO checks VALUES ('so same', url_same_origin('https://example.com/a', 'https://example.com/b?q#f'), 1);
INSERT INTO checks VALUES ('so default port', url_same_origin('https://example.com', 'https://example.com:443/'), 1);
INSERT INTO checks VALUES ('so credentials', url_same_origin('https://u:p@example.com/', 'https://example.com/'), 1);
INSERT INTO checks VALUES ('so port', url_same_origin('https://example.com:8443', 'https://example.com'), 0);
INSERT INTO checks VALUES ('so scheme', url_same_origin('http://example.com', 'https://example.com'), 0);
INSERT INTO checks VALUES ('so subdomain', url_same_origin('https://a.example.com', 'https://b.example.com'), 0);
INSERT INTO checks VALUES ('so ipv4 forms', url_same_origin('http://127.0.0.1/', 'http://0x7f.1/'), 1);
INSERT INTO checks VALUES ('so blob', url_same_origin('blob:https://example.com/uuid', 'https://example.com/'), 1);
INSERT INTO checks VALUES ('so data', url_same_origin('data:,x', 'data:,x'), 0);
INSERT INTO checks VALUES ('so file', url_same_origin('file:///a', 'file:///a'), 0);
INSERT INTO checks VALUES ('so opaque host', url_same_origin('foo://example.com/', 'foo://example.com/'), 0);
INSERT INTO checks VALUES ('so null', url_same_origin(NULL, 'https://example.com'), NULL);
INSERT INTO checks VALUES ('so invalid', url_same_origin('https://example.com', 'not a url'), NULL);

-- Same site: same scheme and schemelessly same site.
INSERT INTO checks VALUES ('ss subdomains', url_same_site('https://a.example.com', 'https://b.example.com/x'), 1);
INSERT INTO checks VALUES ('ss ports', url_same_site('https://example.com:8443', 'https://www.example.com'), 1);
INSERT INTO checks VALUES ('ss schemes', url_same_site('http://example.com', 'https://example.com'), 0);
INSERT INTO checks VALUES ('ss ws http', url_same_site('ws://example.com', 'http://example.com'), 0);
INSERT INTO checks VALUES ('ss other domain', url_same_site('https://example.com', 'https://example.org'), 0);
INSERT INTO checks VALUES ('ss public suffix', url_same_site('https://a.github.io', 'https://b.github.io'), 0);
INSERT INTO checks VALUES ('ss suffix itself', url_same_site('https://github.io/a', 'https://github.io/b'), 1);
INSERT INTO checks VALUES ('ss co.uk', url_same_site('https://a.co.uk', 'https://b.co.uk'), 0);
INSERT INTO checks VALUES ('ss wildcard', url_same_site('https://a.b.ck', 'https://c.b.ck'), 0);
INSERT INTO checks VALUES ('ss exception', url_same_site('https://www.ck', 'https://x.www.ck'), 1);
INSERT INTO checks VALUES ('ss ip', url_same_site('http://127.0.0.1', 'http://127.0.0.1:8080'), 1);
INSERT INTO checks VALUES ('ss ip differ', url_same_site('http://127.0.0.1', 'http://127.0.0.2'), 0);
INSERT INTO checks VALUES ('ss ipv6', url_same_site('http://[::1]', 'http://[0::1]:81'), 1);
INSERT INTO checks VALUES ('ss idn', url_same_site('https://münchen.de', 'https://www.xn--mnchen-3ya.de'), 1);
INSERT INTO checks VALUES ('ss trailing dot', url_same_site('https://example.com', 'https://example.com./'), 0);
INSERT INTO checks VALUES ('ss blob', url_same_site('blob:https://a.example.com/uuid', 'https://b.example.com'), 1);
INSERT INTO checks VALUES ('ss data', url_same_site('data:,x', 'data:,x'), 0);
INSERT INTO checks VALUES ('ss opaque host', url_same_site('foo://example.com', 'foo://example.com'), 0);
INSERT INTO checks VALUES ('ss opaque vs tuple', url_same_site('foo://example.com', 'https://example.com'), 0);
INSERT INTO checks VALUES ('ss null', url_same_site('https://example.com', NULL), NULL);
INSERT INTO checks VALUES ('ss invalid', url_same_site('https://example.com', 'example.com'), NULL);

-- Recipe: top registrable domains of a table of URLs.
CREATE TEMP TABLE visits(url TEXT);
INSERT INTO visits VALUES ('https://www.example.com/a'), ('https://shop.example.com/b'),
  ('http://example.com:8080/'), ('https://a.github.io/'), ('https://b.github.io/'),
  ('https://www.example.co.uk/'), ('mailto:x@example.com'), ('not a url'),
  ('https://[::1]/'), ('https://news.example.co.uk/today');
INSERT INTO checks VALUES ('recipe top domains',
  (SELECT group_concat(d || '=' || n, ' ') FROM (
     SELECT url_registrable_domain(url) AS d, count(*) AS n FROM visits
      WHERE d IS NOT NULL GROUP BY d ORDER BY n DESC, d LIMIT 3)),
  'example.com=3 example.co.uk=2 a.github.io=1');

-- url_psl_info: a JSON description of the list in use.
INSERT INTO checks VALUES ('info json', json_valid(url_psl_info()), 1);
INSERT INTO checks VALUES ('info source', url_psl_info() ->> '$.source' IN ('built-in', 'file'), 1);
INSERT INTO checks VALUES ('info libpsl', url_psl_info() ->> '$.libpsl' LIKE '0.%', 1);
-- Flags (pragma_function_list.flags): SQLITE_DETERMINISTIC 0x800,
-- SQLITE_DIRECTONLY 0x80000, SQLITE_INNOCUOUS 0x200000.
INSERT INTO checks VALUES ('flags info',
  (SELECT group_concat(flags) FROM pragma_function_list WHERE name = 'url_psl_info'), '0');
INSERT INTO checks VALUES ('flags load',
  (SELECT group_concat(flags) FROM pragma_function_list WHERE name = 'url_psl_load'), '524288');
INSERT INTO checks VALUES ('flags pure',
  (SELECT group_concat(DISTINCT flags & 0x280800) FROM pragma_function_list
    WHERE name IN ('url_public_suffix', 'url_registrable_domain', 'url_same_origin', 'url_same_site')),
  '2099200');
-- url_public_suffix and url_registrable_domain: (input) and (input, section).
INSERT INTO checks VALUES ('flags pure count',
  (SELECT count(*) FROM pragma_function_list
    WHERE name IN ('url_public_suffix', 'url_registrable_domain', 'url_same_origin', 'url_same_site')), 6);

-- url_psl_load of Debian's text list: counts known.
INSERT INTO checks VALUES ('load dat format',
  url_psl_load('/usr/share/publicsuffix/public_suffix_list.dat') ->> '$.format', 'text');
INSERT INTO checks VALUES ('load dat rules', url_psl_info() ->> '$.rules' > 5000, 1);
INSERT INTO checks VALUES ('load dat path', url_psl_info() ->> '$.path', '/usr/share/publicsuffix/public_suffix_list.dat');
INSERT INTO checks VALUES ('load dat date', url_psl_info() ->> '$.date' GLOB '20[0-9][0-9]-[01][0-9]-[0-3][0-9]T*Z', 1);
INSERT INTO checks VALUES ('load dat answers', url_registrable_domain('a.b.ck'), 'a.b.ck');
INSERT INTO checks VALUES ('load dat lookup', url_psl_info() ->> '$.lookup', 'table');
INSERT INTO checks VALUES ('load dat table bytes', url_psl_info() ->> '$.table_bytes' > 100000, 1);
-- ... and of its DAFSA form: counted from its words (libpsl says -1), the
-- same counts as the text form Debian made it from.
CREATE TEMP TABLE dat_counts AS SELECT url_psl_info() ->> '$.rules' || ',' ||
  (url_psl_info() ->> '$.exceptions') || ',' || (url_psl_info() ->> '$.wildcards') AS c;
INSERT INTO checks VALUES ('load dafsa format',
  url_psl_load('/usr/share/publicsuffix/public_suffix_list.dafsa') ->> '$.format', 'dafsa');
INSERT INTO checks VALUES ('load dafsa rules', url_psl_info() ->> '$.rules' || ',' ||
  (url_psl_info() ->> '$.exceptions') || ',' || (url_psl_info() ->> '$.wildcards'),
  (SELECT c FROM dat_counts));
INSERT INTO checks VALUES ('load dafsa answers', url_registrable_domain('whatwg.github.io'), 'whatwg.github.io');
INSERT INTO checks VALUES ('load dafsa lookup', url_psl_info() ->> '$.lookup', 'table');

-- A small list written here (a file per sqlite3 process, removed at the end
-- of the file): its rules answer, not the system's.
CREATE TEMP TABLE psl_file AS SELECT '/tmp/sqlite-url-psl-test-' ||
  CAST((SELECT data FROM fsdir('/proc/self')) AS TEXT) || '.dat' AS path;
CREATE TEMP TABLE psl_text AS SELECT replace(
  '// test list|// ===BEGIN ICANN DOMAINS===|test|co.test|*.wild.test|!keep.wild.test|公司.test|// ===END ICANN DOMAINS===|',
  '|', char(10)) AS t;
INSERT INTO checks VALUES ('small write',
  (SELECT writefile(path, (SELECT t FROM psl_text)) FROM psl_file),
  (SELECT length(CAST(t AS BLOB)) FROM psl_text));
INSERT INTO checks VALUES ('small load',
  (SELECT url_psl_load(path) ->> '$.rules' FROM psl_file), 4);
INSERT INTO checks VALUES ('small info path',
  (SELECT url_psl_info() ->> '$.path' = path FROM psl_file), 1);
INSERT INTO checks VALUES ('small info counts',
  url_psl_info() ->> '$.exceptions' || ',' || (url_psl_info() ->> '$.wildcards'), '1,1');
INSERT INTO checks VALUES ('small rule', url_registrable_domain('www.example.co.test'), 'example.co.test');
INSERT INTO checks VALUES ('small wildcard', url_public_suffix('a.b.wild.test'), 'b.wild.test');
INSERT INTO checks VALUES ('small exception', url_registrable_domain('x.keep.wild.test'), 'keep.wild.test');
INSERT INTO checks VALUES ('small idn rule', url_public_suffix('a.公司.test'), 'xn--55qx5d.test');
-- Rules of the system list are gone: only the "*" rule for them.
INSERT INTO checks VALUES ('small not co.uk', url_registrable_domain('www.example.co.uk'), 'co.uk');
INSERT INTO checks VALUES ('small not github.io', url_same_site('https://a.github.io', 'https://b.github.io'), 1);
INSERT INTO checks VALUES ('small not ck', url_registrable_domain('a.b.ck'), 'b.ck');

-- NULL in, NULL out; the list in use stays.
INSERT INTO checks VALUES ('load null', url_psl_load(NULL), NULL);
INSERT INTO checks VALUES ('load null keeps the list', url_public_suffix('a.b.wild.test'), 'b.wild.test');

-- Back to the system's newest list.
INSERT INTO checks VALUES ('reload dafsa',
  url_psl_load('/usr/share/publicsuffix/public_suffix_list.dafsa') ->> '$.source', 'file');
INSERT INTO checks VALUES ('reload answers', url_registrable_domain('www.example.co.uk'), 'example.co.uk');
.system exec env -u LD_PRELOAD rm -f "/tmp/sqlite-url-psl-test-$PPID.dat"

-- Errors (each in a fresh connection).
-- error: url_psl_load: cannot load '/nonexistent-dir/list.dat': No such file or directory
SELECT url_psl_load('/nonexistent-dir/list.dat');
-- error: url_psl_load: cannot load '/tmp': not a regular file
SELECT url_psl_load('/tmp');
-- error: url_psl_load: cannot load '/dev/null': not a regular file
SELECT url_psl_load('/dev/null');
-- Files that are not Public Suffix Lists.
-- error: url_psl_load: cannot load '/etc/passwd': not a public suffix list (no rules in an ICANN section: // ===BEGIN ICANN DOMAINS===)
SELECT url_psl_load('/etc/passwd');
-- error: url_psl_load: cannot load '/tmp/sqlite-url-psl-404.html': not a public suffix list (no rules in an ICANN section
CREATE TEMP TABLE w AS SELECT writefile('/tmp/sqlite-url-psl-404.html', '<html><head><title>404 Not Found</title></head><body>Not Found</body></html>' || char(10)); SELECT url_psl_load('/tmp/sqlite-url-psl-404.html');
-- error: url_psl_load: the path is empty
SELECT url_psl_load('');
-- error: unsafe use of url_psl_load()
CREATE VIEW v AS SELECT url_psl_load('/usr/share/publicsuffix/public_suffix_list.dat'); SELECT * FROM v;
-- error: wrong number of arguments to function url_registrable_domain()
SELECT url_registrable_domain('a', 'all', 'b');
-- error: wrong number of arguments to function url_same_site()
SELECT url_same_site('https://a');
-- error: wrong number of arguments to function url_psl_info()
SELECT url_psl_info(1);
