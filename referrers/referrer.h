/*
** Where a visit came from: a referrer URL classified by Matomo's lists
** (search engine and keyword, social network, AI assistant) and the
** project's own (webmail, ad clicks), and GA4's default channel group of a
** landing page (channel.c).  The lists are constant tables
** (referrer_tables.h); nothing here allocates except a regex keyword
** parameter's compiled program, and only while it runs.
*/
#ifndef REF_REFERRER_H
#define REF_REFERRER_H

#include "psl.h"
#include "referrer_tables.h"
#include "url_buf.h"
#include "url_record.h"

/* The medium of a referrer. */
typedef enum ref_medium {
  REF_M_NONE = 0, /* not a referrer (no host) */
  REF_M_SEARCH,
  REF_M_SOCIAL,
  REF_M_AI,
  REF_M_EMAIL,
  REF_M_PAID,
  REF_M_INTERNAL, /* same site as the page */
  REF_M_WEBSITE   /* any other */
} ref_medium;

/* "search", "social", "ai", "email", "paid", "internal", "website"; NULL for
   REF_M_NONE. */
const char *ref_medium_name(int m);

typedef struct ref_info {
  int medium;               /* ref_medium */
  const char *source;       /* the list's name, or NULL: the host is */
  url_str host;             /* the referrer's hostname (a slice of it) */
  const ref_engine *engine; /* REF_M_SEARCH: the engine's configuration */
  int has_term;             /* the keyword was appended to term */
} ref_info;

/*
** Classifies the parsed referrer r for a visit to page (NULL: unknown),
** appending a search keyword to term (decoded as the engine's charsets say,
** '+' as space, trimmed) and setting *o.  Order: internal (same site as
** page: url_psl_hosts_schemelessly_same_site under psl), AI assistant,
** search engine (Matomo's rules: a keyword, or an empty keyword parameter,
** or a hidden-keyword path; otherwise not a search), social network,
** webmail, ad click, website.  mem serves a regex keyword parameter.
** Returns URL_OK or an error (URL_NOMEM, term's error).
*/
int ref_classify(const url *r, const url *page, const url_psl_list *psl,
                 const url_allocator *mem, url_buf *term, ref_info *o);

/* Appends the engine's backlink for the keyword term[0..n) to out:
   "https://" host "/" backlink with {k} the keyword, percent-encoded. */
int ref_backlink(const ref_info *i, const char *term, size_t n, url_buf *out);

/* Matomo's lossy form of the host h[0..n) (UrlHelper::getLossyUrl: www. or
   search. dropped, m. labels dropped, a country code as {}), written to out
   (room for n + 3 bytes); returns its length. */
size_t ref_lossy_host(const char *h, size_t n, char *out);

/* The REF_CAT_* categories of a source name or host s[0..n) (ASCII
   case-insensitive; a host also by its parent domains). */
int ref_source_cats(const char *s, size_t n);

/*
** GA4's default channel group for a session's source, medium and campaign
** (valid UTF-8, compared ASCII case-insensitively), its rules in their
** order (channel.c).  Returns the group's name.
*/
const char *ref_channel(url_str source, url_str medium, url_str campaign);

/* A session's source, medium and campaign, as GA4 takes them. */
typedef struct ref_session {
  url_str source, medium, campaign;
} ref_session;

/*
** The session of a visit to page (NULL: unknown) from the referrer r
** (NULL: none): the
** page's utm_source / utm_medium / utm_campaign when it has utm_source or
** utm_medium (a missing one "(not set)"); else a click id's source and
** medium (own_lists.tsv: gclid gives google / cpc, ...); else the referrer's
** (ref_classify: a search engine its name / organic, a social network
** social, an AI assistant referral, webmail email, an ad click cpc, another
** site its host / referral); else (and for a same-site referrer)
** (direct) / (none).  Decoded parameters go to b, which the slices point
** into.  Returns URL_OK or an error.
*/
int ref_session_of(const url *page, const url *r, const url_psl_list *psl,
                   const url_allocator *mem, url_buf *b, ref_session *s);

#endif /* REF_REFERRER_H */
