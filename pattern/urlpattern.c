/*
** URL patterns (URL Pattern Standard §1): create (compile each component),
** match, and the getters.  A compiled pattern is one allocation for its
** strings and names plus one program per component that needs one,
** immutable once made.
**
** Matching runs each component's regular expression, except where a
** shorter way gives the same answer (and no program is compiled, as ada
** does): a component whose pattern is only
** the full wildcard ("*": "^(.*)$") matches any input without a line
** terminator (any component of a URL record), the whole input being its
** group; a component of fixed text only ("https", "": "^https$") is a
** comparison.  The test of a URL (url_pattern_test_url) looks only at the
** components that can fail, and keeps no captures.
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "urlpattern.h"
#include "parse.h"
#include "utf8.h"


enum { FAST_NONE, FAST_ANY, FAST_EXACT };

typedef struct comp {
  url_str pattern, regexp, fixed;
  url_str *names;
  int ngroups;
  int has_regexp_groups;
  int fast;
  int icase;
  pat_regex *re;
  size_t slot; /* its captures: slots[slot .. slot + 2 * (ngroups + 1)) */
} comp;

struct url_pattern {
  const url_allocator *mem;
  comp c[PAT_N];
  char *strings;
  url_str *names;
  size_t nslots;
  size_t nbytes;
  int ignore_case;
  /* the components a URL can fail to match (not FAST_ANY), in order */
  unsigned char tested[PAT_N];
  int ntested;
};

/* ------------------------------------------------------------ compiling */

/* A component being compiled: offsets into the builder's strings. */
typedef struct build {
  url_buf strings;
  url_buf names; /* pat_ref[] into strings */
  size_t names_at[PAT_N];
  const url_allocator *mem;
  char *err;
  size_t errn;
} build;

static const pat_options default_options = {0, 0, 0};
static const pat_options hostname_options = {'.', 0, 0};

static int is_line_terminator_free(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n' || c == '\r') return 0;
    if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
        ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
      return 0;
  }
  return 1;
}

/* Whether a part list is the full wildcard alone ("*": ^(.*)$, FAST_ANY),
   fixed text alone (FAST_EXACT), or other (FAST_NONE). */
static int fast_kind(const pat_part *parts, size_t np) {
  if (np == 1 && parts[0].type == PART_FULL && parts[0].modifier == MOD_NONE &&
      !parts[0].prefix.len && !parts[0].suffix.len)
    return FAST_ANY;
  if (np == 0 || (np == 1 && parts[0].type == PART_FIXED &&
                  parts[0].modifier == MOD_NONE))
    return FAST_EXACT;
  return FAST_NONE;
}

/*
** https://urlpattern.spec.whatwg.org/#compile-a-component: into c, with
** its strings appended to b->strings (offsets fixed up by the caller).
*/
static int compile_component(build *b, pat_component which, const char *in,
                             size_t n, pat_encoder enc, const pat_options *o,
                             comp *c, size_t off[3][2]) {
  pat_parts pp;
  pat_parts_init(&pp, b->mem);
  url_buf re, names, pstr;
  char re_st[256], names_st[128], p_st[256];
  url_buf_init(&re, b->mem, re_st, sizeof re_st, (size_t)1 << 30);
  url_buf_init(&names, b->mem, names_st, sizeof names_st, (size_t)1 << 30);
  url_buf_init(&pstr, b->mem, p_st, sizeof p_st, (size_t)1 << 30);
  char msg[200] = "";
  int rc = pat_parse_pattern(in, n, o, enc, &pp, msg, sizeof msg);
  if (rc == URL_FAILURE)
    snprintf(b->err, b->errn, "%s: %s", pat_component_names[which], msg);
  if (rc == URL_OK) {
    pat_generate_regexp(&pp, o, &re, &names);
    rc = re.err | names.err;
  }
  size_t np = pp.parts.len / sizeof(pat_part);
  const pat_part *parts = (const pat_part *)(const void *)pp.parts.ptr;
  if (rc == URL_OK) c->fast = fast_kind(parts, np);
  /* "*" and fixed text need no regular expression: exec_component */
  if (rc == URL_OK && c->fast == FAST_NONE) {
    rc = pat_regex_compile(re.ptr, re.len, o->ignore_case ? PAT_RE_ICASE : 0,
                           b->mem, &c->re, msg, sizeof msg);
    if (rc == URL_FAILURE)
      snprintf(b->err, b->errn, "%s: invalid regular expression /%.*s/: %s",
               pat_component_names[which], pat_quote_len(re.ptr, re.len),
               re.ptr, msg);
  }
  if (rc == URL_OK) {
    pat_generate_pattern(&pp, o, &pstr);
    rc = pstr.err;
  }
  if (rc == URL_OK) {
    for (size_t i = 0; i < np; i++)
      if (parts[i].type == PART_REGEXP) c->has_regexp_groups = 1;
    c->icase = o->ignore_case;
    c->ngroups = (int)(names.len / sizeof(pat_ref));
    /* fixed text only: its value is what the regular expression spells */
    size_t fixed_off = 0, fixed_len = 0;
    if (c->fast == FAST_EXACT) {
      if (np && parts[0].value.len) { /* (an empty store has no pointer) */
        fixed_off = b->strings.len;
        fixed_len = parts[0].value.len;
        url_buf_append(&b->strings, pp.store.ptr + parts[0].value.off, fixed_len);
      }
    }
    off[2][0] = fixed_off;
    off[2][1] = fixed_len;
    off[0][0] = b->strings.len;
    off[0][1] = pstr.len;
    url_buf_append(&b->strings, pstr.ptr, pstr.len);
    off[1][0] = b->strings.len;
    off[1][1] = re.len;
    url_buf_append(&b->strings, re.ptr, re.len);
    b->names_at[which] = b->names.len / sizeof(pat_ref);
    const pat_ref *nm = (const pat_ref *)(const void *)names.ptr;
    for (int i = 0; i < c->ngroups; i++) {
      pat_ref r = {b->strings.len, nm[i].len};
      url_buf_append(&b->strings, pp.store.ptr + nm[i].off, nm[i].len);
      url_buf_append(&b->names, (const char *)&r, sizeof r);
    }
    rc = b->strings.err | b->names.err;
  }
  url_buf_free(&re);
  url_buf_free(&names);
  url_buf_free(&pstr);
  pat_parts_free(&pp);
  return rc;
}

/* c, a component compile_component made, given its fixed text in b's
   strings at off (finish() sets it for good). */
static comp *with_fixed(comp *c, const build *b, size_t off[3][2]) {
  c->fixed = off[2][1] ? (url_str){b->strings.ptr + off[2][0], off[2][1]}
                       : (url_str){"", 0};
  return c;
}

static int exec_component(const comp *c, const char *s, size_t n, long *caps,
                          size_t max_steps, int in_url);

/*
** https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme:
** RegExpBuiltinExec of the protocol component's regular expression on
** each special scheme (or what stands for it, exec_component).
*/
static int matches_special(const comp *c, const url_allocator *mem,
                           int *matches) {
  /* c is still being built: its fixed text is in b's strings (caller) */
  long st[64], *caps = st;
  size_t need = c->re ? pat_regex_slots(c->re) : 4;
  if (need > 64) {
    caps = mem->alloc(need * sizeof *caps);
    if (!caps) return URL_NOMEM;
  }
  int rc = URL_OK;
  *matches = 0;
  size_t n = sizeof pat_special_schemes / sizeof *pat_special_schemes;
  for (size_t i = 0; i < n && rc == URL_OK && !*matches; i++) {
    const char *s = pat_special_schemes[i];
    rc = exec_component(c, s, strlen(s), caps, 0, 1);
    if (rc == URL_OK) *matches = 1;
    if (rc == URL_FAILURE) rc = URL_OK;
  }
  if (caps != st) mem->release(caps);
  return rc;
}

int pat_protocol_matches_special(const char *s, size_t n,
                                 const url_allocator *mem, int *matches,
                                 char *err, size_t errn) {
  build b = {.mem = mem, .err = err, .errn = errn};
  url_buf_init(&b.strings, mem, NULL, 0, (size_t)1 << 30);
  url_buf_init(&b.names, mem, NULL, 0, (size_t)1 << 30);
  comp c = {0};
  size_t off[3][2];
  int rc = compile_component(&b, PAT_PROTOCOL, s, n, pat_canon_protocol,
                             &default_options, &c, off);
  if (rc == URL_OK) rc = matches_special(with_fixed(&c, &b, off), mem, matches);
  pat_regex_free(c.re);
  url_buf_free(&b.strings);
  url_buf_free(&b.names);
  return rc;
}

/* https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address */
static int hostname_is_ipv6(const char *s, size_t n) {
  if (n < 2) return 0;
  return s[0] == '[' || ((s[0] == '{' || s[0] == '\\') && s[1] == '[');
}

void url_pattern_free(url_pattern *p) {
  if (!p) return;
  for (int i = 0; i < PAT_N; i++) pat_regex_free(p->c[i].re);
  if (p->strings) p->mem->release(p->strings);
  if (p->names) p->mem->release(p->names);
  p->mem->release(p);
}

/* Moves what b built into p (strings and names as one allocation each). */
static int finish(url_pattern *p, build *b, size_t off[PAT_N][3][2]) {
  size_t nn = b->names.len / sizeof(pat_ref);
  p->strings = p->mem->alloc(b->strings.len ? b->strings.len : 1);
  p->names = p->mem->alloc(nn ? nn * sizeof(url_str) : 1);
  if (!p->strings || !p->names) return URL_NOMEM;
  if (b->strings.len) memcpy(p->strings, b->strings.ptr, b->strings.len);
  const pat_ref *nm = (const pat_ref *)(const void *)b->names.ptr;
  for (size_t i = 0; i < nn; i++)
    p->names[i] = (url_str){p->strings + nm[i].off, nm[i].len};
  size_t slot = 0;
  for (int i = 0; i < PAT_N; i++) {
    comp *c = &p->c[i];
    c->pattern = (url_str){p->strings + off[i][0][0], off[i][0][1]};
    c->regexp = (url_str){p->strings + off[i][1][0], off[i][1][1]};
    c->fixed = (url_str){p->strings + off[i][2][0], off[i][2][1]};
    c->names = p->names + b->names_at[i];
    c->slot = slot;
    slot += c->re ? pat_regex_slots(c->re) : 2 * ((size_t)c->ngroups + 1);
    if (c->fast != FAST_ANY) p->tested[p->ntested++] = (unsigned char)i;
  }
  p->nslots = slot;
  p->nbytes = sizeof *p + b->strings.len + nn * sizeof(url_str);
  for (int i = 0; i < PAT_N; i++)
    if (p->c[i].re) p->nbytes += pat_regex_bytes(p->c[i].re);
  return URL_OK;
}

int pat_create_from_init(url_pattern **out, const pat_init *in,
                         int ignore_case, const url_allocator *mem, char *err,
                         size_t errn) {
  *out = NULL;
  url_buf store;
  char store_st[512];
  url_buf_init(&store, mem, store_st, sizeof store_st, (size_t)1 << 30);
  pat_ref pi[PAT_N];
  int rc = pat_process_init(in, 0, &store, pi, err, errn);
  url_str v[PAT_N];
  for (int i = 0; i < PAT_N; i++)
    v[i] = pi[i].off == PAT_ABSENT ? (url_str){"*", 1}
                                   : (url_str){store.ptr + pi[i].off, pi[i].len};
  /* the default port of a special scheme is no port */
  int dp = pat_special_default_port(v[PAT_PROTOCOL].s, v[PAT_PROTOCOL].n);
  char dps[8];
  if (dp >= 0 && (size_t)snprintf(dps, sizeof dps, "%d", dp) == v[PAT_PORT].n &&
      !memcmp(dps, v[PAT_PORT].s, v[PAT_PORT].n))
    v[PAT_PORT].n = 0;

  url_pattern *p = mem->alloc(sizeof *p);
  if (!p) rc = rc ? rc : URL_NOMEM;
  build b = {.mem = mem, .err = err, .errn = errn};
  url_buf_init(&b.strings, mem, NULL, 0, (size_t)1 << 30);
  url_buf_init(&b.names, mem, NULL, 0, (size_t)1 << 30);
  size_t off[PAT_N][3][2];
  if (p) {
    memset(p, 0, sizeof *p);
    p->mem = mem;
    p->ignore_case = ignore_case;
  }
  static const pat_encoder enc[PAT_N] = {
      pat_canon_protocol, pat_canon_username, pat_canon_password,
      pat_canon_hostname, pat_canon_port, pat_canon_pathname,
      pat_canon_search, pat_canon_hash};
  /* compileOptions; pathCompileOptions: the pathname options with it */
  const pat_options compile_options = {0, 0, ignore_case};
  const pat_options path_options = {'/', '/', ignore_case};
  for (int i = 0; rc == URL_OK && i < PAT_N; i++) {
    pat_encoder e = enc[i];
    const pat_options *o = &default_options; /* protocol ... port */
    if (i == PAT_HOSTNAME) {
      o = &hostname_options;
      if (hostname_is_ipv6(v[i].s, v[i].n)) e = pat_canon_ipv6_hostname;
    } else if (i == PAT_PATHNAME) {
      int special;
      rc = matches_special(with_fixed(&p->c[PAT_PROTOCOL], &b, off[PAT_PROTOCOL]),
                           mem, &special);
      if (rc != URL_OK) break;
      o = special ? &path_options : &compile_options;
      if (!special) e = pat_canon_opaque_pathname;
    } else if (i > PAT_PATHNAME) {
      o = &compile_options;
    }
    rc = compile_component(&b, (pat_component)i, v[i].s, v[i].n, e, o, &p->c[i], off[i]);
  }
  if (rc == URL_OK) rc = finish(p, &b, off);
  url_buf_free(&b.strings);
  url_buf_free(&b.names);
  url_buf_free(&store);
  if (rc != URL_OK) {
    if (p) url_pattern_free(p);
    return rc;
  }
  *out = p;
  return URL_OK;
}

/* ---------------------------------------------------------------- getters */

url_str url_pattern_string(const url_pattern *p, pat_component c) { return p->c[c].pattern; }
url_str url_pattern_regexp(const url_pattern *p, pat_component c) { return p->c[c].regexp; }
int url_pattern_group_count(const url_pattern *p, pat_component c) { return p->c[c].ngroups; }
url_str url_pattern_group_name(const url_pattern *p, pat_component c, int i) {
  return p->c[c].names[i];
}
int url_pattern_component_has_regexp_groups(const url_pattern *p, pat_component c) {
  return p->c[c].has_regexp_groups;
}
int url_pattern_has_regexp_groups(const url_pattern *p) {
  for (int i = 0; i < PAT_N; i++)
    if (p->c[i].has_regexp_groups) return 1;
  return 0;
}
int url_pattern_ignore_case(const url_pattern *p) { return p->ignore_case; }
size_t url_pattern_slots(const url_pattern *p) { return p->nslots; }
size_t url_pattern_bytes(const url_pattern *p) { return p->nbytes; }

/* ---------------------------------------------------------------- matching */

/* Whether a[0..an) and b[0..bn) (valid UTF-8) are equal under `i`: what
   ^b$ with `i` finds in a, code point by code point folded. */
static int fold_eq(const char *a, size_t an, const char *b, size_t bn) {
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  size_t i = 0, j = 0;
  while (i < an && j < bn)
    if (pat_regex_fold(url_utf8_next(x, an, &i)) != pat_regex_fold(url_utf8_next(y, bn, &j)))
      return 0;
  return i == an && j == bn;
}

/* RegExpBuiltinExec of c's regular expression on s[0..n), or what gives
   the same answer where c has none: "*" (^(.*)$) matches any input without
   a line terminator, the whole input being its group; fixed text is a
   comparison.  in_url: s is a component of a URL record, which is ASCII
   without CR or LF (the parser removes them; the rest it percent-encodes). */
static int exec_component(const comp *c, const char *s, size_t n, long *caps,
                          size_t max_steps, int in_url) {
  if (c->fast == FAST_ANY) {
    if (!in_url && !is_line_terminator_free(s, n)) return URL_FAILURE;
    caps[0] = caps[2] = 0;
    caps[1] = caps[3] = (long)n;
    return URL_OK;
  }
  if (c->fast == FAST_EXACT) {
    int eq = c->icase ? fold_eq(s, n, c->fixed.s, c->fixed.n)
                      : n == c->fixed.n && (n == 0 || !memcmp(s, c->fixed.s, n));
    caps[0] = 0;
    caps[1] = (long)n;
    return eq ? URL_OK : URL_FAILURE;
  }
  return pat_regex_exec(c->re, s, n, caps, max_steps);
}

static int exec_all(const url_pattern *p, size_t max_steps, int in_url,
                    pat_match *m) {
  for (int i = 0; i < PAT_N; i++) {
    m->caps[i] = m->slots + p->c[i].slot;
    int rc = exec_component(&p->c[i], m->input[i].s, m->input[i].n, m->caps[i],
                            max_steps, in_url);
    if (rc != URL_OK) return rc;
  }
  return URL_OK;
}

/* The component c of the URL u, as the Standard's match reads it. */
static url_str input_of(const url *u, pat_component c) {
  switch (c) {
    case PAT_PROTOCOL: return url_scheme(u);
    case PAT_USERNAME: return url_username(u);
    case PAT_PASSWORD: return url_password(u);
    case PAT_HOSTNAME: return url_hostname(u);
    case PAT_PORT: return url_port(u);
    case PAT_PATHNAME: return url_pathname(u);
    case PAT_SEARCH: return pat_or_empty(url_query(u));
    default: return pat_or_empty(url_fragment(u));
  }
}

int url_pattern_match_url(const url_pattern *p, const url *u, size_t max_steps,
                          pat_match *m) {
  m->input_ok = 1;
  for (int i = 0; i < PAT_N; i++) m->input[i] = input_of(u, (pat_component)i);
  return exec_all(p, max_steps, 1, m);
}

int url_pattern_test_url(const url_pattern *p, const url *u, size_t max_steps,
                         long *slots) {
  /* a component whose pattern is "*" matches any component of a URL */
  for (int i = 0; i < p->ntested; i++) {
    const comp *c = &p->c[p->tested[i]];
    url_str in = input_of(u, (pat_component)p->tested[i]);
    int rc = exec_component(c, in.s, in.n, slots + c->slot, max_steps, 1);
    if (rc != URL_OK) return rc;
  }
  return URL_OK;
}

int url_pattern_match(const url_pattern *p, const pat_input *input,
                      const char *base, size_t base_n, size_t max_steps,
                      pat_match *m) {
  if (!input->is_init) {
    const url *b = NULL;
    if (base) {
      int rc = url_parse(&m->base, base, base_n, NULL);
      if (rc != URL_OK) return rc;
      b = &m->base;
    }
    int rc = url_parse(&m->u, input->string.s ? input->string.s : "",
                       input->string.n, b);
    if (rc != URL_OK) return rc;
    return url_pattern_match_url(p, &m->u, max_steps, m);
  }
  if (base) return URL_BASE_WITH_INIT;
  pat_ref r[PAT_N];
  char err[8];
  int rc = pat_process_init(&input->init, 1, &m->store, r, err, sizeof err);
  if (rc != URL_OK) return rc; /* a TypeError here is a null result */
  for (int i = 0; i < PAT_N; i++)
    m->input[i] = r[i].off == PAT_ABSENT ? (url_str){"", 0}
                                         : (url_str){m->store.ptr + r[i].off, r[i].len};
  m->input_ok = 1;
  return exec_all(p, max_steps, 0, m);
}
