-- IDNA2008 next to UTS #46 (issue 17): url_domain_to_ascii(input [, mode]),
-- url_domain_to_unicode(input [, mode]), url_idna2008_error(input) and the
-- url_components column idna2008_host.  Modes: 'uts46' (the default, the
-- URL Standard's domain to ASCII / Unicode) and 'idna2008' (IDNA2008 lookup
-- over libidn2, core/idna2008.h).  Convention: sql-tests/README.md.

-- ------------------------------------------------ url_domain_to_ascii
-- 'uts46' is the Standard's domain to ASCII (beStrict = false): what a
-- browser does to a domain, without the host parser's forbidden code points.
INSERT INTO checks VALUES ('ascii default', url_domain_to_ascii('münchen.de'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('ascii uts46', url_domain_to_ascii('münchen.de', 'uts46'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('ascii uts46 upper', url_domain_to_ascii('EXAMPLE.com', 'uts46'), 'example.com');
INSERT INTO checks VALUES ('ascii uts46 snowman', url_domain_to_ascii('☃.com'), 'xn--n3h.com');
INSERT INTO checks VALUES ('ascii uts46 xn--a', url_domain_to_ascii('xn--a'), 'xn--a');  -- ASCII: lowercased only
INSERT INTO checks VALUES ('ascii uts46 underscore', url_domain_to_ascii('a_b.com'), 'a_b.com');
INSERT INTO checks VALUES ('ascii uts46 space', url_domain_to_ascii('a b'), 'a b');  -- host parser refuses it
INSERT INTO checks VALUES ('ascii uts46 ZWNJ', url_domain_to_ascii('a‌b'), NULL);  -- CheckJoiners
INSERT INTO checks VALUES ('ascii uts46 U+FFFD', url_domain_to_ascii(X'EFBFBD'), NULL);
INSERT INTO checks VALUES ('ascii uts46 empty', url_domain_to_ascii(''), NULL);
INSERT INTO checks VALUES ('ascii uts46 sharp s', url_domain_to_ascii('ẞ.com'), 'xn--zca.com');
INSERT INTO checks VALUES ('ascii uts46 = parse_host',
  url_domain_to_ascii('Ｍünchen。DE') = url_parse_host('Ｍünchen。DE'), 1);

-- 'idna2008': accepted names.
INSERT INTO checks VALUES ('ascii idna2008', url_domain_to_ascii('münchen.de', 'idna2008'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('ascii idna2008 ldh', url_domain_to_ascii('WWW.Example.COM', 'idna2008'), 'www.example.com');
INSERT INTO checks VALUES ('ascii idna2008 root', url_domain_to_ascii('example.com.', 'idna2008'), 'example.com.');
INSERT INTO checks VALUES ('ascii idna2008 width', url_domain_to_ascii('ａｂｃ.com', 'idna2008'), 'abc.com');
INSERT INTO checks VALUES ('ascii idna2008 ideographic stop', url_domain_to_ascii('münchen。de', 'idna2008'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('ascii idna2008 faß', url_domain_to_ascii('faß.de', 'idna2008'), 'xn--fa-hia.de');  -- non-transitional
INSERT INTO checks VALUES ('ascii idna2008 A-label', url_domain_to_ascii('XN--MNCHEN-3YA.de', 'idna2008'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('ascii idna2008 ipv4-like', url_domain_to_ascii('1.2.3.4', 'idna2008'), '1.2.3.4');
INSERT INTO checks VALUES ('ascii idna2008 type', typeof(url_domain_to_ascii('a.com', 'idna2008')), 'text');
-- 'idna2008': refused names give NULL.
INSERT INTO checks VALUES ('ascii idna2008 snowman', url_domain_to_ascii('☃.com', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 xn--n3h', url_domain_to_ascii('xn--n3h.com', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 xn--a', url_domain_to_ascii('xn--a', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 underscore', url_domain_to_ascii('a_b.com', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 space', url_domain_to_ascii('a b', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 nbsp', url_domain_to_ascii('a' || char(160) || 'b.com', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 NUL', url_domain_to_ascii('a' || char(0) || 'b', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii uts46 NUL', hex(url_domain_to_ascii('a' || char(0) || 'b')), '610062');
INSERT INTO checks VALUES ('ascii idna2008 empty label', url_domain_to_ascii('a..com', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 empty', url_domain_to_ascii('', 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii idna2008 63',
  length(url_domain_to_ascii(printf('%.*c.com', 63, 'a'), 'idna2008')), 67);
INSERT INTO checks VALUES ('ascii idna2008 64', url_domain_to_ascii(printf('%.*c.com', 64, 'a'), 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii uts46 64',
  length(url_domain_to_ascii(printf('%.*c.com', 64, 'a'))), 68);  -- VerifyDnsLength=false
INSERT INTO checks VALUES ('ascii idna2008 100k', url_domain_to_ascii(printf('%.*c', 100000, 'a'), 'idna2008'), NULL);
-- Where the two rule sets map the same text to different names: U+1E9E
-- maps to ß in UTS #46 (Unicode 17) and to "ss" in libidn2 2.3.3's tables.
INSERT INTO checks VALUES ('ascii idna2008 capital sharp s',
  url_domain_to_ascii('ẞ.com', 'idna2008') IN ('ss.com', 'xn--zca.com'), 1);

-- ---------------------------------------------- url_domain_to_unicode
INSERT INTO checks VALUES ('unicode uts46', url_domain_to_unicode('xn--mnchen-3ya.de', 'uts46'), 'münchen.de');
INSERT INTO checks VALUES ('unicode uts46 = default',
  url_domain_to_unicode('xn--n3h.com', 'uts46') = url_domain_to_unicode('xn--n3h.com'), 1);
INSERT INTO checks VALUES ('unicode uts46 snowman', url_domain_to_unicode('xn--n3h.com', 'uts46'), '☃.com');
INSERT INTO checks VALUES ('unicode idna2008', url_domain_to_unicode('xn--mnchen-3ya.de', 'idna2008'), 'münchen.de');
INSERT INTO checks VALUES ('unicode idna2008 mapped', url_domain_to_unicode('MÜNCHEN.DE', 'idna2008'), 'münchen.de');
INSERT INTO checks VALUES ('unicode idna2008 ldh', url_domain_to_unicode('Example.COM', 'idna2008'), 'example.com');
INSERT INTO checks VALUES ('unicode idna2008 snowman', url_domain_to_unicode('xn--n3h.com', 'idna2008'), NULL);
INSERT INTO checks VALUES ('unicode idna2008 underscore', url_domain_to_unicode('a_b.com', 'idna2008'), NULL);

-- ------------------------------------------- arguments: NULL, types, mode
INSERT INTO checks VALUES ('ascii NULL', url_domain_to_ascii(NULL), NULL);
INSERT INTO checks VALUES ('ascii NULL idna2008', url_domain_to_ascii(NULL, 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii NULL mode', url_domain_to_ascii('a.com', NULL), NULL);
INSERT INTO checks VALUES ('unicode NULL mode', url_domain_to_unicode('a.com', NULL), NULL);
INSERT INTO checks VALUES ('unicode NULL idna2008', url_domain_to_unicode(NULL, 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii integer', url_domain_to_ascii(42, 'idna2008'), '42');
INSERT INTO checks VALUES ('ascii real', url_domain_to_ascii(1.5, 'idna2008'), '1.5');
INSERT INTO checks VALUES ('ascii blob', url_domain_to_ascii(X'4578616D706C652E636F6D', 'idna2008'), 'example.com');
INSERT INTO checks VALUES ('ascii blob utf8', url_domain_to_ascii(X'6DC3BC6E6368656E2E6465', 'idna2008'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('ascii bad utf8', url_domain_to_ascii(X'61FF', 'idna2008'), NULL);  -- U+FFFD
INSERT INTO checks VALUES ('unicode bad utf8', url_domain_to_unicode(X'61FF', 'idna2008'), NULL);
-- error: url_domain_to_ascii: unknown mode 'idna2003' (expected one of: uts46, idna2008)
SELECT url_domain_to_ascii('a.com', 'idna2003');
-- error: url_domain_to_unicode: unknown mode 'IDNA2008' (expected one of: uts46, idna2008)
SELECT url_domain_to_unicode('a.com', 'IDNA2008');
-- error: url_domain_to_ascii: unknown mode '1' (expected one of: uts46, idna2008)
SELECT url_domain_to_ascii('a.com', 1);
-- error: url_domain_to_ascii: unknown mode
SELECT url_domain_to_ascii('a.com', X'7574733436');
-- error: url_domain_to_unicode: unknown mode '' (expected one of: uts46, idna2008)
SELECT url_domain_to_unicode(NULL, '');
-- error: wrong number of arguments
SELECT url_domain_to_ascii();
-- error: wrong number of arguments
SELECT url_domain_to_ascii('a', 'uts46', 'x');
-- error: wrong number of arguments
SELECT url_idna2008_error();
-- error: wrong number of arguments
SELECT url_idna2008_error('a', 'b');

-- --------------------------------------------------- url_idna2008_error
-- The input is a URL (its host) or else a host.  Hosts a browser visits but
-- IDNA2008 refuses, one per error class:
INSERT INTO checks VALUES ('error DISALLOWED', url_idna2008_error('https://☃.com/'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error DISALLOWED A-label', url_idna2008_error('https://xn--ls8h.la/'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error DISALLOWED STD3', url_idna2008_error('https://a_b.example.com/'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error DISALLOWED STD3 mapped', url_idna2008_error('https://a＿b.com/'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error INVALID_NONTRANSITIONAL', url_idna2008_error('https://xn--a.com/'), 'IDN2_INVALID_NONTRANSITIONAL');
INSERT INTO checks VALUES ('error PUNYCODE_BAD_INPUT', url_idna2008_error('https://xn--0.com/'), 'IDN2_PUNYCODE_BAD_INPUT');
INSERT INTO checks VALUES ('error 2HYPHEN', url_idna2008_error('https://ab--c.com/'), 'IDN2_2HYPHEN');
INSERT INTO checks VALUES ('error HYPHEN_STARTEND', url_idna2008_error('https://-a.com/'), 'IDN2_HYPHEN_STARTEND');
INSERT INTO checks VALUES ('error HYPHEN_STARTEND end', url_idna2008_error('https://a-.com/'), 'IDN2_HYPHEN_STARTEND');
INSERT INTO checks VALUES ('error LEADING_COMBINING', url_idna2008_error('https://xn--a-wbb.com/'), 'IDN2_LEADING_COMBINING');
INSERT INTO checks VALUES ('error BIDI', url_idna2008_error('https://xn--a-zhc.com/'), 'IDN2_BIDI');
INSERT INTO checks VALUES ('error CONTEXTJ', url_idna2008_error('https://xn--ab-m1t.com/'), 'IDN2_CONTEXTJ');
INSERT INTO checks VALUES ('error NOT_NFC', url_idna2008_error('https://xn--u-ccb.com/'), 'IDN2_NOT_NFC');
INSERT INTO checks VALUES ('error TOO_BIG_LABEL',
  url_idna2008_error('https://' || printf('%.*c', 64, 'a') || '.com/'), 'IDN2_TOO_BIG_LABEL');
INSERT INTO checks VALUES ('error PUNYCODE_BIG_OUTPUT',
  url_idna2008_error('https://ä' || printf('%.*c', 62, 'a') || '.com/'), 'IDN2_PUNYCODE_BIG_OUTPUT');
INSERT INTO checks VALUES ('error TOO_BIG_DOMAIN',
  url_idna2008_error('https://' || printf('%.*c.%.*c.%.*c.%.*c', 63, 'a', 63, 'b', 63, 'c', 62, 'd') || '/'),
  'IDN2_TOO_BIG_DOMAIN');
INSERT INTO checks VALUES ('error 253 octets',
  url_idna2008_error('https://' || printf('%.*c.%.*c.%.*c.%.*c', 63, 'a', 63, 'b', 63, 'c', 61, 'd') || './'),
  NULL);
INSERT INTO checks VALUES ('error EMPTY_LABEL', url_idna2008_error('https://a..com/'), 'EMPTY_LABEL');
INSERT INTO checks VALUES ('error EMPTY_LABEL first', url_idna2008_error('https://.com/'), 'EMPTY_LABEL');
-- Accepted, and hosts that are not domains: NULL.
INSERT INTO checks VALUES ('error ok', url_idna2008_error('https://www.example.com/'), NULL);
INSERT INTO checks VALUES ('error ok idn', url_idna2008_error('https://münchen.de/'), NULL);
INSERT INTO checks VALUES ('error ok root', url_idna2008_error('https://example.com./'), NULL);
INSERT INTO checks VALUES ('error ipv4', url_idna2008_error('http://0x7f.1/'), NULL);
INSERT INTO checks VALUES ('error ipv6', url_idna2008_error('http://[::1]/'), NULL);
INSERT INTO checks VALUES ('error opaque', url_idna2008_error('foo://☃.com/'), NULL);
INSERT INTO checks VALUES ('error empty host', url_idna2008_error('file:///etc/hosts'), NULL);
INSERT INTO checks VALUES ('error no host', url_idna2008_error('mailto:a@b'), NULL);
-- The input as a host.
INSERT INTO checks VALUES ('error host', url_idna2008_error('☃.com'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error host pct', url_idna2008_error('%E2%98%83.com'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error host empty label', url_idna2008_error('a..b'), 'EMPTY_LABEL');
INSERT INTO checks VALUES ('error host ok', url_idna2008_error('EXAMPLE.com'), NULL);
INSERT INTO checks VALUES ('error host ipv4', url_idna2008_error('1.2.3.4'), NULL);
INSERT INTO checks VALUES ('error host invalid', url_idna2008_error('a b'), NULL);
INSERT INTO checks VALUES ('error host NUL', url_idna2008_error('a' || char(0) || 'b'), NULL);  -- not a host
INSERT INTO checks VALUES ('error NULL', url_idna2008_error(NULL), NULL);
INSERT INTO checks VALUES ('error empty', url_idna2008_error(''), NULL);
INSERT INTO checks VALUES ('error integer', url_idna2008_error(42), NULL);  -- IPv4 0.0.0.42
INSERT INTO checks VALUES ('error blob', url_idna2008_error(X'E298832E636F6D'), 'IDN2_DISALLOWED');
INSERT INTO checks VALUES ('error type', typeof(url_idna2008_error('https://☃.com/')), 'text');

-- ----------------------------------------- url_components.idna2008_host
INSERT INTO checks VALUES ('column idn',
  (SELECT idna2008_host FROM url_components('https://MÜNCHEN.de/')), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('column ldh',
  (SELECT idna2008_host FROM url_components('https://WWW.Example.com:8080/')), 'www.example.com');
INSERT INTO checks VALUES ('column refused',
  (SELECT quote(idna2008_host) || '|' || hostname FROM url_components('https://☃.com/')), 'NULL|xn--n3h.com');
INSERT INTO checks VALUES ('column ipv4',
  (SELECT quote(idna2008_host) FROM url_components('http://1.2.3.4/')), 'NULL');
INSERT INTO checks VALUES ('column opaque',
  (SELECT quote(idna2008_host) FROM url_components('foo://example.com/')), 'NULL');
INSERT INTO checks VALUES ('column no host',
  (SELECT quote(idna2008_host) FROM url_components('data:,x')), 'NULL');
INSERT INTO checks VALUES ('column with base',
  (SELECT idna2008_host FROM url_components('/p', 'https://bücher.example/')), 'xn--bcher-kva.example');

-- The README recipe: hosts a browser visits but a registry would refuse,
-- grouped by error; and the column agrees with the function on every row.
CREATE TEMP TABLE links(url TEXT);
INSERT INTO links VALUES ('https://example.com/'), ('https://☃.com/'), ('https://xn--ls8h.la/'),
  ('https://a_b.example/'), ('https://xn--a.com/'), ('https://ab--c.com/'), ('https://münchen.de/'),
  ('http://1.2.3.4/'), ('not a url'), (NULL), ('https://a..com/');
INSERT INTO checks VALUES ('recipe',
  (SELECT group_concat(e || '=' || n, ' ') FROM (
     SELECT url_idna2008_error(url) AS e, count(*) AS n FROM links
      WHERE url_idna2008_error(url) IS NOT NULL GROUP BY e ORDER BY n DESC, e)),
  'IDN2_DISALLOWED=3 EMPTY_LABEL=1 IDN2_2HYPHEN=1 IDN2_INVALID_NONTRANSITIONAL=1');
INSERT INTO checks VALUES ('column = function',
  (SELECT count(*) FROM links, url_components(links.url) AS c
    WHERE c.host_type = 'domain'
      AND (c.idna2008_host IS NULL) != (url_idna2008_error(links.url) IS NOT NULL)), 0);
INSERT INTO checks VALUES ('column = hostname when accepted',
  (SELECT count(*) FROM links, url_components(links.url) AS c
    WHERE c.idna2008_host IS NOT NULL AND c.idna2008_host != c.hostname), 0);
INSERT INTO checks VALUES ('domain rows',
  (SELECT count(*) FROM links, url_components(links.url) AS c WHERE c.host_type = 'domain'), 8);
