-- Crawl files as tables (issue 38): warc_records(source [, offset]).
-- The archives are built here: three records (a response with a payload
-- digest, its request with two WARC-Concurrent-To, a revisit), written
-- plain, as one gzip member per record and as one zstd frame per record
-- (python3's gzip with mtime 0; the zstd command with --content-size).
-- Convention: sql-tests/README.md.

CREATE TEMP TABLE w(name TEXT PRIMARY KEY, b BLOB);
INSERT INTO w VALUES
  ('plain', x'574152432F312E310D0A574152432D547970653A20726573706F6E73650D0A574152432D5461726765742D5552493A203C687474703A2F2F652E636F6D2F703E0D0A574152432D446174653A20323032342D30312D30325430333A30343A30355A0D0A574152432D5265636F72642D49443A203C75726E3A757569643A313E0D0A436F6E74656E742D547970653A206170706C69636174696F6E2F687474703B206D7367747970653D726573706F6E73650D0A574152432D5061796C6F61642D4469676573743A20736861313A514947514B51483537495436535A5447524F5944595837454556494943364E510D0A436F6E74656E742D4C656E6774683A2039370D0A0D0A485454502F312E3120323030204F4B0D0A436F6E74656E742D547970653A20546578742F48544D4C3B20636861727365743D2253686966745F4A4953220D0A582D413A20310D0A582D413A20320D0A0D0A3C6120687265663D2F783E783C2F613E0D0A0D0A574152432F312E310D0A574152432D547970653A20726571756573740D0A574152432D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A436F6E74656E742D547970653A206170706C69636174696F6E2F687474703B206D7367747970653D726571756573740D0A574152432D436F6E63757272656E742D546F3A203C75726E3A757569643A313E0D0A574152432D436F6E63757272656E742D546F3A203C75726E3A757569643A393E0D0A436F6E74656E742D4C656E6774683A2033320D0A0D0A474554202F7020485454502F312E310D0A486F73743A20652E636F6D0D0A0D0A0D0A0D0A574152432F312E310D0A574152432D547970653A20726576697369740D0A574152432D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A574152432D50726F66696C653A20687474703A2F2F6E657470726573657276652E6F72672F776172632F312E312F726576697369742F6964656E746963616C2D7061796C6F61642D6469676573740D0A574152432D5265666572732D546F2D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A574152432D5265666572732D546F2D446174653A20323032342D30312D30315430303A30303A30305A0D0A574152432D5061796C6F61642D4469676573743A20736861313A514947514B51483537495436535A5447524F5944595837454556494943364E510D0A436F6E74656E742D547970653A206170706C69636174696F6E2F687474703B206D7367747970653D726573706F6E73650D0A574152432D5472756E63617465643A206C656E6774680D0A436F6E74656E742D4C656E6774683A20300D0A0D0A0D0A0D0A'),
  ('gz', x'1F8B08000000000002035D50598BC230107E2FF43F04DF63D2AE071B0F102B36ABAEB666D7E365093536054D4B3A42FDF7DB4297059F6698F9AE99C32C9E13AFEBB9CEA1EEB078168A21ABCA2237A5FA1B4A9B2AC05F316768AC010A4688EA26F99D14D3161248A8793EF57B987A98FA82BE31DA63B47F6E01B14A727BC13CA8251ED6B0C723BB30AFA6CF7303CA40EB2C8BE2962512B2DC90C66984EE650AF56AF29269279FB75C5E7090A5AA04864A2D3D16F165B48AC2FE908BC1FE2C96F1F6149C8EC3C5E29BF3F9E033FA775B2B938266E87DE83AAE130AB16B9E501F40D176F51A4AA80A482836EB114AB4B4A5824967AFB32BFC7CF07DC7758E78C690D756BF111C4BA4ADBA4E4835ADC6444E9BD92FEACDA7A26A0100001F8B0800000000000203858FC10AC2300C86EF85BE435E602BD393510732C4091E6454761E336C03D7D62E3DF8F66E53114F924BC8FF7FF9937257642A891329CAB18BF4C31182A77BA0813FB3CA37C4D1A53822B4CC0E95A2B8B6BD725264D630197E739573B7AEAEB8B3464DCE35F443C3A3B4FDDD385275F07E062DC22678832174574CD27F8E55FA0D3D9169B845582EA490E2B0D7A01CE45A9F5F0FE5766084F9D4499FEA0990106AA3EE0000001F8B08000000000002038590CF6E83300CC6EF48BC435E2004AAAE9532ED3041D5A14DDB6074FD738BC08548348912AF53DF7E2983F538D9073BFEE4DF176F1FCB94255112065B5FD1EA6280130B67E9244E6FC2B6807453E69C748886330651AD4FCC8C8277AB8FB287BFA90234161CD83344DAB6EC5BD8FACA60E35E261B50286BD153232EBD160D6D640B6E02967004EB68A5FF47DFA49940EF6016CFE6344E7C5671CC873C4C2E475436A038719D487891AF8BE7E2E96E99578B8F43B52EDFF6D97EB75CAD3EF33C5DBC1661906A85DEED7819614CEF8DA3D48A5D0DDD93936BD18F1EFC878D560EA6A3D92FE575D070D2836AB1BB6D7A197A4EE230F88D1FFC1F672584010000'),
  ('zst', x'28B52FFD0458BD0800D6113E250007EB01118F6AFDCB5A65AD906706281E134601ED32E072AAE7004E52F5EBD2DF420201043100330036001095954A0344A168FD3325EDC9D9AE82CF69F7BF8EA2BD56817CC7B8EC9DB6EDCEB9687D7FB09C2C46E5C15AA873B218959B4F9E2C7C7F1EEB3851B1FFF5D4B6ECF3956DF6CEAFF96BDBF4A0546D26EB74ACC675A268A92B33DC76B98539506BA01680E2B116EA9C60FC78F0C14440B4FA31CD23150162BAD7A0D148582ED4456239308682C03771785490CA712B5BB3EEA2FDCEB18C9299BC050F3E28E5197924CF5C689CD331470F3E08D56819D2F2208172050E5E93690A61F1DE71595F511119C08FF91EC71049A4140A09005EE5975803A474BB8A63835EAC0FF4211389CA78A3320E899907CB1CC4AF28B52FFD0458FD04007249201F5067DD4014DC112E1034A4AA60CF23005AEBDC98AA524DD8F7ADC6EC44316BA9A9A9A9CB4FBD25A0B5657D6D4B2852530784E5E821D70049214178408A911D8C87E507617CDC6388F6EA216A5A83FF47CB3DE99D47227077DEF5BBC7527D4DEF397A2DF6FF6879C10818DF10749EEA58D070B9BD6A06639426153990C518A50909002E1325AA8D8187AD8B2EEB0E59B9B6DB2AC8A1AD1CE1DE99079143207E28B52FFD0458DD0700A2CF3324208BE801787C346577165FE33FF6F6BC560051A852AD0DEEA5A863A2F80008218A1E02068B2DB6D862B04983E9A5EA5493917F43D5017BAEF666C7037EAB97B2A409DCFFE9554BBF214ADDDB5FFDAB5D166B0E12CB9C0C0C86A2E1C13C109CC60351483C531140D014348DD9C8D8536E928148089F085D840E0001114DFA37631F97B147DCC92ED1C8456DA9AAAFA31AA25F3DA2EF45253E08F7C393B0557C823D3BBEEFD5291AB138E13E8985147F4FDEFFA9C9E92CB87709F7D34C278E9BF45B3D6E71168EC5A212DFE22C1C010F00334268702FE11079D04113A0B11BCE52E6313A714EB7E58793D041705BC838A8B2232A0F8E9879C02D4199');

-- ------------------------------------------------------------ the rows

INSERT INTO checks VALUES ('plain: offsets and lengths as CDX counts them',
  (SELECT group_concat(record_offset || '+' || record_length || ':' || warc_type, ' ')
     FROM warc_records((SELECT b FROM w WHERE name = 'plain'))),
  '0+358:response 362+234:request 600+384:revisit');
INSERT INTO checks VALUES ('gzip: each member''s offset and length',
  (SELECT group_concat(record_offset || '+' || record_length || ':' || warc_type, ' ')
     FROM warc_records((SELECT b FROM w WHERE name = 'gz'))),
  '0+283:response 283+176:request 459+265:revisit');
INSERT INTO checks VALUES ('zstd: each frame starts where the one before ends, to the end',
  (SELECT min(record_offset = coalesce(prev_end, 0)) || ' ' || max(record_offset + record_length)
     FROM (SELECT record_offset, record_length,
                  lag(record_offset + record_length) OVER (ORDER BY record_offset) AS prev_end
             FROM warc_records((SELECT b FROM w WHERE name = 'zst')))),
  '1 ' || (SELECT length(b) FROM w WHERE name = 'zst'));
INSERT INTO checks VALUES ('the same records from every compression',
  (SELECT count(DISTINCT target_uri || http_status || hex(payload)) || '/' || count(*)
     FROM w, warc_records(w.b) WHERE warc_type = 'response'),
  '1/3');
INSERT INTO checks VALUES ('response columns',
  (SELECT format || '|' || version || '|' || target_uri || '|' || date || '|' || record_id
          || '|' || http_status || '|' || mime || '|' || charset || '|' || CAST(payload AS TEXT)
          || '|' || digest_ok || '|' || typeof(error) || '|' || typeof(http_method)
     FROM warc_records((SELECT b FROM w WHERE name = 'gz')) WHERE warc_type = 'response'),
  'warc|1.1|http://e.com/p|2024-01-02T03:04:05Z|<urn:uuid:1>|200|text/html|Shift_JIS|<a href=/x>x</a>|1|null|null');
INSERT INTO checks VALUES ('http_status is an integer', 
  (SELECT typeof(http_status) FROM warc_records((SELECT b FROM w WHERE name = 'plain')) LIMIT 1),
  'integer');
INSERT INTO checks VALUES ('http_headers in order, repeats kept',
  (SELECT http_headers FROM warc_records((SELECT b FROM w WHERE name = 'plain')) LIMIT 1),
  '[["Content-Type","Text/HTML; charset=\"Shift_JIS\""],["X-A","1"],["X-A","2"]]');
INSERT INTO checks VALUES ('headers: every WARC field, JSON, repeats kept',
  (SELECT json_array_length(headers) || ' ' || json_extract(headers, '$[3][1]') || ' ' || json_extract(headers, '$[4][1]')
     FROM warc_records((SELECT b FROM w WHERE name = 'zst')) WHERE warc_type = 'request'),
  '6 <urn:uuid:1> <urn:uuid:9>');
INSERT INTO checks VALUES ('a request: method, no status',
  (SELECT http_method || '|' || typeof(http_status) || '|' || length(payload)
     FROM warc_records((SELECT b FROM w WHERE name = 'plain')) WHERE warc_type = 'request'),
  'GET|null|0');
INSERT INTO checks VALUES ('a revisit: its fields; no digest check (the digest is the original''s)',
  (SELECT profile || '|' || refers_to_target_uri || '|' || refers_to_date || '|' || truncated
          || '|' || typeof(digest_ok) || '|' || length(payload)
     FROM warc_records((SELECT b FROM w WHERE name = 'plain')) WHERE warc_type = 'revisit'),
  'http://netpreserve.org/warc/1.1/revisit/identical-payload-digest|http://e.com/p|2024-01-01T00:00:00Z|length|null|0');

-- ------------------------------------------------------------ offsets

INSERT INTO checks VALUES ('offset: the one record there (gzip)',
  (SELECT count(*) || ' ' || max(warc_type) FROM warc_records((SELECT b FROM w WHERE name = 'gz'), 283)),
  '1 request');
INSERT INTO checks VALUES ('offset: the one record there (plain)',
  (SELECT count(*) || ' ' || max(warc_type) FROM warc_records((SELECT b FROM w WHERE name = 'plain'), 600)),
  '1 revisit');
INSERT INTO checks VALUES ('offset: every record found by its own offset',
  (SELECT count(*) FROM w, warc_records(w.b) AS a
     WHERE (SELECT record_id IS a.record_id AND warc_type = a.warc_type
              FROM warc_records(w.b, a.record_offset))),
  9);
INSERT INTO checks VALUES ('offset NULL: every record',
  (SELECT count(*) FROM warc_records((SELECT b FROM w WHERE name = 'gz'), NULL)), 3);
INSERT INTO checks VALUES ('offset where no member starts: one row saying so',
  (SELECT error FROM warc_records((SELECT b FROM w WHERE name = 'gz'), 5)),
  'bytes at offset 5 are not a gzip member');
INSERT INTO checks VALUES ('offset past the end: no rows',
  (SELECT count(*) FROM warc_records((SELECT b FROM w WHERE name = 'plain'), 100000)), 0);
INSERT INTO checks VALUES ('negative offset: no rows',
  (SELECT count(*) FROM warc_records((SELECT b FROM w WHERE name = 'plain'), -1)), 0);

-- ------------------------------------------------------------ broken input

INSERT INTO checks VALUES ('NULL source: no rows',
  (SELECT count(*) FROM warc_records(NULL)), 0);
INSERT INTO checks VALUES ('empty blob: no rows',
  (SELECT count(*) FROM warc_records(x'')), 0);
INSERT INTO checks VALUES ('bytes that are no archive: one row saying so',
  (SELECT error FROM warc_records(CAST('hello' AS BLOB))),
  '5 bytes that are no record skipped at offset 0');
INSERT INTO checks VALUES ('a gzip file cut short: the record says so',
  (SELECT error FROM warc_records((SELECT substr(b, 1, 250) FROM w WHERE name = 'gz'))),
  'block cut short: 60 of 97 bytes; gzip member at offset 0 cut short at the end of the file');
INSERT INTO checks VALUES ('a wrong Content-Length: said, the next record read',
  (SELECT group_concat(coalesce(error, '-') || ':' || warc_type, ' | ')
     FROM warc_records(CAST(replace(CAST((SELECT b FROM w WHERE name = 'plain') AS TEXT),
                                    'Content-Length: 32', 'Content-Length: 20') AS BLOB))),
  '-:response | length 20 is wrong: 16 bytes after the block before the next record at offset 600:request | -:revisit');
INSERT INTO checks VALUES ('a payload coding that fails: kept as stored, said',
  (SELECT CAST(payload AS TEXT) || '|' || error FROM warc_records(CAST(replace(
     CAST((SELECT b FROM w WHERE name = 'plain') AS TEXT), 'Content-Type: Text/HTML; charset="Shift_JIS"',
     'Content-Encoding: gzip' || char(13, 10) || 'X-Pad: 1234567890123') AS BLOB))
   WHERE warc_type = 'response'),
  '<a href=/x>x</a>|payload: content coding does not decode, kept as stored: gzip');
INSERT INTO checks VALUES ('ARC: filedesc as warcinfo, dates as WARC dates',
  (SELECT group_concat(format || ' ' || version || ' ' || warc_type || ' ' || date || ' ' || target_uri, ' | ')
     FROM warc_records(CAST('filedesc://x.arc 0.0.0.0 20080430204825 text/plain 76' || char(10)
       || '1 0 InternetArchive' || char(10) || 'URL IP-address Archive-date Content-type Archive-length' || char(10)
       || 'http://a/1 1.2.3.4 20080430204826 text/plain 3' || char(10) || 'abc' || char(10) AS BLOB))),
  'arc 1 warcinfo 2008-04-30T20:48:25Z filedesc://x.arc | arc 1 response 2008-04-30T20:48:26Z http://a/1');

-- ------------------------------------------------------------ misuse, files

-- error: warc_records: cannot open
SELECT * FROM warc_records('/nonexistent/dir/x.warc.gz');
-- error: warc_records: offset must be an integer
SELECT * FROM warc_records(x'', x'00');

-- A function that opens files named in SQL is direct-only: not from a view
-- (nor a trigger, nor an attached database's schema); the path form and
-- the BLOB form alike.
-- error: unsafe use of virtual table "warc_records"
CREATE VIEW warc_view AS SELECT count(*) AS n FROM warc_records('/etc/hostname'); SELECT n FROM warc_view;
-- error: unsafe use of virtual table "warc_records"
CREATE VIEW warc_view AS SELECT count(*) AS n FROM warc_records(x''); SELECT n FROM warc_view;
