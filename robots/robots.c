/*
** A robots.txt file compiled for matching: its groups (RFC 9309 §2.1),
** each with its product tokens and its rules sorted most specific first,
** and the decision for a crawler and a path (§2.2.2), as Google's
** reference matcher makes it:
**
**   - the groups whose user-agent lines name the crawler's product token
**     (case-insensitively) apply, merged; if none does, the `*` groups
**     (§2.2.1); if none of those either, everything is allowed;
**   - among their rules that match the path, the one with the longest
**     pattern decides; an `allow` wins a tie (§2.2.2); a rule with an
**     empty pattern never decides ("Disallow:" allows everything);
**   - Google's leniency: `allow: /d/index.htm[l]` also allows `/d/`;
**   - /robots.txt is always allowed (§2.2.2).
**
** The decision line is that of the winning rule (the first of equals).
** Sorting each group's rules by (length, allow first, line) makes the
** first matching rule of a group its best, so a path is matched against
** the rules of a group only until one matches.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "robots.h"
#include "url_record.h"
#include "utf8.h"

typedef struct rule {
  uint32_t pat, len; /* the canonical pattern: text[pat..pat+len) */
  uint32_t lit;      /* its text before the first '*' or a final '$' */
  int line;
  unsigned char allow;
} rule;

typedef struct token {
  uint32_t tok, len; /* the product token, lower-cased, in text */
} token;

typedef struct group {
  uint32_t agent0, n_agents;
  uint32_t rule0, n_rules;
  int global;     /* a user-agent line "*" */
  int delay_line; /* the first valid crawl-delay line; 0: none */
  double delay;
} group;

struct robots {
  const url_allocator *mem;
  url_buf text;   /* patterns and tokens */
  url_buf rules;  /* rule[] */
  url_buf agents; /* token[] */
  url_buf groups; /* group[] */
};

#define RULES(r) ((rule *)(void *)(r)->rules.ptr)
#define AGENTS(r) ((token *)(void *)(r)->agents.ptr)
#define GROUPS(r) ((group *)(void *)(r)->groups.ptr)
#define N_OF(b, T) ((b).len / sizeof(T))

static void add_rule(robots *r, group *g, int allow, int line, size_t pat,
                     size_t len) {
  const char *p = r->text.ptr + pat;
  rule x = {(uint32_t)pat, (uint32_t)len,
            (uint32_t)robots_literal_prefix(p, len), line,
            (unsigned char)allow};
  url_buf_append(&r->rules, (const char *)&x, sizeof x);
  g->n_rules++;
}

/* A rule line: its value in canonical form; Google's `index.htm`
   leniency adds `/dir/$` beside `allow: /dir/index.htm...`. */
static void rule_line(robots *r, group *g, const robots_line *l) {
  size_t at = r->text.len;
  if (robots_canon(&r->text, l->value, l->value_n, 1))
    url_buf_append(&r->text, l->value, l->value_n);
  if (r->text.err) return;
  size_t len = r->text.len - at;
  if (len == 0) return; /* an empty pattern never decides */
  int allow = l->directive == ROBOTS_ALLOW;
  add_rule(r, g, allow, l->line, at, len);
  if (!allow) return;
  const char *p = r->text.ptr + at;
  size_t slash = len;
  while (slash > 0 && p[slash - 1] != '/') slash--;
  if (slash == 0 || len - (slash - 1) < 10 ||
      memcmp(p + slash - 1, "/index.htm", 10) != 0)
    return;
  size_t alt = r->text.len;
  if (url_buf_reserve(&r->text, slash + 1)) return; /* before reading ptr */
  url_buf_append(&r->text, r->text.ptr + at, slash);
  url_buf_putc(&r->text, '$');
  add_rule(r, g, 1, l->line, alt, slash + 1);
}

static int compile_line(void *arg, const robots_line *l) {
  robots *r = arg;
  if (l->skipped || l->group < 0) return 0;
  if ((size_t)l->group == N_OF(r->groups, group)) {
    group g = {(uint32_t)N_OF(r->agents, token), 0,
               (uint32_t)N_OF(r->rules, rule), 0, 0, 0, 0};
    url_buf_append(&r->groups, (const char *)&g, sizeof g);
    if (r->groups.err) return r->groups.err;
  }
  group *g = &GROUPS(r)[l->group];
  switch (l->directive) {
  case ROBOTS_USER_AGENT: {
    const char *tok;
    size_t n;
    int global;
    robots_agent_token(l->value, l->value_n, &tok, &n, &global);
    if (global) {
      g->global = 1;
      break;
    }
    token a = {(uint32_t)r->text.len, (uint32_t)n};
    if (n) url_buf_append_lower(&r->text, tok, n);
    url_buf_append(&r->agents, (const char *)&a, sizeof a);
    g->n_agents++;
    break;
  }
  case ROBOTS_ALLOW:
  case ROBOTS_DISALLOW:
    rule_line(r, g, l);
    break;
  case ROBOTS_CRAWL_DELAY:
    if (!g->delay_line &&
        robots_delay_value(l->value, l->value_n, &g->delay))
      g->delay_line = l->line;
    break;
  default:
    break;
  }
  if (r->text.err) return r->text.err;
  if (r->rules.err) return r->rules.err;
  return r->agents.err;
}

/* Most specific first: longer patterns, then allow before disallow, then
   the earlier line. */
static int rule_order(const void *a, const void *b) {
  const rule *x = a, *y = b;
  if (x->len != y->len) return x->len > y->len ? -1 : 1;
  if (x->allow != y->allow) return x->allow ? -1 : 1;
  return (x->line > y->line) - (x->line < y->line);
}

void robots_free(robots *r) {
  if (!r) return;
  url_buf_free(&r->text);
  url_buf_free(&r->rules);
  url_buf_free(&r->agents);
  url_buf_free(&r->groups);
  r->mem->release(r);
}

int robots_parse(const char *txt, size_t n, const url_allocator *mem,
                 robots **out) {
  *out = NULL;
  robots *r = mem->alloc(sizeof *r);
  if (!r) return URL_NOMEM;
  r->mem = mem;
  url_buf_init(&r->text, mem, NULL, 0, (size_t)UINT32_MAX);
  url_buf_init(&r->rules, mem, NULL, 0, SIZE_MAX);
  url_buf_init(&r->agents, mem, NULL, 0, SIZE_MAX);
  url_buf_init(&r->groups, mem, NULL, 0, SIZE_MAX);
  int rc = robots_scan(txt, n, compile_line, r);
  if (rc) {
    robots_free(r);
    return rc;
  }
  for (size_t i = 0; i < N_OF(r->groups, group); i++) {
    group *g = &GROUPS(r)[i];
    if (g->n_rules > 1)
      qsort(RULES(r) + g->rule0, g->n_rules, sizeof(rule), rule_order);
  }
  *out = r;
  return URL_OK;
}

size_t robots_bytes(const robots *r) {
  return sizeof *r + r->text.cap + r->rules.cap + r->agents.cap +
         r->groups.cap;
}

/* Whether group g names the product token a[0..n) (ASCII case-insensitive;
   tokens are kept lower-cased). */
static int names(const robots *r, const group *g, const char *a, size_t n) {
  for (uint32_t i = 0; i < g->n_agents; i++) {
    const token *x = &AGENTS(r)[g->agent0 + i];
    if (x->len != n) continue;
    if (n == 0) return 1; /* (text.ptr may be NULL) */
    const char *t = r->text.ptr + x->tok;
    size_t k = 0;
    while (k < n) {
      unsigned char c = (unsigned char)a[k];
      if (c >= 'A' && c <= 'Z') c += 32;
      if (c != (unsigned char)t[k]) break;
      k++;
    }
    if (k == n) return 1;
  }
  return 0;
}

static int rule_matches(const robots *r, const rule *x, const char *s,
                        size_t n) {
  const char *p = r->text.ptr + x->pat;
  /* most rules part from a path within their first octets: look at the
     last of the literal prefix before calling memcmp */
  if (n < x->lit || (x->lit && s[x->lit - 1] != p[x->lit - 1]) ||
      memcmp(s, p, x->lit) != 0)
    return 0;
  return x->lit == x->len || robots_match_at(s, n, p, x->len, x->lit);
}

/* The first (best) rule of g matching s[0..n), or NULL. */
static const rule *group_best(const robots *r, const group *g, const char *s,
                              size_t n) {
  if (g->n_rules == 0) return NULL; /* (RULES(r) may be NULL) */
  const rule *x = RULES(r) + g->rule0;
  for (uint32_t i = 0; i < g->n_rules; i++, x++)
    if (rule_matches(r, x, s, n)) return x;
  return NULL;
}

static int better(const rule *a, const rule *b) {
  return !b || rule_order(a, b) < 0;
}

int robots_decide(const robots *r, const char *agent, size_t an,
                  const char *path, size_t pn, url_buf *scratch,
                  robots_verdict *v) {
  v->allowed = 1;
  v->line = 0;
  if (pn == 11 && memcmp(path, "/robots.txt", 11) == 0) return URL_OK;
  size_t at = scratch->len;
  if (!robots_canon(scratch, path, pn, 0)) {
    if (scratch->err) return scratch->err;
    path = scratch->ptr + at;
    pn = scratch->len - at;
  }
  const rule *spec = NULL, *glob = NULL;
  int named = 0;
  const group *g = GROUPS(r);
  for (size_t i = 0; i < N_OF(r->groups, group); i++, g++) {
    if (names(r, g, agent, an)) {
      named = 1;
      const rule *x = group_best(r, g, path, pn);
      if (x && better(x, spec)) spec = x;
    } else if (g->global && !named) {
      const rule *x = group_best(r, g, path, pn);
      if (x && better(x, glob)) glob = x;
    }
  }
  const rule *best = named ? spec : glob;
  scratch->len = at;
  if (best) {
    v->allowed = best->allow;
    v->line = best->line;
  }
  return URL_OK;
}

int robots_decide_url(const robots *r, const char *agent, size_t an,
                      const url *u, url_buf *scratch, robots_verdict *v) {
  /* the path and query: href from path_start (not url_pathname's slice,
     which is a static "" when the path is empty, as in "data:") */
  const char *ps = u->href.ptr + u->path_start;
  size_t end = u->fragment_start != URL_NONE ? u->fragment_start : u->href.len;
  size_t n = end - u->path_start;
  if (n > 0 && ps[0] == '/')
    return robots_decide(r, agent, an, ps, n, scratch, v);
  size_t at = scratch->len;
  url_buf_putc(scratch, '/');
  url_buf_append(scratch, ps, n);
  if (scratch->err) return scratch->err;
  /* decide reads the path from scratch and writes after it */
  size_t len = scratch->len - at;
  int rc = url_buf_reserve(scratch, 3 * len);
  if (rc == URL_OK)
    rc = robots_decide(r, agent, an, scratch->ptr + at, len, scratch, v);
  scratch->len = at;
  return rc;
}

int robots_crawl_delay(const robots *r, const char *agent, size_t an,
                       double *delay, int *line) {
  const group *spec = NULL, *glob = NULL;
  int named = 0;
  const group *g = GROUPS(r);
  for (size_t i = 0; i < N_OF(r->groups, group); i++, g++) {
    if (names(r, g, agent, an)) {
      named = 1;
      if (g->delay_line && (!spec || g->delay_line < spec->delay_line))
        spec = g;
    } else if (g->global && g->delay_line && !glob) {
      glob = g;
    }
  }
  const group *best = named ? spec : glob;
  if (!best) return 0;
  *delay = best->delay;
  *line = best->delay_line;
  return 1;
}
