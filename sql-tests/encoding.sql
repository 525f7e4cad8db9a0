-- Encodings (issue 25): url_encoding, url_text_decode, url_text_encode
-- (ext/encoding.c) and the encoding argument of url_href, url_search,
-- url_resolve, url_encode, url_decode, the search-parameter modifiers and
-- url_search_params.  Convention: sql-tests/README.md.  U+FFFD is
-- written char(65533).

-- ------------------------------------------------------- url_encoding

INSERT INTO checks VALUES ('encoding latin1', url_encoding('latin1'), 'windows-1252');
INSERT INTO checks VALUES ('encoding iso-8859-1', url_encoding('iso-8859-1'), 'windows-1252');
INSERT INTO checks VALUES ('encoding trimmed, any case', url_encoding(char(9) || ' SJIS' || char(10, 12, 13, 32)), 'Shift_JIS');
INSERT INTO checks VALUES ('encoding utf8', url_encoding('UTF8'), 'UTF-8');
INSERT INTO checks VALUES ('encoding unicode-1-1-utf-8', url_encoding('unicode-1-1-utf-8'), 'UTF-8');
INSERT INTO checks VALUES ('encoding gb2312', url_encoding('gb2312'), 'GBK');
INSERT INTO checks VALUES ('encoding gb18030', url_encoding('GB18030'), 'gb18030');
INSERT INTO checks VALUES ('encoding x-sjis', url_encoding('x-sjis'), 'Shift_JIS');
INSERT INTO checks VALUES ('encoding iso-2022-kr', url_encoding('iso-2022-kr'), 'replacement');
INSERT INTO checks VALUES ('encoding utf-16', url_encoding('utf-16'), 'UTF-16LE');
INSERT INTO checks VALUES ('encoding x-user-defined', url_encoding('x-user-defined'), 'x-user-defined');
INSERT INTO checks VALUES ('encoding unknown is NULL', url_encoding('utf-7'), NULL);
INSERT INTO checks VALUES ('encoding empty is NULL', url_encoding(''), NULL);
INSERT INTO checks VALUES ('encoding NULL', url_encoding(NULL), NULL);
INSERT INTO checks VALUES ('encoding inner space is no label', url_encoding('shift jis'), NULL);
INSERT INTO checks VALUES ('encoding embedded NUL is no label', url_encoding('latin1' || char(0)), NULL);
INSERT INTO checks VALUES ('encoding number is no label', url_encoding(1252), NULL);
-- A BLOB label is read as UTF-8 text, as every argument (issue 34).
INSERT INTO checks VALUES ('encoding blob label', url_encoding(CAST('latin1' AS BLOB)), 'windows-1252');
INSERT INTO checks VALUES ('encoding blob non-label', url_encoding(X'FF'), NULL);
INSERT INTO checks VALUES ('encoding empty blob', url_encoding(X''), NULL);
INSERT INTO checks VALUES ('decode blob label', url_text_decode(x'41E9', CAST('latin1' AS BLOB)), 'Aé');
INSERT INTO checks VALUES ('encode blob label', hex(url_text_encode('é', CAST(' latin1 ' AS BLOB))), 'E9');
INSERT INTO checks VALUES ('href blob label', url_href('http://a/?é', NULL, CAST('latin1' AS BLOB)), 'http://a/?%E9');
INSERT INTO checks VALUES ('resolve blob label', url_resolve('?é', 'http://a/', CAST('gbk' AS BLOB)), 'http://a/?%A8%A6');
INSERT INTO checks VALUES ('encode blob label and set', url_encode('é', CAST('query' AS BLOB), CAST('latin1' AS BLOB)), '%E9');
INSERT INTO checks VALUES ('append blob label', url_search_param_append('http://a/', 'b', 'é', CAST('latin1' AS BLOB)), 'http://a/?b=%E9');
INSERT INTO checks VALUES ('params blob label',
  (SELECT value FROM url_search_params('?k=%E9', CAST('latin1' AS BLOB))), 'é');
INSERT INTO checks VALUES ('encoding 1 MB label', url_encoding(printf('%.1000000c', 'a')), NULL);

-- ---------------------------------------------------- url_text_decode

INSERT INTO checks VALUES ('decode latin1', url_text_decode(x'48E9', 'latin1'), 'Hé');
INSERT INTO checks VALUES ('decode windows-1252 0x80', url_text_decode(x'80', 'windows-1252'), '€');
INSERT INTO checks VALUES ('decode UTF-8 BOM wins', url_text_decode(x'EFBBBF48C3A9', 'latin1'), 'Hé');
INSERT INTO checks VALUES ('decode UTF-16LE BOM wins', url_text_decode(x'FFFE4800E900', 'shift_jis'), 'Hé');
INSERT INTO checks VALUES ('decode UTF-16BE BOM wins', url_text_decode(x'FEFF004800E9', 'gbk'), 'Hé');
INSERT INTO checks VALUES ('decode utf-16be label', url_text_decode(x'004800E9', 'utf-16be'), 'Hé');
INSERT INTO checks VALUES ('decode shift_jis', url_text_decode(x'82A082A2', 'shift_jis'), 'あい');
INSERT INTO checks VALUES ('decode gbk', url_text_decode(x'C4E3BAC3', 'gbk'), '你好');
INSERT INTO checks VALUES ('decode big5', url_text_decode(x'A4A4A4E5', 'big5'), '中文');
INSERT INTO checks VALUES ('decode euc-kr', url_text_decode(x'C7D1B1DB', 'euc-kr'), '한글');
INSERT INTO checks VALUES ('decode euc-jp', url_text_decode(x'A4A2', 'euc-jp'), 'あ');
INSERT INTO checks VALUES ('decode iso-2022-jp', url_text_decode(x'1B244224221B2842', 'iso-2022-jp'), 'あ');
INSERT INTO checks VALUES ('decode koi8-r', url_text_decode(x'F0D2C9D7C5D4', 'koi8-r'), 'Привет');
INSERT INTO checks VALUES ('decode x-user-defined', url_text_decode(x'4180', 'x-user-defined'), 'A' || char(63360));
INSERT INTO checks VALUES ('decode replacement', url_text_decode(x'414243', 'iso-2022-kr'), char(65533));
INSERT INTO checks VALUES ('decode replacement empty', url_text_decode(x'', 'iso-2022-kr'), '');
INSERT INTO checks VALUES ('decode lone lead byte', url_text_decode(x'82', 'shift_jis'), char(65533));
INSERT INTO checks VALUES ('decode invalid UTF-8', url_text_decode(x'41FF42', 'utf-8'), 'A' || char(65533) || 'B');
INSERT INTO checks VALUES ('decode gb18030 four bytes', url_text_decode(x'81308130', 'gb18030'), char(128));
INSERT INTO checks VALUES ('decode text argument is its UTF-8', url_text_decode('é', 'latin1'), 'Ã©');
INSERT INTO checks VALUES ('decode embedded NUL', url_text_decode(x'410042', 'latin1'), 'A' || char(0) || 'B');
INSERT INTO checks VALUES ('decode empty', url_text_decode(x'', 'latin1'), '');
INSERT INTO checks VALUES ('decode type', typeof(url_text_decode(x'41', 'latin1')), 'text');
INSERT INTO checks VALUES ('decode NULL bytes', url_text_decode(NULL, 'latin1'), NULL);
INSERT INTO checks VALUES ('decode NULL label', url_text_decode(x'41', NULL), NULL);
INSERT INTO checks VALUES ('decode 1 MB',
  length(CAST(url_text_decode(zeroblob(1000000), 'shift_jis') AS BLOB)), 1000000);
INSERT INTO checks VALUES ('decode 1 MB of 0xE9 in latin1',
  url_text_decode(url_text_encode(replace(printf('%.1000000c', 'x'), 'x', 'é'), 'latin1'), 'latin1') = replace(printf('%.1000000c', 'x'), 'x', 'é'), 1);
INSERT INTO checks VALUES ('decode 1 MB of 0xFF in utf-8',
  url_text_decode(url_text_encode(replace(printf('%.1000000c', 'x'), 'x', 'ÿ'), 'latin1'), 'utf-8') = replace(printf('%.1000000c', 'x'), 'x', char(65533)), 1);
INSERT INTO checks VALUES ('decode 1 MB of lone 0x82 in shift_jis',
  length(url_text_decode(url_text_encode(replace(printf('%.1000000c', 'x'), 'x', '‚'), 'windows-1252'), 'shift_jis')), 500000);

-- ---------------------------------------------------- url_text_encode

INSERT INTO checks VALUES ('encode windows-1252', hex(url_text_encode('Hé€', 'windows-1252')), '48E980');
INSERT INTO checks VALUES ('encode latin1 label', hex(url_text_encode('é', 'latin1')), 'E9');
INSERT INTO checks VALUES ('encode type', typeof(url_text_encode('a', 'latin1')), 'blob');
INSERT INTO checks VALUES ('encode shift_jis', hex(url_text_encode('あい', 'sjis')), '82A082A2');
INSERT INTO checks VALUES ('encode html errors', hex(url_text_encode('‽', 'shift_jis')), hex('&#8253;'));
INSERT INTO checks VALUES ('encode html errors latin1', CAST(url_text_encode('a✓b', 'latin1') AS TEXT), 'a&#10003;b');
INSERT INTO checks VALUES ('encode gbk', hex(url_text_encode('你好', 'gbk')), 'C4E3BAC3');
INSERT INTO checks VALUES ('encode gb18030 four bytes', hex(url_text_encode(char(0x80), 'gb18030')), '81308130');
INSERT INTO checks VALUES ('encode gbk euro', hex(url_text_encode('€', 'gbk')), '80');
INSERT INTO checks VALUES ('encode iso-2022-jp ends in ASCII', hex(url_text_encode('あa', 'iso-2022-jp')), '1B244224221B284261');
INSERT INTO checks VALUES ('encode iso-2022-jp ESC is an error', CAST(url_text_encode(char(27), 'iso-2022-jp') AS TEXT), '&#65533;');
INSERT INTO checks VALUES ('encode utf-16le is UTF-8', hex(url_text_encode('é', 'utf-16le')), 'C3A9');
INSERT INTO checks VALUES ('encode replacement is UTF-8', hex(url_text_encode('é', 'iso-2022-kr')), 'C3A9');
INSERT INTO checks VALUES ('encode invalid UTF-8 as U+FFFD', CAST(url_text_encode(CAST(x'41FF' AS TEXT), 'latin1') AS TEXT), 'A&#65533;');
INSERT INTO checks VALUES ('encode embedded NUL', hex(url_text_encode('a' || char(0) || 'b', 'latin1')), '610062');
INSERT INTO checks VALUES ('encode empty', hex(url_text_encode('', 'latin1')), '');
INSERT INTO checks VALUES ('encode NULL', url_text_encode(NULL, 'latin1'), NULL);
INSERT INTO checks VALUES ('encode NULL label', url_text_encode('a', NULL), NULL);
INSERT INTO checks VALUES ('encode 1 MB',
  length(url_text_encode(replace(printf('%.500000c', 'x'), 'x', 'é'), 'latin1')), 500000);
INSERT INTO checks VALUES ('encode round trip',
  url_text_decode(url_text_encode('Grüße, 你好', 'gb18030'), 'gb18030'), 'Grüße, 你好');

-- ------------------------------------------ the URL parser's encoding

INSERT INTO checks VALUES ('href latin1', url_href('http://a/?q=smörgåsbord', NULL, 'windows-1252'), 'http://a/?q=sm%F6rg%E5sbord');
INSERT INTO checks VALUES ('href utf-8 default', url_href('http://a/?q=ö'), 'http://a/?q=%C3%B6');
INSERT INTO checks VALUES ('href NULL encoding is UTF-8', url_href('http://a/?q=ö', NULL, NULL), 'http://a/?q=%C3%B6');
INSERT INTO checks VALUES ('href unmappable', url_href('http://a/?‽', NULL, 'shift_jis'), 'http://a/?%26%238253%3B');
INSERT INTO checks VALUES ('href gbk keyword', url_href('https://www.baidu.com/s?wd=你好', NULL, 'gbk'), 'https://www.baidu.com/s?wd=%C4%E3%BA%C3');
INSERT INTO checks VALUES ('href iso-2022-jp', url_href('http://a/?¥', NULL, 'iso-2022-jp'), 'http://a/?%1B(J\%1B(B');
INSERT INTO checks VALUES ('href path stays UTF-8', url_href('http://a/é?é', NULL, 'latin1'), 'http://a/%C3%A9?%E9');
INSERT INTO checks VALUES ('href fragment stays UTF-8', url_href('http://a/?é#é', NULL, 'latin1'), 'http://a/?%E9#%C3%A9');
INSERT INTO checks VALUES ('href ws stays UTF-8', url_href('ws://a/?é', NULL, 'latin1'), 'ws://a/?%C3%A9');
INSERT INTO checks VALUES ('href wss stays UTF-8', url_href('wss://a/?é', NULL, 'latin1'), 'wss://a/?%C3%A9');
INSERT INTO checks VALUES ('href non-special stays UTF-8', url_href('foo://a/?é', NULL, 'latin1'), 'foo://a/?%C3%A9');
INSERT INTO checks VALUES ('href opaque stays UTF-8', url_href('mailto:x?é', NULL, 'latin1'), 'mailto:x?%C3%A9');
INSERT INTO checks VALUES ('href file is special', url_href('file:///x?é', NULL, 'latin1'), 'file:///x?%E9');
INSERT INTO checks VALUES ('href ftp is special', url_href('ftp://a/?é', NULL, 'latin1'), 'ftp://a/?%E9');
INSERT INTO checks VALUES ('href utf-16 is UTF-8', url_href('http://a/?é', NULL, 'utf-16le'), 'http://a/?%C3%A9');
INSERT INTO checks VALUES ('href replacement is UTF-8', url_href('http://a/?é', NULL, 'iso-2022-kr'), 'http://a/?%C3%A9');
INSERT INTO checks VALUES ('href with base', url_href('?q=é', 'http://a/b', 'latin1'), 'http://a/b?q=%E9');
INSERT INTO checks VALUES ('href base query kept', url_href('#x', 'http://a/?%E9', 'shift_jis'), 'http://a/?%E9#x');
INSERT INTO checks VALUES ('href ASCII same in every encoding', url_href('https://a/?q=1&r=2', NULL, 'iso-2022-jp'), 'https://a/?q=1&r=2');
INSERT INTO checks VALUES ('href invalid UTF-8 is U+FFFD', url_href(CAST(x'687474703A2F2F612F3FFF' AS TEXT), NULL, 'latin1'), 'http://a/?%26%2365533%3B');
INSERT INTO checks VALUES ('href blob input', url_href(CAST('http://a/?é' AS BLOB), NULL, 'latin1'), 'http://a/?%E9');
INSERT INTO checks VALUES ('href invalid URL', url_href('no url', NULL, 'latin1'), NULL);
INSERT INTO checks VALUES ('href NULL input', url_href(NULL, NULL, 'latin1'), NULL);
INSERT INTO checks VALUES ('search gbk', url_search('http://a/?你', NULL, 'gbk'), '?%C4%E3');
INSERT INTO checks VALUES ('resolve shift_jis', url_resolve('?q=≡‽', 'http://x/', 'shift_jis'), 'http://x/?q=%81%DF%26%238253%3B');
INSERT INTO checks VALUES ('resolve NULL base', url_resolve('?q=é', NULL, 'latin1'), NULL);
INSERT INTO checks VALUES ('resolve NULL encoding', url_resolve('?é', 'http://x/', NULL), 'http://x/?%C3%A9');
INSERT INTO checks VALUES ('resolve 1 MB query',
  length(url_resolve('?' || replace(printf('%.1000000c', 'x'), 'x', 'é'), 'http://x/', 'latin1')), 10 + 3000000);
INSERT INTO checks VALUES ('resolve 1 MB unmappable',
  length(url_resolve('?' || printf('%.100000c', '‽'), 'http://x/', 'latin1')), 10 + 100000 * 13);
INSERT INTO checks VALUES ('resolve 1 MB iso-2022-jp',
  length(url_resolve('?' || replace(printf('%.300000c', 'x'), 'x', 'あ'), 'http://x/', 'iso-2022-jp')), 10 + 5 + 300000 * 4 + 5);
-- A label that varies from row to row.
CREATE TEMP TABLE pages(enc TEXT, link TEXT);
INSERT INTO pages VALUES ('utf-8', '?q=é≡'), ('latin1', '?q=é≡'), ('sjis', '?q=é≡'), (NULL, '?q=é≡');
INSERT INTO checks VALUES ('labels per row',
  (SELECT group_concat(url_resolve(link, 'http://a/', enc), ' ') FROM pages),
  'http://a/?q=%C3%A9%E2%89%A1 http://a/?q=%E9%26%238801%3B http://a/?q=%26%23233%3B%81%DF http://a/?q=%C3%A9%E2%89%A1');

-- ---------------------------------------------- url_encode / url_decode

INSERT INTO checks VALUES ('url_encode form shift_jis', url_encode('1+1 ≡ 2%20‽', 'form', 'shift_jis'), '1%2B1+%81%DF+2%2520%26%238253%3B');
INSERT INTO checks VALUES ('url_encode special-query shift_jis', url_encode(' ', 'special-query', 'shift_jis'), '%20');
INSERT INTO checks VALUES ('url_encode iso-2022-jp', url_encode('¥', 'special-query', 'iso-2022-jp'), '%1B(J\%1B(B');
INSERT INTO checks VALUES ('url_encode component latin1', url_encode('é&ü', 'component', 'latin1'), '%E9%26%FC');
INSERT INTO checks VALUES ('url_encode trail byte in set', url_encode('ソ', 'component', 'shift_jis'), '%83%5C');
INSERT INTO checks VALUES ('url_encode trail byte not in set', url_encode('ソ', 'special-query', 'shift_jis'), '%83\');
INSERT INTO checks VALUES ('url_encode NULL encoding', url_encode('é', 'component', NULL), '%C3%A9');
INSERT INTO checks VALUES ('url_encode NULL set', url_encode('é/', NULL, 'latin1'), '%E9%2F');
INSERT INTO checks VALUES ('url_encode NULL text', url_encode(NULL, 'form', 'latin1'), NULL);
INSERT INTO checks VALUES ('url_encode utf-16 is UTF-8', url_encode('é', 'form', 'utf-16be'), '%C3%A9');
INSERT INTO checks VALUES ('url_encode 1 MB',
  length(url_encode(replace(printf('%.1000000c', 'x'), 'x', '你'), 'form', 'gbk')), 6000000);
INSERT INTO checks VALUES ('url_decode gbk', url_decode('%C4%E3%BA%C3', 'percent', 'gbk'), '你好');
INSERT INTO checks VALUES ('url_decode form gbk', url_decode('%C4%E3+%BA%C3', 'form', 'gbk'), '你 好');
INSERT INTO checks VALUES ('url_decode percent keeps +', url_decode('a+b', 'percent'), 'a+b');
INSERT INTO checks VALUES ('url_decode latin1', url_decode('sm%F6rg%E5sbord', 'percent', 'latin1'), 'smörgåsbord');
INSERT INTO checks VALUES ('url_decode raw text is its UTF-8', url_decode('é', 'percent', 'latin1'), 'Ã©');
INSERT INTO checks VALUES ('url_decode malformed', url_decode('%82', 'percent', 'shift_jis'), char(65533));
INSERT INTO checks VALUES ('url_decode utf-16le', url_decode('%E9%00', 'percent', 'utf-16le'), 'é');
INSERT INTO checks VALUES ('url_decode NULL encoding', url_decode('%C3%A9', 'percent', NULL), 'é');
INSERT INTO checks VALUES ('url_decode NULL mode', url_decode('%E9+', NULL, 'latin1'), 'é+');
INSERT INTO checks VALUES ('url_decode 1 MB',
  length(url_decode(replace(printf('%.300000c', 'x'), 'x', '%E9'), 'percent', 'latin1')), 300000);

-- -------------------------------------------- search params and encodings

INSERT INTO checks VALUES ('append latin1', url_search_param_append('http://a/?x=%E9', 'b', 'é ‽', 'latin1'), 'http://a/?x=%E9&b=%E9+%26%238253%3B');
INSERT INTO checks VALUES ('append utf-8 mangles a latin1 query', url_search_param_append('http://a/?x=%E9', 'b', 'c'), 'http://a/?x=%EF%BF%BD&b=c');
INSERT INTO checks VALUES ('append NULL encoding', url_search_param_append('http://a/', 'b', 'é', NULL), 'http://a/?b=%C3%A9');
INSERT INTO checks VALUES ('set windows-1252', url_search_param_set('http://a/?x=%E9&x=2#f', 'x', 'ü', 'windows-1252'), 'http://a/?x=%FC#f');
INSERT INTO checks VALUES ('delete by value in latin1', url_search_param_delete('http://a/?z=%E9&a=2', 'z', 'é', 'latin1'), 'http://a/?a=2');
-- A NULL value is no value: delete(name) in the encoding (issue 34).
INSERT INTO checks VALUES ('delete NULL value: every value of name',
  url_search_param_delete('http://a/?%E9=1&b=2&%E9=3#f', 'é', NULL, 'latin1'), 'http://a/?b=2#f');
INSERT INTO checks VALUES ('delete NULL value: the rest in the encoding',
  url_search_param_delete('http://a/?z=1&b=%E9', 'z', NULL, 'windows-1252'), 'http://a/?b=%E9');
INSERT INTO checks VALUES ('delete NULL value and NULL encoding',
  url_search_param_delete('http://a/?z=1&b=2', 'z', NULL, NULL), 'http://a/?b=2');
INSERT INTO checks VALUES ('delete NULL name', url_search_param_delete('http://a/?z=1', NULL, NULL, 'latin1'), NULL);
-- ws, wss and non-special URLs: the query stays UTF-8, as url_href's (issue 34).
INSERT INTO checks VALUES ('append ws stays UTF-8', url_search_param_append('ws://a/?x=1', 'y', 'ü', 'windows-1252'), 'ws://a/?x=1&y=%C3%BC');
INSERT INTO checks VALUES ('append ws as url_href', url_search_param_append('ws://a/?x=1', 'y', 'ü', 'windows-1252'),
  url_href('ws://a/?x=1&y=ü', NULL, 'windows-1252'));
INSERT INTO checks VALUES ('append ws UTF-8 query decoded', url_search_param_append('ws://a/?x=%C3%A9', 'y', 'z', 'latin1'), 'ws://a/?x=%C3%A9&y=z');
INSERT INTO checks VALUES ('set wss stays UTF-8', url_search_param_set('wss://a/?x=1', 'x', 'é', 'latin1'), 'wss://a/?x=%C3%A9');
INSERT INTO checks VALUES ('append non-special stays UTF-8', url_search_param_append('foo://a/?x=1', 'y', 'é', 'gbk'), 'foo://a/?x=1&y=%C3%A9');
INSERT INTO checks VALUES ('delete ws by value in UTF-8', url_search_param_delete('ws://a/?x=%C3%A9&y=1', 'x', 'é', 'latin1'), 'ws://a/?y=1');
INSERT INTO checks VALUES ('append http in the encoding', url_search_param_append('http://a/?x=1', 'y', 'ü', 'windows-1252'), 'http://a/?x=1&y=%FC');
INSERT INTO checks VALUES ('param ws decoded in UTF-8', url_search_param('ws://a/?y=%C3%BC', 'y', 'windows-1252'), 'ü');
INSERT INTO checks VALUES ('param query string in the encoding', url_search_param('?y=%FC', 'y', 'windows-1252'), 'ü');
INSERT INTO checks VALUES ('params wss decoded in UTF-8',
  (SELECT value FROM url_search_params('wss://a/?y=%C3%BC', 'latin1')), 'ü');
INSERT INTO checks VALUES ('params non-special decoded in UTF-8',
  (SELECT value FROM url_search_params('x:?y=%C3%BC', 'gbk')), 'ü');
INSERT INTO checks VALUES ('sort gbk', url_search_params_sort('http://a/?z=%C4%E3&a=2', 'gbk'), 'http://a/?a=2&z=%C4%E3');
INSERT INTO checks VALUES ('sort raw non-ASCII query', url_search_params_sort('http://a/?z=你&a=2', 'gbk'), 'http://a/?a=2&z=%C4%E3');
INSERT INTO checks VALUES ('sort ws: the parser keeps UTF-8, the bytes stay', url_search_params_sort('ws://a/?z=é', 'latin1'), 'ws://a/?z=%C3%A9');
INSERT INTO checks VALUES ('modifier invalid URL', url_search_params_sort('nope', 'latin1'), NULL);
INSERT INTO checks VALUES ('param gbk', url_search_param('?wd=%C4%E3%BA%C3', 'wd', 'gbk'), '你好');
INSERT INTO checks VALUES ('param name in gbk', url_search_param('?%C4%E3=1&b=2', '你', 'gbk'), '1');
INSERT INTO checks VALUES ('param URL parsed in the encoding', url_search_param('http://a/?%C3%A9=x&é=y', 'é', 'latin1'), 'y');
INSERT INTO checks VALUES ('param utf-8 default', url_search_param('http://a/?%C3%A9=x&é=y', 'é'), 'x');
INSERT INTO checks VALUES ('param NULL encoding', url_search_param('?a=%C3%A9', 'a', NULL), 'é');
INSERT INTO checks VALUES ('param missing', url_search_param('?a=1', 'b', 'gbk'), NULL);
INSERT INTO checks VALUES ('params gbk',
  (SELECT group_concat(name || '=' || value, '&') FROM url_search_params('?wd=%C4%E3%BA%C3&q=a+b', 'gbk')), 'wd=你好&q=a b');
INSERT INTO checks VALUES ('params URL parsed in the encoding',
  (SELECT value FROM url_search_params('http://a/?wd=你好', 'gbk')), '你好');
INSERT INTO checks VALUES ('params utf-8 default',
  (SELECT value FROM url_search_params('?wd=%C4%E3')), char(65533) || char(65533));
INSERT INTO checks VALUES ('params NULL encoding',
  (SELECT value FROM url_search_params('?wd=%C3%A9', NULL)), 'é');
INSERT INTO checks VALUES ('params hidden encoding column',
  (SELECT DISTINCT encoding FROM url_search_params('?a=1', 'latin1')), 'latin1');
CREATE TEMP TABLE queries(q TEXT, enc TEXT);
INSERT INTO queries VALUES ('?k=%E9', 'latin1'), ('?k=%C4%E3', 'gbk'), ('?k=%C3%A9', 'utf-8');
INSERT INTO checks VALUES ('params encoding per row in a join',
  (SELECT group_concat(p.value, ',') FROM queries, url_search_params(queries.q, queries.enc) AS p), 'é,你,é');

-- ------------------------------------------------------------- errors

-- error: url_href: unknown encoding 'utf-7'
SELECT url_href('http://a/', NULL, 'utf-7');
-- error: url_search: unknown encoding 'x'
SELECT url_search('http://a/', NULL, 'x');
-- error: url_resolve: unknown encoding 'nope'
SELECT url_resolve('b', 'http://a/', 'nope');
-- error: url_resolve: unknown encoding 'nope'
SELECT url_resolve('b', NULL, 'nope');
-- error: url_encode: unknown encoding 'latin-1'
SELECT url_encode('a', 'form', 'latin-1');
-- error: url_decode: unknown encoding ''
SELECT url_decode('a', 'form', '');
-- error: url_text_decode: unknown encoding 'utf-32'
SELECT url_text_decode(x'41', 'utf-32');
-- error: url_text_encode: unknown encoding 'ebcdic'
SELECT url_text_encode('a', 'ebcdic');
-- error: url_text_encode: unknown encoding '1252'
SELECT url_text_encode('a', 1252);
-- error: url_text_decode: unknown encoding X'6c6174696e3f'
SELECT url_text_decode(x'41', CAST('latin?' AS BLOB));
-- error: url_search_param: unknown encoding 'q'
SELECT url_search_param('?a=1', 'a', 'q');
-- error: url_search_param_append: unknown encoding 'q'
SELECT url_search_param_append('http://a/', 'a', 'b', 'q');
-- error: url_search_param_set: unknown encoding 'q'
SELECT url_search_param_set('http://a/', 'a', 'b', 'q');
-- error: url_search_param_delete: unknown encoding 'q'
SELECT url_search_param_delete('http://a/', 'a', 'b', 'q');
-- error: url_search_params_sort: unknown encoding 'q'
SELECT url_search_params_sort('http://a/', 'q');
-- error: url_search_params: unknown encoding 'q'
SELECT * FROM url_search_params('?a=1', 'q');
-- error: url_href: unknown encoding 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'...
SELECT url_href('http://a/', NULL, printf('%.1000000c', 'a'));
-- error: wrong number of arguments to function url_encoding()
SELECT url_encoding('a', 'b');
-- error: wrong number of arguments to function url_text_decode()
SELECT url_text_decode(x'41');
