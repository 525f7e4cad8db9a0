-- URLSearchParams and percent-encoding (issue: search params):
-- url_search_params(input) (table-valued), url_search_param(input, name),
-- url_search_param_append / _set / _delete, url_search_params_sort,
-- url_encode(text [, set]), url_decode(text [, 'form']).
-- Convention: sql-tests/README.md.  U+FFFD is written char(65533).

-- ------------------------------------------------ url_search_params(input)

INSERT INTO checks VALUES ('tvf rows',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('https://a/?q=sqlite+url&x=%C3%A9&q=2')),
  'q:sqlite url|x:é|q:2');
INSERT INTO checks VALUES ('tvf rowid is position',
  (SELECT group_concat(rowid || name, ',') FROM url_search_params('https://a/?c&b&a')), '1c,2b,3a');
INSERT INTO checks VALUES ('tvf hidden input',
  (SELECT DISTINCT input FROM url_search_params('https://a/?x=1&y=2')), 'https://a/?x=1&y=2');
INSERT INTO checks VALUES ('tvf hidden input integer',
  (SELECT DISTINCT typeof(input) || ':' || input FROM url_search_params(42)), 'integer:42');
INSERT INTO checks VALUES ('tvf hidden input real',
  (SELECT DISTINCT typeof(input) || ':' || input || ':' || name FROM url_search_params(1.5)), 'real:1.5:1.5');
INSERT INTO checks VALUES ('tvf hidden input blob',
  (SELECT DISTINCT typeof(input) || ':' || hex(input) FROM url_search_params(X'613D62')), 'blob:613D62');
INSERT INTO checks VALUES ('tvf hidden input long',
  (SELECT DISTINCT input = 'https://a/?' || printf('%.2000c', 'x') FROM url_search_params('https://a/?' || printf('%.2000c', 'x'))), 1);
INSERT INTO checks VALUES ('tvf NULL', (SELECT count(*) FROM url_search_params(NULL)), 0);
INSERT INTO checks VALUES ('tvf URL without query', (SELECT count(*) FROM url_search_params('https://a/')), 0);
INSERT INTO checks VALUES ('tvf URL empty query', (SELECT count(*) FROM url_search_params('https://a/?')), 0);
INSERT INTO checks VALUES ('tvf URL fragment only', (SELECT count(*) FROM url_search_params('https://a/#x=1')), 0);
INSERT INTO checks VALUES ('tvf query string',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('a=1&b=2')), 'a:1|b:2');
INSERT INTO checks VALUES ('tvf leading ? removed',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('?a=1&b=2')), 'a:1|b:2');
INSERT INTO checks VALUES ('tvf only one ? removed',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('??a=1')), '?a:1');
INSERT INTO checks VALUES ('tvf URL ?? query',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('http://a/??a=1')), '?a:1');
INSERT INTO checks VALUES ('tvf empty string', (SELECT count(*) FROM url_search_params('')), 0);
INSERT INTO checks VALUES ('tvf just ?', (SELECT count(*) FROM url_search_params('?')), 0);
INSERT INTO checks VALUES ('tvf empty sequences', (SELECT count(*) FROM url_search_params('&&&')), 0);
INSERT INTO checks VALUES ('tvf empty names and values',
  (SELECT group_concat('[' || name || ']=[' || value || ']', '|') FROM url_search_params('?=&a=&=b&c')),
  '[]=[]|[a]=[]|[]=[b]|[c]=[]');
INSERT INTO checks VALUES ('tvf repeated names',
  (SELECT group_concat(value, ',') FROM url_search_params('?a=1&a=2&b=x&a=3') WHERE name = 'a'), '1,2,3');
INSERT INTO checks VALUES ('tvf = in value',
  (SELECT value FROM url_search_params('?a==b=c')), '=b=c');
INSERT INTO checks VALUES ('tvf plus and %2B',
  (SELECT group_concat(value, '|') FROM url_search_params('?a=1+2&b=1%2B2&c=%20')), '1 2|1+2| ');
INSERT INTO checks VALUES ('tvf types are text',
  (SELECT group_concat(typeof(name) || typeof(value), ',') FROM url_search_params('?1=2')), 'texttext');
-- A URL's query is already percent-encoded by the URL parser: a raw space
-- or non-ASCII character comes back decoded all the same.
INSERT INTO checks VALUES ('tvf URL raw chars',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('https://a/?a b=é ü')), 'a b:é ü');
INSERT INTO checks VALUES ('tvf query raw non-BMP',
  (SELECT name FROM url_search_params('🌈=1')), '🌈');
INSERT INTO checks VALUES ('tvf non-special URL',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('foo://h/p?x=1&y')), 'x:1|y:');
INSERT INTO checks VALUES ('tvf opaque URL',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('mailto:a@b?subject=hi%20there&cc=c@d')),
  'subject:hi there|cc:c@d');
INSERT INTO checks VALUES ('tvf integer input',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params(42)), '42:');
INSERT INTO checks VALUES ('tvf blob input',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params(X'613D62')), 'a:b');
INSERT INTO checks VALUES ('tvf invalid utf8 blob',
  (SELECT name FROM url_search_params(X'FF3D31')), char(65533));

-- Percent-decoding edge cases.
INSERT INTO checks VALUES ('tvf %', (SELECT value FROM url_search_params('?a=%')), '%');
INSERT INTO checks VALUES ('tvf %2', (SELECT value FROM url_search_params('?a=%2')), '%2');
INSERT INTO checks VALUES ('tvf %zz', (SELECT value FROM url_search_params('?a=%zz')), '%zz');
INSERT INTO checks VALUES ('tvf %%2a', (SELECT value FROM url_search_params('?a=%%2a')), '%*');
INSERT INTO checks VALUES ('tvf %C3%A9', (SELECT value FROM url_search_params('?a=%C3%A9')), 'é');
INSERT INTO checks VALUES ('tvf %c3%a9 lower', (SELECT value FROM url_search_params('?a=%c3%a9')), 'é');
INSERT INTO checks VALUES ('tvf %FF', (SELECT value FROM url_search_params('?a=%FF')), char(65533));
INSERT INTO checks VALUES ('tvf %FF name', (SELECT name FROM url_search_params('?%FF%FE=1')), char(65533, 65533));
INSERT INTO checks VALUES ('tvf truncated seq', (SELECT value FROM url_search_params('?a=%E2%82x')), char(65533) || 'x');
INSERT INTO checks VALUES ('tvf %F0%9F%8C%88', (SELECT value FROM url_search_params('?a=%F0%9F%8C%88')), '🌈');
INSERT INTO checks VALUES ('tvf %00', (SELECT hex(value) FROM url_search_params('?a=x%00y')), '780079');
INSERT INTO checks VALUES ('tvf %26 %3D',
  (SELECT group_concat(name || ':' || value, '|') FROM url_search_params('?a%3Db=c%26d')), 'a=b:c&d');

-- Joins: the argument may come from another table.
CREATE TEMP TABLE links(id INTEGER PRIMARY KEY, url TEXT);
INSERT INTO links(url) VALUES
  ('https://example.com/a?utm_source=news&id=7&utm_medium=email#top'),
  ('https://example.com/b?id=8&lang=en'),
  ('https://example.com/c'),
  (NULL),
  ('http://example.org/?utm_campaign=x&utm_source=y&utm_source=z'),
  ('https://example.net/?q=a+b&id=9&UTM_keep=1');
INSERT INTO checks VALUES ('join rows',
  (SELECT group_concat(l.id || p.name, ',') FROM links AS l, url_search_params(l.url) AS p),
  '1utm_source,1id,1utm_medium,2id,2lang,5utm_campaign,5utm_source,5utm_source,6q,6id,6UTM_keep');
INSERT INTO checks VALUES ('join reversed FROM order',
  (SELECT count(*) FROM url_search_params(l.url) AS p, links AS l), 11);
INSERT INTO checks VALUES ('left join',
  (SELECT group_concat(l.id || ':' || coalesce(p.name, '-'), ',')
     FROM links AS l LEFT JOIN url_search_params(l.url) AS p WHERE l.id IN (2, 3, 4)),
  '2:id,2:lang,3:-,4:-');
INSERT INTO checks VALUES ('join with filter',
  (SELECT group_concat(l.id || '=' || p.value, ',') FROM links AS l, url_search_params(l.url) AS p
    WHERE p.name = 'id'), '1=7,2=8,6=9');
INSERT INTO checks VALUES ('join input column',
  (SELECT count(*) FROM links AS l, url_search_params(l.url) AS p WHERE p.input = l.url), 11);

-- Recipe: the most common query parameter names across a table of URLs.
INSERT INTO checks VALUES ('recipe common names',
  (SELECT group_concat(name || '=' || uses || '/' || urls, ',') FROM (
     SELECT p.name, count(*) AS uses, count(DISTINCT l.id) AS urls
       FROM links AS l, url_search_params(l.url) AS p
      GROUP BY p.name
      ORDER BY uses DESC, p.name
      LIMIT 3)),
  'id=3/3,utm_source=3/2,UTM_keep=1/1');

-- Recipe: remove every utm_* parameter from every URL of a table.  Each
-- step deletes the first remaining utm_* name (GLOB: case-sensitive); a
-- URL is done when none is left.  URLs without utm_* stay as they are; the
-- others get their query re-serialized (as URLSearchParams does).
CREATE TEMP TABLE cleaned AS
WITH RECURSIVE strip(id, url, utm) AS (
  SELECT id, url, (SELECT name FROM url_search_params(url) WHERE name GLOB 'utm_*' LIMIT 1)
    FROM links
  UNION ALL
  SELECT id, url_search_param_delete(url, utm),
         (SELECT name FROM url_search_params(url_search_param_delete(url, utm))
           WHERE name GLOB 'utm_*' LIMIT 1)
    FROM strip WHERE utm IS NOT NULL
)
SELECT id, url FROM strip WHERE utm IS NULL;
INSERT INTO checks VALUES ('recipe utm rows', (SELECT count(*) FROM cleaned), 6);
INSERT INTO checks VALUES ('recipe utm 1', (SELECT url FROM cleaned WHERE id = 1), 'https://example.com/a?id=7#top');
INSERT INTO checks VALUES ('recipe utm 2', (SELECT url FROM cleaned WHERE id = 2), 'https://example.com/b?id=8&lang=en');
INSERT INTO checks VALUES ('recipe utm 3', (SELECT url FROM cleaned WHERE id = 3), 'https://example.com/c');
INSERT INTO checks VALUES ('recipe utm 4', (SELECT url FROM cleaned WHERE id = 4), NULL);
INSERT INTO checks VALUES ('recipe utm 5', (SELECT url FROM cleaned WHERE id = 5), 'http://example.org/');
INSERT INTO checks VALUES ('recipe utm 6', (SELECT url FROM cleaned WHERE id = 6), 'https://example.net/?q=a+b&id=9&UTM_keep=1');
-- The same as an UPDATE of the table itself.
UPDATE links SET url = c.url FROM cleaned AS c WHERE c.id = links.id AND c.url IS NOT links.url;
INSERT INTO checks VALUES ('recipe utm update',
  (SELECT count(*) FROM links AS l, url_search_params(l.url) AS p WHERE p.name GLOB 'utm_*'), 0);
INSERT INTO checks VALUES ('recipe utm update rows', (SELECT group_concat(url, ' ') FROM links),
  'https://example.com/a?id=7#top https://example.com/b?id=8&lang=en https://example.com/c http://example.org/ https://example.net/?q=a+b&id=9&UTM_keep=1');

-- ------------------------------------------- url_search_param(input, name)

INSERT INTO checks VALUES ('get first', url_search_param('https://a/?q=1&q=2', 'q'), '1');
INSERT INTO checks VALUES ('get query string', url_search_param('?utm_source=x&id=7', 'id'), '7');
INSERT INTO checks VALUES ('get query string no ?', url_search_param('utm_source=x&id=7', 'utm_source'), 'x');
INSERT INTO checks VALUES ('get absent', url_search_param('https://a/?q=1', 'x'), NULL);
INSERT INTO checks VALUES ('get no query', url_search_param('https://a/', 'q'), NULL);
INSERT INTO checks VALUES ('get empty query', url_search_param('https://a/?', ''), NULL);
INSERT INTO checks VALUES ('get NULL input', url_search_param(NULL, 'q'), NULL);
INSERT INTO checks VALUES ('get NULL name', url_search_param('https://a/?q=1', NULL), NULL);
INSERT INTO checks VALUES ('get empty value', url_search_param('https://a/?q=&r', 'q'), '');
INSERT INTO checks VALUES ('get no =', url_search_param('https://a/?q=1&r', 'r'), '');
INSERT INTO checks VALUES ('get empty name', url_search_param('https://a/?=x&=y', ''), 'x');
INSERT INTO checks VALUES ('get decoded', url_search_param('https://a/?a+b=c+d%21', 'a b'), 'c d!');
INSERT INTO checks VALUES ('get encoded name', url_search_param('?%61=1', 'a'), '1');
INSERT INTO checks VALUES ('get not encoded name', url_search_param('?%61=1', '%61'), NULL);
INSERT INTO checks VALUES ('get %FF', url_search_param('?a=%FF', 'a'), char(65533));
INSERT INTO checks VALUES ('get name %FF', url_search_param('?%FF=1', char(65533)), '1');
INSERT INTO checks VALUES ('get %', url_search_param('?a=%&b=%2', 'b'), '%2');
INSERT INTO checks VALUES ('get non-BMP', url_search_param('https://a/?🌈=%F0%9F%8C%88', '🌈'), '🌈');
INSERT INTO checks VALUES ('get integer name', url_search_param('?1=one&2=two', 2), 'two');
INSERT INTO checks VALUES ('get fragment ignored', url_search_param('https://a/?a=1#a=2', 'a'), '1');
INSERT INTO checks VALUES ('get fragment only', url_search_param('https://a/#a=2', 'a'), NULL);
INSERT INTO checks VALUES ('get case-sensitive', url_search_param('?A=1', 'a'), NULL);

-- ------------------------------------------------------------- modifiers

-- append
INSERT INTO checks VALUES ('append', url_search_param_append('https://a/?a=1', 'b', 'x y'), 'https://a/?a=1&b=x+y');
INSERT INTO checks VALUES ('append no query', url_search_param_append('https://a/p', 'b', '2'), 'https://a/p?b=2');
INSERT INTO checks VALUES ('append empty query', url_search_param_append('https://a/?', 'b', '2'), 'https://a/?b=2');
INSERT INTO checks VALUES ('append keeps fragment', url_search_param_append('https://a/#f', 'a', 'b'), 'https://a/?a=b#f');
INSERT INTO checks VALUES ('append repeated', url_search_param_append('https://a/?a=1', 'a', '1'), 'https://a/?a=1&a=1');
INSERT INTO checks VALUES ('append empty name value', url_search_param_append('https://a/', '', ''), 'https://a/?=');
INSERT INTO checks VALUES ('append normalizes', url_search_param_append('https://a/?a=b c&d', 'e', 'f'), 'https://a/?a=b+c&d=&e=f');
INSERT INTO checks VALUES ('append encodes', url_search_param_append('https://a/', 'a&b=c', '1+1 ~é'),
  'https://a/?a%26b%3Dc=1%2B1+%7E%C3%A9');
INSERT INTO checks VALUES ('append integer', url_search_param_append('https://a/', 'page', 2), 'https://a/?page=2');
INSERT INTO checks VALUES ('append NULL url', url_search_param_append(NULL, 'a', 'b'), NULL);
INSERT INTO checks VALUES ('append NULL name', url_search_param_append('https://a/', NULL, 'b'), NULL);
INSERT INTO checks VALUES ('append NULL value', url_search_param_append('https://a/', 'a', NULL), NULL);
INSERT INTO checks VALUES ('append invalid URL', url_search_param_append('not a url', 'a', 'b'), NULL);
INSERT INTO checks VALUES ('append relative URL', url_search_param_append('/p?x=1', 'a', 'b'), NULL);
INSERT INTO checks VALUES ('append normalizes URL', url_search_param_append('HTTPS://A/x/../y', 'a', 'b'), 'https://a/y?a=b');
INSERT INTO checks VALUES ('append opaque', url_search_param_append('mailto:a@b', 'subject', 'hi there'), 'mailto:a@b?subject=hi+there');
INSERT INTO checks VALUES ('append non-special', url_search_param_append('foo://h/p?x', 'y', ''''), 'foo://h/p?x=&y=%27');
INSERT INTO checks VALUES ('append opaque space', url_search_param_append('data:text ?x=1', 'y', '2'), 'data:text%20?x=1&y=2');

-- set
INSERT INTO checks VALUES ('set replaces first, drops others', url_search_param_set('https://a/?a=1&b=2&a=3#f', 'a', 'x'), 'https://a/?a=x&b=2#f');
INSERT INTO checks VALUES ('set appends', url_search_param_set('https://a/?a=1', 'b', '2'), 'https://a/?a=1&b=2');
INSERT INTO checks VALUES ('set no query', url_search_param_set('https://a/', 'b', ''), 'https://a/?b=');
INSERT INTO checks VALUES ('set integer', url_search_param_set('https://a/?a=1&a=2#f', 'a', 3), 'https://a/?a=3#f');
INSERT INTO checks VALUES ('set empty name', url_search_param_set('https://a/?=1&x&=2', '', 'e'), 'https://a/?=e&x=');
INSERT INTO checks VALUES ('set decoded name', url_search_param_set('https://a/?a+b=1&a%20b=2', 'a b', '3'), 'https://a/?a+b=3');
INSERT INTO checks VALUES ('set NULL url', url_search_param_set(NULL, 'a', 'b'), NULL);
INSERT INTO checks VALUES ('set NULL name', url_search_param_set('https://a/', NULL, 'b'), NULL);
INSERT INTO checks VALUES ('set NULL value', url_search_param_set('https://a/?a=1', 'a', NULL), NULL);
INSERT INTO checks VALUES ('set invalid URL', url_search_param_set('http://a b/', 'a', 'b'), NULL);

-- delete
INSERT INTO checks VALUES ('delete', url_search_param_delete('https://a/?a=1&b=2', 'a'), 'https://a/?b=2');
INSERT INTO checks VALUES ('delete all of name', url_search_param_delete('https://a/?a=1&b=2&a=3', 'a'), 'https://a/?b=2');
INSERT INTO checks VALUES ('delete with value', url_search_param_delete('https://a/?a=1&a=2', 'a', 2), 'https://a/?a=1');
INSERT INTO checks VALUES ('delete with value all', url_search_param_delete('https://a/?a=1&b=1&a=1', 'a', '1'), 'https://a/?b=1');
INSERT INTO checks VALUES ('delete with value none', url_search_param_delete('https://a/?a=1', 'a', '2'), 'https://a/?a=1');
INSERT INTO checks VALUES ('delete empty value', url_search_param_delete('https://a/?a&a=1', 'a', ''), 'https://a/?a=1');
INSERT INTO checks VALUES ('delete last leaves no ?', url_search_param_delete('https://a/p?a=1#f', 'a'), 'https://a/p#f');
INSERT INTO checks VALUES ('delete absent normalizes', url_search_param_delete('https://a/?a=b c', 'x'), 'https://a/?a=b+c');
INSERT INTO checks VALUES ('delete absent empty query', url_search_param_delete('https://a/?', 'x'), 'https://a/');
INSERT INTO checks VALUES ('delete absent no query', url_search_param_delete('https://a/', 'x'), 'https://a/');
INSERT INTO checks VALUES ('delete empty name', url_search_param_delete('https://a/?=1&a=&=2', ''), 'https://a/?a=');
INSERT INTO checks VALUES ('delete decoded', url_search_param_delete('https://a/?%C3%A9=1&e=2', 'é'), 'https://a/?e=2');
INSERT INTO checks VALUES ('delete opaque space', url_search_param_delete('data:text ?x=1', 'x'), 'data:text%20');
INSERT INTO checks VALUES ('delete NULL url', url_search_param_delete(NULL, 'a'), NULL);
INSERT INTO checks VALUES ('delete NULL name', url_search_param_delete('https://a/?a=1', NULL), NULL);
-- A NULL value is no value (issue 34): delete(name), as with the encoding.
INSERT INTO checks VALUES ('delete NULL value is delete(name)', url_search_param_delete('https://a/?a=1&b=2&a=3', 'a', NULL), 'https://a/?b=2');
INSERT INTO checks VALUES ('delete NULL value NULL url', url_search_param_delete(NULL, 'a', NULL), NULL);
INSERT INTO checks VALUES ('set name as blob', url_encode('x y', X'666f726d'), 'x+y');
INSERT INTO checks VALUES ('mode as blob', url_decode('a+b', CAST('form' AS BLOB)), 'a b');
INSERT INTO checks VALUES ('delete invalid URL', url_search_param_delete('a=1', 'a'), NULL);

-- sort
INSERT INTO checks VALUES ('sort', url_search_params_sort('https://a/?z=1&a=2'), 'https://a/?a=2&z=1');
INSERT INTO checks VALUES ('sort stable', url_search_params_sort('https://a/?z=b&a=b&z=a&a=a#f'), 'https://a/?a=b&a=a&z=b&z=a#f');
INSERT INTO checks VALUES ('sort empty names first', url_search_params_sort('https://a/?z=z&=f&=t'), 'https://a/?=f&=t&z=z');
INSERT INTO checks VALUES ('sort no query', url_search_params_sort('https://a/'), 'https://a/');
INSERT INTO checks VALUES ('sort empty query', url_search_params_sort('https://a/?'), 'https://a/');
INSERT INTO checks VALUES ('sort empty query fragment', url_search_params_sort('https://a/?#'), 'https://a/#');
INSERT INTO checks VALUES ('sort normalizes', url_search_params_sort('https://a/?a=b c&b'), 'https://a/?a=b+c&b=');
-- UTF-16 code units: U+1F308 (D83C DF08) sorts before U+FB03 (FB03).
INSERT INTO checks VALUES ('sort non-BMP', url_search_params_sort('https://a/?ﬃ&🌈'), 'https://a/?%F0%9F%8C%88=&%EF%AC%83=');
INSERT INTO checks VALUES ('sort non-BMP rows',
  (SELECT group_concat(name, ',') FROM url_search_params(url_search_params_sort('https://a/?ﬃ=1&🌈=2&a=3'))), 'a,🌈,ﬃ');
INSERT INTO checks VALUES ('sort U+FFFD',
  url_search_params_sort('https://a/?%EF%BF%BD=x&%EF%BF%BC&%EF%BF%BD=a'), 'https://a/?%EF%BF%BC=&%EF%BF%BD=x&%EF%BF%BD=a');
INSERT INTO checks VALUES ('sort combining', url_search_params_sort('https://a/?é&e%CC%81'), 'https://a/?e%CC%81=&%C3%A9=');
INSERT INTO checks VALUES ('sort NULL', url_search_params_sort(NULL), NULL);
INSERT INTO checks VALUES ('sort invalid URL', url_search_params_sort('?b&a'), NULL);
INSERT INTO checks VALUES ('sort integer', url_search_params_sort(12), NULL);

-- ------------------------------------------------------------ url_encode

-- Each set on the same probe: space " # $ % & ' ( ) * + , / : ; < = > ?
-- @ [ \ ] ^ ` { | } ~ ! U+007F é.
CREATE TEMP TABLE probe(s TEXT);
INSERT INTO probe VALUES (' "#$%&''()*+,/:;<=>?@[\]^`{|}~!' || char(127) || 'é');
INSERT INTO checks VALUES ('encode default', (SELECT url_encode(s) FROM probe),
  '%20%22%23%24%25%26''()*%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode component', (SELECT url_encode(s, 'component') = url_encode(s) FROM probe), 1);
INSERT INTO checks VALUES ('encode userinfo', (SELECT url_encode(s, 'userinfo') FROM probe),
  '%20%22%23$%&''()*+,%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode path', (SELECT url_encode(s, 'path') FROM probe),
  '%20%22%23$%&''()*+,/:;%3C=%3E%3F@[\]%5E%60%7B|%7D~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode query', (SELECT url_encode(s, 'query') FROM probe),
  '%20%22%23$%&''()*+,/:;%3C=%3E?@[\]^`{|}~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode special-query', (SELECT url_encode(s, 'special-query') FROM probe),
  '%20%22%23$%&%27()*+,/:;%3C=%3E?@[\]^`{|}~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode fragment', (SELECT url_encode(s, 'fragment') FROM probe),
  '%20%22#$%&''()*+,/:;%3C=%3E?@[\]^%60{|}~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode c0-control', (SELECT url_encode(s, 'c0-control') FROM probe),
  ' "#$%&''()*+,/:;<=>?@[\]^`{|}~!%7F%C3%A9');
INSERT INTO checks VALUES ('encode form', (SELECT url_encode(s, 'form') FROM probe),
  '+%22%23%24%25%26%27%28%29*%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D%7E%21%7F%C3%A9');
INSERT INTO checks VALUES ('encode unreserved', url_encode('AZaz09-._*'), 'AZaz09-._*');
INSERT INTO checks VALUES ('encode controls', url_encode(char(0, 9, 10, 31), 'c0-control'), '%00%09%0A%1F');
INSERT INTO checks VALUES ('encode non-BMP', url_encode('🌈'), '%F0%9F%8C%88');
INSERT INTO checks VALUES ('encode empty', url_encode(''), '');
INSERT INTO checks VALUES ('encode integer', url_encode(42), '42');
INSERT INTO checks VALUES ('encode real', url_encode(1.5, 'form'), '1.5');
-- A BLOB is octets, encoded as they are (docs/conventions.md rule 5; RFC
-- 3986 §2.1); TEXT that is not UTF-8 is read as everywhere, with U+FFFD.
INSERT INTO checks VALUES ('encode blob octets', url_encode(X'61FF62'), 'a%FFb');
INSERT INTO checks VALUES ('encode blob octets, an encoding ignored', url_encode(X'61FF62', 'component', 'gbk'), 'a%FFb');
INSERT INTO checks VALUES ('encode invalid utf8 text', url_encode(CAST(X'61FF62' AS TEXT)), 'a%EF%BF%BDb');
INSERT INTO checks VALUES ('encode NULL', url_encode(NULL), NULL);
INSERT INTO checks VALUES ('encode NULL form', url_encode(NULL, 'form'), NULL);
-- A NULL option is one not given (docs/conventions.md rule 2).
INSERT INTO checks VALUES ('encode NULL set', url_encode('a b/', NULL), url_encode('a b/'));
INSERT INTO checks VALUES ('encode NULL set, encoding', url_encode('é', NULL, 'windows-1252'), '%E9');
INSERT INTO checks VALUES ('encode set case', url_encode('a b', 'FORM') || url_encode('a b', 'Form'), 'a+ba+b');
INSERT INTO checks VALUES ('encode form by its name', url_encode('a b', 'application/x-www-form-urlencoded'), 'a+b');
-- One name, one set, in url_encode and uri_encode (uri/encode.c's table).
INSERT INTO checks VALUES ('encode userinfo is the URL Standard''s', url_encode('a:b@c', 'userinfo'), 'a%3Ab%40c');
INSERT INTO checks VALUES ('encode rfc3986-userinfo', url_encode('a:b@c', 'rfc3986-userinfo'), 'a:b%40c');
INSERT INTO checks VALUES ('encode path keeps [ ] |', url_encode('[|]%', 'path'), '[|]%');
INSERT INTO checks VALUES ('encode rfc3986-path', url_encode('[|]%', 'rfc3986-path'), '%5B%7C%5D%25');
INSERT INTO checks VALUES ('encode = uri_encode, every set',
  (WITH s(n) AS (VALUES ('c0-control'), ('fragment'), ('query'), ('special-query'),
     ('path'), ('userinfo'), ('component'), ('form'), ('unreserved'), ('pchar'), ('reg-name'),
     ('rfc3986-userinfo'), ('rfc3986-path'), ('rfc3986-query'), ('rfc3986-fragment'), ('uri'))
   SELECT count(*) FROM s WHERE url_encode(' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~é' || char(1, 127), s.n)
       = uri_encode(' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~é' || char(1, 127), s.n)), 16);
INSERT INTO checks VALUES ('encode component is encodeURIComponent',
  url_encode(' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~'),
  '%20!%22%23%24%25%26''()*%2B%2C-.%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E_%60%7B%7C%7D~');
INSERT INTO checks VALUES ('encode round trip', url_decode(url_encode('a b+c%d&é', 'form'), 'form'), 'a b+c%d&é');
INSERT INTO checks VALUES ('encode matches serializer',
  url_search_param_append('https://a/', 'k', ' "#$%&''()*+,/:;<=>?@[\]^`{|}~!é'),
  'https://a/?k=' || url_encode(' "#$%&''()*+,/:;<=>?@[\]^`{|}~!é', 'form'));

-- error: url_encode: unknown percent-encode set 'nope' (expected one of: c0-control, fragment, query, special-query, path, userinfo, component, form, application/x-www-form-urlencoded, unreserved, pchar, reg-name, rfc3986-userinfo, rfc3986-path, rfc3986-query, rfc3986-fragment, uri)
SELECT url_encode('x', 'nope');
-- error: url_encode: unknown percent-encode set 'Formm'
SELECT url_encode('x', 'Formm');
-- error: url_encode: unknown percent-encode set ''
SELECT url_encode(NULL, '');
-- error: url_encode: unknown percent-encode set '1'
SELECT url_encode('x', 1);
-- error: wrong number of arguments to function url_encode()
SELECT url_encode('x', 'form', 'utf-8', 1);

-- ------------------------------------------------------------ url_decode

INSERT INTO checks VALUES ('decode %', url_decode('%'), '%');
INSERT INTO checks VALUES ('decode %2', url_decode('%2'), '%2');
INSERT INTO checks VALUES ('decode %zz', url_decode('%zz'), '%zz');
INSERT INTO checks VALUES ('decode %%41', url_decode('%%41'), '%A');
INSERT INTO checks VALUES ('decode %C3%A9', url_decode('%C3%A9'), 'é');
INSERT INTO checks VALUES ('decode %FF', url_decode('%FF'), char(65533));
INSERT INTO checks VALUES ('decode %FF%FE', url_decode('a%FF%FEb'), 'a' || char(65533, 65533) || 'b');
INSERT INTO checks VALUES ('decode truncated', url_decode('%F0%9F%8C'), char(65533));
INSERT INTO checks VALUES ('decode surrogate', url_decode('%ED%A0%80'), char(65533, 65533, 65533));
INSERT INTO checks VALUES ('decode non-BMP', url_decode('%F0%9F%8C%88'), '🌈');
INSERT INTO checks VALUES ('decode plus kept', url_decode('a+b'), 'a+b');
INSERT INTO checks VALUES ('decode form plus', url_decode('a+b%2B', 'form'), 'a b+');
INSERT INTO checks VALUES ('decode form %', url_decode('%+', 'form'), '% ');
INSERT INTO checks VALUES ('decode raw non-ASCII', url_decode('é%20ü'), 'é ü');
INSERT INTO checks VALUES ('decode %00', hex(url_decode('a%00b')), '610062');
INSERT INTO checks VALUES ('decode empty', url_decode(''), '');
INSERT INTO checks VALUES ('decode integer', url_decode(25), '25');
INSERT INTO checks VALUES ('decode NULL', url_decode(NULL), NULL);
INSERT INTO checks VALUES ('decode NULL form', url_decode(NULL, 'form'), NULL);
INSERT INTO checks VALUES ('decode NULL mode', url_decode('a+b', NULL), 'a+b');
INSERT INTO checks VALUES ('decode NULL mode, encoding', url_decode('%E9+', NULL, 'windows-1252'), 'é+');
INSERT INTO checks VALUES ('decode mode case', url_decode('a+b', 'FORM'), 'a b');
-- 'binary': the decoded bytes themselves, as a BLOB (rule 5: a decoder that
-- can make bytes that are not UTF-8 gives them back).
INSERT INTO checks VALUES ('decode binary', url_decode('%FFa+', 'form', 'binary'), X'FF6120');
INSERT INTO checks VALUES ('decode binary case', url_decode('%FF', NULL, 'BINARY'), X'FF');
INSERT INTO checks VALUES ('decode binary empty', url_decode('', NULL, 'binary'), X'');
INSERT INTO checks VALUES ('decode blob octets', url_decode(X'E9253431', 'percent', 'binary'), X'E941');
INSERT INTO checks VALUES ('decode blob in an encoding', url_decode(X'E9253431', 'percent', 'windows-1252'), 'éA');
INSERT INTO checks VALUES ('decode type', typeof(url_decode('%41')), 'text');

-- error: url_decode: unknown mode 'component' (expected one of: percent, form)
SELECT url_decode('x', 'component');
-- error: url_decode: unknown mode 'FORMS'
SELECT url_decode('x', 'FORMS');
-- error: url_decode: unknown encoding 'bytes'
SELECT url_decode('x', NULL, 'bytes');
-- error: url_decode: unknown mode '1'
SELECT url_decode(NULL, 1);

-- ------------------------------------------------------- misuse errors

-- error: url_search_params: missing input argument
SELECT * FROM url_search_params;
-- error: wrong number of arguments to function url_search_param()
SELECT url_search_param('https://a/?a=1');
-- error: wrong number of arguments to function url_search_param_append()
SELECT url_search_param_append('https://a/', 'a');
-- error: wrong number of arguments to function url_search_param_delete()
SELECT url_search_param_delete('https://a/');
-- error: wrong number of arguments to function url_search_params_sort()
SELECT url_search_params_sort('https://a/', 'utf-8', 'a');
-- error: too many arguments on url_search_params() - max 2
SELECT * FROM url_search_params('a', 'utf-8', 'c');

-- ------------------------------------------------- 100,000-pair queries

CREATE TEMP TABLE big AS
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
SELECT group_concat('k' || ((99999 - i) % 7) || '=' || i, '&') AS q FROM n;
INSERT INTO checks VALUES ('big rows', (SELECT count(*) FROM big, url_search_params(big.q)), 100000);
INSERT INTO checks VALUES ('big rows URL', (SELECT count(*) FROM big, url_search_params('https://a/?' || big.q)), 100000);
INSERT INTO checks VALUES ('big last rowid', (SELECT max(p.rowid) FROM big, url_search_params(big.q) AS p), 100000);
INSERT INTO checks VALUES ('big get', (SELECT url_search_param(q, 'k6') FROM big), '5');
INSERT INTO checks VALUES ('big get last', (SELECT url_search_param(q || '&last=x', 'last') FROM big), 'x');
CREATE TEMP TABLE big_sorted AS
SELECT p.rowid AS r, p.name, CAST(p.value AS INTEGER) AS v
  FROM big, url_search_params(url_search_params_sort('https://a/?' || big.q)) AS p;
INSERT INTO checks VALUES ('big sort rows', (SELECT count(*) FROM big_sorted), 100000);
INSERT INTO checks VALUES ('big sort first', (SELECT name || '=' || v FROM big_sorted WHERE r = 1), 'k0=4');
INSERT INTO checks VALUES ('big sort last', (SELECT name || '=' || v FROM big_sorted WHERE r = 100000), 'k6=99993');
-- Sorted by name, and stable: within a name the values keep query order.
INSERT INTO checks VALUES ('big sort order',
  (SELECT count(*) FROM (SELECT name, v, lag(name) OVER (ORDER BY r) AS pn, lag(v) OVER (ORDER BY r) AS pv
                           FROM big_sorted)
    WHERE name < pn OR (name = pn AND v <= pv)), 0);
INSERT INTO checks VALUES ('big delete',
  (SELECT count(*) FROM big, url_search_params(url_search_param_delete('https://a/?' || big.q, 'k3')) AS p), 85714);
INSERT INTO checks VALUES ('big delete value',
  (SELECT count(*) FROM big, url_search_params(url_search_param_delete('https://a/?' || big.q, 'k3', '1')) AS p), 99999);
INSERT INTO checks VALUES ('big set',
  (SELECT count(*) FROM big, url_search_params(url_search_param_set('https://a/?' || big.q, 'k3', 'x')) AS p), 85715);
INSERT INTO checks VALUES ('big append length',
  (SELECT length(url_search_param_append('https://a/?' || q, 'z', '1')) - length('https://a/?' || q) FROM big), 4);
-- One cursor over several rows: heap storage grown for a large query is
-- reused (and emptied) for the next rows.
CREATE TEMP TABLE mixed(q);
INSERT INTO mixed SELECT q FROM big;
INSERT INTO mixed VALUES ('a=1'), (NULL), ('https://a/');
INSERT INTO mixed SELECT 'https://a/?' || q FROM big;
INSERT INTO mixed VALUES (X'623D32');
INSERT INTO checks VALUES ('big mixed join',
  (SELECT count(*) || ':' || sum(p.name = 'a') || ':' || sum(p.name = 'b') FROM mixed AS m, url_search_params(m.q) AS p),
  '200002:1:1');
-- The hidden input column gives each row's own input (on the small rows:
-- returning a 900 kB input 100,000 times would only measure copying).
INSERT INTO checks VALUES ('big mixed inputs',
  (SELECT group_concat(DISTINCT quote(p.input)) FROM mixed AS m, url_search_params(m.q) AS p
    WHERE length(m.q) < 100), '''a=1'',X''623D32''');

-- Arguments are quoted as valid UTF-8 in error messages.
-- error: url_encode: unknown percent-encode set '\xFF\xFE' (expected
SELECT url_encode('x', CAST(X'FFFE' AS TEXT));
-- error: url_decode: unknown mode 'f\x00mrm' (expected one of: percent, form)
SELECT url_decode('x', CAST(X'66006D' AS TEXT) || 'rm');
-- error: url_encode: unknown percent-encode set X'666f726e'
SELECT url_encode('x', X'666f726e');
