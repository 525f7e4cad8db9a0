#!/bin/sh
# cluster/test-cluster.sh B (`make test-cluster`): three url-dqlite-node
# processes on 127.0.0.1 with temporary data directories form a dqlite
# cluster; a table of URLs is created through the leader with go-dqlite's
# `dqlite` shell; scalar and table-valued URL functions in GROUP BY queries
# must give the answers the plain extension gives in the sqlite3 shell; the
# leader is killed, and the new leader must give the same answers and take
# a write.  Everything is stopped and removed at the end, and the whole run
# is bounded (LIMIT seconds).  Ends with "N passed, N failed".
set -u

B=${1:-build}
NODE=$B/url-dqlite-node
LIMIT=${CLUSTER_TEST_SECONDS:-60}
cd "$(dirname "$0")/.." || exit 1

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
summary() {
  echo "test-cluster: $passed passed, $failed failed"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

for need in "$NODE" dqlite sqlite3 timeout; do
  command -v "$need" >/dev/null 2>&1 && continue
  fail "$need not found (make $NODE; sh tools/deps.sh cluster)"
  summary
done

TMP=$(mktemp -d) || exit 1
pids=""
watchdog=""
cleanup() {
  # shellcheck disable=SC2086 # a list of process ids
  [ -n "$pids" ] && kill $pids 2>/dev/null
  [ -n "$watchdog" ] && kill "$watchdog" 2>/dev/null
  wait
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'echo "test-cluster: interrupted"; exit 130' INT
trap 'fail "test-cluster: not done within ${LIMIT}s"; summary' TERM
# The watchdog; stopped at cleanup together with its sleep.
(
  trap 'kill "$s" 2>/dev/null; exit 0' TERM
  sleep "$LIMIT" & s=$!
  wait "$s" && kill -TERM $$ 2>/dev/null
) &
watchdog=$!

# Ports: a base derived from this process, so that runs side by side on one
# machine do not collide; another base if node 1 cannot listen.
addr() { echo "127.0.0.1:$((base + $1))"; }
start() { # start ID [JOIN]: starts node ID in the background
  "$NODE" "$1" "$(addr "$1")" "$TMP/node$1" ${2:+"$(addr "$2")"} \
    2>"$TMP/node$1.log" &
  eval "pid$1=$!"
  pids="$pids $!"
}
# wait_log ID: waits (bounded by the watchdog) until node ID is serving; 1 if
# it exited instead.
wait_log() {
  while ! grep -q serving "$TMP/node$1.log" 2>/dev/null; do
    kill -0 "$(eval echo "\$pid$1")" 2>/dev/null || return 1
    sleep 0.1
  done
}

try=0
while :; do
  base=$((20000 + ($$ * 37 + try * 1009) % 40000))
  start 1
  wait_log 1 && break
  try=$((try + 1))
  if [ "$try" -ge 5 ]; then
    fail "node 1 did not start: $(cat "$TMP/node1.log")"
    summary
  fi
done
start 2 1
start 3 1
for n in 2 3; do
  wait_log "$n" || { fail "node $n did not join: $(cat "$TMP/node$n.log")"; summary; }
done
SERVERS="$(addr 1),$(addr 2),$(addr 3)"

# dq SQL: one statement through the cluster's leader.
dq() { timeout 15 dqlite -s "$SERVERS" urls "$1" 2>&1; }
# check LABEL ACTUAL EXPECTED
check() {
  if [ "$2" = "$3" ]; then pass
  else fail "$1: got '$2', expected '$3'"
  fi
}

check "three voters" "$(dq .cluster | cut -d'|' -f3 | tr '\n' ' ')" "voter voter voter "

ROWS="('https://www.example.com/a?q=1&lang=en'), ('https://shop.example.co.uk:8443/cart?item=42'),
 ('HTTP://WWW.Example.COM/b?q=2'), ('https://münchen.de/?q=3'), ('http://192.168.0.1/admin'),
 ('file:///etc/hosts'), ('mailto:someone@example.org'), ('not a url'), ('https://a.b.github.io/x?utm_source=t')"
QUERIES="SELECT url_hostname(url) AS host, count(*) FROM links WHERE url_hostname(url) <> '' GROUP BY host ORDER BY host
SELECT url_registrable_domain(url) AS site, count(*) FROM links GROUP BY site ORDER BY site
SELECT c.scheme, c.host_type, count(*) FROM links, url_components(links.url) AS c GROUP BY 1, 2 ORDER BY 1, 2
SELECT p.name, count(*), group_concat(p.value, ',') FROM links, url_search_params(links.url) AS p GROUP BY p.name ORDER BY p.name
SELECT url_set(url, 'protocol', 'https', 'search', '') AS u, count(*) FROM links WHERE url_valid(url) GROUP BY u ORDER BY u"

# The answers of the plain extension, in the format of the dqlite shell.
expected="$TMP/expected"
{
  echo ".load $B/url"
  echo ".nullvalue <nil>"
  echo "CREATE TABLE links(url TEXT);"
  echo "INSERT INTO links VALUES $ROWS;"
  printf '%s\n' "$QUERIES" | sed 's/$/;/'
} | sqlite3 -batch -bail :memory: >"$expected" 2>&1 ||
  { fail "the plain extension in the sqlite3 shell: $(cat "$expected")"; summary; }

# run_queries OUT: the same queries through the cluster.
run_queries() {
  printf '%s\n' "$QUERIES" | while IFS= read -r q; do dq "$q"; done >"$1"
}

check "create table" "$(dq 'CREATE TABLE links(url TEXT)')" ""
check "insert" "$(dq "INSERT INTO links VALUES $ROWS" | tr -d '\n')" ""
run_queries "$TMP/got1"
check "URL queries through the leader" "$(cat "$TMP/got1")" "$(cat "$expected")"
check "one of them, literally" "$(dq "SELECT url_registrable_domain(url) AS s, count(*) FROM links GROUP BY s HAVING s IS NOT NULL ORDER BY 2 DESC, 1 LIMIT 1")" "example.com|2"

leader=$(dq .leader)
n=${leader##*:}
n=$((n - base))
case $n in
  1|2|3) ;;
  *) fail "leader: '$leader' is not a node of the test"; summary ;;
esac
kill -KILL "$(eval echo "\$pid$n")"
t0=$(date +%s)
new=""
while [ -z "$new" ] || [ "$new" = "$leader" ]; do
  sleep 0.5
  new=$(dq .leader)
  case $new in 127.0.0.1:*) ;; *) new="" ;; esac
done
echo "test-cluster: leader $leader killed; $new leads after $(( $(date +%s) - t0 ))s"
run_queries "$TMP/got2"
check "the same answers from the new leader" "$(cat "$TMP/got2")" "$(cat "$expected")"
check "a write after failover" "$(dq "INSERT INTO links VALUES ('https://new.example.net/')")" ""
check "read back" "$(dq "SELECT url_registrable_domain(url) FROM links WHERE url_hostname(url) = 'new.example.net'")" "example.net"

summary
