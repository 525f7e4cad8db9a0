/*
** The Encoding Standard (https://encoding.spec.whatwg.org/): labels, names,
** output encodings, the hooks (decode, BOM sniff, encode, get an encoder /
** encode or fail), and the encoders and decoders of UTF-8, the legacy
** single-byte encodings, replacement, UTF-16BE/LE and x-user-defined.  The
** multi-byte CJK encodings are in encoding_cjk.c; the indexes in
** encoding_tables.c (generated).
**
** Decoders here run over the whole input at once (url_decode_bytes is
** "decode" of a complete I/O queue), so "restore byte to ioQueue" is not
** advancing past it and end-of-queue is the end of the input.  ASCII runs
** of ASCII-compatible encodings are copied eight bytes at a time.
**
**   url_decode_bytes(&out, url_encoding_get("latin1", 6), "H\xE9", 2);
**   -> out holds "H\xC3\xA9" (windows-1252's é as UTF-8)
*/
#include "encoding.h"
#include "encoding_int.h"

/* ---- Names and labels ---- */

/* https://encoding.spec.whatwg.org/#concept-encoding-get */
int url_encoding_get(const char *label, size_t n) {
  char key[sizeof url_enc_labels[0].label];
  size_t lo = 0, hi;
  if (!label) return URL_ENC_NONE;
  /* 1. "Remove any leading and trailing ASCII whitespace from label." */
  while (n > 0 && (label[0] == ' ' || label[0] == '\t' || label[0] == '\n' ||
                   label[0] == '\f' || label[0] == '\r')) {
    label++;
    n--;
  }
  while (n > 0 && (label[n - 1] == ' ' || label[n - 1] == '\t' ||
                   label[n - 1] == '\n' || label[n - 1] == '\f' ||
                   label[n - 1] == '\r')) {
    n--;
  }
  /* 2. "If label is an ASCII case-insensitive match for any of the labels
     listed in the table below, then return the corresponding encoding;
     otherwise return failure."  Labels are lower case and NUL-padded. */
  if (n == 0 || n >= sizeof key) return URL_ENC_NONE;
  memset(key, 0, sizeof key);
  for (size_t i = 0; i < n; i++) {
    if (label[i] == 0) return URL_ENC_NONE; /* a NUL is data, never a match */
    key[i] = url_ascii_lower(label[i]);
  }
  hi = url_enc_label_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = memcmp(key, url_enc_labels[mid].label, sizeof key);
    if (c == 0) return url_enc_labels[mid].enc;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return URL_ENC_NONE;
}

const char *url_encoding_name(int enc) {
  if (enc < 0 || enc >= URL_ENC_COUNT) return NULL;
  return url_enc_names[enc];
}

/* https://encoding.spec.whatwg.org/#get-an-output-encoding */
int url_encoding_output(int enc) {
  /* 1. "If encoding is replacement or UTF-16BE/LE, then return UTF-8." */
  if (enc == URL_ENC_REPLACEMENT || enc == URL_ENC_UTF_16BE ||
      enc == URL_ENC_UTF_16LE) {
    return URL_ENC_UTF_8;
  }
  /* 2. "Return encoding." */
  return enc;
}

/* ---- Encoders ---- */

void url_encoder_init(url_encoder *e, int enc) {
  e->enc = enc;
  e->state = 0; /* ISO-2022-JP encoder state: ASCII */
  e->error_cp = 0;
  e->error_len = 0;
}

static int is_single_byte(int enc) {
  return enc >= URL_ENC_IBM866 && enc <= URL_ENC_X_MAC_CYRILLIC;
}

/* UTF-8's encoder: the Standard's count and offset steps. */
static int utf8_put(uint32_t cp, unsigned char *out) {
  if (cp < 0x80) {
    out[0] = (unsigned char)cp;
    return 1;
  }
  int count = cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;
  unsigned offset = count == 1 ? 0xC0 : count == 2 ? 0xE0 : 0xF0;
  int k = 0;
  /* "Let bytes be a byte sequence whose first byte is
     (codePoint >> (6 × count)) + offset." */
  out[k++] = (unsigned char)((cp >> (6 * count)) + offset);
  /* "While count is greater than 0: ... Append to bytes
     0x80 | (temp & 0x3F)." */
  while (count > 0) {
    out[k++] = (unsigned char)(0x80 | ((cp >> (6 * (count - 1))) & 0x3F));
    count--;
  }
  return k;
}

/* single-byte encoder: "Let pointer be the index pointer for codePoint in
   index single-byte", a binary search over the sorted code points. */
static int single_byte_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  unsigned t = url_enc_sb_table[e->enc - URL_ENC_IBM866];
  const uint16_t *cps = url_enc_sb_cp[t];
  unsigned lo = 0, hi = url_enc_sb_count[t];
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (cps[mid] == cp) {
      /* "Return a byte whose value is pointer + 0x80." */
      out[0] = url_enc_sb_byte[t][mid];
      return 1;
    }
    if (cps[mid] < cp) lo = mid + 1;
    else hi = mid;
  }
  /* "If pointer is null, then return error with codePoint." */
  e->error_cp = cp;
  return URL_ENC_ERROR;
}

int url_encoder_put(url_encoder *e, uint32_t cp, unsigned char *out) {
  e->error_len = 0;
  if (e->enc == URL_ENC_UTF_8) return utf8_put(cp, out);
  /* Every encoder but ISO-2022-JP's: "If codePoint is an ASCII code
     point, then return a byte whose value is codePoint." */
  if (cp < 0x80 && e->enc != URL_ENC_ISO_2022_JP) {
    out[0] = (unsigned char)cp;
    return 1;
  }
  if (is_single_byte(e->enc)) return single_byte_put(e, cp, out);
  if (e->enc == URL_ENC_X_USER_DEFINED) {
    /* "If codePoint is in the range U+F780 to U+F7FF, inclusive, then
       return a byte whose value is codePoint − 0xF780 + 0x80." */
    if (cp >= 0xF780 && cp <= 0xF7FF) {
      out[0] = (unsigned char)(cp - 0xF780 + 0x80);
      return 1;
    }
    e->error_cp = cp;
    return URL_ENC_ERROR;
  }
  return url_enc_cjk_put(e, cp, out);
}

/* The ISO-2022-JP encoder's end-of-queue: "If codePoint is end-of-queue
   and ISO-2022-JP encoder state is not ASCII, then set ISO-2022-JP encoder
   state to ASCII and return three bytes 0x1B 0x28 0x42." */
int url_encoder_end(url_encoder *e, unsigned char *out) {
  if (e->enc != URL_ENC_ISO_2022_JP || e->state == 0) return 0;
  e->state = 0;
  out[0] = 0x1B;
  out[1] = 0x28;
  out[2] = 0x42;
  return 3;
}

/* The "html" error mode: "Push 0x26 (&), 0x23 (#), followed by the
   shortest sequence of 0x30 (0) to 0x39 (9), inclusive, representing
   result's code point's value in base ten, followed by 0x3B (;)". */
static void put_html_error(url_buf *out, uint32_t cp) {
  char tmp[16];
  int k = (int)sizeof tmp;
  tmp[--k] = ';';
  do {
    tmp[--k] = (char)('0' + cp % 10);
    cp /= 10;
  } while (cp);
  tmp[--k] = '#';
  tmp[--k] = '&';
  url_buf_append(out, tmp + k, sizeof tmp - (size_t)k);
}

/* https://encoding.spec.whatwg.org/#encode (html mode) and encode or fail
   (fatal mode), over valid UTF-8. */
int url_encode_text(url_buf *out, int enc, const char *s, size_t n,
                    int mode) {
  const unsigned char *u = (const unsigned char *)s;
  unsigned char bytes[URL_ENC_MAX_BYTES];
  url_encoder e;
  size_t i = 0;
  int k;
  if (enc == URL_ENC_UTF_8) {
    /* UTF-8's encoder never fails: the text is its own encoding. */
    url_buf_append(out, s, n);
    return out->err;
  }
  /* "Let encoder be the result of getting an encoder from encoding." */
  url_encoder_init(&e, enc);
  /* "Process a queue with encoder, ioQueue, output, and mode." */
  while (i < n) {
    if (u[i] < 0x80 && enc != URL_ENC_ISO_2022_JP) {
      url_enc_copy_ascii(out, u, n, &i);
      continue;
    }
    if (enc == URL_ENC_ISO_2022_JP && e.state == 0) {
      /* ISO-2022-JP in its ASCII state: ASCII but ESC, SO and SI is
         itself. */
      size_t k0 = i;
      while (i < n && u[i] < 0x80 && u[i] != 0x0E && u[i] != 0x0F && u[i] != 0x1B) i++;
      url_buf_append(out, s + k0, i - k0);
      if (i == n) break;
    }
    uint32_t cp = url_utf8_next(u, n, &i);
    /* Straight into out when it has room (no reserve: near out's limit the
       bytes go through url_buf_append, which knows it exactly). */
    if (out->cap - out->len >= URL_ENC_MAX_BYTES && !out->err) {
      k = url_encoder_put(&e, cp, (unsigned char *)out->ptr + out->len);
      if (k >= 0) {
        out->len += (size_t)k;
        continue;
      }
      memcpy(bytes, out->ptr + out->len, (size_t)e.error_len);
    } else {
      k = url_encoder_put(&e, cp, bytes);
      if (k >= 0) {
        url_buf_append(out, (const char *)bytes, (size_t)k);
        continue;
      }
    }
    url_buf_append(out, (const char *)bytes, (size_t)e.error_len);
    if (mode != URL_ENC_HTML) return out->err ? out->err : URL_FAILURE;
    put_html_error(out, e.error_cp);
  }
  k = url_encoder_end(&e, bytes);
  url_buf_append(out, (const char *)bytes, (size_t)k);
  return out->err;
}

/* ---- Decoders ---- */

/*
** UTF-8 decoder, for an invalid sequence at s[0..n) (s[0] >= 0x80): the
** number of bytes the Standard's decoder consumes before it returns error
** (the maximal subpart; a byte outside the boundaries is restored).
*/
static size_t utf8_error_len(const unsigned char *s, size_t n) {
  unsigned char b = s[0], lower = 0x80, upper = 0xBF;
  size_t needed;
  if (b >= 0xC2 && b <= 0xDF) {
    needed = 1;
  } else if (b >= 0xE0 && b <= 0xEF) {
    /* "If byte is 0xE0, then set UTF-8 lower boundary to 0xA0.  If byte
       is 0xED, then set UTF-8 upper boundary to 0x9F." */
    if (b == 0xE0) lower = 0xA0;
    if (b == 0xED) upper = 0x9F;
    needed = 2;
  } else if (b >= 0xF0 && b <= 0xF4) {
    if (b == 0xF0) lower = 0x90;
    if (b == 0xF4) upper = 0x8F;
    needed = 3;
  } else {
    return 1; /* "Otherwise: Return error." */
  }
  size_t seen = 0;
  /* "If byte is not in the range UTF-8 lower boundary to UTF-8 upper
     boundary, inclusive: ... Restore byte to ioQueue.  Return error."; at
     end-of-queue with bytes needed, error too. */
  while (seen < needed && 1 + seen < n && s[1 + seen] >= lower &&
         s[1 + seen] <= upper) {
    lower = 0x80;
    upper = 0xBF;
    seen++;
  }
  return 1 + seen; /* seen == needed would have been valid */
}

/* UTF-8 decoder: valid runs are copied as they are. */
static void utf8_decode(url_buf *out, const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    size_t k = url_utf8_valid_prefix(s + i, n - i);
    url_buf_append(out, (const char *)s + i, k);
    i += k;
    if (i < n) {
      url_enc_emit_error(out);
      i += utf8_error_len(s + i, n - i);
    }
  }
}

/* single-byte decoder: "Let codePoint be the index code point for
   byte − 0x80 in index single-byte.  If codePoint is null, then return
   error." */
static void single_byte_decode(url_buf *out, int enc, const unsigned char *s,
                               size_t n) {
  const uint16_t *t = url_enc_sb_decode[url_enc_sb_table[enc - URL_ENC_IBM866]];
  size_t i = 0;
  while (i < n) {
    if (s[i] < 0x80) {
      url_enc_copy_ascii(out, s, n, &i);
      continue;
    }
    uint32_t cp = t[s[i++] - 0x80];
    url_enc_emit(out, cp ? cp : 0xFFFD);
  }
}

/* x-user-defined decoder: "Return a code point whose value is
   0xF780 + byte − 0x80." */
static void x_user_defined_decode(url_buf *out, const unsigned char *s,
                                  size_t n) {
  size_t i = 0;
  while (i < n) {
    if (s[i] < 0x80) {
      url_enc_copy_ascii(out, s, n, &i);
      continue;
    }
    url_enc_emit(out, 0xF780 + s[i++] - 0x80);
  }
}

/* shared UTF-16 decoder. */
static void utf16_decode(url_buf *out, int be, const unsigned char *s,
                         size_t n) {
  uint32_t lead_surrogate = 0; /* UTF-16 leading surrogate; 0 = null */
  size_t i = 0;
  while (n - i >= 2) {
    /* "Let codeUnit be the result of: (UTF-16 leading byte << 8) + byte"
       (big-endian), "(byte << 8) + UTF-16 leading byte" otherwise. */
    uint32_t cu = be ? (uint32_t)s[i] << 8 | s[i + 1]
                     : (uint32_t)s[i + 1] << 8 | s[i];
    i += 2;
    if (lead_surrogate) {
      uint32_t lead = lead_surrogate;
      lead_surrogate = 0;
      /* "If codeUnit is a trailing surrogate, then return a scalar value
         from surrogates given leadingSurrogate and codeUnit." */
      if (cu >= 0xDC00 && cu <= 0xDFFF) {
        url_enc_emit(out, 0x10000 + ((lead - 0xD800) << 10) + (cu - 0xDC00));
        continue;
      }
      /* "Restore bytes to ioQueue and return error." */
      i -= 2;
      url_enc_emit_error(out);
      continue;
    }
    /* "If codeUnit is a leading surrogate, then set UTF-16 leading
       surrogate to codeUnit and return continue." */
    if (cu >= 0xD800 && cu <= 0xDBFF) {
      lead_surrogate = cu;
      continue;
    }
    /* "If codeUnit is a trailing surrogate, then return error." */
    if (cu >= 0xDC00 && cu <= 0xDFFF) {
      url_enc_emit_error(out);
      continue;
    }
    url_enc_emit(out, cu);
  }
  /* "If byte is end-of-queue and either UTF-16 leading byte or UTF-16
     leading surrogate is non-null, then ... return error." (once) */
  if (i < n || lead_surrogate) url_enc_emit_error(out);
}

int url_decode_bytes(url_buf *out, int enc, const unsigned char *s,
                     size_t n) {
  switch (enc) {
    case URL_ENC_UTF_8:
      utf8_decode(out, s, n);
      break;
    case URL_ENC_REPLACEMENT:
      /* replacement decoder: one error for any input, then finished. */
      if (n > 0) url_enc_emit_error(out);
      break;
    case URL_ENC_UTF_16BE:
    case URL_ENC_UTF_16LE:
      utf16_decode(out, enc == URL_ENC_UTF_16BE, s, n);
      break;
    case URL_ENC_X_USER_DEFINED:
      x_user_defined_decode(out, s, n);
      break;
    default:
      if (is_single_byte(enc)) single_byte_decode(out, enc, s, n);
      else url_enc_cjk_decode(out, enc, s, n);
      break;
  }
  return out->err;
}

/* https://encoding.spec.whatwg.org/#bom-sniff */
int url_encoding_bom_sniff(const unsigned char *s, size_t n,
                           size_t *bom_len) {
  *bom_len = 0;
  if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
    *bom_len = 3;
    return URL_ENC_UTF_8;
  }
  if (n >= 2 && s[0] == 0xFE && s[1] == 0xFF) {
    *bom_len = 2;
    return URL_ENC_UTF_16BE;
  }
  if (n >= 2 && s[0] == 0xFF && s[1] == 0xFE) {
    *bom_len = 2;
    return URL_ENC_UTF_16LE;
  }
  return URL_ENC_NONE;
}

/* https://encoding.spec.whatwg.org/#decode */
int url_decode_text(url_buf *out, int fallback, const unsigned char *s,
                    size_t n, int *used) {
  size_t bom;
  /* 1. "Let BOMEncoding be the result of BOM sniffing ioQueue." */
  int enc = url_encoding_bom_sniff(s, n, &bom);
  /* 2. "If BOMEncoding is non-null: Set encoding to BOMEncoding. Read
     three bytes ... if BOMEncoding is UTF-8; otherwise read two bytes." */
  if (enc == URL_ENC_NONE) enc = fallback;
  if (used) *used = enc;
  /* 3. "Process a queue with an instance of encoding's decoder, ioQueue,
     output, and "replacement"." */
  return url_decode_bytes(out, enc, s + bom, n - bom);
}
