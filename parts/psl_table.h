/*
** A Public Suffix List's rules as an immutable table, for public suffix
** lookups that walk a host's labels from the right, as Go's
** x/net/publicsuffix does, instead of asking libpsl about each candidate
** suffix (a DAFSA walk of ~2,700 instructions per candidate).
**
** The table is a trie of labels whose siblings are sorted (Go's layout: a
** node's children are one run of the node array, found by binary search),
** indexed by a hash table with a random seed per table (below), which is
** what lookups use.  A list from url_psl_load is input a stranger may
** write: the unseeded FNV-1a table with linear probing this replaced let a
** crafted list of 40,000 rules pile its labels on one run of slots (0.74 s
** to load, lookups 39x slower: bench/bench.c, tests/psl_crafted.h); here
** no list can be crafted against a seed it does not know, the build bounds
** the longest probe sequence all the same, and without the index a lookup
** costs O(log n) comparisons per label whatever the list.  Each node
** carries the flags of the rule whose name it ends, if any; interior nodes
** (suffixes of rule names that are not rules themselves, "uk" of "co.uk"
** when "uk" were not listed) let the walk stop at the first label no rule
** goes through, so "www.example.com" costs two steps.  Building sorts the
** rules (a merge sort: O(n log n) label comparisons in the worst case) and
** indexes the nodes in O(n) per seed tried; it allocates from the caller's
** allocator.  A lookup allocates nothing and reads only the table, so
** lookups may run concurrently.
**
** The answers are libpsl's, rule for rule (tests/psl_test.c and the fuzz
** target compare them over real hosts, the PSL project's vectors and every
** rule of the system's list):
**   - a candidate suffix of one label is public (the "*" rule), whatever
**     the rules say about it;
**   - a candidate of more labels that names a rule is public if the rule
**     belongs to the section asked for and is not an exception; it is not
**     public otherwise, even when its parent is a wildcard (libpsl looks no
**     further once a name is found);
**   - a candidate that names no rule is public if its parent names a
**     wildcard rule ("*.ck") of the section asked for.
** The public suffix is the longest public candidate.  Two conventions of
** this project are the caller's (psl.c): the trailing dot, and that a
** candidate whose leftmost label is empty is never public.
*/
#ifndef URL_PSL_TABLE_H
#define URL_PSL_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

/* A rule's flags: libpsl's bit values (PRIV_PSL_FLAG_*), which are also
   the values stored in its DAFSA files, plus one bit for "a rule ends
   here" (a DAFSA value may be 0: a plain rule outside both sections). */
enum {
  URL_PSL_RULE_EXCEPTION = 1, /* !name */
  URL_PSL_RULE_WILDCARD = 2,  /* *.name (name itself is then public too) */
  URL_PSL_RULE_ICANN = 4,     /* listed in the ICANN section */
  URL_PSL_RULE_PRIVATE = 8,   /* listed in the private section */
  URL_PSL_RULE_IS = 16        /* a rule names this node */
};

/* Rules as they are read, before the table is built: one record each. */
typedef struct url_psl_rules {
  url_buf recs;   /* flags (1 byte), name length (2 bytes), name */
  size_t n;       /* records */
} url_psl_rules;

void url_psl_rules_init(url_psl_rules *r, const url_allocator *mem);
void url_psl_rules_free(url_psl_rules *r);

/* Adds the rule `name` (ASCII, as hosts are serialized; no "!" or "*."
   prefix: those are flags) with flags from the enum above; a name given
   twice gets both flags.  Names longer than URL_PSL_RULE_MAX bytes are the
   caller's to refuse.  Returns URL_OK or URL_NOMEM. */
#define URL_PSL_RULE_MAX 4096
int url_psl_rules_add(url_psl_rules *r, const char *name, size_t n,
                      unsigned flags);

/*
** One node of the trie.  Siblings are ordered by (key, len, label bytes
** past the 8th): any total order serves, and this one is decided by one
** integer comparison for almost every pair.
*/
typedef struct url_psl_node {
  uint32_t parent;   /* the parent's index, or URL_PSL_ROOT */
  uint32_t label;    /* offset of the label's bytes in the table's labels */
  uint32_t first;    /* the first child's index */
  uint32_t children; /* how many children (first .. first + children) */
  uint16_t len;      /* the label's length */
  uint8_t flags;     /* URL_PSL_RULE_* when a rule ends here, else 0 */
} url_psl_node;

#define URL_PSL_ROOT UINT32_MAX

/*
** keys[i] is node i's first 8 bytes as a little-endian integer,
** zero-padded: in an array of their own, so that a binary search reads 8
** bytes per step.
**
** The index: every node by (parent, label) in an open-addressing table
** hashed with a random seed of this table's, so that a lookup usually
** costs one probe (the binary searches cost ~11 comparisons among the
** ~1,500 top-level domains).  A list cannot be crafted against a seed it
** does not know, and the build bounds the longest probe sequence anyway
** (max_probe): past the bound it tries other seeds and sizes, and failing
** those leaves the index out (idx NULL), and lookups binary-search (as
** they do on a copy of the table with idx NULL: tests/psl_test.c compares).  Slot i
** holds a node when tags[i] != 0 (16 bits of the hash, never 0), so that a
** probe for a label no rule has (the common case: "example" of
** "www.example.com") reads a few adjacent tags and no slot; a slot copies
** what a lookup reads of its node, so that a found label costs one more
** read, not three.
*/
typedef struct url_psl_slot {
  uint64_t key;    /* the node's key */
  uint32_t parent; /* its parent's index, or URL_PSL_ROOT */
  uint32_t id;     /* its index */
  uint16_t len;
  uint8_t flags;
} url_psl_slot;

typedef struct url_psl_table {
  uint64_t *keys;      /* NULL: no table */
  url_psl_node *nodes; /* the root's children are 0 .. roots */
  uint32_t n;          /* nodes */
  uint32_t roots;
  char *labels;        /* every node's label bytes */
  size_t label_bytes;
  url_psl_slot *idx;   /* the index (mask + 1 slots); NULL: none */
  uint16_t *tags;
  uint32_t mask, max_probe;
  uint64_t seed;
  const url_allocator *mem;
} url_psl_table;

/* Builds t from the rules (t need not be initialised).  Returns URL_OK or
   URL_NOMEM (t is then empty). */
int url_psl_table_build(url_psl_table *t, const url_psl_rules *r,
                        const url_allocator *mem);

/* Releases the table; NULL-safe, and a no-op on an empty table. */
void url_psl_table_free(url_psl_table *t);

/* Bytes the table holds (keys, nodes, labels and index). */
size_t url_psl_table_bytes(const url_psl_table *t);

/*
** Where the public suffix of h[0..n) starts: the offset of its first
** label.  h is a domain in ASCII with n > 0 and no trailing dot; only its
** `max_labels` rightmost labels are candidates.  `icann_only`: only rules
** of the ICANN section apply (the "*" rule always does).  A candidate whose
** leftmost label is empty is never public.  *before: where the label left
** of the public suffix starts when the walk read it (the registrable
** domain then needs no second scan), else SIZE_MAX.
*/
size_t url_psl_table_suffix(const url_psl_table *t, const char *h, size_t n,
                            int icann_only, int max_labels, size_t *before);

#endif /* URL_PSL_TABLE_H */
