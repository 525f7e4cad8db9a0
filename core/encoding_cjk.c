/*
** The Encoding Standard's legacy multi-byte encodings
** (https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings
** and on): GBK and gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR.
** Each encoder handler and decoder follows the Standard's steps, quoted.
**
** Decoders see the whole input (url_decode_bytes): a lead byte is read
** with the byte after it, "restore byte to ioQueue" is leaving i on it, and
** end-of-queue is i == n.  ASCII runs between sequences are copied eight
** bytes at a time.  Indexes: encoding_tables.h.
**
**   url_decode_bytes(&out, URL_ENC_BIG5, "\xA4\xA4\xA4\xE5", 4);
**   -> out holds "中文" in UTF-8
*/
#include "encoding_int.h"

/* ---- Index helpers ---- */

/* Index of the last of the increasing keys[0..count) that is less than or
   equal to v (0 if none): index gb18030 ranges, by pointer or by code
   point. */
static unsigned last_at_most(const uint32_t *keys, unsigned count,
                             uint32_t v) {
  unsigned lo = 0, hi = count;
  while (hi - lo > 1) {
    unsigned mid = (lo + hi) / 2;
    if (keys[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

/* index gb18030 ranges code point (-1 = null). */
static int32_t gb18030_ranges_code_point(uint32_t pointer) {
  /* 1. "If pointer is greater than 39419 and less than 189000, or pointer
     is greater than 1237575, then return null." */
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return -1;
  /* 2. "If pointer is 7457, then return code point U+E7C7." */
  if (pointer == 7457) return 0xE7C7;
  /* 3. "Let offset be the last pointer in index gb18030 ranges that is
     less than or equal to pointer" */
  unsigned lo = last_at_most(url_enc_gb_ranges_ptr, url_enc_gb_ranges_count,
                             pointer);
  /* 4. "Return a code point whose value is codePointOffset + pointer −
     offset." */
  return (int32_t)(url_enc_gb_ranges_cp[lo] + pointer -
                   url_enc_gb_ranges_ptr[lo]);
}

/* index gb18030 ranges pointer. */
static uint32_t gb18030_ranges_pointer(uint32_t cp) {
  /* 1. "If codePoint is U+E7C7, then return pointer 7457." */
  if (cp == 0xE7C7) return 7457;
  /* 2. "Let offset be the last code point in index gb18030 ranges that is
     less than or equal to codePoint" */
  unsigned lo = last_at_most(url_enc_gb_ranges_cp, url_enc_gb_ranges_count,
                             cp);
  /* 3. "Return a pointer whose value is pointerOffset + codePoint −
     offset." */
  return url_enc_gb_ranges_ptr[lo] + cp - url_enc_gb_ranges_cp[lo];
}

/* index Big5 code point (0 = null). */
static uint32_t big5_code_point(uint32_t pointer) {
  if (pointer < URL_ENC_BIG5_FIRST) return 0;
  pointer -= URL_ENC_BIG5_FIRST;
  if (pointer >= URL_ENC_BIG5_N) return 0;
  uint32_t cp = url_enc_big5[pointer];
  if (url_enc_big5_astral[pointer >> 3] & (1u << (pointer & 7))) {
    cp |= 0x20000;
  }
  return cp;
}

/* index Shift_JIS pointer (-1 = null): the index pointer, unless that
   falls in 8272..8835, which the Shift_JIS index excludes. */
static int32_t shift_jis_pointer(uint32_t cp) {
  int32_t p = url_enc_rev_lookup(&url_enc_jis0208_rev, cp);
  if (p < 8272 || p > 8835) return p;
  unsigned lo = 0, hi = url_enc_sjis_count;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (url_enc_sjis_cp[mid] == cp) {
      return url_enc_sjis_ptr[mid] == 0xFFFF ? -1 : url_enc_sjis_ptr[mid];
    }
    if (url_enc_sjis_cp[mid] < cp) lo = mid + 1;
    else hi = mid;
  }
  return -1; /* not reached: the table lists every such code point */
}

/* ---- Encoders (cp is not ASCII, except for ISO-2022-JP) ---- */

/* "Return error with codePoint." */
static int put_error(url_encoder *e, uint32_t cp) {
  e->error_cp = cp;
  return URL_ENC_ERROR;
}

/* "Return two bytes whose values are leading and trailing." */
static int put_two(unsigned char *out, uint32_t leading, uint32_t trailing) {
  out[0] = (unsigned char)leading;
  out[1] = (unsigned char)trailing;
  return 2;
}

/* The byte EUC-JP, Shift_JIS and ISO-2022-JP's Roman encode U+00A5 (¥)
   and U+203E (‾) as: 0x5C and 0x7E (0: cp is neither). */
static unsigned char yen_overline_byte(uint32_t cp) {
  return cp == 0xA5 ? 0x5C : cp == 0x203E ? 0x7E : 0;
}

/* "If codePoint is in the range U+FF61 (｡) to U+FF9F (ﾟ), inclusive" */
static int is_halfwidth_katakana(uint32_t cp) {
  return cp >= 0xFF61 && cp <= 0xFF9F;
}

/* "If codePoint is U+2212 (−), then set it to U+FF0D (－)." */
static uint32_t minus_to_fullwidth(uint32_t cp) {
  return cp == 0x2212 ? 0xFF0D : cp;
}

/* gb18030 encoder's table for Private Use code points (GB18030-2005). */
static const uint16_t gb18030_pua_cp[18] = {
  0xE78D, 0xE78E, 0xE78F, 0xE790, 0xE791, 0xE792, 0xE793, 0xE794, 0xE795,
  0xE796, 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843, 0xE854, 0xE864};
static const uint16_t gb18030_pua_bytes[18] = {
  0xA6D9, 0xA6DA, 0xA6DB, 0xA6DC, 0xA6DD, 0xA6DE, 0xA6DF, 0xA6EC, 0xA6ED,
  0xA6F3, 0xFE59, 0xFE61, 0xFE66, 0xFE67, 0xFE6D, 0xFE7E, 0xFE90, 0xFEA0};

static int gb18030_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  int is_gbk = e->enc == URL_ENC_GBK;
  /* "If codePoint is U+E5E5, then return error with codePoint." */
  if (cp == 0xE5E5) return put_error(e, cp);
  /* "If is GBK is true and codePoint is U+20AC (€), then return byte
     0x80." */
  if (is_gbk && cp == 0x20AC) {
    out[0] = 0x80;
    return 1;
  }
  /* "If there is a row in the table below whose first column is
     codePoint, then return the two bytes on the same row" */
  if (cp >= 0xE78D && cp <= 0xE864) {
    for (int k = 0; k < 18; k++) {
      if (gb18030_pua_cp[k] == cp) {
        return put_two(out, gb18030_pua_bytes[k] >> 8,
                       gb18030_pua_bytes[k] & 0xFF);
      }
    }
  }
  /* "Let pointer be the index pointer for codePoint in index gb18030." */
  int32_t pointer = url_enc_rev_lookup(&url_enc_gb18030_rev, cp);
  if (pointer >= 0) {
    /* "Let leading be pointer / 190 + 0x81.  Let trailing be pointer %
       190.  Let offset be 0x40 if trailing is less than 0x3F, otherwise
       0x41." */
    uint32_t trailing = (uint32_t)pointer % 190;
    return put_two(out, (uint32_t)pointer / 190 + 0x81,
                   trailing + (trailing < 0x3F ? 0x40 : 0x41));
  }
  /* "If is GBK is true, then return error with codePoint." */
  if (is_gbk) return put_error(e, cp);
  /* "Set pointer to the index gb18030 ranges pointer for codePoint." */
  uint32_t p = gb18030_ranges_pointer(cp);
  out[0] = (unsigned char)(p / (10 * 126 * 10) + 0x81);
  p %= 10 * 126 * 10;
  out[1] = (unsigned char)(p / (10 * 126) + 0x30);
  p %= 10 * 126;
  out[2] = (unsigned char)(p / 10 + 0x81);
  out[3] = (unsigned char)(p % 10 + 0x30);
  return 4;
}

static int big5_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  /* "Let pointer be the index Big5 pointer for codePoint." */
  int32_t pointer = url_enc_rev_lookup(&url_enc_big5_rev, cp);
  /* "If pointer is null, then return error with codePoint." */
  if (pointer < 0) return put_error(e, cp);
  /* "Let leading be pointer / 157 + 0x81.  Let trailing be pointer %
     157.  Let offset be 0x40 if trailing is less than 0x3F, otherwise
     0x62." */
  uint32_t trailing = (uint32_t)pointer % 157;
  return put_two(out, (uint32_t)pointer / 157 + 0x81,
                 trailing + (trailing < 0x3F ? 0x40 : 0x62));
}

static int euc_jp_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  /* "If codePoint is U+00A5 (¥), then return byte 0x5C.  If codePoint is
     U+203E (‾), then return byte 0x7E." */
  if ((out[0] = yen_overline_byte(cp)) != 0) return 1;
  /* "... then return two bytes whose values are 0x8E and codePoint −
     0xFF61 + 0xA1." */
  if (is_halfwidth_katakana(cp)) return put_two(out, 0x8E, cp - 0xFF61 + 0xA1);
  uint32_t c = minus_to_fullwidth(cp);
  /* "Let pointer be the index pointer for codePoint in index jis0208." */
  int32_t pointer = url_enc_rev_lookup(&url_enc_jis0208_rev, c);
  if (pointer < 0) return put_error(e, c);
  /* "Let leading be pointer / 94 + 0xA1.  Let trailing be pointer % 94 +
     0xA1." */
  return put_two(out, (uint32_t)pointer / 94 + 0xA1,
                 (uint32_t)pointer % 94 + 0xA1);
}

enum { ISO_ASCII = 0, ISO_ROMAN = 1, ISO_JIS0208 = 2 };

/* "Set ISO-2022-JP encoder state to state, and return three bytes": the
   escape sequence into state, 0x1B 0x28 0x42 (ASCII), 0x1B 0x28 0x4A
   (Roman) or 0x1B 0x24 0x42 (jis0208). */
static int iso_escape(url_encoder *e, int state, unsigned char *out) {
  static const unsigned char seq[3][2] = {
      {0x28, 0x42}, {0x28, 0x4A}, {0x24, 0x42}};
  e->state = state;
  out[0] = 0x1B;
  out[1] = seq[state][0];
  out[2] = seq[state][1];
  return 3;
}

/* ISO-2022-JP encoder.  "Restore codePoint to ioQueue" after an escape
   sequence is running the handler again on it (the loop): at most an
   escape and two bytes, or ESC ( B and then an error. */
static int iso_2022_jp_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  int k = 0;
  for (;;) {
    int st = e->state;
    /* "If ISO-2022-JP encoder state is ASCII or Roman, and codePoint is
       U+000E, U+000F, or U+001B, then return error with U+FFFD (�)." */
    if (st != ISO_JIS0208 && (cp == 0x0E || cp == 0x0F || cp == 0x1B)) {
      e->error_len = k;
      return put_error(e, 0xFFFD);
    }
    /* "If ISO-2022-JP encoder state is ASCII and codePoint is an ASCII
       code point, then return a byte whose value is codePoint." */
    if (st == ISO_ASCII && cp < 0x80) {
      out[k++] = (unsigned char)cp;
      return k;
    }
    /* "If ISO-2022-JP encoder state is Roman and codePoint is an ASCII
       code point, excluding U+005C (\) and U+007E (~), or is U+00A5 (¥) or
       U+203E (‾)" */
    if (st == ISO_ROMAN) {
      if (cp < 0x80 && cp != 0x5C && cp != 0x7E) {
        out[k++] = (unsigned char)cp;
        return k;
      }
      if ((out[k] = yen_overline_byte(cp)) != 0) return k + 1;
    }
    /* "If codePoint is an ASCII code point, and ISO-2022-JP encoder state
       is not ASCII, then restore codePoint to ioQueue, set ISO-2022-JP
       encoder state to ASCII, and return three bytes 0x1B 0x28 0x42." */
    if (cp < 0x80) {
      k += iso_escape(e, ISO_ASCII, out + k);
      continue;
    }
    /* "If codePoint is either U+00A5 (¥) or U+203E (‾), and ISO-2022-JP
       encoder state is not Roman, then restore codePoint to ioQueue, set
       ISO-2022-JP encoder state to Roman, and return three bytes 0x1B 0x28
       0x4A." */
    if (cp == 0xA5 || cp == 0x203E) {
      k += iso_escape(e, ISO_ROMAN, out + k);
      continue;
    }
    cp = minus_to_fullwidth(cp);
    /* "... then set it to the index code point for codePoint − 0xFF61 in
       index ISO-2022-JP katakana." */
    if (is_halfwidth_katakana(cp)) cp = url_enc_iso2022jp_kana[cp - 0xFF61];
    /* "Let pointer be the index pointer for codePoint in index
       jis0208." */
    int32_t pointer = url_enc_rev_lookup(&url_enc_jis0208_rev, cp);
    if (pointer < 0) {
      /* "If ISO-2022-JP encoder state is jis0208, then restore codePoint
         to ioQueue, set ISO-2022-JP encoder state to ASCII, and return
         three bytes 0x1B 0x28 0x42." */
      if (st == ISO_JIS0208) {
        k += iso_escape(e, ISO_ASCII, out + k);
        continue;
      }
      /* "Return error with codePoint." */
      e->error_len = k;
      return put_error(e, cp);
    }
    /* "If ISO-2022-JP encoder state is not jis0208, then restore
       codePoint to ioQueue, set ISO-2022-JP encoder state to jis0208, and
       return three bytes 0x1B 0x24 0x42." */
    if (st != ISO_JIS0208) {
      k += iso_escape(e, ISO_JIS0208, out + k);
      continue;
    }
    /* "Let leading be pointer / 94 + 0x21.  Let trailing be pointer % 94
       + 0x21." */
    return k + put_two(out + k, (uint32_t)pointer / 94 + 0x21,
                       (uint32_t)pointer % 94 + 0x21);
  }
}

static int shift_jis_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  /* "If codePoint is an ASCII code point or U+0080, then return a byte
     whose value is codePoint.  If codePoint is U+00A5 (¥), then return
     byte 0x5C.  If codePoint is U+203E (‾), then return byte 0x7E." */
  if ((out[0] = cp == 0x80 ? 0x80 : yen_overline_byte(cp)) != 0) return 1;
  /* "... then return a byte whose value is codePoint − 0xFF61 + 0xA1." */
  if (is_halfwidth_katakana(cp)) {
    out[0] = (unsigned char)(cp - 0xFF61 + 0xA1);
    return 1;
  }
  uint32_t c = minus_to_fullwidth(cp);
  /* "Let pointer be the index Shift_JIS pointer for codePoint." */
  int32_t pointer = shift_jis_pointer(c);
  if (pointer < 0) return put_error(e, c);
  /* "Let leading be pointer / 188.  Let leadingOffset be 0x81 if leading
     is less than 0x1F; otherwise 0xC1.  Let trailing be pointer % 188.
     Let offset be 0x40 if trailing is less than 0x3F; otherwise 0x41." */
  uint32_t leading = (uint32_t)pointer / 188, trailing = (uint32_t)pointer % 188;
  return put_two(out, leading + (leading < 0x1F ? 0x81 : 0xC1),
                 trailing + (trailing < 0x3F ? 0x40 : 0x41));
}

static int euc_kr_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  /* "Let pointer be the index pointer for codePoint in index EUC-KR." */
  int32_t pointer = url_enc_rev_lookup(&url_enc_euc_kr_rev, cp);
  if (pointer < 0) return put_error(e, cp);
  /* "Let leading be pointer / 190 + 0x81.  Let trailing be pointer % 190
     + 0x41." */
  return put_two(out, (uint32_t)pointer / 190 + 0x81,
                 (uint32_t)pointer % 190 + 0x41);
}

int url_enc_cjk_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  switch (e->enc) {
    case URL_ENC_GBK:
    case URL_ENC_GB18030:
      return gb18030_put(e, cp, out);
    case URL_ENC_BIG5:
      return big5_put(e, cp, out);
    case URL_ENC_EUC_JP:
      return euc_jp_put(e, cp, out);
    case URL_ENC_ISO_2022_JP:
      return iso_2022_jp_put(e, cp, out);
    case URL_ENC_SHIFT_JIS:
      return shift_jis_put(e, cp, out);
    case URL_ENC_EUC_KR:
      return euc_kr_put(e, cp, out);
    default: /* not an output encoding: nothing encodes */
      return put_error(e, cp);
  }
}

/* ---- Decoders ---- */

/*
** GBK/gb18030, Big5, EUC-JP, Shift_JIS and EUC-KR decoders share one
** shape: ASCII bytes, then a byte that is a code point on its own, an
** error, or a leading byte; the leading byte with the byte after it gives
** a pointer into an index.  mb_decode is that shape once; each encoding
** gives two hooks, inlined into its own copy of the loop:
**
**   lead(b): for a non-ASCII byte b, its code point (MB_ERROR for "Return
**     error."), or MB_LEAD when b is a leading byte;
**   pair(out, s, n, &i): s[i] is the leading byte and s[i + 1] the byte
**     (n - i >= 2): the codePoint (0 = null), or MB_DONE when the hook has
**     emitted and moved i itself, or MB_EOQ for end-of-queue in a longer
**     sequence.  A hook may move i onto a later leading byte (EUC-JP's
**     jis0212 prefix): the byte is then s[i + 1].
*/
#define MB_LEAD 0
#define MB_ERROR 0xFFFD
#define MB_DONE 0xFFFFFFFFu
#define MB_EOQ 0xFFFFFFFEu

typedef uint32_t mb_lead_fn(unsigned char b);
typedef uint32_t mb_pair_fn(url_buf *out, const unsigned char *s, size_t n,
                            size_t *i);

static inline __attribute__((always_inline)) void mb_decode(
    url_buf *out, const unsigned char *s, size_t n, mb_lead_fn *lead,
    mb_pair_fn *pair) {
  size_t i = 0;
  while (i < n) {
    unsigned char b = s[i];
    /* "If byte is an ASCII byte, then return a code point whose value is
       byte." */
    if (b < 0x80) {
      url_enc_copy_ascii(out, s, n, &i);
      continue;
    }
    uint32_t cp = lead(b);
    if (cp != MB_LEAD) {
      url_enc_emit(out, cp);
      i++;
      continue;
    }
    /* "If byte is end-of-queue and leading is not 0x00, then set leading
       to 0x00 and return error." */
    if (n - i < 2) break;
    cp = pair(out, s, n, &i);
    if (cp > 0x10FFFF) {
      if (cp == MB_EOQ) break;
      continue; /* MB_DONE */
    }
    /* "If codePoint is non-null, then return a code point whose value is
       codePoint.  If byte is an ASCII byte, then restore byte to ioQueue.
       Return error." */
    if (cp) {
      url_enc_emit(out, cp);
      i += 2;
    } else {
      i += s[i + 1] < 0x80 ? 1 : 2;
      url_enc_emit_error(out);
    }
  }
  if (i < n) url_enc_emit_error(out); /* end-of-queue after a lead */
}

/* gb18030 decoder. */
static uint32_t gb18030_lead(unsigned char b) {
  /* "If byte is 0x80, then return code point U+20AC (€).  If byte is in
     the range 0x81 to 0xFE, inclusive, then set gb18030 first to byte and
     return continue.  Return error." */
  return b == 0x80 ? 0x20AC : b == 0xFF ? MB_ERROR : MB_LEAD;
}

/* gb18030's four-byte sequences: s[*i] is gb18030 first and s[*i + 1]
   gb18030 second. */
static uint32_t gb18030_four(url_buf *out, const unsigned char *s, size_t n,
                             size_t *i) {
  /* End-of-queue with first, second or third set: one error. */
  if (n - *i < 3) return MB_EOQ;
  unsigned char b = s[*i], b2 = s[*i + 1], b3 = s[*i + 2];
  /* "If byte is in the range 0x81 to 0xFE, inclusive, then set gb18030
     third to byte and return continue.  Restore « gb18030 second, byte »
     to ioQueue, ... return error."  Null restores the ASCII byte second. */
  if (b3 < 0x81 || b3 > 0xFE) return 0;
  if (n - *i < 4) return MB_EOQ;
  unsigned char b4 = s[*i + 3];
  /* "If byte is not in the range 0x30 to 0x39, inclusive: Restore «
     gb18030 second, gb18030 third, byte » to ioQueue ... Return error." */
  if (b4 < 0x30 || b4 > 0x39) return 0;
  /* "Let codePoint be the index gb18030 ranges code point for ((gb18030
     first − 0x81) × (10 × 126 × 10)) + ((gb18030 second − 0x30) × (10 ×
     126)) + ((gb18030 third − 0x81) × 10) + byte − 0x30." */
  int32_t cp = gb18030_ranges_code_point(
      (uint32_t)(b - 0x81) * (10 * 126 * 10) +
      (uint32_t)(b2 - 0x30) * (10 * 126) + (uint32_t)(b3 - 0x81) * 10 +
      (uint32_t)(b4 - 0x30));
  *i += 4;
  url_enc_emit(out, cp < 0 ? 0xFFFD : (uint32_t)cp);
  return MB_DONE;
}

static uint32_t gb18030_pair(url_buf *out, const unsigned char *s, size_t n,
                             size_t *i) {
  unsigned char b = s[*i], b2 = s[*i + 1];
  /* "If byte is in the range 0x30 to 0x39, inclusive, then set gb18030
     second to byte and return continue." */
  if (b2 >= 0x30 && b2 <= 0x39) return gb18030_four(out, s, n, i);
  /* "Let offset be 0x40 if byte is less than 0x7F; otherwise 0x41.  If
     byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFE,
     inclusive, then set pointer to (leading − 0x81) × 190 + (byte −
     offset)." */
  if ((b2 >= 0x40 && b2 <= 0x7E) || (b2 >= 0x80 && b2 <= 0xFE)) {
    return url_enc_gb18030[(b - 0x81) * 190 + (b2 - (b2 < 0x7F ? 0x40 : 0x41))];
  }
  return 0;
}

/* Big5's and EUC-KR's lead: "If byte is in the range 0x81 to 0xFE,
   inclusive, then set Big5 leading [EUC-KR leading] to byte and return
   continue.  Return error." */
static uint32_t lead_81_fe(unsigned char b) {
  return b == 0x80 || b == 0xFF ? MB_ERROR : MB_LEAD;
}

/* Big5 decoder. */

static uint32_t big5_pair(url_buf *out, const unsigned char *s, size_t n,
                          size_t *i) {
  unsigned char b = s[*i], b2 = s[*i + 1];
  (void)n;
  /* "Let offset be 0x40 if byte is less than 0x7F; otherwise 0x62.  If
     byte is in the range 0x40 to 0x7E, inclusive, or 0xA1 to 0xFE,
     inclusive, then set pointer to (leading − 0x81) × 157 + (byte −
     offset)." */
  if (!((b2 >= 0x40 && b2 <= 0x7E) || (b2 >= 0xA1 && b2 <= 0xFE))) return 0;
  uint32_t pointer = (uint32_t)(b - 0x81) * 157 + (b2 - (b2 < 0x7F ? 0x40 : 0x62));
  /* "If there is a row in the table below whose first column is pointer,
     then return the two code points listed in its second column": 1133,
     1135, 1164, 1166.  The first is emitted here, the second returned. */
  if (pointer >= 1133 && pointer <= 1166 &&
      (pointer == 1133 || pointer == 1135 || pointer == 1164 ||
       pointer == 1166)) {
    url_enc_emit(out, pointer < 1164 ? 0xCA : 0xEA);
    return pointer == 1133 || pointer == 1164 ? 0x304 : 0x30C;
  }
  return big5_code_point(pointer);
}

/* EUC-JP decoder. */
static uint32_t euc_jp_lead(unsigned char b) {
  /* "If byte is 0x8E, 0x8F, or in the range 0xA1 to 0xFE, inclusive, then
     set EUC-JP leading to byte and return continue.  Return error." */
  return b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE) ? MB_LEAD
                                                            : MB_ERROR;
}

static uint32_t euc_jp_pair(url_buf *out, const unsigned char *s, size_t n,
                            size_t *i) {
  unsigned char b = s[*i], b2 = s[*i + 1];
  (void)out;
  int jis0212 = 0;
  if (b < 0xA1) {
    /* "If EUC-JP leading is 0x8E and byte is in the range 0xA1 to 0xDF,
       inclusive, then set EUC-JP leading to 0x00 and return a code point
       whose value is 0xFF61 − 0xA1 + byte." */
    if (b == 0x8E && b2 >= 0xA1 && b2 <= 0xDF) return 0xFF61 - 0xA1 + b2;
    /* "If EUC-JP leading is 0x8F and byte is in the range 0xA1 to 0xFE,
       inclusive, then set EUC-JP jis0212 to true, set EUC-JP leading to
       byte, and return continue." */
    if (b == 0x8F && b2 >= 0xA1 && b2 <= 0xFE) {
      jis0212 = 1;
      ++*i;
      /* "If byte is end-of-queue and EUC-JP leading is not 0x00, then set
         EUC-JP leading to 0x00 and return error." */
      if (n - *i < 2) return MB_EOQ;
      b = b2;
      b2 = s[*i + 1];
    }
  }
  /* "If leading and byte are both in the range 0xA1 to 0xFE, inclusive,
     then set codePoint to the index code point for (leading − 0xA1) × 94 +
     byte − 0xA1 in index jis0208 if EUC-JP jis0212 is false and in index
     jis0212 otherwise." */
  if (!(b >= 0xA1 && b <= 0xFE && b2 >= 0xA1 && b2 <= 0xFE)) return 0;
  uint32_t pointer = (uint32_t)(b - 0xA1) * 94 + b2 - 0xA1;
  if (!jis0212) return url_enc_jis0208[pointer];
  return pointer < URL_ENC_JIS0212_N ? url_enc_jis0212[pointer] : 0;
}

/* Shift_JIS decoder. */
static uint32_t shift_jis_lead(unsigned char b) {
  /* "If byte is an ASCII byte or 0x80, then return a code point whose
     value is byte." */
  if (b == 0x80) return 0x80;
  /* "If byte is in the range 0xA1 to 0xDF, inclusive, then return a code
     point whose value is 0xFF61 − 0xA1 + byte." */
  if (b >= 0xA1 && b <= 0xDF) return 0xFF61 - 0xA1 + b;
  /* "If byte is in the range 0x81 to 0x9F, inclusive, or 0xE0 to 0xFC,
     inclusive, then set Shift_JIS leading to byte and return continue.
     Return error." */
  return b == 0xA0 || b > 0xFC ? MB_ERROR : MB_LEAD;
}

static uint32_t shift_jis_pair(url_buf *out, const unsigned char *s, size_t n,
                               size_t *i) {
  unsigned char b = s[*i], b2 = s[*i + 1];
  (void)out, (void)n;
  /* "Let offset be 0x40 if byte is less than 0x7F; otherwise 0x41.  Let
     leadingOffset be 0x81 if leading is less than 0xA0; otherwise 0xC1.
     If byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFC,
     inclusive, then set pointer to (leading − leadingOffset) × 188 + byte
     − offset." */
  if (!((b2 >= 0x40 && b2 <= 0x7E) || (b2 >= 0x80 && b2 <= 0xFC))) return 0;
  uint32_t pointer = (uint32_t)(b - (b < 0xA0 ? 0x81 : 0xC1)) * 188 + b2 -
                     (b2 < 0x7F ? 0x40 : 0x41);
  /* "If pointer is in the range 8836 to 10715, inclusive, then return a
     code point whose value is 0xE000 − 8836 + pointer." */
  if (pointer >= 8836 && pointer <= 10715) return 0xE000 - 8836 + pointer;
  return pointer < URL_ENC_JIS0208_N ? url_enc_jis0208[pointer] : 0;
}

/* EUC-KR decoder. */

static uint32_t euc_kr_pair(url_buf *out, const unsigned char *s, size_t n,
                            size_t *i) {
  unsigned char b = s[*i], b2 = s[*i + 1];
  (void)out, (void)n;
  /* "If byte is in the range 0x41 to 0xFE, inclusive, then set pointer to
     (leading − 0x81) × 190 + (byte − 0x41)." */
  if (!(b2 >= 0x41 && b2 <= 0xFE)) return 0;
  uint32_t pointer = (uint32_t)(b - 0x81) * 190 + (b2 - 0x41);
  return pointer < URL_ENC_EUC_KR_N ? url_enc_euc_kr[pointer] : 0;
}

/* ISO-2022-JP decoder states. */
enum {
  D_ASCII, D_ROMAN, D_KATAKANA, D_LEAD, D_TRAIL, D_ESCAPE_START, D_ESCAPE
};

/* ISO-2022-JP decoder, the Standard's state machine byte by byte (byte
   is -1 for end-of-queue, which stays in the queue after an error). */
static void iso_2022_jp_decode(url_buf *out, const unsigned char *s,
                               size_t n) {
  int state = D_ASCII, output_state = D_ASCII, output = 0;
  unsigned lead = 0;
  size_t i = 0;
  for (;;) {
    int byte = i < n ? s[i] : -1;
    i++; /* read; "restore" steps take it back */
    switch (state) {
      case D_ASCII:
      case D_ROMAN:
      case D_KATAKANA:
      case D_LEAD:
        if (byte == 0x1B) {
          state = D_ESCAPE_START;
          continue;
        }
        if (byte < 0) return; /* "Return finished." */
        output = 0;
        if (state == D_ASCII && byte < 0x80 && byte != 0x0E && byte != 0x0F) {
          url_enc_emit(out, (uint32_t)byte);
        } else if (state == D_ROMAN && byte < 0x80 && byte != 0x0E &&
                   byte != 0x0F) {
          /* "0x5C: ... return code point U+00A5 (¥).  0x7E: ... return code
             point U+203E (‾)." */
          url_enc_emit(out, byte == 0x5C ? 0xA5 : byte == 0x7E ? 0x203E
                                                                : (uint32_t)byte);
        } else if (state == D_KATAKANA && byte >= 0x21 && byte <= 0x5F) {
          url_enc_emit(out, 0xFF61 - 0x21 + (uint32_t)byte);
        } else if (state == D_LEAD && byte >= 0x21 && byte <= 0x7E) {
          /* "Set ISO-2022-JP output to false, ISO-2022-JP leading to byte,
             ISO-2022-JP decoder state to trailing byte, and return
             continue." */
          lead = (unsigned)byte;
          state = D_TRAIL;
        } else {
          url_enc_emit_error(out); /* "Otherwise: ... return error." */
        }
        continue;
      case D_TRAIL:
        if (byte == 0x1B) {
          /* "Set ISO-2022-JP decoder state to escape start and return
             error." */
          state = D_ESCAPE_START;
          url_enc_emit_error(out);
          continue;
        }
        state = D_LEAD;
        if (byte >= 0x21 && byte <= 0x7E) {
          /* "Let pointer be (ISO-2022-JP leading − 0x21) × 94 + byte −
             0x21." */
          uint32_t cp = url_enc_jis0208[(lead - 0x21) * 94 + (unsigned)byte - 0x21];
          url_enc_emit(out, cp ? cp : 0xFFFD);
          continue;
        }
        if (byte < 0) i--; /* end-of-queue stays */
        url_enc_emit_error(out);
        continue;
      case D_ESCAPE_START:
        /* "If byte is either 0x24 or 0x28, then set ISO-2022-JP leading to
           byte, ISO-2022-JP decoder state to escape, and return
           continue." */
        if (byte == 0x24 || byte == 0x28) {
          lead = (unsigned)byte;
          state = D_ESCAPE;
          continue;
        }
        /* "If byte is not end-of-queue, then restore byte to ioQueue." */
        i--;
        output = 0;
        state = output_state;
        url_enc_emit_error(out);
        continue;
      case D_ESCAPE: {
        int next = -1;
        unsigned leading = lead;
        lead = 0;
        if (leading == 0x28 && byte == 0x42) next = D_ASCII;
        if (leading == 0x28 && byte == 0x4A) next = D_ROMAN;
        if (leading == 0x28 && byte == 0x49) next = D_KATAKANA;
        if (leading == 0x24 && (byte == 0x40 || byte == 0x42)) next = D_LEAD;
        if (next >= 0) {
          /* "Set ISO-2022-JP decoder state and ISO-2022-JP decoder output
             state to state.  Let output be the value of ISO-2022-JP output.
             Set ISO-2022-JP output to true.  Return continue, if output is
             false, and error otherwise." */
          state = output_state = next;
          if (output) url_enc_emit_error(out);
          output = 1;
          continue;
        }
        /* "If byte is end-of-queue, then restore leading to ioQueue;
           otherwise, restore « leading, byte » to ioQueue": both are the
           input's bytes just read. */
        i -= 2;
        output = 0;
        state = output_state;
        url_enc_emit_error(out);
        continue;
      }
    }
  }
}

void url_enc_cjk_decode(url_buf *out, int enc, const unsigned char *s,
                        size_t n) {
  switch (enc) {
    case URL_ENC_GBK: /* "GBK's decoder is gb18030's decoder." */
    case URL_ENC_GB18030:
      mb_decode(out, s, n, gb18030_lead, gb18030_pair);
      break;
    case URL_ENC_BIG5:
      mb_decode(out, s, n, lead_81_fe, big5_pair);
      break;
    case URL_ENC_EUC_JP:
      mb_decode(out, s, n, euc_jp_lead, euc_jp_pair);
      break;
    case URL_ENC_ISO_2022_JP:
      iso_2022_jp_decode(out, s, n);
      break;
    case URL_ENC_SHIFT_JIS:
      mb_decode(out, s, n, shift_jis_lead, shift_jis_pair);
      break;
    case URL_ENC_EUC_KR:
      mb_decode(out, s, n, lead_81_fe, euc_kr_pair);
      break;
    default: /* not an encoding: nothing to decode */
      break;
  }
}
