/*
** What the files of the regular-expression engine share (regex.h is its
** interface): the parser's tree, the program's ops, the compiled program,
** and the small helpers the stages have in common.
**
**   parse.c    source -> tree (ECMA-262 §22.2.1, UnicodeSetsMode)
**   compile.c  tree -> program; pat_regex_compile, the getters, the dump
**   tune.c     the shortcuts worked out in a compiled program
**   exec.c     the backtracking and straight-line machines (§22.2.2)
**
** In all: ECMAScript regular expressions with the `v` flag: a parser
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
#ifndef PAT_REGEX_INTERNAL_H
#define PAT_REGEX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "regex.h"
#include "url_buf.h"

#define INF UINT32_MAX
#define MAX_DEPTH 128      /* nesting of groups, classes and quantifiers */
#define MAX_CP 0x10FFFF

/* ------------------------------------------------------------ buffers */

/* A growable array in a url_buf (bytes), of elements of size sz. */
#define ARR_AT(b, T, i) (((T *)(void *)(b).ptr)[i])
#define ARR_N(b, T) ((b).len / sizeof(T))

static inline void arr_push(url_buf *b, const void *x, size_t sz) {
  url_buf_append(b, x, sz);
}

static inline void arr_init(url_buf *b, const url_allocator *mem) {
  url_buf_init(b, mem, NULL, 0, (size_t)1 << 30);
}

/* -------------------------------------------------------- case folding */

/* Canonicalize(rer, ch) for `i` with `v` (simple case folding), exact for
   the code points whose folding is ASCII. */
static inline uint32_t fold(uint32_t c) {
  if (c - 'A' < 26) return c + 32;
  if (c == 0x212A) return 'k';
  if (c == 0x017F) return 's';
  return c;
}
/* --------------------------------------------------------- char sets */

/* --------------------------------------------------------- char sets */

typedef struct rng {
  uint32_t lo, hi;
} rng;

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

static inline node *N(parser *p, int32_t i) { return &ARR_AT(p->nodes, node, i); }

static inline int re_is_digit(int32_t c) { return c >= '0' && c <= '9'; }
static inline int re_is_alpha(int32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

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
extern const unsigned char pat_re_op_size[];
extern const char *const pat_re_op_name[];
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


static inline int in_set(const pat_regex *re, int32_t set, uint32_t c) {
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

static inline int is_line_term(int32_t c) {
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

/* The length in words of the op whose word is w (OP_REPEAT: of its head,
   repeat_len() the whole). */
static inline size_t op_len(int32_t w) {
  if ((w & 0xFF) == OP_STR) return 1 + (STR_LEN(w) + 3) / 4;
  if ((w & 0xFF) == OP_REPEAT) return REPEAT_ATOM;
  return pat_re_op_size[w & 0xFF];
}

static inline size_t repeat_len(const int32_t *op) {
  return REPEAT_ATOM + op_len(op[REPEAT_ATOM]);
}


/* parse.c: parses p->s[0..p->n) (p set up by pat_re_parser_init) into
   p's tree.  Returns the root node, or -1 with p->failed set. */
void pat_re_parser_init(parser *p, const char *src, size_t n, int flags,
                        const url_allocator *mem, char *err, size_t errn);
int32_t pat_re_parse(parser *p);
void pat_re_parser_free(parser *p);
/* Fails p with a syntax error msg (the first one stays).  Returns -1. */
int pat_re_fail(parser *p, const char *msg);

/* tune.c: works out each REPEAT's maps and the program's shortcuts. */
void pat_re_tune(pat_regex *re, int untuned);

#endif /* PAT_REGEX_INTERNAL_H */
