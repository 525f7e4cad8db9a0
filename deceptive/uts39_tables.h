/* The generated UTS #39 tables (uts39_tables.c, by
   tools/gen_uts39_tables.py from ../shared/unicode-security/). */
#ifndef DEC_UTS39_TABLES_H
#define DEC_UTS39_TABLES_H

#include <stdint.h>

#include "uts39.h" /* dec_sset */

/* A confusables.txt line: source code point, its prototype's UTF-8 bytes
   dec_proto_pool[off .. off + len). */
typedef struct dec_confusable {
  uint32_t cp;
  uint32_t off : 24;
  uint32_t len : 8;
} dec_confusable;

typedef struct dec_range {
  uint32_t lo, hi;
} dec_range;

/* An IdentifierType.txt range and its types (bit i: the generator's
   TYPES[i], UTS #39 Table 1's order). */
typedef struct dec_type_range {
  uint32_t lo, hi;
  uint16_t types;
} dec_type_range;

extern const char dec_proto_pool[];
extern const dec_confusable dec_confusables16[], dec_confusables17[];
extern const unsigned dec_confusables16_count, dec_confusables17_count;
extern const dec_range dec_allowed16[], dec_allowed17[];
extern const unsigned dec_allowed16_count, dec_allowed17_count;
extern const dec_type_range dec_types16[], dec_types17[];
extern const unsigned dec_types16_count, dec_types17_count;

/* Script and Script_Extensions (Unicode 17.0): from lo up to the next
   interval's lo, Script is script id sc (dec_script_codes[sc]) and
   Script_Extensions the set dec_scx_sets[scx].  Ids: the four-letter codes
   in order, then UTS #39 section 5.1's Hanb, Jpan, Kore. */
typedef struct dec_script_iv {
  uint32_t lo;
  uint16_t sc, scx;
} dec_script_iv;

extern const char dec_script_codes[][5];
extern const unsigned dec_script_count;
extern const dec_sset dec_scx_sets[];
extern const dec_script_iv dec_script_ivs[];
extern const unsigned dec_script_iv_count;

#endif /* DEC_UTS39_TABLES_H */
