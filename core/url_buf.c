/*
** url_buf: growable buffer over caller storage (see url_buf.h).
*/
#include "url_buf.h"

int url_buf_grow(url_buf *b, size_t extra) {
  if (b->err) return b->err;
  if (extra > b->max || b->len > b->max - extra) return b->err = URL_TOOBIG;
  size_t need = b->len + extra;
  if (need <= b->cap) return 0;
  size_t cap = b->cap < 64 ? 64 : b->cap;
  while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
  /* Never room past max: appends that fit the capacity are not checked
     again, so a capacity over max would let the contents exceed it (and
     whether a result is too big would depend on the buffer's history). */
  if (cap > b->max) cap = b->max;
  char *p;
  if (b->ptr == b->stack) {
    p = b->mem->alloc(cap);
    if (p && b->len) memcpy(p, b->ptr, b->len);
  } else {
    p = b->mem->resize(b->ptr, cap);
  }
  if (!p) return b->err = URL_NOMEM;
  b->ptr = p;
  b->cap = cap;
  return 0;
}

void url_buf_put_utf8(url_buf *b, uint32_t cp) {
  char s[4];
  size_t n;
  if (cp < 0x80) {
    s[0] = (char)cp;
    n = 1;
  } else if (cp < 0x800) {
    s[0] = (char)(0xC0 | (cp >> 6));
    s[1] = (char)(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    s[0] = (char)(0xE0 | (cp >> 12));
    s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    s[2] = (char)(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    s[0] = (char)(0xF0 | (cp >> 18));
    s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    s[3] = (char)(0x80 | (cp & 0x3F));
    n = 4;
  }
  url_buf_append(b, s, n);
}
