-- robots.txt (RFC 9309): url_robots_allowed, url_robots_decision,
-- url_robots_crawl_delay, url_robots_rules, url_robots_verdict,
-- url_robots_url (ext/robots.c).
CREATE TEMP TABLE r(name TEXT PRIMARY KEY, body);
INSERT INTO r VALUES ('simple', 'User-agent: *
Disallow: /private
Allow: /private/public
Crawl-delay: 3

User-agent: GPTBot
User-agent: CCBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
');

-- allowed / disallowed, the longest match, allow on a tie
INSERT INTO checks VALUES ('allowed', url_robots_allowed((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/a'), 1);
INSERT INTO checks VALUES ('disallowed', url_robots_allowed((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/private/x'), 0);
INSERT INTO checks VALUES ('longest allow', url_robots_allowed((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/private/public/y'), 1);
INSERT INTO checks VALUES ('named group', url_robots_allowed((SELECT body FROM r WHERE name = 'simple'), 'gptbot', 'https://example.com/a'), 0);
INSERT INTO checks VALUES ('second agent of a group', url_robots_allowed((SELECT body FROM r WHERE name = 'simple'), 'CCBot', 'https://example.com/a'), 0);
INSERT INTO checks VALUES ('tie: allow', url_robots_allowed('user-agent: *
disallow: /a
allow: /a', 'x', 'https://h/a'), 1);
INSERT INTO checks VALUES ('/robots.txt allowed', url_robots_allowed('user-agent: *
disallow: /', 'x', 'https://h/robots.txt'), 1);
INSERT INTO checks VALUES ('query matched', url_robots_allowed('user-agent: *
disallow: /*?sid=', 'x', 'https://h/p?sid=1'), 0);
INSERT INTO checks VALUES ('fragment not matched', url_robots_allowed('user-agent: *
disallow: /p$', 'x', 'https://h/p#frag'), 0);
INSERT INTO checks VALUES ('empty path is /', url_robots_allowed('user-agent: *
disallow: /$', 'x', 'https://h'), 0);
INSERT INTO checks VALUES ('wildcard and $', url_robots_allowed('user-agent: *
disallow: /*.pdf$', 'x', 'https://h/a/b.pdf'), 0);
INSERT INTO checks VALUES ('wildcard and $, not at end', url_robots_allowed('user-agent: *
disallow: /*.pdf$', 'x', 'https://h/a/b.pdf?x'), 1);
-- the URL as the URL parser gives it: non-ASCII percent-encoded; escapes
-- compared with their hex upper-cased, an unreserved one not decoded
-- (Google's matcher and conformance suite; docs/robots.md)
INSERT INTO checks VALUES ('non-ASCII URL', url_robots_allowed('user-agent: *
disallow: /café', 'x', 'https://h/café/menu'), 0);
INSERT INTO checks VALUES ('encoded rule, raw URL', url_robots_allowed('user-agent: *
disallow: /caf%C3%A9', 'x', 'https://h/café'), 0);
INSERT INTO checks VALUES ('unreserved escape', url_robots_allowed('user-agent: *
disallow: /%7Euser', 'x', 'https://h/~user/x'), 1);
INSERT INTO checks VALUES ('unreserved escape, hex case', url_robots_allowed('user-agent: *
disallow: /%7Euser', 'x', 'https://h/%7euser/x'), 0);
INSERT INTO checks VALUES ('reserved escape stays', url_robots_allowed('user-agent: *
disallow: /a%2Fb', 'x', 'https://h/a/b'), 1);
-- issue 40: RFC 9309 §2.2.2 on both sides.  A URL's escapes of unreserved
-- octets decoded; %2A and %24 literal (the RFC's own examples); a query's
-- ' compared as the URL parser writes it (%27), whether the rule wrote '
-- or %27
INSERT INTO checks VALUES ('/~joe blocks /%7Ejoe/', url_robots_allowed('User-agent: *
Disallow: /~joe', 'x', 'https://a/%7Ejoe/'), 0);
INSERT INTO checks VALUES ('RFC %2A', url_robots_allowed('User-agent: *
Disallow: /path/file-with-a-%2A.html', 'x', 'https://www.example.com/path/file-with-a-*.html'), 0);
INSERT INTO checks VALUES ('RFC %2A is no wildcard', url_robots_allowed('User-agent: *
Disallow: /path/file-with-a-%2A.html', 'x', 'https://www.example.com/path/file-with-a-b.html'), 1);
INSERT INTO checks VALUES ('RFC %24', url_robots_allowed('User-agent: *
Disallow: /path/foo-%24', 'x', 'https://www.example.com/path/foo-$'), 0);
INSERT INTO checks VALUES ('quote in a query', url_robots_allowed('User-agent: *
Disallow: /*''', 'x', 'http://x/a?b=''c'''), 0);
INSERT INTO checks VALUES ('%27 in a rule, quote in a query', url_robots_allowed('User-agent: *
Disallow: /*?b=%27', 'x', 'http://x/a?b=''c'''), 0);
INSERT INTO checks VALUES ('quote in a path', url_robots_allowed('User-agent: *
Disallow: /it''s', 'x', 'http://x/it''s'), 0);
-- issue 40: the agent argument reduced to its product token
INSERT INTO checks VALUES ('agent with version', url_robots_allowed('User-agent: Googlebot
Disallow: /', 'Googlebot/2.1', 'https://a/x'), 0);
INSERT INTO checks VALUES ('agent after space', url_robots_allowed('User-agent: Googlebot
Disallow: /', ' Googlebot', 'https://a/x'), 0);
INSERT INTO checks VALUES ('agent: whole header', url_robots_allowed('User-agent: Googlebot
Disallow: /', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'https://a/x'), 0);
INSERT INTO checks VALUES ('agent: two words whole', url_robots_allowed('User-agent: Foo
Disallow: /', 'Foo Bar', 'https://a/x'), 1);
INSERT INTO checks VALUES ('crawl-delay: agent with version', url_robots_crawl_delay('User-agent: Googlebot
Crawl-delay: 4', 'Googlebot/2.1'), 4.0);
-- a URL with an empty path ("data:", whose pathname is empty): "/" and
-- its query (a fuzz find: the empty path was read outside the URL)
INSERT INTO checks VALUES ('empty path, no rule', url_robots_decision('user-agent: *
disallow: /x', 'x', 'data:'), NULL);
INSERT INTO checks VALUES ('opaque empty path is /', url_robots_decision('user-agent: *
disallow: /', 'x', 'data:'), 2);
INSERT INTO checks VALUES ('empty path and query', url_robots_allowed('user-agent: *
allow: /
disallow: /?q', 'x', 'data:?q'), 0);
INSERT INTO checks VALUES ('dot segments resolved first', url_robots_allowed('user-agent: *
disallow: /private', 'x', 'https://h/public/../private/x'), 0);

-- the decision's line; NULL when no rule decided
INSERT INTO checks VALUES ('decision line', url_robots_decision((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/private/x'), 2);
INSERT INTO checks VALUES ('decision allow line', url_robots_decision((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/private/public'), 3);
INSERT INTO checks VALUES ('decision none', url_robots_decision((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/a'), NULL);
INSERT INTO checks VALUES ('decision named', url_robots_decision((SELECT body FROM r WHERE name = 'simple'), 'CCBot', 'https://example.com/a'), 8);

-- url_robots_verdict: the decision with its rule, without a join
INSERT INTO checks VALUES ('verdict row', (SELECT allowed || '|' || line || '|' || directive || '|' || value || '|' || pattern || '|' || group_number || '|' || product_token
  FROM url_robots_verdict((SELECT body FROM r WHERE name = 'simple'), 'MyBot/1.0', 'https://example.com/private/x')), '0|2|disallow|/private|/private|1|MyBot');
INSERT INTO checks VALUES ('verdict named group', (SELECT line || ' ' || group_number FROM url_robots_verdict((SELECT body FROM r WHERE name = 'simple'), 'CCBot', 'https://example.com/a')), '8 2');
INSERT INTO checks VALUES ('verdict none decided', (SELECT allowed || ' ' || quote(line) || ' ' || quote(directive) || ' ' || quote(value) || ' ' || quote(group_number)
  FROM url_robots_verdict((SELECT body FROM r WHERE name = 'simple'), 'MyBot', 'https://example.com/a')), '1 NULL NULL NULL NULL');
INSERT INTO checks VALUES ('verdict value as written', (SELECT value || ' ' || pattern FROM url_robots_verdict('User-agent: *
Disallow: /caf%c3%a9 x', 'bot', 'https://h/caf%C3%A9%20x')), '/caf%c3%a9 x /caf%C3%A9%20x');
INSERT INTO checks VALUES ('verdict agrees with decision', (WITH u(x) AS (VALUES ('https://example.com/private/x'), ('https://example.com/private/public/y'), ('https://example.com/a'))
  SELECT count(*) FROM u, url_robots_verdict((SELECT body FROM r WHERE name = 'simple'), 'MyBot', u.x) AS v
   WHERE v.line IS url_robots_decision((SELECT body FROM r WHERE name = 'simple'), 'MyBot', u.x)
     AND v.allowed = url_robots_allowed((SELECT body FROM r WHERE name = 'simple'), 'MyBot', u.x)), 3);
INSERT INTO checks VALUES ('verdict: not a URL, no row', (SELECT count(*) FROM url_robots_verdict('User-agent: *', 'bot', 'no url')), 0);
INSERT INTO checks VALUES ('verdict: NULL, no row', (SELECT count(*) FROM url_robots_verdict(NULL, 'bot', 'https://h/')), 0);
INSERT INTO checks VALUES ('verdict: BLOB file', (SELECT line FROM url_robots_verdict(CAST('User-agent: *
Disallow: /' AS BLOB), 'bot', 'https://h/x')), 2);

-- url_robots_url: RFC 9309 §2.3, scheme, host and port
INSERT INTO checks VALUES ('robots url', url_robots_url('https://user:pw@Example.COM:8080/a/b?c#d'), 'https://example.com:8080/robots.txt');
INSERT INTO checks VALUES ('robots url default port', url_robots_url('https://a.example:443/x'), 'https://a.example/robots.txt');
INSERT INTO checks VALUES ('robots url IPv6', url_robots_url('http://[::1]/x'), 'http://[::1]/robots.txt');
INSERT INTO checks VALUES ('robots url ftp', url_robots_url('ftp://f.example/pub/x'), 'ftp://f.example/robots.txt');
INSERT INTO checks VALUES ('robots url no host', url_robots_url('mailto:a@b.example'), NULL);
INSERT INTO checks VALUES ('robots url file', url_robots_url('file:///etc/passwd'), NULL);
INSERT INTO checks VALUES ('robots url relative', url_robots_url('/a/b'), NULL);
INSERT INTO checks VALUES ('robots url NULL', url_robots_url(NULL), NULL);

-- crawl-delay
INSERT INTO checks VALUES ('crawl-delay', url_robots_crawl_delay((SELECT body FROM r WHERE name = 'simple'), 'MyBot'), 3.0);
INSERT INTO checks VALUES ('crawl-delay none', url_robots_crawl_delay((SELECT body FROM r WHERE name = 'simple'), 'GPTBot'), NULL);
INSERT INTO checks VALUES ('crawl-delay fraction', url_robots_crawl_delay('user-agent: a
crawl-delay: 0.5', 'A'), 0.5);
INSERT INTO checks VALUES ('crawl-delay not a number', url_robots_crawl_delay('user-agent: a
crawl-delay: soon', 'a'), NULL);

-- NULL in, NULL out; a URL that does not parse: NULL
INSERT INTO checks VALUES ('null robots', url_robots_allowed(NULL, 'x', 'https://h/'), NULL);
INSERT INTO checks VALUES ('null agent', url_robots_allowed('', NULL, 'https://h/'), NULL);
INSERT INTO checks VALUES ('null url', url_robots_allowed('', 'x', NULL), NULL);
INSERT INTO checks VALUES ('invalid url', url_robots_allowed('', 'x', 'not a url'), NULL);
INSERT INTO checks VALUES ('relative url', url_robots_allowed('', 'x', '/a/b'), NULL);
INSERT INTO checks VALUES ('null decision', url_robots_decision(NULL, 'x', 'https://h/'), NULL);
INSERT INTO checks VALUES ('null crawl-delay', url_robots_crawl_delay('user-agent: *
crawl-delay: 1', NULL), NULL);
INSERT INTO checks VALUES ('empty robots', url_robots_allowed('', 'x', 'https://h/a'), 1);
INSERT INTO checks VALUES ('integer robots', url_robots_allowed(42, 'x', 'https://h/a'), 1);

-- bytes as fetched: a BLOB with a BOM, CRLF, invalid UTF-8, NUL bytes
INSERT INTO checks VALUES ('blob with BOM', url_robots_allowed(x'EFBBBF' || CAST('User-agent: *
Disallow: /x' AS BLOB), 'a', 'https://h/x'), 0);
INSERT INTO checks VALUES ('CRLF', url_robots_allowed(CAST('User-agent: *' || char(13, 10) || 'Disallow: /x' || char(13, 10) AS BLOB), 'a', 'https://h/x'), 0);
INSERT INTO checks VALUES ('CR only', url_robots_decision('User-agent: *' || char(13) || char(13) || 'Disallow: /x', 'a', 'https://h/x'), 3);
INSERT INTO checks VALUES ('invalid UTF-8 rule', url_robots_allowed(CAST('User-agent: *
Disallow: /caf' AS BLOB) || x'E9', 'a', 'https://h/caf%E9'), 0);
INSERT INTO checks VALUES ('invalid UTF-8 line skipped', url_robots_allowed(x'FFFE0A' || CAST('User-agent: *
Disallow: /x' AS BLOB), 'a', 'https://h/x'), 0);
INSERT INTO checks VALUES ('NUL byte in text', url_robots_allowed('User-agent: *
Disallow: /a' || char(0) || 'b', 'a', 'https://h/a%00b'), 0);
INSERT INTO checks VALUES ('NUL byte in blob', url_robots_allowed(CAST('User-agent: *
Disallow: /a' AS BLOB) || x'00', 'a', 'https://h/a'), 1);
-- lenient parsing
INSERT INTO checks VALUES ('disalow', url_robots_allowed('user-agent: *
disalow: /x', 'a', 'https://h/x'), 0);
INSERT INTO checks VALUES ('no colon', url_robots_allowed('user-agent *
disallow /x', 'a', 'https://h/x'), 0);
INSERT INTO checks VALUES ('case of keys', url_robots_allowed('USER-AGENT: *
DISALLOW: /x', 'a', 'https://h/x'), 0);

-- url_robots_rules
INSERT INTO checks VALUES ('rules rows', (SELECT count(*) FROM url_robots_rules((SELECT body FROM r WHERE name = 'simple'))), 8);
INSERT INTO checks VALUES ('rules row 2', (SELECT line || '|' || group_number || '|' || user_agents || '|' || directive || '|' || value || '|' || pattern || '|' || valid
  FROM url_robots_rules((SELECT body FROM r WHERE name = 'simple')) WHERE line = 2), '2|1|["*"]|disallow|/private|/private|1');
INSERT INTO checks VALUES ('rules group 2', (SELECT user_agents FROM url_robots_rules((SELECT body FROM r WHERE name = 'simple')) WHERE line = 8), '["GPTBot","CCBot"]');
INSERT INTO checks VALUES ('rules sitemap', (SELECT quote(group_number) || ' ' || url FROM url_robots_rules((SELECT body FROM r WHERE name = 'simple')) WHERE directive = 'sitemap'), 'NULL https://example.com/sitemap.xml');
INSERT INTO checks VALUES ('rules unknown', (SELECT directive || ' ' || valid || ' ' || reason FROM url_robots_rules('user-agent: a
Noindex: /x') WHERE line = 2), 'Noindex 0 unknown directive');
INSERT INTO checks VALUES ('rules typo', (SELECT directive || ' ' || valid || ' ' || reason FROM url_robots_rules('user-agent: a
Disalow /x') WHERE line = 2), 'disallow 1 key read as disallow; no colon');
INSERT INTO checks VALUES ('rules before group', (SELECT quote(group_number) || ' ' || valid || ' ' || reason FROM url_robots_rules('Disallow: /x')), 'NULL 0 rule before any user-agent line');
INSERT INTO checks VALUES ('rules no separator', (SELECT quote(directive) || ' ' || value || ' ' || reason FROM url_robots_rules('this is text')), 'NULL this is text no key: value separator');
INSERT INTO checks VALUES ('rules pattern canonical', (SELECT pattern FROM url_robots_rules('user-agent: a
disallow: /%7e/ü {x}') WHERE line = 2), '/%7E/%C3%BC%20%7Bx%7D');
INSERT INTO checks VALUES ('rules invalid UTF-8 value', (SELECT value FROM url_robots_rules(CAST('user-agent: a
disallow: /' AS BLOB) || x'FF') WHERE line = 2), '/' || char(65533));
INSERT INTO checks VALUES ('rules comment and blank lines', (SELECT group_concat(line) FROM url_robots_rules('# c

user-agent: a # c
  # c
disallow: /')), '3,5');
-- issue 40: lines that can never take effect are not valid, and say why
INSERT INTO checks VALUES ('rules URL as pattern', (SELECT valid || ' ' || reason FROM url_robots_rules('User-agent: *
Disallow: https://example.com/private') WHERE line = 2), '0 pattern is a URL, not a path: it matches nothing');
INSERT INTO checks VALUES ('rules pattern without /', (SELECT valid || ' ' || reason FROM url_robots_rules('User-agent: *
Disallow: private2') WHERE line = 2), '0 pattern does not start with / or *: it matches nothing');
INSERT INTO checks VALUES ('rules pattern starting with *', (SELECT valid || ' ' || quote(reason) FROM url_robots_rules('User-agent: *
Disallow: *.pdf') WHERE line = 2), '1 NULL');
INSERT INTO checks VALUES ('rules relative sitemap', (SELECT valid || ' ' || quote(url) || ' ' || reason FROM url_robots_rules('Sitemap: /sitemap.xml')), '0 NULL sitemap is not an absolute URL');
INSERT INTO checks VALUES ('rules agent loses version', (SELECT valid || ' ' || reason FROM url_robots_rules('User-agent: Googlebot/2.1')), '1 product token read as Googlebot');
INSERT INTO checks VALUES ('rules agent *: no note', (SELECT valid || ' ' || quote(reason) FROM url_robots_rules('User-agent: *')), '1 NULL');
INSERT INTO checks VALUES ('rules line cut', (SELECT reason FROM url_robots_rules('User-agent: *
Disallow: /' || replace(hex(zeroblob(17000)), '00', 'a')) WHERE line = 2), 'line cut at 16663 bytes');
INSERT INTO checks VALUES ('rules group_number unquoted', (SELECT group_concat(group_number) FROM url_robots_rules('User-agent: a
Disallow: /
User-agent: b
Disallow: /')), '1,1,2,2');
INSERT INTO checks VALUES ('rules NULL', (SELECT count(*) FROM url_robots_rules(NULL)), 0);
INSERT INTO checks VALUES ('rules hidden column', (SELECT robots_txt FROM url_robots_rules('user-agent: a')), 'user-agent: a');

-- the join form: one robots file per host
CREATE TEMP TABLE robots(host TEXT PRIMARY KEY, body);
INSERT INTO robots VALUES ('a.example', 'User-agent: *
Disallow: /private'), ('b.example', 'User-agent: *
Disallow: /'), ('c.example', '');
CREATE TEMP TABLE links(u TEXT);
INSERT INTO links VALUES ('https://a.example/x'), ('https://a.example/private/1'),
  ('https://b.example/x'), ('https://c.example/private'), ('https://a.example/y'),
  ('https://b.example/'), ('https://d.example/z');
INSERT INTO checks VALUES ('join allowed', (SELECT group_concat(l.u, ' ') FROM links AS l JOIN robots AS r ON r.host = url_hostname(l.u)
  WHERE url_robots_allowed(r.body, 'bot', l.u)), 'https://a.example/x https://c.example/private https://a.example/y');
INSERT INTO checks VALUES ('join no robots: allowed', (SELECT count(*) FROM links AS l LEFT JOIN robots AS r ON r.host = url_hostname(l.u)
  WHERE coalesce(url_robots_allowed(r.body, 'bot', l.u), 1)), 4);
-- many rows against a constant file (parsed once per statement)
INSERT INTO checks VALUES ('constant robots over rows', (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
  SELECT sum(url_robots_allowed('user-agent: *
disallow: /*5$', 'bot', 'https://h/' || i)) FROM n), 900);
-- many distinct files, each again and again
INSERT INTO checks VALUES ('varying robots over rows', (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
  SELECT sum(url_robots_allowed('user-agent: *
disallow: /' || (i % 700), 'bot', 'https://h/' || (i % 7))) FROM n), 2966);

-- size: a file over 500 KiB answers; what is past 500 KiB is not read
INSERT INTO checks VALUES ('1 MB file', url_robots_allowed('user-agent: *
' || replace(hex(zeroblob(100000)), '00', 'disallow: /a
') , 'bot', 'https://h/a'), 0);
INSERT INTO checks VALUES ('past 500 KiB ignored', url_robots_allowed('user-agent: *
allow: /x' || replace(hex(zeroblob(600000)), '00', '#') || '
disallow: /', 'bot', 'https://h/a'), 1);
INSERT INTO checks VALUES ('10000 stars', url_robots_allowed('user-agent: *
disallow: /' || replace(hex(zeroblob(5000)), '00', '*a') || 'b', 'bot', 'https://h/' || replace(hex(zeroblob(8000)), '00', 'a')), 1);

-- error: wrong number of arguments
SELECT url_robots_allowed('', 'x');
-- error: wrong number of arguments
SELECT url_robots_crawl_delay('');
