/*
** uri/: the RFC 3986 / RFC 3987 parser against hand-written cases (every
** rule, every host form, the error positions) and JSON-Schema-Test-Suite's
** uri, uri-reference, iri and iri-reference format cases; parse then
** recompose gives the input.
*/
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "mem_libc.h"
#include "shared_data.h"
#include "uri.h"

/* ---------------------------------------------------------------- parsing */

/* s matches rule or not, as want says; when it matches, §5.3 recomposition
   gives s back. */
static void expect_valid(const char *s, uri_rule rule, int want) {
  uri_parts p;
  size_t n = strlen(s);
  int got = uri_parse(s, n, rule, &p);
  if (!check(got == want)) {
    printf("FAIL %s %s: got %d want %d", uri_rule_names[rule], s, got, want);
    if (!got) printf(" (at %zu, %s)", p.err_off, uri_component_names[p.err_component]);
    printf("\n");
  }
  if (got) {
    char stack[256];
    url_buf b;
    url_buf_init(&b, &url_mem_libc, stack, sizeof stack, (size_t)-1);
    uri_recompose(&b, s, &p);
    if (!check(b.len == n && memcmp(b.ptr, s, n) == 0))
      printf("FAIL recompose %s: %.*s\n", s, (int)b.len, b.ptr);
    url_buf_free(&b);
  }
}

/* The component c of s as parsed by `rule` is want (NULL: absent). */
static void expect_part(const char *s, uri_rule rule, uri_component c,
                        const char *want) {
  uri_parts p;
  if (!check(uri_parse(s, strlen(s), rule, &p))) {
    printf("FAIL %s does not parse\n", s);
    return;
  }
  int ok;
  if (!want) ok = !uri_has(&p, c);
  else ok = uri_has(&p, c) && p.c[c].len == strlen(want) &&
            memcmp(s + p.c[c].off, want, p.c[c].len) == 0;
  if (!check(ok))
    printf("FAIL %s %s: got %s%.*s want %s\n", s, uri_component_names[c],
           uri_has(&p, c) ? "" : "(absent)", (int)p.c[c].len, s + p.c[c].off,
           want ? want : "(absent)");
}

static void expect_host_type(const char *s, uri_host_type t) {
  uri_parts p;
  int ok = uri_parse(s, strlen(s), URI_RULE_URI_REFERENCE, &p) && p.host_type == t;
  if (!check(ok)) printf("FAIL host type of %s: %d want %d\n", s, p.host_type, t);
}

/* s fails rule at offset off in component c (at_end: the input ended). */
static void expect_error(const char *s, uri_rule rule, size_t off,
                         uri_component c) {
  uri_parts p;
  int ok = !uri_parse(s, strlen(s), rule, &p) && p.err_off == off &&
           p.err_component == c && p.err_at_end == (off == strlen(s));
  if (!check(ok))
    printf("FAIL error of %s: at %zu %s, want %zu %s\n", s, p.err_off,
           uri_component_names[p.err_component], off, uri_component_names[c]);
}

static void test_rules(void) {
  const uri_rule U = URI_RULE_URI, R = URI_RULE_URI_REFERENCE,
                 A = URI_RULE_ABSOLUTE_URI, L = URI_RULE_RELATIVE_REF,
                 I = URI_RULE_IRI, IR = URI_RULE_IRI_REFERENCE;
  /* §1.1.2's examples */
  const char *examples[] = {
      "ftp://ftp.is.co.za/rfc/rfc1808.txt", "http://www.ietf.org/rfc/rfc2396.txt",
      "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com",
      "news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212",
      "telnet://192.0.2.16:80/", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
      "foo://example.com:8042/over/there?name=ferret#nose"};
  for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
    expect_valid(examples[i], U, 1);
    expect_valid(examples[i], R, 1);
    expect_valid(examples[i], I, 1);
    expect_valid(examples[i], L, 0);
  }
  /* the schemes */
  expect_valid("a:", U, 1);
  expect_valid("a+b-c.d:x", U, 1);
  expect_valid("1a:x", U, 0);
  expect_valid(":x", U, 0);
  expect_valid("", U, 0);
  expect_valid("", R, 1);
  expect_valid("", L, 1);
  expect_valid("", A, 0);
  /* the paths */
  expect_valid("https:host/p", U, 1);
  expect_valid("foo:/a//b", U, 1);
  expect_valid("foo://", U, 1);
  expect_valid("foo:///a", U, 1);
  expect_valid("a:b:c", U, 1);
  expect_valid("./a:b", L, 1);
  expect_valid("a:b", L, 0);
  expect_valid("a/b:c", L, 1);
  expect_valid("1a:b", R, 0);
  expect_valid("//h", L, 1);
  expect_valid("/a", L, 1);
  expect_valid("?q", L, 1);
  expect_valid("#f", L, 1);
  expect_valid("#f#", R, 0);
  expect_valid("?a?/b", R, 1);
  expect_valid("a:b#f", A, 0);
  expect_valid("a:b?q", A, 1);
  expect_valid("a:%41%7e", U, 1);
  expect_valid("a:%4", U, 0);
  expect_valid("a:%4g", U, 0);
  expect_valid("a:%", U, 0);
  /* characters RFC 3986 does not allow anywhere */
  const char *bad = " \"<>\\^`{|}\x7f\x01";
  for (const char *c = bad; *c; c++) {
    char s[32];
    snprintf(s, sizeof s, "http://h/a%cb", *c);
    expect_valid(s, U, 0);
    snprintf(s, sizeof s, "http://h/?%c", *c);
    expect_valid(s, U, 0);
    snprintf(s, sizeof s, "http://h/#%c", *c);
    expect_valid(s, U, 0);
  }
  expect_valid("http://h/[", U, 0);
  expect_valid("http://h/?[", U, 0);
  /* authority */
  expect_valid("http://u:p@h:80/", U, 1);
  expect_valid("http://@h", U, 1);
  expect_valid("http://h:", U, 1);
  expect_valid("http://h:0123456789012", U, 1);
  expect_valid("http://h:8a", U, 0);
  expect_valid("http://a@b@c", U, 0);
  expect_valid("http://:80", U, 1);
  expect_valid("http://h/ü", U, 0);
  expect_valid("http://\"www.example.com/", U, 0);
  /* IPv4address and reg-name */
  expect_host_type("http://1.2.3.4/", URI_HOST_IPV4);
  expect_host_type("http://255.255.255.255", URI_HOST_IPV4);
  expect_host_type("http://256.1.1.1", URI_HOST_REG_NAME);
  expect_host_type("http://01.1.1.1", URI_HOST_REG_NAME);
  expect_host_type("http://1.2.3", URI_HOST_REG_NAME);
  expect_host_type("http://1.2.3.4.", URI_HOST_REG_NAME);
  expect_host_type("http://0x7f.1", URI_HOST_REG_NAME);
  expect_host_type("http://0.0.0.0", URI_HOST_IPV4);
  expect_host_type("http://h", URI_HOST_REG_NAME);
  expect_host_type("http://", URI_HOST_REG_NAME);
  expect_host_type("http:h", URI_HOST_NONE);
  expect_host_type("http://[::1]", URI_HOST_IPV6);
  expect_host_type("http://[v1.x]", URI_HOST_IPVFUTURE);
  expect_host_type("http://[V1F.a:b]", URI_HOST_IPVFUTURE);
  expect_valid("http://h%41.%7e/", U, 1);
  expect_valid("http://h%4/", U, 0);
  /* IPv6address: the nine forms, embedded IPv4 */
  const char *v6_ok[] = {
      "1:2:3:4:5:6:7:8", "::2:3:4:5:6:7:8", "1::3:4:5:6:7:8", "1:2::4:5:6:7:8",
      "1:2:3::5:6:7:8", "1:2:3:4::6:7:8", "1:2:3:4:5::7:8", "1:2:3:4:5:6::8",
      "1:2:3:4:5:6:7::", "::", "::1", "1::", "::ffff:1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
      "1::1.2.3.4", "1:2:3:4:5::1.2.3.4", "ABCD:ef01::", "2001:db8::7", "::0:0:0:0:0:0:0"};
  for (size_t i = 0; i < sizeof v6_ok / sizeof *v6_ok; i++)
    if (!check(uri_is_ipv6(v6_ok[i], strlen(v6_ok[i]))))
      printf("FAIL IPv6 %s\n", v6_ok[i]);
  const char *v6_bad[] = {
      "", ":", ":::", "1", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "::1:2:3:4:5:6:7:8",
      "1:2:3:4:5:6:7:8::", "1::2::3", ":1::", "1::2:", "12345::", "1:2:3:4:5:6::1.2.3.4",
      "::1.2.3", "::1.2.3.4:1", "::01.2.3.4", "::256.2.3.4", "1.2.3.4::", "g::",
      "::1.2.3.4.5", "1:2:3:4:5:6:7:1.2.3.4", "[::1]"};
  for (size_t i = 0; i < sizeof v6_bad / sizeof *v6_bad; i++)
    if (!check(!uri_is_ipv6(v6_bad[i], strlen(v6_bad[i]))))
      printf("FAIL not IPv6 %s\n", v6_bad[i]);
  expect_valid("http://[::1]:80/", U, 1);
  expect_valid("http://[::1", U, 0);
  expect_valid("http://[::1]x", U, 0);
  expect_valid("http://[fe80::1%25en0]", U, 0); /* RFC 6874 is not RFC 3986 */
  expect_valid("http://[v1.]", U, 0);
  expect_valid("http://[v.x]", U, 0);
  expect_valid("http://[vg.x]", U, 0);
  expect_valid("http://[]", U, 0);
  expect_valid("http://[ü]", I, 0);
  /* IRI: ucschar everywhere but the scheme, port, IP-literal; iprivate
     only in the query */
  expect_valid("http://ü/ü?ü#ü", I, 1);
  expect_valid("http://ü@ü/", IR, 1);
  expect_valid("ü:x", I, 0);
  expect_valid("http://h/?\xee\x80\x80", I, 1);   /* U+E000 iprivate */
  expect_valid("http://h/\xee\x80\x80", I, 0);
  expect_valid("http://h/#\xee\x80\x80", I, 0);
  expect_valid("http://h/\xef\xbf\xbe", I, 0);    /* U+FFFE */
  expect_valid("http://h/\xc2\xa0", I, 1);        /* U+00A0 */
  expect_valid("http://h/\xc2\x85", I, 0);        /* U+0085 */
  expect_valid("http://h/\xed\xa0\x80", I, 0);    /* a surrogate's bytes */
  expect_valid("http://h/\xc0\xaf", I, 0);        /* overlong */
  expect_valid("http://h/\xf0\x90\x80\x80", I, 1); /* U+10000 */
  expect_valid("http://h/\xf3\xa0\x80\x80", I, 0); /* U+E0000 */
  expect_valid("http://h/\xf3\xa1\x80\x80", I, 1); /* U+E1000 */
  expect_valid("http://h/\xe2\x80\x8f", I, 1);     /* U+200F: ucschar (§4.1 only advises against bidi marks) */
  expect_valid("ü", IR, 1);
  expect_valid("ü:x", IR, 0);
  expect_valid("http://h/\xc3", I, 0);
}

static void test_components(void) {
  const uri_rule R = URI_RULE_URI_REFERENCE;
  const char *s = "foo://u:p@example.com:8042/over/there?name=ferret#nose";
  expect_part(s, R, URI_SCHEME, "foo");
  expect_part(s, R, URI_USERINFO, "u:p");
  expect_part(s, R, URI_HOST, "example.com");
  expect_part(s, R, URI_PORT, "8042");
  expect_part(s, R, URI_PATH, "/over/there");
  expect_part(s, R, URI_QUERY, "name=ferret");
  expect_part(s, R, URI_FRAGMENT, "nose");
  expect_part("http://h?", R, URI_QUERY, "");
  expect_part("http://h", R, URI_QUERY, NULL);
  expect_part("http://h", R, URI_PATH, "");
  expect_part("http://h:/", R, URI_PORT, "");
  expect_part("http://h/", R, URI_PORT, NULL);
  expect_part("http://[::1]:8/", R, URI_HOST, "[::1]");
  expect_part("https:host/p", R, URI_HOST, NULL);
  expect_part("https:host/p", R, URI_PATH, "host/p");
  expect_part("http://", R, URI_HOST, "");
  expect_part("#", R, URI_FRAGMENT, "");
  expect_part("#", R, URI_SCHEME, NULL);
  expect_part("//@h", R, URI_USERINFO, "");
}

static void test_errors(void) {
  const uri_rule U = URI_RULE_URI, R = URI_RULE_URI_REFERENCE;
  expect_error("https://\"www.example.com/", U, 8, URI_HOST);
  expect_error("http", U, 4, URI_SCHEME);
  expect_error("/a", U, 0, URI_SCHEME);
  expect_error("1a:b", R, 2, URI_PATH);
  expect_error("http://h:8a/", U, 10, URI_PORT);
  expect_error("http://a b@h/", U, 8, URI_USERINFO);
  expect_error("http://h/a b", U, 10, URI_PATH);
  expect_error("http://h/?a b", U, 11, URI_QUERY);
  expect_error("http://h/#a#", U, 11, URI_FRAGMENT);
  expect_error("http://[::1", U, 11, URI_HOST);
  expect_error("http://[1::2::3]", U, 13, URI_HOST);
  expect_error("a:%zz", U, 2, URI_PATH);
  expect_error("a:b#c", URI_RULE_ABSOLUTE_URI, 3, URI_PATH);
}

/* ------------------------------------------------- JSON-Schema-Test-Suite */

/* Every string case of one format file; prints and returns the count. */
static int test_json_schema(const char *file, uri_rule rule) {
  char path[4096];
  json_value *doc = json_parse_file(shared_file(path, sizeof path, file));
  if (!check(doc != NULL)) return 0;
  int cases = 0, right = 0;
  for (size_t g = 0; g < json_len(doc); g++) {
    const json_value *tests = json_get(json_at(doc, g), "tests");
    for (size_t t = 0; t < json_len(tests); t++) {
      const json_value *tc = json_at(tests, t);
      const json_value *data = json_get(tc, "data");
      if (!json_is_string(data)) continue;
      size_t n;
      const char *s = json_str(data, &n);
      int want = json_get(tc, "valid")->type == JSON_TRUE;
      uri_parts p;
      int got = uri_parse(s, n, rule, &p);
      cases++;
      if (check(got == want)) right++;
      else {
        printf("FAIL %s: ", file);
        json_print_str(s, n);
        printf(" (%s) got %d want %d\n", json_str(json_get(tc, "description"), NULL),
               got, want);
      }
    }
  }
  printf("JSON-Schema-Test-Suite %s (%s): %d/%d string cases\n", file,
         uri_rule_names[rule], right, cases);
  json_free(doc);
  return cases;
}

int main(void) {
  test_rules();
  test_components();
  test_errors();
  test_json_schema("json-schema-test-suite/uri.json", URI_RULE_URI);
  test_json_schema("json-schema-test-suite/uri-reference.json", URI_RULE_URI_REFERENCE);
  test_json_schema("json-schema-test-suite/iri.json", URI_RULE_IRI);
  test_json_schema("json-schema-test-suite/iri-reference.json", URI_RULE_IRI_REFERENCE);
  return check_summary();
}
