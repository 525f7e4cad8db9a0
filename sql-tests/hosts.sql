-- Host functions (issue 2): url_parse_host(input [, is_opaque]),
-- url_domain_to_unicode(domain), url_version().
-- Convention: sql-tests/README.md.  Values are read as the extension
-- documents: NULL gives NULL; integers and reals as their text; BLOBs as
-- UTF-8 bytes, invalid UTF-8 replaced by U+FFFD; by length (NUL included).

-- The issue's acceptance query.
INSERT INTO checks VALUES ('acceptance',
  (SELECT url_parse_host('EXAMPLE.com') || '|' || url_parse_host('0x7f.1') || '|' ||
          url_parse_host('[0:0::1]') || '|' || url_parse_host('münchen.de') || '|' ||
          coalesce(url_parse_host('a b'), 'NULL')),
  'example.com|127.0.0.1|[::1]|xn--mnchen-3ya.de|NULL');

-- url_parse_host: normal inputs (special host unless is_opaque).
INSERT INTO checks VALUES ('host upper', url_parse_host('EXAMPLE.com'), 'example.com');
INSERT INTO checks VALUES ('host ipv4 hex', url_parse_host('0x7f.1'), '127.0.0.1');
INSERT INTO checks VALUES ('host ipv6', url_parse_host('[0:0::1]'), '[::1]');
INSERT INTO checks VALUES ('host idna', url_parse_host('münchen.de'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('host space', url_parse_host('a b'), NULL);
INSERT INTO checks VALUES ('host pct-decoded', url_parse_host('%41.com'), 'a.com');
INSERT INTO checks VALUES ('host pct forbidden', url_parse_host('exa%23mple.org'), NULL);
INSERT INTO checks VALUES ('host ipv4 fail', url_parse_host('1.2.3.4.5'), NULL);
INSERT INTO checks VALUES ('host ipv6 fail', url_parse_host('[::1'), NULL);
INSERT INTO checks VALUES ('host ipv4 max', url_parse_host('4294967295'), '255.255.255.255');
INSERT INTO checks VALUES ('host ipv4 too big', url_parse_host('4294967296'), NULL);

-- url_parse_host: the is_opaque argument.
INSERT INTO checks VALUES ('opaque 1', url_parse_host('EXAMPLE.com', 1), 'EXAMPLE.com');
INSERT INTO checks VALUES ('opaque 0', url_parse_host('EXAMPLE.com', 0), 'example.com');
INSERT INTO checks VALUES ('opaque pct kept', url_parse_host('a%20b', 1), 'a%20b');
INSERT INTO checks VALUES ('opaque %zz', url_parse_host('%zz', 1), '%zz');
INSERT INTO checks VALUES ('opaque non-ascii', url_parse_host('münchen.de', 1), 'm%C3%BCnchen.de');
INSERT INTO checks VALUES ('opaque forbidden', url_parse_host('a b', 1), NULL);
INSERT INTO checks VALUES ('opaque ipv6', url_parse_host('[::1]', 1), '[::1]');
INSERT INTO checks VALUES ('opaque no ipv4', url_parse_host('0x7f.1', 1), '0x7f.1');
INSERT INTO checks VALUES ('opaque NULL is 0', url_parse_host('EXAMPLE.com', NULL), 'example.com');
INSERT INTO checks VALUES ('opaque from a comparison', url_parse_host('EXAMPLE.com', 1=1), 'EXAMPLE.com');
INSERT INTO checks VALUES ('opaque real 1.0', url_parse_host('EXAMPLE.com', 1.0), 'EXAMPLE.com');
INSERT INTO checks VALUES ('opaque real 0.0', url_parse_host('EXAMPLE.com', 0.0), 'example.com');

-- url_parse_host: value types.
INSERT INTO checks VALUES ('host NULL', url_parse_host(NULL), NULL);
INSERT INTO checks VALUES ('host NULL opaque', url_parse_host(NULL, 1), NULL);
INSERT INTO checks VALUES ('host integer', url_parse_host(2130706433), '127.0.0.1');
INSERT INTO checks VALUES ('host integer 0', url_parse_host(0), '0.0.0.0');
INSERT INTO checks VALUES ('host negative', url_parse_host(-1), '-1');  -- "-1" is no IPv4 number
INSERT INTO checks VALUES ('host real', url_parse_host(1.5), '1.0.0.5'); -- "1.5": parts 1 and 5
INSERT INTO checks VALUES ('host blob', url_parse_host(X'6578616D706C652E636F6D'), 'example.com');
INSERT INTO checks VALUES ('host blob upper', url_parse_host(X'4558414D504C452E434F4D'), 'example.com');
INSERT INTO checks VALUES ('host bad utf8', url_parse_host(X'FF'), NULL);  -- U+FFFD is disallowed
INSERT INTO checks VALUES ('opaque bad utf8', url_parse_host(X'61FF', 1), 'a%EF%BF%BD');
-- Maximal subparts: E2 82 is one truncated sequence (one U+FFFD), then 'b'.
INSERT INTO checks VALUES ('opaque bad utf8 subpart', url_parse_host(X'61E28262', 1), 'a%EF%BF%BDb');
INSERT INTO checks VALUES ('host empty', url_parse_host(''), NULL);
INSERT INTO checks VALUES ('opaque empty', url_parse_host('', 1), '');
INSERT INTO checks VALUES ('host empty blob', url_parse_host(X''), NULL);
INSERT INTO checks VALUES ('opaque empty blob', url_parse_host(X'', 1), '');
INSERT INTO checks VALUES ('host NUL', url_parse_host(X'610062'), NULL);  -- NUL is forbidden
INSERT INTO checks VALUES ('opaque NUL', url_parse_host(X'610062', 1), NULL);
INSERT INTO checks VALUES ('host NUL text', url_parse_host('a' || char(0) || 'b'), NULL);
INSERT INTO checks VALUES ('host result type', typeof(url_parse_host('example.com')), 'text');

-- url_parse_host: 100 kB (no DNS length limit: VerifyDnsLength is false).
INSERT INTO checks VALUES ('host 100k length',
  length(url_parse_host(printf('%.*c', 100000, 'a'))), 100000);
INSERT INTO checks VALUES ('host 100k value',
  url_parse_host(printf('%.*c', 100000, 'A')) = printf('%.*c', 100000, 'a'), 1);
INSERT INTO checks VALUES ('opaque 100k value',
  url_parse_host(printf('%.*c', 100000, 'A'), 1) = printf('%.*c', 100000, 'A'), 1);
INSERT INTO checks VALUES ('host 50k non-ascii prefix',
  substr(url_parse_host(printf('%.*c', 50000, 'ü')), 1, 4), 'xn--');
INSERT INTO checks VALUES ('host 50k non-ascii round trip',
  url_domain_to_unicode(url_parse_host(printf('%.*c', 50000, 'ü'))) = printf('%.*c', 50000, 'ü'), 1);
-- 100,000 different-ish CJK code points in one label: Punycode's worst case.
-- (An aggregate: always exactly one row.)
INSERT INTO checks
  WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 99999),
       s(x) AS (SELECT group_concat(char(0x4E00 + (i * 7919) % 20000), '') FROM r)
  SELECT 'host 100k CJK round trip', url_domain_to_unicode(url_parse_host(x)) = x, 1 FROM s;

-- url_parse_host: misuse.
-- error: wrong number of arguments
SELECT url_parse_host();
-- error: wrong number of arguments
SELECT url_parse_host('a', 0, 0);
-- error: is_opaque
SELECT url_parse_host('a', 'yes');
-- error: url_parse_host: is_opaque must be 0 or 1
SELECT url_parse_host('a', 2);
-- error: url_parse_host: is_opaque must be 0 or 1
SELECT url_parse_host('a', 1.5);
-- error: url_parse_host: is_opaque must be 0 or 1
SELECT url_parse_host('a', -1);
-- error: url_parse_host: is_opaque must be 0 or 1
SELECT url_parse_host('a', '1');
-- error: url_parse_host: is_opaque must be 0 or 1
SELECT url_parse_host('a', X'01');

-- url_domain_to_unicode.
INSERT INTO checks VALUES ('unicode punycode', url_domain_to_unicode('xn--mnchen-3ya.de'), 'münchen.de');
INSERT INTO checks VALUES ('unicode fass', url_domain_to_unicode('xn--fa-hia.example'), 'faß.example');
INSERT INTO checks VALUES ('unicode upper', url_domain_to_unicode('EXAMPLE.COM'), 'example.com');
INSERT INTO checks VALUES ('unicode unicode', url_domain_to_unicode('MÜNCHEN.de'), 'münchen.de');
-- Domain to Unicode (July 2026): if ToUnicode records an error, the domain
-- is returned unchanged (not lowercased: the Standard returns its input).
INSERT INTO checks VALUES ('unicode joiner', url_domain_to_unicode('a' || char(0x200C) || 'b'), 'a' || char(0x200C) || 'b');  -- CheckJoiners
INSERT INTO checks VALUES ('unicode bad punycode', url_domain_to_unicode('xn--a.EXAMPLE'), 'xn--a.EXAMPLE');
INSERT INTO checks VALUES ('unicode fullwidth roundtrip', url_domain_to_unicode(url_parse_host('xn--8i7caa')), 'xn--8i7caa');
INSERT INTO checks VALUES ('unicode one bad label', url_domain_to_unicode('xn--mnchen-3ya.xn--a'), 'xn--mnchen-3ya.xn--a');
INSERT INTO checks VALUES ('unicode NULL', url_domain_to_unicode(NULL), NULL);
INSERT INTO checks VALUES ('unicode integer', url_domain_to_unicode(123), '123');
INSERT INTO checks VALUES ('unicode real', url_domain_to_unicode(1.5), '1.5');
INSERT INTO checks VALUES ('unicode blob',
  url_domain_to_unicode(X'786E2D2D6D6E6368656E2D3379612E6465'), 'münchen.de');
INSERT INTO checks VALUES ('unicode bad utf8', url_domain_to_unicode(X'FF'), char(0xFFFD));  -- disallowed: unchanged
INSERT INTO checks VALUES ('unicode empty', url_domain_to_unicode(''), '');  -- ToUnicode: no error
-- U+0000 is valid in UTS #46 with UseSTD3ASCIIRules=false; the forbidden
-- domain code point check belongs to the host parser, not to domain to Unicode.
INSERT INTO checks VALUES ('unicode NUL', hex(url_domain_to_unicode(X'610062')), '610062');
INSERT INTO checks VALUES ('unicode 100k length',
  length(url_domain_to_unicode(printf('%.*c', 100000, 'a'))), 100000);
-- error: wrong number of arguments
SELECT url_domain_to_unicode();
-- error: wrong number of arguments
SELECT url_domain_to_unicode('a', 'uts46', 'b');

-- url_version.
INSERT INTO checks VALUES ('version type', typeof(url_version()), 'text');
INSERT INTO checks VALUES ('version unicode 17.0', instr(url_version(), '17.0') > 0, 1);
-- error: wrong number of arguments
SELECT url_version(1);

-- ================================================= IDNA2008 next to UTS #46
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
-- A NULL mode is the default, 'uts46' (docs/conventions.md rule 2); mode
-- names are ASCII case-insensitive (rule 3).
INSERT INTO checks VALUES ('ascii NULL mode', url_domain_to_ascii('☃.com', NULL), 'xn--n3h.com');
INSERT INTO checks VALUES ('unicode NULL mode', url_domain_to_unicode('xn--n3h.com', NULL), '☃.com');
INSERT INTO checks VALUES ('mode case', url_domain_to_ascii('☃.com', 'IDNA2008'), NULL);
INSERT INTO checks VALUES ('mode case uts46', url_domain_to_ascii('☃.com', 'UTS46'), 'xn--n3h.com');
INSERT INTO checks VALUES ('unicode NULL idna2008', url_domain_to_unicode(NULL, 'idna2008'), NULL);
INSERT INTO checks VALUES ('ascii integer', url_domain_to_ascii(42, 'idna2008'), '42');
INSERT INTO checks VALUES ('ascii real', url_domain_to_ascii(1.5, 'idna2008'), '1.5');
INSERT INTO checks VALUES ('ascii blob', url_domain_to_ascii(X'4578616D706C652E636F6D', 'idna2008'), 'example.com');
INSERT INTO checks VALUES ('ascii blob utf8', url_domain_to_ascii(X'6DC3BC6E6368656E2E6465', 'idna2008'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('mode as blob', url_domain_to_ascii('A.com', CAST('idna2008' AS BLOB)), 'a.com');
INSERT INTO checks VALUES ('ascii bad utf8', url_domain_to_ascii(X'61FF', 'idna2008'), NULL);  -- U+FFFD
INSERT INTO checks VALUES ('unicode idna2008 bad utf8', url_domain_to_unicode(X'61FF', 'idna2008'), NULL);
-- error: url_domain_to_ascii: unknown mode 'idna2003' (expected one of: uts46, idna2008)
SELECT url_domain_to_ascii('a.com', 'idna2003');
-- error: url_domain_to_unicode: unknown mode 'IDNA2003' (expected one of: uts46, idna2008)
SELECT url_domain_to_unicode('a.com', 'IDNA2003');
-- error: url_domain_to_ascii: unknown mode '1' (expected one of: uts46, idna2008)
SELECT url_domain_to_ascii('a.com', 1);
-- error: url_domain_to_ascii: unknown mode X'7574733437'
SELECT url_domain_to_ascii('a.com', X'7574733437');
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
