/*
** Targets a host may imitate, re-stating Chromium's lookalike rules
** (components/lookalikes/core/lookalike_url_util.cc): a skeleton match
** against the top domains (chromium.h, dec_domains_match), and a
** registrable domain whose skeleton is one edit (IsEditDistanceAtMostOne)
** or one swap of neighbours (HasOneCharacterSwap) from a target's, less
** the likely false positives (IsLikelyEditDistanceFalsePositive).  The
** near matches are found through an index of every target skeleton with
** one character deleted (the symmetric-delete scheme): a pair one edit or
** one swap apart shares such a key, so a host costs its skeleton's length
** in lookups, whatever the number of targets.
*/
#ifndef DEC_LOOKALIKE_H
#define DEC_LOOKALIKE_H

#include <stddef.h>

#include "chromium.h"
#include "psl.h"

typedef struct dec_targets dec_targets;

/* Reads the targets text[0..n) (dec_domains_new's format) and indexes
   their registrable domains' skeletons under psl.  URL_OK or URL_NOMEM. */
int dec_targets_new(const dec_policy *p, int version, const url_psl_list *psl,
                    const char *text, size_t n, dec_targets **out);
void dec_targets_free(dec_targets *t);
const dec_domains *dec_targets_domains(const dec_targets *t);

/* How a near match was found. */
enum { DEC_NEAR_NONE, DEC_NEAR_EDIT, DEC_NEAR_SWAP };

/*
** The target (ASCII, *len bytes) whose registrable domain's skeleton is one
** edit or one swap from that of the host h[0..n) (ASCII, serialized), not
** a likely false positive; *how says which (DEC_NEAR_*).  Only registrable
** domains whose part before the registry has 5 characters or more
** (IsEditDistanceCandidate) and of at most 64 bytes take part.  NULL when
** none; *rc is URL_OK or URL_NOMEM.
*/
const char *dec_targets_near(const dec_targets *t, const dec_policy *p,
                             const url_psl_list *psl, const char *h, size_t n,
                             size_t *len, int *how, int *rc);

#endif /* DEC_LOOKALIKE_H */
