/*
** The Encoding Standard's indexes for core/encoding.c and
** core/encoding_cjk.c, generated into core/encoding_tables.c by
** tools/gen_encoding_tables.py from ../shared/encoding (index-*.txt,
** encodings.json; WHATWG, BSD-3-Clause notice in the .c file).
**
** Decoding: one uint16_t per pointer (0 = no code point: no index maps a
** pointer to U+0000).  Encoding: url_enc_rev, a two-level bitmap over code
** points (see url_enc_rev_lookup), so each lookup is O(1).
*/
#ifndef URL_ENCODING_TABLES_H
#define URL_ENCODING_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* The labels, sorted by bytes (lower case) for a binary search. */
typedef struct url_enc_label {
  char label[20]; /* NUL-padded */
  uint8_t enc;
} url_enc_label;
extern const url_enc_label url_enc_labels[];
extern const unsigned url_enc_label_count;

/* Names by url_encoding value. */
extern const char url_enc_names[][16];

/* Single-byte encodings: url_enc_sb_table[enc - URL_ENC_IBM866] is the
   table number (ISO-8859-8-I shares ISO-8859-8's); sb_decode[t][b - 0x80]
   the code point (0 = none); sb_cp[t][0..sb_count[t]) the code points in
   increasing order with sb_byte[t][] the byte for each (the index pointer
   plus 0x80). */
#define URL_ENC_SB_TABLES 27
extern const uint8_t url_enc_sb_table[];
extern const uint16_t url_enc_sb_decode[URL_ENC_SB_TABLES][128];
extern const uint16_t url_enc_sb_cp[URL_ENC_SB_TABLES][128];
extern const uint8_t url_enc_sb_byte[URL_ENC_SB_TABLES][128];
extern const uint8_t url_enc_sb_count[URL_ENC_SB_TABLES];

/*
** A reverse index: code point -> pointer.  block[cp >> 6] is 0 for a block
** of 64 code points with no entry, else 1 + k: bits[k] has bit (cp & 63)
** set when cp has a pointer, which is ptr[base[k] + the number of set bits
** below it].
*/
typedef struct url_enc_rev {
  const uint16_t *block;
  uint32_t nblock; /* entries in block[] */
  const uint64_t *bits;
  const uint16_t *base;
  const uint16_t *ptr;
} url_enc_rev;

/* The pointer for cp, or -1. */
static inline int32_t url_enc_rev_lookup(const url_enc_rev *r, uint32_t cp) {
  uint32_t b = cp >> 6;
  if (b >= r->nblock || r->block[b] == 0) return -1;
  uint32_t k = r->block[b] - 1u;
  uint64_t w = r->bits[k], below;
  unsigned bit = cp & 63;
  if (!((w >> bit) & 1)) return -1;
  below = w & ((UINT64_C(1) << bit) - 1);
  /* Population count without a compiler builtin. */
  below = below - ((below >> 1) & UINT64_C(0x5555555555555555));
  below = (below & UINT64_C(0x3333333333333333)) +
          ((below >> 2) & UINT64_C(0x3333333333333333));
  below = (below + (below >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
  below = (below * UINT64_C(0x0101010101010101)) >> 56;
  return r->ptr[r->base[k] + (uint32_t)below];
}

/* index jis0208 (decode: pointer < URL_ENC_JIS0208_N) and its "index
   pointer" (the first pointer). */
#define URL_ENC_JIS0208_N 11104
extern const uint16_t url_enc_jis0208[URL_ENC_JIS0208_N];
extern const url_enc_rev url_enc_jis0208_rev;
/* "index Shift_JIS pointer" where it differs from the index pointer (the
   code points whose first pointer is in 8272..8835): sorted code points,
   and the pointer of each (0xFFFF = null). */
extern const uint16_t url_enc_sjis_cp[];
extern const uint16_t url_enc_sjis_ptr[];
extern const unsigned url_enc_sjis_count;

/* index jis0212: decode only. */
#define URL_ENC_JIS0212_N 7211
extern const uint16_t url_enc_jis0212[URL_ENC_JIS0212_N];

/* index EUC-KR. */
#define URL_ENC_EUC_KR_N 23750
extern const uint16_t url_enc_euc_kr[URL_ENC_EUC_KR_N];
extern const url_enc_rev url_enc_euc_kr_rev;

/* index gb18030 (the first pointer for the encoder), and index gb18030
   ranges: url_enc_gb_ranges_ptr[i] and _cp[i], both increasing. */
#define URL_ENC_GB18030_N 23940
extern const uint16_t url_enc_gb18030[URL_ENC_GB18030_N];
extern const url_enc_rev url_enc_gb18030_rev;
extern const uint32_t url_enc_gb_ranges_ptr[];
extern const uint32_t url_enc_gb_ranges_cp[];
extern const unsigned url_enc_gb_ranges_count;

/* index Big5 from pointer URL_ENC_BIG5_FIRST: url_enc_big5[p - FIRST] is
   the code point's low 16 bits, plus 0x20000 where bit (p - FIRST) of
   url_enc_big5_astral is set.  url_enc_big5_rev is the "index Big5
   pointer" (pointers below (0xA1 - 0x81) * 157 excluded, the last pointer
   for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345). */
#define URL_ENC_BIG5_FIRST 942
#define URL_ENC_BIG5_N (19782 - URL_ENC_BIG5_FIRST)
extern const uint16_t url_enc_big5[URL_ENC_BIG5_N];
extern const uint8_t url_enc_big5_astral[(URL_ENC_BIG5_N + 7) / 8];
extern const url_enc_rev url_enc_big5_rev;

/* index ISO-2022-JP katakana: U+FF61 + i -> url_enc_iso2022jp_kana[i]. */
extern const uint16_t url_enc_iso2022jp_kana[63];

/* Total bytes of the tables above (bench and tests print it). */
extern const size_t url_enc_table_bytes;

#endif /* URL_ENCODING_TABLES_H */
