/*
** The Encoding Standard from SQL (core/encoding.h): encodings by label, and
** the Standard's decode and encode for stored page bodies; and the one
** reader of an encoding argument, which the URL functions share
** (url_arg_encoding).
**
**   SELECT url_encoding('latin1');                       -- 'windows-1252'
**   SELECT url_encoding(' SJIS ');                       -- 'Shift_JIS'
**   SELECT url_encoding('utf-7');                        -- NULL
**   SELECT url_text_decode(x'48E9', 'latin1');           -- 'Hé'
**   SELECT url_text_decode(x'EFBBBF48C3A9', 'latin1');   -- 'Hé' (the BOM wins)
**   SELECT hex(url_text_encode('Hé', 'windows-1252'));  -- '48E9'
**   SELECT hex(url_text_encode('‽', 'shift_jis'));       -- '2623383235333B' (&#8253;)
**
** url_encoding(label): the name of the encoding the label stands for, as
**   the Standard writes it ("get an encoding": ASCII case-insensitive,
**   leading and trailing ASCII whitespace ignored), or NULL when it is no
**   label (the one function where an unknown label is not an error: it is
**   the question asked).
** url_text_decode(bytes, label): https://encoding.spec.whatwg.org/#decode:
**   a UTF-8, UTF-16BE or UTF-16LE byte order mark decides the encoding
**   (and is dropped), else the label's; malformed bytes become U+FFFD.
**   Text arguments are their UTF-8 bytes.  Returns text.
** url_text_encode(text, label): https://encoding.spec.whatwg.org/#encode
**   in the label's output encoding (UTF-8 for replacement, UTF-16BE and
**   UTF-16LE, as HTML's forms and the URL parser use it), with the
**   Standard's "html" error mode: a code point the encoding lacks is
**   written "&#N;".  Invalid UTF-8 in text is read as U+FFFD first.
**   Returns a blob.
**
** NULL in either argument gives NULL.  An unknown label is the error
** "FN: unknown encoding 'x'" for every function but url_encoding, also
** where the URL functions take an encoding argument (url_arg_encoding).
** Results longer than SQLITE_LIMIT_LENGTH are "string or blob too big".
*/
#include <stdint.h>

#include "encoding.h"
#include "ext.h"
#include "utf8.h"

/* The encoding the label v names (url_arg_label: TEXT and BLOB alike),
   URL_ENC_NONE for no label, in *enc.  Returns URL_OK, URL_FAILURE for
   NULL, or URL_NOMEM. */
static int value_label(sqlite3_value *v, int *enc) {
  const char *p;
  size_t n;
  *enc = URL_ENC_NONE;
  int rc = url_arg_label(v, &p, &n);
  if (rc == URL_OK) *enc = url_encoding_get(p, n);
  return rc;
}

int url_value_encoding(sqlite3_value *v, char **msg) {
  *msg = NULL;
  int enc, rc = value_label(v, &enc);
  if (rc == URL_FAILURE) return URL_ARG_NULL;
  if (rc != URL_OK) return URL_ARG_ERROR; /* no message: out of memory */
  if (enc != URL_ENC_NONE) return enc;
  sqlite3_str *str = sqlite3_str_new(NULL);
  sqlite3_str_appendall(str, "unknown encoding ");
  url_quote(str, v);
  *msg = sqlite3_str_finish(str);
  return URL_ARG_ERROR;
}

int url_arg_encoding(sqlite3_context *ctx, sqlite3_value **argv, int i) {
  /* A constant argument is looked up once per statement: the encoding + 1
     is kept as the auxdata pointer (nothing to free). */
  void *kept = sqlite3_get_auxdata(ctx, i);
  if (kept) return (int)((intptr_t)kept - 1);
  char *msg;
  int enc = url_value_encoding(argv[i], &msg);
  if (enc == URL_ARG_ERROR) {
    if (msg) url_error(ctx, "%s", msg);
    else sqlite3_result_error_nomem(ctx);
    sqlite3_free(msg);
  } else if (enc != URL_ARG_NULL) {
    sqlite3_set_auxdata(ctx, i, (void *)(intptr_t)(enc + 1), NULL);
  }
  return enc;
}

/* url_encoding(label) */
static void url_fn_encoding(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  int enc, rc = value_label(argv[0], &enc);
  if (rc != URL_OK && rc != URL_FAILURE)
    sqlite3_result_error_nomem(ctx);
  else if (enc == URL_ENC_NONE)
    sqlite3_result_null(ctx);
  else
    sqlite3_result_text(ctx, url_encoding_name(enc), -1, SQLITE_STATIC);
}

/* The result of a call that built bytes in c->out: a blob. */
static void result_blob(url_call *c, int rc) {
  if (rc == URL_OK) rc = c->out.err;
  if (rc == URL_OK)
    sqlite3_result_blob64(c->ctx, c->out.len ? c->out.ptr : "",
                          (sqlite3_uint64)c->out.len, SQLITE_TRANSIENT);
  else
    url_result(c->ctx, rc, NULL, 0);
  url_call_end(c);
}

int url_arg_decode_to(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                      int i) {
  if (i >= argc) return URL_ENC_UTF_8;
  const char *p;
  size_t n;
  int rc = url_arg_label(argv[i], &p, &n);
  if (rc == URL_FAILURE) return URL_ENC_UTF_8;
  if (rc != URL_OK) {
    sqlite3_result_error_nomem(ctx);
    return URL_ARG_ERROR;
  }
  if (n == 6 && url_ascii_case_eq(p, "binary", 6)) return URL_ENC_BINARY;
  return url_arg_encoding(ctx, argv, i);
}

void url_call_result_decoded(url_call *c, int rc, int enc) {
  if (rc == URL_OK) rc = c->out.err;
  if (rc != URL_OK || enc == URL_ENC_BINARY) {
    result_blob(c, rc);
    return;
  }
  const unsigned char *b = (const unsigned char *)(c->out.len ? c->out.ptr : "");
  size_t n = c->out.len;
  if (enc == URL_ENC_UTF_8 && url_utf8_valid_prefix(b, n) == n) {
    url_call_result(c, rc);
    return;
  }
  /* decoded (repaired) into c->host, a buffer the call does not use */
  c->host.len = 0;
  if (enc == URL_ENC_UTF_8) {
    const char *t;
    size_t tn;
    rc = url_utf8_sanitize((const char *)b, n, &c->host, &t, &tn);
  } else {
    rc = url_decode_bytes(&c->host, enc, b, n);
  }
  url_result_buf(c->ctx, rc, (url_str){c->host.ptr, c->host.len}, &c->host);
  url_call_end(c);
}

void url_call_decode(sqlite3_context *ctx, sqlite3_value *text, int enc,
                     url_decoder decode, int mode) {
  url_call c;
  url_call_begin(&c, ctx);
  url_arg in;
  int rc = url_arg_octets(&in, text, c.max);
  if (rc == URL_OK) decode(&c.out, in.s, in.n, mode);
  url_arg_free(&in);
  url_call_result_decoded(&c, rc, enc);
}

/* url_text_decode(bytes, label) and url_text_encode(text, label): the
   row argument is 1 for encode. */
static void url_fn_text_code(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  int enc = url_arg_encoding(ctx, argv, 1);
  if (enc == URL_ARG_ERROR) return;
  if (enc == URL_ARG_NULL || sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  url_call c;
  url_call_begin(&c, ctx);
  if (url_fn_arg(ctx)) {
    url_arg in;
    int rc = url_arg_read(&in, argv[0], c.max);
    if (rc == URL_OK)
      rc = url_encode_text(&c.out, url_encoding_output(enc), in.s, in.n,
                           URL_ENC_HTML);
    url_arg_free(&in);
    result_blob(&c, rc);
    return;
  }
  const char *p;
  size_t n;
  int rc = url_arg_bytes(argv[0], &p, &n);
  if (rc == URL_OK)
    rc = url_decode_text(&c.out, enc, (const unsigned char *)(p ? p : ""), n,
                         NULL);
  url_call_result(&c, rc);
}

static const url_func funcs[] = {
    {"url_encoding", 1, URL_PURE, 0, url_fn_encoding},
    {"url_text_decode", 2, URL_PURE, 0, url_fn_text_code},
    {"url_text_encode", 2, URL_PURE, 1, url_fn_text_code},
};

const url_family url_encoding_family = {funcs, URL_COUNT(funcs), NULL, 0};
