-- RFC 3986 / RFC 3987 functions (ext/uri.c): uri_valid, uri_error, the
-- getters and uri_components, uri_resolve, uri_relative, uri_normalize,
-- uri_equivalent, uri_encode, uri_decode, uri_from_iri, uri_to_iri,
-- uri_from_url.  Convention: sql-tests/README.md.  Expectations: the RFCs'
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
INSERT INTO checks VALUES ('valid null rule', uri_valid('a:b', NULL), NULL);
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
-- error: unknown rule 'uri' (expected one of: URI, URI-reference, absolute-URI, relative-ref, IRI, IRI-reference)
SELECT uri_valid('a:b', 'uri');
CREATE TABLE uris(u TEXT CHECK (uri_valid(u)));
INSERT INTO uris VALUES ('mailto:a@b.example');
INSERT INTO checks VALUES ('valid check', (SELECT count(*) FROM uris), 1);
-- error: CHECK constraint failed
CREATE TEMP TABLE t(u CHECK (uri_valid(u))); INSERT INTO t VALUES ('http://a b/');

-- uri_error: where, in which component, which character.
INSERT INTO checks VALUES ('error quote', uri_error('https://"www.example.com/'),
  '{"offset":8,"component":"host","char":"\""}');
INSERT INTO checks VALUES ('error valid', uri_error('a:b'), NULL);
INSERT INTO checks VALUES ('error null', uri_error(NULL), NULL);
INSERT INTO checks VALUES ('error end', uri_error('http'), '{"offset":4,"component":"scheme","char":null}');
INSERT INTO checks VALUES ('error port', uri_error('http://h:8a/'), '{"offset":10,"component":"port","char":"a"}');
INSERT INTO checks VALUES ('error userinfo', uri_error('http://a b@h/'), '{"offset":8,"component":"userinfo","char":" "}');
INSERT INTO checks VALUES ('error path colon', uri_error('1a:b', 'URI-reference'), '{"offset":2,"component":"path","char":":"}');
INSERT INTO checks VALUES ('error query', uri_error('a:?{'), '{"offset":3,"component":"query","char":"{"}');
INSERT INTO checks VALUES ('error fragment', uri_error('a:#a#'), '{"offset":4,"component":"fragment","char":"#"}');
INSERT INTO checks VALUES ('error non-ascii', uri_error('a:ü'), '{"offset":2,"component":"path","char":"ü"}');
INSERT INTO checks VALUES ('error iri ok', uri_error('a:ü', 'IRI'), NULL);
INSERT INTO checks VALUES ('error bad byte', uri_error(x'613aff'), '{"offset":2,"component":"path","char":"�"}');
INSERT INTO checks VALUES ('error ipv6', uri_error('http://[1::2::3]/') ->> '$.offset', 13);

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
INSERT INTO checks VALUES ('query empty', uri_query('http://h?'), '');
INSERT INTO checks VALUES ('query absent', uri_query('http://h'), NULL);
INSERT INTO checks VALUES ('fragment', uri_fragment('a:b#%7e'), '%7e');
INSERT INTO checks VALUES ('userinfo', uri_userinfo('ftp://u:p@h/'), 'u:p');
INSERT INTO checks VALUES ('userinfo empty', uri_userinfo('ftp://@h/'), '');
INSERT INTO checks VALUES ('getter invalid', uri_host('http://a b/'), NULL);
INSERT INTO checks VALUES ('getter relative', uri_path('../a?b'), '../a');
INSERT INTO checks VALUES ('components row',
  (SELECT json_array(scheme, userinfo, host, host_type, port, path, query, fragment)
     FROM uri_components('foo://u@example.com:8042/over/there?name=ferret#nose')),
  '["foo","u","example.com","reg-name","8042","/over/there","name=ferret","nose"]');
INSERT INTO checks VALUES ('components absent',
  (SELECT json_array(scheme, userinfo, host, host_type, port, path, query, fragment)
     FROM uri_components('mailto:John.Doe@example.com')),
  '["mailto",null,null,null,null,"John.Doe@example.com",null,null]');
INSERT INTO checks VALUES ('components invalid', (SELECT count(*) FROM uri_components('a b:c')), 0);
INSERT INTO checks VALUES ('components null', (SELECT count(*) FROM uri_components(NULL)), 0);
CREATE TABLE refs(r);
INSERT INTO refs VALUES ('http://a/b'), ('//h:1'), ('x y'), (NULL), ('?q');
INSERT INTO checks VALUES ('components join',
  (SELECT group_concat(coalesce(c.host, '-') || '|' || coalesce(c.query, '-'), ',')
     FROM refs, uri_components(refs.r) AS c), 'a|-,h|-,-|q');

-- uri_resolve: RFC 3986 §5.4 (tests/uri_test.c runs all 42 from the RFC's text).
CREATE TABLE rfc(ref, want);
INSERT INTO rfc VALUES ('g:h', 'g:h'), ('g', 'http://a/b/c/g'), ('./g', 'http://a/b/c/g'),
  ('//g', 'http://g'), ('?y', 'http://a/b/c/d;p?y'), ('#s', 'http://a/b/c/d;p?q#s'),
  ('', 'http://a/b/c/d;p?q'), ('../..', 'http://a/'), ('../../../../g', 'http://a/g'),
  ('g;x=1/../y', 'http://a/b/c/y'), ('g#s/../x', 'http://a/b/c/g#s/../x'), ('http:g', 'http:g');
INSERT INTO checks VALUES ('resolve rfc examples',
  (SELECT count(*) FROM rfc WHERE uri_resolve('http://a/b/c/d;p?q', ref) IS want), 12);
INSERT INTO checks VALUES ('resolve opaque', uri_resolve('foo:bar', 'g'), 'foo:g');
INSERT INTO checks VALUES ('resolve url fails', url_resolve('foo:bar', 'g'), NULL);
INSERT INTO checks VALUES ('resolve slash dot', uri_resolve('foo:/', '/.//g'), 'foo:/.//g');
INSERT INTO checks VALUES ('resolve slash dot 2', uri_resolve('foo:/a/b', '..//x'), 'foo:/.//x');
INSERT INTO checks VALUES ('resolve base fragment', uri_resolve('http://a/b#f', ''), 'http://a/b');
INSERT INTO checks VALUES ('resolve relative base', uri_resolve('/a', 'b'), NULL);
INSERT INTO checks VALUES ('resolve bad ref', uri_resolve('http://a/', 'a b'), NULL);
INSERT INTO checks VALUES ('resolve null', uri_resolve('http://a/', NULL), NULL);
INSERT INTO checks VALUES ('resolve iri', uri_resolve('http://ü/a', 'ö'), 'http://ü/ö');

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
  (SELECT count(*) FROM rfc WHERE uri_resolve('http://a/b/c/d;p?q',
     uri_relative(want, 'http://a/b/c/d;p?q')) IS want), 12);

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

-- uri_encode / uri_decode
INSERT INTO checks VALUES ('encode unreserved', uri_encode('a b/ü~*'), 'a%20b%2F%C3%BC~%2A');
INSERT INTO checks VALUES ('encode component', uri_encode('a b/ü~*', 'component'), 'a%20b%2F%C3%BC~*');
INSERT INTO checks VALUES ('encode uri', uri_encode('a b/ü~*#?', 'uri'), 'a%20b/%C3%BC~*#?');
INSERT INTO checks VALUES ('encode pchar', uri_encode('a:@/?#[', 'pchar'), 'a:@%2F%3F%23%5B');
INSERT INTO checks VALUES ('encode path', uri_encode('a:@/?#', 'path'), 'a:@/%3F%23');
INSERT INTO checks VALUES ('encode query', uri_encode('a/?#&=', 'query'), 'a/?%23&=');
INSERT INTO checks VALUES ('encode userinfo', uri_encode('u:p@h', 'userinfo'), 'u:p%40h');
INSERT INTO checks VALUES ('encode reg-name', uri_encode('a:b', 'reg-name'), 'a%3Ab');
INSERT INTO checks VALUES ('encode percent', uri_encode('100%', 'uri'), '100%25');
INSERT INTO checks VALUES ('encode null', uri_encode(NULL), NULL);
-- error: unknown set 'form'
SELECT uri_encode('a', 'form');
INSERT INTO checks VALUES ('decode all', uri_decode('%41%2f%C3%BC%zz'), 'A/ü%zz');
INSERT INTO checks VALUES ('decode bad utf8', uri_decode('%ff'), '�');
INSERT INTO checks VALUES ('decode unreserved', uri_decode('%41%2f%7e', 'unreserved'), 'A%2F~');
INSERT INTO checks VALUES ('decode legacy', uri_decode('%u00e9%uD83D%uDE00%41%uD800', 'legacy'), 'é😀A�');
INSERT INTO checks VALUES ('decode all keeps %u', uri_decode('%u00e9'), '%u00e9');

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
INSERT INTO checks VALUES ('from url', uri_from_url('https://"www.example.com/a|b?{x}#a b`'),
  'https://%22www.example.com/a%7Cb?%7Bx%7D#a%20b%60');
INSERT INTO checks VALUES ('from url valid', uri_valid(uri_from_url('https://"www.example.com/a|b?{x}#a b`')), 1);
INSERT INTO checks VALUES ('from url opaque host', uri_from_url('foo://a{b}/'), 'foo://a%7Bb%7D/');
INSERT INTO checks VALUES ('from url slash dot', uri_from_url('web+demo:/.//not-a-host/'), 'web+demo:/.//not-a-host/');
INSERT INTO checks VALUES ('from url invalid', uri_from_url('http://a b/'), NULL);
INSERT INTO checks VALUES ('from url host', uri_host(uri_from_url('https:host/p')), 'host');
