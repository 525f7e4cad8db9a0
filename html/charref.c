/*
** Lookups of character references: the named references' table (sorted,
** generated: entities.c) searched for the longest prefix of the input, and
** the numeric references' replacements.
*/
#include "charref.h"

/* The byte at position k of entry e's name, or -1 past its end (so that a
   name sorts before its extensions, as in the table). */
static int name_at(const html_entity *e, size_t k) {
  return k < e->len ? (unsigned char)html_entity_names[e->name + k] : -1;
}

/* The first entry in [lo, hi) whose byte k is >= c (entries in [lo, hi)
   share bytes 0..k-1, so byte k is sorted among them). */
static size_t lower_bound(size_t lo, size_t hi, size_t k, int c) {
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (name_at(&html_entities[mid], k) < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* Narrows the range of entries sharing the input's first k bytes one byte
   at a time (two binary searches each); the entry whose whole name is those
   k bytes is the range's first.  O(len log n). */
const html_entity *html_entity_longest(const unsigned char *s, size_t n) {
  if (n == 0 || s[0] >= 128) return NULL;
  /* The first byte by the index, the others by binary search. */
  size_t lo = html_entity_first[s[0]], hi = html_entity_first[s[0] + 1];
  const html_entity *best = NULL;
  if (lo < hi && html_entities[lo].len == 1) best = &html_entities[lo];
  for (size_t k = 1; k < n && lo < hi; k++) {
    int c = s[k];
    lo = lower_bound(lo, hi, k, c);
    hi = lower_bound(lo, hi, k, c + 1);
    if (lo < hi && html_entities[lo].len == k + 1) best = &html_entities[lo];
    if (c == ';') break;
  }
  return best;
}

/* https://html.spec.whatwg.org/#numeric-character-reference-end-state:
   0x80..0x9F as windows-1252 reads them (0 keeps the code point). */
static const uint16_t c1_table[32] = {
  0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
  0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
  0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
  0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};

uint32_t html_numeric_ref(uint32_t code) {
  /* "If the number is 0x00 ... greater than 0x10FFFF ... a surrogate": U+FFFD. */
  if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
    return 0xFFFD;
  /* "If the number is one of the numbers in the first column of the
     following table, then find the row with that number in the first
     column, and set the character reference code to the number in the
     second column of that row." */
  if (code >= 0x80 && code <= 0x9F && c1_table[code - 0x80])
    return c1_table[code - 0x80];
  return code;
}
