-- RFC 3986 / RFC 3987 functions (ext/uri.c): uri_valid, uri_error, the
-- getters and uri_components, uri_resolve, uri_relative, uri_normalize,
-- uri_equivalent, uri_encode, uri_decode, uri_from_iri, uri_to_iri,
-- uri_from_url, uri_set.  Convention: sql-tests/README.md.  Expectations: the RFCs'
-- own examples (RFC 3986 §1.1.2, §5.4, §6.2.2, §6.2.3), and docs/uri.md.

-- uri_valid: each rule; NULL in, NULL out; usable in CHECK.
INSERT INTO checks VALUES ('valid uri', uri_valid('http://a/b?c#d'), 1);
INSERT INTO checks VALUES ('valid no host', uri_valid('https:host/p'), 1);
INSERT INTO checks VALUES ('valid quote host', uri_valid('https://"www.example.com/'), 0);
INSERT INTO checks VALUES ('valid relative as URI', uri_valid('/a'), 0);
INSERT INTO checks VALUES ('valid relative ref', uri_valid('/a', 'URI-reference'), 1);
INSERT INTO checks VALUES ('valid relative-ref scheme', uri_valid('a:b', 'relative-ref'), 0);
INSERT INTO checks VALUES ('valid dot colon', uri_valid('./a:b', 'relative-ref'), 1);
INSERT INTO checks VALUES ('valid absolute frag', uri_valid('a:b#f', 'absolute-URI'), 0);
INSERT INTO checks VALUES ('valid absolute', uri_valid('a:b?q', 'absolute-URI'), 1);
INSERT INTO checks VALUES ('valid iri as uri', uri_valid('http://ü/'), 0);
INSERT INTO checks VALUES ('valid iri', uri_valid('http://ü/', 'IRI'), 1);
INSERT INTO checks VALUES ('valid iri-reference', uri_valid('ü', 'IRI-reference'), 1);
INSERT INTO checks VALUES ('valid iprivate query', uri_valid(x'613a3fee8080', 'IRI'), 1);
INSERT INTO checks VALUES ('valid iprivate path', uri_valid(x'613aee8080', 'IRI'), 0);
INSERT INTO checks VALUES ('valid bad utf8', uri_valid(x'613aff', 'IRI'), 0);
INSERT INTO checks VALUES ('valid nul', uri_valid(x'613a00'), 0);
INSERT INTO checks VALUES ('valid empty', uri_valid(''), 0);
INSERT INTO checks VALUES ('valid empty ref', uri_valid('', 'URI-reference'), 1);
INSERT INTO checks VALUES ('valid null', uri_valid(NULL), NULL);
-- A NULL rule is the default, URI (docs/conventions.md rule 2); rule names
-- are case-insensitive as ABNF's are (RFC 5234 §2.1), so JSON Schema's
-- format names work (rule 3).
INSERT INTO checks VALUES ('valid null rule', uri_valid('/a', NULL), uri_valid('/a'));
INSERT INTO checks VALUES ('valid json schema uri-reference', uri_valid('//h/p', 'uri-reference'), 1);
INSERT INTO checks VALUES ('valid json schema uri', uri_valid('//h/p', 'uri'), 0);
INSERT INTO checks VALUES ('valid json schema iri', uri_valid('http://ü/', 'iri'), 1);
INSERT INTO checks VALUES ('valid json schema iri-reference', uri_valid('ü', 'iri-reference'), 1);
INSERT INTO checks VALUES ('valid rule any case', uri_valid('a:b', 'ABSOLUTE-uri') || uri_valid('./a', 'Relative-Ref'), '11');
INSERT INTO checks VALUES ('valid rule as blob', uri_valid('/a', CAST('uri-reference' AS BLOB)), 1);
INSERT INTO checks VALUES ('valid integer', uri_valid(12, 'relative-ref'), 1);
INSERT INTO checks VALUES ('valid ipv6', uri_valid('http://[2001:db8::7]/'), 1);
INSERT INTO checks VALUES ('valid ipv6 bad', uri_valid('http://[2001:db8::7::1]/'), 0);
INSERT INTO checks VALUES ('valid ipv4 in v6', uri_valid('http://[::ffff:1.2.3.4]/'), 1);
INSERT INTO checks VALUES ('valid ipvfuture', uri_valid('http://[V7.a:b]/'), 1);
INSERT INTO checks VALUES ('valid zone id', uri_valid('http://[fe80::1%25en0]/'), 0);
INSERT INTO checks VALUES ('valid long port', uri_valid('http://h:99999999999/'), 1);
INSERT INTO checks VALUES ('valid backslash', uri_valid('http://h/a\b'), 0);
INSERT INTO checks VALUES ('valid space', uri_valid('http://h/a b'), 0);
INSERT INTO checks VALUES ('valid pct', uri_valid('http://h/%zz'), 0);
-- error: unknown rule 'uri-template' (expected one of: URI, URI-reference, absolute-URI, relative-ref, IRI, IRI-reference)
SELECT uri_valid('a:b', 'uri-template');
CREATE TABLE uris(u TEXT CHECK (uri_valid(u)));
INSERT INTO uris VALUES ('mailto:a@b.example');
INSERT INTO checks VALUES ('valid check', (SELECT count(*) FROM uris), 1);
-- error: CHECK constraint failed
CREATE TEMP TABLE t(u CHECK (uri_valid(u))); INSERT INTO t VALUES ('http://a b/');

-- uri_error: where (a 1-based position, as substr() counts the argument:
-- characters of TEXT, bytes of a BLOB; docs/conventions.md rule 4), in
-- which component, which character.
INSERT INTO checks VALUES ('error quote', uri_error('https://"www.example.com/'),
  '{"position":9,"component":"host","char":"\""}');
INSERT INTO checks VALUES ('error valid', uri_error('a:b'), NULL);
INSERT INTO checks VALUES ('error null', uri_error(NULL), NULL);
INSERT INTO checks VALUES ('error null rule', uri_error('/a', NULL), uri_error('/a'));
INSERT INTO checks VALUES ('error end', uri_error('http'), '{"position":5,"component":"scheme","char":null}');
INSERT INTO checks VALUES ('error port', uri_error('http://h:8a/'), '{"position":11,"component":"port","char":"a"}');
INSERT INTO checks VALUES ('error userinfo', uri_error('http://a b@h/'), '{"position":9,"component":"userinfo","char":" "}');
INSERT INTO checks VALUES ('error path colon', uri_error('1a:b', 'URI-reference'), '{"position":3,"component":"path","char":":"}');
INSERT INTO checks VALUES ('error query', uri_error('a:?{'), '{"position":4,"component":"query","char":"{"}');
INSERT INTO checks VALUES ('error fragment', uri_error('a:#a#'), '{"position":5,"component":"fragment","char":"#"}');
INSERT INTO checks VALUES ('error non-ascii', uri_error('a:ü'), '{"position":3,"component":"path","char":"ü"}');
INSERT INTO checks VALUES ('error iri ok', uri_error('a:ü', 'IRI'), NULL);
INSERT INTO checks VALUES ('error bad byte', uri_error(x'613aff'), '{"position":3,"component":"path","char":"�"}');
INSERT INTO checks VALUES ('error ipv6', uri_error('http://[1::2::3]/') ->> '$.position', 14);
-- The issue's case: after non-ASCII the position is the character's, and
-- substr() from it starts at that character (a BLOB: its byte).
INSERT INTO checks VALUES ('error position after non-ASCII', uri_error('http://üü/ b', 'IRI') ->> '$.position', 11);
INSERT INTO checks VALUES ('error position substr',
  substr('http://üü/ b', uri_error('http://üü/ b', 'IRI') ->> '$.position'), ' b');
INSERT INTO checks VALUES ('error position in a blob', uri_error(CAST('http://üü/ b' AS BLOB), 'IRI') ->> '$.position', 13);
INSERT INTO checks VALUES ('error position in a blob, substr',
  substr(CAST('http://üü/ b' AS BLOB), uri_error(CAST('http://üü/ b' AS BLOB), 'IRI') ->> '$.position'), CAST(' b' AS BLOB));
INSERT INTO checks VALUES ('error position after bytes that are not UTF-8',
  uri_error(CAST(x'613AF58041FF' AS TEXT), 'IRI') ->> '$.position', 3);
INSERT INTO checks VALUES ('error position agrees with url_validation_errors',
  (SELECT position FROM url_validation_errors('http://üü/ b')), uri_error('http://üü/ b', 'IRI') ->> '$.position');

-- The getters and uri_components: as written, absent NULL, empty ''.
INSERT INTO checks VALUES ('scheme', uri_scheme('HTTP://h'), 'HTTP');
INSERT INTO checks VALUES ('host no authority', uri_host('https:host/p'), NULL);
INSERT INTO checks VALUES ('path no authority', uri_path('https:host/p'), 'host/p');
INSERT INTO checks VALUES ('host empty', uri_host('file:///etc'), '');
INSERT INTO checks VALUES ('host brackets', uri_host('http://[::1]:8/'), '[::1]');
INSERT INTO checks VALUES ('host type v6', uri_host_type('http://[::1]:8/'), 'ipv6');
INSERT INTO checks VALUES ('host type v4', uri_host_type('http://1.2.3.4/'), 'ipv4');
INSERT INTO checks VALUES ('host type v4 not', uri_host_type('http://01.2.3.4/'), 'reg-name');
INSERT INTO checks VALUES ('host type hex', uri_host_type('http://0x7f.1/'), 'reg-name');
INSERT INTO checks VALUES ('host type future', uri_host_type('http://[v1.x]/'), 'ipvfuture');
INSERT INTO checks VALUES ('host type none', uri_host_type('mailto:a@b'), NULL);
INSERT INTO checks VALUES ('port empty', uri_port('http://h:/'), '');
INSERT INTO checks VALUES ('port absent', uri_port('http://h/'), NULL);
INSERT INTO checks VALUES ('port text', typeof(uri_port('http://h:8080/')), 'text');
-- The port's number beside its text (docs/conventions.md rule 6).
INSERT INTO checks VALUES ('port number', uri_port_number('http://h:8080/'), 8080);
INSERT INTO checks VALUES ('port number leading zeros', uri_port_number('http://h:080/'), 80);
INSERT INTO checks VALUES ('port number empty', uri_port_number('http://h:/'), NULL);
INSERT INTO checks VALUES ('port number absent', uri_port_number('http://h/'), NULL);
INSERT INTO checks VALUES ('port number no range', uri_port_number('http://h:99999999/'), 99999999);
INSERT INTO checks VALUES ('port number past int64', uri_port_number('http://h:99999999999999999999/'), NULL);
INSERT INTO checks VALUES ('port number int64 max', uri_port_number('http://h:9223372036854775807/'), 9223372036854775807);
INSERT INTO checks VALUES ('port number invalid', uri_port_number('http://h:8a/'), NULL);
INSERT INTO checks VALUES ('port number null', uri_port_number(NULL), NULL);
INSERT INTO checks VALUES ('query empty', uri_query('http://h?'), '');
INSERT INTO checks VALUES ('query absent', uri_query('http://h'), NULL);
INSERT INTO checks VALUES ('fragment', uri_fragment('a:b#%7e'), '%7e');
INSERT INTO checks VALUES ('userinfo', uri_userinfo('ftp://u:p@h/'), 'u:p');
INSERT INTO checks VALUES ('userinfo empty', uri_userinfo('ftp://@h/'), '');
INSERT INTO checks VALUES ('getter invalid', uri_host('http://a b/'), NULL);
INSERT INTO checks VALUES ('getter relative', uri_path('../a?b'), '../a');
INSERT INTO checks VALUES ('components row',
  (SELECT json_array(scheme, userinfo, host, host_type, port, port_number, path, query, fragment)
     FROM uri_components('foo://u@example.com:8042/over/there?name=ferret#nose')),
  '["foo","u","example.com","reg-name","8042",8042,"/over/there","name=ferret","nose"]');
INSERT INTO checks VALUES ('components port types',
  (SELECT typeof(port) || typeof(port_number) FROM uri_components('http://h:1/')), 'textinteger');
INSERT INTO checks VALUES ('components empty port',
  (SELECT quote(port) || quote(port_number) FROM uri_components('http://h:/')), '''''NULL');
INSERT INTO checks VALUES ('components absent',
  (SELECT json_array(scheme, userinfo, host, host_type, port, port_number, path, query, fragment)
     FROM uri_components('mailto:John.Doe@example.com')),
  '["mailto",null,null,null,null,null,"John.Doe@example.com",null,null]');
INSERT INTO checks VALUES ('components invalid', (SELECT count(*) FROM uri_components('a b:c')), 0);
INSERT INTO checks VALUES ('components null', (SELECT count(*) FROM uri_components(NULL)), 0);
CREATE TABLE refs(r);
INSERT INTO refs VALUES ('http://a/b'), ('//h:1'), ('x y'), (NULL), ('?q');
INSERT INTO checks VALUES ('components join',
  (SELECT group_concat(coalesce(c.host, '-') || '|' || coalesce(c.query, '-'), ',')
     FROM refs, uri_components(refs.r) AS c), 'a|-,h|-,-|q');

-- uri_resolve(ref, base): RFC 3986 §5.4 (tests/uri_test.c runs all 42 from
-- the RFC's text); the base last, as url_resolve's and new URL()'s.
CREATE TABLE rfc(ref, want);
INSERT INTO rfc VALUES ('g:h', 'g:h'), ('g', 'http://a/b/c/g'), ('./g', 'http://a/b/c/g'),
  ('//g', 'http://g'), ('?y', 'http://a/b/c/d;p?y'), ('#s', 'http://a/b/c/d;p?q#s'),
  ('', 'http://a/b/c/d;p?q'), ('../..', 'http://a/'), ('../../../../g', 'http://a/g'),
  ('g;x=1/../y', 'http://a/b/c/y'), ('g#s/../x', 'http://a/b/c/g#s/../x'), ('http:g', 'http:g');
INSERT INTO checks VALUES ('resolve rfc examples',
  (SELECT count(*) FROM rfc WHERE uri_resolve(ref, 'http://a/b/c/d;p?q') IS want), 12);
INSERT INTO checks VALUES ('resolve opaque', uri_resolve('g', 'foo:bar'), 'foo:g');
INSERT INTO checks VALUES ('resolve url fails', url_resolve('g', 'foo:bar'), NULL);
INSERT INTO checks VALUES ('resolve null base', uri_resolve('g', NULL), NULL);
INSERT INTO checks VALUES ('resolve order as url_resolve', uri_resolve('../c', 'http://a/b/d'), url_resolve('../c', 'http://a/b/d'));
INSERT INTO checks VALUES ('resolve slash dot', uri_resolve('/.//g', 'foo:/'), 'foo:/.//g');
INSERT INTO checks VALUES ('resolve slash dot 2', uri_resolve('..//x', 'foo:/a/b'), 'foo:/.//x');
INSERT INTO checks VALUES ('resolve base fragment', uri_resolve('', 'http://a/b#f'), 'http://a/b');
INSERT INTO checks VALUES ('resolve relative base', uri_resolve('b', '/a'), NULL);
INSERT INTO checks VALUES ('resolve bad ref', uri_resolve('a b', 'http://a/'), NULL);
INSERT INTO checks VALUES ('resolve null', uri_resolve(NULL, 'http://a/'), NULL);
INSERT INTO checks VALUES ('resolve iri', uri_resolve('ö', 'http://ü/a'), 'http://ü/ö');

-- uri_relative: the shortest reference back to the target.
INSERT INTO checks VALUES ('relative g?y', uri_relative('http://a/b/c/g?y', 'http://a/b/c/d;p?q'), 'g?y');
INSERT INTO checks VALUES ('relative up', uri_relative('http://a/g', 'http://a/b/c/d;p?q'), '/g');
INSERT INTO checks VALUES ('relative up2', uri_relative('http://a/b/g', 'http://a/b/c/d;p?q'), '../g');
INSERT INTO checks VALUES ('relative same', uri_relative('http://a/b/c/d;p?q', 'http://a/b/c/d;p?q'), '');
INSERT INTO checks VALUES ('relative fragment', uri_relative('http://a/b/c/d;p?q#s', 'http://a/b/c/d;p?q'), '#s');
INSERT INTO checks VALUES ('relative query', uri_relative('http://a/b/c/d;p?y', 'http://a/b/c/d;p?q'), '?y');
INSERT INTO checks VALUES ('relative no query', uri_relative('http://a/b/c/d;p', 'http://a/b/c/d;p?q'), 'd;p');
INSERT INTO checks VALUES ('relative dir', uri_relative('http://a/b/c/', 'http://a/b/c/d;p?q'), './');
INSERT INTO checks VALUES ('relative colon', uri_relative('http://a/b/c:d', 'http://a/b/x'), './c:d');
INSERT INTO checks VALUES ('relative host', uri_relative('http://g/x', 'http://a/b'), '//g/x');
INSERT INTO checks VALUES ('relative scheme', uri_relative('https://a/b', 'http://a/b'), 'https://a/b');
INSERT INTO checks VALUES ('relative opaque', uri_relative('foo:g', 'foo:bar'), 'g');
INSERT INTO checks VALUES ('relative dots', uri_relative('http://a/b/../c', 'http://a/x'), 'http://a/b/../c');
INSERT INTO checks VALUES ('relative round trip',
  (SELECT count(*) FROM rfc WHERE uri_resolve(uri_relative(want, 'http://a/b/c/d;p?q'),
     'http://a/b/c/d;p?q') IS want), 12);

-- uri_normalize: §6.2.2 and §6.2.3.
INSERT INTO checks VALUES ('normalize rfc', uri_normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d'),
  'example://a/b/c/%7Bfoo%7D');
INSERT INTO checks VALUES ('normalize case', uri_normalize('HTTP://www.EXAMPLE.com/'), 'http://www.example.com/');
INSERT INTO checks VALUES ('normalize host escape', uri_normalize('http://H%c3%A9/'), 'http://h%C3%A9/');
INSERT INTO checks VALUES ('normalize syntax keeps port', uri_normalize('http://h:80'), 'http://h:80');
INSERT INTO checks VALUES ('normalize scheme 1', uri_normalize('http://example.com', 'scheme'), 'http://example.com/');
INSERT INTO checks VALUES ('normalize scheme 2', uri_normalize('http://example.com:/', 'scheme'), 'http://example.com/');
INSERT INTO checks VALUES ('normalize scheme 3', uri_normalize('http://example.com:80/', 'scheme'), 'http://example.com/');
INSERT INTO checks VALUES ('normalize scheme query', uri_normalize('http://example.com/?', 'scheme'), 'http://example.com/?');
INSERT INTO checks VALUES ('normalize other scheme', uri_normalize('foo://h:/', 'scheme'), 'foo://h:/');
INSERT INTO checks VALUES ('normalize slash dot', uri_normalize('foo:/a/..//g'), 'foo:/.//g');
INSERT INTO checks VALUES ('normalize relative path', uri_normalize('../a/./b'), '../a/./b');
INSERT INTO checks VALUES ('normalize idempotent',
  uri_normalize(uri_normalize('HTTP://h/%7e/./%2E%2E/x?%3f#%2f', 'scheme'), 'scheme'),
  uri_normalize('HTTP://h/%7e/./%2E%2E/x?%3f#%2f', 'scheme'));
INSERT INTO checks VALUES ('normalize invalid', uri_normalize('http://a b/'), NULL);
-- error: unknown level 'full' (expected one of: syntax, scheme)
SELECT uri_normalize('a:b', 'full');

-- uri_equivalent
INSERT INTO checks VALUES ('equivalent rfc', uri_equivalent('example://a/b/c/%7Bfoo%7D',
  'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'), 1);
INSERT INTO checks VALUES ('equivalent simple', uri_equivalent('http://a/', 'HTTP://a/', 'simple'), 0);
INSERT INTO checks VALUES ('equivalent scheme', uri_equivalent('http://a', 'http://a:80/', 'scheme'), 1);
INSERT INTO checks VALUES ('equivalent syntax port', uri_equivalent('http://a', 'http://a:80/'), 0);
INSERT INTO checks VALUES ('equivalent query delim', uri_equivalent('http://a/?', 'http://a/', 'scheme'), 0);
INSERT INTO checks VALUES ('equivalent fragment', uri_equivalent('a:b#x', 'a:b#y'), 0);
INSERT INTO checks VALUES ('equivalent nofragment', uri_equivalent('a:b#x', 'a:b', 'syntax-nofragment'), 1);
INSERT INTO checks VALUES ('equivalent simple nofragment', uri_equivalent('a:b#x', 'a:b#y', 'simple-nofragment'), 1);
INSERT INTO checks VALUES ('equivalent invalid', uri_equivalent('a:b', 'a b'), NULL);
INSERT INTO checks VALUES ('equivalent null level', uri_equivalent('http://a', 'HTTP://a', NULL), 1);
INSERT INTO checks VALUES ('equivalent level case', uri_equivalent('http://a', 'http://a:80/', 'SCHEME'), 1);
-- IRIs are mapped to URIs before comparing (RFC 3987 §5.3.2.3), above the
-- simple level.
INSERT INTO checks VALUES ('equivalent iri and its uri', uri_equivalent('http://a/ä', 'http://a/%C3%A4'), 1);
INSERT INTO checks VALUES ('equivalent iri and its uri, lower-case hex', uri_equivalent('http://a/ä?ö', 'http://a/%c3%a4?%C3%B6'), 1);
INSERT INTO checks VALUES ('equivalent iri host', uri_equivalent('http://ü.example/', 'http://%C3%BC.example/'), 1);
INSERT INTO checks VALUES ('equivalent iri simple', uri_equivalent('http://a/ä', 'http://a/%C3%A4', 'simple'), 0);
INSERT INTO checks VALUES ('equivalent iri differs', uri_equivalent('http://a/ä', 'http://a/%C3%A5'), 0);
-- At the scheme level an IDN and its Punycode are one host (§5.3.3).
INSERT INTO checks VALUES ('equivalent idn scheme', uri_equivalent('http://résumé.example.org', 'http://xn--rsum-bpad.example.org/', 'scheme'), 1);
INSERT INTO checks VALUES ('equivalent idn syntax', uri_equivalent('http://résumé.example.org/', 'http://xn--rsum-bpad.example.org/'), 0);
-- IPv6 literals compared in RFC 5952's text at the scheme level: RFC 8252
-- §7.3's loopback redirect URIs.
INSERT INTO checks VALUES ('equivalent loopback v6', uri_equivalent('http://[0:0:0:0:0:0:0:1]/cb', 'http://[::1]/cb', 'scheme'), 1);
INSERT INTO checks VALUES ('equivalent loopback v6 syntax', uri_equivalent('http://[0:0:0:0:0:0:0:1]/cb', 'http://[::1]/cb'), 0);
INSERT INTO checks VALUES ('equivalent v6 case and zeros', uri_equivalent('foo://[2001:DB8:0:0:0::1]/', 'foo://[2001:db8::1]/', 'scheme-nofragment'), 1);
INSERT INTO checks VALUES ('equivalent v4-mapped', uri_equivalent('http://[::ffff:7f00:1]/', 'http://[::FFFF:127.0.0.1]/', 'scheme'), 1);
INSERT INTO checks VALUES ('normalize rfc 5952', uri_normalize('http://[2001:0DB8:0000:0000:0001:0000:0000:0001]:80/', 'scheme'), 'http://[2001:db8::1:0:0:1]/');
INSERT INTO checks VALUES ('normalize rfc 5952 first longest run', uri_normalize('http://[1:0:0:2:0:0:0:3]/', 'scheme'), 'http://[1:0:0:2::3]/');
INSERT INTO checks VALUES ('normalize rfc 5952 one zero', uri_normalize('http://[1:0:2:3:4:5:6:7]/', 'scheme'), 'http://[1:0:2:3:4:5:6:7]/');
INSERT INTO checks VALUES ('normalize rfc 5952 mapped', uri_normalize('http://[::FFFF:102:304]/', 'scheme'), 'http://[::ffff:1.2.3.4]/');
INSERT INTO checks VALUES ('normalize rfc 5952 translated', uri_normalize('http://[::ffff:0:102:304]/', 'scheme'), 'http://[::ffff:0:1.2.3.4]/');
INSERT INTO checks VALUES ('normalize rfc 5952 v4 compatible stays hex', uri_normalize('http://[::1.2.3.4]/', 'scheme'), 'http://[::102:304]/');
INSERT INTO checks VALUES ('normalize syntax keeps v6 text', uri_normalize('http://[0:0::1]/'), 'http://[0:0::1]/');
INSERT INTO checks VALUES ('normalize null level', uri_normalize('http://h:80', NULL), 'http://h:80');
INSERT INTO checks VALUES ('normalize ipvfuture', uri_normalize('http://[V7.A]/', 'scheme'), 'http://[v7.a]/');

-- uri_encode / uri_decode: one table of sets with url_encode
-- (docs/conventions.md rule 5): the URL Standard's names for its sets,
-- RFC 3986's as rfc3986-*, unreserved, pchar, reg-name and JavaScript's uri;
-- 'component' the default of both.
INSERT INTO checks VALUES ('encode default component', uri_encode('a b/ü~*'), 'a%20b%2F%C3%BC~*');
INSERT INTO checks VALUES ('encode = url_encode', uri_encode('a b/ü~*:@[|]'), url_encode('a b/ü~*:@[|]'));
INSERT INTO checks VALUES ('encode unreserved', uri_encode('a b/ü~*', 'unreserved'), 'a%20b%2F%C3%BC~%2A');
INSERT INTO checks VALUES ('encode component', uri_encode('a b/ü~*', 'component'), 'a%20b%2F%C3%BC~*');
INSERT INTO checks VALUES ('encode uri', uri_encode('a b/ü~*#?', 'uri'), 'a%20b/%C3%BC~*#?');
INSERT INTO checks VALUES ('encode pchar', uri_encode('a:@/?#[', 'pchar'), 'a:@%2F%3F%23%5B');
INSERT INTO checks VALUES ('encode rfc3986-path', uri_encode('a:@/?#', 'rfc3986-path'), 'a:@/%3F%23');
INSERT INTO checks VALUES ('encode rfc3986-query', uri_encode('a/?#&=[', 'rfc3986-query'), 'a/?%23&=%5B');
INSERT INTO checks VALUES ('encode rfc3986-fragment', uri_encode('a/?#&=[', 'rfc3986-fragment'), 'a/?%23&=%5B');
INSERT INTO checks VALUES ('encode rfc3986-userinfo', uri_encode('u:p@h', 'rfc3986-userinfo'), 'u:p%40h');
INSERT INTO checks VALUES ('encode userinfo (URL Standard)', uri_encode('u:p@h', 'userinfo'), 'u%3Ap%40h');
INSERT INTO checks VALUES ('encode path (URL Standard)', uri_encode('[|]%?', 'path'), '[|]%%3F');
INSERT INTO checks VALUES ('encode query (URL Standard)', uri_encode('a/?#&=[', 'query'), 'a/?%23&=[');
INSERT INTO checks VALUES ('encode form', uri_encode('a b&~', 'form'), 'a+b%26%7E');
INSERT INTO checks VALUES ('encode reg-name', uri_encode('a:b', 'reg-name'), 'a%3Ab');
INSERT INTO checks VALUES ('encode percent', uri_encode('100%', 'uri'), '100%25');
INSERT INTO checks VALUES ('encode rfc sets encode %', uri_encode('%', 'rfc3986-query') || uri_encode('%', 'pchar'), '%25%25');
INSERT INTO checks VALUES ('encode null', uri_encode(NULL), NULL);
INSERT INTO checks VALUES ('encode null set', uri_encode('a b*', NULL), uri_encode('a b*'));
INSERT INTO checks VALUES ('encode set case', uri_encode('a b', 'RFC3986-Path'), 'a%20b');
-- Octets in, octets out (RFC 3986 §2.1; Python's quote(b'\xffA') agrees).
INSERT INTO checks VALUES ('encode blob octets', uri_encode(x'ff41'), '%FFA');
INSERT INTO checks VALUES ('encode blob octets, a set', uri_encode(x'ff2f41', 'rfc3986-path'), '%FF/A');
INSERT INTO checks VALUES ('encode text with bad utf8', uri_encode(CAST(x'ff41' AS TEXT)), '%EF%BF%BDA');
INSERT INTO checks VALUES ('encode encoding', uri_encode('é ü', 'unreserved', 'windows-1252'), '%E9%20%FC');
-- error: unknown percent-encode set 'segment'
SELECT uri_encode('a', 'segment');
INSERT INTO checks VALUES ('decode all', uri_decode('%41%2f%C3%BC%zz'), 'A/ü%zz');
INSERT INTO checks VALUES ('decode bad utf8', uri_decode('%ff'), '�');
INSERT INTO checks VALUES ('decode unreserved', uri_decode('%41%2f%7e', 'unreserved'), 'A%2F~');
INSERT INTO checks VALUES ('decode legacy', uri_decode('%u00e9%uD83D%uDE00%41%uD800', 'legacy'), 'é😀A�');
INSERT INTO checks VALUES ('decode all keeps %u', uri_decode('%u00e9'), '%u00e9');
INSERT INTO checks VALUES ('decode null mode', uri_decode('%41', NULL), 'A');
INSERT INTO checks VALUES ('decode mode case', uri_decode('%41%2f', 'UNRESERVED'), 'A%2F');
-- An encoding, as url_decode's; 'binary' gives the bytes back as a BLOB.
INSERT INTO checks VALUES ('decode encoding', uri_decode('%C4%E3%BA%C3', 'all', 'gbk'), '你好');
INSERT INTO checks VALUES ('decode encoding null mode', uri_decode('%E9', NULL, 'latin1'), 'é');
INSERT INTO checks VALUES ('decode binary', uri_decode('%FFA', 'all', 'binary'), x'FF41');
INSERT INTO checks VALUES ('decode binary round trip', uri_decode(uri_encode(x'00FF80', 'unreserved'), NULL, 'binary'), x'00FF80');
INSERT INTO checks VALUES ('decode binary type', typeof(uri_decode('a', NULL, 'Binary')), 'blob');
INSERT INTO checks VALUES ('decode null encoding', uri_decode('%C3%A9', 'all', NULL), 'é');
-- error: uri_decode: unknown encoding 'nope'
SELECT uri_decode('a', 'all', 'nope');

-- IRIs
INSERT INTO checks VALUES ('from iri', uri_from_iri('http://ü.example/ä?ö#é'),
  'http://%C3%BC.example/%C3%A4?%C3%B6#%C3%A9');
INSERT INTO checks VALUES ('from iri idna', uri_from_iri('http://ü.example/ä', 'idna'), 'http://xn--tda.example/%C3%A4');
INSERT INTO checks VALUES ('from iri invalid', uri_from_iri('http://a b/'), NULL);
INSERT INTO checks VALUES ('from iri valid uri', uri_valid(uri_from_iri('http://ƒøø.ßår/?∂éœ=πîx#πîüx')), 1);
INSERT INTO checks VALUES ('to iri', uri_to_iri('http://%C3%BC.example/%C3%A4%2F%41'), 'http://ü.example/ä%2FA');
INSERT INTO checks VALUES ('to iri bidi', uri_to_iri('a:%E2%80%8F'), 'a:%E2%80%8F');
INSERT INTO checks VALUES ('to iri bad utf8', uri_to_iri('a:%C3%41%28'), 'a:%C3A%28');
INSERT INTO checks VALUES ('to iri private fragment', uri_to_iri('a:#%EE%80%80'), 'a:#%EE%80%80');
INSERT INTO checks VALUES ('to iri private query', hex(uri_to_iri('a:?%EE%80%80')), '613A3FEE8080');
INSERT INTO checks VALUES ('iri round trip', uri_to_iri(uri_from_iri('http://ü/ä?ö#é')), 'http://ü/ä?ö#é');
-- uri_to_iri takes uri_from_iri's option: 'idna' makes xn-- labels Unicode.
INSERT INTO checks VALUES ('to iri idna', uri_to_iri('http://xn--tda.example/%C3%A4', 'idna'), 'http://ü.example/ä');
INSERT INTO checks VALUES ('to iri percent', uri_to_iri('http://xn--tda.example/', 'percent'), 'http://xn--tda.example/');
INSERT INTO checks VALUES ('to iri null option', uri_to_iri('http://xn--tda.example/', NULL), 'http://xn--tda.example/');
INSERT INTO checks VALUES ('to iri idna case', uri_to_iri('http://XN--TDA.Example/', 'IDNA'), 'http://ü.Example/');
INSERT INTO checks VALUES ('to iri idna bad punycode', uri_to_iri('http://xn--a.example/', 'idna'), 'http://xn--a.example/');
INSERT INTO checks VALUES ('to iri idna escaped label', uri_to_iri('http://xn--tda%2F.example/', 'idna'), 'http://xn--tda%2F.example/');
INSERT INTO checks VALUES ('to iri idna ip', uri_to_iri('http://[::1]/', 'idna'), 'http://[::1]/');
INSERT INTO checks VALUES ('iri idna round trip', uri_from_iri(uri_to_iri('http://xn--mnchen-3ya.de/a', 'idna'), 'idna'), 'http://xn--mnchen-3ya.de/a');
INSERT INTO checks VALUES ('from iri null option', uri_from_iri('http://ü/', NULL), 'http://%C3%BC/');
-- error: uri_to_iri: unknown host mode 'punycode' (expected one of: percent, idna)
SELECT uri_to_iri('a:b', 'punycode');
INSERT INTO checks VALUES ('from url', uri_from_url('https://"www.example.com/a|b?{x}#a b`'),
  'https://%22www.example.com/a%7Cb?%7Bx%7D#a%20b%60');
INSERT INTO checks VALUES ('from url valid', uri_valid(uri_from_url('https://"www.example.com/a|b?{x}#a b`')), 1);
INSERT INTO checks VALUES ('from url opaque host', uri_from_url('foo://a{b}/'), 'foo://a%7Bb%7D/');
INSERT INTO checks VALUES ('from url slash dot', uri_from_url('web+demo:/.//not-a-host/'), 'web+demo:/.//not-a-host/');
INSERT INTO checks VALUES ('from url invalid', uri_from_url('http://a b/'), NULL);
INSERT INTO checks VALUES ('from url host', uri_host(uri_from_url('https:host/p')), 'host');

-- uri_set(uri, part, value, ...): parts set as given, in order, as url_set
-- does; a NULL value removes the part (RFC 3986 tells absent from empty);
-- a result a part's rule does not allow is NULL (nothing is encoded).
INSERT INTO checks VALUES ('set port', uri_set('http://a:8080/cb', 'port', '80'), 'http://a:80/cb');
INSERT INTO checks VALUES ('set drop port (RFC 8252 loopback)', uri_set('http://127.0.0.1:51004/cb?x', 'port', NULL), 'http://127.0.0.1/cb?x');
INSERT INTO checks VALUES ('set empty port', uri_set('http://a:8080/', 'port', ''), 'http://a:/');
INSERT INTO checks VALUES ('set pairs in order', uri_set('http://a/p?q#f', 'scheme', 'https', 'query', NULL, 'fragment', 'x'), 'https://a/p#x');
INSERT INTO checks VALUES ('set empty query', uri_set('http://a/p', 'query', ''), 'http://a/p?');
INSERT INTO checks VALUES ('set host', uri_set('http://u@a:1/p', 'host', '[::1]'), 'http://u@[::1]:1/p');
INSERT INTO checks VALUES ('set host removes authority', uri_set('http://u@a:1/p', 'host', NULL), 'http:/p');
INSERT INTO checks VALUES ('set host on a path', uri_set('mailto:x', 'path', '/x', 'host', 'h'), 'mailto://h/x');
INSERT INTO checks VALUES ('set order does not matter', uri_set('mailto:x', 'host', 'h', 'path', '/x'), 'mailto://h/x');
INSERT INTO checks VALUES ('set userinfo', uri_set('http://a/', 'userinfo', 'u:p'), 'http://u:p@a/');
INSERT INTO checks VALUES ('set path null', uri_set('http://a/p?q', 'path', NULL), 'http://a?q');
INSERT INTO checks VALUES ('set scheme null', uri_set('http://a/p', 'scheme', NULL), '//a/p');
INSERT INTO checks VALUES ('set iri', uri_set('http://a/', 'path', '/ä'), 'http://a/ä');
INSERT INTO checks VALUES ('set part case', uri_set('http://a/', 'QUERY', 'x'), 'http://a/?x');
INSERT INTO checks VALUES ('set integer port', uri_set('http://a/', 'port', 8080), 'http://a:8080/');
-- What a part may not hold.
INSERT INTO checks VALUES ('set bad port', uri_set('http://a/', 'port', '8a'), NULL);
INSERT INTO checks VALUES ('set # in query', uri_set('http://a/', 'query', 'a#b'), NULL);
INSERT INTO checks VALUES ('set space in path', uri_set('http://a/', 'path', '/a b'), NULL);
INSERT INTO checks VALUES ('set rootless path after authority', uri_set('http://a/', 'path', 'x'), NULL);
INSERT INTO checks VALUES ('set // path without authority', uri_set('a:b', 'path', '//x'), NULL);
INSERT INTO checks VALUES ('set colon in a relative first segment', uri_set('http://a/b', 'scheme', NULL, 'host', NULL, 'path', 'a:b'), NULL);
INSERT INTO checks VALUES ('set bad scheme', uri_set('http://a/', 'scheme', '1x'), NULL);
INSERT INTO checks VALUES ('set @ in userinfo', uri_set('http://a/', 'userinfo', 'a@b'), NULL);
INSERT INTO checks VALUES ('set bad host', uri_set('http://a/', 'host', 'a b'), NULL);
INSERT INTO checks VALUES ('set bad ipv6', uri_set('http://a/', 'host', '[::1::2]'), NULL);
INSERT INTO checks VALUES ('set port without host', uri_set('mailto:x', 'port', '80'), NULL);
INSERT INTO checks VALUES ('set bytes that are not utf-8', uri_set('http://a/', 'path', CAST(x'2FFF' AS TEXT)), NULL);
INSERT INTO checks VALUES ('set escapes kept', uri_set('http://a/', 'query', 'a=%20'), 'http://a/?a=%20');
INSERT INTO checks VALUES ('set with uri_encode', uri_set('http://a/', 'query', 'q=' || uri_encode('a&b c#', 'unreserved')), 'http://a/?q=a%26b%20c%23');
INSERT INTO checks VALUES ('set null uri', uri_set(NULL, 'port', '1'), NULL);
INSERT INTO checks VALUES ('set null part', uri_set('http://a/', NULL, '1'), NULL);
INSERT INTO checks VALUES ('set invalid uri', uri_set('http://a b/', 'port', '1'), NULL);
-- error: uri_set: unknown part 'pathname' (expected one of: scheme, userinfo, host, port, path, query, fragment)
SELECT uri_set('http://a/', 'pathname', '/x');
-- error: uri_set: expected uri followed by part, value pairs
SELECT uri_set('http://a/', 'port');
