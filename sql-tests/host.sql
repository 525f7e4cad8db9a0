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
