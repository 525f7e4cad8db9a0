/*
** libFuzzer target: robots/ (the robots.txt scanner, the compiled file and
** its decisions, the path matcher).
**
** An input is a robots.txt, then a 0xFF byte, then the path, then a 0xFF
** byte and the user agent (missing parts are "/" and "bot").  Oracles:
**   - robots_decide (rules sorted once, the first match of each group) is
**     the decision of a plain reading: every line scanned again, every
**     rule of every group that applies matched against the path's two
**     forms (canonical; unreserved escapes decoded), the best kept by
**     length, allow, line, the agent argument read by robots_agent_arg;
**   - robots_match is a table over pattern and path positions (for
**     patterns and paths of at most 256 bytes).
** A difference prints the case and abort()s.  tests/robots_fuzz_test.c
** runs the same oracles over the seeds and pseudo-random inputs in make
** test; make fuzz runs them under libFuzzer.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_libc.h"
#include "robots.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether p[0..m) matches a prefix of s[0..n) (a final '$': all of it),
   by a table: ok[j] after pattern octet i is whether p[0..i) matches
   s[0..j). */
static int table_match(const char *s, size_t n, const char *p, size_t m) {
  int end = m > 0 && p[m - 1] == '$';
  if (end) m--;
  unsigned char ok[258], nx[258];
  memset(ok, 0, sizeof ok);
  ok[0] = 1;
  for (size_t i = 0; i < m; i++) {
    memset(nx, 0, sizeof nx);
    if (p[i] == '*') {
      int on = 0;
      for (size_t j = 0; j <= n; j++) nx[j] = (unsigned char)(on |= ok[j]);
    } else {
      for (size_t j = 0; j < n; j++) nx[j + 1] = ok[j] && s[j] == p[i];
    }
    memcpy(ok, nx, sizeof ok);
  }
  if (end) return ok[n];
  for (size_t j = 0; j <= n; j++)
    if (ok[j]) return 1;
  return 0;
}

/* The plain reading: lines kept as they come. */
typedef struct plain {
  const char *agent, *path;
  size_t an, pn;
  int groups_named[4096]; /* per group: 1 names the agent, 2 is "*" */
  struct {
    int group, allow, line;
    char *pat;
    size_t len;
  } rules[2048];
  int n_rules, overflow;
} plain;

static int names(const char *tok, size_t n, const char *a, size_t an) {
  if (n != an) return 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char x = (unsigned char)tok[i], y = (unsigned char)a[i];
    if (x >= 'A' && x <= 'Z') x += 32;
    if (y >= 'A' && y <= 'Z') y += 32;
    if (x != y) return 0;
  }
  return 1;
}

static int plain_line(void *arg, const robots_line *l) {
  plain *p = arg;
  if (l->skipped || l->group < 0) return 0;
  if (l->group >= 4096 || p->n_rules >= 2048) {
    p->overflow = 1;
    return 0;
  }
  if (l->directive == ROBOTS_USER_AGENT) {
    const char *tok;
    size_t n;
    int global;
    robots_agent_token(l->value, l->value_n, &tok, &n, &global);
    if (global) p->groups_named[l->group] |= 2;
    else if (names(tok, n, p->agent, p->an)) p->groups_named[l->group] |= 1;
  } else if (l->directive == ROBOTS_ALLOW || l->directive == ROBOTS_DISALLOW) {
    url_buf b;
    url_buf_init(&b, &url_mem_libc, NULL, 0, SIZE_MAX);
    if (robots_canon(&b, l->value, l->value_n, 1))
      url_buf_append(&b, l->value, l->value_n);
    p->rules[p->n_rules].group = l->group;
    p->rules[p->n_rules].allow = l->directive == ROBOTS_ALLOW;
    p->rules[p->n_rules].line = l->line;
    p->rules[p->n_rules].pat = b.ptr;
    p->rules[p->n_rules].len = b.len;
    p->n_rules++;
  }
  return 0;
}

/* Whether rule i matches, with Google's index.htm leniency. */
static int plain_matches(const plain *p, int i, const char *s, size_t n,
                         size_t *prio) {
  const char *pat = p->rules[i].pat;
  size_t m = p->rules[i].len;
  *prio = m;
  if (m == 0) return 0;
  if (table_match(s, n, pat, m)) return 1;
  if (!p->rules[i].allow) return 0;
  const char *slash = NULL;
  for (size_t k = 0; k < m; k++)
    if (pat[k] == '/') slash = pat + k;
  if (!slash || (size_t)(pat + m - slash) < 10 ||
      memcmp(slash, "/index.htm", 10) != 0)
    return 0;
  char alt[300];
  size_t an = (size_t)(slash - pat) + 1;
  memcpy(alt, pat, an);
  alt[an] = '$';
  *prio = an + 1;
  return table_match(s, n, alt, an + 1);
}

static void fail(const char *what, const uint8_t *data, size_t size) {
  fprintf(stderr, "robots_fuzz: oracle: %s on %zu bytes:\n", what, size);
  fwrite(data, 1, size, stderr);
  fputc('\n', stderr);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *txt = (const char *)data;
  const uint8_t *sep = memchr(data, 0xFF, size);
  size_t tn = sep ? (size_t)(sep - data) : size;
  const char *path = "/", *agent = "bot";
  size_t pn = 1, an = 3;
  if (sep) {
    path = (const char *)sep + 1;
    const uint8_t *sep2 = memchr(sep + 1, 0xFF, size - tn - 1);
    pn = sep2 ? (size_t)(sep2 - sep - 1) : size - tn - 1;
    if (sep2) {
      agent = (const char *)sep2 + 1;
      an = size - (size_t)(sep2 + 1 - data);
    }
  }
  robots *r;
  if (robots_parse(txt, tn, &url_mem_libc, &r) != URL_OK) return 0;
  url_buf scratch;
  url_buf_init(&scratch, &url_mem_libc, NULL, 0, SIZE_MAX);
  robots_verdict v;
  int rc = robots_decide(r, agent, an, path, pn, &scratch, &v);
  double d;
  int dl;
  (void)robots_crawl_delay(r, agent, an, &d, &dl);
  robots_free(r);
  if (rc != URL_OK) {
    url_buf_free(&scratch);
    return 0;
  }
  /* the plain reading, for paths the table can take */
  /* the path's two forms: canonical, and with escapes of unreserved
     octets decoded (a rule matching either counts) */
  url_buf canon, dec;
  url_buf_init(&canon, &url_mem_libc, NULL, 0, SIZE_MAX);
  url_buf_init(&dec, &url_mem_libc, NULL, 0, SIZE_MAX);
  const char *cp = path, *dp;
  size_t cn = pn, dn;
  if (!robots_canon(&canon, path, pn, 0)) cp = canon.ptr, cn = canon.len;
  dp = cp, dn = cn;
  if (!robots_canon(&dec, cp, cn, ROBOTS_CANON_DECODE)) dp = dec.ptr, dn = dec.len;
  plain *p = calloc(1, sizeof *p);
  /* the agent argument read as robots_agent_arg documents */
  robots_agent_arg(agent, an, &p->agent, &p->an);
  robots_scan(txt, tn, plain_line, p);
  int ok = 1, skip = p->overflow || cn > 256;
  for (int i = 0; i < p->n_rules; i++)
    if (p->rules[i].len > 256) skip = 1;
  if (!skip) {
    int named = 0;
    for (int g = 0; g < 4096; g++) named |= p->groups_named[g] & 1;
    int best = -1;
    size_t best_prio = 0;
    for (int i = 0; i < p->n_rules; i++) {
      int gn = p->groups_named[p->rules[i].group];
      if (named ? !(gn & 1) : !(gn & 2)) continue;
      size_t prio, prio2;
      int m1 = plain_matches(p, i, cp, cn, &prio);
      int m2 = plain_matches(p, i, dp, dn, &prio2);
      if (!m1 && !m2) continue;
      if (!m1 || (m2 && prio2 > prio)) prio = prio2;
      if (best < 0 || prio > best_prio ||
          (prio == best_prio && p->rules[i].allow > p->rules[best].allow)) {
        best = i;
        best_prio = prio;
      }
    }
    int allowed = best < 0 ? 1 : p->rules[best].allow;
    int line = best < 0 ? 0 : p->rules[best].line;
    if (pn == 11 && memcmp(path, "/robots.txt", 11) == 0) allowed = 1, line = 0;
    ok = allowed == v.allowed && line == v.line;
  }
  for (int i = 0; i < p->n_rules; i++) {
    /* the matcher against the table on each rule and the path */
    if (p->rules[i].len <= 256 && cn <= 256 &&
        robots_match(cp, cn, p->rules[i].pat, p->rules[i].len) !=
            table_match(cp, cn, p->rules[i].pat, p->rules[i].len))
      ok = -1;
    free(p->rules[i].pat);
  }
  free(p);
  url_buf_free(&canon);
  url_buf_free(&dec);
  url_buf_free(&scratch);
  if (ok == -1) fail("robots_match differs from the table", data, size);
  if (!ok) fail("the decision differs from the plain reading", data, size);
  return 0;
}

