/*
** application/x-www-form-urlencoded parsing and serializing, and the
** URLSearchParams list operations (see urlencoded.h).
*/
#include "urlencoded.h"

#include <string.h>

#include "encoding.h"
#include "percent.h"
#include "utf8.h"

#define PAIR_SIZE sizeof(url_sp_pair)

static url_sp_pair *pairs_of(url_search_params *p) {
  return (url_sp_pair *)(void *)p->pairs.ptr;
}

void url_sp_init(url_search_params *p, const url_allocator *mem, char *text,
                 size_t text_cap, url_sp_pair *pairs, size_t pair_cap,
                 size_t max) {
  if (max > UINT32_MAX) max = UINT32_MAX; /* offsets are 32-bit */
  url_buf_init(&p->text, mem, text, text_cap, max);
  /* A query string of at most `max` bytes has fewer than `max` + 1
     tuples; the array gets that limit. */
  size_t pmax = max < SIZE_MAX / PAIR_SIZE - 1 ? (max + 1) * PAIR_SIZE
                                               : SIZE_MAX;
  url_buf_init(&p->pairs, mem, (char *)pairs,
               pairs ? pair_cap * PAIR_SIZE : 0, pmax);
  p->count = 0;
}

void url_sp_free(url_search_params *p) {
  url_buf_free(&p->text);
  url_buf_free(&p->pairs);
  p->count = 0;
}

void url_sp_clear(url_search_params *p) {
  p->text.len = 0;
  p->pairs.len = 0;
  p->count = 0;
}

/* ------------------------------------------------------------ decoding */

int url_sp_decode(url_buf *out, const char *s, size_t n, int plus_as_space) {
  size_t start = out->len;
  int has_pct = memchr(s, '%', n) != NULL;
  if (!has_pct && !(plus_as_space && memchr(s, '+', n))) {
    url_buf_append(out, s, n); /* nothing to decode: already valid UTF-8 */
    return out->err;
  }
  url_pct_decode(out, s, n, plus_as_space);
  if (out->err || !has_pct) return out->err;
  /* Percent-decoding may have produced invalid UTF-8: repair it. */
  const unsigned char *d = (const unsigned char *)out->ptr + start;
  size_t dn = out->len - start;
  if (url_utf8_valid_prefix(d, dn) == dn) return URL_OK;
  char st[256];
  url_buf fix;
  url_buf_init_like(&fix, out, st, sizeof st, out->max);
  const char *r;
  size_t rn;
  int rc = url_utf8_sanitize((const char *)d, dn, &fix, &r, &rn);
  if (rc == URL_OK) {
    url_buf_truncate(out, start);
    url_buf_append(out, r, rn);
    rc = out->err;
  } else {
    out->err = rc;
  }
  url_buf_free(&fix);
  return rc;
}

int url_sp_decode_enc(url_buf *out, const char *s, size_t n,
                      int plus_as_space, int enc) {
  if (enc == URL_ENC_UTF_8) return url_sp_decode(out, s, n, plus_as_space);
  /* Percent-decode (the string's UTF-8 bytes), then decode those bytes in
     enc with replacement. */
  char st[256];
  url_buf bytes;
  url_buf_init_like(&bytes, out, st, sizeof st, out->max);
  url_pct_decode(&bytes, s, n, plus_as_space);
  int rc = bytes.err;
  if (rc == URL_OK)
    rc = url_decode_bytes(out, enc, (const unsigned char *)bytes.ptr,
                          bytes.len);
  if (rc != URL_OK) out->err = rc;
  url_buf_free(&bytes);
  return rc;
}

int url_sp_next_raw(const char *s, size_t n, size_t *pos, url_str *name,
                    url_str *value) {
  size_t i = *pos;
  while (i < n) {
    const char *amp = memchr(s + i, '&', n - i);
    size_t end = amp ? (size_t)(amp - s) : n;
    if (end == i) { /* an empty sequence */
      i++;
      continue;
    }
    const char *seq = s + i, *eq = memchr(seq, '=', end - i);
    if (eq) {
      name->s = seq;
      name->n = (size_t)(eq - seq);
      value->s = eq + 1;
      value->n = end - i - name->n - 1;
    } else {
      name->s = seq;
      name->n = end - i;
      value->s = seq + name->n;
      value->n = 0;
    }
    *pos = end < n ? end + 1 : n;
    return 1;
  }
  *pos = n;
  return 0;
}

int url_sp_push(url_search_params *p, size_t name, size_t name_n,
                size_t value, size_t value_n) {
  if (url_buf_reserve(&p->pairs, PAIR_SIZE)) return p->pairs.err;
  url_sp_pair *t = pairs_of(p) + p->count;
  t->name = (uint32_t)name;
  t->name_len = (uint32_t)name_n;
  t->value = (uint32_t)value;
  t->value_len = (uint32_t)value_n;
  p->pairs.len += PAIR_SIZE;
  p->count++;
  return URL_OK;
}

int url_sp_parse(url_search_params *p, const char *s, size_t n) {
  return url_sp_parse_enc(p, s, n, URL_ENC_UTF_8);
}

int url_sp_parse_enc(url_search_params *p, const char *s, size_t n, int enc) {
  int rc = url_sp_error(p);
  size_t pos = 0;
  url_str name, value;
  while (rc == URL_OK && url_sp_next_raw(s, n, &pos, &name, &value)) {
    size_t a = p->text.len;
    url_sp_decode_enc(&p->text, name.s, name.n, 1, enc);
    size_t b = p->text.len;
    rc = url_sp_decode_enc(&p->text, value.s, value.n, 1, enc);
    if (rc == URL_OK) rc = url_sp_push(p, a, b - a, b, p->text.len - b);
  }
  return rc;
}

int url_sp_parse_url(url_search_params *p, const url *u) {
  url_str q = url_query(u);
  if (!q.s) return url_sp_error(p);
  return url_sp_parse(p, q.s, q.n);
}

int url_sp_get_in(const char *s, size_t n, const char *name, size_t name_n,
                  url_buf *out) {
  char st[256];
  url_buf dec;
  url_buf_init_like(&dec, out, st, sizeof st, out->max);
  size_t pos = 0;
  url_str rn, rv;
  int rc = URL_FAILURE;
  while (url_sp_next_raw(s, n, &pos, &rn, &rv)) {
    const char *cand = rn.s;
    size_t cand_n = rn.n;
    if (memchr(rn.s, '%', rn.n) || memchr(rn.s, '+', rn.n)) {
      dec.len = 0;
      if (url_sp_decode(&dec, rn.s, rn.n, 1) != URL_OK) {
        rc = dec.err;
        break;
      }
      cand = dec.ptr;
      cand_n = dec.len;
    }
    if (cand_n == name_n && (name_n == 0 || !memcmp(cand, name, name_n))) {
      rc = url_sp_decode(out, rv.s, rv.n, 1);
      break;
    }
  }
  url_buf_free(&dec);
  return rc;
}

/* ---------------------------------------------------------- operations */

/* Appends s[0..n) to the text; returns its offset (valid if no error). */
static size_t put_text(url_search_params *p, const char *s, size_t n) {
  size_t at = p->text.len;
  url_buf_append(&p->text, s, n);
  return at;
}

int url_sp_append(url_search_params *p, const char *name, size_t name_n,
                  const char *value, size_t value_n) {
  int rc = url_sp_error(p);
  if (rc) return rc;
  size_t a = put_text(p, name, name_n);
  size_t b = put_text(p, value, value_n);
  if ((rc = p->text.err) != URL_OK) return rc;
  return url_sp_push(p, a, name_n, b, value_n);
}

static int str_eq(const url_search_params *p, uint32_t off, uint32_t len,
                  const char *s, size_t n) {
  return len == n && (n == 0 || !memcmp(p->text.ptr + off, s, n));
}

int url_sp_delete(url_search_params *p, const char *name, size_t name_n,
                  const char *value, size_t value_n) {
  int rc = url_sp_error(p);
  if (rc) return rc;
  url_sp_pair *t = pairs_of(p);
  size_t w = 0;
  for (size_t r = 0; r < p->count; r++) {
    int match = str_eq(p, t[r].name, t[r].name_len, name, name_n) &&
                (!value || str_eq(p, t[r].value, t[r].value_len, value, value_n));
    if (!match) t[w++] = t[r];
  }
  p->count = w;
  p->pairs.len = w * PAIR_SIZE;
  return URL_OK;
}

ptrdiff_t url_sp_find(const url_search_params *p, const char *name,
                      size_t name_n) {
  const url_sp_pair *t = url_sp_at(p, 0);
  for (size_t i = 0; i < p->count; i++)
    if (str_eq(p, t[i].name, t[i].name_len, name, name_n)) return (ptrdiff_t)i;
  return -1;
}

int url_sp_set(url_search_params *p, const char *name, size_t name_n,
               const char *value, size_t value_n) {
  int rc = url_sp_error(p);
  if (rc) return rc;
  ptrdiff_t first = url_sp_find(p, name, name_n);
  if (first < 0) return url_sp_append(p, name, name_n, value, value_n);
  size_t v = put_text(p, value, value_n);
  if ((rc = p->text.err) != URL_OK) return rc;
  url_sp_pair *t = pairs_of(p);
  t[first].value = (uint32_t)v;
  t[first].value_len = (uint32_t)value_n;
  size_t w = (size_t)first + 1;
  for (size_t r = w; r < p->count; r++)
    if (!str_eq(p, t[r].name, t[r].name_len, name, name_n)) t[w++] = t[r];
  p->count = w;
  p->pairs.len = w * PAIR_SIZE;
  return URL_OK;
}

/* ---------------------------------------------------------------- sort */

/*
** UTF-8 byte order is code point order, which is UTF-16 code unit order
** except where a supplementary code point (UTF-16: a surrogate pair, lead
** unit 0xD800-0xDBFF; UTF-8 lead byte 0xF0-0xF4) meets one in
** U+E000-U+FFFF (UTF-8 lead byte 0xEE or 0xEF): there the supplementary one
** comes first in UTF-16.  So compare bytes, and look at the lead bytes of the
** first differing code point only to catch that case.
*/
int url_sp_utf16_cmp(const char *a, size_t an, const char *b, size_t bn) {
  const unsigned char *x = (const unsigned char *)a;
  const unsigned char *y = (const unsigned char *)b;
  size_t m = an < bn ? an : bn, i = 0;
  while (i < m && x[i] == y[i]) i++;
  if (i == m) return an < bn ? -1 : an > bn;
  /* Back up to the lead byte of the code point where they differ (the
     same in both, since they agree up to i). */
  size_t k = i;
  while (k > 0 && (x[k] & 0xC0) == 0x80) k--;
  unsigned char la = x[k], lb = y[k];
  int sa = la >= 0xF0, sb = lb >= 0xF0;
  int ea = la == 0xEE || la == 0xEF, eb = lb == 0xEE || lb == 0xEF;
  if (sa && eb) return -1;
  if (sb && ea) return 1;
  return x[i] < y[i] ? -1 : 1;
}

static int name_cmp(const char *text, const url_sp_pair *a,
                    const url_sp_pair *b) {
  return url_sp_utf16_cmp(text + a->name, a->name_len, text + b->name,
                          b->name_len);
}

#define SORT_RUN 16          /* insertion-sorted run length */
#define SORT_STACK 128       /* scratch elements on the stack */

/* Stable insertion sort of t[0..n). */
static void insertion_sort(const char *text, url_sp_pair *t, size_t n,
                           url_sp_cmp cmp) {
  for (size_t i = 1; i < n; i++) {
    url_sp_pair x = t[i];
    size_t j = i;
    while (j > 0 && cmp(text, &t[j - 1], &x) > 0) {
      t[j] = t[j - 1];
      j--;
    }
    t[j] = x;
  }
}

/* Merges the sorted runs src[lo..mid) and src[mid..hi) into dst[lo..hi). */
static void merge(const char *text, const url_sp_pair *src, url_sp_pair *dst,
                  size_t lo, size_t mid, size_t hi, url_sp_cmp cmp) {
  size_t i = lo, j = mid, k = lo;
  if (mid < hi && mid > lo && cmp(text, &src[mid - 1], &src[mid]) <= 0) {
    memcpy(dst + lo, src + lo, (hi - lo) * PAIR_SIZE); /* already in order */
    return;
  }
  while (i < mid && j < hi) {
    /* Take from the right only when strictly smaller: stability. */
    if (cmp(text, &src[j], &src[i]) < 0) dst[k++] = src[j++];
    else dst[k++] = src[i++];
  }
  if (i < mid) memcpy(dst + k, src + i, (mid - i) * PAIR_SIZE);
  if (j < hi) memcpy(dst + k, src + j, (hi - j) * PAIR_SIZE);
}

int url_sp_sort(url_search_params *p) { return url_sp_sort_by(p, name_cmp); }

int url_sp_sort_by(url_search_params *p, url_sp_cmp cmp) {
  int rc = url_sp_error(p);
  if (rc) return rc;
  size_t n = p->count;
  url_sp_pair *t = pairs_of(p);
  const char *text = p->text.ptr;
  for (size_t lo = 0; lo < n; lo += SORT_RUN)
    insertion_sort(text, t + lo, n - lo < SORT_RUN ? n - lo : SORT_RUN, cmp);
  if (n <= SORT_RUN) return URL_OK;

  url_sp_pair st[SORT_STACK];
  url_sp_pair *tmp = st;
  if (n > SORT_STACK) {
    /* n * PAIR_SIZE fits: the array does */
    tmp = p->pairs.mem->alloc(n * PAIR_SIZE);
    if (!tmp) return p->pairs.err = URL_NOMEM;
  }
  url_sp_pair *src = t, *dst = tmp;
  for (size_t w = SORT_RUN; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n;
      size_t hi = mid + w < n ? mid + w : n;
      merge(text, src, dst, lo, mid, hi, cmp);
    }
    url_sp_pair *x = src;
    src = dst;
    dst = x;
  }
  if (src != t) memcpy(t, src, n * PAIR_SIZE);
  if (tmp != st) p->pairs.mem->release(tmp);
  return URL_OK;
}

/* --------------------------------------------------------- serializing */

int url_sp_serialize(const url_search_params *p, url_buf *out) {
  return url_sp_serialize_enc(p, out, URL_ENC_UTF_8);
}

int url_sp_serialize_enc(const url_search_params *p, url_buf *out, int enc) {
  int rc = url_sp_error(p);
  if (rc) return out->err = rc;
  /* "Set encoding to the result of getting an output encoding from
     encoding." */
  enc = url_encoding_output(enc);
  const url_sp_pair *t = url_sp_at(p, 0);
  const char *text = p->text.ptr;
  for (size_t i = 0; i < p->count && !out->err; i++) {
    if (i) url_buf_putc(out, '&');
    url_pct_encode_after(out, enc, text + t[i].name, t[i].name_len,
                         &URL_SET_FORM, 1);
    url_buf_putc(out, '=');
    url_pct_encode_after(out, enc, text + t[i].value, t[i].value_len,
                         &URL_SET_FORM, 1);
  }
  return out->err;
}

int url_sp_update(const url *u, const url_search_params *p, url *out) {
  return url_sp_update_enc(u, p, out, URL_ENC_UTF_8);
}

int url_sp_update_enc(const url *u, const url_search_params *p, url *out,
                      int enc) {
  char st[512];
  url_buf q;
  url_buf_init_like(&q, &out->href, st, sizeof st, out->href.max);
  int rc = url_sp_serialize_enc(p, &q, enc);
  if (rc == URL_OK) {
    /* An empty serialization makes the query null: no '?'.  The older
       "potentially strip trailing spaces from an opaque path" step has
       nothing to do: as in the current Standard (and WPT), the parser writes
       a space that ends an opaque path before '?' or '#' as "%20"
       (core/url.c), so an opaque path never ends in a space here. */
    url_parts parts;
    url_get_parts(u, &parts);
    parts.query.s = q.len ? q.ptr : NULL;
    parts.query.n = q.len;
    rc = url_build(out, &parts);
  }
  url_buf_free(&q);
  return rc;
}
