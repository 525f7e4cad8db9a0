-- warc_index(source [, format [, filename]]) (ext/warc_index.c): cdxj-indexer
-- 1.4's lines.  A crawl of six records made here as a BLOB (| for CR LF):
-- warcinfo, response, request, revisit, warc-fields metadata, dns resource.
-- tests/ext_warc_expected_test.c holds the lines of every ../shared/warc file.
CREATE TEMP TABLE crawl AS SELECT CAST(replace(
  'WARC/1.1|WARC-Type: warcinfo|Content-Type: application/warc-fields|WARC-Date: 2024-01-02T03:04:05Z|Content-Length: 16||software: test|||' ||
  'WARC/1.1|WARC-Type: response|WARC-Target-URI: http://www.Example.com/a b/é?z=1&a=2|WARC-Date: 2024-01-02T03:04:05Z|Content-Type: application/http; msgtype=response|Content-Length: 68||HTTP/1.1 200 OK|Content-Type: Text/HTML; charset=utf-8||<p>hi</p>||' ||
  'WARC/1.1|WARC-Type: request|WARC-Target-URI: http://www.Example.com/a b/é?z=1&a=2|WARC-Date: 2024-01-02T03:04:05Z|Content-Type: application/http; msgtype=request|Content-Length: 37||GET / HTTP/1.1|Host: example.com||||' ||
  'WARC/1.1|WARC-Type: revisit|WARC-Target-URI: http://example.com/|WARC-Date: 2024-01-02T03:04:06.5Z|WARC-Payload-Digest: sha1:AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH|WARC-Profile: http://netpreserve.org/warc/1.1/revisit/server-not-modified|Content-Length: 0||||' ||
  'WARC/1.1|WARC-Type: metadata|WARC-Target-URI: http://example.com/|WARC-Date: 2024-01-02T03:04:07Z|Content-Type: application/warc-fields|Content-Length: 8||via: x|||' ||
  'WARC/1.1|WARC-Type: resource|WARC-Target-URI: dns:example.com|WARC-Date: 2008-10-294T05:21:46-0700|Content-Type: text/dns|Content-Length: 29||example.com. 300 IN A 1.2.3.4||'
  , '|', char(13, 10)) AS BLOB) AS w;

-- Indexed: the response, the revisit, the resource; not the warcinfo, the
-- request, nor the metadata whose Content-Type is application/warc-fields.
INSERT INTO checks VALUES ('warc_index rows',
  (SELECT group_concat(record_offset, ' ') FROM crawl, warc_index(w)), '145 640 1077');
-- The response: url_surt's key; spaces as %20 and non-ASCII as \u in the
-- JSON, as python's json.dumps writes them; mime as written (not lower
-- cased), cut at ';'; no filename for a BLOB; the digest computed (sha1 of
-- the payload, base32) where the record has none.
INSERT INTO checks VALUES ('warc_index cdxj response',
  (SELECT line FROM crawl, warc_index(w) WHERE record_offset = 145),
  'com,example)/a%20b/%c3%a9?a=2&z=1 20240102030405 {"url": "http://www.Example.com/a%20b/\u00e9?z=1&a=2", "mime": "Text/HTML", "status": "200", "digest": "sha1:W3N4WQRZLF5DWDHQ4HCTGEQSOELIOZM2", "length": "260", "offset": "145"}');
-- A revisit with no HTTP message: warc/revisit, no status; the date's
-- fraction dropped.
INSERT INTO checks VALUES ('warc_index cdxj revisit',
  (SELECT line FROM crawl, warc_index(w) WHERE record_offset = 640),
  'com,example)/ 20240102030406 {"url": "http://example.com/", "mime": "warc/revisit", "digest": "sha1:AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH", "length": "259", "offset": "640"}');
-- A dns: resource: the URI is its own key; a date python cannot read
-- (day 294) gives its first 14 digits.
INSERT INTO checks VALUES ('warc_index cdxj resource, bad date',
  (SELECT line FROM crawl, warc_index(w) WHERE record_offset = 1077),
  'dns:example.com 20081029405214 {"url": "dns:example.com", "mime": "text/dns", "digest": "sha1:DMNMBTHHC3A55B63EP2ENIVJVEOZ52XJ", "length": "178", "offset": "1077"}');
-- The cdx form (format names ASCII case-insensitive): its header first,
-- the digest without its label, "-" for what is absent, the filename given.
INSERT INTO checks VALUES ('warc_index cdx',
  (SELECT group_concat(line, char(10)) FROM crawl, warc_index(w, 'CDX', 'c.warc')),
  ' CDX N b a m s k r M S V g' || char(10) ||
  'com,example)/a%20b/%c3%a9?a=2&z=1 20240102030405 http://www.Example.com/a%20b/é?z=1&a=2 Text/HTML 200 W3N4WQRZLF5DWDHQ4HCTGEQSOELIOZM2 - - 260 145 c.warc' || char(10) ||
  'com,example)/ 20240102030406 http://example.com/ warc/revisit - AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH - - 259 640 c.warc' || char(10) ||
  'dns:example.com 20081029405214 dns:example.com text/dns - DMNMBTHHC3A55B63EP2ENIVJVEOZ52XJ - - 178 1077 c.warc');
INSERT INTO checks VALUES ('warc_index cdx header has no key',
  (SELECT count(*) FROM crawl, warc_index(w, 'cdx') WHERE urlkey IS NULL AND line LIKE ' CDX%'), 1);
-- The columns beside the line.
INSERT INTO checks VALUES ('warc_index urlkey, timestamp, length',
  (SELECT group_concat(urlkey || ' ' || timestamp || ' ' || record_length, '; ') FROM crawl, warc_index(w)),
  'com,example)/a%20b/%c3%a9?a=2&z=1 20240102030405 260; com,example)/ 20240102030406 259; dns:example.com 20081029405214 178');
-- The filename names the file; NULL is its default (none for a BLOB).
INSERT INTO checks VALUES ('warc_index filename',
  (SELECT line FROM crawl, warc_index(w, 'cdxj', 'c.warc.gz') WHERE record_offset = 640),
  'com,example)/ 20240102030406 {"url": "http://example.com/", "mime": "warc/revisit", "digest": "sha1:AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH", "length": "259", "offset": "640", "filename": "c.warc.gz"}');
INSERT INTO checks VALUES ('warc_index NULL options are defaults',
  (SELECT group_concat(line, char(10)) FROM crawl, warc_index(w, NULL, NULL)),
  (SELECT group_concat(line, char(10)) FROM crawl, warc_index(w)));
-- NULL source: no rows.
INSERT INTO checks VALUES ('warc_index NULL', (SELECT count(*) FROM warc_index(NULL)), 0);
INSERT INTO checks VALUES ('warc_index NULL cdx', (SELECT count(*) FROM warc_index(NULL, 'cdx')), 0);
-- Bytes that are no archive: no rows or an error row, never a crash.
INSERT INTO checks VALUES ('warc_index not an archive',
  (SELECT count(*) FROM warc_index(CAST('hello' AS BLOB))), 0);

-- error: warc_index: unknown format 'cdx11' (expected one of: cdxj, cdx)
SELECT line FROM warc_index(CAST('' AS BLOB), 'cdx11');
-- error: warc_index: cannot open
SELECT line FROM warc_index('/nonexistent/crawl.warc.gz');
-- Reads files named in SQL: never from a view (SQLITE_DIRECTONLY).
-- error: unsafe use of virtual table "warc_index"
CREATE VIEW v AS SELECT line FROM warc_index('/etc/passwd'); SELECT * FROM v;
