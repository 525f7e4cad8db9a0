-- url_validation_errors(input [, base]) and url_valid_string(input [, base])
-- (ext/validation.c).  Names, order and failure against the reference
-- implementation are tests/validation_test.c's job; here: the SQL shape,
-- positions in code points, bases, NULL and non-text arguments.
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------------- schema
INSERT INTO checks VALUES
  ('schema/columns',
   (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
      FROM (SELECT * FROM pragma_table_xinfo('url_validation_errors') ORDER BY cid)),
   'error:TEXT:0,failure:INTEGER:0,position:INTEGER:0,description:TEXT:0,input::1,base::1');

-- ------------------------------------------------------ rows and order
-- http:\\h\p: the special authority slashes state, then each "\" the
-- ignore-slashes state skips, then the path's "\".
INSERT INTO checks VALUES
  ('order/names',
   (SELECT group_concat(error, ' ') FROM url_validation_errors('http:\\h\p')),
   'special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus invalid-reverse-solidus'),
  ('order/positions',
   (SELECT group_concat(position, ' ') FROM url_validation_errors('http:\\h\p')),
   '6 6 7 9'),
  ('order/rowids',
   (SELECT group_concat(rowid, ' ') FROM url_validation_errors('http:\\h\p')), '1 2 3 4'),
  ('repeats', (SELECT count(*) FROM url_validation_errors('https://h/a b c d')), 3),
  ('no errors', (SELECT count(*) FROM url_validation_errors('https://example.com/a?b#c')), 0),
  ('description',
   (SELECT description FROM url_validation_errors('https://user@example.com/')),
   'The input includes credentials.'),
  ('every row has a description',
   (SELECT count(*) FROM url_validation_errors(' http://u@0x7f.1:99999/ ')
     WHERE length(description) > 10), 5);

-- One row per error type of the Standard's table, with its example where it
-- has one (url.bs, "Validation errors").
CREATE TEMP TABLE examples(url, base, name);
INSERT INTO examples VALUES
  ('https://exa%23mple.org', NULL, 'domain-to-ASCII'),
  ('https://exam%70le.org', NULL, 'domain-percent-encoded'),
  ('foo://exa[mple.org', NULL, 'host-invalid-code-point'),
  ('https://127.0.0.1./', NULL, 'IPv4-empty-part'),
  ('https://1.2.3/', NULL, 'IPv4-too-few-parts'),
  ('https://1.2.3.4.5/', NULL, 'IPv4-too-many-parts'),
  ('https://test.42', NULL, 'IPv4-non-numeric-part'),
  ('https://127.0.0x0.1', NULL, 'IPv4-non-decimal-part'),
  ('https://255.255.4000.1', NULL, 'IPv4-out-of-range-part'),
  ('https://[::1', NULL, 'IPv6-unclosed'),
  ('https://[:1]', NULL, 'IPv6-invalid-compression'),
  ('https://[1:2:3:4:5:6:7:8:9]', NULL, 'IPv6-too-many-pieces'),
  ('https://[1::1::1]', NULL, 'IPv6-multiple-compression'),
  ('https://[1:2:3!:4]', NULL, 'IPv6-invalid-code-point'),
  ('https://[1:2:3]', NULL, 'IPv6-too-few-pieces'),
  ('https://[::01]', NULL, 'IPv6-piece-leading-zero'),
  ('https://[1:1:1:1:1:1:1:127.0.0.1]', NULL, 'IPv4-in-IPv6-too-many-pieces'),
  ('https://[ffff::127.0.xyz.1]', NULL, 'IPv4-in-IPv6-invalid-code-point'),
  ('https://[ffff::127.0.0.4000]', NULL, 'IPv4-in-IPv6-out-of-range-part'),
  ('https://[ffff::127.0.0]', NULL, 'IPv4-in-IPv6-too-few-parts'),
  ('https://example.org/>', NULL, 'invalid-URL-unit'),
  ('https:example.org', NULL, 'special-scheme-missing-following-solidus'),
  ('💩', NULL, 'missing-scheme-non-relative-URL'),
  ('https://example.org\path', NULL, 'invalid-reverse-solidus'),
  ('https://user@example.org', NULL, 'invalid-credentials'),
  ('https://#fragment', NULL, 'host-missing'),
  ('https://example.org:70000', NULL, 'port-out-of-range'),
  ('https://example.org:7z', NULL, 'port-invalid'),
  ('c|/path', 'file:///c:/', 'file-invalid-Windows-drive-letter'),
  ('file://c:', NULL, 'file-invalid-Windows-drive-letter-host');
INSERT INTO checks VALUES
  ('table/every example has its error',
   (SELECT count(*) FROM examples
     WHERE name IN (SELECT error FROM url_validation_errors(examples.url, examples.base))),
   30),
  ('table/all 30 names',
   (SELECT count(DISTINCT e.error) FROM examples, url_validation_errors(examples.url, examples.base) e),
   30);

-- ------------------------------------------------------------- failure
INSERT INTO checks VALUES
  ('failure/last row',
   (SELECT group_concat(error || '=' || failure, ' ') FROM url_validation_errors('https://u@h:7z/')),
   'invalid-credentials=0 port-invalid=1'),
  ('failure/none when parsed',
   (SELECT sum(failure) FROM url_validation_errors('http:\\h\p')), 0),
  ('failure/matches url_valid',
   (SELECT count(*) FROM examples
     WHERE url_valid(url, base) = (SELECT count(*) = 0 OR max(failure) = 0
                                     FROM url_validation_errors(examples.url, examples.base))),
   30),
  ('failure/domain-to-ASCII can fail', -- the host then has a forbidden code point
   (SELECT failure FROM url_validation_errors('https://exa%23mple.org')
     WHERE error = 'domain-to-ASCII'), 1),
  ('failure/domain-to-ASCII can pass',
   (SELECT failure FROM url_validation_errors('https://a_b.example/')), 0);

-- ------------------------------------------------------------ positions
-- 1-based code points of the input as given: before stripping and tab or
-- newline removal, counting non-ASCII code points once.
INSERT INTO checks VALUES
  ('position/leading space', (SELECT group_concat(error || '@' || position, ' ')
      FROM url_validation_errors(' https://ex%41mple.com/a b ')),
   'invalid-URL-unit@1 domain-percent-encoded@12 invalid-URL-unit@25'),
  ('position/trailing only', (SELECT position FROM url_validation_errors('https://a/  ')), 11),
  ('position/tab counted', (SELECT group_concat(position, ' ')
      FROM url_validation_errors('ht' || char(9) || 'tps://a/b c')), '3 13'),
  ('position/newline in host', (SELECT group_concat(position, ' ')
      FROM url_validation_errors('https://a' || char(10) || 'b/%zz')), '10 13'),
  ('position/code points', (SELECT group_concat(position, ' ')
      FROM url_validation_errors('https://ü.com/é é?x y')), '16 20'),
  ('position/astral', (SELECT position
      FROM url_validation_errors('https://h/' || char(0x1F600) || ' ')), 12),
  ('position/EOF', (SELECT position FROM url_validation_errors('https://')), 9),
  ('position/port buffer', (SELECT position FROM url_validation_errors('https://h:99999/')), 11),
  ('position/IPv6 pointer', (SELECT position FROM url_validation_errors('http://[1:2:3:]/')), 15),
  ('position/IPv4 part', (SELECT group_concat(position, ' ')
      FROM url_validation_errors('https://0x7f.00.1.256/') WHERE error <> 'IPv4-too-few-parts'),
   '9 14 19'),
  ('position/none for domain-to-ASCII',
   (SELECT position FROM url_validation_errors('https://a_b.example/')), NULL),
  -- the forbidden domain code point that fails the host: written, as an
  -- escape (its '%'), or mapped to one by UTS #46 (fullwidth U+FF03 '#')
  ('position/domain-to-ASCII at the forbidden code point',
   (SELECT group_concat(error || '@' || position, ' ')
      FROM url_validation_errors('https://exa%23mple.org')),
   'domain-percent-encoded@12 domain-to-ASCII@12'),
  ('position/domain-to-ASCII at a space',
   (SELECT position FROM url_validation_errors('http://example example.com')), 15),
  ('position/domain-to-ASCII at a mapped code point',
   (SELECT position FROM url_validation_errors('https://ü' || char(0xFF03) || 'b.com/')), 10),
  ('position/none for too few parts',
   (SELECT typeof(position) FROM url_validation_errors('https://1.2.3/')), 'null'),
  ('position/IPv4 part after decoding: none',
   (SELECT typeof(position) FROM url_validation_errors('https://%30x7f.1/')
     WHERE error = 'IPv4-non-decimal-part'), 'null'),
  -- invalid UTF-8 is one U+FFFD per maximal invalid subsequence
  ('position/after invalid UTF-8',
   (SELECT position FROM url_validation_errors(CAST(X'68747470733A2F2F682FFFFE20' AS TEXT))), 13);

-- ---------------------------------------------------------------- bases
INSERT INTO checks VALUES
  ('base/relative', (SELECT group_concat(error || '@' || position, ' ')
      FROM url_validation_errors('\x\y', 'https://a/b')),
   'invalid-reverse-solidus@1 invalid-reverse-solidus@3'),
  ('base/opaque base', (SELECT error FROM url_validation_errors('x', 'mailto:a')),
   'missing-scheme-non-relative-URL'),
  ('base/file drive letter', (SELECT error FROM url_validation_errors('c|', 'file:///C:/a')),
   'file-invalid-Windows-drive-letter'),
  ('base/NULL is no base', (SELECT count(*) FROM url_validation_errors('x', NULL)), 1),
  ('base/invalid base: no rows', (SELECT count(*) FROM url_validation_errors('https://a b/', 'nope')), 0),
  ('base/the base''s own errors are not rows',
   (SELECT count(*) FROM url_validation_errors('x', 'https://user@a/')), 0),
  ('base/hidden columns',
   (SELECT input || ' ' || base FROM url_validation_errors('a b', 'https://h/')), 'a b https://h/');

-- A join with one base per row and a constant base.
CREATE TEMP TABLE links(url, page);
INSERT INTO links VALUES ('a b', 'https://h/'), ('\x', 'https://h/'), ('ok', 'https://h/'),
  ('https://[::1', NULL), (NULL, 'https://h/'), ('y', 'bad base');
INSERT INTO checks VALUES
  ('join/rows', (SELECT count(*) FROM links, url_validation_errors(links.url, links.page)), 3),
  ('join/constant base', (SELECT count(*) FROM links, url_validation_errors(links.url, 'https://h/')), 3),
  ('join/left join keeps clean rows',
   (SELECT count(*) FROM links LEFT JOIN url_validation_errors(links.url, links.page) e), 6),
  ('join/group by', (SELECT group_concat(error || ':' || n, ' ') FROM
     (SELECT e.error, count(*) n FROM links, url_validation_errors(links.url, links.page) e
       GROUP BY 1 ORDER BY 2 DESC, 1)),
   'IPv6-unclosed:1 invalid-URL-unit:1 invalid-reverse-solidus:1');

-- ------------------------------------------------------- NULL, non-text
INSERT INTO checks VALUES
  ('null input', (SELECT count(*) FROM url_validation_errors(NULL)), 0),
  ('integer input', (SELECT error FROM url_validation_errors(42)), 'missing-scheme-non-relative-URL'),
  ('real input', (SELECT count(*) FROM url_validation_errors(1.5)), 1),
  ('blob input', (SELECT error FROM url_validation_errors(X'68747470733A2F2F755F40682F')),
   'invalid-credentials'),
  ('empty input', (SELECT error || failure FROM url_validation_errors('')),
   'missing-scheme-non-relative-URL1'),
  ('embedded NUL', (SELECT group_concat(position, ' ')
      FROM url_validation_errors('https://h/a' || char(0) || 'b')), '12'),
  ('long input', (SELECT count(*) FROM url_validation_errors('https://h/' || printf('%.*c', 100000, ' ') || 'x')),
   100000);

-- -------------------------------------------------------- url_valid_string
INSERT INTO checks VALUES
  ('valid/absolute', url_valid_string('https://example.com/a?b#c'), 1),
  ('valid/credentials', url_valid_string('https://user@example.com/'), 0),
  ('valid/parses but not valid', url_valid('https:example.org') || url_valid_string('https:example.org'), '10'),
  ('valid/space', url_valid_string('https://example.org/foo bar'), 0),
  ('valid/dot segments', url_valid_string('https://example.com/././foo'), 1),
  ('valid/opaque path', url_valid_string('hello:world'), 1),
  ('valid/IPv6', url_valid_string('https://[2001:db8::1]:8080/'), 1),
  ('valid/IPv6 leading zero', url_valid_string('https://[2001:0db8::1]/'), 0),
  ('valid/IPv4', url_valid_string('https://192.168.0.1/'), 1),
  ('valid/IPv4 short', url_valid_string('https://192.168.1/'), 0),
  ('valid/IDN', url_valid_string('https://münchen.de/'), 1),
  ('valid/domain ends in a number', url_valid_string('https://example.123/'), 0),
  ('valid/underscore', url_valid_string('https://a_b.example/'), 0),
  ('valid/file', url_valid_string('file:///C:/demo'), 1),
  ('valid/file pipe', url_valid_string('file:///C|/demo'), 0),
  ('valid/relative', url_valid_string('../x', 'https://example.com/a/'), 1),
  ('valid/relative without base', url_valid_string('../x'), 0),
  ('valid/relative backslash', url_valid_string('\x', 'https://example.com/'), 0),
  ('valid/scheme-relative', url_valid_string('//h/p', 'https://example.com/'), 1),
  ('valid/opaque base fragment', url_valid_string('#x', 'mailto:a'), 1),
  ('valid/opaque base path', url_valid_string('x', 'mailto:a'), 0),
  ('valid/NULL base', url_valid_string('https://a/', NULL), 1),
  ('valid/invalid base', url_valid_string('https://a/', 'not a url'), 0),
  ('valid/NULL', url_valid_string(NULL), NULL),
  ('valid/NULL with base', url_valid_string(NULL, 'https://a/'), NULL),
  ('valid/integer', url_valid_string(42), 0),
  ('valid/blob', url_valid_string(X'68747470733A2F2F612F'), 1),
  ('valid/percent', url_valid_string('https://h/%2z'), 0),
  ('valid/type', typeof(url_valid_string('https://a/')), 'integer'),
  ('valid/agrees with no errors',
   (SELECT count(*) FROM examples
     WHERE url_valid_string(url, base) = 0), 30);

-- ------------------------------------------------------------- misuse
-- error: wrong number of arguments
SELECT url_valid_string();
-- error: wrong number of arguments
SELECT url_valid_string('a', 'b', 'c');
-- error: url_validation_errors: missing input argument
SELECT * FROM url_validation_errors;
-- error: too many arguments
SELECT * FROM url_validation_errors('a', 'b', 'c');
