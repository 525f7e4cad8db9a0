/*
** A Content-Type's charset (mime.h): the MIME Sniffing Standard's "parse a
** MIME type" (https://mimesniff.spec.whatwg.org/#parse-a-mime-type) up to
** its charset parameter, over bytes; and the transport layer's encoding
** that HTML's encoding sniffing takes from it.
*/
#include <string.h>

#include "encoding.h"
#include "mime.h"

/* https://fetch.spec.whatwg.org/#http-whitespace */
static int http_ws(unsigned char c) {
  return c == '\t' || c == '\n' || c == '\r' || c == ' ';
}

/* https://mimesniff.spec.whatwg.org/#http-token-code-point */
static int token_cp(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point:
   U+0009, U+0020 to U+007E, U+0080 to U+00FF (a byte of a header). */
static int quoted_token_cp(unsigned char c) {
  return c == '\t' || (c >= 0x20 && c != 0x7F);
}

static int all(const char *s, size_t n, int (*ok)(unsigned char)) {
  for (size_t i = 0; i < n; i++)
    if (!ok((unsigned char)s[i])) return 0;
  return 1;
}

/* Collect an HTTP quoted string with extract-value; out NULL: skip it. */
static void quoted_string(const char *s, size_t n, size_t *pos, url_buf *out) {
  size_t p = *pos + 1; /* 3-4. the opening '"' */
  for (;;) {
    /* 5.1 "Append the result of collecting a sequence of code points that
       are not U+0022 (") or U+005C (\) from input, given position, to
       value." */
    size_t from = p;
    while (p < n && s[p] != '"' && s[p] != '\\') p++;
    if (out) url_buf_append(out, s + from, p - from);
    if (p >= n) break; /* 5.2 past the end */
    char c = s[p++];   /* 5.3 quoteOrBackslash */
    if (c == '"') break; /* 5.5 */
    /* 5.4 a backslash: "If position is past the end of input, then append
       U+005C (\) to value and break.  Append the code point at position
       within input to value.  Advance position by 1." */
    if (p >= n) {
      if (out) url_buf_putc(out, '\\');
      break;
    }
    if (out) url_buf_putc(out, s[p]);
    p++;
  }
  *pos = p;
}

int html_http_quoted_string(const char *s, size_t n, size_t *pos,
                            url_buf *out) {
  quoted_string(s, n, pos, out);
  return out->err;
}

static int is_charset(const char *s, size_t n) {
  static const char name[] = "charset";
  if (n != sizeof name - 1) return 0;
  for (size_t i = 0; i < n; i++)
    if ((s[i] | 0x20) != name[i]) return 0;
  return 1;
}

int html_mime_charset(const char *s, size_t n, url_buf *out) {
  /* 1. "Remove any leading and trailing HTTP whitespace from input." */
  size_t pos = 0;
  while (pos < n && http_ws((unsigned char)s[pos])) pos++;
  while (n > pos && http_ws((unsigned char)s[n - 1])) n--;
  /* 3-4. type: up to "/"; empty or not all token code points: failure. */
  size_t from = pos;
  while (pos < n && s[pos] != '/') pos++;
  if (pos == from || !all(s + from, pos - from, token_cp)) return URL_FAILURE;
  /* 5-6. "If position is past the end of input, then return failure."
     Skip the "/". */
  if (pos >= n) return URL_FAILURE;
  pos++;
  /* 7-9. subtype: up to ";", trailing HTTP whitespace removed. */
  from = pos;
  while (pos < n && s[pos] != ';') pos++;
  size_t end = pos;
  while (end > from && http_ws((unsigned char)s[end - 1])) end--;
  if (end == from || !all(s + from, end - from, token_cp)) return URL_FAILURE;
  /* 11. The parameters. */
  size_t mark = out->len;
  while (pos < n) {
    pos++; /* 11.1 the ";" */
    /* 11.2 "Collect a sequence of code points that are HTTP whitespace." */
    while (pos < n && http_ws((unsigned char)s[pos])) pos++;
    /* 11.3-4 parameterName: up to ";" or "=", ASCII lowercase (charset is
       compared ASCII case-insensitively). */
    from = pos;
    while (pos < n && s[pos] != ';' && s[pos] != '=') pos++;
    int charset = is_charset(s + from, pos - from);
    /* 11.5 "If the code point at position within input is U+003B (;),
       then continue.  Advance position by 1." (the "=") */
    if (pos < n) {
      if (s[pos] == ';') continue;
      pos++;
    }
    if (pos >= n) break; /* 11.6 */
    if (s[pos] == '"') {
      /* 11.8 "Set parameterValue to the result of collecting an HTTP
         quoted string ... with extract-value set to true.  Collect a
         sequence of code points that are not U+003B (;)." */
      quoted_string(s, n, &pos, charset ? out : NULL);
      while (pos < n && s[pos] != ';') pos++;
      if (!charset) continue;
      if (out->err) return out->err;
    } else {
      /* 11.9 up to ";", trailing HTTP whitespace removed; "If
         parameterValue is the empty string, then continue." */
      from = pos;
      while (pos < n && s[pos] != ';') pos++;
      end = pos;
      while (end > from && http_ws((unsigned char)s[end - 1])) end--;
      if (end == from || !charset) continue;
      url_buf_append(out, s + from, end - from);
      if (out->err) return out->err;
    }
    /* 11.10 set only if the value is all HTTP quoted-string token code
       points and parameters["charset"] does not exist yet: the first valid
       one wins. */
    if (out->len == mark || all(out->ptr + mark, out->len - mark, quoted_token_cp))
      return URL_OK;
    url_buf_truncate(out, mark);
  }
  return URL_FAILURE;
}

/* https://infra.spec.whatwg.org/#ascii-whitespace, as "get an encoding"
   trims it. */
static int ascii_ws(unsigned char c) {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

int html_transport_encoding(const url_allocator *mem, const char *s, size_t n,
                            int *enc) {
  size_t pos = 0;
  while (pos < n && ascii_ws((unsigned char)s[pos])) pos++;
  if (pos >= n || s[pos] != '"') {
    *enc = url_encoding_get(s, n);
    return URL_OK;
  }
  /* A quoted label, as Content-Type parsing unquotes a parameter value
     (what follows the closing quote is dropped there too). */
  char st[64];
  url_buf label;
  url_buf_init(&label, mem, st, sizeof st, n);
  int rc = html_http_quoted_string(s, n, &pos, &label);
  *enc = rc == URL_OK ? url_encoding_get(label.ptr, label.len) : URL_ENC_NONE;
  url_buf_free(&label);
  return rc == URL_NOMEM ? URL_NOMEM : URL_OK;
}
