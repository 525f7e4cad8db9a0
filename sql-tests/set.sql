-- url_set(url, component, value [, component, value ...]) (issue 4).
-- Expectations follow the URL API: u = new URL(url); u[c] = v; ...; u.href.
-- Convention: sql-tests/README.md.

-- One pair per setter.
INSERT INTO checks VALUES ('protocol https', url_set('http://example.com/', 'protocol', 'https'), 'https://example.com/');
INSERT INTO checks VALUES ('protocol special to non-special is a no-op', url_set('http://example.com/', 'protocol', 'foo'), 'http://example.com/');
INSERT INTO checks VALUES ('protocol drops default port', url_set('http://example.com:443/', 'protocol', 'https'), 'https://example.com/');
INSERT INTO checks VALUES ('protocol with colon and rest', url_set('http://example.com/', 'protocol', 'wss:junk'), 'wss://example.com/');
INSERT INTO checks VALUES ('username', url_set('https://example.com/', 'username', 'a b@c'), 'https://a%20b%40c@example.com/');
INSERT INTO checks VALUES ('password', url_set('https://u@example.com/', 'password', 'p:w'), 'https://u:p%3Aw@example.com/');
INSERT INTO checks VALUES ('username on file is a no-op', url_set('file:///etc/hosts', 'username', 'x'), 'file:///etc/hosts');
INSERT INTO checks VALUES ('host', url_set('https://example.com/a?b#c', 'host', 'EXAMPLE.org:8080'), 'https://example.org:8080/a?b#c');
INSERT INTO checks VALUES ('hostname ignores port', url_set('https://example.com:81/', 'hostname', 'example.org:8080'), 'https://example.com:81/');
INSERT INTO checks VALUES ('hostname idn', url_set('https://example.com/', 'hostname', 'münchen.de'), 'https://xn--mnchen-3ya.de/');
INSERT INTO checks VALUES ('host invalid is a no-op', url_set('https://example.com/', 'host', 'a b'), 'https://example.com/');
INSERT INTO checks VALUES ('port', url_set('https://example.com/', 'port', '8080'), 'https://example.com:8080/');
INSERT INTO checks VALUES ('port digit prefix', url_set('https://example.com/', 'port', '8080abc'), 'https://example.com:8080/');
INSERT INTO checks VALUES ('port default', url_set('https://example.com:8080/', 'port', '443'), 'https://example.com/');
INSERT INTO checks VALUES ('port too big is a no-op', url_set('https://example.com/', 'port', '65536'), 'https://example.com/');
INSERT INTO checks VALUES ('port empty', url_set('https://example.com:8080/', 'port', ''), 'https://example.com/');
INSERT INTO checks VALUES ('pathname', url_set('https://example.com/a/b?q', 'pathname', '/x/../y z'), 'https://example.com/y%20z?q');
INSERT INTO checks VALUES ('pathname keeps ? and #', url_set('https://example.com/', 'pathname', 'a?b#c'), 'https://example.com/a%3Fb%23c');
INSERT INTO checks VALUES ('pathname opaque no-op', url_set('mailto:a@b', 'pathname', 'x'), 'mailto:a@b');
INSERT INTO checks VALUES ('search', url_set('https://example.com/?a', 'search', 'b=c d'), 'https://example.com/?b=c%20d');
INSERT INTO checks VALUES ('search leading ?', url_set('https://example.com/', 'search', '?x'), 'https://example.com/?x');
INSERT INTO checks VALUES ('search empty removes ?', url_set('https://example.com/?a#f', 'search', ''), 'https://example.com/#f');
INSERT INTO checks VALUES ('hash', url_set('https://example.com/', 'hash', 'top'), 'https://example.com/#top');
INSERT INTO checks VALUES ('hash empty removes #', url_set('https://example.com/#top', 'hash', ''), 'https://example.com/');
INSERT INTO checks VALUES ('href', url_set('https://example.com/', 'href', 'HTTP://EXAMPLE.net/a/../b'), 'http://example.net/b');

-- docs/set.md's examples: force https, drop credentials and fragment at once.
INSERT INTO checks VALUES ('multi pair',
  url_set('http://user:pw@example.com/a#top', 'protocol', 'https', 'username', '', 'password', '', 'hash', ''),
  'https://example.com/a');
INSERT INTO checks VALUES ('pairs apply in order',
  url_set('https://example.com/', 'port', '81', 'protocol', 'http', 'port', '80'),
  'http://example.com/');
INSERT INTO checks VALUES ('opaque path trailing space when hash removed',
  url_set('data:space    #hash', 'hash', ''), 'data:space   %20');

-- NULL and invalid inputs.
INSERT INTO checks VALUES ('NULL url', url_set(NULL, 'port', '1'), NULL);
INSERT INTO checks VALUES ('invalid url', url_set('not a url', 'port', '1'), NULL);
INSERT INTO checks VALUES ('href set invalid', url_set('https://example.com/', 'href', 'nope'), NULL);
-- A NULL value or component gives NULL, as a NULL argument does everywhere
-- (docs/conventions.md rule 2); '' is what removes a query or fragment.
INSERT INTO checks VALUES ('NULL value', url_set('https://example.com/?q#h', 'search', NULL, 'hash', NULL), NULL);
INSERT INTO checks VALUES ('NULL component', url_set('https://example.com/?q#h', NULL, ''), NULL);
INSERT INTO checks VALUES ('NULL component after others', url_set('https://example.com/?q#h', 'search', '', NULL, ''), NULL);
INSERT INTO checks VALUES ('empty value removes', url_set('https://example.com/?q#h', 'search', '', 'hash', ''), 'https://example.com/');
INSERT INTO checks VALUES ('component case', url_set('https://example.com/', 'HOST', 'a.b', 'Hash', 'x'), 'https://a.b/#x');
INSERT INTO checks VALUES ('integer value', url_set('https://example.com/', 'port', 8080), 'https://example.com:8080/');
INSERT INTO checks VALUES ('blob url', url_set(X'68747470733A2F2F612F', 'hash', 'x'), 'https://a/#x');
INSERT INTO checks VALUES ('invalid utf8 value', url_set('https://a/', 'hash', X'FF'), 'https://a/#%EF%BF%BD');
INSERT INTO checks VALUES ('tab and newline removed', url_set('https://a/', 'pathname', 'x' || char(9) || 'y' || char(10)), 'https://a/xy');
INSERT INTO checks VALUES ('idempotent on a table',
  (SELECT count(*) FROM (SELECT url_set(u, 'hash', '') AS h FROM (SELECT 'https://a/#x' AS u UNION ALL SELECT 'http://b/?c#d'))
    WHERE url_href(h) IS h), 2);

-- Misuse: errors that name the function.
-- error: url_set: unknown component 'bogus'
SELECT url_set('https://a/', 'bogus', 'x');
-- error: url_set: unknown component 'bogus' (expected one of: href, protocol
SELECT url_set('https://a/', NULL, 'x', 'bogus', 'y');
-- error: url_set: expected url followed by component, value pairs
SELECT url_set('https://a/', 'port');
-- error: url_set: expected url followed by component, value pairs
SELECT url_set('https://a/');
-- error: url_set: unknown component 'Hostt'
SELECT url_set(NULL, 'Hostt', 'x');

-- Error messages quote the argument as valid UTF-8: invalid bytes and
-- control characters as \xHH, cut after 64 bytes.
-- error: url_set: unknown component 'a\xFFb\x0A'
SELECT url_set('https://a/', CAST(X'61FF620A' AS TEXT), 'x');
-- error: url_set: unknown component 'hrefhrefhrefhrefhrefhrefhrefhrefhrefhrefhrefhrefhrefhrefhrefhref'... (expected
SELECT url_set('https://a/', replace(printf('%.100c', 'x'), 'x', 'href'), 'x');
-- error: url_set: unknown component 'é\xC3'
SELECT url_set('https://a/', CAST(X'C3A9C3' AS TEXT), 'x');
