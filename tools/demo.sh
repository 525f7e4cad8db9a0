#!/bin/sh
# make demo: load the extension into the sqlite3 shell and run it over the
# sample data in data/.
set -eu
B=${1:-build}
sqlite3 -bail -header -column :memory: <<SQL
.load ./$B/url
SELECT url_version() AS version;
CREATE TABLE hosts(input TEXT);
.import data/sample-hosts.txt hosts
SELECT input,
       url_parse_host(input) AS host,
       url_domain_to_unicode(url_parse_host(input)) AS display
  FROM hosts;
SQL
