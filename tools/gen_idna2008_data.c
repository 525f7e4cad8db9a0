/*
** Generates tests/data/idna2008.json: the IDNA2008 answer of libidn2, under
** the project's rule set (parts/idna2008.h), for every input of the WPT host
** data toascii.json and IdnaTestV2.json of ../shared/wpt ($SHARED_DIR/wpt,
** or the directory given as argument; tests/shared_data.h).  The answers
** come from the slow literal reference (tests/idna2008_ref.c), not from
** core/, and the file records the libidn2 version that gave them, so that
** tests/idna2008_test.c can tell a change of libidn2 from a change of ours.
**
**   make idna2008-data      (runs this and writes the file)
**
** Run it again only on purpose (a libidn2 upgrade, new WPT data), and review
** the diff: every changed line is a name whose fate changed.
**
** Output: {"libidn2": VERSION, "flags": ..., "cases": [{"file", "input",
** "ascii", "unicode", "error"}...]} with one case per input, in file order
** (comments skipped); ascii/unicode are null when refused, error null when
** accepted.  Strings are raw UTF-8 with control characters and U+2028/9
** escaped as \uXXXX.
*/
#include <idn2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idna2008_ref.h"
#include "json.h"
#include "shared_data.h"

static void put_str(const char *s, size_t n) {
  if (!s) {
    fputs("null", stdout);
    return;
  }
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') {
      printf("\\%c", c);
    } else if (c < 0x20 || c == 0x7F) {
      printf("\\u%04X", c);
    } else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
               ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9)) {
      printf("\\u%04X", (unsigned char)s[i + 2] == 0xA8 ? 0x2028 : 0x2029);
      i += 2;
    } else {
      putchar(c);
    }
  }
  putchar('"');
}

static void put_cstr(const char *s) { put_str(s, s ? strlen(s) : 0); }

static int run_file(const char *dir, const char *file, int *first) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  json_value *doc = json_parse_file(path);
  fprintf(stderr, "data: %s\n", path); /* stdout is the JSON made */
  if (!doc || doc->type != JSON_ARRAY) {
    fprintf(stderr, "%s: cannot load (../shared beside the checkout, or "
            "make SHARED_DIR=DIR)\n", path);
    json_free(doc);
    return 1;
  }
  for (size_t i = 0; i < json_len(doc); i++) {
    const json_value *c = json_at(doc, i);
    if (c->type == JSON_STRING) continue; /* a comment */
    size_t n;
    const char *in = json_str(json_get(c, "input"), &n);
    if (!in) {
      fprintf(stderr, "%s: case %zu has no input\n", file, i);
      json_free(doc);
      return 1;
    }
    char *ascii, *unicode;
    const char *err = ref_idna2008(in, n, &ascii, &unicode);
    fputs(*first ? "\n" : ",\n", stdout);
    *first = 0;
    printf("{\"file\": ");
    put_cstr(file);
    printf(", \"input\": ");
    put_str(in, n);
    printf(", \"ascii\": ");
    put_cstr(ascii);
    printf(", \"unicode\": ");
    put_cstr(unicode);
    printf(", \"error\": ");
    put_cstr(err);
    putchar('}');
    free(ascii);
    free(unicode);
  }
  json_free(doc);
  return 0;
}

int main(int argc, char **argv) {
  char wpt[4096];
  const char *dir = argc > 1 ? argv[1] : shared_path(wpt, sizeof wpt, "wpt");
  int first = 1;
  printf("{\"libidn2\": ");
  put_cstr(idn2_check_version(NULL));
  printf(",\n \"flags\": \"idn2_lookup_u8 IDN2_NONTRANSITIONAL|"
         "IDN2_USE_STD3_ASCII_RULES; STD3-disallowed code points refused "
         "(IDN2_DISALLOWED); empty labels refused (EMPTY_LABEL)\",\n"
         " \"cases\": [");
  if (run_file(dir, "toascii.json", &first) ||
      run_file(dir, "IdnaTestV2.json", &first))
    return 1;
  printf("\n]}\n");
  return ferror(stdout) != 0;
}
