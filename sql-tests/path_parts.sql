-- url_file_extension(input) (ext/path_parts.c).
-- Expectations: the URL Standard's path parsing and percent-decoding; a
-- file extension as file names have one (what follows the last dot of the
-- last path segment, none for ".hidden" or "name.").
-- Convention: sql-tests/README.md.

INSERT INTO checks VALUES ('ext simple', url_file_extension('https://a.com/x/report.pdf'), 'pdf');
INSERT INTO checks VALUES ('ext last of two', url_file_extension('https://a.com/a/b.tar.gz'), 'gz');
INSERT INTO checks VALUES ('ext lowercased', url_file_extension('https://a.com/IMG_0001.JPG'), 'jpg');
INSERT INTO checks VALUES ('ext query and fragment', url_file_extension('https://a.com/f.php?x=1.2#y.z'), 'php');
INSERT INTO checks VALUES ('ext directory', url_file_extension('https://a.com/a/'), NULL);
INSERT INTO checks VALUES ('ext root', url_file_extension('https://a.com'), NULL);
INSERT INTO checks VALUES ('ext no dot', url_file_extension('https://a.com/a/readme'), NULL);
INSERT INTO checks VALUES ('ext dot in directory', url_file_extension('https://a.com/v1.2/readme'), NULL);
INSERT INTO checks VALUES ('ext hidden', url_file_extension('https://a.com/.htaccess'), NULL);
INSERT INTO checks VALUES ('ext hidden with ext', url_file_extension('https://a.com/.config.json'), 'json');
INSERT INTO checks VALUES ('ext trailing dot', url_file_extension('https://a.com/name.'), NULL);
INSERT INTO checks VALUES ('ext dots', url_file_extension('https://a.com/a..b'), 'b');
INSERT INTO checks VALUES ('ext only dots', url_file_extension('https://a.com/a...'), NULL);
-- After percent-decoding: an encoded dot is a dot, encoded letters count.
INSERT INTO checks VALUES ('ext encoded dot', url_file_extension('https://a.com/report%2Epdf'), 'pdf');
INSERT INTO checks VALUES ('ext encoded dot lower', url_file_extension('https://a.com/report%2epdf'), 'pdf');
INSERT INTO checks VALUES ('ext encoded letters', url_file_extension('https://a.com/a.%50%44%46'), 'pdf');
INSERT INTO checks VALUES ('ext encoded leading dot', url_file_extension('https://a.com/%2Ebashrc'), NULL);
INSERT INTO checks VALUES ('ext encoded percent', url_file_extension('https://a.com/a%252Etxt'), NULL);
INSERT INTO checks VALUES ('ext non-ascii', url_file_extension('https://a.com/r%C3%A9sum%C3%A9.%C3%89PUB'), 'Épub');
INSERT INTO checks VALUES ('ext unicode input', url_file_extension('https://a.com/datei.ÄBC'), 'Äbc');
INSERT INTO checks VALUES ('ext invalid utf8', url_file_extension('https://a.com/a.%FFx'), '�x');
INSERT INTO checks VALUES ('ext decoded nul', hex(url_file_extension('https://a.com/a.gz%00')), '677A00');
INSERT INTO checks VALUES ('ext space', url_file_extension('https://a.com/my file.Txt'), 'txt');
-- Dot segments are resolved first ("%2e%2e" is ".." too).
INSERT INTO checks VALUES ('ext dot segments', url_file_extension('https://a.com/a/b.js/../c.css'), 'css');
INSERT INTO checks VALUES ('ext encoded dot segment', url_file_extension('https://a.com/a.js/%2e%2e'), NULL);
-- The segment as it is: the URL Standard has no path parameters.
INSERT INTO checks VALUES ('ext semicolon', url_file_extension('https://a.com/x.jsp;jsessionid=1'), 'jsp;jsessionid=1');
-- Other schemes.
INSERT INTO checks VALUES ('ext file', url_file_extension('file:///C:/Users/x/Doc.DOCX'), 'docx');
INSERT INTO checks VALUES ('ext ftp', url_file_extension('ftp://ftp.example.com/pub/x.iso'), 'iso');
INSERT INTO checks VALUES ('ext non-special', url_file_extension('s3://bucket/key/part-0.parquet'), 'parquet');
INSERT INTO checks VALUES ('ext opaque mailto', url_file_extension('mailto:a@b.com'), NULL);
INSERT INTO checks VALUES ('ext opaque data', url_file_extension('data:text/plain,a.txt'), NULL);
INSERT INTO checks VALUES ('ext opaque javascript', url_file_extension('javascript:x.js'), NULL);
-- NULL and failure.
INSERT INTO checks VALUES ('ext null', url_file_extension(NULL), NULL);
INSERT INTO checks VALUES ('ext invalid', url_file_extension('https://exa mple.com/a.pdf'), NULL);
INSERT INTO checks VALUES ('ext relative', url_file_extension('/a/b.pdf'), NULL);
INSERT INTO checks VALUES ('ext host only', url_file_extension('example.com'), NULL);
INSERT INTO checks VALUES ('ext empty', url_file_extension(''), NULL);
INSERT INTO checks VALUES ('ext blob', url_file_extension(X'68747470733A2F2F612F782E504E47'), 'png');
INSERT INTO checks VALUES ('ext long',
  length(url_file_extension('https://a.com/f.' || (SELECT group_concat('%41', '') FROM generate_series(1, 1000)))),
  1000);
INSERT INTO checks VALUES ('flags',
  (SELECT group_concat(flags & 0x280800) FROM pragma_function_list WHERE name = 'url_file_extension'),
  '2099200');

-- Traffic by file type.
CREATE TEMP TABLE hits(url TEXT);
INSERT INTO hits VALUES ('https://a.com/x.JPG'), ('https://a.com/y.jpg?s=2'),
  ('https://a.com/'), ('https://a.com/doc.pdf'), ('mailto:x@y.z');
INSERT INTO checks VALUES ('by extension',
  (SELECT group_concat(e || ':' || n, ' ') FROM
    (SELECT coalesce(url_file_extension(url), '-') AS e, count(*) AS n FROM hits
      GROUP BY 1 ORDER BY n DESC, e)),
  '-:2 jpg:2 pdf:1');

-- error: wrong number of arguments to function url_file_extension()
SELECT url_file_extension('https://a.com/x.pdf', 'https://b/');
