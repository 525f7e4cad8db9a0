/*
** robots.txt, the Robots Exclusion Protocol (RFC 9309), with the lenient
** reading of Google's reference parser (google/robotstxt), whose
** conformance suite it passes:
**
**   scan.c    the lines of a file: BOM, line endings, comments, key and
**             value, the directive a key names (case, misspellings), the
**             group a line belongs to (robots_scan);
**   match.c   the path a rule or a URL stands for (percent-encoding
**             equivalence, RFC 9309 §2.2.2) and the path matcher with `*`
**             and `$` (§2.2.3), linear in path and pattern;
**   robots.c  a file compiled for matching (robots_parse): its groups, its
**             rules sorted most specific first; the decision for a user
**             agent and a path (§2.2.2), the crawl delay.
**
** Bytes in, bytes out: a file is any bytes (a BOM, invalid UTF-8 and NUL
** are data); nothing here allocates but robots_parse and the scratch
** buffer a caller hands in.
*/
#ifndef URL_ROBOTS_H
#define URL_ROBOTS_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"
#include "url_mem.h"

/* RFC 9309 §2.5: a parser reads at least 500 KiB.  This one reads that
   much (as Google's crawler does) and no more: a line the limit cuts is
   dropped whole, the rest of the file ignored. */
#define ROBOTS_MAX_BYTES ((size_t)500 * 1024)
/* Bytes of one line that are read (Google's parser: eight times the 2083
   bytes of a browser's longest URL, less one); the rest of a longer line
   is ignored. */
#define ROBOTS_MAX_LINE 16663

/* What a line's key names. */
typedef enum robots_directive {
  ROBOTS_NONE,       /* a line with text but no key: value */
  ROBOTS_USER_AGENT,
  ROBOTS_ALLOW,
  ROBOTS_DISALLOW,
  ROBOTS_SITEMAP,
  ROBOTS_CRAWL_DELAY,
  ROBOTS_UNKNOWN     /* any other key */
} robots_directive;

/* A mistake the reader forgave (robots_line.forgiven). */
enum {
  ROBOTS_TYPO = 1,       /* a misspelled or extended key: "disalow" */
  ROBOTS_NO_COLON = 2,   /* "disallow /x": white space for the colon */
  ROBOTS_LINE_CUT = 4,   /* longer than ROBOTS_MAX_LINE: the rest ignored */
  ROBOTS_AGENT_CUT = 8   /* a user-agent value longer than its product
                            token ("Googlebot/2.1" names Googlebot) */
};

/* One line with text (blank and comment-only lines are not reported). */
typedef struct robots_line {
  int line;                 /* 1-based; \r\n counts as one line end */
  robots_directive directive;
  int group;                /* 0-based group it belongs to; -1: none */
  const char *key, *value;  /* slices of the file (value: comment and
                               white space removed); key NULL for NONE */
  size_t key_n, value_n;
  int forgiven;             /* ROBOTS_TYPO | ROBOTS_NO_COLON | ... */
  const char *skipped;      /* why the line does not count; NULL: it does */
} robots_line;

/*
** Reads the file txt[0..n) line by line, calling fn for each line with
** text, in order, until fn returns non-zero (which robots_scan returns);
** returns 0 at the end.  Groups (RFC 9309 §2.1): a user-agent line after a
** rule starts a new group; lines up to the next such line belong to it,
** sitemap lines to none.
*/
typedef int (*robots_line_fn)(void *arg, const robots_line *l);
int robots_scan(const char *txt, size_t n, robots_line_fn fn, void *arg);

/* The product token a user-agent value names (the leading run of
   [A-Za-z_-]: "Foo Bar" and "Foo/1.0" name Foo); *global is 1 for "*"
   (alone or before white space), the group every crawler falls back on. */
void robots_agent_token(const char *v, size_t n, const char **tok,
                        size_t *tok_n, int *global);

/* The product token a crawler's own user-agent argument v[0..n) names,
   read as the file side is (white space around it ignored): a token
   alone ("Googlebot"); a product's token ("Googlebot/2.1": Googlebot);
   in a whole User-Agent header, the token of its "compatible;" comment
   ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://...)": Googlebot).
   Any other value ("Foo Bar") is taken whole, as Google's matcher takes
   its argument, and so names no group (its suite checks that). */
void robots_agent_arg(const char *v, size_t n, const char **tok,
                      size_t *tok_n);

/* The name of a directive ("disallow"); NULL for NONE and UNKNOWN. */
const char *robots_directive_name(robots_directive d);
/* The mistakes forgiven in line l (l->forgiven), as text appended to out
   ("key read as disallow; no colon"); nothing when none was. */
void robots_forgiven_text(url_buf *out, const robots_line *l);
/* Why a sitemap line does not count when its value is not an absolute
   URL (the caller parses it: robots_scan does not). */
extern const char robots_sitemap_not_url[];

/*
** The form a rule's path and a URL's path are compared in (RFC 9309
** §2.2.2), appended to out:
**   - every escape's hex upper-cased (`%2f` is `%2F`, which stays
**     distinct from `/`: reserved octets, `%2A` and `%24` too, are kept
**     escaped, so a rule's `%2A` is a literal star);
**   - the ASCII octets that are neither unreserved nor reserved
**     (controls, space, " < > \ ^ ` { | } DEL) percent-encoded, and the
**     quote ' as %27 (the URL parser writes a query's ' so: a query's
**     characters are then compared in the form the parser gives them,
**     whether the rule wrote ' or %27);
**   - in a rule (ROBOTS_CANON_RULE) non-ASCII octets percent-encoded,
**     `*` kept (any run of octets) and a `$` kept when it ends the rule
**     (the end of the path), any other `$` written %24;
**   - in a URL, `*` and `$` written %2A and %24 (literal octets, which a
**     rule's %2A and %24 match), non-ASCII octets left alone (the URL
**     parser has percent-encoded them), and with ROBOTS_CANON_DECODE the
**     escapes of unreserved octets decoded (§2.2.2: `%7E` is `~`, so the
**     rule `/~joe` matches `/%7Ejoe`).  robots_decide matches a URL in
**     both forms, with and without that decoding: a rule's own escape of
**     an unreserved octet (`/%62%61%7A`) matches only that escape, as
**     Google's matcher and its conformance suite have it (docs/robots.md).
** Returns 1 if s[0..n) is already in that form (out untouched), else 0.
*/
/* Whether s[0..n) holds an escape of an unreserved octet (`%7E`). */
int robots_unreserved_escape(const char *s, size_t n);
#define ROBOTS_CANON_RULE 1
#define ROBOTS_CANON_DECODE 2
int robots_canon(url_buf *out, const char *s, size_t n, int flags);

/*
** Whether the pattern p[0..m) (in canonical form: `*` any run of octets, a
** final `$` the end of the path, RFC 9309 §2.2.3) matches the path
** s[0..n) from its first octet.  The pieces between stars are found
** leftmost in turn, which finds a match whenever there is one; each search
** is linear, so the whole is O(n + m) with no backtracking.
*/
int robots_match(const char *s, size_t n, const char *p, size_t m);
/* The length k of p's text before its first star (or final '$'), and
   robots_match when p[0..k) is known to start s (a compiled rule checks
   that first). */
size_t robots_literal_prefix(const char *p, size_t m);
int robots_match_at(const char *s, size_t n, const char *p, size_t m,
                    size_t k);

/* ------------------------------------------------ a file, compiled */

typedef struct robots robots;

/* Compiles txt[0..n) for matching (its first ROBOTS_MAX_BYTES).  Returns
   URL_OK with *out (free with robots_free) or URL_NOMEM. */
int robots_parse(const char *txt, size_t n, const url_allocator *mem,
                 robots **out);
void robots_free(robots *r);
/* Bytes the compiled file holds (for a cache's budget). */
size_t robots_bytes(const robots *r);

/* A decision: allowed or not, and the rule that decided (line 0 when no
   rule matched: allowed). */
typedef struct robots_verdict {
  int allowed;
  int line;
  int group;                /* its group, 0-based; -1: none */
  const char *pattern;      /* its pattern in canonical form (in r) */
  size_t pattern_n;
  const char *value;        /* its value as written (in r) */
  size_t value_n;
} robots_verdict;

/* The groups that apply to a crawler (RFC 9309 §2.2.1): those naming its
   product token, else the `*` groups; chosen once for a file and a user
   agent (robots_select), then used for any number of URLs. */
typedef struct robots_sel {
  const uint32_t *groups;   /* indices into the file's groups (in r) */
  uint32_t n;
  int named;                /* 1: groups naming the token; 0: "*" */
} robots_sel;

/* The groups for the user-agent argument agent[0..an), reduced to its
   product token by robots_agent_arg and compared case-insensitively:
   O(log k) in the file's k distinct tokens. */
void robots_select(const robots *r, const char *agent, size_t an,
                   robots_sel *sel);

/*
** Whether the crawler sel was chosen for may fetch the URL whose path and
** query are path[0..pn) (RFC 9309 §2.2.2): among the rules of its groups
** the longest matching pattern, `allow` on a tie; /robots.txt always
** allowed.  The path is matched in its canonical form (robots_canon) and,
** when it holds escapes of unreserved octets, in the form with those
** decoded; the better rule of the two decides.  scratch holds those
** forms.  Returns URL_OK or scratch's error.
*/
int robots_decide_sel(const robots *r, const robots_sel *sel,
                      const char *path, size_t pn, url_buf *scratch,
                      robots_verdict *v);
/* robots_select, then robots_decide_sel. */
int robots_decide(const robots *r, const char *agent, size_t an,
                  const char *path, size_t pn, url_buf *scratch,
                  robots_verdict *v);

/*
** robots_decide for a parsed URL: its path and query (§2.2.2: the fragment
** is not part of it), with a '/' before them when the path does not start
** with one (an empty or opaque path).
*/
struct url;
int robots_decide_url_sel(const robots *r, const robots_sel *sel,
                          const struct url *u, url_buf *scratch,
                          robots_verdict *v);
int robots_decide_url(const robots *r, const char *agent, size_t an,
                      const struct url *u, url_buf *scratch,
                      robots_verdict *v);

/* The crawl-delay (seconds) of the first valid crawl-delay line of the
   groups robots_select chooses for agent: 1 with *delay and *line, 0
   when there is none. */
int robots_crawl_delay(const robots *r, const char *agent, size_t an,
                       double *delay, int *line);

/* A crawl-delay value: a decimal number of seconds ("10", "0.5"); 0 if
   v[0..n) is not one. */
int robots_delay_value(const char *v, size_t n, double *out);

#endif /* URL_ROBOTS_H */
