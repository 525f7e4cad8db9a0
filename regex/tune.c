/*
** The tuner of the regular-expression engine (regex_internal.h): a pass
** over a compiled program that gives the same results faster.  Each
** REPEAT gets the ASCII map of what it takes and of what may follow it;
** one whose characters can never start what follows takes its whole run
** and never gives back (possessive); fixed text up to `$` after it is
** noted (its tail); and a program with one way through is marked linear
** (exec.c runs it without a stack).
*/
#include <string.h>

#include "regex_internal.h"

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
void pat_re_tune(pat_regex *re, int untuned) {
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

