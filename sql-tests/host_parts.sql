-- Host parts (ext/host_parts.c): url_public_suffix / url_registrable_domain
-- with a section, url_subdomain, url_tld, url_host_without_www,
-- url_host_type; url_components' tld, subdomain and host_type columns.
-- Expectations: the URL Standard's host parser and its public suffix /
-- registrable domain, the Public Suffix List as Debian's `publicsuffix`
-- package ships it (github.io and blogspot.com in the private section,
-- *.ck / !www.ck), and the published examples of ClickHouse and BigQuery
-- where the semantics match (differences are stated where they occur).
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------- section 'icann'
-- Private-section suffixes: public under 'all' (the default, the
-- Standard's), ordinary names under 'icann'.
INSERT INTO checks VALUES ('icann github ps', url_public_suffix('whatwg.github.io', 'icann'), 'io');
INSERT INTO checks VALUES ('icann github rd', url_registrable_domain('whatwg.github.io', 'icann'), 'github.io');
INSERT INTO checks VALUES ('all github ps', url_public_suffix('whatwg.github.io', 'all'), 'github.io');
INSERT INTO checks VALUES ('all github rd', url_registrable_domain('whatwg.github.io', 'all'), 'whatwg.github.io');
INSERT INTO checks VALUES ('default github rd', url_registrable_domain('whatwg.github.io'), 'whatwg.github.io');
INSERT INTO checks VALUES ('icann github.io itself', url_registrable_domain('https://github.io/', 'icann'), 'github.io');
INSERT INTO checks VALUES ('all github.io itself', url_registrable_domain('https://github.io/', 'all'), NULL);
INSERT INTO checks VALUES ('icann blogspot ps', url_public_suffix('https://foo.blogspot.com/x', 'icann'), 'com');
INSERT INTO checks VALUES ('icann blogspot rd', url_registrable_domain('https://foo.blogspot.com/x', 'icann'), 'blogspot.com');
INSERT INTO checks VALUES ('all blogspot rd', url_registrable_domain('https://foo.blogspot.com/x', 'all'), 'foo.blogspot.com');
INSERT INTO checks VALUES ('icann blogspot.co.uk', url_registrable_domain('https://x.blogspot.co.uk/', 'icann'), 'blogspot.co.uk');
INSERT INTO checks VALUES ('all blogspot.co.uk', url_registrable_domain('https://x.blogspot.co.uk/', 'all'), 'x.blogspot.co.uk');
INSERT INTO checks VALUES ('icann s3', url_registrable_domain('https://b.s3.amazonaws.com/k', 'icann'), 'amazonaws.com');
INSERT INTO checks VALUES ('all s3', url_registrable_domain('https://b.s3.amazonaws.com/k', 'all'), 'b.s3.amazonaws.com');
-- ICANN rules, wildcards and exceptions answer as in the full list.
INSERT INTO checks VALUES ('icann co.uk', url_registrable_domain('https://www.example.co.uk/', 'icann'), 'example.co.uk');
INSERT INTO checks VALUES ('icann ck wildcard', url_public_suffix('a.b.ck', 'icann'), 'b.ck');
INSERT INTO checks VALUES ('icann ck exception', url_registrable_domain('sub.www.ck', 'icann'), 'www.ck');
INSERT INTO checks VALUES ('icann kawasaki', url_registrable_domain('www.city.kawasaki.jp', 'icann'), 'city.kawasaki.jp');
-- Not on the list: the "*" rule in both sections.  (BigQuery returns NULL
-- here: it has no "*" rule.  The Standard's algorithm has one, and
-- intranet names then group by their last two labels.)
INSERT INTO checks VALUES ('icann unlisted ps', url_public_suffix('http://server.corp.zz/', 'icann'), 'zz');
INSERT INTO checks VALUES ('icann unlisted rd', url_registrable_domain('http://server.corp.zz/', 'icann'), 'corp.zz');
INSERT INTO checks VALUES ('icann localhost', url_registrable_domain('http://localhost:8080/', 'icann'), NULL);
-- Trailing dots: one is ignored for the lookup and kept in the result.
INSERT INTO checks VALUES ('icann dot ps', url_public_suffix('whatwg.github.io.', 'icann'), 'io.');
INSERT INTO checks VALUES ('icann dot rd', url_registrable_domain('whatwg.github.io.', 'icann'), 'github.io.');
-- IDN: punycode out.
INSERT INTO checks VALUES ('icann idn', url_registrable_domain('https://sub.example.إختبار/', 'icann'), 'example.xn--kgbechtv');
-- Not domains: NULL under either section.
INSERT INTO checks VALUES ('icann ipv4', url_registrable_domain('http://0x7f.1/', 'icann'), NULL);
INSERT INTO checks VALUES ('icann ipv6', url_public_suffix('http://[::1]/', 'icann'), NULL);
INSERT INTO checks VALUES ('icann opaque', url_registrable_domain('foo://www.example.com/', 'icann'), NULL);
INSERT INTO checks VALUES ('icann file', url_registrable_domain('file:///etc/hosts', 'icann'), NULL);
-- NULL input or NULL section: NULL.
INSERT INTO checks VALUES ('icann null input', url_registrable_domain(NULL, 'icann'), NULL);
-- A NULL section is the default, 'all' (docs/conventions.md rule 2); names
-- are ASCII case-insensitive (rule 3).
INSERT INTO checks VALUES ('null section', url_registrable_domain('https://a.b.github.io/', NULL), 'b.github.io');
INSERT INTO checks VALUES ('null section ps', url_public_suffix('https://a.github.io/', NULL), 'github.io');
INSERT INTO checks VALUES ('null section sub', url_subdomain('https://a.b.github.io/', NULL), 'a');
INSERT INTO checks VALUES ('section case', url_public_suffix('https://a.github.io/', 'ICANN'), 'io');
INSERT INTO checks VALUES ('icann invalid', url_registrable_domain('https://exa mple.com/', 'icann'), NULL);
-- A constant section over many rows (the common case).
CREATE TEMP TABLE hosts(u TEXT);
INSERT INTO hosts VALUES ('https://a.github.io/'), ('https://b.github.io/x'),
  ('https://www.example.co.uk/'), ('http://127.0.0.1/'), (NULL), ('not a url');
INSERT INTO checks VALUES ('icann over rows',
  (SELECT group_concat(coalesce(url_registrable_domain(u, 'icann'), '-'), ' ') FROM hosts),
  'github.io github.io example.co.uk - - -');
INSERT INTO checks VALUES ('all over rows',
  (SELECT group_concat(coalesce(url_registrable_domain(u, 'all'), '-'), ' ') FROM hosts),
  'a.github.io b.github.io example.co.uk - - -');

-- BigQuery's NET.PUBLIC_SUFFIX / NET.REG_DOMAIN documentation example
-- (the ICANN section): its inputs with what this extension gives.
INSERT INTO checks VALUES ('bq empty', url_registrable_domain('', 'icann'), NULL);
INSERT INTO checks VALUES ('bq abc.xyz ps', url_public_suffix('http://abc.xyz', 'icann'), 'xyz');
INSERT INTO checks VALUES ('bq abc.xyz rd', url_registrable_domain('http://abc.xyz', 'icann'), 'abc.xyz');
INSERT INTO checks VALUES ('bq abc.xyz host', url_hostname('http://abc.xyz'), 'abc.xyz');
-- "//user:password@a.b:80/path?query": NULL / NULL in BigQuery (host a.b,
-- "b" on no list).  Here a scheme-relative reference is not a URL, nor a
-- host: NULL too, for that reason; with a scheme, the "*" rule applies.
INSERT INTO checks VALUES ('bq relative ps', url_public_suffix('//user:password@a.b:80/path?query', 'icann'), NULL);
INSERT INTO checks VALUES ('bq relative rd', url_registrable_domain('//user:password@a.b:80/path?query', 'icann'), NULL);
INSERT INTO checks VALUES ('bq relative with scheme', url_registrable_domain('http://user:password@a.b:80/path?query', 'icann'), 'a.b');
INSERT INTO checks VALUES ('bq ipv6 host', url_hostname('https://[::1]:80'), '[::1]');
INSERT INTO checks VALUES ('bq ipv6 ps', url_public_suffix('https://[::1]:80', 'icann'), NULL);
INSERT INTO checks VALUES ('bq ipv6 rd', url_registrable_domain('https://[::1]:80', 'icann'), NULL);
-- IDN: BigQuery answers in Unicode, the Standard in punycode (the host
-- serializer's output); url_domain_to_unicode gives BigQuery's answer.
INSERT INTO checks VALUES ('bq idn ps', url_public_suffix('http://例子.卷筒纸.中国', 'icann'), 'xn--fiqs8s');
INSERT INTO checks VALUES ('bq idn rd', url_registrable_domain('http://例子.卷筒纸.中国', 'icann'), 'xn--3lr804guic.xn--fiqs8s');
INSERT INTO checks VALUES ('bq idn ps unicode', url_domain_to_unicode(url_public_suffix('http://例子.卷筒纸.中国', 'icann')), '中国');
INSERT INTO checks VALUES ('bq idn rd unicode', url_domain_to_unicode(url_registrable_domain('http://例子.卷筒纸.中国', 'icann')), '卷筒纸.中国');
-- "    www.Example.Co.UK    ": BigQuery trims and keeps case (Co.UK /
-- Example.Co.UK).  A host has no spaces: NULL; trimmed, lowercase.
INSERT INTO checks VALUES ('bq spaces', url_registrable_domain('    www.Example.Co.UK    ', 'icann'), NULL);
INSERT INTO checks VALUES ('bq trimmed ps', url_public_suffix(trim('    www.Example.Co.UK    '), 'icann'), 'co.uk');
INSERT INTO checks VALUES ('bq trimmed rd', url_registrable_domain(trim('    www.Example.Co.UK    '), 'icann'), 'example.co.uk');
-- "mailto:?to=&subject=&body=": NULL / NULL in BigQuery (its host
-- "mailto"); a mailto: URL has no host: NULL.
INSERT INTO checks VALUES ('bq mailto ps', url_public_suffix('mailto:?to=&subject=&body=', 'icann'), NULL);
INSERT INTO checks VALUES ('bq mailto rd', url_registrable_domain('mailto:?to=&subject=&body=', 'icann'), NULL);
INSERT INTO checks VALUES ('bq mailto host', url_host_type('mailto:?to=&subject=&body='), NULL);

-- Misuse: the section name is checked, case-sensitively, whatever the
-- input (even NULL).
-- error: url_registrable_domain: unknown section 'private' (expected one of: all, icann)
SELECT url_registrable_domain('https://example.com/', 'private');
-- error: url_public_suffix: unknown section 'private' (expected one of: all, icann)
SELECT url_public_suffix('https://example.com/', 'private');
-- error: url_subdomain: unknown section '' (expected one of: all, icann)
SELECT url_subdomain(NULL, '');
-- error: url_registrable_domain: unknown section '1' (expected one of: all, icann)
SELECT url_registrable_domain('https://example.com/', 1);
-- error: wrong number of arguments to function url_tld()
SELECT url_tld('https://example.com/', 'icann');
-- error: wrong number of arguments to function url_subdomain()
SELECT url_subdomain();

-- -------------------------------------------------------------- url_tld
INSERT INTO checks VALUES ('tld', url_tld('https://www.example.co.uk/'), 'uk');
INSERT INTO checks VALUES ('tld upper', url_tld('HTTPS://WWW.EXAMPLE.COM'), 'com');
INSERT INTO checks VALUES ('tld trailing dot', url_tld('https://www.example.co.uk./'), 'uk');
INSERT INTO checks VALUES ('tld single label', url_tld('http://localhost:3000/'), 'localhost');
INSERT INTO checks VALUES ('tld single label dot', url_tld('http://localhost./'), 'localhost');
INSERT INTO checks VALUES ('tld two dots', url_tld('https://example.com../'), '');
INSERT INTO checks VALUES ('tld idn', url_tld('https://example.إختبار/'), 'xn--kgbechtv');
INSERT INTO checks VALUES ('tld punycode in', url_tld('https://example.XN--KGBECHTV/'), 'xn--kgbechtv');
INSERT INTO checks VALUES ('tld idn unicode', url_domain_to_unicode(url_tld('https://example.إختبار/')), 'إختبار');
INSERT INTO checks VALUES ('tld private', url_tld('https://whatwg.github.io/'), 'io');
INSERT INTO checks VALUES ('tld numeric-looking domain', url_tld('http://1.2.3.4.example/'), 'example');
INSERT INTO checks VALUES ('tld ipv4', url_tld('http://192.168.0.1/'), NULL);
INSERT INTO checks VALUES ('tld ipv4 hex', url_tld('http://0x7f.1/'), NULL);
INSERT INTO checks VALUES ('tld ipv4 integer', url_tld('http://3232235777/'), NULL);
INSERT INTO checks VALUES ('tld ipv4 octal dot', url_tld('http://0300.0250.1.1./'), NULL);
INSERT INTO checks VALUES ('tld ipv6', url_tld('http://[2001:db8::1]/'), NULL);
INSERT INTO checks VALUES ('tld opaque', url_tld('foo://www.example.com/'), NULL);
INSERT INTO checks VALUES ('tld file empty', url_tld('file:///etc/hosts'), NULL);
INSERT INTO checks VALUES ('tld file domain', url_tld('file://server.example.org/share'), 'org');
INSERT INTO checks VALUES ('tld no host', url_tld('mailto:a@example.com'), NULL);
INSERT INTO checks VALUES ('tld host input', url_tld('www.example.co.uk'), 'uk');
INSERT INTO checks VALUES ('tld host input ipv4', url_tld('10.0.0.1'), NULL);
INSERT INTO checks VALUES ('tld null', url_tld(NULL), NULL);
INSERT INTO checks VALUES ('tld invalid', url_tld('https://exa mple.com/'), NULL);
INSERT INTO checks VALUES ('tld empty', url_tld(''), NULL);
INSERT INTO checks VALUES ('tld blob', url_tld(X'68747470733A2F2F612E6F72672F'), 'org');
-- ClickHouse topLevelDomain's example: 'com' there, where any "x://host"
-- is split as text.  For the URL Standard svn+ssh: is not special, so
-- its host is opaque, not a domain: NULL.  With a special scheme: 'com'.
INSERT INTO checks VALUES ('ch topLevelDomain opaque', url_tld('svn+ssh://www.some.svn-hosting.com:80/repo/trunk'), NULL);
INSERT INTO checks VALUES ('ch topLevelDomain special', url_tld('https://www.some.svn-hosting.com:80/repo/trunk'), 'com');

-- -------------------------------------------------------- url_subdomain
INSERT INTO checks VALUES ('sub', url_subdomain('https://a.b.example.co.uk/'), 'a.b');
INSERT INTO checks VALUES ('sub www', url_subdomain('https://www.example.com/'), 'www');
INSERT INTO checks VALUES ('sub none', url_subdomain('https://example.co.uk/'), '');
INSERT INTO checks VALUES ('sub public suffix', url_subdomain('https://co.uk/'), NULL);
INSERT INTO checks VALUES ('sub trailing dot', url_subdomain('https://a.b.example.com./'), 'a.b');
INSERT INTO checks VALUES ('sub idn', url_subdomain('https://bücher.münchen.de/'), 'xn--bcher-kva');
INSERT INTO checks VALUES ('sub idn unicode', url_domain_to_unicode(url_subdomain('https://bücher.münchen.de/')), 'bücher');
INSERT INTO checks VALUES ('sub private all', url_subdomain('https://x.whatwg.github.io/'), 'x');
INSERT INTO checks VALUES ('sub private icann', url_subdomain('https://x.whatwg.github.io/', 'icann'), 'x.whatwg');
INSERT INTO checks VALUES ('sub private all explicit', url_subdomain('https://whatwg.github.io/', 'all'), '');
INSERT INTO checks VALUES ('sub github.io all', url_subdomain('https://github.io/'), NULL);
INSERT INTO checks VALUES ('sub github.io icann', url_subdomain('https://github.io/', 'icann'), '');
INSERT INTO checks VALUES ('sub ck wildcard', url_subdomain('https://x.a.b.ck/'), 'x');
INSERT INTO checks VALUES ('sub ck exception', url_subdomain('https://x.www.ck/'), 'x');
INSERT INTO checks VALUES ('sub ipv4', url_subdomain('http://0x7f.1/'), NULL);
INSERT INTO checks VALUES ('sub ipv6', url_subdomain('http://[::1]/'), NULL);
INSERT INTO checks VALUES ('sub opaque', url_subdomain('foo://www.example.com/'), NULL);
INSERT INTO checks VALUES ('sub file', url_subdomain('file:///x'), NULL);
INSERT INTO checks VALUES ('sub file domain', url_subdomain('file://www.example.com/x'), 'www');
INSERT INTO checks VALUES ('sub host input', url_subdomain('mail.google.com'), 'mail');
INSERT INTO checks VALUES ('sub null', url_subdomain(NULL), NULL);
INSERT INTO checks VALUES ('sub invalid', url_subdomain('http://a b/'), NULL);
-- With the registrable domain, it makes up the host.
INSERT INTO checks VALUES ('sub || rd = host',
  url_subdomain('https://a.b.example.co.uk/') || '.' || url_registrable_domain('https://a.b.example.co.uk/'),
  url_hostname('https://a.b.example.co.uk/'));

-- ------------------------------------------------- url_host_without_www
INSERT INTO checks VALUES ('www', url_host_without_www('https://www.example.com/'), 'example.com');
INSERT INTO checks VALUES ('www upper', url_host_without_www('https://WWW.Example.COM/'), 'example.com');
INSERT INTO checks VALUES ('www none', url_host_without_www('https://example.com/'), 'example.com');
INSERT INTO checks VALUES ('www once', url_host_without_www('https://www.www.example.com/'), 'www.example.com');
INSERT INTO checks VALUES ('www inner', url_host_without_www('https://a.www.example.com/'), 'a.www.example.com');
INSERT INTO checks VALUES ('www prefix only', url_host_without_www('https://wwwexample.com/'), 'wwwexample.com');
INSERT INTO checks VALUES ('www www2', url_host_without_www('https://www2.example.com/'), 'www2.example.com');
INSERT INTO checks VALUES ('www trailing dot', url_host_without_www('https://www.example.com./'), 'example.com.');
INSERT INTO checks VALUES ('www alone', url_host_without_www('https://www/'), 'www');
INSERT INTO checks VALUES ('www alone dot', url_host_without_www('https://www./'), 'www.');
INSERT INTO checks VALUES ('www idn', url_host_without_www('https://www.münchen.de/'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('www port creds', url_host_without_www('https://u:p@www.example.com:8443/'), 'example.com');
INSERT INTO checks VALUES ('www ipv4', url_host_without_www('http://0x7f.1/'), '127.0.0.1');
INSERT INTO checks VALUES ('www ipv6', url_host_without_www('http://[0::1]/'), '[::1]');
-- An opaque host is not a domain: kept as it is (case included).
INSERT INTO checks VALUES ('www opaque', url_host_without_www('foo://www.Example.com/'), 'www.Example.com');
INSERT INTO checks VALUES ('www file empty', url_host_without_www('file:///etc/hosts'), '');
INSERT INTO checks VALUES ('www no host', url_host_without_www('mailto:a@www.example.com'), NULL);
INSERT INTO checks VALUES ('www host input', url_host_without_www('www.example.com'), 'example.com');
INSERT INTO checks VALUES ('www null', url_host_without_www(NULL), NULL);
INSERT INTO checks VALUES ('www invalid', url_host_without_www('https://www.exa mple.com/'), NULL);
-- ClickHouse domainWithoutWWW's example.
INSERT INTO checks VALUES ('ch domainWithoutWWW', url_host_without_www('http://paul@www.example.com:80/'), 'example.com');
-- ClickHouse domain()'s examples, as url_hostname: the same for URLs; a
-- "host:port/path" without scheme is a URL whose scheme is the host
-- (WHATWG), so it has no host: NULL.
INSERT INTO checks VALUES ('ch domain svn', url_hostname('svn+ssh://some.svn-hosting.com:80/repo/trunk'), 'some.svn-hosting.com');
INSERT INTO checks VALUES ('ch domain no scheme', url_host_without_www('some.svn-hosting.com:80/repo/trunk'), NULL);
INSERT INTO checks VALUES ('ch domain clickhouse', url_host_without_www('https://clickhouse.com/time/'), 'clickhouse.com');

-- -------------------------------------------------------- url_host_type
INSERT INTO checks VALUES ('type domain', url_host_type('https://example.com/'), 'domain');
INSERT INTO checks VALUES ('type idn', url_host_type('https://münchen.de/'), 'domain');
INSERT INTO checks VALUES ('type ipv4', url_host_type('http://192.168.0.1/'), 'ipv4');
INSERT INTO checks VALUES ('type ipv4 hex', url_host_type('http://0x7f.1/'), 'ipv4');
INSERT INTO checks VALUES ('type ipv4 integer', url_host_type('http://3232235777/'), 'ipv4');
INSERT INTO checks VALUES ('type ipv4 octal', url_host_type('http://0300.0250.01.01/'), 'ipv4');
INSERT INTO checks VALUES ('type ipv6', url_host_type('http://[::1]:8080/'), 'ipv6');
INSERT INTO checks VALUES ('type ipv6 v4', url_host_type('http://[::127.0.0.1]/'), 'ipv6');
INSERT INTO checks VALUES ('type opaque', url_host_type('foo://example.com/'), 'opaque');
INSERT INTO checks VALUES ('type opaque ip-like', url_host_type('foo://127.0.0.1/'), 'opaque');
INSERT INTO checks VALUES ('type empty file', url_host_type('file:///etc/hosts'), 'empty');
INSERT INTO checks VALUES ('type empty localhost', url_host_type('file://localhost/etc/hosts'), 'empty');
INSERT INTO checks VALUES ('type empty non-special', url_host_type('foo:///x'), 'empty');
INSERT INTO checks VALUES ('type none mailto', url_host_type('mailto:a@example.com'), NULL);
INSERT INTO checks VALUES ('type none path', url_host_type('foo:/x'), NULL);
INSERT INTO checks VALUES ('type none data', url_host_type('data:,x'), NULL);
-- A host alone is typed too (the input parsed as a host).
INSERT INTO checks VALUES ('type host domain', url_host_type('Example.COM'), 'domain');
INSERT INTO checks VALUES ('type host ipv4', url_host_type('10.1'), 'ipv4');
INSERT INTO checks VALUES ('type host ipv6', url_host_type('[::1]'), 'ipv6');
INSERT INTO checks VALUES ('type integer', url_host_type(3232235777), 'ipv4');
INSERT INTO checks VALUES ('type null', url_host_type(NULL), NULL);
INSERT INTO checks VALUES ('type invalid', url_host_type('http://[1:2/'), NULL);
INSERT INTO checks VALUES ('type invalid ipv4', url_host_type('http://1.2.3.256/'), NULL);
INSERT INTO checks VALUES ('type empty input', url_host_type(''), NULL);
INSERT INTO checks VALUES ('type bad utf8', url_host_type(X'FF'), NULL);

-- --------------------------------------------- url_components columns
-- tld, subdomain and host_type agree with the scalar functions on every
-- kind of URL (the full list, as url_subdomain's default).
CREATE TEMP TABLE kinds(u TEXT);
INSERT INTO kinds VALUES ('https://a.b.example.co.uk./x'), ('https://whatwg.github.io/'),
  ('https://github.io/'), ('https://www.münchen.de/'), ('http://0x7f.1/'),
  ('http://[::1]/'), ('foo://www.example.com/'), ('file:///etc/hosts'),
  ('file://www.example.com/s'), ('mailto:a@b.c'), ('https://b.ck/'),
  ('https://example.com../');
INSERT INTO checks VALUES ('components kinds rows',
  (SELECT count(*) FROM kinds, url_components(kinds.u)), 12);
INSERT INTO checks VALUES ('components agree',
  (SELECT count(*) FROM kinds, url_components(kinds.u) AS c
    WHERE c.tld IS url_tld(kinds.u) AND c.subdomain IS url_subdomain(kinds.u)
      AND c.host_type IS url_host_type(kinds.u)
      AND c.registrable_domain IS url_registrable_domain(kinds.u)
      AND c.public_suffix IS url_public_suffix(kinds.u)), 12);
INSERT INTO checks VALUES ('components tld subdomain',
  (SELECT json_array(tld, subdomain, host_type) FROM url_components('https://a.b.example.co.uk./x')),
  json_array('uk', 'a.b', 'domain'));
INSERT INTO checks VALUES ('components empty subdomain',
  (SELECT json_array(tld, subdomain) FROM url_components('https://example.com/')),
  json_array('com', ''));
INSERT INTO checks VALUES ('components ipv4',
  (SELECT json_array(tld, subdomain, host_type) FROM url_components('http://0x7f.1/')),
  json_array(NULL, NULL, 'ipv4'));
INSERT INTO checks VALUES ('components no host',
  (SELECT json_array(tld, subdomain, host_type) FROM url_components('mailto:a@b.c')),
  json_array(NULL, NULL, NULL));

-- Flags: pure (SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS), every form.
INSERT INTO checks VALUES ('flags',
  (SELECT group_concat(DISTINCT flags & 0x280800) FROM pragma_function_list
    WHERE name IN ('url_subdomain', 'url_tld', 'url_host_without_www', 'url_host_type')),
  '2099200');
INSERT INTO checks VALUES ('flags count',
  (SELECT count(*) FROM pragma_function_list
    WHERE name IN ('url_subdomain', 'url_tld', 'url_host_without_www', 'url_host_type')), 5);

-- ------------------------------------------ recipes (README) and peers
-- ClickHouse firstSignificantSubdomain / cutToFirstSignificantSubdomain's
-- examples, from the registrable domain (the PSL knows com.tr).
INSERT INTO checks VALUES ('ch cutToFirstSignificantSubdomain',
  url_registrable_domain('https://news.yandex.com.tr/'), 'yandex.com.tr');
INSERT INTO checks VALUES ('ch firstSignificantSubdomain ru',
  (SELECT substr(d, 1, instr(d, '.') - 1) FROM (SELECT url_registrable_domain('https://news.yandex.ru/') AS d)),
  'yandex');
INSERT INTO checks VALUES ('ch firstSignificantSubdomain com.tr',
  (SELECT substr(d, 1, instr(d, '.') - 1) FROM (SELECT url_registrable_domain('https://news.yandex.com.tr/') AS d)),
  'yandex');
-- Traffic by TLD and by registrable domain (ICANN).
CREATE TEMP TABLE hits(url TEXT);
INSERT INTO hits VALUES ('https://www.example.co.uk/a'), ('https://shop.example.co.uk/b'),
  ('https://alice.github.io/'), ('https://bob.github.io/x'), ('http://10.0.0.1/'),
  ('https://www.example.com/'), ('not a url');
INSERT INTO checks VALUES ('recipe by tld',
  (SELECT group_concat(t || ':' || n, ' ') FROM
    (SELECT coalesce(url_tld(url), '(none)') AS t, count(*) AS n FROM hits
      GROUP BY 1 ORDER BY n DESC, t)),
  '(none):2 io:2 uk:2 com:1');
INSERT INTO checks VALUES ('recipe by registrable domain',
  (SELECT group_concat(d || ':' || n, ' ') FROM
    (SELECT url_registrable_domain(url, 'icann') AS d, count(*) AS n FROM hits
      WHERE d IS NOT NULL GROUP BY 1 ORDER BY n DESC, d)),
  'example.co.uk:2 github.io:2 example.com:1');
