#!/bin/sh
# tests/readme_test.sh B: every ```sql block of README.md, in order, pasted
# into one fresh sqlite3 shell session as a reader would paste them (from a
# directory where ./build/url is the extension under test, so the blocks'
# `.load ./build/url` loads it); then the same for each docs/*.md, each in
# a fresh session of its own: a page runs as pasted, from its first block,
# relying on no other page (issue 39).
#
#  - A page's first SQL block must start with `.load ./build/url`: nothing
#    loads the extension for it.
#  - The session must run to the end: an error (a missing table or column,
#    a wrong argument) fails, with the file and line of the statement.
#  - A comment "--> TEXT", at the end of a statement's last line or on the
#    lines right after it, is a line that statement prints (the shell's
#    default list mode: columns joined by "|", NULL as nothing).  A
#    statement with such lines must print exactly them, in order; one
#    without may print anything.
#  - A page that reads ../shared (docs/warc.md: the sample crawls of
#    ../shared/warc) reads it as from the repository root: ../shared beside
#    the run directory is a link to $SHARED_DIR (make's, default ../shared);
#    without that directory such a page is skipped, with a message.
#  - The one block that loads a file, url_psl_load('psl.dat'), follows
#    docs/sites.md's `curl -o psl.dat` of the Public Suffix List: psl.dat is
#    a copy of the system's list (Debian's publicsuffix, which the build
#    needs), so nothing is downloaded and the list in use stays the same.
set -u
. tests/harness.sh

PSL=/usr/share/publicsuffix/public_suffix_list.dat

# Splits a file's SQL blocks into statements: the script on stdout, each
# statement K wrapped in ".print @@S K" / ".print @@E K"; $TMP/want gets
# "K<TAB>TEXT" per "-->" line, $TMP/lines "K<TAB>README line" per statement.
SPLIT='
function bad(msg) { printf "%s:%d: %s\n", FILENAME, NR, msg > "/dev/stderr"; err = 1 }
# The line without its "--" comment (outside quotes); the comment in cmt.
function code_of(line,   i, c, q) {
  q = ""; cmt = ""
  for (i = 1; i <= length(line); i++) {
    c = substr(line, i, 1)
    if (q != "") { if (c == q) q = ""; continue }
    if (c == "\047" || c == "\"") { q = c; continue }
    if (substr(line, i, 2) == "--") { cmt = substr(line, i); return substr(line, 1, i - 1) }
  }
  return line
}
function expect(text) {
  if (last == 0 || has_code) { bad("--> line not right after a statement"); return }
  sub(/^[ \t]*--> ?/, "", text); sub(/[ \t\r]+$/, "", text)
  printf "%d\t%s\n", last, text > want
}
function emit(text, line) {
  k++; last = k
  printf ".print @@S %d\n%s.print @@E %d\n", k, text, k
  printf "%d\t%d\n", k, line > lines
}
/^```sql[ \t]*$/ && !inblock { inblock = 1; last = 0; blocks++; next }
# the first line of the first block of a page loads the extension
inblock && blocks == 1 && !loaded && /[^ \t\r]/ {
  loaded = 1
  if ($0 !~ /^\.load \.\/build\/url[ \t\r]*$/)
    bad("the first SQL block of the page does not start with .load ./build/url")
}
inblock && /^```/ {
  if (has_code) bad("statement not terminated by \";\" at the end of its block")
  inblock = 0; buf = ""; has_code = 0; next
}
!inblock { next }
/^[ \t]*-->/ { expect($0); next }
!has_code && /^[ \t]*\./ { emit($0 "\n", NR); buf = ""; next }
{
  code = code_of($0)
  buf = buf $0 "\n"
  if (code ~ /[^ \t\r]/ && !has_code) { has_code = 1; first = NR }
  if (has_code && code ~ /;[ \t\r]*$/) {
    emit(buf, first); buf = ""; has_code = 0
    if (cmt ~ /^-->/) expect(cmt)
  }
}
END { if (inblock) bad("unterminated ```sql block"); exit err }'

# run_doc FILE: FILE's SQL blocks in one fresh session; one check that the
# session ran to the end, one per statement with "-->" lines.  A file
# without SQL blocks is not run.
run_doc() {
  doc=$1
  : >"$TMP/want"
  : >"$TMP/lines"
  if ! awk -v want="$TMP/want" -v lines="$TMP/lines" "$SPLIT" "$doc" \
      >"$TMP/body.sql" 2>"$TMP/split.err"; then
    fail "$doc: $(cat "$TMP/split.err")"
    return
  fi
  [ -s "$TMP/lines" ] || return 0   # no SQL blocks
  cp "$TMP/body.sql" "$TMP/script.sql"
  (cd "$TMP/run" && sqlite3 -batch -bail :memory: <"$TMP/script.sql") \
    >"$TMP/out" 2>"$TMP/err"
  status=$?

  # The statement that was running when the session stopped: its line.
  stopped=$(sed -n 's/^@@S //p' "$TMP/out" | tail -n 1)
  if [ "$status" -ne 0 ] || [ -s "$TMP/err" ] ||
     ! grep -q "^@@E $(wc -l <"$TMP/lines" | tr -d ' ')\$" "$TMP/out"; then
    line=$(awk -F '\t' -v k="$stopped" '$1 == k { print $2 }' "$TMP/lines")
    fail "$doc SQL: the session stopped at the statement of $doc line ${line:-?} (status $status): $(cat "$TMP/err")"
  else
    pass
  fi

  # Each statement with "-->" lines: what it printed, exactly.
  for k in $(cut -f 1 "$TMP/want" | uniq); do
    want=$(awk -F '\t' -v k="$k" '$1 == k { sub(/^[^\t]*\t/, ""); print }' "$TMP/want")
    got=$(awk -v s="@@S $k" -v e="@@E $k" '$0 == e { exit } on { print } $0 == s { on = 1 }' "$TMP/out")
    line=$(awk -F '\t' -v k="$k" '$1 == k { print $2 }' "$TMP/lines")
    check "$doc line $line prints its --> lines" "$got" "$want"
  done
}

in_build_dir "$TMP/run"
if [ -r "$PSL" ]; then
  cp "$PSL" "$TMP/run/psl.dat"
else
  fail "no $PSL (Debian's publicsuffix; sh tools/deps.sh build installs it) for docs/sites.md's psl.dat"
fi
SHARED=$(cd "$ROOT" && cd "${SHARED_DIR:-../shared}" 2>/dev/null && pwd)
[ -n "$SHARED" ] && ln -s "$SHARED" "$TMP/shared"
run_doc README.md
docs=0
for doc in docs/*.md; do
  [ -f "$doc" ] || continue
  if grep -q "'\.\./shared/" "$doc" && [ -z "$SHARED" ]; then
    skip "$doc reads ../shared, which is not there (make SHARED_DIR=DIR)"
    continue
  fi
  docs=$((docs + 1))
  run_doc "$doc"
done
echo "SQL blocks of README.md and of docs/ ($docs files) run"

# A count the documentation quotes from a test's output: pattern_test's own
# cases ("Then N cases of its own"), as the suite prints them.
if [ -x "$B/tests/pattern_test" ]; then
  ran=$(cd "$ROOT" && "$B/tests/pattern_test" 2>/dev/null |
        sed -n 's/^own regular expression and pattern cases: //p')
  said=$(cat README.md docs/*.md 2>/dev/null | tr '\n' ' ' |
         grep -o 'Then [0-9]* cases of its own' | tr -dc '0-9\n' | sort -u |
         tr '\n' ' ' | sed 's/ $//')
  check "docs: pattern_test's own cases (\"Then N cases of its own\")" "$said" "$ran"
else
  skip "no $B/tests/pattern_test: the docs' count of its own cases is not checked"
fi

summary
