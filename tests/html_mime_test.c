/*
** A Content-Type's charset and the transport encoding (html/mime.c): the
** MIME Sniffing Standard's examples and edge cases, then every sequence of
** up to 5 pieces (quotes, backslashes, ";", "=", whitespace, "charset", a
** control and a non-ASCII byte, ...) against a second, literal reading of
** "parse a MIME type" that builds the whole parameter map; then the
** transport encoding's labels.
*/
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "encoding.h"
#include "mem_libc.h"
#include "mime.h"

/* html_mime_charset of s as a C string: "(null)" when there is none. */
static const char *charset(const char *s, size_t n, char *out, size_t cap) {
  url_buf b;
  url_buf_init(&b, &url_mem_libc, NULL, 0, (size_t)1 << 20);
  int rc = html_mime_charset(s, n, &b);
  if (rc == URL_OK && b.len < cap) {
    memcpy(out, b.ptr ? b.ptr : "", b.len);
    out[b.len] = '\0';
  } else {
    snprintf(out, cap, rc == URL_FAILURE ? "(null)" : "(error %d)", rc);
  }
  url_buf_free(&b);
  return out;
}

static void case_(const char *in, const char *want) {
  char got[256];
  charset(in, strlen(in), got, sizeof got);
  if (!check(strcmp(got, want ? want : "(null)") == 0))
    printf("FAIL charset of [%s]: got [%s] want [%s]\n", in, got,
           want ? want : "(null)");
}

/* ------------------------------------- the literal reading, as an oracle */

static int ws(int c) { return c == '\t' || c == '\n' || c == '\r' || c == ' '; }
static int tok(int c) {
  return c > 0 && c < 128 &&
         ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
          (c >= 'A' && c <= 'Z') || strchr("!#$%&'*+-.^_`|~", c));
}
static int qtok(int c) { return c == '\t' || (c >= 0x20 && c <= 0x7E) || c >= 0x80; }

/* The spec's steps with every parameter kept (names lowercased, first
   wins), then parameters["charset"]. */
static const char *oracle(const unsigned char *in, size_t n, char *out) {
  char names[16][64], values[16][64];
  int count = 0;
  size_t a = 0, b = n;
  while (a < b && ws(in[a])) a++;
  while (b > a && ws(in[b - 1])) b--;
  size_t p = a, t = p;
  while (p < b && in[p] != '/') p++;
  if (p == t) return "(null)";
  for (size_t i = t; i < p; i++) if (!tok(in[i])) return "(null)";
  if (p >= b) return "(null)";
  p++;
  size_t s = p;
  while (p < b && in[p] != ';') p++;
  size_t e = p;
  while (e > s && ws(in[e - 1])) e--;
  if (e == s) return "(null)";
  for (size_t i = s; i < e; i++) if (!tok(in[i])) return "(null)";
  while (p < b) {
    p++;
    while (p < b && ws(in[p])) p++;
    char name[64];
    size_t nn = 0;
    while (p < b && in[p] != ';' && in[p] != '=') {
      int c = in[p++];
      name[nn++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    name[nn] = '\0';
    if (p < b) {
      if (in[p] == ';') continue;
      p++;
    }
    if (p >= b) break;
    char value[64];
    size_t vn = 0;
    if (in[p] == '"') {
      p++;
      for (;;) {
        while (p < b && in[p] != '"' && in[p] != '\\') value[vn++] = (char)in[p++];
        if (p >= b) break;
        int q = in[p++];
        if (q == '\\') {
          if (p >= b) { value[vn++] = '\\'; break; }
          value[vn++] = (char)in[p++];
        } else {
          break;
        }
      }
      while (p < b && in[p] != ';') p++;
    } else {
      while (p < b && in[p] != ';') value[vn++] = (char)in[p++];
      while (vn > 0 && ws((unsigned char)value[vn - 1])) vn--;
      if (vn == 0) continue;
    }
    value[vn] = '\0';
    int ok = nn > 0;
    for (size_t i = 0; i < nn; i++) ok = ok && tok((unsigned char)name[i]);
    for (size_t i = 0; i < vn; i++) ok = ok && qtok((unsigned char)value[i]);
    for (int k = 0; k < count; k++) ok = ok && strcmp(names[k], name) != 0;
    if (ok && count < 16) {
      strcpy(names[count], name);
      memcpy(values[count], value, vn + 1);
      count++;
    }
  }
  for (int k = 0; k < count; k++)
    if (strcmp(names[k], "charset") == 0) return strcpy(out, values[k]);
  return "(null)";
}

static const char *const PIECES[] = {
    "text/html", "/", ";", "=", "\"", "\\", " ", "\t", "charset",
    "CharSet", "x", "\xc3\xa9", "\n", "\x01", "a;b"};
#define N_PIECES (sizeof PIECES / sizeof PIECES[0])

static void sequences(void) {
  int p0 = passed, f0 = failed;
  size_t idx[5];
  for (int len = 1; len <= 5; len++) {
    memset(idx, 0, sizeof idx);
    for (;;) {
      char in[64];
      size_t n = 0;
      for (int i = 0; i < len; i++) {
        size_t k = strlen(PIECES[idx[i]]);
        memcpy(in + n, PIECES[idx[i]], k);
        n += k;
      }
      char got[256], want[64];
      /* A prefix "text/html;" too, so most sequences reach parameters. */
      for (int pre = 0; pre < 2; pre++) {
        char s[80];
        size_t sn = 0;
        if (pre) { memcpy(s, "text/html;", 10); sn = 10; }
        memcpy(s + sn, in, n);
        sn += n;
        charset(s, sn, got, sizeof got);
        const char *w = oracle((const unsigned char *)s, sn, want);
        if (!check(strcmp(got, w) == 0) && failed - f0 <= 10)
          printf("FAIL sequence [%.*s]: got [%s] want [%s]\n", (int)sn, s, got, w);
      }
      int i = len - 1;
      while (i >= 0 && ++idx[i] == N_PIECES) idx[i--] = 0;
      if (i < 0) break;
    }
  }
  printf("charset: %d sequences of up to 5 pieces agree with the literal reading (%d failed)\n",
         passed - p0, failed - f0);
}

static void transport(const char *label, int want) {
  int enc = -2;
  int rc = html_transport_encoding(&url_mem_libc, label, strlen(label), &enc);
  if (!check(rc == URL_OK && enc == want))
    printf("FAIL transport [%s]: got %d (rc %d) want %d\n", label, enc, rc, want);
}

int main(void) {
  /* https://mimesniff.spec.whatwg.org/#parsing-a-mime-type's example and
     the Content-Types. */
  case_("text/html;charset=gbk", "gbk");
  case_("text/html; charset=\"UTF-8\"", "UTF-8");
  case_("text/plain; charset=ISO-8859-1; format=flowed", "ISO-8859-1");
  case_("text/html; charset=", NULL);
  case_("text/html;charset=\"\"", "");
  case_("text/html;charset=gbk;charset=utf-8", "gbk");
  case_("text/html;CHARSET=\"shift_jis\"garbage", "shift_jis");
  case_("text/html;charset=\"a\\\"b\\\\c\"", "a\"b\\c");
  case_("text/html;charset=\"gbk\\", "gbk\\");
  case_("text/html;x=\"a;charset=b\";charset=c", "c");
  case_("text/html;charset;charset=gbk", "gbk");
  case_("text/html;charset =gbk", NULL);
  case_(" \ttext/html ;charset=gbk \t", "gbk");
  case_("text/html;charset=gbk \t ;x", "gbk");
  case_("text/html;charset=\"a\x01\";charset=b", "b");
  case_("text/html;charset=a\x7f;charset=b", "b");
  case_("text/html", NULL);
  case_("text/;charset=gbk", NULL);
  case_("/html;charset=gbk", NULL);
  case_("text;charset=gbk", NULL);
  case_("te(t/html;charset=gbk", NULL);
  case_("text/html(;charset=gbk", NULL);
  case_("", NULL);
  case_("charset=gbk", NULL);
  /* Embedded NUL is data (not a token or quoted-string code point). */
  {
    char got[64];
    static const char s[] = "text/html;charset=a\0b;charset=c";
    charset(s, sizeof s - 1, got, sizeof got);
    check_named(strcmp(got, "c") == 0, "NUL in a value makes it invalid");
  }
  /* Fetch's quoted string alone: the position after it. */
  {
    url_buf b;
    url_buf_init(&b, &url_mem_libc, NULL, 0, 64);
    size_t pos = 0;
    const char *s = "\"a\\\"b\"rest";
    html_http_quoted_string(s, strlen(s), &pos, &b);
    check_named(b.len == 3 && memcmp(b.ptr, "a\"b", 3) == 0 && pos == 6,
                "quoted string value and position");
    url_buf_free(&b);
  }
  /* Out of memory (a buffer with a limit of 2 bytes): the error, not a cut
     value. */
  {
    url_buf b;
    url_buf_init(&b, &url_mem_libc, NULL, 0, 2);
    int rc = html_mime_charset("text/html;charset=utf-8", 23, &b);
    check_named(rc == URL_TOOBIG, "a charset longer than the buffer's limit");
    url_buf_free(&b);
  }
  sequences();

  transport("utf-8", URL_ENC_UTF_8);
  transport("\"UTF-8\"", URL_ENC_UTF_8);
  transport("  \"koi8\\-r\" ", URL_ENC_KOI8_R);
  transport("\"latin1\"; x", URL_ENC_WINDOWS_1252);
  transport("\" gbk \"", URL_ENC_GBK);
  transport("\"utf-8", URL_ENC_UTF_8);
  transport("bogus", URL_ENC_NONE);
  transport("\"bogus\"", URL_ENC_NONE);
  transport("", URL_ENC_NONE);
  transport("\"\"", URL_ENC_NONE);
  transport("'utf-8'", URL_ENC_NONE);
  return check_summary();
}
