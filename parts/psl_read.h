/*
** Reading the rules of a Public Suffix List file into url_psl_rules, with
** the meaning libpsl gives each format, so that a table built from them
** answers as libpsl's lookups on the same file:
**
**   - the .dat text format as libpsl's loader (psl_load_fp) reads it: lines
**     as fgets reads them into its 256-byte buffer, leading white space
**     skipped, "//" comments (which carry the ===BEGIN/END ICANN|PRIVATE
**     DOMAINS=== section markers), a rule up to the first white space,
**     "!name" an exception, "*.name" a wildcard, "*name" ignored, names of
**     127 bytes or more ignored, and for a non-ASCII name its xn-- form as
**     libidn2 gives it (idn2_lookup_u8 with IDN2_NFC_INPUT |
**     IDN2_NONTRANSITIONAL, libpsl's call), since hosts reach the lookup in
**     ASCII;
**   - libpsl's DAFSA (psl-make-dafsa --output-format=binary, Chromium's
**     graph): every word the lookup can reach with an ASCII key, with its
**     flags.  The graph is walked as the lookup walks it (of siblings that
**     start alike, the first wins), and a graph the lookup could read past
**     the end of is refused.
**
** A name given by two rules gets both rules' flags.  (libpsl's text loader
** would keep two entries, and which one a lookup finds depends on the sort;
** psl-make-dafsa keeps the first.  The public list names no domain twice.)
*/
#ifndef URL_PSL_READ_H
#define URL_PSL_READ_H

#include <stddef.h>

#include "psl_table.h"

/* What reading a list found. */
typedef struct url_psl_read_info {
  int suffixes;    /* rules other than exceptions, as libpsl counts them */
  int exceptions;  /* "!" rules */
  int wildcards;   /* "*." rules */
  int icann_rules; /* rules in the ICANN section */
} url_psl_read_info;

/* Reads the text list buf[0..n) (UTF-8 without NUL: the caller checks).
   Returns URL_OK or URL_NOMEM. */
int url_psl_read_text(url_psl_rules *r, const char *buf, size_t n,
                      url_psl_read_info *info);

/* Whether buf[0..n) starts with libpsl's DAFSA header line. */
int url_psl_is_dafsa(const char *buf, size_t n);

/*
** Reads the DAFSA file buf[0..n) (header included).  Returns URL_OK,
** URL_NOMEM, URL_FAILURE with a reason in *why when the file is not a DAFSA
** libpsl can read correctly (another version, an offset or node past the
** end), or URL_TOO_LARGE when the graph is well formed but names
** too many words, or too long ones, to enumerate here (the caller then lets
** libpsl answer).  info counts the words as libpsl counts a text list's
** rules (libpsl's own counts of a DAFSA are -1): a word with the exception
** flag is an exception, any other a suffix, and a wildcard too if it has
** that flag.
*/
int url_psl_read_dafsa(url_psl_rules *r, const unsigned char *buf, size_t n,
                       url_psl_read_info *info, const char **why);

#endif /* URL_PSL_READ_H */
