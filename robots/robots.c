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
  uint32_t pat, len;  /* the canonical pattern: text[pat..pat+len) */
  uint32_t lit;       /* its text before the first '*' or a final '$' */
  uint32_t val, val_n; /* the value as written: text[val..val+val_n) */
  uint32_t group;
  uint64_t need;      /* bit (c & 63) of each octet c after `lit`: the
                         octets a path must hold for the rule to match */
  int line;
  unsigned char allow;
} rule;

/* A user-agent line's product token, lower-cased in text, and its group;
   after robots_parse, sorted by token then group. */
typedef struct token {
  uint32_t tok, len;
  uint32_t group;
} token;

/* A distinct product token and the groups naming it: lists[list0..+n). */
typedef struct key {
  uint32_t tok, len;
  uint32_t list0, n;
} key;

typedef struct group {
  uint32_t rule0, n_rules;
  int global;     /* a user-agent line "*" */
  int delay_line; /* the first valid crawl-delay line; 0: none */
  double delay;
} group;

struct robots {
  const url_allocator *mem;
  url_buf text;   /* patterns, values and tokens */
  url_buf rules;  /* rule[] */
  url_buf agents; /* token[] */
  url_buf groups; /* group[] */
  url_buf keys;   /* key[], sorted by token */
  url_buf lists;  /* uint32_t[]: each key's groups, then the "*" groups */
  uint32_t global0, n_global;
};

#define RULES(r) ((rule *)(void *)(r)->rules.ptr)
#define AGENTS(r) ((token *)(void *)(r)->agents.ptr)
#define GROUPS(r) ((group *)(void *)(r)->groups.ptr)
#define KEYS(r) ((key *)(void *)(r)->keys.ptr)
#define LISTS(r) ((uint32_t *)(void *)(r)->lists.ptr)
#define N_OF(b, T) ((b).len / sizeof(T))

static void add_rule(robots *r, group *g, uint32_t gi, const robots_line *l,
                     size_t pat, size_t len, size_t val, size_t val_n) {
  const char *p = r->text.ptr + pat;
  size_t lit = robots_literal_prefix(p, len);
  uint64_t need = 0;
  for (size_t i = lit; i < len; i++)
    if (p[i] != '*' && !(p[i] == '$' && i + 1 == len))
      need |= (uint64_t)1 << ((unsigned char)p[i] & 63);
  rule x = {(uint32_t)pat, (uint32_t)len, (uint32_t)lit, (uint32_t)val,
            (uint32_t)val_n, gi, need, l->line,
            (unsigned char)(l->directive == ROBOTS_ALLOW)};
  url_buf_append(&r->rules, (const char *)&x, sizeof x);
  g->n_rules++;
}

/* A rule line: its value in canonical form (and as written when that
   differs); Google's `index.htm` leniency adds `/dir/$` beside
   `allow: /dir/index.htm...`. */
static void rule_line(robots *r, group *g, uint32_t gi, const robots_line *l) {
  size_t at = r->text.len;
  if (robots_canon(&r->text, l->value, l->value_n, ROBOTS_CANON_RULE))
    url_buf_append(&r->text, l->value, l->value_n);
  if (r->text.err) return;
  size_t len = r->text.len - at, val = at;
  if (len == 0) return; /* an empty pattern never decides */
  if (len != l->value_n || memcmp(r->text.ptr + at, l->value, len) != 0) {
    val = r->text.len;
    url_buf_append(&r->text, l->value, l->value_n);
    if (r->text.err) return;
  }
  add_rule(r, g, gi, l, at, len, val, l->value_n);
  if (l->directive != ROBOTS_ALLOW) return;
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
  add_rule(r, g, gi, l, alt, slash + 1, val, l->value_n);
}

static int compile_line(void *arg, const robots_line *l) {
  robots *r = arg;
  if (l->skipped || l->group < 0) return 0;
  if ((size_t)l->group == N_OF(r->groups, group)) {
    group g = {(uint32_t)N_OF(r->rules, rule), 0, 0, 0, 0};
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
    token a = {(uint32_t)r->text.len, (uint32_t)n, (uint32_t)l->group};
    if (n) url_buf_append_lower(&r->text, tok, n);
    url_buf_append(&r->agents, (const char *)&a, sizeof a);
    break;
  }
  case ROBOTS_ALLOW:
  case ROBOTS_DISALLOW:
    rule_line(r, g, (uint32_t)l->group, l);
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

/* Compares token a[0..an) (any case) with the lower-cased b[0..bn). */
static int token_cmp(const char *a, size_t an, const char *b, size_t bn) {
  size_t n = an < bn ? an : bn;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)a[i];
    if (c >= 'A' && c <= 'Z') c += 32;
    if (c != (unsigned char)b[i]) return c < (unsigned char)b[i] ? -1 : 1;
  }
  return (an > bn) - (an < bn);
}

/* A token being sorted: its text by pointer (the text no longer moves
   once the file is scanned). */
typedef struct sorting {
  const char *p;
  token t;
} sorting;

static int sorting_order(const void *a, const void *b) {
  const sorting *x = a, *y = b;
  size_t n = x->t.len < y->t.len ? x->t.len : y->t.len;
  int c = n ? memcmp(x->p, y->p, n) : 0;
  if (c) return c;
  if (x->t.len != y->t.len) return x->t.len < y->t.len ? -1 : 1;
  return (x->t.group > y->t.group) - (x->t.group < y->t.group);
}

/* Sorts the agents by token (lower-cased already), then group. */
static int sort_agents(robots *r) {
  size_t n = N_OF(r->agents, token);
  if (n < 2) return URL_OK;
  sorting *s = r->mem->alloc(n * sizeof *s);
  if (!s) return URL_NOMEM;
  token *t = AGENTS(r);
  for (size_t i = 0; i < n; i++)
    s[i] = (sorting){t[i].len ? r->text.ptr + t[i].tok : "", t[i]};
  qsort(s, n, sizeof *s, sorting_order);
  for (size_t i = 0; i < n; i++) t[i] = s[i].t;
  r->mem->release(s);
  return URL_OK;
}

/* The keys (distinct tokens, each with its groups) and the "*" groups. */
static int index_agents(robots *r) {
  int rc = sort_agents(r);
  if (rc != URL_OK) return rc;
  const token *t = AGENTS(r);
  size_t n = N_OF(r->agents, token);
  for (size_t i = 0; i < n;) {
    key k = {t[i].tok, t[i].len, (uint32_t)N_OF(r->lists, uint32_t), 0};
    size_t j = i;
    for (; j < n && t[j].len == k.len &&
           (k.len == 0 ||
            memcmp(r->text.ptr + t[j].tok, r->text.ptr + k.tok, k.len) == 0);
         j++)
      if (j == i || t[j].group != t[j - 1].group) {
        url_buf_append(&r->lists, (const char *)&t[j].group, sizeof(uint32_t));
        k.n++;
      }
    url_buf_append(&r->keys, (const char *)&k, sizeof k);
    i = j;
  }
  r->global0 = (uint32_t)N_OF(r->lists, uint32_t);
  for (size_t g = 0; g < N_OF(r->groups, group); g++)
    if (GROUPS(r)[g].global) {
      uint32_t gi = (uint32_t)g;
      url_buf_append(&r->lists, (const char *)&gi, sizeof gi);
      r->n_global++;
    }
  if (r->keys.err) return r->keys.err;
  return r->lists.err;
}

void robots_free(robots *r) {
  if (!r) return;
  url_buf_free(&r->text);
  url_buf_free(&r->rules);
  url_buf_free(&r->agents);
  url_buf_free(&r->groups);
  url_buf_free(&r->keys);
  url_buf_free(&r->lists);
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
  url_buf_init(&r->keys, mem, NULL, 0, SIZE_MAX);
  url_buf_init(&r->lists, mem, NULL, 0, SIZE_MAX);
  r->global0 = r->n_global = 0;
  int rc = robots_scan(txt, n, compile_line, r);
  if (rc == URL_OK) rc = index_agents(r);
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
         r->groups.cap + r->keys.cap + r->lists.cap;
}

void robots_select(const robots *r, const char *agent, size_t an,
                   robots_sel *sel) {
  const char *tok;
  size_t tn;
  robots_agent_arg(agent, an, &tok, &tn);
  /* binary search of the distinct tokens */
  size_t lo = 0, hi = N_OF(r->keys, key);
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const key *k = &KEYS(r)[mid];
    int c = token_cmp(tok, tn, k->len ? r->text.ptr + k->tok : "", k->len);
    if (c == 0) {
      sel->groups = LISTS(r) + k->list0;
      sel->n = k->n;
      sel->named = 1;
      return;
    }
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  sel->groups = r->n_global ? LISTS(r) + r->global0 : NULL;
  sel->n = r->n_global;
  sel->named = 0;
}

/* The octets of s[0..n) as bits (c & 63), for rule.need. */
static uint64_t octets_of(const char *s, size_t n) {
  uint64_t m = 0;
  for (size_t i = 0; i < n; i++) m |= (uint64_t)1 << ((unsigned char)s[i] & 63);
  return m;
}

/* A path in canonical form, and its octets once a rule asked. */
typedef struct subject {
  const char *s;
  size_t n;
  uint64_t have;
  int have_known;
} subject;

static int rule_matches(const robots *r, const rule *x, subject *ps) {
  const char *p = r->text.ptr + x->pat, *s = ps->s;
  size_t n = ps->n;
  /* most rules part from a path within their first octets: look at the
     last of the literal prefix before calling memcmp */
  if (n < x->lit || (x->lit && s[x->lit - 1] != p[x->lit - 1]) ||
      memcmp(s, p, x->lit) != 0)
    return 0;
  if (x->lit == x->len) return 1;
  /* a wildcard rule: the octets it needs are all in the path, or it
     cannot match (one pass over the path for all the rules) */
  if (x->need) {
    if (!ps->have_known) {
      ps->have = octets_of(s, n);
      ps->have_known = 1;
    }
    if (x->need & ~ps->have) return 0;
  }
  return robots_match_at(s, n, p, x->len, x->lit);
}

/* The first (best) rule of g matching the path, or NULL. */
static const rule *group_best(const robots *r, const group *g, subject *ps) {
  if (g->n_rules == 0) return NULL; /* (RULES(r) may be NULL) */
  const rule *x = RULES(r) + g->rule0;
  for (uint32_t i = 0; i < g->n_rules; i++, x++)
    if (rule_matches(r, x, ps)) return x;
  return NULL;
}

static int better(const rule *a, const rule *b) {
  return !b || rule_order(a, b) < 0;
}

static const rule *sel_best(const robots *r, const robots_sel *sel,
                            subject *ps, const rule *best) {
  for (uint32_t i = 0; i < sel->n; i++) {
    const rule *x = group_best(r, &GROUPS(r)[sel->groups[i]], ps);
    if (x && better(x, best)) best = x;
  }
  return best;
}

int robots_decide_sel(const robots *r, const robots_sel *sel,
                      const char *pth, size_t pn, url_buf *scratch,
                      robots_verdict *v) {
  v->allowed = 1;
  v->line = 0;
  v->group = -1;
  v->pattern = v->value = NULL;
  v->pattern_n = v->value_n = 0;
  if (pn == 11 && memcmp(pth, "/robots.txt", 11) == 0) return URL_OK;
  if (sel->n == 0) return URL_OK;
  size_t at = scratch->len;
  subject ps = {pth, pn, 0, 0};
  if (!robots_canon(scratch, pth, pn, 0)) {
    if (scratch->err) return scratch->err;
    ps.s = scratch->ptr + at;
    ps.n = scratch->len - at;
  }
  const rule *best = sel_best(r, sel, &ps, NULL);
  /* §2.2.2: the URL's escapes of unreserved octets decoded, as a second
     form (a rule's own such escapes match only the first) */
  if (robots_unreserved_escape(ps.s, ps.n)) {
    size_t a_at = ps.s == pth ? SIZE_MAX : at, a_n = ps.n;
    size_t b_at = scratch->len;
    if (url_buf_reserve(scratch, ps.n)) return scratch->err;
    const char *a = a_at == SIZE_MAX ? pth : scratch->ptr + a_at;
    robots_canon(scratch, a, a_n, ROBOTS_CANON_DECODE);
    if (scratch->err) return scratch->err;
    subject pb = {scratch->ptr + b_at, scratch->len - b_at, 0, 0};
    best = sel_best(r, sel, &pb, best);
  }
  scratch->len = at;
  if (best) {
    v->allowed = best->allow;
    v->line = best->line;
    v->group = (int)best->group;
    v->pattern = r->text.ptr + best->pat;
    v->pattern_n = best->len;
    v->value = r->text.ptr + best->val;
    v->value_n = best->val_n;
  }
  return URL_OK;
}

int robots_decide(const robots *r, const char *agent, size_t an,
                  const char *path, size_t pn, url_buf *scratch,
                  robots_verdict *v) {
  robots_sel sel;
  robots_select(r, agent, an, &sel);
  return robots_decide_sel(r, &sel, path, pn, scratch, v);
}

int robots_decide_url_sel(const robots *r, const robots_sel *sel,
                          const url *u, url_buf *scratch, robots_verdict *v) {
  /* the path and query: href from path_start (not url_pathname's slice,
     which is a static "" when the path is empty, as in "data:") */
  const char *ps = u->href.ptr + u->path_start;
  size_t end = u->fragment_start != URL_NONE ? u->fragment_start : u->href.len;
  size_t n = end - u->path_start;
  if (n > 0 && ps[0] == '/')
    return robots_decide_sel(r, sel, ps, n, scratch, v);
  size_t at = scratch->len;
  url_buf_putc(scratch, '/');
  url_buf_append(scratch, ps, n);
  if (scratch->err) return scratch->err;
  /* decide reads the path from scratch and writes after it */
  size_t len = scratch->len - at;
  int rc = url_buf_reserve(scratch, 6 * len);
  if (rc == URL_OK)
    rc = robots_decide_sel(r, sel, scratch->ptr + at, len, scratch, v);
  scratch->len = at;
  return rc;
}

int robots_decide_url(const robots *r, const char *agent, size_t an,
                      const url *u, url_buf *scratch, robots_verdict *v) {
  robots_sel sel;
  robots_select(r, agent, an, &sel);
  return robots_decide_url_sel(r, &sel, u, scratch, v);
}

int robots_crawl_delay(const robots *r, const char *agent, size_t an,
                       double *delay, int *line) {
  robots_sel sel;
  robots_select(r, agent, an, &sel);
  const group *best = NULL;
  for (uint32_t i = 0; i < sel.n; i++) {
    const group *g = &GROUPS(r)[sel.groups[i]];
    if (g->delay_line && (!best || g->delay_line < best->delay_line)) best = g;
  }
  if (!best) return 0;
  *delay = best->delay;
  *line = best->delay_line;
  return 1;
}
