/*
** Chromium's IDN display policy, re-stated from
** components/url_formatter/spoof_checks/idn_spoof_checker.cc
** (IDNSpoofChecker::SafeToDisplayAsUnicode, SetAllowedUnicodeSet) and
** skeleton_generator.cc (SkeletonGenerator::GetSkeletons), Linux build,
** over the project's UTS #39 tables (uts39.h): a host's xn-- label is
** shown in Unicode only when it passes the checks, and the host only when
** its skeleton is not a given top domain's.
*/
#ifndef DEC_CHROMIUM_H
#define DEC_CHROMIUM_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"
#include "url_record.h"
#include "url_mem.h"
#include "uts39.h"

/* The check a label failed (IDNSpoofChecker::Result). */
enum {
  DEC_SAFE,
  DEC_ICU_SPOOF_CHECKS,      /* uspoof_check at the highly restrictive level */
  DEC_TLD_SPECIFIC,          /* þ ð outside .is/.fo, ə outside .az */
  DEC_UNSAFE_MIDDLE_DOT,     /* · outside l·l under .cat */
  DEC_WHOLE_SCRIPT_CONFUSABLE,
  DEC_DIGIT_LOOKALIKES,
  DEC_NON_ASCII_LATIN_MIXED, /* non-ASCII Latin with a non-LGC script */
  DEC_DANGEROUS_PATTERN,
  DEC_TOP_DOMAIN_LOOKALIKE,  /* the host's skeleton is a top domain's */
  DEC_CHECK_HYPHENS          /* UTS #46 CheckHyphens fails */
};
/* "icu-spoof-checks", "tld-specific-characters", ... */
const char *dec_check_name(int check);

/*
** Everything the policy reads, made once (per connection), as a bundle per
** Unicode version of the UTS #39 data (DEC_UNICODE16, DEC_UNICODE17):
** dec_policy_new gives DEC_UNICODE16's, dec_policy_at chooses one, once,
** and every function below reads its version from the bundle it is given.
*/
typedef struct dec_policy dec_policy;
int dec_policy_new(const url_allocator *mem, dec_policy **out);
void dec_policy_free(dec_policy *p); /* the one dec_policy_new gave */
const dec_policy *dec_policy_at(const dec_policy *p, int version);
int dec_policy_version(const dec_policy *p);
const dec_props *dec_policy_props(const dec_policy *p);
const url_allocator *dec_policy_mem(const dec_policy *p);

/*
** The check the Unicode label l[0..n) (valid UTF-8, lowercase, NFC) fails
** under the TLD *tld (its ASCII form as serialized and its Unicode form),
** or DEC_SAFE (Chromium's allowed set as the restriction level's profile).
*/
typedef struct dec_tld {
  const char *ascii, *uni; /* as serialized, and in Unicode */
  size_t n, un;
} dec_tld;
int dec_label_check(const dec_policy *p, const char *l, size_t n,
                    const dec_tld *tld);

/*
** The skeleton(s) Chromium compares a host with (GetSkeletons): diacritics
** removed from an all-Latin/Greek/Cyrillic host, þ and œ also read as b/p
** and ce/oe, Chromium's extra confusables, U+04CF also as 'l', then UTS #39
** §4.  emit(ctx, skeleton, len) for each; a non-zero return stops with that
** code.  all = 0: only the first (the primary skeleton, url_skeleton's).
*/
int dec_host_skeletons(const dec_policy *p, const char *h,
                       size_t n, int all, url_buf *scratch,
                       int (*emit)(void *ctx, const char *s, size_t len),
                       void *ctx);

/* The primary skeleton of h[0..n), appended to out. */
int dec_host_skeleton(const dec_policy *p, const char *h,
                      size_t n, url_buf *out);

/* A list of top domains, their skeletons in a hash table. */
typedef struct dec_domains dec_domains;
/*
** Reads text[0..n): one domain a line (blank lines, surrounding spaces and
** lines starting with '#' ignored; a line the URL Standard's host parser
** does not make a domain of is skipped), each to ASCII and Unicode and its
** skeletons indexed.  URL_OK or URL_NOMEM.
*/
int dec_domains_new(const dec_policy *p, const char *text,
                    size_t n, dec_domains **out);
void dec_domains_free(dec_domains *d);
size_t dec_domains_count(const dec_domains *d);
/* Domain i of d: its ASCII and Unicode forms. */
void dec_domains_get(const dec_domains *d, size_t i, url_str *ascii,
                     url_str *unicode);

/*
** Chromium's GetSimilarTopDomain: the domain of d (ASCII, *len bytes)
** whose skeleton equals the skeleton of the Unicode host h[0..n) or of its
** last two to four labels, when h is neither that domain nor under it;
** NULL when none (*rc: URL_OK or URL_NOMEM).
*/
const char *dec_domains_match(const dec_policy *p,
                              const dec_domains *d, const char *h, size_t n,
                              size_t *len, int *rc);

/* The index of the domain of d that has one of the skeletons of the
   Unicode host h[0..n) (LookupSkeletonInTopDomains, kFull), or -1. */
long dec_domains_find(const dec_policy *p, const dec_domains *d,
                      const char *h, size_t n, int *rc);

/*
** The host as Chromium displays it (IDNToUnicodeWithAdjustmentsImpl): h[0..n)
** is a serialized host (ASCII); appends to out the host with each xn--
** label in Unicode when it passes dec_label_check (a label that fails
** stays in Punycode, the others are decoded), and all of h unchanged when
** (td non-NULL) the Unicode host is a top domain's lookalike.  *v: the
** first check that failed (DEC_SAFE if none) and the label it failed on,
** h[at .. at + len) (all of h for a top-domain lookalike).  URL_OK or an
** error.
*/
typedef struct dec_verdict {
  int check;
  size_t at, len;
} dec_verdict;
int dec_display_host(const dec_policy *p, const dec_domains *td,
                     const char *h, size_t n, url_buf *out, dec_verdict *v);

/*
** The recent answers of dec_display_host for one version and one list of
** top domains (or none), kept by the caller: a URL column repeats its hosts,
** and a host's answer is a few bytes.  64 hosts, direct-mapped by hash.
*/
typedef struct dec_memo dec_memo;
int dec_memo_new(const url_allocator *mem, dec_memo **out);
void dec_memo_free(dec_memo *m);
/* dec_display_host through memo m (not NULL). */
int dec_display_host_memo(const dec_policy *p, const dec_domains *td,
                          dec_memo *m, const char *h, size_t n, url_buf *out,
                          dec_verdict *v);

#endif /* DEC_CHROMIUM_H */
