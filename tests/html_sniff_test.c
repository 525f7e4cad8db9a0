/*
** Encoding sniffing (html/sniff.c) against html5lib-tests' encoding suite
** (../shared/html5lib-tests/encoding/tests1.dat, tests2.dat,
** test-yahoo-jp.dat): each #data document, sniffed without a transport
** encoding (html_encoding: the prescan of 1024 bytes, then the tree
** builder's late <meta>), must give the #encoding label's encoding.  encoding/scripted/
** needs a script engine (document.write) and is not run; chardet/ is a
** sample for statistical detection, which the Standard leaves optional and
** this project does not do.  Then unit cases: the BOM wins over the
** transport encoding, which wins over <meta>; the decode.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "mem_libc.h"
#include "shared_read.h"
#include "links.h"
#include "sniff.h"

static int total;

static void run_file(const char *rel) {
  size_t n;
  char *s = shared_read_all(rel, &n);
  int p0 = passed, f0 = failed;
  char *p = s, *end = s + n;
  while ((p = strstr(p, "#data\n")) != NULL) {
    char *data = p + 6;
    char *enc = strstr(data, "\n#encoding\n");
    if (!enc) break;
    char *label = enc + 11;
    char *le = memchr(label, '\n', (size_t)(end - label));
    if (!le) le = end;
    int want = url_encoding_get(label, (size_t)(le - label));
    size_t bom;
    int got = html_encoding(&url_mem_libc, (const unsigned char *)data,
                            (size_t)(enc - data), URL_ENC_NONE, &bom);
    total++;
    if (!check(want != URL_ENC_NONE && got == want)) {
      printf("FAIL %s: want %.*s, got %s for ", rel, (int)(le - label), label,
             url_encoding_name(got));
      json_print_str(data, (size_t)(enc - data) > 200 ? 200 : (size_t)(enc - data));
      printf("\n");
    }
    p = le;
  }
  printf("%s: %d passed, %d failed\n", rel, passed - p0, failed - f0);
  free(s);
}

static void unit(const char *what, const char *doc, size_t n, int transport,
                 int want, size_t want_bom) {
  size_t bom;
  int got = html_encoding(&url_mem_libc, (const unsigned char *)doc, n, transport, &bom);
  if (!check(got == want && bom == want_bom))
    printf("FAIL %s: got %s bom %zu\n", what, url_encoding_name(got), bom);
}

static void decode(const char *what, const char *doc, size_t n, int enc,
                   size_t bom, const char *want) {
  url_buf b;
  char st[64];
  url_buf_init(&b, &url_mem_libc, st, sizeof st, 1 << 20);
  const char *text;
  size_t len;
  int rc = html_decode(&b, enc, (const unsigned char *)doc, n, bom, &text, &len);
  if (!check(rc == 0 && len == strlen(want) && memcmp(text, want, len) == 0))
    printf("FAIL %s: got %.*s\n", what, (int)len, text);
  url_buf_free(&b);
}

int main(void) {
  run_file("html5lib-tests/encoding/tests1.dat");
  run_file("html5lib-tests/encoding/tests2.dat");
  run_file("html5lib-tests/encoding/test-yahoo-jp.dat");
  printf("html5lib encoding sniffing: %d of %d documents\n", passed, total);

  /* Each document: the transport encoding, the encoding and BOM length
     it must give. */
#define DOC(lit) lit, sizeof lit - 1
  static const struct {
    const char *what, *doc;
    size_t n;
    int transport, want;
    size_t bom;
  } docs[] = {
      {"meta", DOC("<meta charset=koi8-r>"), URL_ENC_NONE, URL_ENC_KOI8_R, 0},
      {"transport over meta", DOC("<meta charset=koi8-r>"), URL_ENC_ISO_8859_2,
       URL_ENC_ISO_8859_2, 0},
      {"BOM over transport", DOC("\xEF\xBB\xBF<meta charset=koi8-r>"),
       URL_ENC_ISO_8859_2, URL_ENC_UTF_8, 3},
      {"UTF-16LE BOM", DOC("\xFF\xFE<\0a\0"), URL_ENC_NONE, URL_ENC_UTF_16LE, 2},
      {"default", DOC("<p>"), URL_ENC_NONE, URL_ENC_WINDOWS_1252, 0},
      {"meta UTF-16 is UTF-8", DOC("<meta charset=utf-16le>"), URL_ENC_NONE,
       URL_ENC_UTF_8, 0},
      {"meta x-user-defined is windows-1252",
       DOC("<meta charset=x-user-defined>"), URL_ENC_NONE, URL_ENC_WINDOWS_1252,
       0},
      {"pragma after content",
       DOC("<meta content='text/html; charset=\"shift_jis\"' http-equiv=Content-Type>"),
       URL_ENC_NONE, URL_ENC_SHIFT_JIS, 0},
      {"content without the pragma",
       DOC("<meta content='text/html; charset=shift_jis'>"), URL_ENC_NONE,
       URL_ENC_WINDOWS_1252, 0},
      {"late meta in template contents",
       DOC("<template><meta charset=koi8-u></template><meta charset=koi8-r>"),
       URL_ENC_NONE, URL_ENC_KOI8_U, 0},
      {"late meta breaks out of svg; a bad label is passed over",
       DOC("<svg><meta charset=bogus><meta charset=koi8-r>"), URL_ENC_NONE,
       URL_ENC_KOI8_R, 0},
  };
#undef DOC
  for (size_t k = 0; k < sizeof docs / sizeof docs[0]; k++) {
    unit(docs[k].what, docs[k].doc, docs[k].n, docs[k].transport, docs[k].want,
         docs[k].bom);
  }
  /* 2,000 bytes of comment first: past the prescan's 1024 bytes. */
  char late[2100];
  memset(late, ' ', sizeof late);
  memcpy(late, "<!--", 4);
  memcpy(late + 2000, "--><meta charset=koi8-r>", 24);
  unit("meta past 1024 bytes: the tree builder's change", late, 2024,
       URL_ENC_NONE, URL_ENC_KOI8_R, 0);
  size_t b;
  int tentative;
  check_named(html_sniff((const unsigned char *)late, 2024, URL_ENC_NONE, &b,
                         &tentative) == URL_ENC_WINDOWS_1252 && tentative,
              "prescan stops at 1024 bytes");
  /* Past the prescan's bytes, a <meta> in a script is script. */
  char scr[1200];
  memset(scr, ' ', 1100);
  memcpy(scr + 1100, "<script>'<meta charset=koi8-r>'</script>", 41);
  unit("late meta in a script is not one", scr, 1141, URL_ENC_NONE,
       URL_ENC_WINDOWS_1252, 0);

  decode("UTF-8 with BOM", "\xEF\xBB\xBFx\xE2\x82\xAC", 7, URL_ENC_UTF_8, 3,
         "x\xE2\x82\xAC");
  decode("invalid UTF-8", "a\xFF" "b", 3, URL_ENC_UTF_8, 0, "a\xEF\xBF\xBD" "b");
  decode("windows-1252", "\x80\xE9", 2, URL_ENC_WINDOWS_1252, 0,
         "\xE2\x82\xAC\xC3\xA9");
  decode("UTF-16LE", "\xFF\xFE<\0a\0", 6, URL_ENC_UTF_16LE, 2, "<a");
  return check_summary();
}
