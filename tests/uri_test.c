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
#include "shared_read.h"
#include "parse.h"
#include "percent.h"
#include "uri.h"
#include "url_record.h"

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


/* ------------------------------------------------------------- resolution */

/* A scratch buffer on the heap (the test's allocator). */
static url_buf buf_new(void) {
  url_buf b;
  url_buf_init(&b, &url_mem_libc, NULL, 0, (size_t)-1);
  url_buf_reserve(&b, 64); /* storage from the start: ptr is never NULL */
  return b;
}

/* uri_resolve(base, ref) into b (cleared); 0 when either does not parse. */
static int resolve(url_buf *b, const char *base, size_t bn, const char *ref,
                   size_t rn) {
  uri_parts bp, rp;
  b->len = 0;
  if (!uri_parse(base, bn, URI_RULE_IRI, &bp) ||
      !uri_parse(ref, rn, URI_RULE_IRI_REFERENCE, &rp))
    return 0;
  uri_resolve(b, base, &bp, ref, &rp);
  return !b->err;
}

static int buf_is(const url_buf *b, const char *want) {
  return b->len == strlen(want) && memcmp(b->ptr, want, b->len) == 0;
}

static void expect_resolve(const char *base, const char *ref, const char *want) {
  url_buf b = buf_new();
  int ok = resolve(&b, base, strlen(base), ref, strlen(ref)) && buf_is(&b, want);
  if (!check(ok))
    printf("FAIL resolve(%s, %s) = %.*s want %s\n", base, ref, (int)b.len, b.ptr, want);
  url_buf_free(&b);
}

/* RFC 3986 §5.4's examples, read from the RFC's text: each line
   `"ref" = "target"` of §5.4.1 and §5.4.2 (the strict answer for
   "http:g"). */
static void test_rfc_examples(void) {
  char path[4096];
  FILE *f = fopen(shared_file(path, sizeof path, "spec/rfc3986.txt"), "r");
  if (!check(f != NULL)) return;
  char line[256];
  int in = 0, cases = 0;
  url_buf b = buf_new();
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "5.4.  Reference Resolution Examples", 35) == 0) in = 1;
    if (strncmp(line, "5.5.  ", 6) == 0) in = 0;
    char ref[64], want[64];
    if (!in || sscanf(line, " \"%63[^\"]\" = \"%63[^\"]\"", ref, want) != 2) {
      if (in && sscanf(line, " \"\" = \"%63[^\"]\"", want) == 1) ref[0] = 0;
      else continue;
    }
    cases++;
    expect_resolve("http://a/b/c/d;p?q", ref, want);
  }
  fclose(f);
  url_buf_free(&b);
  check_named(cases == 42, "RFC 3986 §5.4 has 42 examples");
  printf("RFC 3986 §5.4 resolution examples: %d\n", cases);
}

static void test_resolve(void) {
  /* the issue's cases and the "/." rule */
  expect_resolve("foo:bar", "g", "foo:g");
  expect_resolve("foo:/", "/.//g", "foo:/.//g");
  expect_resolve("foo:/a/b", "..//x", "foo:/.//x");
  expect_resolve("foo:/a/..//x", "", "foo:/a/..//x");
  expect_resolve("foo:/a/..//x", ".", "foo:/.//");
  expect_resolve("foo://h/a", "..//x", "foo://h//x");
  expect_resolve("http://a/b#f", "", "http://a/b");
  expect_resolve("http://a/b?q#f", "#g", "http://a/b?q#g");
  expect_resolve("http://a", "g", "http://a/g");
  expect_resolve("http://a", "?q", "http://a?q");
  expect_resolve("foo:a/b", "../c", "foo:/c");
  expect_resolve("foo:a", "b:c", "b:c");
  expect_resolve("http://a/b/c", "http:g/../h", "http:/h"); /* §5.2.4 on a rootless path */
  expect_resolve("http://a/b/c", "//g/./x/../y?z#f", "http://g/y?z#f");
  expect_resolve("http://ü/ä", "ö", "http://ü/ö");
}

/* ----------------------------------------------------------- normalization */

static void expect_normalize(const char *s, uri_norm_level level, const char *want) {
  uri_parts p;
  url_buf b = buf_new();
  int ok = uri_parse(s, strlen(s), URI_RULE_IRI_REFERENCE, &p);
  if (ok) uri_normalize(&b, s, &p, level);
  if (!check(ok && buf_is(&b, want)))
    printf("FAIL normalize(%s, %d) = %.*s want %s\n", s, level, (int)b.len, b.ptr, want);
  url_buf_free(&b);
}


/* core's url_pct_normalize (§6.2.2.1-2), which uri_normalize runs on each
   component: escapes at every position, and '%' that starts none. */
static void test_pct_normalize(void) {
  static const char *const cases[][2] = {
      {"", ""}, {"%", "%"}, {"%4", "%4"}, {"a%", "a%"}, {"a%4", "a%4"},
      {"%41", "A"}, {"a%41", "aA"}, {"%41a", "Aa"}, {"%7e%2f", "~%2F"},
      {"%%41", "%A"}, {"%4%41", "%4A"}, {"x%zz%3a", "x%zz%3A"},
      {"abc%2E%2e", "abc.."}, {"%C3%a9", "%C3%A9"}, {"%41%", "A%"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    url_buf b = buf_new();
    url_pct_normalize(&b, cases[i][0], strlen(cases[i][0]));
    if (!check(buf_is(&b, cases[i][1])))
      printf("FAIL url_pct_normalize(%s) = %.*s want %s\n", cases[i][0], (int)b.len,
             b.ptr, cases[i][1]);
    url_buf_free(&b);
  }
}

static void test_normalize(void) {
  const uri_norm_level S = URI_NORM_SYNTAX, C = URI_NORM_SCHEME;
  /* §6.2.2 */
  expect_normalize("example://a/b/c/%7Bfoo%7D", S, "example://a/b/c/%7Bfoo%7D");
  expect_normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", S, "example://a/b/c/%7Bfoo%7D");
  expect_normalize("HTTP://www.EXAMPLE.com/", S, "http://www.example.com/");
  expect_normalize("http://%7Euser@h/%7e%2f%2F", S, "http://~user@h/~%2F%2F");
  expect_normalize("http://H%c3%A9/", S, "http://h%C3%A9/");
  expect_normalize("http://[FE80::A]/", S, "http://[fe80::a]/");
  expect_normalize("http://h/%2E%2e/a/%2e", S, "http://h/a/");
  expect_normalize("http://h/?%41#%42", S, "http://h/?A#B");
  expect_normalize("HTTP://h:80", S, "http://h:80");
  expect_normalize("foo:/.//g", S, "foo:/.//g");
  expect_normalize("foo:/a/..//g", S, "foo:/.//g");
  expect_normalize("../a/./b", S, "../a/./b");
  expect_normalize("/../a/./b", S, "/a/b");
  expect_normalize("./a:b", S, "./a:b");
  expect_normalize("//H/./a", S, "//h/a");
  /* §6.2.3: four URIs, one normal form */
  const char *four[] = {"http://example.com", "http://example.com/",
                        "http://example.com:/", "http://example.com:80/"};
  for (int i = 0; i < 4; i++) expect_normalize(four[i], C, "http://example.com/");
  expect_normalize("http://example.com/?", C, "http://example.com/?");
  expect_normalize("HTTPS://h:0443", C, "https://h/");
  expect_normalize("https://h:080", C, "https://h:80/");
  expect_normalize("ftp://h:21", C, "ftp://h/");
  expect_normalize("file://", C, "file:///");
  expect_normalize("foo://h:/", C, "foo://h:/");
  expect_normalize("mailto:Joe@Example.COM", C, "mailto:Joe@Example.COM");
}

/* ------------------------------------------------- properties on real URIs */

/* For one base b and target t: normalize is idempotent on t; and when t is
   a URI, uri_relative(t, b) resolves back to what t resolves to.
   Returns whether the reference found was shorter than t. */
static int properties(const char *t, size_t tn, const char *b, size_t bn,
                      int *checked) {
  uri_parts tp, bp;
  int shorter = 0;
  if (!uri_parse(t, tn, URI_RULE_IRI_REFERENCE, &tp)) return 0;
  url_buf n1 = buf_new(), n2 = buf_new();
  for (int level = 0; level < 2; level++) {
    n1.len = n2.len = 0;
    uri_normalize(&n1, t, &tp, (uri_norm_level)level);
    uri_parts np;
    int ok = uri_parse(n1.ptr, n1.len, URI_RULE_IRI_REFERENCE, &np);
    if (ok) uri_normalize(&n2, n1.ptr, &np, (uri_norm_level)level);
    if (!check(ok && n1.len == n2.len && memcmp(n1.ptr, n2.ptr, n1.len) == 0))
      printf("FAIL normalize not idempotent: %.*s -> %.*s -> %.*s\n", (int)tn, t,
             (int)n1.len, n1.ptr, (int)n2.len, n2.ptr);
  }
  url_buf_free(&n1);
  url_buf_free(&n2);
  if (!uri_parse(b, bn, URI_RULE_IRI, &bp)) return 0;
  /* the target as resolution writes it (dot-segments removed) */
  url_buf abs = buf_new(), rel = buf_new(), back = buf_new();
  uri_resolve(&abs, b, &bp, t, &tp);
  uri_parts ap;
  if (uri_parse(abs.ptr, abs.len, URI_RULE_IRI, &ap)) {
    uri_relative(&rel, abs.ptr, &ap, b, &bp);
    int ok = resolve(&back, b, bn, rel.ptr, rel.len) && back.len == abs.len &&
             memcmp(back.ptr, abs.ptr, abs.len) == 0;
    (*checked)++;
    shorter = rel.len < abs.len;
    if (!check(ok))
      printf("FAIL relative(%.*s, %.*s) = %.*s resolves to %.*s\n", (int)abs.len,
             abs.ptr, (int)bn, b, (int)rel.len, rel.ptr, (int)back.len, back.ptr);
  } else {
    check_named(0, "a resolved target parses");
  }
  url_buf_free(&abs);
  url_buf_free(&rel);
  url_buf_free(&back);
  return shorter;
}

/* Relative references made from pieces, against bases made from pieces. */
static void test_generated(void) {
  const char *bases[] = {"http://a/b/c/d;p?q", "http://a", "http://a/", "foo:bar",
                         "foo:/", "foo:/a/b/", "foo:a/b", "http://u@a:8/x/y/z?q#f",
                         "file:///c:/x/y", "urn:a:b", "http://a/b//c/"};
  const char *parts[] = {"", "g", "..", ".", "/", "//", "?y", "#s", "g:h", "a:b",
                         "x/", "%2e", "./", "../", "/g", "//h", ";x", "@", "?", "#"};
  const size_t np = sizeof parts / sizeof *parts;
  int checked = 0, shorter = 0;
  char ref[64];
  for (size_t bi = 0; bi < sizeof bases / sizeof *bases; bi++)
    for (size_t i = 0; i < np; i++)
      for (size_t j = 0; j < np; j++)
        for (size_t k = 0; k < np; k++) {
          snprintf(ref, sizeof ref, "%s%s%s", parts[i], parts[j], parts[k]);
          /* every reference, and as the target, the base's scheme + it */
          shorter += properties(ref, strlen(ref), bases[bi], strlen(bases[bi]), &checked);
        }
  printf("generated references: relative round trip on %d, %d shorter\n", checked,
         shorter);
}

/* Every line of a real URL list as the target, against its predecessor as
   the base. */
static void test_real(const char *file) {
  size_t n;
  char *text = shared_read_all(file, &n);
  char *prev = NULL;
  size_t prevn = 0;
  int lines = 0, checked = 0, shorter = 0;
  for (char *p = text; p < text + n;) {
    char *e = memchr(p, '\n', (size_t)(text + n - p));
    if (!e) e = text + n;
    size_t len = (size_t)(e - p);
    if (len && p[len - 1] == '\r') len--;
    lines++;
    if (prev) shorter += properties(p, len, prev, prevn, &checked);
    prev = p;
    prevn = len;
    p = e + 1;
  }
  printf("%s: %d lines, relative round trip on %d, %d shorter\n", file, lines,
         checked, shorter);
  free(text);
}


/* ------------------------------------------------- URL Standard to RFC */

static int from_url_checked, from_url_valid;

/* u parsed by the URL Standard (against base, if any); when it is a valid
   URL, uri_from_href(href) must be a valid URI, and the same URL. */
static void check_from_url(const char *in, size_t n, const url *base) {
  char st[512];
  url u;
  url_init(&u, &url_mem_libc, st, sizeof st, (size_t)1 << 30);
  if (url_parse(&u, in, n, base) == URL_OK) {
    url_str h = url_href(&u);
    url_buf b = buf_new();
    uri_from_href(&b, h.s, h.n);
    uri_parts p;
    from_url_checked++;
    int ok = uri_parse(b.ptr, b.len, URI_RULE_URI, &p);
    from_url_valid += ok;
    if (!check(ok)) {
      printf("FAIL uri_from_url: ");
      json_print_str(h.s, h.n);
      printf(" -> ");
      json_print_str(b.ptr, b.len);
      printf(" at %zu\n", p.err_off);
    }
    /* what the URL Standard reads from it converts to the same URI (a
       fixed point: escaping changed nothing the URL Standard sees but
       the escapes themselves) */
    url v;
    char st2[512];
    url_init(&v, &url_mem_libc, st2, sizeof st2, (size_t)1 << 30);
    url_buf b2 = buf_new();
    int same = url_parse(&v, b.ptr, b.len, NULL) == URL_OK;
    if (same) {
      url_str h2 = url_href(&v);
      uri_from_href(&b2, h2.s, h2.n);
      same = b2.len == b.len && memcmp(b2.ptr, b.ptr, b.len) == 0;
    }
    if (!check(same)) {
      printf("FAIL uri_from_url not stable through the URL parser: ");
      json_print_str(b.ptr, b.len);
      printf(" -> ");
      json_print_str(b2.ptr, b2.len);
      printf("\n");
    }
    url_buf_free(&b2);
    url_free(&v);
    url_buf_free(&b);
  }
  url_free(&u);
}

static void test_from_url(void) {
  char path[4096];
  json_value *root = json_parse_file(shared_file(path, sizeof path, "wpt/urltestdata.json"));
  if (!check(root != NULL)) return;
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *c = json_at(root, i);
    size_t in_n, base_n;
    const char *in = json_str(json_get(c, "input"), &in_n);
    if (!in) continue;
    const char *bs = json_str(json_get(c, "base"), &base_n);
    if (!bs) {
      check_from_url(in, in_n, NULL);
      continue;
    }
    char st[512];
    url base;
    url_init(&base, &url_mem_libc, st, sizeof st, (size_t)1 << 30);
    if (url_parse(&base, bs, base_n, NULL) == URL_OK) check_from_url(in, in_n, &base);
    url_free(&base);
  }
  json_free(root);
  const char *files[] = {"data/kasztp.txt", "data/userbait.txt"};
  for (int f = 0; f < 2; f++) {
    size_t n;
    char *text = shared_read_all(files[f], &n);
    for (char *p = text; p < text + n;) {
      char *e = memchr(p, '\n', (size_t)(text + n - p));
      if (!e) e = text + n;
      check_from_url(p, (size_t)(e - p), NULL);
      p = e + 1;
    }
    free(text);
  }
  printf("uri_from_url: %d valid URLs (WPT urltestdata and data/), %d valid URIs\n",
         from_url_checked, from_url_valid);
}

/* ------------------------------------------------- JSON-Schema-Test-Suite */

/* An IRI s (p): uri_from_iri gives a valid URI, and uri_to_iri of that a
   valid IRI, s itself when s has no escape and no bidi mark. */
static void iri_round_trip(const char *s, size_t n, const uri_parts *p) {
  url_buf u = buf_new(), back = buf_new();
  uri_from_iri(&u, s, p, 0);
  uri_parts up, bp;
  int ok = uri_parse(u.ptr, u.len, p->rule == URI_RULE_IRI ? URI_RULE_URI
                                                            : URI_RULE_URI_REFERENCE, &up);
  if (ok) uri_to_iri(&back, u.ptr, &up, 0);
  ok = ok && uri_parse(back.ptr, back.len, (uri_rule)p->rule, &bp);
  if (ok && !memchr(s, '%', n) && !strstr(s, "\xe2\x80\x8f") && !strstr(s, "\xe2\x80\x8e"))
    ok = back.len == n && memcmp(back.ptr, s, n) == 0;
  if (!check(ok)) {
    printf("FAIL IRI round trip: ");
    json_print_str(s, n);
    printf(" -> ");
    json_print_str(u.ptr, u.len);
    printf(" -> ");
    json_print_str(back.ptr, back.len);
    printf("\n");
  }
  url_buf_free(&u);
  url_buf_free(&back);
}

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
      if (got && p.iri) iri_round_trip(s, n, &p);
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

/* The JSON-Schema-Test-Suite's format files and the rule each tests. */
static const struct {
  const char *file;
  uri_rule rule;
} SCHEMA_FILES[] = {
    {"json-schema-test-suite/uri.json", URI_RULE_URI},
    {"json-schema-test-suite/uri-reference.json", URI_RULE_URI_REFERENCE},
    {"json-schema-test-suite/iri.json", URI_RULE_IRI},
    {"json-schema-test-suite/iri-reference.json", URI_RULE_IRI_REFERENCE},
};

int main(void) {
  /* The project's own cases first, reported on their own: they need
     nothing from ../shared. */
  test_rules();
  test_components();
  test_errors();
  test_resolve();
  test_pct_normalize();
  test_normalize();
  test_generated();
  printf("own cases: %d checks, %d failing\n", passed + failed, failed);
  /* Then the third-party sections, each skipped (and said so) when its
     data is missing. */
  if (shared_have("spec/rfc3986.txt", "RFC 3986 section 5.4 examples"))
    test_rfc_examples();
  if (shared_have("data/kasztp.txt", "real URLs of data/kasztp.txt"))
    test_real("data/kasztp.txt");
  if (shared_have("data/userbait.txt", "real URLs of data/userbait.txt"))
    test_real("data/userbait.txt");
  if (shared_have("wpt/urltestdata.json", "uri_from_url over WPT urltestdata") &&
      shared_have("data/kasztp.txt", "uri_from_url over data/kasztp.txt") &&
      shared_have("data/userbait.txt", "uri_from_url over data/userbait.txt"))
    test_from_url();
  for (size_t i = 0; i < sizeof SCHEMA_FILES / sizeof SCHEMA_FILES[0]; i++)
    if (shared_have(SCHEMA_FILES[i].file, "JSON-Schema-Test-Suite format file"))
      test_json_schema(SCHEMA_FILES[i].file, SCHEMA_FILES[i].rule);
  return check_summary();
}
