/*
** The reference IDNA2008 lookup (see idna2008_ref.h).
*/
#include "idna2008_ref.h"

#include <idn2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FLAGS IDN2_NONTRANSITIONAL

/* libidn2's answer for z: its rc, and whether the output is empty. */
static int ask(const char *z, int flags, int *empty) {
  uint8_t *out = NULL;
  int rc = idn2_lookup_u8((const uint8_t *)z, &out, flags);
  if (rc == IDN2_MALLOC) abort();
  *empty = rc == IDN2_OK && out[0] == '\0';
  idn2_free(out);
  return rc;
}

/* Does libidn2 delete the code point c[0..len) under the STD3 flag? */
static int std3_deleted(const char *c, size_t len) {
  char z[8];
  int gone, kept_empty;
  memcpy(z, c, len);
  z[len] = '\0';
  if (ask(z, FLAGS | IDN2_USE_STD3_ASCII_RULES, &gone) != IDN2_OK || !gone)
    return 0;
  return !(ask(z, FLAGS, &kept_empty) == IDN2_OK && kept_empty);
}

static size_t seq_len(unsigned char b) {
  return b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

/* Step 3: an empty label that is not the root's. */
static int empty_label(const char *s) {
  size_t n = strlen(s);
  if (n && s[n - 1] == '.') n--;
  if (n == 0) return 1;
  for (size_t i = 0; i <= n; i++) {
    int start = i == 0 || s[i - 1] == '.';
    int end = i == n || s[i] == '.';
    if (start && end) return 1;
  }
  return 0;
}

const char *ref_idna2008(const char *s, size_t n, char **ascii,
                         char **unicode) {
  uint8_t *out = NULL;
  const char *err = NULL;
  *ascii = NULL;
  if (unicode) *unicode = NULL;
  for (size_t i = 0; i < n && !err; i += seq_len((unsigned char)s[i])) {
    size_t len = seq_len((unsigned char)s[i]);
    if (len > n - i) len = n - i;
    if (s[i] == '\0' || std3_deleted(s + i, len))
      err = idn2_strerror_name(IDN2_DISALLOWED);
  }
  if (err) return err;
  char *z = malloc(n + 1);
  if (!z) abort();
  memcpy(z, s, n);
  z[n] = '\0';
  int rc = idn2_lookup_u8((uint8_t *)z, &out, FLAGS | IDN2_USE_STD3_ASCII_RULES);
  free(z);
  if (rc == IDN2_MALLOC) abort();
  if (rc != IDN2_OK) return idn2_strerror_name(rc);
  if (empty_label((char *)out)) {
    idn2_free(out);
    return "EMPTY_LABEL";
  }
  *ascii = strdup((char *)out);
  if (!*ascii) abort();
  if (unicode) {
    char *u = NULL;
    if (idn2_to_unicode_8z8z((char *)out, &u, 0) != IDN2_OK) abort();
    *unicode = strdup(u);
    if (!*unicode) abort();
    idn2_free(u);
  }
  idn2_free(out);
  return NULL;
}
