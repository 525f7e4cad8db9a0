/* The generated table of uprops.c (uprops_table.c, by
   tools/gen-unicode-props/gen.mjs). */
#ifndef PAT_UPROPS_TABLE_H
#define PAT_UPROPS_TABLE_H

#include <stdint.h>

typedef struct pat_uprop_key {
  const char *key; /* "gc=Lu", "sc=Grek", "scx=Grek", "bin=Alpha" */
  uint32_t off;    /* its ranges in pat_uprop_bytes */
} pat_uprop_key;

extern const pat_uprop_key pat_uprop_keys[];
extern const unsigned char pat_uprop_bytes[];
#define PAT_UPROP_NKEYS pat_uprop_nkeys
extern const unsigned pat_uprop_nkeys;

#endif /* PAT_UPROPS_TABLE_H */
