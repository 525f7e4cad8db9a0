/*
** libFuzzer target for html/: the document's encoding and decode, the
** tokenizer, the links walk and the <base> prescan, on any bytes.
**
** Oracles, besides ASan/UBSan (no out-of-bounds read, no leak):
**   - the tokens other than characters are the same with and without
**     character tokens (want_text only saves work);
**   - token offsets never go backwards and stay inside the document;
**   - every row's strings are valid UTF-8 and, with its offset, lie inside
**     what the walk read;
**   - the decoded document is valid UTF-8.
** A violation prints what differs and abort()s.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "links.h"
#include "mem_libc.h"
#include "sniff.h"
#include "utf8.h"

/* A digest of the non-character tokens: count and a running hash. */
typedef struct digest {
  size_t count, last_offset, n;
  uint64_t h;
  int backwards;
} digest;

static void mix(digest *d, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) d->h = (d->h ^ s[i]) * 1099511628211ULL;
}

static int on_token(void *ctx, html_tokenizer *t, const html_token *k) {
  digest *d = ctx;
  if (k->offset < d->last_offset || k->offset > d->n) d->backwards = 1;
  d->last_offset = k->offset;
  if (k->type == HTML_CHARACTER) return 0;
  d->count++;
  mix(d, &k->type, sizeof k->type);
  if (k->name) mix(d, k->name, k->name_len);
  for (size_t i = 0; i < k->nattrs; i++) {
    mix(d, k->attrs[i].name, k->attrs[i].name_len);
    mix(d, "=", 1);
    mix(d, k->attrs[i].value, k->attrs[i].value_len);
  }
  if (k->type == HTML_COMMENT) mix(d, k->data, k->len);
  (void)t;
  return 0;
}

static void fail(const char *what) {
  fprintf(stderr, "html_fuzz: oracle: %s\n", what);
  abort();
}

static void tokens(const char *s, size_t n, int text, digest *d) {
  html_tokenizer t;
  memset(d, 0, sizeof *d);
  d->n = n;
  html_tokenizer_init(&t, &url_mem_libc, s, n, on_token, d);
  t.want_text = text;
  if (html_tokenize(&t) != 0) fail("tokenizer error");
  html_tokenizer_free(&t);
  if (d->backwards) fail("token offsets go backwards or out of the document");
}

static int valid(const char *s, size_t n) {
  return url_utf8_valid_prefix((const unsigned char *)s, n) == n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t bom;
  int enc = html_encoding(&url_mem_libc, data, size, URL_ENC_NONE, &bom);
  url_buf b;
  char st[256];
  url_buf_init(&b, &url_mem_libc, st, sizeof st, (size_t)1 << 30);
  const char *text;
  size_t len;
  if (html_decode(&b, enc, data, size, bom, &text, &len) != URL_OK)
    fail("decode error");
  if (!valid(text, len)) fail("decoded text is not UTF-8");

  digest with, without;
  tokens(text, len, 1, &with);
  tokens(text, len, 0, &without);
  if (with.count != without.count || with.h != without.h)
    fail("tokens differ with and without character tokens");

  html_links w;
  const html_link *l;
  int rc;
  html_links_init(&w, &url_mem_libc, text, len);
  while ((rc = html_links_next(&w, &l)) == 1) {
    if (l->offset >= len) fail("row offset outside the document");
    if (!valid(l->raw, l->raw_len)) fail("row raw is not UTF-8");
    if (l->rel && !valid(l->rel, l->rel_len)) fail("row rel is not UTF-8");
    if (l->descriptor && !valid(l->descriptor, l->descriptor_len))
      fail("row descriptor is not UTF-8");
  }
  if (rc != 0) fail("walk error");
  html_links_free(&w);

  url_buf base;
  char bst[64];
  url_buf_init(&base, &url_mem_libc, bst, sizeof bst, (size_t)1 << 30);
  if (html_base_href(&url_mem_libc, text, len, &base) < 0) fail("base error");
  if (!valid(base.ptr ? base.ptr : "", base.len)) fail("base is not UTF-8");
  url_buf_free(&base);
  url_buf_free(&b);
  return 0;
}
