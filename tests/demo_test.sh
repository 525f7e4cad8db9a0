#!/bin/sh
# tests/demo_test.sh B: `make demo` (tools/demo.sh) runs to the end without
# an error and shows each part it promises, by a value only that part
# prints: the host parser, components, the deduplication keys (canonical,
# aggressive, SURT, Heritrix form), validation errors with positions, the
# registry's IDNA2008 verdict next to the browser's host, and URL patterns
# (hits per route, a group pulled out), the links of a page, and one
# statement of each other family (uri, robots, referrers, deceptive, a crawl's WARC file).
set -u
. tests/harness.sh

sh tools/demo.sh "$B" >"$TMP/out" 2>"$TMP/err"
status=$?
check "demo: exit status and stderr" "$status:$(cat "$TMP/err")" "0:"

# shows LABEL TEXT: the demo's output has TEXT (a fixed string).
shows() {
  if grep -q -F -e "$2" "$TMP/out"; then pass
  else fail "demo: no $1 (looked for '$2')"
  fi
}
shows "host parser" "xn--mnchen-3ya.de"
shows "url_components" "shop.example.co.uk"
shows "semantic key" "https://www.example.com/a/c?id=7&utm_source=news"
shows "aggressive key" "http://example.com/a/c?id=7"
shows "SURT key" "com,example)/a/c?id=7&utm_source=news"
shows "Heritrix form" "http://(org,example,foo,:81)/path"
shows "a relative reference resolved first" "https://www.example.com/relative/link.html"
shows "validation errors" "invalid-credentials"
shows "IDNA2008 verdict" "IDN2_DISALLOWED"
shows "hits per route" "example.com pages  4"
shows "a pattern's group" "slug   whatwg-url"
shows "the page's encoding" "windows-1252"
shows "a link in the page's encoding" "https://www.example.com/menu/search?q=cr%E8me%20br%FBl%E9e#top"
shows "RFC 3986 normalization" "example://a/b/c/%7Bfoo%7D"
shows "a robots.txt decision" "https://www.example.com/private/press/y  1"
shows "a referrer's term and channel" "Organic Search"
shows "the host Chromium shows" "xn--80ak6aa92e.com"
shows "a deception's reason" "ipv4-numeric-form"
shows "a crawl's links, deduplicated" "https://shop.example/shoes              2     2"

summary
