/*
** The WHATWG Encoding Standard (https://encoding.spec.whatwg.org/): its
** encodings and labels, an encoder and a decoder for each.  encoding.c holds
** the algorithms; encoding_tables.c the indexes, generated from
** ../shared/encoding/index-*.txt by tools/gen_encoding_tables.py (BSD-3
** notice inside).  Read-only tables, no state outside the caller's structs.
**
** Text on the UTF-8 side is always valid UTF-8 (callers repair first);
** bytes on the other side are any bytes.
*/
#ifndef URL_ENCODING_H
#define URL_ENCODING_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

/* Every encoding, in encodings.json's order. */
typedef enum url_encoding {
  URL_ENC_UTF_8 = 0,
  /* Legacy single-byte encodings */
  URL_ENC_IBM866,
  URL_ENC_ISO_8859_2,
  URL_ENC_ISO_8859_3,
  URL_ENC_ISO_8859_4,
  URL_ENC_ISO_8859_5,
  URL_ENC_ISO_8859_6,
  URL_ENC_ISO_8859_7,
  URL_ENC_ISO_8859_8,
  URL_ENC_ISO_8859_8_I,
  URL_ENC_ISO_8859_10,
  URL_ENC_ISO_8859_13,
  URL_ENC_ISO_8859_14,
  URL_ENC_ISO_8859_15,
  URL_ENC_ISO_8859_16,
  URL_ENC_KOI8_R,
  URL_ENC_KOI8_U,
  URL_ENC_MACINTOSH,
  URL_ENC_WINDOWS_874,
  URL_ENC_WINDOWS_1250,
  URL_ENC_WINDOWS_1251,
  URL_ENC_WINDOWS_1252,
  URL_ENC_WINDOWS_1253,
  URL_ENC_WINDOWS_1254,
  URL_ENC_WINDOWS_1255,
  URL_ENC_WINDOWS_1256,
  URL_ENC_WINDOWS_1257,
  URL_ENC_WINDOWS_1258,
  URL_ENC_X_MAC_CYRILLIC,
  /* Legacy multi-byte encodings */
  URL_ENC_GBK,
  URL_ENC_GB18030,
  URL_ENC_BIG5,
  URL_ENC_EUC_JP,
  URL_ENC_ISO_2022_JP,
  URL_ENC_SHIFT_JIS,
  URL_ENC_EUC_KR,
  /* Legacy miscellaneous encodings */
  URL_ENC_REPLACEMENT,
  URL_ENC_UTF_16BE,
  URL_ENC_UTF_16LE,
  URL_ENC_X_USER_DEFINED,
  URL_ENC_COUNT
} url_encoding;

#define URL_ENC_NONE (-1) /* no such encoding (an unknown label) */

/* https://encoding.spec.whatwg.org/#concept-encoding-get: label[0..n)
   with ASCII whitespace trimmed, ASCII case-insensitive; URL_ENC_NONE if
   it is no label. */
int url_encoding_get(const char *label, size_t n);

/* The encoding's name as the Standard writes it ("windows-1252",
   "Shift_JIS", "UTF-8"). */
const char *url_encoding_name(int enc);

/* https://encoding.spec.whatwg.org/#get-an-output-encoding: UTF-8 for
   replacement, UTF-16BE and UTF-16LE; enc otherwise. */
int url_encoding_output(int enc);

/*
** An encoder instance (the Standard's encoders are objects with state:
** ISO-2022-JP's is ASCII / Roman / jis0208).  enc must be an output
** encoding (url_encoding_output(enc) == enc).
*/
typedef struct url_encoder {
  int enc;
  int state;
  uint32_t error_cp; /* after URL_ENC_ERROR: the error's code point */
  int error_len;     /* after URL_ENC_ERROR: bytes written to out before
                        the error (see url_encoder_put) */
} url_encoder;

#define URL_ENC_MAX_BYTES 8 /* most bytes url_encoder_put writes */
#define URL_ENC_ERROR (-1)

void url_encoder_init(url_encoder *e, int enc);

/*
** The encoder's handler for one scalar value cp: writes its bytes to out
** (at most URL_ENC_MAX_BYTES) and returns how many, or returns
** URL_ENC_ERROR with e->error_cp set to the error's code point (cp, or
** U+FFFD for ISO-2022-JP's ESC, SO and SI).  The state carries on, as
** "encode or fail" leaves it (the URL Standard's percent-encode after
** encoding calls it code point by code point).
**
** Before an error the encoder may already have output bytes: ISO-2022-JP
** in its jis0208 state writes ESC ( B (back to ASCII) and then fails on a
** code point jis0208 lacks.  Those bytes are out[0..e->error_len), and the
** caller writes them before whatever it puts for the error (0 for every
** other encoding and case).
*/
int url_encoder_put(url_encoder *e, uint32_t cp, unsigned char *out);

/* The handler for end-of-queue: ISO-2022-JP's return to ASCII.  Returns
   the bytes written to out (0 or 3). */
int url_encoder_end(url_encoder *e, unsigned char *out);

/* Error modes of https://encoding.spec.whatwg.org/#encode */
enum { URL_ENC_FATAL = 0, URL_ENC_HTML = 1 };

/*
** Encodes the valid UTF-8 s[0..n) in enc (an output encoding), appending
** the bytes to out.  mode URL_ENC_HTML writes an unmappable code point as
** "&#N;" (through the encoder, as the Standard's html mode queues it);
** URL_ENC_FATAL returns URL_FAILURE at the first one.  Returns URL_OK,
** URL_FAILURE or out's error.
*/
int url_encode_text(url_buf *out, int enc, const char *s, size_t n, int mode);

/*
** Decodes the bytes s[0..n) in enc with the replacement error mode
** (https://encoding.spec.whatwg.org/#decode-and-replace without BOM
** handling: the caller sniffs), appending valid UTF-8 to out.  Returns
** URL_OK or out's error.
*/
int url_decode_bytes(url_buf *out, int enc, const unsigned char *s, size_t n);

/* https://encoding.spec.whatwg.org/#bom-sniff: UTF-8, UTF-16BE or
   UTF-16LE with *bom_len its length, or URL_ENC_NONE (*bom_len = 0). */
int url_encoding_bom_sniff(const unsigned char *s, size_t n, size_t *bom_len);

/* https://encoding.spec.whatwg.org/#decode: the BOM's encoding, else
   `fallback`; *used (may be NULL) gets the encoding used. */
int url_decode_text(url_buf *out, int fallback, const unsigned char *s,
                    size_t n, int *used);

#endif /* URL_ENCODING_H */
