/*
** The parser of the regular-expression engine (regex_internal.h): the
** grammar of ECMA-262 §22.2.1 with UnicodeSetsMode (the `v` flag), no
** Annex B, from UTF-8 source to a tree of nodes.  Character classes are
** built here as sorted ranges (cset), with `v`'s nested classes, `--`,
** `&&`, `\q{...}` and the property escapes of uprops.h.
**
**   SELECT url_pattern_test('https://x.test/books/:id(\d+)',
**                           'https://x.test/books/12');  -- 1
*/
#include <stdlib.h>
#include <string.h>

#include "regex_internal.h"

#include "id_tables.h"
#include "percent.h"
#include "uprops.h"
#include "utf8.h"

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

int pat_re_fail(parser *p, const char *msg) {
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
      if (re_is_alpha(l)) {
        p->i++;
        return l % 32;
      }
      return -1;
    }
    case '0':
      if (re_is_digit(peek(p))) return -1;
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
  if (!eat(p, '{')) return pat_re_fail(p, "invalid property name");
  size_t start = p->i;
  int32_t c;
  while ((c = peek(p)) >= 0 && c < 0x80 &&
         (re_is_alpha(c) || re_is_digit(c) || c == '_' || c == '='))
    p->i++;
  size_t end = p->i;
  if (!eat(p, '}') || end == start) return pat_re_fail(p, "invalid property name");
  int k = pat_uprop_find((const char *)p->s + start, end - start);
  if (k == PAT_UPROP_STRINGS)
    return pat_re_fail(p, "Unicode properties of strings are not supported");
  if (k < 0) return pat_re_fail(p, "invalid property name");
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
  if (++p->depth > MAX_DEPTH) return pat_re_fail(p, "classes nested too deeply");
  int neg = eat(p, '^');
  int rc = class_contents(p, s);
  if (rc == 0 && !eat(p, ']')) rc = pat_re_fail(p, "unterminated character class");
  if (rc == 0 && neg) {
    if (cset_has_strings(s))
      rc = pat_re_fail(p, "negated character class may contain strings");
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
      if (!eat(p, '{')) return pat_re_fail(p, "invalid escape \\q");
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
          return pat_re_fail(p, "invalid class string");
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
    if (ch < 0) return pat_re_fail(p, "invalid escape in character class");
    *single = ch;
    return 0;
  }
  if (c < 0) return pat_re_fail(p, "unterminated character class");
  if (is_double_punct(p)) return pat_re_fail(p, "invalid set operation in character class");
  if (c < 128 && strchr("()[]{}/-|", (int)c) && c)
    return pat_re_fail(p, "invalid character in character class");
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
    if (peek(p) < 0) return pat_re_fail(p, "unterminated character class");
    int32_t c = peek(p), c2 = peek_at(p, p->i + 1);
    if ((c == '&' && c2 == '&') || (c == '-' && c2 == '-')) {
      /* an operator: only between operands, all of one kind */
      if (operands != 1 && op != c) return pat_re_fail(p, "invalid set operation in character class");
      if (operands == 0 || last_was_range) return pat_re_fail(p, "invalid set operation in character class");
      if (op == 0 && operands > 1) return pat_re_fail(p, "invalid set operation in character class");
      op = c;
      p->i += 2;
      if (c == '&' && peek(p) == '&') return pat_re_fail(p, "invalid set operation in character class");
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
    if (op) return pat_re_fail(p, "invalid set operation in character class");
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
        rc = pat_re_fail(p, "invalid character class range");
      } else {
        rc = class_operand(p, &none, &hi);
        if (rc == 0 && hi < 0) rc = pat_re_fail(p, "invalid character class range");
        if (rc == 0 && hi < single) rc = pat_re_fail(p, "range out of order in character class");
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
      if (next_cp(p) != 'u') return pat_re_fail(p, "invalid group name");
      c = unicode_escape(p);
    }
    if (c < 0 || !(first ? pat_is_id_start((uint32_t)c) : pat_is_id_part((uint32_t)c)))
      return pat_re_fail(p, "invalid group name");
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
      return pat_re_fail(p, "duplicate capture group name");
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
  while (re_is_digit(peek(p))) {
    v = v * 10 + (uint64_t)(next_cp(p) - '0');
    if (v > INF - 1) v = INF - 1;
    any = 1;
  }
  if (!any) return -1;
  *min = *max = (uint32_t)v;
  if (eat(p, ',')) {
    *max = INF;
    if (re_is_digit(peek(p))) {
      v = 0;
      while (re_is_digit(peek(p))) {
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
      if ((add | rem) & f) return pat_re_fail(p, "repeated modifier");
      *cur |= f;
    } else if (c == '-' && !dash) {
      dash = 1;
      cur = &rem;
    } else if (c == ':') {
      break;
    } else {
      return pat_re_fail(p, "invalid group");
    }
  }
  if (dash && !add && !rem) return pat_re_fail(p, "invalid modifiers");
  *flags = (*flags | add) & ~rem;
  return 1;
}

/*
** A group after "(": capturing, named, non-capturing with modifiers, or a
** lookaround (*quantifiable 0).  The node, or -1.
*/
static int32_t group_atom(parser *p, int *quantifiable) {
  if (++p->depth > MAX_DEPTH) return pat_re_fail(p, "groups nested too deeply");
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
      if (p->ngroups == PAT_MAX_GROUPS) return pat_re_fail(p, "too many capturing groups (at most 255)");
      group = (int32_t)++p->ngroups;
      if (add_group_name(p, off, len, (uint32_t)group) < 0) return -1;
    } else {
      int f = p->flags, m = modifiers(p, &f);
      if (m < 0) return -1;
      if (m == 0) return pat_re_fail(p, "invalid group");
      p->flags = f;
    }
  } else {
    if (p->ngroups == PAT_MAX_GROUPS) return pat_re_fail(p, "too many capturing groups (at most 255)");
    group = (int32_t)++p->ngroups;
  }
  int32_t body = disjunction(p);
  p->flags = saved;
  if (body < 0) return -1;
  if (!eat(p, ')')) return pat_re_fail(p, "unterminated group");
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
    while (re_is_digit(peek(p))) {
      v = v * 10 + (uint64_t)(next_cp(p) - '0');
      if (v > INF) v = INF;
    }
    if (v > p->total_groups) return pat_re_fail(p, "invalid backreference");
    if ((atom = new_node(p, N_BACKREF)) < 0) return -1;
    N(p, atom)->a = (uint32_t)ARR_N(p->refs, uint32_t);
    uint32_t one = 1, g = (uint32_t)v;
    arr_push(&p->refs, &one, sizeof one);
    arr_push(&p->refs, &g, sizeof g);
    return atom;
  }
  if (e == 'k') {
    if (!eat(p, '<')) return pat_re_fail(p, "invalid named reference");
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
  if (ch < 0) return pat_re_fail(p, "invalid escape");
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
      return pat_re_fail(p, "incomplete quantifier");
    }
    if (min > max) return pat_re_fail(p, "numbers out of order in quantifier");
    p->i--; /* so that the common step below eats the '}' */
  } else {
    return atom;
  }
  p->i++;
  if (!quantifiable) return pat_re_fail(p, "nothing to repeat");
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
      return pat_re_fail(p, "nothing to repeat");
    case ')': case ']': case '}': case '|':
      return pat_re_fail(p, "lone quantifier bracket");
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
    if (!count) return pat_re_fail(p, "invalid named capture referenced");
    ARR_AT(p->refs, uint32_t, list) = count;
    N(p, (int32_t)rec[0])->a = list;
  }
  return 0;
}

void pat_re_parser_free(parser *p) {
  url_buf_free(&p->nodes);
  url_buf_free(&p->sets);
  url_buf_free(&p->names);
  url_buf_free(&p->gnames);
  url_buf_free(&p->paths);
  url_buf_free(&p->stack);
  url_buf_free(&p->refs);
  url_buf_free(&p->refnames);
}


void pat_re_parser_init(parser *p, const char *src, size_t n, int flags,
                        const url_allocator *mem, char *err, size_t errn) {
  *p = (parser){.s = (const unsigned char *)src, .n = n, .mem = mem,
                .flags = flags & PAT_RE_ICASE ? F_ICASE : 0, .err = err,
                .errn = errn};
  arr_init(&p->nodes, mem);
  arr_init(&p->sets, mem);
  arr_init(&p->names, mem);
  arr_init(&p->gnames, mem);
  arr_init(&p->paths, mem);
  arr_init(&p->stack, mem);
  arr_init(&p->refs, mem);
  arr_init(&p->refnames, mem);
}

int32_t pat_re_parse(parser *p) {
  p->total_groups = count_groups(p->s, p->n);
  int32_t root = disjunction(p);
  if (root >= 0 && p->i < p->n)
    root = pat_re_fail(p, peek(p) == ')' ? "unmatched ')'" : "lone quantifier bracket");
  if (root >= 0 && resolve_refs(p) < 0) root = -1;
  if (root >= 0 && bufs_err(p)) root = oom(p);
  return root;
}
