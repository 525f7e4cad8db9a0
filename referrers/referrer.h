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
  int cats;                 /* REF_CAT_* of the host's listed suffixes */
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
** A visit's session as GA4 takes it (ref_session_of): its source, medium
** and campaign, the search term and ad content, the click id, and the
** categories of its source that GA4's channel rules test.  A slice with
** s NULL is absent.
*/
typedef struct ref_session {
  url_str source, medium, campaign, term, content;
  url_str click_id;       /* the click id's value */
  const char *click_kind; /* its parameter (gclid, msclkid...), or NULL */
  int cats;               /* REF_CAT_* of the source */
  ref_info ref;           /* the referrer's classification, when the session
                             came from it (medium REF_M_NONE otherwise) */
} ref_session;

/*
** GA4's default channel group of a session (valid UTF-8, compared ASCII
** case-insensitively), its rules in their order (channel.c).  Returns the
** group's name.
*/
const char *ref_channel(const ref_session *s);

/*
** The session of a visit to page (NULL: unknown) from the referrer r
** (NULL: none), the one classification behind url_channel and
** url_traffic_source:
**   - manual tagging: the page's utm_source, utm_medium or utm_campaign (a
**     missing source or medium "(not set)"; a campaign alone is tagged
**     traffic, not Direct), its categories those of the source's name;
**   - else auto-tagging: the page's first click id of own_lists.tsv
**     (gclid gives google / cpc, ...);
**   - else the referrer, classified by ref_classify (as url_referrer): a
**     search engine its name / organic (with its keyword as term), a
**     social network or an AI assistant its name / referral, webmail its
**     name / email, an ad click its name / cpc, another site its host /
**     referral; its categories those of the classification (a video or
**     shopping host first), so url_channel never calls a referrer a search
**     that url_referrer does not;
**   - else (and for a same-site referrer) (direct) / (none).
** term is utm_term unless the referrer gave a keyword; content utm_content;
** the click id is reported whichever way the session was tagged.  Decoded
** values go to b, which the slices point into.  Returns URL_OK or an error.
*/
int ref_session_of(const url *page, const url *r, const url_psl_list *psl,
                   const url_allocator *mem, url_buf *b, ref_session *s);

#endif /* REF_REFERRER_H */
