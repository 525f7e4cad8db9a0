-- url_components(input [, base]) (ext/components.c): one row per valid URL.
-- Expected values are the URL Standard's / WPT urltestdata.json's.
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------------- schema
INSERT INTO checks VALUES
  ('schema/columns',
   (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
      FROM (SELECT * FROM pragma_table_xinfo('url_components') ORDER BY cid)),
   'href:TEXT:0,origin:TEXT:0,protocol:TEXT:0,username:TEXT:0,password:TEXT:0,' ||
   'host:TEXT:0,hostname:TEXT:0,port:TEXT:0,pathname:TEXT:0,search:TEXT:0,hash:TEXT:0,' ||
   'scheme:TEXT:0,query:TEXT:0,fragment:TEXT:0,host_type:TEXT:0,port_number:INTEGER:0,' ||
   'has_opaque_path:INTEGER:0,registrable_domain:TEXT:0,public_suffix:TEXT:0,' ||
   'idna2008_host:TEXT:0,tld:TEXT:0,subdomain:TEXT:0,input::1,base::1'),
  ('schema/select-star-columns',
   (SELECT count(*) FROM pragma_table_info('url_components')), 22);

-- ------------------------------------------------------- one full row
CREATE TEMP TABLE r AS
  SELECT * FROM url_components('https://user:pass@example.com:8080/p/a?q=1#f');
INSERT INTO checks VALUES
  ('full/rows', (SELECT count(*) FROM r), 1),
  ('full/href', (SELECT href FROM r), 'https://user:pass@example.com:8080/p/a?q=1#f'),
  ('full/origin', (SELECT origin FROM r), 'https://example.com:8080'),
  ('full/protocol', (SELECT protocol FROM r), 'https:'),
  ('full/username', (SELECT username FROM r), 'user'),
  ('full/password', (SELECT password FROM r), 'pass'),
  ('full/host', (SELECT host FROM r), 'example.com:8080'),
  ('full/hostname', (SELECT hostname FROM r), 'example.com'),
  ('full/port', (SELECT port FROM r), '8080'),
  ('full/pathname', (SELECT pathname FROM r), '/p/a'),
  ('full/search', (SELECT search FROM r), '?q=1'),
  ('full/hash', (SELECT hash FROM r), '#f'),
  ('full/scheme', (SELECT scheme FROM r), 'https'),
  ('full/query', (SELECT query FROM r), 'q=1'),
  ('full/fragment', (SELECT fragment FROM r), 'f'),
  ('full/host_type', (SELECT host_type FROM r), 'domain'),
  ('full/port_number', (SELECT port_number FROM r), 8080),
  ('full/has_opaque_path', (SELECT has_opaque_path FROM r), 0);

-- The hidden argument columns give the arguments back.
INSERT INTO checks VALUES
  ('hidden/input', (SELECT input FROM url_components('x', 'https://a/')), 'x'),
  ('hidden/base', (SELECT base FROM url_components('x', 'https://a/')), 'https://a/'),
  ('hidden/no-base', (SELECT base FROM url_components('https://a/')), NULL),
  ('hidden/null-base', (SELECT base FROM url_components('https://a/', NULL)), NULL),
  ('hidden/integer-input', (SELECT typeof(input) FROM url_components(42, 'https://a/')), 'integer'),
  ('hidden/where-input', (SELECT href FROM url_components WHERE input = 'HTTP://A'), 'http://a/'),
  ('hidden/where-base',
   (SELECT href FROM url_components WHERE input = 'y' AND base = 'https://a/x'), 'https://a/y');

-- WPT 'http://f:21/ b ? d # e ' against 'http://example.org/foo/bar'.
INSERT INTO checks VALUES
  ('wpt/row',
   (SELECT json_array(href, origin, protocol, username, password, host, hostname, port,
                      pathname, search, hash)
      FROM url_components('http://f:21/ b ? d # e ', 'http://example.org/foo/bar')),
   json_array('http://f:21/%20b%20?%20d%20#%20e', 'http://f:21', 'http:', '', '', 'f:21',
              'f', '21', '/%20b%20', '?%20d%20', '#%20e')),
  ('wpt/extra',
   (SELECT json_array(scheme, query, fragment, host_type, port_number, has_opaque_path)
      FROM url_components('http://f:21/ b ? d # e ', 'http://example.org/foo/bar')),
   json_array('http', '%20d%20', '%20e', 'domain', 21, 0));

-- ------------------------------------------------- null vs empty parts
INSERT INTO checks VALUES
  ('query/null', (SELECT query FROM url_components('https://a/')), NULL),
  ('fragment/null', (SELECT fragment FROM url_components('https://a/')), NULL),
  ('search/null-query', (SELECT search FROM url_components('https://a/')), ''),
  ('hash/null-fragment', (SELECT hash FROM url_components('https://a/')), ''),
  ('query/empty', (SELECT query FROM url_components('https://a/?#')), ''),
  ('fragment/empty', (SELECT fragment FROM url_components('https://a/?#')), ''),
  ('search/empty-query', (SELECT search FROM url_components('https://a/?#')), ''),
  ('hash/empty-fragment', (SELECT hash FROM url_components('https://a/?#')), ''),
  ('href/empty-parts', (SELECT href FROM url_components('https://a/?#')), 'https://a/?#'),
  ('port_number/default', (SELECT port_number FROM url_components('https://a:443/')), NULL),
  ('port/default', (SELECT port FROM url_components('https://a:443/')), ''),
  ('port_number/none', (SELECT port_number FROM url_components('https://a/')), NULL),
  ('port_number/zero', (SELECT port_number FROM url_components('http://f:0/c')), 0),
  ('port_number/max', (SELECT port_number FROM url_components('http://f:65535/c')), 65535),
  ('port_number/non-special', (SELECT port_number FROM url_components('sc://h:443/')), 443),
  ('username/empty', (SELECT username FROM url_components('https://:p@a/')), ''),
  ('password/encoded', (SELECT password FROM url_components('http://&a:foo(b]c@d:2/')), 'foo(b%5Dc');

-- --------------------------------------------------------- host types
INSERT INTO checks VALUES
  ('host_type/domain', (SELECT host_type FROM url_components('https://münchen.de/')), 'domain'),
  ('hostname/idna', (SELECT hostname FROM url_components('https://münchen.de/')), 'xn--mnchen-3ya.de'),
  ('host_type/ipv4', (SELECT host_type FROM url_components('http://0x7f.1/')), 'ipv4'),
  ('hostname/ipv4', (SELECT hostname FROM url_components('http://0x7f.1/')), '127.0.0.1'),
  ('host_type/ipv6', (SELECT host_type FROM url_components('http://[0:0::1]:81/')), 'ipv6'),
  ('hostname/ipv6', (SELECT hostname FROM url_components('http://[0:0::1]:81/')), '[::1]'),
  ('host/ipv6', (SELECT host FROM url_components('http://[0:0::1]:81/')), '[::1]:81'),
  ('host/ipv6-v4', (SELECT host FROM url_components('http://[::127.0.0.1]')), '[::7f00:1]'),
  ('host_type/opaque', (SELECT host_type FROM url_components('sc://ñ.test/')), 'opaque'),
  ('hostname/opaque', (SELECT hostname FROM url_components('sc://ñ.test/')), '%C3%B1.test'),
  ('host_type/empty-file', (SELECT host_type FROM url_components('file:///x')), 'empty'),
  ('host_type/empty-non-special', (SELECT host_type FROM url_components('sc:///x')), 'empty'),
  ('host_type/localhost-file', (SELECT host_type FROM url_components('file://localhost/x')), 'empty'),
  ('host_type/none-opaque-path', (SELECT host_type FROM url_components('mailto:x')), NULL),
  ('host_type/none-path', (SELECT host_type FROM url_components('sc:/x')), NULL),
  ('host_type/none-dot-slash', (SELECT host_type FROM url_components('non-spec:/.//')), NULL),
  ('pathname/dot-slash', (SELECT pathname FROM url_components('non-spec:/.//')), '//'),
  ('has_opaque_path/mailto', (SELECT has_opaque_path FROM url_components('mailto:x')), 1),
  ('has_opaque_path/data', (SELECT has_opaque_path FROM url_components('data:,x')), 1),
  ('has_opaque_path/path', (SELECT has_opaque_path FROM url_components('sc:/x')), 0),
  ('has_opaque_path/empty-path', (SELECT has_opaque_path FROM url_components('sc://h')), 0),
  ('origin/opaque', (SELECT origin FROM url_components('data:,x')), 'null'),
  ('origin/blob', (SELECT origin FROM url_components('blob:https://example.com:443/')),
   'https://example.com'),
  ('scheme/lower', (SELECT scheme FROM url_components('HtTp://a/')), 'http');

-- ------------------------------------------- no row: NULL and invalid
INSERT INTO checks VALUES
  ('rows/null', (SELECT count(*) FROM url_components(NULL)), 0),
  ('rows/null-with-base', (SELECT count(*) FROM url_components(NULL, 'https://a/')), 0),
  ('rows/invalid', (SELECT count(*) FROM url_components('https://exa mple.com/')), 0),
  ('rows/invalid-port', (SELECT count(*) FROM url_components('http://f:999999/c')), 0),
  ('rows/invalid-ipv4', (SELECT count(*) FROM url_components('http://192.168.0.257')), 0),
  ('rows/invalid-ipv6', (SELECT count(*) FROM url_components('http://[1:2')), 0),
  ('rows/relative', (SELECT count(*) FROM url_components('b')), 0),
  ('rows/relative-null-base', (SELECT count(*) FROM url_components('b', NULL)), 0),
  ('rows/invalid-base', (SELECT count(*) FROM url_components('b', 'not a url')), 0),
  ('rows/invalid-base-absolute', (SELECT count(*) FROM url_components('https://a/', 'nope')), 0),
  ('rows/empty', (SELECT count(*) FROM url_components('')), 0),
  ('rows/integer', (SELECT count(*) FROM url_components(42)), 0),
  ('rows/nul-host', (SELECT count(*) FROM url_components('http://a' || char(0) || 'b/')), 0),
  ('rows/bad-utf8-host', (SELECT count(*) FROM url_components(X'68747470733A2F2FFF')), 0),
  ('rows/valid', (SELECT count(*) FROM url_components('https://a/')), 1),
  ('rows/null-base', (SELECT href FROM url_components('https://a/b', NULL)), 'https://a/b');

-- ----------------------------------------------- values of every kind
INSERT INTO checks VALUES
  ('base/relative', (SELECT href FROM url_components('../x', 'https://a/b/c')), 'https://a/x'),
  ('base/fragment-only-opaque', (SELECT href FROM url_components('#f', 'mailto:a')), 'mailto:a#f'),
  ('value/integer-base', (SELECT pathname FROM url_components(42, 'https://a/')), '/42'),
  ('value/real-base', (SELECT pathname FROM url_components(1.5, 'https://a/')), '/1.5'),
  ('value/blob', (SELECT hostname FROM url_components(X'68747470733A2F2F612F')), 'a'),
  ('value/blob-base', (SELECT href FROM url_components('c', X'68747470733A2F2F612F622F')),
   'https://a/b/c'),
  ('value/bad-utf8-path', (SELECT pathname FROM url_components(X'68747470733A2F2F612FFF')),
   '/%EF%BF%BD'),
  ('value/bad-utf8-query', (SELECT query FROM url_components(X'68747470733A2F2F612F3FFF')),
   '%EF%BF%BD'),
  ('value/bad-utf8-fragment', (SELECT fragment FROM url_components(X'68747470733A2F2F612F23FF')),
   '%EF%BF%BD'),
  ('value/nul-path', (SELECT pathname FROM url_components('https://x/' || char(0) || 'y')), '/%00y'),
  ('value/nul-query', (SELECT query FROM url_components('https://x/?' || char(0) || 'z')), '%00z'),
  ('value/nul-trailing', (SELECT query FROM url_components('https://x/?' || char(0))), ''),
  ('value/1mb', (SELECT length(href) FROM url_components('https://a/' || printf('%.*c', 1000000, 'x'))),
   1000010),
  ('value/1mb-query',
   (SELECT length(query) FROM url_components('https://a/?' || printf('%.*c', 1000000, 'x'))),
   1000000),
  ('value/1mb-origin',
   (SELECT origin FROM url_components('https://a/' || printf('%.*c', 1000000, 'x'))), 'https://a'),
  ('value/dotdot-10000',
   (SELECT href FROM url_components('https://a/' || replace(printf('%.*c', 10000, 'x'), 'x', '../'))),
   'https://a/'),
  ('value/dotdot-10000-base',
   (SELECT pathname FROM url_components(replace(printf('%.*c', 10000, 'x'), 'x', '../') || 'z',
                                        'https://a/b/c')), '/z');

-- --------------------------------------------------------------- joins
CREATE TEMP TABLE links(id INTEGER PRIMARY KEY, url);
INSERT INTO links(url) VALUES
  ('https://example.com/a?x=1#top'),       -- 1
  ('not a url'),                           -- 2
  ('http://0x7f.1:8080/'),                 -- 3
  (NULL),                                  -- 4
  ('http://[::1]/'),                       -- 5
  ('mailto:someone@example.com'),          -- 6
  ('/relative/path'),                      -- 7
  (X'68747470733A2F2F612FFF'),             -- 8
  ('http://f:999999/c'),                   -- 9
  ('file:///etc/hosts');                   -- 10

INSERT INTO checks VALUES
  ('join/inner-count', (SELECT count(*) FROM links, url_components(links.url)), 6),
  ('join/inner-ids',
   (SELECT group_concat(id) FROM (SELECT links.id FROM links, url_components(links.url) ORDER BY 1)),
   '1,3,5,6,8,10'),
  ('join/inner-hosts',
   (SELECT group_concat(coalesce(c.hostname, '-'), ' ')
      FROM (SELECT c.hostname FROM links, url_components(links.url) AS c ORDER BY links.id) AS c),
   'example.com 127.0.0.1 [::1]  a '),
  ('join/inner-host-types',
   (SELECT group_concat(coalesce(t, 'NULL'), ',')
      FROM (SELECT c.host_type AS t FROM links JOIN url_components(links.url) AS c ORDER BY links.id)),
   'domain,ipv4,ipv6,NULL,domain,empty'),
  ('join/left-count', (SELECT count(*) FROM links LEFT JOIN url_components(links.url) AS c), 10),
  ('join/left-nulls',
   (SELECT group_concat(links.id) FROM links LEFT JOIN url_components(links.url) AS c
     WHERE c.href IS NULL),
   '2,4,7,9'),
  ('join/left-hrefs',
   (SELECT group_concat(coalesce(h, 'NULL'), ' ')
      FROM (SELECT c.href AS h FROM links LEFT JOIN url_components(links.url) AS c ORDER BY links.id)),
   'https://example.com/a?x=1#top NULL http://127.0.0.1:8080/ NULL http://[::1]/ ' ||
   'mailto:someone@example.com NULL https://a/%EF%BF%BD NULL file:///etc/hosts'),
  -- the vtab written first: the planner must put links first anyway
  ('join/vtab-first-count', (SELECT count(*) FROM url_components(links.url) AS c, links), 6),
  ('join/where-input',
   (SELECT count(*) FROM links, url_components AS c WHERE c.input = links.url), 6),
  ('join/port-sum',
   (SELECT sum(c.port_number) FROM links, url_components(links.url) AS c), 8080),
  ('join/group-by-scheme',
   (SELECT group_concat(s || '=' || n, ',') FROM
      (SELECT c.scheme AS s, count(*) AS n FROM links, url_components(links.url) AS c
        GROUP BY 1 ORDER BY 1)),
   'file=1,http=2,https=2,mailto=1'),
  ('join/in-list',
   (SELECT group_concat(href, ' ') FROM
      (SELECT href FROM url_components WHERE input IN ('https://b/', 'bad', 'https://a/') ORDER BY 1)),
   'https://a/ https://b/'),
  ('join/correlated',
   (SELECT group_concat(h, ' ') FROM
      (SELECT (SELECT hostname FROM url_components(links.url)) AS h FROM links ORDER BY id)),
   'example.com 127.0.0.1 [::1]  a ');

-- A constant base and a per-row base (changing from row to row, NULL, invalid).
CREATE TEMP TABLE rel(id INTEGER PRIMARY KEY, base, input, expected);
INSERT INTO rel(base, input, expected) VALUES
  ('http://example.org/foo/bar', 'http:foo.com', 'http://example.org/foo/foo.com'),
  ('http://example.org/foo/bar', '#;?', 'http://example.org/foo/bar#;?'),
  ('file:///tmp/mock/path', 'C|/foo/bar', 'file:///C:/foo/bar'),
  ('file:///tmp/mock/path', '//server/file', 'file://server/file'),
  ('not a url', 'x', NULL),
  ('not a url', 'https://a/', NULL),
  ('http://example.org/foo/bar', 'http://f:b/c', NULL),
  (NULL, 'https://a/', 'https://a/'),
  (NULL, 'x', NULL),
  ('http://www.example.com/test', '..', 'http://www.example.com/'),
  ('http://example.org/foo/bar', ':foo.com\', 'http://example.org/foo/:foo.com/'),
  ('http://example.org/', NULL, NULL),
  ('file://host/dir/file', 'C|#', 'file://host/C:#'),
  ('http://www.example.com/test', './test.txt', 'http://www.example.com/test.txt');

INSERT INTO checks
  SELECT 'join/row-base/' || rel.id, c.href, rel.expected
    FROM rel LEFT JOIN url_components(rel.input, rel.base) AS c;
INSERT INTO checks VALUES
  ('join/row-base-count', (SELECT count(*) FROM checks WHERE label LIKE 'join/row-base/%'), 14),
  ('join/row-base-inner', (SELECT count(*) FROM rel, url_components(rel.input, rel.base)), 9);

CREATE TEMP TABLE relc(id INTEGER PRIMARY KEY, input, expected);
INSERT INTO relc(input, expected) VALUES
  ('http:foo.com', 'http://example.org/foo/foo.com'),
  ('', 'http://example.org/foo/bar'),
  ('?', 'http://example.org/foo/bar?'),
  ('http://f: /c', NULL),
  ('\x', 'http://example.org/x'),
  (NULL, NULL),
  (42, 'http://example.org/foo/42'),
  ('::23', 'http://example.org/foo/::23');
INSERT INTO checks
  SELECT 'join/const-base/' || relc.id, c.href, relc.expected
    FROM relc LEFT JOIN url_components(relc.input, 'http://example.org/foo/bar') AS c;
INSERT INTO checks
  SELECT 'join/const-invalid-base/' || relc.id, c.href, NULL
    FROM relc LEFT JOIN url_components(relc.input, 'http:') AS c;
INSERT INTO checks
  -- without a base only 'http:foo.com' parses (special authority ignore slashes)
  SELECT 'join/const-null-base/' || relc.id, c.href,
         CASE relc.id WHEN 1 THEN 'http://foo.com/' END
    FROM relc LEFT JOIN url_components(relc.input, NULL) AS c;
INSERT INTO checks VALUES
  ('join/const-base-count', (SELECT count(*) FROM checks WHERE label LIKE 'join/const-%base/%'), 24);

-- The components agree with the scalar functions, row by row.
CREATE TEMP TABLE corpus(u);
INSERT INTO corpus VALUES ('https://user:pass@example.com:8080/p/a?q=1#f'), ('mailto:x'),
  ('http://[::1]:81/a?#'), ('file:///C:/x'), ('sc://h/p?q#f'), ('blob:https://a/b'),
  ('http://0x7f.1/'), (X'68747470733A2F2F612FFF'), ('https://a/' || char(0));
INSERT INTO checks
  SELECT 'agree/' || corpus.rowid,
         c.href IS url_href(u) AND c.origin IS url_origin(u) AND c.protocol IS url_protocol(u)
         AND c.username IS url_username(u) AND c.password IS url_password(u)
         AND c.host IS url_host(u) AND c.hostname IS url_hostname(u) AND c.port IS url_port(u)
         AND c.pathname IS url_pathname(u) AND c.search IS url_search(u) AND c.hash IS url_hash(u),
         1
    FROM corpus LEFT JOIN url_components(corpus.u) AS c;
INSERT INTO checks VALUES
  ('agree/count', (SELECT count(*) FROM checks WHERE label LIKE 'agree/%'), 9);

-- Innocuous (SQLITE_VTAB_INNOCUOUS, SQLITE_INNOCUOUS): usable from a view
-- and a trigger while trusted_schema is off.
PRAGMA trusted_schema = OFF;
CREATE TABLE main.site(url);
CREATE TABLE main.site_log(origin, host_type);
CREATE VIEW main.site_view AS
  SELECT c.hostname, url_origin(site.url) AS origin FROM site, url_components(site.url) AS c;
CREATE TRIGGER main.site_ins AFTER INSERT ON site BEGIN
  INSERT INTO site_log SELECT url_origin(new.url), host_type FROM url_components(new.url);
END;
INSERT INTO site VALUES ('https://[::1]:8443/x');
INSERT INTO checks VALUES
  ('innocuous/view', (SELECT hostname || ' ' || origin FROM site_view), '[::1] https://[::1]:8443'),
  ('innocuous/trigger', (SELECT origin || ' ' || host_type FROM site_log), 'https://[::1]:8443 ipv6');
PRAGMA trusted_schema = ON;

-- -------------------------------------------------------------- errors
-- error: url_components: missing input argument
SELECT * FROM url_components;
-- error: url_components: missing input argument
SELECT * FROM url_components WHERE base = 'https://a/';
-- error: too many arguments on url_components() - max 2
SELECT * FROM url_components('https://a/', 'https://b/', 3);
-- error: no such module: url_components
CREATE VIRTUAL TABLE t USING url_components;

-- registrable_domain and public_suffix (issue 6), from the connection's list.
INSERT INTO checks VALUES ('psl columns domain',
  (SELECT registrable_domain || '|' || public_suffix FROM url_components('https://user:pw@www.example.co.uk:8080/')),
  'example.co.uk|co.uk');
INSERT INTO checks VALUES ('psl columns trailing dot',
  (SELECT registrable_domain || '|' || public_suffix FROM url_components('https://www.city.kawasaki.jp./')),
  'city.kawasaki.jp.|kawasaki.jp.');
INSERT INTO checks VALUES ('psl columns private suffix',
  (SELECT registrable_domain || '|' || public_suffix FROM url_components('https://whatwg.github.io/')),
  'whatwg.github.io|github.io');
INSERT INTO checks VALUES ('psl columns suffix only',
  (SELECT quote(registrable_domain) || '|' || public_suffix FROM url_components('https://github.io/')),
  'NULL|github.io');
INSERT INTO checks VALUES ('psl columns ipv4',
  (SELECT quote(registrable_domain) || '|' || quote(public_suffix) FROM url_components('http://0x7f.1/')),
  'NULL|NULL');
INSERT INTO checks VALUES ('psl columns opaque host',
  (SELECT quote(registrable_domain) || '|' || quote(public_suffix) FROM url_components('foo://example.com/')),
  'NULL|NULL');
INSERT INTO checks VALUES ('psl columns in xinfo',
  (SELECT count(*) FROM pragma_table_xinfo('url_components') WHERE name IN ('registrable_domain', 'public_suffix')), 2);
