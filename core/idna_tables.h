/*
** Unicode tables for core/idna.c, generated into core/idna_tables.c by
** tools/gen_idna_tables.py.  Per-code-point data is a two-level table:
** index[c >> 6] numbers a block of 64 values, blocks[(n << 6) | (c & 63)]
** (identical blocks are shared), so a lookup is two loads.
*/
#ifndef URL_IDNA_TABLES_H
#define URL_IDNA_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* UTS #46 section 5 status, nontransitional (deviation = valid). */
enum { IDNA_VALID = 0, IDNA_MAPPED = 1, IDNA_IGNORED = 2, IDNA_DISALLOWED = 3 };

#define IDNA_BLOCK_SHIFT 6

/* Map values: status (2 bits) | mapping length << 2 | pool offset << 7. */
extern const uint16_t url_idna_map_index[];
extern const uint32_t url_idna_map_blocks[];
extern const uint32_t url_idna_map_pool[];

/* Bidi_Class values (RFC 5893); OTHER = B, S, WS and the controls. */
enum {
  BIDI_L, BIDI_R, BIDI_AL, BIDI_AN, BIDI_EN, BIDI_ES, BIDI_CS, BIDI_ET,
  BIDI_ON, BIDI_BN, BIDI_NSM, BIDI_OTHER
};
/* Joining_Type values (RFC 5892 appendix A.1). */
enum { JT_U, JT_D, JT_R, JT_L, JT_C, JT_T };

/*
** prop_val bits: Canonical_Combining_Class (0-7), Bidi_Class (8-11),
** Joining_Type (12-14), General_Category=Mark, has a canonical
** decomposition, may be the second character of a canonical composition.
*/
#define IDNA_P_CCC(v) ((v)&0xFFu)
#define IDNA_P_BIDI(v) (((v) >> 8) & 0xFu)
#define IDNA_P_JT(v) (((v) >> 12) & 0x7u)
#define IDNA_P_MARK (1u << 15)
#define IDNA_P_DECOMP (1u << 16)
#define IDNA_P_COMP2 (1u << 17)
extern const uint16_t url_idna_prop_index[];
extern const uint32_t url_idna_prop_blocks[];

/* Lookups; c must be at most 0x10FFFF. */
static inline uint32_t url_idna_map_value(uint32_t c) {
  return url_idna_map_blocks[(size_t)url_idna_map_index[c >> IDNA_BLOCK_SHIFT]
                                 << IDNA_BLOCK_SHIFT |
                             (c & ((1u << IDNA_BLOCK_SHIFT) - 1))];
}

static inline uint32_t url_idna_prop_value(uint32_t c) {
  return url_idna_prop_blocks[(size_t)url_idna_prop_index[c >> IDNA_BLOCK_SHIFT]
                                  << IDNA_BLOCK_SHIFT |
                              (c & ((1u << IDNA_BLOCK_SHIFT) - 1))];
}

/* Full canonical decompositions (not Hangul): pool offset << 3 | length. */
extern const size_t url_idna_decomp_count;
extern const uint32_t url_idna_decomp_cp[];
extern const uint16_t url_idna_decomp_data[];
extern const uint32_t url_idna_decomp_pool[];

/* Canonical compositions (not Hangul): key = first << 21 | second. */
extern const size_t url_idna_comp_count;
extern const uint64_t url_idna_comp_key[];
extern const uint32_t url_idna_comp_val[];

#endif /* URL_IDNA_TABLES_H */
