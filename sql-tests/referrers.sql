-- url_referrer(referrer [, page_url]), url_referrer_medium,
-- url_referrer_source, url_channel(referrer [, page_url]),
-- url_traffic_source(referrer [, page_url]) (ext/referrers.c).
-- Expected values: Matomo's lists (../shared/referrers) and GA4's default
-- channel group rules; tests/referrers_test.c has every list entry.
-- Convention: sql-tests/README.md.

-- ------------------------------------------------------------- schema
INSERT INTO checks VALUES
  ('schema/columns',
   (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
      FROM (SELECT * FROM pragma_table_xinfo('url_referrer') ORDER BY cid)),
   'medium:TEXT:0,source:TEXT:0,term:TEXT:0,host:TEXT:0,backlink:TEXT:0,referrer::1,page_url::1');

-- ------------------------------------------------------------- search
CREATE TEMP TABLE g AS SELECT * FROM url_referrer(
  'https://www.google.co.uk/search?q=caf%C3%A9+au+lait&hl=en');
INSERT INTO checks VALUES
  ('google/rows', (SELECT count(*) FROM g), 1),
  ('google/medium', (SELECT medium FROM g), 'search'),
  ('google/source', (SELECT source FROM g), 'Google'),
  ('google/term', (SELECT term FROM g), 'café au lait'),
  ('google/host', (SELECT host FROM g), 'www.google.co.uk'),
  ('google/backlink', (SELECT backlink FROM g),
   'https://www.google.co.uk/search?q=caf%C3%A9%20au%20lait'),
  ('google/hidden keyword',
   (SELECT medium || '|' || source || '|' || quote(term) || '|' || quote(backlink)
      FROM url_referrer('https://www.google.com/')), 'search|Google|NULL|NULL'),
  ('google/no keyword, no hidden path: not a search',
   (SELECT medium || '|' || source FROM url_referrer('https://www.google.com/reader/view/')),
   'website|www.google.com'),
  ('google/images vertical',
   (SELECT source FROM url_referrer('https://www.google.com/search?tbm=isch&q=cat')),
   'Google Images'),
  ('bing/country subdomain',
   (SELECT source || '|' || term FROM url_referrer('https://de.bing.com/search?q=x')),
   'Bing|x'),
  ('yandex/lossy host',
   (SELECT source || '|' || term FROM url_referrer('https://yandex.com.tr/search/?text=kedi')),
   'Yandex|kedi'),
  ('baidu/gb2312 keyword',
   (SELECT term FROM url_referrer('http://www.baidu.com/s?wd=%C4%E3%BA%C3')), '你好'),
  ('baidu/utf-8 keyword',
   (SELECT term FROM url_referrer('http://www.baidu.com/s?wd=%E4%BD%A0%E5%A5%BD')), '你好'),
  ('yandex/windows-1251 keyword',
   (SELECT term FROM url_referrer('http://go.mail.ru/search?q=%EF%F0%E8%E2%E5%F2')),
   'привет'),
  ('yandex/windows-1251 fallback (issue 40)',
   (SELECT term FROM url_referrer('https://yandex.ru/search/?text=%EA%F0%E0%F1%ED%FB%E5')),
   'красные'),
  ('1.cz/regex keyword',
   (SELECT source || '|' || term FROM url_referrer('http://1.cz/s/hledat')), '1.cz|hledat'),
  ('duckduckgo/empty keyword',
   (SELECT medium || '|' || quote(term) FROM url_referrer('https://duckduckgo.com/?q=')),
   'search|NULL');

-- ------------------------------------------------- the other media
INSERT INTO checks VALUES
  ('social/t.co', url_referrer_medium('https://t.co/abc'), 'social'),
  ('social/source', url_referrer_source('https://m.facebook.com/story'), 'Facebook'),
  ('ai/chatgpt', url_referrer_medium('https://chatgpt.com/'), 'ai'),
  ('ai/chatgpt source', url_referrer_source('https://chatgpt.com/'), 'ChatGPT'),
  ('ai/grok path', url_referrer_source('https://x.com/i/grok?c=1'), 'Grok'),
  ('social/x not grok', url_referrer_source('https://x.com/user'), 'Twitter'),
  ('email/gmail', url_referrer_medium('https://mail.google.com/mail/u/0/'), 'email'),
  ('email/gmail source', url_referrer_source('https://mail.google.com/mail/u/0/'), 'Gmail'),
  ('paid/doubleclick', url_referrer_medium('https://ad.doubleclick.net/ddm/clk/1'), 'paid'),
  ('website', url_referrer_medium('https://blog.example.org/post'), 'website'),
  ('website/source is the host', url_referrer_source('https://Blog.Example.org/post'),
   'blog.example.org'),
  ('internal', url_referrer_medium('https://a.example.co.uk/', 'https://b.example.co.uk/x'),
   'internal'),
  ('internal/source', url_referrer_source('https://a.example.co.uk/', 'https://example.co.uk/'),
   'a.example.co.uk'),
  ('internal/other site', url_referrer_medium('https://a.co.uk/', 'https://b.co.uk/'), 'website'),
  ('internal/tvf',
   (SELECT medium FROM url_referrer('https://www.google.com/search?q=x', 'https://maps.google.com/')),
   'internal'),
  ('page NULL: no internal',
   url_referrer_medium('https://a.example.com/', NULL), 'website'),
  ('page invalid: no internal',
   url_referrer_medium('https://a.example.com/', 'not a url'), 'website');

-- ------------------------------------------- NULL, empty, invalid: no row
INSERT INTO checks VALUES
  ('null/rows', (SELECT count(*) FROM url_referrer(NULL)), 0),
  ('empty/rows', (SELECT count(*) FROM url_referrer('')), 0),
  ('invalid/rows', (SELECT count(*) FROM url_referrer('http://exa mple/')), 0),
  ('relative/rows', (SELECT count(*) FROM url_referrer('/just/a/path')), 0),
  ('no host/rows', (SELECT count(*) FROM url_referrer('about:blank')), 0),
  ('blob/rows', (SELECT count(*) FROM url_referrer(x'ff00ff')), 0),
  ('integer/rows', (SELECT count(*) FROM url_referrer(42)), 0),
  ('null/medium', url_referrer_medium(NULL), NULL),
  ('empty/medium', url_referrer_medium(''), NULL),
  ('invalid/medium', url_referrer_medium('http://[::1'), NULL),
  ('no host/source', url_referrer_source('mailto:a@b.c'), NULL),
  ('null/source', url_referrer_source(NULL, 'https://a/'), NULL),
  ('invalid utf-8 keyword',
   (SELECT term FROM url_referrer(CAST(x'68747470733a2f2f7777772e676f6f676c652e636f6d2f7365617263683f713dff' AS TEXT))),
   '�'),
  ('embedded NUL',
   (SELECT medium FROM url_referrer(CAST(x'68747470733a2f2f742e636f2f0061' AS TEXT))), 'social');

-- ---------------------------------------------------------- joins
CREATE TEMP TABLE visits(ref, page);
INSERT INTO visits VALUES
  ('https://www.google.com/search?q=a', 'https://shop.example/'),
  ('https://t.co/x', 'https://shop.example/?utm_source=twitter&utm_medium=paid_social'),
  (NULL, 'https://shop.example/?gclid=1'),
  ('', 'https://shop.example/'),
  ('https://shop.example/cart', 'https://shop.example/checkout');
INSERT INTO checks VALUES
  ('join/rows', (SELECT count(*) FROM visits, url_referrer(visits.ref, visits.page)), 3),
  ('join/left',
   (SELECT group_concat(coalesce(r.medium, '-'), ',') FROM visits
      LEFT JOIN url_referrer(visits.ref, visits.page) AS r),
   'search,social,-,-,internal'),
  ('join/channels',
   (SELECT group_concat(url_channel(ref, page), ',') FROM visits),
   'Organic Search,Paid Social,Paid Search,Direct,Direct');

-- --------------------------------------------------------- url_channel
INSERT INTO checks VALUES
  -- the referrer first (docs/conventions.md); NULL referrer: none (a direct
  -- visit); NULL page_url: not given, as leaving it out; an invalid one: NULL
  ('channel/null referrer, no page', url_channel(NULL), 'Direct'),
  ('channel/null both', url_channel(NULL, NULL), 'Direct'),
  ('channel/null page with referrer', url_channel('https://t.co/', NULL), 'Organic Social'),
  ('channel/referrer alone', url_channel('https://t.co/'), 'Organic Social'),
  ('channel/referrer first',
   url_channel('https://www.bing.com/search?q=x', 'https://shop.example/'), 'Organic Search'),
  ('channel/invalid page', url_channel(NULL, 'not a url'), NULL),
  ('channel/invalid page with referrer', url_channel('https://t.co/', 'not a url'), NULL),
  ('channel/direct', url_channel(NULL, 'https://ex.com/'), 'Direct'),
  ('channel/null referrer', url_channel(NULL, 'https://ex.com/'), 'Direct'),
  ('channel/empty referrer', url_channel('', 'https://ex.com/'), 'Direct'),
  ('channel/invalid referrer', url_channel('ht tp://', 'https://ex.com/'), 'Direct'),
  ('channel/organic search', url_channel('https://www.bing.com/', 'https://ex.com/'), 'Organic Search'),
  ('channel/organic social', url_channel('https://www.reddit.com/r/x', 'https://ex.com/'), 'Organic Social'),
  ('channel/referral', url_channel('https://news.example.org/', 'https://ex.com/'), 'Referral'),
  ('channel/ai is referral', url_channel('https://perplexity.ai/', 'https://ex.com/'), 'Referral'),
  ('channel/email', url_channel(NULL, 'https://ex.com/?utm_source=newsletter&utm_medium=Email'), 'Email'),
  ('channel/cpc', url_channel(NULL, 'https://ex.com/?utm_source=google&utm_medium=cpc'), 'Paid Search'),
  ('channel/gclid', url_channel(NULL, 'https://ex.com/?gclid=x'), 'Paid Search'),
  ('channel/msclkid', url_channel(NULL, 'https://ex.com/?msclkid=x'), 'Paid Search'),
  ('channel/cross-network',
   url_channel(NULL, 'https://ex.com/?utm_source=google&utm_medium=cpc&utm_campaign=Cross-network'),
   'Cross-network'),
  ('channel/shopping',
   url_channel(NULL, 'https://ex.com/?utm_source=google&utm_medium=cpc&utm_campaign=shopping'),
   'Paid Shopping'),
  ('channel/unassigned', url_channel(NULL, 'https://ex.com/?utm_source=foo&utm_medium=bar'), 'Unassigned'),
  ('channel/encoded utm', url_channel(NULL, 'https://ex.com/?utm_source=x&utm_medium=%65mail'), 'Email'),
  ('channel/push', url_channel(NULL, 'https://ex.com/?utm_source=app&utm_medium=web-push'),
   'Mobile Push Notifications');

-- ------------------------------------------------- url_traffic_source
INSERT INTO checks VALUES
  ('traffic/columns',
   (SELECT group_concat(name || ':' || type || ':' || hidden, ',')
      FROM (SELECT * FROM pragma_table_xinfo('url_traffic_source') ORDER BY cid)),
   'source:TEXT:0,medium:TEXT:0,campaign:TEXT:0,term:TEXT:0,content:TEXT:0,click_id:TEXT:0,click_id_param:TEXT:0,channel:TEXT:0,referrer::1,page_url::1'),
  ('traffic/search',
   (SELECT source || '|' || medium || '|' || quote(campaign) || '|' || term || '|' || channel
      FROM url_traffic_source('https://www.bing.com/search?q=red+shoes', 'https://shop.example/')),
   'Bing|organic|NULL|red shoes|Organic Search'),
  ('traffic/utm',
   (SELECT source || '|' || medium || '|' || campaign || '|' || term || '|' || content || '|' || channel
      FROM url_traffic_source('https://www.bing.com/search?q=x',
        'https://shop.example/?utm_source=fb&utm_medium=paid&utm_campaign=spring&utm_term=shoes&utm_content=red%20ad')),
   'fb|paid|spring|shoes|red ad|Paid Social'),
  ('traffic/click id',
   (SELECT source || '|' || medium || '|' || click_id || '|' || click_id_param || '|' || channel
      FROM url_traffic_source(NULL, 'https://shop.example/?gclid=EAIa%2B1')),
   'google|cpc|EAIa+1|gclid|Paid Search'),
  ('traffic/click id beside utm',
   (SELECT source || '|' || click_id_param || '|' || channel
      FROM url_traffic_source(NULL, 'https://shop.example/?utm_source=newsletter&utm_medium=email&fbclid=x')),
   'newsletter|fbclid|Email'),
  ('traffic/campaign alone',
   (SELECT source || '|' || medium || '|' || campaign || '|' || channel
      FROM url_traffic_source(NULL, 'https://shop.example/?utm_campaign=cross-network-q4')),
   '(not set)|(not set)|cross-network-q4|Cross-network'),
  ('traffic/video referral',
   (SELECT source || '|' || medium || '|' || channel
      FROM url_traffic_source('https://www.youtube.com/watch?v=1', 'https://shop.example/')),
   'YouTube|referral|Organic Video'),
  ('traffic/website',
   (SELECT source || '|' || medium || '|' || channel
      FROM url_traffic_source('https://Blog.Example.org/post', 'https://shop.example/')),
   'blog.example.org|referral|Referral'),
  ('traffic/null referrer: direct',
   (SELECT source || '|' || medium || '|' || channel FROM url_traffic_source(NULL)),
   '(direct)|(none)|Direct'),
  ('traffic/internal: direct',
   (SELECT source || '|' || channel
      FROM url_traffic_source('https://shop.example/cart', 'https://shop.example/')),
   '(direct)|Direct'),
  ('traffic/null page: not given',
   (SELECT channel FROM url_traffic_source('https://t.co/x', NULL)), 'Organic Social'),
  ('traffic/invalid page: no row',
   (SELECT count(*) FROM url_traffic_source('https://t.co/x', 'not a url')), 0),
  ('traffic/invalid referrer: none',
   (SELECT channel FROM url_traffic_source('ht tp://', 'https://shop.example/')), 'Direct'),
  ('traffic/one code path with url_channel',
   (SELECT count(*) FROM visits, url_traffic_source(visits.ref, visits.page) AS t
     WHERE t.channel IS NOT url_channel(visits.ref, visits.page)), 0),
  ('traffic/a row per visit',
   (SELECT count(*) FROM visits, url_traffic_source(visits.ref, visits.page)), 5);

-- issue 40: url_referrer and url_channel agree on a referrer
INSERT INTO checks VALUES
  ('agree/baidu link',
   url_referrer_medium('https://www.baidu.com/link?url=a1') || '|' ||
   url_channel('https://www.baidu.com/link?url=a1'), 'search|Organic Search'),
  ('agree/duckduckgo html',
   url_referrer_medium('https://html.duckduckgo.com/html/?q=x') || '|' ||
   url_channel('https://html.duckduckgo.com/html/?q=x'), 'search|Organic Search'),
  ('agree/google amp',
   url_referrer_medium('https://www.google.com/amp/s/example.com/a') || '|' ||
   url_channel('https://www.google.com/amp/s/example.com/a'), 'search|Organic Search'),
  ('agree/news.google.com',
   url_referrer_medium('https://news.google.com/') || '|' ||
   url_channel('https://news.google.com/'), 'search|Organic Search'),
  ('agree/news.google.com article',
   url_referrer_medium('https://news.google.com/articles/x') || '|' ||
   url_channel('https://news.google.com/articles/x'), 'website|Referral');

-- ------------------------------------------------------------- misuse
-- error: wrong number of arguments to function url_channel()
SELECT url_channel();
-- error: wrong number of arguments to function url_referrer_medium()
SELECT url_referrer_medium('a', 'b', 'c');
-- error: too many arguments on url_referrer
SELECT * FROM url_referrer('a', 'b', 'c');
