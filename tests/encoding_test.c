/*
** core/encoding.c and encoding_cjk.c against the Encoding Standard's own
** data, read here from ../shared/encoding independently of the generated
** tables: for every index, each pointer's byte sequence (by the Standard's
** formula) through the decoder, and each code point through the encoder
** with the expected pointer computed from the index text (first / last
** pointer rules, exclusions); gb18030 ranges; error cases of every
** decoder and encoder; labels from encodings.json; BOM sniffing.  The
** UTF-8, UTF-16 and multi-byte decoders are also compared with literal
** transcriptions of the Standard's handlers (over an I/O queue with
** "restore") on pseudo-random input; long mixed texts round-trip in every
** output encoding, under the output limit too; WPT's
** url/resources/percent-encoding.json goes through url_encoder_put.
**
** Prints the checks per encoding and ends with "N passed, N failed".
*/
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "encoding.h"
#include "encoding_tables.h"
#include "json.h"
#include "mem_libc.h"
#include "shared_data.h"
#include "utf8.h"

/* ---- Sections: checks counted per encoding ---- */

static const char *sec_name;
static int sec_passed, sec_failed;

static void section_end(void) {
  if (sec_name) {
    printf("  %-16s %7d checks, %d failed\n", sec_name, passed - sec_passed,
           failed - sec_failed);
  }
  sec_name = NULL;
}

static void section(const char *name) {
  section_end();
  sec_name = name;
  sec_passed = passed;
  sec_failed = failed;
}

/* Prints at most this many failures per section. */
static int fail_budget;
/* check(ok), printing "FAIL [section] " and the printf-style message when
   it failed (while the section's budget lasts). */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
static int report(int ok, const char *fmt, ...) {
  if (!check(ok) && fail_budget-- > 0) {
    va_list ap;
    printf("FAIL [%s] ", sec_name ? sec_name : "");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
  }
  return ok;
}

/* ---- The index files, read as the Standard says ---- */

#define MAXP 1600000
typedef struct index_t {
  int n;
  uint32_t *ptr, *cp;
  int32_t *by_ptr; /* pointer -> code point, -1 = null (pointers < MAXP) */
  uint32_t max_ptr;
} index_t;

/* "let lines be the result of splitting the resource's contents on U+000A
   LF.  Then remove each item in lines that is the empty string or starts
   with U+0023 (#).  Then ... splitting each item in lines on U+0009 TAB.
   The first subitem is the pointer (as a decimal number) and the second is
   the corresponding code point (as a hexadecimal number)." */
static index_t load_index(const char *name) {
  char rel[128];
  index_t x = {0, NULL, NULL, NULL, 0};
  snprintf(rel, sizeof rel, "encoding/index-%s.txt", name);
  FILE *f = shared_open(rel, "rb");
  char line[512];
  int cap = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '\n' || line[0] == '#' || line[0] == 0) continue;
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    unsigned long p = strtoul(line, NULL, 10);
    unsigned long c = strtoul(tab + 1, NULL, 16);
    if (x.n == cap) {
      cap = cap ? cap * 2 : 256;
      x.ptr = realloc(x.ptr, cap * sizeof *x.ptr);
      x.cp = realloc(x.cp, cap * sizeof *x.cp);
    }
    x.ptr[x.n] = (uint32_t)p;
    x.cp[x.n] = (uint32_t)c;
    if (p > x.max_ptr) x.max_ptr = (uint32_t)p;
    x.n++;
  }
  fclose(f);
  x.by_ptr = malloc((x.max_ptr + 1) * sizeof *x.by_ptr);
  for (uint32_t p = 0; p <= x.max_ptr; p++) x.by_ptr[p] = -1;
  for (int i = 0; i < x.n; i++) x.by_ptr[x.ptr[i]] = (int32_t)x.cp[i];
  return x;
}

static void free_index(index_t *x) {
  free(x->ptr);
  free(x->cp);
  free(x->by_ptr);
}

/* "index code point": the code point for pointer, or -1 for null. */
static int32_t index_cp(const index_t *x, long p) {
  if (p < 0 || (unsigned long)p > x->max_ptr) return -1;
  return x->by_ptr[p];
}

/* An "index pointer" table: cp -> pointer (-1 = null) over the entries
   whose pointer is not in [ex_lo, ex_hi], the first pointer, or the last
   for the code points in `last`. */
#define NCP 0x30000
static int32_t *pointer_map(const index_t *x, long ex_lo, long ex_hi,
                            const uint32_t *last, int nlast) {
  int32_t *m = malloc(NCP * sizeof *m);
  for (int c = 0; c < NCP; c++) m[c] = -1;
  for (int i = 0; i < x->n; i++) {
    uint32_t c = x->cp[i];
    if ((long)x->ptr[i] >= ex_lo && (long)x->ptr[i] <= ex_hi) continue;
    int is_last = 0;
    for (int k = 0; k < nlast; k++) is_last |= last[k] == c;
    if (m[c] < 0 || is_last) m[c] = (int32_t)x->ptr[i];
  }
  return m;
}

/* ---- Running the library ---- */

static size_t put8(char *o, uint32_t c) {
  if (c < 0x80) { o[0] = (char)c; return 1; }
  if (c < 0x800) {
    o[0] = (char)(0xC0 | c >> 6); o[1] = (char)(0x80 | (c & 0x3F)); return 2;
  }
  if (c < 0x10000) {
    o[0] = (char)(0xE0 | c >> 12); o[1] = (char)(0x80 | (c >> 6 & 0x3F));
    o[2] = (char)(0x80 | (c & 0x3F)); return 3;
  }
  o[0] = (char)(0xF0 | c >> 18); o[1] = (char)(0x80 | (c >> 12 & 0x3F));
  o[2] = (char)(0x80 | (c >> 6 & 0x3F)); o[3] = (char)(0x80 | (c & 0x3F));
  return 4;
}

/* Code points to UTF-8 (at most 64 code points). */
typedef struct u8s { char b[256]; size_t n; } u8s;
static u8s cps(int n, const uint32_t *c) {
  u8s s;
  s.n = 0;
  for (int i = 0; i < n; i++) s.n += put8(s.b + s.n, c[i]);
  return s;
}

/* 1 if b holds want[0..wn). */
static int holds(const url_buf *b, const char *want, size_t wn) {
  return b->len == wn && (wn == 0 || memcmp(b->ptr, want, wn) == 0);
}

/* The end of a failure's line: " got B want WANT", as JSON strings. */
static void print_got_want(const url_buf *b, const char *want, size_t wn) {
  printf(" got");
  json_print_str(b->ptr, b->len);
  printf(" want");
  json_print_str(want, wn);
  printf("\n");
}

/* Decodes in[0..n) in enc; 1 if the UTF-8 output is want[0..wn). */
static int decodes_to(int enc, const void *in, size_t n, const char *want,
                      size_t wn) {
  url_buf b;
  char stack[64];
  url_buf_init(&b, &url_mem_libc, stack, sizeof stack, (size_t)1 << 30);
  int rc = url_decode_bytes(&b, enc, in, n);
  int ok = rc == URL_OK && holds(&b, want, wn);
  if (!ok && fail_budget > 0) {
    printf("  decode(%s) of", url_encoding_name(enc));
    for (size_t i = 0; i < n; i++) printf(" %02X", ((const unsigned char *)in)[i]);
    printf(":");
    print_got_want(&b, want, wn);
  }
  url_buf_free(&b);
  return ok;
}

/* Decodes in[0..n) and compares with the code points want[0..wn). */
static int decodes_cps(int enc, const void *in, size_t n, int wn,
                       const uint32_t *want) {
  u8s s = cps(wn, want);
  return decodes_to(enc, in, n, s.b, s.n);
}

/* One code point through a fresh encoder: the handler's result. */
static int encode1(int enc, uint32_t cp, unsigned char *out, url_encoder *e) {
  url_encoder_init(e, enc);
  return url_encoder_put(e, cp, out);
}

/* url_encode_text of UTF-8 s in mode; 1 if the result is rc with want. */
static int encodes_to(int enc, const char *s, int mode, int want_rc,
                      const char *want, size_t wn) {
  url_buf b;
  url_buf_init(&b, &url_mem_libc, NULL, 0, (size_t)1 << 30);
  int rc = url_encode_text(&b, enc, s, strlen(s), mode);
  int ok = rc == want_rc && (want_rc != URL_OK || holds(&b, want, wn));
  if (!ok && fail_budget > 0) {
    printf("  encode(%s, \"%s\"): rc %d", url_encoding_name(enc), s, rc);
    print_got_want(&b, want, wn);
  }
  url_buf_free(&b);
  return ok;
}

#define DEC(enc, in, want) \
  check_named(decodes_to(enc, in, sizeof in - 1, want, sizeof want - 1), #enc ": " #in)
#define ENC(enc, s, mode, want) \
  check_named(encodes_to(enc, s, mode, URL_OK, want, sizeof want - 1), #enc ": " #s)

/* ---- Labels and names (encodings.json) ---- */

static void test_labels(void) {
  section("labels");
  fail_budget = 10;
  char path[4096];
  FILE *f = shared_open("encoding/encodings.json", "rb");
  fclose(f);
  json_value *root = json_parse_file(shared_path(path, sizeof path, "encoding/encodings.json"));
  if (!check_named(root != NULL, "encodings.json parses")) return;
  int enc = 0, nlabels = 0;
  for (size_t g = 0; g < json_len(root); g++) {
    const json_value *list = json_get(json_at(root, g), "encodings");
    for (size_t k = 0; k < json_len(list); k++, enc++) {
      const json_value *e = json_at(list, k);
      const char *name = json_str(json_get(e, "name"), NULL);
      report(url_encoding_name(enc) && name && strcmp(url_encoding_name(enc), name) == 0,
             "name of %lu", (unsigned long)enc);
      const json_value *labels = json_get(e, "labels");
      for (size_t l = 0; l < json_len(labels); l++, nlabels++) {
        size_t n;
        const char *label = json_str(json_at(labels, l), &n);
        char v[64];
        report(url_encoding_get(label, n) == enc, "label \"%s\" of %s", label, name);
        /* ASCII case-insensitive, with ASCII whitespace trimmed. */
        for (size_t i = 0; i < n; i++) {
          v[i] = (char)(label[i] >= 'a' && label[i] <= 'z' ? label[i] - 32 : label[i]);
        }
        report(url_encoding_get(v, n) == enc, "upper-case label \"%s\" of %s", label, name);
        snprintf(v, sizeof v, " \t\n\f\r%s\r\f\n\t ", label);
        report(url_encoding_get(v, strlen(v)) == enc, "spaced label \"%s\" of %s", label, name);
        /* Not trimmed: U+000B and NUL are not ASCII whitespace. */
        snprintf(v, sizeof v, "\v%s", label);
        report(url_encoding_get(v, strlen(v)) == URL_ENC_NONE, "VT label \"%s\" of %s", label, name);
        memcpy(v, label, n);
        v[n] = 0;
        report(url_encoding_get(v, n + 1) == URL_ENC_NONE, "NUL label \"%s\" of %s", label, name);
      }
      /* "ASCII-lowercasing its name yields one of its labels." */
      report(url_encoding_get(name, strlen(name)) == enc, "name as label %lu",
             (unsigned long)enc);
    }
  }
  check_named(enc == URL_ENC_COUNT, "40 encodings");
  check_named(nlabels == 228, "228 labels");
  check_named(url_enc_label_count == 228, "228 labels in the table");
  json_free(root);
  static const char *unknown[] = {"", " ", "utf-7", "utf8 x", "utf-8x", "latin",
                                  "x-user-defined2", "iso-8859-12", "euc-tw",
                                  "\xC5\xBFhift_jis" /* long s: not ASCII */,
                                  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};
  for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
    report(url_encoding_get(unknown[i], strlen(unknown[i])) == URL_ENC_NONE,
           "unknown label %lu", i);
  }
  check_named(url_encoding_get(NULL, 0) == URL_ENC_NONE, "NULL label");
  check_named(url_encoding_get("latin1", 6) == URL_ENC_WINDOWS_1252, "latin1");
  check_named(url_encoding_get("utf-16", 6) == URL_ENC_UTF_16LE, "utf-16");
  check_named(url_encoding_get("unicodefffe", 11) == URL_ENC_UTF_16BE, "unicodefffe");
  check_named(url_encoding_get("iso-2022-kr", 11) == URL_ENC_REPLACEMENT, "iso-2022-kr");
  check_named(url_encoding_get("  Shift_JIS ", 12) == URL_ENC_SHIFT_JIS, "Shift_JIS");
  check_named(url_encoding_name(-1) == NULL && url_encoding_name(URL_ENC_COUNT) == NULL,
              "names out of range");

  /* "get an output encoding" */
  for (int e = 0; e < URL_ENC_COUNT; e++) {
    int want = (e == URL_ENC_REPLACEMENT || e == URL_ENC_UTF_16BE ||
                e == URL_ENC_UTF_16LE) ? URL_ENC_UTF_8 : e;
    report(url_encoding_output(e) == want, "output encoding of %lu", (unsigned long)e);
  }
}

/* ---- UTF-8 ---- */

/* The Standard's UTF-8 decoder transcribed literally, over a queue with
   restore: out gets the code points (U+FFFD for errors). */
static int ref_utf8(const unsigned char *s, size_t n, uint32_t *out) {
  uint32_t cp = 0;
  int seen = 0, needed = 0, k = 0;
  unsigned lower = 0x80, upper = 0xBF;
  size_t i = 0;
  for (;;) {
    int byte = i < n ? s[i] : -1;
    i++;
    if (byte < 0 && needed) { needed = 0; out[k++] = 0xFFFD; continue; }
    if (byte < 0) return k;
    if (needed == 0) {
      if (byte <= 0x7F) { out[k++] = (uint32_t)byte; }
      else if (byte >= 0xC2 && byte <= 0xDF) { needed = 1; cp = byte & 0x1F; }
      else if (byte >= 0xE0 && byte <= 0xEF) {
        if (byte == 0xE0) lower = 0xA0;
        if (byte == 0xED) upper = 0x9F;
        needed = 2; cp = byte & 0xF;
      } else if (byte >= 0xF0 && byte <= 0xF4) {
        if (byte == 0xF0) lower = 0x90;
        if (byte == 0xF4) upper = 0x8F;
        needed = 3; cp = byte & 0x7;
      } else out[k++] = 0xFFFD;
      continue;
    }
    if ((unsigned)byte < lower || (unsigned)byte > upper) {
      cp = 0; needed = 0; seen = 0; lower = 0x80; upper = 0xBF;
      i--; /* restore */
      out[k++] = 0xFFFD;
      continue;
    }
    lower = 0x80; upper = 0xBF;
    cp = (cp << 6) | (byte & 0x3F);
    if (++seen != needed) continue;
    out[k++] = cp;
    cp = 0; needed = 0; seen = 0;
  }
}

/* The shared UTF-16 decoder transcribed literally. */
static int ref_utf16(int be, const unsigned char *s, size_t n, uint32_t *out) {
  int lead_byte = -1;
  long lead_sur = -1;
  int k = 0;
  size_t i = 0;
  unsigned char restored[2];
  int nrestored = 0;
  for (;;) {
    int byte;
    if (nrestored) {
      byte = restored[0];
      restored[0] = restored[1];
      nrestored--;
    } else {
      byte = i < n ? s[i] : -1;
      i++;
    }
    if (byte < 0 && (lead_byte >= 0 || lead_sur >= 0)) {
      lead_byte = -1; lead_sur = -1; out[k++] = 0xFFFD; continue;
    }
    if (byte < 0) return k;
    if (lead_byte < 0) { lead_byte = byte; continue; }
    uint32_t cu = be ? (uint32_t)(lead_byte << 8) + byte : (uint32_t)(byte << 8) + lead_byte;
    lead_byte = -1;
    if (lead_sur >= 0) {
      uint32_t ls = (uint32_t)lead_sur;
      lead_sur = -1;
      if (cu >= 0xDC00 && cu <= 0xDFFF) {
        out[k++] = 0x10000 + ((ls - 0xD800) << 10) + (cu - 0xDC00);
        continue;
      }
      unsigned char b1 = (unsigned char)(cu >> 8), b2 = (unsigned char)(cu & 0xFF);
      /* restore bytes (in front of whatever is left) */
      restored[0] = be ? b1 : b2;
      restored[1] = be ? b2 : b1;
      nrestored = 2;
      out[k++] = 0xFFFD;
      continue;
    }
    if (cu >= 0xD800 && cu <= 0xDBFF) { lead_sur = cu; continue; }
    if (cu >= 0xDC00 && cu <= 0xDFFF) { out[k++] = 0xFFFD; continue; }
    out[k++] = cu;
  }
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint32_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 16);
}

static void test_utf8(void) {
  section("UTF-8");
  fail_budget = 10;
  /* Unicode's "U+FFFD substitution of maximal subparts" example (Table
     3-8): F1 80 80, E1 80, C2, 80, 80, BF. */
  DEC(URL_ENC_UTF_8, "\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
      "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\x62\xEF\xBF\xBD\x63"
      "\xEF\xBF\xBD\xEF\xBF\xBD\x64");
  DEC(URL_ENC_UTF_8, "\xE0\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  DEC(URL_ENC_UTF_8, "\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  DEC(URL_ENC_UTF_8, "\xF4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  DEC(URL_ENC_UTF_8, "\xF0\x9F\x98", "\xEF\xBF\xBD");
  DEC(URL_ENC_UTF_8, "a\xF0\x9F\x98\x80\xC3", "a\xF0\x9F\x98\x80\xEF\xBF\xBD");
  DEC(URL_ENC_UTF_8, "\xEF\xBB\xBFx", "\xEF\xBB\xBFx"); /* no BOM handling */
  DEC(URL_ENC_UTF_8, "a\0b", "a\0b");
  /* Against the literal decoder: random bytes biased to UTF-8's edges. */
  static const unsigned char pool[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                       0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
                                       0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF};
  for (int t = 0; t < 20000; t++) {
    unsigned char s[24];
    uint32_t want[64];
    size_t n = rng() % sizeof s;
    for (size_t i = 0; i < n; i++) s[i] = pool[rng() % sizeof pool];
    int k = ref_utf8(s, n, want);
    report(decodes_cps(URL_ENC_UTF_8, s, n, k, want), "random UTF-8 %lu", (unsigned long)t);
  }
  /* Every scalar value round-trips through the encoder and decoder. */
  int ok = 1;
  for (uint32_t c = 0; c < 0x110000; c++) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    unsigned char b[8];
    url_encoder e;
    char want[4];
    int k = encode1(URL_ENC_UTF_8, c, b, &e);
    size_t wn = put8(want, c);
    if (k != (int)wn || memcmp(b, want, wn) != 0) {
      ok = report(0, "UTF-8 encoder U+%04lX", (unsigned long)c);
    }
    if ((c & 0xFFFF) == 0xFFFF) {
      check(ok);
      ok = 1;
    }
  }
  check_named(encodes_to(URL_ENC_UTF_8, "a\xC3\xA9\xF0\x9F\x98\x80", URL_ENC_FATAL, URL_OK,
                         "a\xC3\xA9\xF0\x9F\x98\x80", 7), "UTF-8 encode text");
}

static void test_utf16(void) {
  section("UTF-16BE/LE");
  fail_budget = 10;
  DEC(URL_ENC_UTF_16LE, "a\0\xE9\0", "a\xC3\xA9");
  DEC(URL_ENC_UTF_16BE, "\0a\0\xE9", "a\xC3\xA9");
  DEC(URL_ENC_UTF_16LE, "\x3D\xD8\x00\xDE", "\xF0\x9F\x98\x80");
  DEC(URL_ENC_UTF_16BE, "\xD8\x3D\xDE\x00", "\xF0\x9F\x98\x80");
  DEC(URL_ENC_UTF_16LE, "\x3D\xD8" "a\0", "\xEF\xBF\xBD" "a"); /* unpaired lead */
  DEC(URL_ENC_UTF_16LE, "\x00\xDE" "a\0", "\xEF\xBF\xBD" "a"); /* lone trail */
  DEC(URL_ENC_UTF_16LE, "\x3D\xD8", "\xEF\xBF\xBD");
  DEC(URL_ENC_UTF_16LE, "a\0b", "a\xEF\xBF\xBD"); /* odd byte */
  DEC(URL_ENC_UTF_16LE, "\x3D\xD8" "b", "\xEF\xBF\xBD"); /* one error at the end */
  DEC(URL_ENC_UTF_16BE, "\xD8\x3D\xD8\x3D\xDE\x00", "\xEF\xBF\xBD\xF0\x9F\x98\x80");
  for (int be = 0; be < 2; be++) {
    for (int t = 0; t < 20000; t++) {
      unsigned char s[16];
      uint32_t want[64];
      size_t n = rng() % sizeof s;
      for (size_t i = 0; i < n; i++) {
        unsigned r = rng();
        s[i] = (unsigned char)((i & 1) == (size_t)be ? r & 0xFF
                                                     : (r & 3) == 0 ? 0xD8 + (r >> 2) % 8 : r & 0xFF);
      }
      int k = ref_utf16(be, s, n, want);
      report(decodes_cps(be ? URL_ENC_UTF_16BE : URL_ENC_UTF_16LE, s, n, k, want),
             "random UTF-16 %lu %lu", (unsigned long)be, (unsigned long)t);
    }
  }
}

static void test_misc(void) {
  section("replacement");
  fail_budget = 10;
  DEC(URL_ENC_REPLACEMENT, "", "");
  DEC(URL_ENC_REPLACEMENT, "a", "\xEF\xBF\xBD");
  DEC(URL_ENC_REPLACEMENT, "abc\xFF", "\xEF\xBF\xBD");

  section("x-user-defined");
  for (int b = 0; b < 256; b++) {
    unsigned char in = (unsigned char)b;
    uint32_t want = b < 0x80 ? (uint32_t)b : 0xF780u + (uint32_t)b - 0x80;
    report(decodes_cps(URL_ENC_X_USER_DEFINED, &in, 1, 1, &want), "x-user-defined byte %02lX",
           (unsigned long)b);
    unsigned char out[8];
    url_encoder e;
    int k = encode1(URL_ENC_X_USER_DEFINED, want, out, &e);
    report(k == 1 && out[0] == b, "x-user-defined encode %02lX", (unsigned long)b);
  }
  int ok = 1;
  for (uint32_t c = 0x80; c < 0x30000; c++) {
    unsigned char out[8];
    url_encoder e;
    if ((c >= 0xF780 && c <= 0xF7FF) || (c >= 0xD800 && c <= 0xDFFF)) continue;
    int k = encode1(URL_ENC_X_USER_DEFINED, c, out, &e);
    if (k != URL_ENC_ERROR || e.error_cp != c) ok = report(0, "x-user-defined U+%04lX", (unsigned long)c);
  }
  check(ok);

  section("BOM sniff");
  size_t bom;
  check_named(url_encoding_bom_sniff((const unsigned char *)"\xEF\xBB\xBFx", 4, &bom) == URL_ENC_UTF_8 && bom == 3, "UTF-8 BOM");
  check_named(url_encoding_bom_sniff((const unsigned char *)"\xFE\xFFx", 3, &bom) == URL_ENC_UTF_16BE && bom == 2, "UTF-16BE BOM");
  check_named(url_encoding_bom_sniff((const unsigned char *)"\xFF\xFE", 2, &bom) == URL_ENC_UTF_16LE && bom == 2, "UTF-16LE BOM");
  check_named(url_encoding_bom_sniff((const unsigned char *)"\xEF\xBB", 2, &bom) == URL_ENC_NONE && bom == 0, "short BOM");
  check_named(url_encoding_bom_sniff((const unsigned char *)"", 0, &bom) == URL_ENC_NONE && bom == 0, "empty");
  check_named(url_encoding_bom_sniff((const unsigned char *)"\xFE", 1, &bom) == URL_ENC_NONE, "one byte");
  /* decode: the BOM wins over the fallback, and is removed. */
  static const struct { const char *in; size_t n; int fallback, used; const char *want; size_t wn; } d[] = {
    {"\xEF\xBB\xBF\xC3\xA9", 5, URL_ENC_WINDOWS_1252, URL_ENC_UTF_8, "\xC3\xA9", 2},
    {"\xFF\xFE\xE9\0", 4, URL_ENC_UTF_8, URL_ENC_UTF_16LE, "\xC3\xA9", 2},
    {"\xFE\xFF\0\xE9", 4, URL_ENC_SHIFT_JIS, URL_ENC_UTF_16BE, "\xC3\xA9", 2},
    {"\xC3\xA9", 2, URL_ENC_WINDOWS_1252, URL_ENC_WINDOWS_1252, "\xC3\x83\xC2\xA9", 4},
    {"\xEF\xBB\xBF\xEF\xBB\xBF", 6, URL_ENC_UTF_8, URL_ENC_UTF_8, "\xEF\xBB\xBF", 3},
    {"\xFF\xFE", 2, URL_ENC_REPLACEMENT, URL_ENC_UTF_16LE, "", 0},
    {"ab", 2, URL_ENC_REPLACEMENT, URL_ENC_REPLACEMENT, "\xEF\xBF\xBD", 3},
  };
  for (size_t i = 0; i < sizeof d / sizeof *d; i++) {
    url_buf b;
    url_buf_init(&b, &url_mem_libc, NULL, 0, 1 << 20);
    int used = -2;
    int rc = url_decode_text(&b, d[i].fallback, (const unsigned char *)d[i].in, d[i].n, &used);
    report(rc == URL_OK && used == d[i].used && b.len == d[i].wn && (b.len == 0 || memcmp(b.ptr, d[i].want, b.len) == 0),
           "decode with BOM %lu", i);
    url_buf_free(&b);
  }
}

/* ---- Single-byte encodings ---- */

static void test_single_byte(void) {
  for (int enc = URL_ENC_IBM866; enc <= URL_ENC_X_MAC_CYRILLIC; enc++) {
    char idxname[32];
    const char *name = url_encoding_name(enc);
    section(name);
    fail_budget = 10;
    if (enc == URL_ENC_ISO_8859_8_I) name = "ISO-8859-8";
    size_t i;
    for (i = 0; name[i]; i++) idxname[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    idxname[i] = 0;
    index_t x = load_index(idxname);
    int32_t *first = pointer_map(&x, 1, 0, NULL, 0);
    /* Decoder: every byte. */
    for (int b = 0; b < 256; b++) {
      unsigned char in = (unsigned char)b;
      int32_t c = b < 0x80 ? b : index_cp(&x, b - 0x80);
      uint32_t want = c < 0 ? 0xFFFD : (uint32_t)c;
      report(decodes_cps(enc, &in, 1, 1, &want), "byte %02lX", (unsigned long)b);
    }
    /* Encoder: every code point of the BMP (and some beyond). */
    int ok = 1;
    for (uint32_t c = 0; c < 0x10100; c++) {
      if (c >= 0xD800 && c <= 0xDFFF) continue;
      unsigned char out[8];
      url_encoder e;
      int k = encode1(enc, c, out, &e);
      int32_t p = c < 0x80 ? -2 : c < NCP ? first[c] : -1;
      int good = p == -2 ? k == 1 && out[0] == c
                 : p < 0 ? k == URL_ENC_ERROR && e.error_cp == c
                         : k == 1 && out[0] == p + 0x80;
      if (!good) ok = report(0, "encode U+%04lX", (unsigned long)c);
      if (p >= 0) check(good); /* every index entry counts */
      if ((c & 0xFFF) == 0xFFF) { check(ok); ok = 1; }
    }
    free(first);
    free_index(&x);
  }
  section("single-byte text");
  ENC(URL_ENC_WINDOWS_1252, "caf\xC3\xA9 \xE2\x82\xAC", URL_ENC_HTML, "caf\xE9 \x80");
  ENC(URL_ENC_WINDOWS_1252, "\xE2\x98\x83!", URL_ENC_HTML, "&#9731;!");
  ENC(URL_ENC_WINDOWS_1252, "\xF0\x9F\x98\x80", URL_ENC_HTML, "&#128512;");
  check_named(encodes_to(URL_ENC_WINDOWS_1252, "a\xE2\x98\x83", URL_ENC_FATAL, URL_FAILURE, "", 0),
              "fatal mode fails");
  DEC(URL_ENC_WINDOWS_1252, "abcdefghijklmnopqrstuvwxyz\x80\x81", "abcdefghijklmnopqrstuvwxyz\xE2\x82\xAC\xC2\x81");
  DEC(URL_ENC_ISO_8859_3, "\xA5", "\xEF\xBF\xBD");
}

/* ---- CJK ---- */

/* Checks the encoder for every code point 0x80..0x2FFFF against `expect`,
   which writes the expected bytes and returns their count or -1 (error
   with that code point).  An index entry is one check each; the rest one
   check per 4096 code points. */
static void sweep_encoder(int enc, int (*expect)(uint32_t c, unsigned char *out, uint32_t *err),
                          const int32_t *in_index) {
  int ok = 1;
  for (uint32_t c = 0x80; c < NCP; c++) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    unsigned char out[8], want[8];
    uint32_t err = c;
    url_encoder e;
    int k = encode1(enc, c, out, &e);
    int wn = expect(c, want, &err);
    int good = wn < 0 ? k == URL_ENC_ERROR && e.error_cp == err && e.error_len == 0
                      : k == wn && memcmp(out, want, (size_t)wn) == 0;
    if (!good) {
      ok = 0;
      if (fail_budget-- > 0) {
        printf("FAIL [%s] encode U+%04X: got %d bytes", sec_name, (unsigned)c, k);
        for (int i = 0; i < k; i++) printf(" %02X", out[i]);
        printf(", want %d", wn);
        for (int i = 0; i < wn; i++) printf(" %02X", want[i]);
        printf("\n");
      }
    }
    if (in_index && in_index[c] >= 0) check(good);
    if ((c & 0xFFF) == 0xFFF) { check(ok); ok = 1; }
  }
}

static index_t jis0208, jis0212, euckr, big5, gb, gbr, kana;
static int32_t *jis_first, *sjis_first, *kr_first, *b5_first, *gb_first;

/* The expected bytes leading, trailing; 2. */
static int two_bytes(unsigned char *o, long leading, long trailing) {
  o[0] = (unsigned char)leading;
  o[1] = (unsigned char)trailing;
  return 2;
}

/* What EUC-JP's and Shift_JIS's encoders share: U+00A5 is 0x5C and U+203E
   0x7E (1 byte); else 0, and U+2212 is looked up, and an error reported,
   as U+FF0D. */
static int jis_common(uint32_t *c, unsigned char *o, uint32_t *err) {
  if (*c == 0xA5 || *c == 0x203E) { o[0] = *c == 0xA5 ? 0x5C : 0x7E; return 1; }
  if (*c == 0x2212) *c = 0xFF0D;
  *err = *c;
  return 0;
}

static int expect_euc_jp(uint32_t c, unsigned char *o, uint32_t *err) {
  if (c >= 0xFF61 && c <= 0xFF9F) return two_bytes(o, 0x8E, c - 0xFF61 + 0xA1);
  if (jis_common(&c, o, err)) return 1;
  int32_t p = jis_first[c];
  if (p < 0) return -1;
  return two_bytes(o, p / 94 + 0xA1, p % 94 + 0xA1);
}

static int expect_sjis(uint32_t c, unsigned char *o, uint32_t *err) {
  if (c == 0x80) { o[0] = 0x80; return 1; }
  if (c >= 0xFF61 && c <= 0xFF9F) { o[0] = (unsigned char)(c - 0xFF61 + 0xA1); return 1; }
  if (jis_common(&c, o, err)) return 1;
  int32_t p = sjis_first[c];
  if (p < 0) return -1;
  int lead = p / 188, trail = p % 188;
  return two_bytes(o, lead + (lead < 0x1F ? 0x81 : 0xC1), trail + (trail < 0x3F ? 0x40 : 0x41));
}

static int expect_euc_kr(uint32_t c, unsigned char *o, uint32_t *err) {
  int32_t p = kr_first[c];
  if (p < 0) return -1;
  return two_bytes(o, p / 190 + 0x81, p % 190 + 0x41);
}

static int expect_big5(uint32_t c, unsigned char *o, uint32_t *err) {
  int32_t p = b5_first[c];
  if (p < 0) return -1;
  int trail = p % 157;
  return two_bytes(o, p / 157 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x62));
}

/* index gb18030 ranges pointer / code point, transcribed: "the last
   [pointer or code point] in index gb18030 ranges that is less than or
   equal to" v, by a walk from the first. */
static int ref_ranges_row(const uint32_t *keys, long v) {
  int i = 0;
  while (i + 1 < gbr.n && (long)keys[i + 1] <= v) i++;
  return i;
}
static long ref_ranges_pointer(uint32_t c) {
  if (c == 0xE7C7) return 7457;
  int i = ref_ranges_row(gbr.cp, (long)c);
  return (long)gbr.ptr[i] + (long)c - (long)gbr.cp[i];
}
static long ref_ranges_cp(long p) {
  if ((p > 39419 && p < 189000) || p > 1237575) return -1;
  if (p == 7457) return 0xE7C7;
  int i = ref_ranges_row(gbr.ptr, p);
  return (long)gbr.cp[i] + p - (long)gbr.ptr[i];
}
static int four_bytes(long p, unsigned char *o) {
  o[0] = (unsigned char)(p / 12600 + 0x81); p %= 12600;
  o[1] = (unsigned char)(p / 1260 + 0x30); p %= 1260;
  o[2] = (unsigned char)(p / 10 + 0x81);
  o[3] = (unsigned char)(p % 10 + 0x30);
  return 4;
}

static const uint32_t gb_pua[18][2] = {
  {0xE78D, 0xA6D9}, {0xE78E, 0xA6DA}, {0xE78F, 0xA6DB}, {0xE790, 0xA6DC}, {0xE791, 0xA6DD},
  {0xE792, 0xA6DE}, {0xE793, 0xA6DF}, {0xE794, 0xA6EC}, {0xE795, 0xA6ED}, {0xE796, 0xA6F3},
  {0xE81E, 0xFE59}, {0xE826, 0xFE61}, {0xE82B, 0xFE66}, {0xE82C, 0xFE67}, {0xE832, 0xFE6D},
  {0xE843, 0xFE7E}, {0xE854, 0xFE90}, {0xE864, 0xFEA0}};

static int expect_gb(uint32_t c, unsigned char *o, int gbk) {
  if (c == 0xE5E5) return -1;
  if (gbk && c == 0x20AC) { o[0] = 0x80; return 1; }
  for (int k = 0; k < 18; k++) {
    if (gb_pua[k][0] == c) return two_bytes(o, gb_pua[k][1] >> 8, gb_pua[k][1] & 0xFF);
  }
  int32_t p = gb_first[c];
  if (p >= 0) {
    int trail = p % 190;
    return two_bytes(o, p / 190 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x41));
  }
  if (gbk) return -1;
  return four_bytes(ref_ranges_pointer(c), o);
}
static int expect_gbk(uint32_t c, unsigned char *o, uint32_t *err) { return expect_gb(c, o, 1); }
static int expect_gb18030(uint32_t c, unsigned char *o, uint32_t *err) { return expect_gb(c, o, 0); }

/* Decodes the two bytes lead, trail; the expected output is cp (-1: an
   error, then the trail byte again if it is ASCII). */
static int pair_decodes(int enc, unsigned lead, unsigned trail, long cp) {
  unsigned char in[2] = {(unsigned char)lead, (unsigned char)trail};
  uint32_t want[2];
  int k = 0;
  if (cp >= 0) want[k++] = (uint32_t)cp;
  else {
    want[k++] = 0xFFFD;
    if (trail < 0x80) want[k++] = trail;
  }
  return decodes_cps(enc, in, 2, k, want);
}

static void test_japanese(void) {
  section("EUC-JP");
  fail_budget = 10;
  /* jis0208 and jis0212 pointers: (leading − 0xA1) × 94 + byte − 0xA1. */
  for (long p = 0; p < 94 * 94; p++) {
    report(pair_decodes(URL_ENC_EUC_JP, (unsigned)(p / 94 + 0xA1), (unsigned)(p % 94 + 0xA1),
                        index_cp(&jis0208, p)), "jis0208 pointer %lu", (unsigned long)p);
    unsigned char in[3] = {0x8F, (unsigned char)(p / 94 + 0xA1), (unsigned char)(p % 94 + 0xA1)};
    long c = index_cp(&jis0212, p);
    uint32_t w = c < 0 ? 0xFFFD : (uint32_t)c;
    report(decodes_cps(URL_ENC_EUC_JP, in, 3, 1, &w), "jis0212 pointer %lu", (unsigned long)p);
  }
  for (unsigned b = 0; b < 256; b++) {
    unsigned char in[2] = {0x8E, (unsigned char)b};
    uint32_t w[2] = {b >= 0xA1 && b <= 0xDF ? 0xFF61 - 0xA1 + b : 0xFFFDu, b};
    report(decodes_cps(URL_ENC_EUC_JP, in, 2, b >= 0xA1 && b <= 0xDF ? 1 : b < 0x80 ? 2 : 1, w),
           "0x8E %02lX", (unsigned long)b);
  }
  DEC(URL_ENC_EUC_JP, "\xA4", "\xEF\xBF\xBD");
  DEC(URL_ENC_EUC_JP, "\x8F\xB0", "\xEF\xBF\xBD");
  DEC(URL_ENC_EUC_JP, "\x8F\xB0" "a", "\xEF\xBF\xBD" "a");
  DEC(URL_ENC_EUC_JP, "\x8F" "a", "\xEF\xBF\xBD" "a");
  DEC(URL_ENC_EUC_JP, "\xA4" "a\xA4\xA2", "\xEF\xBF\xBD" "a\xE3\x81\x82");
  DEC(URL_ENC_EUC_JP, "\x80\xFF\xA0", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  DEC(URL_ENC_EUC_JP, "\xA4\x80", "\xEF\xBF\xBD");
  sweep_encoder(URL_ENC_EUC_JP, expect_euc_jp, jis_first);

  section("Shift_JIS");
  fail_budget = 10;
  for (long p = 0; p <= (0xFC - 0xC1) * 188 + 187; p++) {
    long lead = p / 188, trail = p % 188;
    lead += lead < 0x1F ? 0x81 : 0xC1;
    trail += trail < 0x3F ? 0x40 : 0x41;
    long c = p >= 8836 && p <= 10715 ? 0xE000 - 8836 + p : index_cp(&jis0208, p);
    report(pair_decodes(URL_ENC_SHIFT_JIS, (unsigned)lead, (unsigned)trail, c),
           "Shift_JIS pointer %lu", (unsigned long)p);
  }
  for (unsigned b = 0; b < 256; b++) {
    unsigned char in = (unsigned char)b;
    uint32_t w = b <= 0x80 ? b : b >= 0xA1 && b <= 0xDF ? 0xFF61 - 0xA1 + b : 0xFFFD;
    report(decodes_cps(URL_ENC_SHIFT_JIS, &in, 1, 1, &w), "Shift_JIS byte %02lX", (unsigned long)b);
  }
  DEC(URL_ENC_SHIFT_JIS, "\x81\x7F", "\xEF\xBF\xBD\x7F");
  DEC(URL_ENC_SHIFT_JIS, "\x81\xFD", "\xEF\xBF\xBD");
  DEC(URL_ENC_SHIFT_JIS, "\x82\xA0" "a\x81", "\xE3\x81\x82" "a\xEF\xBF\xBD");
  sweep_encoder(URL_ENC_SHIFT_JIS, expect_sjis, sjis_first);

  section("ISO-2022-JP");
  fail_budget = 10;
  for (long p = 0; p < 94 * 94; p++) {
    unsigned char in[8] = {0x1B, 0x24, 0x42, (unsigned char)(p / 94 + 0x21),
                           (unsigned char)(p % 94 + 0x21), 0x1B, 0x28, 0x42};
    long c = index_cp(&jis0208, p);
    uint32_t w = c < 0 ? 0xFFFD : (uint32_t)c;
    report(decodes_cps(URL_ENC_ISO_2022_JP, in, 8, 1, &w), "ISO-2022-JP pointer %lu",
           (unsigned long)p);
  }
  /* Decoder states and errors. */
  DEC(URL_ENC_ISO_2022_JP, "a\x1B(J\\~\x1B(Bb", "a\xC2\xA5\xE2\x80\xBE" "b");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(J\\\x1B(B\x1B(J\\\x1B(B", "\xC2\xA5\xEF\xBF\xBD\xC2\xA5");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(I!_\x1B(B", "\xEF\xBD\xA1\xEF\xBE\x9F");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(I`", "\xEF\xBF\xBD");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$@$\"\x1B(B", "\xE3\x81\x82");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$B$", "\xEF\xBF\xBD");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$B$\x1B(Ba", "\xEF\xBF\xBD" "a");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$B$\n", "\xEF\xBF\xBD");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$B\n", "\xEF\xBF\xBD");
  DEC(URL_ENC_ISO_2022_JP, "\x1B", "\xEF\xBF\xBD");
  DEC(URL_ENC_ISO_2022_JP, "\x1Bx", "\xEF\xBF\xBDx");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(", "\xEF\xBF\xBD(");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(x", "\xEF\xBF\xBD(x");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$", "\xEF\xBF\xBD$");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(Ba", "a");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(B\x1B(Ba", "\xEF\xBF\xBD" "a");
  DEC(URL_ENC_ISO_2022_JP, "\x1B(J\x1B$x", "\xEF\xBF\xBD$x"); /* back to the output state: Roman */
  DEC(URL_ENC_ISO_2022_JP, "\x1B(J\x1B$\\", "\xEF\xBF\xBD$\xC2\xA5");
  DEC(URL_ENC_ISO_2022_JP, "\x0E\x0F\x80" "a", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "a");
  DEC(URL_ENC_ISO_2022_JP, "\x1B$B\x21\x21\x1B", "\xE3\x80\x80\xEF\xBF\xBD");

  /* Encoder: every code point as text of one (escapes around it). */
  int ok = 1;
  for (uint32_t c = 0x80; c < 0x10000; c++) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    char in[8], want[16];
    size_t wn = 0;
    in[put8(in, c)] = 0;
    uint32_t m = c == 0x2212 ? 0xFF0D : c >= 0xFF61 && c <= 0xFF9F ? (uint32_t)index_cp(&kana, c - 0xFF61) : c;
    int rc = URL_OK;
    if (c == 0xA5 || c == 0x203E) {
      memcpy(want, c == 0xA5 ? "\x1B(J\\\x1B(B" : "\x1B(J~\x1B(B", 7);
      wn = 7;
    } else if (jis_first[m] >= 0) {
      int32_t p = jis_first[m];
      memcpy(want, "\x1B$B", 3);
      want[3] = (char)(p / 94 + 0x21);
      want[4] = (char)(p % 94 + 0x21);
      memcpy(want + 5, "\x1B(B", 3);
      wn = 8;
    } else {
      wn = (size_t)snprintf(want, sizeof want, "&#%u;", (unsigned)m);
    }
    int good = encodes_to(URL_ENC_ISO_2022_JP, in, URL_ENC_HTML, rc, want, wn);
    if (!good) ok = report(0, "ISO-2022-JP encode U+%04lX", (unsigned long)c);
    if (jis_first[m] >= 0) check(good);
    if ((c & 0xFFF) == 0xFFF) { check(ok); ok = 1; }
  }
  /* State transitions, "restore", end-of-queue's ESC ( B. */
  ENC(URL_ENC_ISO_2022_JP, "a", URL_ENC_HTML, "a");
  ENC(URL_ENC_ISO_2022_JP, "a\xC2\xA5" "b\xE2\x80\xBE\\~", URL_ENC_HTML,
      "a\x1B(J\\b~\x1B(B\\~");
  ENC(URL_ENC_ISO_2022_JP, "\xE3\x81\x82" "a\xC2\xA5\xE3\x81\x82", URL_ENC_HTML,
      "\x1B$B$\"\x1B(Ba\x1B(J\\\x1B$B$\"\x1B(B");
  ENC(URL_ENC_ISO_2022_JP, "\xEF\xBD\xB1\xEF\xBE\x9E", URL_ENC_HTML, "\x1B$B%\"!+\x1B(B");
  ENC(URL_ENC_ISO_2022_JP, "\xE2\x88\x92", URL_ENC_HTML, "\x1B$B!]\x1B(B");
  /* Errors: ESC, SO and SI as U+FFFD; from jis0208, ESC ( B first. */
  ENC(URL_ENC_ISO_2022_JP, "a\x1B" "b", URL_ENC_HTML, "a&#65533;b");
  ENC(URL_ENC_ISO_2022_JP, "\xC2\xA5\x0E", URL_ENC_HTML, "\x1B(J\\&#65533;\x1B(B");
  ENC(URL_ENC_ISO_2022_JP, "\xE3\x81\x82\x0F", URL_ENC_HTML, "\x1B$B$\"\x1B(B&#65533;");
  ENC(URL_ENC_ISO_2022_JP, "\xE3\x81\x82\xC3\xA9\xE3\x81\x82", URL_ENC_HTML,
      "\x1B$B$\"\x1B(B&#233;\x1B$B$\"\x1B(B");
  ENC(URL_ENC_ISO_2022_JP, "\xC2\xA5\xC3\xA9", URL_ENC_HTML, "\x1B(J\\&#233;\x1B(B");
  {
    url_encoder e;
    unsigned char out[8];
    url_encoder_init(&e, URL_ENC_ISO_2022_JP);
    check_named(url_encoder_put(&e, 0x3042, out) == 5 && memcmp(out, "\x1B$B$\"", 5) == 0, "put U+3042");
    check_named(url_encoder_put(&e, 0xE9, out) == URL_ENC_ERROR && e.error_cp == 0xE9 &&
                e.error_len == 3 && memcmp(out, "\x1B(B", 3) == 0 && e.state == 0,
                "put U+00E9 from jis0208: ESC ( B, then error");
    check_named(url_encoder_put(&e, 0x1B, out) == URL_ENC_ERROR && e.error_cp == 0xFFFD &&
                e.error_len == 0, "put ESC: error U+FFFD");
    check_named(url_encoder_end(&e, out) == 0, "end in ASCII: nothing");
    check_named(url_encoder_put(&e, 0x203E, out) == 4 && memcmp(out, "\x1B(J~", 4) == 0, "put U+203E");
    check_named(url_encoder_put(&e, 0xE, out) == URL_ENC_ERROR && e.error_cp == 0xFFFD &&
                e.error_len == 0 && e.state == 1, "put SO in Roman: error U+FFFD, state kept");
    check_named(url_encoder_end(&e, out) == 3 && memcmp(out, "\x1B(B", 3) == 0, "end in Roman");
    check_named(url_encoder_end(&e, out) == 0, "end twice");
  }
  check_named(encodes_to(URL_ENC_ISO_2022_JP, "\xE3\x81\x82\xC3\xA9", URL_ENC_FATAL, URL_FAILURE, "", 0),
              "ISO-2022-JP fatal");
}

static void test_chinese_korean(void) {
  section("EUC-KR");
  fail_budget = 10;
  for (long p = 0; p <= 125 * 190 + 189; p++) {
    report(pair_decodes(URL_ENC_EUC_KR, (unsigned)(p / 190 + 0x81), (unsigned)(p % 190 + 0x41),
                        index_cp(&euckr, p)), "EUC-KR pointer %lu", (unsigned long)p);
  }
  DEC(URL_ENC_EUC_KR, "\x81", "\xEF\xBF\xBD");
  DEC(URL_ENC_EUC_KR, "\x81" "0", "\xEF\xBF\xBD" "0");
  DEC(URL_ENC_EUC_KR, "\xB0\x40", "\xEF\xBF\xBD@");
  DEC(URL_ENC_EUC_KR, "\x80\xFF", "\xEF\xBF\xBD\xEF\xBF\xBD");
  sweep_encoder(URL_ENC_EUC_KR, expect_euc_kr, kr_first);

  section("Big5");
  fail_budget = 10;
  for (long p = 0; p <= 125 * 157 + 156; p++) {
    long lead = p / 157 + 0x81, trail = p % 157;
    trail += trail < 0x3F ? 0x40 : 0x62;
    if (p == 1133 || p == 1135 || p == 1164 || p == 1166) {
      unsigned char in[2] = {(unsigned char)lead, (unsigned char)trail};
      uint32_t w[2] = {p < 1164 ? 0xCA : 0xEA, p == 1133 || p == 1164 ? 0x304 : 0x30C};
      report(decodes_cps(URL_ENC_BIG5, in, 2, 2, w), "Big5 pointer %lu", (unsigned long)p);
      continue;
    }
    report(pair_decodes(URL_ENC_BIG5, (unsigned)lead, (unsigned)trail, index_cp(&big5, p)),
           "Big5 pointer %lu", (unsigned long)p);
  }
  DEC(URL_ENC_BIG5, "\x81", "\xEF\xBF\xBD");
  DEC(URL_ENC_BIG5, "\xA4" "0", "\xEF\xBF\xBD" "0");
  DEC(URL_ENC_BIG5, "\xA4\x80", "\xEF\xBF\xBD");
  DEC(URL_ENC_BIG5, "\x80\xFF" "a", "\xEF\xBF\xBD\xEF\xBF\xBD" "a");
  DEC(URL_ENC_BIG5, "\xA4\xA4\xA4\xE5", "\xE4\xB8\xAD\xE6\x96\x87");
  sweep_encoder(URL_ENC_BIG5, expect_big5, b5_first);
  /* The last-pointer rule and the HKSCS exclusion, spelled out. */
  {
    unsigned char out[8];
    url_encoder e;
    check_named(encode1(URL_ENC_BIG5, 0x2550, out, &e) == 2 && out[0] == 0xF9 && out[1] == 0xF9, "U+2550 -> F9 F9");
    check_named(encode1(URL_ENC_BIG5, 0x5341, out, &e) == 2 && out[0] == 0xA4 && out[1] == 0x51, "U+5341 -> A4 51");
    check_named(encode1(URL_ENC_BIG5, 0x5345, out, &e) == 2 && out[0] == 0xA4 && out[1] == 0xCA, "U+5345 -> A4 CA");
    /* U+00CA is only at pointer 1137, below 5024: not encoded. */
    check_named(encode1(URL_ENC_BIG5, 0x00CA, out, &e) == URL_ENC_ERROR && e.error_cp == 0xCA, "U+00CA error");
  }

  section("gb18030");
  fail_budget = 10;
  for (long p = 0; p <= 125 * 190 + 189; p++) {
    long lead = p / 190 + 0x81, trail = p % 190;
    trail += trail < 0x3F ? 0x40 : 0x41;
    long c = index_cp(&gb, p);
    report(pair_decodes(URL_ENC_GB18030, (unsigned)lead, (unsigned)trail, c), "gb18030 pointer %lu",
           (unsigned long)p);
    report(pair_decodes(URL_ENC_GBK, (unsigned)lead, (unsigned)trail, c), "GBK pointer %lu",
           (unsigned long)p);
  }
  /* Four-byte sequences: every range's first and last pointer, the edges,
     and every 7th pointer. */
  for (long p = 0; p <= 1587599; p += (p < 39420 ? 7 : p < 189000 ? 997 : 101)) {
    unsigned char in[4];
    four_bytes(p, in);
    long c = ref_ranges_cp(p);
    uint32_t w = c < 0 ? 0xFFFD : (uint32_t)c;
    report(decodes_cps(URL_ENC_GB18030, in, 4, 1, &w), "gb18030 ranges pointer %lu", (unsigned long)p);
  }
  static const long edges[] = {0, 7456, 7457, 7458, 39419, 39420, 188999, 189000, 189001,
                               1237575, 1237576, 1587599};
  for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
    unsigned char in[4];
    four_bytes(edges[i], in);
    long c = ref_ranges_cp(edges[i]);
    uint32_t w = c < 0 ? 0xFFFD : (uint32_t)c;
    report(decodes_cps(URL_ENC_GB18030, in, 4, 1, &w), "gb18030 edge %lu", (unsigned long)edges[i]);
  }
  for (int i = 0; i < gbr.n; i++) {
    long ends[2] = {(long)gbr.ptr[i], i + 1 < gbr.n ? (long)gbr.ptr[i + 1] - 1 : 1237575};
    for (int k = 0; k < 2; k++) {
      unsigned char in[4];
      four_bytes(ends[k], in);
      long c = ref_ranges_cp(ends[k]);
      uint32_t w = c < 0 ? 0xFFFD : (uint32_t)c;
      report(decodes_cps(URL_ENC_GB18030, in, 4, 1, &w), "gb18030 range end %lu", (unsigned long)ends[k]);
    }
  }
  DEC(URL_ENC_GB18030, "\x84\x31\xA4\x39", "\xEF\xBF\xBF");         /* U+FFFF */
  DEC(URL_ENC_GB18030, "\x84\x31\xA5\x30", "\xEF\xBF\xBD");         /* 39420: null */
  DEC(URL_ENC_GB18030, "\x90\x30\x81\x30", "\xF0\x90\x80\x80");     /* U+10000 */
  DEC(URL_ENC_GB18030, "\xE3\x32\x9A\x35", "\xF4\x8F\xBF\xBF");     /* U+10FFFF */
  DEC(URL_ENC_GB18030, "\xE3\x32\x9A\x36", "\xEF\xBF\xBD");
  DEC(URL_ENC_GB18030, "\x81\x35\xF4\x37", "\xEE\x9F\x87");         /* U+E7C7 */
  DEC(URL_ENC_GB18030, "\xA3\xA0", "\xE3\x80\x80");                 /* U+3000 */
  DEC(URL_ENC_GB18030, "\x80", "\xE2\x82\xAC");
  DEC(URL_ENC_GBK, "\x80\xFF", "\xE2\x82\xAC\xEF\xBF\xBD");
  /* Truncated and invalid sequences: what is restored is read again. */
  DEC(URL_ENC_GB18030, "\x81", "\xEF\xBF\xBD");
  DEC(URL_ENC_GB18030, "\x81\x30", "\xEF\xBF\xBD");
  DEC(URL_ENC_GB18030, "\x81\x30\x81", "\xEF\xBF\xBD");
  DEC(URL_ENC_GB18030, "\x81\x30" "a", "\xEF\xBF\xBD" "0a");
  DEC(URL_ENC_GB18030, "\x81\x30\x81" "a", "\xEF\xBF\xBD" "0\xE4\xB9\xA4"); /* 81 61: pointer 33, U+4E64 */
  DEC(URL_ENC_GB18030, "\x81\x30\x81\xFF", "\xEF\xBF\xBD" "0\xEF\xBF\xBD");
  DEC(URL_ENC_GB18030, "\x81\x7F", "\xEF\xBF\xBD\x7F");
  DEC(URL_ENC_GB18030, "\x81\xFF" "a", "\xEF\xBF\xBD" "a");
  sweep_encoder(URL_ENC_GB18030, expect_gb18030, gb_first);
  /* Every BMP code point outside the two-byte index round-trips through
     four bytes. */
  {
    int ok = 1;
    for (uint32_t c = 0x80; c < 0x10000; c++) {
      if ((c >= 0xD800 && c <= 0xDFFF) || gb_first[c] >= 0 || c == 0xE5E5) continue;
      int pua = 0;
      for (int k = 0; k < 18; k++) pua |= gb_pua[k][0] == c;
      if (pua) continue;
      unsigned char out[8];
      url_encoder e;
      int k = encode1(URL_ENC_GB18030, c, out, &e);
      if (k != 4 || !decodes_cps(URL_ENC_GB18030, out, 4, 1, &c)) ok = report(0, "round trip U+%04lX", (unsigned long)c);
    }
    check_named(ok, "four-byte round trip");
  }
  {
    unsigned char out[8];
    url_encoder e;
    check_named(encode1(URL_ENC_GB18030, 0xE5E5, out, &e) == URL_ENC_ERROR && e.error_cp == 0xE5E5, "U+E5E5 error");
    check_named(encode1(URL_ENC_GB18030, 0x3000, out, &e) == 2 && out[0] == 0xA1 && out[1] == 0xA1, "U+3000 -> A1 A1");
    check_named(encode1(URL_ENC_GB18030, 0xE7C7, out, &e) == 4 && memcmp(out, "\x81\x35\xF4\x37", 4) == 0, "U+E7C7");
    check_named(encode1(URL_ENC_GB18030, 0x20AC, out, &e) == 2 && out[0] == 0xA2 && out[1] == 0xE3, "gb18030 U+20AC -> A2 E3");
    check_named(encode1(URL_ENC_GB18030, 0xE78D, out, &e) == 2 && out[0] == 0xA6 && out[1] == 0xD9, "U+E78D -> A6 D9");
    check_named(encode1(URL_ENC_GB18030, 0x10FFFF, out, &e) == 4 && memcmp(out, "\xE3\x32\x9A\x35", 4) == 0, "U+10FFFF");
    check_named(encode1(URL_ENC_GB18030, 0x80, out, &e) == 4 && memcmp(out, "\x81\x30\x81\x30", 4) == 0, "U+0080");
  }

  section("GBK");
  fail_budget = 10;
  sweep_encoder(URL_ENC_GBK, expect_gbk, gb_first);
  ENC(URL_ENC_GBK, "\xE2\x82\xAC\xF0\x9F\x98\x80", URL_ENC_HTML, "\x80&#128512;");
  ENC(URL_ENC_GB18030, "\xE2\x82\xAC\xF0\x9F\x98\x80", URL_ENC_HTML, "\xA2\xE3\x94\x39\xFC\x36");
}

/* ---- The multi-byte decoders transcribed literally ---- */

/* An I/O queue of bytes with "restore" (items pushed back in front) and
   an end-of-queue that stays. */
typedef struct ioq {
  const unsigned char *s;
  size_t n, i;
  int back[4], nback;
} ioq;
#define EOQ (-1)
static int q_read(ioq *q) {
  if (q->nback) {
    int b = q->back[0];
    memmove(q->back, q->back + 1, (size_t)--q->nback * sizeof *q->back);
    return b;
  }
  return q->i < q->n ? q->s[q->i++] : EOQ;
}
/* "Restore" items (EOQ items are not restored: it stays in the queue). */
static void q_restore(ioq *q, int k, const int *items) {
  int m = 0;
  for (int j = 0; j < k; j++) m += items[j] != EOQ;
  memmove(q->back + m, q->back, (size_t)q->nback * sizeof *q->back);
  for (int j = 0, t = 0; j < k; j++) {
    if (items[j] != EOQ) q->back[t++] = items[j];
  }
  q->nback += m;
}

enum { H_CONTINUE = -1, H_FINISHED = -2, H_ERROR = -3 };
typedef struct ref_dec {
  int enc;
  int first, second, third; /* gb18030 */
  int lead;                 /* Big5, EUC-JP, Shift_JIS, EUC-KR leading */
  int jis0212;
  int st, out_st, output, iso_lead; /* ISO-2022-JP */
  uint32_t extra;           /* Big5's second code point */
} ref_dec;
enum { S_ASCII, S_ROMAN, S_KATAKANA, S_LEAD, S_TRAIL, S_ESC_START, S_ESC };

static int ascii(int b) { return b >= 0 && b <= 0x7F; }
static int in(int b, int lo, int hi) { return b >= lo && b <= hi; }

/* The two-byte decoders' (Big5, EUC-JP, Shift_JIS, EUC-KR) end-of-queue:
   "If byte is end-of-queue and leading is not 0x00, set leading to 0x00
   and return error.  If byte is end-of-queue and leading is 0x00, return
   finished." */
static long ref_eoq(int *lead) {
  if (!*lead) return H_FINISHED;
  *lead = 0;
  return H_ERROR;
}
/* "If byte is [a leading byte], then set leading to byte and return
   continue.  Return error." */
static long ref_lead(int *lead, int byte, int is_lead) {
  if (!is_lead) return H_ERROR;
  *lead = byte;
  return H_CONTINUE;
}
/* The pair's last steps: "If codePoint is non-null, return a code point
   whose value is codePoint.  If byte is an ASCII byte, restore byte to
   ioQueue.  Return error." */
static long ref_pair_end(ioq *q, long c, int byte) {
  if (c >= 0) return c;
  if (ascii(byte)) q_restore(q, 1, &byte);
  return H_ERROR;
}

/* One handler call: a code point (>= 0), or H_*. */
static long ref_handler(ref_dec *d, ioq *q, int byte) {
  switch (d->enc) {
    case URL_ENC_GBK:
    case URL_ENC_GB18030:
      if (byte == EOQ && !d->first && !d->second && !d->third) return H_FINISHED;
      if (byte == EOQ) { d->first = d->second = d->third = 0; return H_ERROR; }
      if (d->third) {
        if (!in(byte, 0x30, 0x39)) {
          int r[3] = {d->second, d->third, byte};
          q_restore(q, 3, r);
          d->first = d->second = d->third = 0;
          return H_ERROR;
        }
        long c = ref_ranges_cp((d->first - 0x81) * 12600L + (d->second - 0x30) * 1260L +
                               (d->third - 0x81) * 10L + byte - 0x30);
        d->first = d->second = d->third = 0;
        return c < 0 ? H_ERROR : c;
      }
      if (d->second) {
        if (in(byte, 0x81, 0xFE)) { d->third = byte; return H_CONTINUE; }
        int r[2] = {d->second, byte};
        q_restore(q, 2, r);
        d->first = d->second = 0;
        return H_ERROR;
      }
      if (d->first) {
        if (in(byte, 0x30, 0x39)) { d->second = byte; return H_CONTINUE; }
        int leading = d->first;
        long p = -1;
        d->first = 0;
        int off = byte < 0x7F ? 0x40 : 0x41;
        if (in(byte, 0x40, 0x7E) || in(byte, 0x80, 0xFE)) p = (leading - 0x81) * 190L + (byte - off);
        long c = p < 0 ? -1 : index_cp(&gb, p);
        return ref_pair_end(q, c, byte);
      }
      if (ascii(byte)) return byte;
      if (byte == 0x80) return 0x20AC;
      return ref_lead(&d->first, byte, in(byte, 0x81, 0xFE));
    case URL_ENC_BIG5:
      if (byte == EOQ) return ref_eoq(&d->lead);
      if (d->lead) {
        int leading = d->lead;
        long p = -1;
        d->lead = 0;
        int off = byte < 0x7F ? 0x40 : 0x62;
        if (in(byte, 0x40, 0x7E) || in(byte, 0xA1, 0xFE)) p = (leading - 0x81) * 157L + (byte - off);
        if (p == 1133) { d->extra = 0x304; return 0xCA; }
        if (p == 1135) { d->extra = 0x30C; return 0xCA; }
        if (p == 1164) { d->extra = 0x304; return 0xEA; }
        if (p == 1166) { d->extra = 0x30C; return 0xEA; }
        long c = p < 0 ? -1 : index_cp(&big5, p);
        return ref_pair_end(q, c, byte);
      }
      if (ascii(byte)) return byte;
      return ref_lead(&d->lead, byte, in(byte, 0x81, 0xFE));
    case URL_ENC_EUC_JP:
      if (byte == EOQ) return ref_eoq(&d->lead);
      if (d->lead == 0x8E && in(byte, 0xA1, 0xDF)) { d->lead = 0; return 0xFF61 - 0xA1 + byte; }
      if (d->lead == 0x8F && in(byte, 0xA1, 0xFE)) { d->jis0212 = 1; d->lead = byte; return H_CONTINUE; }
      if (d->lead) {
        int leading = d->lead;
        long c = -1;
        d->lead = 0;
        if (in(leading, 0xA1, 0xFE) && in(byte, 0xA1, 0xFE)) {
          c = index_cp(d->jis0212 ? &jis0212 : &jis0208, (leading - 0xA1) * 94L + byte - 0xA1);
        }
        d->jis0212 = 0;
        return ref_pair_end(q, c, byte);
      }
      if (ascii(byte)) return byte;
      return ref_lead(&d->lead, byte, byte == 0x8E || byte == 0x8F || in(byte, 0xA1, 0xFE));
    case URL_ENC_SHIFT_JIS:
      if (byte == EOQ) return ref_eoq(&d->lead);
      if (d->lead) {
        int leading = d->lead;
        long p = -1;
        d->lead = 0;
        int off = byte < 0x7F ? 0x40 : 0x41, loff = leading < 0xA0 ? 0x81 : 0xC1;
        if (in(byte, 0x40, 0x7E) || in(byte, 0x80, 0xFC)) p = (leading - loff) * 188L + byte - off;
        if (in(p, 8836, 10715)) return 0xE000 - 8836 + p;
        long c = p < 0 ? -1 : index_cp(&jis0208, p);
        return ref_pair_end(q, c, byte);
      }
      if (ascii(byte) || byte == 0x80) return byte;
      if (in(byte, 0xA1, 0xDF)) return 0xFF61 - 0xA1 + byte;
      return ref_lead(&d->lead, byte, in(byte, 0x81, 0x9F) || in(byte, 0xE0, 0xFC));
    case URL_ENC_EUC_KR:
      if (byte == EOQ) return ref_eoq(&d->lead);
      if (d->lead) {
        int leading = d->lead;
        long p = -1;
        d->lead = 0;
        if (in(byte, 0x41, 0xFE)) p = (leading - 0x81) * 190L + (byte - 0x41);
        long c = p < 0 ? -1 : index_cp(&euckr, p);
        return ref_pair_end(q, c, byte);
      }
      if (ascii(byte)) return byte;
      return ref_lead(&d->lead, byte, in(byte, 0x81, 0xFE));
    default: /* ISO-2022-JP */
      switch (d->st) {
        case S_ASCII: case S_ROMAN: case S_KATAKANA: case S_LEAD:
          if (byte == 0x1B) { d->st = S_ESC_START; return H_CONTINUE; }
          if (byte == EOQ) return H_FINISHED;
          d->output = 0;
          if (d->st == S_ASCII && ascii(byte) && byte != 0x0E && byte != 0x0F) return byte;
          if (d->st == S_ROMAN && byte == 0x5C) return 0xA5;
          if (d->st == S_ROMAN && byte == 0x7E) return 0x203E;
          if (d->st == S_ROMAN && ascii(byte) && byte != 0x0E && byte != 0x0F) return byte;
          if (d->st == S_KATAKANA && in(byte, 0x21, 0x5F)) return 0xFF61 - 0x21 + byte;
          if (d->st == S_LEAD && in(byte, 0x21, 0x7E)) {
            d->iso_lead = byte; d->st = S_TRAIL; return H_CONTINUE;
          }
          return H_ERROR;
        case S_TRAIL:
          if (byte == 0x1B) { d->st = S_ESC_START; return H_ERROR; }
          d->st = S_LEAD;
          if (in(byte, 0x21, 0x7E)) {
            long c = index_cp(&jis0208, (d->iso_lead - 0x21) * 94L + byte - 0x21);
            return c < 0 ? H_ERROR : c;
          }
          return H_ERROR;
        case S_ESC_START:
          if (byte == 0x24 || byte == 0x28) { d->iso_lead = byte; d->st = S_ESC; return H_CONTINUE; }
          if (byte != EOQ) q_restore(q, 1, &byte);
          d->output = 0; d->st = d->out_st;
          return H_ERROR;
        default: { /* S_ESC */
          int leading = d->iso_lead, state = -1;
          d->iso_lead = 0;
          if (leading == 0x28 && byte == 0x42) state = S_ASCII;
          if (leading == 0x28 && byte == 0x4A) state = S_ROMAN;
          if (leading == 0x28 && byte == 0x49) state = S_KATAKANA;
          if (leading == 0x24 && (byte == 0x40 || byte == 0x42)) state = S_LEAD;
          if (state >= 0) {
            d->st = d->out_st = state;
            int output = d->output;
            d->output = 1;
            return output ? H_ERROR : H_CONTINUE;
          }
          int r[2] = {leading, byte};
          q_restore(q, byte == EOQ ? 1 : 2, r);
          d->output = 0; d->st = d->out_st;
          return H_ERROR;
        }
      }
  }
}

/* "Process a queue" in replacement mode; returns the code points. */
static int ref_decode(int enc, const unsigned char *s, size_t n, uint32_t *out) {
  ioq q = {s, n, 0, {0}, 0};
  ref_dec d;
  memset(&d, 0, sizeof d);
  d.enc = enc;
  int k = 0;
  for (;;) {
    long r = ref_handler(&d, &q, q_read(&q));
    if (r == H_FINISHED) return k;
    if (r == H_ERROR) out[k++] = 0xFFFD;
    else if (r >= 0) {
      out[k++] = (uint32_t)r;
      if (d.extra) { out[k++] = d.extra; d.extra = 0; }
    }
  }
}

/* Random input biased to each encoding's interesting bytes, through the
   library and the transcription. */
static void test_random_multibyte(void) {
  static const int encs[] = {URL_ENC_GBK, URL_ENC_GB18030, URL_ENC_BIG5, URL_ENC_EUC_JP,
                             URL_ENC_ISO_2022_JP, URL_ENC_SHIFT_JIS, URL_ENC_EUC_KR};
  static const unsigned char pool[] = {0x00, 0x0E, 0x0F, 0x1B, 0x1B, 0x1B, 0x21, 0x24, 0x28, 0x28,
                                       0x30, 0x35, 0x39, 0x40, 0x41, 0x42, 0x49, 0x4A, 0x5C, 0x5F,
                                       0x61, 0x7E, 0x7F, 0x80, 0x81, 0x84, 0x87, 0x88, 0x8E, 0x8F,
                                       0x90, 0x9F, 0xA0, 0xA1, 0xA4, 0xB0, 0xC6, 0xDF, 0xE0, 0xE3,
                                       0xF0, 0xF9, 0xFC, 0xFD, 0xFE, 0xFF};
  for (size_t k = 0; k < sizeof encs / sizeof *encs; k++) {
    static char names[7][32]; /* section() keeps the pointer */
    snprintf(names[k], sizeof names[k], "%s random", url_encoding_name(encs[k]));
    section(names[k]);
    fail_budget = 5;
    for (int t = 0; t < 20000; t++) {
      unsigned char s[20];
      uint32_t want[64];
      size_t n = rng() % sizeof s;
      for (size_t i = 0; i < n; i++) s[i] = rng() % 4 ? pool[rng() % sizeof pool] : (unsigned char)rng();
      int m = ref_decode(encs[k], s, n, want);
      report(decodes_cps(encs[k], s, n, m, want), "random input %lu", (unsigned long)t);
    }
  }
}

/* ---- Long texts: ASCII runs between other characters, the fast paths'
   word boundaries, and the output limit ---- */

/* 1 if cp encodes alone in enc and decodes back to itself. */
static int round_trips(int enc, uint32_t cp) {
  unsigned char out[16];
  url_encoder e;
  int k = encode1(enc, cp, out, &e);
  if (k < 0) return 0;
  k += url_encoder_end(&e, out + k);
  return decodes_cps(enc, out, (size_t)k, 1, &cp);
}

static void test_long_texts(void) {
  section("long texts");
  fail_budget = 10;
  for (int enc = 0; enc < URL_ENC_COUNT; enc++) {
    if (url_encoding_output(enc) != enc) continue;
    url_buf text, bytes, back;
    url_buf_init(&text, &url_mem_libc, NULL, 0, 1 << 24);
    url_buf_init(&bytes, &url_mem_libc, NULL, 0, 1 << 24);
    url_buf_init(&back, &url_mem_libc, NULL, 0, 1 << 24);
    int saved = fail_budget;
    fail_budget = 0; /* round_trips() probes quietly */
    for (int i = 0; i < 20000; i++) {
      int run = (int)(rng() % 24);
      for (int j = 0; j < run; j++) url_buf_putc(&text, (char)(0x20 + rng() % 0x5F));
      for (int tries = 0; tries < 50; tries++) {
        uint32_t c = 0x80 + rng() % (rng() % 2 ? 0x2F80 : 0x2FF80);
        if (c >= 0xD800 && c <= 0xDFFF) continue;
        if (round_trips(enc, c)) {
          url_buf_put_utf8(&text, c);
          break;
        }
      }
    }
    fail_budget = saved;
    int rc = url_encode_text(&bytes, enc, text.ptr, text.len, URL_ENC_FATAL);
    int rc2 = url_decode_bytes(&back, enc, (const unsigned char *)bytes.ptr, bytes.len);
    report(rc == URL_OK && rc2 == URL_OK && back.len == text.len &&
           memcmp(back.ptr, text.ptr, text.len) == 0, "round trip of a long text in %s",
           url_encoding_name(enc));
    /* The output limit: URL_TOOBIG.  (url_buf enforces max when it grows,
       and grows by doubling: half the length is surely over.) */
    url_buf small;
    char stack[64];
    url_buf_init(&small, &url_mem_libc, stack, sizeof stack, bytes.len / 2 - 1);
    report(url_encode_text(&small, enc, text.ptr, text.len, URL_ENC_FATAL) == URL_TOOBIG &&
           small.len < bytes.len, "encode over the limit %lu", (unsigned long)enc);
    url_buf_free(&small);
    url_buf_init(&small, &url_mem_libc, stack, sizeof stack, text.len / 2 - 1);
    report(url_decode_bytes(&small, enc, (const unsigned char *)bytes.ptr, bytes.len) == URL_TOOBIG &&
           small.len < text.len, "decode over the limit %lu", (unsigned long)enc);
    url_buf_free(&small);
    /* Exactly at the limit: fits. */
    url_buf_init(&small, &url_mem_libc, stack, sizeof stack, text.len);
    report(url_decode_bytes(&small, enc, (const unsigned char *)bytes.ptr, bytes.len) == URL_OK &&
           small.len == text.len, "decode at the limit %lu", (unsigned long)enc);
    url_buf_free(&small);
    url_buf_free(&text);
    url_buf_free(&bytes);
    url_buf_free(&back);
  }
  /* UTF-16 and replacement decode too, at a limit of one byte. */
  for (int enc = URL_ENC_REPLACEMENT; enc <= URL_ENC_UTF_16LE; enc++) {
    url_buf small;
    url_buf_init(&small, &url_mem_libc, NULL, 0, 1);
    report(url_decode_bytes(&small, enc, (const unsigned char *)"\xFF\xFE\xFF\xFE", 4) == URL_TOOBIG,
           "decode over the limit %lu", (unsigned long)enc);
    url_buf_free(&small);
  }
}

/* ---- WPT url/resources/percent-encoding.json: the URL Standard's
   percent-encode after encoding (query set) through url_encoder_put ---- */

static void test_wpt_percent_encoding(void) {
  section("WPT percent-enc");
  fail_budget = 10;
  char path[4096];
  fclose(shared_open("wpt/percent-encoding.json", "rb"));
  json_value *root = json_parse_file(shared_path(path, sizeof path, "wpt/percent-encoding.json"));
  if (!check_named(root != NULL, "percent-encoding.json parses")) return;
  int cases = 0;
  for (size_t i = 0; i < json_len(root); i++) {
    const json_value *t = json_at(root, i);
    if (json_is_string(t)) continue;
    size_t n;
    const char *input = json_str(json_get(t, "input"), &n);
    const json_value *outs = json_get(t, "output");
    for (size_t k = 0; outs && k < outs->count; k++) {
      const char *label = json_str(&outs->keys[k], NULL);
      const char *want = json_str(&outs->items[k], NULL);
      int enc = url_encoding_get(label, strlen(label));
      char got[256];
      size_t g = 0, j = 0;
      url_encoder e;
      url_encoder_init(&e, url_encoding_output(enc));
      unsigned char b[16];
      while (j < n) {
        uint32_t cp = url_utf8_next((const unsigned char *)input, n, &j);
        int r = url_encoder_put(&e, cp, b);
        int m = r < 0 ? e.error_len : r;
        for (int x = 0; x <= m; x++) {
          if (x == m) {
            /* "percent-encode after encoding": an error is %26%23N%3B */
            if (r < 0) g += (size_t)snprintf(got + g, sizeof got - g, "%%26%%23%u%%3B", (unsigned)e.error_cp);
            break;
          }
          unsigned c = b[x];
          if (c < 0x21 || c > 0x7E || c == '"' || c == '#' || c == '<' || c == '>') {
            g += (size_t)snprintf(got + g, sizeof got - g, "%%%02X", c);
          } else {
            got[g++] = (char)c;
          }
        }
      }
      int m = url_encoder_end(&e, b);
      for (int x = 0; x < m; x++) {
        unsigned c = b[x];
        if (c < 0x21 || c > 0x7E) g += (size_t)snprintf(got + g, sizeof got - g, "%%%02X", c);
        else got[g++] = (char)c;
      }
      got[g] = 0;
      cases++;
      if (!check_named(enc >= 0 && strcmp(got, want) == 0, label)) {
        printf("  input %s: got %s want %s\n", input, got, want);
      }
    }
  }
  check_named(cases >= 15, "percent-encoding.json cases");
  json_free(root);
}

int main(void) {
  printf("encoding tables: %zu bytes\n", url_enc_table_bytes);
  test_labels();
  test_utf8();
  test_utf16();
  test_misc();
  test_single_byte();

  jis0208 = load_index("jis0208");
  jis0212 = load_index("jis0212");
  euckr = load_index("euc-kr");
  big5 = load_index("big5");
  gb = load_index("gb18030");
  gbr = load_index("gb18030-ranges");
  kana = load_index("iso-2022-jp-katakana");
  /* "index pointer"; "index Shift_JIS pointer" (8272..8835 excluded);
     "index Big5 pointer" (below (0xA1 - 0x81) × 157 excluded, the last
     pointer for six code points). */
  static const uint32_t big5_last[] = {0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345};
  jis_first = pointer_map(&jis0208, 1, 0, NULL, 0);
  sjis_first = pointer_map(&jis0208, 8272, 8835, NULL, 0);
  kr_first = pointer_map(&euckr, 1, 0, NULL, 0);
  b5_first = pointer_map(&big5, 0, (0xA1 - 0x81) * 157 - 1, big5_last, 6);
  gb_first = pointer_map(&gb, 1, 0, NULL, 0);
  test_japanese();
  test_chinese_korean();
  test_random_multibyte();
  test_long_texts();
  test_wpt_percent_encoding();
  section_end();
  free(jis_first); free(sjis_first); free(kr_first); free(b5_first); free(gb_first);
  free_index(&jis0208); free_index(&jis0212); free_index(&euckr); free_index(&big5);
  free_index(&gb); free_index(&gbr); free_index(&kana);
  return check_summary();
}
