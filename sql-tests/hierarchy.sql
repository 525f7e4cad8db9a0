-- url_hierarchy(input) and url_host_hierarchy(input) (ext/hierarchy.c).
-- Expectations: the URL Standard's parser (paths as serialized, dot
-- segments resolved; hosts as serialized), the Public Suffix List as
-- Debian's `publicsuffix` package ships it, and ClickHouse's URLHierarchy
-- documentation example where the semantics match.
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------------- schema
INSERT INTO checks VALUES ('schema url_hierarchy',
  (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
     FROM (SELECT * FROM pragma_table_xinfo('url_hierarchy') ORDER BY cid)),
  'depth:INTEGER:0,url:TEXT:0,input::1');
INSERT INTO checks VALUES ('schema url_host_hierarchy',
  (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
     FROM (SELECT * FROM pragma_table_xinfo('url_host_hierarchy') ORDER BY cid)),
  'depth:INTEGER:0,host:TEXT:0,input::1');

-- ------------------------------------------------------- url_hierarchy
-- The issue's example: the origin down through each path level; the
-- query and fragment are never a level.
INSERT INTO checks VALUES ('path example',
  (SELECT group_concat(depth || ' ' || url, ' | ') FROM url_hierarchy('https://a.com/b/c?q#f')),
  '0 https://a.com/ | 1 https://a.com/b/ | 2 https://a.com/b/c');
INSERT INTO checks VALUES ('path rowids',
  (SELECT group_concat(rowid) FROM url_hierarchy('https://a.com/b/c')), '1,2,3');
INSERT INTO checks VALUES ('path depth type',
  (SELECT typeof(depth) FROM url_hierarchy('https://a.com/') LIMIT 1), 'integer');
INSERT INTO checks VALUES ('path hidden input',
  (SELECT input FROM url_hierarchy('https://a.com/b') LIMIT 1), 'https://a.com/b');
-- ClickHouse URLHierarchy's example gives a fourth level with the query
-- ("https://example.com/a/b?c=1"); here the hierarchy is the path's.
INSERT INTO checks VALUES ('ch URLHierarchy',
  (SELECT json_group_array(url) FROM url_hierarchy('https://example.com/a/b?c=1')),
  json_array('https://example.com/', 'https://example.com/a/', 'https://example.com/a/b'));
-- ClickHouse URLPathHierarchy's levels ("/a/", "/a/b", and "/a/b?c=1"):
-- the pathnames of the levels below the root.
INSERT INTO checks VALUES ('ch URLPathHierarchy',
  (SELECT json_group_array(url_pathname(url)) FROM url_hierarchy('https://example.com/a/b?c=1')
    WHERE depth > 0),
  json_array('/a/', '/a/b'));
INSERT INTO checks VALUES ('path root only',
  (SELECT group_concat(depth || ' ' || url, ' | ') FROM url_hierarchy('HTTPS://A.COM')),
  '0 https://a.com/');
INSERT INTO checks VALUES ('path trailing slash',
  (SELECT group_concat(depth || ' ' || url, ' | ') FROM url_hierarchy('https://a.com/b/')),
  '0 https://a.com/ | 1 https://a.com/b/');
-- Empty segments are levels (ClickHouse merges repeated slashes).
INSERT INTO checks VALUES ('path empty segment',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('https://a.com/b//c')),
  'https://a.com/ | https://a.com/b/ | https://a.com/b// | https://a.com/b//c');
-- The parsed path: dot segments resolved, percent-encoding as serialized.
INSERT INTO checks VALUES ('path dots',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('https://a.com/x/./y/../z w')),
  'https://a.com/ | https://a.com/x/ | https://a.com/x/z%20w');
-- Everything before the path as in the href (credentials, port).
INSERT INTO checks VALUES ('path authority',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('http://u:p@a.com:8080/x')),
  'http://u:p@a.com:8080/ | http://u:p@a.com:8080/x');
INSERT INTO checks VALUES ('path idn host',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('https://münchen.de/straße')),
  'https://xn--mnchen-3ya.de/ | https://xn--mnchen-3ya.de/stra%C3%9Fe');
INSERT INTO checks VALUES ('path ipv6',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('http://[::1]:81/a/b')),
  'http://[::1]:81/ | http://[::1]:81/a/ | http://[::1]:81/a/b');
INSERT INTO checks VALUES ('path file',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('file:///C:/dir/f.txt')),
  'file:/// | file:///C:/ | file:///C:/dir/ | file:///C:/dir/f.txt');
-- Non-special URLs: an empty path is one level, the URL itself.
INSERT INTO checks VALUES ('path non-special empty',
  (SELECT group_concat(depth || ' ' || url, ' | ') FROM url_hierarchy('foo://h?q#f')),
  '0 foo://h');
INSERT INTO checks VALUES ('path non-special',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('foo://h/a/b')),
  'foo://h/ | foo://h/a/ | foo://h/a/b');
INSERT INTO checks VALUES ('path no host',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('foo:/a/b')),
  'foo:/ | foo:/a/ | foo:/a/b');
INSERT INTO checks VALUES ('path dot-slash prefix',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy('web+demo:/.//not-a-host/')),
  'web+demo:/./ | web+demo:/.// | web+demo:/.//not-a-host/');
-- No rows: opaque paths, NULL, invalid, relative.
INSERT INTO checks VALUES ('path mailto', (SELECT count(*) FROM url_hierarchy('mailto:a@b.c')), 0);
INSERT INTO checks VALUES ('path data', (SELECT count(*) FROM url_hierarchy('data:,a/b')), 0);
INSERT INTO checks VALUES ('path null', (SELECT count(*) FROM url_hierarchy(NULL)), 0);
INSERT INTO checks VALUES ('path invalid', (SELECT count(*) FROM url_hierarchy('https://exa mple.com/a')), 0);
INSERT INTO checks VALUES ('path relative', (SELECT count(*) FROM url_hierarchy('/a/b')), 0);
INSERT INTO checks VALUES ('path empty', (SELECT count(*) FROM url_hierarchy('')), 0);
INSERT INTO checks VALUES ('path blob',
  (SELECT group_concat(url, ' | ') FROM url_hierarchy(X'68747470733A2F2F612F62')),
  'https://a/ | https://a/b');
-- Many levels.
INSERT INTO checks VALUES ('path deep',
  (SELECT count(*) || ' ' || max(depth) FROM
    url_hierarchy('https://a.com/' || (SELECT group_concat('s' || value, '/') FROM generate_series(1, 500)))),
  '501 500');

-- ---------------------------------------------------- url_host_hierarchy
INSERT INTO checks VALUES ('host example',
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('https://x.y.example.co.uk/')),
  '2 x.y.example.co.uk | 1 y.example.co.uk | 0 example.co.uk');
INSERT INTO checks VALUES ('host bare host',
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('x.y.example.co.uk')),
  '2 x.y.example.co.uk | 1 y.example.co.uk | 0 example.co.uk');
INSERT INTO checks VALUES ('host registrable', 
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('https://example.com/')),
  '0 example.com');
INSERT INTO checks VALUES ('host trailing dot',
  (SELECT group_concat(host, ' | ') FROM url_host_hierarchy('https://www.example.com./')),
  'www.example.com. | example.com.');
INSERT INTO checks VALUES ('host idn',
  (SELECT group_concat(host, ' | ') FROM url_host_hierarchy('https://WWW.Bücher.de/')),
  'www.xn--bcher-kva.de | xn--bcher-kva.de');
-- The full list: a private suffix's sites are registrable domains.
INSERT INTO checks VALUES ('host private',
  (SELECT group_concat(host, ' | ') FROM url_host_hierarchy('https://a.whatwg.github.io/')),
  'a.whatwg.github.io | whatwg.github.io');
-- No registrable domain: the host itself, depth 0.
INSERT INTO checks VALUES ('host public suffix',
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('https://github.io/')),
  '0 github.io');
INSERT INTO checks VALUES ('host ipv4',
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('http://0x7f.1/')),
  '0 127.0.0.1');
INSERT INTO checks VALUES ('host ipv6',
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('http://[0::1]/')),
  '0 [::1]');
INSERT INTO checks VALUES ('host opaque',
  (SELECT group_concat(depth || ' ' || host, ' | ') FROM url_host_hierarchy('foo://a.b.Example.com/')),
  '0 a.b.Example.com');
-- No rows: empty host, no host, NULL, invalid.
INSERT INTO checks VALUES ('host file empty', (SELECT count(*) FROM url_host_hierarchy('file:///etc/hosts')), 0);
INSERT INTO checks VALUES ('host mailto', (SELECT count(*) FROM url_host_hierarchy('mailto:a@b.example.com')), 0);
INSERT INTO checks VALUES ('host null', (SELECT count(*) FROM url_host_hierarchy(NULL)), 0);
INSERT INTO checks VALUES ('host invalid', (SELECT count(*) FROM url_host_hierarchy('https://exa mple.com/')), 0);
INSERT INTO checks VALUES ('host empty', (SELECT count(*) FROM url_host_hierarchy('')), 0);
INSERT INTO checks VALUES ('host file domain',
  (SELECT group_concat(host, ' | ') FROM url_host_hierarchy('file://a.example.com/x')),
  'a.example.com | example.com');
-- Every level's registrable domain is the host's.
INSERT INTO checks VALUES ('host levels share the registrable domain',
  (SELECT count(DISTINCT url_registrable_domain(host)) FROM
    url_host_hierarchy('https://a.b.c.d.e.f.g.h.i.j.k.l.example.co.uk/')), 1);
INSERT INTO checks VALUES ('host many labels',
  (SELECT count(*) || ' ' || max(depth) FROM
    url_host_hierarchy('https://a.b.c.d.e.f.g.h.i.j.k.l.example.co.uk/')), '13 12');

-- ----------------------------------------------------------- joins
CREATE TEMP TABLE links(id INTEGER PRIMARY KEY, url TEXT);
INSERT INTO links(url) VALUES ('https://ads.tracker.example.com/p?x=1'),
  ('https://www.example.org/a/b/c'), ('https://cdn.tracker.example.com/x.js'),
  ('https://tracker.example.net/'), (NULL), ('not a url'), ('mailto:a@b.c'),
  ('https://www.example.org/a/b/d');
CREATE TEMP TABLE blocklist(domain TEXT PRIMARY KEY);
INSERT INTO blocklist VALUES ('tracker.example.com'), ('example.net');
-- Links whose host or a parent domain is blocked.
INSERT INTO checks VALUES ('join blocklist',
  (SELECT group_concat(id) FROM (SELECT DISTINCT l.id FROM links AS l,
     url_host_hierarchy(l.url) AS h JOIN blocklist AS b ON b.domain = h.host ORDER BY l.id)),
  '1,3,4');
-- The same with the table-valued function on the right of a LEFT JOIN.
INSERT INTO checks VALUES ('left join rows',
  (SELECT count(*) FROM links AS l LEFT JOIN url_host_hierarchy(l.url) AS h), 15);
-- Deepest common path prefixes: levels shared by more than one URL.
INSERT INTO checks VALUES ('join deepest common prefix',
  (SELECT h.url FROM links, url_hierarchy(links.url) AS h GROUP BY h.url
    HAVING count(*) > 1 ORDER BY max(h.depth) DESC, h.url LIMIT 1),
  'https://www.example.org/a/b/');
-- A correlated subquery re-runs the function per row.
INSERT INTO checks VALUES ('correlated levels',
  (SELECT group_concat(n) FROM (SELECT (SELECT count(*) FROM url_hierarchy(l.url)) AS n
     FROM links AS l ORDER BY l.id)),
  '2,4,2,1,0,0,0,4');

-- Misuse.
-- error: url_hierarchy: missing input argument
SELECT * FROM url_hierarchy;
-- error: url_host_hierarchy: missing input argument
SELECT * FROM url_host_hierarchy;
-- error: too many arguments on url_hierarchy() - max 1
SELECT * FROM url_hierarchy('https://a/', 1);
-- error: too many arguments on url_host_hierarchy() - max 1
SELECT * FROM url_host_hierarchy('a.com', 'icann');
