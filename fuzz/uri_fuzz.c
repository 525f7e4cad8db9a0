/*
** libFuzzer target: the RFC 3986 / RFC 3987 functions (uri/).
**
** The input is parsed under every rule; the oracles: a match recomposes to
** the input (§5.3); a URI-reference is an IRI-reference; normalization is
** idempotent and gives an IRI-reference again; the input resolved against
** a few bases is an IRI, and uri_relative of that resolves back to it;
** uri_from_iri gives a URI, uri_to_iri of that an IRI-reference (also
** with 'idna'); setting every component to its own text (uri_set) gives
** the reference back; uri_equivalent's forms are URI-references and
** idempotent; the
** input parsed by the URL Standard (core/), its href made a URI
** (uri_from_url), is a URI; encoding then decoding gives the input back.  A violation
** prints the input and abort()s.
**
**   make fuzz   (fuzz/Makefile; seeds in fuzz/uri_corpus/)
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_libc.h"
#include "parse.h"
#include "uri.h"
#include "url_record.h"
#include "utf8.h"

static void fail(const char *what, const char *s, size_t n) {
  fprintf(stderr, "uri_fuzz: oracle: %s: ", what);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f) fputc(c, stderr);
    else fprintf(stderr, "\\x%02x", c);
  }
  fputc('\n', stderr);
  abort();
}

static void buf(url_buf *b) {
  url_buf_init(b, &url_mem_libc, NULL, 0, (size_t)-1);
}

/* A buffer's text, never NULL (an empty one may have no storage). */
#define TEXT(b) ((b).ptr ? (b).ptr : "")

static int same(const url_buf *b, const char *s, size_t n) {
  return b->len == n && (n == 0 || memcmp(b->ptr, s, n) == 0);
}

/* s as IRI-reference p: normalize twice, resolve and relativize. */
static void reference_oracles(const char *s, size_t n, const uri_parts *p) {
  url_buf a, b;
  for (int level = 0; level < 2; level++) {
    buf(&a);
    buf(&b);
    uri_normalize(&a, s, p, (uri_norm_level)level);
    uri_parts q;
    if (!uri_parse(TEXT(a), a.len, URI_RULE_IRI_REFERENCE, &q))
      fail("normalized is not an IRI-reference", s, n);
    uri_normalize(&b, TEXT(a), &q, (uri_norm_level)level);
    if (!same(&b, TEXT(a), a.len)) fail("normalize is not idempotent", s, n);
    url_buf_free(&a);
    url_buf_free(&b);
  }
  static const char *const bases[] = {"http://a/b/c/d;p?q", "foo:bar", "foo:/",
                                      "f://u@[::1]:1/x/"};
  for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
    uri_parts bp, tp, rp;
    const char *base = bases[i];
    uri_parse(base, strlen(base), URI_RULE_IRI, &bp);
    buf(&a);
    uri_resolve(&a, base, &bp, s, p);
    if (!uri_parse(TEXT(a), a.len, URI_RULE_IRI, &tp)) fail("resolved is not an IRI", s, n);
    buf(&b);
    uri_relative(&b, TEXT(a), &tp, base, &bp);
    url_buf c;
    buf(&c);
    if (!uri_parse(TEXT(b), b.len, URI_RULE_IRI_REFERENCE, &rp))
      fail("relative is not an IRI-reference", s, n);
    uri_resolve(&c, base, &bp, TEXT(b), &rp);
    if (!same(&c, TEXT(a), a.len)) fail("relative does not resolve back", s, n);
    url_buf_free(&a);
    url_buf_free(&b);
    url_buf_free(&c);
  }
  buf(&a);
  buf(&b);
  uri_from_iri(&a, s, p, 0);
  uri_parts u;
  if (!uri_parse(TEXT(a), a.len, URI_RULE_URI_REFERENCE, &u)) fail("from_iri is not a URI-reference", s, n);
  uri_to_iri(&b, TEXT(a), &u, 0);
  uri_parts v;
  if (!uri_parse(TEXT(b), b.len, URI_RULE_IRI_REFERENCE, &v)) fail("to_iri is not an IRI-reference", s, n);
  url_buf_free(&b);
  buf(&b);
  uri_to_iri(&b, TEXT(a), &u, 1);
  if (!uri_parse(TEXT(b), b.len, URI_RULE_IRI_REFERENCE, &v))
    fail("to_iri 'idna' is not an IRI-reference", s, n);
  url_buf_free(&a);
  url_buf_free(&b);
  /* every component set to its own text gives the reference back */
  uri_edit e;
  uri_edit_init(&e, s, p);
  for (int c = 0; c < URI_COMPONENT_COUNT; c++)
    if (uri_has(p, (uri_component)c)) uri_edit_set(&e, (uri_component)c, s + p->c[c].off, p->c[c].len);
  buf(&a);
  if (!uri_edit_write(&e, &a) || !same(&a, s, uri_length(p))) fail("uri_set of its own parts differs", s, n);
  url_buf_free(&a);
  /* equivalence forms are URI-references, and idempotent */
  for (int level = 0; level < 2; level++) {
    uri_parts q;
    buf(&a);
    buf(&b);
    uri_comparable(&a, s, p, (uri_norm_level)level);
    if (!uri_parse(TEXT(a), a.len, URI_RULE_URI_REFERENCE, &q)) fail("comparable is not a URI-reference", s, n);
    uri_comparable(&b, TEXT(a), &q, (uri_norm_level)level);
    if (!same(&b, TEXT(a), a.len)) fail("comparable is not idempotent", s, n);
    url_buf_free(&a);
    url_buf_free(&b);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *s = size ? (const char *)data : ""; /* (data is NULL when empty) */
  if (!size) data = (const uint8_t *)s;
  uri_parts p;
  for (int r = 0; r < URI_RULE_COUNT; r++) {
    if (!uri_parse(s, size, (uri_rule)r, &p)) {
      if (p.err_off > size) fail("error offset past the end", s, size);
      continue;
    }
    url_buf b;
    buf(&b);
    uri_recompose(&b, s, &p);
    if (!same(&b, s, size)) fail("recomposition differs", s, size);
    url_buf_free(&b);
  }
  int ref = uri_parse(s, size, URI_RULE_URI_REFERENCE, &p);
  uri_parts ip;
  int iref = uri_parse(s, size, URI_RULE_IRI_REFERENCE, &ip);
  if (ref && !iref) fail("a URI-reference that is no IRI-reference", s, size);
  if (iref) reference_oracles(s, size, &ip);
  /* a URL Standard href made a URI is a URI */
  url_buf a, b;
  if (url_utf8_valid_prefix(data, size) == size) {
    char st[256];
    url u;
    url_init(&u, &url_mem_libc, st, sizeof st, (size_t)1 << 24);
    if (url_parse(&u, s, size, NULL) == URL_OK) {
      url_str h = url_href(&u);
      buf(&a);
      uri_from_href(&a, h.s, h.n);
      if (!uri_parse(TEXT(a), a.len, URI_RULE_URI, &p)) fail("uri_from_url is not a URI", s, size);
      url_buf_free(&a);
    }
    url_free(&u);
  }
  /* encode, then decode, gives the bytes back, with every set that
     encodes '%' (form: one that writes no space as '+') */
  {
    for (int set = 0; set < URI_SET_COUNT; set++) {
      if (!uri_set_encodes((uri_set)set, '%') ||
          (set == URI_SET_FORM && memchr(s, ' ', size)))
        continue;
      buf(&a);
      buf(&b);
      uri_encode(&a, URL_ENC_UTF_8, s, size, (uri_set)set);
      uri_decode(&b, TEXT(a), a.len, URI_DECODE_ALL);
      if (!same(&b, s, size)) fail("decode(encode(x)) differs", s, size);
      url_buf_free(&a);
      url_buf_free(&b);
    }
  }
  for (int mode = 0; mode < URI_DECODE_COUNT; mode++) {
    buf(&a);
    uri_decode(&a, s, size, (uri_decode_mode)mode);
    if (a.len > size) fail("decoding grew", s, size);
    url_buf_free(&a);
  }
  return 0;
}
