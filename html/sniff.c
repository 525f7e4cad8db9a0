/*
** Encoding sniffing (§13.2.3.2) and the <meta> prescan, over bytes; then
** the decode with the Encoding Standard (core/encoding.h).
*/
#include <string.h>

#include "sniff.h"
#include "utf8.h"

#define PRESCAN_LIMIT 1024

static int ws(int c) {
  return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}
static int alpha(int c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int starts_ci(const unsigned char *p, const unsigned char *end,
                     const char *w) {
  size_t n = strlen(w);
  if ((size_t)(end - p) < n) return 0;
  for (size_t i = 0; i < n; i++)
    if (lower(p[i]) != w[i]) return 0;
  return 1;
}

int html_meta_charset(const char *s, size_t n) {
  size_t pos = 0;
  for (;;) {
    /* "Loop: Find the first seven characters in s after position that are
       an ASCII case-insensitive match for the word "charset". If no such
       match is found, return nothing." */
    size_t i = pos;
    while (i + 7 <= n && !starts_ci((const unsigned char *)s + i,
                                    (const unsigned char *)s + n, "charset"))
      i++;
    if (i + 7 > n) return URL_ENC_NONE;
    pos = i + 7;
    /* "Skip any ASCII whitespace that immediately follow the word
       "charset" (there might not be any)." */
    while (pos < n && ws((unsigned char)s[pos])) pos++;
    /* "If the next character is not a U+003D EQUALS SIGN (=), then move
       position to point just before that next character, and jump back to
       the step labeled loop." */
    if (pos >= n || s[pos] != '=') continue;
    pos++;
    while (pos < n && ws((unsigned char)s[pos])) pos++;
    if (pos >= n) return URL_ENC_NONE;
    if (s[pos] == '"' || s[pos] == '\'') {
      /* "If there is a later corresponding matching quote ... return the
         result of getting an encoding from the substring that is between
         this character and the next earliest occurrence of this character."
         An unmatched quote: nothing. */
      const char *q = memchr(s + pos + 1, s[pos], n - pos - 1);
      if (!q) return URL_ENC_NONE;
      return url_encoding_get(s + pos + 1, (size_t)(q - (s + pos + 1)));
    }
    /* "Otherwise: Return the result of getting an encoding from the
       substring that consists of this character up to but not including the
       first ASCII whitespace or U+003B SEMICOLON character (;), or the end
       of s, whichever comes first." */
    size_t e = pos;
    while (e < n && !ws((unsigned char)s[e]) && s[e] != ';') e++;
    return url_encoding_get(s + pos, e - pos);
  }
}

/* An attribute the prescan's "get an attribute" read: name and value
   lowercased in fixed buffers (longer ones cannot be what the prescan
   looks for, so they are kept cut: their length still counts). */
typedef struct pattr {
  char name[16], value[PRESCAN_LIMIT];
  size_t nlen, vlen;
} pattr;

static void put(char *b, size_t cap, size_t *len, int c) {
  if (*len < cap) b[*len] = (char)c;
  (*len)++;
}

/* https://html.spec.whatwg.org/#concept-get-attributes-when-sniffing:
   returns 1 with an attribute, 0 if there is none (at '>'), -1 at the end
   of the bytes. */
static int get_attribute(const unsigned char **pp, const unsigned char *end,
                         pattr *a) {
  const unsigned char *p = *pp;
  /* 1. */
  while (p < end && (ws(*p) || *p == '/')) p++;
  if (p >= end) return -1;
  /* 2. */
  if (*p == '>') {
    *pp = p;
    return 0;
  }
  a->nlen = a->vlen = 0;
  /* 4. Attribute name. */
  for (;; p++) {
    if (p >= end) return -1;
    int c = *p;
    if (c == '=' && a->nlen > 0) {
      p++;
      goto value;
    }
    if (ws(c)) break;
    if (c == '/' || c == '>') {
      *pp = p;
      return 1;
    }
    put(a->name, sizeof a->name, &a->nlen, lower(c));
  }
  /* 5. Spaces. */
  while (p < end && ws(*p)) p++;
  if (p >= end) return -1;
  /* 6. */
  if (*p != '=') {
    *pp = p;
    return 1;
  }
  p++;
value:
  /* 8. */
  while (p < end && ws(*p)) p++;
  if (p >= end) return -1;
  /* 9. */
  if (*p == '"' || *p == '\'') {
    int q = *p++;
    for (;; p++) {
      if (p >= end) return -1;
      if (*p == q) {
        *pp = p + 1;
        return 1;
      }
      put(a->value, sizeof a->value, &a->vlen, lower(*p));
    }
  }
  if (*p == '>') {
    *pp = p;
    return 1;
  }
  put(a->value, sizeof a->value, &a->vlen, lower(*p++));
  /* 10. */
  for (;; p++) {
    if (p >= end) return -1;
    if (ws(*p) || *p == '>') {
      *pp = p;
      return 1;
    }
    put(a->value, sizeof a->value, &a->vlen, lower(*p));
  }
}

static int is_name(const pattr *a, const char *w) {
  size_t n = strlen(w);
  return a->nlen == n && memcmp(a->name, w, n) == 0;
}

/* The <meta> branch: attributes up to '>', then the decision.  Returns the
   encoding, URL_ENC_NONE to go on, or -2 at the end of the bytes. */
static int meta(const unsigned char **pp, const unsigned char *end) {
  /* Names seen: the prescan drops an attribute whose name it has seen
     (only these three matter). */
  int seen_he = 0, seen_content = 0, seen_charset = 0;
  int got_pragma = 0, need_pragma = -1, charset = URL_ENC_NONE;
  pattr a;
  for (;;) {
    int r = get_attribute(pp, end, &a);
    if (r < 0) return -2;
    if (r == 0) break;
    if (a.nlen > sizeof a.name) continue;
    if (is_name(&a, "http-equiv")) {
      if (seen_he++) continue;
      if (a.vlen == 12 && memcmp(a.value, "content-type", 12) == 0)
        got_pragma = 1;
    } else if (is_name(&a, "content")) {
      if (seen_content++) continue;
      if (a.vlen > sizeof a.value) continue;
      int e = html_meta_charset(a.value, a.vlen);
      if (e != URL_ENC_NONE && charset == URL_ENC_NONE) {
        charset = e;
        need_pragma = 1;
      }
    } else if (is_name(&a, "charset")) {
      if (seen_charset++) continue;
      charset = a.vlen > sizeof a.value ? URL_ENC_NONE
                                        : url_encoding_get(a.value, a.vlen);
      need_pragma = 0;
    }
  }
  /* "Processing: If need pragma is null, then jump to the step below
     labeled next byte. If need pragma is true but got pragma is false,
     then jump to the step below labeled next byte. If charset is failure,
     then jump to the step below labeled next byte." */
  if (need_pragma < 0 || (need_pragma == 1 && !got_pragma) ||
      charset == URL_ENC_NONE)
    return URL_ENC_NONE;
  /* "If charset is UTF-16BE/LE, then set charset to UTF-8. If charset is
     x-user-defined, then set charset to windows-1252." */
  if (charset == URL_ENC_UTF_16BE || charset == URL_ENC_UTF_16LE)
    return URL_ENC_UTF_8;
  if (charset == URL_ENC_X_USER_DEFINED) return URL_ENC_WINDOWS_1252;
  return charset;
}

int html_prescan(const unsigned char *s, size_t n) {
  const unsigned char *p = s, *end = s + (n < PRESCAN_LIMIT ? n : PRESCAN_LIMIT);
  while (p < end) {
    if (*p != '<') {
      p++;
      continue;
    }
    if (starts_ci(p, end, "<!--")) {
      /* "advance the position pointer so that it points at the first 0x3E
         byte which is preceded by two 0x2D bytes ... and comes after the
         0x3C byte that was found" */
      const unsigned char *q = p + 2;
      for (;;) {
        q = memchr(q, '>', (size_t)(end - q));
        if (!q) return URL_ENC_NONE;
        if (q - p >= 3 && q[-1] == '-' && q[-2] == '-') break;
        q++;
      }
      p = q + 1;
      continue;
    }
    if (starts_ci(p, end, "<meta") && end - p > 5 &&
        (ws(p[5]) || p[5] == '/')) {
      p += 6;
      int e = meta(&p, end);
      if (e == -2) return URL_ENC_NONE;
      if (e != URL_ENC_NONE) return e;
      p++; /* next byte */
      continue;
    }
    if (end - p >= 2 && (alpha(p[1]) || (p[1] == '/' && end - p >= 3 &&
                                          alpha(p[2])))) {
      /* A tag: "advance the position pointer so that it points at the next
         0x09, 0x0A, 0x0C, 0x0D, 0x20, or 0x3E byte"; its attributes are
         read and dropped. */
      p += 2;
      while (p < end && !ws(*p) && *p != '>') p++;
      pattr a;
      int r;
      while ((r = get_attribute(&p, end, &a)) == 1) {
      }
      if (r < 0) return URL_ENC_NONE;
      p++;
      continue;
    }
    if (end - p >= 2 && (p[1] == '!' || p[1] == '/' || p[1] == '?')) {
      const unsigned char *q = memchr(p + 2, '>', (size_t)(end - p - 2));
      if (!q) return URL_ENC_NONE;
      p = q + 1;
      continue;
    }
    p++;
  }
  return URL_ENC_NONE;
}

int html_sniff(const unsigned char *s, size_t n, int transport,
               size_t *bom_len, int *tentative) {
  *tentative = 0;
  int e = url_encoding_bom_sniff(s, n, bom_len);
  if (e != URL_ENC_NONE) return e;
  *bom_len = 0;
  if (transport != URL_ENC_NONE) return transport;
  *tentative = 1;
  e = html_prescan(s, n);
  return e != URL_ENC_NONE ? e : URL_ENC_WINDOWS_1252;
}

int html_decode(url_buf *out, int enc, const unsigned char *s, size_t n,
                size_t bom_len, const char **text, size_t *len) {
  s += bom_len;
  n -= bom_len;
  if (enc == URL_ENC_UTF_8)
    return url_utf8_sanitize((const char *)s, n, out, text, len);
  int rc = url_decode_bytes(out, enc, s, n);
  if (rc) return rc;
  *text = out->ptr ? out->ptr : "";
  *len = out->len;
  return URL_OK;
}

/* ------------------------------------------- tags back in the bytes */

/* ISO-2022-JP's states as far as '<' goes (its decoder, Encoding Standard
   §12.2.1): where a 0x3C byte is '<', where it is half of a jis0208
   character. */
enum { LT_TEXT, LT_LEAD, LT_TRAIL, LT_KATAKANA };

void html_lt_map_init(html_lt_map *m, int enc, const unsigned char *s,
                      size_t n, size_t bom_len) {
  m->s = s;
  m->n = n;
  m->enc = enc;
  m->bom = bom_len < n ? bom_len : n;
  m->at = m->bom;
  m->state = LT_TEXT;
  m->found = 0;
  m->last_k = (size_t)-1;
  m->last = n;
}

/* Whether the unit at m->at is a '<', stepping past the unit. */
static int lt_step(html_lt_map *m) {
  const unsigned char *s = m->s;
  size_t i = m->at;
  if (m->enc == URL_ENC_UTF_16LE || m->enc == URL_ENC_UTF_16BE) {
    m->at = i + 2 <= m->n ? i + 2 : m->n;
    if (i + 2 > m->n) return 0;
    return m->enc == URL_ENC_UTF_16LE ? s[i] == 0x3C && s[i + 1] == 0
                                      : s[i] == 0 && s[i + 1] == 0x3C;
  }
  m->at = i + 1;
  if (m->enc != URL_ENC_ISO_2022_JP) return s[i] == 0x3C;
  if (s[i] == 0x1B && i + 2 < m->n) {
    /* ESC ( B, ESC ( J: ASCII, Roman; ESC ( I: katakana; ESC $ @, ESC $ B:
       jis0208.  Another sequence is an error and its bytes are read
       again in the state it left. */
    unsigned char a = s[i + 1], b = s[i + 2];
    int next = a == 0x28 && (b == 0x42 || b == 0x4A) ? LT_TEXT
               : a == 0x28 && b == 0x49                ? LT_KATAKANA
               : a == 0x24 && (b == 0x40 || b == 0x42) ? LT_LEAD
                                                       : -1;
    if (next >= 0) {
      m->state = next;
      m->at = i + 3;
      return 0;
    }
  }
  switch (m->state) {
    case LT_TEXT: return s[i] == 0x3C;
    case LT_LEAD:
      if (s[i] >= 0x21 && s[i] <= 0x7E) m->state = LT_TRAIL;
      return 0;
    case LT_TRAIL: m->state = LT_LEAD; return 0;
    default: return 0; /* LT_KATAKANA: no '<' */
  }
}

size_t html_lt_source(html_lt_map *m, size_t k) {
  if (k == m->last_k) return m->last;
  if (k < m->found) html_lt_map_init(m, m->enc, m->s, m->n, m->bom);
  m->last_k = k;
  m->last = m->n;
  while (m->at < m->n) {
    size_t i = m->at;
    if (lt_step(m) && m->found++ == k) return m->last = i;
  }
  return m->n;
}
