/*
** IDNA2008 lookup over libidn2, with the two corrections described in
** idna2008.h (STD3 ASCII rules that refuse instead of deleting; no empty
** labels).  Three paths, cheapest first:
**
**  1. All-ASCII letters/digits/hyphens/dots, no label with "--" in its 3rd
**     and 4th positions (so no "xn--" label), every label 1..63 octets
**     without a leading or trailing hyphen, at most 253 octets besides one
**     trailing dot: libidn2 would return the name lowercased, so we do, with
**     no call and no allocation (most hosts of real data).
**  2. Other all-ASCII names: one idn2_lookup_u8() with the STD3 flag.  Any
**     ASCII the STD3 rules disallow has been refused before, so libidn2 has
**     nothing to delete.
**  3. Names with non-ASCII: libidn2 with and without the STD3 flag.  The two
**     runs treat every code point alike except the STD3-disallowed ones
**     (deleted by the first, kept by the second), so different answers mean
**     such a code point is there: IDN2_DISALLOWED.  Equal failures may
**     still hide one behind another error; then each non-ASCII code point is
**     asked about on its own (rare: refused non-ASCII names only).
*/
#include "idna2008.h"

#include <idn2.h>
#include <stdint.h>
#include <string.h>

#include "idna.h"
#include "utf8.h"

#define FLAGS_STD3 (IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES)
#define FLAGS_NO_STD3 IDN2_NONTRANSITIONAL
#define DNS_LABEL_MAX 63
#define DNS_NAME_MAX 253 /* octets of text, without the root's trailing dot */

const char *url_idna2008_version(void) { return idn2_check_version(NULL); }

const char *url_idna2008_error_name(int why) {
  if (why == IDN2_OK) return NULL;
  if (why == URL_IDNA2008_EMPTY_LABEL) return "EMPTY_LABEL";
  return idn2_strerror_name(why);
}

/* STD3 (RFC 1123 host names): letters, digits and hyphen; '.' separates. */
static int is_ldh_or_dot(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* Path 1's test on an all-LDH name: would libidn2 take it as it is? */
static int plain_ldh_name(const char *s, size_t n) {
  if (n > 0 && s[n - 1] == '.') n--; /* the root label */
  if (n == 0 || n > DNS_NAME_MAX) return 0;
  for (size_t i = 0;;) {
    size_t j = i;
    while (j < n && s[j] != '.') j++;
    size_t len = j - i;
    if (len == 0 || len > DNS_LABEL_MAX || s[i] == '-' || s[j - 1] == '-' ||
        (len >= 4 && s[i + 2] == '-' && s[i + 3] == '-'))
      return 0;
    if (j == n) return 1;
    i = j + 1;
  }
}

/* Does the ASCII name have an empty label other than a trailing root? */
static int has_empty_label(const char *s, size_t n) {
  if (n > 0 && s[n - 1] == '.') n--;
  if (n == 0 || s[0] == '.' || s[n - 1] == '.') return 1;
  for (size_t i = 1; i < n; i++)
    if (s[i] == '.' && s[i - 1] == '.') return 1;
  return 0;
}

/* Converts libidn2's status to ours, setting *why for a refusal. */
static int refused(int rc, int *why) {
  if (rc == IDN2_MALLOC) return URL_NOMEM;
  *why = rc;
  return URL_FAILURE;
}

/*
** Is the non-ASCII code point s[0..len) one that libidn2 deletes under the
** STD3 flag?  Alone, it then gives "" with the flag but something else
** without (an ignored code point gives "" both ways).  1, 0, or -1 for
** out of memory.
*/
static int std3_deleted(const char *s, size_t len) {
  uint8_t z[5], *with = NULL, *without = NULL;
  memcpy(z, s, len);
  z[len] = 0;
  int r1 = idn2_lookup_u8(z, &with, FLAGS_STD3);
  int r2 = idn2_lookup_u8(z, &without, FLAGS_NO_STD3);
  int res = r1 == IDN2_MALLOC || r2 == IDN2_MALLOC
                ? -1
                : r1 == IDN2_OK && with[0] == 0 &&
                      !(r2 == IDN2_OK && without[0] == 0);
  idn2_free(with);
  idn2_free(without);
  return res;
}

/* Path 3's last resort: 1 if some code point of s is std3_deleted. */
static int has_std3_deleted(const char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    size_t len = url_utf8_seqlen((unsigned char)s[i]);
    if (len > n - i) len = n - i;
    if (len > 1) {
      int r = std3_deleted(s + i, len);
      if (r) return r;
    }
    i += len;
  }
  return 0;
}

/*
** Paths 2 and 3: libidn2 on the NUL-terminated copy z of a name whose ASCII
** is all LDH or dots.  Appends the result to out.
*/
static int lookup(const char *z, size_t n, int ascii, url_buf *out,
                  int *why) {
  uint8_t *with = NULL, *without = NULL;
  int r1 = idn2_lookup_u8((const uint8_t *)z, &with, FLAGS_STD3);
  int r2 = ascii ? r1
                 : idn2_lookup_u8((const uint8_t *)z, &without, FLAGS_NO_STD3);
  int rc;
  if (r1 == IDN2_MALLOC || r2 == IDN2_MALLOC) {
    rc = URL_NOMEM;
  } else if (r1 != r2 ||
             (!ascii && r1 == IDN2_OK && strcmp((char *)with, (char *)without))) {
    rc = refused(IDN2_DISALLOWED, why);
  } else if (r1 != IDN2_OK) {
    int hidden = ascii || r1 == IDN2_DISALLOWED ? 0 : has_std3_deleted(z, n);
    rc = hidden < 0 ? URL_NOMEM : refused(hidden ? IDN2_DISALLOWED : r1, why);
  } else {
    url_buf_puts(out, (char *)with);
    rc = out->err;
  }
  idn2_free(with);
  idn2_free(without);
  return rc;
}

int url_idna2008_to_ascii(const char *in, size_t n, url_buf *out, int *why) {
  size_t start = out->len, i;
  int ascii = 1, rc;
  *why = IDN2_OK;
  if (out->err) return out->err;
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)in[i];
    if (c >= 0x80) ascii = 0;
    else if (!is_ldh_or_dot(c)) return refused(IDN2_DISALLOWED, why);
  }
  if (ascii && plain_ldh_name(in, n)) { /* path 1 */
    url_buf_append_lower(out, in, n);
    return out->err;
  }
  /* libidn2 reads C strings: a copy with a NUL (the input has none). */
  char st[256];
  url_buf z;
  url_buf_init_like(&z, out, st, sizeof st, SIZE_MAX);
  url_buf_append(&z, in, n);
  url_buf_putc(&z, '\0');
  rc = z.err ? z.err : lookup(z.ptr, n, ascii, out, why);
  url_buf_free(&z);
  if (rc == URL_OK && has_empty_label(out->ptr + start, out->len - start))
    rc = refused(URL_IDNA2008_EMPTY_LABEL, why);
  if (rc != URL_OK) url_buf_truncate(out, start);
  return rc;
}

int url_idna2008_to_unicode(const char *in, size_t n, url_buf *out,
                            int *why) {
  size_t start = out->len;
  char st[256]; /* lookup results are at most 254 octets */
  url_buf a;
  url_buf_init_like(&a, out, st, sizeof st, 4096);
  int rc = url_idna2008_to_ascii(in, n, &a, why);
  if (rc == URL_OK && !url_has_xn_label(a.ptr, a.len)) {
    url_buf_append(out, a.ptr, a.len);
    rc = out->err;
  } else if (rc == URL_OK) {
    char *u = NULL;
    url_buf_putc(&a, '\0');
    int r = a.err ? IDN2_OK : idn2_to_unicode_8z8z(a.ptr, &u, 0);
    if (a.err) {
      rc = a.err;
    } else if (r != IDN2_OK) { /* cannot happen to a lookup result */
      rc = refused(r, why);
    } else {
      url_buf_puts(out, u);
      rc = out->err;
    }
    idn2_free(u);
  }
  url_buf_free(&a);
  if (rc != URL_OK) url_buf_truncate(out, start);
  return rc;
}
