#!/bin/sh
# make demo: load the extension into the sqlite3 shell and run it over the
# sample data in data/ (hand-written URLs and hosts, including broken ones):
# hosts, components, resolving, sites, query parameters, url_set, then the
# deduplication keys (canonical, SURT), validation errors, the browser's
# and the registry's IDNA rules side by side, and URL patterns routing the
# links, the links of a stored page, then one statement of each other
# family: RFC 3986 URIs, robots.txt, referrers and channels, deceptive
# hosts, and the links of a crawl read from its WARC file.  One command,
# a few seconds.
set -eu
B=${1:-build}
case $B in /*) LIB=$B/url ;; *) LIB=./$B/url ;; esac
sqlite3 -bail -header -column :memory: <<SQL
.load $LIB
SELECT url_version() AS version;

CREATE TABLE hosts(input TEXT);
.import data/sample-hosts.txt hosts
.print
.print '-- The host parser: IDNA, IPv4 in all its forms, IPv6, failures (NULL)'
SELECT input, url_parse_host(input) AS host,
       url_domain_to_unicode(url_parse_host(input)) AS display
  FROM hosts;

CREATE TABLE links(url TEXT);
.import data/sample-urls.txt links
.print
.print '-- Canonical hrefs and origins (NULL: not a valid absolute URL)'
SELECT url, url_href(url) AS href, url_origin(url) AS origin FROM links;
.print
.print '-- Crawled links resolved against the page they were found on'
SELECT url AS link, url_resolve(url, 'https://www.example.com/docs/page.html') AS resolved
  FROM links LIMIT 4 OFFSET 22;
.print
.print '-- Top hosts and registrable domains'
SELECT url_hostname(url) AS host, count(*) AS n FROM links
 WHERE url_hostname(url) <> '' GROUP BY 1 ORDER BY n DESC, host LIMIT 5;
SELECT url_registrable_domain(url) AS site, count(*) AS n FROM links
 GROUP BY 1 HAVING site IS NOT NULL ORDER BY n DESC, site LIMIT 5;
.print
.print '-- Components of one URL'
SELECT scheme, username, host_type, hostname, port_number, pathname, query, fragment
  FROM url_components('HTTPS://user:secret@Shop.Example.co.uk:8443/a/../cart?item=42#x');
.print
.print '-- Most common query parameter names'
SELECT p.name, count(*) AS n FROM links, url_search_params(links.url) AS p
 WHERE url_valid(links.url) GROUP BY p.name ORDER BY n DESC, p.name LIMIT 5;
.print
.print '-- Force https, drop credentials and fragments'
SELECT url_set(url, 'protocol', 'https', 'username', '', 'password', '', 'hash', '') AS cleaned
  FROM links WHERE url_protocol(url) IN ('http:', 'https:') LIMIT 6;

.print
.print '-- Deduplication keys: four spellings of one page, one key per profile'
CREATE TABLE spellings(url TEXT);
INSERT INTO spellings VALUES
  ('https://www.example.com/a/c?id=7&utm_source=news'),
  ('HTTPS://WWW.EXAMPLE.COM:443/a/./b/../c?utm_source=news&id=7#top'),
  ('https://www.example.com/a/%63?utm_source=news&id=%37'),
  ('http://example.com/a/c/?id=7');
SELECT url, url_canonical(url) AS semantic,
       url_canonical(url_strip_params(url, '@tracking'), 'aggressive') AS aggressive
  FROM spellings;
SELECT count(DISTINCT url_canonical(url)) AS semantic_keys,
       count(DISTINCT url_canonical(url_strip_params(url, '@tracking'), 'aggressive'))
         AS aggressive_keys
  FROM spellings;
.print
.print '-- SURT keys, in the order web archives sort them'
SELECT url_surt(url) AS surt, url FROM links WHERE surt IS NOT NULL ORDER BY surt LIMIT 10;
.print '-- ... none for a relative reference (resolve it against its page first)'
SELECT url, url_surt(url) AS surt, url_canonical(url) AS key,
       url_canonical(url_resolve(url, 'https://www.example.com/docs/page.html')) AS resolved_key
  FROM links WHERE url LIKE '/%' OR url LIKE '.%';
.print "-- ... Heritrix's SURT form, and urlcanon's SSURT"
SELECT url_surt('http://user@foo.example.org:81/path', '{"heritrix": true}') AS heritrix_form,
       url_ssurt('http://user@foo.example.org:81/path?q') AS ssurt;
.print
.print '-- Why a URL is wrong: the validation errors browsers repair silently'
SELECT e.error, count(*) AS n, min(links.url) AS example, min(e.position) AS at
  FROM links, url_validation_errors(links.url) AS e GROUP BY 1 ORDER BY n DESC, 1;
SELECT url, url_valid(url) AS parses, url_valid_string(url) AS valid_string
  FROM links WHERE url_valid(url) AND NOT url_valid_string(url) LIMIT 5;
.print
.print "-- The browser's IDNA rules (UTS #46) and the registry's (IDNA2008)"
SELECT input, url_parse_host(input) AS browser,
       url_domain_to_ascii(url_parse_host(input), 'idna2008') AS registry,
       url_idna2008_error(input) AS registry_error
  FROM hosts WHERE url_host_type(input) = 'domain';
.print
.print '-- URL patterns (the URL Pattern Standard): hits per route, and the parts they pull out'
CREATE TABLE routes(route TEXT, pattern TEXT);
INSERT INTO routes VALUES
  ('example.com pages', 'https://*.example.com/*'),
  ('blog post', 'https://*.github.io/posts/:year/:month/:slug'),
  ('admin, any port', 'http{s}?://*:*/admin'),
  ('any https', 'https://*');
SELECT r.route, count(*) AS hits FROM links, routes AS r
 WHERE url_pattern_test(r.pattern, links.url) GROUP BY r.route ORDER BY hits DESC, r.route;
SELECT g.name, g.value
  FROM links, url_pattern_exec('https://*.github.io/posts/:year/:month/:slug', links.url) AS g
 WHERE g.component = 'pathname';
.print
.print '-- Links of a stored page (data/sample-page.html, windows-1252): resolved against its <base>, queries in its encoding'
SELECT url_html_encoding(readfile('data/sample-page.html')) AS encoding;
SELECT tag, attribute, kind, descriptor, url
  FROM url_links(readfile('data/sample-page.html'), 'https://www.example.com/cafe.html');
.print
.print '-- RFC 3986 beside the URL Standard: the same reference, two normalizations'
SELECT uri_normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d') AS rfc3986,
       url_href('eXAMPLE://a/./b/../b/%63/%7bfoo%7d') AS whatwg;
.print
.print '-- robots.txt (RFC 9309): the longest match decides'
SELECT u AS url, url_robots_allowed('User-agent: *
Disallow: /private/
Allow: /private/press/', 'MyBot', u) AS allowed
  FROM (SELECT 'https://www.example.com/private/x' AS u
        UNION ALL SELECT 'https://www.example.com/private/press/y');
.print
.print "-- Where a visit came from: the referrer's medium, source and term; GA4's channel"
SELECT r.medium, r.source, r.term,
       url_channel('https://www.google.com/search?q=caf%C3%A9', 'https://www.example.com/') AS channel
  FROM url_referrer('https://www.google.com/search?q=caf%C3%A9', 'https://www.example.com/') AS r;
.print
.print '-- URLs that mislead a reader: the host Chromium shows, UTS #39 skeletons, the reasons'
SELECT url_display_host('https://xn--80ak6aa92e.com/') AS shown, url_skeleton('раypal.com') AS skeleton;
SELECT reason, looks_like FROM url_deceptions('http://example.com&@167772161/');
.print
.print '-- A crawl as a table: the links of every page of a WARC file (data/sample-crawl.warc.gz), tracking and session parameters stripped, deduplicated'
SELECT url_canonical(url_strip_params(l.url, 'utm_*', 'sessionid')) AS link,
       count(*) AS seen, count(DISTINCT r.target_uri) AS pages
  FROM warc_records('data/sample-crawl.warc.gz') AS r,
       url_links(r.payload, r.target_uri, r.charset) AS l
 WHERE r.warc_type = 'response'
 GROUP BY 1 ORDER BY 1;
SQL
