/*
** Validation errors: names, descriptions, the error list, and the URL-unit
** checks the parser states share (see url_errors.h).
*/
#include "url_errors.h"

#include <stddef.h>
#include <string.h>

#include "percent.h"
#include "url_buf.h"
#include "utf8.h"

/* The names and descriptions as one struct of char arrays each (a member
   per error type), the table holding their offsets: offsets, unlike
   pointers, need no relocation when the extension is loaded. */
static const struct names {
#define URL_ERROR_ROW_(id, name, desc, fails) char id[sizeof name];
  URL_ERROR_TYPES(URL_ERROR_ROW_)
#undef URL_ERROR_ROW_
} NAMES = {
#define URL_ERROR_ROW_(id, name, desc, fails) name,
    URL_ERROR_TYPES(URL_ERROR_ROW_)
#undef URL_ERROR_ROW_
};
static const struct descriptions {
#define URL_ERROR_ROW_(id, name, desc, fails) char id[sizeof desc];
  URL_ERROR_TYPES(URL_ERROR_ROW_)
#undef URL_ERROR_ROW_
} DESCRIPTIONS = {
#define URL_ERROR_ROW_(id, name, desc, fails) desc,
    URL_ERROR_TYPES(URL_ERROR_ROW_)
#undef URL_ERROR_ROW_
};

static const struct {
  unsigned short name, description; /* offsets in NAMES, DESCRIPTIONS */
  unsigned char fails;
} TYPES[URL_ERR_COUNT] = {
#define URL_ERROR_ROW_(id, name, desc, fails) \
  {offsetof(struct names, id), offsetof(struct descriptions, id), fails},
    URL_ERROR_TYPES(URL_ERROR_ROW_)
#undef URL_ERROR_ROW_
};

const char *url_error_name(url_error_type t) {
  return t < URL_ERR_COUNT ? (const char *)&NAMES + TYPES[t].name : NULL;
}

const char *url_error_description(url_error_type t) {
  return t < URL_ERR_COUNT ? (const char *)&DESCRIPTIONS + TYPES[t].description
                           : NULL;
}

int url_error_fails(url_error_type t) {
  return t < URL_ERR_COUNT ? TYPES[t].fails : 0;
}

void url_errors_init(url_errors *e, const url_allocator *mem) {
  e->v = e->stack;
  e->n = 0;
  e->cap = sizeof e->stack / sizeof e->stack[0];
  e->err = URL_OK;
  e->mem = mem;
}

void url_errors_free(url_errors *e) {
  if (e->v != e->stack) e->mem->release(e->v);
  url_errors_init(e, e->mem);
}

void url_errors_add(url_errors *e, url_error_type type, size_t pos) {
  if (e->err) return;
  if (e->n == e->cap) {
    url_validation_error *v;
    if (e->cap > SIZE_MAX / 2 / sizeof *v) {
      e->err = URL_NOMEM;
      return;
    }
    size_t cap = e->cap * 2;
    if (e->v == e->stack) {
      v = e->mem->alloc(cap * sizeof *v);
      if (v) memcpy(v, e->stack, e->n * sizeof *v);
    } else {
      v = e->mem->resize(e->v, cap * sizeof *v);
    }
    if (!v) {
      e->err = URL_NOMEM;
      return;
    }
    e->v = v;
    e->cap = cap;
  }
  e->v[e->n++] = (url_validation_error){pos, (unsigned char)type, 0};
}

/* ------------------------------------------------------------ URL units */

int url_next_is_url_code_point(const unsigned char *s, size_t n, size_t *i) {
  if (s[*i] < 0x80) return !(url_char_class[s[(*i)++]] & URL_CC_UNIT_CHECK);
  uint32_t c = url_utf8_next(s, n, i);
  /* U+00A0 to U+10FFFD, without surrogates (not in valid UTF-8) and
     noncharacters: U+FDD0..U+FDEF and the last two of each plane. */
  return c >= 0xA0 && c <= 0x10FFFD && !(c >= 0xFDD0 && c <= 0xFDEF) &&
         (c & 0xFFFE) != 0xFFFE;
}

void url_record_units(url_errors *e, const char *s, size_t from, size_t to,
                      size_t n, size_t at) {
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = from; i < to;) {
    size_t k = i;
    if (!(url_char_class[u[i]] & URL_CC_UNIT_CHECK)) {
      i++; /* an ASCII URL code point */
    } else if (u[i] == '%') {
      if (!(i + 2 < n && url_is_hex(u[i + 1]) && url_is_hex(u[i + 2])))
        url_errors_add(e, URL_ERR_INVALID_URL_UNIT, url_pos_at(at, k));
      i++;
    } else if (!url_next_is_url_code_point(u, n, &i)) {
      url_errors_add(e, URL_ERR_INVALID_URL_UNIT, url_pos_at(at, k));
    }
  }
}
