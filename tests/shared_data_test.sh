#!/bin/sh
# tests/shared_data_test.sh B: the third-party files the tests and generators
# read from ../shared ($SHARED_DIR; tests/shared_data.h) are the ones
# tests/data/README.md names: each line "SHA-256  PATH" of its ```sha256
# block must match the file under the shared directory, and
# "(real-URL sample)" the selection of data/kasztp.txt that
# shared_real_urls() makes (the same rule, in awk).  Prints the directory
# checked and each difference.
set -u
. tests/harness.sh

SHARED=${SHARED_DIR:-../shared}
echo "shared data: $SHARED"
if command -v sha256sum >/dev/null 2>&1; then sha() { sha256sum | cut -c1-64; }
else sha() { shasum -a 256 | cut -c1-64; }
fi

sample() {
  awk '(NR - 1) % 20 == 0 || /[%\\ \t[#]/ || /:\/\/[^\/?#]*:[0-9]/' "$SHARED/data/kasztp.txt"
}

awk '/^```sha256/ { on = 1; next } /^```/ { on = 0 } on' tests/data/README.md >"$TMP/sums"
n=$(wc -l <"$TMP/sums" | tr -d ' ')
[ "$n" -gt 0 ] || fail "tests/data/README.md: no sha256 block"
while read -r want file; do
  if [ "$file" = "(real-URL sample)" ]; then
    [ -r "$SHARED/data/kasztp.txt" ] || { fail "missing $SHARED/data/kasztp.txt (../shared beside the checkout, or make SHARED_DIR=DIR)"; continue; }
    got=$(sample | sha)
  elif [ -r "$SHARED/$file" ]; then
    got=$(sha <"$SHARED/$file")
  else
    fail "missing $SHARED/$file (../shared beside the checkout, or make SHARED_DIR=DIR)"
    continue
  fi
  check "$file: SHA-256 (tests/data/README.md)" "$got" "$want"
done <"$TMP/sums"
echo "$n files named in tests/data/README.md checked"

summary
