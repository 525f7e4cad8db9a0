/*
** \p{...} lookups over the generated table (uprops.h).  The table holds a
** sorted list of keys, "gc=Lu", "sc=Grek", "scx=Grek", "bin=Alpha", each
** with the offset of its ranges in one byte string: a count, then per
** range the gap from the previous range's end and its length less one,
** as LEB128 varints (about 3 bytes a range).
*/
#include "uprops.h"

#include <string.h>

#include "uprops_table.h"

/* Of the ECMAScript properties of strings (ECMA-262 table
   "Binary Unicode property aliases and their canonical property names"
   for strings): not supported. */
static const char *const strings_props[] = {
    "Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji",
    "RGI_Emoji_Flag_Sequence", "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Tag_Sequence", "RGI_Emoji_ZWJ_Sequence"};

/* The key "kind=value" (kind gc, sc, scx or bin) in the table, or -1. */
static int find_key(const char *kind, const char *v, size_t n) {
  char key[96];
  size_t k = strlen(kind);
  if (k + 1 + n >= sizeof key) return -1;
  memcpy(key, kind, k);
  key[k] = '=';
  memcpy(key + k + 1, v, n);
  key[k + 1 + n] = 0;
  size_t lo = 0, hi = PAT_UPROP_NKEYS;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(key, pat_uprop_name((unsigned)mid));
    if (c == 0) return (int)mid;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return -1;
}

static int is(const char *s, size_t n, const char *name) {
  return strlen(name) == n && !memcmp(s, name, n);
}

int pat_uprop_find(const char *s, size_t n) {
  const char *eq = memchr(s, '=', n);
  if (eq) { /* UnicodePropertyName = UnicodePropertyValue */
    size_t pn = (size_t)(eq - s), vn = n - pn - 1;
    const char *kind = is(s, pn, "General_Category") || is(s, pn, "gc") ? "gc"
                     : is(s, pn, "Script") || is(s, pn, "sc")            ? "sc"
                     : is(s, pn, "Script_Extensions") || is(s, pn, "scx") ? "scx"
                     : NULL;
    return kind ? find_key(kind, eq + 1, vn) : -1;
  }
  /* LoneUnicodePropertyNameOrValue: a General_Category value, a binary
     property, or (with v) a property of strings */
  int k = find_key("gc", s, n);
  if (k < 0) k = find_key("bin", s, n);
  for (size_t i = 0; k < 0 && i < sizeof strings_props / sizeof *strings_props; i++)
    if (is(s, n, strings_props[i])) return PAT_UPROP_STRINGS;
  return k;
}

static uint32_t varint(const unsigned char **p) {
  uint32_t v = 0;
  for (int shift = 0;; shift += 7) {
    unsigned char b = *(*p)++;
    v |= (uint32_t)(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
}

void pat_uprop_ranges(int k, void (*add)(void *ctx, uint32_t lo, uint32_t hi),
                      void *ctx) {
  const unsigned char *p = pat_uprop_bytes + pat_uprop_keys[k].off;
  uint32_t count = varint(&p), end = 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t lo = end + varint(&p);
    uint32_t hi = lo + varint(&p);
    add(ctx, lo, hi);
    end = hi + 1;
  }
}
