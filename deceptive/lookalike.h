/*
** Targets a host may imitate, re-stating Chromium's lookalike rules
** (components/lookalikes/core/lookalike_url_util.cc): a skeleton match
** against the top domains (chromium.h, dec_domains_match), and a
** registrable domain whose name before the registry ("e2LD") has a
** skeleton one edit (IsEditDistanceAtMostOne) or one swap of neighbours
** (HasOneCharacterSwap) from a target's, on any top-level domain, less the
** likely false positives (IsLikelyEditDistanceFalsePositive, and a
** difference only in digits); the same skeleton on another top-level
** domain; digits written for letters (faceb00k).  The near matches are
** found through an index of every target e2LD skeleton with one character
** deleted (the symmetric-delete scheme): a pair one edit or one swap apart
** shares such a key, so a host costs its e2LD's length in lookups,
** whatever the number of targets.  The same index answers "is this a
** target's brand" for the embedding and combo-squatting checks
** (embedding.h, combo.h).
*/
#ifndef DEC_LOOKALIKE_H
#define DEC_LOOKALIKE_H

#include <stddef.h>
#include <stdint.h>

#include "chromium.h"
#include "psl.h"

/*
** GetETLDPlusOne: the registrable domain of the ASCII host h[0..n) under
** the ICANN rules (private registries are not registries here), except
** com.de and com.se, which act as public ones
** (kPrivateRegistriesTreatedAsPublic), and none under the names RFC 2606
** and RFC 6761 reserve (test, example, invalid, localhost: Chromium
** excludes unknown registries).  *e2ld is its length before
** ".registry".  0 when it has none; *rc is URL_OK or URL_NOMEM.
*/
int dec_etld1(const url_psl_list *psl, const char *h, size_t n, url_str *reg,
              size_t *e2ld, int *rc);

/* The end of the token of the ASCII host h[0..n) that starts at i: a label
   starting "xn--" whole, else up to the next '.' or '-'
   (SplitDomainIntoTokens, keeping Punycode labels whole). */
size_t dec_token_end(const char *h, size_t n, size_t i);

typedef struct dec_targets dec_targets;

/* A list of words (combo.h). */
typedef struct dec_keywords {
  const char *const *v;
  size_t n;
} dec_keywords;

/* combo.h's lists: the popular keywords, as skeletons, and the brands
   (e2LDs, ASCII) that take part besides the engaged targets; a list with
   v NULL (or no lists at all) is Chromium's (kSkeletonsOfPopularKeywords-
   ForCSQ, kBrandNamesForCSQ). */
typedef struct dec_combo_lists {
  dec_keywords keywords, brands;
} dec_combo_lists;

/*
** Reads the targets text[0..n) (dec_domains_new's format; a line "!host"
** names a host allowed to be embedded or resembled, Chromium's target
** allowlist; a line "+host" names a target that is an engaged site in
** Chromium's terms: one edit from it counts, and it is a brand of
** combo.h) with the policy (of the Unicode version: dec_policy_at) and
** public suffix list the rows are read with, and indexes them.  URL_OK or
** URL_NOMEM.
*/
int dec_targets_new(const dec_policy *p, const url_psl_list *psl,
                    const dec_combo_lists *cl, const char *text, size_t n,
                    dec_targets **out);
void dec_targets_free(dec_targets *t);
const dec_domains *dec_targets_domains(const dec_targets *t);
const dec_policy *dec_targets_policy(const dec_targets *t);
const url_psl_list *dec_targets_psl(const dec_targets *t);
const dec_combo_lists *dec_targets_lists(const dec_targets *t);
/* Whether target i (dec_targets_brand's index), or another with its e2LD
   skeleton, was listed "+host". */
int dec_targets_engaged(const dec_targets *t, long i);

/* How a near match was found. */
enum {
  DEC_NEAR_NONE,
  DEC_NEAR_EDIT,     /* one edit of the e2LD skeleton */
  DEC_NEAR_SWAP,     /* two neighbours swapped */
  DEC_NEAR_SKELETON, /* the e2LD's skeleton, another top-level domain */
  DEC_NEAR_DIGITS    /* digits written for letters */
};

/*
** The target (ASCII, *len bytes) the host h[0..n) (ASCII, serialized)
** imitates by its e2LD (DEC_NEAR_*, *how): only e2LDs of 5 characters or
** more (IsEditDistanceCandidate) and registrable domains of at most 64
** bytes take part, and a host that is a target or under one has none.
** NULL when none; *rc is URL_OK or URL_NOMEM.
*/
const char *dec_targets_near(const dec_targets *t, const char *h, size_t n,
                             size_t *len, int *how, int *rc);

/*
** The target whose e2LD skeleton is skel[0..n) (a brand), or -1; its
** listed domain through dec_targets_listed, its registrable domain (ASCII)
** through dec_targets_reg.  (dec_targets_domain takes the index of a
** listed domain, which _joined, _host and dec_domains_find give.)  Only e2LDs of 5 characters or more.
*/
long dec_targets_brand(const dec_targets *t, const char *skel, size_t n);
/* The longest such skeleton, in bytes (a longer text is no brand). */
size_t dec_targets_max_brand(const dec_targets *t);
void dec_targets_domain(const dec_targets *t, long i, url_str *listed);
/* Target i's domain as listed (dec_targets_brand's and _prefer's index). */
void dec_targets_listed(const dec_targets *t, long i, url_str *listed);
void dec_targets_reg(const dec_targets *t, long i, url_str *reg,
                     size_t *e2ld);

/* Of target i and the others with its e2LD skeleton (in list order), the
   one whose registry is the host's (its registrable domain reg, ae2ld
   bytes before the registry), else the first; allowlisted ones skipped
   (-1 when all are). */
long dec_targets_prefer(const dec_targets *t, long i, url_str reg,
                        size_t ae2ld);

/* The target whose whole skeleton with its '.' and '-' removed is
   skel[0..n) (googlecorn), or -1. */
long dec_targets_joined(const dec_targets *t, const char *skel, size_t n);
/* The target listed as exactly the ASCII host h[0..n) (a host with a
   subdomain, an engaged site in Chromium's terms), or -1; the most labels
   such a target has (0: none). */
long dec_targets_host(const dec_targets *t, const char *h, size_t n);
size_t dec_targets_host_labels(const dec_targets *t);
/* Whether the registrable domain of the ASCII host h[0..n) is a target's
   (Chromium's IsTopDomain, and its check that the visited site is not
   itself an engaged one: neither warns on a site of its own list).
   *rc: URL_OK or URL_NOMEM. */
int dec_targets_own(const dec_targets *t, const char *h, size_t n, int *rc);
/* Whether the ASCII host h[0..n) is allowlisted ("!host"). */
int dec_targets_allowed(const dec_targets *t, const char *h, size_t n);

/* Chromium's comparisons, re-stated on UTF-8 strings compared code point
   by code point (their first 256): IsEditDistanceAtMostOne,
   HasOneCharacterSwap; and IsLikelyEditDistanceFalsePositive on the
   registrable domains of the ASCII hosts a (visited) and b (a target),
   which also takes a difference only in digits (awsdns-43, awsdns-34). */
int dec_edit_at_most_one(const char *a, size_t an, const char *b, size_t bn);
int dec_one_swap(const char *a, size_t an, const char *b, size_t bn);
int dec_edit_false_positive(const url_psl_list *psl, const char *a, size_t an,
                            const char *b, size_t bn);

/* The primary skeleton of the ASCII or Unicode string s[0..n) with the
   targets' policy and version, appended to out. */
int dec_targets_skeleton(const dec_targets *t, const char *s, size_t n,
                         url_buf *out);

#endif /* DEC_LOOKALIKE_H */
