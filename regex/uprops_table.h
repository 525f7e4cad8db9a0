/* The generated table of uprops.c (uprops_table.c, by
   tools/gen-unicode-props/gen.mjs). */
#ifndef PAT_UPROPS_TABLE_H
#define PAT_UPROPS_TABLE_H

#include <stdint.h>

/* Offsets, not pointers: the table needs no relocation at load time. */
typedef struct pat_uprop_key {
  uint32_t key; /* its name in pat_uprop_names: "gc=Lu", "sc=Grek", ... */
  uint32_t off; /* its ranges in pat_uprop_bytes */
} pat_uprop_key;

extern const pat_uprop_key pat_uprop_keys[];
extern const char pat_uprop_names[];
extern const unsigned char pat_uprop_bytes[];

/* The name of key k: "gc=Lu", "sc=Grek", "scx=Grek", "bin=Alpha". */
static inline const char *pat_uprop_name(unsigned k) {
  return pat_uprop_names + pat_uprop_keys[k].key;
}
#define PAT_UPROP_NKEYS pat_uprop_nkeys
extern const unsigned pat_uprop_nkeys;

#endif /* PAT_UPROPS_TABLE_H */
