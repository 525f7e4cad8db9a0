/*
** Why a URL misleads a reader: the reasons of url_deceptions, each a
** finding about one part of the URL (the userinfo, the host), with what
** was found and the host or target a reader would take it for.
*/
#ifndef DEC_DECEPTIONS_H
#define DEC_DECEPTIONS_H

#include <stddef.h>

#include "chromium.h"
#include "lookalike.h"
#include "psl.h"
#include "url_buf.h"
#include "url_record.h"

typedef enum dec_reason {
  DEC_R_CREDENTIALS,
  DEC_R_IPV4_NUMERIC_FORM,
  DEC_R_PARSER_DIFFERENTIAL,
  DEC_R_EMBEDDED_DOMAIN,
  DEC_R_MAPPED_HOST,
  DEC_R_IDN_UNSAFE,
  DEC_R_LOOKALIKE,
  DEC_R_COMBO_SQUATTING,
  DEC_R_BRAND_IN_SUBDOMAIN,
  DEC_R_COUNT
} dec_reason;

/* "credentials", "ipv4-numeric-form", ... */
const char *dec_reason_name(int r);
/* A sentence saying what the reason means. */
const char *dec_reason_description(int r);

typedef struct dec_finding {
  unsigned char reason;
  const char *part;                  /* "userinfo", "host" */
  size_t detail_off, detail_len;     /* in the findings' text */
  size_t looks_off, looks_len;       /* looks_len 0 with has_looks 0: none */
  unsigned char has_looks;
} dec_finding;

typedef struct dec_findings {
  dec_finding v[DEC_R_COUNT];
  size_t n;
  url_buf text; /* the details and looks_like values */
} dec_findings;

/* What the reasons read: the policy of the Unicode data version
   (dec_policy_at), the public suffix list, the targets (or NULL). */
typedef struct dec_context {
  const dec_policy *policy;
  const url_psl_list *psl;
  const dec_targets *targets;
} dec_context;

/*
** The findings for the input s[0..n) (valid UTF-8) whose parse is u (an
** absolute URL), in dec_reason order, at most one per reason; f->text is
** cleared first.  Returns URL_OK or an error (URL_NOMEM).
*/
int dec_deceptions(const dec_context *cx, const char *s, size_t n,
                   const url *u, dec_findings *f);

#endif /* DEC_DECEPTIONS_H */
