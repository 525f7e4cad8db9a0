/*
** ECMAScript regular expressions with the `v` flag (regex.h): a parser
** from the grammar of ECMA-262 §22.2.1 (UnicodeSetsMode, no Annex B) to a
** tree, a compiler from the tree to a small program, and a backtracking
** machine that runs it with the semantics of §22.2.2 (Pattern Semantics).
**
** The machine keeps its backtracking stack on the heap only when the one
** in its frame is full; quantifiers of one character (`.*`, `[^/]+?`) cost
** one stack entry however many characters they take.
**
** Shortcuts that give the same result (the tests run every program with
** and without them, PAT_RE_UNTUNED): a run of ASCII characters is one op
** (OP_STR); `?` of what cannot match the empty string is a branch, not a
** loop; a quantifier of one character whose next character, on every way
** on, is one it does not take (`[^/]+?` before `/` or `$`) takes its whole
** run and never gives back (possessive); one followed by fixed text up to
** `$` (`(.*)\.example\.com$`) goes straight to the one place that text
** can start; one that may give back otherwise passes over the positions
** where what follows cannot start (`(.*)\.(.*)` gives characters back
** straight to the previous `.`); and a program that has one way through
** (the URL Pattern Standard's usual `^\/books(?:\/([^\/]+?))$`) runs
** without backtracking, stack or step count.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regex.h"

#include "id_tables.h"
#include "percent.h"
#include "uprops.h"
#include "utf8.h"

#define INF UINT32_MAX
#define MAX_DEPTH 128      /* nesting of groups, classes and quantifiers */
#define MAX_CP 0x10FFFF

/* ------------------------------------------------------------ buffers */

/* A growable array in a url_buf (bytes), of elements of size sz. */
#define ARR_AT(b, T, i) (((T *)(void *)(b).ptr)[i])
#define ARR_N(b, T) ((b).len / sizeof(T))

static void arr_push(url_buf *b, const void *x, size_t sz) {
  url_buf_append(b, x, sz);
}

static void arr_init(url_buf *b, const url_allocator *mem) {
  url_buf_init(b, mem, NULL, 0, (size_t)1 << 30);
}

/* -------------------------------------------------------- case folding */

/* Canonicalize(rer, ch) for `i` with `v` (simple case folding), exact for
   the code points whose folding is ASCII. */
static uint32_t fold(uint32_t c) {
  if (c - 'A' < 26) return c + 32;
  if (c == 0x212A) return 'k';
  if (c == 0x017F) return 's';
  return c;
}

/* --------------------------------------------------------- char sets */

typedef struct rng {
  uint32_t lo, hi;
} rng;

/*
** A class under construction: sorted disjoint ranges, and the strings of
** `\q{...}` (each a length then its code points, in `str`; code points as
** uint32_t).
*/
typedef struct cset {
  url_buf r;   /* rng[] */
  url_buf str; /* uint32_t[]: len, cp... */
} cset;

static void cset_init(cset *s, const url_allocator *mem) {
  arr_init(&s->r, mem);
  arr_init(&s->str, mem);
}
static void cset_free(cset *s) {
  url_buf_free(&s->r);
  url_buf_free(&s->str);
}
static int cset_err(const cset *s) { return s->r.err | s->str.err; }

/* Marks d as failed when s has: the result of an operation on a set that
   ran out of memory is unusable. */
static void cset_taint(cset *d, const cset *s) {
  if (cset_err(s) && !d->r.err) d->r.err = URL_NOMEM;
}

static int cmp_rng(const void *a, const void *b) {
  const rng *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* A string of a class, for sorting: its code points. */
typedef struct str_ref {
  const uint32_t *cp;
  uint32_t n;
} str_ref;

/* The order of a normalized class's strings: by length, then code points. */
static int cmp_str(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb) {
  if (na != nb) return na < nb ? -1 : 1;
  for (uint32_t k = 0; k < na; k++)
    if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
  return 0;
}

static int cmp_str_ref(const void *a, const void *b) {
  const str_ref *x = a, *y = b;
  return cmp_str(x->cp, x->n, y->cp, y->n);
}

/* Sorts the strings and drops repeats (O(n log n)). */
static void cset_norm_strings(cset *s) {
  const uint32_t *p = (const uint32_t *)(const void *)s->str.ptr;
  size_t m = ARR_N(s->str, uint32_t), n = 0;
  for (size_t i = 0; i < m; i += 1 + p[i]) n++;
  if (n < 2) return;
  url_buf refs, out;
  arr_init(&refs, s->str.mem);
  arr_init(&out, s->str.mem);
  for (size_t i = 0; i < m; i += 1 + p[i]) {
    str_ref r = {p + i + 1, p[i]};
    arr_push(&refs, &r, sizeof r);
  }
  url_buf_reserve(&out, s->str.len);
  if (refs.err || out.err) {
    s->str.err = URL_NOMEM;
  } else {
    str_ref *r = (str_ref *)(void *)refs.ptr;
    qsort(r, n, sizeof *r, cmp_str_ref);
    for (size_t i = 0; i < n; i++) {
      if (i && !cmp_str_ref(&r[i - 1], &r[i])) continue;
      arr_push(&out, &r[i].n, sizeof r[i].n);
      arr_push(&out, r[i].cp, r[i].n * sizeof *r[i].cp);
    }
    url_buf t = s->str;
    s->str = out;
    out = t;
  }
  url_buf_free(&refs);
  url_buf_free(&out);
}

/* Sorts and merges the ranges, sorts the strings: a class is built by
   appending (cset_union) and normalized once, where an operation needs
   it, so that building it is O(n log n). */
static void cset_norm(cset *s) {
  cset_norm_strings(s);
  size_t n = ARR_N(s->r, rng), k = 0;
  if (n < 2) return;
  rng *r = (rng *)(void *)s->r.ptr;
  qsort(r, n, sizeof *r, cmp_rng);
  for (size_t i = 1; i < n; i++) {
    if (r[i].lo <= r[k].hi + 1) {
      if (r[i].hi > r[k].hi) r[k].hi = r[i].hi;
    } else {
      r[++k] = r[i];
    }
  }
  s->r.len = (k + 1) * sizeof(rng);
}

static void cset_add(cset *s, uint32_t lo, uint32_t hi) {
  rng x = {lo, hi};
  arr_push(&s->r, &x, sizeof x);
}

/* Adds the string cp[0..n) (n != 1: one code point is a character). */
static void cset_add_str(cset *s, const uint32_t *cp, uint32_t n) {
  if (n == 1) {
    cset_add(s, cp[0], cp[0]);
    return;
  }
  arr_push(&s->str, &n, sizeof n);
  if (n) arr_push(&s->str, cp, n * sizeof *cp);
}

static int cset_has_strings(const cset *s) { return s->str.len != 0; }

/* d = d ∪ s, not yet normalized. */
static void cset_union(cset *d, const cset *s) {
  cset_taint(d, s);
  arr_push(&d->r, s->r.ptr, s->r.len);
  arr_push(&d->str, s->str.ptr, s->str.len);
}

/* d = d ∩ s (inter) or d − s (!inter), ranges and strings: one walk of
   both, normalized. */
static void cset_combine(cset *d, cset *s, int inter,
                         const url_allocator *mem) {
  cset_norm(d);
  cset_norm(s);
  cset out;
  cset_init(&out, mem);
  const rng *a = (const rng *)(const void *)d->r.ptr;
  const rng *b = (const rng *)(const void *)s->r.ptr;
  size_t na = ARR_N(d->r, rng), nb = ARR_N(s->r, rng), j = 0;
  for (size_t i = 0; i < na; i++) {
    uint32_t lo = a[i].lo, hi = a[i].hi;
    while (j < nb && b[j].hi < lo) j++;
    for (size_t k = j; k < nb && b[k].lo <= hi; k++) {
      uint32_t blo = b[k].lo > lo ? b[k].lo : lo;
      uint32_t bhi = b[k].hi < hi ? b[k].hi : hi;
      if (inter) cset_add(&out, blo, bhi);
      else if (blo > lo) cset_add(&out, lo, blo - 1);
      lo = bhi + 1; /* code points end at 0x10FFFF: no overflow */
      if (lo > hi) break;
    }
    if (!inter && lo <= hi) cset_add(&out, lo, hi);
  }
  const uint32_t *p = (const uint32_t *)(const void *)d->str.ptr;
  const uint32_t *q = (const uint32_t *)(const void *)s->str.ptr;
  size_t m = ARR_N(d->str, uint32_t), mq = ARR_N(s->str, uint32_t), k = 0;
  for (size_t i = 0; i < m; i += 1 + p[i]) {
    int c = 1;
    while (k < mq && (c = cmp_str(q + k + 1, q[k], p + i + 1, p[i])) < 0)
      k += 1 + q[k];
    if ((k < mq && c == 0) == inter) cset_add_str(&out, p + i + 1, p[i]);
  }
  cset_taint(&out, d);
  cset_taint(&out, s);
  cset_free(d);
  *d = out;
}

/* Adds the code points that `i` folds to others: A-Z, U+017F, U+212A. */
static void cset_add_folded_away(cset *s) {
  cset_add(s, 'A', 'Z');
  cset_add(s, 0x17F, 0x17F);
  cset_add(s, 0x212A, 0x212A);
}

/* The set under `i` folding: A-Z, U+017F and U+212A replaced by their
   foldings (MaybeSimpleCaseFolding). */
static void cset_fold(cset *s, const url_allocator *mem) {
  rng *r = (rng *)(void *)s->r.ptr;
  size_t n = ARR_N(s->r, rng);
  for (size_t i = 0; i < n; i++) {
    uint32_t lo = r[i].lo < 'A' ? 'A' : r[i].lo, hi = r[i].hi > 'Z' ? 'Z' : r[i].hi;
    if (lo <= hi) cset_add(s, lo + 32, hi + 32);
    if (r[i].lo <= 0x17F && 0x17F <= r[i].hi) cset_add(s, 's', 's');
    if (r[i].lo <= 0x212A && 0x212A <= r[i].hi) cset_add(s, 'k', 'k');
  }
  cset rm;
  cset_init(&rm, mem);
  cset_add_folded_away(&rm);
  cset_norm(s);
  cset_combine(s, &rm, 0, mem); /* taints s if rm failed */
  cset_free(&rm);
  uint32_t *p = (uint32_t *)(void *)s->str.ptr;
  size_t m = ARR_N(s->str, uint32_t);
  for (size_t i = 0; i < m; i += 1 + p[i])
    for (uint32_t k = 1; k <= p[i]; k++) p[i + k] = fold(p[i + k]);
  cset_norm_strings(s);
}

/* CharacterComplement: all characters (under `i`, those that fold to
   themselves) not in s.  s has no strings. */
static void cset_complement(cset *s, int icase, const url_allocator *mem) {
  cset all;
  cset_init(&all, mem);
  cset_add(&all, 0, MAX_CP);
  if (icase) {
    cset rm;
    cset_init(&rm, mem);
    cset_add_folded_away(&rm);
    cset_combine(&all, &rm, 0, mem);
    cset_free(&rm);
  }
  cset_combine(&all, s, 0, mem);
  cset_free(s);
  *s = all;
}

/* ------------------------------------------------------------- the tree */

enum {
  N_EMPTY, N_CHAR, N_ANY, N_SET, N_SEQ, N_ALT, N_GROUP, N_REPEAT, N_BOL,
  N_EOL, N_WORDB, N_LOOK, N_BACKREF
};
enum { F_ICASE = 1, F_MULTI = 2, F_DOTALL = 4 };

typedef struct node {
  uint8_t type, flags;
  uint8_t greedy; /* N_REPEAT */
  uint8_t neg;    /* N_WORDB, N_LOOK: negated */
  uint8_t behind; /* N_LOOK */
  int32_t kid, next, last; /* children: first, next sibling; last child */
  uint32_t a, b;           /* char; set; group; min, max; backref list */
  uint32_t cap_lo, cap_n;  /* N_REPEAT: the groups inside */
} node;

/* A named group, for duplicate-name checks and \k<name>. */
typedef struct gname {
  uint32_t off, len; /* the name's bytes in p->names */
  uint32_t group;    /* its index */
  uint32_t path, depth; /* its alternatives path in p->paths */
} gname;

typedef struct parser {
  const unsigned char *s;
  size_t n, i;
  const url_allocator *mem;
  int flags;       /* F_* in force */
  int depth;
  uint32_t ngroups, total_groups;
  int has_names;   /* the pattern has a named group (\k is then a reference) */
  url_buf nodes;   /* node[] */
  url_buf sets;    /* rng[] of every N_SET, after its header {n, 0} */
  url_buf names;   /* group names' bytes */
  url_buf gnames;  /* gname[] */
  url_buf paths;   /* uint32_t[]: (disjunction, alternative) pairs */
  url_buf stack;   /* the current alternatives path */
  url_buf refs;    /* uint32_t[]: backref lists: n, groups... */
  url_buf refnames; /* pending \k<name>: node index, name off, len */
  uint32_t ndisj;
  char *err;
  size_t errn;
  int failed; /* URL_FAILURE with err set, or URL_NOMEM */
} parser;

static int fail(parser *p, const char *msg) {
  if (!p->failed) {
    size_t k = strlen(msg);
    if (p->errn) {
      if (k >= p->errn) k = p->errn - 1;
      memcpy(p->err, msg, k);
      p->err[k] = 0;
    }
    p->failed = URL_FAILURE;
  }
  return -1;
}

static int oom(parser *p) {
  if (!p->failed) p->failed = URL_NOMEM;
  return -1;
}

static int bufs_err(const parser *p) {
  return p->nodes.err | p->sets.err | p->names.err | p->gnames.err |
         p->paths.err | p->stack.err | p->refs.err | p->refnames.err;
}

static node *N(parser *p, int32_t i) { return &ARR_AT(p->nodes, node, i); }

static int32_t new_node(parser *p, int type) {
  node x = {.type = (uint8_t)type, .flags = (uint8_t)p->flags, .kid = -1,
            .next = -1, .last = -1};
  int32_t i = (int32_t)ARR_N(p->nodes, node);
  arr_push(&p->nodes, &x, sizeof x);
  return p->nodes.err ? oom(p) : i;
}

static void add_kid(parser *p, int32_t parent, int32_t kid) {
  node *q = N(p, parent);
  if (q->last < 0) q->kid = kid;
  else N(p, q->last)->next = kid;
  q->last = kid;
}

/* Peeks the code point at i (-1 at the end). */
static int32_t peek_at(const parser *p, size_t i) {
  if (i >= p->n) return -1;
  size_t k = i;
  return (int32_t)url_utf8_next(p->s, p->n, &k);
}
static int32_t peek(const parser *p) { return peek_at(p, p->i); }
static int32_t next_cp(parser *p) {
  if (p->i >= p->n) return -1;
  return (int32_t)url_utf8_next(p->s, p->n, &p->i);
}
static int eat(parser *p, int c) {
  if (peek(p) != c) return 0;
  p->i++;
  return 1;
}

static int is_digit(int32_t c) { return c >= '0' && c <= '9'; }
static int is_alpha(int32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static int hexval(int32_t c) {
  return c >= 0 && c < 0x80 && url_is_hex((unsigned char)c)
             ? url_hex_val((unsigned char)c) : -1;
}

/* n hex digits at i, or -1. */
static int32_t hex_n(parser *p, int n) {
  int32_t v = 0;
  for (int k = 0; k < n; k++) {
    int d = hexval(peek_at(p, p->i + (size_t)k));
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  p->i += (size_t)n;
  return v;
}

/*
** RegExpUnicodeEscapeSequence[+UnicodeMode] after "\u": a surrogate pair
** of two \uHHHH escapes is one code point.  -1 if malformed.
*/
static int32_t unicode_escape(parser *p) {
  if (eat(p, '{')) {
    int32_t v = 0;
    int any = 0;
    int d;
    while ((d = hexval(peek(p))) >= 0) {
      v = v * 16 + d;
      if (v > MAX_CP) return -1;
      p->i++;
      any = 1;
    }
    return any && eat(p, '}') ? v : -1;
  }
  int32_t v = hex_n(p, 4);
  if (v >= 0xD800 && v <= 0xDBFF && peek(p) == '\\' &&
      peek_at(p, p->i + 1) == 'u') {
    size_t save = p->i;
    p->i += 2;
    int32_t lo = hex_n(p, 4);
    if (lo >= 0xDC00 && lo <= 0xDFFF)
      return 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
    p->i = save;
  }
  return v;
}

static int is_syntax_char(int32_t c) {
  return c >= 0 && c < 128 && strchr("^$\\.*+?()[]{}|", (int)c) && c;
}

/*
** CharacterEscape[+UnicodeMode] after the backslash (c already read):
** the code point, or -1 if this is not one.
*/
static int32_t char_escape(parser *p, int32_t c) {
  switch (c) {
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    case 'c': {
      int32_t l = peek(p);
      if (is_alpha(l)) {
        p->i++;
        return l % 32;
      }
      return -1;
    }
    case '0':
      if (is_digit(peek(p))) return -1;
      return 0;
    case 'x': return hex_n(p, 2);
    case 'u': return unicode_escape(p);
  }
  if (is_syntax_char(c) || c == '/') return c; /* IdentityEscape */
  return -1;
}

/* ---------------------------------------------------------- class escapes */

static void uprop_add(void *ctx, uint32_t lo, uint32_t hi) {
  cset_add(ctx, lo, hi);
}

/*
** \p{...} or \P{...} after the letter: "{" UnicodePropertyValueExpression
** "}", its code points added to s (uprops.h).  0, or -1 (an error).
*/
static int property_escape(parser *p, cset *s) {
  if (!eat(p, '{')) return fail(p, "invalid property name");
  size_t start = p->i;
  int32_t c;
  while ((c = peek(p)) >= 0 && c < 0x80 &&
         (is_alpha(c) || is_digit(c) || c == '_' || c == '='))
    p->i++;
  size_t end = p->i;
  if (!eat(p, '}') || end == start) return fail(p, "invalid property name");
  int k = pat_uprop_find((const char *)p->s + start, end - start);
  if (k == PAT_UPROP_STRINGS)
    return fail(p, "Unicode properties of strings are not supported");
  if (k < 0) return fail(p, "invalid property name");
  pat_uprop_ranges(k, uprop_add, s);
  return 0;
}

/* \d \D \s \S \w \W \p{} \P{} as a set (CharacterClassEscape); -1 if c
   is none. */
static int class_escape(parser *p, int32_t c, cset *s) {
  static const uint32_t ws[][2] = {
      {0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680},
      {0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F},
      {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};
  int icase = p->flags & F_ICASE;
  switch (c | 0x20) {
    case 'd': cset_add(s, '0', '9'); break;
    case 's':
      for (size_t k = 0; k < sizeof ws / sizeof ws[0]; k++)
        cset_add(s, ws[k][0], ws[k][1]);
      break;
    case 'w':
      cset_add(s, '0', '9');
      cset_add(s, 'A', 'Z');
      cset_add(s, '_', '_');
      cset_add(s, 'a', 'z');
      if (icase) { /* WordCharacters: whatever folds into them */
        cset_add(s, 0x17F, 0x17F);
        cset_add(s, 0x212A, 0x212A);
      }
      break;
    case 'p':
      if (property_escape(p, s) < 0) return -1;
      break;
    default: return -1;
  }
  cset_norm(s);
  if (icase) cset_fold(s, p->mem);
  if (c < 'a') cset_complement(s, icase, p->mem);
  return 0;
}

static int class_contents(parser *p, cset *s);

/* CharacterClass after its "[": [^]? ClassContents "]" into s (empty),
   the negation's complement taken. */
static int bracket_class(parser *p, cset *s) {
  if (++p->depth > MAX_DEPTH) return fail(p, "classes nested too deeply");
  int neg = eat(p, '^');
  int rc = class_contents(p, s);
  if (rc == 0 && !eat(p, ']')) rc = fail(p, "unterminated character class");
  if (rc == 0 && neg) {
    if (cset_has_strings(s))
      rc = fail(p, "negated character class may contain strings");
    else
      cset_complement(s, p->flags & F_ICASE, p->mem);
  }
  p->depth--;
  return rc;
}

/* ClassSetCharacter after a backslash; -1 if it is not one. */
static int32_t class_set_escape(parser *p) {
  int32_t c = next_cp(p);
  if (c == 'b') return '\b';
  if (c >= 0 && c < 128 && strchr("&-!#%,:;<=>@`~", (int)c) && c) return c;
  return char_escape(p, c);
}

static int is_double_punct(const parser *p) {
  int32_t c = peek(p);
  return c >= 0 && c < 128 && c && strchr("&!#$%*+,.:;<=>?@^`~", (int)c) &&
         peek_at(p, p->i + 1) == c;
}

/*
** ClassSetOperand into s (folded under `i`): NestedClass,
** ClassStringDisjunction or ClassSetCharacter.  *single is the character
** when the operand is one (it may then start a range), else -1.
*/
static int class_operand(parser *p, cset *s, int32_t *single) {
  int icase = p->flags & F_ICASE;
  *single = -1;
  int32_t c = peek(p);
  if (c == '[') {
    p->i++;
    cset in;
    cset_init(&in, p->mem);
    int rc = bracket_class(p, &in);
    if (rc == 0) cset_union(s, &in);
    cset_free(&in);
    return rc;
  }
  if (c == '\\') {
    int32_t e = peek_at(p, p->i + 1);
    if (e == 'q') {
      p->i += 2;
      if (!eat(p, '{')) return fail(p, "invalid escape \\q");
      url_buf str;
      arr_init(&str, p->mem);
      for (;;) { /* ClassString ( | ClassString )* } */
        int32_t d = peek(p);
        if (d == '}' || d == '|') {
          uint32_t n = (uint32_t)ARR_N(str, uint32_t);
          cset tmp;
          cset_init(&tmp, p->mem);
          cset_add_str(&tmp, (const uint32_t *)(const void *)str.ptr, n);
          cset_norm(&tmp);
          if (icase) cset_fold(&tmp, p->mem);
          cset_union(s, &tmp);
          cset_free(&tmp);
          str.len = 0;
          p->i++;
          if (d == '}') break;
          continue;
        }
        int32_t ch;
        if (d == '\\') {
          p->i++;
          ch = class_set_escape(p);
        } else if (d < 0 || is_double_punct(p) ||
                   (d < 128 && strchr("()[]{}/-|", (int)d) && d)) {
          ch = -1;
        } else {
          ch = next_cp(p);
        }
        if (ch < 0) {
          url_buf_free(&str);
          return fail(p, "invalid class string");
        }
        uint32_t u = (uint32_t)ch;
        arr_push(&str, &u, sizeof u);
      }
      int e2 = str.err;
      url_buf_free(&str);
      return e2 ? oom(p) : 0;
    }
    if (e >= 0 && strchr("dDsSwWpP", (int)e) && e) {
      p->i += 2;
      cset in;
      cset_init(&in, p->mem);
      int rc = class_escape(p, e, &in);
      if (rc == 0) cset_union(s, &in);
      cset_free(&in);
      return rc;
    }
    p->i++;
    int32_t ch = class_set_escape(p);
    if (ch < 0) return fail(p, "invalid escape in character class");
    *single = ch;
    return 0;
  }
  if (c < 0) return fail(p, "unterminated character class");
  if (is_double_punct(p)) return fail(p, "invalid set operation in character class");
  if (c < 128 && strchr("()[]{}/-|", (int)c) && c)
    return fail(p, "invalid character in character class");
  *single = next_cp(p);
  return 0;
}

/* Adds one character (folded under `i`). */
static void class_add_char(parser *p, cset *s, uint32_t lo, uint32_t hi) {
  cset tmp;
  cset_init(&tmp, p->mem);
  cset_add(&tmp, lo, hi);
  if (p->flags & F_ICASE) cset_fold(&tmp, p->mem);
  cset_union(s, &tmp);
  cset_free(&tmp);
}

/* ClassContents[+UnicodeSetsMode]: a ClassUnion, ClassIntersection or
   ClassSubtraction, up to (not including) the closing ']'. */
static int class_contents(parser *p, cset *s) {
  int op = 0; /* 0: union so far, '&' or '-' */
  int operands = 0, last_was_range = 0;
  while (peek(p) != ']') {
    if (peek(p) < 0) return fail(p, "unterminated character class");
    int32_t c = peek(p), c2 = peek_at(p, p->i + 1);
    if ((c == '&' && c2 == '&') || (c == '-' && c2 == '-')) {
      /* an operator: only between operands, all of one kind */
      if (operands != 1 && op != c) return fail(p, "invalid set operation in character class");
      if (operands == 0 || last_was_range) return fail(p, "invalid set operation in character class");
      if (op == 0 && operands > 1) return fail(p, "invalid set operation in character class");
      op = c;
      p->i += 2;
      if (c == '&' && peek(p) == '&') return fail(p, "invalid set operation in character class");
      cset rhs;
      cset_init(&rhs, p->mem);
      int32_t single;
      int rc = class_operand(p, &rhs, &single);
      if (rc == 0 && single >= 0) class_add_char(p, &rhs, (uint32_t)single, (uint32_t)single);
      if (rc == 0) cset_combine(s, &rhs, c == '&', p->mem);
      cset_free(&rhs);
      if (rc) return rc;
      operands++;
      continue;
    }
    if (op) return fail(p, "invalid set operation in character class");
    int32_t single;
    cset tmp;
    cset_init(&tmp, p->mem);
    int rc = class_operand(p, &tmp, &single);
    last_was_range = 0;
    if (rc == 0 && single >= 0 && peek(p) == '-' && peek_at(p, p->i + 1) != '-') {
      p->i++; /* ClassSetRange */
      int32_t hi;
      cset none;
      cset_init(&none, p->mem);
      if (peek(p) == '[' || (peek(p) == '\\' && peek_at(p, p->i + 1) >= 0 &&
                             strchr("qdDsSwWpP", (int)peek_at(p, p->i + 1)))) {
        rc = fail(p, "invalid character class range");
      } else {
        rc = class_operand(p, &none, &hi);
        if (rc == 0 && hi < 0) rc = fail(p, "invalid character class range");
        if (rc == 0 && hi < single) rc = fail(p, "range out of order in character class");
      }
      cset_free(&none);
      if (rc == 0) class_add_char(p, &tmp, (uint32_t)single, (uint32_t)hi);
      last_was_range = 1;
    } else if (rc == 0 && single >= 0) {
      class_add_char(p, &tmp, (uint32_t)single, (uint32_t)single);
    }
    if (rc == 0) cset_union(s, &tmp);
    cset_free(&tmp);
    if (rc) return rc;
    operands++;
  }
  cset_norm(s);
  return cset_err(s) ? oom(p) : 0;
}

/* Stores the finished class s as a node: its strings, longest first, then
   its characters (CompileToCharSet / CompileAtom of §22.2.2). */
static int32_t class_node(parser *p, cset *s) {
  cset_norm(s);
  if (cset_err(s)) return oom(p);
  int32_t set = new_node(p, N_SET);
  if (set < 0) return -1;
  uint32_t n = (uint32_t)ARR_N(s->r, rng), zero = 0;
  N(p, set)->a = (uint32_t)(p->sets.len / sizeof(rng));
  rng hdr = {n, zero};
  arr_push(&p->sets, &hdr, sizeof hdr);
  arr_push(&p->sets, s->r.ptr, s->r.len);
  if (!cset_has_strings(s)) return p->sets.err ? oom(p) : set;
  int32_t alt = new_node(p, N_ALT);
  if (alt < 0) return -1;
  const uint32_t *str = (const uint32_t *)(const void *)s->str.ptr;
  size_t m = ARR_N(s->str, uint32_t);
  uint32_t longest = 0;
  for (size_t i = 0; i < m; i += 1 + str[i])
    if (str[i] > longest) longest = str[i];
  for (uint32_t len = longest; len >= 2; len--) {
    for (size_t i = 0; i < m; i += 1 + str[i]) {
      if (str[i] != len) continue;
      int32_t seq = new_node(p, N_SEQ);
      if (seq < 0) return -1;
      for (uint32_t k = 0; k < len; k++) {
        int32_t ch = new_node(p, N_CHAR);
        if (ch < 0) return -1;
        N(p, ch)->a = str[i + 1 + k];
        add_kid(p, seq, ch);
      }
      add_kid(p, alt, seq);
    }
  }
  add_kid(p, alt, set);
  for (size_t i = 0; i < m; i += 1 + str[i]) /* the empty string last */
    if (str[i] == 0) {
      int32_t e = new_node(p, N_EMPTY);
      if (e < 0) return -1;
      add_kid(p, alt, e);
      break;
    }
  return alt;
}

/* ----------------------------------------------------------- the pattern */

static int32_t disjunction(parser *p);

/* RegExpIdentifierName after "<" up to ">": its UTF-8 into p->names.
   Returns its length, or -1. */
static int group_name(parser *p, uint32_t *off, uint32_t *len) {
  *off = (uint32_t)p->names.len;
  int first = 1;
  for (;;) {
    int32_t c = next_cp(p);
    if (c == '>' && !first) break;
    if (c == '\\') {
      if (next_cp(p) != 'u') return fail(p, "invalid group name");
      c = unicode_escape(p);
    }
    if (c < 0 || !(first ? pat_is_id_start((uint32_t)c) : pat_is_id_part((uint32_t)c)))
      return fail(p, "invalid group name");
    url_buf_put_utf8(&p->names, (uint32_t)c);
    first = 0;
  }
  *len = (uint32_t)p->names.len - *off;
  return 0;
}

/* Whether two alternatives paths (disjunction, alternative pairs from the
   root) can both participate: not when they part in some disjunction. */
static int both_participate(const uint32_t *a, uint32_t na, const uint32_t *b,
                            uint32_t nb) {
  for (uint32_t k = 0; k < na && k < nb; k++) {
    if (a[2 * k] != b[2 * k]) return 1;
    if (a[2 * k + 1] != b[2 * k + 1]) return 0;
  }
  return 1;
}

static int add_group_name(parser *p, uint32_t off, uint32_t len, uint32_t group) {
  uint32_t depth = (uint32_t)(ARR_N(p->stack, uint32_t) / 2);
  const uint32_t *cur = (const uint32_t *)(const void *)p->stack.ptr;
  size_t n = ARR_N(p->gnames, gname);
  for (size_t i = 0; i < n; i++) {
    const gname *g = &ARR_AT(p->gnames, gname, i);
    if (g->len != len || memcmp(p->names.ptr + g->off, p->names.ptr + off, len))
      continue;
    const uint32_t *gp = &ARR_AT(p->paths, uint32_t, g->path);
    if (both_participate(gp, g->depth, cur, depth))
      return fail(p, "duplicate capture group name");
  }
  gname g = {off, len, group, (uint32_t)ARR_N(p->paths, uint32_t), depth};
  arr_push(&p->paths, p->stack.ptr, p->stack.len);
  arr_push(&p->gnames, &g, sizeof g);
  return 0;
}

/* A quantifier's {n}, {n,}, {n,m} after "{"; 0, or -1 if not one. */
static int braces(parser *p, uint32_t *min, uint32_t *max) {
  uint64_t v = 0;
  int any = 0;
  while (is_digit(peek(p))) {
    v = v * 10 + (uint64_t)(next_cp(p) - '0');
    if (v > INF - 1) v = INF - 1;
    any = 1;
  }
  if (!any) return -1;
  *min = *max = (uint32_t)v;
  if (eat(p, ',')) {
    *max = INF;
    if (is_digit(peek(p))) {
      v = 0;
      while (is_digit(peek(p))) {
        v = v * 10 + (uint64_t)(next_cp(p) - '0');
        if (v > INF - 1) v = INF - 1;
      }
      *max = (uint32_t)v;
    }
  }
  return eat(p, '}') ? 0 : -1;
}

/* Modifiers after "(?": [ims]* (- [ims]*)? ":".  Returns 1 if they were
   modifiers, 0 if not, -1 on error. */
static int modifiers(parser *p, int *flags) {
  int32_t c = peek(p);
  if (!(c == '-' || c == 'i' || c == 'm' || c == 's')) return 0;
  int add = 0, rem = 0, *cur = &add, dash = 0;
  for (;;) {
    c = next_cp(p);
    int f = c == 'i' ? F_ICASE : c == 'm' ? F_MULTI : c == 's' ? F_DOTALL : 0;
    if (f) {
      if ((add | rem) & f) return fail(p, "repeated modifier");
      *cur |= f;
    } else if (c == '-' && !dash) {
      dash = 1;
      cur = &rem;
    } else if (c == ':') {
      break;
    } else {
      return fail(p, "invalid group");
    }
  }
  if (dash && !add && !rem) return fail(p, "invalid modifiers");
  *flags = (*flags | add) & ~rem;
  return 1;
}

/*
** A group after "(": capturing, named, non-capturing with modifiers, or a
** lookaround (*quantifiable 0).  The node, or -1.
*/
static int32_t group_atom(parser *p, int *quantifiable) {
  if (++p->depth > MAX_DEPTH) return fail(p, "groups nested too deeply");
  int saved = p->flags, look = 0, behind = 0, neg = 0;
  int32_t group = -1, atom;
  if (eat(p, '?')) {
    int32_t d = peek(p);
    if (d == ':') {
      p->i++;
    } else if (d == '=' || d == '!') {
      p->i++;
      look = 1;
      neg = d == '!';
    } else if (d == '<' && (peek_at(p, p->i + 1) == '=' || peek_at(p, p->i + 1) == '!')) {
      neg = peek_at(p, p->i + 1) == '!';
      p->i += 2;
      look = behind = 1;
    } else if (d == '<') {
      p->i++;
      uint32_t off, len;
      if (group_name(p, &off, &len) < 0) return -1;
      if (p->ngroups == PAT_MAX_GROUPS) return fail(p, "too many capturing groups (at most 255)");
      group = (int32_t)++p->ngroups;
      if (add_group_name(p, off, len, (uint32_t)group) < 0) return -1;
    } else {
      int f = p->flags, m = modifiers(p, &f);
      if (m < 0) return -1;
      if (m == 0) return fail(p, "invalid group");
      p->flags = f;
    }
  } else {
    if (p->ngroups == PAT_MAX_GROUPS) return fail(p, "too many capturing groups (at most 255)");
    group = (int32_t)++p->ngroups;
  }
  int32_t body = disjunction(p);
  p->flags = saved;
  if (body < 0) return -1;
  if (!eat(p, ')')) return fail(p, "unterminated group");
  p->depth--;
  if (look) {
    if ((atom = new_node(p, N_LOOK)) < 0) return -1;
    N(p, atom)->neg = (uint8_t)neg;
    N(p, atom)->behind = (uint8_t)behind;
    add_kid(p, atom, body);
    *quantifiable = 0;
    return atom;
  }
  if (group < 0) return body;
  if ((atom = new_node(p, N_GROUP)) < 0) return -1;
  N(p, atom)->a = (uint32_t)group;
  add_kid(p, atom, body);
  return atom;
}

/*
** An escape after "\": \b \B (*quantifiable 0), a backreference by number
** or name, a class escape, or a character.  The node, or -1.
*/
static int32_t escape_atom(parser *p, int *quantifiable) {
  int32_t e = next_cp(p), atom;
  if (e == 'b' || e == 'B') {
    atom = new_node(p, N_WORDB);
    if (atom >= 0) N(p, atom)->neg = e == 'B';
    *quantifiable = 0;
    return atom;
  }
  if (e >= '1' && e <= '9') { /* DecimalEscape */
    uint64_t v = (uint64_t)(e - '0');
    while (is_digit(peek(p))) {
      v = v * 10 + (uint64_t)(next_cp(p) - '0');
      if (v > INF) v = INF;
    }
    if (v > p->total_groups) return fail(p, "invalid backreference");
    if ((atom = new_node(p, N_BACKREF)) < 0) return -1;
    N(p, atom)->a = (uint32_t)ARR_N(p->refs, uint32_t);
    uint32_t one = 1, g = (uint32_t)v;
    arr_push(&p->refs, &one, sizeof one);
    arr_push(&p->refs, &g, sizeof g);
    return atom;
  }
  if (e == 'k') {
    if (!eat(p, '<')) return fail(p, "invalid named reference");
    uint32_t off, len;
    if (group_name(p, &off, &len) < 0) return -1;
    if ((atom = new_node(p, N_BACKREF)) < 0) return -1;
    uint32_t rec[3] = {(uint32_t)atom, off, len};
    arr_push(&p->refnames, rec, sizeof rec);
    return atom;
  }
  if (e >= 0 && strchr("dDsSwWpP", (int)e) && e) {
    cset s;
    cset_init(&s, p->mem);
    int rc = class_escape(p, e, &s);
    atom = rc == 0 ? class_node(p, &s) : -1;
    cset_free(&s);
    return atom;
  }
  int32_t ch = e < 0 ? -1 : char_escape(p, e);
  if (ch < 0) return fail(p, "invalid escape");
  atom = new_node(p, N_CHAR);
  if (atom >= 0) N(p, atom)->a = (uint32_t)ch;
  return atom;
}

/*
** The Quantifier after atom, if any: atom itself, or an N_REPEAT of it
** (the groups it holds: those after caps_before).  -1 on error.
*/
static int32_t quantifier(parser *p, int32_t atom, int quantifiable,
                          uint32_t caps_before) {
  uint32_t min, max;
  int32_t q = peek(p);
  if (q == '*') { min = 0; max = INF; }
  else if (q == '+') { min = 1; max = INF; }
  else if (q == '?') { min = 0; max = 1; }
  else if (q == '{') {
    size_t save = p->i;
    p->i++;
    if (braces(p, &min, &max) < 0) {
      p->i = save;
      return fail(p, "incomplete quantifier");
    }
    if (min > max) return fail(p, "numbers out of order in quantifier");
    p->i--; /* so that the common step below eats the '}' */
  } else {
    return atom;
  }
  p->i++;
  if (!quantifiable) return fail(p, "nothing to repeat");
  int32_t r = new_node(p, N_REPEAT);
  if (r < 0) return -1;
  N(p, r)->a = min;
  N(p, r)->b = max;
  N(p, r)->greedy = !eat(p, '?');
  N(p, r)->cap_lo = caps_before + 1;
  N(p, r)->cap_n = p->ngroups - caps_before;
  add_kid(p, r, atom);
  return r;
}

/* Term: an assertion, or an atom with an optional quantifier. */
static int32_t term(parser *p) {
  int32_t c = next_cp(p), atom = -1;
  int quantifiable = 1;
  uint32_t caps_before = p->ngroups;
  switch (c) {
    case '^': atom = new_node(p, N_BOL); quantifiable = 0; break;
    case '$': atom = new_node(p, N_EOL); quantifiable = 0; break;
    case '.': atom = new_node(p, N_ANY); break;
    case '[': {
      cset s;
      cset_init(&s, p->mem);
      int rc = bracket_class(p, &s);
      if (rc == 0) atom = class_node(p, &s);
      cset_free(&s);
      break;
    }
    case '(': atom = group_atom(p, &quantifiable); break;
    case '\\': atom = escape_atom(p, &quantifiable); break;
    case '*': case '+': case '?': case '{':
      return fail(p, "nothing to repeat");
    case ')': case ']': case '}': case '|':
      return fail(p, "lone quantifier bracket");
    default:
      atom = new_node(p, N_CHAR);
      if (atom >= 0) N(p, atom)->a = (uint32_t)c;
  }
  if (atom < 0) return -1;
  return quantifier(p, atom, quantifiable, caps_before);
}

/* Disjunction: Alternative ( | Alternative )*, up to ')' or the end. */
static int32_t disjunction(parser *p) {
  int32_t alt = new_node(p, N_ALT);
  if (alt < 0) return -1;
  uint32_t id = p->ndisj++, k = 0;
  for (;;) {
    uint32_t pair[2] = {id, k};
    arr_push(&p->stack, pair, sizeof pair);
    int32_t seq = new_node(p, N_SEQ);
    if (seq < 0) return -1;
    while (peek(p) >= 0 && peek(p) != '|' && peek(p) != ')') {
      int32_t t = term(p);
      if (t < 0) return -1;
      add_kid(p, seq, t);
    }
    p->stack.len -= sizeof pair;
    add_kid(p, alt, seq);
    if (!eat(p, '|')) break;
    k++;
  }
  if (bufs_err(p)) return oom(p);
  return alt;
}

/* Counts the capturing groups (a DecimalEscape may refer forward). */
static uint32_t count_groups(const unsigned char *s, size_t n) {
  uint32_t count = 0;
  int in_class = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\\') {
      i++;
    } else if (s[i] == '[') {
      in_class++;
    } else if (s[i] == ']' && in_class) {
      in_class--;
    } else if (s[i] == '(' && !in_class) {
      if (i + 1 >= n || s[i + 1] != '?') count++;
      else if (i + 2 < n && s[i + 2] == '<' &&
               !(i + 3 < n && (s[i + 3] == '=' || s[i + 3] == '!')))
        count++;
    }
  }
  return count;
}

/* ------------------------------------------------------------- compiling */

/*
** The ops: the one table of each op's name and length in words (0: its
** length is in the op, op_len()), its arguments after the op word.
*/
#define PAT_OPS(DEF)                                                       \
  DEF(MATCH, 1)       /* the match */                                     \
  DEF(CHAR, 2)        /* code point (folded under B_ICASE) */             \
  DEF(ANY, 1)         /* `.` */                                           \
  DEF(SET, 2)         /* a class: its ranges' index in sets */            \
  DEF(BOL, 1)         /* `^` */                                           \
  DEF(EOL, 1)         /* `$` */                                           \
  DEF(WORDB, 1)       /* `\b`, `\B` (B_NEG) */                             \
  DEF(SPLIT_NEXT, 2)  /* target: try the next op, then target */         \
  DEF(SPLIT_JUMP, 2)  /* target: try target, then the next op */         \
  DEF(JMP, 2)         /* target */                                        \
  DEF(SAVE, 2)        /* capture slot */                                  \
  DEF(RESET, 3)       /* first, last slot: unset (a loop's groups) */     \
  DEF(LOOP_INIT, 2)   /* register: its count 0 */                         \
  DEF(LOOP, 5)        /* register, min, max, exit */                      \
  DEF(LOOP_START, 2)  /* register: the iteration's start */               \
  DEF(LOOP_END, 4)    /* register, min, head */                           \
  DEF(REPEAT, 0)      /* min, max, maps, flags, tail, a character op */   \
  DEF(BACKREF, 2)     /* its list of groups in refs */                    \
  DEF(LOOK, 2)        /* end: a lookaround's body follows */              \
  DEF(LOOK_END, 1)    /* the body's end */                                \
  DEF(STR, 0)         /* ASCII characters (count in the op word) */

#define DEF_ENUM(id, size) OP_##id,
#define DEF_SIZE(id, size) size,
#define DEF_NAME(id, size) #id,
enum { PAT_OPS(DEF_ENUM) OP_COUNT };
static const unsigned char op_size[] = {PAT_OPS(DEF_SIZE)};
static const char *const op_name[] = {PAT_OPS(DEF_NAME)};
#undef DEF_ENUM
#undef DEF_SIZE
#undef DEF_NAME
/* Modifier bits of an op word (op | bits << 8). */
enum { B_BACK = 1, B_ICASE = 2, B_MULTI = 4, B_DOTALL = 8, B_NEG = 16,
       B_GREEDY = 32, B_POSSESSIVE = 64 };
#define OPW(op, bits) ((int32_t)((op) | ((bits) << 8)))
/* OP_STR: ASCII characters matched forward as one op (their number in the
   op word's top half, then their bytes, four to a word). */
#define STR_MAX 255
#define STR_LEN(w) ((uint32_t)(w) >> 16)

/*
** OP_REPEAT: min, max, then what tune() works out: the ASCII map of the
** characters its character op takes (4 words: bit c set for c; a byte
** above 0x7F starts a character the op itself decides), the ASCII map of
** the characters that can come first after
** it (4 words: bit c set for c), FOLLOW_* flags, and the length in bytes
** of what follows when that is fixed text up to `$` (-1: not so); then
** its character op.
*/
#define REPEAT_TABLE 3
#define REPEAT_FOLLOW_MAP 7
#define REPEAT_FOLLOW 11
#define REPEAT_TAIL 12
#define REPEAT_ATOM 13
/* Whether the ASCII map at m (4 words) has the byte b (< 0x80). */
#define MAP_HAS(m, b) ((m)[(b) >> 5] >> ((b) & 31) & 1)
enum { FOLLOW_KNOWN = 1, FOLLOW_NON_ASCII = 2 };

struct pat_regex {
  const url_allocator *mem;
  int32_t *prog;
  size_t nprog;
  rng *sets;
  uint32_t *refs;
  uint32_t ngroups, nregs;
  size_t nbytes; /* what it holds, all told */
  int anchored; /* starts with ^ (no m): only index 0 can match */
  int linear;   /* one way through the program (tune()) */
  /* Memoization (PAT_RE_UNTUNED: none): memo_at[pc] is the number of the
     memo point at pc, or -1.  At the start of an op (pc) it is "this op
     at this position": a second visit fails, as the first one's every way
     on failed (a match ends the search).  At pc + 1 of a LOOP or a lazy
     REPEAT it is "this loop (past its minimum) or this REPEAT (its next
     try) at this position".  Only where what follows depends on the
     position alone (compile(): no backreference or lookaround in the
     program, and every enclosing loop one whose iterations cannot be
     empty, at most one of them needed, no maximum). */
  int32_t *memo_at;
  uint32_t nmemo;
  int memo_now; /* PAT_RE_MEMO_NOW: from the first step (tests) */
};

typedef struct compiler {
  parser *p;
  url_buf code; /* int32_t[] */
  uint32_t nregs;
  int untuned; /* PAT_RE_UNTUNED: no OP_STR, no memo points */
  url_buf memo; /* int32_t[]: the pcs of memo points (pat_regex.memo_at) */
  int no_memo;  /* a backreference or a lookaround: no memo points */
  int loose;    /* enclosing loops that make what follows depend on more
                   than the position (their count or their start) */
} compiler;

/* Notes a memo point at pc (pat_regex.memo_at) unless an enclosing loop
   makes what follows depend on more than the position. */
static void memo_point(compiler *c, size_t pc) {
  if (c->loose || c->untuned) return;
  int32_t w = (int32_t)pc;
  arr_push(&c->memo, &w, sizeof w);
}

static size_t here(const compiler *c) { return ARR_N(c->code, int32_t); }
static void emit(compiler *c, int32_t w) { arr_push(&c->code, &w, sizeof w); }
static void patch(compiler *c, size_t at, size_t target) {
  ARR_AT(c->code, int32_t, at) = (int32_t)target;
}

static int node_bits(const node *x, int back) {
  return (back ? B_BACK : 0) | (x->flags & F_ICASE ? B_ICASE : 0) |
         (x->flags & F_MULTI ? B_MULTI : 0) | (x->flags & F_DOTALL ? B_DOTALL : 0);
}

/* Whether x consumes exactly one character with no side effect (so that
   a quantifier of it can use OP_REPEAT). */
static int single_char(const node *x) {
  return x->type == N_CHAR || x->type == N_ANY || x->type == N_SET;
}

static void compile(compiler *c, int32_t i, int back);

/* Whether node i takes at least one character wherever it matches. */
static int takes_one(parser *p, int32_t i) {
  const node *x = N(p, i);
  switch (x->type) {
    case N_CHAR:
    case N_ANY:
    case N_SET:
      return 1;
    case N_SEQ:
      for (int32_t k = x->kid; k >= 0; k = N(p, k)->next)
        if (takes_one(p, k)) return 1;
      return 0;
    case N_ALT:
      for (int32_t k = x->kid; k >= 0; k = N(p, k)->next)
        if (!takes_one(p, k)) return 0;
      return x->kid >= 0;
    case N_GROUP:
      return takes_one(p, x->kid);
    case N_REPEAT:
      return x->a > 0 && takes_one(p, x->kid);
    default: /* the empty string, assertions, backreferences */
      return 0;
  }
}

/* Whether x is a character that can go into an OP_STR. */
static int str_char(const node *x) { return x->type == N_CHAR && x->a < 0x80; }

/*
** The ASCII characters from node k on (forward, with the same `i` flag),
** as one OP_STR when there are two or more: the node after them, or k.
*/
static int32_t compile_str(compiler *c, int32_t k) {
  const node *x = N(c->p, k);
  int icase = x->flags & F_ICASE;
  uint32_t len = 0;
  int32_t end = k;
  while (end >= 0 && len < STR_MAX && str_char(N(c->p, end)) &&
         (N(c->p, end)->flags & F_ICASE) == icase) {
    len++;
    end = N(c->p, end)->next;
  }
  if (len < 2) return k;
  emit(c, (int32_t)(OPW(OP_STR, icase ? B_ICASE : 0) | len << 16));
  unsigned char w[4];
  uint32_t i = 0;
  for (int32_t j = k; j != end; j = N(c->p, j)->next) {
    uint32_t ch = N(c->p, j)->a;
    w[i++ % 4] = (unsigned char)(icase ? fold(ch) : ch);
    if (i % 4 == 0 || i == len) {
      int32_t word = 0;
      memcpy(&word, w, i % 4 ? i % 4 : 4);
      emit(c, word);
    }
  }
  return end;
}

static void compile_kids(compiler *c, int32_t first, int back) {
  /* backward: a sequence is matched last term first */
  int32_t kids[64], n = 0;
  if (!back) {
    for (int32_t k = first; k >= 0;) {
      int32_t after = str_char(N(c->p, k)) && !c->untuned ? compile_str(c, k) : k;
      if (after != k) {
        k = after;
        continue;
      }
      compile(c, k, 0);
      k = N(c->p, k)->next;
    }
    return;
  }
  for (int32_t k = first; k >= 0; k = N(c->p, k)->next) n++;
  int32_t *list = kids;
  url_buf heap;
  arr_init(&heap, c->p->mem);
  if (n > 64) {
    url_buf_reserve(&heap, (size_t)n * sizeof(int32_t));
    if (heap.err) {
      c->code.err = heap.err;
      return;
    }
    list = (int32_t *)(void *)heap.ptr;
  }
  n = 0;
  for (int32_t k = first; k >= 0; k = N(c->p, k)->next) list[n++] = k;
  while (n--) compile(c, list[n], 1);
  url_buf_free(&heap);
}

static void compile(compiler *c, int32_t i, int back) {
  const node *x = N(c->p, i);
  int bits = node_bits(x, back);
  switch (x->type) {
    case N_EMPTY: break;
    case N_CHAR:
      emit(c, OPW(OP_CHAR, bits));
      emit(c, (int32_t)(bits & B_ICASE ? fold(x->a) : x->a));
      break;
    case N_ANY: emit(c, OPW(OP_ANY, bits)); break;
    case N_SET:
      emit(c, OPW(OP_SET, bits));
      emit(c, (int32_t)x->a);
      break;
    case N_BOL: emit(c, OPW(OP_BOL, bits)); break;
    case N_EOL: emit(c, OPW(OP_EOL, bits)); break;
    case N_WORDB: emit(c, OPW(OP_WORDB, bits | (x->neg ? B_NEG : 0))); break;
    case N_SEQ: compile_kids(c, x->kid, back); break;
    case N_ALT: {
      /* L1: SPLIT_NEXT L2; alt1; JMP end; L2: SPLIT_NEXT L3; alt2; ... */
      size_t fix[2] = {0, 0};
      url_buf jumps;
      arr_init(&jumps, c->p->mem);
      for (int32_t k = x->kid; k >= 0; k = N(c->p, k)->next) {
        int last = N(c->p, k)->next < 0;
        if (!last) {
          emit(c, OP_SPLIT_NEXT);
          fix[0] = here(c);
          emit(c, 0);
        }
        compile(c, k, back);
        if (!last) {
          emit(c, OP_JMP);
          size_t j = here(c);
          arr_push(&jumps, &j, sizeof j);
          emit(c, 0);
          if (!c->code.err) patch(c, fix[0], here(c));
        }
      }
      for (size_t k = 0; k < ARR_N(jumps, size_t) && !c->code.err; k++)
        patch(c, ARR_AT(jumps, size_t, k), here(c));
      if (jumps.err) c->code.err = jumps.err;
      url_buf_free(&jumps);
      break;
    }
    case N_GROUP:
      /* backward: the end is known first (§22.2.2.8, "direction is backward") */
      emit(c, OP_SAVE);
      emit(c, (int32_t)(2 * x->a + (back ? 1 : 0)));
      compile(c, x->kid, back);
      emit(c, OP_SAVE);
      emit(c, (int32_t)(2 * x->a + (back ? 0 : 1)));
      break;
    case N_BACKREF:
      c->no_memo = 1;
      emit(c, OPW(OP_BACKREF, bits));
      emit(c, (int32_t)x->a);
      break;
    case N_LOOK: {
      c->no_memo = 1;
      emit(c, OPW(OP_LOOK, (x->neg ? B_NEG : 0)));
      size_t end = here(c);
      emit(c, 0);
      compile(c, x->kid, x->behind);
      emit(c, OP_LOOK_END);
      if (!c->code.err) patch(c, end, here(c));
      break;
    }
    case N_REPEAT: {
      const node *k = N(c->p, x->kid);
      if (x->b == 0) break; /* {0}: matches the empty string */
      if (single_char(k) && !back) {
        /* REPEAT min max <the maps and flags tune() sets> <one char op> */
        emit(c, OPW(OP_REPEAT, x->greedy ? B_GREEDY : 0));
        emit(c, (int32_t)x->a);
        emit(c, (int32_t)x->b);
        size_t at = here(c);
        for (int w = REPEAT_TABLE; w < REPEAT_TAIL; w++) emit(c, 0);
        emit(c, -1);
        compile(c, x->kid, 0);
        /* it at a position past its minimum (no maximum), and what
           follows it */
        if (x->b == INF) memo_point(c, at - 2);
        memo_point(c, here(c));
        break;
      }
      if (x->a == 0 && x->b == 1 && !back && !c->untuned && takes_one(c->p, x->kid)) {
        /* `?` of what cannot match the empty string: RepeatMatcher tries it
           (greedy) or what follows (lazy) first, then the other way; its
           captures need no reset, as they are unset whenever it starts
           (an enclosing quantifier resets them at each of its iterations) */
        emit(c, x->greedy ? OP_SPLIT_NEXT : OP_SPLIT_JUMP);
        size_t skip = here(c);
        emit(c, 0);
        compile(c, x->kid, 0);
        if (!c->code.err) patch(c, skip, here(c));
        break;
      }
      /* RepeatMatcher (§22.2.2.3.1) with a counter and a position register:
           LOOP_INIT r; L: LOOP r min max exit; LOOP_START r; RESET lo hi;
           body; LOOP_END r min L; exit:
         LOOP_START, where both ways into an iteration go (on from LOOP, or
         back to it when a lazy LOOP tried the exit first), notes where the
         iteration starts, which LOOP_END compares with */
      uint32_t r = c->nregs;
      c->nregs += 2;
      emit(c, OP_LOOP_INIT);
      emit(c, (int32_t)r);
      size_t head = here(c);
      /* what follows an iteration depends on the position alone when no
         iteration can be empty (LOOP_END's check never fails), the count
         past the first does not matter (min <= 1, no maximum) */
      int plain = x->a <= 1 && x->b == INF && takes_one(c->p, x->kid);
      if (plain) memo_point(c, head + 1);
      else c->loose++;
      emit(c, OPW(OP_LOOP, x->greedy ? B_GREEDY : 0));
      emit(c, (int32_t)r);
      emit(c, (int32_t)x->a);
      emit(c, (int32_t)x->b);
      size_t exit = here(c);
      emit(c, 0);
      emit(c, OP_LOOP_START);
      emit(c, (int32_t)r);
      if (x->cap_n) {
        emit(c, OP_RESET);
        emit(c, (int32_t)(2 * x->cap_lo));
        emit(c, (int32_t)(2 * (x->cap_lo + x->cap_n) - 1));
      }
      compile(c, x->kid, back);
      emit(c, OP_LOOP_END);
      emit(c, (int32_t)r);
      emit(c, (int32_t)x->a);
      emit(c, (int32_t)head);
      if (!c->code.err) patch(c, exit, here(c));
      if (!plain) c->loose--;
      break;
    }
  }
}

/* Resolves \k<name> to the groups of that name. */
static int resolve_refs(parser *p) {
  size_t n = ARR_N(p->refnames, uint32_t);
  for (size_t i = 0; i < n; i += 3) {
    const uint32_t *rec = &ARR_AT(p->refnames, uint32_t, i);
    uint32_t list = (uint32_t)ARR_N(p->refs, uint32_t), count = 0;
    arr_push(&p->refs, &count, sizeof count);
    size_t ng = ARR_N(p->gnames, gname);
    for (size_t k = 0; k < ng; k++) {
      const gname *g = &ARR_AT(p->gnames, gname, k);
      if (g->len == rec[2] && !memcmp(p->names.ptr + g->off, p->names.ptr + rec[1], g->len)) {
        arr_push(&p->refs, &g->group, sizeof g->group);
        count++;
      }
    }
    if (p->refs.err) return oom(p);
    if (!count) return fail(p, "invalid named capture referenced");
    ARR_AT(p->refs, uint32_t, list) = count;
    N(p, (int32_t)rec[0])->a = list;
  }
  return 0;
}

static void parser_free(parser *p) {
  url_buf_free(&p->nodes);
  url_buf_free(&p->sets);
  url_buf_free(&p->names);
  url_buf_free(&p->gnames);
  url_buf_free(&p->paths);
  url_buf_free(&p->stack);
  url_buf_free(&p->refs);
  url_buf_free(&p->refnames);
}

/* Takes b's heap storage (no stack storage: arr_init), shrunk to its
   size, leaving b empty: no second copy at the peak of compiling. */
static void *take(const url_allocator *mem, url_buf *b) {
  void *q = b->ptr ? mem->resize(b->ptr, b->len ? b->len : 1)
                   : mem->alloc(1);
  if (q) {
    b->ptr = NULL;
    b->cap = b->len = 0;
  }
  return q;
}

static void tune(pat_regex *re, int untuned);

/* re->memo_at from the memo points' pcs (none: NULL).  Returns 0 when out
   of memory. */
static int memo_table(pat_regex *re, const url_buf *points) {
  size_t n = ARR_N(*points, int32_t);
  if (points->err) return 0;
  if (!n || !re->prog) return 1;
  re->memo_at = re->mem->alloc(re->nprog * sizeof *re->memo_at);
  if (!re->memo_at) return 0;
  for (size_t pc = 0; pc < re->nprog; pc++) re->memo_at[pc] = -1;
  for (size_t k = 0; k < n; k++) {
    int32_t pc = ARR_AT(*points, int32_t, k);
    if (re->memo_at[pc] < 0) re->memo_at[pc] = (int32_t)re->nmemo++;
  }
  re->nbytes += re->nprog * sizeof *re->memo_at;
  return 1;
}

int pat_regex_compile(const char *src, size_t n, int flags,
                      const url_allocator *mem, pat_regex **out, char *err,
                      size_t errn) {
  *out = NULL;
  if (errn) err[0] = 0;
  parser p = {.s = (const unsigned char *)src, .n = n, .mem = mem,
              .flags = flags & PAT_RE_ICASE ? F_ICASE : 0, .err = err,
              .errn = errn};
  arr_init(&p.nodes, mem);
  arr_init(&p.sets, mem);
  arr_init(&p.names, mem);
  arr_init(&p.gnames, mem);
  arr_init(&p.paths, mem);
  arr_init(&p.stack, mem);
  arr_init(&p.refs, mem);
  arr_init(&p.refnames, mem);
  p.total_groups = count_groups(p.s, n);
  int32_t root = disjunction(&p);
  if (root >= 0 && p.i < n) root = fail(&p, peek(&p) == ')' ? "unmatched ')'" : "lone quantifier bracket");
  if (root >= 0 && resolve_refs(&p) < 0) root = -1;
  if (root >= 0 && bufs_err(&p)) root = oom(&p);
  if (root < 0) {
    int rc = p.failed ? p.failed : URL_NOMEM;
    parser_free(&p);
    return rc;
  }
  compiler c = {.p = &p, .untuned = flags & PAT_RE_UNTUNED};
  arr_init(&c.code, mem);
  arr_init(&c.memo, mem);
  emit(&c, OP_SAVE);
  emit(&c, 0);
  compile(&c, root, 0);
  emit(&c, OP_SAVE);
  emit(&c, 1);
  emit(&c, OP_MATCH);
  if (!c.code.err && here(&c) > PAT_MAX_PROG_PER_BYTE * n + 64) {
    fail(&p, "regular expression too large");
    url_buf_free(&c.code);
    url_buf_free(&c.memo);
    parser_free(&p);
    return URL_FAILURE;
  }
  pat_regex *re = mem->alloc(sizeof *re);
  int rc = URL_NOMEM;
  if (re && !c.code.err) {
    *re = (pat_regex){.mem = mem, .ngroups = p.ngroups, .nregs = c.nregs};
    re->nprog = here(&c);
    re->nbytes = sizeof *re + c.code.len + p.sets.len + p.refs.len;
    re->prog = take(mem, &c.code);
    re->sets = take(mem, &p.sets);
    re->refs = take(mem, &p.refs);
    if (re->prog && re->sets) tune(re, flags & PAT_RE_UNTUNED);
    re->memo_now = flags & PAT_RE_MEMO_NOW;
    int memo_ok = c.no_memo || memo_table(re, &c.memo);
    /* index 0 of the program is SAVE 0; then a ^ without m anchors */
    const node *r = N(&p, root);
    if (r->kid >= 0 && N(&p, r->kid)->next < 0) {
      const node *seq = N(&p, r->kid);
      re->anchored = seq->kid >= 0 && N(&p, seq->kid)->type == N_BOL &&
                     !(N(&p, seq->kid)->flags & F_MULTI);
    }
    if (re->prog && re->sets && re->refs && memo_ok) {
      rc = URL_OK;
      *out = re;
    } else {
      pat_regex_free(re);
    }
  } else if (re) {
    mem->release(re);
  }
  url_buf_free(&c.code);
  url_buf_free(&c.memo);
  parser_free(&p);
  return rc;
}

void pat_regex_free(pat_regex *re) {
  if (!re) return;
  const url_allocator *mem = re->mem;
  if (re->prog) mem->release(re->prog);
  if (re->sets) mem->release(re->sets);
  if (re->refs) mem->release(re->refs);
  if (re->memo_at) mem->release(re->memo_at);
  mem->release(re);
}

int pat_regex_groups(const pat_regex *re) { return (int)re->ngroups; }

uint32_t pat_regex_fold(uint32_t c) { return fold(c); }

size_t pat_regex_bytes(const pat_regex *re) { return re->nbytes; }

size_t pat_regex_slots(const pat_regex *re) {
  return 2 * ((size_t)re->ngroups + 1) + re->nregs;
}

/* -------------------------------------------------------------- matching */

enum { BT_BRANCH, BT_SLOT, BT_REG, BT_REPEAT };

typedef struct bt {
  int32_t kind, pc;
  long pos;
  long a; /* BT_SLOT/REG: index, old value in pos; BT_REPEAT: count */
} bt;

typedef struct vm {
  const pat_regex *re;
  const unsigned char *in;
  long n;
  long *caps, *regs;
  bt *stack;
  size_t top, cap;
  bt *inline_stack;
  size_t steps, max_steps;
  uint32_t *memo;    /* a bit per memo point and position (re->memo_at) */
  size_t memo_bytes;
  size_t memo_after; /* the step count at which memoizing starts */
  int err;
} vm;

/* The one exit for the memory limit: whether holding more bytes than the
   match holds now would pass PAT_MAX_MATCH_BYTES (m->err then set). */
static int out_of_memory(vm *m, size_t more) {
  size_t held = m->memo_bytes + (m->stack == m->inline_stack ? 0 : m->cap * sizeof(bt));
  if (more <= PAT_MAX_MATCH_BYTES && held <= PAT_MAX_MATCH_BYTES - more) return 0;
  m->err = URL_MEMORY_LIMIT;
  return 1;
}

/* The steps a match takes before it starts memoizing (plus 4 per input
   byte): a match that backtracks little allocates nothing. */
#define MEMO_AFTER 4096

/* Doubles the backtracking stack (onto the heap). */
static int grow(vm *m) {
  size_t cap = m->cap * 2;
  bt *q;
  if (out_of_memory(m, cap * sizeof *q)) return -1;
  if (m->stack == m->inline_stack) {
    q = m->re->mem->alloc(cap * sizeof *q);
    if (q) memcpy(q, m->stack, m->top * sizeof *q);
  } else {
    q = m->re->mem->resize(m->stack, cap * sizeof *q);
  }
  if (!q) {
    m->err = URL_NOMEM;
    return -1;
  }
  m->stack = q;
  m->cap = cap;
  return 0;
}

static inline int push(vm *m, int32_t kind, int32_t pc, long pos, long a) {
  if (m->top == m->cap && grow(m) < 0) return -1;
  m->stack[m->top++] = (bt){kind, pc, pos, a};
  return 0;
}

/*
** Starts memoizing (re->memo_at): a bit per memo point and position.  A
** match that backtracks little never pays for it; one that would go on
** past the memory limit goes on without (the step limit then bounds it).
*/
static void memo_start(vm *m) {
  m->memo_after = SIZE_MAX;
  size_t bits = (size_t)m->re->nmemo * (size_t)(m->n + 1);
  size_t bytes = (bits + 31) / 32 * sizeof *m->memo;
  if (bits / (size_t)(m->n + 1) != m->re->nmemo || out_of_memory(m, bytes)) {
    m->err = 0;
    return;
  }
  m->memo = m->re->mem->alloc(bytes);
  if (!m->memo) return;
  memset(m->memo, 0, bytes);
  m->memo_bytes = bytes;
  m->steps += bytes / 64; /* clearing it is work too */
}

/* Whether the memo point at pc (re->memo_at) was at pos before; notes
   that it is now.  0 when there is no memo. */
static inline int memo_seen(vm *m, size_t pc, long pos) {
  if (!m->memo) return 0;
  int32_t k = m->re->memo_at[pc];
  if (k < 0) return 0;
  size_t bit = (size_t)k * (size_t)(m->n + 1) + (size_t)pos;
  uint32_t *w = &m->memo[bit >> 5], b = (uint32_t)1 << (bit & 31);
  if (*w & b) return 1;
  *w |= b;
  return 0;
}

/* The code point at pos going forward (*next past it), or backward
   (*next before it); -1 at the end of the input. */
static int32_t read_cp(const vm *m, long pos, int back, long *next) {
  if (!back) {
    if (pos >= m->n) return -1;
    if (m->in[pos] < 0x80) {
      *next = pos + 1;
      return m->in[pos];
    }
    size_t k = (size_t)pos;
    uint32_t c = url_utf8_next(m->in, (size_t)m->n, &k);
    *next = (long)k;
    return (int32_t)c;
  }
  if (pos <= 0) return -1;
  long k = pos - 1;
  while (k > 0 && (m->in[k] & 0xC0) == 0x80) k--;
  size_t j = (size_t)k;
  uint32_t c = url_utf8_next(m->in, (size_t)m->n, &j);
  *next = k;
  return (int32_t)c;
}

static int in_set(const pat_regex *re, int32_t set, uint32_t c) {
  const rng *h = &re->sets[set];
  const rng *r = h + 1;
  size_t lo = 0, hi = h->lo;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (c < r[mid].lo) hi = mid;
    else if (c > r[mid].hi) lo = mid + 1;
    else return 1;
  }
  return 0;
}

static int is_line_term(int32_t c) {
  return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029;
}

/* Whether the character op (OP_CHAR, OP_ANY or OP_SET) takes c. */
static inline int op_takes(const pat_regex *re, const int32_t *op, uint32_t c) {
  int bits = op[0] >> 8;
  switch (op[0] & 0xFF) {
    case OP_CHAR: return (uint32_t)op[1] == (bits & B_ICASE ? fold(c) : c);
    case OP_ANY: return (bits & B_DOTALL) || !is_line_term((int32_t)c);
    case OP_SET: return in_set(re, op[1], bits & B_ICASE ? fold(c) : c);
  }
  return 0;
}

/* One character op at pc against the input at pos: the position past it,
   or -1. */
static inline long match_char(const vm *m, const int32_t *op, long pos) {
  if (!(op[0] >> 8 & B_BACK) && pos < m->n && m->in[pos] < 0x80)
    return op_takes(m->re, op, m->in[pos]) ? pos + 1 : -1;
  long next;
  int32_t c = read_cp(m, pos, op[0] >> 8 & B_BACK, &next);
  return c >= 0 && op_takes(m->re, op, (uint32_t)c) ? next : -1;
}

/* OP_STR at pos: the position past its characters, or -1. */
static long match_str(const vm *m, const int32_t *op, long pos) {
  uint32_t len = STR_LEN(op[0]);
  const unsigned char *s = (const unsigned char *)(const void *)(op + 1);
  if (!(op[0] >> 8 & B_ICASE))
    return m->n - pos >= (long)len && !memcmp(m->in + pos, s, len) ? pos + (long)len : -1;
  for (uint32_t i = 0; i < len; i++) {
    long next;
    int32_t c = read_cp(m, pos, 0, &next);
    if (c < 0 || fold((uint32_t)c) != s[i]) return -1;
    pos = next;
  }
  return pos;
}

/*
** The REPEAT op's characters from pos, forward: up to `want` of those its
** character op takes, ASCII ones by its table.  Returns the position
** after them, their number in *count.
*/
static long take_run(const vm *m, const int32_t *op, long pos, uint32_t want,
                     long *count) {
  const uint32_t *map = (const uint32_t *)(const void *)(op + REPEAT_TABLE);
  const unsigned char *in = m->in;
  long k = 0;
  while ((uint32_t)k < want && pos < m->n) {
    long end = m->n, from = pos;
    if (want != INF && (long)(want - (uint32_t)k) < end - pos)
      end = pos + (long)(want - (uint32_t)k);
    while (pos < end && in[pos] < 0x80 && MAP_HAS(map, in[pos])) pos++;
    k += pos - from;
    if (pos == end || in[pos] < 0x80) break;
    long next = match_char(m, op + REPEAT_ATOM, pos); /* not ASCII */
    if (next < 0) break;
    pos = next;
    k++;
  }
  *count = k;
  return pos;
}

static int is_word(int32_t c, int icase) {
  if (c < 0) return 0;
  if (c < 128) return is_alpha(c) || is_digit(c) || c == '_';
  return icase && (c == 0x17F || c == 0x212A);
}

/* The length in words of the op whose word is w (OP_REPEAT: of its head,
   repeat_len() the whole). */
static inline size_t op_len(int32_t w) {
  if ((w & 0xFF) == OP_STR) return 1 + (STR_LEN(w) + 3) / 4;
  if ((w & 0xFF) == OP_REPEAT) return REPEAT_ATOM;
  return op_size[w & 0xFF];
}

static size_t repeat_len(const int32_t *op) {
  return REPEAT_ATOM + op_len(op[REPEAT_ATOM]);
}

/* -------------------------------------------------------------- tuning */

/* The ranges of code points the character op takes where case folding
   does not change a code point (all but A-Z, U+017F, U+212A): into tmp
   for OP_CHAR and OP_ANY; *n of them. */
static const rng *op_ranges(const pat_regex *re, const int32_t *op,
                            rng tmp[4], size_t *n) {
  switch (op[0] & 0xFF) {
    case OP_CHAR:
      tmp[0] = (rng){(uint32_t)op[1], (uint32_t)op[1]};
      *n = 1;
      return tmp;
    case OP_ANY:
      if (op[0] >> 8 & B_DOTALL) {
        tmp[0] = (rng){0, MAX_CP};
        *n = 1;
        return tmp;
      }
      tmp[0] = (rng){0, '\n' - 1};
      tmp[1] = (rng){'\n' + 1, '\r' - 1};
      tmp[2] = (rng){'\r' + 1, 0x2027};
      tmp[3] = (rng){0x202A, MAX_CP};
      *n = 4;
      return tmp;
    default: /* OP_SET */
      *n = re->sets[op[1]].lo;
      return &re->sets[op[1]] + 1;
  }
}

/* The code points of [lo, hi] that folding changes. */
static uint32_t folding_in(uint32_t lo, uint32_t hi) {
  uint32_t a = lo > 'A' ? lo : 'A', b = hi < 'Z' ? hi : 'Z';
  return (a <= b ? b - a + 1 : 0) + (lo <= 0x17F && 0x17F <= hi) +
         (lo <= 0x212A && 0x212A <= hi);
}

/* Whether no character is taken by both character ops x and y. */
static int disjoint(const pat_regex *re, const int32_t *x, const int32_t *y) {
  static const uint32_t folding[] = {0x17F, 0x212A};
  for (uint32_t c = 'A'; c <= 'Z'; c++)
    if (op_takes(re, x, c) && op_takes(re, y, c)) return 0;
  for (size_t i = 0; i < 2; i++)
    if (op_takes(re, x, folding[i]) && op_takes(re, y, folding[i])) return 0;
  /* the others: where the ranges meet, a code point folding leaves alone */
  rng ta[4], tb[4];
  size_t na, nb, i = 0, j = 0;
  const rng *a = op_ranges(re, x, ta, &na), *b = op_ranges(re, y, tb, &nb);
  while (i < na && j < nb) {
    uint32_t lo = a[i].lo > b[j].lo ? a[i].lo : b[j].lo;
    uint32_t hi = a[i].hi < b[j].hi ? a[i].hi : b[j].hi;
    if (lo <= hi && hi - lo + 1 > folding_in(lo, hi)) return 0;
    if (a[i].hi < b[j].hi) i++;
    else j++;
  }
  return 1;
}

/* Whether the character op takes some code point above 0x7F. */
static int takes_non_ascii(const pat_regex *re, const int32_t *op) {
  rng tmp[4];
  size_t n;
  const rng *r = op_ranges(re, op, tmp, &n);
  return (n && r[n - 1].hi >= 0x80) || op_takes(re, op, 0x17F) ||
         op_takes(re, op, 0x212A);
}

/* The character ops that may take the first character after some point
   of the program (copies: an OP_STR's first character as an OP_CHAR). */
typedef struct first_ops {
  int32_t op[16][2];
  int n;
} first_ops;

static int first_add(first_ops *f, int32_t w, int32_t arg) {
  if (f->n == 16) return 0;
  f->op[f->n][0] = w;
  f->op[f->n++][1] = arg;
  return 1;
}

/*
** Adds to f the character ops that take the first character on each way
** from pc to a match, as far as *budget ops allow.  Returns 0 when some
** way may get there without taking a character first (other than by `$`
** without m, which needs the end of the input), or is not known.
*/
static int first_after(const pat_regex *re, size_t pc, first_ops *f,
                       int *budget) {
  for (;;) {
    if (--*budget < 0) return 0;
    const int32_t *op = re->prog + pc;
    int bits = op[0] >> 8;
    switch (op[0] & 0xFF) {
      case OP_CHAR:
      case OP_ANY:
      case OP_SET:
        return !(bits & B_BACK) && first_add(f, op[0], op_len(op[0]) > 1 ? op[1] : 0);
      case OP_STR:
        return first_add(f, OPW(OP_CHAR, bits & B_ICASE),
                         *(const unsigned char *)(const void *)(op + 1));
      case OP_EOL:
        return !(bits & B_MULTI);
      case OP_BOL:
      case OP_WORDB:
      case OP_SAVE:
      case OP_RESET: /* take nothing */
        pc += op_len(op[0]);
        continue;
      case OP_LOOK: /* takes nothing; what follows it still must */
      case OP_JMP:
        if ((size_t)op[1] <= pc) return 0;
        pc = (size_t)op[1];
        continue;
      case OP_SPLIT_NEXT:
      case OP_SPLIT_JUMP: /* both ways */
        if ((size_t)op[1] <= pc || !first_after(re, (size_t)op[1], f, budget))
          return 0;
        pc += 2;
        continue;
      case OP_REPEAT: {
        const int32_t *atom = op + REPEAT_ATOM;
        if (!first_add(f, atom[0], op_len(atom[0]) > 1 ? atom[1] : 0)) return 0;
        if (op[1] > 0) return 1;
        pc += repeat_len(op);
        continue;
      }
      default: /* a match, a loop, a backreference */
        return 0;
    }
  }
}

/* The ASCII map of what the character op takes. */
static void ascii_map(const pat_regex *re, const int32_t *op, uint32_t map[4]) {
  for (uint32_t c = 0; c < 0x80; c++)
    if (op_takes(re, op, c)) map[c >> 5] |= (uint32_t)1 << (c & 31);
}

/* Whether the ASCII character c (folded under `i`) is matched only by
   itself, one byte: not so for k and s under `i` (U+212A, U+017F). */
static int one_byte(uint32_t c, int icase) {
  return c < 0x80 && !(icase && (c == 'k' || c == 's'));
}

/*
** The length in bytes of what the program matches from pc, when that is
** fixed characters (captures aside) up to `$` without m and the match:
** then only one place, that many bytes before the end, can start it.
** -1 when it is not so.
*/
static long tail_len(const pat_regex *re, size_t pc) {
  long len = 0;
  for (int eol = 0;;) {
    const int32_t *op = re->prog + pc;
    int bits = op[0] >> 8, icase = bits & B_ICASE;
    switch (op[0] & 0xFF) {
      case OP_SAVE:
        break;
      case OP_MATCH:
        return eol ? len : -1;
      case OP_EOL:
        if (eol || (bits & B_MULTI)) return -1;
        eol = 1;
        break;
      case OP_CHAR:
        if (eol || (bits & B_BACK) || !one_byte((uint32_t)op[1], icase)) return -1;
        len++;
        break;
      case OP_STR: {
        const unsigned char *s = (const unsigned char *)(const void *)(op + 1);
        for (uint32_t i = 0; i < STR_LEN(op[0]); i++)
          if (eol || !one_byte(s[i], icase)) return -1;
        len += (long)STR_LEN(op[0]);
        break;
      }
      default:
        return -1;
    }
    pc += op_len(op[0]);
  }
}

/* Whether the program has one way through: no alternative, loop,
   lookaround or backreference, and only possessive REPEATs. */
static int is_linear(const pat_regex *re) {
  for (size_t pc = 0; pc < re->nprog;) {
    const int32_t *op = re->prog + pc;
    switch (op[0] & 0xFF) {
      case OP_REPEAT:
        if (!(op[0] >> 8 & B_POSSESSIVE)) return 0;
        pc += repeat_len(op);
        continue;
      case OP_MATCH: case OP_SAVE: case OP_CHAR: case OP_ANY: case OP_SET:
      case OP_STR: case OP_BOL: case OP_EOL: case OP_WORDB:
        pc += op_len(op[0]);
        continue;
      default:
        return 0;
    }
  }
  return 1;
}

/*
** Each REPEAT's maps, and the REPEATs that are possessive: those whose
** next character, on every way on, is one their op does not take (or
** the end of the input, for `$`).  Wherever such a run of characters
** could stop short (its next one is the op's) or go on (past the end of
** the run it cannot), what follows fails: taking the whole run and never
** giving back has the same result.  Where it is not possessive, the
** follow map lets backtracking pass over the positions where what follows
** cannot start, and fixed text up to `$` after it (tail_len) leaves one.
*/
static void tune(pat_regex *re, int untuned) {
  for (size_t pc = 0; pc < re->nprog;) {
    int32_t *op = re->prog + pc;
    if ((op[0] & 0xFF) != OP_REPEAT) {
      pc += op_len(op[0]);
      continue;
    }
    const int32_t *atom = op + REPEAT_ATOM;
    uint32_t table[4] = {0, 0, 0, 0};
    ascii_map(re, atom, table);
    memcpy(op + REPEAT_TABLE, table, sizeof table);
    pc += repeat_len(op);
    if (untuned) continue;
    first_ops f = {.n = 0};
    int budget = 256, possessive = 1, flags = FOLLOW_KNOWN;
    uint32_t follow[4] = {0, 0, 0, 0};
    if (first_after(re, pc, &f, &budget)) {
      for (int i = 0; i < f.n; i++) {
        if (!disjoint(re, atom, f.op[i])) possessive = 0;
        ascii_map(re, f.op[i], follow);
        if (takes_non_ascii(re, f.op[i])) flags |= FOLLOW_NON_ASCII;
      }
      memcpy(op + REPEAT_FOLLOW_MAP, follow, sizeof follow);
      op[REPEAT_FOLLOW] = flags;
      if (possessive) op[0] |= B_POSSESSIVE << 8;
    }
    if (!(op[0] >> 8 & B_POSSESSIVE)) op[REPEAT_TAIL] = (int32_t)tail_len(re, pc);
  }
  re->linear = !untuned && is_linear(re);
}

/* ------------------------------------------------------------ dump */

/* Appends the formatted text to out (a line of the dump). */
static void dumpf(url_buf *out, const char *fmt, ...) {
  char line[160];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (k > 0) url_buf_append(out, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

/* One op at pc: its name, arguments, modifier bits and, for a REPEAT,
   what tune() chose. */
static void dump_op(const pat_regex *re, const int32_t *op, url_buf *out) {
  int bits = op[0] >> 8, id = op[0] & 0xFF;
  dumpf(out, "%s", id < OP_COUNT ? op_name[id] : "?");
  if (id == OP_STR) {
    const char *str = (const char *)(const void *)(op + 1);
    dumpf(out, " \"%.*s\"", (int)STR_LEN(op[0]), str);
  } else if (id == OP_REPEAT) {
    dumpf(out, " min=%ld max=%ld", (long)op[1], op[2] == (int32_t)INF ? -1L : (long)op[2]);
    dumpf(out, "%s", bits & B_POSSESSIVE ? " possessive" : bits & B_GREEDY ? " greedy" : " lazy");
    if (op[REPEAT_FOLLOW] & FOLLOW_KNOWN) dumpf(out, " follow-map");
    if (op[REPEAT_TAIL] >= 0) dumpf(out, " tail=%ld", (long)op[REPEAT_TAIL]);
    dumpf(out, " of ");
    dump_op(re, op + REPEAT_ATOM, out);
    return;
  } else {
    for (size_t k = 1; k < op_len(op[0]); k++) dumpf(out, " %ld", (long)op[k]);
  }
  if (bits & B_BACK) dumpf(out, " back");
  if (bits & B_ICASE) dumpf(out, " i");
  if (bits & B_MULTI) dumpf(out, " m");
  if (bits & B_DOTALL) dumpf(out, " s");
  if (bits & B_NEG) dumpf(out, " neg");
  if ((bits & B_GREEDY) && id == OP_LOOP) dumpf(out, " greedy");
}

void pat_regex_dump(const pat_regex *re, url_buf *out) {
  dumpf(out, "groups %u, registers %u, %zu words%s%s\n", re->ngroups, re->nregs,
        re->nprog, re->anchored ? ", anchored" : "", re->linear ? ", linear" : "");
  for (size_t pc = 0; pc < re->nprog;) {
    const int32_t *op = re->prog + pc;
    dumpf(out, "%5zu ", pc);
    dump_op(re, op, out);
    url_buf_putc(out, '\n');
    pc += (op[0] & 0xFF) == OP_REPEAT ? repeat_len(op) : op_len(op[0]);
  }
}

/* Whether what follows the REPEAT op may start at pos: not where its
   follow map says the character there cannot start it. */
static inline int may_follow(const vm *m, const int32_t *op, long pos) {
  int32_t flags = op[REPEAT_FOLLOW];
  if (!(flags & FOLLOW_KNOWN) || pos >= m->n) return 1;
  unsigned char b = m->in[pos];
  if (b >= 0x80) return flags & FOLLOW_NON_ASCII;
  const uint32_t *map = (const uint32_t *)(const void *)(op + REPEAT_FOLLOW_MAP);
  return map[b >> 5] >> (b & 31) & 1;
}

/*
** The next try of a REPEAT (op, at pc) that took *count characters up to
** *pos: one fewer (greedy) or one more (lazy), passing over the positions
** where what follows cannot start (each a step: the try it saves would
** fail).  Returns 0 when no try is left (lazy: also when the memo says
** this REPEAT was at that position before, and so made every try on).
*/
static int repeat_retry(vm *m, const int32_t *op, size_t pc, long *pos, long *count) {
  uint32_t min = (uint32_t)op[1], max = (uint32_t)op[2];
  long p = *pos, k = *count, next = p;
  int32_t flags = op[REPEAT_FOLLOW];
  if ((op[0] >> 8 & B_GREEDY) && (flags & FOLLOW_KNOWN)) {
    /* back to the last character that can start what follows */
    const uint32_t *map = (const uint32_t *)(const void *)(op + REPEAT_FOLLOW_MAP);
    const unsigned char *in = m->in;
    long k0 = k;
    for (;;) {
      if ((uint32_t)k <= min) return 0;
      k--;
      unsigned char b = in[--p];
      if (b < 0x80) {
        if (map[b >> 5] >> (b & 31) & 1) break;
      } else {
        while (p > 0 && (in[p] & 0xC0) == 0x80) p--;
        if (flags & FOLLOW_NON_ASCII) break;
      }
    }
    m->steps += (size_t)(k0 - k);
    *pos = p;
    *count = k;
    return 1;
  }
  do {
    if (op[0] >> 8 & B_GREEDY) {
      if ((uint32_t)k <= min) return 0;
      /* back over the last character taken */
      for (next = p - 1; next > 0 && (m->in[next] & 0xC0) == 0x80; next--) {}
      k--;
    } else {
      if ((uint32_t)k >= max || (next = match_char(m, op + REPEAT_ATOM, p)) < 0)
        return 0;
      k++;
      /* lazy, here before: every try from here on was made */
      if (memo_seen(m, pc + 1, next)) return 0;
    }
    p = next;
    m->steps++;
  } while (!may_follow(m, op, p));
  *pos = p;
  *count = k;
  return 1;
}

/*
** A REPEAT whose what-follows is fixed text up to `$` (REPEAT_TAIL bytes):
** of all the counts it may try, only the one that ends where that text
** must start can lead to a match.  Returns that position, or -1 when the
** op cannot take the characters up to it (too few or too many of them).
** (A position inside a character cannot start that text, which is ASCII.)
*/
static long repeat_to_tail(vm *m, const int32_t *op, long pos) {
  long at = m->n - op[REPEAT_TAIL], count, end;
  if (at < pos) return -1;
  end = take_run(m, op, pos, (uint32_t)op[2], &count);
  m->steps += (size_t)count;
  if (at > end) return -1;
  for (long i = at; i < end; i++) /* characters given back */
    if ((m->in[i] & 0xC0) != 0x80) count--;
  return (uint32_t)count >= (uint32_t)op[1] ? at : -1;
}

/* Whether the assertion op (OP_BOL, OP_EOL, OP_WORDB) holds at pos. */
static int holds(const vm *m, const int32_t *op, long pos) {
  int bits = op[0] >> 8;
  long x;
  switch (op[0] & 0xFF) {
    case OP_BOL:
      return pos == 0 || ((bits & B_MULTI) && is_line_term(read_cp(m, pos, 1, &x)));
    case OP_EOL:
      return pos == m->n || ((bits & B_MULTI) && is_line_term(read_cp(m, pos, 0, &x)));
    default: { /* OP_WORDB */
      int icase = bits & B_ICASE;
      int a = is_word(read_cp(m, pos, 1, &x), icase);
      int b = is_word(read_cp(m, pos, 0, &x), icase);
      return (a != b) != !!(bits & B_NEG);
    }
  }
}

/*
** run() for a linear program (tune()): it has one way through, so it
** needs no backtracking and no step count (its work is bounded by the
** program and the input).  Returns 1 (*end the position) or 0.
*/
static int run_linear(vm *m, long pos, long *end) {
  for (const int32_t *op = m->re->prog;;) {
    switch (op[0] & 0xFF) {
      case OP_MATCH:
        *end = pos;
        return 1;
      case OP_SAVE:
        m->caps[op[1]] = pos;
        op += 2;
        continue;
      case OP_CHAR:
      case OP_ANY:
      case OP_SET:
        if ((pos = match_char(m, op, pos)) < 0) return 0;
        op += op_len(op[0]);
        continue;
      case OP_STR:
        if ((pos = match_str(m, op, pos)) < 0) return 0;
        op += op_len(op[0]);
        continue;
      case OP_REPEAT: {
        long count;
        pos = take_run(m, op, pos, (uint32_t)op[2], &count);
        if ((uint32_t)count < (uint32_t)op[1]) return 0;
        op += repeat_len(op);
        continue;
      }
      default: /* OP_BOL, OP_EOL, OP_WORDB */
        if (!(pos == 0 && (op[0] & 0xFF) == OP_BOL) &&
            !(pos == m->n && (op[0] & 0xFF) == OP_EOL) && !holds(m, op, pos))
          return 0;
        op++;
        continue;
    }
  }
}

/* Sets caps[slot] = v, remembering the old value. */
static inline int set_slot(vm *m, long *arr, int kind, long slot, long v) {
  if (push(m, kind, 0, arr[slot], slot) < 0) return -1;
  arr[slot] = v;
  return 0;
}

/*
** After a lookaround's body matched: of the entries above mark, keeps the
** undo log (BT_SLOT, BT_REG) and drops the alternatives (undo: restores
** what the log saved and drops it all).
*/
static void keep_undo_log(vm *m, size_t mark, int undo) {
  size_t k = mark;
  if (undo) {
    while (m->top > mark) {
      const bt *b = &m->stack[--m->top];
      if (b->kind == BT_SLOT) m->caps[b->a] = b->pos;
      else if (b->kind == BT_REG) m->regs[b->a] = b->pos;
    }
    return;
  }
  for (size_t i = mark; i < m->top; i++)
    if (m->stack[i].kind == BT_SLOT || m->stack[i].kind == BT_REG)
      m->stack[k++] = m->stack[i];
  m->top = k;
}

/* The one exit for the step limit: whether the work so far is over it
   (m->err then set). */
static inline int out_of_steps(vm *m) {
  if (m->steps <= m->max_steps) return 0;
  m->err = URL_STEP_LIMIT;
  return 1;
}

/*
** BackreferenceMatcher: the group of that number (or name) that
** participated; an unset group matches the empty string.  Returns the
** position past it, or -1.  Each byte compared is a step.
*/
static long match_backref(vm *m, const int32_t *op, long pos) {
  int bits = op[0] >> 8, back = bits & B_BACK;
  const uint32_t *list = m->re->refs + op[1];
  long s = -1, e = -1;
  for (uint32_t k = 1; k <= list[0]; k++) {
    uint32_t g = list[k];
    if (m->caps[2 * g] >= 0 && m->caps[2 * g + 1] >= 0) {
      s = m->caps[2 * g];
      e = m->caps[2 * g + 1];
      break;
    }
  }
  if (s < 0) return pos;
  m->steps += (size_t)(e - s);
  long p = pos, q = back ? e : s;
  while (back ? q > s : q < e) {
    long qn, pn;
    int32_t a = read_cp(m, q, back, &qn);
    int32_t b = read_cp(m, p, back, &pn);
    if (b < 0 || (bits & B_ICASE ? fold((uint32_t)a) != fold((uint32_t)b) : a != b))
      return -1;
    q = qn;
    p = pn;
  }
  return p;
}

/*
** repeat_enter() while memoizing, for a REPEAT with no maximum: the memo
** point at pc + 1 is "the REPEAT past its minimum at a position", whose
** every try on (more characters, or what follows there) depends on the
** position alone.  Lazy: repeat_retry() notes each position.  Greedy,
** possessive or before fixed text up to `$`: the run is taken a character
** at a time, noting each position, up to one noted before: every try from
** there on was made, so the run ends before it (a greedy REPEAT tried
** again at each position of a run takes its run's rest once, not again
** and again).  Returns 1 (*pos past what it took), 0 or -1, as
** repeat_enter().
*/
static int repeat_enter_memo(vm *m, const int32_t *op, size_t pc, long *pos) {
  int bits = op[0] >> 8;
  uint32_t min = (uint32_t)op[1];
  long count, p = take_run(m, op, *pos, min, &count);
  m->steps += (size_t)count;
  if ((uint32_t)count < min) return 0;
  if (!(bits & (B_GREEDY | B_POSSESSIVE))) {
    if (memo_seen(m, pc + 1, p)) return 0;
    if (!may_follow(m, op, p) && !repeat_retry(m, op, pc, &p, &count)) return 0;
    *pos = p;
    return push(m, BT_REPEAT, (int32_t)pc, p, count) < 0 ? -1 : 1;
  }
  long first = p, last = p, next;
  int seen;
  while (!(seen = memo_seen(m, pc + 1, p))) {
    last = p;
    if ((next = match_char(m, op + REPEAT_ATOM, p)) < 0) break;
    p = next;
    count++;
    m->steps++;
  }
  if (seen) {
    if (p == first || (bits & B_POSSESSIVE)) return 0; /* nothing new */
    count--;
  }
  if (op[REPEAT_TAIL] >= 0) { /* the one place what follows can start */
    long at = m->n - op[REPEAT_TAIL];
    if (at < first || at > last) return 0;
    *pos = at;
    return 1;
  }
  *pos = last;
  if (bits & B_POSSESSIVE) return 1;
  if (!may_follow(m, op, last) && !repeat_retry(m, op, pc, pos, &count)) return 0;
  if ((uint32_t)count > min && push(m, BT_REPEAT, (int32_t)pc, *pos, count) < 0) return -1;
  return 1;
}

/*
** OP_REPEAT at pc from *pos: as many as it may (greedy, possessive) or
** must (lazy), with an entry to try other counts unless possessive.
** Returns 1 (*pos past them), 0 (no way) or -1 (error).
*/
static int repeat_enter(vm *m, const int32_t *op, size_t pc, long *pos) {
  int bits = op[0] >> 8;
  uint32_t min = (uint32_t)op[1], max = (uint32_t)op[2];
  long count;
  if (m->memo && m->re->memo_at[pc + 1] >= 0) return repeat_enter_memo(m, op, pc, pos);
  if (op[REPEAT_TAIL] >= 0) /* what follows can start at one place */
    return (*pos = repeat_to_tail(m, op, *pos)) >= 0;
  uint32_t want = bits & (B_GREEDY | B_POSSESSIVE) ? max : min;
  *pos = take_run(m, op, *pos, want, &count);
  m->steps += (size_t)count;
  if ((uint32_t)count < min) return 0;
  if (bits & B_POSSESSIVE) return 1;
  if (!may_follow(m, op, *pos) && !repeat_retry(m, op, pc, pos, &count)) return 0;
  if ((bits & B_GREEDY) ? (uint32_t)count > min : (uint32_t)count < max)
    if (push(m, BT_REPEAT, (int32_t)pc, *pos, count) < 0) return -1;
  return 1;
}

/*
** Backtracks to the newest alternative above base: undoes what the log
** saved on the way and resumes at *pc, *pos.  Returns 1, or 0 when no
** alternative is left.
*/
static int backtrack(vm *m, size_t base, size_t *pc, long *pos) {
  for (;;) {
    if (m->top == base) return 0;
    bt *b = &m->stack[--m->top];
    if (b->kind == BT_SLOT) {
      m->caps[b->a] = b->pos;
      continue;
    }
    if (b->kind == BT_REG) {
      m->regs[b->a] = b->pos;
      continue;
    }
    m->steps++;
    if (!m->memo && m->steps >= m->memo_after) memo_start(m);
    if (b->kind == BT_BRANCH) {
      *pc = (size_t)b->pc;
      *pos = b->pos;
      return 1;
    }
    /* BT_REPEAT: its next try, if any is left (the entry stays for the
       one after) */
    const int32_t *rop = m->re->prog + b->pc;
    long count = b->a, p = b->pos;
    if (!repeat_retry(m, rop, (size_t)b->pc, &p, &count)) continue;
    if (rop[0] >> 8 & B_GREEDY ? (uint32_t)count > (uint32_t)rop[1]
                               : (uint32_t)count < (uint32_t)rop[2]) {
      b->pos = p;
      b->a = count;
      m->top++;
    }
    *pc = (size_t)b->pc + repeat_len(rop);
    *pos = p;
    return 1;
  }
}

static int run(vm *m, size_t pc, long pos, long *end);

/*
** OP_LOOK at pc: runs the body at pos.  Lookarounds are atomic: the first
** way the body matches is kept (with its captures), never revisited; the
** body's undo log stays (keep_undo_log).  Returns 1 (go on past it), 0
** (fail) or -1 (error).
*/
static int look(vm *m, const int32_t *op, size_t pc, long pos) {
  size_t mark = m->top;
  long e;
  int rc = run(m, pc + 2, pos, &e);
  if (rc < 0) return -1;
  int neg = op[0] >> 8 & B_NEG;
  if (rc > 0) keep_undo_log(m, mark, neg);
  return (rc > 0) != !!neg;
}

/*
** Runs the program from pc at pos until OP_MATCH or OP_LOOK_END (1, with
** *end the position), or until every alternative failed (0); -1 on error
** (m->err).  Backtracking entries above the stack's height at entry are
** its own.  Each op and each backtrack is a step; work that grows with
** the input or the program (a run of characters, a backreference, a
** reset of groups) counts what it does.
*/
static int run(vm *m, size_t pc, long pos, long *end) {
  const int32_t *prog = m->re->prog;
  size_t base = m->top;
  for (;;) {
    m->steps++;
    if (out_of_steps(m)) return -1;
    const int32_t *op = prog + pc;
    int rc = 1; /* 0: this way fails; -1: an error */
    if (memo_seen(m, pc, pos)) { /* its every way on failed before */
      if (!backtrack(m, base, &pc, &pos)) return 0;
      continue;
    }
    switch (op[0] & 0xFF) {
      case OP_MATCH:
      case OP_LOOK_END:
        *end = pos;
        return 1;
      case OP_CHAR:
      case OP_ANY:
      case OP_SET:
        rc = (pos = match_char(m, op, pos)) >= 0;
        pc += op_len(op[0]);
        break;
      case OP_STR:
        rc = (pos = match_str(m, op, pos)) >= 0;
        pc += op_len(op[0]);
        break;
      case OP_BOL:
      case OP_EOL:
      case OP_WORDB:
        rc = holds(m, op, pos);
        pc++;
        break;
      case OP_SPLIT_NEXT: /* try the next op first */
        rc = push(m, BT_BRANCH, op[1], pos, 0) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_SPLIT_JUMP:
        rc = push(m, BT_BRANCH, (int32_t)(pc + 2), pos, 0) < 0 ? -1 : 1;
        pc = (size_t)op[1];
        break;
      case OP_JMP:
        pc = (size_t)op[1];
        break;
      case OP_SAVE:
        rc = set_slot(m, m->caps, BT_SLOT, op[1], pos) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_RESET: /* a step per group it looks at */
        m->steps += (size_t)(op[2] - op[1]) / 2;
        for (long k = op[1]; k <= op[2] && rc > 0; k++)
          if (m->caps[k] != -1 && set_slot(m, m->caps, BT_SLOT, k, -1) < 0) rc = -1;
        pc += 3;
        break;
      case OP_LOOP_INIT:
        rc = set_slot(m, m->regs, BT_REG, op[1], 0) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_LOOP: {
        /* RepeatMatcher: regs[r] iterations done so far */
        long k = m->regs[op[1]];
        uint32_t min = (uint32_t)op[2], max = (uint32_t)op[3];
        size_t body = pc + 5, exit = (size_t)op[4];
        if (max != INF && (uint32_t)k >= max) {
          pc = exit;
        } else if ((uint32_t)k < min) {
          pc = body;
        } else if (memo_seen(m, pc + 1, pos)) { /* past its minimum here before */
          rc = 0;
        } else if (op[0] >> 8 & B_GREEDY) {
          rc = push(m, BT_BRANCH, (int32_t)exit, pos, 0) < 0 ? -1 : 1;
          pc = body;
        } else {
          rc = push(m, BT_BRANCH, (int32_t)body, pos, 0) < 0 ? -1 : 1;
          pc = exit;
        }
        break;
      }
      case OP_LOOP_START: /* the iteration's start, for LOOP_END */
        rc = set_slot(m, m->regs, BT_REG, op[1] + 1, pos) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_LOOP_END: {
        long r = op[1], k = m->regs[r];
        /* an iteration past the minimum must not match the empty string */
        if ((uint32_t)k >= (uint32_t)op[2] && pos == m->regs[r + 1]) rc = 0;
        else rc = set_slot(m, m->regs, BT_REG, r, k + 1) < 0 ? -1 : 1;
        pc = (size_t)op[3];
        break;
      }
      case OP_REPEAT:
        rc = repeat_enter(m, op, pc, &pos);
        pc += repeat_len(op);
        break;
      case OP_BACKREF:
        rc = (pos = match_backref(m, op, pos)) >= 0;
        pc += 2;
        break;
      case OP_LOOK:
        rc = look(m, op, pc, pos);
        pc = (size_t)op[1];
        break;
    }
    if (rc < 0) return -1;
    if (rc == 0 && !backtrack(m, base, &pc, &pos)) return 0;
  }
}

int pat_regex_exec(const pat_regex *re, const char *in, size_t n, long *caps,
                   size_t max_steps) {
  size_t nslots = 2 * ((size_t)re->ngroups + 1);
  long end = 0;
  if (re->linear && re->anchored) { /* one try, one way: no stack, no regs */
    vm m = {.re = re, .in = (const unsigned char *)in, .n = (long)n, .caps = caps};
    for (size_t k = 0; k < nslots; k++) caps[k] = -1;
    if (run_linear(&m, 0, &end)) return URL_OK;
    for (size_t k = 0; k < nslots; k++) caps[k] = -1;
    return URL_FAILURE;
  }
  /* the loops' registers follow the captures in the caller's slots (each
     is set before it is read: LOOP_INIT, LOOP_START) */
  long *regs = caps + nslots;
  for (uint32_t k = 0; k < re->nregs; k++) regs[k] = 0;
  bt stack_st[128];
  vm m = {.re = re, .in = (const unsigned char *)in, .n = (long)n,
          .caps = caps, .regs = regs, .stack = stack_st, .cap = 128,
          .inline_stack = stack_st,
          .max_steps = max_steps ? max_steps : PAT_DEFAULT_STEPS + 64 * n,
          .memo_after = !re->nmemo ? SIZE_MAX : re->memo_now ? 0 : MEMO_AFTER + 4 * n};
  int rc = 0;
  /* RegExpBuiltinExec: try each index from lastIndex 0 */
  for (long start = 0; start <= (long)n; start++) {
    for (size_t k = 0; k < nslots; k++) caps[k] = -1;
    m.steps += nslots / 2; /* the reset is work too */
    m.top = 0;
    rc = run(&m, 0, start, &end);
    if (rc != 0 || re->anchored) break;
    if (start < (long)n) /* to the next code point */
      while (start + 1 < (long)n && (m.in[start + 1] & 0xC0) == 0x80) start++;
  }
  if (m.stack != stack_st) re->mem->release(m.stack);
  if (m.memo) re->mem->release(m.memo);
  if (rc < 0) return m.err;
  return rc ? URL_OK : URL_FAILURE;
}
