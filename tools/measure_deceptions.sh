#!/bin/sh
# tools/measure_deceptions.sh [B]: the share of phishing and of legitimate
# URLs that each reason of url_deceptions flags, without and with targets
# (tests/data/top-targets.txt), over ../shared/data/userbait.txt with its
# labels (userbait-labels.tsv) and ../shared/data/kasztp.txt (legitimate).
# Prints one line per reason; a URL counts once per reason.  B: the build
# directory (build).
set -e
B=${1:-build}
S=${SHARED_DIR:-../shared}
tmp=${TMPDIR:-/tmp}/measure_deceptions.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
tail -n +2 "$S/data/userbait-labels.tsv" > "$tmp/labels.tsv"
grep -v '^#' tests/data/top-targets.txt > "$tmp/targets.txt"
sqlite3 :memory: <<SQL
.load ./$B/url
.mode tabs
CREATE TABLE labels(url TEXT, status TEXT);
.import $tmp/labels.tsv labels
CREATE TABLE kasztp(url TEXT);
.import $S/data/kasztp.txt kasztp
CREATE TABLE urls AS
  SELECT url, status AS label FROM labels
  UNION ALL SELECT url, 'legitimate (kasztp)' FROM kasztp;
CREATE TABLE t(x TEXT);
INSERT INTO t VALUES (readfile('$tmp/targets.txt'));
CREATE TABLE hits AS
  SELECT 'without' AS mode, u.label, d.reason, u.rowid AS id
    FROM urls u, url_deceptions(u.url) d
  UNION
  SELECT 'with', u.label, d.reason, u.rowid
    FROM urls u, url_deceptions(u.url, (SELECT x FROM t)) d;
CREATE TABLE totals AS SELECT label, count(*) AS n FROM urls GROUP BY label;
.mode list
.separator "  "
SELECT printf('%-8s %-20s %-22s %6d / %-6d %6.2f%%', h.mode, h.label, h.reason,
              count(DISTINCT h.id), t.n, 100.0 * count(DISTINCT h.id) / t.n)
  FROM hits h JOIN totals t ON t.label = h.label
 GROUP BY h.mode, h.label, h.reason ORDER BY h.mode DESC, h.label DESC, h.reason;
SELECT printf('%-8s %-20s %-22s %6d / %-6d %6.2f%%', h.mode, h.label, 'any reason',
              count(DISTINCT h.id), t.n, 100.0 * count(DISTINCT h.id) / t.n)
  FROM hits h JOIN totals t ON t.label = h.label
 GROUP BY h.mode, h.label ORDER BY h.mode DESC, h.label DESC;
SQL
