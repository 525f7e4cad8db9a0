/*
** UTS #39 (Unicode Security Mechanisms) over the project's own tables:
** Identifier_Status and Identifier_Type (§3.1), the confusable skeleton
** (§4), the resolved script set and restriction levels (§5.1-5.2), for
** Unicode 16.0 (the default: what Chromium's display policy runs on) or
** 17.0.  The UTS #39 data and the Script and Script_Extensions intervals
** (Unicode 17.0) are uts39_tables.c (tools/gen_uts39_tables.py); four
** more properties (gc=Mn, gc=Nd, Soft_Dotted, Changes_When_Lowercased)
** come from the regular expressions' lookup (regex/uprops.h), read into
** an index once (dec_props) and shared by every lookup.
*/
#ifndef DEC_UTS39_H
#define DEC_UTS39_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"
#include "url_mem.h"

/* Which UTS #39 data. */
enum { DEC_UNICODE16 = 0, DEC_UNICODE17 = 1 };

/* Restriction levels, UTS #39 §5.2, least restrictive last. */
enum {
  DEC_ASCII_ONLY,
  DEC_SINGLE_SCRIPT,
  DEC_HIGHLY_RESTRICTIVE,
  DEC_MODERATELY_RESTRICTIVE,
  DEC_MINIMALLY_RESTRICTIVE,
  DEC_UNRESTRICTED
};
/* "ascii-only", "single-script", ... "unrestricted". */
const char *dec_level_name(int level);

/* Identifier_Status=Allowed (§3.1). */
int dec_allowed(uint32_t c, int version);
/* The Identifier_Type set of c: bit i is the i-th type of UTS #39's
   Table 1 ("Not_Character", "Deprecated", ... "Recommended";
   tools/gen_uts39_tables.py's TYPES). */
unsigned dec_identifier_types(uint32_t c, int version);

/* The confusables.txt prototype of c as UTF-8 (*len bytes), or NULL when c
   maps to itself. */
const char *dec_prototype(uint32_t c, int version, size_t *len);

/* Default_Ignorable_Code_Point, which §4 removes since Unicode 15.1. */
int dec_default_ignorable(uint32_t c);

/*
** The skeleton of valid UTF-8 s[0..n) (§4, Unicode 15.1 and later): NFD,
** Default_Ignorable_Code_Point characters removed, each code point
** replaced by its prototype, NFD again; appended to out.  URL_OK or out's
** error.
*/
int dec_skeleton(const char *s, size_t n, int version, url_buf *out);

/* ------------------------------------------------ scripts and properties */

/* A set of scripts (Script_Extensions values, augmented per §5.1). */
typedef struct dec_sset {
  uint64_t w[3];
} dec_sset;

typedef struct dec_props dec_props;

/* The index of the four properties read through regex/uprops.h. */
int dec_props_new(const url_allocator *mem, dec_props **out);
void dec_props_free(dec_props *p);

/* The script id of a four-letter code ("Latn"), or -1. */
int dec_script_code(const dec_props *p, const char *code);
/* The Script value of c (an id), or -1 (Unknown). */
int dec_script(const dec_props *p, uint32_t c);
/* Whether Script_Extensions of c contains script id k. */
int dec_scx_has(const dec_props *p, uint32_t c, int k);
/* General_Category=Nonspacing_Mark; Soft_Dotted. */
int dec_is_mn(const dec_props *p, uint32_t c);
int dec_soft_dotted(const dec_props *p, uint32_t c);
/* Changes_When_Lowercased. */
int dec_changes_when_lowercased(const dec_props *p, uint32_t c);
/* General_Category=Decimal_Number: 1 and *zero = the code point of that
   digit system's zero, else 0. */
int dec_decimal(const dec_props *p, uint32_t c, uint32_t *zero);

/*
** The restriction level of valid UTF-8 s[0..n) (§5.2) as ICU computes it:
** unrestricted if a code point is outside the identifier profile
** (allowed(ctx, c) false), ascii-only, single-script (a non-empty resolved
** script set, §5.1), highly restrictive (Latin with Han+Bopomofo,
** Han+Hiragana+Katakana or Han+Hangul), moderately restrictive (Latin
** with one other script, not Cyrillic or Greek), else minimally.
*/
int dec_restriction_level(const dec_props *p, const char *s, size_t n,
                          int (*allowed)(void *ctx, uint32_t c), void *ctx);

/* Profile callbacks for dec_restriction_level: Identifier_Status=Allowed
   of Unicode 16.0 / 17.0 (ctx unused). */
int dec_allowed16_cb(void *ctx, uint32_t c);
int dec_allowed17_cb(void *ctx, uint32_t c);

#endif /* DEC_UTS39_H */
