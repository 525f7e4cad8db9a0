#!/bin/sh
# make demo: load the extension into the sqlite3 shell and run it over the
# sample data in data/ (hand-written URLs and hosts, including broken ones).
set -eu
B=${1:-build}
sqlite3 -bail -header -column :memory: <<SQL
.load ./$B/url
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
SELECT url AS link, url_resolve('https://www.example.com/docs/page.html', url) AS resolved
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
SQL
