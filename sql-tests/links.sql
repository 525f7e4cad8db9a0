-- Links of stored pages (issue 26): url_links(html, page_url [, encoding])
-- (table-valued) and url_html_encoding(html [, encoding]).
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------------ the rows

INSERT INTO checks VALUES ('a href resolved',
  (SELECT url FROM url_links('<a href="b/c?x=1#f">', 'https://example.com/a/index.html')),
  'https://example.com/a/b/c?x=1#f');
INSERT INTO checks VALUES ('columns of a row',
  (SELECT raw || '|' || tag || '|' || attribute || '|' || rel || '|' || kind || '|' || position
     FROM url_links('<p>x</p><a rel="nofollow" href=/y>', 'https://e.com/')),
  '/y|a|href|nofollow|navigation|9');
-- position: where the tag's '<' is in html as given, as substr() counts it
-- (docs/conventions.md rule 4): characters of TEXT, bytes of a BLOB, in
-- whatever encoding the page is read.
INSERT INTO checks VALUES ('position in non-ASCII text',
  (SELECT group_concat(position || substr('<p>é ü</p><a href=x>ä</a><IMG src=y>', position, 4), ' ')
     FROM url_links('<p>é ü</p><a href=x>ä</a><IMG src=y>', 'https://e.com/', 'utf-8')),
  '11<a h 26<IMG');
INSERT INTO checks VALUES ('position in text read as windows-1252',
  (SELECT group_concat(position, ' ') FROM url_links('<p>é ü</p><a href=x>ä</a><IMG src=y>', 'https://e.com/')),
  '11 26');
INSERT INTO checks VALUES ('position in a UTF-8 blob',
  (SELECT group_concat(position, ' ') FROM url_links(CAST('<p>é ü</p><a href=x>' AS BLOB), 'https://e.com/', 'utf-8')),
  '13');
INSERT INTO checks VALUES ('position after a UTF-8 BOM',
  (SELECT group_concat(position, ' ') FROM url_links(CAST(X'EFBBBF' || 'é<a href=x>' AS BLOB), 'https://e.com/')),
  '6');
INSERT INTO checks VALUES ('position after a UTF-8 BOM, as TEXT',
  (SELECT group_concat(position, ' ') FROM url_links(X'EFBBBF' || 'é<a href=x>', 'https://e.com/')),
  '3');
INSERT INTO checks VALUES ('position in a windows-1252 blob',
  (SELECT group_concat(position, ' ') FROM url_links(X'E9E93C6120687265663D783E', 'https://e.com/', 'windows-1252')),
  '3');
INSERT INTO checks VALUES ('position in a UTF-16LE blob',
  (SELECT group_concat(position, ' ') FROM url_links(CAST(X'FFFE41003C00610020006800720065006600' || X'3D0078003E00' AS BLOB), 'https://e.com/')),
  '5');
INSERT INTO checks VALUES ('position in a UTF-16BE blob',
  (SELECT group_concat(position, ' ') FROM url_links(CAST(X'FEFF0041003C00610020006800720065' || X'0066003D0078003E' AS BLOB), 'https://e.com/')),
  '5');
INSERT INTO checks VALUES ('position in a Shift_JIS blob',
  (SELECT group_concat(position, ' ') FROM url_links(X'82A03C6120687265663D783E3C6120687265663D793E', 'https://e.com/', 'shift_jis')),
  '3 13');
INSERT INTO checks VALUES ('position in an ISO-2022-JP blob (a 0x3C inside jis0208 is no tag)',
  (SELECT group_concat(position, ' ') FROM url_links(X'1B2442303C1B28423C6120687265663D783E', 'https://e.com/', 'iso-2022-jp')),
  '9');
INSERT INTO checks VALUES ('position of a tag''s every row (srcset)',
  (SELECT group_concat(position, ' ') FROM url_links('é<img srcset="a 1x, b 2x" src=c>', 'https://e.com/', 'utf-8')),
  '2 2 2');
INSERT INTO checks VALUES ('position in text with bytes that are not UTF-8',
  (SELECT group_concat(position, ' ') FROM url_links(CAST(X'C080E93C6120687265663D783E' AS TEXT), 'https://e.com/', 'utf-8')),
  '3');
INSERT INTO checks VALUES ('document order',
  (SELECT group_concat(tag || '.' || attribute, ' ') FROM url_links(
     '<html manifest=m><body background=b><img src=i><script src=s></script><iframe src=f></iframe><q cite=c>',
     'https://e.com/')),
  'html.manifest body.background img.src script.src iframe.src q.cite');
INSERT INTO checks VALUES ('kinds',
  (SELECT group_concat(kind, ' ') FROM url_links(
     '<a href=a><img src=i><blockquote cite=c><link rel=stylesheet href=s><link rel=canonical href=k>',
     'https://e.com/')),
  'navigation resource citation resource navigation');
INSERT INTO checks VALUES ('raw after character references',
  (SELECT raw || ' ' || url FROM url_links('<a href="?a=1&amp;b=2&copy=3">', 'https://e.com/p')),
  '?a=1&b=2&copy=3 https://e.com/p?a=1&b=2&copy=3');
INSERT INTO checks VALUES ('invalid URL is NULL',
  (SELECT quote(url) || ' ' || raw FROM url_links('<a href="https://exa mple.com/">', 'https://e.com/')),
  'NULL https://exa mple.com/');
INSERT INTO checks VALUES ('no page URL: only absolute URLs',
  (SELECT group_concat(quote(url), ' ') FROM url_links('<a href=x><a href=https://a.b/>', NULL)),
  'NULL ''https://a.b/''');
INSERT INTO checks VALUES ('srcset: a row per candidate with its descriptor',
  (SELECT group_concat(raw || '=' || descriptor, ' ') FROM url_links(
     '<img srcset="a.png 1x, b.png 2x,c.png 100w 50h" src=z>', 'https://e.com/') WHERE attribute = 'srcset'),
  'a.png=1x b.png=2x c.png=100w 50h');
INSERT INTO checks VALUES ('srcset: invalid descriptors drop the candidate',
  (SELECT group_concat(raw, ' ') FROM url_links('<img srcset="a 1x 2x, b foo, c">', 'https://e.com/')),
  'c');
INSERT INTO checks VALUES ('descriptor NULL without one',
  (SELECT quote(descriptor) FROM url_links('<img srcset="a">', 'https://e.com/')), 'NULL');
INSERT INTO checks VALUES ('ping split on ASCII whitespace',
  (SELECT group_concat(url, ' ') FROM url_links('<a ping="/p1   /p2' || char(9) || '/p3">', 'https://e.com/')),
  'https://e.com/p1 https://e.com/p2 https://e.com/p3');
INSERT INTO checks VALUES ('meta refresh',
  (SELECT url FROM url_links('<meta http-equiv="REFRESH" content="5; URL=''/next''">', 'https://e.com/a')),
  'https://e.com/next');
INSERT INTO checks VALUES ('meta refresh without URL is the page',
  (SELECT url || ' ' || raw FROM url_links('<meta http-equiv=refresh content="3">', 'https://e.com/a#f')),
  'https://e.com/a#f ');
INSERT INTO checks VALUES ('meta refresh that does not parse: no row',
  (SELECT count(*) FROM url_links('<meta http-equiv=refresh content="x; url=/n">', 'https://e.com/')), 0);
INSERT INTO checks VALUES ('empty form action is the page URL',
  (SELECT url FROM url_links('<form action="">', 'https://e.com/f?q#h')), 'https://e.com/f?q#h');
INSERT INTO checks VALUES ('formaction',
  (SELECT group_concat(tag || ':' || url, ' ') FROM url_links('<button formaction=b><input formaction=i>', 'https://e.com/')),
  'button:https://e.com/b input:https://e.com/i');

-- -------------------------------------------- what the parser makes text

INSERT INTO checks VALUES ('script, style, textarea, title contents are not markup',
  (SELECT group_concat(raw, ' ') FROM url_links(
     '<script>"<a href=1>"</script><style><a href=2></style><textarea><a href=3></textarea><title><a href=4></title><a href=5>',
     'https://e.com/')),
  '5');
INSERT INTO checks VALUES ('noscript is markup (scripting disabled)',
  (SELECT raw FROM url_links('<noscript><img src=ns.gif></noscript>', 'https://e.com/')), 'ns.gif');
INSERT INTO checks VALUES ('comments are not markup',
  (SELECT group_concat(raw, ' ') FROM url_links('<!-- <a href=1> --><a href=2><!--> <a href=3>', 'https://e.com/')),
  '2 3');
INSERT INTO checks VALUES ('template contents are inert',
  (SELECT group_concat(raw, ' ') FROM url_links('<template><a href=1></template><a href=2>', 'https://e.com/')),
  '2');
INSERT INTO checks VALUES ('svg content is not HTML',
  (SELECT group_concat(raw, ' ') FROM url_links('<svg><a href=1/><![CDATA[<a href=2>]]></svg><a href=3>', 'https://e.com/')),
  '3');
INSERT INTO checks VALUES ('duplicate attribute: the first wins',
  (SELECT group_concat(raw, ' ') FROM url_links('<a href=1 HREF=2 href=3>', 'https://e.com/')), '1');
INSERT INTO checks VALUES ('unterminated tag: no row',
  (SELECT count(*) FROM url_links('<a href="x', 'https://e.com/')), 0);
INSERT INTO checks VALUES ('unterminated comment: no row',
  (SELECT count(*) FROM url_links('<!-- <a href=x>', 'https://e.com/')), 0);

-- ------------------------------------- the tree builder (issue 34)
-- Which elements exist, as the HTML Standard's tree construction (and
-- Chromium) makes them.

INSERT INTO checks VALUES ('an HTML end tag closes the svg in it',
  (SELECT group_concat(url, ' ') FROM url_links(
     '<nav><a href="/"><svg class="logo"><path d="M0"></a><a href="/about">About</a></nav>', 'https://e.com/')),
  'https://e.com/ https://e.com/about');
INSERT INTO checks VALUES ('</div> closes an unclosed svg',
  (SELECT group_concat(raw, ' ') FROM url_links('<div><svg></div><a href="/afterdiv">', 'https://e.com/')),
  '/afterdiv');
INSERT INTO checks VALUES ('an end tag of no open element leaves the svg open',
  (SELECT count(*) FROM url_links('<div><svg><g></span><a href=x>', 'https://e.com/')), 0);
INSERT INTO checks VALUES ('</template> closes the svg in it',
  (SELECT group_concat(raw || ' ' || base, ' ') FROM url_links(
     '<template><svg></template><p><a href="/lost1"><base href="https://b.example/">', 'https://e.com/')),
  '/lost1 https://b.example/');
INSERT INTO checks VALUES ('MathML mglyph in mtext is MathML',
  (SELECT group_concat(raw, ' ') FROM url_links(
     '<math><mtext><mglyph><a href=no></mglyph><a href=yes>', 'https://e.com/')), 'yes');
INSERT INTO checks VALUES ('a form in a form is dropped',
  (SELECT group_concat(raw, ' ') FROM url_links(
     '<form action=a><form action=b></form><form action=c>', 'https://e.com/')), 'a c');
INSERT INTO checks VALUES ('the form element pointer outlives </div>',
  (SELECT group_concat(raw, ' ') FROM url_links('<div><form action=a></div><form action=b>', 'https://e.com/')),
  'a');
INSERT INTO checks VALUES ('frame in a body is dropped',
  (SELECT group_concat(tag, ' ') FROM url_links('<frame src=f><a href=x>', 'https://e.com/')), 'a');
INSERT INTO checks VALUES ('frame in a frameset (template ignored there)',
  (SELECT group_concat(tag, ' ') FROM url_links('<frameset><template><frame src=f>', 'https://e.com/')), 'frame');
INSERT INTO checks VALUES ('frameset replaces a body of source, track, hidden input',
  (SELECT group_concat(tag, ' ') FROM url_links(
     '<source src=s><track src=t><input type=hidden src=i><frameset><frame src=f>', 'https://e.com/')),
  'frame');
INSERT INTO checks VALUES ('no frameset after an input',
  (SELECT group_concat(tag, ' ') FROM url_links('<input src=i><frameset><frame src=f>', 'https://e.com/')),
  'input');
INSERT INTO checks VALUES ('second body background: the first one counts',
  (SELECT group_concat(raw, ' ') FROM url_links('<body background=a><body background=b>', 'https://e.com/')), 'a');
INSERT INTO checks VALUES ('second body start tag adds a missing background',
  (SELECT group_concat(raw, ' ') FROM url_links('<p>x<body background=b>', 'https://e.com/')), 'b');
INSERT INTO checks VALUES ('second html manifest: the first one counts',
  (SELECT group_concat(raw, ' ') FROM url_links('<html manifest=a><html manifest=b>', 'https://e.com/')), 'a');
INSERT INTO checks VALUES ('table backgrounds',
  (SELECT group_concat(tag || '.' || attribute, ' ') FROM url_links(
     '<table background=t><tbody background=b><tr background=r><th background=h><td background=d>', 'https://e.com/')),
  'table.background tbody.background tr.background th.background td.background');
INSERT INTO checks VALUES ('table parts outside a table are dropped',
  (SELECT count(*) FROM url_links('<td background=d><tr background=r>', 'https://e.com/')), 0);

-- ---------------------------------------------------- document base URL

INSERT INTO checks VALUES ('base after the link still governs it',
  (SELECT url || ' ' || base FROM url_links('<a href=x><base href="/d/">', 'https://e.com/a/b')),
  'https://e.com/d/x https://e.com/d/');
INSERT INTO checks VALUES ('first base with href (base_multiple)',
  (SELECT url FROM url_links('<base target=t><base href=/one/><base href=/two/><a href=x>', 'https://e.com/')),
  'https://e.com/one/x');
INSERT INTO checks VALUES ('base href resolved against the page',
  (SELECT base FROM url_links('<base href="../up/"><a href=x>', 'https://e.com/a/b/c')), 'https://e.com/a/up/');
INSERT INTO checks VALUES ('empty base href is the page URL (base_href_empty)',
  (SELECT base FROM url_links('<base href=""><a href=x>', 'https://e.com/p?q#f')), 'https://e.com/p?q');
INSERT INTO checks VALUES ('no base href: base NULL (base_href_unspecified)',
  (SELECT quote(base) || ' ' || url FROM url_links('<base target=_blank><a href=x>', 'https://e.com/d/p')),
  'NULL https://e.com/d/x');
INSERT INTO checks VALUES ('data: base falls back (base-data)',
  (SELECT quote(base) || ' ' || url FROM url_links('<base href="data:/,test"><base href="https://example.com/"><a href=blah>', 'https://e.com/d/p')),
  'NULL https://e.com/d/blah');
INSERT INTO checks VALUES ('javascript: base falls back (base-javascript)',
  (SELECT url FROM url_links('<base href="javascript:/,test"><base href="https://example.com/"><a href=blah>', 'https://e.com/d/p')),
  'https://e.com/d/blah');
INSERT INTO checks VALUES ('invalid base falls back',
  (SELECT quote(base) || ' ' || url FROM url_links('<base href="https://a:99999/"><a href=x>', 'https://e.com/d/p')),
  'NULL https://e.com/d/x');
INSERT INTO checks VALUES ('base in template is not the document''s',
  (SELECT url FROM url_links('<template><base href=/t/></template><a href=x>', 'https://e.com/d/p')),
  'https://e.com/d/x');

-- ------------------------------------------------------------ encodings

INSERT INTO checks VALUES ('encoding: default windows-1252',
  url_html_encoding('<p>hello'), 'windows-1252');
INSERT INTO checks VALUES ('encoding: meta charset',
  url_html_encoding('<meta charset="shift_jis">'), 'Shift_JIS');
INSERT INTO checks VALUES ('encoding: meta pragma',
  url_html_encoding('<meta http-equiv=content-type content="text/html;charset=koi8-r">'), 'KOI8-R');
INSERT INTO checks VALUES ('encoding: transport over meta',
  url_html_encoding('<meta charset=koi8-r>', 'iso-8859-2'), 'ISO-8859-2');
INSERT INTO checks VALUES ('encoding: BOM over transport',
  url_html_encoding(X'EFBBBF3C703E', 'koi8-r'), 'UTF-8');
INSERT INTO checks VALUES ('encoding: UTF-16 BOM',
  url_html_encoding(X'FFFE3C00'), 'UTF-16LE');
INSERT INTO checks VALUES ('encoding: NULL', url_html_encoding(NULL), NULL);
INSERT INTO checks VALUES ('encoding: NULL label is none',
  url_html_encoding('<meta charset=koi8-r>', NULL), 'KOI8-R');
-- The transport encoding is used only "if the user agent supports" it
-- (issue 34): an unknown label is none, a quoted one (as a Content-Type
-- charset may be written) is unquoted.
INSERT INTO checks VALUES ('encoding: unknown transport label ignored',
  url_html_encoding('<p>', 'bogus'), 'windows-1252');
INSERT INTO checks VALUES ('encoding: unknown transport label, meta decides',
  url_html_encoding('<meta charset=koi8-r>', 'utf-7'), 'KOI8-R');
INSERT INTO checks VALUES ('encoding: empty transport label', url_html_encoding('<p>', ''), 'windows-1252');
INSERT INTO checks VALUES ('encoding: quoted transport label', url_html_encoding('<p>', '"UTF-8"'), 'UTF-8');
INSERT INTO checks VALUES ('encoding: quoted label with spaces and escape',
  url_html_encoding('<p>', ' "  koi8\-r "'), 'KOI8-R');
INSERT INTO checks VALUES ('encoding: quoted label, rest dropped', url_html_encoding('<p>', '"latin1"; x'), 'windows-1252');
INSERT INTO checks VALUES ('encoding: unclosed quote', url_html_encoding('<p>', '"utf-8'), 'UTF-8');
INSERT INTO checks VALUES ('encoding: quoted unknown', url_html_encoding('<meta charset=gbk>', '"nope"'), 'GBK');
INSERT INTO checks VALUES ('encoding: long quoted label',
  url_html_encoding('<p>', '"' || printf('%.100000c', ' ') || 'utf-8"'), 'UTF-8');
INSERT INTO checks VALUES ('encoding: number label is none', url_html_encoding('<p>', 1252), 'windows-1252');
INSERT INTO checks VALUES ('encoding: blob label', url_html_encoding('<p>', CAST('koi8-r' AS BLOB)), 'KOI8-R');
CREATE TEMP TABLE transport(label TEXT);
INSERT INTO transport VALUES ('utf-8'), ('bogus'), ('"iso-8859-2"'), (NULL);
INSERT INTO checks VALUES ('encoding: a label per row',
  (SELECT group_concat(url_html_encoding('<meta charset=koi8-r>', label), ' ') FROM transport),
  'UTF-8 KOI8-R ISO-8859-2 KOI8-R');
INSERT INTO checks VALUES ('links: quoted transport label',
  (SELECT url FROM url_links('<a href=/x>', 'https://e.com/', '"UTF-8"')), 'https://e.com/x');
INSERT INTO checks VALUES ('links: unknown transport label ignored',
  (SELECT url FROM url_links('<a href=/x>', 'https://e.com/', 'bogus')), 'https://e.com/x');
INSERT INTO checks VALUES ('links: unknown label, meta decides the query',
  (SELECT url FROM url_links('<meta charset=windows-1252><a href="?&eacute;">', 'https://e.com/', 'x-unknown')),
  'https://e.com/?%E9');
INSERT INTO checks VALUES ('links: quoted label decides the query',
  (SELECT url FROM url_links('<a href="?&eacute;">', 'https://e.com/', '"utf-8"')), 'https://e.com/?%C3%A9');
-- error: url_links: missing page_url argument
SELECT * FROM url_links('<a href=x>');
INSERT INTO checks VALUES ('windows-1252 bytes decoded in raw',
  (SELECT raw FROM url_links(X'3C6120687265663D2FE93E', 'https://e.com/')), '/é');
INSERT INTO checks VALUES ('UTF-16LE document rows',
  (SELECT url FROM url_links(X'FFFE3C00610020006800720065006600' || X'3D002F0075003E00', 'https://e.com/')),
  'https://e.com/u');
INSERT INTO checks VALUES ('query in the document''s encoding, fragment UTF-8',
  (SELECT url FROM url_links(X'3C6120687265663D2F3F713DE9237A' || X'E93E', 'https://e.com/', 'windows-1252')),
  'https://e.com/?q=%E9#z%C3%A9');
-- (A TEXT value is read as its UTF-8 bytes: legacy-encoded pages are blobs.)
INSERT INTO checks VALUES ('query: meta charset koi8-r',
  (SELECT raw || ' ' || url FROM url_links(CAST('<meta charset=koi8-r><a href="?q=' AS BLOB) || X'D6' || CAST('">' AS BLOB), 'https://e.com/')),
  '?q=' || char(1078) || ' https://e.com/?q=%D6');
INSERT INTO checks VALUES ('query: unmappable as &#N;',
  (SELECT url FROM url_links('<a href="?q=&#29483;">', 'https://e.com/', 'windows-1252')),
  'https://e.com/?q=%26%2329483%3B');
INSERT INTO checks VALUES ('query: ws and non-special stay UTF-8',
  (SELECT group_concat(url, ' ') FROM url_links('<a href="wss://a/?&eacute;"><a href="x:?&eacute;">', 'https://e.com/', 'windows-1252')),
  'wss://a/?%C3%A9 x:?%C3%A9');
INSERT INTO checks VALUES ('query: UTF-16 documents encode as UTF-8',
  (SELECT url FROM url_links(X'FFFE3C006100200068007200650066003D003F00E9003E00', 'https://e.com/')),
  'https://e.com/?%C3%A9');
INSERT INTO checks VALUES ('base href query in the document''s encoding',
  (SELECT base FROM url_links(X'3C6261736520687265663D2F3FE93E' || '<a href=x>', 'https://e.com/', 'windows-1252')),
  'https://e.com/?%E9');
INSERT INTO checks VALUES ('invalid UTF-8 is U+FFFD',
  (SELECT raw FROM url_links(CAST('<a href=/' AS BLOB) || X'FF' || CAST('>' AS BLOB), 'https://e.com/', 'utf-8')),
  '/' || char(65533));

-- ---------------------------------------------------------- bad input

INSERT INTO checks VALUES ('NULL html: no rows', (SELECT count(*) FROM url_links(NULL, 'https://e.com/')), 0);
INSERT INTO checks VALUES ('empty html: no rows', (SELECT count(*) FROM url_links('', 'https://e.com/')), 0);
INSERT INTO checks VALUES ('binary blob',
  (SELECT count(*) >= 0 FROM url_links(randomblob(100000), 'https://e.com/')), 1);
INSERT INTO checks VALUES ('100,000 attributes on one tag',
  (SELECT count(*) FROM url_links('<a' || replace(printf('%.100000c', 'x'), 'x', ' href=1') || '>', 'https://e.com/')), 1);
INSERT INTO checks VALUES ('deep nesting',
  (SELECT count(*) FROM url_links(replace(printf('%.100000c', 'x'), 'x', '<svg><g>') || '<a href=x>', 'https://e.com/')), 0);
INSERT INTO checks VALUES ('deep nesting broken out',
  (SELECT count(*) FROM url_links(replace(printf('%.100000c', 'x'), 'x', '<div><span>') || '<img src=x>', 'https://e.com/')), 1);
INSERT INTO checks VALUES ('deep svg closed by HTML end tags',
  (SELECT count(*) FROM url_links(replace(printf('%.100000c', 'x'), 'x', '<div><svg><g>')
     || replace(printf('%.100000c', 'x'), 'x', '</div>') || '<a href=x>', 'https://e.com/')), 1);
INSERT INTO checks VALUES ('many links',
  (SELECT count(*) FROM url_links(replace(printf('%.100000c', 'x'), 'x', '<a href=/x>'), 'https://e.com/')), 100000);
INSERT INTO checks VALUES ('hidden columns',
  (SELECT DISTINCT html || ' ' || page_url FROM url_links('<a href=x>', 'https://e.com/')), '<a href=x> https://e.com/');
INSERT INTO checks VALUES ('a join over pages',
  (SELECT group_concat(l.url, ' ') FROM (SELECT 'https://a.com/' AS u, '<a href=x>' AS b UNION ALL
                                         SELECT 'https://b.com/', '<a href=y><a href=z>') AS p,
                                        url_links(p.b, p.u) AS l),
  'https://a.com/x https://b.com/y https://b.com/z');

-- --------------------------------------------- url_content_type_charset

-- The MIME Sniffing Standard's "parse a MIME type", parameters["charset"].
INSERT INTO checks VALUES ('ct: plain', url_content_type_charset('text/html; charset=utf-8'), 'utf-8');
INSERT INTO checks VALUES ('ct: quoted', url_content_type_charset('text/html; charset="UTF-8"'), 'UTF-8');
INSERT INTO checks VALUES ('ct: more parameters',
  url_content_type_charset('text/plain; charset=ISO-8859-1; format=flowed'), 'ISO-8859-1');
INSERT INTO checks VALUES ('ct: parameter before', url_content_type_charset('text/plain;format=flowed;charset=gbk'), 'gbk');
INSERT INTO checks VALUES ('ct: empty value', url_content_type_charset('text/html; charset='), NULL);
INSERT INTO checks VALUES ('ct: empty value, a later one', url_content_type_charset('text/html;charset=;charset=gbk'), 'gbk');
INSERT INTO checks VALUES ('ct: quoted empty', url_content_type_charset('text/html;charset=""'), '');
INSERT INTO checks VALUES ('ct: first wins', url_content_type_charset('text/html;charset=gbk;charset=utf-8'), 'gbk');
INSERT INTO checks VALUES ('ct: name case-insensitive', url_content_type_charset('TEXT/HTML;CharSet=Shift_JIS'), 'Shift_JIS');
INSERT INTO checks VALUES ('ct: value case kept', url_content_type_charset('text/html;charset=UTF-8'), 'UTF-8');
INSERT INTO checks VALUES ('ct: trailing whitespace', url_content_type_charset('text/html;charset=utf-8 	 ; x=y'), 'utf-8');
INSERT INTO checks VALUES ('ct: whitespace before name', url_content_type_charset('text/html;   charset=utf-8'), 'utf-8');
INSERT INTO checks VALUES ('ct: space before = is another name', url_content_type_charset('text/html;charset =utf-8'), NULL);
INSERT INTO checks VALUES ('ct: escapes', url_content_type_charset('text/html;charset="a\"b\\c"'), 'a"b\c');
INSERT INTO checks VALUES ('ct: text after the quote dropped', url_content_type_charset('text/html;charset="gbk"x;y=z'), 'gbk');
INSERT INTO checks VALUES ('ct: unclosed quote', url_content_type_charset('text/html;charset="gbk'), 'gbk');
INSERT INTO checks VALUES ('ct: trailing backslash', url_content_type_charset('text/html;charset="gbk\'), 'gbk\');
INSERT INTO checks VALUES ('ct: quoted ; inside', url_content_type_charset('text/html;x="a;charset=b";charset=c'), 'c');
INSERT INTO checks VALUES ('ct: name without value', url_content_type_charset('text/html;charset;charset=gbk'), 'gbk');
INSERT INTO checks VALUES ('ct: name at the end', url_content_type_charset('text/html;charset'), NULL);
INSERT INTO checks VALUES ('ct: invalid value skipped',
  url_content_type_charset('text/html;charset="a' || char(10) || 'b";charset=gbk'), 'gbk');
INSERT INTO checks VALUES ('ct: non-ASCII value', url_content_type_charset('text/html;charset=é'), 'é');
INSERT INTO checks VALUES ('ct: no charset', url_content_type_charset('text/html'), NULL);
INSERT INTO checks VALUES ('ct: no subtype', url_content_type_charset('text;charset=utf-8'), NULL);
INSERT INTO checks VALUES ('ct: empty subtype', url_content_type_charset('text/;charset=utf-8'), NULL);
INSERT INTO checks VALUES ('ct: bad type', url_content_type_charset('te xt/html;charset=utf-8'), NULL);
INSERT INTO checks VALUES ('ct: bad subtype', url_content_type_charset('text/ht ml;charset=utf-8'), NULL);
INSERT INTO checks VALUES ('ct: label alone is no MIME type', url_content_type_charset('utf-8'), NULL);
INSERT INTO checks VALUES ('ct: surrounding whitespace', url_content_type_charset(' 	text/html ;charset=gbk 	'), 'gbk');
INSERT INTO checks VALUES ('ct: NULL', url_content_type_charset(NULL), NULL);
INSERT INTO checks VALUES ('ct: empty', url_content_type_charset(''), NULL);
INSERT INTO checks VALUES ('ct: blob', url_content_type_charset(CAST('text/html;charset=gbk' AS BLOB)), 'gbk');
INSERT INTO checks VALUES ('ct: embedded NUL is data',
  url_content_type_charset(CAST(X'746578742F68746D6C3B636861727365743D610062' AS TEXT)), NULL);
INSERT INTO checks VALUES ('ct: 1 MB of parameters',
  url_content_type_charset('text/html' || replace(printf('%.100000c', 'x'), 'x', ';a="\;"') || ';charset=gbk'), 'gbk');
INSERT INTO checks VALUES ('ct: into url_links',
  (SELECT url FROM url_links('<a href="?&eacute;">', 'https://e.com/',
                             url_content_type_charset('text/html; charset="windows-1252"'))), 'https://e.com/?%E9');
INSERT INTO checks VALUES ('ct: into url_html_encoding',
  url_html_encoding('<p>', url_content_type_charset('text/plain; charset=ISO-8859-2; format=flowed')), 'ISO-8859-2');
-- error: wrong number of arguments to function url_content_type_charset()
SELECT url_content_type_charset('text/html', 'x');
