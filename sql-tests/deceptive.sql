-- url_display_host, url_skeleton, url_restriction_level, url_deceptions
-- (ext/deceptive.c).

-- Chromium's IDN display policy: the cases of Chromium's
-- components/url_formatter/spoof_checks/idn_spoof_checker_unittest.cc
-- (kSafe: shown in Unicode; kUnsafe: the label stays in Punycode), with
-- that test's top domains digklmo68.com and digklmo68.co.uk.
CREATE TEMP TABLE chromium_cases(host TEXT, shown TEXT);
INSERT INTO chromium_cases VALUES
  ('www.xn--hello-9n1hm04c.com', 'www.hello中国.com'),
  ('xn--l8jvb1ey91xtjb.jp', '朝日あさひ.jp'),
  ('xn--tckm4i2e.jp', 'コマース.jp'),
  ('xn--3ck7a7g.jp', 'ノンソ.jp'),
  ('xn--e-efusa1mzf.jp', 'eコマース.jp'),
  ('xn--3bkxe.jp', 'ト゚.jp'),
  ('www.xn--or3b17p6jjc.kr', 'www.전자정부.kr'),
  ('xn--bcher-kva.de', 'bücher.de'),
  ('www.xn--frgbolaget-q5a.se', 'www.färgbolaget.se'),
  ('www.xn--alliancefranaise-npb.fr', 'www.alliancefrançaise.fr'),
  ('xn--caf-dma.fr', 'café.fr'),
  ('xn--poema-9qae5a.com.br', 'pãoemaçã.com.br'),
  ('xn--achy-f6a.com', 'šachy.com'),
  ('xn--kxae4bafwg.gr', 'ουτοπία.gr'),
  ('xn---123-pldm0haj2bk.gr', 'ουτοπία-123.gr'),
  ('xn--n1aeec9b.ru', 'торты.ru'),
  ('xn---123-45dmmc5f.ru', 'торты-123.ru'),
  ('xn--d1abbgf6aiiy.xn--p1ai', 'президент.рф'),
  ('xn--mgba1fmg.eg', 'افلام.eg'),
  ('xn--4dbib.he', 'ואה.he'),
  ('xn---123-ptf2c5c6bt.il', 'עברית-123.il'),
  ('xn--12c2cc4ag3b4ccu.th', 'สายการบิน.th'),
  ('xn---123-9goxcp8c9db2r.th', 'ภาษาไทย-123.th'),
  ('www.xn--l1b6a9e1b7c.in', 'www.अकोला.in'),
  ('xn---123-kbjl2j0bl2k.in', 'हिन्दी-123.in'),
  ('xn--1-xcc.com', 'xn--1-xcc.com'),
  ('xn--0-6ee.com', 'xn--0-6ee.com'),
  ('xn--47b6w.com', 'xn--47b6w.com'),
  ('xn--qccaa.com', 'xn--qccaa.com'),
  ('xn--4000-pfr.com', 'xn--4000-pfr.com'),
  ('xn--dfe0tte.ca', 'xn--dfe0tte.ca'),
  ('xn--4ljxa2bb4a6bxb.ma', 'xn--4ljxa2bb4a6bxb.ma'),
  ('xn--4o7a6e1x64c.cn', 'xn--4o7a6e1x64c.cn'),
  ('xn--56ec8bp.cn', 'xn--56ec8bp.cn'),
  ('xn--95e5de3ds.cn', 'xn--95e5de3ds.cn'),
  ('xn--2u0fpf0a.cn', 'xn--2u0fpf0a.cn'),
  ('xn--paypl-g9d.com', 'xn--paypl-g9d.com'),
  ('xn--ggl-6xc1ca.gr', 'xn--ggl-6xc1ca.gr'),
  ('xn--ggl-tdd6ba.ru', 'xn--ggl-tdd6ba.ru'),
  ('xn--hllo-bpa7979ih5m.cn', 'xn--hllo-bpa7979ih5m.cn'),
  ('xn--2xa6t2b.ru', 'xn--2xa6t2b.ru'),
  ('xn--abcef-vuu.test', 'xn--abcef-vuu.test'),
  ('xn--han-eb9ll88m.kr', '한글han.kr'),
  ('xn--han-or0kq92gkm3c.xn--3e0b707e', '한글han韓.한국'),
  ('xn--caf-dma9024xvpg.kr', 'xn--caf-dma9024xvpg.kr'),
  ('xn--y9j3b9855e.kr', 'xn--y9j3b9855e.kr'),
  ('xn--y9j3b.xn--3e0b707e', 'ひら.한국'),
  ('xn--hanzi-u57ii69i.tw', '漢字hanzi.tw'),
  ('xn--hanzi-u57i952h.cn', '汉字hanzi.cn'),
  ('xn--hanzi-if9kt8n.cn', '汉漢hanzi.cn'),
  ('xn--kanji-ii4dpizfq59yuykqr4b.jp', '振り仮名カタkanji.jp'),
  ('xn--5ekcde0577e87tc.tw', '注音ㄅㄆㄇㄈ.tw'),
  ('xn--bopo-ty4cghi8509kk7xd.tw', '注音bopoㄅㄆㄇㄈ.tw'),
  ('xn--bopomofo-hj5gkalm.tw', 'bopomofoㄅㄆㄇㄈ.tw'),
  ('xn--lcka3d1bztghi.tw', 'xn--lcka3d1bztghi.tw'),
  ('xn--5ekcde4543qbec.tw', 'xn--5ekcde4543qbec.tw'),
  ('xn--ab-3ofh8fqbj6h.in', 'xn--ab-3ofh8fqbj6h.in'),
  ('xn--ab-jsi9al4bxdb6n.th', 'xn--ab-jsi9al4bxdb6n.th'),
  ('xn--bs-red.com', 'xn--bs-red.com'),
  ('xn--foo-vkm.com', 'xn--foo-vkm.com'),
  ('xn--fo-h3g.com', 'xn--fo-h3g.com'),
  ('xn--fo-isg.com', 'xn--fo-isg.com'),
  ('xn--b1-xi4a7cvc9f.com', 'ビタミンb1.com'),
  ('xn--t2bes3ds6749n.com', 'xn--t2bes3ds6749n.com'),
  ('xn--11b0x.in', 'xn--11b0x.in'),
  ('xn--ab-lym.com', 'xn--ab-lym.com'),
  ('xn--ab1-p6q.com', 'xn--ab1-p6q.com'),
  ('xn--1ab-m6qd.com', 'xn--1ab-m6qd.com'),
  ('xn--ab-jymc.com', 'xn--ab-jymc.com'),
  ('xn--liy-bq1b.com', 'xn--liy-bq1b.com'),
  ('xn--rol-cq1b.com', 'xn--rol-cq1b.com'),
  ('xn--ily-8p1b.com', 'xn--ily-8p1b.com'),
  ('xn--1ly-8p1b.com', 'xn--1ly-8p1b.com'),
  ('xn--03c0b3ca.th', 'xn--03c0b3ca.th'),
  ('xn--1ca20i.com', 'xn--1ca20i.com'),
  ('xn--pixel-8fd.com', 'xn--pixel-8fd.com'),
  ('xn--pxel-lza43z.com', 'xn--pxel-lza43z.com'),
  ('xn--jack-qwc.com', 'xn--jack-qwc.com'),
  ('xn--lace-qwc.com', 'xn--lace-qwc.com'),
  ('xn--pxel-lza29y.com', 'xn--pxel-lza29y.com'),
  ('xn--ack-gpb42h.com', 'xn--ack-gpb42h.com'),
  ('xn--gogle-lkg.com', 'xn--gogle-lkg.com'),
  ('xn--range-kkg.com', 'xn--range-kkg.com'),
  ('xn--cucko-pkg.com', 'xn--cucko-pkg.com'),
  ('xn--o-ybcg0cu0cq.com', 'xn--o-ybcg0cu0cq.com'),
  ('xn--49jxi3as0d0fpc.com', 'xn--49jxi3as0d0fpc.com'),
  ('xn--lck0ip02qw5ya.jp', 'カー野球.jp'),
  ('xn--u8j5tr47nw5ya.jp', 'かー野球.jp'),
  ('xn--weka801xo02a.com', 'xn--weka801xo02a.com'),
  ('xn--wekz60nb2ay85atj0b.jp', 'xn--wekz60nb2ay85atj0b.jp'),
  ('xn--wek060nb2a.jp', 'xn--wek060nb2a.jp'),
  ('xn--abcdef-r64e.jp', 'xn--abcdef-r64e.jp'),
  ('xn--vekt920a.jp', '・野.jp'),
  ('xn--vek160nb2ay85atj0b.jp', '日本・野球.jp'),
  ('xn--abcdef-k64e.jp', 'xn--abcdef-k64e.jp'),
  ('xn--abc-os4b.jp', 'xn--abc-os4b.jp'),
  ('xn--lck2i.jp', 'カヽ.jp'),
  ('xn--u8j7t.jp', 'xn--u8j7t.jp'),
  ('xn--xek368f.jp', 'xn--xek368f.jp'),
  ('xn--a-mju.jp', 'xn--a-mju.jp'),
  ('xn--a1-bo4a.jp', 'xn--a1-bo4a.jp'),
  ('xn--lck4i.jp', 'カヾ.jp'),
  ('xn--u8j9t.jp', 'xn--u8j9t.jp'),
  ('xn--yek168f.jp', 'xn--yek168f.jp'),
  ('xn--a-oju.jp', 'xn--a-oju.jp'),
  ('xn--a1-eo4a.jp', 'xn--a1-eo4a.jp'),
  ('xn--e1argc3h.com', 'xn--e1argc3h.com'),
  ('xn--123-qdd8bmf3n.com', 'xn--123-qdd8bmf3n.com'),
  ('xn----8sbn9akccw8m.com', 'xn----8sbn9akccw8m.com'),
  ('xn--1-8sbn9akccw8m.com', 'xn--1-8sbn9akccw8m.com'),
  ('xn--j1amdg.com', 'курс.com'),
  ('xn--j1an.com', 'xn--j1an.com'),
  ('xn--e1argc3h.xn--p1ai', 'ѕсоре.рф'),
  ('xn--123-qdd8bmf3n.xn--p1ai', 'ѕсоре123.рф'),
  ('xn----8sbn9akccw8m.xn--p1ai', 'ѕсоре-рау.рф'),
  ('xn--1-8sbn9akccw8m.xn--p1ai', 'ѕсоре1рау.рф'),
  ('xn--e1argc3h.ru', 'ѕсоре.ru'),
  ('xn--123-qdd8bmf3n.ru', 'ѕсоре123.ru'),
  ('xn----8sbn9akccw8m.ru', 'ѕсоре-рау.ru'),
  ('xn--1-8sbn9akccw8m.ru', 'ѕсоре1рау.ru'),
  ('xn----8sbn9akccw8m.xn--3e0b707e', 'xn----8sbn9akccw8m.한국'),
  ('xn--e1adhj9a.com', 'музей.com'),
  ('xn--e1ari3f61c.com', 'xn--e1ari3f61c.com'),
  ('xn--n1az74c.com', 'xn--n1az74c.com'),
  ('xn--q1a0a.com', 'xn--q1a0a.com'),
  ('xn--80a8a6a.com', 'xn--80a8a6a.com'),
  ('xn--googl-3we.xn--3e0b707e', 'xn--googl-3we.한국'),
  ('xn--rsa2568fvxya.com', 'xn--rsa2568fvxya.com'),
  ('xn--rsa0336bjom.com', 'xn--rsa0336bjom.com'),
  ('xn--lsa922apb7a6do.com', 'xn--lsa922apb7a6do.com'),
  ('xn--igklmo68-kcb.com', 'xn--igklmo68-kcb.com'),
  ('www.xn--igklmo68-kcb.com', 'www.xn--igklmo68-kcb.com'),
  ('foo.bar.xn--igklmo68-kcb.com', 'foo.bar.xn--igklmo68-kcb.com'),
  ('xn--igklmo68-kcb.co.uk', 'xn--igklmo68-kcb.co.uk'),
  ('mail.xn--igklmo68-kcb.co.uk', 'mail.xn--igklmo68-kcb.co.uk'),
  ('xn--digklmo68-6jf.com', 'xn--digklmo68-6jf.com'),
  ('xn--digklmo68-7vf.com', 'xn--digklmo68-7vf.com'),
  ('xn--diglmo68-omb.com', 'xn--diglmo68-omb.com');
INSERT INTO checks VALUES ('chromium cases', (SELECT count(*) FROM chromium_cases), 138);
INSERT INTO checks VALUES ('chromium cases that differ',
  (SELECT group_concat(host, ' ') FROM chromium_cases
    WHERE url_display_host(host, 'digklmo68.com' || char(10) || 'digklmo68.co.uk') IS NOT shown),
  NULL);

-- A label that fails stays in Punycode, the others are decoded; a
-- top-domain lookalike keeps the whole host in Punycode.
INSERT INTO checks VALUES ('display umlaut', url_display_host('https://xn--mnchen-3ya.de/'), 'münchen.de');
INSERT INTO checks VALUES ('display cyrillic apple', url_display_host('https://xn--80ak6aa92e.com/'), 'xn--80ak6aa92e.com');
INSERT INTO checks VALUES ('display ascii', url_display_host('https://EXAMPLE.com/a'), 'example.com');
INSERT INTO checks VALUES ('display host input', url_display_host('xn--mnchen-3ya.de'), 'münchen.de');
INSERT INTO checks VALUES ('display ipv4', url_display_host('http://0x7f.1/'), '127.0.0.1');
INSERT INTO checks VALUES ('display ipv6', url_display_host('https://[::1]:8080/'), '[::1]');
INSERT INTO checks VALUES ('display no host', url_display_host('mailto:x@y'), '');
INSERT INTO checks VALUES ('display opaque host', url_display_host('foo://xn--mnchen-3ya.de/'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('display invalid punycode', url_display_host('https://xn--zz.com/'), 'xn--zz.com');
INSERT INTO checks VALUES ('display eszett (non-transitional)', url_display_host('xn--fa-hia.de'), 'faß.de');
INSERT INTO checks VALUES ('display top domain lookalike',
  url_display_host('https://xn--pypal-4ve.com/', 'paypal.com'), 'xn--pypal-4ve.com');
INSERT INTO checks VALUES ('display top domain: itself',
  url_display_host('xn--mnchen-3ya.de', 'münchen.de'), 'münchen.de');
INSERT INTO checks VALUES ('display top domain: under it',
  url_display_host('www.xn--mnchen-3ya.de', 'münchen.de'), 'www.münchen.de');
INSERT INTO checks VALUES ('display top domain: diacritics removed',
  url_display_host('xn--mnchen-3ya.de', 'munchen.de'), 'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('display top domain list',
  url_display_host('xn--mnchen-3ya.de', ' # comment' || char(10) || 'example.com' || char(13, 10) || char(10) || 'not a domain!' || char(10) || 'munchen.de '),
  'xn--mnchen-3ya.de');
INSERT INTO checks VALUES ('display top domain NULL', url_display_host('xn--mnchen-3ya.de', NULL), 'münchen.de');
-- Chromium's IDNToUnicodeDeviationCharacters (non-transitional): ß and ς
-- are safe, ZWNJ and ZWJ never are; youtuße.com has youtube.com's skeleton
-- (ß reads as b).  And UTS #46 CheckHyphens, which its IDNToUnicode applies.
INSERT INTO checks VALUES ('deviation sharp s', url_display_host('xn--fu-hia.de'), 'fuß.de');
INSERT INTO checks VALUES ('deviation final sigma', url_display_host('xn--mxac2c.gr'), 'αβς.gr');
INSERT INTO checks VALUES ('deviation zwnj', url_display_host('xn--h2by8byc123p.in'), 'xn--h2by8byc123p.in');
INSERT INTO checks VALUES ('deviation zwj', url_display_host('xn--11b6iy14e.in'), 'xn--11b6iy14e.in');
INSERT INTO checks VALUES ('deviation youtube', url_display_host('xn--youtue-fta.com', 'youtube.com'), 'xn--youtue-fta.com');
INSERT INTO checks VALUES ('deviation youtube skeleton', url_skeleton('youtuße.com'), url_skeleton('youtube.com'));
INSERT INTO checks VALUES ('deviation zwnj reason', (SELECT detail FROM url_deceptions('https://xn--h2by8byc123p.in/') WHERE reason = 'idn-unsafe'),
  'icu-spoof-checks: xn--h2by8byc123p (त्' || char(0x200c) || 'रि)');
INSERT INTO checks VALUES ('check hyphens 3-4', url_display_host('xn-----8kci4dhsd.com'), 'xn-----8kci4dhsd.com');
INSERT INTO checks VALUES ('check hyphens other labels decoded', url_display_host('xn-----8kci4dhsd.xn--mnchen-3ya.de'), 'xn-----8kci4dhsd.münchen.de');
INSERT INTO checks VALUES ('check hyphens reason', (SELECT detail FROM url_deceptions('https://xn-----8kci4dhsd.com/') WHERE reason = 'idn-unsafe'),
  'check-hyphens: xn-----8kci4dhsd (ру--авто)');
INSERT INTO checks VALUES ('check hyphens elsewhere', url_display_host('xn--a--b-3ra.com'), 'a--bü.com');
-- the skeleton removes default ignorable code points (UTS #39 15.1)
INSERT INTO checks VALUES ('skeleton default ignorable', url_skeleton('pay'||char(0x200B)||'pal', 'uts39'), url_skeleton('paypal', 'uts39'));
INSERT INTO checks VALUES ('skeleton default ignorable 17.0', url_skeleton('pay'||char(0xAD, 0x2060)||'pal', 'uts39', '17.0'), 'paypal');
INSERT INTO checks VALUES ('display thorn outside .is', url_display_host('xn--orlkur-rta2u.com'), 'xn--orlkur-rta2u.com');
INSERT INTO checks VALUES ('display thorn in .is', url_display_host('xn--orlkur-rta2u.is'), 'þorlákur.is');
INSERT INTO checks VALUES ('display schwa outside .az', url_display_host('xn--bak-ftb.com'), 'xn--bak-ftb.com');
INSERT INTO checks VALUES ('display schwa in .az', url_display_host('xn--bak-ftb.az'), 'bakə.az');
INSERT INTO checks VALUES ('display middle dot .cat', url_display_host('xn--cevell-fla.cat'), 'cevel·l.cat');
INSERT INTO checks VALUES ('display middle dot .com', url_display_host('xn--cevell-fla.com'), 'xn--cevell-fla.com');
INSERT INTO checks VALUES ('display 17.0: Bopomofo restricted',
  url_display_host('xn--5ekcde0577e87tc.tw', NULL, '17.0'), 'xn--5ekcde0577e87tc.tw');
INSERT INTO checks VALUES ('display 16.0: Bopomofo allowed',
  url_display_host('xn--5ekcde0577e87tc.tw', NULL, '16.0'), '注音ㄅㄆㄇㄈ.tw');
INSERT INTO checks VALUES ('display NULL', url_display_host(NULL), NULL);
INSERT INTO checks VALUES ('display not a host', url_display_host('a b'), NULL);
INSERT INTO checks VALUES ('display blob', url_display_host(CAST('xn--mnchen-3ya.de' AS BLOB)), 'münchen.de');
INSERT INTO checks VALUES ('display integer', url_display_host(12), '0.0.0.12');
INSERT INTO checks VALUES ('display invalid utf-8', url_display_host(x'ff2e6465'), NULL);
INSERT INTO checks VALUES ('display 1 MB of labels',
  length(url_display_host('https://' || replace(hex(zeroblob(65536)), '00', 'xn--mnchen-3ya.') || 'de/')),
  65536 * 8 + 2);
INSERT INTO checks VALUES ('display a 1 MB label',
  length(url_display_host('https://' || replace(hex(zeroblob(500000)), '00', 'ü') || '.de/')),
  500003);
-- error: url_display_host: unknown version '18.0' (expected one of: 16.0, 17.0)
SELECT url_display_host('example.com', NULL, '18.0');

-- url_skeleton: Chromium's host skeleton, and UTS #39's own.
INSERT INTO checks VALUES ('skeleton cyrillic', url_skeleton('раypal.com'), 'paypal.corn');
INSERT INTO checks VALUES ('skeleton ӏ as i', url_skeleton('аррӏе'), 'appie');
INSERT INTO checks VALUES ('skeleton extra map', url_skeleton('ħello'), 'hello');
INSERT INTO checks VALUES ('skeleton diacritics', url_skeleton('münchen'), 'rnunchen');
INSERT INTO checks VALUES ('skeleton uts39 keeps diacritics', url_skeleton('münchen', 'uts39'), 'rnu' || char(0x308) || 'nchen');
INSERT INTO checks VALUES ('skeleton fullwidth', url_skeleton('ｐａｙｐａｌ'), 'paypal');
INSERT INTO checks VALUES ('skeleton trailing dot', url_skeleton('example.com.'), 'exarnple.corn');
INSERT INTO checks VALUES ('skeleton uts39 trailing dot', url_skeleton('a.', 'uts39'), 'a.');
INSERT INTO checks VALUES ('skeleton NULL', url_skeleton(NULL), NULL);
INSERT INTO checks VALUES ('skeleton empty', url_skeleton(''), '');
INSERT INTO checks VALUES ('skeleton NULL profile', url_skeleton('ħ', NULL), 'h');
INSERT INTO checks VALUES ('skeleton invalid utf-8', url_skeleton(x'ff61'), '�a');
INSERT INTO checks VALUES ('skeleton 17.0', url_skeleton('ħ', 'uts39', '17.0'), url_skeleton('ħ', 'uts39', '16.0'));
INSERT INTO checks VALUES ('skeleton 1 MB', length(url_skeleton(replace(hex(zeroblob(300000)), '00', 'а́'))), 300000);
-- error: url_skeleton: unknown profile 'icu' (expected one of: chromium, uts39)
SELECT url_skeleton('a', 'icu');

-- url_restriction_level: UTS #39 §5.2 over Identifier_Status=Allowed.
INSERT INTO checks VALUES ('level ascii', url_restriction_level('apple'), 'ascii-only');
INSERT INTO checks VALUES ('level ascii outside profile', url_restriction_level('a b'), 'unrestricted');
INSERT INTO checks VALUES ('level single', url_restriction_level('münchen'), 'single-script');
INSERT INTO checks VALUES ('level single cyrillic', url_restriction_level('аррӏе'), 'single-script');
INSERT INTO checks VALUES ('level japanese', url_restriction_level('日本語かなカナ'), 'single-script');
INSERT INTO checks VALUES ('level highly', url_restriction_level('日本語abc'), 'highly-restrictive');
INSERT INTO checks VALUES ('level highly korean', url_restriction_level('한국어abc'), 'highly-restrictive');
INSERT INTO checks VALUES ('level moderately', url_restriction_level('abcא'), 'moderately-restrictive');
INSERT INTO checks VALUES ('level minimally', url_restriction_level('аpple'), 'minimally-restrictive');
INSERT INTO checks VALUES ('level minimally greek', url_restriction_level('pαypal'), 'minimally-restrictive');
INSERT INTO checks VALUES ('level unrestricted', url_restriction_level('ab' || char(0x2d5c)), 'unrestricted');
INSERT INTO checks VALUES ('level 17.0 bopomofo', url_restriction_level('ㄅ', '17.0'), 'unrestricted');
INSERT INTO checks VALUES ('level 16.0 bopomofo', url_restriction_level('ㄅ', '16.0'), 'single-script');
INSERT INTO checks VALUES ('level empty', url_restriction_level(''), 'ascii-only');
INSERT INTO checks VALUES ('level NULL', url_restriction_level(NULL), NULL);
INSERT INTO checks VALUES ('level 1 MB', url_restriction_level(replace(hex(zeroblob(300000)), '00', 'аa')), 'minimally-restrictive');
-- error: url_restriction_level: unknown version '15.1' (expected one of: 16.0, 17.0)
SELECT url_restriction_level('a', '15.1');

-- url_deceptions: the article's three traps.
CREATE TEMP TABLE d AS SELECT * FROM url_deceptions('http://example.com&@167772161/');
INSERT INTO checks VALUES ('trap 1 rows', (SELECT group_concat(reason || '|' || part || '|' || detail || '|' || ifnull(looks_like, '-'), '  ') FROM d),
  'credentials|userinfo|example.com&|example.com  ipv4-numeric-form|host|167772161|10.0.0.1');
DROP TABLE d;
CREATE TEMP TABLE d AS SELECT * FROM url_deceptions('http://example.com\@coredump.cx/');
INSERT INTO checks VALUES ('trap 2 rows', (SELECT group_concat(reason || '|' || part || '|' || detail || '|' || ifnull(looks_like, '-'), '  ') FROM d),
  'parser-differential|host|rfc3986-appendix-b: coredump.cx|coredump.cx');
DROP TABLE d;
CREATE TEMP TABLE d AS SELECT * FROM url_deceptions('http://example.com;.coredump.cx/');
INSERT INTO checks VALUES ('trap 3 rows', (SELECT group_concat(reason || '|' || part || '|' || detail || '|' || ifnull(looks_like, '-'), '  ') FROM d),
  'embedded-domain|host|example.com|example.com');
DROP TABLE d;

-- Each reason.
CREATE TEMP TABLE r(input, targets, reason, detail, looks_like);
INSERT INTO r VALUES
  ('https://www.paypal.com@203.0.113.9/', NULL, 'credentials', 'www.paypal.com', 'www.paypal.com'),
  ('https://user:pass@example.com/', NULL, 'credentials', 'user:pass', NULL),
  ('http://167772161/', NULL, 'ipv4-numeric-form', '167772161', '10.0.0.1'),
  ('http://0x7f.1/', NULL, 'ipv4-numeric-form', '0x7f.1', '127.0.0.1'),
  ('http://0177.0.0.1/', NULL, 'ipv4-numeric-form', '0177.0.0.1', '127.0.0.1'),
  ('http://127.1/', NULL, 'ipv4-numeric-form', '127.1', '127.0.0.1'),
  ('https:evil.example/x', NULL, 'parser-differential', 'rfc3986-appendix-b: no host; rfc3986: no host', NULL),
  ('https:///evil.example/x', NULL, 'parser-differential', 'rfc3986-appendix-b: empty host; rfc3986: empty host', NULL),
  ('https://evil.example\.trusted.example/', NULL, 'parser-differential', 'rfc3986-appendix-b: evil.example\.trusted.example', 'evil.example\.trusted.example'),
  ('https://paypal.com.account-verify.example.net/', NULL, 'embedded-domain', 'paypal.com', 'paypal.com'),
  ('https://www.paypal.com.evil.net/', NULL, 'embedded-domain', 'www.paypal.com', 'paypal.com'),
  ('https://ｅｘａｍｐｌｅ.com/', NULL, 'mapped-host', 'ｅｘａｍｐｌｅ.com', 'example.com'),
  ('https://example。com/', NULL, 'mapped-host', 'example。com', 'example.com'),
  ('https://ex%41mple.com/', NULL, 'mapped-host', 'ex%41mple.com', 'example.com'),
  ('https://exam' || char(0xad) || 'ple.com/', NULL, 'mapped-host', 'exam' || char(0xad) || 'ple.com', 'example.com'),
  ('https://exa' || char(9) || 'mple.com/', NULL, 'mapped-host', 'exa' || char(9) || 'mple.com', 'example.com'),
  ('https://xn--80ak6aa92e.com/', NULL, 'idn-unsafe', 'whole-script-confusable: xn--80ak6aa92e (аррӏе)', NULL),
  ('https://аpple.com/', NULL, 'idn-unsafe', 'icu-spoof-checks: xn--pple-43d (аpple)', NULL),
  ('https://xn--orlkur-rta2u.com/', NULL, 'idn-unsafe', 'tld-specific-characters: xn--orlkur-rta2u (þorlákur)', NULL),
  ('https://xn--0-6ee.com/', NULL, 'idn-unsafe', 'icu-spoof-checks: xn--0-6ee (੨0)', NULL),
  ('https://xn--qccaa.com/', NULL, 'idn-unsafe', 'digit-lookalikes: xn--qccaa (੨੨੨)', NULL),
  ('https://xn--abcdef-r64e.jp/', NULL, 'idn-unsafe', 'dangerous-pattern: xn--abcdef-r64e (abcーdef)', NULL),
  ('https://xn--caf-dma9024xvpg.kr/', NULL, 'idn-unsafe', 'non-ascii-latin-mixed-with-non-latin: xn--caf-dma9024xvpg (café카페)', NULL),
  ('https://xn--cevell-fla.com/', NULL, 'idn-unsafe', 'unsafe-middle-dot: xn--cevell-fla (cevel·l)', NULL),
  ('https://xn--80ak6aa92e.com/', 'apple.com', 'lookalike', 'аррӏе.com (same skeleton)', 'apple.com'),
  ('https://www.xn--80ak6aa92e.com/', 'apple.com', 'lookalike', 'www.аррӏе.com (same skeleton)', 'apple.com'),
  ('https://xn--mnchen-3ya.de/', 'munchen.de', 'lookalike', 'münchen.de (same skeleton)', 'munchen.de'),
  ('https://xn--pypal-4ve.com/', 'google.com' || char(10) || 'paypal.com', 'lookalike', 'pаypal.com (same skeleton)', 'paypal.com'),
  ('https://paypall.com/', '+paypal.com', 'lookalike', 'paypall.com (one edit)', 'paypal.com'),
  ('https://www.paypa1.com/', 'paypal.com', 'lookalike', 'www.paypa1.com (digits for letters)', 'paypal.com'),
  ('https://www.paypaal.com/', '+paypal.com', 'lookalike', 'www.paypaal.com (one edit)', 'paypal.com'),
  ('https://login.pyapal.com/', 'paypal.com', 'lookalike', 'login.pyapal.com (two characters swapped)', 'paypal.com'),
  ('https://gooogle.co.uk/', 'google.com' || char(10) || '+google.co.uk', 'lookalike', 'gooogle.co.uk (one edit)', 'google.co.uk');
INSERT INTO checks SELECT 'reason ' || reason || ' ' || input,
  (SELECT detail || '|' || ifnull(looks_like, '-') FROM url_deceptions(r.input, r.targets) d WHERE d.reason = r.reason),
  r.detail || '|' || ifnull(r.looks_like, '-') FROM r;
INSERT INTO checks VALUES ('reasons', (SELECT count(*) FROM r), 33);
-- issue 41: what phishing uses.  Target embedding (Chromium's
-- TargetEmbeddingTest: a target's registrable domain inside the host,
-- separated by dots or hyphens, not the host itself, not allowlisted
-- ("!host"), not the same name on another registry, not short),
-- combo-squatting (Chromium's keywords), a brand in a hyphenated label,
-- the sharper lookalike.
CREATE TEMP TABLE tg(x);
INSERT INTO tg VALUES ('google.com' || char(10) || 'google.co.uk' || char(10) || 'office.com' || char(10) || 'hp.com'
  || char(10) || 'vk.com' || char(10) || 'highengagement.com' || char(10) || 'subdomain.highengagement.com'
  || char(10) || '!scholar.google.com' || char(10) || 'paypal.com' || char(10) || 'runescape.com'
  || char(10) || '+wellsfargo.com' || char(10) || '+facebook.com' || char(10) || '+rakuten.co.jp'
  || char(10) || 'microsoft.com' || char(10) || 'awsdns-34.com' || char(10) || 'youtube.com' || char(10) || 'trezor.io'
  || char(10) || 'archive.org');
CREATE TEMP TABLE emb(host, looks);
INSERT INTO emb VALUES
  ('this-is-a-very-long-url-but-it-should-not-affect-the-outcome-of-this-target-embedding-test-google.com-login.com', 'google.com'),
  ('google-com-this-is-a-very-long-url-but-it-should-not-affect-the-outcome-of-this-target-embedding-test-login.com', 'google.com'),
  ('this-is-a-very-long-url-but-it-should-not-affect-google-the-outcome-of-this-target-embedding-test.com-login.com', NULL),
  ('goog0le.com-login.com', NULL), ('xn--googl-fsa.com-login.com', 'google.com'),
  ('google.com.foo.com', 'google.com'), ('foo-google.com-bar.com', 'google.com'), ('foo-google.com.foo.com', 'google.com'),
  ('a.b.c.d.e.f.g.h.foo-google.com.foo.com', 'google.com'), ('1.2.3.4.5.6.google.com-foo.com', 'google.com'),
  ('foo.google.com.foo.com', 'google.com'), ('foo-google.l.com-foo.com', NULL), ('foo.google-com-foo.com', 'google.com'),
  ('scholar.google.com.foo.com', NULL), ('foo.scholar.google.com.foo.com', NULL), ('scholar.foo.google.com.foo.com', 'google.com'),
  ('hp.com-foo.com', NULL), ('googlecom-foo.com', 'google.com'), ('foo.googlecom-foo.com', 'google.com'), ('vkcom-foo.com', NULL),
  ('foo.google.com', NULL), ('foo.bar.google.com', NULL), ('google.com', NULL), ('google.co.uk', NULL),
  ('google.randomreg-login.com', NULL), ('com.foo.com', NULL), ('foo.google.co.uk.foo.com', 'google.co.uk'),
  ('google.com.mx', NULL), ('google.com.de', NULL), ('foo.highengagement.com.foo.com', 'highengagement.com'),
  ('foo.subdomain.highengagement.com.foo.com', 'subdomain.highengagement.com'),
  ('highengagement.com.highengagement.com', NULL), ('google.com.google.com', NULL), ('www.google.com.google.com', NULL),
  ('google-com.com', 'google.com'), ('google-com.google-com.com', 'google.com'), ('office.com-foo.com', 'office.com'),
  ('example-office.com', NULL), ('secure.runescape.com-zx.ru', 'runescape.com'), ('google-com.evil.example', 'google.com'),
  ('paypal.com-secure.net', 'paypal.com'), ('www.youtube.com', NULL), ('service.gov.uk', NULL);
INSERT INTO checks SELECT 'embedding ' || host,
  (SELECT looks_like FROM url_deceptions('https://' || emb.host || '/', (SELECT x FROM tg)) WHERE reason = 'embedded-domain'), looks FROM emb;
INSERT INTO checks VALUES ('embedding cases', (SELECT count(*) FROM emb), 43);
INSERT INTO checks VALUES ('embedding: a public suffix host holds none', (SELECT count(*) FROM url_deceptions('https://service.gov.uk/')), 0);
CREATE TEMP TABLE brand(url, reason, detail, looks);
INSERT INTO brand VALUES
  ('https://google-login.com/', 'combo-squatting', 'google-login.com', 'google.com'),
  ('https://youtube-secure.net/', 'combo-squatting', 'youtube-secure.net', 'youtube.com'),
  ('https://googleaccount.co.uk/', 'combo-squatting', 'googleaccount.co.uk', 'google.co.uk'),
  ('https://login.google.com/', 'combo-squatting', NULL, NULL),
  ('https://wellsfargo-auth.000webhostapp.com/', 'brand-in-subdomain', 'wellsfargo', 'wellsfargo.com'),
  ('https://paypal-verify.account.example.net/', 'brand-in-subdomain', 'paypal', 'paypal.com'),
  ('https://paypal.blog.example.net/', 'brand-in-subdomain', 'paypal', 'paypal.com'),
  ('https://archive.blog.example.net/', 'brand-in-subdomain', NULL, NULL),
  ('https://paypal-help.paypal.de/', 'brand-in-subdomain', NULL, NULL),
  ('https://faccebook.link/', 'lookalike', 'faccebook.link (one edit)', 'facebook.com'),
  ('https://rakuiten.co/', 'lookalike', 'rakuiten.co (one edit)', 'rakuten.co.jp'),
  ('https://faceb00k.com/', 'lookalike', 'faceb00k.com (digits for letters)', 'facebook.com'),
  ('https://micr0s0ft.com/', 'lookalike', 'micr0s0ft.com (digits for letters)', 'microsoft.com'),
  ('https://xn--trzor-o51b.com/', 'lookalike', 'trẹzor.com (same name, another registry)', 'trezor.io'),
  ('https://awsdns-43.com/', 'lookalike', NULL, NULL),
  ('https://faceboo.org/', 'lookalike', NULL, NULL),
  ('https://facebook.de/', 'lookalike', NULL, NULL);
INSERT INTO checks SELECT 'brand ' || reason || ' ' || url,
  (SELECT detail || '|' || looks_like FROM url_deceptions(brand.url, (SELECT x FROM tg)) d WHERE d.reason = brand.reason),
  detail || '|' || looks FROM brand;
INSERT INTO checks VALUES ('brand cases', (SELECT count(*) FROM brand), 17);
INSERT INTO checks VALUES ('no extra reasons without targets',
  (SELECT count(*) FROM brand, url_deceptions(brand.url)), 0);
-- Chromium warns on no site of its own lists (IsTopDomain, the engaged
-- sites): a host on a target's registrable domain is read as without
-- targets; a user's site on a hosting platform (a private registry of the
-- list) is not the platform's own.
INSERT INTO checks VALUES ('own: a target''s subdomain',
  (SELECT count(*) FROM url_deceptions('https://www-archive.mozilla.org/', 'mozilla.org' || char(10) || 'archive.org')), 0);
INSERT INTO checks VALUES ('own: securityfocus is a target',
  (SELECT count(*) FROM url_deceptions('https://www.securityfocus.com/', 'securityfocus.com' || char(10) || '+focus.cn')), 0);
INSERT INTO checks VALUES ('own: not a hosting platform''s user',
  (SELECT reason || '|' || looks_like FROM url_deceptions('https://paypal-auth.blogspot.com/', 'blogspot.com' || char(10) || 'paypal.com')),
  'brand-in-subdomain|paypal.com');
INSERT INTO checks VALUES ('own: a domain embedding itself, without targets',
  (SELECT count(*) FROM url_deceptions('https://google.com.google.com/')), 0);
-- one edit counts from an engaged target only ("+host"); skeletons only
-- for IDN hosts; IDN lookalikes on another registry (unıswap, trėzor)
INSERT INTO checks VALUES ('one edit, not engaged', (SELECT count(*) FROM url_deceptions('https://faccebook.link/', 'facebook.com')), 0);
INSERT INTO checks VALUES ('one edit, engaged', (SELECT detail FROM url_deceptions('https://faccebook.link/', '+facebook.com')), 'faccebook.link (one edit)');
INSERT INTO checks VALUES ('ascii skeleton', (SELECT count(*) FROM url_deceptions('https://rnicrosoft.com/', 'microsoft.com')), 0);
INSERT INTO checks VALUES ('dotless i', (SELECT detail || '|' || looks_like FROM url_deceptions('https://xn--unswap-q9a.com/', 'uniswap.org')),
  'unıswap.com (same name, another registry)|uniswap.org');
INSERT INTO checks VALUES ('e with dot above', (SELECT detail || '|' || looks_like FROM url_deceptions('https://xn--trzor-7za.com/', 'trezor.io')),
  'trėzor.com (same name, another registry)|trezor.io');
-- combo-squatting's brands: Chromium's hard-coded ones and engaged targets
INSERT INTO checks VALUES ('combo: a top site is not a brand', (SELECT count(*) FROM url_deceptions('https://linuxsecurity.com/', 'linux.com')), 0);
INSERT INTO checks VALUES ('combo: engaged', (SELECT looks_like FROM url_deceptions('https://linux-login.com/', '+linux.com')), 'linux.com');
INSERT INTO checks VALUES ('combo: hard-coded brand', (SELECT looks_like FROM url_deceptions('https://netflix-account.help/', 'netflix.com')), 'netflix.com');
-- Chromium's false positives of one edit: only the registry differs, a
-- numeric suffix, the first character, an inserted '-'; and names shorter
-- than five characters before the registry.
INSERT INTO checks VALUES ('lookalike false positives',
  (SELECT count(*) FROM (VALUES ('https://paypal.com.tw/'), ('https://paypa.com/'), ('https://paypal2.com/'), ('https://aypal.com/'),
     ('https://jpaypal.com/'), ('https://pay-pal.com/'), ('https://www.paypal.com/'), ('https://paypal2.com/x'),
     ('https://apple.co/')) v, url_deceptions(v.column1, 'paypal.com' || char(10) || 'apple.com' || char(10) || 'paypa.com')), 0);
INSERT INTO checks VALUES ('descriptions', (SELECT count(*) FROM url_deceptions('http://example.com&@167772161/') WHERE length(description) > 40), 2);

-- No rows for ordinary URLs.
CREATE TEMP TABLE ordinary(input);
INSERT INTO ordinary VALUES ('https://münchen.de/'), ('https://xn--mnchen-3ya.de/'),
  ('https://ja.wikipedia.org/wiki/日本'), ('https://[::1]/'), ('https://203.0.113.9/'),
  ('https://example.com/a"b'), ('https://sub.example.co.uk/'), ('https://amazon.com.au/'),
  ('https://www.apple.com/'), ('https://EXAMPLE.com/'), ('https://MÜNCHEN.de/'),
  ('https://mail.google.com/mail/u/0/'), ('https://api.dev.example.com/'), ('https://static.cdn.example.net/x.js'),
  ('https://xn--d1abbgf6aiiy.xn--p1ai/'), ('https://例え.jp/'), ('mailto:someone@example.com'),
  ('file:///etc/passwd'), ('data:text/plain,hi'), ('https://example.com:8080/?q=1#f'), ('http://localhost/'),
  ('https://a.b.c.d.e.example.com/');
INSERT INTO checks SELECT 'ordinary ' || o.input, (SELECT count(*) FROM url_deceptions(o.input)), 0 FROM ordinary o;
INSERT INTO checks VALUES ('ordinary with targets',
  (SELECT count(*) FROM ordinary, url_deceptions(ordinary.input, 'apple.com' || char(10) || 'example.com')), 0);

-- Bad input: no rows, never an error.
INSERT INTO checks VALUES ('deceptions NULL', (SELECT count(*) FROM url_deceptions(NULL)), 0);
INSERT INTO checks VALUES ('deceptions not a URL', (SELECT count(*) FROM url_deceptions('not a url')), 0);
INSERT INTO checks VALUES ('deceptions relative', (SELECT count(*) FROM url_deceptions('/a/b')), 0);
INSERT INTO checks VALUES ('deceptions blob', (SELECT group_concat(reason) FROM url_deceptions(CAST('http://a@b/' AS BLOB))), 'credentials');
INSERT INTO checks VALUES ('deceptions invalid utf-8', (SELECT group_concat(reason) FROM url_deceptions(x'687474703a2f2f61ff40622f')), 'credentials');
INSERT INTO checks VALUES ('deceptions 1 MB of labels',
  (SELECT count(*) FROM url_deceptions('https://' || replace(hex(zeroblob(400000)), '00', 'a.') || 'com/')), 0);
INSERT INTO checks VALUES ('deceptions 1 MB userinfo',
  (SELECT group_concat(reason) FROM url_deceptions('https://' || replace(hex(zeroblob(500000)), '00', 'a.') || '@example.com/')), 'credentials');
INSERT INTO checks VALUES ('deceptions 1 MB label',
  (SELECT count(*) FROM url_deceptions('https://' || replace(hex(zeroblob(300000)), '00', 'ü') || '.de/')), 0);
INSERT INTO checks VALUES ('deceptions targets NULL', (SELECT count(*) FROM url_deceptions('https://xn--80ak6aa92e.com/', NULL)), 1);
INSERT INTO checks VALUES ('deceptions targets empty', (SELECT count(*) FROM url_deceptions('https://xn--80ak6aa92e.com/', '')), 1);
INSERT INTO checks VALUES ('deceptions version 17.0',
  (SELECT group_concat(reason) FROM url_deceptions('https://xn--5ekcde0577e87tc.tw/', NULL, '17.0')), 'idn-unsafe');
INSERT INTO checks VALUES ('deceptions version 16.0',
  (SELECT count(*) FROM url_deceptions('https://xn--5ekcde0577e87tc.tw/', NULL, '16.0')), 0);
-- A join: targets constant, inputs from rows.
INSERT INTO checks VALUES ('deceptions join',
  (SELECT group_concat(d.reason || ':' || d.looks_like) FROM r, url_deceptions(r.input, 'apple.com') d WHERE d.reason = 'lookalike'),
  'lookalike:apple.com,lookalike:apple.com,lookalike:apple.com,lookalike:apple.com');
-- error: url_deceptions: unknown version (expected one of: 16.0, 17.0)
SELECT * FROM url_deceptions('https://example.com/', NULL, '18.0');
